"""mrflit's learners as scikit-learn estimators: parameters, clone, GridSearchCV, pipelines, score, and
sklearn's own checks."""

import warnings
import numpy as np
import pytest
from sklearn.base import clone
from sklearn.exceptions import ConvergenceWarning
from sklearn.model_selection import GridSearchCV
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import Binarizer
from sklearn.utils.estimator_checks import check_estimator
from mrflit.models import geng_network, BinaryMRF
from mrflit.gibbs import sample_data
from mrflit.exact import sample_exact
from mrflit.base import pseudo_likelihood, expected_failed_checks
from mrflit.spg import SPG, SPGInc, TAY, CertificateWarning
from mrflit.baselines import (
    PseudoLikelihood,
    PseudoLikelihoodPath,
    ELasso,
    GaussianApprox,
    NeighbourhoodLasso,
    Skeptic,
    DiffEstimator,
)
from mrflit.mcmc_lasso import MCMCLasso
from mrflit.ising_lasso import IsingLasso
from mrflit.fbs import FBS, PG
from mrflit.fast_mixing import FastMixingML
from mrflit.partitioned import PartitionedRatio
from mrflit.discrete import DiscreteLasso
from mrflit.discrete_tay import DiscreteTAY
from mrflit.potts import PottsLasso

LEARNERS = [
    IsingLasso(0.05),
    SPG(0.05),
    SPGInc(0.05, tau_max=20),
    TAY(0.05, tau_max=50),
    PseudoLikelihood(0.05),
    PseudoLikelihoodPath(),
    ELasso(),
    GaussianApprox(),
    NeighbourhoodLasso(),
    Skeptic(),
    DiffEstimator(([0, 1], [2, 3])),
    MCMCLasso(n_lambdas=10),
    FBS(0.1),
    PG(0.1),
    FastMixingML(),
    PartitionedRatio(([0, 1], [2, 3])),
    DiscreteLasso(0.05),
    DiscreteTAY(0.05, max_iter=20),
    PottsLasso(0.05, max_iter=20),
]
ids = [type(e).__name__ for e in LEARNERS]

API_CHECKS = {
    "check_no_attributes_set_in_init",
    "check_get_params_invariance",
    "check_set_params",
    "check_estimator_cloneable",
    "check_estimator_repr",
    "check_parameters_default_constructible",
    "check_do_not_raise_errors_in_init_or_set_params",
    "check_estimators_unfitted",
}


@pytest.mark.parametrize("est", LEARNERS, ids=ids)
def test_parameters_clone_and_repr(est):
    """get_params returns every __init__ argument as given; clone copies them; set_params changes one; repr
    names the class."""
    params = est.get_params()
    twin = clone(est)
    assert type(twin) is type(est) and twin.get_params() == params and twin is not est
    key = next(k for k in ("lam", "rho", "n_lambdas", "max_iter", "n_alphas") if k in params)
    twin.set_params(**{key: 3})
    assert twin.get_params()[key] == 3 and est.get_params()[key] == params[key]
    assert repr(est).startswith(type(est).__name__ + "(")


@pytest.mark.parametrize("est", LEARNERS, ids=ids)
def test_scikit_learn_checks(est):
    """Every check of sklearn.utils.estimator_checks passes except those `expected_failed_checks` lists with
    their reasons, and each listed one does fail (the list is exact, not a blanket exemption)."""
    expected = expected_failed_checks(est)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        results = check_estimator(est, expected_failed_checks=expected, on_fail=None, on_skip=None)
    status = {r["check_name"]: r["status"] for r in results}
    failed = {r["check_name"]: str(r["exception"])[:200] for r in results if r["status"] == "failed"}
    assert failed == {}
    assert {c for c, s in status.items() if s == "xfail"} == set(expected)
    assert API_CHECKS <= {c for c, s in status.items() if s == "passed"}
    # the refusals scikit-learn's users know: sparse, complex, too few rows or columns
    for check in ("check_estimator_sparse_array", "check_complex_data", "check_fit2d_1sample"):
        assert status[check] == "passed"


def test_learners_refuse_sparse_input_and_read_text_columns():
    """A sparse matrix is refused with the way out; a DataFrame's yes/no text column is recoded as the
    command line recodes it (no → 0, yes → 1, noted in trace_), and the fit equals the fit of the 0/1
    table."""
    import scipy.sparse

    pd = pytest.importorskip("pandas")
    X = sample_exact(geng_network(4, seed=0), 400, seed=0)
    with pytest.raises(TypeError, match=r"sparse csr_matrix: mrflit takes dense data; pass X.toarray\(\)"):
        PseudoLikelihood(0.01).fit(scipy.sparse.csr_matrix(X))
    df = pd.DataFrame(X, columns=list("abcd")).assign(d=np.where(X[:, 3] > 0, "yes", "no"))
    est = PseudoLikelihood(0.01).fit(df)
    np.testing.assert_array_equal(est.theta_, PseudoLikelihood(0.01).fit(X).theta_)
    assert est.trace_.notes == ("column 'd': 'no' → 0, 'yes' → 1",)
    assert est.names_ == list("abcd") and df["d"].iloc[0] in ("yes", "no")
    # a text column that is not a yes/no answer is refused unless binarize names it
    other = df.assign(d=np.where(X[:, 3] > 0, "Remote", "Not remote"))
    with pytest.raises(ValueError, match="column 'd' holds text"):
        PseudoLikelihood(0.01).fit(other)
    ordinal = pd.DataFrame(np.random.default_rng(0).integers(1, 7, (50, 3)), columns=["n1", "n2", "n3"])
    with pytest.raises(ValueError, match=r"column 'n1': .*column 'n3': .*binarize\(X, 'median'\)"):
        PseudoLikelihood(0.01).fit(ordinal)


