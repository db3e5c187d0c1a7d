"""Helpers to build an exact Guillotine situation and act on it.

``table(...)`` takes a fresh ``GAME.setup`` state and overwrites every part of it
with the cards a test names (keys from cards.toml): the line (front first), the
noble deck (top = last), hands, score piles, in-front cards, discard piles and
the turn. It then starts the turn of ``player`` as the engine would (Rush Job,
Unpopular Judge and empty-line checks included), so the state is exactly what
a real game would hold at that moment.

Seats without a given hand hold one Fountain of Blood, so that the engine stops
at their action step instead of playing their turns automatically.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

from noblesse.core.errors import IllegalAction
from noblesse.games.guillotine import GAME
from noblesse.games.guillotine.data import CARDS
from noblesse.games.guillotine.rules import GuillotineState

DEFAULT_DECK = ("heretic", "bishop", "colonel", "mayor", "land_lord")  # top = land_lord
DEFAULT_ACTION_DECK = ("pushed",) * 12
DEFAULT_HAND = ("fountain_of_blood",)

__all__ = [
    "GAME",
    "IllegalAction",
    "N",
    "A",
    "ids",
    "nkeys",
    "akeys",
    "table",
    "do",
    "legal",
    "line",
    "pile",
    "hand",
    "front",
    "noble_discard",
    "action_discard",
    "noble_deck",
    "action_deck",
    "snapshot",
    "assert_illegal",
    "types",
    "events_of",
    "multiset",
    "score",
    "finish_day",
]


def N(key: str) -> int:
    """Id of the noble named ``key``."""
    return CARDS.noble(key)


def A(key: str) -> int:
    """Id of the action card named ``key``."""
    return CARDS.action(key)


def ids(keys: Iterable[str]) -> list[int]:
    """Noble ids of the noble keys (for comparing with events, which carry ids)."""
    return [N(k) for k in keys]


def nkeys(ids: Iterable[int]) -> list[str]:
    return [CARDS.nobles[i].key for i in ids]


def akeys(ids: Iterable[int]) -> list[str]:
    return [CARDS.actions[i].key for i in ids]


def multiset(keys: Iterable[str]) -> Counter[str]:
    return Counter(keys)


def table(
    n: int = 3,
    *,
    line: Sequence[str],
    deck: Sequence[str] = DEFAULT_DECK,
    hands: Mapping[int, Sequence[str]] | None = None,
    piles: Mapping[int, Sequence[str]] | None = None,
    front: Mapping[int, Sequence[str]] | None = None,
    action_deck: Sequence[str] = DEFAULT_ACTION_DECK,
    action_discard: Sequence[str] = (),
    noble_discard: Sequence[str] = (),
    player: int = 0,
    starter: int | None = None,
    day: int = 1,
    rush: Iterable[int] = (),
    confusion: Iterable[int] = (),
    hidden: Mapping[int, str] | None = None,
    seed: int = 1,
    options: dict[str, Any] | None = None,
    start: bool = True,
) -> GuillotineState:
    """An exact situation at the beginning of ``player``'s turn (see the module doc)."""
    s = GAME.setup(n, seed, options)
    hands = hands or {}
    piles = piles or {}
    front = front or {}
    hidden = hidden or {}
    rush, confusion = set(rush), set(confusion)
    s.line = [N(k) for k in line]
    s.noble_deck = [N(k) for k in deck]
    s.noble_discard = [N(k) for k in noble_discard]
    s.action_deck = [A(k) for k in action_deck]
    s.action_discard = [A(k) for k in action_discard]
    s.hands = [[A(k) for k in hands.get(seat, DEFAULT_HAND)] for seat in range(n)]
    s.piles = [[N(k) for k in piles.get(seat, ())] for seat in range(n)]
    s.front = [[A(k) for k in front.get(seat, ())] for seat in range(n)]
    s.hidden = [A(hidden[seat]) if seat in hidden else -1 for seat in range(n)]
    s.rush = [seat in rush for seat in range(n)]
    s.confusion = [seat in confusion for seat in range(n)]
    s.seen = [[()] * n for _ in range(n)]
    s.day = day
    s.player = player
    s.starter = player if starter is None else starter
    s.over = False
    s.turns = 0
    s.in_play = -1
    GAME._reset_turn(s)
    s.pending = None
    s.legal_cache = None
    if start:
        GAME._run(s, [])  # step 0 of player's turn, exactly as the engine runs it
    return s


def do(s: GuillotineState, seat: int, *names: str) -> list[dict[str, Any]]:
    """Apply the named actions for ``seat`` in order; the public events they produced."""
    out: list[dict[str, Any]] = []
    for name in names:
        out.extend(e.for_seat(None) for e in GAME.apply(s, seat, GAME.decode(name)))
    return out


def legal(s: GuillotineState, seat: int | None = None) -> list[str]:
    """The legal actions of ``seat`` (default: the seat to act), in action-index order."""
    if seat is None:
        (seat,) = GAME.to_act(s)
    return [GAME.encode(a) for a in sorted(GAME.legal_actions(s, seat))]


def line(s: GuillotineState) -> list[str]:
    return nkeys(s.line)


def pile(s: GuillotineState, seat: int) -> list[str]:
    return nkeys(s.piles[seat])


def hand(s: GuillotineState, seat: int) -> list[str]:
    return sorted(akeys(s.hands[seat]))


def front(s: GuillotineState, seat: int) -> list[str]:
    return akeys(s.front[seat])


def noble_discard(s: GuillotineState) -> list[str]:
    return nkeys(s.noble_discard)


def action_discard(s: GuillotineState) -> list[str]:
    return akeys(s.action_discard)


def noble_deck(s: GuillotineState) -> list[str]:
    return nkeys(s.noble_deck)


def action_deck(s: GuillotineState) -> list[str]:
    return akeys(s.action_deck)


def score(s: GuillotineState, seat: int) -> int:
    return GAME.score(s, seat)


def types(events: Iterable[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def events_of(events: Iterable[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def snapshot(s: GuillotineState) -> Any:
    """Everything a state holds that an action could change."""
    p = s.pending
    pending = None if p is None else (p.kind, p.seat, p.card, p.target, p.noble, p.picks, p.count)
    fields = {
        name: copy.deepcopy(getattr(s, name))
        for name in GuillotineState.__slots__
        if name != "pending"
    }
    views = [GAME.view(s, seat) for seat in [None, *range(s.n_players)]]
    return fields, pending, views, s.rng.getstate()


def assert_illegal(s: GuillotineState, seat: int, name: str) -> IllegalAction:
    """``name`` is refused for ``seat`` and the state is left exactly as it was."""
    before = snapshot(s)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(s, seat, GAME.decode(name))
    assert snapshot(s) == before
    return info.value


def finish_day(s: GuillotineState) -> None:
    """Make every seat pass until the day (or the game) changes; for short lines only."""
    day = s.day
    for _ in range(200):
        if s.over or s.day != day:
            return
        (seat,) = GAME.to_act(s)
        GAME.apply(s, seat, GAME.decode("pass"))
    raise AssertionError("the day did not end")
