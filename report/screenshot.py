"""Screenshot check of the rendered report: open ``index.html`` in headless Chromium, write PNGs.

Usage::

    python -m clickbound.report.screenshot [--out DIR] [--html FILE] [--width 1280] [--height 4000] [--pages 3]
    python -m clickbound.report.screenshot --check out/browser   # the browser check (issue 17)

``--check DIR`` opens the page at ``--width`` with a measuring script in a copy of it and
reports what a reader would stumble on (sideways overflow, figures that do not load or lack a
caption, MathML errors, TeX shown raw, script errors, console messages), writes
``DIR/check.json`` and screenshots of the front page, the claims, errata and sources sections
and every experiment section (and its figures) — each section shown alone, since headless
Chromium's ``--screenshot`` does not scroll to a ``#fragment``.

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
import html
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
    ap.add_argument("--check", metavar="DIR", default=None,
                    help="run the browser check (overflow at --width, figures, MathML, raw TeX, console) and "
                         "write DIR/check.json and one screenshot per section of interest; exit 1 on problems")
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
    if args.check:
        try:
            rep = browser_check(html, Path(args.check), default_anchors(html.read_text(encoding="utf-8")),
                                browser, width=args.width)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            print(f"screenshot: FAILED — {exc}", file=sys.stderr)
            return 1
        for line in rep["problems"]:
            print(f"problem: {line}")
        print(f"screenshot: {len(rep['screenshots'])} screenshots and check.json in {args.check}; "
              f"{len(rep['problems'])} problems; page {rep['bytes']:,} bytes")
        return 1 if rep["problems"] else 0
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


# ------------------------------------------------------------------------ the browser check (issue 17)

#: a script put into a copy of the page: it measures what a reader would stumble on and writes the
#: result as JSON into ``<pre id="clickbound-check">`` (read back with ``--dump-dom``)
CHECK_HEAD = """<script>window.__cbErrors = [];
window.addEventListener('error', function (e) { window.__cbErrors.push(String(e.message)); });
</script>"""
CHECK_SCRIPT = r"""<script>
(function () {
  function run() {
    var W = window.innerWidth, out = {width: W, errors: window.__cbErrors.slice()};
    out.scroll_width = document.documentElement.scrollWidth;
    function clipped(el) {  // inside a box that scrolls or clips horizontally (and itself fits)
      for (var a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        var ox = getComputedStyle(a).overflowX;
        if (ox === 'auto' || ox === 'scroll' || ox === 'hidden') { return a.getBoundingClientRect().right <= W + 1; }
      }
      return false;
    }
    var over = [];
    document.querySelectorAll('body *').forEach(function (el) {
      if (el.id === 'clickbound-check') { return; }
      var r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) { return; }
      if (r.right > W + 1 && !clipped(el)) {
        over.push(el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.className && el.className.baseVal === undefined ? '.' + el.className : '') +
                  ' right=' + Math.round(r.right) + ' ' + (el.textContent || '').slice(0, 60));
      }
    });
    out.overflowing = over.slice(0, 30);
    out.n_overflowing = over.length;
    out.sections = Array.prototype.map.call(document.querySelectorAll('h2[id]'), function (h) {
      var next = h.nextElementSibling;
      return {id: h.id, height: h.getBoundingClientRect().height, has_content: !!next && next.tagName !== 'H2'};
    });
    out.figures = Array.prototype.map.call(document.querySelectorAll('figure img'), function (img) {
      var cap = img.parentElement.querySelector('figcaption');
      return {ok: img.complete && img.naturalWidth > 0, width: img.getBoundingClientRect().width,
              caption: cap ? cap.textContent.length : 0, alt: (img.alt || '').slice(0, 60)};
    });
    var maths = document.querySelectorAll('math');
    var blank = 0;
    maths.forEach(function (m) { var r = m.getBoundingClientRect(); if (m.closest('details:not([open])') === null && r.width === 0 && (m.textContent || '').trim()) { blank += 1; } });
    out.math = {count: maths.length, merror: document.querySelectorAll('merror').length, blank: blank};
    var text = document.body.innerText;  // verbatim quotes of a source print its TeX as the source does
    document.querySelectorAll('.verbatim').forEach(function (v) { text = text.split(v.innerText).join(' '); });
    var tex = text.match(/\\(frac|sum|prod|mathrm|mathbf|mathcal|hat|bar|sqrt|leq|geq|le|ge|in|left|right|begin|text)\b[^\n]{0,40}/g) || [];
    var dollars = text.match(/\$[^$\s][^$\n]{0,80}\$/g) || [];
    out.raw_tex = tex.concat(dollars).slice(0, 20);
    out.tex_unconverted = document.querySelectorAll('code.tex').length;
    out.tables = document.querySelectorAll('table').length;
    out.filterable = document.querySelectorAll('table.filterable').length;
    out.filter_boxes = document.querySelectorAll('.filterbar input').length;
    var pre = document.createElement('pre');
    pre.id = 'clickbound-check';
    pre.textContent = JSON.stringify(out);
    document.body.appendChild(pre);
  }
  if (document.readyState === 'complete') { run(); } else { window.addEventListener('load', run); }
})();
</script>"""
#: virtual time the page gets to load and run the check before the DOM is dumped (ms)
VIRTUAL_TIME_MS = 20000


def _run(browser: str, args: list[str], timeout: float = TIMEOUT_S) -> subprocess.CompletedProcess:
    with tempfile.TemporaryDirectory(prefix="clickbound-chromium-") as profile:
        cmd = [browser, *FLAGS, f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0", *args]
        return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)


def console_messages(stderr: str) -> list[str]:
    """The page's console lines from Chromium's log (``…:CONSOLE(12)] "message", source: …``)."""
    return [ln.split("] ", 1)[-1] for ln in stderr.splitlines() if ":CONSOLE" in ln]


def check_page(html_path: Path, browser: str, width: int = 1280, height: int = 900) -> dict:
    """Open ``html_path`` in headless Chromium at ``width``; return what the in-page check measured.

    The check runs in a copy of the page next to it (so relative links and images resolve);
    the copy is removed afterwards.  Keys: ``width``, ``scroll_width``, ``overflowing`` (elements
    reaching past the window that no scrolling box clips), ``sections``, ``figures``, ``math``
    (count, ``merror``, blank), ``raw_tex`` (TeX or ``$…$`` visible as text), ``errors`` (script
    errors), ``console`` (console lines from Chromium's log).
    """
    import json
    import re

    html_path = Path(html_path)
    text = html_path.read_text(encoding="utf-8")
    text = text.replace("<head>", "<head>" + CHECK_HEAD, 1)
    idx = text.rfind("</body>")
    text = text[:idx] + CHECK_SCRIPT + text[idx:]
    probe = html_path.with_name(f".check-{html_path.stem}.html")
    probe.write_text(text, encoding="utf-8")
    try:
        proc = _run(browser, ["--dump-dom", f"--virtual-time-budget={VIRTUAL_TIME_MS}",
                              f"--window-size={width},{height}", probe.resolve().as_uri()])
    finally:
        probe.unlink(missing_ok=True)
    m = re.search(r'<pre id="clickbound-check">(.*?)</pre>', proc.stdout, re.DOTALL)
    if not m:
        raise RuntimeError(f"the in-page check wrote no result (exit {proc.returncode}): {proc.stderr[-800:]}")
    result = json.loads(html.unescape(m.group(1)))
    result["console"] = console_messages(proc.stderr)
    return result


def problems(result: dict) -> list[str]:
    """What a reader would stumble on, from :func:`check_page`'s result (empty: the page is fine)."""
    out = []
    if result["scroll_width"] > result["width"] + 1:
        out.append(f"page scrolls sideways: {result['scroll_width']} px wide at {result['width']} px")
    out += [f"overflows the window: {o}" for o in result["overflowing"]]
    out += [f"section without content: {s['id']}" for s in result["sections"] if not s["has_content"]]
    out += [f"figure not rendered: {f['alt']}" for f in result["figures"] if not f["ok"] or f["width"] < 50]
    out += [f"figure without caption: {f['alt']}" for f in result["figures"] if not f["caption"]]
    if result["math"]["merror"]:
        out.append(f"{result['math']['merror']} MathML errors (<merror>)")
    if result["math"]["blank"]:
        out.append(f"{result['math']['blank']} formulas render blank")
    out += [f"raw TeX visible: {t}" for t in result["raw_tex"]]
    out += [f"script error: {e}" for e in result["errors"]]
    out += [f"console: {c}" for c in result["console"]]
    return out


#: put into a copy of the page to show one section alone at the top: headless Chromium's
#: ``--screenshot`` does not scroll to a ``#fragment`` (the capture comes out blank)
ISOLATE_SCRIPT = """<script>
(function () {
  var keep = false, target = %s, figuresOnly = %s;
  Array.prototype.forEach.call(document.body.children, function (el) {
    if (el.tagName === 'H2') { keep = (el.id === target); }
    if (el.tagName === 'SCRIPT') { return; }
    var shown = keep && (!figuresOnly || el.tagName === 'H2' || el.tagName === 'H3' || el.tagName === 'FIGURE');
    if (!shown) { el.style.display = 'none'; }
  });
  window.scrollTo(0, 0);
})();
</script>"""


def is_blank(png: Path) -> bool:
    """True when every pixel of ``png`` has the same colour (a capture that shows nothing)."""
    import matplotlib.image as mpimg
    import numpy as np

    img = mpimg.imread(str(png))
    return bool(np.all(img == img.reshape(-1, img.shape[-1])[0]))


def section_screenshot(html_path: Path, png: Path, anchor: str | None, browser: str, width: int = 1280,
                       height: int = 1600) -> Path:
    """A ``width × height`` screenshot of the section ``anchor`` shown alone (the page's top when None).

    ``anchor`` may end in ``" figures"``: the section's figures only (with its headings).
    Raises ``RuntimeError`` when no image is written or it is blank.
    """
    import json

    html_path = Path(html_path)
    png.parent.mkdir(parents=True, exist_ok=True)
    png.unlink(missing_ok=True)
    target = html_path
    if anchor:
        text = html_path.read_text(encoding="utf-8")
        idx = text.rfind("</body>")
        name, _, only = anchor.partition(" ")
        target = html_path.with_name(f".shot-{name}-{only or 'all'}.html")
        script = ISOLATE_SCRIPT % (json.dumps(name), "true" if only == "figures" else "false")
        target.write_text(text[:idx] + script + text[idx:], encoding="utf-8")
    try:
        proc = _run(browser, [f"--screenshot={png}", f"--window-size={width},{height}",
                              f"--virtual-time-budget={VIRTUAL_TIME_MS // 4}", target.resolve().as_uri()])
    finally:
        if target != html_path:
            target.unlink(missing_ok=True)
    if not png.exists() or png.stat().st_size == 0:
        raise RuntimeError(f"chromium wrote no screenshot of #{anchor} (exit {proc.returncode}): "
                           f"{proc.stderr[-800:]}")
    if is_blank(png):
        raise RuntimeError(f"the screenshot of #{anchor} is blank: {png}")
    return png


def browser_check(html_path: Path, shots_dir: Path, anchors: dict[str, str | None], browser: str,
                  width: int = 1280) -> dict:
    """The check of :func:`check_page` plus one screenshot per ``{file stem: anchor}``; JSON-able."""
    import json

    result = check_page(html_path, browser, width=width)
    for old in Path(shots_dir).glob("*.png"):  # shots of an earlier check would pass for this page's
        if old.stem not in anchors:
            old.unlink()
    shots = {name: str(section_screenshot(html_path, Path(shots_dir) / f"{name}.png", a, browser, width))
             for name, a in anchors.items()}
    report = {"page": str(html_path), "bytes": Path(html_path).stat().st_size, "result": result,
              "problems": problems(result), "screenshots": shots}
    Path(shots_dir).mkdir(parents=True, exist_ok=True)
    (Path(shots_dir) / "check.json").write_text(json.dumps(report, indent=1, ensure_ascii=False), encoding="utf-8")
    return report


def default_anchors(html_text: str) -> dict[str, str | None]:
    """Front page, claims, errata, sources and every experiment section of a report (``name: anchor``);
    for an experiment section with figures also ``<name>-figures``: its figures alone."""
    import re

    parts = re.split(r'(?=<h2 id=")', html_text)
    keep = {"front": None}
    for part in parts:
        m = re.match(r'<h2 id="([^"]+)"', part)
        if not m:
            continue
        i = m.group(1)
        if i in ("claims", "errata", "sources") or i.startswith("exp_"):
            keep[i] = i
        if i.startswith("exp_") and "<figure>" in part:
            keep[f"{i}-figures"] = f"{i} figures"
    return keep


if __name__ == "__main__":
    sys.exit(main())
