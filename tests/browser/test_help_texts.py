"""Help one hover or long-press away (issue 19): in Heads of State and Fief every card of
the hand carries its rules text, the data file's text_en / text_zh as the catalog serves
it, in the element's title and in the element its aria-describedby names, in English and
in 繁體中文. Heads of State's rank spaces carry their rank's text too; so do the cards
of Guillotine, Ruse & Bruise and Conflicting Legends on the table, each its catalog text.

All seats are human: the game's greedy bot plays them in this process and sends each
action over the seat's WebSocket, until the first seat holds the cards wanted; then the
first seat's page is opened. Screenshots go to tests/artifacts/ (not committed).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Page  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

from noblesse import games  # noqa: E402
from noblesse.agents import make_agent  # noqa: E402

from .server import ServerProcess  # noqa: E402

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
MAX_ACTIONS = 400

HAND_HELP_JS = """() => [...document.querySelectorAll('#hand [data-card]')].map((e) => {
  const described = document.getElementById(e.getAttribute('aria-describedby') || '');
  return {key: e.dataset.card, title: e.getAttribute('title'),
          described: described ? described.textContent : null};
})"""


class Table:
    """A table of human seats on the server and a local copy of the game that follows it."""

    def __init__(
        self, server: ServerProcess, game_id: str, players: int, seed: int, options: dict[str, Any]
    ) -> None:
        self.game = games.get(game_id)
        res = server.post(
            "/api/tables",
            json={"game": game_id, "seats": ["human"] * players, "seed": seed, "options": options},
        )
        res.raise_for_status()
        self.info = res.json()
        self.ws = server.url.replace("http://", "ws://")
        self.state = self.game.setup(players, seed, options)
        self.n = 0

    def send(self, seat: int, action: str) -> None:
        token = self.info["seats"][seat]["token"]
        url = f"{self.ws}/ws/tables/{self.info['id']}/seats/{seat}?token={token}"
        with connect(url, max_size=None) as socket:
            json.loads(socket.recv(timeout=10))
            socket.send(json.dumps({"type": "act", "action": action}))
            while True:
                msg: dict[str, Any] = json.loads(socket.recv(timeout=10))
                assert msg["type"] != "error", (action, msg)
                if msg["type"] in ("state", "change") and msg["n"] == self.n + 1:
                    break
        self.game.apply(self.state, seat, self.game.decode(action))
        self.n += 1

    def play_until(self, wanted: Callable[[Any], bool], seed: int) -> None:
        agents = [
            make_agent("greedy", seed=seed * 10 + seat) for seat in range(len(self.info["seats"]))
        ]
        for _ in range(MAX_ACTIONS):
            if wanted(self.state):
                return
            assert not self.game.is_over(self.state)
            seat = self.game.to_act(self.state)[0]
            self.send(seat, self.game.encode(agents[seat].act(self.game, self.state, seat)))
        pytest.fail("the first seat never held the cards wanted")


def open_seat(page: Page, server: ServerProcess, table: Table, lang: str) -> None:
    page.goto(server.url + table.info["seats"][0]["link"])
    if lang != "en":
        page.click("#lang-toggle")
    page.wait_for_function("n => document.body.dataset.n === String(n)", arg=table.n)
    page.wait_for_selector("#hand [data-card]")


def check_hand(page: Page, texts: dict[str, dict[str, str]], lang: str) -> list[str]:
    cards = page.evaluate(HAND_HELP_JS)
    assert cards, "no card in the hand"
    for card in cards:
        expected = texts[card["key"]]["text"][lang]
        assert expected, f"{card['key']} has no {lang} text in the catalog"
        assert card["title"] == expected, card
        assert card["described"] == expected, card
    return [c["key"] for c in cards]


def screenshot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_heads_of_state_hand_and_rank_spaces_carry_their_help(
    server: ServerProcess, page: Page, lang: str
) -> None:
    catalog = server.get("/api/games/heads_of_state/catalog").json()
    table = Table(server, "heads_of_state", 3, 5, {})
    # the first seat holds attribute cards of three kinds and a treachery card
    table.play_until(
        lambda s: sum(1 for n in s.hands[0] if n) >= 3 and sum(s.thands[0]) >= 1, seed=5
    )
    open_seat(page, server, table, lang)
    keys = check_hand(page, {**catalog["attributes"], **catalog["treachery"]}, lang)
    assert set(keys) & set(catalog["treachery"]) and set(keys) & set(catalog["attributes"])
    # the displays' cards too
    shown = page.evaluate("""() => [...document.querySelectorAll(
        '#attribute-display [data-card], #treachery-display [data-card]')].map(
        (e) => [e.dataset.card, e.getAttribute('title')])""")
    cards = {**catalog["attributes"], **catalog["treachery"]}
    assert len(shown) >= 8 and all(title == cards[key]["text"][lang] for key, title in shown)
    # every rank space of the board: its rank's text
    spaces = page.evaluate("""() => [...document.querySelectorAll('#board [data-slot]')].map(
        (e) => [e.dataset.rank, e.getAttribute('title')])""")
    assert len(spaces) == len(catalog["slots"])
    for rank, title in spaces:
        assert title.endswith(catalog["ranks"][rank]["text"][lang]), (rank, title)
    screenshot(page, f"help_heads_of_state_{lang}.png")


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_fief_hand_carries_its_help_and_purchases_their_price(
    server: ServerProcess, page: Page, lang: str
) -> None:
    catalog = server.get("/api/games/fief/catalog").json()
    table = Table(server, "fief", 3, 3, {"fixed_starts": True, "max_turns": 4})
    table.play_until(lambda s: len(s.hand[0]) >= 2, seed=3)
    open_seat(page, server, table, lang)
    check_hand(page, catalog["cards"], lang)
    screenshot(page, f"help_fief_{lang}.png")

    # the Purchase phase: each button says what it costs
    game = table.game

    def buying(s: Any) -> bool:
        return game.to_act(s) == (0,) and any(
            game.encode(a).startswith("buy:knight:") for a in game.legal_actions(s, 0)
        )

    table.play_until(buying, seed=3)
    page.wait_for_function("n => document.body.dataset.n === String(n)", arg=table.n)
    labels = page.eval_on_selector_all(
        '[data-action^="buy:"]', "els => els.map(e => [e.dataset.action, e.textContent])"
    )
    assert labels
    prices = catalog["prices"]
    for action, label in labels:
        price = prices[action.split(":")[1]]
        assert label.endswith(f"（{price}元）" if lang == "zh-TW" else f"({price} D)"), label
    screenshot(page, f"help_fief_purchase_{lang}.png")


CARD_HELP_JS = """() => [...document.querySelectorAll('#game-area .card, #game-area .rb-card, #game-area .cl-card')]
  .map((e) => ({name: (e.querySelector('.name') || {textContent: ''}).textContent, title: e.getAttribute('title')}))"""


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("game_id", ["guillotine", "ruse_and_bruise", "conflicting_legends"])
def test_every_card_on_the_table_carries_the_catalog_s_text(
    server: ServerProcess, page: Page, game_id: str, lang: str
) -> None:
    """Guillotine's, Ruse & Bruise's and Conflicting Legends' card elements (the line, the
    rows, the hand, the cards in front of players) carry in their title the text the catalog
    gives the card they name; a face-down card names no card and its title says whose it is."""
    game = games.get(game_id)
    table = Table(server, game_id, game.min_players + 1, seed=3, options={})
    catalog = server.get(f"/api/games/{game_id}/catalog").json()
    texts = {
        entry[lang]: entry["text"][lang]
        for section in catalog.values()
        if isinstance(section, dict)
        for entry in section.values()
        if isinstance(entry, dict) and isinstance(entry.get("text"), dict)
    }
    table.play_until(lambda state: table.n >= 4, seed=3)
    page.goto(server.url + table.info["seats"][0]["link"])
    if lang != "en":
        page.click("#lang-toggle")
    page.wait_for_function("n => document.body.dataset.n === String(n)", arg=table.n)
    cards = page.evaluate(CARD_HELP_JS)
    named = [c for c in cards if c["name"] != "?"]
    assert len(named) >= 4, cards  # the hand and what the table shows
    for card in named:
        assert card["name"] in texts, card
        assert card["title"] == texts[card["name"]], card
    assert any(card["title"] for card in named)
