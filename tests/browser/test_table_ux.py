"""The table as a player finds it (issue 20): the tab's title and icon say when it is
your turn, "My tables" leads back to a seat, every legal action is reached with Tab and
played with Enter, every card and board space named with its state and whether it is
playable, a disconnected board takes no click, "Hand to bot" only for seats
whose player is away, a refused link's page drawn in both languages, and the lobby's
descriptions, remembered game, folded rule switches and the turn limit beside the player
count."""

from __future__ import annotations

import re
from typing import Any

import pytest

from noblesse import games

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Page, expect  # noqa: E402

from .server import ServerProcess  # noqa: E402
from .test_table import N_JS, api, create_table, players_for  # noqa: E402

ONWARD = ("pass", "lord_done", "stay", "let_go", "permit:yes", "end_turn")
DESKTOP = {"width": 1280, "height": 800}


def open_seat(page: Page, server: ServerProcess, table: dict, seat: int, extra: str = "") -> None:
    page.goto(server.url + table["seats"][seat]["link"] + extra)
    expect(page.locator("#status")).not_to_have_text("")


def wait_mine(page: Page) -> None:
    expect(page.locator("#status")).to_have_class(re.compile(r"\bmine\b"), timeout=20_000)


def play_turn_out(page: Page, max_clicks: int = 40) -> None:
    """Click this seat's decisions (going on where it can) until it is no longer its turn:
    the status is no longer this seat's, or another seat has moved (a quick bot may have
    played and handed the turn back before the page is looked at again)."""
    began = page.evaluate(N_JS)
    for _ in range(max_clicks):
        if "mine" not in (page.get_attribute("#status", "class") or ""):
            return
        if page.evaluate(f"() => Number(document.body.dataset.lastMove || -1) > {began}"):
            return
        shown = page.eval_on_selector_all("[data-action]", "els => els.map(e => e.dataset.action)")
        if not shown:
            page.wait_for_timeout(100)
            continue
        onward = [a for a in shown if a in ONWARD]
        n = page.evaluate(N_JS)
        page.locator(f'[data-action="{(onward or shown)[0]}"]').first.click()
        page.wait_for_function(f"() => Number(document.body.dataset.n) > {n}")
    raise AssertionError("the turn did not end")


def test_the_title_and_icon_say_when_it_is_your_turn(server: ServerProcess, page: Page) -> None:
    table = create_table(server, "guillotine", ["human", "human"], seed=11)
    first = api(server, f"/api/tables/{table['id']}/watch")["to_act"][0]
    other = 1 - first
    open_seat(page, server, table, other)
    expect(page).to_have_title("Guillotine · noblesse")
    expect(page.locator("#table-title")).to_contain_text("Guillotine")
    idle_icon = page.get_attribute("#favicon", "href")
    assert idle_icon and idle_icon.startswith("data:image/svg+xml")

    mover = page.context.new_page()
    open_seat(mover, server, table, first)
    expect(mover).to_have_title("Your turn · Guillotine · noblesse")
    play_turn_out(mover)
    expect(mover).to_have_title("Guillotine · noblesse")

    expect(page).to_have_title("Your turn · Guillotine · noblesse")
    assert page.get_attribute("#favicon", "href") != idle_icon
    # The other seat's move is read out politely here, not on the mover's own page.
    expect(page.locator("#announce")).to_have_attribute("aria-live", "polite")
    expect(page.locator("#announce")).not_to_have_text("")
    expect(mover.locator("#announce")).to_have_text("")
    page.click("#lang-toggle")
    expect(page).to_have_title("輪到你了 · 革命斷頭臺 · noblesse")
    expect(page.locator("#table-title")).to_contain_text("革命斷頭臺")
    mover.close()


def test_a_seat_is_found_again_through_my_tables(server: ServerProcess, page: Page) -> None:
    table = create_table(server, "guillotine", ["human", "greedy"], seed=12)
    link = table["seats"][0]["link"]
    context = page.context
    seat_page = context.new_page()
    open_seat(seat_page, server, table, 0)
    wait_mine(seat_page)
    # "Copy my link" puts the seat's own link on the clipboard.
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    seat_page.click("#copy-link")
    expect(seat_page.locator("#copy-link")).to_contain_text("Copied")
    assert seat_page.evaluate("navigator.clipboard.readText()") == server.url + link
    seat_page.close()

    page.goto(server.url + "/")
    row = page.locator(f'#mine-list tr[data-table="{table["id"]}"]')
    expect(row).to_have_count(1)
    expect(row.locator(".mine-state")).to_have_text("Your turn")
    expect(row).to_contain_text("Guillotine")
    page.click("#lang-toggle")
    expect(page.locator("#mine h2")).to_have_text("我的牌桌")
    expect(row.locator(".mine-state")).to_have_text("輪到你了")
    page.click("#lang-toggle")
    row.locator("a.mine-link").click()
    page.wait_for_url(re.compile(re.escape(link.split("?")[0]) + r"\?seat=0&token="))
    wait_mine(page)
    expect(page.locator("#hand")).to_have_count(1)


