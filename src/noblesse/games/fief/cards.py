"""The Cards phase (spec §3.2, §4.1, §5.1): discard, draw, disasters, play, hand limit.

The phase is five steps, each going round the table from the first player
(``s.cards_step`` is the step, ``s.cursor`` the player): (1) each player may discard
any cards; (2) each draws 2 (both from the Fortune & Disaster deck, or one from each
deck), a disaster drawn being revealed, set aside and replaced from the same deck; (3)
the disasters revealed are placed, then the Plague strikes (``disasters.place_revealed``,
no round of the table); (4) each player may play lord cards while the family has fewer than 4 lords
(captives and waiting lords count), fortune cards, Joan d'Arc and the Cardinal (a male
lord of the Queen's family may come as the Crown Prince); (5) each discards
down to the hand limit. A fortune card may so answer a disaster drawn by anyone.
"""

from __future__ import annotations

from noblesse.core.events import Event
from noblesse.core.rng import shuffle
from noblesse.games.fief import actions as A
from noblesse.games.fief import disasters, dynasty, fortune, joan
from noblesse.games.fief.control import (
    next_placement,
    place_lord,
    place_or_ask,
    placement_options,
)
from noblesse.games.fief.state import (
    ASSUMED,
    CARD_DECK,
    CARD_KIND,
    CARDS,
    LORD_FEMALE,
    LORD_OF_CARD,
    NL,
    CardsStep,
    FiefState,
    PlacementDue,
    rule,
)

HAND_LIMIT = int(ASSUMED["hand_limit"])
MAX_LORDS = rule("max_lords_on_board")
DRAWS = rule("draws_per_turn")
MAX_LORD_DRAWS = rule("max_lord_draws_per_turn")


DISCARDING, DRAWING, PLACING, PLAYING, TRIMMING = CardsStep
STEP_NAMES = ("discard", "draw", "disasters", "play", "hand_limit")


def lords_in_play(s: FiefState, f: int) -> int:
    return sum(1 for lo in range(NL) if s.l_owner[lo] == f)


def draw_card(s: FiefState, deck: str, ev: list[Event]) -> int:
    """The top card of a deck (its discards reshuffled when it is empty, §4.1); -1 if none."""
    pile = s.lord_deck if deck == "lord" else s.fd_deck
    if not pile:
        discard = s.lord_discard if deck == "lord" else s.fd_discard
        if not discard:
            return -1
        pile.extend(discard)
        discard.clear()
        shuffle(s.rng, pile)
        ev.append(Event("reshuffle", {"deck": deck, "size": len(pile)}))
    return pile.pop()


def place_waiting_lords(s: FiefState, f: int, ev: list[Event]) -> bool:
    """Lords waiting off the board come in by §5.1.2; True when the family is asked
    where (several villages in the tier)."""
    for lo in range(NL):
        if (
            s.l_owner[lo] == f
            and s.l_loc[lo] < 0
            and s.l_captor[lo] < 0
            and PlacementDue(lo) not in s.place_due
            and placement_options(s, f)
        ):
            place_or_ask(s, lo, ev)
    return next_placement(s, ev)


def offer(s: FiefState, p: int, ev: list[Event]) -> bool:
    """Set the decision of ``p`` in the current step; False when he has none left in it."""
    step = s.cards_step
    if step == DISCARDING:
        if s.hand[p]:
            s.kind = A.DISCARD
            return True
        return False
    if step == DRAWING:
        if s.fd_deck or s.fd_discard:
            s.kind = A.DRAW
            return True
        return False
    if step == PLAYING:
        if place_waiting_lords(s, p, ev):
            return True
        # offered whenever the hand holds a card, playable or not: being asked must not
        # tell the others what the hand holds
        if s.hand[p]:
            s.kind = A.PLAY
            return True
        return False
    if len(s.hand[p]) > HAND_LIMIT:
        s.kind = A.HAND_LIMIT
        return True
    return False


def next_step(s: FiefState, ev: list[Event]) -> bool:
    """The table has gone round once: open the next step from the first player; False
    when the phase is over. Between the draw and the play the revealed disasters are
    placed (which may leave a Plague loss to choose)."""
    if s.cards_step == TRIMMING:
        return False
    s.cards_step = CardsStep(s.cards_step + 1)
    s.cursor = 0
    if s.cards_step == PLACING:
        if s.revealed:
            s.react = True  # disasters placed: a public event (§4.12)
        disasters.place_revealed(s, ev)
        s.cards_step = PLAYING
    return True


def legal_discard(s: FiefState, p: int, with_pass: bool) -> list[int]:
    out = [A.PASS] if with_pass else []
    out += sorted({A.DISCARD0 + c for c in s.hand[p]})
    return out


def legal_draw(s: FiefState) -> list[int]:
    if s.lord_deck or s.lord_discard:
        return [A.DRAW_FORTUNE, A.DRAW_MIXED]
    return [A.DRAW_FORTUNE]


