"""The Announcements phase (spec §3 step 1): marriages (§5.2), the Pope's decrees and
annulments (§5.7), the Bishop elections (§5.4.1), the Pope election (§5.5) and the King
election (§5.6), each vote a secret simultaneous ballot (§7.1)."""

from __future__ import annotations

from fief_scenario import GAME, A, B, F, L, begin, do, events_of, legal, lord, table, troops

from noblesse.games.fief.marriage import allied, ally_of
from noblesse.games.fief.state import FiefState

FIEF = F


def announce(s: FiefState) -> list:
    """Open the Announcements phase with ``s.first`` first."""
    return begin(s, "announcements")


def control(s: FiefState, seat: int, *villages: str) -> None:
    for v in villages:
        troops(s, v, seat, 0, 1)


def tournus_held(s: FiefState) -> None:
    """Seat 0 holds Tournus (principal) and Mazilles, seat 1 Château-Neuf and
    St Andromy: the Tournus bishopric is all controlled."""
    control(s, 0, "tournus", "mazilles")
    control(s, 1, "chateau_neuf", "st_andromy")


# ============================================================ marriages (§5.2)
def test_a_marriage_proposed_and_accepted_allies_the_two_families() -> None:
    s = table(3)
    arthur = lord(s, "arthur", 0, "blaye")
    blanche = lord(s, "blanche", 1, "sigy")
    lord(s, "charles", 2, "bourg")
    announce(s)
    assert GAME.to_act(s) == (0,) and legal(s, 0) == ["pass", "propose:arthur"]
    do(s, 0, "propose:arthur")
    assert legal(s, 0) == ["pass", "marry:blanche"]
    ev = do(s, 0, "marry:blanche")
    assert events_of(ev, "marriage_proposed") == [
        {"type": "marriage_proposed", "seat": 0, "lord": arthur, "partner": blanche, "with": 1}
    ]
    assert GAME.to_act(s) == (1,) and legal(s, 1) == ["marriage:yes", "marriage:no"]
    ev = do(s, 1, "marriage:yes")
    assert s.spouse[arthur] == blanche and s.spouse[blanche] == arthur
    assert events_of(ev, "marriage")[0]["with"] == 1
    assert allied(s, 0, 1) and allied(s, 1, 0) and not allied(s, 0, 2)
    assert ally_of(s, 0) == 1 and ally_of(s, 2) == -1
    # Charles has no free lady left to marry: nobody else is asked, the Cards phase opens
    assert s.phase == A.CARDS_PHASE


def test_a_refused_marriage_leaves_both_single_and_the_turn_order_goes_on() -> None:
    s = table(3)
    arthur = lord(s, "arthur", 0, "blaye")
    blanche = lord(s, "blanche", 1, "sigy")
    charles = lord(s, "charles", 2, "bourg")
    announce(s)
    do(s, 0, "propose:arthur", "marry:blanche")
    ev = do(s, 1, "marriage:no")
    assert events_of(ev, "marriage_refused") == [
        {"type": "marriage_refused", "seat": 1, "lord": blanche, "partner": arthur}
    ]
    assert s.spouse[arthur] == -1 and s.spouse[blanche] == -1
    # family 1's own turn: she may propose to either man; family 0 is not asked again
    assert GAME.to_act(s) == (1,)
    do(s, 1, "propose:blanche")
    assert legal(s, 1) == ["pass", "marry:arthur", "marry:charles"]
    do(s, 1, "marry:charles")
    do(s, 2, "marriage:yes")
    assert s.spouse[charles] == blanche and allied(s, 1, 2)
    assert s.phase == A.CARDS_PHASE


