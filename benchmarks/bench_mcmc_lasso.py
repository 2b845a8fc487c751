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
        t = time.perf_counter(); est = MCMCLasso(seed=0).fit(X, truth=truth); secs = time.perf_counter() - t
        rows.append(f"| {d} | {secs:.1f} | {target} | {paper} | {paper / secs:.1f}× | {len(est.lambdas_)} | {est.trace_['fista_iter'].sum()} | {roc_auc(est.theta_lasso_, truth):.3f} |")
        print(rows[-1], flush=True)
    L = ["## MCMC-Lasso (`bench_mcmc_lasso.py`)", "",
         f"Whole Algorithm 1 (100 λ, m = 10³d, BIC and GIC samples of 10⁴d), M1, n = 40, one fit each, {platform.machine()}.", "",
         "| d | mrflit (s) | target (s) | paper (s, 3.4 GHz) | speed-up vs paper | λ values fitted | FISTA iterations | AUC |", "|---|---|---|---|---|---|---|---|"] + rows
    L += ["", "λ values fitted < 100: the path stopped where the MCMC approximation degenerated (|θ̂|₁ > d log 2 / λ, see 09_mcmc_lasso); "
          "BIC chose well before that point. d = 20 misses the 1.5 s target: all 100 λ are fitted and the small-λ end costs most FISTA iterations "
          "(each FISTA iteration is three O(d·flips) passes over the recorded chain, ≈ 0.25 ms at d = 20; a FISTA cap of 50 would reach ≈ 1.4–1.6 s "
          "but changed BIC's λ on one of six M1/M2 data sets, so the cap stays at 100)."]
    write_section("mcmc_lasso", "\n".join(L))

if __name__ == "__main__": main()
