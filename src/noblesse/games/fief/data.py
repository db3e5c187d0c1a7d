"""The board, kits, supply and decks of Fief, read from ``data.toml``.

Villages, fiefs, bishoprics, roads and cards are referred to by small integers (their
row in the data file). The loader checks that the parts fit together (every village in
exactly one fief and one bishopric, roads between two different known villages, a
connected map, deck and pool sizes equal to the totals the file states) and raises
``FiefDataError`` naming the file and the entry otherwise. ``Board`` answers the map
questions the rules ask: neighbours, road distances, fief and bishopric membership.
"""

from __future__ import annotations

import tomllib
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from noblesse.core.record import rules_digest

DATA_FILE = Path(__file__).with_name("data.toml")
DECKS = ("lord", "fortune")
CARD_KINDS = ("lord", "lord_opportunity", "disaster", "fortune", "opportunity")
SEXES = ("m", "f")
REQUIRED_POOLS = (
    "fief_title",
    "bishop_title",
    "king",
    "queen",
    "pope",
    "crown_prince",
    "biretta",
    "mill",
    "stronghold",
    "fortified_city",
    "assassin_marker",
    "excommunication_marker",
    "battle_die",
    "standard_d6",
    "first_player_card",
)
REQUIRED_KIT = (
    "knight",
    "man_at_arms",
    "siege_engine",
    "diplomacy_marker",
    "vote_marker",
    "tax_marker",
    "marriage_marker",
)
START_KEYS = ("money", "knights", "men_at_arms", "strongholds", "lords")
TOTAL_KEYS = (
    "villages",
    "fiefs",
    "bishoprics",
    "lord_deck",
    "lord_cards_male",
    "lord_cards_female",
    "fortune_disaster_deck",
    "disaster_cards",
)


class FiefDataError(ValueError):
    """The data file is inconsistent; the message names the file and the entry."""


@dataclass(frozen=True)
class Village:
    id: int
    key: str
    en: str
    zh: str
    x: float  # board position, percent of the width, origin top-left
    y: float  # percent of the height


@dataclass(frozen=True)
class Rank:
    villages: int
    key: str
    en: str
    zh: str


@dataclass(frozen=True)
class Fief:
    id: int
    key: str
    en: str
    zh: str
    villages: tuple[int, ...]
    rank: Rank


@dataclass(frozen=True)
class Bishopric:
    id: int
    key: str
    number: int  # 1-5: the disaster d6 result that hits it
    en: str
    zh: str
    principal: int  # the village with two votes in its bishop election
    villages: tuple[int, ...]


@dataclass(frozen=True)
class Road:
    id: int
    a: int
    b: int
    tag: str  # "P", "Pi", "Pi/A" or "A" (spec §2.7)


@dataclass(frozen=True)
class Card:
    id: int
    key: str
    en: str
    zh: str
    deck: str  # "lord" or "fortune"
    kind: str  # one of CARD_KINDS
    sex: str  # "m" or "f" for lord cards, "" otherwise
    copies: int
    text_en: str = ""  # help: what the card does (words, not rules: not in the digest)
    text_zh: str = ""


@dataclass(frozen=True)
class Item:
    """A kind of piece in a family's kit or in the shared supply."""

    key: str
    en: str
    zh: str
    count: int
    text_en: str = ""  # help: what the piece is for, and its price
    text_zh: str = ""


