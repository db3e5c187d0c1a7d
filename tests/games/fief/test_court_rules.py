"""The court rules of Fief (spec §4.10, §5.1-§5.8): each test sets up one situation by
hand, acts, and checks the exact result."""

from __future__ import annotations

import pytest
from fief_scenario import (
    GAME,
    A,
    B,
    C,
    F,
    L,
    V,
    begin,
    dice,
    do,
    events_of,
    legal,
    lord,
    rising_with_a_cleric,
    table,
    troops,
    units,
)

from noblesse.games.fief import flow, fortune
from noblesse.games.fief.cards import may_bear_prince
from noblesse.games.fief.control import capture, free, placement_options
from noblesse.games.fief.crown import crown_family
from noblesse.games.fief.death import kill
from noblesse.games.fief.disasters import apply_plague_loss, next_plague_loss
from noblesse.games.fief.economy import ransom_cap
from noblesse.games.fief.marriage import allied
from noblesse.games.fief.state import (
    FiefState,
    PlagueLoss,
    TitheRank,
    titles_of,
    victory_points,
)


def marry(s: FiefState, a: int, b: int) -> None:
    s.spouse[a], s.spouse[b] = b, a


def titles(s: FiefState, holders: dict[str, int]) -> None:
    for fief, lo in holders.items():
        s.fief_holder[F[fief]] = lo


def control(s: FiefState, seat: int, *villages: str) -> None:
    for v in villages:
        troops(s, v, seat, 0, 1)


# ------------------------------------------------------------------ marriage (§5.2)


def test_allies_by_marriage_still_ask_each_other_for_passage() -> None:
    """§5.2 "permission to pass is still needed between allies"."""
    s = table(3)
    a = lord(s, "arthur", 0, "blaye")
    b = lord(s, "blanche", 1, "charolles")
    troops(s, "charolles", 1, 0, 1)
    marry(s, a, b)
    assert allied(s, 0, 1)
    begin(s, "movement")
    ev = do(s, 0, "lord:arthur", "move:charolles")
    assert events_of(ev, "ask_passage")[0]["asked"] == 1
    assert GAME.to_act(s) == (1,) and legal(s, 1) == ["permit:yes", "permit:no"]


def test_a_widowed_family_is_free_to_marry_again() -> None:
    """One marriage marker a family (§5.2): taken while married, free again once the
    marriage ends with a spouse's death."""
    s = table(3)
    a = lord(s, "arthur", 0, "blaye")
    b = lord(s, "blanche", 1, "sigy")
    marry(s, a, b)
    lord(s, "charles", 0, "blaye")
    lord(s, "jeanne", 2, "bourg")
    begin(s, "announcements")
    assert s.phase == A.CARDS_PHASE  # family 0 is taken: nobody may propose
    kill(s, b, "battle", [])
    assert s.spouse[a] == -1 and not allied(s, 0, 1)
    begin(s, "announcements")
    assert legal(s, 0) == ["pass", "propose:arthur", "propose:charles"]
    do(s, 0, "propose:arthur", "marry:jeanne")
    do(s, 2, "marriage:yes")
    assert s.spouse[a] == L["jeanne"] and allied(s, 0, 2)


def test_tier_four_of_the_placement_rule_is_the_ally_by_marriage() -> None:
    """§5.1.2 tier 4 "an uncontrolled village or an ally's village" with a real
    marriage: seat 1 holds every village but Sigy; married to seat 1, seat 0's lord may
    arrive in any of them (seat 2, not allied, only in Sigy)."""
    s = table(3)
    every = sorted(V.values())
    for key in V:
        if key != "sigy":
            troops(s, key, 1, 0, 1)
    lo = lord(s, "arthur", 0, None)
    lord(s, "eric", 2, None)
    assert placement_options(s, 0) == [V["sigy"]]
    marry(s, lo, lord(s, "blanche", 1, None))
    assert placement_options(s, 0) == every
    assert placement_options(s, 2) == [V["sigy"]]


# ------------------------------------------------------------------ death (§5.3)


def test_a_widow_inherits_every_title_even_beyond_two_and_wins_alone() -> None:
    """§5.3 married row, last lord: "all his fief titles" (the two-title limit binds
    purchases and transfers [assumed]); the marriage is over, so her family is alone."""
    s = table(3)
    a = lord(s, "arthur", 0, "blaye")
    b = lord(s, "blanche", 1, "sigy")
    marry(s, a, b)
    titles(s, {"blaye": a, "sigy": b, "bourg": b})
    kill(s, a, "battle", [])
    assert s.fief_holder[F["blaye"]] == b and titles_of(s, b) == 3
    assert victory_points(s) == [0, 3, 0]
    begin(s, "end_of_turn")
    assert GAME.is_over(s) and GAME.winners(s) == [1]


