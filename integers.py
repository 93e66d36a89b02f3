"""Claims over integer parameters (K positions, n rounds, L items), decided through :func:`clickbound.lemmas.check`.

The engine decides a relation over a closed real box; an integer parameter is handled here, by
new code that builds ordinary claims and calls ``check`` on them (nothing of the engine changes):

* :class:`IntegerClaim` — ``IntegerClaim(id, statement, domain, integers={K: (1, 6)})``: every value of
  every integer parameter in its stated finite range is an instance (a :class:`~clickbound.lemmas.Claim`
  with the value substituted), each decided by ``check``.  All proved → ``proved (instances: K = 1..6)``;
  one refuted → ``refuted`` with that instance's counterexample and the value of ``K``.
* :class:`Induction` — for every value ``K ≥ start``: the base case and the step are two checked claims.
  The step is stated over real stand-ins for the parts of the statement that depend on ``K``
  (``link={x: ((1 - p)**(K - 1), (0, 1))}``) with their recurrence (``recurrence={x: (1 - p)*x}``, the
  value at ``K + 1`` from the value at ``K``).  Checked: the recurrence is an identity for integer ``K``
  (sympy, recorded as a proof step); the statement at ``start``; each stand-in stays in its box (at
  ``start``, and from ``K`` to ``K + 1`` given the box); the step ``P(K) ⇒ P(K + 1)`` with ``P`` written
  in the stand-ins (the hypothesis is an assumption of the step claim).  All proved →
  ``proved (every parameter)``, scope detail ``every K ≥ 1, by induction``.
"""
from __future__ import annotations

import itertools
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import sympy as sp

from clickbound.lemmas import Claim, Verdict, check


def _range_text(integers: Mapping) -> str:
    return ", ".join(f"{k} = {lo}..{hi}" if lo != hi else f"{k} = {lo}" for k, (lo, hi) in integers.items())


@dataclass(frozen=True)
class IntegerClaim:
    """A claim quantified over integer parameters on finite ranges (module docstring)."""

    id: str
    statement: Any
    domain: Mapping[Any, tuple[Any, Any]]
    integers: Mapping[Any, tuple[int, int]]
    assumptions: Sequence[Any] = ()
    source: str = ""
    spec_id: str | None = None
    kind: str = "inequality"
    expected: bool | None = None
    description: str = ""

    def __post_init__(self):
        if not self.integers:
            raise ValueError(f"{self.id}: an IntegerClaim needs at least one integer parameter")
        for k, rng in self.integers.items():
            lo, hi = rng
            if int(lo) != lo or int(hi) != hi or lo > hi:
                raise ValueError(f"{self.id}: integer range of {k} must be lo <= hi integers, got {rng!r}")
            if k in self.domain:
                raise ValueError(f"{self.id}: {k} is both an integer parameter and a real box")

    def text(self) -> str:
        s = sp.sstr(self.statement)
        if self.assumptions:
            s += "  given  " + ", ".join(sp.sstr(a) for a in self.assumptions)
        return s + f"  for {_range_text(self.integers)}"

    def instances(self) -> list[tuple[dict, Any]]:
        """``(values, claim or exact truth value)`` for every combination of the integer values."""
        keys = list(self.integers)
        out = []
        for vals in itertools.product(*(range(int(lo), int(hi) + 1) for lo, hi in self.integers.values())):
            sub = dict(zip(keys, (sp.Integer(v) for v in vals)))
            st = self.statement.subs(sub)
            asm = [a.subs(sub) for a in self.assumptions]
            if any(a is sp.false for a in asm):
                continue  # the assumptions exclude this value: nothing to decide
            asm = [a for a in asm if a is not sp.true]
            if st in (sp.true, sp.false) and not asm:
                out.append((dict(zip(keys, vals)), bool(st)))
                continue
            used = set().union(*(getattr(r, "free_symbols", set()) for r in (st, *asm)))
            dom = {s: b for s, b in self.domain.items() if s in used}
            tag = ",".join(f"{k}={v}" for k, v in zip(keys, vals))
            out.append((dict(zip(keys, vals)), Claim(id=f"{self.id}[{tag}]", statement=st, domain=dom,
                                                     assumptions=tuple(asm), source=self.source,
                                                     spec_id=self.spec_id or self.id, kind=self.kind,
                                                     expected=self.expected)))
        if not out:
            raise ValueError(f"{self.id}: the assumptions exclude every value of {_range_text(self.integers)}")
        return out


def _labels(values: Mapping) -> dict:
    return {str(k): int(v) for k, v in values.items()}


def _verdict(obj, status, method, t0, evidence, counterexample=None, notes=(), scope=None, detail="",
             tried=()) -> Verdict:
    return Verdict(claim_id=obj.id, status=status, method=method, elapsed_s=time.perf_counter() - t0,
                   evidence=evidence, counterexample=counterexample, expected=obj.expected,
                   spec_id=obj.spec_id, source=obj.source, statement=obj.text(), notes=tuple(notes),
                   methods_tried=tuple(tried) or (method,), scope=scope, scope_detail=detail)


