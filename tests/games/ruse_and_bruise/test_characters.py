"""One exact scenario (or more) for every character of spec §4.

Unless stated otherwise: three seats, seat 0 to play, rows 1-3 under Corn 5, Coin 5
and Flask 5, so no row fills up by accident.
"""

import pytest
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
    table,
    types,
    values,
)

SPECIALISTS = [
    ("lord_of_the_manor", "corn"),
    ("trader", "coin"),
    ("alchemist", "flask"),
    ("fencing_master", "sword"),
    ("minnesinger", "lyre"),
    ("cardinal", "hat"),
]


def _specialist(key: str, icon: str) -> None:
    """12 in its own icon's row (beats a live Traitor 10), 8 elsewhere (loses to it)."""
    other = next(i for k, i in SPECIALISTS if k != key)
    cards = [f"+{key}@0", "+traitor@1", "-witch@2"]
    own = table(rows={1: cards}, scores={1: f"{icon}:3"})
    assert values(own, 1)[f"{key}@0"] == 12
    assert result(own, 1)[0] == 0
    elsewhere = table(rows={1: cards}, scores={1: f"{other}:3"})
    assert values(elsewhere, 1)[f"{key}@0"] == 8
    assert result(elsewhere, 1)[0] == 1
    # concealed (still face down at the round end): the printed 8 only (§R9)
    concealed = table(rows={1: ["+traitor@1", f"-{key}@0"]}, scores={1: f"{icon}:3"})
    assert values(concealed, 1)[f"{key}@0"] == 8
    assert result(concealed, 1)[0] == 1


def test_card_lord_of_the_manor_is_12_in_a_corn_row():
    _specialist("lord_of_the_manor", "corn")


def test_card_trader_is_12_in_a_coin_row():
    _specialist("trader", "coin")


def test_card_alchemist_is_12_in_a_flask_row():
    _specialist("alchemist", "flask")


def test_card_fencing_master_is_12_in_a_sword_row():
    _specialist("fencing_master", "sword")


def test_card_minnesinger_is_12_in_a_lyre_row():
    _specialist("minnesinger", "lyre")


def test_card_cardinal_is_12_in_a_hat_row():
    _specialist("cardinal", "hat")


def test_card_storm_closes_its_row_when_revealed():
    s = table(rows={1: ["-storm@1"]}, scores={1: "corn:5"}, hands={0: ["king", "queen", "juliet"]})
    events = do(s, 0, "play:king", "row:1")
    assert row(s, 1) == ["+storm@1", "-king@0"]
    assert s.closed[0]
    assert events_of(events, "storm") == [{"type": "storm", "row": 1}]
    # closed: no card may be placed there, and it counts as satisfied with 2 of 5 cards
    assert GAME.satisfied(s, 0)
    do(s, 1, "play:king")
    assert legal(s) == ["row:2", "row:3"]
    assert_illegal(s, 1, "row:1")
    # its 9 counts normally at scoring
    assert values(s, 1) == {"storm@1": 9, "king@0": 20}


def test_card_hermit_loses_one_per_other_card_including_tucked_ones():
    s = table(
        rows={1: ["+hermit@0", "+cloak@1", "+king@2", "-queen@1"]}, tucks={1: [(2, "juliet@1")]}
    )
    assert values(s, 1)["hermit@0"] == 12 - 4
    concealed = table(rows={1: ["+king@2", "-hermit@0"]})
    assert values(concealed, 1)["hermit@0"] == 12


def test_card_small_giant_gains_three_per_other_card():
    s = table(rows={1: ["+small_giant@0", "+king@1", "+queen@2", "-juliet@1"]})
    assert values(s, 1)["small_giant@0"] == 2 + 3 * 3
    concealed = table(rows={1: ["+king@1", "-small_giant@0"]})
    assert values(concealed, 1)["small_giant@0"] == 2


def test_card_assassin_kills_the_card_that_covers_it():
    s = table(
        rows={1: ["+king@1", "-assassin@2"]},
        hands={0: ["queen", "juliet", "romeo"]},
        decks={0: ["prince"]},
    )
    events = GAME.apply(s, 0, GAME.decode("play:queen")) + GAME.apply(s, 0, GAME.decode("row:1"))
    assert row(s, 1) == ["+king@1", "+assassin@2"]
    assert discard(s, 0) == ["queen"]
    assert hand(s, 0) == ["juliet", "prince", "romeo"]  # drawn before the reveal, not again
    kill = [e for e in events if e.type == "kill"][0]
    # only the victim's owner learns which card died
    assert kill.for_seat(None) == {"type": "kill", "row": 1, "owner": 0}
    assert kill.for_seat(0)["card"] == GAME.decode("play:queen")
    assert "card" not in kill.for_seat(1)
    # the Assassin is now the face-up last card: the next card reveals nothing
    events = do(s, 1, "play:queen", "row:1")
    assert row(s, 1) == ["+king@1", "+assassin@2", "-queen@1"]
    assert "reveal" not in types(events) and "kill" not in types(events)


