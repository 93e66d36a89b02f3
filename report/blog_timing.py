"""Source 004's code as written (pandas and all), run to reproduce the blog's timing table.

Source ``004_d9477b3ebe233f80.txt``, "CascadeLinTSのPython実装": "10000stepの速度" —

=========  ===========  ============
L          CascadeUCB1  CascadeLinTS
=========  ===========  ============
16         0.00002秒     15秒
256        3秒           24秒
3000       28秒          4分46秒
=========  ===========  ============

and "CascadeLinTSのget_listで100msオーダーの時間がかかっていました", "L=3000で1回のstepが大体28msくらい".

The classes and functions below are the blog's lines (``gen_items``, ``CascadingModelEnv``,
``CascadeUCB1Agent``, ``CascadeLinTSAgent``, ``f``, ``regret``, ``simulate``), with two changes that
do not touch what is timed: the global random states the blog uses (``random``,
``np.random``, and scipy's ``bernoulli.rvs``, which draws from ``np.random``) are seeded from a
``SeedSequence`` and restored afterwards, and ``tqdm`` writes its bar to a string buffer.  The
blog's methods read a module-level ``E`` (``range(len(E))``, ``sorted(E, ...)``): :func:`time_cell`
sets it, as the blog's loop does with ``E = df['weight'].to_list()``.

Nothing here is used by a simulation: the timings are wall-clock measurements of this machine,
shown beside the blog's; tests never assert them.
"""
from __future__ import annotations

import io
import math
import random
import time

import numpy as np

STEPS = 10_000  # the blog's steps=10000
K_BLOG = 4
TAGS_WITH_WEIGHT = {"AWS": 0.1, "Docker": 0.2, "Elasticsearch": 0.15, "GCP": 0.08, "Git": 0.05, "NLP": 0.23,
                    "Rust": 0.3, "Scala": 0.18, "機械学習": 0.25, "強化学習": 0.2}
#: the blog's table, in seconds
BLOG_SECONDS = {("CascadeUCB1", 16): 0.00002, ("CascadeUCB1", 256): 3.0, ("CascadeUCB1", 3000): 28.0,
                ("CascadeLinTS", 16): 15.0, ("CascadeLinTS", 256): 24.0, ("CascadeLinTS", 3000): 4 * 60 + 46.0}
BLOG_GET_LIST_S = 0.1  # "100msオーダー"
BLOG_STEP_S_3000 = 0.028  # "大体28ms"

E: list = []  # the blog's global E


def gen_items(tags, L, sigma=0.01):
    import pandas as pd

    tag_ids = list(tags.keys())
    weights = []
    features = []
    for i in range(L):
        n = random.randint(1, 3)
        tag_samples = random.sample(tag_ids, n)

        w = 0
        one_hot = []
        for t in tag_ids:
            if t in tag_samples:
                w += random.gauss(tags[t], sigma)
                one_hot.append(1)
            else:
                one_hot.append(0)

        vec = np.array(one_hot)
        features.append(vec.reshape(len(vec), 1))
        weights.append(w)

    df = pd.DataFrame({'id': list(range(len(weights))),
                       'weight': weights,
                       'feature': features})
    return df


class CascadingModelEnv:
    def __init__(self, E: list[float]):
        self.E = E

    def click(self, A: list[int]) -> int:
        for i, item in enumerate(A):
            if self.E[item] > np.random.random():
                return i + 1
        return -1

    def weights(self, A: list[int]) -> list[float]:
        return [self.E[i] for i in A]

    def optimal_weights(self, k: int) -> list[float]:
        return sorted(E, reverse=True)[:k]


class CascadeUCB1Agent:
    def __init__(self, E: list[float], p: float):
        from scipy.stats import bernoulli

        self.t = 1
        self.counts = [1 for _ in range(len(E))]
        self.weights = [bernoulli.rvs(p=p) for _ in range(len(E))]

    def ucb(self, e: int):
        return self.weights[e] + math.sqrt(1.5 * math.log(self.t - 1) / self.counts[e])

    def get_list(self, k: int) -> list[int]:
        self.t += 1
        ucbs = [self.ucb(e) for e in range(len(E))]
        return sorted(range(len(ucbs)), key=lambda i: ucbs[i], reverse=True)[:k]

    def is_click(self, click: int, k: int) -> int:
        return 1 if click == k else 0

    def observe(self, a: list[int], click: int) -> None:
        if click == -1:
            click = len(a)

        for i in range(min(len(a), click)):
            e = a[i]
            before_count = self.counts[e]
            self.counts[e] += 1
            self.weights[e] = ((before_count * self.weights[e]) + self.is_click(click, i + 1)) / self.counts[e]


class CascadeLinTSAgent:
    def __init__(self, d: int, sigma: float, features):
        self.sigma = sigma
        self.features = features
        self.InvM = np.eye(d)
        self.B = np.zeros(d).reshape(d, 1)

    def get_list(self, k: int) -> list[int]:
        before_theta = (self.sigma ** -2) * self.InvM.dot(self.B)
        theta = np.random.multivariate_normal(mean=before_theta.ravel(), cov=self.InvM)
        weights = self.features['feature'].apply(lambda x: x.T.dot(theta)).to_list()
        return sorted(range(len(weights)), key=lambda i: weights[i], reverse=True)[:k]

    def is_click(self, click: int, k: int) -> int:
        return 1 if click == k else 0

    def observe(self, a: list[int], click: int) -> None:
        if click == -1:
            click = len(a)

        for i in range(min(len(a), click)):
            e = a[i]
            x = self.features[self.features['id'] == e]['feature'].to_list()[0]

            self.InvM = self.InvM - (self.InvM.dot(x).dot(x.T).dot(self.InvM)) / (
                x.T.dot(self.InvM).dot(x) + self.sigma ** 2)
            if self.is_click(click, i + 1):
                self.B = self.B + x


