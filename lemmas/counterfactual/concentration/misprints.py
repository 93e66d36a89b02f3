"""Misprints in the proofs of source 002's 有用な確率不等式のまとめ, each refuted exactly.

Source: ``002_3ec5ec57f55c1fdf.txt``, article 有用な確率不等式のまとめ.  Each claim below is a line
of the source as printed, registered ``expected=False`` and refuted by an exact instance; the repaired
line is proved in ``lemmas/counterfactual/concentration/proofs.py`` (or here, for the exponent identity).

* Hoeffding's lemma: ``sx = sλa + (1 − λ)b`` (the s is missing on b); ``E[e^{sX}] = E[two-point bound]``
  (only <=; the same '=' reappears as ``φ(u) = log E[e^{sX}]``); ``φ(0) = log(p − (1 − p))``.
* Hoeffding's inequality: ``a_i <= Z_i <= b_i`` for ``Z_i = X_i − E X_i``.
* Azuma: upper summation index ``m`` for ``n``; ``E[e^{tS_n}] = E[e^{tS_n} E[e^{tV_n} | …]]`` (S_{n−1} meant).
* McDiarmid: ``sup … <= c_i`` at step k (c_k meant); the telescoping sum's first bracket
  ``E[f|X_1..X_{k−1}] − E[f|X_1..X_{k−1}]`` (= 0; ``E[f|X_1..X_n] − E[f|X_1..X_{n−1}]`` meant).
"""
from __future__ import annotations

from fractions import Fraction

import sympy as sp

from clickbound.lemmas.counterfactual.concentration.martingale import bounded_differences, conditional_expectations
from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.engine.require import require
from clickbound.lemmas.support.exact_prob import exp_bounds, exp_compare
from clickbound.lemmas.support.kit import Claim, Outcome, claim_family, refuted, source

SRC = source("counterfactual")
ART = "有用な確率不等式のまとめ"
LOC_HL = f"{ART} > Hoeffding's inequality > Hoeffding's lemma, 導出"
LOC_HI = f"{ART} > Hoeffding's inequality > Hoeffding's Inequality, 導出"
LOC_AZ = f"{ART} > McDiarmid's inequality > Azuma's inequality"
LOC_MC = f"{ART} > McDiarmid's inequality > McDiarmid's inequality, 導出"
HALF = Fraction(1, 2)
COIN = {0: HALF, 1: HALF}


def exponent_claims():
    s, x, a, b = sp.symbols("s x a b")
    lam = (b - x) / (b - a)
    box = {s: (sp.Rational(1, 10), 5), x: (-3, 3), a: (-3, sp.Rational(-1, 10)), b: (sp.Rational(1, 10), 3)}
    inside = [sp.Ge(x, a), sp.Le(x, b)]
    return [
        Claim(id="CONC-HLEMMA/exponent-as-printed", spec_id="CONC-HLEMMA", source=SRC.at(LOC_HL),
              statement=sp.Eq(s * x, s * lam * a + (1 - lam) * b, evaluate=False), domain=box, assumptions=inside,
              kind="identity", expected=False, description="sx = sλa + (1 − λ)b with λ = (b − x)/(b − a), as printed"),
        Claim(id="CONC-HLEMMA/exponent-corrected", spec_id="CONC-HLEMMA", source=SRC.at(LOC_HL),
              statement=sp.Eq(s * x, s * (lam * a + (1 - lam) * b), evaluate=False), domain=box, assumptions=inside,
              kind="identity", expected=True, description="sx = s(λa + (1 − λ)b)"),
        Claim(id="CONC-HLEMMA/phi0-as-printed", spec_id="CONC-HLEMMA", source=SRC.at(LOC_HL),
              statement=sp.Eq(sp.log(sp.Symbol("p") - (1 - sp.Symbol("p"))), 0, evaluate=False),
              domain={sp.Symbol("p"): (sp.Rational(3, 5), sp.Rational(9, 10))}, kind="identity", expected=False,
              description="φ(0) = log(p − (1 − p)) = 0 as printed (log(p + (1 − p)) meant)"),
    ]


