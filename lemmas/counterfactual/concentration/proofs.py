"""General derivations of the inequalities of source 002's 有用な確率不等式のまとめ.

Source: ``002_3ec5ec57f55c1fdf.txt``, article 有用な確率不等式のまとめ.  The claims in
``lemmas/counterfactual/concentration/basic.py``, ``lemmas/counterfactual/concentration/hoeffding.py`` and ``lemmas/counterfactual/concentration/martingale.py`` check
the inequalities exactly on drawn instances (survived); this module records each proof in the
source's own order as a :class:`~clickbound.lemmas.support.derive.Derivation` for every parameter value
(scope ``all``): the algebra sympy checks (identities, derivatives, the minimising s, the
telescoping induction), the probability steps marked ``(argument)`` with the theorem they rest on.

* CONC-JENSEN/proof — finite support by induction from the convexity definition; any law by the
  supporting line at E[X], then linearity.
* CONC-MARKOV/proof — ε^p I{x >= ε} <= x^p pointwise for x >= 0 (no density needed; the source's
  proof writes a density f).
* CONC-CHEBYSHEV/proof — Markov with X = |Z − E Z|, p = 2.
* CONC-HLEMMA/proof — the source's steps with E[e^{sX}] <= (not =) the two-point value and the
  Lagrange remainder φ''(v).
* CONC-HOEFFDING/proof — Chernoff, independence, the lemma on Z_i ∈ [a_i − E X_i, b_i − E X_i],
  s = 4ε/Σ(b_i − a_i)², then ε → nε: exp(−2n²ε²/Σ(b_i − a_i)²).
* CONC-AZUMA/proof — the same with the tower property and S_{n−1} (not S_n) inside.
* CONC-MCDIARMID/proof — Doob martingale, telescoping by induction, centred Z_k, then Azuma.
"""
from __future__ import annotations

import sympy as sp

from clickbound.lemmas.engine.registry import register
from clickbound.lemmas.support.kit import Derivation, claim_family, derived, source

SRC = source("counterfactual")
ART = "有用な確率不等式のまとめ"
#: the method every derivation of this module is decided by
METHOD = "derivation (sympy steps + named arguments)"


def jensen_proof():
    d = Derivation("f convex on an interval I ∋ X, E|X| < ∞  ⇒  f(E X) <= E f(X)")
    i = sp.Symbol("i", integer=True)
    n = sp.Symbol("n", integer=True, positive=True)
    p, xs = sp.IndexedBase("p"), sp.IndexedBase("x")
    d.argument("finite support, induction on the number of atoms n + 1: Σ_{i=1}^{n+1} p_i x_i = p_1 x_1 + "
               "Σ_{i=2}^{n+1} p_i x_i", "definition of the finite sum; n + 1 = 2 is the convexity definition")
    d.equal("renormalising the remaining atoms (weights p_i/(1 − p_1), summing to 1)",
            p[1] * xs[1] + sp.Sum(p[i] * xs[i], (i, 2, n + 1)),
            p[1] * xs[1] + (1 - p[1]) * sp.Sum(p[i] / (1 - p[1]) * xs[i], (i, 2, n + 1)))
    d.argument("f(Σ p_i x_i) <= p_1 f(x_1) + (1 − p_1) f(Σ_{i>=2} p_i x_i/(1 − p_1)) <= Σ_i p_i f(x_i)",
               "the convexity definition, then the induction hypothesis for n atoms")
    x, m, g, fm = sp.symbols("x m g f_m", real=True)
    d.cited("m = E X lies in I and there is a slope g with f(x) >= f(m) + g (x − m) for all x ∈ I",
            "supporting lines of convex functions (Rockafellar, Convex Analysis, 1970, Theorem 23.4)")
    d.equal("E[f(m) + g(X − m)] = f(m) + g(E X − m) = f(m) at E X = m (linearity)",
            (fm + g * (x - m)).subs(x, m), fm)
    d.cited("E f(X) >= E[f(m) + g(X − m)] = f(m)",
            "monotonicity and linearity of expectation")
    return d.artefact()


def markov_proof():
    d = Derivation("X >= 0, ε > 0, p > 0  ⇒  P(X >= ε) <= E[X^p]/ε^p, for every law of X (no density needed)")
    x, p = sp.symbols("x p", positive=True)
    deriv = sp.diff(x ** p, x)
    d.holds("y ↦ y^p is increasing on y > 0 for p > 0", deriv.is_positive, f"d/dy y^p = {sp.sstr(deriv)} > 0")
    d.cited("ε^p I{x >= ε} <= x^p for every x >= 0: for x >= ε by monotonicity, for x < ε since 0 <= x^p",
            "monotonicity of t ↦ t^p on [0, ∞) for p > 0")
    d.cited("ε^p P(X >= ε) = E[ε^p I{X >= ε}] <= E[X^p]",
            "monotonicity of expectation")
    return d.artefact()


