"""Diplomacy as structured offers (spec §4.11, §7.4).

An offer is made in steps of legal actions, at a window: the first decision of a player's
own turn in the Ransom, Purchase, Movement and Battle phases, and his marriage proposal
in the Announcements (``WINDOWS``, each time that decision is asked). ``offer:to:<seat>``
opens it (at most ``offers_per_phase`` a family a phase [assumed]); ``term:*`` and
``promise:*`` add terms (at most ``offer_terms_max``, each legal now); ``offer:send``
hands it to the recipient, whose decision it then is (``offer:accept | offer:refuse``);
``offer:cancel`` drops it. Either way the interrupted decision is asked again.

Accepted, the binding terms are checked again and carried out together, or none is
(event ``offer_failed``). Money and cards go to a family only if it spends one of its
diplomacy markers: one marker an offer, for up to 3 D or for cards, not both (§4.11).
Ransoms, passages, truces, hand-overs, grants, approvals, marriages and annulments need
no marker (§4.11 [assumed]). Agreements for later (a passage, a truce, a Cardinal, a
marriage) are ``pacts``; promises, the author's (``promise:*``) or asked of the
recipient (``ask_promise:*``), bind nobody: ``promises.py`` records and judges them.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from noblesse.core.events import Event
from noblesse.games.fief import actions as A
from noblesse.games.fief import marriage, promises
from noblesse.games.fief.control import free, settle
from noblesse.games.fief.crown import crown_family
from noblesse.games.fief.dynasty import grantees
from noblesse.games.fief.economy import ransom_cap
from noblesse.games.fief.state import (
    ASSUMED,
    FIEF_VILLAGES,
    LORD_FEMALE,
    NF,
    NL,
    NV,
    SEATS,
    Deadline,
    FiefState,
    Offer,
    Pact,
    PactKind,
    Term,
    battle_village,
    besieged,
    interrupt,
    present,
    resume,
    the_offer,
)

OFFERS_PER_PHASE = int(ASSUMED["offers_per_phase"])
TERMS_MAX = int(ASSUMED["offer_terms_max"])
HAND_LIMIT = int(ASSUMED["hand_limit"])
WINDOWS = frozenset((A.RANSOM, A.PURCHASE, A.MOVE_SELECT, A.BATTLE_SELECT, A.PROPOSAL))
KINDS = frozenset((A.OFFER_COMPOSE, A.OFFER_ANSWER))
NCARDS = A.RANSOM_TERM0 - A.GIVE_CARD0


def _in(action: int, start: int, size: int) -> bool:
    return start <= action < start + size


# ------------------------------------------------------------------ windows and limits
def openers(s: FiefState, p: int) -> list[int]:
    """``offer:to:<seat>`` while the family has offers left this phase."""
    if s.offers_made[p] >= OFFERS_PER_PHASE:
        return []
    return [A.OFFER_TO0 + g for g in range(s.n_players) if g != p]


def on_phase(s: FiefState, ev: list[Event]) -> None:
    """A new phase: the offer counts start again, expired pacts go, at the
    Announcements the agreed marriages are made if both may still marry, and at the
    end of a turn the promises due are judged."""
    s.offers_made = [0] * s.n_players
    if s.phase == A.END_OF_TURN and s.promises:
        promises.deadline(s)
    if not s.pacts:
        return
    now = Deadline(s.turn, s.phase)
    keep = []
    for pact in s.pacts:
        if pact.kind == PactKind.BETROTHAL:
            if s.phase == A.ANNOUNCE:
                _perform_betrothal(s, pact.first, pact.second, ev)
                continue
        elif pact.until is not None and pact.until < now:
            continue
        keep.append(pact)
    s.pacts = keep


def _perform_betrothal(s: FiefState, lo: int, other: int, ev: list[Event]) -> None:
    if (
        other in marriage.partners(s, lo)
        and marriage.can_marry(s, lo)
        and marriage.family_free(s, s.l_owner[lo])
    ):
        marriage.wed(s, lo, other, ev)
    else:
        ev.append(Event("betrothal_void", {"seat": s.l_owner[lo], "lord": lo, "partner": other}))


def may_grant_passage(s: FiefState, g: int, v: int) -> bool:
    """``g`` is asked for passage through ``v``: he holds it, or he keeps a road there
    (came in by it and stands on it, ``roads.road_keeper``)."""
    i = v * SEATS + g
    return s.ctrl[v] == g or (
        s.entry[i] >= 0 and bool(s.free_lords[i] or s.knights[i] or s.men_at_arms[i])
    )


def _passage_ok(s: FiefState, a: int, r: int, v: int, lo: int) -> bool:
    """Passage through ``v`` up to the Movement, for a free lord on the board of one
    party (``lo``; -1: any), the other party asked there."""
    if lo >= 0:
        return lo in _passage_lords(s, a, r, v)
    return bool(_passage_lords(s, a, r, v))


def _passage_lords(s: FiefState, a: int, r: int, v: int) -> list[int]:
    """The free lords on the board of either party whom a passage through ``v`` may be
    for, up to the Movement: the other party may grant passage there."""
    if s.phase > A.MOVEMENT:
        return []
    grants = {g: may_grant_passage(s, g, v) for g in (a, r)}
    return [
        x
        for x, (f, captor, loc) in enumerate(zip(s.l_owner, s.l_captor, s.l_loc, strict=True))
        if (f == a and grants[r] or f == r and grants[a]) and captor < 0 and loc >= 0
    ]


# ------------------------------------------------------------------ the terms
def _gifts(s: FiefState, terms: Sequence[Term]) -> tuple[set[str], set[str]]:
    """What the author and the recipient receive that needs a marker: money, cards."""
    to_author: set[str] = set()
    to_recipient: set[str] = set()
    for act, _ in terms:
        if _in(act, A.GIVE_MONEY0, 3):
            to_recipient.add("money")
        elif _in(act, A.ASK_MONEY0, 3):
            to_author.add("money")
        elif _in(act, A.GIVE_CARD0, NCARDS):
            to_recipient.add("cards")
    return to_author, to_recipient


def term_ok(s: FiefState, a: int, r: int, act: int, x: int) -> bool:
    """Is the term ``act`` (``x``: the price or the partner) possible now between the
    author ``a`` and the recipient ``r``? Checked when it is added and when it is done."""
    if _in(act, A.GIVE_MONEY0, 3):
        return s.money[a] > act - A.GIVE_MONEY0 and s.markers[r] > 0
    if _in(act, A.ASK_MONEY0, 3):
        return s.money[r] > act - A.ASK_MONEY0 and s.markers[a] > 0
    if _in(act, A.GIVE_CARD0, NCARDS):
        return act - A.GIVE_CARD0 in s.hand[a] and s.markers[r] > 0
    if _in(act, A.RANSOM_TERM0, NL):
        lo = act - A.RANSOM_TERM0
        captor = s.l_captor[lo]
        if captor < 0 or {captor, s.l_owner[lo]} != {a, r}:
            return False
        return x < 0 or x in _prices(s, lo)
    if _in(act, A.PASSAGE0, NV):
        return _passage_ok(s, a, r, act - A.PASSAGE0, x)
    if _in(act, A.TRUCE_TERM0, NV):
        v = act - A.TRUCE_TERM0
        return (
            s.phase <= A.BATTLES
            and battle_village(s) != v
            and present(s, v, a)
            and present(s, v, r)
        )
    if _in(act, A.CEDE0, NV):
        v = act - A.CEDE0
        c = s.ctrl[v]
        return (
            c in (a, r)
            and present(s, v, a + r - c)
            and battle_village(s) != v
            and not besieged(s, v)
        )
    if _in(act, A.TITLE_TERM0, NF):
        crown = crown_family(s)
        if crown not in (a, r):
            return False
        holders = grantees(s, act - A.TITLE_TERM0)
        return bool(holders) and s.l_owner[holders[0]] == a + r - crown
    if _in(act, A.WED0, NL):
        partners = _wed_partners(s, a, r, act - A.WED0)
        return bool(partners) if x < 0 else x in partners
    if act == A.CARDINAL_TERM:
        return _pope_family(s) in (a, r)
    if act == A.ANNUL_TERM:
        pope = _pope_family(s)
        if pope not in (a, r):
            return False
        lo = marriage.family_marriage(s, a + r - pope)
        return lo >= 0 and marriage.annullable(s, lo)
    if promises.asked(act):
        act -= A.ASKED  # asked of the recipient: the same promise
    if _in(act, A.PROMISE_VOTE0, NL):
        return marriage.in_play(s, act - A.PROMISE_VOTE0)
    return _in(act, A.PROMISE_PAY0, 3) or act == A.PROMISE_PEACE


def open_offer(s: FiefState, a: int, r: int) -> Offer:
    """An offer from ``a`` to ``r`` with no term yet, and every term the state allows
    between them listed (``Offer.open_terms``): nothing else changes while it is made."""
    return Offer(a, r, tuple(_possible_terms(s, a, r)))


def _possible_terms(s: FiefState, a: int, r: int) -> list[int]:
    """The terms ``a`` may add to an offer to ``r`` that has none yet, in order: what
    the terms chosen later still leave is ``legal_compose``'s."""
    out: list[int] = []
    if s.markers[r]:  # money or cards to the recipient spend one of his markers
        out += range(A.GIVE_MONEY0, A.GIVE_MONEY0 + min(3, s.money[a]))
        if len(s.hand[r]) < HAND_LIMIT:
            out += {A.GIVE_CARD0 + c for c in s.hand[a]}
    if s.markers[a]:
        out += range(A.ASK_MONEY0, A.ASK_MONEY0 + min(3, s.money[r]))
    owners = s.l_owner
    if a in s.l_captor or r in s.l_captor:  # a captive of one party's family held by the other
        out += [
            A.RANSOM_TERM0 + lo
            for lo, captor in enumerate(s.l_captor)
            if captor == a and owners[lo] == r or captor == r and owners[lo] == a
        ]
    out += _village_terms(s, a, r)
    crown = crown_family(s)
    if crown in (a, r):  # a vacant title for the other party, who holds its villages
        other = a + r - crown
        out += [
            A.TITLE_TERM0 + f
            for f in range(NF)
            if s.fief_holder[f] < 0
            and s.ctrl[FIEF_VILLAGES[f][0]] == other
            and term_ok(s, a, r, A.TITLE_TERM0 + f, -1)
        ]
    mine = marriage.marriageable(s, a)  # a lord of the author weds one of theirs
    sexes = {LORD_FEMALE[o] for o in marriage.marriageable(s, r)} if mine else set()
    out += [A.WED0 + lo for lo in mine if any(x != LORD_FEMALE[lo] for x in sexes)]
    if _pope_family(s) in (a, r):  # the Pope's family may name a Cardinal or annul
        out.append(A.CARDINAL_TERM)
        if term_ok(s, a, r, A.ANNUL_TERM, -1):
            out.append(A.ANNUL_TERM)
    in_play = [lo for lo, f in enumerate(owners) if f >= 0]
    for shift in (0, A.ASKED):  # the author's promises, then those asked of the recipient
        vote0 = A.PROMISE_VOTE0 + shift
        out += [vote0 + lo for lo in in_play]
        out += range(A.PROMISE_PAY0 + shift, A.PROMISE_PAY0 + shift + 3)
        out.append(A.PROMISE_PEACE + shift)
    return sorted(out)


