"""Designed observations: a fixed-size vector of floats per game, documented field by field.

A game that designs its observation returns an ``ObservationSpec`` from
``Game.observation_spec()`` (``GameBase`` returns ``None``: the research adapters then
fall back to their generic encoder). The spec's ``layout`` is the table of fields
(name, offset, length, range, meaning), the same for every player count of the game;
``write(state, seat, out)`` fills ``out`` (zeros that it may read and write by slot:
a ``Sparse`` mapping, or the adapters' numpy buffer) with what ``seat`` may see of
``state``, straight from the state: never another seat's hidden
cards, never a value outside its field's range. Seats are written relative to the
observer: "me" first, then the next seat in turn order, and so on, padded with zeros
up to the game's largest player count.

``docs/observations.md`` is generated from the layouts
(``python scripts/observation_tables.py``); a test keeps it current.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

RELATIVE = ("me", "next", "2nd after me", "3rd after me", "4th after me", "5th after me")


@dataclass(frozen=True)
class Field:
    name: str
    offset: int
    length: int
    low: float
    high: float
    meaning: str


class Layout:
    """The fields of one game's observation, appended in order."""

    def __init__(self) -> None:
        self.fields: list[Field] = []
        self.size = 0
        self._by_name: dict[str, Field] = {}

    def add(self, name: str, length: int, meaning: str, low: float = 0.0, high: float = 1.0) -> int:
        """Append a field of ``length`` slots; returns its offset."""
        if name in self._by_name:
            raise ValueError(f"field {name!r} twice")
        f = Field(name, self.size, length, low, high, meaning)
        self.fields.append(f)
        self._by_name[name] = f
        self.size += length
        return f.offset

    def __getitem__(self, name: str) -> Field:
        return self._by_name[name]

    def bounds(self) -> tuple[list[float], list[float]]:
        """Per slot: the lowest and highest value it may take."""
        low, high = [0.0] * self.size, [0.0] * self.size
        for f in self.fields:
            low[f.offset : f.offset + f.length] = [f.low] * f.length
            high[f.offset : f.offset + f.length] = [f.high] * f.length
        return low, high

    def markdown(self) -> str:
        rows = ["| offset | length | field | range | meaning |", "|---:|---:|---|---|---|"]
        for f in self.fields:
            rows.append(
                f"| {f.offset} | {f.length} | `{f.name}` | [{f.low:g}, {f.high:g}] | {f.meaning} |"
            )
        return "\n".join(rows)


class Sparse(dict[int, float]):
    """What ``ObservationSpec.write`` fills (and ``HistorySpec.see``): slot -> value, an
    unwritten slot reads 0.

    Observations are mostly zeros, so the adapters copy only the written slots into
    their numpy buffers (a whole Python list into numpy costs more than the game)."""

    def __missing__(self, key: int) -> float:
        return 0.0


class Buffer(Protocol):
    """Where an observation is written, slot by slot: a ``Sparse``, a list of floats, or
    the adapters' numpy buffer."""

    def __getitem__(self, index: int, /) -> float: ...
    def __setitem__(self, index: int, value: float, /) -> None: ...


class HistorySpec(ABC):
    """A game's public history as one seat has seen it: the part of the information-state
    tensor (``noblesse.interop.openspiel``) that the observation, a picture of the
    present, leaves out (cards played, revealed, thrown).

    ``see`` adds what ``seat`` saw of one event to ``acc`` (slot -> count), seats written
    relative to ``seat`` as in the observation; the adapter adds those counts up over the
    game, and the tensor holds ``min(1, count * scale)`` slot by slot, ``scale`` being
    one over each field's saturation point (``scales``). Events arrive once each, in
    order, so the adapter keeps each seat's row up to date from the new events alone."""

    layout: Layout

    @abstractmethod
    def see(self, event: Any, seat: int, n_players: int, acc: Any) -> None:
        """Add what ``seat`` saw of ``event`` (an ``Event``; ``event.for_seat(seat)`` is
        what it was told) to ``acc`` (a ``Sparse``: counts by slot of ``layout``)."""

    @abstractmethod
    def scales(self) -> list[float]:
        """Per slot: the factor that takes a raw count to [0, 1] (one over its cap)."""


class Section(NamedTuple):
    """A part of an observation: the slots it writes (``(start, stop)`` ranges that no
    other section writes), what they are a function of (``key(state, seat)``, a value
    that compares equal exactly when the slots would be written the same: copies, never
    the state's own lists; ``None``: written every time), its writer, and whether it
    is the same for every seat (``shared``: nothing in it is relative to the seat or
    hidden from anyone, so one seat's slots serve another's with the same key)."""

    slots: tuple[tuple[int, int], ...]
    key: Callable[[Any, int], Any] | None
    write: Callable[[Any, int, Buffer], None]
    shared: bool = False


class ObservationSpec(ABC):
    """A game's designed observation (see the module doc).

    A spec may cut its observation into ``sections`` (its ``write`` then writes each in
    turn, ``write_sections``): an adapter that keeps a seat's buffer between
    observations rewrites only the sections whose key has changed since
    (``noblesse.interop.encoding.KeptObservations``)."""

    layout: Layout
    notes: str = ""  # a paragraph for the docs: conventions that hold across fields
    history: HistorySpec | None = None  # the public history of the information state
    sections: tuple[Section, ...] = ()

    def write_sections(self, state: Any, seat: int, out: Buffer) -> None:
        """``write`` for a spec cut into ``sections``: every section in turn."""
        for section in self.sections:
            section.write(state, seat, out)

    @property
    def size(self) -> int:
        return self.layout.size

    @abstractmethod
    def write(self, state: Any, seat: int, out: Buffer) -> None:
        """Write ``seat``'s observation of ``state`` into ``out``: zeros to read and write
        by slot (a ``Sparse``, or a numpy array of ``size`` zeros)."""

    def sparse(self, state: Any, seat: int) -> Sparse:
        out = Sparse()
        self.write(state, seat, out)
        return out

    def observe(self, state: Any, seat: int) -> list[float]:
        """The whole vector as a list."""
        dense = [0.0] * self.layout.size
        for i, v in self.sparse(state, seat).items():
            dense[i] = v
        return dense


def frac(x: float, cap: float) -> float:
    """``x / cap`` clipped into [0, 1]: a count with a documented saturation point."""
    if x <= 0:
        return 0.0
    return 1.0 if x >= cap else x / cap


def signed(x: float, cap: float) -> float:
    """``x / cap`` clipped into [-1, 1]."""
    if x >= cap:
        return 1.0
    if x <= -cap:
        return -1.0
    return x / cap
