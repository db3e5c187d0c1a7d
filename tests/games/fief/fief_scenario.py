"""Helpers to build an exact Fief situation by hand and act on it through ``GAME.apply``.

``table(n)`` is a fresh state with an empty board (no lords, troops, buildings), no
money and empty hands; ``lord``, ``troops``, ``fort``, ``mills`` put things on it by
data-file key; ``begin(s, "movement")`` opens a phase (its entry effects included, e.g.
income) with ``s.first`` acting first; ``do(s, seat, "move:blaye")`` applies an action
by name; ``dice(s, 3, 5)`` injects the next d6 results.
"""

from __future__ import annotations

from typing import Any

import pytest

from noblesse.core.errors import IllegalAction
from noblesse.core.events import Event
from noblesse.games.fief import GAME, flow
from noblesse.games.fief import actions as A
from noblesse.games.fief.announce import KING_VOTE
from noblesse.games.fief.cards import TRIMMING
from noblesse.games.fief.control import put_lord, settle
from noblesse.games.fief.state import (
    BOARD,
    CARDS,
    LORDS,
    NL,
    NV,
    SEATS,
    AnnounceStep,
    BattleStep,
    CardsStep,
    FiefState,
    PermitFor,
)

V = {v.key: v.id for v in BOARD.villages}
F = {f.key: f.id for f in BOARD.fiefs}
L = {CARDS[c].key: i for i, c in enumerate(LORDS)}
C = {c.key: c.id for c in CARDS}
B = {b.key: b.id for b in BOARD.bishoprics}

__all__ = [
    "GAME",
    "A",
    "V",
    "F",
    "L",
    "C",
    "B",
    "IllegalAction",
    "table",
    "lord",
    "troops",
    "fort",
    "mills",
    "begin",
    "do",
    "legal",
    "legal_all",
    "types",
    "events_of",
    "dice",
    "assert_illegal",
    "snapshot",
    "units",
    "pass_window",
]


def table(n: int = 4, seed: int = 1, first: int = 0, **options: Any) -> FiefState:
    s = GAME.setup(n, seed, {"fixed_starts": True, **options})
    for lo in range(NL):
        if s.l_owner[lo] >= 0:
            s.lord_deck.append(LORDS[lo])
        s.l_owner[lo], s.l_loc[lo], s.l_captor[lo] = -1, -1, -1
    size = NV * SEATS
    for name in (
        "knights",
        "men_at_arms",
        "spent_knights",
        "spent_men_at_arms",
        "free_lords",
        "stamp",
        "engine",
        "new_units",
    ):
        setattr(s, name, [0] * size)
    s.entry = [-1] * size
    s.ctrl, s.fort, s.mills = [-1] * NV, [0] * NV, [0] * NV
    s.money = [0] * n
    for hand in s.hand:
        s.fd_deck.extend(hand)
        hand.clear()
    s.first = first
    s.kind, s.legal_cache = A.NONE, None
    s.cards_step, s.announce_step = CardsStep.DISCARDING, AnnounceStep.MARRYING
    s.battle_step, s.permit_for = BattleStep.BATTLING, PermitFor.VILLAGE
    return s


def lord(s: FiefState, key: str, seat: int, village: str | None) -> int:
    """Put the lord ``key`` (taken out of the lord deck) in ``village`` for ``seat``."""
    lo = L[key]
    if LORDS[lo] in s.lord_deck:
        s.lord_deck.remove(LORDS[lo])
    s.l_owner[lo] = seat
    if village is not None:
        put_lord(s, lo, V[village])
        settle(s, V[village], [])
    return lo


def troops(s: FiefState, village: str, seat: int, knights: int = 0, men: int = 0) -> None:
    v = V[village]
    i = v * SEATS + seat
    if not (s.free_lords[i] or s.knights[i] or s.men_at_arms[i]):
        s.stamp[i] = s.clock
        s.clock += 1
    s.knights[i] += knights
    s.men_at_arms[i] += men
    settle(s, v, [])


def units(s: FiefState, village: str, seat: int) -> tuple[int, int]:
    i = V[village] * SEATS + seat
    return s.knights[i], s.men_at_arms[i]


def fort(s: FiefState, village: str, level: int = 1) -> None:
    s.fort[V[village]] = level


