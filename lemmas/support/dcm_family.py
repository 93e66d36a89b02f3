"""How DCM Lemmas 1–4 become claims: one instance per K, its mutants, and the every-K claim.

the claim list (``DCM-L1`` … ``DCM-L4``), source ``000_0b27131c69d8f24c.txt``.  Not a catalogue
module (leading underscore: the registry skips it); ``lemmas/dcm_lemma{1,2,3,4}.py`` build each
lemma's statement and proofs and hand them here, so the four register the same shape of family:

* ``ID`` — every K, decided by the module's derivation (a :class:`ProcedureClaim`);
* ``ID[K=k]`` — the instance at ``k``, expected true, proved by the module's instance proof, which
  receives ``(K, statement, domain, assumptions)`` and must return an artefact whose ``conclusion``,
  ``hypotheses`` and ``domain`` are exactly those (built with
  :meth:`clickbound.lemmas.support.kit.Derivation.artefact` with those three): the engine accepts it only after checking
  that link itself;
* ``ID/variant[K=k]`` — a mutant, expected false; ``mutants[variant] = (what it breaks, K values)``.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import partial

from clickbound.lemmas.engine.claim import Claim, ProcedureClaim


def check_variant(variant: str | None, mutants: Mapping) -> None:
    """``ValueError`` unless ``variant`` is ``None`` (the lemma itself) or one of ``mutants``."""
    if variant is not None and variant not in mutants:
        raise ValueError(f"variant must be one of {sorted(mutants)}, got {variant!r}")


def instance_claim(spec_id: str, name: str, K: int, variant: str | None, mutants: Mapping, *, statement,
                   domain: dict, assumptions: list, source: str, description: str,
                   instance_proof: Callable) -> Claim:
    """``spec_id[K=k]`` (proved by ``instance_proof(K, statement, domain, assumptions)``) or its mutant.

    ``name`` ("Lemma 1") and ``mutants[variant][0]`` make the mutant's description; ``description``
    is the instance's.
    """
    check_variant(variant, mutants)
    if variant is None:
        return Claim(id=f"{spec_id}[K={K}]", spec_id=spec_id, kind="inequality", expected=True,
                     statement=statement, domain=domain, assumptions=assumptions, source=source,
                     description=description,
                     proof=partial(instance_proof, K, statement, domain, tuple(assumptions)))
    return Claim(id=f"{spec_id}/{variant}[K={K}]", spec_id=spec_id, kind="inequality", expected=False,
                 statement=statement, domain=domain, assumptions=assumptions, source=source,
                 description=f"Mutant of {name} at K={K}: {mutants[variant][0]}")


def lemma_family(spec_id: str, *, source: str, statement_text: str, decide: Callable, description: str,
                 claim: Callable, k_values: Iterable[int], mutants: Mapping) -> list:
    """The every-K claim, ``claim(K)`` for each K, then ``claim(K, variant)`` for each mutant's K values."""
    general = ProcedureClaim(id=spec_id, spec_id=spec_id, kind="inequality", expected=True, source=source,
                             statement_text=statement_text + " (every K)", decide=decide,
                             description=description)
    out = [general, *(claim(K) for K in k_values)]
    out += [claim(K, v) for v, (_, ks) in mutants.items() for K in ks]
    return out
