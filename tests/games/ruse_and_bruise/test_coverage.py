"""The issue asks for an exact scenario per character and per ambiguity of spec §5:
check the scenario files name one for each (a card added to cards.toml needs its own)."""

import re
from pathlib import Path

from noblesse.games.ruse_and_bruise.data import CARDS

HERE = Path(__file__).resolve().parent
NAMES = [
    name
    for path in sorted(HERE.glob("test_*.py"))
    for name in re.findall(r"^def (test_\w+)\(", path.read_text("utf-8"), re.M)
]


def test_every_character_has_a_scenario():
    missing = [
        c.key
        for c in CARDS.characters
        if not any(n.startswith(f"test_card_{c.key}_") for n in NAMES)
    ]
    assert missing == []


def test_every_ambiguity_of_the_spec_has_a_scenario():
    numbers = {
        int(m.group(1)) for name in NAMES if (m := re.match(r"test_ambiguity_(\d\d)_", name))
    }
    assert numbers == set(range(1, 31))


def test_every_worked_example_has_a_scenario():
    numbers = {
        int(m.group(1)) for name in NAMES if (m := re.match(r"test_worked_example_(\d)_", name))
    }
    assert numbers == set(range(1, 6))


def test_every_switch_has_a_scenario():
    missing = [
        k
        for k in (*CARDS.variants, *CARDS.assumed)
        if not any(
            k.split("_")[0] in n and n.startswith(("test_variant_", "test_assumed_")) for n in NAMES
        )
    ]
    assert missing == []
