"""Figure helpers for the report (matplotlib, Agg backend); each returns a ``Figure``.

Inputs are plain arrays read from ``results.json``; nothing here simulates.
Confidence bands are given by the caller (lower, upper) so the figure shows
exactly the numbers in the tables.

* :func:`regret_vs_n` — cumulative regret against n with bands and bound curves: linear and
  log-n axes side by side, or — when a bound is more than :data:`LOGLOG_RATIO` times the regret
  (or less than 1/``LOGLOG_RATIO``) — log–log axes beside a bound/regret ratio panel, so a
  regret of 10^3 under a bound of 10^9 is not a flat line at zero;
* :func:`regret_over_log_n` — R(n)/log n with each bound's log-n coefficient as a
  horizontal line (asymptotic bounds are statements about this ratio);
* :func:`final_distribution` — final regret per replication, box plot per algorithm;
* :func:`against_parameter` — a slope (or any estimate with a CI) and bound values
  against a parameter across a grid.
"""
from __future__ import annotations

import os

os.environ.setdefault("MPLBACKEND", "Agg")

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
from matplotlib import font_manager

#: fonts tried, in order, for characters DejaVu Sans lacks: the sources' Japanese appears in figure
#: titles and labels (Cyrillic too, which DejaVu Sans, shipped with matplotlib, has).  IPAexGothic
#: comes first: the PyPI package matplotlib-fontja (a dependency) ships it, so every machine draws
#: the same glyphs with no system font; it covers kana, the kanji of JIS X 0208 and Cyrillic.
#: Debian's fonts-noto-cjk and other system fonts stay as later fallbacks.
#: Without any of them, matplotlib warns per missing glyph and draws boxes.
CJK_FALLBACKS = ("IPAexGothic", "Noto Sans CJK JP", "Noto Serif CJK JP", "IPAGothic", "TakaoGothic")

#: where Debian's fonts-noto-cjk puts them: registered directly when matplotlib's font cache was
#: built before the package was installed (the cache is not rebuilt by itself)
CJK_FILES = ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
             "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc")


def packaged_font() -> str | None:
    """The IPAexGothic file matplotlib-fontja ships, found without importing the package (its
    import sets matplotlib's font family for the whole process); ``None`` if it is not installed."""
    import importlib.util

    spec = importlib.util.find_spec("matplotlib_fontja")
    for folder in (spec.submodule_search_locations or []) if spec else []:
        path = os.path.join(folder, "fonts", "ipaexg.ttf")
        if os.path.exists(path):
            return path
    return None


def _font_family() -> list[str]:
    """``["DejaVu Sans", <the fallbacks present>]``, after registering the packaged font with
    matplotlib's font manager (and Debian's CJK files when no CJK font is known to it)."""
    fm = font_manager.fontManager
    path = packaged_font()
    if path and not any(f.fname == path for f in fm.ttflist):
        fm.addfont(path)
    have = {f.name for f in fm.ttflist}
    if not have & set(CJK_FALLBACKS):
        for path in CJK_FILES:
            if os.path.exists(path):
                fm.addfont(path)
        have = {f.name for f in fm.ttflist}
    return ["DejaVu Sans", *(f for f in CJK_FALLBACKS if f in have)]


plt.rcParams["font.family"] = _font_family()

FIGSIZE_WIDE = (11.0, 4.0)
FIGSIZE = (6.5, 4.0)
#: bound and regret differing by more than this factor are drawn on log–log axes
LOGLOG_RATIO = 10.0

