"""Hostile inputs: damaged model files, and a table of bad arguments for the public surface. Every outcome
must be a success or a ValueError/TypeError raised by mrflit itself (not by NumPy, Numba or the zip module),
and the caller's arrays must be left unchanged."""

import json
import os
import subprocess
import sys
import time
import traceback
from pathlib import Path
import numpy as np
import pytest
from hypothesis import given, settings, HealthCheck, strategies as st
from hypothesis.extra import numpy as hnp
from mrflit.models import BinaryMRF, geng_network
from mrflit.datasets import save_model, load_model


def _mutations(data: bytes, rng, n: int):
    "n damaged copies of `data`: flipped bytes, truncation, insertion, a zeroed range, a repeated chunk."
    for k in range(n):
        b = bytearray(data)
        kind = k % 5
        if kind == 0:
            for i in rng.integers(0, len(b), rng.integers(1, 9)):
                b[i] ^= 1 << int(rng.integers(0, 8))
        elif kind == 1:
            b = b[: int(rng.integers(0, len(b)))]
        elif kind == 2:
            i = int(rng.integers(0, len(b)))
            b[i:i] = rng.integers(0, 256, int(rng.integers(1, 64)), dtype=np.uint8).tobytes()
        elif kind == 3:
            i = int(rng.integers(0, len(b)))
            b[i : i + int(rng.integers(1, 200))] = bytes(min(200, len(b) - i))
        else:
            i, j = sorted(rng.integers(0, len(b), 2).tolist())
            b[j:j] = b[i:j]
        yield kind, bytes(b)


def test_damaged_model_files_are_refused_with_one_message(tmp_path, report):
    "300 damaged copies of a model file: each loads (the damage missed the data) or is one clear ValueError."
    model = geng_network(6, seed=1)
    save_model(model, tmp_path / "m.npz", names=list("abcdef"))
    data = (tmp_path / "m.npz").read_bytes()
    counts = {"loaded": 0, "refused": 0}
    for kind, damaged in _mutations(data, np.random.default_rng(0), 300):
        path = tmp_path / "d.npz"
        path.write_bytes(damaged)
        try:
            m, names = load_model(path)
        except ValueError as e:
            assert str(e).startswith("not an mrflit model file"), (kind, str(e))
            counts["refused"] += 1
        else:
            assert isinstance(m, BinaryMRF) and m.p == 6, kind
            assert m == model and names == list("abcdef")  # a file that loads holds the saved model
            counts["loaded"] += 1
    empty = tmp_path / "empty.npz"
    empty.write_bytes(b"")
    with pytest.raises(ValueError, match="not an mrflit model file"):
        load_model(empty)
    report(f"damaged model files: 300 tried, {counts}")
    assert counts["refused"] >= 250


MRFLIT_DIR = str(Path(__import__("mrflit").__file__).parent)


def _hostile_values():
    "Hostile values by kind: every one of them must be refused with a clear error."
    rng = np.random.default_rng(0)
    X = rng.integers(0, 2, (50, 4))
    Xf = X.astype(float)
    nan_X, inf_X = Xf.copy(), Xf.copy()
    nan_X[0, 0] = np.nan
    inf_X[0, 0] = np.inf
    theta = geng_network(4, seed=0).theta
    asym = theta.copy()
    asym[0, 1] += 1
    nan_t = theta.copy()
    nan_t[1, 1] = np.nan
    return {
        "X": {
            "NaN": nan_X,
            "inf": inf_X,
            "a 2": np.where(X == 1, 2, 0),
            "1/2 coding": X + 1,
            "ternary": X - (rng.random(X.shape) < 0.2),
            # two-valued text is read as the command line reads it, and numbers in an object array as
            # numbers (scikit-learn's rule): three-valued text and an object that is no number are refused
            "text of 3 values": np.array(["no", "yes", "maybe"])[X + (rng.random(X.shape) < 0.2)],
            "objects with a dict": _with_dict(X),
            "no rows": np.zeros((0, 4), int),
            "1-D": X[0],
            "3-D": X[None],
            "masked": np.ma.masked_array(X, mask=rng.random(X.shape) < 0.1),
            "None": None,
            "a scalar": 1,
            "ragged": [[0, 1], [1]],
            "3 columns": X[:, :3],
        },
        "theta": {
            "NaN": nan_t,
            "asymmetric": asym,
            "not square": np.zeros((4, 3)),
            "1-D": np.zeros(4),
            "strings": theta.astype(str),
            "1e300": theta * 1e300,
            "3 variables": theta[:3, :3],
            "None": None,
        },
        "count": {"-1": -1, "0": 0, "2.5": 2.5, "True": True, "'3'": "3", "None": None, "NaN": np.nan},
        "huge count": {"10**9": 10**9, "10**12": 10**12},
        "positive": {"NaN": np.nan, "inf": np.inf, "-1": -1.0, "'x'": "x", "None": None},
        "seed": {"-1": -1, "'x'": "x", "2.5": 2.5, "[]": []},
        "names": {
            "2 names": ["a", "b"],
            "duplicates": ["a", "a", "b", "c"],
            "NUL": ["a", "b", "c", "d\x00"],
            "3": 3,
        },
        "model": {"None": None, "'x'": "x", "a list": [[0.0]]},
        "domain": {"'ising'": "ising", "None": None, "1": 1},
        "choice": {"'nonsense'": "nonsense", "None": None, "3": 3},
        "taus": {"[-1]": [-1], "[2.5]": [2.5], "['a']": ["a"], "[]": [], "None": None, "[NaN]": [np.nan]},
        "state": {"3 values": [0, 1, 0], "a 2": [0, 1, 2, 0], "NaN": [0, np.nan, 1, 0], "None": None},
        "vector": {"NaN": np.array([0.5, np.nan]), "strings": np.array(["a", "b"]), "None": None},
        "index": {"-1": -1, "4": 4, "2.5": 2.5, "True": True, "None": None},
        "probabilities": {
            "NaN": np.full(4, np.nan),
            "negative": np.array([0.5, -0.1, 0.3, 0.3]),
            "None": None,
        },
    }


def _targets():
    "(label, callable, a good call's keyword arguments, {argument: hostile kind})."
    from mrflit import models, core, exact, gibbs, base, metrics, dobrushin, stability, select
    from mrflit.baselines import PseudoLikelihood
    from mrflit.spg import TAY
    from mrflit.fbs import FBS

    m = geng_network(4, seed=0)
    X = np.random.default_rng(1).integers(0, 2, (60, 4))
    X[:2] = [[0, 0, 0, 0], [1, 1, 1, 1]]  # no constant column
    th = m.theta
    pl = lambda X, lam=0.1, names=None: PseudoLikelihood(lam).fit(X, names=names)
    tay = lambda X, n_chains=50, lam=0.1: TAY(lam, n_chains=n_chains, max_iter=3, diagnostics=False).fit(X)
    fbs = lambda X, rho=0.1, max_iter=2: FBS(rho, max_iter=max_iter, seed=0, diagnostics=False).fit(X)
    boot = lambda X, n_boot=3: stability.bootstrap(PseudoLikelihood(0.1), X, n_boot)
    sel = lambda X, n_lambdas=3: select.select_lambda(PseudoLikelihood(1.0), X, n_lambdas=n_lambdas)
    return (
        [
            ("models.n_stats", models.n_stats, dict(p=4), dict(p="count")),
            ("models.stat_index", models.stat_index, dict(p=4), dict(p="count")),
            ("models.to_vector", models.to_vector, dict(theta=th), dict(theta="theta")),
            ("models.to_matrix", models.to_matrix, dict(v=np.zeros(10), p=4), dict(p="count")),
            ("models.stats", models.stats, dict(X=X), dict(X="X")),
            ("models.mean_stats", models.mean_stats, dict(X=X, chunk=16), dict(X="X", chunk="count")),
            (
                "models.convert_theta",
                models.convert_theta,
                dict(theta=th, src="01", dst="pm1"),
                dict(theta="theta", src="domain"),
            ),
            (
                "models.convert_states",
                models.convert_states,
                dict(X=X, src="01", dst="pm1"),
                dict(X="X", dst="domain"),
            ),
            (
                "models.BinaryMRF",
                models.BinaryMRF,
                dict(theta=th, domain="01"),
                dict(theta="theta", domain="domain"),
            ),
            (
                "models.theta_graph",
                models.theta_graph,
                dict(theta=th, names=list("abcd")),
                dict(theta="theta", names="names"),
            ),
            (
                "models.edge_list",
                models.edge_list,
                dict(theta=th, tol=0.1, top=2),
                dict(theta="theta", tol="positive", top="count or None"),
            ),
            ("models.n_couplings", models.n_couplings, dict(theta=th), dict(theta="matrix")),
            (
                "models.random_mrf",
                models.random_mrf,
                dict(p=4, edge_prob=0.5, seed=0),
                dict(p="count", edge_prob="positive", seed="seed"),
            ),
            (
                "core.chain_states",
                core.chain_states,
                dict(seed=0, n_chains=4),
                dict(seed="seed", n_chains="count"),
            ),
            ("core.chain_states", core.chain_states, dict(seed=0, n_chains=4), dict(n_chains="huge count")),
            ("core.as_rng", core.as_rng, dict(seed=0), dict(seed="seed")),
            ("exact.log_partition", exact.log_partition, dict(model=m), dict(model="model")),
            ("exact.moments", exact.moments, dict(model=m), dict(model="model")),
            (
                "exact.sample_exact",
                exact.sample_exact,
                dict(model=m, n=10, seed=0),
                dict(model="model", n="count", seed="seed"),
            ),
            ("exact.sample_exact", exact.sample_exact, dict(model=m, n=10, seed=0), dict(n="huge count")),
            ("exact.log_likelihood", exact.log_likelihood, dict(model=m, X=X), dict(model="model", X="X4")),
            (
                "gibbs.gibbs_sample",
                gibbs.gibbs_sample,
                dict(model=m, n_chains=4, n_sweeps=2, seed=0),
                dict(model="model", n_chains="count", n_sweeps="count or 0", seed="seed"),
            ),
            (
                "gibbs.gibbs_sample",
                gibbs.gibbs_sample,
                dict(model=m, n_chains=4, n_sweeps=2, seed=0),
                dict(n_chains="huge count"),
            ),
            (
                "gibbs.sample_data",
                gibbs.sample_data,
                dict(model=m, n=5, burn_in=3, seed=0),
                dict(n="count", burn_in="count or 0", seed="seed"),
            ),
            (
                "gibbs.sample_data",
                gibbs.sample_data,
                dict(model=m, n=5, burn_in=3, seed=0),
                dict(n="huge count"),
            ),
            (
                "base.pseudo_likelihood",
                base.pseudo_likelihood,
                dict(theta=th, X=X, domain="01"),
                dict(theta="theta4", X="X4", domain="domain"),
            ),
            (
                "base.lambda_path",
                base.lambda_path,
                dict(lam_max=1.0, n_lambdas=5, ratio=0.01),
                dict(lam_max="positive", n_lambdas="count", ratio="positive"),
            ),
            ("metrics.roc_auc", metrics.roc_auc, dict(theta_hat=th, truth=th), dict(theta_hat="scores")),
            ("dobrushin.tv_bound", dobrushin.tv_bound, dict(model=m, taus=[1, 2]), dict(model="model")),
            ("PseudoLikelihood.fit", pl, dict(X=X), dict(X="X", lam="positive", names="names")),
            ("TAY.fit", tay, dict(X=X), dict(X="X", n_chains="count", lam="positive")),
            ("TAY.fit", tay, dict(X=X), dict(n_chains="huge count")),
            ("FBS.fit", fbs, dict(X=X), dict(X="X", rho="positive", max_iter="count")),
            ("stability.bootstrap", boot, dict(X=X), dict(X="X", n_boot="count")),
            ("select.select_lambda", sel, dict(X=X), dict(X="X", n_lambdas="count")),
        ]
        + _more_targets(m, X)
        + _auto_targets(m, X)
        + _discrete_targets()
    )


