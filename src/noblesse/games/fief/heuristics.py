"""Fief: what a family's position is worth, for the greedy bot and ISMCTS leaves.

Victory points (fief titles) dominate; below them come what earns and defends them:
villages (more for a fief nearly completed, since a whole fief with a stronghold can be
titled), mills and fortresses in controlled villages (one stronghold per fief, worth
more the more of the fief is held), money, troops and free lords.
Everything read here is public (the board, money, titles); hands count only by size.
The greedy bot (``choose``) judges each legal action by the best position it leads to
within its own next two decisions, on a determinization (so an unseen card never decides); battles and
truces by the strength on each side, passage requests by who is ahead. It keeps its
promises (§7.4: a vote, peace, a payment) and weighs those made to it by its trust in
the family that made them (``promises.trust``).
"""

from __future__ import annotations

import random

from noblesse.core.game import Action, Game
from noblesse.core.heuristics import Heuristics, search_world
from noblesse.games.fief import actions as A
from noblesse.games.fief import promises
from noblesse.games.fief.battle import ATTACKER, DEFENDER, foes, side_strength, strength
from noblesse.games.fief.cavalcade import target as cavalcade_target
from noblesse.games.fief.economy import ransom_cap
from noblesse.games.fief.endturn import VP_WIN
from noblesse.games.fief.intrigue import is_anytime
from noblesse.games.fief.marriage import allied, ally_of
from noblesse.games.fief.promises import OPEN, pay_amount, trust, vote_for
from noblesse.games.fief.state import (
    FIEF_OF,
    FIEF_SIZE,
    NF,
    NL,
    NV,
    SEATS,
    FiefState,
    the_battle,
    the_offer,
    the_proposal,
    the_red_hat,
)

VP = 20.0  # a fief title (or the crown, the tiara): what the game is won by
VILLAGE = 2.0  # a controlled village: income and a step towards a fief
FIEF_PROGRESS = 5.0  # times the squared share of a fief's villages controlled
MILL = 2.5  # two deniers a turn
STRONGHOLD = 5.5  # a title's condition, and a defence (worth more than its 10 D)
CITY = 6.0  # (both times FORT_BASE + the rest times the share of the fief held:
FORT_BASE = 0.3  # the supply has only 12 strongholds, and one per fief makes a title)
EXTRA_FORT = 0.5  # a second one in the same fief: a defence only
DENIER = 0.4  # a little under what it buys: money is for spending ...
PURSE = 20  # ... up to a purse of this many deniers (a title, a stronghold);
HOARD = 0.1  # beyond it a denier is worth little: it should become troops
THREAT = 3.0  # an enemy village where our troops outnumber the controller's,
# times our share of the way to a winnable battle: armies march
ARMY = 4.0  # times the square root of the family's troop strength: the first
# troops matter most, and money is better kept past ~25 strength
FIEF_COMPLETE = 4.0  # every village of a fief held ...
TITLE_READY = 8.0  # ... and one of them with our stronghold: the title can be bought
FREE_LORD = 3.0  # lords lead troops and hold titles
CAPTIVE_LORD = 1.0
CARD = 0.4
CARDINAL = 2.5  # a tithe on any governed bishopric, votes, a way to the tiara
CROWN_PRINCE = 4.0  # the King's heir: the crown's VP at the King's death
SCALE = 8.0


def worth(s: FiefState, f: int) -> float:
    """What family ``f``'s position is worth (``worths``, for one family)."""
    return worths(s)[f]


def _money(deniers: int) -> float:
    return DENIER * min(deniers, PURSE) + HOARD * max(0, deniers - PURSE)


