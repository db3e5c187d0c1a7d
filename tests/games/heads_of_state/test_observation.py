"""What a seat's designed observation (docs/observations.md) says of the board, the turn
and the pending decision, slot by slot: seats are relative to the observer."""

from __future__ import annotations

from heads_of_state_scenario import GAME, RK, SL, R, do, table

from noblesse.games.heads_of_state.observation import N_CENT, L
from observation_slots import one_hot, slot

SPEC = GAME.observation_spec()
SEATS = 5
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


def field(s: R.HeadsState, seat: int, name: str) -> list[float]:
    return slot(SPEC, L, s, seat, name)


def board_at(s: R.HeadsState, seat: int, key: str) -> list[float]:
    """The owner group of one board slot in ``seat``'s observation."""
    x = SL[key]
    return field(s, seat, "board")[x * SEATS : (x + 1) * SEATS]


def king_of_seat_0_killed_by_seat_1() -> R.HeadsState:
    """Seat 1, with treachery, kills seat 0's King in London (slot 0) with two Axemen and
    could ennoble a King of its own there: its act is pending."""
    s = table(
        3,
        player=1,
        hands={1: KING_SET},
        thands={1: {"axeman": 2}},
        board={"BRI-LON.top": 0, "FRA-GAS.top": 2},
    )
    do(s, 1, "option:treachery", "draw", "draw_treachery", "assassinate:BRI-LON.top")
    assert SL["BRI-LON.top"] == 0 and s.kind == R.ACTING and s.actor == 1
    return s


def test_a_noble_of_seat_0_is_on_the_board_of_every_seat() -> None:
    s = table(3, board={"BRI-LON.top": 0, "FRA-GAS.top": 2})
    assert board_at(s, 0, "BRI-LON.top") == one_hot(SEATS, 0)
    assert board_at(s, 1, "BRI-LON.top") == one_hot(SEATS, 2)
    assert board_at(s, 2, "BRI-LON.top") == one_hot(SEATS, 1)
    assert board_at(s, 0, "FRA-GAS.top") == one_hot(SEATS, 2)
    assert not any(board_at(s, 0, "FRA-BUR.bottom"))


def test_a_killed_noble_leaves_its_slot_empty_targeted_and_unfilled_for_everyone() -> None:
    s = king_of_seat_0_killed_by_seat_1()
    for seat in range(3):
        assert not any(board_at(s, seat, "BRI-LON.top"))
        assert field(s, seat, "targeted") == one_hot(R.NS, 0)
        assert field(s, seat, "unfilled") == one_hot(R.NS, 0)
        assert field(s, seat, "dead") == [1 / 3] + [0.0] * (R.NS - 1)
        assert field(s, seat, "option") == one_hot(len(R.OPTION_NAMES), R.OPTION_B)
    assert field(s, 0, "decision_seat") == one_hot(SEATS, 1)
    assert field(s, 1, "decision_seat") == one_hot(SEATS, 0)
    assert field(s, 2, "decision_seat") == one_hot(SEATS, 2)
    assert not any(field(s, 0, "decision_slot"))  # an act is about no slot


def test_the_killed_slot_is_no_longer_unfilled_once_the_killer_ennobles_it() -> None:
    s = king_of_seat_0_killed_by_seat_1()
    do(s, 1, "ennoble:BRI-LON.top")
    assert board_at(s, 0, "BRI-LON.top") == one_hot(SEATS, 1)
    assert board_at(s, 1, "BRI-LON.top") == one_hot(SEATS, 0)
    assert not any(field(s, 0, "unfilled"))


def test_a_payment_decision_names_its_slot_and_the_next_decision_none() -> None:
    s = table(3, hands={0: {"gold": 1, "land": 1, "courtesan": 1}})
    do(s, 0, "option:attributes", "draw", "draw", "draw", "ennoble:FRA-BUR.bottom")
    assert s.kind == R.PAYING
    for seat in range(3):
        assert field(s, seat, "decision_kind") == one_hot(len(R.DECISION_NAMES), R.PAYING)
        assert field(s, seat, "decision_slot") == one_hot(R.NS, SL["FRA-BUR.bottom"])
    assert field(s, 2, "decision_seat") == one_hot(SEATS, 1)
    do(s, 0, "pay:cards")
    assert s.kind == R.CHOOSE and s.actor == 1 and s.focus == SL["FRA-BUR.bottom"]
    assert field(s, 0, "decision_kind") == one_hot(len(R.DECISION_NAMES), R.CHOOSE)
    assert field(s, 0, "decision_seat") == one_hot(SEATS, 1)
    assert not any(field(s, 0, "decision_slot"))


def test_the_choice_of_option_names_its_seat_and_no_slot() -> None:
    s = table(3, player=2)
    assert s.focus == -1
    assert field(s, 0, "decision_seat") == one_hot(SEATS, 2)
    assert field(s, 2, "decision_seat") == one_hot(SEATS, 0)
    assert not any(field(s, 0, "decision_slot"))


def test_treachery_hand_sizes_are_seen_by_every_seat_and_the_century_is_one_hot() -> None:
    s = table(3, century=2, thands={1: {"axeman": 1, "assassin": 1}, 0: {"gallows": 1}})
    assert field(s, 0, "treachery_count") == [1 / 8, 2 / 8, 0.0, 0.0, 0.0]
    assert field(s, 2, "treachery_count") == [0.0, 1 / 8, 2 / 8, 0.0, 0.0]
    for seat in range(3):
        assert field(s, seat, "century") == one_hot(N_CENT, 2)
    assert field(s, 0, "treachery_hand")[R.TREACHERY[2].id] == 1 / R.LIMIT_T


def test_the_noble_house_marker_names_the_seat_that_took_it() -> None:
    s = table(3, player=2, hands={2: {"gold": 1}})
    s.ranks_ever[2] = R.ALL_RANKS & ~(1 << RK["Baron"])
    do(s, 2, "option:attributes", "draw", "draw", "draw", "ennoble:FRA-GAS.top")
    assert s.house == [2]
    house = field(s, 0, "noble_house")
    assert house[:SEATS] == one_hot(SEATS, 2) and not any(house[SEATS:])
    assert field(s, 2, "noble_house")[:SEATS] == one_hot(SEATS, 0)


def test_the_first_round_holds_for_every_seat_through_the_first_four_turns_of_four() -> None:
    game = GAME
    spec = game.observation_spec()
    at = spec.layout["first_round"].offset
    state = game.setup(4, 5)
    seen: dict[int, set[tuple[float, ...]]] = {}  # turn -> the slot at each decision
    while state.turns <= 5:
        values = tuple(spec.observe(state, seat)[at] for seat in range(4))
        seen.setdefault(state.turns, set()).add(values)
        seat = game.to_act(state)[0]
        game.apply(state, seat, game.legal_actions(state, seat)[0])
    on, off = (1.0,) * 4, (0.0,) * 4
    assert seen == {1: {on}, 2: {on}, 3: {on}, 4: {on}, 5: {off}}