def test_a_vacant_title_leaves_the_empty_villages_uncontrolled_and_the_troops_stay() -> None:
    """§5.3 unmarried, last lord: the title returns to the board, the fief is ungoverned
    (its empty villages nobody's); a dead family's troops stay on the board [assumed]."""
    s = table(3)
    a = lord(s, "arthur", 0, "blaye")
    troops(s, "charolles", 0, 1, 2)
    s.ctrl[V["la_salle"]] = 0  # empty, governed by Arthur's family
    titles(s, {"blaye": a})
    ev: list = []
    kill(s, a, "battle", ev)
    assert s.fief_holder[F["blaye"]] == -1
    assert events_of(ev, "title_passes")[0]["lord"] == -1
    assert s.ctrl[V["la_salle"]] == -1 and s.ctrl[V["blaye"]] == -1
    assert s.ctrl[V["charolles"]] == 0 and units(s, "charolles", 0) == (1, 2)


def test_a_family_standing_in_the_dead_lords_village_takes_it_as_his_first_title_falls() -> None:
    """§5.3 unmarried, last lord: each title returns to the board in turn, and the
    villages of the fief fall at once to the family standing there (seat 2, who came
    after him), before his next title goes."""
    s = table(3)
    a = lord(s, "arthur", 0, "blaye")
    troops(s, "blaye", 2, 0, 1)
    titles(s, {"blaye": a, "sigy": a})
    assert s.ctrl[V["blaye"]] == 0
    ev: list = []
    kill(s, a, "battle", ev)
    assert [e.for_seat(None) for e in ev if e.type in ("title_passes", "control")] == [
        {"type": "title_passes", "fief": F["blaye"], "lord": -1, "seat": 0},
        {"type": "control", "village": V["blaye"], "seat": 2},
        {"type": "title_passes", "fief": F["sigy"], "lord": -1, "seat": 0},
    ]
    assert s.ctrl[V["blaye"]] == 2


def test_a_widow_of_card_zero_inherits_and_is_widowed() -> None:
    """§5.3 married row, last lord: Alienor (lord card 0) inherits his title, and the
    marriage ends: she is widowed."""
    s = table(3)
    a = lord(s, "arthur", 0, "blaye")
    alienor = lord(s, "alienor", 1, "sigy")
    assert alienor == 0
    marry(s, a, alienor)
    titles(s, {"blaye": a})
    ev: list = []
    kill(s, a, "battle", ev)
    assert s.fief_holder[F["blaye"]] == alienor
    assert events_of(ev, "title_inherited") == [
        {"type": "title_inherited", "fief": F["blaye"], "lord": alienor, "seat": 1, "owner": 0}
    ]
    assert events_of(ev, "widowed") == [{"type": "widowed", "lord": alienor, "seat": 1}]
    assert s.spouse[alienor] == -1 and s.spouse[a] == -1


def test_a_plague_loss_still_to_be_chosen_falls_on_the_troops_the_widow_inherits() -> None:
    """§5.3 married row with §4.2.3: Arthur's family still owes 3 units to the Plague at
    Blaye (knights and men-at-arms: its choice) when he dies; his widow's family inherits
    the stronghold and the troops in it, and with them the loss, which it now chooses."""
    s = table(3)
    a = lord(s, "arthur", 0, "sigy")
    b = lord(s, "blanche", 1, "bourg")
    marry(s, a, b)
    titles(s, {"blaye": a})
    troops(s, "blaye", 0, 6, 1)
    s.ctrl[V["blaye"]], s.fort[V["blaye"]] = 0, 2
    s.plague_due = [PlagueLoss(V["blaye"], 0, 3)]
    ev: list = []
    kill(s, a, "battle", ev)
    assert events_of(ev, "fortress_inherited")[0]["village"] == V["blaye"]
    assert units(s, "blaye", 0) == (0, 0) and units(s, "blaye", 1) == (6, 1)
    assert s.plague_due == [PlagueLoss(V["blaye"], 1, 3)]
    next_plague_loss(s, ev)
    assert (s.kind, s.actor) == (A.PLAGUE_LOSS, 1)
    for _ in range(3):
        apply_plague_loss(s, 1, A.LOSE_K, ev)
    assert units(s, "blaye", 1) == (3, 1) and units(s, "blaye", 0) == (0, 0)
    assert s.plague_due == [] and s.kind == A.NONE


