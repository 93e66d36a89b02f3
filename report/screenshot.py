"""Screenshot check of the rendered report: open ``index.html`` in headless Chromium, write PNGs.

Usage::

    python -m clickbound.report.screenshot [--out DIR] [--html FILE] [--width 1280] [--height 4000] [--pages 3]
    python -m clickbound.report.screenshot --check out/browser   # the browser check

``--check DIR`` checks the whole rendered report (the folder of ``--html``): every page —
``index.html``, each section's page, the pages of long tables, the annotated sources — is opened
at ``--width`` with a measuring script in a copy of it, which reports what a reader would
stumble on (sideways overflow, figures that do not load or lack a caption, MathML errors, TeX
shown raw, script errors, console messages); every page must weigh at most
``doc.PAGE_LIMIT`` (2 MB); the index's load time is measured (wall time of a headless run beyond
an empty page's, and the page's navigation timing).  Writes ``DIR/check.json`` and screenshots
of the index, the claims, errata and sources pages, every experiment page, one experiment's
figures alone and the first annotated source.

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
            rep = browser_check(html.parent, Path(args.check), None, browser, width=args.width)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            print(f"screenshot: FAILED — {exc}", file=sys.stderr)
            return 1
        for line in rep["problems"]:
            print(f"problem: {line}")
        big, size = rep["largest_page"]
        print(f"screenshot: {len(rep['screenshots'])} screenshots and check.json in {args.check}; "
              f"{len(rep['bytes'])} pages checked, {len(rep['problems'])} problems; largest page {big} "
              f"{size:,} bytes; index opens in {rep['index_load']['load_s_beyond_startup']} s beyond "
              f"browser start-up (load event at {rep['index_load'].get('load_ms', 'n/a')} ms)")
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


# ------------------------------------------------------------------------ the browser check

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
    document.querySelectorAll('.verbatim').forEach(function (v) { var t = v.innerText; if (t && t.trim()) { text = text.split(t).join(' '); } });
    var tex = text.match(/\\(frac|sum|prod|mathrm|mathbf|mathcal|hat|bar|sqrt|leq|geq|le|ge|in|left|right|begin|text)\b[^\n]{0,40}/g) || [];
    var dollars = text.match(/\$[^$\s][^$\n]{0,80}\$/g) || [];
    out.raw_tex = tex.concat(dollars).slice(0, 20);
    out.tex_unconverted = document.querySelectorAll('code.tex').length;
    out.tables = document.querySelectorAll('table').length;
    out.filterable = document.querySelectorAll('table.filterable').length;
    out.filter_boxes = document.querySelectorAll('.filterbar input').length;
    out.timing = window.__cbTiming || {};
    out.damage_markers = document.querySelectorAll('.damage').length;
    var pre = document.createElement('pre');
    pre.id = 'clickbound-check';
    pre.textContent = JSON.stringify(out);
    document.body.appendChild(pre);
  }
  function timing() {
    var nav = (performance.getEntriesByType('navigation') || [])[0], t = {};
    if (nav) { t.response_ms = nav.responseEnd; t.dom_content_loaded_ms = nav.domContentLoadedEventEnd;
               t.load_ms = nav.loadEventEnd; }
    (performance.getEntriesByType('paint') || []).forEach(function (e) { t[e.name.replace(/-/g, '_') + '_ms'] = e.startTime; });
    return t;
  }
  function settle(tries) {  // lazy figures: load them all, then measure
    var imgs = Array.prototype.slice.call(document.images);
    if (tries > 0 && imgs.some(function (i) { return !i.complete; })) { setTimeout(function () { settle(tries - 1); }, 50); return; }
    window.__cbTiming = window.__cbTiming || timing();
    run();
  }
  function start() {
    window.__cbTiming = timing();
    Array.prototype.forEach.call(document.images, function (i) { i.loading = 'eager'; });
    setTimeout(function () { settle(200); }, 0);
  }
  if (document.readyState === 'complete') { setTimeout(start, 0); } else { window.addEventListener('load', function () { setTimeout(start, 0); }); }
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


#: put into a copy of a page to show its figures only (with the headings), at the top
FIGURES_ONLY_SCRIPT = """<script>
(function () {
  document.querySelectorAll('body *').forEach(function (el) {
    if (el.tagName === 'SCRIPT' || el.closest('figure') || el.querySelector('figure') ||
        /^H[123]$/.test(el.tagName)) { return; }
    el.style.display = 'none';
  });
  document.querySelectorAll('img').forEach(function (i) { i.loading = 'eager'; });
  window.scrollTo(0, 0);
})();
</script>"""


def is_blank(png: Path) -> bool:
    """True when every pixel of ``png`` has the same colour (a capture that shows nothing)."""
    import matplotlib.image as mpimg
    import numpy as np

    img = mpimg.imread(str(png))
    return bool(np.all(img == img.reshape(-1, img.shape[-1])[0]))


def page_screenshot(html_path: Path, png: Path, browser: str, width: int = 1280, height: int = 1600,
                    figures_only: bool = False) -> Path:
    """A ``width × height`` screenshot of the top of a page (``figures_only``: its figures alone).

    Raises ``RuntimeError`` when no image is written or it is blank.
    """
    html_path = Path(html_path)
    png.parent.mkdir(parents=True, exist_ok=True)
    png.unlink(missing_ok=True)
    target = html_path
    if figures_only:
        text = html_path.read_text(encoding="utf-8")
        idx = text.rfind("</body>")
        target = html_path.with_name(f".shot-{html_path.stem}-figures.html")
        target.write_text(text[:idx] + FIGURES_ONLY_SCRIPT + text[idx:], encoding="utf-8")
    try:
        proc = _run(browser, [f"--screenshot={png}", f"--window-size={width},{height}",
                              f"--virtual-time-budget={VIRTUAL_TIME_MS // 4}", target.resolve().as_uri()])
    finally:
        if target != html_path:
            target.unlink(missing_ok=True)
    if not png.exists() or png.stat().st_size == 0:
        raise RuntimeError(f"chromium wrote no screenshot of {html_path.name} (exit {proc.returncode}): "
                           f"{proc.stderr[-800:]}")
    if is_blank(png):
        raise RuntimeError(f"the screenshot of {html_path.name} is blank: {png}")
    return png


def site_pages(out: Path) -> list[Path]:
    """Every page of a rendered report: ``index.html`` first, the section pages, the annotated sources."""
    out = Path(out)
    pages = [out / "index.html"] + sorted(p for p in out.glob("*.html")
                                          if p.name != "index.html" and not p.name.startswith("."))
    return pages + sorted(p for p in (out / "sources").glob("*.html") if not p.name.startswith("."))


def default_shots(out: Path) -> dict[str, tuple[Path, bool]]:
    """The screenshots of a check, ``name: (page, figures only)``: the index, the claims, errata and
    sources pages, every experiment page, the first experiment page with figures (its figures alone)
    and the first annotated source."""
    out = Path(out)
    shots: dict[str, tuple[Path, bool]] = {"front": (out / "index.html", False)}
    for p in site_pages(out)[1:]:
        if p.parent != out:
            continue
        if p.stem in ("claims", "errata", "sources") or (p.stem.startswith("exp_") and "-table" not in p.stem):
            shots[p.stem] = (p, False)
    with_figs = [p for n, (p, _) in shots.items() if n.startswith("exp_")
                 and "<figure>" in p.read_text(encoding="utf-8")]
    if with_figs:
        shots[f"{with_figs[0].stem}-figures"] = (with_figs[0], True)
    annotated = sorted((out / "sources").glob("*.html"))
    if annotated:
        shots["annotated-source"] = (annotated[0], False)
    return shots


def load_time(html_path: Path, browser: str, width: int = 1280, height: int = 900) -> dict:
    """How long ``html_path`` takes to open in headless Chromium: the wall time of a ``--dump-dom``
    run minus that of an empty page (browser start-up), and the page's own navigation timing."""
    import json
    import re
    import time

    def wall(path: Path) -> float:
        t = time.perf_counter()
        _run(browser, ["--dump-dom", f"--window-size={width},{height}", path.resolve().as_uri()])
        return time.perf_counter() - t

    html_path = Path(html_path)
    blank = html_path.with_name(".blank-check.html")
    blank.write_text("<!doctype html><p>x</p>", encoding="utf-8")
    timed = html_path.with_name(f".timed-{html_path.name}")
    text = html_path.read_text(encoding="utf-8")
    probe = ("<script>window.addEventListener('load', function () { setTimeout(function () {"
             "var n = performance.getEntriesByType('navigation')[0], p = document.createElement('pre');"
             "p.id = 'clickbound-timing'; p.textContent = JSON.stringify({dom_content_loaded_ms: "
             "n.domContentLoadedEventEnd, load_ms: n.loadEventEnd}); document.body.appendChild(p); }, 0); });"
             "</script>")
    idx = text.rfind("</body>")
    timed.write_text(text[:idx] + probe + text[idx:], encoding="utf-8")
    try:
        base = min(wall(blank) for _ in range(2))
        page = min(wall(html_path) for _ in range(2))
        proc = _run(browser, ["--dump-dom", f"--window-size={width},{height}", timed.resolve().as_uri()])
    finally:
        blank.unlink(missing_ok=True)
        timed.unlink(missing_ok=True)
    m = re.search(r'<pre id="clickbound-timing">(.*?)</pre>', proc.stdout, re.DOTALL)
    nav = json.loads(html.unescape(m.group(1))) if m else {}
    return {"page": html_path.name, "wall_s": round(page, 3), "empty_page_wall_s": round(base, 3),
            "load_s_beyond_startup": round(max(page - base, 0.0), 3),
            **{k: round(v, 1) for k, v in nav.items()}}


