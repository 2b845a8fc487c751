"""Processes and threads: mrflit's kernels survive a forked worker pool and concurrent calls from threads."""

import subprocess
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor
import numpy as np
from mrflit.gibbs import gibbs_sample
from mrflit.models import geng_network

FORK_SCRIPT = textwrap.dedent(
    """
    import multiprocessing as mp
    from mrflit.gibbs import gibbs_sample
    from mrflit.models import geng_network

    def work(seed):
        return int(gibbs_sample(geng_network(6, seed=1), 300, 5, seed=seed).sum())

    if __name__ == "__main__":
        first = work(0)  # the parent runs the parallel kernels before forking
        with mp.get_context("fork").Pool(2) as pool:
            print(pool.map_async(work, range(4)).get(timeout=60) == [work(s) for s in range(4)])
    """
)


def test_a_fork_pool_after_a_gibbs_call_finishes(tmp_path):
    """With GNU OpenMP (Numba's default here) the forked workers hang forever; mrflit's threading layer does
    not."""
    script = tmp_path / "fork_after_gibbs.py"
    script.write_text(FORK_SCRIPT)
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=180)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.strip() == "True"  # and the workers' results equal the parent's


def test_concurrent_calls_from_threads_give_the_sequential_results():
    "Two threads sampling at once (as Dask's threaded scheduler would) get exactly what sequential calls get."
    model = geng_network(8, seed=2)
    seeds = list(range(8))
    alone = [gibbs_sample(model, 500, 10, seed=s) for s in seeds]
    with ThreadPoolExecutor(2) as pool:
        together = list(pool.map(lambda s: gibbs_sample(model, 500, 10, seed=s), seeds))
    assert all(np.array_equal(a, b) for a, b in zip(alone, together))
