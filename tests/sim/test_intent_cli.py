"""The intent population runs through the runner and ``clickbound simulate --grid``."""
from clickbound.report.cli import main
from clickbound.sim.envs import from_spec

GRID = """
[[job]]
model = "intent"
P = [[0.9, 0.0, 0.5], [0.0, 0.8, 0.5]]
pi = [0.5, 0.5]
policy = "RBA-UCB1"
K = 2
n = 200
runs = 2
"""


def test_from_spec_builds_an_intent_population():
    env = from_spec({"model": "intent", "P": [[0.9, 0.0], [0.0, 0.8]], "pi": [0.5, 0.5]})
    assert env.model == "intent" and env.spec()["pi"] == [0.5, 0.5]


def test_simulate_grid_runs_on_intent(tmp_path, capsys):
    grid = tmp_path / "g.toml"
    grid.write_text(GRID)
    assert main(["simulate", "--grid", str(grid), "--no-progress", "--workers", "1"]) == 0
    assert "RBA-UCB1 on intent (L=3, K=2), n=200" in capsys.readouterr().out
