"""The blog's CascadeLinTS (source 004): its posterior displays, its code, and its item generator.

Source ``004_d9477b3ebe233f80.txt``, "Linear Cascading Bandits" and "CascadeLinTSのPython実装".  The
port keeps the blog's statements (``InvM = I``, ``B = 0``, the Sherman–Morrison line, ``B += x`` when
``is_click``) and runs on numpy object arrays of Fractions, so one update is decided exactly; the pandas
lookup ``features[features['id'] == e]`` is a list index (ids are 0..L−1 in ``gen_items``).

* **LINTS-POSTERIOR** (every d): prior θ ~ N(0, I_d), observations y = xᵀθ + N(0, s) give the posterior
  N(M^{−1}B/s, M^{−1}) with M = I + XᵀX/s, B = XᵀY; with s = σ² these are the blog's M_t, B_t and
  θ̂_t = σ^{−2}M_t^{−1}B_t.  **LINTS-THETA-HAT/as-printed** (expected false): the display's
  ``σ^{−2}M_t^{−1}B_{t−1}``.  **LINTS-SIGMA/variance-reading** (expected false): σ as the noise *variance*.
* **LINTS-RECURSION** (every d, t): the per-item recursions from M_0 = I, B_0 = 0 give M_t = σ^{−2}X_tᵀX_t + I
  and B_t = X_tᵀY_t for X_t, Y_t the observations *up to* step t; **LINTS-BATCH/at-step-t** (expected false):
  with the prose's "observed at step t" the two displays disagree.
* **BLOG-LINTS/observe-records** (expected false), **BLOG-LINTS/observe-sm** (the port's InvM is the
  inverse of I + σ^{−2}Σxxᵀ over the recorded positions).
* **GEN-ITEMS/linear** and **GEN-ITEMS/in-unit-interval** (expected false).
"""
from __future__ import annotations

import itertools
import random
from fractions import Fraction

import numpy as np
import sympy as sp

from clickbound.lemmas.cascade_blog.ucb1 import BlogObserveLoop
from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.support.kit import Derivation, claim_family, derived, refuted, source

SRC = source("cascade_blog")
LOC_POST = SRC.at("Linear Cascading Bandits (θ_t ~ N(θ̂_(t−1), M_(t−1)^(−1)), θ̂_t, M_t, B_t)")
LOC_CODE = SRC.at("CascadeLinTSのPython実装 (CascadeLinTSAgent)")
LOC_GEN = SRC.at("CascadeLinTSのPython実装 (gen_items)")
SEED = 20260606


# ----------------------------------------------------------------------------- the port (blog lines 341-417)
class CascadeLinTSAgent(BlogObserveLoop):
    """Blog lines 391-417 on object arrays; ``features[e]`` is the (d, 1) column of item e; ``observe`` is
    the loop CascadeUCB1Agent shares (:class:`~clickbound.lemmas.cascade_blog.ucb1.BlogObserveLoop`), the
    loop body is :meth:`update`."""

    def __init__(self, d, sigma, features, sampler=None):
        self.sigma = sigma
        self.features = features
        self.InvM = np.eye(d, dtype=object) * Fraction(1)
        self.B = np.zeros(d, dtype=object).reshape(d, 1) * Fraction(0)
        self._sampler = sampler  # stands for np.random.multivariate_normal(mean, cov)

    def get_list(self, k):
        before_theta = (self.sigma ** -2) * self.InvM.dot(self.B)
        theta = self._sampler(before_theta.ravel(), self.InvM)
        weights = [x.T.dot(theta) for x in self.features]
        return sorted(range(len(weights)), key=lambda i: weights[i], reverse=True)[:k]

    def update(self, e, clicked):
        x = self.features[e]
        self.InvM = self.InvM - (self.InvM.dot(x).dot(x.T).dot(self.InvM)) / (
            x.T.dot(self.InvM).dot(x) + self.sigma ** 2)
        if clicked:
            self.B = self.B + x


def gen_items(tags, L, sigma=0.01, rnd=random):
    """Blog lines 341-365 (the DataFrame replaced by its three columns)."""
    tag_ids = list(tags.keys())
    weights, features = [], []
    for _ in range(L):
        n = rnd.randint(1, 3)
        tag_samples = rnd.sample(tag_ids, n)
        w = 0
        one_hot = []
        for t in tag_ids:
            if t in tag_samples:
                w += rnd.gauss(tags[t], sigma)
                one_hot.append(1)
            else:
                one_hot.append(0)
        vec = np.array(one_hot)
        features.append(vec.reshape(len(vec), 1))
        weights.append(w)
    return list(range(len(weights))), weights, features


