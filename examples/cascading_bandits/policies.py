"""Policies of "Cascading Bandits": CascadeUCB1 and CascadeKL-UCB are the package's own (``sim/policies/cascade.py``,
reference class and numba kernel, tested to agree); this project uses them by name and adds none."""
