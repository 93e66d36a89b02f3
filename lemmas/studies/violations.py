"""Where the theorems fail: the bound-violation search's record as claims.

``clickbound violations`` (:mod:`clickbound.report.cmd_violations`) searched small instances
(L ≤ 5 items, K ≤ 3 positions, parameters on a grid, then local search toward the worst ratio)
for one where a bound of ``bounds/`` fails for the policy it is about, confirmed the closest
instance and every candidate with long runs, and wrote ``lemmas/data/violations.json`` (with
its profile, seeds and code hashes).  This module may not import ``sim``: its claims read that
committed file and decide from it.  For every searched target:

* ``VIOL/<bound>/<policy>`` — "the bound holds for the policy on every instance of the search":
  ``violated-in-simulation`` when some confirmed instance violates it, else
  ``consistent-in-simulation``; the evidence names the search's size, the closest instance and
  the smallest bound/regret ratio found (the tightness atlas);
* ``VIOL/<bound>/<policy>/instance-<j>`` — "the bound holds for the policy on instance X", one per
  confirmed instance.

**Decided here, not copied.**  Each claim recomputes its test family from the stored per-run
statistics with :mod:`clickbound.stats` (the t-tests and Holm every verdict of the project uses) — the
one-sided one-sample t-tests (per-run slopes of ``R`` on ``log n``
over the last decade against the slope of the bound's known part there (lower bounds: the
``log n`` coefficient); the final regret against the bound's
known part; for finite-time bounds the mean at each checkpoint against the bound) with Holm at
the recorded level — and re-evaluates the bound's coefficient with the current ``bounds/``
function.  A disagreement with the recorded decision, or a coefficient that moved (a stale record),
is a ``ValueError``, never a silent verdict.  These are statistical findings: never "refuted"
or "proved"; a finite-``n`` slope cannot by itself refute a limit statement, and the evidence
says at which ``n`` and ``runs`` each verdict was decided.
"""
from __future__ import annotations

import dataclasses
import json
import math
from functools import lru_cache
from pathlib import Path

from clickbound import stats as st
from clickbound.bounds import cascade as bc
from clickbound.bounds import dcm as bd
from clickbound.bounds import depth as bdp
from clickbound.bounds import lecture as bl
from clickbound.bounds import single_arm as bs
from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.support.kit import Outcome, ProcedureClaim, source

DATA = Path(__file__).resolve().parent.parent / "data" / "violations.json"
#: the lecture's bounds (source 003), searched by :mod:`clickbound.sim.violations_lecture`; same format
DATA_LECTURE = Path(__file__).resolve().parent.parent / "data" / "violations_lecture.json"
#: relative tolerance on the recomputed coefficient (same code, same floats: only a changed bound moves it)
COEF_RTOL = 1e-9
#: sources of the bounds searched (the claims cite them)
DCM, DEPTH, UCB, LECTURE = source("dcm"), source("depth"), source("counterfactual"), source("lecture")
SOURCES = {
    "DCM-P1": DCM.at("命題1"), "DCM-T1": DCM.at("定理1"), "DCM-T2": DCM.at("定理2"), "DCM-T3": DCM.at("定理3"),
    "CASCADE-KLUCB": DCM.at("命題1 (i = K) and appendix 'Cascade KL-UCBの証明'"),
    "CASCADE-UCB1/kveton2015a-recalled": "Kveton et al. 2015a, Theorem 2 — recalled, not in the sources",
    "CASCADE-LB": DCM.at("定理3 with γ = 1"),
    "UCB1-BOUND/as-printed": UCB.at("リグレット上界の導出"),
    "UCB1-BOUND/corrected": UCB.at("リグレット上界の導出 (α restored)"),
    "KLUCB-ASYMP": LECTURE.at("KL-UCB"), "LAI-ROBBINS": f"{LECTURE.file}; 000 定理3 (Fact)",
    "OD-T1/as-printed": DEPTH.at("定理1"), "OD-T1/repaired": DEPTH.at("定理1 / 補題1 repaired"),
    "PBM-UCB": DEPTH.at("注意1 eq. (5)"),
    "EXP3-BOUND": LECTURE.at("line 155 ('В статье использовали Exp3 алгоритм для базовых бандитов "
                             "(он adversarial)'); Auer et al. 2002 Theorem 3.1, recalled"),
    "RBA-ONLINE/paper": LECTURE.at("lines 134 and 459 ('G(T) = (1 − 1/e)OPT − O(k √(T log n))', "
                                   "a display); Radlinski et al. 2008 with Exp3's constant, recalled"),
    "DBGD-BOUND": LECTURE.at("'Dueling bandits' (img/dbgd_regret.png, line 239); Yue & Joachims "
                             "2009 Theorem 2, recalled"),
}
SPEC_IDS = {"DCM-P1": "DCM-P1", "DCM-T1": "DCM-T1", "DCM-T2": "DCM-T2", "DCM-T3": "DCM-T3",
            "UCB1-BOUND/as-printed": "UCB1-BOUND", "UCB1-BOUND/corrected": "UCB1-BOUND",
            "OD-T1/as-printed": "OD-T1", "OD-T1/repaired": "OD-T1", "PBM-UCB": "OD-VS-PBM"}


