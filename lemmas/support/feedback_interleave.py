"""What DBGD and MGD record: the interleaving outcome, and is it unbiased for the preference?

Source ``003_f899901a464da92a.txt``, "Dueling bandits": the comparison of two rankers is
``P(w_1 ≻ w_2) = 1/2 + ε(w_1, w_2)``, and the regret theorem of DBGD assumes a link
"$$P(w_1 > w_2) = \\sigma(v(w_1) - v(w_2))$$" (line 231, again line 550; logistic σ): the probability
that the candidate wins a duel is an increasing function of the utility difference, ``1/2`` exactly at a
tie.  The duel is run by team-draft interleaving, "Один из способов это сделать — TDI" (line 244; line 570:
"по кому больше кликнули — тот и «победил»"; Radlinski, Kurup & Joachims 2008, as recalled); MGD runs
team-draft multileaving (Schuth et al. 2016, as recalled).

**DBGD-balanced** (DBGD with balanced interleaving, Joachims 2002 as recalled; the method
INTERLEAVE-BALANCED/fair shows unfair under random clicks) is decided the same way with its own merge and credit
(:func:`balanced_lists`, :func:`balanced_winner`, cross-checked against the policy class in the tests).

**What is recorded** (:mod:`clickbound.sim.policies.dueling`, cross-checked in
``tests/lemmas/support/test_feedback_rules.py``): each round the rankers' top-K lists are interleaved (DBGD:
current ``w`` = ranker 0 and one candidate; MGD: ranker 0 and ``m = 4`` candidates), the clicks are
counted per team, and candidate ``j`` *wins* iff its team got strictly more clicks than ranker 0's; the
update moves ``w`` toward the winners.  The recorded statistic is the win indicator.

**Claim** ``FB-UNBIASED/<DBGD|MGD|DBGD-balanced>/<model>``: for every pair of rankers (ranker 0 with top-K
list ``A``, a candidate with list ``B``; MGD: the other candidates any lists — the search gives them ``A``'s
list, a candidate direction that leaves the top K unchanged),
``sign(P(B's team wins) − P(A's team wins)) = sign(U(B) − U(A))`` with ``U`` the expected reward of the
ranker's own top-K list under the model (intent: the expected satisfaction), i.e. the recorded
outcome orders the two rankers as their utilities do and is symmetric exactly at a utility tie (what the
link assumption requires of any duel).  Rankers are linear in item features; with one-hot features
(``d = L``) every ordered top-K list is some ranker's, so the quantifier runs over all ordered lists.

**Decision**: exact enumeration in rationals over the policy's interleaving coins (a uniform order of
the ``m + 1`` rankers per multileaving round, each ranker adding its best item not yet shown) and every
click outcome of the model (:func:`clickbound.lemmas.support.feedback_exact.outcomes`), over all ordered pairs
of top-K lists of ``L ≤ 4`` items, ``K ≤ 3`` (:data:`SIZES`, smallest first, stopping after the size and
parameter set where the first reversal occurs), on a few rational parameter sets (:data:`GRID`).  A
*reversal* (the signs differ, both nonzero) is reported if there is one, otherwise a *tie breach*
(utilities tie, the duel does not, or the other way round).

ERR-003-TDI-LINK withdrawn (errata review): the lecture notes state the DBGD theorem under abstract
assumptions ('Существует … utility-functon', 'Существует σ такая, что …') and say only 'Один из способов это
сделать — TDI'; they never claim that a TDI duel on click-model users satisfies the link with v = the expected
click reward. The reversals FB-UNBIASED/DBGD/*, MGD/*, DBGD-balanced/* stay as the project's own finding about
DBGD/MGD with interleaving.
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import sympy as sp

from clickbound.lemmas.support.feedback_exact import outcomes, reward
from clickbound.lemmas.support.kit import Outcome, checked, refuted

R = sp.Rational
#: candidates of MGD (sim.policies.dueling default n_candidates = 4) and DBGD
N_CANDIDATES = {"DBGD": 1, "MGD": 4, "DBGD-balanced": 1}
#: the interleaving method of each policy (DBGD-balanced: Joachims 2002 as recalled, sim.policies.dueling)
METHOD = {"DBGD": "team-draft", "MGD": "team-draft", "DBGD-balanced": "balanced"}
#: (L, K) searched, smallest first
SIZES = ((2, 2), (3, 2), (3, 3), (4, 2), (4, 3))
_ITEMS = (R(1, 2), R(2, 5), R(3, 10), R(1, 5))
_ITEMS2 = (R(9, 10), R(1, 2), R(1, 5), R(1, 10))
#: rational parameter sets per model: (item parameters for items 0..3, position parameters for positions 1..3)
GRID = {
    "cascade": [(_ITEMS, None), (_ITEMS2, None)],
    "dcm": [(_ITEMS, (R(1, 2), R(1, 3), R(1, 4))), (_ITEMS2, (R(9, 10), R(1, 2), R(1, 10))),
            (_ITEMS2, (R(1, 10), R(1, 10), R(1, 10)))],
    "pbm": [(_ITEMS, (R(3, 4), R(1, 2), R(1, 4))), (_ITEMS2, (R(1), R(1, 2), R(1, 5)))],
    # intent: (P[1, e], P[2, e]) per item e, and the intent probabilities (π_1, π_2)
    "intent": [(((R(1), R(0)), (R(0), R(1)), (R(1, 2), R(1, 2)), (R(1, 4), R(3, 4))), (R(1, 3), R(2, 3))),
               (((R(9, 10), R(0)), (R(1, 2), R(1, 2)), (R(0), R(4, 5)), (R(1, 5), R(1, 5))), (R(1, 2), R(1, 2)))],
}


def _fr(v) -> Fraction:
    v = sp.Rational(v)
    return Fraction(int(v.p), int(v.q))


def interleavings(rankings, K: int):
    """``{(shown, teams): probability}`` of the policy's team-draft multileaving of the top-K lists ``rankings``
    (ranker 0 first): per round a uniformly random order of the rankers, each adding its best unshown item."""
    m1 = len(rankings)
    perms = list(itertools.permutations(range(m1)))
    out = {}

    def go(shown, teams, p):
        if len(shown) == K:
            out[(shown, teams)] = out.get((shown, teams), 0) + p
            return
        for perm in perms:
            s, t = list(shown), list(teams)
            for j in perm:
                if len(s) >= K:
                    break
                e = next(x for x in rankings[j] if x not in s)
                s.append(e)
                t.append(j)
            go(tuple(s), tuple(t), p / len(perms))

    go((), (), Fraction(1))
    return out


def balanced_lists(A, B, K: int):
    """``{(shown, a_first): 1/2}``: the policy's balanced interleaving (one fair coin for who leads; the ranker
    that has contributed fewer ranks, the leader on a tie, adds its next item unless it is already shown)."""
    out = {}
    for a_first in (True, False):
        shown, ka, kb = [], 0, 0
        while len(shown) < K:
            if ka < kb or (ka == kb and a_first):
                e, ka = A[ka], ka + 1
            else:
                e, kb = B[kb], kb + 1
            if e not in shown:
                shown.append(e)
        out[(tuple(shown), a_first)] = Fraction(1, 2)
    return out


def balanced_winner(A, B, shown, clicks, K: int) -> int:
    """+1 if the candidate ``B`` wins, −1 if ``A`` wins, 0 otherwise: with ``d`` the lowest clicked item and
    ``k = min(rank_A(d), rank_B(d)) + 1`` (a rank outside a top-K list counts as K), the ranker with more clicked
    items in its top k wins (sim.policies.dueling, ``_balanced_winner``)."""
    clicked = [e for e, c in zip(shown, clicks) if c]
    if not clicked:
        return 0
    low = clicked[-1]
    k = min(A.index(low) if low in A else K, B.index(low) if low in B else K) + 1
    ha = sum(1 for e in clicked if e in A[:k])
    hb = sum(1 for e in clicked if e in B[:k])
    return (hb > ha) - (ha > hb)


class Instance:
    """One model with rational parameters; click laws of shown lists cached (exact, as Fractions)."""

    def __init__(self, model, items, positions):
        self.model, self.items, self.positions = model, items, positions
        self._law = {}

    def y(self, K):
        if self.model == "intent":
            return list(self.positions)
        return None if self.positions is None else list(self.positions[:K])

    def law(self, shown):
        if shown not in self._law:
            x = [self.items[e] for e in shown]
            self._law[shown] = [(_fr(p), c) for p, c, _ in outcomes(self.model, x, self.y(len(shown))) if p != 0]
        return self._law[shown]

    def utility(self, lst) -> Fraction:
        return _fr(sp.nsimplify(reward(self.model, [self.items[e] for e in lst], self.y(len(lst)))))


def duel(inst: Instance, rankings, K: int, j: int = 1, method: str = "team-draft"):
    """``(P(candidate j's team beats ranker 0's), P(ranker 0's beats j's))``, exactly."""
    win = lose = Fraction(0)
    if method == "balanced":
        A, B = tuple(rankings[0]), tuple(rankings[1])
        for (shown, _a_first), p in balanced_lists(A, B, K).items():
            for q, clicks in inst.law(shown):
                w = balanced_winner(A, B, shown, clicks, K)
                if w > 0:
                    win += p * q
                elif w < 0:
                    lose += p * q
        return win, lose
    for (shown, teams), p in interleavings(rankings, K).items():
        for q, clicks in inst.law(shown):
            cj = sum(c for c, t in zip(clicks, teams) if t == j)
            c0 = sum(c for c, t in zip(clicks, teams) if t == 0)
            if cj > c0:
                win += p * q
            elif c0 > cj:
                lose += p * q
    return win, lose


def _sign(v) -> int:
    return (v > 0) - (v < 0)


def _record(policy, model, inst, k, rankings, win, lose):
    A, B = rankings[0], rankings[1]
    uA, uB = inst.utility(A), inst.utility(B)
    return {"policy": policy, "model": model, "L": len(inst.items), "K": k,
            "item_parameters": [str(v) if not isinstance(v, tuple) else [str(u) for u in v] for v in inst.items],
            "position_parameters": None if inst.positions is None else [str(v) for v in inst.positions],
            "rankers' top-K lists (0 = current, 1 = candidate, …)": [list(r) for r in rankings],
            "U(current A)": str(uA), "U(candidate B)": str(uB), "U(B) − U(A)": str(uB - uA),
            "P(B's team wins)": str(win), "P(A's team wins)": str(lose), "difference": str(win - lose)}


def search(policy: str, model: str):
    """``(first reversal or None, first tie breach or None, pairs checked)`` over :data:`SIZES` × :data:`GRID`."""
    m = N_CANDIDATES[policy]
    reversal = breach = None
    checked = 0
    for (L, K), (items, pos) in itertools.product(SIZES, GRID[model]):
        inst = Instance(model, items[:L], pos)
        lists = list(itertools.permutations(range(L), K))
        for A, B in itertools.product(lists, lists):
            if A == B:
                continue
            # MGD: the other candidates copy ranker 0 (they cannot beat it by more than chance)
            rankings = [A, B] + [A] * (m - 1)
            win, lose = duel(inst, rankings, K, method=METHOD[policy])
            checked += 1
            du, dp = _sign(inst.utility(B) - inst.utility(A)), _sign(win - lose)
            if du * dp < 0 and reversal is None:
                reversal = _record(policy, model, inst, K, rankings, win, lose)
            elif du != dp and du * dp == 0 and breach is None:
                breach = _record(policy, model, inst, K, rankings, win, lose)
        if reversal is not None:
            break
    return reversal, breach, checked


def decide_interleaving(policy: str, model: str):
    def decide(budget_s: float) -> Outcome:
        reversal, breach, n_checked = search(policy, model)
        if reversal is None and breach is None:
            return checked("exact enumeration (rationals) of interleaving coins and click outcomes",
                           sample=f"L ≤ {max(s[0] for s in SIZES)}, K ≤ {max(s[1] for s in SIZES)}, "
                                  f"{len(GRID[model])} parameter sets", **{"pairs checked": n_checked})
        cx = dict(reversal if reversal is not None else breach)
        cx["kind"] = ("reversal: the duel prefers the ranker of smaller utility" if reversal is not None
                      else "tie breach: the duel is not symmetric exactly at a utility tie")
        ev = {"pairs checked (until the first reversal, or all)": n_checked}
        if reversal is not None and breach is not None:
            ev["first tie breach"] = breach
        return refuted("exact enumeration (rationals) of interleaving coins and click outcomes", counterexample=cx,
                       **ev)
    return decide


