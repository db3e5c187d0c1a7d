"""What each seat sees of a Fief table, resampling for ISMCTS, and the words (en, zh-TW).

Public (spec §7.1): the whole board (control, troops, lords with their titles and
captivity, mills, strongholds and cities, siege engines, disasters and bonuses), every
family's money, hand sizes per deck back, discard piles, deck sizes. A hand is shown
only to its owner; the order of the decks to nobody. ``determinize`` deals the cards a
seat cannot see (the decks and the other hands, each hand keeping its number of cards
of each back), the others' secret ballots and an offer's hidden terms again at random.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from noblesse.core.errors import IllegalAction
from noblesse.core.game import Zone
from noblesse.core.rng import shuffle
from noblesse.core.text import (
    amount,
    is_zh,
    join,
    join_and,
    pick,
    quoted,
    relabel,
    seat_name,
    winners_phrase,
)
from noblesse.games.fief import actions as A
from noblesse.games.fief import announce, offers, promises
from noblesse.games.fief.cards import STEP_NAMES
from noblesse.games.fief.crown import BY_BIRETTA, BY_CARD
from noblesse.games.fief.data import DATA_FILE
from noblesse.games.fief.dynasty import red_hat_pending
from noblesse.games.fief.endturn import rank_key, victors
from noblesse.games.fief.flow import DECISIONS, PHASE_NAMES
from noblesse.games.fief.no_move import NoMove, Standstill, why_no_move
from noblesse.games.fief.state import (
    BOARD,
    CARD_DECK,
    CARD_KIND,
    CARDS,
    DATA,
    LORDS,
    NB,
    NF,
    NL,
    NV,
    SEATS,
    VP_KING,
    VP_POPE,
    VP_REGENT,
    VP_TITLE,
    FiefState,
    besieged,
    owner_of,
    the_offer,
)

VILLAGES, FIEFS, BISHOPRICS = BOARD.villages, BOARD.fiefs, BOARD.bishoprics
LORD_CARDS = [CARDS[c] for c in LORDS]
HEAVY_RAIN = DATA.card("heavy_rain")


def _n(item: Any, lang: str) -> str:
    return pick(item.en, item.zh, lang)


def village_name(v: int, lang: str = "en") -> str:
    return _n(VILLAGES[v], lang)


def lord_name(lo: int, lang: str = "en") -> str:
    return _n(LORD_CARDS[lo], lang)


def card_name(c: int, lang: str = "en") -> str:
    return _n(CARDS[c], lang)


def _key(lo: int) -> str | None:
    """A lord's key, or None for -1 (a vacant office, no lord)."""
    return LORD_CARDS[lo].key if lo >= 0 else None


def _keys(cards: list[int]) -> list[str]:
    return sorted(CARDS[c].key for c in cards)


def _terms(names: list[str]) -> list[dict[str, str]]:
    return [{"term": x, "en": term_text(x, "en"), "zh-TW": term_text(x, "zh-TW")} for x in names]


def _offer(s: FiefState, seat: int | None) -> dict[str, Any] | None:
    """The offer being made, to its author and (once sent) its recipient only (§7.1)."""
    o = s.offer
    if o is None or seat is None:
        return None
    sent = s.kind == A.OFFER_ANSWER
    if seat != o.author and not (sent and seat == o.recipient):
        return None
    return {
        "from": o.author,
        "to": o.recipient,
        "sent": sent,
        "terms": _terms(offers.term_names(o.terms)),
        "pending": A.ACTION_NAMES[o.open_term] if o.open_term >= 0 else None,
    }


FATE_TEXT = (("open", "未定"), ("kept", "已遵守"), ("broken", "已違背"), ("lapsed", "已失效"))


def _ranking(s: FiefState, winners: list[int]) -> list[int]:
    """The final order for the game-over screen: the winners, then every other family by
    VP and the source's tie-break order (§4.10, ``endturn.rank_key``), seat order last."""
    rest = sorted(
        (f for f in range(s.n_players) if f not in winners),
        key=lambda f: (tuple(-x for x in rank_key(s, f)), f),
    )
    return [*winners, *rest]


def _promises(s: FiefState, seat: int | None) -> list[dict[str, Any]]:
    """Promises recorded in accepted offers (``from``: who promised), with what became
    of them, shown to the two parties only (§7.1)."""
    return [
        {
            "from": p,
            "to": q,
            "turn": turn,
            "until": turn + promises.PROMISE_TURNS,
            "state": promises.FATES[fate],
            "state_text": {"en": FATE_TEXT[fate][0], "zh-TW": FATE_TEXT[fate][1]},
            **_terms([A.ACTION_NAMES[act]])[0],
        }
        for p, q, act, turn, fate, _ in s.promises
        if seat in (p, q)
    ]


def end_points(s: FiefState, seat: int) -> dict[str, Any]:
    """Where a family's victory points come from, for the end's score table (§4.10): each
    fief title its lords hold, the King, the Pope and the Queen Regent."""
    titles = [
        [FIEFS[f].key, VP_TITLE]
        for f in range(NF)
        if s.fief_holder[f] >= 0 and s.l_owner[s.fief_holder[f]] == seat
    ]
    out: dict[str, Any] = {"fief_titles": titles}
    for name, lo, points in (("king", s.king, VP_KING), ("pope", s.pope, VP_POPE)):
        if owner_of(s, lo) == seat:
            out[name] = points
    if s.regent and s.options["queen_regent_vp"] and owner_of(s, s.queen) == seat:
        out["queen_regent"] = VP_REGENT
    return out


def _compose_offer(s: FiefState, rng: random.Random) -> None:
    """An offer the seat is not shown (§7.1) composed anew: its author adds a random
    number of terms (at least one once sent), each at random among those he may add
    in this world (``offers.legal_compose``), a two-step term with its second half; a
    second half may be left to choose while the offer is being made. Only who made it,
    to whom, and whether it was sent are known."""
    offer = the_offer(s)
    a, r, sent = offer.author, offer.recipient, s.kind == A.OFFER_ANSWER
    offer = s.offer = offers.open_offer(s, a, r)
    steps = rng.randint(1 if sent else 0, 2 * offers.TERMS_MAX)
    dead: set[int] = set()  # two-step terms with no second half possible
    while steps > 0 or (sent and (not offer.terms or offer.open_term >= 0)):
        steps -= 1
        acts = [
            x
            for x in offers.legal_compose(s, a)
            if x not in (A.OFFER_SEND, A.OFFER_CANCEL) and x not in dead
        ]
        if not acts:
            if offer.open_term < 0:
                return  # nothing more to add
            dead.add(offer.open_term)
            offer = s.offer = offer._replace(open_term=-1)
            continue
        offers.apply(s, a, rng.choice(acts), [])
        offer = the_offer(s)


def _seen_and_unseen(s: FiefState, seat: int, f: int) -> tuple[list[int], list[int]]:
    """Another family ``f``'s hand as ``seat`` knows it: the cards an offer sent to
    ``seat`` by ``f`` shows (as many copies as it offers), and the rest, unseen."""
    o = s.offer
    if o is None or s.kind != A.OFFER_ANSWER or seat != o.recipient or f != o.author:
        return [], s.hand[f][:]
    shown = Counter(
        act - A.GIVE_CARD0 for act, _ in o.terms if A.GIVE_CARD0 <= act < A.RANSOM_TERM0
    )
    seen: list[int] = []
    unseen: list[int] = []
    for c in s.hand[f]:
        if shown[c] > 0:
            shown[c] -= 1
            seen.append(c)
        else:
            unseen.append(c)
    return seen, unseen


