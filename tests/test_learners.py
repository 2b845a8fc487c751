"""Held-out checks of the SPG/TAY learners (Geng et al. 2018) on seeds the notebooks do not use."""

import warnings
import numpy as np
import pytest
from mrflit.models import geng_network, random_mrf
from mrflit.gibbs import sample_data
from mrflit.spg import SPG, SPGInc, TAY, GENG_SETTINGS
from mrflit.ising_lasso import IsingLasso
from mrflit.baselines import PseudoLikelihood


@pytest.fixture(scope="module")
def data():
    truth = geng_network(10, seed=77)
    return truth, sample_data(truth, 1000, burn_in=1000, seed=77)


def test_tay_certificate_implies_descent_heldout(data):
    truth, X = data
    t = TAY(0.025, n_chains=2000, max_iter=50, seed=3, **GENG_SETTINGS).fit(X, truth=truth).trace_
    obj = np.r_[np.nan, t["objective"]]
    dec = np.diff(obj)[1:]
    cert = t["certified"][1:]
    assert cert.mean() > 0.5
    assert (cert & (dec > 0)).mean() <= 0.1


def test_same_seed_same_theta_and_trace_fields(data):
    truth, X = data
    a = TAY(0.05, n_chains=500, max_iter=8, seed=11).fit(X, truth=truth)
    b = TAY(0.05, n_chains=500, max_iter=8, seed=11).fit(X, truth=truth)
    np.testing.assert_array_equal(a.theta_, b.theta_)
    for k in ("tau", "n_chains", "bound", "grad_map_norm", "seconds", "objective", "auc", "chain_sweeps"):
        assert a.trace_[k].shape == (8,)
    assert np.all(np.diff(a.trace_["seconds"]) >= 0) and np.all(np.diff(a.trace_["chain_sweeps"]) > 0)
    assert a.theta_.shape == (10, 10) and np.allclose(a.theta_, a.theta_.T)


def test_learners_keep_data_domain_and_callers_array(data):
    _, X = data
    Xpm = 2 * X.astype(int) - 1
    keep = Xpm.copy()
    est = SPG(0.05, n_chains=300, tau=3, max_iter=3, seed=0).fit(Xpm)
    assert est.domain_ == "pm1" and est.model_.domain == "pm1"
    np.testing.assert_array_equal(Xpm, keep)


@pytest.mark.parametrize(
    "make,msg",
    [
        (lambda: SPG(-0.1), "lam must be >= 0"),
        (lambda: SPG(0.1, alpha=-1), "alpha must be > 0"),
        (lambda: SPG(0.1, tau=0), "tau must be in"),
        (lambda: TAY(0.1, tau_max=0), "tau_max must be in"),
        (lambda: SPG(0.1, n_chains=1), "n_chains must be in"),
        (lambda: SPG(0.1, restart="sometimes"), "restart must be one of"),
        (lambda: PseudoLikelihood(-1), "lam must be >= 0"),
    ],
)
def test_bad_parameters(make, msg, data):
    _, X = data
    with pytest.raises(ValueError) as e:
        make().fit(X)
    assert msg in str(e.value)


def test_bad_data(data):
    _, X = data
    for bad, msg in [
        (np.c_[X[:, :4], np.zeros(len(X))], "constant columns [4]"),
        (X[:1], "at least 2 rows"),
        (np.where(X == 1, 1, 2), "found [2]"),
        (X.astype(float) * np.nan, "NaN"),
    ]:
        with pytest.raises(ValueError) as e:
            TAY(0.1, max_iter=2).fit(bad)
        assert msg in str(e.value), (msg, str(e.value))


