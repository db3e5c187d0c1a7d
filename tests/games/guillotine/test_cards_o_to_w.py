"""Exact scenarios for the action cards Opinionated Guards to Was That My Name? (§2.2, §4.3).

Unless stated otherwise: three seats, seat 0 starts its turn, seats 1 and 2 hold one
Fountain of Blood each, the action deck is all Pushed, so every step-3 draw is a Pushed.
"""

import random
from collections import Counter

from guillotine_scenario import (
    GAME,
    action_deck,
    action_discard,
    akeys,
    assert_illegal,
    do,
    front,
    hand,
    legal,
    line,
    noble_discard,
    pile,
    score,
    table,
)


# ---------------------------------------------------------------- Opinionated Guards
def test_card_opinionated_guards_rearranges_the_first_four():
    s = table(
        line=["duke", "baron", "regent", "coiffeur", "piss_boy"], hands={0: ["opinionated_guards"]}
    )
    do(s, 0, "play:opinionated_guards")
    assert legal(s) == ["noble:1", "noble:2", "noble:3", "noble:4"]
    do(s, 0, "noble:4")  # Coiffeur first
    assert legal(s) == ["noble:1", "noble:2", "noble:3"]
    do(s, 0, "noble:2")  # then Baron
    assert legal(s) == ["noble:1", "noble:3"]
    do(s, 0, "noble:1")  # then Duke; Regent is last of the four
    assert pile(s, 0) == ["coiffeur"]
    assert line(s) == ["baron", "duke", "regent", "piss_boy"]


def test_card_opinionated_guards_on_short_lines():
    s = table(line=["duke", "baron"], hands={0: ["opinionated_guards"]})
    do(s, 0, "play:opinionated_guards")
    assert legal(s) == ["noble:1", "noble:2"]
    do(s, 0, "noble:2")
    assert pile(s, 0) == ["baron"]
    assert line(s) == ["duke"]
    s = table(line=["duke"], hands={0: ["opinionated_guards"]})
    do(s, 0, "play:opinionated_guards")  # one noble: one order, nothing to ask
    assert pile(s, 0) == ["duke"]


# ---------------------------------------------------------------- Political Influence
def test_card_political_influence_no_collection_and_four_cards():
    s = table(
        line=["duke", "baron"],
        hands={0: ["political_influence"]},
        action_deck=["stumble", "trip", "majesty", "escape", "long_walk"],
    )
    do(s, 0, "play:political_influence")
    assert pile(s, 0) == []
    assert line(s) == ["duke", "baron"]
    assert hand(s, 0) == ["escape", "long_walk", "majesty", "trip"]
    assert action_deck(s) == ["stumble"]
    assert GAME.to_act(s) == (1,)


# ---------------------------------------------------------------- Public Demand
def test_card_public_demand_moves_any_noble_to_the_front():
    s = table(line=["duke", "baron", "regent"], hands={0: ["public_demand"]})
    do(s, 0, "play:public_demand")
    assert legal(s) == ["noble:1", "noble:2", "noble:3"]
    do(s, 0, "noble:3")
    assert pile(s, 0) == ["regent"]
    assert line(s) == ["duke", "baron"]


# ---------------------------------------------------------------- Pushed
def test_card_pushed_moves_a_noble_forward_exactly_two():
    s = table(line=["duke", "baron", "regent", "coiffeur"], hands={0: ["pushed"]})
    do(s, 0, "play:pushed")
    assert legal(s) == ["noble:3", "noble:4"]
    do(s, 0, "noble:4")
    assert pile(s, 0) == ["duke"]
    assert line(s) == ["coiffeur", "baron", "regent"]


