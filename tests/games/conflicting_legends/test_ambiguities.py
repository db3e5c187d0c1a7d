"""Every ambiguity the spec lists (§5, A1-A30), each with its resolution."""

from __future__ import annotations

import random

from conflicting_legends_scenario import (
    GAME,
    C,
    assert_illegal,
    deck,
    discard,
    do,
    events_of,
    glory,
    hand,
    lands,
    legal,
    start_war,
    table,
    tableau,
    throw,
    tokens,
    types,
    yellow,
)

from noblesse.games.conflicting_legends.data import CARDS

ZERO = (0, 0, 0)


def test_ambiguity_01_one_starting_territory() -> None:
    assert CARDS.rules["starting_territories"] == 1
    for n in range(3, 7):
        s = GAME.setup(n, 5)
        assert all(len(x) == 1 for x in s.lands)


def test_ambiguity_02_tokens_are_unlimited_integers() -> None:
    assert CARDS.rules["tokens_per_colour"] == 44
    s = table(hands={0: ["confucius"]}, tokens={0: (0, 150, 0)})
    do(s, 0, "play:confucius")
    assert tokens(s, 0) == [0, 152, 0]  # past the 141 points of physical tokens


def test_ambiguity_03_the_hand_limit_applies_to_every_draw() -> None:
    s = table(hands={0: ["people"] * 6}, tokens={0: (0, 2, 0)}, deck=["mozart"])
    out = do(s, 0, "build:polynesia:culture")
    assert len(s.hands[0]) == 6 and deck(s) == ["mozart"]
    assert events_of(out, "draw")[0]["count"] == 0
    s = table(hands={0: ["shakespeare"] + ["people"] * 5}, deck=["mozart", "li_bai"])
    do(s, 0, "play:shakespeare")  # 5 in hand: the second draw is skipped
    assert len(s.hands[0]) == 6 and deck(s) == ["mozart"]


def test_ambiguity_04_the_settlement_reshuffle_triggers_no_heaven_card() -> None:
    s = table(n=3, tableau={0: ["mozart", "li_bai"]}, tokens={0: ZERO}, passed=[1, 2])
    out = do(s, 0, "pass")
    assert "heaven" not in types(out)
    assert tokens(s, 0) == [0, 2, 0]  # only the income of two green cards
    assert len(s.hands[0]) == 3


def test_ambiguity_05_heaven_resolves_for_a_passed_player() -> None:
    s = table(hands={0: ["qin_shi_huang"], 2: ["mozart"]}, passed=[2], tokens={2: ZERO})
    do(
        s,
        0,
        "play:qin_shi_huang",
    )
    do(s, 2, "card:mozart")
    assert tokens(s, 2) == [0, 3, 0]


def test_ambiguity_06_heaven_interrupts_and_the_effect_continues() -> None:
    s = table(hands={0: ["gutenberg", "li_bai"]}, deck=["people", "people", "galileo", "cai_lun"])
    do(s, 0, "play:gutenberg", "card:li_bai")
    assert hand(s, 0) == ["cai_lun", "galileo"]  # Li Bai drew before Gutenberg went on
    assert GAME.to_act(s) == (0,) and "card:galileo" in legal(s)
    do(s, 0, "card:galileo")  # Galileo's own 天, then Gutenberg draws 2
    assert tokens(s, 0) == [1, 1, 4] and hand(s, 0) == ["cai_lun", "people", "people"]


def test_ambiguity_07_an_empty_deck_is_rebuilt_from_the_discard_pile() -> None:
    s = table(hands={0: ["shakespeare"]}, deck=["people"], discard=["mozart"])
    out = do(s, 0, "play:shakespeare")
    assert hand(s, 0) == ["mozart", "people"] and s.discard == [] and s.deck == []
    assert "reshuffle" in types(out)
    s = table(hands={0: ["shakespeare"]}, deck=[], discard=[])
    out = do(s, 0, "play:shakespeare")
    assert hand(s, 0) == [] and events_of(out, "draw")[0]["count"] == 0
    assert tableau(s, 0) == ["shakespeare"]  # table areas are never touched


def test_ambiguity_08_an_empty_territory_deck_stops_expand_columbus_and_einstein() -> None:
    s = table(
        hands={0: ["christopher_columbus", "albert_einstein"]}, tokens={0: (9, 9, 9)}, land_deck=[]
    )
    assert "expand" not in legal(s)
    err = assert_illegal(s, 0, "expand")
    assert "empty" in err.message
    assert "no_use" in types(do(s, 0, "play:christopher_columbus"))
    do(s, 1, "pass")
    do(s, 2, "pass")
    do(s, 3, "pass")
    assert "no_use" in types(do(s, 0, "play:albert_einstein"))