def _col(v):
    return np.array([[Fraction(int(x))] for x in v], dtype=object)


# ----------------------------------------------------------------------------- posterior
def posterior_proof():
    d = Derivation("every d: prior N(0, I_d) and y_r = x_rᵀθ + N(0, s) independent give the posterior "
                   "N(M^(−1)XᵀY/s, M^(−1)), M = I + XᵀX/s; with s = σ²: θ̂ = σ^(−2)M^(−1)B, B = XᵀY; "
                   "M_0 = I, B_0 = 0 (no data) is the prior")
    d.cited("−log posterior = J(θ) + const, J(θ) = ½θᵀθ + |Y − Xθ|²/(2s), a quadratic with gradient "
            "Mθ − XᵀY/s and Hessian M ≻ 0, so the posterior is Gaussian with mean M^(−1)XᵀY/s and covariance "
            "M^(−1) (every d, n)",
            "Bayesian linear regression with a Gaussian prior (Bishop, Pattern Recognition and Machine Learning, 2006, §3.3.1)")
    s = sp.Symbol("s", positive=True)
    for dim, n in ((1, 2), (2, 2), (2, 3), (3, 2)):
        th = sp.Matrix(sp.symbols(f"th0:{dim}"))
        X = sp.Matrix(n, dim, lambda i, j: sp.Symbol(f"x{i}{j}"))
        Y = sp.Matrix(sp.symbols(f"y0:{n}"))
        J = (th.T * th)[0] / 2 + ((Y - X * th).T * (Y - X * th))[0] / (2 * s)
        M = sp.eye(dim) + X.T * X / s
        grad = sp.Matrix([sp.diff(J, v) for v in th])
        d.equal(f"d={dim}, n={n}: ∇J − (Mθ − XᵀY/s) = 0 (every entry)",
                sp.simplify((grad - (M * th - X.T * Y / s)).norm() ** 2), 0)
        d.equal(f"d={dim}, n={n}: Hessian of J − M = 0", sp.simplify(
            (sp.hessian(J, list(th)) - M).norm() ** 2), 0)
    return d.artefact()


def _theta_hat_printed_decide(budget_s):
    # d = 1, σ = 1, one observation at step 1: x = 1, y = 1
    M1, B0, B1 = Fraction(1) + 1, Fraction(0), Fraction(1)
    printed, posterior = B0 / M1, B1 / M1
    return refuted("exact (Fractions)", counterexample={
        "d": 1, "σ": 1, "step 1 observation (x, y)": (1, 1), "M_1": M1, "B_0": B0, "B_1": B1,
        "printed θ̂_1 = σ^(−2)M_1^(−1)B_0": printed, "posterior mean σ^(−2)M_1^(−1)B_1": posterior})


def _sigma_variance_decide(budget_s):
    sigma, x = Fraction(1, 2), Fraction(1)
    precision_if_variance_sigma = 1 + x * x / sigma
    M1 = 1 + x * x / sigma ** 2
    return refuted("exact (Fractions)", counterexample={
        "σ": sigma, "x": x, "posterior precision with noise variance σ": precision_if_variance_sigma,
        "blog's M_1 = σ^(−2)x² + 1": M1, "noise variance that reproduces M_1": sigma ** 2})


