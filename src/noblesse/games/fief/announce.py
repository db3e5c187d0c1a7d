"""The Announcements phase (spec §3 step 1): marriages, the Pope's decrees, annulments,
the Bishop elections (bishopric 1 -> 5), the Pope election, the King election.

Like the Cards phase it is a series of steps (``s.announce_step``), each going once
round the table from the first player (``s.cursor``): MARRYING (each family may propose one
marriage, §5.2; the other family answers), DECREES (the Pope's family may excommunicate
one lord or reinstate the excommunicated one, §5.7), ANNULMENTS (each married family may
ask the Pope to annul its marriage; he grants or denies), then for each bishopric due an
election (``s.election``) DECLARING (each family may declare one candidate) and its
BISHOP_VOTE; then POPE_VOTE and KING_VOTE. A vote is a secret simultaneous ballot: every
family with votes (``s.voters``) gives all its votes to one candidate or abstains
(``s.ballot``, hidden from the others until the last is cast), then all are revealed
together and counted (``church``).
"""

from __future__ import annotations

from noblesse.core.events import Event
from noblesse.games.fief import actions as A
from noblesse.games.fief import church, marriage, promises
from noblesse.games.fief.state import AnnounceStep, FiefState, Proposal, order, the_proposal

(MARRYING, DECREES, ANNULMENTS, DECLARING, BISHOP_VOTE, POPE_VOTE, KING_VOTE) = AnnounceStep
STEP_NAMES = (
    "marriages",
    "pope_decrees",
    "annulments",
    "bishop_candidates",
    "bishop_ballot",
    "pope_ballot",
    "king_ballot",
)
OFFICE: dict[int, str] = {BISHOP_VOTE: "bishop", POPE_VOTE: "pope", KING_VOTE: "king"}
NOT_CAST, ABSTAINED = -1, -2


def open_phase(s: FiefState) -> None:
    s.announce_step, s.cursor, s.election = MARRYING, 0, -1
    s.new_bishops, s.candidates, s.voters = [], [], []
    s.ballot = [NOT_CAST] * s.n_players


def pope_family(s: FiefState) -> int:
    return s.l_owner[s.pope] if marriage.in_play(s, s.pope) else -1


# ------------------------------------------------------------------ the steps
def offer(s: FiefState, p: int, ev: list[Event]) -> bool:
    """Set the decision of ``p`` in the current step; False when he has none in it."""
    step = s.announce_step
    if step == MARRYING:
        kind = A.PROPOSAL if marriage.suitors(s, p) else A.NONE
    elif step == DECREES:
        kind = A.POPE_DECREE if pope_family(s) == p else A.NONE
    elif step == ANNULMENTS:
        lo = marriage.family_marriage(s, p)
        asked = pope_family(s) >= 0 and lo >= 0 and marriage.annullable(s, lo)
        kind = A.ANNULMENT_REQUEST if asked else A.NONE
    elif step == DECLARING:
        kind = A.CANDIDACY if church.bishop_candidates(s, p) else A.NONE
    else:
        kind = A.NONE
    s.kind = kind
    return kind != A.NONE


def next_step(s: FiefState, ev: list[Event]) -> bool:
    """The table has gone round once: open the next step (or ballot); False when the
    phase is over."""
    s.cursor = 0
    if s.announce_step in (MARRYING, DECREES):
        s.announce_step = AnnounceStep(s.announce_step + 1)
        return True
    if s.announce_step == DECLARING:
        s.announce_step = BISHOP_VOTE
        if _open_ballot(s, ev):
            return True
    if s.announce_step in (ANNULMENTS, BISHOP_VOTE):
        b = _next_bishopric(s)
        if b >= 0:
            s.election, s.announce_step, s.candidates = b, DECLARING, []
            return True
        s.election, s.announce_step = -1, POPE_VOTE
        if church.pope_election_due(s):
            s.candidates = church.pope_candidates(s)
            if _open_ballot(s, ev):
                return True
    if s.announce_step == POPE_VOTE:
        s.announce_step = KING_VOTE
        if church.king_election_due(s):
            s.candidates = church.king_candidates(s)
            if _open_ballot(s, ev):
                return True
    s.candidates = []
    return False