# ---------------------------------------------------------------- Rain Delay
def test_card_rain_delay_all_hands_reshuffled_and_five_dealt_each():
    hands = {0: ["rain_delay", "stumble"], 1: ["trip"], 2: ["majesty", "escape"]}
    deck = [
        "long_walk",
        "fled_to_england",
        "infighting",
        "rush_job",
        "missed",
        "pushed",
        "l_idiot",
        "bribed_guards",
        "extra_cart",
        "public_demand",
        "late_arrival",
        "clothing_swap",
        "forward_march",
    ]
    s = table(
        line=["duke", "baron"], hands=hands, action_deck=deck, action_discard=["double_feature"]
    )
    pool = Counter(["stumble", "trip", "majesty", "escape", *deck])
    do(s, 0, "play:rain_delay")
    assert [len(h) for h in s.hands] == [6, 5, 5]  # 5 dealt, then the actor's step-3 draw
    assert Counter(akeys(s.action_deck + [c for h in s.hands for c in h])) == pool
    assert action_discard(s) == ["double_feature", "rain_delay"]  # the discard pile untouched
    assert pile(s, 0) == ["duke"]


class _NoShuffle(random.Random):
    """An RNG whose shuffle keeps the order, to observe the deal order exactly."""

    def shuffle(self, x, *args, **kwargs):
        return None


def test_card_rain_delay_deals_one_at_a_time_from_the_actor_leftwards():
    deck = [
        "after_you",
        "bribed_guards",
        "church_support",
        "civic_pride",
        "civic_support",
        "clerical_error",
        "clothing_swap",
        "confusion_in_line",
        "double_feature",
        "escape",
        "extra_cart",
        "fainting_spell",
        "fled_to_england",
        "forced_break",
        "forward_march",
        "friend_of_the_queen",
    ]  # 16 distinct cards, top = last
    s = table(
        line=["duke", "baron"], hands={0: [], 1: ["rain_delay"], 2: []}, player=1, action_deck=deck
    )
    s.rng = _NoShuffle(0)
    do(s, 1, "play:rain_delay")
    top_first = deck[::-1]
    # Seat 1 (the actor) gets the 1st, 4th, 7th... card, seat 2 the 2nd, 5th..., seat 0 the
    # 3rd, 6th...; then seat 1 draws its step-3 card (the 16th).
    assert hand(s, 1) == sorted(top_first[0:15:3] + [top_first[15]])
    assert hand(s, 2) == sorted(top_first[1:15:3])
    assert hand(s, 0) == sorted(top_first[2:15:3])


# ---------------------------------------------------------------- Rat Break
def test_card_rat_break_takes_any_card_of_the_discard_pile():
    s = table(
        line=["duke", "baron"],
        hands={0: ["rat_break"]},
        action_discard=["stumble", "trip", "stumble"],
    )
    do(s, 0, "play:rat_break")
    assert legal(s) == ["card:stumble", "card:trip"]  # not Rat Break itself
    do(s, 0, "card:trip")
    assert hand(s, 0) == ["pushed", "trip"]
    assert action_discard(s) == ["stumble", "stumble", "rat_break"]
    assert pile(s, 0) == ["duke"]


def test_a_card_taken_by_rat_break_is_known_to_every_other_seat_in_the_takers_hand():
    s = table(
        line=["duke", "baron"],
        player=1,
        hands={1: ["rat_break"]},
        action_discard=["stumble", "trip"],
    )
    do(s, 1, "play:rat_break", "card:trip")
    assert akeys(s.seen[0][1]) == ["trip"] and akeys(s.seen[2][1]) == ["trip"]
    assert s.seen[1][1] == ()  # a seat does not "see" its own hand


def test_card_rat_break_needs_a_discard_pile():
    s = table(line=["duke", "baron"], hands={0: ["rat_break", "stumble"]})
    assert legal(s) == ["pass", "play:stumble"]
    assert_illegal(s, 0, "play:rat_break")