def test_ambiguity_09_a_war_card_needs_a_possible_target() -> None:
    s = table(hands={0: ["julius_caesar", "homer"]}, lands={1: [], 2: [], 3: []})
    assert [a for a in legal(s) if a.startswith("play")] == []
    s = table(
        hands={0: ["julius_caesar"]}, lands={1: [], 2: [], 3: ["andes"]}, land_deck=["east_asia"]
    )
    do(s, 0, "play:julius_caesar")
    assert legal(s) == ["target:andes"]


def test_ambiguity_10_a_passed_player_can_be_attacked() -> None:
    s = table(hands={0: ["julius_caesar"]}, passed=[1, 2, 3])
    start_war(s, 0, "julius_caesar", "pampas")
    throw(s, "paper", "rock")
    assert lands(s, 0) == ["polynesia", "pampas"]


def test_ambiguity_11_announcements_attacker_then_defender_public_non_binding() -> None:
    s = table(hands={0: ["julius_caesar"]})
    start_war(s, 0, "julius_caesar", "pampas")
    assert GAME.to_act(s) == (0,) and legal(s)[0] == "silent"
    do(s, 0, "announce:scissors")
    assert GAME.to_act(s) == (1,)
    out = do(s, 1, "announce:rock")
    assert out == [{"type": "announce", "seat": 1, "throw": 1, "gesture": "rock"}]
    do(s, 1, "throw:paper")
    out = do(s, 0, "throw:rock")
    assert events_of(out, "reveal")[0]["defender_gesture"] == "paper"  # not as announced
    assert lands(s, 1) == ["pampas"]


def test_ambiguity_12_converted_ties_count_in_the_streak() -> None:
    s = table(hands={0: ["alexander_the_great"]}, tableau={1: ["gandhi"]}, armed=[("gandhi", 1)])
    start_war(s, 0, "alexander_the_great", "pampas")
    throw(s, "rock", "rock")
    out = throw(s, "rock", "scissors")  # Gandhi makes it a tie: the second in a row
    assert s.war is None and events_of(out, "trigger")[0]["seat"] == 0
    assert lands(s, 0) == ["polynesia", "pampas"]


def test_ambiguity_13_triggers_of_both_sides_cancel_and_are_spent() -> None:
    s = table(hands={0: ["alexander_the_great"]}, tableau={1: ["sun_tzu"]}, armed=[("sun_tzu", 1)])
    start_war(s, 0, "alexander_the_great", "pampas")
    throw(s, "rock", "rock")
    out = throw(s, "rock", "rock")
    assert "triggers_cancel" in types(out) and s.war is not None
    assert s.war.att_triggers == () and s.war.def_triggers == ()
    throw(s, "rock", "rock")  # a third tie: nothing left to fire
    assert s.war is not None and s.war.ties == 3
    out = throw(s, "rock", "paper")
    assert events_of(out, "war_end")[0]["winner"] == 1


def test_ambiguity_13_triggers_of_one_side_agree() -> None:
    s = table(hands={0: ["alexander_the_great"]}, tableau={0: ["sun_tzu"]}, armed=[("sun_tzu", 0)])
    start_war(s, 0, "alexander_the_great", "pampas")
    throw(s, "rock", "rock")
    out = throw(s, "rock", "rock")
    assert events_of(out, "trigger")[0]["cards"] == [C("alexander_the_great"), C("sun_tzu")]
    assert s.war is None and lands(s, 0) == ["polynesia", "pampas"]


def test_ambiguity_14_armed_effects_lapse_at_settlement() -> None:
    s = table(
        n=3,
        tableau={0: ["sun_tzu"], 1: ["gandhi"]},
        armed=[("sun_tzu", 0), ("gandhi", 1)],
        passed=[1, 2],
    )
    do(s, 0, "pass")
    assert s.armed == [] and s.round == 2


def test_ambiguity_15_victory_is_checked_only_after_the_whole_action() -> None:
    s = table(
        hands={0: ["machiavelli"]},
        lands={0: ["east_asia", "italian_peninsula"], 1: ["andes"]},
        yellow=["east_asia", "italian_peninsula"],
        tokens={1: (3, 3, 3)},
    )
    assert glory(s, 0) == 9
    start_war(s, 0, "machiavelli", "andes")
    throw(s, "rock", "scissors")
    assert glory(s, 0) == 9  # Andes white is worth 0 ...
    s = table(
        hands={0: ["machiavelli"]},
        lands={0: ["east_asia", "italian_peninsula"], 1: ["south_asia"]},
        yellow=["east_asia", "italian_peninsula"],
        tokens={1: (3, 3, 3)},
    )
    start_war(s, 0, "machiavelli", "south_asia")
    throw(s, "rock", "scissors")
    assert glory(s, 0) == 10 and not GAME.is_over(s)  # ... South Asia +1: but mid-action
    do(s, 0, "token:military")
    assert GAME.is_over(s) and GAME.winners(s) == [0]


