"""Speed of the foundation: Gibbs site-updates per second and exact enumeration, side by side in one run.

python benchmarks/bench_foundation.py # writes BENCHMARKS.md (foundation section)

Compared in the same process: (a) a plain-NumPy sweep vectorised over chains, (b) a straightforward Numba
kernel (np.random, float64, one chain at a time), (c) a standalone reference Numba kernel (no validation
or layout conversion: chain blocks, SIMD over chains, inlined xoshiro128**, np.exp), (d)
mrflit.gibbs.gibbs_sample, the public API (validation, seeding, layout conversion included). Timings are
medians of repeats; compare ratios, not seconds."""

import platform
import numpy as np, numba
from numba import njit, prange
from mrflit.models import random_mrf
from mrflit.gibbs import GibbsChains, gibbs_sample, neighbour_lists
from mrflit.core import chain_states, _xoshiro_step, _to_unit_float32
from mrflit.exact import log_partition, moments
from _report import median_time as _median_time


def median_time(f, repeat=5):
    return _median_time(f, repeat, warmup=True)


# (a) plain NumPy, vectorised over chains
def numpy_sweeps(theta, kappa, lo, X, n_sweeps, rng):
    nbr, w = neighbour_lists(theta)
    d = np.diag(theta)
    w = w.astype(np.float64)
    for _ in range(n_sweeps):
        for i in range(X.shape[1]):
            h = d[i] + X[:, nbr[i]] @ w[i]
            X[:, i] = np.where(rng.random(X.shape[0]) * (1 + np.exp(-kappa * h)) < 1, 1.0, lo)
    return X


# (b) straightforward Numba: one chain at a time, np.random, float64
@njit(cache=True)
def simple_numba(X, nbr, w, d, kappa, lo, n_sweeps):
    C, p = X.shape
    for c in range(C):
        for _ in range(n_sweeps):
            for i in range(p):
                h = d[i]
                for k in range(nbr.shape[1]):
                    h += w[i, k] * X[c, nbr[i, k]]
                X[c, i] = 1.0 if np.random.random() < 1 / (1 + np.exp(-kappa * h)) else lo


