"""The 109th Senate with three-level votes (nay / not voting / yea) against the binary network (yea against
the rest), both with λ by EBIC at their defaults: `DiscreteLasso(solver="mcmc")` and `IsingLasso()`.
About 10 minutes on 2 cores, so it runs here, outside CI; 07b_discrete reads what it stores.

python benchmarks/study_senate_categorical.py  # writes benchmarks/data/senate_categorical.npz"""

import time
from pathlib import Path
import numpy as np
from _report import save_results
from mrflit.datasets import senate109
from mrflit.discrete import DiscreteLasso
from mrflit.ising_lasso import IsingLasso

OUT = Path(__file__).resolve().parent / "data" / "senate_categorical.npz"


def codes_of(votes):
    "Each senator's votes coded by the levels that occur (0 nay, then not voting if it occurs, then yea)."
    return np.column_stack([np.unique(v, return_inverse=True)[1] for v in votes.T]).astype(np.int8)


def main():
    senate = senate109("full", coding="categorical")
    codes = codes_of(senate.votes)
    t0 = time.perf_counter()
    cat = DiscreteLasso(solver="mcmc").fit(codes)
    t_cat = time.perf_counter() - t0
    yea = (senate.votes == 2).astype(np.int8)
    t0 = time.perf_counter()
    binary = IsingLasso().fit(yea)
    t_bin = time.perf_counter() - t0
    result = dict(
        theta_categorical=cat.theta_,
        levels=cat.levels_,
        lambda_categorical=cat.lambda_,
        converged_categorical=cat.converged_,
        seconds_categorical=t_cat,
        theta_binary=binary.theta_,
        lambda_binary=binary.lambda_,
        converged_binary=binary.converged_,
        seconds_binary=t_bin,
        names=np.array(senate.names),
        parties=np.array(senate.parties),
        n_rows=codes.shape[0],
    )
    save_results(OUT, **result)
    print(f"wrote {OUT.name}: categorical {t_cat:.0f} s, binary {t_bin:.0f} s")


if __name__ == "__main__":
    main()