def worths(s: FiefState) -> list[float]:
    """``worth`` of every family at once (one pass over the villages for all): the same
    numbers, added in the same order."""
    n = s.n_players
    fams = range(n)
    ctrl, knights, men, fort, mills = s.ctrl, s.knights, s.men_at_arms, s.fort, s.mills
    titles = [0] * SEATS
    for h in s.fief_holder:
        if h >= 0 and s.l_owner[h] >= 0:
            titles[s.l_owner[h]] += 1
    vp = s.vp
    value = [VP * max(vp[f], titles[f]) + _money(s.money[f]) + CARD * len(s.hand[f]) for f in fams]
    held = [[0] * NF for _ in range(SEATS)]
    forts = [[0] * NF for _ in range(SEATS)]
    best_fort = [[0] * NF for _ in range(SEATS)]
    army = [0] * n
    for v in range(NV):
        g = ctrl[v]
        base = v * SEATS
        theirs = 0
        if g >= 0:
            fief = FIEF_OF[v]
            held[g][fief] += 1
            if g < n:
                value[g] += VILLAGE + MILL * mills[v]
            if fort[v]:
                forts[g][fief] += 1
                best_fort[g][fief] = max(best_fort[g][fief], fort[v])
            theirs = 3 * knights[base + g] + men[base + g] + 4 * fort[v]
        for f in fams:
            ours = 3 * knights[base + f] + men[base + f]
            if ours:
                army[f] += ours
                if g >= 0 and g != f:
                    value[f] += THREAT * min(1.0, ours / (WINNABLE * theirs)) if theirs else THREAT
    for f in fams:
        v_f = value[f]
        held_f, forts_f, best_f = held[f], forts[f], best_fort[f]
        for fief in range(NF):
            if held_f[fief]:
                share = held_f[fief] / FIEF_SIZE[fief]
                v_f += FIEF_PROGRESS * share**2
                if forts_f[fief]:
                    first = STRONGHOLD if best_f[fief] == 1 else CITY
                    v_f += first * (FORT_BASE + (1 - FORT_BASE) * share)
                    v_f += EXTRA_FORT * (forts_f[fief] - 1)
                if held_f[fief] == FIEF_SIZE[fief]:
                    v_f += FIEF_COMPLETE
                    if forts_f[fief] and s.fief_holder[fief] < 0:
                        v_f += TITLE_READY
        value[f] = v_f
    for lord in range(NL):
        f = s.l_owner[lord]
        if 0 <= f < n:
            value[f] += FREE_LORD if s.l_captor[lord] < 0 else CAPTIVE_LORD
            value[f] += CARDINAL * bool(s.cardinal[lord]) + CROWN_PRINCE * (lord == s.crown_prince)
            army[f] += 3 * s.carried_knights[lord] + s.carried_men_at_arms[lord]
    return [value[f] + ARMY * army[f] ** 0.5 for f in fams]


def evaluate_all(game: Game, state: FiefState) -> list[float]:
    """Each family's worth against the mean of the others."""
    values = worths(state)
    total, n = sum(values), len(values)
    return [w - (total - w) / max(1, n - 1) for w in values]


def evaluate(game: Game, state: FiefState, seat: int) -> float:
    return evaluate_all(game, state)[seat]


WINNABLE = 1.5  # attack when this many times stronger than the defence (after penalty)


def choose(
    game: Game, state: FiefState, seat: int, legal: list[Action], rng: random.Random
) -> Action:
    s = state
    offered = _diplomacy(game, s, seat, legal, rng)
    if offered is not None:
        return offered
    legal = [a for a in legal if a < A.OFFER_TO0] or legal  # no other offers
    if s.kind != A.RANSOM:  # it frees captives only in its Ransom step, as before
        legal = [a for a in legal if not A.RELEASE0 <= a < A.RELEASE0 + NL] or legal
    legal = _keeping_peace(s, seat, legal)
    if s.kind == A.BATTLE_SELECT or s.kind in ANNOUNCING:
        # these choose by rules of their own: green cards at the other decisions
        legal = [a for a in legal if not is_anytime(a)] or legal
    if s.kind == A.BATTLE_SELECT:
        return _declare(s, seat, legal, rng)
    if s.kind in (A.ROUND_ATT, A.ROUND_DEF):
        return _round(s, seat, legal)
    if s.kind == A.TRUCE_ANSWER:
        return _truce_answer(s, seat)
    if s.kind in ANNOUNCING:
        return _announce(s, seat, legal)
    if s.kind in (A.CARDINAL_CONSENT, A.CARDINAL_REDIRECT, A.GRANTEE, A.CROWN_PRINCE):
        return _dynasty(s, seat, legal)
    if s.kind == A.PERMIT:
        values = worths(s)
        mover = s.l_owner[s.moving_lord] if s.moving_lord >= 0 else -1
        ahead = mover >= 0 and values[mover] > values[seat]
        return A.PERMIT_NO if ahead and A.PERMIT_NO in legal else legal[0]
    return _best_by_worth(game, s, seat, legal, rng)