def test_my_tables_says_when_a_seat_waits_and_when_its_game_is_over(
    server: ServerProcess, page: Page
) -> None:
    from .test_table import wait_until_over

    waiting = create_table(server, "guillotine", ["human", "human"], seed=11)
    first = api(server, f"/api/tables/{waiting['id']}/watch")["to_act"][0]
    open_seat(page, server, waiting, first)
    wait_mine(page)
    play_turn_out(page)  # the other person's turn now
    over = create_table(server, "guillotine", ["greedy", "greedy"], seed=12)
    wait_until_over(server, over["id"])
    # a seat of the finished game this browser opened while it went on
    page.evaluate(
        """(id) => { const list = JSON.parse(localStorage.getItem('noblesse.mine'));
      list.push({ id, game: 'guillotine', seat: 1, token: 't', link: `/table/${id}?seat=1&token=t`, state: 'waiting' });
      localStorage.setItem('noblesse.mine', JSON.stringify(list)); }""",
        over["id"],
    )
    page.goto(server.url + "/")
    waits = page.locator(f'#mine-list tr[data-table="{waiting["id"]}"] .mine-state')
    ended = page.locator(f'#mine-list tr[data-table="{over["id"]}"] .mine-state')
    expect(waits).to_have_text("Waiting")
    expect(ended).to_have_text("Finished")
    page.click("#lang-toggle")
    expect(waits).to_have_text("等待中")
    expect(ended).to_have_text("已結束")


@pytest.mark.parametrize("game_id", games.ids())
def test_tab_reaches_every_legal_action_and_enter_plays_it(
    server: ServerProcess, page: Page, game_id: str
) -> None:
    page.set_viewport_size(DESKTOP)
    seats = ["human"] + ["greedy"] * (players_for(game_id) - 1)
    table = create_table(server, game_id, seats, seed=13)
    open_seat(page, server, table, 0)
    wait_mine(page)
    page.wait_for_function("() => document.querySelectorAll('[data-action]').length > 0")
    legal = set(page.eval_on_selector_all("[data-action]", "els => els.map(e => e.dataset.action)"))
    # Tab goes through the page, the decision's every target on the way (board and buttons)
    reached: dict[str, Any] = {}
    for _ in range(600):
        page.keyboard.press("Tab")
        focused = page.evaluate("""() => { const e = document.activeElement;
          if (!e || !e.dataset || !e.dataset.action) return null;
          const s = getComputedStyle(e);
          return { action: e.dataset.action, label: e.getAttribute('aria-label') || e.textContent,
                   outline: s.outlineStyle, width: s.outlineWidth }; }""")
        if focused:
            reached[focused["action"]] = focused
        if set(reached) >= legal:
            break
    assert set(reached) >= legal, f"Tab never reached {sorted(legal - set(reached))}"
    for focused in reached.values():  # each named, each with a visible ring
        assert focused["label"].strip(), focused
        assert focused["outline"] != "none" and focused["width"] != "0px", focused
    # Enter plays the one on the board if the decision has one, else a button
    on_board = page.locator(".clickable[data-action]")
    target = on_board.first if on_board.count() else page.locator("[data-action]").first
    target.focus()
    n = page.evaluate(N_JS)
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => Number(document.body.dataset.n) > {n}")
    assert page.locator("#error").is_hidden(), page.inner_text("#error")


# Every card and board space as a screen reader names it: its accessible name and
# whether a legal action takes it.
THINGS = ".card, .rb-card, .rb-score, .cl-card, .cl-land, .slot, [data-village], g.lord, [data-action]:not(button)"
ON_BOARD = (
    "() => document.querySelectorAll('#game-area .clickable[data-action]:not(button)').length"
)
NAMES_JS = """(selector) => [...document.querySelectorAll('#game-area')].flatMap((area) =>
  [...area.querySelectorAll(selector)].filter((e) => e.tagName !== 'BUTTON').map((e) => ({
    label: e.getAttribute('aria-label') || '', role: e.getAttribute('role') || '',
    playable: !!e.dataset.action,
    name: e.dataset.name || (e.querySelector('.name') || {}).textContent || '' })))"""
