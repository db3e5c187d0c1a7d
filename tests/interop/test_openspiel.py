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
            assert np.array_equal(
                world.observation_tensor(player), state.observation_tensor(player)
            )
            assert np.array_equal(
                world.information_state_tensor(player), state.information_state_tensor(player)
            )


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
    bots = [
        nos.ismcts_bot(game, max_simulations=20, seed=0),
        UniformRandomBot(1, np.random.RandomState(1)),
        UniformRandomBot(2, np.random.RandomState(2)),
    ]
    state = game.new_initial_state()
    returns = evaluate_bots(state, bots, np.random.RandomState(2))
    assert state.is_terminal() and len(returns) == 3


def test_the_compare_bench_drives_the_adapter() -> None:
    from noblesse.interop.compare import _spiel_player

    assert _spiel_player(nos.load("guillotine", 3))(5) > 0


# ------------------------------------------------------------------------ metadata
# The adapter's caps (see noblesse.interop.openspiel): exact values, so a change is seen.
CAPS = {
    "guillotine": 500,
    "heads_of_state": 5_000,
    "ruse_and_bruise": 5_000,
    "conflicting_legends": 10_000,
    "fief": 10_000,
}  # Fief: 1,000 a turn, max_turns 10


@pytest.mark.parametrize("game_id", game_ids())
def test_the_metadata_is_truthful(game_id: str) -> None:
    game = nos.load(game_id, players_of(game_id))
    assert game.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert (game.utility_sum(), game.min_utility(), game.max_utility()) == (1.0, 0.0, 1.0)
    assert game.max_chance_nodes_in_history() == 4
    assert game.max_chance_outcomes() == 256
    assert game.max_game_length() == CAPS.get(game_id, nos.FALLBACK_MAX_DECISIONS)
    assert game.max_move_number() == game.max_game_length() + 4
    for seed in range(budget(2, 6)):  # random games: sum 1, four chance nodes, under the cap
        state = _play_in(game, seed, 10**6)
        assert state.is_terminal() and not state._c.capped()
        assert sum(state.returns()) == pytest.approx(1.0)
        assert all(0.0 <= r <= 1.0 for r in state.returns())
        chance = [a for a in state.full_history() if a.player == pyspiel.PlayerId.CHANCE]
        assert len(chance) == 4
        assert len(state.history()) - 4 < game.max_game_length()


def test_the_game_options_are_load_game_parameters() -> None:
    spec = pyspiel.load_game("python_noblesse_guillotine").get_parameters()
    assert spec == {
        "players": 4,
        "hidden_support": False,
        "callous_discard_on_own_turn_only": False,
        "max_decisions": 500,
    }
    game = pyspiel.load_game("python_noblesse_guillotine", {"players": 3, "hidden_support": True})
    assert game.get_parameters()["hidden_support"] is True
    state = _play_in(game, 1, 0)
    assert state.inner.options["hidden_support"] and max(state.inner.hidden) >= 0
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert again[0].get_parameters() == game.get_parameters()
    fief = pyspiel.load_game("python_noblesse_fief", {"players": 4, "max_turns": 12})
    assert fief.get_parameters()["max_turns"] == 12
    assert fief.max_game_length() == 12_000  # the default cap follows max_turns
    assert _play_in(fief, 0, 0).inner.max_turns == 12
    assert pyspiel.load_game("python_noblesse_fief").get_parameters()["max_turns"] == 10


@pytest.mark.parametrize(
    "params", [{"colour": "red"}, {"hidden_support": 1}, {"players": 9}, {"max_decisions": -1}]
)
def test_bad_parameters_are_refused(params: dict) -> None:
    with pytest.raises((pyspiel.SpielError, ValueError)):
        pyspiel.load_game("python_noblesse_guillotine", params)


def test_bad_option_values_are_refused_by_the_game() -> None:
    with pytest.raises(ValueError, match="max_turns"):
        pyspiel.load_game("python_noblesse_fief", {"max_turns": -2})


def test_the_cap_ends_the_game_as_a_draw() -> None:
    game = pyspiel.load_game("python_noblesse_guillotine", {"players": 3, "max_decisions": 6})
    assert game.max_game_length() == 6
    state = _play_in(game, 3, 100)
    assert state.is_terminal() and len(state.history()) == 4 + 6
    assert state.returns() == [1 / 3] * 3 and state.legal_actions() == []
    assert not games.get("guillotine").is_over(state.inner)
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert again.is_terminal() and again.returns() == state.returns()


