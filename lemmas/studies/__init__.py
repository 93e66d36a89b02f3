"""Studies across the sources: what the policies record (feedback bias, fixed points), where the
theorems fail (violation search), whether coverage checks can fail (mutants), repairs at their weakest
assumption."""
