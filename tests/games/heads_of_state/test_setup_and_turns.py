"""Setup by player count (§4.1, §4.2), the first round (§4.3), Option A (§4.4),
Option B's takes (§4.5), refilling (§4.6), hand limits (§4.7), reshuffles (§4.8)."""

from collections import Counter

import pytest
from heads_of_state_scenario import (
    BOARD,
    GAME,
    REV,
    A,
    R,
    T,
    assert_illegal,
    do,
    events_of,
    hand,
    legal,
    table,
    thand,
    types,
)


@pytest.mark.parametrize(("n", "size"), [(2, 64), (3, 76), (4, 88), (5, 100)])
def test_setup_by_player_count(n: int, size: int) -> None:
    s = GAME.setup(n, 3)
    assert len(s.attr_deck) == size - 16
    assert len(s.rev_deck) == 11 and s.rev_deck.count(R.REVOLUTION) == 1
    assert len(s.attr_display) == 6
    assert len(s.tr_deck) == 27 and len(s.tr_display) == 2
    assert s.noble_left == [10] * 7
    assert all(sum(h) == 0 and sum(t) == 0 for h, t in zip(s.hands, s.thands, strict=True))
    assert s.century == 0 and s.kind == R.CHOOSE and s.actor == s.starter
    assert GAME.view(s, None)["noble_house_left"] == ([16, 8] if n == 2 else [16, 12, 8])


def test_two_players_use_only_unmarked_attribute_cards() -> None:
    deck = Counter(BOARD.attribute_deck(2))
    assert deck == Counter({a.id: a.copies[0] for a in BOARD.attributes})
    four = Counter(BOARD.attribute_deck(4))
    assert four[A["gold"]] == 9 + 3 + 3 and four[A["courtesan"]] == 5 + 1 + 1


def test_start_player_is_drawn_from_the_seed() -> None:
    starters = {GAME.setup(4, seed).starter for seed in range(30)}
    assert starters == {0, 1, 2, 3}


@pytest.mark.parametrize(
    ("n", "draws"), [(2, [2, 3]), (3, [1, 2, 3]), (4, [1, 1, 2, 3]), (5, [1, 1, 2, 2, 3])]
)
def test_first_round_draws_by_seat(n: int, draws: list[int]) -> None:
    s = GAME.setup(n, 11)
    owed = []
    for k in range(n):
        seat = (s.starter + k) % n
        assert s.actor == seat
        assert "option:treachery" not in legal(s)
        do(s, seat, "option:attributes")
        owed.append(s.owed_attr)
        while s.kind == R.TAKING:
            do(s, seat, "draw")
        if s.kind == R.ACTING:
            do(s, seat, "end_turn")
    assert owed == draws
    assert "option:treachery" in legal(s)  # the second round


def test_first_round_refuses_treachery_with_a_reason() -> None:
    s = GAME.setup(3, 2)
    assert_illegal(s, s.actor, "option:treachery", "first round")


def test_a_draw_refused_while_the_option_is_chosen_names_the_choice_not_the_first_round() -> None:
    s = table(3)  # the second round: treachery is open
    refused = assert_illegal(s, 0, "draw", "is not possible now")
    assert "first round" not in refused.message


def test_treachery_refused_while_taking_names_the_take_not_the_first_round() -> None:
    s = table(3)
    do(s, 0, "option:attributes")
    refused = assert_illegal(s, 0, "option:treachery", "is not possible now")
    assert "first round" not in refused.message


def test_option_a_three_takes_without_refill_between() -> None:
    s = table(
        3,
        display=["gold", "gold", "land", "title", "castle", "bishop"],
        deck=["troops", "duelling", "marriage", "marriage", "marriage"],
    )
    do(s, 0, "option:attributes", "take:gold")
    assert R.NONE != s.kind and s.owed_attr == 2
    assert len(s.attr_display) == 5  # not refilled yet
    do(s, 0, "take:gold")
    assert len(s.attr_display) == 4
    ev = do(s, 0, "draw")  # the deck top is the last card: marriage
    assert hand(s, 0) == {"gold": 2, "marriage": 1}
    refill = events_of(ev, "refill")[0]
    assert len(refill["cards"]) == 2 and len(s.attr_display) == 6
    assert s.attr_deck == [A["troops"], A["duelling"]]


def test_taking_is_mandatory() -> None:
    s = table(3)
    do(s, 0, "option:attributes")
    assert "end_turn" not in legal(s)
    refused = assert_illegal(s, 0, "end_turn")
    assert refused.message == (
        '"End your turn" is not possible now. Take 3 attribute cards '
        "(from the display or the deck)."
    )
    assert refused.message_zh == "現在不能「結束回合」。拿取3張屬性牌（翻開的牌或牌庫頂的牌）。"


