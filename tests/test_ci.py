"""CI can fail. Under `set -e` bash does not stop at a failure inside `a && b && c` unless it is the last
command, so a CI that ran the README's `pip install ... && nbdev_test && pytest -q tests` as one line went on
past a failing notebook and exited 0 (issue 55). `.ci/run` installs, then runs `.ci/test`, one step a line;
these tests run `.ci/test` on a small project with a failing notebook, then with a failing test, and expect
a non-zero exit each time, and exit 0 when everything passes."""

import json, os, pathlib, re, shutil, subprocess, sys
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
STEP = ROOT / ".ci" / "test"
PATHS = ROOT / ".ci" / "numpy_paths"


def _commands(script) -> list:
    "The command lines of a bash script: no comments, no blank lines, heredoc bodies left out."
    out, heredoc = [], None
    for line in script.read_text().splitlines():
        s = line.strip()
        if heredoc is not None:
            heredoc = None if s == heredoc else heredoc
            continue
        if s and not s.startswith("#"):
            out.append(s)
            m = re.search(r"<<'?(\w+)'?", s)
            heredoc = m.group(1) if m else None
    return out


def test_the_ci_runs_the_readme_test_command_one_step_a_line():
    readme = (ROOT / "README.md").read_text()
    command = re.search(r"```sh\n(pip install -e .*? && nbdev_test .*?)\n```", readme).group(1)
    steps = [s.strip() for s in command.split("&&")]
    run = _commands(ROOT / ".ci" / "run")
    assert steps[0] in run, steps[0]
    assert run.index("bash .ci/test") > run.index(steps[0])
    steps_run = [c for c in _commands(STEP) if c != "set -euo pipefail"]
    assert steps_run == steps[1:], steps_run
    assert "set -euo pipefail" in _commands(STEP)


def test_no_ci_line_chains_commands():
    "`a && b` and `a; b` would let a's failure through under `set -e`."
    for script in (ROOT / ".ci" / "run", STEP, PATHS):
        for c in _commands(script):
            plain = c.replace("; then", "").replace("; do", "")
            assert "&&" not in c and not re.search(r";\s*\S", plain), (script.name, c)


def _notebook(path, source):
    "Write a one-cell notebook."
    cell = dict(cell_type="code", execution_count=None, metadata={}, outputs=[], source=source)
    nb = dict(cells=[cell], metadata=dict(kernelspec=dict(name="python3", display_name="Python 3")))
    path.write_text(json.dumps(dict(nb, nbformat=4, nbformat_minor=5)))


@pytest.fixture
def project(tmp_path):
    "A small nbdev project: the repository's settings, one passing notebook and one passing test."
    shutil.copy(ROOT / "settings.ini", tmp_path / "settings.ini")
    (tmp_path / "nbs").mkdir()
    (tmp_path / "tests").mkdir()
    _notebook(tmp_path / "nbs" / "00_ok.ipynb", "assert 1 + 1 == 2")
    (tmp_path / "tests" / "test_ok.py").write_text("def test_ok():\n    assert 1 + 1 == 2\n")
    return tmp_path


def _run(project, script=STEP) -> subprocess.CompletedProcess:
    "A CI script in the project, with this interpreter's tools first on the PATH."
    env = dict(os.environ, PATH=f"{pathlib.Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    return subprocess.run(
        ["bash", str(script)], cwd=project, env=env, capture_output=True, text=True, timeout=600
    )


def test_ci_test_step_passes_when_everything_passes(project):
    r = _run(project)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "1 passed" in r.stdout


def test_ci_test_step_fails_on_a_failing_notebook(project):
    _notebook(project / "nbs" / "01_bad.ipynb", "assert 1 + 1 == 3")
    r = _run(project)
    assert r.returncode != 0
    assert "01_bad.ipynb" in r.stdout + r.stderr
    # ...and stops there: the tests after it do not run
    assert "1 passed" not in r.stdout


def test_ci_test_step_fails_on_a_failing_test(project):
    (project / "tests" / "test_bad.py").write_text("def test_bad():\n    assert 1 + 1 == 3\n")
    r = _run(project)
    assert r.returncode != 0
    assert "1 failed" in r.stdout


def test_ci_runs_the_numpy_paths_step():
    run = _commands(ROOT / ".ci" / "run")
    assert run.index("bash .ci/numpy_paths") > run.index("bash .ci/test")


def test_numpy_paths_step_fails_on_a_failing_reproduction_notebook(project):
    _notebook(project / "nbs" / "20_ok.ipynb", "import numpy as np\nassert np.exp(0.0) == 1.0")
    r = _run(project, PATHS)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "NPY_DISABLE_CPU_FEATURES=X86_V3" in r.stdout
    _notebook(project / "nbs" / "21_bad.ipynb", "assert 1 + 1 == 3")
    r = _run(project, PATHS)
    assert r.returncode != 0
    assert "21_bad.ipynb" in r.stdout + r.stderr
