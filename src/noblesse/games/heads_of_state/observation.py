"""Heads of State's designed observation (``Game.observation_spec``): see
``docs/observations.md``.

Seats are relative to the observer (``r = (other - me) % players``: 0 is me, 1 the next
seat in turn order ...), padded to five. Everything but the hands is public in this
game; of the other hands only their sizes and what the table has seen go into them
(``known``: a lower bound the whole table shares) are written, as ``view`` shows.
"""

from __future__ import annotations

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
from noblesse.games.heads_of_state.data import BOARD
from noblesse.games.heads_of_state.rules import (
    ATTRS,
    CENTURIES,
    DECISION_NAMES,
    DISPLAY_A,
    DISPLAY_T,
    LIMIT_T,
    METHOD,
    NA,
    NB,
    NC,
    NOBLE_CARDS,
    NONE,
    NR,
    NS,
    NT,
    OPTION_NAMES,
    PAYING,
    RANKS,
    REV_CARDS,
    TAKES_A,
    TREACHERY,
    HeadsRules,
    HeadsState,
)

SEATS = 5
SCORE_CAP = 100  # scores saturate here
HAND_CAP = 20  # attribute hands saturate here (the limit, 10, holds only at turn end)
THAND_CAP = 8  # treachery hands saturate here (the limit is 4)
PILE_CAP = 20  # discard piles: cards of one kind saturate here
MARKER_TOP = 16  # the most valuable single marker
N_CENT = len(CENTURIES)
ATTR_DECK = max(len(BOARD.attribute_deck(n)) for n in range(2, 6))
TR_DECK = len(BOARD.treachery_deck())
T_COPIES = [1.0 / t.copies for t in TREACHERY]
HOUSE = max(len(v) for v in BOARD.noble_house_markers.values())
ATTR_KEYS = ", ".join(a.key for a in ATTRS)
TR_KEYS = ", ".join(t.key for t in TREACHERY)
RANK_KEYS = ", ".join(r.key for r in RANKS)
OWNER = SEATS  # an owner slot group: the relative seat, one-hot (all zero: nobody)

