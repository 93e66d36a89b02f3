"""Source 002's unbiased learning-to-rank articles (``ULTR-…``, ``LTR-LOSS``)."""
