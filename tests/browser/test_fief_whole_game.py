"""A whole game of Fief in a real browser (issue #9): one person at seat 0 against two
greedy bots plays every decision by clicking the page, from choosing a starting village
to the game-over screen, marriages, elections, offers and battles included; half the
game in English, the other half in Traditional Chinese after the page's language switch.

The game is known before the browser opens. The server's bots are seeded by the table
seed, the action number and the seat (``TableManager._run_bots``), so the test plays
the same game in this process first: seat 0 chooses what a greedy bot would, and in a
ballot (the one decision taken by several seats at once) the person waits until the
bots have voted, as the page lets them. Seed 3 with three families ends by a real
victory in turn 11 (a married pair, seats 1 and 3, reach it together) after 567
actions, 211 of them seat 0's clicks; no turn limit is needed. At each of seat 0's
decisions the page must offer exactly the legal actions, and the click must record the
chosen one. At the end, the status, the log's last line and every family's VP on the
page must say what the server's record says, in both languages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Page, expect  # noqa: E402

from noblesse.agents import make_agent  # noqa: E402
from noblesse.core.events import Event  # noqa: E402
from noblesse.games.fief.game import GAME  # noqa: E402
from noblesse.server.store import Store  # noqa: E402
from noblesse.sim.batch import game_seed  # noqa: E402

from .server import ServerProcess  # noqa: E402
from .test_table import PANEL_SCORES_JS, api  # noqa: E402

SEED = 3
SEATS = ["human", "greedy", "greedy"]
MAX_ACTIONS = 3000
WORDS = {"en": {"your_turn": "Your turn", "over": "Game over", "winners": "Winner(s)",
                "you": "you", "greedy": "Greedy bot"},
         "zh-TW": {"your_turn": "輪到你了", "over": "遊戲結束", "winners": "勝者",
                   "you": "你", "greedy": "貪心電腦"}}
CJK = re.compile(r"[\u4e00-\u9fff]")
SHOWN_JS = """() => [...document.querySelectorAll('[data-action]')].map(
    (e) => [e.dataset.action, e.tagName.toLowerCase(), e.textContent.trim()])"""


@dataclass
class Plan:
    """The whole game: every action in order, seat 0's legal actions at each of its
    decisions (by action number), and the events of each action."""

    actions: list[tuple[int, str]] = field(default_factory=list)
    legal: dict[int, list[str]] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    vp: list[int] = field(default_factory=list)


def next_seat(to_act: tuple[int, ...]) -> int:
    """Who acts next at the table: a bot if any is to act (the server's bots go in seat
    order; the person waits for them in a ballot), else seat 0."""
    bots = [seat for seat in to_act if SEATS[seat] != "human"]
    return bots[0] if bots else to_act[0]


def planned_game(seed: int) -> Plan:
    """The game the table will play, every seat choosing as the server's greedy bot
    would at that action number."""
    state = GAME.setup(len(SEATS), seed, {})
    plan = Plan()
    while not GAME.is_over(state):
        assert len(plan.actions) < MAX_ACTIONS, "the planned game does not end"
        seat = next_seat(GAME.to_act(state))
        n = len(plan.actions)
        if seat == 0:
            plan.legal[n] = [GAME.encode(a) for a in GAME.legal_actions(state, 0)]
        agent = make_agent("greedy", game_seed(seed, n, f"bot{seat}"))
        action = agent.act(GAME, state, seat)
        plan.actions.append((seat, GAME.encode(action)))
        plan.events.extend(GAME.apply(state, seat, action))
    plan.winners = GAME.winners(state)
    plan.vp = [int(v) for v in GAME.scores(state)]
    return plan


def wait_for_n(page: Page, n: int) -> None:
    """Until the page has seen exactly ``n`` actions."""
    page.wait_for_function("n => document.body.dataset.n === String(n)", arg=n)


def check_shown(page: Page, legal: list[str], lang: str) -> None:
    """The page offers every legal action and nothing else; every button has a label in
    the page's language (not the action's code)."""
    shown = page.evaluate(SHOWN_JS)
    assert {action for action, _, _ in shown} == set(legal)
    for action, tag, text in shown:
        if tag != "button":
            continue
        assert text and text != action, f"{action!r} has no label: {text!r}"
        if lang == "zh-TW":
            assert CJK.search(text) or not re.search(r"[A-Za-z]{3}", text), (action, text)


def seat_name(seat: int, lang: str) -> str:
    """How the page names a seat (table.js seatName): you, or a bot."""
    words = WORDS[lang]
    base = f"座位{seat + 1}" if lang == "zh-TW" else f"Seat {seat + 1}"
    return f"{base} ({words['you']})" if seat == 0 else f"{base} [{words['greedy']}]"


def check_game_over(page: Page, plan: Plan, lang: str) -> None:
    """The final screen says what the record says: the status names the winners, the
    log's last line says how the game ended and who won, each family shows its VP."""
    words = WORDS[lang]
    winners = ", ".join(seat_name(s, lang) for s in plan.winners)
    expect(page.locator("#status")).to_have_text(f"{words['over']} — {words['winners']}: {winners}")
    expect(page.locator("#status")).not_to_have_class(re.compile(r"\bmine\b"))
    expect(page.locator("[data-action]")).to_have_count(0)
    over = next(e for e in reversed(plan.events) if e.type == "game_over")
    assert over.public["how"] == "victory"
    expect(page.locator("#log > div").last).to_have_text(GAME.describe_event(over.for_seat(0), lang, None))
    panels = {int(seat): text for seat, text in page.evaluate(PANEL_SCORES_JS)}
    assert {seat: int(text.split(" VP")[0]) for seat, text in panels.items()} == dict(
        enumerate(plan.vp))
    turn = "第 " if lang == "zh-TW" else "Turn "
    expect(page.locator("#turn")).to_contain_text(turn)


