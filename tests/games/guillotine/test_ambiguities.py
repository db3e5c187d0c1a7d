"""One scenario (or more) for each of the 26 ambiguities of spec §5, as resolved there.

Unless stated otherwise: three seats, seat 0 starts its turn, seats 1 and 2 hold one
Fountain of Blood each, the action deck is all Pushed, so every step-3 draw is a Pushed.
"""

import random
from collections import Counter

from guillotine_scenario import (
    GAME,
    A,
    action_deck,
    action_discard,
    assert_illegal,
    do,
    events_of,
    front,
    hand,
    ids,
    legal,
    line,
    noble_deck,
    noble_discard,
    pile,
    score,
    table,
    types,
)

from noblesse.games.guillotine.data import CARDS, COLOURS

NON_LINE_CARDS = {
    "after_you",
    "callous_guards",
    "church_support",
    "civic_support",
    "clerical_error",
    "double_feature",
    "forced_break",
    "foreign_support",
    "fountain_of_blood",
    "indifferent_public",
    "infighting",
    "information_exchange",
    "lack_of_support",
    "military_support",
    "missing_heads",
    "political_influence",
    "rain_delay",
    "rat_break",
    "rush_job",
    "scarlet_pimpernel",
    "tough_crowd",
    "twist_of_fate",
}
ALL_CARDS = [a.key for a in CARDS.actions]


def test_ambiguity_01_copy_counts_and_colours_follow_public_consensus():
    nobles = CARDS.noble_deck()
    assert len(nobles) == 50
    assert len(CARDS.nobles) == 40
    by_colour = Counter(COLOURS[CARDS.nobles[n].colour] for n in nobles)
    assert by_colour == {"purple": 15, "blue": 7, "green": 10, "red": 11, "gray": 7}
    extra = {n.key: n.copies for n in CARDS.nobles if n.copies > 1}
    assert extra == {
        "wealthy_priest": 2,
        "unpopular_judge": 2,
        "sheriff": 2,
        "lieutenant": 2,
        "palace_guard": 5,
        "martyr": 3,
    }
    actions = CARDS.action_deck()
    assert len(actions) == 60
    assert len(CARDS.actions) == 50
    doubles = {a.key for a in CARDS.actions if a.copies == 2}
    assert doubles == {
        "double_feature",
        "extra_cart",
        "friend_of_the_queen",
        "ignoble_noble",
        "l_idiot",
        "milling_in_line",
        "political_influence",
        "pushed",
        "stumble",
        "trip",
    }
    assert all(a.copies in (1, 2) for a in CARDS.actions)
    assert sum(1 for a in CARDS.actions if a.line) == 28
    front = {a.key: a.front for a in CARDS.actions if a.front}
    assert front == {
        "callous_guards": "self",
        "church_support": "self",
        "civic_support": "self",
        "foreign_support": "self",
        "fountain_of_blood": "self",
        "indifferent_public": "self",
        "military_support": "self",
        "tough_crowd": "other",
    }
    points = {n.key: n.points for n in CARDS.nobles}
    assert points["king_louis"] == 5 and points["hero_of_the_people"] == -3
    assert "heroine_of_the_people" not in points


def test_ambiguity_02_lady_and_lord_share_the_draw_effect():
    s = table(
        line=["lord", "lady", "duke"],
        hands={0: ["double_feature"]},
        action_deck=["stumble", "trip", "majesty", "escape"],
    )
    do(s, 0, "play:double_feature")
    assert pile(s, 0) == ["lord", "lady"]
    assert hand(s, 0) == ["escape", "majesty", "trip"]  # 1 + 1 extra, then the step-3 draw


def test_ambiguity_03_political_influence_draws_four_in_total():
    s = table(line=["duke", "baron"], hands={0: ["political_influence"]})
    do(s, 0, "play:political_influence")
    assert hand(s, 0) == ["pushed"] * 4
    assert pile(s, 0) == []
    assert CARDS.rules["political_influence_draw"] == 4