class FiefViews:
    """The observation and text half of the Fief game object."""

    if TYPE_CHECKING:  # from the rules half (``FiefRules``) of the game object

        def to_act(self, state: FiefState) -> tuple[int, ...]: ...
        def winners(self, state: FiefState) -> list[int]: ...

    # ------------------------------------------------------------------ view
    def view(self, state: FiefState, seat: int | None) -> dict[str, Any]:
        s = state
        n = s.n_players
        villages = []
        for v in range(NV):
            base = v * SEATS
            villages.append(
                {
                    "key": VILLAGES[v].key,
                    "controller": s.ctrl[v] if s.ctrl[v] >= 0 else None,
                    "knights": [s.knights[base + f] for f in range(n)],
                    "men_at_arms": [s.men_at_arms[base + f] for f in range(n)],
                    "mills": s.mills[v],
                    "stronghold": s.fort[v] == 1,
                    "city": s.fort[v] == 2,
                    "siege_engines": [s.engine[base + f] for f in range(n)],
                    "besieged": besieged(s, v),
                    "entered_from": [
                        VILLAGES[s.entry[base + f]].key if s.entry[base + f] >= 0 else None
                        for f in range(n)
                    ],
                }
            )
        lords = []
        for lo in range(NL):
            if s.l_owner[lo] < 0:
                continue
            lords.append(
                {
                    "key": LORD_CARDS[lo].key,
                    "seat": s.l_owner[lo],
                    "village": VILLAGES[s.l_loc[lo]].key if s.l_loc[lo] >= 0 else None,
                    "female": LORD_CARDS[lo].sex == "f",
                    "captive_of": s.l_captor[lo] if s.l_captor[lo] >= 0 else None,
                    "fiefs": [FIEFS[f].key for f in range(NF) if s.fief_holder[f] == lo],
                    "moves_left": s.l_moves[lo],
                    "assassin_marker": bool(s.assassin[lo]),
                    "escorted_by": LORD_CARDS[s.l_escort[lo]].key if s.l_escort[lo] >= 0 else None,
                    "carrying": [s.carried_knights[lo], s.carried_men_at_arms[lo]],
                    "spouse": LORD_CARDS[s.spouse[lo]].key if s.spouse[lo] >= 0 else None,
                    "bishop_of": (BISHOPRICS[s.bishop.index(lo)].key if lo in s.bishop else None),
                    "cardinal": bool(s.cardinal[lo]),
                    "excommunicated": bool(s.excommunicated[lo]),
                    "no_move": _no_move(s, lo),
                }
            )
        players: list[dict[str, Any]] = []
        vp = s.vp
        for f in range(n):
            hand = s.hand[f]
            players.append(
                {
                    "seat": f,
                    "money": s.money[f],
                    "vp": vp[f],
                    "hand_count": len(hand),
                    "hand_lord_backs": sum(1 for c in hand if CARD_DECK[c] == "lord"),
                    "siege_engines_left": 2 - s.engines_used[f],
                    "diplomacy_markers": s.markers[f],
                }
            )
        out: dict[str, Any] = {
            "game": "fief",
            "seat": seat,
            "turn": s.turn,
            "max_turns": s.max_turns,
            "first": s.first,
            "phase": PHASE_NAMES[s.phase],
            "over": s.over,
            "villages": villages,
            "lords": lords,
            "players": players,
            "tallage": {FIEFS[f].key: s.tallage[f] for f in range(NF) if s.tallage[f] >= 0},
            "tithe": {
                BISHOPRICS[b].key + ":" + rank: f
                for b, tithes in enumerate(s.tithe)
                for rank, f in tithes._asdict().items()
                if f >= 0
            },
            "fief_titles": {
                FIEFS[f].key: (LORD_CARDS[s.fief_holder[f]].key if s.fief_holder[f] >= 0 else None)
                for f in range(NF)
            },
            "bishoprics": [
                {
                    "key": BISHOPRICS[b].key,
                    "heavy_rain": bool(s.rain[b]),
                    "famine": bool(s.famine[b]),
                    "plague": bool(s.plague[b]),
                    "harvest": bool(s.harvest[b]),
                    "good_weather": bool(s.weather[b]),
                }
                for b in range(NB)
            ],
            "king": _key(s.king),
            "queen": _key(s.queen),
            "pope": _key(s.pope),
            "crown_prince": _key(s.crown_prince),
            "regent": bool(s.regent),
            "bishops": {BISHOPRICS[b].key: _key(s.bishop[b]) for b in range(NB)},
            "announcements": self._announcements(s, seat),
            "lord_deck": len(s.lord_deck),
            "fortune_deck": len(s.fd_deck),
            "lord_discard": _keys(s.lord_discard),
            "fortune_discard": _keys(s.fd_discard),
            "disasters_drawn": _keys(s.set_aside),
            "disasters_to_place": [CARDS[c].key for c in s.revealed],  # in order drawn
            "cards_step": STEP_NAMES[s.cards_step] if s.phase == A.CARDS_PHASE else None,
            "to_act": list(self.to_act(s)),
            "decision": self._decision(s),
            "battle": self._battle(s),
            "hand": _keys(s.hand[seat]) if seat is not None else None,
            "offer": _offer(s, seat),
            "promises": _promises(s, seat),
        }
        if s.over:
            out["winners"] = list(self.winners(s))
            # how it ended, for the game-over screen: the game ends only at a turn's end,
            # by a side at its target or at the turn limit (endturn.end_turn)
            out["ended_by"] = "victory" if victors(s) else "turn_limit"
            out["ranking"] = _ranking(s, out["winners"])
            for p in players:
                p["end_points"] = end_points(s, p["seat"])
        return out

    @staticmethod
    def _decision(s: FiefState) -> dict[str, Any] | None:
        """The pending decision: its kind, who answers it and what it names
        (``flow.Decision.shows``)."""
        if s.kind == A.NONE:
            return None
        d = DECISIONS[s.kind]
        out: dict[str, Any] = {"kind": d.name, "seat": s.actor}
        if d.shows is not None:
            out.update(d.shows(s))
        return out

    @staticmethod
    def _announcements(s: FiefState, seat: int | None) -> dict[str, Any] | None:
        """The step, the election being held and who has voted; a ballot only to its
        own seat until all are revealed together (§7.1)."""
        if s.phase != A.ANNOUNCE:
            return None
        pr = s.proposal
        out: dict[str, Any] = {
            "step": announce.STEP_NAMES[s.announce_step],
            "bishopric": BISHOPRICS[s.election].key if s.election >= 0 else None,
            "candidates": [LORD_CARDS[lo].key for lo in s.candidates],
            "voters": list(s.voters),
            "voted": [f for f in s.voters if s.ballot[f] != announce.NOT_CAST],
            "proposal": [_key(pr.lord), _key(pr.partner)] if pr else [None, None],
            "annulment": _key(s.annulment),
        }
        if seat is not None and seat in s.voters and s.ballot[seat] != announce.NOT_CAST:
            out["my_ballot"] = _key(s.ballot[seat]) or "abstain"
        return out

    @staticmethod
    def _battle(s: FiefState) -> dict[str, Any] | None:
        b = s.battle
        if b is None:
            return None
        return {
            "village": VILLAGES[b.village].key,
            "attacker": b.attacker,
            "defender": b.defender,
            "round": b.round,
            "quiet_rounds": b.quiet,
            "penalty": b.penalty,
            "cavalcade": s.cavalcade is not None,
            "sides": [int(b.sides[f]) for f in range(s.n_players)],
        }

    # ------------------------------------------------------------------ hidden information
    def determinize(self, state: FiefState, seat: int, rng: random.Random) -> FiefState:
        """Resample what ``seat`` cannot know: the order of both decks, the cards of the
        other hands (each keeping its backs, and the cards offered to the seat staying),
        the others' secret ballots, the terms of an offer the seat is not shown
        (``_compose_offer``); promises between other families are dropped.

        The world is a function of ``seat``'s information and ``rng`` alone: each pool
        of unseen cards is sorted before it is shuffled and dealt, and the other hands
        (whose order nobody sees) are sorted, so two states that agree on the seat's view
        give the same world for the same ``rng`` state."""
        s = state.world_copy(rng)
        others = [f for f in range(s.n_players) if f != seat]
        kept: dict[int, list[int]] = {}
        unseen: dict[int, list[int]] = {}
        for f in others:
            kept[f], unseen[f] = _seen_and_unseen(s, seat, f)
        for deck, pile in (("lord", s.lord_deck), ("fortune", s.fd_deck)):
            # a disaster drawn is revealed and set aside at once: it is never in a hand
            stay = [c for c in pile if CARD_KIND[c] == "disaster"]
            pool = [c for c in pile if CARD_KIND[c] != "disaster"]
            for f in others:
                pool += [c for c in unseen[f] if CARD_DECK[c] == deck]
            pool.sort()
            shuffle(rng, pool)
            for f in others:  # each hand keeps its number of cards of each back
                kept[f] += [pool.pop() for c in unseen[f] if CARD_DECK[c] == deck]
            pool = sorted(pool + stay)
            shuffle(rng, pool)
            pile[:] = pool
        for f in others:  # nobody sees the order of another's hand
            s.hand[f] = sorted(kept[f])
        # promises between other families are theirs alone (§7.1); they bind nobody
        s.promises = [x for x in s.promises if seat in (x.promiser, x.promisee)]
        for f in s.voters:  # the others' secret ballots, cast or not
            if f != seat and s.ballot[f] != announce.NOT_CAST:
                s.ballot[f] = rng.choice([announce.ABSTAINED, *s.candidates])
        if s.offer is not None and _offer(s, seat) is None:
            _compose_offer(s, rng)
        return s

    def zones(self, state: FiefState, seat: int) -> dict[str, Zone]:
        """What ``seat`` sees and does not (``GameBase.zones``), as ``determinize`` deals
        it: each deck (its order) and the unseen cards of the other hands, by back, are
        the pool of that back; the others' cast ballots are secret choices among the
        candidates (§7.1); promises between other families, and an offer the seat is
        not shown (§7.1), are theirs alone. Hands of its own, the cards an offer sent to
        it shows, discards and disasters drawn are seen."""
        s = state
        out: dict[str, Zone] = {}
        for f in range(s.n_players):
            if f == seat:
                out[f"hand:{f}"] = Zone(tuple(sorted(s.hand[f])))
                continue
            shown, rest = _seen_and_unseen(s, seat, f)
            out[f"hand:{f}"] = Zone(tuple(sorted(shown)))
            for deck in ("lord", "fortune"):
                cards = sorted(c for c in rest if CARD_DECK[c] == deck)
                out[f"hand:{f}:{deck}"] = Zone(tuple(cards), True, deck)
        out["lord_deck"] = Zone(tuple(s.lord_deck), True, "lord", True)
        out["fortune_deck"] = Zone(tuple(s.fd_deck), True, "fortune", True)
        out["lord_discard"] = Zone(tuple(sorted(s.lord_discard)))
        out["fortune_discard"] = Zone(tuple(sorted(s.fd_discard)))
        out["disasters_drawn"] = Zone(tuple(sorted(s.set_aside)))
        out["disasters_to_place"] = Zone(tuple(s.revealed), ordered=True)
        for f in s.voters:
            secret = f != seat and s.ballot[f] != announce.NOT_CAST
            out[f"ballot:{f}"] = Zone(
                (s.ballot[f],),
                secret,
                f"ballot:{f}" if secret else "",
                choices=(announce.ABSTAINED, *s.candidates),
            )
        mine = [x for x in s.promises if seat in (x[0], x[1])]
        theirs = [x for x in s.promises if seat not in (x[0], x[1])]
        out["promises"] = Zone(tuple(sorted(mine)))
        out["promises:others"] = Zone(tuple(sorted(theirs)), True, "promises:others")
        if s.offer is not None:
            seen = _offer(s, seat) is not None
            terms = (*s.offer.terms, s.offer.open_term)  # a second half to choose last
            out["offer"] = Zone(terms, not seen, "" if seen else "offer", True)
        return out

    def inventory(self, state: FiefState) -> dict[str, Counter[str]]:
        """Cards wherever they are; mills, strongholds, cities, titles and siege engines
        on the board or in the supply. Troops come from an unlimited supply (NOTES.md #1)."""
        s = state
        cards: Counter[str] = Counter()
        for pile in (
            s.lord_deck,
            s.fd_deck,
            s.lord_discard,
            s.fd_discard,
            s.set_aside,
            s.revealed,
            *s.hand,
        ):
            cards.update(CARDS[c].key for c in pile)
        cards.update(LORD_CARDS[lo].key for lo in range(NL) if s.l_owner[lo] >= 0)
        if s.joan >= 0 or s.kind == A.JOAN_TARGET:
            cards["darc"] += 1  # on her lady (§4.12.6), or being played
        # on their Cardinals (§4.12.7), or being played
        cards["cardinal"] += sum(1 for x in s.cardinal if x == BY_CARD) + red_hat_pending(s)
        forts = Counter(s.fort)
        pieces: Counter[str] = Counter()
        for key, on_board in (
            ("mill", sum(s.mills)),
            ("stronghold", forts[1]),
            ("fortified_city", forts[2]),
        ):
            # the supply is what the board leaves; it can never be negative
            pieces[key] = on_board + max(0, DATA.pool_count(key) - on_board)
        biretta = sum(1 for x in s.cardinal if x == BY_BIRETTA)
        pieces["biretta"] = biretta + max(0, DATA.pool_count("biretta") - biretta)
        pieces["fief_title"] = sum(1 for h in s.fief_holder if h >= 0) + sum(
            1 for h in s.fief_holder if h < 0
        )
        for f in range(s.n_players):
            pieces[f"siege_engine_{f}"] = s.engines_used[f] + max(0, 2 - s.engines_used[f])
        return {"card": cards, "piece": pieces}

    def secret_fingerprint(self, state: FiefState) -> tuple[int, ...]:
        s = state
        return (len(s.lord_deck), len(s.fd_deck), *(len(h) for h in s.hand))

    #: the words for each kind of card_features row, for balance reports
    feature_names = {
        "played": {"en": "played", "zh-TW": "打出"},
        "drew": {"en": "drew", "zh-TW": "抽到"},
        "start village": {"en": "start village", "zh-TW": "起始村莊"},
        "married": {"en": "married", "zh-TW": "結婚"},
        "elected bishop": {"en": "elected bishop", "zh-TW": "當選主教"},
        "elected king": {"en": "elected king", "zh-TW": "當選國王"},
        "elected pope": {"en": "elected pope", "zh-TW": "當選教宗"},
        "fief held at the end": {"en": "fief held at the end", "zh-TW": "遊戲結束時擁有的封地"},
        "office held at the end": {"en": "office held at the end", "zh-TW": "遊戲結束時擔任的職位"},
    }

    @staticmethod
    def card_features(
        event: dict[str, Any] | None,
        state: FiefState | None,
    ) -> list[tuple[int, str, str]]:
        """For balance analysis: (seat, what, card) — a card played (lord, Fortune,
        opportunity), a disaster drawn, the start village chosen, a lord married (both
        families), an election won (King and Pope by the lord, a Bishop by the
        bishopric); and at the end the fiefs (titles) and the offices each family holds.
        Fixed start villages (the ``fixed_starts`` option) are placed at setup, unseen."""
        if event is not None:
            kind = event["type"]
            if kind in ("play_lord", "play_fortune", "play_opportunity"):
                return [(event["seat"], "played", CARDS[event["card"]].key)]
            if kind == "disaster_drawn":
                return [(event["seat"], "drew", CARDS[event["card"]].key)]
            if kind == "start_village":
                return [(event["seat"], "start village", VILLAGES[event["village"]].key)]
            if kind == "marriage":
                return [
                    (event["seat"], "married", LORD_CARDS[event["lord"]].key),
                    (event["with"], "married", LORD_CARDS[event["partner"]].key),
                ]
            if kind == "elected":
                office = event["office"]
                card = (
                    BISHOPRICS[event["bishopric"]].key
                    if office == "bishop"
                    else LORD_CARDS[event["lord"]].key
                )
                return [(event["seat"], f"elected {office}", card)]
            return []
        assert state is not None
        s = state
        out = [
            (s.l_owner[lo], "fief held at the end", FIEFS[f].key)
            for f, lo in enumerate(s.fief_holder)
            if lo >= 0 and s.l_owner[lo] >= 0
        ]
        offices = [("king", s.king), ("queen", s.queen), ("pope", s.pope)]
        offices += [(f"bishop of {BISHOPRICS[b].key}", lo) for b, lo in enumerate(s.bishop)]
        offices += [("cardinal", lo) for lo in range(NL) if s.cardinal[lo]]
        out += [
            (s.l_owner[lo], "office held at the end", office)
            for office, lo in offices
            if lo >= 0 and s.l_owner[lo] >= 0
        ]
        return out

    @staticmethod
    def describe_card(key: str, lang: str = "en") -> str | None:
        """An office held at the end in words: 國王, 教宗…; "Bishop of Tournus" /
        「「圖爾尼教區」主教」 for ``bishop of tournus``."""
        if key in ("king", "queen", "pope"):
            return word(key, lang)
        bishopric = key.removeprefix("bishop of ")
        for b, item in enumerate(BISHOPRICS):
            if key != bishopric and item.key == bishopric:
                return _office({"office": "bishop", "bishopric": b}, lang)
        return None

    @staticmethod
    def data_files() -> list[str]:
        """The data file a designer edits (copied next to a balance report)."""
        return [str(DATA_FILE)]

    # ------------------------------------------------------------------ words
    def describe_action(
        self, state: FiefState, action: int, lang: str = "en", names: list[str] | None = None
    ) -> str:
        own = DECISIONS[state.kind].words.get(action) if state is not None else None
        if own is not None:  # the decision's own words for it
            return pick(*own, lang)
        return action_text(action, lang, names)

    def describe_decision(self, state: FiefState, lang: str = "en") -> str:
        s = state
        if s.kind == A.NONE:
            return ""
        prompt = pick(*DECISIONS[s.kind].prompt, lang)
        stand = why_no_move(s, s.moving_lord) if s.kind == A.MOVE_LORD else None
        if stand is None:
            return prompt
        lord = quoted(lord_name(s.moving_lord, lang), lang)
        if is_zh(lang):  # the moving lord has no road: the prompt says why
            return f"{prompt}。{lord}無法移動：{no_move_reason(stand, lang)}"
        return f"{prompt}. {lord} cannot move: {no_move_reason(stand, lang)}"

    def _explain_illegal(self, state: FiefState, seat: int, action: int) -> IllegalAction:
        """A refusal in the game's words: what was asked (the action's label, never its
        code) and what is being decided now."""
        en = f"Not possible now: {self.describe_action(state, action, 'en')}."
        zh = f"現在不能這樣做：{self.describe_action(state, action, 'zh-TW')}。"
        if state.kind != A.NONE:
            en += f" Now: {self.describe_decision(state, 'en')}."
            zh += f"現在要決定的是：{self.describe_decision(state, 'zh-TW')}"
            zh += "" if zh.endswith(("？", "。")) else "。"
        return IllegalAction(en.replace("?.", "?"), zh)

    def describe_event(
        self, event: dict[str, Any], lang: str = "en", names: list[str] | None = None
    ) -> str:
        return event_text(event, lang, names)

    @staticmethod
    def rules_table(lang: str = "en") -> dict[str, list[dict[str, Any]]]:
        return rules_table(lang)

    def render_text(
        self, view: dict[str, Any], lang: str = "en", names: list[str] | None = None
    ) -> list[str]:
        return render_text(view, lang, names)

    @staticmethod
    def assumed_readings() -> dict[str, Any]:
        """The data file's [assumed] values: the table's house rules (the rules page)."""
        return dict(DATA.assumed)

    @staticmethod
    def option_labels() -> dict[str, dict[str, str]]:
        return {
            "max_turns": {"en": "Turn limit (0: none)", "zh-TW": "回合上限（0：無）"},
            "fixed_starts": {"en": "Fixed start villages", "zh-TW": "固定起始村莊"},
            **SWITCH_LABELS,
        }


