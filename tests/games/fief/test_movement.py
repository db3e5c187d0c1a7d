"""Movement (§4.5), permissions and village control (§4.5.1)."""

from __future__ import annotations

from fief_scenario import (
    GAME,
    B,
    F,
    L,
    V,
    assert_illegal,
    begin,
    dice,
    do,
    events_of,
    legal,
    lord,
    table,
    troops,
    units,
)

from noblesse.games.fief import flow
from noblesse.games.fief.control import capture, put_lord, settle
from noblesse.games.fief.state import SEATS, FiefState


def _mover() -> object:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    troops(s, "blaye", 0, 2, 3)
    return s


def test_a_lord_moves_two_roads_with_the_troops_he_carries() -> None:
    s = _mover()
    begin(s, "movement")
    assert legal(s, 0) == ["pass", "lord:arthur"]
    do(s, 0, "lord:arthur", "carry:knight", "carry:knight", "carry:man_at_arms")
    assert "move:charolles" in legal(s, 0) and "move:tournus" not in legal(s, 0)
    assert_illegal(s, 0, "move:tournus")
    do(s, 0, "move:charolles")
    assert s.ctrl[V["charolles"]] == 0 and s.ctrl[V["blaye"]] == 0
    do(s, 0, "drop:knight", "move:villeneuve")
    # two moves spent: the lord stops, what he carries stays with him
    assert units(s, "blaye", 0) == (0, 2)
    assert units(s, "charolles", 0) == (1, 0)
    assert units(s, "villeneuve", 0) == (1, 1)
    assert s.l_loc[L["arthur"]] == V["villeneuve"] and s.l_moves[L["arthur"]] == 0
    assert flow.PHASE_NAMES[s.phase] == "cards" and s.turn == 2  # the turn ran on to its end


def test_a_village_left_empty_becomes_uncontrolled() -> None:
    s = _mover()
    begin(s, "movement")
    do(s, 0, "lord:arthur")
    for _ in range(2):
        do(s, 0, "carry:knight")
    for _ in range(3):
        do(s, 0, "carry:man_at_arms")
    ev = do(s, 0, "move:charolles")
    assert s.ctrl[V["blaye"]] == -1
    assert {"village": V["blaye"], "seat": -1} in [
        {k: e[k] for k in ("village", "seat")} for e in events_of(ev, "control")
    ]


def test_troops_follow_one_lord_per_turn() -> None:
    s = _mover()
    lord(s, "charles", 0, "charolles")
    begin(s, "movement")
    do(s, 0, "lord:arthur", "carry:knight", "move:charolles", "drop:knight", "lord_done")
    do(s, 0, "lord:charles")
    # the dropped knight already followed Arthur: Charles cannot take it
    assert "carry:knight" not in legal(s, 0)
    assert_illegal(s, 0, "carry:knight")


def test_a_lord_picks_up_waiting_troops_on_the_way() -> None:
    s = _mover()
    troops(s, "charolles", 0, 0, 2)
    begin(s, "movement")
    do(
        s,
        0,
        "lord:arthur",
        "move:charolles",
        "carry:man_at_arms",
        "carry:man_at_arms",
        "move:villeneuve",
    )
    assert units(s, "villeneuve", 0) == (0, 2)


def test_passing_through_another_familys_village_needs_its_permission() -> None:
    s = _mover()
    troops(s, "charolles", 1, 0, 1)
    begin(s, "movement")
    ev = do(s, 0, "lord:arthur", "carry:knight", "move:charolles")
    assert events_of(ev, "ask_passage")[0]["asked"] == 1
    assert GAME.to_act(s) == (1,) and legal(s, 1) == ["permit:yes", "permit:no"]
    do(s, 1, "permit:yes")
    assert GAME.to_act(s) == (0,)
    assert "drop:knight" not in legal(s, 0)  # no dropping while passing through
    do(s, 0, "move:villeneuve")
    assert units(s, "villeneuve", 0) == (1, 0) and s.ctrl[V["charolles"]] == 1


def test_refused_the_mover_goes_back_or_stays() -> None:
    s = _mover()
    troops(s, "charolles", 1, 0, 1)
    begin(s, "movement")
    do(s, 0, "lord:arthur", "carry:knight", "move:charolles")
    do(s, 1, "permit:no")
    assert legal(s, 0) == ["retreat", "stay"]
    do(s, 0, "retreat")
    assert s.l_loc[L["arthur"]] == V["blaye"] and units(s, "blaye", 0) == (2, 3)
    assert s.l_moves[L["arthur"]] == 0


def test_refused_and_staying_the_later_arrival_controls_nothing() -> None:
    s = _mover()
    troops(s, "charolles", 1, 0, 1)
    begin(s, "movement")
    do(s, 0, "lord:arthur", "carry:knight", "move:charolles")
    do(s, 1, "permit:no")
    do(s, 0, "stay")
    assert s.ctrl[V["charolles"]] == 1  # the first to arrive keeps it
    assert s.entry[V["charolles"] * SEATS + 0] == V["blaye"]  # he stands on the road


def test_the_last_move_into_a_foreign_village_asks_nothing() -> None:
    s = _mover()
    troops(s, "villeneuve", 1, 0, 1)
    begin(s, "movement")
    ev = do(s, 0, "lord:arthur", "move:charolles", "move:villeneuve")
    assert not events_of(ev, "ask_passage")
    assert s.ctrl[V["villeneuve"]] == 1


def _enemy_came_by_the_road_from_blaye() -> object:
    """Arthur (seat 0) in Charolles with two men-at-arms; Charles (seat 1) came in from
    Blaye and stands on that road. Arthur asks to leave by it, for Blaye."""
    s = table(3)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 0, 2)
    lord(s, "charles", 1, None)
    put_lord(s, L["charles"], V["charolles"], came_from=V["blaye"])
    settle(s, V["charolles"], [])
    assert s.entry[V["charolles"] * SEATS + 1] == V["blaye"]
    s.first = 0
    begin(s, "movement")
    do(s, 0, "lord:arthur", "move:blaye")
    return s


