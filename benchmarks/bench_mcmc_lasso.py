"""Speed of MCMC-Lasso's whole Algorithm 1 (100 λ, BIC, GIC) at n = 40 on M1, for d = 20, 50, 100.

    python benchmarks/bench_mcmc_lasso.py        # writes its section of BENCHMARKS.md

Reference: the paper's times on a 3.4 GHz CPU (Miasojedow & Rejchel §5.1): 15 s, 60 s and 5 min; the issue's target is
ten times faster (1.5 s, 6 s, 30 s) on these 2-core machines.
"""
import sys, time, platform
import numpy as np
from mrflit.models import miasojedow_m1
from mrflit.gibbs import sample_data
from mrflit.mcmc_lasso import MCMCLasso
from mrflit.metrics import roc_auc
from _report import write_section

def main(ds=(20, 50, 100)):
    MCMCLasso(n_lambdas=3, seed=0).fit(sample_data(miasojedow_m1(20, seed=0), 40, burn_in=100, seed=0))   # compile
    rows = []
    for d, paper, target in zip((20, 50, 100), (15, 60, 300), (1.5, 6, 30)):
        if d not in ds: continue
        truth = miasojedow_m1(d, seed=0); X = sample_data(truth, 40, burn_in=1000, seed=0)
        times = []
        for _ in range(3):                                      # the median of three fits (timings are noisy here)
            t = time.perf_counter(); est = MCMCLasso(seed=0).fit(X); times.append(time.perf_counter() - t)
        secs = float(np.median(times))
        rows.append(f"| {d} | {secs:.2f} | {target} | {paper} | {paper / secs:.0f}× | {len(est.lambdas_)} | {est.n_iter_} | {roc_auc(est.theta_lasso_, truth):.3f} |")
        print(rows[-1], flush=True)
    L = ["## MCMC-Lasso (`bench_mcmc_lasso.py`)", "",
         f"Whole Algorithm 1 (100 λ, m = 10³d, BIC and GIC samples of 10⁴d), M1, n = 40, median of three fits (no per-λ diagnostics), {platform.machine()}.", "",
         "| d | mrflit (s) | target (s) | paper (s, 3.4 GHz) | speed-up vs paper | λ values fitted | FISTA iterations | AUC |", "|---|---|---|---|---|---|---|---|"] + rows
    L += ["", "λ values fitted < 100: the path stopped where the MCMC approximation degenerated (|θ̂|₁ > d log 2 / λ, see 09_mcmc_lasso); "
          "BIC chose well before that point. At d = 20 all 100 λ are fitted and the small-λ end costs most FISTA iterations (half the λ values use "
          "the 100-iteration cap). A FISTA iteration is one pass over the recorded chain for the trial point's energies, one for the gradient (over "
          "the stored states while they fit in 8 MB) and two vectorised exp passes — the extrapolated point's energies are a linear combination "
          "(09_mcmc_lasso); ≈ 0.13 ms at d = 20 (0.25 ms with three passes and np.exp, 2.0 s per fit, in the previous version)."]
    write_section("mcmc_lasso", "\n".join(L))

if __name__ == "__main__": main()
