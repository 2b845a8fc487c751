"""Bootstrap and network comparison on a dask.distributed cluster: the same results as the local run for the
same seed, also when a worker dies in the middle of the run (its tasks run again on another worker)."""

import os
import threading
import time

import numpy as np
import pytest

from mrflit.exact import sample_exact
from mrflit.inference import network_comparison
from mrflit.ising_lasso import IsingLasso
from mrflit.models import geng_network
from mrflit.stability import bootstrap

distributed = pytest.importorskip("dask.distributed")


def _kill_a_worker_midway(client, log):
    """Once 5 tasks are done (the workers have started and compiled), kill the first worker's process and
    record how many tasks were done then; the nanny starts a new one."""

    def done(dask_scheduler):
        return sum(ts.state == "memory" for ts in dask_scheduler.tasks.values())

    deadline = time.time() + 120
    while time.time() < deadline:
        n = client.run_on_scheduler(done)
        if n >= 5:
            first = sorted(client.scheduler_info()["workers"])[0]
            # the worker answers, then its process exits 50 ms later
            client.run(lambda: threading.Timer(0.05, os._exit, (1,)).start(), workers=[first])
            log.append(n)
            # the scheduler loses the worker (its nanny starts another at a new address)
            while first in client.scheduler_info()["workers"] and time.time() < deadline:
                time.sleep(0.05)
            log.append(first not in client.scheduler_info()["workers"])
            return
        time.sleep(0.05)


def _on_a_cluster_with_a_kill(run, total):
    "`run()` on a 2-process LocalCluster while a thread kills one worker midway: (result, the killer's log)."
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    log = []
    with cluster, distributed.Client(cluster) as client:
        killer = threading.Thread(target=_kill_a_worker_midway, args=(client, log))
        killer.start()
        out = run()
        killer.join()
    return out, log


def test_bootstrap_on_dask_survives_a_lost_worker_with_the_local_results():
    truth = geng_network(8, seed=2)
    X = sample_exact(truth, 400, seed=3)
    est = IsingLasso(0.05)
    local = bootstrap(est, X, 120, seed=5)
    remote, log = _on_a_cluster_with_a_kill(lambda: bootstrap(est, X, 120, seed=5, backend="dask"), 120)
    # a worker died before the last refit was done
    assert log[0] < 120 and log[1], log
    np.testing.assert_array_equal(remote.theta, local.theta)
    np.testing.assert_array_equal(remote.full, local.full)


def test_case_drop_on_dask_has_the_local_results():
    truth = geng_network(8, seed=2)
    X = sample_exact(truth, 400, seed=3)
    local = bootstrap(IsingLasso(0.05), X, 20, kind="case-drop", seed=5)
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with cluster, distributed.Client(cluster):
        remote = bootstrap(IsingLasso(0.05), X, 20, kind="case-drop", seed=5, backend="dask")
    np.testing.assert_array_equal(remote.theta, local.theta)
    for c, r in local.correlation.items():
        np.testing.assert_array_equal(remote.correlation[c], r)


def test_network_comparison_on_dask_survives_a_lost_worker_with_the_local_results():
    truth = geng_network(8, seed=2)
    A, B = sample_exact(truth, 300, seed=3), sample_exact(truth, 300, seed=4)
    est = IsingLasso(0.05)
    local = network_comparison(est, A, B, 80, seed=1, correction="BH")
    remote, log = _on_a_cluster_with_a_kill(
        lambda: network_comparison(est, A, B, 80, seed=1, correction="BH", backend="dask"), 80
    )
    assert log[0] < 80 and log[1], log
    for key in ("M_perm", "S_perm", "E_perm", "C_perm", "p_edges", "p_centrality"):
        np.testing.assert_array_equal(remote[key], local[key])


def test_unknown_backend_is_refused_before_any_fit():
    "A learner whose fit would fail (λ < 0) shows that the backend is checked first."
    X = sample_exact(geng_network(4, seed=1), 50, seed=1)
    with pytest.raises(ValueError, match="lam"):
        IsingLasso(-1.0).fit(X)
    with pytest.raises(ValueError, match="backend must be None or 'dask'"):
        bootstrap(IsingLasso(-1.0), X, 10, backend="ray")
    with pytest.raises(ValueError, match="backend must be None or 'dask'"):
        network_comparison(IsingLasso(-1.0), X, X, 10, backend="ray")
