"""Cascading bandits with the top-K shown in ascending index order (source 003, "Cascading bandits").

Source ``003_f899901a464da92a.txt`` (lines 200-204, 513): "Есть две стратегии того, как можно показывать
топ k документов по UCB: 1. По возрастанию UCB (первый — с самой низкой UCB) 2. По убыванию … На
симулированных экспериментах вариант 1 был лучше, но почему авторы объяснить не смогли."

``CascadeUCB1-ascending`` and ``CascadeKL-UCB-ascending`` choose exactly the K items of
``CascadeUCB1`` / ``CascadeKL-UCB`` (same index, same tie draws: the kernels of
:mod:`clickbound.sim.policies.cascade` and :mod:`clickbound.sim.policies.dcm` are called) and show them in
*reverse* order: lowest index on top.  Update as the originals (positions up to the first click).  Under the
cascade model the expected reward of a set does not depend on its order (CAS-OPT), so the two variants differ
only through what the first-click feedback reveals: shown ascending, the items the policy is least sure are
good sit on top and are examined most.
"""
from __future__ import annotations

import numba
import numpy as np

from clickbound.sim.policies.cascade import CascadeUCB1
from clickbound.sim.policies.cascade import _select as _ucb1_select
from clickbound.sim.policies.dcm import CascadeKLUCB
from clickbound.sim.policies.dcm import _select as _kl_select
from clickbound.sim.policies.dcm import _select_lazy as _kl_select_lazy
from clickbound.sim.policies.registry import register_policy


@numba.njit
def _reverse(A):
    K = A.shape[0]
    for k in range(K // 2):
        tmp = A[k]
        A[k] = A[K - 1 - k]
        A[K - 1 - k] = tmp


@numba.njit(error_model="numpy")
def _ucb1_select_asc(state, t, rng, A):
    _ucb1_select(state, t, rng, A)
    _reverse(A)


@numba.njit(error_model="numpy")
def _kl_select_asc(state, t, rng, A):
    _kl_select(state, t, rng, A)
    _reverse(A)


@numba.njit(error_model="numpy")
def _kl_select_lazy_asc(state, t, rng, A):
    _kl_select_lazy(state, t, rng, A)
    _reverse(A)


@register_policy("CascadeUCB1-ascending", models=("cascade", "dcm"))
class CascadeUCB1Ascending(CascadeUCB1):
    """CascadeUCB1's top K shown lowest index first (module docstring)."""

    kernel_select = _ucb1_select_asc

    def select(self, t):
        return super().select(t)[::-1].copy()


@register_policy("CascadeKL-UCB-ascending", models=("cascade", "dcm"))
class CascadeKLUCBAscending(CascadeKLUCB):
    """CascadeKL-UCB's top K shown lowest index first (module docstring)."""

    kernel_select = _kl_select_asc

    @classmethod
    def kernel_functions(cls, lazy: bool = True):
        return cls.kernel_init, (_kl_select_lazy_asc if lazy else _kl_select_asc), cls.kernel_update

    def select(self, t):
        return np.asarray(super().select(t))[::-1].copy()