def _label(en: str, zh: str) -> dict[str, str]:
    return {"en": en, "zh-TW": zh}


# One label per switch of data.toml [switches] (spec §6), saying what "on" means.
SWITCH_LABELS: dict[str, dict[str, str]] = {
    "public_dice_faces": _label(
        "Battle dice with a blank face (0,1,1,2,2,3)", "戰鬥骰含空白面（0、1、1、2、2、3）"
    ),
    "french_grey_counts": _label(
        "French grey card counts (4 Bountiful Harvest, 4 Good Weather, 5 Taxes)",
        "法文版財富卡數量（「大豐收」4張、「好天氣」4張、「徵稅」5張）",
    ),
    "uprising_penalty_whole_cards": _label(
        "Fortifications cancel whole Uprising cards (die and +1)",
        "攻城懲罰抵銷整張「暴動」（骰子與+1傷害）",
    ),
    "uprising_needs_effective_die": _label(
        "An Uprising kills lords alone only if a die is rolled (a variant against the rulebook)",
        "「暴動」須至少擲1顆骰子才會殺死沒有部隊的貴族（與規則書不同的變體）",
    ),
    "unit_limit_per_village": _label(
        "At most 4 new troops per village (else per family)",
        "每個村莊每回合最多購買4個部隊（否則為每個家族）",
    ),
    "ransom_optional": _label(
        "Paying the ransom cap is the family's choice", "是否支付贖金上限由家族自行決定"
    ),
    "untitled_lady_has_sp": _label("Untitled ladies have 1 SP", "無爵位女性貴族有1點戰力"),
    "king_pope_income": _label("King and Pope earn 5 D a turn", "國王與教宗每回合收入5元"),
    "joan_two_sp": _label("Joan d'Arc has 2 SP", "「聖女貞德」有2點戰力"),
    "ransom_counts_kept_bishopric": _label(
        "A Cardinal's or Pope's bishopric counts for his ransom",
        "「紅衣主教」或教宗保留的主教頭銜計入贖金",
    ),
    "crown_prince_kings_family": _label(
        "The Crown Prince is born to the King's family", "皇儲屬於國王的家族"
    ),
    "queen_regent_vp": _label("The Queen Regent scores 1 VP", "攝政女王得1分"),
    "clerics_hold_fief_titles": _label("Clerics may hold fief titles", "神職人員可以持有封地爵位"),
    "owner_chooses_losses": _label(
        "Owners choose their losses (else the least valuable go)",
        "由擁有者選擇損失（否則自動損失價值最低者）",
    ),
    "cardinal_stops_low": _label(
        "A Cardinal stops an Uprising on 1-4 (else 3-6)",
        "「紅衣主教」擲出1-4點即阻止「暴動」（否則3-6點）",
    ),
    "election_tie_no_winner": _label(
        "A tied election elects nobody (else the first in turn order)",
        "選舉平手則無人當選（否則依回合順序最先者）",
    ),
    "one_family_per_fief_start": _label(
        "One family per fief at the start", "開局每個封地只限一個家族"
    ),
    "raze_needs_empty_village": _label(
        "An Uprising razes only a village left without any troops (off: a variant against the rulebook)",
        "「暴動」須殺光村莊內所有部隊才會摧毀磨坊與要塞（關閉即為與規則書不同的變體）",
    ),
    "plague_halves_the_village": _label(
        "The Plague takes half of the village's troops (else half of each family's) (off: a variant against the rulebook)",
        "「瘟疫」使村莊的部隊損失一半（否則每個家族各損失一半）（關閉即為與規則書不同的變體）",
    ),
    "kings_tallage_uncontrolled_fief": _label(
        "The King taxes only a fief nobody controls (else any fief without a lord) (off: a variant against the rulebook)",
        "國王只能對無人控制的封地徵收封地稅（否則可對任何沒有封地貴族的封地徵收）（關閉即為與規則書不同的變體）",
    ),
    "troops_capped_by_kit": _label(
        "Troops limited to the family's pieces (8 knights, 13 men-at-arms) (a variant against the rulebook)",
        "部隊數量以家族配件為上限（8名騎士、13名士兵）（與規則書不同的變體）",
    ),
    "cavalcade_only_after_refusal": _label(
        "A cavalcade rides only where passage was refused (or out of a siege)",
        "急行軍只能在通行被拒絕後發起（或突破圍城）",
    ),
    "lords_alone_declare_battle": _label(
        "Lords without troops may attack a family with troops (a variant against the rulebook)",
        "沒有部隊的貴族也可以向有部隊的家族宣戰（與規則書不同的變體）",
    ),
    "reclaim_needs_new_lord": _label(
        "A vacant title is reclaimed free only through a newly arrived lord (off: a variant against the rulebook)",
        "空缺的封地爵位只能由新加入的家族成員免費取回（關閉即為與規則書不同的變體）",
    ),
    "widow_inherits_every_stronghold": _label(
        "A widow inherits every stronghold and city in the fiefs (else the cities only)",
        "配偶繼承封地內所有要塞與城堡（否則只有城堡）",
    ),
    "opportunity_cards_at_windows": _label(
        "Uprising, Assassination, Justice and a captive's Secret Passage only at the start "
        "of Income, once a turn (a variant against the rulebook)",
        "「暴動」、「暗殺」、「正義」與肉票的「秘密通道」只能在收入階段開始時使用，每回合一次（與規則書不同的變體）",
    ),
}


