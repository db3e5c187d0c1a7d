"""Fortune cards, played in the Cards phase (spec §4.2.4-4.2.5).

Bountiful Harvest on a bishopric not under Heavy Rain, Good Weather on one not under
Famine: cancel that disaster there (Harvest: Famine; Good Weather: Heavy Rain), or +1 D
per mill there at the next income; a bishopric carries each bonus once at most.
Taxes as Tallage: a fief lord taxes his own fief, the King a fief nobody controls (2 D
per village at the next income, whoever controls them); as Tithe: a Bishop his own
bishopric, a Cardinal any governed one, the Pope all governed ones with one card (the
bishopric's mill income, Bishop > Cardinal > Pope); at most 3 tax markers per family.
The offices (elected in the Announcements phase) are read from the state.
"""

from __future__ import annotations

from noblesse.core.events import Event
from noblesse.games.fief import actions as A
from noblesse.games.fief.crown import crown_family
from noblesse.games.fief.state import (
    CARDS,
    DATA,
    FIEF_VILLAGES,
    NB,
    NF,
    FiefState,
    TitheRank,
    Tithes,
)

HARVEST = DATA.card("bountiful_harvest")
WEATHER = DATA.card("good_weather")
TAXES = DATA.card("taxes")
TAX_MARKERS = DATA.kit_count("tax_marker")


def targets(s: FiefState, card: int) -> list[int]:
    """Bishoprics the card may go to: not under the disaster it cannot face, and with
    something to do there (the disaster to cancel, or no bonus of its kind yet)."""
    if card == HARVEST:
        return [b for b in range(NB) if not s.rain[b] and (s.famine[b] or not s.harvest[b])]
    return [b for b in range(NB) if not s.famine[b] and (s.rain[b] or not s.weather[b])]


def markers_out(s: FiefState, p: int) -> int:
    """Tax markers of ``p`` on the board: tallages, Bishop and Cardinal tithes, and one
    for the Pope's tithe on every governed bishopric (one card, one marker [assumed])."""
    tithes = sum((t.bishop == p) + (t.cardinal == p) for t in s.tithe)
    pope = int(any(t.pope == p for t in s.tithe))
    return sum(1 for x in s.tallage if x == p) + tithes + pope


def office_of(s: FiefState, lo: int, p: int) -> bool:
    return lo >= 0 and s.l_owner[lo] == p


def ungoverned(s: FiefState, fief: int) -> bool:
    """Source "國王放在沒人控制的封地" (NOTES disagreement 15): no title holder, and no
    family controls every village of the fief; with ``kings_tallage_uncontrolled_fief``
    off, the spec's §4.2.5: any fief without a title holder."""
    if s.fief_holder[fief] >= 0:
        return False
    if not s.options["kings_tallage_uncontrolled_fief"]:
        return True
    owners = {s.ctrl[v] for v in FIEF_VILLAGES[fief]}
    return len(owners) > 1 or -1 in owners


def tallage_targets(s: FiefState, p: int) -> list[int]:
    """§4.2.5: a fief lord on his own fief; the King on a fief nobody controls."""
    if markers_out(s, p) >= TAX_MARKERS:
        return []
    king = crown_family(s) == p  # the King, or the Queen Regent (§5.7)
    return [
        f
        for f in range(NF)
        if s.tallage[f] < 0
        and (
            (s.fief_holder[f] >= 0 and s.l_owner[s.fief_holder[f]] == p)
            or (king and ungoverned(s, f))
        )
    ]


def governed(s: FiefState) -> list[int]:
    return [b for b in range(NB) if s.bishop[b] >= 0]


def tithe_targets(s: FiefState, p: int) -> list[tuple[int, TitheRank]]:
    """§4.2.5: a Bishop on his own bishopric, a Cardinal on any governed one; as
    (bishopric, rank), the ranks not yet tithed there."""
    if markers_out(s, p) >= TAX_MARKERS:
        return []
    out = [(b, TitheRank.BISHOP) for b in range(NB) if office_of(s, s.bishop[b], p)]
    if any(how and f == p for how, f in zip(s.cardinal, s.l_owner, strict=True)):
        out += [(b, TitheRank.CARDINAL) for b in governed(s)]
    return sorted(x for x in out if s.tithe[x[0]][x[1]] < 0)


