"""The end of a game (issue #19): the score table's breakdown of Heads of State, Conflicting
Legends and Fief adds up to the engine's scores in both languages; the rematch opens a new
table of the same game, options and seats, each person of the old table with a link to
their seat in it (their own token), a spectator with a link to watch it."""

from __future__ import annotations

import re
import time

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Page, expect  # noqa: E402

from .server import ServerProcess  # noqa: E402
from .test_follow_game import engine_result, set_lang  # noqa: E402
from .test_table import api, create_table, wait_until_over  # noqa: E402
from .test_what_just_happened import act  # noqa: E402

# A part of a breakdown and its points: "century markers 60", "most Prince cards +14",
# "West Africa +3", "title of Bourg +1"; 「回合結束分數標記60分」, 「「西非」+3分」.
POINTS = {
    "en": re.compile(r"^(.*?) ([+-]?\d+(?:\.\d+)?)$"),
    "zh-TW": re.compile(r"^(.*?)([+-]?\d+(?:\.\d+)?)分$"),
}
SEPARATOR = {"en": " · ", "zh-TW": "、"}


def breakdown_total(text: str, lang: str) -> float:
    total = 0.0
    for part in text.split(SEPARATOR[lang]):
        m = POINTS[lang].match(part)
        if m is None:  # Conflicting Legends' continents: "4 continents" / 「4個大洲」, no points
            assert re.fullmatch(r"\d+ continents?|\d+個大洲", part), part
            continue
        total += float(m.group(2))
    return total


@pytest.mark.parametrize("game_id", ["heads_of_state", "conflicting_legends", "fief"])
def test_each_seat_s_breakdown_adds_up_to_the_engine_s_score(
    server: ServerProcess, page: Page, game_id: str
) -> None:
    table = create_table(server, game_id, ["greedy", "random", "greedy"], seed=41)
    wait_until_over(server, table["id"], timeout=240)
    scores, _ = engine_result(server, table["id"])
    for lang in ("en", "zh-TW"):
        set_lang(page, lang)
        page.goto(f"{server.url}/table/{table['id']}")
        expect(page.locator("#end-panel")).to_be_visible()
        for seat in range(3):
            row = page.locator(f'tr.end-row[data-seat="{seat}"]')
            details = row.locator(".end-details")
            if not details.count():
                assert scores[seat] == 0 or game_id == "conflicting_legends", (seat, scores)
                continue
            text = details.inner_text()
            assert breakdown_total(text, lang) == scores[seat], (lang, seat, text, scores)
            if lang == "zh-TW":
                assert not re.search(r"[A-Za-z]", text), text
            else:
                assert not re.search(r"[\u4e00-\u9fff]", text), text


def play_out(server: ServerProcess, table: dict) -> None:
    """A table played to its end, its people through their sockets, each taking its first
    legal action (its bots play on their own)."""
    for _ in range(4000):
        watch = api(server, f"/api/tables/{table['id']}/watch")
        if watch["over"]:
            return
        if not (watch["to_act"] and table["seats"][watch["to_act"][0]]["token"]):
            time.sleep(0.05)  # a bot's turn
            continue
        act(server, table)
    raise AssertionError("the table did not end")


def test_each_person_goes_to_their_own_seat_of_the_rematch(
    server: ServerProcess, page: Page
) -> None:
    old = create_table(server, "guillotine", ["human", "greedy", "human"], seed=43)
    tokens = {s["seat"]: s["token"] for s in old["seats"] if s["token"]}
    # before the end there is no rematch, and a wrong token is refused
    asked = server.http.post(
        f"{server.url}/api/tables/{old['id']}/rematch", json={"seat": 0, "token": tokens[0]}
    )
    assert asked.status_code == 409, asked.text
    play_out(server, old)
    asked = server.http.post(
        f"{server.url}/api/tables/{old['id']}/rematch", json={"seat": 0, "token": tokens[2]}
    )
    assert asked.status_code == 403, asked.text
    # seat 2 asks for the rematch from the end panel, in Chinese
    set_lang(page, "zh-TW")
    page.goto(f"{server.url}/table/{old['id']}?seat=2&token={tokens[2]}")
    button = page.locator("#end-rematch")
    expect(button).to_have_text("同樣的座位再來一局")
    button.click()
    page.wait_for_url(re.compile(r"/table/(?!" + re.escape(old["id"]) + r"\?)[^?]+\?seat=2&token="))
    new_id = re.search(r"/table/([^?]+)", page.url).group(1)
    expect(page.locator("#end-panel")).to_have_count(0)
    watch = api(server, f"/api/tables/{new_id}/watch")
    assert watch["game"] == "guillotine" and not watch["over"]
    assert [s["kind"] for s in watch["seats"]] == ["human", "greedy", "human"]
    assert (
        api(server, f"/api/tables/{new_id}/options")["options"]
        == api(server, f"/api/tables/{old['id']}/options")["options"]
    )
    # seat 0, at the old table, is offered its own seat of the same rematch
    set_lang(page, "en")
    page.goto(f"{server.url}/table/{old['id']}?seat=0&token={tokens[0]}")
    link = page.locator("#end-rematch")
    expect(link).to_have_text("Go to the rematch")
    expect(link).to_have_attribute("href", f"/table/{new_id}?seat=0&token={tokens[0]}")
    link.click()
    page.wait_for_url(re.compile(re.escape(new_id)))
    assert api(server, f"/api/tables/{new_id}/seats/0?token={tokens[0]}")["seat"] == 0
    # asked again, the same rematch
    again = api(server, f"/api/tables/{old['id']}/rematch", json={"seat": 0, "token": tokens[0]})
    assert again == {
        "id": new_id,
        "link": f"/table/{new_id}?seat=0&token={tokens[0]}",
        "watch_link": f"/table/{new_id}",
    }
    # a spectator of the old table is offered to watch it, in both languages
    for lang, words in (("en", "Watch the rematch"), ("zh-TW", "觀看下一局")):
        set_lang(page, lang)
        page.goto(f"{server.url}/table/{old['id']}")
        link = page.locator("#end-rematch")
        expect(link).to_have_text(words)
        expect(link).to_have_attribute("href", f"/table/{new_id}")
