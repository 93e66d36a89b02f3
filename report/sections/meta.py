"""Section "meta": run metadata — versions, git commit, profile, seeds, wall times.

Its data is the ``meta`` record that :mod:`clickbound.report.compute` writes for the whole
run, so compute here has nothing to do.
"""
from __future__ import annotations

import platform
import shutil
import subprocess

from clickbound.report import doc
from clickbound.report.sections import ComputeContext, RenderContext, Section, register_section

#: what a verdict can depend on, with what it does there: the interpreter, the engine's solvers and
#: libraries (symbolic proof, exact decision and its second opinion, ball arithmetic, property search,
#: adversarial search), the simulation stack behind statistical verdicts, and Coq for proofs checked
#: by ``coqc`` where it is installed
VERDICT_DEPENDENCIES = {
    "python": "the interpreter (exact rationals: fractions)",
    "sympy": "symbolic proofs, exact rationals",
    "mpmath": "50-digit re-verification",
    "z3-solver": "exact decisions (nonlinear real arithmetic)",
    "cvc5": "second opinion on every unsat",
    "python-flint": "certified ball arithmetic (arb)",
    "hypothesis": "property search",
    "numpy": "arrays, simulations",
    "scipy": "adversarial search (SLSQP), statistics",
    "numba": "simulation kernels, the KL-UCB index",
    "coqc": "Coq: the proofs in proofs/coq (checked by the test suite, not at verdict time)",
}


def _coqc_version() -> str:
    exe = shutil.which("coqc")
    if exe is None:
        return "not installed"
    try:
        out = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=20, check=False)
    except (OSError, subprocess.SubprocessError) as exc:
        return f"present, version unknown ({type(exc).__name__})"
    first = (out.stdout or out.stderr).strip().splitlines()
    return first[0].removeprefix("The Coq Proof Assistant, ").removeprefix("version ") if first else "unknown"


def provenance() -> dict[str, str]:
    """``{name: version}`` of everything in :data:`VERDICT_DEPENDENCIES`, as installed in this process's
    environment (``"not installed"`` when absent); python-flint also names the FLINT library it wraps."""
    import importlib.metadata as md

    out = {}
    for name in VERDICT_DEPENDENCIES:
        if name == "python":
            out[name] = platform.python_version()
        elif name == "coqc":
            out[name] = _coqc_version()
        else:
            try:
                out[name] = md.version(name)
            except md.PackageNotFoundError:
                out[name] = "not installed"
    if out["python-flint"] != "not installed":
        try:
            import flint

            out["python-flint"] += f" (FLINT {flint.__FLINT_VERSION__})"
        except (ImportError, AttributeError):
            pass
    return out


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
    blocks.append(doc.table(
        ["component", "version", "what a verdict uses it for"],
        [[k, v.get(k, "not recorded"), why] for k, why in VERDICT_DEPENDENCIES.items()],
        caption="Solvers and libraries the verdicts rest on (as installed where the results were computed)"))
    blocks.append(doc.table(["component", "version"], [[k, v[k]] for k in v if k not in VERDICT_DEPENDENCIES],
                            caption="Other versions"))
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

#: no claim ID of its own (it reads every claim, erratum or ledger entry, or none)
SPEC_IDS = ()
