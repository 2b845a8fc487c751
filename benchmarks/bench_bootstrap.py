"""The command line's EBIC fit plus 200 bootstrap refits on 25 items × 2,500 rows (issue 28's goal: under 3
minutes here), and what the refits' Monte-Carlo share costs and changes.

python benchmarks/bench_bootstrap.py  # writes its section of BENCHMARKS.md

Data: 2,500 draws of `random_mrf(25, 4/24, (0.3, 0.8), seed=3)` (`sample_data` seed 1), 0/1, written to a
temporary CSV. First `mrflit fit DATA --bootstrap 200 --quiet` as a user runs it (every core), timed end
to end. Then, in Python on the same data and the same EBIC fit, `bootstrap(est, X, 200, n_jobs=-1,
refit_tol_sampling=s)` with the defaults, `est = IsingLasso(λ̂)` and s = 0.1 (each refit's Monte-Carlo variance
at most 10 % of the resampling variance), and with IsingLasso's defaults until session 19, `est =
IsingLasso(λ̂, tol=5e-4, tol_sampling=0.01)` and s = 0.01: the time of each and the median ratio of their 95 %
interval widths over the couplings whose interval is not a point."""

import subprocess, sys, tempfile, time
from pathlib import Path
import numpy as np
from mrflit import IsingLasso, bootstrap
from mrflit.models import random_mrf
from mrflit.gibbs import sample_data
from _report import write_section


def data():
    "The 25-item data set, 0/1."
    return sample_data(random_mrf(25, 4 / 24, (0.3, 0.8), seed=3), 2500, seed=1)


def cli_seconds(X) -> float:
    "Wall time of `mrflit fit DATA --bootstrap 200 --quiet` on X."
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "items25.csv"
        header = ",".join(f"i{j}" for j in range(X.shape[1]))
        np.savetxt(path, X, fmt="%d", delimiter=",", header=header, comments="")
        cmd = [sys.executable, "-c", "import sys, mrflit.cli; sys.exit(mrflit.cli.main())", "fit", str(path)]
        t = time.perf_counter()
        subprocess.run(cmd + ["--bootstrap", "200", "--quiet", "--out", str(Path(d) / "out")], check=True)
        return time.perf_counter() - t


def main():
    X = data()
    t_cli = cli_seconds(X)
    print(f"command line: {t_cli:.0f} s", flush=True)
    fit = IsingLasso("ebic").fit(X)
    runs = {}
    for share in (0.1, 0.01):
        old = dict(tol=5e-4, tol_sampling=0.01) if share == 0.01 else {}
        est = IsingLasso(fit.lambda_, **old)
        t = time.perf_counter()
        st = bootstrap(est, X, 200, n_jobs=-1, fitted=fit, refit_tol_sampling=share)
        runs[share] = (time.perf_counter() - t, st)
        print(f"refit_tol_sampling {share}: {runs[share][0]:.0f} s", flush=True)
    widths = {s: np.subtract(*st.interval()[::-1]) for s, (_, st) in runs.items()}
    iu = np.triu_indices(X.shape[1], 1)
    keep = widths[0.01][iu] > 0
    ratio = float(np.median(widths[0.1][iu][keep] / widths[0.01][iu][keep]))
    lines = [
        "## Bootstrap on 25 items × 2,500 rows (`bench_bootstrap.py`)",
        "",
        " ".join(__doc__.split("\n\n")[2].split()),
        "",
        "| run | seconds |",
        "|---|---|",
        f"| `mrflit fit DATA --bootstrap 200` (EBIC fit, 200 refits, all outputs) | {t_cli:.0f} |",
        f"| 200 refits, defaults (share 0.1) | {runs[0.1][0]:.0f} |",
        f"| 200 refits, the old defaults (tol 5e-4, share 0.01) | {runs[0.01][0]:.0f} |",
        "",
        f"Median ratio of the 95 % interval widths, 0.1 ÷ 0.01: {ratio:.3f} (the bound: √1.1 = 1.049). "
        f"EBIC's λ = {fit.lambda_:.4f}, {fit.n_chains_:,} chains in the full fit. "
        "Goal (issue 28): the command under 180 s.",
    ]
    write_section("bench_bootstrap", "\n".join(lines))


if __name__ == "__main__":
    main()
