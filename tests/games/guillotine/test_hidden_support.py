"""The hidden-support variant (spec §4.5, ambiguity 22): option ``hidden_support=True``."""

from collections import Counter

from guillotine_scenario import (
    GAME,
    A,
    action_discard,
    akeys,
    assert_illegal,
    do,
    hand,
    legal,
    pile,
    score,
    table,
)

from noblesse.games.guillotine.data import CARDS

SUPPORTS = {
    "church_support",
    "indifferent_public",
    "foreign_support",
    "military_support",
    "civic_support",
}
HIDDEN = {"hidden_support": True}


def test_variant_setup_deals_one_support_face_down_to_each_leftovers_discarded():
    for n in range(2, 6):
        for seed in range(5):
            s = GAME.setup(n, seed, HIDDEN)
            hidden = akeys(s.hidden)
            assert len(set(hidden)) == n
            assert set(hidden) <= SUPPORTS
            # Leftovers lie face up in the action discard pile.
            assert set(action_discard(s)) == SUPPORTS - set(hidden)
            assert len(s.action_discard) == 5 - n
            # The other 55 cards were shuffled and dealt: no support card in deck or hands.
            rest = s.action_deck + [c for h in s.hands for c in h]
            assert len(rest) == 55
            assert not SUPPORTS & set(akeys(rest))
            assert [len(h) for h in s.hands] == [5] * n
            assert Counter(rest + s.action_discard + s.hidden) == Counter(CARDS.action_deck())
            assert s.front == [[] for _ in range(n)]


def test_variant_off_by_default():
    s = GAME.setup(3, 0)
    assert s.hidden == [-1, -1, -1]
    assert len(s.action_deck) + 15 == 60


def test_variant_hidden_card_visible_to_its_owner_only_until_the_end():
    s = GAME.setup(3, 4, HIDDEN)
    mine = CARDS.actions[s.hidden[1]].key
    assert GAME.view(s, 1)["players"][1]["hidden_support"] == mine
    for seat in (None, 0, 2):
        player = GAME.view(s, seat)["players"][1]
        assert player["has_hidden_support"] is True
        assert player["hidden_support"] is None
        assert player["front"] == []


def test_variant_twist_of_fate_cannot_target_hidden_cards():
    s = table(
        line=["duke", "baron"],
        hands={0: ["twist_of_fate", "stumble"]},
        hidden={0: "church_support", 1: "civic_support", 2: "military_support"},
        options=HIDDEN,
    )
    assert legal(s) == ["pass", "play:stumble"]
    assert_illegal(s, 0, "play:twist_of_fate")
    s = table(
        line=["duke", "baron"],
        hands={0: ["twist_of_fate"]},
        hidden={0: "church_support", 1: "civic_support", 2: "military_support"},
        front={2: ["fountain_of_blood"]},
        options=HIDDEN,
    )
    do(s, 0, "play:twist_of_fate")
    assert legal(s) == ["seat:2"]
    do(s, 0, "seat:2")
    assert legal(s) == ["card:fountain_of_blood"]
    do(s, 0, "card:fountain_of_blood")
    assert akeys(s.hidden) == ["church_support", "civic_support", "military_support"]


def test_variant_hidden_cards_score_only_at_the_end():
    s = table(
        line=["duke"],
        day=3,
        hands={0: ["stumble"]},
        piles={0: ["cardinal"], 1: ["mayor"], 2: ["martyr", "tragic_figure"]},
        hidden={0: "church_support", 1: "civic_support", 2: "indifferent_public"},
        options=HIDDEN,
    )
    assert GAME.scores(s) == [5, 3, -1 - 2]
    assert GAME.view(s, None)["players"][0]["score"] == 5
    assert GAME.view(s, 1)["players"][0]["score"] == 5
    assert GAME.view(s, 0)["players"][0]["score"] == 6  # its owner knows
    do(s, 0, "pass")
    assert GAME.is_over(s)
    assert GAME.scores(s) == [5 + 3 + 1, 3 + 1, 1 + 1]
    assert GAME.view(s, None)["players"][1]["hidden_support"] == "civic_support"
    assert GAME.winners(s) == [0]


def test_variant_hidden_foreign_support_draws_nothing():
    s = table(
        line=["duke", "baron"],
        hands={0: ["stumble"]},
        hidden={0: "foreign_support"},
        options=HIDDEN,
    )
    do(s, 0, "pass")
    assert pile(s, 0) == ["duke"]
    assert hand(s, 0) == ["pushed", "stumble"]  # the step-3 draw only


def test_variant_hidden_indifferent_public_does_not_cancel_clown_or_victim():
    s = table(
        line=["clown", "innocent_victim", "duke"],
        hands={0: ["stumble", "trip"]},
        hidden={0: "indifferent_public"},
        options=HIDDEN,
    )
    do(s, 0, "pass")
    assert legal(s) == ["seat:1", "seat:2"]  # the Clown must be handed on
    do(s, 0, "seat:1")
    assert pile(s, 1) == ["clown"]
    s = table(
        line=["innocent_victim", "duke"],
        hands={0: ["stumble", "trip"]},
        hidden={0: "indifferent_public"},
        options=HIDDEN,
    )
    do(s, 0, "pass")
    assert legal(s) == ["card:stumble", "card:trip"]  # the victim's discard applies
    do(s, 0, "card:stumble")
    assert hand(s, 0) == ["pushed", "trip"]
    assert score(s, 0) == 1  # at the end it will count 1 (score() reveals by default)


def test_variant_leftover_support_taken_by_rat_break_is_played_face_up():
    s = table(
        line=["cardinal", "bishop", "duke", "heretic", "baron"],
        hands={0: ["rat_break"]},
        action_discard=["church_support", "civic_support"],
        hidden={0: "military_support", 1: "foreign_support", 2: "indifferent_public"},
        options=HIDDEN,
    )
    do(s, 0, "play:rat_break")
    assert legal(s) == ["card:church_support", "card:civic_support"]
    do(s, 0, "card:church_support")
    assert hand(s, 0) == ["church_support", "pushed"]
    do(s, 1, "pass")
    do(s, 2, "pass")
    do(s, 0, "play:church_support")
    assert GAME.view(s, None)["players"][0]["front"] == ["church_support"]
    assert A("church_support") in s.front[0]
    assert pile(s, 0) == ["cardinal", "heretic"]
    assert GAME.scores(s)[0] == 5 + 2 + 2  # face up: scores now (the hidden card not yet)
