"""The command line fits a screen and says the right thing: `claims`, `errata` and `ledger` fit 100
columns when the output is not a terminal, filters work and reject bad values with the accepted ones
(exit 2), hidden rows are counted by the flag that shows them, empty listings say so,
`simulate --list-policies` lists the registry, `--help` lists every command without importing them.

`claims` here decides nothing: ``claims_table.decide_catalogue`` is replaced by a SYNTHETIC decider
that gives each real catalogue claim a made-up verdict with long cells (Japanese counterexamples,
long method names), so the table's fitting is tested on worse rows than the engine writes, in
seconds; the one test on the engine's real verdicts is marked slow.
"""
from __future__ import annotations

import json
import subprocess
import sys
import unicodedata

import pytest

from clickbound import lemmas, sources
from clickbound.lemmas import Verdict
from clickbound.report import claims_table, cli, cmd_ledger, filters, termtable

STAT = {"test": "one-sided Welch t-test against the bound (fixture)", "level": 0.05}
LONG_METHOD = "exact (the check's own code at radius_scale/delta_scale); re-checked independently (arb)"
LONG_CEX = {"prose ('全アイテム数 L 16,256,300で実験します')": "[16, 256, 300]",
            "Регрет после n шагов": "1/8000000000", "averyveryveryveryverylongsymbolnamewithoutanyspaceatall": "3"}


def cols(line: str) -> int:
    """Terminal columns of a line, counted here independently of the code under test."""
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1
               for c in line)


def _fake_verdict(c, k: int) -> Verdict:
    status = ["proved", "refuted", "checked", "survived", "violated-in-simulation", "proved"][k % 6]
    return Verdict(claim_id=c.id, status=status, method=LONG_METHOD if k % 2 else "derivation",
                   elapsed_s=0.01 * k, evidence=STAT if status == "violated-in-simulation" else {},
                   counterexample=LONG_CEX if status == "refuted" else None, expected=c.expected,
                   source=c.source, scope="all" if status == "proved" else None,
                   scope_detail="40 random instances" if status == "checked" else "")


@pytest.fixture
def fake_decide(monkeypatch):
    """Replace the decision by synthetic verdicts; ``calls`` records the claims each call was given."""
    calls = []

    def decide(claims=None, **kw):
        calls.append(list(claims))
        return [_fake_verdict(c, k) for k, c in enumerate(claims)]

    monkeypatch.setattr(claims_table, "decide_catalogue", decide)
    monkeypatch.delenv("COLUMNS", raising=False)
    return calls


@pytest.fixture(scope="module")
def catalogue():
    return lemmas.catalogue()


def run(capsys, *argv) -> tuple[int, str, str]:
    rc = cli.main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


def assert_fits(out: str, width: int = 100):
    lines = out.splitlines()
    assert lines, "no output"
    worst = max(lines, key=cols)
    assert cols(worst) <= width, (cols(worst), worst)


# --- claims -----------------------------------------------------------------------------------------

def test_claims_default_fits_100_columns_and_counts_the_hidden_rows(fake_decide, capsys, catalogue):
    rc, out, _ = run(capsys, "claims", "--no-progress")
    assert rc == 0
    assert_fits(out)
    decided = [c.id for c in fake_decide[0]]
    assert not any(i.startswith("VIOL/") or "/mutant-" in i for i in decided)
    n_viol = sum(c.id.startswith("VIOL/") for c in catalogue)
    n_mut = len(catalogue) - len(decided) - n_viol
    assert n_viol > 0 and n_mut > 0
    flat = " ".join(out.split())
    assert (f"{n_viol + n_mut} rows hidden: {n_mut} mutants (--mutants), {n_viol} violation instances "
            f"(--violations); --all shows every row") in flat
    # the source's own misprints (registered false, cited by an erratum) are findings: shown
    cited = {e for err in lemmas.errata() for e in err.evidence_claims}
    as_printed = [c.id for c in catalogue if c.expected is False and c.id in cited and not c.id.startswith("VIOL/")]
    assert as_printed and set(as_printed) <= set(decided)
    assert f"{len(decided)} claims:" in flat
    assert "counterexample: prose ('全アイテム数 L 16,256,300で実験します')=[16, 256, 300]" in flat  # wrapped, whole


