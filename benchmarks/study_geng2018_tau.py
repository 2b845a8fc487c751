"""Why TAY needs τ at `tau_max` at 20 nodes (20_geng2018, Fig. 1's 20-node runs): along TAY's iterates on the
stored study's first trials (the same data and settings: `data`, `SETTINGS` from study_geng2018.py, λ the
paper's), per iteration: the τ TAY ran and its rule, ‖G_α‖, and the Dobrushin side of the certificate — the
largest row sum of the influence bound U of eq. (11) at the iterate (its contraction per sweep) and the τ
that bound (12), 2√m 𝒢(B^τ), needs to fall below ½‖G_α‖ (`dobrushin.tau_needed`, every 10th iteration, up to
`TAU_CAP` sweeps); and the same row sum for the true network. About 8 minutes on 2 cores (measured beside
other jobs).

python benchmarks/study_geng2018_tau.py  # writes benchmarks/data/geng2018_tau.npz"""

from pathlib import Path
import numpy as np
from _report import save_results
from study_geng2018 import ITERATIONS, SETTINGS, counted, data
from mrflit.dobrushin import influence_bound, tau_needed
from mrflit.models import BinaryMRF, to_matrix
from mrflit.spg import GENG_SETTINGS, TAY

OUT = Path(__file__).resolve().parent / "data" / "geng2018_tau.npz"
P = 20
TRIALS = 5
EVERY = 10
TAU_CAP = 5000
RULES = ("certified", "estimated", "tau_max")


def one_trial(trial):
    "TAY's trace and the certificate's Dobrushin side along its iterates, on trial `trial`'s data."
    s = SETTINGS[P]
    truth, X, _ = data(P, trial)
    kw = dict(GENG_SETTINGS, n_chains=s["q"], max_iter=ITERATIONS, seed=trial, diagnostics=False)
    counts = {}
    tay = counted(lambda: TAY(s["lam"], store_iterates=True, **kw).fit(X, truth=truth), counts)
    tr = tay.trace_
    models = [BinaryMRF(to_matrix(th, P), "01") for th in tay.iterates_[::EVERY]]
    half = 0.5 * np.asarray(tr["grad_map_norm"])[::EVERY]
    needed = [tau_needed(m, h, tau_max=TAU_CAP) for m, h in zip(models, half)]
    return dict(
        tau=np.asarray(tr["tau"], float),
        rule=np.array([RULES.index(r) if r in RULES else -1 for r in tr["tau_rule"]], float),
        grad_map_norm=np.asarray(tr["grad_map_norm"], float),
        contraction=np.array([influence_bound(m).sum(1).max() for m in models]),
        truth_contraction=influence_bound(truth).sum(1).max(),
        tau_needed=np.array([np.nan if t is None else t for t in needed], float),
        warned_convergence=counts.get("ConvergenceWarning", 0),
        warned_certificate=counts.get("CertificateWarning", 0),
    )


def main():
    runs = [one_trial(t) for t in range(TRIALS)]
    result = {k: np.array([r[k] for r in runs]) for k in runs[0]}
    save_results(
        OUT,
        **result,
        iterations=np.arange(1, ITERATIONS + 1),
        sampled=np.arange(1, ITERATIONS + 1)[::EVERY],
        rules=np.array(RULES),
        tau_max=TAY(0.1).tau_max,
        tau_cap=TAU_CAP,
    )
    print(f"wrote {OUT.name}")


if __name__ == "__main__":
    main()