def test_ambiguity_16_active_player_first_when_several_qualify() -> None:
    # Seat 0 takes Pampas (white -1): her sixth continent; the defender rises to 10 glory.
    s = table(
        hands={0: ["julius_caesar"]},
        lands={
            0: ["polynesia", "scandinavia", "great_plains", "west_asia", "north_africa"],
            1: ["pampas", "east_asia", "italian_peninsula", "south_asia"],
        },
        yellow=["east_asia", "italian_peninsula"],
    )
    assert glory(s, 1) == 9
    start_war(s, 0, "julius_caesar", "pampas")
    out = throw(s, "rock", "scissors")
    assert glory(s, 1) == 10 and GAME.qualifies(s, 0) and GAME.qualifies(s, 1)
    assert GAME.winners(s) == [0]
    assert events_of(out, "game_over")[0]["goal"] == "continents"


def test_ambiguity_16_otherwise_nearest_clockwise_from_the_active_player() -> None:
    s = table(
        hands={2: ["confucius"]},
        player=2,
        lands={
            0: ["east_asia", "italian_peninsula", "south_asia"],
            3: ["great_lakes", "west_africa", "andes", "mesoamerica", "pampas"],
        },
        yellow=[
            "east_asia",
            "italian_peninsula",
            "south_asia",
            "great_lakes",
            "west_africa",
            "andes",
            "mesoamerica",
            "pampas",
        ],
    )
    assert glory(s, 0) == 13 and glory(s, 3) == 14
    do(s, 2, "play:confucius")
    assert GAME.winners(s) == [3]  # 3 comes before 0 going clockwise from 2


def test_ambiguity_17_the_left_neighbour_starts_the_next_round() -> None:
    s = table(n=5, player=4, start=4, passed=[0, 1, 2, 3])
    do(s, 4, "pass")
    assert s.start == 0 and GAME.to_act(s) == (0,)


