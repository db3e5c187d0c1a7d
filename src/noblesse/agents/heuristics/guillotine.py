"""Guillotine: the score margin, plus a little for cards kept in hand (future plays)."""

from __future__ import annotations

from typing import Any

from noblesse.core.game import Game, State

CARD_IN_HAND = 0.4
SCALE = 5.0  # points: a lead of about this many is a clear advantage


def _margins(players: list[dict[str, Any]]) -> list[float]:
    scores = [p["score"] for p in players]
    return [scores[s] - max(v for o, v in enumerate(scores) if o != s)
            + CARD_IN_HAND * p["hand_size"] for s, p in enumerate(players)]


def evaluate(game: Game, state: State, seat: int) -> float:
    """From the seat's own view (its hidden support card counts in its score)."""
    return _margins(game.view(state, seat)["players"])[seat]


def evaluate_all(game: Game, state: State) -> list[float]:
    """Every seat at once from the public view (scores and hand sizes are public); for
    search, where the same position is judged for all seats."""
    return _margins(game.view(state, None)["players"])
