"""The production fit and the papers' classes at their defaults: objective gap to the exact ℓ₁-MLE, the
verdict `converged_`, and time against scikit-learn's nodewise ℓ₁ logistic regression.

python benchmarks/bench_convergence.py # writes its section of BENCHMARKS.md

Strongly coupled models as real survey data give: couplings of the exact MLE up to |θ| ≈ 5 and fields up to ±3
in the 0/1 coding (drawn as ±1 models with |θ_ij| ∈ [0.5, 1.2], |θ_ii| ≤ 0.6, then recoded), n = 20,000 exact
draws, λ = 0.01. The reference is the exact ℓ₁-MLE of eq. (1) (`IsingLasso(solver="exact",
penalize_fields=True)`: Newton steps on exact moments until the KKT residual is ≤ 1e-8). `IsingLasso` is timed
at its defaults (exact moments for p ≤ 16) and with Gibbs moments (`solver="mcmc"`); SPG and TAY run Geng et
al.'s Alg. 3 and say whether they got there (`converged_`); TAY stops after 100 iterations (`max_iter=100`).
Pseudo-likelihood optimises another objective, so only its time is compared. MCMC-Lasso and FBS are measured
against the exact optimum of their own problems on the ±1 recoding of the same data: eq. (7) with unpenalised
fields (MCMC-Lasso on the λ path 10λ … λ, its estimate compared with the exact optimum at the λ its BIC chose,
next to its own estimate `mc_gap_`) and Honorio's (H2) with ρ = λ (reference: `fbs.exact_optimum`)."""

import time, warnings
import numpy as np
from sklearn.linear_model import LogisticRegression
from mrflit.models import random_mrf
from mrflit.exact import sample_exact
from mrflit.spg import SPG, TAY
from mrflit.ising_lasso import IsingLasso
from mrflit.baselines import PseudoLikelihood, _L1
from mrflit.mcmc_lasso import MCMCLasso
from mrflit.fbs import FBS, exact_optimum, _exact_problem
from _report import write_section

LAM = 0.01
# TAY at its defaults runs tau_max = 200 sweeps wherever no τ certifies (most iterations on these
# models): 100 s per fit at p = 7. It is stopped after TAY_ITER iterations here, and says it did not converge.
TAY_ITER = 100


