"""Held-out checks of the Dobrushin and concentration bounds against exact computation (Geng et al. 2018)."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from mrflit.models import BinaryMRF, random_mrf, stats
from mrflit.exact import sweep_matrix, probabilities, all_states, law_after, moments
from mrflit.dobrushin import (
    influence_bound,
    exact_influence,
    tv_bound,
    gradient_bias_bound,
    fischer_bound,
    tau_needed,
)
from mrflit.concentration import bernstein_eps, thm4_bound, chains_needed
from mrflit.gibbs import gibbs_sample


@st.composite
def small_models(draw):
    p = draw(st.integers(2, 5))
    s = draw(st.sampled_from([0.1, 0.5, 1.5, 4.0]))
    vals = draw(st.lists(st.floats(-s, s, allow_nan=False), min_size=p * p, max_size=p * p))
    A = np.array(vals).reshape(p, p)
    t = A + A.T
    if not draw(st.booleans()):
        np.fill_diagonal(t, 0)
    return BinaryMRF(t, draw(st.sampled_from(["01", "pm1"])))


@settings(max_examples=150, deadline=None)
@given(small_models())
def test_U_dominates_exact_influence(m):
    assert np.all(influence_bound(m) >= exact_influence(m) - 1e-12)


@settings(max_examples=60, deadline=None)
@given(small_models())
def test_tv_and_gradient_bounds_hold_for_every_start(m):
    taus = np.arange(1, 31)
    T = sweep_matrix(m)
    P = probabilities(m)
    Psi = stats(all_states(m.p, m.domain))
    Pi = np.eye(2**m.p)
    tv = np.empty(30)
    ge = np.empty(30)
    for k in range(30):
        Pi = Pi @ T
        tv[k] = 0.5 * np.abs(Pi - P).sum(1).max()
        ge[k] = np.linalg.norm((Pi - P) @ Psi, axis=1).max()
    assert np.all(tv_bound(m, taus) >= tv - 1e-12)
    assert np.all(gradient_bias_bound(m, taus) >= ge - 1e-12)
    assert np.all(fischer_bound(m, taus) >= ge - 1e-12)


def test_pm1_model_has_the_influence_of_its_01_conversion():
    m = random_mrf(5, 0.7, (0.2, 1.0), (-1, 1), "pm1", seed=4)
    np.testing.assert_allclose(influence_bound(m), influence_bound(m.to_domain("01")))
    np.testing.assert_allclose(exact_influence(m), exact_influence(m.to_domain("01")))


def test_theorem4_frequency_pm1():
    """Held-out: a pm1 model with fields; the bound must hold in >= 1 - 2Σβ of repeated experiments (minus 3
    binomial sd)."""
    m = random_mrf(4, 0.8, (0.1, 0.4), (-0.3, 0.3), "pm1", seed=21)
    x0 = -np.ones(4, np.int8)
    R, q, tau, beta = 300, 200, 3, 0.004  # 1 - 2 * 10 * 0.004 = 0.92
    mu = moments(m)
    X = gibbs_sample(m, R * q, tau, init=x0, seed=5).reshape(R, q, 4)
    holds = sum(
        np.linalg.norm(stats(x).mean(0) - mu) <= thm4_bound(m, tau, stats(x).var(0, ddof=1), q, beta)
        for x in X
    )
    assert holds / R >= 0.92 - 3 * np.sqrt(0.92 * 0.08 / R)


def test_tau_needed_is_minimal_and_chains_needed_is_minimal():
    m = random_mrf(8, 0.4, (0.2, 0.8), None, "01", seed=2)
    t = tau_needed(m, 0.05)
    assert gradient_bias_bound(m, t)[0] < 0.05 and (t == 1 or gradient_bias_bound(m, t - 1)[0] >= 0.05)
    q = chains_needed(m, t + 5, 0.2, 1e-4, 1.0)
    assert thm4_bound(m, t + 5, 0.2, q, 1e-4) <= 1.0 < thm4_bound(m, t + 5, 0.2, q - 1, 1e-4)


@pytest.mark.parametrize(
    "call,msg",
    [
        (lambda: tv_bound(BinaryMRF(np.zeros((3, 3))), [0, 1]), "taus must be integers >= 1"),
        (lambda: bernstein_eps(0.1, 1, 0.05), "q must be in"),
        (lambda: bernstein_eps(0.1, 100, 1.0), "beta must lie in (0, 1)"),
        (lambda: bernstein_eps(2.0, 100, 0.1), "var must be"),
        (lambda: exact_influence(BinaryMRF(np.zeros((17, 17)))), "p <= 16"),
    ],
)
def test_bad_input(call, msg):
    with pytest.raises(ValueError) as e:
        call()
    assert msg in str(e.value)