def check_instances(claim: IntegerClaim, budget_s: float = 20.0, *, seed: int = 0) -> Verdict:
    """Decide every instance of ``claim`` (module docstring); ``budget_s`` is split over the instances
    (at least 2 s each)."""
    t0 = time.perf_counter()
    inst = claim.instances()
    each = max(budget_s / len(inst), 2.0)
    rows, verdicts = [], []
    for vals, c in inst:
        if isinstance(c, bool):
            rows.append({"values": _labels(vals), "status": "proved" if c else "refuted",
                         "method": "exact evaluation", "statement": "True" if c else "False"})
            verdicts.append((vals, None, "proved" if c else "refuted"))
            continue
        v = check(c, budget_s=each, seed=seed)
        rows.append({"values": _labels(vals), **v.as_dict()})
        verdicts.append((vals, v, v.status))
    detail = _range_text(claim.integers)
    evidence = {"instances": rows, "instance_budget_s": each}
    refuted = [(vals, v) for vals, v, s in verdicts if s == "refuted"]
    if refuted:
        vals, v = refuted[0]
        cex = {**{sp.Symbol(str(k)): int(x) for k, x in vals.items()},
               **(dict(v.counterexample) if v is not None and v.counterexample else {})}
        return _verdict(claim, "refuted", "instances", t0, evidence, cex,
                        notes=(f"refuted at {_labels(vals)} ({len(refuted)} of {len(verdicts)} instances refuted)",))
    statuses = [s for _, _, s in verdicts]
    if all(s == "proved" for s in statuses):
        return _verdict(claim, "proved", "instances", t0, evidence, scope="instances", detail=detail)
    if all(s in ("proved", "argued") for s in statuses):  # a proof resting on argued (text) steps somewhere
        evidence["argued"] = [f"{_labels(vals)}: {a}" for vals, v, s in verdicts if s == "argued"
                              for a in (v.evidence.get("argued") or ["argued, see this instance's verdict"])]
        return _verdict(claim, "argued", "instances", t0, evidence, scope="instances", detail=detail)
    if all(s in ("proved", "checked") for s in statuses):
        return _verdict(claim, "checked", "instances", t0, evidence,
                        detail=f"{detail}: {statuses.count('proved')} proved, {statuses.count('checked')} checked")
    open_ = [_labels(vals) for vals, _v, s in verdicts if s not in ("proved", "checked")]
    return _verdict(claim, "survived", "instances", t0, evidence,
                    notes=(f"not proved at {open_} (see each instance's search)",))


@dataclass(frozen=True)
class Induction:
    """``predicate`` holds for every integer ``param ≥ start`` (module docstring)."""

    id: str
    predicate: Any
    param: Any
    start: int
    domain: Mapping[Any, tuple[Any, Any]]
    link: Mapping[Any, tuple[Any, tuple[Any, Any]]]
    recurrence: Mapping[Any, Any]
    assumptions: Sequence[Any] = ()
    source: str = ""
    spec_id: str | None = None
    kind: str = "inequality"
    expected: bool | None = None
    description: str = ""

    def text(self) -> str:
        s = sp.sstr(self.predicate)
        if self.assumptions:
            s += "  given  " + ", ".join(sp.sstr(a) for a in self.assumptions)
        return s + f"  for every integer {self.param} >= {self.start}"

    def _part(self, name, statement, domain, assumptions):
        """A part's claim on the symbols it uses, or the truth value when it has none left."""
        asm = [a for a in assumptions if a is not sp.true]
        if isinstance(statement, sp.logic.boolalg.BooleanAtom) and not asm:
            return statement
        used = set().union(*(getattr(r, "free_symbols", set()) for r in (statement, *asm)))
        return Claim(id=f"{self.id}/{name}", statement=statement, domain={k: v for k, v in domain.items() if k in used},
                     assumptions=tuple(asm), source=self.source, spec_id=self.spec_id or self.id)

    def parts(self) -> dict:
        """The checked claims: ``base``, ``range/<x>/base``, ``range/<x>/step/{lo,hi}``, ``step``; and the
        recurrence identities (``ValueError`` if one fails or the predicate is not written in the stand-ins)."""
        K = self.param
        if set(self.link) != set(self.recurrence):
            raise ValueError(f"{self.id}: link and recurrence must name the same stand-ins")
        Ki = sp.Symbol(f"{K.name}_int", integer=True, nonnegative=self.start >= 0)
        identities = []
        for x, (e, _box) in self.link.items():
            nxt = e.subs(K, Ki + 1)
            via = self.recurrence[x].xreplace({y: self.link[y][0].subs(K, Ki) for y in self.link})
            # powsimp(force=True): a^m·a^n = a^(m+n), valid here as the exponents are integers
            diff = sp.simplify(sp.powsimp(nxt - via, force=True))
            if diff != 0:
                raise ValueError(f"{self.id}: the recurrence {x} -> {self.recurrence[x]} does not give "
                                 f"{sp.sstr(e)} at {K} + 1 (difference {sp.sstr(diff)})")
            identities.append((f"{x}({K}+1) = {sp.sstr(self.recurrence[x])} with {x}({K}) = {sp.sstr(e)}",
                               f"{sp.sstr(nxt)} - ({sp.sstr(via)}) simplifies to 0 for integer {K}"))
        to_x = {e: x for x, (e, _b) in self.link.items()}
        pred_x = self.predicate.xreplace(to_x)
        asm_x = [a.xreplace(to_x) for a in self.assumptions]
        left = [r for r in (pred_x, *asm_x) if K in r.free_symbols]
        if left:
            raise ValueError(f"{self.id}: after replacing the linked parts the statement still depends on {K} "
                             f"({sp.sstr(left[0])}); link every part that depends on {K}")
        boxes = {x: box for x, (_e, box) in self.link.items()}
        start = sp.Integer(self.start)
        mk = self._part
        parts = {"base": mk(f"base[{K}={self.start}]", self.predicate.subs(K, start), self.domain,
                            [a.subs(K, start) for a in self.assumptions])}
        for x, (e, (lo, hi)) in self.link.items():
            e0 = e.subs(K, start)
            for side, rel in (("lo", sp.Ge(e0, lo)), ("hi", sp.Le(e0, hi))):
                parts[f"range/{x}/base/{side}"] = mk(f"range/{x}/base/{side}", rel, self.domain, ())
            r = self.recurrence[x]
            for side, rel in (("lo", sp.Ge(r, lo)), ("hi", sp.Le(r, hi))):
                parts[f"range/{x}/step/{side}"] = mk(f"range/{x}/step/{side}", rel, {**self.domain, **boxes}, ())
        parts["step"] = mk("step", pred_x.xreplace(dict(self.recurrence)), {**self.domain, **boxes},
                           [pred_x, *asm_x])
        return {"claims": parts, "identities": identities}


