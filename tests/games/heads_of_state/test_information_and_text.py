"""What each seat sees (§8.2), determinization, the log's private parts, and the
words of the game in both languages (actions, decisions, events, rules, catalog)."""

import json
import random

from heads_of_state_scenario import GAME, REV, A, R, do, events_of, table

from noblesse.games.heads_of_state.heuristics import choose


def test_view_shows_only_your_own_hand_and_no_deck_order() -> None:
    s = table(3, hands={0: {"gold": 2}, 1: {"land": 3}}, thands={1: {"assassin": 1}})
    mine, theirs, spectator = GAME.view(s, 0), GAME.view(s, 1), GAME.view(s, None)
    assert mine["hand"] == {"gold": 2} and theirs["hand"] == {"land": 3}
    assert mine["treachery_hand"] == {} and theirs["treachery_hand"] == {"assassin": 1}
    assert spectator["hand"] is None and spectator["treachery_hand"] is None
    assert mine["players"][1]["attribute_count"] == 3
    assert mine["players"][1]["known_attributes"] == {}
    other = table(
        3, hands={0: {"gold": 2}, 1: {"castle": 2, "title": 1}}, thands={1: {"gallows": 1}}
    )
    assert GAME.view(other, 0) == mine  # seat 1's hidden cards change nothing seat 0 sees
    assert isinstance(mine["attribute_deck"], int) and isinstance(mine["revolution_deck"], int)


def test_a_deck_draw_is_private_a_display_take_public() -> None:
    s = table(3, deck=["bishop"] * 5)
    ev = do(s, 0, "option:attributes", "draw", "take:gold")
    draw = [e for e in ev if e.type == "draw"][0]
    assert draw.for_seat(0)["card"] == A["bishop"] and "card" not in draw.for_seat(1)
    assert events_of(ev, "take")[0]["card"] == A["gold"]


def test_determinize_resamples_hidden_cards_and_keeps_the_known() -> None:
    s = table(
        3,
        hands={0: {"gold": 1}, 1: {"bishop": 4}},
        thands={1: {"axeman": 2}},
        deck=["land"] * 20,
        rev=["troops"] * 5 + [REV] + ["troops"] * 5,
    )
    s.known[1][A["bishop"]] = 1  # everyone saw seat 1 take one bishop
    changed = False
    for k in range(10):
        d = GAME.determinize(s, 0, random.Random(k))
        assert d.hands[0] == s.hands[0]
        assert d.hands[1][A["bishop"]] >= 1 and sum(d.hands[1]) == 4
        assert sum(d.thands[1]) == 2 and len(d.rev_deck) == 11 and R.REVOLUTION in d.rev_deck
        assert GAME.view(d, 0) == GAME.view(s, 0)
        changed |= d.hands[1] != s.hands[1] or d.rev_deck != s.rev_deck
    assert changed


def test_the_cube_draw_is_in_the_public_log() -> None:
    s = table(3, thands={0: {"assassin": 1}}, board={"FRA-GAS.top": 1})
    ev = do(s, 0, "option:treachery", "draw", "draw_treachery", "assassinate:FRA-GAS.top")
    draw = [e for e in ev if e.type == "cube_draw"][0]
    assert draw.private is None and draw.public["cube"] in (0, 1)
    line = GAME.describe_event(draw.for_seat(None), "en")
    assert line.startswith("From the bag: a cube of Seat")
    assert "小方塊" in GAME.describe_event(draw.for_seat(None), "zh-TW")


def test_every_event_action_and_decision_has_words_in_both_languages() -> None:
    rng = random.Random(4)
    for seed in range(3):
        s = GAME.setup(4, seed)
        while not GAME.is_over(s):
            seat = GAME.to_act(s)[0]
            legal = GAME.legal_actions(s, seat)
            for lang in ("en", "zh-TW"):
                assert GAME.describe_decision(s, lang)
                for a in legal:
                    words = GAME.describe_action(s, a, lang)
                    assert words and ":" not in words or lang == "zh-TW", words
                GAME.render_text(GAME.view(s, seat), lang)
            for e in GAME.apply(s, seat, rng.choice(legal)):
                for viewer in (None, seat):
                    shown = e.for_seat(viewer)
                    for lang in ("en", "zh-TW"):
                        text = GAME.describe_event(shown, lang)
                        assert text != e.type and "{" not in text, (e, text)


