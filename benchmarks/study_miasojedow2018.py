"""Miasojedow & Rejchel (2018) §5.1 at the paper's scale, stored for 21_miasojedow2018.

The paper's grid: models M1 and M2; d = 20, 50 (n = 20, 40, 80) and d = 100 (n = 40, 80); 100 replications;
data the final states of independent Gibbs chains of length 10⁶ (read as 10⁶ single-site updates: a random
scan of 10⁶/d sweeps); MCMC-Lasso (Algorithm 1 with the published constants), pseudo-likelihood and the
Gaussian approximation with λ by BIC and the threshold by GIC, and ELASSO (IsingFit's method). Per
replication and method: AUC, FDR and power of the selected model, FDR and power of the first stage (the
BIC-chosen lasso estimate, before the GIC threshold; ELASSO has one stage), edges, seconds, and whether the
fit warned.

Tasks run replication by replication (every cell of replication r before replication r + 1) and each is stored
as it finishes (`replicate(store=...)`), so a run stopped part-way keeps its work and a rerun continues:
about 2.5 minutes per replication of the whole grid on 2 cores, 4 hours for 100.

python benchmarks/study_miasojedow2018.py            # all 100 replications, then writes the file
python benchmarks/study_miasojedow2018.py --reps 30  # the first 30 (reusing the stored ones)"""

import argparse
import time
import warnings
from pathlib import Path
import numpy as np
from sklearn.exceptions import ConvergenceWarning
from _report import save_results
from mrflit.baselines import ELasso, GaussianApprox, PseudoLikelihoodPath
from mrflit.experiments import grid, replicate
from mrflit.gibbs import sample_data
from mrflit.mcmc_lasso import MIASOJEDOW_SETTINGS, MCMCLasso
from mrflit.metrics import roc_auc, selection_metrics
from mrflit.models import miasojedow_m1, miasojedow_m2

OUT = Path(__file__).resolve().parent / "data" / "miasojedow2018.npz"
STORE = Path(__file__).resolve().parent / "data" / "_runs" / "miasojedow2018"
MODELS = ("M1", "M2")
CELLS = ((20, 20), (20, 40), (20, 80), (50, 20), (50, 40), (50, 80), (100, 40), (100, 80))
METHODS = ("MCMC-Lasso", "pseudo-likelihood", "ELASSO", "Gaussian")
KEYS = ("auc", "fdr", "power", "fdr_stage1", "power_stage1", "edges", "seconds", "warned")


def data(model, d, n, rep):
    """The truth and n samples: final states of n independent random-scan Gibbs chains of 10⁶ single-site
    updates, as 21_miasojedow2018's `data` (a script cannot import a notebook)."""
    truth = (miasojedow_m1 if model == "M1" else miasojedow_m2)(d, seed=rep)
    X = sample_data(truth, n, burn_in=-(-(10**6) // d), seed=10_000 + rep, scan="random")
    return truth, X


def estimators(rep):
    return (
        MCMCLasso(seed=rep, **MIASOJEDOW_SETTINGS),
        PseudoLikelihoodPath(),
        ELasso(),
        GaussianApprox(),
    )


def one_replication(model, d, n, rep):
    "Every method on one data set: a (methods, keys) array; NaN rows if the data have a constant column."
    truth, X = data(model, d, n, rep)
    out = np.full((len(METHODS), len(KEYS)), np.nan)
    if (X == X[0]).all(0).any():
        return out
    for i, est in enumerate(estimators(rep)):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", ConvergenceWarning)
            t = time.perf_counter()
            est.fit(X)
            secs = time.perf_counter() - t
        final = selection_metrics(est.theta_, truth)
        first = selection_metrics(getattr(est, "theta_lasso_", est.theta_), truth)
        rank = getattr(est, "theta_lasso_", est.theta_)
        warned = any(issubclass(w.category, ConvergenceWarning) for w in caught)
        out[i] = (
            roc_auc(rank, truth),
            final["fdr"],
            final["power"],
            first["fdr"],
            first["power"],
            final["tp"] + final["fp"],
            secs,
            warned,
        )
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    reps = parser.parse_args().reps
    params = grid(rep=list(range(reps)), model=list(MODELS), cell=[list(c) for c in CELLS])
    tasks = [dict(model=p["model"], d=p["cell"][0], n=p["cell"][1], rep=p["rep"]) for p in params]
    runs = replicate(one_replication, tasks, n_jobs=parser.parse_args().jobs, store=STORE, progress=True)
    # (rep, model, cell, method, key) → (model, cell, rep, method, key)
    result = (
        np.array(runs)
        .reshape(reps, len(MODELS), len(CELLS), len(METHODS), len(KEYS))
        .transpose(1, 2, 0, 3, 4)
    )
    save_results(
        OUT,
        result=result,
        models=np.array(MODELS),
        cells=np.array(CELLS),
        methods=np.array(METHODS),
        keys=np.array(KEYS),
        reps=reps,
    )
    print(f"wrote {OUT.name}: {reps} replications")


if __name__ == "__main__":
    main()
