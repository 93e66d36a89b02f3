"""Source 002's article Causal Embeddingsの解説と追試 (``CAUSE-…``)."""
