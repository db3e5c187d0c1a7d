"""Income (§4.3), ransoms (§4.4.1) and purchases (§4.4.2-4.4.3)."""

from __future__ import annotations

from itertools import compress

from noblesse.core.events import Event
from noblesse.games.fief import actions as A
from noblesse.games.fief.control import free, settle
from noblesse.games.fief.fortune import tithe_taker
from noblesse.games.fief.state import (
    BISHOPRIC_OF,
    DATA,
    FIEF_OF,
    FIEF_SIZE,
    FIEF_VILLAGES,
    NF,
    NL,
    NV,
    SEATS,
    UNTITHED,
    FiefState,
    TitleHow,
    besieged,
    cleric,
    rule,
)

VILLAGE_INCOME = rule("village_income")
HARVEST, WEATHER = rule("harvest_mill_bonus"), rule("weather_mill_bonus")
TALLAGE = rule("tallage_per_village")
MILL_INCOME = rule("mill_income")
MAA_COST, KNIGHT_COST = rule("man_at_arms_cost"), rule("knight_cost")
STRONGHOLD_COST, MILL_COST = rule("stronghold_cost"), rule("mill_cost")
MAX_MILLS = rule("max_mills_per_village")
MAX_FORTS = rule("max_strongholds_per_village")
MAX_CITIES = rule("max_cities_per_fief")
KIT_K, KIT_M = DATA.kit_count("knight"), DATA.kit_count("man_at_arms")
if not DATA.assumed["unlimited_bank"]:
    raise ValueError(
        "data.toml: assumed.unlimited_bank: only an unlimited bank is built "
        "(money is never short in the bank, §2.2)"
    )
MAX_NEW = rule("max_new_units_per_location")
MAX_TITLES = rule("max_fief_titles_per_lord")
RANSOM_BASE, RANSOM_PER_TITLE = rule("ransom_base"), rule("ransom_per_title")
MILL_POOL = DATA.pool_count("mill")
STRONGHOLD_POOL = DATA.pool_count("stronghold")
TITLE_COST = tuple(DATA.fief_title_cost(f) for f in range(NF))
OFFICE_INCOME = rule("office_income")


# ------------------------------------------------------------------ income (§4.3)


def collect_income(s: FiefState, ev: list[Event]) -> None:
    """+1 per controlled village and +2 per mill in it, unless the village is besieged;
    empty villages of a governed fief are the title holder's (their ``ctrl``)."""
    gains = [0] * s.n_players
    for v in range(NV):
        c = s.ctrl[v]
        if c < 0 or besieged(s, v):
            continue
        gains[c] += VILLAGE_INCOME
        b = BISHOPRIC_OF[v]
        if s.mills[v] and not s.famine[b]:  # Famine: mills earn nothing (§4.2.2)
            taker = tithe_taker(s, b)  # a tithe takes the mills' income (§4.3)
            gains[c if taker < 0 else taker] += (
                MILL_INCOME + HARVEST * s.harvest[b] + WEATHER * s.weather[b]
            ) * s.mills[v]
    for fief, f in enumerate(s.tallage):
        if f >= 0:  # §4.2.5: 2 D per village of the fief
            gains[f] += TALLAGE * FIEF_SIZE[fief]
    if s.options["king_pope_income"]:  # §6 #9 switched on: 5 D each a turn
        for office in (s.king, s.pope):
            if office >= 0 and s.l_owner[office] >= 0:
                gains[s.l_owner[office]] += OFFICE_INCOME
    for f, g in enumerate(gains):
        s.money[f] += g
    ev.append(Event("income", {"gains": gains}))
    nb = len(s.harvest)  # markers and bonuses go after income
    s.harvest, s.weather, s.tallage = [0] * nb, [0] * nb, [-1] * NF
    s.tithe = [UNTITHED] * len(s.tithe)


# ------------------------------------------------------------------ ransoms (§4.4.1)


