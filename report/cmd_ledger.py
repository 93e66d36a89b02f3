"""The source ledger: per-source entry counts by verdict and coverage of displayed items.

``clickbound ledger`` prints, for each source, how many entries the ledger has in each
verdict and how many of the source's displayed formulas (or, for the blog, functions and
classes) lie under at least one entry.

* ``--source NAME`` limits it to one source (``dcm``, ``000`` or the file name);
* ``--entries`` lists the entries themselves (kind, verdict, quote, cited claims and
  errata); ``--status VERDICT`` and ``--kind KIND`` filter them (and imply ``--entries``);
* ``--uncovered`` lists the displayed items no entry covers yet (or says none is);
* ``--json`` prints the entries (source, quote, kind, verdict, claims, errata, note, and on
  every ``erratum`` entry the ``severity`` of the errata it cites — the worst of them) for other
  tools, with the same filters; each "verified" entry also lists ``rests_on_argued``: the claims it
  cites whose verdict is ``argued`` (proved up to prose steps nothing checks), for which the claims
  those entries cite are decided (``--budget`` seconds each).

Text fits the terminal (100 columns when the output is not one; ``--width N``).
"""
from __future__ import annotations

import json
import sys

from clickbound.report import filters
from clickbound.report.project_args import add_project_argument, project_of

#: the ledger's entry verdicts and kinds (``clickbound.lemmas.ledger.VERDICTS`` / ``KINDS``; a test
#: keeps them equal), here so that ``--help`` and bad values need not load the ledger
VERDICTS = ("verified", "erratum", "gap", "definition", "open", "not-checkable")
KINDS = ("definition", "statement", "proof-step", "algorithm", "code", "experiment", "remark")


def add_arguments(p):
    filters.add_source(p, "entries")
    p.add_argument("--status", metavar="VERDICT", type=filters.choice("verdict", VERDICTS),
                   help="only entries of this verdict: " + ", ".join(VERDICTS))
    p.add_argument("--kind", metavar="KIND", type=filters.choice("kind", KINDS),
                   help="only entries of this kind: " + ", ".join(KINDS))
    p.add_argument("--entries", action="store_true", help="list the entries (implied by --status, --kind)")
    p.add_argument("--uncovered", action="store_true", help="list displayed items no entry covers")
    filters.add_width(p)
    p.add_argument("--json", action="store_true",
                   help="print the entries as JSON (verified entries: rests_on_argued, deciding their claims)")
    p.add_argument("--budget", type=float, default=20.0, metavar="S",
                   help="seconds per claim when --json decides the claims verified entries cite (default 20)")
    p.add_argument("--seeds", metavar="DIR",
                   help="folder holding the source texts (default: the copy shipped with the package)")
    add_project_argument(p)


def _name(file: str) -> str:
    from clickbound import sources

    return sources.short_name(file) if file in sources.BY_FILE else file


def _entries(args) -> list:
    from clickbound.lemmas import ledger

    return [e for e in ledger.entries(args.source)
            if (args.status is None or e.verdict == args.status) and (args.kind is None or e.kind == args.kind)]


def _cited_verdicts(ents, budget_s: float) -> dict:
    """Claim ID → Verdict for every claim a "verified" entry of ``ents`` cites (decided here)."""
    from clickbound import lemmas
    from clickbound.report.claims_table import decide_catalogue

    ids = list(dict.fromkeys(c for e in ents if e.verdict == "verified" for c in e.claims))
    known = {c.id: c for c in lemmas.catalogue()}
    claims = [known[c] for c in ids if c in known]
    if not claims:
        return {}
    return {v.claim_id: v for v in decide_catalogue(budget_s=budget_s, progress=False, claims=claims)}


