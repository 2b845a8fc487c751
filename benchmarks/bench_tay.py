"""TAY against SPG τ = 30 in wall time, and TAY at its defaults on the Senate.

python benchmarks/bench_tay.py # writes its section of BENCHMARKS.md

Geng et al. §7.1's 10-node networks with the paper's settings (`GENG_SETTINGS`: α = 0.4, q = 2,000 chains
restarted at random, 100 iterations, λ = 0.025, n = 1,000): the wall time and the chain-sweeps each method
needs to first reach SPG τ = 30's final AUC − 0.02, per trial, then the median of the per-trial ratios. TAY
sweeps and tests its criterion in one compiled kernel (`spg._tay_sweeps`). Then TAY with nothing but λ = 0.1
on the 109th Senate's second session (279 votes × 100 senators)."""

import time
import warnings
import numpy as np
from sklearn.exceptions import ConvergenceWarning
from mrflit.models import geng_network
from mrflit.gibbs import sample_data
from mrflit.spg import SPG, TAY, GENG_SETTINGS, CertificateWarning
from mrflit.datasets import senate109
from _report import write_section

TRIALS = 9
REPEATS = 5


def first_hit(trace, target, key):
    "The value of `key` at the first iteration whose AUC reaches `target`."
    hit = np.flatnonzero(trace["auc"] >= target)
    return trace[key][hit[0]] if hit.size else np.inf


def trial(t):
    """Time and work ratios TAY / SPG τ = 30 to SPG τ = 30's final AUC − 0.02 on one 10-node network. Each fit
    is repeated REPEATS times, alternating the methods (the same seed gives the same iterates), and its time
    to the target is the median."""
    truth = geng_network(10, seed=10_000 + t)
    X = sample_data(truth, 1000, burn_in=1000, seed=t)
    kw = dict(GENG_SETTINGS, n_chains=2000, max_iter=100, seed=t, diagnostics=False)
    spg, tay = [], []
    for _ in range(REPEATS):
        spg.append(SPG(0.025, tau=30, **kw).fit(X, truth=truth).trace_)
        tay.append(TAY(0.025, **kw).fit(X, truth=truth).trace_)
    target = spg[0]["auc"][-1] - 0.02
    spg_s = np.median([first_hit(tr, target, "seconds") for tr in spg])
    tay_s = np.median([first_hit(tr, target, "seconds") for tr in tay])
    work = first_hit(tay[0], target, "chain_sweeps") / first_hit(spg[0], target, "chain_sweeps")
    return [tay_s / spg_s, work, spg_s, tay_s]


def main():
    warnings.filterwarnings("ignore", category=ConvergenceWarning)
    warnings.filterwarnings("ignore", category=CertificateWarning)
    trial(0)  # compile
    rows = np.array([trial(t) for t in range(TRIALS)])
    time_ratio, work_ratio, spg_s, tay_s = np.median(rows, axis=0)
    X = senate109("session2").votes
    t0 = time.perf_counter()
    sen = TAY(0.1, seed=0).fit(X)
    wall = time.perf_counter() - t0
    rule = sen.trace_["tau_rule"]
    lines = [
        "## TAY in wall time (`bench_tay.py`)",
        "",
        __doc__.split("\n\n")[2].replace("\n", " "),
        "",
        f"| 10-node networks, median of {TRIALS} trials (each fit timed {REPEATS}×, median) | value |",
        "|---|---|",
        f"| time to target, TAY ÷ SPG τ = 30 | {time_ratio:.2f} |",
        f"| chain-sweeps to target, TAY ÷ SPG τ = 30 | {work_ratio:.2f} |",
        f"| seconds to target: SPG τ = 30, TAY | {spg_s:.3f}, {tay_s:.3f} |",
        "",
        "| Senate, TAY(0.1) at defaults | value |",
        "|---|---|",
        f"| wall time (s) | {wall:.1f} |",
        f"| converged_, iterations, chains | {sen.converged_}, {sen.n_iter_}, {sen.n_chains_} |",
        f"| iterations certified / estimated / capped | {np.sum(rule == 'certified')} / "
        f"{np.sum(rule == 'estimated')} / "
        f"{np.sum(rule == 'capped')} |",
        f"| median τ; nonzero couplings | {np.median(sen.trace_['tau']):.0f}; "
        f"{np.count_nonzero(np.triu(sen.theta_, 1))} |",
    ]
    print("\n".join(lines))
    write_section("bench_tay", "\n".join(lines))


if __name__ == "__main__":
    main()
