"""The rules of Fief (spec: shared/specs/fief.md): setup and the §3 phase machine.

A turn is Announcements (marriages, the Pope's decrees, elections) → Cards → Income → Purchase
(ransoms, then purchases) → Movement → Battles (with sieges) → Pillage → End of turn.
Each phase (its record in ``flow.PHASES``) visits the players in turn order (``s.cursor``
into ``order(s)``); its ``offer`` sets the pending decision of the player at the cursor, or
moves on when he has none. An action (its decision's record in ``flow.DECISIONS``) sets the
next decision itself (a sub-step) or clears ``s.kind``, and ``run`` drives the machine to
the next decision.
"""

from __future__ import annotations

from typing import Any

from noblesse.core.events import Event
from noblesse.core.game import Action, GameBase
from noblesse.core.rng import Seed, shuffle
from noblesse.games.fief import actions as A
from noblesse.games.fief import (
    announce,
    battle,
    cards,
    cavalcade,
    economy,
    intrigue,
    offers,
    succession,
)
from noblesse.games.fief.control import next_placement, start_in
from noblesse.games.fief.endturn import sides, victors
from noblesse.games.fief.flow import DECISIONS, OFFER_KINDS, PHASES, VOTED
from noblesse.games.fief.state import (
    CARD_KIND,
    DATA,
    LORD_OF_CARD,
    NL,
    FiefState,
    new_state,
    order,
    owner_of,
)

battle.wire(after_cavalcade=cavalcade.after_battle)

# Old option names still read from records and tables: the new name each stands for.
RENAMED = {"alternative_dice": "public_dice_faces"}


