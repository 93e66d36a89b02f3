"""The one registry of simulation policies, discovered by module scan (like ``lemmas.engine.registry``).

Every module directly inside :mod:`clickbound.sim.policies` (except this one and ``_``-prefixed ones) is
imported on first use; its classes decorated with :func:`register_policy` become available by
their name to :func:`clickbound.sim.simulate`, the runner and the CLI.  No hand-kept list.

How to add a policy (worked example: :mod:`clickbound.sim.policies.cascade`, ``CascadeUCB1``)
--------------------------------------------------------------------------------
1. **Reference class** (readable, one step at a time), subclass of :class:`Policy`::

       @register_policy("CascadeUCB1", models=("cascade", "dcm"))
       class CascadeUCB1(Policy):
           '''U = ŵ + sqrt(1.5 log t / T) ... ALG-CASUCB1, source 004_d9477b3ebe233f80.txt.
           Policy stream: draws only in tie-breaks (sim.ties).'''
           needs_init = True              # engine calls initialise(x0) with one observation per item
           def __init__(self, L, K, pol_rng, **params): ...   # reject unknown params (ValueError)
           def initialise(self, x0): ...  # x0: int array (L,), item e observed once at the top
           def select(self, t): ...       # -> int array of K distinct items; t = 1, 2, ..., n
           def update(self, t, A, obs): ...   # obs: sim.envs.Observation (clicks, depth)

   Ties: call :func:`clickbound.sim.ties.topk_random_ties(values, K, self.rng)`; draw from ``pol_rng`` only,
   in the order stated in the docstring.
2. **Numba kernel**: three ``@numba.njit`` functions and a state factory, attached as class
   attributes (``staticmethod`` not needed for jitted functions)::

       kernel_state = staticmethod(lambda L, K, **params: (np.zeros(L), ...))  # tuple of arrays
       kernel_init = _ucb1_init          # (state, x0) -> None; default sim.kernels.noop_init
       kernel_select = _ucb1_select      # (state, t, pol_rng, A_out) -> None, fill A_out[:K]
       kernel_update = _ucb1_update      # (state, t, A, clicks, depth) -> None; depth -1 if none

   A policy whose kernels depend on its parameters overrides the classmethod
   ``kernel_functions(**params) -> (init, select, update)`` (dcmKL-UCB picks its lazy or eager
   select this way); the engine always asks it.

   State lives in the arrays of the tuple (scalars would not persist).  Use
   :func:`clickbound.sim.kernels.topk_nb` for ties: it makes the same draws as :func:`clickbound.sim.ties.topk_random_ties`.
   Use the same floating-point operations, in the same order, as the reference class (e.g.
   ``math.log(t)`` for a scalar log in the reference, not ``np.log``), so choices agree exactly.
3. **Registration**: the decorator above; ``models`` lists the environment ``model`` names
   ("cascade", "dcm", "pbm", "depth") the policy accepts.
4. **Agreement test** in ``tests/sim/test_policies_<module>.py``::

       from clickbound.sim.testing import assert_paths_agree
       def test_cascadeucb1_kernel_matches_reference():
           assert_paths_agree(sim.Cascade(w), "CascadeUCB1", K=3, n=2000, seed=1)

   It runs both paths on the same seeds and requires identical lists at every round, identical
   display counts and the same regret.
"""
from __future__ import annotations

import difflib
import importlib
import pkgutil

from clickbound.sim.kernels import noop_init

_POLICIES: dict[str, type] = {}
_IMPORT_ERRORS: dict[str, str] = {}
_LOADED = False


class Policy:
    """Base of every reference policy class; see the module docstring for the contract."""

    name: str = ""
    models: tuple[str, ...] = ()
    #: True for KL-UCB-type policies: the engine feeds one observation of every item first
    needs_init: bool = False
    kernel_init = noop_init
    kernel_select = None
    kernel_update = None

    def __init__(self, L: int, K: int, pol_rng, **params):
        if params:
            raise ValueError(f"{self.name} takes no parameters, got {sorted(params)}")
        self.L, self.K, self.rng = L, K, pol_rng

    def initialise(self, x0) -> None:
        raise NotImplementedError(f"{self.name} has no initialisation phase")

    @staticmethod
    def kernel_state(L: int, K: int, **params) -> tuple:
        raise NotImplementedError

    @classmethod
    def kernel_functions(cls, **params) -> tuple:
        """``(init, select, update)`` of the kernel; a policy may choose them by its parameters."""
        return cls.kernel_init, cls.kernel_select, cls.kernel_update

    def select(self, t: int):
        raise NotImplementedError

    def update(self, t: int, A, obs) -> None:
        raise NotImplementedError


def has_kernel(cls) -> bool:
    """Whether a policy class comes with a numba kernel (else the engine runs its Python class)."""
    return getattr(cls, "kernel_select", None) is not None and getattr(cls, "kernel_update", None) is not None


