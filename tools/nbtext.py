"""Round-trip notebooks and a plain 'percent' text form, for editing notebooks in a text editor.

python tools/nbtext.py to-text nbs/03_gibbs.ipynb > /tmp/03_gibbs.py python tools/nbtext.py to-nb
/tmp/03_gibbs.py nbs/03_gibbs.ipynb

Cells are separated by lines `# %%` (code) or `# %% [markdown]` (markdown; each line prefixed by `# `). The
notebook is the source of truth; this is only an editing aid (no jupytext dependency). `to-nb` keeps the
stored outputs (and metadata) of every code cell whose source is unchanged; edited cells lose theirs until
tools/run_notebooks.py runs again."""

import json, sys
from pathlib import Path

KERNEL = {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}}


def text_to_cells(text):
    cells, kind, buf = [], None, []

    def flush():
        if kind is None:
            return
        src = "\n".join(buf).strip("\n")
        if kind == "markdown":
            src = "\n".join(l[2:] if l.startswith("# ") else l.lstrip("#") for l in src.split("\n"))
        cells.append((kind, src))

    for line in text.split("\n"):
        if line.startswith("# %%"):
            flush()
            kind, buf = ("markdown" if "[markdown]" in line else "code"), []
        else:
            buf.append(line)
    flush()
    return cells


def cells_to_nb(cells, name=""):
    import hashlib

    out = []
    for k, (kind, src) in enumerate(cells):
        lines = src.split("\n")
        source = [l + "\n" for l in lines[:-1]] + [lines[-1]]
        c = {
            "cell_type": kind,
            "id": hashlib.sha1(f"{name}:{k}".encode()).hexdigest()[:8],
            "metadata": {},
            "source": source,
        }
        if kind == "code":
            c.update(execution_count=None, outputs=[])
        out.append(c)
    return {"cells": out, "metadata": KERNEL, "nbformat": 4, "nbformat_minor": 5}


def nb_to_text(nb):
    parts = []
    for c in nb["cells"]:
        src = "".join(c["source"])
        if c["cell_type"] == "markdown":
            parts.append("# %% [markdown]\n" + "\n".join("# " + l if l else "#" for l in src.split("\n")))
        else:
            parts.append("# %%\n" + src)
    return "\n\n".join(parts) + "\n"


if __name__ == "__main__":
    cmd, *args = sys.argv[1:]
    if cmd == "to-nb":
        nb = cells_to_nb(text_to_cells(Path(args[0]).read_text()), Path(args[1]).stem)
        target = Path(args[1])
        if target.exists():  # keep the outputs of unchanged code cells
            old = {
                "".join(c["source"]): c
                for c in json.loads(target.read_text())["cells"]
                if c["cell_type"] == "code"
            }
            for c in nb["cells"]:
                prev = old.get("".join(c["source"])) if c["cell_type"] == "code" else None
                if prev is not None:
                    c.update(outputs=prev.get("outputs", []), metadata=prev.get("metadata", {}))
        target.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n")
    elif cmd == "to-text":
        sys.stdout.write(nb_to_text(json.loads(Path(args[0]).read_text())))
    else:
        raise SystemExit(__doc__)