# ---------- convergence at the defaults (issue: fits that converge on real data) ----------
def test_gibbs_fits_same_theta_for_any_thread_count(tmp_path):
    """IsingLasso's Gibbs route (persistent chains, Newton steps, growing q) and SPG give the same θ with 1
    and 2 Numba threads."""
    import os, subprocess, sys, textwrap

    code = textwrap.dedent("""
        import sys, numpy as np
        from mrflit.models import random_mrf
        from mrflit.exact import sample_exact
        from mrflit.spg import SPG
        m = random_mrf(6, 0.6, (0.5, 1.0), (-0.5, 0.5), 'pm1', seed=5)
        X = sample_exact(m, 5000, seed=1)
        from mrflit.ising_lasso import IsingLasso
        spg = SPG(0.02, seed=3, diagnostics=False, max_iter=40).fit(X)
        est = IsingLasso(0.02, solver="mcmc", seed=3).fit(X)
        np.savez(sys.argv[1], theta=est.theta_, q=est.n_chains_, spg=spg.theta_)
    """)
    outs = []
    for nt in ("1", "2"):
        f = tmp_path / f"t{nt}.npz"
        subprocess.run(
            [sys.executable, "-c", code, str(f)], check=True, env={**os.environ, "NUMBA_NUM_THREADS": nt}
        )
        outs.append(np.load(f, allow_pickle=False))
    np.testing.assert_array_equal(outs[0]["theta"], outs[1]["theta"])
    np.testing.assert_array_equal(outs[0]["spg"], outs[1]["spg"])
    assert outs[0]["q"] > 2000  # the run reached the growing-batch phase


def test_convergence_warning_both_ways(data):
    """ConvergenceWarning exactly when converged_ is False: silent on a converged default fit, loud with
    max_iter=2."""
    from sklearn.exceptions import ConvergenceWarning

    _, X = data
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        ok = IsingLasso(0.05, solver="mcmc", seed=0).fit(X)
        bad = TAY(0.05, seed=0, diagnostics=False, max_iter=2).fit(X)
    conv = [x for x in w if issubclass(x.category, ConvergenceWarning)]
    assert ok.converged_ and not bad.converged_ and ok.n_iter_ < 200
    assert len(conv) == 1 and "TAY did not converge" in str(conv[0].message)


def _learners():
    from mrflit.baselines import (
        PseudoLikelihoodPath,
        ELasso,
        GaussianApprox,
        NeighbourhoodLasso,
        Skeptic,
        DiffEstimator,
    )
    from mrflit.fbs import FBS, PG
    from mrflit.fast_mixing import FastMixingML
    from mrflit.mcmc_lasso import MCMCLasso
    from mrflit.partitioned import PartitionedRatio

    return [
        PseudoLikelihood(0.05),
        PseudoLikelihoodPath(n_lambdas=10),
        ELasso(n_lambdas=5),
        GaussianApprox(n_lambdas=5),
        IsingLasso(0.05),
        IsingLasso(0.05, solver="mcmc"),
        SPG(0.05, max_iter=50, seed=0),
        TAY(0.05, max_iter=20, seed=0),
        FBS(0.05, max_iter=20, seed=0),
        PG(0.05, max_iter=20, seed=0),
        FBS(0.05, variant="basic", max_iter=20, seed=0),
        FastMixingML(K=5, M=200, v=60, seed=0),
        MCMCLasso(n_lambdas=10, mcmc_factor=100, ic_factor=200, seed=0),
        PartitionedRatio(([0, 1, 2], [3, 4, 5]), lam=0.05),
        NeighbourhoodLasso(n_alphas=20),
        Skeptic(n_lambdas=10),
        DiffEstimator(([0, 1, 2], [3, 4, 5])),
    ]


@pytest.mark.parametrize("learner", _learners(), ids=lambda l: type(l).__name__)
def test_every_learner_reports_convergence(learner):
    "Every iterative learner sets converged_ and n_iter_, and warns exactly when converged_ is False."
    from sklearn.exceptions import ConvergenceWarning

    m = random_mrf(6, 0.6, (0.5, 1.0), (-0.3, 0.3), "pm1", seed=2)
    from mrflit.exact import sample_exact

    X = sample_exact(m, 400, seed=0)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        learner.fit(X)
    conv = [
        x
        for x in w
        if issubclass(x.category, ConvergenceWarning) and type(learner).__name__ in str(x.message)
    ]
    assert isinstance(learner.converged_, bool) and learner.n_iter_ >= 1
    assert len(conv) == (0 if learner.converged_ else 1)


