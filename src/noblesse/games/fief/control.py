"""Who is where: lords arriving and leaving, village control, captures, placement (a death: ``death``).

Village control (§4.5.1): a family with a free lord or troops in an uncontrolled village
controls it; later arrivals control nothing (they stand on the road they came by,
``entry``); when the controller has left, control passes to the family present that
arrived first; an empty village is uncontrolled unless its fief is governed, in which
case it is the title holder's (§4.3, §4.4.3, §6 #18; source "該封地的無主村莊視為被封地貴族
統治"), however it was emptied: left, or its two sides wiped out together (§4.6.5, source
"如果雙方同歸於盡，村莊由封地貴族統治"). A family that enters an empty governed village
takes it, being the only one there [assumed: control follows presence; source
"村莊控制權可以易手，但接手的玩家要有貴族 和/或 部隊在該村莊中"].
"""

from __future__ import annotations

from noblesse.core.events import Event
from noblesse.games.fief import actions as A
from noblesse.games.fief.marriage import ally_of
from noblesse.games.fief.state import (
    DATA,
    FIEF_OF,
    NL,
    NV,
    SEATS,
    FiefState,
    PlacementDue,
    present,
)

START = DATA.start


def holder_family(s: FiefState, fief: int) -> int:
    lo = s.fief_holder[fief]
    return s.l_owner[lo] if lo >= 0 else -1


def arrive(s: FiefState, v: int, f: int, came_from: int = -1) -> None:
    """``f`` is about to have figures in ``v``: note when it arrived and by which road."""
    i = v * SEATS + f
    if s.free_lords[i] > 0 or s.knights[i] + s.men_at_arms[i] > 0:
        return
    s.stamp[i] = s.clock
    s.clock += 1
    c = s.ctrl[v]
    if c >= 0 and c != f and present(s, v, c):
        s.entry[i] = came_from


def put_lord(s: FiefState, lo: int, v: int, came_from: int = -1) -> None:
    f = s.l_owner[lo]
    arrive(s, v, f, came_from)
    s.l_loc[lo] = v
    s.free_lords[v * SEATS + f] += 1
    if lo in s.left_by:  # he moves on: whom he left, he may take along again
        s.left_by = [-1 if x == lo else x for x in s.left_by]
    if lo in s.l_escort:  # the captives he leads come along (§4.6.6)
        for c in range(NL):  # and the lords Joan carries (§4.12.6)
            if s.l_escort[c] == lo:
                if s.l_captor[c] < 0:
                    s.free_lords[s.l_loc[c] * SEATS + f] -= 1
                    s.free_lords[v * SEATS + f] += 1
                s.l_loc[c] = v


def drop_escort(s: FiefState, lo: int) -> None:
    """The captives ``lo`` leads stay where he is."""
    if lo in s.l_escort:
        for c in range(NL):
            if s.l_escort[c] == lo:
                s.l_escort[c] = -1


def lift_lord(s: FiefState, lo: int) -> None:
    v = s.l_loc[lo]
    if v >= 0 and s.l_captor[lo] < 0:
        s.free_lords[v * SEATS + s.l_owner[lo]] -= 1
    s.l_loc[lo] = -1


def settle(s: FiefState, v: int, ev: list[Event]) -> None:
    """Bring village ``v`` up to date after figures came, went or died."""
    n = s.n_players
    base = v * SEATS
    c = s.ctrl[v]
    if not (c >= 0 and present(s, v, c)):
        best, when = -1, 0
        for g in range(n):
            i = base + g
            if (s.free_lords[i] > 0 or s.knights[i] + s.men_at_arms[i] > 0) and (
                best < 0 or s.stamp[i] < when
            ):
                best, when = g, s.stamp[i]
        if best < 0:
            best = holder_family(s, FIEF_OF[v])  # §4.4.3, §4.6.5: -1 if ungoverned
        if best != c:
            s.ctrl[v] = best
            ev.append(Event("control", {"village": v, "seat": best}))
    c = s.ctrl[v]
    for g in range(n):  # §4.7: an engine goes when its troops are gone or it has won
        if s.engine[base + g] and (s.knights[base + g] + s.men_at_arms[base + g] == 0 or g == c):
            s.engine[base + g] = 0
            s.engines_used[g] -= 1
            ev.append(Event("siege_lifted", {"seat": g, "village": v}))
    for g in range(n):
        if s.entry[base + g] >= 0 and (g == c or not present(s, v, g)):
            s.entry[base + g] = -1
    for lo in range(NL):
        captor = s.l_captor[lo]
        if captor >= 0 and s.l_loc[lo] == v and not guarded(s, lo, v, captor):
            ev.append(Event("escape", {"lord": lo, "seat": s.l_owner[lo], "village": v}))
            free(s, lo, ev)


def guarded(s: FiefState, lo: int, v: int, captor: int) -> bool:
    """§4.6.6, source "綁匪可以帶著肉票四處跑或者交由部隊看管 … 如果綁匪的部隊全滅，肉票可以逃走":
    a captive is held by the captor's troops there or by the captor's lord leading him."""
    i = v * SEATS + captor
    if s.knights[i] + s.men_at_arms[i] > 0:
        return True
    escort = s.l_escort[lo]
    return escort >= 0 and s.l_loc[escort] == v and s.l_captor[escort] < 0


