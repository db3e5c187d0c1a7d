"""One scenario (or more) for each of the 30 ambiguities of spec §5, as resolved there.

Unless stated otherwise: three seats, seat 0 to play, rows 1-3 under Corn 5, Coin 5 and
Flask 5.
"""

from ruse_and_bruise_scenario import (
    GAME,
    assert_illegal,
    discard,
    do,
    events_of,
    hand,
    legal,
    result,
    row,
    score_card,
    table,
    types,
    values,
)

from noblesse.games.ruse_and_bruise.data import CARDS
from noblesse.games.ruse_and_bruise.rules import final_score


def test_ambiguity_01_card_values_follow_the_spec_table():
    values_ = {c.key: c.value for c in CARDS.characters}
    assert values_ == {
        "lord_of_the_manor": 8,
        "trader": 8,
        "alchemist": 8,
        "fencing_master": 8,
        "minnesinger": 8,
        "cardinal": 8,
        "storm": 9,
        "hermit": 12,
        "small_giant": 2,
        "assassin": 9.5,
        "doppelganger": 0,
        "musketeers": 11,
        "dragon": 11,
        "cloak": 0,
        "juliet": 14,
        "romeo": 5,
        "king": 20,
        "queen": 16,
        "prince": 14,
        "squire": 2,
        "beggar": 4,
        "traitor": 10,
        "explorer": 13,
        "witch": 1,
        "wizard": 7,
    }
    assert sum(c.half for c in CARDS.characters) == 417  # 208½ per deck
    assert {c.key: c.zh for c in CARDS.characters}["traitor"] == "叛徒"


def test_ambiguity_02_score_cards_are_1_2_3_3_4_5_of_each_icon():
    assert CARDS.rules["score_cards_per_icon"] == [1, 2, 3, 3, 4, 5]
    assert [i.key for i in CARDS.icons] == ["corn", "coin", "flask", "sword", "lyre", "hat"]
    assert sum(GAME.inventory(GAME.setup(2, 1))["score_card"].values()) == 36


def test_ambiguity_03_n_piles_of_six_the_rest_boxed_unseen():
    s = GAME.setup(4, 9)
    assert [len(p) for p in s.piles] == [5, 5, 5, 5] and len(s.boxed) == 12
    v = GAME.view(s, 0)
    assert v["piles"] == [5, 5, 5, 5] and "boxed" not in v


def test_ambiguity_04_start_player_random_then_left_of_the_round_ender():
    assert len({GAME.setup(3, seed).starter for seed in range(30)}) == 3
    s = table(
        n=3,
        rows={2: ["+king@1", "-queen@2"], 3: ["+king@2", "-queen@1"]},
        scores={1: "corn:1", 2: "coin:2", 3: "flask:2"},
        player=1,
    )
    do(s, 1, "play:juliet", "row:1")
    assert s.round == 2 and s.starter == 2


def test_ambiguity_05_draw_right_after_placing_so_the_cloak_owner_decides_with_three():
    s = table(
        rows={1: ["-cloak@0"]},
        hands={0: ["queen", "juliet", "romeo"]},
        decks={0: ["storm", "prince"]},
    )
    do(s, 0, "play:queen", "row:1")
    assert GAME.to_act(s) == (0,)
    assert hand(s, 0) == ["juliet", "prince", "romeo"]
    assert legal(s) == ["tuck:juliet", "tuck:romeo", "tuck:prince", "tuck:none"]
    do(s, 0, "tuck:juliet")
    assert hand(s, 0) == ["prince", "romeo", "storm"]  # drew again after tucking


def test_ambiguity_06_exhausted_decks_reshuffle_empty_hands_are_skipped():
    s = table(n=2, hands={0: ["queen", "juliet", "romeo"], 1: []})
    s.discards[0], s.decks[0] = s.decks[0], []
    s.decks[1] = []
    events = do(s, 0, "play:queen", "row:1")
    assert "reshuffle" in types(events) and len(hand(s, 0)) == 3
    assert events_of(events, "skip") == [{"type": "skip", "seat": 1}]
    assert GAME.to_act(s) == (0,)


