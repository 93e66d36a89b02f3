"""Source 002's statistical-learning-theory articles: Rademacher complexity bounds, their steps, the
L_p-loss and finite-class bounds (``CONC-RADEMACHER``)."""