def test_clerics_joan_captives_the_excommunicated_and_the_same_family_cannot_marry() -> None:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    charles = lord(s, "charles", 0, "blaye")
    s.bishop[B["blaye"]] = charles  # a Bishop
    eric = lord(s, "eric", 0, "blaye")
    s.bishop[B["sigy"]] = eric
    s.cardinal[eric] = 1  # a Cardinal
    lord(s, "mireille", 0, "blaye")  # his own family's lady
    s.l_captor[lord(s, "blanche", 1, "sigy")] = 2  # a captive
    troops(s, "sigy", 2, 0, 1)  # (kept by seat 2's troops)
    s.excommunicated[lord(s, "guenievre", 1, "sigy")] = 1  # excommunicated
    s.joan = lord(s, "isabelle", 1, "sigy")  # Joan d'Arc never marries
    lord(s, "jeanne", 1, None)  # free, waiting off the board
    lord(s, "lambert", 2, "bourg")
    announce(s)
    # Charles (Bishop) and Eric (Cardinal) may not propose; Mireille may (to Lambert)
    assert legal(s, 0) == ["pass", "propose:mireille", "propose:arthur"]
    do(s, 0, "propose:arthur")
    assert legal(s, 0) == ["pass", "marry:jeanne"]


def test_the_pope_cannot_marry() -> None:
    s = table(3)
    s.pope = lord(s, "arthur", 0, "blaye")
    lord(s, "blanche", 1, "sigy")
    announce(s)
    # the Pope's family: no suitor, so no proposal; her family: nobody to marry
    assert s.kind == A.POPE_DECREE and GAME.to_act(s) == (0,)


def test_a_family_is_in_one_marriage_at_most() -> None:
    s = table(4)
    lord(s, "arthur", 0, "blaye")
    charles = lord(s, "charles", 1, "sigy")
    blanche = lord(s, "blanche", 2, "bourg")
    s.spouse[charles], s.spouse[blanche] = blanche, charles
    lord(s, "alienor", 1, "sigy")  # families 1 and 2 are married
    lord(s, "guenievre", 2, "bourg")
    lord(s, "jeanne", 3, "tournus")
    lord(s, "lambert", 1, "sigy")
    announce(s)
    do(s, 0, "propose:arthur")
    assert legal(s, 0) == ["pass", "marry:jeanne"]
    do(s, 0, "pass")  # he thinks better of it
    assert s.spouse[L["arthur"]] == -1
    assert GAME.to_act(s) == (3,)  # families 1 and 2 are not asked
    assert legal(s, 3) == ["pass", "propose:jeanne"]
    do(s, 3, "propose:jeanne")
    assert legal(s, 3) == ["pass", "marry:arthur"]


def test_the_kings_bride_becomes_queen() -> None:
    s = table(3)
    s.king = lord(s, "arthur", 0, "blaye")
    blanche = lord(s, "blanche", 1, "sigy")
    announce(s)
    do(s, 0, "propose:arthur", "marry:blanche")
    ev = do(s, 1, "marriage:yes")
    assert s.queen == blanche
    assert events_of(ev, "queen") == [{"type": "queen", "lord": blanche, "seat": 1}]


def test_joan_darc_is_played_only_on_an_unmarried_lady() -> None:
    from noblesse.games.fief.joan import ladies

    s = table(3)
    arthur = lord(s, "arthur", 0, "blaye")
    blanche = lord(s, "blanche", 1, "sigy")
    jeanne = lord(s, "jeanne", 2, "bourg")
    s.spouse[arthur], s.spouse[blanche] = blanche, arthur
    assert ladies(s) == [jeanne]


# ============================================================ the Pope (§5.7)
def test_an_excommunicated_bishop_and_cardinal_loses_both_titles_for_good() -> None:
    s = table(3)
    s.pope = eric = lord(s, "eric", 0, "blaye")
    s.bishop[B["blaye"]] = eric
    charles = lord(s, "charles", 1, "tournus")
    s.bishop[B["tournus"]] = charles
    s.cardinal[charles] = 1
    lambert = lord(s, "lambert", 2, "bourg")
    announce(s)
    assert GAME.to_act(s) == (0,) and s.kind == A.POPE_DECREE
    assert legal(s, 0) == ["pass", "excommunicate:charles", "excommunicate:lambert"]
    ev = do(s, 0, "excommunicate:charles")
    assert s.excommunicated[charles] == 1
    assert s.bishop[B["tournus"]] == -1 and s.cardinal[charles] == 0
    assert types_in(ev) >= {"excommunicated", "bishop_deposed", "cardinal_ends"}
    assert s.phase == A.CARDS_PHASE
    # next turn: one at a time, so only his reinstatement is offered; no title comes back
    announce(s)
    assert legal(s, 0) == ["pass", "reinstate:charles"]
    do(s, 0, "reinstate:charles")
    assert s.excommunicated[charles] == 0
    assert s.bishop[B["tournus"]] == -1 and s.cardinal[charles] == 0
    assert s.excommunicated[lambert] == 0


