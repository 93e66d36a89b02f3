"""Numbers of source 004's experiments: the L values and the timing table, decided by exact arithmetic.

Source ``004_d9477b3ebe233f80.txt``, "CascadeLinTSのPython実装" (experiment settings, timing table and the
remarks after it).

* **BLOG-EXP/L-list** (expected false): the prose "全アイテム数 L 16,256,300" and the code ``L=[16, 256, 3000]``
  (and the table's ``L=3000``) name the same values.
* **BLOG-TIMING/L16** (expected false): 10 000 steps of the blog's CascadeUCB1 at L = 16 in 0.00002 s leave at
  least one clock cycle of a 6 GHz processor for each ``math.log`` call.  Each ``get_list`` calls ``ucb`` once
  per item (``range(len(E))``), each ``ucb`` calls ``math.log`` once: 16·10⁴ calls; 2·10⁻⁵ s / 1.6·10⁵ =
  1.25·10⁻¹⁰ s < 1/(6·10⁹) s.  The hardware premise (no CPython call completes in less than one cycle, no
  CPU of 2022 runs above 6 GHz) is stated, not proved.
* **BLOG-TIMING/step-28ms**: 4 min 46 s / 10⁴ steps = 28.6 ms per step (the text's "大体28ms"), which also
  bounds the *mean* time of get_list, a part of each step, by 28.6 ms.
"""
from __future__ import annotations

from fractions import Fraction

import sympy as sp

from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.support.kit import Derivation, claim_family, derived, refuted, source

SRC = source("cascade_blog")
LOC_EXP = SRC.at("CascadeLinTSのPython実装 (experiment settings: 全アイテム数 L 16,256,300; L=[16, 256, 3000])")
LOC_TIME = SRC.at("CascadeLinTSのPython実装 (10000stepの速度 table and the remarks after it)")
#: the experiment claims: exact computations on the blog's numbers, no spec entry
claim = claim_family(spec_id=None, kind="computation")
PROSE_L = (16, 256, 300)
CODE_L = (16, 256, 3000)
STEPS = 10_000
#: hardware premise of BLOG-TIMING/L16 (stated, not proved): clock rate ceiling
MAX_CLOCK_HZ = 6 * 10 ** 9


def _l_list_decide(budget_s):
    if PROSE_L == CODE_L:  # pragma: no cover
        raise AssertionError
    return refuted("exact comparison", counterexample={
        "prose ('全アイテム数 L 16,256,300')": PROSE_L, "code (L=[16, 256, 3000]) and table (L=3000)": CODE_L})


def _l16_decide(budget_s):
    seconds = Fraction(2, 10 ** 5)  # '0.00002秒'
    log_calls = 16 * STEPS            # one math.log per item per get_list
    per_call = seconds / log_calls
    cycle = Fraction(1, MAX_CLOCK_HZ)
    if not per_call < cycle:  # pragma: no cover
        raise AssertionError(per_call)
    return refuted("exact arithmetic (Fractions) under the stated clock premise", counterexample={
        "table": "CascadeUCB1, L=16, 10000 steps: 0.00002秒", "math.log calls": log_calls,
        "seconds per call": per_call, "one cycle at 6 GHz": cycle,
        "premise": "a CPython call to math.log takes at least one clock cycle; clock ≤ 6 GHz"})


def step_time_proof():
    d = Derivation("4 min 46 s over 10 000 steps is 143/5000 s = 28.6 ms per step; get_list is one part of a "
                   "step, so its mean time is at most 28.6 ms")
    total = sp.Integer(4 * 60 + 46)
    d.equal("(4·60 + 46) s / 10000 = 143/5000 s", total / STEPS, sp.Rational(143, 5000))
    d.equal("143/5000 s in ms", sp.Rational(143, 5000) * 1000, sp.Rational(143, 5))
    d.cited("a step runs get_list, env.click, observe and regret; times are non-negative, so the mean of "
            "one part is at most the mean of the step",
            "monotonicity of finite sums (each step's time is the sum of its non-negative parts)")
    return d.artefact()


@register
def blog_experiment_claims():
    return [
        claim(id="BLOG-EXP/L-list", source=LOC_EXP, expected=False,
              statement_text="the prose L values (16, 256, 300) are the code's L=[16, 256, 3000]",
              decide=_l_list_decide),
        claim(id="BLOG-TIMING/L16", source=LOC_TIME, expected=False,
              statement_text="10⁴ CascadeUCB1 steps at L = 16 in 0.00002 s leave ≥ one 6 GHz cycle per "
                             "math.log call (16·10⁴ calls)",
              decide=_l16_decide),
        claim(id="BLOG-TIMING/step-28ms", source=LOC_TIME, expected=True,
              statement_text="4 min 46 s / 10⁴ steps = 28.6 ms per step, an upper bound on the mean "
                             "get_list time",
              decide=derived(step_time_proof, "exact arithmetic")),
    ]


ERRATA = (
    register_erratum(Erratum(
        id="ERR-004-L-LIST", source_file=SRC.file, location="CascadeLinTSのPython実装, experiment settings",
        source_says="全アイテム数 L 16,256,300で実験します", truth="the code runs L = [16, 256, 3000] and the table "
        "reports L=3000: 300 is a misprint for 3000", evidence_claims=("BLOG-EXP/L-list",),
        conclusion_survives="yes: the runs and the table use 3000",
        severity="misprint", quotes=(
            "全アイテム数 L 16,256,300で実験します",
        ))),
    register_erratum(Erratum(
        id="ERR-004-TIMING-L16", source_file=SRC.file, location="CascadeLinTSのPython実装, timing table (L=16 row)",
        source_says="CascadeUCB1, L=16, 10000 steps: 0.00002秒",
        truth="16·10⁴ math.log calls alone would need 1.25·10⁻¹⁰ s each, below one cycle at 6 GHz; the entry "
              "cannot be a wall time of the blog's code (its own L=256 and L=3000 rows, 3 s and 28 s, scale to "
              "about 0.2 s)", evidence_claims=("BLOG-TIMING/L16",),
        conclusion_survives="yes: CascadeUCB1 remains far faster than CascadeLinTS (15 s) at L = 16",
        severity="misprint", quotes=(
            "L=16 0.00002秒 15秒",
        ))),
)
