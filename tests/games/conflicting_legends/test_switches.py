"""The [assumed] switches of cards.toml work both ways (the defaults are tested with
the ambiguities they resolve)."""

from __future__ import annotations

import pytest
from conflicting_legends_scenario import GAME, assert_illegal, do, hand, legal, start_war, table

from noblesse.games.conflicting_legends.rules import ASSUMED


@pytest.fixture
def switch(monkeypatch: pytest.MonkeyPatch):
    def flip(name: str, value: bool) -> None:
        assert name in ASSUMED
        monkeypatch.setitem(ASSUMED, name, value)

    return flip


def test_each_side_may_announce_before_every_throw_and_that_is_no_switch() -> None:
    """Source: "雙方玩家出拳前，可事先宣告自家預備出的拳種": no flag turns it off."""
    assert "announcements" not in ASSUMED
    s = table(hands={0: ["julius_caesar"]})
    start_war(s, 0, "julius_caesar", "pampas")
    assert GAME.to_act(s) == (0,) and "silent" in legal(s)


def test_passed_players_protected(switch) -> None:
    switch("attack_passed_players", False)
    s = table(hands={0: ["julius_caesar"]}, passed=[1, 2])
    do(s, 0, "play:julius_caesar")
    assert legal(s) == ["target:north_africa"]
    s = table(hands={0: ["julius_caesar"]}, passed=[1, 2, 3])
    assert "play:julius_caesar" not in legal(s)
    # seat 0 has passed: protected, and told so in the words of a target not offered
    s = table(hands={1: ["julius_caesar"]}, player=1, passed=[0])
    do(s, 1, "play:julius_caesar")
    assert "target:polynesia" not in legal(s)
    refused = assert_illegal(s, 1, "target:polynesia")
    assert refused.message == (
        '"Attack Seat 1\'s Polynesia (white side)" is not possible '
        "now. Julius Caesar: choose the territory to attack."
    )


def test_hand_limit_only_at_settlement(switch) -> None:
    switch("hand_limit_every_draw", False)
    s = table(hands={0: ["shakespeare"] + ["people"] * 5}, deck=["mozart", "li_bai"])
    do(s, 0, "play:shakespeare")
    assert len(s.hands[0]) == 7


def test_no_reshuffle_of_the_discard_pile_mid_round(switch) -> None:
    switch("reshuffle_discard_when_deck_empty", False)
    s = table(hands={0: ["shakespeare"]}, deck=[], discard=["mozart"])
    do(s, 0, "play:shakespeare")
    assert hand(s, 0) == [] and len(s.discard) == 1


def test_a_fixed_start_player(switch) -> None:
    switch("random_start_player", False)
    assert {GAME.setup(4, seed).start for seed in range(10)} == {0}
