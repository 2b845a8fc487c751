"""Speed of the learners: one SPG iteration and one TAY fit on the Geng et al. §7.1 20-node scenario.

python benchmarks/bench_learners.py # writes its section of BENCHMARKS.md

Reference for the SPG iteration: the same iteration with a plain-NumPy Gibbs sampler vectorised over chains
(the `numpy_sweeps` reference of bench_foundation), so the ratio shows what the Numba sampler buys inside a
learner."""

import platform
import numpy as np, numba
from mrflit.models import geng_network, stats
from mrflit.gibbs import sample_data
from mrflit.spg import SPG, TAY, GENG_SETTINGS
from mrflit.prox import soft_threshold
from bench_foundation import numpy_sweeps, median_time
from _report import write_section


def main():
    truth = geng_network(20, seed=0)
    X = sample_data(truth, 2000, burn_in=1000, seed=0)
    q, tau, lam = 5000, 60, 0.017
    spg = lambda it: SPG(
        lam, n_chains=q, tau=tau, max_iter=it, seed=0, diagnostics=False, **GENG_SETTINGS
    ).fit(X)
    t1 = median_time(lambda: spg(1), 3)
    t11 = median_time(lambda: spg(11), 3)
    per_iter = (t11 - t1) / 10
    EX = stats(X).mean(0)
    rng = np.random.default_rng(0)
    theta = truth.theta * 0.5

    def numpy_iteration():  # same work with the NumPy sampler
        Xs = np.where(rng.random((q, 20)) < 0.5, 1.0, 0.0)
        numpy_sweeps(theta, 1.0, 0.0, Xs, tau, rng)
        v = stats(Xs).mean(0) - EX
        return soft_threshold(v, lam)

    t_np = median_time(numpy_iteration, 3)
    tay_t = median_time(
        lambda: TAY(lam, n_chains=q, max_iter=100, seed=0, diagnostics=False, **GENG_SETTINGS).fit(X), 3
    )
    tay = TAY(lam, n_chains=q, max_iter=100, seed=0, diagnostics=False, **GENG_SETTINGS).fit(X, truth=truth)
    L = [
        "## Learners (`bench_learners.py`)",
        "",
        f"Geng et al. §7.1 20-node network, n = 2000, q = {q} chains, λ = {lam}; "
        f"{numba.config.NUMBA_NUM_THREADS} Numba threads, "
        f"{platform.machine()}. Medians of 3 runs.",
        "",
        "| what | seconds | reference (s) | speed-up |",
        "|---|---|---|---|",
        f"| one SPG iteration, τ = {tau} (mrflit) | {per_iter:.4f} | {t_np:.4f} (NumPy Gibbs, same τ, q) | "
        f"{t_np / per_iter:.1f}× |",
        f"| one TAY fit, 100 iterations (mean τ = {tay.trace_['tau'].mean():.1f}, final AUC "
        f"{tay.trace_['auc'][-1]:.3f}) | {tay_t:.3f} | – | – |",
    ]
    write_section("learners", "\n".join(L))
    print("\n".join(L))


if __name__ == "__main__":
    main()
