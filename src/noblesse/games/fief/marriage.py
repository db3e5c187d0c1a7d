"""Marriages and alliances (spec §5.2; annulment §5.7).

A marriage joins an unmarried male lord and an unmarried lady of two different
families, both families agreeing; each family has one marriage marker, so it is in at
most one marriage (one alliance) at a time. Bishops, Cardinals, the Pope, Joan d'Arc,
captives and excommunicated lords cannot marry. Spouses are ``s.spouse``; the two
families of a marriage are allied (``allied``, ``ally_of``), which the victory and
succession rules read.
"""

from __future__ import annotations

from noblesse.core.events import Event
from noblesse.games.fief.state import LORD_FEMALE, NL, FiefState, cleric


def in_play(s: FiefState, lo: int) -> bool:
    return lo >= 0 and s.l_owner[lo] >= 0


def married(s: FiefState, lo: int) -> bool:
    return in_play(s, s.spouse[lo])


def ally_of(s: FiefState, f: int) -> int:
    """The family ``f`` is allied with by a marriage, or -1."""
    if max(s.spouse) < 0:  # nobody is married
        return -1
    owners = s.l_owner
    for owner, spouse in zip(owners, s.spouse, strict=True):
        if owner == f and spouse >= 0:  # married: the spouse is in play
            g = owners[spouse]
            if g >= 0 and g != f:
                return g
    return -1


def married_families(s: FiefState) -> set[int]:
    """The families allied by a marriage (``ally_of`` is not -1), in one pass."""
    owners = s.l_owner
    return {
        f
        for f, spouse in zip(owners, s.spouse, strict=True)
        if f >= 0 and spouse >= 0 and owners[spouse] >= 0 and owners[spouse] != f
    }


def allied(s: FiefState, f: int, g: int) -> bool:
    return f != g and f >= 0 and ally_of(s, f) == g


def can_marry(s: FiefState, lo: int) -> bool:
    """§5.2: an unmarried lord who is no cleric, not Joan d'Arc, free and in communion."""
    owners = s.l_owner
    if lo < 0 or owners[lo] < 0:  # not in play
        return False
    spouse = s.spouse[lo]
    return (
        (spouse < 0 or owners[spouse] < 0)  # not married (``married``)
        and not cleric(s, lo)
        and lo != s.joan
        and s.l_captor[lo] < 0
        and not s.excommunicated[lo]
    )


def family_free(s: FiefState, f: int) -> bool:
    """The family's marriage marker is still free (§5.2: one marriage a family)."""
    return ally_of(s, f) < 0


def marriageable(s: FiefState, f: int) -> list[int]:
    """The lords of family ``f`` who may marry now (``can_marry``); none while its
    marriage marker is taken (``family_free``)."""
    if not family_free(s, f):
        return []
    return [lo for lo, owner in enumerate(s.l_owner) if owner == f and can_marry(s, lo)]


def partners(s: FiefState, lo: int) -> list[int]:
    """Whom ``lo`` could marry: a marriageable lord of the other sex of another free family."""
    f, female = s.l_owner[lo], LORD_FEMALE[lo]
    taken = married_families(s)
    return [
        x
        for x, g in enumerate(s.l_owner)
        if g >= 0 and g != f and g not in taken and LORD_FEMALE[x] != female and can_marry(s, x)
    ]


def suitors(s: FiefState, f: int) -> list[int]:
    """The lords family ``f`` may propose a marriage for (empty: it is not asked)."""
    if not family_free(s, f):
        return []
    return [lo for lo in range(NL) if s.l_owner[lo] == f and can_marry(s, lo) and partners(s, lo)]


def wed(s: FiefState, lo: int, other: int, ev: list[Event]) -> None:
    """The marriage is made; the King's wife becomes Queen (§5.6)."""
    s.spouse[lo], s.spouse[other] = other, lo
    ev.append(
        Event(
            "marriage",
            {"seat": s.l_owner[lo], "lord": lo, "partner": other, "with": s.l_owner[other]},
        )
    )
    for king, wife in ((lo, other), (other, lo)):
        if king == s.king and s.king >= 0:
            s.queen = wife
            ev.append(Event("queen", {"lord": wife, "seat": s.l_owner[wife]}))


def annullable(s: FiefState, lo: int) -> bool:
    """§5.2: a King/Queen marriage only while there is no Crown Prince."""
    if not married(s, lo):
        return False
    royal = s.king >= 0 and s.king in (lo, s.spouse[lo])
    return not (royal and in_play(s, s.crown_prince))


def family_marriage(s: FiefState, f: int) -> int:
    """The lord of ``f`` in its marriage, or -1."""
    return next(
        (
            lo
            for lo in range(NL)
            if s.l_owner[lo] == f and married(s, lo) and s.l_owner[s.spouse[lo]] != f
        ),
        -1,
    )


def annul(s: FiefState, lo: int, ev: list[Event]) -> None:
    """The Pope annuls the marriage: both are unmarried again; a King's wife is no longer
    Queen."""
    other = s.spouse[lo]
    s.spouse[lo] = s.spouse[other] = -1
    if s.queen in (lo, other) and s.king in (lo, other):
        s.queen = -1
    ev.append(
        Event(
            "annulled",
            {"seat": s.l_owner[lo], "lord": lo, "partner": other, "with": s.l_owner[other]},
        )
    )
