"""One summary line when the Coq checks of tests/proofs/test_coq.py were skipped for want of ``coqc``."""
import shutil


def pytest_terminal_summary(terminalreporter):
    if shutil.which("coqc") is None and terminalreporter.stats.get("skipped"):
        terminalreporter.write_line(
            "proofs: coqc not found, so the Coq build, Print Assumptions and statement-faithfulness checks "
            "were skipped (install: apt-get install coq libcoq-interval libcoq-coquelicot)", yellow=True)
