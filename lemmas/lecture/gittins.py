"""For which objective is the Gittins index policy optimal? (source 003, lines 41-43): GITTINS-*.

Source ``003_f899901a464da92a.txt``, "Варианты решения SMAB": "В случае λ < 1 и байесовской постановки …
можно показать (Gittins), что существует оптимальная стратегия игры (максимизирующая G(T), при этом не
ассимптотически). Для каждой ручки надо вычислять … gittins index и брать ручку с максимальным значением
индекса", with ``G(T) = E Σ_(t=1)^T λ^t g_t`` (line 24).  Two Bernoulli arms with Beta priors; indices are
certified brackets from :mod:`clickbound.bounds.gittins` (a comparison is used only when the brackets are
disjoint).

* **GITTINS-OPT/finite-T-two-unknown** (expected false) — for every finite ``T`` the index policy maximises
  ``G(T)``: refuted in exact rationals on arms Beta(1, 1) and Beta(11, 9) at ``λ = 9/10`` (the index policy
  plays the uncertain arm of smaller mean; the Bayes-optimal ``T``-step value is computed by exact backward
  induction).  The gap is recorded for ``T = 1 … T_MAX``: positive at ``T = 1`` and ``3 … 12``, zero at
  ``T = 2``, not monotone (it must vanish as ``T → ∞``, where the policy is optimal, but slowly).
  (SMAB-GITTINS/finite-horizon, in :mod:`clickbound.lemmas.lecture.smab`, refutes the same reading with a
  known arm at ``T = 1``.)
* **GITTINS-OPT/infinite** (expected true; *checked*) — for the infinite-horizon discounted objective, at every
  posterior state of two Beta(1, 1) arms with at most ``M_CHECK`` pulls, the arm of larger Gittins index is
  Bayes-optimal: the Bayes-optimal Q-values are bracketed by a depth-``N`` truncated dynamic program
  (terminal values ``max(μ_1, μ_2)/(1 − λ)`` and ``1/(1 − λ)``), and no state has the index arm's upper
  Q-bracket below the other arm's lower one; the states where the Q-brackets are disjoint (the optimal action
  is certified) all agree with the index.  Gittins' theorem itself is cited, not re-proved.

ERR-003-GITTINS-TWO-UNKNOWN-FINITE-T merged into ERR-003-GITTINS-FINITE-HORIZON (errata review): same sentence
('существует оптимальная стратегия игры (максимизирующая G(T) …)'), same error; the two-unknown-arms instance
GITTINS-OPT/finite-T-two-unknown is now that erratum's second piece of evidence.
"""
from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache

import numba
import numpy as np

from clickbound.bounds.gittins import index_bracket, index_table
from clickbound.lemmas.engine.registry import register
from clickbound.lemmas.support.kit import checked, claim_family, refuted, source

SRC = source("lecture")
LOC = SRC.at("'Варианты решения SMAB' (Gittins, lines 41-43; G(T) = E Σ λ^t g_t, line 24)")
#: the GITTINS-OPT claims: one paragraph of the source, no spec entry, exact computations
claim = claim_family(spec_id=None, source=LOC, kind="computation")

LAM = Fraction(9, 10)
ARMS = ((1, 1), (11, 9))
T_MAX = 12
#: bracket width of the indices used in the comparisons
TOL = 1e-10
#: infinite-horizon check: discount, truncation depth, states checked (total pulls ≤ M_CHECK)
LAM_INF = (0.7, 0.9)
N_TRUNC = {0.7: 80, 0.9: 150}
M_CHECK = 8


# ---------------------------------------------------------------- exact finite-horizon values
@cache
def _bracket(a, b, lam):
    return index_bracket(a, b, lam, TOL)


def _index_order(s1, f1, s2, f2, lam):
    """0 or 1: the arm of larger Gittins index (certified), None if the brackets overlap."""
    b1 = _bracket(ARMS[0][0] + s1, ARMS[0][1] + f1, lam)
    b2 = _bracket(ARMS[1][0] + s2, ARMS[1][1] + f2, lam)
    if b1[0] > b2[1]:
        return 0
    if b2[0] > b1[1]:
        return 1
    return None


def finite_values(T: int, lam: Fraction = LAM):
    """``(V*_T, V^G_T)`` at the root, exact: ``E Σ_(t=1)^T λ^t g_t`` of the Bayes-optimal and the index policy."""
    return finite_table(T, lam)[T]


