"""The production fit against what network analysts run today: time ÷ scikit-learn's nodewise ℓ₁ logistic
regressions (IsingFit's computation) on the same data, in the same run, and how close the fit is.

python benchmarks/bench_realdata.py          # p = 7 … 100 and the Senate: its section of BENCHMARKS.md
python benchmarks/bench_realdata.py --large  # adds p = 200, 500, 1,000 (n = 5,000)

Data: the 109th Senate's second session (279 roll calls × 100 senators, 0/1; Geng et al. §7.3), and sparse
synthetic models (about 4 neighbours per variable, ±1 couplings |θ| ∈ [0.3, 0.6] — the issue's scale — or
[0.5, 1.2], strongly coupled, recoded to 0/1), n = 5,000 draws. λ = √(log p / n) for every method (scikit-
learn: C = 1/(λn), liblinear, its default tolerance). `IsingLasso(λ)` runs at its defaults (`solver="auto"`:
exact moments for p ≤ 16, persistent Gibbs chains above). Its accuracy: for p ≤ 16 the objective gap to the
exact ℓ₁-MLE; above, the objective gap estimated at the returned θ by 100,000 fresh chains (other seeds, 200
sweeps, their final states in two halves) as the decrease of the proximal Newton model on them less its Monte-
Carlo part measured by the halves (`halves_gap`), the mean of four such estimates (seeds 12345–12348) ± its
standard error (one estimate's own Monte-Carlo error is about a quarter of the gap at p = 25) — next to the
gap the fit accepted (`solver_.tol_eff`: by default 0.1 × the data's own sampling gap |A|/2n, i.e. a
Monte-Carlo variance of at most a tenth of the sampling variance). Pseudo-likelihood (`PseudoLikelihood(λ)`)
optimises another objective: only its time."""

import sys, time, warnings
import numpy as np
from sklearn.linear_model import LogisticRegression
from mrflit.models import random_mrf, stat_index, mean_stats
from mrflit.gibbs import GibbsChains, sample_data
from mrflit.datasets import senate109
from mrflit.ising_lasso import IsingLasso, halves_gap
from mrflit.baselines import PseudoLikelihood, _L1
from _report import write_section

N = 5000
FRESH_RUNS = 4  # independent fresh-chain estimates of the gap per row (p > 16)


def synthetic(p, strong, seed=0):
    "A sparse ±1 model with about 4 neighbours per variable, drawn n = 5,000 times and recoded to 0/1."
    scale = (0.5, 1.2) if strong else (0.3, 0.6)
    pm = random_mrf(p, min(1.0, 4 / (p - 1)), scale, (-0.3, 0.3), "pm1", seed=seed)
    X = sample_data(pm, N, burn_in=500, seed=seed + 1)
    return ((X + 1) // 2).astype(np.int8)


def timed(fn):
    t = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t


def sklearn_nodewise(X, lam):
    "ℓ₁ logistic regression of each variable on the others (liblinear), λ per row."
    for j in range(X.shape[1]):
        LogisticRegression(C=1 / (lam * len(X)), solver="liblinear", **_L1).fit(np.delete(X, j, 1), X[:, j])


def fresh_gap(fit, X, lam, q=100_000, seed=12345):
    """The objective gap at the fit's θ estimated by q fresh chains' final states: the proximal Newton model's
    decrease less its Monte-Carlo part, measured by the two halves of the chains (`halves_gap`)."""
    p = X.shape[1]
    I, J = stat_index(p)
    theta = fit.theta_[I, J]
    starts = X[np.arange(q) % len(X)][::-1]
    chains = GibbsChains(fit.model_, q, init=starts, seed=seed)
    chains.run(200)
    S = chains.states
    halves = np.array([mean_stats(S[: q // 2]), mean_stats(S[q // 2 :])]) - mean_stats(X)
    lam_v = np.where(I == J, 0.0, lam)
    return halves_gap(halves, theta, lam_v, chains._X)[0]


def measure(name, X):
    n, p = X.shape
    lam = float(np.sqrt(np.log(p) / n))
    _, t_sk = timed(lambda: sklearn_nodewise(X, lam))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fit, t_il = timed(lambda: IsingLasso(lam).fit(X))
        _, t_pl = timed(lambda: PseudoLikelihood(lam).fit(X))
    gap_se = 0.0
    if p <= 16:
        ref = IsingLasso(lam, solver="exact").fit(X)
        I, J = stat_index(p)
        gap = ref.solver_.objective(fit.theta_[I, J]) - ref.solver_.objective(ref.theta_[I, J])
        accepted = 0.0
    else:
        gaps = [fresh_gap(fit, X, lam, seed=12345 + k) for k in range(FRESH_RUNS)]
        gap, gap_se = float(np.mean(gaps)), float(np.std(gaps, ddof=1) / np.sqrt(FRESH_RUNS))
        accepted = fit.solver_.tol_eff
    row = dict(
        data=name,
        p=p,
        n=n,
        lam=lam,
        sk=t_sk,
        il=t_il / t_sk,
        solver=fit.moments_,
        chains=getattr(fit, "n_chains_", 0),
        gap=gap,
        gap_se=gap_se,
        accepted=accepted,
        conv=fit.converged_,
        pl=t_pl / t_sk,
        warnings=len(caught),
    )
    print(row, flush=True)
    return row


def main(large=False):
    # compile (or load from Numba's cache) every kernel first, the matrix-free Newton step's too: the rows
    # time
    # fits, not compilation
    warm = synthetic(5, False)[:200]
    senate = senate109("session2").votes
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        IsingLasso(0.1, solver="mcmc", max_iter=3).fit(warm)
        IsingLasso(0.1).fit(warm)
        IsingLasso(0.05, max_iter=2).fit(senate)
        PseudoLikelihood(0.1).fit(warm)
    rows = [measure("Senate 2nd session", senate)]
    for p, strong in ((7, False), (7, True), (16, False), (16, True), (25, False), (50, False), (100, False)):
        rows.append(measure(f"synthetic{', strong' if strong else ''}", synthetic(p, strong)))
    if large:
        for p in (200, 500, 1000):
            rows.append(measure("synthetic", synthetic(p, False)))
    lines = [
        "## The production fit against scikit-learn's nodewise regressions (`bench_realdata.py`)",
        "",
        " ".join(__doc__.split("\n\n")[2].split()),
        "",
        "| data | p | n | λ | scikit-learn (s) | IsingLasso (s) | time ÷ sk | moments | chains "
        "| gap (± s.e.) | gap accepted | converged_ | PL time ÷ sk |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['data']} | {r['p']} | {r['n']:,} | {r['lam']:.3f} | {r['sk']:.2f} | "
            f"{r['il'] * r['sk']:.2f} | "
            f"{r['il']:.1f} | "
            f"{r['solver']} | {r['chains']:,} | {r['gap']:.1e} ± {r['gap_se']:.0e} | {r['accepted']:.1e} | "
            f"{r['conv']} | "
            f"{r['pl']:.1f} |"
        )
    med = lambda k, rs=rows: float(np.median([r[k] for r in rs]))
    small = [r for r in rows if r["p"] <= 100]
    lines += [
        "",
        f"Medians for p ≤ 100: IsingLasso {med('il', small):.1f}× scikit-learn's time, pseudo-likelihood "
        f"{med('pl', small):.1f}×. Goal (issue 28): ≤ 3× and ≤ 2×.",
    ]
    write_section("bench_realdata", "\n".join(lines))


if __name__ == "__main__":
    main(large="--large" in sys.argv)
