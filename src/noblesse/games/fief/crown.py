"""The Crown and the offices at a death (spec §5.3, §5.7): succession and inheritance.

* ``crown_family``: the family with the King's privileges (tallage on ungoverned fiefs,
  granting vacant titles): the King's, or the Queen Regent's when there is no King.
* ``on_death`` is called by ``control.kill`` once the dead lord is off the board and
  before his fief titles pass on:
  - married and the last lord of his family: the spouse inherits all his fief titles,
    and in those fiefs his family's strongholds/cities with the troops inside (they
    change colour) and the captives they guard (source: "配偶繼承一切，包含封地爵位及城堡中
    的部隊"; the cities only with ``widow_inherits_every_stronghold`` off); otherwise
    the titles pass as for an unmarried lord (``control.kill``);
  - Bishop → vacant; Cardinal → his card discarded (a biretta goes back to the supply);
    Pope → vacant; King → the Crown Prince is King at once (his wife, if any, is Queen),
    else the Queen is Queen Regent, else the throne is vacant; Queen → vacant (a Regency
    ends); Crown Prince → none;
  - his marriage ends (the alliance with it); an excommunication ends with him.
"""

from __future__ import annotations

from noblesse.core.events import Event
from noblesse.games.fief.state import (
    DATA,
    FIEF_VILLAGES,
    NB,
    NF,
    NL,
    SEATS,
    FiefState,
    present,
)

CARDINAL = DATA.card("cardinal")
BY_CARD, BY_BIRETTA = 1, 2               # ``s.cardinal[lord]``: how he got the red hat


def owner(s: FiefState, lo: int) -> int:
    return s.l_owner[lo] if lo >= 0 else -1


def crown_family(s: FiefState) -> int:
    """The King's family, or the Queen Regent's (§5.7, §6 #13); -1: nobody."""
    if s.king >= 0:
        return owner(s, s.king)
    return owner(s, s.queen) if s.regent else -1


def immune_to_justice(s: FiefState) -> tuple[int, ...]:
    """Source "國王、皇后、皇儲、教宗 不受正義卡制裁" (§4.12.4)."""
    return (s.king, s.queen, s.crown_prince, s.pope)


# ------------------------------------------------------------------ a death


def on_death(s: FiefState, lo: int, f: int, ev: list[Event]) -> None:
    """What a death does besides the card and the figure (the caller's part)."""
    spouse_inherits(s, lo, f, ev)
    vacate_offices(s, lo, f, ev)
    end_marriage(s, lo, ev)
    s.excommunicated[lo] = 0


def spouse_inherits(s: FiefState, lo: int, f: int, ev: list[Event]) -> None:
    """§5.3 married row, "he was the last lord of his family": every stronghold and city
    of the family in the inherited fiefs; with ``widow_inherits_every_stronghold`` off,
    only the fortified cities (the source's 城堡, NOTES disagreement 16)."""
    spouse = s.spouse[lo]
    if spouse < 0 or any(s.l_owner[x] == f for x in range(NL)):
        return
    g = s.l_owner[spouse]
    least = 1 if s.options["widow_inherits_every_stronghold"] else 2
    for fief in range(NF):
        if s.fief_holder[fief] != lo:
            continue
        s.fief_holder[fief] = spouse
        ev.append(Event("title_inherited", {"fief": fief, "lord": spouse, "seat": g,
                                            "owner": f}))
        for v in FIEF_VILLAGES[fief]:
            if s.fort[v] >= least and s.ctrl[v] == f:
                hand_over(s, v, f, g, ev)
        for v in FIEF_VILLAGES[fief]:       # the empty villages follow the new holder
            if s.ctrl[v] == f and not present(s, v, f):
                settle_village(s, v, ev)


