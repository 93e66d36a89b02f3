"""Interleaving under random clicks (source 003, TDI remark): INTERLEAVE-*.

Source ``003_f899901a464da92a.txt``, "Dueling bandits": "в постановке считаем, что можем сравнить
одновременно два алгоритма. Один из способов это сделать — TDI" (lines 244-250, 570).  An interleaving
method is *fair under random clicks* when a user whose clicks do not depend on the documents (position
``k`` clicked with probability ``q_k``, independently) makes each ranker win with the same probability —
the property Radlinski, Kurup & Joachims (2008) ask of an unbiased comparison (as recalled).

Exact enumeration over every pair of rankings (full permutations of ``n`` documents; by relabelling, ``A`` is
the identity), every coin sequence and every click vector, with rational ``q``:

* **INTERLEAVE-TDI/fair** (expected true) — team-draft interleaving (a fair coin whenever the teams are equal
  in size; the credit goes to the team with more clicks) gives ``P(A wins) = P(B wins)``.  Argument (every
  n, K, q): while both rankings have unused documents the team sequence is a function of the coins alone,
  and flipping every coin swaps the teams; clicks do not depend on documents.  Checked exactly for
  ``n ≤ 4``, ``K ≤ n``, several ``q``.
* **INTERLEAVE-NOTES/fair** (expected true) — the notes' rule (one coin, then strict alternation,
  DUEL-TDI/alternation) is fair under random clicks for the same reason: its law is not TDI's, but it is
  symmetric.
* **INTERLEAVE-BALANCED/fair** (expected false) — balanced interleaving (Joachims 2002, as recalled: both
  rankings merged top-down with one coin for who leads; credit from the top-k of each ranking containing
  the lowest click) is not fair under random clicks: an exact counterexample.
"""
from __future__ import annotations

import itertools
from fractions import Fraction
from functools import partial

from clickbound.lemmas.engine.registry import register
from clickbound.lemmas.support.kit import Derivation, claim_family, derived, refuted, source, survived

SRC = source("lecture")
LOC = SRC.at("'Dueling bandits', TDI remark (lines 244-250 and 570)")
#: the INTERLEAVE-* claims: one remark of the source, no spec entry, each an identity of win probabilities
claim = claim_family(spec_id=None, source=LOC, kind="identity")
N_MAX = 4
#: position click probabilities tried (random clicks: independent of the documents)
Q_VECTORS = ((Fraction(1, 2),) * 4, (Fraction(9, 10), Fraction(1, 2), Fraction(1, 5), Fraction(1, 10)),
             (Fraction(1, 3), Fraction(2, 3), Fraction(1, 7), Fraction(3, 4)))


def team_draft(A, B, K, coins):
    """Team-draft interleaving with coin sequence ``coins`` (True: A picks first in that round); returns
    ``(list, teams)``; a coin is read only when the teams have equal size."""
    out, teams, ci = [], [], 0
    na = nb = 0
    while len(out) < K:
        if na < nb:
            a_turn = True
        elif nb < na:
            a_turn = False
        else:
            a_turn = coins[ci]
            ci += 1
        src = A if a_turn else B
        d = next((x for x in src if x not in out), None)
        if d is None:  # this ranker is exhausted: the other picks
            a_turn = not a_turn
            src = A if a_turn else B
            d = next(x for x in src if x not in out)
        out.append(d)
        teams.append("A" if a_turn else "B")
        na += a_turn
        nb += not a_turn
    return out, teams


def notes_rule(A, B, K, coins):
    """The notes' rule: one coin decides who starts, then the rankers alternate strictly."""
    out, teams = [], []
    a_turn = coins[0]
    while len(out) < K:
        src = A if a_turn else B
        d = next((x for x in src if x not in out), None)
        if d is None:
            a_turn = not a_turn
            continue
        out.append(d)
        teams.append("A" if a_turn else "B")
        a_turn = not a_turn
    return out, teams


def balanced(A, B, K, coins):
    """Balanced interleaving; returns ``(list, A_first)``."""
    a_first = coins[0]
    out, ka, kb = [], 0, 0
    while len(out) < K:
        if ka < kb or (ka == kb and a_first):
            if A[ka] not in out:
                out.append(A[ka])
            ka += 1
        else:
            if B[kb] not in out:
                out.append(B[kb])
            kb += 1
    return out, a_first


def balanced_winner(A, B, shown, clicks):
    """+1 if A wins, −1 if B wins, 0 on a tie (credit from the smallest top-k containing the lowest click)."""
    clicked = [d for d, c in zip(shown, clicks) if c]
    if not clicked:
        return 0
    low = clicked[-1]
    k = min(A.index(low), B.index(low)) + 1
    ha = sum(1 for d in clicked if d in A[:k])
    hb = sum(1 for d in clicked if d in B[:k])
    return (ha > hb) - (hb > ha)


