"""Browser tests: a real ``noblesse serve`` process and Debian's headless Chromium,
driven by Playwright's sync API (plain pytest, no pytest-playwright).

The whole folder is skipped when /usr/bin/chromium (or the playwright package) is
missing; CI installs both.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .server import ServerProcess

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
HERE = Path(__file__).resolve().parent
BOT_DELAY = 0.01


def _skip_reason() -> str | None:
    if not CHROMIUM.exists():
        return f"browser tests need Chromium at {CHROMIUM} (apt-get install chromium)"
    if importlib.util.find_spec("playwright") is None:
        return "browser tests need the playwright package (pip install -e '.[test]')"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    reason = _skip_reason()
    if reason is None:
        return
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("browser-server")
    # Known deals: the tests play chosen seeds at tables of several humans (or bots alone).
    # No limit on new tables a minute: on a fast machine the tests open more than 20 a
    # minute from one address, and a refused table (429) is not what they test; nor is
    # the limit of unfinished tables one address may have (more than 30 are left open).
    proc = ServerProcess(
        f"sqlite:///{tmp / 'noblesse.db'}",
        tmp / "server.log",
        BOT_DELAY,
        known_deals=True,
        args=["--tables-per-minute", "0", "--open-tables-per-address", "0"],
    )
    proc.start()
    yield proc
    proc.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh page (own context: empty localStorage, English browser locale). Uncaught
    JavaScript errors on it fail the test."""
    yield from fresh_page(browser, viewport={"width": 1280, "height": 900})


def fresh_page(browser: Any, **options: Any) -> Iterator[Any]:
    """``page``'s body for any context options (a phone's viewport and touch, say)."""
    context = browser.new_context(locale="en-US", **options)
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    if errors:
        pytest.fail("JavaScript errors on the page: " + "; ".join(errors))
