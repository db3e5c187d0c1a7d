"""Helpers to build an exact Ruse & Bruise situation and act on it.

``table(...)`` takes a fresh ``GAME.setup`` state and overwrites every part of it
with the cards a test names. A card on the table is written ``"+king@1"`` (face up,
owned by seat 1), ``"-king@1"`` (face down) or ``"~explorer@1"`` (face down but known
to all: an Explorer that jumped). Rows and score cards are numbered from 1, as in the
action names (``row:1``); a score card is ``"corn:3"``. Every card of every deck not
named anywhere lies in its owner's draw pile (below the cards ``decks`` names, whose
last entry is the top), so components are conserved. Seats without a given hand hold
three cards of their own that the test does not name (King, Queen, Juliet if free).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

from noblesse.core.errors import IllegalAction
from noblesse.games.ruse_and_bruise import GAME
from noblesse.games.ruse_and_bruise.data import CARDS
from noblesse.games.ruse_and_bruise.rules import (
    ASSUMED,
    CARD,
    DOWN,
    KINDS,
    KNOWN,
    PER_ICON,
    UP,
    VARIANTS,
    Pending,
    RuseState,
)

__all__ = [
    "GAME",
    "IllegalAction",
    "ASSUMED",
    "VARIANTS",
    "table",
    "do",
    "legal",
    "row",
    "hand",
    "discard",
    "deck",
    "score_card",
    "result",
    "values",
    "snapshot",
    "assert_illegal",
    "types",
    "events_of",
    "won",
    "cid",
    "card_str",
]

DEFAULT_HAND = ("king", "queen", "juliet", "hermit", "storm", "beggar", "wizard")
MARK = {"+": UP, "-": DOWN, "~": KNOWN}
SHOW = {UP: "+", DOWN: "-", KNOWN: "~"}


def kind(key: str) -> int:
    return CARDS.kind(key)


def cid(text: str) -> int:
    """``"king@1"`` → the physical card."""
    key, owner = text.split("@")
    return int(owner) * KINDS + kind(key)


def card_str(c: int, flag: int | None = None) -> str:
    text = f"{CARDS.characters[c % KINDS].key}@{c // KINDS}"
    return text if flag is None else SHOW[flag] + text


def score_card(text: str, taken: set[int] | None = None) -> int:
    """``"corn:3"`` → a score card id not in ``taken`` (there are two 3s per icon)."""
    icon, value = text.split(":")
    base = CARDS.icon(icon) * len(PER_ICON)
    for j, v in enumerate(PER_ICON):
        sc = base + j
        if v == int(value) and (taken is None or sc not in taken):
            if taken is not None:
                taken.add(sc)
            return sc
    raise ValueError(f"no free score card {text}")


def table(
    n: int = 3,
    *,
    rows: Mapping[int, Sequence[str]] | None = None,
    scores: Mapping[int, str] | None = None,
    tucks: Mapping[int, Sequence[tuple[int, str]]] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    decks: Mapping[int, Sequence[str]] | None = None,
    discards: Mapping[int, Sequence[str]] | None = None,
    won: Mapping[int, Sequence[str]] | None = None,
    closed: Iterable[int] = (),
    suppressed: Iterable[int] = (),
    player: int = 0,
    round: int = 1,
    seed: int = 1,
) -> RuseState:
    """An exact situation at the start of ``player``'s turn (see the module doc)."""
    s = GAME.setup(n, seed)
    rows, tucks, hands, scores = rows or {}, tucks or {}, hands or {}, scores or {}
    decks, discards, won = decks or {}, discards or {}, won or {}
    used: set[int] = set()

    def take(text: str) -> int:
        c = cid(text)
        assert c not in used, f"{text} named twice"
        used.add(c)
        return c

    s.rows = [[] for _ in range(n)]
    s.up = [[] for _ in range(n)]
    for r, cards in rows.items():
        for text in cards:
            s.rows[r - 1].append(take(text[1:]))
            s.up[r - 1].append(MARK[text[0]])
    s.tucks = [[] for _ in range(n)]
    for r, pairs in tucks.items():
        for pos, text in pairs:
            s.tucks[r - 1].append((s.rows[r - 1][pos - 1], take(text)))
    s.discards = [[take(f"{k}@{seat}") for k in discards.get(seat, ())] for seat in range(n)]
    s.secret = [[] for _ in range(n)]
    named_hands = {seat: [take(f"{k}@{seat}") for k in keys] for seat, keys in hands.items()}
    named_decks = {seat: [take(f"{k}@{seat}") for k in keys] for seat, keys in decks.items()}
    s.hands = []
    for seat in range(n):
        if seat in named_hands:
            s.hands.append(named_hands[seat])
            continue
        free = [k for k in DEFAULT_HAND if seat * KINDS + kind(k) not in used][:3]
        s.hands.append([take(f"{k}@{seat}") for k in free])
    s.decks = []
    for seat in range(n):
        rest = [seat * KINDS + k for k in range(KINDS) if seat * KINDS + k not in used]
        used.update(rest)
        s.decks.append(rest + named_decks.get(seat, []))
    # score cards: the named ones above the rows; every pile keeps 6 - round cards
    taken: set[int] = set()
    s.won = [[score_card(t, taken) for t in won.get(seat, ())] for seat in range(n)]
    default = ["corn:5", "coin:5", "flask:5", "sword:5", "lyre:5", "hat:5"]
    row_score = []
    for r in range(n):
        row_score.append(score_card(scores[r + 1] if r + 1 in scores else default[r], taken))
    s.row_score = row_score
    free_scores = [sc for sc in range(36) if sc not in taken]
    left = 6 - round
    s.piles = [free_scores[i * left : (i + 1) * left] for i in range(n)]
    s.boxed = free_scores[n * left :]
    s.lost = []
    s.closed = [r + 1 in set(closed) for r in range(n)]
    s.suppressed = [r + 1 in set(suppressed) for r in range(n)]
    s.round = round
    s.starter = s.player = player
    s.ender = (player - 1) % n
    s.moved = []
    s.over = False
    s.last_round = ""
    s.pending = Pending(CARD, player)
    s.legal_cache = None
    return s


