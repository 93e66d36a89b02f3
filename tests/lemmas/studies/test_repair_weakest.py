"""lemmas/studies/repair_weakest.py and lemmas/counterfactual/ucb1/small_n.py: the peeling scope, the exact rows and
the printed bound's first failure; the merged errata cite these claims."""
import pytest

from clickbound.lemmas import check
from clickbound.lemmas.counterfactual.ucb1 import small_n as us
from clickbound.lemmas.studies import repair_weakest as rw

CLAIMS = {c.id: c for c in rw.repair_weakest_claims() + us.ucb1_small_n_claims()}


@pytest.fixture(scope="module")
def verdicts():
    return {cid: check(c, budget_s=120) for cid, c in CLAIMS.items()}


def test_peeling_scope_and_exact_rows(verdicts):
    assert verdicts["OD-L1/peeling"].scope == "all" and verdicts["UCB1-SUM/peeling"].scope == "all"
    ev = verdicts["OD-L1/peeling-exact"].evidence
    assert ev["t_times_probability_decreasing_by_alpha"]["3/4"] is True
    assert len(ev["rows"]) == 6


def test_printed_ucb1_bound_first_fails_at_23(verdicts):
    cx = verdicts["UCB1-BOUND/as-printed[exact]"].counterexample
    assert cx["T"] == 23 and cx["regret"] == "9"
    assert us.regret_path()[-1] == 11


def test_merged_errata_carry_these_claims():
    """The two errata these studies registered were merged (errata review): the peeling repair into
    ERR-OD-L1-RANDOM-N, the printed UCB1 bound's counterexample into ERR-UCB1-COUNT-ALPHA."""
    from clickbound import lemmas

    errata = {e.id: e for e in lemmas.errata()}
    assert "ERR-OD-L1-REPAIR-TOO-STRONG" not in errata and "ERR-UCB1-BOUND-PRINTED-FALSE" not in errata
    assert {"OD-L1/peeling", "OD-L1/peeling-exact"} <= set(errata["ERR-OD-L1-RANDOM-N"].evidence_claims)
    assert {"UCB1-BOUND/as-printed[exact]", "UCB1-BOUND/corrected[exact]"} <= set(
        errata["ERR-UCB1-COUNT-ALPHA"].evidence_claims)
    assert errata["ERR-UCB1-COUNT-ALPHA"].severity == "wrong-result"
    for cid in ("OD-L1/peeling", "OD-L1/peeling-exact", "UCB1-BOUND/as-printed[exact]", "UCB1-BOUND/corrected[exact]"):
        assert cid in CLAIMS
