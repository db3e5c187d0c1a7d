"""The table's bot speed in the browser (issue 19): chosen in the lobby's form, in both
languages, shown only while a seat is a bot's, sent with the new table; at the table its
host changes it and everyone else reads it."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Page, expect  # noqa: E402

from .server import ServerProcess  # noqa: E402
from .test_table import api  # noqa: E402

SPEEDS = {"en": ["Fast", "Normal", "Slow"], "zh-TW": ["快", "普通", "慢"]}


def test_the_lobby_makes_a_table_at_the_bot_speed_chosen(server: ServerProcess, page: Page) -> None:
    page.goto(server.url + "/")
    page.select_option("#game", "guillotine")
    page.select_option("#players", "2")
    speed = page.locator("#bot-speed")
    expect(speed).to_have_value("normal")
    expect(speed.locator("option")).to_have_text(SPEEDS["en"])
    expect(page.locator("#bot-speed-box label")).to_contain_text("Bot speed")
    page.select_option('select[data-seat="1"]', "human")  # no bot: nothing to choose
    expect(page.locator("#bot-speed-box")).to_be_hidden()
    page.select_option('select[data-seat="1"]', "easy")
    expect(page.locator("#bot-speed-box")).to_be_visible()
    page.select_option("#bot-speed", "slow")
    page.click("#lang-toggle")
    expect(page.locator("#bot-speed-box label")).to_contain_text("電腦玩家速度")
    expect(page.locator("#bot-speed option")).to_have_text(SPEEDS["zh-TW"])
    expect(page.locator("#bot-speed")).to_have_value("slow")  # remembered in the browser
    page.select_option('select[data-seat="1"]', "easy")
    page.click("#create")
    link = page.locator("a.seat-link")
    expect(link).to_have_count(1)
    table_id = link.get_attribute("href").split("?")[0].rsplit("/", 1)[1]
    assert api(server, f"/api/tables/{table_id}/watch")["bot_speed"] == "slow"

    # the host (this browser keeps the host's token) changes it at the table
    link.click()
    host = page.locator("#table-bot-speed")
    expect(host).to_have_value("slow")
    expect(host.locator("option")).to_have_text(SPEEDS["zh-TW"])
    host.select_option("fast")
    _wait_speed(server, table_id, "fast")

    # a spectator reads it
    page.goto(f"{server.url}/table/{table_id}")
    page.evaluate(f"localStorage.removeItem('noblesse.host.{table_id}')")
    page.reload()
    expect(page.locator("#speed-panel")).to_have_text("電腦玩家速度：快")
    expect(page.locator("#table-bot-speed")).to_have_count(0)
    page.click("#lang-toggle")
    expect(page.locator("#speed-panel")).to_have_text("Bot speed: Fast")


def _wait_speed(server: ServerProcess, table_id: str, speed: str) -> None:
    deadline = time.monotonic() + 10
    while api(server, f"/api/tables/{table_id}/watch")["bot_speed"] != speed:
        assert time.monotonic() < deadline, f"the table's bot speed did not become {speed}"
        time.sleep(0.05)