#: one colour per policy across the whole report (figures of every section); the blog's
#: variants take their reference policy's hue family.  Unknown names get a colour from their
#: name's CRC (stable across runs), never from the order they happen to be plotted in.
POLICY_COLOURS = {
    "CascadeUCB1": "#1f77b4", "CascadeUCB1-blog": "#6baed6", "CascadeUCB1-blog-fixed-observe": "#08519c",
    "CascadeKL-UCB": "#ff7f0e", "CascadeUCB-last-click": "#8c564b",
    "CascadeLinTS": "#2ca02c", "CascadeLinTS-blog": "#74c476", "CascadeLinTS-blog-fixed-observe": "#006d2c",
    "CascadeLinUCB": "#bcbd22", "dcmKL-UCB": "#d62728", "First-click": "#9467bd", "Last-click": "#e377c2",
    "KL-UCB": "#17becf", "UCB1": "#1f77b4", "TS": "#2ca02c", "eps-greedy": "#7f7f7f",
    "OD-UCB": "#d62728", "OD-TS": "#ff7f0e", "PBM-UCB": "#1f77b4", "PBM-TS": "#2ca02c",
    "RBA-UCB1": "#9467bd", "RBA-KL-UCB": "#8c564b", "RBA-TS": "#e377c2", "RBA-Exp3": "#7f7f7f",
    "RBA-eps-greedy": "#bcbd22", "RankedExp3": "#17becf", "RankedKL-UCB": "#393b79",
}
#: bounds not tied to one curve: dark greys and browns, never a policy's colour
BOUND_COLOURS = ("#222222", "#7a5c00", "#666666", "#5b3a29")
BOUND_STYLES = ("--", "-.", ":", (0, (5, 1, 1, 1)))
_FALLBACK = ("#393b79", "#637939", "#8c6d31", "#843c39", "#7b4173", "#3182bd", "#e6550d", "#31a354")


def policy_colour(label: str) -> str | None:
    """The report-wide colour of a policy, read from a curve label (``"OD-UCB"``, ``"OD-UCB (α = 1)"``).

    None for a label that names no policy (a setting's label): matplotlib's cycle then applies.
    """
    import zlib

    if label in POLICY_COLOURS:
        return POLICY_COLOURS[label]
    head = label.split(" (")[0].split(":")[0].strip()
    if head in POLICY_COLOURS:
        return POLICY_COLOURS[head]
    if head and " " not in head and any(c.isupper() for c in head):  # a policy-like name not listed
        return _FALLBACK[zlib.crc32(head.encode()) % len(_FALLBACK)]
    return None


def _positive(y):
    """Values for a log axis: non-positive entries become NaN (not drawn) instead of warnings."""
    y = np.asarray(y, dtype=float)
    return np.where(y > 0, y, np.nan)


def _bound_regret_ratio(curves: dict, bounds: dict) -> float:
    """max(bound) / max(regret) over the plotted points (NaN-safe); 1 when either is missing."""
    regret = [np.nanmax(np.abs(np.asarray(m, float))) for _, m, _, _ in curves.values() if np.size(m)]
    bvals = [np.asarray(v[1], float) for v in bounds.values()]
    bvals = [np.nanmax(np.abs(b)) for b in bvals if np.any(np.isfinite(b))]
    if not regret or not bvals or max(regret) <= 0:
        return 1.0
    return max(bvals) / max(regret)


def _check_curve(name, n, *ys):
    n = np.asarray(n, dtype=float)
    if n.ndim != 1 or n.size == 0:
        raise ValueError(f"{name}: checkpoints must be a non-empty 1-d array, got shape {n.shape}")
    for y in ys:
        if y is not None and np.asarray(y).shape != n.shape:
            raise ValueError(f"{name}: values of shape {np.asarray(y).shape} do not match "
                             f"checkpoints of shape {n.shape}")
    return n


