"""Liu et al. (2016) Fig. 4 at 50 replications per ρ and the paper's n = 50. Fig. 4(c): the partitioned
ratio (PR), the nodewise lasso (LL) and Diff on the Gaussian design of §6.1 (p = 50, 10 passages), ρ = 0.2,
0.5, 0.8, with the variants that might explain why we do not see the paper's picture: PR on the raw columns
(the paper) and on standardised ones (mrflit's default), LL with the OR and the AND rule. Fig. 4(d): PR with
x²y² features, LL and SKEPTIC on the "diamond" data, ρ = 1, 5, 20. About 25 minutes on 2 cores, so it runs
here, outside CI; 24_liu2016 reads what it stores.

python benchmarks/study_liu2016.py  # writes benchmarks/data/liu2016_fig4c.npz and liu2016_fig4d.npz"""

import warnings
from pathlib import Path
import numpy as np
from sklearn.exceptions import ConvergenceWarning
from _report import save_results
from mrflit.baselines import DiffEstimator, NeighbourhoodLasso, Skeptic
from mrflit.experiments import grid, replicate
from mrflit.metrics import auc_scores
from mrflit.partitioned import PartitionedRatio

OUT = Path(__file__).resolve().parent / "data" / "liu2016_fig4c.npz"
OUT_DIAMOND = Path(__file__).resolve().parent / "data" / "liu2016_fig4d.npz"
STORE = Path(__file__).resolve().parent / "data" / "_runs" / "liu2016"
RHOS = (0.2, 0.5, 0.8)
REPS = 50
N = 50
METHODS = ("PR", "PR raw", "LL or", "LL and", "Diff")
G1, G2 = np.arange(40), np.arange(40, 50)


def liu_theta(rho, p=50, split=40):
    """Θ of §6.1: ρ^|i−j| √(ij) within {1..40} and within {41..50}, then the 15th smallest eigenvalue Λ on the
    10 passages (41..50, 31..40). The same as 24_liu2016's `liu_theta`, which asserts it against the Θ stored
    here (a script cannot import a notebook)."""
    i = np.arange(1, p + 1)
    same = (i[:, None] <= split) == (i[None, :] <= split)
    T = np.where(same, rho ** np.abs(i[:, None] - i[None, :]) * np.sqrt(np.outer(i, i)), 0.0)
    lam = np.sort(np.linalg.eigvalsh(T))[14]
    for k in range(10):
        T[40 + k, 30 + k] = T[30 + k, 40 + k] = lam
    return T


def cross_scores(est):
    "Entry-λ scores of the cross-group pairs (PR stores only that block)."
    e = est.entry_lambda_
    return e if e.shape == (len(G1), len(G2)) else e[np.ix_(G1, G2)]


def gaussian_data(rho, rep):
    "(Θ, X): Θ of §6.1 at ρ and replication `rep`'s n = 50 draws of N(0, Θ⁻¹)."
    T = liu_theta(rho)
    X = np.random.default_rng(1000 * rep + int(100 * rho) + N).multivariate_normal(
        np.zeros(50), np.linalg.inv(T), size=N
    )
    return T, X


def fig4c_methods():
    "Fig. 4(c)'s estimators, unfitted, in METHODS order."
    return [
        PartitionedRatio((G1, G2), target=100),
        PartitionedRatio((G1, G2), target=100, standardize=False),
        NeighbourhoodLasso(rule="or"),
        NeighbourhoodLasso(rule="and"),
        DiffEstimator((G1, G2)),
    ]


def cell(rho, rep):
    "One replication: n = 50 draws of N(0, Θ⁻¹) and each method's AUC over the 400 cross-group pairs."
    T, X = gaussian_data(rho, rep)
    truth = T[np.ix_(G1, G2)] != 0
    aucs, warned = [], []
    for est in fig4c_methods():
        # counted, not silenced: whether the fit warned that its path did not converge
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", ConvergenceWarning)
            est.fit(X)
        aucs.append(auc_scores(cross_scores(est), truth))
        warned.append(any(issubclass(w.category, ConvergenceWarning) for w in caught))
    return dict(auc=np.array(aucs), unconverged=np.array(warned))


