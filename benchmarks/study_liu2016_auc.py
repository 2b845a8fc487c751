"""Liu et al. (2016) Fig. 4(c), one candidate cause of the disagreement: the AUC's pairs. Appendix E defines
TPR over the passages S and TNR over Sᶜ, and §4 models "all pairwise features in x", so Sᶜ may be every other
pair — the within-group pairs too — where study_liu2016.py (and 24_liu2016) count the 400 cross-group pairs
only. This study refits the same data sets (the same seeds, `liu_theta`, n = 50, 50 replications per ρ) with
the same methods and stores both AUCs per method: over the cross-group pairs (which must equal the stored
study's) and over all 1,225 pairs, 10 passages against the 1,215 others, each method's pairs ranked by the λ
at which they enter its path (PR: `pair_entry_lambda_`, the others: `entry_lambda_`; Diff: |Δ̂|, its
threshold; a pair that never enters ties at the bottom). 45 minutes on 2 cores beside other jobs.

python benchmarks/study_liu2016_auc.py  # writes benchmarks/data/liu2016_fig4c_auc.npz"""

import warnings
from pathlib import Path
import numpy as np
from sklearn.exceptions import ConvergenceWarning
from _report import save_results
from study_liu2016 import G1, G2, METHODS, N, REPS, RHOS, cross_scores, fig4c_methods, gaussian_data
from mrflit.experiments import grid, replicate
from mrflit.metrics import auc_scores

OUT = Path(__file__).resolve().parent / "data" / "liu2016_fig4c_auc.npz"
STORE = Path(__file__).resolve().parent / "data" / "_runs" / "liu2016_auc"


def all_pair_scores(est, p=50):
    """(p(p−1)/2,) entry-λ scores of every pair i < j: PR's from `pair_entry_lambda_` (every modelled pair,
    within-group pairs too), the others' from their (p, p) `entry_lambda_`."""
    if hasattr(est, "pair_entry_lambda_"):
        e = np.zeros((p, p))
        for (u, w), lam in est.pair_entry_lambda_.items():
            e[u, w] = lam
    else:
        e = np.asarray(est.entry_lambda_, np.float64)
    e = np.maximum(e, e.T)
    return e[np.triu_indices(p, 1)]


def cell(rho, rep):
    "One replication (study_liu2016's data set): each method's AUC over the cross pairs and over all pairs."
    T, X = gaussian_data(rho, rep)
    passage = np.zeros((50, 50), bool)
    cross_pair = np.zeros((50, 50), bool)
    cross_pair[np.ix_(G1, G2)] = True
    cross_pair = (cross_pair | cross_pair.T)[np.triu_indices(50, 1)]
    passage[np.ix_(G1, G2)] = T[np.ix_(G1, G2)] != 0
    cross, every, within = [], [], []
    for est in fig4c_methods():
        # the stored study counts the fits that warn; here only the scores are wanted
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            est.fit(X)
        cross.append(auc_scores(cross_scores(est), passage[np.ix_(G1, G2)]))
        every.append(auc_scores(all_pair_scores(est), (passage | passage.T)[np.triu_indices(50, 1)]))
        # within-group pairs that entered the path (scored above 0)
        scores = all_pair_scores(est)
        within.append(int(np.sum((scores > 0) & ~cross_pair)))
    return dict(auc_cross=np.array(cross), auc_all=np.array(every), within_entered=np.array(within))


def main():
    runs = replicate(cell, grid(rho=list(RHOS), rep=list(range(REPS))), n_jobs=2, store=STORE, progress=True)
    shape = (len(RHOS), REPS, len(METHODS))
    save_results(
        OUT,
        **{
            k: np.array([r[k] for r in runs]).reshape(shape)
            for k in ("auc_cross", "auc_all", "within_entered")
        },
        rhos=np.array(RHOS),
        methods=np.array(METHODS),
        reps=REPS,
        n=N,
    )
    print(f"wrote {OUT.name}")


if __name__ == "__main__":
    main()
