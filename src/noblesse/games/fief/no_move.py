"""Why a lord has no move in the Movement phase (spec §4.5).

``open_roads`` is the one place that decides which roads a lord may take by a plain
move (``movement.legal_move_lord`` offers exactly these); ``why_no_move`` names the rule
that left him none, for the table to say where the player looks (his row, his mark on
the map, the prompt): held captive (§4.6.6), his moves spent, the garrison of a besieged
fortress (§4.7), Heavy Rain on his bishopric or a neighbouring one (§4.2.1), or passage
refused on every road left (§4.5).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from noblesse.games.fief import actions as A
from noblesse.games.fief.disasters import blocked
from noblesse.games.fief.roads import SP_OUT, SP_RAIN, pinned
from noblesse.games.fief.state import ADJ, BISHOPRIC_OF, FiefState


def open_roads(s: FiefState, lo: int, p: int) -> list[int]:
    """The villages ``lo`` of family ``p`` may move to now: moves left, not the garrison
    of a besieged fortress (unless out by a Secret Passage), not a road refused to him,
    not a road Heavy Rain closes (unless through it by a Secret Passage)."""
    v, mode = s.l_loc[lo], s.l_pass[lo]
    if s.l_moves[lo] <= 0 or (mode != SP_OUT and pinned(s, v, p)):
        return []
    return [
        w
        for w in ADJ[v]
        if not (s.l_refused[lo] >> w) & 1 and (mode == SP_RAIN or not blocked(s, v, w))
    ]


class NoMove(Enum):
    CAPTIVE = "captive"
    SPENT = "spent"
    BESIEGED = "besieged"
    HEAVY_RAIN = "heavy_rain"
    REFUSED = "refused"


@dataclass(frozen=True, slots=True)
class Standstill:
    """A lord without a move: the rule, and the bishoprics whose Heavy Rain closed his
    roads (``HEAVY_RAIN`` only)."""

    reason: NoMove
    bishoprics: tuple[int, ...] = ()


def why_no_move(s: FiefState, lo: int) -> Standstill | None:
    """In the Movement phase, why the lord ``lo`` on the board cannot move; None when he
    can (or outside the Movement phase)."""
    p, v = s.l_owner[lo], s.l_loc[lo]
    if s.phase != A.MOVEMENT or p < 0 or v < 0:
        return None
    if s.l_captor[lo] >= 0:
        return Standstill(NoMove.CAPTIVE)
    if s.l_moves[lo] <= 0:
        return Standstill(NoMove.SPENT)
    if s.l_pass[lo] != SP_OUT and pinned(s, v, p):
        return Standstill(NoMove.BESIEGED)
    if open_roads(s, lo, p):
        return None
    rained = (
        sorted({b for w in ADJ[v] for b in (BISHOPRIC_OF[v], BISHOPRIC_OF[w]) if s.rain[b]})
        if s.l_pass[lo] != SP_RAIN
        else []
    )
    if rained:
        return Standstill(NoMove.HEAVY_RAIN, tuple(rained))
    return Standstill(NoMove.REFUSED)
