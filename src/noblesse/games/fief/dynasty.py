"""Cardinals, the biretta and the King's grants (spec §4.12.7, §5.4, §5.7).

* Cardinal card (lord opportunity, "any time": offered at the three card windows, like
  Joan d'Arc): on a Bishop of the player's family who is neither Cardinal nor Pope
  (``cardinal:<lord>``). If there is a Pope of another family, his family answers
  ``consent:yes | consent:no``; on a veto it may give the card to another Bishop
  (``cardinal:<lord>``) or let it go to the discard pile (``pass``).
* The biretta (source "用 5 元買一個神職 … 除此之外跟紅衣主教完全一樣"): in the Purchase
  phase a family buys the Cardinal's office for one of its Bishops for ``biretta_cost``
  (``biretta:<lord>``); one biretta in the supply, back there when its Cardinal dies or
  becomes Pope [assumed]. The Pope's consent is asked as for the card; vetoed, nothing
  is paid and nobody else gets it [assumed: the family paid for its own Bishop].
* The King's grant (source "國王可以把一個沒人拿走的封地頭銜直接賜給滿足購買條件的貴族"): in the
  Purchase phase the King's family (or the Queen Regent's) gives a vacant fief title,
  free, to a lord whose family meets the purchase conditions (every village of the fief
  and a stronghold in one; a free lord with a title slot), of any family, its own
  included [assumed] (``grant:<fief>``, then ``grant_to:<lord>``); the lord's family may
  then raise the fief's fortified city, as a buyer may.
"""

from __future__ import annotations

from noblesse.core.events import Event
from noblesse.games.fief import actions as A
from noblesse.games.fief import economy
from noblesse.games.fief.battle import next_in_battle_window
from noblesse.games.fief.crown import BY_BIRETTA, BY_CARD, CARDINAL, crown_family, owner
from noblesse.games.fief.pacts import consent_agreed
from noblesse.games.fief.state import (
    ASSUMED,
    FIEF_VILLAGES,
    NF,
    NL,
    FiefState,
    RedHat,
    rule,
    the_red_hat,
)

BIRETTA_COST = rule("biretta_cost")
# [assumed] a vetoed request costs nothing, so without a limit two families could ask and
# veto for ever: a family asks for the biretta this many times a Purchase phase
BIRETTA_ASKS = int(ASSUMED["biretta_asks_per_phase"])


# ------------------------------------------------------------------ Cardinals


def bishops_for_red_hat(s: FiefState, p: int) -> list[int]:
    """Bishops of ``p`` (every family: -1) who are neither Cardinal nor Pope."""
    return sorted(
        {
            lo
            for lo in s.bishop
            if lo >= 0 and not s.cardinal[lo] and lo != s.pope and (p < 0 or s.l_owner[lo] == p)
        }
    )


def cardinal_playable(s: FiefState, p: int) -> bool:
    return CARDINAL in s.hand[p] and bool(bishops_for_red_hat(s, p))


def play_cardinal(s: FiefState, p: int, ev: list[Event]) -> None:
    s.hand[p].remove(CARDINAL)
    ev.append(Event("play_opportunity", {"seat": p, "card": CARDINAL}))
    s.red_hat = RedHat(-1, p, BY_CARD)
    s.kind, s.actor = A.CARDINAL_TARGET, p


def legal_cardinal_target(s: FiefState) -> list[int]:
    return [A.CARDINAL0 + lo for lo in bishops_for_red_hat(s, the_red_hat(s).by)]


