"""Exact scenarios for every noble with an effect (spec §2.1, §4.2).

Unless stated otherwise: three seats, seat 0 starts its turn, seats 1 and 2 hold one
Fountain of Blood each, the action deck is all Pushed, so every step-3 draw is a Pushed.
"""

from guillotine_scenario import (
    GAME,
    action_discard,
    assert_illegal,
    do,
    events_of,
    hand,
    legal,
    line,
    noble_deck,
    noble_discard,
    pile,
    score,
    table,
    types,
)


# ---------------------------------------------------------------- Robespierre
def test_noble_robespierre_ends_the_day_discards_the_line_and_skips_the_draw():
    s = table(
        line=["robespierre", "duke", "baron"],
        deck=["heretic", "bishop", "colonel"],
        hands={0: ["stumble"]},
        player=0,
        starter=2,
    )
    do(s, 0, "pass")
    assert pile(s, 0) == ["robespierre"]
    assert hand(s, 0) == ["stumble"]  # no step-3 draw
    assert noble_discard(s) == ["duke", "baron"]
    assert s.day == 2
    assert s.starter == 0  # left of day 1's starter (seat 2)
    assert line(s) == ["heretic", "bishop", "colonel"]
    assert GAME.to_act(s) == (0,)


def test_noble_robespierre_cancels_the_second_double_feature_collection():
    s = table(line=["robespierre", "duke", "baron"], hands={0: ["double_feature"]})
    do(s, 0, "play:double_feature")
    assert pile(s, 0) == ["robespierre"]
    assert noble_discard(s) == ["duke", "baron"]
    assert hand(s, 0) == []
    assert s.day == 2


def test_noble_robespierre_cancels_scarlet_pimpernel_which_becomes_moot():
    s = table(
        line=["robespierre", "duke"], deck=["heretic", "bishop"], hands={0: ["scarlet_pimpernel"]}
    )
    do(s, 0, "play:scarlet_pimpernel")
    assert s.day == 2  # one day ended, not two
    assert line(s) == ["heretic", "bishop"]


# ---------------------------------------------------------------- Count / Countess
def test_noble_count_and_countess_pair_bonus_once():
    s = table(line=["duke"], piles={0: ["count", "countess"], 1: ["count"], 2: ["countess"]})
    assert score(s, 0) == 2 + 2 + 4
    assert score(s, 1) == 2
    assert score(s, 2) == 2


def test_noble_count_pair_bonus_needs_both_in_the_same_pile_at_the_end():
    s = table(line=["countess", "duke"], piles={0: ["count"]})
    do(s, 0, "pass")
    assert score(s, 0) == 8


# ---------------------------------------------------------------- Fast Noble
def test_noble_fast_noble_rules_example_l_idiot_then_fast_noble_and_duke():
    # Rules summary example: L'Idiot moves Fast Noble two places; Fast Noble and the Duke
    # behind it are taken, 5 points.
    s = table(line=["duke", "baron", "fast_noble", "regent"], hands={0: ["l_idiot"]})
    do(s, 0, "play:l_idiot", "noble:3", "by:2")
    assert pile(s, 0) == ["fast_noble", "duke"]
    assert line(s) == ["baron", "regent"]
    assert score(s, 0) == 5
    assert hand(s, 0) == ["pushed"]


def test_noble_fast_noble_last_in_line_collects_nothing_more():
    s = table(line=["fast_noble"], hands={0: ["stumble"]})
    do(s, 0, "pass")
    assert pile(s, 0) == ["fast_noble"]
    assert hand(s, 0) == ["pushed", "stumble"]


def test_noble_fast_noble_chains_into_the_next_nobles_effect():
    s = table(line=["fast_noble", "lady", "duke"], hands={0: ["stumble"]})
    do(s, 0, "pass")
    assert pile(s, 0) == ["fast_noble", "lady"]
    assert hand(s, 0) == ["pushed", "pushed", "stumble"]
    assert line(s) == ["duke"]


def test_noble_fast_noble_first_of_a_double_feature_makes_three_collections():
    s = table(line=["fast_noble", "duke", "baron", "regent"], hands={0: ["double_feature"]})
    do(s, 0, "play:double_feature")
    assert pile(s, 0) == ["fast_noble", "duke", "baron"]
    assert line(s) == ["regent"]


