"""OD-EXP / OD-INFO / OD-TS: the experimental settings, the posteriors, and how much depth observation buys.

Source ``001_eb740855b56fcd8b.txt``, 4.3 OD-TS, 6.2 / 6.3 settings, 6.4 baselines, 6.6 考察.
(Source letters: K items, L slots.)

* **OD-EXP/P-profiles** (true on the three printed vectors): the shallow, deep and RecGaze P are valid
  CM-Depth profiles (P_1 = 1, non-increasing, positive), Pr(V = j) = P_j − P_{j+1} >= 0 sums to 1, and the
  RecGaze drop from j = 5 to j = 6 (0.6879 → 0.2992) is the largest; they equal ``bounds.depth.NAMED_P``.
* **OD-EXP/theta-interval-as-printed** (expected false) and **OD-EXP/theta-grid** (true): "the other 45
  equally spaced on [0.09, 0.02], both ends included" — read literally the interval is empty; the grid from
  0.09 down to 0.02 has 45 distinct values below 0.10, so the top five (0.18 … 0.10) are the optimal set and
  θ_(5) − θ_(6) = 1/100.
* **OD-TS/posterior** (true): Beta(a0 + s_i(t), b0 + n_i(t) − s_i(t)) is the posterior although exposure is
  adaptive (the depth law and the ranking rule do not depend on θ).
* **PBM-TS/not-beta** (true): under PBM with known κ in (0,1), one unclicked display multiplies the prior by
  (1 − κθ), which leaves the Beta family (a pole of d/dθ log at θ = 1/κ) — the source's reason for rejection
  sampling.
* **OD-INFO/fisher-ratio** (true): per display at a slot seen with probability κ, the Fisher information about
  θ is κ/(θ(1−θ)) when the depth is observed and κ/(θ(1−κθ)) under PBM with κ known; the ratio
  (1−κθ)/(1−θ) lies in [1, 1/(1−θ)] whatever κ is — the gain does not grow as P_L → 0.
"""
from __future__ import annotations

from fractions import Fraction

import sympy as sp

from clickbound.bounds.depth import NAMED_P
from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.support.dcm_algebra import Atom, prod_c, verify_certificate
from clickbound.lemmas.support.kit import (
    Derivation,
    Outcome,
    ProcedureClaim,
    derived,
    proved,
    refuted,
    source,
    survived,
)

SRC = source("depth")
LOC_SET = "6.2 合成シミュレーション環境 a) 閲覧深度分布; 6.3 a) 閲覧割合"
LOC_THETA = "6.2 b) 実験設定 (残りの 45 個を [0.09, 0.02] の両端を含めた等間隔で生成)"
LOC_TS = "4.3 Observable-Depth TS (OD-TS)"
LOC_PBMTS = "6.4 b) ベースライン (PBM-TS: 事後分布が Beta に閉じず)"
LOC_INFO = "6.6 考察; 1 はじめに; 注意 1"
#: the P vectors exactly as printed (decimal strings)
PRINTED_P = {
    "shallow": ("1.0", "0.55", "0.30", "0.15", "0.08"),
    "deep": ("1.0", "0.80", "0.70", "0.60", "0.50"),
    "recgaze": ("1.0", "0.9031", "0.8529", "0.7720", "0.6879", "0.2992", "0.2991", "0.2988", "0.2986", "0.2968",
                "0.2576", "0.2574", "0.2563", "0.2531", "0.2432"),
}
TOP5 = tuple(Fraction(x, 100) for x in (18, 16, 14, 12, 10))


