"""The blog's CascadeUCB1 code (source 004), ported faithfully and decided exactly.

Source ``004_d9477b3ebe233f80.txt``, "PythonによるCascadeUCB1の実装": classes ``CascadingModelEnv`` and
``CascadeUCB1Agent``, functions ``f``, ``regret``, ``simulate``.  The port below keeps the blog's
statements line for line (same initial counts, same updates, same sort; the ``observe`` loop, the same in
the blog's two agents, is written once as :class:`BlogObserveLoop`); only the random sources are passed in (``uniform()`` for ``np.random.random``, ``bernoulli(p)`` for ``scipy.stats.bernoulli.rvs``)
and the module-level ``E`` the blog's methods read is an explicit ``namespace["E"]``, so that one update
can be enumerated exactly (Fractions, sympy) instead of sampled.

* **BLOG-UCB1/observe-records** (expected false): ``observe`` records ``1{C_t = k}`` at positions
  ``k = 1..min(C_t, K)`` with ``C_t = ∞`` on no click (the display and Kveton et al.'s update).  Refuted:
  on a no-click round ``click = -1`` is replaced by ``len(a)`` and ``is_click(len(a), K)`` records a click
  for the item at position K.
* **BLOG-UCB1/last-position-bias**: for every K the port records the examined positions, ``1{C_t = k}``
  at ``k < K`` and ``1`` at ``k = K`` whenever K is examined: the recorded sample of the last position
  has conditional mean 1, not ``w̄(a_K)``.
* **BLOG-UCB1/K1-env-independent**: with K = 1 every update records 1, so the lists do not depend on the
  environment; on the two instances ``(w1, w2)`` and ``(w2, w1)`` the expected regrets add up to
  ``|w1 − w2|·n``: one of them is ≥ ``|w1 − w2| n/2`` (linear).
* **BLOG-UCB1/running-mean**, **BLOG-UCB1/init-unbiased** (expected false): the update is the running
  mean of ``(x_0, samples)`` where ``x_0 ~ Ber(p)`` is a pseudo-observation (p = 0.2), not an observation
  of the item (Kveton et al. observe ``w_0 ~ P``).
* **BLOG-UCB1/U1-defined** (expected false), **BLOG-UCB1/log-offset**, **BLOG-UCB1/hoeffding-radius**:
  the display ``U_t = ŵ + c_{t−1,T}`` needs ``log 0`` at t = 1; the code's r-th call uses ``log r``;
  ``exp(−2 s c_{t,s}²) = t^{−3}``.
* **BLOG-ENV/click-law**, **BLOG-ENV/optimal-weights-global** (expected false), **BLOG-REGRET/pseudo**.

ERR-004-UCB1-INIT demoted out of the errata (errata review): one Bernoulli(p) pseudo-observation per item is a
prior pseudo-count in place of Kveton et al.'s initial observation w_0 ~ P (which a live system cannot make);
it shifts ŵ(e) by O(1/T(e)) and the regret by a constant, a design choice recorded as a definition note in the
ledger. BLOG-UCB1/init-unbiased and BLOG-UCB1/running-mean stay as its evidence.
"""
from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import sympy as sp

from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.support.kit import Derivation, claim_family, derived, refuted, source

SRC = source("cascade_blog")
LOC = SRC.at("PythonによるCascadeUCB1の実装")
LOC_DISPLAY = SRC.at("Cascading Bandits (w_t(a^t_k) = 1{C_t = k}, U_t(e), c_(t,s))")
K_ENUM = 6
SEED = 20260604


# ----------------------------------------------------------------------------- the port (blog lines 160-256)
class CascadingModelEnv:
    """Blog lines 160-174; ``uniform`` stands for ``np.random.random``, ``namespace["E"]`` for the global E."""

    def __init__(self, E, uniform, namespace):
        self.E = E
        self._uniform, self._ns = uniform, namespace

    def click(self, A):
        for i, item in enumerate(A):
            if self.E[item] > self._uniform():
                return i + 1
        return -1

    def weights(self, A):
        return [self.E[i] for i in A]

    def optimal_weights(self, k):
        return sorted(self._ns["E"], reverse=True)[:k]  # the blog's line reads the global E, not self.E