def legal_play(s: FiefState, p: int) -> list[int]:
    room = lords_in_play(s, p) < MAX_LORDS
    plays = {
        A.PLAY0 + c
        for c in set(s.hand[p])  # each card once, though the hand may hold two
        if (room and CARD_KIND[c] == "lord") or fortune.playable(s, p, c)
    }
    if joan.playable(s, p):  # a lord opportunity card: "any time" (§4.12.6)
        plays.add(A.PLAY0 + joan.DARC)
    if dynasty.cardinal_playable(s, p):  # the other one (§4.12.7)
        plays.add(A.PLAY0 + dynasty.CARDINAL)
    return [A.PASS, *sorted(plays)]


def apply_discard(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    if action == A.PASS:
        s.cursor += 1  # done discarding: the next player
        return
    card = action - A.DISCARD0
    s.hand[p].remove(card)
    (s.lord_discard if CARD_DECK[card] == "lord" else s.fd_discard).append(card)
    ev.append(Event("discard", {"seat": p, "card": card}))


def apply_draw(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    lords = 0 if action == A.DRAW_FORTUNE else MAX_LORD_DRAWS  # §3.2.2
    decks = ["fortune"] * (DRAWS - lords) + ["lord"] * lords
    for deck in decks:
        while True:
            card = draw_card(s, deck, ev)
            if card < 0:
                break
            if CARD_KIND[card] == "disaster":
                # §3.2.2: revealed, set aside until everyone has drawn, and replaced
                ev.append(Event("disaster_drawn", {"seat": p, "card": card}))
                s.revealed.append(card)
                s.revealed_by.append(p)
                continue
            s.hand[p].append(card)
            ev.append(Event("draw", {"seat": p, "deck": deck}, {p: {"card": card}}))
            break
    s.cursor += 1


def apply_play(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    if action == A.PASS:
        s.cursor += 1  # done playing: the next player
        return
    card = action - A.PLAY0
    if card == joan.DARC:
        joan.play(s, p, ev)
        return
    if card == dynasty.CARDINAL:
        dynasty.play_cardinal(s, p, ev)
        return
    if CARD_KIND[card] == "fortune":
        fortune.play(s, p, card, ev)
        return
    s.hand[p].remove(card)
    lo = LORD_OF_CARD[card]
    s.l_owner[lo] = p
    s.l_born[lo] = s.clock  # a new member of the family (§4.4.3 reclaim)
    s.clock += 1
    ev.append(Event("play_lord", {"seat": p, "card": card, "lord": lo}))
    if may_bear_prince(s, p, lo):
        s.kind, s.new_lord = A.CROWN_PRINCE, lo
        return
    seat_new_lord(s, p, lo, ev)


def may_bear_prince(s: FiefState, p: int, lo: int) -> bool:
    """§5.7, §6 #12: the Queen's family may play a male lord as the Crown Prince while
    the King lives and she is not captive (source "如果皇后被綁票，就不能生皇儲"); one
    Crown Prince at a time. With ``crown_prince_kings_family`` the King's family plays
    him instead (the Queen still there and free)."""
    queen, king = s.queen, s.king
    parent = king if s.options["crown_prince_kings_family"] else queen
    return (
        not LORD_FEMALE[lo]
        and queen >= 0
        and king >= 0
        and s.l_owner[parent] == p
        and s.l_captor[queen] < 0
        and s.crown_prince < 0
    )


def apply_prince(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    lo, s.new_lord = s.new_lord, -1
    if action == A.PRINCE_YES:
        s.crown_prince = lo
        ev.append(Event("crown_prince", {"seat": p, "lord": lo}))
    seat_new_lord(s, p, lo, ev)


def seat_new_lord(s: FiefState, p: int, lo: int, ev: list[Event]) -> None:
    """Place a new lord by §5.1.2, asking where when the tier has several villages."""
    options = placement_options(s, p)
    if len(options) > 1:
        s.kind, s.new_lord = A.PLACE, lo
        return
    place_lord(s, lo, options[0] if options else -1, ev)


def legal_place(s: FiefState, p: int) -> list[int]:
    return [A.PLACE0 + v for v in placement_options(s, p)]


def apply_place(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    place_lord(s, s.new_lord, action - A.PLACE0, ev)
    s.new_lord = -1


def legal_place_freed(s: FiefState, p: int) -> list[int]:
    return [A.PLACE0 + v for v in placement_options(s, s.l_owner[s.place_due[0].lord])]


def apply_place_freed(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    """The family places its freed, ransomed, escaped or waiting lord (§5.1.2)."""
    place_lord(s, s.place_due.pop(0).lord, action - A.PLACE0, ev)


def apply_hand_limit(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    apply_discard(s, p, action, ev)


def card_key(card: int) -> str:
    return CARDS[card].key