L = Layout()
PRESENT = L.add("seat_present", SEATS, "1 for each relative seat (me, next, ...) in the game")
STARTER = L.add("starter", SEATS, "relative seat that started the game, one-hot")
PLAYER = L.add("player", SEATS, "relative seat whose turn it is, one-hot")
SCORE = L.add(
    "score",
    SEATS,
    f"each relative seat's points (markers and majorities) / {SCORE_CAP}, clipped",
    -1.0,
    1.0,
)
MAJ = L.add("majority", SEATS, f"each relative seat's majority points / {SCORE_CAP}")
MARK_N = L.add("markers", SEATS, "each relative seat's scoring markers / 10 (saturates)")
MARK_TOP = L.add("best_marker", SEATS, f"each relative seat's most valuable marker / {MARKER_TOP}")
A_COUNT = L.add(
    "attribute_count",
    SEATS,
    f"attribute cards in each relative seat's hand / {HAND_CAP} (saturates)",
)
T_COUNT = L.add(
    "treachery_count",
    SEATS,
    f"treachery cards in each relative seat's hand / {THAND_CAP} (saturates)",
)
KNOWN_A = L.add(
    "known_attributes",
    SEATS * NA,
    f"per relative seat ({NA} slots each), the "
    f"attribute cards the table knows in its hand / 10 (saturates); kinds: {ATTR_KEYS}",
)
KNOWN_T = L.add(
    "known_treachery",
    SEATS * NT,
    f"per relative seat ({NT} slots each), the "
    f"treachery cards the table knows in its hand / {LIMIT_T}; kinds: {TR_KEYS}",
)
NOBLES = L.add(
    "noble_cards",
    SEATS * NR,
    f"per relative seat ({NR} slots each), its noble "
    f"cards of each rank / {NOBLE_CARDS}; ranks: {RANK_KEYS}",
)
EVER = L.add(
    "ranks_ennobled", SEATS * NR, "per relative seat, 1 for each rank it has ever ennobled"
)
HAND = L.add("hand", NA, "my attribute cards of each kind / 10 (saturates)")
THAND = L.add("treachery_hand", NT, f"my treachery cards of each kind / {LIMIT_T}")
CENTURY = L.add("century", N_CENT, "the century, one-hot (" + ", ".join(map(str, CENTURIES)) + ")")
FIRST = L.add("first_round", 1, "the first round of turns")
OVER = L.add("over", 1, "the game is over")
A_DECK = L.add("attribute_deck", 1, f"cards in the attribute deck / {ATTR_DECK}")
R_DECK = L.add("revolution_deck", 1, f"cards in the revolution deck / {REV_CARDS + 1}")
T_DECK = L.add("treachery_deck", 1, f"cards in the treachery deck / {TR_DECK}")
A_DISPLAY = L.add("attribute_display", NA, f"attribute display: cards of each kind / {DISPLAY_A}")
ASIDE = L.add("set_aside", NA, f"attribute cards set aside, each kind / {DISPLAY_A}")
A_DISCARD = L.add("attribute_discard", NA, f"attribute discard, each kind / {PILE_CAP} (saturates)")
T_DISPLAY = L.add("treachery_display", NT, f"treachery display: cards of each kind / {DISPLAY_T}")
T_DISCARD = L.add("treachery_discard", NT, "treachery discard, each kind / its copies")
BOARD_F = L.add(
    "board",
    NS * OWNER,
    f"per slot ({NS}, in data order; {OWNER} slots each): "
    "the relative seat whose noble stands there, one-hot (all zero: empty)",
)
DEAD = L.add("dead", NS, "nobles assassinated on each slot / 3 (saturates)")
INITIAL = L.add(
    "initial_markers",
    NB * OWNER,
    f"per box ({NB}): the relative seat that holds its "
    "initial marker, one-hot (all zero: nobody yet)",
)
COUNTRY = L.add(
    "country_markers",
    NC * 2 * SEATS,
    f"per country ({NC}) and place (first, "
    "second): the relative seat that took the country marker, one-hot",
)
CENT_WON = L.add(
    "century_markers",
    N_CENT * NC * 2 * OWNER,
    "per century, country and marker "
    "(high, low): the relative seat that won it, one-hot (all zero: not awarded)",
)
HOUSE_F = L.add(
    "noble_house",
    HOUSE * SEATS,
    f"per noble-house marker ({HOUSE}, most valuable "
    "first): the relative seat that took it, one-hot",
)
NOBLE_LEFT = L.add("noble_cards_left", NR, f"noble cards left of each rank / {NOBLE_CARDS}")
OPTION = L.add(
    "option",
    len(OPTION_NAMES),
    "this turn's option, one-hot over none, " + ", ".join(OPTION_NAMES[1:]),
)
OWED = L.add(
    "owed", 2, f"cards still owed this turn: attributes / {TAKES_A}, treachery / 3 (saturating)"
)
TARGETED = L.add("targeted", NS, "slots targeted by assassins this turn")
UNFILLED = L.add("unfilled", NS, "the slot left unfilled, one-hot")
D_KIND = L.add(
    "decision_kind",
    len(DECISION_NAMES),
    "the pending decision, one-hot over none, " + ", ".join(DECISION_NAMES[1:]),
)
D_SEAT = L.add("decision_seat", SEATS, "relative seat that answers it, one-hot")
D_SLOT = L.add("decision_slot", NS, "the slot being paid for (pay, method), one-hot")


TAKEN_CAP = 10  # attribute cards of one kind taken or discarded by one seat saturate here
ATTACK_CAP = 5  # assassinations of one seat's nobles by one seat saturate here
OPTION_CAP = 20  # turns one seat chose one option saturate here