def mills(s: FiefState, village: str, count: int) -> None:
    s.mills[V[village]] = count


def begin(s: FiefState, phase: str) -> list[Event]:
    """Open ``phase`` (its entry effects run) with ``s.first`` to act first. The
    any-time window at its start is passed by every seat asked, but at the start of
    Income (the scenarios' intrigue window: taxes still on the board)."""
    ev: list[Event] = []
    s.phase = flow.PHASE_NAMES.index(phase) - 1
    s.cursor, s.kind, s.legal_cache = s.n_players, A.NONE, None
    s.cards_step, s.announce_step = CardsStep.DISCARDING, AnnounceStep.MARRYING
    s.battle_step, s.permit_for = BattleStep.BATTLING, PermitFor.VILLAGE
    if s.phase == A.CARDS_PHASE:
        s.cards_step = TRIMMING  # the Cards phase ends after its last step
    if s.phase == A.ANNOUNCE:
        s.announce_step = KING_VOTE  # the Announcements end after their last step
    GAME.run(s, ev)
    if phase != "income":
        ev += pass_window(s)
    return ev


def dice(s: FiefState, *rolls: int) -> None:
    s.dice.inject(list(rolls))


def do(s: FiefState, seat: int, *names: str) -> list[Event]:
    out: list[Event] = []
    for name in names:
        out += GAME.apply(s, seat, GAME.decode(name))
    return out


def legal(s: FiefState, seat: int) -> list[str]:
    """The legal actions but those offered at every window of §7.4: the openers of an
    offer (``offer:to:*``) and, outside the Ransom step, a captor's ``release:*``
    (test_offers.py and test_economy.py check them with ``legal_all``)."""
    return [
        x
        for x in legal_all(s, seat)
        if not x.startswith("offer:to:") and not (x.startswith("release:") and s.kind != A.RANSOM)
    ]


def legal_all(s: FiefState, seat: int) -> list[str]:
    return [GAME.encode(a) for a in GAME.legal_actions(s, seat)]


def types(events: list[Event]) -> list[str]:
    return [e.type for e in events]


def events_of(events: list[Event], kind: str) -> list[dict[str, Any]]:
    return [e.for_seat(None) for e in events if e.type == kind]


def snapshot(s: FiefState) -> Any:
    from conformance.support import fingerprint  # type: ignore[import-not-found]

    return fingerprint(s)


def assert_illegal(s: FiefState, seat: int, name: str) -> None:
    before = s.clone()
    with pytest.raises(IllegalAction):
        GAME.apply(s, seat, GAME.decode(name))
    for slot in (
        "money",
        "knights",
        "men_at_arms",
        "ctrl",
        "l_loc",
        "l_owner",
        "hand",
        "kind",
        "actor",
    ):
        assert getattr(s, slot) == getattr(before, slot), slot


def pass_window(s: FiefState) -> list[Event]:
    """Every seat of an open intrigue window passes."""
    out: list[Event] = []
    while s.kind == A.WINDOW:
        out += GAME.apply(s, s.window[0], GAME.decode("pass"))
    return out


def rising_with_a_cleric(cardinal: bool) -> FiefState:
    """An Uprising played on Sigy (under Famine) against family 1, whose lord there is its
    Bishop, a Cardinal too if ``cardinal``: the cleric's stop roll comes next."""
    s = table(3)
    s.famine[B["sigy"]] = 1
    cleric = lord(s, "charles", 1, "sigy")
    s.bishop[B["sigy"]] = cleric
    s.cardinal[cleric] = int(cardinal)
    troops(s, "sigy", 2, 0, 1)
    lord(s, "eric", 2, "sigy")
    s.hand[0] = [C["uprising"]]
    begin(s, "income")
    do(s, 0, "play:uprising", "uprising:sigy", "against:3")
    return s


def besieged_charolles() -> FiefState:
    """Arthur (family 0, 3 soldiers) besieges Charles's fortress at Charolles (family 1,
    2 soldiers), his engine on its +2D side."""
    s = table(3)
    lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 0, 2)
    s.fort[V["charolles"]] = 1
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 0, 3)
    s.engine[V["charolles"] * SEATS] = 2
    s.engines_used[0] = 1
    return s
