"""Replications give the same results in local processes as sequentially."""

from mrflit.experiments import grid, replicate


def _auc(seed, lam):
    from mrflit.models import geng_network
    from mrflit.gibbs import sample_data
    from mrflit.spg import SPG
    from mrflit.metrics import roc_auc

    truth = geng_network(8, seed=seed)
    X = sample_data(truth, 400, burn_in=100, seed=seed)
    return roc_auc(
        SPG(lam, n_chains=300, tau=3, max_iter=5, seed=seed, diagnostics=False).fit(X).theta_, truth
    )


def test_loky_processes_match_sequential():
    ps = grid(seed=[1, 2, 3], lam=[0.05])
    assert replicate(_auc, ps, n_jobs=2) == replicate(_auc, ps)


POOL = r"""
from fastcore.parallel import parallel
from mrflit.experiments import grid, replicate


def double(a):
    return 2 * a


def task(k):
    return sum(replicate(double, grid(a=range(4)), n_jobs=2))


if __name__ == "__main__":
    print(parallel(task, [0, 1], n_workers=2))
"""


def test_replicate_in_a_pool_worker_lets_it_exit(tmp_path):
    """replicate in a process-pool worker (nbdev_test's, running a notebook): the worker exits when its tasks
    are done. Before `_stop_loky` it joined loky's idle workers at its exit, 300 s later (a hang guard:
    measured 4 s with the stop, more than 60 without)."""
    import subprocess, sys

    script = tmp_path / "pool.py"
    script.write_text(POOL)
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and run.stdout.strip() == "[12, 12]", run.stderr[-2000:]


def _logged_task(seed, log):
    "seed², after recording the call; at seed 5 or 7 the process that removes the KILL file dies."
    import os
    from pathlib import Path

    kill = Path(log).parent / "KILL"
    if seed in (5, 7):
        # unlink is the atomic claim: when two workers race for it, only the one that removed the file dies
        try:
            kill.unlink()
        except FileNotFoundError:
            pass
        else:
            os._exit(3)
    with open(log, "a") as f:
        f.write(f"{seed}\n")
    return {"seed": seed, "square": seed**2}


def test_killed_driver_rerun_finishes_the_rest(tmp_path):
    "A driver killed mid-grid: the rerun with the same store computes only the tasks not yet stored."
    import subprocess
    import sys

    log = tmp_path / "calls.txt"
    store = tmp_path / "store"
    (tmp_path / "KILL").touch()
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); from test_experiments import _logged_task; "
        "from mrflit.experiments import grid, replicate; "
        "replicate(_logged_task, grid(seed=range(8), log=[sys.argv[2]]), store=sys.argv[3])"
    )
    here = str(__import__("pathlib").Path(__file__).parent)
    run = subprocess.run([sys.executable, "-c", code, here, str(log), str(store)])
    assert run.returncode == 3  # killed at seed 5
    assert log.read_text().split() == ["0", "1", "2", "3", "4"]
    out = replicate(_logged_task, grid(seed=range(8), log=[str(log)]), store=store)
    assert [r["square"] for r in out] == [s * s for s in range(8)]
    assert log.read_text().split() == ["0", "1", "2", "3", "4", "5", "6", "7"]  # 0-4 not recomputed


def test_dask_grid_survives_a_killed_worker(tmp_path):
    "A 20-task grid on a 2-process LocalCluster: one worker dies mid-grid; every result arrives exactly once."
    import sys
    import cloudpickle
    import pytest

    distributed = pytest.importorskip("dask.distributed")
    cloudpickle.register_pickle_by_value(sys.modules[__name__])  # workers need not import this test file
    log = tmp_path / "calls.txt"
    (tmp_path / "KILL").touch()
    params = grid(seed=range(20), log=[str(log)])
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with cluster, distributed.Client(cluster):
        out = replicate(_logged_task, params, backend="dask", store=tmp_path / "store")
    assert not (tmp_path / "KILL").exists()  # a worker was killed
    assert [r["seed"] for r in out] == list(range(20))
    assert [r["square"] for r in out] == [s * s for s in range(20)]
    assert len(list((tmp_path / "store").glob("*.json"))) == 20


