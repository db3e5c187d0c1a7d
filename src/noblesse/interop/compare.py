"""``noblesse bench compare``: noblesse games beside OpenSpiel games, in one process.

Every row is uniformly random playouts driven by the same kind of Python loop
(``legal actions`` -> pick one -> ``apply``), timed for whole games until a run
lasts ``seconds``; the figure is decisions per second (a decision is one seat's
choice; OpenSpiel chance nodes, e.g. dealing in ``oh_hell``, are applied but not
counted), the median of ``runs`` runs. The runs are interleaved (run 1 of every
row, then run 2, ...) so that a change in the machine's load hits every row. Rows:

* every registered noblesse game, through the kernel contract (as ``noblesse bench``);
* the same game through the OpenSpiel adapter (``python_noblesse_<id>``), which
  shows what the adapter costs;
* the same game as a learner drives it (``noblesse.interop.envbench``): PettingZoo's
  AEC environment reading every observation and mask, and OpenSpiel's
  ``rl_environment`` building every seat's information-state tensor at every step;
* OpenSpiel's ``hearts`` and ``oh_hell`` (C++, called through pybind11) and
  ``python_block_dominoes`` (a game written in Python like ours).

The OpenSpiel rows need the ``rl`` extra; without it only the noblesse rows run.
"""

from __future__ import annotations

import functools
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from noblesse import games
from noblesse.interop.encoding import default_players
from noblesse.interop.envbench import engine_player, env_player

PETTINGZOO = "noblesse via PettingZoo, every observation"
RL_ENVIRONMENT = "noblesse via OpenSpiel rl_environment"
OPENSPIEL_GAMES: tuple[tuple[str, dict[str, int]], ...] = (
    ("hearts", {}),
    ("oh_hell", {"players": 4}),
    ("python_block_dominoes", {}),
)


@dataclass
class Row:
    name: str
    kind: str  # "noblesse", "noblesse via OpenSpiel adapter", ...
    players: int
    dps: list[float] = field(default_factory=list)
    decisions_per_game: float = 0.0
    error: str = ""

    @property
    def median(self) -> float:
        return statistics.median(self.dps) if self.dps else 0.0


def _one_run(play_one: Callable[[int], int], seconds: float, seed: int) -> tuple[float, int, int]:
    """Whole games until ``seconds`` have passed: (decisions per second, decisions, games)."""
    decisions, n, start = 0, 0, time.perf_counter()
    while True:
        decisions += play_one(seed + n)
        n += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return decisions / elapsed, decisions, n


def _adapter_player(game_id: str, players: int) -> Callable[[int], int]:
    """A noblesse game played through its OpenSpiel adapter (which needs OpenSpiel)."""
    from noblesse.interop import openspiel

    return _spiel_player(openspiel.load(game_id, players))


def _spiel_player(game) -> Callable[[int], int]:  # noqa: ANN001 - a pyspiel.Game
    def play(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                r, acc = rng.random(), 0.0
                outcomes = state.chance_outcomes()
                action = outcomes[-1][0]
                for a, p in outcomes:
                    acc += p
                    if r < acc:
                        action = a
                        break
                state.apply_action(action)
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
        return decisions

    return play


def compare(
    players: int = 4,
    runs: int = 5,
    seconds: float = 1.0,
    seed: int = 1,
    adapter: bool = True,
    progress: Callable[[str], None] | None = None,
    environments: bool = True,
) -> list[Row]:
    """Measure every row (see the module doc); rows that cannot run carry an ``error``."""
    rows: list[Row] = []
    try:
        import pyspiel

        from noblesse.interop import openspiel as nos
    except ImportError:
        pyspiel = nos = None  # type: ignore[assignment]  # OpenSpiel is not installed

    players_of: list[tuple[Row, Callable[[int], int]]] = []

    def measure(row: Row, make: Callable[[], Callable[[int], int]]) -> None:
        if progress:
            progress(f"{row.name} ({row.kind})")
        try:
            play_one = make()
            play_one(seed)  # warm up (imports, caches, the adapter's exploration)
        except Exception as exc:  # noqa: BLE001 - a broken game is reported, not fatal
            row.error = f"{type(exc).__name__}: {exc}"
        else:
            players_of.append((row, play_one))
        rows.append(row)

    for game_id in games.ids():
        try:
            game = games.get(game_id)
        except Exception as exc:  # noqa: BLE001
            rows.append(Row(game_id, "noblesse", players, error=f"{type(exc).__name__}: {exc}"))
            continue
        n = players if game.min_players <= players <= game.max_players else default_players(game)
        measure(Row(game_id, "noblesse", n), functools.partial(engine_player, game_id, n))
        if adapter and nos is not None:
            measure(
                Row(game_id, "noblesse via OpenSpiel adapter", n),
                functools.partial(_adapter_player, game_id, n),
            )
        if environments and nos is not None:
            measure(
                Row(game_id, PETTINGZOO, n), functools.partial(env_player, "pettingzoo", game_id, n)
            )
            measure(
                Row(game_id, RL_ENVIRONMENT, n),
                functools.partial(env_player, "openspiel", game_id, n),
            )
    if pyspiel is None:
        rows.append(
            Row(
                "OpenSpiel games",
                "OpenSpiel",
                0,
                error="open_spiel is not installed (pip install 'noblesse[rl]')",
            )
        )
        _run_interleaved(players_of, runs, seconds, seed)
        return rows
    for name, params in OPENSPIEL_GAMES:
        kind = "OpenSpiel (Python)" if name.startswith("python_") else "OpenSpiel (C++)"
        try:
            if name.startswith("python_"):
                import open_spiel.python.games  # noqa: F401 - registers the Python games
            game = pyspiel.load_game(name, params)
        except Exception as exc:  # noqa: BLE001
            rows.append(Row(name, kind, 0, error=f"{type(exc).__name__}: {exc}"))
            continue
        measure(Row(name, kind, game.num_players()), functools.partial(_spiel_player, game))
    _run_interleaved(players_of, runs, seconds, seed)
    return rows


def _run_interleaved(
    players_of: list[tuple[Row, Callable[[int], int]]], runs: int, seconds: float, seed: int
) -> None:
    """Run 1 of every row, then run 2 of every row, ...: a machine whose load changes
    during the benchmark then slows every row alike, and the ratios stay meaningful."""
    totals = {id(row): [0, 0] for row, _ in players_of}
    for run in range(runs):
        for row, play_one in players_of:
            if row.error:
                continue
            try:
                dps, decisions, n = _one_run(play_one, seconds, seed + 1000 * (run + 1))
            except Exception as exc:  # noqa: BLE001
                row.error = f"{type(exc).__name__}: {exc}"
                continue
            row.dps.append(dps)
            totals[id(row)][0] += decisions
            totals[id(row)][1] += n
    for row, _ in players_of:
        decisions, n = totals[id(row)]
        row.decisions_per_game = decisions / max(1, n)