def test_rules_table_and_catalog() -> None:
    for lang in ("en", "zh-TW"):
        tables = GAME.rules_table(lang)
        assert len(tables) == 4 and all(tables.values())
    assert GAME.rules_table("zh-TW")["貴族"][4]["name"] == "英國伯爵"
    # the same tables in both languages, titled and their own columns named in each
    assert list(GAME.rules_table("en")) == [
        "Nobles",
        "Attribute cards",
        "Treachery cards",
        "Board boxes",
    ]
    assert list(GAME.rules_table("zh-TW")) == ["貴族", "屬性牌", "背叛牌", "板圖地區"]
    assert list(GAME.rules_table("zh-TW")["貴族"][4]) == [
        "name",
        "other",
        "所需屬性牌",
        "可用「高級娼婦」",
        "points",
        "copies",
    ]
    assert list(GAME.rules_table("en")["Nobles"][4]) == [
        "name",
        "other",
        "Requires",
        "Courtesan",
        "points",
        "copies",
    ]
    cat = GAME.catalog()
    assert cat["ranks"]["Earl"]["zh-TW"] == "英國伯爵" and len(cat["slots"]) == 30
    json.dumps(cat)
    assert GAME.option_labels()["counter_limit"]["zh-TW"]


def test_the_strategy_answers_every_decision_legally() -> None:
    rng = random.Random(1)
    s = GAME.setup(3, 9)
    while not GAME.is_over(s):
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        action = choose(GAME, s, seat, legal, rng) if seat == 0 else rng.choice(legal)
        assert action in legal
        GAME.apply(s, seat, action)
    assert GAME.winners(s) == [0]


def test_determinize_deals_unseen_treachery_between_the_deck_and_other_hands() -> None:
    s = table(
        3,
        thands={0: {"assassin": 1}, 1: {"axeman": 2}},
        tr_deck=["gallows"] * 5 + ["inquisition"] * 5,
    )
    decks, hands = set(), set()
    for k in range(20):
        d = GAME.determinize(s, 0, random.Random(k))
        assert d.thands[0] == s.thands[0] and sum(d.thands[1]) == 2
        assert GAME.inventory(d)["treachery"] == GAME.inventory(s)["treachery"]
        decks.add(tuple(d.tr_deck))
        hands.add(tuple(d.thands[1]))
    assert len(decks) > 1 and len(hands) > 1


def test_determinize_deals_other_hands_and_the_deck_in_more_than_one_way() -> None:
    s = table(
        3,
        hands={0: {"gold": 1}, 1: {"bishop": 2, "castle": 2}},
        deck=["land"] * 5 + ["title"] * 5,
        rev=[REV],
    )
    hands, decks = set(), set()
    for k in range(20):
        d = GAME.determinize(s, 0, random.Random(k))
        assert sum(d.hands[1]) == 4 and d.rev_deck == [R.REVOLUTION]
        hands.add(tuple(d.hands[1]))
        decks.add(tuple(d.attr_deck))
    assert len(hands) > 1 and len(decks) > 1


def test_the_zones_of_a_seat_hold_its_own_hands_as_they_are() -> None:
    s = table(3, hands={0: {"gold": 2, "land": 1}}, thands={0: {"axeman": 1}})
    zones = GAME.zones(s, 0)
    assert zones["hand:0"].contents == tuple(s.hands[0]) and not zones["hand:0"].hidden
    assert zones["treachery:0"].contents == tuple(s.thands[0])
    assert "hand:0:unseen" not in zones and zones["hand:1:unseen"].hidden
