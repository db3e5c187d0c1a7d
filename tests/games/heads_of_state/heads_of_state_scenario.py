"""Helpers to build an exact Heads of State situation and act on it.

``table(...)`` takes a fresh ``GAME.setup`` state and overwrites every part the
test names (keys from board.toml): hands, displays, decks (top = last), the
board (slot key -> seat), the turn. It leaves ``player`` to choose the option of
a normal turn (not the first round) unless told otherwise. Board placements also
mark the box as occupied by that seat, the rank as ennobled and the initial
marker as taken, as a real game would have; pass ``claim=False`` to skip that.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

from noblesse.core.errors import IllegalAction
from noblesse.core.events import Event
from noblesse.games.heads_of_state import GAME
from noblesse.games.heads_of_state import rules as R
from noblesse.games.heads_of_state.data import BOARD

A = {a.key: a.id for a in BOARD.attributes}
T = {t.key: t.id for t in BOARD.treachery}
RK = {r.key: r.id for r in BOARD.ranks}
C = {c.key: c.id for c in BOARD.countries}
BX = {b.key: b.id for b in BOARD.boxes}
SL = {s.key: s.id for s in BOARD.slots}
REV = "REVOLUTION"

__all__ = [
    "GAME",
    "R",
    "BOARD",
    "A",
    "T",
    "RK",
    "C",
    "BX",
    "SL",
    "REV",
    "IllegalAction",
    "table",
    "do",
    "legal",
    "types",
    "events_of",
    "hand",
    "thand",
    "assert_illegal",
    "snapshot",
    "cards",
    "FixedRng",
]


def cards(keys: Iterable[str]) -> list[int]:
    return [R.REVOLUTION if k == REV else A[k] for k in keys]


def counts(spec: Mapping[str, int] | Sequence[str], table_: Mapping[str, int]) -> list[int]:
    out = [0] * len(table_)
    items = spec.items() if isinstance(spec, Mapping) else ((k, 1) for k in spec)
    for k, v in items:
        out[table_[k]] += v
    return out


def table(
    n: int = 3,
    *,
    player: int = 0,
    hands: Mapping[int, Mapping[str, int] | Sequence[str]] | None = None,
    thands: Mapping[int, Mapping[str, int] | Sequence[str]] | None = None,
    display: Sequence[str] = ("gold", "land", "troops", "title", "castle", "bishop"),
    deck: Sequence[str] = ("marriage",) * 20,
    rev: Sequence[str] = ("gold",) * 10 + (REV,),
    discard: Sequence[str] = (),
    tr_display: Sequence[str] = ("axeman", "assassin"),
    tr_deck: Sequence[str] = ("gallows",) * 10,
    tr_discard: Sequence[str] = (),
    board: Mapping[str, int] | None = None,
    claim: bool = True,
    century: int = 0,
    turns: int | None = None,
    seed: int = 1,
    options: dict[str, Any] | None = None,
) -> R.HeadsState:
    s = GAME.setup(n, seed, options)
    hands, thands, board = hands or {}, thands or {}, board or {}
    s.hands = [counts(hands.get(i, {}), A) for i in range(n)]
    s.thands = [counts(thands.get(i, {}), T) for i in range(n)]
    s.known = [[0] * R.NA for _ in range(n)]
    s.tknown = [[0] * R.NT for _ in range(n)]
    s.attr_display = cards(display)
    s.attr_deck = cards(deck)
    s.rev_deck = cards(rev)
    s.rev_drawn = REV not in rev
    s.attr_discard = cards(discard)
    s.set_aside = []
    s.tr_display = [T[k] for k in tr_display]
    s.tr_deck = [T[k] for k in tr_deck]
    s.tr_discard = [T[k] for k in tr_discard]
    s.slots = [-1] * R.NS
    for key, seat in board.items():
        x = SL[key]
        s.slots[x] = seat
        s.counters[seat][R.SLOT_RANK[x]] += 1
        if claim:
            s.occupied[seat] |= 1 << R.SLOT_BOX[x]
            s.ranks_ever[seat] |= 1 << R.SLOT_RANK[x]
            if s.initial_owner[R.SLOT_BOX[x]] < 0:
                s.initial_owner[R.SLOT_BOX[x]] = seat
    s.century = century
    s.turns = n + 1 if turns is None else turns
    s.player = player
    GAME._reset_turn(s)
    s.step, s.kind, s.actor, s.focus = R.TAKE, R.CHOOSE, player, -1
    s.legal_cache = None
    return s


def do(s: R.HeadsState, seat: int, *codes: str) -> list[Event]:
    """Apply the actions named by their codes, in order; all events."""
    out: list[Event] = []
    for code in codes:
        out.extend(GAME.apply(s, seat, GAME.decode(code)))
    return out


def legal(s: R.HeadsState, seat: int | None = None) -> list[str]:
    seat = s.actor if seat is None else seat
    return [GAME.encode(a) for a in GAME.legal_actions(s, seat)]


def types(events: list[Event]) -> list[str]:
    return [e.type for e in events]


def events_of(events: list[Event], kind: str) -> list[dict[str, Any]]:
    return [e.for_seat(None) for e in events if e.type == kind]


def hand(s: R.HeadsState, seat: int) -> dict[str, int]:
    return {a.key: s.hands[seat][a.id] for a in BOARD.attributes if s.hands[seat][a.id]}


def thand(s: R.HeadsState, seat: int) -> dict[str, int]:
    return {t.key: s.thands[seat][t.id] for t in BOARD.treachery if s.thands[seat][t.id]}


def snapshot(s: R.HeadsState) -> Any:
    import sys

    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[2]))
    from conformance.support import fingerprint

    return fingerprint(s)


def assert_illegal(s: R.HeadsState, seat: int, code: str, words: str = "") -> IllegalAction:
    """The action is refused with a message (containing ``words``) and changes nothing."""
    before = snapshot(s)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, seat, GAME.decode(code))
    assert snapshot(s) == before
    assert refused.value.message_zh
    if words:
        assert words in refused.value.message, refused.value.message
    return refused.value


class FixedRng:
    """Stands in for the state's RNG in a cube draw: randrange returns the given values."""

    def __init__(self, real: Any, draws: Sequence[int]) -> None:
        self.real, self.draws = real, list(draws)

    def randrange(self, n: int) -> int:
        return self.draws.pop(0)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)
