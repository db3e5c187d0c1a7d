"""Events: what happened, with a public part and per-seat private parts.

An event is what ``apply`` returns and what logs and the wire protocol carry. Its
``public`` fields may be seen by anyone; ``private[seat]`` adds fields only that
seat may see (the card it drew, the hand it was shown). ``for_seat`` gives the
redacted dictionary for one seat, or for a spectator with ``seat=None``.
"""

from __future__ import annotations

from typing import Any


class Event:
    __slots__ = ("type", "public", "private")

    def __init__(
        self,
        type: str,
        public: dict[str, Any] | None = None,
        private: dict[int, dict[str, Any]] | None = None,
    ) -> None:
        self.type = type
        self.public = public or {}
        self.private = private

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """The event as ``seat`` may see it (``None``: a spectator)."""
        out: dict[str, Any] = {"type": self.type, **self.public}
        if seat is not None and self.private and seat in self.private:
            out.update(self.private[seat])
        return out

    def __repr__(self) -> str:
        return f"Event({self.type!r}, {self.public!r}, {self.private!r})"
