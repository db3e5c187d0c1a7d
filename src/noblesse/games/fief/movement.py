"""Movement (spec §4.5): lords move one road at a time, troops follow one lord per turn.

A player picks a lord (``lord:<key>``), loads or drops troops (``carry:*``, ``drop:*``),
moves him road by road (``move:<village>``) and stops (``lord_done``, or when his moves
are spent: the troops he carries stay where he stops). Entering another family's village
with moves left asks that family's permission (``permit:yes|no``); refused, the mover
goes back (``retreat``) or stays there (``stay``). Leaving by the road another family
came in by asks that family (refused: that road is closed to this lord this turn, unless
he takes it by a Secret Passage, played after the refusal or, without asking first,
as ``secret_passage:<village>``). A besieger may lift his siege when he picks a lord
(``lift_siege:<village>``, §4.7 "at any time"). A lord may take the family's other
lords in his village along in a cavalcade (``escort:<lord>``, §4.5.2); a lord or captive
he leaves where they stand is not taken along again before he moves on.
The defenders of a besieged fortress do not move (§4.7).
"""

from __future__ import annotations

from noblesse.core.events import Event
from noblesse.games.fief import actions as A
from noblesse.games.fief.battle import lift, liftable
from noblesse.games.fief.cavalcade import after_refusal, besieger, options, ride, ride_on
from noblesse.games.fief.control import lift_lord, put_lord, settle
from noblesse.games.fief.disasters import blocked
from noblesse.games.fief.no_move import open_roads
from noblesse.games.fief.pacts import passage_agreed
from noblesse.games.fief.roads import (
    MUST_MOVE_ON,
    PERMITTED,
    ROAD,
    SECRET_PASSAGE,
    SP_GO,
    SP_OUT,
    SP_RAIN,
    finish_lord,
    full_moves,
    move,
    pinned,
    play_secret_passage,
    riders,
    road_keeper,
)
from noblesse.games.fief.state import (
    ADJ,
    NL,
    NV,
    SEATS,
    FiefState,
)


def movable_lords(s: FiefState, p: int) -> list[int]:
    """Lords with moves left; a besieged garrison's lords only to ride out (§4.5.2)."""
    out = []
    lords = zip(s.l_owner, s.l_moves, s.l_captor, s.l_loc, strict=True)
    for lo, (f, moves, captor, v) in enumerate(lords):
        if f == p and moves > 0 and captor < 0 and v >= 0:
            if pinned(s, v, p) and (besieger(s, v, p) < 0 or moves != full_moves(s, lo)):
                continue
            out.append(lo)
    return out


def may_move(s: FiefState, p: int) -> bool:
    return bool(movable_lords(s, p) or liftable(s, p))


def legal_select(s: FiefState, p: int) -> list[int]:
    return [
        A.PASS,
        *(A.LORD0 + lo for lo in movable_lords(s, p)),
        *(A.LIFT0 + v for v in liftable(s, p)),
    ]


def apply_select(s: FiefState, p: int, action: int, ev: list[Event]) -> bool:
    """True when ``p`` ends his movement."""
    if action >= A.LIFT0 and action < A.LIFT0 + NV:
        lift(s, p, action - A.LIFT0, ev)  # the garrison may pursue; he falls back
        return False
    if action == A.PASS:
        for lo in range(NL):
            if s.l_owner[lo] == p:
                s.l_moves[lo] = 0
        return True
    s.kind, s.moving_lord = A.MOVE_LORD, action - A.LORD0
    s.left_by = [-1] * NL  # whom an earlier lord left, he may take along
    return False


def joinable(s: FiefState, c: int, lo: int) -> bool:
    """Lord or captive ``c`` may go along with ``lo`` or be left by him: no other lord
    leads him, and ``lo`` has not left him where they stand (``left_by``)."""
    return s.l_escort[c] in (-1, lo) and s.left_by[c] != lo


