"""lemmas/support/feedback_rules.py against the real reference policy classes of sim.

Every registered policy, on every model it accepts, for K = 1..3 (K = 1 for single-arm
policies) is fed every click vector the model can produce (and every depth on CM-Depth);
what its ``update`` changes in its statistics must be exactly the rule's :func:`record`.
"""
import itertools

import numpy as np
import pytest

from clickbound.lemmas.support import feedback_interleave as fi
from clickbound.lemmas.support import feedback_rules as fr
from clickbound.sim.envs import Observation
from clickbound.sim.policies.registry import policies

POLS = policies()
CASES = [(name, model) for name in sorted(POLS) for model in POLS[name].models
         if (name, model) not in fr.NOT_ANALYSED]
#: float tolerance for the linear policies' M^{-1} (Sherman–Morrison vs numpy inverse, d = 3)
LIN_RTOL = 1e-12


def outcomes(model, K):
    """Every (clicks, depth) the model can produce on a list of length K."""
    if model in ("cascade", "intent"):  # the intent population: a cascade user given the intent
        for k in range(K + 1):
            yield tuple(int(j == k) for j in range(K)), None
    elif model in ("dcm", "pbm"):
        for c in itertools.product((0, 1), repeat=K):
            yield c, None
    else:
        for V in range(1, K + 1):
            for c in itertools.product((0, 1), repeat=V):
                yield tuple(c) + (0,) * (K - V), V


def params(name, L, K):
    if name.startswith("PBM"):
        return {"kappa": [1.0, 0.5, 0.25][:K]}
    if name.startswith("CascadeLin") or name in ("DBGD", "MGD", "DBGD-balanced"):
        return {"features": np.random.default_rng(1).random((L, 3))}
    return {}


def ks(name):
    return (1,) if fr.rule(name).window == "top" else (1, 2, 3)


def test_no_pair_left_undecided():
    """the done-when: every registered policy × model has its recorded-statistics rule (and claim)."""
    assert fr.NOT_ANALYSED == {}
    assert {(n, m) for n, c in POLS.items() for m in c.models} == {(n, m) for n, r in fr.RULES.items()
                                                                   for m in r.models}


def test_every_registered_policy_has_a_rule_with_its_models():
    # every (policy, model) pair is either analysed by a rule or listed, with a reason, as not analysed
    for name, cls in POLS.items():
        analysed = set(fr.RULES[name].models) if name in fr.RULES else set()
        skipped = {m for (p, m) in fr.NOT_ANALYSED if p == name}
        assert analysed | skipped == set(cls.models) and not analysed & skipped, name
        if name in fr.RULES:
            assert set(fr.rule(name).target) == analysed, name
    assert set(fr.RULES) <= set(POLS) and {p for p, _ in fr.NOT_ANALYSED} <= set(POLS)


COUNT_ATTRS = {"CascadeUCB1": ("T", "S"), "CascadeKL-UCB": ("T", "S"), "First-click": ("T", "S"),
               "dcmKL-UCB": ("T", "S"), "Last-click": ("T", "S"), "CascadeUCB-last-click": ("T", "C"),
               "OD-UCB": ("n", "s"), "OD-TS": ("n", "s"), "UCB1": ("n", "s"), "KL-UCB": ("n", "s"),
               "TS": ("n", "s"), "eps-greedy": ("n", "s"), "Gittins": ("n", "s"),
               "CascadeUCB1-ascending": ("T", "S"), "CascadeKL-UCB-ascending": ("T", "S")}


def expected_changes(name, A, clicks, depth, L, K, prm):
    rule = fr.rule(name)
    rec = fr.record(rule, clicks, depth)
    if rule.stats == "counts":
        T, S = np.zeros(L), np.zeros(L)
        for k, o, c in rec:
            T[A[k]] += o
            S[A[k]] += c
        return {"obs": T, "clk": S}
    if rule.stats == "per-position":
        T, S = np.zeros((K, L)), np.zeros((K, L))
        for k, o, c in rec:
            T[k, A[k]] += o
            S[k, A[k]] += c
        return {"T": T, "S": S}
    if rule.stats == "kappa-weighted":
        N, Nt, S = np.zeros(L), np.zeros(L), np.zeros(L)
        for k, o, c in rec:
            N[A[k]] += o
            Nt[A[k]] += prm["kappa"][k]
            S[A[k]] += c
        return {"N": N, "Nt": Nt, "S": S}
    if rule.stats == "position-failures":
        S, F = np.zeros(L), np.zeros((L, K))
        for k, o, c in rec:
            if c:
                S[A[k]] += 1
            else:
                F[A[k], k] += 1
        return {"S": S, "F": F}
    if rule.stats in ("importance-weighted", "interleaving"):
        return {"rec": rec}
    X = prm["features"]
    M = np.eye(X.shape[1])
    B = np.zeros(X.shape[1])
    for k, o, c in rec:
        M += np.outer(X[A[k]], X[A[k]])
        B += c * X[A[k]]
    return {"Minv": np.linalg.inv(M), "B": B}