def decide_mgf_eq_as_printed(budget_s: float) -> Outcome:
    # X ≡ 0 (mean 0, in [a, b] = [−1, 1]), s = 1: E[e^{sX}] = 1, the two-point value is (e^{−1} + e)/2 > 1
    e_lo, _ = exp_bounds(Fraction(1))
    einv_lo, _ = exp_bounds(Fraction(-1))
    require(e_lo + einv_lo > 2, "e + 1/e > 2")
    return refuted("exact (rational bounds on e)", counterexample={
        "X": "constant 0", "a": -1, "b": 1, "s": 1, "E[e^{sX}]": 1,
        "b/(b−a) e^{sa} − a/(b−a) e^{sb}": "(e^{−1} + e)/2 = cosh 1 > 1"})


def decide_zrange_as_printed(budget_s: float) -> Outcome:
    a, b, x = Fraction(1), Fraction(2), Fraction(3, 2)  # X ≡ 3/2 ∈ [1, 2]
    z = x - x
    require(not a <= z <= b, z)
    return refuted("exact", counterexample={"X": "constant 3/2", "[a, b]": "[1, 2]", "Z = X − E X": z})


def decide_azuma_m_as_printed(budget_s: float) -> Outcome:
    # n = 2 fair ±1 steps (c_i = 2, Z_i = −1); the printed Σ_{i=1}^m c_i² read with m = 1 < n:
    # P(V_1 + V_2 >= 2) = 1/4 > exp(−2·4/4) = e^{−2}; with m = n it is exp(−1) >= 1/4.
    tail = Fraction(1, 4)
    require(exp_compare(-2, tail) < 0 and exp_compare(-1, tail) > 0, "e^{-2} < 1/4 < e^{-1}")
    return refuted("exact", counterexample={"n": 2, "m": 1, "V_i": "±1 fair", "c_i": 2, "eps": 2,
                                            "P(ΣV >= 2)": tail, "bound with m = 1": "e^{-2}"})


def decide_azuma_sn_as_printed(budget_s: float) -> Outcome:
    # n = 1, V_1 = ±1 fair, t = 1: E[e^{tS_1}] = cosh 1, E[e^{tS_1} E[e^{tV_1}]] = cosh² 1 ≠ cosh 1 (cosh 1 > 1)
    e_lo, _ = exp_bounds(Fraction(1))
    einv_lo, _ = exp_bounds(Fraction(-1))
    require((e_lo + einv_lo) / 2 > 1, "cosh 1 > 1")
    return refuted("exact (rational bounds on e)", counterexample={
        "n": 1, "V_1": "±1 fair", "t": 1, "E[e^{tS_n}]": "cosh 1", "printed right side": "cosh(1)^2"})


def decide_ck_as_printed(budget_s: float) -> Outcome:
    f = lambda x1, x2: Fraction(x1 + 2 * x2)
    dists = [COIN, COIN]
    cs = bounded_differences(f, [[0, 1], [0, 1]])
    g = conditional_expectations(f, dists)
    spread = max(g[2][(0, v)] for v in (0, 1)) - min(g[2][(0, v)] for v in (0, 1))
    require(cs == [1, 2] and spread == 2 > cs[0], (cs, spread))
    return refuted("exact conditional expectations", counterexample={
        "f": "X_1 + 2 X_2, X_i ~ Bernoulli(1/2)", "k": 2, "sup_{x,x'} difference": spread, "c_1": cs[0], "c_2": cs[1]})


def decide_telescope_as_printed(budget_s: float) -> Outcome:
    f = lambda x1, x2: Fraction(x1 + x2)
    g = conditional_expectations(f, [COIN, COIN])
    x = (1, 1)
    printed = (g[1][x[:1]] - g[1][x[:1]]) + (g[1][x[:1]] - g[0][()])  # first bracket is identically 0
    truth = g[2][x] - g[0][()]
    require(printed == HALF and truth == 1, (printed, truth))
    return refuted("exact conditional expectations", counterexample={
        "n": 2, "f": "X_1 + X_2, fair bits", "X": x, "printed sum": printed, "f − E f": truth})


