"""Liu et al. (2016) Fig. 4(c), a candidate cause of "Diff decays" (issue 61, item 2): the covariance input.
The paper learns "the differences between two Gaussian densities: p(x) and p(x₁)p(x₂)" with Diff (Zhao, Cai &
Li 2014), whose linear program reads the two covariance matrices; mrflit's `DiffEstimator` gives it
correlations (the columns standardised, as PR's default). Θ's diagonal is Θ_ii = i, so the variables'
variances differ several-fold, and on covariances the program's one λ weighs the pairs unequally, as PR's one
λ does on raw columns (24_liu2016 measures that for PR).

On the stored study's data sets (`study_liu2016.gaussian_data`: ρ = 0.2, 0.5, 0.8, n = 50, the first REPS
replications of its 50), `diff_lp` on Σ̂ and on Σ̂ with the cross blocks zeroed, as `DiffEstimator` on the
correlations: λ = 0.5 √(log p / n) on correlations (`DiffEstimator`'s rule), and on covariances that λ times
the median of Σ̂'s diagonal (our choice: the same λ in covariance units for a typical variable; the paper gives
none). Per data set the AUC over the 400 cross pairs, the ranking by |Δ̂| (Fig. 4(c)'s "threshold parameter
of Diff"). The correlation column must equal the stored study's Diff AUC (24_liu2016 asserts it). About 15
minutes on 2 cores (the covariance program takes about twice the correlation one's 20 s).

python benchmarks/study_liu2016_diff.py  # writes benchmarks/data/liu2016_diff.npz"""

from pathlib import Path
import numpy as np
from _report import save_results
from study_liu2016 import G1, G2, RHOS, gaussian_data
from mrflit.baselines import diff_lp
from mrflit.experiments import grid, replicate
from mrflit.metrics import auc_scores

OUT = Path(__file__).resolve().parent / "data" / "liu2016_diff.npz"
STORE = Path(__file__).resolve().parent / "data" / "_runs" / "liu2016_diff"
REPS = 10
INPUTS = ("correlations", "covariances")


def cell(rho, rep):
    "One data set: Diff's AUC over the cross pairs on correlations and on covariances, (len(INPUTS),)."
    T, X = gaussian_data(rho, rep)
    truth = T[np.ix_(G1, G2)] != 0
    n, p = X.shape
    aucs = []
    for kind in INPUTS:
        S = np.corrcoef(X, rowvar=False) if kind == "correlations" else np.cov(X, rowvar=False)
        Sy = S.copy()
        Sy[np.ix_(G1, G2)] = 0
        Sy[np.ix_(G2, G1)] = 0
        lam = 0.5 * np.sqrt(np.log(p) / n)
        if kind == "covariances":
            lam *= float(np.median(np.diag(S)))
        delta = diff_lp(S, Sy, lam)
        aucs.append(auc_scores(np.abs(delta[np.ix_(G1, G2)]), truth))
    return np.array(aucs)


def main():
    params = list(grid(rho=list(RHOS), rep=list(range(REPS))))
    rows = replicate(cell, params, n_jobs=2, store=STORE, progress=True)
    save_results(
        OUT,
        auc=np.array(rows).reshape(len(RHOS), REPS, len(INPUTS)),
        rhos=np.array(RHOS),
        inputs=np.array(INPUTS),
        reps=REPS,
    )
    print(f"wrote {OUT.name}")


if __name__ == "__main__":
    main()
