"""The carousel paper's Lemma 1 (``OD-L1``): Hoeffding at a data-dependent sample size (``hoeffding``),
the exact probability of the bad event for OD-UCB itself (``oducb``), the constant after the peeling
repair (``peeling``) and the union-bound steps of its proof (``proof_steps``)."""