SIMPLE_ACTIONS: dict[int, tuple[str, str]] = {
    A.PASS: ("Pass", "跳過"),
    A.DRAW_FORTUNE: ("Draw 2 Fortune & Disaster cards", "抽2張財富災難卡"),
    A.DRAW_MIXED: ("Draw 1 Fortune & Disaster card and 1 Lord card", "抽1張財富災難卡和1張貴族卡"),
    A.LORD_DONE: ("This lord stops here", "這位貴族停在這裡"),
    A.PERMIT_YES: ("Let him pass", "允許通過"),
    A.PERMIT_NO: ("Refuse passage", "拒絕通過"),
    A.RETREAT: ("Go back", "退回"),
    A.STAY: ("Stay in the village", "留在村莊"),
    A.FIGHT: ("Fight a round", "戰鬥一輪"),
    A.SURRENDER: ("Surrender", "投降"),
    A.WITHDRAW: ("Withdraw", "撤退"),
    A.TRUCE: ("Propose a truce", "提議休戰"),
    A.TRUCE_YES: ("Accept the truce", "接受休戰"),
    A.TRUCE_NO: ("Refuse the truce", "拒絕休戰"),
    A.PURSUE: ("Pursue", "追擊"),
    A.LET_GO: ("Let him go", "讓他離開"),
    A.CARRY_K: ("Take a knight along", "帶上1名騎士"),
    A.CARRY_M: ("Take a man-at-arms along", "帶上1名士兵"),
    A.DROP_K: ("Leave a knight here", "留下1名騎士"),
    A.DROP_M: ("Leave a man-at-arms here", "留下1名士兵"),
    A.CITY_NONE: ("No fortified city", "不擴建城堡"),
    A.EFFECT_CANCEL: ("Cancel the disaster", "取消災難"),
    A.EFFECT_BONUS: ("+1 D per mill", "每個磨坊+1元"),
    A.AMBUSH_GO_ON: ("Go on with the battle", "繼續戰鬥"),
    A.AMBUSH_END: ("End the battle", "結束戰鬥"),
    A.SIDE_ATT: ("Join the attacker's side", "加入攻方"),
    A.SIDE_DEF: ("Join the defender's side", "加入守方"),
    A.SIDE_NONE: ("Stay out of it", "不參戰"),
    A.LOSE_K: ("Lose a knight", "失去1名騎士"),
    A.LOSE_M: ("Lose a man-at-arms", "失去1名士兵"),
    A.TITHE_ALL: ("Tithe every governed bishopric (Pope)", "對所有被統治的教區徵什一稅（教宗）"),
    A.STOP_UPRISING: ("Try to stop the Uprising", "嘗試阻止「暴動」"),
    A.SIDE_STAY: ("Stay on your side", "留在原本一方"),
    A.MARRY_YES: ("Accept the marriage", "接受婚事"),
    A.MARRY_NO: ("Refuse the marriage", "拒絕婚事"),
    A.ANNUL_ASK: ("Ask the Pope for an annulment", "請求教宗宣告婚姻無效"),
    A.ANNUL_YES: ("Annul the marriage", "宣告婚姻無效"),
    A.ANNUL_NO: ("Deny the annulment", "駁回請求"),
    A.ABSTAIN: ("Abstain", "棄權"),
    A.PRINCE_YES: ("He is the Crown Prince", "他是皇儲"),
    A.PRINCE_NO: ("An ordinary lord", "一般貴族"),
    A.CONSENT_YES: ("Approve the Cardinal", "同意這位「紅衣主教」"),
    A.CONSENT_NO: ("Veto the Cardinal", "否決這位「紅衣主教」"),
    A.OFFER_SEND: ("Send the offer", "送出協議"),
    A.OFFER_CANCEL: ("Drop the offer", "取消協議"),
    A.OFFER_ACCEPT: ("Accept the offer", "接受協議"),
    A.OFFER_REFUSE: ("Refuse the offer", "拒絕協議"),
    A.CARDINAL_TERM: (
        "The Pope approves the next Cardinal this turn",
        "教宗同意本回合的下一位「紅衣主教」",
    ),
    A.ANNUL_TERM: ("The Pope annuls the marriage", "教宗宣告婚姻無效"),
    A.PROMISE_PEACE: ("Promise: no attack", "承諾：不攻擊"),
    A.ASK_PROMISE_PEACE: ("The other family promises not to attack", "對方承諾不攻擊"),
}

_BLOCKS: list[tuple[int, int, str, tuple[str, str]]] = [
    (A.START0, NV, "v", ("Start in {x}", "從{x}開始")),
    (A.DISCARD0, len(CARDS), "c", ("Discard {x}", "棄掉{x}")),
    (A.PLAY0, len(CARDS), "c", ("Play {x}", "打出{x}")),
    (A.PLACE0, NV, "v", ("Place the lord in {x}", "將貴族放在{x}")),
    (A.RANSOM0, NL, "l", ("Pay the ransom of {x}", "支付{x}的贖金")),
    (A.RELEASE0, NL, "l", ("Release {x}", "釋放{x}")),
    (A.BUY_MAA0, NV, "v", ("Buy a man-at-arms in {x} ({p} D)", "在{x}購買1名士兵（{p}元）")),
    (A.BUY_KNIGHT0, NV, "v", ("Buy a knight in {x} ({p} D)", "在{x}購買1名騎士（{p}元）")),
    (A.BUY_STRONGHOLD0, NV, "v", ("Build a stronghold in {x} ({p} D)", "在{x}建造要塞（{p}元）")),
    (A.BUY_MILL0, NV, "v", ("Build a mill in {x} ({p} D)", "在{x}建造磨坊（{p}元）")),
    (A.TITLE0, NF, "f", ("Buy the fief title of {x} ({p} D)", "購買{x}的封地爵位（{p}元）")),
    (A.TRANSFER0, NF, "f", ("Transfer the fief title of {x}", "轉讓{x}的封地爵位")),
    (A.HOLDER0, NL, "l", ("Give the title to {x}", "把爵位給{x}")),
    (A.CITY0, NV, "v", ("Make {x} a fortified city", "將{x}擴建為城堡")),
    (A.LORD0, NL, "l", ("Move {x}", "移動{x}")),
    (A.MOVE0, NV, "v", ("Go to {x}", "前往{x}")),
    (A.BATTLE0, NV, "v", ("Declare a battle in {x}", "在{x}宣戰")),
    (A.FOE0, SEATS, "s", ("Attack {x}", "攻擊{x}")),
    (A.KILL0, NL, "l", ("{x} dies", "{x}陣亡")),
    (A.SIEGE0, NV, "v", ("Besiege {x}", "圍攻{x}")),
    (A.PILLAGE0, NV, "v", ("Pillage a mill in {x}", "掠奪{x}的磨坊")),
    (A.CAVALCADE0, NV, "v", ("Cavalcade towards {x}", "急行軍前往{x}")),
    (A.BISHOPRIC0, NB, "b", ("{x}", "{x}")),
    (A.TALLAGE0, NF, "f", ("Tax the fief of {x}", "對{x}徵封地稅")),
    (A.UPRISING0, NV, "v", ("Raise an Uprising in {x}", "在{x}引發「暴動」")),
    (A.MARKER0, NL, "l", ("{x} carries the assassin marker", "{x}帶上刺客標記")),
    (A.CAPTURE0, NL, "l", ("Take {x}", "抓走{x}")),
    (A.LIFT0, NV, "v", ("Lift the siege of {x}", "解除對{x}的圍攻")),
    (
        A.ESCORT0,
        NL,
        "l",
        (
            "Lead or leave {x} (a captive, or a lord Joan carries)",
            "帶走或留下{x}（肉票，或貞德帶領的貴族）",
        ),
    ),
    (A.TITHE0, NB, "b", ("Tithe {x}", "對{x}徵什一稅")),
    (A.LOSS0, SEATS, "s", ("{x} takes the loss", "由{x}承擔損失")),
    (A.KEEPER0, SEATS, "s", ("{x} keeps the captive", "由{x}看管肉票")),
    (A.JOAN0, NL, "l", ("{x} becomes Joan d'Arc", "{x}成為「聖女貞德」")),
    (
        A.SECRET0,
        NV,
        "v",
        ("Go to {x} by a Secret Passage, asking no one", "打出「秘密通道」前往{x}，無需對方同意"),
    ),
    (A.ESCAPE0, NL, "l", ("{x} escapes by a Secret Passage", "{x}經由「秘密通道」逃脫")),
    (A.PROPOSE0, NL, "l", ("Propose a marriage for {x}", "為{x}提親")),
    (A.PARTNER0, NL, "l", ("Ask for the hand of {x}", "向{x}求婚")),
    (A.EXCOMMUNICATE0, NL, "l", ("Excommunicate {x}", "將{x}逐出教會")),
    (A.REINSTATE0, NL, "l", ("Reinstate {x}", "恢復{x}的教籍")),
    (A.CANDIDATE0, NL, "l", ("Declare {x} a candidate", "推舉{x}為候選人")),
    (A.VOTE0, NL, "l", ("Vote for {x}", "投票給{x}")),
    (A.CARDINAL0, NL, "l", ("Make {x} a Cardinal", "讓{x}升為「紅衣主教」")),
    (
        A.BIRETTA0,
        NL,
        "l",
        ("Buy the biretta for {x} ({p} D)", "花{p}元為{x}購買「紅衣主教」職位（搏感情版）"),
    ),
    (A.GRANT0, NF, "f", ("Grant the vacant title of {x}", "賜出{x}的空缺爵位")),
    (A.GRANTEE0, NL, "l", ("Grant it to {x}", "賜給{x}")),
    # diplomacy (offers.py, §7.4)
    (A.OFFER_TO0, SEATS, "s", ("Make an offer to {x}", "向{x}提出協議")),
    # the terms read the same to both parties: "offering" is the offer's author
    (
        A.GIVE_MONEY0,
        3,
        "n1",
        (
            "The offering family pays {x} D (the other spends a diplomacy marker)",
            "提議方支付{x}元（對方花1個外交標記）",
        ),
    ),
    (
        A.ASK_MONEY0,
        3,
        "n1",
        (
            "The other family pays {x} D to the offering family (which spends a diplomacy marker)",
            "對方支付{x}元給提議方（提議方花1個外交標記）",
        ),
    ),
    (
        A.GIVE_CARD0,
        len(CARDS),
        "c",
        (
            "The offering family gives {x} (the other spends a diplomacy marker)",
            "提議方給出{x}（對方花1個外交標記）",
        ),
    ),
    (A.RANSOM_TERM0, NL, "l", ("A ransom price for {x}", "{x}的贖金價格")),
    (A.PRICE0, A.MAX_PRICE + 1, "n0", ("Ransom: {x} D", "贖金{x}元")),
    (A.PASSAGE0, NV, "v", ("Passage through {x} this movement", "本回合移動時可通過{x}")),
    (A.TRUCE_TERM0, NV, "v", ("Truce in {x} this battle phase", "本回合戰鬥階段在{x}休戰")),
    (A.CEDE0, NV, "v", ("Hand over {x}", "移交{x}的控制權")),
    (A.TITLE_TERM0, NF, "f", ("The Crown grants the title of {x}", "王室賜予{x}的爵位")),
    (A.WED0, NL, "l", ("Marriage: {x}", "婚約：{x}")),
    (A.PROMISE_VOTE0, NL, "l", ("Promise: vote for {x}", "承諾：投票給{x}")),
    (A.PROMISE_PAY0, 3, "n1", ("Promise: pay {x} D later", "承諾：日後支付{x}元")),
    (
        A.ASK_PROMISE_VOTE0,
        NL,
        "l",
        ("The other family promises to vote for {x}", "對方承諾投票給{x}"),
    ),
    (
        A.ASK_PROMISE_PAY0,
        3,
        "n1",
        ("The other family promises to pay {x} D later", "對方承諾日後支付{x}元"),
    ),
    (A.PASSAGE_LORD0, NL, "l", ("The passage is for {x}", "通行權給{x}")),
]


