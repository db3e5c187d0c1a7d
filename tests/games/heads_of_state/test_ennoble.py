"""Ennobling (§5.1, §5.2): matching cards, the Courtesan, noble cards, and the
markers it earns at once (§6.1-§6.3)."""

import pytest
from heads_of_state_scenario import (
    BOARD,
    GAME,
    RK,
    SL,
    A,
    R,
    assert_illegal,
    do,
    events_of,
    hand,
    legal,
    table,
    types,
)

KING_SET = {
    "gold": 1,
    "land": 1,
    "troops": 1,
    "title": 1,
    "castle": 1,
    "duelling": 1,
    "bishop": 1,
    "marriage": 1,
}


def act(s: R.HeadsState, seat: int = 0) -> None:
    """Option A, three draws of marriages from the default deck, to the act step."""
    do(s, seat, "option:attributes", "draw", "draw", "draw")


def test_ennoble_pays_one_card_per_requirement_and_takes_a_noble_card() -> None:
    s = table(3, hands={0: {"gold": 2, "land": 1}})
    act(s)
    assert "ennoble:FRA-BUR.bottom" in legal(s)  # a Count: gold + land
    ev = do(s, 0, "ennoble:FRA-BUR.bottom")
    assert s.slots[SL["FRA-BUR.bottom"]] == 0
    assert hand(s, 0) == {"gold": 1, "marriage": 3}
    assert s.noble_cards[0][RK["Count"]] == 1 and s.noble_left[RK["Count"]] == 9
    e = events_of(ev, "ennoble")[0]
    assert e["paid"] == [A["gold"], A["land"]] and e["noble_card"] is True
    assert s.attr_discard[-2:] == [A["gold"], A["land"]]


def test_only_empty_spaces_of_the_printed_rank() -> None:
    s = table(3, hands={0: {"gold": 1}}, board={"FRA-GAS.top": 1})
    act(s)
    barons = [c for c in legal(s) if c.startswith("ennoble:")]
    assert barons == [
        "ennoble:BRI-IRE.bottom",
        "ennoble:FRA-BRE.bottom",
        "ennoble:GER-BRA.bottom",
        "ennoble:SPA-AND.bottom",
    ]
    assert_illegal(s, 0, "ennoble:FRA-GAS.top", "taken")
    assert_illegal(s, 0, "ennoble:FRA-BUR.bottom", "cannot pay")


def test_a_space_held_by_seat_0_is_refused_as_taken() -> None:
    s = table(3, player=1, hands={1: {"gold": 1}}, board={"FRA-GAS.top": 0})
    act(s, 1)
    assert "ennoble:FRA-GAS.top" not in legal(s)
    assert_illegal(s, 1, "ennoble:FRA-GAS.top", "That space is taken")


def test_any_number_of_ennoblements_in_one_turn() -> None:
    s = table(3, hands={0: {"gold": 3}})
    act(s)
    do(s, 0, "ennoble:FRA-GAS.top", "ennoble:GER-BRA.bottom", "ennoble:SPA-AND.bottom")
    assert sum(1 for o in s.slots if o == 0) == 3
    assert s.kind == R.CHOOSE and s.player == 1  # nothing left to do: the turn ended


def test_courtesan_stands_in_for_one_missing_attribute() -> None:
    s = table(3, hands={0: {"gold": 1, "courtesan": 1}})
    act(s)
    assert "ennoble:FRA-BUR.bottom" in legal(s)  # Count: gold + (courtesan for land)
    do(s, 0, "ennoble:FRA-BUR.bottom")
    assert hand(s, 0) == {"marriage": 3}


def test_at_most_one_courtesan_per_ennoblement() -> None:
    s = table(3, hands={0: {"gold": 1, "castle": 1, "courtesan": 3}})
    act(s)  # a Duke needs gold, troops, castle, title, duelling: three missing
    assert "ennoble:FRA-BUR.top" not in legal(s)
    assert_illegal(s, 0, "ennoble:FRA-BUR.top", "at most one Courtesan")


