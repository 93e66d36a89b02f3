"""The `clickbound` command line: wiring, exit codes, JSON output."""
import json

import pytest

from clickbound.report import cli


def test_help_lists_commands(capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(["--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    for cmd in ("claims", "check", "errata"):
        assert cmd in out


def test_check_prints_the_kernel_proof_of_a_tagged_claim(capsys):
    assert cli.main(["check", "DCM-T2-ABEL[K=2]", "--budget", "2"]) == 0
    out = capsys.readouterr().out
    assert "proofs: kernel: coq proofs/coq/DCM.v:dcm_t2_abel (" in out
    assert "Coq: forall (v z : nat -> R) (K : nat), v K = 0 ->" in out


def test_unknown_claim_is_a_clear_error(capsys):
    assert cli.main(["check", "NO-SUCH-CLAIM"]) == 2
    assert "no registered claim" in capsys.readouterr().err


def test_errata_json_is_a_list(capsys):
    assert cli.main(["errata", "--json"]) == 0
    assert isinstance(json.loads(capsys.readouterr().out), list)


def test_claims_filter_without_match_is_an_error(capsys):
    assert cli.main(["claims", "--filter", "NO-SUCH-FAMILY", "--no-progress"]) == 2
    assert "no registered claim" in capsys.readouterr().err
