"""Per-sweep sufficient statistics against plain sweeps, and against the former BLAS-inside-prange
accumulation.

python benchmarks/bench_sweep_stats.py # writes its section of BENCHMARKS.md

`GibbsChains.run(n, return_stats=True)` adds the chains' ψ sums after every sweep. They used to come from
`np.dot` on each block inside the `prange` loop, where OpenBLAS's own threads fight Numba's; now an explicit
loop computes them (exact: the float32 sums of 0/±1 products over <= 256 chains are integers). The reference
below re-creates the old accumulation to show what changed."""

import numpy as np
import numba
from numba import njit, prange
from mrflit.models import random_mrf
from mrflit.gibbs import GibbsChains, BLOCK
from _report import median_time, write_section


@njit
def _blas_block(X, c0, c1, acc_row):
    "The former accumulation: one Gram matrix per block by np.dot."
    p = X.shape[0]
    B = np.ascontiguousarray(X[:, c0:c1])
    G = np.dot(B, B.T)
    k = 0
    for a in range(p):
        for b in range(a, p):
            if a == b:
                s = 0.0
                for c in range(c1 - c0):
                    s += B[a, c]
                acc_row[k] += s
            else:
                acc_row[k] += G[a, b]
            k += 1


@njit(parallel=True)
def _blas_stats(X, acc):
    C = X.shape[1]
    for blk in prange((C + BLOCK - 1) // BLOCK):
        _blas_block(X, blk * BLOCK, min(C, blk * BLOCK + BLOCK), acc[blk])


def median(f, repeat=5):
    return median_time(f, repeat, warmup=True)


def main():
    q, sweeps = 5000, 10
    lines = [
        "## Statistics per sweep (`bench_sweep_stats.py`)",
        "",
        __doc__.split("\n\n")[1].replace("\n", " "),
        "",
        f"q = {q} chains, {sweeps} sweeps, {numba.config.NUMBA_NUM_THREADS} Numba threads, default OpenBLAS "
        f"threads; medians of 5.",
        "",
        "| p | plain sweeps (s) | sweeps + statistics (s) | ratio | former BLAS statistics alone (s) | new "
        "statistics alone (s) |",
        "|---|---|---|---|---|---|",
    ]
    for p in (10, 100):
        model = random_mrf(p, min(0.3, 5 / p), (0.2, 0.5), None, "01", seed=0)
        chains = GibbsChains(model, q, seed=0)
        plain = median(lambda: chains.run(sweeps))
        stats = median(lambda: chains.run(sweeps, return_stats=True))
        m = p * (p + 1) // 2
        acc = np.zeros(((q + BLOCK - 1) // BLOCK, m))
        old = median(lambda: [_blas_stats(chains._X, acc) for _ in range(sweeps)])
        new = stats - plain
        lines.append(f"| {p} | {plain:.4f} | {stats:.4f} | {stats / plain:.2f} | {old:.4f} | {new:.4f} |")
        print(lines[-1], flush=True)
    write_section("bench_sweep_stats", "\n".join(lines))


if __name__ == "__main__":
    main()
