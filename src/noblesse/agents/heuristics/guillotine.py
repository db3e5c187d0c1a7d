"""Guillotine: the score margin, plus a little for cards kept in hand (future plays)."""

from __future__ import annotations

from noblesse.agents.heuristics import Heuristics
from noblesse.games.guillotine.rules import GuillotineRules, GuillotineState

CARD_IN_HAND = 0.4
SCALE = 5.0  # points: a lead of about this many is a clear advantage


def _margin(scores: list[int], seat: int, hand: int) -> float:
    return scores[seat] - max(v for o, v in enumerate(scores) if o != seat) + CARD_IN_HAND * hand


def evaluate(game: GuillotineRules, state: GuillotineState, seat: int) -> float:
    """What the seat's own view shows: every score as it stands, its own hidden support
    card counted (``GuillotineRules.score``), and the hand sizes."""
    score = game.score
    over = state.over
    scores = [score(state, o, reveal=over or o == seat) for o in range(state.n_players)]
    return _margin(scores, seat, len(state.hands[seat]))


def evaluate_all(game: GuillotineRules, state: GuillotineState) -> list[float]:
    """Every seat at once from what the public sees (hidden cards count only once the
    game is over); for search, where the same position is judged for all seats."""
    score = game.score
    over = state.over
    scores = [score(state, o, reveal=over) for o in range(state.n_players)]
    return [_margin(scores, o, len(h)) for o, h in enumerate(state.hands)]


HEURISTICS = Heuristics(evaluate=evaluate, evaluate_all=evaluate_all, scale=SCALE)
