"""Source 002's article on the regret of UCB1 (``UCB1-…``)."""
