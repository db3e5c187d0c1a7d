"""What a seat knows of another's hand (Lack of Support's look) and what determinize
resamples: a card that leaves a known hand is no longer known; the noble deck's order,
which no one sees, is drawn anew; what a third seat knows stays inside the new hand."""

import random
from collections import Counter

from guillotine_scenario import GAME, A, N, do, noble_deck, table


def _looked_at():
    """Seat 0 has looked at seat 1's hand with Lack of Support and discarded its Trip."""
    s = table(
        line=["duke", "baron", "regent", "coiffeur"],
        hands={0: ["lack_of_support"], 1: ["stumble", "fountain_of_blood", "trip"]},
    )
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


def late_arrival_peek():
    """Seat 1 peeked at the top three nobles with Late Arrival and has not chosen yet."""
    s = table(
        line=["duke"],
        player=1,
        hands={1: ["late_arrival"]},
        deck=["heretic", "bishop", "colonel", "mayor", "count", "lady"],
        noble_discard=["baron"],
        piles={0: ["regent"]},
        front={2: ["church_support"]},
        hidden={0: "civic_support", 2: "military_support"},
    )
    do(s, 1, "play:late_arrival")
    assert s.pending.picks == tuple(N(k) for k in ("lady", "count", "mayor"))
    return s


def test_the_inventory_counts_every_noble_and_card_once_wherever_it_lies():
    s = late_arrival_peek()
    inventory = GAME.inventory(s)
    assert inventory["noble"] == Counter(
        ["duke", "heretic", "bishop", "colonel", "mayor", "count", "lady", "baron", "regent"]
    )
    assert inventory["action"] == Counter(
        {
            "pushed": 12,
            "fountain_of_blood": 2,
            "late_arrival": 1,
            "church_support": 1,
            "civic_support": 1,
            "military_support": 1,
        }
    )


def test_determinize_keeps_the_peek_for_the_peeker_and_deals_it_anew_for_the_others():
    s = late_arrival_peek()
    for k in range(5):
        assert GAME.determinize(s, 1, random.Random(k)).pending.picks == s.pending.picks
    picks = {GAME.determinize(s, 0, random.Random(k)).pending.picks for k in range(12)}
    assert len(picks) > 1


def test_the_zones_hide_others_face_down_supports_and_show_the_seats_own():
    s = late_arrival_peek()
    zones = GAME.zones(s, 0)
    assert zones["support:0"].contents == (A("civic_support"),)
    assert not zones["support:0"].hidden and zones["support:2"].hidden
    assert zones["peeked"].hidden and not GAME.zones(s, 1)["peeked"].hidden