def test_card_doppelganger_copies_the_base_value_of_the_next_revealed_card():
    s = table(rows={1: ["+doppelganger@0", "+king@1", "-queen@2"]})
    assert values(s, 1)["doppelganger@0"] == 20
    # a specialist at 12 is copied as its printed 8, a Small Giant as 2
    s = table(
        rows={1: ["+doppelganger@0", "+lord_of_the_manor@1", "-queen@2"]}, scores={1: "corn:5"}
    )
    assert values(s, 1) == {"doppelganger@0": 8, "lord_of_the_manor@1": 12, "queen@2": 16}
    s = table(rows={1: ["+doppelganger@0", "+small_giant@1", "-queen@2"]})
    assert values(s, 1)["doppelganger@0"] == 2
    # the next card never revealed, or no next card: 0
    s = table(rows={1: ["+king@1", "+doppelganger@0", "-queen@2"]})
    assert values(s, 1)["doppelganger@0"] == 0
    s = table(rows={1: ["+king@1", "-doppelganger@0"]})
    assert values(s, 1)["doppelganger@0"] == 0


def test_card_musketeers_cancel_every_later_reveal_and_every_scoring_ability():
    s = table(rows={1: ["+king@1", "-musketeers@2"]})
    events = do(s, 0, "play:juliet", "row:1")
    assert s.suppressed[0]
    assert events_of(events, "musketeers") == [{"type": "musketeers", "row": 1}]
    # a later reveal in that row does nothing: this Assassin kills no one
    s = table(rows={1: ["+king@1", "+musketeers@2", "-assassin@2"]}, suppressed=[1])
    events = do(s, 0, "play:juliet", "row:1")
    assert row(s, 1) == ["+king@1", "+musketeers@2", "+assassin@2", "-juliet@0"]
    assert "kill" not in types(events)
    # at scoring: printed values only, highest total wins
    s2 = table(
        rows={1: ["+witch@0", "+musketeers@1", "+dragon@2", "+lord_of_the_manor@0", "-king@1"]},
        scores={1: "corn:5"},
    )
    assert values(s2, 1) == {
        "witch@0": 1,
        "musketeers@1": 11,
        "dragon@2": 11,
        "lord_of_the_manor@0": 8,
        "king@1": 20,
    }
    assert result(s2, 1)[1]["reason"] == "musketeers"
    assert result(s2, 1)[0] == 1


def test_card_dragon_hits_every_other_players_card_and_stacks():
    s = table(rows={1: ["+dragon@0", "+king@1", "+dragon@1", "+queen@0", "-juliet@2"]})
    # king@1 and dragon@1 lose 2 (dragon@0); queen@0 and dragon@0 lose 2 (dragon@1);
    # juliet@2 (concealed) loses 2 twice
    assert values(s, 1) == {
        "dragon@0": 9,
        "king@1": 18,
        "dragon@1": 9,
        "queen@0": 14,
        "juliet@2": 10,
    }
    # never below zero (ambiguity 12): a Squire hit by two Dragons
    s = table(rows={1: ["+dragon@0", "+dragon@1", "+squire@2", "-king@0"]})
    assert values(s, 1)["squire@2"] == 0


def test_card_cloak_lets_its_owner_tuck_a_card_shown_at_scoring():
    s = table(
        rows={1: ["+king@2", "-cloak@1"]},
        hands={0: ["queen", "juliet", "romeo"], 1: ["prince", "hermit", "witch"]},
        decks={1: ["storm"]},
    )
    do(s, 0, "play:queen", "row:1")
    # the Cloak's owner (seat 1) decides, on seat 0's turn
    assert GAME.to_act(s) == (1,)
    assert legal(s) == ["tuck:hermit", "tuck:prince", "tuck:witch", "tuck:none"]
    assert_illegal(s, 0, "tuck:none")
    events = [e for e in GAME.apply(s, 1, GAME.decode("tuck:prince"))]
    tuck = [e for e in events if e.type == "tuck"][0]
    assert tuck.for_seat(None) == {"type": "tuck", "seat": 1, "row": 1}
    assert hand(s, 1) == ["hermit", "storm", "witch"]  # drew back to three
    assert s.tucks[0] == [(s.rows[0][1], 1 * 25 + GAME.decode("play:prince"))]
    assert GAME.to_act(s) == (1,) and s.player == 1  # then the next turn: seat 1
    # the tucked card is not in the row's sequence, and counts its printed 14 at scoring
    assert row(s, 1) == ["+king@2", "+cloak@1", "-queen@0"]
    assert values(s, 1) == {"king@2": 20, "cloak@1": 0, "queen@0": 16, "prince@1": 14}
    assert result(s, 1)[0] == 2


