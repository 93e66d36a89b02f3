"""Source 003 (``003_f899901a464da92a.txt``, the Russian lecture notes): stochastic bandits, Gittins,
Thompson sampling, index rules, KL-UCB, dueling bandits and interleaving, ranked bandits, cascading
bandits."""