def problem(p, seed):
    """A strongly coupled 0/1 data set and its exact ℓ₁-MLE (reference learner, stats-order optimum, optimal
    objective)."""
    pm = random_mrf(p, 0.5 if p < 10 else 0.25, (0.5, 1.2), (-0.6, 0.6), "pm1", seed=seed)
    X = ((sample_exact(pm, 20_000, seed=seed) + 1) // 2).astype(np.int8)
    ref = IsingLasso(LAM, solver="exact", penalize_fields=True).fit(X)
    return X, ref, objective(ref, ref.theta_)


def objective(ref, theta):
    "The exact objective of the reference's problem at a (p, p) θ."
    return ref.solver_.objective(theta[np.triu_indices(theta.shape[0])])


def timed(fn):
    t = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t


def sklearn_nodewise(X):
    "ℓ₁ logistic regression of each variable on the others (liblinear), λ per sample = LAM."
    for j in range(X.shape[1]):
        LogisticRegression(C=1 / (LAM * len(X)), solver="liblinear", **_L1).fit(np.delete(X, j, 1), X[:, j])


def _own_problems(X, t_sk, seed):
    """MCMC-Lasso and FBS on the ±1 recoding: gap to the exact optimum of their own objectives, time ÷ scikit-
    learn's."""
    Xpm = (2 * X.astype(int) - 1).astype(np.int8)
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        fb, t_fb = timed(lambda: FBS(LAM, seed=seed, diagnostics=False).fit(Xpm))
        try:
            ml, t_ml = timed(
                lambda: MCMCLasso(external_field=True, lambdas=LAM * np.geomspace(10, 1, 10), seed=seed).fit(
                    Xpm
                )
            )
            # the exact optimum at BIC's λ
            at = IsingLasso(ml.lambda_, solver="exact").fit(Xpm)
            gap_ml, conv_ml = objective(at, ml.theta_lasso_) - objective(at, at.theta_), ml.converged_
            est_ml = ml.mc_gap_
        except ValueError:  # the approximation degenerated before two λ values were fitted
            gap_ml, conv_ml, t_ml, est_ml = np.nan, False, np.nan, np.nan
    opt = exact_optimum(Xpm, LAM)
    h, _ = _exact_problem(Xpm, LAM, None)
    gap_fb = h._objective(fb.W_, fb.b_) - opt["objective"]
    return dict(
        ML_gap=gap_ml,
        ML_est=est_ml,
        ML_ratio=t_ml / t_sk,
        ML_conv=conv_ml,
        FBS_gap=gap_fb,
        FBS_ratio=t_fb / t_sk,
        FBS_conv=fb.converged_,
    )


def main():
    rows = []
    warm = problem(5, 99)[0]  # compile the kernels outside the timings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        SPG(LAM, seed=0, max_iter=3).fit(warm)
        TAY(LAM, seed=0, max_iter=3).fit(warm)
        IsingLasso(LAM, solver="mcmc", max_iter=3).fit(warm)
    for p in (7, 10, 12):
        for seed in range(3):
            X, ref, f_star = problem(p, seed)
            _, t_sk = timed(lambda: sklearn_nodewise(X))
            _, t_pl = timed(lambda: PseudoLikelihood(LAM).fit(X))
            row = dict(p=p, seed=seed, max_theta=np.abs(ref.theta_).max(), sk=t_sk, pl=t_pl / t_sk)
            learners = (
                ("IL", lambda: IsingLasso(LAM, penalize_fields=True, seed=seed)),
                ("ILmc", lambda: IsingLasso(LAM, penalize_fields=True, solver="mcmc", seed=seed)),
                ("SPG", lambda: SPG(LAM, seed=seed, diagnostics=False)),
                ("TAY", lambda: TAY(LAM, seed=seed, diagnostics=False, max_iter=TAY_ITER)),
            )
            for name, make in learners:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    est, t = timed(lambda: make().fit(X))
                gap = objective(ref, est.theta_) - f_star
                row.update({f"{name}_gap": gap, f"{name}_ratio": t / t_sk, f"{name}_conv": est.converged_})
            row.update(_own_problems(X, t_sk, seed))
            rows.append(row)
            print(row, flush=True)
    lines = [
        "## The production fit and the papers' classes at their defaults (`bench_convergence.py`)",
        "",
        __doc__.split("\n\n")[2].replace("\n", " ").strip(),
        "",
        "| p | seed | max abs θ* | scikit-learn (s) | IsingLasso gap | time ÷ sk | IsingLasso mcmc gap | "
        "time ÷ sk "
        "| SPG gap | time ÷ sk | TAY (100 iterations) gap | time ÷ sk | PL time ÷ sk "
        "| MCMC-Lasso gap (estimate) | time ÷ sk | FBS gap | time ÷ sk |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['p']} | {r['seed']} | {r['max_theta']:.2f} | {r['sk']:.2f} | "
            f"{r['IL_gap']:.1e}{'' if r['IL_conv'] else ' (not conv.)'} | {r['IL_ratio']:.1f} | "
            f"{r['ILmc_gap']:.1e}{'' if r['ILmc_conv'] else ' (not conv.)'} | {r['ILmc_ratio']:.1f} | "
            f"{r['SPG_gap']:.1e}{'' if r['SPG_conv'] else ' (not conv.)'} "
            f"| {r['SPG_ratio']:.1f} | {r['TAY_gap']:.1e}{'' if r['TAY_conv'] else ' (not conv.)'} | "
            f"{r['TAY_ratio']:.1f} "
            f"| {r['pl']:.1f} | {r['ML_gap']:.1e} ({r['ML_est']:.1e})"
            f"{'' if r['ML_conv'] else ' (not conv.)'} | {r['ML_ratio']:.1f} "
            f"| {r['FBS_gap']:.1e}{'' if r['FBS_conv'] else ' (not conv.)'} | {r['FBS_ratio']:.1f} |"
        )
    med = lambda k: np.nanmedian([r[k] for r in rows])
    lines += [
        "",
        f"Medians: IsingLasso gap {med('IL_gap'):.1e} in {med('IL_ratio'):.1f}× scikit-learn's time (Gibbs "
        f"moments: "
        f"{med('ILmc_gap'):.1e} in {med('ILmc_ratio'):.1f}×); SPG gap {med('SPG_gap'):.1e} in "
        f"{med('SPG_ratio'):.1f}× scikit-learn's time; TAY gap "
        f"{med('TAY_gap'):.1e} "
        f"in {med('TAY_ratio'):.1f}×; pseudo-likelihood {med('pl'):.1f}×; MCMC-Lasso gap {med('ML_gap'):.1e} "
        f"in {med('ML_ratio'):.1f}×; "
        f"FBS gap {med('FBS_gap'):.1e} in {med('FBS_ratio'):.1f}×.",
    ]
    write_section("bench_convergence", "\n".join(lines))


if __name__ == "__main__":
    main()