def titles_held(s: FiefState, lo: int) -> int:
    """Every title counts for the ransom (§4.4.1, §6 #11): each fief title, each
    bishopric, the Cardinal's card, King, Queen and Pope (a Cardinal or Pope keeps his
    Bishop title: a Pope who is Bishop holds two). With ``ransom_counts_kept_bishopric``
    off, a Cardinal's or Pope's bishopric is not counted."""
    count = sum(1 for h in s.fief_holder if h == lo)
    if s.options["ransom_counts_kept_bishopric"] or not (s.cardinal[lo] or s.pope == lo):
        count += sum(1 for b in s.bishop if b == lo)
    return count + bool(s.cardinal[lo]) + (s.king == lo) + (s.queen == lo) + (s.pope == lo)


def ransom_cap(s: FiefState, lo: int) -> int:
    return RANSOM_BASE + RANSOM_PER_TITLE * titles_held(s, lo)


def legal_ransom(s: FiefState, p: int) -> list[int]:
    """Pay a captive's cap, release a captive, or pass; with ``ransom_optional`` off
    (§6 #7) no pass while the family can pay the cap for one of its captives."""
    out = []
    for lo in range(NL):
        captor = s.l_captor[lo]
        if captor < 0:
            continue
        if s.l_owner[lo] == p and s.money[p] >= ransom_cap(s, lo):
            out.append(A.RANSOM0 + lo)
        if captor == p:
            out.append(A.RELEASE0 + lo)
    if not out:
        return []
    if not s.options["ransom_optional"] and any(a < A.RELEASE0 for a in out):
        return sorted(out)
    return [A.PASS, *sorted(out)]


def apply_ransom(s: FiefState, p: int, action: int, ev: list[Event]) -> bool:
    """True when ``p`` is done with ransoms."""
    if action == A.PASS:
        return True
    if action >= A.RELEASE0:
        release(s, p, action - A.RELEASE0, ev)
        return False
    lo = action - A.RANSOM0
    cap = ransom_cap(s, lo)
    captor = s.l_captor[lo]
    s.money[p] -= cap
    s.money[captor] += cap
    ev.append(Event("ransom", {"seat": p, "lord": lo, "captor": captor, "paid": cap}))
    v = s.l_loc[lo]
    free(s, lo, ev)
    settle(s, v, ev)
    return False


def releases(s: FiefState, p: int) -> list[int]:
    """``release:<lord>`` for every captive ``p`` holds: the captor frees one when he
    likes ("綁匪放人(看綁匪心情…)", spec §7.3 "any time … free a captive"), at his
    Ransom step and at every window where an offer may open (``offers.WINDOWS``)."""
    if p not in s.l_captor:
        return []
    return [A.RELEASE0 + lo for lo, captor in enumerate(s.l_captor) if captor == p]


def release(s: FiefState, p: int, lo: int, ev: list[Event]) -> None:
    """``p`` frees his captive ``lo``."""
    ev.append(Event("release", {"seat": p, "lord": lo, "owner": s.l_owner[lo]}))
    v = s.l_loc[lo]
    free(s, lo, ev)
    settle(s, v, ev)


# ------------------------------------------------------------------ purchases (§4.4.2)


def eligible_holders(s: FiefState, p: int, exclude: int = -1) -> list[int]:
    """Free lords on the board with fewer than two fief titles (§4.4.3); no cleric
    with ``clerics_hold_fief_titles`` off (§6 #15)."""
    clerics = s.options["clerics_hold_fief_titles"]
    return [
        lo
        for lo in range(NL)
        if s.l_owner[lo] == p
        and s.l_captor[lo] < 0
        and s.l_loc[lo] >= 0
        and lo != exclude
        and sum(1 for h in s.fief_holder if h == lo) < MAX_TITLES
        and (clerics or not cleric(s, lo))
    ]


def holds_city(s: FiefState, p: int, fief: int) -> bool:
    for v in FIEF_VILLAGES[fief]:
        if s.fort[v] == 2 and s.ctrl[v] == p:
            return True
    return False