def bound_at(theorem_id: str, inst: dict, n: int, quantity=None):
    """The bound of ``bounds/`` the record was made against, re-evaluated (a stale-record check)."""
    w, v = inst.get("w"), inst.get("v")
    if theorem_id == "DCM-P1":
        return bd.dcm_p1(w, int(quantity), n)
    if theorem_id == "DCM-T1":
        return bd.dcm_t1(w, inst["K"], v[0], n)
    if theorem_id == "DCM-T2":
        return bd.dcm_t2(w, v, n)
    if theorem_id == "DCM-T3":
        return bd.dcm_t3(inst["L"], inst["K"], inst["p"], inst["delta"], inst["gamma"], n)
    if theorem_id == "CASCADE-KLUCB":
        return bc.cascade_klucb_bound(w, inst["K"], n)
    if theorem_id == "CASCADE-UCB1/kveton2015a-recalled":
        return bc.cascade_ucb1_kveton_recalled(w, inst["K"], n)
    if theorem_id == "CASCADE-LB":
        return bc.cascade_lower_bound(inst["L"], inst["K"], inst["p"], inst["delta"], n)
    if theorem_id == "UCB1-BOUND/as-printed":
        return bs.ucb1_bound_as_printed(w, n, inst["policy_params"]["alpha"])
    if theorem_id == "UCB1-BOUND/corrected":
        return bs.ucb1_bound_corrected(w, n, inst["policy_params"]["alpha"])
    if theorem_id == "KLUCB-ASYMP":
        return bs.klucb_asymptotic(w, n)
    if theorem_id == "LAI-ROBBINS":
        return bs.lai_robbins(w, n)
    if theorem_id in ("OD-T1/as-printed", "OD-T1/repaired"):
        return bdp.od_t1_bound(w, v, n, inst["policy_params"]["alpha"], repaired=theorem_id.endswith("repaired"))
    if theorem_id == "PBM-UCB":
        return bdp.pbm_ucb_bound(w, v, n, inst["eps"])
    if theorem_id == "EXP3-BOUND":
        return bl.exp3_bound(n, inst["L"], gamma=inst["policy_params"]["gamma"])
    if theorem_id == "RBA-ONLINE/paper":  # the regret form R(n) ≤ n f*/e + k·Exp3 bound (sim/violations_lecture.py)
        b = bl.rba_shortfall_bound(n, inst["K"], inst["L"], gamma=inst["policy_params"]["gamma"])
        return dataclasses.replace(b, value=n * inst["f_opt"] / math.e + b.value)
    if theorem_id == "DBGD-BOUND":  # L = L_σ·L_v = (1/4)·2a(R + ‖w*‖) (DUEL-LIPSCHITZ), at n = T only
        lip = 0.25 * 2.0 * inst["a"] * (inst["R"] + inst["w_frac"] * inst["R"])
        return bl.dbgd_bound(n, inst["d"], inst["R"], lip)
    raise ValueError(f"no bound function known for {theorem_id!r}")


def test_text(kind: str, asymptotic: bool) -> str:
    """What :func:`recompute` tests, in words (the claims' and the report's ``test``)."""
    if kind == "lower":
        return ("one-sided one-sample t-test of the per-run slopes of R(n) on log n over the last decade "
                "against the log n constant (violation: slope below it)")
    if asymptotic:
        return ("one-sided one-sample t-tests of the per-run slopes of R(n) on log n over the last decade "
                "against the slope of the bound's known part over the same window, and of the final R(n) "
                "against the known part (violation: above either); Holm over the two")
    return ("one-sided one-sample t-test of the mean R(n) against the bound at every checkpoint n ≥ 100 "
            "(violation: above it at some n); Holm over the checkpoints")