def _discrete_values() -> dict:
    "Hostile values for k-state data, levels, θ and models (the kinds of `_discrete_targets`)."
    rng = np.random.default_rng(2)
    C = rng.integers(0, 3, (60, 4))
    Cf = C.astype(float)
    nan_C, inf_C = Cf.copy(), Cf.copy()
    nan_C[0, 0] = np.nan
    inf_C[0, 0] = np.inf
    # the models of `_discrete_targets` have levels (3, 2, 3, 2): θ is (6, 6)
    theta = np.zeros((6, 6))
    asym = theta.copy()
    asym[0, 2] = 1.0
    nan_t = theta.copy()
    nan_t[1, 1] = np.nan
    return {
        "codes": {
            "NaN": nan_C,
            "inf": inf_C,
            "a -1": np.where(C == 2, -1, C),
            "a fraction": Cf + 0.5,
            "code 200": np.where(C == 2, 200, C),
            "text": np.array(["a", "b", "c"])[C],
            "objects with a dict": _with_dict(C),
            "no rows": np.zeros((0, 4), int),
            "1-D": C[0],
            "3-D": C[None],
            "1 column": C[:, :1],
            "masked": np.ma.masked_array(C, mask=rng.random(C.shape) < 0.1),
            "None": None,
            "a scalar": 1,
            "ragged": [[0, 1], [1]],
        },
        "levels": {
            "a 1": [1, 3, 3, 3],
            "2.5": [2.5, 3, 3, 3],
            "2 entries": [3, 3],
            "-3": [-3, 3, 3, 3],
            "200": [200, 3, 3, 3],
            "text": ["3", "3", "3", "3"],
            "NaN": [np.nan, 3, 3, 3],
        },
        "dtheta": {
            "NaN": nan_t,
            "asymmetric": asym,
            "not square": np.zeros((6, 5)),
            "7 columns": np.zeros((7, 7)),
            "strings": theta.astype(str),
            "1e300": theta + 1e300,
            "None": None,
        },
        "dmodel": {
            "None": None,
            "'x'": "x",
            "a matrix": np.zeros((8, 8)),
            "a binary model": geng_network(4, seed=0),
        },
    }


def _discrete_targets():
    "k-state models (mrflit.discrete_models), their samplers, bounds, learners and the categorical reader."
    from mrflit import discrete, discrete_models, discrete_exact, discrete_gibbs, discrete_dobrushin, datasets
    from mrflit import discrete_tay

    levels = [3, 2, 3, 2]
    model = discrete_models.random_discrete_mrf(levels, 1.0, seed=0)
    C = discrete_exact.sample_exact(model, 60, seed=1)
    lasso = lambda X, **kw: discrete.DiscreteLasso(**{"lam": 0.1, **kw}).fit(X)
    short_mcmc = {"lam": 0.1, "solver": "mcmc", "max_iter": 2}
    mcmc = lambda X, **kw: discrete.DiscreteLasso(**{**short_mcmc, **kw}).fit(X)
    short_tay = {"lam": 0.1, "max_iter": 2, "tau_max": 5}
    tay = lambda X, **kw: discrete_tay.DiscreteTAY(**{**short_tay, **kw}).fit(X)
    D = model.D
    csv_path = Path(__import__("tempfile").mkdtemp()) / "items.csv"
    csv_path.write_text("a,b\nlow,1\nhigh,2\nmid,3\n")
    return [
        ("discrete_models.check_codes", discrete_models.check_codes, dict(X=C), dict(X="codes any")),
        (
            "discrete_models.check_codes",
            discrete_models.check_codes,
            dict(X=C, levels=levels),
            dict(levels="levels"),
        ),
        (
            "discrete_models.check_levels",
            discrete_models.check_levels,
            dict(levels=levels),
            dict(levels="levels any"),
        ),
        (
            "discrete_models.DiscreteMRF",
            discrete_models.DiscreteMRF,
            dict(theta=np.zeros((D, D)), levels=levels),
            dict(theta="dtheta"),
        ),
        (
            "discrete_models.DiscreteMRF",
            discrete_models.DiscreteMRF,
            dict(theta=np.zeros((D, D)), levels=levels),
            dict(levels="levels"),
        ),
        (
            "discrete_models.random_discrete_mrf",
            discrete_models.random_discrete_mrf,
            dict(levels=levels, density=0.5, seed=0),
            dict(levels="levels any", density="density", seed="seed"),
        ),
        (
            "discrete_models.one_hot",
            discrete_models.one_hot,
            dict(codes=C, levels=levels),
            dict(codes="codes", levels="levels"),
        ),
        (
            "discrete_exact.sample_exact",
            discrete_exact.sample_exact,
            dict(model=model, n=5, seed=0),
            dict(model="dmodel", n="count", seed="seed"),
        ),
        (
            "discrete_gibbs.gibbs_sample",
            discrete_gibbs.gibbs_sample,
            dict(model=model, n_chains=4, n_sweeps=2, seed=0),
            dict(
                model="dmodel",
                n_chains="count",
                n_sweeps="count or 0",
                init="init",
                scan="choice",
                seed="seed",
            ),
        ),
        (
            "discrete_exact.log_partition",
            discrete_exact.log_partition,
            dict(model=model),
            dict(model="dmodel"),
        ),
        ("discrete_exact.marginals", discrete_exact.marginals, dict(model=model), dict(model="dmodel")),
        (
            "discrete_exact.pairwise_marginals",
            discrete_exact.pairwise_marginals,
            dict(model=model, i=0, j=1),
            dict(model="dmodel", i="index", j="index"),
        ),
        (
            "discrete_dobrushin.influence_bound",
            discrete_dobrushin.influence_bound,
            dict(model=model),
            dict(model="dmodel"),
        ),
        (
            "discrete_dobrushin.tv_bound",
            discrete_dobrushin.tv_bound,
            dict(model=model, taus=[1, 5]),
            dict(model="dmodel", taus="taus"),
        ),
        (
            "discrete_dobrushin.gradient_bias_bound",
            discrete_dobrushin.gradient_bias_bound,
            dict(model=model, taus=[1, 5]),
            dict(model="dmodel", taus="taus"),
        ),
        (
            "discrete_dobrushin.thm4_bound",
            discrete_dobrushin.thm4_bound,
            dict(model=model, tau=2, var=0.1, q=100, beta=0.01),
            dict(model="dmodel", tau="count", q="count", beta="positive"),
        ),
        (
            "discrete.GroupPseudoLikelihood",
            discrete.GroupPseudoLikelihood,
            dict(codes=C, levels=levels),
            dict(codes="codes", levels="levels"),
        ),
        (
            "DiscreteLasso.fit",
            lasso,
            dict(X=C),
            dict(
                X="codes",
                lam="positive",
                levels="levels",
                solver="choice",
                kkt_tol="positive",
                max_iter="count",
                gamma="positive",
                start="choice",
            ),
        ),
        (
            "DiscreteLasso.fit (mcmc)",
            mcmc,
            dict(X=C),
            dict(
                tol_sampling="positive",
                # None: the chains the sampling tolerance needs (the default)
                n_chains="count or None",
                n_chains_max="count",
                n_sweeps="count",
                seed="seed",
            ),
        ),
        (
            "DiscreteTAY.fit",
            tay,
            dict(X=C),
            dict(
                X="codes",
                lam="positive",
                criterion="choice",
                delta="positive",
                tau_max="count",
                alpha="positive",
                n_chains="count",
                max_iter="count",
                restart="choice",
                levels="levels",
                seed="seed",
            ),
        ),
        (
            "datasets.read_categorical_csv",
            datasets.read_categorical_csv,
            dict(path=csv_path),
            dict(path="path", missing="choice"),
        ),
    ]