def pope_may_tithe(s: FiefState, p: int) -> bool:
    """The Pope tithes every governed bishopric with one card (§4.2.5)."""
    return (
        office_of(s, s.pope, p)
        and markers_out(s, p) < TAX_MARKERS
        and any(s.tithe[b].pope < 0 for b in governed(s))
    )


def tithe_taker(s: FiefState, b: int) -> int:
    """Source: "1.主教 2.紅衣主教 3.教宗，越底層的順位越高" — the first of Bishop, Cardinal,
    Pope to tithe ``b`` collects; -1: untithed."""
    return next((f for f in s.tithe[b] if f >= 0), -1)


def playable(s: FiefState, p: int, card: int) -> bool:
    if card in (HARVEST, WEATHER):
        return bool(targets(s, card))
    if card == TAXES:
        return bool(tallage_targets(s, p) or tithe_targets(s, p) or pope_may_tithe(s, p))
    return False


def play(s: FiefState, p: int, card: int, ev: list[Event]) -> None:
    s.hand[p].remove(card)
    s.fd_discard.append(card)
    ev.append(Event("play_fortune", {"seat": p, "card": card}))
    s.react = True  # a public event (§4.12), once it is resolved
    s.fortune_card = card
    s.kind = A.TALLAGE if card == TAXES else A.TARGET_BISHOPRIC


def legal_bishopric(s: FiefState) -> list[int]:
    return [A.BISHOPRIC0 + b for b in targets(s, s.fortune_card)]


def _disaster(s: FiefState, card: int) -> list[int]:
    return s.famine if card == HARVEST else s.rain


def _bonus(s: FiefState, card: int) -> list[int]:
    return s.harvest if card == HARVEST else s.weather


def apply_bishopric(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    b = action - A.BISHOPRIC0
    card = s.fortune_card
    s.fortune_bishopric = b
    if _disaster(s, card)[b] and not _bonus(s, card)[b]:
        s.kind = A.FORTUNE_EFFECT
        return
    effect(s, p, card, b, cancel=bool(_disaster(s, card)[b]), ev=ev)


def apply_effect(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    effect(s, p, s.fortune_card, s.fortune_bishopric, action == A.EFFECT_CANCEL, ev)


def effect(s: FiefState, p: int, card: int, b: int, cancel: bool, ev: list[Event]) -> None:
    if cancel:
        _disaster(s, card)[b] = 0
    else:
        _bonus(s, card)[b] = 1
    ev.append(
        Event(
            "fortune",
            {"seat": p, "card": card, "bishopric": b, "effect": "cancel" if cancel else "bonus"},
        )
    )
    s.kind, s.fortune_card, s.fortune_bishopric = A.NONE, -1, -1


def legal_tallage(s: FiefState, p: int) -> list[int]:
    out = [A.TALLAGE0 + f for f in tallage_targets(s, p)]
    tithes = {b for b, _ in tithe_targets(s, p)}
    out += [A.TITHE0 + b for b in sorted(tithes)]
    if pope_may_tithe(s, p):
        out.append(A.TITHE_ALL)
    return out


def apply_tallage(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    if action == A.TITHE_ALL:
        for b in governed(s):
            if s.tithe[b].pope < 0:
                s.tithe[b] = s.tithe[b]._replace(pope=p)
        ev.append(Event("tithe_all", {"seat": p}))
    elif action >= A.TITHE0:
        b = action - A.TITHE0
        rank = min(r for c, r in tithe_targets(s, p) if c == b)
        s.tithe[b] = Tithes(*(p if r == rank else f for r, f in enumerate(s.tithe[b])))
        ev.append(Event("tithe", {"seat": p, "bishopric": b}))
    else:
        f = action - A.TALLAGE0
        s.tallage[f] = p
        ev.append(Event("tallage", {"seat": p, "fief": f}))
    s.kind, s.fortune_card = A.NONE, -1


def card_key(card: int) -> str:
    return CARDS[card].key
