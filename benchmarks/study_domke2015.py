"""Domke (2015): the effort claims and Theorems 1, 2 and 6 measured on §6's 4×4 grid, stored for 23_domke2015.

1. Convex case (λ = 0, the box |θ_ij| ≤ 0.2, L = 10): Theorem 4's family of schedules, K = 10s, M = 16s²
   (K/√M fixed), v = 561, for s = 1, 2, 4, 8, 16, five seeds each: f(θ̄_K) − f(θ*) of the averaged iterate
   (exactly, by enumeration), the same with exact gradients, and Theorem 2's bound at (K, M, v).
2. Strongly convex case (λ = 1, L = 10): Corollary 9's schedule at ε_θ = 2, 1, 0.5, 0.25, five seeds each:
   ‖θ_K − θ*‖₂ and Theorem 6's bound at (K, M, v).
3. Theorem 1's Lipschitz constant: the largest eigenvalue of Cov_θ t(X) (the Hessian of A) at 100 uniform
   points of the box, its 100 random corners and θ = 0.2·1, by enumeration.

About 8 minutes on one core.

python benchmarks/study_domke2015.py  # writes benchmarks/data/domke2015.npz"""

import functools
import math
import warnings
from pathlib import Path
import numpy as np
from sklearn.exceptions import ConvergenceWarning
from _report import save_results
from mrflit.exact import covariance, log_likelihood
from mrflit.experiments import grid, replicate
from mrflit.fast_mixing import FastMixingML, corollary9_schedule, theorem2_bound, theorem6_bound
from mrflit.models import BinaryMRF, grid_edges, stat_index

OUT = Path(__file__).resolve().parent / "data" / "domke2015.npz"
STORE = Path(__file__).resolve().parent / "data" / "_runs" / "domke2015"
SCALES = (1, 2, 4, 8, 16)
EPSILONS = (2.0, 1.0, 0.5, 0.25)
SEEDS = 5
L, DELTA, V_CONVEX = 10.0, 0.1, 561
R2, D = math.sqrt(24), math.sqrt(24 * (2 * 0.2) ** 2)
C, ALPHA = math.log(16), math.exp(-(1 - 4 * math.tanh(0.2)) / 16)
EDGES = grid_edges(4, 4)


def training_data():
    "§6's data as 23_domke2015 draws them: 5 uniform ±1 training vectors (and 1,000 test vectors)."
    rng = np.random.default_rng(2015)
    Xtr = np.where(rng.random((5, 16)) < 0.5, 1, -1).astype(np.int8)
    Xte = np.where(rng.random((1000, 16)) < 0.5, 1, -1).astype(np.int8)
    return Xtr, Xte


@functools.cache
def optimum(lam):
    """θ* on the box: projected gradient with exact gradients and the step 1/2.5 (2.5 is above the largest
    curvature on the box, item 3, plus λ), checked converged (400 more steps move nothing); once per
    process."""
    Xtr = training_data()[0]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        star = FastMixingML(EDGES, lam=lam, L=2.5, gradient="exact", K=2000).fit(Xtr)
        again = FastMixingML(EDGES, lam=lam, L=2.5, gradient="exact", K=2400).fit(Xtr)
    assert np.abs(again.theta_ - star.theta_).max() < 1e-9, np.abs(again.theta_ - star.theta_).max()
    return star


def convex_run(s, seed):
    "f(θ̄_K) − f(θ*) at scale s (λ = 0): the averaged iterate of K = 10s steps with M = 16s² chains."
    Xtr = training_data()[0]
    star = optimum(0.0)
    f_star = -log_likelihood(star.model_, Xtr)
    K, M = 10 * s, 16 * s * s
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        est = FastMixingML(EDGES, lam=0.0, L=L, K=K, M=M, v=V_CONVEX, average=True, seed=seed).fit(Xtr)
        exact = FastMixingML(EDGES, lam=0.0, L=L, K=K, gradient="exact", average=True).fit(Xtr)
    gap = -log_likelihood(est.model_, Xtr) - f_star
    exact_gap = -log_likelihood(exact.model_, Xtr) - f_star
    dist0 = float(np.linalg.norm(star.theta_[np.triu_indices(16, 1)]))
    bound = theorem2_bound(L, R2, dist0, DELTA, C, ALPHA, K, M, V_CONVEX)
    return dict(gap=gap, exact_gap=exact_gap, bound=bound, K=K, M=M)


def strongly_convex_run(eps, seed):
    "‖θ_K − θ*‖₂ with Corollary 9's schedule at ε_θ = eps (λ = 1)."
    Xtr = training_data()[0]
    star = optimum(1.0)
    with warnings.catch_warnings():
        # the paper's betas sum to 1.01 (corollary9_schedule says so)
        warnings.simplefilter("ignore", UserWarning)
        K, M, v = corollary9_schedule(L, 1.0, R2, D, eps, DELTA, C, ALPHA)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        est = FastMixingML(EDGES, lam=1.0, L=L, K=K, M=M, v=v, seed=seed).fit(Xtr, theta_star=star.theta_)
    bound = theorem6_bound(L, 1.0, R2, D, DELTA, C, ALPHA, K, M, v)
    return dict(dist=est.trace_["dist"][-1], bound=bound, K=K, M=M, v=v)


def curvature(kind, seed):
    "λ_max of Cov_θ t(X) over the 24 grid statistics at a point of the box: 'uniform', 'corner' or 'plus'."
    rng = np.random.default_rng(seed)
    t = {
        "uniform": rng.uniform(-0.2, 0.2, 24),
        "corner": rng.choice([-0.2, 0.2], 24),
        "plus": np.full(24, 0.2),
    }
    theta = np.zeros((16, 16))
    E = np.array(EDGES)
    theta[E[:, 0], E[:, 1]] = t[kind]
    theta[E[:, 1], E[:, 0]] = t[kind]
    i, j = stat_index(16, True)
    where = {(a, b): k for k, (a, b) in enumerate(zip(i, j))}
    idx = [where[tuple(sorted(e))] for e in EDGES]
    cov = covariance(BinaryMRF(theta, domain="pm1"))[np.ix_(idx, idx)]
    return float(np.linalg.eigvalsh(cov)[-1])


def main():
    convex = replicate(convex_run, grid(s=list(SCALES), seed=list(range(SEEDS))), store=STORE, progress=True)
    strong = replicate(
        strongly_convex_run, grid(eps=list(EPSILONS), seed=list(range(SEEDS))), store=STORE, progress=True
    )
    curv = replicate(
        curvature,
        list(grid(kind=["uniform", "corner"], seed=list(range(100)))) + [dict(kind="plus", seed=0)],
        store=STORE,
    )

    def field(runs, key, settings, first=False):
        "One result over the (settings, seeds) grid; `first`: the seed-free value, from seed 0."
        a = np.array([r[key] for r in runs]).reshape(len(settings), SEEDS)
        return a[:, 0] if first else a

    save_results(
        OUT,
        scales=np.array(SCALES),
        convex_gap=field(convex, "gap", SCALES),
        **{f"convex_{k}": field(convex, k, SCALES, first=True) for k in ("exact_gap", "bound", "K", "M")},
        convex_v=V_CONVEX,
        epsilons=np.array(EPSILONS),
        strong_dist=field(strong, "dist", EPSILONS),
        **{f"strong_{k}": field(strong, k, EPSILONS, first=True) for k in ("bound", "K", "M", "v")},
        curvature=np.array(curv),
        seeds=SEEDS,
    )
    print(f"wrote {OUT.name}")


if __name__ == "__main__":
    main()