def _more_targets(m, X):
    "Bounds, proximal maps, exact enumeration, samplers, data and the other learners."
    from mrflit import dobrushin, concentration, prox, exact, gibbs, datasets
    from mrflit.spg import SPG
    from mrflit.mcmc_lasso import MCMCLasso
    from mrflit.baselines import ELasso, GaussianApprox
    from mrflit.fast_mixing import FastMixingML

    Xpm = 2 * X - 1
    x0 = np.zeros(4, np.int8)
    spg = lambda X, n_chains=50, tau=2, alpha=0.4: SPG(
        0.1, n_chains=n_chains, tau=tau, alpha=alpha, max_iter=2
    ).fit(X)
    mcl = lambda X, n_lambdas=3, mcmc_factor=2: MCMCLasso(
        n_lambdas=n_lambdas, mcmc_factor=mcmc_factor, seed=0
    ).fit(X)
    eln = lambda X: ELasso().fit(X)
    gau = lambda X, n_lambdas=5: GaussianApprox(n_lambdas=n_lambdas).fit(X)
    fml = lambda X, lam=0.01, M=20, v=2, K=3: FastMixingML(lam=lam, M=M, v=v, K=K, seed=0).fit(X)
    return [
        ("dobrushin.influence_bound", dobrushin.influence_bound, dict(model=m), dict(model="model")),
        ("dobrushin.tv_bound", dobrushin.tv_bound, dict(model=m, taus=[1, 2]), dict(taus="taus")),
        ("dobrushin.theorem3_factor", dobrushin.theorem3_factor, dict(p=4), dict(p="count")),
        (
            "dobrushin.gradient_bias_bound",
            dobrushin.gradient_bias_bound,
            dict(model=m, taus=[1]),
            dict(taus="taus"),
        ),
        (
            "dobrushin.tau_needed",
            dobrushin.tau_needed,
            dict(model=m, target=0.5, tau_max=50),
            dict(model="model", target="positive", tau_max="count"),
        ),
        (
            "dobrushin.exact_tv_curve",
            dobrushin.exact_tv_curve,
            dict(model=m, taus=[1, 2], x0=x0),
            dict(taus="taus", x0="state"),
        ),
        (
            "dobrushin.meeting_times",
            dobrushin.meeting_times,
            dict(model=m, x0=x0, n_pairs=10, max_sweeps=20, seed=0),
            dict(x0="state", n_pairs="count", max_sweeps="count"),
        ),
        (
            "dobrushin.meeting_times",
            dobrushin.meeting_times,
            dict(model=m, x0=x0, n_pairs=10, max_sweeps=20, seed=0),
            dict(n_pairs="huge count"),
        ),
        (
            "dobrushin.fischer_bound",
            dobrushin.fischer_bound,
            dict(model=m, taus=[1]),
            dict(model="model", taus="taus"),
        ),
        (
            "dobrushin.coupling_norm",
            dobrushin.coupling_norm,
            dict(model=m, norm="2"),
            dict(model="model", norm="choice"),
        ),
        (
            "concentration.bernstein_eps",
            concentration.bernstein_eps,
            dict(var=0.1, q=100, beta=0.05),
            dict(var="positive", q="count", beta="positive"),
        ),
        (
            "concentration.honorio_G",
            concentration.honorio_G,
            dict(X=Xpm, rho=0.1),
            dict(X="X", rho="positive"),
        ),
        (
            "prox.soft_threshold",
            prox.soft_threshold,
            dict(a=np.array([0.5, -2.0]), lam=0.1),
            dict(a="vector", lam="threshold"),
        ),
        (
            "prox.project_box",
            prox.project_box,
            dict(a=np.array([0.5, -2.0]), bound=1.0),
            dict(a="vector", bound="threshold"),
        ),
        (
            "prox.project_l2_ball",
            prox.project_l2_ball,
            dict(a=np.array([0.5, -2.0]), radius=1.0),
            dict(a="vector", radius="positive"),
        ),
        ("exact.all_states", exact.all_states, dict(p=3), dict(p="count", domain="domain")),
        ("exact.all_states", exact.all_states, dict(p=3), dict(p="huge count")),
        ("exact.state_index", exact.state_index, dict(X=X), dict(X="X")),
        ("exact.site_kernel", exact.site_kernel, dict(model=m, i=1), dict(model="model", i="index")),
        ("exact.sweep_matrix", exact.sweep_matrix, dict(model=m), dict(model="model", scan="choice")),
        (
            "exact.propagate",
            exact.propagate,
            dict(model=m, pi=np.full(16, 1 / 16), n_sweeps=2),
            dict(pi="probabilities", n_sweeps="count or 0", scan="choice"),
        ),
        ("exact.law_after", exact.law_after, dict(model=m, tau=2, x0=x0), dict(tau="count or 0", x0="state")),
        (
            "exact.tv_distance",
            exact.tv_distance,
            dict(P=np.full(4, 0.25), Q=np.full(4, 0.25)),
            dict(P="probabilities"),
        ),
        (
            "gibbs.random_scan_path",
            gibbs.random_scan_path,
            dict(model=m, n_steps=10, seed=0),
            dict(model="model", n_steps="count", seed="seed"),
        ),
        (
            "gibbs.mean_field",
            gibbs.mean_field,
            dict(model=m),
            dict(model="model", max_iter="count", tol="positive"),
        ),
        (
            "gibbs.sample_product",
            gibbs.sample_product,
            dict(q=np.full(4, 0.5), n=5, seed=0),
            dict(q="probabilities", n="count", domain="domain"),
        ),
        (
            "gibbs.sample_product",
            gibbs.sample_product,
            dict(q=np.full(4, 0.5), n=5, seed=0),
            dict(n="huge count"),
        ),
        (
            "gibbs.importance_moments",
            gibbs.importance_moments,
            dict(model=m, n=10, seed=0),
            dict(model="model", n="count"),
        ),
        (
            "datasets.senate109",
            datasets.senate109,
            dict(subset="full"),
            dict(subset="choice", coding="string"),
        ),
        ("SPG.fit", spg, dict(X=X), dict(X="X", n_chains="count", tau="count", alpha="positive")),
        ("MCMCLasso.fit", mcl, dict(X=Xpm), dict(X="X", n_lambdas="count", mcmc_factor="count")),
        ("ELasso.fit", eln, dict(X=X), dict(X="X")),
        ("GaussianApprox.fit", gau, dict(X=X), dict(X="X", n_lambdas="count")),
        (
            "FastMixingML.fit",
            fml,
            dict(X=Xpm),
            dict(X="X", lam="positive", M="count", v="count", K="count or None"),
        ),
    ]


KIND_BY_NAME = {  # the hostile kind for an argument, by its name (rows of `_auto_targets`)
    "X": "X",
    "theta": "theta",
    "theta_hat": "theta",
    "truth": "theta",
    "model": "model",
    "model_a": "model",
    "model_b": "model",
    "taus": "taus",
    "x0": "state",
    "seed": "seed",
    "names": "names",
    "domain": "domain",
    **dict.fromkeys(
        "n n_pairs n_iter max_iter max_sweeps tau q K M S n_sweeps rows cols d N p max_degree n_boot".split(),
        "count",
    ),
    **dict.fromkeys(
        "lam rho alpha eps tol delta target L R2 dist0 C a b c gamma eps_f r".split(), "positive"
    ),
}


