"""End of turn (spec §4.10): disasters discarded, VP, victory, the first-player card.

VP = 1 per fief title + 1 for the King + 1 for the Pope. A family with 3 VP wins at the
end of a turn; several at once are ranked King > Pope > Queen Regent > more fief lords >
more bishops > more villages (more VP first [assumed]). With ``max_turns`` the game also
ends after that turn, and the same ranking names the winners.
"""

from __future__ import annotations

from noblesse.core.events import Event
from noblesse.games.fief.disasters import end_of_turn as end_of_disasters
from noblesse.games.fief.state import NL, NV, FiefState, rule

VP_TITLE, VP_KING, VP_POPE = rule("vp_per_fief_title"), rule("vp_king"), rule("vp_pope")
VP_WIN = rule("vp_to_win_alone")


def owner_of(s: FiefState, lo: int) -> int:
    return s.l_owner[lo] if lo >= 0 else -1


def victory_points(s: FiefState) -> list[int]:
    vp = [0] * s.n_players
    for lo in s.fief_holder:
        if lo >= 0:
            vp[s.l_owner[lo]] += VP_TITLE
    for lo, points in ((s.king, VP_KING), (s.pope, VP_POPE)):
        f = owner_of(s, lo)
        if f >= 0:
            vp[f] += points
    return vp


def rank_key(s: FiefState, f: int) -> tuple[int, ...]:
    """§4.10 tie-break; the Queen is Regent only when there is no King (next issue)."""
    regent = int(s.king < 0 and owner_of(s, s.queen) == f)
    fief_lords = len({lo for lo in s.fief_holder if lo >= 0 and s.l_owner[lo] == f})
    bishops = sum(1 for lo in s.bishop if lo >= 0 and s.l_owner[lo] == f)
    villages = sum(1 for v in range(NV) if s.ctrl[v] == f)
    return (s.vp[f], int(owner_of(s, s.king) == f), int(owner_of(s, s.pope) == f), regent,
            fief_lords, bishops, villages)


def best_of(s: FiefState, seats: list[int]) -> list[int]:
    keys = {f: rank_key(s, f) for f in seats}
    top = max(keys.values())
    return [f for f in seats if keys[f] == top]


def end_turn(s: FiefState, ev: list[Event]) -> None:
    s.fd_discard.extend(s.set_aside)      # the disasters are discarded (§4.10)
    s.set_aside.clear()
    end_of_disasters(s)
    s.vp = victory_points(s)
    ev.append(Event("end_of_turn", {"turn": s.turn, "vp": s.vp[:]}))
    reached = [f for f in range(s.n_players) if s.vp[f] >= VP_WIN]
    if reached:
        finish(s, best_of(s, reached), "victory", ev)
    elif s.max_turns and s.turn >= s.max_turns:
        finish(s, best_of(s, list(range(s.n_players))), "turn_limit", ev)
    else:
        s.first = (s.first + 1) % s.n_players   # the first-player card passes left
        ev.append(Event("first_player", {"seat": s.first}))


def finish(s: FiefState, winners: list[int], how: str, ev: list[Event]) -> None:
    s.over = True
    s.winner_list = winners
    ev.append(Event("game_over", {"winners": winners[:], "vp": s.vp[:], "how": how}))


def lords_of(s: FiefState, f: int) -> list[int]:
    return [lo for lo in range(NL) if s.l_owner[lo] == f]
