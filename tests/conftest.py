import os
import pytest

os.environ.setdefault("MPLBACKEND", "Agg")

REPORTS = []  # lines for the end of the run: the fuzz counts reach the CI log even under `pytest -q`


@pytest.fixture
def report():
    "`report(line)`: print `line` in the summary at the end of the test run."
    return REPORTS.append


def pytest_terminal_summary(terminalreporter):
    if REPORTS:
        terminalreporter.section("mrflit: counts from the reliability tests")
        for line in REPORTS:
            terminalreporter.write_line(line)
