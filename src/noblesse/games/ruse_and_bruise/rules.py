"""The rules of Ruse & Bruise (spec: shared/specs/ruse-and-bruise.md).

A turn (§R4): the active player picks a card from hand (decision ``card``), then a
row that is not closed (decision ``row``). The card goes face down at the end of the
row, the player draws back to three, and the card it covered — if face down — is
revealed and its on-reveal ability resolves (§R5, §4.23). A revealed Cloak or
Traitor asks its owner one more question (``cloak`` / ``traitor``). Then the round
end is checked (§R8): once every row is satisfied, every row is scored (§R10).
"""

from __future__ import annotations

import json
import random
from abc import abstractmethod
from collections import Counter
from typing import Any

from noblesse.core.errors import IllegalAction
from noblesse.core.events import Event
from noblesse.core.game import Action, GameBase, State, Zone
from noblesse.core.rng import Seed, shuffle
from noblesse.games.ruse_and_bruise.data import CARDS, half_to_number

CHARACTERS = CARDS.characters
ICONS = CARDS.icons
COLOURS = CARDS.colours
RULES = CARDS.rules
VARIANTS = CARDS.variants  # read at call time, so a test may switch a variant
ASSUMED = CARDS.assumed
KINDS = len(CHARACTERS)
MAX_SEATS = RULES["max_players"]
HAND = RULES["hand_size"]
ROUNDS = RULES["rounds"]
PER_ICON = RULES["score_cards_per_icon"]
N_SCORE = len(ICONS) * len(PER_ICON)

# -- the cards the rules name ------------------------------------------------------
K = {c.key: c.id for c in CHARACTERS}
STORM, HERMIT, SMALL_GIANT, ASSASSIN = K["storm"], K["hermit"], K["small_giant"], K["assassin"]
DOPPELGANGER, MUSKETEERS, DRAGON, CLOAK = (
    K["doppelganger"],
    K["musketeers"],
    K["dragon"],
    K["cloak"],
)
JULIET, ROMEO, PRINCE, SQUIRE, BEGGAR = (
    K["juliet"],
    K["romeo"],
    K["prince"],
    K["squire"],
    K["beggar"],
)
TRAITOR, EXPLORER, WITCH, WIZARD = K["traitor"], K["explorer"], K["witch"], K["wizard"]

