"""Fief's offers in a real browser (spec §7.4): the human seat plays on until an offer
may be opened, writes one with the buttons docked in the sticky bar (a gift of 1 D to the
greedy bot at seat 2), sends it, and sees the bot accept it: the money moves, the bot spends a diplomacy
marker, and the log says so. In English and in Traditional Chinese."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Page, expect  # noqa: E402

from .server import ServerProcess  # noqa: E402
from .test_table import api  # noqa: E402

ONWARD = ("pass", "lord_done", "stay", "let_go", "permit:yes", "draw:fortune", "city:none")
ACCEPTED = {"en": "accepts the offer of", "zh-TW": "接受"}
PANEL = {"en": "Diplomacy", "zh-TW": "外交"}
PROMISED = {
    "en": "Promise: no attack (turn {turn}, until turn {until}) · open",
    "zh-TW": "承諾：不攻擊（第{turn}回合起，至第{until}回合）· 未定",
}
ASK_PEACE = {"en": "The other family promises not to attack", "zh-TW": "對方承諾不攻擊"}


def _table(server: ServerProcess, seed: int) -> tuple[str, str]:
    table = api(
        server,
        "/api/tables",
        json={
            "game": "fief",
            "seats": ["human", "greedy", "greedy"],
            "seed": seed,
            "options": {"max_turns": 3, "fixed_starts": True},
        },
    )
    url = urlparse(table["seats"][0]["link"])
    return table["id"], table["seats"][0]["link"] + ("&" if url.query else "?")


def _shown(page: Page) -> list[str]:
    return page.eval_on_selector_all("[data-action]", "els => els.map(e => e.dataset.action)")


def _until_an_offer_may_open(page: Page, seat_api: str, server: ServerProcess) -> dict[str, Any]:
    """Click on (never an offer) until seat 0 may open one to seat 2."""
    for _ in range(200):
        page.wait_for_function("() => document.getElementById('status').classList.contains('mine')")
        state = api(server, seat_api)
        page.wait_for_function("n => document.body.dataset.n === String(n)", arg=state["n"])
        shown = _shown(page)
        if "offer:to:2" in shown:
            return state
        onward = [a for a in shown if a in ONWARD]
        choice = onward[0] if onward else next(a for a in shown if not a.startswith("offer"))
        page.locator(f'[data-action="{choice}"]').first.click()
        page.wait_for_function("n => document.body.dataset.n !== String(n)", arg=state["n"])
    raise AssertionError("no window for an offer in 200 clicks")


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_an_offer_written_in_the_panel_is_accepted_by_a_bot(
    server: ServerProcess, page: Page, lang: str
) -> None:
    table_id, link = _table(server, seed=11 if lang == "en" else 12)
    token = parse_qs(urlparse(link).query)["token"][0]
    seat_api = f"/api/tables/{table_id}/seats/0?token={token}"
    page.goto(server.url + "/")
    if lang != "en":
        page.click("#lang-toggle")
    page.goto(server.url + link.rstrip("?&"))
    state = _until_an_offer_may_open(page, seat_api, server)
    money = [p["money"] for p in state["view"]["players"]]
    assert money[0] >= 1
    # the offer's buttons stand in the sticky bar, beside the decision's
    bar = page.locator("#bar-actions #offer-choices")
    expect(bar).to_have_attribute("aria-label", PANEL[lang])
    assert bar.locator("button").first.is_visible()

    bar.locator('[data-action="offer:to:2"]').click()
    expect(page.locator("#offer-head")).to_be_visible()
    # a promise asked of the other family is a button like any term
    expect(bar.locator('[data-action="ask_promise:peace"]')).to_have_text(ASK_PEACE[lang])
    bar.locator('[data-action="term:give_money:1"]').click()
    expect(page.locator('#offer-terms [data-term="term:give_money:1"]')).to_have_count(1)
    expect(page.locator("#offer-terms li")).to_have_text(
        re.compile("The offering family pays 1 D" if lang == "en" else "提議方支付1元")
    )
    bar.locator('[data-action="promise:peace"]').click()
    expect(page.locator('#offer-terms [data-term="promise:peace"]')).to_have_count(1)
    bar.locator('[data-action="offer:send"]').click()

    # the greedy bot at seat 2 (index 1) answers; then it is the human's decision again
    page.wait_for_function("() => document.getElementById('status').classList.contains('mine')")
    expect(page.locator("#log")).to_contain_text(ACCEPTED[lang])
    view = api(server, seat_api)["view"]
    assert [p["money"] for p in view["players"]][:2] == [money[0] - 1, money[1] + 1]
    assert [p["diplomacy_markers"] for p in view["players"]] == [3, 2, 3]
    expect(page.locator('.player[data-seat="1"] h3 .meta')).to_contain_text(
        "diplomacy markers 2" if lang == "en" else "外交標記2個"
    )
    # the promise made, between the two parties, with what became of it so far
    assert [(p["from"], p["to"], p["state"]) for p in view["promises"]] == [(0, 1, "open")]
    expect(page.locator("#promises li")).to_contain_text(
        PROMISED[lang].format(**view["promises"][0])
    )
