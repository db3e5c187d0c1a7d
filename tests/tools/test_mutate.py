"""scripts/mutate.py: the tests each mutant meets, and the equivalent list's keys."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from coverage import CoverageData

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("mutate", ROOT / "scripts" / "mutate.py")
assert _spec and _spec.loader
mutate = importlib.util.module_from_spec(_spec)
sys.modules["mutate"] = mutate  # (its dataclasses look their module up)
_spec.loader.exec_module(mutate)

MODULE = Path("src/noblesse/games/toy/rules.py")
SOURCE = '''\
LIMIT = 3


def legal(hand, seat):
    if seat < 0:
        return []
    allowed = [card for card in hand
               if card > LIMIT]
    return allowed
'''


def reach_of(tmp_path: Path, lines: dict[str, list[int]]) -> object:
    """A ``Reach`` of the toy module, whose coverage run ran ``lines`` under each context."""
    (tmp_path / MODULE).parent.mkdir(parents=True)
    (tmp_path / MODULE).write_text(SOURCE, encoding="utf-8")
    data = CoverageData(basename=str(tmp_path / "coverage"))
    for context, numbers in lines.items():
        data.set_context(context)
        data.add_lines({str(tmp_path / MODULE): numbers})
    data.write()
    return mutate.Reach(tmp_path, tmp_path / "coverage")


def test_a_mutant_meets_the_tests_that_run_its_line_the_games_own_first(tmp_path: Path) -> None:
    reach = reach_of(tmp_path, {
        "tests/conformance/test_rules.py::test_playouts[toy]|run": [5, 6, 7],
        "tests/games/toy/test_legal.py::test_a_seat_below_zero_has_nothing|run": [5, 6],
        "tests/games/toy/test_legal.py::test_cards_above_the_limit|setup": [5, 7],
    })
    flipped = mutate.Mutant(MODULE, "compare", 5, 7, "< → <=")
    assert reach.tests(flipped) == [
        "tests/games/toy/test_legal.py::test_a_seat_below_zero_has_nothing",
        "tests/games/toy/test_legal.py::test_cards_above_the_limit",
        "tests/conformance/test_rules.py::test_playouts[toy]"]
    # line 8 is part of the statement that begins on line 7, where coverage counts it
    inner = mutate.Mutant(MODULE, "compare", 8, 18, "> → >=")
    assert reach.tests(inner) == [
        "tests/games/toy/test_legal.py::test_cards_above_the_limit",
        "tests/conformance/test_rules.py::test_playouts[toy]"]
    # no test runs line 9: none can notice its change (the whole suite still decides)
    assert reach.tests(mutate.Mutant(MODULE, "remove", 9, 4, "remove")) == []


def test_a_line_run_at_import_meets_the_whole_suite(tmp_path: Path) -> None:
    reach = reach_of(tmp_path, {"": [1, 4], "tests/games/toy/test_legal.py::test_x|run": [5]})
    assert reach.tests(mutate.Mutant(MODULE, "constant", 1, 8, "3 → 4")) is None
    assert reach.tests(mutate.Mutant(MODULE, "compare", 5, 7, "< → <=")) == [
        "tests/games/toy/test_legal.py::test_x"]


def test_a_key_moves_with_its_mutant_when_only_the_layout_changed() -> None:
    reformatted = SOURCE.replace("[card for card in hand\n               if card > LIMIT]",
                                 "[card for card in hand if card > LIMIT]")
    reformatted = reformatted.replace("    return allowed\n", "\n    return allowed\n")
    assert mutate.moved_key(MODULE, (8, 18, "compare"), SOURCE, reformatted) \
        == "toy/rules.py:7:40:compare"
    assert mutate.moved_key(MODULE, (5, 7, "compare"), SOURCE, reformatted) \
        == "toy/rules.py:5:7:compare"
    # the code itself changed: the argument must be made anew
    assert mutate.moved_key(MODULE, (5, 7, "compare"), SOURCE,
                            SOURCE.replace("seat < 0", "seat < 1")) is None
    assert mutate.moved_key(MODULE, (6, 0, "compare"), SOURCE, reformatted) is None


def test_every_equivalent_mutant_is_a_mutant_of_the_rules_as_they_are() -> None:
    every = {m.key for game in sorted(p.parent.name for p in mutate.GAMES.glob("*/__init__.py"))
             for m in mutate.mutants(game)}
    stale = sorted(set(mutate.equivalent()) - every)
    assert not stale, f"keys whose line moved (scripts/mutate.py --rekey-from REV): {stale}"
