"""The generic observation encoder: fixed size, deterministic, built from the view alone."""

from __future__ import annotations

import random

import pytest

from noblesse import games
from noblesse.interop import encoding
from noblesse.interop.encoding import ViewEncoder, _freeze, _Stat, profile

from .support import game_ids, players_of


@pytest.mark.parametrize("game_id", game_ids())
def test_observation_is_fixed_size_and_depends_only_on_the_view(game_id: str) -> None:
    game = games.get(game_id)
    players = players_of(game_id)
    prof = profile(game_id, players)
    assert prof.observation_size > 0 and prof.longest_game > 0
    rng = random.Random(5)
    state = game.setup(players, 99)
    step = 0
    while not game.is_over(state):
        if step % 7 == 0:
            for seat in range(players):
                a = [0.0] * prof.observation_size
                prof.observation_into(game, state, seat, a)
                assert len(a) == prof.observation_size
                # resampling what the seat cannot see leaves its observation unchanged
                world = game.determinize(state, seat, random.Random(step))
                b = [1.0] * prof.observation_size
                prof.observation_into(game, world, seat, b)
                assert a == b
        for seat in game.to_act(state):
            legal = game.legal_actions(state, seat)
            game.apply(state, seat, legal[rng.randrange(len(legal))])
        step += 1


def test_the_schema_is_deterministic() -> None:
    game = games.get("guillotine")
    version = str(game.version)
    fresh = encoding._profile.__wrapped__  # bypass the cache: explore again from scratch
    a = fresh("guillotine", version, 3, encoding.EXPLORE_GAMES, encoding.EXPLORE_SEED)
    b = fresh("guillotine", version, 3, encoding.EXPLORE_GAMES, encoding.EXPLORE_SEED)
    assert a.observation_size == b.observation_size
    state = game.setup(3, 4)
    assert a.view_encoder.encode_view(game.view(state, 1)) == b.view_encoder.encode_view(
        game.view(state, 1)
    )


def _encoder(*views: dict) -> ViewEncoder:
    stat = _Stat()
    for v in views:
        stat.see(v)
    return ViewEncoder(_freeze(stat, [{"ace", "king", "queen", "jack"}], {"0", "1"}))


def test_unseen_values_are_encoded_coarsely_never_rejected() -> None:
    enc = _encoder(
        {"n": 1, "name": "ace", "hand": ["ace", "king"], "x": None, "by_seat": {"0": 2}},
        {"n": 2, "name": "king", "hand": [], "x": 3, "by_seat": {"0": 1}},
    )
    size = enc.size
    # widened vocabulary: "queen" was never seen but belongs with "ace" and "king"
    queen = enc.encode_view({"name": "queen"})
    other = enc.encode_view({"name": "nobody"})
    assert queen != other and sum(queen) == sum(other) == 1.0
    # a much longer list is truncated, an unknown key ignored, a wrong type skipped
    long = enc.encode_view({"hand": ["ace"] * 50, "mystery": [1, 2], "n": "text"})
    assert len(long) == size
    assert max(long) == 50.0  # the length slot and the "ace" count, both 50
    # the seat never seen as a key ("1") still has its slots
    assert enc.encode_view({"by_seat": {"1": 5}}) != enc.encode_view({})
    assert len(enc.encode_view({})) == size


def test_one_place_decides_the_encoder_a_game_gets() -> None:
    for game_id in games.ids():
        game = games.get(game_id)
        enc = encoding.observer(game_id, game.min_players)
        if game.observation_spec() is None:
            assert not enc.designed and enc is profile(game_id, game.min_players)
        else:
            assert enc.designed and enc.observation_size == game.observation_spec().size
            assert enc is encoding.observer(game_id, game.max_players)


def test_compound_strings_are_encoded_by_tokens() -> None:
    names = [f"card{i}" for i in range(40)]
    views = [{"row": [f"+{n}@{s}" for n in names[s:]]} for s in range(4)]
    enc = _encoder(*views)
    node = enc._root.keys["row"][0].item
    assert node.tokens and len(node.vocab) < 4 * 40
    a = enc.encode_view({"row": ["+card3@1"]})
    b = enc.encode_view({"row": ["+card3@2"]})
    assert a != b and len(a) == len(b) == enc.size
