"""The Crown and the Church's offices (spec §5.3, §5.7): who holds them, the red hat.

* ``crown_family``: the family with the King's privileges (tallage on ungoverned fiefs,
  granting vacant titles): the King's, or the Queen Regent's when there is no King.
* What a death does to the offices is ``death.on_death``.
"""

from __future__ import annotations

from noblesse.core.events import Event
from noblesse.games.fief.state import (
    DATA,
    FiefState,
)

CARDINAL = DATA.card("cardinal")
BY_CARD, BY_BIRETTA = 1, 2  # ``s.cardinal[lord]``: how he got the red hat


def owner(s: FiefState, lo: int) -> int:
    return s.l_owner[lo] if lo >= 0 else -1


def crown_family(s: FiefState) -> int:
    """The King's family, or the Queen Regent's (§5.7, §6 #13); -1: nobody."""
    if s.king >= 0:
        return owner(s, s.king)
    return owner(s, s.queen) if s.regent else -1


def immune_to_justice(s: FiefState) -> tuple[int, ...]:
    """Source "國王、皇后、皇儲、教宗 不受正義卡制裁" (§4.12.4)."""
    return (s.king, s.queen, s.crown_prince, s.pope)


def drop_cardinal(s: FiefState, lo: int, f: int, ev: list[Event]) -> None:
    """His Cardinal card goes to the lord discard pile; a biretta, back to the supply."""
    how, s.cardinal[lo] = s.cardinal[lo], 0
    if how == BY_CARD:
        s.lord_discard.append(CARDINAL)
        ev.append(Event("discard", {"seat": f, "card": CARDINAL}))
    else:
        ev.append(Event("biretta_returned", {"lord": lo, "seat": f}))


def crown_pope(s: FiefState, lo: int, ev: list[Event]) -> None:
    """A lord becomes Pope: he keeps his Bishop title and discards his Cardinal card
    (§5.4: "la carte cardinal est défaussée"). For the Pope's election to call."""
    s.pope = lo
    if s.cardinal[lo]:
        drop_cardinal(s, lo, s.l_owner[lo], ev)
