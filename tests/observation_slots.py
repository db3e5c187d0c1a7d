"""A designed observation read slot by slot (``docs/observations.md``), for the games'
observation tests."""

from __future__ import annotations

from typing import Any


def slot(spec: Any, layout: Any, state: Any, seat: int, name: str) -> list[float]:
    """The values of the slot ``name`` of ``layout`` in ``seat``'s observation."""
    f = layout[name]
    out = spec.sparse(state, seat)
    return [out[f.offset + i] for i in range(f.length)]


def one_hot(length: int, *at: int) -> list[float]:
    return [1.0 if i in at else 0.0 for i in range(length)]