@pytest.fixture(scope="module")
def geng6():
    truth = geng_network(6, seed=2)
    return truth, sample_data(truth, 1500, burn_in=500, seed=2)


def test_grid_search_chooses_lambda_for_tay(geng6):
    """GridSearchCV(TAY(...), {'lam': [...]}) cross-validates the pseudo-likelihood score, refits, and avoids
    the empty model."""
    truth, X = geng6
    grid = {"lam": [0.005, 0.02, 0.5]}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", (ConvergenceWarning, CertificateWarning))
        search = GridSearchCV(TAY(0.1, n_chains=1000, max_iter=60, seed=0), grid, cv=3).fit(X)
    scores = search.cv_results_["mean_test_score"]
    assert search.best_params_["lam"] in (
        0.005,
        0.02,
    )  # λ = 0.5 zeroes every coupling: the worst held-out score
    assert scores[2] < min(scores[:2])
    assert (
        search.best_estimator_.theta_.shape == (6, 6)
        and search.best_estimator_.lam == search.best_params_["lam"]
    )


def test_pipeline_binarizes_then_fits():
    """A Pipeline can binarize continuous measurements and hand them to a learner; fit, score and the fitted
    model work."""
    truth = BinaryMRF(geng_network(5, seed=1).theta, "01")
    Z = sample_exact(truth, 800, seed=0) + np.random.default_rng(0).normal(
        0, 0.2, (800, 5)
    )  # noisy 0/1 readings
    pipe = Pipeline([("binarize", Binarizer(threshold=0.5)), ("pl", PseudoLikelihood(0.01))]).fit(Z)
    est = pipe.named_steps["pl"]
    assert est.theta_.shape == (5, 5) and np.isfinite(pipe.score(Z))
    assert (
        np.sign(est.theta_[np.abs(truth.theta) > 1]).tolist()
        == np.sign(truth.theta[np.abs(truth.theta) > 1]).tolist()
    )


def test_score_is_the_pseudo_likelihood_the_fit_maximises():
    """score(X) is the mean log pseudo-likelihood: an unpenalised pseudo-likelihood fit scores at least as
    well on its own data as the true model (it maximises that objective) and better than the empty model; the
    other coding of the same rows scores the same; non-binary rows are refused."""
    truth = geng_network(6, seed=4)
    X = sample_exact(truth, 3000, seed=1)
    est = PseudoLikelihood(0.0).fit(X)
    true_score = -pseudo_likelihood(truth.theta, X, "01")[0]
    empty_score = -pseudo_likelihood(np.zeros((6, 6)), X, "01")[0]
    assert est.score(X) >= true_score - 1e-9 > empty_score
    assert -6 * np.log(2) <= est.score(X) < 0  # a mean log-probability of 6 binary conditionals
    pm = 2 * X.astype(int) - 1  # the same states in the other coding: the same pseudo-likelihood
    assert abs(est.score(pm) - est.score(X)) < 1e-12
    with pytest.raises(ValueError, match="found"):
        est.score(np.where(X > 0, 2, 0))
    with pytest.raises(ValueError, match="not fitted"):
        PseudoLikelihood(0.1).score(X)


def test_dataframe_column_names_reach_the_graph():
    "A DataFrame's column names become names_ and the nodes of graph_."
    pd = pytest.importorskip("pandas")
    truth = geng_network(4, seed=0)
    X = pd.DataFrame(sample_exact(truth, 500, seed=0), columns=["a", "b", "c", "d"])
    est = PseudoLikelihood(0.01).fit(X)
    assert est.names_ == ["a", "b", "c", "d"] and set(est.graph_.nodes) <= {"a", "b", "c", "d"}


@pytest.mark.parametrize(
    # few iterations: the rule's choice must equal select_lambda's, converged or not (each is 2 × 12 fits)
    "make",
    [lambda: TAY("ebic", n_chains=500, max_iter=15, seed=0), lambda: FBS("bic", max_iter=60, seed=0)],
)
def test_a_lambda_rule_in_place_of_lambda(geng6, make):
    """lam='ebic' / rho='bic': fit chooses λ on the path (the same choice select_lambda makes), keeps the rule
    as the parameter, and FBS fits 0/1 data as the ±1 model it is, saying so."""
    from mrflit.select import select_lambda

    truth, X = geng6
    est = make()
    key = "lam" if "lam" in est.get_params() else "rho"
    rule = est.get_params()[key]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", (ConvergenceWarning, CertificateWarning))
        est.fit(X)
        direct = select_lambda(
            clone(est).set_params(**{key: 1.0}), X, **({"gamma": 0.0} if rule == "bic" else {})
        )
    assert est.get_params()[key] == rule and clone(est).get_params()[key] == rule
    assert est.lambda_ == direct.lambda_ and len(est.lambda_path_) == 12
    np.testing.assert_array_equal(est.theta_, direct.theta_)
    if isinstance(est, FBS):
        assert est.domain_ == "pm1" and "from 0/1 to ±1" in est.trace_.notes[0]
    with pytest.raises(ValueError, match="one of"):
        clone(est).set_params(**{key: "aic"}).fit(X)


def test_learners_of_real_valued_data_refuse_a_lambda_rule(geng6):
    """EBIC and cross-validation score a binary pseudo-likelihood: the partitioned ratio and Diff take numbers
    only."""
    _, X = geng6
    for est in [
        PartitionedRatio(([0, 1, 2], [3, 4, 5]), lam="ebic"),
        DiffEstimator(([0, 1, 2], [3, 4, 5]), lam="cv"),
    ]:
        with pytest.raises(ValueError, match="takes a number for lam, not a rule"):
            est.fit(X)
