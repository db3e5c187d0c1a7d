"""The card tables of Ruse & Bruise, read from ``cards.toml``.

Every player owns an identical 25-card deck. A physical character card is the small
integer ``owner * KINDS + kind`` (``kind`` is the row of the card in the data file);
a score card is ``icon * 6 + j`` with value ``score_cards_per_icon[j]``. Values are
kept in half-points (the Assassin is 9½), so all arithmetic is on integers.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from noblesse.core.record import rules_digest

DATA_FILE = Path(__file__).with_name("cards.toml")
TIMINGS = ("reveal", "scoring", "none")


@dataclass(frozen=True)
class Character:
    id: int
    key: str
    en: str
    zh: str
    half: int  # printed value ×2
    icon: int  # -1, or the icon that makes a specialist worth more
    timing: str
    text_en: str
    text_zh: str

    @property
    def value(self) -> float | int:
        return half_to_number(self.half)


@dataclass(frozen=True)
class Named:
    id: int
    key: str
    en: str
    zh: str
    extra: str  # an icon's symbol, a colour's CSS colour


@dataclass(frozen=True)
class CardSet:
    characters: tuple[Character, ...]
    icons: tuple[Named, ...]
    colours: tuple[Named, ...]
    rules: dict[str, Any]
    variants: dict[str, Any]
    assumed: dict[str, Any]
    digest: str

    def kind(self, key: str) -> int:
        return next(c.id for c in self.characters if c.key == key)

    def icon(self, key: str) -> int:
        return next(i.id for i in self.icons if i.key == key)


def half_to_number(half: int) -> float | int:
    """Half-points as the number a player reads: 19 → 9.5, 24 → 12."""
    return half // 2 if half % 2 == 0 else half / 2


def _half(value: Any, key: str) -> int:
    doubled = float(value) * 2
    if doubled != int(doubled):
        raise ValueError(f"{DATA_FILE.name}: {key} has value {value}, not a whole or half point")
    return int(doubled)


def load(path: Path = DATA_FILE) -> CardSet:
    raw = path.read_bytes()
    data = tomllib.loads(raw.decode("utf-8"))
    icons = tuple(
        Named(i, d["key"], d["en"], d["zh"], d["symbol"]) for i, d in enumerate(data["icon"])
    )
    colours = tuple(
        Named(i, d["key"], d["en"], d["zh"], d["css"]) for i, d in enumerate(data["colour"])
    )
    icon_ids = {i.key: i.id for i in icons}
    characters = []
    for i, c in enumerate(data["character"]):
        if c["timing"] not in TIMINGS:
            raise ValueError(f"{DATA_FILE.name}: {c['key']} has unknown timing {c['timing']!r}")
        characters.append(
            Character(
                i,
                c["key"],
                c["en"],
                c["zh"],
                _half(c["value"], c["key"]),
                icon_ids[c["icon"]] if c.get("icon") else -1,
                c["timing"],
                c["text_en"],
                c["text_zh"],
            )
        )
    rules = dict(data["rules"])
    if len(colours) < rules["max_players"]:
        raise ValueError(f"{DATA_FILE.name}: fewer colours than players")
    return CardSet(
        tuple(characters),
        icons,
        colours,
        rules,
        dict(data["variants"]),
        dict(data["assumed"]),
        rules_digest(data),
    )


CARDS = load()
