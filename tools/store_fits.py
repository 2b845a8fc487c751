"""Store each iterative learner's fit for fixed data and seeds (tests/data/fits/fits.npz), with the commit
they were computed at: `tests/test_stored_fits.py` recomputes them and asks for the same θ, so a change of the
code's layout (issue 58's solver objects, the λ rule as an explicit step) cannot change what a fit returns
unnoticed. Run it only where a change of the fits is meant, and say why in the commit: `python
tools/store_fits.py`."""

import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "fits" / "fits.npz"


def fits() -> dict:
    "Each learner's θ (and iteration count) on small fixed data: names → arrays."
    from mrflit.models import random_mrf
    from mrflit.exact import sample_exact
    from mrflit.spg import SPG, SPGInc, TAY
    from mrflit.fbs import FBS, PG
    from mrflit.mcmc_lasso import MCMCLasso
    from mrflit.fast_mixing import FastMixingML
    from mrflit.ising_lasso import IsingLasso
    from mrflit.discrete import DiscreteLasso
    from mrflit.discrete_tay import DiscreteTAY

    X = sample_exact(random_mrf(8, seed=0), 400, seed=1)
    C = np.random.default_rng(4).integers(0, 3, size=(300, 5))
    C[:, 1] = np.where(np.random.default_rng(5).random(300) < 0.7, C[:, 0], C[:, 1])
    learners = {
        "spg": SPG(0.05, seed=0, max_iter=25),
        "spg_inc": SPGInc(0.05, seed=0, max_iter=25),
        "tay": TAY(0.05, seed=0, max_iter=25),
        "tay_zeros": TAY(0.05, seed=1, max_iter=15, restart="zeros", init="zero"),
        "fbs": FBS(0.05, seed=0, max_iter=25),
        "fbs_basic": FBS(0.05, variant="basic", seed=0, max_iter=25),
        "pg": PG(0.05, seed=0, max_iter=25),
        "pg_accelerated": PG(0.05, accelerated=True, seed=0, max_iter=25),
        "mcmc_lasso": MCMCLasso(seed=0, n_lambdas=6, mcmc_factor=50, ic_factor=100),
        "fast_mixing": FastMixingML(seed=0, max_iter=30),
        "ising_lasso_mcmc": IsingLasso(0.05, solver="mcmc", seed=0),
        "ising_lasso_ebic": IsingLasso("ebic", seed=0),
        "discrete_tay": DiscreteTAY(0.05, seed=0, max_iter=20),
        "discrete_lasso": DiscreteLasso(0.05, seed=0),
        "discrete_lasso_ebic": DiscreteLasso("ebic", seed=0),
    }
    out = {}
    with warnings.catch_warnings():
        # a learner stopped at max_iter says so; the stored fit is what it returned
        warnings.simplefilter("ignore")
        for name, est in learners.items():
            est.fit(C if name.startswith("discrete") else X)
            out[name] = est.theta_
            out[f"{name}_n_iter"] = np.array(getattr(est, "n_iter_", -1))
        # warm start along a λ path: the second fit continues from the first's θ and chains
        tay = TAY(0.1, seed=0, max_iter=15, warm_start=True).fit(X)
        out["tay_warm"] = tay.set_params(lam=0.05).fit(X).theta_
    return out


def main():
    commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "mrflit"], capture_output=True, text=True).stdout
    if dirty:
        sys.exit("mrflit/ has uncommitted changes: store fits from a committed state")
    out = fits()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    tmp = OUT.with_suffix(".tmp.npz")
    np.savez(tmp, commit=np.array(commit), **out)
    tmp.replace(OUT)
    print(f"{len(out)} arrays from {commit[:7]} in {OUT}")


if __name__ == "__main__":
    main()