def test_honorio_learners_warn_with_too_few_iterations_and_not_when_converged():
    """PG with 2 iterations has not reached the (H2) optimum; accelerated PG with exact gradients and enough
    iterations has."""
    from sklearn.exceptions import ConvergenceWarning
    from mrflit.fbs import PG
    from mrflit.exact import sample_exact

    X = sample_exact(random_mrf(6, 0.6, (0.5, 1.0), None, "pm1", seed=2), 400, seed=0)
    with pytest.warns(ConvergenceWarning, match="KKT residual"):
        short = PG(0.05, max_iter=2, sampler="exact").fit(X)
    with warnings.catch_warnings():
        warnings.simplefilter("error", ConvergenceWarning)
        long = PG(0.05, max_iter=3000, accelerated=True, sampler="exact").fit(X)
    assert not short.converged_ and long.converged_ and long.kkt_ < short.kkt_


def test_senate_fixed_step_oscillation_is_reported():
    """The paper's fixed steps on the Senate: α = 0.1 oscillates (missed by the old divergence test), α = 0.4
    oscillates and diverges."""
    from sklearn.exceptions import ConvergenceWarning
    from mrflit.datasets import senate109

    X = senate109("session2").votes
    for alpha in (0.1, 0.4):
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            est = SPG(
                0.1,
                tau=10,
                n_chains=500,
                max_iter=30,
                seed=0,
                diagnostics=False,
                **dict(GENG_SETTINGS, init="zero", alpha=alpha),
            ).fit(X)
        msgs = [str(x.message) for x in w if issubclass(x.category, ConvergenceWarning)]
        assert not est.converged_ and len(msgs) == 1 and "oscillate" in msgs[0], (alpha, msgs)


