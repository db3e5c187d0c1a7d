"""What a seat's designed observation (docs/observations.md) says of Fief's families,
villages and lords, slot by slot: families are relative to the observer."""

from __future__ import annotations

from fief_scenario import GAME, L, V, lord, table, troops

from noblesse.games.fief.observation import LORD, MEN_CAP, VILLAGE
from noblesse.games.fief.observation import L as LAYOUT
from noblesse.games.fief.state import NV, SEATS, FiefState
from observation_slots import one_hot, slot

SPEC = GAME.observation_spec()


def field(s: FiefState, seat: int, name: str) -> list[float]:
    return slot(SPEC, LAYOUT, s, seat, name)


def test_every_family_in_a_three_player_game_is_present_to_every_seat() -> None:
    s = table(3)
    for seat in range(3):
        assert field(s, seat, "seat_present") == one_hot(SEATS, 0, 1, 2)


def test_a_villages_troops_are_counted_for_each_relative_family() -> None:
    s = table(3)
    troops(s, "blaye", 1, 3, 0)
    troops(s, "blaye", 2, 0, 5)
    village = field(s, 0, "villages")[V["blaye"] * VILLAGE : (V["blaye"] + 1) * VILLAGE]
    assert village[:SEATS] == one_hot(SEATS, 1)  # seat 1 came first
    assert village[SEATS : 2 * SEATS] == [0.0, 0.3, 0.0, 0.0, 0.0, 0.0]
    assert village[2 * SEATS : 3 * SEATS] == [0.0, 0.0, 0.25, 0.0, 0.0, 0.0]
    seen_by_2 = field(s, 2, "villages")[V["blaye"] * VILLAGE : (V["blaye"] + 1) * VILLAGE]
    assert seen_by_2[SEATS : 2 * SEATS] == [0.0, 0.0, 0.3, 0.0, 0.0, 0.0]  # seat 1: two on
    assert seen_by_2[2 * SEATS : 3 * SEATS] == [0.25, 0.0, 0.0, 0.0, 0.0, 0.0]


def test_the_troops_a_lord_carries_are_in_his_slots_and_he_is_not_married() -> None:
    s = table(3)
    arthur = lord(s, "arthur", 0, "blaye")
    s.carried_knights[arthur], s.carried_men_at_arms[arthur] = 1, 4
    lords = field(s, 0, "lords")
    at = arthur * LORD + 1 + SEATS + NV + SEATS
    # moves left, assassin marker, knights / 10, men / 20, married
    assert lords[at + 1 : at + 5] == [0.0, 0.1, 4 / MEN_CAP, 0.0]
    assert L["arthur"] == arthur
