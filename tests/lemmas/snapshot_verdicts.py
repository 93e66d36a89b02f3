"""The verdict snapshot: every claim's verdict, every erratum and every ledger entry, as data.

What it computes is what the command line prints: ``clickbound claims --json`` (every registered
claim decided by :func:`clickbound.lemmas.check` at the default budget of 20 s, as
:func:`clickbound.report.claims_table.decide_catalogue` does), ``clickbound errata --json`` and
``clickbound ledger --json``.  Per claim it keeps the fields that make the verdict
(:data:`VERDICT_FIELDS`; not the elapsed time, not the evidence record, whose search counts
depend on the clock).

The golden file ``tests/lemmas/data/verdicts.json`` is written only by running this module
deliberately::

    .venv/bin/python tests/lemmas/snapshot_verdicts.py --write [--workers 2]

``tests/lemmas/test_verdict_snapshot.py`` recomputes the snapshot and compares it with the
golden file exactly.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
from pathlib import Path

# the golden file is the same on machines with and without coqc: no kernel promotion of argued proofs
# (``lemmas/engine/check.py``; tests/conftest.py sets the same for the test that compares with it)
os.environ.setdefault("CLICKBOUND_KERNEL", "0")

#: the golden file the snapshot test compares with
GOLDEN = Path(__file__).parent / "data" / "verdicts.json"
#: the budget ``clickbound claims`` uses by default (seconds per claim)
BUDGET_S = 20.0
#: the fields of ``Verdict.as_dict()`` that make a verdict (elapsed time and evidence left out)
VERDICT_FIELDS = ("status", "scope", "scope_detail", "method", "expected", "counterexample", "source",
                  "spec_id", "statement", "notes")


def _json_roundtrip(obj):
    """``obj`` as the command line's JSON would give it back (tuples as lists, odd values as str)."""
    return json.loads(json.dumps(obj, default=str, ensure_ascii=False))


def verdict_record(verdict) -> dict:
    """The verdict-making fields of one verdict, as JSON data."""
    d = verdict.as_dict()
    return _json_roundtrip({k: d[k] for k in VERDICT_FIELDS})


def errata_records() -> dict:
    """``{erratum id: record}`` as ``clickbound errata --json`` prints each erratum."""
    from clickbound import lemmas

    return {e.id: _json_roundtrip(dataclasses.asdict(e)) for e in lemmas.errata()}


def ledger_records(verdicts=None) -> list:
    """Every ledger entry as ``clickbound ledger --json`` prints it, in ledger order (with ``verdicts``,
    the "verified" entries' ``rests_on_argued``)."""
    from clickbound.lemmas import ledger

    by_id = None if verdicts is None else {v.claim_id: v for v in verdicts}
    return _json_roundtrip([e.as_dict(by_id) for e in ledger.entries()])


#: the verdict fields a claim's registration alone fixes (compared without deciding anything)
REGISTRATION_FIELDS = ("source", "spec_id", "statement", "expected")


def registration_records() -> dict:
    """``{claim id: record}`` of :data:`REGISTRATION_FIELDS`, from the registered claims alone (no claim
    decided: seconds, so a mechanical change to how claims are built is checked at once)."""
    from clickbound import lemmas

    return {c.id: _json_roundtrip({"source": c.source, "spec_id": c.spec_id, "statement": c.text(),
                                   "expected": c.expected}) for c in lemmas.catalogue()}


def registration_differences(golden: dict) -> list[str]:
    """The claims whose registration differs from the golden file's record of it."""
    now = registration_records()
    out = [f"claims: {k} missing now" for k in sorted(set(golden["claims"]) - set(now))]
    out += [f"claims: {k} new (not in the golden file)" for k in sorted(set(now) - set(golden["claims"]))]
    for k in sorted(set(now) & set(golden["claims"])):
        g = {f: golden["claims"][k].get(f) for f in REGISTRATION_FIELDS}
        if g != now[k]:
            out.append(f"claims: {k} registered differently: "
                       + "; ".join(f"{f}: {g[f]!r} -> {now[k][f]!r}" for f in REGISTRATION_FIELDS if g[f] != now[k][f]))
    return out


def snapshot(verdicts) -> dict:
    """The whole snapshot from the catalogue's verdicts (any order; keyed by claim ID)."""
    verdicts = list(verdicts)
    return {"claims": {v.claim_id: verdict_record(v) for v in verdicts},
            "errata": errata_records(), "ledger": ledger_records(verdicts)}