@dataclass(frozen=True)
class Board:
    villages: tuple[Village, ...]
    fiefs: tuple[Fief, ...]
    bishoprics: tuple[Bishopric, ...]
    roads: tuple[Road, ...]
    adjacency: tuple[tuple[int, ...], ...]
    fief_index: tuple[int, ...]
    bishopric_index: tuple[int, ...]
    distances: tuple[tuple[int, ...], ...]

    def village(self, key: str) -> int:
        return _find(self.villages, key, "village")

    def fief(self, key: str) -> int:
        return _find(self.fiefs, key, "fief")

    def bishopric(self, key: str) -> int:
        return _find(self.bishoprics, key, "bishopric")

    def neighbours(self, village: int) -> tuple[int, ...]:
        """The villages one road away, in road order."""
        return self.adjacency[village]

    def adjacent(self, a: int, b: int) -> bool:
        return b in self.adjacency[a]

    def distance(self, a: int, b: int) -> int:
        """The number of roads on a shortest route from ``a`` to ``b``."""
        return self.distances[a][b]

    def within(self, village: int, moves: int) -> tuple[int, ...]:
        """The villages at most ``moves`` roads away (the village itself included)."""
        row = self.distances[village]
        return tuple(v for v in range(len(self.villages)) if row[v] <= moves)

    def fief_of(self, village: int) -> int:
        return self.fief_index[village]

    def bishopric_of(self, village: int) -> int:
        return self.bishopric_index[village]

    def villages_of_fief(self, fief: int) -> tuple[int, ...]:
        return self.fiefs[fief].villages

    def villages_of_bishopric(self, bishopric: int) -> tuple[int, ...]:
        return self.bishoprics[bishopric].villages

    def is_principal(self, village: int) -> bool:
        return self.bishoprics[self.bishopric_index[village]].principal == village

    def bishopric_numbered(self, number: int) -> int:
        """The bishopric a disaster d6 result names (spec §3.2.3)."""
        return next(b.id for b in self.bishoprics if b.number == number)


@dataclass(frozen=True)
class FiefData:
    board: Board
    min_players: int
    max_players: int
    kit: tuple[Item, ...]
    start: Mapping[str, int]
    pools: tuple[Item, ...]
    cards: tuple[Card, ...]
    ranks: tuple[Rank, ...]
    rules: Mapping[str, Any]
    assumed: Mapping[str, Any]
    start_villages: Mapping[int, tuple[int, ...]]
    digest: str
    switches: Mapping[str, bool]

    def card(self, key: str) -> int:
        return _find(self.cards, key, "card")

    def kit_count(self, key: str) -> int:
        """How many of one piece each family owns (spec §2.1)."""
        return _count(self.kit, key, "kit item")

    def pool_count(self, key: str) -> int:
        """How many of one piece the shared supply holds (spec §2.2)."""
        return _count(self.pools, key, "pool item")

    def deck(self, deck: str) -> list[int]:
        """Card ids of one deck, one entry per copy, in data-file order (unshuffled)."""
        return [c.id for c in self.cards if c.deck == deck for _ in range(c.copies)]

    def starts(self, n_players: int) -> tuple[int, ...]:
        """The fixed start villages for ``n_players`` [assumed: spec §2.8]."""
        return self.start_villages[n_players]

    def fief_title_cost(self, fief: int) -> int:
        return int(self.rules["title_cost_per_village"]) * len(self.board.fiefs[fief].villages)


# ------------------------------------------------------------------ reading entries