def test_noble_fast_noble_follow_up_draws_for_foreign_support():
    s = table(
        line=["fast_noble", "duke", "mayor"],
        hands={0: ["stumble"]},
        front={0: ["foreign_support"]},
        action_deck=["escape", "trip", "majesty"],
    )
    do(s, 0, "pass")
    assert pile(s, 0) == ["fast_noble", "duke"]
    assert hand(s, 0) == ["escape", "majesty", "stumble", "trip"]


# ---------------------------------------------------------------- Lady / Lord / Lady in Waiting
def test_noble_lady_lord_lady_in_waiting_draw_one_extra_card():
    for noble in ("lady", "lord", "lady_in_waiting"):
        s = table(
            line=[noble, "duke"], hands={0: ["stumble"]}, action_deck=["escape", "trip", "majesty"]
        )
        do(s, 0, "pass")
        assert pile(s, 0) == [noble]
        assert hand(s, 0) == ["majesty", "stumble", "trip"]


# ---------------------------------------------------------------- Unpopular Judge
def test_noble_unpopular_judge_at_the_front_blocks_all_plays():
    s = table(
        line=["unpopular_judge", "duke", "baron"], hands={0: ["stumble", "rush_job"]}, start=False
    )
    ev = []
    GAME._run(s, ev)
    # Nothing to decide: seat 0 collected the Judge at once, seat 1 now acts.
    assert pile(s, 0) == ["unpopular_judge"]
    assert hand(s, 0) == ["pushed", "rush_job", "stumble"]
    assert GAME.to_act(s) == (1,)


def test_noble_unpopular_judge_blocks_even_with_callous_guards_to_discard():
    s = table(
        line=["unpopular_judge", "duke", "baron"],
        hands={0: ["stumble", "rush_job"]},
        front={0: ["callous_guards"]},
    )
    assert legal(s) == ["pass", "discard_callous"]
    assert_illegal(s, 0, "play:rush_job")
    do(s, 0, "discard_callous")
    assert legal(s) == ["pass"]


def test_noble_unpopular_judge_reaching_the_front_after_trip_blocks_the_next_card():
    s = table(line=["duke", "unpopular_judge", "baron"], hands={0: ["trip", "rush_job"]})
    do(s, 0, "play:trip", "noble:1")
    assert line(s) == ["unpopular_judge", "duke", "baron"]
    assert legal(s) == ["pass"]
    assert_illegal(s, 0, "play:rush_job")
    do(s, 0, "pass")
    assert pile(s, 0) == ["unpopular_judge"]


def test_noble_unpopular_judge_elsewhere_blocks_nothing():
    s = table(line=["duke", "unpopular_judge"], hands={0: ["rush_job"]})
    assert legal(s) == ["pass", "play:rush_job"]


# ---------------------------------------------------------------- Rival Executioner
def test_noble_rival_executioner_also_collects_the_deck_top():
    s = table(
        line=["rival_executioner", "duke"], deck=["heretic", "bishop"], hands={0: ["stumble"]}
    )
    ev = do(s, 0, "pass")
    assert pile(s, 0) == ["rival_executioner", "bishop"]
    assert noble_deck(s) == ["heretic"]
    assert line(s) == ["duke"]
    assert types(ev).count("collect") == 2


def test_noble_rival_executioner_with_empty_deck_collects_nothing_more():
    s = table(line=["rival_executioner", "duke"], deck=[], hands={0: ["stumble"]})
    do(s, 0, "pass")
    assert pile(s, 0) == ["rival_executioner"]
    assert line(s) == ["duke"]


# ---------------------------------------------------------------- General / Captain of the Guard
def test_noble_general_and_captain_of_the_guard_add_the_deck_top_to_the_back():
    for noble in ("general", "captain_of_the_guard"):
        s = table(line=[noble, "duke"], deck=["heretic", "bishop"], hands={0: ["stumble"]})
        do(s, 0, "pass")
        assert pile(s, 0) == [noble]
        assert line(s) == ["duke", "bishop"]
        assert noble_deck(s) == ["heretic"]


def test_noble_general_with_empty_deck_adds_nothing():
    s = table(line=["general", "duke"], deck=[], hands={0: ["stumble"]})
    do(s, 0, "pass")
    assert line(s) == ["duke"]


