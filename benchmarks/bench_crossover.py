"""Where exact enumeration stops paying: `IsingLasso` with exact moments against persistent Gibbs chains
on the same data (the issue's scale: about 4 neighbours, ±1 couplings |θ| ∈ [0.3, 0.6], recoded to 0/1,
λ = √(log p / n)), median time of three fits each and their ratio: n = 5,000 for p up to enumeration's limit
(`MAX_EXACT_P`), then p = 22 and 24 at other n (the chains' number, hence their work, grows with n: 10 n at
the default tolerance). `solver="auto"` enumerates where `auto_exact(n, p)` says so.

python benchmarks/bench_crossover.py  # writes its section of BENCHMARKS.md"""

import warnings
import numpy as np
from mrflit.models import random_mrf
from mrflit.gibbs import sample_data
from mrflit.exact import MAX_EXACT_P
from mrflit.ising_lasso import IsingLasso, auto_exact
from _report import median_time, write_section


def timed(est, X):
    "The median wall time of three fits (warnings silenced: the table reports `converged_`), and that."

    def fit():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            est.fit(X)

    return median_time(fit), est.converged_


def measure(p, n):
    "`(p, n, exact s, converged, Gibbs s, converged, auto's choice)` on n rows of the p-variable model."
    pm = random_mrf(p, min(1.0, 4 / (p - 1)), (0.3, 0.6), (-0.3, 0.3), "pm1", seed=0)
    X = ((sample_data(pm, n, burn_in=500, seed=1) + 1) // 2).astype(np.int8)
    lam = float(np.sqrt(np.log(p) / len(X)))
    t_ex, c_ex = timed(IsingLasso(lam, solver="exact"), X)
    t_mc, c_mc = timed(IsingLasso(lam, solver="mcmc"), X)
    return p, n, t_ex, c_ex, t_mc, c_mc, "exact" if auto_exact(n, p) else "mcmc"


def main():
    IsingLasso(0.1, solver="mcmc", max_iter=3).fit(sample_data(random_mrf(5, 0.5, seed=0), 100, seed=0))
    cases = [(p, 5000) for p in range(8, MAX_EXACT_P + 1, 2)]
    cases += [(22, 1000), (22, 20_000), (24, 1000), (24, 20_000)]
    rows = []
    for p, n in cases:
        rows.append(measure(p, n))
        print(rows[-1], flush=True)
    lines = [
        "## Exact moments against Gibbs chains in `IsingLasso` (`bench_crossover.py`)",
        "",
        " ".join(__doc__.split("\n\n")[0].split()),
        "",
        "| p | n | exact (s) | converged_ | Gibbs (s) | converged_ | exact ÷ Gibbs | `auto` |",
        "|---|---|---|---|---|---|---|---|",
    ]
    lines += [
        f"| {p} | {n:,} | {a:.2f} | {ca} | {b:.2f} | {cb} | {a / b:.2f} | {c} |"
        for p, n, a, ca, b, cb, c in rows
    ]
    write_section("bench_crossover", "\n".join(lines))


if __name__ == "__main__":
    main()
