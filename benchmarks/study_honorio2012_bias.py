"""Honorio (2012) Table 2, "constant S_k does not converge": the bias of the Gibbs oracle, measured along FB's
own iterates (issue 61, item 7), for 22_honorio2012, which reads and asserts it.

The oracle of `honorio_oracle(sampler='gibbs')` runs one chain from a draw of the mean-field product law, 5
sweeps, then averages the S_k next sweeps' states. Its expectation is computed here exactly: the chain's law
over all 2^15 states is propagated site by site, so the expected moments need no sampling. The package's
`exact.propagate` does this at 0.4 s per oracle call here; the runs below make about 60,000 calls, so
`_conditionals` and `_propagate` do it again in Numba (35× faster), and `check_run` asserts that both give the
same moments. FB (`FBSSolver`, 'basic', η_k = β/(G √k)) is then run three ways on the stored study's
zero-field problems: with exact gradients, with the oracle's expected gradient at a constant S_k = 10 (its
bias, without its variance), and (in the stored study) with the oracle itself. The expected-gradient run
isolates what Table 2's argument is about: if the bias is O(1), that run's excess over exact gradients stays
above a floor as K grows.

1. The exact expectation is checked against the oracle itself: 4,000 calls at each of three points (the
   optimum, and FB's iterates 10 and 100 at β = 10); every moment's z-score is stored, and the
   largest difference from the same expectation by `exact.propagate`.
2. For each β of the stored study (1, 3, 10) and each of the 10 problems: FB with exact gradients and with the
   expected oracle, to K = 2,000 iterations; the objective gap of FB's output (the running average) at
   `CHECKPOINTS`, and the bias ‖E ĝ − ∇f‖₂ at the iterate there.

About 8 minutes on 2 cores, so it runs here, outside CI.

python benchmarks/study_honorio2012_bias.py  # writes benchmarks/data/honorio2012_bias.npz"""

import numpy as np
from numba import njit
from pathlib import Path
from _report import save_results
from mrflit.concentration import honorio_D, honorio_G
from mrflit.exact import all_states, propagate
from mrflit.experiments import grid, replicate
from mrflit.fbs import FBSSolver, HonorioState, _as_schedule, _moment_matrices, honorio_oracle
from mrflit.gibbs import mean_field
from study_honorio2012 import BETAS, REPS, RHO, optimum, problem

OUT = Path(__file__).resolve().parent / "data" / "honorio2012_bias.npz"
STORE = Path(__file__).resolve().parent / "data" / "_runs" / "honorio2012_bias"
K = 2000
CHECKPOINTS = np.array([10, 25, 50, 100, 200, 400, 1000, 2000])
S_CONST = 10
N_SWEEPS = 5
N_CHECK = 4000
STATES = {}


@njit(cache=True)
def _conditionals(theta):
    """P(x_i = +1 | the rest) for every site i and every state s (bit j of s set: x_j = +1), under the ±1
    model θ (p, p) float64: σ(2 (θ_ii + Σ_{j≠i} θ_ij x_j)), as the Gibbs kernel's update. The states are
    visited in Gray-code order, so each step moves the local fields by one column of θ. (p, 2^p) float64."""
    p = theta.shape[0]
    P = np.empty((p, 1 << p))
    f = np.empty(p)
    for i in range(p):
        f[i] = theta[i, i]
        for j in range(p):
            if j != i:
                f[i] -= theta[i, j]
    s = 0
    for g in range(1 << p):
        if g:
            t = g ^ (g >> 1)
            # the one bit that changed from the previous Gray code, and its new sign
            j = 0
            while not ((t ^ s) >> j) & 1:
                j += 1
            sign = 2.0 if (t >> j) & 1 else -2.0
            for i in range(p):
                if i != j:
                    f[i] += sign * theta[i, j]
            s = t
        for i in range(p):
            P[i, s] = 1.0 / (1.0 + np.exp(-2.0 * f[i]))
    return P


@njit(cache=True)
def _propagate(P, law, n_sweeps, acc):
    """`n_sweeps` systematic-scan sweeps (sites 0..p−1) of the chain's law (2^p,) float64, in place; after
    each sweep the law is added to acc (2^p,) float64 (a zero-length acc: nothing)."""
    p = P.shape[0]
    for _ in range(n_sweeps):
        for i in range(p):
            bit = 1 << i
            for s in range(1 << p):
                if s & bit:
                    continue
                mass = law[s] + law[s | bit]
                law[s | bit] = mass * P[i, s]
                law[s] = mass - law[s | bit]
        if acc.size:
            acc += law


def _states(p: int) -> np.ndarray:
    """All 2^p ±1 states (2^p, p) float64, state s with x_j = +1 where bit j of s is set (`_conditionals`);
    made once per p (`STATES`)."""
    if p not in STATES:
        STATES[p] = np.where((np.arange(1 << p)[:, None] >> np.arange(p)) & 1, 1.0, -1.0)
    return STATES[p]


def expected_oracle(model, S: int, n_sweeps: int = N_SWEEPS):
    """The expectation of `honorio_oracle(model, 'gibbs', S, n_sweeps=n_sweeps)`: (E xxᵀ (p, p), E x (p,))
    of the average of sweeps n_sweeps+1 … n_sweeps+S of one chain started from a draw of the mean-field
    product law."""
    theta = model.theta
    p = theta.shape[0]
    q = mean_field(model)
    states = _states(p)
    # the product law, built bit by bit: the factor of x_j goes with bit j
    law = np.ones(1)
    for j in range(p):
        law = np.concatenate([law * (1 - q[j]), law * q[j]])
    P = _conditionals(np.ascontiguousarray(theta, np.float64))
    _propagate(P, law, n_sweeps, np.zeros(0))
    acc = np.zeros_like(law)
    _propagate(P, law, S, acc)
    w = acc / S
    return states.T @ (states * w[:, None]), states.T @ w