def test_a_count_refused_says_at_most_one_courtesan_the_rank_below_the_prince_too() -> None:
    """The Count, the rank just above the Baron, takes a Courtesan: a Count missing
    both gold and land is refused with the one-Courtesan limit, not the Baron's rule."""
    s = table(3, hands={0: {"troops": 1, "title": 1, "courtesan": 2}})
    act(s)  # an Earl can be paid (land by a Courtesan); a Count needs gold and land
    assert "ennoble:FRA-BUR.bottom" not in legal(s)
    assert_illegal(s, 0, "ennoble:FRA-BUR.bottom", "You cannot pay for a Count")
    assert_illegal(s, 0, "ennoble:FRA-BUR.bottom", "(at most one Courtesan)")


def test_no_courtesan_for_a_king_nor_a_baron() -> None:
    king = dict(KING_SET, bishop=0, courtesan=1)
    s = table(3, hands={0: king})
    act(s)
    assert not any(c.startswith("ennoble:") and c.endswith("LON.top") for c in legal(s))
    assert_illegal(s, 0, "ennoble:BRI-LON.top", "Courtesan cannot")
    s = table(3, hands={0: {"courtesan": 2}})
    do(s, 0, "option:attributes", "take:land", "take:troops", "take:title")
    assert_illegal(s, 0, "ennoble:FRA-GAS.top", "Courtesan cannot")
    # a Prince may use one: gold land troops title duelling marriage with courtesan for duelling
    s = table(3, hands={0: {"gold": 1, "land": 1, "troops": 1, "title": 1, "courtesan": 1}})
    act(s)
    assert "ennoble:BRI-LON.bottom" in legal(s)


def test_paying_with_the_courtesan_while_holding_the_real_card_is_a_choice() -> None:
    s = table(3, hands={0: {"gold": 1, "land": 1, "courtesan": 1}})
    act(s)
    do(s, 0, "ennoble:FRA-BUR.bottom")
    assert s.kind == R.PAYING
    assert legal(s) == ["pay:cards", "pay:courtesan_for:gold", "pay:courtesan_for:land"]
    do(s, 0, "pay:courtesan_for:land")
    assert hand(s, 0) == {"land": 1, "marriage": 3}


def test_the_king_needs_all_eight_attributes() -> None:
    s = table(3, hands={0: KING_SET})
    act(s)
    do(s, 0, "ennoble:FRA-PAR.top")
    assert hand(s, 0) == {"marriage": 3}
    assert s.slots[SL["FRA-PAR.top"]] == 0


def test_no_noble_card_left_still_ennobles() -> None:
    s = table(3, hands={0: {"gold": 1}})
    s.noble_left[RK["Baron"]] = 0
    act(s)
    ev = do(s, 0, "ennoble:FRA-GAS.top")
    assert s.slots[SL["FRA-GAS.top"]] == 0 and s.noble_cards[0][RK["Baron"]] == 0
    assert events_of(ev, "ennoble")[0]["noble_card"] is False


def test_initial_marker_goes_to_the_first_noble_in_a_box_either_slot() -> None:
    s = table(3, hands={0: {"gold": 2}, 1: {"gold": 1, "land": 1}})
    act(s)
    ev = do(s, 0, "ennoble:FRA-BRE.bottom")  # Brittany's bottom slot (Baron), value 2
    assert events_of(ev, "initial_marker") == [
        {
            "type": "initial_marker",
            "seat": 0,
            "value": 2,
            "box": BOARD.boxes[R.SLOT_BOX[SL["FRA-BRE.bottom"]]].id,
        }
    ]
    assert s.score[0] == 2 and s.markers[0] == [2]
    s2 = table(3, player=1, hands={1: {"gold": 1, "land": 1}}, board={"FRA-PRO.top": 0})
    act(s2, 1)
    ev = do(s2, 1, "ennoble:FRA-PRO.bottom")  # the box was first filled by seat 0
    assert "initial_marker" not in types(ev) and s2.score[1] == 0


