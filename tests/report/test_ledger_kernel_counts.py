"""`clickbound ledger` says, per source, how many cited claims the Coq kernel checked."""
import re

from clickbound.report import cli, cmd_ledger


def test_ledger_prints_kernel_counts_per_source(capsys, monkeypatch):
    from clickbound import proofs

    # a fake kernel: every tagged claim but one is checked
    tagged = sorted(proofs.registry())
    skip = tagged[0]

    class KP:
        def __init__(self, ok):
            self.ok = ok

    monkeypatch.setattr(proofs, "kernel_checked", lambda cid, **kw: KP(cid != skip) if cid in tagged else None)
    assert cli.main(["ledger"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "the Coq kernel checked" in out
    pairs = dict((s, (int(a), int(b))) for s, a, b in re.findall(r"(\w+) (\d+) of (\d+)", out.split("checked", 1)[1]))
    assert set(pairs) == {"dcm", "depth", "counterfactual", "lecture", "cascade_blog"}
    assert all(a <= b for a, b in pairs.values())
    counts = cmd_ledger.kernel_counts(["000_0b27131c69d8f24c.txt"])
    ok, n = counts["000_0b27131c69d8f24c.txt"]
    assert n >= 1 and ok in (n, n - 1)  # the one skipped claim, if this source cites it
