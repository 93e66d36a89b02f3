"""Every experiment's settings build valid environments and bounds under both profiles.

Cheap (no simulation): catches a grid value outside a model's domain before a long run does
(the paper grid of EXP-DCM-2a once held Δ = 0.25 > p = 0.2).
"""
import pytest

from clickbound.report.experiments import experiment_sections as experiments
from clickbound.report.experiments import profile_key
from clickbound.report.sections import PROFILES


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("name", sorted(experiments()))
def test_settings_build(name, profile):
    exp = experiments()[name]
    key = profile_key(exp, profile)
    settings = exp.settings(key)
    assert settings, f"{exp.id} has no settings for {profile}"
    n = exp.sizes[key].n
    for s in settings:
        env = s.make_env()
        K = s.K if s.K is not None else env.K
        assert 1 <= K, s.label
        for b in s.bounds:
            b.at(n)  # raises ValueError on an instance outside the theorem's domain
