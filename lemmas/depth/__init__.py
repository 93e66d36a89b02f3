"""Source 001 (``001_eb740855b56fcd8b.txt``, the carousel paper on observable browsing depth; claim IDs
``OD-…``): Lemma 1, Lemma 2, Theorem 1, the model, the reward and the experiments."""
