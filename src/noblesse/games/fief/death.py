"""A lord's death (spec §5.3, §5.7): his card, his figure, his offices and his titles.

``kill`` is called by every cause of death (battle, plague, uprising, assassination,
justice). Once the dead lord is off the board and before his fief titles pass on
(``on_death``):

- married and the last lord of his family: the spouse inherits all his fief titles,
  and in those fiefs his family's strongholds/cities with the troops inside (they
  change colour) and the captives they guard (source: "配偶繼承一切，包含封地爵位及城堡中
  的部隊"; the cities only with ``widow_inherits_every_stronghold`` off); otherwise
  the titles pass as for an unmarried lord (``succession``);
- Bishop → vacant; Cardinal → his card discarded (a biretta goes back to the supply);
  Pope → vacant; King → the Crown Prince is King at once (his wife, if any, is Queen),
  else the Queen is Queen Regent, else the throne is vacant; Queen → vacant (a Regency
  ends); Crown Prince → none;
- his marriage ends (the alliance with it); an excommunication ends with him.
"""

from __future__ import annotations

from noblesse.core.events import Event
from noblesse.games.fief.control import drop_escort, free, lift_lord, settle
from noblesse.games.fief.crown import drop_cardinal
from noblesse.games.fief.joan import died
from noblesse.games.fief.state import (
    FIEF_VILLAGES,
    LORDS,
    NB,
    NF,
    NL,
    SEATS,
    FiefState,
    TitleDue,
    present,
)
from noblesse.games.fief.succession import heirs


def kill(s: FiefState, lo: int, why: str, ev: list[Event]) -> None:
    """A lord dies: his card is discarded, his offices and marriage end and a spouse may
    inherit (``on_death``), his fief titles pass to another lord of the family
    (max 2 titles; the owner's choice when several may take one, ``succession``) or
    return to the board (§5.3)."""
    f, v = s.l_owner[lo], s.l_loc[lo]
    if v >= 0 and (s.carried_knights[lo] or s.carried_men_at_arms[lo]):
        i = v * SEATS + f  # set down where he fell, spent: one lord a turn (§4.5)
        s.knights[i] += s.carried_knights[lo]
        s.men_at_arms[i] += s.carried_men_at_arms[lo]
        s.spent_knights[i] += s.carried_knights[lo]
        s.spent_men_at_arms[i] += s.carried_men_at_arms[lo]
        s.carried_knights[lo] = s.carried_men_at_arms[lo] = 0
    lift_lord(s, lo)
    drop_escort(s, lo)
    s.l_escort[lo] = -1
    s.l_owner[lo] = -1
    s.l_captor[lo] = -1
    s.l_moves[lo] = 0
    s.assassin[lo] = 0  # the marker goes back to the supply
    s.lord_discard.append(LORDS[lo])
    if lo == s.joan:  # her d'Arc card is discarded too (§4.12.6)
        died(s, lo, ev)
    ev.append(Event("lord_dies", {"lord": lo, "seat": f, "village": v, "why": why}))
    on_death(s, lo, f, ev)  # offices, marriage, a widow's inheritance (§5.3)
    for fief, holder in enumerate(s.fief_holder):
        if holder != lo:
            continue
        s.fief_holder[fief] = -1
        candidates = heirs(s, f, fief)
        heir = candidates[0] if candidates else -1
        s.fief_holder[fief] = heir  # for now: the owner's choice is asked next
        if len(candidates) > 1 and TitleDue(fief) not in s.heir_due:
            s.heir_due.append(TitleDue(fief))
        ev.append(Event("title_passes", {"fief": fief, "lord": heir, "seat": f}))
        if heir < 0:
            s.vacated[fief] = s.clock  # reclaimed only by a lord born since (§4.4.3)
            s.clock += 1
            for w in FIEF_VILLAGES[fief]:
                if s.ctrl[w] == f and not present(s, w, f):
                    s.ctrl[w] = -1
                    settle(s, w, ev)
    if v >= 0:
        settle(s, v, ev)


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
        ev.append(Event("title_inherited", {"fief": fief, "lord": spouse, "seat": g, "owner": f}))
        for v in FIEF_VILLAGES[fief]:
            if s.fort[v] >= least and s.ctrl[v] == f:
                hand_over(s, v, f, g, ev)
        for v in FIEF_VILLAGES[fief]:  # the empty villages follow the new holder
            if s.ctrl[v] == f and not present(s, v, f):
                settle(s, v, ev)


def hand_over(s: FiefState, v: int, f: int, g: int, ev: list[Event]) -> None:
    """The fortress at ``v`` and ``f``'s troops in it become ``g``'s, with any Plague
    loss they still owe (``plague_due``)."""
    i, j = v * SEATS + f, v * SEATS + g
    knights, men = s.knights[i], s.men_at_arms[i]
    if not present(s, v, g):
        s.stamp[j] = s.stamp[i]  # the heir stands where the dead family stood
        s.entry[j] = -1
    for name in ("knights", "men_at_arms", "spent_knights", "spent_men_at_arms", "new_units"):
        counts = getattr(s, name)
        counts[j] += counts[i]
        counts[i] = 0
    s.ctrl[v] = g
    if s.plague_due:  # a loss still to be chosen falls on the same troops, now the heir's
        s.plague_due = [
            due._replace(family=g) if due.village == v and due.family == f else due
            for due in s.plague_due
        ]
    ev.append(
        Event(
            "fortress_inherited",
            {"seat": g, "owner": f, "village": v, "knights": knights, "men_at_arms": men},
        )
    )
    for c in range(NL):  # the captives they guard change keeper
        if s.l_captor[c] == f and s.l_loc[c] == v and s.l_escort[c] < 0:
            s.l_captor[c] = g
            if s.l_owner[c] == g:  # a lord of the heir's own family walks free
                ev.append(Event("escape", {"lord": c, "seat": g, "village": v}))
                free(s, c, ev)
    settle(s, v, ev)


def vacate_offices(s: FiefState, lo: int, f: int, ev: list[Event]) -> None:
    for b in range(NB):
        if s.bishop[b] == lo:
            s.bishop[b] = -1
            ev.append(
                Event("office_vacant", {"office": "bishop", "lord": lo, "seat": f, "bishopric": b})
            )
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
