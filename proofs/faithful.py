"""Statement faithfulness: the registered sympy claim, instantiated, proved in Coq from the general theorem.

For a claim tagged on a theorem with ``(*! args … *)`` and registered with a sympy ``statement``,
``domain`` (box) and ``assumptions``, :func:`instance_theorem` prints the goal

    forall x1 … xn : R, lo <= x1 <= hi -> … -> assumption -> … -> statement

straight from the *registered* sympy objects (:mod:`clickbound.proofs.to_coq`), and a proof that only
instantiates the general theorem at the concrete lists (``[x1; x2]``) and closes the gap with
``cb_glue`` or the theorem's own ``(*! bridge … *)`` tactic.  ``cb_glue`` discharges the theorem's
hypotheses from the claim's box and assumptions (``lra`` and constructors: a hypothesis the claim does
not grant fails here), unfolds the list functions with ``cbn``, and then requires each side of the
registered statement to be ring-equal to the same side of the theorem's conclusion under the same
relation: the instance is never handed to an arithmetic decision procedure on its own, so a true but
different statement fails too.  If the sympy statement and the Coq theorem drift apart, the generated
file stops compiling.

This module does not import the claim catalogue: callers pass the claim objects (anything with
``id``, ``statement``, ``domain``, ``assumptions``).
"""
from __future__ import annotations

import re

import sympy as sp

from clickbound.proofs import LOGICAL_ROOT, Tagged, coq_files
from clickbound.proofs.to_coq import coq_name, to_coq

GLUE = r"""
Ltac cb_side := unfold inunit, unit, gevec, inbox, top in *; cbn;
  repeat (first [lra | constructor]).
Ltac cb_feed H := repeat match type of H with
  | ?P -> _ => let h := fresh "hyp" in assert (h : P) by cb_side; specialize (H h) end.
Ltac cb_unfold H := unfold V, G, scale, tel_weight in H;
  cbn [had sum prodc sumk nth firstn skipn length Nat.sub pow map repeat Ebern interleave noclick] in H.
Ltac cb_eq := first [ring | field].
(* each side of the registered statement must be ring-equal to the same side of the theorem's
   conclusion, under the same relation: no arithmetic decision procedure sees the instance alone *)
Ltac cb_match H :=
  match type of H with
  | ?a <= ?b => match goal with |- ?c <= ?d =>
      apply (Rle_trans _ a); [right; cb_eq | apply (Rle_trans _ b); [exact H | right; cb_eq]] end
  | ?a >= ?b => match goal with |- ?c >= ?d =>
      apply Rle_ge; apply Rge_le in H;
      apply (Rle_trans _ b); [right; cb_eq | apply (Rle_trans _ a); [exact H | right; cb_eq]] end
  | ?a < ?b => match goal with |- ?c < ?d =>
      apply (Rle_lt_trans _ a); [right; cb_eq | apply (Rlt_le_trans _ b); [exact H | right; cb_eq]] end
  | ?a > ?b => match goal with |- ?c > ?d =>
      apply (Rle_lt_trans _ b); [right; cb_eq | apply (Rlt_le_trans _ a); [exact H | right; cb_eq]] end
  | ?a = ?b => match goal with |- ?c = ?d =>
      transitivity a; [cb_eq | transitivity b; [exact H | cb_eq]] end
  end.
Ltac cb_glue H := cb_feed H; cb_unfold H; cb_match H.
"""


def header(modules=None) -> str:
    mods = modules if modules is not None else [p.stem for p in coq_files()]
    return ("From Coq Require Import Reals Lra Psatz Lia List Permutation.\n"
            f"From {LOGICAL_ROOT} Require Import {' '.join(mods)}.\n"
            "Import ListNotations.\nOpen Scope R_scope.\n" + GLUE)


def _natural(sym: sp.Symbol):
    m = re.match(r"(.*?)(\d+)$", sym.name)
    return (m.group(1), int(m.group(2))) if m else (sym.name, -1)


def claim_symbols(claim) -> list[sp.Symbol]:
    syms = set(sp.sympify(claim.statement).free_symbols)
    syms |= set((claim.domain or {}).keys())
    for a in claim.assumptions or ():
        syms |= a.free_symbols
    return sorted(syms, key=_natural)


def _vector(prefix: str, syms) -> list[sp.Symbol]:
    got = {}
    for s in syms:
        m = re.fullmatch(re.escape(prefix) + r"(\d+)", s.name)
        if m:
            got[int(m.group(1))] = s
    if not got:
        raise ValueError(f"no symbols {prefix}1, {prefix}2, … in the claim")
    if sorted(got) != list(range(1, len(got) + 1)):
        raise ValueError(f"symbols {prefix}k are not numbered 1..K: {sorted(got)}")
    return [got[k] for k in range(1, len(got) + 1)]


def coq_args(args, syms) -> list[str]:
    """The Coq arguments of the general theorem for one instance (see :mod:`clickbound.proofs` for tokens)."""
    out, K = [], None
    by_name = {s.name: s for s in syms}
    for tok in args:
        if tok.endswith(("*", "*f")):
            fn = tok.endswith("*f")
            vec = _vector(tok[:-2] if fn else tok[:-1], syms)
            K = len(vec) if K is None else K
            lst = "[" + "; ".join(coq_name(s) for s in vec) + "]"
            out.append(f"(fun k => nth k {lst} 0)" if fn else lst)
        elif tok == "#K":
            if K is None:
                raise ValueError("'#K' must follow a list token")
            out.append(f"{K}%nat")
        elif tok in by_name:
            out.append(coq_name(by_name[tok]))
        else:
            raise ValueError(f"args token {tok!r} names no symbol of the claim")
    return out


def _bound(b) -> str | None:
    b = sp.sympify(b)
    return None if b.is_infinite else to_coq(b)


def instance_theorem(tag: Tagged, claim, name: str) -> str:
    """Coq text of ``Theorem name : <the registered claim> . Proof. <from tag.theorem> Qed.``"""
    if not tag.args:
        raise ValueError(f"{tag.file}:{tag.theorem} has no '(*! args … *)' tag")
    syms = claim_symbols(claim)
    hyps = []
    for s in syms:
        lo, hi = (claim.domain or {}).get(s, (None, None))
        lo, hi = (None if lo is None else _bound(lo)), (None if hi is None else _bound(hi))
        n = coq_name(s)
        if lo is not None and hi is not None:
            hyps.append(f"{lo} <= {n} <= {hi}")
        elif lo is not None:
            hyps.append(f"{lo} <= {n}")
        elif hi is not None:
            hyps.append(f"{n} <= {hi}")
    hyps += [to_coq(a) for a in claim.assumptions or ()]
    goal = to_coq(claim.statement)
    binders = " ".join(coq_name(s) for s in syms)
    body = " ->\n  ".join([f"({h})" for h in hyps] + [goal])
    call = " ".join([tag.qualified, *coq_args(tag.args, syms)])
    tactic = tag.bridge or "cb_glue Hgen"
    return (f"(* {claim.id} from {tag.file}:{tag.theorem} *)\n"
            f"Theorem {name} : forall {binders} : R,\n  {body}.\n"
            f"Proof.\n  intros.\n  pose proof ({call}) as Hgen.\n  {tactic}.\nQed.\n")


__all__ = ["GLUE", "claim_symbols", "coq_args", "header", "instance_theorem"]
