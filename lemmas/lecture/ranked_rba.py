"""Radlinski's ranked bandits and MMR in the lecture notes (source 003): RANKED-* beyond RANKED-GREEDY.

Source ``003_f899901a464da92a.txt``, "Сведения задачи к MAB/SMAB" and "#OLD > Diverse rankings by
Radlinski".  Users are 0/1 (the "идеальный" case): a user clicks the first relevant document shown.

* **RANKED-GREEDY/every-k** — greedy max-coverage ≥ (1 − (1 − 1/k)^k)·OPT ≥ (1 − 1/e)·OPT for every k
  and every instance (the textbook proof; RANKED-GREEDY is the brute-force search).
* **RANKED-REWARD/marginal** — the ranked-bandit reward "MAB_i gets 1 iff the click is at position i"
  is the marginal coverage of position i, and the rewards sum to the user's payoff (every k);
  **RANKED-REWARD/last-only** (expected false): rewarding only the last position ("не умаляя общности
  … последний") gives the same total.
* **RANKED-RBA/equality-as-printed** (expected false): "G(T) = (1 − 1/e)OPT − O(k√(T log n))" read as
  an equality up to the O-term.
* **RANKED-RBA/greedy-limit** — on a 6-user instance every ranked-bandit run with no-regret base
  bandits has limsup G(T)/T ≤ 5/6 < 1 = OPT/T: the average payoff does not tend to the optimum.
* **RANKED-MMR/as-printed** (expected false) and **RANKED-MMR/unselected** — the MMR argmax over all
  of 𝔻 can re-select a document of S; over 𝔻 \\ S it cannot.
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import sympy as sp

from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.lecture.ranked_greedy import draw_instance, greedy_bound, worst_ratio
from clickbound.lemmas.support.kit import Derivation, claim_family, derived, refuted, source

SRC = source("lecture")
LOC_NEW = SRC.at("'Сведения задачи к MAB/SMAB'")
LOC_OLD = SRC.at("'#OLD > Diverse rankings by Radlinski'")
LOC_MMR = f"{LOC_OLD} (MMR argmax, line 412)"
#: the RANKED-* claims of this module (RANKED-GREEDY/every-k names its spec entry itself)
claim = claim_family(spec_id=None)

#: greedy cross-check instances (seeded) for RANKED-GREEDY/every-k
SEED = 20261122
N_CROSS = 60
K_ENUM = 4


# ---------------------------------------------------------------- RANKED-GREEDY/every-k
def greedy_every_k_proof():
    d = Derivation("for every k ≥ 1 and sets S_1..S_n: each greedy run covers ≥ (1 − (1 − 1/k)^k)·OPT ≥ "
                   "(1 − 1/e)·OPT users")
    d.argument("let c_(i−1) be greedy's coverage after i − 1 picks; at least OPT − c_(i−1) users covered by the "
               "k optimal sets are uncovered, so one optimal set covers ≥ (OPT − c_(i−1))/k of them and "
               "greedy's gain g_i is at least that", "pigeonhole over the k optimal sets; greedy takes a "
                                                     "maximal gain (any tie-breaking)")
    O, c, g, k = sp.symbols("OPT c g k", positive=True)
    d.equal("gap recursion: (OPT − c_i) − (1 − 1/k)(OPT − c_(i−1)) = (OPT − c_(i−1))/k − g_i ≤ 0, with "
            "c_i = c_(i−1) + g_i", (O - (c + g)) - (1 - 1 / k) * (O - c), (O - c) / k - g)
    d.argument("by induction on i (OPT − c_0 = OPT and 1 − 1/k ≥ 0): OPT − c_k ≤ (1 − 1/k)^k·OPT, i.e. "
               "c_k ≥ (1 − (1 − 1/k)^k)·OPT", "the gap recursion above")
    x = sp.Symbol("x", real=True)
    h = sp.exp(-x) - (1 - x)
    d.equal("h(x) = e^(−x) − (1 − x): h(0) = 0", h.subs(x, 0), 0)
    d.equal("h'(x) = 1 − e^(−x), ≤ 0 for x ≤ 0 and ≥ 0 for x ≥ 0 (e^(−x) is decreasing), so h ≥ h(0) = 0",
            sp.diff(h, x), 1 - sp.exp(-x))
    d.argument("at x = 1/k: 0 ≤ 1 − 1/k ≤ e^(−1/k), and t ↦ t^k is increasing on [0, ∞), so "
               "(1 − 1/k)^k ≤ e^(−1) and 1 − (1 − 1/k)^k ≥ 1 − 1/e", "h ≥ 0 above")
    rng = np.random.default_rng(np.random.SeedSequence(SEED))
    worst = Fraction(1)
    for _ in range(N_CROSS):
        sets, kk = draw_instance(rng)
        ratio = worst_ratio(sets, kk)  # worst greedy run / OPT, None when OPT = 0
        if ratio is None:
            continue
        if ratio < greedy_bound(kk):  # pragma: no cover - would contradict the proof
            raise AssertionError(f"cross-check failed on {sets}, k={kk}")
        worst = min(worst, ratio)
    d.holds(f"cross-check: {N_CROSS} seeded instances, every greedy tie-breaking, coverage ≥ (1 − (1 − 1/k)^k)"
            "·OPT", worst >= Fraction(1, 2), f"worst greedy/OPT seen = {worst}")
    return d.artefact()


# ---------------------------------------------------------------- RANKED-REWARD
def coverage_indicator(rel, upto):
    """1 if one of the first ``upto`` shown documents is relevant to the user (0/1 entries)."""
    return 1 if any(rel[:upto]) else 0


def reward_marginal_proof():
    d = Derivation("first-click 0/1 user, no replaced document: f_i = 1[click at i] = cov(a[1..i]) − "
                   "cov(a[1..i−1]) and Σ_i f_i = g(a), every k")
    P, r = sp.symbols("P r")  # P = ∏_(j<i)(1 − r_j), r = r_i
    d.argument("the user clicks the first relevant document, so 1[click at i] = r_i·∏_(j<i)(1 − r_j) and "
               "cov(a[1..i]) = 1 − ∏_(j≤i)(1 − r_j)", "the user model (lines 94-96, 'кликаем и «уходим»')")
    d.equal("every i: (1 − P(1 − r_i)) − (1 − P) = r_i·P", (1 - P * (1 - r)) - (1 - P), r * P)
    d.argument("summing the marginals over i = 1..k telescopes to cov(a[1..k]) − cov(∅) = g(a)",
               "the identity above for every i")
    for k in range(1, K_ENUM + 1):
        bad = 0
        for rel in itertools.product((0, 1), repeat=k):
            first = next((i for i in range(k) if rel[i]), None)
            f = [1 if first == i else 0 for i in range(k)]
            marg = [coverage_indicator(rel, i + 1) - coverage_indicator(rel, i) for i in range(k)]
            bad += (f != marg) + (sum(f) != coverage_indicator(rel, k))
        d.holds(f"cross-check k = {k}: all {2 ** k} relevance vectors, f == marginals and Σ f == g", bad == 0,
                f"{bad} mismatches")
    return d.artefact()


def _last_only_decide(budget_s):
    rel, k = (1, 0), 2
    g = coverage_indicator(rel, k)
    f_last = [0] * (k - 1) + [1 if (rel[k - 1] and not any(rel[:k - 1])) else 0]
    return refuted("exact enumeration",
                   counterexample={"k": k, "relevance of the shown documents": rel, "click at position": 1,
                                   "g(a)": g, "rewards if only MAB_k is paid": f_last,
                                   "Σ_i f_i": sum(f_last)})


# ---------------------------------------------------------------- RANKED-RBA
def _equality_decide(budget_s):
    T = sp.Symbol("T", positive=True)
    gap = T - (1 - sp.exp(-1)) * T  # every algorithm earns G(T) = T = OPT here
    ratio_limit = sp.limit(gap / sp.sqrt(T * sp.log(2)), T, sp.oo)
    if ratio_limit != sp.oo:  # pragma: no cover
        raise AssertionError("limit")
    return refuted("exact closed form + symbolic limit",
                   counterexample={"n": 2, "k": 1, "users": "every user clicks both documents",
                                   "G(T)": "T for every algorithm", "OPT": "T",
                                   "|G(T) − (1 − 1/e)OPT| / (k sqrt(T log n))": "T/(e sqrt(T log 2)) → ∞, "
                                                                                "so no constant C bounds it"},
                   **{"G(T) − (1 − 1/e)OPT": sp.sstr(sp.simplify(gap)),
                      "limit of the gap / sqrt(T log n)": "oo"})


#: 6 equiprobable user types; document -> the users it covers
LIMIT_SETS = {"A": frozenset({1, 2, 3, 4}), "B": frozenset({1, 2, 5}), "C": frozenset({3, 4, 6})}
LIMIT_USERS = 6


def greedy_limit_proof():
    d = Derivation("on S_A = {1,2,3,4}, S_B = {1,2,5}, S_C = {3,4,6}, 6 equiprobable users, k = 2: OPT/T = 1, "
                   "but any ranked-bandit run whose MAB_1 has o(T) regret earns limsup G(T)/T ≤ 5/6")
    cov = {ab: len(LIMIT_SETS[ab[0]] | LIMIT_SETS[ab[1]]) for ab in itertools.permutations(LIMIT_SETS, 2)}
    d.holds("OPT: the best pair covers all 6 users", max(cov.values()) == LIMIT_USERS,
            f"coverage of each ordered pair = {cov}")
    top_a = max(v for (a, _b), v in cov.items() if a == "A")
    d.holds("every list with A at position 1 covers at most 5 users (the replacement of a duplicate is one of "
            "B, C)", top_a == 5, f"max coverage with A first = {top_a}")
    m1 = {x: Fraction(len(s), LIMIT_USERS) for x, s in LIMIT_SETS.items()}
    d.holds("MAB_1's reward for document x is 1[user ∈ S_x] whatever is shown below; means A: 2/3, B, C: 1/2",
            m1 == {"A": Fraction(2, 3), "B": Fraction(1, 2), "C": Fraction(1, 2)}, f"{m1}")
    d.cited("MAB_1's regret is Σ_x Δ_x E[N_x(T)] with gaps Δ_B = Δ_C = 2/3 − 1/2 = 1/6 (the means above), so o(T) "
            "regret means E[N_T] = o(T) for N_T = #{t : a_t[1] ≠ A}",
            "the regret decomposition, Lattimore and Szepesvári, Bandit Algorithms (2020), Lemma 4.5")
    T, N = sp.symbols("T N", nonnegative=True)
    bound = sp.Rational(5, 6) * (T - N) + 1 * N
    d.equal("rounds with a_t[1] = A pay ≤ 5/6 in expectation (at most 5 of the 6 equally likely users covered, "
            "above), the others ≤ 1: E[G(T)] ≤ (5/6)(T − E[N_T]) + E[N_T] = (5/6)T + E[N_T]/6",
            bound, sp.Rational(5, 6) * T + N / 6)
    d.cited("E[N_T]/T → 0 gives limsup E[G(T)]/T ≤ 5/6 + lim E[N_T]/(6T) = 5/6 < 1 = OPT/T",
            "the sum rule for limits, Rudin, Principles of Mathematical Analysis (1976), Theorem 3.3")
    return d.artefact()


# ---------------------------------------------------------------- RANKED-MMR
def mmr_score(lam, f, g, d, S):
    return lam * f[d] - (1 - lam) * (max(g[(d, s)] for s in S) if S else 0)


def _mmr_as_printed_decide(budget_s):
    lam = Fraction(3, 4)
    f = {"d1": Fraction(1), "d2": Fraction(0)}
    g = {("d1", "d1"): Fraction(1), ("d2", "d1"): Fraction(0)}
    S = ["d1"]
    scores = {d: mmr_score(lam, f, g, d, S) for d in f}
    pick = max(scores, key=scores.get)
    if pick not in S:  # pragma: no cover
        raise AssertionError("instance does not re-select")
    return refuted("exact rationals", counterexample={"λ": lam, "f(·,q)": f, "g": g, "S": S,
                                                       "argmax over 𝔻 picks": pick}, scores=scores)


def mmr_unselected_proof():
    d = Derivation("with the argmax over 𝔻 \\ S, k rounds of MMR return k distinct documents for every k ≤ n and "
                   "every f, g, λ")
    d.cited("each round picks from 𝔻 \\ S (non-empty while |S| < n) and adds the pick to S, so no pick repeats",
            "mathematical induction on the rounds")
    rng = np.random.default_rng(np.random.SeedSequence(SEED + 1))
    repeats = 0
    for _ in range(40):
        n = int(rng.integers(1, 6))
        docs = list(range(n))
        lam = Fraction(int(rng.integers(0, 5)), 4)
        f = {x: Fraction(int(rng.integers(0, 5)), 4) for x in docs}
        g = {(x, y): Fraction(int(rng.integers(0, 5)), 4) for x in docs for y in docs}
        S = []
        for _k in range(n):
            cand = [x for x in docs if x not in S]
            S.append(max(cand, key=lambda x: mmr_score(lam, f, g, x, S)))
        repeats += len(S) != len(set(S))
    d.holds("cross-check: 40 seeded instances in exact rationals, n ≤ 5, k = n rounds", repeats == 0,
            f"{repeats} runs with a repeated document")
    return d.artefact()


@register
def ranked_rba_claims():
    return [
        claim(id="RANKED-GREEDY/every-k", spec_id="RANKED-GREEDY", source=f"{LOC_NEW}; {LOC_OLD}",
              kind="lower bound", expected=True,
              statement_text="for every k and every instance: every greedy max-coverage run covers "
                             "≥ (1 − (1 − 1/k)^k)·OPT ≥ (1 − 1/e)·OPT users",
              decide=derived(greedy_every_k_proof, "derivation (every k) + brute force cross-check"),
              description="Pigeonhole gain step, gap recursion, 1 − x ≤ e^(−x); brute force on seeded "
                          "instances as a cross-check."),
        claim(id="RANKED-REWARD/marginal", source=f"{LOC_NEW}; {LOC_OLD}",
              kind="identity", expected=True,
              statement_text="for every k, first-click 0/1 user and list without replaced documents: "
                             "MAB_i's reward 1[click at i] equals the marginal coverage of position i, and "
                             "Σ_i f_i = g(a)",
              decide=derived(reward_marginal_proof, "derivation (every k) + enumeration"),
              description="Telescoping identity; all relevance vectors for k ≤ 4 as a cross-check."),
        claim(id="RANKED-REWARD/last-only", source=LOC_NEW, kind="identity", expected=False,
              statement_text="paying reward only to MAB_k (the last position, 'не умаляя общности … "
                             "последний') gives Σ_i f_i = g(a) for every click position",
              decide=_last_only_decide, description="k = 2, click at position 1."),
        claim(id="RANKED-RBA/equality-as-printed", source=LOC_NEW, kind="asymptotic", expected=False,
              statement_text="G(T) = (1 − 1/e)OPT − O(k sqrt(T log n)) as an equality: "
                             "|G(T) − (1 − 1/e)OPT| ≤ C k sqrt(T log n) for some C and all T",
              decide=_equality_decide,
              description="n = 2 documents every user clicks: G(T) = OPT = T for every algorithm."),
        claim(id="RANKED-RBA/greedy-limit", source=f"{LOC_NEW}; {LOC_OLD}",
              kind="upper bound", expected=True,
              statement_text="there is an instance (6 users, 3 documents, k = 2) on which every ranked-bandit "
                             "run with o(T)-regret MAB_1 has limsup G(T)/T ≤ 5/6 while OPT/T = 1",
              decide=derived(greedy_limit_proof, "exact enumeration + cited theorems"),
              description="The greedy trap: MAB_1 converges to the largest set, which is not in OPT."),
        claim(id="RANKED-MMR/as-printed", source=LOC_MMR, kind="computation", expected=False,
              statement_text="the printed MMR rule argmax_(d ∈ 𝔻) λ f(d,q) − (1 − λ) max_(d_2 ∈ S) g(d, d_2) "
                             "never selects a document already in S",
              decide=_mmr_as_printed_decide, description="λ = 3/4, f = (1, 0), g(d1, d1) = 1."),
        claim(id="RANKED-MMR/unselected", source=LOC_MMR, kind="computation", expected=True,
              statement_text="with the argmax over 𝔻 \\ S, k rounds of MMR return k distinct documents "
                             "(every k ≤ n, f, g, λ)",
              decide=derived(mmr_unselected_proof, "argument + exact cross-check"),
              description="Immediate from the corrected domain; seeded exact cross-check."),
    ]


register_erratum(Erratum(
    id="ERR-003-RBA-EQUALITY", source_file=SRC.file, location="'Сведения задачи к MAB/SMAB', line 134",
    source_says="G(T) = (1 − 1/e)OPT − O(k sqrt(T log n))",
    truth="a lower bound G(T) ≥ (1 − 1/e)OPT − O(·); as an equality it fails: with 2 documents every user clicks, "
          "G(T) = OPT = T and G(T) − (1 − 1/e)OPT = T/e is not O(sqrt(T log n)). The two drafts also disagree on "
          "the O-term (k√(T log n) here, k√(Tn log n) at line 459, the form of an Exp3-based bound); which one "
          "Radlinski et al. prove is not decided here",
    evidence_claims=("RANKED-RBA/equality-as-printed",),
    conclusion_survives="yes: the notes use it as a guarantee (lower bound) only",
    severity="misprint", quotes=(
        r"$$G(T) = (1 - \frac{1}{e})OPT - O(k\sqrt{T\log n})$$",
    )))

register_erratum(Erratum(
    id="ERR-003-RBA-TENDS-TO-OPT", source_file=SRC.file,
    location="'Сведения задачи к MAB/SMAB' (line 149) and '#OLD > Diverse rankings by Radlinski' (line 472)",
    source_says="алгоритм делате что-то полезное (на бесконечности «средний» выигрыш стремится к оптимальном, при "
                "этом скорость √T)",
    truth="the bound gives liminf G(T)/T ≥ (1 − 1/e)·OPT/T only; the average payoff need not tend to the optimum: "
          "on a 6-user instance every run with no-regret base bandits has limsup G(T)/T ≤ 5/6 < 1 = OPT/T",
    evidence_claims=("RANKED-RBA/greedy-limit", "RANKED-GREEDY/every-k"),
    conclusion_survives="partly: the algorithm is (1 − 1/e)-competitive (greedy's guarantee) up to O(k√(Tn log n)), "
                        "not asymptotically optimal; the same holds for the 'optimal bandits on prefixes' remark",
    severity="misprint", quotes=(
        "на бесконечности «средний» выигрыш стремится к оптимальном, при этом скорость $\\sqrt{T}$",
        "«Бесплатно» получаем оптимальных бандитов и на префиксах из первых",
    )))

register_erratum(Erratum(
    id="ERR-003-MMR-SELECTED", source_file=SRC.file, location="'#OLD > Diverse rankings by Radlinski', line 412",
    source_says="argmax_(d ∈ 𝔻) λ f(d,q) − (1 − λ) max_(d_2 ∈ S) g(d, d_2), где S — множество уже выбранных документов",
    truth="the argmax ranges over 𝔻 \\ S (the documents not yet selected); over all of 𝔻 an already selected "
          "document can win again (λ = 3/4, f = (1, 0), g(d1, d1) = 1)",
    evidence_claims=("RANKED-MMR/as-printed", "RANKED-MMR/unselected"),
    conclusion_survives="yes: with the domain repaired MMR builds a list of distinct documents",
    severity="notation", quotes=(
        r"$$\argmax\limits_{d \in \mathbb{D}} \lambda f(d,q) - (1-\lambda) \max_{d_2 \in S} g(d, d_2)$$",
    )))
