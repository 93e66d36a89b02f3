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
        ["profile", f"{m.get('profile')}: {m.get('profile_text')}" if m.get("profile_text") else m.get("profile")],
        ["root seed (numpy SeedSequence)", m.get("seed")],
        ["claim search budget (s per claim)", m.get("budget_s")],
        ["dask scheduler", m.get("scheduler") or "local processes"],
        ["computed at (UTC)", m.get("started_utc")], ["total compute wall time (s)", m.get("wall_s")],
        *_prefetch_rows(m.get("prefetch") or {}),
    ], caption="Run")]
    v = m.get("versions", {})
    blocks.append(doc.table(["component", "version"], [[k, v[k]] for k in v], caption="Versions"))
    cpu = m.get("sections_cpu_s") or {}
    rows = [[name, st, f"{wall:.2f}" if isinstance(wall, (int, float)) else "", _num(cpu.get(name)), reason]
            for name, (st, wall, reason) in rctx.statuses.items()]
    blocks.append(doc.table(["section", "status", "wall time (s)", "CPU time (s)", "reason"], rows,
                            caption="Sections: status, wall and CPU time. An experiment section's times "
                                    "include its share of the one simulation pool (its tasks' CPU time, and "
                                    "the pool's wall time in proportion); CPU time counts every process "
                                    "(the pool's workers, the claims' workers), so on a shared machine it "
                                    "is the steadier figure."))
    return blocks


def _num(x) -> str:
    return f"{x:.1f}" if isinstance(x, (int, float)) else ""


def _prefetch_rows(p: dict) -> list:
    if not p.get("used"):
        return []
    return [["simulations (every experiment section, one pool, longest first)",
             (f"{p.get('computed')} tasks computed, {p.get('cached')} from the cache; {_num(p.get('wall_s'))} s "
             f"wall, {_num(p.get('sim_cpu_s'))} s CPU in {p.get('workers')} worker processes")]]


SECTION = register_section(Section(
    name="meta", title="Run metadata", order=1000, compute=compute, render=render,
    description="versions, seeds, profile and wall times"))

#: no SPEC/claim ID of its own (it reads every claim, erratum or ledger entry, or none)
SPEC_IDS = ()