def types_in(events: list) -> set[str]:
    return {e.type for e in events}


def _married_with_pope(s: FiefState) -> tuple[int, int]:
    arthur = lord(s, "arthur", 0, "blaye")
    blanche = lord(s, "blanche", 1, "sigy")
    s.spouse[arthur], s.spouse[blanche] = blanche, arthur
    s.pope = lord(s, "eric", 2, "bourg")
    return arthur, blanche


def test_the_pope_grants_an_annulment_asked_by_a_married_family() -> None:
    s = table(3)
    arthur, blanche = _married_with_pope(s)
    announce(s)
    do(s, 2, "pass")  # no decree
    assert GAME.to_act(s) == (0,) and legal(s, 0) == ["pass", "annulment:ask"]
    do(s, 0, "annulment:ask")
    assert GAME.to_act(s) == (2,) and legal(s, 2) == ["annulment:yes", "annulment:no"]
    ev = do(s, 2, "annulment:yes")
    assert s.spouse[arthur] == -1 and s.spouse[blanche] == -1
    assert events_of(ev, "annulled")[0]["lord"] == arthur
    assert not allied(s, 0, 1)
    assert s.phase == A.CARDS_PHASE  # family 1 has nothing to ask


def test_a_denied_annulment_leaves_the_marriage_and_the_other_family_may_ask() -> None:
    s = table(3)
    arthur, blanche = _married_with_pope(s)
    announce(s)
    do(s, 2, "pass")
    do(s, 0, "annulment:ask")
    do(s, 2, "annulment:no")
    assert s.spouse[arthur] == blanche and allied(s, 0, 1)
    assert GAME.to_act(s) == (1,) and legal(s, 1) == ["pass", "annulment:ask"]


def test_a_royal_marriage_is_annulled_only_without_a_crown_prince() -> None:
    s = table(3)
    arthur, blanche = _married_with_pope(s)
    s.king, s.queen = arthur, blanche
    s.crown_prince = lord(s, "charles", 1, "sigy")
    announce(s)
    do(s, 2, "pass")
    assert s.phase == A.CARDS_PHASE  # nobody may ask
    s.crown_prince = -1
    announce(s)
    do(s, 2, "pass")
    do(s, 0, "annulment:ask")
    do(s, 2, "annulment:yes")
    assert s.king == arthur and s.queen == -1 and s.spouse[arthur] == -1


def test_no_annulment_is_asked_without_a_pope() -> None:
    s = table(3)
    arthur = lord(s, "arthur", 0, "blaye")
    blanche = lord(s, "blanche", 1, "sigy")
    s.spouse[arthur], s.spouse[blanche] = blanche, arthur
    announce(s)
    assert s.phase == A.CARDS_PHASE


# ============================================================ Bishops (§5.4.1)
def _election_table() -> tuple[FiefState, int, int]:
    """Tournus bishopric all held (seat 0: 2 villages + principal = 3 votes; seat 1:
    2 villages + its old Bishop of Sigy = 4); seat 2 has the Pope (also Bishop of Blaye:
    highest office only, 3) and a Cardinal (3)."""
    s = table(3)
    tournus_held(s)
    arthur = lord(s, "arthur", 0, "tournus")
    henri = lord(s, "henri", 1, "chateau_neuf")
    s.bishop[B["sigy"]] = lord(s, "charles", 1, "chateau_neuf")
    s.pope = lord(s, "eric", 2, "blaye")
    s.bishop[B["blaye"]] = s.pope
    s.cardinal[s.pope] = 0
    francois = lord(s, "francois", 2, "blaye")
    s.bishop[B["bourg"]] = francois
    s.cardinal[francois] = 1
    return s, arthur, henri


