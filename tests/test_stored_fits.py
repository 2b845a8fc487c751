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


def test_every_learner_returns_its_stored_fit(both):
    stored, now = both
    assert set(now) == set(stored) - {"commit"}
    for name, theta in now.items():
        old = stored[name]
        assert theta.shape == old.shape, name
        if name.endswith("_n_iter"):
            assert theta == old, name
            continue
        np.testing.assert_allclose(theta, old, rtol=0, atol=1e-4, err_msg=name)
        assert np.array_equal(theta != 0, old != 0), f"{name}: another edge set"


def test_the_check_sees_a_changed_fit(both):
    "The comparison fails on a fit one coupling of which moved by 1e-3."
    stored, _ = both
    moved = stored["tay"].copy()
    moved[0, 1] += 1e-3
    with pytest.raises(AssertionError):
        np.testing.assert_allclose(moved, stored["tay"], rtol=0, atol=1e-4)