def legal_move_lord(s: FiefState, p: int) -> list[int]:
    lo = s.moving_lord
    v = s.l_loc[lo]
    i = v * SEATS + p
    out = []
    if s.knights[i] > s.spent_knights[i]:
        out.append(A.CARRY_K)
    if s.men_at_arms[i] > s.spent_men_at_arms[i]:
        out.append(A.CARRY_M)
    if s.l_pass[lo] != 1:  # not while passing through with permission
        if s.carried_knights[lo]:
            out.append(A.DROP_K)
        if s.carried_men_at_arms[lo]:
            out.append(A.DROP_M)
        # lead a captive of the family along, or leave one here (§4.6.6)
        out += [
            A.ESCORT0 + c
            for c in range(NL)
            if s.l_captor[c] == p and s.l_loc[c] == v and joinable(s, c, lo)
        ]
        if lo == s.joan:  # Joan carries lords of her family (§4.12.6)
            out += [
                A.ESCORT0 + c
                for c in range(NL)
                if c != lo
                and s.l_owner[c] == p
                and s.l_captor[c] < 0
                and s.l_loc[c] == v
                and joinable(s, c, lo)
            ]
        else:  # lords of the family riding with him in a cavalcade
            out += [A.ESCORT0 + c for c in companions(s, lo, p)]
        out.sort()
    if lo != s.joan and s.l_moves[lo] == full_moves(s, lo) and riders(s, lo):
        return cavalcade_only(s, lo, p, out)
    moves = [A.MOVE0 + w for w in open_roads(s, lo, p)]
    mode = s.l_pass[lo]
    if (
        mode == 0
        and s.l_moves[lo] > 0
        and SECRET_PASSAGE in s.hand[p]
        and (pinned(s, v, p) or any(blocked(s, v, w) for w in ADJ[v]))
    ):
        out.append(A.PLAY0 + SECRET_PASSAGE)
    if s.l_pass[lo] != MUST_MOVE_ON or not moves:
        out.append(A.LORD_DONE)  # a crossing cavalcade cannot stop there (§4.5.2)
    out += moves
    out += [A.SECRET0 + w for w in unasked_moves(s, lo, p)]
    if s.l_moves[lo] == full_moves(s, lo):  # a cavalcade is a first move (§4.5.2)
        out += [A.CAVALCADE0 + w for w in options(s, lo, p)]
    out.sort()
    return out


def companions(s: FiefState, lo: int, p: int) -> list[int]:
    """§4.5.2 "a group made only of lords and knights": before his first move, with no
    man-at-arms and a cavalcade open to him, the lord may take along the other lords of
    the family in his village that have not moved (``escort:<lord>``, again to leave
    one, who is then not taken again before he moves on); with any along he may only
    ride a cavalcade or stop (they then stay). After the ride they go on with him (their
    move spent), and he may leave them anywhere but in a village the cavalcade crossed."""
    v = s.l_loc[lo]
    if s.l_pass[lo] == MUST_MOVE_ON or s.free_lords[v * SEATS + p] < 2:
        return []  # none stays in a village crossed (§4.5.2); or none here
    if (
        s.l_moves[lo] != full_moves(s, lo)
        or s.carried_men_at_arms[lo]
        or s.l_pass[lo]
        or not options(s, lo, p)
    ):
        return riders(s, lo)  # only to leave them
    return [
        c
        for c in range(NL)
        if c != lo
        and s.l_owner[c] == p
        and s.l_captor[c] < 0
        and s.l_loc[c] == v
        and s.l_moves[c] == full_moves(s, c)
        and joinable(s, c, lo)
    ]


def cavalcade_only(s: FiefState, lo: int, p: int, out: list[int]) -> list[int]:
    """Lords riding along: knights, riders, the cavalcade, or stop (§4.5.2)."""
    keep = [a for a in out if a in (A.CARRY_K, A.DROP_K) or A.ESCORT0 <= a < A.ESCORT0 + NL]
    return sorted([*keep, A.LORD_DONE, *(A.CAVALCADE0 + w for w in options(s, lo, p))])


def unasked_moves(s: FiefState, lo: int, p: int) -> list[int]:
    """§4.12.2 use 3 without asking first (``secret_passage:<village>``): the roads on
    which a Secret Passage spares the lord a question, into a village another family
    holds (with a move left after it: a last move asks nothing) or down a road another
    family came in by (refused before or not). Offered when the hand holds a Secret
    Passage; the option sits in his own movement decision, asked card or no card, so
    it tells the others nothing."""
    v, mode = s.l_loc[lo], s.l_pass[lo]
    if (
        SECRET_PASSAGE not in s.hand[p]
        or s.l_moves[lo] <= 0
        or pinned(s, v, p)
        or mode not in (0, PERMITTED, MUST_MOVE_ON)
    ):
        return []
    return [
        w
        for w in ADJ[v]
        if not blocked(s, v, w)
        and (road_keeper(s, v, w, p) >= 0 or (s.ctrl[w] not in (-1, p) and s.l_moves[lo] > 1))
    ]