def _auto_targets(m, X):
    """The rest of the public surface, one row per callable: a good call, with the hostile kinds of its
    arguments chosen by name (`KIND_BY_NAME`)."""
    from mrflit import concentration, core, dobrushin, exact, fast_mixing, fbs, gibbs, metrics, models
    from mrflit import prox, select, stability
    from mrflit.baselines import PseudoLikelihoodPath, NeighbourhoodLasso, Skeptic
    from mrflit.fbs import PG
    from mrflit.spg import SPGInc
    from mrflit.ising_lasso import IsingLasso

    x0 = np.zeros(4, np.int8)
    var = np.full(10, 0.2)

    def fit(cls, **kw):
        "`cls(**kw).fit(X)`, named for the table."
        f = lambda X, **kw2: cls(**{**kw, **kw2}).fit(X)
        f.__name__ = f"{cls.__name__}.fit"
        f.__module__ = cls.__module__
        return f

    rows = [
        (core.infer_domain, dict(X=X)),
        (core.check_data, dict(X=X)),
        (concentration.thm4_bound, dict(model=m, tau=2, var=var, q=100, beta=0.05), dict(beta="positive")),
        (concentration.chains_needed, dict(model=m, tau=2, var=var, beta=0.05, target=0.5)),
        (concentration.honorio_moments, dict(X=2 * X - 1)),
        (concentration.honorio_D, dict(X=2 * X - 1, rho=0.1)),
        (concentration.harmonic, dict(r=0.5, K=10)),
        (dobrushin.exact_influence, dict(model=m)),
        (dobrushin.sweep_influence_matrix, dict(model=m)),
        (dobrushin.exact_gradient_error, dict(model=m, taus=[1, 2], x0=x0)),
        (dobrushin.coupling_tv_bound, dict(model=m, taus=[1, 2], x0=x0, n_pairs=20, max_sweeps=50, seed=0)),
        (dobrushin.coupling_bias_norm, dict(model=m, taus=[1, 2], x0=x0, n_pairs=20, max_sweeps=50, seed=0)),
        (dobrushin.flip_energy_max, dict(model=m)),
        (
            dobrushin.domke_tau_box,
            dict(N=4, max_degree=3, beta=0.1, eps=0.1),
            dict(beta="positive", max_degree="count or 0"),
        ),
        (dobrushin.domke_tau_norm, dict(model=models.domke_grid(2, 2, seed=0), eps=0.1)),
        (dobrushin.domke_lipschitz, dict(R2=4.0, lam=0.1)),
        (exact.energy_table, dict(model=m)),
        (exact.probabilities, dict(model=m)),
        (exact.marginals, dict(model=m)),
        (exact.kl_divergence, dict(model_a=m, model_b=m)),
        (exact.frequency_pvalues, dict(X=X, P=exact.probabilities(m)), dict(X="X4", P="probabilities")),
        (fast_mixing.theorem4_schedule, dict(a=1.0, b=1.0, c=1.0, alpha=0.5, eps=0.1)),
        (fbs.loopy_bp, dict(model=m), dict(model="model", max_iter="count", tol="positive")),
        (fbs.honorio_oracle, dict(model=models.BinaryMRF(2 * m.theta, "pm1"), sampler="gibbs", S=10, seed=0)),
        (fbs.exact_optimum, dict(X=2 * X - 1, rho=0.1)),
        (gibbs.GibbsChains, dict(model=m, n_chains=10, seed=0), dict(n_chains="count")),
        (metrics.edge_scores, dict(theta_hat=m.theta), dict(theta_hat="one matrix")),
        (metrics.true_edges, dict(truth=m.theta), dict(truth="one matrix")),
        (metrics.roc_curve, dict(theta_hat=m.theta, truth=m.theta), dict(theta_hat="scores", truth="scores")),
        (
            metrics.auc_or_nan,
            dict(theta_hat=m.theta, truth=m.theta),
            dict(theta_hat="scores", truth="scores"),
        ),
        (
            metrics.selection_metrics,
            dict(theta_hat=m.theta, truth=m.theta),
            dict(theta_hat="scores", truth="scores"),
        ),
        (models.geng_network, dict(p=4, seed=0)),
        (models.miasojedow_m1, dict(d=6, seed=0)),
        (models.miasojedow_m2, dict(d=20, seed=0)),
        (models.honorio_model, dict(N=4, seed=0)),
        (models.grid_edges, dict(rows=2, cols=2)),
        (models.domke_grid, dict(rows=2, cols=2, seed=0)),
        (prox.group_soft_threshold, dict(A=np.ones((2, 3)), lam=0.1), dict(A="vector", lam="threshold")),
        (
            prox.generalized_gradient,
            dict(theta=np.zeros(3), grad=np.ones(3), alpha=0.5, lam=0.1),
            dict(theta="vector", grad="vector", alpha="positive", lam="threshold"),
        ),
        (prox.project_spectral, dict(theta=m.theta, c=1.0), dict(theta="matrix", c="positive")),
        (select.lambda_max, dict(X=X)),
        (stability.centralities, dict(theta=m.theta)),
        (
            fit(PseudoLikelihoodPath, max_iter=20),
            dict(X=X),
            dict(X="X", n_lambdas="count", tol="positive or None"),
        ),
        (fit(NeighbourhoodLasso, n_alphas=5), dict(X=X), dict(X="real X", n_alphas="count", rule="choice")),
        (fit(Skeptic, n_lambdas=3), dict(X=X), dict(X="real X", n_lambdas="count")),
        (
            fit(PG, rho=0.1, max_iter=2, seed=0),
            dict(X=X),
            dict(X="X", step="positive or None", max_iter="count"),
        ),
        (
            fit(SPGInc, lam=0.1, n_chains=50, max_iter=2, seed=0),
            dict(X=X),
            dict(X="X", tau_max="count or None"),
        ),
        (
            fit(IsingLasso, lam=0.1, max_iter=3),
            dict(X=X),
            dict(X="X", lam="positive", solver="choice", domain="choice", max_iter="count", n_chains="count"),
        ),
    ]
    rows += _rows_of_the_rest(m, X)
    out = []
    for row in rows:
        fn, good = row[:2]
        kinds = row[2] if len(row) > 2 else {}
        kinds = {**{a: KIND_BY_NAME[a] for a in good if a in KIND_BY_NAME}, **kinds}
        out.append((f"{fn.__module__.split('.')[-1]}.{fn.__name__}", fn, good, kinds))
    return out


def _rows_of_the_rest(m, X):
    "Rows for the partitioned ratio, Diff, schedules, plots, experiments, the CLI's helpers and methods."
    import matplotlib

    matplotlib.use("Agg")
    from mrflit import (
        cli,
        concentration,
        core,
        datasets,
        dobrushin,
        metrics,
        experiments,
        fast_mixing,
        fbs,
        gibbs,
        partitioned,
        prox,
        stability,
        viz,
    )
    from mrflit.baselines import DiffEstimator, diff_lp
    from mrflit.partitioned import PartitionedRatio
    from mrflit.baselines import PseudoLikelihood

    rng = np.random.default_rng(2)
    R = rng.normal(size=(80, 4))
    pr = lambda X, target=2, max_steps=20: PartitionedRatio(
        ([0, 1], [2, 3]), target=target, max_steps=max_steps
    ).fit(X)
    pr.__name__, pr.__module__ = "PartitionedRatio.fit", "mrflit.partitioned"
    pr_groups = lambda groups: PartitionedRatio(groups, target=2, max_steps=20).fit(R)
    pr_groups.__name__, pr_groups.__module__ = "PartitionedRatio.fit", "mrflit.partitioned"
    diff = lambda X, lam=0.1, groups=([0, 1], [2, 3]): DiffEstimator(groups, lam=lam).fit(X)
    diff.__name__, diff.__module__ = "DiffEstimator.fit", "mrflit.baselines"
    chains = gibbs.GibbsChains(m, 10, seed=0)
    run = lambda n_sweeps: chains.run(n_sweeps)
    run.__name__, run.__module__ = "GibbsChains.run", "mrflit.gibbs"
    st = stability.bootstrap(PseudoLikelihood(0.1), X, 5)
    interval = lambda level=0.9: st.interval(level)
    interval.__name__, interval.__module__ = "Stability.interval", "mrflit.stability"
    drop = stability.bootstrap(PseudoLikelihood(0.1), X, 5, kind="case-drop")
    cs = lambda centrality="strength", r=0.7: drop.cs_coefficient(centrality, r)
    cs.__name__, cs.__module__ = "Stability.cs_coefficient", "mrflit.stability"
    cents = lambda centrality="strength", level=0.9: st.centrality_interval(centrality, level)
    cents.__name__, cents.__module__ = "Stability.centrality_interval", "mrflit.stability"
    path = gibbs.random_scan_path(m, 20, seed=0)
    csv_path = Path(__import__("tempfile").mkdtemp()) / "data.csv"
    csv_path.write_text("a,b\n1,0\n0,1\n1,1\n")
    trace = PseudoLikelihood(0.1).fit(X).trace_
    names4 = list("abcd")
    return [
        (pr, dict(X=R), dict(X="real X", target="count", max_steps="count")),
        (pr_groups, dict(groups=([0, 1], [2, 3])), dict(groups="groups")),
        (diff, dict(X=R), dict(X="real X", lam="positive or None", groups="groups")),
        (diff_lp, dict(Sx=np.eye(3), Sy=np.eye(3) * 2, lam=0.1), dict(Sx="matrix", lam="positive")),
        (partitioned.encode_variables, dict(X=R), dict(X="real X", names="names")),
        (partitioned.sample_shifts, dict(n=80, n_pairs=200), dict(n="count", n_pairs="count", seed="seed")),
        (concentration.tay_criterion, dict(bound=0.1, grad_map_norm=1.0), dict(bound="positive")),
        (fast_mixing.theorem8_schedule, dict(a=1.0, b=1.0, c=1.0, gamma=0.5, alpha=0.5, eps=0.1, delta=0.1)),
        (
            fast_mixing.theorem7_lower_bound,
            dict(a=3.0, b=1.0, c=2.0, gamma=0.9, alpha=0.9, eps=0.5, delta=0.1),
        ),
        (fast_mixing.least_work, dict(a=3.0, b=1.0, c=2.0, gamma=0.9, alpha=0.9, eps=0.5, delta=0.1)),
        (
            fast_mixing.theorem5_schedule,
            dict(L=1.0, R2=1.0, dist0=1.0, delta=0.1, C=1.0, alpha=0.5, eps_f=0.1),
        ),
        (fbs.sample_schedule, dict(kind="log", c=10.0), dict(kind="choice", c="positive")),
        (
            fbs.kkt_violation,
            dict(X=2 * X - 1, rho=0.1, W=np.zeros((4, 4)), b=np.zeros(4)),
            dict(X="X", rho="positive", W="matrix"),
        ),
        (prox.step_schedule, dict(kind="constant", alpha=0.5), dict(kind="choice", alpha="positive")),
        (
            prox.group_shrink,
            dict(v=np.ones(5), starts=np.array([0, 2]), t=np.ones(2)),
            dict(v="vector", t="vector"),
        ),
        (
            gibbs.expand_path,
            dict(x0=path[0], sites=path[1], values=path[2], counts=path[3]),
            dict(x0="state"),
        ),
        (
            concentration.fbs_bound,
            dict(variant="basic", D=2.0, G=3.0, beta=1.0, r=0.5, K=10, A=0.1),
            dict(variant="choice", D="positive", G="positive", beta="positive", r="probability", K="count"),
        ),
        (
            concentration.honorio_error_bound,
            dict(B=1.0, V=1.0, S=np.full(5, 10.0), gamma=np.full(5, 0.2), delta=0.1, M=2),
            dict(B="positive", V="positive", S="vector", gamma="vector", delta="probability", M="count"),
        ),
        (dobrushin.mixing_constants, dict(a=1.0, b=2.0), dict(a="real", b="positive")),
        (
            fast_mixing.corollary9_schedule,
            dict(L=1.0, lam=0.1, R2=1.0, dist0=1.0, eps=0.1, delta=0.1, C=1.0, alpha=0.5),
            dict(L="positive", lam="positive", eps="positive", delta="probability", alpha="probability"),
        ),
        (
            metrics.auc_scores,
            dict(scores=np.arange(4.0), labels=np.array([0, 1, 0, 1])),
            dict(scores="vector"),
        ),
        (
            metrics.roc_scores,
            dict(scores=np.arange(4.0), labels=np.array([0, 1, 0, 1])),
            dict(scores="vector"),
        ),
        (
            prox.fista,
            dict(f=lambda x: float(x @ x), grad=lambda x: 2 * x, prox=lambda x, t: x, x0=np.ones(3)),
            dict(x0="vector", max_iter="count", tol="positive", L0="positive"),
        ),
        (
            partitioned.group_kkt_violation,
            dict(grad=np.ones(4), v=np.zeros(4), starts=np.array([0, 2]), lam=1.0, weights=np.ones(2)),
            dict(grad="vector", v="vector", lam="positive"),
        ),
        (datasets.read_binary_csv, dict(path=csv_path), dict(path="path", sep="string", missing="choice")),
        (core.check_n_jobs, dict(n_jobs=2), dict(n_jobs="n_jobs")),
        (core.check_names, dict(names=list("abcd"), p=4), dict(names="names", p="count")),
        (core.check_states, dict(X=X), dict(X="X", p="count or None", min_rows="count or 0")),
        (core.check_theta, dict(theta=m.theta), dict(theta="theta")),
        (core.check_array, dict(a=np.ones(3), name="a"), dict(a="vector")),
        (core.chunk_length, dict(cost=10.0), dict(cost="positive")),
        (viz.plot_trace, dict(trace=trace), dict(trace="model")),
        (run, dict(n_sweeps=2), dict(n_sweeps="count or 0")),
        (interval, dict(level=0.9), dict(level="probability")),
        (cs, dict(centrality="strength", r=0.7), dict(centrality="choice", r="correlation")),
        (cents, dict(centrality="strength", level=0.9), dict(centrality="choice", level="probability")),
        (stability.centralities, dict(theta=m.theta)),
        (
            viz.plot_graph,
            dict(obj=m.theta, names=names4),
            dict(obj="theta", names="names", top="count or None"),
        ),
        (viz.plot_bipartite, dict(theta=m.theta, group1=[0, 1], group2=[2, 3]), dict(theta="theta")),
        (viz.plot_roc, dict(estimates={"a": m.theta}, truth=m.theta), dict(truth="one matrix")),
        (experiments.grid, dict(a=[1, 2]), dict(a="list")),
        (experiments.replicate, dict(fn=lambda a: {"x": a}, params=[dict(a=1)]), dict(n_jobs="n_jobs")),
        (cli.edge_rows, dict(theta=m.theta, names=names4), dict(theta="theta", names="names")),
        (cli.network_figure, dict(theta=m.theta, names=names4), dict(theta="theta", names="names")),
    ]