def decide_profiles(budget_s: float) -> Outcome:
    rows = {}
    for name, strs in PRINTED_P.items():
        P = [Fraction(s) for s in strs]
        pv = [P[j] - (P[j + 1] if j + 1 < len(P) else 0) for j in range(len(P))]
        ok = P[0] == 1 and all(P[j] > 0 for j in range(len(P))) and all(x >= 0 for x in pv) and sum(pv) == 1
        same = tuple(Fraction(str(x)) for x in NAMED_P[name]) == tuple(P)
        if not (ok and same):
            return refuted("exact rationals", counterexample={"profile": name, "P": P, "Pr(V=j)": pv,
                                                              "equals bounds.depth": same})
        drops = [P[j] - P[j + 1] for j in range(len(P) - 1)]
        rows[name] = {"L": len(P), "P_L": P[-1], "Pr(V=j)": [str(x) for x in pv], "largest drop after j": drops.index(max(drops)) + 1}
    if rows["recgaze"]["largest drop after j"] != 5:
        return refuted("exact rationals", counterexample={"recgaze largest drop after": rows["recgaze"]})
    d = Derivation("the three printed P vectors are CM-Depth profiles; RecGaze drops most from j = 5 to 6")
    for name, r in rows.items():
        pv = [Fraction(x) for x in r["Pr(V=j)"]]
        d.holds(f"{name}: P_1 = 1, P non-increasing and > 0, Pr(V = j) >= 0 summing to 1 (exact)",
                sp.sympify(min(pv) >= 0 and sum(pv) == 1 and r["P_L"] > 0),
                f"Pr(V=j) = ({', '.join(r['Pr(V=j)'])}), P_L = {r['P_L']}")
    d.holds("RecGaze: the largest P_j − P_{j+1} is at j = 5 (0.6879 − 0.2992 = 0.3887)",
            sp.sympify(rows["recgaze"]["largest drop after j"] == 5),
            f"argmax_j (P_j − P_(j+1)) = {rows['recgaze']['largest drop after j']}")
    return proved(d.artefact(), method="exact rationals", scope="instances",
                  scope_detail="the shallow, deep and RecGaze P vectors printed in 6.2 a) and 6.3 a)")


def theta_grid():
    """The 45 values from 0.09 down to 0.02, both ends included, equally spaced (exact)."""
    hi, lo = Fraction(9, 100), Fraction(2, 100)
    return [hi - k * (hi - lo) / 44 for k in range(45)]


def decide_interval_as_printed(budget_s: float) -> Outcome:
    a, b = Fraction(9, 100), Fraction(2, 100)
    # the closed interval [a, b] = {x : a <= x <= b}; with a > b it has no point, let alone 45
    if a <= b:
        return survived("exact", a=a, b=b)
    return refuted("exact rationals", counterexample={"a": a, "b": b, "points of [a, b]": 0},
                   reading="[0.09, 0.02] = {x : 0.09 <= x <= 0.02} is empty since 0.09 > 0.02")


def decide_grid(budget_s: float) -> Outcome:
    g = theta_grid()
    theta = sorted(list(TOP5) + g, reverse=True)
    d = Derivation("the grid 0.09 → 0.02 (45 values) with the top five 0.18 … 0.10")
    d.holds("45 distinct values, ends 0.09 and 0.02, step 7/4400",
            sp.sympify(len(set(g)) == 45 and g[0] == Fraction(9, 100) and g[-1] == Fraction(2, 100)
                       and all(g[k] - g[k + 1] == Fraction(7, 4400) for k in range(44))),
            f"{len(set(g))} values, {g[0]} … {g[-1]}, step {g[0] - g[1]}")
    d.holds("every grid value < 0.10, so Top_5 = {0.18, 0.16, 0.14, 0.12, 0.10} and θ_(5) − θ_(6) = 1/100",
            sp.sympify(max(g) < Fraction(1, 10) and theta[4] - theta[5] == Fraction(1, 100)),
            f"max grid = {max(g)}, θ_(5) − θ_(6) = {theta[4] - theta[5]}")
    return proved(d.artefact(), method="exact rationals", scope="instances",
                  scope_detail="the synthetic θ of 6.2 b) (50 items)")


