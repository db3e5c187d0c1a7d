"""The rules of Heads of State (spec: shared/specs/heads-of-state.md).

A turn is a little machine (§8.5): START → CHOOSE an option → TAKE the cards owed
(display or deck) → REFILL the displays → ACT (ennoble; in Option B also
assassinate) → END (hand limits) → the next player. Drawing the Revolution card,
by a take or by a refill, stops the turn for the revolution (§4.9): century
scoring, every player's trim (TRIM), the rebuild, and then the interrupted step
resumes (its ``Interrupted`` frame, ``core.frames``). ``_run`` drives the machine
from one decision to the next; a decision is the pair (``kind``, ``actor``) with
``focus`` the slot it is about.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, NamedTuple

from noblesse.core.errors import IllegalAction
from noblesse.core.events import Event
from noblesse.core.frames import Frames
from noblesse.core.game import Action, GameBase, State, Zone
from noblesse.core.rng import Seed, shuffle
from noblesse.core.text import join_and
from noblesse.games.heads_of_state.data import BOARD

RULES = BOARD.rules
ASSUMED = BOARD.assumed
RANKS, ATTRS, COUNTRIES = BOARD.ranks, BOARD.attributes, BOARD.countries
TREACHERY, BOXES, SLOTS = BOARD.treachery, BOARD.boxes, BOARD.slots
NR, NA, NT, NC, NB, NS = (
    len(RANKS),
    len(ATTRS),
    len(TREACHERY),
    len(COUNTRIES),
    len(BOXES),
    len(SLOTS),
)
WILD = NA - 1  # the Courtesan (the loader checks it is the last kind)
REVOLUTION = -1  # the Revolution card in the revolution deck
CENTURIES: list[int] = list(RULES["centuries"])
DISPLAY_A = int(RULES["attribute_display"])
DISPLAY_T = int(RULES["treachery_display"])
REV_CARDS = int(RULES["revolution_deck_attribute_cards"])
TAKES_A = int(RULES["takes_option_a"])
RESET_MIN = int(RULES["reset_min_deck"])
LIMIT_A, LIMIT_T = int(RULES["hand_limit_attributes"]), int(RULES["hand_limit_treachery"])
REV_LIMIT_A = int(RULES["revolution_limit_attributes"])
REV_LIMIT_T = int(RULES["revolution_limit_treachery"])
COURTESAN_MAX = int(RULES["courtesan_max_per_ennoblement"])
CUBES_ATT = int(RULES["assassin_attacker_cubes"])
CUBES_DEF = int(RULES["assassin_defender_cubes"])
CARDS_CAPITAL = int(RULES["capital_treachery_cards"])
CARDS_PROVINCE = int(RULES["province_treachery_cards"])
NOBLE_CARDS = int(RULES["noble_cards_per_rank"])
ALL_RANKS = (1 << NR) - 1

SLOT_RANK = [s.rank for s in SLOTS]
SLOT_BOX = [s.box for s in SLOTS]
SLOT_COUNTRY = [s.country for s in SLOTS]
SLOT_NEED = [CARDS_CAPITAL if s.capital else CARDS_PROVINCE for s in SLOTS]
SLOTS_OF_RANK = [[s.id for s in SLOTS if s.rank == r] for r in range(NR)]
COUNTRY_BOXES = [sum(1 << b.id for b in BOXES if b.country == c) for c in range(NC)]
COUNTRY_SLOTS = [[s.id for s in SLOTS if s.country == c] for c in range(NC)]
T_COUNTRY = [t.country for t in TREACHERY]
REQUIRES = [r.requires for r in RANKS]
MAJORITY = [r.majority for r in RANKS]

# -- the action index: every action of the game has a fixed number -------------
ACTION_NAMES: list[str] = ["option:attributes", "option:reset", "option:treachery"]
OPT_A, OPT_RESET, OPT_B = 0, 1, 2
TAKE_A0 = len(ACTION_NAMES)  # take:<attribute> from the display
ACTION_NAMES += [f"take:{a.key}" for a in ATTRS]
DRAW = len(ACTION_NAMES)
ACTION_NAMES.append("draw")  # the top of the attribute deck
TAKE_T0 = len(ACTION_NAMES)  # take:<treachery> from its display
ACTION_NAMES += [f"take:{t.key}" for t in TREACHERY]
DRAW_T = len(ACTION_NAMES)
ACTION_NAMES.append("draw_treachery")
ENNOBLE0 = len(ACTION_NAMES)
ACTION_NAMES += [f"ennoble:{s.key}" for s in SLOTS]
KILL0 = len(ACTION_NAMES)
ACTION_NAMES += [f"assassinate:{s.key}" for s in SLOTS]
PAY_CARDS = len(ACTION_NAMES)
ACTION_NAMES.append("pay:cards")  # every requirement with its own card
PAY0 = len(ACTION_NAMES)  # pay:courtesan_for:<attribute>
ACTION_NAMES += [f"pay:courtesan_for:{a.key}" for a in ATTRS[:WILD]]
WITH0 = len(ACTION_NAMES)
ACTION_NAMES += [f"with:{t.key}" for t in TREACHERY]
END_TURN = len(ACTION_NAMES)
ACTION_NAMES.append("end_turn")
DISCARD_A0 = len(ACTION_NAMES)
ACTION_NAMES += [f"discard:{a.key}" for a in ATTRS]
DISCARD_T0 = len(ACTION_NAMES)
ACTION_NAMES += [f"discard:{t.key}" for t in TREACHERY]

# -- turn steps and decisions ------------------------------------------------------
START, TAKE, AFTER_TAKE, REFILL, ACT, END, TRIM = range(7)
NONE, CHOOSE, TAKING, ACTING, PAYING, METHOD, DISCARDING, TRIMMING = range(8)
DECISION_NAMES = ("", "option", "take", "act", "pay", "method", "discard", "trim")
OPTION_NAMES = ("", "attributes", "reset", "treachery")
NO_OPTION, OPTION_A, OPTION_RESET, OPTION_B = range(4)
NOT_SCORED, REMOVED = -2, -1


class Interrupted(NamedTuple):
    """The turn's ``step`` a revolution stopped (§4.9): it goes on once the century is
    scored, every player trimmed and the displays rebuilt (step 6)."""

    step: int


class HeadsState(State):
    __slots__ = (
        "century",
        "turns",
        "starter",
        "player",
        "step",
        "kind",
        "actor",
        "focus",
        "over",
        "attr_deck",
        "rev_deck",
        "attr_display",
        "attr_discard",
        "set_aside",
        "tr_deck",
        "tr_display",
        "tr_discard",
        "hands",
        "thands",
        "known",
        "tknown",
        "slots",
        "dead",
        "occupied",
        "ranks_ever",
        "counters",
        "initial_owner",
        "country_done",
        "century_won",
        "house",
        "noble_left",
        "noble_cards",
        "score",
        "markers",
        "majority",
        "option",
        "owed_attr",
        "owed_tr",
        "targeted",
        "unfilled",
        "interrupted",
        "trim_queue",
        "rev_drawn",
    )
    century: int
    turns: int
    starter: int
    player: int
    step: int  # START, TAKE, AFTER_TAKE, REFILL, ACT, END or TRIM
    kind: int  # the pending decision: NONE, CHOOSE, TAKING, ...
    actor: int
    focus: int  # the slot the pending decision is about, -1: none
    over: bool
    attr_deck: list[int]
    rev_deck: list[int]
    attr_display: list[int]
    attr_discard: list[int]
    set_aside: list[int]
    tr_deck: list[int]
    tr_display: list[int]
    tr_discard: list[int]
    hands: list[list[int]]  # hands[seat][attribute kind]: how many
    thands: list[list[int]]  # thands[seat][treachery card]: how many
    known: list[list[int]]  # what the others know of hands (a lower bound)
    tknown: list[list[int]]
    slots: list[int]  # the seat whose noble fills each slot, -1: empty
    dead: list[tuple[int, int]]  # (slot, seat) of each assassinated noble
    occupied: list[int]  # by seat, a bit per box where it has a noble
    ranks_ever: list[int]  # by seat, a bit per rank it has ennobled
    counters: list[list[int]]  # counters[seat][rank]
    initial_owner: list[int]  # by box, the seat of its first noble, -1: none yet
    country_done: list[list[int]]  # by country, the seats that took its markers
    century_won: list[int]
    house: list[int]  # the seats that took a noble house marker, in order
    noble_left: list[int]  # by rank
    noble_cards: list[list[int]]  # noble_cards[seat][rank]
    score: list[int]
    markers: list[list[int]]  # the markers each seat took, by value
    majority: list[float]
    option: int  # NO_OPTION, OPTION_A, OPTION_RESET or OPTION_B
    owed_attr: int
    owed_tr: int
    targeted: int  # a bit per slot assassinated this turn
    unfilled: int  # the slot option B left empty, -1: none
    interrupted: Frames[Interrupted]  # the step a revolution stopped, till it is over
    trim_queue: list[int]
    rev_drawn: bool

    def clone(self, rng: random.Random | None = None) -> HeadsState:
        c = HeadsState.__new__(HeadsState)
        self._copy_base(c, rng)
        c.century, c.turns, c.starter, c.player = (
            self.century,
            self.turns,
            self.starter,
            self.player,
        )
        c.step, c.kind, c.actor, c.focus = self.step, self.kind, self.actor, self.focus
        c.over, c.option, c.owed_attr, c.owed_tr = (
            self.over,
            self.option,
            self.owed_attr,
            self.owed_tr,
        )
        c.targeted, c.unfilled, c.rev_drawn = self.targeted, self.unfilled, self.rev_drawn
        c.interrupted = self.interrupted.copy()
        c.attr_deck = self.attr_deck[:]
        c.rev_deck = self.rev_deck[:]
        c.attr_display = self.attr_display[:]
        c.attr_discard = self.attr_discard[:]
        c.set_aside = self.set_aside[:]
        c.tr_deck = self.tr_deck[:]
        c.tr_display = self.tr_display[:]
        c.tr_discard = self.tr_discard[:]
        c.slots = self.slots[:]
        c.dead = self.dead[:]
        c.occupied = self.occupied[:]
        c.ranks_ever = self.ranks_ever[:]
        c.initial_owner = self.initial_owner[:]
        c.century_won = self.century_won[:]
        c.house = self.house[:]
        c.noble_left = self.noble_left[:]
        c.score = self.score[:]
        c.majority = self.majority[:]
        c.trim_queue = self.trim_queue[:]
        c.hands = [row[:] for row in self.hands]
        c.thands = [row[:] for row in self.thands]
        c.known = [row[:] for row in self.known]
        c.tknown = [row[:] for row in self.tknown]
        c.counters = [row[:] for row in self.counters]
        c.country_done = [row[:] for row in self.country_done]
        c.noble_cards = [row[:] for row in self.noble_cards]
        c.markers = [row[:] for row in self.markers]
        return c


def _lower_known(known: list[int], kind: int, n: int = 1) -> None:
    """A card of ``kind`` left a hand: what the others knew of it shrinks, as far as they
    can tell (they assume a known card went first; the rest stays a lower bound)."""
    known[kind] = max(0, known[kind] - n)


class HeadsRules(GameBase[HeadsState]):
    id = "heads_of_state"
    version = f"1.0+{BOARD.digest}"
    title = {"en": "Heads of State", "zh-TW": "國家元首"}
    min_players = 2
    max_players = 5
    action_names = ACTION_NAMES

    def options_schema(self) -> dict[str, Any]:
        """``counter_limit`` (spec §3.7), then every switch of ``board.toml``
        ``[switches]`` with its default there."""
        return {"counter_limit": False, **BOARD.switches}

    # ================================================================ setup
    def setup(
        self,
        n_players: int,
        seed: Seed,
        options: dict[str, Any] | None = None,
    ) -> HeadsState:
        if not self.min_players <= n_players <= self.max_players:
            raise ValueError(
                f"Heads of State is for {self.min_players}-{self.max_players} "
                f"players, not {n_players}"
            )
        options = {**self.options_schema(), **(options or {})}
        unknown = set(options) - set(self.options_schema())
        if unknown:
            raise ValueError(f"unknown option(s) for Heads of State: {', '.join(sorted(unknown))}")
        flags = [k for k in BOARD.switches if not isinstance(options[k], bool)]
        if flags:
            raise ValueError(f"Heads of State switches are true or false: {', '.join(flags)}")
        n = n_players
        s = HeadsState(n, seed, options)
        rng = s.rng
        # §4.1 step 2: the attribute deck, the 10 + 1 revolution deck, the display of 6
        s.attr_discard, s.set_aside = [], []
        self._build_attribute_decks(s, BOARD.attribute_deck(n))
        s.attr_display = [s.attr_deck.pop() for _ in range(min(DISPLAY_A, len(s.attr_deck)))]
        # step 3: the treachery deck and its display of 2
        s.tr_deck = BOARD.treachery_deck()
        shuffle(rng, s.tr_deck)
        s.tr_discard = []
        s.tr_display = [s.tr_deck.pop() for _ in range(min(DISPLAY_T, len(s.tr_deck)))]
        s.hands = [[0] * NA for _ in range(n)]
        s.thands = [[0] * NT for _ in range(n)]
        s.known = [[0] * NA for _ in range(n)]
        s.tknown = [[0] * NT for _ in range(n)]
        s.slots = [-1] * NS
        s.dead = []
        s.occupied = [0] * n
        s.ranks_ever = [0] * n
        s.counters = [[0] * NR for _ in range(n)]
        s.initial_owner = [-1] * NB
        s.country_done = [[] for _ in range(NC)]
        s.century_won = [NOT_SCORED] * (len(CENTURIES) * NC * 2)
        s.house = []
        s.noble_left = [NOBLE_CARDS] * NR
        s.noble_cards = [[0] * NR for _ in range(n)]
        s.score = [0] * n
        s.markers = [[] for _ in range(n)]
        s.majority = [0.0] * n
        s.century, s.turns, s.over, s.rev_drawn = 0, 0, False, False
        # step 7: a random start player [assumed], then clockwise (seat order)
        s.starter = rng.randrange(n) if ASSUMED["random_start_player"] else 0
        s.player = s.starter
        s.kind, s.actor, s.focus = NONE, -1, -1
        s.interrupted, s.trim_queue = Frames(), []
        self._reset_turn(s)
        s.step = START
        self._run(s, [])
        return s

    @staticmethod
    def _build_attribute_decks(s: HeadsState, cards: list[int]) -> None:
        """Shuffle; the top 10 and the Revolution card are shuffled into the revolution deck."""
        rng = s.rng
        shuffle(rng, cards)
        k = min(REV_CARDS, len(cards))
        rev = cards[len(cards) - k :] + [REVOLUTION]
        del cards[len(cards) - k :]
        shuffle(rng, rev)
        s.attr_deck, s.rev_deck = cards, rev
        s.rev_drawn = False

    @staticmethod
    def _reset_turn(s: HeadsState) -> None:
        s.option, s.owed_attr, s.owed_tr = NO_OPTION, 0, 0
        s.targeted, s.unfilled = 0, -1

    # ================================================================ queries
    def to_act(self, state: HeadsState) -> tuple[int, ...]:
        return (state.actor,) if state.kind != NONE else ()

    def is_over(self, state: HeadsState) -> bool:
        return state.over

    def scores(self, state: HeadsState) -> list[float]:
        return [state.score[i] + state.majority[i] for i in range(state.n_players)]

    def winners(self, state: HeadsState) -> list[int]:
        """§6.6: most points; a tie goes to the tied player with the single most valuable
        marker [assumed], and is shared if that ties too."""
        totals = self.scores(state)
        best = max(totals)
        tied = [i for i, v in enumerate(totals) if v == best]
        if len(tied) > 1 and ASSUMED["final_tie_highest_marker"]:
            top = {i: max(state.markers[i], default=0) for i in tied}
            high = max(top.values())
            tied = [i for i in tied if top[i] == high]
        return tied

    endings = {
        "points": {"en": "most points", "zh-TW": "分數最高"},
        "marker": {
            "en": "a tie broken by the highest marker",
            "zh-TW": "同分，以最高的分數標記決勝",
        },
        "shared": {"en": "a tie, shared", "zh-TW": "同分，並列獲勝"},
    }

    def ending(self, state: HeadsState) -> str:
        """The game always ends after the last century (§4.10); what tells games apart is
        how the winner was found (§6.6)."""
        totals = self.scores(state)
        if sum(1 for v in totals if v == max(totals)) == 1:
            return "points"
        return "shared" if len(self.winners(state)) > 1 else "marker"

    def first_round(self, s: HeadsState) -> bool:
        return s.turns <= s.n_players

    def first_round_draws(self, s: HeadsState) -> int:
        return BOARD.first_turn_draws[s.n_players][s.turns - 1]

    def reset_allowed(self, s: HeadsState) -> bool:
        """§4.3: the reset takes 1 card ("重新翻開6張屬性牌後拿取1張") and a first-round
        player takes the number of their seat ("第一個玩家拿2張，第二個3張"): in the first
        round the reset is open only to a seat that takes 1 card, and only while the
        [assumed] ``first_round_reset`` holds (NOTES.md)."""
        if not self.first_round(s):
            return True
        return bool(ASSUMED["first_round_reset"]) and self.first_round_draws(s) == 1

    # ---------------------------------------------------------------- what can be paid
    @staticmethod
    def payments(hand: list[int], rank: int) -> list[int]:
        """The ways to pay for ``rank`` (§5.2): -1 = a card of every required kind; an
        attribute id = the Courtesan stands for that attribute. Empty: cannot pay."""
        req = REQUIRES[rank]
        missing = [a for a in req if hand[a] == 0]
        wild_ok = RANKS[rank].courtesan and COURTESAN_MAX >= 1 and hand[WILD] > 0
        if not missing:
            return [-1, *req] if wild_ok else [-1]
        if len(missing) == 1 and wild_ok:
            return [missing[0]]
        return []

    def _can_pay(self, hand: list[int], rank: int) -> bool:
        req = REQUIRES[rank]
        missing = 0
        for a in req:
            if hand[a] == 0:
                missing += 1
        if missing == 0:
            return True
        return missing == 1 and RANKS[rank].courtesan and COURTESAN_MAX >= 1 and hand[WILD] > 0

    def _has_counter(self, s: HeadsState, seat: int, rank: int) -> bool:
        return not s.options["counter_limit"] or s.counters[seat][rank] < BOARD.counter_limit[rank]

    def ennoble_slots(self, s: HeadsState, seat: int) -> list[int]:
        """Empty slots ``seat`` may ennoble now (§4.4 A3, §4.5 B4)."""
        hand = s.hands[seat]
        if s.option == OPTION_B:
            slot = s.unfilled  # B4: only the slot this player emptied, still unfilled
            if (
                slot >= 0
                and s.slots[slot] < 0
                and self._can_pay(hand, SLOT_RANK[slot])
                and self._has_counter(s, seat, SLOT_RANK[slot])
            ):
                return [slot]
            return []
        out: list[int] = []
        slots = s.slots
        for r in range(NR):
            if self._can_pay(hand, r) and self._has_counter(s, seat, r):
                out.extend(x for x in SLOTS_OF_RANK[r] if slots[x] < 0)
        out.sort()
        return out

    @staticmethod
    def kill_methods(s: HeadsState, seat: int, slot: int) -> list[int]:
        """Treachery kinds that can kill the noble in ``slot`` (§5.4 step 2)."""
        need = SLOT_NEED[slot]
        country = SLOT_COUNTRY[slot]
        th = s.thands[seat]
        return [t for t in range(NT) if th[t] >= need and T_COUNTRY[t] in (-1, country)]

    def kill_targets(self, s: HeadsState, seat: int) -> list[int]:
        """Living nobles of other players that ``seat`` may attack now (§5.4, §5.7)."""
        if s.option != OPTION_B or s.unfilled >= 0 or not any(s.thands[seat]):
            return []
        out = []
        for x, owner in enumerate(s.slots):
            if (
                owner >= 0
                and owner != seat
                and not (s.targeted >> x) & 1
                and self.kill_methods(s, seat, x)
            ):
                out.append(x)
        return out

    @staticmethod
    def over_limit(s: HeadsState, seat: int, revolution: bool) -> bool:
        """Must ``seat`` discard: at the end of its turn (§4.7) or at a revolution (§4.9)?"""
        lim_a, lim_t = (REV_LIMIT_A, REV_LIMIT_T) if revolution else (LIMIT_A, LIMIT_T)
        return sum(s.hands[seat]) > lim_a or sum(s.thands[seat]) > lim_t

    def treachery_available(self, s: HeadsState) -> bool:
        return bool(s.tr_display or s.tr_deck or s.tr_discard)

    # ================================================================ legality
    def _legal(self, s: HeadsState, seat: int) -> list[Action]:
        kind = s.kind
        if kind == TAKING:
            out: list[Action] = []
            if s.owed_attr:
                out.extend(TAKE_A0 + k for k in sorted(set(s.attr_display)))
                out.append(DRAW)
            if s.owed_tr:
                out.extend(TAKE_T0 + k for k in sorted(set(s.tr_display)))
                if s.tr_deck or s.tr_discard:
                    out.append(DRAW_T)
            return out
        if kind == ACTING:
            out = [ENNOBLE0 + x for x in self.ennoble_slots(s, seat)]
            out.extend(KILL0 + x for x in self.kill_targets(s, seat))
            out.append(END_TURN)
            return out
        if kind == CHOOSE:
            out = [OPT_A]
            if len(s.attr_deck) >= RESET_MIN and self.reset_allowed(s):
                out.append(OPT_RESET)
            if not self.first_round(s):
                out.append(OPT_B)
            return out
        if kind == PAYING:
            return [
                PAY_CARDS if p < 0 else PAY0 + p
                for p in self.payments(s.hands[seat], SLOT_RANK[s.focus])
            ]
        if kind == METHOD:
            return [WITH0 + t for t in self.kill_methods(s, seat, s.focus)]
        if kind == DISCARDING or kind == TRIMMING:
            lim_a, lim_t = (REV_LIMIT_A, REV_LIMIT_T) if kind == TRIMMING else (LIMIT_A, LIMIT_T)
            hand, th = s.hands[seat], s.thands[seat]
            out = []
            if sum(hand) > lim_a:
                out.extend(DISCARD_A0 + k for k in range(NA) if hand[k])
            if sum(th) > lim_t:
                out.extend(DISCARD_T0 + t for t in range(NT) if th[t])
            return out
        raise AssertionError(f"unknown decision kind {kind}")

    def _explain_illegal(self, s: HeadsState, seat: int, action: Action) -> IllegalAction:
        kind = s.kind
        if kind == CHOOSE and action == OPT_B:
            return IllegalAction(
                "No treachery in the first round: take attribute cards.",
                "第一回合只能拿取屬性牌，不能選擇背叛。",
            )
        if kind == CHOOSE and action == OPT_RESET and not self.reset_allowed(s):
            n = self.first_round_draws(s)
            return IllegalAction(
                f"No reset now: in the first round you take your {n} attribute cards, and "
                "a reset takes only 1.",
                f"現在不能重新翻開屬性牌：第一回合你要拿{n}張屬性牌，重新翻開只能拿1張。",
            )
        if kind == CHOOSE and action == OPT_RESET:
            return IllegalAction(
                f"You cannot reset the display: the attribute deck has fewer than {RESET_MIN} "
                "cards.",
                f"屬性牌庫剩不到{RESET_MIN}張，不能重新翻開屬性牌。",
            )
        if kind == ACTING and ENNOBLE0 <= action < KILL0:
            return self._why_not_ennoble(s, seat, action - ENNOBLE0)
        if kind == ACTING and KILL0 <= action < PAY_CARDS:
            return self._why_not_kill(s, seat, action - KILL0)
        if kind == TAKING and (TAKE_A0 <= action <= DRAW_T):
            return IllegalAction(
                "That card cannot be taken now (it is not on display, or you "
                "owe no card of that kind).",
                "現在不能拿那張牌（它不在翻開的牌中，或你已不能再拿這種牌）。",
            )
        if kind in (DISCARDING, TRIMMING) and action >= DISCARD_A0:
            return IllegalAction(
                "You cannot discard that card: you do not hold it, or you "
                "are already within the limit for that kind of card.",
                "不能丟棄那張牌：你沒有這張牌，或這類手牌已在上限之內。",
            )
        if kind == PAYING:
            return IllegalAction(
                "That is not a way to pay for this noble.", "這不是冊封這位貴族的付費方式。"
            )
        if not 0 <= action < len(ACTION_NAMES):
            return IllegalAction(
                f"There is no action {action} in this game.", f"這個遊戲沒有編號{action}的動作。"
            )
        words = self.describe_action(s, action, "en")
        words_zh = self.describe_action(s, action, "zh-TW")
        what = self.describe_decision(s, "en")
        what_zh = self.describe_decision(s, "zh-TW")
        if not what:
            return IllegalAction(
                f'"{words}" is not possible now: the game is over.',
                f"現在不能「{words_zh}」：遊戲已結束。",
            )
        return IllegalAction(
            f'"{words}" is not possible now. {what}.', f"現在不能「{words_zh}」。{what_zh}。"
        )

    def _why_not_ennoble(self, s: HeadsState, seat: int, slot: int) -> IllegalAction:
        rank = RANKS[SLOT_RANK[slot]]
        if s.slots[slot] >= 0:
            return IllegalAction(
                "That space is taken: only an empty space can be ennobled.",
                "那個格子已有貴族，只能在空的格子冊封。",
            )
        if s.option == OPTION_B and slot != s.unfilled:
            return IllegalAction(
                "With treachery you may only ennoble a noble you killed this turn.",
                "選擇背叛時，只能冊封你這回合殺掉的貴族。",
            )
        if not self._has_counter(s, seat, rank.id):
            return IllegalAction(
                f"You have no {rank.en} counter left.", f"你已沒有{rank.zh}的貴族標誌。"
            )
        if not rank.courtesan:  # the King and the Baron (data: courtesan = false)
            extra_en = " (the Courtesan cannot be used for it)"
            extra_zh = "（不能使用「高級娼婦」）"
        else:
            extra_en, extra_zh = " (at most one Courtesan)", "（最多只能用1張「高級娼婦」）"
        need_en = join_and((ATTRS[a].en for a in REQUIRES[rank.id]), "en")
        need_zh = join_and((f"「{ATTRS[a].zh}」" for a in REQUIRES[rank.id]), "zh-TW")
        return IllegalAction(
            f"You cannot pay for a {rank.en}: it needs {need_en}{extra_en}.",
            f"你付不起{rank.zh}：需要{need_zh}{extra_zh}。",
        )

    def _why_not_kill(self, s: HeadsState, seat: int, slot: int) -> IllegalAction:
        owner = s.slots[slot]
        if s.option != OPTION_B:
            return IllegalAction(
                "Only a player who chose treachery this turn may assassinate.",
                "只有這回合選擇背叛的玩家可以暗殺貴族。",
            )
        if owner < 0:
            return IllegalAction(
                "There is no noble there to assassinate.", "那裡沒有貴族可以暗殺。"
            )
        if owner == seat:
            return IllegalAction("You cannot assassinate your own noble.", "你不能暗殺自己的貴族。")
        if (s.targeted >> slot) & 1:
            return IllegalAction(
                "That noble was already targeted this turn.", "這位貴族這回合已經被瞄準過了。"
            )
        if s.unfilled >= 0:
            return IllegalAction(
                "Ennoble the noble you killed first: at most one killed noble "
                "may be left without your own.",
                "請先冊封你殺掉的貴族：最多只能有1位貴族被你殺了而還沒重新冊封。",
            )
        country = COUNTRIES[SLOT_COUNTRY[slot]]
        need = SLOT_NEED[slot]
        return IllegalAction(
            f"You need {need} {country.en} treachery card{'s' * (need > 1)} or "
            f"{need} Assassin{'s' * (need > 1)}.",
            f"你需要{need}張{country.zh}的暗殺牌或{need}張「刺客」。",
        )

    # ================================================================ apply
    def _apply(self, s: HeadsState, seat: int, action: Action) -> list[Event]:
        ev: list[Event] = []
        kind = s.kind
        s.kind = NONE
        if kind == TAKING:
            self._take(s, seat, action, ev)
        elif kind == ACTING:
            if action == END_TURN:
                ev.append(Event("end_turn", {"seat": seat}))
                s.step = END
            elif action < KILL0:
                slot = action - ENNOBLE0
                ways = self.payments(s.hands[seat], SLOT_RANK[slot])
                if len(ways) == 1:
                    self._ennoble(s, seat, slot, ways[0], ev)
                else:
                    s.kind, s.actor, s.focus = PAYING, seat, slot
            else:
                slot = action - KILL0
                methods = self.kill_methods(s, seat, slot)
                if len(methods) == 1:
                    self._assassinate(s, seat, slot, methods[0], ev)
                else:
                    s.kind, s.actor, s.focus = METHOD, seat, slot
        elif kind == CHOOSE:
            self._choose(s, seat, action, ev)
        elif kind == PAYING:
            self._ennoble(s, seat, s.focus, -1 if action == PAY_CARDS else action - PAY0, ev)
        elif kind == METHOD:
            self._assassinate(s, seat, s.focus, action - WITH0, ev)
        else:  # DISCARDING or TRIMMING
            self._discard(s, seat, action, "hand_limit" if kind == DISCARDING else "revolution", ev)
            if self.over_limit(s, seat, kind == TRIMMING):
                s.kind, s.actor = kind, seat
        self._run(s, ev)
        return ev

    # ---------------------------------------------------------------- the turn
    def _run(self, s: HeadsState, ev: list[Event]) -> None:
        """Carry out automatic steps until a decision is pending or the game is over."""
        while s.kind == NONE and not s.over:
            step = s.step
            if step == START:
                s.turns += 1
                self._reset_turn(s)
                ev.append(
                    Event(
                        "turn",
                        {
                            "seat": s.player,
                            "century": CENTURIES[s.century],
                            "first_round": self.first_round(s),
                        },
                    )
                )
                s.kind, s.actor = CHOOSE, s.player
                s.step = TAKE
            elif step == TAKE:
                if s.owed_tr and not self.treachery_available(s):
                    s.owed_tr = 0  # §4.8: no treachery card anywhere: the take is skipped
                if s.owed_attr or s.owed_tr:
                    s.kind, s.actor = TAKING, s.player
                else:
                    s.step = AFTER_TAKE
            elif step == AFTER_TAKE:
                if s.set_aside:  # §4.4: the reset's 6 cards are shuffled back into the deck
                    s.attr_deck.extend(s.set_aside)
                    ev.append(Event("shuffle_back", {"cards": s.set_aside[:]}))
                    s.set_aside = []
                    shuffle(s.rng, s.attr_deck)
                s.step = REFILL
            elif step == REFILL:
                self._refill(s, ev)
            elif step == ACT:
                seat = s.player
                if self.first_round(s) and not ASSUMED["first_round_ennoble"]:
                    s.step = END  # the other reading of §4.3: the first round only takes
                elif self.ennoble_slots(s, seat) or self.kill_targets(s, seat):
                    s.kind, s.actor = ACTING, seat
                else:
                    s.step = END
            elif step == END:
                seat = s.player
                if self.over_limit(s, seat, False):
                    s.kind, s.actor = DISCARDING, seat  # §4.7
                else:
                    s.player = (s.player + 1) % s.n_players
                    s.step = START
            else:  # TRIM
                self._trim_next(s, ev)

    def _choose(self, s: HeadsState, seat: int, action: Action, ev: list[Event]) -> None:
        if action == OPT_B:  # §4.5 B1: one treachery and one attribute card
            s.option, s.owed_attr = OPTION_B, 1
            s.owed_tr = 1 if self.treachery_available(s) else 0
        elif action == OPT_RESET:  # §4.4: set the display aside, turn up 6, take 1
            s.option, s.owed_attr = OPTION_RESET, 1
            s.set_aside = s.attr_display
            s.attr_display = [s.attr_deck.pop() for _ in range(DISPLAY_A)]
        else:
            s.option = OPTION_A
            s.owed_attr = self.first_round_draws(s) if self.first_round(s) else TAKES_A
        public: dict[str, Any] = {"seat": seat, "option": OPTION_NAMES[s.option]}
        if action == OPT_RESET:
            public["set_aside"] = s.set_aside[:]
            public["display"] = s.attr_display[:]
        ev.append(Event("option", public))

    def _take(self, s: HeadsState, seat: int, action: Action, ev: list[Event]) -> None:
        if action == DRAW:
            card = self._pop_attribute(s)
            if card == REVOLUTION:
                ev.append(
                    Event(
                        "revolution", {"seat": seat, "century": CENTURIES[s.century], "by": "draw"}
                    )
                )
                if ASSUMED["revolution_card_is_a_take"]:
                    s.owed_attr -= 1
                self._revolution(s, ev)
                return
            s.hands[seat][card] += 1
            s.owed_attr -= 1
            ev.append(Event("draw", {"seat": seat}, {seat: {"card": card}}))
        elif action < DRAW:
            card = action - TAKE_A0
            s.attr_display.remove(card)
            s.hands[seat][card] += 1
            s.known[seat][card] += 1  # it was face up: everyone saw it (§8.2)
            s.owed_attr -= 1
            ev.append(Event("take", {"seat": seat, "card": card}))
        elif action == DRAW_T:
            card = self._pop_treachery(s, ev)
            s.thands[seat][card] += 1
            s.owed_tr = 0
            ev.append(Event("draw_treachery", {"seat": seat}, {seat: {"card": card}}))
            self._drawn_out(s, ev)
        else:
            card = action - TAKE_T0
            s.tr_display.remove(card)
            s.thands[seat][card] += 1
            s.tknown[seat][card] += 1
            s.owed_tr = 0
            ev.append(Event("take_treachery", {"seat": seat, "card": card}))

    @staticmethod
    def _pop_attribute(s: HeadsState) -> int:
        """§4.8: once the attribute deck is empty, cards come from the revolution deck."""
        if s.attr_deck:
            return s.attr_deck.pop()
        card = s.rev_deck.pop()
        if card == REVOLUTION:
            s.rev_drawn = True
        return card

    @staticmethod
    def _pop_treachery(s: HeadsState, ev: list[Event]) -> int:
        """§4.8: the top card of the treachery deck, -1 if there is none anywhere. An
        empty deck is rebuilt from its discard pile first: with
        ``treachery_rebuilt_when_needed`` that is the rebuild; by default the deck is
        rebuilt when drawn out (``_drawn_out``), so it is empty here only if its discard
        pile was empty then [assumed: rebuilt when a card is next needed]."""
        if not s.tr_deck:
            HeadsRules._rebuild_treachery(s, ev)
        return s.tr_deck.pop() if s.tr_deck else -1

    @staticmethod
    def _drawn_out(s: HeadsState, ev: list[Event]) -> None:
        """§4.8, source "當背叛牌抽完時，將其棄牌堆重新洗成新背叛牌庫": the moment the last
        card of the treachery deck is drawn, its discard pile becomes the new deck (not
        with ``treachery_rebuilt_when_needed``)."""
        if not s.tr_deck and not s.options["treachery_rebuilt_when_needed"]:
            HeadsRules._rebuild_treachery(s, ev)

    @staticmethod
    def _rebuild_treachery(s: HeadsState, ev: list[Event]) -> None:
        if s.tr_discard:
            s.tr_deck, s.tr_discard = s.tr_discard, []
            shuffle(s.rng, s.tr_deck)
            ev.append(Event("treachery_reshuffle", {"count": len(s.tr_deck)}))

    def _refill(self, s: HeadsState, ev: list[Event]) -> None:
        """§4.6: after the takes, the displays go back to 6 and 2 cards."""
        added: list[int] = []
        while len(s.attr_display) < DISPLAY_A:
            card = self._pop_attribute(s)
            if card == REVOLUTION:
                if added:
                    ev.append(Event("refill", {"cards": added}))
                ev.append(
                    Event(
                        "revolution",
                        {"seat": s.player, "century": CENTURIES[s.century], "by": "refill"},
                    )
                )
                self._revolution(s, ev)
                return
            s.attr_display.append(card)
            added.append(card)
        if added:
            ev.append(Event("refill", {"cards": added}))
        added = []
        while len(s.tr_display) < DISPLAY_T:
            card = self._pop_treachery(s, ev)
            if card < 0:
                break
            s.tr_display.append(card)
            added.append(card)
        if added:
            ev.append(Event("refill_treachery", {"cards": added}))
            self._drawn_out(s, ev)
        s.step = ACT

    # ---------------------------------------------------------------- ennobling
    def _ennoble(
        self, s: HeadsState, seat: int, slot: int, courtesan_for: int, ev: list[Event]
    ) -> None:
        """§5.1: pay, place the counter, take a noble card if any remain, score markers."""
        rank = SLOT_RANK[slot]
        hand, known = s.hands[seat], s.known[seat]
        paid = []
        for a in REQUIRES[rank]:
            card = WILD if a == courtesan_for else a
            hand[card] -= 1
            _lower_known(known, card)
            s.attr_discard.append(card)
            paid.append(card)
        s.slots[slot] = seat
        s.counters[seat][rank] += 1
        card_taken = s.noble_left[rank] > 0
        if card_taken:
            s.noble_left[rank] -= 1
            s.noble_cards[seat][rank] += 1
        if s.unfilled == slot:
            s.unfilled = -1
        ev.append(
            Event(
                "ennoble",
                {"seat": seat, "slot": slot, "rank": rank, "paid": paid, "noble_card": card_taken},
            )
        )
        box = SLOT_BOX[slot]
        if s.initial_owner[box] < 0:  # §6.1: the first noble in the box
            s.initial_owner[box] = seat
            self._award(s, seat, BOXES[box].initial, "initial_marker", {"box": box}, ev)
        s.occupied[seat] |= 1 << box
        country = SLOT_COUNTRY[slot]
        done = s.country_done[country]
        mask = COUNTRY_BOXES[country]
        if seat not in done and len(done) < 2 and s.occupied[seat] & mask == mask:  # §6.2
            done.append(seat)
            self._award(
                s,
                seat,
                COUNTRIES[country].country_marker[len(done) - 1],
                "country_marker",
                {"country": country},
                ev,
            )
        s.ranks_ever[seat] |= 1 << rank
        self._check_house(s, seat, ev)

    def _check_house(self, s: HeadsState, seat: int, ev: list[Event]) -> None:
        """§6.3: the first to have ennobled every rank takes the highest marker left."""
        values = BOARD.noble_house_markers[s.n_players]
        if seat in s.house or len(s.house) >= len(values):
            return
        if ASSUMED["noble_house_needs_all_ranks_ever"]:
            mask = s.ranks_ever[seat]
        else:  # the alternative reading: all ranks alive on the board at once
            mask = 0
            for x, owner in enumerate(s.slots):
                if owner == seat:
                    mask |= 1 << SLOT_RANK[x]
        if mask == ALL_RANKS:
            s.house.append(seat)
            self._award(s, seat, values[len(s.house) - 1], "noble_house", {}, ev)

    @staticmethod
    def _award(
        s: HeadsState, seat: int, value: int, what: str, extra: dict[str, Any], ev: list[Event]
    ) -> None:
        """§6: a marker's points go on the score track as soon as it is taken."""
        s.score[seat] += value
        s.markers[seat].append(value)
        ev.append(Event(what, {"seat": seat, "value": value, **extra}))

    # ---------------------------------------------------------------- assassination
    def _assassinate(self, s: HeadsState, seat: int, slot: int, card: int, ev: list[Event]) -> None:
        """§5.4: play the cards; a country card kills, an Assassin draws from the cube bag."""
        need = SLOT_NEED[slot]
        victim = s.slots[slot]
        s.thands[seat][card] -= need
        _lower_known(s.tknown[seat], card, need)
        s.tr_discard.extend([card] * need)
        s.targeted |= 1 << slot
        ev.append(
            Event(
                "assassinate",
                {"seat": seat, "slot": slot, "target": victim, "card": card, "count": need},
            )
        )
        success = True
        if T_COUNTRY[card] < 0:
            draws = 1 if ASSUMED["capital_assassins_single_draw"] else need
            for _ in range(draws):  # §5.5: 3 of the attacker's cubes, 1 of the target's
                cube = s.rng.randrange(CUBES_ATT + CUBES_DEF)
                mine = cube < CUBES_ATT
                ev.append(
                    Event(
                        "cube_draw",
                        {"seat": seat, "target": victim, "cube": seat if mine else victim},
                    )
                )
                if not mine:
                    success = False
                    break
        if success:
            s.slots[slot] = -1
            s.dead.append((slot, victim))
            s.unfilled = slot
            ev.append(Event("killed", {"seat": seat, "slot": slot, "target": victim}))
        else:
            ev.append(Event("survived", {"seat": seat, "slot": slot, "target": victim}))

    # ---------------------------------------------------------------- discards
    def _discard(self, s: HeadsState, seat: int, action: Action, why: str, ev: list[Event]) -> None:
        if action < DISCARD_T0:
            card = action - DISCARD_A0
            s.hands[seat][card] -= 1
            _lower_known(s.known[seat], card)
            s.attr_discard.append(card)
            ev.append(Event("discard", {"seat": seat, "card": card, "why": why}))
        else:
            card = action - DISCARD_T0
            s.thands[seat][card] -= 1
            _lower_known(s.tknown[seat], card)
            s.tr_discard.append(card)
            ev.append(Event("discard_treachery", {"seat": seat, "card": card, "why": why}))

    # ---------------------------------------------------------------- the revolution
    def _revolution(self, s: HeadsState, ev: list[Event]) -> None:
        """§4.9 step 1 (century scoring), then the trims; §4.10 after the last century."""
        s.kind = NONE
        self._score_century(s, ev)
        if s.century == len(CENTURIES) - 1:
            self._end_game(s, ev)
            return
        s.interrupted.push(Interrupted(s.step))
        s.step = TRIM
        s.trim_queue = [(s.player + k) % s.n_players for k in range(s.n_players)]

    def _trim_next(self, s: HeadsState, ev: list[Event]) -> None:
        """§4.9 step 2 (active player first, then clockwise), then steps 3-6."""
        while s.trim_queue:
            seat = s.trim_queue[0]
            if self.over_limit(s, seat, True):
                s.kind, s.actor = TRIMMING, seat
                return
            s.trim_queue.pop(0)
        # step 3: every attribute card not in a hand, rebuilt as at setup
        pool = [c for c in s.rev_deck if c != REVOLUTION]
        pool += s.attr_display + s.attr_discard + s.attr_deck + s.set_aside
        s.attr_display, s.attr_discard, s.set_aside = [], [], []
        self._build_attribute_decks(s, pool)
        s.attr_display = [s.attr_deck.pop() for _ in range(min(DISPLAY_A, len(s.attr_deck)))]
        # step 4: a new treachery display
        s.tr_discard.extend(s.tr_display)
        s.tr_display = []
        while len(s.tr_display) < DISPLAY_T:
            card = self._pop_treachery(s, ev)
            if card < 0:
                break
            s.tr_display.append(card)
        self._drawn_out(s, ev)
        # step 5: the next century; step 6: the interrupted player goes on
        s.century += 1
        ev.append(
            Event(
                "rebuild",
                {
                    "century": CENTURIES[s.century],
                    "display": s.attr_display[:],
                    "treachery_display": s.tr_display[:],
                },
            )
        )
        s.step = s.interrupted.pop().step

    def _score_century(self, s: HeadsState, ev: list[Event]) -> None:
        """§6.4: influence of living nobles; ties by highest noble, then its box's value."""
        n = s.n_players
        for c in range(NC):
            influence = [0] * n
            best_rank = [NR] * n
            best_initial = [-1] * n
            for x in COUNTRY_SLOTS[c]:
                owner = s.slots[x]
                if owner < 0:
                    continue
                influence[owner] += SLOTS[x].influence
                rank, initial = SLOT_RANK[x], BOXES[SLOT_BOX[x]].initial
                if rank < best_rank[owner] or (
                    rank == best_rank[owner] and initial > best_initial[owner]
                ):
                    best_rank[owner], best_initial[owner] = rank, initial
            ranked = sorted(
                (i for i in range(n) if influence[i] > 0),
                key=lambda i: (-influence[i], best_rank[i], -best_initial[i]),
            )
            high, low = COUNTRIES[c].century_markers[s.century]
            base = (s.century * NC + c) * 2
            first = ranked[0] if ranked else REMOVED
            second = ranked[1] if len(ranked) > 1 else REMOVED
            s.century_won[base], s.century_won[base + 1] = first, second
            if first >= 0:
                self._award(
                    s,
                    first,
                    high,
                    "century_marker",
                    {"country": c, "century": CENTURIES[s.century], "place": 1},
                    ev,
                )
            if second >= 0:
                self._award(
                    s,
                    second,
                    low,
                    "century_marker",
                    {"country": c, "century": CENTURIES[s.century], "place": 2},
                    ev,
                )
            ev.append(
                Event(
                    "influence",
                    {
                        "country": c,
                        "century": CENTURIES[s.century],
                        "influence": influence,
                        "order": ranked,
                    },
                )
            )

    def _end_game(self, s: HeadsState, ev: list[Event]) -> None:
        """§6.5 noble-card majorities, then the winner (§6.6)."""
        n = s.n_players
        for r in range(NR):
            counts = [s.noble_cards[i][r] for i in range(n)]
            most = max(counts)
            holders = [i for i in range(n) if counts[i] == most] if most > 0 else []
            points = (
                MAJORITY[r] if len(holders) == 1 else MAJORITY[r] / 2 if len(holders) == 2 else 0
            )
            if points:
                for i in holders:
                    s.majority[i] += points
            ev.append(
                Event("majority", {"rank": r, "seats": holders if points else [], "points": points})
            )
        s.over = True
        s.kind, s.actor = NONE, -1
        ev.append(Event("game_over", {"scores": self.scores(s), "winners": self.winners(s)}))

    # ================================================================ information
    def inventory(self, state: HeadsState) -> dict[str, Counter[str]]:
        """Every card and marker, wherever it is (hands, decks, displays, piles, board)."""
        s = state
        attrs = Counter(c for c in s.attr_deck)
        attrs.update(c for c in s.rev_deck if c != REVOLUTION)
        for pile in (s.attr_display, s.attr_discard, s.set_aside):
            attrs.update(pile)
        for hand in s.hands:
            for k, v in enumerate(hand):
                attrs[k] += v
        tr = Counter(s.tr_deck)
        tr.update(s.tr_display)
        tr.update(s.tr_discard)
        for hand in s.thands:
            for k, v in enumerate(hand):
                tr[k] += v
        nobles = Counter({RANKS[r].key: s.noble_left[r] for r in range(NR)})
        for held in s.noble_cards:
            for r, v in enumerate(held):
                nobles[RANKS[r].key] += v
        revolution = s.rev_deck.count(REVOLUTION) + (1 if s.rev_drawn else 0)
        markers = Counter(
            {
                "initial": NB,
                "country": 2 * NC,
                "century": len(s.century_won),
                "noble_house": len(BOARD.noble_house_markers[s.n_players]),
            }
        )
        return {
            "attribute": Counter({ATTRS[k].key: v for k, v in attrs.items() if v}),
            "treachery": Counter({TREACHERY[k].key: v for k, v in tr.items() if v}),
            "noble_card": Counter({k: v for k, v in nobles.items() if v}),
            "revolution": Counter({"revolution": revolution}),
            "marker": +markers,
        }

    def determinize(self, state: HeadsState, seat: int, rng: random.Random) -> HeadsState:
        """Resample what ``seat`` cannot know: the order and content of both attribute
        decks (the Revolution card anywhere in its deck), the treachery deck, and the
        cards of other hands nobody saw them take.

        The world is a function of ``seat``'s information and ``rng`` alone: each pool
        of unseen cards is sorted before it is shuffled and dealt, so two states that
        agree on the seat's view give the same world for the same ``rng`` state."""
        s = state.world_copy(rng)
        n = s.n_players
        pool = s.attr_deck + [c for c in s.rev_deck if c != REVOLUTION]
        tpool = s.tr_deck[:]
        unknown, tunknown = [0] * n, [0] * n
        for o in range(n):
            if o == seat:
                continue
            hand, known = s.hands[o], s.known[o]
            for k in range(NA):
                extra = hand[k] - known[k]
                pool.extend([k] * extra)
                unknown[o] += extra
                hand[k] = known[k]
            th, tk = s.thands[o], s.tknown[o]
            for k in range(NT):
                extra = th[k] - tk[k]
                tpool.extend([k] * extra)
                tunknown[o] += extra
                th[k] = tk[k]
        pool.sort()
        tpool.sort()
        shuffle(rng, pool)
        shuffle(rng, tpool)
        for o in range(n):
            for _ in range(unknown[o]):
                s.hands[o][pool.pop()] += 1
            for _ in range(tunknown[o]):
                s.thands[o][tpool.pop()] += 1
        rev_len = len(s.rev_deck)
        if REVOLUTION in s.rev_deck:
            rev = [pool.pop() for _ in range(rev_len - 1)]
            rev.insert(rng.randrange(rev_len), REVOLUTION)
        else:
            rev = [pool.pop() for _ in range(rev_len)]
        s.rev_deck = rev
        s.attr_deck = pool
        s.tr_deck = tpool
        return s

    def zones(self, state: HeadsState, seat: int) -> dict[str, Zone]:
        """What ``seat`` sees and does not (``GameBase.zones``): both attribute decks
        (the Revolution card apart: where it lies in its deck is a choice of its own) and
        the attribute cards of other hands nobody saw taken are one pool; the treachery
        deck and the treachery cards of other hands nobody saw taken another."""
        s = state
        out: dict[str, Zone] = {}
        for o in range(s.n_players):
            hand, known, th, tk = s.hands[o], s.known[o], s.thands[o], s.tknown[o]
            if o == seat:
                out[f"hand:{o}"] = Zone(tuple(hand))
                out[f"treachery:{o}"] = Zone(tuple(th))
                continue
            out[f"hand:{o}"] = Zone(tuple(known))
            out[f"hand:{o}:unseen"] = Zone(
                tuple(k for k in range(NA) for _ in range(hand[k] - known[k])), True, "attr"
            )
            out[f"treachery:{o}"] = Zone(tuple(tk))
            out[f"treachery:{o}:unseen"] = Zone(
                tuple(k for k in range(NT) for _ in range(th[k] - tk[k])), True, "treachery"
            )
        out["attr_deck"] = Zone(tuple(s.attr_deck), True, "attr", True)
        out["rev_deck"] = Zone(tuple(c for c in s.rev_deck if c != REVOLUTION), True, "attr", True)
        if REVOLUTION in s.rev_deck:
            out["revolution"] = Zone(
                (s.rev_deck.index(REVOLUTION),),
                True,
                "revolution",
                choices=tuple(range(len(s.rev_deck))),
            )
        out["treachery_deck"] = Zone(tuple(s.tr_deck), True, "treachery", True)
        out["display"] = Zone(tuple(s.attr_display))
        return out
