"""The rules of Guillotine (spec: shared/specs/guillotine.md).

A turn is a little machine (§3.2): START (day-end check, Rush Job) → the action
step, a decision (before each play it could allow, the owner of Callous Guards in front
of another player decides whether to discard it: "at any time") → COLLECT (Confusion in Line, then collections that may pause
for the Clown's recipient or Innocent Victim's discard) → DRAW → END (Scarlet
Pimpernel, next player or next day). ``_run`` drives it from one decision to
the next; every decision is a ``Pending`` the seat named in it answers.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections import Counter
from typing import Any

from noblesse.core.errors import IllegalAction
from noblesse.core.events import Event
from noblesse.core.game import Action, GameBase, State, Zone
from noblesse.core.rng import Seed, shuffle
from noblesse.games.guillotine.data import BLUE, CARDS, GRAY, PURPLE

NOBLES = CARDS.nobles
ACTIONS = CARDS.actions
RULES = CARDS.rules
ASSUMED = CARDS.assumed
N_NOBLES = len(NOBLES)
N_ACTIONS = len(ACTIONS)
MAX_LINE = sum(n.copies for n in NOBLES)  # a line can never hold more nobles than exist
MAX_SEATS = 5
MAX_DISTANCE = max(d for a in ACTIONS for d in a.forward + a.back)
PEEK = RULES["late_arrival_peek"]

# -- the action index: every action of the game has a fixed number -------------
ACTION_NAMES: list[str] = ["pass", "discard_callous"]
PLAY0 = len(ACTION_NAMES)
ACTION_NAMES += [f"play:{a.key}" for a in ACTIONS]
CARD0 = len(ACTION_NAMES)
ACTION_NAMES += [f"card:{a.key}" for a in ACTIONS]
NOBLE0 = len(ACTION_NAMES)  # noble:P — the noble at position P of the line (1 = front)
ACTION_NAMES += [f"noble:{p}" for p in range(1, MAX_LINE + 1)]
BY0 = len(ACTION_NAMES)
ACTION_NAMES += [f"by:{d}" for d in range(1, MAX_DISTANCE + 1)]
SEAT0 = len(ACTION_NAMES)
ACTION_NAMES += [f"seat:{s}" for s in range(MAX_SEATS)]
PILE0 = len(ACTION_NAMES)  # pile:I — the I-th noble of a score pile (1 = oldest)
ACTION_NAMES += [f"pile:{i}" for i in range(1, MAX_LINE + 1)]
PEEK0 = len(ACTION_NAMES)
ACTION_NAMES += [f"peek:{i}" for i in range(1, PEEK + 1)]
PASS, DISCARD_CALLOUS = 0, 1

# -- the cards the rules name ----------------------------------------------------
A = {a.key: a.id for a in ACTIONS}
N = {n.key: n.id for n in NOBLES}
CALLOUS, INDIFFERENT, FOREIGN = A["callous_guards"], A["indifferent_public"], A["foreign_support"]
TRIP, TOUGH_CROWD = A["trip"], A["tough_crowd"]
JUDGE, MASTER_SPY, PALACE_GUARD = N["unpopular_judge"], N["master_spy"], N["palace_guard"]
MARIE, CLOWN, TRAGIC, COUNT, COUNTESS = (
    N["marie_antoinette"],
    N["clown"],
    N["tragic_figure"],
    N["count"],
    N["countess"],
)
SUPPORT_CARDS = tuple(
    A[k]
    for k in (
        "church_support",
        "indifferent_public",
        "foreign_support",
        "military_support",
        "civic_support",
    )
)
NOBLE_COLOUR = [n.colour for n in NOBLES]
NOBLE_EFFECT = [n.effect for n in NOBLES]
LINE_CARD = [
    a.line or (a.key == "after_you" and ASSUMED["after_you_is_line_altering"]) for a in ACTIONS
]
NOBLE_FILTER = [N.get(a.noble, -1) if a.noble not in ("", "any") else -1 for a in ACTIONS]
NAMES_NOBLE = [bool(a.noble or a.forward or a.back) for a in ACTIONS]

# -- turn steps and decision kinds -------------------------------------------------
START, COLLECT, COLLECTING, DRAW, END = range(5)
(
    ACT,
    NOBLE,
    DISTANCE,
    SEAT,
    FRONT_CARD,
    PILE_PICK,
    PILE_PICK_BACK,
    ORDER,
    PEEK_PICK,
    TAKE,
    LOOK_DISCARD,
    DISCARD,
    CLOWN_SEAT,
    GUARDS,
) = range(14)
DECISION_NAMES = (
    "act",
    "noble",
    "distance",
    "seat",
    "front_card",
    "pile",
    "pile_back",
    "order",
    "peek",
    "take",
    "look_discard",
    "discard",
    "clown",
    "guards",
)
FROM_LINE, FROM_DECK = 0, 1


class Pending:
    """A decision the game waits for: ``seat`` must answer it.

    ``card`` is the action card being resolved (-1 for collection-time choices);
    ``target`` a chosen seat; ``noble`` a chosen line position (0-based);
    ``picks`` a tuple of earlier answers (Opinionated Guards' order, Late
    Arrival's revealed nobles, Clerical Error's first pick); ``count`` cards
    still to discard. Pendings are immutable, so a clone may share them.
    """

    __slots__ = ("kind", "seat", "card", "target", "noble", "picks", "count")

    def __init__(
        self,
        kind: int,
        seat: int,
        card: int = -1,
        target: int = -1,
        noble: int = -1,
        picks: tuple[int, ...] = (),
        count: int = 0,
    ) -> None:
        self.kind, self.seat, self.card, self.target = kind, seat, card, target
        self.noble, self.picks, self.count = noble, picks, count


_copy = list.copy  # a list's shallow copy (mapped over a state's lists of lists)


class GuillotineState(State):
    __slots__ = (
        "line",
        "noble_deck",
        "noble_discard",
        "action_deck",
        "action_discard",
        "hands",
        "piles",
        "front",
        "hidden",
        "day",
        "starter",
        "player",
        "step",
        "pending",
        "in_play",
        "rush",
        "rush_active",
        "confusion",
        "political",
        "double",
        "pimpernel",
        "day_over",
        "queue",
        "seen",
        "over",
        "turns",
        "after_trip",
    )
    line: list[int]  # noble ids, the front of the line (the next collected) first (§3.1.3)
    noble_deck: list[int]
    noble_discard: list[int]
    action_deck: list[int]
    action_discard: list[int]
    hands: list[list[int]]  # action cards, by seat
    piles: list[list[int]]  # collected nobles, by seat, oldest first
    front: list[list[int]]  # action cards in front of each seat
    hidden: list[int]  # each seat's hidden support card (§4.5), -1: none
    day: int
    starter: int
    player: int
    step: int  # START, COLLECT, COLLECTING, DRAW or END
    pending: Pending | None
    in_play: int  # the action card being resolved, -1: none
    rush: list[bool]
    rush_active: bool
    confusion: list[bool]
    political: bool
    double: bool
    pimpernel: bool
    day_over: bool
    queue: list[int]  # collections still to make: FROM_LINE or FROM_DECK
    # seen[viewer][seat]: the cards viewer knows in seat's hand; each a tuple, replaced
    # whole when it changes, so a clone copies the rows only
    seen: list[list[tuple[int, ...]]]
    over: bool
    turns: int
    after_trip: bool

    def decision(self) -> Pending:
        """The pending decision, asked for only while there is one."""
        p = self.pending
        assert p is not None, "no decision is pending"
        return p

    def clone(self, rng: random.Random | None = None) -> GuillotineState:
        c = GuillotineState.__new__(GuillotineState)
        self._copy_base(c, rng)
        c.line = self.line[:]
        c.noble_deck = self.noble_deck[:]
        c.noble_discard = self.noble_discard[:]
        c.action_deck = self.action_deck[:]
        c.action_discard = self.action_discard[:]
        c.hands = [*map(_copy, self.hands)]
        c.piles = [*map(_copy, self.piles)]
        c.front = [*map(_copy, self.front)]
        c.hidden = self.hidden[:]
        c.rush = self.rush[:]
        c.confusion = self.confusion[:]
        c.queue = self.queue[:]
        c.seen = [*map(_copy, self.seen)]
        c.day, c.starter, c.player, c.step = self.day, self.starter, self.player, self.step
        c.pending, c.in_play, c.rush_active = self.pending, self.in_play, self.rush_active
        c.political, c.double, c.pimpernel = self.political, self.double, self.pimpernel
        c.day_over, c.over, c.turns = self.day_over, self.over, self.turns
        c.after_trip = self.after_trip
        return c


def score_cards(pile: list[int], front: list[int], hidden: int = -1) -> int:
    """§3.4: the score of a pile of nobles with these action cards in front of its owner
    and ``hidden`` (a support card, -1: none) counted as one of them."""
    cards = list(front)
    if hidden >= 0:
        cards.append(hidden)
    indifferent = INDIFFERENT in cards
    grays = sum(1 for n in pile if NOBLE_COLOUR[n] == GRAY)
    guards = pile.count(PALACE_GUARD)
    total = 0
    for n in pile:
        if indifferent and NOBLE_COLOUR[n] == GRAY:
            total += RULES["indifferent_gray_value"]
        elif n == PALACE_GUARD:
            total += guards
        elif n == TRAGIC:
            total -= grays
        else:
            total += NOBLES[n].points
    if COUNT in pile and COUNTESS in pile:
        total += RULES["count_countess_bonus"]
    for c in cards:
        colour = ACTIONS[c].support
        if colour >= 0:
            total += sum(1 for n in pile if NOBLE_COLOUR[n] == colour)
        elif ACTIONS[c].key == "fountain_of_blood":
            total += RULES["fountain_of_blood_bonus"]
        elif c == TOUGH_CROWD:
            total -= RULES["tough_crowd_penalty"]
    return total


def _forget(seen: list[list[tuple[int, ...]]], seat: int, card: int) -> None:
    """``card`` left ``seat``'s hand: whoever knew of one copy there knows one fewer."""
    for row in seen:
        known = row[seat]
        if card in known:
            i = known.index(card)
            row[seat] = known[:i] + known[i + 1 :]