H = Layout()
H_TAKEN = H.add(
    "taken",
    SEATS * NA,
    f"per relative seat ({NA} slots each), the attribute "
    f"cards it has taken face up from the display this game / {TAKEN_CAP} "
    "(saturates); cards in data order",
)
H_TAKEN_T = H.add(
    "treachery_taken",
    SEATS * NT,
    f"per relative seat ({NT} slots each), the "
    "treachery cards it has taken face up from the display / the card's copies "
    "(saturates)",
)
H_DISCARDED = H.add(
    "discarded",
    SEATS * NA,
    f"per relative seat, the attribute cards it has discarded / {TAKEN_CAP} (saturates)",
)
H_DISCARDED_T = H.add(
    "treachery_discarded",
    SEATS * NT,
    "per relative seat, the treachery cards it has discarded / the card's copies (saturates)",
)
H_ASSASSINS = H.add(
    "assassins_played",
    SEATS * NT,
    "per relative seat, the treachery cards it "
    "has played to assassinate / the card's copies (saturates)",
)
H_ATTACKS = H.add(
    "assassinations",
    SEATS * SEATS,
    f"per relative seat ({SEATS} slots each), "
    f"its attempts on each relative seat's nobles / {ATTACK_CAP} (saturates)",
)
H_KILLS = H.add(
    "kills",
    SEATS * SEATS,
    f"per relative seat, the nobles of each relative seat it has killed / {ATTACK_CAP} (saturates)",
)
H_OPTIONS = H.add(
    "options",
    SEATS * (len(OPTION_NAMES) - 1),
    "per relative seat, the turns it "
    f"chose each option ({', '.join(OPTION_NAMES[1:])}) / {OPTION_CAP} "
    "(saturates)",
)
_OPTION_INDEX = {name: i - 1 for i, name in enumerate(OPTION_NAMES) if name}


class HeadsHistory(HistorySpec):
    """What every seat sees happen: the cards each seat takes face up from the displays
    and discards, the treachery it plays to assassinate and whose nobles it attacks and
    kills, and the option it chooses each turn (a card drawn blind is not in it)."""

    layout = H
    _cards = {
        "take": (H_TAKEN, NA),
        "take_treachery": (H_TAKEN_T, NT),
        "discard": (H_DISCARDED, NA),
        "discard_treachery": (H_DISCARDED_T, NT),
    }

    def see(self, event: Event, seat: int, n_players: int, acc: Sparse) -> None:
        kind = event.type
        e = event.public
        if kind in self._cards:
            base, width = self._cards[kind]
            acc[base + ((e["seat"] - seat) % n_players) * width + e["card"]] += 1.0
        elif kind == "assassinate":
            r = (e["seat"] - seat) % n_players
            acc[H_ASSASSINS + r * NT + e["card"]] += e["count"]
            if e["target"] >= 0:
                acc[H_ATTACKS + r * SEATS + (e["target"] - seat) % n_players] += 1.0
        elif kind == "killed" and e["target"] >= 0:
            acc[
                H_KILLS
                + ((e["seat"] - seat) % n_players) * SEATS
                + (e["target"] - seat) % n_players
            ] += 1.0
        elif kind == "option":
            acc[
                H_OPTIONS
                + ((e["seat"] - seat) % n_players) * (len(OPTION_NAMES) - 1)
                + _OPTION_INDEX[e["option"]]
            ] += 1.0

    def scales(self) -> list[float]:
        return (
            [1.0 / TAKEN_CAP] * (SEATS * NA)
            + T_COPIES * SEATS
            + [1.0 / TAKEN_CAP] * (SEATS * NA)
            + T_COPIES * SEATS
            + T_COPIES * SEATS
            + [1.0 / ATTACK_CAP] * (2 * SEATS * SEATS)
            + [1.0 / OPTION_CAP] * (SEATS * (len(OPTION_NAMES) - 1))
        )


