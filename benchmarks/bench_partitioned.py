"""Speed of the partitioned-ratio estimator: the Senate path end to end (Liu et al. §6.2) with product and
one-hot features, one objective evaluation in matrix form against the direct O(n² Σ b) sum, and a large-n fit
by the incomplete U-statistic.

python benchmarks/bench_partitioned.py # writes its section of BENCHMARKS.md"""

import platform
import time
import numpy as np
from mrflit.datasets import senate109
from mrflit.partitioned import (
    PartitionedRatio,
    callable_design,
    encode_variables,
    mlmi_direct,
    mlmi_objective,
    separable_design,
)
from _report import median_time, write_section


def med(f, r=3):
    return median_time(f, r)


def main():
    s = senate109("full")
    P = np.array(s.parties)
    g1, g2 = np.flatnonzero(P != "R"), np.flatnonzero(P == "R")
    fit = lambda **kw: PartitionedRatio((g1, g2), **kw).fit(s.votes, names=s.names)
    path = med(fit)
    cross = med(lambda: fit(pairs="cross"))
    pr = fit()
    cat = senate109(coding="categorical")
    fit_cat = lambda: PartitionedRatio(
        (g1, g2), features="onehot", levels=[0, 1, 2], rare_levels="reference"
    ).fit(cat.votes)
    t_cat = med(fit_cat)
    pc = fit_cat()
    X = s.votes.astype(float)
    X = (X - X.mean(0)) / X.std(0)
    design = separable_design(*encode_variables(X, "product")[:2], g1, g2)
    v = np.concatenate(list(pr.pair_coef_.values()))
    fast = med(lambda: mlmi_objective(v, design), 5)
    sub = np.arange(0, 645, 9)  # the direct sum on a ninth of the roll calls (memory: n² Σ b), scaled by n²
    slow_design = callable_design(X[sub], lambda a, b: a * b, g1, g2)
    slow = med(lambda: mlmi_direct(v, X[sub], slow_design, lambda a, b: a * b), 1) * (645 / len(sub)) ** 2
    rng = np.random.default_rng(0)
    Xbig = rng.normal(size=(200_000, 10))
    Xbig[:, 5] += 0.5 * Xbig[:, 0]
    t0 = time.perf_counter()
    big = PartitionedRatio((range(5), range(5, 10)), lam=0.05).fit(Xbig)
    t_big = time.perf_counter() - t0
    L = [
        "## Partitioned ratio (`bench_partitioned.py`)",
        "",
        f"109th Senate, 645 × 100, groups D + Indep (45) / R (55); {platform.machine()}.",
        "",
        "| what | seconds |",
        "|---|---|",
        f"| the λ path, product features, all pairs (λ_max → > 15 passages, {len(pr.lambdas_)} steps, "
        f"{len(pr.passages_)} passages) | {path:.2f} |",
        f"| the same path, cross pairs only | {cross:.2f} |",
        f"| the λ path, ternary votes as one-hot features (b = 4, {pc.design_.n_params:,} parameters, "
        f"{len(pc.lambdas_)} steps) | {t_cat:.2f} |",
        f"| one objective + gradient, all pairs, matrix form | {fast:.4f} |",
        f"| one objective + gradient, direct O(n² Σ b) sum (timed on n = {len(sub)}, scaled by n²) "
        f"| {slow:.1f} ({slow / fast:.0f}× slower) |",
        f"| n = 200,000, p = 10, incomplete U-statistic (B = {big.n_pairs_:,} pairs; the complete one "
        f"would need 298 GiB), one λ, {len(big.passages_)} passage(s) | {t_big:.1f} |",
    ]
    write_section("partitioned", "\n".join(L))
    print("\n".join(L))


if __name__ == "__main__":
    main()
