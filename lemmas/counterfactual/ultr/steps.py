"""Line-by-line steps of source 002's unbiased learning-to-rank articles (ledger).

Source ``002_3ec5ec57f55c1fdf.txt``, "因果推論で検索システムを問い直す(1)" and "(2)": the ranking
losses ARP / DCG, the PBM and the three assumptions the author lists for it, the IPW / naive /
IRW losses, the EM M-step and log-likelihood, and the softmax parametrisation of the Dual
Learning Algorithm.  The family ULTR-IPW … ULTR-EM of :mod:`clickbound.lemmas.counterfactual.ultr.estimators` proves the
expectations; this module holds the steps around them that a line-by-line reading checks:

* LTR-LOSS/exchange — swapping two documents changes ``Σ r·λ(rank)`` by ``(r_a − r_b)(λ_i − λ_j)``:
  with λ increasing (ARP) the minimisers rank by relevance, with λ decreasing (DCG) the
  *maximisers* do; LTR-DCG/minimise-as-printed is the source's "DCG should be small" (refuted).
* ULTR-PBM/factorisation (E ⊥ R ⇒ P(C=1) = θγ and both divided forms) and
  ULTR-PBM/listed-assumptions-suffice (the three listed assumptions without E ⊥ R; refuted).
* ULTR-IPW/click-only-form, ULTR-LL/bernoulli, ULTR-EM/mstep: small identities, every log.
* ULTR-LOG/pair-repeated (a log showing a pair twice breaks ``E[M̂] = E_R[M]``; refuted) and
  ULTR-NAIVE/argmin-relevance (the naive loss's minimiser ranks by relevance; refuted).
* ULTR-DLA/softmax-equals-theta (refuted) and ULTR-DLA/softmax-ratios (proved, every K).

Every refutation is an exact rational instance; every proof is a :class:`Derivation` for
every log / every K (scope "all"), its non-algebraic steps recorded as arguments.

ERR-ULTR-DLA-SOFTMAX merged into ERR-ULTR-DLA-SHARE (errata review): same sentence ('γ ≈ softmax_d f_φ, θ ≈
softmax_k g_ψ') and same cause; the softmax's scale is harmless for θ, and the per-query normalisation of γ
feeding the IRW weight is ERR-ULTR-DLA-SHARE, which now carries both locations and the softmax evidence.
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import sympy as sp

from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.support.kit import Derivation, claim_family, derived, refuted, source

SRC = source("counterfactual")
A1 = "因果推論で検索システムを問い直す(1)"
A2 = "因果推論で検索システムを問い直す(2)"


# ------------------------------------------------------------------ ranking losses (ARP, DCG)

def rank_loss(rel, order, weight):
    """``Σ_d r_d · weight(rank of d)`` for a ranking ``order`` (documents top to bottom), exact."""
    return sum(Fraction(rel[d]) * weight(i + 1) for i, d in enumerate(order))


def minimisers(rel, weight):
    """All rankings of ``range(len(rel))`` minimising :func:`rank_loss` (exact enumeration)."""
    orders = list(itertools.permutations(range(len(rel))))
    vals = {o: rank_loss(rel, o, weight) for o in orders}
    best = min(vals.values())
    return [o for o in orders if vals[o] == best], best


def exchange_proof():
    d = Derivation("Σ_d r_d λ(rank d): swapping documents a (rank i) and b (rank j) changes the loss by "
                   "(r_a − r_b)(λ_i − λ_j); minimisers of an increasing λ (ARP: λ = rank) and maximisers of a "
                   "decreasing λ (DCG: 1/rank or 1/log2(1+rank)) rank by relevance, every n")
    ra, rb, li, lj, rest = sp.symbols("r_a r_b lambda_i lambda_j rest", real=True)
    before = ra * li + rb * lj + rest
    after = ra * lj + rb * li + rest
    d.equal("exchange: loss(a at i, b at j) − loss(a at j, b at i), the other n − 2 terms (rest) unchanged",
            before - after, (ra - rb) * (li - lj))
    i, j = sp.symbols("i j", positive=True)
    d.equal("ARP, λ(i) = i: λ_i − λ_j = i − j > 0 for i > j", i - j, i - j)
    d.equal("DCG as printed, λ(i) = 1/i: λ_i − λ_j = (j − i)/(ij) < 0 for i > j", 1 / i - 1 / j, (j - i) / (i * j))
    d.argument("if a more relevant document a (r_a > r_b) sits below b (i > j), the exchange lowers an increasing-λ "
               "loss by (r_a − r_b)(λ_i − λ_j) > 0 and raises a decreasing-λ one; a finite set of rankings has "
               "a minimiser and a maximiser, so every minimiser (increasing λ) and every maximiser "
               "(decreasing λ) is sorted by relevance, and every minimiser of a decreasing λ puts the "
               "less relevant documents on top", "the exchange identity above; finiteness of the rankings")
    for rel in ((1, 0), (0, 1, 1), (1, 0, 1, 0)):
        for name, w, sign in (("ARP", lambda k: Fraction(k), 1), ("−DCG", lambda k: -Fraction(1, k), 1)):
            mins, _ = minimisers(rel, w)
            ok = all(all(rel[o[t]] >= rel[o[t + 1]] for t in range(len(o) - 1)) for o in mins)
            d.holds(f"cross-check r = {rel}: every minimiser of {name} (all {len(list(itertools.permutations(rel)))}"
                    " rankings enumerated) is sorted by relevance", ok, f"minimisers {mins}")
    return d.artefact()


def dcg_minimise_decide(budget_s):
    rel = (1, 0)  # document 0 relevant, document 1 not
    mins, best = minimisers(rel, lambda k: Fraction(1, k))
    if mins != [(1, 0)]:  # pragma: no cover
        raise AssertionError(f"DCG counterexample did not verify: {mins}")
    return refuted("exact enumeration of both rankings (rational arithmetic)",
                   counterexample={"r": rel, "loss": "Σ r / rank (as printed), minimised"},
                   **{"DCG(relevant first)": Fraction(1), "DCG(relevant last)": best, "minimisers": mins})


# ------------------------------------------------------------------ PBM

def pbm_factorisation_proof():
    d = Derivation("PBM with E ⊥ R given (q, d, k): P(C=1|q,d,k) = θ_k γ_{q,d}; P(C=1)/θ_k = γ (θ_k > 0), "
                   "P(C=1)/γ = θ_k (γ > 0)")
    th, ga = sp.symbols("theta gamma", positive=True)
    pc1 = sum((th if e else 1 - th) * (ga if r else 1 - ga) * (e * r) for e in (0, 1) for r in (0, 1))
    d.equal("P(C=1) = Σ_(e,r) P(E=e)P(R=r)·[e·r = 1] (C = E·R, E ⊥ R)", pc1, th * ga)
    d.equal("IPW form (θ_k > 0): P(C=1)/P(E=1) = P(R=1)", pc1 / th, ga)
    d.equal("IRW form (γ > 0): P(C=1)/P(R=1) = P(E=1)", pc1 / ga, th)
    return d.artefact()


def pbm_listed_assumptions_decide(budget_s):
    """A latent user type U ~ Ber(1/2) with E = R = U at every (d, k): all three listed assumptions hold."""
    half = Fraction(1, 2)
    K, D = 2, 2
    # joint law of (U): every cell's (E, R) = (U, U)
    p_e = {k: sum(Fraction(1, 2) * u for u in (0, 1)) for k in range(K)}            # P(E=1 | d, k), any d
    p_r = {dd: sum(Fraction(1, 2) * u for u in (0, 1)) for dd in range(D)}         # P(R=1 | d, k), any k
    p_c = {(dd, k): sum(Fraction(1, 2) * (u * u) for u in (0, 1)) for dd in range(D) for k in range(K)}
    prod = {(dd, k): p_e[k] * p_r[dd] for dd in range(D) for k in range(K)}
    if not (all(v == half for v in p_c.values()) and all(v == Fraction(1, 4) for v in prod.values())):
        raise AssertionError("PBM independence counterexample did not verify")  # pragma: no cover
    return refuted("exact joint law (rational arithmetic)",
                   counterexample={"U": "Ber(1/2)", "E": "U", "R": "U", "positions": K, "documents": D},
                   **{"P(C=1|d,k)": p_c[(0, 0)], "P(E=1|k)·P(R=1|d)": prod[(0, 0)],
                      "assumption 1": "C = E·R in every cell", "assumption 2": "P(R=1|d,k) = 1/2 for every k",
                      "assumption 3": "P(E=1|d,k) = 1/2 for every d"})


# ------------------------------------------------------------------ identities of the losses

_TH, _GA = sp.symbols("theta gamma", positive=True)
_F = sp.Symbol("f", real=True)


def click_only_proof():
    d = Derivation("Σ_(records) c/θ_k·f = Σ_(records with c = 1) 1/θ_k·f, every log (c ∈ {0, 1}, θ_k > 0)")
    for c in (0, 1):
        d.equal(f"one record with c = {c}: c/θ·f − [c = 1]/θ·f", c / _TH * _F - (1 if c == 1 else 0) / _TH * _F, 0)
    d.cited("sum the per-record identity over the records of the log (any number; c ∈ {0, 1})",
            "linearity of finite sums")
    return d.artefact()


def loglik_proof():
    d = Derivation("log P(L) = Σ c log θγ + (1 − c) log(1 − θγ) for independent PBM records, every log")
    pc1 = sum((_TH if e else 1 - _TH) * (_GA if r else 1 - _GA) * (e * r) for e in (0, 1) for r in (0, 1))
    d.equal("P(C=1 | q, d, k) = θ_k γ_{q,d} (four (E, R) outcomes, E ⊥ R)", pc1, _TH * _GA)
    for c in (0, 1):
        pc = pc1 if c else 1 - pc1
        d.equal(f"c = {c}: log P(C = c) = c log θγ + (1 − c) log(1 − θγ)", sp.log(pc),
                c * sp.log(_TH * _GA) + (1 - c) * sp.log(1 - _TH * _GA))
    d.argument("records independent: log P(L) = Σ_records log P(C = c_r)", "independence of the records "
               "(the source's implicit assumption; the log-likelihood is a product over records)")
    return d.artefact()


def mstep_proof():
    d = Derivation("M-step: θ_k ← Σ_(k'=k) (c + (1 − c)P(E=1|c,q,d,k)) / Σ_(k'=k) 1 maximises the expected "
                   "complete-data log-likelihood (every log); γ likewise with P(R=1|c,q,d,k)")
    th, ga = sp.symbols("theta gamma", positive=True)
    prior = {(e, r): (th if e else 1 - th) * (ga if r else 1 - ga) for e in (0, 1) for r in (0, 1)}
    p_c0 = sum(v for (e, r), v in prior.items() if e * r == 0)
    d.equal("P(E=1 | C=0) = Σ_(r: e·r = 0) prior(1, r)/P(C=0) = P(E=1,R=0 | C=0) = θ(1−γ)/(1−θγ) (C = E·R)",
            sum(v for (e, r), v in prior.items() if e == 1 and e * r == 0) / p_c0, th * (1 - ga) / (1 - th * ga))
    d.equal("P(R=1 | C=0) = P(E=0,R=1 | C=0) = (1−θ)γ/(1−θγ)",
            sum(v for (e, r), v in prior.items() if r == 1 and e * r == 0) / p_c0, (1 - th) * ga / (1 - th * ga))
    d.argument("the complete-data log-likelihood is Σ_records E_r log θ_k + (1 − E_r) log(1 − θ_k) + (terms in γ); "
               "its posterior expectation at position k is Q(θ) = S log θ + (n − S) log(1 − θ) with n records at "
               "k and S = Σ_r E[E_r | c_r] = Σ_r (c_r + (1 − c_r)P(E=1|C=0)) (E = 1 when c = 1)",
               "C = E·R; linearity of the posterior expectation")
    S, n, t = sp.symbols("S n t", positive=True)
    Q = S * sp.log(t) + (n - S) * sp.log(1 - t)
    d.equal("Q'(θ) at θ = S/n is 0", sp.diff(Q, t).subs(t, S / n), 0)
    d.equal("Q''(θ) = −S/θ² − (n − S)/(1 − θ)² (< 0 for 0 < S < n, 0 < θ < 1: Q concave, S/n its maximiser)",
            sp.diff(Q, t, 2), -S / t ** 2 - (n - S) / (1 - t) ** 2)
    return d.artefact()


def pair_repeated_decide(budget_s):
    """A log that shows the labelled pair (q, d) twice: E[M̂_IPW] = 2γf, E_R[M] = γf."""
    theta = (Fraction(1), Fraction(1, 2))
    gamma, f = Fraction(1, 2), Fraction(1)
    log = ((0,), (1,))  # the same (q, d) at positions 1 and 2
    e_ipw = sum(theta[k] * gamma / theta[k] * f for (k,) in log)
    e_irw = sum(theta[k] * gamma / gamma * f for (k,) in log)
    e_m = gamma * f  # M over L_U has the pair once
    if e_ipw == e_m:  # pragma: no cover
        raise AssertionError("pair-repeated counterexample did not verify")
    return refuted("exact expectation (rational arithmetic)",
                   counterexample={"L_U": "one pair (q, d), f = 1, γ = 1/2",
                                   "L": "(q, d) shown at position 1 and at position 2", "theta": theta},
                   **{"E[M̂_IPW]": e_ipw, "E_R[M]": e_m, "E[M̂_IRW]": e_irw,
                      "E_E[M] (pair once, at position 1)": theta[0] * f})


def naive_argmin_decide(budget_s):
    """Two documents logged at positions 1 (θ = 1) and 2 (θ = 1/10); ARP loss of a new ranking."""
    theta = (Fraction(1), Fraction(1, 10))
    gamma = (Fraction(1, 2), Fraction(3, 5))  # document 1 more relevant, but logged lower
    w_naive = tuple(theta[dd] * gamma[dd] for dd in range(2))  # E[c_d], document d logged at position d
    mins_naive, _ = minimisers(w_naive, lambda k: Fraction(k))
    mins_true, _ = minimisers(gamma, lambda k: Fraction(k))
    if mins_naive == mins_true:  # pragma: no cover
        raise AssertionError("naive-argmin counterexample did not verify")
    return refuted("exact enumeration of both rankings (rational arithmetic)",
                   counterexample={"theta (logged positions 1, 2)": theta, "gamma": gamma, "f": "rank (ARP)"},
                   **{"E[M̂_naive] weights θγ": w_naive, "argmin E[M̂_naive]": mins_naive,
                      "E_R[M] weights γ": gamma, "argmin E_R[M]": mins_true})


# ------------------------------------------------------------------ DLA softmax

def softmax_theta_decide(budget_s):
    theta = (Fraction(1), Fraction(1, 2))
    total = sum(theta)
    if total == 1:  # pragma: no cover
        raise AssertionError("softmax counterexample did not verify")
    return refuted("exact: a softmax vector sums to 1, θ does not",
                   counterexample={"theta": theta,
                                   "gamma_{q,·} (Ω_q of two documents)": (Fraction(1, 2), Fraction(1, 2))},
                   **{"Σ_k θ_k": total, "Σ_k softmax(g)_k": 1})


def softmax_ratio_proof():
    d = Derivation("logits g_k = log θ_k give softmax(g)_k = θ_k/Σ_j θ_j for every K; IPW weights 1/softmax(g)_k = "
                   "(Σθ)/θ_k rescale the IPW loss by the constant Σθ > 0, so its minimiser is unchanged")
    K = sp.Symbol("K", integer=True, positive=True)
    k, j = sp.symbols("k j", integer=True, positive=True)
    th = sp.IndexedBase("theta", positive=True)
    sm = sp.exp(sp.log(th[k])) / sp.Sum(sp.exp(sp.log(th[j])), (j, 1, K))
    d.equal("softmax(log θ)_k = θ_k / Σ_(j=1..K) θ_j, K symbolic", sm, th[k] / sp.Sum(th[j], (j, 1, K)))
    tot, f, c = sp.symbols("Theta f c", positive=True)
    d.equal("a record's IPW term with the normalised weight: c/(θ/Θ)·f = Θ·(c/θ·f), Θ = Σθ",
            c / (_TH / tot) * f, tot * (c / _TH * f))
    la, lb = sp.symbols("L_a L_b", real=True)
    d.equal("for two models a, b: Θ L_a − Θ L_b = Θ (L_a − L_b)", tot * la - tot * lb, tot * (la - lb))
    d.holds("Θ > 0, so Θ L_a <= Θ L_b iff L_a <= L_b: a loss multiplied by a constant Θ > 0 has the same "
            "minimisers", tot.is_positive is True, f"sympy: ({sp.sstr(tot)}).is_positive = {tot.is_positive}")
    return d.artefact()


def softmax_minimiser_proof():
    d = Derivation("DLA: E[M̂_IRW] = −Σ_k n_k θ_k log s_k (n_k records at position k, s = softmax(g)); over the "
                   "simplex −Σ_k w_k log s_k (w_k > 0) is minimised exactly at s = w/Σw, every K: with equal n_k the "
                   "propensity softmax learns θ/Σθ (and the relevance softmax γ/Σ_(Ω_q) γ)")
    s_, ga = sp.symbols("s gamma", positive=True)
    pc1 = sum((_TH if e else 1 - _TH) * (ga if r else 1 - ga) * (e * r) for e in (0, 1) for r in (0, 1))
    d.equal("one record at position k: E[C] = Σ_(e,r) P(E=e)P(R=r)·e·r = θ_k γ (C = E·R, E ⊥ R)", pc1, _TH * ga)
    d.equal("so E[c/γ · (−log s_k)] = θ_k γ/γ · (−log s_k) = θ_k (−log s_k)", _TH * ga / ga * (-sp.log(s_)),
            _TH * (-sp.log(s_)))
    K = sp.Symbol("K", integer=True, positive=True)
    k = sp.Symbol("k", integer=True, positive=True)
    w, s = sp.IndexedBase("w", positive=True), sp.IndexedBase("s", positive=True)
    W = sp.Symbol("W", positive=True)  # W := Σ_(j=1..K) w_j
    d.equal("at s = w/W (W := Σ_j w_j): Σ_k s_k = (Σ_k w_k)/W = 1, K symbolic", sp.Sum(w[k] / W, (k, 1, K)),
            sp.Sum(w[k], (k, 1, K)) / W)
    lam = sp.Symbol("lambda", positive=True)
    sk = sp.Symbol("s_k", positive=True)
    wk = sp.Symbol("w_k", positive=True)
    d.equal("Lagrange: ∂/∂s_k (−w_k log s_k + λ s_k) = λ − w_k/s_k, zero at s_k = w_k/λ; Σ s_k = 1 gives λ = W",
            sp.diff(-wk * sp.log(sk) + lam * sk, sk), lam - wk / sk)
    d.equal("Gibbs: −Σ w_k log s_k − (−Σ w_k log(w_k/W)) = W·KL(w/W ‖ s) (>= 0, = 0 iff s = w/W), K symbolic",
            sp.expand_log(-sp.Sum(w[k] * sp.log(s[k]), (k, 1, K)) + sp.Sum(w[k] * sp.log(w[k] / W), (k, 1, K)),
                          force=True),
            sp.expand_log(W * sp.Sum(w[k] / W * sp.log((w[k] / W) / s[k]), (k, 1, K)), force=True))
    d.cited("KL(p ‖ s) >= 0 with equality iff p = s", "Gibbs' inequality (Cover & Thomas, Elements of Information "
            "Theory, 2nd ed., Theorem 2.6.3)")
    return d.artefact()


# ------------------------------------------------------------------ registration

@register
def ultr_step_claims():
    pc = claim_family(kind="identity", expected=True)
    return [
        pc(id="LTR-LOSS/exchange", spec_id="LTR-LOSS", statement_text="for every n: swapping two documents changes "
           "Σ r·λ(rank) by (r_a − r_b)(λ_i − λ_j); minimisers of ARP (λ = rank) and maximisers of DCG (λ decreasing) "
           "rank by relevance, minimisers of DCG rank relevant documents last",
           decide=derived(exchange_proof, "derivation: exchange identity + finiteness"),
           source=SRC.at(f"{A1}, ランキング学習の定式化 (ARP, DCG)"), kind="inequality"),
        pc(id="LTR-DCG/minimise-as-printed", spec_id="LTR-LOSS", statement_text="DCG = Σ r/rank is a loss to be made "
           "small: its minimiser ranks relevant documents first", decide=dcg_minimise_decide,
           source=SRC.at(f"{A1}, ランキング学習の定式化 (DCG)"), kind="inequality", expected=False,
           description="As printed (DCG 'should be small'); refuted by two documents."),
        pc(id="ULTR-PBM/factorisation", spec_id="ULTR-IPW", statement_text="C = E·R with E ⊥ R given (q, d, k) ⇒ "
           "P(C=1|q,d,k) = θ_k γ_{q,d}, P(C=1)/θ_k = γ_{q,d} (θ_k > 0), P(C=1)/γ_{q,d} = θ_k (γ > 0)",
           decide=derived(pbm_factorisation_proof, "derivation (four outcomes of (E, R))"),
           source=SRC.at(f"{A1}, Position-Based Model (PBM); {A2}, Dual Learning Algorithm")),
        pc(id="ULTR-PBM/listed-assumptions-suffice", spec_id="ULTR-IPW", statement_text="the three listed PBM "
           "assumptions (C = E·R; relevance depends on (q, d) only; examination on k only) imply P(C=1|q,d,k) = "
           "θ_k γ_{q,d}", decide=pbm_listed_assumptions_decide,
           source=SRC.at(f"{A1}, Position-Based Model (PBM) (3つの仮定)"), expected=False,
           description="Refuted: E = R = a shared latent user type satisfies all three, P(C=1) = 1/2 ≠ 1/4."),
        pc(id="ULTR-IPW/click-only-form", spec_id="ULTR-IPW", statement_text="Σ_L c/θ_k f = Σ_(L, c=1) 1/θ_k f for "
           "every log", decide=derived(click_only_proof, "derivation: c ∈ {0, 1}"),
           source=SRC.at(f"{A1}, Inverse Propensity Weighting (IPW)")),
        pc(id="ULTR-LL/bernoulli", spec_id="ULTR-EM", statement_text="log P(L) = Σ c log θ_k γ_{q,d} + (1 − c) "
           "log(1 − θ_k γ_{q,d}) for independent PBM records, every log", decide=derived(loglik_proof, "derivation"),
           source=SRC.at(f"{A2}, Naive EM")),
        pc(id="ULTR-EM/mstep", spec_id="ULTR-EM", statement_text="the printed M-step θ_k ← mean over records at k of "
           "c + (1 − c)P(E=1|c) (γ likewise) maximises the expected complete-data log-likelihood, every log",
           decide=derived(mstep_proof, "derivation: stationary point of a concave Q"),
           source=SRC.at(f"{A2}, Naive EM (M-step)")),
        pc(id="ULTR-LOG/pair-repeated", spec_id="ULTR-IPW", statement_text="for every click log L, E[M̂_IPW] = E_R[M] "
           "with M summed over L_U (each labelled pair once)", decide=pair_repeated_decide,
           source=SRC.at(f"{A1}, IPW (= E_R[M]); {A2}, IRW (= E_E[M])"), expected=False,
           description="Refuted: a pair shown twice in L is counted twice by M̂ and once by M."),
        pc(id="ULTR-NAIVE/argmin-relevance", spec_id="ULTR-NAIVE", statement_text="minimising the expected naive ARP "
           "loss gives the ranking that minimises E_R[M] (ranks by relevance)", decide=naive_argmin_decide,
           source=SRC.at(f"{A1}, Position-Based Model (PBM)"), kind="inequality", expected=False,
           description="Refuted: a relevant document logged low loses to a less relevant one logged at the top."),
        pc(id="ULTR-DLA/softmax-equals-theta", spec_id="ULTR-IRW", statement_text="for every examination vector "
           "θ ∈ (0, 1]^K there are logits g with softmax(g)_k = θ_k", decide=softmax_theta_decide,
           source=SRC.at(f"{A2}, Dual Learning Algorithm (softmax)"), expected=False,
           description="Refuted: softmax sums to 1, θ = (1, 1/2) sums to 3/2."),
        pc(id="ULTR-DLA/softmax-ratios", spec_id="ULTR-IRW", statement_text="for every K and θ ∈ (0, ∞)^K, g = log θ "
           "gives softmax(g) = θ/Σθ; IPW with normalised weights is the IPW loss times Σθ (same minimiser)",
           decide=derived(softmax_ratio_proof, "derivation (K symbolic)"),
           source=SRC.at(f"{A2}, Dual Learning Algorithm (softmax)")),
        pc(id="ULTR-DLA/expected-minimiser", spec_id="ULTR-IRW", statement_text="for every K: the expected propensity "
           "loss −Σ_k n_k θ_k log s_k is minimised over the simplex at s = (n_k θ_k)/Σ_j n_j θ_j (= θ/Σθ when every "
           "position is logged equally often)",
           decide=derived(softmax_minimiser_proof, "derivation: expectation per record + Gibbs"),
           source=SRC.at(f"{A2}, Dual Learning Algorithm (softmax)"), kind="inequality"),
    ]


LOC_DCG = f"{A1}, ランキング学習の定式化: DCG = Σ r·1/rank and 'DCG … ランキングの逆数の総和が小さくなってほしい'"
register_erratum(Erratum(
    id="ERR-LTR-DCG-MINIMISE", spec_id="LTR-LOSS", source_file=SRC.file, location=LOC_DCG,
    source_says="DCG = Σ_(q,d,r) r·1/rank(q,d,Ω_q) is among the losses the ranking algorithms minimise; DCG "
                "expresses that the sum of reciprocal ranks of relevant documents should be small",
    truth="minimising Σ r/rank ranks relevant documents last (r = (1, 0): relevant first gives 1, last 1/2); DCG "
          "is maximised (as a loss: −DCG), and the usual DCG discount is 1/log2(1 + rank), 1/rank being "
          "reciprocal rank",
    evidence_claims=("LTR-DCG/minimise-as-printed", "LTR-LOSS/exchange"),
    conclusion_survives="yes: nothing later uses DCG; with −DCG the ARP/DCG framing and the IPW argument stand",
    severity="misprint", quotes=(
        r"D C G &=\sum_{(q, d, r) \in \mathcal{L}_{U}} r \cdot \frac{1}{\operatorname{rank}",
        "DCG (Discounted Cumulative Gain)は, relevantなdocumentのランキングの逆数の総和が小さくなってほしい",
    )))
register_erratum(Erratum(
    id="ERR-ULTR-IRW-INDEXSET", spec_id="ULTR-IRW", source_file=SRC.file,
    location=f"{A2}, Dual Learning Algorithm: M̂_IRW and the two DLA losses",
    source_says="M̂_IRW = Σ_((q,d,k,c) ∈ L_U) c/γ_{q,d} f, and the DLA losses sum over (q, d, k, c=1) ∈ L_U",
    truth="L_U = {(q, d, r)} holds relevance-labelled triples with no position or click; the sums run over the "
          "click log L = {(q, d, k, c)}, as the source's own expectation E[M̂_IRW] = Σ_L … does",
    evidence_claims=("ULTR-IRW",),
    conclusion_survives="yes: over L the unbiasedness E[M̂_IRW] = Σ_L θ_k f is proved (ULTR-IRW)",
    severity="notation", quotes=(
        r"\hat{M}_{I R W}=\sum_{(q, d, k, c) \in \mathcal{L}_{U}} \frac{c}{\gamma_{q, d}}",
        r" & =-\sum_{(q, d, k, c=1) \in \mathcal{L}_{U}} \frac{1}{\theta_{k}} \cdot \log",
    )))
register_erratum(Erratum(
    id="ERR-ULTR-EM-LATENT", spec_id="ULTR-EM", source_file=SRC.file,
    location=f"{A2}, EM Algorithm ('θ_k γ_{{q,d}}を潜在変数と見て') and Regression-based EM step (3)",
    source_says="θ_k γ_{q,d} are treated as latent variables; the E-step of Regression-EM estimates a conditional "
                "click probability (条件付きclick確率)",
    truth="the latent variables are examination E and relevance R (θ_k, γ_{q,d} are the parameters); the E-step "
          "computes the posteriors P(E, R | C = c, q, d, k), which the source's own Naive-EM E-step lists; the "
          "click is observed",
    evidence_claims=("ULTR-EM/posterior", "ULTR-EM/mstep"),
    conclusion_survives="yes: the printed E- and M-step formulas are the right ones",
    severity="notation", quotes=(
        r"\theta_k \gamma_{q, d}を潜在変数と見てEMアルゴリズムでパラメータを推定する",
        "(3). E-step: それまでに得られている",
    )))