def _to_candidates(s: FiefState) -> None:
    announce(s)
    do(s, 2, "pass")  # the Pope decrees nothing


def test_a_bishop_is_elected_by_secret_ballot_with_the_exact_votes() -> None:
    s, arthur, henri = _election_table()
    _to_candidates(s)
    assert s.election == B["tournus"] and s.kind == A.CANDIDACY
    assert legal(s, 0) == ["pass", "candidate:arthur"]
    do(s, 0, "candidate:arthur")
    assert legal(s, 1) == ["pass", "candidate:henri"]  # Charles is already Bishop
    ev = do(s, 1, "candidate:henri")  # seat 2 has no candidate
    opened = events_of(ev, "ballot_open")[0]
    assert opened["votes"] == [3, 4, 6] and opened["candidates"] == [arthur, henri]
    assert s.kind == A.BALLOT and GAME.to_act(s) == (0, 1, 2)
    assert legal(s, 2) == ["abstain", "vote:arthur", "vote:henri"]
    ev = do(s, 2, "vote:arthur")
    # the ballot is secret: seat 2's vote is in its own view and event part only
    cast = ev[0]
    assert cast.for_seat(None) == {"type": "ballot_cast", "seat": 2}
    assert cast.for_seat(2)["vote"] == arthur and "vote" not in cast.for_seat(0)
    assert "my_ballot" not in GAME.view(s, 0)["announcements"]
    assert "my_ballot" not in GAME.view(s, None)["announcements"]
    assert GAME.view(s, 2)["announcements"]["my_ballot"] == "arthur"
    assert GAME.view(s, 0)["announcements"]["voted"] == [2]
    assert GAME.to_act(s) == (0, 1)
    do(s, 1, "vote:henri")
    assert s.bishop[B["tournus"]] == -1  # not before the last ballot
    ev = do(s, 0, "vote:arthur")
    result = events_of(ev, "ballot")[0]
    assert result["ballots"] == [arthur, henri, arthur] and result["elected"] == arthur
    assert result["tally"] == [[arthur, 9], [henri, 4]]
    assert s.bishop[B["tournus"]] == arthur and s.new_bishops == [arthur]
    assert s.phase == A.CARDS_PHASE


def test_the_others_ballots_are_resampled_by_determinize() -> None:
    import random

    s, arthur, henri = _election_table()
    _to_candidates(s)
    do(s, 0, "candidate:arthur")
    do(s, 1, "candidate:henri")
    do(s, 2, "vote:arthur")
    seen = {GAME.determinize(s, 0, random.Random(i)).ballot[2] for i in range(40)}
    assert seen == {-2, arthur, henri}  # abstain or either candidate
    assert all(GAME.determinize(s, 2, random.Random(i)).ballot[2] == arthur for i in range(10))


def _three_way_tournus() -> tuple[FiefState, int, int]:
    """Seat 0 holds Tournus (principal: 2 votes), seat 1 Mazilles and Château-Neuf (2),
    seat 2 St Andromy (1)."""
    s = table(3)
    control(s, 0, "tournus")
    control(s, 1, "mazilles", "chateau_neuf")
    control(s, 2, "st_andromy")
    arthur = lord(s, "arthur", 0, "tournus")
    henri = lord(s, "henri", 1, "mazilles")
    announce(s)
    do(s, 0, "candidate:arthur")
    do(s, 1, "candidate:henri")
    return s, arthur, henri


def test_a_tie_elects_no_bishop_and_the_bishopric_stays_vacant() -> None:
    s, arthur, henri = _three_way_tournus()
    assert s.kind == A.BALLOT and GAME.to_act(s) == (0, 1, 2)
    do(s, 0, "vote:arthur")
    do(s, 1, "vote:henri")
    ev = do(s, 2, "abstain")
    result = events_of(ev, "ballot")[0]
    assert result["votes"] == [2, 2, 1] and result["ballots"] == [arthur, henri, -1]
    assert result["tally"] == [[arthur, 2], [henri, 2]] and result["elected"] == -1
    assert s.bishop[B["tournus"]] == -1 and events_of(ev, "elected") == []