class BlogObserveLoop:
    """The ``is_click`` and ``observe`` loop the blog's two agents share line for line (CascadeUCB1Agent and
    CascadeLinTSAgent of :mod:`clickbound.lemmas.cascade_blog.lints`): a no-click round (``click == -1``)
    becomes ``click = len(a)``, and positions ``1..min(len(a), click)`` are visited; the body of the loop,
    which differs between the agents, is their ``update(e, is_click(click, i + 1))``."""

    def is_click(self, click, k):
        return 1 if click == k else 0

    def observe(self, a, click):
        if click == -1:
            click = len(a)
        for i in range(min(len(a), click)):
            self.update(a[i], self.is_click(click, i + 1))


class CascadeUCB1Agent(BlogObserveLoop):
    """Blog lines 197-222; ``bernoulli(p)`` stands for ``bernoulli.rvs(p=p)``; ``observe`` is the shared
    :class:`BlogObserveLoop`, the loop body is :meth:`update`."""

    def __init__(self, E, p, bernoulli, namespace):
        self.t = 1
        self.counts = [1 for _ in range(len(E))]
        self.weights = [bernoulli(p) for _ in range(len(E))]
        self._ns = namespace

    def ucb(self, e):
        return self.weights[e] + math.sqrt(1.5 * math.log(self.t - 1) / self.counts[e])

    def get_list(self, k):
        self.t += 1
        ucbs = [self.ucb(e) for e in range(len(self._ns["E"]))]  # the blog's len(E): the global again
        return sorted(range(len(ucbs)), key=lambda i: ucbs[i], reverse=True)[:k]

    def update(self, e, clicked):
        before_count = self.counts[e]
        self.counts[e] += 1
        self.weights[e] = ((before_count * self.weights[e]) + clicked) / self.counts[e]


def f(weights):
    v = 1
    for w in weights:
        v *= (1 - w)
    return 1 - v


def regret(optimal_weights, weights):
    return f(optimal_weights) - f(weights)


def simulate(agent, env, k, steps):
    optimal_weights = env.optimal_weights(k=k)
    cumulative_regret = 0
    history = []
    for _ in range(steps):
        a = agent.get_list(k=k)
        click = env.click(a)
        agent.observe(a, click)
        cumulative_regret += regret(optimal_weights, env.weights(a))
        history.append(cumulative_regret)
    return history


# ----------------------------------------------------------------------------- one update, enumerated
def recorded_samples(a, click):
    """``{position: sample}`` the port's ``observe`` records (every count starts at 1, every weight at 0)."""
    ag = CascadeUCB1Agent([0] * (max(a) + 1), 0, lambda p: Fraction(0), {"E": [0] * (max(a) + 1)})
    ag.observe(list(a), click)
    return {k + 1: ag.weights[e] * ag.counts[e] for k, e in enumerate(a) if ag.counts[e] == 2}


def display_samples(K, click):
    """The display / Kveton et al.: positions 1..min(C_t, K), C_t = ∞ without a click, sample 1{C_t = k}."""
    C = math.inf if click == -1 else click
    return {k: int(C == k) for k in range(1, K + 1) if k <= min(C, K)}


def _outcomes(K):
    return list(range(1, K + 1)) + [-1]


def _observe_records_decide(budget_s):
    for K in range(1, K_ENUM + 1):
        for click in _outcomes(K):
            got, want = recorded_samples(range(K), click), display_samples(K, click)
            if got != want:
                return refuted("exact enumeration of one observe() (Fractions)", counterexample={
                    "K": K, "list": tuple(range(K)), "click returned by env": click,
                    "port records {position: sample}": got, "display records": want})
    raise AssertionError("no mismatch found")  # pragma: no cover


