"""Promises (spec §7.4): not binding, recorded, and judged by what happens afterwards.

A promise is made in an accepted offer, by its author (``promise:*``) or, asked of him, by
its recipient (``ask_promise:*``). ``s.promises`` holds each as a ``Promise``
(promiser, promisee, act, turn, fate, paid): ``act`` the ``promise:*`` action (an asked
promise is stored as the promise it is), ``turn`` the turn it was made in, ``fate``
OPEN, KEPT, BROKEN or LAPSED, ``paid`` the deniers given so far towards a promise to pay.

The engine judges each one from what the promiser does, never from what he says:

* vote for X: kept when the promiser's ballot in an election where X stands is for X,
  broken when it is for another candidate; abstaining, or having no vote, decides
  nothing. With no such ballot by the deadline it lapses (neither kept nor broken).
* peace: broken when the promiser starts a battle whose named foe is the promisee (a
  declaration, a cavalcade, a garrison pursuing its besieger); kept at the deadline.
* pay n: kept once the promiser has given the promisee n D by the money terms of offers
  (several gifts add up, one gift may settle several promises); broken at the deadline.

The deadline is the end of turn ``turn + promise_turns`` [assumed]. A fate is no event:
an event's type is public, and even "a promise between two others is settled" would tell
the other families that a promise was made. The two parties read each promise's fate in
their views (``promises``, the web table's Diplomacy panel); nobody else sees it.
"""

from __future__ import annotations

from noblesse.games.fief import actions as A
from noblesse.games.fief.state import ASSUMED, NL, FiefState, Promise

PROMISE_TURNS = int(ASSUMED["promise_turns"])
OPEN, KEPT, BROKEN, LAPSED = range(4)
FATES = ("open", "kept", "broken", "lapsed")


def is_promise(act: int) -> bool:
    """A ``promise:*`` or ``ask_promise:*`` term (they bind nobody)."""
    return (
        A.PROMISE_VOTE0 <= act < A.PROMISE_VOTE0 + A.PROMISES
        or A.ASK_PROMISE_VOTE0 <= act < A.ASK_PROMISE_VOTE0 + A.PROMISES
    )


def asked(act: int) -> bool:
    return A.ASK_PROMISE_VOTE0 <= act < A.ASK_PROMISE_VOTE0 + A.PROMISES


def record(s: FiefState, author: int, recipient: int, act: int) -> None:
    """An accepted promise term: the author's promise, or the recipient's if asked."""
    if asked(act):
        s.promises.append(Promise(recipient, author, act - A.ASKED, s.turn, OPEN, 0))
    else:
        s.promises.append(Promise(author, recipient, act, s.turn, OPEN, 0))


def vote_for(act: int) -> int:
    """The lord a promise to vote is for, or -1."""
    return act - A.PROMISE_VOTE0 if A.PROMISE_VOTE0 <= act < A.PROMISE_VOTE0 + NL else -1


def pay_amount(act: int) -> int:
    """The deniers a promise to pay is for, or 0."""
    return act - A.PROMISE_PAY0 + 1 if A.PROMISE_PAY0 <= act < A.PROMISE_PAY0 + 3 else 0


def _settle(s: FiefState, i: int, fate: int) -> None:
    s.promises[i] = s.promises[i]._replace(fate=fate)


def on_ballots(s: FiefState, ballots: dict[int, int], candidates: list[int]) -> None:
    """An election counted (``ballots``: family -> the lord it voted for)."""
    for i, (p, _, act, _, fate, _) in enumerate(s.promises):
        lo = vote_for(act)
        if fate == OPEN and lo in candidates and p in ballots:
            _settle(s, i, KEPT if ballots[p] == lo else BROKEN)


def on_battle(s: FiefState, attacker: int, foe: int) -> None:
    """``attacker`` starts a battle against ``foe``: his promises of peace to it break."""
    for i, (p, q, act, _, fate, _) in enumerate(s.promises):
        if fate == OPEN and act == A.PROMISE_PEACE and p == attacker and q == foe:
            _settle(s, i, BROKEN)


def on_gift(s: FiefState, payer: int, payee: int, amount: int) -> None:
    """Money given by an offer's term goes towards the payer's promises to pay."""
    for i, (p, q, act, _, fate, paid) in enumerate(s.promises):
        due = pay_amount(act)
        if amount <= 0:
            return
        if fate != OPEN or not due or (p, q) != (payer, payee):
            continue
        given = min(amount, due - paid)
        amount -= given
        s.promises[i] = s.promises[i]._replace(paid=paid + given)
        if paid + given >= due:
            _settle(s, i, KEPT)


def deadline(s: FiefState) -> None:
    """The end of a turn: the promises due now are judged on what did not happen."""
    for i, (_, _, act, turn, fate, _) in enumerate(s.promises):
        if fate != OPEN or turn + PROMISE_TURNS > s.turn:
            continue
        if act == A.PROMISE_PEACE:
            _settle(s, i, KEPT)
        elif pay_amount(act):
            _settle(s, i, BROKEN)
        else:
            _settle(s, i, LAPSED)


def trust(s: FiefState, judge: int, family: int) -> float:
    """How far ``judge`` trusts ``family``: Laplace's rule of succession over the promises
    ``family`` made to ``judge``, (1 + kept) / (2 + kept + broken). A family that never
    promised it anything stands at 1/2; every promise kept moves it towards 1, every one
    broken towards 0; lapsed and open promises do not count."""
    kept = broken = 0
    for p, q, _, _, fate, _ in s.promises:
        if p == family and q == judge:
            kept += fate == KEPT
            broken += fate == BROKEN
    return (1 + kept) / (2 + kept + broken)
