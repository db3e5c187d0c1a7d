"""What a seat's designed observation (docs/observations.md) says of the pending decision
and of the end of the game, slot by slot."""

from __future__ import annotations

from guillotine_scenario import GAME, A, N, do, legal, table

from noblesse.games.guillotine.observation import L
from noblesse.games.guillotine.rules import DECISION_NAMES, LOOK_DISCARD
from observation_slots import one_hot, slot

SPEC = GAME.observation_spec()


def field(s, seat: int, name: str) -> list[float]:
    return slot(SPEC, L, s, seat, name)


def test_lack_of_support_on_seat_0_shows_seat_0s_hand_to_the_looker_alone():
    s = table(
        line=["duke", "baron"],
        player=1,
        hands={1: ["lack_of_support"], 0: ["stumble", "trip", "majesty"]},
    )
    do(s, 1, "play:lack_of_support", "seat:0")
    assert DECISION_NAMES[LOOK_DISCARD] == "look_discard"
    for seat in range(3):
        assert field(s, seat, "decision_kind") == one_hot(len(DECISION_NAMES), LOOK_DISCARD)
    # seats relative to the observer: the looker is seat 1, the target seat 0
    assert field(s, 0, "decision_seat") == one_hot(5, 1)
    assert field(s, 1, "decision_seat") == one_hot(5, 0)
    assert field(s, 2, "decision_seat") == one_hot(5, 2)
    assert field(s, 0, "decision_target") == one_hot(5, 0)
    assert field(s, 1, "decision_target") == one_hot(5, 2)
    assert field(s, 2, "decision_target") == one_hot(5, 1)
    look = field(s, 1, "decision_look")  # copies of each card / the card's copies
    assert {i: v for i, v in enumerate(look) if v} == {
        A("majesty"): 1.0,
        A("stumble"): 0.5,
        A("trip"): 0.5,
    }
    assert not any(field(s, 0, "decision_look")) and not any(field(s, 2, "decision_look"))


def test_lack_of_support_by_seat_0_shows_seat_2s_hand_to_seat_0():
    s = table(line=["duke", "baron"], hands={0: ["lack_of_support"], 2: ["majesty"]})
    do(s, 0, "play:lack_of_support", "seat:2")
    assert field(s, 0, "decision_seat") == one_hot(5, 0)
    assert field(s, 0, "decision_target") == one_hot(5, 2)
    assert field(s, 2, "decision_target") == one_hot(5, 0)
    assert {i: v for i, v in enumerate(field(s, 0, "decision_look")) if v} == {A("majesty"): 1.0}
    assert not any(field(s, 2, "decision_look"))


def test_the_over_slot_is_set_for_every_seat_once_the_third_day_ends():
    s = table(line=["duke"], deck=["heretic", "bishop"], day=3, hands={0: ["stumble"]})
    assert [field(s, seat, "over") for seat in range(3)] == [[0.0]] * 3
    do(s, 0, "pass")
    assert GAME.is_over(s)
    assert [field(s, seat, "over") for seat in range(3)] == [[1.0]] * 3
    assert not any(field(s, 0, "decision_kind")) and not any(field(s, 0, "decision_seat"))


def test_face_down_support_cards_are_marked_for_their_seats_and_shown_to_their_owner():
    s = table(line=["duke"], hidden={0: "church_support", 2: "military_support"})
    assert field(s, 1, "has_hidden_support") == [0.0, 1.0, 1.0, 0.0, 0.0]
    assert field(s, 0, "has_hidden_support") == [1.0, 0.0, 1.0, 0.0, 0.0]
    # over church support, indifferent public, foreign support, military support, civic support
    assert field(s, 0, "hidden_support") == one_hot(5, 0)
    assert field(s, 2, "hidden_support") == one_hot(5, 3)
    assert not any(field(s, 1, "hidden_support"))


def test_the_first_day_is_the_first_slot_of_the_day():
    assert field(table(line=["duke"], day=1), 0, "day") == one_hot(3, 0)
    assert field(table(line=["duke"], day=3), 2, "day") == one_hot(3, 2)


def test_the_line_is_counted_by_noble_and_by_colour():
    s = table(line=["palace_guard", "duke", "palace_guard", "martyr", "cardinal"])
    counts = field(s, 1, "line_counts")
    assert {i: v for i, v in enumerate(counts) if v} == {
        N("palace_guard"): 2 / 5,
        N("duke"): 1.0,
        N("martyr"): 1 / 3,
        N("cardinal"): 1.0,
    }
    # purple, blue, green, red, gray, each / 16 positions
    assert field(s, 1, "line_colours") == [1 / 16, 1 / 16, 0.0, 2 / 16, 1 / 16]


def test_a_distance_decision_for_the_noble_at_the_front_names_position_1():
    s = table(line=["duke", "baron", "count", "lady"], hands={0: ["fainting_spell"]})
    do(s, 0, "play:fainting_spell", "noble:1")
    assert legal(s) == ["by:1", "by:2", "by:3"]
    for seat in range(3):
        assert field(s, seat, "decision_noble") == [1 / 16]
        assert field(s, seat, "decision_card") == one_hot(50, A("fainting_spell"))


def test_late_arrivals_peek_is_shown_to_the_peeking_seat_alone():
    s = table(
        line=["duke"],
        player=1,
        hands={1: ["late_arrival"]},
        deck=["heretic", "bishop", "colonel", "mayor"],
    )
    do(s, 1, "play:late_arrival")
    peek = field(s, 1, "decision_peek")
    assert {i: v for i, v in enumerate(peek) if v} == {
        N("bishop"): 1.0,
        N("colonel"): 1.0,
        N("mayor"): 1.0,
    }
    assert not any(field(s, 0, "decision_peek")) and not any(field(s, 2, "decision_peek"))
    assert [field(s, seat, "decision_count") for seat in range(3)] == [[3 / 5]] * 3


def test_clerical_errors_first_pick_at_pile_position_1_is_told_to_the_target():
    s = table(
        line=["duke"], hands={0: ["clerical_error"]}, piles={0: ["count"], 2: ["baron", "lady"]}
    )
    do(s, 0, "play:clerical_error", "seat:2")
    assert not any(field(s, 0, "decision_first_pick"))  # nothing picked yet
    do(s, 0, "pile:1")
    assert GAME.to_act(s) == (2,)
    for seat in range(3):
        assert field(s, seat, "decision_first_pick") == [1 / 30]
    assert field(s, 0, "decision_target") == one_hot(5, 0)


def test_an_owner_asked_about_callous_guards_has_no_first_pick():
    s = table(line=["duke"], player=1, hands={1: ["pushed"]}, front={0: ["callous_guards"]})
    assert GAME.to_act(s) == (0,) and legal(s) == ["pass", "discard_callous"]
    assert not any(field(s, 0, "decision_first_pick"))


def test_infighting_counts_the_cards_still_to_discard():
    s = table(line=["duke"], hands={0: ["infighting"], 1: ["trip", "stumble", "majesty"]})
    do(s, 0, "play:infighting", "seat:1")
    assert GAME.to_act(s) == (1,)
    assert [field(s, seat, "decision_count") for seat in range(3)] == [[2 / 5]] * 3
    do(s, 1, "card:trip")
    assert field(s, 0, "decision_count") == [1 / 5]
