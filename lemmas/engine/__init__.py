"""The claims engine: claim types, verdicts, the registry and the checking methods."""
