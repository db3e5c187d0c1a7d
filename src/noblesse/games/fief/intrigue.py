"""Opportunity cards at the intrigue window (spec §4.12.1, §4.12.3, §4.12.4).

The window opens once a turn, at the start of Income (after taxes and disasters are on
the board, before the tax markers go): every seat holding at least one card when it
opens is asked in turn order (hand sizes are public, so being asked reveals nothing)
and answers ``pass`` or plays one card legal now, resolving it at once. (Asked one by
one rather than all at once: a card played changes what the others may play, and the
kernel's simultaneous decisions are for answers that do not affect each other.)

* Uprising (§4.12.1): on a village of a fief under another family's Tallage or of a
  Famine bishopric, where some family has figures; the player names the family that
  suffers (several there), may add more Uprising cards, then rolls: effective cards =
  cards − the fortification penalty of that family's stronghold (1) or city (2); damage
  = that many dice + 1 per effective card, taken as battle casualties (§4.6.4). If the
  family has no troops left and a die was rolled, its lords there die and the village's
  mills and stronghold/city are destroyed (§6 #4, #5).
* Assassination (§4.12.3): any lord of another family, d6 1-3 he dies; whatever the
  roll, an assassin marker goes on one of the assassin's lords on the board (needed to
  play it).
* Justice (§4.12.4): kills a lord carrying an assassin marker.
"""

from __future__ import annotations

from noblesse.core.events import Event
from noblesse.games.fief import actions as A
from noblesse.games.fief.battle import PENALTY, d6, hits_of, take_hits
from noblesse.games.fief.control import kill, settle
from noblesse.games.fief.state import (
    BISHOPRIC_OF,
    DATA,
    FIEF_OF,
    NL,
    NV,
    FiefState,
    present,
    rule,
    troops,
)

UPRISING = DATA.card("uprising")
ASSASSINATION = DATA.card("assassination")
JUSTICE = DATA.card("justice")
BONUS = rule("uprising_bonus_per_card")
DEATH_MAX = rule("death_roll_max")
MARKERS = DATA.pool_count("assassin_marker")


def open_window(s: FiefState) -> None:
    s.window = [f for f in _order(s) if s.hand[f]]


def _order(s: FiefState) -> list[int]:
    n = s.n_players
    return [(s.first + i) % n for i in range(n)]


# ------------------------------------------------------------------ what is playable


def uprising_villages(s: FiefState, p: int) -> list[int]:
    out = []
    for v in range(NV):
        taxer = s.tallage[FIEF_OF[v]]
        if not ((taxer >= 0 and taxer != p) or s.famine[BISHOPRIC_OF[v]]):
            continue
        if any(present(s, v, f) for f in range(s.n_players)):
            out.append(v)
    return out


def assassination_targets(s: FiefState, p: int) -> list[int]:
    if not marker_bearers(s, p) or sum(s.assassin) >= MARKERS:
        return []
    return [lo for lo in range(NL) if s.l_owner[lo] >= 0 and s.l_owner[lo] != p]


def justice_targets(s: FiefState) -> list[int]:
    immune = (s.king, s.queen, s.pope)
    return [lo for lo in range(NL) if s.assassin[lo] and s.l_owner[lo] >= 0
            and lo not in immune]


def legal_window(s: FiefState, p: int) -> list[int]:
    out = [A.PASS]
    hand = s.hand[p]
    if UPRISING in hand and uprising_villages(s, p):
        out.append(A.PLAY0 + UPRISING)
    if ASSASSINATION in hand and assassination_targets(s, p):
        out.append(A.PLAY0 + ASSASSINATION)
    if JUSTICE in hand and justice_targets(s):
        out.append(A.PLAY0 + JUSTICE)
    return sorted(out)


