"""Exact scenarios for the action cards After You… to Friend of the Queen (spec §2.2, §4.3).

Unless stated otherwise: three seats, seat 0 starts its turn, seats 1 and 2 hold one
Fountain of Blood each, the action deck is all Pushed, so every step-3 draw is a Pushed.
"""

from guillotine_scenario import (
    GAME,
    action_discard,
    assert_illegal,
    do,
    events_of,
    front,
    hand,
    ids,
    legal,
    line,
    multiset,
    noble_deck,
    noble_discard,
    pile,
    score,
    table,
)


# ---------------------------------------------------------------- After You…
def test_card_after_you_puts_front_noble_in_another_pile_then_actor_collects_next():
    s = table(line=["duke", "baron", "regent"], hands={0: ["after_you"]})
    assert legal(s) == ["pass", "play:after_you"]
    do(s, 0, "play:after_you")
    assert GAME.to_act(s) == (0,)
    assert legal(s, 0) == ["seat:1", "seat:2"]  # another player only
    do(s, 0, "seat:2")
    assert pile(s, 2) == ["duke"]
    assert pile(s, 0) == ["baron"]
    assert pile(s, 1) == []
    assert line(s) == ["regent"]
    assert hand(s, 0) == ["pushed"]
    assert action_discard(s) == ["after_you"]
    assert GAME.to_act(s) == (1,)


def test_card_after_you_given_noble_triggers_nothing():
    # A given Lady draws nothing, a given Clown stays, a given Robespierre ends no day.
    for noble in ("lady", "clown", "robespierre"):
        s = table(
            line=[noble, "duke", "baron"], hands={0: ["after_you"]}, front={1: ["foreign_support"]}
        )
        do(s, 0, "play:after_you", "seat:1")
        assert pile(s, 1) == [noble]
        assert hand(s, 1) == ["fountain_of_blood"]  # no Lady draw, no Foreign Support draw
        assert pile(s, 0) == ["duke"]
        assert line(s) == ["baron"]
        assert s.day == 1
        assert GAME.to_act(s) == (1,)


# ---------------------------------------------------------------- Bribed Guards
def test_card_bribed_guards_moves_front_noble_to_back():
    s = table(line=["duke", "baron", "regent"], hands={0: ["bribed_guards"]})
    ev = do(s, 0, "play:bribed_guards")
    assert events_of(ev, "resolved")[0]["line"] == ids(["baron", "regent", "duke"])
    assert pile(s, 0) == ["baron"]
    assert line(s) == ["regent", "duke"]
    assert action_discard(s) == ["bribed_guards"]


def test_card_bribed_guards_with_one_noble_changes_nothing():
    s = table(line=["duke"], hands={0: ["bribed_guards", "stumble"]})
    assert "play:bribed_guards" in legal(s)
    do(s, 0, "play:bribed_guards")
    assert pile(s, 0) == ["duke"]


# ---------------------------------------------------------------- Callous Guards
def test_card_callous_guards_blocks_line_cards_of_everyone():
    s = table(
        line=["duke", "baron", "regent", "coiffeur"],
        hands={
            0: ["callous_guards", "stumble"],
            1: ["stumble", "double_feature", "bribed_guards", "after_you"],
        },
    )
    assert legal(s) == ["pass", "play:callous_guards", "play:stumble"]
    do(s, 0, "play:callous_guards")
    assert front(s, 0) == ["callous_guards"]
    assert action_discard(s) == []
    assert pile(s, 0) == ["duke"]
    assert GAME.to_act(s) == (0,)  # its owner may discard it before seat 1 acts: it keeps it
    do(s, 0, "pass")
    assert GAME.to_act(s) == (1,)
    # Seat 1 may play only cards that do not alter the line (After You is not one, amb. 11).
    assert legal(s, 1) == ["pass", "play:after_you", "play:double_feature"]
    assert_illegal(s, 1, "play:stumble")
    assert_illegal(s, 1, "play:bribed_guards")
    assert_illegal(s, 1, "discard_callous")  # not the owner


