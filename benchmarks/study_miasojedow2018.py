"""Miasojedow & Rejchel (2018) §5.1 at the paper's scale, stored for 21_miasojedow2018.

The paper's grid: models M1 and M2; d = 20, 50 (n = 20, 40, 80) and d = 100 (n = 40, 80); 100 replications;
data the final states of independent Gibbs chains of length 10⁶ (read as 10⁶ single-site updates: a random
scan of 10⁶/d sweeps); MCMC-Lasso (Algorithm 1 with the published constants), pseudo-likelihood and the
Gaussian approximation with λ by BIC and the threshold by GIC, and ELASSO (IsingFit's method). Per
replication and method: AUC, FDR and power of the selected model, FDR and power of the first stage (the
BIC-chosen lasso estimate, before the GIC threshold; ELASSO has one stage), edges, seconds, and whether the
fit warned.

The committed file is the store: a run keeps the replications it holds (when the code that made them is
unchanged: the file stores `code_id()`) and appends new ones, writing the file after every `--chunk`
replications, so a run stopped part-way, on any machine, keeps its work. Within a chunk each finished task
is also kept in `data/_runs` (ignored by git). About 2.5 minutes per replication of the whole grid
on 2 cores since ELasso runs glmnet's algorithm (2026-11-29, a quiet machine; 7 minutes with liblinear).

python benchmarks/study_miasojedow2018.py            # up to 100 replications
python benchmarks/study_miasojedow2018.py --reps 30  # up to 30 (a file holding more is left as it is)
# ELASSO again on every stored replication, after its library code changed:
python benchmarks/study_miasojedow2018.py --refit ELASSO --stored-code SHA

Session 29 refitted ELASSO this way on the 36 replications made with liblinear, when ELasso moved to glmnet's
coordinate descent and path (12_baselines); the file's code id changed with the `--refit` option itself."""

import argparse
import hashlib
import inspect
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


def scores(est, X, truth):
    "One method fitted to X: its row of KEYS."
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ConvergenceWarning)
        t = time.perf_counter()
        est.fit(X)
        secs = time.perf_counter() - t
    final = selection_metrics(est.theta_, truth)
    first = selection_metrics(getattr(est, "theta_lasso_", est.theta_), truth)
    rank = getattr(est, "theta_lasso_", est.theta_)
    warned = any(issubclass(w.category, ConvergenceWarning) for w in caught)
    return (
        roc_auc(rank, truth),
        final["fdr"],
        final["power"],
        first["fdr"],
        first["power"],
        final["tp"] + final["fp"],
        secs,
        warned,
    )


def one_replication(model, d, n, rep, methods=METHODS):
    """The `methods` on one data set: a (METHODS, KEYS) array, NaN in the rows of the others and everywhere if
    the data have a constant column."""
    truth, X = data(model, d, n, rep)
    out = np.full((len(METHODS), len(KEYS)), np.nan)
    if (X == X[0]).all(0).any():
        return out
    for i, est in enumerate(estimators(rep)):
        if METHODS[i] in methods:
            out[i] = scores(est, X, truth)
    return out


def code_id() -> str:
    "The SHA-1 of the code that makes one replication: a stored file made by other code is not extended."
    source = "".join(inspect.getsource(f) for f in (data, estimators, scores, one_replication))
    return hashlib.sha1(source.encode()).hexdigest()


def stored(code=None) -> np.ndarray:
    """The stored (model, cell, rep, method, key) results when the file was made by this code (or by `code`),
    else none."""
    empty = np.zeros((len(MODELS), len(CELLS), 0, len(METHODS), len(KEYS)))
    if not OUT.exists():
        return empty
    with np.load(OUT) as f:
        if "code" not in f.files or str(f["code"]) != (code or code_id()):
            print(f"{OUT.name} was made by other code: starting again")
            return empty
        return f["result"]


def save(result):
    "Write the results, stamped with this code."
    save_results(
        OUT,
        result=result,
        models=np.array(MODELS),
        cells=np.array(CELLS),
        methods=np.array(METHODS),
        keys=np.array(KEYS),
        reps=result.shape[2],
        code=code_id(),
    )


def run_reps(first, last, jobs, methods=METHODS):
    "Replications first … last − 1 of `methods` as a (model, cell, rep, method, key) array."
    params = grid(rep=list(range(first, last)), model=list(MODELS), cell=[list(c) for c in CELLS])
    tasks = [
        dict(model=p["model"], d=p["cell"][0], n=p["cell"][1], rep=p["rep"], methods=list(methods))
        for p in params
    ]
    runs = replicate(one_replication, tasks, n_jobs=jobs, store=STORE, progress=True)
    # (rep, model, cell, method, key) → (model, cell, rep, method, key)
    shape = (last - first, len(MODELS), len(CELLS), len(METHODS), len(KEYS))
    return np.array(runs).reshape(shape).transpose(1, 2, 0, 3, 4)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--chunk", type=int, default=2)
    parser.add_argument(
        "--refit",
        nargs="+",
        choices=METHODS,
        help="fit these methods again on every stored replication, keep the others' results, and stamp the "
        "file with this code (after a change to these methods' library code; the file made by the code "
        "before must name the same data and methods)",
    )
    parser.add_argument("--stored-code", help="with --refit: the code id the stored file must carry")
    args = parser.parse_args()
    result = stored() if not args.refit else stored(args.stored_code)
    if args.refit:
        if not result.shape[2]:
            raise SystemExit("--refit needs a stored file made by --stored-code")
        fresh = run_reps(0, result.shape[2], args.jobs, methods=args.refit)
        for method in args.refit:
            i = METHODS.index(method)
            result[:, :, :, i] = fresh[:, :, :, i]
        save(result)
        print(f"refitted {', '.join(args.refit)} on {result.shape[2]} stored replications")
    while result.shape[2] < args.reps:
        first = result.shape[2]
        last = min(first + args.chunk, args.reps)
        result = np.concatenate([result, run_reps(first, last, args.jobs)], axis=2)
        save(result)
        print(f"wrote {OUT.name}: {result.shape[2]} replications")


if __name__ == "__main__":
    main()
