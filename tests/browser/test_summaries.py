"""A step's summary (issue #19): when Guillotine's day ends, a panel above the board tells
who collected which nobles that day (the day's "collect" lines, "You" for the reader), in
both languages, until the reader closes it; it stays closed while the page lives. Fief's
income and Heads of State's century are summed up alike."""

from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Page, expect  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

from .server import ServerProcess  # noqa: E402
from .test_follow_game import set_lang  # noqa: E402
from .test_table import api, create_table  # noqa: E402

TITLE = {"en": "The day is over: the nobles collected", "zh-TW": "這一天結束：被處決的人物"}


def play_until(server: ServerProcess, table: dict, kind: str) -> list[dict]:
    """The people of an all-human table act at random through their sockets until the log
    holds a line of ``kind``; the log as seat 0 sees it."""
    return _play_until(server, table, kind)


def _play_until(server: ServerProcess, table: dict, kind: str) -> list[dict]:
    ws = server.url.replace("http", "ws", 1)
    rng = random.Random(5)
    for _ in range(2000):
        watch = api(server, f"/api/tables/{table['id']}/watch")
        seat = watch["to_act"][0]
        token = table["seats"][seat]["token"]
        with connect(
            f"{ws}/ws/tables/{table['id']}/seats/{seat}?token={token}", max_size=None
        ) as sock:
            msg = json.loads(sock.recv(timeout=10))
            if any(line["kind"] == kind for line in msg["log"]):
                break
            n = msg["n"]
            sock.send(json.dumps({"type": "act", "action": rng.choice(msg["legal"])["action"]}))
            while msg.get("n") != n + 1:
                msg = json.loads(sock.recv(timeout=10))
    token = table["seats"][0]["token"]
    return api(server, f"/api/tables/{table['id']}/seats/0?token={token}")["log"]


def test_guillotine_s_day_is_summed_up_until_closed(server: ServerProcess, page: Page) -> None:
    table = create_table(server, "guillotine", ["human", "human", "human"], seed=51)
    log = play_until(server, table, "day_end")
    end = next(i for i, line in enumerate(log) if line["kind"] == "day_end")
    collected = [line for line in log[:end] if line["kind"] == "collect"]
    assert collected
    for lang in ("en", "zh-TW"):
        set_lang(page, lang)
        page.goto(f"{server.url}{table['seats'][0]['link']}")
        panel = page.locator("#summary-panel")
        expect(panel).to_be_visible()
        expect(panel).to_have_attribute("data-step", "day")
        expect(panel.locator("h2")).to_have_text(TITLE[lang])
        lines = panel.locator(".summary-line").all_inner_texts()
        you = "你" if lang == "zh-TW" else "You collect"
        mine = "玩家1" if lang == "zh-TW" else "Seat 1 collects"
        assert lines == [line[lang].replace(mine, you) for line in collected], lines
    # closed, it stays closed when the page draws again (a language switch)
    panel.locator(".summary-close").click()
    expect(panel).to_have_count(0)
    page.locator("#lang-toggle").click()
    expect(page.locator("#status")).not_to_have_text("")
    expect(page.locator("#summary-panel")).to_have_count(0)


STEPS = {
    "fief": (
        "income",
        ["phase"],
        ["income"],
        ["tallage", "tithe", "tithe_all", "income"],
        {"en": "Income", "zh-TW": "收入"},
    ),
    "heads_of_state": (
        "century",
        ["revolution"],
        ["rebuild"],
        ["influence", "century_marker"],
        {"en": "The century is over: influence and markers", "zh-TW": "世紀結束：影響力與分數標記"},
    ),
}


@pytest.mark.parametrize("game_id", list(STEPS))
def test_fief_s_income_and_heads_of_state_s_century_are_summed_up(
    server: ServerProcess, page: Page, game_id: str
) -> None:
    name, start, end, keep, title = STEPS[game_id]
    options = {"max_turns": 3} if game_id == "fief" else {}
    table = api(
        server,
        "/api/tables",
        json={"game": game_id, "seats": ["human"] * 3, "seed": 57, "options": options},
    )
    _play_until(server, table, end[0])
    log = api(server, f"/api/tables/{table['id']}/watch")["log"]  # as a spectator sees it
    last = max(i for i, line in enumerate(log) if line["kind"] in end)
    first = max(i for i, line in enumerate(log[: last + 1]) if line["kind"] in start)
    told = [line for line in log[first : last + 1] if line["kind"] in keep]
    assert told
    for lang in ("en", "zh-TW"):
        set_lang(page, lang)
        page.goto(f"{server.url}/table/{table['id']}")
        panel = page.locator("#summary-panel")
        expect(panel).to_have_attribute("data-step", name)
        expect(panel.locator("h2")).to_have_text(title[lang])
        assert panel.locator(".summary-line").all_inner_texts() == [line[lang] for line in told]
