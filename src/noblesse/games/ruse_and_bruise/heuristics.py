"""Ruse & Bruise: the score margin if the round ended now.

The greedy bot judges a determinized copy (others' face-down cards resampled), so
scoring every row as it stands — who would take each score card — uses nothing the
seat cannot see. Each row's score card is credited to its provisional winner, and
the final-score rule (the doubled set of six icons) is applied to the result, so
the bot chases icons it lacks. Rows that are still open count a little less.
"""

from __future__ import annotations

from noblesse.core.heuristics import Heuristics, margin, margins
from noblesse.games.ruse_and_bruise.rules import (
    OWNER,
    SCORE_VALUE,
    RuseRules,
    RuseState,
    final_score,
)

OPEN_ROW_WEIGHT = 0.8  # a provisional win in a row that can still change hands
CARD_COST = 0.02  # per half-point of a card spent from hand (cards come back)


_WINNERS: dict[tuple[object, ...], int] = {}
_WINNERS_MAX = 200_000  # rows remembered (cleared when full): a search meets a row many times


def _row_winner(game: RuseRules, s: RuseState, r: int) -> int:
    """``score_row``'s winner of row ``r``, remembered by what decides it (the row's
    cards, which are face up, its tucked cards and its score card): a search judges the
    same row in many positions that differ elsewhere."""
    key = (tuple(s.rows[r]), tuple(s.up[r]), tuple(s.tucks[r]), s.row_score[r])
    winner = _WINNERS.get(key)
    if winner is None:
        if len(_WINNERS) >= _WINNERS_MAX:
            _WINNERS.clear()
        winner = _WINNERS[key] = game.score_row(s, r)[0]
    return winner


_FINAL: dict[tuple[int, ...], int] = {}


def _final_score(won: list[int]) -> int:
    """``final_score``, remembered by the score cards (in the order taken, as it sums)."""
    key = tuple(won)
    value = _FINAL.get(key)
    if value is None:
        if len(_FINAL) >= _WINNERS_MAX:
            _FINAL.clear()
        value = _FINAL[key] = final_score(won)
    return value


def _standing(game: RuseRules, s: RuseState) -> list[float]:
    """Every seat's final score if the round ended now, with a little for the open rows
    it leads."""
    n = s.n_players
    won = s.won
    taken: dict[int, list[int]] = {}  # the score cards each provisional winner would add
    open_bonus = [0.0] * n
    if not s.over:
        rows, row_score = s.rows, s.row_score
        for r in range(n):
            sc = row_score[r]
            if sc < 0 or not rows[r]:
                continue
            winner = _row_winner(game, s, r)
            if winner < 0:
                continue
            if game.satisfied(s, r):
                taken.setdefault(winner, []).append(sc)
            else:
                open_bonus[winner] += OPEN_ROW_WEIGHT * SCORE_VALUE[sc]
    return [
        _final_score(won[o] + taken[o] if o in taken else won[o]) + open_bonus[o] for o in range(n)
    ]


def _on_table(s: RuseState) -> list[int]:
    """How many of each seat's cards lie in the rows."""
    on_table = [0] * s.n_players
    for row in s.rows:
        for c in row:
            on_table[OWNER[c]] += 1
    return on_table


def evaluate(game: RuseRules, state: RuseState, seat: int) -> float:
    """The seat's margin over its best rival, less a little for each of its cards on
    the table: spending strong cards where they are not needed leaves weaker hands later."""
    return margin(_standing(game, state), seat) - CARD_COST * _on_table(state)[seat]


def evaluate_all(game: RuseRules, state: RuseState) -> list[float]:
    """``evaluate`` for every seat at once; a search judges one position for all."""
    on_table = _on_table(state)
    return [m - CARD_COST * on_table[o] for o, m in enumerate(margins(_standing(game, state)))]


HEURISTICS = Heuristics(evaluate=evaluate, evaluate_all=evaluate_all)
