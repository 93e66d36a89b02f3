"""Everything the project holds about one ID: claims, errata, ledger entries, bounds, policies, sections.

``clickbound explain ID`` takes a claim ID (``DCM-T2/prefix-L2``), or a claim family ID
(``DCM-T2`` matches ``DCM-T2``, ``DCM-T2/…``, ``DCM-T2[…]``, every claim whose claim family ID is
``DCM-T2`` and every claim naming it as a segment, e.g. ``VIOL/DCM-T2/dcmKL-UCB``), an erratum ID
(``ERR-DCM-T2-L1-SUBSCRIPT``) or a policy name (``dcmKL-UCB``), and lists:

* every claim it matches, with its verdict (decided at ``--budget``; ``--no-verdicts`` skips that);
* every erratum whose ID or claim family ID it matches or whose evidence is among those claims;
* every source-ledger entry citing those claims or errata (source short name, line, quote excerpt);
* every bound function of ``bounds/`` declared for the ID (each bounds module's ``SPEC_IDS``);
* every policy of ``sim/policies`` implementing it (the policy registry and its ``SPEC_IDS``) or
  named by a matched claim;
* every report section that reads it (each ``report/sections/*.py`` declares ``SPEC_IDS``);
* the catalogue modules that registered the claims and errata (the registry records them).

With ``--project DIR`` (or inside a folder holding a ``project.toml``) it reads a project instead:
its claims, errata, ``ledger.toml`` entries (line numbers in its paper), the bound functions its
``bounds.py`` declares in ``SPEC_IDS`` and the policies its ``policies.py`` registers.

An ID nothing matches is an error (exit 2) that names the closest known IDs.  ``--json`` prints
the same as one JSON object.
"""
from __future__ import annotations

import difflib
import importlib
import inspect
import json
import sys
from dataclasses import dataclass
from pathlib import Path

#: the bounds modules that declare ``SPEC_IDS`` (function name -> IDs)
BOUNDS_MODULES = ("cascade", "dcm", "depth", "lecture", "single_arm")
#: characters of a ledger quote shown
EXCERPT = 100

_ROOT = Path(__file__).resolve().parent.parent  # the package clickbound (the repository root)


def add_arguments(p):
    p.add_argument("id", metavar="ID", help="claim ID, claim family ID (e.g. DCM-T2), erratum ID or policy name")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--budget", type=float, default=20.0,
                   help="search budget per claim in seconds when deciding verdicts (default 20)")
    p.add_argument("--no-verdicts", action="store_true", help="list the claims without deciding them")
    from clickbound.report.project_args import add_project_argument

    add_project_argument(p)


def _segments(cid: str) -> list[str]:
    return [s.split("[", 1)[0] for s in cid.split("/")]


def matches(cid: str | None, q: str) -> bool:
    """``cid`` is ``q``, lies in ``q``'s family (``q/…``, ``q[…]``) or names ``q`` as a later segment."""
    if not cid:
        return False
    return cid == q or cid.startswith((q + "/", q + "[")) or q in _segments(cid)[1:]


def related(a: str, b: str) -> bool:
    """One of two IDs is the other or in its family (``UCB1-BOUND`` and ``UCB1-BOUND/as-printed``)."""
    return a == b or a.startswith((b + "/", b + "[")) or b.startswith((a + "/", a + "["))


def _relpath(module_name: str) -> str:
    """The module's file, relative to the package root (a project's file, imported from its folder: its path)."""
    mod = sys.modules.get(module_name)
    origin = getattr(mod, "__file__", None) or importlib.util.find_spec(module_name).origin
    path = Path(origin).resolve()
    return path.relative_to(_ROOT).as_posix() if path.is_relative_to(_ROOT) else str(path)


@dataclass
class Index:
    """What explain reads, built once from the registries and the explicit declarations."""

    claims: list            # catalogue claims
    module_of: dict         # claim id -> module name
    errata: list            # Erratum
    erratum_module: dict    # erratum id -> module name
    ledger: list            # (Entry, short source name, line)
    bounds: list            # (file, function name, ids)
    policies: list          # (name, file, ids)
    sections: list          # (file, section names, ids)

    def known_ids(self) -> set[str]:
        ids = {c.id for c in self.claims} | {c.spec_id for c in self.claims if c.spec_id}
        ids |= {c.id.split("/")[0] for c in self.claims}
        ids |= {e.id for e in self.errata} | {n for n, _, _ in self.policies}
        ids |= {i for *_, ids_ in self.bounds for i in ids_} | {i for *_, ids_ in self.sections for i in ids_}
        return ids


def _line(entry, text: str) -> int | None:
    """The line of ``text`` where the ledger entry's quote first stands (``None`` if it is not found)."""
    from clickbound.lemmas import ledger

    spans = ledger.quote_spans(entry, text)
    return text.count("\n", 0, spans[0][0]) + 1 if spans else None


