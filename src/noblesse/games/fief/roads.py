"""A lord on the roads (spec §4.5): his moves, one road at a time, arriving, stopping.

The steps of a move that the Movement phase's decisions (``movement``) and the
cavalcades (``cavalcade``) share: a lord's moves this turn (``full_moves``), the road a
family came in by (``road_keeper``), the move itself with the Plague's toll on entering
(``move``, ``arrived``), the permission it may need, and the stop (``finish_lord``).
"""

from __future__ import annotations

from noblesse.core.events import Event
from noblesse.games.fief import actions as A
from noblesse.games.fief.control import drop_escort, lift_lord, put_lord, settle
from noblesse.games.fief.disasters import entry_deaths, entry_loss, plague_entry
from noblesse.games.fief.joan import JOAN_MOVES
from noblesse.games.fief.pacts import passage_agreed
from noblesse.games.fief.state import (
    DATA,
    NL,
    SEATS,
    FiefState,
    PermitFor,
    besieged,
    order,
    present,
    rule,
)

LORD_MOVES = rule("lord_moves")


ROAD = PermitFor.ROAD
# ``l_pass`` of a moving lord: 1 passing through with permission (or by a Secret
# Passage), 2 a crossing cavalcade that must ride on (§4.5.2), 3 a Secret Passage out of
# a besieged fortress, 4 a Secret Passage for one move through Heavy Rain (§4.12.2),
# 5 a Secret Passage for one move asking no one (``secret_passage:<village>``)
PERMITTED, MUST_MOVE_ON, SP_OUT, SP_RAIN, SP_GO = 1, 2, 3, 4, 5
SECRET_PASSAGE = DATA.card("secret_passage")


def full_moves(s: FiefState, lo: int) -> int:
    return JOAN_MOVES if lo == s.joan else LORD_MOVES  # §4.12.6: Joan moves 3


def start_movement(s: FiefState) -> None:
    for lo in range(NL):
        on_board = s.l_owner[lo] >= 0 and s.l_captor[lo] < 0 and s.l_loc[lo] >= 0
        s.l_moves[lo] = full_moves(s, lo) if on_board else 0
        s.l_pass[lo] = s.l_refused[lo] = 0
        s.l_prev[lo] = -1


def end_movement(s: FiefState) -> None:
    size = len(s.spent_knights)
    s.spent_knights = [0] * size
    s.spent_men_at_arms = [0] * size
    for lo in range(NL):
        s.l_moves[lo] = s.l_pass[lo] = s.l_refused[lo] = 0


def pinned(s: FiefState, v: int, f: int) -> bool:
    """The garrison of a besieged fortress cannot leave (§4.7)."""
    return s.ctrl[v] == f and besieged(s, v)


def riders(s: FiefState, lo: int) -> list[int]:
    """Free lords going along with ``lo`` (Joan's carried lords, a cavalcade's riders)."""
    if lo not in s.l_escort:
        return []
    return [c for c in range(NL) if s.l_escort[c] == lo and s.l_captor[c] < 0]


def finish_lord(s: FiefState, lo: int) -> None:
    """The lord stops: the troops he carries stay in his village, spent for this turn."""
    f, v = s.l_owner[lo], s.l_loc[lo]
    i = v * SEATS + f
    k, m = s.carried_knights[lo], s.carried_men_at_arms[lo]
    s.knights[i] += k
    s.spent_knights[i] += k
    s.men_at_arms[i] += m
    s.spent_men_at_arms[i] += m
    s.carried_knights[lo] = s.carried_men_at_arms[lo] = 0
    s.l_moves[lo] = s.l_pass[lo] = 0
    drop_escort(s, lo)
    s.kind, s.moving_lord, s.actor = A.NONE, -1, f
    s.react = True  # a lord ends his move: a public event (§4.12)


def road_keeper(s: FiefState, v: int, w: int, p: int) -> int:
    """A family that came into ``v`` by the road from ``w`` and still stands on it."""
    base = v * SEATS
    for g in order(s):
        if g != p and s.entry[base + g] == w and present(s, v, g):
            return g
    return -1


def play_secret_passage(s: FiefState, p: int, lo: int, ev: list[Event]) -> None:
    s.hand[p].remove(SECRET_PASSAGE)
    s.fd_discard.append(SECRET_PASSAGE)
    ev.append(Event("play_opportunity", {"seat": p, "card": SECRET_PASSAGE, "lord": lo}))


def move(s: FiefState, lo: int, w: int, ev: list[Event]) -> None:
    """One road: the lord and what he carries go from his village to ``w``."""
    p, v = s.l_owner[lo], s.l_loc[lo]
    if s.l_pass[lo] == SP_RAIN:
        s.l_moves[lo] = 1  # a Secret Passage through the rain: this move only
    lift_lord(s, lo)
    put_lord(s, lo, w, came_from=v)
    s.l_prev[lo] = v
    s.l_moves[lo] -= 1
    s.l_pass[lo] = SP_GO if s.l_pass[lo] == SP_GO else 0
    ev.append(
        Event(
            "move",
            {
                "seat": p,
                "lord": lo,
                "from": v,
                "to": w,
                "knights": s.carried_knights[lo],
                "men_at_arms": s.carried_men_at_arms[lo],
            },
        )
    )
    settle(s, v, ev)
    if plague_entry(s, v, w) and entry_loss(s, lo, p, v, w, ev):
        return  # the owner chooses the units the plague takes first
    arrived(s, lo, ev)


def arrived(s: FiefState, lo: int, ev: list[Event]) -> None:
    """The lord is in his new village (the plague's losses taken): his death roll if
    he entered a Plague bishopric, then the holder's permission or his next step."""
    p, v, w = s.l_owner[lo], s.l_prev[lo], s.l_loc[lo]
    owner = s.ctrl[w]  # not settled yet: the holder before he came
    unasked = s.l_pass[lo] == SP_GO
    s.l_pass[lo] = 0
    if plague_entry(s, v, w) and entry_deaths(s, lo, ev):
        s.kind, s.moving_lord, s.actor = A.NONE, -1, p  # died of the plague on the way in
        return
    settle(s, w, ev)
    if owner >= 0 and owner != p and s.l_moves[lo] > 0:
        if unasked:  # a Secret Passage: through without asking (§4.12.2)
            s.l_pass[lo] = PERMITTED
            s.kind, s.actor = A.MOVE_LORD, p
            return
        if s.pacts and passage_agreed(s, owner, lo, w):  # §7.4: agreed in an offer
            ev.append(
                Event(
                    "passage",
                    {
                        "seat": owner,
                        "mover": p,
                        "lord": lo,
                        "granted": True,
                        "village": w,
                        "agreed": True,
                    },
                )
            )
            s.l_pass[lo] = PERMITTED
            s.kind, s.actor = A.MOVE_LORD, p
            return
        s.kind, s.actor, s.asked_village, s.permit_for = A.PERMIT, owner, w, PermitFor.VILLAGE
        ev.append(
            Event(
                "ask_passage",
                {"seat": p, "lord": lo, "from": v, "to": w, "asked": owner, "road": False},
            )
        )
    elif s.l_moves[lo] == 0:
        finish_lord(s, lo)
    else:
        s.kind, s.actor = A.MOVE_LORD, p
