"""Exact facts behind source 002's ULTR experiments (EXP-ULTR): sparse pairs, regression EM,
clipped IPW, DLA's gradients and its softmax-share weights.

Source ``002_3ec5ec57f55c1fdf.txt``, "因果推論で検索システムを問い直す(2)":

* ULTR-EM/sparse-pairs — Naive EM's γ update "この更新は, 同じqueryとdocumentのペアについてのデータが
  一定数存在しないとうまくいきません": in a log where every pair occurs once, the likelihood is
  maximised (log P(L) = 0) at θ ≡ 1, and *every* maximiser has θ_k = 1 at each position holding a
  click, whatever the true θ: the examination curve is not recovered (every log; exact instance).
* ULTR-REGEM/saturated — Regression-EM steps (4)-(9) ("relevance labelをサンプリングし … fit"): with a
  regressor free on each pair (squared loss), the fit is the mean of the pair's sampled labels,
  whose expectation is Naive EM's γ M-step; regression EM differs only by sharing F across pairs.
* ULTR-IPW/clipped — the project's clipped IPW weight 1/max(θ_k, τ) (the source does not clip):
  E = Σ γ f min(1, θ_k/τ) (biased down where θ_k < τ), variance never above IPW's (every log).
* ULTR-DLA/gradient — the gradients the DLA training (:mod:`clickbound.lemmas.support.ultr_regem`) uses:
  ∂/∂g_j of −Σ_k W_k log softmax(g)_k is softmax(g)_j Σ_k W_k − W_j (every K).
* ULTR-DLA/share-weights — DLA's IRW weight is 1/γ̂ with γ̂ the *within-query softmax* (the source's
  "γ_{q,d} ≈ softmax"); γ̂ = γ/Σ_(Ω_q)γ makes E[M̂_IRW] weight position k by θ_k·Σ_(records at k) Σ_(Ω_q)γ;
  after dividing by the known counts n_k the minimiser is ∝ θ only when the mean of Σ_(Ω_q)γ is the same
  at every k (every session shows every position) — refuted for lists of different lengths by an exact
  two-query log, where the true γ passes (erratum ERR-ULTR-DLA-SHARE).
"""
from __future__ import annotations

from fractions import Fraction

import sympy as sp

from clickbound.lemmas.counterfactual.ultr.estimators import _GA, _TH, _record_expectation
from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.support.kit import Derivation, claim_family, derived, refuted, source

SRC = source("counterfactual")
A2 = "因果推論で検索システムを問い直す(2)"


# ----------------------------------------------------------------------------- sparse pairs

def _exact_ll(records, theta, gamma):
    """The likelihood ∏ (θ_k γ_d)^c (1 − θ_k γ_d)^(1−c) in exact rationals."""
    out = Fraction(1)
    for k, d, c in records:
        p = theta[k] * gamma[d]
        out *= p if c else 1 - p
    return out


#: each pair (d) once; truth θ = (1, 1/2); clicks at both positions
SPARSE_LOG = ((0, 0, 1), (1, 1, 1), (0, 2, 0), (1, 3, 0))
SPARSE_TRUTH = (Fraction(1), Fraction(1, 2))