def test_the_smallest_vote_breaks_the_tie() -> None:
    s, arthur, henri = _three_way_tournus()
    do(s, 2, "vote:henri")
    do(s, 0, "vote:arthur")
    ev = do(s, 1, "vote:henri")
    assert events_of(ev, "ballot")[0]["tally"] == [[arthur, 2], [henri, 3]]
    assert s.bishop[B["tournus"]] == henri


def test_nobody_voting_for_a_candidate_elects_nobody() -> None:
    s, _, _ = _three_way_tournus()
    for seat in (0, 1, 2):
        do(s, seat, "abstain")
    assert s.bishop[B["tournus"]] == -1


def test_no_election_while_a_village_of_the_bishopric_is_uncontrolled() -> None:
    s = table(3)
    control(s, 0, "tournus", "mazilles", "chateau_neuf")  # St Andromy: nobody's
    lord(s, "arthur", 0, "tournus")
    announce(s)
    assert s.phase == A.CARDS_PHASE and s.bishop == [-1] * len(s.bishop)


def test_bishoprics_are_elected_from_1_to_5_and_a_new_bishop_gives_no_votes() -> None:
    """Tournus (2) before Bourg (4); Arthur, elected in Tournus this turn, adds nothing to
    seat 0's votes in Bourg, where its old Bishop of Sigy still gives 2."""
    s = table(3)
    control(s, 0, "tournus", "mazilles", "chateau_neuf", "st_andromy")
    control(s, 1, "bourg", "st_vivien", "les_essarts", "marcamps")
    arthur = lord(s, "arthur", 0, "tournus")
    s.bishop[B["sigy"]] = lord(s, "charles", 0, "tournus")
    henri = lord(s, "henri", 1, "bourg")
    announce(s)
    assert s.election == B["tournus"]
    do(s, 0, "candidate:arthur")
    ev = do(s, 1, "candidate:henri")
    assert events_of(ev, "ballot_open")[0]["votes"] == [4 + 1 + 2, 0, 0]
    assert GAME.to_act(s) == (0,)  # seat 1 has no vote here
    ev = do(s, 0, "vote:arthur")
    assert s.bishop[B["tournus"]] == arthur and s.election == B["bourg"]
    assert s.kind == A.CANDIDACY and GAME.to_act(s) == (1,)  # seat 0: nobody left
    ev = do(s, 1, "candidate:henri")
    assert events_of(ev, "ballot_open")[0]["votes"] == [2, 4 + 1, 0]
    do(s, 1, "vote:henri")
    do(s, 0, "vote:henri")
    assert s.bishop[B["bourg"]] == henri and s.new_bishops == [arthur, henri]


def test_who_may_stand_for_bishop() -> None:
    """Male, unmarried, not already Bishop, not King, not captive or excommunicated."""
    s = table(3)
    control(s, 0, "tournus", "mazilles", "chateau_neuf", "st_andromy")
    lord(s, "arthur", 0, "tournus")  # may stand
    lord(s, "alienor", 0, "tournus")  # a lady
    charles = lord(s, "charles", 0, "tournus")
    blanche = lord(s, "blanche", 2, "bourg")
    s.spouse[charles], s.spouse[blanche] = blanche, charles  # married
    s.king = lord(s, "eric", 0, "tournus")  # the King
    s.bishop[B["sigy"]] = lord(s, "francois", 1, "sigy")  # already Bishop
    s.l_captor[lord(s, "gauvain", 1, "sigy")] = 0  # a captive
    troops(s, "sigy", 0, 0, 1)  # (kept by seat 0's troops)
    s.excommunicated[lord(s, "henri", 1, "sigy")] = 1  # excommunicated
    announce(s)
    assert s.kind == A.CANDIDACY and legal(s, 0) == ["pass", "candidate:arthur"]
    do(s, 0, "candidate:arthur")
    # family 1 has nobody to declare, family 2 only a married lady: the ballot opens
    assert s.kind == A.BALLOT and s.candidates == [L["arthur"]]