def test_ambiguity_04_late_arrival_leftovers_are_discarded_face_up():
    s = table(
        line=["duke", "baron"],
        deck=["sheriff", "martyr", "heretic", "bishop"],
        hands={0: ["late_arrival"]},
    )
    do(s, 0, "play:late_arrival", "peek:3")  # Martyr to the back
    assert line(s) == ["baron", "martyr"]
    assert noble_discard(s) == ["bishop", "heretic"]
    assert noble_deck(s) == ["sheriff"]  # not back on the deck
    assert GAME.view(s, None)["noble_discard"] == ["bishop", "heretic"]


def test_late_arrivals_other_two_nobles_are_discarded_and_that_is_no_flag():
    """Source: "丟棄另外2張人物牌": nothing in cards.toml may put them back on the deck."""
    assert "late_arrival_rejects_discarded" not in CARDS.assumed


def test_ambiguity_05_confusion_in_line_targets_another_player_only():
    s = table(line=["duke", "baron"], hands={0: ["confusion_in_line"]})
    do(s, 0, "play:confusion_in_line")
    assert legal(s) == ["seat:1", "seat:2"]
    assert_illegal(s, 0, "seat:0")
    s = table(2, line=["duke", "baron"], hands={1: ["confusion_in_line"]}, player=1)
    do(s, 1, "play:confusion_in_line")
    assert legal(s) == ["seat:0"]


def test_ambiguity_06_confusion_shuffles_after_the_targets_own_action_step():
    nobles = ["duke", "baron", "regent", "coiffeur", "piss_boy", "cardinal"]
    collected = set()
    for seed in range(12):
        s = table(line=nobles, hands={1: ["public_demand"]}, player=1, confusion=[1], seed=seed)
        ev = do(s, 1, "play:public_demand", "noble:6")  # try to lock in the Cardinal
        kinds = types(ev)
        assert kinds.index("resolved") < kinds.index("confusion") < kinds.index("collect")
        shuffled = events_of(ev, "confusion")[0]["line"]
        assert Counter(shuffled) == Counter(ids(nobles))
        assert s.piles[1] == [shuffled[0]]
        assert s.confusion == [False, False, False]
        collected.add(pile(s, 1)[0])
    assert collected != {"cardinal"}  # the target's own card cannot lock in a noble


def test_ambiguity_07_confusion_persists_across_day_end():
    s = table(
        line=["duke"],
        deck=["heretic", "bishop", "colonel", "mayor", "land_lord"],
        hands={0: ["confusion_in_line"], 1: ["stumble"]},
    )
    do(s, 0, "play:confusion_in_line", "seat:1")
    assert pile(s, 0) == ["duke"]
    # Seat 1's turn would begin with an empty line: day 2 starts with seat 1, mark intact.
    assert s.day == 2 and s.starter == 1
    assert s.confusion == [False, True, False]
    ev = do(s, 1, "pass")
    assert types(ev).index("confusion") < types(ev).index("collect")
    assert s.confusion == [False, False, False]


def test_ambiguity_07_rush_job_persists_across_day_end():
    s = table(
        line=["duke"],
        deck=["heretic", "bishop", "colonel"],
        hands={0: ["rush_job"], 1: ["stumble"]},
    )
    do(s, 0, "play:rush_job", "seat:1")
    assert s.day == 2 and s.starter == 1
    # Seat 1's first turn of day 2 is its next turn: no decision, it collected at once.
    assert pile(s, 1) == ["heretic"]
    assert hand(s, 1) == ["pushed", "stumble"]
    assert s.rush == [False, False, False]
    assert GAME.to_act(s) == (2,)


def test_ambiguity_07_political_influence_leaves_confusion_pending():
    s = table(
        line=["duke", "baron", "regent", "coiffeur", "piss_boy"],
        hands={1: ["political_influence"]},
        player=1,
        confusion=[1],
    )
    ev = do(s, 1, "play:political_influence")
    assert "confusion" not in types(ev)
    assert s.confusion == [False, True, False]
    assert line(s) == ["duke", "baron", "regent", "coiffeur", "piss_boy"]
    do(s, 2, "pass")
    do(s, 0, "pass")
    ev = do(s, 1, "pass")
    assert "confusion" in types(ev)
    assert s.confusion == [False, False, False]


