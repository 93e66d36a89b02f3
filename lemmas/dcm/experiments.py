"""DCM bandits' second experiment (slide '実験2'): what each variant records, and the order ratio.

Source ``000_0b27131c69d8f24c.txt``, slides '実験2:提案手法と他の手法との比較' (the records of the
First-Click, Last-Click, RankedKL-UCB and dcmKL-UCB variants on ``A_t = (1,2,3,4)``,
``c_t = (0,1,1,0)``) and '実験2:人工データによる他の手法との比較' ("O(KL) なRankedKL-UCBとは "K=4" 倍の差").

* ``DCM-EXP2/records`` and the mutant ``DCM-EXP2/records/second-is-first-click`` — the four variants'
  records on the example; the slide's second bullet, labelled "First Click", lists the Last-Click
  records (erratum ``ERR-DCM-EXP2-LASTCLICK-LABEL``).
* ``DCM-EXP2/order-ratio`` (expected false) — on ``B_LB(16, [4], …)`` the orders ``O(KL)`` and ``O(L−K)``
  predict a ratio of ``KL/(L−K) = 16/3``, not the slide's K = 4.
"""
from __future__ import annotations

from clickbound.lemmas.dcm.model import EXAMPLE_A, EXAMPLE_C, last_click
from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.support.kit import Derivation, Outcome, ProcedureClaim, proved, refuted, source

SRC = source("dcm")
LOC_EXP2 = SRC.at("実験2:提案手法と他の手法との比較 (records of the four variants)")
LOC_EXP2_ORDER = SRC.at("実験2:人工データによる他の手法との比較 ('O(KL) なRankedKL-UCBとは \"K=4\" 倍の差')")


def example_records(variant: str):
    """The records each variant stores on ``A_t = (1,2,3,4)``, ``c_t = (0,1,1,0)`` (slide 実験2)."""
    A, c = EXAMPLE_A, EXAMPLE_C
    clicked = [k for k, ck in enumerate(c) if ck]
    if variant == "first-click":
        fb = tuple(int(k == clicked[0]) for k in range(4))
    elif variant == "last-click":
        fb = tuple(int(k == clicked[-1]) for k in range(4))
    elif variant == "dcm":
        fb = c
    elif variant == "ranked":
        return tuple((k + 1, A[k], c[k]) for k in range(4))
    else:
        raise ValueError(f"variant must be first-click, last-click, dcm or ranked, got {variant!r}")
    m = last_click(fb) or len(A)
    return tuple((A[k], fb[k]) for k in range(m))


#: the slide's four record lists, in its order (the second bullet is labelled "First Click")
SLIDE_RECORDS = (((1, 0), (2, 1)), ((1, 0), (2, 0), (3, 1)),
                 ((1, 1, 0), (2, 2, 1), (3, 3, 1), (4, 4, 0)), ((1, 0), (2, 1), (3, 1)))


def _decide_records(budget_s: float) -> Outcome:
    got = tuple(example_records(v) for v in ("first-click", "last-click", "ranked", "dcm"))
    d = Derivation("the slide's four record lists are those of First Click, Last Click, RankedKL-UCB, dcmKL-UCB")
    for name, mine, slide in zip(("first-click", "last-click", "ranked", "dcm"), got, SLIDE_RECORDS):
        d.holds(f"{name}: stored (item, click) records up to its last feedback click", mine == slide,
                f"{mine} == slide {slide}")
    return proved(d.artefact(), method="exact computation", scope="all")


def _decide_second_is_first(budget_s: float) -> Outcome:
    mine = example_records("first-click")
    if mine == SLIDE_RECORDS[1]:
        return proved(Derivation("coincide").artefact(), method="exact computation", scope="all")
    return refuted("exact computation", counterexample={
        "first_click_records": mine, "slide_second_bullet": SLIDE_RECORDS[1],
        "last_click_records": example_records("last-click")})


def _decide_exp2_ratio(budget_s: float) -> Outcome:
    from fractions import Fraction
    L, K = 16, 4
    ratio = Fraction(K * L, L - K)
    if ratio == K:  # pragma: no cover - fixed numbers
        raise AssertionError("ratio equals K")
    return refuted("exact arithmetic", counterexample={
        "L": L, "K": K, "KL/(L-K)": str(ratio), "KL/L (O(KL) against O(L))": str(Fraction(K * L, L))})


@register
def dcm_experiment_claims():
    return [
        ProcedureClaim(id="DCM-EXP2/records", spec_id="EXP-DCM-3ab", source=LOC_EXP2, kind="computation",
                       expected=True,
                       statement_text="on A_t = (1,2,3,4), c_t = (0,1,1,0) the slide's four record lists are "
                                      "First Click, Last Click, RankedKL-UCB and dcmKL-UCB, in that order",
                       decide=_decide_records, description="exact computation of each variant's records"),
        ProcedureClaim(id="DCM-EXP2/records/second-is-first-click", spec_id="EXP-DCM-3ab", source=LOC_EXP2,
                       kind="computation", expected=False,
                       statement_text="as labelled: the second bullet ('First Click', records (1,0), (2,0), (3,1)) "
                                      "is the First-Click variant",
                       decide=_decide_second_is_first,
                       description="the First-Click records are (1,0), (2,1): the label is a misprint"),
        ProcedureClaim(id="DCM-EXP2/order-ratio", spec_id="EXP-DCM-3ab", source=LOC_EXP2_ORDER, kind="computation",
                       expected=False, decide=_decide_exp2_ratio,
                       statement_text="on B_LB(16, [4], …): the orders O(KL) (RankedKL-UCB) and O(L−K) (dcmKL-UCB) "
                                      "predict a ratio of K = 4",
                       description="KL/(L−K) = 16/3; a K-fold gap is what O(KL) against O(L) predicts"),
    ]


ERRATUM_1 = register_erratum(Erratum(
    id="ERR-DCM-EXP2-LASTCLICK-LABEL", source_file=SRC.file,
    location="実験2:提案手法と他の手法との比較, second bullet",
    source_says="First Click: ctが最後のクリックのみを含むDCM Bandits — records (1,0), (2,0), (3,1)",
    truth="the variant whose c_t keeps only the last click is 'Last Click'; its records are (1,0), (2,0), (3,1) "
          "as listed, whereas the First-Click records are (1,0), (2,1) (the first bullet)",
    evidence_claims=("DCM-EXP2/records", "DCM-EXP2/records/second-is-first-click"),
    conclusion_survives="yes: a label misprint; the records and the comparison are unaffected",
    spec_id="EXP-DCM-3ab",
    severity="notation", quotes=(
        "First Click: ctが最後のクリックのみを含むDCM Bandits",
    )))

#: this module's errata (the tests re-check their evidence)
ERRATA = (ERRATUM_1,)