def _kinds(values):
    "Derived kinds: data and θ whose size must match a model of 4 variables; counts where 0 is allowed."
    values["X4"] = {
        k: v for k, v in values["X"].items() if k != "1-D"
    }  # one state of p values is a valid input
    values["X"] = {k: v for k, v in values["X"].items() if k != "3 columns"}
    values["theta4"] = values["theta"]
    values["theta"] = {k: v for k, v in values["theta"].items() if k != "3 variables"}
    values["count or 0"] = {k: v for k, v in values["count"].items() if k != "0"}
    values["count or None"] = {
        k: v for k, v in values["count"].items() if k != "None"
    }  # None: a documented default
    values["threshold"] = {k: v for k, v in values["positive"].items() if k != "inf"}  # +inf: no bound
    values["string"] = {k: v for k, v in values["choice"].items() if k != "None"}
    values["positive or None"] = {
        k: v for k, v in values["positive"].items() if k != "None"
    }  # None: the default
    values["real X"] = {
        k: v for k, v in values["X"].items() if k not in ("a 2", "1/2 coding", "ternary")
    }  # learners of real-valued data
    values["matrix"] = {
        k: v for k, v in values["theta"].items() if k not in ("asymmetric", "1e300")
    }  # any finite square matrix
    values["scores"] = {
        k: v for k, v in values["theta4"].items() if k not in ("asymmetric", "1e300")
    }  # |θ̂|, i < j
    values["probability"] = {"NaN": np.nan, "0": 0.0, "1.5": 1.5, "-1": -1.0, "'x'": "x", "None": None}
    values["correlation"] = {k: v for k, v in values["probability"].items() if k not in ("0", "-1")}
    values["groups"] = {
        "a float index": ([0.5, 1], [2, 3]),
        "overlapping": ([0, 1], [1, 2, 3]),
        "out of range": ([0, 1], [2, 7]),
        "a missed column": ([0, 1], [2]),
        "one group": ([0, 1, 2, 3],),
        "None": None,
    }
    values["real"] = {"NaN": np.nan, "inf": np.inf, "'x'": "x", "None": None}
    values["path"] = {"a directory": "/", "missing": "/no/such/file.csv", "None": None, "3": 3}
    values["n_jobs"] = {k: v for k, v in values["count"].items() if k != "-1"}  # -1: every core
    values["list"] = {"3": 3, "None": None, "'ab'": "ab"}
    values["one matrix"] = {k: v for k, v in values["scores"].items() if k != "3 variables"}
    values.update(_discrete_values())
    # well-formed levels of any length; a density of 0 (no edges); one start state for every chain
    values["levels any"] = {k: v for k, v in values["levels"].items() if k != "2 entries"}
    values["density"] = {k: v for k, v in values["probability"].items() if k != "0"}
    values["codes any"] = {k: v for k, v in values["codes"].items() if k != "1 column"}
    values["init"] = {k: v for k, v in values["codes"].items() if k not in ("1-D", "None")}
    return values


def _copy(v):
    if isinstance(v, np.ma.MaskedArray):
        return v.copy()
    if isinstance(v, np.ndarray):
        return v.copy()
    if isinstance(v, list):
        return [_copy(x) for x in v]
    return v


def _same(a, b) -> bool:
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        if (
            not (isinstance(a, np.ndarray) and isinstance(b, np.ndarray))
            or a.shape != b.shape
            or a.dtype != b.dtype
        ):
            return False
        if isinstance(a, np.ma.MaskedArray) and not np.array_equal(
            np.ma.getmaskarray(a), np.ma.getmaskarray(b)
        ):
            return False
        return np.array_equal(np.asarray(a), np.asarray(b), equal_nan=a.dtype.kind in "fc")
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return True


def _with_dict(X):
    "`X` as an object array whose first entry is a dict."
    out = X.astype(object)
    out[0, 0] = {"a": 1}
    return out


def _outcome(fn, kw) -> str:
    "'accepted', 'clear' (a ValueError/TypeError raised in mrflit's own code), or what leaked."
    try:
        fn(**kw)
    except (ValueError, TypeError) as e:
        where = traceback.extract_tb(e.__traceback__)[-1].filename
        if where.startswith(MRFLIT_DIR):
            return "clear"
        return f"leak: {type(e).__name__}: {str(e)[:120]} (raised in {Path(where).name})"
    except MemoryError:
        return "memory"
    except Exception as e:
        return f"leak: {type(e).__name__}: {str(e)[:120]}"
    return "accepted"


def run_table() -> dict:
    "Every hostile value in every argument of every target: the outcome of each call."
    import warnings

    warnings.simplefilter("ignore")
    values = _kinds(_hostile_values())
    rows = []
    for label, fn, good, kinds in _targets():
        assert _outcome(fn, dict(good)) == "accepted", f"the good call of {label} fails"
        for arg, kind in kinds.items():
            for name, bad in values[kind].items():
                kw = dict(good)
                kw[arg] = bad
                before = {k: _copy(v) for k, v in kw.items()}
                call = f"{label}({arg}={name})"
                print(call, file=sys.stderr, flush=True)
                t0 = time.perf_counter()
                outcome = _outcome(fn, kw)
                seconds = time.perf_counter() - t0
                mutated = [k for k in kw if not _same(before[k], kw[k])]
                rows.append(dict(call=call, outcome=outcome, seconds=round(seconds, 3), mutated=mutated))
    return rows


def test_hostile_arguments_are_refused_clearly(report):
    """The table in a child process (a hang cannot stall the suite): every call refused clearly, fast, inputs
    intact."""
    env = dict(
        os.environ, PYTHONPATH=str(Path(__file__).parent) + os.pathsep + os.environ.get("PYTHONPATH", "")
    )
    code = "import json, test_fuzz; print(json.dumps(test_fuzz.run_table()))"
    try:
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=240, env=env)
    except subprocess.TimeoutExpired as e:
        last = (e.stderr or b"").decode().strip().splitlines()[-1:]
        raise AssertionError(f"a call hung: {last}") from None
    assert r.returncode == 0, r.stderr[-3000:]
    rows = json.loads(r.stdout.strip().splitlines()[-1])
    bad = [row for row in rows if row["outcome"] != "clear" or row["mutated"] or row["seconds"] > 10]
    counts = {
        k: sum(row["outcome"].split(":")[0] == k for row in rows)
        for k in ("clear", "accepted", "leak", "memory")
    }
    modified = sum(bool(row["mutated"]) for row in rows)
    slow = sum(row["seconds"] > 10 for row in rows)
    report(
        f"hostile calls tried: {len(rows)}; outcomes {counts}; over 10 s: {slow}; inputs modified: {modified}"
    )
    assert not bad, "\n".join(
        f"{row['call']}: {row['outcome']} {row['mutated'] or ''} {row['seconds']} s" for row in bad
    )


