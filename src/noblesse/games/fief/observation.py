"""Fief's designed observation (``Game.observation_spec``): see ``docs/observations.md``.

Families are relative to the observer (``r = (family - me) % players``: 0 is me),
padded to six; villages, fiefs, bishoprics, lords and cards keep their data order.
What ``view`` hides stays hidden: other hands (only their sizes and lord backs), the
deck orders, the others' secret ballots, an offer not sent to me, promises between
other families.
"""

from __future__ import annotations

from itertools import compress

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
from noblesse.games.fief import actions as A
from noblesse.games.fief import announce
from noblesse.games.fief.cards import STEP_NAMES as CARD_STEPS
from noblesse.games.fief.flow import KIND_NAMES, PHASE_NAMES
from noblesse.games.fief.rules import FiefRules
from noblesse.games.fief.state import (
    CARD_DECK,
    CARDS,
    DATA,
    LORD_FEMALE,
    NB,
    NF,
    NL,
    NV,
    SEATS,
    FiefState,
    besieged,
    rule,
)

NC = len(CARDS)
COPIES = [1.0 / c.copies for c in CARDS]
DECK_SIZE = {d: sum(c.copies for c in CARDS if c.deck == d) for d in ("lord", "fortune")}
MONEY_CAP = 40
VP_CAP = rule("vp_to_win_married")
HAND_CAP = 10
KNIGHT_CAP = 10
MEN_CAP = 20
MILLS = rule("max_mills_per_village")
MOVES_CAP = rule("joan_moves")
TURN_CAP = 30  # turns saturate here when there is no turn limit
ROUND_CAP = 10  # battle rounds saturate here
PEN_CAP = 3
QUIET = rule("quiet_rounds_to_end")
MARKERS = DATA.kit_count("diplomacy_marker")
TERMS_CAP = 6
PROMISE_CAP = 5
LORD_FOCUS = (A.MOVE_LORD, A.PERMIT, A.REFUSED, A.PLACE, A.CROWN_PRINCE)
CARD_FOCUS = (A.TARGET_BISHOPRIC, A.FORTUNE_EFFECT, A.TALLAGE)
FIEF_FOCUS = (A.HOLDER, A.CITY, A.GRANTEE)
VILLAGE = 6 + 3 * SEATS + 4  # controller, knights, men, engines, then mills/fort/city/siege
LORD = 1 + SEATS + NV + SEATS + 1 + 1 + 2 + 3 + NB + NF + 4
CARD_KEYS = ", ".join(c.key for c in CARDS)