def test_leaving_by_the_road_the_enemy_came_in_needs_his_permission() -> None:
    s = _enemy_came_by_the_road_from_blaye()
    assert GAME.to_act(s) == (1,)
    do(s, 1, "permit:no")
    assert s.l_loc[L["arthur"]] == V["charolles"]
    assert "move:blaye" not in legal(s, 0) and "move:villeneuve" in legal(s, 0)


def test_leaving_by_the_road_the_enemy_came_in_with_his_permission_moves_the_lord() -> None:
    s = _enemy_came_by_the_road_from_blaye()
    ev = do(s, 1, "permit:yes")
    assert events_of(ev, "passage")[0]["granted"] is True
    assert s.l_loc[L["arthur"]] == V["blaye"]


def test_control_passes_to_the_family_that_stays() -> None:
    s = _mover()
    troops(s, "blaye", 1, 0, 1)  # arrived after seat 0
    assert s.ctrl[V["blaye"]] == 0
    begin(s, "movement")
    do(s, 0, "lord:arthur", "carry:knight", "carry:knight")
    for _ in range(3):
        do(s, 0, "carry:man_at_arms")
    do(s, 0, "move:charolles")
    assert s.ctrl[V["blaye"]] == 1


def test_an_empty_governed_village_is_the_holders_until_someone_enters() -> None:
    s = table(3)
    lo = lord(s, "arthur", 1, "mazilles")
    s.fief_holder[F["mazilles"]] = lo
    s.ctrl[V["st_andromy"]] = 1
    lord(s, "charles", 0, "tournus")
    begin(s, "movement")
    do(s, 0, "lord:charles", "move:st_andromy")
    assert GAME.to_act(s) == (1,)  # passage through a governed village
    do(s, 1, "permit:no")
    do(s, 0, "stay")
    assert s.ctrl[V["st_andromy"]] == 0  # alone there, he takes it


def test_the_garrison_of_a_besieged_fortress_cannot_move() -> None:
    s = _mover()
    s.fort[V["blaye"]] = 1
    troops(s, "blaye", 1, 0, 2)
    s.engine[V["blaye"] * SEATS + 1] = 1
    s.engines_used[1] = 1
    lord(s, "henri", 1, "sigy")
    begin(s, "movement")
    do(s, 0, "lord:arthur")  # only to ride out (§4.5.2)
    assert not [x for x in legal(s, 0) if x.startswith("move:")]
    do(s, 0, "carry:man_at_arms")
    assert not [x for x in legal(s, 0) if x.startswith(("move:", "cavalcade:"))]


def test_pass_ends_the_players_movement() -> None:
    s = _mover()
    lord(s, "henri", 1, "sigy")
    begin(s, "movement")
    do(s, 0, "pass")
    assert GAME.to_act(s) == (1,) and s.l_moves[L["arthur"]] == 0
    assert flow.PHASE_NAMES[s.phase] == "movement"


def _arthur_holding_charles_at_blaye() -> tuple[FiefState, int]:
    """Arthur (seat 0) with a man-at-arms and Charles (seat 1) his captive at Blaye, in
    the Movement phase; returns the state and the captive."""
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    troops(s, "blaye", 0, 0, 1)
    captive = lord(s, "charles", 1, "blaye")
    capture(s, captive, 0, [])
    begin(s, "movement")
    return s, captive


def test_a_captor_leads_a_captive_along_or_leaves_him_with_troops() -> None:
    s, captive = _arthur_holding_charles_at_blaye()
    do(s, 0, "lord:arthur")
    assert "escort:charles" in legal(s, 0)
    do(s, 0, "escort:charles", "move:charolles")
    assert s.l_loc[captive] == V["charolles"] and s.l_captor[captive] == 0
    do(s, 0, "escort:charles", "move:villeneuve")  # left behind, unguarded
    assert s.l_captor[captive] == -1  # he escapes
    assert s.l_escort[captive] == -1


def test_a_captive_left_is_not_led_again_before_the_captor_moves_on() -> None:
    s, captive = _arthur_holding_charles_at_blaye()
    do(s, 0, "lord:arthur", "escort:charles", "escort:charles")  # led, then left
    assert s.l_escort[captive] == -1 and "escort:charles" not in legal(s, 0)
    do(s, 0, "move:charolles")  # moved on: he may lead him again were he to come back
    assert s.l_loc[captive] == V["blaye"] and s.left_by[captive] == -1


def test_the_troops_of_a_lord_who_dies_on_the_way_have_moved_this_turn() -> None:
    """Review 1.6: Arthur dies entering a Plague bishopric; his surviving knight stays
    there spent, and Eric may not carry it on."""
    s = table(3)
    s.plague[B["sigy"]] = 1
    lord(s, "arthur", 0, "marcamps")
    troops(s, "marcamps", 0, 2, 0)
    lord(s, "eric", 0, "st_paul")
    begin(s, "movement")
    do(s, 0, "lord:arthur", "carry:knight", "carry:knight")
    dice(s, 1)
    do(s, 0, "move:sigy")
    assert s.l_owner[L["arthur"]] == -1 and units(s, "sigy", 0) == (1, 0)
    assert s.spent_knights[V["sigy"] * SEATS] == 1
    dice(s, 6)
    do(s, 0, "lord:eric", "move:sigy")
    assert s.l_owner[L["eric"]] == 0 and s.moving_lord == L["eric"]
    assert "carry:knight" not in legal(s, 0)
