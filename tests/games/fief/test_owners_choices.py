"""The owners' choices and the movement gaps: the Plague on entry (§4.2.3), a Secret
Passage without asking first and out of a siege (§4.12.2), where a freed lord arrives
(§5.1.2), which captive escapes, a cavalcade of several lords (§4.5.2), lifting a siege
in movement (§4.7)."""

from __future__ import annotations

import pytest
from fief_scenario import (
    GAME,
    A,
    C,
    L,
    V,
    assert_illegal,
    begin,
    dice,
    do,
    events_of,
    legal,
    lord,
    pass_window,
    table,
    troops,
    units,
)

from noblesse.games.fief import control
from noblesse.games.fief.cards import PLAYING
from noblesse.games.fief.control import capture

# ------------------------------------------------------------------ §5.1.2 placement


def _ransomable() -> object:
    """Arthur (seat 0) held by seat 1 in Sigy; seat 0 holds strongholds in Blaye and
    Bourg, and a lordless village (Tournus): tier 1 has two villages."""
    s = table(3)
    lo = lord(s, "arthur", 0, "sigy")
    troops(s, "sigy", 1, 0, 2)
    capture(s, lo, 1, [])
    for v in ("blaye", "bourg"):
        troops(s, v, 0, 0, 1)
        s.fort[V[v]] = 1
    troops(s, "tournus", 0, 0, 1)
    s.money[0] = 2
    return s


def test_a_ransomed_lord_s_family_chooses_among_the_first_tier_villages() -> None:
    s = _ransomable()
    lo = L["arthur"]
    begin(s, "ransoms")
    do(s, 0, "ransom:arthur")
    assert s.kind == A.PLACE_FREED and GAME.to_act(s) == (0,)
    assert legal(s, 0) == ["place:blaye", "place:bourg"]  # tier 1 only, not Tournus
    assert s.l_captor[lo] == -1 and s.l_loc[lo] == -1
    assert_illegal(s, 0, "place:tournus")
    ev = do(s, 0, "place:bourg")
    assert s.l_loc[lo] == V["bourg"]
    assert events_of(ev, "lord_placed")[0]["village"] == V["bourg"]
    assert s.kind == A.PURCHASE and GAME.to_act(s) == (0,)  # nothing left to ransom
    assert GAME.describe_decision(s) != ""


def test_a_single_village_tier_places_the_freed_lord_without_asking() -> None:
    s = _ransomable()
    s.fort[V["bourg"]] = 0  # tier 1: Blaye alone
    begin(s, "ransoms")
    ev = do(s, 0, "ransom:arthur")
    assert s.l_loc[L["arthur"]] == V["blaye"] and s.kind != A.PLACE_FREED
    assert events_of(ev, "lord_placed")[0]["village"] == V["blaye"]


def test_a_released_lord_goes_where_his_family_chooses_in_tier_two() -> None:
    s = _ransomable()
    s.fort[V["blaye"]] = s.fort[V["bourg"]] = 0
    lord(s, "charles", 0, "tournus")
    lord(s, "eric", 0, "bourg")
    s.money[0] = 0
    begin(s, "ransoms")
    do(s, 1, "release:arthur")
    assert GAME.to_act(s) == (0,) and legal(s, 0) == ["place:tournus", "place:bourg"]
    do(s, 0, "place:tournus")
    assert s.l_loc[L["arthur"]] == V["tournus"]


def test_tier_four_counts_an_ally_s_village(monkeypatch: pytest.MonkeyPatch) -> None:
    """No marriages yet: ``allies`` is empty and tier 4 is the uncontrolled villages;
    with an ally, its villages join tier 4 (source "沒人佔領或者盟友的村莊")."""
    s = table(3)
    for v in range(24):
        if v != V["sigy"]:
            troops(s, GAME_VILLAGE(v), 1, 0, 1)  # seat 1 holds every other village
    lo = lord(s, "arthur", 0, None)
    assert control.placement_options(s, 0) == [V["sigy"]]
    monkeypatch.setattr(control, "allies", lambda s, f: [1] if f == 0 else [0])
    assert control.placement_options(s, 0) == list(range(24))
    assert s.l_loc[lo] == -1


def GAME_VILLAGE(v: int) -> str:  # noqa: N802 - a key by id
    return next(k for k, i in V.items() if i == v)


