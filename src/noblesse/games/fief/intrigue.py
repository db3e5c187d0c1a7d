"""Opportunity cards (spec §4.12.1-§4.12.5) and the windows where they are played.

The green-lightning cards are played "at any time" (source "這些帶有綠色閃電的牌可以在任何
時間使用"): beside each of the holder's own decisions of a phase (``flow.Decision.anytime``),
in the battle window, and at a reaction window after every public event (``s.react``: a
phase begins, disasters are placed, a fortune card or an any-time card is played, a lord
ends his move, a battle ends). The reaction window asks, in turn order, each seat whose
hand holds a card and for whom one of them could be legal as far as the table can see
(so being asked reveals nothing); each seat answers ``pass`` or plays one card, resolved
at once; a card played is a new event that asks them all again (a card is spent each
time, so play stays finite). A captive's Secret Passage is ``escape:<lord>``. (Asked one
by one rather than all at once: a card played changes what the others may play, and the
kernel's simultaneous decisions are for answers that do not affect each other.)

With ``opportunity_cards_at_windows`` they are played only at the intrigue window, once
a turn at the start of Income (after taxes and disasters are on the board, before the
tax markers go): every seat holding a card is asked in turn order, one card a seat.

* Uprising (§4.12.1): on a village of a fief under another family's Tallage or of a
  Famine bishopric, where some family has figures; the player names the family that
  suffers (several there), may add more Uprising cards, then rolls: effective cards =
  cards − the fortification penalty of that family's stronghold (1) or city (2); damage
  = that many dice + 1 per effective card, taken as battle casualties (§4.6.4). If the
  family has no troops left and a die was rolled, its lords there die and the village's
  mills and stronghold/city are destroyed (§6 #4, #5).
* Assassination (§4.12.3): any lord of another family, d6 1-3 he dies; whatever the
  roll, an assassin marker goes on one of the assassin's lords on the board, a captive
  too (needed to play it).
* Justice (§4.12.4): kills a lord carrying an assassin marker; the King, the Queen, the
  Crown Prince and the Pope are immune.
"""

from __future__ import annotations

from collections.abc import Iterator

from noblesse.core.events import Event
from noblesse.games.fief import actions as A
from noblesse.games.fief import dynasty, joan
from noblesse.games.fief.battle import (
    ATTACKER,
    DEFENDER,
    PENALTY,
    capture_side,
    end_battle,
    hits_of,
    next_in_battle_window,
    side_present,
    side_troops,
    take_hits,
)
from noblesse.games.fief.battle_state import Side
from noblesse.games.fief.control import capture, free, settle
from noblesse.games.fief.crown import immune_to_justice
from noblesse.games.fief.death import kill
from noblesse.games.fief.roads import SECRET_PASSAGE
from noblesse.games.fief.state import (
    ASSUMED,
    BISHOPRIC_OF,
    BISHOPRIC_VILLAGES,
    DATA,
    FIEF_OF,
    FIEF_VILLAGES,
    NL,
    SEATS,
    Answer,
    Answered,
    FiefState,
    Interrupted,
    Uprising,
    d6,
    order,
    present,
    rule,
    the_answer,
    the_battle,
    the_uprising,
    troops,
)

UPRISING = DATA.card("uprising")
AMBUSH = DATA.card("ambush")
ASSASSINATION = DATA.card("assassination")
JUSTICE = DATA.card("justice")
BONUS = rule("uprising_bonus_per_card")
DEATH_MAX = rule("death_roll_max")
BISHOP_STOPS = int(ASSUMED["bishop_stops_uprising_min"])
CARDINAL_STOPS = int(ASSUMED["cardinal_stops_uprising_max"])
CARDINAL_STOPS_ALT = int(ASSUMED["cardinal_stops_uprising_min_alternative"])
MARKERS = DATA.pool_count("assassin_marker")
COPIES = {
    c: DATA.deck("fortune").count(c) for c in (UPRISING, ASSASSINATION, JUSTICE, SECRET_PASSAGE)
}


