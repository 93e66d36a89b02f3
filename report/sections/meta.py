"""Section "meta": run metadata (SPEC §5) — versions, git commit, profile, seeds, wall times.

Its data is the ``meta`` record that :mod:`clickbound.report.compute` writes for the whole
run, so compute here has nothing to do.
"""
from __future__ import annotations

from clickbound.report import doc
from clickbound.report.sections import ComputeContext, RenderContext, Section, register_section


def compute(ctx: ComputeContext) -> dict:
    return {}


def render(data: dict, rctx: RenderContext) -> list:
    m = rctx.meta
    if not m:
        return [doc.notice("results.json carries no run metadata")]
    blocks = [doc.table(["setting", "value"], [
        ["profile", m.get("profile")], ["root seed (numpy SeedSequence)", m.get("seed")],
        ["claim search budget (s per claim)", m.get("budget_s")],
        ["dask scheduler", m.get("scheduler") or "local processes"],
        ["computed at (UTC)", m.get("started_utc")], ["total compute wall time (s)", m.get("wall_s")],
    ], caption="Run")]
    v = m.get("versions", {})
    blocks.append(doc.table(["component", "version"], [[k, v[k]] for k in v], caption="Versions"))
    rows = [[name, st, f"{wall:.2f}" if isinstance(wall, (int, float)) else "", reason]
            for name, (st, wall, reason) in rctx.statuses.items()]
    blocks.append(doc.table(["section", "status", "wall time (s)", "reason"], rows,
                            caption="Sections: status and wall time"))
    return blocks


SECTION = register_section(Section(
    name="meta", title="Run metadata", order=1000, compute=compute, render=render,
    description="versions, seeds, profile and wall times"))