def test_a_waiting_lord_s_family_chooses_where_he_arrives_in_the_play_step() -> None:
    s = table(3)
    lo = lord(s, "arthur", 0, None)  # waiting off the board
    for v in ("blaye", "sigy"):
        troops(s, v, 0, 0, 1)
    for v in range(24):
        if s.ctrl[v] < 0:
            troops(s, GAME_VILLAGE(v), 2, 0, 1)  # nothing uncontrolled left
    s.cards_step = PLAYING  # the Play step
    s.phase, s.cursor, s.kind = A.CARDS_PHASE, 0, A.NONE
    GAME.run(s, [])
    assert s.kind == A.PLACE_FREED and legal(s, 0) == ["place:blaye", "place:sigy"]
    do(s, 0, "place:sigy")
    assert s.l_loc[lo] == V["sigy"]


# ------------------------------------------------------------------ which captive escapes


def test_a_secret_passage_frees_the_captive_the_family_chooses() -> None:
    s = table(3)
    arthur = lord(s, "arthur", 0, "sigy")
    charles = lord(s, "charles", 0, "sigy")
    troops(s, "sigy", 1, 0, 2)
    capture(s, arthur, 1, [])
    capture(s, charles, 1, [])
    troops(s, "blaye", 0, 0, 1)
    s.fort[V["blaye"]] = 1
    s.hand[0] = [C["secret_passage"]]
    begin(s, "income")
    assert legal(s, 0) == ["pass", "escape:arthur", "escape:charles"]
    ev = do(s, 0, "escape:charles")
    assert s.hand[0] == []  # the card is spent
    assert s.l_captor[charles] == -1 and s.l_loc[charles] == V["blaye"]
    assert s.l_captor[arthur] == 1 and s.l_loc[arthur] == V["sigy"]
    assert [e["lord"] for e in events_of(ev, "escape")] == [charles]


# ------------------------------------------------------------------ the Plague on entry


def _plague_mover(knights: int, men: int) -> object:
    """Arthur (seat 0) in Marcamps (bishopric of Bourg) carrying his troops; the Plague
    is on the bishopric of Sigy next door."""
    from noblesse.games.fief.state import BISHOPRIC_OF

    s = table(3)
    s.plague[BISHOPRIC_OF[V["sigy"]]] = 1
    lord(s, "arthur", 0, "marcamps")
    troops(s, "marcamps", 0, knights, men)
    begin(s, "movement")
    do(s, 0, "lord:arthur", *["carry:knight"] * knights, *["carry:man_at_arms"] * men)
    return s


def test_the_owner_chooses_which_units_a_group_entering_the_plague_loses() -> None:
    s = _plague_mover(2, 2)
    lo = L["arthur"]
    ev = do(s, 0, "move:sigy")  # 4 units: 2 lost, the owner's choice
    assert not events_of(ev, "roll")  # the losses come before his roll
    assert s.kind == A.PLAGUE_LOSS and GAME.to_act(s) == (0,)
    assert legal(s, 0) == ["lose:knight", "lose:man_at_arms"]
    do(s, 0, "lose:knight")
    assert s.kind == A.PLAGUE_LOSS and (s.carried_knights[lo], s.carried_men_at_arms[lo]) == (1, 2)
    dice(s, 4)  # he survives the roll
    ev = do(s, 0, "lose:knight")
    assert [e["dice"] for e in events_of(ev, "roll")] == [[4]]
    assert (s.carried_knights[lo], s.carried_men_at_arms[lo]) == (0, 2)
    assert s.kind == A.MOVE_LORD and s.l_loc[lo] == V["sigy"] and s.l_moves[lo] == 1
    assert_illegal(s, 0, "lose:knight")


def test_a_forced_remainder_is_taken_without_asking_again() -> None:
    s = _plague_mover(1, 3)  # 4 units: 2 lost
    lo = L["arthur"]
    do(s, 0, "move:sigy")
    dice(s, 5)
    ev = do(s, 0, "lose:knight")  # no knight left: a man-at-arms goes
    assert (s.carried_knights[lo], s.carried_men_at_arms[lo]) == (0, 2)
    assert [(e["knights"], e["men_at_arms"]) for e in events_of(ev, "plague_losses")] == [
        (1, 0),
        (0, 1),
    ]


def test_a_group_of_one_kind_loses_half_without_a_question() -> None:
    s = _plague_mover(0, 3)
    lo = L["arthur"]
    dice(s, 6)
    ev = do(s, 0, "move:sigy")
    assert s.kind == A.MOVE_LORD and (s.carried_knights[lo], s.carried_men_at_arms[lo]) == (0, 2)
    assert events_of(ev, "plague_losses")[0]["men_at_arms"] == 1