def apply_cardinal_target(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    s.red_hat = the_red_hat(s)._replace(lord=action - A.CARDINAL0)
    ask_pope(s, ev)


def ask_pope(s: FiefState, ev: list[Event]) -> None:
    """A Pope of another family approves or vetoes; else the Bishop is made Cardinal."""
    rh = the_red_hat(s)
    pope_family = owner(s, s.pope)
    if pope_family >= 0 and pope_family != rh.by:
        if not consent_agreed(s, pope_family, rh.by):
            s.kind, s.actor = A.CARDINAL_CONSENT, pope_family
            return
        ev.append(Event("cardinal_agreed", {"seat": pope_family, "lord": rh.lord}))
    make_cardinal(s, rh.lord, ev)


def apply_consent(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    rh = the_red_hat(s)
    if action == A.CONSENT_YES:
        make_cardinal(s, rh.lord, ev)
        return
    ev.append(Event("cardinal_vetoed", {"seat": p, "lord": rh.lord, "owner": s.l_owner[rh.lord]}))
    if rh.how == BY_CARD and other_bishops(s):
        s.kind, s.actor = A.CARDINAL_REDIRECT, p
        return
    if rh.how == BY_CARD:
        discard_red_hat(s, ev)
    finish(s)


def other_bishops(s: FiefState) -> list[int]:
    return [lo for lo in bishops_for_red_hat(s, -1) if lo != the_red_hat(s).lord]


def legal_redirect(s: FiefState) -> list[int]:
    return [A.PASS, *(A.CARDINAL0 + lo for lo in other_bishops(s))]


def apply_redirect(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    if action == A.PASS:
        discard_red_hat(s, ev)
        finish(s)
        return
    make_cardinal(s, action - A.CARDINAL0, ev)


def discard_red_hat(s: FiefState, ev: list[Event]) -> None:
    s.lord_discard.append(CARDINAL)
    ev.append(Event("discard", {"seat": the_red_hat(s).by, "card": CARDINAL}))


def make_cardinal(s: FiefState, lo: int, ev: list[Event]) -> None:
    _, by, how = the_red_hat(s)
    if how == BY_BIRETTA:
        s.money[by] -= BIRETTA_COST
    s.cardinal[lo] = how
    ev.append(
        Event(
            "cardinal",
            {"lord": lo, "seat": s.l_owner[lo], "by": by, "biretta": how == BY_BIRETTA},
        )
    )
    finish(s)


def finish(s: FiefState) -> None:
    """Back to where the card was played: a battle window goes on."""
    s.red_hat = None
    s.kind = A.NONE
    if s.battle is not None:
        next_in_battle_window(s)


def red_hat_pending(s: FiefState) -> int:
    """The Cardinal card being played (1) or none (0), for the inventory."""
    busy = s.kind in (A.CARDINAL_TARGET, A.CARDINAL_CONSENT, A.CARDINAL_REDIRECT)
    return int(busy and s.red_hat is not None and s.red_hat.how == BY_CARD)


# ------------------------------------------------------------------ the Purchase phase


def biretta_free(s: FiefState) -> bool:
    return BY_BIRETTA not in s.cardinal


def grantees(s: FiefState, fief: int) -> list[int]:
    """Lords who could buy the vacant title but for the money (§4.4.3)."""
    if s.fief_holder[fief] >= 0:
        return []
    villages = FIEF_VILLAGES[fief]
    if not any(s.fort[v] for v in villages):
        return []
    g = s.ctrl[villages[0]]
    if g < 0 or any(s.ctrl[v] != g for v in villages):
        return []
    return economy.eligible_holders(s, g)


def legal_purchase(s: FiefState, p: int) -> list[int]:
    out = economy.legal_purchase(s, p)
    if s.money[p] >= BIRETTA_COST and s.biretta_asked[p] < BIRETTA_ASKS and biretta_free(s):
        out += [A.BIRETTA0 + lo for lo in bishops_for_red_hat(s, p)]
    if crown_family(s) == p:
        out += [A.GRANT0 + fief for fief in range(NF) if grantees(s, fief)]
    return sorted(out)


def apply_purchase(s: FiefState, p: int, action: int, ev: list[Event]) -> bool:
    if A.BIRETTA0 <= action < A.BIRETTA0 + NL:
        s.red_hat = RedHat(action - A.BIRETTA0, p, BY_BIRETTA)
        s.biretta_asked[p] += 1
        ev.append(Event("biretta", {"seat": p, "lord": s.red_hat.lord}))
        ask_pope(s, ev)
        return False
    if A.GRANT0 <= action < A.GRANT0 + NF:
        s.kind, s.title_fief = A.GRANTEE, action - A.GRANT0
        return False
    return economy.apply_purchase(s, p, action, ev)


def legal_grantee(s: FiefState) -> list[int]:
    return [A.GRANTEE0 + lo for lo in grantees(s, s.title_fief)]


def apply_grantee(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    fief, lo = s.title_fief, action - A.GRANTEE0
    g = s.l_owner[lo]
    s.fief_holder[fief] = lo
    ev.append(Event("royal_grant", {"seat": p, "fief": fief, "lord": lo, "owner": g}))
    if economy.city_options(s, g, fief):
        s.kind, s.actor = A.CITY, g  # the grantee may raise the city (§4.4.3)
    else:
        s.kind, s.title_fief = A.NONE, -1
