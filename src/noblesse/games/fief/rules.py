"""The rules of Fief (spec: shared/specs/fief.md): setup and the §3 phase machine.

A turn is Announcements (marriages, the Pope's decrees, elections) → Cards → Income → Purchase
(ransoms, then purchases) → Movement → Battles (with sieges) → Pillage → End of turn.
Each phase visits the players in turn order (``s.cursor`` into ``order(s)``); ``offer``
sets the pending decision of the player at the cursor, or moves on when he has none.
An action sets the next decision itself (a sub-step) or clears ``s.kind``, and ``run``
drives the machine to the next decision.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from noblesse.core.events import Event
from noblesse.core.game import Action, GameBase
from noblesse.games.fief import actions as A
from noblesse.games.fief import (
    announce,
    battle,
    cards,
    cavalcade,
    disasters,
    dynasty,
    economy,
    fortune,
    intrigue,
    joan,
    movement,
    offers,
    roads,
    succession,
)
from noblesse.games.fief.control import next_placement, place_lord, settle
from noblesse.games.fief.endturn import end_turn, owner_of, sides, victors, victory_points
from noblesse.games.fief.state import (
    CARD_KIND,
    DATA,
    FIEF_OF,
    LORD_OF_CARD,
    NL,
    NV,
    SEATS,
    FiefState,
    new_state,
    order,
)

# Old option names still read from records and tables: the new name each stands for.
battle.wire(after_cavalcade=cavalcade.after_battle)

RENAMED = {"alternative_dice": "public_dice_faces"}

START = DATA.start


def _plague_loss(s: FiefState, p: int, a: Action, ev: list[Event]) -> None:
    """A unit the Plague takes, the owner's choice: where it struck, or on entering its
    bishopric, after which the lord's move or the fall back goes on."""
    if not s.entry_due:
        disasters.apply_plague_loss(s, p, a, ev)
        return
    lo, f, v, w, _ = s.entry_due
    if disasters.entry_choice(s, p, a == A.LOSE_K, ev):
        if lo >= 0:
            roads.arrived(s, lo, ev)
        else:
            battle.finish_withdrawal(s, f, v, w, ev)


INTRIGUE = {
    A.WINDOW: intrigue.apply_window, A.UPRISING_TARGET: intrigue.apply_uprising_target,
    A.UPRISING_FOE: intrigue.apply_uprising_foe, A.UPRISING_MORE: intrigue.apply_uprising_more,
    A.ASSASSIN_TARGET: intrigue.apply_assassin_target,
    A.ASSASSIN_MARKER: intrigue.apply_marker, A.JUSTICE_TARGET: intrigue.apply_justice,
    A.SP_ANSWER: intrigue.apply_sp_answer, A.BATTLE_WINDOW: intrigue.apply_battle_window,
    A.AMBUSH_CAPTURE: intrigue.apply_ambush_capture,
    A.AMBUSH_DECIDE: intrigue.apply_ambush_decide, A.LIFT_PURSUE: battle.apply_lift_pursue,
    A.JOIN_SIDE: battle.apply_join_side, A.PLAGUE_LOSS: _plague_loss,
    A.WITHDRAW_TO: battle.apply_withdraw_to, A.UPRISING_STOP: intrigue.apply_uprising_stop,
    A.LOSS_SHARE: battle.apply_side_loss, A.KEEPER: battle.apply_keeper,
    A.JOAN_TARGET: intrigue.apply_joan_target, A.PLACE_FREED: cards.apply_place_freed,
    A.ESCAPE_CHOICE: intrigue.apply_escape_choice,
    A.SIDE_CHANGE: battle.apply_side_change,
    A.CARDINAL_TARGET: dynasty.apply_cardinal_target, A.CARDINAL_CONSENT: dynasty.apply_consent,
    A.CARDINAL_REDIRECT: dynasty.apply_redirect, A.GRANTEE: dynasty.apply_grantee,
    A.CROWN_PRINCE: cards.apply_prince,
}


