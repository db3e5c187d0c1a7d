"""What waits while a decision is asked: one stack of frames for every game that
interrupts itself.

A rule that cannot finish before someone decides (a war waiting for its target, a
revolution stopping a turn, an offer made in the middle of a purchase) leaves a *frame*
on its state's ``Frames``: a small typed record (a NamedTuple) of what is to be done, or
asked again, once the inner decision is answered. Frames come off last first, so an
interruption inside an interruption is undone before the one it interrupted.

A game takes its frames off in one of two ways:

- after every action, while nobody must decide, the top frame comes off and the game
  runs what its type says, from a table of frame types (Conflicting Legends' waiting
  effects, ``LegendsRules._run``);
- the inner decision's own rule takes its frame back when it is over and restores what
  the frame says (Fief's set-aside decisions, Heads of State's step interrupted by a
  revolution).

A ``Frames`` holds a tuple, so copying it for a clone is one reference, and pushing or
popping makes a new tuple: no copy sees another's change.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Generic, TypeVar

F = TypeVar("F")


class Frames(Generic[F]):
    """A stack of frames, the latest on top."""

    __slots__ = ("_items",)

    def __init__(self, *frames: F) -> None:
        self._items: tuple[F, ...] = frames

    def push(self, *frames: F) -> None:
        """Put ``frames`` on top, in order: the last one given comes off first."""
        self._items += frames

    def pop(self) -> F:
        """Take the top frame off (the stack must not be empty)."""
        items = self._items
        self._items = items[:-1]
        return items[-1]

    def top(self) -> F:
        """The top frame, left on."""
        return self._items[-1]

    def clear(self) -> None:
        self._items = ()

    def copy(self) -> Frames[F]:
        c: Frames[F] = Frames.__new__(Frames)
        c._items = self._items
        return c

    def __bool__(self) -> bool:
        return bool(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[F]:
        """From the bottom (the first pushed) to the top."""
        return iter(self._items)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Frames) and self._items == other._items

    def __repr__(self) -> str:
        return f"Frames{self._items!r}"
