"""Speed of the partitioned-ratio estimator: the Senate path end to end (Liu et al. §6.2), against a direct
O(n² p₁ p₂) evaluation.

python benchmarks/bench_partitioned.py # writes its section of BENCHMARKS.md"""

import time, platform
import numpy as np
from mrflit.datasets import senate109
from mrflit.partitioned import PartitionedRatio, feature_maps, mlmi_objective, _direct_objective
from _report import write_section


def med(f, r=3):
    ts = []
    for _ in range(r):
        t = time.perf_counter()
        f()
        ts.append(time.perf_counter() - t)
    return float(np.median(ts))


def main():
    s = senate109("full")
    P = np.array(s.parties)
    g1, g2 = np.flatnonzero(P != "R"), np.flatnonzero(P == "R")
    path = med(lambda: PartitionedRatio((g1, g2)).fit(s.votes, names=s.names))
    pr = PartitionedRatio((g1, g2)).fit(s.votes, names=s.names)
    X = s.votes.astype(float)
    X = (X - X.mean(0)) / X.std(0)
    maps = feature_maps(X[:, g1], X[:, g2])
    T = pr.coef_
    fast = med(lambda: mlmi_objective(T, maps), 5)
    sub = np.arange(0, 645, 3)  # the direct evaluation on a third of the roll calls (memory: n² p₁ p₂)
    Xs = X[sub]
    slow = (
        med(lambda: _direct_objective(T, Xs[:, g1], Xs[:, g2], lambda a, b: a * b), 1) * (645 / len(sub)) ** 2
    )
    L = [
        "## Partitioned ratio (`bench_partitioned.py`)",
        "",
        f"109th Senate, 645 × 100, groups D + Indep (45) / R (55); {platform.machine()}.",
        "",
        "| what | seconds |",
        "|---|---|",
        f"| the whole λ path (λ_max → > 15 passages, {len(pr.lambdas_)} steps, {len(pr.passages_)} passages) "
        f"| {path:.2f} |",
        f"| one objective + gradient, matrix form O(n p₁ p₂ + n² p₂) | {fast:.4f} |",
        f"| one objective + gradient, direct O(n² p₁ p₂) (timed on n = 215, scaled by n²) | {slow:.2f} "
        f"({slow / fast:.0f}× slower) |",
    ]
    write_section("partitioned", "\n".join(L))
    print("\n".join(L))


if __name__ == "__main__":
    main()