def play(page: Page, plan: Plan, store: Store, table_id: str, switch_at: int) -> None:
    """Click seat 0's every decision; switch the page to Chinese at action ``switch_at``."""
    lang = "en"
    for n, (seat, action) in enumerate(plan.actions):
        if seat != 0:
            continue
        wait_for_n(page, n)
        if lang == "en" and n >= switch_at:
            page.click("#lang-toggle")
            lang = "zh-TW"
        expect(page.locator("#status")).to_have_class(re.compile(r"\bmine\b"))
        expect(page.locator("#status")).to_contain_text(WORDS[lang]["your_turn"])
        check_shown(page, plan.legal[n], lang)
        page.locator(f'[data-action="{action}"]').first.click()
        page.wait_for_function("""n => document.body.dataset.n !== String(n)
            || !document.getElementById('error').hidden""", arg=n)
        assert page.locator("#error").is_hidden(), page.inner_text("#error")
        recorded = store.load(table_id).actions[n]  # type: ignore[union-attr]
        assert recorded == (0, action), f"clicked {action!r} at action {n + 1}: {recorded}"
    assert lang == "zh-TW"


def test_a_whole_game_against_greedy_bots_by_clicking(server: ServerProcess, page: Page) -> None:
    plan = planned_game(SEED)
    kinds = {e.type for e in plan.events}
    assert {"marriage", "elected", "offer_made", "battle", "game_over"} <= kinds
    assert plan.winners == [0, 2]

    table: dict[str, Any] = api(server, "/api/tables", json={
        "game": "fief", "seats": SEATS, "seed": SEED, "options": {}})
    link = table["seats"][0]["link"]
    token = parse_qs(urlparse(link).query)["token"][0]
    store = Store(server.db_url)
    try:
        page.goto(server.url + link)
        play(page, plan, store, table["id"], switch_at=len(plan.actions) // 2)
        wait_for_n(page, len(plan.actions))
        stored = store.load(table["id"])
    finally:
        store.close()

    # The server's record is the planned game, and it is over: the winners and VP.
    assert stored is not None and stored.status == "finished"
    assert stored.actions == plan.actions
    assert stored.result == {"scores": [float(v) for v in plan.vp], "winners": plan.winners}
    seat_view = api(server, f"/api/tables/{table['id']}/seats/0?token={token}")
    assert seat_view["over"] and seat_view["view"]["winners"] == plan.winners

    check_game_over(page, plan, "zh-TW")
    page.click("#lang-toggle")
    check_game_over(page, plan, "en")
