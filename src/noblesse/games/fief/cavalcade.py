"""Cavalcades (spec §4.5.2): lords and knights riding through, as a lord's first move.

A group of lords and knights only (the lord carries no men-at-arms), on its first move,
may ``cavalcade:<village>`` to (1) break out of its besieged fortress, fighting the
besiegers there; (2) leave by a road another family stands on, fighting that family
there; or (3) ride through an opponent's village that has no stronghold or city,
fighting its holder in it. With ``cavalcade_only_after_refusal`` (the source's "用於對方
不允許通過的狀況下", for when the opponent does not let you pass; NOTES disagreement 6)
a cavalcade follows a refusal: (2) only down a road its keeper refused this lord this
turn; (3) only in the village whose holder refused him passage, when he entered it with
his first move (the refused entry becomes the cavalcade: ``cavalcade:<village>`` beside
going back and staying); (1) as before, the siege being the besiegers' standing refusal
(nobody asks them). The battle is an ordinary one (§4.6) with +1 hit on each
defender die. Won (no opposing troops left, the lord free and alive), the group goes on:
it rides to the village named (1, 2) or must make its second move out of the crossed
village, where it may leave knights (3). Lost, the group stays where it started
[assumed]. The surviving knights stay with the lord.
"""

from __future__ import annotations

from noblesse.core.events import Event
from noblesse.games.fief import actions as A
from noblesse.games.fief import battle
from noblesse.games.fief.battle_state import Cavalcade, CavalcadeCase
from noblesse.games.fief.control import lift_lord, put_lord, settle
from noblesse.games.fief.disasters import blocked, entry_deaths, entry_loss, plague_entry
from noblesse.games.fief.roads import (
    MUST_MOVE_ON,
    finish_lord,
    full_moves,
    move,
    pinned,
    riders,
    road_keeper,
)
from noblesse.games.fief.state import (
    ADJ,
    BISHOPRIC_OF,
    SEATS,
    FiefState,
    PermitFor,
    order,
    present,
    the_cavalcade,
    troops,
)

BREAKOUT, ROAD, CROSSING = CavalcadeCase.BREAKOUT, CavalcadeCase.ROAD, CavalcadeCase.CROSSING


def besieger(s: FiefState, v: int, p: int) -> int:
    base = v * SEATS
    return next((g for g in order(s) if g != p and s.engine[base + g]), -1)


def options(s: FiefState, lo: int, p: int) -> list[int]:
    """The villages a cavalcade of lord ``lo`` may ride to now."""
    if s.l_moves[lo] != full_moves(s, lo) or s.carried_men_at_arms[lo] or s.l_pass[lo]:
        return []
    v = s.l_loc[lo]
    knights = s.carried_knights[lo]
    if pinned(s, v, p):
        g = besieger(s, v, p)
        if g < 0 or not (knights or troops(s, v, g)) or s.rain[BISHOPRIC_OF[v]]:
            return []
        return [w for w in ADJ[v] if not blocked(s, v, w)]
    out = []
    strict = s.options["cavalcade_only_after_refusal"]
    for w in ADJ[v]:
        if blocked(s, v, w) or s.rain[BISHOPRIC_OF[w]]:
            continue
        keeper = road_keeper(s, v, w, p)
        if keeper >= 0:
            if (knights or troops(s, v, keeper)) and not (
                strict and not (s.l_refused[lo] >> w) & 1
            ):
                out.append(w)
            continue
        if strict:
            continue  # a crossing only once refused (``after_refusal``)
        g = s.ctrl[w]
        if (
            g >= 0
            and g != p
            and not s.fort[w]
            and present(s, w, g)
            and (knights or troops(s, w, g))
        ):
            out.append(w)
    return out


def target(s: FiefState, p: int, lo: int, w: int) -> tuple[CavalcadeCase, int, int]:
    """A cavalcade of ``lo`` towards ``w``: its case, the village of its battle, the foe."""
    v = s.l_loc[lo]
    if pinned(s, v, p):
        return BREAKOUT, v, besieger(s, v, p)
    keeper = road_keeper(s, v, w, p)
    if keeper >= 0:
        return ROAD, v, keeper
    return CROSSING, w, s.ctrl[w]


def after_refusal(s: FiefState, lo: int, p: int) -> list[int]:
    """With ``cavalcade_only_after_refusal``: the village whose holder just refused lord
    ``lo`` passage, if the refused entry may become a crossing cavalcade (his first move,
    no men-at-arms, no stronghold or city there, a fight to be had)."""
    if not s.options["cavalcade_only_after_refusal"] or s.permit_for != PermitFor.VILLAGE:
        return []
    w = s.l_loc[lo]
    g = s.ctrl[w]
    if (
        s.l_moves[lo] != full_moves(s, lo) - 1
        or s.carried_men_at_arms[lo]
        or s.fort[w]
        or s.rain[BISHOPRIC_OF[w]]
        or g < 0
        or g == p
        or not present(s, w, g)
    ):
        return []
    return [w] if s.carried_knights[lo] or troops(s, w, g) else []


