"""OD-T1 proof structure (source 001_eb740855b56fcd8b.txt, 定理 1)."""
from clickbound import lemmas


def test_text_check_names_the_missing_lemmas():
    v = lemmas.check(lemmas.get("OD-T1/text-gives-lemmas-3-5"), budget_s=20)
    assert v.status == "refuted"
    assert set(v.counterexample["never stated"]) == {"補題 3", "補題 4", "補題 5"}