def _pope_family(s: FiefState) -> int:
    """The family of the Pope, -1 if there is none."""
    return s.l_owner[s.pope] if marriage.in_play(s, s.pope) else -1


_ONCE = (  # blocks (first action, size) of which an offer takes one term
    (A.ASK_MONEY0, 3),
    (A.WED0, NL),
    (A.PROMISE_PAY0, 3),
    (A.PROMISE_PAY0 + A.ASKED, 3),
)


def _prices(s: FiefState, lo: int) -> range:
    """What a captive's family may pay for him: under his ransom cap, within its money."""
    return range(min(ransom_cap(s, lo), s.money[s.l_owner[lo]] + 1))


def _wed_partners(s: FiefState, a: int, r: int, lo: int) -> list[int]:
    """The lords of ``r`` whom ``a``'s lord ``lo`` may be promised to: both may marry
    now, and they are of the other sex."""
    if lo not in marriage.marriageable(s, a):
        return []
    return [o for o in marriage.marriageable(s, r) if LORD_FEMALE[o] != LORD_FEMALE[lo]]


def _second_halves(s: FiefState, a: int, r: int, act: int) -> Sequence[int]:
    """The second halves ``term_ok`` allows for the two-step term ``act``, in order: the
    partners of a marriage, the lords a passage is for, the prices of a ransom."""
    if _in(act, A.WED0, NL):
        return _wed_partners(s, a, r, act - A.WED0)
    if _in(act, A.PASSAGE0, NV):
        return _passage_lords(s, a, r, act - A.PASSAGE0)
    if not term_ok(s, a, r, act, -1):  # a ransom: the captive between the two
        return []
    return _prices(s, act - A.RANSOM_TERM0)[: A.MAX_PRICE + 1]