def ride_on(s: FiefState, p: int, ev: list[Event]) -> None:
    """The refused lord rides through as a cavalcade from where he stands: he is in the
    village already, his first move spent, as after a crossing's entry (``ride``)."""
    lo = s.moving_lord
    v, w = s.l_prev[lo], s.l_loc[lo]
    foe = s.ctrl[w]
    muster(s, p, lo, CROSSING, v, w, foe, ev)
    knights_in(s, lo, w * SEATS + p)
    battle.start_battle(s, w, p, foe, ev)


def muster(
    s: FiefState, p: int, lo: int, case: CavalcadeCase, v: int, w: int, foe: int, ev: list[Event]
) -> None:
    """The cavalcade sets out: its case, its riders (their move spent) and its event."""
    group = riders(s, lo)
    for c in group:
        s.l_moves[c] = 0  # they ride with him: their move this turn
    s.cavalcade = Cavalcade(case, lo, [lo, *group], v, w)
    ev.append(
        Event(
            "cavalcade",
            {
                "seat": p,
                "lord": lo,
                "from": v,
                "to": w,
                "foe": foe,
                "knights": s.carried_knights[lo],
                "lords": [lo, *group],
            },
        )
    )


def knights_in(s: FiefState, lo: int, i: int) -> None:
    """The knights riding with ``lo`` join the family's troops where the battle is
    (``i``: village * SEATS + family) as the cavalcade's own (``Cavalcade.knights``)."""
    the_cavalcade(s).knights = s.carried_knights[lo]
    s.knights[i] += s.carried_knights[lo]
    s.carried_knights[lo] = 0


def ride(s: FiefState, p: int, w: int, ev: list[Event]) -> None:
    lo = s.moving_lord
    v = s.l_loc[lo]
    case, where, foe = target(s, p, lo, w)
    muster(s, p, lo, case, v, w, foe, ev)
    if case == CROSSING:
        lift_lord(s, lo)
        put_lord(s, lo, w, came_from=v)  # the riders come along
        s.l_prev[lo] = v
        s.l_moves[lo] -= 1
        settle(s, v, ev)
    i = where * SEATS + p
    if case == CROSSING and plague_entry(s, v, w):
        entry_loss(s, lo, p, v, w, ev)  # knights only: nothing to choose
    knights_in(s, lo, i)
    if case == CROSSING and plague_entry(s, v, w) and entry_deaths(s, lo, ev):
        lo = take_over(s, p, lo, w, case)  # the plague took the leader on the way in
        if lo < 0:  # his knights stay there, spent
            s.spent_knights[i] = min(s.knights[i], s.spent_knights[i] + the_cavalcade(s).knights)
            s.cavalcade = None
            settle(s, w, ev)
            s.kind, s.moving_lord, s.actor = A.NONE, -1, p
            return
    battle.start_battle(s, where, p, foe, ev)


def take_over(s: FiefState, p: int, dead: int, where: int, case: CavalcadeCase) -> int:
    """The leader is dead or taken: the first rider still free in ``where`` leads the
    cavalcade on (it succeeds while one of its lords lives, §4.5.2), the others riding
    with him; -1 if none is left."""
    cav = the_cavalcade(s)
    left = [
        c
        for c in cav.riders
        if c != dead and s.l_owner[c] == p and s.l_captor[c] < 0 and s.l_loc[c] == where
    ]
    if not left:
        return -1
    lead = left[0]
    for c in left[1:]:
        s.l_escort[c] = lead
    s.l_moves[lead] = full_moves(s, lead) - (1 if case == CROSSING else 0)
    s.l_prev[lead] = cav.origin
    cav.leader = lead
    return lead


def after_battle(s: FiefState, p: int, where: int, foe: int, ev: list[Event]) -> None:
    """The cavalcade (of ``p``, the battle's attacker) fought its battle in ``where``
    against ``foe``: ride on, or stay where it started."""
    cav = the_cavalcade(s)
    lo, case, v, w = cav.leader, cav.case, cav.origin, cav.destination
    if s.l_owner[lo] != p or s.l_captor[lo] >= 0:
        lo = take_over(s, p, lo, where, case)
    s.cavalcade = None
    if lo < 0:
        s.kind, s.actor = A.NONE, p
        return
    i = where * SEATS + p
    k = min(cav.knights, s.knights[i] - s.spent_knights[i])
    s.knights[i] -= k
    s.carried_knights[lo] = k
    s.moving_lord = lo
    won = troops(s, where, foe) == 0
    ev.append(Event("cavalcade_end", {"seat": p, "lord": lo, "won": won}))
    if won and case == CROSSING:
        s.l_pass[lo] = MUST_MOVE_ON
        s.kind, s.actor = A.MOVE_LORD, p
    elif won:
        move(s, lo, w, ev)
    else:
        if case == CROSSING:
            lift_lord(s, lo)
            put_lord(s, lo, v)  # the riders come back with him
            settle(s, w, ev)
            settle(s, v, ev)
        finish_lord(s, lo)
