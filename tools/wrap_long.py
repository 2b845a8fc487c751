"""Wrap what ruff leaves long in the notebooks' code cells: comments, docstrings and string literals inside
brackets.

python tools/wrap_long.py nbs/*.ipynb tests/*.py # rewrite in place (notebooks or modules), then `ruff format`
python tools/wrap_long.py --check nbs/*.ipynb # count the lines over the limit (exit 1 if any)

ruff formats code to the line length in pyproject.toml but never splits a string or a comment. This does,
conservatively: a full-line comment is re-wrapped; a trailing comment moves to its own line above the code; a
one-line docstring becomes a wrapped triple-quoted one; a string literal inside brackets is split into
adjacent literals on successive lines (implicit concatenation, so the value is unchanged). Anything else long
is reported, not touched."""

import io
import json
import re
import sys
import textwrap
import tokenize
from pathlib import Path

LIMIT = 110


def _wrap_comment(indent: str, text: str) -> list:
    width = LIMIT - len(indent) - 2
    return [
        f"{indent}# {line}"
        for line in textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False)
    ]


def _split_literal(tok: str, indent: str) -> list | None:
    """A string literal as several adjacent literals, each line within the limit; None if it cannot be split
    safely."""
    m = re.fullmatch(r'([rRbBfF]{0,2})(")(.*)(")', tok, re.S)
    if not m or "\n" in tok:
        return None
    prefix, body = m.group(1), m.group(3)
    width = LIMIT - len(indent) - len(prefix) - 2
    pieces, cur = [], ""
    for word in re.split(r"(?<= )", body):  # keep each space with the word before it
        if cur and len(cur) + len(word) > width:
            pieces.append(cur)
            cur = ""
        cur += word
    pieces.append(cur)
    if len(pieces) < 2 or any(len(p) > width for p in pieces):
        return None
    if "f" in prefix.lower() and any(p.count("{") != p.count("}") for p in pieces):
        return None  # a replacement field would be cut in two
    return [f'{indent}{prefix}"{p}"' for p in pieces]


def _assigned(line: str, literal: str) -> bool:
    "The line is `name = <literal>` or `return <literal>` (the literal last)."
    head = line.strip()[: -len(literal)] if line.strip().endswith(literal) else None
    return head is not None and (
        head == "return " or re.fullmatch(r"[A-Za-z_][A-Za-z_0-9.]* = ", head) is not None
    )


def _rewrap_docstring(block: list, indent: str, first: int) -> dict:
    """Re-wrap a triple-quoted docstring's paragraphs to the limit: `{line index: replacement}` covering the
    block."""
    text = "\n".join(block).strip()[3:-3]
    paragraphs = [" ".join(p.split()) for p in re.split(r"\n\s*\n", text)]
    width = LIMIT - len(indent)
    out = []
    for k, para in enumerate(paragraphs):
        lead = '"""' if k == 0 else ""
        wrapped = textwrap.wrap(lead + para, width, break_long_words=False, break_on_hyphens=False) or [lead]
        if k:
            out.append("")
        out += [indent + w for w in wrapped]
    if len(out[-1]) + 3 > LIMIT:
        out.append(indent)
    out[-1] += '"""'
    edits = {first: out}
    for k in range(1, len(block)):
        edits[first + k] = []
    return edits


def wrap_source(src: str) -> str:
    "The cell source with long comments, docstrings and bracketed strings wrapped."
    lines = src.split("\n")
    try:
        toks = list(tokenize.generate_tokens(io.StringIO(src).readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return src
    depth = 0
    edits = {}  # line index -> replacement lines
    prev = None
    for tok in toks:
        if tok.type == tokenize.OP and tok.string in "([{":
            depth += 1
        elif tok.type == tokenize.OP and tok.string in ")]}":
            depth -= 1
        row = tok.start[0] - 1
        line = lines[row] if row < len(lines) else ""
        span = lines[row : tok.end[0]] if tok.type == tokenize.STRING else [line]
        if max(map(len, span)) <= LIMIT or row in edits:
            prev = tok if tok.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT) else prev
            continue
        indent = line[: len(line) - len(line.lstrip())]
        if tok.type == tokenize.COMMENT:
            text = tok.string[1:].strip()
            if line.strip().startswith("#"):
                if not text.startswith("|"):  # never touch nbdev directives
                    edits[row] = _wrap_comment(indent, text)
            else:  # trailing comment: above the code
                code = line[: tok.start[1]].rstrip()
                if len(code) <= LIMIT:
                    edits[row] = _wrap_comment(indent, text) + [code]
        elif tok.type == tokenize.STRING and tok.string.startswith('"""') and line.strip().startswith('"""'):
            first, last = tok.start[0] - 1, tok.end[0] - 1
            if line.strip().startswith('"""') and lines[last].strip().endswith('"""'):
                edits.update(_rewrap_docstring(lines[first : last + 1], indent, first))
        elif (
            tok.type == tokenize.STRING
            and tok.start[0] == tok.end[0]
            and depth == 0
            and _assigned(line, tok.string)
        ):
            head = line[: len(line) - len(line.lstrip())] + line.strip()[: -len(tok.string)]
            split = _split_literal(tok.string, indent + "    ")
            if split:
                edits[row] = [head + "("] + split + [indent + ")"]
        elif (
            tok.type == tokenize.STRING
            and tok.start[0] == tok.end[0]
            and line.strip() in (tok.string, tok.string + ",")
        ):
            is_doc = prev is None or (
                prev.type == tokenize.INDENT or (prev.type == tokenize.OP and prev.string == ":")
            )
            if is_doc and tok.string.startswith('"') and not tok.string.startswith('"""'):
                body = tok.string[1:-1]
                wrapped = textwrap.wrap(body, LIMIT - len(indent) - 3, break_long_words=False)
                if "\\" not in body and len(wrapped) > 1:
                    out = [f'{indent}"""{wrapped[0]}'] + [f"{indent}{w}" for w in wrapped[1:]]
                    out[-1] += '"""'
                    edits[row] = out
            elif depth > 0:
                split = _split_literal(tok.string, indent)
                if split:
                    split[-1] += line.strip()[len(tok.string) :]  # a trailing comma stays
                    edits[row] = split
        prev = tok if tok.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT) else prev
    for row in sorted(edits, reverse=True):
        lines[row : row + 1] = edits[row]
    return "\n".join(lines)


def long_lines(src: str) -> list:
    return [line for line in src.split("\n") if len(line) > LIMIT]


def main(argv):
    check = "--check" in argv
    paths = [Path(a) for a in argv if a != "--check"]
    total = 0
    for path in paths:
        if path.suffix == ".py":  # a plain module: the whole file is one source
            src = path.read_text()
            new = src if check else wrap_source(src)
            total += len(long_lines(new))
            if new != src:
                path.write_text(new)
            continue
        nb = json.loads(path.read_text())
        changed = False
        for cell in nb["cells"]:
            if cell["cell_type"] != "code":
                continue
            src = "".join(cell["source"])
            new = src if check else wrap_source(src)
            total += len(long_lines(new))
            if new != src:
                ls = new.split("\n")
                cell["source"] = [line + "\n" for line in ls[:-1]] + [ls[-1]]
                changed = True
        if changed:
            path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n")
    print(f"{total} code lines over {LIMIT} characters")
    return 1 if check and total else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
