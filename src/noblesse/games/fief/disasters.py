"""Disasters (spec §3.2.3, §4.2): placement by d6, Heavy Rain, Famine, Plague.

A disaster drawn in the Cards phase is revealed, set aside and replaced; once every
player has drawn, the disasters revealed are placed in the order drawn: a d6 names
bishopric 1-5 (6: no effect, the card is discarded); a bishopric that already has a
disaster this turn is rerolled; after 3 disasters in a turn the others are discarded. A
placed card stays set aside until the end of the turn. Then the Plague strikes (every
lord there rolls a d6, 1-3 dies; every village loses half its units, rounded down), and
again whoever enters the bishopric this turn (§4.2.3).
"""

from __future__ import annotations

from noblesse.core.events import Event
from noblesse.games.fief import actions as A
from noblesse.games.fief.control import settle
from noblesse.games.fief.death import kill
from noblesse.games.fief.state import (
    ASSUMED,
    BISHOPRIC_OF,
    BOARD,
    CARDS,
    NL,
    SEATS,
    EntryLoss,
    FiefState,
    PlagueLoss,
    d6,
    order,
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


def place(s: FiefState, p: int, card: int, ev: list[Event]) -> int:
    """Place one disaster drawn by ``p``; the bishopric it strikes, or -1 (void)."""
    placed = sum(s.hit)  # the disasters placed this turn, cancelled ones too
    if placed >= MAX_DISASTERS:
        s.fd_discard.append(card)
        ev.append(Event("disaster_void", {"card": card, "why": "limit"}))
        return -1
    while True:
        r = d6(s)
        ev.append(Event("roll", {"seat": p, "why": "disaster", "dice": [r]}))
        if r == NO_EFFECT:
            s.fd_discard.append(card)
            ev.append(Event("disaster_void", {"card": card, "why": "six"}))
            return -1
        b = BOARD.bishopric_numbered(r)
        if not struck(s, b):
            break
    getattr(s, FLAG[CARDS[card].key])[b] = 1
    s.hit[b] = 1
    s.set_aside.append(card)
    ev.append(Event("disaster", {"card": card, "bishopric": b}))
    return b


def place_revealed(s: FiefState, ev: list[Event]) -> None:
    """§3.2.3: the disasters revealed in the draw, in the order drawn, then the Plague's
    death checks and losses (the owners' choices may leave a decision pending)."""
    plagues = []
    for card, p in zip(s.revealed, s.revealed_by, strict=True):
        b = place(s, p, card, ev)
        if b >= 0 and CARDS[card].key == "plague":
            plagues.append(b)
    s.revealed.clear()
    s.revealed_by.clear()
    for b in plagues:
        strike(s, b, ev)


def lose(s: FiefState, i: int, lost: int) -> tuple[int, int]:
    """``lost`` units of ``i``, men-at-arms first."""
    m = min(s.men_at_arms[i], lost)
    k = lost - m
    s.men_at_arms[i] -= m
    s.knights[i] -= k
    s.spent_men_at_arms[i] = min(s.spent_men_at_arms[i], s.men_at_arms[i])
    s.spent_knights[i] = min(s.spent_knights[i], s.knights[i])
    return k, m


def village_shares(s: FiefState, v: int) -> list[tuple[int, int]]:
    """Source §瘟疫: "村莊內的部隊失去一半(向下取整)", half the village's units, rounded
    down (NOTES disagreement 11). Each family loses half its own, rounded down; a unit
    the rounding leaves over is lost by a family with an odd count, in turn order
    [assumed]. With ``plague_halves_the_village`` off, spec §4.2.3: each family loses
    half its own, rounded down, and nothing more. Returns (family, units lost)."""
    base = v * SEATS
    units = {f: s.knights[base + f] + s.men_at_arms[base + f] for f in order(s)}
    shares = {f: n // 2 for f, n in units.items()}
    extra = sum(units.values()) // 2 - sum(shares.values())
    if not s.options["plague_halves_the_village"]:
        extra = 0
    for f in order(s):
        if extra and units[f] % 2:
            shares[f] += 1
            extra -= 1
    return [(f, n) for f, n in shares.items() if n]


def strike_village(s: FiefState, v: int, ev: list[Event]) -> None:
    """Forced losses at once; a family with both knights and men-at-arms and a loss
    smaller than its units chooses, unit by unit (§6 #16: the owner chooses; with
    ``owner_chooses_losses`` off, men-at-arms go first)."""
    choose = s.options["owner_chooses_losses"]
    for f, n in village_shares(s, v):
        i = v * SEATS + f
        if choose and s.knights[i] and s.men_at_arms[i] and n < s.knights[i] + s.men_at_arms[i]:
            s.plague_due.append(PlagueLoss(v, f, n))
            continue
        k, m = lose(s, i, n)
        ev.append(Event("plague_losses", {"seat": f, "village": v, "knights": k, "men_at_arms": m}))
    settle(s, v, ev)


def next_plague_loss(s: FiefState, ev: list[Event]) -> None:
    """Ask the owner of the first pending loss, settling forced ones on the way."""
    while s.plague_due:
        v, f, n = s.plague_due[0]
        i = v * SEATS + f
        if n and s.knights[i] and s.men_at_arms[i] and n < s.knights[i] + s.men_at_arms[i]:
            s.kind, s.actor = A.PLAGUE_LOSS, f
            return
        s.plague_due.pop(0)
        if n:
            k, m = lose(s, i, n)
            ev.append(
                Event("plague_losses", {"seat": f, "village": v, "knights": k, "men_at_arms": m})
            )
        settle(s, v, ev)
    s.kind = A.NONE


def apply_plague_loss(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    """The owner's choice of one unit the Plague takes where it struck (``plague_due``;
    on entering, ``entry_choice``)."""
    knight = action == A.LOSE_K
    due = s.plague_due[0]
    lose_one(s, due.village * SEATS + due.family, knight)
    s.plague_due[0] = due._replace(units=due.units - 1)
    ev.append(
        Event(
            "plague_losses",
            {
                "seat": p,
                "village": due.village,
                "knights": int(knight),
                "men_at_arms": int(not knight),
            },
        )
    )
    next_plague_loss(s, ev)


def lose_one(s: FiefState, i: int, knight: bool) -> None:
    if knight:
        s.knights[i] -= 1
        s.spent_knights[i] = min(s.spent_knights[i], s.knights[i])
    else:
        s.men_at_arms[i] -= 1
        s.spent_men_at_arms[i] = min(s.spent_men_at_arms[i], s.men_at_arms[i])


def legal_plague_loss(s: FiefState) -> list[int]:
    entry = s.entry_due
    if entry:
        k, m = group_units(s, entry.lord, entry.family, entry.origin)
    else:
        due = s.plague_due[0]
        i = due.village * SEATS + due.family
        k, m = s.knights[i], s.men_at_arms[i]
    return [a for a, have in ((A.LOSE_K, k), (A.LOSE_M, m)) if have]


def death_check(s: FiefState, lo: int, ev: list[Event]) -> bool:
    """d6, 1-3: the lord dies. True if he died."""
    r = d6(s)
    ev.append(Event("roll", {"seat": s.l_owner[lo], "why": "plague", "dice": [r], "lord": lo}))
    if r <= DEATH_MAX:
        kill(s, lo, "plague", ev)
        return True
    return False


def strike(s: FiefState, b: int, ev: list[Event]) -> None:
    villages = BOARD.villages_of_bishopric(b)
    for lo in range(NL):
        if s.l_owner[lo] >= 0 and s.l_loc[lo] >= 0 and BISHOPRIC_OF[s.l_loc[lo]] == b:
            death_check(s, lo, ev)
    for v in villages:
        strike_village(s, v, ev)
    if s.plague_due:
        next_plague_loss(s, ev)


# ------------------------------------------------------------------ entering (§4.2.3)
# Source "進入疫區的貴族 / 部隊要進行死亡檢定，出去不用": whoever enters a Plague bishopric
# from outside is checked, a move or a fall back after a withdrawal or a lifted siege
# alike. The group's troops lose half (rounded down), its owner choosing which when it
# has both kinds (``entry_due``, an ``EntryLoss``: a lord's carried group, or the
# family's units falling back);
# then every lord entering rolls (1-3 dies), the captives led along included.


def plague_entry(s: FiefState, v: int, w: int) -> bool:
    """Going from ``v`` to ``w`` enters a Plague bishopric (moving inside it is free)."""
    b = BISHOPRIC_OF[w]
    return bool(s.plague[b]) and BISHOPRIC_OF[v] != b


def group_units(s: FiefState, lo: int, f: int, v: int) -> tuple[int, int]:
    if lo >= 0:
        return s.carried_knights[lo], s.carried_men_at_arms[lo]
    i = v * SEATS + f
    return s.knights[i], s.men_at_arms[i]


def group_lose(s: FiefState, lo: int, f: int, v: int, knights: int, men: int) -> None:
    if lo >= 0:
        s.carried_knights[lo] -= knights
        s.carried_men_at_arms[lo] -= men
        return
    i = v * SEATS + f
    s.knights[i] -= knights
    s.men_at_arms[i] -= men
    s.spent_knights[i] = min(s.spent_knights[i], s.knights[i])
    s.spent_men_at_arms[i] = min(s.spent_men_at_arms[i], s.men_at_arms[i])


def entry_loss(s: FiefState, lo: int, f: int, v: int, w: int, ev: list[Event]) -> bool:
    """The entering group loses half its units. True when its owner is asked which
    (both kinds in the group: §6 #16, the owner chooses); the caller then stops, and
    the entry goes on once he has chosen (``entry_choice``); with ``owner_chooses_losses``
    off, men-at-arms go first."""
    k, m = group_units(s, lo, f, v)
    lost = (k + m) // 2
    if lost and k and m and s.options["owner_chooses_losses"]:
        s.entry_due = EntryLoss(lo, f, v, w, lost)
        s.kind, s.actor = A.PLAGUE_LOSS, f
        return True
    knights = max(0, lost - m)
    group_lose(s, lo, f, v, knights, lost - knights)
    if lost:
        ev.append(
            Event(
                "plague_losses",
                {"seat": f, "village": w, "knights": knights, "men_at_arms": lost - knights},
            )
        )
    return False


def entry_choice(s: FiefState, p: int, knight: bool, ev: list[Event]) -> bool:
    """The owner's choice of one unit the plague takes on entering. True when the
    entry's losses are all taken: the caller then goes on with the move or the fall
    back (``rules``: ``roads.arrived``, ``battle.finish_withdrawal``)."""
    due = s.entry_due
    assert due is not None, "no group is entering the Plague"
    lo, f, v, w, lost = due
    group_lose(s, lo, f, v, int(knight), int(not knight))
    ev.append(
        Event(
            "plague_losses",
            {"seat": p, "village": w, "knights": int(knight), "men_at_arms": int(not knight)},
        )
    )
    lost -= 1
    k, m = group_units(s, lo, f, v)
    if lost and k and m:
        s.entry_due = due._replace(units=lost)
        s.kind, s.actor = A.PLAGUE_LOSS, f
        return False
    if lost:  # one kind left: the rest is forced
        knights = lost if k else 0
        group_lose(s, lo, f, v, knights, lost - knights)
        ev.append(
            Event(
                "plague_losses",
                {"seat": f, "village": w, "knights": knights, "men_at_arms": lost - knights},
            )
        )
    s.entry_due = None
    s.kind = A.NONE
    return True


def entry_deaths(s: FiefState, lo: int, ev: list[Event]) -> bool:
    """A lord entering rolls, and the captives (or lords Joan carries) he leads along
    before him. True if he died."""
    for c in range(NL):
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