def legal_compose(s: FiefState, p: int) -> list[int]:
    """The terms ``p`` may add now, send once there is a term, cancel always: of the
    terms the offer could take when it was opened, those not chosen yet, no money or
    cards to a party that already receives the other (one marker an offer), cards up to
    the hand limit, one marriage, one promise to pay of each party."""
    offer = the_offer(s)
    a, r, terms = p, offer.recipient, offer.terms
    if offer.open_term >= 0:  # the second half of a ransom, a marriage, a passage
        act = offer.open_term
        first = _second_half(act)
        second = [first + x for x in _second_halves(s, a, r, act)]
        return [A.OFFER_CANCEL, *second]  # cancel comes first in the index
    if not terms:
        return [A.OFFER_CANCEL, *offer.open_terms]
    if len(terms) >= TERMS_MAX:
        return [A.OFFER_SEND, A.OFFER_CANCEL]
    out = [A.OFFER_SEND, A.OFFER_CANCEL, *offer.open_terms]  # sorted, as the actions
    money, cards = False, 0
    drop: list[tuple[int, int]] = []
    for act, _ in terms:
        out.remove(act)  # chosen: every term came from this list
        if _in(act, A.GIVE_MONEY0, 3):
            money = True
        elif _in(act, A.GIVE_CARD0, NCARDS):
            cards += 1
        else:
            drop += [(start, size) for start, size in _ONCE if start <= act < start + size]
    if money or cards:
        drop.append((A.GIVE_MONEY0, 3))
    if money or (cards and len(s.hand[r]) + cards >= HAND_LIMIT):
        drop.append((A.GIVE_CARD0, NCARDS))
    for start, size in drop:  # a block is one slice of the sorted list
        i = bisect_left(out, start, 2)
        del out[i : bisect_left(out, start + size, i)]
    return out