def test_card_callous_guards_blocks_its_owner_until_discarded():
    s = table(
        line=["duke", "baron", "regent"],
        hands={0: ["stumble", "fountain_of_blood"]},
        front={0: ["callous_guards"]},
    )
    assert legal(s) == ["pass", "discard_callous", "play:fountain_of_blood"]
    assert_illegal(s, 0, "play:stumble")
    do(s, 0, "discard_callous")  # a free action: the action step goes on
    assert front(s, 0) == []
    assert action_discard(s) == ["callous_guards"]
    assert GAME.to_act(s) == (0,)
    assert legal(s) == ["pass", "play:fountain_of_blood", "play:stumble"]
    do(s, 0, "play:stumble", "noble:2")
    assert pile(s, 0) == ["baron"]
    assert line(s) == ["duke", "regent"]


# ---------------------------------------------------------------- Church Support
def test_card_church_support_scores_one_per_blue_noble():
    s = table(
        line=["cardinal", "duke", "baron"],
        hands={0: ["church_support"]},
        piles={0: ["bishop", "heretic", "duke"]},
    )
    do(s, 0, "play:church_support")
    assert front(s, 0) == ["church_support"]
    assert action_discard(s) == []
    assert pile(s, 0) == ["bishop", "heretic", "duke", "cardinal"]
    assert score(s, 0) == 2 + 2 + 3 + 5 + 3


# ---------------------------------------------------------------- Civic Pride
def test_card_civic_pride_moves_a_green_noble_forward_one_or_two():
    s = table(line=["duke", "mayor", "baron", "governor", "regent"], hands={0: ["civic_pride"]})
    do(s, 0, "play:civic_pride")
    assert legal(s) == ["noble:2", "noble:4"]  # green nobles that can move forward
    do(s, 0, "noble:4")
    assert legal(s) == ["by:1", "by:2"]
    do(s, 0, "by:2")
    assert pile(s, 0) == ["duke"]
    assert line(s) == ["governor", "mayor", "baron", "regent"]


def test_card_civic_pride_second_place_moves_one_without_asking():
    s = table(line=["duke", "mayor", "baron"], hands={0: ["civic_pride"]})
    do(s, 0, "play:civic_pride", "noble:2")  # only 1 place is possible: no distance decision
    assert pile(s, 0) == ["mayor"]
    assert line(s) == ["duke", "baron"]


def test_card_civic_pride_needs_a_green_noble_behind_the_front():
    s = table(line=["mayor", "duke", "baron"], hands={0: ["civic_pride", "stumble"]})
    assert legal(s) == ["pass", "play:stumble"]
    assert_illegal(s, 0, "play:civic_pride")


# ---------------------------------------------------------------- Civic Support
def test_card_civic_support_scores_one_per_green_noble():
    s = table(
        line=["duke", "baron"],
        hands={0: ["civic_support"]},
        piles={0: ["mayor", "sheriff", "unpopular_judge", "colonel"]},
    )
    do(s, 0, "play:civic_support")
    assert front(s, 0) == ["civic_support"]
    assert score(s, 0) == (3 + 1 + 2 + 3 + 3) + 3


# ---------------------------------------------------------------- Clerical Error
def test_card_clerical_error_sequential_picks_from_pre_exchange_piles():
    s = table(
        line=["regent", "baron"],
        hands={0: ["clerical_error"]},
        piles={0: ["duke", "martyr"], 1: ["king_louis", "hero_of_the_people"]},
    )
    do(s, 0, "play:clerical_error")
    assert legal(s) == ["seat:1", "seat:2"]  # another player
    do(s, 0, "seat:1")
    assert legal(s) == ["pile:1", "pile:2"]  # seat 0 picks from seat 1's pile
    do(s, 0, "pile:1")  # King Louis
    assert GAME.to_act(s) == (1,)
    assert s.pending.seat == 1
    # Seat 1 picks from seat 0's pile as it was: King Louis is not (yet) in it.
    assert legal(s, 1) == ["pile:1", "pile:2"]
    assert pile(s, 0) == ["duke", "martyr"]
    do(s, 1, "pile:2")  # Martyr
    assert pile(s, 1) == ["hero_of_the_people", "martyr"]
    assert pile(s, 0) == ["duke", "king_louis", "regent"]  # then seat 0 collects as usual
    assert action_discard(s) == ["clerical_error"]
    assert GAME.to_act(s) == (1,)


