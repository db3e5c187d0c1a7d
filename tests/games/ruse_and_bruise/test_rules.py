"""The flow of play (spec §R1-R16): setup, turns, drawing, row capacity, rounds, the end."""

from ruse_and_bruise_scenario import (
    GAME,
    assert_illegal,
    deck,
    discard,
    do,
    events_of,
    hand,
    legal,
    row,
    table,
    types,
    won,
)

from noblesse.games.ruse_and_bruise.rules import KINDS, SCORE_VALUE


def test_setup_decks_piles_hands_and_rows():
    for n in range(2, 7):
        s = GAME.setup(n, 11)
        assert len(s.rows) == n and all(r == [] for r in s.rows)
        assert [len(p) for p in s.piles] == [5] * n  # 6 per pile, the top one turned up
        assert len(s.boxed) == 36 - 6 * n
        assert all(sc >= 0 for sc in s.row_score)
        for seat in range(n):
            cards = s.decks[seat] + s.hands[seat]
            assert sorted(cards) == [seat * KINDS + k for k in range(KINDS)]
            assert len(s.hands[seat]) == 3
        assert GAME.to_act(s) == (s.starter,)
        assert legal(s) == [f"play:{GAME.view(s, s.starter)['hand'][i]}" for i in range(3)]
    for n in range(7, 9):
        try:
            GAME.setup(n, 1)
        except ValueError:
            continue
        raise AssertionError(f"{n} players accepted")


def test_setup_start_player_comes_from_the_seed():
    starters = {GAME.setup(4, seed).starter for seed in range(40)}
    assert starters == {0, 1, 2, 3}
    assert GAME.setup(4, 5).starter == GAME.setup(4, 5).starter


def test_action_index_is_fixed():
    names = GAME.action_names
    assert len(names) == 25 + 6 + 26 + 7
    assert names[0] == "play:lord_of_the_manor" and names[-1] == "swap:none"
    assert "row:6" in names and "tuck:none" in names


def test_turn_is_a_card_then_a_row_and_the_card_goes_face_down_at_the_end():
    s = table(rows={2: ["+king@1"]}, hands={0: ["queen", "juliet", "romeo"]}, decks={0: ["storm"]})
    assert legal(s) == ["play:juliet", "play:romeo", "play:queen"]
    assert assert_illegal(s, 0, "play:king").message == "You have no King in your hand."
    refused = assert_illegal(s, 0, "play:lord_of_the_manor")  # the first kind of card
    assert refused.message == "You have no Lord of the Manor in your hand."
    assert refused.message_zh == "你的手牌中沒有「莊園的主人」。"
    assert_illegal(s, 1, "play:king")
    assert assert_illegal(s, 0, "row:1").message.endswith(
        "is not a choice now: choose a card from your hand."
    )
    events = do(s, 0, "play:queen")
    assert events == [] and GAME.to_act(s) == (0,)
    assert legal(s) == ["row:1", "row:2", "row:3"]
    assert GAME.view(s, 0)["decision"]["card"] == "queen"
    assert GAME.view(s, 1)["decision"]["card"] is None  # nobody else learns the choice
    assert_illegal(s, 0, "play:juliet")
    refused = assert_illegal(s, 0, "row:4")
    assert refused.message == "There is no row 4 in a 3-player game."
    assert refused.message_zh == "3人遊戲沒有第4列。"
    events = do(s, 0, "row:2")
    assert row(s, 2) == ["+king@1", "-queen@0"]
    assert types(events) == ["place", "draw"]  # the King was face up: nothing revealed
    assert hand(s, 0) == ["juliet", "romeo", "storm"]
    assert GAME.to_act(s) == (1,)


def test_covering_a_face_down_card_reveals_it():
    s = table(rows={1: ["-king@1"]})
    events = do(s, 0, "play:queen", "row:1")
    assert row(s, 1) == ["+king@1", "-queen@0"]
    assert events_of(events, "reveal") == [
        {"type": "reveal", "row": 1, "pos": 1, "owner": 1, "card": GAME.decode("play:king")}
    ]


