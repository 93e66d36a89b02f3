"""DCM Theorem 3, the lower bound (source 000, slides "定理3" and "定理3:証明のつづき"; claim IDs
``DCM-T3…``, ``DCM-FACT…``, ``DCM-T13…``): the Lai–Robbins chain and the Δ factor (``lower_bound``),
Lemma 2 applied to realisations (``realisation_step``, shared code), the single proof steps
(``proof_steps``) and the comparison with Theorem 1 on ``B_LB`` (``shape``)."""
