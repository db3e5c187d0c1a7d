"""The elections and the Pope's decrees (spec §5.4-§5.7): who stands, who votes how
many votes, who wins.

Bishop (§5.4.1): held for a vacant bishopric whose every village is controlled; each
family declares one eligible lord or none; a family's votes are 1 per village it
controls there, 1 more for the principal village, 2 per Bishop it had in play at the
start of the turn, 3 per Cardinal, 3 for the Pope (a lord's highest office only);
plurality, a tie elects nobody (§6 #20). Pope (§5.5): vacant, at least 2 Cardinals;
every Bishop or Cardinal stands; each Cardinal 1 vote; an absolute majority of all the
Cardinals' votes. King (§5.6): vacant throne (a Queen Regent rules or nobody), at least 3
fief-titled lords; every male fief-titled lord who is no cleric stands; each fief lord,
Bishop, Cardinal and the Pope 1 vote (once); more than half the votes cast, at least 3,
among them 2 Bishops, a Cardinal or the Pope. Captives and excommunicated lords neither
stand nor vote (§4.6.6 "Captives cannot vote or stand for election", §5.7): a captive's
clerical votes are not his family's, a captive Cardinal is no voter of the Pope election
nor counted in its majority, a captive fief lord or cleric gives no King vote.
"""

from __future__ import annotations

from noblesse.core.events import Event
from noblesse.games.fief.crown import crown_pope, drop_cardinal
from noblesse.games.fief.marriage import in_play, married
from noblesse.games.fief.state import (
    BISHOPRIC_VILLAGES,
    BOARD,
    LORD_FEMALE,
    NB,
    NL,
    FiefState,
    cleric,
    rule,
)

V_VILLAGE = rule("bishop_votes_per_village")
V_PRINCIPAL = rule("bishop_votes_principal")
V_BISHOP = rule("bishop_votes_bishop")
V_CARDINAL = rule("bishop_votes_cardinal")
V_POPE = rule("bishop_votes_pope")
POPE_MIN_CARDINALS = rule("pope_election_min_cardinals")
POPE_VOTES = rule("pope_votes_per_cardinal")
KING_MIN_LORDS = rule("king_election_min_fief_lords")
KING_VOTES = rule("king_votes_per_lord")
KING_MIN_VOTES = rule("king_min_votes")
KING_BISHOPS = rule("king_needs_bishops")
KING_CARDINALS = rule("king_needs_cardinals")
KING_POPE = rule("king_needs_pope")
AT_ONCE = rule("excommunicated_at_once")
PRINCIPAL = tuple(BOARD.bishoprics[b].principal for b in range(NB))
BY_NUMBER = tuple(sorted(range(NB), key=lambda b: BOARD.bishoprics[b].number))  # 1 -> 5


# ------------------------------------------------------------------ offices
def bishop_of(s: FiefState, lo: int) -> int:
    """The bishopric ``lo`` is Bishop of, or -1."""
    return s.bishop.index(lo) if lo >= 0 and lo in s.bishop else -1


def holds(s: FiefState, lo: int) -> bool:
    """An office is held by a lord in play (a dead one leaves it vacant)."""
    return in_play(s, lo)


def cardinals(s: FiefState) -> list[int]:
    return [lo for lo in range(NL) if s.cardinal[lo] and in_play(s, lo)]


def fief_lords(s: FiefState) -> list[int]:
    return sorted({lo for lo in s.fief_holder if in_play(s, lo)})


def free(s: FiefState, lo: int) -> bool:
    """Neither captive nor excommunicated: may stand, vote (and marry)."""
    return in_play(s, lo) and s.l_captor[lo] < 0 and not s.excommunicated[lo]


# ------------------------------------------------------------------ Bishops (§5.4.1)
def election_due(s: FiefState, b: int) -> bool:
    return not holds(s, s.bishop[b]) and all(s.ctrl[v] >= 0 for v in BISHOPRIC_VILLAGES[b])


def bishop_candidates(s: FiefState, f: int) -> list[int]:
    """§5.4: male, unmarried, not already Bishop, not King, free; no fief lord with
    ``clerics_hold_fief_titles`` off (§6 #15)."""
    lay = not s.options["clerics_hold_fief_titles"]
    return [
        lo
        for lo in range(NL)
        if s.l_owner[lo] == f
        and not LORD_FEMALE[lo]
        and free(s, lo)
        and not married(s, lo)
        and bishop_of(s, lo) < 0
        and lo != s.king
        and lo != s.pope
        and not (lay and lo in s.fief_holder)
    ]


def cleric_votes(s: FiefState, lo: int) -> int:
    """A lord's votes in a Bishop election by his highest office; none while he is
    captive or excommunicated (§4.6.6, §5.7)."""
    if not free(s, lo):
        return 0
    if lo == s.pope:
        return V_POPE
    if s.cardinal[lo]:
        return V_CARDINAL
    if bishop_of(s, lo) >= 0 and lo not in s.new_bishops:
        return V_BISHOP
    return 0


def bishop_votes(s: FiefState, b: int, f: int) -> int:
    votes = sum(V_VILLAGE for v in BISHOPRIC_VILLAGES[b] if s.ctrl[v] == f)
    if s.ctrl[PRINCIPAL[b]] == f:
        votes += V_PRINCIPAL
    return votes + sum(cleric_votes(s, lo) for lo in range(NL) if s.l_owner[lo] == f)