# A physical card is owner * KINDS + kind; these tables avoid the arithmetic.
KIND = [c % KINDS for c in range(MAX_SEATS * KINDS)]
OWNER = [c // KINDS for c in range(MAX_SEATS * KINDS)]
HALF = [c.half for c in CHARACTERS]  # base values in half-points
SPECIALIST_ICON = [c.icon for c in CHARACTERS]
SCORE_ICON = [sc // len(PER_ICON) for sc in range(N_SCORE)]
SCORE_VALUE = [PER_ICON[sc % len(PER_ICON)] for sc in range(N_SCORE)]

# Values of abilities, in half-points.
SPECIALIST_HALF = 2 * RULES["specialist_value_in_own_row"]
ROMEO_HALF = 2 * RULES["romeo_value_with_juliet"]
GIANT_HALF = 2 * RULES["small_giant_per_other"]
HERMIT_HALF = 2 * RULES["hermit_per_other"]
DRAGON_HALF = 2 * RULES["dragon_penalty"]
WITCH_HALF = 2 * RULES["witch_removes_at_or_below"]
WIZARD_HALF = 2 * RULES["wizard_removes_at_or_above"]

# -- the action index ------------------------------------------------------------------
ACTION_NAMES: list[str] = []
PLAY0 = len(ACTION_NAMES)  # play:K — choose the card of kind K from your hand
ACTION_NAMES += [f"play:{c.key}" for c in CHARACTERS]
ROW0 = len(ACTION_NAMES)  # row:R — place the chosen card at the end of row R (1 = left)
ACTION_NAMES += [f"row:{r}" for r in range(1, MAX_SEATS + 1)]
TUCK0 = len(ACTION_NAMES)  # tuck:K — put the card of kind K under your Cloak
ACTION_NAMES += [f"tuck:{c.key}" for c in CHARACTERS]
TUCK_NONE = len(ACTION_NAMES)
ACTION_NAMES.append("tuck:none")
SWAP0 = len(ACTION_NAMES)  # swap:R — the Traitor swaps its row's score card with row R's
ACTION_NAMES += [f"swap:{r}" for r in range(1, MAX_SEATS + 1)]
SWAP_NONE = len(ACTION_NAMES)  # only with the traitor_swap_optional variant
ACTION_NAMES.append("swap:none")

# -- the state of a card in a row: face down (only its owner knows it), face up (live),
# or face down but known to all (an Explorer that jumped, §4.21)
DOWN, UP, KNOWN = 0, 1, 2

# -- decision kinds ---------------------------------------------------------------------
CARD, ROW, CLOAK_DECISION, TRAITOR_DECISION = range(4)
DECISION_NAMES = ("card", "row", "cloak", "traitor")


class Pending:
    """A decision the game waits for. ``card``: the card chosen for the ``row``
    decision; ``row``: the row of the revealed Cloak or Traitor; ``cloak``: that Cloak.
    Immutable, so clones share it."""

    __slots__ = ("kind", "seat", "card", "row", "cloak")

    def __init__(
        self, kind: int, seat: int, card: int = -1, row: int = -1, cloak: int = -1
    ) -> None:
        self.kind, self.seat, self.card, self.row, self.cloak = kind, seat, card, row, cloak


class RuseState(State):
    """Rows are lists of physical cards (position 0 nearest the score card) with a
    parallel list of DOWN / UP / KNOWN flags; ``tucks[r]`` holds (cloak, tucked card) pairs.
    ``secret[p]`` are the cards of ``p``'s discard pile nobody else has seen (killed
    cards, discarded hands): determinize may resample them."""

    __slots__ = (
        "decks",
        "hands",
        "discards",
        "secret",
        "piles",
        "boxed",
        "row_score",
        "rows",
        "up",
        "tucks",
        "closed",
        "suppressed",
        "won",
        "lost",
        "round",
        "starter",
        "player",
        "ender",
        "pending",
        "moved",
        "over",
        "last_round",
    )
    decks: list[list[int]]  # each seat's draw deck
    hands: list[list[int]]
    discards: list[list[int]]
    secret: list[list[int]]
    piles: list[list[int]]  # each seat's pile of score cards
    boxed: list[int]  # score cards left out of the game, unseen
    row_score: list[int]  # the score card of each row
    rows: list[list[int]]
    up: list[list[int]]  # DOWN / UP / KNOWN, parallel to rows
    tucks: list[list[tuple[int, int]]]
    closed: list[bool]
    suppressed: list[bool]
    won: list[list[int]]  # the score cards each seat won
    lost: list[int]  # score cards nobody won
    round: int
    starter: int
    player: int
    ender: int
    pending: Pending | None
    moved: list[tuple[int, int]]  # (card, row) of each move this turn
    over: bool
    last_round: str  # the last round's scoring, as JSON

    def decision(self) -> Pending:
        """The pending decision, asked for only while there is one."""
        p = self.pending
        assert p is not None, "no decision is pending"
        return p

    def clone(self, rng: random.Random | None = None) -> RuseState:
        c = RuseState.__new__(RuseState)
        self._copy_base(c, rng)
        c.decks = [d[:] for d in self.decks]
        c.hands = [h[:] for h in self.hands]
        c.discards = [d[:] for d in self.discards]
        c.secret = [d[:] for d in self.secret]
        c.piles = [p[:] for p in self.piles]
        c.boxed = self.boxed[:]
        c.row_score = self.row_score[:]
        c.rows = [r[:] for r in self.rows]
        c.up = [u[:] for u in self.up]
        c.tucks = [t[:] for t in self.tucks]
        c.closed = self.closed[:]
        c.suppressed = self.suppressed[:]
        c.won = [w[:] for w in self.won]
        c.lost = self.lost[:]
        c.moved = self.moved[:]
        c.round, c.starter, c.player, c.ender = self.round, self.starter, self.player, self.ender
        c.pending, c.over, c.last_round = self.pending, self.over, self.last_round
        return c


def final_score(won: list[int]) -> int:
    """§R15: the plain sum, or — with all six icons — one set (the best card of each
    icon) doubled, minus one point for every other score card."""
    plain = sum(SCORE_VALUE[sc] for sc in won)
    best = [0] * len(ICONS)
    for sc in won:
        icon = SCORE_ICON[sc]
        if SCORE_VALUE[sc] > best[icon]:
            best[icon] = SCORE_VALUE[sc]
    if not all(best):
        return plain
    with_set = RULES["set_multiplier"] * sum(best) - RULES["extra_card_penalty"] * (
        len(won) - len(best)
    )
    if VARIANTS["six_icon_set_optional"]:
        return max(plain, with_set)
    return with_set


def _compact(summary: dict[str, Any]) -> dict[str, Any]:
    """The last round's scoring as views carry it (see views.py for the notation)."""
    rows = []
    for row in summary["rows"]:
        cards = [
            ("x" if c["removed"] else "^" if c["tucked"] else "+" if c["live"] else "-")
            + f"{c['card']}@{c['owner']}={c['value']}"
            for c in row["cards"]
        ]
        sc = row["score"]
        rows.append(
            {
                "row": row["row"],
                "winner": row["winner"],
                "reason": row["reason"],
                "score": f"{ICONS[SCORE_ICON[sc]].key}:{SCORE_VALUE[sc]}",
                "totals": row["totals"],
                "cards": cards,
            }
        )
    return {"round": summary["round"], "rows": rows}


class RuseRules(GameBase[RuseState]):
    id = "ruse_and_bruise"
    version = f"1.0+{CARDS.digest}"
    title = {"en": "Ruse & Bruise", "zh-TW": "陰謀大亂鬥"}
    min_players = RULES["min_players"]
    max_players = MAX_SEATS
    action_names = ACTION_NAMES

    # ================================================================ setup
    def setup(
        self,
        n_players: int,
        seed: Seed,
        options: dict[str, Any] | None = None,
    ) -> RuseState:
        if not self.min_players <= n_players <= self.max_players:
            raise ValueError(
                f"Ruse & Bruise is for {self.min_players}-{self.max_players} "
                f"players, not {n_players}"
            )
        options = dict(options or {})
        if options:
            raise ValueError(f"unknown option(s) for Ruse & Bruise: {', '.join(sorted(options))}")
        s = RuseState(n_players, seed, options)
        rng = s.rng
        # §R2.1: every player shuffles their own deck
        s.decks = []
        for seat in range(n_players):
            deck = [seat * KINDS + k for k in range(KINDS)]
            shuffle(rng, deck)
            s.decks.append(deck)
        # §R2.2 (ambiguity 3): N piles of 6 score cards, the rest boxed unseen
        scores = list(range(N_SCORE))
        shuffle(rng, scores)
        per = RULES["score_cards_per_pile"]
        s.piles = [scores[i * per : (i + 1) * per] for i in range(n_players)]
        s.boxed = scores[n_players * per :]
        s.hands = [[] for _ in range(n_players)]
        s.discards = [[] for _ in range(n_players)]
        s.secret = [[] for _ in range(n_players)]
        s.rows = [[] for _ in range(n_players)]
        s.up = [[] for _ in range(n_players)]
        s.tucks = [[] for _ in range(n_players)]
        s.closed = [False] * n_players
        s.suppressed = [False] * n_players
        s.won = [[] for _ in range(n_players)]
        s.lost = []
        s.moved = []
        s.over = False
        s.last_round = ""
        s.pending = None
        ev: list[Event] = []
        for seat in range(n_players):  # §R2.3
            self._draw(s, seat, ev)
        # §R3 (ambiguity 4): round 1's start player from the seed
        s.starter = rng.randrange(n_players) if ASSUMED["random_first_start_player"] else 0
        s.round = 0
        s.ender = (s.starter - 1) % n_players
        self._start_round(s, ev)
        return s

    def _start_round(self, s: RuseState, ev: list[Event]) -> None:
        """§R2.4 / §R13: turn up the top of every pile; §R3: the start player."""
        s.round += 1
        s.row_score = [pile.pop() for pile in s.piles]
        s.starter = s.player = (s.ender + 1) % s.n_players  # round 1: ender = starter - 1
        ev.append(
            Event(
                "round", {"round": s.round, "starter": s.starter, "score_cards": list(s.row_score)}
            )
        )
        self._start_turn(s, ev)

    # ================================================================ queries
    def to_act(self, state: RuseState) -> tuple[int, ...]:
        p = state.pending
        return (p.seat,) if p is not None else ()

    def is_over(self, state: RuseState) -> bool:
        return state.over

    def scores(self, state: RuseState) -> list[float]:
        return [float(final_score(w)) for w in state.won]

    endings = {
        "rounds": {"en": "the last round was scored", "zh-TW": "最後一輪結算完畢"},
        "pile": {"en": "a draw pile ran out", "zh-TW": "有人的牌堆用完"},
    }

    def ending(self, state: RuseState) -> str:
        """§R14: after the last round, or earlier when a score-card pile is empty."""
        return "rounds" if state.round >= ROUNDS else "pile"

    def score(self, state: RuseState, seat: int) -> int:
        return final_score(state.won[seat])

    def capacity(self, s: RuseState, r: int) -> int:
        return SCORE_VALUE[s.row_score[r]]

    def count(self, s: RuseState, r: int) -> int:
        """§R7: the cards in the row (tucked cards only with the assumed switch)."""
        n = len(s.rows[r])
        if ASSUMED["tucked_cards_count_toward_capacity"]:
            n += len(s.tucks[r])
        return n

    def satisfied(self, s: RuseState, r: int) -> bool:
        """§R7: enough cards for the score card above it, or closed by a Storm."""
        return s.closed[r] or self.count(s, r) >= SCORE_VALUE[s.row_score[r]]

    # ================================================================ legality
    def _legal(self, s: RuseState, seat: int) -> list[Action]:
        p = s.decision()
        kind = p.kind
        if kind == CARD:
            return [PLAY0 + KIND[c] for c in sorted(s.hands[seat])]
        if kind == ROW:
            return [ROW0 + r for r in range(s.n_players) if not s.closed[r]]
        if kind == CLOAK_DECISION:
            return [TUCK0 + KIND[c] for c in sorted(s.hands[seat])] + [TUCK_NONE]
        out = [SWAP0 + r for r in range(s.n_players) if r != p.row]
        if VARIANTS["traitor_swap_optional"]:
            out.append(SWAP_NONE)
        return out

    def _explain_illegal(self, state: RuseState, seat: int, action: Action) -> IllegalAction:
        s = state
        p = s.decision()
        in_hand = (p.kind == CARD and PLAY0 <= action < ROW0) or (
            p.kind == CLOAK_DECISION and TUCK0 <= action < TUCK_NONE
        )
        if in_hand:
            c = CHARACTERS[action - (PLAY0 if p.kind == CARD else TUCK0)]
            return IllegalAction(f"You have no {c.en} in your hand.", f"你的手牌中沒有「{c.zh}」。")
        if p.kind == ROW and ROW0 <= action < TUCK0:
            r = action - ROW0
            if r >= s.n_players:
                return IllegalAction(
                    f"There is no row {r + 1} in a {s.n_players}-player game.",
                    f"{s.n_players}人遊戲沒有第{r + 1}列。",
                )
            return IllegalAction(
                f"Row {r + 1} is closed by a Storm: no card may be placed there.",
                f"第{r + 1}列已被「暴風」封閉，不能再蓋牌。",
            )
        if p.kind == TRAITOR_DECISION and SWAP0 <= action <= SWAP_NONE:
            if action == SWAP_NONE:
                return IllegalAction(
                    "The Traitor's swap is compulsory.", "「叛徒」一定要交換，不能選擇不換。"
                )
            r = action - SWAP0
            if r == p.row:
                return IllegalAction(
                    "Choose another row than the Traitor's own.",
                    "請選擇「叛徒」所在列以外的另一列。",
                )
            return IllegalAction(
                f"There is no row {r + 1} in a {s.n_players}-player game.",
                f"{s.n_players}人遊戲沒有第{r + 1}列。",
            )
        return self._not_a_choice(s, action)

    @abstractmethod
    def _not_a_choice(self, s: RuseState, action: Action) -> IllegalAction:
        """The refusal of an action that answers no part of the pending decision, in the
        game's words (``views.RuseViews`` gives them)."""

    # ================================================================ apply
    def _apply(self, s: RuseState, seat: int, action: Action) -> list[Event]:
        ev: list[Event] = []
        p = s.decision()
        s.pending = None
        kind = p.kind
        if kind == CARD:
            s.pending = Pending(ROW, seat, card=seat * KINDS + action - PLAY0)
        elif kind == ROW:
            self._place(s, seat, p.card, action - ROW0, ev)
        elif kind == CLOAK_DECISION:
            self._tuck(s, p, action, ev)
            self._end_turn(s, ev)
        else:
            if action != SWAP_NONE:
                other = action - SWAP0
                rs = s.row_score
                rs[p.row], rs[other] = rs[other], rs[p.row]
                ev.append(
                    Event(
                        "swap",
                        {
                            "seat": seat,
                            "row": p.row + 1,
                            "other": other + 1,
                            "score_cards": list(rs),
                        },
                    )
                )
            else:
                ev.append(Event("no_swap", {"seat": seat, "row": p.row + 1}))
            self._end_turn(s, ev)
        return ev

    # ---------------------------------------------------------------- a turn
    def _start_turn(self, s: RuseState, ev: list[Event]) -> None:
        """The next player holding a card acts; a player with an empty hand is skipped,
        and if nobody holds a card the round ends as it stands (§R16, ambiguity 6)."""
        n = s.n_players
        for k in range(n):
            seat = (s.player + k) % n
            if len(s.hands[seat]) < HAND:  # the hand is always three when it can be
                self._draw(s, seat, ev)
            if s.hands[seat]:
                s.player = seat
                s.pending = Pending(CARD, seat)
                return
            ev.append(Event("skip", {"seat": seat}))
        self._end_round(s, ev)

    def _place(self, s: RuseState, seat: int, card: int, r: int, ev: list[Event]) -> None:
        """§R4: face down at the end of the row, draw, reveal the card it covers."""
        s.hands[seat].remove(card)
        row, up = s.rows[r], s.up[r]
        row.append(card)
        up.append(DOWN)
        ev.append(Event("place", {"seat": seat, "row": r + 1}, {seat: {"card": KIND[card]}}))
        if ASSUMED["draw_before_reveal"]:  # ambiguity 5
            self._draw(s, seat, ev)
        s.moved = []
        n = len(row)
        if n >= 2 and up[n - 2] != UP:
            self._reveal(s, r, n - 2, ev)
        if s.pending is None:
            self._end_turn(s, ev)

    def _end_turn(self, s: RuseState, ev: list[Event]) -> None:
        """§R8: the round ends once every row is satisfied, checked after the whole turn."""
        if not ASSUMED["draw_before_reveal"]:
            self._draw(s, s.player, ev)
        s.ender = s.player
        for r in range(s.n_players):
            if not self.satisfied(s, r):
                s.player = (s.player + 1) % s.n_players
                self._start_turn(s, ev)
                return
        self._end_round(s, ev)

    # ---------------------------------------------------------------- revealing (§R5, §4.23)
    def _reveal(self, s: RuseState, r: int, i: int, ev: list[Event]) -> None:
        row = s.rows[r]
        c = row[i]
        s.up[r][i] = UP
        kind = KIND[c]
        ev.append(Event("reveal", {"row": r + 1, "pos": i + 1, "owner": OWNER[c], "card": kind}))
        if s.suppressed[r]:  # §4.12: a live 3 Musketeers cancels later reveals
            return
        if kind == STORM:  # §4.7
            s.closed[r] = True
            ev.append(Event("storm", {"row": r + 1}))
        elif kind == ASSASSIN:  # §4.10: the card that covered it, discarded unrevealed
            if i + 1 < len(row):
                victim = row.pop(i + 1)
                known = s.up[r].pop(i + 1) == KNOWN  # a jumped Explorer is no secret
                owner = OWNER[victim]
                s.discards[owner].append(victim)
                if known:
                    ev.append(Event("kill", {"row": r + 1, "owner": owner, "card": KIND[victim]}))
                else:
                    s.secret[owner].append(victim)
                    ev.append(
                        Event(
                            "kill", {"row": r + 1, "owner": owner}, {owner: {"card": KIND[victim]}}
                        )
                    )
        elif kind == MUSKETEERS:  # §4.12
            s.suppressed[r] = True
            ev.append(Event("musketeers", {"row": r + 1}))
        elif kind == CLOAK:  # §4.14: the owner may tuck a card from hand
            owner = OWNER[c]
            if s.hands[owner]:
                s.pending = Pending(CLOAK_DECISION, owner, row=r, cloak=c)
            else:
                ev.append(Event("tuck_none", {"seat": owner, "row": r + 1}))
        elif kind == TRAITOR:  # §4.20: the owner must swap score cards
            s.pending = Pending(TRAITOR_DECISION, OWNER[c], row=r)
        elif kind == EXPLORER:  # §4.21
            self._explore(s, r, i, c, ev)

    def _explore(self, s: RuseState, r: int, i: int, c: int, ev: list[Event]) -> None:
        """§4.21: jump face down to the end of the next row to the right (wrapping),
        skipping closed rows, and reveal the card it covers there. Loop guard: once per
        turn (variant: never twice from the same row)."""
        if VARIANTS["explorer_moves_once_per_turn"]:
            if any(m == c for m, _ in s.moved):
                return
        elif (c, r) in s.moved:
            return
        n = s.n_players
        d = (r + 1) % n
        if VARIANTS["explorer_skips_closed_rows"]:
            while s.closed[d] and d != r:
                d = (d + 1) % n
            if d == r:
                return
        s.moved.append((c, r))
        s.rows[r].pop(i)
        s.up[r].pop(i)
        dest, up = s.rows[d], s.up[d]
        dest.append(c)
        up.append(KNOWN)
        ev.append(Event("explorer", {"row": r + 1, "to": d + 1, "owner": OWNER[c]}))
        k = len(dest)
        if k >= 2 and up[k - 2] != UP:
            self._reveal(s, d, k - 2, ev)

    def _tuck(self, s: RuseState, p: Pending, action: Action, ev: list[Event]) -> None:
        owner = p.seat
        if action == TUCK_NONE:
            ev.append(Event("tuck_none", {"seat": owner, "row": p.row + 1}))
            return
        card = owner * KINDS + action - TUCK0
        s.hands[owner].remove(card)
        s.tucks[p.row].append((p.cloak, card))
        ev.append(Event("tuck", {"seat": owner, "row": p.row + 1}, {owner: {"card": KIND[card]}}))
        self._draw(s, owner, ev)  # ambiguity 5: draw after tucking too

    # ---------------------------------------------------------------- cards
    def _draw(self, s: RuseState, seat: int, ev: list[Event]) -> None:
        """§R16: draw up to three; an empty deck is rebuilt from the own discard pile."""
        hand = s.hands[seat]
        need = HAND - len(hand)
        if need <= 0:
            return
        deck = s.decks[seat]
        drawn = []
        while need:
            if not deck:
                discard = s.discards[seat]
                if not discard:
                    break
                deck.extend(discard)
                discard.clear()
                s.secret[seat].clear()
                shuffle(s.rng, deck)
                ev.append(Event("reshuffle", {"seat": seat, "count": len(deck)}))
            drawn.append(deck.pop())
            need -= 1
        if drawn:
            hand.extend(drawn)
            ev.append(
                Event(
                    "draw",
                    {"seat": seat, "count": len(drawn)},
                    {seat: {"cards": [KIND[c] for c in drawn]}},
                )
            )

    # ================================================================ scoring (§R10)
    def score_row(
        self,
        s: RuseState,
        r: int,
        detail: bool = False,
    ) -> tuple[int, dict[str, Any] | None]:
        """The winner of row ``r`` (-1: nobody) if the round ended now, and optionally
        the whole breakdown (every card with its final value, totals, the reason)."""
        seq, up, tucks = s.rows[r], s.up[r], s.tucks[r]
        sc = s.row_score[r]
        icon = SCORE_ICON[sc]
        keep = VARIANTS["concealed_cards_keep_scoring_abilities"]
        bonus_is_ability = VARIANTS["specialist_bonus_is_ability"]
        # S0: every card, tucked ones at their Cloak's position; "active" = its abilities work
        cards = list(seq)
        pos = list(range(len(seq)))
        active = [u == UP or keep for u in up]
        for cloak, card in tucks:
            cards.append(card)
            pos.append(seq.index(cloak))
            active.append(keep)
        n = len(cards)
        kinds = [KIND[c] for c in cards]
        owners = [OWNER[c] for c in cards]
        base = [HALF[k] for k in kinds]
        if not bonus_is_ability:  # variant: the specialist's 12 is a printed value
            base = [
                SPECIALIST_HALF if SPECIALIST_ICON[k] == icon else b
                for k, b in zip(kinds, base, strict=True)
            ]
        values = base[:]
        removed = [False] * n
        reason = "highest"
        beggar = False
        # S1: a live 3 Musketeers cancels every ability of the row
        if any(active[i] and kinds[i] == MUSKETEERS for i in range(n)):
            reason = "musketeers"
        else:
            # S2: own values of active cards
            others = n - 1
            last = len(seq) - 1
            for i in range(n):
                if not active[i]:
                    continue
                k = kinds[i]
                if SPECIALIST_ICON[k] == icon and bonus_is_ability:
                    values[i] = SPECIALIST_HALF
                elif k == ROMEO:
                    if any(
                        kinds[j] == JULIET and owners[j] == owners[i] and active[j]
                        for j in range(n)
                    ):
                        values[i] = ROMEO_HALF
                elif k == SMALL_GIANT:
                    values[i] = base[i] + GIANT_HALF * others
                elif k == HERMIT:
                    values[i] = base[i] + HERMIT_HALF * others
                elif k == DOPPELGANGER:  # ambiguity 14: the next card's base value, if live
                    values[i] = base[i + 1] if i < last and active[i + 1] else 0
            # S3: Witch and Wizard together, on the S2 values (ambiguity 10)
            witch = any(active[i] and kinds[i] == WITCH for i in range(n))
            wizard = any(active[i] and kinds[i] == WIZARD for i in range(n))
            if witch or wizard:
                spare_witches = not VARIANTS["witch_removes_itself"]
                for i in range(n):
                    v = values[i]
                    if wizard and v >= WIZARD_HALF:
                        removed[i] = True
                    elif witch and v <= WITCH_HALF and not (spare_witches and kinds[i] == WITCH):
                        removed[i] = True
            # S4: Prince & Squire of one owner win outright; the earliest pair first
            pairs: dict[int, int] = {}
            for i in range(n):
                if active[i] and not removed[i] and kinds[i] == PRINCE:
                    o = owners[i]
                    for j in range(n):
                        if kinds[j] == SQUIRE and owners[j] == o and active[j] and not removed[j]:
                            pairs[o] = min(pos[i], pos[j])
            if pairs:
                winner = min(pairs, key=pairs.__getitem__)
                return winner, (
                    self._detail(
                        s, r, cards, pos, active, values, removed, {}, winner, "prince_squire"
                    )
                    if detail
                    else None
                )
            # S5: Dragons hit every other player's card, stacking; floor at 0
            for i in range(n):
                if kinds[i] == DRAGON and active[i] and not removed[i]:
                    o = owners[i]
                    for j in range(n):
                        if owners[j] != o and not removed[j]:
                            values[j] += DRAGON_HALF
            if VARIANTS["value_floor_zero"]:
                values = [v if v > 0 else 0 for v in values]
            beggar = any(kinds[i] == BEGGAR and active[i] and not removed[i] for i in range(n))
            if beggar:
                reason = "beggar"
        # S6: totals, the winner and ties (§R11)
        totals: dict[int, int] = {}
        front: dict[int, int] = {}
        rear: dict[int, int] = {}
        for i in range(n):
            if removed[i]:
                continue
            o = owners[i]
            totals[o] = totals.get(o, 0) + values[i]
            if o not in front or pos[i] < front[o]:
                front[o] = pos[i]
            if o not in rear or pos[i] > rear[o]:
                rear[o] = pos[i]
        if not totals:
            winner, reason = -1, "nobody"
        elif beggar:
            low = min(totals.values())
            tied = [o for o, t in totals.items() if t == low]
            later = rear if VARIANTS["beggar_tie_key"] == "rearmost_latest" else front
            winner = max(tied, key=later.__getitem__)
        else:
            high = max(totals.values())
            tied = [o for o, t in totals.items() if t == high]
            winner = min(tied, key=front.__getitem__)
        return winner, (
            self._detail(s, r, cards, pos, active, values, removed, totals, winner, reason)
            if detail
            else None
        )

    @staticmethod
    def _detail(
        s: RuseState,
        r: int,
        cards: list[int],
        pos: list[int],
        active: list[bool],
        values: list[int],
        removed: list[bool],
        totals: dict[int, int],
        winner: int,
        reason: str,
    ) -> dict[str, Any]:
        n_seq = len(s.rows[r])
        return {
            "row": r + 1,
            "score": s.row_score[r],
            "closed": s.closed[r],
            "cards": [
                {
                    "card": CHARACTERS[KIND[c]].key,
                    "owner": OWNER[c],
                    "pos": pos[i] + 1,
                    "tucked": i >= n_seq,
                    "live": i < n_seq and s.up[r][i] == UP,
                    "active": active[i],
                    "value": half_to_number(values[i]),
                    "removed": removed[i],
                }
                for i, c in enumerate(cards)
            ],
            "totals": {str(o): half_to_number(t) for o, t in sorted(totals.items())},
            "winner": winner if winner >= 0 else None,
            "reason": reason,
        }

    def _end_round(self, s: RuseState, ev: list[Event]) -> None:
        """§R10-R13: score every row, hand out the score cards, clear the table."""
        n = s.n_players
        rows = []
        for r in range(n):
            winner, detail = self.score_row(s, r, detail=True)
            rows.append(detail)
            sc = s.row_score[r]
            if winner >= 0:
                s.won[winner].append(sc)
            else:  # §R12: an unclaimed score card leaves the game
                s.lost.append(sc)
        summary = {"round": s.round, "ender": s.ender, "rows": rows}
        s.last_round = json.dumps(_compact(summary), sort_keys=True, ensure_ascii=True)
        ev.append(Event("round_end", summary))
        # §R13: every card on the table goes back to its owner's discard pile
        for r in range(n):
            for c in s.rows[r]:
                s.discards[OWNER[c]].append(c)
            for _, c in s.tucks[r]:
                s.discards[OWNER[c]].append(c)
            s.rows[r] = []
            s.up[r] = []
            s.tucks[r] = []
        s.closed = [False] * n
        s.suppressed = [False] * n
        s.row_score = [-1] * n
        s.moved = []
        if not ASSUMED["keep_hands_between_rounds"]:
            for seat in range(n):
                s.discards[seat].extend(s.hands[seat])
                s.secret[seat].extend(s.hands[seat])
                s.hands[seat] = []
                self._draw(s, seat, ev)
        if s.round >= ROUNDS or not all(s.piles):
            s.over = True
            s.pending = None
            ev.append(Event("game_over", {"scores": self.scores(s), "winners": self.winners(s)}))
            return
        self._start_round(s, ev)

    # ================================================================ information
    def inventory(self, state: RuseState) -> dict[str, Counter[str]]:
        """Every character card (by colour and kind) and every score card (by icon and
        value), wherever it is."""
        s = state
        chars: Counter[int] = Counter()
        for zone in (*s.decks, *s.hands, *s.discards, *s.rows):
            chars.update(zone)
        for tucks in s.tucks:
            chars.update(c for _, c in tucks)
        scores: Counter[int] = Counter(s.boxed)
        scores.update(s.lost)
        scores.update(sc for sc in s.row_score if sc >= 0)
        for zone in (*s.piles, *s.won):
            scores.update(zone)
        return {
            "character": Counter(
                {f"{COLOURS[OWNER[c]].key}:{CHARACTERS[KIND[c]].key}": k for c, k in chars.items()}
            ),
            "score_card": Counter(
                {f"{ICONS[SCORE_ICON[sc]].key}:{sc % len(PER_ICON)}": k for sc, k in scores.items()}
            ),
        }

    def determinize(self, state: RuseState, seat: int, rng: random.Random) -> RuseState:
        """Resample what ``seat`` cannot know: the order of every draw pile and score
        pile, the boxed score cards, and for every other player which of their unseen
        cards (hand, draw pile, face-down and tucked cards, killed cards) is where.
        A face-down card keeps its place and owner; only its identity is resampled from
        that owner's unseen cards.

        The world is a function of ``seat``'s information and ``rng`` alone: every pool
        of unseen cards is sorted before it is shuffled and dealt, so two states that agree
        on the seat's view and on what it has seen (the public cards of each discard
        pile and where its unseen ones lie) give the same world for the same ``rng``
        state (the seat's own hand keeps its order, which its legal actions follow)."""
        s = state.world_copy(rng)
        s.decks[seat].sort()
        shuffle(rng, s.decks[seat])
        for o in range(s.n_players):
            if o == seat:
                continue
            pool = s.hands[o] + s.decks[o] + s.secret[o]
            spots = []  # (row, position) of o's face-down cards
            for r in range(s.n_players):
                row, up = s.rows[r], s.up[r]
                for i, c in enumerate(row):
                    if up[i] == DOWN and OWNER[c] == o:
                        spots.append((r, i))
                        pool.append(c)
            tucked = [
                (r, j)
                for r in range(s.n_players)
                for j, (_, c) in enumerate(s.tucks[r])
                if OWNER[c] == o
            ]
            pool.extend(s.tucks[r][j][1] for r, j in tucked)
            pool.sort()
            shuffle(rng, pool)
            h = len(s.hands[o])
            s.hands[o] = pool[:h]
            k = h
            for r, i in spots:
                s.rows[r][i] = pool[k]
                k += 1
            for r, j in tucked:
                cloak = s.tucks[r][j][0]
                s.tucks[r][j] = (cloak, pool[k])
                k += 1
            if s.secret[o]:
                secret = set(s.secret[o])
                fresh = pool[k : k + len(s.secret[o])]
                k += len(fresh)
                it = iter(fresh)
                s.discards[o] = [next(it) if c in secret else c for c in s.discards[o]]
                s.secret[o] = fresh
            s.decks[o] = pool[k:]
            p = s.pending
            if p is not None and p.kind == ROW and p.seat == o:
                s.pending = Pending(ROW, o, card=s.hands[o][rng.randrange(h)])
        unseen = sorted([sc for pile in s.piles for sc in pile] + s.boxed)
        shuffle(rng, unseen)
        k = 0
        for i, pile in enumerate(s.piles):
            s.piles[i] = unseen[k : k + len(pile)]
            k += len(pile)
        s.boxed = unseen[k:]
        return s

    def zones(self, state: RuseState, seat: int) -> dict[str, Zone]:
        """What ``seat`` sees and does not (``GameBase.zones``): every other player's
        hand, draw pile, face-down, tucked and secretly killed cards are one pool (their
        owner's unseen cards); the seat's own draw pile is shuffled alone; the score piles
        and the boxed score cards are one pool."""
        s = state
        out: dict[str, Zone] = {}
        for o in range(s.n_players):
            pool = f"cards:{o}" if o != seat else ""
            out[f"hand:{o}"] = Zone(tuple(sorted(s.hands[o])), o != seat, pool)
            out[f"deck:{o}"] = Zone(tuple(s.decks[o]), True, pool or f"deck:{o}", True)
            out[f"secret:{o}"] = Zone(tuple(sorted(s.secret[o])), o != seat, pool)
        for r in range(s.n_players):
            for i, c in enumerate(s.rows[r]):
                unseen = s.up[r][i] == DOWN and OWNER[c] != seat
                out[f"row:{r}:{i}"] = Zone((c,), unseen, f"cards:{OWNER[c]}" if unseen else "")
            for j, (_, c) in enumerate(s.tucks[r]):
                unseen = OWNER[c] != seat
                out[f"tuck:{r}:{j}"] = Zone((c,), unseen, f"cards:{OWNER[c]}" if unseen else "")
        for i, pile in enumerate(s.piles):
            out[f"score_pile:{i}"] = Zone(tuple(pile), True, "scores", True)
        out["boxed"] = Zone(tuple(sorted(s.boxed)), True, "scores")
        out["score_cards"] = Zone(tuple(s.row_score))
        p = s.pending
        if p is not None and p.kind == ROW:
            out["placing"] = Zone(
                (p.card,), p.seat != seat, f"cards:{p.seat}" if p.seat != seat else ""
            )
        return out