def browser_check(out: Path, shots_dir: Path, shots: dict[str, tuple[Path, bool]] | None, browser: str,
                  width: int = 1280, pages: list[Path] | None = None) -> dict:
    """The browser check of a rendered report in ``out``, JSON-able, also written to
    ``shots_dir/check.json``: every page (:func:`site_pages`, or ``pages``) opened at ``width`` by
    :func:`check_page`, its size against :data:`clickbound.report.doc.PAGE_LIMIT`, the index's load
    time (:func:`load_time`) and a screenshot per ``{name: (page, figures only)}`` of ``shots``
    (:func:`default_shots` when None)."""
    import json

    from clickbound.report.doc import PAGE_LIMIT

    out = Path(out)
    shots = default_shots(out) if shots is None else shots
    pages = site_pages(out) if pages is None else pages
    results, probs, sizes = {}, [], {}
    for page in pages:
        name = page.relative_to(out).as_posix()
        sizes[name] = page.stat().st_size
        if sizes[name] > PAGE_LIMIT:
            probs.append(f"{name}: {sizes[name]:,} bytes, over the {PAGE_LIMIT:,}-byte limit of a page")
        r = check_page(page, browser, width=width)
        results[name] = r
        probs += [f"{name}: {x}" for x in problems(r)]
    for old in Path(shots_dir).glob("*.png"):  # shots of an earlier check would pass for this page's
        if old.stem not in shots:
            old.unlink()
    written = {name: str(page_screenshot(p, Path(shots_dir) / f"{name}.png", browser, width, figures_only=f))
               for name, (p, f) in shots.items()}
    timing = load_time(out / "index.html", browser, width)
    report = {"out": str(out), "bytes": sizes, "largest_page": max(sizes.items(), key=lambda kv: kv[1]),
              "page_limit": PAGE_LIMIT, "index_load": timing,
              "index_timing": results.get("index.html", {}).get("timing", {}),
              "results": results, "problems": probs, "screenshots": written}
    Path(shots_dir).mkdir(parents=True, exist_ok=True)
    (Path(shots_dir) / "check.json").write_text(json.dumps(report, indent=1, ensure_ascii=False), encoding="utf-8")
    return report


if __name__ == "__main__":
    sys.exit(main())
