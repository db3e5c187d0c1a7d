"""What a seat knows of another's hand (Lack of Support's look) and what determinize
resamples: a card that leaves a known hand is no longer known; the noble deck's order,
which no one sees, is drawn anew; what a third seat knows stays inside the new hand."""

import random
from collections import Counter

from guillotine_scenario import GAME, do, noble_deck, table


def _looked_at():
    """Seat 0 has looked at seat 1's hand with Lack of Support and discarded its Trip."""
    s = table(line=["duke", "baron", "regent", "coiffeur"],
              hands={0: ["lack_of_support"], 1: ["stumble", "fountain_of_blood", "trip"]})
    do(s, 0, "play:lack_of_support", "seat:1", "card:trip")
    return s


def test_lack_of_support_on_another_seat_lets_the_actor_know_the_rest_of_that_hand():
    s = _looked_at()
    assert GAME.view(s, 0)["known_hands"] == {"1": ["fountain_of_blood", "stumble"]}
    assert GAME.view(s, 2)["known_hands"] == {}


def test_a_known_card_played_from_the_hand_is_no_longer_known():
    s = _looked_at()
    assert GAME.to_act(s) == (1,)
    do(s, 1, "play:stumble", "noble:2")
    assert GAME.view(s, 0)["known_hands"] == {"1": ["fountain_of_blood"]}


def test_determinize_draws_the_noble_deck_in_a_new_order_keeping_its_nobles():
    s = table(line=["duke", "baron"], hands={0: ["stumble"]})
    orders = {tuple(noble_deck(GAME.determinize(s, 0, random.Random(i)))) for i in range(20)}
    assert len(orders) > 1, "the noble deck's order is never resampled"
    assert all(Counter(o) == Counter(noble_deck(s)) for o in orders)


def test_determinize_for_a_third_seat_keeps_what_the_looker_knows_inside_the_new_hand():
    s = _looked_at()
    for i in range(20):
        d = GAME.determinize(s, 2, random.Random(i))
        known, held = Counter(d.seen[0][1]), Counter(d.hands[1])
        assert sum(known.values()) == 2
        assert not known - held, f"seat 0 'knows' cards seat 1 does not hold ({i})"
