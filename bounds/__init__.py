"""clickbound.bounds — closed-form regret bounds as plain functions of an instance.

Shared mathematical definitions live here too, because ``lemmas`` and ``sim``
both use them and the project keeps one of each: :mod:`clickbound.bounds.kl` (the one
Bernoulli KL and KL-UCB index) and :mod:`clickbound.bounds.click` (the one ``V`` and the
click-model rewards).
"""
