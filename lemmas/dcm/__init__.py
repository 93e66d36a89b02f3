"""Source 000 (``000_0b27131c69d8f24c.txt``, study-group slides on DCM bandits): one module per numbered
result (``lemma1`` … ``lemma4``, ``proposition1``, ``theorem1``, ``theorem2``, ``theorem3``) and named
modules for the unnumbered items (``telescoping``, ``order``, ``expectation``, ``algorithm``, ``model``, ``experiments``)."""
