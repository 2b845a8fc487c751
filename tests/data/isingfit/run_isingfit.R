
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
cat(R.version.string, "glmnet", as.character(packageVersion("glmnet")), "
")