def build_index() -> Index:
    from clickbound import lemmas, sources
    from clickbound.lemmas import ledger
    from clickbound.lemmas.engine import registry
    from clickbound.report import sections as report_sections
    from clickbound.sim.policies import registry as policy_registry

    claims = lemmas.catalogue()
    errs = lemmas.errata()
    led = []
    texts: dict[str, str] = {}
    for e in ledger.entries():
        text = texts.setdefault(e.source, ledger.source_text(e.source))
        led.append((e, sources.short_name(e.source), _line(e, text)))
    bounds = []
    for name in BOUNDS_MODULES:
        mod = importlib.import_module(f"clickbound.bounds.{name}")
        for fn, ids in mod.SPEC_IDS.items():
            bounds.append((_relpath(mod.__name__), fn, tuple(ids)))
    policies = [(name, _relpath(cls.__module__), tuple(policy_registry.SPEC_IDS.get(name, ())))
                for name, cls in sorted(policy_registry.policies().items())]
    import pkgutil

    from clickbound.report.experiments import Experiment

    secs = []
    for m in sorted(pkgutil.iter_modules(report_sections.__path__), key=lambda m: m.name):
        if m.name.startswith("_"):
            continue
        mod = importlib.import_module(f"clickbound.report.sections.{m.name}")
        names = tuple(v.name for v in vars(mod).values() if isinstance(v, (report_sections.Section, Experiment)))
        secs.append((_relpath(mod.__name__), names or (m.name,), tuple(mod.SPEC_IDS)))
    return Index(claims=claims, module_of={c.id: registry.module_of(c.id) for c in claims}, errata=errs,
                 erratum_module={e.id: registry.erratum_module(e.id) for e in errs}, ledger=led,
                 bounds=bounds, policies=policies, sections=secs)


def build_project_index(project) -> Index:
    """The :class:`Index` of a project (:mod:`clickbound.project`): its claims, errata, ledger, declared bounds
    and registered policies (a project has no report sections of its own)."""
    from clickbound.report.project import ledger_entries
    from clickbound.sim.policies import registry as policy_registry

    claims = project.claims()
    errs = project.errata()
    claims_mod = project.modules.get("claims")
    paper = project.paper_file()
    text = paper.read_text(encoding="utf-8") if paper.is_file() else ""
    led = [(e, paper.name, _line(e, text)) for e in ledger_entries(project)]
    bmod = project.modules.get("bounds")  # None: no bounds.py, so no declared SPEC_IDS
    bounds = [(_relpath(bmod.__name__), fn, tuple(ids)) for fn, ids in getattr(bmod, "SPEC_IDS", {}).items()]
    policies = [(name, _relpath(cls.__module__), tuple(policy_registry.SPEC_IDS.get(name, ())))
                for name, cls in sorted(project.policies().items())]
    name = claims_mod.__name__ if claims_mod is not None else ""
    return Index(claims=claims, module_of={c.id: name for c in claims}, errata=errs,
                 erratum_module={e.id: name for e in errs}, ledger=led, bounds=bounds, policies=policies,
                 sections=[])


def explain(q: str, index: Index) -> dict:
    """Everything ``index`` holds about ``q`` (lists empty when nothing matches)."""
    by_id = {c.id: c for c in index.claims}
    errata_by_id = {e.id: e for e in index.errata}
    policy_ids = {n: ids for n, _, ids in index.policies}
    if q in errata_by_id:  # an erratum: its evidence claims (a claim family ID stands for its claims)
        ev = errata_by_id[q].evidence_claims
        claims = [c for c in index.claims if c.id in ev
                  or (c.spec_id in ev and c.spec_id not in by_id and c.expected is not False)]
        errs = [errata_by_id[q]]
    else:
        extra = set(policy_ids.get(q, ()))
        claims = [c for c in index.claims
                  if matches(c.id, q) or matches(c.spec_id, q) or (c.spec_id and c.spec_id in extra)]
        ids = {c.id for c in claims}
        errs = [e for e in index.errata
                if e.id == q or matches(e.spec_id, q) or any(x in ids for x in e.evidence_claims)]
    claim_ids = {c.id for c in claims}
    err_ids = {e.id for e in errs}
    # the IDs in play: the query, the matched claims' claim family IDs, the errata, a policy's own IDs
    in_play = {q} | {c.spec_id for c in claims if c.spec_id} | err_ids | set(policy_ids.get(q, ()))
    ledger_rows = [(e, short, line) for e, short, line in index.ledger
                   if claim_ids.intersection(e.claims) or err_ids.intersection(e.errata)
                   or any(matches(x, q) for x in e.claims)]
    bounds = [(f, fn, ids) for f, fn, ids in index.bounds if any(related(i, x) for i in ids for x in in_play)]
    named = {s for c in claims for s in _segments(c.id)[1:]}
    policies = [(n, f, ids) for n, f, ids in index.policies
                if n == q or n in named or any(related(i, x) for i in ids for x in in_play)]
    sections = [(f, names, ids) for f, names, ids in index.sections
                if any(related(i, x) for i in ids for x in in_play)]
    modules = sorted({index.module_of[c] for c in claim_ids} | {index.erratum_module[e] for e in err_ids})
    return {
        "id": q,
        "claims": [{"id": c.id, "spec_id": c.spec_id, "expected": c.expected, "source": c.source,
                    "module": _relpath(index.module_of[c.id])} for c in claims],
        "errata": [{"id": e.id, "spec_id": e.spec_id, "severity": e.severity, "source_file": e.source_file,
                    "location": e.location, "evidence_claims": list(e.evidence_claims), "module": _relpath(index.erratum_module[e.id])}
                   for e in errs],
        "ledger": [{"source": short, "file": e.source, "line": line, "verdict": e.verdict, "kind": e.kind,
                    "quote": _excerpt(e.quote), "claims": list(e.claims), "errata": list(e.errata)}
                   for e, short, line in ledger_rows],
        "bounds": [{"file": f, "function": fn, "ids": list(ids)} for f, fn, ids in bounds],
        "policies": [{"name": n, "file": f, "ids": list(ids)} for n, f, ids in policies],
        "sections": [{"file": f, "sections": list(names), "ids": list(ids)} for f, names, ids in sections],
        "modules": [{"module": m, "file": _relpath(m)} for m in modules],
    }