L = Layout()
PRESENT = L.add("seat_present", SEATS, "1 for each relative family (me, next, ...) in the game")
FIRST = L.add("first", SEATS, "relative family that is first player this turn, one-hot")
TO_ACT = L.add("to_act", SEATS, "relative families that must decide now")
MONEY = L.add("money", SEATS, f"each relative family's deniers / {MONEY_CAP} (saturates)")
VP = L.add("vp", SEATS, f"each relative family's victory points / {VP_CAP} (saturates)")
HAND_N = L.add(
    "hand_count", SEATS, f"cards in each relative family's hand / {HAND_CAP} (saturates)"
)
BACKS = L.add("hand_lord_backs", SEATS, f"of them, lord-deck backs / {HAND_CAP} (saturates)")
ENGINES = L.add("siege_engines_left", SEATS, "each relative family's siege engines left / 2")
DIPLO = L.add("diplomacy_markers", SEATS, f"each relative family's diplomacy markers / {MARKERS}")
HAND = L.add("hand", NC, f"my hand: each card / its copies; cards in data order: {CARD_KEYS}")
TURN = L.add("turn", 1, f"the turn / max_turns (without a limit: / {TURN_CAP}, saturating)")
PHASE = L.add("phase", len(PHASE_NAMES), "the phase, one-hot over " + ", ".join(PHASE_NAMES))
CSTEP = L.add(
    "cards_step",
    len(CARD_STEPS),
    "in the Cards phase, its step, one-hot over " + ", ".join(CARD_STEPS),
)
OVER = L.add("over", 1, "the game is over")
DECKS = L.add(
    "decks",
    2,
    f"cards left in the lord deck / {DECK_SIZE['lord']}, the fortune deck / {DECK_SIZE['fortune']}",
)
LORD_DISC = L.add("lord_discard", NC, "the lord-deck discard: each card / its copies")
FORT_DISC = L.add("fortune_discard", NC, "the fortune-deck discard: each card / its copies")
ASIDE = L.add("disasters_drawn", NC, "disasters drawn and set aside: each card / its copies")
REVEALED = L.add("disasters_to_place", NC, "disasters drawn this Cards phase, still to place")
OFFICES = L.add("offices", 2, "the Queen rules as Regent; the King's office is vacant")
VILLAGES = L.add(
    "villages",
    NV * VILLAGE,
    f"per village ({NV}, data order; {VILLAGE} slots "
    f"each): the controlling relative family, one-hot ({SEATS}); knights of each "
    f"relative family / {KNIGHT_CAP} ({SEATS}); men-at-arms / {MEN_CAP} ({SEATS}); "
    f"siege engines / 2 ({SEATS}); mills / {MILLS}; stronghold; fortified city; "
    "besieged",
)
LORDS_F = L.add(
    "lords",
    NL * LORD,
    f"per lord card ({NL}, data order; {LORD} slots each): in "
    f"play; its family, relative, one-hot ({SEATS}); its village, one-hot ({NV}); "
    f"its captor, relative, one-hot ({SEATS}); moves left / {MOVES_CAP}; assassin "
    f"marker; troops carried: knights / {KNIGHT_CAP}, men / {MEN_CAP}; married, "
    f"Cardinal, excommunicated; Bishop of, one-hot ({NB}); fief titles held ({NF}); "
    "King, Queen, Pope, Crown Prince",
)
FEMALE = L.add("lord_female", NL, "1 for each lord card that is a lady (data)")
TALLAGE = L.add("tallage", NF * SEATS, "per fief, the relative family whose tax marker is on it")
BISHOPRICS = L.add(
    "bishoprics",
    NB * 5,
    "per bishopric: heavy rain, famine, plague, bountiful harvest, good weather",
)
TITHE = L.add(
    "tithe",
    NB * 3 * SEATS,
    "per bishopric and office (Bishop, Cardinal, Pope): the "
    "relative family receiving its tithe, one-hot",
)
D_KIND = L.add(
    "decision_kind",
    len(KIND_NAMES),
    "the pending decision, one-hot over none, " + ", ".join(KIND_NAMES[1:]),
)
D_SEAT = L.add("decision_seat", SEATS, "relative family that answers it, one-hot")
D_LORD = L.add("decision_lord", NL, "the lord it is about, one-hot")
D_CARD = L.add("decision_card", NC, "the card it is about, one-hot")
D_FIEF = L.add("decision_fief", NF, "the fief it is about, one-hot")
D_VILLAGE = L.add("decision_village", NV, "the village it is about (permission), one-hot")
B_ON = L.add("battle", 1, "a battle is being fought")
B_VILLAGE = L.add("battle_village", NV, "its village, one-hot")
B_SIDES = L.add(
    "battle_sides",
    4 * SEATS,
    "relative families: the attacker, the defender, "
    "then those on the attacker's side, those on the defender's side",
)
B_COUNTS = L.add(
    "battle_counts",
    4,
    f"round / {ROUND_CAP}, quiet rounds / {QUIET}, penalty / {PEN_CAP} (saturating); a cavalcade",
)
AN_STEP = L.add(
    "announce_step",
    len(announce.STEP_NAMES),
    "in the Announcements phase, its step, one-hot over " + ", ".join(announce.STEP_NAMES),
)
AN_ELECT = L.add("election", NB, "the bishopric whose Bishop is being elected, one-hot")
AN_CAND = L.add("candidates", NL, "the lords standing in the election")
AN_VOTERS = L.add("voters", 2 * SEATS, "relative families voting; of them, those who have voted")
AN_PROP = L.add(
    "proposal", 2 * NL, "a marriage proposal: the proposer's lord, the other, one-hot each"
)
AN_ANNUL = L.add("annulment", NL, "the lord whose marriage the Pope is asked to annul, one-hot")
AN_MINE = L.add(
    "my_ballot",
    NL + 1,
    "my secret ballot once cast: the lord voted for, one-hot, or the last slot for an abstention",
)
OFFER = L.add(
    "offer",
    2 * SEATS + 2,
    "the offer I make or am sent: its author, its recipient "
    f"(relative, one-hot), sent, its terms / {TERMS_CAP} (saturating)",
)
PROMISES = L.add(
    "promises",
    2,
    f"promises I made, promises made to me, in force or not / {PROMISE_CAP} (saturating)",
)


