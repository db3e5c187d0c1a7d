"""The card tables of Guillotine, read from ``cards.toml``.

Nobles and action cards are referred to by small integers (their row in the data
file): the line, the decks, hands and score piles are lists of such ids.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from noblesse.core.record import rules_digest

DATA_FILE = Path(__file__).with_name("cards.toml")
COLOURS = ("purple", "blue", "green", "red", "gray")
PURPLE, BLUE, GREEN, RED, GRAY = range(5)
COLOUR_ZH = {"purple": "紫", "blue": "藍", "green": "綠", "red": "紅", "gray": "灰"}


@dataclass(frozen=True)
class Noble:
    id: int
    key: str
    en: str
    zh: str
    colour: int
    points: int
    copies: int
    effect: str
    text_en: str
    text_zh: str


@dataclass(frozen=True)
class ActionCard:
    id: int
    key: str
    en: str
    zh: str
    copies: int
    line: bool  # alters the line: blocked by Callous Guards
    front: str  # "", "self" or "other": stays face up in front of a player
    seat: str  # "", "other" or "any": the card names a player
    noble: str  # "", "any" or a noble key: the card names a noble in line
    colour: int  # -1, or the colour the named noble must have
    forward: tuple[int, ...]  # distances a named noble may move forward
    back: tuple[int, ...]  # distances a named noble may move back
    support: int  # -1, or the colour a support card scores
    text_en: str
    text_zh: str


@dataclass(frozen=True)
class CardSet:
    nobles: tuple[Noble, ...]
    actions: tuple[ActionCard, ...]
    rules: dict[str, int]
    assumed: dict[str, bool]
    digest: str
    switches: dict[str, bool]  # table options and their defaults (the source's reading)

    def noble(self, key: str) -> int:
        return next(n.id for n in self.nobles if n.key == key)

    def action(self, key: str) -> int:
        return next(a.id for a in self.actions if a.key == key)

    def noble_deck(self) -> list[int]:
        return [n.id for n in self.nobles for _ in range(n.copies)]

    def action_deck(self) -> list[int]:
        return [a.id for a in self.actions for _ in range(a.copies)]


def _colour(name: str | None) -> int:
    if not name:
        return -1
    if name not in COLOURS:
        raise ValueError(f"{DATA_FILE.name}: unknown colour '{name}' (expected one of {COLOURS})")
    return COLOURS.index(name)


def load(path: Path = DATA_FILE) -> CardSet:
    raw = path.read_bytes()
    data = tomllib.loads(raw.decode("utf-8"))
    nobles = tuple(
        Noble(
            i,
            n["key"],
            n["en"],
            n["zh"],
            _colour(n["colour"]),
            int(n["points"]),
            int(n["copies"]),
            n.get("effect", ""),
            n.get("text_en", ""),
            n.get("text_zh", ""),
        )
        for i, n in enumerate(data["noble"])
    )
    actions = tuple(
        ActionCard(
            i,
            a["key"],
            a["en"],
            a["zh"],
            int(a["copies"]),
            bool(a["line"]),
            a.get("front", ""),
            a.get("seat", ""),
            a.get("noble", ""),
            _colour(a.get("colour")),
            tuple(a.get("forward", ())),
            tuple(a.get("back", ())),
            _colour(a.get("support")),
            a["text_en"],
            a["text_zh"],
        )
        for i, a in enumerate(data["action"])
    )
    return CardSet(
        nobles,
        actions,
        dict(data["rules"]),
        dict(data["assumed"]),
        rules_digest(data),
        dict(data["switches"]),
    )


CARDS = load()
