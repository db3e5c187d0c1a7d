"""Joan d'Arc (spec §4.12.6): the lord opportunity card played on an unmarried lady.

Played "any time" (source: "這類型卡片可以隨時打出"), that is at every window where
cards are offered: the Cards phase's Play step, the intrigue window before Income and
the battle window before a battle's first round; on any unmarried lady in play, of
any family (a captive, or one waiting off the board, too). The lady becomes Joan:
3 moves (``rules.joan_moves``), carrying troops, lords of her family (``escort:<lord>``)
and captives; 1 SP (``rules.joan_sp``) and one more die for her side
(``rules.joan_extra_dice``: only her side may roll 4); she never marries (``marriage.can_marry``). The card stays with her and is discarded when she dies.
"""

from __future__ import annotations

from noblesse.core.events import Event
from noblesse.games.fief import actions as A
from noblesse.games.fief.marriage import married
from noblesse.games.fief.state import DATA, LORD_FEMALE, NL, FiefState, rule

DARC = DATA.card("darc")
JOAN_MOVES = rule("joan_moves")
JOAN_SP = rule("joan_sp")
JOAN_DICE = rule("joan_extra_dice")


def ladies(s: FiefState) -> list[int]:
    """Unmarried ladies in play, of any family (source: "任一未婚女性貴族，包括其他玩家";
    she never marries): a captive or one waiting off the board too, the card going
    beside her lord card; she moves and fights as Joan once free and on the board."""
    if s.joan >= 0:
        return []
    return [lo for lo in range(NL) if LORD_FEMALE[lo] and s.l_owner[lo] >= 0 and not married(s, lo)]


def playable(s: FiefState, p: int) -> bool:
    return DARC in s.hand[p] and bool(ladies(s))


def play(s: FiefState, p: int, ev: list[Event]) -> None:
    s.hand[p].remove(DARC)
    ev.append(Event("play_opportunity", {"seat": p, "card": DARC}))
    s.kind, s.actor = A.JOAN_TARGET, p


def legal_target(s: FiefState) -> list[int]:
    return [A.JOAN0 + lo for lo in ladies(s)]


def apply_target(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    s.joan = action - A.JOAN0
    ev.append(Event("joan", {"seat": s.l_owner[s.joan], "lord": s.joan, "by": p}))
    s.kind = A.NONE


def died(s: FiefState, lo: int, ev: list[Event]) -> None:
    """Her card goes to the lord discard pile (§4.12.6)."""
    if lo == s.joan:
        s.joan = -1
        s.lord_discard.append(DARC)
        ev.append(Event("discard", {"seat": s.l_owner[lo], "card": DARC}))


def side_dice(s: FiefState, families: list[int], v: int) -> int:
    """The extra die of the side Joan fights on (§4.6.2)."""
    lo = s.joan
    if lo >= 0 and s.l_loc[lo] == v and s.l_captor[lo] < 0 and s.l_owner[lo] in families:
        return JOAN_DICE
    return 0
