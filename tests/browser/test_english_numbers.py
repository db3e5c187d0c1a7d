"""Every line of a table's page in English agrees with its numbers ("1 continent", "2
cards", never "1 continents" nor "card(s)") and holds no Chinese but the game's own names
(issue #19's text defects), at the end of a game of each game played by bots."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Page, expect  # noqa: E402
from tests.i18n.zh_style import english_problems  # noqa: E402

from noblesse import games  # noqa: E402

from .server import ServerProcess  # noqa: E402
from .test_follow_game import set_lang  # noqa: E402
from .test_table import create_table, wait_until_over  # noqa: E402

_CJK = re.compile(r"[\u3400-\u9fff]")


@pytest.mark.parametrize("game_id", games.ids())
def test_the_english_table_agrees_with_its_numbers(
    server: ServerProcess, page: Page, game_id: str
) -> None:
    seats = ["greedy"] * max(3, games.get(game_id).min_players)
    table = create_table(server, game_id, seats, seed=23)
    wait_until_over(server, table["id"], timeout=240)
    set_lang(page, "en")
    page.goto(f"{server.url}/table/{table['id']}")
    expect(page.locator("#end-panel")).to_be_visible()
    page.locator("#log-toggle").click()
    lines = [
        line.strip() for line in page.locator("main").inner_text().splitlines() if line.strip()
    ]
    bad = [
        (line, p)
        for line in lines
        for p in english_problems(line)
        if not p.startswith("a program's value") and not p.startswith("Chinese inside")
    ]
    assert not bad, bad[:10]
    assert not [line for line in lines if _CJK.search(line)], "Chinese in the English table"
