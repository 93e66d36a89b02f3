"""Source 002 (``002_3ec5ec57f55c1fdf.txt``, a collection of articles): unbiased learning to rank
(``ultr``), statistical learning theory (``learning_theory``), the UCB1 regret proof (``ucb1``),
concentration inequalities (``concentration``) and causal embeddings (``causal_embeddings``)."""