@pytest.mark.parametrize("game_id", game_ids())
def test_the_information_state_tensor_is_the_observation_and_the_seat_s_history(
    game_id: str,
) -> None:
    g = games.get(game_id)
    sizes = set()
    for n in sorted({g.min_players, g.max_players}):
        game = nos.load(game_id, n)
        assert game.get_type().provides_information_state_tensor
        obs_size = game.observation_tensor_size()
        n_actions = game.num_distinct_actions()
        size = game.information_state_tensor_size()
        history = nos.history_of(game.encoder)
        assert size == obs_size + (1 + nos.OWN_LAST) * n_actions + g.max_players + (
            0 if history is None else history.layout.size
        )
        if g.observation_spec() is not None:
            sizes.add(size)
        state = _play_in(game, n, 0)
        mine: list[int] = []
        rng = np.random.RandomState(n)
        for _ in range(25):
            if state.is_terminal():
                break
            player = state.current_player()
            action = int(rng.choice(state.legal_actions()))
            if player == 0:
                mine.append(action)
            state.apply_action(action)
        t = state.information_state_tensor(0)
        assert isinstance(t, np.ndarray) and t.dtype == np.float32 and t.shape == (size,)
        # the C++ path (the observer, copied into a list) holds the same values
        assert np.array_equal(
            np.array(pyspiel.State.information_state_tensor(state, 0), np.float32), t
        )
        assert np.array_equal(
            np.array(pyspiel.State.observation_tensor(state, 1), np.float32),
            state.observation_tensor(1),
        )
        assert np.array_equal(t[:obs_size], np.array(state.observation_tensor(0), np.float32))
        hist = t[obs_size:]
        assert hist.min() >= 0.0 and hist.max() <= 1.0
        counts = hist[:n_actions] * nos.OWN_COUNT_CAP
        for a in set(mine):
            assert round(float(counts[a])) == min(mine.count(a), nos.OWN_COUNT_CAP)
        assert round(float(counts.sum())) == len(mine) or len(mine) > nos.OWN_COUNT_CAP
        if mine:
            assert hist[n_actions + mine[-1]] == 1.0  # my last action, one-hot
        at = n_actions * (1 + nos.OWN_LAST)
        made = hist[at : at + g.max_players] * game.max_game_length()
        assert round(float(made[0])) == len(mine)
    assert len(sizes) <= 1  # a designed observation: one size at every count


def test_rl_environment_feeds_the_information_state_tensor() -> None:
    from open_spiel.python import rl_environment

    game = nos.load("guillotine", 3)
    env = rl_environment.Environment(game)
    step = env.reset()
    while step.observations["current_player"] < 0:
        step = env.step([0])
    assert len(step.observations["info_state"][0]) == game.information_state_tensor_size()


def _guillotine_history(state: object, seat: int) -> np.ndarray:
    """``seat``'s public history: the tail of its information-state tensor."""
    from noblesse.games.guillotine.observation import H

    return state.information_state_tensor(seat)[-H.size :]  # type: ignore[attr-defined]


def test_a_guillotine_card_played_is_in_every_seat_s_history_at_the_player_s_relative_seat() -> (
    None
):
    from noblesse.games.guillotine.observation import H_DISCARDED, H_PLAYED, H
    from noblesse.games.guillotine.rules import ACTIONS

    game = nos.load("guillotine", 3)
    state = game.new_initial_state()
    for byte in (0, 0, 0, 7):
        state.apply_action(byte)
    majesty = next(i for i, a in enumerate(ACTIONS) if a.key == "majesty")
    assert state.current_player() == 2 and majesty in state.inner.hands[2]
    assert ACTIONS[majesty].copies == 1
    before = [_guillotine_history(state, s) for s in range(3)]
    state.apply_action(
        next(a for a in state.legal_actions() if state.action_to_string(a) == "play:majesty")
    )
    n = len(ACTIONS)
    for seat in range(3):
        assert not before[seat].any()
        history = _guillotine_history(state, seat)
        at = H_PLAYED + ((2 - seat) % 3) * n + majesty  # seat 2, relative to the observer
        assert history[at] == 1.0
        assert np.count_nonzero(history) == 1
        assert not history[H_DISCARDED : H_DISCARDED + 5 * n].any()
    assert H.size == 10 * n


def test_guillotine_s_public_history_counts_every_card_played_and_discarded() -> None:
    from noblesse.games.guillotine.observation import H_DISCARDED, H_PLAYED
    from noblesse.games.guillotine.rules import ACTIONS

    game = nos.load("guillotine", 4)
    state = _play_in(game, 4, 11)
    n = len(ACTIONS)
    played = np.zeros((4, n))
    discarded = np.zeros((4, n))
    rng = np.random.RandomState(5)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    for event in state._c.events:
        if event.type == "play":
            played[event.public["seat"], event.public["card"]] += 1
        elif event.type == "discard":
            discarded[event.public["seat"], event.public["card"]] += 1
    assert played.sum() > 5 and discarded.sum() > 0
    copies = np.array([a.copies for a in ACTIONS], np.float64)
    for seat in range(4):
        history = _guillotine_history(state, seat)
        for other in range(4):
            r = (other - seat) % 4
            assert np.array_equal(
                history[H_PLAYED + r * n : H_PLAYED + (r + 1) * n],
                np.minimum(played[other] / copies, 1.0).astype(np.float32),
            )
            assert np.array_equal(
                history[H_DISCARDED + r * n : H_DISCARDED + (r + 1) * n],
                np.minimum(discarded[other] / copies, 1.0).astype(np.float32),
            )
        # a copy of the state (IS-MCTS clones) carries the history on
        assert np.array_equal(_guillotine_history(state.clone(), seat), history)


