"""Issue 62's sampler rule: the k-state Gibbs sweep at k = 21 (a protein alphabet), p = 100, against the
binary sweep on the same graph in the same run; site updates per second, 5,000 chains, 10 sweeps, medians
of 3. The k-state sweep looks its tables up by the instructions Numba's target has (03b_discrete_gibbs,
`LOOKUP`): this machine's first, then, in fresh interpreters, the code Numba compiles for a Haswell CPU (AVX2)
with AVX2's permutes and with gathers — an AVX2 machine as far as one can be emulated on this one.

python benchmarks/bench_potts_sampler.py  # ≈ 1 min: a section of BENCHMARKS.md"""

import json
import os
import subprocess
import sys
import tempfile
import numpy as np
from mrflit.core import chain_states
from mrflit.discrete_gibbs import LOOKUP, _gibbs_sweeps
from mrflit.discrete_models import random_discrete_mrf
from mrflit.gibbs import gibbs_sample as binary_gibbs_sample
from _report import median_time, write_section

P, Q, SWEEPS, DEGREES = 100, 5000, 10, (5, 20, 60)
# the emulated AVX2 machine: Numba's code for Haswell, told (or not) that it has AVX2
HASWELL = {"avx2": {"NUMBA_CPU_FEATURES": "+avx,+avx2,+fma"}, "": {}}


def rate(model) -> float:
    "Site updates per second of the k-state systematic sweep (`_gibbs_sweeps`, as the fits run it)."
    rng = np.random.default_rng(0)
    X = (rng.random((Q, model.p)) * model.levels).astype(np.int8)
    streams = chain_states(rng, Q)
    _gibbs_sweeps(X.copy(), model.theta, model.offsets, streams.copy(), 1, False)
    return (
        Q
        * model.p
        * SWEEPS
        / median_time(lambda: _gibbs_sweeps(X, model.theta, model.offsets, streams, SWEEPS, False))
    )


def measure() -> list:
    "[neighbours, binary rate, k = 21 rate] for each degree, by this interpreter's lookup."
    rows = []
    for degree in DEGREES:
        density = degree / (P - 1)
        binary = random_discrete_mrf([2] * P, density, (0.2, 0.6), (-0.5, 0.5), seed=1).to_binary()
        binary_gibbs_sample(binary, Q, 1, seed=0)
        b = Q * P * SWEEPS / median_time(lambda: binary_gibbs_sample(binary, Q, SWEEPS, seed=0))
        k = rate(random_discrete_mrf([21] * P, density, (0.2, 0.6), (-0.5, 0.5), seed=1))
        rows.append([degree, b, k])
    return rows


def emulated(lookup: str, cache: str) -> list:
    "`measure()` in a fresh interpreter compiling for Haswell, with AVX2's permutes (`avx2`) or gathers ('')."
    env = {**os.environ, "NUMBA_CPU_NAME": "haswell", "NUMBA_CACHE_DIR": cache, **HASWELL[lookup]}
    code = "import json, bench_potts_sampler as b; print(json.dumps([b.LOOKUP, b.measure()]))"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    got, rows = json.loads(out.stdout.strip().splitlines()[-1])
    assert got == lookup, (got, lookup)
    return rows


def main():
    names = {"avx512": "AVX-512 permute", "avx2": "AVX2 permutes", "": "gathers"}
    table = [(f"this machine ({names[LOOKUP]})", measure())]
    with tempfile.TemporaryDirectory() as cache:
        for lookup in HASWELL:
            table.append(
                (f"Haswell code ({names[lookup]})", emulated(lookup, f"{cache}/{lookup or 'gather'}"))
            )
    lines = [
        f"| {name} | ~{d} | {b:.2e} | {k:.2e} | 1/{b / k:.1f} |" for name, rows in table for d, b, k in rows
    ]
    write_section(
        "potts-sampler",
        "\n".join(
            [
                "### Issue 62's sampler rule: k = 21 against the binary sweep (`bench_potts_sampler.py`)",
                "",
                f"p = {P} variables, each pair an edge with probability degree/(p − 1), {Q:,} chains, "
                f"{SWEEPS} sweeps, medians of 3, one run. The rule asks for at least 1/25. The k-state "
                "sweep's table lookups use what Numba's target has (03b_discrete_gibbs); the Haswell rows "
                "are Numba's code for an AVX2 CPU run on this one (an emulation: a real AVX2 CPU's gathers "
                "and permutes run at other rates).",
                "",
                "| code | neighbours per site | binary sweep (site updates/s) | k = 21 sweep | ratio |",
                "|---|---|---|---|---|",
                *lines,
            ]
        ),
    )
    print("\n".join(lines))


if __name__ == "__main__":
    main()
