"""Designed observations (``Game.observation_spec``): one size for every player count,
every value within its documented range, nothing a seat cannot see, fields that mean
what docs/observations.md says."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from noblesse import games
from noblesse.core.game import Game, State, machine_options
from noblesse.interop.encoding import observer

ROOT = Path(__file__).resolve().parents[2]
DESIGNED = [g for g in games.ids() if games.get(g).observation_spec() is not None]


def designed() -> list[object]:
    return [pytest.param(g, id=g) for g in DESIGNED]


def _states(game: Game, players: int, seed: int, every: int = 3, most: int = 120) -> list[State]:
    """Every ``every``-th state of a random playout (at most ``most`` of them, evenly
    spread over a long game), and its end."""
    rng = random.Random(seed)
    state = game.setup(players, seed, machine_options(game))  # Fief: a turn limit
    out, step = [], 0
    while not game.is_over(state):
        if step % every == 0:
            out.append(game.clone(state))
        for seat in game.to_act(state):
            legal = game.legal_actions(state, seat)
            game.apply(state, seat, legal[rng.randrange(len(legal))])
        step += 1
    if len(out) > most:
        out = out[:: -(-len(out) // most)]
    out.append(state)
    return out


def test_every_game_is_designed() -> None:
    assert set(DESIGNED) == set(games.ids())


@pytest.mark.parametrize("game_id", designed())
def test_the_adapters_buffer_holds_the_same_values(game_id: str) -> None:
    np = pytest.importorskip("numpy")
    game = games.get(game_id)
    spec = game.observation_spec()
    enc = observer(game_id, game.max_players)
    buf = np.full(spec.size, 7.0, np.float32)  # stale values must be cleared
    for state in _states(game, game.max_players, 4, every=5):
        for seat in range(game.max_players):
            enc.observation_into(game, state, seat, buf)
            assert np.allclose(buf, np.array(spec.observe(state, seat), np.float32), atol=1e-6)


@pytest.mark.parametrize("game_id", designed())
def test_the_size_is_the_same_at_every_player_count(game_id: str) -> None:
    game = games.get(game_id)
    spec = game.observation_spec()
    sizes = set()
    for players in range(game.min_players, game.max_players + 1):
        state = game.setup(players, 3)
        for seat in range(players):
            sizes.add(len(spec.observe(state, seat)))
        sizes.add(observer(game_id, players).observation_size)
    assert sizes == {spec.size}
    fields = spec.layout.fields
    assert fields[0].offset == 0 and sum(f.length for f in fields) == spec.size
    assert all(a.offset + a.length == b.offset for a, b in zip(fields, fields[1:], strict=False))
    assert all(-1.0 <= f.low < f.high <= 1.0 and f.meaning for f in fields)


@pytest.mark.parametrize("game_id", designed())
def test_every_value_is_within_its_range_over_random_playouts(game_id: str) -> None:
    game = games.get(game_id)
    spec = game.observation_spec()
    low, high = spec.layout.bounds()
    name = [f.name for f in spec.layout.fields for _ in range(f.length)]
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(3):
            for state in _states(game, players, 100 * players + seed):
                for seat in range(players):
                    v = spec.observe(state, seat)
                    bad = [
                        (name[i], v[i]) for i in range(spec.size) if not low[i] <= v[i] <= high[i]
                    ]
                    assert not bad, (players, seed, seat, bad[:5])


@pytest.mark.parametrize("game_id", designed())
def test_a_seat_sees_the_same_in_states_it_cannot_tell_apart(game_id: str) -> None:
    game = games.get(game_id)
    spec = game.observation_spec()
    for players in (game.min_players, game.max_players):
        for seed in range(3):
            for k, state in enumerate(_states(game, players, 7 + seed, every=2)):
                for seat in range(players):
                    world = game.determinize(state, seat, random.Random(k * 31 + seat))
                    assert spec.observe(world, seat) == spec.observe(state, seat), (
                        players,
                        seed,
                        k,
                        seat,
                    )


def test_with_hidden_support_another_seat_s_card_never_shows() -> None:
    game = games.get("guillotine")
    spec = game.observation_spec()
    resampled = 0
    for seed in range(10):
        state = game.setup(4, seed, {"hidden_support": True})
        world = game.determinize(state, 0, random.Random(seed))
        resampled += world.hidden[1:] != state.hidden[1:]
        assert spec.observe(world, 0) == spec.observe(state, 0)
    assert resampled


def _counts(cards: list[int], copies: list[int]) -> dict[int, float]:
    out: dict[int, float] = {}
    for c in cards:
        out[c] = out.get(c, 0.0) + 1.0 / copies[c]
    return out


def test_guillotine_fields_mean_what_the_table_says() -> None:
    from noblesse.games.guillotine.rules import ACTIONS, NOBLES

    game = games.get("guillotine")
    spec = game.observation_spec()
    lay = spec.layout
    state = game.setup(3, 12)
    state.hands[2] = state.hands[2][:3]  # seat 2 holds 3 cards, the others 5
    seat = 2
    obs = spec.observe(state, seat)
    at = lay["hand_size"].offset
    assert obs[at : at + 5] == [3 / 15, 5 / 15, 5 / 15, 0.0, 0.0]  # me, next (seat 0), seat 1
    at = lay["hand"].offset
    hand = obs[at : at + len(ACTIONS)]
    assert {i: v for i, v in enumerate(hand) if v} == pytest.approx(
        _counts(state.hands[2], [a.copies for a in ACTIONS])
    )
    at = lay["seat_present"].offset
    assert obs[at : at + 5] == [1.0, 1.0, 1.0, 0.0, 0.0]
    at = lay["line"].offset
    front = state.line[0]
    assert obs[at + front] == 1.0 and sum(obs[at : at + len(NOBLES)]) == 1.0
    at = lay["player"].offset
    assert obs[at + (state.player - seat) % 3] == 1.0
    # a noble in the next seat's pile lands in relative seat 1's block
    state.piles[0].append(front)
    obs = spec.observe(state, seat)
    at = lay["piles"].offset + 1 * len(NOBLES) + front
    assert obs[at] == pytest.approx(1.0 / NOBLES[front].copies)


def test_heads_of_state_fields_mean_what_the_table_says() -> None:
    from noblesse.games.heads_of_state.rules import NA

    game = games.get("heads_of_state")
    spec = game.observation_spec()
    lay = spec.layout
    state = game.setup(4, 5)
    state.hands[1] = [2, 0, 1, 0, 0, 0, 0, 0, 0]
    state.thands[1] = [0, 0, 1, 0, 0]
    state.slots[7] = 3  # seat 3's noble on slot 7: relative seat 2 from seat 1
    obs = spec.observe(state, 1)
    at = lay["hand"].offset
    assert obs[at : at + NA] == [0.2, 0.0, 0.1] + [0.0] * (NA - 3)
    at = lay["attribute_count"].offset
    assert obs[at] == 3 / 20
    at = lay["board"].offset + 7 * 5
    assert obs[at : at + 5] == [0.0, 0.0, 1.0, 0.0, 0.0]
    # another seat's hand is a size, never its cards
    other = spec.observe(state, 0)
    assert other[lay["hand"].offset : lay["hand"].offset + NA] == [0.0] * NA
    assert other[lay["attribute_count"].offset + 1] == 3 / 20


def test_the_docs_page_is_current() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "observation_tables.py"), "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": ""},
    )
    assert out.returncode == 0, out.stderr


def test_ruse_and_bruise_fields_mean_what_the_table_says() -> None:
    from noblesse.games.ruse_and_bruise.observation import ROW_SLOTS, SEATS, SLOT
    from noblesse.games.ruse_and_bruise.rules import DOWN, KIND, KINDS, UP

    game = games.get("ruse_and_bruise")
    spec = game.observation_spec()
    lay = spec.layout
    state = game.setup(3, 9)
    mine, theirs = state.hands[1][0], state.hands[2][0]
    state.rows[0] = [mine, theirs]
    state.up[0] = [UP, DOWN]
    obs = spec.observe(state, 1)
    at = lay["hand"].offset
    assert sorted(i for i in range(KINDS) if obs[at + i]) == sorted(KIND[c] for c in state.hands[1])
    first = lay["row_cards"].offset  # row 1, position 1: my card, face up
    assert obs[first : first + SEATS] == [1.0, 0, 0, 0, 0, 0]
    assert obs[first + SEATS + UP] == 1.0 and obs[first + SEATS + 3 + KIND[mine]] == 1.0
    second = first + SLOT  # position 2: the next seat's, face down
    assert obs[second + 1] == 1.0 and obs[second + SEATS + DOWN] == 1.0
    assert sum(obs[second + SEATS + 3 : second + SLOT]) == 0.0  # its kind is not shown
    assert lay["row_cards"].length == SEATS * ROW_SLOTS * SLOT
    # to its owner (relative seat 0 from seat 2) the same card shows its kind
    obs2 = spec.observe(state, 2)
    assert obs2[second] == 1.0 and obs2[second + SEATS + 3 + KIND[theirs]] == 1.0


def test_conflicting_legends_a_secret_throw_shows_only_to_its_thrower() -> None:
    from noblesse.games.conflicting_legends.rules import THROW

    from .support import simultaneous_decisions

    game = games.get("conflicting_legends")
    spec = game.observation_spec()
    at = spec.layout["war_my_throw"].offset
    found = simultaneous_decisions(game, 4, limit=2)
    assert found
    for state, first, later in found:
        assert state.pending.kind == THROW
        game.apply(state, first, game.legal_actions(state, first)[0])
        assert sum(spec.observe(state, first)[at : at + 3]) == 1.0
        assert sum(spec.observe(state, later)[at : at + 3]) == 0.0
        others = [s for s in range(4) if s not in (first, later)]
        assert all(sum(spec.observe(state, s)[at : at + 3]) == 0.0 for s in others)


@pytest.mark.parametrize("game_id", designed())
def test_a_kept_observation_equals_one_written_from_zeros_over_random_playouts(
    game_id: str,
) -> None:
    np = pytest.importorskip("numpy")
    from noblesse.interop.encoding import KeptObservations

    game = games.get(game_id)
    enc = observer(game_id, game.max_players)
    for players in (game.min_players, game.max_players):
        for seed in range(2):
            rng = random.Random(seed)
            state = game.setup(players, seed, machine_options(game))
            kept = KeptObservations(enc, game, players)
            step = 0
            while True:
                acting = game.to_act(state)
                # the acting seats at every step, each other seat now and then
                for seat in range(players):
                    if seat in acting or (step + seat) % 3 == 0 or game.is_over(state):
                        assert np.array_equal(
                            kept.observe(state, seat), enc.observation(game, state, seat)
                        ), (players, seed, step, seat)
                if game.is_over(state):
                    break
                for seat in acting:
                    legal = game.legal_actions(state, seat)
                    game.apply(state, seat, legal[rng.randrange(len(legal))])
                step += 1
            # another state: the buffers start again from zeros
            other = game.setup(players, seed + 10, machine_options(game))
            assert np.array_equal(kept.observe(other, 0), enc.observation(game, other, 0))
