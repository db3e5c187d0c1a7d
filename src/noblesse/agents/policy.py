"""A trained policy as a bot: ``policy:PATH``, a model saved by sb3-contrib's MaskablePPO
(``examples/train_maskable_ppo.py --save PATH``), at any tool's table::

    noblesse tournament guillotine --bots policy:runs/guillotine_ppo.zip,random

The bot writes its seat's observation of the world it is given (the designed
observation of ``noblesse.interop.encoding.observer``, which holds only what the seat
may see, so the world of ``act_honestly`` gives the same vector as the true state), masks
the seat's illegal actions and takes the policy's most likely action. The model must
have learnt that game's observation (its size is checked). It needs the ``train``
extra; a model is loaded once per process and path. A model file is unpickled code, so
the table server never takes a path from a client (``capped_spec``): it seats only the
policies its operator names (``server.policies``).
"""

from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path
from typing import Any

from noblesse.core.game import Action, Game, State


@lru_cache(maxsize=8)
def load_policy(path: str) -> Any:
    """The MaskablePPO model saved at ``path`` (once per process)."""
    try:
        from sb3_contrib import MaskablePPO
    except ImportError:
        raise ValueError("a policy bot needs the train extra (pip install -e '.[train]')") from None
    if not Path(path).exists():
        raise ValueError(f"no policy at {path}")
    return MaskablePPO.load(path, device="cpu")


class PolicyAgent:
    """The policy saved at ``path`` (see the module doc); deterministic, so ``seed``
    only seeds the worlds ``act_honestly`` deals it."""

    name = "policy"

    def __init__(self, seed: int = 0, path: str = "") -> None:
        self.rng = random.Random(seed)
        self.path = path
        self.model = load_policy(path)

    def act(self, game: Game, world: State, seat: int) -> Action:
        import numpy as np

        from noblesse.interop.encoding import observer

        encoder = observer(game.id, world.n_players)
        size = self.model.observation_space.shape
        if size != (encoder.observation_size,):
            raise ValueError(
                f"the policy at {self.path} observes {size}, not {game.id}'s "
                f"{encoder.observation_size} floats"
            )
        vector = np.zeros(encoder.observation_size, np.float32)
        encoder.observation_into(game, world, seat, vector)
        mask = np.zeros(game.num_distinct_actions, bool)
        mask[game.legal_indices(world, seat)] = True
        action, _ = self.model.predict(vector, action_masks=mask, deterministic=True)
        return game.action_at(int(action))