def test_an_unmarried_lords_death_widows_nobody() -> None:
    s = table(3)
    a = lord(s, "arthur", 0, "blaye")
    lord(s, "charles", 0, "blaye")
    ev: list = []
    kill(s, a, "battle", ev)
    assert not events_of(ev, "widowed") and s.spouse == [-1] * len(s.spouse)


def test_a_captive_led_by_a_lord_who_dies_stays_with_his_captors_troops_for_another_to_lead() -> (
    None
):
    """§4.6.6: a captive is held by the captor's troops or led by the captor's lord; when
    the lord leading him dies, the troops there keep him and another lord may lead him."""
    s = table(3)
    a = lord(s, "arthur", 0, "blaye")
    eric = lord(s, "eric", 0, "blaye")
    troops(s, "blaye", 0, 0, 1)
    charles = lord(s, "charles", 1, "blaye")
    capture(s, charles, 0, [])
    s.l_escort[charles] = a
    kill(s, a, "battle", [])
    assert s.l_captor[charles] == 0 and s.l_escort[charles] == -1
    begin(s, "movement")
    do(s, 0, "lord:eric")
    assert "escort:charles" in legal(s, 0) and s.l_loc[eric] == V["blaye"]


def test_another_family_holding_the_fiefs_city_snatches_the_vacant_title() -> None:
    """Source "同樣的，別的家族如果控制封地城堡，可以搶走封地爵位": a new member of the
    family holding the fief's city takes the vacant title free, whoever held it; an
    older lord of that family does not (NOTES difference 14)."""
    s = table(3, first=1)
    a = lord(s, "arthur", 0, "st_andromy")
    titles(s, {"mazilles": a})
    troops(s, "mazilles", 1, 0, 2)
    s.fort[V["mazilles"]] = 2  # seat 1 holds Mazilles's city
    lord(s, "charles", 1, "mazilles")
    kill(s, a, "battle", [])
    assert s.fief_holder[F["mazilles"]] == -1
    eric = lord(s, "eric", 1, "mazilles")
    s.l_born[eric] = s.clock  # a new member, since
    begin(s, "purchase")
    assert GAME.to_act(s) == (1,) and "title:mazilles" in legal(s, 1)
    ev = do(s, 1, "title:mazilles")
    assert events_of(ev, "buy")[0]["paid"] == 0
    assert legal(s, 1) == ["holder:eric"]
    do(s, 1, "holder:eric")
    assert s.fief_holder[F["mazilles"]] == eric and s.money == [0, 0, 0]


def test_a_married_lord_whose_only_kin_is_a_captive_leaves_his_title_vacant() -> None:
    """Reading: a captive is still of the family ("肉票依然算在玩家控制的四個貴族內"), so
    the "family left" column applies and the spouse inherits nothing; a captive takes
    no title (§6 #15), so the title returns to the board."""
    s = table(3)
    a = lord(s, "arthur", 0, "blaye")
    b = lord(s, "blanche", 1, "sigy")
    marry(s, a, b)
    troops(s, "bourg", 2, 0, 1)
    c = lord(s, "charles", 0, "bourg")
    capture(s, c, 2, [])
    titles(s, {"blaye": a})
    ev: list = []
    kill(s, a, "battle", ev)
    assert s.fief_holder[F["blaye"]] == -1 and not events_of(ev, "title_inherited")
    assert s.spouse[b] == -1


def test_the_queen_dies_while_the_king_lives() -> None:
    """§5.3: Queen → vacant; the King reigns on, the Crown Prince stays."""
    s = table(4)
    king = lord(s, "arthur", 0, "blaye")
    queen = lord(s, "isabelle", 1, "sigy")
    marry(s, king, queen)
    prince = lord(s, "henri", 1, "sigy")
    s.king, s.queen, s.crown_prince = king, queen, prince
    ev: list = []
    kill(s, queen, "assassination", ev)
    assert (s.king, s.queen, s.regent, s.crown_prince) == (king, -1, 0, prince)
    assert [e["office"] for e in events_of(ev, "office_vacant")] == ["queen"]
    assert s.spouse[king] == -1 and crown_family(s) == 0