def test_ambiguity_07_rush_job_consumed_by_the_next_turn_whatever_happens():
    # Seat 1 is rushed; its next turn is blocked anyway by an Unpopular Judge. The mark is
    # still used up by that turn.
    s = table(
        line=["duke", "unpopular_judge", "baron", "regent"],
        hands={0: ["stumble"], 1: ["stumble"]},
        rush=[1],
    )
    do(s, 0, "pass")
    assert pile(s, 1) == ["unpopular_judge"]
    assert s.rush == [False, False, False]
    do(s, 2, "pass")
    do(s, 0, "pass")
    assert GAME.to_act(s) == (1,)  # seat 1 may act again on its following turn


def test_ambiguity_08_clerical_error_target_cannot_take_back_what_it_lost():
    s = table(
        line=["duke", "baron"],
        hands={0: ["clerical_error"]},
        piles={0: ["martyr"], 1: ["king_louis"]},
    )
    do(s, 0, "play:clerical_error", "seat:1", "pile:1")
    assert legal(s, 1) == ["pile:1"]  # only the Martyr: King Louis is not offered back
    do(s, 1, "pile:1")
    assert pile(s, 0) == ["king_louis", "duke"]
    assert pile(s, 1) == ["martyr"]


def test_ambiguity_09_robespierre_with_foreign_support_still_draws_the_support_card():
    s = table(
        line=["robespierre", "duke"],
        hands={0: ["stumble"]},
        front={0: ["foreign_support"]},
        action_deck=["trip", "majesty"],
    )
    do(s, 0, "pass")
    assert pile(s, 0) == ["robespierre"]
    assert hand(s, 0) == ["majesty", "stumble"]  # Foreign Support's draw, no step-3 draw
    assert s.day == 2


def test_ambiguity_09_robespierre_cancels_the_fast_noble_and_double_feature_follow_ups():
    s = table(line=["fast_noble", "robespierre", "duke", "baron"], hands={0: ["double_feature"]})
    do(s, 0, "play:double_feature")
    assert pile(s, 0) == ["fast_noble", "robespierre"]
    assert noble_discard(s) == ["duke", "baron"]
    assert hand(s, 0) == []
    assert s.day == 2


def test_ambiguity_10_indifferent_public_scope():
    # Value 1 for grays (Tragic Figure too); no Clown hand-off, no Innocent Victim discard
    # for its owner; a Clown placed by someone else stays and scores 1.
    s = table(
        line=["clown", "innocent_victim", "duke"],
        hands={0: ["stumble"], 1: ["trip"]},
        front={0: ["indifferent_public"]},
        piles={0: ["tragic_figure"]},
    )
    do(s, 0, "pass")
    assert pile(s, 0) == ["tragic_figure", "clown"]
    assert GAME.to_act(s) == (1,)
    do(s, 1, "pass")  # seat 1 collects the Innocent Victim: it must discard
    assert legal(s, 1) == ["card:trip"]
    do(s, 1, "card:trip")
    s2 = table(
        line=["innocent_victim", "duke"], hands={0: ["stumble"]}, front={0: ["indifferent_public"]}
    )
    do(s2, 0, "pass")
    assert hand(s2, 0) == ["pushed", "stumble"]
    s3 = table(
        line=["clown", "duke"],
        hands={1: ["stumble"]},
        player=1,
        front={0: ["indifferent_public"]},
        piles={0: ["tragic_figure"]},
    )
    do(s3, 1, "pass", "seat:0")
    assert pile(s3, 0) == ["tragic_figure", "clown"]
    assert score(s3, 0) == 2
    assert score(s, 0) == 2