def test_a_card_not_on_display_cannot_be_taken_and_the_refusal_says_so() -> None:
    s = table(3, display=("gold", "land", "troops", "title", "castle", "bishop"))
    do(s, 0, "option:attributes")
    for code in ("take:duelling", "take:gallows", "draw_treachery"):
        refused = assert_illegal(s, 0, code)
        assert refused.message == (
            "That card cannot be taken now (it is not on display, or you owe no card of that kind)."
        )


def test_reset_sets_the_display_aside_takes_one_and_shuffles_it_back() -> None:
    old = ["gold", "land", "troops", "title", "castle", "bishop"]
    deck = ["marriage"] * 4 + ["duelling"] * 6
    s = table(3, display=old, deck=deck)
    ev = do(s, 0, "option:reset")
    assert [BOARD.attributes[c].key for c in s.attr_display] == ["duelling"] * 6
    assert events_of(ev, "option")[0]["set_aside"] == [A[k] for k in old]
    assert legal(s) == ["take:duelling", "draw"]
    ev = do(s, 0, "take:duelling")
    assert hand(s, 0) == {"duelling": 1}
    assert "shuffle_back" in types(ev)
    assert s.set_aside == [] and len(s.attr_display) == 6
    # 4 marriages + 6 set aside, less the one refill card
    assert len(s.attr_deck) == 9
    assert Counter(s.attr_deck) + Counter([s.attr_display[-1]]) == Counter(
        [A["marriage"]] * 4 + [A[k] for k in old]
    )


def test_reset_needs_six_cards_in_the_deck() -> None:
    s = table(3, deck=["gold"] * 5)
    assert "option:reset" not in legal(s)
    assert_illegal(s, 0, "option:reset", "fewer than 6")
    s = table(3, deck=["gold"] * 6)
    assert "option:reset" in legal(s)


def test_option_b_takes_one_treachery_and_one_attribute_in_either_order() -> None:
    s = table(3, tr_display=["axeman", "assassin"], tr_deck=["gallows", "inquisition"])
    do(s, 0, "option:treachery")
    assert set(legal(s)) == {
        "take:gold",
        "take:land",
        "take:troops",
        "take:title",
        "take:castle",
        "take:bishop",
        "draw",
        "take:axeman",
        "take:assassin",
        "draw_treachery",
    }
    do(s, 0, "take:assassin")
    assert not any(code.startswith("take:a") or code == "draw_treachery" for code in legal(s))
    ev = do(s, 0, "take:gold")
    assert thand(s, 0) == {"assassin": 1} and hand(s, 0) == {"gold": 1}
    # both displays refilled: the treachery deck top is the last card
    assert [BOARD.treachery[c].key for c in s.tr_display] == ["axeman", "inquisition"]
    assert "refill_treachery" in types(ev)

    s = table(3)
    do(s, 0, "option:treachery", "draw", "draw_treachery")
    assert hand(s, 0) == {"marriage": 1} and thand(s, 0) == {"gallows": 1}


def test_the_last_treachery_card_drawn_shuffles_the_discard_pile_into_a_new_deck_at_once() -> None:
    """§4.8, source "當背叛牌抽完時，將其棄牌堆重新洗成新背叛牌庫": seat 0 draws the deck's last
    card, a Gallows; the two discarded Inquisitions are the new deck at once, and the
    Guillotine he then spends waits in the discard pile: the next player draws an
    Inquisition, and no Guillotine can come back to him."""
    s = table(
        3,
        thands={0: {"guillotine": 1}},
        board={"FRA-GAS.top": 1},
        tr_deck=["gallows"],
        tr_discard=["inquisition", "inquisition"],
    )
    do(s, 0, "option:treachery", "draw")
    ev = do(s, 0, "draw_treachery")
    assert types(ev)[:2] == ["draw_treachery", "treachery_reshuffle"]
    assert events_of(ev, "treachery_reshuffle") == [{"type": "treachery_reshuffle", "count": 2}]
    assert thand(s, 0) == {"guillotine": 1, "gallows": 1}
    assert s.tr_deck == [T["inquisition"]] * 2 and s.tr_discard == []
    do(s, 0, "assassinate:FRA-GAS.top")  # nothing to ennoble: seat 1's turn
    assert s.tr_discard == [T["guillotine"]] and s.tr_deck == [T["inquisition"]] * 2
    ev = do(s, 1, "option:treachery", "draw_treachery")
    assert thand(s, 1) == {"inquisition": 1} and "treachery_reshuffle" not in types(ev)
    assert s.tr_deck == [T["inquisition"]] and s.tr_discard == [T["guillotine"]]


