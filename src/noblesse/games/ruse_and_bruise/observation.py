"""Ruse & Bruise's designed observation (``Game.observation_spec``): see
``docs/observations.md``.

Seats are relative to the observer (``r = (other - me) % players``: 0 is me), padded
to six; rows keep their place on the table (row 1 first), padded to six. A card in a
row shows its kind only face up, or known to all (a jumped Explorer), or when it is
mine, as ``view`` shows it; a tucked card shows only as a count.
"""

from __future__ import annotations

from noblesse.core.events import Event
from noblesse.core.observation import (
    Buffer,
    HistorySpec,
    Layout,
    ObservationSpec,
    Sparse,
    frac,
    signed,
)
from noblesse.games.ruse_and_bruise.rules import (
    CHARACTERS,
    DECISION_NAMES,
    DOWN,
    HAND,
    ICONS,
    KIND,
    KINDS,
    MAX_SEATS,
    N_SCORE,
    OWNER,
    PER_ICON,
    ROUNDS,
    ROW,
    SCORE_ICON,
    SCORE_VALUE,
    RuseRules,
    RuseState,
)

SEATS = ROWS = MAX_SEATS
ROW_SLOTS = 10  # row positions written one by one (nearest the score card first)
ROW_CAP = 12  # row sizes saturate here
SCORE_CAP = 60  # final scores saturate at +-60
TOP = max(PER_ICON)
PILE = 6
N_FACES = 3  # face down, face up, face down but known to all
SLOT = SEATS + N_FACES + KINDS
KIND_KEYS = ", ".join(c.key for c in CHARACTERS)
ICON_KEYS = ", ".join(i.key for i in ICONS)

L = Layout()
PRESENT = L.add("seat_present", SEATS, "1 for each relative seat (me, next, ...) in the game")
STARTER = L.add("starter", SEATS, "relative seat that started this round, one-hot")
PLAYER = L.add("player", SEATS, "relative seat whose turn it is, one-hot")
HAND_SIZE = L.add("hand_size", SEATS, f"cards in each relative seat's hand / {HAND}")
DECK = L.add("deck_size", SEATS, f"cards in each relative seat's draw pile / {KINDS}")
DISCARD = L.add("discard_size", SEATS, f"cards in each relative seat's discard pile / {KINDS}")
PILES = L.add("score_pile", SEATS, f"score cards left in each relative seat's pile / {PILE}")
SCORE = L.add(
    "score", SEATS, f"each relative seat's score so far / {SCORE_CAP}, clipped", -1.0, 1.0
)
WON = L.add(
    "won",
    SEATS * N_SCORE,
    f"per relative seat ({N_SCORE} slots each), the score "
    f"cards it has won, one slot per card (icon by icon: {ICON_KEYS}; values "
    f"{', '.join(map(str, PER_ICON))})",
)
HAND_F = L.add("hand", KINDS, f"my hand: 1 for each kind I hold; kinds: {KIND_KEYS}")
MY_DISCARD = L.add("my_discard", KINDS, "my discard pile: 1 for each kind in it")
ROUND = L.add("round", ROUNDS, "the round, one-hot (round 1 first)")
OVER = L.add("over", 1, "the game is over")
UNCLAIMED = L.add("unclaimed", N_SCORE, "score cards nobody won, one slot per card")
R_PRESENT = L.add("row_present", ROWS, "1 for each row on the table")
R_ICON = L.add("row_icon", ROWS * len(ICONS), "per row, the icon of its score card, one-hot")
R_VALUE = L.add("row_value", ROWS, f"per row, its score card's value (cards needed) / {TOP}")
R_COUNT = L.add("row_count", ROWS, f"per row, the cards counted toward its capacity / {ROW_CAP}")
R_FLAGS = L.add("row_flags", ROWS * 3, "per row: closed by a Storm, suppressed, satisfied")
R_TUCKS = L.add("row_tucks", ROWS, "per row, cards tucked under Cloaks / 3 (saturates)")
R_CARDS = L.add(
    "row_cards",
    ROWS * ROW_SLOTS * SLOT,
    f"per row and position ({ROW_SLOTS} "
    f"positions of {SLOT} slots): the relative seat owning the card, one-hot "
    f"({SEATS}); face down, face up, known to all, one-hot (3); its kind, one-hot "
    f"({KINDS}), only when face up, known to all, or mine",
)
R_KINDS = L.add(
    "row_kinds",
    ROWS * KINDS,
    "per row, 1 for each kind visible to me anywhere in the row (beyond the positions above too)",
)
D_KIND = L.add(
    "decision_kind",
    len(DECISION_NAMES),
    "the pending decision, one-hot over " + ", ".join(DECISION_NAMES),
)
D_SEAT = L.add("decision_seat", SEATS, "relative seat that answers it, one-hot")
D_ROW = L.add("decision_row", ROWS, "the row of the revealed Cloak or Traitor, one-hot")
D_CARD = L.add(
    "decision_card", KINDS, "to the seat placing it: the kind of the card chosen, one-hot"
)