def test_heads_of_state_s_public_history_counts_cards_taken_and_discarded_attacks_and_options() -> (
    None
):
    from noblesse.games.heads_of_state.observation import (
        ATTACK_CAP,
        H_ATTACKS,
        H_DISCARDED,
        H_DISCARDED_T,
        H_KILLS,
        H_OPTIONS,
        H_TAKEN,
        H_TAKEN_T,
        OPTION_CAP,
        SEATS,
        TAKEN_CAP,
        H,
    )
    from noblesse.games.heads_of_state.rules import ATTRS, OPTION_NAMES, TREACHERY

    game = nos.load("heads_of_state", 4)
    state = _play_in(game, 3, 0)
    rng = np.random.RandomState(8)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    na, nt = len(ATTRS), len(TREACHERY)
    taken, discarded = np.zeros((4, na)), np.zeros((4, na))
    taken_t, discarded_t = np.zeros((4, nt)), np.zeros((4, nt))
    attacks, kills = np.zeros((4, 4)), np.zeros((4, 4))
    options = np.zeros((4, len(OPTION_NAMES) - 1))
    for event in state._c.events:
        e = event.public
        if event.type in ("take", "discard", "take_treachery", "discard_treachery"):
            table = {
                "take": taken,
                "discard": discarded,
                "take_treachery": taken_t,
                "discard_treachery": discarded_t,
            }[event.type]
            table[e["seat"], e["card"]] += 1
        elif event.type == "assassinate":
            attacks[e["seat"], e["target"]] += 1
        elif event.type == "killed":
            kills[e["seat"], e["target"]] += 1
        elif event.type == "option":
            options[e["seat"], OPTION_NAMES.index(e["option"]) - 1] += 1
    assert taken.sum() > 10 and discarded.sum() > 0 and options.sum() > 10
    copies = np.array([t.copies for t in TREACHERY], np.float64)

    def capped(x: np.ndarray) -> np.ndarray:
        return np.minimum(x, 1.0).astype(np.float32)

    for seat in range(4):
        history = state.information_state_tensor(seat)[-H.size :]
        for other in range(4):
            r = (other - seat) % 4
            assert np.array_equal(
                history[H_TAKEN + r * na : H_TAKEN + (r + 1) * na], capped(taken[other] / TAKEN_CAP)
            )
            assert np.array_equal(
                history[H_DISCARDED + r * na : H_DISCARDED + (r + 1) * na],
                capped(discarded[other] / TAKEN_CAP),
            )
            assert np.array_equal(
                history[H_TAKEN_T + r * nt : H_TAKEN_T + (r + 1) * nt],
                capped(taken_t[other] / copies),
            )
            assert np.array_equal(
                history[H_DISCARDED_T + r * nt : H_DISCARDED_T + (r + 1) * nt],
                capped(discarded_t[other] / copies),
            )
            for victim in range(4):
                v = (victim - seat) % 4
                assert history[H_ATTACKS + r * SEATS + v] == capped(
                    attacks[other, victim] / ATTACK_CAP
                )
                assert history[H_KILLS + r * SEATS + v] == capped(kills[other, victim] / ATTACK_CAP)
            width = len(OPTION_NAMES) - 1
            assert np.array_equal(
                history[H_OPTIONS + r * width : H_OPTIONS + (r + 1) * width],
                capped(options[other] / OPTION_CAP),
            )