def test_the_lord_dies_after_the_choice_and_his_group_stays_there() -> None:
    s = _plague_mover(1, 1)
    lo = L["arthur"]
    do(s, 0, "move:sigy")
    dice(s, 2)  # 1-3: dies
    do(s, 0, "lose:man_at_arms")
    assert s.l_owner[lo] == -1
    assert units(s, "sigy", 0) == (1, 0) and s.ctrl[V["sigy"]] == 0


def test_the_holder_is_asked_for_passage_after_the_plague_has_struck() -> None:
    s = table(3)
    from noblesse.games.fief.state import BISHOPRIC_OF

    s.plague[BISHOPRIC_OF[V["sigy"]]] = 1
    lord(s, "arthur", 0, "marcamps")
    troops(s, "marcamps", 0, 1, 1)
    troops(s, "st_ciers_d_abzac", 1, 0, 1)  # seat 1 holds the village entered
    begin(s, "movement")
    do(s, 0, "lord:arthur", "carry:knight", "carry:man_at_arms", "move:st_ciers_d_abzac")
    assert s.kind == A.PLAGUE_LOSS and GAME.to_act(s) == (0,)
    dice(s, 6)
    ev = do(s, 0, "lose:man_at_arms")
    assert s.kind == A.PERMIT and GAME.to_act(s) == (1,)
    assert events_of(ev, "ask_passage")[0]["asked"] == 1


# ------------------------------------------------------------------ falling back (§4.7)


def _besieged_mazilles() -> object:
    """Seat 0 besieges seat 1's stronghold in Mazilles; the Plague is on the bishopric
    of St Gérôme (Belleville, next door)."""
    from noblesse.games.fief.state import BISHOPRIC_OF, SEATS

    s = table(3)
    troops(s, "mazilles", 1, 0, 2)
    s.fort[V["mazilles"]] = 1
    lord(s, "arthur", 0, "mazilles")
    troops(s, "mazilles", 0, 1, 3)
    s.engine[V["mazilles"] * SEATS] = 2
    s.engines_used[0] = 1
    s.plague[BISHOPRIC_OF[V["belleville"]]] = 1
    return s


def test_falling_back_into_the_plague_after_lifting_a_siege_is_an_entry() -> None:
    s = _besieged_mazilles()
    lo = L["arthur"]
    begin(s, "battles")
    do(s, 0, "pass", "lift_siege:mazilles")  # the garrison has no lord: no pursuit
    assert s.kind == A.WITHDRAW_TO
    do(s, 0, "move:belleville")  # 4 units: 2 lost, his choice
    assert s.kind == A.PLAGUE_LOSS and legal(s, 0) == ["lose:knight", "lose:man_at_arms"]
    dice(s, 3)  # the lord entering dies
    ev = do(s, 0, "lose:man_at_arms", "lose:man_at_arms")
    assert units(s, "belleville", 0) == (1, 1) and units(s, "mazilles", 0) == (0, 0)
    assert s.l_owner[lo] == -1
    assert [e["dice"] for e in events_of(ev, "roll")] == [[3]]


def test_falling_back_inside_or_out_of_the_plague_is_free() -> None:
    from noblesse.games.fief.state import BISHOPRIC_OF

    s = _besieged_mazilles()
    s.plague[BISHOPRIC_OF[V["belleville"]]] = 0
    s.plague[BISHOPRIC_OF[V["mazilles"]]] = 1  # Mazilles' own bishopric (Tournus)
    begin(s, "battles")
    do(s, 0, "pass", "lift_siege:mazilles")
    ev = do(s, 0, "move:st_andromy")  # inside the bishopric
    assert units(s, "st_andromy", 0) == (1, 3) and not events_of(ev, "roll")


# ------------------------------------------------------------------ lifting a siege in movement