@register
def claims():
    as_printed = claim_family(kind="identity", expected=False)  # each line as the source prints it
    return [
        *exponent_claims(),
        as_printed(id="CONC-HLEMMA/mgf-eq-as-printed", spec_id="CONC-HLEMMA", source=SRC.at(LOC_HL),
                   statement_text="E[e^{sX}] = E[(b−X)/(b−a) e^{sa} + (X−a)/(b−a) e^{sb}] (as printed; also "
                                  "φ(u) = log E[e^{sX}])",
                   decide=decide_mgf_eq_as_printed, description="X ≡ 0, [−1, 1], s = 1: 1 vs cosh 1"),
        as_printed(id="CONC-HOEFFDING/Zrange-as-printed", spec_id="CONC-HOEFFDING", source=SRC.at(LOC_HI),
                   statement_text="X_i ∈ [a_i, b_i] ⇒ a_i <= Z_i = X_i − E X_i <= b_i (as printed)",
                   decide=decide_zrange_as_printed, description="X ≡ 3/2 in [1, 2]: Z = 0", kind="inequality"),
        as_printed(id="CONC-AZUMA/upper-m-as-printed", spec_id="CONC-AZUMA", source=SRC.at(LOC_AZ),
                   statement_text="P(Σ_{i=1}^n V_i >= ε) <= exp(−2ε²/Σ_{i=1}^m c_i²) with m ≠ n (as printed: "
                                  "upper index m)",
                   decide=decide_azuma_m_as_printed, description="m = 1, n = 2: 1/4 > e^{−2}", kind="upper bound"),
        as_printed(id="CONC-AZUMA/Sn-as-printed", spec_id="CONC-AZUMA", source=SRC.at(f"{LOC_AZ}, 導出"),
                   statement_text="E[e^{tS_n}] = E[e^{tS_n} E[e^{tV_n} | X_1..X_{n−1}]] (as printed)",
                   decide=decide_azuma_sn_as_printed, description="n = 1: cosh 1 vs cosh² 1"),
        as_printed(id="CONC-MCDIARMID/ck-index-as-printed", spec_id="CONC-MCDIARMID", source=SRC.at(LOC_MC),
                   statement_text="sup_{x,x'} E[f|X_{<k}, x] − E[f|X_{<k}, x'] <= c_i with i ≠ k (as printed: c_i "
                                  "at step k)",
                   decide=decide_ck_as_printed, description="f = X_1 + 2X_2, k = 2: 2 > c_1 = 1", kind="inequality"),
        as_printed(id="CONC-MCDIARMID/telescope-as-printed", spec_id="CONC-MCDIARMID", source=SRC.at(LOC_MC),
                   statement_text="Σ V_i = (E[f|X_{<k}] − E[f|X_{<k}]) + … + (E[f|X_1] − E f) = f − E f (as printed)",
                   decide=decide_telescope_as_printed, description="n = 2, f = X_1 + X_2 at (1, 1): 1/2 vs 1"),
    ]


register_erratum(Erratum(
    id="ERR-HLEMMA-EXPONENT", spec_id="CONC-HLEMMA", source_file=SRC.file, location=LOC_HL,
    source_says="sx = sλa + (1 − λ)b;  e^{sx} = e^{sλa + (1 − λ)b} <= λe^{sa} + (1 − λ)e^{sb}",
    truth="sx = s(λa + (1 − λ)b) = λ(sa) + (1 − λ)(sb); the printed exponent drops s on the b term",
    evidence_claims=("CONC-HLEMMA/exponent-as-printed", "CONC-HLEMMA/exponent-corrected"),
    conclusion_survives="yes: the convexity bound λe^{sa} + (1 − λ)e^{sb} is the one for the corrected exponent",
    severity="misprint", quotes=(
        r"これを変形すると,  sx = s \lambda a + (1 - \lambda)b",
        r"e^{sx} = e^{s \lambda a + (1 - \lambda)b} \leqq \lambda e^{sa} + (1 - \lambda) e^{sb} = \frac{b - x}{b - a} e^{sa} + \frac{x - a}{b - a} e^{sb}",
    )))
