"""Held-out checks of the partitioned-ratio estimator (Liu et al. 2016)."""

import numpy as np
import pytest
from mrflit.partitioned import (
    PartitionedRatio,
    encode_variables,
    group_kkt_violation,
    mlmi_objective,
    separable_design,
)
from mrflit.metrics import roc_auc


def _gauss(seed, n=200):
    rng = np.random.default_rng(seed)
    p1, p2 = 5, 5
    p = 10
    T = np.eye(p) * 2.0
    for u, v in [(1, 6), (3, 8)]:
        T[u, v] = T[v, u] = 0.8
    for u in range(4):
        T[u, u + 1] = T[u + 1, u] = 0.6
    return rng.multivariate_normal(np.zeros(p), np.linalg.inv(T), size=n), T


def test_entry_lambda_ranks_true_passages_first():
    X, T = _gauss(11)
    pr = PartitionedRatio((range(5), range(5, 10)), target=2).fit(X)
    cross_truth = (T[:5, 5:] != 0).astype(float)
    scores = pr.entry_lambda_
    assert scores[cross_truth == 1].min() > scores[cross_truth == 0].max()


def test_objective_matches_direct_sum_heldout():
    "Cross pairs, product features: ℓ against a plain loop over the permuted samples."
    rng = np.random.default_rng(5)
    X = rng.normal(size=(9, 5))
    Th = rng.normal(size=(2, 3)) * 0.4
    phi, comps, _ = encode_variables(X, "product")
    design = separable_design(phi, comps, np.arange(2), np.arange(2, 5), pairs="cross")
    v, _, _ = mlmi_objective(Th.ravel(), design)
    vals = [np.sum(Th * np.outer(X[j, :2], X[k, 2:])) for j in range(9) for k in range(9) if j != k]
    data = np.mean([np.sum(Th * np.outer(X[i, :2], X[i, 2:])) for i in range(9)])
    assert np.isclose(v, -data + np.log(np.mean(np.exp(vals))))


def test_diagonal_terms_by_hand():
    "All pairs, one variable per group: θ = (θ₀₁, θ₀₀, θ₁₁) against the direct sum written out."
    rng = np.random.default_rng(6)
    X = rng.normal(size=(7, 2))
    t = np.array([0.3, -0.2, 0.1])
    phi, comps, _ = encode_variables(X, "product")
    design = separable_design(phi, comps, np.array([0]), np.array([1]))
    assert design.pairs == [(0, 1, "cross"), (0, 0, "diag"), (1, 1, "diag")]
    e = lambda a, b: t[0] * a * b + t[1] * a**2 + t[2] * b**2
    vals = [e(X[j, 0], X[k, 1]) for j in range(7) for k in range(7) if j != k]
    want = -np.mean(e(X[:, 0], X[:, 1])) + np.log(np.mean(np.exp(vals)))
    assert np.isclose(mlmi_objective(t, design)[0], want)


def test_callers_array_untouched_and_theta_symmetric():
    X, _ = _gauss(3, 80)
    keep = X.copy()
    pr = PartitionedRatio(([0, 1, 2, 3, 4], [5, 6, 7, 8, 9]), lam=0.05).fit(X)
    np.testing.assert_array_equal(X, keep)
    assert np.allclose(pr.theta_, pr.theta_.T)
    pc = PartitionedRatio(([0, 1, 2, 3, 4], [5, 6, 7, 8, 9]), lam=0.05, pairs="cross").fit(X)
    assert np.all(pc.theta_[:5, :5] == 0) and np.all(pc.theta_[5:, 5:] == 0)


def test_group_kkt_vector_features():
    "product+square (b = 2): the group KKT conditions hold at the fitted λ."
    X, _ = _gauss(8, 150)
    pr = PartitionedRatio(
        (range(5), range(5, 10)), features="product+square", lam=0.03, tol=1e-10, max_iter=5000
    )
    pr.fit(X)
    v = np.concatenate(list(pr.pair_coef_.values()))
    assert group_kkt_violation(pr.grad_, v, pr.design_.starts, 0.03, pr.group_weights_) < 1e-5
    assert any(np.count_nonzero(c) == 2 for c in pr.pair_coef_.values())


@pytest.mark.parametrize(
    "column,msg",
    [
        ([0, 1, 2, 0.5, 1, 2], "integer-coded"),
        ([0, 1, 1, 0, 1, 7], "level 7 is seen 1 time"),
        ([3, 3, 3, 3, 3, 3], "constant columns"),
    ],
)
def test_bad_categorical_column(column, msg):
    X = np.c_[[0, 1, 2, 0, 1, 2], [1, 0, 2, 2, 1, 0], column]
    with pytest.raises(ValueError, match=msg):
        PartitionedRatio(([0], [1, 2]), features="onehot", lam=0.1).fit(X, names=["a", "b", "c"])


@pytest.mark.parametrize(
    "groups,msg",
    [
        (([0, 1], [1, 2]), "overlap"),
        (([0], [1]), "miss variables"),
        (([], [0, 1, 2]), "non-empty"),
        (([0, 1, 2],), "must be a pair"),
    ],
)
def test_bad_groups(groups, msg):
    X, _ = _gauss(0, 20)
    with pytest.raises(ValueError, match=msg):
        PartitionedRatio(groups).fit(X[:, :3])


def test_liu_baselines_rank_planted_pairs():
    from mrflit.baselines import NeighbourhoodLasso, Skeptic, DiffEstimator

    X, T = _gauss(21, 300)
    truth = T[:5, 5:] != 0
    for est in [
        NeighbourhoodLasso().fit(X),
        Skeptic().fit(X),
        DiffEstimator((range(5), range(5, 10))).fit(X),
    ]:
        s = est.entry_lambda_[:5, 5:]
        assert s[truth].min() > s[~truth].max(), type(est).__name__


def test_diff_lp_exact_on_population():
    from mrflit.baselines import diff_lp

    rng = np.random.default_rng(9)
    A = rng.normal(size=(5, 5))
    TX = A @ A.T / 5 + np.eye(5)
    TY = TX.copy()
    TY[1, 3] = TY[3, 1] = TX[1, 3] - 0.4
    np.testing.assert_allclose(diff_lp(np.linalg.inv(TX), np.linalg.inv(TY), 1e-10), TY - TX, atol=1e-5)


def test_feature_function_with_sampled_pairs_reports_its_error():
    "A user feature function on sampled pairs: the same fit and standard error as the built-in feature."
    X, _ = _gauss(4, 120)
    kw = dict(lam=0.05, n_pairs=2000, random_state=1)
    pu = PartitionedRatio((range(5), range(5, 10)), features=lambda a, b: a * b, **kw).fit(X)
    pb = PartitionedRatio((range(5), range(5, 10)), **kw).fit(X)
    assert not pu.complete_ and pu.normaliser_se_ > 0
    np.testing.assert_allclose(pu.normaliser_se_, pb.normaliser_se_, rtol=1e-8)
    np.testing.assert_allclose(pu.theta_, pb.theta_, atol=1e-5)