def _next_bishopric(s: FiefState) -> int:
    start = church.BY_NUMBER.index(s.election) + 1 if s.election >= 0 else 0
    return next((b for b in church.BY_NUMBER[start:] if church.election_due(s, b)), -1)


# ------------------------------------------------------------------ marriages (§5.2)
def legal_proposal(s: FiefState, p: int) -> list[int]:
    return [A.PASS, *(A.PROPOSE0 + lo for lo in marriage.suitors(s, p))]


def apply_proposal(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    if action == A.PASS:
        s.cursor += 1
        return
    s.proposal = Proposal(action - A.PROPOSE0)
    s.kind = A.PARTNER


def legal_partner(s: FiefState, p: int) -> list[int]:
    return [A.PASS, *(A.PARTNER0 + x for x in marriage.partners(s, the_proposal(s).lord))]


def apply_partner(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    if action == A.PASS:  # he thinks better of it: his turn ends
        s.proposal = None
        s.cursor += 1
        return
    lord, other = the_proposal(s).lord, action - A.PARTNER0
    s.proposal = Proposal(lord, other)
    ev.append(
        Event(
            "marriage_proposed",
            {"seat": p, "lord": lord, "partner": other, "with": s.l_owner[other]},
        )
    )
    s.kind, s.actor = A.MARRIAGE_ANSWER, s.l_owner[other]


def apply_marriage_answer(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    lord, other = the_proposal(s)
    if action == A.MARRY_YES:
        marriage.wed(s, lord, other, ev)
    else:
        ev.append(Event("marriage_refused", {"seat": p, "lord": other, "partner": lord}))
    s.proposal = None
    s.cursor += 1


# ------------------------------------------------------------------ the Pope (§5.7)
def legal_decree(s: FiefState, p: int) -> list[int]:
    out = [A.PASS, *(A.EXCOMMUNICATE0 + lo for lo in church.excommunicable(s))]
    out += [
        A.REINSTATE0 + lo
        for lo in range(len(s.excommunicated))
        if s.excommunicated[lo] and marriage.in_play(s, lo)
    ]
    return out


def apply_decree(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    if A.EXCOMMUNICATE0 <= action < A.REINSTATE0:
        church.excommunicate(s, action - A.EXCOMMUNICATE0, ev)
    elif A.REINSTATE0 <= action < A.CANDIDATE0:
        church.reinstate(s, action - A.REINSTATE0, ev)
    s.cursor += 1


def apply_annulment_request(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    if action == A.PASS:
        s.cursor += 1
        return
    lo = marriage.family_marriage(s, p)
    ev.append(Event("annulment_asked", {"seat": p, "lord": lo, "partner": s.spouse[lo]}))
    s.annulment = lo
    s.kind, s.actor = A.ANNULMENT_ANSWER, pope_family(s)


def apply_annulment_answer(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    if action == A.ANNUL_YES:
        marriage.annul(s, s.annulment, ev)
    else:
        ev.append(Event("annulment_denied", {"seat": p, "lord": s.annulment}))
    s.annulment = -1
    s.cursor += 1


# ------------------------------------------------------------------ elections
def legal_candidacy(s: FiefState, p: int) -> list[int]:
    return [A.PASS, *(A.CANDIDATE0 + lo for lo in church.bishop_candidates(s, p))]


def apply_candidacy(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    if action != A.PASS:
        lo = action - A.CANDIDATE0
        s.candidates.append(lo)
        ev.append(Event("candidate", {"seat": p, "lord": lo, "bishopric": s.election}))
    s.cursor += 1


def votes_of(s: FiefState, f: int) -> int:
    """The votes family ``f`` casts in the election being held."""
    if s.announce_step == BISHOP_VOTE:
        return church.bishop_votes(s, s.election, f)
    if s.announce_step == POPE_VOTE:
        return church.pope_votes(s, f)
    return church.king_votes(s, f)


def _open_ballot(s: FiefState, ev: list[Event]) -> bool:
    office = OFFICE[s.announce_step]
    weights = [votes_of(s, f) for f in range(s.n_players)]
    s.voters = [f for f in order(s) if weights[f] > 0]
    where = {"office": office, "bishopric": s.election}
    if not s.candidates or not s.voters:
        why = "no_candidate" if not s.candidates else "no_voter"
        ev.append(Event("no_election", {**where, "why": why}))
        s.candidates, s.voters = [], []
        return False
    s.ballot = [NOT_CAST] * s.n_players
    ev.append(Event("ballot_open", {**where, "candidates": list(s.candidates), "votes": weights}))
    s.kind, s.actor, s.cursor = A.BALLOT, s.voters[0], s.n_players
    return True


def still_to_vote(s: FiefState) -> list[int]:
    return [f for f in s.voters if s.ballot[f] == NOT_CAST]


def legal_ballot(s: FiefState, p: int) -> list[int]:
    return [A.ABSTAIN, *(A.VOTE0 + lo for lo in sorted(s.candidates))]


def apply_ballot(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    vote = ABSTAINED if action == A.ABSTAIN else action - A.VOTE0
    s.ballot[p] = vote
    ev.append(Event("ballot_cast", {"seat": p}, {p: {"vote": vote if vote >= 0 else None}}))
    left = still_to_vote(s)
    if left:
        s.kind, s.actor = A.BALLOT, left[0]
        return
    _count(s, ev)


def _count(s: FiefState, ev: list[Event]) -> None:
    """Every ballot is revealed together and counted."""
    weights = [votes_of(s, f) if f in s.voters else 0 for f in range(s.n_players)]
    ballots = {f: s.ballot[f] for f in s.voters if s.ballot[f] >= 0}
    tally = dict.fromkeys(s.candidates, 0)
    for f, lo in ballots.items():
        tally[lo] += weights[f]
    if s.announce_step == BISHOP_VOTE:
        winner = plurality(tally, _tie_break(s))
    elif s.announce_step == POPE_VOTE:
        winner = church.pope_elected(s, tally)
    else:
        winner = church.king_elected(s, ballots)
    ev.append(
        Event(
            "ballot",
            {
                "office": OFFICE[s.announce_step],
                "bishopric": s.election,
                "votes": weights,
                "ballots": [
                    max(s.ballot[f], -1) if f in s.voters else None for f in range(s.n_players)
                ],  # -1: abstained
                "tally": [[lo, n] for lo, n in tally.items()],
                "elected": winner,
            },
        )
    )
    if s.promises:  # §7.4: promises to vote, judged on the ballots
        promises.on_ballots(s, ballots, s.candidates)
    if winner >= 0:
        _install(s, winner, ev)
    s.ballot = [NOT_CAST] * s.n_players
    s.voters, s.candidates = [], []


def _tie_break(s: FiefState) -> list[int] | None:
    """None with ``election_tie_no_winner`` (§6 #20); else the candidates by their
    families' turn order from the first player."""
    if s.options["election_tie_no_winner"]:
        return None
    seats = order(s)
    return sorted(s.candidates, key=lambda lo: seats.index(s.l_owner[lo]))


def plurality(tally: dict[int, int], tie_break: list[int] | None = None) -> int:
    """The most votes; no vote at all elects nobody; a tie elects nobody (§6 #20), or,
    given ``tie_break`` (the candidates, first first), the tied one first in it."""
    best = max(tally.values(), default=0)
    top = [lo for lo, n in tally.items() if n == best]
    if best <= 0:
        return -1
    if len(top) == 1:
        return top[0]
    if tie_break is None:
        return -1
    return min(top, key=tie_break.index)


def _install(s: FiefState, lo: int, ev: list[Event]) -> None:
    ev.append(
        Event(
            "elected",
            {
                "lord": lo,
                "seat": s.l_owner[lo],
                "office": OFFICE[s.announce_step],
                "bishopric": s.election,
            },
        )
    )
    if s.announce_step == BISHOP_VOTE:
        s.bishop[s.election] = lo
        s.new_bishops.append(lo)
    elif s.announce_step == POPE_VOTE:
        church.make_pope(s, lo, ev)
    else:
        church.crown(s, lo, ev)