GREEN = frozenset(COPIES)  # the green-lightning cards: playable at any time (§4.12)
LORD_CARDS = frozenset((joan.DARC, dynasty.CARDINAL))  # the lord opportunity cards


def at_windows(s: FiefState) -> bool:
    """``opportunity_cards_at_windows``: the green cards only at the Income window."""
    return bool(s.options["opportunity_cards_at_windows"])


def open_window(s: FiefState) -> None:
    """The Income window of ``opportunity_cards_at_windows``: every seat holding a card."""
    if at_windows(s):
        s.window = [f for f in order(s) if s.hand[f]]


# ------------------------------------------------------------------ what is playable


def uprising_villages(s: FiefState, p: int) -> list[int]:
    """The villages ``p`` may raise with an Uprising."""
    return list(_uprising_villages(s, p))


def risers(s: FiefState) -> set[int]:
    """Every family that may raise some village (``may_rise`` for all, in one pass): a
    village where some family stands, in a famine or taxed by two families (anyone),
    or by one (anyone else). Only the villages of a bishopric in a famine or tithed, or
    of a fief under a tallage, are read."""
    n = s.n_players
    everyone = set(range(n))
    out: set[int] = set()
    lp, k, m, tallage, famine = s.free_lords, s.knights, s.men_at_arms, s.tallage, s.famine
    tithers = [{t.bishop, t.cardinal, t.pope} - {-1} for t in s.tithe]  # -1: untithed
    taxed: set[int] = set()
    for b, villages in enumerate(BISHOPRIC_VILLAGES):
        if famine[b] or tithers[b]:
            taxed.update(villages)
    for f, villages in enumerate(FIEF_VILLAGES):
        if tallage[f] >= 0:
            taxed.update(villages)
    for v in taxed:
        b = BISHOPRIC_OF[v]
        taxers, tallager = tithers[b], tallage[FIEF_OF[v]]
        if tallager >= 0 and tallager not in taxers:
            taxers = taxers | {tallager}
        if famine[b] or len(taxers) > 1:
            rise = everyone
        else:
            rise = everyone - taxers  # all but its one taxer
        i = v * SEATS
        if not rise <= out and (any(lp[i : i + n]) or any(k[i : i + n]) or any(m[i : i + n])):
            out |= rise
            if out == everyone:
                break
    return out


def may_rise(s: FiefState, p: int) -> bool:
    """Some village may be raised by ``p`` (``uprising_villages``, stopping at the first)."""
    return next(_uprising_villages(s, p), -1) >= 0


def _uprising_villages(s: FiefState, p: int) -> Iterator[int]:
    """Villages taxed by someone other than ``p`` alone, or in a famine (§4.12.1: not on
    a tax of his own only), where some family stands (``present``), in order. Only the
    villages of such a bishopric (a famine, or tithed by another family) or fief (under
    another family's tallage) are read."""
    n, mine = s.n_players, (-1, p)
    lp, k, m = s.free_lords, s.knights, s.men_at_arms
    taxed: set[int] = set()
    for famine, t, villages in zip(s.famine, s.tithe, BISHOPRIC_VILLAGES, strict=True):
        if famine or t.bishop not in mine or t.cardinal not in mine or t.pope not in mine:
            taxed.update(villages)
    for tallager, villages in zip(s.tallage, FIEF_VILLAGES, strict=True):
        if tallager not in mine:
            taxed.update(villages)
    for v in sorted(taxed):
        i = v * SEATS
        if any(lp[i : i + n]) or any(k[i : i + n]) or any(m[i : i + n]):
            yield v


def assassination_targets(s: FiefState, p: int) -> list[int]:
    if not may_assassinate(s, p):
        return []
    return [lo for lo in range(NL) if s.l_owner[lo] >= 0 and s.l_owner[lo] != p]


def may_assassinate(s: FiefState, p: int) -> bool:
    """``assassination_targets`` is not empty (``assassins``)."""
    return p in assassins(s)


