"""Code the catalogue modules share that registers no claim: exact probability tools, the derivation
recorder, DCM algebra, feedback rules, EM for click logs, the coverage-mutant search."""
