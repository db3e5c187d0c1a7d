"""Ruse & Bruise: the score margin if the round ended now.

The greedy bot judges a determinized copy (others' face-down cards resampled), so
scoring every row as it stands — who would take each score card — uses nothing the
seat cannot see. Each row's score card is credited to its provisional winner, and
the final-score rule (the doubled set of six icons) is applied to the result, so
the bot chases icons it lacks. Rows that are still open count a little less.
"""

from __future__ import annotations

from noblesse.core.game import Game, State
from noblesse.games.ruse_and_bruise.rules import OWNER, SCORE_VALUE, final_score

OPEN_ROW_WEIGHT = 0.8   # a provisional win in a row that can still change hands
CARD_COST = 0.02        # per half-point of a card spent from hand (cards come back)


def evaluate(game: Game, state: State, seat: int) -> float:
    s = state
    n = s.n_players
    won = [list(w) for w in s.won]
    open_bonus = [0.0] * n
    if not s.over:
        for r in range(n):
            sc = s.row_score[r]
            if sc < 0 or not s.rows[r]:
                continue
            winner, _ = game.score_row(s, r)  # type: ignore[attr-defined]
            if winner < 0:
                continue
            if game.satisfied(s, r):  # type: ignore[attr-defined]
                won[winner].append(sc)
            else:
                open_bonus[winner] += OPEN_ROW_WEIGHT * SCORE_VALUE[sc]
    scores = [final_score(w) + b for w, b in zip(won, open_bonus, strict=True)]
    best_other = max(v for o, v in enumerate(scores) if o != seat)
    # Spending strong cards where they are not needed leaves weaker hands later.
    on_table = sum(1 for row in s.rows for c in row if OWNER[c] == seat)
    return scores[seat] - best_other - CARD_COST * on_table