def test_ambiguity_11_line_altering_cards_are_exactly_the_28_blocked_by_callous_guards():
    rich = [
        "duke",
        "baron",
        "marie_antoinette",
        "mayor",
        "bishop",
        "colonel",
        "palace_guard",
        "regent",
    ]
    s = table(
        line=rich,
        hands={0: ALL_CARDS},
        action_discard=["stumble"],
        front={1: ["fountain_of_blood"]},
    )
    assert legal(s) == ["pass"] + [f"play:{k}" for k in ALL_CARDS]  # every card has a target
    s = table(
        line=rich, hands={0: ALL_CARDS}, action_discard=["stumble"], front={2: ["callous_guards"]}
    )
    do(s, 2, "pass")  # its owner keeps it
    assert set(legal(s)) == {"pass"} | {f"play:{k}" for k in NON_LINE_CARDS}
    for key in set(ALL_CARDS) - NON_LINE_CARDS:
        assert_illegal(s, 0, f"play:{key}")
    assert {a.key for a in CARDS.actions if not a.line} == NON_LINE_CARDS
    assert CARDS.assumed["after_you_is_line_altering"] is False


def test_ambiguity_11_callous_guards_does_not_stop_a_pending_confusion():
    s = table(
        line=["duke", "baron", "regent", "coiffeur"],
        hands={1: ["stumble"]},
        player=1,
        confusion=[1],
        front={2: ["callous_guards"]},
    )
    do(s, 2, "pass")  # its owner keeps it
    ev = do(s, 1, "pass")
    assert "confusion" in types(ev)


def test_ambiguity_12_effectless_plays():
    # Conditional cards may always be played, and still move the Master Spy.
    s = table(line=["master_spy", "duke", "baron"], hands={0: ["let_them_eat_cake"]})
    do(s, 0, "play:let_them_eat_cake")
    assert pile(s, 0) == ["duke"]
    assert line(s) == ["baron", "master_spy"]
    s = table(line=["master_spy", "duke", "baron"], hands={0: ["lack_of_faith"]})
    do(s, 0, "play:lack_of_faith")
    assert pile(s, 0) == ["duke"]
    # Player-target cards on empty hands or piles are legal and do nothing.
    for card in ("missed", "missing_heads", "lack_of_support", "infighting"):
        s = table(line=["master_spy", "duke", "baron"], hands={0: [card], 2: []})
        do(s, 0, f"play:{card}", "seat:2")
        assert pile(s, 0) == ["duke"], card
        assert line(s) == ["baron", "master_spy"], card
        assert action_discard(s) == [card]
    # Other cards need a valid target.
    s = table(
        line=["duke"],
        hands={0: ["stumble", "trip", "fainting_spell", "forward_march", "majesty", "rat_break"]},
    )
    assert legal(s) == ["pass"]


def test_ambiguity_13_callous_guards_may_be_discarded_by_its_owner_at_any_time():
    # "玩家可隨時丟棄此牌": before another player's action step its owner may discard it,
    # and that player may then play line-altering cards.
    s = table(
        line=["duke", "baron", "regent"],
        hands={0: ["stumble"], 1: ["stumble"]},
        front={0: ["callous_guards"]},
        player=1,
    )
    assert GAME.to_act(s) == (0,)
    assert legal(s, 0) == ["pass", "discard_callous"]
    assert GAME.view(s, 1)["decision"] == {
        "kind": "guards",
        "seat": 0,
        "card": None,
        "target": 1,
        "noble": None,
    }
    assert_illegal(s, 1, "pass")  # seat 1 waits for the owner
    events = do(s, 0, "discard_callous")
    assert events_of(events, "discard_front") == [
        {"type": "discard_front", "seat": 0, "card": A("callous_guards"), "owner": 0}
    ]
    assert action_discard(s) == ["callous_guards"]
    assert GAME.to_act(s) == (1,)
    assert legal(s, 1) == ["pass", "play:stumble"]