def test_card_clerical_error_with_empty_piles_is_legal_and_one_sided():
    s = table(line=["regent", "baron"], hands={0: ["clerical_error"]}, piles={1: ["king_louis"]})
    do(s, 0, "play:clerical_error", "seat:1", "pile:1")
    # Seat 0's pile was empty: seat 1 receives nothing and is not asked.
    assert pile(s, 0) == ["king_louis", "regent"]
    assert pile(s, 1) == []
    s = table(line=["regent", "baron"], hands={0: ["clerical_error"]}, piles={0: ["duke"]})
    do(s, 0, "play:clerical_error", "seat:2")
    assert GAME.to_act(s) == (2,)  # seat 2's pile was empty: seat 2 still takes from seat 0
    assert legal(s, 2) == ["pile:1"]
    do(s, 2, "pile:1")
    assert pile(s, 2) == ["duke"]
    assert pile(s, 0) == ["regent"]


# ---------------------------------------------------------------- Clothing Swap
def test_card_clothing_swap_replaces_a_noble_with_the_deck_top():
    s = table(
        line=["duke", "baron", "regent"], deck=["sheriff", "cardinal"], hands={0: ["clothing_swap"]}
    )
    do(s, 0, "play:clothing_swap")
    assert legal(s) == ["noble:1", "noble:2", "noble:3"]
    do(s, 0, "noble:2")
    assert noble_discard(s) == ["baron"]
    assert pile(s, 0) == ["duke"]
    assert line(s) == ["cardinal", "regent"]
    assert noble_deck(s) == ["sheriff"]


def test_card_clothing_swap_with_empty_deck_just_discards():
    s = table(line=["duke", "baron", "regent"], deck=[], hands={0: ["clothing_swap"]})
    do(s, 0, "play:clothing_swap", "noble:1")
    assert noble_discard(s) == ["duke"]
    assert pile(s, 0) == ["baron"]
    assert line(s) == ["regent"]


# ---------------------------------------------------------------- Confusion in Line
def test_card_confusion_in_line_shuffles_before_the_targets_next_collection():
    nobles = ["duke", "baron", "regent", "coiffeur", "piss_boy", "cardinal"]
    s = table(line=nobles, hands={0: ["confusion_in_line"]})
    do(s, 0, "play:confusion_in_line")
    assert legal(s) == ["seat:1", "seat:2"]
    do(s, 0, "seat:1")
    assert s.confusion == [False, True, False]
    assert GAME.view(s, None)["players"][1]["confusion"] is True
    assert pile(s, 0) == ["duke"]  # the actor's own collection is not shuffled
    assert line(s) == nobles[1:]
    ev = do(s, 1, "pass")
    kinds = [e["type"] for e in ev]
    assert kinds.index("confusion") < kinds.index("collect")
    shuffled = events_of(ev, "confusion")[0]["line"]
    assert sorted(shuffled) == sorted(ids(nobles[1:]))
    assert s.piles[1] == [shuffled[0]]
    assert s.line == shuffled[1:]
    assert s.confusion == [False, False, False]


def test_card_confusion_in_line_twice_on_one_player_is_one_shuffle():
    s = table(
        line=["duke", "baron", "regent", "coiffeur"],
        hands={0: ["confusion_in_line"]},
        confusion=[2],
    )
    do(s, 0, "play:confusion_in_line", "seat:2")
    assert s.confusion == [False, False, True]
    do(s, 1, "pass")
    ev = do(s, 2, "pass")
    assert [e["type"] for e in ev].count("confusion") == 1
    assert s.confusion == [False, False, False]


# ---------------------------------------------------------------- Double Feature
def test_card_double_feature_collects_two_nobles():
    s = table(line=["duke", "baron", "regent"], hands={0: ["double_feature"]})
    do(s, 0, "play:double_feature")
    assert pile(s, 0) == ["duke", "baron"]
    assert line(s) == ["regent"]
    assert hand(s, 0) == ["pushed"]