def test_claims_show_flags(fake_decide, capsys, catalogue):
    assert run(capsys, "claims", "--no-progress", "--all")[0] == 0
    assert len(fake_decide[-1]) == len(catalogue)
    out = capsys.readouterr().out
    assert "hidden" not in out
    _, out, _ = run(capsys, "claims", "--no-progress", "--violations")
    ids = [c.id for c in fake_decide[-1]]
    assert {c.id for c in catalogue if c.id.startswith("VIOL/")} <= set(ids)
    assert not any("/mutant-" in i for i in ids)
    flat = " ".join(out.split())
    assert "mutants (--mutants)" in flat and "(--violations)" not in flat
    run(capsys, "claims", "--no-progress", "--mutants")
    assert any("/mutant-" in c.id for c in fake_decide[-1])
    assert not any(c.id.startswith("VIOL/") for c in fake_decide[-1])


@pytest.mark.parametrize("name", ["dcm", "000", "000_0b27131c69d8f24c.txt", "000_0b27131c69d8f24c"])
def test_claims_source_filter_takes_every_name(fake_decide, capsys, name):
    rc, out, _ = run(capsys, "claims", "--no-progress", "--all", "--source", name)
    assert rc == 0 and "rows hidden" not in out
    ids = [c.id for c in fake_decide[-1]]
    assert ids and all("000_0b27131c69d8f24c" in c.source for c in fake_decide[-1])
    assert ids == [c.id for c in lemmas.catalogue() if "000_0b27131c69d8f24c" in c.source]


def test_claims_status_and_kind_filters(fake_decide, capsys, catalogue):
    rc, out, _ = run(capsys, "claims", "--no-progress", "--status", "refuted", "--width", "200")
    assert rc == 0
    rows = [ln.split()[1] for ln in out.splitlines()[2:] if ln[:1].strip() and len(ln.split()) > 1
            and ln.split()[0] in {c.id for c in catalogue}]
    assert rows and set(rows) == {"refuted"}
    rc, out, _ = run(capsys, "claims", "--no-progress", "--kind", "identity", "--all")
    assert rc == 0 and {c.kind for c in fake_decide[-1]} == {"identity"}
    assert len(fake_decide[-1]) == sum(c.kind == "identity" for c in catalogue)