# What a purchase costs (data.toml [rules]), shown in its label: "Buy a knight in La Salle (3 D)".
_PRICES = {
    A.BUY_MAA0: "man_at_arms_cost",
    A.BUY_KNIGHT0: "knight_cost",
    A.BUY_STRONGHOLD0: "stronghold_cost",
    A.BUY_MILL0: "mill_cost",
    A.BIRETTA0: "biretta_cost",
}


def _price(start: int, i: int) -> int | str:
    if start == A.TITLE0:
        return DATA.fief_title_cost(i)
    return int(DATA.rules[_PRICES[start]]) if start in _PRICES else ""


def _thing(kind: str, i: int, lang: str, names: list[str] | None) -> str:
    if kind == "v":
        return quoted(village_name(i, lang), lang)
    if kind == "c":
        return quoted(card_name(i, lang), lang)
    if kind == "l":
        return quoted(lord_name(i, lang), lang)
    if kind == "f":
        return quoted(_n(FIEFS[i], lang), lang)
    if kind == "b":
        return quoted(_n(BISHOPRICS[i], lang), lang)
    if kind in ("n0", "n1"):
        return str(i + int(kind[1]))
    return seat_name(i, lang, names)


def action_text(action: int, lang: str = "en", names: list[str] | None = None) -> str:
    if action in SIMPLE_ACTIONS:
        return pick(*SIMPLE_ACTIONS[action], lang)
    for start, size, kind, text in _BLOCKS:
        if start <= action < start + size:
            return pick(*text, lang).format(
                x=_thing(kind, action - start, lang, names), p=_price(start, action - start)
            )
    return A.ACTION_NAMES[action]


_ACTION_AT = {name: i for i, name in enumerate(A.ACTION_NAMES)}  # name -> action number


def term_text(name: str, lang: str = "en", names: list[str] | None = None) -> str:
    """A term of an offer as ``offers.term_names`` writes it (``term:ransom:x@4``)."""
    if names is None:  # every view shows each promise's terms in both languages
        return _term_text(name, lang)
    return _term_text_named(name, lang, names)


@lru_cache(maxsize=8192)
def _term_text(name: str, lang: str) -> str:
    return _term_text_named(name, lang, None)


def _term_text_named(name: str, lang: str, names: list[str] | None) -> str:
    head, _, arg = name.partition("@")
    at = _ACTION_AT.get(head)
    if at is None:
        raise ValueError(f"{head!r} is not a Fief action")
    text = action_text(at, lang, names)
    if not arg:
        return text
    if head.startswith(("term:marry", "term:passage")):
        lo = next(i for i, c in enumerate(LORD_CARDS) if c.key == arg)
        joint = (
            (" and {x}", "與{x}") if head.startswith("term:marry") else (" for {x}", "（限{x}）")
        )
        return text + pick(*joint, lang).format(x=quoted(lord_name(lo, lang), lang))
    return text + pick(" at {x} D", "為{x}元", lang).format(x=arg)


# ------------------------------------------------------------------ the log
# Every name of a card, lord, village, fief or bishopric stands in 「」 in Chinese
# (core.text.quoted); players by seat_name; numbers with their counters and no zero
# parts (docs/zh-TW.md). A template's fields are filled by ``_fields``; the kinds whose
# sentence depends on the values (nothing lost, nobody in control, an abstention) are
# worded by the functions of ``_WORDED``.

EVENT_TEXT: dict[str, tuple[str, str]] = {
    "turn": ("Turn {turn}", "第{turn}回合"),
    "phase": ("{phase} phase", "進入{phase}階段"),
    "start_lord": ("{who} starts with {lord}", "{who}的起始貴族是{lord}"),
    "start_village": ("{who} starts in {village}", "{who}從{village}開始"),
    "lord_placed": ("{lord} ({who}) arrives in {village}", "{lord}（{who}）來到{village}"),
    "lord_waits": ("{lord} ({who}) waits off the board", "{lord}（{who}）在場外等待"),
    "draw": ("{who} draws a card from the {deck} deck", "{who}從{deck}牌庫抽了1張牌"),
    "draw/seen": ("{who} draws {card}", "{who}抽到{card}"),
    "disaster_drawn": ("{who} reveals {card}", "{who}翻出{card}"),
    "reshuffle": (
        "The {deck} discards are shuffled into a new deck",
        "{deck}棄牌堆洗勻，成為新的牌庫",
    ),
    "play_lord": ("{who} plays {lord}", "{who}打出{lord}"),
    "release": ("{who} releases {lord}", "{who}釋放{lord}"),
    "title": ("{lord} ({who}) becomes lord of {fief}", "{lord}（{who}）成為{fief}的封地貴族"),
    "title_transfer": (
        "{who} gives the title of {fief} to {lord}",
        "{who}把{fief}的爵位轉給{lord}",
    ),
    "city": ("{who} raises a fortified city in {village}", "{who}把{village}擴建為城堡"),
    "move": ("{lord} ({who}) goes from {from_} to {to}", "{lord}（{who}）從{from_}前往{to}"),
    "retreat": ("{lord} goes back to {to}", "{lord}退回{to}"),
    "battle": ("{who} attacks {foe} in {village}", "{who}在{village}攻擊{foe}"),
    "battle_end": ("The battle in {village} ends: {how}", "{village}的戰鬥結束：{how}"),
    "withdraw": ("{who} withdraws from {village}", "{who}從{village}撤退"),
    "withdrawn": ("{who} falls back from {from_} to {to}", "{who}從{from_}撤退到{to}"),
    "truce_refused": ("{who} refuses the truce", "{who}拒絕休戰"),
    "captured": ("{lord} ({who}) is captured by {captor}", "{lord}（{who}）被{captor}俘虜"),
    "escape": ("{lord} ({who}) escapes", "{lord}（{who}）逃脫"),
    "siege": ("{who} besieges {village}", "{who}圍攻{village}"),
    "siege_lifted": ("{who} lifts the siege of {village}", "{who}解除對{village}的圍攻"),
    "engine_flipped": (
        "{who}'s siege engine at {village} now cancels 2 dice of penalty",
        "{who}在{village}的攻城車翻面，可抵銷2顆骰子的攻城懲罰",
    ),
    "pillage": ("{who} pillages a mill in {village}", "{who}掠奪{village}的1座磨坊"),
    "cavalcade": (
        "{lord} ({who}) rides a cavalcade from {from_} towards {to}",
        "{lord}（{who}）從{from_}急行軍前往{to}",
    ),
    "disaster": ("{card} strikes {bishopric}", "{card}降臨{bishopric}"),
    "disaster_void": ("{card} has no effect ({why})", "{card}沒有效果（{why}）"),
    "play_fortune": ("{who} plays {card}", "{who}打出{card}"),
    "fortune": ("{card} on {bishopric}: {effect}", "{card}用在{bishopric}：{effect}"),
    "tallage": ("{who} levies the tallage on {fief}", "{who}對{fief}徵收封地稅"),
    "tithe": ("{who} levies the tithe on {bishopric}", "{who}對{bishopric}徵收什一稅"),
    "tithe_all": (
        "{who} (the Pope) tithes every governed bishopric",
        "{who}（教宗）對所有被統治的教區徵收什一稅",
    ),
    "join_side": ("{who} joins the side of {with_}", "{who}加入{with_}一方"),
    "change_side": (
        "{who} goes over to the side of {with_} in {village}",
        "{who}在{village}倒戈，加入{with_}一方",
    ),
    "leave_battle": ("{who} leaves the battle in {village}", "{who}退出{village}的戰鬥"),
    "truce_broken": ("{who} breaks the truce in {village}", "{who}打破{village}的休戰"),
    "play_opportunity": ("{who} plays {card}", "{who}打出{card}"),
    "side_loss": ("{who} loses a {unit} in {village}", "{who}在{village}失去1名{unit}"),
    "joan": ("{lord} ({who}) becomes Joan d'Arc", "{lord}（{who}）成為「聖女貞德」"),
    "captive_kept": ("{who} keeps {lord} captive", "{who}看管肉票{lord}"),
    "uprising_stopped": (
        "{lord} ({who}) stops the uprising in {village}",
        "{lord}（{who}）阻止了{village}的「暴動」",
    ),
    "razed": ("The mills and fortress of {village} are destroyed", "{village}的磨坊與要塞被摧毀"),
    "assassination_failed": ("{lord} survives the assassination", "{lord}逃過「暗殺」"),
    "assassin_marker": ("{lord} ({who}) carries an assassin marker", "{lord}（{who}）帶上刺客標記"),
    "justice": ("Justice: {lord} is executed", "「正義」：{lord}伏法"),
    "ambush_foiled": (
        "{who} escapes the ambush by a Secret Passage",
        "{who}以「秘密通道」躲過「伏擊」",
    ),
    "penalty_cancelled": (
        "{who} finds a Secret Passage into {village}: no fortification penalty",
        "{who}找到通往{village}的「秘密通道」：取消攻城懲罰",
    ),
    "cavalcade_end": ("{lord}'s cavalcade {won}", "{lord}的急行軍{won}"),
    "marriage_proposed": (
        "{who} proposes a marriage between {lord} and {partner} ({with_})",
        "{who}提議{lord}與{partner}（{with_}）聯姻",
    ),
    "marriage": (
        "{lord} ({who}) marries {partner} ({with_})",
        "{lord}（{who}）與{partner}（{with_}）結婚",
    ),
    "marriage_refused": (
        "{who} refuses the marriage of {lord} to {partner}",
        "{who}拒絕{lord}與{partner}的婚事",
    ),
    "queen": ("{lord} ({who}) is Queen", "{lord}（{who}）成為皇后"),
    "excommunicated": ("The Pope excommunicates {lord} ({who})", "教宗將{lord}（{who}）逐出教會"),
    "reinstated": ("The Pope reinstates {lord} ({who})", "教宗恢復{lord}（{who}）的教籍"),
    "bishop_deposed": ("{lord} ({who}) is no longer {office}", "{lord}（{who}）不再是{office}"),
    "cardinal_ends": (
        "{lord} ({who}) is no longer a Cardinal",
        "{lord}（{who}）不再是「紅衣主教」",
    ),
    "annulment_asked": (
        "{who} asks the Pope to annul the marriage of {lord} and {partner}",
        "{who}請求教宗宣告{lord}與{partner}的婚姻無效",
    ),
    "annulled": (
        "The marriage of {lord} ({who}) and {partner} ({with_}) is annulled",
        "{lord}（{who}）與{partner}（{with_}）的婚姻被宣告無效",
    ),
    "annulment_denied": ("The Pope denies the annulment", "教宗駁回宣告婚姻無效的請求"),
    "candidate": ("{who} declares {lord} a candidate for {office}", "{who}推舉{lord}競選{office}"),
    "no_election": ("No {office} election ({why})", "不舉行{office}選舉（{why}）"),
    "ballot_cast": ("{who} has voted", "{who}已投票"),
    "ballot_cast/seen": ("{who} votes for {vote}", "{who}投給{vote}"),
    "elected": ("{lord} ({who}) is elected {office}", "{lord}（{who}）當選{office}"),
    "first_player": ("{who} is now the first player", "{who}成為起始玩家"),
    "title_inherited": (
        "{lord} ({who}) inherits the title of {fief} from the family of {owner}",
        "{lord}（{who}）從{owner}家族繼承{fief}的爵位",
    ),
    "crowned": ("The Crown Prince {lord} ({who}) is King", "皇儲{lord}（{who}）即位為國王"),
    "queen_regent": ("{lord} ({who}) rules as Queen Regent", "{lord}（{who}）成為攝政女王"),
    "widowed": ("{lord} ({who}) is widowed: the marriage ends", "{lord}（{who}）喪偶，婚姻結束"),
    "biretta_returned": (
        "The biretta of {lord} goes back to the supply",
        "{lord}的「紅衣主教」標誌歸還",
    ),
    "crown_prince": ("{lord} ({who}) is the Crown Prince", "{lord}（{who}）成為皇儲"),
    "cardinal": ("{lord} ({who}) becomes a Cardinal", "{lord}（{who}）成為「紅衣主教」"),
    "cardinal_vetoed": (
        "The Pope ({who}) vetoes {lord} as Cardinal",
        "教宗（{who}）否決{lord}成為「紅衣主教」",
    ),
    "biretta": ("{who} asks the biretta for {lord}", "{who}為{lord}申請「紅衣主教」職位"),
    "royal_grant": (
        "The Crown ({who}) grants {fief} to {lord} ({owner})",
        "王室（{who}）把{fief}賜給{lord}（{owner}）",
    ),
    "offer_opened": ("{who} opens talks with {with_}", "{who}與{with_}展開談判"),
    "offer_cancelled": ("{who} drops the offer to {with_}", "{who}取消給{with_}的協議"),
    "offer_made": ("{who} makes an offer to {with_}", "{who}向{with_}提出協議"),
    "offer_refused": ("{who} refuses the offer of {with_}", "{who}拒絕{with_}的協議"),
    "offer_failed": (
        "The offer of {with_} to {who} cannot be carried out: nothing is done",
        "{with_}給{who}的協議無法執行，全部不生效",
    ),
    "gift": ("{who} pays {paid} to {with_}", "{who}支付{paid}給{with_}"),
    "card_given": ("{who} gives a card to {with_}", "{who}給了{with_}一張牌"),
    "card_given/seen": ("{who} gives {card} to {with_}", "{who}把{card}給了{with_}"),
    "betrothal_void": (
        "The agreed marriage of {lord} and {partner} cannot be made",
        "{lord}與{partner}的婚約無法履行",
    ),
    "cardinal_agreed": (
        "The Pope ({who}) approves {lord} as Cardinal, as agreed",
        "教宗（{who}）依協議同意{lord}成為「紅衣主教」",
    ),
}


