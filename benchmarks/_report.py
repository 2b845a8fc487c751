"""Write one benchmark script's section of BENCHMARKS.md (between <!-- begin NAME --> and <!-- end NAME -->
markers), time a call, and store a study's results (`save_results`)."""

import os
import platform
import re
import tempfile
import time
from pathlib import Path
import numpy as np
import mrflit

PATH = Path(__file__).resolve().parent.parent / "BENCHMARKS.md"
HEAD = (
    "# Benchmarks\n\nEach section is written by the script it names (`python benchmarks/SCRIPT.py`). Timings "
    "on this shared "
    "2-core machine are noisy: read the ratios, which come from one run of one script.\n"
)


def machine() -> str:
    """The CPU's model and its widest vector instructions (from /proc/cpuinfo where there is one) and the core
    count: the same code runs several times faster on some machines than on others."""
    model, flags = platform.processor() or platform.machine(), set()
    info = Path("/proc/cpuinfo")
    for line in info.read_text().splitlines() if info.exists() else []:
        key, _, value = line.partition(":")
        if key.strip() == "model name":
            model = value.strip()
        if key.strip() == "flags":
            flags = set(value.split())
    simd = next(
        (name for flag, name in (("avx512f", "AVX-512"), ("avx2", "AVX2")) if flag in flags), "no AVX2"
    )
    return f"{model} ({simd}), {os.cpu_count()} cores"


def write_section(name: str, text: str, path: Path = PATH):
    "Put `text` between the section's markers in BENCHMARKS.md, with the machine and the date it ran on."
    old = path.read_text() if path.exists() else HEAD
    if not old.startswith("# Benchmarks"):
        old = HEAD
    text = f"{text.strip()}\n\nMachine: {machine()}; {time.strftime('%Y-%m-%d')}."
    block = f"<!-- begin {name} -->\n{text}\n<!-- end {name} -->"
    pat = re.compile(rf"<!-- begin {re.escape(name)} -->.*?<!-- end {re.escape(name)} -->", re.S)
    new = pat.sub(lambda m: block, old) if pat.search(old) else old.rstrip() + "\n\n" + block + "\n"
    path.write_text(new)


def median_time(f, repeat: int = 3, warmup: bool = False) -> float:
    "The median wall time of `repeat` calls of f (after one untimed call when `warmup`)."
    if warmup:
        f()
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return float(np.median(times))


def save_results(path: Path, **result):
    """Store a study's results as an .npz (no pickle), with the mrflit version and the machine, written
    atomically: to a temporary file beside `path`, then renamed over it."""
    result.update(
        mrflit_version=mrflit.__version__,
        machine=machine(),
    )
    path.parent.mkdir(exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".npz", delete=False) as f:
        np.savez(f, **result)
    os.chmod(f.name, 0o644)
    os.replace(f.name, path)
