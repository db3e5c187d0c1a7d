"""The issue asks for at least one exact scenario per card and per ambiguity of spec §5:
check that the scenario files name one for each action card, each noble with an effect
and each of the 26 ambiguities (so a card added to cards.toml needs its own test)."""

import re
from pathlib import Path

from noblesse.games.guillotine.data import CARDS

HERE = Path(__file__).resolve().parent
NAMES = [
    name
    for path in sorted(HERE.glob("test_*.py"))
    for name in re.findall(r"^def (test_\w+)\(", path.read_text("utf-8"), re.M)
]


def test_every_action_card_has_a_scenario():
    missing = [
        a.key for a in CARDS.actions if not any(n.startswith(f"test_card_{a.key}_") for n in NAMES)
    ]
    assert missing == []


def test_every_noble_with_an_effect_has_a_scenario():
    missing = [
        noble.key
        for noble in CARDS.nobles
        if noble.effect
        and not any(name.startswith("test_noble_") and f"_{noble.key}_" in name for name in NAMES)
    ]
    assert missing == []


def test_every_ambiguity_of_the_spec_has_a_scenario():
    numbers = {
        int(m.group(1)) for name in NAMES if (m := re.match(r"test_ambiguity_(\d\d)_", name))
    }
    assert numbers == set(range(1, 27))
