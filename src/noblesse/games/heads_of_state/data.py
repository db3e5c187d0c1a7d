"""The tables of Heads of State, read from ``board.toml``.

Ranks, attribute kinds, treachery kinds, countries, boxes and slots are referred
to by small integers (their row in the data file); slots are numbered box by box,
top slot first. Hands are lists of counts per kind.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from noblesse.core.record import rules_digest

DATA_FILE = Path(__file__).with_name("board.toml")


@dataclass(frozen=True)
class Rank:
    id: int
    key: str
    en: str
    zh: str
    majority: int
    courtesan: bool  # may the Courtesan stand in for one requirement
    requires: tuple[int, ...]  # attribute kinds, one card each
    text_en: str = ""  # help: what the rank requires and scores
    text_zh: str = ""


@dataclass(frozen=True)
class Attribute:
    id: int
    key: str
    en: str
    zh: str
    copies: tuple[int, int, int, int]  # unmarked, mark 3, mark 4, mark 5
    wild: bool
    text_en: str = ""  # help: what the card does
    text_zh: str = ""


@dataclass(frozen=True)
class Country:
    id: int
    key: str
    en: str
    zh: str
    country_marker: tuple[int, int]
    century_markers: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Treachery:
    id: int
    key: str
    en: str
    zh: str
    country: int  # -1: an Assassin
    copies: int
    text_en: str = ""  # help: what the card does
    text_zh: str = ""


@dataclass(frozen=True)
class Box:
    id: int
    key: str
    en: str
    zh: str
    country: int
    capital: bool
    slots: tuple[int, ...]  # slot ids, top first
    initial: int


@dataclass(frozen=True)
class Slot:
    id: int
    key: str  # "BRI-LON.top"
    box: int
    rank: int
    top: bool
    influence: int
    capital: bool
    country: int


@dataclass(frozen=True)
class Board:
    rules: dict[str, Any]  # [rules] of board.toml
    assumed: dict[str, bool]
    ranks: tuple[Rank, ...]
    attributes: tuple[Attribute, ...]
    countries: tuple[Country, ...]
    treachery: tuple[Treachery, ...]
    boxes: tuple[Box, ...]
    slots: tuple[Slot, ...]
    first_turn_draws: dict[int, tuple[int, ...]]
    noble_house_markers: dict[int, tuple[int, ...]]
    counter_limit: tuple[int, ...]
    digest: str
    switches: dict[str, bool]  # game options and their defaults ([switches])

    def attribute_deck(self, n_players: int) -> list[int]:
        """§3.2: unmarked cards and the marks up to the player count."""
        keep = 1 + max(0, min(3, n_players - 2))  # 2 p: unmarked only; 5 p: all four
        return [
            a.id for a in self.attributes for mark in range(keep) for _ in range(a.copies[mark])
        ]

    def treachery_deck(self) -> list[int]:
        return [t.id for t in self.treachery for _ in range(t.copies)]

    def slot(self, key: str) -> int:
        return next(s.id for s in self.slots if s.key == key)


def _fail(msg: str) -> ValueError:
    return ValueError(f"{DATA_FILE.name}: {msg}")


def _copies(key: str, values: list[Any]) -> tuple[int, int, int, int]:
    """An attribute kind's copies: unmarked, then marked 3, 4 and 5 (§3.2)."""
    if len(values) != 4:
        raise _fail(f"attribute {key}: copies are four numbers (unmarked, marks 3, 4, 5)")
    unmarked, mark3, mark4, mark5 = (int(v) for v in values)
    return unmarked, mark3, mark4, mark5


def load(path: Path = DATA_FILE) -> Board:
    raw = path.read_bytes()
    data = tomllib.loads(raw.decode("utf-8"))
    attributes = tuple(
        Attribute(
            i,
            a["key"],
            a["en"],
            a["zh"],
            _copies(a["key"], a["copies"]),
            bool(a.get("wild", False)),
            a.get("text_en", ""),
            a.get("text_zh", ""),
        )
        for i, a in enumerate(data["attribute"])
    )
    if not attributes[-1].wild or sum(a.wild for a in attributes) != 1:
        raise _fail("exactly one attribute kind, the last, must be wild (the Courtesan)")
    attr_ids = {a.key: a.id for a in attributes}
    ranks = tuple(
        Rank(
            i,
            r["key"],
            r["en"],
            r["zh"],
            int(r["majority"]),
            bool(r["courtesan"]),
            tuple(attr_ids[k] for k in r["requires"]),
            r.get("text_en", ""),
            r.get("text_zh", ""),
        )
        for i, r in enumerate(data["rank"])
    )
    rank_ids = {r.key: r.id for r in ranks}
    countries = tuple(
        Country(
            i,
            c["key"],
            c["en"],
            c["zh"],
            tuple(c["country_marker"]),
            tuple(tuple(m) for m in c["century_markers"]),
        )
        for i, c in enumerate(data["country"])
    )
    country_ids = {c.key: c.id for c in countries}
    treachery = tuple(
        Treachery(
            i,
            t["key"],
            t["en"],
            t["zh"],
            country_ids[t["country"]] if t["country"] else -1,
            int(t["copies"]),
            t.get("text_en", ""),
            t.get("text_zh", ""),
        )
        for i, t in enumerate(data["treachery"])
    )
    rules = dict(data["rules"])
    boxes: list[Box] = []
    slots: list[Slot] = []
    for b_id, b in enumerate(data["box"]):
        capital = bool(b["capital"])
        influence = rules["influence_capital" if capital else "influence_province"]
        ids = []
        for k, rank_key in enumerate(b["slots"]):
            slot_id = len(slots)
            ids.append(slot_id)
            slots.append(
                Slot(
                    slot_id,
                    f"{b['key']}.{'top' if k == 0 else 'bottom'}",
                    b_id,
                    rank_ids[rank_key],
                    k == 0,
                    int(influence[k]),
                    capital,
                    country_ids[b["country"]],
                )
            )
        if len(ids) not in (1, 2) or len(set(b["slots"])) != len(ids):
            raise _fail(f"box {b['key']}: one or two slots of different ranks")
        boxes.append(
            Box(
                b_id,
                b["key"],
                b["en"],
                b["zh"],
                country_ids[b["country"]],
                capital,
                tuple(ids),
                int(b["initial"]),
            )
        )
    for c in countries:
        values = [b.initial for b in boxes if b.country == c.id]
        if len(values) != len(set(values)):
            raise _fail(f"initial values in {c.en} must be distinct (influence tie-break)")
        if len(c.century_markers) != len(rules["centuries"]):
            raise _fail(f"{c.en}: one [high, low] century marker pair per century")
    limits = data["counter_limit"]
    switches = dict(data.get("switches", {}))
    for key, value in switches.items():
        if not isinstance(value, bool):
            raise _fail(f"switches.{key} must be true or false, not {value!r}")
    return Board(
        rules,
        dict(data["assumed"]),
        ranks,
        attributes,
        countries,
        treachery,
        tuple(boxes),
        tuple(slots),
        {int(k): tuple(v) for k, v in data["first_turn_draws"].items()},
        {int(k): tuple(v) for k, v in data["noble_house_markers"].items()},
        tuple(int(limits[r.key]) for r in ranks),
        rules_digest(data),
        switches,
    )


BOARD = load()