def _f(x) -> float:
    """A stored number (non-finite values are stored as the strings "inf", "-inf", "nan")."""
    return float(x)


def _one_sample(values, null: float, label: str) -> st.Comparison:
    """The one-sample t-test of the stored per-run ``values`` against ``null`` (:func:`clickbound.stats.one_sample`:
    a ``ValueError`` when a value is not finite, the test cannot be computed); ``p_claim`` is the p-value of
    H0 "true ≤ null", ``p_opposite`` of H0 "true ≥ null"."""
    return st.one_sample([_f(a) for a in values], null, "greater", label, "one-sided one-sample t-test")


def recompute(target: dict, conf: dict) -> dict:
    """The family of one-sided tests, recomputed from the stored statistics (module docstring).

    Returns ``{"violated": bool, "tests": [...]}``; ``violated`` is Holm rejecting, at the
    recorded level, some null on the bound's side (upper: "quantity ≤ bound"; lower:
    "slope ≥ coefficient").  A stored standard error that is not finite is a ``ValueError``
    (:func:`clickbound.stats.t_pvalues`): the test cannot be computed, it never becomes a rejection.
    """
    level = _f(conf["level"])
    coef = _f(conf["coefficient"])
    tests = []  # (label, p_violation, estimate, null)
    if target["kind"] == "lower" or conf["asymptotic"]:
        ref = _f(conf.get("bound_slope", coef))
        label = "slope over the last decade vs the bound's slope"
        c = _one_sample(conf["slopes_last_decade"], ref, label)
        tests.append((label, c.p_claim if target["kind"] == "upper" else c.p_opposite, c.estimate, ref))
        if target["kind"] == "upper":
            b = _f(conf["bound"][-1])
            label = f"R(n) at n = {conf['n']:,} vs known part"
            c = _one_sample(conf["final"], b, label)
            tests.append((label, c.p_claim, c.estimate, b))
    else:
        df = conf["runs"] - 1
        for n, m, se, b in zip(conf["checkpoints"], conf["mean"], conf["se"], conf["bound"]):
            if n < 100 or b is None or not math.isfinite(_f(b)):
                continue
            tests.append((f"R(n) at n = {n:,} vs bound", st.t_pvalues(_f(m), _f(se), df, _f(b))[0], _f(m), _f(b)))
    rej = st.holm([t[1] for t in tests], level)
    return {"violated": any(rej), "tests": [{"label": t[0], "p_violation": t[1], "estimate": t[2], "null": t[3],
                                             "rejected": r} for t, r in zip(tests, rej)]}


def _check_coefficient(target: dict, conf: dict) -> None:
    q = conf.get("provenance", {}).get("quantity")
    b = bound_at(target["theorem_id"], conf["instance"], int(conf["n"]), q if q != "regret" else None)
    new, old = float(b.log_coefficient), _f(conf["coefficient"])
    if math.isnan(new) and math.isnan(old):  # a bound not of order log n (source 003's): compare its value at n
        new, old = float(b.value), _f(conf["bound"][-1])
    same = (new == old) or (math.isfinite(new) and math.isfinite(old)
                            and abs(new - old) <= COEF_RTOL * max(abs(new), abs(old)))
    if not same:
        raise ValueError(f"stale record for {target['target']}: the bound's coefficient is now {new!r}, "
                         f"the record has {old!r}; rerun `clickbound violations`")


def _statement(target: dict, inst: dict | None, data: str = "violations.json") -> str:
    where = (f"on the instance {json.dumps(inst, sort_keys=True)}" if inst is not None else
             "on every instance of the search (L ≤ 5 items, K ≤ 3 positions, the grid of "
             f"lemmas/data/{data}'s meta, plus local search)")
    what = "beats no" if target["kind"] == "lower" else "stays under the"
    if target["kind"] == "lower":
        return f"{target['policy']} does not beat the {target['theorem_id']} constant {where} ({target['about']})"
    return f"{target['theorem_id']} holds for {target['policy']} {where} ({target['about']}; {what} bound)"


def _conf_summary(conf: dict, check: dict) -> dict:
    return {"instance": conf["instance"], "role": conf["role"], "n": conf["n"], "runs": conf["runs"],
            "seed": conf["seed"], "status": conf["status"], "score": conf["score"],
            "value_ratio": conf["value_ratio"], "slope_ratio": conf["slope_ratio"],
            "recomputed_tests": check["tests"], "power_text": conf["power_text"]}


