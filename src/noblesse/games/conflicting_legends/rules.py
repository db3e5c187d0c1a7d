"""The rules of Conflicting Legends (spec: shared/specs/conflicting-legends.md).

A round is the action phase (§3.3: turns clockwise from the start player until all
have passed) and the settlement (§3.5). A turn is one action; its effects may pause
for decisions (a war's target, a throw, a 天 card's choice...). Every decision is a
``Pending``; what an effect does once an inner decision is answered waits on
``stack`` as a typed frame (``core.frames``: ``EndOfAction``, ``QinDiscards``...), and
``_run`` takes frames off until someone must decide.

The rock-paper-scissors throw (§3.4 step 4, §6) is the one simultaneous decision:
``to_act`` names both war participants, each commits in secret in any order, and
nothing of a commit is shown to anyone (no event, no view but the thrower's own)
until both are in.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any, NamedTuple

from noblesse.core.errors import IllegalAction
from noblesse.core.events import Event
from noblesse.core.frames import Frames
from noblesse.core.game import Action, GameBase, State, Zone
from noblesse.core.rng import Seed, shuffle
from noblesse.games.conflicting_legends.data import (
    CARDS,
    CULTURE,
    GESTURES,
    HEAVEN,
    MILITARY,
    PEOPLE,
    SKILL,
    TECHNOLOGY,
    TOKENS,
    WAR,
)

CHARS = CARDS.characters
LANDS = CARDS.territories
RULES = CARDS.rules
ASSUMED = CARDS.assumed
N_CHARS = len(CHARS)
N_LANDS = len(LANDS)
MAX_SEATS = 6
HAND_LIMIT = int(RULES["hand_limit"])
GLORY_TO_WIN = int(RULES["glory_to_win"])
CONTINENTS_TO_WIN = int(RULES["continents_to_win"])
MAX_BUILD = max(t.build for t in LANDS)
LAND_MIL = [t.military for t in LANDS]
LAND_BUILD = [t.build for t in LANDS]
LAND_CONTINENT = [t.continent for t in LANDS]
GLORY = [(t.glory(False), t.glory(True)) for t in LANDS]  # [territory][yellow]
CHAR_TYPE = [c.type for c in CHARS]
CHAR_COLOUR = [c.colour for c in CHARS]
EFFECT = [c.effect for c in CHARS]

# -- the action index: every action of the game has a fixed number -------------
ACTION_NAMES: list[str] = ["pass", "expand", "skip", "use", "silent"]
PASS, EXPAND, SKIP, USE, SILENT = range(5)
BUILD0 = len(ACTION_NAMES)  # build:T:culture, build:T:technology
ACTION_NAMES += [f"build:{t.key}:{k}" for t in LANDS for k in ("culture", "technology")]
PLAY0 = len(ACTION_NAMES)
ACTION_NAMES += [f"play:{c.key}" for c in CHARS]
TARGET0 = len(ACTION_NAMES)  # the territory a war is fought for
ACTION_NAMES += [f"target:{t.key}" for t in LANDS]
DEVELOP0 = len(ACTION_NAMES)  # the territory a card develops (Leonardo, Michelangelo, Augustus)
ACTION_NAMES += [f"develop:{t.key}" for t in LANDS]
CARD0 = len(ACTION_NAMES)  # a card to discard (Qin Shi Huang, Nobel, Gutenberg, Darwin)
ACTION_NAMES += [f"card:{c.key}" for c in CHARS]
ANNOUNCE0 = len(ACTION_NAMES)
ACTION_NAMES += [f"announce:{g}" for g in GESTURES]
THROW0 = len(ACTION_NAMES)
ACTION_NAMES += [f"throw:{g}" for g in GESTURES]
TOKEN0 = len(ACTION_NAMES)  # a token type (people income, Marie Curie, Machiavelli, ...)
ACTION_NAMES += [f"token:{k}" for k in TOKENS]
PAY0 = len(ACTION_NAMES)  # Leonardo: how many of the build requirement are paid in culture
ACTION_NAMES += [f"pay_culture:{c}" for c in range(MAX_BUILD + 1)]

# -- decision kinds (spec §7) -----------------------------------------------------
(
    ACT,
    TARGET,
    NOBEL,
    ANNOUNCE,
    THROW,
    CHARLEMAGNE,
    MACHIAVELLI,
    TAKE_TOP,
    DEVELOP,
    SPLIT,
    PAY_TYPE,
    GUTENBERG,
    DARWIN,
    QIN,
    AUGUSTUS,
    GAIN_ANY,
    INCOME,
) = range(17)
DECISION_NAMES = (
    "act",
    "target",
    "nobel",
    "announce",
    "throw",
    "charlemagne",
    "machiavelli",
    "take_top",
    "develop",
    "split",
    "pay_type",
    "gutenberg",
    "darwin",
    "qin",
    "augustus",
    "gain_any",
    "income",
)
# a throw's result, from the attacker's side
TIE, ATTACKER, DEFENDER = range(3)
RESULT_NAMES = ("tie", "attacker", "defender")
NO_ANNOUNCEMENT, SILENCE = -1, 3


# ---------------------------------------------------------------- waiting effects
class EndOfAction(NamedTuple):
    """The turn's action is complete: victory is checked, then the next turn (§3.3)."""


class QinDiscards(NamedTuple):
    """Qin Shi Huang (R07): the other players from ``k`` seats left of ``actor`` on,
    each with cards, discard one."""

    actor: int
    k: int


class GutenbergDiscards(NamedTuple):
    """Gutenberg (B06): ``seat`` has discarded ``discarded`` cards with ``card``, and
    may discard another up to its limit, then draws as many."""

    seat: int
    card: int
    discarded: int


class DrawAfter(NamedTuple):
    """``seat`` draws ``cards`` cards once the discard asked first is done (Darwin)."""

    seat: int
    cards: int


class WarAttach(NamedTuple):
    """Step 3 of a war (§4.2): the armed effects of its two sides attach."""


class IncomeChoice(NamedTuple):
    """The settlement (§3.5): ``seat`` chooses a token for one of its people cards."""

    seat: int


class SettleRest(NamedTuple):
    """The settlement's end (§3.5): the reshuffle, the draw, the next start player."""


END_OF_ACTION, WAR_ATTACH, SETTLE_REST = EndOfAction(), WarAttach(), SettleRest()
Frame = (
    EndOfAction
    | QinDiscards
    | GutenbergDiscards
    | DrawAfter
    | WarAttach
    | IncomeChoice
    | SettleRest
)