def team_winner(teams, clicks):
    ca = sum(1 for t, c in zip(teams, clicks) if c and t == "A")
    cb = sum(1 for t, c in zip(teams, clicks) if c and t == "B")
    return (ca > cb) - (cb > ca)


def win_probabilities(method: str, A, B, K, q):
    """Exact ``(P(A wins), P(B wins))`` under random clicks ``q`` (position k clicked w.p. ``q[k]``)."""
    n_coins = K
    pa = pb = Fraction(0)
    for coins in itertools.product((True, False), repeat=n_coins):
        pc = Fraction(1, 2 ** n_coins)
        if method == "balanced":
            shown, _ = balanced(A, B, K, coins)
        else:
            shown, teams = (team_draft if method == "tdi" else notes_rule)(A, B, K, coins)
        for clicks in itertools.product((0, 1), repeat=K):
            p = pc
            for k, c in enumerate(clicks):
                p *= q[k] if c else 1 - q[k]
            w = balanced_winner(A, B, shown, clicks) if method == "balanced" else team_winner(teams, clicks)
            if w > 0:
                pa += p
            elif w < 0:
                pb += p
    return pa, pb


def _sweep(method):
    checked, worst = 0, None
    for n in range(1, N_MAX + 1):
        docs = list(range(n))
        for A in (tuple(docs),):  # relabelling the documents maps any pair to one with A = identity
            for B in itertools.permutations(docs):
                for K in range(1, n + 1):
                    for q in Q_VECTORS:
                        pa, pb = win_probabilities(method, list(A), list(B), K, q[:K])
                        checked += 1
                        if pa != pb and worst is None:
                            worst = {"A": A, "B": B, "K": K, "q": [str(x) for x in q[:K]],
                                     "P(A wins)": str(pa), "P(B wins)": str(pb)}
    return checked, worst


def fair_proof(method):
    d = Derivation(f"{'team-draft interleaving' if method == 'tdi' else 'the notes’ alternation rule'} is fair under "
                   "random clicks: P(A wins) = P(B wins) for full rankings A, B of the same documents, every K, q")
    d.argument("with full rankings neither ranker runs out of unused documents, so the team sequence is a function "
               "of the coins alone; flipping every coin maps each team sequence to its mirror (A ↔ B) and has the "
               "same probability", "the coins are fair and i.i.d.; the pick rule reads only team sizes and coins")
    d.argument("a click vector's probability depends on positions only (random clicks), so the mirror map sends "
               "'A wins' to 'B wins' with equal probability", "independence of clicks from documents")
    checked, bad = _sweep(method)
    d.argument("relabelling the documents (a bijection applied to A, B and the shown list) changes neither the "
               "team sequence nor the click law, so it suffices to take A = (0, 1, …, n − 1)",
               "random clicks depend on positions only; the pick rules compare documents for equality only")
    d.holds(f"exact cross-check: A = identity, every permutation B of n ≤ {N_MAX} documents, every K ≤ n, "
            f"{len(Q_VECTORS)} click-probability vectors", bad is None, f"{checked} cases, P(A wins) == P(B wins) "
                                                                     "in exact rationals")
    return d.artefact()


def _balanced_decide(budget_s):
    checked, bad = _sweep("balanced")
    if bad is None:  # pragma: no cover
        return survived("exact enumeration", cases=checked)
    return refuted("exact enumeration (rationals)", counterexample=bad, **{"cases enumerated": checked})


@register
def lecture_interleaving_claims():
    return [
        claim(id="INTERLEAVE-TDI/fair", expected=True,
              statement_text="team-draft interleaving is fair under random clicks: P(A wins) = P(B wins) "
                             "for every pair of full rankings, every K and position click probabilities q",
              decide=derived(partial(fair_proof, "tdi"), "argument (coin-flip symmetry) + exact enumeration"),
              description="Mirror map on the coins; exact rational enumeration for n ≤ 4 as a cross-check."),
        claim(id="INTERLEAVE-NOTES/fair", expected=True,
              statement_text="the notes' rule (one coin, then strict alternation) is fair under random "
                             "clicks: P(A wins) = P(B wins)",
              decide=derived(partial(fair_proof, "notes"), "argument (coin-flip symmetry) + exact enumeration"),
              description="Same mirror argument with a single coin."),
        claim(id="INTERLEAVE-BALANCED/fair", expected=False,
              statement_text="balanced interleaving is fair under random clicks: P(A wins) = P(B wins)",
              decide=_balanced_decide,
              description="Exact enumeration over permutations of ≤ 4 documents: the first unequal case."),
    ]