def _notes(target: dict, conf: dict) -> tuple[str, ...]:
    if target["kind"] == "lower" or conf["asymptotic"]:
        return ((f"{target['theorem_id']} is a limit statement or has unknown constants: a violation at n = "
                 f"{conf['n']:,} shows that its known part or its rate is not reached by then, it does not "
                 "refute the limit; a linear growth (slope ×10 per decade) is what contradicts it"),)
    return ()


def _decide_instance(target: dict, conf: dict, data: str = "violations.json"):
    def decide(budget_s: float) -> Outcome:
        _check_coefficient(target, conf)
        check = recompute(target, conf)
        if check["violated"] != (conf["status"] == "violated-in-simulation"):
            raise ValueError(f"{target['target']}: the recomputed tests disagree with the record "
                             f"({check['violated']} vs {conf['status']})")
        status = "violated-in-simulation" if check["violated"] else "consistent-in-simulation"
        return Outcome(status, f"simulation (statistical, not exact); record lemmas/data/{data}",
                       notes=_notes(target, conf),
                       evidence={"test": test_text(target["kind"], conf["asymptotic"]), "level": conf["level"],
                                 "multiplicity": "Holm step-down over the family (recomputed here with clickbound.stats)",
                                 "decided_at": f"n = {conf['n']:,}, {conf['runs']} runs, seed {conf['seed']}",
                                 "power": conf["power_text"], **_conf_summary(conf, check)})
    return decide


def _decide_target(target: dict):
    def decide(budget_s: float) -> Outcome:
        rows, violated = [], []
        for conf in target["confirmations"]:
            _check_coefficient(target, conf)
            check = recompute(target, conf)
            rows.append(_conf_summary(conf, check))
            if check["violated"]:
                violated.append(conf["instance"])
        s = target["search"]
        status = "violated-in-simulation" if violated else "consistent-in-simulation"
        conf0 = target["confirmations"][0]
        return Outcome(status, "bound-violation search + confirmation runs (statistical, not exact)",
                       notes=_notes(target, conf0),
                       evidence={"test": test_text(target["kind"], conf0["asymptotic"]), "level": conf0["level"],
                                 "search_size": s["size"], "instances_evaluated": s["evaluated"],
                                 "rounds_simulated_at_most": s["rounds_simulated_at_most"],
                                 "closest_instance": target["closest"]["instance"],
                                 "smallest_ratio": target["closest"]["score"],
                                 "violating_instances": violated, "confirmations": rows})
    return decide


def claim_id(target: dict) -> str:
    name = target["target"]
    if " vs " in name:
        return f"VIOL/{name.split(' vs ')[0]}/{target['policy']}"
    return f"VIOL/{name}/{target['policy']}"


@lru_cache(maxsize=1)
def record() -> dict | None:
    """The committed record (None when it has not been generated)."""
    if not DATA.is_file():
        return None
    return json.loads(DATA.read_text())


#: theorems that are limit statements (lim sup R(n)/log n ≤ C): a finite-n search cannot refute them
LIMIT_STATEMENTS = ("KLUCB-ASYMP",)


def claims_from(rec: dict, data: str = "violations.json") -> list[ProcedureClaim]:
    out = []
    for target in rec["targets"].values():
        base = claim_id(target)
        tid = target["theorem_id"]
        spec = SPEC_IDS.get(tid.split("[")[0])
        src = SOURCES.get(tid, "")
        # a bound the committed record shows violated is registered as expected false (like a
        # source formula registered "as printed" once an erratum shows it wrong); the verdict is
        # still re-decided from the record, and stays statistical
        # ... except a limit statement (KLUCB-ASYMP): exceeding it at a finite n refutes nothing, so
        # no expectation is registered either way
        expected = (None if "recalled" in tid or tid in LIMIT_STATEMENTS
                    else target.get("verdict") != "violated-in-simulation")
        kind = "lower bound" if target["kind"] == "lower" else "upper bound"
        out.append(ProcedureClaim(
            id=base, spec_id=spec, source=src, kind=kind, expected=expected,
            statement_text=_statement(target, None, data), decide=_decide_target(target),
            description=f"bound-violation search ({rec['meta']['profile']} profile); tightness atlas entry"))
        for j, conf in enumerate(target["confirmations"]):
            out.append(ProcedureClaim(
                id=f"{base}/instance-{j}", spec_id=spec, source=src, kind=kind, expected=expected,
                statement_text=_statement(target, conf["instance"]), decide=_decide_instance(target, conf, data),
                description=f"{conf['role']} instance of the search, confirmed at n = {conf['n']:,}, "
                            f"{conf['runs']} runs"))
    return out