PLAYABLE = {"en": ("playable", ", "), "zh-TW": ("可選", "，")}


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("game_id", games.ids())
def test_every_card_and_board_space_is_named_with_its_state_and_whether_it_is_playable(
    server: ServerProcess, page: Page, game_id: str, lang: str
) -> None:
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('noblesse.lang', '{lang}')")
    table = create_table(
        server, game_id, ["human"] + ["greedy"] * (players_for(game_id) - 1), seed=13
    )
    open_seat(page, server, table, 0)
    for _ in range(30):  # on to a decision taken on the board (not by a button)
        wait_mine(page)
        page.wait_for_function("() => document.querySelectorAll('[data-action]').length > 0")
        if page.evaluate(ON_BOARD):
            break
        n = page.evaluate(N_JS)
        page.locator("[data-action]").first.click()
        page.wait_for_function(f"() => Number(document.body.dataset.n) > {n}")
    things = page.evaluate(NAMES_JS, THINGS)
    word, comma = PLAYABLE[lang]
    playable = [t for t in things if t["playable"]]
    still = [t for t in things if not t["playable"]]
    assert playable and still, things
    for t in things:  # each one named, beginning with its name
        assert t["label"] and t["label"].startswith(t["name"].strip()), t
    for t in playable:
        assert f"{comma}{word}{comma}" in t["label"] and t["role"] == "button", t
    for t in still:
        assert word not in t["label"] and t["role"] == "group", t
    # a card in the hand says where it lies
    in_hand = page.locator("#hand [aria-label]")
    if in_hand.count():
        expect(in_hand.first).to_have_attribute(
            "aria-label", re.compile("in your hand" if lang == "en" else "在你的手牌中")
        )
    if game_id == "conflicting_legends":  # a territory a seat holds says whose it is
        held = page.locator(".player .cl-land[aria-label]")
        expect(held.first).to_have_attribute(
            "aria-label", re.compile("territory of" if lang == "en" else "的領土")
        )


def test_the_turn_limit_stands_beside_the_player_count(server: ServerProcess, browser: Any) -> None:
    for viewport in (DESKTOP, {"width": 390, "height": 844}):
        context = browser.new_context(locale="en-US", viewport=viewport)
        page = context.new_page()
        page.goto(server.url + "/")
        page.select_option("#game", "fief")
        players = page.locator("#players").bounding_box()
        limit = page.locator('[data-option="max_turns"]').bounding_box()
        assert players and limit
        # on one line: their middles at the same height, the limit to the right of the count
        assert (
            abs((players["y"] + players["height"] / 2) - (limit["y"] + limit["height"] / 2)) < 4
        ), (players, limit)
        assert limit["x"] > players["x"] + players["width"], (players, limit)
        assert limit["x"] + limit["width"] <= viewport["width"], (limit, viewport)
        # nothing stands between them: the next control in the page is the turn limit
        assert (
            page.evaluate("""() => { const all = [...document.querySelectorAll('#new-table select, #new-table input')];
          return all[all.indexOf(document.getElementById('players')) + 1].dataset.option; }""")
            == "max_turns"
        )
        context.close()


def test_space_plays_a_focused_card(server: ServerProcess, page: Page) -> None:
    table = create_table(server, "guillotine", ["human", "greedy"], seed=14)
    open_seat(page, server, table, 0)
    wait_mine(page)
    target = page.locator(".clickable[data-action]").first
    assert target.get_attribute("tabindex") == "0" and target.get_attribute("role") == "button"
    n = page.evaluate(N_JS)
    target.focus()
    page.keyboard.press(" ")
    page.wait_for_function(f"() => Number(document.body.dataset.n) > {n}")


def test_a_disconnected_board_takes_no_click(server: ServerProcess, page: Page) -> None:
    table = create_table(server, "guillotine", ["human", "greedy"], seed=15)
    link = {"down": False, "open": []}

    def route(ws: Any) -> None:
        if link["down"]:  # the server is unreachable: every new connection drops at once
            ws.close()
            return
        to_server = ws.connect_to_server()
        link["open"].append((ws, to_server))

    page.route_web_socket(re.compile(r"/ws/tables/"), route)
    open_seat(page, server, table, 0)
    wait_mine(page)
    n = api(server, f"/api/tables/{table['id']}/watch")["n"]

    link["down"] = True
    for ws, to_server in link["open"]:
        to_server.close()
        ws.close()
    link["open"].clear()
    area = page.locator("#game-area")
    expect(area).to_have_class(re.compile(r"\boffline\b"))
    expect(page.locator("#error")).to_contain_text("reconnecting")
    expect(page.locator("#status")).not_to_have_class(re.compile(r"\bmine\b"))
    assert page.evaluate("document.getElementById('game-area').inert")
    target = page.locator(".clickable[data-action]").first
    box = target.bounding_box()
    assert box
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    target.dispatch_event("click")  # even a click that gets through changes nothing
    page.wait_for_timeout(600)
    assert api(server, f"/api/tables/{table['id']}/watch")["n"] == n

    link["down"] = False  # back: the page resyncs and the board is live again
    expect(area).not_to_have_class(re.compile(r"\boffline\b"), timeout=10_000)
    wait_mine(page)
    expect(page.locator("#error")).to_be_hidden()
    page.locator(".clickable[data-action]").first.click()
    page.wait_for_function(f"() => Number(document.body.dataset.n) > {n}")


