"""Does a claim's own derivation prove *this* claim?  The engine checks the link itself.

A :class:`~clickbound.lemmas.engine.claim.Claim` may carry ``proof=f``; ``f()`` returns a
:class:`~clickbound.lemmas.engine.claim.ProofArtefact` whose ``conclusion`` holds under its
``hypotheses`` on its ``domain``.  Earlier, a derivation used to be accepted on its
author's word (``KL >= 3 (p - q)^2`` with ``proof=kl_pinsker_proof``, which proves the
factor 2, came out "proved").  Now it counts only when the engine has checked that

1. the conclusion is a relational over the claim's own symbols (sympy identity, never names);
2. the claim's box lies inside the derivation's ``domain`` (exact comparison of bounds);
3. each hypothesis is one of the claim's assumptions (same normal form) or holds on the
   whole box (a sign certificate);
4. the conclusion implies the statement: the same normal form (``g`` equal after
   ``expand``, compatible relation), or ``g_statement - g_conclusion >= 0`` certified on
   the box (then ``conclusion ⇒ statement`` for ``>=``/``>``).

Anything else: the derivation is recorded as not linked, and the other methods go on.
"""
from __future__ import annotations

import sympy as sp

from clickbound.lemmas.engine.symbolic import sign_on_box
from clickbound.lemmas.engine.validate import _bound, _relation, show

# statement kind -> conclusion kinds that give it when the two g's coincide
_GIVES = {"ge": ("ge", "gt", "eq"), "gt": ("gt",), "eq": ("eq",)}


def _same(a, b) -> bool:
    return sp.expand(a - b) == 0


def check_link(prep, artefact, deadline):
    """``(linked: bool, record: dict)`` for a derivation's artefact against ``prep``."""
    if artefact.conclusion is None:
        return False, {"link": "the derivation states no conclusion (ProofArtefact.conclusion)"}
    sub = prep.to_canonical
    foreign = {s for s in _free(artefact.conclusion, *artefact.hypotheses) if s not in sub}
    if foreign:
        return False, {"link": "conclusion or hypotheses use symbols that are not the claim's: "
                               + ", ".join(sorted(map(str, foreign)))
                               + " (symbols are matched by identity, assumptions included)"}
    steps = []
    if artefact.domain is not None:
        for s, lo, hi in zip(prep.originals, prep.lo, prep.hi):
            if s not in artefact.domain:
                if s in _free(artefact.conclusion, *artefact.hypotheses):
                    return False, {"link": f"the derivation's domain does not bound {s}"}
                continue
            dlo, dhi = (_bound(v, s, w) for v, w in zip(artefact.domain[s], ("lo", "hi")))
            if not (_le(dlo, lo) and _le(hi, dhi)):
                return False, {"link": f"the claim's box for {s}, [{lo}, {hi}], is not inside the "
                                       f"derivation's [{dlo}, {dhi}]"}
        steps.append("box inside the derivation's domain (exact bounds)")
    mine = [(a.g, a.kind) for a in prep.assumptions]
    for i, h in enumerate(artefact.hypotheses):
        r = _relation(h, f"hypothesis {i}", sub)
        if any(k == r.kind and _same(g, r.g) for g, k in mine):
            steps.append(f"hypothesis {show(h)}: an assumption of the claim")
            continue
        sign, cert = sign_on_box(r.g, prep, deadline)
        if (r.kind == "ge" and sign in ("pos", "nonneg")) or (r.kind == "gt" and sign == "pos"):
            steps.append(f"hypothesis {show(h)}: holds on the whole box ({cert})")
            continue
        return False, {"link": f"hypothesis {show(h)} is neither an assumption of the claim nor "
                               f"certified on its box", "checked": steps}
    c = _relation(artefact.conclusion, "conclusion", sub)
    st = prep.statement
    if _same(st.g, c.g) and c.kind in _GIVES[st.kind]:
        steps.append(f"conclusion {show(artefact.conclusion)} is the statement (same normal form)")
        return True, {"link": steps}
    if st.kind in ("ge", "gt") and c.kind in _GIVES[st.kind]:
        diff = st.g - c.g
        sign, cert = sign_on_box(diff, prep, deadline)
        if sign in ("pos", "nonneg"):
            steps.append(f"statement's g − conclusion's g = {show(sp.factor(diff))} is {sign} on the box "
                         f"({cert}), so the conclusion implies the statement")
            return True, {"link": steps}
    return False, {"link": f"conclusion {show(artefact.conclusion)} not shown to imply the statement",
                   "checked": steps}


def _le(u, v) -> bool:
    """``u <= v`` for exact numbers, certified (``False`` when it cannot be decided)."""
    if u.is_Rational and v.is_Rational:
        return bool(u <= v)
    from clickbound.lemmas.engine.certified import certified_sign

    return certified_sign(sp.Add(v, -u, evaluate=False), {}) in ("pos", "zero")


def _free(*rels):
    out = set()
    for r in rels:
        out |= getattr(r, "free_symbols", set())
    return out