def new_members(s: FiefState, p: int, fief: int) -> list[int]:
    """Source: "如果家族有新的成員誕生且家族控制封地城堡，可以直接拿回封地爵位" (a new
    family member and the fief's castle: the title back, free; NOTES disagreement 14):
    eligible lords who came into play after the title went back to the board. With
    ``reclaim_needs_new_lord`` off (spec §4.4.3 "as soon as it has a lord"): every
    eligible lord, once the title has gone back to the board (``vacated``)."""
    if not holds_city(s, p, fief):
        return []
    if not s.options["reclaim_needs_new_lord"]:
        return eligible_holders(s, p) if s.vacated[fief] else []
    return [lo for lo in eligible_holders(s, p) if s.l_born[lo] > s.vacated[fief]]


def title_price(s: FiefState, p: int, fief: int) -> int:
    return 0 if new_members(s, p, fief) else TITLE_COST[fief]


def can_claim(s: FiefState, p: int, fief: int) -> bool:
    """The family controls every village of the fief and one holds a stronghold; or it
    holds the fief's fortified city and has a new member (a vacant title, free)."""
    if s.fief_holder[fief] >= 0:
        return False
    if new_members(s, p, fief):
        return True
    if s.money[p] < TITLE_COST[fief]:
        return False
    villages = FIEF_VILLAGES[fief]
    if any(s.ctrl[v] != p for v in villages) or not any(s.fort[v] for v in villages):
        return False
    return bool(eligible_holders(s, p))


def can_transfer(s: FiefState, p: int, fief: int) -> bool:
    """A title goes to another lord of the family; a lord with two titles may give only
    the lower-ranked one (fewer villages) (§4.4.3)."""
    lo = s.fief_holder[fief]
    if lo < 0 or s.l_owner[lo] != p or s.transferred[fief]:
        return False
    other = [f for f in range(NF) if s.fief_holder[f] == lo and f != fief]
    if other and FIEF_SIZE[other[0]] < FIEF_SIZE[fief]:
        return False
    return bool(eligible_holders(s, p, exclude=lo))


def kit_room(s: FiefState, p: int) -> tuple[bool, bool]:
    """With ``troops_capped_by_kit`` the family board's 8 knights and 13 men-at-arms
    cap its troops (spec §2.1); off by default (source: no limit, NOTES #1)."""
    if not s.options["troops_capped_by_kit"]:
        return True, True
    k = sum(s.knights[v * SEATS + p] for v in range(NV))
    m = sum(s.men_at_arms[v * SEATS + p] for v in range(NV))
    return k < KIT_K, m < KIT_M


def legal_purchase(s: FiefState, p: int) -> list[int]:
    out = [A.PASS]
    m = s.money[p]
    mills_out = sum(s.mills)
    forts_out = s.fort.count(1)
    ctrl, lp, new = s.ctrl, s.free_lords, s.new_units
    buys: list[int] = []
    room_k, room_m = kit_room(s, p)
    per_village = s.options["unit_limit_per_village"]
    if not per_village and sum(new[v * SEATS + p] for v in range(NV)) >= MAX_NEW:
        room_k = room_m = False  # §6 #6 switched: 4 a family a phase
    buy_m, buy_k = m >= MAA_COST and room_m, m >= KNIGHT_COST and room_k
    if buy_m or buy_k:  # troops where a free lord of the family stands
        for v in compress(range(NV), lp[p::SEATS]):
            if (new[v * SEATS + p] < MAX_NEW or not per_village) and not besieged(s, v):
                if buy_m:
                    out.append(A.BUY_MAA0 + v)
                if buy_k:
                    out.append(A.BUY_KNIGHT0 + v)
    fort = m >= STRONGHOLD_COST and forts_out < STRONGHOLD_POOL
    mill = m >= MILL_COST and mills_out < MILL_POOL
    held = [v for v, c in enumerate(ctrl) if c == p]
    if fort or mill:
        for v in held:
            if fort and int(s.fort[v] > 0) < MAX_FORTS:
                buys.append(A.BUY_STRONGHOLD0 + v)
            if mill and s.mills[v] < MAX_MILLS:
                buys.append(A.BUY_MILL0 + v)
    out += buys
    fiefs = {FIEF_OF[v] for v in held}  # where the family holds a village
    for fief, holder in enumerate(s.fief_holder):
        if holder < 0:
            if fief in fiefs and can_claim(s, p, fief):  # the titles it may claim
                out.append(A.TITLE0 + fief)
        elif can_transfer(s, p, fief):
            out.append(A.TRANSFER0 + fief)
    out.sort()
    return out


