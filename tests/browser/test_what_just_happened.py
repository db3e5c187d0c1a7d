"""What just happened (issue #19): the page keeps the boards of the last moves it was told;
"What just happened?" shows them again one by one, each move's lines above the board and
the board as it was after it, then goes back to now; in both languages."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Page, expect  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

from .server import ServerProcess  # noqa: E402
from .test_follow_game import set_lang  # noqa: E402
from .test_table import api, create_table  # noqa: E402

LINE_JS = "() => [...document.querySelectorAll('#line .card .name')].map((n) => n.textContent)"
WORDS = {
    "en": ("What just happened?", "Move {} of {}"),
    "zh-TW": ("剛才發生了什麼？", "第{}步（共{}步）"),
}


def act(server: ServerProcess, table: dict) -> None:
    """The seat to act takes its first legal action, through its socket."""
    ws = server.url.replace("http", "ws", 1)
    seat = api(server, f"/api/tables/{table['id']}/watch")["to_act"][0]
    token = table["seats"][seat]["token"]
    with connect(f"{ws}/ws/tables/{table['id']}/seats/{seat}?token={token}", max_size=None) as sock:
        msg = json.loads(sock.recv(timeout=10))
        n = msg["n"]
        sock.send(json.dumps({"type": "act", "action": msg["legal"][0]["action"]}))
        while msg.get("n") != n + 1:
            msg = json.loads(sock.recv(timeout=10))
            assert msg["type"] != "error", msg


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_last_moves_are_shown_again_one_by_one(
    server: ServerProcess, page: Page, lang: str
) -> None:
    table = create_table(server, "guillotine", ["human", "human", "human"], seed=55)
    set_lang(page, lang)
    page.goto(f"{server.url}/table/{table['id']}")  # a spectator
    expect(page.locator("#line .card").first).to_be_visible()
    expect(page.locator("#rewind-open")).to_be_hidden()  # nothing happened yet
    boards, told = [], []
    seen = len(api(server, f"/api/tables/{table['id']}/watch")["log"])
    for k in range(1, 7):
        act(server, table)
        page.wait_for_function(f"() => Number(document.body.dataset.n) === {k}")
        boards.append(page.evaluate(LINE_JS))
        log = api(server, f"/api/tables/{table['id']}/watch")["log"]
        told.append([line[lang] for line in log[seen:]])
        seen = len(log)
    opener = page.locator("#rewind-open")
    expect(opener).to_have_text(WORDS[lang][0])
    opener.click()
    bar = page.locator("#rewind")
    for k in range(6, 0, -1):
        expect(page.locator("#rewind-step")).to_have_text(WORDS[lang][1].format(k, 6))
        expect(bar).to_have_attribute("data-n", str(k))
        assert page.evaluate(LINE_JS) == boards[k - 1], k
        assert bar.locator(".rewind-lines li").all_inner_texts() == told[k - 1], k
        expect(page.locator("#game-area")).to_have_class("rewound")
        if k > 1:
            page.locator("#rewind-back").click()
    expect(page.locator("#rewind-back")).to_be_disabled()
    page.locator("#rewind-forward").click()
    expect(page.locator("#rewind-step")).to_have_text(WORDS[lang][1].format(2, 6))
    assert page.evaluate(LINE_JS) == boards[1]
    page.locator("#rewind-now").click()
    expect(bar).to_have_count(0)
    expect(page.locator("#game-area")).not_to_have_class("rewound")
    assert page.evaluate(LINE_JS) == boards[-1]
    # a new move brings the page back to now
    opener.click()
    act(server, table)
    expect(bar).to_have_count(0)
