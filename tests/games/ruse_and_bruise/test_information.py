"""Hidden information (spec §6): views, events and determinize."""

import random

from ruse_and_bruise_scenario import GAME, do, table

from noblesse.core.game import Zone
from noblesse.games.ruse_and_bruise.rules import DOWN, KINDS, OWNER


def test_face_down_cards_are_seen_by_their_owner_only():
    s = table(rows={1: ["+king@1", "-queen@2", "~explorer@0"]}, tucks={1: [(1, "juliet@1")]})
    assert GAME.view(s, 2)["rows"][0]["cards"] == ["+king@1", "-queen@2", "~explorer@0"]
    assert GAME.view(s, 0)["rows"][0]["cards"] == ["+king@1", "-?@2", "~explorer@0"]
    assert GAME.view(s, None)["rows"][0]["cards"] == ["+king@1", "-?@2", "~explorer@0"]
    assert GAME.view(s, 1)["rows"][0]["tucks"] == [[1, "-juliet@1"]]
    assert GAME.view(s, 0)["rows"][0]["tucks"] == [[1, "-?@1"]]


def test_hands_and_discard_contents_are_private():
    s = table(hands={0: ["queen", "juliet", "romeo"]}, discards={0: ["storm"]})
    assert GAME.view(s, 0)["hand"] == ["juliet", "romeo", "queen"]
    assert GAME.view(s, 0)["discard"] == ["storm"]
    v = GAME.view(s, 1)
    assert v["players"][0]["hand_size"] == 3 and v["players"][0]["discard_size"] == 1
    assert v["hand"] != GAME.view(s, 0)["hand"] and v["discard"] == []
    assert GAME.view(s, None)["hand"] is None and GAME.view(s, None)["discard"] is None


def test_events_put_the_placed_and_drawn_cards_in_the_private_part():
    s = table(hands={0: ["queen", "juliet", "romeo"]}, decks={0: ["storm"]})
    GAME.apply(s, 0, GAME.decode("play:queen"))
    place, draw = GAME.apply(s, 0, GAME.decode("row:1"))[:2]
    assert place.for_seat(1) == {"type": "place", "seat": 0, "row": 1}
    assert place.for_seat(0)["card"] == GAME.decode("play:queen")
    assert draw.for_seat(None) == {"type": "draw", "seat": 0, "count": 1}
    assert draw.for_seat(0)["cards"] == [GAME.decode("play:storm")]


def test_determinize_keeps_owners_and_resamples_from_the_owners_unseen_cards():
    s = table(
        rows={1: ["+king@1", "-queen@2", "~explorer@2"], 2: ["+assassin@0", "-hermit@1"]},
        tucks={1: [(1, "juliet@1")]},
        discards={2: ["king", "witch"]},
    )
    s.secret[2] = [s.discards[2][1]]  # the Witch was killed unseen; the King is public
    seen_changes = 0
    for k in range(30):
        d = GAME.determinize(s, 0, random.Random(k))
        assert GAME.view(d, 0) == GAME.view(s, 0)
        assert GAME.inventory(d) == GAME.inventory(s)
        # the face-down card of seat 2 is still seat 2's, and not one everybody has seen
        c = d.rows[0][1]
        assert OWNER[c] == 2 and c % KINDS not in (
            GAME.decode("play:king"),
            GAME.decode("play:explorer"),
        )
        assert d.up[0][1] == DOWN and d.rows[0][2] == s.rows[0][2]  # the jumped Explorer
        assert d.discards[2][0] == s.discards[2][0]  # the public King stays
        assert OWNER[d.tucks[0][0][1]] == 1
        seen_changes += d.rows[0][1] != s.rows[0][1]
    assert seen_changes > 10
    # the owner's own determinization keeps their card exactly
    d = GAME.determinize(s, 2, random.Random(1))
    assert d.rows[0][1] == s.rows[0][1] and d.discards[2] == s.discards[2]


def test_determinize_resamples_a_pending_hidden_choice():
    s = table(hands={0: ["queen", "juliet", "romeo"]})
    do(s, 0, "play:queen")
    chosen = set()
    for k in range(20):
        d = GAME.determinize(s, 1, random.Random(k))
        assert d.pending.card in d.hands[0]
        chosen.add(d.pending.card)
    assert len(chosen) > 1
    assert GAME.determinize(s, 0, random.Random(3)).pending.card == s.pending.card


