"""Fief on a phone, by touch alone (issue 20): at 390×844 with a touch screen, one person
at seat 0 against two greedy bots taps every one of seat 0's decisions, the game that
``test_fief_whole_game`` plays by mouse (seed 6: marriages, elections, an offer and a
siege). A finger reaches each target as a person would: the page scrolled to bring it
between the sticky bar and the bottom of the screen, and a target on the map that the
map's view does not show brought into it by swiping the map. Every target tapped is
44×44 px or more, and the page never grows wider than the phone.

The default run plays the first turns whole (``PHONE_TURNS``); ``--full`` plays the game
to its end and checks the final screen in both languages."""

from __future__ import annotations

import re
from typing import Any

import pytest

from budget import full

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from playwright.sync_api import Page, expect  # noqa: E402

from noblesse.games.fief.game import GAME  # noqa: E402
from noblesse.server.store import Store  # noqa: E402

from .conftest import fresh_page  # noqa: E402
from .server import ServerProcess  # noqa: E402
from .test_fief_whole_game import SEATS, SEED, Plan, check_game_over, planned_game, wait_for_n  # noqa: E402
from .test_table import ARTIFACTS, api  # noqa: E402

PHONE = {"width": 390, "height": 844}
MIN = 44
# Turns played whole in the default run: the setup (turn 0), then turns 1 to 3.
PHONE_TURNS = 3
# Where each element of an action stands, and whether a finger can tap it now: inside the
# window below the sticky bar, and (on the map) inside the map's view.
PLACES_JS = """(action) => {
  const bar = document.getElementById('bar').getBoundingClientRect();
  const view = document.getElementById('map-view').getBoundingClientRect();
  return [...document.querySelectorAll(`[data-action="${action}"]`)].map((e, i) => {
    const r = e.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const onMap = !!e.closest('#map'), inBar = !!e.closest('#bar');
    const inView = !onMap || (x > view.left + 22 && x < view.right - 22 && y > view.top + 22 && y < view.bottom - 22);
    return { i, onMap, inBar, inView, x, y, width: r.width, height: r.height, barBottom: bar.bottom,
             view: [view.left, view.top, view.right, view.bottom] }; }); }"""

# The bar's list of buttons scrolled (as a finger does) to show the button of an action.
SCROLL_LIST_JS = """([action, i]) => {
  const e = document.querySelectorAll(`[data-action="${action}"]`)[i];
  const list = e.closest('.choices');
  const r = e.getBoundingClientRect(), box = list.getBoundingClientRect();
  if (r.bottom > box.bottom) list.scrollTop += r.bottom - box.bottom + 4;
  if (r.top < box.top) list.scrollTop -= box.top - r.top + 4; }"""


def turn_at(plan: Plan) -> dict[int, int]:
    """The turn of each of seat 0's decisions, by action number."""
    state = GAME.setup(len(SEATS), SEED, {})
    turns = {}
    for n, (seat, action) in enumerate(plan.actions):
        if seat == 0:
            turns[n] = GAME.view(state, None)["turn"]
        GAME.apply(state, seat, GAME.decode(action))
    return turns


def swipe(page: Page, start: tuple[float, float], end: tuple[float, float], steps: int = 8) -> None:
    """One finger drawn from ``start`` to ``end`` on the touch screen (CDP touch events:
    the browser makes the pointer events the map's pan listens to)."""
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send(
            "Input.dispatchTouchEvent",
            {"type": "touchStart", "touchPoints": [{"x": start[0], "y": start[1]}]},
        )
        for k in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * k / steps
            y = start[1] + (end[1] - start[1]) * k / steps
            cdp.send(
                "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]}
            )
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        cdp.detach()


def scroll_to(page: Page, y: float, bar_bottom: float) -> None:
    """Scroll the page (as a finger does) to bring height ``y`` between the bar and the
    bottom of the screen."""
    page.evaluate("([y, top]) => window.scrollBy(0, y - (top + innerHeight) / 2)", [y, bar_bottom])


