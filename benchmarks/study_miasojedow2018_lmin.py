"""Miasojedow & Rejchel (2018): our reading λ_min = 0.01 λ₀ of the λ path (issue 61, item 1), for
21_miasojedow2018, which reads and asserts it. The paper: "100 values of λ uniformly spaced on the log scale,
starting from the largest λ, which corresponds to the empty model", and BIC's log-likelihoods from "one more
sample ... with the stationary distribution p(·|θ̂_50)" — the smallest value is not given. Ours is 0.01 λ₀
(`MCMCLasso(lambda_ratio=0.01)`), so θ̂_50 sits at 0.1 λ₀. Each data set of the stored study (`data`, the
same seeds) is fitted with the published settings under each reading in `RATIOS` (100 values each): per fit
the stored study's KEYS, the chosen λ ÷ λ₀, and the number of λ values fitted (the path stops where the
approximation is unbounded below). Cells: d = 20 (10 replications) and d = 50 (3), n = 20, 40, 80, models M1
and M2. About 12 minutes on 2 cores.

python benchmarks/study_miasojedow2018_lmin.py  # writes benchmarks/data/miasojedow2018_lmin.npz"""

from pathlib import Path
import numpy as np
from _report import save_results
from study_miasojedow2018 import KEYS, MODELS, data, scores
from mrflit.experiments import grid, replicate
from mrflit.mcmc_lasso import MIASOJEDOW_SETTINGS, MCMCLasso

OUT = Path(__file__).resolve().parent / "data" / "miasojedow2018_lmin.npz"
STORE = Path(__file__).resolve().parent / "data" / "_runs" / "miasojedow2018_lmin"
CELLS = ((20, 20), (20, 40), (20, 80), (50, 20), (50, 40), (50, 80))
REPS = {20: 10, 50: 3}
RATIOS = (0.01, 0.001)


def fit(model, d, n, rep):
    """Replication `rep` of cell (d, n) under each λ_min ÷ λ₀ of RATIOS: (RATIOS, KEYS + 2) rows of KEYS, the
    chosen λ ÷ λ₀ and the number of λ values fitted (NaN where the data have a constant column)."""
    truth, X = data(model, d, n, rep)
    out = np.full((len(RATIOS), len(KEYS) + 2), np.nan)
    if (X == X[0]).all(0).any():
        return out
    for i, ratio in enumerate(RATIOS):
        est = MCMCLasso(seed=rep, **dict(MIASOJEDOW_SETTINGS, lambda_ratio=ratio))
        out[i, : len(KEYS)] = scores(est, X, truth)
        # λ₀ from the path's first value, λ₀ · ratio^(1/K) (`lambda_path`, K values)
        lam0 = est.lambdas_[0] / ratio ** (1 / MIASOJEDOW_SETTINGS["n_lambdas"])
        out[i, len(KEYS)] = est.lambda_ / lam0
        out[i, len(KEYS) + 1] = len(est.path_)
    return out


def main():
    result = {}
    for d, n in CELLS:
        params = list(grid(model=list(MODELS), d=[d], n=[n], rep=list(range(REPS[d]))))
        rows = replicate(fit, params, n_jobs=2, store=STORE, progress=True)
        result[f"d{d}_n{n}"] = np.array(rows).reshape(len(MODELS), REPS[d], len(RATIOS), len(KEYS) + 2)
    save_results(
        OUT,
        **result,
        keys=np.array(list(KEYS) + ["lambda_ratio_chosen", "path_length"]),
        models=np.array(MODELS),
        cells=np.array(CELLS),
        ratios=np.array(RATIOS),
    )
    print(f"wrote {OUT.name}")


if __name__ == "__main__":
    main()
