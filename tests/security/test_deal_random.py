"""The secret-deal generator (``core.rng``): deterministic for its seed, keeps its place
through copies, pickles and states, deals through every ``random.Random`` method; an int
seed is ``random.Random`` exactly; commitments."""

from __future__ import annotations

import copy
import hashlib
import hmac
import pickle
import random

import pytest

from noblesse import games
from noblesse.core.rng import DealRandom, commitment, copy_rng, make_rng, new_secret_seed

SEED = "0123456789abcdef" * 4


def draws(rng: random.Random) -> list:
    deck = list(range(52))
    rng.shuffle(deck)
    return [
        deck,
        rng.random(),
        rng.getrandbits(77),
        rng.randrange(1000),
        rng.choice("abcdef"),
        rng.sample(range(100), 5),
        rng.randint(1, 6),
    ]


def test_the_same_seed_deals_the_same_and_another_seed_differently() -> None:
    assert draws(DealRandom(SEED)) == draws(DealRandom(SEED)) == draws(make_rng(SEED))
    assert draws(DealRandom(SEED)) != draws(DealRandom(SEED[:-1] + "0"))
    assert draws(DealRandom(new_secret_seed())) != draws(DealRandom(new_secret_seed()))


def test_the_stream_is_hmac_sha256_in_counter_mode_as_documented() -> None:
    key = SEED.encode("ascii")
    stream = b"".join(hmac.digest(key, i.to_bytes(8, "big"), "sha256") for i in range(3))
    rng = DealRandom(SEED.upper())  # the key is the lower-case hex text
    assert rng.getrandbits(8) == stream[0]
    assert rng.getrandbits(12) == int.from_bytes(stream[1:3], "big") >> 4
    assert rng.random() == (int.from_bytes(stream[3:10], "big") >> 3) / 2**53
    assert rng.getrandbits(256) == int.from_bytes(stream[10:42], "big")  # across blocks


def test_state_copy_and_pickle_keep_the_place_in_the_stream() -> None:
    rng = DealRandom(SEED)
    for _ in range(3):  # fresh, mid-block and at a block's end
        state = rng.getstate()
        twins = [copy.copy(rng), copy.deepcopy(rng), pickle.loads(pickle.dumps(rng)), copy_rng(rng)]
        other = DealRandom(new_secret_seed())
        other.setstate(state)
        twins.append(other)
        assert all(type(t) is DealRandom and t.getstate() == state for t in twins)
        expected = draws(rng)
        assert all(draws(t) == expected for t in twins)
        rng.getrandbits(8 * 32 - 8)
    assert rng.getstate() != DealRandom(SEED).getstate()


def test_shuffle_and_friends_draw_from_the_keyed_stream() -> None:
    # if shuffle used the base Mersenne Twister, reseeding it would change nothing here
    a, b = DealRandom(SEED), DealRandom(SEED)
    random.Random.seed(b, 12345)  # the C state underneath: not used
    assert draws(a) == draws(b)


@pytest.mark.parametrize("seed", [0, 7, -3, 2**31 - 1, 2**64 + 5])
def test_an_int_seed_is_exactly_random_random(seed: int) -> None:
    rng = make_rng(seed)
    assert type(rng) is random.Random
    assert draws(rng) == draws(random.Random(seed))
    assert copy_rng(rng).getstate() == rng.getstate()


@pytest.mark.parametrize("bad", ["abc", "0" * 31, "g" * 40, "", "12 34" * 10])
def test_a_short_or_non_hex_string_seed_is_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        make_rng(bad)


def test_games_set_up_and_clone_with_a_secret_deal() -> None:
    for game in games.all():
        state = game.setup(game.min_players, SEED, {})
        again = game.setup(game.min_players, SEED, {})
        assert game.view(state, 0) == game.view(again, 0)
        clone = game.clone(state)
        assert type(clone.rng) is DealRandom and clone.rng.getstate() == state.rng.getstate()
        int_state = game.setup(game.min_players, 5, {})
        assert type(game.clone(int_state).rng) is random.Random


def test_commitment_is_sha256_of_seed_colon_salt() -> None:
    salt = "00ff" * 8
    assert commitment(SEED, salt) == hashlib.sha256(f"{SEED}:{salt}".encode()).hexdigest()
    assert commitment(42, salt) == hashlib.sha256(f"42:{salt}".encode()).hexdigest()
    assert commitment(SEED, salt) != commitment(SEED, "00ff" * 7 + "00fe")
