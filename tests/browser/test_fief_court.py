"""Fief's court in a real browser: a person proposes a marriage and votes in a Bishop
election by clicking, and the other families answer.

Four human seats. The turns before the court matter are played by the game's greedy bot
in this process and sent over the seats' WebSockets (no bots on the server, so the table
follows exactly); then the first seat's page clicks its way through an Announcements phase in
which a Bishop election is due: it proposes a marriage, the other family accepts, and
every family votes for the same candidate, who is elected. A local copy of the game
follows every action, so the test always knows who is to act and what is legal.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Page  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

from noblesse.agents import act_honestly, make_agent  # noqa: E402
from noblesse.core.events import Event  # noqa: E402
from noblesse.games.fief import actions as A  # noqa: E402
from noblesse.games.fief import announce, church  # noqa: E402
from noblesse.games.fief.game import GAME  # noqa: E402
from noblesse.games.fief.state import FiefState  # noqa: E402

from .server import ServerProcess  # noqa: E402

OPTIONS = {"fixed_starts": True, "max_turns": 12}
PLAYERS = 4
MAX_PREFIX = 4000
MAX_COURT = 300
COURT = ("propose", "marry", "marriage:yes", "candidate", "vote")


def court_due(state: FiefState) -> bool:
    """Seat 0 may propose a marriage in an Announcements phase with a Bishop election due."""
    return (
        state.phase == A.ANNOUNCE
        and state.announce_step == announce.MARRYING
        and GAME.to_act(state) == (0,)
        and state.kind == A.PROPOSAL
        and any(church.election_due(state, b) for b in range(len(state.bishop)))
    )


def greedy_prefix(seed: int, until: Any, most: int) -> list[tuple[int, str]] | None:
    """The greedy bots' actions from the start (``seed``) until ``until(state)`` holds,
    or None if the game ends, or ``most`` actions pass, first."""
    state = GAME.setup(PLAYERS, seed, OPTIONS)
    agents = [make_agent("greedy", seed=seed * 10 + seat) for seat in range(PLAYERS)]
    actions: list[tuple[int, str]] = []
    for _ in range(most):
        if GAME.is_over(state):
            return None
        if until(state):
            return actions
        seat = GAME.to_act(state)[0]
        action = act_honestly(agents[seat], GAME, state, seat)
        actions.append((seat, GAME.encode(action)))
        GAME.apply(state, seat, action)
    return None


def court_choice(legal: list[str]) -> str:
    """What every family does in the court: propose and accept marriages, declare a
    candidate, vote for the first candidate in name order; otherwise go on."""
    for prefix in COURT:
        wanted = sorted(a for a in legal if a == prefix or a.startswith(prefix + ":"))
        if wanted:
            return wanted[0]
    for onward in ("pass", "lord_done", "stay", "abstain"):
        if onward in legal:
            return onward
    return sorted(legal)[0]


class Table:
    """The server's table and a local copy of the game that follows it."""

    def __init__(self, server: ServerProcess, seed: int) -> None:
        res = server.post(
            "/api/tables",
            json={"game": "fief", "seats": ["human"] * PLAYERS, "seed": seed, "options": OPTIONS},
        )
        res.raise_for_status()
        self.info = res.json()
        self.ws = server.url.replace("http://", "ws://")
        self.state = GAME.setup(PLAYERS, seed, OPTIONS)
        self.n = 0
        self.events: list[Event] = []

    @classmethod
    def reaching(cls, server: ServerProcess, until: Any, seeds: range, most: int) -> Table:
        """A table at the point where the greedy bots' game of the first of ``seeds``
        that gets there within ``most`` actions has ``until(state)`` hold, its actions
        played over the seats' sockets."""
        seed, prefix = next(
            (s, p) for s in seeds if (p := greedy_prefix(s, until, most)) is not None
        )
        table = cls(server, seed)
        for seat, action in prefix:
            table.send(seat, action)
        return table

    def legal(self, seat: int) -> list[str]:
        return [GAME.encode(a) for a in GAME.legal_actions(self.state, seat)]

    def follow(self, seat: int, action: str) -> None:
        events = GAME.apply(self.state, seat, GAME.decode(action))
        self.events.extend(events)
        self.n += 1

    def reply(self, seat: int, action: str) -> dict[str, Any]:
        """What the server answers ``seat`` sending ``action`` over its own socket: the
        refusal, or the message that includes the action (then the local copy is not
        moved on: ``send`` does that)."""
        token = self.info["seats"][seat]["token"]
        url = f"{self.ws}/ws/tables/{self.info['id']}/seats/{seat}?token={token}"
        with connect(url, max_size=None) as socket:
            json.loads(socket.recv(timeout=10))  # the table as it stands
            socket.send(json.dumps({"type": "act", "action": action}))
            while True:
                msg: dict[str, Any] = json.loads(socket.recv(timeout=10))
                if msg["type"] == "error":
                    return msg
                if msg["type"] in ("state", "change") and msg["n"] == self.n + 1:
                    return msg

    def send(self, seat: int, action: str) -> None:
        """``action`` for ``seat`` over its own socket; back when the server has it."""
        msg = self.reply(seat, action)
        assert msg["type"] != "error", (action, msg)
        self.follow(seat, action)


def click(page: Page, table: Table, action: str) -> None:
    page.wait_for_function("n => document.body.dataset.n === String(n)", arg=table.n)
    page.locator(f'[data-action="{action}"]').first.click()
    table.follow(0, action)
    page.wait_for_function("n => document.body.dataset.n === String(n)", arg=table.n)
    assert page.locator("#error").is_hidden(), page.inner_text("#error")


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_a_marriage_and_a_bishop_election_by_clicking(
    server: ServerProcess, page: Page, lang: str
) -> None:
    table = Table.reaching(server, court_due, range(1, 40), MAX_PREFIX)
    assert court_due(table.state)

    page.goto(server.url + table.info["seats"][0]["link"])
    if lang != "en":
        page.click("#lang-toggle")
    married = elected = False
    for _ in range(MAX_COURT):
        if married and elected:
            break
        to_act = GAME.to_act(table.state)
        for seat in to_act:
            legal = table.legal(seat)
            if seat == 0:
                page.wait_for_function("n => document.body.dataset.n === String(n)", arg=table.n)
                shown = page.eval_on_selector_all(
                    "[data-action]", "els => els.map(e => e.dataset.action)"
                )
                assert set(shown) == set(legal)
                click(page, table, court_choice(legal))
            else:
                table.send(seat, court_choice(legal))
        married = married or any(
            e.type == "marriage" and 0 in (e.public["seat"], e.public["with"]) for e in table.events
        )
        elected = elected or any(
            e.type == "elected" and e.public["office"] == "bishop" for e in table.events
        )
    assert married and elected, [e.type for e in table.events[-40:]]

    page.wait_for_function("n => document.body.dataset.n === String(n)", arg=table.n)
    log = page.inner_text("#log")
    # the page's own seat is "You" / 「你」 in its log (issue 19)
    if lang == "en":
        assert "You propose a marriage between" in log
        assert re.search(r"\(you\) marries|marries \w+ \(you\)", log)
        assert re.search(r"is elected Bishop of \w", log)
    else:
        assert "你提議" in log
        assert re.search(r"（你）與|（你）結婚", log)
        assert re.search(r"當選「\w+教區」主教", log)
