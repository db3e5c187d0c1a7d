"""What a seat's designed observation (docs/observations.md) says of the round, the rows
and the pending decision, slot by slot."""

from __future__ import annotations

from ruse_and_bruise_scenario import GAME, do, table

from noblesse.games.ruse_and_bruise.observation import L
from noblesse.games.ruse_and_bruise.rules import (
    DECISION_NAMES,
    DOWN,
    KINDS,
    ROW,
    TRAITOR_DECISION,
    UP,
)
from observation_slots import one_hot, slot

SPEC = GAME.observation_spec()
ROWS = 6  # rows and seats are padded to six


def field(s, seat: int, name: str) -> list[float]:
    return slot(SPEC, L, s, seat, name)


def test_the_starter_and_the_rows_closed_suppressed_and_satisfied():
    s = table(
        player=1,
        rows={1: ["+storm@2"], 2: ["+musketeers@0", "+king@1"], 3: ["+king@0", "+queen@2"]},
        scores={1: "corn:5", 2: "coin:5", 3: "flask:1"},
        closed=[1],
        suppressed=[2],
    )
    assert field(s, 0, "starter") == one_hot(ROWS, 1)  # seat 1, the next seat after me
    assert field(s, 1, "starter") == one_hot(ROWS, 0)
    assert field(s, 2, "starter") == one_hot(ROWS, 2)
    # per row: closed by a Storm, suppressed, satisfied (a closed row is satisfied)
    assert field(s, 0, "row_flags") == [1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0] + [0.0] * 9
    # row 1, position 1: seat 2's Storm, face up: its owner, its face and its kind
    slot = ROWS + 3 + KINDS
    storm = field(s, 0, "row_cards")[:slot]
    assert storm == (one_hot(ROWS, 2) + one_hot(3, UP) + one_hot(KINDS, GAME.decode("play:storm")))


def test_a_face_down_card_of_another_seat_shows_its_owner_and_face_but_not_its_kind():
    s = table(rows={1: ["-king@1"]})
    slot = ROWS + 3 + KINDS
    assert field(s, 0, "row_cards")[:slot] == one_hot(ROWS, 1) + one_hot(3, DOWN) + [0.0] * KINDS
    assert field(s, 1, "row_cards")[:slot] == (
        one_hot(ROWS, 0) + one_hot(3, DOWN) + one_hot(KINDS, GAME.decode("play:king"))
    )


def test_a_card_being_placed_is_shown_to_its_player_alone():
    s = table(hands={0: ["queen", "juliet", "romeo"]})
    do(s, 0, "play:queen")
    queen = GAME.decode("play:queen")  # play:K is the Kth kind
    for seat in range(3):
        assert field(s, seat, "decision_kind") == one_hot(len(DECISION_NAMES), ROW)
        assert not any(field(s, seat, "decision_row"))
    assert field(s, 0, "decision_card") == one_hot(KINDS, queen)
    assert not any(field(s, 1, "decision_card")) and not any(field(s, 2, "decision_card"))
    assert field(s, 1, "decision_seat") == one_hot(ROWS, 2)


def test_a_traitor_revealed_in_row_1_names_row_1_and_its_owner():
    s = table(rows={1: ["+king@1", "-traitor@2"]}, scores={1: "corn:2", 2: "coin:5", 3: "hat:4"})
    do(s, 0, "play:queen", "row:1")
    assert field(s, 0, "decision_kind") == one_hot(len(DECISION_NAMES), TRAITOR_DECISION)
    assert field(s, 0, "decision_row") == one_hot(ROWS, 0)
    assert field(s, 0, "decision_seat") == one_hot(ROWS, 2)
    assert field(s, 2, "decision_seat") == one_hot(ROWS, 0)
    assert not any(field(s, 2, "decision_card"))