class HeadsObservation(ObservationSpec):
    layout = L
    history = HeadsHistory()

    def __init__(self, rules: HeadsRules) -> None:
        self._rules = rules  # the game: first_round()

        self.sections = (
            Section(((PRESENT, SCORE), (A_COUNT, KNOWN_A)), None, _seats),
            Section(((SCORE, A_COUNT),), _scores_key, _scores),
            Section(((KNOWN_A, NOBLES),), _known_key, _known),
            Section(((NOBLES, HAND),), _nobles_key, _nobles),
            Section(((HAND, CENTURY),), _hand_key, _hand),
            Section(((CENTURY, A_DISPLAY),), None, self._table),
            Section(((A_DISPLAY, BOARD_F),), _displays_key, _displays, shared=True),
            Section(((BOARD_F, OPTION),), _board_key, _board),
            Section(((OPTION, L.size),), None, _decision),
        )

    def write(self, state: HeadsState, seat: int, out: Buffer) -> None:
        self.write_sections(state, seat, out)

    def _table(self, s: HeadsState, seat: int, out: Buffer) -> None:
        out[CENTURY + min(s.century, N_CENT - 1)] = 1.0
        if self._rules.first_round(s):
            out[FIRST] = 1.0
        if s.over:
            out[OVER] = 1.0
        out[A_DECK] = frac(len(s.attr_deck), ATTR_DECK)
        out[R_DECK] = frac(len(s.rev_deck), REV_CARDS + 1)
        out[T_DECK] = frac(len(s.tr_deck), TR_DECK)


def _seats(s: HeadsState, seat: int, out: Buffer) -> None:
    n = s.n_players
    hands, thands = s.hands, s.thands
    for o in range(n):
        r = (o - seat) % n
        out[PRESENT + r] = 1.0
        out[A_COUNT + r] = frac(sum(hands[o]), HAND_CAP)
        out[T_COUNT + r] = frac(sum(thands[o]), THAND_CAP)
    out[STARTER + (s.starter - seat) % n] = 1.0
    out[PLAYER + (s.player - seat) % n] = 1.0


def _scores_key(s: HeadsState, seat: int) -> object:
    return tuple(s.score), tuple(s.majority), tuple(map(tuple, s.markers))


def _scores(s: HeadsState, seat: int, out: Buffer) -> None:
    n = s.n_players
    for o in range(n):
        r = (o - seat) % n
        out[SCORE + r] = signed(s.score[o] + s.majority[o], SCORE_CAP)
        out[MAJ + r] = frac(s.majority[o], SCORE_CAP)
        marks = s.markers[o]
        if marks:
            out[MARK_N + r] = frac(len(marks), 10)
            out[MARK_TOP + r] = frac(max(marks), MARKER_TOP)


def _known_key(s: HeadsState, seat: int) -> object:
    return tuple(map(tuple, s.known)), tuple(map(tuple, s.tknown))


def _known(s: HeadsState, seat: int, out: Buffer) -> None:
    n = s.n_players
    rel = [(o - seat) % n for o in range(n)]
    for o in range(n):
        r = rel[o]
        known = s.known[o]
        if any(known):
            base = KNOWN_A + r * NA
            for k, c in enumerate(known):
                if c:
                    out[base + k] = frac(c, 10)
        known = s.tknown[o]
        if any(known):
            base = KNOWN_T + r * NT
            for k, c in enumerate(known):
                if c:
                    out[base + k] = frac(c, LIMIT_T)


def _nobles_key(s: HeadsState, seat: int) -> object:
    return tuple(s.ranks_ever), tuple(map(tuple, s.noble_cards))


def _nobles(s: HeadsState, seat: int, out: Buffer) -> None:
    n = s.n_players
    rel = [(o - seat) % n for o in range(n)]
    for o in range(n):
        r = rel[o]
        ever = s.ranks_ever[o]
        if ever:
            base = NOBLES + r * NR
            for k, c in enumerate(s.noble_cards[o]):
                if c:
                    out[base + k] = frac(c, NOBLE_CARDS)
                if (ever >> k) & 1:
                    out[EVER + r * NR + k] = 1.0