def ts_posterior_proof():
    th, a, b = sp.symbols("theta a b", positive=True)
    d = Derivation("OD-TS posterior: Beta(a0 + s_i(t), b0 + n_i(t) − s_i(t)), adaptive exposure")
    for c in (0, 1):
        d.zero(f"one exposure with click {c}: θ^(a−1)(1−θ)^(b−1) · θ^c(1−θ)^(1−c) = θ^(a+{c}−1)(1−θ)^(b+{1 - c}−1)",
               sp.powsimp(th ** (a - 1) * (1 - th) ** (b - 1) * th ** c * (1 - th) ** (1 - c)
                          - th ** (a + c - 1) * (1 - th) ** (b + 1 - c - 1)))
    d.argument("induction over exposures: after n exposures with s clicks the density is ∝ θ^(a0+s−1)(1−θ)^(b0+n−s−1)",
               "the one-step identities above")
    d.argument("the rest of the likelihood — V(t) ~ p and the ranking a(t), a function of the past and the "
               "sampler's randomness — does not involve θ, so it cancels; items with independent priors stay "
               "independent a posteriori (the likelihood factorises over items)", "CM-Depth; Algorithm 2")
    return d.artefact()


def pbm_not_beta_proof():
    th, k, a, b, a2, b2 = sp.symbols("theta kappa a b a2 b2", positive=True)
    d = Derivation("PBM, κ in (0,1) known: prior Beta(a, b) × (1 − κθ) is not a Beta density")
    g = (a - a2) / th - (b - b2) / (1 - th) - k / (1 - k * th)
    d.equal("d/dθ log[θ^(a−1)(1−θ)^(b−1)(1−κθ) / θ^(a2−1)(1−θ)^(b2−1)]",
            sp.diff((a - 1) * sp.log(th) + (b - 1) * sp.log(1 - th) + sp.log(1 - k * th)
                    - (a2 - 1) * sp.log(th) - (b2 - 1) * sp.log(1 - th), th), g)
    res = sp.limit((th - 1 / k) * g, th, 1 / k)
    d.equal("its residue at θ = 1/κ (a point outside {0, 1} for κ in (0,1)) is 1 ≠ 0", res, 1)
    d.argument("if the posterior were Beta(a2, b2) the rational function above would vanish on (0,1), hence "
               "identically, so its residue at 1/κ would be 0; it is 1, for every a, b, a2, b2",
               "identity theorem for rational functions; the residue above")
    return d.artefact()


def fisher_proof():
    th, k = sp.symbols("theta kappa", positive=True)
    d = Derivation("per-display Fisher information about θ: depth observed vs PBM with κ known")
    # depth observed: with prob κ see c ~ Bernoulli(θ); with prob 1 − κ see 'not exposed' (no θ in it)
    score2_od = k * (th * (1 / th) ** 2 + (1 - th) * (1 / (1 - th)) ** 2)
    d.equal("I_OD = κ [θ (1/θ)² + (1−θ)(1/(1−θ))²] = κ/(θ(1−θ))", score2_od, k / (th * (1 - th)))
    q = k * th
    score2_pbm = q * (k / q) ** 2 + (1 - q) * (k / (1 - q)) ** 2
    d.equal("I_PBM = κθ (κ/(κθ))² + (1−κθ)(κ/(1−κθ))² = κ/(θ(1−κθ))", score2_pbm, k / (th * (1 - k * th)))
    ratio = sp.simplify((k / (th * (1 - th))) / (k / (th * (1 - k * th))))
    d.equal("I_OD / I_PBM = (1 − κθ)/(1 − θ)", ratio, (1 - k * th) / (1 - th))
    u, v, w = sp.symbols("u v w", real=True)  # u = θ, v = 1 − κ, w = κ, on 1 − θ > 0
    facts = {sp.expand(u): "θ >= 0", sp.expand(v): "κ <= 1", sp.expand(w): "κ >= 0"}
    d.steps.append(verify_certificate("(1−κθ) − (1−θ) = θ(1 − κ) >= 0 (v = 1 − κ), so the ratio >= 1",
                                      (1 - (1 - v) * u) - (1 - u), prod_c(Atom(u), Atom(v)), facts))
    d.steps.append(verify_certificate("1 − (1−κθ) = κθ >= 0, so the ratio <= 1/(1−θ)", 1 - (1 - w * u),
                                      prod_c(Atom(w), Atom(u)), facts))
    return d.artefact()