register_erratum(Erratum(
    id="ERR-HLEMMA-MGF-EQ", spec_id="CONC-HLEMMA", source_file=SRC.file, location=LOC_HL,
    source_says="E[e^{sX}] = E[(b−X)/(b−a) e^{sa} + (X−a)/(b−a) e^{sb}] = b/(b−a) e^{sa} − a/(b−a) e^{sb}; "
                "later φ(u) = log(E[e^{sX}])",
    truth="taking expectations of the convexity bound gives E[e^{sX}] <= b/(b−a) e^{sa} − a/(b−a) e^{sb} (X ≡ 0, [−1, 1], "
          "s = 1: 1 < cosh 1), so log E[e^{sX}] <= φ(u), not =",
    evidence_claims=("CONC-HLEMMA/mgf-eq-as-printed", "CONC-HLEMMA/proof"),
    conclusion_survives="yes: with <= the chain still ends at E[e^{sX}] <= exp(s²(b − a)²/8)",
    severity="misprint", quotes=(
        r"\mathbb{E} \left[ e^{sX} \right] = \mathbb{E} \left[ \frac{b - X}{b - a} e^{sa} + \frac{X - a}{b - a} e^{sb} \right] = \frac{b }{b - a} e^{sa} - \frac{a}{b - a} e^{sb}",
        r"\phi(u) = \log \left( \mathbb{E} \left[ e^{sX} \right] \right) \leqq \frac{  s^2(b - a)^2}{8}",
    )))
register_erratum(Erratum(
    id="ERR-HLEMMA-PHI0", spec_id="CONC-HLEMMA", source_file=SRC.file, location=LOC_HL,
    source_says="φ(0) = log(p − (1 − p)) = 0",
    truth="φ(0) = log(p + (1 − p)) = log 1 = 0; log(p − (1 − p)) = log(2p − 1) is not 0 for p < 1 (undefined for p <= 1/2)",
    evidence_claims=("CONC-HLEMMA/phi0-as-printed", "CONC-HLEMMA/proof"),
    conclusion_survives="yes",
    severity="misprint", quotes=(
        r"\phi(0)  & = \log \left(p - (1 - p) \right) =  0",
    )))
register_erratum(Erratum(
    id="ERR-HOEFFDING-ZRANGE", spec_id="CONC-HOEFFDING", source_file=SRC.file, location=LOC_HI,
    source_says="Z_i = X_i − E[X_i] … a_i <= Z_i <= b_i が成り立つ",
    truth="Z_i ∈ [a_i − E X_i, b_i − E X_i] (X ≡ 3/2 in [1, 2] gives Z = 0 ∉ [1, 2]); the width b_i − a_i is what the "
          "lemma needs, so the proof goes through",
    evidence_claims=("CONC-HOEFFDING/Zrange-as-printed", "CONC-HOEFFDING/proof"),
    conclusion_survives="yes",
    severity="misprint", quotes=(
        r"このとき,  \mathbb{E} [Z_i ] = 0であり,  a_i \leqq Z_i \leqq b_iが成り立つ",
    )))
