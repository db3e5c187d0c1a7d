"""Conflicting Legends' designed observation (``Game.observation_spec``): see
``docs/observations.md``.

Seats are relative to the observer (``r = (other - me) % players``: 0 is me), padded
to six. Of the secret throw only my own commitment is written, and both only once
both are revealed, as ``view`` shows them; other hands show only as sizes.
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
)
from noblesse.games.conflicting_legends.rules import (
    CHARS,
    CONTINENTS_TO_WIN,
    DECISION_NAMES,
    GESTURES,
    GLORY_TO_WIN,
    HAND_LIMIT,
    LANDS,
    MAX_SEATS,
    N_CHARS,
    N_LANDS,
    RESULT_NAMES,
    SILENCE,
    THROW,
    TOKENS,
    LegendsRules,
    LegendsState,
)

SEATS = MAX_SEATS
HAND_CAP = 2 * HAND_LIMIT  # hands saturate here (the limit holds only at settlement)
TOKEN_CAP = 20  # tokens of one type saturate here
ROUND_CAP = 30  # rounds saturate here
WAR_CAP = 5  # a war's throws and ties saturate here
THROWS_SHOWN = 3  # the last throws of the war written one by one
TRIGGER_CAP = 3
COPIES = [1.0 / c.copies for c in CHARS]
DECK = sum(c.copies for c in CHARS)
NG = len(GESTURES)
NR = len(RESULT_NAMES)
CHAR_KEYS = ", ".join(c.key for c in CHARS)
LAND_KEYS = ", ".join(t.key for t in LANDS)

L = Layout()
PRESENT = L.add("seat_present", SEATS, "1 for each relative seat (me, next, ...) in the game")
START = L.add("start", SEATS, "relative seat that starts this round, one-hot")
ACTIVE = L.add("active", SEATS, "relative seat whose turn it is, one-hot")
TO_ACT = L.add("to_act", SEATS, "relative seats that must decide now (two in a throw)")
HAND_SIZE = L.add(
    "hand_size", SEATS, f"cards in each relative seat's hand / {HAND_CAP} (saturates)"
)
TOKENS_F = L.add(
    "tokens",
    SEATS * len(TOKENS),
    f"per relative seat, its {', '.join(TOKENS)} tokens / {TOKEN_CAP} (saturates)",
)
PASSED = L.add("passed", SEATS, "the relative seat has passed this round")
GLORY = L.add(
    "glory",
    SEATS,
    f"each relative seat's glory / {GLORY_TO_WIN} (saturates; "
    f"{GLORY_TO_WIN} and {CONTINENTS_TO_WIN} continents win)",
)
CONT = L.add(
    "continents", SEATS, f"continents each relative seat holds land in / {CONTINENTS_TO_WIN}"
)
LANDS_F = L.add(
    "lands",
    SEATS * N_LANDS,
    f"per relative seat ({N_LANDS} slots each), 1 for "
    f"each territory it holds; territories: {LAND_KEYS}",
)
TABLEAU = L.add(
    "tableau",
    SEATS * N_CHARS,
    f"per relative seat ({N_CHARS} slots each), its "
    f"characters in play / the card's copies; characters: {CHAR_KEYS}",
)
ARMED = L.add("armed", SEATS * N_CHARS, "per relative seat, its armed characters / copies")
HAND = L.add("hand", N_CHARS, "my hand: each character / its copies")
YELLOW = L.add("yellow", N_LANDS, "1 for each territory turned to its yellow side")
ROUND = L.add("round", 1, f"the round / {ROUND_CAP} (saturates)")
OVER = L.add("over", 1, "the game is over")
LAND_DECK = L.add("land_deck", 1, f"territories left in the deck / {N_LANDS}")
LAND_TOP = L.add("land_top", N_LANDS, "the territory on top of the deck, one-hot")
DECK_F = L.add("deck", 1, f"characters left in the deck / {DECK}")
DISCARD = L.add("discard", N_CHARS, "discarded characters / the card's copies")
W_ON = L.add("war", 1, "a war is being fought")
W_ATT = L.add("war_attacker", SEATS, "the attacker's relative seat, one-hot")
W_DEF = L.add("war_defender", SEATS, "the defender's relative seat, one-hot")
W_LAND = L.add("war_land", N_LANDS, "the territory fought for, one-hot")
W_CARD = L.add("war_card", N_CHARS, "the character that declared the war, one-hot")
W_COUNT = L.add("war_counts", 2, f"throws made / {WAR_CAP}, ties / {WAR_CAP} (saturating)")
W_SAID = L.add(
    "war_announced",
    2 * (NG + 1),
    "what the attacker, then the defender announced: "
    f"{', '.join(GESTURES)} or silence, one-hot each (all zero: nothing yet)",
)
W_THROWS = L.add(
    "war_throws",
    THROWS_SHOWN * (2 * NG + NR),
    f"the last {THROWS_SHOWN} throws, "
    f"latest first: attacker's gesture, defender's gesture, result "
    f"({', '.join(RESULT_NAMES)}), one-hot each",
)
W_TRIG = L.add(
    "war_triggers",
    2,
    f"tie triggers on the attacker's, the defender's side / {TRIGGER_CAP} (saturating)",
)
W_FLAGS = L.add("war_flags", 3, "Gandhi in force, Charlemagne's choice open, the war decided")
W_BANNED = L.add("war_banned", NG, "the gesture the defender may not throw (Hannibal), one-hot")
W_MINE = L.add("war_my_throw", NG, "my secret throw, committed and not yet revealed, one-hot")
W_SHOWN = L.add(
    "war_revealed",
    2 * NG,
    "the throw being resolved, once both are revealed: attacker's, defender's, one-hot each",
)
D_KIND = L.add(
    "decision_kind",
    len(DECISION_NAMES),
    "the pending decision, one-hot over " + ", ".join(DECISION_NAMES),
)
D_SEAT = L.add("decision_seat", SEATS, "relative seat that answers it, one-hot")
D_CARD = L.add("decision_card", N_CHARS, "the character being resolved, one-hot")
D_LAND = L.add("decision_land", N_LANDS, "the territory chosen, one-hot")
D_COUNT = L.add("decision_count", 1, f"its running count / {SEATS} (saturates)")


THROWN_CAP = 20  # gestures of one kind thrown by one seat saturate here
GESTURE_INDEX = {g: i for i, g in enumerate(GESTURES)}

H = Layout()
H_PLAYED = H.add(
    "played",
    SEATS * N_CHARS,
    f"per relative seat ({N_CHARS} slots each), the "
    "characters it has played to its tableau this game / the card's copies "
    "(saturates)",
)
H_DISCARDED = H.add(
    "discarded",
    SEATS * N_CHARS,
    f"per relative seat ({N_CHARS} slots each), "
    "its characters discarded this game, from its hand or its tableau / the "
    "card's copies (saturates)",
)
H_THROWN = H.add(
    "thrown",
    SEATS * NG,
    f"per relative seat ({NG} slots each: "
    f"{', '.join(GESTURES)}), the gestures it has thrown in wars, as revealed / "
    f"{THROWN_CAP} (saturates)",
)


class LegendsHistory(HistorySpec):
    """What every seat sees happen: the characters each seat played and lost to the
    discard, and the gestures it threw in wars (once both throws are revealed)."""

    layout = H

    def see(self, event: Event, seat: int, n_players: int, acc: Sparse) -> None:
        kind = event.type
        if kind == "play" or kind == "discard":
            e = event.public
            base = H_PLAYED if kind == "play" else H_DISCARDED
            acc[base + ((e["seat"] - seat) % n_players) * N_CHARS + e["card"]] += 1.0
        elif kind == "reveal":
            e = event.public
            acc[
                H_THROWN
                + ((e["seat"] - seat) % n_players) * NG
                + GESTURE_INDEX[e["attacker_gesture"]]
            ] += 1.0
            acc[
                H_THROWN
                + ((e["defender"] - seat) % n_players) * NG
                + GESTURE_INDEX[e["defender_gesture"]]
            ] += 1.0

    def scales(self) -> list[float]:
        return COPIES * (2 * SEATS) + [1.0 / THROWN_CAP] * (SEATS * NG)


class LegendsObservation(ObservationSpec):
    layout = L
    history = LegendsHistory()

    def __init__(self, rules: LegendsRules) -> None:
        self._rules = rules  # the game: glory(), continents(), to_act(), _banned()

        self.sections = (
            Section(((PRESENT, TOKENS_F),), None, self._seats),
            Section(((TOKENS_F, GLORY),), _tokens_key, _tokens),
            Section(((GLORY, TABLEAU),), _lands_key, self._lands),
            Section(((TABLEAU, HAND),), _tableau_key, _tableau),
            Section(((HAND, YELLOW),), _hand_key, _hand),
            Section(((YELLOW, DISCARD),), None, _table),
            Section(((DISCARD, W_ON),), _discard_key, _discard, shared=True),
            Section(((W_ON, L.size),), None, self._war),
        )

    def write(self, state: LegendsState, seat: int, out: Buffer) -> None:
        self.write_sections(state, seat, out)

    def _seats(self, s: LegendsState, seat: int, out: Buffer) -> None:
        n = s.n_players
        hands = s.hands
        for o in range(n):
            r = (o - seat) % n
            out[PRESENT + r] = 1.0
            out[HAND_SIZE + r] = frac(len(hands[o]), HAND_CAP)
        out[START + (s.start - seat) % n] = 1.0
        out[ACTIVE + (s.active - seat) % n] = 1.0
        for o in self._rules.to_act(s):
            out[TO_ACT + (o - seat) % n] = 1.0

    def _lands(self, s: LegendsState, seat: int, out: Buffer) -> None:
        n = s.n_players
        rules = self._rules
        for o in range(n):
            r = (o - seat) % n
            out[GLORY + r] = frac(rules.glory(s, o), GLORY_TO_WIN)
            out[CONT + r] = frac(rules.continents(s, o), CONTINENTS_TO_WIN)
            base = LANDS_F + r * N_LANDS
            for t in s.lands[o]:
                out[base + t] = 1.0

    def _war(self, s: LegendsState, seat: int, out: Buffer) -> None:
        n = s.n_players
        rules = self._rules
        p = s.pending
        w = s.war
        if w is not None:
            out[W_ON] = 1.0
            out[W_ATT + (w.attacker - seat) % n] = 1.0
            out[W_DEF + (w.defender - seat) % n] = 1.0
            out[W_LAND + w.target] = 1.0
            out[W_CARD + w.card] = 1.0
            out[W_COUNT] = frac(w.throw_no, WAR_CAP)
            out[W_COUNT + 1] = frac(w.ties, WAR_CAP)
            for side, said in enumerate(w.announced):
                if said >= 0:
                    out[W_SAID + side * (NG + 1) + (NG if said == SILENCE else said)] = 1.0
            for i, (a, d, res) in enumerate(reversed(w.throws[-THROWS_SHOWN:])):
                at = W_THROWS + i * (2 * NG + NR)
                out[at + a] = 1.0
                out[at + NG + d] = 1.0
                out[at + 2 * NG + res] = 1.0
            out[W_TRIG] = frac(len(w.att_triggers), TRIGGER_CAP)
            out[W_TRIG + 1] = frac(len(w.def_triggers), TRIGGER_CAP)
            if w.gandhi:
                out[W_FLAGS] = 1.0
            if w.charlemagne:
                out[W_FLAGS + 1] = 1.0
            if w.winner >= 0:
                out[W_FLAGS + 2] = 1.0
            banned = rules._banned(w)
            if banned >= 0:
                out[W_BANNED + banned] = 1.0
            if p is not None and p.kind == THROW:
                if seat in (w.attacker, w.defender):
                    mine = w.committed[0 if seat == w.attacker else 1]
                    if mine >= 0:
                        out[W_MINE + mine] = 1.0
            elif p is not None:
                a, d = w.committed
                if a >= 0 and d >= 0:
                    out[W_SHOWN + a] = 1.0
                    out[W_SHOWN + NG + d] = 1.0
        if p is not None:
            out[D_KIND + p.kind] = 1.0
            out[D_SEAT + (p.seat - seat) % n] = 1.0
            if p.card >= 0:
                out[D_CARD + p.card] = 1.0
            if p.land >= 0:
                out[D_LAND + p.land] = 1.0
            out[D_COUNT] = frac(p.count, SEATS)


def _tokens_key(s: LegendsState, seat: int) -> object:
    return tuple(map(tuple, s.tokens)), tuple(s.passed)


def _tokens(s: LegendsState, seat: int, out: Buffer) -> None:
    n = s.n_players
    width = len(TOKENS)
    for o in range(n):
        r = (o - seat) % n
        for k, x in enumerate(s.tokens[o]):
            if x:
                out[TOKENS_F + r * width + k] = frac(x, TOKEN_CAP)
        if s.passed[o]:
            out[PASSED + r] = 1.0


def _lands_key(s: LegendsState, seat: int) -> object:
    return tuple(map(tuple, s.lands)), tuple(s.yellow)


def _tableau_key(s: LegendsState, seat: int) -> object:
    return tuple(map(tuple, s.tableau)), tuple(s.armed)


def _tableau(s: LegendsState, seat: int, out: Buffer) -> None:
    n = s.n_players
    for o in range(n):
        base = TABLEAU + ((o - seat) % n) * N_CHARS
        for c in s.tableau[o]:
            out[base + c] += COPIES[c]
    for c, owner in s.armed:
        out[ARMED + ((owner - seat) % n) * N_CHARS + c] += COPIES[c]


def _hand_key(s: LegendsState, seat: int) -> object:
    return tuple(s.hands[seat])


def _hand(s: LegendsState, seat: int, out: Buffer) -> None:
    for c in s.hands[seat]:
        out[HAND + c] += COPIES[c]


def _table(s: LegendsState, seat: int, out: Buffer) -> None:
    for t, yellow in enumerate(s.yellow):
        if yellow:
            out[YELLOW + t] = 1.0
    out[ROUND] = frac(s.round, ROUND_CAP)
    if s.over:
        out[OVER] = 1.0
    out[LAND_DECK] = frac(len(s.land_deck), N_LANDS)
    if s.land_deck:
        out[LAND_TOP + s.land_deck[-1]] = 1.0
    out[DECK_F] = frac(len(s.deck), DECK)


def _discard_key(s: LegendsState, seat: int) -> object:
    return tuple(s.discard)


def _discard(s: LegendsState, seat: int, out: Buffer) -> None:
    for c in s.discard:
        out[DISCARD + c] += COPIES[c]
