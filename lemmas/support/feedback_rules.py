"""What each simulated policy *records* from one round, as data (the policy conventions (docs/conventions.md)).

This module registers no claims (:mod:`clickbound.lemmas.studies.feedback_bias` decides them).  It
states, for every policy of ``clickbound.sim.policies`` and without importing ``sim`` (the
dependency rule: ``lemmas`` imports only from ``bounds``), which positions of the shown list
``A = (a_1, …, a_K)`` count as observed and what is credited there, given the click vector
``c ∈ {0,1}^K`` and, on CM-Depth, the depth ``V``.  ``tests/lemmas/support/test_feedback_rules.py``
feeds every reference policy class the enumerated outcomes and checks that what its
``update`` changes is exactly :func:`record`.

Windows (which positions ``k = 0 … K−1``, 0-based, are recorded):

============== ===========================================================================
``first``      up to the first click, all K without a click (cascade feedback; source 004, 000)
``last``       up to the last click, all K without a click (dcmKL-UCB, source 000 Algorithm 1;
               Cascade-UCB last-click, source 001 §6.4)
``depth``      positions ``k < V`` (OD-UCB / OD-TS, source 001 Algorithms 1–2, eq. (1)–(2))
``all``        every shown position (PBM-UCB, PBM-TS; RankedKL-UCB's per-position arms)
``top``        position 1 only (single-arm policies, K = 1)
============== ===========================================================================

Credit: ``clicks`` (``c_k``), ``last-only`` (``1`` at the last click, ``0`` elsewhere:
ALG-LASTCLICK, source 000 実験2) or ``no-click-as-last`` (``c_k``, except that a round without a click
credits ``1`` at position K: source 004's ``observe`` as written, ``if click == -1: click = len(a)``).  ``stats`` says which statistics a record feeds:
``counts`` (observations ``T`` and click sum ``S`` per item), ``per-position`` (per (position,
item) arm, RankedKL-UCB), ``kappa-weighted`` (``N``, ``Ñ = Σκ``, ``S``: PBM-UCB),
``position-failures`` (``S`` and ``F_{ij}``: PBM-TS's likelihood), ``importance-weighted``
(Exp3's ``c/p``: RankedExp3, RBA-Exp3), ``interleaving`` (the team credit of an interleaved list: DBGD,
MGD; the clicks of every position, credited to the ranker whose team the position belongs to, decided by
:mod:`clickbound.lemmas.support.feedback_interleave`), ``regression`` (``(x_e, c)`` pairs of a ridge regression:
CascadeLinTS/UCB).
"""
from __future__ import annotations

from dataclasses import dataclass

WINDOWS = ("first", "last", "depth", "all", "top")
CREDITS = ("clicks", "last-only", "no-click-as-last")
STATS = ("counts", "per-position", "kappa-weighted", "position-failures", "importance-weighted", "regression",
         "interleaving")


@dataclass(frozen=True)
class FeedbackRule:
    """One policy's recording rule and what its index assumes the records estimate.

    ``target`` names, per model, the quantity the policy's index treats its recorded mean as
    an unbiased estimate of (read from the policy's docstring and the source it cites).
    """

    policy: str
    window: str
    credit: str
    stats: str
    models: tuple[str, ...]
    source: str
    target: dict

    def __post_init__(self):
        if self.window not in WINDOWS or self.credit not in CREDITS or self.stats not in STATS:
            raise ValueError(f"bad rule {self.policy}: {self.window}, {self.credit}, {self.stats}")


def window(rule: FeedbackRule, clicks, depth: int | None = None) -> int:
    """Number ``m`` of leading positions recorded (positions ``0 … m−1``)."""
    K = len(clicks)
    hits = [k for k, c in enumerate(clicks) if c]
    if rule.window == "first":
        return hits[0] + 1 if hits else K
    if rule.window == "last":
        return hits[-1] + 1 if hits else K
    if rule.window == "depth":
        if depth is None:
            raise ValueError(f"{rule.policy} records positions k < V: needs the depth")
        return int(depth)
    if rule.window == "top":
        return 1
    return K


def record(rule: FeedbackRule, clicks, depth: int | None = None) -> list[tuple[int, int, int]]:
    """``[(k, observed, credited click)]`` for the recorded positions ``k`` (0-based), in order.

    The item concerned is ``A[k]``.  For the non-count statistics the same triple says what
    enters: PBM-UCB adds ``(1, κ_k, c)`` to ``(N, Ñ, S)``; PBM-TS adds to ``S`` if credited else to
    ``F[·, k]``; RankedExp3 adds ``γ c/(p L)`` to position k's log-weight of its own (not
    replaced) choice; CascadeLinTS/UCB add ``x xᵀ`` (Sherman–Morrison) and ``c x``.
    """
    m = window(rule, clicks, depth)
    K = len(clicks)
    hits = [k for k, c in enumerate(clicks) if c]
    out = []
    for k in range(m):
        c = int(clicks[k])
        if rule.credit == "last-only":
            c = int(bool(hits) and k == hits[-1])
        elif rule.credit == "no-click-as-last" and not hits and k == K - 1:
            c = 1
        out.append((k, 1, c))
    return out