def test_claims_bad_filter_values_list_the_accepted_ones(fake_decide, capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(["claims", "--source", "nope"])  # argparse: exit 2 before anything is loaded
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert all(f"{s.short} ({s.number})" in err for s in sources.SOURCES)
    with pytest.raises(SystemExit) as e:
        cli.main(["claims", "--status", "maybe"])
    assert e.value.code == 2 and "proved, argued, refuted, checked, survived" in capsys.readouterr().err
    rc, _, err = run(capsys, "claims", "--kind", "lemma-ish")
    assert rc == 2 and "identity" in err and "upper bound" in err
    assert not fake_decide  # nothing was decided for a bad value


def test_claims_empty_listing_says_so(fake_decide, capsys, catalogue):
    (c,) = [c for c in catalogue if c.kind == "asymptotic"]
    other = next(s for s in sources.SOURCES if s.file.removesuffix(".txt") not in c.source)
    rc, out, _ = run(capsys, "claims", "--no-progress", "--kind", "asymptotic", "--source", other.short)
    assert rc == 0
    assert out.splitlines()[0] == f"no claim matches --source {other.short} --kind asymptotic"
    assert not fake_decide  # nothing to decide


def test_claims_width_option(fake_decide, capsys):
    _, out, _ = run(capsys, "claims", "--no-progress", "--width", "160")
    assert_fits(out, 160)
    assert max(map(cols, out.splitlines())) > 100  # the room is used
    _, out, _ = run(capsys, "claims", "--no-progress", "--width", "50")
    assert_fits(out, 50)
    flat = " ".join(out.split())
    assert "columns hidden: method, time (s); --width" in flat
    with pytest.raises(SystemExit) as e:
        cli.main(["claims", "--width", "many"])
    assert e.value.code == 2


def test_status_list_is_the_engines():
    from clickbound.lemmas.engine.verdict import STATUSES

    assert filters.CLAIM_STATUSES == tuple(STATUSES)


@pytest.mark.slow
def test_claims_on_the_real_verdicts_fit_100_columns(capsys, monkeypatch):
    """The engine's own verdicts (the catalogue decided once, mutants and violations hidden)."""
    monkeypatch.delenv("COLUMNS", raising=False)
    rc, out, _ = run(capsys, "claims", "--no-progress")
    assert rc == 0
    assert_fits(out)
    assert "rows hidden:" in out and "0 not as registered" in " ".join(out.split())


# --- errata -----------------------------------------------------------------------------------------

def test_errata_default_fits_and_filters(capsys, monkeypatch):
    monkeypatch.delenv("COLUMNS", raising=False)
    rc, out, _ = run(capsys, "errata")
    assert rc == 0
    assert_fits(out)
    n = len(lemmas.errata())
    assert out.splitlines()[-1].startswith(f"{n} errata: ")
    for e in lemmas.errata():
        assert e.id in out
    outs = [run(capsys, "errata", "--source", name)[1] for name in ("lecture", "003", "003_f899901a464da92a.txt")]
    assert outs[0] == outs[1] == outs[2]
    mine = [e.id for e in lemmas.errata() if e.source_file == "003_f899901a464da92a.txt"]
    assert outs[0].splitlines()[-1] == f"{len(mine)} errata: {len(mine)} lecture"
    js = json.loads(run(capsys, "errata", "--json", "--source", "lecture")[1])
    assert [e["id"] for e in js] == mine


def test_errata_empty_listing_says_so(capsys, monkeypatch):
    monkeypatch.setattr(lemmas, "errata", list)
    rc, out, _ = run(capsys, "errata", "--source", "depth")
    assert rc == 0 and out.strip() == "no erratum matches --source depth"


# --- ledger -----------------------------------------------------------------------------------------

def test_ledger_default_fits_100_columns(capsys, monkeypatch):
    monkeypatch.delenv("COLUMNS", raising=False)
    rc, out, _ = run(capsys, "ledger")
    assert rc == 0
    assert_fits(out)
    assert "columns hidden" not in out
    for s in sources.SOURCES:
        assert any(ln.startswith(s.short + " ") for ln in out.splitlines())


def test_ledger_uncovered_says_when_everything_is_covered(capsys):
    from clickbound.lemmas import ledger

    rc, out, _ = run(capsys, "ledger", "--uncovered")
    assert rc == 0
    for name in ledger.SOURCES:
        if all(it.covered_by for it in ledger.coverage(name)):
            assert f"every displayed item of {sources.short_name(name)} is covered" in out
    rc, out, _ = run(capsys, "ledger", "--uncovered", "--source", "000")
    assert out.splitlines()[-1] == "every displayed item of dcm is covered"


def test_ledger_uncovered_lists_an_uncovered_item(capsys, tmp_path):
    for s in sources.SOURCES:
        (tmp_path / s.file).write_text(sources.text(s.file), encoding="utf-8")
    extra = "$$ uncovered_display_for_the_test = 1 $$"
    with open(tmp_path / "001_eb740855b56fcd8b.txt", "a", encoding="utf-8") as f:
        f.write("\n" + extra + "\n")
    rc, out, _ = run(capsys, "ledger", "--uncovered", "--source", "depth", "--seeds", str(tmp_path))
    assert rc == 0
    assert "depth: 1 displayed item(s) no entry covers" in out
    assert extra in out


def test_ledger_entry_filters_and_empty_listing(capsys):
    from clickbound.lemmas import ledger

    rc, out, _ = run(capsys, "ledger", "--source", "lecture", "--status", "open")
    assert rc == 0
    assert_fits(out)
    n = sum(e.verdict == "open" for e in ledger.entries("003_f899901a464da92a.txt"))
    assert out.splitlines()[-1] == f"{n} entries"
    js = json.loads(run(capsys, "ledger", "--json", "--source", "lecture", "--status", "open")[1])
    assert len(js) == n and {e["verdict"] for e in js} == {"open"}
    kinds = {e.kind for e in ledger.entries("004_d9477b3ebe233f80.txt") if e.verdict == "gap"}
    missing = next(k for k in ledger.KINDS if k not in kinds)
    rc, out, _ = run(capsys, "ledger", "--source", "cascade_blog", "--status", "gap", "--kind", missing)
    assert rc == 0 and out.strip() == f"no ledger entry matches --source cascade_blog --status gap --kind {missing}"
    with pytest.raises(SystemExit) as e:
        cli.main(["ledger", "--status", "fine"])
    assert e.value.code == 2 and "verified, erratum, gap" in capsys.readouterr().err


def test_ledger_filter_lists_are_the_ledgers():
    from clickbound.lemmas import ledger

    assert cmd_ledger.VERDICTS == ledger.VERDICTS and cmd_ledger.KINDS == ledger.KINDS


# --- simulate, help, tables -------------------------------------------------------------------------

def test_simulate_list_policies_lists_every_registered_policy(capsys):
    from clickbound.sim.policies.registry import policies

    rc, out, _ = run(capsys, "simulate", "--list-policies")
    assert rc == 0
    assert_fits(out)
    lines = out.splitlines()
    for name, cls in policies().items():
        row = next(ln for ln in lines if ln.split()[:1] == [name])
        assert row.split(None, 1)[1] == ", ".join(cls.models)
    assert f"{len(policies())} policies" in out
    _, out, _ = run(capsys, "simulate", "--list-policies", "--model", "depth")
    listed = {ln.split()[0] for ln in out.splitlines()[2:] if ln.strip() and not ln[0].isdigit()}
    assert listed == {n for n, c in policies().items() if "depth" in c.models}


def test_help_lists_every_command_and_imports_none():
    code = ("import sys\nfrom clickbound.report import cli\ntry:\n    cli.main(['--help'])\n"
            "except SystemExit:\n    pass\n"
            "print('LOADED', sorted(m for m in sys.modules if m.startswith(('clickbound.report.cmd_', "
            "'clickbound.lemmas', 'clickbound.sim', 'numpy', 'sympy'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines()[-1] == "LOADED []"
    flat = " ".join(out.split())
    for name, (_, help_) in cli.COMMANDS.items():
        assert f"{name} {help_}" in flat


def test_wrap_keeps_every_character_and_the_width():
    text = "θ̂_t = σ^{−2} M_t^{−1} B_{t−1} 全アイテム数 L 16,256,300で実験します VIOL/DCM-T2/dcmKL-UCB/instance-12 " * 3
    for w in (5, 13, 40):
        lines = termtable.wrap(text, w)
        assert all(cols(ln) <= w for ln in lines)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_terminal_width_is_100_off_a_terminal(monkeypatch):
    import io

    monkeypatch.setenv("COLUMNS", "300")
    assert termtable.terminal_width(None, io.StringIO()) == 100
    assert termtable.terminal_width(120, io.StringIO()) == 120
    with pytest.raises(ValueError):
        termtable.terminal_width(10)


def test_check_text_wraps_to_the_width_and_keeps_everything():
    v = _fake_verdict(next(c for c in lemmas.catalogue() if c.kind == "identity"), 1)  # refuted, long cells
    text = claims_table.render_verdict(v, width=100)
    assert_fits(text)
    wide = claims_table.render_verdict(v, width=10_000)
    assert "".join(text.split()) == "".join(wide.split())  # wrapping moved line breaks only
    assert text.splitlines()[0].startswith(f"claim     : {v.claim_id}")