def sparse_pairs_proof():
    d = Derivation("every pair once: sup log P(L) = 0 is attained at θ ≡ 1, γ_r = c_r, and every maximiser has "
                   "θ_k = 1 at each position with a click; so the MLE's θ_k/θ_1 is 1 there whatever the true θ "
                   "(every log)")
    d.argument("each record's term c log p + (1 − c) log(1 − p), p = θ_k γ_{q,d} ∈ [0, 1], is ≤ 0 (log x ≤ 0 on "
               "(0, 1]) and is 0 exactly when p = c (c = 1: log p = 0 iff p = 1; c = 0: log(1 − p) = 0 iff p = 0)",
               "monotonicity of log, log 1 = 0")
    d.argument("every pair occurs in exactly one record, so γ_{pair(r)} is a separate parameter of each record: "
               "θ ≡ 1, γ_r = c_r gives p_r = c_r for every record, log P(L) = 0 = the supremum; a maximiser must "
               "make every term 0, i.e. θ_k γ_r = 1 at every clicked record",
               "the two steps above; a sum of non-positive terms is 0 iff each term is 0")
    th, ga = sp.symbols("theta gamma", real=True)
    d.equal("1 − θγ = (1 − θ) + θ(1 − γ): both terms ≥ 0 on [0, 1]², so θγ = 1 forces 1 − θ = 0, i.e. θ_k = 1",
            1 - th * ga, (1 - th) + th * (1 - ga))
    # the exact instance
    t_mle = (Fraction(1), Fraction(1))
    g_mle = tuple(Fraction(c) for _, _, c in SPARSE_LOG)
    lik = _exact_ll(SPARSE_LOG, t_mle, g_mle)
    d.holds(f"instance: log {SPARSE_LOG} (k, pair, c), every pair once: likelihood at θ = (1, 1), γ = c equals 1",
            lik == 1, f"likelihood = {lik}")
    truth_best = _exact_ll(SPARSE_LOG, SPARSE_TRUTH, (Fraction(1), Fraction(1), Fraction(0), Fraction(0)))
    d.holds("instance: at the true θ = (1, 1/2) no γ ∈ [0,1]^4 reaches likelihood 1 (the clicked record at position "
            "2 has θ_2γ ≤ 1/2); the best, γ = (1, 1, 0, 0), gives", truth_best < 1, f"likelihood = {truth_best}")
    return d.artefact()


def sparse_ratio_decide(budget_s):
    """Mutant "the MLE recovers θ_2/θ_1 on a log where every pair occurs once": refuted on SPARSE_LOG."""
    t_mle = (Fraction(1), Fraction(1))
    g_mle = tuple(Fraction(c) for _, _, c in SPARSE_LOG)
    if _exact_ll(SPARSE_LOG, t_mle, g_mle) != 1:  # pragma: no cover
        raise AssertionError("sparse-pairs instance did not verify")
    return refuted("exact: the unique attainable maximum 1 forces θ̂_2 = θ̂_1 = 1 (rational arithmetic)",
                   counterexample={"log (k, pair, c)": SPARSE_LOG, "true theta": SPARSE_TRUTH},
                   **{"likelihood at θ = (1, 1), γ = c": Fraction(1), "θ̂_2/θ̂_1": Fraction(1),
                      "true θ_2/θ_1": SPARSE_TRUTH[1] / SPARSE_TRUTH[0]})


# ----------------------------------------------------------------------------- regression EM

def saturated_proof():
    d = Derivation("a regressor free on each pair, squared loss: the fit of pair (q, d) is the mean of its n sampled "
                   "labels, and E[mean | clicks] = (1/n) Σ (c + (1 − c) P(R=1 | c)) = Naive EM's γ M-step (every n)")
    n = sp.Symbol("n", integer=True, positive=True)
    i = sp.Symbol("i", integer=True, positive=True)
    r, pr, c = sp.IndexedBase("r"), sp.IndexedBase("P"), sp.IndexedBase("c")
    a = sp.Symbol("a", real=True)
    sse = sp.Sum((r[i] - a) ** 2, (i, 1, n))
    d.equal("∂/∂a Σ_(i=1..n) (r_i − a)² = 2na − 2Σ r_i (n symbolic)", sp.diff(sse, a).doit(),
            2 * n * a - 2 * sp.Sum(r[i], (i, 1, n)))
    d.equal("∂²/∂a² = 2n > 0: the unique minimiser is a = Σ r_i / n", sp.diff(sse, a, 2).doit(), 2 * n)
    th, ga = _TH, _GA
    P = sp.Symbol("P", positive=True)
    d.equal("a label r ~ Ber(P) has E[r] = Σ_(r∈{0,1}) r P^r (1 − P)^(1−r) = P",
            sum(rv * P ** rv * (1 - P) ** (1 - rv) for rv in (0, 1)), P)
    table = {(e, rv): (th if e else 1 - th) * (ga if rv else 1 - ga) for e in (0, 1) for rv in (0, 1)}
    d.equal("P(R=1 | C=0) = Σ_(e: e·1 = 0) table(e, 1) / Σ_(e·r = 0) table(e, r) = (1 − θ)γ/(1 − θγ) "
            "(the source's E-step, ULTR-EM/posterior)",
            sum(v for (e, rv), v in table.items() if rv == 1 and e * rv == 0)
            / sum(v for (e, rv), v in table.items() if e * rv == 0), (1 - th) * ga / (1 - th * ga))
    d.argument("for c = 1, P(R=1 | C=1) = 1 (C = E·R), so the label is 1 surely; hence E[r_i] = c_i + (1 − c_i) "
               "P(R=1 | c_i) for c_i ∈ {0, 1}", "ULTR-EM/posterior (P(E=1,R=1 | C=1) = 1); C = E·R")
    d.equal("E[Σ r_i / n] = Σ (c_i + (1 − c_i) P_i)/n by linearity, n symbolic",
            sp.Sum(c[i] + (1 - c[i]) * pr[i], (i, 1, n)) / n,
            (sp.Sum(c[i], (i, 1, n)) + sp.Sum((1 - c[i]) * pr[i], (i, 1, n))) / n)
    return d.artefact()


