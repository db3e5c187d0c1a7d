"""The web table in a real browser: create a table in the lobby, play a whole game by
clicking, in English and in Traditional Chinese; spectators, bad links and replays.

Every registered game is played whole, in one language in the default run (the other's
first decisions are played) and in both with ``--full`` (``lobby_games``). A game's ``Adapter`` says how to choose among the
clickable actions and how to read the final scores off its page; the default clicks
any ``[data-action]`` element and reads the score out of each ``.player[data-seat]``
panel's ``h3 .meta`` text (the Guillotine page's layout).
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from budget import full
from noblesse import games

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Page, expect  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402

from .server import ServerProcess  # noqa: E402

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
GAME_IDS = games.ids()
MAX_CLICKS = 500

WORDS = {
    "en": {
        "create": "Create table",
        "your_turn": "Your turn",
        "over": "Game over",
        "seat": "Seat",
        "spectator": "Spectator",
        "step": "Step",
        "you": "Seat 1 (you)",
        "bots": ("Bot (medium)", "Bot (easy)"),
    },
    "zh-TW": {
        "create": "建立牌桌",
        "your_turn": "輪到你了",
        "over": "遊戲結束",
        "seat": "玩家",
        "spectator": "旁觀者",
        "step": "步",
        "you": "玩家1（你）",
        "bots": ("電腦（普通）", "電腦（簡單）"),
    },
}


# ----------------------------------------------------------------------------- adapters
def choose_any(actions: list[str], rng: random.Random) -> str:
    """Any clickable action; most of the time one that is not 'pass'."""
    others = [a for a in actions if a != "pass"]
    if others and rng.random() < 0.75:
        return rng.choice(others)
    return rng.choice(actions)


PANEL_SCORES_JS = """() => [...document.querySelectorAll('.player[data-seat]')].map(
    (p) => [Number(p.dataset.seat), p.querySelector('h3 .meta').textContent])"""


def choose_fief(actions: list[str], rng: random.Random) -> str:
    """Fief by clicking: mostly go on (end a lord's moves, pass) so that turns pass,
    sometimes anything else (buy, move, fight, play a card)."""
    onward = [a for a in actions if a in ("pass", "lord_done", "stay", "let_go", "permit:yes")]
    if onward and rng.random() < 0.6:
        return rng.choice(onward)
    return rng.choice(actions)


@dataclass(frozen=True)
class Adapter:
    choose: Callable[[list[str], random.Random], str] = choose_any
    scores_js: str = PANEL_SCORES_JS  # -> [[seat, text whose first number is the score], ...]
    options: dict[str, Any] = field(default_factory=dict)  # set in the lobby / by the API


# Fief has no end but victory unless a table sets a turn limit: two turns here.
ADAPTERS: dict[str, Adapter] = {
    "guillotine": Adapter(),
    "fief": Adapter(choose=choose_fief, options={"max_turns": 2}),
}


def adapter(game_id: str) -> Adapter:
    return ADAPTERS.get(game_id, Adapter())


# ----------------------------------------------------------------------------- helpers
def api(server: ServerProcess, path: str, **kwargs: Any) -> Any:
    res = server.post(path, **kwargs) if "json" in kwargs else server.get(path, **kwargs)
    res.raise_for_status()
    return res.json()


def create_table(server: ServerProcess, game_id: str, seats: list[str], seed: int) -> dict:
    return api(
        server,
        "/api/tables",
        json={"game": game_id, "seats": seats, "seed": seed, "options": adapter(game_id).options},
    )


def wait_until_over(server: ServerProcess, table_id: str, timeout: float = 60) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        watch = api(server, f"/api/tables/{table_id}/watch")
        if watch["over"]:
            return watch
        time.sleep(0.1)
    raise AssertionError(f"table {table_id} did not finish within {timeout}s")


def players_for(game_id: str) -> int:
    game = games.get(game_id)
    return min(max(4, game.min_players), game.max_players)


def catalog_names(catalog: Any, lang: str) -> set[str]:
    """Every non-empty ``{en, zh-TW}`` name in a game's catalog, in ``lang``."""
    out: set[str] = set()
    if isinstance(catalog, dict):
        if isinstance(catalog.get("en"), str) and isinstance(catalog.get("zh-TW"), str):
            if catalog[lang].strip():
                out.add(catalog[lang])
        for value in catalog.values():
            if isinstance(value, dict | list):
                out |= catalog_names(value, lang)
    elif isinstance(catalog, list):
        for value in catalog:
            out |= catalog_names(value, lang)
    return out


def page_scores(page: Page, game_id: str) -> dict[int, float]:
    scores = {}
    for seat, text in page.evaluate(adapter(game_id).scores_js):
        number = re.search(r"-?\d+(?:\.\d+)?", text)
        assert number, f"no score in {text!r} for seat {seat}"
        scores[int(seat)] = float(number.group())
    return scores


def final_scores(watch: dict) -> list[float]:
    view = watch["view"]
    if "scores" in view:
        return [float(s) for s in view["scores"]]
    return [float(p["score"] if "score" in p else p["vp"]) for p in view["players"]]


def expect_no_hand(page: Page) -> None:
    expect(page.locator("#hand")).to_have_count(0)
    expect(page.locator("[data-action]")).to_have_count(0)


MINE_OR_OVER_JS = """(over) => {
  const s = document.getElementById('status');
  return s.classList.contains('mine') || s.textContent.startsWith(over);
}"""
N_JS = "() => Number(document.body.dataset.n || -1)"  # the state the page shows (its n)
MARK_JS = "() => { window.__shown = document.querySelector('#game-area > *'); }"
RENDERED_OR_ERROR_JS = """() => document.querySelector('#game-area > *') !== window.__shown
  || !document.getElementById('error').hidden"""


# ----------------------------------------------------------------------------- tests
def lobby_games() -> tuple[list[Any], list[Any]]:
    """(game, language) pairs: those played whole from the lobby, and those of which only
    the first decisions are played. The default run plays each game whole in one language,
    the two alternating over the games (so both are played whole, by several games), and
    the other language's first decisions; ``--full`` plays every game whole in both."""
    pairs = [(game_id, lang) for game_id in GAME_IDS for lang in WORDS]
    whole = pairs if full() else [(g, list(WORDS)[(i + 1) % 2]) for i, g in enumerate(GAME_IDS)]
    first = [pair for pair in pairs if pair not in whole]
    return (
        [pytest.param(*pair, id=f"{pair[0]}-{pair[1]}") for pair in whole],
        [pytest.param(*pair, id=f"{pair[0]}-{pair[1]}") for pair in first],
    )


WHOLE_GAMES, FIRST_DECISIONS = lobby_games()
FIRST_CLICKS = 3


def play_from_the_lobby(
    server: ServerProcess, page: Page, game_id: str, lang: str, stop_after: int | None = None
) -> tuple[str, int]:
    """Create a table in the lobby in ``lang`` (seat 1 a person, the others bots), follow
    the seat's link and click its decisions until the game is over (or ``stop_after``
    clicks); at each, the page offers exactly the legal actions. Returns the table's id
    and the number of clicks."""
    words = WORDS[lang]
    page.goto(server.url + "/")
    expect(page.locator("#create")).to_have_text(WORDS["en"]["create"])
    if lang != "en":
        page.click("#lang-toggle")
        expect(page.locator("#create")).to_have_text(words["create"])
        assert page.evaluate("localStorage.getItem('noblesse.lang')") == lang

    # A new table: seat 1 human, the others bots (normal and easy by turns).
    players = players_for(game_id)
    page.select_option("#game", game_id)
    page.select_option("#players", str(players))
    page.select_option('select[data-seat="0"]', "human")
    for seat in range(1, players):
        page.select_option(f'select[data-seat="{seat}"]', ["normal", "easy"][seat % 2])
    for option, value in adapter(game_id).options.items():
        page.fill(f'[data-option="{option}"]', str(value))
    page.fill("#seed", "7" if lang == "en" else "8")
    page.click("#create")
    link = page.locator("a.seat-link")
    expect(link).to_have_count(1)
    link.click()
    page.wait_for_url(re.compile(r"/table/[^/?]+\?seat=0&token="))
    url = urlparse(page.url)
    table_id, token = url.path.rsplit("/", 1)[1], parse_qs(url.query)["token"][0]
    seat_api = f"/api/tables/{table_id}/seats/0?token={token}"
    assert [s["kind"] for s in api(server, seat_api)["seats"]] == [
        "human",
        *(["normal", "easy"][s % 2] for s in range(1, players)),
    ]
    names = catalog_names(api(server, f"/api/games/{game_id}/catalog"), lang)

    rng = random.Random(f"{game_id}-{lang}")
    choose = adapter(game_id).choose
    clicks = behind = stale = 0
    for _ in range(MAX_CLICKS):
        if clicks == stop_after:
            break
        page.wait_for_function(MINE_OR_OVER_JS, arg=words["over"], timeout=20_000)
        status = page.inner_text("#status")
        if status.startswith(words["over"]):
            break
        if not status.startswith(words["your_turn"]):
            page.wait_for_timeout(100)  # a bot acted between the wait and the read: wait again
            continue
        if clicks == 0:  # the page speaks the chosen language, card names included
            text = page.inner_text("#game-area")
            assert any(name in text for name in names), f"no {lang} card name in {text!r}"
            # the players as docs/zh-TW.md names them: yourself, and bots by their level
            side = page.inner_text("#side")
            assert words["you"] in side
            for seat in range(1, players):
                assert words["bots"][(seat + 1) % 2] in side, side
        state = api(server, seat_api)
        if state["to_act"] == [0]:  # nobody else can change the table: compare exactly
            # ... once the page has caught up with the server
            page.wait_for_function("n => document.body.dataset.n === String(n)", arg=state["n"])
        seen = page.evaluate(N_JS)  # the state the moves come from
        shown = page.eval_on_selector_all("[data-action]", "els => els.map(e => e.dataset.action)")
        if state["to_act"] == [0]:
            assert set(shown) == {legal["action"] for legal in state["legal"]}
        if not shown and state["legal"]:
            # the page is a step behind the server (another seat just threw): it catches up
            # and must then offer the moves
            behind += 1
            assert behind < 50, f"your turn but nothing to click: {status}"
            page.wait_for_function("n => Number(document.body.dataset.n) >= n", arg=state["n"])
            continue
        behind = 0
        if not shown:  # our secret throw is in, the other is not: nothing to do yet
            page.wait_for_timeout(100)
            continue
        choice = choose(sorted(set(shown)), rng)
        page.evaluate(MARK_JS)
        try:
            page.locator(f'[data-action="{choice}"]').first.click(timeout=5_000)
        except PlaywrightTimeout:
            # A move shown but not clickable is a fault, unless the page has since drawn a
            # newer state without it: our last throw, sent over the socket, may reach the
            # server after the read above, and the page then moves on. Look again.
            if page.evaluate(N_JS) == seen:
                raise
            stale += 1
            assert stale < 20, f"the page kept moving on before a click: {status}"
            continue
        page.wait_for_function(RENDERED_OR_ERROR_JS)
        assert page.locator("#error").is_hidden(), page.inner_text("#error")
        clicks += 1
    else:
        pytest.fail(f"no end after {MAX_CLICKS} clicks")
    return table_id, clicks


@pytest.mark.parametrize(("game_id", "lang"), WHOLE_GAMES)
def test_play_a_whole_game_from_the_lobby(
    server: ServerProcess, page: Page, game_id: str, lang: str
) -> None:
    table_id, clicks = play_from_the_lobby(server, page, game_id, lang)
    assert clicks > 0

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{game_id}-{lang}.png"), full_page=True)

    watch = api(server, f"/api/tables/{table_id}/watch")
    assert watch["over"]
    expected = final_scores(watch)
    assert page_scores(page, game_id) == dict(enumerate(expected))
    finished = {r["id"]: r for r in api(server, "/api/tables")["finished"]}
    assert [float(s) for s in finished[table_id]["result"]["scores"]] == expected
    status = page.inner_text("#status")
    assert status.startswith(WORDS[lang]["over"])
    for winner in watch["view"].get("winners", []):
        label = f"玩家{winner + 1}" if lang == "zh-TW" else f"Seat {winner + 1}"
        assert label in status
    assert ("獲勝" in status) if lang == "zh-TW" else re.search(r"Winners?: |No winner", status)
    other = WORDS["zh-TW" if lang == "en" else "en"]["over"]
    assert other not in status


@pytest.mark.parametrize(("game_id", "lang"), FIRST_DECISIONS)
def test_the_first_decisions_from_the_lobby(
    server: ServerProcess, page: Page, game_id: str, lang: str
) -> None:
    """A game in the language it is not played whole in (the default run): the lobby and
    the table speak it, card names included, and offer exactly the legal actions."""
    table_id, clicks = play_from_the_lobby(server, page, game_id, lang, stop_after=FIRST_CLICKS)
    assert clicks == FIRST_CLICKS
    assert api(server, f"/api/tables/{table_id}/watch")["n"] >= FIRST_CLICKS


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_spectator_sees_no_hand(server: ServerProcess, page: Page, game_id: str) -> None:
    seats = ["human"] + ["greedy"] * (players_for(game_id) - 1)
    table = create_table(server, game_id, seats, seed=3)
    page.goto(server.url + table["watch_link"])
    expect(page.locator("#side h2")).to_have_text(WORDS["en"]["spectator"])
    expect(page.locator("#game-area > *")).not_to_have_count(0)
    expect(page.locator("#status")).not_to_have_text("")
    expect(page.locator("#status")).not_to_have_class(re.compile(r"\bmine\b"))
    expect_no_hand(page)
    assert api(server, f"/api/tables/{table['id']}/watch")["view"].get("hand") is None

    # The seat's own link, for contrast, shows the hand.
    page.goto(server.url + table["seats"][0]["link"])
    expect(page.locator("#hand")).to_have_count(1)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_bad_seat_link_is_refused(server: ServerProcess, page: Page, game_id: str) -> None:
    seats = ["human", "human"] + ["greedy"] * (players_for(game_id) - 2)
    table = create_table(server, game_id, seats, seed=4)
    other_token = table["seats"][1]["token"]
    for query in ("seat=0&token=wrong", f"seat=0&token={other_token}", "seat=0"):
        page.goto(f"{server.url}/table/{table['id']}?{query}")
        expect(page.locator("#error")).to_be_visible()
        expect(page.locator("#error")).to_contain_text("403")
        expect_no_hand(page)
        token = parse_qs(query).get("token", [""])[0]
        res = server.get(f"/api/tables/{table['id']}/seats/0", params={"token": token})
        assert res.status_code == 403
        assert "hand" not in res.text

    page.goto(f"{server.url}/table/no-such-table")
    expect(page.locator("#error")).to_contain_text("no such table")
    expect_no_hand(page)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_replay_of_a_finished_game(server: ServerProcess, page: Page, game_id: str) -> None:
    game = games.get(game_id)
    seats = ["greedy", "random"] * game.max_players
    table = create_table(server, game_id, seats[: game.min_players], seed=5)

    # Not finished yet: no replay.
    page.goto(f"{server.url}/table/{table['id']}?replay=1")
    expect(page.locator("#error")).to_contain_text("finished")

    watch = wait_until_over(server, table["id"])
    steps = watch["n"]
    assert steps > 3
    page.goto(f"{server.url}/table/{table['id']}?replay=1")
    step = page.locator("#replay-step")
    log = page.locator("#log > div")

    def at(n: int) -> None:
        expect(step).to_have_text(re.compile(rf"^\s*Step {n} / {steps}\s*$"))

    at(0)
    expect_no_hand(page)
    page.click("#replay-next")
    at(1)
    after_one = log.count()
    page.click("#replay-next")
    at(2)
    assert log.count() >= after_one
    page.click("#replay-prev")
    at(1)
    assert log.count() == after_one
    page.click("#replay-last")
    at(steps)
    expect(page.locator("#status")).to_contain_text(WORDS["en"]["over"])
    assert page_scores(page, game_id) == dict(enumerate(final_scores(watch)))
    page.click("#replay-next")  # no further than the end
    at(steps)
    page.click("#replay-first")
    at(0)
    page.click("#replay-prev")  # nor before the start
    at(0)

    page.click("#lang-toggle")  # the replay speaks Chinese too
    expect(step).to_have_text(re.compile(rf"^\s*第0/{steps}步\s*$"))
    expect_no_hand(page)
