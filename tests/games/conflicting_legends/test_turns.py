"""Setup, the four actions, the settlement and the end of the game (spec §3)."""

from __future__ import annotations

from collections import Counter

import pytest
from conflicting_legends_scenario import (
    GAME,
    assert_illegal,
    deck,
    discard,
    do,
    events_of,
    glory,
    hand,
    lands,
    legal,
    table,
    tableau,
    tokens,
    types,
    yellow,
)

from noblesse.games.conflicting_legends.data import CARDS


# ------------------------------------------------------------------ setup (§3.1)
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_setup_deals_one_territory_six_cards_and_one_token_of_each(n: int) -> None:
    s = GAME.setup(n, 11)
    assert [len(x) for x in s.lands] == [1] * n
    assert len(s.land_deck) == 18 - n
    assert not any(s.yellow)  # everything white side up
    assert [len(h) for h in s.hands] == [6] * n
    assert len(s.deck) == 37 - 6 * n
    assert s.tokens == [[1, 1, 1]] * n
    assert s.discard == [] and s.tableau == [[]] * n
    assert GAME.to_act(s) == (s.start,)
    assert s.round == 1
    inv = GAME.inventory(s)
    assert sum(inv["character"].values()) == 37 and inv["character"]["people"] == 7
    assert sum(inv["territory"].values()) == 18


def test_setup_deals_the_territories_and_characters_from_shuffled_decks() -> None:
    deals = [GAME.setup(4, seed) for seed in range(8)]
    assert len({tuple(tuple(x) for x in s.lands) for s in deals}) > 1
    assert len({tuple(s.land_deck) for s in deals}) > 1
    assert len({tuple(tuple(h) for h in s.hands) for s in deals}) > 1


@pytest.mark.parametrize("n", [0, 1, 2, 7, 8])
def test_setup_refuses_other_player_counts(n: int) -> None:
    with pytest.raises(ValueError):
        GAME.setup(n, 1)


def test_the_card_set_has_the_source_documents_composition() -> None:
    colours = Counter(c.colour for c in CARDS.characters for _ in range(c.copies))
    assert colours == {0: 10, 1: 10, 2: 10, 3: 7}  # red, green, blue, people
    continents = Counter(t.continent for t in CARDS.territories)
    assert len(continents) == 6 and set(continents.values()) == {3}
    # the spec's design: every white side carries exactly one black star
    assert all(t.white[1] == 1 for t in CARDS.territories)
    assert sum(t.glory(True) for t in CARDS.territories) == 54
    assert sum(t.glory(False) for t in CARDS.territories) == -2


# ------------------------------------------------------------------ actions (§3.3)
def test_the_action_choices() -> None:
    s = table(
        hands={0: ["confucius", "people", "people"]},
        tokens={0: (3, 2, 1)},
        lands={0: ["polynesia", "great_plains"]},
        yellow=["great_plains"],
    )
    # expand (andes needs 3 military), build polynesia (2) with culture only, the cards
    assert legal(s) == [
        "pass",
        "expand",
        "build:polynesia:culture",
        "play:confucius",
        "play:people",
    ]


def test_expand_pays_military_and_takes_the_top_territory_white_side_up() -> None:
    s = table(tokens={0: (4, 0, 0)}, land_deck=["east_asia", "andes"])
    out = do(s, 0, "expand")
    assert lands(s, 0) == ["polynesia", "andes"] and not yellow(s, "andes")
    assert tokens(s, 0) == [1, 0, 0]
    assert events_of(out, "expand")[0]["paid"] == [3, 0, 0]
    assert GAME.to_act(s) == (1,)


def test_expand_needs_enough_military_and_only_the_top_card_counts() -> None:
    s = table(tokens={0: (2, 9, 9)}, land_deck=["polynesia", "andes"])
    assert "expand" not in legal(s)
    err = assert_illegal(s, 0, "expand")
    assert "3 military" in err.message


def test_build_pays_one_type_flips_to_yellow_and_draws_one() -> None:
    s = table(hands={0: ["people"]}, tokens={0: (5, 2, 2)}, deck=["people", "confucius"])
    do(s, 0, "build:polynesia:technology")
    assert yellow(s, "polynesia") and glory(s, 0) == 2
    assert tokens(s, 0) == [5, 2, 0]
    assert hand(s, 0) == ["confucius", "people"]


