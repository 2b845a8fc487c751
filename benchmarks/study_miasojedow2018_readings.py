"""Miasojedow & Rejchel (2018): our readings of Algorithm 1 where the paper is silent (issue 61, item 1), for
21_miasojedow2018, which reads and asserts them. Each data set of the stored study (`data`, the same seeds) is
fitted with the published settings under each reading of READINGS:

* the smallest λ. The paper: "100 values of λ uniformly spaced on the log scale, starting from the largest λ,
  which corresponds to the empty model", and BIC's log-likelihoods from "one more sample ... with the
  stationary distribution p(·|θ̂_50)". Ours is λ_min = 0.01 λ₀ (`MCMCLasso(lambda_ratio=0.01)`), so θ̂_50 sits
  at 0.1 λ₀; the other reading 0.001 λ₀ puts it at 0.03 λ₀. Two split paths take these two effects apart:
  100 values with θ̂_50 at ≈ 0.1 λ₀ but reaching 0.001 λ₀ (the first 50 down to 0.1 λ₀, the next 50 from
  there, twice as coarse), and 100 values with θ̂_50 at ≈ 0.03 λ₀ reaching only 0.01 λ₀.
* the burn-in. The paper: "we use the last sample from the previous step as an initial point" and "after
  discarding initial iterations β_1 is further reduced", with no number. Ours discards nothing
  (`burn_in=0`); the other reading discards 10³d single-site updates (as many as the m draws) before every
  sample: each λ's, BIC's and GIC's.

Per fit: the stored study's KEYS, the chosen λ ÷ λ₀, the number of λ values fitted (the path stops where the
approximation is unbounded below) and the median over the path of the importance weights' ESS/m. Cells:
d = 20 (10 replications) and d = 50 (3), n = 20, 40, 80, models M1 and M2. About 20 minutes on 2 cores.

python benchmarks/study_miasojedow2018_readings.py  # writes benchmarks/data/miasojedow2018_readings.npz"""

from pathlib import Path
import numpy as np
from _report import save_results
from study_miasojedow2018 import KEYS, MODELS, data, scores
from mrflit.experiments import grid, replicate
from mrflit.mcmc_lasso import MIASOJEDOW_SETTINGS, MCMCLasso

OUT = Path(__file__).resolve().parent / "data" / "miasojedow2018_readings.npz"
STORE = Path(__file__).resolve().parent / "data" / "_runs" / "miasojedow2018_readings"
CELLS = ((20, 20), (20, 40), (20, 80), (50, 20), (50, 40), (50, 80))
REPS = {20: 10, 50: 3}
K = MIASOJEDOW_SETTINGS["n_lambdas"]
# name: (λ_min ÷ λ₀, θ̂_50's λ ÷ λ₀ or None for a uniform path, burn-in updates per d)
READINGS = {
    "ours: lambda_min 0.01": (0.01, None, 0),
    "lambda_min 0.001": (0.001, None, 0),
    "lambda_min 0.001, theta_50 at 0.1": (0.001, 0.1, 0),
    "lambda_min 0.01, theta_50 at 0.03": (0.01, 0.001**0.5, 0),
    "burn-in 10^3 d": (0.01, None, 1000),
}
EXTRA = ("lambda_ratio_chosen", "path_length", "ess_median")


def split_path(lam0, ref, lam_min):
    """K values: K/2 log-spaced from λ₀ down to ref·λ₀, then K/2 from there down to lam_min·λ₀, so that
    θ̂_{K/2} (BIC's reference, the path's (K/2 + 1)-th value) lies just below ref·λ₀ whatever lam_min is."""
    k = np.arange(1, K // 2 + 1) / (K // 2)
    return lam0 * np.r_[ref**k, ref * (lam_min / ref) ** k]


def settings(reading, lam0, d):
    "The `MCMCLasso` settings of one reading, the published ones otherwise."
    lam_min, ref, burn = READINGS[reading]
    path = dict(lambda_ratio=lam_min) if ref is None else dict(lambdas=split_path(lam0, ref, lam_min))
    return dict(MIASOJEDOW_SETTINGS, burn_in=burn * d, **path)


def fit(model, d, n, rep):
    """Replication `rep` of cell (d, n) under each reading: (READINGS, KEYS + EXTRA) rows (NaN where the data
    have a constant column)."""
    truth, X = data(model, d, n, rep)
    out = np.full((len(READINGS), len(KEYS) + len(EXTRA)), np.nan)
    if (X == X[0]).all(0).any():
        return out
    # λ₀: where MCMCLasso's own path starts (without fields the largest |mean x_r x_s|)
    lam0 = MCMCLasso(**MIASOJEDOW_SETTINGS).lambda_max(X)
    for i, reading in enumerate(READINGS):
        est = MCMCLasso(seed=rep, **settings(reading, lam0, d))
        out[i, : len(KEYS)] = scores(est, X, truth)
        if i == 0:
            # the path's first value is λ₀ · ratio^(1/K) (`lambda_path`)
            np.testing.assert_allclose(est.lambdas_[0], lam0 * 0.01 ** (1 / K), rtol=1e-12)
        out[i, len(KEYS)] = est.lambda_ / lam0
        out[i, len(KEYS) + 1] = len(est.path_)
        out[i, len(KEYS) + 2] = np.median(np.asarray(est.trace_["ess"], np.float64))
    return out


def main():
    result = {}
    for d, n in CELLS:
        params = list(grid(model=list(MODELS), d=[d], n=[n], rep=list(range(REPS[d]))))
        rows = replicate(fit, params, n_jobs=2, store=STORE, progress=True)
        result[f"d{d}_n{n}"] = np.array(rows).reshape(len(MODELS), REPS[d], len(READINGS), -1)
    save_results(
        OUT,
        **result,
        keys=np.array(list(KEYS) + list(EXTRA)),
        models=np.array(MODELS),
        cells=np.array(CELLS),
        readings=np.array(list(READINGS)),
    )
    print(f"wrote {OUT.name}")


if __name__ == "__main__":
    main()