def last_position_proof():
    d = Derivation("for every K: the port's observe() records positions 1..min(C_t, K) (all K without a click), "
                   "sample 1{C_t = k} at k < K, and 1 at k = K whenever position K is examined; so "
                   "E[sample at K | K examined] = 1 while the attraction has mean w̄(a_K)")
    d.argument("examined at K means C_t ∈ {K, −1} (no click before K); observe() maps −1 to len(a) = K, so the "
               "loop covers i = 0..K−1 and is_click(K, K) = 1 in both cases; for k < K the recorded is_click(click', k) "
               "equals 1{C_t = k} because click' = C_t when C_t ≠ −1 and click' = K ≠ k otherwise",
               "the port's lines 'if click == -1: click = len(a)' and 'is_click'")
    for K in range(1, K_ENUM + 1):
        for click in _outcomes(K):
            got = recorded_samples(range(K), click)
            want = {k: int(click == k or (k == K and click == -1))
                    for k in range(1, K + 1) if click == -1 or k <= click}
            d.holds(f"enumeration K={K}, click={click}: recorded = 1{{C=k}} below K, 1 at K when examined",
                    got == want, f"{got}")
    for K in range(1, 5):
        w = sp.symbols(f"w0:{K}")
        exam = sp.Mul(*[1 - x for x in w[:-1]])
        rec = 0
        for click in _outcomes(K):  # the cascade law of the click position (BLOG-ENV/click-law)
            pr = sp.Mul(*[1 - x for x in w]) if click == -1 else w[click - 1] * sp.Mul(*[1 - x for x in w[:click - 1]])
            rec += pr * recorded_samples(range(K), click).get(K, 0)
        d.equal(f"K={K}: E[recorded sample at K] = P(K examined) = ∏_(j<K)(1 − w_j) (so mean 1 given examined)",
                sp.expand(rec), sp.expand(exam))
    return d.artefact()


def k1_proof():
    d = Derivation("K = 1: every observe() records 1 whatever the click, so the port's lists are a function of "
                   "the initial draws alone; for L = 2, R_(w1,w2)(n) + R_(w2,w1)(n) = |w1 − w2|·n, hence "
                   "max of the two ≥ |w1 − w2| n/2 (linear regret)")
    for click in (1, -1):
        d.holds(f"K = 1, click = {click}: recorded sample", recorded_samples((0,), click) == {1: 1},
                f"{recorded_samples((0,), click)}")
    d.argument("the agent's state (t, counts, weights) after a round is the same for click = 1 and click = −1, "
               "so by induction on rounds its lists are a function of the initial Bernoulli draws only, with "
               "the same law under every instance w̄", "the two enumerated updates above")
    q, w1, w2 = sp.symbols("q_t w1 w2")
    d.equal("per round, with q_t = P(A_t = item 2) the same on both instances: "
            "(w1 − w2)q_t + (w1 − w2)(1 − q_t) = w1 − w2 (w1 ≥ w2; summed over n rounds: (w1 − w2)n)",
            (w1 - w2) * q + (w1 - w2) * (1 - q), w1 - w2)
    rng = np.random.default_rng(SEED)
    init = [int(rng.integers(0, 2)) for _ in range(2)]
    lists = []
    for E in ([0.9, 0.1], [0.1, 0.9]):
        ns = {"E": E}
        draws = iter(init)
        ag = CascadeUCB1Agent(E, 0.2, lambda p, it=draws: next(it), ns)
        env = CascadingModelEnv(E, np.random.default_rng(SEED + 1).random, ns)
        seq = []
        for _ in range(500):
            a = ag.get_list(1)
            ag.observe(a, env.click(a))
            seq.append(a[0])
        lists.append(seq)
    d.holds("cross-check: 500 rounds of the port from the same initial draws on w̄ = (0.9, 0.1) and (0.1, 0.9) "
            "show identical lists", lists[0] == lists[1], f"item 2 shown {lists[0].count(1)} of 500 times in both")
    return d.artefact()


