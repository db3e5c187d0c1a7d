"""End of turn (spec §4.10, §5.8): disasters discarded, VP, victory, the first-player card.

VP = 1 per fief title + 1 for the King + 1 for the Pope (the Queen Regent none, §6 #13;
1 with the ``queen_regent_vp`` switch).
A side is a family alone, or two families bound by a marriage (``marriage.allied``). A
family alone wins with 3 VP (``vp_to_win_alone``); a married pair wins together with 4 VP
combined (``vp_to_win_married``) and neither can win alone. Several sides at once are
ranked by King > Pope > Queen Regent > more fief lords > more bishops > more villages
(``rules.tie_break_order``; source "平手就依照下列順序排名 國王 > 教宗 > 攝政女王 > 封地貴族 >
主教 > 控制的村莊數", spec §4.10 "Several winners at once: rank by King > Pope > ..."),
whatever their VP; a pair counts what either holds of the offices, sums the rest
[assumed: the source ranks families]; still tied, they all win. With ``max_turns`` the
game also ends after that turn (an engine option, not in the sources): every side is
ranked by its VP beyond its target [assumed: a pair's 4 weighs as a family's 3], then
in the same order.
"""

from __future__ import annotations

from noblesse.core.events import Event
from noblesse.games.fief.disasters import end_of_turn as end_of_disasters
from noblesse.games.fief.marriage import allied
from noblesse.games.fief.state import DATA, NL, NV, FiefState, owner_of, rule

VP_WIN = rule("vp_to_win_alone")
TIE_BREAK: tuple[str, ...] = tuple(DATA.rules["tie_break_order"])
HELD = frozenset(("king", "pope", "queen_regent"))  # offices: a pair holds, not sums
VP_WIN_MARRIED = rule("vp_to_win_married")


def rank_key(s: FiefState, f: int) -> tuple[int, ...]:
    """One family's VP, then what it holds in ``rules.tie_break_order`` (source: King,
    Pope, Queen Regent, fief lords, bishops, villages); ``side_key`` ranks several
    winners by the second part only (§4.10)."""
    held = {
        "king": int(owner_of(s, s.king) == f),
        "pope": int(owner_of(s, s.pope) == f),
        "queen_regent": int(bool(s.regent) and owner_of(s, s.queen) == f),
        "fief_lords": len({lo for lo in s.fief_holder if lo >= 0 and s.l_owner[lo] == f}),
        "bishops": sum(1 for lo in s.bishop if lo >= 0 and s.l_owner[lo] == f),
        "villages": sum(1 for v in range(NV) if s.ctrl[v] == f),
    }
    return (s.vp[f], *(held[name] for name in TIE_BREAK))


def sides(s: FiefState) -> list[tuple[int, ...]]:
    """Every family alone, or with the family it is married to (§5.2), in seat order."""
    out: list[tuple[int, ...]] = []
    seen: set[int] = set()
    for f in range(s.n_players):
        if f in seen:
            continue
        side = (f, *(g for g in range(f + 1, s.n_players) if allied(s, f, g)))
        seen.update(side)
        out.append(side)
    return out


def needed(side: tuple[int, ...]) -> int:
    return VP_WIN if len(side) == 1 else VP_WIN_MARRIED


def side_key(s: FiefState, side: tuple[int, ...], by_vp: bool = False) -> tuple[int, ...]:
    """A side's rank in ``TIE_BREAK`` order: what either family holds of King, Pope and
    Regency, the sums of fief lords, bishops and villages. With ``by_vp`` (the turn
    limit) its VP beyond its target come first."""
    keys = [rank_key(s, f) for f in side]
    rest = tuple(
        (max if name in HELD else sum)(k[i] for k in keys)
        for i, name in enumerate(TIE_BREAK, start=1)
    )
    if not by_vp:
        return rest
    return (sum(k[0] for k in keys) - needed(side), *rest)


def best_of(s: FiefState, candidates: list[tuple[int, ...]], by_vp: bool = False) -> list[int]:
    """The families of the best-ranked sides, in seat order."""
    keys = {side: side_key(s, side, by_vp) for side in candidates}
    top = max(keys.values())
    return sorted(f for side in candidates if keys[side] == top for f in side)


def victors(s: FiefState) -> list[tuple[int, ...]]:
    """The sides that reached their target: 3 VP alone, 4 VP for a married pair."""
    vp = s.vp
    return [side for side in sides(s) if sum(vp[f] for f in side) >= needed(side)]


def end_turn(s: FiefState, ev: list[Event]) -> None:
    s.fd_discard.extend(s.set_aside)  # the disasters are discarded (§4.10)
    s.set_aside.clear()
    end_of_disasters(s)
    ev.append(Event("end_of_turn", {"turn": s.turn, "vp": s.vp}))
    reached = victors(s)
    if reached:
        finish(s, best_of(s, reached), "victory", ev)
    elif s.max_turns and s.turn >= s.max_turns:
        finish(s, best_of(s, sides(s), by_vp=True), "turn_limit", ev)
    else:
        s.first = (s.first + 1) % s.n_players  # the first-player card passes left
        ev.append(Event("first_player", {"seat": s.first}))


def finish(s: FiefState, winners: list[int], how: str, ev: list[Event]) -> None:
    s.over = True
    s.winner_list = winners
    ev.append(Event("game_over", {"winners": winners[:], "vp": s.vp, "how": how}))


def lords_of(s: FiefState, f: int) -> list[int]:
    return [lo for lo in range(NL) if s.l_owner[lo] == f]