SHAPES = hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=6)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    X=st.one_of(
        hnp.arrays(st.sampled_from([np.int8, np.int64]), SHAPES, elements=st.sampled_from([-1, 0, 1, 2])),
        hnp.arrays(np.float64, SHAPES, elements=st.sampled_from([-1.0, 0.0, 1.0, 2.0, np.nan, np.inf])),
    )
)
def test_random_arrays_as_data(X):
    """Random small arrays (values -1, 0, 1, 2; 1- to 3-D, possibly empty) as data: a result, or mrflit's own
    error."""
    from mrflit.models import stats
    from mrflit.base import pseudo_likelihood
    from mrflit.baselines import PseudoLikelihood

    for label, fn in [
        ("stats", lambda X: stats(X)),
        ("pseudo_likelihood", lambda X: pseudo_likelihood(np.zeros((X.shape[-1],) * 2), X, "01")),
        ("PseudoLikelihood.fit", lambda X: PseudoLikelihood(0.1).fit(X)),
    ]:
        before = X.copy()
        outcome = _outcome(fn, dict(X=X))
        assert outcome in ("clear", "accepted"), (label, outcome)
        assert _same(before, X), label


LONG_CALLS = {  # each would run for hours: Ctrl-C must stop it within seconds
    "gibbs_sample(n_sweeps=10**9)": "gibbs.gibbs_sample(m, 100, 10**9, seed=0)",
    "sample_data(burn_in=10**9)": "gibbs.sample_data(m, 100, burn_in=10**9, seed=0)",
    "exact.propagate(n_sweeps=10**9)": "exact.propagate(m, np.full(256, 1 / 256), 10**9)",
    "exact.law_after(tau=10**9)": "exact.law_after(m, 10**9, x0)",
    "SPG(tau=10**8)": "SPG(0.05, tau=10**8, max_iter=3, diagnostics=False).fit(X)",
    "TAY(tau_max=tau_uncertified=10**7)": (
        "TAY(0.02, tau_max=10**7, tau_uncertified=10**7, diagnostics=False).fit(Xs)"
    ),
    "FastMixingML(v=10**9)": "FastMixingML(lam=0.01, v=10**9, M=20, K=3, seed=0).fit(X)",
    "meeting_times(max_sweeps=10**9)": (
        'dobrushin.meeting_times(ferro, "uniform", n_pairs=200, max_sweeps=10**9)'
    ),
    "random_scan_path(n_steps=4*10**8)": "gibbs.random_scan_path(dense, 4 * 10**8, seed=0)",
    # TAY's step size at p = 3,000 (4.5 million statistics): Cov(ψ)·v by chunks of chains
    "power_curvature(p=3000, n_iter=10**6)": "ising_lasso.power_curvature(S3000, n_iter=10**6)",
    "centralities(dense p=3000)": "centralities(np.ones((3000, 3000)))",
}


def interrupt_long_calls(delay=1.0) -> dict:
    "Each long call with a SIGINT `delay` seconds in: the seconds it took to stop (None: it finished)."
    import signal
    import threading
    import warnings
    from mrflit import gibbs, exact, dobrushin, ising_lasso
    from mrflit.models import geng_network
    from mrflit.stability import centralities
    from mrflit.spg import SPG, TAY
    from mrflit.fast_mixing import FastMixingML

    warnings.simplefilter("ignore")
    # a shell starts background commands with SIGINT ignored, and Python then installs no handler: restore it
    signal.signal(signal.SIGINT, signal.default_int_handler)
    m = geng_network(8, seed=0)
    X = gibbs.sample_data(m, 300, seed=0)
    t = geng_network(8, seed=1).theta * 4
    np.fill_diagonal(t, -t.sum(1) / 2)
    Xs = gibbs.sample_data(BinaryMRF(t), 400, seed=1)
    x0 = np.zeros(8, np.int8)
    names = dict(np=np, m=m, X=X, Xs=Xs, x0=x0, gibbs=gibbs, exact=exact, SPG=SPG, TAY=TAY)
    names["FastMixingML"] = FastMixingML
    names["dobrushin"] = dobrushin
    names["ferro"] = BinaryMRF(np.ones((20, 20)) - np.eye(20), "pm1")  # two modes: many pairs never meet
    names["dense"] = BinaryMRF(0.5 * (np.ones((100, 100)) - np.eye(100)), "pm1")  # 99 neighbours, rare flips
    names["S3000"] = np.random.default_rng(0).choice([-1.0, 1.0], (200, 3000))
    names["ising_lasso"], names["centralities"] = ising_lasso, centralities
    # compiled (or loaded from the cache) before the clock starts: a SIGINT in Numba's loader is a SystemError
    ising_lasso.power_curvature(names["S3000"][:4, :5], n_iter=1)
    centralities(np.ones((3, 3)))
    print("setup done", file=sys.stderr, flush=True)
    out = {}
    for label, code in LONG_CALLS.items():
        sent = []
        timer = threading.Timer(
            delay, lambda: sent.append(time.perf_counter()) or os.kill(os.getpid(), signal.SIGINT)
        )
        timer.start()
        try:
            eval(compile(code, label, "eval"), names)  # compiled first: eval of a string would leave CPython
            # marking the interrupt as unhandled, and the process would exit with SIGINT
            out[label] = None
        except KeyboardInterrupt:
            out[label] = round(time.perf_counter() - sent[0], 3)
        timer.join()
        print(label, out[label], file=sys.stderr, flush=True)
    return out


def test_ctrl_c_stops_long_kernels(report):
    "Long kernels run in chunks: Ctrl-C stops each call within 1 s (all would run for hours)."
    env = dict(
        os.environ, PYTHONPATH=str(Path(__file__).parent) + os.pathsep + os.environ.get("PYTHONPATH", "")
    )
    code = "import json, test_fuzz; print(json.dumps(test_fuzz.interrupt_long_calls()))"
    try:
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, env=env)
    except subprocess.TimeoutExpired as e:
        last = (e.stderr or b"").decode().strip().splitlines()[-1:]
        raise AssertionError(f"Ctrl-C did not stop a call (the last one finished: {last})") from None
    assert r.returncode == 0, r.stderr[-3000:]
    stopped = json.loads(r.stdout.strip().splitlines()[-1])
    report(f"seconds from Ctrl-C to stop: {stopped}")
    assert all(s is not None and s < 1 for s in stopped.values()), stopped


def test_data_passes_take_memory_of_order_n_p_not_n_p_squared(report):
    """Learners on 100,000 rows of 30 variables: the peak of traced allocations stays far below the (n, m)
    matrix of statistics (372 MB) that an O(n·p²) data pass would build. Measured peaks: 30–105 MB; the
    largest, MCMC-Lasso's, is mostly its chains' states (up to 256,000 chains × 30 variables)."""
    import tracemalloc
    import warnings
    from mrflit.models import random_mrf
    from mrflit.gibbs import sample_data
    from mrflit.spg import TAY, SPG
    from mrflit.baselines import PseudoLikelihood
    from mrflit.fbs import FBS
    from mrflit.fast_mixing import FastMixingML
    from mrflit.mcmc_lasso import MCMCLasso

    n, p = 100_000, 30
    X = sample_data(random_mrf(p, 0.1, seed=0), n, burn_in=50, seed=0)
    statistics = 8 * n * p * (p + 1) // 2
    peaks = {}
    for est in [
        TAY(0.05, max_iter=2, seed=0),
        SPG(0.05, max_iter=2, seed=0),
        PseudoLikelihood(0.05, max_iter=20),
        FBS(0.05, max_iter=2, seed=0),
        FastMixingML(lam=0.01, M=20, K=2, seed=0),
        MCMCLasso(n_lambdas=2, seed=0),
    ]:
        tracemalloc.start()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            est.fit(X)
        peaks[type(est).__name__] = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    report(f"peak memory of fits to 100,000 x 30: { {k: f'{v / 1e6:.0f} MB' for k, v in peaks.items()} }")
    assert max(peaks.values()) < statistics / 3, peaks


MRFLIT_CMD = [sys.executable, "-c", "import sys; from mrflit.cli import main; sys.exit(main(sys.argv[1:]))"]