def start_villages(s: FiefState) -> list[int]:
    """§2.8: an empty village; with ``one_family_per_fief_start`` (§6 #21), not in a
    fief where another family already started."""
    out = [v for v in range(NV) if s.ctrl[v] < 0]
    if s.options.get("one_family_per_fief_start"):
        taken = {FIEF_OF[v] for v in range(NV) if s.ctrl[v] >= 0}
        out = [v for v in out if FIEF_OF[v] not in taken]
    return out


class FiefRules(GameBase):
    id = "fief"
    version = f"0.1+{DATA.digest}"
    title = {"en": "Fief: France 1429", "zh-TW": "封地：法蘭西1429"}
    min_players = DATA.min_players
    max_players = DATA.max_players
    action_names = A.ACTION_NAMES
    simulation_options = {"max_turns": 10}

    def options_schema(self) -> dict[str, Any]:
        """``max_turns``, ``fixed_starts``, then every §6 switch of ``data.toml``
        ``[switches]`` with its default there."""
        return {"max_turns": 0, "fixed_starts": False, **DATA.switches}

    # ================================================================ setup
    def setup(self, n_players: int, seed: int, options: dict[str, Any] | None = None,
              ) -> FiefState:
        if not self.min_players <= n_players <= self.max_players:
            raise ValueError(f"Fief is for {self.min_players}-{self.max_players} players, "
                             f"not {n_players}")
        schema = self.options_schema()
        options = {RENAMED.get(k, k): v for k, v in (options or {}).items()}
        unknown = set(options) - set(schema)
        if unknown:
            raise ValueError(f"unknown option(s) for Fief: {', '.join(sorted(unknown))}")
        opts = {**schema, **options}
        if not isinstance(opts["max_turns"], int) or opts["max_turns"] < 0:
            raise ValueError("max_turns must be a whole number of turns (0: no limit)")
        flags = [k for k in DATA.switches if not isinstance(opts[k], bool)]
        if flags:
            raise ValueError(f"Fief switches are true or false: {', '.join(flags)}")
        s = new_state(n_players, seed, opts)
        ev: list[Event] = []
        rng = s.rng
        s.lord_deck = DATA.deck("lord")
        s.fd_deck = DATA.deck("fortune")
        if opts["french_grey_counts"]:           # §6 #2 switched: 4 + 4 + 5 grey cards
            for key in DATA.rules["french_grey_removed"]:
                s.fd_deck.remove(DATA.card(key))
        rng.shuffle(s.lord_deck)
        rng.shuffle(s.fd_deck)
        s.first = rng.randrange(n_players)        # §2.8: the first player at random
        self._starting_lords(s, ev)
        if opts["fixed_starts"]:
            for p, v in zip(order(s), DATA.starts(n_players), strict=True):
                self._start_in(s, p, v, ev)
            s.phase, s.cursor = A.END_OF_TURN, 0
            self._next_phase(s, ev)
        else:
            s.phase, s.cursor = A.SETUP, 0
        self.run(s, ev)
        return s

    @staticmethod
    def _starting_lords(s: FiefState, ev: list[Event]) -> None:
        """§2.8: each player draws a lord card; Cardinal and d'Arc go back and are redrawn."""
        back: list[int] = []
        for p in order(s):
            while True:
                card = s.lord_deck.pop()
                if CARD_KIND[card] == "lord":
                    break
                back.append(card)
            lo = LORD_OF_CARD[card]
            s.l_owner[lo] = p
            ev.append(Event("start_lord", {"seat": p, "lord": lo}))
        if back:
            s.lord_deck.extend(back)
            s.rng.shuffle(s.lord_deck)

    @staticmethod
    def _start_in(s: FiefState, p: int, v: int, ev: list[Event]) -> None:
        """The start village: stronghold, knight, men-at-arms, the lord and the money."""
        lo = next(lo for lo in range(len(s.l_owner)) if s.l_owner[lo] == p)
        i = v * SEATS + p
        s.knights[i] += START["knights"]
        s.men_at_arms[i] += START["men_at_arms"]
        s.fort[v] = 1 if START["strongholds"] else 0
        s.money[p] += START["money"]
        s.stamp[i] = s.clock
        s.clock += 1
        place_lord(s, lo, v, ev)
        settle(s, v, ev)
        ev.append(Event("start_village", {"seat": p, "village": v}))

    # ================================================================ the machine
    def run(self, s: FiefState, ev: list[Event]) -> None:
        n = s.n_players
        while s.kind == A.NONE and not s.over:
            if s.place_due and next_placement(s, ev):
                break                       # a freed lord's family chooses where
            if s.cursor >= n:
                if s.phase == A.CARDS_PHASE and cards.next_step(s, ev):
                    continue                # the next step of the Cards phase
                if s.phase == A.ANNOUNCE and announce.next_step(s, ev):
                    continue                # the next step (or ballot) of the Announcements
                self._next_phase(s, ev)
                continue
            p = order(s)[s.cursor]
            s.actor = p
            if not self._offer(s, p, ev):
                s.cursor += 1
                if s.phase not in (A.CARDS_PHASE, A.ANNOUNCE):
                    s.battle_step = battle.BATTLING   # the next player's own steps
        succession.ask(s, ev)           # a dead lord's title: the owner picks the heir first

    def _offer(self, s: FiefState, p: int, ev: list[Event]) -> bool:
        phase = s.phase
        if phase == A.SETUP:
            s.kind = A.PICK_START
            return True
        if phase == A.ANNOUNCE:
            return announce.offer(s, p, ev)
        if phase == A.CARDS_PHASE:
            return cards.offer(s, p, ev)
        if phase == A.INCOME:
            s.window = [f for f in s.window if s.hand[f]]
            if s.window:
                s.kind, s.actor = A.WINDOW, s.window[0]
                return True
            economy.collect_income(s, ev)
            s.cursor = s.n_players
            return False
        if phase == A.RANSOMS:
            if economy.legal_ransom(s, p):
                s.kind = A.RANSOM
                return True
            return False
        if phase == A.PURCHASES:
            s.kind = A.PURCHASE
            return True
        if phase == A.MOVEMENT:
            if movement.may_move(s, p):
                s.kind = A.MOVE_SELECT
                return True
            return False
        if phase == A.BATTLES:
            if s.battle_step == battle.BATTLING:
                if battle.legal_battle(s, p):
                    s.kind = A.BATTLE_SELECT
                    return True
                s.battle_step = battle.SIEGING
                battle.flip_engines(s, p, ev)
            if battle.legal_siege(s, p):
                s.kind = A.SIEGE
                return True
            s.fought = s.truced = 0
            return False
        if phase == A.PILLAGES:
            if battle.legal_pillage(s, p):
                s.kind = A.PILLAGE
                return True
            return False
        return False

    def _next_phase(self, s: FiefState, ev: list[Event]) -> None:
        """Leave the current phase and open the next (§3)."""
        if s.phase == A.MOVEMENT:
            roads.end_movement(s)
        s.phase = A.ANNOUNCE if s.phase in (A.END_OF_TURN, A.SETUP) else s.phase + 1
        s.cursor, s.cards_step, s.battle_step = 0, cards.DISCARDING, battle.BATTLING
        phase = s.phase
        if phase == A.ANNOUNCE:
            s.turn += 1
            ev.append(Event("turn", {"turn": s.turn, "first": s.first}))
        offers.on_phase(s, ev)            # offers counted again, pacts expire or apply
        ev.append(Event("phase", {"phase": A.PHASE_NAMES[phase]}))
        if phase == A.ANNOUNCE:
            announce.open_phase(s)
        elif phase == A.INCOME:
            intrigue.open_window(s)           # the intrigue window, then the income
        elif phase == A.PURCHASES:
            s.new_units = [0] * (NV * SEATS)
            s.transferred = [0] * len(s.transferred)
        elif phase == A.MOVEMENT:
            roads.start_movement(s)
        elif phase == A.BATTLES:
            s.fought = s.truced = s.truce_broken = 0
        elif phase == A.END_OF_TURN:
            end_turn(s, ev)
            s.cursor = s.n_players

    # ================================================================ the contract
    def to_act(self, state: FiefState) -> tuple[int, ...]:
        if state.kind == A.BALLOT:       # a secret simultaneous ballot: who has not voted
            return tuple(announce.still_to_vote(state))
        return (state.actor,) if state.kind != A.NONE else ()

    def is_over(self, state: FiefState) -> bool:
        return state.over

    def scores(self, state: FiefState) -> list[float]:
        return [float(x) for x in victory_points(state)]

    def winners(self, state: FiefState) -> list[int]:
        if state.winner_list is not None:
            return list(state.winner_list)
        vp = victory_points(state)
        best = max(vp)
        return [f for f, x in enumerate(vp) if x == best]

    # how a game ends (§4.10): a side reaches its target alone or as a married pair,
    # holding the crown, the tiara, both or neither of them; or the turn limit is reached
    endings = {
        f"{who}{held}": {"en": f"victory {who_en}{held_en}", "zh-TW": f"{who_zh}獲勝{held_zh}"}
        for who, who_en, who_zh in (("alone", "alone", "單獨"),
                                    ("married", "by a married pair", "已婚的兩家"))
        for held, held_en, held_zh in (
            ("", "", ""), ("+king", " with the King", "，握有國王"),
            ("+pope", " with the Pope", "，握有教宗"),
            ("+king+pope", " with the King and the Pope", "，握有國王和教宗"))}
    endings["turn_limit"] = {"en": "the turn limit", "zh-TW": "已達回合上限"}

    def ending(self, state: FiefState) -> str:
        """``turn_limit``, or the winning route: alone or married, and which of the King
        and the Pope (each worth VP) the winning side holds."""
        s = state
        if not victors(s):
            return "turn_limit"
        won = set(self.winners(s))
        married = any(len(side) > 1 and set(side) <= won for side in sides(s))
        held = "".join(f"+{office}" for office, lo in (("king", s.king), ("pope", s.pope))
                       if owner_of(s, lo) in won)
        return ("married" if married else "alone") + held

    def _legal(self, state: FiefState, seat: int) -> list[Action]:
        legal = LEGAL.get(state.kind)
        out = legal(state, seat) if legal else []
        if state.kind in offers.WINDOWS and out:
            if state.kind != A.RANSOM:  # a captor may free a captive here (§7.3)
                out = out + economy.releases(state, seat)
            out = out + offers.openers(state, seat)  # §7.4: an offer may open here
        return out

    def _apply(self, state: FiefState, seat: int, action: Action) -> list[Event]:
        s, k = state, state.kind
        ev: list[Event] = []
        if k in offers.KINDS or action >= A.OFFER_TO0:
            offers.apply(s, seat, action, ev)
            if s.kind in offers.WINDOWS and not LEGAL[s.kind](s, s.actor):
                s.kind = A.NONE           # what the offer did ended the decision
        elif k in offers.WINDOWS and k != A.RANSOM and A.RELEASE0 <= action < A.RELEASE0 + NL:
            economy.release(s, seat, action - A.RELEASE0, ev)  # then the decision again
            if not LEGAL[k](s, seat):
                s.kind = A.NONE
        else:
            s.kind = A.NONE
            if APPLY[k](s, seat, action, ev):   # the decision is done: next in turn
                s.kind = A.NONE
                s.cursor += 1
                s.battle_step = battle.BATTLING
        self.run(s, ev)
        if not s.over:
            s.vp = victory_points(s)      # titles change mid-turn: VP shown as they stand
        return ev


