"""lemmas/dcm/theorem2/shape.py (source ``000_0b27131c69d8f24c.txt``, 定理2 and 理論解析の結果(気持ち)): Theorem 2 at
constant v̄ is Theorem 1 in bounds.dcm; Proposition 1 and Theorem 2 are wrong-result errata in the ledger."""
from catalogue_kit import verdict

from clickbound.lemmas.dcm.theorem2 import shape as mod


def test_t2_at_constant_v_matches_t1_in_bounds():
    cross = verdict("DCM-T2/reduces-to-T1").evidence["cross_check"]
    assert cross["relative_difference"] <= 1e-12  # float route through bounds.dcm; exact route is the proof


def test_proposition1_and_theorem2_are_wrong_result_errata_and_fail():
    """The errata review's headline: DCM Proposition 1 (i < K) and Theorem 2 are false as stated, so their
    ledger entries are wrong-result errata and their results-table rows fail."""
    from clickbound import lemmas
    from clickbound.lemmas import ledger

    src = mod.SRC.file
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