def apply_purchase(s: FiefState, p: int, action: int, ev: list[Event]) -> bool:
    """True when ``p`` is done buying."""
    if action == A.PASS:
        return True
    if action < A.BUY_STRONGHOLD0:
        knight = action >= A.BUY_KNIGHT0
        v = action - (A.BUY_KNIGHT0 if knight else A.BUY_MAA0)
        i = v * SEATS + p
        s.money[p] -= KNIGHT_COST if knight else MAA_COST
        s.new_units[i] += 1
        if knight:
            s.knights[i] += 1
        else:
            s.men_at_arms[i] += 1
        ev.append(
            Event("buy", {"seat": p, "item": "knight" if knight else "man_at_arms", "village": v})
        )
    elif action < A.BUY_MILL0:
        v = action - A.BUY_STRONGHOLD0
        s.money[p] -= STRONGHOLD_COST
        s.fort[v] = 1
        ev.append(Event("buy", {"seat": p, "item": "stronghold", "village": v}))
    elif action < A.TITLE0:
        v = action - A.BUY_MILL0
        s.money[p] -= MILL_COST
        s.mills[v] += 1
        ev.append(Event("buy", {"seat": p, "item": "mill", "village": v}))
    elif action < A.TRANSFER0:
        fief = action - A.TITLE0
        price = title_price(s, p, fief)
        s.money[p] -= price
        ev.append(Event("buy", {"seat": p, "item": "fief_title", "fief": fief, "paid": price}))
        s.kind, s.title_fief, s.title_how = (
            A.HOLDER,
            fief,
            TitleHow.BOUGHT if price else TitleHow.RECLAIMED,
        )
    else:
        s.kind, s.title_fief, s.title_how = A.HOLDER, action - A.TRANSFER0, TitleHow.TRANSFERRED
    return False


def legal_holder(s: FiefState, p: int) -> list[int]:
    if s.title_how == TitleHow.RECLAIMED:
        return [A.HOLDER0 + lo for lo in new_members(s, p, s.title_fief)]
    exclude = s.fief_holder[s.title_fief] if s.title_how == TitleHow.TRANSFERRED else -1
    return [A.HOLDER0 + lo for lo in eligible_holders(s, p, exclude)]


def city_options(s: FiefState, p: int, fief: int) -> list[int]:
    """§4.4.3: one stronghold of the fief may become its fortified city, free."""
    villages = FIEF_VILLAGES[fief]
    if sum(1 for v in villages if s.fort[v] == 2) >= MAX_CITIES:
        return []
    return [v for v in villages if s.fort[v] == 1 and s.ctrl[v] == p]


def apply_holder(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    fief, lo = s.title_fief, action - A.HOLDER0
    old = s.fief_holder[fief]
    s.fief_holder[fief] = lo
    if s.title_how == TitleHow.TRANSFERRED:
        s.transferred[fief] = 1  # one transfer per fief per Purchase phase
        ev.append(Event("title_transfer", {"seat": p, "fief": fief, "lord": lo, "from": old}))
        s.kind, s.title_fief = A.NONE, -1
        return
    ev.append(Event("title", {"seat": p, "fief": fief, "lord": lo}))
    if city_options(s, p, fief):
        s.kind = A.CITY
    else:
        s.kind, s.title_fief = A.NONE, -1


def legal_city(s: FiefState, p: int) -> list[int]:
    return [A.CITY_NONE, *(A.CITY0 + v for v in city_options(s, p, s.title_fief))]


def apply_city(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    if action != A.CITY_NONE:
        v = action - A.CITY0
        s.fort[v] = 2
        ev.append(Event("city", {"seat": p, "village": v}))
    s.kind, s.title_fief = A.NONE, -1