def test_fief_s_public_history_counts_cards_played_and_discarded_purchases_and_offers() -> None:
    from noblesse.games.fief.observation import (
        BUY_CAP,
        BUYS,
        DEED_CAP,
        H_BOUGHT,
        H_DEEDS,
        H_DISCARDED,
        H_OFFERS,
        H_PLAYED,
        NC,
        OFFERS,
        H,
    )
    from noblesse.games.fief.state import CARDS

    game = nos.load("fief", 4)
    state = _play_in(game, 5, 0)
    rng = np.random.RandomState(2)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    played, discarded = np.zeros((4, NC)), np.zeros((4, NC))
    bought, deeds = np.zeros((4, len(BUYS))), np.zeros((4, 2))
    offers = np.zeros((4, len(OFFERS)))
    for event in state._c.events:
        e, kind = event.public, event.type
        if kind in ("play_lord", "play_fortune"):
            played[e["seat"], e["card"]] += 1
        elif kind == "discard" and e["seat"] >= 0:
            discarded[e["seat"], e["card"]] += 1
        elif kind == "buy":
            bought[e["seat"], BUYS.index(e["item"])] += 1
        elif kind in ("siege", "pillage"):
            deeds[e["seat"], ("siege", "pillage").index(kind)] += 1
        elif kind in OFFERS:
            offers[e["seat"], OFFERS.index(kind)] += 1
    assert played.sum() > 5 and bought.sum() > 5
    copies = np.array([c.copies for c in CARDS], np.float64)

    def capped(x: np.ndarray) -> np.ndarray:
        return np.minimum(x, 1.0).astype(np.float32)

    for seat in range(4):
        history = state.information_state_tensor(seat)[-H.size :]
        for other in range(4):
            r = (other - seat) % 4
            assert np.array_equal(
                history[H_PLAYED + r * NC : H_PLAYED + (r + 1) * NC], capped(played[other] / copies)
            )
            assert np.array_equal(
                history[H_DISCARDED + r * NC : H_DISCARDED + (r + 1) * NC],
                capped(discarded[other] / copies),
            )
            nb = len(BUYS)
            assert np.array_equal(
                history[H_BOUGHT + r * nb : H_BOUGHT + (r + 1) * nb],
                capped(bought[other] / BUY_CAP),
            )
            assert np.array_equal(
                history[H_DEEDS + r * 2 : H_DEEDS + (r + 1) * 2], capped(deeds[other] / DEED_CAP)
            )
            no = len(OFFERS)
            assert np.array_equal(
                history[H_OFFERS + r * no : H_OFFERS + (r + 1) * no],
                capped(offers[other] / DEED_CAP),
            )


def test_a_conflicting_legends_throw_is_in_every_seat_s_history_once_revealed() -> None:
    from noblesse.games.conflicting_legends.observation import H_THROWN, NG, THROWN_CAP, H
    from noblesse.games.conflicting_legends.rules import GESTURES

    game = nos.load("conflicting_legends", 3)
    state = _play_in(game, 2, 0)
    rng = np.random.RandomState(2)
    while not any(e.type == "reveal" for e in state._c.events):
        before = [state.information_state_tensor(s)[-H.size :] for s in range(3)]
        state.apply_action(int(rng.choice(state.legal_actions())))
    reveal = next(e.public for e in state._c.events if e.type == "reveal")
    attacker, defender = reveal["seat"], reveal["defender"]
    a = GESTURES.index(reveal["attacker_gesture"])
    d = GESTURES.index(reveal["defender_gesture"])
    for seat in range(3):
        assert not before[seat][H_THROWN : H_THROWN + 6 * NG].any()  # the throws were secret
        thrown = state.information_state_tensor(seat)[-H.size :][H_THROWN : H_THROWN + 6 * NG]
        expected = np.zeros(6 * NG, np.float32)
        expected[((attacker - seat) % 3) * NG + a] += 1 / THROWN_CAP
        expected[((defender - seat) % 3) * NG + d] += 1 / THROWN_CAP
        assert np.array_equal(thrown, expected)


def test_ruse_and_bruise_s_history_counts_reveals_for_all_and_a_hidden_kill_for_its_owner() -> None:
    from noblesse.games.ruse_and_bruise.observation import H_KILLED, H_REVEALED, H
    from noblesse.games.ruse_and_bruise.rules import KINDS, ROUNDS

    game = nos.load("ruse_and_bruise", 3)
    state = _play_in(game, 6, 0)
    rng = np.random.RandomState(6)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    revealed = np.zeros((3, KINDS))
    killed = np.zeros((3, 3, KINDS))  # observer, owner, kind
    for event in state._c.events:
        if event.type == "reveal":
            revealed[event.public["owner"], event.public["card"]] += 1
        elif event.type == "kill":
            for seat in range(3):
                told = event.for_seat(seat)
                if "card" in told:
                    killed[seat, told["owner"], told["card"]] += 1
    assert revealed.sum() > 10
    # an owner was told of a hidden kill the next seat was not
    assert any(killed[s, s].sum() > killed[(s + 1) % 3, s].sum() for s in range(3))
    for seat in range(3):
        history = state.information_state_tensor(seat)[-H.size :]
        for owner in range(3):
            r = (owner - seat) % 3
            assert np.array_equal(
                history[H_REVEALED + r * KINDS : H_REVEALED + (r + 1) * KINDS],
                np.minimum(revealed[owner] / ROUNDS, 1.0).astype(np.float32),
            )
            assert np.array_equal(
                history[H_KILLED + r * KINDS : H_KILLED + (r + 1) * KINDS],
                np.minimum(killed[seat, owner] / ROUNDS, 1.0).astype(np.float32),
            )
