"""Helpers to build an exact Conflicting Legends situation and act on it.

``table(...)`` takes a fresh ``GAME.setup`` state and overwrites every part of it with
what a test names (keys from cards.toml): hands, table areas, territories (and which
are yellow side up), tokens, the character deck and the territory deck (top = last),
the discard pile, passes, armed effects, and whose turn it is. The state then waits
for ``player``'s action, exactly as the engine would at the start of that turn.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

from noblesse.core.errors import IllegalAction
from noblesse.core.events import Event
from noblesse.core.frames import Frames
from noblesse.games.conflicting_legends import GAME
from noblesse.games.conflicting_legends.data import CARDS
from noblesse.games.conflicting_legends.rules import ACT, LegendsState, Pending

# One territory each by default (different continents), so that wars are possible.
DEFAULT_LANDS = ("polynesia", "pampas", "great_plains", "north_africa", "west_asia", "scandinavia")
DEFAULT_DECK = ("people", "people", "people", "people", "people")
DEFAULT_LAND_DECK = ("east_asia", "andes")  # top = andes (military 3)

__all__ = [
    "GAME",
    "IllegalAction",
    "C",
    "T",
    "table",
    "do",
    "events",
    "legal",
    "hand",
    "tableau",
    "lands",
    "yellow",
    "tokens",
    "discard",
    "deck",
    "snapshot",
    "assert_illegal",
    "types",
    "events_of",
    "throw",
    "start_war",
    "glory",
]


def C(key: str) -> int:
    """Id of the character named ``key``."""
    return CARDS.character(key)


def T(key: str) -> int:
    """Id of the territory named ``key``."""
    return CARDS.territory(key)


def table(
    n: int = 4,
    *,
    player: int = 0,
    start: int | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    tableau: Mapping[int, Sequence[str]] | None = None,
    lands: Mapping[int, Sequence[str]] | None = None,
    yellow: Iterable[str] = (),
    tokens: Mapping[int, Sequence[int]] | None = None,
    deck: Sequence[str] = DEFAULT_DECK,
    land_deck: Sequence[str] = DEFAULT_LAND_DECK,
    discard: Sequence[str] = (),
    passed: Iterable[int] = (),
    armed: Sequence[tuple[str, int]] = (),
    round: int = 1,
    seed: int = 1,
) -> LegendsState:
    """An exact situation at the beginning of ``player``'s turn (see the module doc)."""
    s = GAME.setup(n, seed)
    hands = hands or {}
    tableau = tableau or {}
    lands = lands if lands is not None else {}
    tokens = tokens or {}
    s.hands = [[C(k) for k in hands.get(seat, ())] for seat in range(n)]
    s.tableau = [[C(k) for k in tableau.get(seat, ())] for seat in range(n)]
    s.lands = [[T(k) for k in lands.get(seat, (DEFAULT_LANDS[seat],))] for seat in range(n)]
    s.yellow = [False] * len(CARDS.territories)
    for key in yellow:
        s.yellow[T(key)] = True
    s.tokens = [list(tokens.get(seat, (1, 1, 1))) for seat in range(n)]
    s.deck = [C(k) for k in deck]
    s.land_deck = [T(k) for k in land_deck]
    s.discard = [C(k) for k in discard]
    passed = set(passed)
    s.passed = [seat in passed for seat in range(n)]
    s.armed = [(C(k), seat) for k, seat in armed]
    s.start = player if start is None else start
    s.active = player
    s.round = round
    s.stack, s.war, s.over, s.winner = Frames(), None, False, -1
    s.pending = Pending(ACT, player)
    s.legal_cache = None
    return s


def events(s: LegendsState, seat: int, *names: str) -> list[Event]:
    """Apply the named actions for ``seat`` in order; the events, unredacted."""
    out: list[Event] = []
    for name in names:
        out.extend(GAME.apply(s, seat, GAME.decode(name)))
    return out


def do(s: LegendsState, seat: int, *names: str) -> list[dict[str, Any]]:
    """Apply the named actions for ``seat`` in order; the public events they produced."""
    return [e.for_seat(None) for e in events(s, seat, *names)]


def legal(s: LegendsState, seat: int | None = None) -> list[str]:
    """The legal actions of ``seat`` (default: the only seat to act), in index order."""
    if seat is None:
        (seat,) = GAME.to_act(s)
    return [GAME.encode(a) for a in sorted(GAME.legal_actions(s, seat))]


def start_war(s: LegendsState, seat: int, card: str, target: str) -> list[dict[str, Any]]:
    return do(s, seat, f"play:{card}", f"target:{target}")


def throw(
    s: LegendsState,
    attacker: str,
    defender: str,
    *,
    first: str = "attacker",
    announce: tuple[str, str] = ("silent", "silent"),
) -> list[dict[str, Any]]:
    """One throw of the current war: both announcements, then the two secret throws
    (``first`` commits first). The public events."""
    w = s.war
    out = do(s, w.attacker, announce[0]) + do(s, w.defender, announce[1])
    order = [(w.attacker, attacker), (w.defender, defender)]
    if first != "attacker":
        order.reverse()
    for seat, gesture in order:
        out += do(s, seat, f"throw:{gesture}")
    return out


def hand(s: LegendsState, seat: int) -> list[str]:
    return sorted(CARDS.characters[c].key for c in s.hands[seat])


def tableau(s: LegendsState, seat: int) -> list[str]:
    return [CARDS.characters[c].key for c in s.tableau[seat]]


def lands(s: LegendsState, seat: int) -> list[str]:
    return [CARDS.territories[t].key for t in s.lands[seat]]


def yellow(s: LegendsState, key: str) -> bool:
    return s.yellow[T(key)]


def tokens(s: LegendsState, seat: int) -> list[int]:
    return list(s.tokens[seat])


def discard(s: LegendsState) -> list[str]:
    return [CARDS.characters[c].key for c in s.discard]


def deck(s: LegendsState) -> list[str]:
    return [CARDS.characters[c].key for c in s.deck]


def glory(s: LegendsState, seat: int) -> int:
    return GAME.glory(s, seat)


def types(evs: Iterable[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in evs]


def events_of(evs: Iterable[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in evs if e["type"] == kind]


def snapshot(s: LegendsState) -> Any:
    """Everything a state holds that an action could change."""
    p = s.pending
    pending = None if p is None else (p.kind, p.seat, p.card, p.land, p.count)
    w = s.war
    war = (
        None if w is None else {name: copy.deepcopy(getattr(w, name)) for name in type(w).__slots__}
    )
    fields = {
        name: copy.deepcopy(getattr(s, name))
        for name in LegendsState.__slots__
        if name not in ("pending", "war")
    }
    views = [GAME.view(s, seat) for seat in [None, *range(s.n_players)]]
    return fields, pending, war, views, s.rng.getstate()


def assert_illegal(s: LegendsState, seat: int, name: str) -> IllegalAction:
    """``name`` is refused for ``seat`` and the state is left exactly as it was."""
    before = snapshot(s)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(s, seat, GAME.decode(name))
    assert snapshot(s) == before
    assert info.value.message and info.value.message_zh
    return info.value
