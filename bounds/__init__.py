"""clickbound.bounds — closed-form regret bounds as plain functions of an instance.

Shared mathematical definitions live here too, because ``lemmas`` and ``sim``
both use them and the project keeps one of each: :mod:`clickbound.bounds.kl` (the one
Bernoulli KL and KL-UCB index) and :mod:`clickbound.bounds.click` (the one ``V`` and the
click-model rewards).

Importing this package points numba's on-disk cache at a folder keyed by the source of every
kernel (:mod:`clickbound.bounds.jitcache`), before any kernel here or in ``sim`` is compiled.
"""
from clickbound.bounds.jitcache import configure as _configure_jit_cache

_configure_jit_cache()
