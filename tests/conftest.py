"""The suite's one switch: ``--full`` (or ``NOBLESSE_FULL_TESTS=1``) runs the full
budgets of the costliest tests (``budget.py``); without it they run smaller ones."""

from __future__ import annotations

import os

import pytest

from budget import ENV, full


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--full",
        action="store_true",
        default=False,
        help=f"run the full test budgets (as {ENV}=1 does): more seeds, "
        "examples and games than the default run",
    )


def pytest_configure(config: pytest.Config) -> None:
    # Before any test module is imported: their parameter lists read it (and so do the
    # xdist workers and any subprocess a test starts, which inherit the environment).
    if config.getoption("--full"):
        os.environ[ENV] = "1"


def pytest_report_header(config: pytest.Config) -> str:
    return (
        "test budgets: full"
        if full()
        else "test budgets: default (--full or NOBLESSE_FULL_TESTS=1 for the full ones)"
    )