def do(s: RuseState, seat: int, *names: str) -> list[dict[str, Any]]:
    """Apply the named actions for ``seat`` in order; the public events they produced."""
    out: list[dict[str, Any]] = []
    for name in names:
        out.extend(e.for_seat(None) for e in GAME.apply(s, seat, GAME.decode(name)))
    return out


def legal(s: RuseState, seat: int | None = None) -> list[str]:
    if seat is None:
        (seat,) = GAME.to_act(s)
    return [GAME.encode(a) for a in GAME.legal_actions(s, seat)]


def row(s: RuseState, r: int) -> list[str]:
    return [card_str(c, f) for c, f in zip(s.rows[r - 1], s.up[r - 1], strict=True)]


def hand(s: RuseState, seat: int) -> list[str]:
    return sorted(CARDS.characters[c % KINDS].key for c in s.hands[seat])


def discard(s: RuseState, seat: int) -> list[str]:
    return [CARDS.characters[c % KINDS].key for c in s.discards[seat]]


def deck(s: RuseState, seat: int) -> list[str]:
    return [CARDS.characters[c % KINDS].key for c in s.decks[seat]]


def won(s: RuseState, seat: int) -> list[str]:
    return [f"{CARDS.icons[sc // 6].key}:{PER_ICON[sc % 6]}" for sc in s.won[seat]]


def result(s: RuseState, r: int) -> tuple[int, dict[str, Any]]:
    """Row ``r`` scored as if the round ended now: (winner or -1, breakdown)."""
    winner, detail = GAME.score_row(s, r - 1, detail=True)
    assert detail is not None
    return winner, detail


def values(s: RuseState, r: int) -> dict[str, Any]:
    """``{"king@1": 20, ...}``: every card's final value in row ``r`` (None if removed)."""
    _, detail = result(s, r)
    return {
        f"{c['card']}@{c['owner']}": (None if c["removed"] else c["value"]) for c in detail["cards"]
    }


def types(events: Iterable[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def events_of(events: Iterable[dict[str, Any]], kind_: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind_]


def snapshot(s: RuseState) -> Any:
    p = s.pending
    pending = None if p is None else (p.kind, p.seat, p.card, p.row, p.cloak)
    fields = {
        name: copy.deepcopy(getattr(s, name)) for name in RuseState.__slots__ if name != "pending"
    }
    views = [GAME.view(s, seat) for seat in [None, *range(s.n_players)]]
    return fields, pending, views, s.rng.getstate()


def assert_illegal(s: RuseState, seat: int, name: str) -> IllegalAction:
    """``name`` is refused for ``seat`` and the state is left exactly as it was."""
    before = snapshot(s)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(s, seat, GAME.decode(name))
    assert snapshot(s) == before
    assert info.value.message and info.value.message_zh
    return info.value