# ---------------------------------------------------------------- Master Spy
def test_noble_master_spy_moves_to_the_back_after_any_card():
    s = table(line=["master_spy", "duke", "baron"], hands={0: ["fountain_of_blood"]})
    ev = do(s, 0, "play:fountain_of_blood")  # an in-front card with no effect on the line
    assert events_of(ev, "master_spy")
    assert pile(s, 0) == ["duke"]
    assert line(s) == ["baron", "master_spy"]


def test_noble_master_spy_moves_after_each_card_of_a_trip_chain():
    s = table(line=["duke", "master_spy", "baron", "regent"], hands={0: ["trip", "stumble"]})
    do(s, 0, "play:trip", "noble:1")  # duke, master_spy -> master_spy, duke -> spy to back
    assert line(s) == ["duke", "baron", "regent", "master_spy"]
    do(s, 0, "play:stumble", "noble:4")  # the spy moves forward, then back again
    assert pile(s, 0) == ["duke"]
    assert line(s) == ["baron", "regent", "master_spy"]


def test_noble_master_spy_does_not_move_without_a_card():
    s = table(line=["master_spy", "duke"], hands={0: ["stumble"]})
    do(s, 0, "pass")
    assert pile(s, 0) == ["master_spy"]


# ---------------------------------------------------------------- Palace Guard
def test_noble_palace_guard_worth_the_number_of_guards_in_the_pile():
    for k in range(1, 6):
        s = table(line=["duke"], piles={0: ["palace_guard"] * k})
        assert score(s, 0) == k * k


# ---------------------------------------------------------------- The Clown
def test_noble_clown_collector_places_it_in_another_pile():
    s = table(line=["clown", "duke"], hands={0: ["stumble"]}, piles={2: ["baron"]})
    do(s, 0, "pass")
    assert GAME.to_act(s) == (0,)
    assert legal(s) == ["seat:1", "seat:2"]
    do(s, 0, "seat:2")
    assert pile(s, 0) == []
    assert pile(s, 2) == ["baron", "clown"]
    assert hand(s, 0) == ["pushed", "stumble"]
    assert GAME.to_act(s) == (1,)


def test_noble_clown_with_two_players_goes_to_the_opponent():
    s = table(2, line=["clown", "duke"], hands={0: ["stumble"]})
    do(s, 0, "pass")
    assert legal(s) == ["seat:1"]
    assert_illegal(s, 0, "seat:0")
    do(s, 0, "seat:1")
    assert pile(s, 1) == ["clown"]


def test_noble_clown_collected_by_fast_noble_mid_chain():
    s = table(line=["fast_noble", "clown", "duke"], hands={0: ["stumble"]})
    do(s, 0, "pass")
    assert legal(s) == ["seat:1", "seat:2"]
    do(s, 0, "seat:1")
    assert pile(s, 0) == ["fast_noble"]
    assert pile(s, 1) == ["clown"]
    assert line(s) == ["duke"]


# ---------------------------------------------------------------- Innocent Victim
def test_noble_innocent_victim_collector_discards_one_card_before_drawing():
    s = table(line=["innocent_victim", "duke"], hands={0: ["stumble", "trip"]})
    do(s, 0, "pass")
    assert GAME.to_act(s) == (0,)
    assert legal(s) == ["card:stumble", "card:trip"]  # the draw has not happened yet
    do(s, 0, "card:trip")
    assert hand(s, 0) == ["pushed", "stumble"]
    assert action_discard(s) == ["trip"]
    assert GAME.to_act(s) == (1,)


def test_noble_innocent_victim_with_empty_hand_discards_nothing():
    s = table(line=["innocent_victim", "duke"], hands={0: []})
    assert pile(s, 0) == ["innocent_victim"]  # empty hand: no decision at all
    assert hand(s, 0) == ["pushed"]
    assert GAME.to_act(s) == (1,)


# ---------------------------------------------------------------- Tragic Figure
def test_noble_tragic_figure_worth_minus_the_grays_in_its_pile():
    s = table(
        line=["duke"],
        piles={0: ["tragic_figure"], 1: ["tragic_figure", "martyr", "hero_of_the_people", "clown"]},
    )
    assert score(s, 0) == -1
    assert score(s, 1) == -4 - 1 - 3 - 2


def test_noble_tragic_figure_counts_a_clown_received_from_another_player():
    s = table(line=["clown", "duke"], hands={0: ["stumble"]}, piles={1: ["tragic_figure"]})
    assert score(s, 1) == -1
    do(s, 0, "pass", "seat:1")
    assert score(s, 1) == -2 - 2