ANNOUNCING = frozenset(
    (
        A.PROPOSAL,
        A.PARTNER,
        A.MARRIAGE_ANSWER,
        A.POPE_DECREE,
        A.ANNULMENT_REQUEST,
        A.ANNULMENT_ANSWER,
        A.CANDIDACY,
        A.BALLOT,
    )
)


def _announce(s: FiefState, seat: int, legal: list[Action]) -> Action:
    """Announcements, aiming at a victory: a family marries when the match brings its side
    nearer a win (a family behind the leader, or a partner family with a title of its own:
    two families with 2 VP each win together) and takes the partner family with the most
    VP; a family ahead asks to annul a marriage to a family without VP (it would win
    sooner alone); it declares a candidate and votes for its own, else its ally's, else
    the candidate of the family furthest behind (an office ends a game sooner, and not
    the leader's); as Pope it strikes the leader's clerics."""
    values = worths(s)
    leader = max(range(s.n_players), key=values.__getitem__)
    ahead = leader == seat
    kind = s.kind
    if kind == A.PROPOSAL:
        return legal[1] if len(legal) > 1 and (not ahead or _match_helps(s, seat)) else A.PASS
    if kind == A.PARTNER:
        options = [
            a
            for a in legal
            if a != A.PASS and not _better_alone(s, seat, s.l_owner[a - A.PARTNER0])
        ]
        return max(options, key=lambda a: _partner_key(s, values, a), default=A.PASS)
    if kind == A.MARRIAGE_ANSWER:
        suitor = s.l_owner[the_proposal(s).lord]
        if _better_alone(s, seat, suitor):
            return A.MARRY_NO
        return A.MARRY_YES if not ahead or s.vp[suitor] >= 1 else A.MARRY_NO
    if kind == A.ANNULMENT_REQUEST:
        ally = ally_of(s, seat)
        alone = ally >= 0 and (_better_alone(s, seat, ally) or ahead and s.vp[ally] == 0)
        return A.ANNUL_ASK if alone else A.PASS
    if kind == A.ANNULMENT_ANSWER:
        return A.ANNUL_YES
    if kind == A.CANDIDACY:
        return legal[-1]
    if kind == A.BALLOT:
        return _ballot(s, seat, legal, leader)
    return _decree(s, seat, legal, leader)


def _match_helps(s: FiefState, seat: int) -> bool:
    """Some family we may marry into holds VP of its own."""
    vp = s.vp
    return any(vp[f] >= 1 for f in range(s.n_players) if f != seat)


def _better_alone(s: FiefState, seat: int, family: int) -> bool:
    """Two VP or more, and the other family has none: alone we need one more (three),
    married two more (four together)."""
    vp = s.vp
    return vp[seat] >= VP_WIN - 1 and vp[family] == 0


def _partner_key(s: FiefState, worths: list[float], action: Action) -> tuple[int, float]:
    family = s.l_owner[action - A.PARTNER0]
    return s.vp[family], worths[family]


def _ballot(s: FiefState, seat: int, legal: list[Action], leader: int) -> Action:
    for p, _, act, _, fate, _ in s.promises:  # a promise to vote is kept first
        lo = vote_for(act)
        if p == seat and fate == OPEN and lo >= 0 and A.VOTE0 + lo in legal:
            return A.VOTE0 + lo
    votes = {
        s.l_owner[a - A.VOTE0]: a
        for a in reversed(legal)
        if A.VOTE0 <= a < A.VOTE0 + NL and s.l_owner[a - A.VOTE0] >= 0
    }
    for family in (seat, ally_of(s, seat)):
        if family in votes:
            return votes[family]
    others = [f for f in votes if f != leader and not allied(s, leader, f)]
    if others:
        vp = s.vp
        return votes[min(others, key=lambda f: (vp[f], worth(s, f)))]
    return A.ABSTAIN


