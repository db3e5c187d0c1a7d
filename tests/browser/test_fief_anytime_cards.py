"""Fief's green-lightning cards at the web table (source "這些帶有綠色閃電的牌可以在任何時
間使用"; spec §4.12): a family holding one is asked after a public event in Movement and
sees the card beside its own Movement decision, in both languages; a card it does not
hold is refused over the socket in the game's words and changes nothing. Four human
seats; the greedy bots play them over their WebSockets up to seat 0's moment."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Page  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

from noblesse.games.fief import actions as A  # noqa: E402
from noblesse.games.fief.game import GAME  # noqa: E402
from noblesse.games.fief.state import FiefState  # noqa: E402

from .server import ServerProcess  # noqa: E402
from .test_fief_court import Table, click  # noqa: E402
from .test_follow_game import set_lang  # noqa: E402

MAX_PREFIX = 400
SEEDS = range(1, 4)
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
WINDOW_PROMPT = {"en": "Play an opportunity card, or pass", "zh-TW": "打出機會卡，或跳過"}


def green_plays(state: FiefState) -> list[str]:
    """Seat 0's legal green-card plays, when seat 0 alone is to act."""
    if GAME.to_act(state) != (0,):
        return []
    legal = (GAME.encode(a) for a in GAME.legal_actions(state, 0))
    return [a for a in legal if a.startswith(("play:uprising", "play:assassination", "escape:"))]


def asked_in_movement(state: FiefState) -> bool:
    """Seat 0 is asked in a reaction window of the Movement phase, a green card in hand."""
    return state.phase == A.MOVEMENT and state.kind == A.WINDOW and bool(green_plays(state))


def choosing_a_lord(state: FiefState) -> bool:
    """Seat 0 picks a lord to move and may play a green card instead."""
    return state.kind == A.MOVE_SELECT and bool(green_plays(state))


def table_now(table: Table, seat: int) -> dict[str, Any]:
    """The table as ``seat``'s socket is first told it."""
    token = table.info["seats"][seat]["token"]
    url = f"{table.ws}/ws/tables/{table.info['id']}/seats/{seat}?token={token}"
    with connect(url, max_size=None) as socket:
        msg: dict[str, Any] = json.loads(socket.recv(timeout=10))
    return msg


def open_seat(page: Page, server: ServerProcess, table: Table, lang: str) -> None:
    """Seat 0's page of ``table`` in ``lang``, once it shows the table as it stands."""
    set_lang(page, lang)
    page.goto(server.url + table.info["seats"][0]["link"])
    page.wait_for_function("n => document.body.dataset.n === String(n)", arg=table.n)


def screenshots(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    for width, height in ((390, 844), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        page.locator("#bar").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"{name}-{width}.png"))


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_a_family_with_a_green_card_is_asked_after_a_public_event_in_movement(
    server: ServerProcess, page: Page, lang: str
) -> None:
    table = Table.reaching(server, asked_in_movement, SEEDS, MAX_PREFIX)
    play = green_plays(table.state)[0]
    assert sorted(table.legal(0)) == ["pass", play]

    open_seat(page, server, table, lang)
    assert WINDOW_PROMPT[lang] in page.inner_text("#status")
    assert page.locator(f'[data-action="{play}"]').first.is_visible()
    assert page.locator('[data-action="pass"]').first.is_visible()
    screenshots(page, f"fief-anytime-window-{lang}")

    click(page, table, "pass")  # the window goes on to the next holder, or Movement resumes
    assert not (GAME.to_act(table.state) == (0,) and table.state.kind == A.WINDOW)


def test_a_green_card_not_held_is_refused_in_the_game_s_words_and_changes_nothing(
    server: ServerProcess,
) -> None:
    table = Table.reaching(server, asked_in_movement, SEEDS, MAX_PREFIX)
    held = green_plays(table.state)[0]
    other = "play:assassination" if held != "play:assassination" else "play:uprising"
    assert other not in table.legal(0)
    before = table_now(table, 0)

    msg = table.reply(0, other)
    assert msg["type"] == "error"
    card = "Assassination" if other == "play:assassination" else "Uprising"
    card_zh = "暗殺" if other == "play:assassination" else "暴動"
    assert msg["code"] == "refused"
    assert msg["message"]["en"] == (
        f"Not possible now: Play {card}. Now: Play an opportunity card, or pass."
    )
    assert msg["message"]["zh-TW"] == (
        f"現在不能這樣做：打出「{card_zh}」。現在要決定的是：打出機會卡，或跳過。"
    )

    after = table_now(table, 0)
    assert after["n"] == before["n"] == table.n
    assert after["view"] == before["view"]
    table.send(0, held)  # the card it holds is still its to play


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_a_green_card_is_offered_beside_the_choice_of_a_lord_to_move(
    server: ServerProcess, page: Page, lang: str
) -> None:
    table = Table.reaching(server, choosing_a_lord, SEEDS, MAX_PREFIX)
    play = green_plays(table.state)[0]
    lords = [a for a in table.legal(0) if a.startswith("lord:")]
    assert lords

    open_seat(page, server, table, lang)
    assert page.locator(f'[data-action="{play}"]').first.is_visible()
    assert page.locator(f'[data-action="{lords[0]}"]').first.count() == 1
    screenshots(page, f"fief-anytime-movement-{lang}")

    click(page, table, play)
    assert table.state.kind in (A.UPRISING_TARGET, A.ASSASSIN_TARGET)
    assert GAME.to_act(table.state) == (0,)


def seat_is_asked(table: Table, seat: int) -> bool:
    """Whether the server's table asks ``seat`` in a reaction window now."""
    decision = table_now(table, seat)["view"]["decision"]
    return bool(decision) and decision["kind"] == "intrigue_window" and decision["seat"] == seat


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_a_player_who_stops_being_asked_has_the_windows_passed_for_them(
    server: ServerProcess, page: Page, lang: str
) -> None:
    table = Table.reaching(server, asked_in_movement, SEEDS, MAX_PREFIX)
    assert seat_is_asked(table, 0)
    open_seat(page, server, table, lang)
    switch = page.locator("#ask-windows")
    assert switch.is_checked()
    words = "每次公開事件後都問我" if lang == "zh-TW" else "Ask me after every public event"
    assert words in page.inner_text("#ask-windows-switch")
    screenshots(page, f"fief-anytime-ask-switch-{lang}")

    switch.uncheck()  # the page passes this window at once
    table.follow(0, "pass")
    page.wait_for_function("n => document.body.dataset.n === String(n)", arg=table.n)
    assert table_now(table, 0)["n"] == table.n
    assert not seat_is_asked(table, 0)
    assert page.locator("#error").is_hidden()

    page.reload()  # the device remembers: the switch stays off, and shows so
    page.wait_for_function("n => document.body.dataset.n === String(n)", arg=table.n)
    assert not page.locator("#ask-windows").is_checked()


def test_a_window_is_passed_on_arrival_for_a_player_who_asked_not_to_be_asked(
    server: ServerProcess, page: Page
) -> None:
    table = Table.reaching(server, asked_in_movement, SEEDS, MAX_PREFIX)
    page.add_init_script("localStorage.setItem('noblesse.fief.askAtWindows', '0')")
    page.goto(server.url + table.info["seats"][0]["link"])
    table.follow(0, "pass")
    page.wait_for_function("n => document.body.dataset.n === String(n)", arg=table.n)
    assert table_now(table, 0)["n"] == table.n
    assert not seat_is_asked(table, 0)
    assert not page.locator("#ask-windows").is_checked()
