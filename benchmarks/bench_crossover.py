"""Where exact enumeration stops paying: `IsingLasso` with exact moments against persistent Gibbs chains
on the same data (the issue's scale: about 4 neighbours, ±1 couplings |θ| ∈ [0.3, 0.6], recoded to 0/1,
n = 5,000, λ = √(log p / n)), median time of three fits each and their ratio, for p up to enumeration's
limit (`MAX_EXACT_P`); `solver="auto"` enumerates up to `EXACT_MAX_P`.

python benchmarks/bench_crossover.py  # writes its section of BENCHMARKS.md"""

import time, warnings
import numpy as np
from mrflit.models import random_mrf
from mrflit.gibbs import sample_data
from mrflit.exact import MAX_EXACT_P
from mrflit.ising_lasso import IsingLasso, EXACT_MAX_P
from _report import write_section


def timed(est, X):
    "The median wall time of three fits, and whether the last converged."
    times = []
    for _ in range(3):
        t = time.perf_counter()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            est.fit(X)
        times.append(time.perf_counter() - t)
    return float(np.median(times)), est.converged_


def main():
    rows = []
    IsingLasso(0.1, solver="mcmc", max_iter=3).fit(sample_data(random_mrf(5, 0.5, seed=0), 100, seed=0))
    for p in range(8, MAX_EXACT_P + 1, 2):
        pm = random_mrf(p, min(1.0, 4 / (p - 1)), (0.3, 0.6), (-0.3, 0.3), "pm1", seed=0)
        X = ((sample_data(pm, 5000, burn_in=500, seed=1) + 1) // 2).astype(np.int8)
        lam = float(np.sqrt(np.log(p) / len(X)))
        t_ex, c_ex = timed(IsingLasso(lam, solver="exact"), X)
        t_mc, c_mc = timed(IsingLasso(lam, solver="mcmc"), X)
        rows.append((p, t_ex, c_ex, t_mc, c_mc))
        print(rows[-1], flush=True)
    lines = [
        "## Exact moments against Gibbs chains in `IsingLasso` (`bench_crossover.py`)",
        "",
        " ".join(__doc__.split("\n\n")[0].split()),
        "",
        "| p | exact (s) | converged_ | Gibbs (s) | converged_ | exact ÷ Gibbs |",
        "|---|---|---|---|---|---|",
    ]
    lines += [f"| {p} | {a:.2f} | {ca} | {b:.2f} | {cb} | {a / b:.2f} |" for p, a, ca, b, cb in rows]
    lines += ["", f"`solver=\"auto\"` enumerates up to p = {EXACT_MAX_P}."]
    write_section("bench_crossover", "\n".join(lines))


if __name__ == "__main__":
    main()
