"""Fortune cards, played in the Cards phase (spec §4.2.4-4.2.5).

Bountiful Harvest on a bishopric not under Heavy Rain, Good Weather on one not under
Famine: cancel that disaster there (Harvest: Famine; Good Weather: Heavy Rain), or +1 D
per mill there at the next income; a bishopric carries each bonus once at most.
Taxes as Tallage: a fief lord taxes his own fief (2 D per village at the next income,
whoever controls them); at most 3 tax markers per family. Tithe needs a Bishop, a
Cardinal or the Pope, and the King's tallage a King: the next issue.
"""

from __future__ import annotations

from noblesse.core.events import Event
from noblesse.games.fief import actions as A
from noblesse.games.fief.state import CARDS, DATA, NB, NF, FiefState

HARVEST = DATA.card("bountiful_harvest")
WEATHER = DATA.card("good_weather")
TAXES = DATA.card("taxes")
TAX_MARKERS = DATA.kit_count("tax_marker")


def targets(s: FiefState, card: int) -> list[int]:
    """Bishoprics the card may go to: not under the disaster it cannot face, and with
    something to do there (the disaster to cancel, or no bonus of its kind yet)."""
    if card == HARVEST:
        return [b for b in range(NB) if not s.rain[b] and (s.famine[b] or not s.harvest[b])]
    return [b for b in range(NB) if not s.famine[b] and (s.rain[b] or not s.weather[b])]


def tallage_targets(s: FiefState, p: int) -> list[int]:
    if sum(1 for x in s.tallage if x == p) >= TAX_MARKERS:
        return []
    return [f for f in range(NF) if s.tallage[f] < 0 and s.fief_holder[f] >= 0
            and s.l_owner[s.fief_holder[f]] == p]


def playable(s: FiefState, p: int, card: int) -> bool:
    if card in (HARVEST, WEATHER):
        return bool(targets(s, card))
    if card == TAXES:
        return bool(tallage_targets(s, p))
    return False


def play(s: FiefState, p: int, card: int, ev: list[Event]) -> None:
    s.hand[p].remove(card)
    s.fd_discard.append(card)
    ev.append(Event("play_fortune", {"seat": p, "card": card}))
    s.focus = card
    s.kind = A.TALLAGE if card == TAXES else A.TARGET_BISHOPRIC


def legal_bishopric(s: FiefState) -> list[int]:
    return [A.BISHOPRIC0 + b for b in targets(s, s.focus)]


def _disaster(s: FiefState, card: int) -> list[int]:
    return s.famine if card == HARVEST else s.rain


def _bonus(s: FiefState, card: int) -> list[int]:
    return s.harvest if card == HARVEST else s.weather


def apply_bishopric(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    b = action - A.BISHOPRIC0
    card = s.focus
    s.target = b
    if _disaster(s, card)[b] and not _bonus(s, card)[b]:
        s.kind = A.FORTUNE_EFFECT
        return
    effect(s, p, card, b, cancel=bool(_disaster(s, card)[b]), ev=ev)


def apply_effect(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    effect(s, p, s.focus, s.target, action == A.EFFECT_CANCEL, ev)


def effect(s: FiefState, p: int, card: int, b: int, cancel: bool, ev: list[Event]) -> None:
    if cancel:
        _disaster(s, card)[b] = 0
    else:
        _bonus(s, card)[b] = 1
    ev.append(Event("fortune", {"seat": p, "card": card, "bishopric": b,
                                "effect": "cancel" if cancel else "bonus"}))
    s.kind, s.focus, s.target = A.NONE, -1, -1


def legal_tallage(s: FiefState, p: int) -> list[int]:
    return [A.TALLAGE0 + f for f in tallage_targets(s, p)]


def apply_tallage(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    f = action - A.TALLAGE0
    s.tallage[f] = p
    ev.append(Event("tallage", {"seat": p, "fief": f}))
    s.kind, s.focus = A.NONE, -1


def card_key(card: int) -> str:
    return CARDS[card].key
