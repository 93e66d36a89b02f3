"""clickbound.lemmas — every claim from the sources as a checkable object.

Public API::

    from clickbound.lemmas import Claim, check, Verdict
    v = check(Claim(id=..., statement=..., domain=..., assumptions=[...]), budget_s=20)

Catalogue modules live in one subpackage per source (``dcm``, ``depth``, ``counterfactual``,
``lecture``, ``cascade_blog``; one module per result) and in ``studies`` (across sources); code that
registers no claim is in ``support``; the engine lives in :mod:`clickbound.lemmas.engine`.
"""
from clickbound.lemmas.engine.check import check
from clickbound.lemmas.engine.claim import Claim, Outcome, ProcedureClaim, ProofArtefact
from clickbound.lemmas.engine.registry import (
                                               HEADLINE,
                                               SEVERITIES,
                                               Erratum,
                                               catalogue,
                                               errata,
                                               get,
                                               register,
                                               register_erratum,
)
from clickbound.lemmas.engine.validate import InfeasibleAssumptions
from clickbound.lemmas.engine.verdict import Verdict

__all__ = [
    "Claim", "ProcedureClaim", "InfeasibleAssumptions", "ProofArtefact", "Outcome", "Verdict", "check",
    "catalogue", "errata", "get", "register", "register_erratum", "Erratum", "SEVERITIES", "HEADLINE",
]