def running_mean_proof():
    d = Derivation("observe() keeps ŵ = (x_0 + Σ_(i≤m) x_i)/(m + 1) after m recorded samples, x_0 the initial draw")
    S, m, x = sp.symbols("S m x", positive=True)
    d.equal("induction: (before_count·ŵ + x)/(before_count + 1) with before_count = m + 1, ŵ = S/(m + 1)",
            ((m + 1) * (S / (m + 1)) + x) / (m + 2), (S + x) / (m + 2))
    ag = CascadeUCB1Agent([0, 0], 0, lambda p: Fraction(1), {"E": [0, 0]})
    for click in (1, 2, 1, 1, 2):  # item 0 at position 1: a click there records 1, a click at 2 records 0
        ag.observe([0, 1], click)
    d.holds("cross-check (Fractions): x_0 = 1 then samples 1, 0, 1, 1, 0 give ŵ = 4/6", ag.weights[0] == Fraction(4, 6),
            f"ŵ = {ag.weights[0]}, count = {ag.counts[0]}")
    return d.artefact()


def _init_decide(budget_s):
    p, wbar = Fraction(1, 5), Fraction(3, 10)
    mean = sum(pr * x for x, pr in ((1, p), (0, 1 - p)))
    return refuted("exact expectation (Fractions)", counterexample={
        "p (blog)": p, "w̄(0) (blog's E[0])": wbar, "E[initial ŵ(0)]": mean,
        "literature (w_0 ~ P)": wbar})


def _u1_decide(budget_s):
    val = sp.sqrt(sp.Rational(3, 2) * sp.log(sp.Integer(0)) / 1)
    if val.is_extended_real and val.is_finite:  # pragma: no cover
        raise AssertionError(val)
    return refuted("exact (sympy)", counterexample={"t": 1, "s = T_0(e)": 1,
                                                    "c_(t−1,s) = sqrt(1.5 log 0 / 1)": sp.sstr(val)})


def log_offset_proof():
    d = Derivation("the port's r-th get_list() (r ≥ 1) uses sqrt(1.5 log r / T(e)) = c_(r,T(e)), defined for every "
                   "r ≥ 1 and 0 at r = 1: the display's c_(t−1,·) at step t = r + 1, i.e. the display shifted by "
                   "one round")
    ag = CascadeUCB1Agent([0, 0], 0, lambda p: 0, {"E": [0, 0]})
    for r in range(1, 8):
        ag.get_list(1)
        d.holds(f"r = {r}: self.t − 1 = r after r calls", ag.t - 1 == r, f"self.t = {ag.t}")
        d.holds(f"r = {r}: ucb(e) == 0 + sqrt(1.5 log r / 1) (float, same operations)",
                ag.ucb(0) == math.sqrt(1.5 * math.log(r) / 1), f"{ag.ucb(0)!r}")
    r = sp.Symbol("r", positive=True)
    d.cited("by induction self.t = 1 + r after r calls (self.t starts at 1, get_list adds 1 before the ucbs), "
            "and log r ≥ 0 for r ≥ 1",
            "mathematical induction on the number of calls r (base and step: the port's __init__ and get_list, run above for r = 1..)")
    d.equal("r = 1: c_(1,s) = sqrt(1.5 log 1 / s) = 0", sp.sqrt(sp.Rational(3, 2) * sp.log(1) / r), 0)
    return d.artefact()


def radius_proof():
    d = Derivation("for every t ≥ 1, s > 0: exp(−2 s c_(t,s)^2) = t^(−3), so Hoeffding at a fixed s gives "
                   "P(ŵ_s − w̄ ≥ c_(t,s)) ≤ t^(−3) and P(|ŵ_s − w̄| ≥ c_(t,s)) ≤ 2t^(−3)")
    t, s = sp.symbols("t s", positive=True)
    c2 = sp.Rational(3, 2) * sp.log(t) / s
    d.equal("exp(−2 s c²) with c² = 1.5 log t / s", sp.exp(-2 * s * c2), t ** -3)
    d.cited("Hoeffding for s i.i.d. samples in [0, 1] at a fixed s: P(mean − w̄ ≥ ε) ≤ exp(−2 s ε²)",
            "Hoeffding (1963), Theorem 1 (for a fixed count s, not the random T_(t−1)(e))")
    return d.artefact()


