"""scripts/mutate.py: the equivalent list's keys, kept where their mutants are."""

from __future__ import annotations

from pathlib import Path

from tests.loading import load

mutate = load("scripts/mutate.py")

MODULE = Path("src/noblesse/games/toy/rules.py")
SOURCE = """\
LIMIT = 3


def legal(hand, seat):
    if seat < 0:
        return []
    allowed = [card for card in hand
               if card > LIMIT]
    return allowed
"""


def test_a_key_moves_with_its_mutant_when_only_the_layout_changed() -> None:
    reformatted = SOURCE.replace(
        "[card for card in hand\n               if card > LIMIT]",
        "[card for card in hand if card > LIMIT]",
    )
    reformatted = reformatted.replace("    return allowed\n", "\n    return allowed\n")
    assert (
        mutate.moved_key(MODULE, (8, 18, "compare"), SOURCE, reformatted)
        == "toy/rules.py:7:40:compare"
    )
    assert (
        mutate.moved_key(MODULE, (5, 7, "compare"), SOURCE, reformatted)
        == "toy/rules.py:5:7:compare"
    )
    # the code itself changed: the argument must be made anew
    assert (
        mutate.moved_key(MODULE, (5, 7, "compare"), SOURCE, SOURCE.replace("seat < 0", "seat < 1"))
        is None
    )
    assert mutate.moved_key(MODULE, (6, 0, "compare"), SOURCE, reformatted) is None


def test_every_equivalent_mutant_is_a_mutant_of_the_rules_as_they_are() -> None:
    every = {
        m.key
        for game in sorted(p.parent.name for p in mutate.GAMES.glob("*/__init__.py"))
        for m in mutate.mutants(game)
    }
    stale = sorted(set(mutate.equivalent()) - every)
    assert not stale, f"keys whose line moved (scripts/mutate.py --rekey-from REV): {stale}"
