"""What the table page needs to follow a game, alike for every game: the marks of a log
line (which event it is, whose), and the result at the end (every seat's score and the
winners). Built only from what the seat is told anyway: a line's marks from the event
as that seat sees it, the result once the game is over (when everything is revealed).
"""

from __future__ import annotations

from typing import Any

from noblesse.core.game import Game, State
from noblesse.core.record import result_of


def log_marks(event: dict[str, Any]) -> dict[str, Any]:
    """A log line's marks, beside its words: ``kind`` (the event's type: the page folds
    routine lines such as draws, and starts a group at a turn) and ``seat`` (the seat the
    event is about, if it names one: the page colours the line by it)."""
    marks: dict[str, Any] = {"kind": event.get("type", "")}
    seat = event.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool):
        marks["seat"] = seat
    return marks


def end_result(game: Game, state: State) -> dict[str, Any]:
    """The end of the game for the page's score table: ``scores`` (one per seat, in seat
    order) and ``winners`` (seats), as the engine counts them."""
    result = result_of(game, state)
    return {
        "scores": [float(v) for v in result["scores"]],
        "winners": [int(w) for w in result["winners"]],
    }