def check_induction(ind: Induction, budget_s: float = 20.0, *, seed: int = 0) -> Verdict:
    """Decide the base case, the stand-ins' ranges and the step (module docstring)."""
    t0 = time.perf_counter()
    p = ind.parts()
    rows, statuses = {}, {}
    for name, c in p["claims"].items():
        if isinstance(c, sp.logic.boolalg.BooleanAtom):
            statuses[name] = "proved" if c is sp.true else "refuted"
            rows[name] = {"status": statuses[name], "method": "exact evaluation"}
            continue
        v = check(c, budget_s=budget_s, seed=seed)
        statuses[name] = v.status
        rows[name] = v.as_dict()
    evidence = {"proof": {"summary": f"induction on {ind.param} >= {ind.start}",
                          "steps": [{"step": d, "checked": c} for d, c in p["identities"]]
                          + [{"step": n, "checked": f"{rows[n]['status']} ({rows[n]['method']})"} for n in rows]},
                "parts": rows}
    detail = f"every {ind.param} >= {ind.start}, by induction"
    if all(s == "proved" for s in statuses.values()):
        return _verdict(ind, "proved", f"induction on {ind.param}", t0, evidence, scope="all", detail=detail)
    if all(s in ("proved", "argued") for s in statuses.values()):  # some part rests on argued (text) steps
        evidence["argued"] = [f"{n}: {a}" for n, s in statuses.items() if s == "argued"
                              for a in (rows[n].get("evidence", {}).get("argued") or ["argued, see this part"])]
        return _verdict(ind, "argued", f"induction on {ind.param}", t0, evidence, scope="all", detail=detail)
    if statuses["base"] == "refuted":
        cex = rows["base"].get("counterexample") or {}
        return _verdict(ind, "refuted", f"induction on {ind.param} (base case)", t0, evidence,
                        {sp.Symbol(str(ind.param)): ind.start, **{sp.Symbol(k): v for k, v in cex.items()}},
                        notes=(f"the statement fails at {ind.param} = {ind.start}",))
    open_ = [n for n, s in statuses.items() if s != "proved"]
    return _verdict(ind, "survived", f"induction on {ind.param} (incomplete)", t0, evidence,
                    notes=((f"the induction does not go through: {', '.join(f'{n} {statuses[n]}' for n in open_)}; "
                            "no counterexample to the statement itself was found"),))


def decide(obj, budget_s: float = 20.0, *, seed: int = 0) -> Verdict:
    """``check`` for every claim shape: an :class:`IntegerClaim`, an :class:`Induction`, or what ``check`` takes."""
    if isinstance(obj, IntegerClaim):
        return check_instances(obj, budget_s, seed=seed)
    if isinstance(obj, Induction):
        return check_induction(obj, budget_s, seed=seed)
    from clickbound import lemmas  # looked up at call time (tests and callers may replace it)

    return lemmas.check(obj, budget_s=budget_s, seed=seed)