def test_hand_to_bot_only_for_a_seat_whose_player_is_away(
    server: ServerProcess, page: Page
) -> None:
    table = create_table(server, "guillotine", ["human", "human"], seed=16)
    open_seat(page, server, table, 0, f"&host={table['host_token']}")
    expect(page.locator('.to-bot[data-seat="1"]')).to_have_count(1)
    expect(page.locator('.to-bot[data-seat="0"]')).to_have_count(0)  # the host's own seat

    other = page.context.new_page()
    open_seat(other, server, table, 1)
    expect(page.locator('.to-bot[data-seat="1"]')).to_have_count(0)  # seat 2 came back
    other.close()
    expect(page.locator('.to-bot[data-seat="1"]')).to_have_count(1)
    page.click('.to-bot[data-seat="1"]')
    expect(page.locator("#side")).to_contain_text("Bot (medium)")
    assert page.locator("#error").is_hidden()


def test_a_refused_link_is_drawn_in_both_languages(server: ServerProcess, page: Page) -> None:
    table = create_table(server, "guillotine", ["human", "greedy"], seed=17)
    page.goto(f"{server.url}/table/{table['id']}?seat=0&token=wrong")
    expect(page.locator("#error")).to_contain_text("403")
    expect(page.locator("#lang-toggle")).to_have_text("中文")
    expect(page.locator("#log-title")).to_have_text("Log")
    expect(page.locator("#refused-text")).to_be_visible()
    expect(page.locator("#refused-watch")).to_have_attribute("href", f"/table/{table['id']}")
    expect(page).to_have_title("Guillotine · noblesse")
    english = page.inner_text("#error")
    page.click("#lang-toggle")
    expect(page.locator("#lang-toggle")).to_have_text("English")
    expect(page.locator("#log-title")).to_have_text("紀錄")
    expect(page.locator("#error")).to_contain_text("（403）")
    assert page.inner_text("#error") != english
    expect(page.locator("#refused-text")).to_contain_text("座位連結")
    expect(page.locator("#refused-lobby")).to_have_text("回到大廳")
    expect(page.locator("#copy-link")).to_be_hidden()


def test_the_lobby_describes_games_and_folds_the_rule_switches(
    server: ServerProcess, page: Page
) -> None:
    page.goto(server.url + "/")
    expect(page.locator("#game")).to_have_value("guillotine")
    expect(page.locator("#about p")).to_have_count(2)
    page.select_option("#game", "fief")
    expect(page.locator('[data-option="max_turns"]')).to_be_visible()
    expect(page.locator("#advanced")).not_to_have_attribute("open", "")
    switch = page.locator('#advanced input[type="checkbox"]').first
    expect(switch).to_be_hidden()
    page.click("#advanced summary")
    expect(switch).to_be_visible()
    page.reload()
    expect(page.locator("#game")).to_have_value("fief")
    page.click("#lang-toggle")
    expect(page.locator("#advanced summary")).to_contain_text("進階規則")
    expect(page.locator("#about")).to_contain_text("1429")


def test_the_lobby_offers_the_bot_levels_with_a_line_on_each(
    server: ServerProcess, page: Page
) -> None:
    page.goto(server.url + "/")
    page.select_option("#players", "3")
    for seat, chosen in enumerate(["human", "normal", "normal"]):
        select = page.locator(f'select[data-seat="{seat}"]')
        expect(select).to_have_value(chosen)
        options = select.locator("option")
        expect(options).to_have_text(
            ["Human", "Bot (easy)", "Bot (medium)", "Bot (hard)", "Open seat (anyone may join)"]
        )
        assert options.evaluate_all("os => os.map(o => o.value)") == [
            "human",
            "easy",
            "normal",
            "hard",
            "open",
        ]
    lines = page.locator("#levels p")
    expect(lines).to_have_count(3)
    expect(lines.nth(2)).to_contain_text("Bot (hard): Searches")
    page.select_option('select[data-seat="1"]', "hard")
    page.click("#create")
    expect(page.locator("a.seat-link")).to_have_count(1)
    table_id = page.get_attribute("a.seat-link", "href").split("?")[0].rsplit("/", 1)[1]
    watched = api(server, f"/api/tables/{table_id}/watch")
    assert [s["kind"].split(":")[0] for s in watched["seats"]] == ["human", "hard", "normal"]
    page.click("#lang-toggle")
    expect(page.locator('select[data-seat="2"] option')).to_have_text(
        ["真人", "電腦（簡單）", "電腦（普通）", "電腦（困難）", "空位（任何人都可以入座）"]
    )
    expect(page.locator("#levels p").nth(0)).to_contain_text("電腦（簡單）：隨機選一個合法的行動")