@register
def claims():
    yield ProcedureClaim(
        id="OD-EXP/P-profiles", spec_id="OD-VS-PBM", source=SRC.at(LOC_SET), kind="computation", expected=True,
        statement_text="the shallow, deep and RecGaze P vectors are CM-Depth profiles (P_1 = 1, non-increasing, "
                       "> 0; Pr(V = j) = P_j − P_{j+1} sums to 1); RecGaze's largest drop is from j = 5 to j = 6",
        decide=decide_profiles, description="exact rationals on the printed decimals")
    yield ProcedureClaim(
        id="OD-EXP/theta-interval-as-printed", spec_id=None, source=SRC.at(LOC_THETA), kind="computation",
        expected=False, statement_text="the closed interval [0.09, 0.02] holds 45 equally spaced values (as printed)",
        decide=decide_interval_as_printed, description="[a, b] with a > b is empty")
    yield ProcedureClaim(
        id="OD-EXP/theta-grid", spec_id=None, source=SRC.at(LOC_THETA), kind="computation", expected=True,
        statement_text="45 equally spaced values from 0.09 down to 0.02 plus 0.18, 0.16, 0.14, 0.12, 0.10: the top "
                       "five are the optimal set and θ_(5) − θ_(6) = 1/100",
        decide=decide_grid, description="exact rationals")
    yield ProcedureClaim(
        id="OD-TS/posterior", spec_id=None, source=SRC.at(LOC_TS), kind="identity", expected=True,
        statement_text="for every a0, b0 > 0 and every history: θ_i | H_t ~ Beta(a0 + s_i(t), b0 + n_i(t) − s_i(t)), "
                       "independently over items, under CM-Depth with OD-TS's adaptive exposure",
        decide=derived(ts_posterior_proof, "conjugacy identity + likelihood factorisation"),
        description="Beta–Bernoulli conjugacy; the design does not depend on θ")
    yield ProcedureClaim(
        id="PBM-TS/not-beta", spec_id=None, source=SRC.at(LOC_PBMTS), kind="identity", expected=True,
        statement_text="for every κ in (0,1), a, b > 0: Beta(a, b) × (1 − κθ) normalised is not a Beta density",
        decide=derived(pbm_not_beta_proof, "residue of the log-derivative"),
        description="why PBM-TS needs rejection sampling")
    yield ProcedureClaim(
        id="OD-INFO/fisher-ratio", spec_id="OD-VS-PBM", source=SRC.at(LOC_INFO), kind="inequality", expected=True,
        statement_text="for every κ in (0,1], θ in (0,1): per display, I_OD = κ/(θ(1−θ)), I_PBM = κ/(θ(1−κθ)), and "
                       "1 <= I_OD/I_PBM = (1−κθ)/(1−θ) <= 1/(1−θ)",
        decide=derived(fisher_proof, "exact expectation of the squared score + certificates"),
        description="depth observation gains at most a factor 1/(1−θ) in information per display, for any P")


register_erratum(Erratum(
    id="ERR-OD-EXP-THETA-INTERVAL", spec_id=None, source_file=SRC.file, location=LOC_THETA,
    source_says="残りの 45 個を [0.09, 0.02] の両端を含めた等間隔で生成 (the other 45 equally spaced on "
                "[0.09, 0.02], both ends included)",
    truth="[0.09, 0.02] is empty as a closed interval; meant is 45 values equally spaced from 0.09 down to 0.02 "
          "(step 7/4400), all below 0.10, so Top_5 = the five named items and θ_(5) − θ_(6) = 1/100",
    evidence_claims=("OD-EXP/theta-interval-as-printed", "OD-EXP/theta-grid"),
    conclusion_survives="yes (notation: the interval is written from its upper end)",
    severity="notation", quotes=(
        "残りの 45 個を [0.09, 0.02] の両端を含めた等間隔で生成し",
    )))
