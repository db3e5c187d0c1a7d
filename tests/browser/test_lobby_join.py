"""The lobby's open seats and emblems (issue 20): a table made in the lobby with a seat
left open lists a "Join" button for it; a visitor who clicks it is seated at once, finds
the seat again in "My tables", and the button is gone for everyone else. Each game is
shown with its emblem, in the form and in the lists."""

from __future__ import annotations

import re
from typing import Any

import pytest

from noblesse import games

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Page, expect  # noqa: E402

from .server import ServerProcess  # noqa: E402
from .test_table import api  # noqa: E402


def test_a_visitor_takes_an_open_seat_from_the_lobby(server: ServerProcess, page: Page) -> None:
    page.goto(server.url + "/")
    page.select_option("#game", "guillotine")
    page.select_option("#players", "2")
    page.select_option('select[data-seat="1"]', "open")
    page.click("#create")
    # the host gets the link of their own seat only
    expect(page.locator("a.seat-link")).to_have_count(1)
    table_id = page.get_attribute("a.seat-link", "href").split("?")[0].rsplit("/", 1)[1]
    assert [s["open"] for s in api(server, f"/api/tables/{table_id}/watch")["seats"]] == [
        False,
        True,
    ]

    visitor = page.context.browser.new_context(locale="en-US")
    try:
        other = visitor.new_page()
        other.goto(server.url + "/")
        row = other.locator(f'#tables tr[data-table="{table_id}"]')
        expect(row.locator(".game-cell")).to_have_text("Guillotine")
        expect(row).to_contain_text("Open seat")
        join = row.locator("button.join")
        expect(join).to_have_text("Join Seat 2")
        other.click("#lang-toggle")
        expect(join).to_have_text("入座玩家2")
        expect(other.locator("#tables th").nth(2)).to_have_text("空位")
        other.click("#lang-toggle")
        join.click()
        other.wait_for_url(re.compile(rf"/table/{table_id}\?seat=1&token=[\w-]+$"))
        expect(other.locator("#side h2")).to_have_text("Seat 2 (you)")
        expect(other.locator("#hand")).to_have_count(1)
        # the seat is the visitor's from now on: "My tables" leads back to it
        other.goto(server.url + "/")
        expect(other.locator(f'#mine-list tr[data-table="{table_id}"] td').nth(1)).to_have_text(
            "Seat 2"
        )
        expect(other.locator(f'#tables tr[data-table="{table_id}"] button.join')).to_have_count(0)
    finally:
        visitor.close()

    # the host's lobby offers the seat no more; the host's table lists it taken
    page.reload()
    row = page.locator(f'#tables tr[data-table="{table_id}"]')
    expect(row).to_have_count(1)
    expect(row.locator("button.join")).to_have_count(0)
    assert api(server, f"/api/tables/{table_id}/watch")["seats"][1]["open"] is False


def test_a_seat_taken_meanwhile_is_refused_in_both_languages(
    server: ServerProcess, page: Page
) -> None:
    made = api(server, "/api/tables", json={"game": "guillotine", "seats": ["human", "open"]})
    page.goto(server.url + "/")
    join = page.locator(f'#tables tr[data-table="{made["id"]}"] button.join')
    expect(join).to_have_count(1)
    assert server.post(f"/api/tables/{made['id']}/seats/1/join").status_code == 200
    join.click()
    expect(page.locator("#join-error")).to_have_text(
        "Error: That seat is no longer open: someone else took it."
    )
    expect(page).to_have_url(server.url + "/")
    expect(page.locator(f'#tables tr[data-table="{made["id"]}"] button.join')).to_have_count(0)
    page.click("#lang-toggle")
    expect(page.locator("#join-error")).to_have_text("錯誤：這個座位已經有人入座了。")


FACTS = {
    "en": {"guillotine": "2–5 players · about 30 minutes", "fief": "3–6 players · 2–3 hours"},
    "zh-TW": {"guillotine": "2-5名玩家 · 約30分鐘", "fief": "3-6名玩家 · 2-3小時"},
}


def test_each_game_has_its_emblem_players_and_length(server: ServerProcess, page: Page) -> None:
    page.goto(server.url + "/")
    for lang in ("en", "zh-TW"):
        for game_id, text in FACTS[lang].items():
            page.select_option("#game", game_id)
            expect(page.locator("#facts")).to_have_text(text)
        if lang == "en":
            page.click("#lang-toggle")
    for game_id in games.ids():
        page.select_option("#game", game_id)
        expect(page.locator("#facts")).not_to_have_text("")
        img = page.locator(f'#about img.emblem[data-game="{game_id}"]')
        expect(img).to_be_visible()
        page.wait_for_function("(e) => e.complete && e.naturalWidth > 0", arg=img.element_handle())
        assert img.get_attribute("alt") == ""
        box = img.bounding_box()
        assert box and box["width"] == 56 and box["height"] == 56


