"""`mrflit fit` against R's IsingFit on the real-data corpus (`corpus.py`; issue 56, items 2 and 5): whole
processes on the same CSVs, as a user runs them, interleaved (R, mrflit, R, mrflit, …), median of three wall
times; the edge sets of both stored.

python benchmarks/bench_isingfit_cli.py ISINGFIT_R            # every set: data/isingfit_cli.json, BENCHMARKS
python benchmarks/bench_isingfit_cli.py ISINGFIT_R icu senate  # some sets (printed only)

R: `Rscript` with glmnet (Debian: `apt-get install r-base-core r-cran-glmnet`) and IsingFit 0.4's
`R/IsingFit.R` (`fetch github:cran/IsingFit`), run as `IsingFit(x, gamma = 0.25, AND = TRUE, plot = FALSE)`
(its defaults; qgraph, used there only to draw, is stubbed). mrflit: `mrflit fit FILE --out DIR --quiet`, its
defaults (IsingLasso, λ by EBIC with γ = 0.25, the network figure, predictability and report.txt), with the
package's Numba cache warm; once, on the first set, also a run with an empty Numba cache (the first run after
install). Edge agreement: the Jaccard index of the two edge sets (the two estimators differ: IsingFit is
nodewise logistic regression with the AND rule, IsingLasso the joint ℓ₁-penalised MLE)."""

import csv, json, os, subprocess, sys, tempfile, time
from pathlib import Path
import numpy as np
from corpus import SETS, load
from _report import write_section

OUT = Path(__file__).resolve().parent / "data" / "isingfit_cli.json"
R_CODE = """
suppressMessages(library(glmnet))
qgraph <- function(...) NULL
args <- commandArgs(trailingOnly = TRUE)
source(args[1])
x <- as.matrix(read.csv(args[2]))
res <- IsingFit(x, gamma = 0.25, AND = TRUE, plot = FALSE, progressbar = FALSE)
w <- res$weiadj
idx <- which(upper.tri(w) & w != 0, arr.ind = TRUE)
write.table(idx - 1, args[3], sep = ",", row.names = FALSE, col.names = FALSE)
"""


def _wall(cmd, env=None) -> float:
    "Wall time of one whole process (it must succeed)."
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True, env=env)
    return time.perf_counter() - t0


def _r_edges(path) -> set:
    "R's edges, 0-based pairs."
    text = Path(path).read_text().split()
    return {tuple(sorted(int(v) for v in line.split(","))) for line in text}


def _mrflit_edges(out, names) -> set:
    "mrflit's edges.csv as 0-based pairs."
    at = {n: k for k, n in enumerate(names)}
    with open(Path(out) / "edges.csv") as f:
        return {tuple(sorted((at[r["source"]], at[r["target"]]))) for r in csv.DictReader(f)}


def measure(name, isingfit_r, work, cold=False):
    X = load(name)
    data = work / f"{name}.csv"
    X.to_csv(data, index=False)
    script = work / "run_isingfit.R"
    script.write_text(R_CODE)
    r_cmd = ["Rscript", str(script), str(isingfit_r), str(data), str(work / f"{name}.r.csv")]
    m_cmd = [
        str(Path(sys.executable).parent / "mrflit"),
        "fit",
        str(data),
        "--out",
        str(work / f"{name}.m"),
        "--quiet",
    ]
    row = dict(data=name, n=int(X.shape[0]), p=int(X.shape[1]))
    if cold:
        env = dict(os.environ, NUMBA_CACHE_DIR=str(work / "cold-cache"))
        row["mrflit_cold"] = _wall(m_cmd, env)
    r_t, m_t = [], []
    for _ in range(3):
        r_t.append(_wall(r_cmd))
        m_t.append(_wall(m_cmd))
    e_r = _r_edges(work / f"{name}.r.csv")
    e_m = _mrflit_edges(work / f"{name}.m", list(X.columns))
    union = e_r | e_m
    row.update(r=float(np.median(r_t)), mrflit=float(np.median(m_t)), r_edges=len(e_r), mrflit_edges=len(e_m))
    row.update(ratio=row["mrflit"] / row["r"], jaccard=len(e_r & e_m) / len(union) if union else 1.0)
    row["report"] = (work / f"{name}.m" / "report.txt").read_text()
    print({k: v for k, v in row.items() if k != "report"}, flush=True)
    return row


# what any `mrflit fit` process pays before its own work: the interpreter with the libraries the command needs
# for its default outputs (numpy, Numba with one cached kernel called: its target's one-time setup, Matplotlib
# for network.png, networkx for its layout), against R with glmnet loaded
FLOOR = dict(
    python=[
        sys.executable,
        "-c",
        "import numpy, matplotlib.pyplot, networkx; from mrflit import libm; libm.power(10.0, numpy.ones(2))",
    ],
    r=["Rscript", "-e", "suppressMessages(library(glmnet))"],
)


def floors() -> dict:
    "Median of five wall times of each start-up floor (FLOOR), interleaved."
    times = {k: [] for k in FLOOR}
    for _ in range(5):
        for k, cmd in FLOOR.items():
            times[k].append(_wall(cmd))
    return {k: float(np.median(v)) for k, v in times.items()}


def report(rows, floor):
    lines = [
        "## `mrflit fit` against R's IsingFit on the corpus (`bench_isingfit_cli.py`)",
        "",
        " ".join(__doc__.split("\n\n")[0].split()),
        "",
        "| data | n | p | IsingFit (s) | mrflit fit (s) | ÷ R | IsingFit edges | mrflit edges | Jaccard |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['data']} | {r['n']:,} | {r['p']} | {r['r']:.1f} | {r['mrflit']:.1f} | {r['ratio']:.2f} | "
            f"{r['r_edges']} | {r['mrflit_edges']} | {r['jaccard']:.2f} |"
        )
    cold = [r for r in rows if "mrflit_cold" in r]
    ratios = [r["ratio"] for r in rows]
    slowest = rows[int(np.argmax(ratios))]["data"]
    lines += [
        "",
        f"mrflit ÷ R: median {np.median(ratios):.2f}, largest {max(ratios):.2f} ({slowest}); "
        f"sets where mrflit is slower: {sum(x > 1 for x in ratios)} of {len(rows)}. "
        + (
            f"First run with an empty Numba cache ({cold[0]['data']}): {cold[0]['mrflit_cold']:.1f} s."
            if cold
            else ""
        ),
        "",
        f"Start-up floors (median of five): Python with what `mrflit fit` needs loaded (numpy, Numba's first "
        f"cached kernel, Matplotlib, networkx) {floor['python']:.2f} s; R with glmnet loaded "
        f"{floor['r']:.2f} s. "
        f"R's whole run (IsingFit included) is shorter than Python's floor on "
        f"{sum(r['r'] < floor['python'] for r in rows)} of {len(rows)} sets.",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    isingfit_r, chosen = sys.argv[1], sys.argv[2:] or list(SETS)
    with tempfile.TemporaryDirectory() as tmp:
        rows = [measure(name, isingfit_r, Path(tmp), cold=(k == 0)) for k, name in enumerate(chosen)]
    floor = floors()
    if not sys.argv[2:]:
        OUT.write_text(json.dumps(dict(rows=rows, floor=floor), indent=1) + "\n")
        write_section("bench_isingfit_cli", report(rows, floor))
    else:
        print(report(rows, floor))
