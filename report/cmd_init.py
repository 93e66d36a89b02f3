"""Scaffold a project folder for a paper of your own: ``clickbound init DIR``.

Writes ``project.toml``, ``paper.txt``, ``ledger.toml``, ``claims.py``, ``bounds.py`` and
``policies.py`` (each a small working example to replace with the paper's own), then::

    cd DIR
    clickbound claims            # the project's claims decided (or --project DIR from elsewhere)
    clickbound check MY-PINSKER  # one claim with its evidence
    clickbound ledger            # the paper's ledger: verdicts, coverage of its displayed formulas
    clickbound simulate --model cascade --w 0.5 0.3 0.2 --K 1 --policy MyEpsGreedy --n 2000 --runs 4
    clickbound violations        # search the project's TARGETS -> out/violations.json
    clickbound report            # claims, ledger, bound-vs-regret comparisons -> out/report/

Nothing is written inside the installed package; commands write under ``DIR/out/``.
"""
from __future__ import annotations

from pathlib import Path

FILES = {
    "project.toml": '''# A clickbound project: one paper, its claims, bounds, policies and ledger (clickbound init).
name = "{name}"
title = "Replace with the paper's title"

[paper]
authors = "Replace with the authors"
venue = "Replace with venue and year"
text = "paper.txt holds the text, an excerpt, or a summary clearly labelled as the reader's own"
''',
    "paper.txt": '''EXCERPT (replace with the paper's text, an excerpt, or your own summary labelled as such)

Lemma 1. For every p, q in [1/100, 99/100] the Bernoulli KL divergence satisfies
$$ D(p \\| q) \\ge 2 (p - q)^2 $$
Lemma 2. For every integer K >= 1 and p in [0, 1],
$$ (1 - p)^{{K - 1}} \\le 1 $$
Theorem 1. The regret of CascadeUCB1 is at most sum over e > K of 12 / Delta log n + pi^2 / 3 L.
''',
    "ledger.toml": '''# The paper's ledger, in the format of the package's lemmas/ledger/*.toml: every entry locates a line of
# paper.txt by a verbatim quote and gives it a verdict (verified / erratum / gap / definition / open /
# not-checkable) citing the claims behind it.
source = "paper.txt"
complete = false

[[entry]]
quote = 'D(p \\| q) \\ge 2 (p - q)^2'
kind = "statement"
verdict = "open"
claims = ["MY-PINSKER"]
note = "Pinsker's inequality for Bernoulli laws; the engine needs a derivation to prove a transcendental claim."

[[entry]]
quote = '(1 - p)^{{K - 1}} \\le 1'
kind = "statement"
verdict = "verified"
claims = ["MY-POWER"]
note = "Proved for every K >= 1 by induction (base case and step checked)."

# The results table (`clickbound results`): one row per stated result, with its status (holds /
# holds-after-repair / fails / unproved / not-checkable), the claims behind it and any errata.
[[result]]
name = "Lemma 1 (Pinsker for Bernoulli laws)"
kind = "lemma"
quote = "Lemma 1. For every p, q in [1/100, 99/100]"
status = "unproved"
claims = ["MY-PINSKER"]
note = "Not yet proved here: the engine needs a derivation for a claim with a logarithm."

[[result]]
name = "Lemma 2"
kind = "lemma"
quote = "Lemma 2. For every integer K >= 1 and p in [0, 1]"
status = "holds"
claims = ["MY-POWER"]
note = "MY-POWER is proved for every K >= 1 by induction."
''',
    "claims.py": '''"""The paper's claims, registered like the package's catalogue (``@register`` factories).

Say in each claim where it comes from (``source``: theorem or equation, page) and what the paper
leaves unspecified.  Claim shapes: ``Claim`` (a relation over a box), ``IntegerClaim`` (integer
parameters on a finite range: every value an instance), ``Induction`` (every integer value), and
``ProcedureClaim`` (your own decision procedure: a derivation whose every step is checked as it is
recorded, an exact computation, a counterexample), built with the claim kit
``clickbound.lemmas.support.kit`` as the package's own catalogue builds its claims.
"""
import sympy as sp

from clickbound.bounds.kl import kl_sym
from clickbound.integers import Induction, IntegerClaim
from clickbound.lemmas import Claim, register
from clickbound.lemmas.support.kit import Derivation, ProcedureClaim, derived

p, q, K, x = sp.symbols("p q K x")
BOX = (sp.Rational(1, 100), sp.Rational(99, 100))


def gauss_sum_proof():
    """Σ_(k=1)^n k = n(n+1)/2 for every n ≥ 1: one step, checked by sympy when it is recorded."""
    k, n = sp.symbols("k n", integer=True, positive=True)
    d = Derivation("Gauss's sum by sympy's closed-form summation")
    d.equal("Σ_(k=1)^n k = n(n+1)/2", sp.summation(k, (k, 1, n)), n * (n + 1) / 2)
    return d.artefact()


@register
def my_claims():
    yield Claim(id="MY-PINSKER", statement=sp.Ge(kl_sym(p, q), 2 * (p - q) ** 2), domain={{p: BOX, q: BOX}},
                source="paper.txt, Lemma 1", expected=True)
    yield Claim(id="MY-PINSKER/constant-3", statement=sp.Ge(kl_sym(p, q), 3 * (p - q) ** 2),
                domain={{p: BOX, q: BOX}}, source="paper.txt, Lemma 1 with 3 for 2 (a mutant)", expected=False)
    yield IntegerClaim(id="MY-POWER/K=1..4", statement=sp.Le((1 - p) ** (K - 1), 1), domain={{p: (0, 1)}},
                       integers={{K: (1, 4)}}, source="paper.txt, Lemma 2", expected=True)
    yield Induction(id="MY-POWER", predicate=sp.Le((1 - p) ** (K - 1), 1), param=K, start=1, domain={{p: (0, 1)}},
                    link={{x: ((1 - p) ** (K - 1), (0, 1))}}, recurrence={{x: (1 - p) * x}},
                    source="paper.txt, Lemma 2", expected=True)
    yield ProcedureClaim(id="MY-GAUSS", statement_text="Σ_(k=1)^n k = n(n+1)/2 for every n ≥ 1",
                         decide=derived(gauss_sum_proof, "derivation (sympy summation)"),
                         source="paper.txt, eq. (3)", kind="identity", expected=True)
''',
    "bounds.py": '''"""The paper's bounds, the violation-search targets (``TARGETS``) and the report's comparisons
(``COMPARISONS``: keyword arguments of ``clickbound.report.bound_vs_sim.compare_bound``)."""
import math

from clickbound.bounds.result import BoundResult
from clickbound.report.bound_vs_sim import target


def my_bound(inst, n):
    """paper.txt, Theorem 1: R(n) <= sum_(e > K) 12/Delta_(e,K) log n + (pi^2/3) L (finite-time upper bound)."""
    w = sorted(inst["w"], reverse=True)
    K = inst["K"]
    gaps = [w[K - 1] - x for x in w[K:]]
    coef = math.inf if min(gaps) <= 0 else sum(12.0 / g for g in gaps)
    return BoundResult(theorem_id="MY-BOUND", source="paper.txt, Theorem 1", kind="upper", n=n,
                       value=coef * math.log(n) + math.pi ** 2 / 3 * len(w), log_coefficient=coef, asymptotic=False)


TARGETS = [target("MY-BOUND vs CascadeUCB1", my_bound, "CascadeUCB1", "cascade")]
COMPARISONS = [
    dict(title="Theorem 1 against CascadeUCB1", name="MY-BOUND", bound_fn=my_bound, policy="CascadeUCB1",
         env_family="cascade", instance={{"w": [0.5, 0.3, 0.2, 0.1], "K": 2}}, n=2000, runs=4, seed=0),
    dict(title="Theorem 1 against MyEpsGreedy (not the policy it is about)", name="MY-BOUND", bound_fn=my_bound,
         policy="MyEpsGreedy", env_family="cascade", instance={{"w": [0.5, 0.3, 0.2, 0.1], "K": 2}}, n=2000,
         runs=4, seed=0),
]
''',
    "policies.py": '''"""The paper's policies.  A plain Python class is enough (``python_only=True``): ``simulate`` runs it
in the readable reference loop (slower than a numba kernel; fine for small n).  The package's policies
(CascadeUCB1, CascadeKL-UCB, dcmKL-UCB, ...) are used by name."""
import numpy as np

from clickbound import sim
from clickbound.sim.ties import topk_random_ties


@sim.register_policy("MyEpsGreedy", models=("cascade",), python_only=True)
class MyEpsGreedy(sim.Policy):
    """epsilon-greedy on the empirical attraction probabilities; cascade feedback (items up to the click)."""

    def __init__(self, L, K, pol_rng, eps=0.1):
        super().__init__(L, K, pol_rng)
        self.eps = float(eps)
        self.clicks = np.zeros(L)
        self.views = np.zeros(L)

    def select(self, t):
        if self.rng.random() < self.eps:
            return self.rng.permutation(self.L)[: self.K]
        mean = np.where(self.views > 0, self.clicks / np.maximum(self.views, 1), 1.0)
        return topk_random_ties(mean, self.K, self.rng)

    def update(self, t, A, obs):
        c = np.asarray(obs.clicks)
        last = int(np.flatnonzero(c)[0]) if c.any() else len(A) - 1
        for k in range(last + 1):
            self.views[A[k]] += 1
            self.clicks[A[k]] += c[k]
''',
}


def add_arguments(p):
    p.add_argument("dir", help="the folder to create (its name is the project's name)")
    p.add_argument("--force", action="store_true", help="overwrite the files of an existing project")


def scaffold(d: Path, force: bool = False) -> list[Path]:
    import clickbound

    d = Path(d).expanduser().resolve()
    pkg = Path(clickbound.__file__).resolve().parent
    if "site-packages" in pkg.parts and (d == pkg or pkg in d.parents):
        raise ValueError(f"{d} is inside the installed package: a project lives in a folder of its own")
    if (d / "project.toml").exists() and not force:
        raise ValueError(f"{d} already holds a project (project.toml); --force overwrites its files")
    d.mkdir(parents=True, exist_ok=True)
    out = []
    for name, text in FILES.items():
        f = d / name
        f.write_text(text.format(name=d.name), encoding="utf-8")
        out.append(f)
    return out


def run(args) -> int:
    files = scaffold(Path(args.dir), args.force)
    print(f"created project {Path(args.dir).name!r} in {Path(args.dir).resolve()}: "
          + ", ".join(f.name for f in files))
    print(f"next: cd {args.dir} && clickbound claims   (or: clickbound claims --project {args.dir})")
    return 0
