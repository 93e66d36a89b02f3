"""DCM Theorem 3, the lower bound (source 000, slides "定理3" and "定理3:証明のつづき"; claim IDs
``DCM-T3…``, ``DCM-FACT…``): the Lai–Robbins chain and the Δ factor (``lower_bound``) and Lemma 2 applied
to realisations (``realisation_step``)."""