def regret_vs_n(curves: dict, bounds: dict | None = None, title: str = ""):
    """Regret against n: linear and log-n axes, or log–log axes and a bound/regret ratio panel.

    Parameters
    ----------
    curves : {label: (n, mean, lower, upper)}
        Mean cumulative regret and its confidence band at the checkpoints.
    bounds : {label: (n, values)} or {label: (n, values, curve_label)}, optional
        Bound curves (values NaN where the bound is not defined, e.g. log log n < 0); the
        optional third item names the curve the bound is about (for the ratio panel; without it
        the ratio is taken against the largest regret of any curve at that n).

    The returned figure carries ``clickbound_look``: what a reader should look at (the render
    step appends it to the caption).
    """
    bounds = bounds or {}
    ratio = _bound_regret_ratio(curves, bounds)
    loglog = bool(bounds) and (ratio > LOGLOG_RATIO or ratio < 1 / LOGLOG_RATIO)
    fig, axes = plt.subplots(1, 2, figsize=FIGSIZE_WIDE)
    modes = (("loglog", axes[0]),) if loglog else (("lin", axes[0]), ("logx", axes[1]))
    colours = {}
    for mode, ax in modes:
        for label, (n, mean, lo, hi) in curves.items():
            n = _check_curve(label, n, mean, lo, hi)
            f = _positive if mode == "loglog" else np.asarray
            (line,) = ax.plot(n, f(mean), label=label, lw=1.6, color=policy_colour(label))
            colours[label] = line.get_color()
            ax.fill_between(n, f(lo), f(hi), color=line.get_color(), alpha=0.2, lw=0)
        for j, (label, spec) in enumerate(bounds.items()):
            n, vals = spec[0], spec[1]
            n = _check_curve(label, n, vals)
            of = spec[2] if len(spec) > 2 else None
            ax.plot(n, _positive(vals) if mode == "loglog" else vals, ls=BOUND_STYLES[j % len(BOUND_STYLES)],
                    lw=1.3, label=label, color=colours.get(of) or BOUND_COLOURS[j % len(BOUND_COLOURS)])
        ax.set_xscale("log" if mode != "lin" else "linear")
        if mode == "loglog":
            ax.set_yscale("log")
        ax.set_xlabel("n (log scale)" if mode != "lin" else "n")
        ax.set_ylabel("cumulative regret" + (" (log scale)" if mode == "loglog" else ""))
        ax.grid(alpha=0.3, which="both" if mode == "loglog" else "major")
    # log–log: regret rises from the lower left and bounds run above it, so the lower right is free
    axes[0].legend(fontsize=7, loc="lower right" if loglog else "upper left", framealpha=0.9)
    if loglog:
        _ratio_panel(axes[1], curves, bounds)
        fig.clickbound_look = (
            f"Log–log axes: the largest bound value is about {_times(ratio)} the largest regret, so a "
            "linear axis would "
            "flatten every regret curve to zero. Right: bound / regret against n — far above 1 means "
            "the bound is loose by that factor, under 1 (red line) would mean it is violated.")
    else:
        fig.clickbound_look = (
            "Left: linear n; right: log n — a regret growing like log n is a straight line on the right. "
            "Shaded: confidence bands of the mean; dashed: bounds (an upper bound holds where it stays "
            "above the band, a lower bound where it stays below it).")
    if title:
        fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    return fig


def _times(r: float) -> str:
    """``1.3e6`` -> ``"10^6 times"``, ``0.01`` -> ``"1/100 of"`` (a factor in words for captions)."""
    if r >= 1:
        return f"10^{round(np.log10(r))} times" if r >= 1000 else f"{r:.0f} times"
    return f"1/{1 / r:.0f} of"


def _ratio_panel(ax, curves: dict, bounds: dict) -> None:
    """bound / regret against n for every bound (against its own curve, else the largest regret)."""
    means = {k: np.asarray(c[1], float) for k, c in curves.items()}
    for label, spec in bounds.items():
        n, vals = np.asarray(spec[0], float), np.asarray(spec[1], float)
        of = spec[2] if len(spec) > 2 else None
        if of in means and means[of].shape == vals.shape:
            reg, who = means[of], of
        else:
            same = [m for m in means.values() if m.shape == vals.shape]
            if not same:
                continue
            reg, who = np.nanmax(np.vstack(same), axis=0), "largest regret"
        with np.errstate(divide="ignore", invalid="ignore"):
            r = np.where(reg > 0, vals / reg, np.nan)
        j = list(bounds).index(label)
        ax.plot(n, _positive(r), ls=BOUND_STYLES[j % len(BOUND_STYLES)], lw=1.3, label=f"{label} / {who}",
                color=(policy_colour(of) if of else None) or BOUND_COLOURS[j % len(BOUND_COLOURS)])
    ax.axhline(1.0, color="tab:red", lw=1.0)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("n (log scale)")
    ax.set_ylabel("bound / regret (log scale)")
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize=6, loc="best")