# ---------------------------------------------------------------- Rush Job
def test_card_rush_job_target_cannot_play_on_its_next_turn():
    s = table(
        line=["duke", "baron", "regent", "coiffeur", "piss_boy", "cardinal", "bishop"],
        hands={0: ["rush_job"], 1: ["stumble"]},
    )
    do(s, 0, "play:rush_job")
    assert legal(s) == ["seat:0", "seat:1", "seat:2"]
    do(s, 0, "seat:1")
    # Seat 1's turn had no decision: it collected Baron at once; now seat 2 acts.
    assert pile(s, 1) == ["baron"]
    assert hand(s, 1) == ["pushed", "stumble"]
    assert GAME.to_act(s) == (2,)
    assert s.rush == [False, False, False]
    do(s, 2, "pass")
    do(s, 0, "pass")
    assert legal(s, 1) == ["pass", "play:pushed", "play:stumble"]  # only that one turn


def test_card_rush_job_on_oneself_applies_to_the_following_turn():
    s = table(
        line=["duke", "baron", "regent", "coiffeur", "piss_boy"], hands={0: ["rush_job", "stumble"]}
    )
    do(s, 0, "play:rush_job", "seat:0")
    assert s.rush == [True, False, False]
    do(s, 1, "pass")
    do(s, 2, "pass")
    # Seat 0's next turn: no decision, it collected Coiffeur at once.
    assert pile(s, 0) == ["duke", "coiffeur"]
    assert GAME.to_act(s) == (1,)
    assert s.rush == [False, False, False]


# ---------------------------------------------------------------- Scarlet Pimpernel
def test_card_scarlet_pimpernel_turn_goes_on_then_the_day_ends():
    s = table(
        line=["duke", "baron", "regent"],
        deck=["heretic", "bishop", "colonel"],
        hands={2: ["scarlet_pimpernel"]},
        player=2,
        starter=1,
    )
    do(s, 2, "play:scarlet_pimpernel")
    assert pile(s, 2) == ["duke"]
    assert hand(s, 2) == ["pushed"]
    assert noble_discard(s) == ["baron", "regent"]
    assert s.day == 2
    assert s.starter == 2  # left of day 1's starter (seat 1)
    assert line(s) == ["heretic", "bishop", "colonel"]
    assert GAME.to_act(s) == (2,)


# ---------------------------------------------------------------- Stumble
def test_card_stumble_moves_a_noble_forward_exactly_one():
    s = table(line=["duke", "baron", "regent"], hands={0: ["stumble"]})
    do(s, 0, "play:stumble")
    assert legal(s) == ["noble:2", "noble:3"]
    do(s, 0, "noble:3")
    assert pile(s, 0) == ["duke"]
    assert line(s) == ["regent", "baron"]


# ---------------------------------------------------------------- 'Tis a Far Better Thing
def test_card_far_better_thing_moves_a_noble_forward_exactly_three():
    s = table(
        line=["duke", "baron", "regent", "coiffeur", "piss_boy"], hands={0: ["far_better_thing"]}
    )
    do(s, 0, "play:far_better_thing")
    assert legal(s) == ["noble:4", "noble:5"]
    do(s, 0, "noble:4")
    assert pile(s, 0) == ["coiffeur"]
    assert line(s) == ["duke", "baron", "regent", "piss_boy"]


# ---------------------------------------------------------------- Tough Crowd
def test_card_tough_crowd_placed_in_front_of_another_player():
    s = table(line=["duke", "baron"], hands={0: ["tough_crowd"]}, piles={2: ["regent"]})
    do(s, 0, "play:tough_crowd")
    assert legal(s) == ["seat:1", "seat:2"]
    do(s, 0, "seat:2")
    assert front(s, 2) == ["tough_crowd"]
    assert front(s, 0) == []
    assert action_discard(s) == []
    assert score(s, 2) == 4 - 2