def test_ambiguity_13_the_owner_who_keeps_callous_guards_blocks_line_cards_for_that_turn():
    s = table(
        line=["duke", "baron", "regent"],
        hands={0: ["stumble"], 1: ["stumble", "trip"]},
        front={0: ["callous_guards"]},
        player=1,
    )
    do(s, 0, "pass")
    assert front(s, 0) == ["callous_guards"]
    assert legal(s, 1) == ["pass"]
    assert_illegal(s, 1, "discard_callous")  # not the owner
    do(s, 1, "pass")
    assert GAME.to_act(s) == (0,)  # seat 2's action step: asked again
    assert GAME.view(s, 0)["decision"]["target"] == 2


def test_switch_callous_discard_on_own_turn_only_asks_the_owner_only_in_its_own_turn():
    s = table(
        line=["duke", "baron", "regent"],
        hands={0: ["stumble"], 1: ["stumble"]},
        front={0: ["callous_guards"]},
        player=1,
        options={"callous_discard_on_own_turn_only": True},
    )
    assert GAME.to_act(s) == (1,)
    assert legal(s, 1) == ["pass"]
    assert GAME.legal_actions(s, 0) == []
    assert_illegal(s, 0, "discard_callous")  # not the owner's turn
    do(s, 1, "pass")
    do(s, 2, "pass")
    assert legal(s, 0) == ["pass", "discard_callous"]


def test_ambiguity_13_owner_may_discard_under_rush_job():
    s = table(
        line=["duke", "baron"], hands={0: ["stumble"]}, front={0: ["callous_guards"]}, rush=[0]
    )
    assert legal(s) == ["pass", "discard_callous"]
    do(s, 0, "discard_callous")
    assert legal(s) == ["pass"]  # still rushed: no card


def test_ambiguity_14_transfers_are_not_collections():
    # After You gives a Lady to a Foreign Support owner: no draw at all.
    s = table(line=["lady", "duke"], hands={0: ["after_you"]}, front={1: ["foreign_support"]})
    do(s, 0, "play:after_you", "seat:1")
    assert hand(s, 1) == ["fountain_of_blood"]
    # Clerical Error takes a Robespierre, a Lady and an Innocent Victim: nothing fires.
    for noble in ("robespierre", "lady", "innocent_victim", "clown"):
        s = table(
            line=["duke", "baron"],
            hands={0: ["clerical_error", "stumble"]},
            piles={1: [noble]},
            front={0: ["foreign_support"]},
        )
        do(s, 0, "play:clerical_error", "seat:1", "pile:1")
        assert pile(s, 0) == [noble, "duke"], noble
        assert hand(s, 0) == ["pushed", "pushed", "stumble"], noble  # FS for Duke + step 3
        assert s.day == 1
        assert GAME.to_act(s) == (1,)
    # Missed! returns a noble to the line; collecting it later is a real collection.
    s = table(line=["duke"], hands={0: ["missed"]}, piles={1: ["lady"]})
    do(s, 0, "play:missed", "seat:1")
    assert line(s) == ["lady"]
    assert hand(s, 1) == ["fountain_of_blood"]
    do(s, 1, "pass")
    assert hand(s, 1) == ["fountain_of_blood", "pushed", "pushed"]


def test_ambiguity_15_double_feature_collects_after_the_master_spy_moved():
    s = table(line=["master_spy", "duke", "baron", "regent"], hands={0: ["double_feature"]})
    do(s, 0, "play:double_feature")
    assert pile(s, 0) == ["duke", "baron"]
    assert line(s) == ["regent", "master_spy"]


def test_ambiguity_16_political_influence_wins_over_double_feature():
    # Only a Trip allows another card, so a turn cannot hold both cards through legal play:
    # Double Feature ends the action step.
    s = table(
        line=["duke", "baron", "regent"],
        hands={0: ["trip", "double_feature", "political_influence"]},
    )
    do(s, 0, "play:trip", "noble:2", "play:double_feature")
    assert pile(s, 0) == ["duke", "regent"]
    # With both played in the same turn (the flag set as if), Political Influence wins.
    s = table(line=["duke", "baron", "regent"], hands={0: ["trip", "political_influence"]})
    s.double = True
    do(s, 0, "play:trip", "noble:1", "play:political_influence")
    assert pile(s, 0) == []
    assert hand(s, 0) == ["pushed"] * 4
    assert line(s) == ["baron", "duke", "regent"]