def _second_sweep():
    """Issue 32's cases, each a call that must be refused by mrflit itself with a ValueError/TypeError (or
    scikit-learn's NotFittedError, a ValueError)."""
    from mrflit import models, exact, fbs, baselines, spg, ising_lasso, mcmc_lasso, dobrushin, gibbs, core
    from mrflit.experiments import replicate

    rng = np.random.default_rng(0)
    X = rng.integers(0, 2, (60, 4))
    X[:2] = [[0, 0, 0, 0], [1, 1, 1, 1]]
    X1 = X[:, :1]
    m = geng_network(4, seed=0)
    strong = np.array(
        [
            [0.0, 38.4, 35.4, -15.1],
            [38.4, 0.0, -33.2, -19.4],
            [35.4, -33.2, 0.0, 25.6],
            [-15.1, -19.4, 25.6, 38.5],
        ]
    )
    return {
        # leaked foreign exceptions
        "PseudoLikelihoodPath p=1": lambda: baselines.PseudoLikelihoodPath().fit(X1),
        "ELasso p=1": lambda: baselines.ELasso().fit(X1),
        "GaussianApprox p=1": lambda: baselines.GaussianApprox().fit(X1),
        "NeighbourhoodLasso p=1": lambda: baselines.NeighbourhoodLasso().fit(X1),
        "Skeptic p=1": lambda: baselines.Skeptic().fit(X1),
        "TAY p=1": lambda: spg.TAY(0.1).fit(X1),
        "MCMCLasso(lambdas=generator)": lambda: mcmc_lasso.MCMCLasso(lambdas=(x for x in [0.2, 0.1])).fit(X),
        "ELasso(n_lambdas=0)": lambda: baselines.ELasso(n_lambdas=0).fit(X),
        "TAY().graph_ unfitted": lambda: spg.TAY(0.1).graph_,
        "IsingLasso().model_ unfitted": lambda: ising_lasso.IsingLasso().model_,
        "honorio_oracle('bp') NaN": lambda: fbs.honorio_oracle(models.BinaryMRF(strong, "pm1"), "bp"),
        # silently accepted bad input
        "TAY(lam=True)": lambda: spg.TAY(True).fit(X),
        "IsingLasso(lam=True)": lambda: ising_lasso.IsingLasso(True).fit(X),
        "FBS(rho=True)": lambda: fbs.FBS(True).fit(X),
        "PseudoLikelihood(lam=np.True_)": lambda: baselines.PseudoLikelihood(np.True_).fit(X),
        "TAY(penalize_fields='no')": lambda: spg.TAY(0.1, penalize_fields="no").fit(X),
        "IsingLasso(verbose='yes')": lambda: ising_lasso.IsingLasso(verbose="yes").fit(X),
        "run(return_stats='no')": lambda: gibbs.GibbsChains(m, 4, seed=0).run(2, return_stats="no"),
        "state_index 64 columns": lambda: exact.state_index(np.ones((1, 64), int)),
        "to_matrix NaN": lambda: models.to_matrix([0.0, np.nan, 1.0], 2),
        "to_matrix complex": lambda: models.to_matrix(np.array([0, 1j, 1]), 2),
        "to_matrix fields='no'": lambda: models.to_matrix(np.zeros(3), 2, fields="no"),
        "tv_distance mass 80": lambda: exact.tv_distance(np.full(4, 20.0), np.full(4, 0.25)),
        "propagate mass 80": lambda: exact.propagate(m, np.full(16, 5.0)),
        # sizes checked before allocating
        "stat_index(10**6)": lambda: models.stat_index(10**6),
        "random_mrf(10**5)": lambda: models.random_mrf(10**5),
        "grid_edges(10**6, 10**6)": lambda: models.grid_edges(10**6, 10**6),
        "miasojedow_m1(10**6)": lambda: models.miasojedow_m1(10**6),
        "miasojedow_m2(10**6)": lambda: models.miasojedow_m2(10**6),
        "honorio_model(10**6)": lambda: models.honorio_model(10**6),
        "stats of 10**7 x 1000": lambda: models.stats(np.zeros((10**7, 1000), np.int8)[:, :]),
        "importance_moments(n=10**10)": lambda: gibbs.importance_moments(m, 10**10),
        "tv_bound(taus=[10**12])": lambda: dobrushin.tv_bound(m, [10**12]),
        "TAY on 3 x 100,000": lambda: spg.TAY(0.1).fit(rng.integers(0, 2, (3, 100_000))),
        # files
        "load_model('/dev/urandom')": lambda: load_model("/dev/urandom"),
        "save_model to /dev/null": lambda: save_model(m, "/dev/null"),
        "byte_count('lots')": lambda: core.byte_count("lots"),
        "replicate(n_jobs=True)": lambda: replicate(dict, [dict(a=1)], n_jobs=True),
    }


def test_second_sweep_cases_are_refused_clearly(report):
    "Issue 32's leaks and silent acceptances, each now one clear error from mrflit."
    outcomes = {}
    for label, call in _second_sweep().items():
        outcome = _outcome(lambda: call(), {})
        # scikit-learn's NotFittedError (a ValueError) is the expected answer for an unfitted estimator
        outcomes[label] = "clear" if outcome.startswith("leak: NotFittedError") else outcome
    bad = {k: v for k, v in outcomes.items() if v != "clear"}
    report(f"issue 32 cases: {len(outcomes)} tried, {len(outcomes) - len(bad)} refused clearly")
    assert not bad, bad


def _third_sweep(tmp):
    """Issue 59's cases, each a call that must be refused by mrflit itself, with a ValueError/TypeError,
    before any work: huge counts, leaked foreign exceptions and silently accepted bad input."""
    import pandas as pd
    import threading
    from mrflit import models, select, stability, inference, metrics, discrete_models, datasets
    from mrflit.experiments import replicate, grid
    from mrflit.ising_lasso import IsingLasso
    from mrflit.discrete import DiscreteLasso
    from mrflit.discrete_tay import DiscreteTAY
    from mrflit.baselines import PseudoLikelihood

    rng = np.random.default_rng(0)
    X = rng.integers(0, 2, (60, 4))
    X[:2] = [[0, 0, 0, 0], [1, 1, 1, 1]]
    est = PseudoLikelihood(0.05)
    st = stability.bootstrap(est, X, 3, seed=0)
    csv = tmp / "x.csv"
    csv.write_text("a,b,c\n" + "\n".join(f"{i % 2},{i // 2 % 2},{i // 3 % 2}" for i in range(30)) + "\n")
    store_file = tmp / "store.txt"
    store_file.write_text("")
    lock = threading.Lock()
    named = lambda cols: pd.DataFrame(X, columns=cols)
    return {
        # huge counts, refused before the work
        "bootstrap(n_boot=10**9)": lambda: stability.bootstrap(est, X, 10**9),
        "network_comparison(n_perm=10**10)": lambda: inference.network_comparison(est, X, X, 10**10),
        "select_lambda(n_lambdas=10**9)": lambda: select.select_lambda(est, X, n_lambdas=10**9),
        "IsingLasso(n_chains=10**9)": lambda: IsingLasso(
            0.1, solver="mcmc", n_chains=10**9, n_chains_max=10**9
        ).fit(X),
        "DiscreteLasso(mcmc, n_chains=10**9)": lambda: DiscreteLasso(
            0.001, solver="mcmc", n_chains=10**9, n_chains_max=10**9
        ).fit(X),
        # leaked foreign exceptions
        "lambda_max p=1": lambda: select.lambda_max(X[:, :1]),
        "DiscreteMRF.block(9, 0)": lambda: discrete_models.random_discrete_mrf([3, 3], 1.0, seed=0).block(
            9, 0
        ),
        "read_binary_csv(columns=[])": lambda: datasets.read_binary_csv(csv, columns=[]),
        "random_mrf(fields='bogus')": lambda: models.random_mrf(5, fields="bogus"),
        "random_mrf(fields=(nan, 1))": lambda: models.random_mrf(5, fields=(np.nan, 1)),
        "geng_network(fields='bogus')": lambda: models.geng_network(5, fields="bogus"),
        "select_lambda(None, X)": lambda: select.select_lambda(None, X),
        "select_lambda(cv=1000)": lambda: select.select_lambda(est, X, criterion="cv", cv=1000),
        "bootstrap(object())": lambda: stability.bootstrap(object(), X, 3),
        "network_comparison(object())": lambda: inference.network_comparison(object(), X, X),
        "predictability(object())": lambda: inference.predictability(object(), X),
        "replicate(store=FILE)": lambda: replicate(dict, grid(a=[1]), store=store_file),
        "replicate(unpicklable, n_jobs=2)": lambda: replicate(lambda a: lock, grid(a=[1, 2]), n_jobs=2),
        "replicate(backend='bogus')": lambda: replicate(dict, grid(a=[1]), backend="bogus"),
        "replicate(n_jobs=10**6)": lambda: replicate(dict, grid(a=[1]), n_jobs=10**6),
        # silent acceptances
        "network_comparison columns by position": lambda: inference.network_comparison(
            est, named(list("abcd")), named(list("wxyz"))
        ),
        "DiscreteLasso duplicate names": lambda: DiscreteLasso(0.1).fit(named(list("aabc"))),
        "DiscreteTAY('0.1')": lambda: DiscreteTAY("0.1").fit(X),
        "bootstrap(n_jobs=-100)": lambda: stability.bootstrap(est, X, 3, n_jobs=-100),
        "bootstrap(reselect='yes')": lambda: stability.bootstrap(est, X, 3, reselect="yes"),
        "bootstrap(verbose='x')": lambda: stability.bootstrap(est, X, 3, verbose="x"),
        "replicate(n_jobs=-100)": lambda: replicate(dict, grid(a=[1]), n_jobs=-100),
        "replicate(progress='x')": lambda: replicate(dict, grid(a=[1]), progress="x"),
        "selection_metrics(threshold=-1)": lambda: metrics.selection_metrics(X[:4], np.eye(4), threshold=-1),
        "selection_metrics(threshold=nan)": lambda: metrics.selection_metrics(
            X[:4], np.eye(4), threshold=np.nan
        ),
        "difference_test(('a', 'a'))": lambda: st.difference_test((0, 0), (0, 1)),
    }


def test_third_sweep_cases_are_refused_clearly(report, tmp_path):
    "Issue 59's leaks, silent acceptances and huge counts, each one clear error from mrflit, in seconds."
    outcomes, slow = {}, {}
    for label, call in _third_sweep(tmp_path).items():
        t = time.perf_counter()
        outcomes[label] = _outcome(lambda: call(), {})
        if time.perf_counter() - t > 10:
            slow[label] = time.perf_counter() - t
    bad = {k: v for k, v in outcomes.items() if v != "clear"}
    report(f"issue 59 cases: {len(outcomes)} tried, {len(outcomes) - len(bad)} refused clearly")
    assert not bad and not slow, (bad, slow)


def test_cli_checks_its_options_and_out_before_the_work(tmp_path):
    """`mrflit fit` refuses --out naming a file, an empty --columns, and --alpha, --tau or --chains out of
    range (whatever the method), each with one error line and before fitting (a bootstrap of 200 would take
    seconds)."""
    good = tmp_path / "ok.csv"
    good.write_text("a,b,c\n" + "\n".join(f"{i % 2},{i // 2 % 2},{i // 3 % 2}" for i in range(30)) + "\n")
    (tmp_path / "file").write_text("")
    fit = ["fit", str(good), "--method", "pl", "--lam", "0.05", "--bootstrap", "200", "--quiet"]
    cases = {
        "--out a file": ["--out", str(tmp_path / "file")],
        "--columns ''": ["--columns", "", "--out", str(tmp_path / "o1")],
        "--alpha -1": ["--alpha", "-1", "--out", str(tmp_path / "o2")],
        "--tau 0": ["--tau", "0", "--out", str(tmp_path / "o3")],
        "--chains 10**9": ["--chains", str(10**9), "--out", str(tmp_path / "o4")],
    }
    for label, extra in cases.items():
        t = time.perf_counter()
        r = subprocess.run([*MRFLIT_CMD, *fit, *extra], capture_output=True, text=True)
        lines = r.stderr.strip().splitlines()
        assert r.returncode == 2 and len(lines) == 1 and lines[0].startswith("mrflit fit: error:"), (
            label,
            r.stderr,
        )
        # refused before the 200 refits
        assert not (tmp_path / "o1").exists() and time.perf_counter() - t < 30, label