def test_ambiguity_07_concealed_cards_are_inert_and_count_their_printed_value():
    s = table(rows={1: ["+king@0", "+queen@1", "-witch@2"]})
    assert values(s, 1) == {"king@0": 20, "queen@1": 16, "witch@2": 1}
    s = table(rows={1: ["+king@0", "+lord_of_the_manor@1", "-musketeers@2"]}, scores={1: "corn:5"})
    assert values(s, 1)["lord_of_the_manor@1"] == 12  # a concealed Musketeers cancels nothing
    assert CARDS.variants["concealed_cards_keep_scoring_abilities"] is False


def test_ambiguity_08_the_specialist_bonus_is_an_ability():
    s = table(rows={1: ["+musketeers@1", "+lord_of_the_manor@0", "-queen@2"]}, scores={1: "corn:5"})
    assert values(s, 1)["lord_of_the_manor@0"] == 8
    s = table(
        rows={1: ["+doppelganger@1", "+lord_of_the_manor@0", "-queen@2"]}, scores={1: "corn:5"}
    )
    assert values(s, 1)["doppelganger@1"] == 8


def test_ambiguity_09_musketeers_do_not_undo_what_already_happened():
    # a card tucked earlier stays tucked and counts its printed value
    s = table(
        rows={1: ["+cloak@0", "+musketeers@1", "-queen@2"]},
        tucks={1: [(1, "king@0")]},
        suppressed=[1],
    )
    assert values(s, 1) == {"cloak@0": 0, "musketeers@1": 11, "queen@2": 16, "king@0": 20}
    assert result(s, 1)[0] == 0
    # a card killed before the Musketeers came stays in the discard pile
    s = table(rows={1: ["+king@1", "-assassin@2"]}, hands={0: ["queen", "juliet", "romeo"]})
    do(s, 0, "play:queen", "row:1")
    s.rows[0].append(1 * 25 + CARDS.kind("musketeers"))
    s.up[0].append(0)
    do(s, 1, "play:juliet", "row:1")  # reveals the Musketeers
    assert s.suppressed[0] and discard(s, 0) == ["queen"]


def test_ambiguity_10_witch_and_wizard_details():
    # (a) the Witch removes herself; (b) thresholds test the S2 values: a live Hermit
    # with 3 others is 9 and goes
    s = table(rows={1: ["+hermit@0", "+witch@1", "+king@2", "-queen@2"]})
    assert values(s, 1) == {"hermit@0": None, "witch@1": None, "king@2": 20, "queen@2": 16}
    # a Small Giant with 3 others is 11: a Wizard removes it
    s = table(rows={1: ["+small_giant@0", "+wizard@1", "+squire@2", "-storm@2"]})
    assert values(s, 1)["small_giant@0"] is None
    # (c) both: only the Assassin's 9½ survives
    s = table(rows={1: ["+witch@0", "+wizard@1", "+assassin@2", "+king@0", "-storm@1"]})
    assert values(s, 1) == {
        "witch@0": None,
        "wizard@1": None,
        "assassin@2": 9.5,
        "king@0": None,
        "storm@1": None,
    }
    assert result(s, 1)[0] == 2
    # (d) no recount: the Small Giant keeps the 11 it had with the removed cards around
    s = table(rows={1: ["+small_giant@0", "+witch@1", "+squire@2", "-king@1"]})
    assert values(s, 1) == {"small_giant@0": 11, "witch@1": None, "squire@2": None, "king@1": 20}


def test_ambiguity_11_removed_cards_add_nothing_do_nothing_and_hold_no_position():
    # a Wizard removes the Dragon: its −2 never happens
    s = table(rows={1: ["+storm@0", "+dragon@1", "+wizard@0", "-squire@1"]})
    assert values(s, 1) == {"storm@0": 9, "dragon@1": None, "wizard@0": 7, "squire@1": 2}
    # a tie: seat 1's removed King at position 1 does not count as its frontmost card
    s = table(rows={1: ["+king@1", "+storm@0", "+wizard@2", "-storm@1"]})
    _, detail = result(s, 1)
    assert detail["totals"] == {"0": 9, "1": 9, "2": 7}
    assert result(s, 1)[0] == 0


def test_ambiguity_12_values_are_floored_at_zero_after_dragons():
    s = table(rows={1: ["+beggar@0", "+dragon@0", "+dragon@2", "+squire@1", "-witch@1"]})
    assert values(s, 1) == {
        "beggar@0": 2,
        "dragon@0": 9,
        "dragon@2": 9,
        "squire@1": 0,
        "witch@1": 0,
    }
    assert result(s, 1)[0] == 1  # the Beggar: a total of 0 wins


