"""Held-out checks of MCMC-Lasso and the baselines (Miasojedow & Rejchel 2018) on seeds the notebooks do not
use."""

import warnings
import numpy as np
import pytest
from sklearn.exceptions import ConvergenceWarning
from mrflit.models import miasojedow_m2, random_mrf, BinaryMRF
from mrflit.gibbs import sample_data
from mrflit.exact import log_partition
from mrflit.mcmc_lasso import MCMCLasso, ChainSample
from mrflit.baselines import ELasso, GaussianApprox, PseudoLikelihoodPath
from mrflit.metrics import roc_auc


def test_objective_converges_to_exact_heldout():
    truth = random_mrf(9, 0.4, (0.2, 0.7), (-0.2, 0.2), "pm1", seed=41)
    psi = BinaryMRF(truth.theta * 0.7, "pm1")
    exact = log_partition(truth) - log_partition(psi)
    err = lambda m: np.median(
        [abs(ChainSample(psi, m, seed=100 + s).log_mean_exp(truth.theta) - exact) for s in range(6)]
    )
    e_small, e_big = err(2000), err(80000)
    assert e_big < e_small / 2.5 and e_big < 0.02


def test_m2_recovery_and_shapes():
    truth = miasojedow_m2(20, seed=7)
    X = sample_data(truth, 80, burn_in=2000, seed=7)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        est = MCMCLasso(n_lambdas=40, seed=1).fit(X, truth=truth)
    assert roc_auc(est.theta_lasso_, truth) > 0.9
    assert (
        est.theta_.shape == (20, 20)
        and np.allclose(est.theta_, est.theta_.T)
        and np.all(np.diag(est.theta_) == 0)
    )
    assert len(est.bic_) == len(est.lambdas_) == est.path_.shape[0] and est.threshold_ in est.thresholds_


@pytest.mark.parametrize("Est", [ELasso, GaussianApprox, PseudoLikelihoodPath])
def test_baselines_same_attributes_and_errors(Est):
    truth = miasojedow_m2(20, seed=8)
    X = sample_data(truth, 60, burn_in=1000, seed=8)
    e = Est().fit(X)
    assert e.theta_.shape == (20, 20) and e.graph_.number_of_nodes() == 20
    with pytest.raises(ValueError, match="constant columns"):
        Est().fit(np.c_[X[:, :5], np.ones((60, 1), int)])
    with pytest.raises(ValueError, match="found"):
        Est().fit(np.where(X > 0, 2, -1))


def test_mcmc_lasso_converts_01_data():
    X = sample_data(miasojedow_m2(20, seed=1), 30, burn_in=100, seed=1)
    pm = MCMCLasso(n_lambdas=5, seed=0).fit(X)
    zo = MCMCLasso(n_lambdas=5, seed=0).fit((X + 1) // 2)
    np.testing.assert_array_equal(zo.theta_, pm.theta_)
    assert zo.domain_ == "pm1" and "from 0/1 to ±1" in zo.trace_.notes[0]
    # the ±1 fit has no conversion note; the other notes (degenerate λ) are the same
    assert not any("converted" in n for n in pm.trace_.notes) and pm.trace_.notes == zo.trace_.notes[1:]