def test_a_killed_card_stays_secret_and_is_resampled_for_others():
    s = table(rows={1: ["+king@1", "-assassin@2"]}, hands={0: ["queen", "juliet", "romeo"]})
    do(s, 0, "play:queen", "row:1")
    queen = GAME.decode("play:queen")
    assert s.discards[0] == [queen] and s.secret[0] == [queen]
    assert GAME.view(s, 1)["discard"] == [] and GAME.view(s, 0)["discard"] == ["queen"]
    others = {GAME.determinize(s, 1, random.Random(k)).discards[0][0] for k in range(20)}
    assert len(others) > 1 and all(OWNER[c] == 0 for c in others)
    assert GAME.determinize(s, 0, random.Random(1)).discards[0] == [queen]


def test_the_last_rounds_scoring_is_public_in_every_view():
    s = table(
        n=2,
        rows={1: ["+cloak@0", "+witch@1"], 2: ["+king@1", "-queen@0"]},
        tucks={1: [(1, "king@0")]},
        scores={1: "corn:3", 2: "coin:2"},
        hands={0: ["squire", "juliet", "romeo"]},
    )
    do(s, 0, "play:squire", "row:1")
    last = GAME.view(s, None)["last_round"]
    assert last == GAME.view(s, 1)["last_round"] == GAME.view(s, 0)["last_round"]
    assert last["round"] == 1
    assert last["rows"][0] == {
        "row": 1,
        "score": "corn:3",
        "winner": 0,
        "reason": "highest",
        "totals": {"0": 20},
        "cards": ["xcloak@0=0", "xwitch@1=1", "xsquire@0=2", "^king@0=20"],
    }
    assert last["rows"][1]["cards"] == ["+king@1=20", "-queen@0=16"]


def test_determinize_gives_the_world_a_chance_of_its_own_not_the_games() -> None:
    s = table(hands={0: ["queen", "juliet", "romeo"]})
    d = GAME.determinize(s, 0, random.Random(5))
    assert d.seed != s.seed and d.rng.getstate() != s.rng.getstate()
    again = GAME.determinize(s, 0, random.Random(5))
    assert again.seed == d.seed and again.rng.getstate() == d.rng.getstate()


def test_every_score_card_is_counted_once_the_first_one_above_a_row_too() -> None:
    s = table(scores={1: "corn:1"})
    assert s.row_score[0] == 0  # the first score card of all
    count = GAME.inventory(s)["score_card"]
    assert count["corn:0"] == 1 and sum(count.values()) == 36


def test_a_fresh_deal_determinized_for_any_seat_keeps_what_that_seat_sees() -> None:
    s = GAME.setup(3, 7)
    for seat in range(3):
        d = GAME.determinize(s, seat, random.Random(seat))
        assert GAME.view(d, seat) == GAME.view(s, seat)
        assert d.hands[seat] == s.hands[seat]


def test_determinize_reshuffles_the_score_piles_and_the_boxed_score_cards() -> None:
    s = table(scores={1: "corn:1", 2: "coin:2", 3: "hat:4"})
    unseen = sorted([sc for pile in s.piles for sc in pile] + s.boxed)
    tops, boxed = set(), set()
    for k in range(20):
        d = GAME.determinize(s, 0, random.Random(k))
        assert [len(p) for p in d.piles] == [len(p) for p in s.piles] == [5, 5, 5]
        assert sorted([sc for pile in d.piles for sc in pile] + d.boxed) == unseen
        assert d.row_score == s.row_score  # the score cards above the rows are public
        tops.add(d.piles[0][-1])
        boxed.add(tuple(sorted(d.boxed)))
    assert len(tops) > 1 and len(boxed) > 1


def test_the_score_cards_above_the_rows_are_a_zone_every_seat_sees() -> None:
    """So the conformance suite's zone-by-zone check of ``determinize`` covers them."""
    s = table(scores={1: "corn:1", 2: "coin:2", 3: "hat:4"})
    for seat in range(3):
        assert GAME.zones(s, seat)["score_cards"] == Zone(tuple(s.row_score))
    assert sorted(GAME.zones(s, 0)["boxed"].contents) == sorted(s.boxed)


def test_the_card_being_placed_is_a_hidden_zone_for_everyone_but_its_player() -> None:
    s = table(rows={1: ["+king@1", "-queen@2"]}, hands={0: ["queen", "juliet", "romeo"]})
    do(s, 0, "play:queen")
    queen = s.hands[0][0]
    assert s.pending.card == queen
    assert GAME.zones(s, 1)["placing"] == Zone((queen,), True, "cards:0")
    assert GAME.zones(s, 0)["placing"] == Zone((queen,))
    assert GAME.zones(s, 0)["row:0:1"] == Zone((s.rows[0][1],), True, "cards:2")
    assert GAME.zones(s, 2)["row:0:1"] == Zone((s.rows[0][1],))
    assert GAME.zones(s, 1)["row:0:0"] == Zone((s.rows[0][0],))
