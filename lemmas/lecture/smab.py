"""Stochastic multi-armed bandit basics of the Russian lecture notes (source 003): SMAB-*.

Source ``003_f899901a464da92a.txt``, sections "Многорукие бандиты", "Варианты решения SMAB",
"Stochastic bandits" and the "#OLD" introduction.  What is checked here:

* **SMAB-DISCOUNT** — ``G(T) = E Σ_t λ^t g_t`` (eq. at line 24) is the expected *undiscounted*
  reward of a game that is still running at round t with probability ``λ^t`` ("λ … вероятность
  того, что … игра продолжится"), every T and λ ∈ (0, 1].
* **SMAB-PSEUDO** — ``R(T) = Tμ − E Σ g_t = Tμ − E Σ μ_{a(t)} = E Σ_t (μ − μ_{a(t)})`` (lines 30,
  33, 313): the source's regrets are the pseudo-regret.
* **SMAB-SUM-INDEX/as-printed** — line 33 sums ``r_t`` over ``i`` (refuted as printed).
* **SMAB-EXPECTED-GE-PSEUDO** — ``E R(T) ≥ R̄(T)`` for the max-inside regret of line 306 (and
  ``/equal``, the mutant "they are equal", refuted on two fair coins).
* **SMAB-RANDOM-LINEAR** — the uniformly random policy has ``R(T) = T(μ − mean_i μ_i)`` (line 35).
* **SMAB-LAI-ROBBINS/any-policy** — line 54 without "consistent": refuted by a constant policy.
* **SMAB-GITTINS/finite-horizon** — line 43: the Gittins-index policy maximises G(T) for finite T;
  refuted exactly at T = 1 (the index is optimal only for the infinite discounted horizon).
* **SMAB-ADV-STATIC** — line 300: adversarial regret is measured against the best *fixed* arm, so
  "surviving non-stationarity" leaves a linear gap to the best arm of each round.
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import sympy as sp

from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.support.kit import Derivation, claim_family, derived, refuted, source

SRC = source("lecture")
LOC_G = SRC.at("'Многорукие бандиты' (G(T) = E Σ λ^t g_t, line 24; 'λ … вероятность того, что … игра продолжится')")
LOC_R = SRC.at("'Многорукие бандиты' (R(T) = Tμ − E Σ g_t; R(T) = E Σ_(i=1)^T r_t, lines 29-33)")
LOC_RBAR = SRC.at("'#OLD > Stochastic bandits' (R(T) with max inside, line 306; R̄(T), line 313)")
LOC_RAND = SRC.at("'Многорукие бандиты' ('для бейзлайн алгоритм (берущего случайную ручку) потери будет расти линейно')")
LOC_LR = SRC.at("'Варианты решения SMAB' ('Для бернулли оптимально: liminf ER(T)/log T ≥ C(μ_1, …, μ_k)', line 54)")
LOC_GIT = SRC.at("'Варианты решения SMAB' (Gittins: 'оптимальная стратегия игры (максимизирующая G(T) …)')")
LOC_ADV = SRC.at("'#OLD > Введение' ('т.к. … для регрета рассматривают оценки в «худшем» случае, то и "
                 "нестационарность они переживают')")
#: the model assumption of i.i.d. rewards per arm ("X_{i, t} ~ P_i, i.i.d."), quoted from the source
IID_REWARDS = SRC.assumption(r"X_{i, t} \sim \mathbb{P_i}, X_{i, t} — i.i.d.")
#: the SMAB-* claims name no spec entry of their own
claim = claim_family(spec_id=None)


# ---------------------------------------------------------------- SMAB-DISCOUNT
def discount_proof():
    d = Derivation("Σ_(t≤T) λ^t E g_t = E Σ_(t ≤ min(τ,T)) g_t for a stopping round τ independent of the play "
                   "with P(τ ≥ t) = λ^t (geometric on {0, 1, …}), every T ≥ 1 and 0 < λ < 1; λ = 1 is τ = ∞")
    lam, t, j = sp.symbols("lambda t j", positive=True)
    geo = sp.summation(lam ** j, (j, t, sp.oo))  # Piecewise: λ^t/(1 − λ) for λ < 1
    if not (isinstance(geo, sp.Piecewise) and geo.args[0][1] == (lam < 1)):  # pragma: no cover
        raise AssertionError(f"unexpected geometric sum {geo}")
    tail = (1 - lam) * geo.args[0][0]
    d.equal("geometric law P(τ = j) = (1 − λ)λ^j, j ≥ 0: P(τ ≥ t) = Σ_(j≥t)(1 − λ)λ^j = λ^t (branch λ < 1 of "
            "sympy's summation)", tail, lam ** t)
    d.equal("the masses sum to one: P(τ ≥ 0) = 1", (lam ** t).subs(t, 0), 1)
    p, q, g, h = sp.symbols("p0:2"), sp.symbols("q0:2"), sp.symbols("g0:2"), sp.symbols("h0:2")
    d.equal("independence: E[1[τ ≥ t] g_t] = P(τ ≥ t) E[g_t] (product measure, abstract masses p of the "
            "indicator, q of the reward, values h of the indicator and g of the reward)",
            sum(p[a] * q[b] * h[a] * g[b] for a in (0, 1) for b in (0, 1)),
            sum(p[a] * h[a] for a in (0, 1)) * sum(q[b] * g[b] for b in (0, 1)))
    d.cited("linearity: E Σ_(t≤T) 1[τ ≥ t] g_t = Σ_(t≤T) P(τ ≥ t) E g_t = Σ_(t≤T) λ^t E g_t = G(T)",
            "linearity of expectation")
    # cross-check: exact rationals, T = 3, λ = 2/3, rewards with means 1/2, 1/3, 3/4
    lam_q, means = Fraction(2, 3), [Fraction(1, 2), Fraction(1, 3), Fraction(3, 4)]
    lhs = sum(lam_q ** (s + 1) * m for s, m in enumerate(means))
    rhs = Fraction(0)
    for tau in range(4):  # τ ≥ 3 lumped: every round played
        ptau = (1 - lam_q) * lam_q ** tau if tau < 3 else lam_q ** 3
        rhs += ptau * sum(means[:tau])
    d.holds("cross-check T = 3, λ = 2/3: Σ λ^t m_t == Σ_τ P(τ) Σ_(t≤τ) m_t in exact rationals", lhs == rhs,
            f"{lhs} == {rhs}")
    return d.artefact()


# ---------------------------------------------------------------- SMAB-PSEUDO
def _ftl_two_arms(mu, T):
    """Exact E Σ g_t and E Σ μ_(a(t)) of follow-the-leader (ties → arm 0) on Bernoulli arms ``mu``,
    each arm pulled once first (rounds 1, 2), enumerated over every reward sequence."""
    e_g = e_mu = Fraction(0)
    for xs in itertools.product((0, 1), repeat=T):
        pr, s, n, gs, ms = Fraction(1), [0, 0], [0, 0], 0, Fraction(0)
        for r in range(T):
            a = r if r < 2 else (0 if Fraction(s[0], n[0]) >= Fraction(s[1], n[1]) else 1)
            x = xs[r]
            pr *= mu[a] if x else 1 - mu[a]
            s[a] += x
            n[a] += 1
            gs += x
            ms += mu[a]
        e_g += pr * gs
        e_mu += pr * ms
    return e_g, e_mu


def pseudo_proof():
    d = Derivation("R(T) = Tμ − E Σ_t g_t = Tμ − E Σ_t μ_(a(t)) = E Σ_t r_t with r_t = μ − μ_(a(t)) "
                   "(the pseudo-regret), every policy, k and T")
    d.cited("a(t) is a function of the history H_(t−1) (and the policy's own randomness); given a(t) = i "
            "the reward g_t is a fresh draw of arm i, so E[g_t | H_(t−1), a(t)] = μ_(a(t))", IID_REWARDS)
    d.cited("max_i E Σ_(t≤T) X_(i,t) = max_i T μ_i = Tμ (X_(i,t) identically distributed over t), the first "
            "equality of line 313", IID_REWARDS)
    mu = sp.Symbol("mu")
    e = sp.symbols("e1:4")  # e_t = E μ_(a(t))
    d.equal("linearity (T = 3 shown; each round contributes μ − E μ_(a(t))): "
            "Tμ − Σ_t E μ_(a(t)) = Σ_t E[μ − μ_(a(t))]", 3 * mu - sum(e), sp.Add(*[mu - x for x in e]))
    for T in (2, 3, 4):
        e_g, e_mu = _ftl_two_arms((Fraction(2, 3), Fraction(1, 3)), T)
        d.holds(f"cross-check T = {T}: follow-the-leader on Bernoulli(2/3, 1/3), every reward sequence "
                "enumerated: E Σ g_t == E Σ μ_(a(t))", e_g == e_mu, f"{e_g} == {e_mu}")
    return d.artefact()


def _sum_index_decide(budget_s):
    i, t, T = sp.symbols("i t T", integer=True, positive=True)
    r = sp.Function("r")
    printed = sp.Sum(r(t), (i, 1, T)).doit()  # the summand does not depend on i
    vals = {1: Fraction(1), 2: Fraction(0)}
    printed_at = Fraction(2) * vals[1]  # T = 2, the free t = 1
    intended = vals[1] + vals[2]
    if printed != T * r(t) or printed_at == intended:  # pragma: no cover - sympy would have changed
        raise AssertionError("unexpected evaluation of the printed sum")
    return refuted("exact evaluation",
                   counterexample={"T": 2, "r_1": 1, "r_2": 0, "free t": 1,
                                   "Σ_(i=1)^T r_t (as printed)": printed_at, "Σ_(t=1)^T r_t": intended},
                   **{"printed_sum": sp.sstr(printed), "printed_at_T=2,t=1": printed_at,
                      "intended_Σ_t r_t": intended})


# ---------------------------------------------------------------- SMAB-EXPECTED-GE-PSEUDO
def two_fair_coins_e_max() -> Fraction:
    """``E max(X_1, X_2)`` for two independent fair coins, T = 1 (exact): 3/4."""
    return sum(Fraction(1, 4) * max(a, b) for a in (0, 1) for b in (0, 1))


def expected_ge_pseudo_proof():
    d = Derivation("E[max_i Σ_t X_(i,t)] ≥ max_i E Σ_t X_(i,t), hence E R(T) ≥ R̄(T) for every policy, k, T")
    d.cited("for each j: max_i Y_i ≥ Y_j pointwise, so E max_i Y_i ≥ E Y_j; take the max over j",
            "monotonicity of expectation")
    d.cited("E R(T) − R̄(T) = E max_i Y_i − max_i E Y_i ≥ 0 (the second terms E Σ X_(I(t),t) coincide)",
            "Jensen's inequality for the convex function max (Jensen 1906)")
    e_max = two_fair_coins_e_max()
    d.holds("cross-check (two fair coins, T = 1): E max(X_1, X_2) = 3/4 ≥ max(E X_1, E X_2) = 1/2",
            e_max >= Fraction(1, 2), f"{e_max} >= 1/2")
    return d.artefact()


def _expected_eq_pseudo_decide(budget_s):
    e_max = two_fair_coins_e_max()
    e_play = Fraction(1, 2)  # any policy: each arm has mean 1/2
    er, rbar = e_max - e_play, Fraction(1, 2) - e_play
    return refuted("exact enumeration",
                   counterexample={"arms": "two Bernoulli(1/2)", "T": 1, "E R(T)": er, "R̄(T)": rbar},
                   **{"E R(1)": er, "R̄(1)": rbar})


# ---------------------------------------------------------------- SMAB-RANDOM-LINEAR
def random_linear_proof():
    d = Derivation("uniformly random play: R(T) = T(μ − (1/k)Σ_i μ_i) = (T/k)Σ_i (μ − μ_i), linear in T, > 0 "
                   "unless all means are equal; every k, T")
    k = sp.Symbol("k", integer=True, positive=True)
    i = sp.Symbol("i", integer=True)
    m, mu, T = sp.IndexedBase("m"), sp.Symbol("mu"), sp.Symbol("T", positive=True)
    d.cited("given a(t) = i the reward g_t is a fresh draw of arm i, so E g_t = E μ_(a(t)) = Σ_i P(a(t) = i) μ_i "
            "(SMAB-PSEUDO's tower step)", IID_REWARDS)
    d.cited("R(T) = Tμ − E Σ_(t≤T) g_t = Tμ − Σ_(t≤T) E g_t", "linearity of expectation")
    t = sp.Symbol("t", integer=True, positive=True)
    Tn = sp.Symbol("T", integer=True, positive=True)
    per_round = sp.factor_terms(sp.Sum(m[i] / k, (i, 1, k)))
    total = sp.Sum(per_round, (t, 1, Tn)).doit()
    d.holds("a(t) uniform on the k arms in every round (P(a(t) = i) = 1/k): E μ_(a(t)) = Σ_i μ_i/k = (1/k)Σ_i μ_i, "
            "and Σ_(t≤T) E μ_(a(t)) = (T/k)Σ_i μ_i, so R(T) = T(μ − (1/k)Σ_i μ_i); symbolic k and T",
            sp.expand(per_round - sp.Sum(m[i], (i, 1, k)) / k) == 0
            and sp.expand(total - Tn * sp.Sum(m[i], (i, 1, k)) / k) == 0,
            f"sympy, symbolic k, T: factor_terms(Sum(m[i]/k, (i, 1, k))) = {sp.sstr(per_round)}; "
            f"Sum(that, (t, 1, T)).doit() = {sp.sstr(total)}")
    lhs = T * (mu - sp.Sum(m[i], (i, 1, k)) / k)
    rhs = T / k * sp.Sum(mu - m[i], (i, 1, k))
    d.zero("symbolic k: T(μ − (1/k)Σ_i μ_i) − (T/k)Σ_i(μ − μ_i) == 0", sp.expand((lhs - rhs).doit()))
    d.argument("each μ − μ_i ≥ 0 (μ = max_i μ_i), so the slope (1/k)Σ_i(μ − μ_i) ≥ 0, zero iff every μ_i = μ",
               "the definition μ = max_i μ_i (line 29)")
    return d.artefact()


# ---------------------------------------------------------------- SMAB-LAI-ROBBINS/any-policy
def _lai_robbins_any_decide(budget_s):
    p, q = sp.Rational(1, 4), sp.Rational(1, 2)  # suboptimal arm mean p, best mean q
    kl = p * sp.log(p / q) + (1 - p) * sp.log((1 - p) / (1 - q))
    kl_closed = sp.Rational(1, 4) * sp.log(sp.Rational(27, 16))
    if sp.simplify(sp.expand_log(kl - kl_closed, force=True)) != 0:  # pragma: no cover
        raise AssertionError("KL closed form")
    C = (q - p) / kl_closed  # = 1/log(27/16) > 0 since 27/16 > 1
    T = sp.Symbol("T", positive=True)
    regret = sp.Sum(q - q, (sp.Symbol("t"), 1, T)).doit()  # the policy always plays the best arm
    return refuted("exact evaluation (closed forms)",
                   counterexample={"means": "(1/2, 1/4) Bernoulli", "policy": "always arm 1 (the best)",
                                   "R(T) for every T": 0, "liminf R(T)/log T": 0,
                                   "C(μ)": sp.sstr(sp.simplify(C))},
                   **{"KL(1/4‖1/2)": sp.sstr(kl_closed), "C = Σ Δ/KL": sp.sstr(sp.simplify(C)),
                      "C > 0 because": "27/16 > 1, so log(27/16) > 0", "R(T)": sp.sstr(regret)})


# ---------------------------------------------------------------- SMAB-GITTINS/finite-horizon
#: the instance: discount λ, a known arm of mean P_KNOWN (its Gittins index), an arm with a Beta(1, 1) prior
LAM, P_KNOWN = Fraction(9, 10), Fraction(11, 20)


def gittins_certificate() -> Fraction:
    """E Σ_(s<τ) λ^s (X_s − p) for the rule "play the Beta(1,1) arm; after a success play it once more;
    stop" (s counted from 0).  A positive value certifies Gittins index > p (calibration: the index is
    the largest p at which retiring at once is optimal)."""
    first = Fraction(1, 2) - P_KNOWN                     # E X_0 = 1/2 under Beta(1, 1)
    after_success = Fraction(2, 3) - P_KNOWN             # posterior Beta(2, 1) has mean 2/3
    return first + LAM * Fraction(1, 2) * after_success  # P(success) = 1/2


def _gittins_decide(budget_s):
    cert = gittins_certificate()
    if not cert > 0:  # pragma: no cover
        raise AssertionError("certificate not positive")
    g_index_policy = LAM * Fraction(1, 2)   # T = 1: the index policy plays the Beta(1,1) arm
    g_opt = LAM * max(P_KNOWN, Fraction(1, 2))  # T = 1: the best single play
    return refuted("exact rational certificate + exact optimum at T = 1",
                   counterexample={"λ": LAM, "T": 1, "arm A": "known mean 11/20", "arm B": "prior Beta(1,1)",
                                   "G(1) of the Gittins index policy": g_index_policy,
                                   "max_policy G(1)": g_opt},
                   **{"stopping-rule value E Σ λ^s (X_s − 11/20)": cert,
                      "meaning": "Gittins index of Beta(1,1) at λ = 9/10 exceeds 11/20 = index of the "
                                 "known arm, so the index policy plays the unknown arm first",
                      "G(1) index policy": g_index_policy, "G(1) optimal": g_opt})


# ---------------------------------------------------------------- SMAB-ADV-STATIC
def adv_static_proof():
    d = Derivation("for every even T: two arms with X_(1,t) = 1[t ≤ T/2], X_(2,t) = 1[t > T/2] and the policy "
                   "'always arm 1' have static regret (line 306, best fixed arm) 0 and dynamic regret "
                   "Σ_t max_i X_(i,t) − Σ_t X_(I(t),t) = T/2")
    h = sp.Symbol("h", integer=True, positive=True)  # T = 2h
    t = sp.Symbol("t", integer=True, positive=True)
    arm1 = sp.Sum(1, (t, 1, h)).doit()
    arm2 = sp.Sum(1, (t, h + 1, 2 * h)).doit()
    d.equal("Σ_t X_(1,t) = T/2", arm1, h)
    d.equal("Σ_t X_(2,t) = T/2", sp.simplify(arm2), h)
    d.equal("static regret max(Σ X_1, Σ X_2) − Σ X_1 = 0", sp.Max(arm1, sp.simplify(arm2)) - arm1, 0)
    d.equal("dynamic regret Σ_t max_i X_(i,t) − Σ_t X_(1,t) = 2h − h = T/2 (every round has a 1)",
            2 * h - arm1, h)
    return d.artefact()


@register
def smab_lecture_claims():
    return [
        claim(id="SMAB-DISCOUNT", source=LOC_G, kind="identity", expected=True,
              statement_text="for every T and 0 < λ < 1: Σ_(t≤T) λ^t E g_t = E Σ_(t≤min(τ,T)) g_t for a "
                             "stopping round τ independent of the play with P(τ ≥ t) = λ^t",
              decide=derived(discount_proof, "derivation (geometric tail, independence)"),
              description="Geometric tail summed by sympy, product measure, linearity; exact T = 3 "
                          "cross-check."),
        claim(id="SMAB-PSEUDO", source=f"{LOC_R}; {LOC_RBAR}", kind="identity", expected=True,
              statement_text="for every policy, k and T: Tμ − E Σ_t g_t = Tμ − E Σ_t μ_(a(t)) = "
                             "E Σ_t (μ − μ_(a(t))) (the regrets of lines 30, 33 and 313 are the "
                             "pseudo-regret)",
              decide=derived(pseudo_proof, "derivation (tower property)"),
              description="Tower property and linearity; exact enumeration of follow-the-leader, "
                          "T = 2..4, as a cross-check."),
        claim(id="SMAB-SUM-INDEX/as-printed", source=LOC_R, kind="identity", expected=False,
              statement_text="R(T) = E Σ_(i=1)^T r_t as printed (summation index i, summand r_t) equals "
                             "E Σ_(t=1)^T r_t",
              decide=_sum_index_decide,
              description="The printed sum is T·r_t; exact counterexample T = 2, r = (1, 0)."),
        claim(id="SMAB-EXPECTED-GE-PSEUDO", source=LOC_RBAR, kind="inequality", expected=True,
              statement_text="for every policy, k and T: E R(T) ≥ R̄(T), where R(T) has the max inside "
                             "(line 306) and R̄(T) = max_i E Σ X_(i,t) − E Σ X_(I(t),t) (line 313)",
              decide=derived(expected_ge_pseudo_proof, "derivation"),
              description="E max ≥ max E."),
        claim(id="SMAB-EXPECTED-GE-PSEUDO/equal", source=LOC_RBAR, kind="identity", expected=False,
              statement_text="E R(T) = R̄(T) (the 'average regret' R̄ is the mean of the regret R(T))",
              decide=_expected_eq_pseudo_decide,
              description="Two fair coins, T = 1: E R = 1/4, R̄ = 0, exactly."),
        claim(id="SMAB-RANDOM-LINEAR", source=LOC_RAND, kind="identity", expected=True,
              statement_text="for every k and T: the uniformly random policy has R(T) = T(μ − (1/k)Σ_i μ_i), "
                             "linear in T with slope ≥ 0, zero iff all means are equal",
              decide=derived(random_linear_proof, "derivation (symbolic k)"),
              description="Symbolic sum over k arms."),
        claim(id="SMAB-LAI-ROBBINS/any-policy", source=LOC_LR, kind="lower bound", expected=False,
              statement_text="for every policy on Bernoulli arms: liminf_T R(T)/log T ≥ C(μ) = "
                             "Σ_(i:Δ_i>0) Δ_i/D_KL(μ_i‖μ*) (no consistency hypothesis, as printed)",
              decide=_lai_robbins_any_decide,
              description="The constant policy 'always arm 1' on (1/2, 1/4): R(T) = 0 for every T, "
                          "C = 1/log(27/16) > 0."),
        claim(id="SMAB-GITTINS/finite-horizon", source=LOC_GIT, kind="computation", expected=False,
              statement_text="for λ < 1 and every finite T, playing the arm of largest Gittins index "
                             "(discount λ) maximises G(T) = E Σ_(t≤T) λ^t g_t",
              decide=_gittins_decide,
              description="Exact: at λ = 9/10 a stopping rule certifies index(Beta(1,1)) > 11/20 "
                          "(value 1/400); at T = 1 the index policy earns 9/20 < 99/200."),
        claim(id="SMAB-ADV-STATIC", source=LOC_ADV, kind="identity", expected=True,
              statement_text="for every even T there are reward sequences and a policy with static "
                             "(best-fixed-arm) regret 0 and dynamic regret T/2",
              decide=derived(adv_static_proof, "derivation (symbolic T = 2h)"),
              description="Two arms swapping at T/2; the policy that never switches."),
    ]


register_erratum(Erratum(
    id="ERR-003-REGRET-SUM-INDEX", source_file=SRC.file, location="'Многорукие бандиты', line 33",
    source_says="R(T) = E Σ_(i=1)^T r_t (summation index i, summand r_t)",
    truth="R(T) = E Σ_(t=1)^T r_t; as printed the sum is T·r_t. With r_t = μ − μ_(a(t)) it equals the "
          "pseudo-regret Tμ − E Σ g_t of line 30",
    evidence_claims=("SMAB-SUM-INDEX/as-printed", "SMAB-PSEUDO"),
    conclusion_survives="yes: a misprinted index; the two regret definitions agree once it is repaired",
    severity="notation", quotes=(
        r"$$R(T) = E\sum \limits_{i=1}^{T}r_{t}$$",
    )))

register_erratum(Erratum(
    id="ERR-003-LAI-ROBBINS-CONSISTENCY", source_file=SRC.file, location="'Варианты решения SMAB', line 54",
    source_says="Для бернулли оптимально: liminf_(T→∞) ER(T)/log T ≥ C(μ_1, …, μ_k) (no hypothesis on the policy)",
    truth="the Lai–Robbins bound holds only for consistent (uniformly good) policies; for an arbitrary policy it "
          "fails (always playing arm 1 on means (1/2, 1/4) has R(T) = 0 < C log T); the constant is "
          "C = Σ_(i:Δ_i>0) Δ_i/D_KL(μ_i‖μ*)",
    evidence_claims=("SMAB-LAI-ROBBINS/any-policy",),
    conclusion_survives="yes: KL-UCB is consistent, so the bound (Lai & Robbins 1985, not re-proved here) "
                        "applies to it and the asymptotic-optimality remark stands",
    severity="misprint", quotes=(
        r"$$\liminf \limits_{T \rightarrow \infty} \frac{ER(T)}{\log T} \geq C(\mu_1, …, \mu_k)$$",
    )))

register_erratum(Erratum(
    id="ERR-003-GITTINS-FINITE-HORIZON", source_file=SRC.file, location="'Варианты решения SMAB', Gittins paragraph",
    source_says="при λ < 1 … (Gittins) существует оптимальная стратегия игры (максимизирующая G(T), при этом не "
                "ассимптотически): вычислять gittins index и брать ручку с максимальным значением индекса",
    truth="the Gittins-index policy is optimal for the infinite discounted horizon (T = ∞); for finite T it "
          "need not maximise G(T): at λ = 9/10, T = 1, a known arm 11/20 vs a Beta(1,1) arm, the index policy "
          "earns 9/20 < 99/200 (exact); even with two unknown arms, Beta(1,1) vs Beta(11,9) at λ = 9/10, the index "
          "policy loses G(1) by 9/200 and stays below the Bayes-optimal T-step value at T = 1 and T = 3..12 "
          "(exact; this absorbs the former ERR-003-GITTINS-TWO-UNKNOWN-FINITE-T)",
    evidence_claims=("SMAB-GITTINS/finite-horizon", "GITTINS-OPT/finite-T-two-unknown", "GITTINS-OPT/infinite"),
    conclusion_survives="partly: Gittins' theorem holds for T = ∞ (not re-proved here); nothing later in the "
                        "notes uses the finite-T claim",
    severity="wrong-result", quotes=(
        "можно показать (Gittins), что существует оптимальная стратегия игры",
    )))
