"""Replications give the same results in local processes as sequentially."""

from mrflit.experiments import grid, replicate


def _auc(seed, lam):
    from mrflit.models import geng_network
    from mrflit.gibbs import sample_data
    from mrflit.spg import SPG
    from mrflit.metrics import roc_auc

    truth = geng_network(8, seed=seed)
    X = sample_data(truth, 400, burn_in=100, seed=seed)
    return roc_auc(
        SPG(lam, n_chains=300, tau=3, max_iter=5, seed=seed, diagnostics=False).fit(X).theta_, truth
    )


def test_loky_processes_match_sequential():
    ps = grid(seed=[1, 2, 3], lam=[0.05])
    assert replicate(_auc, ps, n_jobs=2) == replicate(_auc, ps)
