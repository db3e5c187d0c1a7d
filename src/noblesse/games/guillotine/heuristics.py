"""Guillotine: the score margin, plus a little for cards kept in hand (future plays)."""

from __future__ import annotations

from noblesse.core.heuristics import Heuristics, margin, margins
from noblesse.games.guillotine.rules import (
    DISCARD,
    LOOK_DISCARD,
    GuillotineRules,
    GuillotineState,
    score_cards,
)

CARD_IN_HAND = 0.4
SCALE = 5.0  # points: a lead of about this many is a clear advantage


_SCORES: dict[tuple[int, ...], int] = {}
_SCORES_MAX = 100_000  # (pile, -1, cards, hidden support) remembered, cleared when full


def _scores(state: GuillotineState, reveal: int) -> list[int]:
    """Every seat's ``GuillotineRules.score`` as the seat ``reveal`` sees it (its own
    hidden support card counted; every one once the game is over; -1: no seat's),
    each remembered by what decides it (the pile, the cards in front and the support
    card counted): a search judges the same piles in many positions, and others' piles
    seldom change in one's own turn."""
    over, hidden, fronts, get = state.over, state.hidden, state.front, _SCORES.get
    out = []
    for o, pile in enumerate(state.piles):
        support = hidden[o] if over or o == reveal else -1
        key = (*pile, -1, *fronts[o], support)  # card ids are never negative: -1 parts them
        value = get(key)
        if value is None:
            if len(_SCORES) >= _SCORES_MAX:
                _SCORES.clear()
            value = _SCORES[key] = score_cards(pile, fronts[o], support)
        out.append(value)
    return out


def evaluate(game: GuillotineRules, state: GuillotineState, seat: int) -> float:
    """What the seat's own view shows: every score as it stands, its own hidden support
    card counted (``GuillotineRules.score``), and the hand sizes."""
    return margin(_scores(state, seat), seat) + CARD_IN_HAND * len(state.hands[seat])


def evaluate_all(game: GuillotineRules, state: GuillotineState) -> list[float]:
    """Every seat at once from what the public sees (hidden cards count only once the
    game is over); for search, where the same position is judged for all seats."""
    hands = state.hands
    return [m + CARD_IN_HAND * len(hands[o]) for o, m in enumerate(margins(_scores(state, -1)))]


def alike(game: GuillotineRules, state: GuillotineState, seat: int) -> bool:
    """Which card to discard from a hand: the evaluation counts the cards in a hand, never
    which they are. The look-ahead reaches the seat's next turn, where the cards kept
    matter, only when every other seat's turn plays itself (empty hands, Rush Job, the
    Judge): rare after a discard, but common enough after Rat Break late in a game that
    taking a card is not called alike."""
    p = state.pending
    return p is not None and p.kind in (DISCARD, LOOK_DISCARD)


HEURISTICS = Heuristics(evaluate=evaluate, evaluate_all=evaluate_all, scale=SCALE, alike=alike)