def test_a_dead_crown_prince_leaves_the_queen_free_to_bear_another() -> None:
    """§5.3 "Crown Prince → none"; the Queen's family may then play another (§5.7)."""
    s = table(4)
    king = lord(s, "arthur", 0, "blaye")
    queen = lord(s, "isabelle", 1, "sigy")
    marry(s, king, queen)
    s.king, s.queen, s.crown_prince = king, queen, lord(s, "henri", 1, "sigy")
    ev: list = []
    kill(s, s.crown_prince, "battle", ev)
    assert (s.king, s.queen, s.crown_prince) == (king, queen, -1)
    assert [e["office"] for e in events_of(ev, "office_vacant")] == ["crown_prince"]
    assert may_bear_prince(s, 1, L["eric"]) and not may_bear_prince(s, 0, L["eric"])


def test_an_unmarried_crown_prince_reigns_without_a_queen() -> None:
    s = table(4)
    king = lord(s, "arthur", 0, "blaye")
    queen = lord(s, "isabelle", 1, "sigy")
    marry(s, king, queen)
    prince = lord(s, "henri", 1, "sigy")
    s.king, s.queen, s.crown_prince = king, queen, prince
    kill(s, king, "battle", [])
    assert (s.king, s.queen, s.regent, s.crown_prince) == (prince, -1, 0, -1)
    assert crown_family(s) == 1


# ------------------------------------------------------------------ the clergy (§5.4)


def test_a_cardinal_keeps_his_bishopric_and_tithes_it_and_any_governed_one() -> None:
    """§5.4: a Cardinal keeps his Bishop title (ransom: 2 titles, §6 #11); he tithes his
    own bishopric as its Bishop and any governed one as Cardinal."""
    s = table(3)
    arthur = lord(s, "arthur", 0, "blaye")
    s.bishop[B["blaye"]] = arthur
    s.bishop[B["sigy"]] = lord(s, "charles", 1, "sigy")
    s.lord_deck.remove(C["cardinal"])
    s.hand[0] = [C["cardinal"]]
    begin(s, "income")
    do(s, 0, "play:cardinal", "cardinal:arthur")
    assert s.cardinal[arthur] == 1 and s.bishop[B["blaye"]] == arthur
    assert ransom_cap(s, arthur) == 2 + 2 * 2
    assert fortune.tithe_targets(s, 0) == sorted(
        [
            (B["blaye"], TitheRank.BISHOP),
            (B["blaye"], TitheRank.CARDINAL),
            (B["sigy"], TitheRank.CARDINAL),
        ]
    )


@pytest.mark.parametrize(
    ("cardinal", "roll", "stopped"),
    [(False, 4, False), (False, 6, True), (True, 1, True), (True, 4, True)],
)
def test_the_stop_rolls_edges_bishop_5_to_6_cardinal_1_to_4(
    cardinal: bool, roll: int, stopped: bool
) -> None:
    """§5.4 clergy table: a Bishop stops an uprising on 5-6, a Cardinal on 1-4 (the other
    edges, 5 and 5, are in test_offices)."""
    s = rising_with_a_cleric(cardinal)
    dice(s, roll, 2)  # the stop roll; then, failing, the uprising's die
    ev = do(s, 1, "stop_uprising")
    assert bool(events_of(ev, "uprising_stopped")) is stopped
    assert units(s, "sigy", 2) == ((0, 1) if stopped else (0, 0))
    assert (s.l_owner[L["charles"]] == 1) is stopped


# ------------------------------------------------------------------ elections (§5.4.1-§5.6)


def test_a_bishopric_without_a_candidate_elects_nobody() -> None:
    """§5.4.1 "at least one candidate is declared": every village held, only ladies."""
    s = table(3)
    control(s, 0, "tournus", "mazilles", "chateau_neuf", "st_andromy")
    lord(s, "alienor", 0, "tournus")
    ev = begin(s, "announcements")
    assert events_of(ev, "no_election") == [
        {
            "type": "no_election",
            "office": "bishop",
            "bishopric": B["tournus"],
            "why": "no_candidate",
        }
    ]
    assert s.bishop[B["tournus"]] == -1 and s.phase == A.CARDS_PHASE


