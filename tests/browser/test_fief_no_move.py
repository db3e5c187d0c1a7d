"""Fief's table says why a lord has no move (issue #19): Heavy Rain on his bishopric took
every road from him, and his row, his mark on the map and the prompt name it, in both
languages. Four human seats: the greedy bot plays them over their WebSockets up to seat
0's Movement with a lord in the rain; then seat 0's page is looked at and clicked."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Page  # noqa: E402

from noblesse.games.fief import actions as A  # noqa: E402
from noblesse.games.fief.game import GAME  # noqa: E402
from noblesse.games.fief.no_move import NoMove, why_no_move  # noqa: E402
from noblesse.games.fief.state import NL, FiefState  # noqa: E402
from noblesse.games.fief.views import BISHOPRICS, LORD_CARDS  # noqa: E402

from .server import ServerProcess  # noqa: E402
from .test_fief_court import Table, click  # noqa: E402
from .test_follow_game import set_lang  # noqa: E402
from .test_table import api  # noqa: E402

MAX_PREFIX = 1000
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


def rained_lords(state: FiefState) -> list[int]:
    """Seat 0's lords that Heavy Rain keeps from moving, when seat 0 picks a lord to move."""
    if state.kind != A.MOVE_SELECT or GAME.to_act(state) != (0,):
        return []
    return [
        lo
        for lo in range(NL)
        if state.l_owner[lo] == 0
        and (stand := why_no_move(state, lo))
        and stand.reason is NoMove.HEAVY_RAIN
    ]


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_a_lord_in_heavy_rain_is_told_why_he_cannot_move(
    server: ServerProcess, page: Page, lang: str
) -> None:
    table = Table.reaching(server, rained_lords, range(1, 30), MAX_PREFIX)
    catalog = api(server, "/api/games/fief/catalog")
    lo = rained_lords(table.state)[0]
    stand = why_no_move(table.state, lo)
    assert stand is not None
    key = LORD_CARDS[lo].key
    lord = catalog["cards"][key][lang]
    rain = catalog["cards"]["heavy_rain"][lang]
    places = [catalog["bishoprics"][BISHOPRICS[b].key][lang] for b in stand.bishoprics]
    said = (
        "和".join(f"「{p}」" for p in places) + f"有「{rain}」"
        if lang == "zh-TW"
        else f"{rain} on the {' and '.join(places)}"
    )
    reason = f"無法移動：{said}" if lang == "zh-TW" else f"no move: {said}"

    set_lang(page, lang)
    page.goto(server.url + table.info["seats"][0]["link"])
    page.wait_for_function("n => document.body.dataset.n === String(n)", arg=table.n)
    row = page.locator(f'.player [data-lord="{key}"]')
    assert row.get_attribute("data-no-move") == "heavy_rain"
    assert reason in row.inner_text()
    sep = "：" if lang == "zh-TW" else ": "
    assert (
        page.locator(f'#map text[data-lord="{key}"] title').text_content() == f"{lord}{sep}{reason}"
    )

    ARTIFACTS.mkdir(exist_ok=True)
    for width, height in ((390, 844), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        row.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"fief-no-move-row-{lang}-{width}.png"))

    click(page, table, f"lord:{key}")  # he may still carry troops, never move
    assert not [a for a in table.legal(0) if a.startswith("move:")]
    status = page.inner_text("#status")
    assert (
        f"「{lord}」無法移動：{said}" if lang == "zh-TW" else f"{lord} cannot move: {said}"
    ) in status
    for width, height in ((390, 844), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(ARTIFACTS / f"fief-no-move-prompt-{lang}-{width}.png"))
