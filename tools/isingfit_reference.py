"""Reference networks from R's IsingFit itself, stored as data for `tests/test_isingfit.py`.

python tools/isingfit_reference.py ISINGFIT_R_FILE

Needs R with glmnet (Debian: `apt-get install r-base-core r-cran-glmnet`) and IsingFit's `R/IsingFit.R`
(`fetch github:cran/IsingFit`: version 0.4). The script draws each data set with mrflit, writes it to
`tests/data/isingfit/x_NAME.csv`, runs `IsingFit(x, gamma, AND, plot = FALSE)` in R (qgraph, used there only
to draw, is stubbed) and stores R's `weiadj` and `thresholds` beside it, and the length of glmnet's λ path for
each node. Nothing in these files is typed by
hand. 12_baselines checks ELasso against them."""

import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

from mrflit import random_mrf, sample_data
from mrflit.models import miasojedow_m1

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "isingfit"
# name: (model, rows, seed of the rows, gamma, AND rule)
CASES = {
    # the 25-item network of notebook 25 (p = 25, n = 2,500)
    "items25": (lambda: random_mrf(25, 4 / 24, (0.3, 0.8), seed=3), 2500, 1, 0.25, True),
    # strongly coupled, few rows: |θ| from 1.5 to 3, p = 12, n = 300
    "strong12": (lambda: random_mrf(12, 0.25, (1.5, 3.0), seed=4), 300, 2, 0.25, True),
    # small n, more variables, the OR rule and BIC (γ = 0)
    "small20": (lambda: random_mrf(20, 0.15, (0.5, 1.0), seed=5), 150, 3, 0.0, False),
    # Miasojedow & Rejchel's M1 (a 6-clique with |θ| = 2) at d = 50, n = 80, BIC and AND as their §5.1 runs
    # ELASSO: the clique's columns coincide, so the lasso's solution is not unique
    "m1d50n80": (lambda: miasojedow_m1(50, seed=0), 80, 4, 0.0, True),
}
R_CODE = """
suppressMessages(library(glmnet))
qgraph <- function(...) NULL
args <- commandArgs(trailingOnly = TRUE)
source(args[1])
x <- as.matrix(read.csv(args[2], header = FALSE))
colnames(x) <- paste0("V", seq_len(ncol(x)))
res <- IsingFit(x, gamma = as.numeric(args[4]), AND = as.logical(args[5]), plot = FALSE, progressbar = FALSE)
write.table(format(res$weiadj, digits = 17), args[3], sep = ",", row.names = FALSE, col.names = FALSE,
            quote = FALSE)
write.table(format(res$thresholds, digits = 17), paste0(args[3], ".thresholds"), sep = ",",
            row.names = FALSE, col.names = FALSE, quote = FALSE)
# the number of λ values glmnet keeps on each node's path (it ends a path early)
lengths <- sapply(seq_len(ncol(x)), function(i) length(glmnet(x[, -i], x[, i], family = "binomial")$lambda))
write.table(lengths, paste0(args[3], ".lengths"), row.names = FALSE, col.names = FALSE)
cat(R.version.string, "glmnet", as.character(packageVersion("glmnet")), "\n")
"""


def main(isingfit_r: str):
    OUT.mkdir(parents=True, exist_ok=True)
    script = Path(tempfile.mkdtemp()) / "run_isingfit.R"
    script.write_text(R_CODE)
    for name, (model, n, seed, gamma, and_rule) in CASES.items():
        truth = model()
        X = sample_data(truth, n, seed=seed)
        # IsingFit reads 0/1 data
        X = (X + 1) // 2 if truth.domain == "pm1" else X
        np.savetxt(OUT / f"x_{name}.csv", X, fmt="%d", delimiter=",")
        args = [isingfit_r, str(OUT / f"x_{name}.csv"), str(OUT / f"weights_{name}.csv"), str(gamma)]
        run = subprocess.run(
            ["Rscript", str(script), *args, "TRUE" if and_rule else "FALSE"], capture_output=True, text=True
        )
        if run.returncode:
            sys.exit(run.stderr)
        print(name, run.stdout.strip())


if __name__ == "__main__":
    main(sys.argv[1])
