"""In real browsers: two seats of one table throw rock-paper-scissors at once, each on
its own page, and neither page shows the other's throw until both are in.

Uses the browser-test server helper (tests/browser/server.py) and Debian's Chromium;
skipped when either is missing.
"""

from __future__ import annotations

import importlib.util
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
SERVER_PY = Path(__file__).resolve().parents[2] / "browser" / "server.py"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

if not CHROMIUM.exists() or importlib.util.find_spec("playwright") is None:
    pytest.skip("needs Chromium and playwright", allow_module_level=True)


def _server_class() -> Any:
    spec = importlib.util.spec_from_file_location("cl_browser_server", SERVER_PY)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module.ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    tmp = tmp_path_factory.mktemp("cl-browser")
    proc = _server_class()(f"sqlite:///{tmp / 'db.sqlite'}", tmp / "server.log", 0.05)
    proc.start()
    yield proc
    proc.stop()


def test_two_browser_seats_throw_at_once(server: Any) -> None:
    from playwright.sync_api import sync_playwright

    table = server.post("/api/tables", json={"game": "conflicting_legends",
                                             "seats": ["human", "human", "human"],
                                             "seed": 21}).json()
    catalog = server.get("/api/games/conflicting_legends/catalog").json()
    war_cards = {f"play:{k}" for k, c in catalog["characters"].items() if c["type"] == "war"}
    rng = random.Random(5)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        pages = []
        for seat in range(3):
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            page.goto(server.url + table["seats"][seat]["link"])
            pages.append(page)
        for page in pages:
            page.wait_for_selector("#game-area section", state="attached")

        def watch() -> dict[str, Any]:
            return server.get(f"/api/tables/{table['id']}/watch").json()

        def clickable(page: Any) -> list[str]:
            return page.eval_on_selector_all("[data-action]", "els => els.map(e => e.dataset.action)")

        def wait_for(page: Any, pred: Any) -> list[str]:
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                shown = clickable(page)
                if pred(shown):
                    return shown
                time.sleep(0.05)
            raise AssertionError(f"page never showed the expected actions: {clickable(page)}")

        for _ in range(200):  # play on, steering towards a war, until a throw is due
            state = watch()
            assert not state["over"], "the game ended before any war"
            if len(state["to_act"]) == 2:
                break
            (seat,) = state["to_act"]
            shown = wait_for(pages[seat], bool)
            for prefer in ("target:", "silent"):
                picks = [a for a in shown if a.startswith(prefer)]
                if picks:
                    break
            else:
                picks = [a for a in shown if a in war_cards] or [
                    a for a in shown if a != "pass"] or shown
            pages[seat].locator(f'[data-action="{rng.choice(picks)}"]').first.click()
            time.sleep(0.1)
        else:
            pytest.fail("no war within 200 clicks")

        attacker, defender = state["to_act"]
        a_page, d_page = pages[attacker], pages[defender]
        throws = {"throw:rock", "throw:paper", "throw:scissors"}
        assert throws <= set(wait_for(a_page, lambda s: throws <= set(s)))
        assert throws <= set(wait_for(d_page, lambda s: throws <= set(s)))
        before = [a_page.inner_text("#game-area"), pages[3 - attacker - defender].inner_text(
            "#game-area")]
        d_page.locator('[data-action="throw:scissors"]').click()
        wait_for(d_page, lambda s: not (set(s) & throws))  # the defender has thrown ...
        assert "Your secret throw: ✂ Scissors" in d_page.inner_text("#war")  # ... his own
        time.sleep(0.3)
        # ... the attacker may still throw, and neither she nor the third seat learns anything
        assert throws <= set(clickable(a_page))
        after = [a_page.inner_text("#game-area"), pages[3 - attacker - defender].inner_text(
            "#game-area")]
        assert after == before
        assert "secret throw:" not in a_page.inner_text("#war")
        a_page.locator('[data-action="throw:rock"]').click()
        deadline = time.monotonic() + 10
        while "Rock, Seat" not in a_page.inner_text("#log") and time.monotonic() < deadline:
            time.sleep(0.05)
        log = a_page.inner_text("#log")
        assert f"Seat {attacker + 1} Rock, Seat {defender + 1} Scissors" in log
        browser.close()
