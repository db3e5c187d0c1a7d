"""OpenSpiel's own random simulation test and its Python IS-MCTS, on every registered game."""

from __future__ import annotations

import numpy as np
import pytest

from budget import budget

from .support import RL_EXTRA, game_ids, players_of, simultaneous_decisions

pyspiel = pytest.importorskip("pyspiel", reason=RL_EXTRA)

from open_spiel.python.algorithms import mcts  # noqa: E402
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots  # noqa: E402

from noblesse import games  # noqa: E402
from noblesse.interop import openspiel as nos  # noqa: E402


def _play_in(game, seed: int, decisions: int):  # noqa: ANN001, ANN202
    """An OpenSpiel state after the seed and ``decisions`` random decisions (or the end)."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    for b in rng.randint(0, 256, size=4):
        state.apply_action(int(b))
    for _ in range(decisions):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_every_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    for game_id in games.ids():
        assert nos.short_name(game_id) in names, nos.failed.get(game_id)


@pytest.mark.parametrize("game_id", game_ids())
def test_openspiel_random_sim_test(game_id: str) -> None:
    game = nos.load(game_id, players_of(game_id))
    pyspiel.random_sim_test(game, num_sims=budget(1, 2), serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", game_ids())
def test_the_smallest_and_largest_tables_load(game_id: str) -> None:
    g = games.get(game_id)
    for n in sorted({g.min_players, g.max_players}):
        game = pyspiel.load_game(nos.short_name(game_id), {"players": n})
        assert game.num_players() == n
        state = _play_in(game, n, 3)
        assert len(state.observation_tensor(0)) == game.observation_tensor_size()


@pytest.mark.parametrize("game_id", game_ids())
def test_resampling_keeps_the_information_state(game_id: str) -> None:
    game = nos.load(game_id, players_of(game_id))
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for seed, depth in ((1, 0), (2, 10), (3, 40)):
        state = _play_in(game, seed, depth)
        if state.is_terminal():
            continue
        player = state.current_player()
        key = state.information_state_string(player)
        for _ in range(3):
            world = state.resample_from_infostate(player, sampler)
            assert world.information_state_string(player) == key
            assert world.legal_actions() == state.legal_actions()
            assert world.observation_tensor(player) == state.observation_tensor(player)


@pytest.mark.parametrize("game_id", game_ids())
def test_a_pending_simultaneous_choice_is_not_in_the_information_state(game_id: str) -> None:
    game = games.get(game_id)
    players = players_of(game_id)
    if not simultaneous_decisions(game, players, limit=1):
        pytest.skip(f"{game_id}: no simultaneous decision in random play")
    spiel = nos.load(game_id, players)
    rng = np.random.RandomState(0)
    checked = 0
    for seed in range(40):
        state = _play_in(spiel, seed, 0)
        while not state.is_terminal() and checked < 5:
            seats = game.to_act(state.inner)
            if len(seats) > 1:
                first, second = seats[0], seats[1]
                keys = set()
                for action in state.legal_actions()[:6]:
                    child = state.child(action)
                    assert child.current_player() == second
                    keys.add(child.information_state_string(second))
                assert len(keys) == 1, f"seat {second} sees seat {first}'s pending choice"
                checked += 1
            state.apply_action(int(rng.choice(state.legal_actions())))
        if checked >= 5:
            break
    assert checked > 0


class _Blind(mcts.Evaluator):
    """No rollouts: values are the returns so far. IS-MCTS then costs little per move,
    which is what a test of the adapter needs (not a strong player)."""

    def evaluate(self, state):  # noqa: ANN001, ANN201
        return np.array(state.returns())

    def prior(self, state):  # noqa: ANN001, ANN201
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


@pytest.mark.parametrize("game_id", game_ids())
def test_ismcts_plays_a_whole_game(game_id: str) -> None:
    game = nos.load(game_id, players_of(game_id))
    bots = []
    for seat in range(game.num_players()):
        bot = nos.ismcts_bot(game, max_simulations=budget(2, 5), seed=seat)
        bot._evaluator = _Blind()
        bots.append(bot)
    state = game.new_initial_state()
    returns = evaluate_bots(state, bots, np.random.RandomState(1))
    assert state.is_terminal()
    assert returns == state.returns()
    assert sum(returns) == pytest.approx(1.0) or sum(returns) == 0.0


def test_ismcts_with_random_rollouts_beside_random_bots() -> None:
    from open_spiel.python.bots.uniform_random import UniformRandomBot

    game = nos.load("guillotine", 3)
    bots = [nos.ismcts_bot(game, max_simulations=20, seed=0),
            UniformRandomBot(1, np.random.RandomState(1)),
            UniformRandomBot(2, np.random.RandomState(2))]
    state = game.new_initial_state()
    returns = evaluate_bots(state, bots, np.random.RandomState(2))
    assert state.is_terminal() and len(returns) == 3


def test_the_compare_bench_drives_the_adapter() -> None:
    from noblesse.interop.compare import _spiel_player

    assert _spiel_player(nos.load("guillotine", 3))(5) > 0