def test_ambiguity_17_trip_trip_then_another_card():
    s = table(
        line=["duke", "baron", "regent", "coiffeur"], hands={0: ["trip", "trip", "public_demand"]}
    )
    do(s, 0, "play:trip", "noble:1")
    assert line(s) == ["baron", "duke", "regent", "coiffeur"]
    assert legal(s) == ["pass", "play:public_demand", "play:trip"]
    do(s, 0, "play:trip", "noble:3")
    assert line(s) == ["baron", "duke", "coiffeur", "regent"]
    assert legal(s) == ["pass", "play:public_demand"]
    do(s, 0, "play:public_demand", "noble:3")
    assert pile(s, 0) == ["coiffeur"]
    assert line(s) == ["baron", "duke", "regent"]
    assert action_discard(s) == ["trip", "trip", "public_demand"]


def test_ambiguity_18_self_targeting_follows_the_wording():
    others = ["seat:1", "seat:2"]
    anyone = ["seat:0", "seat:1", "seat:2"]
    expected = {
        "after_you": others,
        "clerical_error": others,
        "confusion_in_line": others,
        "tough_crowd": others,
        "information_exchange": others,
        "infighting": anyone,
        "lack_of_support": anyone,
        "missed": anyone,
        "missing_heads": anyone,
        "rush_job": anyone,
    }
    for card, seats in expected.items():
        s = table(
            line=["duke", "baron"],
            hands={0: [card, "stumble", "trip", "majesty"]},
            piles={0: ["regent"]},
        )
        do(s, 0, f"play:{card}")
        assert legal(s) == seats, card
    # Forced Break hits the other players only.
    s = table(line=["duke", "baron"], hands={0: ["forced_break", "stumble"]})
    do(s, 0, "play:forced_break")
    assert hand(s, 0) == ["pushed", "stumble"]
    # Missed! on oneself returns one's own newest (negative) noble.
    s = table(line=["duke", "baron"], hands={0: ["missed"]}, piles={0: ["regent", "martyr"]})
    do(s, 0, "play:missed", "seat:0")
    assert pile(s, 0) == ["regent", "duke"]
    assert line(s) == ["baron", "martyr"]


def test_ambiguity_19_empty_action_deck_is_rebuilt_from_the_discard_pile():
    s = table(
        line=["duke", "baron"],
        hands={0: ["stumble"]},
        action_deck=[],
        action_discard=["trip", "majesty"],
    )
    do(s, 0, "pass")
    drawn = [c for c in hand(s, 0) if c != "stumble"]
    assert len(drawn) == 1
    assert sorted(drawn + action_deck(s)) == ["majesty", "trip"]
    assert action_discard(s) == []
    s = table(line=["duke", "baron"], hands={0: ["stumble"]}, action_deck=[])
    do(s, 0, "pass")  # both empty: the draw is lost
    assert hand(s, 0) == ["stumble"]


def test_ambiguity_20_noble_deck_runs_out():
    s = table(line=["duke"], deck=["heretic", "bishop", "colonel"], hands={0: ["stumble"]})
    do(s, 0, "pass")
    assert s.day == 2
    assert line(s) == ["heretic", "bishop", "colonel"]  # what exists is dealt
    assert noble_deck(s) == []
    s = table(line=["duke"], deck=[], hands={0: ["stumble"]})
    do(s, 0, "pass")
    assert GAME.is_over(s)  # a new day cannot start
    assert s.day == 1
    # Effects that take from an empty deck do what they can.
    s = table(line=["duke", "baron"], deck=[], hands={0: ["extra_cart"]})
    do(s, 0, "play:extra_cart")
    assert line(s) == ["baron"]


