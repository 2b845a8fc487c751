"""Execute the notebooks in place so that they are committed with their outputs (figures, tables, printed
numbers).

python tools/run_notebooks.py # every notebook in nbs/, two at a time python tools/run_notebooks.py 08_spg
20_geng # only these (name prefixes) python tools/run_notebooks.py --check # exit 1 if a notebook's outputs
are missing or older than its code

Each notebook runs with execnb (as `nbdev_test` runs it, one process each) and is saved with its outputs, then
cleaned by `nbdev_clean` (execution counts and metadata go, outputs stay). Every code cell is stamped with a
hash of its source (`metadata.mrflit.source`), so `--check` (run in CI by tests/test_static.py) can tell a
notebook whose stored outputs came from the code it shows from one edited since. Outputs depend on the library
too: rerun a notebook after changing a module it uses."""

import argparse
import hashlib
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NBS = ROOT / "nbs"
KEY = "mrflit"


def source_hash(cell: dict) -> str:
    "A short hash of a cell's source."
    src = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
    return hashlib.sha1(src.encode()).hexdigest()[:12]


def execute(path: Path) -> str:
    """Run one notebook in a fresh process and save it, with its outputs, over itself. The stored outputs are
    cleared first: execnb keeps a cell's old outputs when the cell now prints nothing."""
    nb = json.loads(path.read_text())
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"] = []
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n")
    code = (
        "import sys; from execnb.shell import CaptureShell; CaptureShell().execute(sys.argv[1], sys.argv[1], "
        "exc_stop=True)"
    )
    run = subprocess.run(
        [sys.executable, "-c", code, str(path)], capture_output=True, text=True, cwd=path.parent
    )
    if run.returncode:
        raise RuntimeError(f"executing {path.name} failed:\n{run.stderr[-3000:]}")
    nb = json.loads(path.read_text())
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            cell.setdefault("metadata", {})[KEY] = {"source": source_hash(cell)}
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n")
    return path.name


def stale(path: Path) -> list:
    "Indices of the code cells whose stored outputs were not produced from their current source."
    nb = json.loads(path.read_text())
    cells = [c for c in nb["cells"] if c["cell_type"] == "code"]
    return [
        i for i, c in enumerate(cells) if c.get("metadata", {}).get(KEY, {}).get("source") != source_hash(c)
    ]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="*", help="notebook name prefixes (default: all)")
    ap.add_argument(
        "--check", action="store_true", help="report notebooks whose outputs are missing or stale"
    )
    ap.add_argument("-j", "--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    paths = sorted(
        p for p in NBS.glob("*.ipynb") if not args.names or any(p.stem.startswith(n) for n in args.names)
    )
    if args.check:
        bad = {p.name: s for p in paths if (s := stale(p))}
        for name, cells in bad.items():
            print(
                f"{name}: code cells {cells} have no outputs from their current source; run "
                f"tools/run_notebooks.py"
            )
        return 1 if bad else 0
    with ThreadPoolExecutor(max(1, args.jobs)) as ex:
        for name in ex.map(execute, paths):
            print(f"executed {name}", flush=True)
    subprocess.run(["nbdev_clean"], cwd=ROOT, check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
