"""A single-agent Gymnasium environment: one seat learns, the other seats are opponents.

    from noblesse.interop.gymnasium import SingleSeatEnv
    env = SingleSeatEnv("guillotine", players=4, seat=0, opponents="greedy")
    obs, info = env.reset(seed=3)
    obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))

Every registered game is also a registered Gymnasium id, ``noblesse/<game id>-v0``
(``noblesse/guillotine-v0``, ``noblesse/heads_of_state-v0`` ...), once this module is
imported; ``gymnasium.make`` passes its keyword arguments on::

    import gymnasium, noblesse.interop.gymnasium
    env = gymnasium.make("noblesse/guillotine-v0", players=3, opponents="greedy")
    # or, importing the module itself:
    env = gymnasium.make("noblesse.interop.gymnasium:noblesse/guillotine-v0")

Opponents (``opponents``: one for every other seat, or a list with one per other
seat, or one per seat with anything at the learner's): a bot spec of
``noblesse.agents.make_agent`` (``"random"``, ``"greedy"``, ``"ismcts:iters=200"``),
made afresh and seeded at each reset; a noblesse agent (an object with
``act(game, state, seat)``); a policy with ``predict`` (stable-baselines3's
convention: ``predict(obs, action_masks=mask, deterministic=True)``, or without
``action_masks`` if it takes none); or a callable ``f(obs) -> action index``. A policy
or callable gets exactly what the learner gets, for its own seat: the
``{"observation", "action_mask"}`` dict of the observation space, so a learner's own
policy can play the other seats (self-play).

Observations and the action mask are those of ``noblesse.interop.pettingzoo`` for the
learning seat; ``env.action_masks()`` returns the mask too (the convention of
sb3-contrib's MaskablePPO). The bots (``noblesse.agents.make_agent``) play every
other seat between the learner's decisions, each seeded from the episode seed, so
``reset(seed=s)`` replays exactly. In a simultaneous decision the bots choose from
their own views, which never show the learner's pending choice, nor the learner
theirs. The reward is the change in ``Game.returns`` for the learning seat.

An illegal action, by default (``illegal_action="lose"``), ends the episode with
reward -1 and ``info["illegal_action"]`` set: what an unmasked learner and
Gymnasium's ``check_env`` (which steps with unmasked random actions) need. With
``illegal_action="raise"`` it raises ``ValueError`` instead, which catches a masking
bug in a learner that should never choose one.

``observation="flat"``: the observation is the vector alone, a ``Box`` (what
SuperSuit's wrappers and stable-baselines3's ``MlpPolicy`` take); the mask is then
``env.action_masks()`` and ``info["action_mask"]``. Opponents then get the flat
vector too: a policy as ``predict(vector, action_masks=mask, ...)``, a callable as
``f(vector, mask)``.

``render_mode="ansi"``: ``render()`` returns the learner's table as the game's text
(``render_text``, without Rich markup).
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import gymnasium
import numpy as np
from gymnasium import spaces

from noblesse import games
from noblesse.agents import Agent, act_honestly, make_agent
from noblesse.core.errors import IllegalAction
from noblesse.core.game import Game, State, machine_options
from noblesse.interop.encoding import Encoder, default_players, observer
from noblesse.interop.masks import action_mask
from noblesse.interop.render import text_table

ID_PREFIX = "noblesse/"
ILLEGAL_ACTION = ("lose", "raise")
OBSERVATIONS = ("dict", "flat")


def env_id(game_id: str) -> str:
    """The Gymnasium id of a game: ``noblesse/<game id>-v0``."""
    return f"{ID_PREFIX}{game_id}-v0"


@runtime_checkable
class Predictor(Protocol):
    """A trained policy as Stable-Baselines3 makes them: ``predict(obs, ...)``."""

    def predict(self, observation: Any, *args: Any, **kwargs: Any) -> Any: ...


def _policy_opponent(policy: Any, flat: bool) -> Any:
    """A function ``(observation, mask) -> action index`` from a policy or callable."""
    if not isinstance(policy, Predictor):
        return policy if flat else lambda obs, mask: policy(obs)
    predict = policy.predict

    def act(obs: Any, mask: np.ndarray) -> Any:
        try:
            out = predict(obs, action_masks=mask, deterministic=True)
        except TypeError:
            out = predict(obs, deterministic=True)
        return out[0] if isinstance(out, tuple) else out

    return act


class SingleSeatEnv(gymnasium.Env):
    """One seat of a noblesse game as a Gymnasium environment."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        seat: int = 0,
        opponents: Any = "random",
        illegal_action: str = "lose",
        render_mode: str | None = None,
        options: dict[str, Any] | None = None,
        max_decisions: int | None = None,
        observation: str = "dict",
    ) -> None:
        self.game: Game = games.get(game_id)
        self.players = players if players is not None else default_players(self.game)
        if not 0 <= seat < self.players:
            raise ValueError(f"seat {seat} is not one of the {self.players} seats")
        if illegal_action not in ILLEGAL_ACTION:
            raise ValueError("illegal_action must be 'lose' or 'raise'")
        if observation not in OBSERVATIONS:
            raise ValueError("observation must be 'dict' or 'flat'")
        self.flat = observation == "flat"
        self.encoder: Encoder = observer(game_id, self.players)
        self.seat = seat
        kinds = (
            list(opponents) if isinstance(opponents, (list, tuple)) else [opponents] * self.players
        )
        if len(kinds) == self.players - 1:
            kinds.insert(seat, None)
        if len(kinds) != self.players:
            raise ValueError("give one opponent, or one per other seat")
        for s, kind in enumerate(kinds):
            if s == seat:
                continue
            if isinstance(kind, str):
                make_agent(kind)  # fail early on an unknown kind
            elif not isinstance(kind, Agent | Predictor) and not callable(kind):
                raise ValueError(
                    f"seat {s}: an opponent is a bot spec, an agent, a policy "
                    f"with predict, or a callable, not {kind!r}"
                )
        self.opponent_kinds = kinds
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self.game_options = machine_options(self.game, options)
        self.max_decisions = max_decisions
        n_actions = self.game.num_distinct_actions
        vector = spaces.Box(
            self.encoder.low, self.encoder.high, (self.encoder.observation_size,), np.float32
        )
        self.observation_space = (
            vector
            if self.flat
            else spaces.Dict(
                {
                    "observation": vector,
                    "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
                }
            )
        )
        self.action_space = spaces.Discrete(n_actions)
        self.state: State | None = None
        self._bots: dict[int, Any] = {}
        self._agent_seats: set[int] = set()  # the seats whose bot is a noblesse agent
        self._returns = 0.0
        self._done = False
        self.decisions = 0

    # -- helpers ----------------------------------------------------------------------
    def action_masks(self) -> np.ndarray:
        """The learner's legal actions (sb3-contrib's MaskablePPO convention)."""
        return self._mask(self.seat)

    def _mask(self, seat: int) -> np.ndarray:
        if self.state is None:
            return np.zeros(self.game.num_distinct_actions, np.int8)
        return action_mask(self.game, self.state, seat)

    def _vector(self, seat: int) -> np.ndarray:
        assert self.state is not None, "reset() comes first"
        return self.encoder.observation(self.game, self.state, seat)

    def _obs(self, seat: int | None = None) -> Any:
        seat = self.seat if seat is None else seat
        if self.flat:
            return self._vector(seat)
        return {"observation": self._vector(seat), "action_mask": self._mask(seat)}

    def _info(self, **info: Any) -> dict[str, Any]:
        if self.flat:
            info["action_mask"] = self._mask(self.seat)
        return info

    def _opponent_action(self, seat: int) -> Any:
        bot = self._bots[seat]
        game, state = self.game, self.state
        assert state is not None, "reset() comes first"
        if seat in self._agent_seats:  # a noblesse agent: on its seat's world
            return act_honestly(bot, game, state, seat)
        index = int(bot(self._obs(seat), self._mask(seat)))
        action = game.action_at(index)
        if action not in game.legal_actions(state, seat):
            raise ValueError(f"the opponent at seat {seat} chose illegal action {index}")
        return action

    def _play_bots(self) -> None:
        """Let the opponents act until the learner must decide or the game is over."""
        game, state = self.game, self.state
        while not game.is_over(state):
            seats = game.to_act(state)
            others = [s for s in seats if s != self.seat]
            if not others:
                return
            for s in others:
                game.apply(state, s, self._opponent_action(s))

    def _reward(self) -> float:
        now = float(self.game.returns(self.state)[self.seat])
        reward, self._returns = now - self._returns, now
        return reward

    # -- the Gymnasium API ------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**31 - 1))
        self.state = self.game.setup(self.players, game_seed, dict(self.game_options))
        self._bots = {
            s: (
                make_agent(kind, seed=game_seed * 16 + s)
                if isinstance(kind, str)
                else kind
                if isinstance(kind, Agent)
                else _policy_opponent(kind, self.flat)
            )
            for s, kind in enumerate(self.opponent_kinds)
            if s != self.seat
        }
        self._agent_seats = {s for s, bot in self._bots.items() if isinstance(bot, Agent)}
        self._returns = 0.0
        self._done = False
        self.decisions = 0
        self._play_bots()
        self._reward()  # returns reached before the learner's first decision (normally none)
        return self._obs(), self._info(seed=game_seed)

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
            return self._obs(), -1.0, True, False, self._info(illegal_action=True)
        self.decisions += 1
        self._play_bots()
        terminated = self.game.is_over(self.state)
        truncated = (
            not terminated
            and self.max_decisions is not None
            and self.decisions >= self.max_decisions
        )
        return self._obs(), self._reward(), terminated, truncated, self._info()

    def render(self) -> str | None:
        """The learner's table as the game's text (``render_mode="ansi"``)."""
        if self.state is None or self.render_mode is None:
            return None
        return text_table(self.game, self.game.view(self.state, self.seat))


def register_all() -> list[str]:
    """Register ``noblesse/<game id>-v0`` for every game of the registry (idempotent)."""
    ids = []
    for game_id in games.ids():
        name = env_id(game_id)
        if name not in gymnasium.registry:
            gymnasium.register(
                id=name,
                entry_point=f"{__name__}:SingleSeatEnv",
                kwargs={"game_id": game_id},
                disable_env_checker=False,
            )
        ids.append(name)
    return ids


register_all()
