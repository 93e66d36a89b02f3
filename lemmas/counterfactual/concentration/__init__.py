"""Source 002's 有用な確率不等式のまとめ: Jensen, Markov, Chebyshev, Hoeffding, Azuma, McDiarmid
(``CONC-…``)."""