BUYS = ("knight", "man_at_arms", "stronghold", "mill", "fief_title")
BUY_CAP = 20  # purchases of one kind by one family saturate here
DEED_CAP = 10  # sieges, pillages and offers of one kind by one family saturate here
MARRIAGE_CAP = 3  # marriages of one family's lords saturate here
OFFERS = ("offer_made", "offer_refused", "offer_accepted")

H = Layout()
H_PLAYED = H.add(
    "played",
    SEATS * NC,
    f"per relative family ({NC} slots each), the cards it "
    "has played (lords, fortune cards) this game / the card's copies (saturates); "
    "cards in data order",
)
H_DISCARDED = H.add(
    "discarded",
    SEATS * NC,
    "per relative family, the cards it has discarded / the card's copies (saturates)",
)
H_BOUGHT = H.add(
    "bought",
    SEATS * len(BUYS),
    f"per relative family, what it has bought ({', '.join(BUYS)}) / {BUY_CAP} (saturates)",
)
H_DEEDS = H.add(
    "sieges_and_pillages",
    SEATS * 2,
    f"per relative family, the sieges it has "
    f"laid and the villages it has pillaged / {DEED_CAP} (saturates)",
)
H_OFFERS = H.add(
    "offers",
    SEATS * len(OFFERS),
    f"per relative family, the offers it has made, refused and accepted / {DEED_CAP} (saturates)",
)
H_MARRIAGES = H.add(
    "marriages",
    SEATS,
    f"per relative family, the marriages of its lords "
    f"(both families of a marriage count it) / {MARRIAGE_CAP} (saturates)",
)
_BUY_INDEX = {item: i for i, item in enumerate(BUYS)}
_DEED_INDEX = {"siege": 0, "pillage": 1}
_OFFER_INDEX = {kind: i for i, kind in enumerate(OFFERS)}


class FiefHistory(HistorySpec):
    """What every family sees happen: the cards each family plays and discards, what it
    buys, the sieges it lays and villages it pillages, the offers it makes, refuses and
    accepts, and its lords' marriages (an offer's terms, told only to the two families,
    are not in it)."""

    layout = H

    def see(self, event: Event, seat: int, n_players: int, acc: Sparse) -> None:
        kind = event.type
        e = event.public
        who = e.get("seat", -1)
        if who is None or who < 0:
            return
        r = (who - seat) % n_players
        if kind in ("play_lord", "play_fortune"):
            acc[H_PLAYED + r * NC + e["card"]] += 1.0
        elif kind == "discard":
            acc[H_DISCARDED + r * NC + e["card"]] += 1.0
        elif kind == "buy":
            acc[H_BOUGHT + r * len(BUYS) + _BUY_INDEX[e["item"]]] += 1.0
        elif kind in _DEED_INDEX:
            acc[H_DEEDS + r * 2 + _DEED_INDEX[kind]] += 1.0
        elif kind in _OFFER_INDEX:
            acc[H_OFFERS + r * len(OFFERS) + _OFFER_INDEX[kind]] += 1.0
        elif kind == "marriage":  # a marriage counts for both families
            acc[H_MARRIAGES + r] += 1.0
            other = e.get("with", -1)
            if other is not None and other >= 0 and other != who:
                acc[H_MARRIAGES + (other - seat) % n_players] += 1.0

    def scales(self) -> list[float]:
        return (
            COPIES * (2 * SEATS)
            + [1.0 / BUY_CAP] * (SEATS * len(BUYS))
            + [1.0 / DEED_CAP] * (SEATS * (2 + len(OFFERS)))
            + [1.0 / MARRIAGE_CAP] * SEATS
        )


