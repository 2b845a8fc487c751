"""Why MCMC-Lasso keeps a median of one edge at d = 20, n = 20 (21_miasojedow2018): the losses behind its two
information criteria, on the first data sets of the stored study's d = 20 cells (the same data: `data` and the
estimator come from study_miasojedow2018.py).

For each fit: the BIC curve n ℓ(θ̂_i) + log(n) ‖θ̂_i‖₀ over the λ path and the GIC curve n ℓ(θ̂^δ) + log(d̄)
‖θ̂^δ‖₀ over the thresholds (d̄ = d(d − 1)/2, the paper's §5), split into their losses and their edge counts,
and the power and FDR of both stages. A criterion adds an edge only if the loss falls by more than its penalty
per edge (log n = 3.0 for BIC at n = 20, log d̄ = 5.25 for GIC at d = 20); the study stores what the losses
do. About 10 minutes on 2 cores (measured beside other jobs).

python benchmarks/study_miasojedow2018_gic.py  # writes benchmarks/data/miasojedow2018_gic.npz"""

from pathlib import Path
import numpy as np
from _report import save_results
from study_miasojedow2018 import data, estimators
from mrflit.experiments import recorded_warnings
from mrflit.metrics import selection_metrics
from mrflit.models import n_couplings

OUT = Path(__file__).resolve().parent / "data" / "miasojedow2018_gic.npz"
MODELS = ("M1", "M2")
NS = (20, 40, 80)
D = 20
REPS = 20
PAIRS = D * (D - 1) // 2


def curves(est, n):
    """(BIC loss, BIC edges) per λ and (GIC loss, GIC edges) per threshold, each padded with NaN to the
    longest possible length (the path's λ values; the pairs + 1 thresholds)."""
    path_edges = np.array([n_couplings(t) for t in est.path_], float)
    bic_loss = est.bic_ - np.log(n) * path_edges
    kept = np.array([np.sum(np.abs(np.triu(est.theta_lasso_, 1)) > t) for t in est.thresholds_], float)
    gic_loss = est.gic_ - np.log(PAIRS) * kept
    pad = lambda a, k: np.r_[a, np.full(k - a.size, np.nan)]
    return pad(bic_loss, 100), pad(path_edges, 100), pad(gic_loss, PAIRS + 1), pad(kept, PAIRS + 1)


def main():
    shape = (len(MODELS), len(NS), REPS)
    out = {k: np.full(shape + (100,), np.nan) for k in ("bic_loss", "bic_edges")}
    out.update({k: np.full(shape + (PAIRS + 1,), np.nan) for k in ("gic_loss", "gic_edges")})
    keys = ("power", "fdr", "power_stage1", "fdr_stage1", "i_bic", "warned")
    out.update({k: np.full(shape, np.nan) for k in keys})
    for a, model in enumerate(MODELS):
        for b, n in enumerate(NS):
            for rep in range(REPS):
                truth, X = data(model, D, n, rep)
                if (X == X[0]).all(0).any():  # a constant column: the stored study leaves it out too
                    continue
                est = estimators(rep)[0]
                # counted, as the stored study does: Algorithm 1's fixed budget warns on most fits
                with recorded_warnings() as caught:
                    est.fit(X)
                out["warned"][a, b, rep] = len(caught) > 0
                cur = curves(est, n)
                for key, value in zip(("bic_loss", "bic_edges", "gic_loss", "gic_edges"), cur):
                    out[key][a, b, rep] = value
                final = selection_metrics(est.theta_, truth)
                first = selection_metrics(est.theta_lasso_, truth)
                out["power"][a, b, rep], out["fdr"][a, b, rep] = final["power"], final["fdr"]
                out["power_stage1"][a, b, rep], out["fdr_stage1"][a, b, rep] = first["power"], first["fdr"]
                out["i_bic"][a, b, rep] = int(np.argmin(est.bic_))
            print(f"{model}, n = {n}: median power {np.nanmedian(out['power'][a, b]):.3f}", flush=True)
    save_results(OUT, models=np.array(MODELS), ns=np.array(NS), d=D, **out)
    print(f"wrote {OUT.name}")


if __name__ == "__main__":
    main()
