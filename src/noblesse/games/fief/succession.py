"""Title heirs (spec §5.3, unmarried row): a dead fief lord's title goes to another lord
of his family, the owner's choice, each holding at most two fief titles.

``death.kill`` hands the title at once to the first lord by number who may hold it
(so control, strength and VP never see a fief without its holder) and, when several
lords qualify, queues the fief in ``heir_due``. Before the next decision of the game
(whatever was going on: a battle round, a window, the next phase), the owner is asked
``holder:<lord>`` for each queued fief (``title_heir``); the interrupted decision then
resumes as it was (``state.interrupt``, ``state.resume``).
"""

from __future__ import annotations

from noblesse.core.events import Event
from noblesse.games.fief import actions as A
from noblesse.games.fief.state import NL, FiefState, cleric, interrupt, resume, rule, titles_of

MAX_TITLES = rule("max_fief_titles_per_lord")


def heirs(s: FiefState, f: int, fief: int) -> list[int]:
    """Lords of family ``f`` not held captive who may hold ``fief``'s title: its holder,
    or one with a free title slot (a captive keeps his titles, §4.6.6, but takes none,
    §6 #15; nor does a cleric with ``clerics_hold_fief_titles`` off)."""
    holder = s.fief_holder[fief]
    clerics = s.options["clerics_hold_fief_titles"]
    return [
        h
        for h in range(NL)
        if s.l_owner[h] == f
        and s.l_captor[h] < 0
        and (h == holder or titles_of(s, h) < MAX_TITLES and (clerics or not cleric(s, h)))
    ]


def _due(s: FiefState, ev: list[Event]) -> int:
    """The first queued fief still with a choice to make. The others are settled: a
    single lord left to take it (the one holding it for now was taken captive since)
    takes it; none, and the holder keeps it."""
    while s.heir_due:
        fief = s.heir_due[0].fief
        holder = s.fief_holder[fief]
        if holder >= 0:
            f = s.l_owner[holder]
            candidates = heirs(s, f, fief)
            if len(candidates) > 1:
                return fief
            if candidates and candidates[0] != holder:
                s.fief_holder[fief] = candidates[0]
                ev.append(Event("title_passes", {"fief": fief, "lord": candidates[0], "seat": f}))
        s.heir_due.pop(0)
    return -1


def ask(s: FiefState, ev: list[Event]) -> None:
    """Interrupt the pending decision for the owner's choice of heir, if one is due."""
    if s.over or s.kind == A.TITLE_HEIR:
        return
    fief = _due(s, ev)
    if fief < 0:
        return
    interrupt(s, A.TITLE_HEIR, s.l_owner[s.fief_holder[fief]], s.actor)


def legal_heir(s: FiefState) -> list[int]:
    fief = s.heir_due[0].fief
    holder = s.fief_holder[fief]
    return [A.HOLDER0 + h for h in heirs(s, s.l_owner[holder], fief)]


def apply_heir(s: FiefState, p: int, action: int, ev: list[Event]) -> bool:
    fief = s.heir_due.pop(0).fief
    lo = action - A.HOLDER0
    s.fief_holder[fief] = lo
    ev.append(Event("title_passes", {"fief": fief, "lord": lo, "seat": p, "chosen": True}))
    fief = _due(s, ev)
    if fief >= 0:
        s.kind, s.actor = A.TITLE_HEIR, s.l_owner[s.fief_holder[fief]]
    else:
        resume(s)  # the interrupted decision
    return False
