"""Disasters (spec §3.2.3, §4.2): placement by d6, Heavy Rain, Famine, Plague.

A disaster drawn is revealed and placed at once: a d6 names bishopric 1-5 (6: no
effect, the card is discarded); a bishopric that already has a disaster this turn is
rerolled; after 3 disasters in a turn the others are discarded. A placed card stays set
aside until the end of the turn. Plague strikes on placement (every lord there rolls a
d6, 1-3 dies; every family loses half its units in each village, rounded down) and
again on whoever enters the bishopric this turn (§4.2.3).
"""

from __future__ import annotations

from noblesse.core.events import Event
from noblesse.games.fief.battle import d6
from noblesse.games.fief.control import kill, settle
from noblesse.games.fief.state import (
    ASSUMED,
    BISHOPRIC_OF,
    BOARD,
    CARDS,
    NL,
    SEATS,
    FiefState,
    rule,
)

MAX_DISASTERS = int(ASSUMED["max_disasters_per_turn"])
NO_EFFECT = int(ASSUMED["disaster_no_effect_roll"])
DEATH_MAX = rule("death_roll_max")
FLAG = {"heavy_rain": "rain", "famine": "famine", "plague": "plague"}


def struck(s: FiefState, b: int) -> bool:
    """A disaster was placed on ``b`` this turn, even if a fortune card cancelled it
    since (§4.2: struck again, reroll)."""
    return bool(s.hit[b])


def place(s: FiefState, p: int, card: int, ev: list[Event]) -> None:
    key = CARDS[card].key
    placed = sum(s.hit)           # the disasters placed this turn, cancelled ones too
    if placed >= MAX_DISASTERS:
        s.fd_discard.append(card)
        ev.append(Event("disaster_void", {"card": card, "why": "limit"}))
        return
    while True:
        r = d6(s)
        ev.append(Event("roll", {"seat": p, "why": "disaster", "dice": [r]}))
        if r == NO_EFFECT:
            s.fd_discard.append(card)
            ev.append(Event("disaster_void", {"card": card, "why": "six"}))
            return
        b = BOARD.bishopric_numbered(r)
        if not struck(s, b):
            break
    getattr(s, FLAG[key])[b] = 1
    s.hit[b] = 1
    s.set_aside.append(card)
    ev.append(Event("disaster", {"card": card, "bishopric": b}))
    if key == "plague":
        strike(s, b, p, ev)


def lose_half(s: FiefState, i: int) -> tuple[int, int]:
    """Half the units, rounded down; men-at-arms go first [assumed: the cheapest]."""
    lost = (s.K[i] + s.M[i]) // 2
    m = min(s.M[i], lost)
    k = lost - m
    s.M[i] -= m
    s.K[i] -= k
    s.spent_m[i] = min(s.spent_m[i], s.M[i])
    s.spent_k[i] = min(s.spent_k[i], s.K[i])
    return k, m


def death_check(s: FiefState, lo: int, ev: list[Event]) -> bool:
    """d6, 1-3: the lord dies. True if he died."""
    r = d6(s)
    ev.append(Event("roll", {"seat": s.l_owner[lo], "why": "plague", "dice": [r],
                             "lord": lo}))
    if r <= DEATH_MAX:
        kill(s, lo, "plague", ev)
        return True
    return False


def strike(s: FiefState, b: int, p: int, ev: list[Event]) -> None:
    villages = BOARD.villages_of_bishopric(b)
    for lo in range(NL):
        if s.l_owner[lo] >= 0 and s.l_loc[lo] >= 0 and BISHOPRIC_OF[s.l_loc[lo]] == b:
            death_check(s, lo, ev)
    for v in villages:
        for f in range(s.n_players):
            k, m = lose_half(s, v * SEATS + f)
            if k or m:
                ev.append(Event("plague_losses", {"seat": f, "village": v, "knights": k,
                                                  "men_at_arms": m}))
        settle(s, v, ev)


def entering(s: FiefState, lo: int, v: int, w: int, ev: list[Event]) -> bool:
    """A lord and his group enter a plague bishopric (§4.2.3): the group loses half,
    the lord rolls. True if he died."""
    b = BISHOPRIC_OF[w]
    if not s.plague[b] or BISHOPRIC_OF[v] == b:
        return False
    lost = (s.carry_k[lo] + s.carry_m[lo]) // 2
    m = min(s.carry_m[lo], lost)
    s.carry_m[lo] -= m
    s.carry_k[lo] -= lost - m
    if lost:
        ev.append(Event("plague_losses", {"seat": s.l_owner[lo], "village": w,
                                          "knights": lost - m, "men_at_arms": m}))
    for c in range(NL):                  # the captives he leads enter with him
        if s.l_escort[c] == lo:
            death_check(s, c, ev)
    return death_check(s, lo, ev)


def end_of_turn(s: FiefState) -> None:
    nb = len(s.rain)
    s.rain, s.famine, s.plague = [0] * nb, [0] * nb, [0] * nb
    s.hit = [0] * nb


def blocked(s: FiefState, v: int, w: int) -> bool:
    """Heavy Rain: no movement inside, into or out of its bishopric (§4.2.1)."""
    return bool(s.rain[BISHOPRIC_OF[v]] or s.rain[BISHOPRIC_OF[w]])
