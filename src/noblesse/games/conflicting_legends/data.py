"""The cards of Conflicting Legends, read from ``cards.toml``.

Characters, territories and continents are small integers (their row in the data
file); decks, hands, table areas and territory rows are lists of such ids.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from noblesse.core.record import rules_digest

DATA_FILE = Path(__file__).with_name("cards.toml")
TOKENS = ("military", "culture", "technology")
TOKEN_ZH = ("武力", "文化", "科技")
MILITARY, CULTURE, TECHNOLOGY = range(3)
COLOURS = ("military", "culture", "technology", "people")
PEOPLE = 3
TYPES = ("skill", "heaven", "war", "none")
SKILL, HEAVEN, WAR, NONE = range(4)
TYPE_ZH = ("技", "天", "戰", "")
GESTURES = ("rock", "paper", "scissors")
GESTURE_ZH = ("石頭", "布", "剪刀")
ROCK, PAPER, SCISSORS = range(3)


@dataclass(frozen=True)
class Continent:
    id: int
    key: str
    en: str
    zh: str


@dataclass(frozen=True)
class Territory:
    id: int
    key: str
    code: str
    continent: int
    en: str
    zh: str
    military: int  # requirement for Expand (lower left)
    build: int  # requirement for Build (lower right)
    white: tuple[int, int]  # (gold stars, black stars) of the white side
    yellow: tuple[int, int]

    def glory(self, yellow: bool) -> int:
        gold, black = self.yellow if yellow else self.white
        return gold - black


@dataclass(frozen=True)
class Character:
    id: int
    key: str
    code: str
    en: str
    zh: str
    colour: int  # MILITARY, CULTURE, TECHNOLOGY or PEOPLE
    type: int  # SKILL, HEAVEN, WAR or NONE
    optional: bool  # "you may": may be declined when played
    copies: int
    effect: str  # the key of the card's rule in rules.py ("" = fields only)
    draw: int  # cards drawn
    gain: tuple[int, int, int]  # tokens gained per type
    gain_any: int  # tokens of one type the owner names
    bonus: int  # military tokens won (Caesar, Napoleon)
    discount: int  # off a requirement (Columbus, Michelangelo)
    tie_threshold: int  # consecutive ties that make its side win (Alexander, Sun Tzu)
    gesture: int  # the gesture the card names, or -1
    throws: int  # how many throws a restriction lasts (Hannibal)
    take: int  # tokens taken from the defender (Machiavelli)
    max_build: int  # Augustus: highest build requirement it develops
    limit: int  # Gutenberg: most cards discarded
    text_en: str
    text_zh: str


@dataclass(frozen=True)
class CardSet:
    continents: tuple[Continent, ...]
    territories: tuple[Territory, ...]
    characters: tuple[Character, ...]
    rules: dict[str, Any]
    assumed: dict[str, bool]
    digest: str

    def character(self, key: str) -> int:
        return next(c.id for c in self.characters if c.key == key)

    def territory(self, key: str) -> int:
        return next(t.id for t in self.territories if t.key == key)

    def character_deck(self) -> list[int]:
        return [c.id for c in self.characters for _ in range(c.copies)]


def _gain(key: str, values: list[Any]) -> tuple[int, int, int]:
    """A character's tokens gained, per type (military, culture, technology)."""
    if len(values) != 3:
        raise ValueError(f"{DATA_FILE.name}: {key}: gain is three numbers, one per token type")
    military, culture, technology = (int(v) for v in values)
    return military, culture, technology


def _index(name: str, names: tuple[str, ...], what: str) -> int:
    if name not in names:
        raise ValueError(f"{DATA_FILE.name}: unknown {what} '{name}' (expected one of {names})")
    return names.index(name)


def load(path: Path = DATA_FILE) -> CardSet:
    raw = path.read_bytes()
    data = tomllib.loads(raw.decode("utf-8"))
    continents = tuple(
        Continent(i, c["key"], c["en"], c["zh"]) for i, c in enumerate(data["continent"])
    )
    continent_keys = tuple(c.key for c in continents)
    territories = tuple(
        Territory(
            i,
            t["key"],
            t["code"],
            _index(t["continent"], continent_keys, "continent"),
            t["en"],
            t["zh"],
            int(t["military"]),
            int(t["build"]),
            (int(t["white"][0]), int(t["white"][1])),
            (int(t["yellow"][0]), int(t["yellow"][1])),
        )
        for i, t in enumerate(data["territory"])
    )
    characters = tuple(
        Character(
            i,
            c["key"],
            c["code"],
            c["en"],
            c["zh"],
            _index(c["colour"], COLOURS, "colour"),
            _index(c["type"], TYPES, "type"),
            bool(c.get("optional", False)),
            int(c.get("copies", 1)),
            c.get("effect", ""),
            int(c.get("draw", 0)),
            _gain(c["key"], c.get("gain", (0, 0, 0))),
            int(c.get("gain_any", 0)),
            int(c.get("bonus", 0)),
            int(c.get("discount", 0)),
            int(c.get("tie_threshold", 0)),
            _index(c["gesture"], GESTURES, "gesture") if "gesture" in c else -1,
            int(c.get("throws", 0)),
            int(c.get("take", 0)),
            int(c.get("max_build", 0)),
            int(c.get("limit", 0)),
            c["text_en"],
            c["text_zh"],
        )
        for i, c in enumerate(data["character"])
    )
    return CardSet(
        continents,
        territories,
        characters,
        dict(data["rules"]),
        dict(data["assumed"]),
        rules_digest(data),
    )


CARDS = load()
