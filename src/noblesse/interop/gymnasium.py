"""A single-agent Gymnasium environment: one seat learns, the other seats are noblesse bots.

    from noblesse.interop.gymnasium import SingleSeatEnv
    env = SingleSeatEnv("guillotine", players=4, seat=0, opponents="greedy")
    obs, info = env.reset(seed=3)
    obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))

Observations and the action mask are those of ``noblesse.interop.pettingzoo`` for the
learning seat; ``env.action_masks()`` returns the mask too (the convention of
sb3-contrib's MaskablePPO). The bots (``noblesse.agents.make_agent``) play every
other seat between the learner's decisions, each seeded from the episode seed, so
``reset(seed=s)`` replays exactly. In a simultaneous decision the bots choose from
their own views, which never show the learner's pending choice, nor the learner
theirs. The reward is the change in ``Game.returns`` for the learning seat.

An illegal action raises ``ValueError`` by default; with ``illegal_action="lose"`` it
ends the episode with reward -1 instead (what an unmasked learner, or Gymnasium's
``check_env``, needs).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from noblesse import games
from noblesse.agents import act_honestly, make_agent
from noblesse.core.errors import IllegalAction
from noblesse.core.game import Game, State, machine_options
from noblesse.interop.encoding import CLIP, GameProfile, default_players, profile


class SingleSeatEnv(gymnasium.Env):
    """One seat of a noblesse game as a Gymnasium environment."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game_id: str, players: int | None = None, seat: int = 0,
                 opponents: str | list[str] = "random", illegal_action: str = "raise",
                 render_mode: str | None = None, options: dict[str, Any] | None = None,
                 max_decisions: int | None = None) -> None:
        self.game: Game = games.get(game_id)
        self.players = players if players is not None else default_players(self.game)
        if not 0 <= seat < self.players:
            raise ValueError(f"seat {seat} is not one of the {self.players} seats")
        if illegal_action not in ("raise", "lose"):
            raise ValueError("illegal_action must be 'raise' or 'lose'")
        self.profile: GameProfile = profile(game_id, self.players)
        self.seat = seat
        kinds = [opponents] * self.players if isinstance(opponents, str) else list(opponents)
        if len(kinds) == self.players - 1:
            kinds.insert(seat, "")
        if len(kinds) != self.players:
            raise ValueError("give one bot kind, or one per other seat")
        for s, kind in enumerate(kinds):
            if s != seat:
                make_agent(kind)  # fail early on an unknown kind
        self.opponent_kinds = kinds
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self.game_options = machine_options(self.game, options)
        self.max_decisions = max_decisions
        n_actions = self.game.num_distinct_actions
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(-CLIP, CLIP, (self.profile.observation_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
        })
        self.action_space = spaces.Discrete(n_actions)
        self.state: State | None = None
        self._bots: dict[int, Any] = {}
        self._returns = 0.0
        self._done = False
        self.decisions = 0

    # -- helpers ----------------------------------------------------------------------
    def action_masks(self) -> np.ndarray:
        mask = np.zeros(self.game.num_distinct_actions, np.int8)
        state = self.state
        if (state is not None and not self.game.is_over(state)
                and self.seat in self.game.to_act(state)):
            for a in self.game.legal_actions(state, self.seat):
                mask[self.game.action_index(a)] = 1
        return mask

    def _obs(self) -> dict[str, np.ndarray]:
        vector = np.zeros(self.profile.observation_size, np.float32)
        self.profile.observation_into(self.game, self.state, self.seat, vector)
        return {"observation": vector, "action_mask": self.action_masks()}

    def _play_bots(self) -> None:
        """Let the bots act until the learner must decide or the game is over."""
        game, state = self.game, self.state
        while not game.is_over(state):
            seats = game.to_act(state)
            others = [s for s in seats if s != self.seat]
            if not others:
                return
            for s in others:
                game.apply(state, s, act_honestly(self._bots[s], game, state, s))

    def _reward(self) -> float:
        now = float(self.game.returns(self.state)[self.seat])
        reward, self._returns = now - self._returns, now
        return reward

    # -- the Gymnasium API ------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**31 - 1))
        self.state = self.game.setup(self.players, game_seed, dict(self.game_options))
        self._bots = {s: make_agent(kind, seed=game_seed * 16 + s)
                      for s, kind in enumerate(self.opponent_kinds) if s != self.seat}
        self._returns = 0.0
        self._done = False
        self.decisions = 0
        self._play_bots()
        self._reward()  # returns reached before the learner's first decision (normally none)
        return self._obs(), {"seed": game_seed}

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        if self._done or self.game.is_over(self.state):
            raise RuntimeError("the episode is over; call reset()")
        try:
            self.game.apply(self.state, self.seat, self.game.action_at(int(action)))
        except (IllegalAction, IndexError) as exc:
            if self.illegal_action == "raise":
                raise ValueError(f"illegal action {action!r}: {exc}") from None
            self._done = True
            return self._obs(), -1.0, True, False, {"illegal_action": True}
        self.decisions += 1
        self._play_bots()
        terminated = self.game.is_over(self.state)
        truncated = (not terminated and self.max_decisions is not None
                     and self.decisions >= self.max_decisions)
        return self._obs(), self._reward(), terminated, truncated, {}

    def render(self) -> str | None:
        if self.state is None:
            return None
        import json

        return json.dumps(self.game.view(self.state, self.seat), ensure_ascii=False, sort_keys=True)
