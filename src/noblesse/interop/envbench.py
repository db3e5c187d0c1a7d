"""``noblesse bench GAME --env pettingzoo|openspiel``: the research environments' speed.

Decisions per second of uniformly random play driven through an environment the way
a learner drives it, every observation read:

* ``pettingzoo``: the AEC environment (``noblesse.interop.pettingzoo.env``):
  ``for agent in env.agent_iter(): obs, ... = env.last()``, a random action from
  ``obs["action_mask"]``, ``env.step(action)``; one decision per live step.
* ``openspiel``: OpenSpiel's ``rl_environment.Environment`` on ``python_noblesse_<id>``
  (what NFSP and DQN use): every step builds every seat's ``info_state`` (the
  information-state tensor when the game provides one), legal actions and rewards;
  a random legal action of the current player; chance nodes are stepped by the
  environment itself and not counted.

Each run plays whole games until ``seconds`` of the process's CPU time have passed
(CPU time, not wall time: on a shared machine the figure then does not depend on how
busy the other cores are); the figure is the median of ``runs`` runs. ``--env engine``
is the engine alone timed the same way, for the ratio (``noblesse bench GAME`` without
``--env`` is the classic wall-clock benchmark).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from noblesse import games
from noblesse.core.game import machine_options

ENVS = ("engine", "pettingzoo", "openspiel")


def _pettingzoo(game_id: str, players: int) -> Callable[[int], int]:
    import numpy as np

    from noblesse.interop.pettingzoo import env as make_env

    env = make_env(game_id, players)

    def play(seed: int) -> int:
        rng = random.Random(seed)
        env.reset(seed=seed)
        decisions = 0
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                action = None
            else:
                legal = np.flatnonzero(obs["action_mask"])
                action = int(legal[rng.randrange(len(legal))])
                decisions += 1
            env.step(action)
        return decisions

    return play


def _openspiel(game_id: str, players: int) -> Callable[[int], int]:
    from open_spiel.python import rl_environment

    from noblesse.interop.openspiel import load

    game = load(game_id, players)

    def play(seed: int) -> int:
        rng = random.Random(seed)
        env = rl_environment.Environment(game, seed=seed)
        time_step = env.reset()
        decisions = 0
        while not time_step.last():
            player = time_step.observations["current_player"]
            legal = time_step.observations["legal_actions"][player]
            time_step = env.step([legal[rng.randrange(len(legal))]])
            decisions += 1
        return decisions

    return play


def engine_player(game_id: str, players: int) -> Callable[[int], int]:
    """The engine alone: a function ``seed -> decisions`` that plays one game of uniformly
    random legal actions through ``Game`` itself."""
    game = games.get(game_id)
    legal_actions, apply, to_act, is_over = (
        game.legal_actions,
        game.apply,
        game.to_act,
        game.is_over,
    )

    def play(seed: int) -> int:
        rng = random.Random(seed)
        state = game.setup(players, seed, machine_options(game))
        decisions = 0
        while not is_over(state):
            for seat in to_act(state):
                legal = legal_actions(state, seat)
                apply(state, seat, legal[rng.randrange(len(legal))])
                decisions += 1
        return decisions

    return play


def env_player(kind: str, game_id: str, players: int) -> Callable[[int], int]:
    """A function ``seed -> decisions`` that plays one random game through ``kind``."""
    if kind not in ENVS:
        raise ValueError(f"--env must be one of {', '.join(ENVS)}, not {kind!r}")
    return {"engine": engine_player, "pettingzoo": _pettingzoo, "openspiel": _openspiel}[kind](
        game_id, players
    )


def bench_env(
    kind: str, game_id: str, players: int, runs: int = 5, seconds: float = 2.0, seed: int = 1
) -> list[float]:
    """Decisions per second of ``runs`` timed runs (whole games for ``seconds`` each)."""
    play = env_player(kind, game_id, players)
    play(seed)  # warm up: imports, the encoder's set-up
    rates = []
    for run in range(runs):
        decisions, n, start = 0, 0, time.process_time()
        while True:
            decisions += play(seed + 1000 * (run + 1) + n)
            n += 1
            elapsed = time.process_time() - start
            if elapsed >= seconds:
                break
        rates.append(decisions / elapsed)
    return rates


def median(rates: list[float]) -> float:
    return statistics.median(rates)