@lru_cache(maxsize=1)
def record_lecture() -> dict | None:
    """The committed record of the lecture's bounds (None when it has not been generated)."""
    if not DATA_LECTURE.is_file():
        return None
    return json.loads(DATA_LECTURE.read_text())


@register
def violation_claims():
    rec = record()
    return [] if rec is None else claims_from(rec)


@register
def violation_claims_lecture():
    """VIOL/* of the lecture's bounds (EXP3-BOUND, RBA-ONLINE/paper, DBGD-BOUND), from violations_lecture.json."""
    rec = record_lecture()
    return [] if rec is None else claims_from(rec, DATA_LECTURE.name)


def _violating(rec: dict, target: str) -> list[dict]:
    t = rec["targets"].get(target)
    return [] if t is None else [c for c in t["confirmations"] if c["status"] == "violated-in-simulation"]


def p1_erratum(rec: dict) -> Erratum | None:
    """DCM-P1 for i < K, from the record (None when the record shows no such violation).

    the ERR-DCM-ALG-SELECTION-BIAS leaves open what the biased records do to Theorem 1 and
    to the proposition both theorems rest on; the search decides it in simulation.
    """
    hits = [(t, c) for t in ("DCM-P1[i=1]", "DCM-P1[i=2]", "DCM-P1[i=3]") for c in _violating(rec, t)]
    if not hits:
        return None
    name, c = hits[0]
    k = int(c["instance"]["K"])
    prev = c.get("slopes_previous_decade") or [math.nan]
    t1 = rec["targets"].get("DCM-T1", {})
    t2 = rec["targets"].get("DCM-T2", {})
    return Erratum(
        id="ERR-DCM-P1-DCMKLUCB", spec_id="DCM-P1", source_file=DCM.file,
        location="命題1 (cascade regret R_i(n) of dcmKL-UCB for every i ∈ [K]), used by 定理1 (i = K) and 定理2 "
                 "(every i)",
        source_says="for every i ∈ [K], dcmKL-UCB's cascade regret of its first i positions is "
                    "O(log n), proved by reference to Kveton et al. (2015a)'s cascade analysis",
        truth=(f"{name}: on the DCM {json.dumps(c['instance'], sort_keys=True)} (K = {k}) "
               f"R_{name.split('=')[1].rstrip(']')}(n) grows "
               f"linearly: per-run slope of R_i on log n {c['slope']:.4g} over [n/10, n] at n = {c['n']:,} "
               f"({c['runs']} runs, seed {c['seed']}) against {_f(c['bound_slope']):.4g} for the bound, "
               f"{sum(prev) / len(prev):.4g} over the decade before (violated in simulation, one-sided t, "
               f"Holm, level {c['level']:g}); the cascade analysis assumes each stored observation of an "
               "item is a Bernoulli(w̄) draw, but dcmKL-UCB stores positions up to the last click, selected "
               "by the outcome (ERR-DCM-ALG-SELECTION-BIAS), so the item below position i can be recorded "
               "above the one at i and the top i positions never settle"),
        evidence_claims=tuple(dict.fromkeys(claim_id(rec["targets"][t]) for t, _c in hits))
        + ("FB-UNBIASED/dcmKL-UCB/dcm",),
        conclusion_survives=(
            "Theorem 1 uses the proposition at i = K only (which items are shown, not their order, matters "
            "when v̄ is constant): the search found " +
            ("no violation of DCM-T1" if t1.get("verdict") == "consistent-in-simulation" else
             "a violation of DCM-T1" if t1 else "nothing about DCM-T1 (not searched)") +
            " (VIOL/DCM-T1/dcmKL-UCB); Theorem 2 weights every i and " +
            ("is violated in simulation too (VIOL/DCM-T2/dcmKL-UCB)" if t2.get("verdict") ==
             "violated-in-simulation" else "was not found violated (VIOL/DCM-T2/dcmKL-UCB)")),
        extra={"record": "lemmas/data/violations.json"},
        severity="wrong-result", quotes=(
            r"$$R_i(n) \le \sum_{e=i+1}^{L} \frac{(1+\varepsilon)\Delta_{e",
            "Kveton et al. (2015a)の上限の証明を借りることが可能",
        ))


def _register_errata() -> None:
    rec = record()
    if rec is None:
        return
    e = p1_erratum(rec)
    if e is not None:
        register_erratum(e)


_register_errata()