def _decree(s: FiefState, seat: int, legal: list[Action], leader: int) -> Action:
    """The Pope reinstates his own lord, else excommunicates a cleric of the leader."""
    for action in legal:
        if A.REINSTATE0 <= action < A.REINSTATE0 + NL and s.l_owner[action - A.REINSTATE0] == seat:
            return action
    if leader != seat:
        for action in legal:
            lo = action - A.EXCOMMUNICATE0
            if (
                A.EXCOMMUNICATE0 <= action < A.EXCOMMUNICATE0 + NL
                and s.l_owner[lo] == leader
                and (lo in s.bishop or s.cardinal[lo])
            ):
                return action
    return A.PASS


def _friend(s: FiefState, seat: int, lord: int) -> bool:
    g = s.l_owner[lord]
    return g == seat or allied(s, seat, g)


def _dynasty(s: FiefState, seat: int, legal: list[Action]) -> Action:
    """A Crown Prince whenever one may be had; the Pope approves a Cardinal of his own
    side only and gives a vetoed card to his side's Bishop if any; the Crown grants a
    title to its side, else to the family furthest behind."""
    if s.kind == A.CROWN_PRINCE:
        return A.PRINCE_YES
    if s.kind == A.CARDINAL_CONSENT:
        return A.CONSENT_YES if _friend(s, seat, the_red_hat(s).lord) else A.CONSENT_NO
    if s.kind == A.CARDINAL_REDIRECT:
        ours = [a for a in legal if a != A.PASS and _friend(s, seat, a - A.CARDINAL0)]
        return ours[0] if ours else A.PASS
    ours = [a for a in legal if _friend(s, seat, a - A.GRANTEE0)]
    if ours:
        return ours[0]
    return min(legal, key=lambda a: (worth(s, s.l_owner[a - A.GRANTEE0]), a))