def tap(page: Page, action: str) -> None:
    """Tap the element of ``action`` a finger reaches: on the map if the map's view shows
    it (swiping the map to it if not), else its line under the map (a lord's)."""
    for _ in range(6):
        places = page.evaluate(PLACES_JS, action)
        assert places, f"nothing on the page plays {action!r}"
        ready = [p for p in places if p["inView"]]
        place = next((p for p in ready if p["onMap"]), ready[0] if ready else places[0])
        if not place["inView"]:  # a map target the view does not show: swipe it in
            left, top, right, bottom = place["view"]
            scroll_to(page, min(max(place["y"], top + 60), bottom - 60), place["barBottom"])
            place = page.evaluate(PLACES_JS, action)[place["i"]]
            left, top, right, bottom = place["view"]
            start_y = min(max(place["barBottom"] + 40, top + 40), PHONE["height"] - 40)
            start = ((left + right) / 2, start_y)
            dx = (left + right) / 2 - place["x"]
            dy = (top + bottom) / 2 - place["y"]
            swipe(
                page,
                start,
                (start[0] + max(-300, min(300, dx)), start[1] + max(-300, min(300, dy))),
            )
            page.wait_for_timeout(150)
            continue
        if place["inBar"]:  # a button further down the bar's list: that list scrolled to it
            page.evaluate(SCROLL_LIST_JS, [action, place["i"]])
            place = page.evaluate(PLACES_JS, action)[place["i"]]
        else:  # the sticky bar's buttons are always in the window
            scroll_to(page, place["y"], place["barBottom"])
            place = page.evaluate(PLACES_JS, action)[place["i"]]
            assert place["barBottom"] < place["y"] < PHONE["height"], (action, place)
        assert 0 < place["y"] < PHONE["height"], (action, place)
        assert place["width"] >= MIN - 0.5 and place["height"] >= MIN - 0.5, (action, place)
        page.locator(f'[data-action="{action}"]').nth(place["i"]).tap()
        return
    pytest.fail(
        f"could not bring {action!r} into the map's view: {page.evaluate(PLACES_JS, action)}"
    )


def play_by_touch(
    page: Page, plan: Plan, store: Store, table_id: str, until_turn: int | None
) -> int:
    """Tap seat 0's decisions in order (up to the first of ``until_turn``, or all);
    return how many actions the table then holds."""
    turns = turn_at(plan)
    for n, (seat, action) in enumerate(plan.actions):
        if seat != 0:
            continue
        if until_turn is not None and turns[n] >= until_turn:
            return n
        wait_for_n(page, n)
        expect(page.locator("#status")).to_have_class(re.compile(r"\bmine\b"))
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        tap(page, action)
        try:
            page.wait_for_function(
                """n => document.body.dataset.n !== String(n)
                || !document.getElementById('error').hidden""",
                arg=n,
            )
        except PlaywrightError:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "fief-phone-missed-tap.png"))
            pytest.fail(
                f"the tap on {action!r} (action {n + 1}) played nothing: "
                f"{page.evaluate(PLACES_JS, action)}"
            )
        assert page.locator("#error").is_hidden(), page.inner_text("#error")
        stored = store.load(table_id)
        assert stored is not None and stored.actions[n] == (0, action), (
            f"tapped {action!r} at action {n + 1}, recorded {stored and stored.actions[n:]}"
        )
    return len(plan.actions)


@pytest.fixture
def phone(browser: Any) -> Any:
    yield from fresh_page(browser, viewport=PHONE, has_touch=True, is_mobile=True)


def test_fief_played_by_touch_on_a_phone(server: ServerProcess, phone: Page) -> None:
    plan = planned_game(SEED)
    table: dict[str, Any] = api(
        server, "/api/tables", json={"game": "fief", "seats": SEATS, "seed": SEED, "options": {}}
    )
    store = Store(server.db_url)
    try:
        phone.goto(server.url + table["seats"][0]["link"])
        played = play_by_touch(phone, plan, store, table["id"], None if full() else PHONE_TURNS + 1)
        wait_for_n(phone, played)
        stored = store.load(table["id"])
    finally:
        store.close()
    assert stored is not None and stored.actions == plan.actions[:played]
    turns = turn_at(plan)
    taps = sum(1 for n in turns if n < played)
    if not full():
        assert max(t for n, t in turns.items() if n < played) == PHONE_TURNS and taps >= 40, taps
        return
    assert stored.status == "finished"
    token = table["seats"][0]["token"]
    final = api(server, f"/api/tables/{table['id']}/seats/0?token={token}")
    catalog = api(server, "/api/games/fief/catalog")
    check_game_over(phone, plan, final, catalog, "en")
    phone.click("#lang-toggle")
    check_game_over(phone, plan, final, catalog, "zh-TW")