def _excerpt(quote: str) -> str:
    """The quote on one line, control characters escaped, cut to :data:`EXCERPT` characters."""
    one = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode() for ch in " ".join(quote.split()))
    return one if len(one) <= EXCERPT else one[: EXCERPT - 1] + "…"


def found_anything(result: dict) -> bool:
    return any(result[k] for k in ("claims", "errata", "ledger", "bounds", "policies", "sections"))


def close_matches(q: str, index: Index, n: int = 6) -> list[str]:
    known = index.known_ids()
    out = difflib.get_close_matches(q, sorted(known), n=n, cutoff=0.5)
    if not out:  # a stem typed in another case or a prefix of long IDs
        out = sorted(k for k in known if q.lower() in k.lower())[:n]
    return out


def run(args) -> int:
    from clickbound.report.project_args import project_of

    project = project_of(args)
    index = build_index() if project is None else build_project_index(project)
    result = explain(args.id, index)
    if not found_anything(result):
        close = close_matches(args.id, index)
        print(f"clickbound explain: no claim, claim family ID, erratum or policy matches {args.id!r}"
              + (f"; close matches: {', '.join(close)}" if close else ""), file=sys.stderr)
        return 2
    if not args.no_verdicts and result["claims"]:
        from clickbound import lemmas
        from clickbound.integers import decide

        for row in result["claims"]:
            v = decide(lemmas.get(row["id"]), budget_s=args.budget)
            row["verdict"] = {"status": v.status, "scope": v.scope, "scope_text": v.scope_text,
                              "method": v.method, "matches_expectation": v.matches_expectation}
    if args.json:
        json.dump(result, sys.stdout, indent=1, ensure_ascii=False, default=str)
        print()
        return 0
    print(render_text(result))
    return 0


def render_text(r: dict) -> str:
    out = [f"{r['id']}"]

    def block(title, rows):
        out.append(f"\n{title} ({len(rows)})")
        out.extend(f"  {x}" for x in rows) if rows else out.append("  —")

    block("claims", [f"{c['id']:44s} {c['verdict']['scope_text'] if 'verdict' in c else ''}  [{c['module']}]"
                     .rstrip() for c in r["claims"]])
    block("errata", [f"{e['id']:36s} {e['severity'] or 'ungraded':12s} {e['location'][:48]}  [{e['module']}]"
                     for e in r["errata"]])
    block("ledger entries", [f"{x['source']}:{x['line']}  {x['verdict']:13s} {x['quote']}" for x in r["ledger"]])
    block("bound functions", [f"{b['file']}:{b['function']}  ({', '.join(b['ids'])})" for b in r["bounds"]])
    block("policies", [f"{p['name']:32s} {p['file']}" for p in r["policies"]])
    block("report sections", [f"{s['file']}  ({', '.join(s['sections'])})" for s in r["sections"]])
    block("modules", [m["file"] for m in r["modules"]])
    return "\n".join(out)


def bound_functions() -> list[tuple[str, str]]:
    """Every public function of the bounds modules that returns a ``BoundResult`` or is declared."""
    from clickbound.bounds.result import BoundResult

    out = []
    for name in BOUNDS_MODULES:
        mod = importlib.import_module(f"clickbound.bounds.{name}")
        for fn, f in vars(mod).items():
            if inspect.isfunction(f) and f.__module__ == mod.__name__ and not fn.startswith("_"):
                ann = inspect.signature(f).return_annotation
                if ann in (BoundResult, "BoundResult") or fn in mod.SPEC_IDS:
                    out.append((mod.__name__, fn))
    return out