class Pending:
    """A decision the game waits for: ``seat`` answers it (both war sides for THROW).

    ``card`` is the character being resolved, ``land`` a chosen territory, ``count``
    a running count (Gutenberg's discards, Qin Shi Huang's k-th player). Immutable,
    so a clone may share it.
    """

    __slots__ = ("kind", "seat", "card", "land", "count")

    def __init__(
        self, kind: int, seat: int, card: int = -1, land: int = -1, count: int = 0
    ) -> None:
        self.kind, self.seat, self.card, self.land, self.count = kind, seat, card, land, count


class War:
    """One war (§3.4, §4.3). ``att_triggers``/``def_triggers``: (card, threshold) of the
    tie triggers on each side; ``committed``: the secret throws, -1 until made."""

    __slots__ = (
        "attacker",
        "defender",
        "target",
        "card",
        "throw_no",
        "ties",
        "charlemagne",
        "gandhi",
        "att_triggers",
        "def_triggers",
        "announced",
        "committed",
        "throws",
        "winner",
    )
    attacker: int
    defender: int
    target: int  # the territory fought for
    card: int  # the character that declared the war
    throw_no: int
    ties: int  # the current streak of ties
    charlemagne: bool
    gandhi: bool
    att_triggers: tuple[tuple[int, int], ...]
    def_triggers: tuple[tuple[int, int], ...]
    announced: list[int]  # by side, attacker first
    committed: list[int]
    throws: list[tuple[int, int, int]]  # (attacker's, defender's, result) of each throw
    winner: int

    def clone(self) -> War:
        w = War.__new__(War)
        w.attacker, w.defender, w.target, w.card = (
            self.attacker,
            self.defender,
            self.target,
            self.card,
        )
        w.throw_no, w.ties, w.charlemagne, w.gandhi = (
            self.throw_no,
            self.ties,
            self.charlemagne,
            self.gandhi,
        )
        w.att_triggers, w.def_triggers = self.att_triggers, self.def_triggers
        w.winner = self.winner
        w.announced = self.announced[:]
        w.committed = self.committed[:]
        w.throws = self.throws[:]
        return w


class LegendsState(State):
    __slots__ = (
        "land_deck",
        "yellow",
        "lands",
        "deck",
        "discard",
        "hands",
        "tableau",
        "tokens",
        "armed",
        "passed",
        "start",
        "active",
        "round",
        "pending",
        "stack",
        "war",
        "over",
        "winner",
    )
    land_deck: list[int]  # white side up; the top card is the last
    yellow: list[bool]  # by territory: built (yellow side up)
    lands: list[list[int]]  # the territories each seat holds
    deck: list[int]
    discard: list[int]
    hands: list[list[int]]
    tableau: list[list[int]]
    tokens: list[list[int]]  # tokens[seat][military, culture, technology]
    armed: list[tuple[int, int]]  # (card, owner) of each armed effect
    passed: list[bool]
    start: int
    active: int
    round: int
    pending: Pending | None
    stack: Frames[Frame]  # waiting effects, the latest on top (_FRAME)
    war: War | None
    over: bool
    winner: int

    def decision(self) -> Pending:
        """The pending decision, asked for only while there is one."""
        p = self.pending
        assert p is not None, "no decision is pending"
        return p

    def at_war(self) -> War:
        """The war being fought, asked for only during one (§3.4)."""
        w = self.war
        assert w is not None, "no war is being fought"
        return w

    def clone(self, rng: random.Random | None = None) -> LegendsState:
        c = LegendsState.__new__(LegendsState)
        self._copy_base(c, rng)
        c.land_deck = self.land_deck[:]
        c.yellow = self.yellow[:]
        c.lands = [x[:] for x in self.lands]
        c.deck = self.deck[:]
        c.discard = self.discard[:]
        c.hands = [x[:] for x in self.hands]
        c.tableau = [x[:] for x in self.tableau]
        c.tokens = [x[:] for x in self.tokens]
        c.armed = self.armed[:]
        c.passed = self.passed[:]
        c.stack = self.stack.copy()
        c.war = self.war.clone() if self.war is not None else None
        c.start, c.active, c.round = self.start, self.active, self.round
        c.pending, c.over, c.winner = self.pending, self.over, self.winner
        return c


def _token_text(k: int) -> tuple[str, str]:
    return TOKENS[k], ("武力", "文化", "科技")[k]


