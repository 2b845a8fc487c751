"""Recovery of planted k-state graphs at the issue's larger sizes (p up to 50, k up to 6, n up to 10,000):
`DiscreteLasso()` at its defaults against mgm's rule (`baselines.mgm_nodewise`), on 07b_discrete's planted
models (each pair an edge with probability 2.5/(p − 1), block entries 0.3–0.8 in magnitude with random signs,
fields in (−0.5, 0.5); 300 Gibbs sweeps per draw). About 25 minutes on 2 cores, so it runs here, outside CI;
07b_discrete reads what it stores.

python benchmarks/study_discrete_recovery.py  # writes benchmarks/data/discrete_recovery.npz"""

import time
import warnings
from pathlib import Path
import numpy as np
from _report import save_results
from mrflit.baselines import mgm_nodewise
from mrflit.discrete import DiscreteLasso
from mrflit.discrete_gibbs import gibbs_sample
from mrflit.discrete_models import random_discrete_mrf
from mrflit.select import GridEdgeWarning

OUT = Path(__file__).resolve().parent / "data" / "discrete_recovery.npz"
# (p, k, n): beyond the notebook's cells (p = 10, 20; k = 2, 3, 5; n = 300–3,000)
CELLS = [(50, 3, 1000), (50, 3, 5000), (50, 2, 10000), (30, 6, 3000), (30, 6, 10000), (10, 6, 10000)]


def main():
    result = dict(cells=np.array(CELLS), seconds=np.zeros((len(CELLS), 2)), lam=np.zeros(len(CELLS)))
    result["converged"] = np.zeros(len(CELLS), bool)
    for c, (p, k, n) in enumerate(CELLS):
        truth = random_discrete_mrf([k] * p, 2.5 / (p - 1), (0.3, 0.8), (-0.5, 0.5), seed=p * k)
        X = gibbs_sample(truth, n, 300, seed=n + p * k)
        iu = np.triu_indices(p, 1)
        t0 = time.perf_counter()
        with warnings.catch_warnings():
            # a choice at the path's end is part of what the table reports
            warnings.simplefilter("ignore", GridEdgeWarning)
            est = DiscreteLasso().fit(X)
        t_ours = time.perf_counter() - t0
        t0 = time.perf_counter()
        result[f"mgm_{c}"] = mgm_nodewise(X)[iu]
        result["seconds"][c] = t_ours, time.perf_counter() - t0
        # each cell's graphs, upper triangle row by row; 07b computes recall and precision from them
        result[f"ours_{c}"] = est.model_.edge_norms()[iu] > 0
        result["lam"][c], result["converged"][c] = est.lambda_, est.converged_
        true = truth.edge_norms()[iu] > 0
        print(
            p,
            k,
            n,
            true.sum(),
            result[f"ours_{c}"].sum(),
            (result[f"ours_{c}"] & true).sum(),
            result[f"mgm_{c}"].sum(),
            (result[f"mgm_{c}"] & true).sum(),
            result["seconds"][c],
            flush=True,
        )
    save_results(OUT, **result)


if __name__ == "__main__":
    main()