# ---------------------------------------------------------------- Trip
def test_card_trip_moves_back_one_then_allows_another_card():
    s = table(line=["duke", "baron", "regent"], hands={0: ["trip", "stumble"]})
    do(s, 0, "play:trip")
    assert legal(s) == ["noble:1", "noble:2"]
    do(s, 0, "noble:1")
    assert line(s) == ["baron", "duke", "regent"]
    assert GAME.to_act(s) == (0,)
    assert legal(s) == ["pass", "play:stumble"]
    do(s, 0, "play:stumble", "noble:2")
    assert pile(s, 0) == ["duke"]
    assert line(s) == ["baron", "regent"]
    assert action_discard(s) == ["trip", "stumble"]


def test_card_trip_then_stop():
    s = table(line=["duke", "baron", "regent"], hands={0: ["trip", "stumble"]})
    do(s, 0, "play:trip", "noble:2", "pass")
    assert pile(s, 0) == ["duke"]
    assert line(s) == ["regent", "baron"]
    assert hand(s, 0) == ["pushed", "stumble"]


# ---------------------------------------------------------------- Twist of Fate
def test_card_twist_of_fate_discards_a_face_up_card_in_front_of_anyone():
    s = table(
        line=["duke", "baron"],
        hands={0: ["twist_of_fate"]},
        front={0: ["fountain_of_blood"], 2: ["callous_guards", "tough_crowd"]},
    )
    do(s, 2, "pass")  # the owner of Callous Guards keeps it
    do(s, 0, "play:twist_of_fate")
    assert legal(s) == ["seat:0", "seat:2"]  # players with a face-up card, oneself included
    do(s, 0, "seat:2")
    assert legal(s) == ["card:callous_guards", "card:tough_crowd"]
    do(s, 0, "card:tough_crowd")
    assert front(s, 2) == ["callous_guards"]
    assert front(s, 0) == ["fountain_of_blood"]
    assert action_discard(s) == ["tough_crowd", "twist_of_fate"]


def test_card_twist_of_fate_needs_a_face_up_card():
    s = table(line=["duke", "baron"], hands={0: ["twist_of_fate", "stumble"]})
    assert legal(s) == ["pass", "play:stumble"]
    assert_illegal(s, 0, "play:twist_of_fate")


# ---------------------------------------------------------------- Was That My Name?
def test_card_was_that_my_name_moves_a_noble_forward_one_to_three():
    s = table(
        line=["duke", "baron", "regent", "coiffeur", "piss_boy"], hands={0: ["was_that_my_name"]}
    )
    do(s, 0, "play:was_that_my_name")
    assert legal(s) == ["noble:2", "noble:3", "noble:4", "noble:5"]
    do(s, 0, "noble:5")
    assert legal(s) == ["by:1", "by:2", "by:3"]
    do(s, 0, "by:3")
    assert pile(s, 0) == ["duke"]
    assert line(s) == ["piss_boy", "baron", "regent", "coiffeur"]
    s = table(line=["duke", "baron", "regent"], hands={0: ["was_that_my_name"]})
    do(s, 0, "play:was_that_my_name", "noble:3")
    assert legal(s) == ["by:1", "by:2"]
    do(s, 0, "by:2")
    assert pile(s, 0) == ["regent"]


def test_card_rain_delay_shuffles_the_gathered_cards_before_dealing():
    hands = {0: ["rain_delay", "stumble"], 1: ["trip"], 2: ["majesty", "escape"]}
    deck = [
        "long_walk",
        "fled_to_england",
        "infighting",
        "rush_job",
        "missed",
        "pushed",
        "l_idiot",
        "bribed_guards",
        "extra_cart",
        "public_demand",
        "late_arrival",
        "clothing_swap",
        "forward_march",
    ]
    deals = set()
    for seed in range(6):
        s = table(line=["duke", "baron"], hands=hands, action_deck=deck, seed=seed)
        do(s, 0, "play:rain_delay")
        deals.add(tuple(tuple(sorted(akeys(h))) for h in s.hands[1:]))
    assert len(deals) > 1, "the same hands whatever the seed: the cards were not shuffled"