class LegendsRules(GameBase[LegendsState]):
    id = "conflicting_legends"
    version = f"1.0+{CARDS.digest}"
    title = {"en": "Conflicting Legends", "zh-TW": "偉人的猜拳戰略"}
    min_players = 3
    max_players = MAX_SEATS
    action_names = ACTION_NAMES

    # ================================================================ setup (§3.1)
    def setup(
        self,
        n_players: int,
        seed: Seed,
        options: dict[str, Any] | None = None,
    ) -> LegendsState:
        if not self.min_players <= n_players <= self.max_players:
            raise ValueError(
                f"Conflicting Legends is for {self.min_players}-{self.max_players} "
                f"players, not {n_players}"
            )
        options = {**self.options_schema(), **(options or {})}
        unknown = set(options) - set(self.options_schema())
        if unknown:
            raise ValueError(
                f"unknown option(s) for Conflicting Legends: {', '.join(sorted(unknown))}"
            )
        s = LegendsState(n_players, seed, options)
        rng = s.rng
        lands = list(range(N_LANDS))
        shuffle(rng, lands)
        s.lands = [[] for _ in range(n_players)]
        for _ in range(int(RULES["starting_territories"])):
            for seat in range(n_players):
                s.lands[seat].append(lands.pop())
        s.land_deck = lands  # white side up; the top card is the last
        s.yellow = [False] * N_LANDS
        deck = CARDS.character_deck()
        shuffle(rng, deck)
        s.hands = [[] for _ in range(n_players)]
        for _ in range(int(RULES["hand_size"])):
            for seat in range(n_players):
                s.hands[seat].append(deck.pop())
        s.deck, s.discard = deck, []
        s.tableau = [[] for _ in range(n_players)]
        s.tokens = [list(RULES["starting_tokens"]) for _ in range(n_players)]
        s.armed, s.passed, s.stack = [], [False] * n_players, Frames()
        s.start = rng.randrange(n_players) if ASSUMED["random_start_player"] else 0
        s.active, s.round = s.start, 1
        s.war, s.over, s.winner = None, False, -1
        s.pending = Pending(ACT, s.start)
        return s

    # ================================================================ queries
    def to_act(self, state: LegendsState) -> tuple[int, ...]:
        p = state.pending
        if p is None:
            return ()
        if p.kind == THROW:  # the simultaneous throw: whoever has not committed yet
            w = state.at_war()
            a, d = w.committed
            if a < 0:
                return (w.attacker, w.defender) if d < 0 else (w.attacker,)
            return (w.defender,)
        return (p.seat,)

    def is_over(self, state: LegendsState) -> bool:
        return state.over

    def scores(self, state: LegendsState) -> list[float]:
        """Each player's glory (§3.6.2); the winner is who first met a goal (``winners``)."""
        return [float(self.glory(state, seat)) for seat in range(state.n_players)]

    def winners(self, state: LegendsState) -> list[int]:
        return [state.winner] if state.winner >= 0 else []

    endings = {
        "continents": {"en": "all six continents", "zh-TW": "征服六大洲"},
        "glory": {"en": "10 glory or more", "zh-TW": "榮耀10分以上"},
    }

    def ending(self, state: LegendsState) -> str:
        """§3.6: the winner met the continents goal, else the glory goal."""
        won = state.winner
        return (
            "continents"
            if won >= 0 and self.continents(state, won) >= CONTINENTS_TO_WIN
            else "glory"
        )

    def standing(self, state: LegendsState) -> list[float]:
        """How near each seat is to the nearer of its two goals (§3.6): the larger of
        glory / 10 and continents / 6, so 1.0 means it qualifies."""
        return [
            max(
                self.glory(state, seat) / GLORY_TO_WIN,
                self.continents(state, seat) / CONTINENTS_TO_WIN,
            )
            for seat in range(state.n_players)
        ]

    @staticmethod
    def glory(s: LegendsState, seat: int) -> int:
        yellow = s.yellow
        return sum(GLORY[t][yellow[t]] for t in s.lands[seat])

    @staticmethod
    def continents(s: LegendsState, seat: int) -> int:
        return len({LAND_CONTINENT[t] for t in s.lands[seat]})

    def qualifies(self, s: LegendsState, seat: int) -> bool:
        """§3.6: all six continents, or 10 or more glory."""
        return self.continents(s, seat) >= CONTINENTS_TO_WIN or self.glory(s, seat) >= GLORY_TO_WIN

    def owner(self, s: LegendsState, land: int) -> int:
        for seat, lands in enumerate(s.lands):
            if land in lands:
                return seat
        return -1

    # ================================================================ legality
    def _legal(self, s: LegendsState, seat: int) -> list[Action]:
        p = s.decision()
        kind = p.kind
        if kind == ACT:
            return self._act_options(s, seat)
        if kind == THROW:
            w = s.at_war()
            if seat == w.defender and self._banned(w) >= 0:
                return [THROW0 + g for g in range(3) if g != self._banned(w)]
            return [THROW0, THROW0 + 1, THROW0 + 2]
        if kind == ANNOUNCE:
            return [SILENT, ANNOUNCE0, ANNOUNCE0 + 1, ANNOUNCE0 + 2]
        if kind == TARGET:
            return [TARGET0 + t for o in self._defenders(s, seat) for t in sorted(s.lands[o])]
        if kind in (NOBEL, DARWIN):
            owner = s.at_war().defender if kind == NOBEL else seat
            cards = set(s.tableau[owner])
            cards.discard(p.card if kind == DARWIN else -1)
            return [SKIP] + [CARD0 + c for c in sorted(cards)]
        if kind in (QIN, GUTENBERG):
            out = [CARD0 + c for c in sorted(set(s.hands[seat]))]
            return out if kind == QIN else [SKIP, *out]
        if kind in (CHARLEMAGNE, TAKE_TOP):
            return [SKIP, USE]
        if kind in (MACHIAVELLI, GAIN_ANY, INCOME):
            return [TOKEN0, TOKEN0 + 1, TOKEN0 + 2]
        if kind == DEVELOP:
            return [SKIP] + [DEVELOP0 + t for t in self._developable(s, seat, p.card)]
        if kind == AUGUSTUS:
            return [DEVELOP0 + t for t in self._augustus_lands(s, seat, p.card)]
        if kind == SPLIT:
            lo, hi = self._split_range(s, seat, p.land)
            return [PAY0 + c for c in range(lo, hi + 1)]
        if kind == PAY_TYPE:
            cost = self._michelangelo_cost(p.card, p.land)
            return [TOKEN0 + k for k in (CULTURE, TECHNOLOGY) if s.tokens[seat][k] >= cost]
        raise AssertionError(f"unknown decision kind {kind}")

    def _act_options(self, s: LegendsState, seat: int) -> list[Action]:
        """D1: play a card, expand, build or pass (§3.3, §7)."""
        out = [PASS]
        mil, cul, tec = s.tokens[seat]
        if s.land_deck and mil >= LAND_MIL[s.land_deck[-1]]:
            out.append(EXPAND)
        yellow = s.yellow
        for t in sorted(s.lands[seat]):
            if not yellow[t]:
                b = LAND_BUILD[t]
                if cul >= b:
                    out.append(BUILD0 + 2 * t)
                if tec >= b:
                    out.append(BUILD0 + 2 * t + 1)
        war_ok = self._war_possible(s, seat)
        for c in sorted(set(s.hands[seat])):
            if war_ok or CHAR_TYPE[c] != WAR:
                out.append(PLAY0 + c)
        return out

    @staticmethod
    def _defenders(s: LegendsState, seat: int) -> list[int]:
        """The players ``seat`` may attack: any other (A10: passed ones too, by default)."""
        passed_ok = ASSUMED["attack_passed_players"]
        return [o for o in range(s.n_players) if o != seat and (passed_ok or not s.passed[o])]

    def _war_possible(self, s: LegendsState, seat: int) -> bool:
        """A9: a war card needs another player with a territory."""
        return any(s.lands[o] for o in self._defenders(s, seat))

    @staticmethod
    def _banned(w: War) -> int:
        """Hannibal (R06): the gesture the defender may not throw now, or -1."""
        card = CHARS[w.card]
        if card.effect == "hannibal" and w.throw_no <= card.throws:
            return card.gesture
        return -1

    def _developable(self, s: LegendsState, seat: int, card: int) -> list[int]:
        """Leonardo (G06) / Michelangelo (G07): own white territories it can pay for."""
        cul, tec = s.tokens[seat][CULTURE], s.tokens[seat][TECHNOLOGY]
        out = []
        for t in sorted(s.lands[seat]):
            if s.yellow[t]:
                continue
            if EFFECT[card] == "leonardo":
                if cul + tec >= LAND_BUILD[t]:
                    out.append(t)
            elif max(cul, tec) >= self._michelangelo_cost(card, t):
                out.append(t)
        return out

    @staticmethod
    def _michelangelo_cost(card: int, land: int) -> int:
        return max(0, LAND_BUILD[land] - CHARS[card].discount)

    @staticmethod
    def _split_range(s: LegendsState, seat: int, land: int) -> tuple[int, int]:
        """Leonardo: the culture part c of a payment c + (build - c) technology."""
        b = LAND_BUILD[land]
        return max(0, b - s.tokens[seat][TECHNOLOGY]), min(b, s.tokens[seat][CULTURE])

    @staticmethod
    def _augustus_lands(s: LegendsState, seat: int, card: int) -> list[int]:
        top = CHARS[card].max_build
        return [t for t in sorted(s.lands[seat]) if not s.yellow[t] and LAND_BUILD[t] <= top]

    def _can_take_top(self, s: LegendsState, seat: int, card: int) -> bool:
        """Columbus (R10) / Einstein (B01): a top card, and the tokens to pay for it."""
        if not s.land_deck:
            return False
        return s.tokens[seat][self._take_top_type(card)] >= self._take_top_cost(s, card)

    @staticmethod
    def _take_top_type(card: int) -> int:
        return TECHNOLOGY if EFFECT[card] == "einstein" else MILITARY

    @staticmethod
    def _take_top_cost(s: LegendsState, card: int) -> int:
        return max(0, LAND_MIL[s.land_deck[-1]] - CHARS[card].discount)

    # ---------------------------------------------------------------- illegal actions
    def _explain_illegal(self, s: LegendsState, seat: int, action: Action) -> IllegalAction:
        p = s.decision()
        if p.kind == ACT:
            if PLAY0 <= action < TARGET0:
                c = CHARS[action - PLAY0]
                if action - PLAY0 not in s.hands[seat]:
                    return IllegalAction(f"You do not hold {c.en}.", f"你手上沒有「{c.zh}」。")
                return IllegalAction(
                    f"{c.en} starts a war, and no other player has a territory to attack.",
                    f"「{c.zh}」須發動戰爭，但其他玩家都沒有可攻打的領土。",
                )
            if action == EXPAND:
                if not s.land_deck:
                    return IllegalAction("The territory deck is empty.", "領土卡牌堆已經用完。")
                top = LANDS[s.land_deck[-1]]
                return IllegalAction(
                    f"Expanding into {top.en} needs {top.military} military tokens.",
                    f"擴張取得「{top.zh}」需要{top.military}點武力標記。",
                )
            if BUILD0 <= action < PLAY0:
                t = LANDS[(action - BUILD0) // 2]
                if t.id not in s.lands[seat] or s.yellow[t.id]:
                    return IllegalAction(
                        f"{t.en} is not one of your white-side territories.",
                        f"「{t.zh}」不是你面前白色面朝上的領土。",
                    )
                k = (action - BUILD0) % 2 + 1
                en, zh = _token_text(k)
                return IllegalAction(
                    f"Building {t.en} needs {t.build} {en} tokens.",
                    f"建設「{t.zh}」需要{t.build}點{zh}標記。",
                )
        if p.kind == TARGET and TARGET0 <= action < DEVELOP0:
            t = LANDS[action - TARGET0]
            owner = self.owner(s, t.id)
            if owner < 0 or owner == seat:
                whose = (
                    ("belongs to no player", "不屬於任何玩家")
                    if owner < 0
                    else ("is your own territory", "是你自己的領土")
                )
                return IllegalAction(
                    f"{t.en} {whose[0]}: a war is fought for another player's territory.",
                    f"「{t.zh}」{whose[1]}：戰爭只能攻打其他玩家的領土。",
                )
        if p.kind == THROW and action == THROW0 + self._banned(s.at_war()):
            return IllegalAction(
                "Hannibal: the defender may not throw Paper in the first throw.",
                "「漢尼拔」：第一次猜拳守方不能出布。",
            )
        decision = self.describe_decision(s, "en")
        decision_zh = self.describe_decision(s, "zh-TW")
        if not 0 <= action < len(ACTION_NAMES):
            return IllegalAction(
                f"There is no action {action} in this game. {decision}.",
                f"這個遊戲沒有編號{action}的動作。{decision_zh}。",
            )
        words = self.describe_action(s, action, "en")
        words_zh = self.describe_action(s, action, "zh-TW")
        return IllegalAction(
            f'"{words}" is not possible now. {decision}.',
            f"現在不能「{words_zh}」。{decision_zh}。",
        )

    # ================================================================ acting
    def _apply(self, s: LegendsState, seat: int, action: Action) -> list[Event]:
        ev: list[Event] = []
        p = s.decision()
        kind = p.kind
        if kind == THROW:
            if not self._commit(s, seat, action - THROW0, ev):
                return ev  # nothing about a lone commit is told to anyone
        else:
            s.pending = None
            self._ANSWER[kind](self, s, p, action, ev)
        self._run(s, ev)
        return ev

    def _run(self, s: LegendsState, ev: list[Event]) -> None:
        """Resume waiting effects until someone must decide (or the game is over)."""
        stack = s.stack
        while s.pending is None and stack and not s.over:
            frame = stack.pop()
            self._FRAME[type(frame)](self, s, frame, ev)

    # ---------------------------------------------------------------- the turn (§3.3)
    def _answer_act(self, s: LegendsState, p: Pending, action: Action, ev: list[Event]) -> None:
        seat = p.seat
        if action == PASS:  # D: no more actions this round
            s.passed[seat] = True
            ev.append(Event("pass", {"seat": seat}))
            self._next_turn(s, ev)
            return
        s.stack.push(END_OF_ACTION)
        if action == EXPAND:  # B: pay the top card's military requirement and take it
            land = s.land_deck[-1]
            s.tokens[seat][MILITARY] -= LAND_MIL[land]
            self._take_top(s, seat, "expand", LAND_MIL[land], MILITARY, ev)
        elif action < PLAY0:  # C: pay one type only, flip to yellow, draw 1
            land, k = (action - BUILD0) // 2, (action - BUILD0) % 2 + 1
            s.tokens[seat][k] -= LAND_BUILD[land]
            s.yellow[land] = True
            ev.append(
                Event(
                    "build", {"seat": seat, "land": land, "paid": self._paid(k, LAND_BUILD[land])}
                )
            )
            self._draw(s, seat, 1, ev)
        else:  # A: play a card
            self._play(s, seat, action - PLAY0, ev)

    @staticmethod
    def _paid(k: int, amount: int) -> list[int]:
        paid = [0, 0, 0]
        paid[k] = amount
        return paid

    def _play(self, s: LegendsState, seat: int, card: int, ev: list[Event]) -> None:
        s.hands[seat].remove(card)
        s.tableau[seat].append(card)
        ev.append(Event("play", {"seat": seat, "card": card}))
        kind = CHAR_TYPE[card]
        if kind == WAR:  # 戰: choose the defender's territory (D2)
            s.pending = Pending(TARGET, seat, card)
        elif kind == SKILL:  # 技: at once
            self._skill(s, seat, card, ev)
        # 天 and people cards do nothing when played

    def _skill(self, s: LegendsState, seat: int, card: int, ev: list[Event]) -> None:
        effect = EFFECT[card]
        if effect == "qin_shi_huang":
            s.stack.push(QinDiscards(seat, 1))
        elif effect in ("sun_tzu", "gandhi"):  # §4.2: arm a one-war effect
            s.armed.append((card, seat))
            ev.append(Event("armed", {"seat": seat, "card": card}))
        elif effect in ("columbus", "einstein"):
            self._offer(s, seat, card, self._can_take_top(s, seat, card), TAKE_TOP, ev)
        elif effect in ("leonardo", "michelangelo"):
            self._offer(s, seat, card, bool(self._developable(s, seat, card)), DEVELOP, ev)
        elif effect == "gutenberg":
            s.stack.push(GutenbergDiscards(seat, card, 0))
        elif effect == "darwin":
            others = [c for c in s.tableau[seat] if c != card]
            self._offer(s, seat, card, bool(others), DARWIN, ev)
        else:
            self._simple(s, seat, card, ev)

    @staticmethod
    def _offer(
        s: LegendsState, seat: int, card: int, possible: bool, kind: int, ev: list[Event]
    ) -> None:
        """§4.1: an optional use is offered only if it can be completed."""
        if possible:
            s.pending = Pending(kind, seat, card)
        else:
            ev.append(Event("no_use", {"seat": seat, "card": card}))

    def _simple(self, s: LegendsState, seat: int, card: int, ev: list[Event]) -> None:
        """Draw, then gain tokens, as the card's fields say; Marie Curie asks for a type."""
        c = CHARS[card]
        if c.draw:
            self._draw(s, seat, c.draw, ev)
        if any(c.gain):
            self._gain(s, seat, list(c.gain), card, ev)
        if c.gain_any:
            s.pending = Pending(GAIN_ANY, seat, card)

    def _end_action(self, s: LegendsState, frame: EndOfAction, ev: list[Event]) -> None:
        if not self._check_victory(s, ev):
            self._next_turn(s, ev)

    def _check_victory(self, s: LegendsState, ev: list[Event]) -> bool:
        """§3.6, A15/A16: after a complete action, the active player first, then clockwise."""
        n = s.n_players
        for k in range(n):
            seat = (s.active + k) % n
            if self.qualifies(s, seat):
                s.over, s.winner = True, seat
                s.pending = None
                s.stack.clear()
                goal = "continents" if self.continents(s, seat) >= CONTINENTS_TO_WIN else "glory"
                ev.append(
                    Event("game_over", {"winner": seat, "goal": goal, "scores": self.scores(s)})
                )
                return True
        return False

    def _next_turn(self, s: LegendsState, ev: list[Event]) -> None:
        """The next player clockwise who has not passed, even the same one alone (§3.3)."""
        n = s.n_players
        for k in range(1, n + 1):
            seat = (s.active + k) % n
            if not s.passed[seat]:
                s.active = seat
                s.pending = Pending(ACT, seat)
                ev.append(Event("turn", {"seat": seat}))
                return
        self._settle(s, ev)

    # ---------------------------------------------------------------- settlement (§3.5)
    def _settle(self, s: LegendsState, ev: list[Event]) -> None:
        n = s.n_players
        ev.append(Event("settlement", {"round": s.round}))
        people: list[int] = []
        for k in range(n):
            seat = (s.start + k) % n
            gain = [0, 0, 0]
            for c in s.tableau[seat]:
                if CHAR_COLOUR[c] == PEOPLE:
                    people.append(seat)
                else:
                    gain[CHAR_COLOUR[c]] += 1
            if any(gain):
                self._gain(s, seat, gain, -1, ev)
        s.stack.push(SETTLE_REST, *(IncomeChoice(seat) for seat in reversed(people)))

    def _income(self, s: LegendsState, frame: IncomeChoice, ev: list[Event]) -> None:
        s.pending = Pending(INCOME, frame.seat)

    def _settle_rest(self, s: LegendsState, frame: SettleRest, ev: list[Event]) -> None:
        """Reshuffle (not a discard: no 天, A4), draw 3 up to 6, the next start player."""
        n = s.n_players
        for seat in range(n):
            s.deck.extend(s.tableau[seat])
            s.tableau[seat] = []
        s.deck.extend(s.discard)
        s.discard = []
        shuffle(s.rng, s.deck)
        s.armed = []
        ev.append(Event("reshuffle", {"count": len(s.deck), "settlement": True}))
        for k in range(n):
            self._draw(s, (s.start + k) % n, int(RULES["settlement_draw"]), ev, limit=True)
        s.start = (s.start + 1) % n
        s.active = s.start
        s.round += 1
        s.passed = [False] * n
        ev.append(Event("round", {"round": s.round, "start": s.start}))
        s.pending = Pending(ACT, s.start)

    # ---------------------------------------------------------------- card movements
    def _draw(
        self, s: LegendsState, seat: int, n: int, ev: list[Event], limit: bool = False
    ) -> None:
        """Draw one at a time; skipped at the hand limit (A3); an empty deck is rebuilt
        from the discard pile (A7)."""
        hand = s.hands[seat]
        limit = limit or ASSUMED["hand_limit_every_draw"]
        drawn = []
        for _ in range(n):
            if limit and len(hand) >= HAND_LIMIT:
                break
            if not s.deck:
                if not s.discard or not ASSUMED["reshuffle_discard_when_deck_empty"]:
                    break
                s.deck, s.discard = s.discard, []
                shuffle(s.rng, s.deck)
                ev.append(Event("reshuffle", {"count": len(s.deck), "settlement": False}))
            card = s.deck.pop()
            hand.append(card)
            drawn.append(card)
        ev.append(
            Event(
                "draw",
                {"seat": seat, "count": len(drawn), "wanted": n},
                {seat: {"cards": drawn}} if drawn else None,
            )
        )

    @staticmethod
    def _gain(s: LegendsState, seat: int, gain: list[int], card: int, ev: list[Event]) -> None:
        tokens = s.tokens[seat]
        for k in range(3):
            tokens[k] += gain[k]
        ev.append(Event("gain", {"seat": seat, "gain": gain, "card": card}))

    def _discard(
        self, s: LegendsState, owner: int, card: int, from_table: bool, why: int, ev: list[Event]
    ) -> None:
        """An effect discards a card (§4.1); a 天 card then resolves for its owner (A6)."""
        if from_table:
            s.tableau[owner].remove(card)
            s.armed = [a for a in s.armed if a != (card, owner)]  # §4.2: an armed effect is lost
        else:
            s.hands[owner].remove(card)
        s.discard.append(card)
        ev.append(
            Event(
                "discard",
                {"seat": owner, "card": card, "from_table": from_table, "why": DECISION_NAMES[why]},
            )
        )
        if CHAR_TYPE[card] == HEAVEN:
            ev.append(Event("heaven", {"seat": owner, "card": card}))
            if EFFECT[card] == "augustus":
                self._augustus(s, owner, card, ev)
            else:
                self._simple(s, owner, card, ev)

    def _augustus(self, s: LegendsState, seat: int, card: int, ev: list[Event]) -> None:
        lands = self._augustus_lands(s, seat, card)
        if len(lands) > 1:
            s.pending = Pending(AUGUSTUS, seat, card)
        elif lands:
            self._develop(s, seat, card, lands[0], [0, 0, 0], ev)
        else:
            ev.append(Event("no_use", {"seat": seat, "card": card}))

    def _take_top(
        self, s: LegendsState, seat: int, why: str, paid: int, k: int, ev: list[Event]
    ) -> None:
        land = s.land_deck.pop()
        s.lands[seat].append(land)
        ev.append(
            Event("expand", {"seat": seat, "land": land, "paid": self._paid(k, paid), "why": why})
        )

    def _develop(
        self, s: LegendsState, seat: int, card: int, land: int, paid: list[int], ev: list[Event]
    ) -> None:
        """Leonardo, Michelangelo, Augustus (§4.1 "Develop", A19)."""
        for k in range(3):
            s.tokens[seat][k] -= paid[k]
        s.yellow[land] = True
        ev.append(Event("develop", {"seat": seat, "land": land, "paid": paid, "card": card}))
        if CHARS[card].draw:
            self._draw(s, seat, CHARS[card].draw, ev)

    # ---------------------------------------------------------------- answers
    def _answer_take_top(
        self, s: LegendsState, p: Pending, action: Action, ev: list[Event]
    ) -> None:
        """Columbus (R10) / Einstein (B01)."""
        if action == SKIP:
            ev.append(Event("decline", {"seat": p.seat, "card": p.card}))
            return
        k, cost = self._take_top_type(p.card), self._take_top_cost(s, p.card)
        s.tokens[p.seat][k] -= cost
        self._take_top(s, p.seat, CHARS[p.card].key, cost, k, ev)

    def _answer_develop(self, s: LegendsState, p: Pending, action: Action, ev: list[Event]) -> None:
        if action == SKIP:
            ev.append(Event("decline", {"seat": p.seat, "card": p.card}))
            return
        land = action - DEVELOP0
        if EFFECT[p.card] == "leonardo":  # any split of culture and technology
            lo, hi = self._split_range(s, p.seat, land)
            if lo == hi:
                self._develop(s, p.seat, p.card, land, [0, lo, LAND_BUILD[land] - lo], ev)
            else:
                s.pending = Pending(SPLIT, p.seat, p.card, land)
            return
        cost = self._michelangelo_cost(p.card, land)  # one type, requirement - 1
        types = [k for k in (CULTURE, TECHNOLOGY) if s.tokens[p.seat][k] >= cost]
        if cost == 0 or len(types) == 1:
            self._develop(s, p.seat, p.card, land, self._paid(types[0], cost), ev)
        else:
            s.pending = Pending(PAY_TYPE, p.seat, p.card, land)

    def _answer_split(self, s: LegendsState, p: Pending, action: Action, ev: list[Event]) -> None:
        c = action - PAY0
        self._develop(s, p.seat, p.card, p.land, [0, c, LAND_BUILD[p.land] - c], ev)

    def _answer_pay_type(
        self, s: LegendsState, p: Pending, action: Action, ev: list[Event]
    ) -> None:
        cost = self._michelangelo_cost(p.card, p.land)
        self._develop(s, p.seat, p.card, p.land, self._paid(action - TOKEN0, cost), ev)

    def _answer_augustus(
        self, s: LegendsState, p: Pending, action: Action, ev: list[Event]
    ) -> None:
        self._develop(s, p.seat, p.card, action - DEVELOP0, [0, 0, 0], ev)

    def _answer_gain_any(
        self, s: LegendsState, p: Pending, action: Action, ev: list[Event]
    ) -> None:
        self._gain(s, p.seat, self._paid(action - TOKEN0, CHARS[p.card].gain_any), p.card, ev)

    def _answer_income(self, s: LegendsState, p: Pending, action: Action, ev: list[Event]) -> None:
        self._gain(s, p.seat, self._paid(action - TOKEN0, 1), -1, ev)

    # Qin Shi Huang (R07): clockwise from the actor's left, each other player with cards
    def _qin(self, s: LegendsState, frame: QinDiscards, ev: list[Event]) -> None:
        actor, k = frame
        n = s.n_players
        while k < n:
            seat = (actor + k) % n
            if s.hands[seat]:
                s.pending = Pending(QIN, seat, count=k)
                s.stack.push(QinDiscards(actor, k + 1))
                return
            k += 1

    def _answer_qin(self, s: LegendsState, p: Pending, action: Action, ev: list[Event]) -> None:
        self._discard(s, p.seat, action - CARD0, False, QIN, ev)

    # Gutenberg (B06): discard up to 2 from hand, then draw as many
    def _gutenberg(self, s: LegendsState, frame: GutenbergDiscards, ev: list[Event]) -> None:
        seat, card, count = frame
        if count < CHARS[card].limit and s.hands[seat]:
            s.pending = Pending(GUTENBERG, seat, card, count=count)
        else:
            self._draw(s, seat, count, ev)

    def _answer_gutenberg(
        self, s: LegendsState, p: Pending, action: Action, ev: list[Event]
    ) -> None:
        if action == SKIP:
            if p.count == 0:
                ev.append(Event("decline", {"seat": p.seat, "card": p.card}))
            else:
                self._draw(s, p.seat, p.count, ev)
            return
        s.stack.push(GutenbergDiscards(p.seat, p.card, p.count + 1))
        self._discard(s, p.seat, action - CARD0, False, GUTENBERG, ev)

    # Darwin (B07): discard another card of your table area, then draw 2
    def _answer_darwin(self, s: LegendsState, p: Pending, action: Action, ev: list[Event]) -> None:
        if action == SKIP:
            ev.append(Event("decline", {"seat": p.seat, "card": p.card}))
            return
        s.stack.push(DrawAfter(p.seat, CHARS[p.card].draw))
        self._discard(s, p.seat, action - CARD0, True, DARWIN, ev)

    def _draw_frame(self, s: LegendsState, frame: DrawAfter, ev: list[Event]) -> None:
        self._draw(s, frame.seat, frame.cards, ev)

    # ================================================================ war (§3.4, §4.3)
    def _answer_target(self, s: LegendsState, p: Pending, action: Action, ev: list[Event]) -> None:
        land = action - TARGET0
        w = War()
        w.attacker, w.defender, w.target, w.card = p.seat, self.owner(s, land), land, p.card
        w.throw_no = w.ties = 0
        card = CHARS[p.card]
        w.charlemagne = card.effect == "charlemagne"
        w.gandhi = False
        w.att_triggers = ((p.card, card.tie_threshold),) if card.tie_threshold else ()
        w.def_triggers = ()
        w.announced, w.committed, w.throws, w.winner = [-1, -1], [-1, -1], [], -1
        s.war = w
        ev.append(
            Event("war", {"seat": w.attacker, "defender": w.defender, "land": land, "card": w.card})
        )
        if card.effect == "nobel" and s.tableau[w.defender]:  # step 2: D3
            s.pending = Pending(NOBEL, w.attacker, w.card)
        else:
            self._war_attach(s, WAR_ATTACH, ev)

    def _answer_nobel(self, s: LegendsState, p: Pending, action: Action, ev: list[Event]) -> None:
        s.stack.push(WAR_ATTACH)
        if action == SKIP:
            ev.append(Event("decline", {"seat": p.seat, "card": p.card}))
        else:
            self._discard(s, s.at_war().defender, action - CARD0, True, NOBEL, ev)

    def _war_attach(self, s: LegendsState, frame: WarAttach, ev: list[Event]) -> None:
        """Step 3 (§4.2): armed effects of this war's two sides attach and are used up."""
        w = s.at_war()
        keep = []
        for card, owner in s.armed:
            effect = EFFECT[card]
            if effect == "sun_tzu" and owner in (w.attacker, w.defender):
                trigger = ((card, CHARS[card].tie_threshold),)
                if owner == w.attacker:
                    w.att_triggers += trigger
                else:
                    w.def_triggers += trigger
            elif effect == "gandhi" and owner == w.defender:
                w.gandhi = True
            else:
                keep.append((card, owner))
                continue
            ev.append(Event("attached", {"seat": owner, "card": card}))
        s.armed = keep
        self._next_throw(s, ev)

    def _next_throw(self, s: LegendsState, ev: list[Event]) -> None:
        w = s.at_war()
        w.throw_no += 1
        w.announced = [NO_ANNOUNCEMENT, NO_ANNOUNCEMENT]
        w.committed = [-1, -1]
        # the source: "雙方玩家出拳前，可事先宣告自家預備出的拳種" (no switch: staying silent is
        # each side's own choice); A11: attacker first, then defender
        s.pending = Pending(ANNOUNCE, w.attacker, w.card)

    def _answer_announce(
        self, s: LegendsState, p: Pending, action: Action, ev: list[Event]
    ) -> None:
        w = s.at_war()
        side = 0 if p.seat == w.attacker else 1
        gesture = SILENCE if action == SILENT else action - ANNOUNCE0
        w.announced[side] = gesture
        ev.append(
            Event(
                "announce",
                {
                    "seat": p.seat,
                    "throw": w.throw_no,
                    "gesture": GESTURES[gesture] if gesture != SILENCE else None,
                },
            )
        )
        if side == 0:
            s.pending = Pending(ANNOUNCE, w.defender, w.card)
        else:
            s.pending = Pending(THROW, w.attacker, w.card)

    def _commit(self, s: LegendsState, seat: int, gesture: int, ev: list[Event]) -> bool:
        """A secret throw; True once both are in (then revealed and resolved)."""
        w = s.at_war()
        w.committed[0 if seat == w.attacker else 1] = gesture
        if w.committed[0] < 0 or w.committed[1] < 0:
            return False
        s.pending = None
        self._reveal(s, ev)
        return True

    def _reveal(self, s: LegendsState, ev: list[Event]) -> None:
        """§4.3 steps 3-5: the raw result, gesture conversion, loss conversion."""
        w = s.at_war()
        a, d = w.committed
        raw = (TIE, ATTACKER, DEFENDER)[(a - d) % 3]
        ev.append(
            Event(
                "reveal",
                {
                    "throw": w.throw_no,
                    "seat": w.attacker,
                    "defender": w.defender,
                    "attacker_gesture": GESTURES[a],
                    "defender_gesture": GESTURES[d],
                    "result": RESULT_NAMES[raw],
                },
            )
        )
        result = raw
        card = CHARS[w.card]
        if raw == TIE and card.effect in ("homer", "archimedes") and a == card.gesture:
            result = ATTACKER  # step 4 (G02, B03)
            ev.append(
                Event("converted", {"seat": w.attacker, "card": w.card, "result": "attacker"})
            )
        if result == ATTACKER and w.gandhi:  # step 5: the defender's Gandhi, automatic
            w.gandhi = False
            result = TIE
            ev.append(
                Event(
                    "converted", {"seat": w.defender, "card": self._gandhi_card(), "result": "tie"}
                )
            )
        elif result == DEFENDER and w.charlemagne:  # step 5: D6
            s.pending = Pending(CHARLEMAGNE, w.attacker, w.card)
            return
        self._resolve_throw(s, result, ev)

    @staticmethod
    def _gandhi_card() -> int:
        return next(c.id for c in CHARS if c.effect == "gandhi")

    def _answer_charlemagne(
        self, s: LegendsState, p: Pending, action: Action, ev: list[Event]
    ) -> None:
        w = s.at_war()
        if action == USE:
            w.charlemagne = False
            ev.append(Event("converted", {"seat": w.attacker, "card": w.card, "result": "tie"}))
            self._resolve_throw(s, TIE, ev)
        else:
            ev.append(Event("decline", {"seat": p.seat, "card": p.card}))
            self._resolve_throw(s, DEFENDER, ev)

    def _resolve_throw(self, s: LegendsState, result: int, ev: list[Event]) -> None:
        """§4.3 steps 6-7: a tie raises the streak and may fire tie triggers."""
        w = s.at_war()
        a, d = w.committed
        w.throws.append((a, d, result))
        if result != TIE:
            self._end_war(s, result, ev)
            return
        w.ties += 1
        att = [c for c, at in w.att_triggers if at == w.ties]
        dfn = [c for c, at in w.def_triggers if at == w.ties]
        ev.append(Event("tie", {"throw": w.throw_no, "ties": w.ties}))
        if att and dfn:  # A13: both sides fire: they cancel, all spent, the war goes on
            w.att_triggers = tuple(x for x in w.att_triggers if x[0] not in att)
            w.def_triggers = tuple(x for x in w.def_triggers if x[0] not in dfn)
            ev.append(Event("triggers_cancel", {"cards": att + dfn}))
        elif att or dfn:
            seat = w.attacker if att else w.defender
            ev.append(Event("trigger", {"seat": seat, "cards": att or dfn, "ties": w.ties}))
            self._end_war(s, ATTACKER if att else DEFENDER, ev)
            return
        self._next_throw(s, ev)

    def _end_war(self, s: LegendsState, winner: int, ev: list[Event]) -> None:
        """§3.4 steps 5-6: the outcome, then the war card's rewards."""
        w = s.at_war()
        w.winner = winner
        att, dfn, land = w.attacker, w.defender, w.target
        card = CHARS[w.card]
        outcome = "nothing"
        if winner == ATTACKER:
            if s.yellow[land]:
                s.yellow[land] = False
                outcome = "flipped"
                if card.effect == "genghis_khan":  # R05: flip it and take it
                    outcome = "flipped_taken"
            else:
                outcome = "taken"
            if outcome != "flipped":
                s.lands[dfn].remove(land)
                s.lands[att].append(land)
        ev.append(
            Event(
                "war_end",
                {
                    "seat": att,
                    "defender": dfn,
                    "land": land,
                    "winner": att if winner == ATTACKER else dfn,
                    "outcome": outcome,
                    "throws": len(w.throws),
                    "ties": w.ties,
                },
            )
        )
        if winner == ATTACKER:
            final = w.throws[-1][0]
            if (card.effect == "caesar" and w.ties == 0) or (
                card.effect == "napoleon" and final == card.gesture
            ):
                self._gain(s, att, self._paid(MILITARY, card.bonus), w.card, ev)
            elif card.effect == "machiavelli" and any(s.tokens[dfn]):
                s.pending = Pending(MACHIAVELLI, att, w.card)
                return
        s.war = None

    def _answer_machiavelli(
        self, s: LegendsState, p: Pending, action: Action, ev: list[Event]
    ) -> None:
        w = s.at_war()
        k = action - TOKEN0
        amount = min(CHARS[p.card].take, s.tokens[w.defender][k])
        s.tokens[w.defender][k] -= amount
        s.tokens[w.attacker][k] += amount
        ev.append(
            Event(
                "steal",
                {"seat": w.attacker, "defender": w.defender, "token": TOKENS[k], "amount": amount},
            )
        )
        s.war = None

    _ANSWER = {
        ACT: _answer_act,
        TARGET: _answer_target,
        NOBEL: _answer_nobel,
        ANNOUNCE: _answer_announce,
        CHARLEMAGNE: _answer_charlemagne,
        MACHIAVELLI: _answer_machiavelli,
        TAKE_TOP: _answer_take_top,
        DEVELOP: _answer_develop,
        SPLIT: _answer_split,
        PAY_TYPE: _answer_pay_type,
        GUTENBERG: _answer_gutenberg,
        DARWIN: _answer_darwin,
        QIN: _answer_qin,
        AUGUSTUS: _answer_augustus,
        GAIN_ANY: _answer_gain_any,
        INCOME: _answer_income,
    }
    _FRAME: dict[type, Callable[..., None]] = {  # what each waiting effect does
        EndOfAction: _end_action,
        QinDiscards: _qin,
        GutenbergDiscards: _gutenberg,
        DrawAfter: _draw_frame,
        WarAttach: _war_attach,
        IncomeChoice: _income,
        SettleRest: _settle_rest,
    }

    # ================================================================ information
    def inventory(self, state: LegendsState) -> dict[str, Counter[str]]:
        """Every character and territory card in every zone (tokens come from an unlimited
        supply, §2.3, so they are not components to conserve)."""
        s = state
        chars = Counter(s.deck)
        chars.update(s.discard)
        for zone in (*s.hands, *s.tableau):
            chars.update(zone)
        lands = Counter(s.land_deck)
        for row in s.lands:
            lands.update(row)
        return {
            "character": Counter({CHARS[c].key: k for c, k in chars.items()}),
            "territory": Counter({LANDS[t].key: k for t, k in lands.items()}),
        }

    def determinize(self, state: LegendsState, seat: int, rng: random.Random) -> LegendsState:
        """Resample what ``seat`` cannot know (§6): other hands and the character deck
        together, the territory deck under its public top card, and the other side's
        secret throw if it is in but not yet revealed.

        The world is a function of ``seat``'s information and ``rng`` alone: every pool
        of unseen cards is sorted before it is shuffled and dealt, so two states that
        agree on the seat's view give the same world for the same ``rng`` state (the
        seat's own hand keeps its order, which its legal actions follow)."""
        s = state.world_copy(rng)
        pool = list(s.deck)
        for other in range(s.n_players):
            if other != seat:
                pool.extend(s.hands[other])
        pool.sort()
        shuffle(rng, pool)
        for other in range(s.n_players):
            if other != seat:
                k = len(s.hands[other])
                s.hands[other] = pool[len(pool) - k :]
                del pool[len(pool) - k :]
        s.deck = pool
        if len(s.land_deck) > 1:
            rest = sorted(s.land_deck[:-1])
            shuffle(rng, rest)
            s.land_deck = rest + s.land_deck[-1:]
        w = s.war
        if w is not None and s.pending is not None and s.pending.kind == THROW:
            for side, other in enumerate((w.attacker, w.defender)):
                if other != seat and w.committed[side] >= 0:
                    banned = self._banned(w) if side == 1 else -1
                    w.committed[side] = rng.choice([g for g in range(3) if g != banned])
        return s

    def zones(self, state: LegendsState, seat: int) -> dict[str, Zone]:
        """What ``seat`` sees and does not (``GameBase.zones``): other hands and the
        character deck are one pool; the territory deck under its public top card is
        another; the other side's throw, in but not yet revealed, is a secret choice
        (Hannibal's banned gesture left out)."""
        s = state
        out: dict[str, Zone] = {}
        for o in range(s.n_players):
            out[f"hand:{o}"] = Zone(
                tuple(sorted(s.hands[o])), o != seat, "characters" if o != seat else ""
            )
            out[f"table:{o}"] = Zone(tuple(s.tableau[o]))
        out["deck"] = Zone(tuple(s.deck), True, "characters", True)
        out["discard"] = Zone(tuple(s.discard))
        out["territory_deck"] = Zone(tuple(s.land_deck[:-1]), True, "territories", True)
        out["territory_top"] = Zone(tuple(s.land_deck[-1:]))
        w = s.war
        if w is not None and s.pending is not None and s.pending.kind == THROW:
            for side, other in enumerate((w.attacker, w.defender)):
                if w.committed[side] >= 0:
                    banned = self._banned(w) if side == 1 else -1
                    out[f"throw:{side}"] = Zone(
                        (w.committed[side],),
                        other != seat,
                        f"throw:{side}",
                        choices=tuple(g for g in range(3) if g != banned),
                    )
        return out
