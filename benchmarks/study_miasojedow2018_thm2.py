"""Miasojedow & Rejchel (2018) Theorem 2 measured: the ℓ∞ error of the MCMC-Lasso estimate at one λ as the
sample size n and the MCMC sample size m grow. Model M2 with d = 20 (a chain of couplings ±1, no fields), n
= 200 … 51,200 (× 4) exact draws, λ_n = 2 √(log d̄ / n) with d̄ = d(d − 1)/2 (Theorem 2's λ (16) has the
same order in n; its constants, with ξ = 3 and ε = 0.05, make λ 3.7 times larger, above every coupling at
the smallest n), reached along 8 λ values from 4 λ_n with warm starts. Four settings: Algorithm 1 as
published (m = 10³ d draws from one chain, one reference sample), and mrflit's re-centring (`recentre=True`)
with m = 10³ d, 10⁴ d and 10⁵ d. 3 replications. Stored per (setting, n, replication): |θ̂ − θ*|_∞ over the
couplings, whether the estimate is degenerate (|θ|₁ above d log 2 / λ), the Monte-Carlo gap estimate
`mc_gap_` and seconds. About 20 minutes on 2 cores.

`--d 50` runs the same at d = 50 (M2's chain 0 − … − 19 and 30 independent spins, still sampled exactly; λ_n
with d̄ = 1,225), into `miasojedow2018_thm2_d50.npz`; about 15 minutes on 2 cores.

On a tree with no fields the edge products x_r x_s are independent with mean tanh θ*_rs, so the Hessian on
the support is diag(1/cosh² θ*), and if the lasso kept the support its first-order bias would be λ cosh² θ*;
the stored errors are larger (21_miasojedow2018 reads the file).

python benchmarks/study_miasojedow2018_thm2.py  # writes benchmarks/data/miasojedow2018_thm2.npz
python benchmarks/study_miasojedow2018_thm2.py --d 50  # writes benchmarks/data/miasojedow2018_thm2_d50.npz"""

import argparse
import time
from pathlib import Path
import numpy as np
from _report import save_results
from mrflit.experiments import grid, recorded_warnings, replicate
from mrflit.mcmc_lasso import MCMCLasso
from mrflit.models import miasojedow_m2

DATA = Path(__file__).resolve().parent / "data"
D = 20
NS = (200, 800, 3200, 12800, 51200)
# (name, mcmc_factor, recentre)
SETTINGS = (
    ("published, m = 10³d", 1000, False),
    ("re-centred, m = 10³d", 1000, True),
    ("re-centred, m = 10⁴d", 10_000, True),
    ("re-centred, m = 10⁵d", 100_000, True),
)
REPS = 3
KEYS = ("error", "degenerate", "mc_gap", "seconds", "warned")


def lam_n(n, d):
    "2 √(log d̄ / n), d̄ = d(d − 1)/2."
    return 2 * np.sqrt(np.log(d * (d - 1) / 2) / n)


def chain_sample(theta, n, seed):
    """n exact draws of a zero-field Ising chain 0 − 1 − … − (d − 1) on ±1: the first spin uniform, each next
    spin equal to the one before with probability e^θ / (2 cosh θ). The same as 21_miasojedow2018's
    `chain_sample`, which asserts it against the first data set stored here."""
    rng = np.random.default_rng(seed)
    d = theta.shape[0]
    x = np.empty((n, d))
    x[:, 0] = rng.choice([-1.0, 1.0], size=n)
    for i in range(1, d):
        t = theta[i - 1, i]
        same = rng.random(n) < np.exp(t) / (2 * np.cosh(t))
        x[:, i] = np.where(same, x[:, i - 1], -x[:, i - 1])
    return x


def data(n, rep, d=D):
    """M2 (seed 0) and n exact draws (M2 is a chain on its first 20 spins, the others independent, so it can
    be sampled exactly)."""
    truth = miasojedow_m2(d, seed=0)
    return truth, chain_sample(truth.theta, n, seed=100 + rep)


def cell(setting, n, rep, d):
    "One fit along 8 λ values down to λ_n: the ℓ∞ error at λ_n, degeneracy, mc_gap_, seconds, warned."
    _, factor, recentre = SETTINGS[setting]
    truth, X = data(n, rep, d)
    lam = lam_n(n, d)
    est = MCMCLasso(lambdas=np.geomspace(4 * lam, lam, 8), mcmc_factor=factor, recentre=recentre, seed=rep)
    t = time.perf_counter()
    with recorded_warnings() as unconverged:
        est.fit(X)
    secs = time.perf_counter() - t
    iu = np.triu_indices(d, 1)
    error = np.abs(est.path_[-1] - truth.theta)[iu].max()
    return np.array([error, est.trace_["degenerate"][-1], est.mc_gap_, secs, bool(unconverged)], dtype=float)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--d", type=int, default=D, help="variables (default 20)")
    d = ap.parse_args().d
    out = DATA / ("miasojedow2018_thm2.npz" if d == D else f"miasojedow2018_thm2_d{d}.npz")
    store = DATA / "_runs" / out.stem
    params = grid(setting=list(range(len(SETTINGS))), n=list(NS), rep=list(range(REPS)), d=[d])
    runs = replicate(cell, params, n_jobs=2, store=store, progress=True)
    result = np.array(runs).reshape(len(SETTINGS), len(NS), REPS, len(KEYS))
    save_results(
        out,
        result=result,
        settings=np.array([s[0] for s in SETTINGS]),
        factors=np.array([s[1] for s in SETTINGS]),
        recentre=np.array([s[2] for s in SETTINGS]),
        ns=np.array(NS),
        keys=np.array(KEYS),
        d=d,
        reps=REPS,
        first_data=data(NS[0], 0, d)[1],
    )
    print(f"wrote {out.name}")


if __name__ == "__main__":
    main()