def regret_over_log_n(curves: dict, coefficients: dict | None = None, title: str = ""):
    """R(n)/log n against n (log axis) with bound coefficients as horizontal lines.

    ``curves`` as in :func:`regret_vs_n`; ``coefficients`` maps a label to the
    bound's log-n coefficient, or to ``(coefficient, curve_label)`` to draw the line
    in that curve's colour (dotted when the label says "as printed").  Checkpoints
    with n < 3 are dropped (log n too small for the ratio to mean anything).
    """
    fig, ax = plt.subplots(figsize=FIGSIZE)
    colours = {}
    for label, (n, mean, lo, hi) in curves.items():
        n = _check_curve(label, n, mean, lo, hi)
        keep = n >= 3
        ln = np.log(n[keep])
        (line,) = ax.plot(n[keep], np.asarray(mean)[keep] / ln, label=label, lw=1.6,
                          color=policy_colour(label))
        colours[label] = line.get_color()
        ax.fill_between(n[keep], np.asarray(lo)[keep] / ln, np.asarray(hi)[keep] / ln,
                        color=line.get_color(), alpha=0.2, lw=0)
    for label, c in (coefficients or {}).items():
        of = None
        if isinstance(c, tuple):
            c, of = c
        if c is None or not np.isfinite(c):
            continue
        colour = colours.get(of) or ("k" if "lower" in label.lower() else "tab:red")
        ax.axhline(c, ls=":" if "as printed" in label else "--", lw=1.2, color=colour,
                   label=f"{label} = {c:.4g}")
    ax.set_xscale("log")
    shown = [float(np.nanmax(np.asarray(c[1], float)[np.asarray(c[0], float) >= 3] /
                             np.log(np.asarray(c[0], float)[np.asarray(c[0], float) >= 3])))
             for c in curves.values() if np.any(np.asarray(c[0], float) >= 3)]
    coefs = [abs(float(c)) for c in ((c[0] if isinstance(c, tuple) else c)
                                     for c in (coefficients or {}).values())
             if c is not None and np.isfinite(float(c))]
    spread = (max(coefs) / max(shown)) if coefs and shown and max(shown) > 0 else 1.0
    if spread > LOGLOG_RATIO:  # a coefficient 10^6 above the curves: a log axis keeps both visible
        ax.set_yscale("log")
    fig.clickbound_look = (
        "A curve levelling off means regret grows like log n; the level is the empirical log n "
        "coefficient, to compare with the horizontal bound lines"
        + (" (log scale: the bound coefficients are far above)." if spread > LOGLOG_RATIO else "."))
    ax.set_xlabel("n (log scale)")
    ax.set_ylabel("R(n) / log n" + (" (log scale)" if spread > LOGLOG_RATIO else ""))
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7)
    if title:
        ax.set_title(title, fontsize=10)
    fig.tight_layout()
    return fig


def final_distribution(finals: dict, title: str = "", n: int | None = None):
    """Box plot (with the points) of the final regret of every replication, per algorithm."""
    if not finals:
        raise ValueError("final_distribution needs at least one algorithm")
    labels = list(finals)
    data = [np.asarray(finals[k], dtype=float) for k in labels]
    for k, d in zip(labels, data):
        if d.ndim != 1 or d.size == 0:
            raise ValueError(f"final regrets of {k!r} must be a non-empty 1-d array")
    fig, ax = plt.subplots(figsize=(max(5.0, 1.3 * len(labels) + 2), 4.0))
    bp = ax.boxplot(data, showmeans=True, patch_artist=True)
    for patch, k in zip(bp["boxes"], labels):
        patch.set_facecolor(policy_colour(k) or "#cccccc")
        patch.set_alpha(0.35)
    fig.clickbound_look = ("One box per policy: the spread of the final regret over replications; "
                           "a policy whose box lies wholly below another's has smaller regret in "
                           "most runs (the tables give the paired tests).")
    ax.set_xticks(range(1, len(labels) + 1), labels, rotation=20, fontsize=8)
    # the individual replications, jittered deterministically (no randomness in figures)
    for i, d in enumerate(data, start=1):
        jitter = np.linspace(-0.12, 0.12, d.size) if d.size > 1 else np.zeros(1)
        ax.plot(i + jitter, d, ".", ms=3, alpha=0.5, color="tab:gray")
    ax.set_ylabel("regret at n" + (f" = {n:,}" if n else ""))
    ax.grid(alpha=0.3, axis="y")
    if title:
        ax.set_title(title, fontsize=10)
    fig.tight_layout()
    return fig