S000, S001, S002, S003, S004 = ("000_0b27131c69d8f24c.txt", "001_eb740855b56fcd8b.txt", "002_3ec5ec57f55c1fdf.txt",
                                "003_f899901a464da92a.txt", "004_d9477b3ebe233f80.txt")
W = "w̄(a_k), the attraction of the item at position k"
THETA = "θ(a_k), the item's click rate when examined"
ALL4 = ("cascade", "dcm", "pbm", "depth")
_REWARD1 = {"cascade": "w̄(a), the arm's mean reward (a click)", "dcm": "v(1)·w̄(a), the arm's mean reward (a satisfied stop)",
            "pbm": "κ_1 θ(a), the arm's mean reward (clicks)", "depth": "θ(a) = P_1 θ(a), the arm's mean reward (clicks)"}
MARGINAL = ("the marginal gain f(a_1..a_k) − f(a_1..a_(k−1)) of the item at position k given the items above, "
            "f(S) = Σ_j π_j (1 − ∏_(e∈S)(1 − P[j, e])) the expected satisfaction (Radlinski, Kleinberg & Joachims "
            "2008; source 003: reward 1 iff the click is at position i and the document is the bandit's own)")
PREF = ("the preference between the two rankers: sign(P(candidate's team wins) − P(current's team wins)) = "
        "sign(U(candidate) − U(current)), U the expected reward of the ranker's top-K list (the link "
        "P(w_1 ≻ w_2) = σ(v(w_1) − v(w_2)) of the DBGD theorem)")
_STATIONARY = {m: "a stationary mean μ_k(a_k) of the (position, item) arm, independent of the items above "
                  "(the i.i.d. Bernoulli arm its per-position KL-UCB assumes)" for m in ("cascade", "dcm", "pbm")}

