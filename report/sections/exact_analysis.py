"""Section "exact_analysis": what each policy records, where biased records lead, exact regret.

Two exact analyses, no Monte Carlo error in either:

* **feedback** — for every registered policy × click model, the claim ``FB-UNBIASED/<policy>/<model>``
  (``lemmas/studies/feedback_bias.py``): are the statistics the policy records unbiased for what its
  index assumes it estimates?  Proved for every K, or refuted with an exact rational instance; and
  ``FB-FIX/*`` (``lemmas/studies/fixed_point.py``): where biased records settle when the policy
  keeps choosing lists from them, and whether that choice is optimal.
* **exact regret** — :func:`clickbound.sim.exact_regret.report`: the exact expected regret of UCB1,
  KL-UCB, CascadeUCB1 and dcmKL-UCB on small instances (dynamic programming over their statistics,
  exact fractions, the simulator's tie law), with UCB1's finite-time bound as printed and as
  corrected (UCB1-BOUND) evaluated at every T.

The claims' verdicts are taken from the claims section of the same run when it was computed.
"""
from __future__ import annotations

from clickbound.report import doc
from clickbound.report.sections import ComputeContext, RenderContext, Section, register_section

PREFIXES = ("FB-UNBIASED/", "FB-FIX/")


def compute(ctx: ComputeContext) -> dict:
    from clickbound import lemmas
    from clickbound.sim import exact_regret

    claims_entry = ctx.extra.get("sections", {}).get("claims")
    known = {v["claim_id"]: v for v in claims_entry["data"]["verdicts"]} \
        if claims_entry and claims_entry.get("status") == "computed" else {}
    rows = []
    for c in lemmas.catalogue():
        if not c.id.startswith(PREFIXES):
            continue
        v = known.get(c.id) or lemmas.check(c, budget_s=ctx.budget_s).as_dict()
        rows.append({"id": c.id, "statement": c.text(), "status": v["status"],
                     "scope_text": v.get("scope_text") or v["status"],
                     "counterexample": v.get("counterexample"), "method": v["method"]})
    return {"feedback": rows, "exact_regret": exact_regret.report()}


def render(data: dict, rctx: RenderContext) -> list:
    fb = data["feedback"]
    blocks = [doc.p("Exact analyses, no Monte Carlo error. First: does each policy record unbiased "
                    "statistics for what its index assumes it estimates, on each click model it runs on "
                    "(refuted claims give the exact instance)? Second: where biased records settle, and "
                    "whether the limiting choice is optimal. Third: exact expected regret at small n by "
                    "dynamic programming, against UCB1's finite-time bound as printed and corrected.")]
    unb = [r for r in fb if r["id"].startswith("FB-UNBIASED/")]
    rows = [[r["id"].split("/", 1)[1], r["scope_text"],
             "" if not r["counterexample"] else ", ".join(f"{k} = {v}" for k, v in r["counterexample"].items())
             if isinstance(r["counterexample"], dict) else str(r["counterexample"])] for r in unb]
    blocks.append(doc.table(["policy / model", "recorded statistics unbiased?", "exact instance"], rows,
                            caption="What each policy records (FB-UNBIASED/*)"))
    fix = [r for r in fb if r["id"].startswith("FB-FIX/")]
    if fix:
        blocks.append(doc.table(["claim", "statement", "verdict"],
                                [[r["id"], r["statement"], r["scope_text"]] for r in fix],
                                caption="Where biased records settle (FB-FIX/*)"))
    er = data["exact_regret"]
    rrows = []
    for r in er["rows"]:
        viol = r.get("violated_at_as_printed")
        rrows.append([r["instance"], r["policy"], r["model"], r["K"], r["n"], f"{r['regret']:.4g}",
                      r["dp_states"],
                      "" if viol is None else (f"violated at T = {viol[0]}…{viol[-1]}" if viol else "holds"),
                      "" if r.get("violated_at_corrected") is None else
                      ("holds" if not r["violated_at_corrected"] else f"violated at {r['violated_at_corrected']}")])
    blocks.append(doc.table(["instance", "policy", "model", "K", "n", "exact E[regret](n)", "DP states",
                             "UCB1-BOUND as printed", "UCB1-BOUND corrected"], rrows,
                            caption=f"Exact small-horizon regret ({er.get('tie_rule', '')})"))
    return blocks


SECTION = register_section(Section(
    name="exact_analysis", title="Exact analysis: recorded statistics, their limits, small-n regret",
    order=40, compute=compute, render=render,
    description="FB-UNBIASED/FB-FIX claims and sim.exact_regret.report()"))

#: the claim IDs this section reads (``clickbound explain`` lists the section under them)
SPEC_IDS = ("FB-UNBIASED", "FB-FIX", "UCB1-BOUND", "ALG-UCB1", "ALG-KLUCB", "ALG-CASUCB1",
            "ALG-DCMKLUCB")
