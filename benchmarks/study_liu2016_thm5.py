"""Liu et al. (2016) Theorem 5 measured on a model whose θ* is known exactly: two groups of k = 10 ±1 spins,
each spin uniform, four cross-group pairs (a matching) coupled, nothing else. For such a model the partitioned
ratio is exactly pairwise, p(x) / (p(x₁) p(x₂)) = exp(Σ θ*_uv x_u x_v) / Π cosh θ*_uv (24_liu2016 proves it
and checks it by enumeration), so θ* is the four couplings and zero elsewhere. The estimator is MLMI (5) with
the paper's all pairs and product features on the raw spins, at λ_n = c √(log((m² + m)/2) / n), m = 20, for
c = 1 and 2, n = 100 … 6,400, 20 replications. Stored per (c, n, replication): ‖θ̂ − θ*‖ over all modelled
pairs, whether the cross-group support equals the passages, false and missed passages, and whether the fit
warned. About 6 minutes on 2 cores; 24_liu2016 reads the file.

python benchmarks/study_liu2016_thm5.py  # writes benchmarks/data/liu2016_thm5.npz"""

import warnings
from pathlib import Path
import numpy as np
from sklearn.exceptions import ConvergenceWarning
from _report import save_results
from mrflit.experiments import grid, replicate
from mrflit.partitioned import PartitionedRatio

OUT = Path(__file__).resolve().parent / "data" / "liu2016_thm5.npz"
STORE = Path(__file__).resolve().parent / "data" / "_runs" / "liu2016_thm5"
K = 10
PASSAGES = ((0, 0), (1, 1), (2, 2), (3, 3))
COUPLINGS = (0.8, -0.8, 1.0, 0.6)
NS = (100, 200, 400, 800, 1600, 3200, 6400)
CS = (1.0, 2.0)
REPS = 20
KEYS = ("error", "recovered", "false", "missed", "warned")


def matching_sample(n, seed, k=K, passages=PASSAGES, couplings=COUPLINGS):
    """n exact draws of the matching model: every spin uniform on ±1, and the second spin of a passage (u, v)
    equal to the first with probability e^θ / (2 cosh θ). The same as 24_liu2016's `matching_sample`, which
    asserts it against the first sample stored here (a script cannot import a notebook)."""
    rng = np.random.default_rng(seed)
    s = rng.choice([-1.0, 1.0], size=(n, 2 * k))
    for (u, v), t in zip(passages, couplings):
        same = rng.random(n) < np.exp(t) / (2 * np.cosh(t))
        s[:, k + v] = np.where(same, s[:, u], -s[:, u])
    return s


def theta_star(k=K):
    "θ* as a (2k, 2k) symmetric matrix: the couplings on the passages, zero elsewhere."
    T = np.zeros((2 * k, 2 * k))
    for (u, v), t in zip(PASSAGES, COUPLINGS):
        T[u, k + v] = T[k + v, u] = t
    return T


def lam_n(c, n, m=2 * K):
    "The theorem's rate, c √(log((m² + m)/2) / n)."
    return c * np.sqrt(np.log((m * m + m) / 2) / n)


def cell(c, n, rep):
    "One fit at λ_n: the error, support recovery, false and missed passages, and whether it warned."
    X = matching_sample(n, seed=rep)
    est = PartitionedRatio((range(K), range(K, 2 * K)), standardize=False, lam=lam_n(c, n))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ConvergenceWarning)
        est.fit(X)
    truth = theta_star()
    chosen = est.coef_ != 0
    passages = truth[:K, K:] != 0
    return np.array(
        [
            np.linalg.norm(est.theta_ - truth) / np.sqrt(2),
            np.array_equal(chosen, passages),
            np.sum(chosen & ~passages),
            np.sum(~chosen & passages),
            any(issubclass(w.category, ConvergenceWarning) for w in caught),
        ],
        dtype=float,
    )


def main():
    params = grid(c=list(CS), n=list(NS), rep=list(range(REPS)))
    runs = replicate(cell, params, n_jobs=2, store=STORE, progress=True)
    result = np.array(runs).reshape(len(CS), len(NS), REPS, len(KEYS))
    save_results(
        OUT,
        result=result,
        cs=np.array(CS),
        ns=np.array(NS),
        keys=np.array(KEYS),
        reps=REPS,
        first_sample=matching_sample(NS[0], seed=0),
    )
    print(f"wrote {OUT.name}")


if __name__ == "__main__":
    main()
