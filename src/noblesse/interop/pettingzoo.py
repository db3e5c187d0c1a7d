"""Every registered game as a PettingZoo AEC environment.

    from noblesse.interop.pettingzoo import env
    e = env("guillotine", players=4)
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        mask = obs["action_mask"]
        action = None if terminated or truncated else e.action_space(agent).sample(mask)
        e.step(action)

Agents are ``player_0`` ... ``player_<n-1>`` (the seats). An observation is a dict:
``"observation"``, the game's designed float32 vector (``docs/observations.md``: one
size at every player count, every slot in [-1, 1], only what that seat may see; the
generic encoder of ``noblesse.interop.encoding`` for a game without one), and
``"action_mask"``,
an int8 mask over the game's fixed action index (``num_distinct_actions``); the
mask is all zeros for a seat that need not act now.

Simultaneous decisions: when several seats must decide at once, the AEC order asks
them one after another, lowest seat first; each decision is kept pending by the
game and hidden from the other seats' views until all have chosen, so a later
seat's observation does not contain an earlier seat's pending choice.

Rewards are the change in ``Game.returns`` (so the sum over a game is the final
return: by default 1/k to each of k tied winners). ``reset(seed=s)`` sets the game
up with seed ``s`` (so a seed replays exactly); a reset without a seed draws the
next seed from the environment's own RNG. ``max_decisions`` truncates long games.

``env(...)`` behaves as PettingZoo's classic games do once wrapped, without the
wrapper layers (each layer costs a Python call per attribute read, more than the
game's own step): an action outside the mask ends the game, -1 to the seat that chose
it and 0 to the others (``TerminateIllegalWrapper``); an action outside the action
space is an assertion error (``AssertOutOfBoundsWrapper``); stepping, observing or
rendering before ``reset`` is PettingZoo's clear error (``OrderEnforcingWrapper``).
The raw environment (``raw_env(...)``, ``illegal_action="raise"``) raises
``noblesse.core.errors.IllegalAction`` on an illegal action instead; the game state
is ``env.unwrapped.state``.

Each observation is a new array (a learner may keep it); asked again before the next
step, ``observe`` returns the same one. The environment keeps each seat's last
observation and rewrites only its sections that changed since
(``noblesse.interop.encoding.KeptObservations``): the same values as a write from zeros.

``observation="flat"``: the observation is the vector alone, a ``Box`` (what
SuperSuit's observation wrappers take: ``flatten_v0``, ``normalize_obs_v0``,
``frame_stack_v1``), and the mask is ``infos[agent]["action_mask"]`` (PettingZoo's
convention when the observation is not a dict), all zeros for a seat that need not
act now.

``render_mode="ansi"``: ``render()`` returns the spectator's table (what every seat
sees, no hidden card) as the game's own text (``render_text``, without Rich markup);
``"human"`` prints it at every step.
"""

from __future__ import annotations

import operator
import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger

from noblesse import games
from noblesse.core.errors import IllegalAction
from noblesse.core.game import Game, State, machine_options
from noblesse.interop.encoding import Encoder, KeptObservations, default_players, observer
from noblesse.interop.masks import SET_ONE_BY_ONE, action_mask
from noblesse.interop.render import text_table


def agent_name(seat: int) -> str:
    return f"player_{seat}"


ILLEGAL_ACTIONS = ("raise", "terminate")
OBSERVATIONS = ("dict", "flat")


