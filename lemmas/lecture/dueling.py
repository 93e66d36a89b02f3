"""Dueling bandits (DBGD) and team-draft interleaving in the lecture notes (source 003): DUEL-*.

Source ``003_f899901a464da92a.txt``, "Dueling bandits" (both copies):

* **DUEL-LOGISTIC** — the logistic link σ(x) = 1/(1 + e^(−x)) (lines 234, 555) gives an antisymmetric
  ε (σ(x) + σ(−x) = 1, ε(w, w) = 0), σ is 1/4-Lipschitz and σ' is (√3/18)-Lipschitz: the
  assumptions of line 235 hold for the "typical example".
* **DUEL-LIPSCHITZ** — ε(·, w_2) is L_σ L_v-Lipschitz (line 241 "L … равна L_v L_σ"), tight.
* **DUEL-REGRET/as-printed** (expected false) — "R(T) = Σ_(t=1)^T ε(w*, w_1) + ε(w*, w_2)"
  (lines 220, 542): fixed indices and Σ binding one term; the regret is Σ_t [ε(w*, w_t) + ε(w*, w'_t)].
* **DUEL-CONVEX/as-printed** (expected false) and **DUEL-CONCAVE/unique** — with a strictly *convex*
  utility (lines 228, 546) the best ranker w* = argmax v need not be unique (v = w² on [−1, 1]); a
  strictly concave utility has at most one maximiser.
* **DUEL-TDI/alternation** (expected false) — "первый ранкер выбираем случайно, каждый поочередно
  выбирает" (lines 247–248, 570) is not team-draft interleaving, which flips a coin whenever the
  teams are equal in size (Radlinski, Kurup & Joachims 2008, as recalled): the team patterns differ.
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import sympy as sp

from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.support.kit import Derivation, claim_family, derived, refuted, source

SRC = source("lecture")
LOC = SRC.at("section 'Dueling bandits' (both copies)")
LOC_TDI = SRC.at("'Dueling bandits', TDI remark (lines 244-250 and 570)")
#: the DUEL-* claims name no spec entry of their own
claim = claim_family(spec_id=None)


def logistic_proof():
    d = Derivation("σ(x) = 1/(1 + e^(−x)): σ(x) + σ(−x) = 1, σ(0) = 1/2, 0 < σ' = σ(1 − σ) ≤ 1/4, "
                   "|σ''| ≤ √3/18 for every real x")
    x = sp.Symbol("x", real=True)
    s = 1 / (1 + sp.exp(-x))
    d.zero("σ(x) + σ(−x) − 1 == 0 (so ε(w1, w2) = −ε(w2, w1) and ε(w, w) = 0)", sp.together(s + s.subs(x, -x) - 1))
    d.equal("σ(0) = 1/2", s.subs(x, 0), sp.Rational(1, 2))
    S = sp.Symbol("s")  # s = σ(x) ∈ (0, 1)
    d.zero("σ' = σ(1 − σ)", sp.simplify(sp.diff(s, x) - s * (1 - s)))
    d.equal("1/4 − s(1 − s) = (s − 1/2)² ≥ 0, so σ' ≤ 1/4 (L_σ = 1/4, attained at x = 0)",
            sp.Rational(1, 4) - S * (1 - S), (S - sp.Rational(1, 2)) ** 2)
    d.zero("σ'' = σ(1 − σ)(1 − 2σ)", sp.simplify(sp.diff(s, x, 2) - s * (1 - s) * (1 - 2 * s)))
    s1 = (3 - sp.sqrt(3)) / 6
    r = sp.Rational(1, 2) + sp.sqrt(3) / 3
    p = sp.sqrt(3) / 18 - S * (1 - S) * (1 - 2 * S)
    d.equal("√3/18 − s(1 − s)(1 − 2s) = 2(s − s1)²(r − s), s1 = (3 − √3)/6, r = 1/2 + √3/3",
            sp.expand(p), sp.expand(2 * (S - s1) ** 2 * (r - S)))
    d.holds("r > 1, so the factorisation is ≥ 0 for s ∈ [0, 1]: σ'' ≤ √3/18", sp.simplify(r - 1) > 0,
            f"r − 1 = {sp.sstr(sp.simplify(r - 1))} > 0")
    d.equal("s ↦ 1 − s maps s(1 − s)(1 − 2s) to its negative, so σ'' ≥ −√3/18 as well",
            (S * (1 - S) * (1 - 2 * S)).subs(S, 1 - S), -S * (1 - S) * (1 - 2 * S))
    return d.artefact()


def lipschitz_proof():
    d = Derivation("if σ is L_σ-Lipschitz and v is L_v-Lipschitz then w ↦ ε(w, w_2) = σ(v(w) − v(w_2)) − 1/2 is "
                   "L_σ L_v-Lipschitz (and so is w ↦ ε(w_1, w)); the constant is attained")
    d.argument("|ε(w, w_2) − ε(w', w_2)| = |σ(v(w) − v(w_2)) − σ(v(w') − v(w_2))| ≤ L_σ |v(w) − v(w')| ≤ "
               "L_σ L_v ‖w − w'‖", "the two Lipschitz hypotheses of line 235, applied in turn")
    w, w2, Lv = sp.symbols("w w2 L_v", real=True)
    eps = 1 / (1 + sp.exp(-(Lv * w - Lv * w2))) - sp.Rational(1, 2)
    d.equal("tightness: logistic σ (L_σ = 1/4) and v(w) = L_v·w in one dimension: ∂ε/∂w at w = w2 is L_v/4 = "
            "L_σ L_v", sp.simplify(sp.diff(eps, w).subs(w, w2)), Lv / 4)
    return d.artefact()


def _regret_as_printed_decide(budget_s):
    e1 = (Fraction(1, 4), Fraction(0))   # ε(w*, w_t), t = 1, 2
    e2 = (Fraction(1, 4), Fraction(0))   # ε(w*, w'_t)
    T = 2
    printed = T * e1[0] + e2[0]          # Σ_t ε(w*, w_1) + ε(w*, w_2): Σ binds the first term, indices fixed
    intended = sum(e1) + sum(e2)
    return refuted("exact rationals",
                   counterexample={"T": T, "ε(w*, w_t)": e1, "ε(w*, w'_t)": e2,
                                   "printed Σ_(t=1)^T ε(w*, w_1) + ε(w*, w_2)": printed,
                                   "Σ_t [ε(w*, w_t) + ε(w*, w'_t)]": intended})


def _convex_decide(budget_s):
    w = sp.Symbol("w", real=True)
    v = w ** 2
    grid = [Fraction(i, 8) for i in range(-8, 9)]
    vmax = max(Fraction(x) ** 2 for x in grid)
    maximisers = [x for x in grid if x ** 2 == vmax]
    return refuted("exact evaluation",
                   counterexample={"W": "[−1, 1] (contains 0, compact, convex)", "v": "w²",
                                   "maximisers": [str(m) for m in maximisers]},
                   **{"v''": sp.sstr(sp.diff(v, w, 2)), "v(w) ≤ 1 on [−1, 1]": "w² ≤ 1 for |w| ≤ 1",
                      "interior stationary point": "w = 0, the minimum of v"})


def concave_unique_proof():
    d = Derivation("a strictly concave v on a convex set W has at most one maximiser")
    d.cited("if w ≠ w' both attain M = max v, strict concavity gives v((w + w')/2) > (v(w) + v(w'))/2 = M, "
            "and (w + w')/2 ∈ W by convexity: a contradiction",
            "a strictly concave function on a convex set has at most one maximiser (Boyd & Vandenberghe, Convex Optimization, 2004, §4.2.2)")
    w = sp.Symbol("w", real=True)
    v = -w ** 2
    d.holds("cross-check v = −w² on [−1, 1]: v'' = −2 < 0 and the only stationary point w = 0 is the maximiser",
            sp.solve(sp.diff(v, w), w) == [0] and sp.diff(v, w, 2) == -2, "solve(v' = 0) = [0], v'' = −2")
    return d.artefact()


def _team_patterns(coin_each_round: bool, picks: int):
    """Distribution of the team sequence (which ranker made pick 1, 2, …) for disjoint rankings."""
    out: dict[str, Fraction] = {}
    if coin_each_round:  # TDI: a fair coin whenever the teams have equal size
        rounds = (picks + 1) // 2
        for coins in itertools.product("AB", repeat=rounds):
            seq = "".join(c + ("B" if c == "A" else "A") for c in coins)[:picks]
            out[seq] = out.get(seq, Fraction(0)) + Fraction(1, 2 ** rounds)
    else:  # the notes: one coin, then strict alternation
        for first in "AB":
            other = "B" if first == "A" else "A"
            seq = "".join(first if i % 2 == 0 else other for i in range(picks))
            out[seq] = out.get(seq, Fraction(0)) + Fraction(1, 2)
    return out


def _tdi_decide(budget_s):
    tdi, notes = _team_patterns(True, 4), _team_patterns(False, 4)
    diff = {s: (tdi.get(s, Fraction(0)), notes.get(s, Fraction(0))) for s in sorted(set(tdi) | set(notes))
            if tdi.get(s, Fraction(0)) != notes.get(s, Fraction(0))}
    return refuted("exact enumeration",
                   counterexample={"rankings": "disjoint, 4 picks",
                                   "pattern: (P_TDI, P_notes)": {k: (str(a), str(b)) for k, (a, b) in diff.items()}},
                   **{"TDI team-pattern law": {k: str(v) for k, v in tdi.items()},
                      "notes' team-pattern law": {k: str(v) for k, v in notes.items()}})


@register
def dueling_claims():
    return [
        claim(id="DUEL-LOGISTIC", source=f"{LOC} (σ(x) = 1/(1 + e^(−x)); line 235)",
              kind="inequality", expected=True,
              statement_text="for every real x: σ(x) + σ(−x) = 1, σ(0) = 1/2, 0 < σ'(x) ≤ 1/4, "
                             "|σ''(x)| ≤ √3/18 (σ and σ' Lipschitz)",
              decide=derived(logistic_proof, "derivation (sympy, factorisation certificate)"),
              description="Identities in x and in s = σ(x); a cubic factorisation bounds σ''."),
        claim(id="DUEL-LIPSCHITZ", source=f"{LOC} ('L — константа липшица для ε (равна L_v L_σ)')",
              kind="inequality", expected=True,
              statement_text="ε(w, w_2) = σ(v(w) − v(w_2)) − 1/2 is L_σ L_v-Lipschitz in each argument, "
                             "and the constant is attained",
              decide=derived(lipschitz_proof, "derivation"),
              description="Composition of Lipschitz maps; tight for logistic σ and linear v."),
        claim(id="DUEL-REGRET/as-printed", source=f"{LOC} (lines 220, 542)",
              kind="identity", expected=False,
              statement_text="Σ_(t=1)^T ε(w*, w_1) + ε(w*, w_2) as printed equals the dueling regret "
                             "Σ_(t=1)^T [ε(w*, w_t) + ε(w*, w'_t)]",
              decide=_regret_as_printed_decide, description="T = 2: 3/4 vs 1/2 exactly."),
        claim(id="DUEL-CONVEX/as-printed", source=f"{LOC} (lines 228, 546)",
              kind="computation", expected=False,
              statement_text="a differentiable strictly convex utility v on a compact convex W ∋ 0 has a "
                             "unique maximiser (the best ranker w*)",
              decide=_convex_decide, description="v = w² on [−1, 1]: maximisers −1 and 1."),
        claim(id="DUEL-CONCAVE/unique", source=f"{LOC} (lines 228, 546)",
              kind="computation", expected=True,
              statement_text="a strictly concave utility on a convex W has at most one maximiser",
              decide=derived(concave_unique_proof, "derivation"),
              description="Midpoint argument."),
        claim(id="DUEL-TDI/alternation", source=LOC_TDI, kind="computation", expected=False,
              statement_text="one coin flip followed by strict alternation (the notes) gives the same "
                             "distribution of team patterns as team-draft interleaving (a coin flip "
                             "whenever the teams are equal in size)",
              decide=_tdi_decide,
              description="4 picks from disjoint rankings: TDI gives ABBA and BAAB probability 1/4 each, "
                          "the notes 0."),
    ]


register_erratum(Erratum(
    id="ERR-003-DUEL-REGRET-INDEX", source_file=SRC.file, location="'Dueling bandits', lines 220 and 542",
    source_says="R(T) = Σ_(t=1)^T ε(w*, w_1) + ε(w*, w_2)  (and Δ_T with the same right-hand side)",
    truth="Δ_T = Σ_(t=1)^T [ε(w*, w_t) + ε(w*, w'_t)]: the pair compared at round t, and the sum over both terms; "
          "as printed the summand does not depend on t and Σ binds only the first term",
    evidence_claims=("DUEL-REGRET/as-printed",),
    conclusion_survives="yes: a misprint (indices and parentheses); the result quoted from the figure is about "
                        "the per-round pair",
    severity="misprint", quotes=(
        r"$$ R(T) = \sum\limits_{t=1}^{T} \varepsilon(w^{\*}, w_1) + \varepsilon(w^{\*}, w_2), $$",
        r"$$ \Delta_{T} = \sum\limits_{t=1}^{T} \varepsilon(w^{\*}, w_1) + \varepsilon(w^{\*}, w_2)$$",
    )))

register_erratum(Erratum(
    id="ERR-003-DUEL-CONVEX-UTILITY", source_file=SRC.file, location="'Dueling bandits', lines 228 and 546",
    source_says="Существует диффиренцируемая строго выпуклая utility-functon на 𝕎, v : 𝕎 → ℝ (w* — лучший алгоритм)",
    truth="the utility must be strictly concave (Yue & Joachims 2009, as recalled): the best ranker maximises v, "
          "and with a strictly convex v the maximiser need not be unique (v = w² on [−1, 1] has two) and the "
          "only interior stationary point is the worst ranker; a strictly concave v has at most one maximiser",
    evidence_claims=("DUEL-CONVEX/as-printed", "DUEL-CONCAVE/unique"),
    conclusion_survives="yes with 'concave': the quoted regret result (in a figure not in the text) is stated for "
                        "a concave utility",
    severity="notation", quotes=(
        "диффиренцируемая строго выпуклая utility-functon",
    )))

register_erratum(Erratum(
    id="ERR-003-TDI-ALTERNATION", source_file=SRC.file, location="'Dueling bandits', TDI (lines 247-248 and 570)",
    source_says="Первый ранкер выбираем случайно; каждый «ранкер» поочередно выбирает лучший документ",
    truth="team-draft interleaving flips a fair coin at every round in which the teams are equal in size "
          "(Radlinski, Kurup & Joachims 2008, as recalled), not once; for 4 picks from disjoint rankings TDI "
          "produces the team patterns ABBA and BAAB with probability 1/4 each, the notes' rule never",
    evidence_claims=("DUEL-TDI/alternation",),
    conclusion_survives="partly: the notes' rule is still an interleaving in which each ranker is first with "
                        "probability 1/2, but it is not TDI and its credit assignment is correlated across rounds",
    severity="wrong-step", quotes=(
        "Первый ранкер выбираем случайно",
        "Каждый «ранкер» поочередно выбирает лучший документ из тех, что еще доступны",
        "Выбираем первый ранкер случайно, затем каждый поочередно выбирают лучшего по их мнению из оставшихся",
    )))