H = Layout()
H_REVEALED = H.add(
    "revealed",
    SEATS * KINDS,
    f"per relative seat ({KINDS} slots each), its "
    f"characters revealed on the table this game / {ROUNDS} (saturates); kinds: "
    f"{KIND_KEYS}",
)
H_KILLED = H.add(
    "killed",
    SEATS * KINDS,
    f"per relative seat ({KINDS} slots each), its "
    f"characters an Assassin discarded this game, as far as I saw them (the owner "
    f"sees its own; a face-up card everyone) / {ROUNDS} (saturates)",
)


class RuseHistory(HistorySpec):
    """What a seat sees happen: the characters each seat had revealed on the table, and
    those an Assassin discarded unrevealed (the owner knows its own, and a card known to
    all, a jumped Explorer, is told to everyone)."""

    layout = H

    def see(self, event: Event, seat: int, n_players: int, acc: Sparse) -> None:
        kind = event.type
        if kind == "reveal":
            e = event.public
            acc[H_REVEALED + ((e["owner"] - seat) % n_players) * KINDS + e["card"]] += 1.0
        elif kind == "kill":
            e = event.for_seat(seat)
            if "card" in e:
                acc[H_KILLED + ((e["owner"] - seat) % n_players) * KINDS + e["card"]] += 1.0

    def scales(self) -> list[float]:
        return [1.0 / ROUNDS] * H.size


class RuseObservation(ObservationSpec):
    layout = L
    history = RuseHistory()

    def __init__(self, rules: RuseRules) -> None:
        self._rules = rules  # the game: score(), count(), satisfied()

    def write(self, state: RuseState, seat: int, out: Buffer) -> None:
        s = state
        n = s.n_players
        rules = self._rules
        for o in range(n):
            r = (o - seat) % n
            out[PRESENT + r] = 1.0
            out[HAND_SIZE + r] = frac(len(s.hands[o]), HAND)
            out[DECK + r] = frac(len(s.decks[o]), KINDS)
            out[DISCARD + r] = frac(len(s.discards[o]), KINDS)
            out[PILES + r] = frac(len(s.piles[o]), PILE)
            won = s.won[o]
            if won:
                out[SCORE + r] = signed(rules.score(s, o), SCORE_CAP)
                for sc in won:
                    out[WON + r * N_SCORE + sc] = 1.0
        out[STARTER + (s.starter - seat) % n] = 1.0
        out[PLAYER + (s.player - seat) % n] = 1.0
        for c in s.hands[seat]:
            out[HAND_F + KIND[c]] = 1.0
        for c in s.discards[seat]:
            out[MY_DISCARD + KIND[c]] = 1.0
        if 1 <= s.round <= ROUNDS:
            out[ROUND + s.round - 1] = 1.0
        if s.over:
            out[OVER] = 1.0
        for sc in s.lost:
            out[UNCLAIMED + sc] = 1.0
        for row in range(n):
            out[R_PRESENT + row] = 1.0
            sc = s.row_score[row]
            if sc >= 0:
                out[R_ICON + row * len(ICONS) + SCORE_ICON[sc]] = 1.0
                out[R_VALUE + row] = frac(SCORE_VALUE[sc], TOP)
                if rules.satisfied(s, row):
                    out[R_FLAGS + row * 3 + 2] = 1.0
            out[R_COUNT + row] = frac(rules.count(s, row), ROW_CAP)
            if s.closed[row]:
                out[R_FLAGS + row * 3] = 1.0
            if s.suppressed[row]:
                out[R_FLAGS + row * 3 + 1] = 1.0
            if s.tucks[row]:
                out[R_TUCKS + row] = frac(len(s.tucks[row]), 3)
            base = R_CARDS + row * ROW_SLOTS * SLOT
            kinds = R_KINDS + row * KINDS
            for i, (c, face) in enumerate(zip(s.rows[row], s.up[row], strict=True)):
                owner = OWNER[c]
                shown = face != DOWN or owner == seat
                if shown:
                    out[kinds + KIND[c]] = 1.0
                if i < ROW_SLOTS:
                    at = base + i * SLOT
                    out[at + (owner - seat) % n] = 1.0
                    out[at + SEATS + face] = 1.0
                    if shown:
                        out[at + SEATS + N_FACES + KIND[c]] = 1.0
        p = s.pending
        if p is not None:
            out[D_KIND + p.kind] = 1.0
            out[D_SEAT + (p.seat - seat) % n] = 1.0
            if p.row >= 0:
                out[D_ROW + p.row] = 1.0
            if p.kind == ROW and p.seat == seat and p.card >= 0:
                out[D_CARD + KIND[p.card]] = 1.0