def test_a_refill_drawing_the_last_treachery_card_rebuilds_the_deck_at_once() -> None:
    """§4.6, §4.8: seat 0 takes the displayed Axeman; the refill draws the deck's last
    card, and the discard pile is the new deck at once."""
    s = table(3, tr_display=["axeman", "assassin"], tr_deck=["gallows"], tr_discard=["inquisition"])
    do(s, 0, "option:treachery", "take:axeman")
    ev = do(s, 0, "draw")
    assert types(ev)[:3] == ["draw", "refill_treachery", "treachery_reshuffle"]
    assert s.tr_display == [T["assassin"], T["gallows"]]
    assert s.tr_deck == [T["inquisition"]] and s.tr_discard == []


def test_treachery_deck_is_reshuffled_from_its_discards() -> None:
    """A deck drawn out while its discard pile was empty has nothing to shuffle then; it
    is rebuilt when a card is next needed [assumed: the source names only the moment
    the deck is drawn out]."""
    s = table(3, tr_display=[], tr_deck=[], tr_discard=["gallows", "gallows"])
    do(s, 0, "option:treachery")
    ev = do(s, 0, "draw_treachery")
    assert "treachery_reshuffle" in types(ev)
    assert thand(s, 0) == {"gallows": 1} and s.tr_discard == []


def test_no_treachery_anywhere_skips_that_take() -> None:
    s = table(3, tr_display=[], tr_deck=[], tr_discard=[])
    do(s, 0, "option:treachery")
    assert s.owed_tr == 0 and legal(s)[-1] == "draw"


def test_treachery_only_from_the_display_when_both_piles_are_empty() -> None:
    s = table(3, tr_display=["axeman"], tr_deck=[], tr_discard=[])
    do(s, 0, "option:treachery")
    assert "take:axeman" in legal(s) and "draw_treachery" not in legal(s)


def test_hand_limits_at_the_end_of_your_own_turn() -> None:
    s = table(
        3, hands={0: {"gold": 9}, 1: {"land": 12}}, thands={0: {"axeman": 5}, 1: {"gallows": 6}}
    )
    do(s, 0, "option:attributes", "draw", "draw", "draw")
    do(s, 0, "end_turn")
    assert s.kind == R.DISCARDING and s.actor == 0
    assert set(legal(s)) == {"discard:gold", "discard:marriage", "discard:axeman"}
    ev = do(s, 0, "discard:marriage", "discard:gold")
    assert events_of(ev, "discard") == [
        {"type": "discard", "seat": 0, "card": A["marriage"], "why": "hand_limit"},
        {"type": "discard", "seat": 0, "card": A["gold"], "why": "hand_limit"},
    ]
    assert s.kind == R.DISCARDING
    assert_illegal(s, 0, "discard:marriage")  # hand at 10 already: only treachery now
    ev = do(s, 0, "discard:axeman")
    assert sum(s.hands[0]) == 10 and sum(s.thands[0]) == 4
    assert events_of(ev, "discard_treachery")[0]["why"] == "hand_limit"
    # the next player's large hand is not checked now
    assert s.player == 1 and s.kind == R.CHOOSE and sum(s.hands[1]) == 12
    assert s.attr_discard[-2:] == [A["marriage"], A["gold"]] and s.tr_discard == [T["axeman"]]


def test_revolution_deck_feeds_draws_when_the_deck_is_empty() -> None:
    s = table(3, deck=[], rev=["bishop", REV, "castle"])
    do(s, 0, "option:attributes", "draw")
    assert hand(s, 0) == {"castle": 1} and len(s.rev_deck) == 2


def test_a_treachery_card_of_the_first_kind_refills_the_display() -> None:
    s = table(3, tr_display=("assassin", "gallows"), tr_deck=("gallows", "gallows", "axeman"))
    ev = do(s, 0, "option:treachery", "take:assassin", "draw")
    assert [e["cards"] for e in events_of(ev, "refill_treachery")] == [[T["axeman"]]]
    assert sorted(s.tr_display) == sorted([T["gallows"], T["axeman"]])
    assert s.tr_deck == [T["gallows"], T["gallows"]]


def test_with_the_attribute_deck_empty_draws_come_from_the_revolution_deck() -> None:
    s = table(3, deck=(), rev=("bishop", REV, "gold"))
    do(s, 0, "option:attributes", "draw")
    assert hand(s, 0) == {"gold": 1} and s.rev_deck == [A["bishop"], R.REVOLUTION]
    assert GAME.inventory(s)["revolution"] == Counter({"revolution": 1})
