"""Static checks of the generated package. A name imported only in a notebook's hidden test cell makes
`nbdev_test` pass while the exported module raises NameError for users (it happened: `ChainSample.hessian`
used `expand_path`); pyflakes finds such names without running anything."""

import ast, pathlib
import mrflit
from pyflakes import checker, messages  # a dev requirement

UNDEFINED = (messages.UndefinedName, messages.UndefinedLocal, messages.UndefinedExport)


def _pyflakes(kinds) -> list:
    "pyflakes' messages of the given kinds over every module of mrflit/, as 'file:line: message'."
    bad = []
    for f in sorted(pathlib.Path(mrflit.__file__).parent.glob("*.py")):
        w = checker.Checker(ast.parse(f.read_text(), filename=str(f)), filename=str(f))
        bad += [
            f"{f.name}:{m.lineno}: {m.message % m.message_args}" for m in w.messages if isinstance(m, kinds)
        ]
    return bad


def test_no_undefined_names_in_the_package():
    bad = _pyflakes(UNDEFINED)
    assert not bad, "\n".join(bad)


def test_no_unused_imports_in_the_package():
    """A module imports what it uses: names only the notebook's tests need belong in its hidden test cell, not
    in the exported module."""
    bad = _pyflakes(messages.UnusedImport)
    assert not bad, "\n".join(bad)


def test_the_check_finds_an_undefined_name():
    w = checker.Checker(ast.parse("def f():\n    return expand_path(1)\n"), filename="x.py")
    assert any(isinstance(m, messages.UndefinedName) for m in w.messages)


def _notebooks():
    import json

    root = pathlib.Path(__file__).resolve().parent.parent / "nbs"
    return {p.name: json.loads(p.read_text()) for p in sorted(root.glob("*.ipynb"))}


def test_notebooks_are_committed_with_outputs_from_their_current_code():
    """Every code cell carries the stamp tools/run_notebooks.py writes after executing it; an edited cell
    loses it."""
    import sys

    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tools"))
    from run_notebooks import source_hash, KEY

    bad = {}
    for name, nb in _notebooks().items():
        cells = [c for c in nb["cells"] if c["cell_type"] == "code"]
        stale = [
            i
            for i, c in enumerate(cells)
            if c.get("metadata", {}).get(KEY, {}).get("source") != source_hash(c)
        ]
        if stale:
            bad[name] = stale
    assert not bad, (
        f"run `python tools/run_notebooks.py` for these notebooks (code cells without current outputs): {bad}"
    )


def test_notebooks_that_draw_show_their_figures():
    """A reader on GitHub sees every figure: each notebook that plots stores at least one image, and no cell
    stores an error."""
    draws = ("plt.", ".plot(", "plot_graph(", "plot_roc(", ".static()")
    missing, errors = [], []
    for name, nb in _notebooks().items():
        cells = [c for c in nb["cells"] if c["cell_type"] == "code"]
        outputs = [o for c in cells for o in c.get("outputs", [])]
        errors += [name for o in outputs if o.get("output_type") == "error"]
        plots = any(any(d in "".join(c["source"]) for d in draws) for c in cells)
        if plots and not any("image/png" in o.get("data", {}) for o in outputs):
            missing.append(name)
    assert not missing and not errors, f"no stored figure: {missing}; stored errors: {errors}"


def test_no_long_lines_in_the_package():
    """No line of mrflit/ over 110 characters, except nbdev's generated `__all__` (its maker wraps that list
    at 120)."""
    root = pathlib.Path(mrflit.__file__).parent
    long_ = [
        f"{f.name}:{k + 1}"
        for f in sorted(root.glob("*.py"))
        if f.name != "_modidx.py"
        for k, line in enumerate(f.read_text().splitlines())
        if len(line) > 110 and not line.startswith(("__all__", "           '"))
    ]
    assert not long_, long_


def test_export_cells_hold_one_definition_each():
    """One idea per cell: an exported cell defines at most one top-level function or class (constants and
    imports may sit with it), so a reader meets each definition, and its test, on its own."""
    crowded = []
    for name, nb in _notebooks().items():
        for k, c in enumerate(nb["cells"]):
            src = "".join(c["source"])
            if c["cell_type"] != "code" or src.split("\n", 1)[0].strip() not in ("#| export", "#| exporti"):
                continue
            tree = ast.parse(src)
            defs = [n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))]
            if len(defs) > 1:
                crowded.append(f"{name} cell {k}: {', '.join(defs)}")
    assert not crowded, "\n".join(crowded)