def test_a_bishopric_emptied_by_excommunication_is_elected_the_same_phase() -> None:
    s = table(3)
    control(s, 0, "tournus", "mazilles", "chateau_neuf", "st_andromy")
    arthur = lord(s, "arthur", 0, "tournus")
    charles = lord(s, "charles", 1, "sigy")
    s.bishop[B["tournus"]] = charles
    s.pope = lord(s, "eric", 2, "bourg")
    begin(s, "announcements")
    assert s.kind == A.POPE_DECREE and GAME.to_act(s) == (2,)
    do(s, 2, "excommunicate:charles")
    assert s.election == B["tournus"] and s.kind == A.CANDIDACY
    assert legal(s, 0) == ["pass", "candidate:arthur"]
    ev = do(s, 0, "candidate:arthur")  # Charles may not stand again
    assert events_of(ev, "ballot_open")[0]["votes"] == [4 + 1, 0, 3]  # his: none
    do(s, 2, "vote:arthur")
    do(s, 0, "vote:arthur")
    assert s.bishop[B["tournus"]] == arthur


def test_a_captive_cardinal_casts_no_pope_vote_nor_counts_in_the_majority() -> None:
    """§4.6.6 "Captives cannot vote or stand for election": two Cardinals in play hold
    the election (§5.5), but the captive one has no ballot and is not counted in the
    absolute majority, so Eric's own vote, 1 of 1, makes him Pope (1 of 2 would not)."""
    s = table(3)
    charles = lord(s, "charles", 0, "blaye")
    s.bishop[B["blaye"]] = charles
    s.cardinal[charles] = 1
    troops(s, "blaye", 2, 0, 1)
    capture(s, charles, 2, [])
    eric = lord(s, "eric", 1, "sigy")
    s.bishop[B["tournus"]] = eric
    s.cardinal[eric] = 1
    ev = begin(s, "announcements")
    assert s.kind == A.BALLOT and GAME.to_act(s) == (1,)
    assert events_of(ev, "ballot_open")[0]["votes"] == [0, 1, 0]
    assert legal(s, 1) == ["abstain", "vote:eric"]
    ev = do(s, 1, "vote:eric")
    assert events_of(ev, "ballot")[0]["tally"] == [[eric, 1]]
    assert s.pope == eric


@pytest.mark.parametrize(
    ("captive", "votes", "voters"), [(False, [3, 4, 6], (0, 1, 2)), (True, [3, 2, 0], (0, 1))]
)
def test_captive_clerics_give_their_family_no_votes_for_bishop(
    captive: bool, votes: list[int], voters: tuple[int, ...]
) -> None:
    """§4.6.6: Tournus held by seat 0 (2 villages and the principal: 3) and seat 1 (2
    villages); seat 1's Bishop of Sigy (2), seat 2's Pope (3) and Cardinal (3), when
    seat 0 holds them captive, give their families nothing; the villages still vote."""
    s = table(3)
    control(s, 0, "tournus", "mazilles")
    control(s, 1, "chateau_neuf", "st_andromy")
    lord(s, "arthur", 0, "tournus")
    lord(s, "henri", 1, "chateau_neuf")
    clerics = {"charles": (1, "sigy"), "eric": (2, "blaye"), "francois": (2, "bourg")}
    for key, (seat, where) in clerics.items():
        s.bishop[B[where]] = lo = lord(s, key, seat, where)
        troops(s, where, 0, 0, 1)
        if captive:
            capture(s, lo, 0, [])
    s.pope = L["eric"]
    s.cardinal[L["francois"]] = 1
    begin(s, "announcements")
    do(s, 2, "pass")  # the Pope decrees nothing
    do(s, 0, "candidate:arthur")
    ev = do(s, 1, "candidate:henri")
    assert events_of(ev, "ballot_open")[0]["votes"] == votes
    assert s.kind == A.BALLOT and GAME.to_act(s) == voters


def _realm(s: FiefState) -> tuple[int, int, int]:
    """Three fief lords: Arthur (seat 0), Charles (seat 1), Henri (seat 2)."""
    arthur = lord(s, "arthur", 0, "blaye")
    charles = lord(s, "charles", 1, "sigy")
    henri = lord(s, "henri", 2, "bourg")
    titles(s, {"blaye": arthur, "sigy": charles, "bourg": henri})
    return arthur, charles, henri


