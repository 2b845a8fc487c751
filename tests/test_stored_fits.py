"""Every iterative learner returns the θ it returned when `tools/store_fits.py` stored it (the commit is in
the file): a change of the code's layout must not change a fit. The tolerance is test_cpu.py's across CPUs
(Numba and OpenBLAS compile for the machine and may sum in another order: couplings within 1e-4, measured
1.1e-5), and the edge sets must be the same."""

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
from store_fits import OUT, fits  # noqa: E402


@pytest.fixture(scope="module")
def both():
    with np.load(OUT) as f:
        stored = dict(f)
    return stored, fits()


def test_stored_fits_come_from_a_commit(both):
    stored, _ = both
    assert len(str(stored["commit"])) == 40


def _differences(now: dict, stored: dict) -> list:
    """The names whose fit differs from the stored one: another shape, another iteration count, a coupling
    more than 1e-4 away, or another edge set."""
    differ = sorted(set(stored) - {"commit"} ^ set(now))
    for name, theta in now.items():
        old = stored.get(name)
        if old is None or theta.shape != old.shape:
            differ.append(name)
        elif name.endswith("_n_iter"):
            if not np.array_equal(theta, old):
                differ.append(name)
        elif np.abs(theta - old).max(initial=0.0) > 1e-4 or not np.array_equal(theta != 0, old != 0):
            differ.append(name)
    return differ


def test_every_learner_returns_its_stored_fit(both):
    stored, now = both
    assert not _differences(now, stored)


def test_the_check_sees_a_changed_fit(both):
    """The comparison names a fit one coupling of which moved by 1e-3, one with an extra edge of 1e-6, one
    that took another number of iterations, and one that is missing; the stored fits themselves pass."""
    stored, _ = both
    now = {k: v.copy() for k, v in stored.items() if k != "commit"}
    assert _differences(now, stored) == []
    now["tay"][0, 1] += 1e-3
    zero = np.argwhere(now["spg"] == 0)[0]
    now["spg"][tuple(zero)] = 1e-6
    now["fbs_n_iter"] = now["fbs_n_iter"] + 1
    del now["pg"]
    assert sorted(_differences(now, stored)) == ["fbs_n_iter", "pg", "spg", "tay"]