@pytest.mark.parametrize("name,model", CASES)
def test_rule_matches_reference_update(name, model):
    rule = fr.rule(name)
    checked = 0
    for K in ks(name):
        L = K + 1
        A = np.array(list(range(K))[::-1], dtype=np.int64) + 1  # items differ from positions
        prm = params(name, L, K)
        for clicks, depth in outcomes(model, K):
            pol = POLS[name](L, K, np.random.default_rng(0), **prm)
            obs = Observation(np.array(clicks, dtype=np.int64), depth, 0.0)
            exp = expected_changes(name, A, clicks, depth, L, K, prm)
            if name.startswith("CascadeUCB1-blog"):
                pol.weights = [0.0] * L  # the pseudo-observations are drawn at the first select
                before_n, before_s = np.array(pol.counts, float), np.array(pol.weights) * np.array(pol.counts)
                pol.update(1, A, obs)
                after_n = np.array(pol.counts, float)
                np.testing.assert_array_equal(after_n - before_n, exp["obs"], err_msg=f"{name} {clicks}")
                np.testing.assert_allclose(np.array(pol.weights) * after_n - before_s, exp["clk"], rtol=0,
                                           atol=LIN_RTOL, err_msg=f"{name} {clicks}")
            elif rule.stats == "interleaving" and name == "DBGD-balanced":
                # balanced interleaving of the current ranker's top-K list and the candidate's (reversed here);
                # the candidate wins by lemmas.support.feedback_interleave.balanced_winner and w moves by γ u
                pol.ranks = [[int(e) for e in A], [int(e) for e in A[::-1]]]
                pol.U = np.eye(1, 3)
                win = fi.balanced_winner(tuple(pol.ranks[0]), tuple(pol.ranks[1]), tuple(int(e) for e in A),
                                         [c for _k, _o, c in exp["rec"]], K)
                pol.update(1, A, obs)
                want = pol.par[1] * pol.U[0] if win > 0 else np.zeros(3)
                np.testing.assert_allclose(pol.w, want, rtol=0, atol=1e-15, err_msg=f"{name} {clicks}")
            elif rule.stats == "interleaving":
                # the round's teams (0 = current ranker, j = candidate j) and directions; the candidates whose
                # team got more credited clicks than ranker 0's win, and w moves by γ × their mean direction
                m = pol.m
                pol.team = [k % (m + 1) for k in range(K)]
                pol.U = np.eye(m, 3)
                cnt = np.zeros(m + 1)
                for k, o, c in exp["rec"]:
                    cnt[pol.team[k]] += c
                winners = [j for j in range(1, m + 1) if cnt[j] > cnt[0]]
                want = pol.par[1] * pol.U[[j - 1 for j in winners]].mean(axis=0) if winners else np.zeros(3)
                pol.update(1, A, obs)
                np.testing.assert_allclose(pol.w, want, rtol=0, atol=1e-15, err_msg=f"{name} {clicks}")
            elif name in COUNT_ATTRS:
                a, b = COUNT_ATTRS[name]
                before = getattr(pol, a).copy(), getattr(pol, b).copy()
                pol.update(1, A, obs)
                np.testing.assert_array_equal(getattr(pol, a) - before[0], exp["obs"], err_msg=f"{name} {clicks}")
                np.testing.assert_array_equal(getattr(pol, b) - before[1], exp["clk"], err_msg=f"{name} {clicks}")
            elif rule.stats == "per-position":
                pol.proposed[:] = A  # repeated display of A: every position's proposal is shown
                pol.update(1, A, obs)
                counts = pol.T if hasattr(pol, "T") else pol.N  # RankedKL-UCB: T; the RBA-* classes: N
                np.testing.assert_array_equal(counts, exp["T"])
                np.testing.assert_array_equal(pol.S, exp["S"])
            elif rule.stats == "kappa-weighted":
                pol.update(1, A, obs)
                for attr in ("N", "Nt", "S"):
                    np.testing.assert_array_equal(getattr(pol, attr), exp[attr], err_msg=attr)
            elif rule.stats == "position-failures":
                pol.update(1, A, obs)
                np.testing.assert_array_equal(pol.S, exp["S"])
                np.testing.assert_array_equal(pol.F, exp["F"])
            elif rule.stats == "importance-weighted":
                probs = [0.5, 0.25, 0.125][:K]
                if hasattr(pol, "_last"):  # RankedExp3
                    pol._last = [(int(A[k]), probs[k], False) for k in range(K)]
                else:  # RBA-Exp3: each position proposed its shown item (no replacement)
                    pol.proposed[:], pol.prob[:], pol.replaced[:] = A, probs, 0
                pol.update(1, A, obs)
                want = np.zeros((K, L))
                for k, o, c in exp["rec"]:
                    gamma = pol.gamma if hasattr(pol, "gamma") else pol.par[2]
                    want[k, A[k]] += gamma * c / (probs[k] * L)
                np.testing.assert_allclose(pol.logw, want, rtol=0, atol=0)
            else:
                pol.update(1, A, obs)
                Minv = pol.InvM if hasattr(pol, "InvM") else pol.Minv  # the blog's agent: InvM (σ = 1)
                np.testing.assert_allclose(Minv, exp["Minv"], rtol=LIN_RTOL, atol=LIN_RTOL)
                np.testing.assert_array_equal(pol.B, exp["B"])
            checked += 1
    assert checked > 0


def test_replaced_choices_record_zero_credit():
    """RankedKL-UCB: a proposal replaced by another item records an observation with reward 0
    (outside :func:`record`, which describes repeated display of one list); RankedExp3 records nothing."""
    pol = POLS["RankedKL-UCB"](3, 2, np.random.default_rng(0))
    pol.proposed[:] = [0, 0]
    pol.update(1, np.array([0, 1]), Observation(np.array([0, 1]), None, 0.0))
    assert pol.T[1, 0] == 1 and pol.S[1, 0] == 0 and pol.S[1, 1] == 0
    ex = POLS["RankedExp3"](3, 2, np.random.default_rng(0))
    ex._last = [(0, 0.5, False), (0, 0.5, True)]
    ex.update(1, np.array([0, 1]), Observation(np.array([0, 1]), None, 0.0))
    assert not ex.logw.any()
