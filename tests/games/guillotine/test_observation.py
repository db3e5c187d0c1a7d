"""What a seat's designed observation (docs/observations.md) says of the pending decision
and of the end of the game, slot by slot."""

from __future__ import annotations

from guillotine_scenario import GAME, A, do, table

from noblesse.games.guillotine.observation import L
from noblesse.games.guillotine.rules import DECISION_NAMES, LOOK_DISCARD
from observation_slots import one_hot, slot

SPEC = GAME.observation_spec()


def field(s, seat: int, name: str) -> list[float]:
    return slot(SPEC, L, s, seat, name)


def test_lack_of_support_on_seat_0_shows_seat_0s_hand_to_the_looker_alone():
    s = table(line=["duke", "baron"], player=1,
              hands={1: ["lack_of_support"], 0: ["stumble", "trip", "majesty"]})
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
        A("majesty"): 1.0, A("stumble"): 0.5, A("trip"): 0.5}
    assert not any(field(s, 0, "decision_look")) and not any(field(s, 2, "decision_look"))


def test_lack_of_support_by_seat_0_shows_seat_2s_hand_to_seat_0():
    s = table(line=["duke", "baron"], hands={0: ["lack_of_support"], 2: ["majesty"]})
    do(s, 0, "play:lack_of_support", "seat:2")
    assert field(s, 0, "decision_seat") == one_hot(5, 0)
    assert field(s, 0, "decision_target") == one_hot(5, 2)
    assert field(s, 2, "decision_target") == one_hot(5, 0)
    assert {i: v for i, v in enumerate(field(s, 0, "decision_look")) if v} == {
        A("majesty"): 1.0}
    assert not any(field(s, 2, "decision_look"))


def test_the_over_slot_is_set_for_every_seat_once_the_third_day_ends():
    s = table(line=["duke"], deck=["heretic", "bishop"], day=3, hands={0: ["stumble"]})
    assert [field(s, seat, "over") for seat in range(3)] == [[0.0]] * 3
    do(s, 0, "pass")
    assert GAME.is_over(s)
    assert [field(s, seat, "over") for seat in range(3)] == [[1.0]] * 3
    assert not any(field(s, 0, "decision_kind")) and not any(field(s, 0, "decision_seat"))