DIAMOND_RHOS = (1, 5, 20)
DIAMOND_METHODS = ("PR", "LL", "SKEPTIC")
D1, D2 = np.arange(13), np.arange(13, 52)


def diamond_sample(n, rho, blocks=13, sweeps=300, seed=0):
    """Fig. 4(d)'s "diamond" data by exact Gibbs sampling (every full conditional is Gaussian), 300 sweeps:
    the same as 24_liu2016's `diamond_sample`, which asserts it against the sample stored here."""
    rng = np.random.default_rng(seed)
    a, b, c, d = (rng.normal(scale=np.sqrt(0.5), size=(n, blocks)) for _ in range(4))
    for _ in range(sweeps):
        a = rng.normal(size=(n, blocks)) / np.sqrt(2 * rho * b**2 + 2)
        pb = 2 * rho * a**2 + 2
        b = -0.5 * (c + d) / pb + rng.normal(size=(n, blocks)) / np.sqrt(pb)
        c = -b / 4 + rng.normal(size=(n, blocks)) / np.sqrt(2)
        d = -b / 4 + rng.normal(size=(n, blocks)) / np.sqrt(2)
    return np.column_stack([a, b, c, d])


def diamond_cell(rho, rep):
    "Fig. 4(d), one replication at n = 50: each method's AUC over the 13 × 39 cross pairs (13 passages)."
    X = diamond_sample(N, rho, seed=100 * rep + rho)
    truth = np.zeros((13, 39), bool)
    truth[np.arange(13), np.arange(13)] = True
    methods = [PartitionedRatio((D1, D2), features="square", target=60), NeighbourhoodLasso(), Skeptic()]
    aucs, warned = [], []
    for est in methods:
        # counted, not silenced: whether the fit warned that its path did not converge
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", ConvergenceWarning)
            est.fit(X)
        e = est.entry_lambda_
        aucs.append(auc_scores(e if e.shape == (13, 39) else e[np.ix_(D1, D2)], truth))
        warned.append(any(issubclass(w.category, ConvergenceWarning) for w in caught))
    return dict(auc=np.array(aucs), unconverged=np.array(warned))


def main():
    runs = replicate(cell, grid(rho=list(RHOS), rep=list(range(REPS))), n_jobs=2, store=STORE, progress=True)
    auc = np.array([r["auc"] for r in runs]).reshape(len(RHOS), REPS, len(METHODS))
    unconverged = np.array([r["unconverged"] for r in runs]).reshape(len(RHOS), REPS, len(METHODS))
    save_results(
        OUT,
        auc=auc,
        unconverged=unconverged,
        rhos=np.array(RHOS),
        methods=np.array(METHODS),
        theta=np.array([liu_theta(r) for r in RHOS]),
        n=N,
        reps=REPS,
    )
    print(f"wrote {OUT.name}")


def main_diamond():
    params = grid(rho=list(DIAMOND_RHOS), rep=list(range(REPS)))
    runs = replicate(diamond_cell, params, n_jobs=2, store=STORE, progress=True)
    shape = (len(DIAMOND_RHOS), REPS, len(DIAMOND_METHODS))
    save_results(
        OUT_DIAMOND,
        auc=np.array([r["auc"] for r in runs]).reshape(shape),
        unconverged=np.array([r["unconverged"] for r in runs]).reshape(shape),
        rhos=np.array(DIAMOND_RHOS),
        methods=np.array(DIAMOND_METHODS),
        sample=diamond_sample(N, DIAMOND_RHOS[0], seed=DIAMOND_RHOS[0]),
        n=N,
        reps=REPS,
    )
    print(f"wrote {OUT_DIAMOND.name}")


if __name__ == "__main__":
    main()
    main_diamond()