def chebyshev_proof():
    d = Derivation("P(|Z − E Z| >= ε) <= V[Z]/ε² for every ε > 0 (V[Z] = E[(Z − E Z)²], possibly ∞)")
    z, m = sp.symbols("z m", real=True)
    d.equal("|z − m|² = (z − m)² for real z, m", sp.Abs(z - m) ** 2, (z - m) ** 2)
    d.cited("apply CONC-MARKOV/proof to X = |Z − E Z| >= 0 with p = 2: E[X²] = V[Z]",
            "Markov's inequality (the step above, with p = 2)")
    return d.artefact()


def _phi():
    p, u = sp.symbols("p u", real=True)
    return p, u, sp.log(p * sp.exp((1 - p) * u) + (1 - p) * sp.exp(-p * u))


def hlemma_proof():
    d = Derivation("E[X] = 0, a <= X <= b  ⇒  E[e^{sX}] <= exp(s²(b − a)²/8) for every real s "
                   "(the source's steps, with <= for the expectation and the remainder at v)")
    s, x, a, b = sp.symbols("s x a b", real=True)
    lam = (b - x) / (b - a)
    d.equal("x = λa + (1 − λ)b with λ = (b − x)/(b − a) ∈ [0, 1]", lam * a + (1 - lam) * b, x)
    d.cited("e^{sx} <= λ e^{sa} + (1 − λ) e^{sb} for x ∈ [a, b]",
            "a convex function lies below its chords (Rockafellar, Convex Analysis, 1970, Theorem 4.1)")
    two_point = (b - x) / (b - a) * sp.exp(s * a) + (x - a) / (b - a) * sp.exp(s * b)
    d.equal("E of the two-point bound is linear in X; at E X = 0 it is b/(b−a) e^{sa} − a/(b−a) e^{sb}",
            two_point.subs(x, 0), b / (b - a) * sp.exp(s * a) - a / (b - a) * sp.exp(s * b))
    d.cited("E[e^{sX}] <= b/(b−a) e^{sa} − a/(b−a) e^{sb} (an inequality: equality only if X ∈ {a, b})",
            "monotonicity and linearity of expectation")
    p, u, phi = _phi()
    d.equal("with p = −a/(b−a), u = s(b−a): e^{φ(u)} is the two-point value",
            sp.exp(phi.subs({p: -a / (b - a), u: s * (b - a)})),
            b / (b - a) * sp.exp(s * a) - a / (b - a) * sp.exp(s * b))
    A_, B_ = sp.symbols("A B", positive=True)  # a = −A ≤ 0 < b = B (E X = 0 with a <= X <= b, a < b)
    ur = sp.Symbol("u", real=True)
    p_ab = sp.simplify(A_ / (B_ + A_))  # −a/(b − a) with a = −A, b = B
    q_ab = sp.simplify(1 - p_ab)
    mass = sp.simplify(1 - p_ab + p_ab * sp.exp(ur))
    d.holds("a <= 0 <= b (E X = 0), so p = −a/(b − a) ∈ [0, 1] and 1 − p + p e^u > 0 (a = −A, b = B, A, B > 0; "
            "a = 0 gives p = 0)", bool(p_ab.is_nonnegative and q_ab.is_nonnegative and mass.is_positive),
            f"sympy: p = {sp.sstr(p_ab)}, 1 − p = {sp.sstr(q_ab)}, 1 − p + p e^u = {sp.sstr(mass)}: "
            f"is_nonnegative {p_ab.is_nonnegative}, {q_ab.is_nonnegative}; is_positive {mass.is_positive}")
    d.equal("φ(0) = log(p + (1 − p)) = 0", phi.subs(u, 0), 0)
    d1 = sp.diff(phi, u)
    d.equal("φ'(u) = −p + p e^u/(1 − p + p e^u)", d1, -p + p * sp.exp(u) / (1 - p + p * sp.exp(u)))
    d.equal("φ'(0) = 0", d1.subs(u, 0), 0)
    rho = p * sp.exp(u) / (1 - p + p * sp.exp(u))
    d.equal("φ''(u) = ρ(1 − ρ), ρ = p e^u/(1 − p + p e^u) ∈ [0, 1]", sp.diff(phi, u, 2), rho * (1 - rho))
    r = sp.Symbol("r", real=True)
    d.equal("1/4 − ρ(1 − ρ) = (ρ − 1/2)² >= 0", sp.Rational(1, 4) - r * (1 - r), (r - sp.Rational(1, 2)) ** 2)
    d.cited("φ(u) = φ(0) + uφ'(0) + (u²/2)φ''(v) for some v between 0 and u, so φ(u) <= u²/8",
            "Taylor's theorem with the Lagrange remainder")
    d.equal("u²/8 at u = s(b − a) is s²(b − a)²/8", (u ** 2 / 8).subs(u, s * (b - a)), s ** 2 * (b - a) ** 2 / 8)
    return d.artefact()