def against_parameter(x, series: dict, xlabel: str, ylabel: str, title: str = "", logy=False):
    """Estimates with CIs and bound values against a grid parameter.

    ``series`` maps a label to ``(y, lower, upper)`` (an estimate with a CI; use
    ``lower = upper = None`` for a bound, drawn dashed).
    """
    x = np.asarray(x, dtype=float)
    fig, ax = plt.subplots(figsize=FIGSIZE)
    for label, (y, lo, hi) in series.items():
        _check_curve(label, x, y)
        if lo is None:
            ax.plot(x, y, "--", marker="x", lw=1.2, label=label)
        else:
            y, lo, hi = (np.asarray(v, dtype=float) for v in (y, lo, hi))
            ax.errorbar(x, y, yerr=[y - lo, hi - y], marker="o", ms=4, capsize=3, lw=1.4, label=label,
                        color=policy_colour(label))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if logy:
        ax.set_yscale("log")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7)
    if title:
        ax.set_title(title, fontsize=10)
    fig.tight_layout()
    return fig


#: verdict colours of :func:`verdict_strip` (colour-blind safe: blue / orange / grey)
VERDICT_COLOURS = {"reproduced": "#1f77b4", "contradicted": "#e6550d", "inconclusive": "#d9d9d9"}


def verdict_strip(n, claims: dict, source_n: int | None = None, title: str = ""):
    """Each qualitative claim's verdict at every checkpoint: one row of cells per claim over n.

    ``claims`` maps a claim's (short) text to its list of answers, one per entry of ``n``
    ("reproduced", "contradicted", "inconclusive"; anything else is drawn white).  Cells span
    the log-spaced checkpoints; a vertical line marks the source's horizon, left of which the
    report never says "contradicted" (the cell still shows what the test said there, hatched).
    """
    import textwrap

    from matplotlib import lines as mlines
    from matplotlib import patches as mpatches

    n = np.asarray(n, dtype=float)
    if n.size == 0 or np.any(np.diff(n) <= 0):
        raise ValueError(f"verdict_strip needs increasing checkpoints, got {n.tolist()}")
    for label, ans in claims.items():
        if len(ans) != n.size:
            raise ValueError(f"{label!r}: {len(ans)} answers for {n.size} checkpoints")
    # cell edges: geometric midpoints between checkpoints, half a step beyond the ends
    ln = np.log(n)
    step = np.diff(ln).mean() if n.size > 1 else np.log(2.0)
    edges = np.exp(np.concatenate([[ln[0] - step / 2], (ln[:-1] + ln[1:]) / 2, [ln[-1] + step / 2]]))
    rows = list(claims)
    # at least 1.6 in: with one row, title and axis label do not fit 0.92 in (tight_layout gives up)
    fig, ax = plt.subplots(figsize=(FIGSIZE_WIDE[0], max(1.6, 0.5 + 0.42 * len(rows))))
    for r, label in enumerate(rows):
        for k, a in enumerate(claims[label]):
            short = source_n is not None and n[k] < source_n
            ax.add_patch(mpatches.Rectangle(
                (edges[k], r - 0.42), edges[k + 1] - edges[k], 0.84, lw=0.4, edgecolor="white",
                facecolor=VERDICT_COLOURS.get(a, "white"), hatch="///" if short else None))
    if source_n is not None and edges[0] <= source_n <= edges[-1] * 1.0001:
        ax.axvline(source_n, color="k", lw=1.2, ls="--")
    ax.set_xscale("log")
    ax.set_xlim(edges[0], edges[-1])
    ax.set_ylim(len(rows) - 0.5, -0.5)
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels([textwrap.shorten(r, 70, placeholder="…") for r in rows], fontsize=7)
    ax.set_xlabel("n (the run stopped here; log scale)")
    handles = [mpatches.Patch(facecolor=c, label=k) for k, c in VERDICT_COLOURS.items()]
    if source_n is not None:
        handles.append(mlines.Line2D([], [], color="k", ls="--", label=f"source's n = {source_n:,}"))
        handles.append(mpatches.Patch(facecolor="white", edgecolor="k", hatch="///",
                                                label="n < source's n"))
    ax.legend(handles=handles, fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    fig.clickbound_look = ("Read each row left to right: where the colour stops changing is where the "
                           "verdict settles; a change of colour is a flip.")
    if title:
        ax.set_title(title, fontsize=10)
    fig.tight_layout()
    return fig