def test_the_besieger_lifts_his_siege_in_movement_and_his_troops_fall_back() -> None:
    """§4.7 "at any time" (source "圍攻方可以在任何時候結束圍攻"): offered when he picks a
    lord to move; he falls back, his lords keeping their moves."""
    from noblesse.games.fief.state import BISHOPRIC_OF, SEATS

    s = _besieged_mazilles()
    s.plague[BISHOPRIC_OF[V["belleville"]]] = 0
    lo = L["arthur"]
    begin(s, "movement")
    assert legal(s, 0) == ["pass", "lord:arthur", "lift_siege:mazilles"]
    ev = do(s, 0, "lift_siege:mazilles")
    assert events_of(ev, "siege_lifted") and s.engines_used[0] == 0
    assert s.engine[V["mazilles"] * SEATS] == 0
    assert s.kind == A.WITHDRAW_TO and GAME.to_act(s) == (0,)
    do(s, 0, "move:l_epervier")
    assert units(s, "l_epervier", 0) == (1, 3) and s.l_loc[lo] == V["l_epervier"]
    assert s.kind == A.MOVE_SELECT and legal(s, 0) == ["pass", "lord:arthur"]
    do(s, 0, "lord:arthur", "carry:knight", "move:charolles")
    assert s.l_loc[lo] == V["charolles"]


def test_only_the_besieger_may_lift_and_a_lorded_garrison_may_pursue_in_movement() -> None:
    s = _besieged_mazilles()
    lord(s, "charles", 1, "mazilles")
    s.first = 1
    begin(s, "movement")
    assert all(not a.startswith("lift_siege") for a in legal(s, 1))
    assert_illegal(s, 1, "lift_siege:mazilles")
    do(s, 1, "pass")
    do(s, 0, "lift_siege:mazilles")
    assert s.kind == A.LIFT_PURSUE and legal(s, 1) == ["pursue", "let_go"]
    do(s, 1, "pursue")
    assert s.battle.attacker == 1 and s.battle.defender == 0 and s.battle.penalty == 0
    assert s.kind == A.ROUND_ATT and GAME.to_act(s) == (1,)


# ------------------------------------------------------------------ Secret Passage in movement


def _through() -> object:
    """Arthur (seat 0) in Blaye with a knight; seat 1 holds Charolles next door."""
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    troops(s, "blaye", 0, 1, 0)
    troops(s, "charolles", 1, 0, 2)
    return s


def test_a_secret_passage_goes_through_a_held_village_without_asking_first() -> None:
    s = _through()
    lo = L["arthur"]
    s.hand[0] = [C["secret_passage"], C["taxes"]]
    begin(s, "movement")
    do(s, 0, "lord:arthur", "carry:knight")
    assert "secret_passage:charolles" in legal(s, 0)
    assert "secret_passage:la_salle" not in legal(s, 0)  # nobody's: nothing to spare
    ev = do(s, 0, "secret_passage:charolles")
    assert not events_of(ev, "ask_passage") and s.hand[0] == [C["taxes"]]
    assert C["secret_passage"] in s.fd_discard
    assert s.kind == A.MOVE_LORD and s.l_loc[lo] == V["charolles"] and s.l_moves[lo] == 1
    assert "drop:knight" not in legal(s, 0)  # passing through (§4.5)
    do(s, 0, "move:villeneuve")
    assert units(s, "villeneuve", 0) == (1, 0) and s.ctrl[V["charolles"]] == 1


def test_no_secret_passage_move_without_the_card_nor_on_a_last_move() -> None:
    s = _through()
    s.hand[0] = [C["taxes"]]
    begin(s, "movement")
    do(s, 0, "lord:arthur")
    assert not [a for a in legal(s, 0) if a.startswith("secret_passage")]
    assert_illegal(s, 0, "secret_passage:charolles")
    s2 = _through()
    s2.hand[0] = [C["secret_passage"]]
    begin(s2, "movement")
    do(s2, 0, "lord:arthur", "move:beaujeu")  # one move left: no question
    assert "secret_passage:st_ciers_d_abzac" not in legal(s2, 0)


def test_a_secret_passage_leaves_by_the_road_an_enemy_came_in_by() -> None:
    s = table(3)
    lo = L["arthur"]
    lord(s, "arthur", 0, "blaye")
    troops(s, "blaye", 0, 0, 1)
    lord(s, "charles", 1, "charolles")
    s.hand[0] = [C["secret_passage"]]
    s.first = 1
    begin(s, "movement")
    do(s, 1, "lord:charles", "move:blaye")
    do(s, 0, "permit:yes")
    do(s, 1, "lord_done")  # he stands on the road
    pass_window(s)  # his move ended: any-time cards
    assert s.entry[V["blaye"] * 6 + 1] == V["charolles"]
    do(s, 0, "lord:arthur")
    assert "secret_passage:charolles" in legal(s, 0)
    ev = do(s, 0, "secret_passage:charolles")
    assert not events_of(ev, "ask_passage") and s.l_loc[lo] == V["charolles"]


# ------------------------------------------------------------------ §4.12.2 uses 1 and 2