def test_an_empty_draw_pile_is_rebuilt_from_the_own_discard_pile():
    s = table(hands={0: ["queen", "juliet", "romeo"]})
    s.discards[0], s.decks[0] = s.decks[0], []
    events = do(s, 0, "play:queen", "row:1")
    assert types(events) == ["place", "reshuffle", "draw"]
    assert len(hand(s, 0)) == 3 and discard(s, 0) == [] and len(deck(s, 0)) == 21


def test_rows_may_overfill_while_any_row_is_short():
    s = table(
        n=2, rows={1: ["+king@1", "+queen@1", "-juliet@1"]}, scores={1: "corn:1", 2: "coin:5"}
    )
    assert GAME.satisfied(s, 0) and not GAME.satisfied(s, 1)
    do(s, 0, "play:king")
    assert legal(s) == ["row:1", "row:2"]
    do(s, 0, "row:1")
    assert len(s.rows[0]) == 4 and s.round == 1


def test_round_ends_when_every_row_is_satisfied_and_the_last_card_never_triggers():
    s = table(
        n=2,
        rows={2: ["+king@1", "-queen@0"]},
        scores={1: "corn:1", 2: "coin:2"},
        hands={0: ["storm", "juliet", "romeo"]},
    )
    events = do(s, 0, "play:storm", "row:1")
    end = events_of(events, "round_end")[0]
    assert [(r["row"], r["winner"], r["reason"]) for r in end["rows"]] == [
        (1, 0, "highest"),
        (2, 1, "highest"),
    ]
    # the Storm was the last card of row 1: turned up only to count its 9, never closing
    storm = end["rows"][0]["cards"][0]
    assert storm == {
        "card": "storm",
        "owner": 0,
        "pos": 1,
        "tucked": False,
        "live": False,
        "active": False,
        "value": 9,
        "removed": False,
    }
    assert won(s, 0) == ["corn:1"] and won(s, 1) == ["coin:2"]
    # cleanup: every card on the table to its owner's discard pile, hands kept
    assert discard(s, 0) == ["storm", "queen"] and discard(s, 1) == ["king"]
    assert len(hand(s, 0)) == 3
    assert all(r == [] for r in s.rows) and s.tucks == [[], []]
    # the next round: new score cards, the player left of the one who ended it starts
    assert s.round == 2 and s.starter == 1 and GAME.to_act(s) == (1,)
    assert events_of(events, "round")[0]["starter"] == 1
    assert [len(p) for p in s.piles] == [4, 4]


def test_the_start_player_of_the_next_round_sits_left_of_the_round_ender():
    s = table(
        n=4,
        rows={1: ["+king@1", "-queen@2"], 3: ["+king@2", "-queen@1"], 4: ["+king@0", "-queen@0"]},
        scores={1: "corn:1", 2: "coin:1", 3: "flask:1", 4: "hat:1"},
        player=3,
    )
    do(s, 3, "play:king", "row:2")  # seat 3 fills the last row: it ended the round
    assert s.round == 2 and s.starter == 0 and GAME.to_act(s) == (0,)


def test_the_game_ends_after_round_six_with_final_scores():
    s = table(
        n=2,
        rows={2: ["-king@1"]},
        scores={1: "corn:1", 2: "coin:1"},
        round=6,
        won={0: ["hat:5"], 1: ["hat:4"]},
    )
    assert [len(p) for p in s.piles] == [0, 0]
    events = do(s, 0, "play:queen", "row:1")
    assert GAME.is_over(s) and GAME.to_act(s) == ()
    assert won(s, 0) == ["hat:5", "corn:1"] and won(s, 1) == ["hat:4", "coin:1"]
    assert GAME.scores(s) == [6.0, 5.0] and GAME.winners(s) == [0]
    assert GAME.ending(s) == "rounds"
    assert events_of(events, "game_over") == [
        {"type": "game_over", "scores": [6.0, 5.0], "winners": [0]}
    ]
    assert GAME.legal_actions(s, 0) == [] and GAME.legal_actions(s, 1) == []
    assert_illegal(s, 0, "play:king")
    # the two score cards went to their winners: none is left above the empty rows
    assert [r["score"] for r in GAME.view(s, None)["rows"]] == [None, None]
    assert sum(GAME.inventory(s)["score_card"].values()) == 36