_TWO_STEP = frozenset(  # terms whose second half is chosen next (``_second_half``)
    (
        *range(A.RANSOM_TERM0, A.RANSOM_TERM0 + NL),
        *range(A.WED0, A.WED0 + NL),
        *range(A.PASSAGE0, A.PASSAGE0 + NV),
    )
)


def _second_half(act: int) -> int:
    """The first action of the block a two-step term's second half is chosen from: the
    partner of a marriage, the lord a passage is for, the price of a ransom."""
    if _in(act, A.WED0, NL):
        return A.WED0
    if _in(act, A.PASSAGE0, NV):
        return A.PASSAGE_LORD0
    return A.PRICE0


def _village_terms(s: FiefState, a: int, r: int) -> list[int]:
    """Passage (a village where one party may grant it, ``may_grant_passage``, the other
    having a free lord on the board, up to the Movement), truce (both parties there, up
    to the Battles), hand-over (a party's village where the other is, no battle or
    siege there). One pass down both parties' columns of the board (``SEATS`` apart):
    this runs at every offer opened."""
    passage: list[int] = []
    truce: list[int] = []
    cede: list[int] = []
    lp, k, m, entry = s.free_lords, s.knights, s.men_at_arms, s.entry
    moving = s.phase <= A.MOVEMENT  # a free lord is counted where he stands (free_lords)
    asked_a = moving and any(lp[r::SEATS])  # ``a`` is asked: ``r`` has a lord to move
    asked_r = moving and any(lp[a::SEATS])
    truces = s.phase <= A.BATTLES
    fighting = battle_village(s)
    for v, c in enumerate(s.ctrl):
        ia, ir = v * SEATS + a, v * SEATS + r
        pa = lp[ia] or k[ia] or m[ia]  # present(s, v, a)
        pr = lp[ir] or k[ir] or m[ir]
        if (
            asked_a
            and (c == a or entry[ia] >= 0 and pa)
            or asked_r
            and (c == r or entry[ir] >= 0 and pr)
        ):
            passage.append(A.PASSAGE0 + v)
        if not (pa or pr) or fighting == v:
            continue
        if truces and pa and pr:
            truce.append(A.TRUCE_TERM0 + v)
        if (c == a and pr or c == r and pa) and not besieged(s, v):
            cede.append(A.CEDE0 + v)
    return passage + truce + cede


