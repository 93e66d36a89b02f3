"""The carousel paper's Theorem 1 (``OD-T1``, ``OD-VS-PBM``): the statement and Remark 1
(``statement``), its proof step by step (``proof``), the second-best ranking (``second_best``)."""