class FiefRules(GameBase[FiefState]):
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
    def setup(
        self,
        n_players: int,
        seed: Seed,
        options: dict[str, Any] | None = None,
    ) -> FiefState:
        if not self.min_players <= n_players <= self.max_players:
            raise ValueError(
                f"Fief is for {self.min_players}-{self.max_players} players, not {n_players}"
            )
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
        if opts["french_grey_counts"]:  # §6 #2 switched: 4 + 4 + 5 grey cards
            for key in DATA.rules["french_grey_removed"]:
                s.fd_deck.remove(DATA.card(key))
        shuffle(rng, s.lord_deck)
        shuffle(rng, s.fd_deck)
        s.first = rng.randrange(n_players)  # §2.8: the first player at random
        self._starting_lords(s, ev)
        if opts["fixed_starts"]:
            for p, v in zip(order(s), DATA.starts(n_players), strict=True):
                start_in(s, p, v, ev)
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
            shuffle(s.rng, s.lord_deck)

    # ================================================================ the machine
    def run(self, s: FiefState, ev: list[Event]) -> None:
        """Drive the phases (``flow.PHASES``) until a decision is pending or the game is
        over: the player at the cursor is asked his decision of the phase, or the cursor
        moves on; once the table has gone round, the phase's next step or the next phase."""
        n = s.n_players
        while s.kind == A.NONE and not s.over:
            if s.place_due and next_placement(s, ev):
                break  # a freed lord's family chooses where
            if s.interrupted:  # a green card of the battle window resolved
                intrigue.back_to_battle(s, ev)
                continue
            if s.react and not intrigue.at_windows(s) and intrigue.open_reaction(s):
                break  # §4.12: the any-time cards answer an event
            phase = PHASES[s.phase]
            if s.cursor >= n:
                if phase.more is not None and phase.more(s, ev):
                    continue  # the next step of the phase
                self._next_phase(s, ev)
                continue
            p = order(s)[s.cursor]
            s.actor = p
            if not phase.offer(s, p, ev):
                s.cursor += 1
                if phase.more is None:
                    s.battle_step = battle.BATTLING  # the next player's own steps
        if s.heir_due:
            succession.ask(s, ev)  # a dead lord's title: the owner picks the heir first

    def _next_phase(self, s: FiefState, ev: list[Event]) -> None:
        """Leave the current phase and open the one after it (§3)."""
        leaving = PHASES[s.phase]
        if leaving.leave is not None:
            leaving.leave(s)
        phase = PHASES[leaving.after]
        s.phase = phase.phase
        s.cursor, s.cards_step, s.battle_step = 0, cards.DISCARDING, battle.BATTLING
        if phase.opens_turn:
            s.turn += 1
            ev.append(Event("turn", {"turn": s.turn, "first": s.first}))
        offers.on_phase(s, ev)  # offers counted again, pacts expire or apply
        ev.append(Event("phase", {"phase": phase.name}))
        s.react = True  # a phase begins: a public event (§4.12)
        if phase.enter is not None:
            phase.enter(s, ev)

    # ================================================================ the contract
    def to_act(self, state: FiefState) -> tuple[int, ...]:
        if state.kind in VOTED:  # a secret simultaneous ballot: who has not voted
            return tuple(announce.still_to_vote(state))
        return (state.actor,) if state.kind != A.NONE else ()

    def is_over(self, state: FiefState) -> bool:
        return state.over

    def scores(self, state: FiefState) -> list[float]:
        return [float(x) for x in state.vp]

    def winners(self, state: FiefState) -> list[int]:
        if state.winner_list is not None:
            return list(state.winner_list)
        vp = state.vp
        best = max(vp)
        return [f for f, x in enumerate(vp) if x == best]

    # how a game ends (§4.10): a side reaches its target alone or as a married pair,
    # holding the crown, the tiara, both or neither of them; or the turn limit is reached
    endings = {
        f"{who}{held}": {"en": f"victory {who_en}{held_en}", "zh-TW": f"{who_zh}獲勝{held_zh}"}
        for who, who_en, who_zh in (
            ("alone", "alone", "單獨"),
            ("married", "by a married pair", "已婚的兩家"),
        )
        for held, held_en, held_zh in (
            ("", "", ""),
            ("+king", " with the King", "，握有國王"),
            ("+pope", " with the Pope", "，握有教宗"),
            ("+king+pope", " with the King and the Pope", "，握有國王和教宗"),
        )
    }
    endings["turn_limit"] = {"en": "the turn limit", "zh-TW": "已達回合上限"}

    def ending(self, state: FiefState) -> str:
        """``turn_limit``, or the winning route: alone or married, and which of the King
        and the Pope (each worth VP) the winning side holds."""
        s = state
        if not victors(s):
            return "turn_limit"
        won = set(self.winners(s))
        married = any(len(side) > 1 and set(side) <= won for side in sides(s))
        held = "".join(
            f"+{office}"
            for office, lo in (("king", s.king), ("pope", s.pope))
            if owner_of(s, lo) in won
        )
        return ("married" if married else "alone") + held

    def _legal(self, state: FiefState, seat: int) -> list[Action]:
        d = DECISIONS[state.kind]
        out = d.legal(state, seat)
        if d.offers and out:
            if d.frees:  # a captor may free a captive here (§7.3)
                out = out + economy.releases(state, seat)
            out = out + offers.openers(state, seat)  # §7.4: an offer may open here
        if d.anytime and out and not intrigue.at_windows(state):
            out = out + intrigue.anytime_plays(state, seat)  # §4.12: a green card
        return out

    def _apply(self, state: FiefState, seat: int, action: Action) -> list[Event]:
        s, d = state, DECISIONS[state.kind]
        ev: list[Event] = []
        if d.kind in OFFER_KINDS or action >= A.OFFER_TO0:
            offers.apply(s, seat, action, ev)
            if s.kind in OFFER_KINDS:  # opened, a term added, sent: only the offer changed
                return ev
            now = DECISIONS[s.kind]  # an accepted offer alone changes the table
            if action == A.OFFER_ACCEPT and now.offers and not now.legal(s, s.actor):
                s.kind = A.NONE  # what the offer did ended the decision
        elif d.anytime and intrigue.is_anytime(action):
            s.kind = A.NONE  # the card, then the decision again
            intrigue.play_anytime(s, seat, action, ev)
        elif d.frees and A.RELEASE0 <= action < A.RELEASE0 + NL:
            economy.release(s, seat, action - A.RELEASE0, ev)  # then the decision again
            if not d.legal(s, seat):
                s.kind = A.NONE
        else:
            s.kind = A.NONE
            if d.apply(s, seat, action, ev):  # the decision is done: next in turn
                s.kind = A.NONE
                s.cursor += 1
                s.battle_step = battle.BATTLING
        self.run(s, ev)
        return ev