def load_golden() -> dict:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


#: fields of a refuted claim that record the path to the refutation, not the verdict
PATH_FIELDS = ("method", "counterexample")


def differences(golden: dict, now: dict) -> list[str]:
    """Human-readable differences: claim IDs / erratum IDs / ledger positions that differ."""
    out = []
    for part in ("claims", "errata"):
        g, n = golden[part], now[part]
        out += [f"{part}: {k} missing now" for k in sorted(set(g) - set(n))]
        out += [f"{part}: {k} new (not in the golden file)" for k in sorted(set(n) - set(g))]
        for k in sorted(set(g) & set(n)):
            if g[k] != n[k]:
                fields = sorted(f for f in set(g[k]) | set(n[k]) if g[k].get(f) != n[k].get(f))
                if part == "claims" and g[k].get("status") == n[k].get("status") == "refuted":
                    # two exact refutations (each re-verified in exact or certified arithmetic) may reach
                    # different counterexamples by different methods when the time budget decides which
                    # method finishes first on a loaded machine; the verdict is the same
                    fields = [f for f in fields if f not in PATH_FIELDS]
                    if not fields:
                        continue
                out.append(f"{part}: {k} differs in {fields}: "
                           + "; ".join(f"{f}: {g[k].get(f)!r} -> {n[k].get(f)!r}" for f in fields)[:400])
    g, n = golden["ledger"], now["ledger"]
    if len(g) != len(n):
        out.append(f"ledger: {len(g)} entries in the golden file, {len(n)} now")
    out += [f"ledger: entry {i} ({a.get('source')}) differs" for i, (a, b) in enumerate(zip(g, n)) if a != b]
    return out


def compare_module(prefix: str) -> int:
    """Decide the claims of the modules under ``prefix`` (one process, default budget) and print how their
    verdict records differ from the golden file's; 0 when none differs."""
    from clickbound import lemmas
    from clickbound.lemmas import check
    from clickbound.lemmas.engine.registry import module_of

    golden = load_golden()["claims"]
    ids = [c.id for c in lemmas.catalogue() if module_of(c.id).startswith(prefix)]
    if not ids:
        print(f"no claim is registered by a module under {prefix!r}")
        return 1
    now = {"claims": {}, "errata": {}, "ledger": []}
    for i, cid in enumerate(ids, 1):
        now["claims"][cid] = verdict_record(check(lemmas.get(cid), budget_s=BUDGET_S))
        print(f"\r{i}/{len(ids)} {cid[:60]:60}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    sub = {"claims": {k: golden[k] for k in ids if k in golden}, "errata": {}, "ledger": []}
    diffs = differences(sub, now)
    print("\n".join(diffs) or f"{len(ids)} claims of {prefix}: verdicts identical to the golden file")
    return 1 if diffs else 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--write", action="store_true", help=f"write the golden file {GOLDEN}")
    p.add_argument("--out", help="write the snapshot here instead (to compare by hand)")
    p.add_argument("--workers", type=int, default=1, help="processes deciding claims (default 1)")
    p.add_argument("--registration", action="store_true",
                   help="compare only what the registrations fix (source, spec_id, statement, expected) with "
                        "the golden file, deciding nothing (seconds); exit 1 on a difference")
    p.add_argument("--module", metavar="PREFIX",
                   help="decide only the claims registered by modules whose dotted name starts with PREFIX "
                        "(e.g. clickbound.lemmas.depth) and compare them with the golden file; exit 1 on a difference")
    args = p.parse_args(argv)
    if args.module:
        return compare_module(args.module)
    if args.registration:
        diffs = registration_differences(load_golden())
        print("\n".join(diffs) or f"registrations identical ({len(load_golden()['claims'])} claims)")
        return 1 if diffs else 0
    if not (args.write or args.out):
        p.error("say --write (regenerate the golden file) or --out FILE")
    from clickbound.report.claims_table import decide_catalogue

    snap = snapshot(decide_catalogue(budget_s=BUDGET_S, progress=True, workers=args.workers))
    path = GOLDEN if args.write else Path(args.out)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(snap, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(snap['claims'])} claims, {len(snap['errata'])} errata, {len(snap['ledger'])} ledger entries"
          f" -> {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
