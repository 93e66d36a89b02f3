"""The screenshot check: skips clearly without Chromium; with it, writes a PNG."""
from __future__ import annotations

import pytest

from clickbound.report import screenshot


def test_skips_with_a_clear_message_when_chromium_is_absent(tmp_path, monkeypatch, capsys):
    (tmp_path / "index.html").write_text("<!doctype html><p>x</p>")
    monkeypatch.setattr(screenshot, "find_chromium", lambda: None)
    assert screenshot.main(["--out", str(tmp_path)]) == 0
    assert "SKIPPED" in capsys.readouterr().out
    assert not (tmp_path / "screenshots").exists()


def test_missing_report_is_an_error(tmp_path, capsys):
    assert screenshot.main(["--out", str(tmp_path)]) == 2
    assert "run `clickbound report` first" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.skipif(screenshot.find_chromium() is None, reason="chromium not installed")
def test_chromium_writes_a_png(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><h1>clickbound</h1>")
    assert screenshot.main(["--out", str(tmp_path), "--height", "400"]) == 0
    assert (tmp_path / "screenshots" / "page-1.png").read_bytes()[:4] == b"\x89PNG"
