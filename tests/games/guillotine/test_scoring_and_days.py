"""Scoring (spec §3.4, §3.5) and day transitions (§3.2 step 0, §3.3)."""

import pytest
from guillotine_scenario import (
    GAME,
    IllegalAction,
    do,
    hand,
    line,
    noble_discard,
    pile,
    score,
    table,
)

from noblesse.games.guillotine.data import CARDS


# ---------------------------------------------------------------- scoring
def test_scoring_full_game_end_on_day_three():
    s = table(
        line=["duke"],
        day=3,
        player=0,
        starter=0,
        hands={0: ["stumble"], 1: ["majesty", "escape"], 2: ["trip"]},
        piles={
            0: ["cardinal", "bishop", "palace_guard", "palace_guard", "martyr"],
            1: ["count", "countess", "mayor", "sheriff", "tragic_figure", "hero_of_the_people"],
            2: ["tragic_figure", "martyr", "clown", "colonel", "lieutenant"],
        },
        front={
            0: ["church_support", "fountain_of_blood"],
            1: ["civic_support", "tough_crowd"],
            2: ["indifferent_public", "military_support"],
        },
    )
    do(s, 0, "pass")  # seat 0 collects the Duke; seat 1's turn would begin: day 3 ends
    assert GAME.is_over(s)
    assert GAME.to_act(s) == ()
    assert pile(s, 0)[-1] == "duke"
    # seat 0: 5+2 blue, guards 2*2, martyr -1, duke 3; church +2 blues; fountain +2
    # seat 1: count+countess 2+2+4, mayor 3, sheriff 1, tragic -2, hero -3; civic +2; tough -2
    # seat 2: grays 1 each (3), colonel 3, lieutenant 2; military +2
    assert GAME.scores(s) == [
        5 + 2 + 4 + -1 + 3 + 2 + 2,
        8 + 3 + 1 - 2 - 3 + 2 - 2,
        3 + 3 + 2 + 2,
    ]
    assert GAME.winners(s) == [0]
    assert GAME.view(s, None)["scores"] == GAME.scores(s)


def test_scoring_supports_count_their_colour_only():
    s = table(
        line=["duke"],
        piles={0: ["mayor", "cardinal", "colonel", "duke"]},
        front={0: ["church_support", "civic_support", "military_support"]},
    )
    assert score(s, 0) == (3 + 5 + 3 + 3) + 1 + 1 + 1


def test_scoring_fountain_of_blood_and_tough_crowd():
    s = table(
        line=["duke"],
        front={
            0: ["fountain_of_blood"],
            1: ["tough_crowd"],
            2: ["fountain_of_blood", "tough_crowd"],
        },
    )
    assert [score(s, seat) for seat in range(3)] == [2, -2, 0]


def test_scoring_indifferent_public_makes_every_gray_one_including_tragic_figure():
    grays = ["tragic_figure", "clown", "martyr", "martyr", "hero_of_the_people", "innocent_victim"]
    s = table(line=["duke"], piles={0: grays, 1: grays}, front={0: ["indifferent_public"]})
    assert score(s, 0) == 6
    assert score(s, 1) == -6 - 2 - 1 - 1 - 3 - 1


def test_scoring_cards_in_hand_score_nothing():
    s = table(
        line=["duke"], hands={0: ["fountain_of_blood", "church_support"]}, piles={0: ["cardinal"]}
    )
    assert score(s, 0) == 5


def test_scoring_printed_points_of_all_plain_nobles():
    for n in CARDS.nobles:
        if n.effect in ("palace_guard", "tragic_figure"):
            continue
        s = table(line=["duke"], piles={0: [n.key]})
        assert score(s, 0) == n.points, n.key


# ---------------------------------------------------------------- days
def test_day_next_starter_is_left_of_previous_starter_not_next_in_rotation():
    s = table(
        line=["duke", "baron"],
        deck=["heretic", "bishop", "colonel"],
        hands={0: ["stumble"], 1: ["stumble"], 2: ["stumble"]},
        player=0,
        starter=0,
    )
    do(s, 0, "pass")
    do(s, 1, "pass")
    # Seat 2's turn would begin with an empty line: the day ends without seat 2's turn.
    assert s.day == 2
    assert s.starter == 1  # left of seat 0, although seat 2 is next in rotation
    assert GAME.to_act(s) == (1,)
    assert hand(s, 2) == ["stumble"]  # seat 2 drew nothing: it had no turn
    assert line(s) == ["heretic", "bishop", "colonel"]


def test_day_next_starter_four_players_wraps_around():
    s = table(
        4,
        line=["duke"],
        deck=["heretic", "bishop"],
        hands={seat: ["stumble"] for seat in range(4)},
        player=1,
        starter=3,
    )
    do(s, 1, "pass")  # seat 2 would begin with an empty line
    assert s.day == 2
    assert s.starter == 0
    assert GAME.to_act(s) == (0,)


def test_day_empty_line_ends_the_day_and_carries_everything_over():
    s = table(
        line=["duke"],
        deck=["heretic", "bishop"],
        hands={0: ["stumble"], 1: ["trip"]},
        piles={1: ["regent"]},
        front={2: ["fountain_of_blood"]},
        rush=[2],
        confusion=[2],
    )
    do(s, 0, "pass")
    assert s.day == 2
    assert pile(s, 0) == ["duke"]
    assert pile(s, 1) == ["regent"]
    assert hand(s, 1) == ["trip"]
    assert GAME.view(s, None)["players"][2]["front"] == ["fountain_of_blood"]
    assert s.rush == [False, False, True]
    assert s.confusion == [False, False, True]
    assert noble_discard(s) == []


def test_day_new_line_deals_twelve_first_dealt_at_the_back():
    keys = [
        "heretic",
        "bishop",
        "colonel",
        "mayor",
        "land_lord",
        "regent",
        "duke",
        "baron",
        "coiffeur",
        "piss_boy",
        "cardinal",
        "archbishop",
        "governor",
        "councilman",
    ]
    s = table(line=["duke"], deck=keys)
    do(s, 0, "pass")
    assert s.day == 2
    # Deck top = last key: dealt first, so it stands at the back; the 12th dealt at the front.
    assert line(s) == keys[2:]
    assert [CARDS.nobles[n].key for n in s.noble_deck] == keys[:2]


def test_day_three_ends_the_game():
    s = table(line=["duke"], deck=["heretic", "bishop"], day=3, hands={0: ["stumble"]})
    do(s, 0, "pass")
    assert GAME.is_over(s)
    assert s.day == 3
    assert GAME.to_act(s) == ()
    assert GAME.legal_actions(s, 1) == []
    with pytest.raises(IllegalAction):
        GAME.apply(s, 1, GAME.decode("pass"))
    assert GAME.view(s, None)["over"] is True


def test_day_robespierre_on_day_three_ends_the_game():
    s = table(line=["robespierre", "duke"], day=3, hands={0: ["stumble"]})
    do(s, 0, "pass")
    assert GAME.is_over(s)
    assert noble_discard(s) == ["duke"]


def test_day_full_setup_deals_twelve_and_five_cards():
    for n in range(2, 6):
        s = GAME.setup(n, 7)
        assert len(s.line) == 12
        assert len(s.noble_deck) == 38
        assert [len(h) for h in s.hands] == [5] * n
        assert len(s.action_deck) == 60 - 5 * n
        assert s.day == 1
    # The first player is chosen at random: all seats occur over a few seeds.
    assert {GAME.setup(4, seed).starter for seed in range(40)} == {0, 1, 2, 3}
