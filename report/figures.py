"""Figure helpers for the report (matplotlib, Agg backend); each returns a ``Figure``.

Inputs are plain arrays read from ``results.json``; nothing here simulates.
Confidence bands are given by the caller (lower, upper) so the figure shows
exactly the numbers in the tables.

* :func:`regret_vs_n` — cumulative regret against n, linear and log-n axes side by
  side, with bands and bound curves;
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

FIGSIZE_WIDE = (11.0, 4.0)
FIGSIZE = (6.5, 4.0)


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
    """Regret against n on a linear and a log-n axis.

    Parameters
    ----------
    curves : {label: (n, mean, lower, upper)}
        Mean cumulative regret and its confidence band at the checkpoints.
    bounds : {label: (n, values)}, optional
        Bound curves (values NaN where the bound is not defined, e.g. log log n < 0).
    """
    fig, axes = plt.subplots(1, 2, figsize=FIGSIZE_WIDE)
    for ax, logx in zip(axes, (False, True)):
        for label, (n, mean, lo, hi) in curves.items():
            n = _check_curve(label, n, mean, lo, hi)
            (line,) = ax.plot(n, mean, label=label, lw=1.6)
            ax.fill_between(n, lo, hi, color=line.get_color(), alpha=0.2, lw=0)
        for label, (n, vals) in (bounds or {}).items():
            n = _check_curve(label, n, vals)
            ax.plot(n, vals, ls="--", lw=1.2, label=label)
        ax.set_xlabel("n (log scale)" if logx else "n")
        if logx:
            ax.set_xscale("log")
        ax.set_ylabel("cumulative regret")
        ax.grid(alpha=0.3)
    axes[0].legend(fontsize=7, loc="upper left")
    if title:
        fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    return fig


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
        (line,) = ax.plot(n[keep], np.asarray(mean)[keep] / ln, label=label, lw=1.6)
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
    ax.set_xlabel("n (log scale)")
    ax.set_ylabel("R(n) / log n")
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
    ax.boxplot(data, showmeans=True)
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
            ax.errorbar(x, y, yerr=[y - lo, hi - y], marker="o", ms=4, capsize=3, lw=1.4, label=label)
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