def f(weights: list[float]) -> float:
    v = 1
    for w in weights:
        v *= (1 - w)
    return 1 - v


def regret(optimal_weights: list[float], weights: list[float]) -> float:
    return f(optimal_weights) - f(weights)


def simulate(agent, env, k: int, steps: int) -> list[float]:
    from tqdm import tqdm

    optimal_weights = env.optimal_weights(k=k)

    cumulative_regret = 0
    regret_cumulative_history = []
    for i in tqdm(range(steps), file=io.StringIO()):
        a = agent.get_list(k=k)
        click = env.click(a)
        agent.observe(a, click)

        setting_weights = env.weights(a)
        cumulative_regret += regret(optimal_weights, setting_weights)
        regret_cumulative_history.append(cumulative_regret)

    return regret_cumulative_history


def time_cell(agent_name: str, L: int, steps: int, seed: int, get_list_calls: int = 20) -> dict:
    """Run the blog's ``simulate`` for ``steps`` steps of one table cell and time it.

    Returns the wall time, seconds per step, the 10^4-step time that implies, the mean time of
    ``get_list`` alone (``get_list_calls`` calls after the run) and the final cumulative regret.
    The global random states are seeded from ``SeedSequence([seed, L, agent])`` and restored.
    """
    global E
    ss = np.random.SeedSequence([int(seed), int(L), 0 if agent_name == "CascadeUCB1" else 1])
    s_random, s_np = (int(x) for x in ss.generate_state(2))
    saved = random.getstate(), np.random.get_state(), E
    try:
        random.seed(s_random)
        np.random.seed(s_np)
        df = gen_items(tags=TAGS_WITH_WEIGHT, L=L)
        E = df['weight'].to_list()
        env = CascadingModelEnv(E=E)
        if agent_name == "CascadeUCB1":
            agent = CascadeUCB1Agent(E=E, p=0.2)
        elif agent_name == "CascadeLinTS":
            agent = CascadeLinTSAgent(d=len(TAGS_WITH_WEIGHT), sigma=1, features=df.drop('weight', axis=1))
        else:
            raise ValueError(f"agent must be CascadeUCB1 or CascadeLinTS, got {agent_name!r}")
        t0 = time.perf_counter()
        hist = simulate(agent=agent, env=env, k=K_BLOG, steps=steps)
        wall = time.perf_counter() - t0
        t1 = time.perf_counter()
        for _ in range(get_list_calls):
            agent.get_list(k=K_BLOG)
        gl = (time.perf_counter() - t1) / get_list_calls
    finally:
        random.setstate(saved[0])
        np.random.set_state(saved[1])
        E = saved[2]
    return {"agent": agent_name, "L": L, "steps": steps, "wall_s": wall, "s_per_step": wall / steps,
            "implied_10k_s": wall / steps * STEPS, "get_list_s": gl, "final_regret": float(hist[-1]),
            "blog_s": BLOG_SECONDS[(agent_name, L)]}


def consistency(cells: list[dict]) -> list[list[str]]:
    """The table's internal consistency, from its own numbers and from the measured ratios."""
    b = BLOG_SECONDS
    rows = []
    # CascadeUCB1's cost per step is affine in L (L index evaluations and a sort of L values): the
    # L = 256 and L = 3000 entries fix the line, which predicts the L = 16 entry
    slope = (b[("CascadeUCB1", 3000)] - b[("CascadeUCB1", 256)]) / (3000 - 256)
    pred16 = b[("CascadeUCB1", 256)] - slope * (256 - 16)
    rows.append([("CascadeUCB1, L = 16: the affine line through the table's L = 256 and L = 3000 entries "
                 "predicts"), f"{pred16:.3g} s", (f"table: {b[('CascadeUCB1', 16)]:g} s "
                 f"({pred16 / b[('CascadeUCB1', 16)]:.3g}× smaller than predicted)")])
    per_step = b[("CascadeLinTS", 3000)] / STEPS
    rows.append(["CascadeLinTS, L = 3000: 4 min 46 s / 10^4 steps", f"{per_step * 1000:.3g} ms per step",
                 "the text's '大体28ms': consistent"])
    rows.append(["CascadeLinTS get_list '100msオーダー' against the table", ("≤ 28.6 ms mean (a step contains a "
                 "get_list)"), (f"{BLOG_GET_LIST_S / per_step:.2g}× the whole step's mean: inconsistent for the "
                 "mean; 10^4 get_list calls of 100 ms would take ≥ 1000 s > 286 s")])
    here = {(c["agent"], c["L"]): c for c in cells}
    ratios = {k: b[k] / v["implied_10k_s"] for k, v in here.items() if v["implied_10k_s"] > 0}
    if ratios:
        rest = [r for k, r in ratios.items() if k != ("CascadeUCB1", 16)]
        if rest:
            rows.append(["ratio blog / this machine over the five other cells", f"{min(rest):.3g} – {max(rest):.3g}",
                         "one machine would give one ratio up to noise and library versions"])
        if ("CascadeUCB1", 16) in ratios:
            rows.append(["ratio blog / this machine, CascadeUCB1 L = 16", f"{ratios[('CascadeUCB1', 16)]:.3g}",
                         "out of line with every other cell"])
    if ("CascadeLinTS", 3000) in here:
        c = here[("CascadeLinTS", 3000)]
        rows.append(["CascadeLinTS, L = 3000, get_list here", f"{c['get_list_s'] * 1000:.3g} ms",
                     f"{c['get_list_s'] / c['s_per_step']:.0%} of a step measured here"])
    return rows