def recursion_proof():
    d = Derivation("every d, t: from M_0 = I, B_0 = 0 the per-observation updates M ← M + σ^(−2)xxᵀ, B ← B + x·y "
                   "give M_t = σ^(−2)X_tᵀX_t + I and B_t = X_tᵀY_t, X_t (Y_t) the rows (entries) of every "
                   "observation up to step t")
    d.cited("XᵀX = Σ_r x_r x_rᵀ and XᵀY = Σ_r x_r y_r (definition of the matrix product, every d and n), so "
            "adding one row adds x xᵀ and x y; induction on the number of rows",
            "the column–row expansion of a matrix product (Horn & Johnson, Matrix Analysis, 2nd ed., §0.2.7)")
    for dim, n in ((1, 3), (2, 3), (3, 2)):
        X = sp.Matrix(n, dim, lambda i, j: sp.Symbol(f"x{i}{j}"))
        Y = sp.Matrix(sp.symbols(f"y0:{n}"))
        sg = sp.Symbol("sigma", positive=True)
        M, B = sp.eye(dim), sp.zeros(dim, 1)
        for r in range(n):
            x = X[r, :].T
            M, B = M + x * x.T / sg ** 2, B + x * Y[r]
        d.equal(f"d={dim}, {n} observations: recursion M − (σ^(−2)XᵀX + I) = 0",
                sp.simplify((M - (X.T * X / sg ** 2 + sp.eye(dim))).norm() ** 2), 0)
        d.equal(f"d={dim}, {n} observations: recursion B − XᵀY = 0", sp.simplify((B - X.T * Y).norm() ** 2), 0)
    return d.artefact()


def _batch_at_step_decide(budget_s):
    # d = 1, σ = 1; step 1 observes x = 1, step 2 observes x = 1
    M1 = Fraction(1) + 1
    M2_recursive = M1 + 1
    M2_at_step = Fraction(1) * 1 + 1
    return refuted("exact (Fractions)", counterexample={
        "d": 1, "σ": 1, "rows": "x = 1 at step 1 and at step 2", "M_2 by M_t = M_(t−1) + σ^(−2)xxᵀ": M2_recursive,
        "M_2 = σ^(−2)X_2ᵀX_2 + I with X_2 = rows observed at step 2 only": M2_at_step})


# ----------------------------------------------------------------------------- the code
def _observe_records_decide(budget_s):
    feats = [_col([1, 0]), _col([0, 1])]
    ag = CascadeLinTSAgent(2, Fraction(1), feats)
    ag.observe([0, 1], -1)  # nothing clicked
    return refuted("exact run of one observe() (Fractions)", counterexample={
        "list": (0, 1), "click": -1, "B after observe": [str(v) for v in ag.B.ravel()],
        "B_t = B_(t−1) + Σ x 1{C_t = k}": ["0", "0"]})


def observe_sm_proof():
    d = Derivation("the port's observe keeps InvM = (I + σ^(−2)Σ_(recorded) x xᵀ)^(−1): its line is the display "
                   "of LIN-SM; exact runs agree")
    d.cited("self.InvM − InvM x xᵀ InvM/(xᵀ InvM x + σ²) is M^(−1) for M + σ^(−2)xxᵀ whenever InvM = M^(−1)",
            "the Sherman–Morrison formula (Sherman & Morrison 1950, Ann. Math. Statist. 21; LIN-SM proves it for "
            "every d)")
    rng = np.random.default_rng(SEED)
    for sigma in (Fraction(1), Fraction(1, 2)):
        feats = [_col(rng.integers(0, 2, 4) | np.eye(4, dtype=int)[i % 4]) for i in range(6)]
        ag = CascadeLinTSAgent(4, sigma, feats)
        M = sp.eye(4)
        for _ in range(12):
            a = [int(v) for v in rng.choice(6, 3, replace=False)]
            click = int(rng.choice([1, 2, 3, -1]))
            ag.observe(a, click)
            for e in a[:3 if click == -1 else click]:
                x = sp.Matrix(feats[e].tolist())
                M += x * x.T / sp.Rational(sigma.numerator, sigma.denominator) ** 2
        diff = sp.Matrix(ag.InvM.tolist()) * M - sp.eye(4)
        d.holds(f"σ = {sigma}: 12 rounds of the port in Fractions: InvM·M − I = 0", diff == sp.zeros(4, 4),
                f"InvM·M − I = {sp.sstr(diff)}")
    return d.artefact()


# ----------------------------------------------------------------------------- gen_items
class _Stub:
    """randint/sample/gauss with fixed answers (gauss returns the mean + a given noise)."""

    def __init__(self, n, pick, noise):
        self.n, self.pick, self.noise = n, pick, noise

    def randint(self, a, b):
        return self.n

    def sample(self, ids, n):
        return [ids[i] for i in self.pick[:n]]

    def gauss(self, mu, sigma):
        return mu + self.noise