def click_law_proof():
    d = Derivation("for every K: the port's click(A) returns i with probability w̄(a_i)∏_(j<i)(1 − w̄(a_j)) and −1 "
                   "with ∏_j(1 − w̄(a_j)), with independent uniforms U_i on [0, 1)")
    d.argument("E[a_i] > U_i has probability |[0, E[a_i])| = w̄(a_i) for U_i uniform on [0, 1) and w̄ ∈ [0, 1], "
               "independently for each call", "the law of np.random.random (Lebesgue measure)")
    for K in range(1, 5):
        w = sp.symbols(f"w0:{K}")
        law = {}
        for bits in itertools.product((0, 1), repeat=K):
            us = iter([Fraction(0) if b else Fraction(1) for b in bits])  # u < E iff attracted (E = 1/2)
            pos = CascadingModelEnv([Fraction(1, 2)] * K, lambda it=us: next(it), {"E": []}).click(list(range(K)))
            law[pos] = law.get(pos, 0) + sp.Mul(*[w[j] if b else 1 - w[j] for j, b in enumerate(bits)])
        for i in range(1, K + 1):
            d.equal(f"K={K}: P(click returns {i})", sp.expand(law[i]),
                    sp.expand(w[i - 1] * sp.Mul(*[1 - x for x in w[:i - 1]])))
        d.equal(f"K={K}: P(click returns −1)", sp.expand(law[-1]), sp.expand(sp.Mul(*[1 - x for x in w])))
    d.argument("every K: the loop returns at the first i with E[a_i] > U_i, so the event is 'attracted at i, not "
               "before', a product of independent events", "the enumerations above and CAS-EXAM (every K)")
    E = [Fraction(0), Fraction(1, 10), Fraction(2, 10), Fraction(3, 10)]
    law = {1: E[1], 2: (1 - E[1]) * E[2], 3: (1 - E[1]) * (1 - E[2]) * E[3], -1: (1 - E[1]) * (1 - E[2]) * (1 - E[3])}
    d.holds("the blog's test (E = [0, 0.1, 0.2, 0.3], list [1, 2, 3]): exact law of the histogram",
            sum(law.values()) == 1, f"{ {k: str(v) for k, v in law.items()} }")
    return d.artefact()


def _optimal_global_decide(budget_s):
    ns = {"E": [Fraction(1, 10), Fraction(1, 5)]}  # the module-level E left over from an earlier cell
    env = CascadingModelEnv([Fraction(3, 10), Fraction(1, 2), Fraction(1, 4)], None, ns)
    got, want = env.optimal_weights(2), sorted(env.E, reverse=True)[:2]
    if got == want:  # pragma: no cover
        raise AssertionError(got)
    return refuted("exact run of the port (Fractions)", counterexample={
        "env.E": env.E, "global E": ns["E"], "optimal_weights(2)": got, "top-2 of env.E": want})


def regret_proof():
    d = Derivation("f(weights) = 1 − ∏(1 − w) (every K); for independent w_t(e) ~ Ber(w̄(e)) and any lists A*, A "
                   "(items may overlap): E[f(A*, w_t) − f(A, w_t)] = regret(w̄|A*, w̄|A), the code's per-step value")
    for K in range(K_ENUM + 1):
        w = sp.symbols(f"w0:{K}")
        d.equal(f"K={K}: the port's f on symbols", sp.expand(f(list(w))), sp.expand(1 - sp.Mul(*[1 - x for x in w])))
    d.cited("E[f(A, w_t)] = 1 − ∏(1 − w̄(a_i)) for a list of distinct items (independent attractions), "
            "and expectation is linear, so the difference of two lists has expectation regret(w̄|A*, w̄|A)",
            "linearity of expectation (with CAS-REWARD for each list)")
    wb = sp.symbols("v0:4")
    for Astar, A in (((0, 1), (1, 2)), ((0, 1, 2), (2, 3, 1)), ((3,), (0,))):
        tot = 0
        for bits in itertools.product((0, 1), repeat=4):
            pr = sp.Mul(*[wb[j] if b else 1 - wb[j] for j, b in enumerate(bits)])
            tot += pr * regret([bits[e] for e in Astar], [bits[e] for e in A])
        d.equal(f"cross-check L=4, A*={Astar}, A={A}: Σ_(w_t) P(w_t)·regret(w_t) = regret(w̄)", sp.expand(tot),
                sp.expand(regret([wb[e] for e in Astar], [wb[e] for e in A])))
    return d.artefact()