class NoblesseAECEnv(AECEnv):
    """A noblesse game as a PettingZoo AEC environment (see the module doc)."""

    metadata = {
        "render_modes": ["ansi", "human"],
        "name": "noblesse_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        render_mode: str | None = None,
        options: dict[str, Any] | None = None,
        max_decisions: int | None = None,
        illegal_action: str = "raise",
        observation: str = "dict",
    ) -> None:
        super().__init__()
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ValueError(
                f"illegal_action must be one of {', '.join(ILLEGAL_ACTIONS)}, "
                f"not {illegal_action!r}"
            )
        if observation not in OBSERVATIONS:
            raise ValueError(
                f"observation must be one of {', '.join(OBSERVATIONS)}, not {observation!r}"
            )
        self.flat = observation == "flat"
        self.game: Game = games.get(game_id)
        self.players = players if players is not None else default_players(self.game)
        self.encoder: Encoder = observer(game_id, self.players)
        self.game_options = machine_options(self.game, options)
        self.max_decisions = max_decisions
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.metadata = dict(self.metadata, name=f"noblesse_{game_id}_v0")
        self.possible_agents = [agent_name(s) for s in range(self.players)]
        self._seat_of = {a: s for s, a in enumerate(self.possible_agents)}
        n_actions = self.game.num_distinct_actions
        size = self.encoder.observation_size
        vector = spaces.Box(self.encoder.low, self.encoder.high, (size,), np.float32)
        self.observation_spaces = {
            a: vector
            if self.flat
            else spaces.Dict(
                {
                    "observation": vector,
                    "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(n_actions) for a in self.possible_agents}
        self._rng = random.Random()
        self.state: State | None = None
        self.seed: int | None = None
        self.decisions = 0
        self._observed: dict[int, Any] = {}  # this step's observations
        self._kept = KeptObservations(self.encoder, self.game, self.players)
        self._zero_mask = np.zeros(n_actions, np.int8)

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # -- helpers ----------------------------------------------------------------------
    def _mask(self, seat: int) -> np.ndarray:
        return action_mask(self.game, self.state, seat)

    def _select_next(self) -> None:
        if self.game.is_over(self.state):
            return
        self.agent_selection = agent_name(self.game.to_act(self.state)[0])

    def _masks_in_infos(self) -> None:
        """The flat mode's masks: ``infos[agent]["action_mask"]`` of every live seat."""
        for a in self.agents:
            self.infos[a]["action_mask"] = self._mask(self._seat_of[a])

    def _lose_by_illegal_action(self, agent: str) -> None:
        """What ``TerminateIllegalWrapper`` does: every seat done, -1 to ``agent``."""
        EnvLogger.warn_on_illegal_move()
        self._cumulative_rewards[agent] = 0.0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = -1.0
        self._accumulate_rewards()
        self._deads_step_first()

    # -- the AEC API ------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng.seed(seed)
            game_seed = seed
        else:
            game_seed = self._rng.getrandbits(32)
        self.seed = game_seed
        self.state = self.game.setup(self.players, game_seed, dict(self.game_options))
        self._observed = {}
        self.decisions = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards: dict[str, float] = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._returns = [0.0] * self.players
        self.agent_selection = self.agents[0]
        self._select_next()
        if self.flat:
            self._masks_in_infos()

    def observe(self, agent: str) -> Any:
        if self.state is None:
            EnvLogger.error_observe_before_reset()  # raises
        assert self.state is not None
        seat = self._seat_of[agent]
        obs = self._observed.get(seat)
        if obs is None:
            vector = self._kept.observe(self.state, seat).copy()
            if self.flat:
                obs = vector
            else:
                mask = self._zero_mask.copy()
                legal = self.game.legal_indices(self.state, seat)  # empty unless it acts
                if len(legal) < SET_ONE_BY_ONE:
                    for i in legal:
                        mask[i] = 1
                else:
                    mask[legal] = 1
                obs = {"observation": vector, "action_mask": mask}
            self._observed[seat] = obs
        return obs

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: Any) -> None:
        if self.state is None:
            EnvLogger.error_step_before_reset()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat_of[agent]
        game = self.game
        if self.illegal_action == "terminate":
            try:
                index = operator.index(action)
            except TypeError:
                index = -1
            assert 0 <= index < game.num_distinct_actions, "action is not in action space"
        else:
            index = int(action)
        self._cumulative_rewards[agent] = 0.0
        state = self.state
        try:
            game.apply(state, seat, game.action_at(index))  # an illegal one changes nothing
        except IllegalAction:
            if self.illegal_action == "raise":
                raise
            self._lose_by_illegal_action(agent)
            return
        self._observed = {}
        self.decisions += 1
        if game.is_over(state):
            # ``Game.returns`` is all zeros until the game is over (the kernel's
            # contract), so every earlier step's rewards are zero and only this one counts
            returns = [float(r) for r in game.returns(state)]
            for a in self.agents:
                s = self._seat_of[a]
                self.rewards[a] = returns[s] - self._returns[s]
                self.terminations[a] = True
            self._returns = returns
            self._accumulate_rewards()
        elif self.max_decisions is not None and self.decisions >= self.max_decisions:
            for a in self.agents:
                self.truncations[a] = True
        else:
            self.agent_selection = self.possible_agents[game.to_act(state)[0]]
        if self.flat:
            self._masks_in_infos()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.state is None:
            EnvLogger.error_render_before_reset()
        text = text_table(self.game, self.game.view(self.state, None))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(game_id: str, players: int | None = None, **kwargs: Any) -> NoblesseAECEnv:
    """The AEC environment of ``game_id`` that raises ``IllegalAction`` on an illegal
    action (``players`` defaults to 4 where allowed)."""
    return NoblesseAECEnv(game_id, players, **kwargs)


def env(game_id: str, players: int | None = None, **kwargs: Any) -> NoblesseAECEnv:
    """The AEC environment of ``game_id`` as PettingZoo's classic games behave (see the
    module doc)."""
    return NoblesseAECEnv(game_id, players, illegal_action="terminate", **kwargs)