def legal_answer(s: FiefState, p: int) -> list[int]:
    return [A.OFFER_ACCEPT, A.OFFER_REFUSE]


# ------------------------------------------------------------------ making an offer
def apply(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    """Every offer action: opening, a term, send, cancel, accept, refuse."""
    if A.OFFER_TO0 <= action < A.OFFER_TO0 + SEATS:
        r = action - A.OFFER_TO0
        s.offer = open_offer(s, p, r)
        s.offers_made[p] += 1
        interrupt(s, A.OFFER_COMPOSE, s.actor, p)
        ev.append(Event("offer_opened", {"seat": p, "with": r}))
        return
    offer = the_offer(s)
    a, r, open_terms, terms, open_term = offer
    if action >= A.GIVE_MONEY0:  # a term or its second half (numbered after accept, refuse)
        if open_term >= 0:
            term = Term(open_term, action - _second_half(open_term))
            s.offer = Offer(a, r, open_terms, (*terms, term))
        elif action in _TWO_STEP:
            s.offer = Offer(a, r, open_terms, terms, action)
        else:
            s.offer = Offer(a, r, open_terms, (*terms, Term(action, -1)))
    elif action == A.OFFER_CANCEL:
        ev.append(Event("offer_cancelled", {"seat": p, "with": r}))
        _close(s)
    elif action == A.OFFER_SEND:
        s.kind, s.actor = A.OFFER_ANSWER, r
        names = term_names(terms)
        # each party's private part has its own key: a private part is one seat's
        ev.append(
            Event(
                "offer_made",
                {"seat": p, "with": r},
                {p: {"terms": names}, r: {"terms_received": names}},
            )
        )
    elif action == A.OFFER_REFUSE:
        ev.append(Event("offer_refused", {"seat": p, "with": a}))
        _close(s)
    else:  # accepted
        accept(s, ev)
        _close(s)


def _close(s: FiefState) -> None:
    """Back to the decision the offer interrupted; no offer is being made."""
    resume(s)
    s.offer = None


def term_names(terms: Sequence[Term]) -> list[str]:
    out = []
    for act, x in terms:
        name = A.ACTION_NAMES[act]
        if x >= 0:
            lordly = _in(act, A.WED0, NL) or _in(act, A.PASSAGE0, NV)
            name += f"@{A.ACTION_NAMES[A.WED0 + x].split(':')[-1]}" if lordly else f"@{x}"
        out.append(name)
    return out


# ------------------------------------------------------------------ carrying it out
def check(s: FiefState) -> str | None:
    """The first binding term that cannot be done now (all-or-nothing), or None."""
    offer = the_offer(s)
    a, r = offer.author, offer.recipient
    pays = [0] * s.n_players
    cards = 0
    for act, x in offer.terms:
        if promises.is_promise(act):
            continue
        if not term_ok(s, a, r, act, x):
            return A.ACTION_NAMES[act]
        if _in(act, A.GIVE_MONEY0, 3):
            pays[a] += act - A.GIVE_MONEY0 + 1
        elif _in(act, A.ASK_MONEY0, 3):
            pays[r] += act - A.ASK_MONEY0 + 1
        elif _in(act, A.RANSOM_TERM0, NL):
            pays[s.l_owner[act - A.RANSOM_TERM0]] += x
        elif _in(act, A.GIVE_CARD0, NCARDS):
            cards += 1
    if cards and len(s.hand[r]) + cards > HAND_LIMIT:
        return "hand_limit"
    for f in (a, r):
        if s.money[f] < pays[f]:
            return "money"
    return None


def accept(s: FiefState, ev: list[Event]) -> None:
    offer = the_offer(s)
    a, r = offer.author, offer.recipient
    why = check(s)
    if why is not None:
        ev.append(
            Event(
                "offer_failed", {"seat": r, "with": a}, {a: {"why": why}, r: {"why_received": why}}
            )
        )
        return
    binding = [t for t in offer.terms if not promises.is_promise(t.action)]
    promised = [t for t in offer.terms if promises.is_promise(t.action)]
    ev.append(
        Event(
            "offer_accepted",
            {"seat": r, "with": a, "terms": term_names(binding)},
            {a: {"promises": term_names(promised)}, r: {"promises_received": term_names(promised)}},
        )
    )
    to_author, to_recipient = _gifts(s, binding)
    for f, gifts in ((a, to_author), (r, to_recipient)):
        if gifts:
            s.markers[f] -= 1
            ev.append(Event("diplomacy_marker", {"seat": f, "left": s.markers[f]}))
    for act, x in binding:
        _execute(s, a, r, act, x, ev)
    for act, _ in promised:
        promises.record(s, a, r, act)


def _execute(s: FiefState, a: int, r: int, act: int, x: int, ev: list[Event]) -> None:
    if _in(act, A.GIVE_MONEY0, 3) or _in(act, A.ASK_MONEY0, 3):
        payer, payee = (a, r) if act < A.ASK_MONEY0 else (r, a)
        amount = act - (A.GIVE_MONEY0 if act < A.ASK_MONEY0 else A.ASK_MONEY0) + 1
        s.money[payer] -= amount
        s.money[payee] += amount
        ev.append(Event("gift", {"seat": payer, "with": payee, "paid": amount}))
        if s.promises:
            promises.on_gift(s, payer, payee, amount)
    elif _in(act, A.GIVE_CARD0, NCARDS):
        card = act - A.GIVE_CARD0
        s.hand[a].remove(card)
        s.hand[r].append(card)
        ev.append(
            Event(
                "card_given",
                {"seat": a, "with": r},
                {a: {"card": card}, r: {"card_received": card}},
            )
        )
    elif _in(act, A.RANSOM_TERM0, NL):
        lo = act - A.RANSOM_TERM0
        owner, captor, v = s.l_owner[lo], s.l_captor[lo], s.l_loc[lo]
        s.money[owner] -= x
        s.money[captor] += x
        ev.append(Event("ransom", {"seat": owner, "lord": lo, "captor": captor, "paid": x}))
        free(s, lo, ev)
        settle(s, v, ev)
    elif _in(act, A.PASSAGE0, NV):
        grantor = a + r - s.l_owner[x]
        s.pacts.append(
            Pact(PactKind.PASSAGE, grantor, x, act - A.PASSAGE0, Deadline(s.turn, A.MOVEMENT))
        )
    elif _in(act, A.TRUCE_TERM0, NV):
        s.pacts.append(Pact(PactKind.TRUCE, a, r, act - A.TRUCE_TERM0, Deadline(s.turn, A.BATTLES)))
    elif _in(act, A.CEDE0, NV):
        v = act - A.CEDE0
        g = a + r - s.ctrl[v]
        s.ctrl[v] = g
        ev.append(Event("control", {"village": v, "seat": g}))
        settle(s, v, ev)
    elif _in(act, A.TITLE_TERM0, NF):
        fief = act - A.TITLE_TERM0
        lo = grantees(s, fief)[0]
        s.fief_holder[fief] = lo
        ev.append(
            Event(
                "royal_grant",
                {"seat": crown_family(s), "fief": fief, "lord": lo, "owner": s.l_owner[lo]},
            )
        )
    elif _in(act, A.WED0, NL):
        s.pacts.append(Pact(PactKind.BETROTHAL, act - A.WED0, x, -1, None))
    elif act == A.CARDINAL_TERM:
        pope = s.l_owner[s.pope]
        s.pacts.append(
            Pact(PactKind.CARDINAL, pope, a + r - pope, -1, Deadline(s.turn, A.END_OF_TURN))
        )
    elif act == A.ANNUL_TERM:
        pope = s.l_owner[s.pope]
        marriage.annul(s, marriage.family_marriage(s, a + r - pope), ev)