def gen_linear_proof():
    d = Derivation("gen_items: w(e) = Σ_(tags of e) (tag rate + ε_tag) = x_eᵀθ* + ε_e with θ* the tag rates and "
                   "ε_e ~ N(0, |x_e|·σ²), |x_e| ∈ {1, 2, 3}: the attraction is linear in the multi-hot feature "
                   "up to Gaussian noise")
    tags = {"a": Fraction(1, 10), "b": Fraction(1, 5), "c": Fraction(3, 20), "d": Fraction(2, 25)}
    theta = [tags[t] for t in tags]
    for n, pick in itertools.product((1, 2, 3), ((0, 1, 2), (3, 1, 0), (2, 3, 1))):
        _, w, x = gen_items(tags, 1, rnd=_Stub(n, pick, Fraction(0)))
        xw = sum(int(x[0][j, 0]) * theta[j] for j in range(4))
        d.holds(f"n = {n}, tags {pick[:n]}, zero noise: w = x_eᵀθ* and |x_e| = n", w[0] == xw and int(x[0].sum()) == n,
                f"w = {w[0]}, x = {x[0].ravel().tolist()}")
    sg, m = sp.symbols("sigma n", positive=True)
    d.cited("independent N(tag rate, σ²) draws sum to N(Σ rates, nσ²)",
            "the sum of independent normal variables is normal (Casella & Berger, Statistical Inference, 2nd ed., "
            "Corollary 4.6.10)")
    d.equal("variance of the item noise: Σ_(n tags) σ² = nσ²", sp.Sum(sg ** 2, (sp.Symbol("i"), 1, m)).doit(), m * sg ** 2)
    return d.artefact()


def _unit_interval_decide(budget_s):
    # an item whose only tag is 'AWS' (rate 0.03 in the demo dictionary), σ = 0.01: P(w < 0) = Φ(−3)
    from flint import arb

    ball = (arb(3) / arb(2).sqrt()).erfc() / 2
    if not ball > 0:  # pragma: no cover
        raise AssertionError(ball)
    return refuted("certified arithmetic (arb ball for erfc(3/√2)/2, lower end > 0)", counterexample={
        "item": "only tag 'AWS' (0.03), σ = 0.01", "P(w < 0) = Φ(−3) = erfc(3/√2)/2": str(ball),
        "experiment dictionary (min rate 0.05): Φ(−5)": str((arb(5) / arb(2).sqrt()).erfc() / 2)})


#: the CascadeLinTS claims of the blog: spec entry ALG-CASLINTS, identities unless said otherwise
claim = claim_family(spec_id="ALG-CASLINTS", kind="identity", expected=True)


@register
def blog_lints_claims():
    return [
        claim(id="LINTS-POSTERIOR", source=LOC_POST,
              statement_text="every d: prior N(0, I), noise variance s: posterior N(M^(−1)XᵀY/s, M^(−1)), "
                             "M = I + XᵀX/s (s = σ²: θ̂ = σ^(−2)M^(−1)B)",
              decide=derived(posterior_proof, "derivation + symbolic gradients/Hessians")),
        claim(id="LINTS-THETA-HAT/as-printed", source=LOC_POST, expected=False,
              statement_text="θ̂_t = σ^(−2)M_t^(−1)B_(t−1) is the posterior mean after step t",
              decide=_theta_hat_printed_decide),
        claim(id="LINTS-SIGMA/variance-reading", source=LOC_POST, expected=False,
              statement_text="with σ the observation-noise variance the posterior precision is "
                             "M_t = σ^(−2)X_tᵀX_t + I",
              decide=_sigma_variance_decide),
        claim(id="LINTS-RECURSION", source=LOC_POST,
              statement_text="every d, t: M_t = M_(t−1) + σ^(−2)xxᵀ, B_t = B_(t−1) + x 1{C_t = k} from M_0 = I, "
                             "B_0 = 0 give σ^(−2)X_tᵀX_t + I and X_tᵀY_t (all observations up to t)",
              decide=derived(recursion_proof, "derivation + symbolic")),
        claim(id="LINTS-BATCH/at-step-t", source=LOC_POST, expected=False,
              statement_text="with X_t the rows observed at step t only, M_t = σ^(−2)X_tᵀX_t + I satisfies "
                             "M_t = M_(t−1) + σ^(−2)Σ xxᵀ",
              decide=_batch_at_step_decide),
        claim(id="BLOG-LINTS/observe-records", source=LOC_CODE, expected=False,
              statement_text="CascadeLinTSAgent.observe adds x_e to B exactly for the clicked "
                             "position (B_t = B_(t−1) + x_e 1{C_t = k})",
              decide=_observe_records_decide),
        claim(id="BLOG-LINTS/observe-sm", source=LOC_CODE,
              statement_text="the port's observe keeps InvM = (I + σ^(−2)Σ_recorded xxᵀ)^(−1)",
              decide=derived(observe_sm_proof, "LIN-SM + exact runs")),
        claim(id="GEN-ITEMS/linear", source=LOC_GEN,
              statement_text="gen_items gives w(e) = x_eᵀθ* + N(0, |x_e|σ²), θ* the tag rates",
              decide=derived(gen_linear_proof, "derivation + stubbed runs")),
        claim(id="GEN-ITEMS/in-unit-interval", source=LOC_GEN, expected=False,
              statement_text="every weight gen_items draws lies in [0, 1] (is a click probability)",
              decide=_unit_interval_decide),
    ]