def _declare(s: FiefState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """The most lopsided battle in our favour, if it is winnable; else no battle."""
    best, margin = A.PASS, WINNABLE
    for action in legal:
        if action == A.PASS:
            continue
        v = action - A.BATTLE0
        ours = strength(s, v, seat)
        theirs = max((strength(s, v, g) for g in foes(s, v, seat)), default=0)
        if s.fort[v] and s.ctrl[v] != seat:
            ours = max(0, ours - 4 * s.fort[v])  # a die is worth about four strength
        ratio = ours / theirs if theirs else float("inf")
        if ratio >= margin:
            best, margin = action, ratio
    return best if best in legal else legal[0]


def _round(s: FiefState, seat: int, legal: list[Action]) -> Action:
    ours_side = ATTACKER if seat == the_battle(s).attacker else DEFENDER
    ours = side_strength(s, ours_side)
    theirs = side_strength(s, DEFENDER if ours_side == ATTACKER else ATTACKER)
    if ours >= theirs or (A.FIGHT not in legal and A.SURRENDER not in legal):
        return A.FIGHT if A.FIGHT in legal else legal[0]
    for retreat in (A.WITHDRAW, A.TRUCE):
        if retreat in legal:
            return retreat
    return A.FIGHT if A.FIGHT in legal else legal[0]


def _truce_answer(s: FiefState, seat: int) -> Action:
    """The stronger side refuses a truce and fights on (dice cap at three a side, so a
    larger army wins by lasting, not by one round); the weaker accepts."""
    ours_side = ATTACKER if seat == the_battle(s).attacker else DEFENDER
    ours = side_strength(s, ours_side)
    theirs = side_strength(s, DEFENDER if ours_side == ATTACKER else ATTACKER)
    return A.TRUCE_NO if ours > theirs else A.TRUCE_YES


LOOKAHEAD = 2  # own consecutive decisions looked through (a title, then its holder)


def _value(
    game: Game, world: FiefState, seat: int, action: Action, depth: int, owned: bool = False
) -> float:
    """The worth after ``action``, looking through what it opens for the same seat (a
    title's holder, a lord's moves); not through one more decision of the same kind (a
    second purchase), which costs much and changes little. ``owned``: ``world`` is
    needed no more, so the action is applied to it rather than to a copy."""
    kind = world.kind
    after: FiefState = world if owned else game.clone(world)
    after.legal_cache = world.legal_cache  # the same position, the same legal actions
    game.apply(after, seat, action)
    if (
        depth > 1
        and after.kind != kind
        and not game.is_over(after)
        and game.to_act(after) == (seat,)
    ):
        legal = game.legal_actions(after, seat)
        last = len(legal) - 1
        return max(_value(game, after, seat, a, depth - 1, i == last) for i, a in enumerate(legal))
    return evaluate_all(game, after)[seat]


def _best_by_worth(
    game: Game, s: FiefState, seat: int, legal: list[Action], rng: random.Random
) -> Action:
    """``s`` is already the seat's world (``choose`` is asked on one): the search
    branches from a copy of it whose clones share one generator (``search_world``)."""
    world = search_world(game, s)
    best: list[Action] = []
    best_value = float("-inf")
    for action in legal:
        value = _value(game, world, seat, action, LOOKAHEAD)
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif value > best_value - 1e-9:
            best.append(action)
    return best[rng.randrange(len(best))]


# ------------------------------------------------------------------ diplomacy (offers.py)
PROMISED_PEACE = 1.2  # a promise not to attack, and ...
PROMISED_VOTE = 1.2  # ... one to vote for a lord: modest, about three deniers each


def _diplomacy(
    game: Game, s: FiefState, seat: int, legal: list[Action], rng: random.Random
) -> Action | None:
    """Offers (§7.4): an offer to it is accepted when the position after it, plus what
    its promises are worth (``_promised``), beats the position after refusing; it pays
    what it promised to pay at the first window it can; it offers half the ransom cap
    for a captive of its family, with a promise of peace to the captor, once a phase;
    otherwise None (the rest of ``choose`` decides)."""
    if s.kind == A.OFFER_ANSWER:
        world = search_world(game, s)  # ``s`` is already the seat's world
        afters: list[FiefState] = []
        for answer in (A.OFFER_ACCEPT, A.OFFER_REFUSE):
            after: FiefState = game.clone(world)
            game.apply(after, seat, answer)
            afters.append(after)
        if not _can_pay(s, seat, afters[0].money[seat]):
            return A.OFFER_REFUSE
        accept, refuse = (evaluate_all(game, after)[seat] for after in afters)
        accept += _promised(s, seat)
        return A.OFFER_ACCEPT if accept > refuse + 1e-9 else A.OFFER_REFUSE
    if s.kind == A.OFFER_COMPOSE:
        return _compose_offer(s, legal)
    creditor, _ = _debt(s, seat)
    if creditor >= 0 and A.OFFER_TO0 + creditor in legal:
        return A.OFFER_TO0 + creditor
    if s.kind in (A.RANSOM, A.PURCHASE) and not s.offers_made[seat]:
        lo = _captive_to_buy(s, seat)
        if lo >= 0 and A.OFFER_TO0 + s.l_captor[lo] in legal:
            return A.OFFER_TO0 + s.l_captor[lo]
    return None


def _promise_worth(s: FiefState, seat: int, act: int) -> float:
    """A ``promise:*`` term as ``seat`` values it, whoever gives it: a payment at its
    money value, peace and a vote for a lord of ``seat``'s family at a modest constant
    (a vote for another family's lord is worth nothing to it)."""
    if act == A.PROMISE_PEACE:
        return PROMISED_PEACE
    lo = vote_for(act)
    if lo >= 0:
        return PROMISED_VOTE if s.l_owner[lo] == seat else 0.0
    return DENIER * pay_amount(act)


def _promised(s: FiefState, seat: int) -> float:
    """The promises of the offer to ``seat``: those the author makes it, times its trust
    in the author (``promises.trust``: Laplace's (1 + kept) / (2 + kept + broken) over
    the author's promises to it), less the cost of those asked of it (a payment at its
    money value, peace at the constant, a vote for another family's lord at the
    constant: it keeps its promises, so they cost it in full)."""
    offer = the_offer(s)
    gain = cost = 0.0
    for act, _ in offer.terms:
        if promises.asked(act):
            promise = act - A.ASKED
            lo = vote_for(promise)
            cost += (
                PROMISED_VOTE * (s.l_owner[lo] != seat)
                if lo >= 0
                else _promise_worth(s, seat, promise)
            )
        elif promises.is_promise(act):
            gain += _promise_worth(s, seat, act)
    return trust(s, seat, offer.author) * gain - cost


def _can_pay(s: FiefState, seat: int, after_money: int) -> bool:
    """It makes no promise to pay that it could not keep: the sum asked of it (with what
    it already owes) within its money after the offer, and the author with a diplomacy
    marker left to receive it (a gift needs one, §4.11)."""
    offer = the_offer(s)
    asked = sum(pay_amount(act - A.ASKED) for act, _ in offer.terms if promises.asked(act))
    if not asked:
        return True
    owed = sum(
        pay_amount(act) - paid
        for p, _, act, _, fate, paid in s.promises
        if p == seat and fate == OPEN
    )
    return asked + owed <= after_money and s.markers[offer.author] > 0


def _debt(s: FiefState, seat: int) -> tuple[int, int]:
    """The first promise to pay ``seat`` can keep now: (the family owed, the deniers
    still due, at most 3: one gift), or (-1, 0)."""
    for p, q, act, _, fate, paid in s.promises:
        due = min(3, pay_amount(act) - paid)
        if p == seat and fate == OPEN and due > 0 and s.money[seat] >= due and s.markers[q] > 0:
            return q, due
    return -1, 0


def _peace_owed(s: FiefState, seat: int) -> set[int]:
    """The families ``seat`` promised peace to, the promise still open."""
    return {
        q
        for p, q, act, _, fate, _ in s.promises
        if p == seat and fate == OPEN and act == A.PROMISE_PEACE
    }


def _foe_of(s: FiefState, seat: int, action: Action) -> set[int]:
    """The families ``action`` would start a battle against (all a declaration's foes)."""
    if s.kind == A.BATTLE_SELECT and A.BATTLE0 <= action < A.BATTLE0 + NV:
        return set(foes(s, action - A.BATTLE0, seat))
    if s.kind == A.BATTLE_FOE and A.FOE0 <= action < A.FOE0 + SEATS:
        return {action - A.FOE0}
    if s.kind == A.LIFT_PURSUE and action == A.PURSUE:
        return {s.besieger}
    if s.kind == A.MOVE_LORD and A.CAVALCADE0 <= action < A.CAVALCADE0 + NV:
        return {cavalcade_target(s, seat, s.moving_lord, action - A.CAVALCADE0)[2]}
    return set()


def _keeping_peace(s: FiefState, seat: int, legal: list[Action]) -> list[Action]:
    """It keeps its promises of peace: no battle whose every foe it promised peace (a
    declaration with another foe is made, and that foe named)."""
    owed = _peace_owed(s, seat) if s.promises else set()
    if not owed:
        return legal
    kept = [a for a in legal if not (_foe_of(s, seat, a) and _foe_of(s, seat, a) <= owed)]
    return kept or legal


def _captive_to_buy(s: FiefState, seat: int) -> int:
    """A lord of ``seat`` held by another family, whose half cap it can pay, or -1."""
    for lo in range(NL):
        if (
            s.l_owner[lo] == seat
            and s.l_captor[lo] >= 0
            and s.money[seat] >= ransom_cap(s, lo) // 2
        ):
            return lo
    return -1


def _compose_offer(s: FiefState, legal: list[Action]) -> Action:
    """A payment it owes this family, else a ransom at half the cap sweetened with a
    promise of peace to the captor. An offer it did not start (its seat handed to it
    half composed) whose open term is not a ransom is cancelled."""
    offer = the_offer(s)
    if offer.open_term >= 0:
        if not A.RANSOM_TERM0 <= offer.open_term < A.RANSOM_TERM0 + NL:
            return A.OFFER_CANCEL if A.OFFER_CANCEL in legal else min(legal)
        price = A.PRICE0 + ransom_cap(s, offer.open_term - A.RANSOM_TERM0) // 2  # its price
        return price if price in legal else min(legal)
    used = {t.action for t in offer.terms}
    if offer.terms:
        ransom = any(A.RANSOM_TERM0 <= act < A.RANSOM_TERM0 + NL for act in used)
        if ransom and A.PROMISE_PEACE in legal:
            return A.PROMISE_PEACE
        return A.OFFER_SEND
    creditor, due = _debt(s, offer.author)
    if creditor == offer.recipient and A.GIVE_MONEY0 + due - 1 in legal:
        return A.GIVE_MONEY0 + due - 1
    lo = _captive_to_buy(s, offer.author)
    term = A.RANSOM_TERM0 + lo
    return term if lo >= 0 and term in legal else A.OFFER_CANCEL


HEURISTICS = Heuristics(evaluate=evaluate, evaluate_all=evaluate_all, scale=SCALE, choose=choose)
