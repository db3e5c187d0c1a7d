"""Every switch of cards.toml ([variants]: spec §8; [assumed]) does what it says when
flipped. The conftest restores the data file's values after each test."""

from ruse_and_bruise_scenario import (
    ASSUMED,
    GAME,
    VARIANTS,
    discard,
    do,
    events_of,
    hand,
    legal,
    result,
    row,
    score_card,
    table,
    values,
)

from noblesse.games.ruse_and_bruise.data import CARDS
from noblesse.games.ruse_and_bruise.rules import final_score


def test_defaults_are_the_specs():
    assert CARDS.variants == {
        "concealed_cards_keep_scoring_abilities": False,
        "specialist_bonus_is_ability": True,
        "witch_removes_itself": True,
        "traitor_swap_optional": False,
        "six_icon_set_optional": False,
        "value_floor_zero": True,
        "explorer_skips_closed_rows": True,
        "explorer_moves_once_per_turn": True,
        "beggar_tie_key": "frontmost_latest",
    }
    assert CARDS.assumed == {
        "random_first_start_player": True,
        "draw_before_reveal": True,
        "tucked_cards_count_toward_capacity": False,
        "keep_hands_between_rounds": True,
    }


def test_variant_concealed_cards_keep_scoring_abilities():
    VARIANTS["concealed_cards_keep_scoring_abilities"] = True
    s = table(rows={1: ["+king@0", "+queen@1", "-wizard@2"]})
    assert values(s, 1) == {"king@0": None, "queen@1": None, "wizard@2": 7}
    s = table(rows={1: ["+juliet@0", "-romeo@0"]})
    assert values(s, 1)["romeo@0"] == 15
    s = table(rows={1: ["+king@1", "-lord_of_the_manor@0"]}, scores={1: "corn:5"})
    assert values(s, 1)["lord_of_the_manor@0"] == 12


def test_variant_specialist_bonus_is_a_value():
    VARIANTS["specialist_bonus_is_ability"] = False
    s = table(
        rows={1: ["+musketeers@1", "+doppelganger@2", "+lord_of_the_manor@0", "-trader@0"]},
        scores={1: "corn:5"},
    )
    # 12 in its row even under the Musketeers, and copied as 12 (when live)
    assert values(s, 1)["lord_of_the_manor@0"] == 12
    s = table(
        rows={1: ["+doppelganger@2", "+lord_of_the_manor@1", "-lord_of_the_manor@0"]},
        scores={1: "corn:5"},
    )
    assert values(s, 1) == {
        "doppelganger@2": 12,
        "lord_of_the_manor@1": 12,
        "lord_of_the_manor@0": 12,
    }


def test_variant_witch_spares_witches():
    VARIANTS["witch_removes_itself"] = False
    s = table(rows={1: ["+storm@0", "+witch@1", "-squire@2"]})
    assert values(s, 1) == {"storm@0": None, "witch@1": 1, "squire@2": None}
    assert result(s, 1)[0] == 1


def test_variant_traitor_swap_optional():
    VARIANTS["traitor_swap_optional"] = True
    s = table(rows={1: ["+king@1", "-traitor@2"]})
    do(s, 0, "play:queen", "row:1")
    assert legal(s) == ["swap:2", "swap:3", "swap:none"]
    before = list(s.row_score)
    events = do(s, 2, "swap:none")
    assert s.row_score == before
    assert events_of(events, "no_swap") == [{"type": "no_swap", "seat": 2, "row": 1}]


def test_variant_six_icon_set_optional():
    VARIANTS["six_icon_set_optional"] = True
    taken: set[int] = set()
    cards = [
        score_card(c, taken)
        for c in (
            "corn:3",
            "corn:3",
            "coin:4",
            "coin:3",
            "flask:5",
            "flask:4",
            "sword:2",
            "sword:1",
            "lyre:3",
            "lyre:3",
            "hat:4",
            "hat:3",
        )
    ]
    assert final_score(cards) == 38


def test_variant_no_floor_at_zero():
    VARIANTS["value_floor_zero"] = False
    s = table(rows={1: ["+dragon@0", "+dragon@1", "+squire@2", "-king@0"]})
    assert values(s, 1)["squire@2"] == -2


def test_variant_explorer_may_jump_into_a_closed_row():
    VARIANTS["explorer_skips_closed_rows"] = False
    s = table(rows={1: ["+king@1", "-explorer@2"], 2: ["+storm@1", "-queen@2"]}, closed=[2])
    do(s, 0, "play:queen", "row:1")
    assert row(s, 2) == ["+storm@1", "+queen@2", "~explorer@2"]


def test_variant_explorer_may_move_again_but_never_twice_from_one_row():
    VARIANTS["explorer_moves_once_per_turn"] = False
    s = table(
        rows={
            1: ["+king@1", "-explorer@1"],
            2: ["+king@2", "-explorer@2"],
            3: ["+storm@1", "-queen@2"],
        },
        closed=[3],
        hands={0: ["explorer", "juliet", "romeo"]},
    )
    do(s, 0, "play:explorer", "row:1")
    assert row(s, 1) == ["+king@1", "+explorer@1", "~explorer@0"]
    assert row(s, 2) == ["+king@2", "~explorer@2"]


def test_variant_beggar_ties_by_rearmost_card():
    VARIANTS["beggar_tie_key"] = "rearmost_latest"
    s = table(rows={1: ["+beggar@0", "+squire@1", "+beggar@1", "-squire@0"]})
    assert result(s, 1)[0] == 0  # seat 0's rearmost card (4) is behind seat 1's (3)


def test_assumed_first_start_player_is_seat_one_when_not_random():
    ASSUMED["random_first_start_player"] = False
    assert {GAME.setup(4, seed).starter for seed in range(20)} == {0}


def test_assumed_draw_after_the_whole_turn():
    ASSUMED["draw_before_reveal"] = False
    s = table(
        rows={1: ["-cloak@0"]},
        hands={0: ["queen", "juliet", "romeo"]},
        decks={0: ["storm", "prince"]},
    )
    do(s, 0, "play:queen", "row:1")
    assert hand(s, 0) == ["juliet", "romeo"]  # deciding with two cards
    do(s, 0, "tuck:none")
    assert hand(s, 0) == ["juliet", "prince", "romeo"]


def test_assumed_tucked_cards_may_count_toward_capacity():
    s = table(
        n=2,
        rows={1: ["+cloak@0", "-king@1"], 2: ["+queen@1", "-queen@0"]},
        tucks={1: [(1, "juliet@0")]},
        scores={1: "corn:3", 2: "coin:2"},
    )
    assert not GAME.satisfied(s, 0)
    ASSUMED["tucked_cards_count_toward_capacity"] = True
    assert GAME.satisfied(s, 0)


def test_assumed_hands_may_be_discarded_between_rounds():
    ASSUMED["keep_hands_between_rounds"] = False
    s = table(
        n=2,
        rows={2: ["+king@1", "-queen@0"]},
        scores={1: "corn:1", 2: "coin:2"},
        hands={0: ["storm", "juliet", "romeo"], 1: ["prince", "squire", "witch"]},
    )
    do(s, 0, "play:storm", "row:1")
    assert s.round == 2
    assert {"prince", "squire", "witch"} <= set(discard(s, 1))
    assert sorted(s.secret[1]) == sorted(s.discards[1][-3:])
    assert len(hand(s, 1)) == 3 and not {"prince", "squire", "witch"} & set(hand(s, 1))