class FiefObservation(ObservationSpec):
    layout = L
    history = FiefHistory()

    def __init__(self, rules: FiefRules) -> None:
        self._rules = rules  # the game: to_act()
        self.sections = (
            Section(((PRESENT, HAND),), None, self._seats),
            Section(((HAND, TURN),), _hand_key, _hand),
            Section(((TURN, LORD_DISC),), None, _table),
            Section(((LORD_DISC, OFFICES),), _piles_key, _piles, shared=True),
            Section(((OFFICES, LORDS_F),), _map_key, _map),
            Section(((LORDS_F, TALLAGE),), _lords_key, _lords),
            Section(((TALLAGE, D_KIND),), _realm_key, _realm),
            Section(((D_KIND, L.size),), None, _decisions),
        )

    def write(self, state: FiefState, seat: int, out: Buffer) -> None:
        self.write_sections(state, seat, out)

    def _seats(self, s: FiefState, seat: int, out: Buffer) -> None:
        n = s.n_players
        rel = [(f - seat) % n for f in range(n)]
        vp = s.vp
        for f in range(n):
            r = rel[f]
            out[PRESENT + r] = 1.0
            out[MONEY + r] = frac(s.money[f], MONEY_CAP)
            out[VP + r] = frac(vp[f], VP_CAP)
            hand = s.hand[f]
            out[HAND_N + r] = frac(len(hand), HAND_CAP)
            out[BACKS + r] = frac(sum(1 for c in hand if CARD_DECK[c] == "lord"), HAND_CAP)
            out[ENGINES + r] = frac(2 - s.engines_used[f], 2)
            out[DIPLO + r] = frac(s.markers[f], MARKERS)
        out[FIRST + rel[s.first]] = 1.0
        for f in self._rules.to_act(s):
            out[TO_ACT + rel[f]] = 1.0


def _hand_key(s: FiefState, seat: int) -> object:
    return tuple(s.hand[seat])


def _hand(s: FiefState, seat: int, out: Buffer) -> None:
    for c in s.hand[seat]:
        out[HAND + c] += COPIES[c]


def _table(s: FiefState, seat: int, out: Buffer) -> None:
    out[TURN] = frac(s.turn, s.max_turns or TURN_CAP)
    out[PHASE + s.phase] = 1.0
    if s.phase == A.CARDS_PHASE and 0 <= s.cards_step < len(CARD_STEPS):
        out[CSTEP + s.cards_step] = 1.0
    if s.over:
        out[OVER] = 1.0
    out[DECKS] = frac(len(s.lord_deck), DECK_SIZE["lord"])
    out[DECKS + 1] = frac(len(s.fd_deck), DECK_SIZE["fortune"])


def _piles_key(s: FiefState, seat: int) -> object:
    return tuple(s.lord_discard), tuple(s.fd_discard), tuple(s.set_aside), tuple(s.revealed)


def _piles(s: FiefState, seat: int, out: Buffer) -> None:
    for base, pile in (
        (LORD_DISC, s.lord_discard),
        (FORT_DISC, s.fd_discard),
        (ASIDE, s.set_aside),
        (REVEALED, s.revealed),
    ):
        for c in pile:
            out[base + c] = min(1.0, out[base + c] + COPIES[c])


def _map_key(s: FiefState, seat: int) -> object:
    return (
        s.regent,
        s.king,
        tuple(s.ctrl),
        tuple(s.knights),
        tuple(s.men_at_arms),
        tuple(s.engine),
        tuple(s.mills),
        tuple(s.fort),
    )