def test_initial_marker_is_not_taken_again_after_a_kill() -> None:
    s = table(3, hands={0: {"gold": 1}})
    s.initial_owner[R.SLOT_BOX[SL["FRA-GAS.top"]]] = 2  # taken earlier, its noble since killed
    act(s)
    ev = do(s, 0, "ennoble:FRA-GAS.top")
    assert "initial_marker" not in types(ev)


def britain_board(seat: int) -> dict[str, int]:
    return {"BRI-LON.top": seat, "BRI-SCO.top": seat}


def test_a_country_without_a_noble_in_its_capital_earns_no_country_marker() -> None:
    # a fresh game: seat 0 holds Scotland only; a Baron in Ireland leaves London empty
    s = table(3, hands={0: {"gold": 1}}, board={"BRI-SCO.top": 0})
    act(s)
    ev = do(s, 0, "ennoble:BRI-IRE.bottom")
    assert "country_marker" not in types(ev)
    britain = R.SLOT_COUNTRY[SL["BRI-LON.top"]]
    assert s.country_done[britain] == []
    assert s.occupied[0] == (1 << R.SLOT_BOX[SL["BRI-SCO.top"]]) | (
        1 << R.SLOT_BOX[SL["BRI-IRE.top"]]
    )
    assert s.occupied[1] == s.occupied[2] == 0


def test_country_marker_first_and_second_to_fill_every_box_dead_count() -> None:
    # seat 0 has London and Scotland; a Baron in Ireland completes Britain: 6 points
    s = table(3, hands={0: {"gold": 1}}, board=britain_board(0))
    act(s)
    ev = do(s, 0, "ennoble:BRI-IRE.bottom")
    assert events_of(ev, "country_marker")[0]["value"] == 6
    # seat 1's London noble is dead (under the box): it still counts; second = 3
    s.slots[SL["BRI-LON.top"]] = -1
    s.dead.append((SL["BRI-LON.top"], 1))
    s.occupied[1] |= 1 << R.SLOT_BOX[SL["BRI-LON.top"]]
    s.occupied[1] |= 1 << R.SLOT_BOX[SL["BRI-SCO.top"]]
    s.hands[1] = [0] * R.NA
    s.hands[1][A["land"]] = s.hands[1][A["troops"]] = s.hands[1][A["title"]] = 1
    s.player, s.kind, s.actor, s.step = 1, R.CHOOSE, 1, R.TAKE
    s.legal_cache = None
    act(s, 1)
    ev = do(s, 1, "ennoble:BRI-IRE.top")  # an Earl
    assert events_of(ev, "country_marker")[0]["value"] == 3
    # a third finisher gets nothing: seat 2 holds London and Ireland, Scotland completes it
    s.occupied[2] = sum(1 << R.SLOT_BOX[SL[k]] for k in ("BRI-LON.top", "BRI-IRE.top"))
    s.hands[2] = [0] * R.NA
    s.hands[2][A["land"]] = s.hands[2][A["troops"]] = s.hands[2][A["title"]] = 1
    s.player, s.kind, s.actor, s.step = 2, R.CHOOSE, 2, R.TAKE
    s.legal_cache = None
    act(s, 2)
    score = s.score[2]
    ev = do(s, 2, "ennoble:BRI-SCO.bottom")
    britain = R.COUNTRY_BOXES[R.SLOT_COUNTRY[SL["BRI-SCO.bottom"]]]
    assert s.occupied[2] & britain == britain
    assert "country_marker" not in types(ev) and s.score[2] == score
    assert s.country_done[R.SLOT_COUNTRY[SL["BRI-LON.top"]]] == [0, 1]


