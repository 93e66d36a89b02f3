"""The carousel paper's Lemma 1 (``OD-L1``): Hoeffding at a data-dependent sample size (``hoeffding``)
and the exact probability of the bad event for OD-UCB itself (``oducb``)."""
