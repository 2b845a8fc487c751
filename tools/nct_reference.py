"""A reference run of R's NetworkComparisonTest itself, stored as data for 13a_inference.

python tools/nct_reference.py NCT_REPO_DIR ISINGFIT_R_FILE

Needs R with glmnet (Debian: `apt-get install r-base-core r-cran-glmnet`), NetworkComparisonTest 2.2.3's
sources (`fetch github:cran/NetworkComparisonTest`; pass the directory holding `R/NCT.R` and
`R/estimators.R`) and IsingFit 0.4's `R/IsingFit.R` (`fetch github:cran/IsingFit`). qgraph, networktools
and reshape2 are stubbed: NCT calls them only for centrality and edge tests, which this run does not ask
for; the Ising estimator is estimators.R's own, calling the sourced `IsingFit` rather than
`IsingFit::IsingFit`. The script draws two groups with mrflit — the same 8-variable model, except that one
coupling differs — writes them to `tests/data/nct/`, runs `NCT(x1, x2, it = 1000, gamma = 0.25,
binary.data = TRUE, AND = TRUE)` with `set.seed(1)` and stores R's networks, observed M and S, their
p-values and the 1,000 permutation draws of each beside the data. Nothing in these files is typed by hand."""

import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

from mrflit import random_mrf, sample_data
from mrflit.models import BinaryMRF

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "nct"
N_PERM = 1000
R_CODE = """
suppressMessages(library(glmnet))
qgraph <- function(...) NULL
args <- commandArgs(trailingOnly = TRUE)
source(args[1])
source(file.path(args[2], "R", "estimators.R"))
source(file.path(args[2], "R", "NCT.R"))
# estimators.R's own function, calling the sourced IsingFit instead of an installed package's
NCT_estimator_Ising <- function(x, gamma = 0.25, AND = TRUE) {
  IsingFit(x, AND = AND, gamma = gamma, plot = FALSE, progressbar = FALSE)$weiadj
}
x1 <- as.matrix(read.csv(args[3], header = FALSE))
x2 <- as.matrix(read.csv(args[4], header = FALSE))
colnames(x1) <- colnames(x2) <- paste0("V", seq_len(ncol(x1)))
set.seed(1)
res <- NCT(x1, x2, gamma = 0.25, it = as.integer(args[6]), binary.data = TRUE, AND = TRUE,
           progressbar = FALSE, verbose = FALSE)
out <- args[5]
fmt <- function(v) format(v, digits = 17)
for (k in 1:2) {
  write.table(fmt(res[[paste0("nw", k)]]), paste0(out, "/nw", k, ".csv"), sep = ",", row.names = FALSE,
              col.names = FALSE, quote = FALSE)
}
draws <- cbind(M = res$nwinv.perm, S = res$glstrinv.perm)
write.csv(draws, paste0(out, "/perm.csv"), row.names = FALSE)
summ <- data.frame(M = res$nwinv.real, S = res$glstrinv.real, p_M = res$nwinv.pval,
                   p_S = res$glstrinv.pval)
write.csv(format(summ, digits = 17), paste0(out, "/observed.csv"), row.names = FALSE, quote = FALSE)
cat(R.version.string, "glmnet", as.character(packageVersion("glmnet")), "\\n")
"""


def groups():
    "Two groups of 400 rows: one 8-variable model, and the same with its strongest coupling halved."
    base = random_mrf(8, 0.35, (0.6, 1.4), seed=11)
    theta = base.theta.copy()
    iu = np.triu_indices(8, 1)
    k = np.argmax(np.abs(theta[iu]))
    i, j = iu[0][k], iu[1][k]
    theta[i, j] = theta[j, i] = theta[i, j] / 2
    return sample_data(base, 400, seed=12), sample_data(BinaryMRF(theta, base.domain), 400, seed=13)


def main(nct_dir: str, isingfit_r: str):
    OUT.mkdir(parents=True, exist_ok=True)
    x1, x2 = groups()
    np.savetxt(OUT / "x1.csv", x1, fmt="%d", delimiter=",")
    np.savetxt(OUT / "x2.csv", x2, fmt="%d", delimiter=",")
    script = Path(tempfile.mkdtemp()) / "run_nct.R"
    script.write_text(R_CODE)
    args = [isingfit_r, nct_dir, str(OUT / "x1.csv"), str(OUT / "x2.csv"), str(OUT), str(N_PERM)]
    run = subprocess.run(["Rscript", str(script), *args], capture_output=True, text=True)
    if run.returncode:
        sys.exit(run.stderr)
    print(run.stdout.strip())


if __name__ == "__main__":
    main(*sys.argv[1:3])