# (c) tuned standalone kernel
@njit(cache=True, parallel=True)
def tuned(X, nbr, w, d, kappa, lo, S, n_sweeps, B):
    p, C = X.shape
    K = nbr.shape[1]
    one = np.float32(1)
    for blk in prange((C + B - 1) // B):
        c0 = blk * B
        c1 = min(C, c0 + B)
        n = c1 - c0
        h = np.empty(n, np.float32)
        s0 = S[0, c0:c1]
        s1 = S[1, c0:c1]
        s2 = S[2, c0:c1]
        s3 = S[3, c0:c1]
        for _ in range(n_sweeps):
            for i in range(p):
                for c in range(n):
                    h[c] = d[i]
                for k in range(K):
                    xj = X[nbr[i, k], c0:c1]
                    wk = w[i, k]
                    for c in range(n):
                        h[c] += wk * xj[c]
                xi = X[i, c0:c1]
                for c in range(n):
                    r, s0[c], s1[c], s2[c], s3[c] = _xoshiro_step(s0[c], s1[c], s2[c], s3[c])
                    xi[c] = one if _to_unit_float32(r) * (one + np.exp(-kappa * h[c])) < one else lo


def gibbs_rows(threads):
    rows = []
    cases = [
        ("p=20 dense", random_mrf(20, 1.0, (0.1, 0.3), (-0.5, 0.5), "01", seed=0), 100),
        ("p=100 sparse (~5 nbrs)", random_mrf(100, 5 / 99, (0.2, 0.5), (-0.5, 0.5), "01", seed=0), 20),
    ]
    for name, m, sweeps in cases:
        nbr, w = neighbour_lists(m.theta)
        d32 = np.diag(m.theta).astype(np.float32)
        for C in (1000, 5000):
            upd = m.p * C * sweeps
            r = {"case": name, "chains": C}
            rng = np.random.default_rng(0)
            X = np.where(rng.random((C, m.p)) < 0.5, 1.0, 0.0)
            r["numpy"] = upd / median_time(lambda: numpy_sweeps(m.theta, 1.0, 0.0, X, sweeps, rng), 3)
            numba.set_num_threads(1)
            Xs = X.copy()
            wd = w.astype(np.float64)
            dd = np.diag(m.theta).copy()
            r["numba simple (1 core)"] = upd / median_time(
                lambda: simple_numba(Xs, nbr, wd, dd, 1.0, 0.0, sweeps), 3
            )
            for nt in threads:
                numba.set_num_threads(nt)
                Xt = np.ascontiguousarray(X.T, dtype=np.float32)
                S = chain_states(0, C)
                r[f"tuned ({nt} core)"] = upd / median_time(
                    lambda: tuned(Xt, nbr, w, d32, np.float32(1), np.float32(0), S, sweeps, 256)
                )
                r[f"mrflit ({nt} core)"] = upd / median_time(lambda: gibbs_sample(m, C, sweeps, seed=0))
            rows.append(r)
    numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    return rows


def cpu_mhz() -> float:
    "The first core's clock in MHz as /proc/cpuinfo states it (nan where it does not)."
    try:
        text = open("/proc/cpuinfo").read()
    except OSError:
        return float("nan")
    found = [line.split(":")[1] for line in text.splitlines() if line.startswith("cpu MHz")]
    return float(found[0]) if found else float("nan")


def chains_rows():
    "Site updates per second of `GibbsChains.run` at the fits' scale (64,000 persistent chains, 10 sweeps)."
    out = []
    for p in (25, 100, 1000):
        m = random_mrf(p, 4 / (p - 1), (0.3, 0.6), (-0.3, 0.3), "01", seed=0)
        chains = GibbsChains(m, 64_000, seed=0)
        chains.run(2)
        out.append((p, p * 64_000 * 10 / median_time(lambda: chains.run(10), 5)))
    return out


def exact_rows():
    out = []
    for p in (16, 20):
        m = random_mrf(p, 0.3, (1, 2), (-1, 1), "01", seed=0)
        out.append((p, median_time(lambda: (log_partition(m), moments(m)), 5)))
    return out


def bound_rows():
    from mrflit.dobrushin import tv_bound, sweep_influence_matrix

    m = random_mrf(100, 5 / 99, (0.2, 0.5), (-0.5, 0.5), "01", seed=0)
    taus = np.arange(1, 1001)
    t_curve = median_time(lambda: tv_bound(m, taus), 5)
    B = sweep_influence_matrix(m)

    def dense_powers():  # reference: form B^tau by repeated matrix products
        P = np.eye(100)
        out = []
        for _ in taus:
            P = B @ P
            out.append(P.sum())
        return out

    t_ref = median_time(dense_powers, 3)
    return t_curve, t_ref


def main():
    nt = numba.config.NUMBA_NUM_THREADS
    threads = sorted({1, nt})
    rows = gibbs_rows(threads)
    big = chains_rows()
    mhz = cpu_mhz()
    ex = exact_rows()
    tb, tref = bound_rows()
    cols = (
        ["numpy", "numba simple (1 core)"]
        + [f"tuned ({t} core)" for t in threads]
        + [f"mrflit ({t} core)" for t in threads]
    )
    L = [
        "## Foundation (`bench_foundation.py`)",
        "",
        "Measured by `python benchmarks/bench_foundation.py` on "
        f"{platform.processor() or platform.machine()}, "
        f"{nt} Numba threads, numpy {np.__version__}, numba {numba.__version__}. Medians of repeated runs; "
        "timings on this shared machine are noisy, so read the ratios, which come from one run.",
        "",
        "### Gibbs sampler: site updates per second",
        "",
        "| case | chains | " + " | ".join(cols) + " | mrflit(1)/tuned(1) | mrflit(1)/numpy |",
        "|" + "---|" * (len(cols) + 4),
    ]
    for r in rows:
        L.append(
            f"| {r['case']} | {r['chains']} | "
            + " | ".join(f"{r[c]:.2e}" for c in cols)
            + f" | {r['mrflit (1 core)'] / r['tuned (1 core)']:.2f} | "
            + f"{r['mrflit (1 core)'] / r['numpy']:.1f} |"
        )
    L += [
        "",
        "* **numpy**: plain NumPy sweep vectorised over chains (one `X[:, nbrs] @ w` and one `rng.random` "
        "per site).",
        "* **numba simple**: one chain at a time, `np.random.random()`, float64 — the straightforward "
        "kernel.",
        "* **tuned**: the standalone reference kernel (blocks of 256 chains, float32 fields, SIMD across "
        "chains, inlined xoshiro128\\*\\*, `np.exp`), called on pre-laid-out arrays. mrflit's kernel "
        "computes the exponential by arithmetic that LLVM vectorises (`gibbs._exp_neg`), where `np.exp` is "
        "a scalar call.",
        "* **mrflit**: `mrflit.gibbs.gibbs_sample`, the public function: validation, seeding of one stream "
        "per chain, "
        "layout conversion, then the same kind of kernel.",
        "",
        "### Persistent chains at the fits' scale",
        "",
        f"`GibbsChains.run(10)` on 64,000 chains of `random_mrf(p, 4/(p−1), (0.3, 0.6))` (0/1), {nt} Numba "
        f"threads; cycles per update = threads × clock ({mhz:.0f} MHz, /proc/cpuinfo) ÷ updates per second. "
        "The limit of the instruction mix, counted from the kernel's source: per site update and chain, "
        "K ≈ 4 float32 multiply-adds for the field and ≈ 17 integer and float32 operations for "
        "xoshiro128\\*\\* and the uniform (8 lanes of a 256-bit AVX2 register), and ≈ 27 float64 "
        "operations for the exponential (Estrin's scheme with fused multiply-adds), the clamp and the "
        "comparison (4 lanes): ≈ 10 vector instructions per update, or ≈ 5 cycles at 2 vector instructions "
        "per cycle.",
        "",
        "| p | site updates per second | cycles per update (per core) |",
        "|---|---|---|",
    ]
    L += [f"| {p} | {rate:.2e} | {nt * mhz * 1e6 / rate:.1f} |" for p, rate in big]
    L += [
        "",
        "### Exact enumeration: log Z plus all moments",
        "",
        "| p | seconds |",
        "|---|---|",
    ]
    L += [f"| {p} | {t:.3f} |" for p, t in ex]
    L += [
        "",
        "### Dobrushin bound curve",
        "",
        "𝒢(B^τ) for τ = 1..1000 at p = 100 (sparse, ~5 neighbours): `mrflit.dobrushin.tv_bound` iterates a "
        "vector "
        "(O(p²) per τ, U included); the reference forms B^τ by repeated dense products (B precomputed).",
        "",
        "| mrflit tv_bound (s) | dense B^τ reference (s) | speed-up |",
        "|---|---|---|",
        f"| {tb:.4f} | {tref:.4f} | {tref / tb:.0f}× |",
    ]
    from _report import write_section

    write_section("foundation", "\n".join(L))
    print("\n".join(L))


if __name__ == "__main__":
    main()