def _hand_key(s: HeadsState, seat: int) -> object:
    return tuple(s.hands[seat]), tuple(s.thands[seat])


def _hand(s: HeadsState, seat: int, out: Buffer) -> None:
    for k, c in enumerate(s.hands[seat]):
        if c:
            out[HAND + k] = frac(c, 10)
    for k, c in enumerate(s.thands[seat]):
        if c:
            out[THAND + k] = frac(c, LIMIT_T)


def _displays_key(s: HeadsState, seat: int) -> object:
    return (
        tuple(s.attr_display),
        tuple(s.set_aside),
        tuple(s.attr_discard),
        tuple(s.tr_display),
        tuple(s.tr_discard),
    )


def _displays(s: HeadsState, seat: int, out: Buffer) -> None:
    for base, pile, cap in (
        (A_DISPLAY, s.attr_display, DISPLAY_A),
        (ASIDE, s.set_aside, DISPLAY_A),
        (A_DISCARD, s.attr_discard, PILE_CAP),
        (T_DISPLAY, s.tr_display, DISPLAY_T),
    ):
        for k, c in _counts(pile).items():
            out[base + k] = frac(c, cap)
    for k, c in _counts(s.tr_discard).items():
        out[T_DISCARD + k] = c * T_COPIES[k]


def _counts(cards: list[int]) -> dict[int, int]:
    """How many of each card."""
    counts: dict[int, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return counts


def _board_key(s: HeadsState, seat: int) -> object:
    return (
        tuple(s.slots),
        tuple(s.dead),
        tuple(s.initial_owner),
        tuple(map(tuple, s.country_done)),
        tuple(s.century_won),
        tuple(s.house),
        tuple(s.noble_left),
    )


def _board(s: HeadsState, seat: int, out: Buffer) -> None:
    n = s.n_players
    rel = [(o - seat) % n for o in range(n)]
    for x, o in enumerate(s.slots):
        if o >= 0:
            out[BOARD_F + x * OWNER + rel[o]] = 1.0
    if s.dead:
        dead: dict[int, int] = {}
        for x, _o in s.dead:
            dead[x] = dead.get(x, 0) + 1
        for x, k in dead.items():
            out[DEAD + x] = frac(k, 3)
    for b, o in enumerate(s.initial_owner):
        if o >= 0:
            out[INITIAL + b * OWNER + rel[o]] = 1.0
    for c, done in enumerate(s.country_done):
        for i, o in enumerate(done[:2]):
            out[COUNTRY + (c * 2 + i) * SEATS + rel[o]] = 1.0
    for i, o in enumerate(s.century_won):
        if o >= 0:
            out[CENT_WON + i * OWNER + rel[o]] = 1.0
    for i, o in enumerate(s.house[:HOUSE]):
        out[HOUSE_F + i * SEATS + rel[o]] = 1.0
    for k, c in enumerate(s.noble_left):
        out[NOBLE_LEFT + k] = frac(c, NOBLE_CARDS)


def _decision(s: HeadsState, seat: int, out: Buffer) -> None:
    n = s.n_players
    rel = [(o - seat) % n for o in range(n)]
    out[OPTION + s.option] = 1.0
    out[OWED] = frac(s.owed_attr, TAKES_A)
    out[OWED + 1] = frac(s.owed_tr, 3)
    targeted = s.targeted
    if targeted:
        for x in range(NS):
            if (targeted >> x) & 1:
                out[TARGETED + x] = 1.0
    if s.unfilled >= 0:
        out[UNFILLED + s.unfilled] = 1.0
    out[D_KIND + s.kind] = 1.0
    if s.kind != NONE:
        out[D_SEAT + rel[s.actor]] = 1.0
        if s.kind in (PAYING, METHOD) and s.focus >= 0:
            out[D_SLOT + s.focus] = 1.0