# ----------------------------------------------------------------------------- clipped IPW

def clipped_proof():
    d = Derivation("clipped IPW, weight w = 1/max(θ_k, τ): E[c w f] = γ f min(1, θ_k/τ) and Var[c w f] = "
                   "θγ(1 − θγ) w² f² ≤ IPW's θγ(1 − θγ) f²/θ² (every log: sum over independent records)")
    tau, f = sp.symbols("tau f", positive=True)
    for case, w, expect in (("θ_k ≥ τ (no clipping)", 1 / _TH, _GA * f), ("θ_k < τ", 1 / tau, _GA * f * _TH / tau)):
        m1 = _record_expectation(lambda cc, w=w: cc * w * f)
        d.equal(f"{case}: E[c w f] over the 4 outcomes of (E, R)", m1, expect)
        m2 = _record_expectation(lambda cc, w=w: (cc * w * f) ** 2)
        d.equal(f"{case}: Var[c w f] = E[(c w f)²] − E[c w f]² = θγ(1 − θγ) w² f²", m2 - m1 ** 2,
                _TH * _GA * (1 - _TH * _GA) * w ** 2 * f ** 2)
    d.equal("θ_k < τ: bias = γ f θ/τ − γ f = −γ f (τ − θ)/τ (< 0 for γ f > 0)", _GA * f * _TH / tau - _GA * f,
            -_GA * f * (tau - _TH) / tau)
    d.equal("θ_k < τ: IPW variance − clipped variance = θγ(1 − θγ) f² (1/θ² − 1/τ²) = θγ(1 − θγ) f² (τ² − θ²)/(θ²τ²) "
            "(≥ 0: θγ ≤ 1, θ < τ)",
            _TH * _GA * (1 - _TH * _GA) * f ** 2 * (1 / _TH ** 2 - 1 / tau ** 2),
            _TH * _GA * (1 - _TH * _GA) * f ** 2 * (tau - _TH) * (tau + _TH) / (_TH ** 2 * tau ** 2))
    d.cited("records are independent PBM draws: the mean and the variance of the sum over a log are the sums "
            "of the records' (any number of records, any positions)",
            "linearity of expectation; Bienaymé's formula for the variance of a sum of independent variables")
    return d.artefact()


# ----------------------------------------------------------------------------- DLA

DLA_K_MAX = 6


