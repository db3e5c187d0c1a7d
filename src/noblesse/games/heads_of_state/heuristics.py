"""Heads of State: a plain strategy that answers every decision itself.

It looks only at what the seat may see: the board, the displays, the markers and
its own hands. Each empty space is worth its influence, the initial marker still
under its box, progress towards the country marker and the noble-house marker,
and the noble card; attribute cards are wanted for the best spaces it can aim at.
Treachery is chosen when a rival's valuable noble can be killed and the space
refilled at once.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from noblesse.core.game import Action
from noblesse.core.heuristics import Heuristics
from noblesse.games.heads_of_state.rules import (
    ACTING,
    BOXES,
    CENTURIES,
    CHOOSE,
    COUNTRY_BOXES,
    DISCARD_A0,
    DISCARD_T0,
    DRAW,
    DRAW_T,
    END_TURN,
    ENNOBLE0,
    KILL0,
    MAJORITY,
    METHOD,
    NA,
    NR,
    NT,
    OPT_A,
    OPT_B,
    OPTION_B,
    PAY0,
    PAY_CARDS,
    PAYING,
    RANKS,
    REQUIRES,
    SLOT_BOX,
    SLOT_COUNTRY,
    SLOT_NEED,
    SLOT_RANK,
    SLOTS,
    T_COUNTRY,
    TAKE_A0,
    TAKE_T0,
    TAKING,
    WILD,
    WITH0,
    HeadsRules,
    HeadsState,
)

# ISMCTS: a leaf is judged after the greedy strategy below has played on for a few
# decisions (about a round of play: takes, ennoblement, payment), since points come only
# at the end of such a sequence.
SEARCH: dict[str, str | int] = {"rollout": "greedy", "max_rollout": 24}
SCALE = 4.0


def worth(s: HeadsState, seat: int) -> float:
    """Points, plus what the seat's living nobles promise (their influence scores again
    at each century still to come, up to two) and half a point per noble card (the
    end-of-game majorities). Public things only."""
    influence = sum(SLOTS[x].influence for x, o in enumerate(s.slots) if o == seat)
    centuries_left = min(2, len(CENTURIES) - s.century)
    return s.score[seat] + 0.6 * influence * max(1, centuries_left) + 0.5 * sum(s.noble_cards[seat])


def evaluate_all(game: HeadsRules, state: HeadsState) -> list[float]:
    """Each seat's worth against the rivals' mean (with 3-4 rivals, harming one helps
    the others as much; building one's own position is what wins)."""
    s = state
    worths = [worth(s, p) for p in range(s.n_players)]
    total, n = sum(worths), len(worths)
    return [w - (total - w) / max(1, n - 1) for w in worths]


def evaluate(game: HeadsRules, state: HeadsState, seat: int) -> float:
    return evaluate_all(game, state)[seat]


# by space: what ennobling there is worth before the seat's own terms (its influence,
# twice), its box, rank and country
_SPACES = [
    (2.0 * SLOTS[x].influence, SLOT_BOX[x], SLOT_RANK[x], SLOT_COUNTRY[x])
    for x in range(len(SLOTS))
]
_INITIAL = [box.initial for box in BOXES]
_MAJORITY = [m / 6.0 for m in MAJORITY]


def slot_values(s: HeadsState, seat: int, spaces: Iterable[int]) -> list[float]:
    """What ennobling in each of ``spaces`` is worth to ``seat``: twice the space's
    influence; the initial marker still under its box; progress towards the country
    marker (6 over the boxes still missing, while the marker is open); a rank the seat
    never held while the noble-house marker is open (3); and a share of the majority
    for a rank whose noble cards are not all taken."""
    mine = s.occupied[seat]
    initial_owner = s.initial_owner
    missing = [bin(boxes & ~mine).count("1") for boxes in COUNTRY_BOXES]
    country = [
        6.0 / missing[c] if len(done) < 2 and missing[c] else 0.0
        for c, done in enumerate(s.country_done)
    ]
    ever = s.ranks_ever[seat] if len(s.house) < 2 else (1 << NR) - 1
    noble_left = s.noble_left
    out = []
    for x in spaces:
        value, box, rank, c = _SPACES[x]
        if initial_owner[box] < 0:
            value += _INITIAL[box]
        if not (mine >> box) & 1 and country[c]:
            value += country[c]
        if not (ever >> rank) & 1:
            value += 3.0
        if noble_left[rank]:
            value += _MAJORITY[rank]
        out.append(value)
    return out


def slot_value(s: HeadsState, seat: int, x: int) -> float:
    """What ennobling in space ``x`` is worth to ``seat`` (``slot_values``)."""
    return slot_values(s, seat, (x,))[0]


def _targets(s: HeadsState, seat: int) -> list[tuple[float, int]]:
    """(value per card, rank) of every rank with an empty space, best first."""
    best = [0.0] * NR
    empty = [x for x, owner in enumerate(s.slots) if owner < 0]
    for x, v in zip(empty, slot_values(s, seat, empty), strict=True):
        r = SLOT_RANK[x]
        if v > best[r]:
            best[r] = v
    return sorted(((best[r] / len(REQUIRES[r]), r) for r in range(NR) if best[r] > 0), reverse=True)


def wants(s: HeadsState, seat: int) -> list[float]:
    """How much each attribute kind is wanted now."""
    hand = s.hands[seat]
    want = [0.0] * NA
    for k, (per_card, r) in enumerate(_targets(s, seat)[:3]):
        weight = per_card / (1 + k)
        needed = REQUIRES[r]
        bonus = weight / (1 + sum(1 for a in needed if hand[a] == 0))
        for a in needed:
            held = hand[a]
            want[a] += bonus * (1.0 if held == 0 else 0.2 / held)
    want[WILD] = 0.5 * max(want[:WILD], default=0.0) + 0.3 / (1 + hand[WILD])
    return want


def _kill_gain(s: HeadsState, seat: int, x: int) -> float:
    """Worth of killing the noble in ``x``: its influence lost to a rival, and the space
    gained if the seat can fill it at once."""
    gain = 2.0 * SLOTS[x].influence
    hand = s.hands[seat]
    r = SLOT_RANK[x]
    missing = sum(1 for a in REQUIRES[r] if hand[a] == 0)
    if missing == 0 or (missing == 1 and hand[WILD] and RANKS[r].courtesan):
        gain += slot_value(s, seat, x)
    return gain


def choose(
    game: HeadsRules, state: HeadsState, seat: int, legal: list[Action], rng: random.Random
) -> Action | None:
    s = state
    kind = s.kind
    if kind == CHOOSE:  # the option
        if OPT_B in legal and any(s.thands[seat]):
            gains = [
                _kill_gain(s, seat, x)
                for x, o in enumerate(s.slots)
                if o >= 0 and o != seat and _methods(s, seat, x)
            ]
            if gains and max(gains) >= 8:
                return OPT_B
        if OPT_B in legal and sum(s.hands[seat]) >= 8 and sum(s.thands[seat]) < 3:
            return OPT_B  # a full hand: one attribute card and a weapon for later
        return OPT_A
    if kind == TAKING:
        want = wants(s, seat)
        best, value = DRAW if DRAW in legal else None, 0.25
        for a in legal:
            if TAKE_A0 <= a < DRAW and want[a - TAKE_A0] > value:
                best, value = a, want[a - TAKE_A0]
        if best is not None:
            return best
        takes = [a for a in legal if TAKE_T0 <= a < DRAW_T]
        if takes:
            return max(takes, key=lambda a: _weapon_value(s, seat, a - TAKE_T0))
        return DRAW_T if DRAW_T in legal else legal[0]
    if kind == ACTING:
        fills = [a for a in legal if ENNOBLE0 <= a < KILL0]
        if fills:
            values = slot_values(s, seat, [a - ENNOBLE0 for a in fills])
            return fills[values.index(max(values))]
        kills = [a for a in legal if KILL0 <= a < PAY_CARDS]
        if kills and s.option == OPTION_B:
            best = max(kills, key=lambda a: _kill_gain(s, seat, a - KILL0))
            if _kill_gain(s, seat, best - KILL0) >= 6:
                return best
        return END_TURN
    if kind == PAYING:
        return (
            PAY_CARDS if PAY_CARDS in legal else min(legal, key=lambda a: s.hands[seat][a - PAY0])
        )
    if kind == METHOD:  # a sure country card before the cube bag
        sure = [a for a in legal if T_COUNTRY[a - WITH0] >= 0]
        return sure[0] if sure else legal[0]
    # discard: the least wanted attribute card, then the least useful treachery card
    want = wants(s, seat)
    attrs = [a for a in legal if DISCARD_A0 <= a < DISCARD_T0]
    if attrs:
        hand = s.hands[seat]
        return min(attrs, key=lambda a: want[a - DISCARD_A0] / max(1, hand[a - DISCARD_A0]))
    th = s.thands[seat]
    return max(
        (a for a in legal if a >= DISCARD_T0),
        key=lambda a: (T_COUNTRY[a - DISCARD_T0] >= 0, th[a - DISCARD_T0]),
    )


def _weapon_value(s: HeadsState, seat: int, card: int) -> float:
    """How much a treachery card could kill: the rivals' influence it can reach."""
    country = T_COUNTRY[card]
    return sum(
        SLOTS[x].influence
        for x, o in enumerate(s.slots)
        if o >= 0 and o != seat and country in (-1, SLOT_COUNTRY[x])
    )


def _methods(s: HeadsState, seat: int, x: int) -> bool:
    need = SLOT_NEED[x]
    th = s.thands[seat]
    return any(th[t] >= need and T_COUNTRY[t] in (-1, SLOT_COUNTRY[x]) for t in range(NT))


HEURISTICS = Heuristics(
    evaluate=evaluate, evaluate_all=evaluate_all, scale=SCALE, choose=choose, search=SEARCH
)
