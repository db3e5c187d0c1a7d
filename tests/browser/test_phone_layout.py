"""The table on a phone and the checks of axe-core (issue 20): at 390×844 every legal
action's target measures at least 44×44 CSS px while a few turns are played by touch;
the status-and-action bar stays in the window when the page is scrolled to its bottom,
on a phone and on a desktop; the log is a drawer, folded on a phone; Fief's map pans and
zooms; axe-core (through axe-playwright-python) finds no serious or critical violation
on the lobby and on a table of each game, in both languages."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from noblesse import games

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from playwright.sync_api import Page, expect  # noqa: E402

from .conftest import fresh_page  # noqa: E402
from .server import ServerProcess  # noqa: E402
from .test_table import N_JS, create_table, players_for  # noqa: E402
from .test_table_ux import open_seat, wait_mine  # noqa: E402

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
MIN = 44
MINE_WITH_ACTIONS = (
    "() => document.getElementById('status').classList.contains('mine')"
    " && !!document.querySelector('[data-action]')"
)
OVER_JS = "document.getElementById('status').textContent.startsWith('Game over')"
# Every element the page marks as the way to take a legal action, and its size.
TARGETS_JS = """() => [...document.querySelectorAll('[data-action]')].map((e) => {
  const r = e.getBoundingClientRect();
  return { action: e.dataset.action, tag: e.tagName, width: r.width, height: r.height }; })"""
# The first target (map targets first) whose middle a finger can reach once it is
# scrolled into view: what elementFromPoint finds there is the target or inside it.
REACHABLE_JS = """(skip) => {
  const all = [...document.querySelectorAll('[data-action]')]
    .filter((e) => !skip.some((s) => e.dataset.action.startsWith(s)));
  const order = [...all.filter((e) => e.closest('#map')), ...all.filter((e) => !e.closest('#map'))];
  for (const e of order) {
    e.scrollIntoView({ block: 'center', inline: 'nearest' });
    const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (hit && e.contains(hit)) return e.dataset.action;
  }
  return null; }"""
# A Fief deal in which seat 0, tapping what a finger reaches first, moves lords on the map
# early (with 13, or with 2 since the any-time cards, its lords stay home for 45 decisions).
MOVING_SEED = 3
# Writing a diplomatic offer goes on for many steps: a finger sends none.
COMPOSING = ["offer:", "term:", "promise:", "ask_promise:", "propose"]


@pytest.fixture
def phone(browser: Any) -> Iterator[Page]:
    """A page as a phone shows it: 390×844, touch, a mobile viewport."""
    yield from fresh_page(browser, viewport=PHONE, has_touch=True, is_mobile=True)


def bot_table(server: ServerProcess, game_id: str, seed: int) -> dict:
    return create_table(
        server, game_id, ["human"] + ["greedy"] * (players_for(game_id) - 1), seed=seed
    )


def reachable(page: Page, timeout: float = 5_000) -> str | None:
    """The action of the first target a finger reaches (one that is not part of writing
    an offer, if there is such a target), waiting a little for one while the seat still
    has a decision: a banner or a re-render may cover the targets for a moment."""
    find = f"() => ({REACHABLE_JS})({COMPOSING!r}) || ({REACHABLE_JS})([])"
    settled = f"() => ({find})() || !({MINE_WITH_ACTIONS})()"
    try:
        page.wait_for_function(settled, timeout=timeout)
    except PlaywrightError:
        return None
    action: str | None = page.evaluate(find)
    return action


def small_targets(page: Page) -> list[dict]:
    return [
        t for t in page.evaluate(TARGETS_JS) if t["width"] < MIN - 0.5 or t["height"] < MIN - 0.5
    ]


@pytest.mark.parametrize(
    ("game_id", "decisions"), [(g, 45 if g == "fief" else 12) for g in games.ids()]
)
def test_every_target_is_44_px_on_a_phone_through_turns_played_by_touch(
    server: ServerProcess, phone: Page, game_id: str, decisions: int
) -> None:
    table = bot_table(server, game_id, seed=MOVING_SEED if game_id == "fief" else 13)
    open_seat(phone, server, table, 0)
    seen: set[str] = set()
    handed_on = 0  # how many times the turn passed to another seat after this seat's taps
    tapped_to = None  # the action count right after this seat's last tap
    for _ in range(decisions):
        try:
            phone.wait_for_function(f"() => ({MINE_WITH_ACTIONS})() || {OVER_JS}", timeout=20_000)
        except PlaywrightError:
            pytest.fail(
                f"no decision of seat 1 after {sorted(seen)}: {phone.inner_text('#status')}"
            )
        if tapped_to is not None and phone.evaluate(N_JS) > tapped_to:
            handed_on += 1  # other seats acted between this seat's last tap and now
        if phone.evaluate(f"() => {OVER_JS}"):
            break
        assert not small_targets(phone), small_targets(phone)
        # the page is never wider than the phone: a wide board scrolls or pans inside it
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        action = reachable(phone)
        if action is None and not phone.evaluate(MINE_WITH_ACTIONS):
            continue  # the decision moved on before a finger could reach it (a simultaneous one)
        assert action, "no target a finger can reach"
        seen.add(action.split(":")[0])
        n = phone.evaluate(N_JS)
        phone.locator(f'[data-action="{action}"]').first.tap()
        phone.wait_for_function(f"() => Number(document.body.dataset.n) > {n}")
        tapped_to = n + 1
        assert phone.locator("#error").is_hidden(), phone.inner_text("#error")
    # a whole turn was played by touch: it passed from this seat to another one
    assert handed_on, f"the turn never passed on after {decisions} taps: {sorted(seen)}"
    if game_id == "fief":  # villages and lords were tapped on the map
        assert {"start", "lord", "move"} <= seen, seen


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("game_id", ["guillotine", "fief"])
def test_the_status_and_its_buttons_stay_in_the_window(
    server: ServerProcess, browser: Any, size: str, game_id: str
) -> None:
    viewport = PHONE if size == "phone" else DESKTOP
    context = browser.new_context(locale="en-US", viewport=viewport, has_touch=size == "phone")
    page = context.new_page()
    try:
        table = bot_table(server, game_id, seed=13)
        open_seat(page, server, table, 0)
        wait_mine(page)
        if game_id == "fief":  # a decision with buttons: start, then on to the offers' pass
            page.wait_for_function(MINE_WITH_ACTIONS)
            n = page.evaluate(N_JS)
            page.locator("[data-action^='start:']").first.dispatch_event("click")
            page.wait_for_function(f"() => Number(document.body.dataset.n) > {n}")
            wait_mine(page)
        page.wait_for_function("() => document.querySelector('#bar-actions [data-action]')")
        height = page.evaluate("document.documentElement.scrollHeight")
        assert height > viewport["height"], "the page is short: nothing to scroll"
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        page.wait_for_timeout(100)
        for selector in ("#status", "#bar-actions [data-action]"):
            box = page.locator(selector).first.bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], (
                selector,
                box,
            )
        # the bar is no taller than a third of the window (its buttons scroll inside it)
        bar = page.locator("#bar").bounding_box()
        assert bar and bar["height"] <= viewport["height"] * 0.45, bar
    finally:
        context.close()


def test_the_log_is_a_drawer_folded_on_a_phone(server: ServerProcess, phone: Page) -> None:
    table = bot_table(server, "guillotine", seed=13)
    open_seat(phone, server, table, 0)
    wait_mine(phone)
    expect(phone.locator("#log-panel")).not_to_have_attribute("open", "")
    expect(phone.locator("#log")).to_be_hidden()
    phone.locator("#log-panel > summary").tap()
    expect(phone.locator("#log")).to_be_visible()
    expect(phone.locator("#log > div").first).not_to_have_text("")


def test_fiefs_map_pans_and_zooms(server: ServerProcess, phone: Page) -> None:
    table = bot_table(server, "fief", seed=13)
    open_seat(phone, server, table, 0)
    phone.wait_for_function(MINE_WITH_ACTIONS)
    pan = phone.locator("#map-pan")
    # wider than the phone, shown from its middle; the page itself stays the phone's width
    assert pan.bounding_box()["width"] > PHONE["width"]  # type: ignore[index]
    transform = "() => getComputedStyle(document.getElementById('map-pan')).transform"
    phone.wait_for_function(f"() => ({transform})() !== 'none'")
    before = phone.evaluate(transform)
    phone.click("#map-zoom-in")
    phone.wait_for_function(f"(b) => ({transform})() !== b", arg=before)
    # a drag with the mouse moves the map and clicks nothing; it starts in the map's middle,
    # brought to the screen's middle (the zoom button's click scrolled the page, and the
    # sticky status bar may cover the top of the map)
    phone.evaluate("() => document.getElementById('map-view').scrollIntoView({block: 'center'})")
    view = phone.locator("#map-view").bounding_box()
    assert view
    x, y = view["x"] + view["width"] / 2, view["y"] + view["height"] / 2
    under = "(p) => document.elementFromPoint(p[0], p[1]).closest('#map-view') !== null"
    assert phone.evaluate(under, [x, y])
    zoomed = settled_box(phone, "#map")
    n = phone.evaluate(N_JS)
    phone.mouse.move(x, y)
    phone.mouse.down()
    phone.mouse.move(x - 60, y - 20, steps=5)
    phone.mouse.up()
    moved = phone.locator("#map").bounding_box()
    assert moved and moved["x"] < zoomed["x"] - 30, (zoomed, moved)
    phone.wait_for_timeout(300)
    assert phone.evaluate(N_JS) == n
    # the view is kept when the page draws the table again (a language switch)
    moved = settled_box(phone, "#map")
    phone.click("#lang-toggle")
    expect(phone.locator("#map-reset")).to_have_attribute("aria-label", "顯示整張地圖")
    kept = settled_box(phone, "#map")
    assert kept and abs(kept["x"] - moved["x"]) < 2 and abs(kept["width"] - moved["width"]) < 2


def settled_box(page: Page, selector: str) -> dict[str, float]:
    """The element's box once the map's pan or zoom animation is over (two reads 100 ms
    apart agree)."""
    page.wait_for_function(
        """async (sel) => {
        const read = () => JSON.stringify(document.querySelector(sel).getBoundingClientRect());
        const first = read();
        await new Promise((done) => setTimeout(done, 100));
        return read() === first;
    }""",
        arg=selector,
        polling=150,
    )
    box = page.locator(selector).bounding_box()
    assert box
    return box


def axe_violations(page: Page) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    result = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:4]]}"
        for v in result.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_axe_finds_no_serious_violation_in_the_lobby_and_at_each_game(
    server: ServerProcess, browser: Any, lang: str
) -> None:
    pytest.importorskip("axe_playwright_python")
    found: dict[str, list[str]] = {}
    for viewport in (DESKTOP, PHONE):
        context = browser.new_context(locale="en-US", viewport=viewport)
        context.add_init_script(f"localStorage.setItem('noblesse.lang', '{lang}')")
        page = context.new_page()
        try:
            page.goto(server.url + "/")
            expect(page.locator("#create")).not_to_have_text("")
            found[f"lobby {viewport['width']}"] = axe_violations(page)
            for game_id in games.ids():
                open_seat(page, server, bot_table(server, game_id, seed=13), 0)
                page.wait_for_function(MINE_WITH_ACTIONS, timeout=20_000)
                found[f"{game_id} {viewport['width']}"] = axe_violations(page)
        finally:
            context.close()
    assert not any(found.values()), {k: v for k, v in found.items() if v}


def test_arrow_keys_move_the_focus_along_a_row(server: ServerProcess, page: Page) -> None:
    table = bot_table(server, "guillotine", seed=13)
    open_seat(page, server, table, 0)
    wait_mine(page)
    cards = page.locator("#hand > [data-action]")
    count = cards.count()
    assert count >= 2
    actions = [cards.nth(i).get_attribute("data-action") for i in range(count)]
    focused = "() => document.activeElement && document.activeElement.dataset.action"
    cards.first.focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) == actions[1]
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")  # from the first to the last
    assert page.evaluate(focused) == actions[-1]
    n = page.evaluate(N_JS)
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => Number(document.body.dataset.n) > {n}")


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_phone_header_is_one_sticky_row_above_the_bar(
    server: ServerProcess, browser: Any, lang: str
) -> None:
    context = browser.new_context(locale="en-US", viewport=PHONE, has_touch=True, is_mobile=True)
    context.add_init_script(f"localStorage.setItem('noblesse.lang', '{lang}')")
    page = context.new_page()
    try:
        table = bot_table(server, "fief", seed=13)
        open_seat(page, server, table, 0)
        page.wait_for_function(MINE_WITH_ACTIONS)
        expect(page.locator("#rules-link")).to_be_visible()
        header = page.locator("body > header").bounding_box()
        assert header and header["height"] <= 56, header
        # every control of the header stands on its one row, none cut off by the screen
        for selector in ("#to-lobby", "#game-name", "#rules-link", "#copy-link", "#lang-toggle"):
            box = page.locator(selector).bounding_box()
            assert (
                box
                and box["y"] >= header["y"]
                and box["y"] + box["height"] <= header["y"] + header["height"]
            ), selector
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], selector
        for selector in ("#rules-link", "#copy-link"):  # icons, at least 44 px, named in words
            box = page.locator(selector).bounding_box()
            assert box and box["width"] >= MIN and box["height"] >= MIN, selector
        expect(page.locator("#copy-link")).to_have_accessible_name(
            "Copy my link" if lang == "en" else "複製我的連結"
        )
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        page.wait_for_timeout(100)
        header = page.locator("body > header").bounding_box()
        bar = page.locator("#bar").bounding_box()
        assert header and header["y"] == 0, header
        assert bar and abs(bar["y"] - header["height"]) <= 1, (header, bar)
        assert page.evaluate("document.elementFromPoint(195, 20).closest('header') !== null")
    finally:
        context.close()


# The middle of every map target of the decision, and whether the map's view shows it.
TARGETS_IN_VIEW_JS = """() => { const v = document.getElementById('map-view').getBoundingClientRect();
  return [...document.querySelectorAll('#map [data-action]')].map((e) => {
    const r = e.getBoundingClientRect(); const x = r.left + r.width / 2, y = r.top + r.height / 2;
    return { action: e.dataset.action, inside: x > v.left && x < v.right && y > v.top && y < v.bottom }; }); }"""
SCALE_JS = "() => new DOMMatrix(getComputedStyle(document.getElementById('map-pan')).transform).a"


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_fiefs_map_shows_the_region_of_the_decision(
    server: ServerProcess, browser: Any, size: str
) -> None:
    viewport = PHONE if size == "phone" else DESKTOP
    context = browser.new_context(locale="en-US", viewport=viewport, has_touch=size == "phone")
    page = context.new_page()
    try:
        open_seat(page, server, bot_table(server, "fief", seed=MOVING_SEED), 0)
        fitted = []
        for _ in range(20):
            page.wait_for_function(MINE_WITH_ACTIONS, timeout=20_000)
            on_map = page.eval_on_selector_all(
                "#map [data-action]", "els => els.map(e => e.dataset.action)"
            )
            if on_map and len(on_map) <= 6:  # a lord to move, the villages it may go to
                settled_box(page, "#map")
                shown = page.evaluate(TARGETS_IN_VIEW_JS)
                assert all(t["inside"] for t in shown), shown
                fitted.append((on_map[0].split(":")[0], page.evaluate(SCALE_JS)))
            action = page.evaluate(REACHABLE_JS, COMPOSING)
            assert action
            n = page.evaluate(N_JS)
            page.locator(f'[data-action="{action}"]').first.dispatch_event("click")
            page.wait_for_function(f"() => Number(document.body.dataset.n) > {n}")
            if {"lord", "move"} <= {kind for kind, _ in fitted}:
                break
        assert {"lord", "move"} <= {kind for kind, _ in fitted}, fitted
        # zoomed in on them, twice the map's size at most, never below it (44 px targets)
        assert all(1 <= scale <= 2 for _, scale in fitted), fitted
        assert any(scale > 1.2 for _, scale in fitted), fitted
    finally:
        context.close()


def tap_until(phone: Page, wanted: str, most: int) -> None:
    """Tap the seat's reachable actions (no offer composed) until, at most ``most`` taps on,
    its decision shows an element matching ``wanted``."""
    for _ in range(most):
        phone.wait_for_function(MINE_WITH_ACTIONS, timeout=20_000)
        if phone.locator(wanted).count():
            return
        action = phone.evaluate(REACHABLE_JS, COMPOSING)
        n = phone.evaluate(N_JS)
        phone.locator(f'[data-action="{action}"]').first.tap()
        phone.wait_for_function(f"() => Number(document.body.dataset.n) > {n}")


def test_fiefs_offer_buttons_stand_in_the_bar(server: ServerProcess, phone: Page) -> None:
    open_seat(phone, server, bot_table(server, "fief", seed=13), 0)
    tap_until(phone, "[data-action^='offer:to:']", 30)
    offers = phone.locator("[data-action^='offer:to:']")
    shown = offers.evaluate_all("els => els.map(e => e.dataset.action + ' ' + e.parentElement.id)")
    # an offer to each of the 3 other families (seats 2 to 4), docked in the bar
    assert sorted(shown) == [f"offer:to:{i} offer-choices" for i in (2, 3, 4)], shown
    expect(phone.locator("#bar-actions #offer-choices")).to_have_attribute(
        "aria-label", "Diplomacy"
    )
    # in the window with the page scrolled to its end, and tapped from there
    phone.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    box = offers.first.bounding_box()
    assert box and 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"], box
    n = phone.evaluate(N_JS)
    offers.first.tap()
    phone.wait_for_function(f"() => Number(document.body.dataset.n) > {n}")
    expect(phone.locator("#offer-head")).to_be_visible()
    expect(phone.locator("#bar-actions [data-action='offer:cancel']")).to_be_visible()
    # the offer's terms are more buttons than the bar shows: a line under them says so
    box = phone.locator("#bar-actions #offer-choices")
    cue = phone.locator("#bar-actions #offer-choices + .more-cue")
    assert box.evaluate("(b) => b.scrollHeight > b.clientHeight + 40")
    expect(cue).to_be_visible()
    expect(cue).to_have_text("More buttons below: scroll them ↓")
    expect(box).to_have_class(re.compile(r"\bmore-below\b"))
    cue_box = cue.bounding_box()
    assert cue_box and cue_box["y"] + cue_box["height"] <= PHONE["height"], cue_box
    phone.click("#lang-toggle")
    expect(cue).to_have_text("下方還有更多按鈕：請向下捲動↓")
    # scrolled to its end, the box has nothing more below: the line goes
    box.evaluate("(b) => { b.scrollTop = b.scrollHeight; }")
    expect(cue).to_be_hidden()
    expect(box).not_to_have_class(re.compile(r"\bmore-below\b"))
    box.evaluate("(b) => { b.scrollTop = 0; }")
    expect(cue).to_be_visible()


def test_no_line_says_more_buttons_when_the_bar_shows_them_all(
    server: ServerProcess, page: Page
) -> None:
    open_seat(page, server, bot_table(server, "guillotine", seed=13), 0)
    wait_mine(page)
    box = page.locator("#bar-actions #choices")
    expect(box).to_be_visible()
    assert box.evaluate("(b) => b.scrollHeight <= b.clientHeight")
    expect(page.locator("#bar-actions .more-cue")).to_be_hidden()


def test_the_seats_panels_are_a_drawer_folded_on_a_phone_and_opened_for_their_targets(
    server: ServerProcess, phone: Page
) -> None:
    open_seat(phone, server, bot_table(server, "fief", seed=MOVING_SEED), 0)
    phone.wait_for_function(MINE_WITH_ACTIONS)
    drawer = phone.locator("#seats-panel")
    panels = drawer.locator(".player[data-seat]")
    # the four families' panels are in the drawer, folded
    expect(panels).to_have_count(4)
    expect(drawer).not_to_have_attribute("open", "")
    expect(panels.first).to_be_hidden()
    summary = drawer.locator("> summary")
    assert summary.bounding_box()["height"] >= MIN  # type: ignore[index]
    expect(summary).to_have_text("Players (4)")
    summary.tap()
    for i in range(4):
        expect(panels.nth(i)).to_be_visible()
    # the reader's choice is kept when the page draws the table again (a language switch)
    phone.click("#lang-toggle")
    expect(summary).to_have_text("玩家（4）")
    expect(panels.first).to_be_visible()
    summary.tap()
    expect(panels.first).to_be_hidden()
    phone.click("#lang-toggle")
    expect(panels.first).to_be_hidden()
    # a decision whose targets are in the panels (a lord to move) opens the drawer
    tap_until(phone, "#players [data-action]", 40)
    targets = drawer.locator("[data-action]")
    assert targets.count(), "no decision with its targets in the seats' panels"
    expect(drawer).to_have_attribute("open", "")
    for i in range(targets.count()):
        box = targets.nth(i).bounding_box()
        assert box and box["width"] >= MIN and box["height"] >= MIN, box
    # closed again by the reader, it stays closed for this decision
    summary.tap()
    expect(targets.first).to_be_hidden()
    phone.click("#lang-toggle")
    expect(drawer.locator("[data-action]").first).to_be_hidden()


def test_the_seats_panels_are_open_beside_the_board_on_a_desktop(
    server: ServerProcess, page: Page
) -> None:
    open_seat(page, server, bot_table(server, "guillotine", seed=13), 0)
    wait_mine(page)
    expect(page.locator("#seats-panel")).to_have_attribute("open", "")
    panels = page.locator("#seats-panel .player[data-seat]")
    expect(panels).to_have_count(4)
    for i in range(4):
        expect(panels.nth(i)).to_be_visible()


def test_fiefs_map_zooms_with_a_pinch(server: ServerProcess, phone: Page) -> None:
    open_seat(phone, server, bot_table(server, "fief", seed=13), 0)
    phone.wait_for_function(MINE_WITH_ACTIONS)
    settled_box(phone, "#map")
    before = phone.evaluate(SCALE_JS)
    n = phone.evaluate(N_JS)
    view = phone.locator("#map-view").bounding_box()
    assert view
    x, y = view["x"] + view["width"] / 2, view["y"] + view["height"] / 2
    # two fingers drawn apart on the map (CDP touch events, as a phone's screen sends them)
    cdp = phone.context.new_cdp_session(phone)
    try:

        def fingers(apart: float) -> list[dict[str, float]]:
            return [{"x": x - apart, "y": y, "id": 0}, {"x": x + apart, "y": y, "id": 1}]

        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": fingers(30)})
        for k in range(1, 11):
            cdp.send(
                "Input.dispatchTouchEvent",
                {"type": "touchMove", "touchPoints": fingers(30 + 9 * k)},
            )
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        cdp.detach()
    settled_box(phone, "#map")
    after = phone.evaluate(SCALE_JS)
    assert after > before * 1.5, (before, after)
    assert phone.evaluate(N_JS) == n  # a pinch takes no action
