"""Honorio (2012) at the paper's scale, stored for 22_honorio2012, which reads, tabulates and asserts it.

1. The notebook's FULL grid: both regimes (zero and non-zero fields), both samplers (Gibbs, mean-field
   importance sampling), four schedules S_k (10, 10 log(k + 1), 10 √k, 10k), 10 repetitions, 400 iterations;
   PB, PA, FL, FB, FR and BP, and FL, FB, FR with exact gradients. Per run: the objective gap to the exact
   optimum and the KL divergence to the truth at every iteration, and whether each fit warned.
2. Table 2's claim that FBS converges with S_k = O(log k) and not with a constant S_k, at step scales β where
   the sampling bias, not the step, may limit FBS: β = 1 (the notebook's), 3 and 10; Gibbs sampler, zero
   field, all four schedules, FL, FB and FR, each also with exact gradients, 10 repetitions.

About 25 minutes on 2 cores, so it runs here, outside CI.

python benchmarks/study_honorio2012.py  # writes benchmarks/data/honorio2012.npz
python benchmarks/study_honorio2012.py --refit-bp  # BP again in the stored file, after ELasso changed

BP takes its structure from `ELasso` and uses neither the sampler nor the schedule. Session 29 refitted it
this way when ELasso moved from liblinear to glmnet's coordinate descent and path (12_baselines)."""

import argparse
import warnings
from pathlib import Path
import numpy as np
from sklearn.exceptions import ConvergenceWarning
from _report import save_results
from mrflit.exact import sample_exact
from mrflit.experiments import grid, replicate
from mrflit.fbs import FBS, PG, exact_optimum
from mrflit.models import honorio_model

OUT = Path(__file__).resolve().parent / "data" / "honorio2012.npz"
STORE = Path(__file__).resolve().parent / "data" / "_runs" / "honorio2012"
REPS = 10
K = 400
RHO = 1 / 16
SCHEDS = (("constant", 10), ("log", 10), ("sqrt", 10), ("linear", 10))
SAMPLERS = ("gibbs", "meanfield_is")
METHODS = ("PB", "PA", "FL", "FB", "FR", "BP")
BETAS = (1.0, 3.0, 10.0)
FBS_VARIANTS = {"FL": "last", "FB": "basic", "FR": "robust"}


def problem(field, rep):
    """Truth and 50 samples (redrawn while a column is constant: Honorio's Assumption 1), as 22_honorio2012's
    `problem` (a script cannot import a notebook)."""
    truth = honorio_model(15, field=field, seed=1000 * field + rep)
    for s in range(100):
        X = sample_exact(truth, 50, seed=10_000 * (1 + field) + 100 * rep + s)
        if not (X == X[0]).all(0).any():
            return truth, X
    raise RuntimeError("could not draw data without a constant column")


def estimator(method, sampler, sched, seed, beta=1.0):
    "The notebook's six methods (PB, PA: constant step β/G; FL, FB, FR: FBS with r = ½; BP)."
    kw = dict(sampler=sampler, schedule=sched, max_iter=K, seed=seed, beta=beta)
    if method == "PB":
        return PG(RHO, **kw)
    if method == "PA":
        return PG(RHO, accelerated=True, **kw)
    if method == "BP":
        return FBS(RHO, variant="robust", sampler="bp", max_iter=K)
    return FBS(RHO, variant=FBS_VARIANTS[method], **kw)


def fit_trace(est, X, truth=None):
    "The fit's trace; K iterations is a fixed budget, so the ConvergenceWarning is expected and counted."
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ConvergenceWarning)
        tr = est.fit(X, truth=truth).trace_
    return tr, any(issubclass(w.category, ConvergenceWarning) for w in caught)


def optimum(X):
    "The optimum of (H2) (FISTA with backtracking on exact gradients), verified by its optimality conditions."
    opt = exact_optimum(X, RHO)
    assert opt["kkt"] < 1e-6, opt["kkt"]
    return opt["objective"]