ERRATA = (
    register_erratum(Erratum(
        id="ERR-004-THETA-HAT-INDEX", source_file=SRC.file, location="Linear Cascading Bandits, θ̂_t display",
        source_says="θ̂_t = σ^{−2} M_t^{−1} B_{t−1}", truth="θ̂_t = σ^{−2} M_t^{−1} B_t (the posterior mean; the "
        "blog's code uses the current B); d = 1, σ = 1, one observation (1, 1): printed 0, posterior mean 1/2",
        evidence_claims=("LINTS-THETA-HAT/as-printed", "LINTS-POSTERIOR"),
        conclusion_survives="yes: the code and the sampling display use the right pair", spec_id="ALG-CASLINTS",
        severity="misprint", quotes=(
            r"\hat{\theta}_{t} = \sigma^{-2} M^{-1}_t B_{t-1}",
        ))),
    register_erratum(Erratum(
        id="ERR-004-LINTS-X-AT-STEP", source_file=SRC.file, location="Linear Cascading Bandits, 補足 (X_t, Y_t)",
        source_says="X_t の行をステップ t で観測されたすべてのアイテムの特徴ベクトル, Y_t をステップ t で観測された"
                    "すべての引力確率の列ベクトル",
        truth="X_t, Y_t hold every observation up to step t (Y_t the observed 0/1 attractions, not probabilities); "
              "with 'at step t' the batch display contradicts the recursion M_t = M_(t−1) + σ^(−2)xxᵀ",
        evidence_claims=("LINTS-BATCH/at-step-t", "LINTS-RECURSION"),
        conclusion_survives="yes: the recursion and the code accumulate", spec_id="ALG-CASLINTS",
        severity="notation", quotes=(
            "X_t行列は行をステップ tで観測されたすべてのアイテムの特徴ベクトルとし、 Y_tをステップ tで観測されたすべての引力確率の列ベクトルとします",
        ))),
    register_erratum(Erratum(
        id="ERR-004-B-SUBSCRIPT", source_file=SRC.file, location="Linear Cascading Bandits, B_t update display",
        source_says="B_t = B_{t_1} + x_e 1{C_t = k}", truth="B_t = B_{t−1} + x_e 1{C_t = k} (t_1 for t−1), one "
        "update per observed position", evidence_claims=("LINTS-RECURSION",),
        conclusion_survives="yes: a typo", spec_id="ALG-CASLINTS",
        severity="notation", quotes=(
            r"B_t = B_{t_1} + x_e \mathbb{1}\{C_t=k\}",
        ))),
    register_erratum(Erratum(
        id="ERR-004-SIGMA-VARIANCE", source_file=SRC.file, location="Linear Cascading Bandits, 補足 (σ)",
        source_says="σ>θ は学習率を制御するパラメータで、理想的には観測ノイズの分散であることが望ましい",
        truth="σ > 0; in M_t = σ^{−2}XᵀX + I the noise variance is σ² (σ the standard deviation): with noise "
              "variance σ = 1/2 the precision would be 3, the display gives 5",
        evidence_claims=("LINTS-SIGMA/variance-reading", "LINTS-POSTERIOR"),
        conclusion_survives="yes: σ = 1 in the experiments, where σ = σ²", spec_id="ALG-CASLINTS",
        severity="misprint", quotes=(
            "σ>θは学習率を制御するパラメータで、理想的には観測ノイズの分散であることが望ましいと論文で説明されています",
        ))),
)
