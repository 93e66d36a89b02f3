"""Source 004 (``004_d9477b3ebe233f80.txt``, the blog post on cascading bandits): its displays, its
CascadeUCB1 and CascadeLinTS code, the Sherman–Morrison update and its experiments."""