#: the CascadeUCB1 claims of the blog: spec entry ALG-CASUCB1, identities about its code unless said otherwise
claim = claim_family(spec_id="ALG-CASUCB1", source=LOC, kind="identity", expected=True)


@register
def blog_ucb1_claims():
    return [
        claim(id="BLOG-UCB1/observe-records", expected=False,
              statement_text="for every K and click outcome, CascadeUCB1Agent.observe records 1{C_t = k} at "
                             "k = 1..min(C_t, K), C_t = ∞ without a click (the display / Kveton et al.)",
              decide=_observe_records_decide,
              description="One observe() enumerated exactly: K = 1, no click records a click."),
        claim(id="BLOG-UCB1/last-position-bias",
              statement_text="for every K, the port's observe records 1{C_t = k} at examined k < K and 1 at k = K "
                             "whenever K is examined: E[recorded | K examined] = 1",
              decide=derived(last_position_proof, "derivation + exact enumeration K ≤ 6")),
        claim(id="BLOG-UCB1/K1-env-independent",
              statement_text="K = 1: the port's lists do not depend on w̄; for L = 2 one of the instances "
                             "(w1, w2), (w2, w1) has expected regret ≥ |w1 − w2| n/2 for every n",
              decide=derived(k1_proof, "derivation (induction on rounds) + run cross-check")),
        claim(id="BLOG-UCB1/running-mean",
              statement_text="observe keeps ŵ(e) = (x_0 + Σ samples)/(1 + number of samples)",
              decide=derived(running_mean_proof, "derivation (induction)")),
        claim(id="BLOG-UCB1/init-unbiased", expected=False,
              statement_text="the blog's initial ŵ(e) ~ Ber(p) has mean w̄(e), as the literature's w_0(e)",
              decide=_init_decide),
        claim(id="BLOG-UCB1/U1-defined", source=LOC_DISPLAY, expected=False,
              statement_text="U_t(e) = ŵ + c_(t−1,T_(t−1)(e)) with c_(t,s) = sqrt(1.5 log t / s) is a real number "
                             "at t = 1",
              decide=_u1_decide),
        claim(id="BLOG-UCB1/log-offset",
              statement_text="the port's r-th get_list uses c_(r,T) = sqrt(1.5 log r / T), defined for r ≥ 1",
              decide=derived(log_offset_proof, "derivation + run")),
        claim(id="BLOG-UCB1/hoeffding-radius", source=LOC_DISPLAY,
              statement_text="exp(−2 s c_(t,s)²) = t^(−3) for every t ≥ 1, s > 0 (Hoeffding radius)",
              decide=derived(radius_proof, "symbolic")),
        claim(id="BLOG-ENV/click-law",
              statement_text="CascadingModelEnv.click returns position i with probability "
                             "w̄(a_i)∏_(j<i)(1 − w̄(a_j)) and −1 with ∏(1 − w̄(a_j)), every K",
              decide=derived(click_law_proof, "derivation + exact enumeration K ≤ 4")),
        claim(id="BLOG-ENV/optimal-weights-global", expected=False,
              statement_text="CascadingModelEnv(E1).optimal_weights(k) is the k largest of E1 for every E1",
              decide=_optimal_global_decide),
        claim(id="BLOG-REGRET/pseudo",
              statement_text="f = 1 − ∏(1 − w); E[f(A*, w_t) − f(A, w_t)] = regret(w̄|A*, w̄|A) for every K",
              decide=derived(regret_proof, "derivation + exact enumeration")),
    ]