def assassins(s: FiefState) -> set[int]:
    """The families whose ``assassination_targets`` are not empty, in one pass over the
    lords: a marker is left, the family has a lord to bear it (``marker_bearers``), and
    another family a lord in play."""
    if sum(s.assassin) >= MARKERS:
        return set()
    bearers, in_play = set(), set()
    for f, loc, marked in zip(s.l_owner, s.l_loc, s.assassin, strict=True):
        if f >= 0:
            in_play.add(f)
            if loc >= 0 and not marked:
                bearers.add(f)
    if len(in_play) > 1:
        return bearers
    return set()


def justice_targets(s: FiefState) -> list[int]:
    immune = immune_to_justice(s)
    return [lo for lo in range(NL) if s.assassin[lo] and s.l_owner[lo] >= 0 and lo not in immune]


def unseen(s: FiefState, card: int) -> bool:
    """Some copy of ``card`` is not in the discard pile: a hand may hold it."""
    return s.fd_discard.count(card) < COPIES[card]


def answerers(s: FiefState) -> list[int]:
    """Who is asked at a reaction window, in turn order: a seat whose hand holds a card
    while one of the green cards not all discarded would be legal for him now. Only
    what the table sees decides it (hand sizes are public), so being asked reveals
    nothing. Each card's families are read once for all seats: Justice (anyone, while
    a marked lord may be judged), Secret Passage (a family with a captive),
    Assassination (``assassination_targets``), Uprising (``risers``)."""
    holders = [p for p in order(s) if s.hand[p]]
    if not holders:
        return []
    if unseen(s, JUSTICE) and any(s.assassin) and justice_targets(s):
        return holders
    may: set[int] = set()
    if unseen(s, SECRET_PASSAGE) and max(s.l_captor) >= 0:  # some lord is held
        may.update(f for f, captor in zip(s.l_owner, s.l_captor, strict=True) if captor >= 0)
    if unseen(s, ASSASSINATION) and not may.issuperset(holders):
        may |= assassins(s)
    if unseen(s, UPRISING) and not may.issuperset(holders):
        may |= risers(s)
    return [p for p in holders if p in may]


def anytime_plays(s: FiefState, p: int) -> list[int]:
    """The green cards ``p`` may play now: ``play:<card>`` for Uprising, Assassination
    and Justice, ``escape:<lord>`` for a Secret Passage freeing that captive."""
    hand = s.hand[p]
    if GREEN.isdisjoint(hand):
        return []
    out = []
    if UPRISING in hand and may_rise(s, p):
        out.append(A.PLAY0 + UPRISING)
    if ASSASSINATION in hand and may_assassinate(s, p):
        out.append(A.PLAY0 + ASSASSINATION)
    if JUSTICE in hand and justice_targets(s):
        out.append(A.PLAY0 + JUSTICE)
    if SECRET_PASSAGE in hand:
        out += [A.ESCAPE0 + lo for lo in captives_of(s, p)]
    return sorted(out)


ANYTIME = frozenset(
    (*range(A.ESCAPE0, A.ESCAPE0 + NL), *(A.PLAY0 + c for c in COPIES if c != SECRET_PASSAGE))
)
"""``anytime_plays``' kind of action: a green card played."""


def is_anytime(action: int) -> bool:
    """``action`` plays a green card (``anytime_plays``' kind of action)."""
    return action in ANYTIME