def kernel_counts(sources) -> dict:
    """Per source file: ``(kernel-checked claims, Coq-tagged claims)`` among the claims its ledger entries
    cite (:func:`clickbound.proofs.kernel_checked`; the build is cached, so this is cheap after the first
    run; without ``coqc`` nothing is kernel-checked and the tagged count says what would be)."""
    from clickbound import proofs
    from clickbound.lemmas import ledger

    status = proofs.kernel_status()
    tagged = proofs.registry()
    out = {}
    for name in sources:
        cited = {c for e in ledger.entries(name) for c in e.claims if c in tagged}
        out[name] = (sum(1 for c in cited if c in status and status[c].ok), len(cited))
    return out


def kernel_lines(summ, width) -> list[str]:
    from clickbound.proofs.build import coqc
    from clickbound.report import termtable

    counts = kernel_counts(list(summ))
    text = "; ".join(f"{_name(n)} {ok} of {tagged}" for n, (ok, tagged) in counts.items())
    head = "claims the ledger cites that the Coq kernel checked (of those with a tagged Coq theorem)"
    if coqc() is None:
        head += " — coqc is not installed here (apt-get install coq libcoq-interval libcoq-coquelicot)"
    return termtable.wrap(f"{head}: {text}", width)


def run(args) -> int:
    project = project_of(args)
    if project is not None:  # the project's ledger.toml over its paper.txt (clickbound.report.project)
        from clickbound.report.project import run_ledger

        return run_ledger(args, project)
    from clickbound.lemmas import ledger
    from clickbound.report import termtable

    if args.json:
        from clickbound import lemmas
        from clickbound.lemmas.ledger.rules import entry_severity

        by_id = {x.id: x for x in lemmas.errata()}
        ents = _entries(args)
        verdicts = _cited_verdicts(ents, args.budget)
        recs = [{**e.as_dict(verdicts), **({"severity": entry_severity(e, by_id)} if e.verdict == "erratum" else {})}
                for e in ents]
        json.dump(recs, sys.stdout, indent=1, ensure_ascii=False)
        print()
        return 0
    width = termtable.terminal_width(args.width)
    out: list[str] = []
    if args.entries or args.status or args.kind:
        ents = _entries(args)
        if not ents:
            out += filters.empty_lines("ledger entry", args, width=width)
        else:
            rows = [[_name(e.source), e.kind, e.verdict, " ".join(e.quote.split()),
                     ", ".join((*e.claims, *e.errata))] for e in ents]
            lines, hidden, full = termtable.table(
                ["source", "kind", "verdict", "quote", "claims / errata cited"], rows, width,
                minimum={"source": 14, "kind": 10, "verdict": 13, "quote": 36, "claims / errata cited": 19},
                droppable=("claims / errata cited",))
            out += lines + [""] + termtable.wrap(f"{len(ents)} entries", width)
            out += filter(None, [termtable.hidden_columns_line(hidden, full)])
    else:
        summ = ledger.summary(args.source, args.seeds)
        cols = ["source", "entries", *ledger.VERDICTS, "covered (displayed items)"]
        rows = [[_name(name), *(str(s[c]) for c in ("entries", *ledger.VERDICTS)),
                 f"{s['items_covered']}/{s['items']} ({100 * s['coverage']:.0f} %)"] for name, s in summ.items()]
        lines, hidden, full = termtable.table(cols, rows, width, right=tuple(cols[1:]),
                                              minimum={"source": 14, cols[-1]: 15},
                                              droppable=tuple(ledger.VERDICTS))
        out += lines + list(filter(None, [termtable.hidden_columns_line(hidden, full)]))
        out += [""] + kernel_lines(summ, width)
    if args.uncovered:
        out.append("")
        for name in ([args.source] if args.source else list(ledger.SOURCES)):
            items = [it for it in ledger.coverage(name, args.seeds) if not it.covered_by]
            if not items:
                out += termtable.wrap(f"every displayed item of {_name(name)} is covered", width)
                continue
            out += termtable.wrap(f"{_name(name)}: {len(items)} displayed item(s) no entry covers", width)
            for it in items:
                out += termtable.labelled(f"line {it.line}", " ".join(it.text.split()), width, label_width=10)
    print("\n".join(out))
    return 0
