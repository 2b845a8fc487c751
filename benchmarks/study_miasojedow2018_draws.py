"""Miasojedow & Rejchel (2018) at d = 50: why MCMC-Lasso fails there (21_miasojedow2018). The stored study
(study_miasojedow2018.py) runs Algorithm 1 with the published m = 10³d MCMC draws, read as single-site updates
(10³ sweeps). Here the same data sets (`data`, the same seeds) of the cell d = 50, n = 40, models M1 and M2,
replications 0–9, are refitted with more draws, everything else as published (`MIASOJEDOW_SETTINGS`):
m = 10⁴d (10×) on all 10 data sets, and m = 10³d sweeps (10³d² updates, 50× at d = 50: the other reading of
the paper's m) on the first 3. Per fit: the stored study's KEYS (AUC, FDR, power, both stages, edges, seconds,
warned). The published draws' rows are read from the stored study. 47 minutes on 2 cores beside other jobs
(about 25 alone, estimated).

python benchmarks/study_miasojedow2018_draws.py  # writes benchmarks/data/miasojedow2018_draws.npz"""

from pathlib import Path
import numpy as np
from _report import save_results
from study_miasojedow2018 import KEYS, data, scores
from mrflit.experiments import grid, replicate
from mrflit.mcmc_lasso import MIASOJEDOW_SETTINGS, MCMCLasso

OUT = Path(__file__).resolve().parent / "data" / "miasojedow2018_draws.npz"
STORE = Path(__file__).resolve().parent / "data" / "_runs" / "miasojedow2018_draws"
D, N = 50, 40
MODELS = ("M1", "M2")
# (mcmc_factor, replications): 10× the published draws, and the sweeps reading of m
DRAWS = ((10_000, 10), (1000 * D, 3))


def fit(model, factor, rep):
    "One refit of replication `rep`'s data set with m = factor × d draws: its row of KEYS."
    truth, X = data(model, D, N, rep)
    if (X == X[0]).all(0).any():
        return np.full(len(KEYS), np.nan)
    est = MCMCLasso(seed=rep, **dict(MIASOJEDOW_SETTINGS, mcmc_factor=factor))
    return np.array(scores(est, X, truth), np.float64)


def main():
    result = {}
    for factor, reps in DRAWS:
        params = list(grid(model=list(MODELS), factor=[factor], rep=list(range(reps))))
        rows = replicate(fit, params, n_jobs=2, store=STORE, progress=True)
        result[f"m{factor}"] = np.array(rows).reshape(len(MODELS), reps, len(KEYS))
    save_results(OUT, **result, keys=np.array(KEYS), models=np.array(MODELS), d=D, n=N)
    print(f"wrote {OUT.name}")


if __name__ == "__main__":
    main()
