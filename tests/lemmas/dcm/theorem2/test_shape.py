"""Claims and errata of lemmas/dcm/theorem2/shape.py (source 000_0b27131c69d8f24c.txt): every claim comes out as registered."""
import pytest
from catalogue_kit import assert_as_registered, assert_errata_evidence, claims_by_id, verdict

from clickbound.lemmas.dcm.theorem2 import shape as mod

#: this module's claims only: other catalogue modules may be mid-edit
CLAIMS = claims_by_id(mod.dcm_theorem_shape_claims())


@pytest.fixture(scope="module")
def verdicts():
    return {cid: verdict(cid) for cid in CLAIMS}


@pytest.mark.parametrize("cid", sorted(CLAIMS))
def test_claim_comes_out_as_registered(cid, verdicts):
    assert_as_registered(CLAIMS[cid], verdicts[cid])


def test_errata_evidence_of_this_module(verdicts):
    # evidence from other catalogue modules (DCM-L1, …) is checked by their own tests
    assert_errata_evidence(mod.ERRATA, "000_0b27131c69d8f24c.txt", only=CLAIMS, conclusion_survives=True)


def test_t2_at_constant_v_matches_t1_in_bounds(verdicts):
    cross = verdicts["DCM-T2/reduces-to-T1"].evidence["cross_check"]
    assert cross["relative_difference"] <= 1e-12  # float route through bounds.dcm; exact route is the proof


def test_proposition1_and_theorem2_are_wrong_result_errata_and_fail():
    """The errata review's headline: DCM Proposition 1 (i < K) and Theorem 2 are false as stated, so their
    ledger entries are wrong-result errata and their results-table rows fail."""
    from clickbound import lemmas
    from clickbound.lemmas import ledger

    src = "000_0b27131c69d8f24c.txt"
    errata = {e.id: e for e in lemmas.errata()}
    assert errata["ERR-DCM-T2-DCMKLUCB"].severity == errata["ERR-DCM-P1-DCMKLUCB"].severity == "wrong-result"
    statements = {"ERR-DCM-P1-DCMKLUCB": r"$$R_i(n) \le \sum_{e=i+1}^{L}",
                  "ERR-DCM-T2-DCMKLUCB": r"$$R(n) \leq (1+\varepsilon) \sum_{i=1}^{K} \frac{\bar{v}(i)"}
    for eid, head in statements.items():
        (entry,) = [e for e in ledger.entries(src) if e.quote.lstrip("\n").startswith(head)]
        assert entry.verdict == "erratum" and eid in entry.errata and entry.severity == "wrong-result"
        assert any(head in q for q in errata[eid].quotes)
    rows = {r.name.split(" (")[0]: r for r in ledger.results("dcm")}
    for name, eid in (("DCM Proposition 1", "ERR-DCM-P1-DCMKLUCB"), ("DCM Theorem 2", "ERR-DCM-T2-DCMKLUCB")):
        assert rows[name].status == "fails" and eid in rows[name].errata
    assert rows["DCM Theorem 1"].status == "unproved"  # no violation found; its proof is by citation