def dla_gradient_proof():
    d = Derivation("∂/∂g_j [−Σ_k W_k log softmax(g)_k] = softmax(g)_j Σ_k W_k − W_j, every K (with the explicit "
                   f"K = 2..{DLA_K_MAX} cross-checks)")
    gj, Wj, Wr = sp.symbols("g_j W_j W_rest", real=True)
    d.argument("log softmax(g)_k = g_k − log Z with Z = Σ_l e^{g_l}; write Z = e^{g_j} + R where R = Σ_(l≠j) e^{g_l} > 0 "
               "does not depend on g_j, and Σ_k W_k g_k = W_j g_j + (terms without g_j)",
               "definition of softmax; separating the j-th term of a finite sum")
    R_pos = sp.Symbol("R", positive=True)
    loss_j = -(Wj * gj) + (Wj + Wr) * sp.log(sp.exp(gj) + R_pos)   # −Σ_k W_k g_k + (Σ_k W_k) log Z, g_j-part
    d.equal("∂/∂g_j [−W_j g_j + (W_j + W_rest) log(e^{g_j} + R)] = (W_j + W_rest) e^{g_j}/(e^{g_j} + R) − W_j "
            "(W_rest = Σ_(k≠j) W_k; the other terms do not depend on g_j)",
            sp.diff(loss_j, gj), (Wj + Wr) * sp.exp(gj) / (sp.exp(gj) + R_pos) - Wj)
    for K in range(2, DLA_K_MAX + 1):  # K = 1: softmax ≡ 1, the loss is identically 0
        g = sp.symbols(f"g0:{K}", real=True)
        W = sp.symbols(f"W0:{K}", real=True)
        Z = sum(sp.exp(x) for x in g)
        loss = -sum(W[k] * (g[k] - sp.log(Z)) for k in range(K))
        for j in range(K):
            d.equal(f"cross-check K = {K}, j = {j + 1}: the loss differentiated as a whole", sp.diff(loss, g[j]),
                    sp.exp(g[j]) / Z * sum(W) - W[j])
    return d.artefact()


def share_weights_decide(budget_s):
    """Two queries: A (two documents, Σγ = 1/2) shown at positions 1..2, B (one document, Σγ = 1) at position 1.

    Exact expected IRW position weights ``w_k = Σ_(records at k) E[c/γ̂]`` with the source's γ̂ = γ/Σ_(Ω_q)γ,
    divided by the known counts n_k; with the true γ the same computation gives θ exactly (cross-check).
    """
    gam = {"a1": Fraction(1, 4), "a2": Fraction(1, 4), "b1": Fraction(1, 1)}
    omega = {"A": ("a1", "a2"), "B": ("b1",)}
    theta = (Fraction(1), Fraction(1, 2))
    recs = [("A", "a1", 0), ("A", "a2", 1), ("B", "b1", 0)]
    n = [sum(1 for _, _, k in recs if k == j) for j in range(2)]

    def per_count(weight_gamma):
        w = [Fraction(0), Fraction(0)]
        for q, doc, k in recs:
            w[k] += theta[k] * gam[doc] / weight_gamma(q, doc)   # E[c / γ̂] = θ_k γ / γ̂
        v = [w[j] / n[j] for j in range(2)]
        return tuple(w), tuple(x / sum(v) for x in v)

    w_share, s_share = per_count(lambda q, doc: gam[doc] / sum(gam[x] for x in omega[q]))
    w_true, s_true = per_count(lambda q, doc: gam[doc])
    target = tuple(x / sum(theta) for x in theta)
    if s_true != target or s_share == target:  # pragma: no cover
        raise AssertionError("share-weights counterexample did not verify")
    return refuted("exact expected losses and their minimisers (rational arithmetic)",
                   counterexample={"theta": theta, "gamma": gam, "Omega": omega, "records (q, d, k)": recs},
                   **{"IRW weights per position, γ̂ = within-query share": w_share,
                      "count-corrected minimiser (share weights)": s_share,
                      "IRW weights per position, true γ": w_true,
                      "count-corrected minimiser (true γ)": s_true, "θ/Σθ": target, "counts n_k": tuple(n)})