class GuillotineRules(GameBase[GuillotineState]):
    id = "guillotine"
    version = f"1.0+{CARDS.digest}"
    title = {"en": "Guillotine", "zh-TW": "革命斷頭臺"}
    min_players = 2
    max_players = MAX_SEATS
    action_names = ACTION_NAMES

    def options_schema(self) -> dict[str, Any]:
        return {"hidden_support": False, **CARDS.switches}

    # ================================================================ setup
    def setup(
        self,
        n_players: int,
        seed: Seed,
        options: dict[str, Any] | None = None,
    ) -> GuillotineState:
        if not self.min_players <= n_players <= self.max_players:
            raise ValueError(
                f"Guillotine is for {self.min_players}-{self.max_players} players, not {n_players}"
            )
        options = {**self.options_schema(), **(options or {})}
        unknown = set(options) - set(self.options_schema())
        if unknown:
            raise ValueError(f"unknown option(s) for Guillotine: {', '.join(sorted(unknown))}")
        s = GuillotineState(n_players, seed, options)
        rng = s.rng
        s.noble_deck = CARDS.noble_deck()
        shuffle(rng, s.noble_deck)
        s.action_deck = CARDS.action_deck()
        s.noble_discard, s.action_discard = [], []
        s.hidden = [-1] * n_players
        if options["hidden_support"]:  # §4.5: before the hands are dealt
            for card in SUPPORT_CARDS:
                s.action_deck.remove(card)
            supports = list(SUPPORT_CARDS)
            shuffle(rng, supports)
            s.hidden = supports[:n_players]
            s.action_discard = supports[n_players:]
        shuffle(rng, s.action_deck)
        s.hands = [[] for _ in range(n_players)]
        for _ in range(RULES["hand_size"]):
            for seat in range(n_players):
                s.hands[seat].append(s.action_deck.pop())
        s.piles = [[] for _ in range(n_players)]
        s.front = [[] for _ in range(n_players)]
        s.rush = [False] * n_players
        s.confusion = [False] * n_players
        s.seen = [[()] * n_players for _ in range(n_players)]
        s.queue = []
        s.day, s.turns, s.over = 1, 0, False
        s.starter = rng.randrange(n_players)
        s.player = s.starter
        s.pending, s.in_play, s.after_trip = None, -1, False
        self._reset_turn(s)
        s.line = []
        self._deal_line(s, [])
        self._run(s, [])
        return s

    def _deal_line(self, s: GuillotineState, ev: list[Event]) -> None:
        """§3.1.3: the first noble dealt stands at the back, the last at the front."""
        dealt = [s.noble_deck.pop() for _ in range(min(RULES["line_length"], len(s.noble_deck)))]
        dealt.reverse()
        s.line = dealt
        ev.append(Event("day", {"day": s.day, "starter": s.starter, "line": list(s.line)}))

    @staticmethod
    def _reset_turn(s: GuillotineState) -> None:
        s.step = START
        s.rush_active = s.political = s.double = s.pimpernel = s.day_over = False
        s.after_trip = False
        s.queue = []

    # ================================================================ queries
    def to_act(self, state: GuillotineState) -> tuple[int, ...]:
        p = state.pending
        return (p.seat,) if p is not None else ()

    def is_over(self, state: GuillotineState) -> bool:
        return state.over

    def scores(self, state: GuillotineState) -> list[float]:
        """Final scores (§3.4); hidden variant cards count only once the game is over."""
        return [
            float(self.score(state, seat, reveal=state.over)) for seat in range(state.n_players)
        ]

    endings = {
        "days": {"en": "the last day ended", "zh-TW": "最後一天結束"},
        "deck": {"en": "the noble deck ran out", "zh-TW": "人物牌用完"},
    }

    def ending(self, state: GuillotineState) -> str:
        """§3.3: after the last day, or earlier when no noble is left to deal."""
        return "days" if state.day >= RULES["days"] else "deck"

    def score(self, s: GuillotineState, seat: int, reveal: bool = True) -> int:
        """``score_cards`` of the seat's pile and front, its hidden support card too if
        ``reveal``."""
        return score_cards(s.piles[seat], s.front[seat], s.hidden[seat] if reveal else -1)

    # ================================================================ legality
    def _legal(self, s: GuillotineState, seat: int) -> list[Action]:
        p = s.decision()
        kind = p.kind
        line = s.line
        if kind == GUARDS:  # keep Callous Guards, or discard it before another's action step
            return [PASS, DISCARD_CALLOUS]
        if kind == ACT:
            out = [PASS]
            if CALLOUS in s.front[seat]:
                out.append(DISCARD_CALLOUS)
            if self._plays_blocked(s) is None:
                callous = self._callous_out(s)
                for card in set(s.hands[seat]):
                    if not (callous and LINE_CARD[card]) and self._has_target(s, seat, card):
                        out.append(PLAY0 + card)
            return out
        if kind == NOBLE:
            return [NOBLE0 + i for i in self._noble_choices(s, p.card)]
        if kind == DISTANCE:
            return [BY0 + d - 1 for d in self._distances(s, p.card, p.noble)]
        if kind in (SEAT, CLOWN_SEAT):
            return [SEAT0 + t for t in self._seat_choices(s, p)]
        if kind == FRONT_CARD:
            return [CARD0 + c for c in sorted(set(s.front[p.target]))]
        if kind == PILE_PICK:
            return [PILE0 + i for i in range(len(s.piles[p.target]))]
        if kind == PILE_PICK_BACK:
            return [PILE0 + i for i in range(len(s.piles[p.target]))]
        if kind == ORDER:
            span = min(RULES["opinionated_guards_span"], len(line))
            return [NOBLE0 + i for i in range(span) if i not in p.picks]
        if kind == PEEK_PICK:
            return [PEEK0 + i for i in range(len(p.picks))]
        if kind == TAKE:
            return [CARD0 + c for c in sorted(set(s.action_discard))]
        if kind == LOOK_DISCARD:
            return [CARD0 + c for c in sorted(set(s.hands[p.target]))]
        if kind == DISCARD:
            return [CARD0 + c for c in sorted(set(s.hands[seat]))]
        raise AssertionError(f"unknown decision kind {kind}")

    def _plays_blocked(self, s: GuillotineState) -> tuple[str, str] | None:
        """Why no action card may be played now (§4.1.3, Rush Job), or None."""
        if s.line and s.line[0] == JUDGE:
            return (
                "the Unpopular Judge is at the front of the line: no one may play action cards",
                "「討厭的法官」站在斷頭臺前，所有玩家都不能打出行動牌",
            )
        if s.rush_active:
            return (
                "Rush Job: you may not play action cards this turn",
                "受到「趕工」影響，你這回合不能打出行動牌",
            )
        return None

    @staticmethod
    def _callous_out(s: GuillotineState) -> bool:
        return any(CALLOUS in f for f in s.front)

    def _has_target(self, s: GuillotineState, seat: int, card: int) -> bool:
        """§4.1.2: every mandatory choice of the card has at least one option."""
        a = ACTIONS[card]
        if NAMES_NOBLE[card]:
            return bool(self._noble_choices(s, card))
        key = a.key
        if key == "after_you":
            return bool(s.line)
        if key == "late_arrival":
            return bool(s.noble_deck)
        if key == "rat_break":
            return bool(s.action_discard)
        if key == "twist_of_fate":
            return any(s.front)
        return True

    def _noble_choices(self, s: GuillotineState, card: int) -> list[int]:
        """0-based line positions the card may name."""
        a = ACTIONS[card]
        line = s.line
        n = len(line)
        if a.forward:
            lo = min(a.forward)
            return [i for i in range(lo, n) if a.colour < 0 or NOBLE_COLOUR[line[i]] == a.colour]
        if a.back:
            return list(range(0, n - min(a.back)))
        want = NOBLE_FILTER[card]
        if want >= 0:
            return [i for i in range(n) if line[i] == want]
        return list(range(n))

    def _distances(self, s: GuillotineState, card: int, i: int) -> list[int]:
        a = ACTIONS[card]
        if a.forward:
            return [d for d in a.forward if i - d >= 0]
        return [d for d in a.back if i + d < len(s.line)]

    def _seat_choices(self, s: GuillotineState, p: Pending) -> list[int]:
        seats = range(s.n_players)
        if p.kind == CLOWN_SEAT:
            return [t for t in seats if t != p.seat]
        a = ACTIONS[p.card]
        if a.key == "twist_of_fate":
            return [t for t in seats if s.front[t]]
        if a.seat == "other":
            return [t for t in seats if t != p.seat]
        return list(seats)

    def _explain_illegal(self, s: GuillotineState, seat: int, action: Action) -> IllegalAction:
        p = s.decision()
        if p.kind == ACT and PLAY0 <= action < CARD0:
            card = action - PLAY0
            a = ACTIONS[card]
            if card not in s.hands[seat]:
                return IllegalAction(
                    f"You have no {a.en} in your hand.", f"你的手牌中沒有「{a.zh}」。"
                )
            blocked = self._plays_blocked(s)
            if blocked:
                return IllegalAction(
                    f"You cannot play {a.en}: {blocked[0]}.", f"不能打出「{a.zh}」：{blocked[1]}。"
                )
            if LINE_CARD[card] and self._callous_out(s):
                return IllegalAction(
                    f"You cannot play {a.en}: Callous Guards forbid cards that change the line.",
                    f"不能打出「{a.zh}」：「冷酷的守衛」在場時，不能打出改變人物隊列的行動牌。",
                )
            return IllegalAction(
                f"{a.en} has nothing it could act on now.", f"「{a.zh}」現在沒有可以作用的對象。"
            )
        if action == DISCARD_CALLOUS:
            return IllegalAction(
                "You have no Callous Guards in front of you to discard.",
                "你面前沒有可以丟棄的「冷酷的守衛」。",
            )
        return self._not_a_choice(s, action)

    @abstractmethod
    def _not_a_choice(self, s: GuillotineState, action: Action) -> IllegalAction:
        """The refusal of an action that answers no part of the pending decision, in the
        game's words (``views.GuillotineViews`` gives them)."""

    # ================================================================ apply
    def _apply(self, s: GuillotineState, seat: int, action: Action) -> list[Event]:
        ev: list[Event] = []
        p = s.decision()
        s.pending = None
        kind = p.kind
        if kind == ACT:
            if action == PASS:
                ev.append(Event("pass", {"seat": seat}))
                s.step = COLLECT
            elif action == DISCARD_CALLOUS:
                self._discard_callous(s, seat, ev)
                s.pending = Pending(ACT, seat)
            else:
                self._play(s, seat, action - PLAY0, ev)
        elif kind == NOBLE:
            self._named_noble(s, p, action - NOBLE0, ev)
        elif kind == DISTANCE:
            self._move(s, p.card, p.noble, action - BY0 + 1, ev)
            self._finish_card(s, seat, p.card, ev)
        elif kind == SEAT:
            self._named_seat(s, p, action - SEAT0, ev)
        elif kind == FRONT_CARD:
            card = action - CARD0
            s.front[p.target].remove(card)
            s.action_discard.append(card)
            ev.append(Event("discard_front", {"seat": seat, "card": card, "owner": p.target}))
            self._finish_card(s, seat, p.card, ev)
        elif kind == PILE_PICK:
            self._clerical_first(s, p, action - PILE0, ev)
        elif kind == PILE_PICK_BACK:
            self._clerical_exchange(s, p.target, seat, p.picks[0], action - PILE0, ev)
            self._finish_card(s, p.target, p.card, ev)
        elif kind == ORDER:
            self._order_pick(s, p, action - NOBLE0, ev)
        elif kind == PEEK_PICK:
            self._late_arrival(s, p, action - PEEK0, ev)
        elif kind == TAKE:
            card = action - CARD0
            s.action_discard.remove(card)
            s.hands[seat].append(card)
            for viewer, row in enumerate(s.seen):
                if viewer != seat:
                    row[seat] = (*row[seat], card)
            ev.append(Event("take_discard", {"seat": seat, "card": card}))
            self._finish_card(s, seat, p.card, ev)
        elif kind == LOOK_DISCARD:
            self._discard_from_hand(s, p.target, action - CARD0, "lack_of_support", ev)
            self._finish_card(s, seat, p.card, ev)
        elif kind == DISCARD:
            self._discard_from_hand(
                s, seat, action - CARD0, "infighting" if p.card >= 0 else "innocent_victim", ev
            )
            if p.count > 1 and s.hands[seat]:
                s.pending = Pending(DISCARD, seat, p.card, p.target, count=p.count - 1)
            elif p.card >= 0:
                self._finish_card(s, p.target, p.card, ev)
        elif kind == GUARDS:
            if action == DISCARD_CALLOUS:
                self._discard_callous(s, seat, ev)
            self._action_step(s, p.target, p.picks)
        elif kind == CLOWN_SEAT:
            target = action - SEAT0
            s.piles[seat].pop()  # the Clown was just appended to the collector's pile
            s.piles[target].append(CLOWN)
            ev.append(Event("clown", {"seat": seat, "target": target}))
        self._run(s, ev)
        return ev

    # ---------------------------------------------------------------- the turn
    def _run(self, s: GuillotineState, ev: list[Event]) -> None:
        """Carry out automatic steps until a decision is pending or the game is over."""
        while s.pending is None and not s.over:
            step = s.step
            if step == START:
                self._start_turn(s, ev)
            elif step == COLLECT:
                self._begin_collection(s, ev)
            elif step == COLLECTING:
                self._collect_next(s, ev)
            elif step == DRAW:
                if not s.day_over:  # Robespierre: no step-3 draw
                    n = RULES["political_influence_draw"] if s.political else RULES["draw_per_turn"]
                    self._draw(s, s.player, n, ev)
                s.step = END
            else:
                self._end_turn(s, ev)

    def _action_step(self, s: GuillotineState, seat: int, asked: tuple[int, ...] = ()) -> None:
        """``seat`` may play an action card now (§3.2 step 1). First, the owner of Callous
        Guards in front of another player may discard it: "玩家可隨時丟棄此牌" (at any time),
        so before every play it could allow; ``asked``: the owners who already chose."""
        if not s.options["callous_discard_on_own_turn_only"]:
            for o in (*range(seat + 1, s.n_players), *range(seat)):
                if o not in asked and CALLOUS in s.front[o]:
                    s.pending = Pending(GUARDS, o, target=seat, picks=(*asked, o))
                    return
        s.pending = Pending(ACT, seat)

    @staticmethod
    def _discard_callous(s: GuillotineState, seat: int, ev: list[Event]) -> None:
        s.front[seat].remove(CALLOUS)
        s.action_discard.append(CALLOUS)
        ev.append(Event("discard_front", {"seat": seat, "card": CALLOUS, "owner": seat}))

    def _start_turn(self, s: GuillotineState, ev: list[Event]) -> None:
        seat = s.player
        if not s.line:  # §3.2 step 0: an empty line ends the day
            self._end_day(s, ev)
            return
        s.turns += 1
        s.rush_active = s.rush[seat]
        s.rush[seat] = False
        ev.append(Event("turn", {"seat": seat, "day": s.day, "rush_job": s.rush_active}))
        # Nothing to decide when play is blocked for reasons everyone can see.
        public_block = s.rush_active or s.line[0] == JUDGE or not s.hands[seat]
        if public_block and CALLOUS not in s.front[seat]:
            s.step = COLLECT
        elif public_block:  # only its own Callous Guards to discard
            s.pending = Pending(ACT, seat)
        else:
            self._action_step(s, seat)

    def _begin_collection(self, s: GuillotineState, ev: list[Event]) -> None:
        seat = s.player
        if s.political:  # Political Influence: no collection at all (ambiguity 16)
            s.step = DRAW
            return
        if s.confusion[seat] and s.line:  # ambiguity 6-7: just before the first collection
            s.confusion[seat] = False
            shuffle(s.rng, s.line)
            ev.append(Event("confusion", {"seat": seat, "line": list(s.line)}))
        s.queue = [FROM_LINE, FROM_LINE] if s.double else [FROM_LINE]
        s.step = COLLECTING

    def _collect_next(self, s: GuillotineState, ev: list[Event]) -> None:
        if not s.queue or s.day_over:
            s.queue = []
            s.step = DRAW
            return
        source = s.queue.pop(0)
        if source == FROM_LINE:
            if s.line:
                self._collect(s, s.player, s.line.pop(0), ev)
        elif s.noble_deck:
            noble = s.noble_deck.pop()
            ev.append(Event("reveal_deck", {"noble": noble}))
            self._collect(s, s.player, noble, ev)

    def _collect(self, s: GuillotineState, seat: int, noble: int, ev: list[Event]) -> None:
        """§4.2: append, Foreign Support's draw, then the noble's own effect."""
        s.piles[seat].append(noble)
        ev.append(Event("collect", {"seat": seat, "noble": noble}))
        front = s.front[seat]
        if NOBLE_COLOUR[noble] == PURPLE and FOREIGN in front:
            self._draw(s, seat, 1, ev)
        effect = NOBLE_EFFECT[noble]
        if not effect:
            return
        if effect == "robespierre":
            s.day_over = True
            s.queue = []
            self._discard_line(s, ev)
        elif effect == "fast_noble":
            s.queue.insert(0, FROM_LINE)
        elif effect == "rival_executioner":
            s.queue.insert(0, FROM_DECK)
        elif effect == "draw_card":
            self._draw(s, seat, 1, ev)
        elif effect == "add_from_deck":
            self._add_from_deck(s, 1, ev)
        elif effect == "clown" and INDIFFERENT not in front:
            s.pending = Pending(CLOWN_SEAT, seat)
        elif effect == "innocent_victim" and INDIFFERENT not in front and s.hands[seat]:
            s.pending = Pending(DISCARD, seat)

    def _end_turn(self, s: GuillotineState, ev: list[Event]) -> None:
        if s.pimpernel and not s.day_over:
            s.day_over = True
            self._discard_line(s, ev)
        if s.day_over:
            self._end_day(s, ev)
        else:
            s.player = (s.player + 1) % s.n_players
            self._reset_turn(s)

    def _end_day(self, s: GuillotineState, ev: list[Event]) -> None:
        """§3.3: the next day starts with the player left of the previous day's starter."""
        self._discard_line(s, ev)
        ev.append(Event("day_end", {"day": s.day}))
        if s.day >= RULES["days"] or not s.noble_deck:
            s.over = True
            s.pending = None
            ev.append(
                Event(
                    "game_over",
                    {
                        "scores": self.scores(s),
                        "winners": self.winners(s),
                        "hidden": list(s.hidden),
                    },
                )
            )
            return
        s.day += 1
        s.starter = (s.starter + 1) % s.n_players
        s.player = s.starter
        self._reset_turn(s)
        self._deal_line(s, ev)

    # ---------------------------------------------------------------- cards
    def _play(self, s: GuillotineState, seat: int, card: int, ev: list[Event]) -> None:
        """§4.1.1: the card leaves the hand first, then its choices are asked for."""
        s.hands[seat].remove(card)
        _forget(s.seen, seat, card)
        s.in_play = card
        ev.append(Event("play", {"seat": seat, "card": card}))
        a = ACTIONS[card]
        if NAMES_NOBLE[card]:
            s.pending = Pending(NOBLE, seat, card)
        elif a.seat or a.key == "twist_of_fate":
            s.pending = Pending(SEAT, seat, card)
        elif a.key == "opinionated_guards" and len(s.line) > 1:
            s.pending = Pending(ORDER, seat, card)
        elif a.key == "late_arrival":
            peeked = tuple(s.noble_deck.pop() for _ in range(min(PEEK, len(s.noble_deck))))
            ev.append(
                Event(
                    "peek", {"seat": seat, "count": len(peeked)}, {seat: {"nobles": list(peeked)}}
                )
            )
            s.pending = Pending(PEEK_PICK, seat, card, picks=peeked)
        elif a.key == "rat_break":
            s.pending = Pending(TAKE, seat, card)
        else:
            self._resolve_simple(s, seat, card, ev)
            self._finish_card(s, seat, card, ev)

    def _finish_card(
        self, s: GuillotineState, seat: int, card: int, ev: list[Event], target: int = -1
    ) -> None:
        """Put the card away (§4.1.1), move the Master Spy (§4.1.4), go on with the turn."""
        a = ACTIONS[card]
        if a.front == "self":
            s.front[seat].append(card)
        elif a.front == "other":
            s.front[target].append(card)
        else:
            s.action_discard.append(card)
        s.in_play = -1
        if MASTER_SPY in s.line and s.line[-1] != MASTER_SPY:
            s.line.remove(MASTER_SPY)
            s.line.append(MASTER_SPY)
            ev.append(Event("master_spy", {"line": list(s.line)}))
        if card == TRIP:  # §3.2: Trip allows one more card (repeatable, ambiguity 17)
            s.after_trip = True
            self._action_step(s, seat)
        else:
            s.step = COLLECT

    def _resolve_simple(self, s: GuillotineState, seat: int, card: int, ev: list[Event]) -> None:
        """Cards that need no choice from anyone."""
        key = ACTIONS[card].key
        line, rng = s.line, s.rng
        if key == "bribed_guards":
            if line:
                line.append(line.pop(0))
        elif key == "double_feature":
            s.double = True
        elif key == "political_influence":
            s.political = True
        elif key == "scarlet_pimpernel":
            s.pimpernel = True
        elif key == "escape":
            for _ in range(min(RULES["escape_discards"], len(line))):
                s.noble_discard.append(line.pop(rng.randrange(len(line))))
            shuffle(rng, line)
        elif key == "extra_cart":
            self._add_from_deck(s, RULES["extra_cart_nobles"], ev)
        elif key == "lack_of_faith":
            blue = next((i for i, n in enumerate(line) if NOBLE_COLOUR[n] == BLUE), -1)
            if blue > 0:
                line.insert(0, line.pop(blue))
        elif key == "let_them_eat_cake":
            if MARIE in line:
                line.remove(MARIE)
                line.insert(0, MARIE)
        elif key == "long_walk":
            line.reverse()
        elif key == "mass_confusion":
            n = len(line)
            s.noble_deck.extend(line)
            line.clear()
            shuffle(rng, s.noble_deck)
            line.extend(s.noble_deck.pop() for _ in range(n))
        elif key == "milling_in_line":
            span = min(RULES["milling_in_line_span"], len(line))
            head = line[:span]
            shuffle(rng, head)
            line[:span] = head
        elif key == "forced_break":
            for other in range(s.n_players):
                hand = s.hands[other]
                if other != seat and hand:
                    self._discard_from_hand(
                        s, other, hand[rng.randrange(len(hand))], "forced_break", ev
                    )
        elif key == "rain_delay":
            self._rain_delay(s, seat, ev)
        elif key == "opinionated_guards":
            pass  # a line of one noble has only one order
        # self in-front cards (supports, Callous Guards, Fountain of Blood) act from the table
        ev.append(Event("resolved", {"seat": seat, "card": card, "line": list(line)}))

    def _rain_delay(self, s: GuillotineState, seat: int, ev: list[Event]) -> None:
        """§4.3 Rain Delay: hands into the deck, shuffle, deal 5 each from the actor leftwards."""
        for hand in s.hands:
            s.action_deck.extend(hand)
            hand.clear()
        shuffle(s.rng, s.action_deck)
        s.seen = [[()] * s.n_players for _ in s.seen]
        for _ in range(RULES["hand_size"]):
            for k in range(s.n_players):
                self._draw(s, (seat + k) % s.n_players, 1, ev)

    def _named_noble(self, s: GuillotineState, p: Pending, i: int, ev: list[Event]) -> None:
        card, seat = p.card, p.seat
        a = ACTIONS[card]
        line = s.line
        if a.forward or a.back:
            distances = self._distances(s, card, i)
            if len(distances) > 1:
                s.pending = Pending(DISTANCE, seat, card, noble=i)
                return
            self._move(s, card, i, distances[0], ev)
        elif a.key == "fled_to_england":
            s.noble_discard.append(line.pop(i))
            ev.append(Event("resolved", {"seat": seat, "card": card, "line": list(line)}))
        elif a.key == "clothing_swap":
            s.noble_discard.append(line.pop(i))
            if s.noble_deck:
                line.insert(i, s.noble_deck.pop())
            ev.append(Event("resolved", {"seat": seat, "card": card, "line": list(line)}))
        else:  # Public Demand, Forward March: to the front
            line.insert(0, line.pop(i))
            ev.append(Event("resolved", {"seat": seat, "card": card, "line": list(line)}))
        self._finish_card(s, seat, card, ev)

    def _move(self, s: GuillotineState, card: int, i: int, distance: int, ev: list[Event]) -> None:
        line = s.line
        to = i - distance if ACTIONS[card].forward else i + distance
        line.insert(to, line.pop(i))
        ev.append(
            Event("resolved", {"card": card, "from": i + 1, "to": to + 1, "line": list(line)})
        )

    def _named_seat(self, s: GuillotineState, p: Pending, target: int, ev: list[Event]) -> None:
        card, seat = p.card, p.seat
        key = ACTIONS[card].key
        hands, piles, rng = s.hands, s.piles, s.rng
        ev.append(Event("target", {"seat": seat, "card": card, "target": target}))
        if key == "twist_of_fate":
            s.pending = Pending(FRONT_CARD, seat, card, target)
            return
        if key == "clerical_error":
            if piles[target]:
                s.pending = Pending(PILE_PICK, seat, card, target)
                return
            self._clerical_first(s, Pending(PILE_PICK, seat, card, target), -1, ev)
            return
        if key == "lack_of_support":
            if hands[target]:
                s.pending = Pending(LOOK_DISCARD, seat, card, target)
                if target != seat:
                    s.seen[seat][target] = tuple(hands[target])
                ev.append(
                    Event(
                        "look",
                        {"seat": seat, "target": target},
                        {seat: {"hand": sorted(hands[target])}},
                    )
                )
                return
        elif key == "infighting":
            hand = hands[target]
            if len(hand) > RULES["infighting_discards"]:
                s.pending = Pending(DISCARD, target, card, seat, count=RULES["infighting_discards"])
                return
            for c in list(hand):
                self._discard_from_hand(s, target, c, "infighting", ev)
        elif key == "after_you":
            piles[target].append(s.line.pop(0))
            ev.append(Event("given", {"seat": seat, "target": target, "noble": piles[target][-1]}))
        elif key == "confusion_in_line":
            s.confusion[target] = True
        elif key == "rush_job":
            s.rush[target] = True
        elif key == "information_exchange":
            hands[seat], hands[target] = hands[target], hands[seat]
            for row in s.seen:
                row[seat], row[target] = row[target], row[seat]
            s.seen[seat][target] = tuple(hands[target])
            s.seen[target][seat] = tuple(hands[seat])
            s.seen[seat][seat], s.seen[target][target] = (), ()
        elif key == "missed":
            if piles[target]:
                s.line.append(piles[target].pop())
                ev.append(Event("missed", {"target": target, "noble": s.line[-1]}))
        elif key == "missing_heads":
            if piles[target]:
                noble = piles[target].pop(rng.randrange(len(piles[target])))
                s.noble_discard.append(noble)
                ev.append(Event("missing_heads", {"target": target, "noble": noble}))
        self._finish_card(s, seat, card, ev, target)

    def _clerical_first(self, s: GuillotineState, p: Pending, x: int, ev: list[Event]) -> None:
        """Clerical Error (ambiguity 8): the actor picked X; the target now picks from the
        actor's pile as it was before the exchange."""
        if x >= 0:
            ev.append(
                Event(
                    "clerical_pick",
                    {"seat": p.seat, "from": p.target, "noble": s.piles[p.target][x]},
                )
            )
        if s.piles[p.seat]:
            s.pending = Pending(PILE_PICK_BACK, p.target, p.card, p.seat, picks=(x,))
            return
        self._clerical_exchange(s, p.seat, p.target, x, -1, ev)
        self._finish_card(s, p.seat, p.card, ev)

    def _clerical_exchange(
        self, s: GuillotineState, actor: int, target: int, x: int, y: int, ev: list[Event]
    ) -> None:
        got_x = s.piles[target].pop(x) if x >= 0 else -1
        got_y = s.piles[actor].pop(y) if y >= 0 else -1
        if got_x >= 0:
            s.piles[actor].append(got_x)
        if got_y >= 0:
            s.piles[target].append(got_y)
        ev.append(
            Event("clerical_error", {"seat": actor, "target": target, "took": got_x, "gave": got_y})
        )

    def _order_pick(self, s: GuillotineState, p: Pending, i: int, ev: list[Event]) -> None:
        picks = p.picks + (i,)
        span = min(RULES["opinionated_guards_span"], len(s.line))
        if len(picks) < span - 1:
            s.pending = Pending(ORDER, p.seat, p.card, picks=picks)
            return
        rest = [j for j in range(span) if j not in picks]
        order = list(picks) + rest
        s.line[:span] = [s.line[j] for j in order]
        ev.append(Event("resolved", {"seat": p.seat, "card": p.card, "line": list(s.line)}))
        self._finish_card(s, p.seat, p.card, ev)

    def _late_arrival(self, s: GuillotineState, p: Pending, i: int, ev: list[Event]) -> None:
        chosen = p.picks[i]
        s.line.append(chosen)
        rejects = [n for j, n in enumerate(p.picks) if j != i]
        s.noble_discard.extend(rejects)  # the source: "丟棄另外2張人物牌" (no reading to choose)
        ev.append(Event("late_arrival", {"seat": p.seat, "noble": chosen, "rejected": rejects}))
        self._finish_card(s, p.seat, p.card, ev)

    # ---------------------------------------------------------------- card movements
    def _draw(self, s: GuillotineState, seat: int, n: int, ev: list[Event]) -> None:
        """Draw n action cards; an empty deck is rebuilt from the discard pile (ambiguity 19)."""
        drawn = []
        for _ in range(n):
            if not s.action_deck:
                if not s.action_discard:
                    break
                s.action_deck, s.action_discard = s.action_discard, []
                shuffle(s.rng, s.action_deck)
                ev.append(Event("reshuffle", {"count": len(s.action_deck)}))
            drawn.append(s.action_deck.pop())
        s.hands[seat].extend(drawn)
        ev.append(Event("draw", {"seat": seat, "count": len(drawn)}, {seat: {"cards": drawn}}))

    def _discard_from_hand(
        self, s: GuillotineState, seat: int, card: int, why: str, ev: list[Event]
    ) -> None:
        s.hands[seat].remove(card)
        _forget(s.seen, seat, card)
        s.action_discard.append(card)
        ev.append(Event("discard", {"seat": seat, "card": card, "why": why}))

    def _add_from_deck(self, s: GuillotineState, n: int, ev: list[Event]) -> None:
        added = [s.noble_deck.pop() for _ in range(min(n, len(s.noble_deck)))]
        s.line.extend(added)
        if added:
            ev.append(Event("added", {"nobles": added}))

    def _discard_line(self, s: GuillotineState, ev: list[Event]) -> None:
        if s.line:
            ev.append(Event("line_discarded", {"nobles": list(s.line)}))
            s.noble_discard.extend(s.line)
            s.line.clear()

    # ================================================================ information
    def inventory(self, state: GuillotineState) -> dict[str, Counter[str]]:
        """Every noble and action card in every zone, counted per kind (the conformance
        suite checks the totals never change): a card is always in exactly one place."""
        s = state
        nobles = Counter(s.line)
        nobles.update(s.noble_deck)
        nobles.update(s.noble_discard)
        for pile in s.piles:
            nobles.update(pile)
        if s.pending is not None and s.pending.kind == PEEK_PICK:  # Late Arrival's peek
            nobles.update(s.pending.picks)
        cards = Counter(s.action_deck)
        cards.update(s.action_discard)
        for hand in s.hands:
            cards.update(hand)
        for front in s.front:
            cards.update(front)
        cards.update(c for c in s.hidden if c >= 0)
        if s.in_play >= 0:
            cards[s.in_play] += 1
        return {
            "noble": Counter({NOBLES[n].key: k for n, k in nobles.items()}),
            "action": Counter({ACTIONS[c].key: k for c, k in cards.items()}),
        }

    def determinize(
        self,
        state: GuillotineState,
        seat: int,
        rng: random.Random,
    ) -> GuillotineState:
        """Resample what ``seat`` cannot know: deck orders, the unknown part of other
        hands, others' hidden support cards, nobles another player peeked at.

        The world is a function of ``seat``'s information and ``rng`` alone: every pool
        of unseen cards is sorted before it is shuffled, and other hands and what is
        known of them are put in a canonical order (the seat's own hand keeps its
        order, which its legal actions follow), so two states that agree on the seat's view
        (and on ``seen[seat]``) give the same world for the same ``rng`` state. Of what a
        third player knows of a resampled hand only the count is read."""
        s = state.world_copy(rng)
        pool = list(s.action_deck)
        unknown_counts = []
        for other in range(s.n_players):
            s.seen[seat][other] = tuple(sorted(s.seen[seat][other]))
            if other == seat:
                unknown_counts.append(0)
                continue
            known = s.seen[seat][other]
            rest = s.hands[other][:]
            for c in known:
                rest.remove(c)
            pool.extend(rest)
            unknown_counts.append(len(rest))
            s.hands[other] = list(known)
        pool.sort()
        shuffle(rng, pool)
        for other, k in enumerate(unknown_counts):
            for _ in range(k):
                s.hands[other].append(pool.pop())
        s.action_deck = pool
        # What a third player learnt of a resampled hand must be in the new hand, as many
        # cards as before, so the state stays consistent (it may be determinized again):
        # what the seat knows of that hand first, then the cards dealt to it.
        for viewer in range(s.n_players):
            for other in range(s.n_players):
                count = len(s.seen[viewer][other])
                if count and viewer != seat and other != seat:
                    s.seen[viewer][other] = tuple(s.hands[other][:count])
        # hidden support cards are revealed once the game is over (views show them then)
        others_hidden = [
            o for o in range(s.n_players) if o != seat and s.hidden[o] >= 0 and not s.over
        ]
        cards = sorted(s.hidden[o] for o in others_hidden)
        shuffle(rng, cards)
        for o, c in zip(others_hidden, cards, strict=True):
            s.hidden[o] = c
        p = s.pending
        if p is not None and p.kind == PEEK_PICK and p.seat != seat:
            nobles = sorted(s.noble_deck + list(p.picks))
            shuffle(rng, nobles)
            k = len(p.picks)
            s.pending = Pending(PEEK_PICK, p.seat, p.card, picks=tuple(nobles[:k]))
            s.noble_deck = nobles[k:]
        else:
            s.noble_deck.sort()
            shuffle(rng, s.noble_deck)
        return s

    def zones(self, state: GuillotineState, seat: int) -> dict[str, Zone]:
        """What ``seat`` sees and does not (``GameBase.zones``): the action deck and the
        part of each other hand the seat has not seen are one pool; others' face-down
        support cards another (until the game is over); the noble deck, with the nobles
        another player peeked at, a third."""
        s = state
        out: dict[str, Zone] = {}
        for o in range(s.n_players):
            if o == seat:
                out[f"hand:{o}"] = Zone(tuple(sorted(s.hands[o])))
            else:
                known = sorted(s.seen[seat][o])
                rest = s.hands[o][:]
                for c in known:
                    rest.remove(c)
                out[f"hand:{o}"] = Zone(tuple(known))
                out[f"hand:{o}:unseen"] = Zone(tuple(sorted(rest)), True, "actions")
            if s.hidden[o] >= 0:
                unseen = o != seat and not s.over
                out[f"support:{o}"] = Zone((s.hidden[o],), unseen, "support" if unseen else "")
        out["action_deck"] = Zone(tuple(s.action_deck), True, "actions", True)
        out["noble_deck"] = Zone(tuple(s.noble_deck), True, "nobles", True)
        out["line"] = Zone(tuple(s.line))
        p = s.pending
        if p is not None and p.kind == PEEK_PICK:
            unseen = p.seat != seat
            out["peeked"] = Zone(tuple(sorted(p.picks)), unseen, "nobles" if unseen else "")
        return out
