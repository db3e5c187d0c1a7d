"""Ruse & Bruise's designed observation (``Game.observation_spec``): see
``docs/observations.md``.

Seats are relative to the observer (``r = (other - me) % players``: 0 is me), padded
to six; rows keep their place on the table (row 1 first), padded to six. A card in a
row shows its kind only face up, or known to all (a jumped Explorer), or when it is
mine, as ``view`` shows it; a tucked card shows only as a count.
"""

from __future__ import annotations

from collections.abc import Callable

from noblesse.core.events import Event
from noblesse.core.observation import (
    Buffer,
    HistorySpec,
    Layout,
    ObservationSpec,
    Section,
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


def _row_slots(row: int) -> tuple[tuple[int, int], ...]:
    """The slots of row ``row`` in every per-row field."""
    return tuple(
        (base + row * width, base + (row + 1) * width)
        for base, width in (
            (R_PRESENT, 1),
            (R_ICON, len(ICONS)),
            (R_VALUE, 1),
            (R_COUNT, 1),
            (R_FLAGS, 3),
            (R_TUCKS, 1),
            (R_CARDS, ROW_SLOTS * SLOT),
            (R_KINDS, KINDS),
        )
    )


class RuseObservation(ObservationSpec):
    layout = L
    history = RuseHistory()

    def __init__(self, rules: RuseRules) -> None:
        self._rules = rules  # the game: score(), count(), satisfied()
        self.sections = (
            Section(((PRESENT, SCORE),), None, _seats),
            Section(((SCORE, HAND_F),), _won_key, self._won),
            Section(((HAND_F, ROUND),), _mine_key, _mine),
            Section(((ROUND, UNCLAIMED),), None, _table),
            Section(((UNCLAIMED, R_PRESENT),), _lost_key, _lost, shared=True),
            *(
                Section(_row_slots(row), _row_key(row), self._row_writer(row))
                for row in range(ROWS)
            ),
            Section(((D_KIND, L.size),), None, _decision),
        )

    def write(self, state: RuseState, seat: int, out: Buffer) -> None:
        self.write_sections(state, seat, out)

    def _won(self, s: RuseState, seat: int, out: Buffer) -> None:
        n = s.n_players
        score = self._rules.score
        for o in range(n):
            won = s.won[o]
            if won:
                r = (o - seat) % n
                out[SCORE + r] = signed(score(s, o), SCORE_CAP)
                base = WON + r * N_SCORE
                for sc in won:
                    out[base + sc] = 1.0

    def _row_writer(self, row: int) -> Callable[[RuseState, int, Buffer], None]:
        rules = self._rules
        icon_base = R_ICON + row * len(ICONS)
        flags = R_FLAGS + row * 3
        base = R_CARDS + row * ROW_SLOTS * SLOT
        kinds = R_KINDS + row * KINDS

        def write(s: RuseState, seat: int, out: Buffer) -> None:
            n = s.n_players
            if row >= n:
                return
            out[R_PRESENT + row] = 1.0
            sc = s.row_score[row]
            if sc >= 0:
                out[icon_base + SCORE_ICON[sc]] = 1.0
                out[R_VALUE + row] = frac(SCORE_VALUE[sc], TOP)
                if rules.satisfied(s, row):
                    out[flags + 2] = 1.0
            out[R_COUNT + row] = frac(rules.count(s, row), ROW_CAP)
            if s.closed[row]:
                out[flags] = 1.0
            if s.suppressed[row]:
                out[flags + 1] = 1.0
            if s.tucks[row]:
                out[R_TUCKS + row] = frac(len(s.tucks[row]), 3)
            at = base
            for i, (c, face) in enumerate(zip(s.rows[row], s.up[row], strict=True)):
                owner = OWNER[c]
                shown = face != DOWN or owner == seat
                if shown:
                    out[kinds + KIND[c]] = 1.0
                if i < ROW_SLOTS:
                    out[at + (owner - seat) % n] = 1.0
                    out[at + SEATS + face] = 1.0
                    if shown:
                        out[at + SEATS + N_FACES + KIND[c]] = 1.0
                    at += SLOT

        return write


def _seats(s: RuseState, seat: int, out: Buffer) -> None:
    n = s.n_players
    hands, decks, discards, piles = s.hands, s.decks, s.discards, s.piles
    for o in range(n):
        r = (o - seat) % n
        out[PRESENT + r] = 1.0
        out[HAND_SIZE + r] = frac(len(hands[o]), HAND)
        out[DECK + r] = frac(len(decks[o]), KINDS)
        out[DISCARD + r] = frac(len(discards[o]), KINDS)
        out[PILES + r] = frac(len(piles[o]), PILE)
    out[STARTER + (s.starter - seat) % n] = 1.0
    out[PLAYER + (s.player - seat) % n] = 1.0


def _won_key(s: RuseState, seat: int) -> object:
    return tuple(map(tuple, s.won))


def _mine_key(s: RuseState, seat: int) -> object:
    return tuple(s.hands[seat]), tuple(s.discards[seat])


def _mine(s: RuseState, seat: int, out: Buffer) -> None:
    for c in s.hands[seat]:
        out[HAND_F + KIND[c]] = 1.0
    for c in s.discards[seat]:
        out[MY_DISCARD + KIND[c]] = 1.0


def _table(s: RuseState, seat: int, out: Buffer) -> None:
    if 1 <= s.round <= ROUNDS:
        out[ROUND + s.round - 1] = 1.0
    if s.over:
        out[OVER] = 1.0


def _lost_key(s: RuseState, seat: int) -> object:
    return tuple(s.lost)


def _lost(s: RuseState, seat: int, out: Buffer) -> None:
    for sc in s.lost:
        out[UNCLAIMED + sc] = 1.0


def _row_key(row: int) -> Callable[[RuseState, int], object]:
    """What row ``row``'s slots are a function of (the seat's own: which cards are mine
    shows in them)."""

    def key(s: RuseState, seat: int) -> object:
        if row >= s.n_players:
            return None
        return (
            tuple(s.rows[row]),
            tuple(s.up[row]),
            len(s.tucks[row]),
            s.closed[row],
            s.suppressed[row],
            s.row_score[row],
        )

    return key


def _decision(s: RuseState, seat: int, out: Buffer) -> None:
    p = s.pending
    if p is not None:
        n = s.n_players
        out[D_KIND + p.kind] = 1.0
        out[D_SEAT + (p.seat - seat) % n] = 1.0
        if p.row >= 0:
            out[D_ROW + p.row] = 1.0
        if p.kind == ROW and p.seat == seat and p.card >= 0:
            out[D_CARD + KIND[p.card]] = 1.0