def test_export_cells_stay_short():
    """No exported cell holds more than 100 lines: a long class is its core, then its other methods in
    `patch_to` cells, each where a reader meets it (and its test)."""
    long_ = []
    for name, nb in _notebooks().items():
        for k, c in enumerate(nb["cells"]):
            src = "".join(c["source"])
            first = src.split("\n", 1)[0].strip()
            if c["cell_type"] == "code" and first in ("#| export", "#| exporti") and src.count("\n") >= 100:
                long_.append(f"{name} cell {k}: {src.count(chr(10)) + 1} lines")
    assert not long_, long_


def test_functions_stay_short():
    """No function or method in mrflit/ holds more than 40 statements, counting those nested in its loops,
    branches and inner functions: long ones are split into named steps."""
    root = pathlib.Path(mrflit.__file__).parent
    long_ = []
    for f in sorted(root.glob("*.py")):
        for node in ast.walk(ast.parse(f.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                n = sum(isinstance(s, ast.stmt) for s in ast.walk(node)) - 1
                if n > 40:
                    long_.append(f"{f.name}:{node.name} ({n})")
    assert not long_, long_


def _import_cycles(sources):
    """The import cycles among modules given as {name: source}, imports inside functions counted: each a
    sorted list of the modules that import one another, directly or through others."""
    import networkx as nx

    graph = nx.DiGraph()
    for name, text in sources.items():
        for node in ast.walk(ast.parse(text)):
            targets = []
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                targets = [node.module.split(".")[0]] if node.module else [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("mrflit."):
                targets = [node.module.split(".")[1]]
            elif isinstance(node, ast.ImportFrom) and node.module == "mrflit":
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name.split(".")[1] for a in node.names if a.name.startswith("mrflit.")]
            graph.add_edges_from((name, t) for t in targets if t in sources and t != name)
    return [sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1]


def test_no_import_cycle():
    """mrflit's modules form layers: no module imports, directly or through others, one that imports it, even
    inside a function (the package's own `__init__` and its index `_modidx` aside)."""
    root = pathlib.Path(mrflit.__file__).parent
    sources = {f.stem: f.read_text() for f in root.glob("*.py") if not f.stem.startswith("_")}
    assert not _import_cycles(sources), _import_cycles(sources)


def test_the_cycle_check_finds_a_cycle_through_a_function():
    "A cycle closed by an import inside a function is found; a one-way import is not a cycle."
    sources = {
        "a": "from .b import f\n",
        "b": "def f():\n    from mrflit.c import g\n",
        "c": "import numpy\n",
    }
    assert _import_cycles(sources) == []
    sources["c"] = "def g():\n    from mrflit import a\n"
    assert _import_cycles(sources) == [["a", "b", "c"]]


def _kernels(text):
    "The compiled functions in a module's source (decorated with `kernel`, `kernel(...)` or numba's `njit`)."
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.FunctionDef):
            continue
        names = [ast.unparse(d.func if isinstance(d, ast.Call) else d) for d in node.decorator_list]
        if any(n in ("kernel", "njit", "numba.njit") for n in names):
            yield node


def _bare_kernels(text):
    """The compiled functions in a module's source that lack a docstring or a comment on a parameter's line
    (or on the line above it, where ruff puts a long one): `name (what is missing)` for each."""
    lines = text.splitlines()
    bare = []
    for node in _kernels(text):
        said = lambda a: "#" in lines[a.lineno - 1] or lines[a.lineno - 2].strip().startswith("#")
        missing = [a.arg for a in node.args.args if not said(a)]
        if ast.get_docstring(node) is None:
            missing.append("docstring")
        if missing:
            bare.append(f"{node.name} ({', '.join(missing)})")
    return bare


def test_kernels_document_their_arrays():
    """Every compiled kernel has a docstring and documents each parameter on its own line (docments: shape and
    dtype for arrays), so a reader of a kernel never has to guess what it is handed."""
    root = pathlib.Path(mrflit.__file__).parent
    bare = [f"{f.name}:{k}" for f in sorted(root.glob("*.py")) for k in _bare_kernels(f.read_text())]
    assert not bare, bare


def test_the_kernel_check_finds_a_bare_kernel():
    "The rule above flags a kernel missing its docstring or a parameter's comment, and spares the rest."
    documented = '@kernel\ndef g(\n    X,  # (n,) float64 states\n):\n    "Doc."\n    return X\n'
    bare = "@kernel(parallel=True)\ndef f(\n    X,  # (n,) float64 states\n    k,\n):\n    return k\n"
    plain = "def h(x):\n    return x\n"
    above = '@kernel\ndef a(\n    # (X, Y): (n,) float64 states\n    pair,\n):\n    "Doc."\n    return pair\n'
    assert _bare_kernels(documented + bare + plain + above) == ["f (k, docstring)"]


# the most arguments a compiled kernel takes: longer lists travel as tuples of what belongs together
MAX_KERNEL_ARGS = 11


def test_kernels_take_few_arguments():
    """No compiled kernel takes more than `MAX_KERNEL_ARGS` arguments: a long list (TAY's sweep driver had 18)
    is grouped into tuples of what travels together (the data, the model, the stopping rule)."""
    root = pathlib.Path(mrflit.__file__).parent
    long = [f"{f.name}:{k}" for f in sorted(root.glob("*.py")) for k in _long_kernels(f.read_text())]
    assert not long, long


def _long_kernels(text):
    "`name (n)` of each compiled kernel in a module's source with n > `MAX_KERNEL_ARGS` arguments."
    return [f"{k.name} ({len(k.args.args)})" for k in _kernels(text) if len(k.args.args) > MAX_KERNEL_ARGS]


def test_the_argument_count_finds_a_long_kernel():
    "The rule above flags a kernel of 12 arguments and spares one of 11 and a plain function of 12."
    args = lambda n: ", ".join(f"a{i}" for i in range(n))
    src = f"@kernel\ndef k12({args(12)}):\n    pass\n@kernel(parallel=True)\ndef k11({args(11)}):\n    pass\n"
    assert _long_kernels(src + f"def f12({args(12)}):\n    pass\n") == ["k12 (12)"]


def test_the_quarto_project_file_at_the_top_is_the_one_nbdev_docs_renders(tmp_path):
    """`_quarto.yml` sits at the top level (the design card's layout); nbdev 2 reads `nbs/_quarto.yml`, a link
    to it. nbdev's own docs pipeline up to `quarto render` (`refresh_quarto_yml`, `proc_nbs`) is run on a copy
    of the project: the project file it hands to Quarto in `_proc/` is the top-level one, byte for byte."""
    import shutil
    import subprocess
    import sys
    import yaml

    root = pathlib.Path(__file__).resolve().parent.parent
    assert (root / "nbs" / "_quarto.yml").is_symlink()
    assert (root / "nbs" / "_quarto.yml").resolve() == (root / "_quarto.yml").resolve()
    cfg = yaml.safe_load((root / "_quarto.yml").read_text())
    assert cfg["project"]["type"] == "website"
    assert (root / "nbs" / "nbdev.yml").exists() and (root / "nbs" / cfg["format"]["html"]["css"]).exists()
    shutil.copy(root / "settings.ini", tmp_path)
    shutil.copy(root / "_quarto.yml", tmp_path)
    # the notebooks but the index are left out: what is checked is the project file, not their pages
    others = lambda d, names: [f for f in names if f.endswith(".ipynb") and f != "index.ipynb"]
    shutil.copytree(root / "nbs", tmp_path / "nbs", symlinks=True, ignore=others)
    code = (
        "from nbdev.quarto import refresh_quarto_yml; from nbdev.serve import proc_nbs; "
        "refresh_quarto_yml(); print(proc_nbs(n_workers=1))"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert (tmp_path / "_proc" / "_quarto.yml").read_bytes() == (root / "_quarto.yml").read_bytes()


def test_no_mixins_and_shallow_hierarchies():
    """A learner reads top-down: no class has more than two mrflit classes among its ancestors (besides
    `core.Estimator`, the estimator protocol, which stands where scikit-learn's `BaseEstimator` would), and
    every mrflit class used as a base serves at least two subclasses (a base for one class is a mixin in
    disguise; `core.Estimator` again excepted: every learner is an `MRFLearner`, its one subclass).
    """
    import importlib, inspect, pkgutil

    classes = set()
    for info in pkgutil.iter_modules(mrflit.__path__):
        mod = importlib.import_module(f"mrflit.{info.name}")
        classes |= {c for c in vars(mod).values() if inspect.isclass(c) and c.__module__.startswith("mrflit")}
    ours = lambda k: k.__module__.startswith("mrflit") and k is not mrflit.core.Estimator
    deep = [c.__name__ for c in classes if sum(ours(k) for k in c.__mro__[1:]) > 2]
    users = {}
    for c in classes:
        for b in c.__bases__:
            if ours(b):
                users.setdefault(b.__name__, []).append(c.__name__)
    single = {b: u for b, u in users.items() if len(u) == 1}
    assert not deep and not single, (deep, single)


def test_docs_links_stay_inside_the_site():
    """The docs build rewrites nbdev's links to the published site into links to this build's API entries; a
    private name, or a name without an entry, stays plain text (a link to nowhere is worse than none)."""
    import sys

    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tools"))
    from build_docs import local_links

    site = "https://mrflit.github.io/mrflit/"
    text = (
        f"[`IsingLasso()`]({site}ising_lasso.html#isinglasso), "
        f"[`NewtonSolver.step`]({site}x.html#newtonsolver.step), "
        f"[`_refine`]({site}x.html#_refine), [`MRFLearner._begin`]({site}base.html#mrflearner._begin), "
        f"[`gone`]({site}base.html#gone)"
    )
    out = local_links(text, {"api-isinglasso", "api-newtonsolver-step"})
    assert out == (
        "[`IsingLasso()`](#api-isinglasso), [`NewtonSolver.step`](#api-newtonsolver-step), `_refine`, "
        "`MRFLearner._begin`, `gone`"
    )


# numpy's functions whose machine code it picks by the CPU (its SIMD dispatch): their last bits differ between
# CPUs, so the package calls the C library's through `mrflit.libm` outside Numba kernels (00a_libm, issue 55)
DISPATCHED = set(
    "exp exp2 expm1 log log2 log10 log1p logaddexp logaddexp2 power float_power tanh sinh cosh tan sin cos "
    "arcsin arccos arctan arctan2 arcsinh arccosh arctanh cbrt geomspace logspace".split()
)
SCIPY_DISPATCHED = {"logsumexp", "expit", "logit", "xlogy", "softmax", "log_softmax"}
JIT = {"kernel", "njit", "jit", "vectorize", "guvectorize"}


def _jitted(f) -> bool:
    "Is the function compiled by Numba (which calls the C library for these functions)?"
    for d in f.decorator_list:
        d = d.func if isinstance(d, ast.Call) else d
        if (d.attr if isinstance(d, ast.Attribute) else getattr(d, "id", "")) in JIT:
            return True
    return False


def _dispatched_calls(tree) -> list:
    "`(line, name)` of each call of numpy's dispatched functions (or SciPy's on them) outside Numba kernels."
    hits = []

    def visit(node, jitted):
        for ch in ast.iter_child_nodes(node):
            inside = jitted or (isinstance(ch, (ast.FunctionDef, ast.AsyncFunctionDef)) and _jitted(ch))
            if not inside and isinstance(ch, ast.Call):
                f = ch.func
                if isinstance(f, ast.Attribute) and getattr(f.value, "id", "") in ("np", "numpy"):
                    if f.attr in DISPATCHED:
                        hits.append((ch.lineno, f.attr))
                if isinstance(f, ast.Name) and f.id in SCIPY_DISPATCHED:
                    hits.append((ch.lineno, f.id))
            visit(ch, inside)

    visit(tree, False)
    return hits


def test_the_package_calls_no_cpu_dispatched_numpy_function_outside_kernels():
    bad = []
    for f in sorted(pathlib.Path(mrflit.__file__).parent.glob("*.py")):
        bad += [f"{f.name}:{line}: np.{name}" for line, name in _dispatched_calls(ast.parse(f.read_text()))]
    assert not bad, "use mrflit.libm:\n" + "\n".join(bad)


def test_the_dispatch_check_finds_a_call_and_spares_kernels():
    src = "@kernel\ndef k(x):\n    return np.exp(x)\n\ndef f(x):\n    return np.tanh(x) + logsumexp(x)\n"
    assert _dispatched_calls(ast.parse(src)) == [(6, "tanh"), (6, "logsumexp")]


def _fits_without_lambda_step(text):
    """The classes in a module's source whose `fit` does not begin (after its docstring) with `if
    fit_chosen_lambda(self, X, ...): return self`: the λ rule is an explicit first step of every fit."""
    bad = []
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.ClassDef):
            continue
        for fn in node.body:
            if not (isinstance(fn, ast.FunctionDef) and fn.name == "fit"):
                continue
            body = fn.body[1:] if ast.get_docstring(fn) is not None else fn.body
            first = body[0] if body else None
            ok = (
                isinstance(first, ast.If)
                and isinstance(first.test, ast.Call)
                and ast.unparse(first.test.func) == "fit_chosen_lambda"
                and [ast.unparse(a) for a in first.test.args] == ["self", "X"]
                and ast.unparse(first.body[0]) == "return self"
            )
            if not ok:
                bad.append(node.name)
    return bad


def test_every_learner_fit_starts_with_the_lambda_step():
    """λ rules ('ebic', 'bic', 'cv', a LambdaRule) are chosen by `base.fit_chosen_lambda`, called as the first
    step of each learner's `fit`, not by wrapping `fit` behind the reader's back; every `MRFLearner` in the
    package that defines `fit` calls it (the k-state learners check their λ themselves)."""
    import importlib, inspect
    import mrflit.base

    root = pathlib.Path(mrflit.__file__).parent
    learners = set()
    for f in root.glob("*.py"):
        if f.stem.startswith("_"):
            continue
        mod = importlib.import_module(f"mrflit.{f.stem}")
        for name, c in vars(mod).items():
            if inspect.isclass(c) and issubclass(c, mrflit.base.MRFLearner) and "fit" in vars(c):
                learners.add((f.stem, name))
        bad = set(_fits_without_lambda_step(f.read_text()))
        assert not {n for m, n in learners if m == f.stem} & bad, (f.stem, bad)
    assert len(learners) >= 14, learners


def test_the_lambda_step_check_finds_a_fit_without_it():
    "The rule above flags a `fit` whose first step is something else, and spares one that begins with it."
    good = (
        "class A:\n    def fit(self, X, y=None, *, names=None):\n        'Doc.'\n"
        "        if fit_chosen_lambda(self, X, names=names):\n            return self\n        return self\n"
    )
    bad = "class B:\n    def fit(self, X, y=None):\n        self.check()\n        return self\n"
    assert _fits_without_lambda_step(good + bad) == ["B"]


FOUNDATION = ("00", "01", "02", "03", "04", "05", "06", "07_prox")


def _tested_in_place(cells) -> tuple:
    """`(export cells, those followed directly by a test cell)` of a notebook's cells: a test cell is a code
    cell that is neither an export cell nor a `show_doc`."""
    exports = tested = 0
    for cell, after in zip(cells, cells[1:] + [None]):
        src = "".join(cell["source"])
        if cell["cell_type"] != "code" or "#| export" not in src.split("\n", 2)[:2]:
            continue
        exports += 1
        nxt = "".join(after["source"]) if after is not None and after["cell_type"] == "code" else None
        if nxt is not None and "#| export" not in nxt.split("\n", 2)[:2] and "show_doc(" not in nxt:
            tested += 1
    return exports, tested


def test_foundation_notebooks_test_each_definition_in_place():
    """In the foundation notebooks (00–07_prox: core, models, exact, Gibbs, bounds, selection, base, prox), at
    least 70 % of the export cells are followed directly by their test, so a reader meets each definition's
    test right below it."""
    counts = [
        _tested_in_place(nb["cells"]) for name, nb in _notebooks().items() if name.startswith(FOUNDATION)
    ]
    exports, tested = map(sum, zip(*counts))
    assert exports > 250 and tested >= 0.7 * exports, (tested, exports)


def test_the_in_place_count_sees_a_definition_without_its_test():
    "The count above: an export cell followed by a test counts; one followed by markdown or show_doc not."
    code = lambda s: {"cell_type": "code", "source": s}
    md = {"cell_type": "markdown", "source": "text"}
    cells = [
        code("#| export\ndef f(): pass"),
        code("assert f() is None"),
        code("#| export\ndef g(): pass"),
        md,
    ]
    cells += [code("#| export\ndef h(): pass"), code("show_doc(h)")]
    assert _tested_in_place(cells) == (3, 1)


def _control_characters(cells) -> list:
    "`(cell index, character)` of control characters (other than newlines) in markdown cells."
    return [
        (i, repr(ch))
        for i, c in enumerate(cells)
        if c["cell_type"] == "markdown"
        for ch in "".join(c["source"])
        if ord(ch) < 32 and ch != "\n"
    ]


def test_markdown_keeps_its_latex():
    """No control character in the notebooks' prose: a LaTeX command written in a Python string without a
    raw prefix loses its backslash (`\\tau` becomes a tab and `au`, `\\frac` a form feed), and the docs show
    broken math."""
    bad = {name: hits for name, nb in _notebooks().items() if (hits := _control_characters(nb["cells"]))}
    assert not bad, bad


def test_the_latex_check_finds_a_lost_backslash():
    "The check above flags a tab where `\\tau` was meant, and spares plain text."
    cells = [
        {"cell_type": "markdown", "source": "$P_\tau$"},
        {"cell_type": "markdown", "source": "$P_\\tau$"},
    ]
    assert _control_characters(cells) == [(0, repr("\t"))]
