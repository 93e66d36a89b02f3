"""Kernel-checked proofs (Coq) of catalogue claims: ``clickbound.proofs``.

The Coq files are ``proofs/coq/*.v`` (logical path ``Clickbound``: ``From Clickbound Require Import
Cascade.``).  A theorem that proves catalogue claims carries, on the lines right before it, a tag block::

    (*! claim DCM-L2 DCM-L2[K=2] *)      claim IDs exactly as registered (required)
    (*! args x* y* p *)                 how a registered sympy instance maps onto the theorem's arguments
    (*! bridge TACTIC *)                optional: the glue tactic for the instance goals (default cb_glue)
    (*! noinstance TEXT *)              why a claim has no generated instance goal
    Theorem dcm_lemma2 : forall ...

A theorem that *refutes* a claim registered as expected to fail carries ``(*! refutes ID … *)`` instead of
(or besides) ``claim``: its statement is the negation of the claim (at the counterexample, or on the whole
registered box); :func:`refutations` lists them and :func:`kernel_refuted` checks them like
:func:`kernel_checked`.  For a refuted sympy claim ``args`` and ``bridge`` mean the same as above, and the
generated goal is "the registered statement is false at every point of the registered box"
(:func:`clickbound.proofs.faithful.refutation_theorem`).

A statement written with binders before the colon (``Theorem t (x y : R) : x < y -> …``) is recorded in
the ``forall`` form (``forall (x y : R), x < y -> …``), so both styles read alike.

:func:`registry` parses those tags (claim ID → :class:`Tagged`: file, theorem, Coq statement text);
:func:`kernel_checked` adds whether the build (``clickbound.proofs.build``) compiled every file and which
axioms ``Print Assumptions`` reports for the theorem.  The build globs every ``proofs/coq/*.v``; nothing
here keeps a hand list of files.

``args`` tokens: ``x*`` is the list ``[x1; …; xK]`` of the claim's symbols ``x1 … xK``; ``x*f`` the
function ``fun k => nth k [x1; …; xK] 0`` (a sequence indexed from 0); ``#K`` the natural number K
(the length of the first list token); any other token is a scalar symbol of that name.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

COQ_DIR = Path(__file__).resolve().parent / "coq"
LOGICAL_ROOT = "Clickbound"

#: what ``Print Assumptions`` may list for a kernel-checked claim: the axioms of Coq 8.16's standard
#: real numbers (``Reals``: classical Dedekind reals) and functional extensionality, which they use.
ALLOWED_AXIOMS = frozenset({
    "ClassicalDedekindReals.sig_forall_dec",
    "ClassicalDedekindReals.sig_not_dec",
    "FunctionalExtensionality.functional_extensionality_dep",
    # the excluded middle of the standard library (Coq.Logic.Classical_Prop): the standard library's own
    # mean value theorem (Reals.MVT) and the derivative of ln rest on it, so every proof through a
    # derivative of ln or exp lists it (KL.v, Concentration.v, UCB1.v)
    "Classical_Prop.classic",
})

_TAG = re.compile(r"\(\*!\s*(\w[\w-]*)\s+(.*?)\s*\*\)\s*$")
_THM = re.compile(r"^\s*(Theorem|Lemma|Corollary|Proposition|Fact)\s+([A-Za-z_][A-Za-z0-9_']*)\s*(.*)$")
FORBIDDEN = re.compile(r"\b(Admitted|admit|Axiom|Axioms|Parameter|Parameters|Conjecture|Hypothesis|Variable)\b")


@dataclass(frozen=True)
class Tagged:
    """One tagged theorem: where it is and what it states."""

    file: str            # path relative to the package root, e.g. "proofs/coq/DCM.v"
    module: str          # Coq module (file stem), e.g. "DCM"
    theorem: str
    statement: str       # the Coq statement text (after the colon, before "Proof.")
    claims: tuple[str, ...]
    refutes: tuple[str, ...] = ()
    args: tuple[str, ...] = ()
    bridge: str | None = None
    noinstance: str | None = None
    line: int = 0

    @property
    def qualified(self) -> str:
        return f"{LOGICAL_ROOT}.{self.module}.{self.theorem}"


@dataclass(frozen=True)
class KernelProof:
    """A claim's kernel-checked proof: the tagged theorem, whether the whole build compiled, and the
    axioms ``Print Assumptions`` lists (``None`` when no build was possible, e.g. no ``coqc``)."""

    claim_id: str
    file: str
    theorem: str
    statement: str
    build_ok: bool
    axioms: tuple[str, ...] | None = None
    reason: str = ""
    extra: dict = field(default_factory=dict)

    @property
    def vouched_by(self) -> str:
        return f"kernel: coq {self.file}:{self.theorem}"

    @property
    def ok(self) -> bool:
        return self.build_ok and self.axioms is not None and set(self.axioms) <= ALLOWED_AXIOMS


def coq_files() -> list[Path]:
    """Every ``proofs/coq/*.v`` file, sorted."""
    return sorted(COQ_DIR.glob("*.v"))


def _strip_comments(text: str) -> str:
    """Coq source without comments (nested ``(* … *)``), for the forbidden-word scan."""
    out, depth, i = [], 0, 0
    while i < len(text):
        if text.startswith("(*", i):
            depth += 1
            i += 2
        elif text.startswith("*)", i) and depth:
            depth -= 1
            i += 2
        else:
            if not depth:
                out.append(text[i])
            i += 1
    return "".join(out)


def forbidden_words(path: Path) -> list[str]:
    """``Admitted``, ``admit``, ``Axiom``, ``Parameter``, … outside comments (each ``file:line: word``)."""
    code = _strip_comments(path.read_text(encoding="utf-8"))
    bad = []
    for n, line in enumerate(code.splitlines(), 1):
        for m in FORBIDDEN.finditer(line):
            bad.append(f"{path.name}:{n}: {m.group(1)}")
    return bad


def _split_binders(head: str) -> tuple[str, str]:
    """``("(x y : R) {A : Type}", "stmt")`` for ``"(x y : R) {A : Type} : stmt"``: the split is at the first
    ``:`` outside brackets (``("", "stmt")`` when the text starts with the colon)."""
    depth = 0
    for i, ch in enumerate(head):
        if ch in "({[":
            depth += 1
        elif ch in ")}]":
            depth -= 1
        elif ch == ":" and depth == 0 and not head.startswith(":=", i):
            return head[:i].strip(), head[i + 1:].strip()
    raise ValueError("no ':' before the statement")


def normalise_statement(head: str) -> str:
    """The statement of a theorem header (the text after the theorem's name, up to the final ``.``), with
    binders before the colon moved into a leading ``forall``; whitespace collapsed to single spaces."""
    binders, stmt = _split_binders(" ".join(head.split()))
    return f"forall {binders}, {stmt}" if binders else stmt


def parse_file(path: Path) -> list[Tagged]:
    """The tagged theorems of one ``.v`` file (``ValueError`` on a tag block without a theorem)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    out, block, start = [], {}, 0
    rel = f"proofs/coq/{path.name}"
    for i, line in enumerate(lines):
        m = _TAG.match(line.strip())
        if m:
            if not block:
                start = i + 1
            key, val = m.group(1), m.group(2)
            if key in block:
                raise ValueError(f"{rel}:{i + 1}: tag {key!r} given twice for one theorem")
            block[key] = val
            continue
        if not block:
            continue
        t = _THM.match(line)
        if not t:
            raise ValueError(f"{rel}:{start}: a tag block must be followed directly by a Theorem/Lemma line")
        if "claim" not in block and "refutes" not in block:
            raise ValueError(f"{rel}:{start}: tag block without '(*! claim ID … *)' or '(*! refutes ID … *)'")
        unknown = set(block) - {"claim", "refutes", "args", "bridge", "noinstance"}
        if unknown:
            raise ValueError(f"{rel}:{start}: unknown tag(s) {sorted(unknown)}")
        # the statement runs to the '.' that precedes the next 'Proof.'
        rest = [t.group(3)] + lines[i + 1:]
        text = "\n".join(rest)
        stop = re.search(r"\.\s*\n\s*Proof\b", text)
        if not stop:
            raise ValueError(f"{rel}:{i + 1}: no 'Proof.' after theorem {t.group(2)}")
        try:
            stmt = normalise_statement(text[:stop.start()])
        except ValueError as e:
            raise ValueError(f"{rel}:{i + 1}: theorem {t.group(2)}: {e}") from None
        out.append(Tagged(file=rel, module=path.stem, theorem=t.group(2), statement=stmt,
                          claims=tuple(block.get("claim", "").split()),
                          refutes=tuple(block.get("refutes", "").split()), args=tuple(block.get("args", "").split()),
                          bridge=block.get("bridge"), noinstance=block.get("noinstance"), line=i + 1))
        block = {}
    if block:
        raise ValueError(f"{rel}:{start}: tag block at the end of the file without a theorem")
    return out


@cache
def _registry_cached(stamp: tuple) -> tuple[dict[str, Tagged], dict[str, Tagged]]:
    reg: dict[str, Tagged] = {}
    ref: dict[str, Tagged] = {}
    for path in coq_files():
        for tg in parse_file(path):
            for ids, into, what in ((tg.claims, reg, "claim"), (tg.refutes, ref, "refutation")):
                for cid in ids:
                    if cid in reg or cid in ref:
                        old = reg.get(cid) or ref[cid]
                        raise ValueError(f"{what} {cid} tagged twice: {old.file}:{old.theorem} and "
                                         f"{tg.file}:{tg.theorem}")
                    into[cid] = tg
    return reg, ref


def _stamp() -> tuple:
    return tuple((p.name, p.stat().st_mtime_ns, p.stat().st_size) for p in coq_files())


def registry() -> dict[str, Tagged]:
    """Claim ID → the tagged theorem that proves it (re-read when a ``.v`` file changes)."""
    return dict(_registry_cached(_stamp())[0])


def refutations() -> dict[str, Tagged]:
    """Claim ID (registered as expected to fail) → the theorem tagged ``(*! refutes ID *)`` that proves
    its negation."""
    return dict(_registry_cached(_stamp())[1])


def kernel_checked(claim_id: str, *, build: bool = True) -> KernelProof | None:
    """The kernel-checked proof of ``claim_id``, or ``None`` if no Coq theorem is tagged with it.

    With ``build=True`` the Coq files are compiled (once per set of file hashes, cached on disk) and the
    theorem's axioms read with ``Print Assumptions``; without ``coqc`` the result has ``build_ok=False``
    and says why in ``reason``.
    """
    return _kernel(registry().get(claim_id), claim_id, build)


def kernel_status(*, build: bool = True) -> dict[str, KernelProof]:
    """Every Coq-tagged claim ID with its :func:`kernel_checked` result (one cached build and one batched
    ``Print Assumptions``), in :func:`registry` order; the one loop the front page and ``clickbound ledger``
    share."""
    out = {}
    for cid in registry():
        kp = kernel_checked(cid, build=build)
        if kp is not None:
            out[cid] = kp
    return out


def kernel_refuted(claim_id: str, *, build: bool = True) -> KernelProof | None:
    """The kernel-checked refutation of ``claim_id`` (a theorem tagged ``(*! refutes ID *)`` proving the
    claim's negation), or ``None``; built and checked as in :func:`kernel_checked`."""
    return _kernel(refutations().get(claim_id), claim_id, build)


def _kernel(tg: Tagged | None, claim_id: str, build: bool) -> KernelProof | None:
    if tg is None:
        return None
    base = {"claim_id": claim_id, "file": tg.file, "theorem": tg.theorem, "statement": tg.statement}
    if not build:
        return KernelProof(**base, build_ok=False, reason="not built (build=False)")
    from clickbound.proofs import build as _build

    res = _build.build()
    if not res.ok:
        return KernelProof(**base, build_ok=False, reason=res.reason)
    # one Print Assumptions run for every tagged theorem (cached under the build by the set of names),
    # so asking for many claims costs one coqc call, not one per claim
    every = sorted({t.qualified for t in registry().values()} | {t.qualified for t in refutations().values()})
    axioms = _build.assumptions(res, every).get(tg.qualified)
    return KernelProof(**base, build_ok=True, axioms=None if axioms is None else tuple(axioms),
                       extra={"build_dir": str(res.build_dir)})


__all__ = ["ALLOWED_AXIOMS", "COQ_DIR", "KernelProof", "Tagged", "coq_files", "forbidden_words", "kernel_status",
           "kernel_checked", "kernel_refuted", "normalise_statement", "parse_file", "refutations", "registry"]
