"""Claims of Kveton, Szepesvári, Wen, Ashkan, "Cascading Bandits" (ICML 2015), as its reader states them.

The paper's text is not shipped: every ``source`` names the theorem (section, no page: the pages could
not be checked against the text) and ``paper.txt`` holds only the reader's own summary.  What the
paper leaves unspecified is named in each claim: Theorem 3's constant ``C`` (``C_2(ε)``, ``β(ε)``) and
its ``ε``; Theorem 4's statement is a ``liminf``, so only its coefficient of ``log n`` is compared.

Stand-ins (real symbols for quantities the engine cannot decide over directly):
``k`` for the KL divergence ``D(p − Δ ‖ p)`` (or ``D(w(e) ‖ w(K))``) with the premise ``k ≥ 2Δ²``,
Pinsker's inequality — proved in the package's catalogue as ``KL-PINSKER``; ``l`` for ``log(1/Δ)``,
``≥ 0`` because ``Δ ≤ 1``; ``x`` for ``(1 − p)^{K−1}`` (linked and checked by the inductions).
"""
import sympy as sp

from clickbound.bounds.kl import kl_sym
from clickbound.integers import Induction, IntegerClaim
from clickbound.lemmas import Claim, register

K, p, D, k, l, x = sp.symbols("K p Delta k l x")
R = sp.Rational
P_BOX = (0, 1)
D_BOX = (R(1, 100), 1)  # Δ ≥ 1/100 (the reader's choice of range; the paper's gaps are in (0, 1])
K_BOX = (R(2, 10000), 10)  # the KL stand-in: ≥ 2Δ² ≥ 2·10⁻⁴ on D_BOX
PINSKER = sp.Ge(k, 2 * D ** 2)
T2, T3, T4 = ("Kveton et al. 2015, Theorem 2 (Section 4; page not checked)",
              "Kveton et al. 2015, Theorem 3 (Section 4; page not checked)",
              "Kveton et al. 2015, Theorem 4 (Section 4; page not checked)")
XLINK = {x: ((1 - p) ** (K - 1), (0, 1))}
XSTEP = {x: (1 - p) * x}


@register
def cascading_bandits_claims():
    # Theorem 4's coefficient (L−K)Δ(1−p)^{K−1}/D(p−Δ‖p) against Theorem 3's at ε → 0 on the same family
    # (every suboptimal gap Δ): both carry (L−K)Δ/D(p−Δ‖p), so the claim is (1−p)^{K−1} ≤ 1 + log(1/Δ).
    lower_le_t3 = sp.Le((1 - p) ** (K - 1), 1 + l)
    yield Induction(
        id="CB-T4<=T3", predicate=lower_le_t3, param=K, start=1, domain={p: P_BOX, l: (0, 50)},
        link=XLINK, recurrence=XSTEP, source=f"{T4} against {T3}", expected=True,
        description="lower bound ≤ upper bound on Theorem 4's family, every K ≥ 1 (l = log(1/Δ) ≤ 50, "
                    "i.e. Δ ≥ e^-50); Theorem 3's ε and C do not enter the log n coefficient at ε → 0")
    yield IntegerClaim(
        id="CB-T4<=T3[K=1..6]", statement=lower_le_t3, domain={p: P_BOX, l: (0, 50)}, integers={K: (1, 6)},
        source=f"{T4} against {T3}", expected=True, description="the same, as instances K = 1..6")
    # Theorem 4's coefficient against Theorem 2's (L−K)·12/Δ: Δ(1−p)^{K−1}/D(p−Δ‖p) ≤ 12/Δ given Pinsker
    lower_le_t2 = sp.Le(D * (1 - p) ** (K - 1) / k, 12 / D)
    yield Induction(
        id="CB-T4<=T2", predicate=lower_le_t2, param=K, start=1, domain={p: P_BOX, D: D_BOX, k: K_BOX},
        link=XLINK, recurrence=XSTEP, assumptions=(PINSKER,), source=f"{T4} against {T2}", expected=True,
        description="lower bound ≤ CascadeUCB1's bound on Theorem 4's family, every K ≥ 1; premise k ≥ 2Δ² "
                    "(Pinsker, KL-PINSKER)")
    # Theorem 3's per-item coefficient against Theorem 2's, item by item: Δ(1 + log(1/Δ))/D(w(e)‖w(K)) ≤ 12/Δ
    # given Pinsker, which needs log(1/Δ) ≤ 23: true for Δ ≥ e^-23; with l up to 24 it fails (the mutant)
    t3 = sp.Le(D * (1 + l) / k, 12 / D)
    yield Claim(id="CB-T3<=T2", statement=t3, domain={D: D_BOX, k: K_BOX, l: (0, 23)}, assumptions=(PINSKER,),
                source=f"{T3} against {T2}", expected=True,
                description="per suboptimal item, ε → 0; l = log(1/Δ) ≤ 23 (Δ ≥ e^-23); premise k ≥ 2Δ²")
    yield Claim(id="CB-T3<=T2/l<=24", statement=t3, domain={D: D_BOX, k: K_BOX, l: (0, 24)},
                assumptions=(PINSKER,), source=f"{T3} against {T2}, range stretched to log(1/Δ) ≤ 24 (a mutant)",
                expected=False, description="Pinsker's 2Δ² gives only 24 ≥ 1 + l: false once l > 23")
    # the same comparison with the KL itself (no stand-in): transcendental, for the engine's search
    pp = sp.Symbol("p")
    box = {pp: (R(1, 10), R(9, 10)), D: D_BOX}
    gap_ok = (sp.Le(D, pp - R(1, 100)),)
    yield Claim(id="CB-T4<=T2/direct[K=1]", statement=sp.Le(D / kl_sym(pp - D, pp), 12 / D), domain=box,
                assumptions=gap_ok, source=f"{T4} against {T2}, K = 1, with D(p−Δ‖p) itself", expected=True)
    yield Claim(id="CB-T4<=T2/direct[K=1]/constant-1/4", statement=sp.Le(D / kl_sym(pp - D, pp), R(1, 4) / D),
                domain=box, assumptions=gap_ok, expected=False,
                source=f"{T4} against {T2} with 12 replaced by 1/4 (a mutant: Pinsker allows 1/2 at best)")