@pytest.mark.parametrize(
    ("captive", "votes", "crowned"), [(False, [1, 1, 1, 1], True), (True, [1, 1, 1, 0], False)]
)
def test_a_family_whose_only_voter_is_a_captive_cardinal_has_no_king_ballot(
    captive: bool, votes: list[int], crowned: bool
) -> None:
    """§4.6.6: seat 3's only voter is Cardinal François. Free, his vote for Arthur
    brings the church to three fief lords' votes and crowns him; seat 0's captive, he
    gives seat 3 no ballot, and the same three votes crown nobody."""
    s = table(4)
    arthur, _, _ = _realm(s)
    francois = lord(s, "francois", 3, "tournus")
    s.bishop[B["tournus"]] = francois
    s.cardinal[francois] = 1
    troops(s, "tournus", 0, 0, 1)
    if captive:
        capture(s, francois, 0, [])
    ev = begin(s, "announcements")
    assert events_of(ev, "ballot_open")[0]["votes"] == votes
    assert GAME.to_act(s) == tuple(f for f in range(4) if votes[f])
    for seat in GAME.to_act(s):
        do(s, seat, "vote:arthur")
    assert (s.king == arthur) is crowned


def test_a_captive_cardinal_is_not_the_church_of_his_familys_king_vote() -> None:
    """§4.6.6: seat 2 votes by its free fief lord Henri only; its Cardinal, seat 0's
    captive, neither adds a vote nor meets the church requirement: 3 of 3 votes for
    Arthur crown nobody."""
    s = table(3)
    arthur, _, _ = _realm(s)
    francois = lord(s, "francois", 2, "bourg")
    s.bishop[B["bourg"]] = francois
    s.cardinal[francois] = 1
    troops(s, "bourg", 0, 0, 1)
    capture(s, francois, 0, [])
    ev = begin(s, "announcements")
    assert events_of(ev, "ballot_open")[0]["votes"] == [1, 1, 1]
    for seat in (0, 1, 2):
        ev = do(s, seat, "vote:arthur")
    assert events_of(ev, "ballot")[0]["tally"][0] == [arthur, 3]
    assert s.king == -1


def test_the_popes_single_vote_is_the_church_a_king_needs() -> None:
    """§5.6: each fief lord, Bishop, Cardinal and the Pope 1 vote; the Pope among the
    voters suffices where one plain Bishop does not."""
    for pope, crowned in ((True, True), (False, False)):
        s = table(3)
        arthur, _, _ = _realm(s)
        eric = lord(s, "eric", 0, "blaye")
        s.bishop[B["sigy"]] = eric
        if pope:
            s.pope = eric
        ev = begin(s, "announcements")
        if pope:
            ev = do(s, 0, "pass")  # the Pope decrees nothing
        assert s.kind == A.BALLOT and events_of(ev, "ballot_open")[0]["votes"] == [2, 1, 1]
        for seat in (0, 1, 2):
            do(s, seat, "vote:arthur")  # 4 of 4 votes
        assert (s.king == arthur) is crowned


def test_exactly_half_the_votes_cast_crowns_nobody() -> None:
    """§5.6 "more than half of all votes cast": 3 of 6 with a Cardinal is not enough;
    the same 3 of 5 (one family abstaining) is."""
    for third, crowned in (("vote:charles", False), ("abstain", True)):
        s = table(3)
        arthur, charles, henri = _realm(s)
        s.bishop[B["tournus"]] = lord(s, "eric", 0, "blaye")  # seat 0: 2
        s.bishop[B["bourg"]] = francois = lord(s, "francois", 2, "bourg")
        s.cardinal[francois] = 1
        s.bishop[B["st_gerome"]] = lord(s, "gauvain", 2, "bourg")  # seat 2: 3
        ev = begin(s, "announcements")
        assert events_of(ev, "ballot_open")[0]["votes"] == [2, 1, 3]
        do(s, 2, "vote:arthur")
        do(s, 0, "vote:charles")
        ev = do(s, 1, third)
        tally = dict(events_of(ev, "ballot")[0]["tally"])
        assert tally[arthur] == 3
        assert (s.king == arthur) is crowned and s.king in (arthur, -1)


# ------------------------------------------------------------------ victory (§4.10, §5.8)


