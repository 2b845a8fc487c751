"""R's `p.adjust` on 40 p-values, stored as data for 13a_inference's test of `p_adjust`.

python tools/p_adjust_reference.py

Needs R (Debian: `apt-get install r-base-core`). R draws the p-values itself (`set.seed(1)`): 30 uniform,
rounded to two digits so that some tie, five of them repeated, a 0 and a 1, and four permutation p-values
(1/101, 2/101, 2/101, 101/101); then every method of `p.adjust` that `mrflit.inference.p_adjust` offers.
R writes `tests/data/nct/p_adjust.csv` (columns p, none, holm, hochberg, bonferroni, BH, BY, fdr) with 17
significant digits. Nothing in the file is typed by hand."""

import subprocess
import tempfile
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "nct" / "p_adjust.csv"
R_CODE = """
set.seed(1)
u <- round(runif(30), 2)
p <- c(u, u[1:5], 0, 1, 1 / 101, 2 / 101, 2 / 101, 101 / 101)
methods <- c("none", "holm", "hochberg", "bonferroni", "BH", "BY", "fdr")
out <- data.frame(p = p)
for (m in methods) out[[m]] <- p.adjust(p, method = m)
write.csv(format(out, digits = 17), commandArgs(trailingOnly = TRUE)[1], row.names = FALSE, quote = FALSE)
cat(R.version.string, "\\n")
"""


def main():
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "p_adjust.R"
        script.write_text(R_CODE)
        OUT.parent.mkdir(parents=True, exist_ok=True)
        run = subprocess.run(["Rscript", str(script), str(OUT)], capture_output=True, text=True, check=True)
    print(run.stdout.strip(), "->", OUT)


if __name__ == "__main__":
    main()