def _garrison() -> object:
    """Charles (seat 1) holds Mazilles, besieged by seat 0 come in from Belleville."""
    from noblesse.games.fief.state import SEATS

    s = table(3)
    lord(s, "charles", 1, "mazilles")
    troops(s, "mazilles", 1, 0, 2)
    s.fort[V["mazilles"]] = 1
    lord(s, "arthur", 0, "mazilles")
    troops(s, "mazilles", 0, 0, 3)
    s.entry[V["mazilles"] * SEATS] = V["belleville"]  # he came in from Belleville
    s.engine[V["mazilles"] * SEATS] = 1
    s.engines_used[0] = 1
    return s


def test_a_secret_passage_out_of_a_besieged_fortress_costs_one_move() -> None:
    s = _garrison()
    lo = L["charles"]
    s.hand[1] = [C["secret_passage"]]
    s.first = 1
    begin(s, "movement")
    do(s, 1, "lord:charles", "carry:man_at_arms")
    assert not [a for a in legal(s, 1) if a.startswith("move:")]  # pinned (§4.7)
    do(s, 1, "play:secret_passage")
    ev = do(s, 1, "move:belleville")  # the besieger's road: nobody asked
    assert not events_of(ev, "ask_passage")
    assert s.l_loc[lo] == V["belleville"] and s.l_moves[lo] == 1
    assert s.kind == A.MOVE_LORD  # he keeps his second move
    do(s, 1, "move:tournus")
    assert s.l_loc[lo] == V["tournus"] and units(s, "tournus", 1) == (0, 1)


def test_a_secret_passage_through_heavy_rain_is_one_move_then_no_more() -> None:
    from noblesse.games.fief.state import BISHOPRIC_OF

    s = table(3)
    lo = L["arthur"]
    lord(s, "arthur", 0, "blaye")
    s.rain[BISHOPRIC_OF[V["blaye"]]] = 1
    s.hand[0] = [C["secret_passage"]]
    begin(s, "movement")
    do(s, 0, "lord:arthur")
    assert not [a for a in legal(s, 0) if a.startswith("move:")]
    do(s, 0, "play:secret_passage", "move:beaujeu")  # out of the rain: one move
    assert s.l_loc[lo] == V["beaujeu"] and s.l_moves[lo] == 0
    assert s.kind != A.MOVE_LORD


# ------------------------------------------------------------------ a cavalcade of several lords


def _two_riders() -> object:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    lord(s, "charles", 0, "blaye")
    troops(s, "blaye", 0, 2, 1)
    troops(s, "charolles", 1, 0, 1)  # no stronghold: may be ridden through
    return s


def test_the_family_s_lords_in_the_village_ride_a_cavalcade_together() -> None:
    s = _two_riders()
    arthur, charles = L["arthur"], L["charles"]
    begin(s, "movement")
    do(s, 0, "lord:arthur", "carry:knight", "carry:knight")
    assert "escort:charles" in legal(s, 0)
    do(s, 0, "escort:charles")
    # lords and knights only, and the group may only ride (or stop)
    assert legal(s, 0) == ["lord_done", "drop:knight", "cavalcade:charolles", "escort:charles"]
    assert_illegal(s, 0, "carry:man_at_arms")
    assert_illegal(s, 0, "move:la_salle")
    ev = do(s, 0, "cavalcade:charolles")
    assert events_of(ev, "cavalcade")[0]["lords"] == [arthur, charles]
    assert s.l_loc[charles] == V["charolles"] and s.l_moves[charles] == 0
    from noblesse.games.fief.battle import ATTACKER, side_strength

    assert side_strength(s, ATTACKER) == 3 + 3 + 1 + 1  # both lords fight
    do(s, 0, "fight")
    dice(s, 1, 1, 1)
    do(s, 1, "fight")
    assert s.kind == A.MOVE_LORD and "lord_done" not in legal(s, 0)
    assert "escort:charles" not in legal(s, 0)  # no rider stays there either
    do(s, 0, "move:villeneuve")  # both ride on
    assert s.l_loc[arthur] == s.l_loc[charles] == V["villeneuve"]
    assert s.l_escort[charles] == -1 and units(s, "blaye", 0) == (0, 1)