WORDS_OF = ("phase", "item", "unit", "why", "deck", "effect", "office")
WORDS: dict[str, tuple[str, str]] = {
    # phases
    "setup": ("Setup", "開局"),
    "announcements": ("Announcements", "宣告"),
    "cards": ("Cards", "卡片"),
    "income": ("Income", "收入"),
    "ransoms": ("Ransoms", "贖金"),
    "purchase": ("Purchase", "購買"),
    "movement": ("Movement", "移動"),
    "battles": ("Battles", "戰鬥"),
    "pillage": ("Pillage", "掠奪"),
    "end_of_turn": ("End of turn", "回合結束"),
    # things bought, units
    "knight": ("knight", "騎士"),
    "man_at_arms": ("man-at-arms", "士兵"),
    "stronghold": ("stronghold", "要塞"),
    "mill": ("mill", "磨坊"),
    "fief_title": ("fief title", "封地爵位"),
    # why a die was rolled or a disaster came to nothing
    "battle": ("battle", "戰鬥"),
    "disaster": ("disaster", "災難"),
    "plague": ("Plague", "「瘟疫」"),
    "uprising": ("Uprising", "「暴動」"),
    "uprising_stop": ("stopping the Uprising", "阻止「暴動」"),
    "assassination": ("Assassination", "「暗殺」"),
    "justice": ("Justice", "「正義」"),
    "limit": ("three disasters already this turn", "本回合已有3張災難"),
    "six": ("a six was rolled", "擲出6點"),
    # decks, fortune effects
    "fortune": ("Fortune & Disaster", "財富災難"),
    "lord": ("Lord", "貴族"),
    "cancel": ("the disaster is cancelled", "取消災難"),
    "bonus": ("+1 D per mill", "每個磨坊收入+1元"),
    # offices, why no election
    "bishop": ("Bishop", "主教"),
    "pope": ("Pope", "教宗"),
    "king": ("King", "國王"),
    "no_candidate": ("no candidate", "沒有候選人"),
    "no_voter": ("nobody has a vote", "沒有人有票"),
    "queen": ("Queen", "皇后"),
    "crown_prince": ("Crown Prince", "皇儲"),
}

# how a battle ended (battle_end) and how the game ended (game_over)
HOW: dict[str, tuple[str, str]] = {
    "captured": ("the last lord is captured", "最後的貴族被俘"),
    "surrender": ("a side surrenders", "一方投降"),
    "truce": ("truce", "雙方休戰"),
    "withdrawn": ("the attacker withdraws", "攻方撤退"),
    "lords_only": ("only lords are left", "雙方只剩貴族"),
    "defender_wins": ("the defender wins", "守方獲勝"),
    "attacker_wins": ("the attacker wins", "攻方獲勝"),
    "quiet": ("three rounds without losses", "連續三輪無人傷亡"),
    "ambush": ("ambush", "「伏擊」"),
    "eliminated": ("a side is wiped out", "一方全滅"),
    "victory": ("victory", "有一方達成勝利條件"),
    "turn_limit": ("turn limit reached", "已達回合上限"),
}

# how a lord died (lord_dies)
DEATH: dict[str, tuple[str, str]] = {
    "battle": ("falls in battle", "戰死"),
    "plague": ("dies of the Plague", "死於「瘟疫」"),
    "uprising": ("dies in the Uprising", "死於「暴動」"),
    "assassination": ("is assassinated", "遭「暗殺」身亡"),
    "justice": ("is executed (Justice)", "伏法身亡"),
}


def word(key: str, lang: str) -> str:
    return pick(*WORDS[key], lang) if key in WORDS else key


def _seat(value: Any, lang: str, names: list[str] | None) -> str | None:
    return seat_name(value, lang, names) if isinstance(value, int) and value >= 0 else None


def _lord(value: Any, lang: str) -> str | None:
    return quoted(lord_name(value, lang), lang) if isinstance(value, int) and value >= 0 else None


def bishopric_name(b: int, lang: str = "en") -> str:
    return _n(BISHOPRICS[b], lang)


def no_move_reason(stand: Standstill, lang: str) -> str:
    """The rule that left a lord without a move (``no_move.why_no_move``): 「布萊教區」有
    「暴雨」 / "Heavy Rain on the Bishopric of Blaye"."""
    if stand.reason is NoMove.HEAVY_RAIN:
        where = join_and((quoted(bishopric_name(b, lang), lang) for b in stand.bishoprics), lang)
        rain = quoted(card_name(HEAVY_RAIN, lang), lang)
        return f"{where}有{rain}" if is_zh(lang) else f"{rain} on the {where}"
    return pick(*NO_MOVE_WORDS[stand.reason], lang)


NO_MOVE_WORDS = {
    NoMove.CAPTIVE: ("held captive", "被俘虜"),
    NoMove.SPENT: ("no moves left this turn", "本回合已沒有移動次數"),
    NoMove.BESIEGED: ("the garrison of a besieged fortress", "駐守被圍攻的要塞"),
    NoMove.REFUSED: ("passage refused on every road", "每條路都被拒絕通行"),
}


def _no_move(s: FiefState, lo: int) -> dict[str, Any] | None:
    """A lord's row and his mark on the map say why he cannot move (§4.5)."""
    stand = why_no_move(s, lo)
    if stand is None:
        return None
    en, zh = no_move_reason(stand, "en"), no_move_reason(stand, "zh-TW")
    if stand.reason is not NoMove.SPENT:
        en, zh = f"no move: {en}", f"無法移動：{zh}"
    return {
        "reason": stand.reason.value,
        "bishoprics": [BISHOPRICS[b].key for b in stand.bishoprics],
        "en": en,
        "zh-TW": zh,
    }


def _office(event: dict[str, Any], lang: str) -> str:
    """「「圖爾尼教區」主教」 / "Bishop of Tournus"; 教宗, 國王… as they are."""
    office = event.get("office", "bishop")
    b = event.get("bishopric", -1)
    if office != "bishop" or not isinstance(b, int) or b < 0:
        return word(office, lang)
    if is_zh(lang):
        return f"{quoted(bishopric_name(b, lang), lang)}主教"
    return "Bishop of " + bishopric_name(b, lang).removeprefix("Bishopric of ")


def _units(knights: int, men: int, lang: str) -> str:
    """「1名騎士和2名士兵」 / "a knight and 2 men-at-arms", without a zero part."""
    parts = []
    if knights:
        parts.append(
            amount(knights, lang, "knight", "名騎士") if knights > 1 or is_zh(lang) else "a knight"
        )
    if men:
        parts.append(
            amount(men, lang, "man-at-arms", "名士兵", "men-at-arms")
            if men > 1 or is_zh(lang)
            else "a man-at-arms"
        )
    return join_and(parts, lang)


def _per_seat(
    values: list[int],
    lang: str,
    names: list[str] | None,
    zh: str,
    en: str,
    en_plural: str | None = None,
) -> str:
    """「玩家1得3元、玩家3得8元」 / "Seat 1 gets 3 D, Seat 3 gets 8 D": each family with
    its own number (never run into its name), families with nothing left out."""
    gets = zh == "元"
    if is_zh(lang):
        return join(
            (
                f"{seat_name(i, lang, names)}{'得' if gets else '有'}{x}{zh}"
                for i, x in enumerate(values)
                if x
            ),
            lang,
        )
    return join(
        (
            f"{seat_name(i, lang, names)} {'gets' if gets else 'has'} "
            f"{amount(x, lang, en, '', en_plural)}"
            for i, x in enumerate(values)
            if x
        ),
        lang,
    )