@pytest.mark.parametrize(("n", "values"), [(2, [16, 8]), (3, [16, 12, 8])])
def test_noble_house_markers_for_every_rank_ever_ennobled(n: int, values: list[int]) -> None:
    got = []
    s = table(n)
    for seat in range(n):
        s.ranks_ever[seat] = R.ALL_RANKS & ~(1 << RK["Baron"])
        s.hands[seat] = [0] * R.NA
        s.hands[seat][A["gold"]] = 1
        s.player, s.kind, s.actor, s.step = seat, R.CHOOSE, seat, R.TAKE
        s.legal_cache = None
        act(s, seat)
        free = [c for c in legal(s) if c.startswith("ennoble:")][0]
        ev = do(s, seat, free)
        got += [e["value"] for e in events_of(ev, "noble_house")]
        if s.kind == R.ACTING:
            do(s, seat, "end_turn")
    assert got == values
    assert s.house == list(range(n))


def test_noble_house_counts_ranks_whose_nobles_have_died() -> None:
    s = table(3, hands={0: {"gold": 1}})
    s.ranks_ever[0] = R.ALL_RANKS & ~(1 << RK["Baron"])  # all of them dead by now
    act(s)
    ev = do(s, 0, "ennoble:FRA-GAS.top")
    assert events_of(ev, "noble_house")[0]["value"] == 16


def test_counter_limit_option() -> None:
    s = table(3, hands={0: {"gold": 3, "land": 1}}, options={"counter_limit": True})
    s.counters[0][RK["Baron"]] = BOARD.counter_limit[RK["Baron"]] - 1
    act(s)
    do(s, 0, "ennoble:FRA-GAS.top")
    assert "ennoble:GER-BRA.bottom" not in legal(s) and "ennoble:GER-BRA.top" in legal(s)
    assert_illegal(s, 0, "ennoble:GER-BRA.bottom", "no Baron counter")
    s = table(3, hands={0: {"gold": 2}})
    s.counters[0][RK["Baron"]] = 50  # unlimited by default
    act(s)
    assert "ennoble:FRA-GAS.top" in legal(s)
    assert GAME.options_schema() == {"counter_limit": False, "treachery_rebuilt_when_needed": False}


def test_with_counter_limit_a_seat_holding_one_earl_still_places_its_second_and_last() -> None:
    s = table(
        3,
        hands={0: {"land": 1, "troops": 1, "title": 1}},
        board={"BRI-SCO.bottom": 0},
        options={"counter_limit": True},
    )
    assert BOARD.counter_limit[RK["Earl"]] == 2
    act(s)
    assert "ennoble:BRI-IRE.top" in legal(s)
    do(s, 0, "ennoble:BRI-IRE.top")
    assert s.slots[SL["BRI-IRE.top"]] == 0
    assert s.counters[0][RK["Earl"]] == 2


def test_paying_for_a_count_the_courtesan_cannot_stand_in_for_troops_it_does_not_need() -> None:
    s = table(3, hands={0: {"gold": 1, "land": 1, "courtesan": 1}})
    act(s)
    do(s, 0, "ennoble:FRA-BUR.bottom")
    assert legal(s) == ["pay:cards", "pay:courtesan_for:gold", "pay:courtesan_for:land"]
    refused = assert_illegal(s, 0, "pay:courtesan_for:troops")
    assert refused.message == "That is not a way to pay for this noble."
    assert refused.message_zh == "這不是冊封這位貴族的付費方式。"


def test_a_hand_missing_two_kinds_cannot_pay_even_with_a_courtesan() -> None:
    count = RK["Count"]  # gold + land
    assert GAME.payments([0] * R.NA, count) == []
    hand_ = [0] * R.NA
    hand_[A["courtesan"]] = 1
    assert GAME.payments(hand_, count) == []
    hand_[A["gold"]] = 1
    assert GAME.payments(hand_, count) == [A["land"]]