def apply_move_lord(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    lo = s.moving_lord
    v = s.l_loc[lo]
    i = v * SEATS + p
    if action == A.LORD_DONE:
        finish_lord(s, lo)
    elif action == A.CARRY_K:
        s.knights[i] -= 1
        s.carried_knights[lo] += 1
    elif action == A.CARRY_M:
        s.men_at_arms[i] -= 1
        s.carried_men_at_arms[lo] += 1
    elif action == A.DROP_K:
        s.carried_knights[lo] -= 1
        s.knights[i] += 1
        s.spent_knights[i] += 1
    elif action >= A.SECRET0:  # secret_passage:<village>
        play_secret_passage(s, p, lo, ev)
        s.l_pass[lo] = SP_GO
        move(s, lo, action - A.SECRET0, ev)
    elif action >= A.ESCORT0:
        c = action - A.ESCORT0
        if s.l_escort[c] == lo:  # left here: not taken again before he moves on
            s.l_escort[c], s.left_by[c] = -1, lo
        else:
            s.l_escort[c] = lo
        if s.l_captor[c] < 0 and lo == s.joan:
            s.l_moves[c] = 0  # a carried lord has followed her this turn
        ev.append(
            Event("escort", {"seat": p, "lord": lo, "captive": c, "led": s.l_escort[c] == lo})
        )
    elif A.PLAY0 <= action < A.PLACE0:  # play:secret_passage
        secret_passage(s, p, lo, ev)
    elif action >= A.CAVALCADE0:
        ride(s, p, action - A.CAVALCADE0, ev)
    elif action == A.DROP_M:
        s.carried_men_at_arms[lo] -= 1
        s.men_at_arms[i] += 1
        s.spent_men_at_arms[i] += 1
    else:
        w = action - A.MOVE0
        # out of a besieged fortress by a Secret Passage, no besieger is asked for his road
        keeper = road_keeper(s, v, w, p) if s.l_pass[lo] != SP_OUT else -1
        if keeper >= 0 and s.pacts and passage_agreed(s, keeper, lo, v):
            ev.append(
                Event(
                    "passage",
                    {
                        "seat": keeper,
                        "mover": p,
                        "lord": lo,
                        "granted": True,
                        "village": v,
                        "agreed": True,
                    },
                )
            )
            keeper = -1  # §7.4: a passage agreed in an offer
        if keeper >= 0:
            s.kind, s.actor, s.asked_village, s.permit_for = A.PERMIT, keeper, w, ROAD
            ev.append(
                Event(
                    "ask_passage",
                    {"seat": p, "lord": lo, "from": v, "to": w, "asked": keeper, "road": True},
                )
            )
            return
        move(s, lo, w, ev)


def secret_passage(s: FiefState, p: int, lo: int, ev: list[Event]) -> None:
    """§4.12.2 in movement: out of a besieged fortress, or one move through Heavy Rain."""
    play_secret_passage(s, p, lo, ev)
    s.l_pass[lo] = SP_OUT if pinned(s, s.l_loc[lo], p) else SP_RAIN


def legal_permit(s: FiefState) -> list[int]:
    return [A.PERMIT_YES, A.PERMIT_NO]


def apply_permit(s: FiefState, seat: int, action: int, ev: list[Event]) -> None:
    lo = s.moving_lord
    p = s.l_owner[lo]
    yes = action == A.PERMIT_YES
    ev.append(
        Event(
            "passage",
            {"seat": seat, "mover": p, "lord": lo, "granted": yes, "village": s.asked_village},
        )
    )
    if s.permit_for == ROAD:
        if yes:
            move(s, lo, s.asked_village, ev)
        else:
            s.l_refused[lo] |= 1 << s.asked_village
            # asked whenever the hand holds a card: a Secret Passage down that road
            s.kind, s.actor = (A.REFUSED if s.hand[p] else A.MOVE_LORD), p
        return
    if yes:
        s.l_pass[lo] = PERMITTED
        s.kind, s.actor = A.MOVE_LORD, p
    else:
        s.kind, s.actor = A.REFUSED, p


def legal_refused(s: FiefState, p: int) -> list[int]:
    """Go back, stay, or go on through by a Secret Passage (§4.12.2); refused a road,
    accept (``pass``: the road is closed to him) or take it by a Secret Passage
    (source "沿著對手進來的路移動"). With ``cavalcade_only_after_refusal``, refused passage
    on his first move, he may also ride through as a cavalcade (``cavalcade:<village>``,
    ``cavalcade.after_refusal``)."""
    out = [A.PASS] if s.permit_for == ROAD else [A.RETREAT, A.STAY]
    if SECRET_PASSAGE in s.hand[p]:
        out.append(A.PLAY0 + SECRET_PASSAGE)
    out += [A.CAVALCADE0 + w for w in after_refusal(s, s.moving_lord, p)]
    return sorted(out)


def apply_refused(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    """§4.5: refused, the mover returns to where he came from or stops in the village."""
    lo = s.moving_lord
    if s.permit_for == ROAD and action == A.PASS:
        s.kind, s.actor = A.MOVE_LORD, p
        return
    if A.CAVALCADE0 <= action < A.CAVALCADE0 + NV:
        ride_on(s, p, ev)
        return
    if action not in (A.RETREAT, A.STAY):
        s.hand[p].remove(SECRET_PASSAGE)
        s.fd_discard.append(SECRET_PASSAGE)
        ev.append(Event("play_opportunity", {"seat": p, "card": SECRET_PASSAGE, "lord": lo}))
        if s.permit_for == ROAD:
            move(s, lo, s.asked_village, ev)
            return
        s.l_pass[lo] = PERMITTED
        s.kind, s.actor = A.MOVE_LORD, p
        return
    if action == A.RETREAT:
        v, back = s.l_loc[lo], s.l_prev[lo]
        lift_lord(s, lo)
        put_lord(s, lo, back)
        ev.append(Event("retreat", {"seat": p, "lord": lo, "from": v, "to": back}))
        settle(s, v, ev)
        settle(s, back, ev)
    finish_lord(s, lo)