def full_run(field, rep, sampler, sched):
    """One cell of the FULL grid: gap and KL per method and iteration, whether each fit warned, and the
    exact-gradient FBS gaps."""
    truth, X = problem(field, rep)
    f_star = optimum(X)
    gap, kl, warned = np.zeros((len(METHODS), K)), np.zeros((len(METHODS), K)), np.zeros(len(METHODS), bool)
    for i, m in enumerate(METHODS):
        tr, warned[i] = fit_trace(estimator(m, sampler, tuple(sched), rep), X, truth)
        gap[i], kl[i] = tr["objective"] - f_star, tr["kl"]
    exact = [fit_trace(estimator(m, "exact", tuple(sched), rep), X)[0]["objective"] for m in FBS_VARIANTS]
    return dict(gap=gap, kl=kl, warned=warned, exact_gap=np.array(exact) - f_star)


def beta_run(beta, rep, sched):
    "Table 2 at step scale β: FL, FB, FR with Gibbs gradients and with exact ones, zero field."
    _, X = problem(False, rep)
    f_star = optimum(X)
    gap = np.zeros((2, len(FBS_VARIANTS), K))
    for j, sampler in enumerate(("gibbs", "exact")):
        for i, m in enumerate(FBS_VARIANTS):
            gap[j, i] = fit_trace(estimator(m, sampler, tuple(sched), rep, beta), X)[0]["objective"] - f_star
    return dict(gap=gap)


def bp_run(field, rep):
    "BP's gap and KL per iteration on one problem, and whether it warned."
    truth, X = problem(field, rep)
    tr, warned = fit_trace(estimator("BP", None, None, rep), X, truth)
    return tr["objective"] - optimum(X), tr["kl"], warned


def refit_bp():
    "BP again on every problem of the stored FULL grid; the other methods' results are kept."
    with np.load(OUT) as f:
        stored = {k: f[k] for k in f.files if k not in ("mrflit_version", "machine")}
    i = list(stored["methods"]).index("BP")
    for field in (0, 1):
        for rep in range(REPS):
            gap, kl, warned = bp_run(bool(field), rep)
            stored["gap"][field, rep, :, :, i] = gap
            stored["kl"][field, rep, :, :, i] = kl
            stored["warned"][field, rep, :, :, i] = warned
    save_results(OUT, **stored)
    print(f"refitted BP in {OUT.name}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--refit-bp", action="store_true", help="fit BP again in the stored file; keep the rest"
    )
    if parser.parse_args().refit_bp:
        return refit_bp()
    schedules = [list(s) for s in SCHEDS]
    params = grid(field=[False, True], rep=list(range(REPS)), sampler=list(SAMPLERS), sched=schedules)
    runs = replicate(full_run, params, n_jobs=2, store=STORE, progress=True)
    shape = (2, REPS, len(SAMPLERS), len(SCHEDS))
    result = {k: np.array([r[k] for r in runs]).reshape(shape + runs[0][k].shape) for k in runs[0]}
    params = grid(beta=list(BETAS), rep=list(range(REPS)), sched=schedules)
    runs = replicate(beta_run, params, n_jobs=2, store=STORE, progress=True)
    beta_gap = np.array([r["gap"] for r in runs]).reshape(
        (len(BETAS), REPS, len(SCHEDS)) + runs[0]["gap"].shape
    )
    save_results(
        OUT,
        gap=result["gap"].astype(np.float32),
        kl=result["kl"].astype(np.float32),
        exact_gap=result["exact_gap"].astype(np.float32),
        warned=result["warned"],
        beta_gap=beta_gap.astype(np.float32),
        betas=np.array(BETAS),
        methods=np.array(METHODS),
        samplers=np.array(SAMPLERS),
        schedules=np.array([s[0] for s in SCHEDS]),
        fbs_variants=np.array(list(FBS_VARIANTS)),
        iterations=K,
        reps=REPS,
    )
    print(f"wrote {OUT.name}")


if __name__ == "__main__":
    main()
