"""Guillotine: the score margin, plus a little for cards kept in hand (future plays)."""

from __future__ import annotations

from noblesse.core.game import Game, State

CARD_IN_HAND = 0.4


def evaluate(game: Game, state: State, seat: int) -> float:
    view = game.view(state, seat)
    scores = [p["score"] for p in view["players"]]
    others = [v for s, v in enumerate(scores) if s != seat]
    return scores[seat] - max(others) + CARD_IN_HAND * view["players"][seat]["hand_size"]
