"""The action mask the research environments hand out: one int8 slot per action of the
game's fixed index, 1 for each legal action of the seat (all zero when it need not act)."""

from __future__ import annotations

from typing import Any

import numpy as np

from noblesse.core.game import Game

SET_ONE_BY_ONE = (
    16  # fewer legal actions than this: set them one by one (faster than fancy indexing)
)


def action_mask(game: Game, state: Any, seat: int) -> np.ndarray:
    """A new mask of ``seat``'s legal actions in ``state``."""
    mask = np.zeros(game.num_distinct_actions, np.int8)
    legal = game.legal_indices(state, seat)  # empty unless the seat acts now
    if len(legal) < SET_ONE_BY_ONE:
        for i in legal:
            mask[i] = 1
    else:
        mask[legal] = 1
    return mask
