"""Guillotine's designed observation (``Game.observation_spec``): see ``docs/observations.md``.

Seats are relative to the observer (``r = (other - me) % players``: 0 is me, 1 the next
seat in turn order ...), padded to five. Counts of a card are divided by its copies in
the game, so each is in [0, 1]; sizes that have no hard bound saturate at a cap named
in the field's meaning. Only what ``view(state, me)`` shows is written: my hand and my
hidden support card, the cards I have seen in other hands, Late Arrival's peek and
Bad Etiquette's look only to the seat that takes them.
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
from noblesse.games.guillotine.data import COLOURS
from noblesse.games.guillotine.rules import (
    ACTIONS,
    DECISION_NAMES,
    LOOK_DISCARD,
    MAX_SEATS,
    N_ACTIONS,
    N_NOBLES,
    NOBLES,
    ORDER,
    PEEK_PICK,
    PILE_PICK,
    PILE_PICK_BACK,
    RULES,
    SUPPORT_CARDS,
    GuillotineRules,
    GuillotineState,
)

LINE_SLOTS = 16  # line positions written one by one (the line starts at 12)
HAND_CAP = 15  # hand sizes saturate here
PILE_CAP = 30  # score-pile sizes saturate here
SCORE_CAP = 40  # scores saturate at +-40
COUNT_CAP = 5  # a decision's count (cards to discard) saturates here
SPAN = RULES["opinionated_guards_span"]
DAYS = RULES["days"]
N_DECISIONS = len(DECISION_NAMES)
NOBLE_COPIES = [1.0 / n.copies for n in NOBLES]
ACTION_COPIES = [1.0 / a.copies for a in ACTIONS]
NOBLE_DECK = sum(n.copies for n in NOBLES)
ACTION_DECK = sum(a.copies for a in ACTIONS)
SUPPORT_INDEX = {c: i for i, c in enumerate(SUPPORT_CARDS)}
NOBLE_KEYS = ", ".join(n.key for n in NOBLES)
ACTION_KEYS = ", ".join(a.key for a in ACTIONS)

L = Layout()
SEATS = MAX_SEATS
PRESENT = L.add("seat_present", SEATS, "1 for each relative seat (me, next, ...) in the game")
STARTER = L.add("starter", SEATS, "relative seat that started this day, one-hot")
PLAYER = L.add("player", SEATS, "relative seat whose turn it is, one-hot")
TO_ACT = L.add("to_act", SEATS, "relative seat that must decide now, one-hot")
HAND_SIZE = L.add(
    "hand_size", SEATS, f"cards in each relative seat's hand / {HAND_CAP} (saturates)"
)
SCORE = L.add(
    "score",
    SEATS,
    f"each relative seat's score as the view shows it (mine with my "
    f"hidden support) / {SCORE_CAP}, clipped",
    -1.0,
    1.0,
)
PILE_SIZE = L.add("pile_size", SEATS, f"nobles in each relative seat's score pile / {PILE_CAP}")
HAS_HIDDEN = L.add(
    "has_hidden_support",
    SEATS,
    "the relative seat has a face-down support card (hidden_support variant)",
)
RUSH = L.add("rush_job", SEATS, "the relative seat has Rush Job in front of it")
CONFUSION = L.add("confusion_in_line", SEATS, "the relative seat has Confusion in Line in front")
PILES = L.add(
    "piles",
    SEATS * N_NOBLES,
    f"per relative seat ({N_NOBLES} slots each), copies of "
    f"each noble in its score pile / the noble's copies; nobles in data order: "
    f"{NOBLE_KEYS}",
)
FRONT = L.add(
    "front",
    SEATS * N_ACTIONS,
    f"per relative seat ({N_ACTIONS} slots each), action "
    f"cards face up in front of it / the card's copies; cards in data order: "
    f"{ACTION_KEYS}",
)
KNOWN = L.add(
    "known_hands",
    SEATS * N_ACTIONS,
    f"per relative seat ({N_ACTIONS} slots each; "
    "mine all zero), the cards I have seen in its hand / the card's copies",
)
HAND = L.add("hand", N_ACTIONS, "my hand: copies of each action card / the card's copies")
HIDDEN = L.add(
    "hidden_support",
    len(SUPPORT_CARDS),
    "my face-down support card, one-hot over " + ", ".join(ACTIONS[c].key for c in SUPPORT_CARDS),
)
DAY = L.add("day", DAYS, "the day, one-hot (day 1 first)")
OVER = L.add("over", 1, "the game is over")
NOBLE_DECK_F = L.add("noble_deck", 1, f"nobles left in the noble deck / {NOBLE_DECK}")
ACTION_DECK_F = L.add("action_deck", 1, f"cards left in the action deck / {ACTION_DECK}")
NOBLE_DISCARD = L.add("noble_discard", N_NOBLES, "discarded nobles / the noble's copies")
ACTION_DISCARD = L.add("action_discard", N_ACTIONS, "discarded action cards / the card's copies")
TURN = L.add(
    "turn_flags",
    5,
    "this turn: Rush Job active, Political Influence, Double "
    "Feature, Scarlet Pimpernel, after a Trip",
)
IN_PLAY = L.add("in_play", N_ACTIONS, "the action card being resolved, one-hot")
LINE_LEN = L.add("line_length", 1, f"nobles in the line / {LINE_SLOTS} (saturates)")
LINE = L.add(
    "line",
    LINE_SLOTS * N_NOBLES,
    f"the line from the front, {LINE_SLOTS} positions "
    f"of {N_NOBLES} slots: the noble at that position, one-hot",
)
LINE_COUNTS = L.add("line_counts", N_NOBLES, "every noble in the line (any position) / its copies")
LINE_COLOURS = L.add(
    "line_colours",
    len(COLOURS),
    f"nobles of each colour ({', '.join(COLOURS)}) in the line / {LINE_SLOTS}",
)
D_KIND = L.add(
    "decision_kind", N_DECISIONS, "the pending decision, one-hot over " + ", ".join(DECISION_NAMES)
)
D_SEAT = L.add("decision_seat", SEATS, "relative seat that answers it, one-hot")
D_CARD = L.add("decision_card", N_ACTIONS, "the action card it resolves, one-hot")
D_TARGET = L.add("decision_target", SEATS, "relative seat the card named, one-hot")
D_NOBLE = L.add("decision_noble", 1, f"line position chosen (1 = front) / {LINE_SLOTS}, 0 if none")
D_COUNT = L.add("decision_count", 1, f"cards still to discard (or nobles peeked) / {COUNT_CAP}")
D_ORDER = L.add(
    "decision_order", SPAN, f"Opinionated Guards: the positions put in order so far, each / {SPAN}"
)
D_FIRST = L.add(
    "decision_first_pick", 1, f"Clerical Error: the first pile position picked / {PILE_CAP}"
)
D_PEEK = L.add(
    "decision_peek",
    N_NOBLES,
    "Late Arrival, to the seat that peeks: the nobles revealed / the noble's copies",
)
D_LOOK = L.add(
    "decision_look", N_ACTIONS, "to the seat looking at another hand: that hand / the card's copies"
)


H = Layout()
H_PLAYED = H.add(
    "played",
    SEATS * N_ACTIONS,
    f"per relative seat ({N_ACTIONS} slots each), "
    "the action cards it has played this game / the card's copies (saturates); "
    "cards in data order",
)
H_DISCARDED = H.add(
    "discarded",
    SEATS * N_ACTIONS,
    f"per relative seat ({N_ACTIONS} slots "
    "each), the action cards it has discarded from its hand this game / the "
    "card's copies (saturates)",
)


class GuillotineHistory(HistorySpec):
    """What every seat sees happen: the action cards each seat played (shown to the
    table as they are played) and discarded from its hand (face up, to the discard)."""

    layout = H
    _field = {"play": H_PLAYED, "discard": H_DISCARDED}

    def see(self, event: Event, seat: int, n_players: int, acc: Sparse) -> None:
        base = self._field.get(event.type)
        if base is not None:
            e = event.public
            acc[base + ((e["seat"] - seat) % n_players) * N_ACTIONS + e["card"]] += 1.0

    def scales(self) -> list[float]:
        return ACTION_COPIES * (2 * SEATS)


class GuillotineObservation(ObservationSpec):
    layout = L
    history = GuillotineHistory()

    def __init__(self, rules: GuillotineRules) -> None:
        self._rules = rules  # the game: its score()
        self.sections = (
            Section(((PRESENT, SCORE), (PILE_SIZE, PILES)), None, _seats),
            Section(((SCORE, PILE_SIZE),), _scores_key, self._scores),
            Section(((PILES, FRONT),), _piles_key, _piles),
            Section(((FRONT, KNOWN),), _front_key, _front),
            Section(((KNOWN, HAND),), _known_key, _known),
            Section(((HAND, DAY),), _hand_key, _hand),
            Section(((DAY, NOBLE_DISCARD), (TURN, LINE_LEN)), None, _table),
            Section(((NOBLE_DISCARD, TURN),), _discards_key, _discards, shared=True),
            Section(((LINE_LEN, D_KIND),), _line_key, _line, shared=True),
            Section(((D_KIND, L.size),), None, _decision),
        )

    def write(self, state: GuillotineState, seat: int, out: Buffer) -> None:
        self.write_sections(state, seat, out)

    def _scores(self, s: GuillotineState, seat: int, out: Buffer) -> None:
        n = s.n_players
        score = self._rules.score
        over = s.over
        for r in range(n):
            o = (seat + r) % n
            out[SCORE + r] = signed(score(s, o, reveal=over or o == seat), SCORE_CAP)


def _seats(s: GuillotineState, seat: int, out: Buffer) -> None:
    n = s.n_players
    hands, piles, hidden, rush, confusion = s.hands, s.piles, s.hidden, s.rush, s.confusion
    for r in range(n):
        o = (seat + r) % n
        out[PRESENT + r] = 1.0
        out[HAND_SIZE + r] = frac(len(hands[o]), HAND_CAP)
        out[PILE_SIZE + r] = frac(len(piles[o]), PILE_CAP)
        if hidden[o] >= 0:
            out[HAS_HIDDEN + r] = 1.0
        if rush[o]:
            out[RUSH + r] = 1.0
        if confusion[o]:
            out[CONFUSION + r] = 1.0
    out[STARTER + (s.starter - seat) % n] = 1.0
    out[PLAYER + (s.player - seat) % n] = 1.0
    if s.pending is not None:
        out[TO_ACT + (s.pending.seat - seat) % n] = 1.0


def _scores_key(s: GuillotineState, seat: int) -> object:
    """What the scores are a function of: the piles, the fronts, the support cards the
    seat may count (its own; every one once the game is over)."""
    return (
        tuple(map(tuple, s.piles)),
        tuple(map(tuple, s.front)),
        tuple(s.hidden) if s.over else s.hidden[seat],
    )


def _piles_key(s: GuillotineState, seat: int) -> object:
    return tuple(map(tuple, s.piles))


def _piles(s: GuillotineState, seat: int, out: Buffer) -> None:
    n = s.n_players
    for r in range(n):
        base = PILES + r * N_NOBLES
        for x in s.piles[(seat + r) % n]:
            out[base + x] += NOBLE_COPIES[x]


def _front_key(s: GuillotineState, seat: int) -> object:
    return tuple(map(tuple, s.front))


def _front(s: GuillotineState, seat: int, out: Buffer) -> None:
    n = s.n_players
    for r in range(n):
        base = FRONT + r * N_ACTIONS
        for c in s.front[(seat + r) % n]:
            out[base + c] += ACTION_COPIES[c]


def _known_key(s: GuillotineState, seat: int) -> object:
    return tuple(s.seen[seat])


def _known(s: GuillotineState, seat: int, out: Buffer) -> None:
    n = s.n_players
    seen = s.seen[seat]
    for r in range(1, n):
        base = KNOWN + r * N_ACTIONS
        for c in seen[(seat + r) % n]:
            out[base + c] += ACTION_COPIES[c]


def _hand_key(s: GuillotineState, seat: int) -> object:
    return tuple(s.hands[seat]), s.hidden[seat]


def _hand(s: GuillotineState, seat: int, out: Buffer) -> None:
    for c in s.hands[seat]:
        out[HAND + c] += ACTION_COPIES[c]
    if s.hidden[seat] >= 0:
        out[HIDDEN + SUPPORT_INDEX[s.hidden[seat]]] = 1.0


def _table(s: GuillotineState, seat: int, out: Buffer) -> None:
    if 1 <= s.day <= DAYS:
        out[DAY + s.day - 1] = 1.0
    if s.over:
        out[OVER] = 1.0
    out[NOBLE_DECK_F] = frac(len(s.noble_deck), NOBLE_DECK)
    out[ACTION_DECK_F] = frac(len(s.action_deck), ACTION_DECK)
    for i, flag in enumerate((s.rush_active, s.political, s.double, s.pimpernel, s.after_trip)):
        if flag:
            out[TURN + i] = 1.0
    if s.in_play >= 0:
        out[IN_PLAY + s.in_play] = 1.0


def _discards_key(s: GuillotineState, seat: int) -> object:
    return tuple(s.noble_discard), tuple(s.action_discard)


def _discards(s: GuillotineState, seat: int, out: Buffer) -> None:
    for x in s.noble_discard:
        out[NOBLE_DISCARD + x] += NOBLE_COPIES[x]
    for c in s.action_discard:
        out[ACTION_DISCARD + c] += ACTION_COPIES[c]


def _line_key(s: GuillotineState, seat: int) -> object:
    return tuple(s.line)


def _line(s: GuillotineState, seat: int, out: Buffer) -> None:
    line = s.line
    out[LINE_LEN] = frac(len(line), LINE_SLOTS)
    colours = [0] * len(COLOURS)
    for i, x in enumerate(line):
        if i < LINE_SLOTS:
            out[LINE + i * N_NOBLES + x] = 1.0
        out[LINE_COUNTS + x] += NOBLE_COPIES[x]
        colours[NOBLES[x].colour] += 1
    for i, k in enumerate(colours):
        out[LINE_COLOURS + i] = frac(k, LINE_SLOTS)


def _decision(s: GuillotineState, seat: int, out: Buffer) -> None:
    p = s.pending
    if p is None:
        return
    n = s.n_players
    out[D_KIND + p.kind] = 1.0
    out[D_SEAT + (p.seat - seat) % n] = 1.0
    if p.card >= 0:
        out[D_CARD + p.card] = 1.0
    if p.target >= 0:
        out[D_TARGET + (p.target - seat) % n] = 1.0
    if p.noble >= 0:
        out[D_NOBLE] = frac(p.noble + 1, LINE_SLOTS)
    kind = p.kind
    if kind == ORDER:
        for i, pick in enumerate(p.picks[:SPAN]):
            out[D_ORDER + i] = frac(pick + 1, SPAN)
    elif kind == PEEK_PICK:
        out[D_COUNT] = frac(len(p.picks), COUNT_CAP)
        if p.seat == seat:
            for x in p.picks:
                out[D_PEEK + x] += NOBLE_COPIES[x]
    elif kind in (PILE_PICK, PILE_PICK_BACK) and p.picks and p.picks[0] >= 0:
        out[D_FIRST] = frac(p.picks[0] + 1, PILE_CAP)
    elif kind == LOOK_DISCARD and p.seat == seat:
        for c in s.hands[p.target]:
            out[D_LOOK + c] += ACTION_COPIES[c]
    if p.count:
        out[D_COUNT] = frac(p.count, COUNT_CAP)