@pytest.mark.parametrize("left", [True, False])
def test_riders_left_behind_keep_their_moves(left: bool) -> None:
    """Left before the ride, or along when the lord stops: Charles stays, moves intact."""
    s = _two_riders()
    charles = L["charles"]
    begin(s, "movement")
    do(s, 0, "lord:arthur", "carry:knight", "escort:charles")
    if left:
        do(s, 0, "escort:charles")
        assert s.l_escort[charles] == -1 and "move:la_salle" in legal(s, 0)
    do(s, 0, "lord_done")  # stops: Charles stays
    assert s.l_escort[charles] == -1 and s.l_moves[charles] == 2
    do(s, 0, "lord:charles", "move:la_salle")
    assert s.l_loc[charles] == V["la_salle"]


def test_a_rider_left_is_not_taken_along_again_by_the_same_lord_before_he_moves() -> None:
    """Taking a lord along and leaving him is one choice made once: were it open again,
    a seat could take and leave him for ever (a searching bot did)."""
    s = _two_riders()
    charles = L["charles"]
    begin(s, "movement")
    do(s, 0, "lord:arthur", "escort:charles", "escort:charles")
    assert s.l_escort[charles] == -1 and "escort:charles" not in legal(s, 0)
    do(s, 0, "lord_done", "lord:charles")  # another lord moving: the choice is his
    assert s.left_by[charles] == -1 and "move:la_salle" in legal(s, 0)


def test_no_riders_without_a_cavalcade_nor_with_men_at_arms() -> None:
    s = _two_riders()
    begin(s, "movement")
    do(s, 0, "lord:arthur", "carry:man_at_arms")
    assert "escort:charles" not in legal(s, 0)
    assert_illegal(s, 0, "escort:charles")


def test_a_rider_leads_the_cavalcade_on_when_its_leader_falls() -> None:
    """§4.5.2: it succeeds if it wins "with at least one of its lords alive"."""
    s = _two_riders()
    arthur, charles = L["arthur"], L["charles"]
    begin(s, "movement")
    do(s, 0, "lord:arthur", "carry:knight", "escort:charles", "cavalcade:charolles")
    do(s, 0, "fight")
    dice(s, 1, 6)  # 1 hit kills the man-at-arms; 3 + 1 kill the knight and a lord
    do(s, 1, "fight")
    assert s.kind == A.LORD_DEATH and legal(s, 0) == ["dies:arthur", "dies:charles"]
    ev = do(s, 0, "dies:arthur")
    assert events_of(ev, "cavalcade_end")[0] == {
        "type": "cavalcade_end",
        "seat": 0,
        "lord": charles,
        "won": True,
    }
    assert s.l_owner[arthur] == -1 and s.ctrl[V["charolles"]] == 0
    assert s.kind == A.MOVE_LORD and s.moving_lord == charles and s.l_moves[charles] == 1
    assert "lord_done" not in legal(s, 0)  # he must ride on
    do(s, 0, "move:villeneuve")
    assert s.l_loc[charles] == V["villeneuve"]


def test_a_rider_leads_on_when_the_plague_takes_the_leader_on_the_way_in() -> None:
    from noblesse.games.fief.state import BISHOPRIC_OF

    s = table(3)
    arthur, charles = L["arthur"], L["charles"]
    s.plague[BISHOPRIC_OF[V["sigy"]]] = 1
    lord(s, "arthur", 0, "marcamps")
    lord(s, "charles", 0, "marcamps")
    troops(s, "marcamps", 0, 1, 0)
    troops(s, "sigy", 1, 0, 1)
    begin(s, "movement")
    do(s, 0, "lord:arthur", "carry:knight", "escort:charles")
    dice(s, 6, 2)  # Charles lives, Arthur dies
    ev = do(s, 0, "cavalcade:sigy")
    assert [e["lord"] for e in events_of(ev, "roll")] == [charles, arthur]
    assert s.l_owner[arthur] == -1 and s.cavalcade.leader == charles
    assert s.battle.village == V["sigy"] and s.kind == A.ROUND_ATT and units(s, "sigy", 0) == (1, 0)


def test_the_view_names_the_group_s_plague_loss_and_the_freed_lord() -> None:
    s = _plague_mover(1, 1)
    do(s, 0, "move:sigy")
    d = GAME.view(s, 0)["decision"]
    assert d == {
        "kind": "plague_loss",
        "seat": 0,
        "village": "sigy",
        "units_to_lose": 1,
        "lord": "arthur",
    }
    s2 = _ransomable()
    begin(s2, "ransoms")
    do(s2, 0, "ransom:arthur")
    assert GAME.view(s2, 1)["decision"] == {"kind": "place_freed_lord", "seat": 0, "lord": "arthur"}