def _map(s: FiefState, seat: int, out: Buffer) -> None:
    n = s.n_players
    rel = [(f - seat) % n for f in range(n)]
    if s.regent:
        out[OFFICES] = 1.0
    if s.king < 0:
        out[OFFICES + 1] = 1.0
    for v, c in enumerate(s.ctrl):
        if c >= 0:
            out[VILLAGES + v * VILLAGE + rel[c]] = 1.0
    # the troops: only the families' non-zero counts (most villages hold none)
    slots = range(NV * SEATS)
    for off, row, cap in (
        (SEATS, s.knights, KNIGHT_CAP),
        (2 * SEATS, s.men_at_arms, MEN_CAP),
        (3 * SEATS, s.engine, 2),
    ):
        for i in compress(slots, row):
            v, f = divmod(i, SEATS)
            if f < n:
                out[VILLAGES + v * VILLAGE + off + rel[f]] = frac(row[i], cap)
    at = VILLAGES + 4 * SEATS
    for v in compress(range(NV), s.mills):
        out[at + v * VILLAGE] = frac(s.mills[v], MILLS)
    engines = {i // SEATS for i in compress(slots, s.engine)}  # villages with siege engines
    fort = s.fort
    for v in compress(range(NV), fort):
        out[at + v * VILLAGE + fort[v]] = 1.0  # 1: a stronghold, 2: a fortified city
        if v in engines and besieged(s, v):
            out[at + v * VILLAGE + 3] = 1.0


def _lords_key(s: FiefState, seat: int) -> object:
    return (
        tuple(s.l_owner),
        tuple(s.l_loc),
        tuple(s.l_captor),
        tuple(s.l_moves),
        tuple(s.assassin),
        tuple(s.carried_knights),
        tuple(s.carried_men_at_arms),
        tuple(s.spouse),
        tuple(s.cardinal),
        tuple(s.excommunicated),
        tuple(s.bishop),
        tuple(s.fief_holder),
        s.king,
        s.queen,
        s.pope,
        s.crown_prince,
    )


def _lords(s: FiefState, seat: int, out: Buffer) -> None:
    n = s.n_players
    rel = [(f - seat) % n for f in range(n)]
    bishop_of = {lo: b for b, lo in enumerate(s.bishop) if lo >= 0}
    titles: dict[int, list[int]] = {}
    for f, lo in enumerate(s.fief_holder):
        if lo >= 0:
            titles.setdefault(lo, []).append(f)
    offices: dict[int, list[int]] = {}
    for i, lo in enumerate((s.king, s.queen, s.pope, s.crown_prince)):
        if lo >= 0:
            offices.setdefault(lo, []).append(i)
    for lo in range(NL):
        if LORD_FEMALE[lo]:
            out[FEMALE + lo] = 1.0
        owner = s.l_owner[lo]
        if owner < 0:
            continue
        at = LORDS_F + lo * LORD
        out[at] = 1.0
        out[at + 1 + rel[owner]] = 1.0
        at += 1 + SEATS
        if s.l_loc[lo] >= 0:
            out[at + s.l_loc[lo]] = 1.0
        at += NV
        if s.l_captor[lo] >= 0:
            out[at + rel[s.l_captor[lo]]] = 1.0
        at += SEATS
        out[at] = frac(s.l_moves[lo], MOVES_CAP)
        if s.assassin[lo]:
            out[at + 1] = 1.0
        out[at + 2] = frac(s.carried_knights[lo], KNIGHT_CAP)
        out[at + 3] = frac(s.carried_men_at_arms[lo], MEN_CAP)
        if s.spouse[lo] >= 0:
            out[at + 4] = 1.0
        if s.cardinal[lo]:
            out[at + 5] = 1.0
        if s.excommunicated[lo]:
            out[at + 6] = 1.0
        at += 7
        if lo in bishop_of:
            out[at + bishop_of[lo]] = 1.0
        at += NB
        for f in titles.get(lo, ()):
            out[at + f] = 1.0
        at += NF
        for i in offices.get(lo, ()):
            out[at + i] = 1.0


def _realm_key(s: FiefState, seat: int) -> object:
    return (
        tuple(s.tallage),
        tuple(s.rain),
        tuple(s.famine),
        tuple(s.plague),
        tuple(s.harvest),
        tuple(s.weather),
        tuple(map(tuple, s.tithe)),
    )


def _realm(s: FiefState, seat: int, out: Buffer) -> None:
    n = s.n_players
    rel = [(f - seat) % n for f in range(n)]
    for f in range(NF):
        if s.tallage[f] >= 0:
            out[TALLAGE + f * SEATS + rel[s.tallage[f]]] = 1.0
    for b in range(NB):
        at = BISHOPRICS + b * 5
        for i, flag in enumerate((s.rain[b], s.famine[b], s.plague[b], s.harvest[b], s.weather[b])):
            if flag:
                out[at + i] = 1.0
    for b, tithes in enumerate(s.tithe):
        for rank, f in enumerate(tithes):
            if f >= 0:
                out[TITHE + (b * 3 + rank) * SEATS + rel[f]] = 1.0


def _decisions(s: FiefState, seat: int, out: Buffer) -> None:
    n = s.n_players
    rel = [(f - seat) % n for f in range(n)]
    kind = s.kind
    out[D_KIND + kind] = 1.0
    if kind != A.NONE:
        if s.actor >= 0:
            out[D_SEAT + rel[s.actor]] = 1.0
        if kind in LORD_FOCUS:
            lord = s.new_lord if kind in (A.PLACE, A.CROWN_PRINCE) else s.moving_lord
            if lord >= 0:
                out[D_LORD + lord] = 1.0
        elif kind in CARD_FOCUS and s.fortune_card >= 0:
            out[D_CARD + s.fortune_card] = 1.0
        elif kind in FIEF_FOCUS and s.title_fief >= 0:
            out[D_FIEF + s.title_fief] = 1.0
        if kind == A.PERMIT and s.asked_village >= 0:
            out[D_VILLAGE + s.asked_village] = 1.0
    b = s.battle
    if b is not None:
        out[B_ON] = 1.0
        out[B_VILLAGE + b.village] = 1.0
        if b.attacker >= 0:
            out[B_SIDES + rel[b.attacker]] = 1.0
        if b.defender >= 0:
            out[B_SIDES + SEATS + rel[b.defender]] = 1.0
        for f in range(n):
            side = b.sides[f]
            if side in (1, 2):
                out[B_SIDES + (1 + side) * SEATS + rel[f]] = 1.0
        out[B_COUNTS] = frac(b.round, ROUND_CAP)
        out[B_COUNTS + 1] = frac(b.quiet, QUIET)
        out[B_COUNTS + 2] = frac(b.penalty, PEN_CAP)
        if s.cavalcade is not None:
            out[B_COUNTS + 3] = 1.0
    if s.phase == A.ANNOUNCE:
        if 0 <= s.announce_step < len(announce.STEP_NAMES):
            out[AN_STEP + s.announce_step] = 1.0
        if s.election >= 0:
            out[AN_ELECT + s.election] = 1.0
        for lo in s.candidates:
            out[AN_CAND + lo] = 1.0
        for f in s.voters:
            out[AN_VOTERS + rel[f]] = 1.0
            if s.ballot[f] != announce.NOT_CAST:
                out[AN_VOTERS + SEATS + rel[f]] = 1.0
        pr = s.proposal
        if pr is not None:
            out[AN_PROP + pr.lord] = 1.0
            if pr.partner >= 0:
                out[AN_PROP + NL + pr.partner] = 1.0
        if s.annulment >= 0:
            out[AN_ANNUL + s.annulment] = 1.0
        if seat in s.voters:
            mine = s.ballot[seat]
            if mine == announce.ABSTAINED:
                out[AN_MINE + NL] = 1.0
            elif mine >= 0:
                out[AN_MINE + mine] = 1.0
    o = s.offer
    if o is not None:
        sent = s.kind == A.OFFER_ANSWER
        if seat == o.author or (sent and seat == o.recipient):
            out[OFFER + rel[o.author]] = 1.0
            out[OFFER + SEATS + rel[o.recipient]] = 1.0
            if sent:
                out[OFFER + 2 * SEATS] = 1.0
            out[OFFER + 2 * SEATS + 1] = frac(len(o.terms), TERMS_CAP)
    made = given = 0
    for p, q, *_ in s.promises:
        if p == seat:
            made += 1
        elif q == seat:
            given += 1
    out[PROMISES] = frac(made, PROMISE_CAP)
    out[PROMISES + 1] = frac(given, PROMISE_CAP)
