"""Why pseudo-likelihood beats TAY at matched sparsity at 20 nodes (20_geng2018, supplement B.2): the
converged ℓ₁-MLE of eq. (1) — the point TAY's iterates approach, fields penalised as eq. (1) writes it — on
the stored study's data (`data`, `SETTINGS` from study_geng2018.py; all 10 trials of both sizes), by
`IsingLasso` with exact moments (p ≤ 20), at the paper's λ and at TAY's sparsity (TAY's 300th-iterate edge
count, read from geng2018.npz), beside pseudo-likelihood matched to the same count on the same grid. About 1
minute on 2 cores.

python benchmarks/study_geng2018_mle.py  # writes benchmarks/data/geng2018_mle.npz

Matching, as study_geng2018.py's `matched_pl` does, on a grid of λ' = f λ: 37 factors f from 1/64 to 8 (the
same ratio between neighbours as that study's 25 from 1/8 to 8, extended down: the ℓ₁-MLE keeps fewer
couplings than TAY's iterate, and at λ/8 it still falls short of TAY's count in some trials); among equally
near edge counts, the λ' closest to λ."""

from pathlib import Path
import numpy as np
from _report import save_results
from study_geng2018 import OUT as STUDY, SETTINGS, TRIALS, counted, data, n_edges
from mrflit.baselines import PseudoLikelihood
from mrflit.ising_lasso import IsingLasso
from mrflit.metrics import roc_auc

OUT = Path(__file__).resolve().parent / "data" / "geng2018_mle.npz"
FACTORS = np.geomspace(1 / 64, 8, 37)
# the paper's λ in the stored study's λ grid, and TAY's row among its methods
PAPER, TAY_ROW = 1, 3


def nearest(fits, edges):
    "The index of the fit whose edge count is nearest `edges` (ties: the λ' closest to λ)."
    miss = np.array([abs(n_edges(t) - edges) for t in fits])
    return int(np.lexsort((np.abs(np.log(FACTORS)), miss))[0])


def one_trial(p, trial, tay_edges):
    "The ℓ₁-MLE and pseudo-likelihood on trial `trial`'s data, at the paper's λ and at TAY's sparsity."
    truth, X, _ = data(p, trial)
    lam = SETTINGS[p]["lam"]
    counts = {}
    mle = [counted(lambda: IsingLasso(lam * f, penalize_fields=True).fit(X), counts) for f in FACTORS]
    pl = [PseudoLikelihood(lam * f).fit(X).theta_ for f in FACTORS]
    same = int(np.argmin(np.abs(np.log(FACTORS))))
    k_mle, k_pl = nearest([m.theta_ for m in mle], tay_edges), nearest(pl, tay_edges)
    return dict(
        auc_mle=roc_auc(mle[same].theta_, truth),
        edges_mle=n_edges(mle[same].theta_),
        auc_mle_matched=roc_auc(mle[k_mle].theta_, truth),
        edges_mle_matched=n_edges(mle[k_mle].theta_),
        factor_mle_matched=FACTORS[k_mle],
        auc_pl_matched=roc_auc(pl[k_pl], truth),
        edges_pl_matched=n_edges(pl[k_pl]),
        factor_pl_matched=FACTORS[k_pl],
        tay_edges=tay_edges,
        converged=sum(m.converged_ for m in mle),
        moments_exact=all(m.moments_ == "exact" for m in mle),
        warned=sum(counts.values()),
    )


def main():
    study = np.load(STUDY, allow_pickle=False)
    result = {}
    for p in SETTINGS:
        tay_edges = study[f"p{p}_edges"][PAPER][:, TAY_ROW]
        runs = [one_trial(p, t, int(tay_edges[t])) for t in range(TRIALS)]
        result.update({f"p{p}_{k}": np.array([r[k] for r in runs]) for k in runs[0]})
        print(f"p = {p}: done", flush=True)
    save_results(OUT, **result, factors=FACTORS, fits_per_trial=FACTORS.size)
    print(f"wrote {OUT.name}")


if __name__ == "__main__":
    main()