def apply_window(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    s.window.remove(p)
    if action == A.PASS:
        return
    card = action - A.PLAY0
    s.hand[p].remove(card)
    s.fd_discard.append(card)
    ev.append(Event("play_opportunity", {"seat": p, "card": card}))
    s.actor = p
    if card == UPRISING:
        s.up_cards, s.up_village, s.up_family = 1, -1, -1
        s.kind = A.UPRISING_TARGET
    elif card == ASSASSINATION:
        s.kind = A.ASSASSIN_TARGET
    else:
        s.kind = A.JUSTICE_TARGET


# ------------------------------------------------------------------ uprising


def legal_uprising_target(s: FiefState, p: int) -> list[int]:
    return [A.UPRISING0 + v for v in uprising_villages(s, p)]


def apply_uprising_target(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    v = action - A.UPRISING0
    s.up_village = v
    families = [f for f in range(s.n_players) if present(s, v, f)]
    if len(families) > 1:
        s.kind = A.UPRISING_FOE
        return
    s.up_family = families[0]
    more_or_roll(s, p, ev)


def legal_uprising_foe(s: FiefState) -> list[int]:
    return [A.FOE0 + f for f in range(s.n_players) if present(s, s.up_village, f)]


def apply_uprising_foe(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    s.up_family = action - A.FOE0
    more_or_roll(s, p, ev)


def more_or_roll(s: FiefState, p: int, ev: list[Event]) -> None:
    if UPRISING in s.hand[p]:
        s.kind = A.UPRISING_MORE
    else:
        revolt(s, p, ev)


def apply_uprising_more(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    if action == A.PASS:
        revolt(s, p, ev)
        return
    s.hand[p].remove(UPRISING)
    s.fd_discard.append(UPRISING)
    s.up_cards += 1
    ev.append(Event("play_opportunity", {"seat": p, "card": UPRISING}))
    more_or_roll(s, p, ev)


def revolt(s: FiefState, p: int, ev: list[Event]) -> None:
    v, f, cards = s.up_village, s.up_family, s.up_cards
    penalty = PENALTY[s.fort[v]] if s.ctrl[v] == f else 0
    effective = max(0, cards - penalty)
    rolls = [d6(s) for _ in range(effective)]
    ev.append(Event("roll", {"seat": p, "why": "uprising", "dice": rolls, "village": v}))
    damage = hits_of(s, rolls) + BONUS * effective
    k, m, _ = take_hits(s, v, f, damage)
    ev.append(Event("uprising", {"seat": p, "village": v, "foe": f, "cards": cards,
                                 "effective": effective, "damage": damage,
                                 "losses": [k, m]}))
    if effective and troops(s, v, f) == 0:
        # rebels take no prisoners; the village's mills and fortress fall (§4.12.1)
        for lo in range(NL):
            if s.l_loc[lo] == v and s.l_owner[lo] == f and s.l_captor[lo] < 0:
                kill(s, lo, "uprising", ev)
        if s.mills[v] or s.fort[v]:
            ev.append(Event("razed", {"village": v, "mills": s.mills[v], "fort": s.fort[v]}))
        s.mills[v] = 0
        s.fort[v] = 0
    settle(s, v, ev)
    s.up_village, s.up_family, s.up_cards = -1, -1, 0
    s.kind = A.NONE


# ------------------------------------------------------------------ assassination, justice


def legal_assassin_target(s: FiefState, p: int) -> list[int]:
    return [A.KILL0 + lo for lo in assassination_targets(s, p)]


def apply_assassin_target(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    lo = action - A.KILL0
    r = d6(s)
    ev.append(Event("roll", {"seat": p, "why": "assassination", "dice": [r], "lord": lo}))
    if r <= DEATH_MAX:
        kill(s, lo, "assassination", ev)
    else:
        ev.append(Event("assassination_failed", {"seat": p, "lord": lo}))
    s.kind = A.ASSASSIN_MARKER if marker_bearers(s, p) else A.NONE


def marker_bearers(s: FiefState, p: int) -> list[int]:
    return [lo for lo in range(NL) if s.l_owner[lo] == p and s.l_loc[lo] >= 0
            and s.l_captor[lo] < 0 and not s.assassin[lo]]


def legal_marker(s: FiefState, p: int) -> list[int]:
    return [A.MARKER0 + lo for lo in marker_bearers(s, p)]


def apply_marker(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    lo = action - A.MARKER0
    s.assassin[lo] = 1
    ev.append(Event("assassin_marker", {"seat": p, "lord": lo}))
    s.kind = A.NONE


def legal_justice(s: FiefState) -> list[int]:
    return [A.KILL0 + lo for lo in justice_targets(s)]


def apply_justice(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    lo = action - A.KILL0
    ev.append(Event("justice", {"seat": p, "lord": lo}))
    kill(s, lo, "justice", ev)
    s.kind = A.NONE