def test_build_never_mixes_types_nor_uses_military() -> None:
    s = table(tokens={0: (9, 1, 1)})  # polynesia needs 2 of one type
    assert not [a for a in legal(s) if a.startswith("build")]
    err = assert_illegal(s, 0, "build:polynesia:culture")
    assert err.message == "Building Polynesia needs 2 culture tokens."
    s = table(tokens={0: (0, 2, 0)}, lands={0: ["polynesia"]}, yellow=["polynesia"])
    err = assert_illegal(s, 0, "build:polynesia:culture")  # already yellow
    assert "white" in err.message
    err = assert_illegal(s, 0, "build:pampas:culture")  # not hers
    assert err.message == "Pampas is not one of your white-side territories."
    # the first build action of all (territory 0, culture), in nobody's hands at 4 seats
    err = assert_illegal(s, 0, "build:scandinavia:culture")
    assert err.message == "Scandinavia is not one of your white-side territories."


def test_nobody_builds_on_seat_0s_white_territory_but_seat_0() -> None:
    s = table(player=1, tokens={1: (0, 5, 5)})
    assert "build:polynesia:culture" not in legal(s)
    err = assert_illegal(s, 1, "build:polynesia:culture")
    assert err.message == "Polynesia is not one of your white-side territories."
    assert err.message_zh.endswith("不是你面前白色面朝上的領土。")


def test_pass_ends_your_round_and_later_turns_skip_you() -> None:
    s = table(hands={0: ["people"], 1: ["people"], 2: ["people"], 3: ["people"]})
    do(s, 0, "pass")
    assert s.passed[0] and GAME.to_act(s) == (1,)
    do(s, 1, "play:people")
    do(s, 2, "pass")
    do(s, 3, "play:people")
    assert GAME.to_act(s) == (1,)  # 0 and 2 are skipped
    do(s, 1, "pass")
    assert GAME.to_act(s) == (3,)


def test_a_player_who_has_not_passed_keeps_taking_turns_alone() -> None:
    s = table(hands={1: ["people", "people"]}, passed=[0, 2, 3], player=1)
    do(s, 1, "play:people")
    assert GAME.to_act(s) == (1,)
    do(s, 1, "play:people")
    assert GAME.to_act(s) == (1,)


def test_playing_a_card_puts_it_in_your_table_area() -> None:
    s = table(hands={0: ["people", "mozart"]})
    out = do(s, 0, "play:mozart")
    assert tableau(s, 0) == ["mozart"] and hand(s, 0) == ["people"]
    assert tokens(s, 0) == [1, 1, 1]  # 天: nothing when played
    assert types(out) == ["play", "turn"]
    assert_illegal(s, 1, "play:mozart")  # not her turn, not her card


def test_you_cannot_play_a_card_you_do_not_hold() -> None:
    s = table(hands={0: ["people"]})
    err = assert_illegal(s, 0, "play:confucius")
    assert "Confucius" in err.message and "孔子" in err.message_zh


# ------------------------------------------------------------------ settlement (§3.5)
def test_settlement_income_per_colour_and_people_choose_any_type() -> None:
    s = table(
        n=3,
        tableau={
            0: ["julius_caesar", "confucius", "mozart", "galileo", "people"],
            1: ["people", "people"],
        },
        passed=[1, 2],
        tokens={0: (0, 0, 0), 1: (0, 0, 0), 2: (0, 0, 0)},
    )
    out = do(s, 0, "pass")
    assert types(out)[:2] == ["pass", "settlement"]
    assert tokens(s, 0) == [1, 2, 1]  # before the people card's choice
    assert s.pending.kind == 16 and GAME.to_act(s) == (0,)  # income decision
    assert legal(s) == ["token:military", "token:culture", "token:technology"]
    do(s, 0, "token:technology")
    assert GAME.to_act(s) == (1,)
    do(s, 1, "token:military")
    do(s, 1, "token:military")
    assert tokens(s, 0) == [1, 2, 2] and tokens(s, 1) == [2, 0, 0] and tokens(s, 2) == [0, 0, 0]
    assert s.round == 2


def test_settlement_reshuffles_table_areas_and_discards_then_draws_three_up_to_six() -> None:
    s = table(
        n=3,
        hands={0: ["people"] * 2, 1: ["people"] * 4, 2: ["people"] * 6},
        tableau={0: ["confucius"], 1: ["isaac_newton"]},
        discard=["mozart"],
        deck=["li_bai", "galileo", "socrates", "shakespeare"],
        passed=[1, 2],
    )
    do(s, 0, "pass")
    assert s.tableau == [[], [], []] and s.discard == []
    assert [len(h) for h in s.hands] == [5, 6, 6]  # 2+3, 4+2 (limit 6), 6+0
    assert len(s.deck) == 7 - 5
    inv = GAME.inventory(s)["character"]
    assert inv["mozart"] == inv["confucius"] == inv["isaac_newton"] == 1