def test_tay_says_when_no_tau_can_certify(data):
    """Strong coupling: by default TAY runs tau_max sweeps where no τ can certify (the paper has no other
    rule) and says so once; `tau_uncertified` opts in to the coupling estimate; on Geng's 10-node network
    every iteration is certifiable."""
    from mrflit.spg import CertificateWarning
    from mrflit.exact import sample_exact

    strong = random_mrf(7, 0.5, (0.5, 1.2), (-0.6, 0.6), "pm1", seed=0)
    X = ((sample_exact(strong, 20_000, seed=0) + 1) // 2).astype(np.int8)
    kw = dict(seed=0, diagnostics=False, max_iter=40, tau_max=30)
    with pytest.warns(CertificateWarning, match="no τ <= tau_max could"):
        est = TAY(0.01, **kw).fit(X)
    never = ~est.trace_["certifiable"]
    rule = est.trace_["tau_rule"]
    assert never.any() and set(rule[never]) == {"tau_max"} and set(rule[~never]) == {"certified"}
    assert np.all(est.trace_["tau"][never] == 30) and np.isnan(est.trace_["estimated_bound"]).all()
    with pytest.warns(CertificateWarning, match="coupling estimate"):
        opt = TAY(0.01, tau_uncertified=10, **kw).fit(X)
    never = ~opt.trace_["certifiable"]
    rule = opt.trace_["tau_rule"]
    assert never.any() and set(rule[never]) <= {"estimated", "capped"} and set(rule[~never]) == {"certified"}
    assert np.all(opt.trace_["tau"][rule == "capped"] == 10) and np.all(opt.trace_["tau"][never] <= 10)
    # the coupling estimate is recorded beside the bound
    assert not np.isnan(opt.trace_["estimated_bound"][never]).any()
    assert np.isnan(opt.trace_["estimated_bound"][~never]).all()
    _, Xw = data
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        weak = TAY(0.025, n_chains=2000, max_iter=30, seed=3, diagnostics=False, **GENG_SETTINGS).fit(Xw)
    assert weak.trace_["certifiable"].all() and set(weak.trace_["tau_rule"]) == {"certified"}
    assert not any(issubclass(w.category, CertificateWarning) for w in caught)  # nothing to say


def test_monte_carlo_residuals_above_16_variables_match_exact():
    """FBS's KKT residual and FastMixingML's gradient mapping for N > 16 come from 20,000 fresh Gibbs draws:
    they agree with exact enumeration (N = 18) within their stated allowance 3/√S."""
    from mrflit.fbs import FBS, kkt_violation
    from mrflit.fast_mixing import FastMixingML
    from mrflit.exact import sample_exact, moments
    from mrflit.models import to_matrix
    from mrflit.prox import project_box

    m = random_mrf(18, 0.2, (0.2, 0.5), (-0.2, 0.2), "pm1", seed=3)
    X = sample_exact(m, 300, seed=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fb = FBS(0.05, max_iter=15, seed=0).fit(X)
        fm = FastMixingML(K=10, M=300, v=200, seed=0).fit(X)
    exact_kkt = kkt_violation(X, 0.05, fb.W_, fb.b_)
    assert exact_kkt > 0.01  # 15 paper steps are not converged: a residual worth estimating
    assert abs(fb.kkt_ - exact_kkt) <= 3 / np.sqrt(20_000)
    I, J = fm.pairs_[:, 0], fm.pairs_[:, 1]
    th = fm.theta_[I, J]
    Et = to_matrix(moments(fm.model_), 18)[I, J]
    tbar = np.mean(X[:, I].astype(float) * X[:, J], axis=0)
    exact_map = np.abs(10.0 * (th - project_box(th - (Et - tbar + th) / 10.0, 0.2))).max()
    assert exact_map > 0.01
    assert abs(fm.grad_map_ - exact_map) <= 3 / np.sqrt(20_000)


def test_verdicts_on_strong_coupling_against_exact_optima():
    """On strongly coupled ±1 data (couplings 0.6–1.0, i.e. 2.5–4 in the 0/1 coding) `converged_` agrees with
    the exact optimum of each learner's own problem, both ways: PG (Honorio's (H2)) after 20 and 300
    accelerated steps, MCMC-Lasso at the paper's m = 10³d and with `refine=True` (eq. (7) with fields, at
    BIC's λ), FastMixingML after 3 iterations and at its defaults (Domke's objective on the box), and
    PartitionedRatio after 3 FISTA iterations and at its defaults (Gaussian links, its group KKT residual).
    IsingLasso and SPG/TAY: 07a and 08."""
    from sklearn.exceptions import ConvergenceWarning
    from mrflit.models import BinaryMRF, stat_index
    from mrflit.exact import sample_exact
    from mrflit.fbs import PG, exact_optimum, _exact_problem
    from mrflit.mcmc_lasso import MCMCLasso

    t = np.zeros((5, 5))
    for i, j, w in [(0, 1, 0.75), (1, 2, -0.875), (2, 3, 1.0), (3, 4, 0.75), (0, 4, -0.625)]:
        t[i, j] = t[j, i] = w
    np.fill_diagonal(t, [0.3, -0.2, 0.1, 0.0, -0.3])
    X = sample_exact(BinaryMRF(t, "pm1"), 5000, seed=0)
    h, _ = _exact_problem(X, 0.02, None)
    f_star = exact_optimum(X, 0.02)["objective"]
    for K, expect in ((20, False), (300, True)):
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            pg = PG(0.02, accelerated=True, sampler="exact", max_iter=K, diagnostics=False).fit(X)
        gap = h.objective(pg.W_, pg.b_) - f_star
        n_warn = sum(issubclass(x.category, ConvergenceWarning) for x in w)
        assert pg.converged_ == expect and n_warn == (0 if expect else 1), (K, pg.converged_, gap)
        assert (0 <= gap <= 1e-6) if expect else (gap > 1e-4), (K, gap)
    I, J = stat_index(5)
    for kw, expect in ((dict(), False), (dict(refine=True, start="data"), True)):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            ml = MCMCLasso(external_field=True, lambdas=0.02 * np.geomspace(10, 1, 8), seed=0, **kw).fit(X)
        at = IsingLasso(ml.lambda_, solver="exact").fit(X)
        gap = at.solver_.objective(ml.theta_lasso_[I, J]) - at.solver_.objective(at.theta_[I, J])
        assert ml.converged_ == expect, (kw, gap, ml.mc_gap_)
        # converged: within the tolerance max(1e-3, 1 % of |A|/2n) = 1e-3 here; not: well above it
        assert (0 <= gap <= 1e-3) if expect else (gap > 2e-3), (kw, gap)
    # FastMixingML: Domke's objective (ridge λ = 1) over the box |θ| <= 0.2, against its exact projected
    # optimum
    from mrflit.fast_mixing import FastMixingML
    from mrflit.exact import log_partition

    iu = np.triu_indices(5, 1)
    tbar = (X.T.astype(float) @ X / len(X))[iu]
    domke = lambda th: -th[iu] @ tbar + log_partition(BinaryMRF(th, "pm1")) + 0.5 * np.sum(th[iu] ** 2)
    star = FastMixingML(gradient="exact", K=3000).fit(X)
    for kw, expect in ((dict(max_iter=3), False), (dict(), True)):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            fm = FastMixingML(seed=0, **kw).fit(X)
        gap = domke(fm.theta_) - domke(star.theta_)
        assert star.converged_ and fm.converged_ == expect, (kw, gap)
        assert (-1e-12 <= gap <= 1e-3) if expect else (gap > 1e-2), (kw, gap)
    # PartitionedRatio: strongly linked Gaussian groups; its objective is deterministic, so the group-lasso
    # KKT
    # residual measures the distance to its exact optimum
    from mrflit.partitioned import PartitionedRatio, group_kkt_violation

    Theta = np.eye(6) * 2.0
    for u, v in [(0, 3), (1, 4), (2, 5)]:
        Theta[u, v] = Theta[v, u] = 0.9
    Xg = np.random.default_rng(1).multivariate_normal(np.zeros(6), np.linalg.inv(Theta), size=300)
    for kw, expect in ((dict(max_iter=3), False), (dict(), True)):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            pr = PartitionedRatio(([0, 1, 2], [3, 4, 5]), lam=0.02, **kw).fit(Xg)
        d = pr.design_
        v = np.concatenate([pr.pair_coef_[a, b] for a, b, _ in d.pairs])
        kkt = group_kkt_violation(pr.grad_, v, d.starts, 0.02, pr.group_weights_)
        assert pr.converged_ == expect and ((kkt <= 1e-4) if expect else (kkt > 1e-2)), (kw, kkt)


def test_fitted_learners_keep_few_private_attributes():
    """A fitted learner holds its parameters, its fitted `name_` attributes and at most a handful of private
    fields (issue 58: at most 6): an iterative learner's state lives in one documented object (`_state`:
    `SPGSolver`, `HonorioState`), the fit's trace and clock in another (`_run`: `base.FitRun`)."""
    from mrflit.fbs import FBS, PG
    from mrflit.mcmc_lasso import MCMCLasso
    from mrflit.fast_mixing import FastMixingML
    from mrflit.baselines import ELasso
    from mrflit.discrete import DiscreteLasso
    from mrflit.discrete_tay import DiscreteTAY
    from mrflit.exact import sample_exact

    X = sample_exact(random_mrf(6, seed=0), 300, seed=1)
    C = np.random.default_rng(2).integers(0, 3, size=(300, 4))
    learners = [
        (IsingLasso(0.05), X),
        (IsingLasso(0.05, solver="mcmc", seed=0), X),
        (SPG(0.05, seed=0, max_iter=5), X),
        (SPGInc(0.05, seed=0, max_iter=5), X),
        (TAY(0.05, seed=0, max_iter=5), X),
        (FBS(0.05, seed=0, max_iter=5), X),
        (PG(0.05, seed=0, max_iter=5), X),
        (MCMCLasso(seed=0, n_lambdas=3, mcmc_factor=20, ic_factor=40), X),
        (FastMixingML(seed=0, max_iter=5), X),
        (PseudoLikelihood(0.05), X),
        (ELasso(), X),
        (DiscreteLasso(0.05), C),
        (DiscreteTAY(0.05, max_iter=5), C),
    ]
    counts = {}
    with warnings.catch_warnings():
        # stopped at a small max_iter on purpose: the attributes, not the fit, are under test
        warnings.simplefilter("ignore")
        for est, data in learners:
            est.fit(data)
            counts[type(est).__name__] = sorted(k for k in vars(est) if k.startswith("_"))
    assert all(len(v) <= 6 for v in counts.values()), counts
    assert counts["TAY"] == ["_run", "_solver"] and counts["FBS"] == ["_run", "_state"], counts