def test_victory_is_checked_only_at_the_end_of_the_turn() -> None:
    """A third title bought in the Purchase phase: 3 VP at once, but the turn is
    played out (Movement, Battles) before the game ends."""
    s = table(3)
    arthur = lord(s, "arthur", 0, "mazilles")
    control(s, 0, "mazilles", "st_andromy")
    s.fort[V["mazilles"]] = 1
    titles(s, {"blaye": arthur, "sigy": lord(s, "charles", 0, "sigy")})
    s.money[0] = 4
    begin(s, "purchase")
    do(s, 0, "title:mazilles", "holder:charles", "city:none")
    assert s.vp[0] == 3 and not GAME.is_over(s)
    seen = []
    while not GAME.is_over(s):
        seen.append(flow.PHASE_NAMES[s.phase])
        seat = GAME.to_act(s)[0]
        do(s, seat, "pass")
    assert "movement" in seen and GAME.winners(s) == [0]


def test_the_king_outranks_a_family_with_more_vp_between_two_families_alone() -> None:
    """Two families alone at their target the same turn: the King's 3 VP beat 4 VP
    without an office (spec §4.10 "Several winners at once: rank by King > Pope > ...",
    source "平手就依照下列順序排名 國王 > 教宗 > …")."""
    s = table(3)
    a = lord(s, "arthur", 0, "blaye")
    b = lord(s, "blanche", 0, "sigy")
    titles(s, {"blaye": a, "mazilles": a, "sigy": b, "bourg": b})
    s.king = k = lord(s, "charles", 2, "tournus")
    titles(s, {"tournus": k, "st_gerome": k})
    begin(s, "end_of_turn")
    assert s.vp == [4, 0, 3] and GAME.is_over(s) and GAME.winners(s) == [2]


def test_at_the_turn_limit_vp_beyond_the_target_rank_before_the_king() -> None:
    """The turn limit (an engine option, not in the sources) ends a game nobody won:
    the side nearest its target wins, the source's order only breaking ties. Two titles
    (2 VP) beat the King alone (1 VP)."""
    s = table(3, max_turns=1)
    titles(s, {"blaye": lord(s, "arthur", 0, "blaye"), "sigy": lord(s, "blanche", 0, "sigy")})
    s.king = lord(s, "charles", 2, "tournus")
    begin(s, "end_of_turn")
    assert s.vp == [2, 0, 1] and GAME.is_over(s) and GAME.winners(s) == [0]


def test_a_captive_keeps_his_titles_and_their_vp() -> None:
    """Source "肉票保留頭銜跟收入": a captive fief lord's titles still count."""
    s = table(3)
    troops(s, "blaye", 0, 0, 1)
    a = lord(s, "arthur", 1, "blaye")
    capture(s, a, 0, [])
    titles(s, {"blaye": a, "mazilles": a, "sigy": lord(s, "charles", 1, "sigy")})
    begin(s, "end_of_turn")
    assert GAME.is_over(s) and GAME.winners(s) == [1]


def test_the_queen_beside_a_king_scores_nothing() -> None:
    """§4.10: VP for titles, the King and the Pope; the Queen none (§6 #13)."""
    s = table(3)
    s.king = king = lord(s, "arthur", 0, "blaye")
    s.queen = queen = lord(s, "isabelle", 1, "sigy")
    marry(s, king, queen)
    assert victory_points(s) == [1, 0, 0]


# ------------------------------------------------------------------ Joan d'Arc (§4.12.6)


def test_joan_may_be_any_unmarried_lady_a_captive_or_one_off_the_board_too() -> None:
    """Source "可用在任一未婚女性貴族身上，包括其他玩家" (any unmarried lady, other
    players' too). Regression: the engine offered only free ladies on the board."""
    s = table(3)
    troops(s, "sigy", 2, 0, 1)
    captive = lord(s, "blanche", 1, "sigy")
    capture(s, captive, 2, [])
    waiting = lord(s, "isabelle", 0, None)
    assert s.l_loc[waiting] == -1  # waiting off the board
    wife = lord(s, "jeanne", 1, "sigy")
    marry(s, wife, lord(s, "arthur", 0, "blaye"))
    s.lord_deck.remove(C["darc"])
    s.hand[2] = [C["darc"]]
    s.options["opportunity_cards_at_windows"] = True  # Joan at the Income window
    begin(s, "income")
    assert GAME.to_act(s) == (2,)  # the only hand with a card
    do(s, 2, "play:darc")
    assert legal(s, 2) == ["joan:blanche", "joan:isabelle"]
    do(s, 2, "joan:blanche")
    assert s.joan == captive and s.l_captor[captive] == 2
    assert GAME.inventory(s)["card"]["darc"] == 1
    free(s, captive, [])  # released: placed by Jeanne (tier 2)
    assert s.l_loc[captive] == V["sigy"]
    begin(s, "movement")
    assert s.l_moves[captive] == 3  # she moves as Joan once free