# ------------------------------------------------------------------ the Pope (§5.5)
def pope_election_due(s: FiefState) -> bool:
    return not holds(s, s.pope) and len(cardinals(s)) >= POPE_MIN_CARDINALS


def pope_candidates(s: FiefState) -> list[int]:
    clergy = {lo for lo in s.bishop if lo >= 0} | set(cardinals(s))
    return sorted(lo for lo in clergy if free(s, lo))


def pope_electors(s: FiefState) -> list[int]:
    """The Cardinals who vote: a captive one does not (§4.6.6). He still counts among
    the 2 Cardinals in play that hold the election (§5.5)."""
    return [lo for lo in cardinals(s) if free(s, lo)]


def pope_votes(s: FiefState, f: int) -> int:
    return POPE_VOTES * sum(1 for lo in pope_electors(s) if s.l_owner[lo] == f)


def pope_elected(s: FiefState, tally: dict[int, int]) -> int:
    """An absolute majority of all the voting Cardinals' votes, cast or not."""
    total = POPE_VOTES * len(pope_electors(s))
    best = max(tally, key=tally.__getitem__, default=-1)
    return best if best >= 0 and 2 * tally[best] > total else -1


def make_pope(s: FiefState, lo: int, ev: list[Event]) -> None:
    """He keeps his Bishop title and gives up his Cardinal's office (§5.4)."""
    if s.cardinal[lo]:
        ev.append(Event("cardinal_ends", {"lord": lo, "seat": s.l_owner[lo]}))
    crown_pope(s, lo, ev)  # his Cardinal card is discarded


# ------------------------------------------------------------------ the King (§5.6)
def king_election_due(s: FiefState) -> bool:
    return not holds(s, s.king) and len(fief_lords(s)) >= KING_MIN_LORDS


def king_candidates(s: FiefState) -> list[int]:
    return [lo for lo in fief_lords(s) if not LORD_FEMALE[lo] and not cleric(s, lo) and free(s, lo)]


def king_voters(s: FiefState, f: int) -> list[int]:
    """The lords of ``f`` with a vote: fief lords, Bishops, Cardinals, the Pope, none of
    them captive or excommunicated (a captive meets no church requirement either)."""
    return [
        lo
        for lo in range(NL)
        if s.l_owner[lo] == f and free(s, lo) and (lo in s.fief_holder or cleric(s, lo))
    ]


def king_votes(s: FiefState, f: int) -> int:
    return KING_VOTES * len(king_voters(s, f))


def king_elected(s: FiefState, ballots: dict[int, int]) -> int:
    """``ballots``: family -> the lord it voted for. More than half of the votes cast, at
    least 3, and 2 Bishops or a Cardinal or the Pope among his voters."""
    tally: dict[int, list[int]] = {}
    for f, lo in ballots.items():
        tally.setdefault(lo, []).extend(king_voters(s, f))
    cast = sum(KING_VOTES * len(v) for v in tally.values())
    for lo, voters in tally.items():
        votes = KING_VOTES * len(voters)
        bishops = sum(1 for x in voters if bishop_of(s, x) >= 0)
        church = (
            bishops >= KING_BISHOPS
            or sum(1 for x in voters if s.cardinal[x]) >= KING_CARDINALS
            or (KING_POPE and s.pope in voters)
        )
        if 2 * votes > cast and votes >= KING_MIN_VOTES and church:
            return lo
    return -1


def crown(s: FiefState, lo: int, ev: list[Event]) -> None:
    """His wife becomes Queen; a Regency ends."""
    s.king, s.regent = lo, 0
    wife = s.spouse[lo] if married(s, lo) else -1
    s.queen = wife
    if wife >= 0:
        ev.append(Event("queen", {"lord": wife, "seat": s.l_owner[wife]}))


# ------------------------------------------------------------------ the Pope's decrees (§5.7)
def excommunicable(s: FiefState) -> list[int]:
    """Lords the Pope may excommunicate: none while one is (one at a time)."""
    if sum(1 for lo in range(NL) if s.excommunicated[lo] and in_play(s, lo)) >= AT_ONCE:
        return []
    return [lo for lo in range(NL) if in_play(s, lo) and lo != s.pope and not s.excommunicated[lo]]


def excommunicate(s: FiefState, lo: int, ev: list[Event]) -> None:
    """He loses his Bishop and Cardinal titles for good (§5.7)."""
    s.excommunicated[lo] = 1
    ev.append(Event("excommunicated", {"lord": lo, "seat": s.l_owner[lo], "by": s.l_owner[s.pope]}))
    b = bishop_of(s, lo)
    if b >= 0:
        s.bishop[b] = -1
        ev.append(Event("bishop_deposed", {"lord": lo, "seat": s.l_owner[lo], "bishopric": b}))
    if s.cardinal[lo]:
        ev.append(Event("cardinal_ends", {"lord": lo, "seat": s.l_owner[lo]}))
        drop_cardinal(s, lo, s.l_owner[lo], ev)


def reinstate(s: FiefState, lo: int, ev: list[Event]) -> None:
    s.excommunicated[lo] = 0
    ev.append(Event("reinstated", {"lord": lo, "seat": s.l_owner[lo], "by": s.l_owner[s.pope]}))
