"""lemmas/studies/feedback_bias.py: one claim per policy × model; the erratum's numbers re-derived; the exact
cross-checks can fail."""
import sympy as sp
from catalogue_kit import claims_by_id

from clickbound.lemmas.studies import feedback_bias as fb
from clickbound.lemmas.support.feedback_rules import RULES

CLAIMS = claims_by_id(fb.feedback_bias_claims())


def test_one_claim_per_policy_and_model():
    # 45 + Gittins 4, ascending 4, RBA-{UCB1,KL-UCB,TS,eps-greedy} 16, RBA-Exp3 4, DBGD 4, MGD 4,
    # DBGD-balanced 4, blog 4
    assert len(CLAIMS) == sum(len(r.models) for r in RULES.values()) == 89


def test_dcmklucb_position_two_closed_form():
    # K = 2 DCM: position 2 is recorded on a click there or on no click at all
    (_o1, _c1, r1, _), (o2, _c2, r2, t2) = fb.recorded_ratios("dcmKL-UCB", "dcm", 2)
    x1, x2, v1 = sp.symbols("x1 x2 v1", positive=True)
    assert sp.simplify(o2 - ((1 - v1 * x1) * x2 + (1 - x1) * (1 - x2))) == 0
    assert sp.simplify(r1 - x1) == 0
    # biased upward exactly when x1 > 0, v1 < 1, x2 < 1
    assert sp.factor(r2 - t2).has(v1 - 1)


def test_erratum_instance():
    R = sp.Rational
    rows = fb.recorded_ratios("dcmKL-UCB", "dcm", 2, [R(1, 2), R(2, 5)], [R(1, 2), R(1, 3)])
    assert rows[1][2] == R(1, 2) and rows[1][3] == R(2, 5)
    assert fb.ERRATUM.evidence_claims[0] in CLAIMS


def test_intent_law_matches_the_environment():
    """_feedback_exact's intent outcomes against sim.envs_intent: click law sums to 1, satisfaction = env's."""
    from clickbound.lemmas.support.feedback_exact import outcomes, reward
    from clickbound.sim.envs_intent import Intent

    R = sp.Rational
    P = [[R(1), R(0), R(1, 2), R(1, 4)], [R(0), R(1), R(1, 2), R(3, 4)]]
    pi = [R(1, 3), R(2, 3)]
    env = Intent([[float(v) for v in row] for row in P], [float(v) for v in pi])
    for A in ([0, 1], [2, 3, 1], [3]):
        x = [tuple(P[j][e] for j in range(2)) for e in A]
        law = outcomes("intent", x, pi)
        assert sum(p for p, _, _ in law) == 1
        assert all(sum(c) <= 1 for _, c, _ in law)
        assert sum(p for p, c, _ in law if any(c)) == reward("intent", x, pi)
        assert abs(float(reward("intent", x, pi)) - env.expected_reward(A)) < 1e-15
        # the marginal gain at the last position is P(click there)
        gain = reward("intent", x, pi) - reward("intent", x[:-1], pi)
        assert sum(p for p, c, _ in law if c[-1]) == gain


def test_exp3_check_detects_a_wrong_estimate():
    """The enumeration is not vacuous: credit c instead of c/p and the identity fails."""
    n, bad = fb.exp3_check("cascade", 2)
    assert bad is None and n == 20
    _, bad2 = fb.exp3_check("cascade", 2, weighted=False)
    assert bad2 is not None and bad2["E[estimate]"] != bad2["r_k(e | above)"]


def test_blog_rules_equal_the_blogs_code():
    for p in fb.BLOG:
        assert fb.port_mismatches(p) == (14, [])
        assert fb.port_cross_check(p) == 14


def test_pbm_marginals_cross_check_compares_every_position():
    """The PBM cross-check the proofs record: P(c_k = 1) = κ_k θ_k at all 1 + 2 + 3 positions, no mismatch."""
    assert fb._pbm_like_marginals("pbm") == (6, [])