def _minimise(d: Derivation, csum, eps, s):
    expo = s ** 2 / 8 * csum - s * eps
    s_star = 4 * eps / csum
    d.equal("d/ds (s²C/8 − sε) = 0 at s = 4ε/C", sp.diff(expo, s).subs(s, s_star), 0)
    d.holds("second derivative C/4 > 0 (a minimum)", sp.diff(expo, s, 2).is_positive, f"{sp.sstr(sp.diff(expo, s, 2))} > 0")
    d.equal("the minimum value is −2ε²/C", expo.subs(s, s_star), -2 * eps ** 2 / csum)


def hoeffding_proof():
    d = Derivation("X_i independent in [a_i, b_i]: P(mean − E mean >= ε) <= exp(−2n²ε²/Σ(b_i − a_i)²), every n, ε > 0")
    s, eps, csum, n = sp.symbols("s epsilon C n", positive=True)
    ex, a, b = sp.symbols("E_X a b", real=True)
    d.equal("Z_i = X_i − E X_i lies in [a_i − E X_i, b_i − E X_i], of width b_i − a_i (not in [a_i, b_i])",
            (b - ex) - (a - ex), b - a)
    d.cited("P(Σ Z_i >= ε) = P(e^{sΣZ_i} >= e^{sε}) <= e^{−sε} E[Π e^{sZ_i}] = e^{−sε} Π E[e^{sZ_i}]",
            "Markov's inequality; the expectation of a product of independent variables is the product of their expectations")
    d.cited("E[e^{sZ_i}] <= exp(s²(b_i − a_i)²/8)",
            "Hoeffding's lemma (Hoeffding 1963, eq. (4.16)) on Z_i (mean 0, width b_i − a_i)")
    c1, c2 = sp.symbols("c1 c2", positive=True)
    d.equal("Π exp(s²c_i²/8) = exp(s²Σc_i²/8) (shown for two factors; induction on n)",
            sp.exp(s ** 2 * c1 ** 2 / 8) * sp.exp(s ** 2 * c2 ** 2 / 8), sp.exp(s ** 2 * (c1 ** 2 + c2 ** 2) / 8))
    _minimise(d, csum, eps, s)
    d.equal("P(mean − E mean >= ε) = P(Σ Z_i >= nε): the exponent becomes −2n²ε²/C",
            (-2 * eps ** 2 / csum).subs(eps, n * eps), -2 * n ** 2 * eps ** 2 / csum)
    return d.artefact()


def azuma_proof():
    d = Derivation("E[V_i | X_1..X_{i−1}] = 0, Z_i <= V_i <= Z_i + c_i (Z_i a function of X_1..X_{i−1})  ⇒  "
                   "P(Σ_{i=1}^n V_i >= ε) <= exp(−2ε²/Σ_{i=1}^n c_i²), every n, ε > 0")
    t, eps, csum = sp.symbols("t epsilon C", positive=True)
    d.cited("P(S_n >= ε) <= e^{−tε} E[e^{tS_n}]",
            "Markov's inequality applied to e^(tS_n), t > 0")
    d.cited("E[e^{tS_n}] = E[e^{tS_{n−1}} E[e^{tV_n} | X_1..X_{n−1}]] (S_{n−1}, not S_n, is taken out)",
            "the tower property of conditional expectation and taking out what is known (Williams, Probability with Martingales, 1991, §9.7(i), (j))")
    d.cited("E[e^{tV_n} | X_1..X_{n−1}] <= exp(t²c_n²/8)",
            "Hoeffding's lemma (Hoeffding 1963, eq. (4.16)), conditionally on X_1..X_(n−1)")
    cn, rest = sp.symbols("c_n R", positive=True)
    d.equal("induction step: exp(t²R/8)·exp(t²c_n²/8) = exp(t²(R + c_n²)/8)",
            sp.exp(t ** 2 * rest / 8) * sp.exp(t ** 2 * cn ** 2 / 8), sp.exp(t ** 2 * (rest + cn ** 2) / 8))
    _minimise(d, csum, eps, t)
    return d.artefact()