def finite_table(T_max: int, lam: Fraction = LAM) -> dict:
    """``{T: (V*_T, V^G_T)}`` for ``T = 1 … T_max`` (one memo shared by every horizon)."""
    opt_memo: dict = {}
    git_memo: dict = {}
    order_memo: dict = {}

    def q(state, arm, h, V):
        s1, f1, s2, f2 = state
        a, b = ARMS[arm]
        s, f = (s1, f1) if arm == 0 else (s2, f2)
        mu = Fraction(a + s, a + b + s + f)
        succ = (s1 + 1, f1, s2, f2) if arm == 0 else (s1, f1, s2 + 1, f2)
        fail = (s1, f1 + 1, s2, f2) if arm == 0 else (s1, f1, s2, f2 + 1)
        return lam * (mu + mu * V(succ, h - 1) + (1 - mu) * V(fail, h - 1))

    def v_opt(state, h):
        if h == 0:
            return Fraction(0)
        key = (state, h)
        if key not in opt_memo:
            opt_memo[key] = max(q(state, 0, h, v_opt), q(state, 1, h, v_opt))
        return opt_memo[key]

    def v_git(state, h):
        if h == 0:
            return Fraction(0)
        key = (state, h)
        if key not in git_memo:
            if state not in order_memo:
                order_memo[state] = _index_order(*state, float(lam))
            arm = order_memo[state]
            if arm is None:  # pragma: no cover - overlapping brackets: the instance would need a finer TOL
                raise AssertionError(f"index brackets overlap at {state}")
            git_memo[key] = q(state, arm, h, v_git)
        return git_memo[key]

    root = (0, 0, 0, 0)
    return {T: (v_opt(root, T), v_git(root, T)) for T in range(1, T_max + 1)}


def _finite_decide(budget_s):
    rows = {T: (vo, vg, vo - vg) for T, (vo, vg) in finite_table(T_MAX).items()}
    gaps = [rows[T][2] for T in rows]
    if not gaps[0] > 0:  # pragma: no cover
        raise AssertionError("no gap at T = 1")
    i1 = index_bracket(*ARMS[0], float(LAM), TOL)
    i2 = index_bracket(*ARMS[1], float(LAM), TOL)
    return refuted("exact rationals (backward induction) + certified index brackets",
                   counterexample={"λ": str(LAM), "T": 1, "arms": "Beta(1,1) (mean 1/2) and Beta(11,9) (mean 11/20)",
                                   "index policy plays": "Beta(1,1) (index ≈ 0.7029 > 0.5870)",
                                   "G(1) index policy": str(rows[1][1]), "max G(1)": str(rows[1][0])},
                   **{"index brackets at the root": {"Beta(1,1)": i1, "Beta(11,9)": i2},
                      "T with a positive gap": [T for T, g in zip(rows, gaps) if g > 0],
                      "gap V*_T − V^Gittins_T for T = 1..T_MAX": {T: str(g) for T, g in zip(rows, gaps)},
                      "gap as float": {T: float(g) for T, g in zip(rows, gaps)},
                      "gap non-increasing in T": all(a >= b for a, b in itertools.pairwise(gaps))})


# ---------------------------------------------------------------- infinite horizon, certified brackets
@numba.njit(cache=True)
def _q_brackets(lam, N, M, a1, b1, a2, b2, out):
    """Backward induction over states (s1, f1, s2, f2) with total ≤ N; ``out[s1, f1, s2, f2, :]`` =
    (Q1_lo, Q1_hi, Q2_lo, Q2_hi) for total pulls ≤ M."""
    top = 1.0 / (1.0 - lam)
    lo_n = np.zeros((N + 2, N + 2, N + 2))
    hi_n = np.zeros((N + 2, N + 2, N + 2))
    lo_c = np.zeros((N + 2, N + 2, N + 2))
    hi_c = np.zeros((N + 2, N + 2, N + 2))
    for s1 in range(N + 1):  # level N: terminal bounds
        for f1 in range(N + 1 - s1):
            for s2 in range(N + 1 - s1 - f1):
                f2 = N - s1 - f1 - s2
                m1 = (a1 + s1) / (a1 + b1 + s1 + f1)
                m2 = (a2 + s2) / (a2 + b2 + s2 + f2)
                lo_n[s1, f1, s2] = max(m1, m2) / (1.0 - lam)
                hi_n[s1, f1, s2] = top
    for m in range(N - 1, -1, -1):
        for s1 in range(m + 1):
            for f1 in range(m + 1 - s1):
                for s2 in range(m + 1 - s1 - f1):
                    f2 = m - s1 - f1 - s2
                    m1 = (a1 + s1) / (a1 + b1 + s1 + f1)
                    m2 = (a2 + s2) / (a2 + b2 + s2 + f2)
                    # successors at level m+1 are indexed by (s1, f1, s2); f2 is implied
                    q1l = m1 + lam * (m1 * lo_n[s1 + 1, f1, s2] + (1 - m1) * lo_n[s1, f1 + 1, s2])
                    q1h = m1 + lam * (m1 * hi_n[s1 + 1, f1, s2] + (1 - m1) * hi_n[s1, f1 + 1, s2])
                    q2l = m2 + lam * (m2 * lo_n[s1, f1, s2 + 1] + (1 - m2) * lo_n[s1, f1, s2])
                    q2h = m2 + lam * (m2 * hi_n[s1, f1, s2 + 1] + (1 - m2) * hi_n[s1, f1, s2])
                    lo_c[s1, f1, s2] = max(q1l, q2l)
                    hi_c[s1, f1, s2] = max(q1h, q2h)
                    if m <= M:
                        out[s1, f1, s2, f2, 0] = q1l
                        out[s1, f1, s2, f2, 1] = q1h
                        out[s1, f1, s2, f2, 2] = q2l
                        out[s1, f1, s2, f2, 3] = q2h
        lo_n, lo_c = lo_c, lo_n
        hi_n, hi_c = hi_c, hi_n