def register_policy(name: str, models: tuple[str, ...], *, python_only: bool = False):
    """Class decorator: register a reference policy class under ``name``.

    The package's own policies come with a kernel (step 2 of the module docstring) and must declare
    both ``kernel_select`` and ``kernel_update``.  ``python_only=True`` registers a plain Python class
    (a project's policy): ``simulate`` then runs the readable reference loop, one Python call per round
    (about 10-100x slower than a kernel; fine for n ≤ 10^5 and a few runs).  A class that gives a kernel
    anyway is run through it, and :func:`clickbound.sim.testing.assert_paths_agree` compares the two.
    """

    def deco(cls):
        if name in _POLICIES and _POLICIES[name] is not cls:
            raise ValueError(f"policy {name!r} registered twice")
        if not isinstance(cls, type) or not all(callable(getattr(cls, m, None)) for m in ("select", "update")):
            raise ValueError(f"policy {name!r} must be a class with select(t) and update(t, A, obs)")
        kernel = [a for a in ("kernel_select", "kernel_update") if getattr(cls, a, None) is not None]
        if not python_only or kernel:
            for attr in ("kernel_select", "kernel_update", "kernel_init"):
                if getattr(cls, attr, None) is None:
                    raise ValueError(f"policy {name!r} lacks {attr}"
                                     + ("" if python_only else " (a plain Python class: register_policy(..., "
                                                               "python_only=True))"))
        cls.name = name
        cls.models = tuple(models)
        _POLICIES[name] = cls
        return cls

    return deco


def _load() -> None:
    global _LOADED
    if _LOADED:
        return
    pkg = importlib.import_module("clickbound.sim.policies")
    for mod in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
        if mod.ispkg or mod.name.startswith("_") or mod.name == "registry":
            continue
        try:
            importlib.import_module(f"clickbound.sim.policies.{mod.name}")
        except Exception as exc:  # noqa: BLE001 — reported by get_policy/import_errors, never hidden
            # one broken policy module must not take every other policy down with it
            _IMPORT_ERRORS[mod.name] = f"{type(exc).__name__}: {exc}"
    _LOADED = True


def import_errors() -> dict[str, str]:
    """Policy modules that failed to import (module name -> error); empty when all is well."""
    _load()
    return dict(_IMPORT_ERRORS)


def policies() -> dict[str, type]:
    """Every registered policy class by name."""
    _load()
    return dict(_POLICIES)


def get_policy(name: str) -> type:
    """The policy class registered as ``name`` (``KeyError`` listing close matches)."""
    pols = policies()
    if name not in pols:
        close = difflib.get_close_matches(name, list(pols), n=5)
        broken = f"; modules that failed to import: {_IMPORT_ERRORS}" if _IMPORT_ERRORS else ""
        raise KeyError(f"no registered policy {name!r}" + (f"; did you mean {close}?" if close else "")
                       + f" (known: {sorted(pols)}){broken}")
    return pols[name]


#: the claim IDs each registered policy implements or is checked by (the algorithm's ``ALG-…``
#: ID, or the claim family of the result it runs); ``clickbound explain`` reads this, a test checks
#: that every registered policy is listed
SPEC_IDS: dict[str, tuple[str, ...]] = {
    "CascadeUCB1": ("ALG-CASUCB1",),
    "CascadeUCB1-ascending": ("ALG-CASUCB1",),
    "CascadeUCB1-blog": ("ALG-CASUCB1",),
    "CascadeUCB1-blog-fixed-observe": ("ALG-CASUCB1",),
    "CascadeKL-UCB": ("ALG-CASKLUCB",),
    "CascadeKL-UCB-ascending": ("ALG-CASKLUCB",),
    "CascadeUCB-last-click": ("ALG-CASLASTCLICK",),
    "CascadeLinTS": ("ALG-CASLINTS", "LIN-SM"),
    "CascadeLinTS-blog": ("ALG-CASLINTS",),
    "CascadeLinTS-blog-fixed-observe": ("ALG-CASLINTS",),
    "CascadeLinUCB": ("ALG-CASLINUCB",),
    "dcmKL-UCB": ("ALG-DCMKLUCB",),
    "First-click": ("ALG-FIRSTCLICK",),
    "Last-click": ("ALG-LASTCLICK",),
    "RankedKL-UCB": ("ALG-RANKEDKLUCB",),
    "RankedExp3": ("ALG-RANKEDEXP3",),
    "OD-UCB": ("ALG-ODUCB",),
    "OD-TS": ("ALG-ODTS",),
    "PBM-UCB": ("ALG-PBMUCB",),
    "PBM-TS": ("ALG-PBMTS",),
    "UCB1": ("ALG-UCB1",),
    "KL-UCB": ("ALG-KLUCB",),
    "TS": ("ALG-TS",),
    "eps-greedy": ("ALG-EGREEDY",),
    "Gittins": ("GITTINS",),
    "RBA-UCB1": ("RANKED-RBA",),
    "RBA-KL-UCB": ("RANKED-RBA",),
    "RBA-TS": ("RANKED-RBA",),
    "RBA-eps-greedy": ("RANKED-RBA",),
    "RBA-Exp3": ("RANKED-RBA",),
    "DBGD": ("DUEL-REGRET", "DUEL-TDI"),
    "DBGD-balanced": ("DUEL-REGRET", "INTERLEAVE-BALANCED"),
    "MGD": ("DUEL-REGRET",),
}
