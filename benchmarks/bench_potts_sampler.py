"""Issue 62's sampler rule: the k-state Gibbs sweep at k = 21 (a protein alphabet), p = 100, against the
binary sweep on the same graph in the same run; site updates per second, 5,000 chains, 10 sweeps, medians
of 3.

python benchmarks/bench_potts_sampler.py  # ≈ 10 s: a section of BENCHMARKS.md"""

import numpy as np
from mrflit.core import chain_states
from mrflit.discrete_gibbs import _gibbs_sweeps
from mrflit.discrete_models import random_discrete_mrf
from mrflit.gibbs import gibbs_sample as binary_gibbs_sample
from _report import median_time, write_section

P, Q, SWEEPS = 100, 5000, 10


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


def main():
    rows = []
    for degree in (5, 20, 60):
        density = degree / (P - 1)
        binary = random_discrete_mrf([2] * P, density, (0.2, 0.6), (-0.5, 0.5), seed=1).to_binary()
        binary_gibbs_sample(binary, Q, 1, seed=0)
        b = Q * P * SWEEPS / median_time(lambda: binary_gibbs_sample(binary, Q, SWEEPS, seed=0))
        k = rate(random_discrete_mrf([21] * P, density, (0.2, 0.6), (-0.5, 0.5), seed=1))
        rows.append(f"| ~{degree} | {b:.2e} | {k:.2e} | 1/{b / k:.1f} |")
    write_section(
        "potts-sampler",
        "\n".join(
            [
                "### Issue 62's sampler rule: k = 21 against the binary sweep (`bench_potts_sampler.py`)",
                "",
                f"p = {P} variables, each pair an edge with probability degree/(p − 1), {Q:,} chains, "
                f"{SWEEPS} sweeps, medians of 3, one run. The rule asks for at least 1/25.",
                "",
                "| neighbours per site | binary sweep (site updates/s) | k = 21 sweep | ratio |",
                "|---|---|---|---|",
                *rows,
            ]
        ),
    )
    print("\n".join(rows))


if __name__ == "__main__":
    main()