def test_ambiguity_18_the_start_player_is_random() -> None:
    starts = {GAME.setup(4, seed).start for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    assert CARDS.assumed["random_start_player"] is True


def test_ambiguity_19_card_expansion_is_not_the_expand_action() -> None:
    s = table(
        hands={0: ["christopher_columbus"]}, tokens={0: (1, 0, 0)}, land_deck=["andes"]
    )  # Expand would need 3
    assert "expand" not in legal(s)
    out = do(s, 0, "play:christopher_columbus", "use")
    assert lands(s, 0) == ["polynesia", "andes"] and tokens(s, 0) == [0, 0, 0]
    assert events_of(out, "expand")[0]["why"] == "christopher_columbus"


def test_ambiguity_20_negative_glory_is_allowed() -> None:
    s = table(lands={0: ["polynesia", "pampas", "new_zealand"]})
    assert glory(s, 0) == -3 and GAME.scores(s)[0] == -3.0
    assert GAME.view(s, 1)["players"][0]["glory"] == -3


def test_ambiguity_21_a_defender_wins_by_losing_a_minus_one_territory() -> None:
    s = table(
        hands={0: ["julius_caesar"]},
        lands={1: ["pampas", "east_asia", "italian_peninsula", "south_asia"]},
        yellow=["east_asia", "italian_peninsula"],
    )
    assert glory(s, 1) == 9
    start_war(s, 0, "julius_caesar", "pampas")
    out = throw(s, "rock", "scissors")  # the attacker wins the war ...
    assert GAME.is_over(s) and GAME.winners(s) == [1]  # ... and the defender the game
    assert events_of(out, "game_over")[0] == {
        "type": "game_over",
        "winner": 1,
        "goal": "glory",
        "scores": [-2.0, 10.0, 0.0, 0.0],
    }


def test_ambiguity_22_settlement_order() -> None:
    s = table(
        n=3,
        player=1,
        start=1,
        tableau={0: ["people"], 2: ["confucius"]},
        passed=[0, 2],
        tokens={0: ZERO, 1: ZERO, 2: ZERO},
        deck=["people"] * 9,
    )
    out = do(s, 1, "pass")
    # income of colours now (seat 2), then seat 0's people choice, before any reshuffle
    assert types(out) == ["pass", "settlement", "gain"] and GAME.to_act(s) == (0,)
    assert len(s.deck) == 9
    out = do(s, 0, "token:culture")
    assert types(out) == ["gain", "reshuffle", "draw", "draw", "draw", "round"]
    assert [e["seat"] for e in events_of(out, "draw")] == [1, 2, 0]  # from the start player
    assert s.start == 2


def test_ambiguity_23_public_information() -> None:
    s = table(
        hands={1: ["mozart", "people"]},
        tableau={1: ["sun_tzu"]},
        armed=[("sun_tzu", 1)],
        discard=["confucius"],
        tokens={1: (4, 5, 6)},
        passed=[2],
        yellow=["pampas"],
    )
    v = GAME.view(s, 0)
    p = v["players"][1]
    assert p["tokens"] == {"military": 4, "culture": 5, "technology": 6}
    assert p["lands"] == [{"key": "pampas", "yellow": True}]
    assert p["tableau"] == ["sun_tzu"] and p["armed"] == ["sun_tzu"]
    assert p["hand_size"] == 2 and v["players"][2]["passed"]
    assert v["discard"] == ["confucius"] and v["land_top"] == "andes"
    assert v["deck"] == 5 and v["land_deck"] == 2
    assert "mozart" not in str(v) and GAME.view(s, 1)["hand"] == ["mozart", "people"]


def test_ambiguity_24_passing_is_always_legal() -> None:
    s = table(hands={0: ["confucius", "julius_caesar"]}, tokens={0: (9, 9, 9)})
    assert legal(s)[0] == "pass"
    do(s, 0, "pass")
    assert s.passed[0]


def test_ambiguity_25_a_territory_flipped_back_can_be_built_again() -> None:
    s = table(
        hands={0: ["julius_caesar"], 1: ["people"]},
        yellow=["pampas"],
        tokens={1: (0, 4, 0)},
        deck=["people", "mozart", "socrates"],
    )
    start_war(s, 0, "julius_caesar", "pampas")
    throw(s, "rock", "scissors")
    assert not yellow(s, "pampas")
    do(s, 1, "build:pampas:culture")
    assert yellow(s, "pampas") and tokens(s, 1) == [0, 2, 0]
    assert hand(s, 1) == ["people", "socrates"]  # and draws again


def test_ambiguity_26_only_a_territory_in_front_of_another_player() -> None:
    s = table(hands={0: ["julius_caesar"]}, lands={0: ["polynesia"], 1: ["pampas"], 2: [], 3: []})
    do(s, 0, "play:julius_caesar")
    assert legal(s) == ["target:pampas"]
    for land in ("polynesia", "andes", "east_asia"):
        assert_illegal(s, 0, f"target:{land}")


def test_ambiguity_27_no_player_boards_or_glory_pieces() -> None:
    assert set(GAME.inventory(GAME.setup(4, 1))) == {"character", "territory"}


def test_ambiguity_28_no_round_limit() -> None:
    s = table(player=0, start=0, passed=[1, 2, 3], round=500)
    do(s, 0, "pass")
    assert s.round == 501 and not GAME.is_over(s)
    assert GAME.options_schema() == {}


def test_ambiguity_29_the_game_stops_at_once_without_settlement() -> None:
    s = table(
        lands={0: ["east_asia", "italian_peninsula", "polynesia"]},
        yellow=["east_asia", "italian_peninsula"],
        tokens={0: (0, 9, 0)},
        tableau={1: ["confucius"]},
        passed=[2],
    )
    out = do(s, 0, "build:polynesia:culture")
    assert GAME.is_over(s) and "settlement" not in types(out) and "turn" not in types(out)
    assert tableau(s, 1) == ["confucius"] and tokens(s, 1) == [1, 1, 1]
    assert GAME.to_act(s) == () and all(GAME.legal_actions(s, x) == [] for x in range(4))


def test_ambiguity_30_charlemagne_one_lost_throw_becomes_a_tie_once() -> None:
    s = table(hands={0: ["charlemagne"]})
    start_war(s, 0, "charlemagne", "pampas")
    throw(s, "scissors", "rock")
    do(s, 0, "use")
    assert s.war.ties == 1 and not s.war.charlemagne
    throw(s, "paper", "paper")  # a tie: the war goes on
    out = throw(s, "scissors", "rock")
    assert s.war is None and events_of(out, "war_end")[0]["winner"] == 1
    assert discard(s) == []  # the war card stays with the attacker
    assert tableau(s, 0) == ["charlemagne"]


def test_random_games_end_without_a_round_cap() -> None:
    """Without a round cap (A28) random games still end."""
    for seed in range(30):
        s = GAME.setup(3 + seed % 4, seed)
        rng = random.Random(seed)
        steps = 0
        while not GAME.is_over(s):
            seat = rng.choice(GAME.to_act(s))
            options = GAME.legal_actions(s, seat)
            GAME.apply(s, seat, options[rng.randrange(len(options))])
            steps += 1
            assert steps < 20_000