def _dice(dice: list[int], lang: str) -> str:
    """「5點」, 「2點、3點和6點」 / "5", "2, 3 and 6"."""
    return join_and((f"{d}點" if is_zh(lang) else str(d) for d in dice), lang)


def _roll(e: dict[str, Any], f: dict[str, Any], lang: str, names: list[str] | None) -> str:
    why = word(e.get("why", ""), lang)
    if not e.get("dice"):
        # no die left: the fortification penalty took them all (§4.6.1, §4.12.1)
        return pick(
            "{who} has no die to roll for the {why} (fortification penalty)",
            "{who}因攻城懲罰沒有骰子可擲（{why}）",
            lang,
        ).format(who=f["who"], why=why)
    return pick("{who} rolls {dice} ({why})", "{who}為{why}擲出{dice}", lang).format(
        who=f["who"], dice=_dice(e["dice"], lang), why=why
    )


def _round(e: dict[str, Any], f: dict[str, Any], lang: str, names: list[str] | None) -> str:
    att, dfn = e["hits"]
    parts = []
    for n, en, zh in (
        (att, "the attacker hits {n}", "攻方命中{n}"),
        (dfn, "the defender hits {n}", "守方命中{n}"),
    ):
        if n:
            parts.append(pick(en, zh, lang).format(n=n if not is_zh(lang) else f"{n}點"))
    hits = join(parts, lang) if parts else pick("no hits", "雙方都沒有命中", lang)
    return pick("Round {round} in {village}: {hits}", "{village}第{round}輪：{hits}", lang).format(
        round=e["round"], village=f["village"], hits=hits
    )


def _control(e: dict[str, Any], f: dict[str, Any], lang: str, names: list[str] | None) -> str:
    if e.get("seat", -1) < 0:
        return pick("{village} is held by nobody now", "{village}現在無人控制", lang).format(**f)
    return pick("{village} is now held by {who}", "{village}現在由{who}控制", lang).format(**f)


def _discard(e: dict[str, Any], f: dict[str, Any], lang: str, names: list[str] | None) -> str:
    if e.get("seat", -1) < 0:
        return pick("{card} is discarded", "{card}被棄掉", lang).format(**f)
    return pick("{who} discards {card}", "{who}棄掉{card}", lang).format(**f)


def _income(e: dict[str, Any], f: dict[str, Any], lang: str, names: list[str] | None) -> str:
    gains = _per_seat(e["gains"], lang, names, "元", "D", "D")
    return (
        pick("Income: {g}", "收入：{g}", lang).format(g=gains)
        if gains
        else pick("Income: nobody earns anything", "收入：沒有人有收入", lang)
    )


def _end_of_turn(e: dict[str, Any], f: dict[str, Any], lang: str, names: list[str] | None) -> str:
    vp = _per_seat(e["vp"], lang, names, "分", "VP", "VP")
    if not vp:
        return pick(
            "End of turn {t}: nobody has any VP yet", "第{t}回合結束：還沒有人得到勝利點數", lang
        ).format(t=e["turn"])
    return pick("End of turn {t}. VP: {vp}", "第{t}回合結束。勝利點數：{vp}", lang).format(
        t=e["turn"], vp=vp
    )


def _game_over(e: dict[str, Any], f: dict[str, Any], lang: str, names: list[str] | None) -> str:
    how = pick(*HOW[e["how"]], lang) if e.get("how") in HOW else ""
    who = winners_phrase(list(e.get("winners", [])), lang, names)
    return pick("Game over ({how}). {who}.", "遊戲結束（{how}）。{who}。", lang).format(
        how=how, who=who
    )


def _ransom(e: dict[str, Any], f: dict[str, Any], lang: str, names: list[str] | None) -> str:
    if not e.get("paid"):
        return pick("{who} frees {lord} without paying", "{who}免費贖回{lord}", lang).format(**f)
    return pick("{who} pays {paid} to free {lord}", "{who}支付{paid}贖回{lord}", lang).format(
        **{**f, "paid": amount(e["paid"], lang, "D", "元", "D")}
    )


def _buy(e: dict[str, Any], f: dict[str, Any], lang: str, names: list[str] | None) -> str:
    item = str(e.get("item"))
    if item == "fief_title":
        return pick(
            "{who} buys the fief title of {fief} for {paid}",
            "{who}花{paid}購買{fief}的封地爵位",
            lang,
        ).format(**{**f, "paid": amount(e.get("paid", 0), lang, "D", "元", "D")})
    text = {
        "knight": ("{who} buys a knight in {village}", "{who}在{village}購買1名騎士"),
        "man_at_arms": ("{who} buys a man-at-arms in {village}", "{who}在{village}購買1名士兵"),
        "mill": ("{who} builds a mill in {village}", "{who}在{village}建造1座磨坊"),
        "stronghold": ("{who} builds a stronghold in {village}", "{who}在{village}建造要塞"),
    }.get(item, ("{who} buys {item}", "{who}購買{item}"))
    return pick(*text, lang).format(**{**f, "item": word(item, lang)})


def _plague_losses(e: dict[str, Any], f: dict[str, Any], lang: str, names: list[str] | None) -> str:
    lost = _units(e.get("knights", 0), e.get("men_at_arms", 0), lang)
    if not lost:
        return pick(
            "{who} loses nothing to the Plague in {village}",
            "{who}在{village}沒有因「瘟疫」損失部隊",
            lang,
        ).format(**f)
    return pick(
        "{who} loses {lost} to the Plague in {village}",
        "{who}在{village}因「瘟疫」失去{lost}",
        lang,
    ).format(**{**f, "lost": lost})


def _fortress_inherited(
    e: dict[str, Any], f: dict[str, Any], lang: str, names: list[str] | None
) -> str:
    text = pick(
        "{who} inherits the fortress of {village} from {owner}",
        "{who}從{owner}繼承{village}的要塞",
        lang,
    ).format(**f)
    troops = _units(e.get("knights", 0), e.get("men_at_arms", 0), lang)
    return text + (pick(", with {t}", "，連同{t}", lang).format(t=troops) if troops else "")


def _uprising(e: dict[str, Any], f: dict[str, Any], lang: str, names: list[str] | None) -> str:
    if not e.get("damage"):
        return pick(
            "Uprising in {village}: no damage to {foe}",
            "{village}發生「暴動」：{foe}沒有受到傷害",
            lang,
        ).format(**f)
    return pick(
        "Uprising in {village}: {damage} damage to {foe}",
        "{village}發生「暴動」：{foe}受到{damage}點傷害",
        lang,
    ).format(**f)


def _fortification(e: dict[str, Any], f: dict[str, Any], lang: str, names: list[str] | None) -> str:
    return pick(
        "Fortification penalty in {village}: the attackers roll {n} fewer",
        "{village}的攻城懲罰：攻方少擲{n}顆骰子",
        lang,
    ).format(
        village=f["village"],
        n=amount(e["penalty"], lang, "die", "", "dice") if not is_zh(lang) else e["penalty"],
    )


def _diplomacy_marker(
    e: dict[str, Any], f: dict[str, Any], lang: str, names: list[str] | None
) -> str:
    if not e.get("left"):
        return pick(
            "{who} spends their last diplomacy marker", "{who}花掉最後1個外交標記", lang
        ).format(**f)
    return pick(
        "{who} spends a diplomacy marker ({left} left)",
        "{who}花掉1個外交標記（還剩{left}個）",
        lang,
    ).format(**f)


def _offer_accepted(
    e: dict[str, Any], f: dict[str, Any], lang: str, names: list[str] | None
) -> str:
    text = pick("{who} accepts the offer of {with_}", "{who}接受{with_}的協議", lang).format(**f)
    terms = [
        term_text(x, lang, names) for key in ("terms", "terms_received") for x in e.get(key, ())
    ]
    return text + (pick(": {t}", "：{t}", lang).format(t=join(terms, lang)) if terms else "")


def _ballot_cast_seen(
    e: dict[str, Any], f: dict[str, Any], lang: str, names: list[str] | None
) -> str:
    if f.get("vote") is None:
        return pick("{who} abstains", "{who}棄權", lang).format(**f)
    return pick("{who} votes for {vote}", "{who}投給{vote}", lang).format(**f)


def _ballot_open(e: dict[str, Any], f: dict[str, Any], lang: str, names: list[str] | None) -> str:
    votes = _per_seat(e.get("votes", []), lang, names, "票", "vote")
    text = pick("Secret ballot for {office}", "{office}秘密投票", lang).format(
        office=_office(e, lang)
    )
    return text + (pick(": {v}", "：{v}", lang).format(v=votes) if votes else "")


def _ballot(e: dict[str, Any], f: dict[str, Any], lang: str, names: list[str] | None) -> str:
    tally = join(
        (
            f"{quoted(lord_name(lo, lang), lang)}得{n}票"
            if is_zh(lang)
            else f"{lord_name(lo, lang)} gets {amount(n, lang, 'vote', '')}"
            for lo, n in e.get("tally", ())
            if n
        ),
        lang,
    )
    elected = e.get("elected", -1)
    result = (
        pick("{x} is elected", "{x}當選", lang).format(x=_lord(elected, lang))
        if isinstance(elected, int) and elected >= 0
        else pick("Nobody is elected", "無人當選", lang)
    )
    office = _office(e, lang)
    if not tally:
        return pick("Ballot for {o}: no votes. {r}.", "{o}選舉：沒有人投票。{r}。", lang).format(
            o=office, r=result
        )
    return pick("Ballot for {o}: {t}. {r}.", "{o}選舉結果：{t}。{r}。", lang).format(
        o=office, t=tally, r=result
    )


def _lord_dies(e: dict[str, Any], f: dict[str, Any], lang: str, names: list[str] | None) -> str:
    how = pick(*DEATH.get(e.get("why", ""), ("dies", "死亡")), lang)
    return pick("{lord} ({who}) {how}", "{lord}（{who}）{how}", lang).format(**{**f, "how": how})


def _office_vacant(e: dict[str, Any], f: dict[str, Any], lang: str, names: list[str] | None) -> str:
    office = _office(e, lang)
    if f["who"] is None:
        return pick(
            "{lord} is {office} no more: the office is vacant",
            "{lord}不再是{office}，職位空缺",
            lang,
        ).format(**{**f, "office": office})
    return pick(
        "{lord} ({who}) is {office} no more: the office is vacant",
        "{lord}（{who}）不再是{office}，職位空缺",
        lang,
    ).format(**{**f, "office": office})


def _title_passes(e: dict[str, Any], f: dict[str, Any], lang: str, names: list[str] | None) -> str:
    if f["lord"] is None:
        return pick(
            "The title of {fief} goes back to the board", "{fief}的爵位回到圖板上", lang
        ).format(**f)
    return pick(
        "{lord} ({who}) takes over the title of {fief}", "{lord}（{who}）接下{fief}的爵位", lang
    ).format(**f)