def play_anytime(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    """Play one of ``anytime_plays``; its resolution follows, then a reaction window."""
    s.react = True  # a card played: others may answer it
    if A.ESCAPE0 <= action < A.ESCAPE0 + NL:
        _spend(s, p, SECRET_PASSAGE, ev)
        s.actor = p
        escape(s, p, action - A.ESCAPE0, ev)
        return
    _play_card(s, p, action - A.PLAY0, ev)


def open_reaction(s: FiefState) -> bool:
    """After a public event, once nothing is under way (no battle or cavalcade, no
    Plague loss on entry): the reaction window, if any seat is to be asked."""
    if s.battle is not None or s.cavalcade is not None or s.entry_due:
        return False
    s.react = False
    s.window = answerers(s)
    if not s.window:
        return False
    s.kind, s.actor = A.WINDOW, s.window[0]
    return True


def lord_cards(s: FiefState, p: int) -> list[int]:
    """Joan d'Arc and the Cardinal, the lord opportunity cards, when playable."""
    if LORD_CARDS.isdisjoint(s.hand[p]):
        return []
    out = [A.PLAY0 + joan.DARC] if joan.playable(s, p) else []
    if dynasty.cardinal_playable(s, p):
        out.append(A.PLAY0 + dynasty.CARDINAL)
    return out


def legal_window(s: FiefState, p: int) -> list[int]:
    """The green cards and the lord cards; at the Income window of
    ``opportunity_cards_at_windows`` a captive's Secret Passage is ``play:secret_passage``
    (his family then names him, ``escape_captive``)."""
    hand = s.hand[p]
    if GREEN.isdisjoint(hand) and LORD_CARDS.isdisjoint(hand):
        return [A.PASS]  # asked with nothing to play (``answerers``: hands are hidden)
    plays = anytime_plays(s, p)
    if at_windows(s):
        plays = [a for a in plays if not A.ESCAPE0 <= a < A.ESCAPE0 + NL]
        if SECRET_PASSAGE in s.hand[p] and captives_of(s, p):
            plays.append(A.PLAY0 + SECRET_PASSAGE)
    return sorted([A.PASS, *plays, *lord_cards(s, p)])


def captives_of(s: FiefState, p: int) -> list[int]:
    if max(s.l_captor) < 0:  # nobody is held
        return []
    return [
        lo
        for lo, (f, captor) in enumerate(zip(s.l_owner, s.l_captor, strict=True))
        if f == p and captor >= 0
    ]


def apply_window(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    """The Income window (``opportunity_cards_at_windows``): the machine asks the next
    seat. A reaction window: the next seat, or (a card played) every seat again."""
    s.window.remove(p)
    if not at_windows(s):
        if action != A.PASS:
            s.window = []
            if is_anytime(action):
                play_anytime(s, p, action, ev)
                return
            s.react = True
        elif s.window:
            s.kind, s.actor = A.WINDOW, s.window[0]
            return
    if action == A.PASS:
        return
    card = action - A.PLAY0
    if card == joan.DARC:
        joan.play(s, p, ev)
        return
    if card == dynasty.CARDINAL:
        dynasty.play_cardinal(s, p, ev)
        return
    _play_card(s, p, card, ev)


def _spend(s: FiefState, p: int, card: int, ev: list[Event]) -> None:
    s.hand[p].remove(card)
    s.fd_discard.append(card)
    ev.append(Event("play_opportunity", {"seat": p, "card": card}))


def _play_card(s: FiefState, p: int, card: int, ev: list[Event]) -> None:
    _spend(s, p, card, ev)
    s.actor = p
    if card == UPRISING:
        s.uprising = Uprising(by=p)
        s.kind = A.UPRISING_TARGET
    elif card == ASSASSINATION:
        s.kind = A.ASSASSIN_TARGET
    elif card == JUSTICE:
        s.kind = A.JUSTICE_TARGET
    else:  # Secret Passage: a captive escapes (§4.12.2)
        held = captives_of(s, p)
        if len(held) > 1:
            s.kind = A.ESCAPE_CHOICE  # the family chooses which
            return
        escape(s, p, held[0], ev)


def escape(s: FiefState, p: int, lo: int, ev: list[Event]) -> None:
    v = s.l_loc[lo]
    ev.append(Event("escape", {"lord": lo, "seat": p, "village": v}))
    free(s, lo, ev)
    s.kind = A.NONE


def legal_escape_choice(s: FiefState, p: int) -> list[int]:
    return [A.ESCAPE0 + lo for lo in captives_of(s, p)]


def apply_escape_choice(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    escape(s, p, action - A.ESCAPE0, ev)


def apply_joan_target(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    """Joan d'Arc on her lady; played in a battle window (a battle is on, in the
    Battles phase or a cavalcade's), the window goes on."""
    joan.apply_target(s, p, action, ev)
    if s.battle is not None:
        next_in_battle_window(s)


# ------------------------------------------------------------------ uprising


def legal_uprising_target(s: FiefState, p: int) -> list[int]:
    return [A.UPRISING0 + v for v in uprising_villages(s, p)]


def apply_uprising_target(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    v = action - A.UPRISING0
    families = [f for f in range(s.n_players) if present(s, v, f)]
    if len(families) > 1:  # the player chooses which
        s.uprising = the_uprising(s)._replace(village=v)
        s.kind = A.UPRISING_FOE
        return
    s.uprising = the_uprising(s)._replace(village=v, family=families[0])
    more_or_roll(s, p, ev)


def legal_uprising_foe(s: FiefState) -> list[int]:
    v = the_uprising(s).village
    return [A.FOE0 + f for f in range(s.n_players) if present(s, v, f)]


def apply_uprising_foe(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    s.uprising = the_uprising(s)._replace(family=action - A.FOE0)
    more_or_roll(s, p, ev)


def more_or_roll(s: FiefState, p: int, ev: list[Event]) -> None:
    # asked whenever the hand holds a card, so that being asked reveals nothing
    if s.hand[p]:
        s.kind = A.UPRISING_MORE
    else:
        before_roll(s, ev)


# ------------------------------------------------------------------ the clergy (§4.12.1)


def clerics_at(s: FiefState, v: int) -> list[int]:
    """Free lords in ``v`` who may try to stop the uprising: the Bishop of its
    bishopric, any Cardinal [presence in the village: assumed, spec §4.12.1]."""
    b = BISHOPRIC_OF[v]
    return [
        lo
        for lo in range(NL)
        if s.l_loc[lo] == v
        and s.l_owner[lo] >= 0
        and s.l_captor[lo] < 0
        and (s.bishop[b] == lo or s.cardinal[lo])
    ]


def before_roll(s: FiefState, ev: list[Event]) -> None:
    u = the_uprising(s)
    s.uprising = u._replace(clerics=tuple(clerics_at(s, u.village)))
    next_cleric(s, ev)


def next_cleric(s: FiefState, ev: list[Event]) -> None:
    u = the_uprising(s)
    if u.clerics:
        s.kind, s.actor = A.UPRISING_STOP, s.l_owner[u.clerics[0]]
        return
    revolt(s, ev)


def apply_uprising_stop(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    """d6: a Bishop stops it on 5-6, a Cardinal on 1-4 (on 3-6 with
    ``cardinal_stops_low`` off, §6 #17; a Cardinal who is the Bishop there tries once,
    as Cardinal [assumed]); failing, he may die with the others."""
    u = the_uprising(s)
    lo = u.clerics[0]
    s.uprising = u = u._replace(clerics=u.clerics[1:])
    if action == A.PASS:
        next_cleric(s, ev)
        return
    r = d6(s)
    ev.append(Event("roll", {"seat": p, "why": "uprising_stop", "dice": [r], "lord": lo}))
    if not s.cardinal[lo]:
        stopped = r >= BISHOP_STOPS
    elif s.options["cardinal_stops_low"]:
        stopped = r <= CARDINAL_STOPS
    else:
        stopped = r >= CARDINAL_STOPS_ALT
    if stopped:
        ev.append(Event("uprising_stopped", {"seat": p, "lord": lo, "village": u.village}))
        end_uprising(s)
        return
    s.uprising = u._replace(failed=(*u.failed, lo))
    next_cleric(s, ev)


def end_uprising(s: FiefState) -> None:
    s.uprising = None
    s.kind = A.NONE


def legal_uprising_more(s: FiefState, p: int) -> list[int]:
    out = [A.PASS]
    if UPRISING in s.hand[p]:
        out.append(A.PLAY0 + UPRISING)
    if SECRET_PASSAGE in s.hand[p] and uprising_penalty(s) > 0:
        out.append(A.PLAY0 + SECRET_PASSAGE)
    return sorted(out)


def uprising_penalty(s: FiefState) -> int:
    """The dice the Uprising loses to a fortress of the family it rises against."""
    u = the_uprising(s)
    v = u.village
    if u.penalty_cancelled or s.ctrl[v] != u.family:
        return 0
    return PENALTY[s.fort[v]]


def apply_uprising_more(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    if action == A.PASS:
        before_roll(s, ev)
        return
    card = action - A.PLAY0
    s.hand[p].remove(card)
    s.fd_discard.append(card)
    ev.append(Event("play_opportunity", {"seat": p, "card": card}))
    u = the_uprising(s)
    if card == SECRET_PASSAGE:
        s.uprising = u._replace(penalty_cancelled=True)  # §4.12.2
    else:
        s.uprising = u._replace(cards=u.cards + 1)
    more_or_roll(s, p, ev)


def revolt(s: FiefState, ev: list[Event]) -> None:
    """The dice and the damage: the penalty takes whole cards, die and +1 (§6 #4), or
    with ``uprising_penalty_whole_cards`` off dice only (no die rolled: no +1 either
    way, source "如果沒有擲骰就沒有 + 1 傷害效果"). Lords of the family left
    without troops die (the source; with ``uprising_needs_effective_die``, §6 #5, only
    when a die was rolled)."""
    u = the_uprising(s)
    p, v, f, cards = u.by, u.village, u.family, u.cards
    penalty = uprising_penalty(s)
    effective = max(0, cards - penalty)
    rolls = [d6(s) for _ in range(effective)]
    ev.append(Event("roll", {"seat": p, "why": "uprising", "dice": rolls, "village": v}))
    # source "如果沒有擲骰就沒有 + 1 傷害效果": with no die rolled no card's +1 counts,
    # whichever way the penalty is read
    bonus_cards = effective if s.options["uprising_penalty_whole_cards"] or not effective else cards
    damage = hits_of(s, rolls) + BONUS * bonus_cards
    k, m, _ = take_hits(s, v, f, damage)
    ev.append(
        Event(
            "uprising",
            {
                "seat": p,
                "village": v,
                "foe": f,
                "cards": cards,
                "effective": effective,
                "damage": damage,
                "losses": [k, m],
            },
        )
    )
    deadly = effective > 0 or not s.options["uprising_needs_effective_die"]
    if troops(s, v, f) == 0 and deadly:
        # source: lords without troops are simply killed; rebels take no prisoners
        for lo in range(NL):
            if s.l_loc[lo] == v and s.l_owner[lo] == f and s.l_captor[lo] < 0:
                kill(s, lo, "uprising", ev)
    for lo in u.failed:  # "也可能一起陪葬": a failed cleric without troops there
        if deadly and s.l_owner[lo] >= 0 and s.l_loc[lo] == v and not troops(s, v, s.l_owner[lo]):
            kill(s, lo, "uprising", ev)
    if effective and rebels_raze(s, v, f):
        raze(s, v, ev)
    settle(s, v, ev)
    end_uprising(s)


def rebels_raze(s: FiefState, v: int, f: int) -> bool:
    """Source: only when no troops are left in the village (NOTES difference 9); with
    ``raze_needs_empty_village`` off, the spec's: when the family the Uprising chose has
    none left there."""
    if s.options["raze_needs_empty_village"]:
        return not any(troops(s, v, g) for g in range(s.n_players))
    return not troops(s, v, f)


def raze(s: FiefState, v: int, ev: list[Event]) -> None:
    """The village's mills and fortress fall (source §暴動, NOTES disagreement 9)."""
    if s.mills[v] or s.fort[v]:
        ev.append(Event("razed", {"village": v, "mills": s.mills[v], "fort": s.fort[v]}))
    s.mills[v] = 0
    s.fort[v] = 0


# ------------------------------------------------------------------ assassination, justice


def legal_assassin_target(s: FiefState, p: int) -> list[int]:
    return [A.KILL0 + lo for lo in assassination_targets(s, p)]


def apply_assassin_target(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    lo = action - A.KILL0
    target = s.l_owner[lo]
    if s.hand[target]:  # the target's family may answer with a Secret Passage
        s.answer = Answer(Answered.ASSASSINATION, lo, p)
        s.kind, s.actor = A.SP_ANSWER, target
        return
    assassinate(s, p, lo, ev)


def assassinate(s: FiefState, p: int, lo: int, ev: list[Event]) -> None:
    r = d6(s)
    ev.append(Event("roll", {"seat": p, "why": "assassination", "dice": [r], "lord": lo}))
    if r <= DEATH_MAX:
        kill(s, lo, "assassination", ev)
    else:
        ev.append(Event("assassination_failed", {"seat": p, "lord": lo}))
    s.kind, s.actor = (A.ASSASSIN_MARKER if marker_bearers(s, p) else A.NONE), p


def marker_bearers(s: FiefState, p: int) -> list[int]:
    """The family's lords on the board without a marker, captives included: the source
    puts the marker on "自己控制的某個貴族" (a lord the player controls), and "肉票依然算在
    玩家控制的四個貴族內" (a captive still counts among the player's four lords)."""
    return [
        lo for lo in range(NL) if s.l_owner[lo] == p and s.l_loc[lo] >= 0 and not s.assassin[lo]
    ]


def legal_marker(s: FiefState, p: int) -> list[int]:
    return [A.MARKER0 + lo for lo in marker_bearers(s, p)]


def apply_marker(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    lo = action - A.MARKER0
    s.assassin[lo] = 1
    ev.append(Event("assassin_marker", {"seat": p, "lord": lo}))
    s.kind = A.NONE


def legal_justice(s: FiefState) -> list[int]:
    return [A.KILL0 + lo for lo in justice_targets(s)]


def apply_justice(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    lo = action - A.KILL0
    ev.append(Event("justice", {"seat": p, "lord": lo}))
    kill(s, lo, "justice", ev)
    s.kind = A.NONE


# ------------------------------------------------------------------ Secret Passage answers


def legal_sp_answer(s: FiefState, p: int) -> list[int]:
    return sorted([A.PASS] + ([A.PLAY0 + SECRET_PASSAGE] if SECRET_PASSAGE in s.hand[p] else []))


def apply_sp_answer(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    cancelled = action != A.PASS
    if cancelled:
        s.hand[p].remove(SECRET_PASSAGE)
        s.fd_discard.append(SECRET_PASSAGE)
        ev.append(Event("play_opportunity", {"seat": p, "card": SECRET_PASSAGE}))
    what, lo, by = the_answer(s)
    s.answer = None
    if what == Answered.ASSASSINATION:
        if cancelled:
            ev.append(Event("assassination_failed", {"seat": by, "lord": lo}))
            s.kind, s.actor = (A.ASSASSIN_MARKER if marker_bearers(s, by) else A.NONE), by
        else:
            assassinate(s, by, lo, ev)
        return
    if cancelled:
        ev.append(Event("ambush_foiled", {"seat": p, "lord": lo}))
        next_in_battle_window(s)
    else:
        ambush_take(s, by, lo, ev)


# ------------------------------------------------------------------ the battle window


def _free_lords(s: FiefState, v: int, f: int) -> list[int]:
    return [
        lo for lo in range(NL) if s.l_loc[lo] == v and s.l_owner[lo] == f and s.l_captor[lo] < 0
    ]


def _other_side(s: FiefState, p: int) -> Side:
    return DEFENDER if the_battle(s).sides[p] == ATTACKER else ATTACKER


def ambush_targets(s: FiefState, p: int) -> list[int]:
    """The free lords in the battle of every family on the other side from ``p``."""
    which = _other_side(s, p)
    b = the_battle(s)
    return [
        lo
        for lo in range(NL)
        if s.l_loc[lo] == b.village
        and s.l_captor[lo] < 0
        and s.l_owner[lo] >= 0
        and b.sides[s.l_owner[lo]] == which
    ]


def legal_battle_window(s: FiefState, p: int) -> list[int]:
    """Any family of either side: Ambush with a lord of its own in the battle against a
    lord of the other side there (§4.12.5, source "使用者最少要有一名領主參加戰爭");
    Secret Passage against the fortification penalty (a family of the attacking side,
    §4.12.2); Joan d'Arc (§4.12.6)."""
    out = [A.PASS]
    b = the_battle(s)
    v = b.village
    if AMBUSH in s.hand[p] and _free_lords(s, v, p) and ambush_targets(s, p):
        out.append(A.PLAY0 + AMBUSH)
    if SECRET_PASSAGE in s.hand[p] and b.sides[p] == ATTACKER and b.penalty > 0:
        out.append(A.PLAY0 + SECRET_PASSAGE)
    out += lord_cards(s, p)
    if not at_windows(s):  # the green cards, any time
        out += anytime_plays(s, p)
    return sorted(out)


def apply_battle_window(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    s.window.remove(p)
    if action == A.PASS:
        next_in_battle_window(s)
        return
    if is_anytime(action):
        # resolved first; then the window goes on (``back_to_battle``)
        s.interrupted.push(Interrupted(A.BATTLE_WINDOW, p))
        play_anytime(s, p, action, ev)
        return
    card = action - A.PLAY0
    if card == joan.DARC:
        joan.play(s, p, ev)  # her lady next, then the window goes on
        return
    if card == dynasty.CARDINAL:
        dynasty.play_cardinal(s, p, ev)  # his Bishop next, then the window goes on
        return
    s.hand[p].remove(card)
    s.fd_discard.append(card)
    ev.append(Event("play_opportunity", {"seat": p, "card": card}))
    b = the_battle(s)
    if card == SECRET_PASSAGE:
        b.penalty = 0
        b.secret_passage = True  # for the whole battle, whoever changes sides
        ev.append(Event("penalty_cancelled", {"seat": p, "village": b.village}))
        next_in_battle_window(s)
        return
    s.kind, s.actor = A.AMBUSH_CAPTURE, p


def back_to_battle(s: FiefState, ev: list[Event]) -> None:
    """A green card played in the battle window is resolved: the battle ends if it left
    a side with nobody there, or lords alone facing troops (taken without dice, §4.6.1),
    or lords alone on both sides; else the window goes on."""
    s.interrupted.pop()  # the window, which goes on here
    if not (side_present(s, ATTACKER) and side_present(s, DEFENDER)):
        s.window = []
        end_battle(s, "eliminated", ev)
        return
    a_tr, d_tr = side_troops(s, ATTACKER), side_troops(s, DEFENDER)
    if d_tr == 0 and a_tr == 0:
        s.window = []
        end_battle(s, "lords_only", ev)
        return
    if d_tr == 0:
        s.window = []
        capture_side(s, DEFENDER, ev)
        end_battle(s, "captured", ev)
        return
    next_in_battle_window(s)


def legal_ambush_capture(s: FiefState, p: int) -> list[int]:
    return [A.CAPTURE0 + lo for lo in ambush_targets(s, p)]


def apply_ambush_capture(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    """The ambusher names the lord; that lord's family, if its hand holds a card, may
    answer with a Secret Passage (§4.12.2, §4.12.5)."""
    lo = action - A.CAPTURE0
    foe = s.l_owner[lo]
    if s.hand[foe]:
        s.answer = Answer(Answered.AMBUSH, lo, p)
        s.kind, s.actor = A.SP_ANSWER, foe
        return
    ambush_take(s, p, lo, ev)


def ambush_take(s: FiefState, p: int, lo: int, ev: list[Event]) -> None:
    """The ambusher takes the lord. Without troops in the village, one of his lords
    there (the first by number) leads the captive, so that he is guarded (§4.6.6)
    [assumed]. If the other side has no free lord left in the battle ("對方最後一名領主",
    the opponent read as the other side [assumed]), the ambusher decides whether the
    battle goes on."""
    v = the_battle(s).village
    capture(s, lo, p, ev)
    if not troops(s, v, p):
        s.l_escort[lo] = _free_lords(s, v, p)[0]
    if ambush_targets(s, p):
        next_in_battle_window(s)
    else:
        s.kind, s.actor = A.AMBUSH_DECIDE, p  # their last lord there: go on or stop


def apply_ambush_decide(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    if action == A.AMBUSH_END:
        s.window = []
        end_battle(s, "ambush", ev)
    else:
        next_in_battle_window(s)
