"""clickbound.report — the ``clickbound`` command line and the bound-vs-empirical report.

Computing writes data (``results.json``); rendering reads it.  Nothing imports ``report``.
"""