def test_slow_calls_answer_or_show_progress(tmp_path):
    """Issue 59's slow calls: each answers (or refuses) within seconds, or warns up front and shows progress:
    IsingLasso on 12 × 40, PartitionedRatio at λ = 0 and 1e-300, FBS with λ by cross-validation, `mrflit
    compare --jobs -1`, and a k-state model of 4 variables × 50 levels (whose fit takes minutes: it warns and
    turns its progress bars on; 100 levels are refused)."""
    import warnings
    from mrflit.ising_lasso import IsingLasso
    from mrflit.partitioned import PartitionedRatio
    from mrflit.fbs import FBS
    from mrflit.discrete import DiscreteLasso

    rng = np.random.default_rng(0)
    X = rng.integers(0, 2, (100, 5))
    calls = {
        "IsingLasso 12 x 40": lambda: IsingLasso().fit(rng.integers(0, 2, (12, 40))),
        "PartitionedRatio lam=0": lambda: PartitionedRatio(([0, 1], [2, 3, 4]), lam=0).fit(X),
        "PartitionedRatio lam=1e-300": lambda: PartitionedRatio(([0, 1], [2, 3, 4]), lam=1e-300).fit(X),
        "FBS('cv')": lambda: FBS("cv").fit(2 * X - 1),
    }
    for label, call in calls.items():
        t = time.perf_counter()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            call()
        assert time.perf_counter() - t < 60, label
    for name in ("g1", "g2"):
        (tmp_path / f"{name}.csv").write_text(
            "a,b,c,d,e\n" + "\n".join(",".join(map(str, r)) for r in rng.integers(0, 2, (150, 5))) + "\n"
        )
    cmd = [*MRFLIT_CMD, "compare", str(tmp_path / "g1.csv"), str(tmp_path / "g2.csv"), "--jobs", "-1"]
    t = time.perf_counter()
    r = subprocess.run([*cmd, "--out", str(tmp_path / "cmp"), "--quiet"], capture_output=True, text=True)
    assert r.returncode == 0 and time.perf_counter() - t < 60, r.stderr
    # a billion permutations are refused before the groups' fits
    r = subprocess.run(
        [*cmd, "--perm", str(10**9), "--out", str(tmp_path / "c2")], capture_output=True, text=True
    )
    assert r.returncode == 2 and "1000000000 permutations would take" in r.stderr, r.stderr
    # 50 levels: the fit warns before it starts and shows its bars (the learner's run is marked large)
    est = DiscreteLasso(0.1)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        est._begin_codes(rng.integers(0, 50, (300, 4)))
    assert est._run.large and any("can take minutes" in str(w.message) for w in caught)


def test_pandas_nullable_categorical_and_bool_columns_are_data():
    "Int8, boolean, category and mixed int8/bool columns without missing values fit as their numbers."
    import pandas as pd
    from mrflit.baselines import PseudoLikelihood

    X = np.random.default_rng(0).integers(0, 2, (80, 4))
    X[:2] = [[0, 0, 0, 0], [1, 1, 1, 1]]
    df = pd.DataFrame(X, columns=list("abcd"))
    want = PseudoLikelihood(0.05).fit(X).theta_
    for frame in (
        df.astype("Int8"),
        df.astype("boolean"),
        df.astype("category"),
        df.astype({"a": "int8", "b": bool, "c": "Int8", "d": "boolean"}),
    ):
        assert np.array_equal(PseudoLikelihood(0.05).fit(frame).theta_, want)
    na = df.astype("Int8")
    na.loc[3, "c"] = pd.NA
    with pytest.raises(ValueError, match="column 'c' has 1 missing values"):
        PseudoLikelihood(0.05).fit(na)
    with pytest.raises(ValueError, match="column 'b': \\[2\\]"):
        PseudoLikelihood(0.05).fit(df.assign(b=2 * df.b))


def test_neighbourhood_lasso_does_not_depend_on_the_input_dtype():
    from mrflit.baselines import NeighbourhoodLasso

    X = np.random.default_rng(3).integers(0, 2, (60, 6))
    fits = [NeighbourhoodLasso().fit(X.astype(d)).theta_ for d in (np.int64, np.float64, np.int8, bool)]
    assert all(np.array_equal(f, fits[0]) for f in fits)


def test_max_bytes_accepts_units(monkeypatch):
    from mrflit.core import memory_limit

    for text, want in [("8G", 8 * 2**30), ("4GiB", 4 * 2**30), ("1e9", 10**9), ("512M", 512 * 2**20)]:
        monkeypatch.setenv("MRFLIT_MAX_BYTES", text)
        assert memory_limit() == want
    monkeypatch.setenv("MRFLIT_MAX_BYTES", "much")
    with pytest.raises(ValueError, match="MRFLIT_MAX_BYTES must be a number of bytes"):
        memory_limit()


def test_load_model_refuses_a_device_at_once():
    t0 = time.perf_counter()
    with pytest.raises(ValueError, match="not a regular file"):
        load_model("/dev/urandom")
    assert time.perf_counter() - t0 < 1


def test_cli_never_replaces_special_files_and_reads_bad_tables_with_one_error_line(tmp_path):
    "`sample --out` to a FIFO or a link to /dev/null, a file of NUL bytes and a two-character separator."
    from mrflit.cli import main

    save_model(geng_network(4, seed=0), tmp_path / "m.npz")
    os.mkfifo(tmp_path / "fifo")
    os.symlink("/dev/null", tmp_path / "null")
    for target in ("fifo", "null"):
        assert (
            main(["sample", str(tmp_path / "m.npz"), "--n", "5", "--out", str(tmp_path / target), "--quiet"])
            == 2
        )
    assert os.path.islink(tmp_path / "null") and not (tmp_path / "fifo").is_file()
    (tmp_path / "nul.csv").write_bytes(b"a,b\n" + bytes(10_000))
    good = tmp_path / "ok.csv"
    good.write_text("a,b,c\n" + "\n".join(f"{i % 2},{i // 2 % 2},{i // 3 % 2}" for i in range(30)) + "\n")
    for args in (["fit", str(tmp_path / "nul.csv")], ["fit", str(good), "--sep", "::"]):
        r = subprocess.run(
            [*MRFLIT_CMD, *args, "--out", str(tmp_path / "o"), "--quiet"],
            capture_output=True,
            text=True,
        )
        lines = r.stderr.strip().splitlines()
        assert r.returncode == 2 and len(lines) == 1 and lines[0].startswith("mrflit fit: error:"), r.stderr


def test_two_concurrent_fits_on_one_out_never_lose_the_model(tmp_path):
    "Two `mrflit fit --bootstrap` runs started together on one --out: the set left always holds its model."
    from mrflit.gibbs import sample_data

    X = sample_data(geng_network(6, seed=1), 300, seed=0)
    data = tmp_path / "d.csv"
    data.write_text("a,b,c,d,e,f\n" + "\n".join(",".join(map(str, r)) for r in X) + "\n")
    cmd = [*MRFLIT_CMD, "fit", str(data), "--method", "pl", "--lam", "0.05"]
    cmd += ["--bootstrap", "10", "--out", str(tmp_path / "out"), "--quiet"]
    for _ in range(3):
        runs = [subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True) for _ in range(2)]
        results = [(r.wait(), r.stderr.read()) for r in runs]
        for code, err in results:
            assert code == 0 or (code == 2 and "being written by another mrflit run" in err), err
        assert any(code == 0 for code, _ in results)
        names = {p.name for p in (tmp_path / "out").iterdir()}
        assert {"model.npz", "edges.csv", "report.txt", "stability.csv"} <= names, names


def test_fast_mixing_accepts_a_constant_column_with_finite_couplings():
    """Domke's model has no fields and a ridge term: a constant column (small samples of the papers' grids
    have them) is data, not an error, and its couplings stay finite."""
    import warnings
    from mrflit.fast_mixing import FastMixingML

    X = np.random.default_rng(0).integers(0, 2, (60, 4))
    X[:2] = [[0, 0, 0, 0], [1, 1, 1, 1]]
    with warnings.catch_warnings():
        # three iterations: the fit says it did not converge, which is not what this test is about
        warnings.simplefilter("ignore", __import__("sklearn").exceptions.ConvergenceWarning)
        fit = FastMixingML(lam=0.01, M=20, K=3, seed=0).fit(np.c_[X, np.ones(60, int)])
    assert np.isfinite(fit.theta_).all() and np.abs(fit.theta_).max() < 10


def test_large_fits_warn_and_show_progress(capsys):
    """Issue 32, item 10: a fit with many more parameters than rows says so up front and shows a progress bar,
    also in the learners without `verbose`."""
    import warnings
    from mrflit.fbs import FBS, PG
    from mrflit.fast_mixing import FastMixingML
    from mrflit.baselines import PseudoLikelihoodPath

    X = np.random.default_rng(0).integers(0, 2, (6, 150)).astype(np.int8)
    X[:2] = [[0] * 150, [1] * 150]
    for est, bar in [
        (FBS(0.1, max_iter=2, seed=0), "FBS"),
        (PG(0.1, max_iter=2, seed=0), "PG"),
        (FastMixingML(lam=0.1, K=2, M=20, seed=0), "FastMixingML"),
        (PseudoLikelihoodPath(n_lambdas=2), "PseudoLikelihoodPath λ path"),
    ]:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            est.fit(X)
        assert any("11,325 parameters" in str(w.message) for w in caught), bar
        assert f"{bar}: 100%" in capsys.readouterr().err, bar