def test_card_double_feature_with_one_noble_collects_one():
    s = table(line=["duke"], hands={0: ["double_feature"]})
    do(s, 0, "play:double_feature")
    assert pile(s, 0) == ["duke"]


# ---------------------------------------------------------------- Escape!
def test_card_escape_discards_two_random_nobles_and_shuffles_the_rest():
    nobles = ["duke", "baron", "regent", "coiffeur", "piss_boy", "cardinal"]
    s = table(line=nobles, hands={0: ["escape"]})
    ev = do(s, 0, "play:escape")
    after = events_of(ev, "resolved")[0]["line"]
    assert len(after) == 4
    assert len(s.noble_discard) == 2
    assert multiset(after) + multiset(s.noble_discard) == multiset(ids(nobles))
    assert s.piles[0] == [after[0]]
    assert s.line == after[1:]


def test_card_escape_with_one_noble_discards_it():
    s = table(line=["duke"], hands={0: ["escape"]})
    do(s, 0, "play:escape")
    assert noble_discard(s) == ["duke"]
    assert pile(s, 0) == []


# ---------------------------------------------------------------- Extra Cart
def test_card_extra_cart_adds_top_three_of_deck_in_drawn_order():
    s = table(
        line=["duke", "baron"],
        deck=["sheriff", "martyr", "heretic", "bishop"],
        hands={0: ["extra_cart"]},
    )
    do(s, 0, "play:extra_cart")
    assert pile(s, 0) == ["duke"]
    assert line(s) == ["baron", "bishop", "heretic", "martyr"]
    assert noble_deck(s) == ["sheriff"]


def test_card_extra_cart_with_short_deck_adds_what_there_is():
    s = table(line=["duke", "baron"], deck=["sheriff"], hands={0: ["extra_cart"]})
    do(s, 0, "play:extra_cart")
    assert line(s) == ["baron", "sheriff"]
    assert noble_deck(s) == []


# ---------------------------------------------------------------- Fainting Spell
def test_card_fainting_spell_moves_a_noble_back_up_to_three():
    s = table(
        line=["duke", "baron", "regent", "coiffeur", "piss_boy"], hands={0: ["fainting_spell"]}
    )
    do(s, 0, "play:fainting_spell")
    assert legal(s) == ["noble:1", "noble:2", "noble:3", "noble:4"]  # not the last one
    do(s, 0, "noble:1")
    assert legal(s) == ["by:1", "by:2", "by:3"]
    do(s, 0, "by:3")
    assert pile(s, 0) == ["baron"]
    assert line(s) == ["regent", "coiffeur", "duke", "piss_boy"]


def test_card_fainting_spell_not_past_the_back():
    s = table(
        line=["duke", "baron", "regent", "coiffeur", "piss_boy"], hands={0: ["fainting_spell"]}
    )
    do(s, 0, "play:fainting_spell", "noble:3")
    assert legal(s) == ["by:1", "by:2"]
    do(s, 0, "by:2")
    assert line(s) == ["baron", "coiffeur", "piss_boy", "regent"]


# ---------------------------------------------------------------- Fled to England
def test_card_fled_to_england_discards_any_noble():
    s = table(line=["duke", "baron", "regent"], hands={0: ["fled_to_england"]})
    do(s, 0, "play:fled_to_england")
    assert legal(s) == ["noble:1", "noble:2", "noble:3"]
    do(s, 0, "noble:3")
    assert noble_discard(s) == ["regent"]
    assert pile(s, 0) == ["duke"]
    assert line(s) == ["baron"]


def test_card_fled_to_england_emptying_the_line_collects_nothing_and_ends_the_day():
    s = table(line=["duke"], deck=["heretic", "bishop"], hands={0: ["fled_to_england"]})
    do(s, 0, "play:fled_to_england", "noble:1")
    assert pile(s, 0) == []
    assert hand(s, 0) == ["pushed"]  # the step-3 draw still happens
    # Seat 1's turn would begin with an empty line: day 2 starts, with seat 1 (left of seat 0).
    assert s.day == 2
    assert s.starter == 1
    assert line(s) == ["heretic", "bishop"]
    assert GAME.to_act(s) == (1,)


