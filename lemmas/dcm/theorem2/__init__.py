"""DCM Theorem 2 (source 000, slides "定理2" and "定理2:証明のつづき"; claim IDs ``DCM-T2…``): the Abel
step (``abel``), the single proof steps (``proof_steps``) and the shape of the bound (``shape``)."""
