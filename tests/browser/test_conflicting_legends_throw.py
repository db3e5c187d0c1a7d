"""In real browsers: two seats of one table throw rock-paper-scissors at once, each on
its own page, and neither page shows the other's throw until both are in.

Uses this folder's server and browser fixtures (Debian's Chromium; skipped without it).
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest


def test_two_browser_seats_throw_at_once(server: Any, browser: Any) -> None:
    table = server.post(
        "/api/tables",
        json={"game": "conflicting_legends", "seats": ["human", "human", "human"], "seed": 21},
    ).json()
    catalog = server.get("/api/games/conflicting_legends/catalog").json()
    war_cards = {f"play:{k}" for k, c in catalog["characters"].items() if c["type"] == "war"}
    rng = random.Random(5)
    context = browser.new_context(locale="en-US")
    try:
        pages = []
        for seat in range(3):
            page = context.new_page()
            page.goto(server.url + table["seats"][seat]["link"])
            pages.append(page)
        for page in pages:
            page.wait_for_selector("#game-area section", state="attached")

        def watch() -> dict[str, Any]:
            return server.get(f"/api/tables/{table['id']}/watch").json()

        def clickable(page: Any) -> list[str]:
            return page.eval_on_selector_all(
                "[data-action]", "els => els.map(e => e.dataset.action)"
            )

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
                picks = (
                    [a for a in shown if a in war_cards]
                    or [a for a in shown if a != "pass"]
                    or shown
                )
            pages[seat].locator(f'[data-action="{rng.choice(picks)}"]').first.click()
            time.sleep(0.1)
        else:
            pytest.fail("no war within 200 clicks")

        attacker, defender = state["to_act"]
        a_page, d_page = pages[attacker], pages[defender]
        throws = {"throw:rock", "throw:paper", "throw:scissors"}
        assert throws <= set(wait_for(a_page, lambda s: throws <= set(s)))
        assert throws <= set(wait_for(d_page, lambda s: throws <= set(s)))
        before = [
            a_page.inner_text("#game-area"),
            pages[3 - attacker - defender].inner_text("#game-area"),
        ]
        d_page.locator('[data-action="throw:scissors"]').click()
        wait_for(d_page, lambda s: not (set(s) & throws))  # the defender has thrown ...
        assert "Your secret throw: ✂ Scissors" in d_page.inner_text("#war")  # ... his own
        time.sleep(0.3)
        # ... the attacker may still throw, and neither she nor the third seat learns anything
        assert throws <= set(clickable(a_page))
        after = [
            a_page.inner_text("#game-area"),
            pages[3 - attacker - defender].inner_text("#game-area"),
        ]
        assert after == before
        assert "secret throw:" not in a_page.inner_text("#war")
        a_page.locator('[data-action="throw:rock"]').click()
        deadline = time.monotonic() + 10
        while "Rock, Seat" not in a_page.inner_text("#log") and time.monotonic() < deadline:
            time.sleep(0.05)
        log = a_page.inner_text("#log")
        # the attacker's own page names her "You" (issue 19)
        assert f"You Rock, Seat {defender + 1} Scissors" in log
    finally:
        context.close()