def test_an_excommunicated_cleric_casts_no_vote() -> None:
    """Excommunication takes his titles, hence his votes (§5.7)."""
    s, arthur, henri = _election_table()
    announce(s)
    do(s, 2, "excommunicate:charles")  # seat 1's old Bishop of Sigy
    do(s, 0, "candidate:arthur")
    ev = do(s, 1, "candidate:henri")
    assert events_of(ev, "ballot_open")[0]["votes"] == [3, 2, 6]


# ============================================================ the Pope (§5.5)
def _conclave(s: FiefState) -> tuple[int, int, int]:
    """Two Cardinals (seats 0 and 1) and a plain Bishop (seat 2)."""
    charles = lord(s, "charles", 0, "blaye")
    s.bishop[B["blaye"]] = charles
    s.cardinal[charles] = 1
    eric = lord(s, "eric", 1, "sigy")
    s.bishop[B["tournus"]] = eric
    s.cardinal[eric] = 1
    francois = lord(s, "francois", 2, "bourg")
    s.bishop[B["sigy"]] = francois
    return charles, eric, francois


def test_the_pope_needs_an_absolute_majority_of_the_cardinals() -> None:
    s = table(3)
    charles, eric, francois = _conclave(s)
    announce(s)
    assert s.kind == A.BALLOT and GAME.to_act(s) == (0, 1)
    assert legal(s, 0) == ["abstain", "vote:charles", "vote:eric", "vote:francois"]
    do(s, 0, "vote:charles")
    ev = do(s, 1, "vote:francois")  # 1 of 2: not more than half
    result = events_of(ev, "ballot")[0]
    assert result["office"] == "pope" and result["elected"] == -1 and s.pope == -1


def test_a_bishop_elected_pope_keeps_his_bishopric() -> None:
    s = table(3)
    charles, eric, francois = _conclave(s)
    announce(s)
    do(s, 1, "vote:francois")
    ev = do(s, 0, "vote:francois")
    assert s.pope == francois and s.bishop[B["sigy"]] == francois
    assert events_of(ev, "elected")[0] == {
        "type": "elected",
        "lord": francois,
        "seat": 2,
        "office": "pope",
        "bishopric": -1,
    }


def test_a_cardinal_elected_pope_gives_up_the_cardinals_office() -> None:
    s = table(3)
    charles, eric, francois = _conclave(s)
    announce(s)
    do(s, 0, "vote:charles")
    do(s, 1, "vote:charles")
    assert s.pope == charles and s.cardinal[charles] == 0
    assert s.bishop[B["blaye"]] == charles and s.cardinal[eric] == 1


def test_no_pope_election_with_one_cardinal_and_no_captive_candidate() -> None:
    s = table(3)
    charles, eric, francois = _conclave(s)
    s.cardinal[eric] = 0
    announce(s)
    assert s.phase == A.CARDS_PHASE
    s2 = table(3)
    charles, eric, francois = _conclave(s2)
    s2.l_captor[francois] = 0
    troops(s2, "bourg", 0, 0, 1)  # (kept by seat 0's troops)
    announce(s2)
    assert legal(s2, 0) == ["abstain", "vote:charles", "vote:eric"]


# ============================================================ the King (§5.6)
def _realm(s: FiefState) -> tuple[int, int, int]:
    """Three fief lords: Arthur (seat 0, married to Blanche of seat 1), Charles (seat 1),
    Henri (seat 2)."""
    arthur = lord(s, "arthur", 0, "blaye")
    s.fief_holder[FIEF["blaye"]] = arthur
    charles = lord(s, "charles", 1, "sigy")
    s.fief_holder[FIEF["sigy"]] = charles
    henri = lord(s, "henri", 2, "bourg")
    s.fief_holder[FIEF["bourg"]] = henri
    blanche = lord(s, "blanche", 1, "sigy")
    s.spouse[arthur], s.spouse[blanche] = blanche, arthur
    return arthur, charles, henri