class _Reader:
    """Reads fields of the raw TOML, raising FiefDataError with the file and entry."""

    def __init__(self, path: Path) -> None:
        self.name = path.name

    def fail(self, where: str, message: str) -> FiefDataError:
        return FiefDataError(f"{self.name}: {where}: {message}")

    def table(self, data: Mapping[str, Any], key: str, where: str) -> Any:
        if key not in data:
            raise self.fail(where, f"missing '{key}'")
        return data[key]

    def text(self, data: Mapping[str, Any], key: str, where: str) -> str:
        value = self.table(data, key, where)
        if not isinstance(value, str) or not value:
            raise self.fail(where, f"'{key}' must be a non-empty string")
        return value

    def integer(self, data: Mapping[str, Any], key: str, where: str) -> int:
        value = self.table(data, key, where)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(where, f"'{key}' must be an integer, not {value!r}")
        return value

    def number(self, data: Mapping[str, Any], key: str, where: str) -> float:
        value = self.table(data, key, where)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.fail(where, f"'{key}' must be a number, not {value!r}")
        return float(value)

    def rows(self, data: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
        value = self.table(data, key, "file")
        if not isinstance(value, list):
            raise self.fail(key, "must be a list of tables")
        return value


def _find(items: Sequence[Any], key: str, what: str) -> int:
    for item in items:
        if item.key == key:
            return int(item.id)
    raise KeyError(f"unknown {what} '{key}'")


def _count(items: Sequence[Item], key: str, what: str) -> int:
    for item in items:
        if item.key == key:
            return item.count
    raise KeyError(f"unknown {what} '{key}'")


def _unique_keys(r: _Reader, what: str, keys: Iterable[str]) -> None:
    seen: set[str] = set()
    for key in keys:
        if key in seen:
            raise r.fail(f"{what} '{key}'", "duplicate id")
        seen.add(key)


def _index(r: _Reader, keys: Mapping[str, int], key: str, where: str) -> int:
    if key not in keys:
        raise r.fail(where, f"unknown village '{key}'")
    return keys[key]


# ------------------------------------------------------------------ the board


def _villages(r: _Reader, rows: list[Mapping[str, Any]]) -> tuple[Village, ...]:
    villages = []
    for i, row in enumerate(rows):
        key = r.text(row, "key", f"village #{i + 1}")
        where = f"village '{key}'"
        x, y = r.number(row, "x", where), r.number(row, "y", where)
        if not (0 <= x <= 100 and 0 <= y <= 100):
            raise r.fail(where, f"position ({x}, {y}) is outside the board (0-100 percent)")
        villages.append(Village(i, key, r.text(row, "en", where), r.text(row, "zh", where), x, y))
    _unique_keys(r, "village", (v.key for v in villages))
    return tuple(villages)


def _ranks(r: _Reader, rows: list[Mapping[str, Any]]) -> tuple[Rank, ...]:
    ranks = tuple(
        Rank(
            r.integer(row, "villages", f"rank #{i + 1}"),
            r.text(row, "key", f"rank #{i + 1}"),
            r.text(row, "en", f"rank #{i + 1}"),
            r.text(row, "zh", f"rank #{i + 1}"),
        )
        for i, row in enumerate(rows)
    )
    _unique_keys(r, "rank", (k.key for k in ranks))
    _unique_keys(r, "rank size", (str(k.villages) for k in ranks))
    return ranks


def _members(
    r: _Reader, row: Mapping[str, Any], where: str, keys: Mapping[str, int]
) -> tuple[int, ...]:
    names = r.table(row, "villages", where)
    members = tuple(_index(r, keys, name, where) for name in names)
    if len(set(members)) != len(members):
        raise r.fail(where, "lists a village twice")
    return members


def _fiefs(
    r: _Reader, rows: list[Mapping[str, Any]], keys: Mapping[str, int], ranks: Sequence[Rank]
) -> tuple[Fief, ...]:
    by_size = {rank.villages: rank for rank in ranks}
    fiefs = []
    for i, row in enumerate(rows):
        key = r.text(row, "key", f"fief #{i + 1}")
        where = f"fief '{key}'"
        members = _members(r, row, where, keys)
        if len(members) not in by_size:
            raise r.fail(
                where, f"has {len(members)} villages; ranks exist for {sorted(by_size)} villages"
            )
        fiefs.append(
            Fief(
                i,
                key,
                r.text(row, "en", where),
                r.text(row, "zh", where),
                members,
                by_size[len(members)],
            )
        )
    _unique_keys(r, "fief", (f.key for f in fiefs))
    return tuple(fiefs)


def _bishoprics(
    r: _Reader, rows: list[Mapping[str, Any]], keys: Mapping[str, int]
) -> tuple[Bishopric, ...]:
    result = []
    for i, row in enumerate(rows):
        key = r.text(row, "key", f"bishopric #{i + 1}")
        where = f"bishopric '{key}'"
        members = _members(r, row, where, keys)
        principal = _index(r, keys, r.text(row, "principal", where), where)
        if principal not in members:
            raise r.fail(
                where, f"principal village '{row['principal']}' is not one of its villages"
            )
        result.append(
            Bishopric(
                i,
                key,
                r.integer(row, "number", where),
                r.text(row, "en", where),
                r.text(row, "zh", where),
                principal,
                members,
            )
        )
    _unique_keys(r, "bishopric", (b.key for b in result))
    _unique_keys(r, "bishopric number", (str(b.number) for b in result))
    return tuple(result)


def _membership(
    r: _Reader, what: str, groups: Sequence[Fief] | Sequence[Bishopric], villages: Sequence[Village]
) -> tuple[int, ...]:
    """For each village, the one group (fief or bishopric) that lists it."""
    owner: list[int] = [-1] * len(villages)
    for group in groups:
        for v in group.villages:
            if owner[v] != -1:
                raise r.fail(
                    f"village '{villages[v].key}'",
                    f"is in two {what}s: '{groups[owner[v]].key}' and '{group.key}'",
                )
            owner[v] = group.id
    for v, group_id in enumerate(owner):
        if group_id == -1:
            raise r.fail(f"village '{villages[v].key}'", f"belongs to no {what}")
    return tuple(owner)


def _roads(r: _Reader, rows: list[Mapping[str, Any]], keys: Mapping[str, int]) -> tuple[Road, ...]:
    roads: list[Road] = []
    seen: dict[frozenset[int], int] = {}
    for i, row in enumerate(rows):
        where = f"road #{i + 1} ({row.get('a')} - {row.get('b')})"
        a = _index(r, keys, r.text(row, "a", where), where)
        b = _index(r, keys, r.text(row, "b", where), where)
        if a == b:
            raise r.fail(where, "a road cannot lead from a village to itself")
        pair = frozenset((a, b))
        if pair in seen:
            raise r.fail(where, f"duplicates road #{seen[pair] + 1}")
        seen[pair] = i
        roads.append(Road(i, a, b, r.text(row, "tag", where)))
    return tuple(roads)


def _adjacency(n: int, roads: Sequence[Road]) -> tuple[tuple[int, ...], ...]:
    links: list[list[int]] = [[] for _ in range(n)]
    for road in roads:
        links[road.a].append(road.b)
        links[road.b].append(road.a)
    return tuple(tuple(row) for row in links)


def bfs_distances(adjacency: Sequence[Sequence[int]], source: int) -> tuple[int, ...]:
    """Road distances from ``source``; -1 for a village that cannot be reached."""
    dist = [-1] * len(adjacency)
    dist[source] = 0
    queue = deque([source])
    while queue:
        v = queue.popleft()
        for w in adjacency[v]:
            if dist[w] == -1:
                dist[w] = dist[v] + 1
                queue.append(w)
    return tuple(dist)


def _distances(
    r: _Reader, villages: Sequence[Village], adjacency: Sequence[Sequence[int]]
) -> tuple[tuple[int, ...], ...]:
    table = tuple(bfs_distances(adjacency, v) for v in range(len(villages)))
    unreachable = [villages[v].key for v, d in enumerate(table[0]) if d == -1]
    if unreachable:
        raise r.fail(
            "roads",
            f"the map is disconnected: no route from '{villages[0].key}' to "
            f"{', '.join(repr(k) for k in unreachable)}",
        )
    return table


def _board(r: _Reader, data: Mapping[str, Any], ranks: Sequence[Rank]) -> Board:
    villages = _villages(r, r.rows(data, "village"))
    keys = {v.key: v.id for v in villages}
    fiefs = _fiefs(r, r.rows(data, "fief"), keys, ranks)
    bishoprics = _bishoprics(r, r.rows(data, "bishopric"), keys)
    fief_index = _membership(r, "fief", fiefs, villages)
    bishopric_index = _membership(r, "bishopric", bishoprics, villages)
    roads = _roads(r, r.rows(r.table(data, "map", "file"), "roads"), keys)
    adjacency = _adjacency(len(villages), roads)
    distances = _distances(r, villages, adjacency)
    return Board(
        villages, fiefs, bishoprics, roads, adjacency, fief_index, bishopric_index, distances
    )


# ------------------------------------------------------------------ kit, pools, cards


def _items(
    r: _Reader, rows: list[Mapping[str, Any]], what: str, required: Sequence[str]
) -> tuple[Item, ...]:
    items = []
    for i, row in enumerate(rows):
        key = r.text(row, "key", f"{what} #{i + 1}")
        where = f"{what} '{key}'"
        count = r.integer(row, "count", where)
        if count < 0:
            raise r.fail(where, f"count {count} is negative")
        items.append(
            Item(
                key,
                r.text(row, "en", where),
                r.text(row, "zh", where),
                count,
                str(row.get("text_en", "")),
                str(row.get("text_zh", "")),
            )
        )
    _unique_keys(r, what, (item.key for item in items))
    missing = [k for k in required if k not in {item.key for item in items}]
    if missing:
        raise r.fail(what, f"missing {', '.join(repr(k) for k in missing)}")
    return tuple(items)


def _card(r: _Reader, i: int, row: Mapping[str, Any]) -> Card:
    key = r.text(row, "key", f"card #{i + 1}")
    where = f"card '{key}'"
    deck, kind = r.text(row, "deck", where), r.text(row, "kind", where)
    if deck not in DECKS:
        raise r.fail(where, f"unknown deck '{deck}' (expected one of {DECKS})")
    if kind not in CARD_KINDS:
        raise r.fail(where, f"unknown kind '{kind}' (expected one of {CARD_KINDS})")
    sex = r.text(row, "sex", where) if kind == "lord" else ""
    if kind == "lord" and sex not in SEXES:
        raise r.fail(where, f"sex must be one of {SEXES}, not '{sex}'")
    copies = r.integer(row, "copies", where)
    if copies < 1:
        raise r.fail(where, f"copies must be at least 1, not {copies}")
    return Card(
        i,
        key,
        r.text(row, "en", where),
        r.text(row, "zh", where),
        deck,
        kind,
        sex,
        copies,
        str(row.get("text_en", "")),
        str(row.get("text_zh", "")),
    )


def _cards(r: _Reader, data: Mapping[str, Any]) -> tuple[Card, ...]:
    rows = list(r.rows(data, "card"))
    rows.append(r.table(r.table(data, "assumed", "file"), "lord_card", "assumed"))
    cards = tuple(_card(r, i, row) for i, row in enumerate(rows))
    _unique_keys(r, "card", (c.key for c in cards))
    return cards


# ------------------------------------------------------------------ totals


def _total(r: _Reader, what: str, expected: int, actual: int) -> None:
    if expected != actual:
        raise r.fail(f"totals.{what}", f"the file lists {actual}, but the total says {expected}")


def _check_totals(
    r: _Reader, totals: Mapping[str, Any], board: Board, cards: Sequence[Card]
) -> None:
    def copies(predicate: Any) -> int:
        return sum(c.copies for c in cards if predicate(c))

    actual = {
        "villages": len(board.villages),
        "fiefs": len(board.fiefs),
        "bishoprics": len(board.bishoprics),
        "lord_deck": copies(lambda c: c.deck == "lord"),
        "lord_cards_male": copies(lambda c: c.kind == "lord" and c.sex == "m"),
        "lord_cards_female": copies(lambda c: c.kind == "lord" and c.sex == "f"),
        "fortune_disaster_deck": copies(lambda c: c.deck == "fortune"),
        "disaster_cards": copies(lambda c: c.kind == "disaster"),
    }
    for key in TOTAL_KEYS:
        _total(r, key, r.integer(totals, key, "totals"), actual[key])


def _check_pools(
    r: _Reader, pools: Sequence[Item], board: Board, start: Mapping[str, int], max_players: int
) -> None:
    count = {item.key: item.count for item in pools}
    expected = {
        "fief_title": len(board.fiefs),
        "bishop_title": len(board.bishoprics),
        "fortified_city": len(board.fiefs),
    }
    for key, want in expected.items():
        if count[key] != want:
            raise r.fail(
                f"pool '{key}'",
                f"count {count[key]} should be {want} (one per "
                f"{'bishopric' if key == 'bishop_title' else 'fief'})",
            )
    needed = start["strongholds"] * max_players
    if count["stronghold"] < needed:
        raise r.fail(
            "pool 'stronghold'",
            f"count {count['stronghold']} is less than the "
            f"{needed} strongholds {max_players} players start with",
        )


def _start(r: _Reader, data: Mapping[str, Any], kit: Sequence[Item]) -> dict[str, int]:
    raw = r.table(data, "start", "file")
    start = {key: r.integer(raw, key, "start") for key in START_KEYS}
    stock = {item.key: item.count for item in kit}
    for key, kit_key in (("knights", "knight"), ("men_at_arms", "man_at_arms")):
        if start[key] > stock[kit_key]:
            raise r.fail(f"start.{key}", f"{start[key]} is more than the kit's {stock[kit_key]}")
    return start


def _start_villages(
    r: _Reader, raw: Mapping[str, Any], board: Board, low: int, high: int
) -> dict[int, tuple[int, ...]]:
    keys = {v.key: v.id for v in board.villages}
    result: dict[int, tuple[int, ...]] = {}
    for n in range(low, high + 1):
        where = f"assumed.start_villages.{n}"
        names = r.table(raw, str(n), "assumed.start_villages")
        starts = tuple(_index(r, keys, name, where) for name in names)
        if len(starts) != n or len(set(starts)) != n:
            raise r.fail(where, f"needs {n} different villages, got {list(names)}")
        result[n] = starts
    return result


def _check_numbers(r: _Reader, table: Mapping[str, Any], name: str) -> None:
    for key, value in table.items():
        if isinstance(value, int) and not isinstance(value, bool) and value < 0:
            raise r.fail(f"{name}.{key}", f"{value} is negative")
        if not isinstance(value, bool | int | list | dict):
            raise r.fail(f"{name}.{key}", f"must be a number, a flag or a list, not {value!r}")


def _check_die(r: _Reader, assumed: Mapping[str, Any]) -> None:
    for key in ("battle_die_faces", "battle_die_faces_alternative"):
        faces = r.table(assumed, key, "assumed")
        if len(faces) != 6 or any(not isinstance(f, int) or f < 0 for f in faces):
            raise r.fail(
                f"assumed.{key}", f"a battle die needs 6 faces of 0 or more hits, got {faces!r}"
            )


TIE_BREAKS = ("king", "pope", "queen_regent", "fief_lords", "bishops", "villages")


def _check_tie_break(r: _Reader, rules: Mapping[str, Any]) -> None:
    order = r.table(rules, "tie_break_order", "rules")
    if sorted(order) != sorted(TIE_BREAKS):
        raise r.fail("rules.tie_break_order", f"must order exactly {', '.join(TIE_BREAKS)}")


def _check_removed(r: _Reader, rules: Mapping[str, Any], cards: Sequence[Card]) -> None:
    """``french_grey_removed``: fortune cards, one copy out each (§6 #2)."""
    fortune = {c.key for c in cards if c.deck == "fortune"}
    for key in r.table(rules, "french_grey_removed", "rules"):
        if key not in fortune:
            raise r.fail("rules.french_grey_removed", f"'{key}' is no Fortune & Disaster card")


def _switches(r: _Reader, data: Mapping[str, Any]) -> dict[str, bool]:
    """Spec §6's resolutions: each a flag, its value the default (a game option)."""
    table = dict(r.table(data, "switches", "file"))
    for key, value in table.items():
        if not isinstance(value, bool):
            raise r.fail(f"switches.{key}", f"must be true or false, not {value!r}")
    return table


# ------------------------------------------------------------------ load


def load(path: Path = DATA_FILE) -> FiefData:
    """Read and check a Fief data file; FiefDataError names the entry at fault."""
    raw = path.read_bytes()
    r = _Reader(path)
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise FiefDataError(f"{path.name}: not valid TOML: {exc}") from exc
    players = r.table(data, "players", "file")
    low, high = r.integer(players, "min", "players"), r.integer(players, "max", "players")
    ranks = _ranks(r, r.rows(data, "rank"))
    board = _board(r, data, ranks)
    kit = _items(r, r.rows(data, "kit"), "kit", REQUIRED_KIT)
    pools = _items(r, r.rows(data, "pool"), "pool", REQUIRED_POOLS)
    cards = _cards(r, data)
    start = _start(r, data, kit)
    _check_totals(r, r.table(data, "totals", "file"), board, cards)
    _check_pools(r, pools, board, start, high)
    rules = dict(r.table(data, "rules", "file"))
    assumed = dict(r.table(data, "assumed", "file"))
    _check_numbers(r, rules, "rules")
    _check_numbers(r, assumed, "assumed")
    _check_die(r, assumed)
    starts = _start_villages(r, r.table(assumed, "start_villages", "assumed"), board, low, high)
    _check_tie_break(r, rules)
    _check_removed(r, rules, cards)
    return FiefData(
        board,
        low,
        high,
        kit,
        start,
        pools,
        cards,
        ranks,
        rules,
        assumed,
        starts,
        rules_digest(data),
        _switches(r, data),
    )


DATA = load()