def test_the_settlement_shuffles_the_cards_it_gathers_before_dealing_them() -> None:
    deals = set()
    for seed in range(1, 7):
        s = table(
            n=3,
            seed=seed,
            hands={0: [], 1: [], 2: []},
            deck=[],
            tableau={
                0: ["confucius", "mozart", "galileo"],
                1: ["isaac_newton", "li_bai", "socrates"],
            },
            discard=["shakespeare"],
            passed=[1, 2],
        )
        do(s, 0, "pass")
        assert sorted(sum((hand(s, seat) for seat in range(3)), [])) == [
            "confucius",
            "galileo",
            "isaac_newton",
            "li_bai",
            "mozart",
            "shakespeare",
            "socrates",
        ]
        assert [len(s.hands[seat]) for seat in range(3)] == [3, 3, 1] and s.deck == []
        deals.add(tuple(tuple(hand(s, seat)) for seat in range(3)))
    assert len(deals) > 1


def test_the_inventory_counts_the_discard_pile() -> None:
    s = table(
        hands={0: ["confucius"]},
        tableau={1: ["galileo"]},
        deck=["people"],
        discard=["mozart", "people"],
    )
    assert GAME.inventory(s)["character"] == Counter(
        {"confucius": 1, "galileo": 1, "mozart": 1, "people": 2}
    )


def test_the_next_start_player_is_the_left_neighbour() -> None:  # A17
    s = table(n=4, player=2, start=2, passed=[0, 1, 3])
    out = do(s, 2, "pass")
    assert s.start == 3 and GAME.to_act(s) == (3,) and s.passed == [False] * 4
    assert events_of(out, "round")[0] == {"type": "round", "round": 2, "start": 3}


def test_after_the_settlement_seat_0_starts_and_play_goes_on_to_its_left() -> None:
    s = table(n=4, player=1, start=3, passed=[0, 2, 3])
    do(s, 1, "pass")  # the last to pass: the settlement
    assert s.start == 0 and GAME.to_act(s) == (0,)
    out = do(s, 0, "pass")
    assert GAME.to_act(s) == (1,) and events_of(out, "turn") == [{"type": "turn", "seat": 1}]


# ------------------------------------------------------------------ end of game (§3.6)
def test_ten_glory_wins_at_once() -> None:
    s = table(
        lands={0: ["east_asia", "italian_peninsula", "polynesia"]},
        yellow=["east_asia", "italian_peninsula"],
        tokens={0: (0, 9, 0)},
        hands={1: ["people"]},
    )
    assert glory(s, 0) == 8
    out = do(s, 0, "build:polynesia:culture")
    assert glory(s, 0) == 11 and GAME.is_over(s)
    assert GAME.winners(s) == [0] and GAME.to_act(s) == ()
    assert events_of(out, "game_over")[0]["goal"] == "glory" and GAME.ending(s) == "glory"
    assert GAME.standing(s)[0] == 1.1  # 11 glory of 10
    assert GAME.returns(s) == [1.0, 0.0, 0.0, 0.0]
    assert GAME.scores(s) == [11.0, -1.0, 0.0, 0.0]


def test_all_six_continents_win_whatever_the_glory() -> None:
    s = table(
        lands={0: ["polynesia", "pampas", "scandinavia", "great_plains", "west_asia"]},
        land_deck=["north_africa"],
        tokens={0: (3, 0, 0)},
    )
    assert glory(s, 0) == -3
    out = do(s, 0, "expand")
    assert GAME.is_over(s) and GAME.winners(s) == [0]
    assert events_of(out, "game_over")[0]["goal"] == "continents"
    assert GAME.ending(s) == "continents" and GAME.standing(s)[0] == 1.0
    assert GAME.scores(s)[0] == -3.0


def test_the_view_hides_hands_but_shows_sizes() -> None:
    s = table(hands={0: ["confucius"], 1: ["mozart", "people"]})
    v = GAME.view(s, 0)
    assert v["hand"] == ["confucius"]
    assert v["players"][1]["hand_size"] == 2
    assert GAME.view(s, None)["hand"] is None
    assert "mozart" not in str(GAME.view(s, 0)) and "mozart" not in str(GAME.view(s, None))
    assert deck(s) and discard(s) == []


def test_an_empty_deck_is_rebuilt_from_the_discard_pile_shuffled() -> None:
    drawn = set()
    for seed in range(1, 7):
        s = table(
            seed=seed,
            hands={0: ["shakespeare"]},
            deck=[],
            discard=["mozart", "li_bai", "confucius", "galileo", "socrates"],
        )
        out = do(s, 0, "play:shakespeare")
        assert events_of(out, "reshuffle")[0] == {
            "type": "reshuffle",
            "count": 5,
            "settlement": False,
        }
        assert s.discard == [] and len(s.hands[0]) + len(s.deck) == 5
        drawn.add(tuple(hand(s, 0)))
    assert len(drawn) > 1