def test_a_king_needs_the_church_among_his_voters() -> None:
    """Three fief lords' votes, all for Arthur: more than half and 3, but no Bishop,
    Cardinal or Pope among them: nobody is crowned."""
    s = table(3)
    arthur, charles, henri = _realm(s)
    announce(s)
    assert s.kind == A.BALLOT and GAME.to_act(s) == (0, 1, 2)
    assert legal(s, 0) == ["abstain", "vote:arthur", "vote:charles", "vote:henri"]
    for seat in (0, 1, 2):
        ev = do(s, seat, "vote:arthur")
    assert events_of(ev, "ballot")[0]["tally"] == [[arthur, 3], [charles, 0], [henri, 0]]
    assert s.king == -1


def test_a_cardinals_vote_crowns_the_king_and_his_wife_is_queen_the_regency_ends() -> None:
    s = table(3)
    arthur, charles, henri = _realm(s)
    francois = lord(s, "francois", 2, "bourg")
    s.bishop[B["bourg"]] = francois
    s.cardinal[francois] = 1  # seat 2: 2 votes
    s.queen, s.regent = lord(s, "jeanne", 2, "bourg"), 1  # a Queen Regent rules
    announce(s)
    do(s, 0, "vote:arthur")
    do(s, 1, "vote:charles")
    ev = do(s, 2, "vote:arthur")  # 3 of 4 cast, a Cardinal's
    assert events_of(ev, "ballot")[0]["votes"] == [1, 1, 2]
    assert s.king == arthur and s.queen == L["blanche"] and s.regent == 0
    assert types_in(ev) >= {"elected", "queen"}


def test_two_bishops_crown_but_fewer_than_three_votes_do_not() -> None:
    s = table(3)
    arthur, charles, henri = _realm(s)
    for key, b in (("francois", "bourg"), ("gauvain", "tournus")):
        s.bishop[B[b]] = lord(s, key, 2, "bourg")  # seat 2: 3 votes, 2 Bishops
    announce(s)
    do(s, 0, "abstain")
    do(s, 1, "abstain")
    do(s, 2, "vote:arthur")
    assert s.king == arthur  # 3 of 3, two Bishops
    s2 = table(3)
    arthur, charles, henri = _realm(s2)
    s2.bishop[B["bourg"]] = lord(s2, "francois", 2, "bourg")
    s2.cardinal[L["francois"]] = 1  # seat 2: 2 votes, a Cardinal
    announce(s2)
    do(s2, 0, "abstain")
    do(s2, 1, "abstain")
    do(s2, 2, "vote:arthur")
    assert s2.king == -1  # 2 of 2 cast, but not 3


def test_who_stands_and_votes_for_king() -> None:
    """Candidates: male fief lords, no clerics, captives or excommunicated; a captive
    or excommunicated lord casts no vote (§4.6.6, §5.7); with fewer than 3 fief lords,
    no election."""
    s = table(4)
    arthur, charles, henri = _realm(s)
    s.excommunicated[charles] = 1  # no vote, cannot stand
    alienor = lord(s, "alienor", 3, "tournus")
    s.fief_holder[FIEF["tournus"]] = alienor  # a lady: votes, cannot stand
    s.bishop[B["bourg"]] = henri  # a cleric: votes, cannot stand
    lambert = lord(s, "lambert", 3, "tournus")
    s.fief_holder[FIEF["mazilles"]] = lambert
    s.l_captor[lambert] = 0  # a captive: no vote, no standing
    troops(s, "tournus", 0, 0, 1)  # (kept by seat 0's troops)
    ev = announce(s)
    assert s.kind == A.BALLOT and s.candidates == [arthur]
    assert events_of(ev, "ballot_open")[0]["votes"] == [1, 0, 1, 1]
    assert GAME.to_act(s) == (0, 2, 3)
    s2 = table(3)
    arthur, charles, henri = _realm(s2)
    s2.fief_holder[FIEF["bourg"]] = -1
    announce(s2)
    assert s2.phase == A.CARDS_PHASE and s2.king == -1


# ============================================================ the greedy bot
def _greedy(s: FiefState, seat: int) -> str:
    from noblesse.agents import make_agent

    return GAME.encode(make_agent("greedy", seed=1).act(GAME, s, seat))