def test_card_cloak_may_take_nothing_and_an_empty_hand_takes_nothing():
    s = table(rows={1: ["-cloak@1"]}, hands={1: ["prince"]})
    do(s, 0, "play:king", "row:1")
    assert legal(s) == ["tuck:prince", "tuck:none"]
    do(s, 1, "tuck:none")
    assert s.tucks[0] == [] and "prince" in hand(s, 1)
    s = table(rows={1: ["-cloak@1"]}, hands={1: []})
    s.decks[1] = []
    events = do(s, 0, "play:king", "row:1")
    assert "tuck_none" in types(events)
    assert GAME.to_act(s) == (2,)  # seat 1 has no card: skipped


def test_card_juliet_has_no_ability_but_makes_her_romeo_15():
    s = table(rows={1: ["+juliet@0", "+romeo@0", "-king@1"]})
    assert values(s, 1) == {"juliet@0": 14, "romeo@0": 15, "king@1": 20}
    assert result(s, 1)[0] == 0  # 29 against 20


def test_card_romeo_needs_his_own_revealed_juliet():
    other = table(rows={1: ["+juliet@1", "+romeo@0", "-king@2"]})
    assert values(other, 1)["romeo@0"] == 5
    concealed = table(rows={1: ["+romeo@0", "-juliet@0"]})
    assert values(concealed, 1)["romeo@0"] == 5
    elsewhere = table(rows={1: ["+romeo@0", "-king@2"], 2: ["+juliet@0", "-king@1"]})
    assert values(elsewhere, 1)["romeo@0"] == 5


def test_card_king_is_20():
    s = table(rows={1: ["+king@1", "+queen@0", "-juliet@2"]})
    assert values(s, 1) == {"king@1": 20, "queen@0": 16, "juliet@2": 14}
    assert result(s, 1)[0] == 1


def test_card_queen_is_16():
    s = table(rows={1: ["+queen@1", "+prince@0", "-squire@2"]})
    assert values(s, 1)["queen@1"] == 16
    assert result(s, 1)[0] == 1  # 16 > 14 (a lone Prince is only his value)


def test_card_prince_with_his_squire_wins_outright():
    s = table(rows={1: ["+king@1", "+prince@0", "+queen@1", "+squire@0", "-juliet@2"]})
    winner, detail = result(s, 1)
    assert (winner, detail["reason"]) == (0, "prince_squire")


def test_card_squire_pairs_only_with_his_own_revealed_prince():
    other = table(rows={1: ["+prince@0", "+squire@1", "-king@2"]})
    assert result(other, 1)[0] == 2
    concealed = table(rows={1: ["+king@1", "+prince@0", "-squire@0"]})
    assert result(concealed, 1)[0] == 1
    # two pairs: the pair with a card nearer the score card wins
    s = table(rows={1: ["+prince@1", "+squire@0", "+prince@0", "+squire@1", "-king@2"]})
    assert result(s, 1)[0] == 1  # seat 1's pair starts at position 1


def test_card_beggar_lowest_total_wins_ties_to_the_later_player():
    s = table(rows={1: ["+king@1", "+beggar@0", "+squire@2", "-queen@1"]})
    winner, detail = result(s, 1)
    assert (winner, detail["reason"]) == (2, "beggar")  # totals 1: 36, 0: 4, 2: 2
    assert detail["totals"] == {"0": 4, "1": 36, "2": 2}
    tie = table(rows={1: ["+beggar@0", "+beggar@1", "-queen@2"]})
    # 4 against 4: the later player (frontmost card farther from the score card) wins
    assert result(tie, 1)[0] == 1


