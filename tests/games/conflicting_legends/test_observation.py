"""What a seat's designed observation (docs/observations.md) says of a war and of the
pending decision, slot by slot."""

from __future__ import annotations

from conflicting_legends_scenario import C, T, do, start_war, table

from noblesse.games.conflicting_legends import GAME
from noblesse.games.conflicting_legends.observation import L
from noblesse.games.conflicting_legends.rules import CHARLEMAGNE, DECISION_NAMES, SPLIT, THROW
from observation_slots import one_hot, slot

SPEC = GAME.observation_spec()
SEATS = 6
ROCK, PAPER, SCISSORS = range(3)


def field(s, seat: int, name: str) -> list[float]:
    return slot(SPEC, L, s, seat, name)


def charlemagne_war():
    """Seat 0 attacks seat 1 with Charlemagne; both announced nothing: the throw is due."""
    s = table(
        hands={0: ["charlemagne", "people"]},
        lands={1: ["pampas", "british_isles"]},
        tokens={0: (0, 0, 0), 1: (0, 0, 0)},
    )
    start_war(s, 0, "charlemagne", "pampas")
    do(s, 0, "silent")
    do(s, 1, "silent")
    return s


def test_a_secret_throw_is_shown_to_the_side_that_made_it_only():
    s = charlemagne_war()
    do(s, 0, "throw:rock")
    assert s.pending.kind == THROW
    for seat in range(4):
        assert field(s, seat, "decision_kind") == one_hot(len(DECISION_NAMES), THROW)
    assert field(s, 0, "war_my_throw") == one_hot(3, ROCK)
    assert not any(field(s, 1, "war_my_throw")) and not any(field(s, 2, "war_my_throw"))
    assert not any(field(s, 2, "war_revealed"))
    assert field(s, 0, "war_counts") == [1 / 5, 0.0]  # the first throw, no tie yet
    assert field(s, 0, "war_flags") == [0.0, 1.0, 0.0]  # Charlemagne's choice is open


def test_an_attackers_rock_lost_to_paper_is_revealed_while_charlemagne_decides():
    s = charlemagne_war()
    do(s, 0, "throw:rock")
    do(s, 1, "throw:paper")
    assert s.pending.kind == CHARLEMAGNE and GAME.to_act(s) == (0,)
    for seat in range(4):
        assert field(s, seat, "war_revealed") == one_hot(3, ROCK) + one_hot(3, PAPER)
        assert field(s, seat, "decision_kind") == one_hot(len(DECISION_NAMES), CHARLEMAGNE)
    assert not any(field(s, 0, "war_my_throw"))
    assert field(s, 0, "decision_card") == one_hot(L["decision_card"].length, C("charlemagne"))


def test_a_defenders_rock_is_revealed_too():
    s = charlemagne_war()
    do(s, 1, "throw:rock")
    do(s, 0, "throw:scissors")
    assert s.pending.kind == CHARLEMAGNE
    assert field(s, 2, "war_revealed") == one_hot(3, SCISSORS) + one_hot(3, ROCK)


def test_leonardo_developing_territory_0_names_it_in_the_decision():
    s = table(
        hands={0: ["leonardo_da_vinci"]},
        tokens={0: (0, 2, 3)},
        lands={0: ["scandinavia"]},
        tableau={1: ["mozart"]},
    )
    do(s, 0, "play:leonardo_da_vinci", "develop:scandinavia")
    assert s.pending.kind == SPLIT and T("scandinavia") == 0
    assert field(s, 0, "decision_land") == one_hot(L["decision_land"].length, 0)
    assert field(s, 3, "decision_land") == one_hot(L["decision_land"].length, 0)


def test_tokens_and_passing_show_per_relative_seat():
    s = table(tokens={2: (4, 0, 25)}, passed=[3])  # every other seat holds one of each
    # from seat 1, seat 2 is relative seat 1: military, culture, technology / 20, saturating
    assert field(s, 1, "tokens")[3:6] == [4 / 20, 0.0, 1.0]
    assert field(s, 1, "tokens")[0:3] == [1 / 20] * 3
    assert field(s, 2, "tokens")[0:3] == [4 / 20, 0.0, 1.0]  # a seat's own come first
    assert field(s, 1, "passed")[:4] == [0.0, 0.0, 1.0, 0.0]  # seat 3: relative seat 2