def reference_oracle(model, S: int, n_sweeps: int = N_SWEEPS):
    """`expected_oracle` from the package's `exact.propagate`, one sweep at a time (its states in
    `all_states` order): the reference the fast kernels are checked against."""
    states = all_states(model.p, "pm1").astype(np.float64)
    q = mean_field(model)
    law = propagate(model, np.prod(np.where(states > 0, q, 1 - q), axis=1), n_sweeps)
    acc = np.zeros_like(law)
    for _ in range(S):
        law = propagate(model, law, 1)
        acc += law
    w = acc / S
    return states.T @ (states * w[:, None]), states.T @ w


class ExpectedOracle(HonorioState):
    "Problem (H2) whose 'gibbs' gradient is the oracle's expectation (`expected_oracle`): its bias alone."

    def gradient(self, W, b, k, rng, sampler=None):
        if (sampler or self.sampler) != "gibbs":
            return super().gradient(W, b, k, rng, sampler)
        S = self.schedule(k)
        C, m = expected_oracle(self.model(W, b), S, self.n_sweeps)
        return (C - self.Shat) * self.mask, m - self.muhat, S


def state(X, sampler):
    "FB's problem on ±1 data X, as `FBS._setup` builds it (all pairs, constant S_k = 10, 5 sweeps)."
    p = X.shape[1]
    mask = ~np.eye(p, dtype=bool)
    D = honorio_D(X, RHO)["D"]
    sched = _as_schedule(("constant", S_CONST))
    return ExpectedOracle(X, RHO, mask, sampler, sched, N_SWEEPS, D), honorio_G(X, RHO)


def bias(st, W, b) -> float:
    "‖E ĝ − ∇f‖₂ at (W, b): the expected oracle's distance from the exact gradient."
    gW, gb, _ = st.gradient(W, b, 1, None)
    return st.error(W, b, gW, gb)


def fb_run(beta, rep):
    """FB at step scale β on zero-field problem `rep`: the output's gap at CHECKPOINTS with exact gradients
    and with the expected oracle, and the bias at the expected-oracle run's iterate there."""
    _, X = problem(False, rep)
    f_star = optimum(X)
    out = dict(gap=np.zeros((2, CHECKPOINTS.size)), bias=np.zeros(CHECKPOINTS.size))
    for j, sampler in enumerate(("exact", "gibbs")):
        st, G = state(X, sampler)
        solver = FBSSolver(st, np.random.default_rng(rep), "basic", beta, G, 0.5, K)
        c = 0
        for k in range(1, K + 1):
            solver.step()
            if k == CHECKPOINTS[c]:
                out["gap"][j, c] = st.objective(*solver.out) - f_star
                if sampler == "gibbs":
                    out["bias"][c] = bias(st, solver.W, solver.b)
                c += 1
    return out


def check_run(point):
    """z-scores of the exact expectation against N_CHECK oracle calls at one point: 0 the optimum of problem
    0, 1 and 2 FB's iterates 10 and 100 at β = 10 (with the expected oracle)."""
    _, X = problem(False, 0)
    st, G = state(X, "gibbs")
    if point == 0:
        from mrflit.fbs import exact_optimum

        opt = exact_optimum(X, RHO)
        W, b = opt["W"], opt["b"]
    else:
        solver = FBSSolver(st, np.random.default_rng(0), "basic", 10.0, G, 0.5, K)
        for _ in range((10, 100)[point - 1]):
            solver.step()
        W, b = solver.W, solver.b
    model = st.model(W, b)
    C, m = expected_oracle(model, S_CONST)
    C_ref, m_ref = reference_oracle(model, S_CONST)
    ref_diff = max(np.abs(C - C_ref).max(), np.abs(m - m_ref).max())
    assert ref_diff < 1e-10, ref_diff
    rng = np.random.default_rng(1000 + point)
    draws = [honorio_oracle(model, "gibbs", S_CONST, n_sweeps=N_SWEEPS, seed=rng) for _ in range(N_CHECK)]
    iu = np.triu_indices(model.p, 1)
    est = np.array([np.r_[c[iu], mm] for c, mm in draws])
    want = np.r_[C[iu], m]
    se = est.std(0, ddof=1) / np.sqrt(N_CHECK)
    z = (est.mean(0) - want) / np.maximum(se, 1e-12)
    return dict(z=z, field_bias=np.abs(m - _exact_m(model)), ref_diff=ref_diff)


def _exact_m(model):
    "E x under the model itself (the exact gradient's field moments)."
    from mrflit.exact import moments

    return _moment_matrices(moments(model), model.p)[1]


def main():
    checks = replicate(check_run, grid(point=[0, 1, 2]), n_jobs=2, store=STORE, progress=True)
    runs = replicate(
        fb_run, grid(beta=list(BETAS), rep=list(range(REPS))), n_jobs=2, store=STORE, progress=True
    )
    shape = (len(BETAS), REPS)
    save_results(
        OUT,
        check_z=np.array([c["z"] for c in checks]),
        check_field_bias=np.array([c["field_bias"] for c in checks]),
        check_ref_diff=np.array([c["ref_diff"] for c in checks]),
        gap=np.array([r["gap"] for r in runs]).reshape(shape + runs[0]["gap"].shape),
        bias=np.array([r["bias"] for r in runs]).reshape(shape + runs[0]["bias"].shape),
        betas=np.array(BETAS),
        checkpoints=CHECKPOINTS,
        s_const=S_CONST,
        n_check=N_CHECK,
        reps=REPS,
    )
    print(f"wrote {OUT.name}")


if __name__ == "__main__":
    main()