def test_the_table_names_an_open_seat(server: ServerProcess, page: Page) -> None:
    made = api(server, "/api/tables", json={"game": "guillotine", "seats": ["human", "open"]})
    page.goto(server.url + made["seats"][0]["link"])
    row = page.locator("#side .seat-row").nth(1)
    expect(row.locator(".seat-kind")).to_have_text("Open seat")
    page.click("#lang-toggle")
    expect(row.locator(".seat-kind")).to_have_text("空位")


def test_a_spectator_takes_an_open_seat_at_the_table(server: ServerProcess, page: Page) -> None:
    made = api(
        server, "/api/tables", json={"game": "guillotine", "seats": ["human", "open", "open"]}
    )
    page.goto(server.url + made["watch_link"])
    joins = page.locator("#side .seat-row button.join")
    expect(joins).to_have_count(2)
    expect(joins.first).to_have_text("Join")
    page.click("#lang-toggle")
    expect(joins.first).to_have_text("入座")
    # one of them is taken meanwhile: its button goes, and a late click is refused
    assert server.post(f"/api/tables/{made['id']}/seats/2/join").status_code == 200
    expect(joins).to_have_count(1)
    joins.first.click()
    page.wait_for_url(re.compile(rf"/table/{made['id']}\?seat=1&token=[\w-]+$"))
    expect(page.locator("#side h2")).to_have_text("玩家2（你）")
    expect(page.locator("#side .seat-row button.join")).to_have_count(0)


# Every cell of the lobby's lists, where it stands, and its column's heading as the
# phone shows it (the cell's ::before).
CELLS_JS = """() => [...document.querySelectorAll('#tables tr[data-table] td, #mine-list tr[data-table] td')]
  .map((td) => { const r = td.getBoundingClientRect();
    return { left: r.left, right: r.right, text: td.textContent,
             label: getComputedStyle(td, '::before').content }; })"""


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_lobbys_lists_fit_a_phone_without_scrolling_sideways(
    server: ServerProcess, browser: Any, lang: str
) -> None:
    from .test_table import wait_until_over

    made = [
        api(
            server,
            "/api/tables",
            json={"game": "ruse_and_bruise", "seats": ["human", *["open"] * 5]},
        ),
        api(
            server,
            "/api/tables",
            json={"game": "fief", "seats": ["human", "open", "open", "greedy"]},
        ),
        api(
            server,
            "/api/tables",
            json={
                "game": "conflicting_legends",
                "seats": ["human", "open", "greedy", "greedy", "greedy", "greedy"],
            },
        ),
    ]
    finished = api(server, "/api/tables", json={"game": "guillotine", "seats": ["greedy"] * 5})
    wait_until_over(server, finished["id"])
    context = browser.new_context(
        locale="en-US", viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    context.add_init_script(f"localStorage.setItem('noblesse.lang', '{lang}')")
    page = context.new_page()
    try:
        page.goto(server.url + made[1]["seats"][0]["link"])  # a seat of this browser: "My tables"
        expect(page.locator("#status")).not_to_have_text("")
        page.goto(server.url + "/")
        for table in (*made, finished):
            expect(page.locator(f'#tables tr[data-table="{table["id"]}"]')).to_have_count(1)
        expect(page.locator(f'#mine-list tr[data-table="{made[1]["id"]}"]')).to_have_count(1)
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
        for box in ("#tables", "#mine"):  # nor does a list scroll sideways inside its box
            assert page.evaluate(
                "(s) => document.querySelector(s).scrollWidth", box
            ) <= page.evaluate("(s) => document.querySelector(s).clientWidth", box), box
        cells = page.evaluate(CELLS_JS)
        outside = [c for c in cells if c["left"] < 0 or c["right"] > 390]
        assert not outside, outside
        # each line of a table says what it is: the column's heading before it
        moves = "Moves" if lang == "en" else "步數"
        row = page.locator(f'#tables tr[data-table="{made[0]["id"]}"] td').nth(3)
        assert moves in row.evaluate("(td) => getComputedStyle(td, '::before').content")
        # the five open seats' buttons stand in the window, each 44 px tall
        joins = page.locator(f'#tables tr[data-table="{made[0]["id"]}"] button.join')
        expect(joins).to_have_count(5)
        for i in range(5):
            box = joins.nth(i).bounding_box()
            assert (
                box and box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["height"] >= 44
            ), box
    finally:
        context.close()