def _passage(e: dict[str, Any], f: dict[str, Any], lang: str, names: list[str] | None) -> str:
    yes = bool(e.get("granted"))
    return pick(
        "{who} lets {lord} pass through {village}"
        if yes
        else "{who} refuses {lord} passage through {village}",
        "{who}允許{lord}通過{village}" if yes else "{who}不允許{lord}通過{village}",
        lang,
    ).format(**f)


def _ask_passage(e: dict[str, Any], f: dict[str, Any], lang: str, names: list[str] | None) -> str:
    if f.get("asked") is None:
        return pick("{lord} asks to pass through {to}", "{lord}請求通過{to}", lang).format(**f)
    return pick(
        "{lord} asks {asked} for passage through {to}", "{lord}請求{asked}允許通過{to}", lang
    ).format(**f)


def _escort(e: dict[str, Any], f: dict[str, Any], lang: str, names: list[str] | None) -> str:
    captive = _lord(e.get("captive", -1), lang)
    led = bool(e.get("led"))
    if captive is None:
        return pick(
            "{lord} ({who}) leads a captive" if led else "{lord} ({who}) leaves a captive",
            "{lord}（{who}）帶走1名肉票" if led else "{lord}（{who}）留下1名肉票",
            lang,
        ).format(**f)
    return pick(
        "{lord} ({who}) leads the captive {c}" if led else "{lord} ({who}) leaves the captive {c}",
        "{lord}（{who}）帶走肉票{c}" if led else "{lord}（{who}）留下肉票{c}",
        lang,
    ).format(**{**f, "c": captive})


def _cavalcade_end(e: dict[str, Any], f: dict[str, Any], lang: str, names: list[str] | None) -> str:
    won = bool(e.get("won"))
    return pick(
        "{lord}'s cavalcade succeeds" if won else "{lord}'s cavalcade fails",
        "{lord}的急行軍成功" if won else "{lord}的急行軍失敗",
        lang,
    ).format(**f)


_WORDED = {
    "roll": _roll,
    "round": _round,
    "control": _control,
    "discard": _discard,
    "income": _income,
    "end_of_turn": _end_of_turn,
    "game_over": _game_over,
    "ransom": _ransom,
    "buy": _buy,
    "plague_losses": _plague_losses,
    "fortress_inherited": _fortress_inherited,
    "uprising": _uprising,
    "fortification": _fortification,
    "diplomacy_marker": _diplomacy_marker,
    "offer_accepted": _offer_accepted,
    "ballot_cast/seen": _ballot_cast_seen,
    "ballot_open": _ballot_open,
    "ballot": _ballot,
    "lord_dies": _lord_dies,
    "office_vacant": _office_vacant,
    "title_passes": _title_passes,
    "passage": _passage,
    "ask_passage": _ask_passage,
    "escort": _escort,
    "cavalcade_end": _cavalcade_end,
}

_SEATS = ("seat", "foe", "captor", "owner", "mover", "asked", "defender", "with", "by")


def _fields(event: dict[str, Any], lang: str, names: list[str] | None) -> dict[str, Any]:
    """The event's values in words: players by name, every card, lord and place in 「」."""
    f: dict[str, Any] = {}
    for key, value in event.items():
        if key in _SEATS:
            f[{"seat": "who", "with": "with_"}.get(key, key)] = _seat(value, lang, names)
        elif key in ("village", "to", "from") and isinstance(value, int):
            f["from_" if key == "from" else key] = (
                quoted(village_name(value, lang), lang) if value >= 0 else None
            )
        elif key in ("lord", "partner", "vote"):
            f[key] = _lord(value, lang)
        elif key == "card":
            f[key] = quoted(card_name(value, lang), lang)
        elif key == "fief":
            f[key] = quoted(_n(FIEFS[value], lang), lang)
        elif key == "bishopric":
            f[key] = quoted(bishopric_name(value, lang), lang) if value >= 0 else None
        elif key == "paid":
            f[key] = amount(value, lang, "D", "元", "D")
        elif key in WORDS_OF and isinstance(value, str):
            f[key] = word(value, lang)
        elif key == "how" and isinstance(value, str):
            f[key] = pick(*HOW[value], lang) if value in HOW else value
        else:
            f[key] = value
    if "office" in event or "bishopric" in event:
        f["office"] = _office(event, lang)
    return f


def event_text(event: dict[str, Any], lang: str = "en", names: list[str] | None = None) -> str:
    kind = event["type"]
    if "card_received" in event:  # an offer's card, as its recipient sees it
        event = {**event, "card": event["card_received"]}
    if kind in ("draw", "ballot_cast", "card_given") and ("card" in event or "vote" in event):
        kind += "/seen"
    f = _fields(event, lang, names)
    if kind in _WORDED:
        return _WORDED[kind](event, f, lang, names)
    template = EVENT_TEXT.get(kind)
    if template is None:
        return kind
    try:
        return pick(*template, lang).format(**f)
    except (KeyError, IndexError):
        return kind


# ------------------------------------------------------------------ tables for the terminal

KIND_TEXT = {
    "lord": ("Lord (Cards phase)", "貴族（卡片階段）"),
    "lord_opportunity": ("Lord opportunity (any time)", "貴族機會卡（隨時）"),
    "disaster": ("Disaster", "災難"),
    "fortune": ("Fortune (Cards phase)", "財富（卡片階段）"),
    "opportunity": ("Opportunity (any time)", "機會卡（隨時）"),
}

# The titles of ``noblesse rules fief``'s tables and the names of its own columns, in
# English and 繁體中文.
RULES_LABELS: dict[str, tuple[str, str]] = {
    "cards": ("Cards", "牌"),
    "fiefs": ("Fiefs", "封地"),
    "villages": ("Villages", "村莊"),
    "deck": ("Deck", "牌庫"),
    "kind": ("Kind", "種類"),
    "cost": ("Title cost (D)", "爵位價格（元）"),
    "fief": ("Fief", "封地"),
    "bishopric": ("Bishopric", "教區"),
    "roads": ("Roads to", "道路通往"),
}


def rules_table(lang: str = "en") -> dict[str, list[dict[str, Any]]]:
    """The decks, the fiefs and the villages, for ``noblesse rules fief``."""
    zh = is_zh(lang)

    def other(item: Any) -> str:
        return item.en if zh else item.zh

    def places(items: Any) -> str:
        return join((quoted(village_name(v, lang), lang) for v in items), lang)

    cards = [
        {
            "name": _n(c, lang),
            "other": other(c),
            "deck": pick("Lord", "貴族", lang)
            if c.deck == "lord"
            else pick("Fortune & Disaster", "財富災難", lang),
            "kind": pick(*KIND_TEXT[c.kind], lang),
            "copies": c.copies,
        }
        for c in CARDS
    ]
    fiefs = [
        {
            "name": _n(f, lang),
            "other": other(f),
            "villages": places(f.villages),
            "cost": DATA.fief_title_cost(f.id),
            "copies": 1,
        }
        for f in FIEFS
    ]
    villages = [
        {
            "name": _n(v, lang),
            "other": other(v),
            "fief": quoted(_n(FIEFS[BOARD.fief_of(v.id)], lang), lang),
            "bishopric": quoted(bishopric_name(BOARD.bishopric_of(v.id), lang), lang),
            "roads": places(BOARD.neighbours(v.id)),
            "copies": 1,
        }
        for v in VILLAGES
    ]
    return relabel(
        {"cards": cards, "fiefs": fiefs, "villages": villages},
        {key: pick(en, zh, lang) for key, (en, zh) in RULES_LABELS.items()},
    )


def render_text(
    view: dict[str, Any], lang: str = "en", names: list[str] | None = None
) -> list[str]:
    """The table as lines of Rich markup: every occupied village, the families, the hand."""
    zh = is_zh(lang)
    colours = ["red", "blue", "green", "yellow", "magenta", "cyan"]
    keys = {v.key: v.id for v in VILLAGES}
    lord_at = {c.key: i for i, c in enumerate(LORD_CARDS)}

    def who(i: int | None) -> str:
        return (
            pick("nobody", "無", lang)
            if i is None
            else f"[{colours[i % 6]}]{seat_name(i, lang, names)}[/]"
        )

    out = [
        pick(
            f"[bold]Turn {view['turn']}[/] · {word(view['phase'], lang)} phase · first: "
            f"{who(view['first'])}",
            f"[bold]第{view['turn']}回合[/] · {word(view['phase'], lang)}階段 · "
            f"起始玩家：{who(view['first'])}",
            lang,
        )
    ]
    lords_at: dict[str, list[str]] = {}
    for lo in view["lords"]:
        if lo["village"] is None:
            continue
        name = quoted(lord_name(lord_at[lo["key"]], lang), lang)
        captive = lo["captive_of"] is not None
        tag = (
            (f"（{who(lo['seat'])}，被俘）" if captive else f"（{who(lo['seat'])}）")
            if zh
            else (f" ({who(lo['seat'])}, captive)" if captive else f" ({who(lo['seat'])})")
        )
        lords_at.setdefault(lo["village"], []).append(name + tag)
    for v in view["villages"]:
        troops = [
            pick(f"{who(f)} with {units}", f"{who(f)}有{units}", lang)
            for f, (k, m) in enumerate(zip(v["knights"], v["men_at_arms"], strict=True))
            if (units := _units(k, m, lang))
        ]
        here = lords_at.get(v["key"], [])
        if not (troops or here or v["controller"] is not None):
            continue
        about = []
        if v["controller"] is not None:
            about.append(
                pick(f"held by {who(v['controller'])}", f"{who(v['controller'])}控制", lang)
            )
        if v["city"] or v["stronghold"]:
            about.append(
                pick("[bold]fortified city[/]", "[bold]城堡[/]", lang)
                if v["city"]
                else pick("stronghold", "要塞", lang)
            )
        if v["mills"]:
            about.append(amount(v["mills"], lang, "mill", "座磨坊"))
        if v["besieged"]:
            about.append(pick("besieged", "被圍攻", lang))
        place = quoted(village_name(keys[v["key"]], lang), lang)
        if about:
            place += f"（{'，'.join(about)}）" if zh else f" ({', '.join(about)})"
        inside = (
            join(troops, lang)
            + (pick("; ", "；", lang) if troops and here else "")
            + join(here, lang)
        )
        out.append(f"  {place}{'：' if zh else ': '}{inside}")
    for p in view["players"]:
        cards = (
            amount(p["hand_count"], lang, "card", "張手牌")
            if p["hand_count"]
            else pick("no cards", "沒有手牌", lang)
        )
        out.append(
            pick(
                f"  {who(p['seat'])}: {p['money']} D, {p['vp']} VP, {cards}",
                f"  {who(p['seat'])}：{p['money']}元、勝利點數{p['vp']}、{cards}",
                lang,
            )
        )
    if view["hand"] is not None:
        out.append(
            pick("[bold]Your hand:[/] ", "[bold]你的手牌：[/]", lang)
            + (
                join((quoted(_n(CARDS[DATA.card(k)], lang), lang) for k in view["hand"]), lang)
                or pick("none", "沒有", lang)
            )
        )
    return out
