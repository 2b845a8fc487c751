"""Held-out, property-based and subprocess tests of the foundation (models, exact, gibbs, datasets, metrics,
cli)."""

import json, os, subprocess, sys, textwrap
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st, HealthCheck

from mrflit.models import BinaryMRF, stats, random_mrf, to_vector, convert_theta, convert_states
from mrflit.exact import (
    log_partition,
    probabilities,
    moments,
    all_states,
    law_after,
    frequency_pvalues,
    kl_divergence,
    sample_exact,
    state_index,
)
from mrflit.gibbs import gibbs_sample, sample_data
from mrflit.metrics import roc_auc, selection_metrics


# ---------- property-based: models and exact ----------
@st.composite
def models(draw, max_p=6):
    p = draw(st.integers(1, max_p))
    vals = draw(st.lists(st.floats(-3, 3, allow_nan=False), min_size=p * p, max_size=p * p))
    A = np.array(vals).reshape(p, p)
    return BinaryMRF(A + A.T, draw(st.sampled_from(["01", "pm1"])))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(models())
def test_conversion_preserves_every_probability(m):
    other = m.to_domain("pm1" if m.domain == "01" else "01")
    np.testing.assert_allclose(probabilities(m), probabilities(other), atol=1e-12)
    np.testing.assert_allclose(other.to_domain(m.domain).theta, m.theta, atol=1e-9)
    assert kl_divergence(m, other) < 1e-9


@settings(max_examples=40, deadline=None)
@given(models(max_p=5))
def test_moments_are_the_gradient_of_log_partition(m):
    """E1: E_θ ψ = ∇ log Z, checked by central finite differences on the stats-order vector."""
    v = m.vector()
    h = 1e-5
    g = np.empty_like(v)
    for k in range(v.size):
        e = np.zeros_like(v)
        e[k] = h
        up = BinaryMRF(_mat(v + e, m.p), m.domain)
        dn = BinaryMRF(_mat(v - e, m.p), m.domain)
        g[k] = (log_partition(up) - log_partition(dn)) / (2 * h)
    np.testing.assert_allclose(moments(m), g, atol=1e-6)


def _mat(v, p):
    t = np.zeros((p, p))
    t[np.triu_indices(p)] = v
    return t + np.triu(t, 1).T


@settings(max_examples=40, deadline=None)
@given(models())
def test_energy_is_linear_in_the_statistics(m):
    X = all_states(m.p, m.domain)
    np.testing.assert_allclose(m.energy(X), stats(X) @ m.vector(), atol=1e-10)


# ---------- statistical: Gibbs against the exact law, held-out models ----------
@pytest.mark.parametrize("seed", [101, 202, 303])
@pytest.mark.parametrize("scan", ["systematic", "random"])
def test_gibbs_law_after_tau_sweeps_heldout(seed, scan):
    rng = np.random.default_rng(seed)
    dom = ["01", "pm1"][seed % 2]
    m = random_mrf(6, 0.6, (0.2, 1.0 if dom == "pm1" else 2.0), (-1, 1), dom, seed=rng)
    x0 = np.where(rng.random(6) < 0.5, 1, m.lo).astype(np.int8)
    n = 60_000
    for tau in (1, 3):
        X = gibbs_sample(m, n, tau, init=x0, scan=scan, seed=seed + tau)
        # Bonferroni over 64 states x 12 checks in this test function family: alpha = 1e-6 overall
        assert frequency_pvalues(X, law_after(m, tau, x0, scan), dom).min() > 1e-6 / (64 * 12)


def test_sample_data_matches_stationary_law():
    m = random_mrf(8, 0.4, (0.5, 1.5), (-1, 1), "01", seed=5)
    X = sample_data(m, 40_000, burn_in=200, seed=1)
    assert frequency_pvalues(X, probabilities(m)).min() > 1e-6 / 256