def hand_over(s: FiefState, v: int, f: int, g: int, ev: list[Event]) -> None:
    """The fortress at ``v`` and ``f``'s troops in it become ``g``'s."""
    i, j = v * SEATS + f, v * SEATS + g
    knights, men = s.K[i], s.M[i]
    if not present(s, v, g):
        s.stamp[j] = s.stamp[i]             # the heir stands where the dead family stood
        s.entry[j] = -1
    for name in ("K", "M", "spent_k", "spent_m", "new_units"):
        counts = getattr(s, name)
        counts[j] += counts[i]
        counts[i] = 0
    s.ctrl[v] = g
    ev.append(Event("fortress_inherited", {"seat": g, "owner": f, "village": v,
                                           "knights": knights, "men_at_arms": men}))
    for c in range(NL):                     # the captives they guard change keeper
        if s.l_captor[c] == f and s.l_loc[c] == v and s.l_escort[c] < 0:
            s.l_captor[c] = g
            if s.l_owner[c] == g:           # a lord of the heir's own family walks free
                from noblesse.games.fief.control import free

                ev.append(Event("escape", {"lord": c, "seat": g, "village": v}))
                free(s, c, ev)
    settle_village(s, v, ev)


def settle_village(s: FiefState, v: int, ev: list[Event]) -> None:
    from noblesse.games.fief.control import settle

    settle(s, v, ev)


def vacate_offices(s: FiefState, lo: int, f: int, ev: list[Event]) -> None:
    for b in range(NB):
        if s.bishop[b] == lo:
            s.bishop[b] = -1
            ev.append(Event("office_vacant", {"office": "bishop", "lord": lo, "seat": f,
                                              "bishopric": b}))
    if s.cardinal[lo]:
        drop_cardinal(s, lo, f, ev)
    if s.pope == lo:
        s.pope = -1
        ev.append(Event("office_vacant", {"office": "pope", "lord": lo, "seat": f}))
    if s.crown_prince == lo:
        s.crown_prince = -1
        ev.append(Event("office_vacant", {"office": "crown_prince", "lord": lo, "seat": f}))
    if s.king == lo:
        king_dies(s, ev)
    if s.queen == lo:
        s.queen, s.regent = -1, 0
        ev.append(Event("office_vacant", {"office": "queen", "lord": lo, "seat": f}))


def king_dies(s: FiefState, ev: list[Event]) -> None:
    """§5.3: the Crown Prince reigns at once; else the Queen is Regent; else vacant."""
    dead, s.king = s.king, -1
    prince = s.crown_prince
    if prince >= 0:
        s.king, s.crown_prince, s.regent = prince, -1, 0
        wife = s.spouse[prince]
        s.queen = wife if wife >= 0 else -1
        ev.append(Event("crowned", {"lord": prince, "seat": s.l_owner[prince]}))
    elif s.queen >= 0 and s.queen != dead:
        s.regent = 1
        ev.append(Event("queen_regent", {"lord": s.queen, "seat": s.l_owner[s.queen]}))
    else:
        ev.append(Event("office_vacant", {"office": "king", "lord": dead, "seat": -1}))


def end_marriage(s: FiefState, lo: int, ev: list[Event]) -> None:
    spouse = s.spouse[lo]
    if spouse < 0:
        return
    s.spouse[lo] = s.spouse[spouse] = -1
    ev.append(Event("widowed", {"lord": spouse, "seat": s.l_owner[spouse]}))


def drop_cardinal(s: FiefState, lo: int, f: int, ev: list[Event]) -> None:
    """His Cardinal card goes to the lord discard pile; a biretta, back to the supply."""
    how, s.cardinal[lo] = s.cardinal[lo], 0
    if how == BY_CARD:
        s.lord_discard.append(CARDINAL)
        ev.append(Event("discard", {"seat": f, "card": CARDINAL}))
    else:
        ev.append(Event("biretta_returned", {"lord": lo, "seat": f}))


def crown_pope(s: FiefState, lo: int, ev: list[Event]) -> None:
    """A lord becomes Pope: he keeps his Bishop title and discards his Cardinal card
    (§5.4: "la carte cardinal est défaussée"). For the Pope's election to call."""
    s.pope = lo
    if s.cardinal[lo]:
        drop_cardinal(s, lo, s.l_owner[lo], ev)