RULES: dict[str, FeedbackRule] = {r.policy: r for r in (
    FeedbackRule("CascadeUCB1", "first", "clicks", "counts", ("cascade", "dcm"), f"{S004} (ALG-CASUCB1)",
                 {"cascade": W, "dcm": W}),
    FeedbackRule("CascadeKL-UCB", "first", "clicks", "counts", ("cascade", "dcm"), f"{S000}, {S003} (ALG-CASKLUCB)",
                 {"cascade": W, "dcm": W}),
    FeedbackRule("First-click", "first", "clicks", "counts", ("dcm", "cascade"), f"{S000} 実験2 (ALG-FIRSTCLICK)",
                 {"cascade": W, "dcm": W}),
    FeedbackRule("dcmKL-UCB", "last", "clicks", "counts", ("dcm", "cascade"), f"{S000} Algorithm 1 (ALG-DCMKLUCB)",
                 {"cascade": W, "dcm": W}),
    FeedbackRule("Last-click", "last", "last-only", "counts", ("dcm", "cascade"), f"{S000} 実験2 (ALG-LASTCLICK)",
                 {"cascade": W, "dcm": W}),
    FeedbackRule("CascadeUCB-last-click", "last", "clicks", "counts", ALL4, f"{S001} §6.4 b) (ALG-CASLASTCLICK)",
                 {"cascade": W, "dcm": W, "pbm": THETA, "depth": THETA}),
    FeedbackRule("OD-UCB", "depth", "clicks", "counts", ("depth",), f"{S001} Algorithm 1, eq. (1)-(2)",
                 {"depth": THETA}),
    FeedbackRule("OD-TS", "depth", "clicks", "counts", ("depth",), f"{S001} Algorithm 2", {"depth": THETA}),
    FeedbackRule("PBM-UCB", "all", "clicks", "kappa-weighted", ("pbm", "depth"), f"{S001} Remark 1 (Lagrée et al.)",
                 {"pbm": "θ(e) via S/Ñ", "depth": "θ(e) via S/Ñ (κ = P)"}),
    FeedbackRule("PBM-TS", "all", "clicks", "position-failures", ("pbm", "depth"), f"{S001} §6.4 (Lagrée et al.)",
                 {"pbm": "θ(e): the PBM likelihood θ^S ∏_j (1 − κ_j θ)^F_j (its score has mean 0 at θ)",
                  "depth": "θ(e): the PBM likelihood with κ = P (its score has mean 0 at θ)"}),
    FeedbackRule("RankedKL-UCB", "all", "clicks", "per-position", ("dcm", "cascade", "pbm"),
                 f"{S000} 実験2, {S003} (ALG-RANKEDKLUCB)", _STATIONARY),
    FeedbackRule("RankedExp3", "all", "clicks", "importance-weighted", ("cascade", "dcm"), f"{S003} (ALG-RANKEDEXP3)",
                 {m: "r_k(e), position k's reward of choosing e given the items above (0 if e is above): "
                     "Exp3's importance-weighted estimate" for m in ("cascade", "dcm")}),
    FeedbackRule("CascadeLinTS", "first", "clicks", "regression", ("cascade", "dcm"), f"{S004} (ALG-CASLINTS)",
                 {m: "x_eᵀθ* = w̄(e): the regression target of every recorded (x_e, c) pair" for m in ("cascade", "dcm")}),
    FeedbackRule("CascadeLinUCB", "first", "clicks", "regression", ("cascade", "dcm"), f"{S004} (ALG-CASLINUCB)",
                 {m: "x_eᵀθ* = w̄(e): the regression target of every recorded (x_e, c) pair" for m in ("cascade", "dcm")}),
    FeedbackRule("UCB1", "top", "clicks", "counts", ALL4, f"{S002} (ALG-UCB1)", dict(_REWARD1)),
    FeedbackRule("KL-UCB", "top", "clicks", "counts", ALL4, f"{S003} (ALG-KLUCB)", dict(_REWARD1)),
    FeedbackRule("TS", "top", "clicks", "counts", ALL4, f"{S003} (ALG-TS)", dict(_REWARD1)),
    FeedbackRule("eps-greedy", "top", "clicks", "counts", ALL4, f"{S003} (ALG-EGREEDY)", dict(_REWARD1)),
    FeedbackRule("Gittins", "top", "clicks", "counts", ALL4, f"{S003} (Gittins index)", dict(_REWARD1)),
    # the display-order variants show the same items in reversed order and record as their base
    FeedbackRule("CascadeUCB1-ascending", "first", "clicks", "counts", ("cascade", "dcm"),
                 f"{S003} (display order experiment)", {"cascade": W, "dcm": W}),
    FeedbackRule("CascadeKL-UCB-ascending", "first", "clicks", "counts", ("cascade", "dcm"),
                 f"{S003} (display order experiment)", {"cascade": W, "dcm": W}),
    # Radlinski's ranked bandits with a count-based base bandit: one arm per (position, item), as RankedKL-UCB
    *(FeedbackRule(f"RBA-{b}", "all", "clicks", "per-position", ("cascade", "dcm", "pbm", "intent"),
                   f"{S003} (ranked bandits, Radlinski et al.)", {**_STATIONARY, "intent": MARGINAL})
      for b in ("UCB1", "KL-UCB", "TS", "eps-greedy")),
    FeedbackRule("RBA-Exp3", "all", "clicks", "importance-weighted", ("cascade", "dcm", "pbm", "intent"),
                 f"{S003} (ranked bandits with Exp3, Radlinski et al.)",
                 {**{m: "r_k(e), position k's reward of choosing e given the items above (0 if e is above): "
                        "Exp3's importance-weighted estimate" for m in ("cascade", "dcm", "pbm")},
                  "intent": "r_k(e) = the marginal gain of e at position k given the items above (0 if e is "
                            "above): Exp3's importance-weighted estimate"}),
    # dueling-bandit rankers: the record is the interleaving outcome (lemmas/support/feedback_interleave.py)
    *(FeedbackRule(p, "all", "clicks", "interleaving", ("cascade", "dcm", "pbm", "intent"),
                   f"{S003} ('Dueling bandits'; {p}, {'balanced' if p.endswith('balanced') else 'team-draft'} interleaving)", {m: PREF for m in
                                                                                          ("cascade", "dcm", "pbm",
                                                                                           "intent")})
      for p in ("DBGD", "MGD", "DBGD-balanced")),
    # source 004's agents: observe as written (a no-click round credits the last position) and fixed
    FeedbackRule("CascadeUCB1-blog", "first", "no-click-as-last", "counts", ("cascade",),
                 f"{S004} (CascadeUCB1Agent.observe as written)", {"cascade": W}),
    FeedbackRule("CascadeLinTS-blog", "first", "no-click-as-last", "regression", ("cascade",),
                 f"{S004} (CascadeLinTSAgent.observe as written)",
                 {"cascade": "x_eᵀθ* = w̄(e): the regression target of every recorded (x_e, c) pair"}),
    FeedbackRule("CascadeUCB1-blog-fixed-observe", "first", "clicks", "counts", ("cascade",),
                 f"{S004} (CascadeUCB1Agent, observe fixed as Kveton et al.)", {"cascade": W}),
    FeedbackRule("CascadeLinTS-blog-fixed-observe", "first", "clicks", "regression", ("cascade",),
                 f"{S004} (CascadeLinTSAgent, observe fixed as Kveton et al.)",
                 {"cascade": "x_eᵀθ* = w̄(e): the regression target of every recorded (x_e, c) pair"}),
)}

#: registered (policy, model) pairs with no recording rule here, and why (none left: the done-when
#: "every registered policy × model has its recorded-statistics claim decided"; the test keeps it that way)
NOT_ANALYSED: dict[tuple[str, str], str] = {}

def rule(policy: str) -> FeedbackRule:
    """The recording rule of ``policy`` (``KeyError`` naming the known ones)."""
    if policy not in RULES:
        raise KeyError(f"no feedback rule for {policy!r}; known: {sorted(RULES)}")
    return RULES[policy]