def test_ambiguity_21_ties_share_the_victory():
    s = table(
        line=["duke"],
        day=3,
        hands={0: ["stumble"]},
        piles={1: ["regent", "wealthy_priest"], 2: ["king_louis"]},
    )
    do(s, 0, "pass")
    assert GAME.is_over(s)
    assert GAME.scores(s) == [3, 5, 5]
    assert GAME.winners(s) == [1, 2]
    assert GAME.returns(s) == [0.0, 0.5, 0.5]


def test_ambiguity_22_variant_leftovers_are_public_and_hidden_cards_score_at_the_end():
    s = GAME.setup(2, 3, {"hidden_support": True})
    leftovers = action_discard(s)
    assert len(leftovers) == 3
    assert GAME.view(s, None)["action_discard"] == leftovers
    assert GAME.view(s, 0)["action_discard"] == leftovers
    s = table(
        2,
        line=["duke"],
        day=3,
        hands={0: ["stumble"]},
        piles={1: ["colonel"]},
        hidden={0: "church_support", 1: "military_support"},
        options={"hidden_support": True},
    )
    assert GAME.scores(s) == [0, 3]
    do(s, 0, "pass")
    assert GAME.scores(s) == [3, 3 + 1]


def test_ambiguity_23_discard_piles_are_public_to_everyone():
    s = table(
        line=["duke", "baron"],
        deck=["sheriff", "martyr", "heretic", "bishop"],
        hands={0: ["late_arrival"], 1: ["stumble", "trip"]},
        action_discard=["escape"],
    )
    do(s, 0, "play:late_arrival", "peek:1")
    for seat in (None, 0, 1, 2):
        v = GAME.view(s, seat)
        assert v["noble_discard"] == ["heretic", "martyr"]
        assert v["action_discard"] == ["escape", "late_arrival"]
        assert v["noble_deck"] == 1
        assert v["action_deck"] == 11
        assert [p["hand_size"] for p in v["players"]] == [1, 2, 1]


def test_ambiguity_24_rival_executioners_deck_card_is_a_true_collection():
    s = table(line=["rival_executioner", "duke"], deck=["heretic", "clown"], hands={0: ["stumble"]})
    do(s, 0, "pass")
    assert legal(s) == ["seat:1", "seat:2"]  # the revealed Clown must be handed on
    do(s, 0, "seat:2")
    assert pile(s, 2) == ["clown"]
    s = table(
        line=["rival_executioner", "duke"], deck=["heretic", "robespierre"], hands={0: ["stumble"]}
    )
    do(s, 0, "pass")
    assert pile(s, 0) == ["rival_executioner", "robespierre"]
    assert s.day == 2
    assert hand(s, 0) == ["stumble"]
    s = table(
        line=["rival_executioner", "duke"],
        deck=["heretic", "regent"],
        hands={0: ["stumble"]},
        front={0: ["foreign_support"]},
    )
    do(s, 0, "pass")
    assert hand(s, 0) == ["pushed", "pushed", "stumble"]  # Foreign Support for the Regent


def test_ambiguity_25_foreign_support_draw_is_automatic():
    s = table(line=["duke", "baron"], hands={0: ["stumble"]}, front={0: ["foreign_support"]})
    ev = do(s, 0, "pass")
    assert GAME.to_act(s) == (1,)  # no decision was offered to seat 0
    assert [e["count"] for e in events_of(ev, "draw") if e["seat"] == 0] == [1, 1]
    assert hand(s, 0) == ["pushed", "pushed", "stumble"]


def test_ambiguity_26_deal_layout_first_dealt_noble_at_the_back():
    for seed in range(5):
        deck = CARDS.noble_deck()
        random.Random(seed).shuffle(deck)  # setup's first use of its RNG
        s = GAME.setup(3, seed)
        dealt = deck[::-1][:12]  # deck top first
        assert s.line[-1] == dealt[0]  # the first noble dealt stands at the back
        assert s.line[0] == dealt[11]  # the twelfth at the front
        assert s.line == dealt[::-1]
        assert s.noble_deck == deck[:-12]
