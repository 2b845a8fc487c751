"""Write README.md from nbs/index.ipynb without Quarto (nbdev_readme needs Quarto).

python tools/make_readme.py [--check]

Hidden cells are dropped, `#|` directives stripped, code cells fenced. With --check, exit 1 if README.md is
stale."""

import json, sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def render(nb_path=ROOT / "nbs" / "index.ipynb") -> str:
    nb = json.loads(Path(nb_path).read_text())
    parts = []
    for c in nb["cells"]:
        src = "".join(c["source"])
        lines = src.split("\n")
        if any(l.strip().replace(" ", "") in ("#|hide", "#|exporti") for l in lines):
            continue
        body = "\n".join(l for l in lines if not l.lstrip().startswith("#|")).strip("\n")
        if not body:
            continue
        parts.append(body if c["cell_type"] == "markdown" else f"```python\n{body}\n```")
    head = (
        "<!-- generated from nbs/index.ipynb by tools/make_readme.py: edit the notebook, not this file "
        "-->\n\n"
    )
    return head + "\n\n".join(parts) + "\n"


if __name__ == "__main__":
    text, readme = render(), ROOT / "README.md"
    if "--check" in sys.argv:
        if readme.read_text() != text:
            sys.exit("README.md is stale: run python tools/make_readme.py")
    else:
        readme.write_text(text)