# ------------------------------------------------------------------ placement (§5.1.2)


def allies(s: FiefState, f: int) -> list[int]:
    """The families allied to ``f`` (§5.2: joined to it by a marriage; a family is in
    one marriage at most); a battle's sides are no alliance."""
    g = ally_of(s, f)
    return [g] if g >= 0 else []


def placement_options(s: FiefState, f: int) -> list[int]:
    """The villages of the first applicable tier of the placement rule (§5.1.2):
    own stronghold/city, else a village with another lord of the family, else a village
    the family controls, else an uncontrolled village or an ally's village (source
    "沒人佔領或者盟友的村莊"); empty: the lord waits."""
    friends = allies(s, f)
    tiers: tuple[list[int], list[int], list[int], list[int]] = ([], [], [], [])
    for v in range(NV):
        c = s.ctrl[v]
        if c == f and s.fort[v]:
            tiers[0].append(v)
        if s.free_lords[v * SEATS + f] > 0:
            tiers[1].append(v)
        if c == f:
            tiers[2].append(v)
        elif c < 0 or c in friends:
            tiers[3].append(v)
    for tier in tiers:
        if tier:
            return tier
    return []


def place_lord(s: FiefState, lo: int, v: int, ev: list[Event]) -> None:
    """Put a free lord of the family on ``v`` (a new, ransomed or escaped lord)."""
    if v < 0:
        s.l_loc[lo] = -1
        ev.append(Event("lord_waits", {"lord": lo, "seat": s.l_owner[lo]}))
        return
    put_lord(s, lo, v)
    ev.append(Event("lord_placed", {"lord": lo, "seat": s.l_owner[lo], "village": v}))
    settle(s, v, ev)


def free(s: FiefState, lo: int, ev: list[Event]) -> None:
    """A captive is freed (ransom, release, escape) and placed by §5.1.2: at once when
    the tier has one village (or none: he waits), else his family chooses
    (``place_freed_lord``) as soon as the step under way is over (``place_due``)."""
    s.l_captor[lo] = -1
    s.l_escort[lo] = -1
    s.l_loc[lo] = -1
    place_or_ask(s, lo, ev)


def place_or_ask(s: FiefState, lo: int, ev: list[Event]) -> None:
    options = placement_options(s, s.l_owner[lo])
    if len(options) > 1:
        if PlacementDue(lo) not in s.place_due:
            s.place_due.append(PlacementDue(lo))
        return
    place_lord(s, lo, options[0] if options else -1, ev)


def next_placement(s: FiefState, ev: list[Event]) -> bool:
    """The first lord waiting for his family's choice of village: ask it (True), placing
    on the way those whose tier now has one village or none."""
    while s.place_due:
        lo = s.place_due[0].lord
        if s.l_owner[lo] < 0 or s.l_captor[lo] >= 0 or s.l_loc[lo] >= 0:
            s.place_due.pop(0)  # died, taken or placed meanwhile
            continue
        if len(placement_options(s, s.l_owner[lo])) > 1:
            s.kind, s.actor = A.PLACE_FREED, s.l_owner[lo]
            return True
        s.place_due.pop(0)
        place_or_ask(s, lo, ev)
    return False


def capture(s: FiefState, lo: int, captor: int, ev: list[Event]) -> None:
    v = s.l_loc[lo]
    s.free_lords[v * SEATS + s.l_owner[lo]] -= 1
    s.l_captor[lo] = captor
    s.l_escort[lo] = -1  # no longer carried by Joan
    drop_escort(s, lo)
    ev.append(
        Event("captured", {"lord": lo, "seat": s.l_owner[lo], "captor": captor, "village": v})
    )


# ------------------------------------------------------------------ the start (§2.8)
def start_villages(s: FiefState) -> list[int]:
    """§2.8: an empty village; with ``one_family_per_fief_start`` (§6 #21), not in a
    fief where another family already started."""
    out = [v for v in range(NV) if s.ctrl[v] < 0]
    if s.options.get("one_family_per_fief_start"):
        taken = {FIEF_OF[v] for v in range(NV) if s.ctrl[v] >= 0}
        out = [v for v in out if FIEF_OF[v] not in taken]
    return out


def start_in(s: FiefState, p: int, v: int, ev: list[Event]) -> None:
    """The start village: stronghold, knight, men-at-arms, the lord and the money."""
    lo = next(lo for lo in range(len(s.l_owner)) if s.l_owner[lo] == p)
    i = v * SEATS + p
    s.knights[i] += START["knights"]
    s.men_at_arms[i] += START["men_at_arms"]
    s.fort[v] = 1 if START["strongholds"] else 0
    s.money[p] += START["money"]
    s.stamp[i] = s.clock
    s.clock += 1
    place_lord(s, lo, v, ev)
    settle(s, v, ev)
    ev.append(Event("start_village", {"seat": p, "village": v}))
