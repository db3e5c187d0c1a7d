"""Guillotine: the score margin, plus a little for cards kept in hand (future plays)."""

from __future__ import annotations

from noblesse.agents.heuristics import Heuristics
from noblesse.games.guillotine.rules import GuillotineRules, GuillotineState, score_cards

CARD_IN_HAND = 0.4
SCALE = 5.0  # points: a lead of about this many is a clear advantage


def _margin(scores: list[int], seat: int, hand: int) -> float:
    return scores[seat] - max(v for o, v in enumerate(scores) if o != seat) + CARD_IN_HAND * hand


_SCORES: dict[tuple[tuple[int, ...], tuple[int, ...], int], int] = {}
_SCORES_MAX = 100_000  # (pile, cards, hidden support) remembered, cleared when full


def _score(state: GuillotineState, seat: int, reveal: bool) -> int:
    """``GuillotineRules.score``, remembered by what decides it (the seat's pile, the cards
    in front of it and the support card counted): a search judges the same piles in
    many positions, and others' piles seldom change in one's own turn."""
    hidden = state.hidden[seat] if reveal else -1
    key = (tuple(state.piles[seat]), tuple(state.front[seat]), hidden)
    value = _SCORES.get(key)
    if value is None:
        if len(_SCORES) >= _SCORES_MAX:
            _SCORES.clear()
        value = _SCORES[key] = score_cards(state.piles[seat], state.front[seat], hidden)
    return value


def evaluate(game: GuillotineRules, state: GuillotineState, seat: int) -> float:
    """What the seat's own view shows: every score as it stands, its own hidden support
    card counted (``GuillotineRules.score``), and the hand sizes."""
    over = state.over
    scores = [_score(state, o, over or o == seat) for o in range(state.n_players)]
    return _margin(scores, seat, len(state.hands[seat]))


def evaluate_all(game: GuillotineRules, state: GuillotineState) -> list[float]:
    """Every seat at once from what the public sees (hidden cards count only once the
    game is over); for search, where the same position is judged for all seats."""
    over = state.over
    scores = [_score(state, o, over) for o in range(state.n_players)]
    return [_margin(scores, o, len(h)) for o, h in enumerate(state.hands)]


HEURISTICS = Heuristics(evaluate=evaluate, evaluate_all=evaluate_all, scale=SCALE)