def test_greedy_votes_for_its_own_candidate_else_for_the_one_behind_the_leader() -> None:
    s, arthur, henri = _three_way_tournus()  # seat 1 leads: two villages
    assert _greedy(s, 0) == "vote:arthur" and _greedy(s, 1) == "vote:henri"
    assert _greedy(s, 2) == "vote:arthur"
    s2, _, _ = _three_way_tournus()
    control(s2, 0, "blaye", "la_salle")  # now seat 0 leads
    assert _greedy(s2, 2) == "vote:henri"


def test_greedy_accepts_a_marriage_when_behind_and_refuses_it_when_leading() -> None:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    lord(s, "blanche", 1, "sigy")
    control(s, 0, "blaye", "la_salle", "charolles")  # seat 0 leads
    announce(s)
    assert _greedy(s, 0) == "pass"  # the leader seeks no alliance
    do(s, 0, "propose:arthur", "marry:blanche")
    assert _greedy(s, 1) == "marriage:yes"
    s2 = table(3)
    lord(s2, "arthur", 0, "blaye")
    lord(s2, "blanche", 1, "sigy")
    control(s2, 1, "sigy", "marcamps", "st_ciers_d_abzac")  # seat 1 leads
    announce(s2)
    assert _greedy(s2, 0) == "propose:arthur"
    do(s2, 0, "propose:arthur")
    assert _greedy(s2, 0) == "marry:blanche"
    do(s2, 0, "marry:blanche")
    assert _greedy(s2, 1) == "marriage:no"


# ============================================================ words
def test_every_announcement_event_has_words_in_both_languages() -> None:
    s, arthur, henri = _election_table()
    s.cardinal[L["charles"]] = 1
    announce(s)
    ev = do(s, 2, "excommunicate:charles")
    ev += do(s, 0, "candidate:arthur") + do(s, 1, "candidate:henri")
    ev += do(s, 0, "vote:arthur") + do(s, 1, "abstain") + do(s, 2, "vote:arthur")
    s2 = table(3)
    _married_with_pope(s2)
    ev += announce(s2) + do(s2, 2, "pass") + do(s2, 0, "annulment:ask")
    ev += do(s2, 2, "annulment:no") + do(s2, 1, "annulment:ask") + do(s2, 2, "annulment:yes")
    s3 = table(3)
    s3.king = lord(s3, "arthur", 0, "blaye")
    lord(s3, "blanche", 1, "sigy")
    lord(s3, "jeanne", 2, "bourg")
    ev += announce(s3) + do(s3, 0, "propose:arthur", "marry:blanche") + do(s3, 1, "marriage:no")
    ev += do(s3, 1, "pass") + do(s3, 2, "propose:jeanne", "marry:arthur")
    ev += do(s3, 0, "marriage:yes")
    kinds = {e.type for e in ev}
    assert kinds >= {
        "excommunicated",
        "bishop_deposed",
        "cardinal_ends",
        "candidate",
        "ballot_open",
        "ballot_cast",
        "ballot",
        "elected",
        "annulment_asked",
        "annulment_denied",
        "annulled",
        "marriage_proposed",
        "marriage_refused",
        "marriage",
        "queen",
    }
    for e in ev:
        for seat in (None, 0, 1, 2):
            shown = e.for_seat(seat)
            en, zh = GAME.describe_event(shown, "en"), GAME.describe_event(shown, "zh-TW")
            assert en != e.type and zh != e.type and en != zh, shown
            assert "{" not in en and "{" not in zh, (en, zh)


def test_the_bishop_of_blaye_stands_for_no_other_bishopric() -> None:
    """§5.4: not already Bishop, of any bishopric (Blaye, the first, included)."""
    s = table(3)
    control(s, 0, "tournus", "mazilles", "chateau_neuf", "st_andromy")
    lord(s, "arthur", 0, "tournus")
    s.bishop[B["blaye"]] = lord(s, "charles", 0, "tournus")
    announce(s)
    assert s.election == B["tournus"] and s.kind == A.CANDIDACY
    assert legal(s, 0) == ["pass", "candidate:arthur"]
