"""Liu et al. (2016) Fig. 4(c) at 50 replications: the partitioned ratio (PR), the nodewise lasso (LL) and
Diff on the Gaussian design of §6.1 (p = 50, n = 50, 10 passages), for ρ = 0.2, 0.5, 0.8, with the variants
that might explain why we do not see the paper's picture: PR on the raw columns (the paper) and on
standardised ones (mrflit's default), LL with the OR and the AND rule. About 20 minutes on 2 cores, so it runs
here, outside CI; 24_liu2016 reads what it stores.

python benchmarks/study_liu2016.py  # writes benchmarks/data/liu2016_fig4c.npz"""

import warnings
from pathlib import Path
import numpy as np
from sklearn.exceptions import ConvergenceWarning
from _report import save_results
from mrflit.baselines import DiffEstimator, NeighbourhoodLasso
from mrflit.experiments import grid, replicate
from mrflit.metrics import auc_scores
from mrflit.partitioned import PartitionedRatio

OUT = Path(__file__).resolve().parent / "data" / "liu2016_fig4c.npz"
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


def cell(rho, rep):
    "One replication: n = 50 draws of N(0, Θ⁻¹) and each method's AUC over the 400 cross-group pairs."
    T = liu_theta(rho)
    X = np.random.default_rng(1000 * rep + int(100 * rho) + N).multivariate_normal(
        np.zeros(50), np.linalg.inv(T), size=N
    )
    truth = T[np.ix_(G1, G2)] != 0
    methods = [
        PartitionedRatio((G1, G2), target=100),
        PartitionedRatio((G1, G2), target=100, standardize=False),
        NeighbourhoodLasso(rule="or"),
        NeighbourhoodLasso(rule="and"),
        DiffEstimator((G1, G2)),
    ]
    aucs, warned = [], []
    for est in methods:
        # counted, not silenced: whether the fit warned that its path did not converge
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", ConvergenceWarning)
            est.fit(X)
        aucs.append(auc_scores(cross_scores(est), truth))
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


if __name__ == "__main__":
    main()