register_erratum(Erratum(
    id="ERR-AZUMA-INDICES", spec_id="CONC-AZUMA", source_file=SRC.file, location=LOC_AZ,
    source_says="V_i は X_i, ..., X_i の関数 … E[V_i | X_i, ..., X_{i−1}] = 0 … exp(−2ε²/Σ_{i=1}^m c_i²) (statement and result)",
    truth="V_i is a function of X_1..X_i with E[V_i | X_1..X_{i−1}] = 0, and the sum in the bound runs to n; read with "
          "m < n the bound is false (n = 2 fair ±1 steps, m = 1: 1/4 > e^{−2})",
    evidence_claims=("CONC-AZUMA/upper-m-as-printed", "CONC-AZUMA/proof"),
    conclusion_survives="yes",
    severity="notation", quotes=(
        r"V_i X_i, ..., X_iの関数でありかつ \mathbb{E} [V_i | X_i, ..., X_{i-1} ] =0",
        r"\mathbb{P} \left(  \sum_{i=1}^n V_i \geqq \epsilon  \right) \leqq \exp \left(  - \frac{2 \epsilon^2}{\sum_{i=1}^m c_i^2 } \right)",
        "\\mathbb{P} \\left(  \\sum_{i=1}^n V_i \\geqq \\epsilon  \\right) \\leqq \\exp \\left(  - \\frac{2 \\epsilon^2}{\\sum_{i=1}^m c_i^2 } \\right) \n\\end{aligned}\n\n\nを得ます.",
    )))
register_erratum(Erratum(
    id="ERR-AZUMA-SN", spec_id="CONC-AZUMA", source_file=SRC.file, location=f"{LOC_AZ}, 導出",
    source_says="E[exp(tS_n)] = E_{X_1..X_{n−1}}[exp(tS_n) E_{X_n}[exp(tV_n) | …]] and then E[exp(tS_n)] exp(t²c_n²/8)",
    truth="the factor taken out is exp(tS_{n−1}); with S_n the identity is false (n = 1, V = ±1: cosh 1 vs cosh² 1)",
    evidence_claims=("CONC-AZUMA/Sn-as-printed", "CONC-AZUMA/proof"),
    conclusion_survives="yes",
    severity="misprint", quotes=(
        r"\left[ \exp (t S_n)  \mathbb{E}_{X_n} \left[  \exp(t V_n) | X_1, ..., X_{n-1} \right]  \right]",
    )))
register_erratum(Erratum(
    id="ERR-MCDIARMID-CK", spec_id="CONC-MCDIARMID", source_file=SRC.file, location=LOC_MC,
    source_says="sup_{x,x'} {E[f(S)|X_1..X_{k−1}, x] − E[f(S)|X_1..X_{k−1}, x']} <= c_i",
    truth="the bound is c_k (coordinate k's bounded difference); with another index it fails (f = X_1 + 2X_2, k = 2: 2 > c_1)",
    evidence_claims=("CONC-MCDIARMID/ck-index-as-printed", "CONC-MCDIARMID/proof"),
    conclusion_survives="yes",
    severity="notation", quotes=(
        r"\sup_{x, x'} \{\mathbb{E} \left[ f(S) | X_1, ..., X_{k-1}, x \right] - \mathbb{E} \left[ f(S) | X_1, ..., X_{k-1}, x' \right]   \}  \leqq c_i",
    )))
register_erratum(Erratum(
    id="ERR-MCDIARMID-TELESCOPE", spec_id="CONC-MCDIARMID", source_file=SRC.file, location=LOC_MC,
    source_says="Σ V_i = (E[f(S)|X_1..X_{k−1}] − E[f(S)|X_1..X_{k−1}]) + … + (E[f(S)|X_1] − E[f(S)]) = f − E f",
    truth="the first bracket is E[f|X_1..X_n] − E[f|X_1..X_{n−1}]; as printed it is identically 0 and the sum is not "
          "f − E f (n = 2, f = X_1 + X_2 at (1, 1): 1/2 vs 1)",
    evidence_claims=("CONC-MCDIARMID/telescope-as-printed", "CONC-MCDIARMID/proof"),
    conclusion_survives="yes",
    severity="misprint", quotes=(
        "&  =   \\left( \\mathbb{E} \\left[ f(S) | X_1, ..., X_{k-1} \\right] - \\mathbb{E} \\left[ f(S) | X_1, ..., X_{k-1} \\right] \\right) \\\\",
    )))