def test_card_traitor_must_swap_the_score_card_of_its_row():
    s = table(rows={1: ["+king@1", "-traitor@2"]}, scores={1: "corn:2", 2: "coin:5", 3: "hat:4"})
    do(s, 0, "play:queen", "row:1")
    assert GAME.to_act(s) == (2,)  # the Traitor's owner decides
    assert legal(s) == ["swap:2", "swap:3"]  # compulsory: no "swap:none", not its own row
    assert assert_illegal(s, 2, "swap:none").message == "The Traitor's swap is compulsory."
    refused = assert_illegal(s, 2, "swap:1")
    assert refused.message == "Choose another row than the Traitor's own."
    assert refused.message_zh == "請選擇「叛徒」所在列以外的另一列。"
    assert assert_illegal(s, 2, "swap:4").message == "There is no row 4 in a 3-player game."
    events = do(s, 2, "swap:3")
    assert [row["score"] for row in GAME.view(s, None)["rows"]] == ["hat:4", "coin:5", "corn:2"]
    assert events_of(events, "swap")[0]["row"] == 1 and events_of(events, "swap")[0]["other"] == 3
    assert s.player == 1  # the turn is over; the next player plays


def test_card_traitor_swap_may_end_the_round():
    # row 1 (3 cards after the play) under Corn 5; row 2 (5 cards) under Coin 1; row 3
    # closed: swapping rows 1 and 2 satisfies every row at once
    s = table(
        rows={
            1: ["+king@1", "-traitor@2"],
            2: ["+queen@1", "+juliet@1", "+romeo@2", "+hermit@2", "-beggar@1"],
            3: ["+storm@2", "-storm@1"],
        },
        scores={1: "corn:5", 2: "coin:1", 3: "flask:1"},
        closed=[3],
    )
    do(s, 0, "play:queen", "row:1")
    assert s.round == 1
    assert GAME.to_act(s) == (2,)
    events = do(s, 2, "swap:2")
    assert "round_end" in types(events)
    assert s.round == 2
    end = events_of(events, "round_end")[0]
    assert [r["winner"] for r in end["rows"]] == [1, 1, 2]


def test_card_explorer_jumps_right_face_down_and_reveals_the_card_there():
    s = table(rows={1: ["+king@1", "-explorer@2"], 2: ["+queen@2", "-storm@1"]})
    events = do(s, 0, "play:queen", "row:1")
    assert row(s, 1) == ["+king@1", "-queen@0"]
    assert row(s, 2) == ["+queen@2", "+storm@1", "~explorer@2"]
    assert types(events)[:6] == ["place", "draw", "reveal", "explorer", "reveal", "storm"]
    assert s.closed[1]


def test_card_explorer_wraps_around_and_skips_closed_rows():
    s = table(rows={3: ["+king@1", "-explorer@2"], 1: ["+queen@2"], 2: ["+juliet@2"]}, closed=[1])
    do(s, 0, "play:queen", "row:3")
    assert row(s, 2) == ["+juliet@2", "~explorer@2"]  # row 1 closed: on to row 2
    # every other row closed: it stays, face up
    s = table(rows={3: ["+king@1", "-explorer@2"]}, closed=[1, 2])
    do(s, 0, "play:queen", "row:3")
    assert row(s, 3) == ["+king@1", "+explorer@2", "-queen@0"]


def test_card_explorer_chains_through_other_explorers():
    s = table(
        rows={
            1: ["+king@1", "-explorer@0"],
            2: ["+king@2", "-explorer@1"],
            3: ["+king@0", "-explorer@2"],
        },
        hands={0: ["queen", "juliet", "romeo"]},
    )
    do(s, 0, "play:queen", "row:1")
    # explorer@0 → row 2 reveals explorer@1 → row 3 reveals explorer@2 → row 1 reveals
    # queen@0 (no ability): the chain ends
    assert row(s, 1) == ["+king@1", "+queen@0", "~explorer@2"]
    assert row(s, 2) == ["+king@2", "~explorer@0"]
    assert row(s, 3) == ["+king@0", "~explorer@1"]


def test_card_explorer_moves_once_per_turn():
    """Placing an Explorer on an Explorer, with row 3 closed: explorer@1 → row 2 reveals
    explorer@2 → (row 3 skipped) row 1 reveals the placed explorer@0 → row 2 reveals
    explorer@1 again, which has moved this turn: it stays, face up."""
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
    assert row(s, 1) == ["+king@1", "~explorer@2"]
    assert row(s, 2) == ["+king@2", "+explorer@1", "~explorer@0"]