def test_exact_sampler_and_kl():
    m = random_mrf(7, 0.5, (0.5, 1.5), None, "pm1", seed=3)
    assert frequency_pvalues(sample_exact(m, 30_000, seed=2), probabilities(m), "pm1").min() > 1e-6 / 128
    assert kl_divergence(m, random_mrf(7, 0.5, (0.5, 1.5), None, "pm1", seed=4)) > 0.01


# ---------- reproducibility across real thread counts ----------
def test_same_output_for_any_NUMBA_NUM_THREADS(tmp_path):
    code = textwrap.dedent("""
        import numpy as np, sys
        from mrflit.models import random_mrf
        from mrflit.gibbs import gibbs_sample
        m = random_mrf(40, 0.1, (0.5, 1), (-1, 1), 'pm1', seed=9)
        a = gibbs_sample(m, 1500, 7, seed=3)
        b, s = gibbs_sample(m, 700, 4, scan='random', seed=4, return_stats=True)
        np.savez(sys.argv[1], a=a, b=b, s=s)
    """)
    outs = []
    for nt in ("1", "2"):
        f = tmp_path / f"o{nt}.npz"
        subprocess.run(
            [sys.executable, "-c", code, str(f)], check=True, env={**os.environ, "NUMBA_NUM_THREADS": nt}
        )
        outs.append(np.load(f, allow_pickle=False))
    for k in ("a", "b", "s"):
        np.testing.assert_array_equal(outs[0][k], outs[1][k])


# ---------- bad input, and the caller's arrays ----------
BAD = [
    (lambda: BinaryMRF([[0, 1], [2, 0]]), "symmetric"),
    (lambda: BinaryMRF([[np.nan]]), "NaN"),
    (lambda: BinaryMRF(np.zeros((2, 3))), "square"),
    (lambda: BinaryMRF(np.eye(2), "ternary"), "'01' or 'pm1'"),
    (lambda: BinaryMRF(np.eye(2) * 1e9), "rescale"),
    (lambda: BinaryMRF(np.eye(3)).energy([[0, 1, 3]]), "found [3]"),
    (lambda: BinaryMRF(np.eye(3)).energy([[0, 1]]), "p=3"),
    (lambda: BinaryMRF(np.eye(3), "pm1").energy([[0, 1, 1]]), "2 * X - 1"),
    (lambda: BinaryMRF(np.eye(3)).energy(np.array([[0, 1, np.nan]])), "NaN"),
    (lambda: log_partition(BinaryMRF(np.zeros((25, 25)))), "p <= 24"),
    (lambda: gibbs_sample(BinaryMRF(np.eye(3)), 10, 1, init=[[-1, 1, -1]]), "domain='pm1'"),
    (lambda: gibbs_sample(BinaryMRF(np.eye(3)), 10, 1, seed=-3), "seed"),
    (lambda: sample_data(BinaryMRF(np.eye(3)), 10, burn_in=0), "burn_in"),
    (lambda: roc_auc(np.eye(3), np.zeros((3, 3))), "both edges and non-edges"),
]


@pytest.mark.parametrize("call,msg", BAD)
def test_bad_input_gets_clear_value_error(call, msg):
    with pytest.raises(ValueError, match=None) as e:
        call()
    assert msg in str(e.value)


def test_callers_arrays_untouched():
    th = np.array([[0.5, 1.0], [1.0, -0.2]])
    th0 = th.copy()
    m = BinaryMRF(th)
    th[0, 0] = 99.0
    assert m.theta[0, 0] == 0.5  # the model holds its own copy
    X = np.array([[0, 1], [1, 1]], np.int8)
    X0 = X.copy()
    m.energy(X)
    stats(X)
    m.conditional(X)
    gibbs_sample(m, 2, 3, init=X, seed=0)
    convert_states(X, "01", "pm1")
    np.testing.assert_array_equal(X, X0)
    t = th0.copy()
    convert_theta(t, "01", "pm1")
    np.testing.assert_array_equal(t, th0)
