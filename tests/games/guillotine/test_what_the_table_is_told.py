"""The events that alone tell the table what a card or a noble did: the line after Fled
to England, the noble Late Arrival put at the back and the two it discarded, the nobles
added to the line, the discard pile reshuffled into the deck, and why a hand card was
discarded."""

from guillotine_scenario import A, do, events_of, ids, line, table, types


def test_fled_to_england_tells_the_line_left_after_the_discard():
    s = table(line=["duke", "baron", "regent"], hands={0: ["fled_to_england"]})
    events = do(s, 0, "play:fled_to_england", "noble:2")
    assert events_of(events, "resolved") == [
        {
            "type": "resolved",
            "seat": 0,
            "card": A("fled_to_england"),
            "line": ids(["duke", "regent"]),
        }
    ]


def test_late_arrival_tells_the_noble_put_at_the_back_and_the_two_discarded():
    s = table(
        line=["duke", "baron"],
        deck=["sheriff", "martyr", "heretic", "bishop"],
        hands={0: ["late_arrival"]},
    )
    do(s, 0, "play:late_arrival")
    events = do(s, 0, "peek:2")
    assert events_of(events, "late_arrival") == [
        {
            "type": "late_arrival",
            "seat": 0,
            "noble": ids(["heretic"])[0],
            "rejected": ids(["bishop", "martyr"]),
        }
    ]


def test_nobles_added_to_the_line_are_told_and_nothing_is_told_when_none_were():
    s = table(line=["duke", "baron"], deck=["heretic", "bishop"], hands={0: ["extra_cart"]})
    events = do(s, 0, "play:extra_cart")
    assert events_of(events, "added") == [{"type": "added", "nobles": ids(["bishop", "heretic"])}]
    s = table(line=["general", "duke"], deck=[], hands={0: ["stumble"]})
    events = do(s, 0, "pass")  # the General adds the deck top: the deck is empty
    assert line(s) == ["duke"]
    assert "added" not in types(events)


def test_drawing_from_an_empty_deck_tells_that_the_discard_pile_was_reshuffled():
    s = table(
        line=["duke", "baron"],
        hands={0: ["stumble"]},
        action_deck=[],
        action_discard=["trip", "majesty", "escape"],
    )
    events = do(s, 0, "pass")
    assert events_of(events, "reshuffle") == [{"type": "reshuffle", "count": 3}]


def test_a_discard_from_the_hand_says_whether_infighting_or_the_innocent_victim_caused_it():
    s = table(line=["duke", "baron"], hands={0: ["infighting"], 2: ["stumble", "trip"]})
    events = do(s, 0, "play:infighting", "seat:2")
    assert {e["why"] for e in events_of(events, "discard")} == {"infighting"}
    s = table(line=["duke", "baron"], hands={0: ["infighting"], 1: ["stumble", "trip", "escape"]})
    do(s, 0, "play:infighting", "seat:1")
    events = do(s, 1, "card:trip", "card:escape")
    assert [e["why"] for e in events_of(events, "discard")] == ["infighting", "infighting"]
    s = table(line=["innocent_victim", "duke"], hands={0: ["stumble", "trip"]})
    do(s, 0, "pass")
    events = do(s, 0, "card:trip")
    assert events_of(events, "discard") == [
        {"type": "discard", "seat": 0, "card": A("trip"), "why": "innocent_victim"}
    ]


def test_after_you_tells_who_received_the_front_noble():
    s = table(line=["duke", "baron"], hands={0: ["after_you"]})
    events = do(s, 0, "play:after_you", "seat:2")
    assert events_of(events, "given") == [
        {"type": "given", "seat": 0, "target": 2, "noble": ids(["duke"])[0]}
    ]
