"""The rules of Fief (spec: shared/specs/fief.md): setup and the §3 phase machine.

A turn is Announcements (a marker until the next issue) → Cards → Income → Purchase
(ransoms, then purchases) → Movement → Battles (with sieges) → Pillage → End of turn.
Each phase visits the players in turn order (``s.cursor`` into ``order(s)``); ``offer``
sets the pending decision of the player at the cursor, or moves on when he has none.
An action sets the next decision itself (a sub-step) or clears ``s.kind``, and ``run``
drives the machine to the next decision.
"""

from __future__ import annotations

from typing import Any

from noblesse.core.events import Event
from noblesse.core.game import Action, GameBase
from noblesse.games.fief import actions as A
from noblesse.games.fief import (
    battle,
    cards,
    disasters,
    economy,
    fortune,
    intrigue,
    joan,
    movement,
)
from noblesse.games.fief.control import place_lord, settle
from noblesse.games.fief.endturn import end_turn, victory_points
from noblesse.games.fief.state import (
    ASSUMED,
    CARD_KIND,
    DATA,
    FIEF_OF,
    LORD_OF_CARD,
    NV,
    SEATS,
    FiefState,
    new_state,
    order,
)

START = DATA.start
INTRIGUE = {
    A.WINDOW: intrigue.apply_window, A.UPRISING_TARGET: intrigue.apply_uprising_target,
    A.UPRISING_FOE: intrigue.apply_uprising_foe, A.UPRISING_MORE: intrigue.apply_uprising_more,
    A.ASSASSIN_TARGET: intrigue.apply_assassin_target,
    A.ASSASSIN_MARKER: intrigue.apply_marker, A.JUSTICE_TARGET: intrigue.apply_justice,
    A.SP_ANSWER: intrigue.apply_sp_answer, A.BATTLE_WINDOW: intrigue.apply_battle_window,
    A.AMBUSH_CAPTURE: intrigue.apply_ambush_capture,
    A.AMBUSH_DECIDE: intrigue.apply_ambush_decide, A.LIFT_PURSUE: battle.apply_lift_pursue,
    A.JOIN_SIDE: battle.apply_join_side, A.PLAGUE_LOSS: disasters.apply_plague_loss,
    A.WITHDRAW_TO: battle.apply_withdraw_to, A.UPRISING_STOP: intrigue.apply_uprising_stop,
    A.LOSS_SHARE: battle.apply_side_loss, A.KEEPER: battle.apply_keeper,
    A.JOAN_TARGET: joan.apply_target,
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
        return {"max_turns": 0, "fixed_starts": False, "alternative_dice": False,
                "one_family_per_fief_start": bool(ASSUMED["one_family_per_fief_start"])}

    # ================================================================ setup
    def setup(self, n_players: int, seed: int, options: dict[str, Any] | None = None,
              ) -> FiefState:
        if not self.min_players <= n_players <= self.max_players:
            raise ValueError(f"Fief is for {self.min_players}-{self.max_players} players, "
                             f"not {n_players}")
        schema = self.options_schema()
        unknown = set(options or {}) - set(schema)
        if unknown:
            raise ValueError(f"unknown option(s) for Fief: {', '.join(sorted(unknown))}")
        opts = {**schema, **(options or {})}
        if not isinstance(opts["max_turns"], int) or opts["max_turns"] < 0:
            raise ValueError("max_turns must be a whole number of turns (0: no limit)")
        s = new_state(n_players, seed, opts)
        ev: list[Event] = []
        rng = s.rng
        s.lord_deck = DATA.deck("lord")
        s.fd_deck = DATA.deck("fortune")
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
        s.K[i] += START["knights"]
        s.M[i] += START["men_at_arms"]
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
            if s.cursor >= n:
                self._next_phase(s, ev)
                continue
            p = order(s)[s.cursor]
            s.actor = p
            if not self._offer(s, p, ev):
                s.cursor += 1
                s.mode = 0

    def _offer(self, s: FiefState, p: int, ev: list[Event]) -> bool:
        phase = s.phase
        if phase == A.SETUP:
            s.kind = A.PICK_START
            return True
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
            if movement.movable_lords(s, p):
                s.kind = A.MOVE_SELECT
                return True
            return False
        if phase == A.BATTLES:
            if s.mode == battle.BATTLING:
                if battle.legal_battle(s, p):
                    s.kind = A.BATTLE_SELECT
                    return True
                s.mode = battle.SIEGING
                battle.flip_engines(s, p, ev)
            if battle.legal_siege(s, p):
                s.kind = A.SIEGE
                return True
            s.fought = 0
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
            movement.end_movement(s)
        s.phase = A.ANNOUNCE if s.phase in (A.END_OF_TURN, A.SETUP) else s.phase + 1
        s.cursor, s.mode = 0, 0
        phase = s.phase
        if phase == A.ANNOUNCE:
            s.turn += 1
            ev.append(Event("turn", {"turn": s.turn, "first": s.first}))
        ev.append(Event("phase", {"phase": A.PHASE_NAMES[phase]}))
        if phase == A.ANNOUNCE:
            s.cursor = s.n_players      # nothing to announce until the next issue
        elif phase == A.INCOME:
            intrigue.open_window(s)           # the intrigue window, then the income
        elif phase == A.PURCHASES:
            s.new_units = [0] * (NV * SEATS)
            s.transferred = [0] * len(s.transferred)
        elif phase == A.MOVEMENT:
            movement.start_movement(s)
        elif phase == A.BATTLES:
            s.fought = 0
        elif phase == A.END_OF_TURN:
            end_turn(s, ev)
            s.cursor = s.n_players

    # ================================================================ the contract
    def to_act(self, state: FiefState) -> tuple[int, ...]:
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

    def _legal(self, state: FiefState, seat: int) -> list[Action]:
        s, k = state, state.kind
        if k == A.MOVE_LORD:
            return movement.legal_move_lord(s, seat)
        if k == A.PURCHASE:
            return economy.legal_purchase(s, seat)
        if k == A.ROUND_ATT:
            return battle.legal_round_att(s)
        if k == A.ROUND_DEF:
            return battle.legal_round_def(s)
        if k == A.MOVE_SELECT:
            return movement.legal_select(s, seat)
        if k == A.PICK_START:
            return [A.START0 + v for v in start_villages(s)]
        if k == A.DISCARD:
            return cards.legal_discard(s, seat, True)
        if k == A.HAND_LIMIT:
            return cards.legal_discard(s, seat, False)
        if k == A.DRAW:
            return cards.legal_draw(s)
        if k == A.PLAY:
            return cards.legal_play(s, seat)
        if k == A.PLACE:
            return cards.legal_place(s, seat)
        if k == A.RANSOM:
            return economy.legal_ransom(s, seat)
        if k == A.HOLDER:
            return economy.legal_holder(s, seat)
        if k == A.CITY:
            return economy.legal_city(s, seat)
        if k == A.PERMIT:
            return movement.legal_permit(s)
        if k == A.REFUSED:
            return movement.legal_refused(s, seat)
        if k == A.BATTLE_SELECT:
            return battle.legal_battle(s, seat)
        if k == A.BATTLE_FOE:
            return battle.legal_foe(s, seat)
        if k == A.TRUCE_ANSWER:
            return [A.TRUCE_YES, A.TRUCE_NO]
        if k == A.PURSUE_CHOICE:
            return [A.PURSUE, A.LET_GO]
        if k == A.LORD_DEATH:
            return battle.legal_death(s)
        if k == A.SIEGE:
            return battle.legal_siege(s, seat)
        if k == A.PILLAGE:
            return battle.legal_pillage(s, seat)
        if k == A.TARGET_BISHOPRIC:
            return fortune.legal_bishopric(s)
        if k == A.FORTUNE_EFFECT:
            return [A.EFFECT_CANCEL, A.EFFECT_BONUS]
        if k == A.TALLAGE:
            return fortune.legal_tallage(s, seat)
        if k == A.WINDOW:
            return intrigue.legal_window(s, seat)
        if k == A.UPRISING_TARGET:
            return intrigue.legal_uprising_target(s, seat)
        if k == A.UPRISING_FOE:
            return intrigue.legal_uprising_foe(s)
        if k == A.UPRISING_MORE:
            return intrigue.legal_uprising_more(s, seat)
        if k == A.ASSASSIN_TARGET:
            return intrigue.legal_assassin_target(s, seat)
        if k == A.ASSASSIN_MARKER:
            return intrigue.legal_marker(s, seat)
        if k == A.JUSTICE_TARGET:
            return intrigue.legal_justice(s)
        if k == A.SP_ANSWER:
            return intrigue.legal_sp_answer(s, seat)
        if k == A.BATTLE_WINDOW:
            return intrigue.legal_battle_window(s, seat)
        if k == A.AMBUSH_CAPTURE:
            return intrigue.legal_ambush_capture(s, seat)
        if k == A.AMBUSH_DECIDE:
            return [A.AMBUSH_GO_ON, A.AMBUSH_END]
        if k == A.LIFT_PURSUE:
            return [A.PURSUE, A.LET_GO]
        if k == A.JOIN_SIDE:
            return [A.SIDE_ATT, A.SIDE_DEF, A.SIDE_NONE]
        if k == A.PLAGUE_LOSS:
            return disasters.legal_plague_loss(s)
        if k == A.WITHDRAW_TO:
            return battle.legal_withdraw_to(s)
        if k == A.UPRISING_STOP:
            return [A.PASS, A.STOP_UPRISING]
        if k == A.LOSS_SHARE:
            return battle.legal_side_loss(s)
        if k == A.KEEPER:
            return battle.legal_keeper(s)
        if k == A.JOAN_TARGET:
            return joan.legal_target(s)
        return []

    def _apply(self, state: FiefState, seat: int, action: Action) -> list[Event]:
        s, k = state, state.kind
        ev: list[Event] = []
        s.kind = A.NONE
        done = False
        if k == A.MOVE_LORD:
            s.kind = A.MOVE_LORD
            movement.apply_move_lord(s, seat, action, ev)
        elif k == A.PURCHASE:
            done = economy.apply_purchase(s, seat, action, ev)
        elif k == A.ROUND_ATT:
            battle.apply_round_att(s, seat, action, ev)
        elif k == A.ROUND_DEF:
            battle.apply_round_def(s, seat, action, ev)
        elif k == A.MOVE_SELECT:
            done = movement.apply_select(s, seat, action, ev)
        elif k == A.PICK_START:
            self._start_in(s, seat, action - A.START0, ev)
            done = True
        elif k in (A.DISCARD, A.HAND_LIMIT):
            cards.apply_discard(s, seat, action, ev)
        elif k == A.DRAW:
            cards.apply_draw(s, seat, action, ev)
        elif k == A.PLAY:
            cards.apply_play(s, seat, action, ev)
        elif k == A.PLACE:
            cards.apply_place(s, seat, action, ev)
        elif k == A.RANSOM:
            done = economy.apply_ransom(s, seat, action, ev)
        elif k == A.HOLDER:
            economy.apply_holder(s, seat, action, ev)
        elif k == A.CITY:
            economy.apply_city(s, seat, action, ev)
        elif k == A.PERMIT:
            movement.apply_permit(s, seat, action, ev)
        elif k == A.REFUSED:
            movement.apply_refused(s, seat, action, ev)
        elif k == A.BATTLE_SELECT:
            done = battle.apply_battle(s, seat, action, ev)
            if done:
                s.mode = battle.SIEGING
                battle.flip_engines(s, seat, ev)
                done = False
        elif k == A.BATTLE_FOE:
            battle.apply_foe(s, seat, action, ev)
        elif k == A.TRUCE_ANSWER:
            battle.apply_truce_answer(s, seat, action, ev)
        elif k == A.PURSUE_CHOICE:
            battle.apply_pursue(s, seat, action, ev)
        elif k == A.LORD_DEATH:
            battle.apply_death(s, seat, action, ev)
        elif k == A.SIEGE:
            s.kind = A.NONE
            if battle.apply_siege(s, seat, action, ev):
                s.fought = 0
                done = True
        elif k == A.PILLAGE:
            done = battle.apply_pillage(s, seat, action, ev)
        elif k == A.TARGET_BISHOPRIC:
            fortune.apply_bishopric(s, seat, action, ev)
        elif k == A.FORTUNE_EFFECT:
            fortune.apply_effect(s, seat, action, ev)
        elif k == A.TALLAGE:
            fortune.apply_tallage(s, seat, action, ev)
        elif k >= A.WINDOW:
            INTRIGUE[k](s, seat, action, ev)
        if done:
            s.kind = A.NONE
            s.cursor += 1
            s.mode = 0
        self.run(s, ev)
        if not s.over:
            s.vp = victory_points(s)      # titles change mid-turn: VP shown as they stand
        return ev