ERRATA = (
    register_erratum(Erratum(
        id="ERR-004-OBSERVE-NO-CLICK", source_file=SRC.file,
        location="CascadeUCB1Agent.observe and CascadeLinTSAgent.observe ('if click == -1: click = len(a)')",
        source_says="observe() updates positions up to the click with is_click(click, i+1), after "
                    "'if click == -1: click = len(a)'; the text says it implements the pseudo-code (Kveton et al.)",
        truth="on a no-click round the last shown item is recorded as clicked (ŵ gets a 1; LinTS adds x to B): the "
              "recorded sample at position K has mean 1 given examination instead of w̄(a_K); with K = 1 the agent "
              "ignores the environment and has linear regret; the fix records 1{C_t = k} with C_t = ∞ on no click",
        evidence_claims=("BLOG-UCB1/observe-records", "BLOG-UCB1/last-position-bias", "BLOG-UCB1/K1-env-independent",
                         "BLOG-LINTS/observe-records"),
        conclusion_survives="no: the blog's experiments ran a biased update, so their curves are not those of "
                            "CascadeUCB1/CascadeLinTS", spec_id="ALG-CASUCB1",
                            severity="wrong-result", quotes=(
                                "上で紹介した疑似コードを淡々と実装します",
                                "  def is_click(self, click: int, k: int) -> int:\n    return 1 if click == k else 0\n\n  def observe(self, a: list[int], click : int) -> None:\n    if click == -1:\n      click = len(a)\n\n    for i in range(min(len(a), click)):\n      e = a[i]\n      before_count = self.counts[e]",
                                "  def is_click(self, click: int, k: int) -> int:\n    return 1 if click == k else 0\n\n  def observe(self, a: list[int], click : int) -> None:\n    if click == -1:\n      click = len(a)\n\n    for i in range(min(len(a), click)):\n      e = a[i]\n      x = self.features[self.features['id']==e]['feature'].to_list()[0]",
                            ))),
    register_erratum(Erratum(
        id="ERR-004-UCB-T1", source_file=SRC.file, location="Cascading Bandits, U_t(e) = ŵ_{T_{t−1}(e)}(e) + c_{t−1,T_{t−1}(e)}",
        source_says="U_t(e) = ŵ_{T_{t−1}(e)}(e) + c_{t−1,T_{t−1}(e)}, c_{t,s} = sqrt((1.5 log t)/s)",
        truth="at t = 1 the radius needs log 0 and is undefined; the blog's code uses log r in its r-th round "
              "(0 at r = 1), i.e. the display shifted by one round",
        evidence_claims=("BLOG-UCB1/U1-defined", "BLOG-UCB1/log-offset"),
        conclusion_survives="yes: a convention for the first round changes the regret by a constant",
        spec_id="ALG-CASUCB1",
        severity="misprint", quotes=(
            r"U_t(e) = \hat{w}_{T_{t−1}(e)}(e) + c_{t−1,T_{t−1}(e)}",
        ))),
    register_erratum(Erratum(
        id="ERR-004-ENV-GLOBAL-E", source_file=SRC.file,
        location="CascadingModelEnv.optimal_weights and CascadeUCB1Agent.get_list",
        source_says="return sorted(E, reverse=True)[:k]; ucbs = [self.ucb(e) for e in range(len(E))]",
        truth="both read the module-level E, not self.E / the agent's own item count: optimal_weights is the "
              "ideal list's weights only when the global E is the environment's list",
        evidence_claims=("BLOG-ENV/optimal-weights-global",),
        conclusion_survives="yes for the blog's runs: every simulate() call happens right after E is set to the "
                            "environment's list", spec_id="ALG-CASUCB1",
                            severity="notation", quotes=(
                                "    def optimal_weights(self, k: int) -> list[float]:\n        return sorted(E, reverse=True)[:k]",
                                "  def get_list(self, k: int) -> list[int]:\n    self.t += 1\n    ucbs = [self.ucb(e) for e in range(len(E))]\n    return sorted(range(len(ucbs)), key=lambda i: ucbs[i], reverse=True)[:k]",
                            ))),
)
