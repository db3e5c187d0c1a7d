"""Marriage alliances (spec §5.2): two families bound by a marriage are allied."""

from __future__ import annotations

from noblesse.games.fief.state import NL, FiefState


def allied(s: FiefState, f: int, g: int) -> bool:
    """Some lord of ``f`` is married to a lord of ``g`` (two different families)."""
    if f == g or f < 0 or g < 0:
        return False
    owner, spouse = s.l_owner, s.spouse
    return any(owner[lo] == f and spouse[lo] >= 0 and owner[spouse[lo]] == g
               for lo in range(NL))
