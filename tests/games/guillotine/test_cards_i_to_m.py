"""Exact scenarios for the action cards Ignoble Noble to Missing Heads (spec §2.2, §4.3).

Unless stated otherwise: three seats, seat 0 starts its turn, seats 1 and 2 hold one
Fountain of Blood each, the action deck is all Pushed, so every step-3 draw is a Pushed.
"""

from guillotine_scenario import (
    GAME,
    A,
    action_deck,
    action_discard,
    akeys,
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


# ---------------------------------------------------------------- Ignoble Noble
def test_card_ignoble_noble_moves_a_noble_forward_exactly_four():
    s = table(
        line=["duke", "baron", "regent", "coiffeur", "piss_boy", "cardinal"],
        hands={0: ["ignoble_noble"]},
    )
    do(s, 0, "play:ignoble_noble")
    assert legal(s) == ["noble:5", "noble:6"]
    do(s, 0, "noble:6")  # exactly 4: no distance to choose
    assert pile(s, 0) == ["duke"]
    assert line(s) == ["cardinal", "baron", "regent", "coiffeur", "piss_boy"]


def test_card_ignoble_noble_needs_five_nobles():
    s = table(line=["duke", "baron", "regent", "coiffeur"], hands={0: ["ignoble_noble", "stumble"]})
    assert legal(s) == ["pass", "play:stumble"]
    assert_illegal(s, 0, "play:ignoble_noble")


# ---------------------------------------------------------------- Indifferent Public
def test_card_indifferent_public_grays_count_one_and_clown_stays():
    s = table(
        line=["clown", "duke"],
        hands={0: ["indifferent_public"]},
        piles={0: ["tragic_figure", "martyr", "hero_of_the_people", "duke"]},
    )
    do(s, 0, "play:indifferent_public")
    assert front(s, 0) == ["indifferent_public"]
    # The Clown is not handed on: no decision, the turn went on to seat 1.
    assert pile(s, 0) == ["tragic_figure", "martyr", "hero_of_the_people", "duke", "clown"]
    assert GAME.to_act(s) == (1,)
    assert score(s, 0) == 1 + 1 + 1 + 3 + 1


def test_card_indifferent_public_cancels_innocent_victim_discard():
    s = table(line=["innocent_victim", "duke"], hands={0: ["indifferent_public", "stumble"]})
    do(s, 0, "play:indifferent_public")
    assert pile(s, 0) == ["innocent_victim"]
    assert hand(s, 0) == ["pushed", "stumble"]
    assert GAME.to_act(s) == (1,)


# ---------------------------------------------------------------- Infighting
def test_card_infighting_target_discards_two_of_their_choice():
    s = table(line=["duke", "baron"], hands={0: ["infighting"], 1: ["stumble", "trip", "majesty"]})
    do(s, 0, "play:infighting")
    assert legal(s) == ["seat:0", "seat:1", "seat:2"]  # any player
    do(s, 0, "seat:1")
    assert GAME.to_act(s) == (1,)
    assert legal(s, 1) == ["card:majesty", "card:stumble", "card:trip"]
    do(s, 1, "card:trip")
    assert GAME.to_act(s) == (1,)
    assert legal(s, 1) == ["card:majesty", "card:stumble"]
    do(s, 1, "card:majesty")
    assert hand(s, 1) == ["stumble"]
    assert action_discard(s) == ["trip", "majesty", "infighting"]
    assert pile(s, 0) == ["duke"]  # then seat 0's turn goes on
    assert GAME.to_act(s) == (1,)
    assert s.player == 1


def test_card_infighting_two_or_fewer_cards_are_all_discarded_without_asking():
    s = table(line=["duke", "baron"], hands={0: ["infighting"], 2: ["stumble", "trip"]})
    do(s, 0, "play:infighting", "seat:2")
    assert hand(s, 2) == []
    assert action_discard(s) == ["stumble", "trip", "infighting"]
    assert pile(s, 0) == ["duke"]
    assert GAME.to_act(s) == (1,)


def test_card_infighting_on_oneself():
    s = table(line=["duke", "baron"], hands={0: ["infighting", "stumble", "trip", "majesty"]})
    do(s, 0, "play:infighting", "seat:0")
    assert legal(s, 0) == ["card:majesty", "card:stumble", "card:trip"]  # not the played card
    do(s, 0, "card:stumble", "card:trip")
    assert hand(s, 0) == ["majesty", "pushed"]


# ---------------------------------------------------------------- Information Exchange
def test_card_information_exchange_swaps_whole_hands():
    s = table(
        line=["duke", "baron"],
        hands={0: ["information_exchange", "trip"], 2: ["stumble", "majesty", "escape"]},
    )
    do(s, 0, "play:information_exchange")
    assert legal(s) == ["seat:1", "seat:2"]
    do(s, 0, "seat:2")
    assert hand(s, 0) == ["escape", "majesty", "pushed", "stumble"]
    assert hand(s, 2) == ["trip"]
    assert hand(s, 1) == ["fountain_of_blood"]
    assert action_discard(s) == ["information_exchange"]


def test_information_exchange_carries_what_a_third_seat_saw_of_a_hand_with_the_hand():
    s = table(
        line=["duke", "baron"],
        hands={0: ["information_exchange", "trip"], 1: ["stumble", "majesty"]},
    )
    s.seen[2][0] = (A("trip"),)  # seat 2 knows seat 0 holds a Trip
    events = do(s, 0, "play:information_exchange", "seat:1")
    assert events_of(events, "target") == [
        {"type": "target", "seat": 0, "card": A("information_exchange"), "target": 1}
    ]
    assert akeys(s.seen[2][1]) == ["trip"] and s.seen[2][0] == ()
    assert sorted(akeys(s.seen[0][1])) == ["trip"] and sorted(akeys(s.seen[1][0])) == [
        "majesty",
        "stumble",
    ]


# ---------------------------------------------------------------- Lack of Faith
def test_card_lack_of_faith_moves_the_nearest_blue_noble_to_the_front():
    s = table(line=["duke", "baron", "bishop", "cardinal"], hands={0: ["lack_of_faith"]})
    do(s, 0, "play:lack_of_faith")
    assert pile(s, 0) == ["bishop"]
    assert line(s) == ["duke", "baron", "cardinal"]


def test_card_lack_of_faith_moves_a_blue_noble_second_in_line_to_the_front():
    s = table(line=["duke", "bishop", "cardinal"], hands={0: ["lack_of_faith"]})
    do(s, 0, "play:lack_of_faith")
    assert pile(s, 0) == ["bishop"]
    assert line(s) == ["duke", "cardinal"]


def test_card_lack_of_faith_without_a_blue_noble_does_nothing():
    s = table(line=["duke", "baron"], hands={0: ["lack_of_faith"]})
    assert legal(s) == ["pass", "play:lack_of_faith"]
    do(s, 0, "play:lack_of_faith")
    assert pile(s, 0) == ["duke"]
    assert line(s) == ["baron"]
    assert action_discard(s) == ["lack_of_faith"]


def test_card_lack_of_faith_blue_already_at_front_stays():
    s = table(line=["bishop", "duke", "cardinal"], hands={0: ["lack_of_faith"]})
    do(s, 0, "play:lack_of_faith")
    assert pile(s, 0) == ["bishop"]
    assert line(s) == ["duke", "cardinal"]


# ---------------------------------------------------------------- Lack of Support
def test_card_lack_of_support_actor_sees_the_hand_and_discards_one():
    s = table(
        line=["duke", "baron"], hands={0: ["lack_of_support"], 1: ["stumble", "trip", "majesty"]}
    )
    do(s, 0, "play:lack_of_support")
    assert legal(s) == ["seat:0", "seat:1", "seat:2"]
    do(s, 0, "seat:1")
    assert GAME.to_act(s) == (0,)
    assert legal(s) == ["card:majesty", "card:stumble", "card:trip"]
    assert GAME.view(s, 0)["decision"]["hand"] == ["majesty", "stumble", "trip"]
    assert "hand" not in GAME.view(s, 2)["decision"]
    do(s, 0, "card:trip")
    assert hand(s, 1) == ["majesty", "stumble"]
    assert action_discard(s) == ["trip", "lack_of_support"]
    assert pile(s, 0) == ["duke"]


def test_card_lack_of_support_on_an_empty_hand_does_nothing():
    s = table(line=["duke", "baron"], hands={0: ["lack_of_support"], 2: []})
    do(s, 0, "play:lack_of_support", "seat:2")
    assert action_discard(s) == ["lack_of_support"]
    assert pile(s, 0) == ["duke"]
    assert GAME.to_act(s) == (1,)


# ---------------------------------------------------------------- Late Arrival
def test_card_late_arrival_one_of_top_three_to_the_back_others_discarded():
    s = table(
        line=["duke", "baron"],
        deck=["sheriff", "martyr", "heretic", "bishop"],
        hands={0: ["late_arrival"]},
    )
    do(s, 0, "play:late_arrival")
    assert legal(s) == ["peek:1", "peek:2", "peek:3"]
    assert GAME.view(s, 0)["decision"]["nobles"] == ["bishop", "heretic", "martyr"]
    assert "nobles" not in GAME.view(s, 1)["decision"]
    assert "nobles" not in GAME.view(s, None)["decision"]
    do(s, 0, "peek:2")
    assert pile(s, 0) == ["duke"]
    assert line(s) == ["baron", "heretic"]
    assert noble_discard(s) == ["bishop", "martyr"]
    assert noble_deck(s) == ["sheriff"]


def test_card_late_arrival_with_short_deck_and_empty_deck():
    s = table(line=["duke", "baron"], deck=["sheriff"], hands={0: ["late_arrival"]})
    do(s, 0, "play:late_arrival")
    assert legal(s) == ["peek:1"]
    do(s, 0, "peek:1")
    assert line(s) == ["baron", "sheriff"]
    assert noble_discard(s) == []
    s = table(line=["duke", "baron"], deck=[], hands={0: ["late_arrival", "stumble"]})
    assert legal(s) == ["pass", "play:stumble"]
    assert_illegal(s, 0, "play:late_arrival")


# ---------------------------------------------------------------- Let Them Eat Cake
def test_card_let_them_eat_cake_marie_to_the_front():
    s = table(
        line=["duke", "baron", "regent", "marie_antoinette", "coiffeur"],
        hands={0: ["let_them_eat_cake"]},
    )
    do(s, 0, "play:let_them_eat_cake")
    assert pile(s, 0) == ["marie_antoinette"]
    assert line(s) == ["duke", "baron", "regent", "coiffeur"]


def test_card_let_them_eat_cake_without_marie_is_legal_and_does_nothing():
    s = table(line=["duke", "baron"], hands={0: ["let_them_eat_cake"]})
    assert legal(s) == ["pass", "play:let_them_eat_cake"]
    do(s, 0, "play:let_them_eat_cake")
    assert pile(s, 0) == ["duke"]
    assert action_discard(s) == ["let_them_eat_cake"]


# ---------------------------------------------------------------- L'Idiot
def test_card_l_idiot_moves_a_noble_forward_one_or_two():
    s = table(line=["duke", "baron", "regent", "coiffeur"], hands={0: ["l_idiot"]})
    do(s, 0, "play:l_idiot")
    assert legal(s) == ["noble:2", "noble:3", "noble:4"]
    do(s, 0, "noble:4")
    assert legal(s) == ["by:1", "by:2"]
    do(s, 0, "by:1")
    assert pile(s, 0) == ["duke"]
    assert line(s) == ["baron", "coiffeur", "regent"]


def test_card_l_idiot_needs_two_nobles():
    s = table(line=["duke"], hands={0: ["l_idiot", "bribed_guards"]})
    assert legal(s) == ["pass", "play:bribed_guards"]
    assert_illegal(s, 0, "play:l_idiot")


# ---------------------------------------------------------------- The Long Walk
def test_card_long_walk_reverses_the_line():
    s = table(line=["duke", "baron", "regent", "coiffeur"], hands={0: ["long_walk"]})
    do(s, 0, "play:long_walk")
    assert pile(s, 0) == ["coiffeur"]
    assert line(s) == ["regent", "baron", "duke"]


# ---------------------------------------------------------------- Majesty
def test_card_majesty_moves_a_purple_noble_forward_one_or_two():
    s = table(line=["mayor", "cardinal", "duke", "colonel", "baron"], hands={0: ["majesty"]})
    do(s, 0, "play:majesty")
    assert legal(s) == ["noble:3", "noble:5"]
    do(s, 0, "noble:3")
    assert legal(s) == ["by:1", "by:2"]
    do(s, 0, "by:2")
    assert pile(s, 0) == ["duke"]
    assert line(s) == ["mayor", "cardinal", "colonel", "baron"]


# ---------------------------------------------------------------- Mass Confusion
def test_card_mass_confusion_line_into_deck_and_a_new_line_of_same_length():
    old_line = ["duke", "baron", "regent", "coiffeur"]
    old_deck = ["sheriff", "martyr", "heretic", "bishop", "colonel"]
    s = table(line=old_line, deck=old_deck, hands={0: ["mass_confusion"]})
    ev = do(s, 0, "play:mass_confusion")
    new_line = events_of(ev, "resolved")[0]["line"]
    assert len(new_line) == 4
    assert multiset(new_line) + multiset(s.noble_deck) == multiset(ids(old_line + old_deck))
    assert len(s.noble_deck) == 5
    assert s.piles[0] == [new_line[0]]
    assert s.line == new_line[1:]
    assert noble_discard(s) == []


# ---------------------------------------------------------------- Military Might
def test_card_military_might_moves_a_red_noble_forward_one_or_two():
    s = table(
        line=["colonel", "duke", "baron", "palace_guard", "mayor"], hands={0: ["military_might"]}
    )
    do(s, 0, "play:military_might")
    assert legal(s) == ["noble:4"]  # the red noble at the front cannot move forward
    do(s, 0, "noble:4", "by:2")
    assert pile(s, 0) == ["colonel"]
    assert line(s) == ["palace_guard", "duke", "baron", "mayor"]


# ---------------------------------------------------------------- Military Support
def test_card_military_support_scores_one_per_red_noble_guards_included():
    s = table(
        line=["colonel", "duke"],
        hands={0: ["military_support"]},
        piles={0: ["palace_guard", "palace_guard", "lieutenant", "duke"]},
    )
    do(s, 0, "play:military_support")
    assert front(s, 0) == ["military_support"]
    assert pile(s, 0) == ["palace_guard", "palace_guard", "lieutenant", "duke", "colonel"]
    assert score(s, 0) == (2 + 2 + 2 + 3 + 3) + 4


# ---------------------------------------------------------------- Milling in Line
def test_card_milling_in_line_shuffles_the_first_five_only():
    old = ["duke", "baron", "regent", "coiffeur", "piss_boy", "cardinal", "bishop"]
    s = table(line=old, hands={0: ["milling_in_line"]})
    ev = do(s, 0, "play:milling_in_line")
    after = events_of(ev, "resolved")[0]["line"]
    assert multiset(after[:5]) == multiset(ids(old[:5]))
    assert after[5:] == ids(["cardinal", "bishop"])
    assert s.piles[0] == [after[0]]
    assert s.line == after[1:]


def test_card_milling_in_line_short_line():
    old = ["duke", "baron", "regent"]
    s = table(line=old, hands={0: ["milling_in_line"]})
    ev = do(s, 0, "play:milling_in_line")
    after = events_of(ev, "resolved")[0]["line"]
    assert multiset(after) == multiset(ids(old))


# ---------------------------------------------------------------- Missed!
def test_card_missed_newest_noble_of_a_pile_goes_to_the_back():
    s = table(line=["duke", "baron"], hands={0: ["missed"]}, piles={1: ["regent", "martyr"]})
    do(s, 0, "play:missed")
    assert legal(s) == ["seat:0", "seat:1", "seat:2"]
    do(s, 0, "seat:1")
    assert pile(s, 1) == ["regent"]
    assert pile(s, 0) == ["duke"]
    assert line(s) == ["baron", "martyr"]


def test_card_missed_on_an_empty_pile_does_nothing():
    s = table(line=["duke", "baron"], hands={0: ["missed"]})
    do(s, 0, "play:missed", "seat:2")
    assert line(s) == ["baron"]
    assert action_discard(s) == ["missed"]


def test_card_missed_is_blocked_by_callous_guards():
    s = table(
        line=["duke", "baron"],
        hands={0: ["missed", "rush_job"]},
        piles={1: ["regent"]},
        front={2: ["callous_guards"]},
    )
    do(s, 2, "pass")  # its owner keeps it
    assert legal(s) == ["pass", "play:rush_job"]
    assert_illegal(s, 0, "play:missed")


# ---------------------------------------------------------------- Missing Heads
def test_card_missing_heads_discards_a_random_noble_of_a_pile():
    s = table(
        line=["duke", "baron"],
        hands={0: ["missing_heads"]},
        piles={2: ["regent", "martyr", "cardinal"]},
    )
    do(s, 0, "play:missing_heads")
    assert legal(s) == ["seat:0", "seat:1", "seat:2"]
    do(s, 0, "seat:2")
    assert len(noble_discard(s)) == 1
    lost = noble_discard(s)[0]
    assert lost in ("regent", "martyr", "cardinal")
    assert pile(s, 2) == [k for k in ("regent", "martyr", "cardinal") if k != lost]
    assert pile(s, 0) == ["duke"]
    assert action_discard(s) == ["missing_heads"]
    assert action_deck(s) == ["pushed"] * 11
