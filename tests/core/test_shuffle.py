"""``core.rng.shuffle`` deals exactly as ``Random.shuffle``: seeded games, records and
determinizations replay the same whichever of the two shuffled them."""

from __future__ import annotations

import random

import pytest

from noblesse.core.rng import SharedRandom, make_rng, shuffle


@pytest.mark.parametrize(
    "make",
    [random.Random, SharedRandom, lambda seed: make_rng(f"{seed + 1:064x}")],
    ids=["Random", "SharedRandom", "DealRandom"],
)
def test_shuffle_gives_random_shuffles_permutation_and_leaves_the_generator_where_it_does(
    make,
) -> None:
    for seed in range(40):
        ours, theirs = make(seed), make(seed)
        for n in (0, 1, 2, 3, 7, 32, 33, 64, 65, 110):
            mine, expected = list(range(n)), list(range(n))
            shuffle(ours, mine)
            theirs.shuffle(expected)
            assert mine == expected
        assert ours.getrandbits(64) == theirs.getrandbits(64)


def test_a_generator_drawing_its_indices_otherwise_shuffles_as_it_does() -> None:
    class Tilted(random.Random):
        def random(self) -> float:
            return 0.0

    ours, theirs = Tilted(3), Tilted(3)
    mine, expected = list(range(20)), list(range(20))
    shuffle(ours, mine)
    theirs.shuffle(expected)
    assert mine == expected == [*range(1, 20), 0]


def test_a_generator_with_a_shuffle_of_its_own_shuffles_with_it() -> None:
    class Kept(random.Random):
        def shuffle(self, x, *args, **kwargs) -> None:  # type: ignore[override]
            return None

    cards = list(range(10))
    shuffle(Kept(0), cards)
    assert cards == list(range(10))