#: float slack on Q comparisons (≤ 4N rounding errors on values ≤ 1/(1 − λ))
Q_SLACK = 1e-12


def infinite_check(lam: float, N: int, M: int = M_CHECK) -> dict:
    out = np.full((M + 1,) * 4 + (4,), np.nan)
    _q_brackets(lam, N, M, 1.0, 1.0, 1.0, 1.0, out)
    lo, hi = index_table(lam, 1.0, 1.0, M, TOL)
    n_states = certified_agree = ties = undecided = 0
    bad = []
    width = 0.0
    for s1 in range(M + 1):
        for f1 in range(M + 1 - s1):
            for s2 in range(M + 1 - s1 - f1):
                for f2 in range(M + 1 - s1 - f1 - s2):
                    n_states += 1
                    q1l, q1h, q2l, q2h = out[s1, f1, s2, f2]
                    width = max(width, q1h - q1l, q2h - q2l)
                    if lo[s1, f1] > hi[s2, f2]:
                        arm = 0
                    elif lo[s2, f2] > hi[s1, f1]:
                        arm = 1
                    else:
                        ties += 1  # equal posteriors (or indices within TOL): either arm
                        continue
                    mine_hi, other_lo = (q1h, q2l) if arm == 0 else (q2h, q1l)
                    mine_lo, other_hi = (q1l, q2h) if arm == 0 else (q2l, q1h)
                    if mine_hi + Q_SLACK < other_lo:
                        bad.append(((s1, f1, s2, f2), arm))
                    elif mine_lo > other_hi + Q_SLACK:
                        certified_agree += 1
                    else:
                        undecided += 1
    return {"λ": lam, "truncation depth": N, "states (total pulls ≤ M)": n_states, "M": M,
            "index arm certified optimal": certified_agree, "index tie (brackets overlap)": ties,
            "Q brackets overlap (not decided, not contradicted)": undecided,
            "index arm certified suboptimal": len(bad), "first violations": bad[:5],
            "max Q-bracket width": width}


def _infinite_decide(budget_s):
    reports = [infinite_check(lam, N_TRUNC[lam]) for lam in LAM_INF]
    viol = [r for r in reports if r["index arm certified suboptimal"]]
    if viol:
        return refuted("certified truncated DP",
                       counterexample={"state (s1,f1,s2,f2), index arm": viol[0]["first violations"][0],
                                       "λ": viol[0]["λ"]}, reports=reports)
    return checked("certified truncated dynamic programming + certified index brackets",
                   sample=f"two Beta(1,1) arms, λ ∈ {LAM_INF}, every posterior state with ≤ {M_CHECK} pulls",
                   reports=reports)


@register
def lecture_gittins_claims():
    return [
        claim(id="GITTINS-OPT/finite-T-two-unknown", expected=False,
              statement_text="for λ < 1 and every finite T, the Gittins index policy maximises "
                             "G(T) = E Σ_(t≤T) λ^t g_t (two Bernoulli arms with Beta priors)",
              decide=_finite_decide,
              description="Beta(1,1) vs Beta(11,9) at λ = 9/10: exact Bayes-optimal T-step values vs the "
                          "index policy's, T = 1..12; the gap is positive at T = 1 and 3..12 (0 at T = 2)."),
        claim(id="GITTINS-OPT/infinite", expected=True,
              statement_text="for the infinite-horizon discounted objective E Σ_(t≥1) λ^t g_t, the arm of "
                             "largest Gittins index is a Bayes-optimal action in every posterior state",
              decide=_infinite_decide,
              description="Certified brackets of both arms' Bayes-optimal Q-values (truncated DP) against "
                          "certified index brackets, every state with ≤ 8 pulls, λ = 0.7 and 0.9."),
    ]


