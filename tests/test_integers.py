"""Claims over integer parameters (clickbound/integers.py): instances on a finite range, induction for every value."""
from __future__ import annotations

import pytest
import sympy as sp

from clickbound.integers import Induction, IntegerClaim, decide

K, p, D, x = sp.symbols("K p Delta x")
PBOX = {p: (sp.Rational(1, 100), sp.Rational(99, 100))}


def test_instances_are_proved_with_their_scope():
    v = decide(IntegerClaim("POW", sp.Le((1 - p) ** (K - 1), 1), PBOX, {K: (1, 4)}), budget_s=8)
    assert v.status == "proved" and v.scope == "instances"
    assert v.scope_text == "proved (instances: K = 1..4)"
    assert [r["values"]["K"] for r in v.evidence["instances"]] == [1, 2, 3, 4]


def test_a_false_instance_is_a_counterexample_with_its_integer_value():
    # 1 - K p >= 0 fails once K p > 1: at K = 2 with p > 1/2
    v = decide(IntegerClaim("LIN", sp.Ge(1 - K * p, 0), PBOX, {K: (1, 3)}), budget_s=6)
    assert v.status == "refuted"
    cex = {str(k): val for k, val in v.counterexample.items()}
    assert cex["K"] == 2 and sp.Rational(cex["p"]) > sp.Rational(1, 2)


def test_induction_proves_every_value():
    ind = Induction("POW-ALL", sp.Le((1 - p) ** (K - 1), 1), K, 1, PBOX,
                    link={x: ((1 - p) ** (K - 1), (0, 1))}, recurrence={x: (1 - p) * x})
    v = decide(ind, budget_s=5)
    assert v.status == "proved" and v.scope == "all", v.evidence
    assert v.scope_detail == "every K >= 1, by induction"
    assert set(v.evidence["parts"]) >= {"base", "step", "range/x/step/lo", "range/x/step/hi"}


def test_induction_with_a_false_base_is_refuted_and_a_false_step_is_not_a_proof():
    base_false = Induction("BASE", sp.Le(2 * (1 - p) ** (K - 1), 1), K, 1, PBOX,
                           link={x: ((1 - p) ** (K - 1), (0, 1))}, recurrence={x: (1 - p) * x})
    assert decide(base_false, budget_s=4).status == "refuted"
    # (1 + p)^(K-1) <= 2 holds at K = 1, 2 but not for every K: the step fails, nothing is proved
    grow = Induction("GROW", sp.Le((1 + p) ** (K - 1), 2), K, 1, PBOX,
                     link={x: ((1 + p) ** (K - 1), (1, 2))}, recurrence={x: (1 + p) * x})
    v = decide(grow, budget_s=4)
    assert v.status != "proved"


def test_a_wrong_recurrence_or_an_unlinked_parameter_is_an_error():
    with pytest.raises(ValueError, match="does not give"):
        Induction("R", sp.Le((1 - p) ** (K - 1), 1), K, 1, PBOX, link={x: ((1 - p) ** (K - 1), (0, 1))},
                  recurrence={x: (1 - p) ** 2 * x}).parts()
    with pytest.raises(ValueError, match="still depends on K"):
        Induction("U", sp.Le(K * (1 - p) ** (K - 1), K), K, 1, PBOX, link={x: ((1 - p) ** (K - 1), (0, 1))},
                  recurrence={x: (1 - p) * x}).parts()


def test_bad_ranges_are_rejected():
    with pytest.raises(ValueError, match="lo <= hi"):
        IntegerClaim("E", sp.Le(K, 1), {}, {K: (3, 1)})