def test_card_witch_removes_every_card_of_9_or_less_herself_included():
    # the best card is a 9: nobody gets the score card (source doc example)
    s = table(rows={1: ["+storm@0", "+witch@1", "-squire@2"]})
    assert values(s, 1) == {"storm@0": None, "witch@1": None, "squire@2": None}
    winner, detail = result(s, 1)
    assert (winner, detail["reason"]) == (-1, "nobody")
    s = table(rows={1: ["+storm@0", "+witch@1", "+traitor@2", "-squire@1"]})
    assert values(s, 1) == {"storm@0": None, "witch@1": None, "traitor@2": 10, "squire@1": None}
    assert result(s, 1)[0] == 2


def test_card_wizard_removes_every_card_of_10_or_more():
    s = table(rows={1: ["+king@0", "+wizard@1", "+traitor@2", "-storm@0"]})
    assert values(s, 1) == {"king@0": None, "wizard@1": 7, "traitor@2": None, "storm@0": 9}
    assert result(s, 1)[0] == 0  # 9 against 7


@pytest.mark.parametrize("key", ["witch", "wizard", "dragon", "beggar", "prince"])
def test_card_scoring_abilities_of_a_concealed_last_card_do_nothing(key):
    """§R9: the last card is turned up only to compare points."""
    s = table(rows={1: ["+king@0", "+squire@1", f"-{key}@1"]})
    assert values(s, 1)["king@0"] == 20
    assert result(s, 1)[0] == 0


def test_card_cloak_of_seat_0_revealed_in_row_2_with_an_empty_hand_tucks_nothing_there():
    s = table(rows={2: ["-cloak@0"]}, hands={0: []}, player=1)
    s.decks[0] = []
    events = do(s, 1, "play:king", "row:2")
    assert events_of(events, "tuck_none") == [{"type": "tuck_none", "seat": 0, "row": 2}]
    assert s.tucks[1] == [] and row(s, 2) == ["+cloak@0", "-king@1"]
    assert GAME.to_act(s) == (2,)


def test_card_traitor_refusals_name_the_decision_they_do_not_answer():
    s = table(rows={1: ["+king@1", "-traitor@2"]}, scores={1: "corn:2", 2: "coin:5", 3: "hat:4"})
    # a swap before any Traitor is revealed answers the card decision wrongly
    early = assert_illegal(s, 0, "swap:2")
    assert early.message == (
        "“Swap with row 2 (Coin 5, no cards yet)” is not a choice now: "
        "choose a card from your hand."
    )
    do(s, 0, "play:queen", "row:1")
    # a row to place in does not answer the Traitor's decision
    wrong = assert_illegal(s, 2, "row:2")
    assert wrong.message == (
        "“Place it in row 2 (Coin 5, no cards yet)” is not a choice now: "
        "choose the row whose score card your Traitor swaps."
    )
    missing = assert_illegal(s, 2, "swap:4")
    assert (missing.message, missing.message_zh) == (
        "There is no row 4 in a 3-player game.",
        "3人遊戲沒有第4列。",
    )


def test_card_cloak_owner_who_tucks_nothing_is_announced_with_the_cloaks_row():
    s = table(rows={2: ["-cloak@0"]}, hands={0: ["prince", "queen", "romeo"]}, player=1)
    do(s, 1, "play:king", "row:2")
    assert GAME.to_act(s) == (0,) and legal(s) == [
        "tuck:romeo",
        "tuck:queen",
        "tuck:prince",
        "tuck:none",
    ]
    events = do(s, 0, "tuck:none")
    assert events_of(events, "tuck_none") == [{"type": "tuck_none", "seat": 0, "row": 2}]
    assert s.tucks[1] == [] and hand(s, 0) == ["prince", "queen", "romeo"]
    assert GAME.to_act(s) == (2,)


def test_card_explorer_that_jumped_in_one_turn_jumps_again_when_covered_in_a_later_turn():
    s = table(
        rows={1: ["+king@1", "-explorer@2"], 2: ["+queen@2"], 3: ["+juliet@2"]},
        hands={0: ["queen", "juliet", "romeo"], 1: ["prince", "hermit", "witch"]},
    )
    do(s, 0, "play:queen", "row:1")
    assert row(s, 2) == ["+queen@2", "~explorer@2"]  # it jumped on seat 0's turn
    assert GAME.to_act(s) == (1,)
    do(s, 1, "play:prince", "row:2")  # seat 1's turn: covering it makes it jump again
    assert row(s, 2) == ["+queen@2", "-prince@1"]
    assert row(s, 3) == ["+juliet@2", "~explorer@2"]