# ---------------------------------------------------------------- Forced Break
def test_card_forced_break_every_other_player_discards_one_random_card():
    s = table(
        line=["duke", "baron"],
        hands={0: ["forced_break", "majesty"], 1: ["stumble", "trip"], 2: ["rush_job"]},
    )
    do(s, 0, "play:forced_break")
    assert hand(s, 0) == ["majesty", "pushed"]  # the actor is untouched
    assert hand(s, 2) == []
    assert len(s.hands[1]) == 1
    lost = action_discard(s)[0]
    assert sorted([lost, *hand(s, 1)]) == ["stumble", "trip"]
    assert action_discard(s) == [lost, "rush_job", "forced_break"]


# ---------------------------------------------------------------- Foreign Support
def test_card_foreign_support_draws_one_per_purple_noble_collected():
    s = table(
        line=["duke", "baron", "mayor", "regent"],
        hands={0: ["foreign_support"]},
        action_deck=["stumble", "trip", "majesty"],
    )
    do(s, 0, "play:foreign_support")
    assert front(s, 0) == ["foreign_support"]
    # Duke is purple: one card at collection, one in step 3.
    assert hand(s, 0) == ["majesty", "trip"]
    # Seat 1 collects Baron: seat 1 has no Foreign Support.
    do(s, 1, "pass")
    assert hand(s, 1) == ["fountain_of_blood", "stumble"]
    # A green noble draws nothing extra.
    s2 = table(
        line=["mayor", "duke"],
        front={0: ["foreign_support"]},
        hands={0: ["stumble"]},
        action_deck=["trip", "majesty"],
    )
    do(s2, 0, "pass")
    assert hand(s2, 0) == ["majesty", "stumble"]


# ---------------------------------------------------------------- Forward March
def test_card_forward_march_moves_a_chosen_palace_guard_to_the_front():
    s = table(
        line=["duke", "palace_guard", "baron", "palace_guard", "regent"],
        hands={0: ["forward_march"]},
    )
    do(s, 0, "play:forward_march")
    assert legal(s) == ["noble:2", "noble:4"]
    do(s, 0, "noble:4")
    assert pile(s, 0) == ["palace_guard"]
    assert line(s) == ["duke", "palace_guard", "baron", "regent"]


def test_card_forward_march_may_name_a_guard_already_at_the_front():
    s = table(line=["palace_guard", "duke"], hands={0: ["forward_march"]})
    do(s, 0, "play:forward_march")
    assert legal(s) == ["noble:1"]
    do(s, 0, "noble:1")
    assert pile(s, 0) == ["palace_guard"]
    assert line(s) == ["duke"]


def test_card_forward_march_needs_a_palace_guard_in_line():
    s = table(line=["duke", "baron"], hands={0: ["forward_march", "stumble"]})
    assert legal(s) == ["pass", "play:stumble"]
    assert_illegal(s, 0, "play:forward_march")


# ---------------------------------------------------------------- Fountain of Blood
def test_card_fountain_of_blood_scores_two():
    s = table(line=["duke", "baron"], hands={0: ["fountain_of_blood"]})
    do(s, 0, "play:fountain_of_blood")
    assert front(s, 0) == ["fountain_of_blood"]
    assert score(s, 0) == 3 + 2


# ---------------------------------------------------------------- Friend of the Queen
def test_card_friend_of_the_queen_moves_a_noble_back_one_or_two():
    s = table(line=["duke", "baron", "regent"], hands={0: ["friend_of_the_queen"]})
    do(s, 0, "play:friend_of_the_queen")
    assert legal(s) == ["noble:1", "noble:2"]
    do(s, 0, "noble:1")
    assert legal(s) == ["by:1", "by:2"]
    do(s, 0, "by:2")
    assert pile(s, 0) == ["baron"]
    assert line(s) == ["regent", "duke"]


def test_card_friend_of_the_queen_second_to_last_moves_one():
    s = table(line=["duke", "baron", "regent"], hands={0: ["friend_of_the_queen"]})
    do(s, 0, "play:friend_of_the_queen", "noble:2")
    assert pile(s, 0) == ["duke"]
    assert line(s) == ["regent", "baron"]
