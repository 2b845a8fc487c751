"""Domke (2015) §5: "when regularized for the strongly-convex analysis shows that ε_f optimality in the
log-likelihood can be achieved with an amount of work only linear in 1/ε_f". The runs of study_domke2015.py's
item 2 (Corollary 9's schedule, λ = 1, ε_θ = 2, 1, 0.5, 0.25, five seeds each: the same fits, the same seeds)
redone to store what that study does not: the objective gap ε_f = f(θ_K) − f(θ*) of each returned θ_K, with
f(θ) = −(1/n) Σ log p_θ(x) + (λ/2)‖θ‖² exactly (enumeration), beside ‖θ_K − θ*‖₂ (which must equal the stored
one: the runs are the same) and the work K·M·v. About 3 minutes on one core.

python benchmarks/study_domke2015_ef.py  # writes benchmarks/data/domke2015_ef.npz"""

import warnings
from pathlib import Path
import numpy as np
from sklearn.exceptions import ConvergenceWarning
from _report import save_results
from study_domke2015 import ALPHA, C, D, DELTA, EDGES, EPSILONS, L, R2, SEEDS, optimum, training_data
from mrflit.exact import log_likelihood
from mrflit.fast_mixing import FastMixingML, corollary9_schedule

OUT = Path(__file__).resolve().parent / "data" / "domke2015_ef.npz"
LAM = 1.0


def objective(est, X) -> float:
    "f(θ) of Domke's §6 at a fit's θ: the average negative log-likelihood plus (λ/2)‖θ‖² over the couplings."
    couplings = est.theta_[np.triu_indices(est.theta_.shape[0], 1)]
    return -log_likelihood(est.model_, X) + LAM / 2 * float(couplings @ couplings)


def run(eps, seed):
    "One run of Corollary 9's schedule at ε_θ = eps: its distance, objective gap and work."
    Xtr = training_data()[0]
    star = optimum(LAM)
    with warnings.catch_warnings():
        # the paper's betas sum to 1.01 (corollary9_schedule says so)
        warnings.simplefilter("ignore", UserWarning)
        K, M, v = corollary9_schedule(L, LAM, R2, D, eps, DELTA, C, ALPHA)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        est = FastMixingML(EDGES, lam=LAM, L=L, K=K, M=M, v=v, seed=seed).fit(Xtr, theta_star=star.theta_)
    return dict(
        dist=est.trace_["dist"][-1], gap=objective(est, Xtr) - objective(star, Xtr), work=float(K) * M * v
    )


def main():
    runs = [[run(eps, seed) for seed in range(SEEDS)] for eps in EPSILONS]
    result = {k: np.array([[r[k] for r in row] for row in runs]) for k in ("dist", "gap", "work")}
    save_results(OUT, **result, epsilons=np.array(EPSILONS), lam=LAM)
    print(f"wrote {OUT.name}")


if __name__ == "__main__":
    main()