def test_ambiguity_13_hermit_counts_what_is_in_the_row_at_scoring():
    # a killed card is no longer in the row
    s = table(rows={1: ["+hermit@0", "-assassin@1"]})
    do(s, 0, "play:queen", "row:1")
    assert values(s, 1)["hermit@0"] == 11
    # an Explorer that jumped away is not counted; tucked cards are
    s = table(rows={1: ["+hermit@0", "+cloak@1", "-explorer@2"]}, tucks={1: [(2, "king@1")]})
    do(s, 0, "play:queen", "row:1")
    assert row(s, 1) == ["+hermit@0", "+cloak@1", "-queen@0"]
    assert values(s, 1)["hermit@0"] == 12 - 3


def test_ambiguity_14_doppelganger_copies_the_printed_value_of_a_revealed_next_card():
    s = table(rows={1: ["+doppelganger@0", "+hermit@1", "+king@2", "-queen@2"]})
    assert values(s, 1)["doppelganger@0"] == 12  # the Hermit's printed 12, not his 9
    s = table(rows={1: ["+king@2", "+doppelganger@0", "-king@1"]})
    assert values(s, 1)["doppelganger@0"] == 0


def test_ambiguity_15_the_assassin_kills_an_arriving_explorer():
    s = table(rows={1: ["+king@1", "-explorer@2"], 2: ["+queen@2", "-assassin@1"]})
    events = do(s, 0, "play:queen", "row:1")
    assert row(s, 2) == ["+queen@2", "+assassin@1"]
    assert discard(s, 2) == ["explorer"] and s.secret[2] == []
    # everyone saw the Explorer jump: its death is public
    assert events_of(events, "kill") == [
        {"type": "kill", "row": 2, "owner": 2, "card": CARDS.kind("explorer")}
    ]


def test_ambiguity_16_explorer_in_and_out_of_suppressed_rows():
    # revealed in a Musketeers row: it does not move
    s = table(rows={1: ["+musketeers@1", "-explorer@2"]}, suppressed=[1])
    do(s, 0, "play:queen", "row:1")
    assert row(s, 1) == ["+musketeers@1", "+explorer@2", "-queen@0"]
    # arriving in a Musketeers row: it arrives, the card it reveals there does nothing
    s = table(
        rows={1: ["+king@1", "-explorer@2"], 2: ["+musketeers@1", "-storm@1"]}, suppressed=[2]
    )
    do(s, 0, "play:queen", "row:1")
    assert row(s, 2) == ["+musketeers@1", "+storm@1", "~explorer@2"]
    assert not s.closed[1]


def test_ambiguity_17_the_traitors_owner_must_swap_a_closed_row_stays_closed():
    s = table(
        rows={1: ["+king@1", "-traitor@2"], 2: ["+storm@0", "-queen@1"]},
        scores={1: "corn:4", 2: "coin:5", 3: "hat:5"},
        closed=[2],
    )
    do(s, 0, "play:queen", "row:1")
    assert GAME.to_act(s) == (2,) and legal(s) == ["swap:2", "swap:3"]
    do(s, 2, "swap:2")
    assert s.closed == [False, True, False]
    rows = GAME.view(s, None)["rows"]
    assert rows[1]["score"] == "corn:4" and rows[1]["closed"]


def test_ambiguity_18_cloak_tucked_card_counts_its_printed_value_only():
    s = table(rows={1: ["+cloak@0", "+king@1", "-queen@2"]}, tucks={1: [(1, "wizard@0")]})
    assert values(s, 1) == {"cloak@0": 0, "king@1": 20, "queen@2": 16, "wizard@0": 7}
    _, detail = result(s, 1)
    tucked = [c for c in detail["cards"] if c["tucked"]]
    assert tucked == [
        {
            "card": "wizard",
            "owner": 0,
            "pos": 1,
            "tucked": True,
            "live": False,
            "active": False,
            "value": 7,
            "removed": False,
        }
    ]
    assert result(s, 1)[0] == 1


