"""The binding agreements an accepted offer leaves for later (spec §7.4): a passage, a
truce, the Pope's consent to a Cardinal, a betrothal. ``offers`` makes them; movement,
battles and the red hat ask them here. Their data (``Pact``, ``PactKind``, ``Deadline``)
is in ``state``, which holds them in ``FiefState.pacts``.
"""

from __future__ import annotations

from noblesse.games.fief.state import FiefState, PactKind


def passage_agreed(s: FiefState, grantor: int, lord: int, v: int) -> bool:
    """An accepted passage term for ``lord`` through ``v``: the engine answers the
    request of ``grantor`` (to enter ``v``, or to leave it by his road) itself (§7.4)."""
    return any(
        pact.kind == PactKind.PASSAGE
        and pact.first == grantor
        and pact.second == lord
        and pact.village == v
        for pact in s.pacts
    )


def truce_agreed(s: FiefState, f: int, g: int, v: int) -> bool:
    """An accepted truce term: neither family declares a battle on the other there."""
    return any(
        pact.kind == PactKind.TRUCE and pact.village == v and {pact.first, pact.second} == {f, g}
        for pact in s.pacts
    )


def consent_agreed(s: FiefState, pope_family: int, by: int) -> bool:
    return any(
        pact.kind == PactKind.CARDINAL and pact.first == pope_family and pact.second == by
        for pact in s.pacts
    )