# ==================================================================== the decisions
def _move_lord(s: FiefState, p: int, a: Action, ev: list[Event]) -> None:
    s.kind = A.MOVE_LORD            # a lord keeps moving until he says he is done
    movement.apply_move_lord(s, p, a, ev)


def _pick_start(s: FiefState, p: int, a: Action, ev: list[Event]) -> bool:
    FiefRules._start_in(s, p, a - A.START0, ev)
    return True


def _battle(s: FiefState, p: int, a: Action, ev: list[Event]) -> bool:
    """Declaring the last battle ends the battling; the player's sieges follow."""
    if battle.apply_battle(s, p, a, ev):
        s.battle_step = battle.SIEGING
        battle.flip_engines(s, p, ev)
    return False


def _siege(s: FiefState, p: int, a: Action, ev: list[Event]) -> bool:
    if battle.apply_siege(s, p, a, ev):
        s.fought = s.truced = 0
        return True
    return False


def _fixed(*actions: int) -> Callable[[FiefState, int], list[Action]]:
    return lambda s, p: list(actions)


def _of_state(legal: Callable[[FiefState], list[Action]]
              ) -> Callable[[FiefState, int], list[Action]]:
    return lambda s, p: legal(s)


LEGAL: dict[int, Callable[[FiefState, int], list[Action]]] = {
    A.MOVE_LORD: movement.legal_move_lord, A.PURCHASE: dynasty.legal_purchase,
    A.ROUND_ATT: _of_state(battle.legal_round_att),
    A.ROUND_DEF: _of_state(battle.legal_round_def),
    A.MOVE_SELECT: movement.legal_select,
    A.PICK_START: lambda s, p: [A.START0 + v for v in start_villages(s)],
    A.DISCARD: lambda s, p: cards.legal_discard(s, p, True),
    A.HAND_LIMIT: lambda s, p: cards.legal_discard(s, p, False),
    A.DRAW: _of_state(cards.legal_draw), A.PLAY: cards.legal_play, A.PLACE: cards.legal_place,
    A.RANSOM: economy.legal_ransom, A.HOLDER: economy.legal_holder,
    A.CITY: economy.legal_city, A.PERMIT: _of_state(movement.legal_permit),
    A.REFUSED: movement.legal_refused, A.BATTLE_SELECT: battle.legal_battle,
    A.BATTLE_FOE: battle.legal_foe, A.TRUCE_ANSWER: _fixed(A.TRUCE_YES, A.TRUCE_NO),
    A.PURSUE_CHOICE: _fixed(A.PURSUE, A.LET_GO), A.LORD_DEATH: _of_state(battle.legal_death),
    A.SIEGE: battle.legal_siege, A.PILLAGE: battle.legal_pillage,
    A.TARGET_BISHOPRIC: _of_state(fortune.legal_bishopric),
    A.FORTUNE_EFFECT: _fixed(A.EFFECT_CANCEL, A.EFFECT_BONUS),
    A.TALLAGE: fortune.legal_tallage, A.WINDOW: intrigue.legal_window,
    A.UPRISING_TARGET: intrigue.legal_uprising_target,
    A.UPRISING_FOE: _of_state(intrigue.legal_uprising_foe),
    A.UPRISING_MORE: intrigue.legal_uprising_more,
    A.ASSASSIN_TARGET: intrigue.legal_assassin_target, A.ASSASSIN_MARKER: intrigue.legal_marker,
    A.JUSTICE_TARGET: _of_state(intrigue.legal_justice), A.SP_ANSWER: intrigue.legal_sp_answer,
    A.BATTLE_WINDOW: intrigue.legal_battle_window,
    A.AMBUSH_CAPTURE: intrigue.legal_ambush_capture,
    A.AMBUSH_DECIDE: _fixed(A.AMBUSH_GO_ON, A.AMBUSH_END),
    A.LIFT_PURSUE: _fixed(A.PURSUE, A.LET_GO),
    A.JOIN_SIDE: battle.legal_join_side, A.SIDE_CHANGE: battle.legal_side_change,
    A.PLAGUE_LOSS: _of_state(disasters.legal_plague_loss),
    A.WITHDRAW_TO: _of_state(battle.legal_withdraw_to),
    A.UPRISING_STOP: _fixed(A.PASS, A.STOP_UPRISING),
    A.LOSS_SHARE: _of_state(battle.legal_side_loss), A.KEEPER: _of_state(battle.legal_keeper),
    A.JOAN_TARGET: _of_state(joan.legal_target),
    A.TITLE_HEIR: _of_state(succession.legal_heir),
    A.PLACE_FREED: cards.legal_place_freed,
    A.ESCAPE_CHOICE: intrigue.legal_escape_choice,
    A.PROPOSAL: announce.legal_proposal, A.PARTNER: announce.legal_partner,
    A.MARRIAGE_ANSWER: _fixed(A.MARRY_YES, A.MARRY_NO), A.POPE_DECREE: announce.legal_decree,
    A.ANNULMENT_REQUEST: _fixed(A.PASS, A.ANNUL_ASK),
    A.ANNULMENT_ANSWER: _fixed(A.ANNUL_YES, A.ANNUL_NO),
    A.CANDIDACY: announce.legal_candidacy, A.BALLOT: announce.legal_ballot,
    A.CROWN_PRINCE: _fixed(A.PRINCE_YES, A.PRINCE_NO),
    A.CARDINAL_TARGET: _of_state(dynasty.legal_cardinal_target),
    A.CARDINAL_CONSENT: _fixed(A.CONSENT_YES, A.CONSENT_NO),
    A.CARDINAL_REDIRECT: _of_state(dynasty.legal_redirect),
    A.GRANTEE: _of_state(dynasty.legal_grantee),
    A.OFFER_COMPOSE: offers.legal_compose, A.OFFER_ANSWER: offers.legal_answer,
}
"""The legal actions of each kind of decision, for the seat that must take it."""