@register
def ultr_experiment_claims():
    pc = claim_family(kind="identity", expected=True)
    return [
        pc(id="ULTR-EM/sparse-pairs", spec_id="ULTR-EM", statement_text="for every log in which each query–document "
           "pair occurs once: max log P(L) = 0 at θ ≡ 1, and every maximiser has θ_k = 1 at each position with a click",
           decide=derived(sparse_pairs_proof, "derivation (per-record terms ≤ 0) + exact instance"),
           source=SRC.at(f"{A2}, Naive EM ('データ数の少ないペアが大半で更新はあまりうまくいかない')"), kind="inequality"),
        pc(id="ULTR-EM/sparse-pairs-recovers", spec_id="ULTR-EM", statement_text="on a log where every pair occurs "
           "once, the PBM MLE recovers θ_2/θ_1", decide=sparse_ratio_decide, source=SRC.at(f"{A2}, Naive EM"),
           expected=False, description="Mutant (what the sparse-pairs remark denies): refuted by an exact 4-record log."),
        pc(id="ULTR-REGEM/saturated", spec_id="ULTR-EM", statement_text="regression EM with a regressor free on each "
           "pair (squared loss): E[fit of pair (q,d) | clicks] = Naive EM's γ M-step, every number of records",
           decide=derived(saturated_proof, "derivation (least squares, n symbolic)"),
           source=SRC.at(f"{A2}, Regression-based EM, steps (4)-(9)")),
        pc(id="ULTR-IPW/clipped", spec_id="ULTR-IPW", statement_text="clipped IPW (weight 1/max(θ_k, τ)): E = "
           "Σ γ f min(1, θ_k/τ) and variance ≤ IPW's, every log",
           decide=derived(clipped_proof, "derivation (4 outcomes of (E, R), two cases)"),
           source=SRC.at(f"{A2}, Inverse Propensity Weighting (project's clipping; not in the source)")),
        pc(id="ULTR-DLA/gradient", spec_id="ULTR-IRW", statement_text="∂/∂g_j [−Σ_k W_k log softmax(g)_k] = "
           "softmax(g)_j Σ_k W_k − W_j",
           decide=derived(dla_gradient_proof, "derivation (sympy differentiation, j-th term separated)"),
           source=SRC.at(f"{A2}, Dual Learning Algorithm (the two softmax losses)")),
        pc(id="ULTR-DLA/share-weights", spec_id="ULTR-IRW", statement_text="with γ ≈ softmax over Ω_q in the IRW "
           "weights, the minimiser of the expected propensity loss, divided by the known counts n_k of records per "
           "position, is θ/Σθ for every log (as it is with the true γ)", decide=share_weights_decide,
           source=SRC.at(f"{A2}, Dual Learning Algorithm (γ_{{q,d}} ≈ softmax_d f_φ in M̂_IRW)"), expected=False,
           description="Refuted when lists differ in length (exact two-query log; the true-γ weights pass the same "
                       "check); holds when every session shows all K positions (then each position sees the same "
                       "queries)."),
    ]


register_erratum(Erratum(
    id="ERR-ULTR-DLA-SHARE", spec_id="ULTR-IRW", source_file=SRC.file,
    location=f"{A2}, Dual Learning Algorithm: M̂_IRW = −Σ 1/γ_{{q,d}} log softmax(g_ψ)_k with γ_{{q,d}} ≈ softmax_d f_φ",
    source_says="the IRW loss weighted by 1/γ with γ estimated by the within-query softmax of f_φ makes g_ψ's softmax "
                "estimate θ (θ_k ≈ softmax_k g_ψ)",
    truth="with γ̂ = γ/Σ_(Ω_q)γ the weight is Σ_(Ω_q)γ/γ, so position k's expected weight is θ_k times the mean of "
          "Σ_(Ω_q)γ over the records at k; the softmax estimates θ/Σθ only when that mean is equal at every k (e.g. "
          "every session shows all K positions); with lists of different lengths the per-query factor Σ_(Ω_q)γ, "
          "unknown, biases it beyond the known counts n_k: lists of lengths 2 and 1, θ = (1, 1/2), give "
          "(3/4, 1/4) after the count correction instead of θ/Σθ = (2/3, 1/3) (true γ: exactly (2/3, 1/3)). The "
          "softmax's scale alone is harmless (θ = (1, 1/2) is no softmax, but a constant factor does not move a "
          "weighted loss's minimiser; this absorbs the former ERR-ULTR-DLA-SOFTMAX)",
    evidence_claims=("ULTR-DLA/share-weights", "ULTR-DLA/expected-minimiser", "ULTR-DLA/softmax-equals-theta",
                     "ULTR-DLA/softmax-ratios"),
    conclusion_survives="yes on full lists of equal length (EXP-ULTR's setting); otherwise the propensity estimate "
                        "is biased towards positions shown by queries with large Σγ",
    severity="wrong-step", quotes=(
        r"  \approx \frac{e^{f_{\phi}\left(x_{q, d}\right)}}{\sum_{d",
        "各パラメータを推定するように学習してほしいという気持ちが込められています",
    )))
