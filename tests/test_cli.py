"""The `mrflit` command driven as a subprocess: outputs, exit codes, messages, inputs left untouched."""

import hashlib, shutil, subprocess, sys
from pathlib import Path
import numpy as np
import pytest
import os
import stat


def mrflit(*args, timeout=300):
    exe = shutil.which("mrflit")
    cmd = (
        [exe, *args]
        if exe
        else [sys.executable, "-c", "import sys; from mrflit.cli import main; sys.exit(main())", *args]
    )
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)


def test_demo_writes_its_three_outputs(tmp_path):
    r = mrflit("demo", "--out", str(tmp_path / "demo"), "--quiet")
    assert r.returncode == 0 and r.stdout == r.stderr == "", r.stderr  # --quiet is silent
    assert sorted(p.name for p in (tmp_path / "demo").iterdir()) == ["edges.csv", "network.png", "report.txt"]
    rep = (tmp_path / "demo" / "report.txt").read_text()
    assert "645 roll calls x 100 senators" in rep and "passages" in rep
    assert (
        (tmp_path / "demo" / "edges.csv").read_text().startswith("democrat_or_independent,republican,weight")
    )
    assert (tmp_path / "demo" / "network.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_fit_leaves_networkx_and_scipy_sparse_unimported(tmp_path):
    "`mrflit fit` (its process, not the figure's child) imports neither: 0.1 s each of every run."
    X = np.random.default_rng(0).integers(0, 2, (200, 6))
    np.savetxt(tmp_path / "d.csv", X, fmt="%d", delimiter=",", header="a,b,c,d,e,f", comments="")
    code = (
        "import sys; from mrflit.cli import main; main(sys.argv[1:]); "
        "print(sorted(m for m in ('networkx', 'scipy.sparse', 'matplotlib') if m in sys.modules))"
    )
    args = ["fit", str(tmp_path / "d.csv"), "--out", str(tmp_path / "o"), "--quiet"]
    r = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]"
    assert (tmp_path / "o" / "network.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_sample_fit_bound_roundtrip_and_inputs_untouched(tmp_path):
    from mrflit.models import geng_network
    from mrflit.datasets import save_model, load_model

    save_model(geng_network(8, seed=2), tmp_path / "m.npz", names=[f"v{i}" for i in range(8)])
    digest = hashlib.sha256((tmp_path / "m.npz").read_bytes()).hexdigest()
    assert (
        mrflit(
            "sample",
            str(tmp_path / "m.npz"),
            "--n",
            "500",
            "--burn-in",
            "100",
            "--out",
            str(tmp_path / "d.csv"),
            "--quiet",
        ).returncode
        == 0
    )
    assert hashlib.sha256((tmp_path / "m.npz").read_bytes()).hexdigest() == digest
    data = (tmp_path / "d.csv").read_bytes()
    for method in ["isinglasso", "tay", "spg", "spginc", "pl", "mcmclasso", "plpath", "elasso", "gaussian"]:
        r = mrflit(
            "fit",
            str(tmp_path / "d.csv"),
            "--method",
            method,
            "--lam",
            "0.03",
            "--iters",
            "10",
            "--chains",
            "300",
            "--out",
            str(tmp_path / method),
            "--quiet",
        )
        assert r.returncode == 0, (method, r.stderr)
        assert {"model.npz", "edges.csv", "trace.csv", "network.png", "report.txt"} <= {
            p.name for p in (tmp_path / method).iterdir()
        }
        model, names = load_model(tmp_path / method / "model.npz")
        assert names == [f"v{i}" for i in range(8)] and model.domain == (
            "pm1" if method == "mcmclasso" else "01"
        )
    assert (tmp_path / "d.csv").read_bytes() == data
    r = mrflit(
        "bound",
        str(tmp_path / "pl" / "model.npz"),
        "--tau-max",
        "50",
        "--target",
        "0.5",
        "--out",
        str(tmp_path / "b.csv"),
    )
    assert r.returncode == 0 and "smallest tau" in r.stdout
    rows = (tmp_path / "b.csv").read_text().splitlines()
    assert rows[0] == "tau,dobrushin_G,tv_bound,gradient_bias_bound,fischer_bound" and len(rows) == 51
    table = np.array([[float(x) for x in row.split(",")] for row in rows[1:]])
    assert np.all(table[:, 2] <= 1) and np.allclose(
        table[:, 2], np.minimum(table[:, 1], 1)
    )  # TV bounds capped at 1
    assert (
        stat.S_IMODE(os.stat(tmp_path / "b.csv").st_mode) == 0o666 & ~_umask()
    )  # the user's umask, not 0600


@pytest.mark.parametrize(
    "content,args,msg",
    [
        (None, ["fit", "{d}/missing.csv"], "cannot read"),
        ("a,b\n1,2\n0,1\n0,3\n", ["fit", "{d}/in.csv"], "column 'b' has 3 distinct values"),
        ("a,b\n1,x\n0,1\n0,\n", ["fit", "{d}/in.csv"], "line 4, column 'b': a missing value"),
        ("a,b\n1,0\n1,1\n", ["fit", "{d}/in.csv"], "column 'a' is constant"),
        ("a\tb\n1\t0\n0\t1\n", ["fit", "{d}/in.csv", "--columns", "a,z"], "no column 'z'"),
        ("not a model", ["bound", "{d}/in.csv"], "not an mrflit model file"),
        ("a,b\n1,0\n0,1\n", ["fit", "{d}/in.csv", "--lam", "-1"], "lam must be >= 0"),
        ("not a model", ["bound", "{d}/in.csv", "--tau-max", str(10**12)], "above mrflit's limit"),
        ("not a model", ["sample", "{d}/in.csv", "--n", "0"], "not an mrflit model file"),
    ],
)
def test_bad_input_exits_2_with_a_message(tmp_path, content, args, msg):
    if content is not None:
        (tmp_path / "in.csv").write_text(content)
    r = mrflit(*[a.format(d=tmp_path) for a in args], "--out", str(tmp_path / "out"))
    assert r.returncode == 2 and msg in r.stderr, (r.returncode, r.stderr)
    assert "Traceback" not in r.stderr and not (tmp_path / "out").exists()


def test_unknown_method_is_an_argument_error(tmp_path):
    r = mrflit("fit", "x.csv", "--method", "magic")
    assert r.returncode == 2 and "invalid choice: 'magic'" in r.stderr


def test_every_option_is_explained():
    "Each option of each subcommand has a help text (argparse shows only the bare flag otherwise)."
    import argparse
    from unittest import mock
    from mrflit.cli import main

    parsers = []

    def capture(self, *a, **k):
        parsers.append(self)
        raise SystemExit(0)

    with mock.patch.object(argparse.ArgumentParser, "parse_args", capture), pytest.raises(SystemExit):
        main(["demo"])
    subs = [a for a in parsers[0]._actions if isinstance(a, argparse._SubParsersAction)][0].choices
    assert set(subs) == {"demo", "fit", "compare", "sample", "bound"}
    missing = [f"{name} {act.dest}" for name, sp in subs.items() for act in sp._actions if not act.help]
    assert not missing, missing
    r = mrflit("fit", "--help")
    text = " ".join(r.stdout.split())  # argparse wraps lines
    assert r.returncode == 0 and "ℓ1 weight" in text and "ignored by path methods" in text


def test_fit_defaults_converge_and_alpha_is_checked(tmp_path):
    """`mrflit fit` uses the learners' converging defaults (α = 'auto', no fixed iteration count) and says
    whether the fit converged."""
    from mrflit.models import random_mrf
    from mrflit.exact import sample_exact

    X = sample_exact(random_mrf(5, 0.6, (0.5, 1.0), (-0.3, 0.3), "01", seed=1), 3000, seed=0)
    np.savetxt(tmp_path / "x.csv", X, fmt="%d", delimiter=",", header="a,b,c,d,e", comments="")
    r = mrflit(
        "fit",
        str(tmp_path / "x.csv"),
        "--lam",
        "0.02",
        "--out",
        str(tmp_path / "default"),
        "--quiet",
    )
    assert r.returncode == 0, r.stderr
    report = (tmp_path / "default" / "report.txt").read_text()
    assert "IsingLasso" in report and "converged: True" in report
    r = mrflit("fit", str(tmp_path / "x.csv"), "--alpha", "fast", "--out", str(tmp_path / "bad"), "--quiet")
    assert r.returncode != 0 and "--alpha must be 'auto' or a number" in r.stderr


def _umask():
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_a_kill_leaves_the_old_output_set_or_the_new_one(tmp_path):
    import time
    from mrflit.models import geng_network
    from mrflit.exact import sample_exact

    X = sample_exact(geng_network(6, seed=1), 400, seed=0)
    (tmp_path / "d.csv").write_text("a,b,c,d,e,f\n" + "\n".join(",".join(map(str, r)) for r in X) + "\n")
    fit = ["fit", str(tmp_path / "d.csv"), "--method", "pl", "--quiet", "--out"]
    assert mrflit(*fit, str(tmp_path / "old"), "--lam", "0.2").returncode == 0
    old = {p.name: p.read_bytes() for p in (tmp_path / "old").iterdir()}
    new_args = ["--lam", "0.01", "--bootstrap", "8", "--format", "graphml"]
    t0 = time.perf_counter()
    assert mrflit(*fit, str(tmp_path / "ref"), *new_args).returncode == 0
    seconds = time.perf_counter() - t0
    new_names = {p.name for p in (tmp_path / "ref").iterdir()}
    assert new_names - set(old)  # the new set has files the old one lacks
    exe = shutil.which("mrflit") or "mrflit"
    outcomes = []
    for delay in (
        np.linspace(0.55, 1.1, 5) * seconds
    ):  # most kills land in the fit, the last ones in the writing
        out = tmp_path / "out"
        shutil.rmtree(out, ignore_errors=True)
        shutil.copytree(tmp_path / "old", out)
        proc = subprocess.Popen([exe, *fit, str(out), *new_args])
        time.sleep(delay)
        proc.kill()
        proc.wait()
        files = {p.name: p.read_bytes() for p in out.iterdir()}
        if files == old:
            outcomes.append("old")
        else:
            assert set(files) == new_names, sorted(files)  # never a mix of the two sets
            assert b"bootstrap: 8 refits" in files["report.txt"]
            outcomes.append("new")
    assert mrflit(*fit, str(tmp_path / "out"), *new_args).returncode == 0  # a complete run afterwards
    assert {p.name for p in (tmp_path / "out").iterdir()} == new_names
    assert not list(tmp_path.glob(".out.*.partial"))  # and it cleared what the killed runs left
    print("outcomes of the kills:", outcomes)


def test_a_killed_runs_partial_set_is_removed_even_when_the_name_has_glob_characters(tmp_path):
    "`--out 'run[1]'`: the next run removes the partial set a killed run left (`[1]` is not a pattern)."
    from mrflit.cli import output_set

    stale = tmp_path / ".run[1].x1y2.partial"
    stale.mkdir()
    (stale / "edges.csv").write_text("old")
    with output_set(tmp_path / "run[1]") as tmp:
        (tmp / "edges.csv").write_text("new")
    assert not stale.exists()
    assert (tmp_path / "run[1]" / "edges.csv").read_text() == "new"


def test_quiet_fit_shows_no_progress_bar_even_when_large(tmp_path):
    "A large fit shows a progress bar by itself; `--quiet` silences it with everything else."
    X = np.random.default_rng(0).integers(0, 2, (6, 150))
    X[:2] = [[0] * 150, [1] * 150]
    data = tmp_path / "wide.csv"
    np.savetxt(data, X, fmt="%d", delimiter=",", header=",".join(f"v{i}" for i in range(150)), comments="")
    base = ["fit", str(data), "--method", "fbs", "--lam", "0.1", "--iters", "2"]
    loud = mrflit(*base, "--out", str(tmp_path / "loud"))
    quiet = mrflit(*base, "--out", str(tmp_path / "quiet"), "--quiet")
    assert loud.returncode == 0 and quiet.returncode == 0, quiet.stderr[-2000:]
    assert "FBS: 100%" in loud.stderr and "100%" not in quiet.stderr


def test_categorical_fit_shows_its_progress_unless_quiet_and_replaces_its_own_output(tmp_path):
    "`fit --categorical` shows bars over the EBIC path and the Newton steps; `--quiet` silences them."
    rng = np.random.default_rng(0)
    X = rng.integers(0, 3, (300, 4))
    X[:, 1] = np.where(rng.random(300) < 0.7, X[:, 0], X[:, 1])
    data = tmp_path / "items.csv"
    np.savetxt(data, X, fmt="%d", delimiter=",", header="a,b,c,d", comments="")
    base = ["fit", "--categorical", str(data)]
    loud = mrflit(*base, "--out", str(tmp_path / "loud"))
    quiet = mrflit(*base, "--out", str(tmp_path / "quiet"), "--quiet")
    assert loud.returncode == 0 and quiet.returncode == 0, loud.stderr[-2000:]
    assert "DiscreteLasso EBIC path: 100%" in loud.stderr and "DiscreteLasso Newton steps" in loud.stderr
    assert "DiscreteLasso" not in quiet.stderr
    # a categorical output set (blocks.csv, codebook.csv) is mrflit's own: a rerun replaces it
    again = mrflit(*base, "--out", str(tmp_path / "quiet"), "--quiet")
    assert again.returncode == 0, again.stderr[-2000:]