APPLY: dict[int, Callable[[FiefState, int, Action, list[Event]], bool | None]] = {
    A.MOVE_LORD: _move_lord, A.PURCHASE: dynasty.apply_purchase,
    A.ROUND_ATT: battle.apply_round_att, A.ROUND_DEF: battle.apply_round_def,
    A.MOVE_SELECT: movement.apply_select, A.PICK_START: _pick_start,
    A.DISCARD: cards.apply_discard, A.HAND_LIMIT: cards.apply_discard,
    A.DRAW: cards.apply_draw, A.PLAY: cards.apply_play, A.PLACE: cards.apply_place,
    A.RANSOM: economy.apply_ransom, A.HOLDER: economy.apply_holder,
    A.CITY: economy.apply_city, A.PERMIT: movement.apply_permit,
    A.REFUSED: movement.apply_refused, A.BATTLE_SELECT: _battle,
    A.BATTLE_FOE: battle.apply_foe, A.TRUCE_ANSWER: battle.apply_truce_answer,
    A.PURSUE_CHOICE: battle.apply_pursue, A.LORD_DEATH: battle.apply_death,
    A.SIEGE: _siege, A.PILLAGE: battle.apply_pillage,
    A.TARGET_BISHOPRIC: fortune.apply_bishopric, A.FORTUNE_EFFECT: fortune.apply_effect,
    A.TALLAGE: fortune.apply_tallage, A.TITLE_HEIR: succession.apply_heir, **INTRIGUE,
    A.PROPOSAL: announce.apply_proposal, A.PARTNER: announce.apply_partner,
    A.MARRIAGE_ANSWER: announce.apply_marriage_answer, A.POPE_DECREE: announce.apply_decree,
    A.ANNULMENT_REQUEST: announce.apply_annulment_request,
    A.ANNULMENT_ANSWER: announce.apply_annulment_answer,
    A.CANDIDACY: announce.apply_candidacy, A.BALLOT: announce.apply_ballot,
}
"""What each kind of decision does; a true result means the player is done in this
phase and the turn order moves on."""