def test_ambiguity_19_a_storm_closed_row_counts_as_satisfied():
    s = table(
        n=2,
        rows={1: ["+storm@1", "-king@1"], 2: ["+queen@1"]},
        scores={1: "corn:5", 2: "coin:2"},
        closed=[1],
    )
    do(s, 0, "play:queen", "row:2")
    assert s.round == 2


def test_ambiguity_20_the_round_end_is_checked_after_the_whole_turn():
    # the placed card would fill row 2, but the Assassin kills it: the round goes on
    s = table(
        n=2, rows={1: ["+king@1"], 2: ["+king@0", "-assassin@1"]}, scores={1: "corn:1", 2: "coin:3"}
    )
    do(s, 0, "play:queen", "row:2")
    assert s.round == 1 and len(s.rows[1]) == 2 and GAME.to_act(s) == (1,)


def test_ambiguity_21_beggar_ties_go_to_the_frontmost_card_farthest_away():
    s = table(rows={1: ["+beggar@0", "+squire@1", "+beggar@1", "-squire@0"]})
    _, detail = result(s, 1)
    assert detail["totals"] == {"0": 6, "1": 6}
    assert result(s, 1)[0] == 1  # seat 1's frontmost card (2) is behind seat 0's (1)


def test_ambiguity_22_prince_and_squire_beat_the_beggar():
    s = table(rows={1: ["+beggar@1", "+prince@0", "+squire@0", "-king@2"]})
    assert result(s, 1)[0] == 0


def test_ambiguity_23_a_removed_squire_breaks_the_pair():
    s = table(rows={1: ["+prince@0", "+squire@0", "+witch@1", "-king@2"]})
    winner, detail = result(s, 1)
    assert (winner, detail["reason"]) == (2, "highest")


def test_ambiguity_24_romeo_needs_his_own_juliet_both_live():
    assert values(table(rows={1: ["+juliet@0", "-romeo@0"]}), 1)["romeo@0"] == 5
    assert values(table(rows={1: ["+juliet@0", "+romeo@0", "-king@1"]}), 1)["romeo@0"] == 15


def test_ambiguity_25_unclaimed_score_cards_leave_the_game():
    s = table(
        n=2,
        rows={1: ["+storm@0", "+witch@1"], 2: ["+king@1", "-queen@0"]},
        scores={1: "corn:3", 2: "coin:2"},
        hands={0: ["squire", "juliet", "romeo"]},
    )
    events = do(s, 0, "play:squire", "row:1")
    end = events_of(events, "round_end")[0]
    assert end["rows"][0]["winner"] is None and end["rows"][0]["reason"] == "nobody"
    assert len(s.lost) == 1 and GAME.view(s, None)["unclaimed"] == ["corn:3"]
    assert sum(GAME.inventory(s)["score_card"].values()) == 36


def test_ambiguity_26_the_six_icon_set_is_mandatory():
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
    assert final_score(cards) == 36  # not the plain 38


def test_ambiguity_27_a_tied_game_is_a_shared_victory():
    s = table(
        n=2,
        rows={2: ["+king@0", "-queen@1"]},
        round=6,
        scores={1: "corn:1", 2: "coin:1"},
        won={0: ["hat:2"], 1: ["hat:4"]},
    )
    do(s, 0, "play:queen", "row:1")
    assert GAME.is_over(s)
    assert GAME.scores(s) == [4.0, 4.0] and GAME.winners(s) == [0, 1]
    assert GAME.returns(s) == [0.5, 0.5]


def test_ambiguity_28_as_many_rows_as_players():
    for n in range(2, 7):
        assert len(GAME.view(GAME.setup(n, 1), None)["rows"]) == n


def test_ambiguity_29_half_points_add_up():
    s = table(rows={1: ["+assassin@0", "+storm@0", "+king@1", "-squire@2"]})
    _, detail = result(s, 1)
    assert detail["totals"] == {"0": 18.5, "1": 20, "2": 2}


def test_ambiguity_30_pending_decisions_belong_to_the_cards_owner():
    s = table(rows={1: ["+king@1", "-traitor@2"]})
    do(s, 0, "play:queen", "row:1")
    assert GAME.to_act(s) == (2,)
    err = assert_illegal(s, 0, "swap:2")
    assert "turn" in err.message
    assert GAME.view(s, 0)["decision"] == {"kind": "traitor", "seat": 2, "row": 1, "card": None}
