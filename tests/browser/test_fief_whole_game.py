"""A whole game of Fief in a real browser (issue #9): one person at seat 0 against two
greedy bots plays every decision by clicking the page, from choosing a starting village
to the game-over screen, marriages, elections, an offer and battles included; half the
game in English, the other half in Traditional Chinese after the page's language switch.

The game is known before the browser opens. The server's bots are seeded by the table
seed, the action number and the seat (``TableManager._run_bots``), so the test plays
the same game in this process first: seat 0 chooses what a greedy bot would, except
that at its first chance it writes an offer in the diplomacy panel (1 D to seat 2, which
accepts); in a ballot (the one decision taken by several seats at once) the person waits
until the bots have voted, as the page lets them. With seed 13 and three families, seat 0
marries, has its lords elected Bishop and King, lays a siege, and wins together with the
family it married into, by a real victory in turn 12 (1,073 actions, 329 of them seat 0's
clicks, 130 of those answering the window of the any-time cards); no turn limit is needed. At each of seat 0's decisions the page must
offer exactly the legal actions, labelled in the page's language, and the click must
record the chosen one. At the end, the status, the log's last line and every family's
VP on the page must say what the server's record says, in both languages."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Page, expect  # noqa: E402

from noblesse.agents import act_honestly, make_agent  # noqa: E402
from noblesse.core.events import Event  # noqa: E402
from noblesse.games.fief.game import GAME  # noqa: E402
from noblesse.server.store import Store  # noqa: E402
from noblesse.sim.batch import game_seed  # noqa: E402

from .server import ServerProcess  # noqa: E402
from .test_table import ARTIFACTS, PANEL_SCORES_JS, api  # noqa: E402

SEED = 13
SEATS = ["human", "greedy", "greedy"]
MAX_ACTIONS = 3000
# Seat 0's own offer, written in the diplomacy panel at the first chance: 1 D to seat 2.
GIFT = ("offer:to:2", "term:give_money:1", "offer:send")
WORDS = {
    "en": {
        "your_turn": "Your turn: ",
        "vp": "{} VP · ",
        "bishop": "Bishop ({})",
        "ended": "Turn 12 · Game over (victory) · ",
    },
    "zh-TW": {
        "your_turn": "輪到你了：",
        "vp": "勝利點數{} · ",
        "bishop": "{}主教",
        "ended": "第12回合 · 遊戲結束（勝利） · ",
    },
}
# The final screen: the status, and the log's last line (seats 1 and 3 are married).
GAME_OVER = {
    "en": (
        "Game over. Winners: Seat 1 (you) and Seat 3",
        "Game over (victory). Winners: You and Seat 3.",
    ),
    "zh-TW": (
        "遊戲結束。玩家1（你）和玩家3並列獲勝",
        "遊戲結束（有一方達成勝利條件）。你和玩家3並列獲勝。",
    ),
}
# The final ranking under the head: the married pair, then seat 2.
RANKING = {
    "en": "Final ranking: 1. Seat 1 (you), 2 VP; 2. Seat 3, 2 VP; 3. Seat 2, 1 VP",
    "zh-TW": "最終名次：第1名是玩家1（你），得2分；第2名是玩家3，得2分；第3名是玩家2，得1分",
}
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
    would at that action number, but seat 0 writes and sends the ``GIFT`` first."""
    state = GAME.setup(len(SEATS), seed, {})
    plan = Plan()
    gift = list(GIFT)
    while not GAME.is_over(state):
        assert len(plan.actions) < MAX_ACTIONS, "the planned game does not end"
        seat = next_seat(GAME.to_act(state))
        n = len(plan.actions)
        agent = make_agent("greedy", game_seed(seed, n, f"bot{seat}"))
        if seat == 0:
            plan.legal[n] = [GAME.encode(a) for a in GAME.legal_actions(state, 0)]
        if seat == 0 and gift and gift[0] in plan.legal[n]:
            action = GAME.decode(gift.pop(0))
        else:
            action = act_honestly(agent, GAME, state, seat)
        plan.actions.append((seat, GAME.encode(action)))
        plan.events.extend(GAME.apply(state, seat, action))
    assert not gift, f"seat 0 never sent its offer: {gift} left"
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


def check_game_over(
    page: Page, plan: Plan, final: dict[str, Any], catalog: dict[str, Any], lang: str
) -> None:
    """The final screen says what the record says: the status names the winners, the
    head and the log's last line say how the game ended, the ranking line gives the final
    order, each family shows its VP and
    each Bishop the bishopric (``final``: the server's last view of the table)."""
    status, last_line = GAME_OVER[lang]
    expect(page.locator("#status")).to_have_text(status)
    expect(page.locator("#status")).not_to_have_class(re.compile(r"\bmine\b"))
    expect(page.locator("[data-action]")).to_have_count(0)
    expect(page.locator("#log .log-line").last).to_have_text(last_line)
    words = WORDS[lang]
    expect(page.locator("#turn")).to_contain_text(words["ended"])
    expect(page.locator("#ranking")).to_have_text(RANKING[lang])
    for seat, text in page.evaluate(PANEL_SCORES_JS):
        assert text.startswith(words["vp"].format(plan.vp[seat])), (seat, text)
    bishops = [lord for lord in final["view"]["lords"] if lord["bishop_of"]]
    assert bishops
    for lord in bishops:
        where = catalog["bishoprics"][lord["bishop_of"]][lang]
        expect(page.locator(f'#players [data-lord="{lord["key"]}"]')).to_contain_text(
            words["bishop"].format(where)
        )
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"fief-whole-game-{lang}.png"), full_page=True)


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
        page.wait_for_function(
            """n => document.body.dataset.n !== String(n)
            || !document.getElementById('error').hidden""",
            arg=n,
        )
        assert page.locator("#error").is_hidden(), page.inner_text("#error")
        stored = store.load(table_id)
        assert stored is not None and stored.actions[n] == (0, action), (
            f"clicked {action!r} at action {n + 1}, recorded {stored and stored.actions[n:]}"
        )
    assert lang == "zh-TW"


def test_a_whole_game_against_greedy_bots_by_clicking(server: ServerProcess, page: Page) -> None:
    plan = planned_game(SEED)
    mine = [
        (e.type, e.public.get("office"))
        for e in plan.events
        if e.type in ("marriage", "elected", "offer_accepted", "siege")
        and 0 in (e.public["seat"], e.public.get("with"), e.public.get("defender"))
    ]
    assert {
        ("marriage", None),
        ("elected", "king"),
        ("elected", "bishop"),
        ("offer_accepted", None),
        ("siege", None),
    } <= set(mine)
    assert plan.winners == [0, 2] and plan.vp == [2, 1, 2]

    table: dict[str, Any] = api(
        server, "/api/tables", json={"game": "fief", "seats": SEATS, "seed": SEED, "options": {}}
    )
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
    final = api(server, f"/api/tables/{table['id']}/seats/0?token={token}")
    assert final["over"] and final["view"]["winners"] == plan.winners
    assert final["view"]["ranking"] == [0, 2, 1]
    assert [p["vp"] for p in final["view"]["players"]] == plan.vp

    catalog = api(server, "/api/games/fief/catalog")
    check_game_over(page, plan, final, catalog, "zh-TW")
    page.click("#lang-toggle")
    check_game_over(page, plan, final, catalog, "en")