def test_tie_break_the_pope_before_the_queen_regent() -> None:
    """§4.10 "King > Pope > Queen Regent": 1 VP each at the turn limit (the Pope's; the
    Regent's family a title, as she scores none), the Pope's family wins."""
    s = table(3, max_turns=1)
    s.pope = lord(s, "charles", 1, None)
    s.queen = regent = lord(s, "isabelle", 0, None)
    s.regent = 1
    titles(s, {"blaye": regent})
    begin(s, "end_of_turn")
    assert s.vp == [1, 1, 0] and GAME.winners(s) == [1]


# ------------------------------------------------------------------ the court stays consistent


def court_faults(s: FiefState) -> list[str]:
    """What the court rules forbid at any moment (§5.2-§5.7)."""
    from noblesse.games.fief.marriage import in_play
    from noblesse.games.fief.state import LORD_FEMALE, NL

    faults = []
    for lo in range(NL):
        sp = s.spouse[lo]
        if sp >= 0 and (
            s.spouse[sp] != lo
            or not in_play(s, lo)
            or not in_play(s, sp)
            or s.l_owner[lo] == s.l_owner[sp]
            or LORD_FEMALE[lo] == LORD_FEMALE[sp]
        ):
            faults.append(f"marriage {lo}-{sp}")
        if s.cardinal[lo] and (lo not in s.bishop or not in_play(s, lo) or s.excommunicated[lo]):
            faults.append(f"cardinal {lo}")
    for f in range(s.n_players):
        if sum(1 for lo in range(NL) if s.l_owner[lo] == f and s.spouse[lo] >= 0) > 1:
            faults.append(f"family {f} in two marriages")
    for lo in s.bishop:
        if lo >= 0 and (
            not in_play(s, lo) or LORD_FEMALE[lo] or s.spouse[lo] >= 0 or s.excommunicated[lo]
        ):
            faults.append(f"bishop {lo}")
    if s.pope >= 0 and (not in_play(s, s.pope) or s.cardinal[s.pope]):
        faults.append("pope")
    if s.king >= 0 and (
        not in_play(s, s.king)
        or s.regent
        or s.spouse[s.king] not in (-1, s.queen)
        or LORD_FEMALE[s.king]
    ):
        faults.append("king")
    if s.queen >= 0 and not (s.regent or (s.king >= 0 and s.spouse[s.king] == s.queen)):
        faults.append("queen")
    if s.crown_prince >= 0 and (s.king < 0 or not in_play(s, s.crown_prince)):
        faults.append("crown prince")
    if s.joan >= 0 and (s.spouse[s.joan] >= 0 or not in_play(s, s.joan)):
        faults.append("joan")
    faults += [
        f"title {fief}" for fief, lo in enumerate(s.fief_holder) if lo >= 0 and not in_play(s, lo)
    ]
    return faults


def test_random_games_with_a_court_keep_it_consistent() -> None:
    """A King married to a Queen of another family, a Pope who is Bishop, titles dealt by
    hand; random play (marriages, elections, decrees, deaths) never breaks the court."""
    import random

    from noblesse.games.fief.state import LORD_FEMALE

    where = {i: key for key, i in V.items()}
    for seed in (11, 12, 16, 17):  # every family starts with a man
        s = GAME.setup(4, seed, {"fixed_starts": True, "max_turns": 8})
        men = [next(lo for lo in range(18) if s.l_owner[lo] == f) for f in range(4)]
        assert not any(LORD_FEMALE[lo] for lo in men)
        s.king, s.pope = men[0], men[2]
        s.bishop[B["blaye"]] = men[2]
        key = next(k for k in ("alienor", "blanche", "guenievre") if s.l_owner[L[k]] < 0)
        s.queen = lord(s, key, 1, where[s.l_loc[men[1]]])
        marry(s, men[0], s.queen)
        for fief, lo in zip(("blaye", "sigy", "bourg", "tournus"), men, strict=True):
            s.fief_holder[F[fief]] = lo
        assert court_faults(s) == []
        rng = random.Random(seed)
        while not GAME.is_over(s):
            seat = GAME.to_act(s)[0]
            action = rng.choice(GAME.legal_actions(s, seat))
            GAME.apply(s, seat, action)
            assert court_faults(s) == [], (seed, GAME.encode(action))
