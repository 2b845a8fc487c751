"""The README is a test: every ```python block in README.md runs as written in a fresh interpreter."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)


def test_the_readme_has_python_blocks():
    assert len(BLOCKS) >= 3


@pytest.mark.parametrize("code", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_readme_block_runs_as_written(code, tmp_path):
    "Each block alone, in a new process started in an empty directory (so nothing from another block helps)."
    env = {**os.environ, "MPLBACKEND": "Agg"}
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-2000:]


SHELL = re.findall(r"```sh\n(.*?)```", README.read_text(), re.S)
COMMANDS = [
    part.strip() for block in SHELL for part in block.split("&&") if part.strip().startswith("mrflit ")
]


def _readme_data(folder: Path):
    """The files the README's commands name: data.tsv (binary items coded 1/2 with a missing value,
    tab-separated) and items.csv (three-level items), drawn from small models."""
    from mrflit.discrete_exact import sample_exact as sample_codes
    from mrflit.discrete_models import random_discrete_mrf
    from mrflit.exact import sample_exact
    from mrflit.models import geng_network

    X = sample_exact(geng_network(6, seed=1), 300, seed=1) + 1
    lines = ["\t".join(f"q{j}" for j in range(6))] + ["\t".join(map(str, r)) for r in X]
    lines[5] = "NA\t" + lines[5].split("\t", 1)[1]
    (folder / "data.tsv").write_text("\n".join(lines) + "\n")
    codes = sample_codes(random_discrete_mrf([3] * 5, 0.5, (0.5, 1.0), (-0.5, 0.5), seed=2), 400, seed=2)
    rows = [",".join(f"v{j}" for j in range(5))] + [",".join("abc"[c] for c in r) for r in codes]
    (folder / "items.csv").write_text("\n".join(rows) + "\n")


def test_the_readme_has_its_commands():
    assert len(COMMANDS) >= 3 and "mrflit demo" in COMMANDS


@pytest.mark.parametrize("command", COMMANDS, ids=[c.split()[1] + str(i) for i, c in enumerate(COMMANDS)])
def test_readme_command_runs_as_written(command, tmp_path):
    """Each `mrflit` command of the README's shell blocks, as written (`pip install` aside), in a new
    directory holding the files it names; it must succeed and write its output set."""
    import shlex

    _readme_data(tmp_path)
    env = {**os.environ, "MPLBACKEND": "Agg"}
    exe = Path(sys.executable).with_name("mrflit")
    argv = shlex.split(command)
    argv[0] = str(exe) if exe.exists() else argv[0]
    run = subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-2000:]
    out = argv[argv.index("--out") + 1] if "--out" in argv else "mrflit-demo"
    assert (tmp_path / out / "report.txt").exists(), sorted(p.name for p in tmp_path.iterdir())