def mcdiarmid_proof():
    d = Derivation("X_i independent, bounded differences c_i  ⇒  P(f − E f >= ε) <= exp(−2ε²/Σ c_i²)")
    g = sp.IndexedBase("g")
    n = sp.Symbol("n", integer=True, positive=True)
    d.equal("telescoping, n = 1: V_1 = g_1 − g_0", g[1] - g[0], g[1] - g[0])
    d.equal("telescoping, n → n + 1: (g_n − g_0) + (g_{n+1} − g_n) = g_{n+1} − g_0",
            (g[n] - g[0]) + (g[n + 1] - g[n]), g[n + 1] - g[0])
    d.argument("with g_k = E[f | X_1..X_k]: g_n = f(X_1..X_n), g_0 = E f, so Σ V_k = f − E f",
               "definition of V_k = g_k − g_{k−1}; the induction above")
    d.cited("E[V_k | X_1..X_{k−1}] = E[g_k | X_1..X_{k−1}] − g_{k−1} = 0",
            "the tower property of conditional expectation (Williams, Probability with Martingales, 1991, §9.7(i))")
    d.argument("sup_x g_k(X_{<k}, x) − inf_x g_k(X_{<k}, x) <= c_k",
               "independence: g_k(X_{<k}, x) = E_{X_{>k}} f(X_{<k}, x, X_{>k}); bounded difference in coordinate k")
    gk, gkm1, lo, hi, ck = sp.symbols("g_k g_km1 inf_g sup_g c_k", real=True)
    zk = lo - gkm1
    d.equal("V_k − Z_k = g_k − inf_x g_k >= 0 with the centred Z_k = inf_x g_k − g_{k−1}", (gk - gkm1) - zk, gk - lo)
    d.equal("Z_k + c_k − V_k = (inf_x g_k + c_k − sup_x g_k) + (sup_x g_k − g_k) >= 0",
            zk + ck - (gk - gkm1), (lo + ck - hi) + (hi - gk))
    d.cited("Azuma's inequality with V_k, Z_k, c_k gives the bound",
            "Azuma (1967), Weighted sums of certain dependent random variables (Azuma–Hoeffding inequality)")
    return d.artefact()


@register
def claims():
    proof = claim_family(kind="upper bound", expected=True)
    return [
        proof(id="CONC-JENSEN/proof", spec_id="CONC-JENSEN", source=SRC.at(f"{ART} > Jensen's inequality"),
              statement_text="f convex ⇒ f(E X) <= E f(X)", decide=derived(jensen_proof, METHOD),
              description="supporting-line proof", kind="inequality"),
        proof(id="CONC-MARKOV/proof", spec_id="CONC-MARKOV", source=SRC.at(f"{ART} > Marcov's Inequality"),
              statement_text="X >= 0, ε > 0, p > 0 ⇒ P(X >= ε) <= E[X^p]/ε^p", decide=derived(markov_proof, METHOD),
              description="pointwise indicator bound"),
        proof(id="CONC-CHEBYSHEV/proof", spec_id="CONC-CHEBYSHEV", source=SRC.at(f"{ART} > Chebyshev's inequality"),
              statement_text="P(|Z − E Z| >= ε) <= V[Z]/ε²", decide=derived(chebyshev_proof, METHOD),
              description="Markov with p = 2"),
        proof(id="CONC-HLEMMA/proof", spec_id="CONC-HLEMMA", source=SRC.at(f"{ART} > Hoeffding's lemma, 導出"),
              statement_text="E[X] = 0, a <= X <= b ⇒ E[e^{sX}] <= exp(s²(b−a)²/8), every real s",
              decide=derived(hlemma_proof, METHOD), description="the source's steps, repaired (<= and φ''(v))"),
        proof(id="CONC-HOEFFDING/proof", spec_id="CONC-HOEFFDING", source=SRC.at(f"{ART} > Hoeffding's Inequality, 導出"),
              statement_text="P(mean − E mean >= ε) <= exp(−2n²ε²/Σ(b_i − a_i)²)",
              decide=derived(hoeffding_proof, METHOD), description="Chernoff + lemma, minimised in s"),
        proof(id="CONC-AZUMA/proof", spec_id="CONC-AZUMA", source=SRC.at(f"{ART} > Azuma's inequality, 導出"),
              statement_text="P(Σ_{i=1}^n V_i >= ε) <= exp(−2ε²/Σ_{i=1}^n c_i²)",
              decide=derived(azuma_proof, METHOD), description="conditional lemma by induction"),
        proof(id="CONC-MCDIARMID/proof", spec_id="CONC-MCDIARMID", source=SRC.at(f"{ART} > McDiarmid's inequality, 導出"),
              statement_text="P(f − E f >= ε) <= exp(−2ε²/Σ c_i²)", decide=derived(mcdiarmid_proof, METHOD),
              description="Doob martingale, centred Z_k, Azuma"),
    ]