def test_dask_backend_needs_a_client():
    import pytest

    pytest.importorskip("dask.distributed")
    with pytest.raises(ValueError, match="running dask.distributed Client"):
        replicate(_auc, grid(seed=[1], lam=[0.1]), backend="dask")


def _echo(**p):
    return p


def test_dask_parameters_named_like_submit_keywords_are_the_tasks_own():
    """Grid parameters called key, workers, pure, priority or retries reach the task: Dask takes none of them
    for its own (`grid(seed=[1, 2], key=['k1', 'k2'])` once merged distinct tasks)."""
    import pytest

    distributed = pytest.importorskip("dask.distributed")
    params = grid(seed=[1, 2], key=["k1", "k2"], workers=[3], pure=[True], priority=[-5], retries=[0])
    with distributed.Client(processes=False, dashboard_address=None):
        out = replicate(_echo, params, backend="dask")
    assert out == list(params)
    assert replicate(_echo, params) == out  # the local backend agrees


def test_store_keys_follow_the_code_a_task_reaches(tmp_path, monkeypatch, capsys):
    """A task in a module file: editing a helper or a module constant in that file makes new keys (the store
    computes afresh), an unchanged file reuses the store; a `functools.partial` of the task is reused on a
    rerun (its key holds its arguments, not a memory address)."""
    import functools
    import importlib
    import sys

    source = (
        "SCALE = {scale}\n\n\ndef helper(a):\n    return SCALE * a\n\n\ndef task(a, b=0):\n    return "
        "[helper(a) + b]\n"
    )
    (tmp_path / "mytasks.py").write_text(source.format(scale=2))
    monkeypatch.syspath_prepend(str(tmp_path))
    import mytasks

    store = tmp_path / "store"
    assert replicate(mytasks.task, grid(a=[1, 2]), store=store) == [[2], [4]]
    # the file unchanged: both results are read from the store
    capsys.readouterr()
    assert replicate(mytasks.task, grid(a=[1, 2]), store=store) == [[2], [4]]
    assert "2 of 2 results read from the store" in capsys.readouterr().err
    # the module constant its helper reads changed: computed afresh, nothing read
    (tmp_path / "mytasks.py").write_text(source.format(scale=10))
    importlib.reload(mytasks)
    assert replicate(mytasks.task, grid(a=[1, 2]), store=store) == [[10], [20]]
    assert "read from the store" not in capsys.readouterr().err
    assert replicate(functools.partial(mytasks.task, b=5), grid(a=[1]), store=store) == [[15]]
    assert replicate(functools.partial(mytasks.task, b=5), grid(a=[1]), store=store) == [[15]]
    assert "1 of 1 results read from the store" in capsys.readouterr().err
    sys.modules.pop("mytasks", None)


def test_store_keys_follow_helpers_in_other_files_of_the_user(tmp_path, monkeypatch, capsys):
    "A task whose helper lives in another file of the user's: editing that file makes new keys."
    import importlib
    import sys

    (tmp_path / "myhelpers.py").write_text("def helper(a):\n    return 2 * a\n")
    (tmp_path / "mytasks2.py").write_text(
        "from myhelpers import helper\n\n\ndef task(a):\n    return [helper(a)]\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    import myhelpers
    import mytasks2

    store = tmp_path / "store"
    assert replicate(mytasks2.task, grid(a=[1]), store=store) == [[2]]
    # another size too: Python's bytecode cache checks a source's size and its mtime in whole seconds
    (tmp_path / "myhelpers.py").write_text("def helper(a):\n    return 3 * a + 0\n")
    importlib.reload(myhelpers)
    importlib.reload(mytasks2)
    capsys.readouterr()
    assert replicate(mytasks2.task, grid(a=[1]), store=store) == [[3]]
    assert "read from the store" not in capsys.readouterr().err
    for name in ("mytasks2", "myhelpers"):
        sys.modules.pop(name, None)
