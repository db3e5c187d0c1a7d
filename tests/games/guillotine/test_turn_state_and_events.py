"""What a turn leaves behind and the events rules must emit: Trip's "one more card"
ends with the turn, determinize resamples others' face-down supports, and the events
that alone tell the table what happened (turn, the Clown handed on, a card discarded
from in front of a player, the noble Missing Heads discarded) are emitted."""

import random

from guillotine_scenario import GAME, N, do, events_of, pile, table

from noblesse.games.guillotine.data import CARDS


def test_trips_one_more_card_lasts_only_for_the_turn_of_who_played_it():
    s = table(
        line=["duke", "baron", "count", "regent"], hands={0: ["trip", "stumble"], 1: ["stumble"]}
    )
    do(s, 0, "play:trip", "noble:1")
    assert GAME.view(s, 0)["turn"]["after_trip"] is True
    assert GAME.to_act(s) == (0,)  # one more card may follow
    do(s, 0, "pass")
    assert GAME.to_act(s) == (1,)
    assert GAME.view(s, 1)["turn"]["after_trip"] is False


def test_determinize_resamples_the_face_down_supports_of_the_other_seats():
    state = GAME.setup(4, 3, {"hidden_support": True})
    others = [1, 2, 3]
    seen = {
        tuple(GAME.determinize(state, 0, random.Random(i)).hidden[o] for o in others)
        for i in range(60)
    }
    assert len(seen) > 1, "others' hidden supports never move"
    mine = {GAME.determinize(state, 0, random.Random(i)).hidden[0] for i in range(20)}
    assert mine == {state.hidden[0]}
    # the supports in the game are the same: only who holds which is resampled
    assert all(sorted(t) == sorted(state.hidden[o] for o in others) for t in seen)


def test_every_turn_is_announced_with_its_seat():
    s = table(line=["duke", "baron", "count"], hands={0: ["stumble"], 1: ["stumble"]})
    events = do(s, 0, "pass")
    assert events_of(events, "turn") == [{"type": "turn", "seat": 1, "day": 1, "rush_job": False}]


def test_the_clown_handed_on_is_an_event_naming_both_players():
    s = table(line=["clown", "duke"], hands={0: ["stumble"]})
    do(s, 0, "pass")
    events = do(s, 0, "seat:2")
    assert events_of(events, "clown") == [{"type": "clown", "seat": 0, "target": 2}]
    assert pile(s, 2) == ["clown"]


def test_a_card_discarded_from_in_front_of_a_player_is_an_event():
    s = table(line=["duke", "baron"], hands={0: ["twist_of_fate"]}, front={2: ["church_support"]})
    events = do(s, 0, "play:twist_of_fate", "seat:2", "card:church_support")
    assert events_of(events, "discard_front") == [
        {"type": "discard_front", "seat": 0, "card": CARDS.action("church_support"), "owner": 2}
    ]


def test_the_noble_missing_heads_discards_is_named_in_an_event():
    s = table(line=["duke", "baron"], hands={0: ["missing_heads"]}, piles={1: ["heretic"]})
    events = do(s, 0, "play:missing_heads", "seat:1")
    assert events_of(events, "missing_heads") == [
        {"type": "missing_heads", "target": 1, "noble": N("heretic")}
    ]
    assert pile(s, 1) == []


def test_the_end_of_a_day_is_told_with_its_number_before_the_next_day():
    s = table(line=["duke"], hands={0: ["stumble"]})
    events = do(s, 0, "pass")  # seat 0 collects the last noble: the line is empty
    assert events_of(events, "day_end") == [{"type": "day_end", "day": 1}]
    kinds = [e["type"] for e in events]
    assert kinds.index("day_end") < kinds.index("day")
    assert events_of(events, "day")[0]["day"] == 2 and s.day == 2


def test_an_empty_action_deck_is_rebuilt_from_the_discard_pile_shuffled():
    drawn = set()
    for seed in range(12):
        s = table(
            line=["duke", "baron"],
            hands={0: ["stumble"]},
            action_deck=[],
            action_discard=["trip", "majesty", "escape", "pushed", "missed"],
            seed=seed,
        )
        events = do(s, 0, "pass")  # the step-3 draw finds the deck empty
        assert events_of(events, "reshuffle") == [{"type": "reshuffle", "count": 5}]
        assert len(s.hands[0]) == 2 and len(s.action_deck) == 4 and s.action_discard == []
        drawn.add(s.hands[0][-1])
    assert len(drawn) > 1