def test_a_whole_game_lasts_six_rounds_and_hands_out_every_pile():
    import random

    rng = random.Random(3)
    for n in (2, 4, 6):
        s = GAME.setup(n, 3)
        rounds = []
        while not GAME.is_over(s):
            (seat,) = GAME.to_act(s)
            events = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
            rounds += [e.public["round"] for e in events if e.type == "round_end"]
        assert rounds == [1, 2, 3, 4, 5, 6]
        assert sum(map(len, s.won)) + len(s.lost) == 6 * n
        assert GAME.scores(s) == [float(GAME.score(s, o)) for o in range(n)]


def test_a_player_with_an_empty_hand_is_skipped():
    s = table(n=3, hands={1: []})
    s.decks[1] = []
    events = do(s, 0, "play:king", "row:1")
    assert events_of(events, "skip") == [{"type": "skip", "seat": 1}]
    assert GAME.to_act(s) == (2,)


def test_nobody_holding_a_card_ends_the_round_as_it_stands():
    s = table(n=2, hands={0: ["king"], 1: []}, scores={1: "corn:3", 2: "coin:3"})
    kept = s.decks[0]
    s.decks = [[], []]
    events = do(s, 0, "play:king", "row:1")
    end = events_of(events, "round_end")[0]
    assert [r["winner"] for r in end["rows"]] == [0, None]  # an empty row: unclaimed
    assert won(s, 0) == ["corn:3"] and len(s.lost) == 1
    assert s.round == 2
    del kept


def test_unknown_options_and_player_counts_are_refused():
    for bad in ({"x": 1}, {"beggar_tie_key": "rearmost_latest"}):
        try:
            GAME.setup(3, 1, bad)
        except ValueError:
            continue
        raise AssertionError(bad)
    assert sum(GAME.inventory(GAME.setup(6, 1))["score_card"].values()) == 36
    assert sum(SCORE_VALUE) == 108


def test_an_empty_draw_pile_is_rebuilt_from_the_own_discard_pile_shuffled():
    orders = set()
    for seed in range(8):
        s = table(hands={0: ["queen", "juliet", "romeo"]}, seed=seed)
        pile = s.decks[0][:]
        s.discards[0], s.decks[0] = pile[:], []
        do(s, 0, "play:queen", "row:1")
        drawn = [c for c in s.hands[0] if c in pile]
        assert sorted(drawn + s.decks[0]) == sorted(pile) and len(drawn) == 1
        orders.add(tuple(s.decks[0]))
    assert len(orders) > 1  # the order is the shuffle's, not the discard pile's


def test_the_game_ends_early_when_a_score_pile_is_empty():
    s = table(n=2, rows={2: ["-king@1"]}, scores={1: "corn:1", 2: "coin:1"}, round=3)
    s.boxed += s.piles[0]
    s.piles[0] = []  # seat 0's pile has run out
    do(s, 0, "play:queen", "row:1")
    assert GAME.is_over(s) and s.round == 3 and GAME.ending(s) == "pile"


def test_a_row_closed_by_a_storm_is_open_again_in_the_next_round():
    s = table(
        n=2,
        rows={1: ["+storm@1", "+king@0"], 2: ["+king@1"]},
        scores={1: "corn:5", 2: "coin:2"},
        closed=[1],
        hands={0: ["juliet", "romeo", "hermit"]},
    )
    assert legal(s, 0) == ["play:hermit", "play:juliet", "play:romeo"]
    do(s, 0, "play:juliet")
    assert legal(s) == ["row:2"]  # row 1 is closed for the rest of the round
    events = do(s, 0, "row:2")
    assert "round_end" in types(events) and s.round == 2
    assert s.closed == [False, False] and GAME.to_act(s) == (1,)
    do(s, 1, "play:queen")
    assert legal(s) == ["row:1", "row:2"]
