"""Screenshot check of the rendered report: open ``index.html`` in headless Chromium, write PNGs.

Usage::

    python -m clickbound.report.screenshot [--out DIR] [--html FILE] [--width 1280] [--height 4000] [--pages 3]

Writes ``DIR/screenshots/page-1.png`` (the top ``height`` pixels of the page) and,
with ``--pages N``, ``page-k.png`` for k ≤ N taken with a window k·height tall (the
top k·height pixels: headless Chromium cannot scroll from the command line).
Exit status 0 with a clear "SKIPPED" message and no PNG when Chromium is absent
(the check is skipped, not failed); 1 if Chromium runs but writes no image.

Debian's ``chromium`` with the flags the project uses offline::

    --headless --no-sandbox --disable-gpu --disable-quic --no-first-run
    --disable-background-networking --disable-component-update --disable-sync
    --user-data-dir=<new temp dir> --screenshot=... --window-size=W,H
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars")
#: seconds before a hung Chromium is killed
TIMEOUT_S = 120


def find_chromium() -> str | None:
    for name in CANDIDATES:
        path = shutil.which(name)
        if path:
            return path
    return None


def screenshot(html: Path, png: Path, width: int, height: int, browser: str) -> Path:
    """One screenshot of ``html`` at ``width × height``; raises ``RuntimeError`` if none is written."""
    png.parent.mkdir(parents=True, exist_ok=True)
    if png.exists():
        png.unlink()
    with tempfile.TemporaryDirectory(prefix="clickbound-chromium-") as profile:
        cmd = [browser, *FLAGS, f"--user-data-dir={profile}", f"--screenshot={png}",
               f"--window-size={width},{height}", html.resolve().as_uri()]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT_S,
                              check=False)
    if not png.exists() or png.stat().st_size == 0:
        raise RuntimeError(f"chromium wrote no screenshot (exit {proc.returncode}): {proc.stderr[-800:]}")
    return png


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m clickbound.report.screenshot", description=__doc__.split("\n")[0])
    ap.add_argument("--out", default="out/report", help="report folder (default out/report)")
    ap.add_argument("--html", default=None, help="HTML file (default OUT/index.html)")
    ap.add_argument("--width", type=int, default=1280)
    ap.add_argument("--height", type=int, default=4000)
    ap.add_argument("--pages", type=int, default=1,
                    help="also write taller captures: page k shows the top k·height pixels")
    args = ap.parse_args(argv)
    out = Path(args.out)
    html = Path(args.html) if args.html else out / "index.html"
    if not html.exists():
        print(f"screenshot: no {html}; run `clickbound report` first", file=sys.stderr)
        return 2
    if args.width < 200 or args.height < 200 or args.pages < 1:
        print(f"screenshot: width/height must be >= 200 and pages >= 1, got "
              f"{args.width}x{args.height}, {args.pages}", file=sys.stderr)
        return 2
    browser = find_chromium()
    if browser is None:
        print("screenshot: SKIPPED — no chromium on PATH (Debian: apt-get install -y chromium)")
        return 0
    written = []
    try:
        for k in range(1, args.pages + 1):
            written.append(screenshot(html, out / "screenshots" / f"page-{k}.png", args.width,
                                      k * args.height, browser))
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        print(f"screenshot: FAILED — {exc}", file=sys.stderr)
        return 1
    for p in written:
        print(f"screenshot: wrote {p}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
