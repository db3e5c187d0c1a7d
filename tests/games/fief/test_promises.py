"""Promises (spec §7.4; promises.py): asked of the recipient as well as made by the
author, judged by the engine (a vote, peace, a payment: kept, broken or lapsed at the
deadline), the fates seen by the two parties only (in their views: no event, whose type
would tell the others a promise was made), and the trust score they make."""

from __future__ import annotations

from fief_scenario import (
    GAME,
    A,
    B,
    L,
    begin,
    do,
    legal_all,
    lord,
    table,
    troops,
    types,
)

from noblesse.agents import make_agent
from noblesse.games.fief import promises
from noblesse.games.fief.promises import BROKEN, KEPT, LAPSED, OPEN, record, trust
from noblesse.games.fief.state import FiefState


def _fates(s: FiefState) -> list[int]:
    return [p[4] for p in s.promises]


def _no_fate_events(ev: list) -> None:
    assert not any(e.type.startswith("promise") for e in ev), types(ev)


def _shown(s: FiefState, seat: int | None) -> list[tuple[int, int, str, str]]:
    """The promises in ``seat``'s view: (promiser, promisee, English, state)."""
    return [
        (p["from"], p["to"], p["en"], p["state"]) for p in GAME.view(s, seat).get("promises", [])
    ]


# ------------------------------------------------------------------ asked promises
def _purchase() -> FiefState:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    troops(s, "blaye", 0, 1, 2)
    lord(s, "jeanne", 1, "sigy")
    troops(s, "sigy", 1, 0, 2)
    return s


def test_promises_may_be_asked_of_the_recipient_and_are_then_his() -> None:
    s = _purchase()
    begin(s, "purchase")
    do(s, 0, "offer:to:2")
    names = legal_all(s, 0)
    assert {
        "ask_promise:peace",
        "ask_promise:pay:3",
        "ask_promise:vote:jeanne",
        "promise:peace",
    } <= set(names)
    do(s, 0, "ask_promise:peace", "ask_promise:vote:arthur", "ask_promise:pay:3")
    names = legal_all(s, 0)
    assert "ask_promise:peace" not in names and "ask_promise:pay:1" not in names
    assert "promise:peace" in names and "promise:pay:1" in names  # one's own: still free
    shown = GAME.view(s, 0)["offer"]["terms"]
    assert [t["en"] for t in shown] == [
        "The other family promises not to attack",
        "The other family promises to vote for Arthur",
        "The other family promises to pay 3 D later",
    ]
    assert shown[0]["zh-TW"] == "對方承諾不攻擊"
    do(s, 0, "promise:peace", "offer:send")
    ev = do(s, 1, "offer:accept")
    assert s.markers == [3, 3, 3]  # promises need no marker
    assert s.promises == [
        (1, 0, A.PROMISE_PEACE, s.turn, OPEN, 0),
        (1, 0, A.PROMISE_VOTE0 + L["arthur"], s.turn, OPEN, 0),
        (1, 0, A.PROMISE_PAY0 + 2, s.turn, OPEN, 0),
        (0, 1, A.PROMISE_PEACE, s.turn, OPEN, 0),
    ]
    accepted = next(e for e in ev if e.type == "offer_accepted")
    assert accepted.for_seat(1)["promises_received"][0] == "ask_promise:peace"
    view = GAME.view(s, 1)["promises"]
    assert [(p["from"], p["to"], p["en"]) for p in view] == [
        (1, 0, "Promise: no attack"),
        (1, 0, "Promise: vote for Arthur"),
        (1, 0, "Promise: pay 3 D later"),
        (0, 1, "Promise: no attack"),
    ]
    assert GAME.view(s, 2)["promises"] == []


# ------------------------------------------------------------------ votes
def _election() -> tuple[FiefState, int, int]:
    """The Tournus bishopric all held, Arthur (seat 0) and Henri (seat 1) stand, seat 2
    (the Pope and a Cardinal) votes too: the ballot is open."""
    s = table(3)
    for v in ("tournus", "mazilles"):
        troops(s, v, 0, 0, 1)
    for v in ("chateau_neuf", "st_andromy"):
        troops(s, v, 1, 0, 1)
    arthur = lord(s, "arthur", 0, "tournus")
    henri = lord(s, "henri", 1, "chateau_neuf")
    s.bishop[B["sigy"]] = lord(s, "charles", 1, "chateau_neuf")
    s.pope = lord(s, "eric", 2, "blaye")
    s.bishop[B["blaye"]] = s.pope
    francois = lord(s, "francois", 2, "blaye")
    s.bishop[B["bourg"]] = francois
    s.cardinal[francois] = 1
    return s, arthur, henri


def _to_ballot(s: FiefState) -> None:
    begin(s, "announcements")
    do(s, 2, "pass")  # the Pope decrees nothing
    do(s, 0, "candidate:arthur")
    do(s, 1, "candidate:henri")
    assert s.kind == A.BALLOT


def test_a_vote_promise_kept_seen_by_the_two_parties_only() -> None:
    s, arthur, _ = _election()
    record(s, 2, 0, A.PROMISE_VOTE0 + arthur)  # seat 3 promised seat 1
    _to_ballot(s)
    do(s, 2, "vote:arthur")
    assert _fates(s) == [OPEN]  # judged when all are cast
    do(s, 1, "vote:henri")
    ev = do(s, 0, "vote:arthur")
    assert "ballot" in types(ev)
    _no_fate_events(ev)
    assert _fates(s) == [KEPT]
    for seat in (0, 2):
        assert _shown(s, seat) == [(2, 0, "Promise: vote for Arthur", "kept")]
    assert _shown(s, 1) == [] and _shown(s, None) == []
    shown = GAME.view(s, 0)["promises"][0]
    assert shown["state"] == "kept" and shown["state_text"]["zh-TW"] == "已遵守"


def test_a_vote_for_another_candidate_breaks_the_promise() -> None:
    s, arthur, _ = _election()
    record(s, 2, 0, A.PROMISE_VOTE0 + arthur)
    _to_ballot(s)
    do(s, 2, "vote:henri")
    do(s, 1, "vote:henri")
    do(s, 0, "vote:arthur")
    assert _fates(s) == [BROKEN]
    assert _shown(s, 0) == [(2, 0, "Promise: vote for Arthur", "broken")]
    assert GAME.view(s, 2)["promises"][0]["state_text"]["zh-TW"] == "已違背"
    assert trust(s, 0, 2) == 1 / 3


def test_abstaining_or_an_election_without_the_lord_decides_nothing_then_it_lapses() -> None:
    s, arthur, _ = _election()
    _to_ballot(s)  # the Announcements: a new turn
    record(s, 2, 0, A.PROMISE_VOTE0 + arthur)
    record(s, 2, 1, A.PROMISE_VOTE0 + L["francois"])  # Francois does not stand
    record(s, 0, 1, A.PROMISE_VOTE0 + arthur)  # its own lord: kept
    do(s, 2, "abstain")
    do(s, 1, "vote:henri")
    do(s, 0, "vote:arthur")
    assert _fates(s) == [OPEN, OPEN, KEPT]
    made = s.turn
    begin(s, "end_of_turn")  # the turn it was made in
    assert _fates(s) == [OPEN, OPEN, KEPT]
    s.turn = made + 1
    ev = begin(s, "end_of_turn")  # the next: the deadline
    assert _fates(s) == [LAPSED, LAPSED, KEPT]
    _no_fate_events(ev)
    assert _shown(s, 2)[0] == (2, 0, "Promise: vote for Arthur", "lapsed")
    assert trust(s, 0, 2) == 0.5 and trust(s, 1, 0) == 2 / 3


# ------------------------------------------------------------------ peace
def _facing() -> FiefState:
    """Seat 0 with a lord and 2 knights in Sigy, seat 1's 2 men-at-arms there."""
    s = _purchase()
    lord(s, "eric", 0, "sigy")
    troops(s, "sigy", 0, 2, 0)
    return s


def test_declaring_a_battle_on_the_promisee_breaks_peace() -> None:
    s = _facing()
    record(s, 0, 1, A.PROMISE_PEACE)
    record(s, 0, 2, A.PROMISE_PEACE)  # to another family
    record(s, 1, 0, A.PROMISE_PEACE)  # the foe's promise to him
    begin(s, "battles")
    ev = do(s, 0, "battle:sigy")
    assert types(ev)[0] == "battle"
    _no_fate_events(ev)
    assert _fates(s) == [BROKEN, OPEN, OPEN]
    assert (0, 1, "Promise: no attack", "broken") in _shown(s, 1)
    assert trust(s, 1, 0) == 1 / 3 and trust(s, 2, 0) == 0.5


def test_peace_is_kept_at_the_deadline_without_a_battle() -> None:
    s = _facing()
    record(s, 0, 1, A.PROMISE_PEACE)
    s.turn += 1
    begin(s, "battles")
    do(s, 0, "pass")
    begin(s, "end_of_turn")
    assert _fates(s) == [KEPT]
    assert GAME.view(s, 1)["promises"][0]["state_text"]["zh-TW"] == "已遵守"


# ------------------------------------------------------------------ payment
def test_gifts_in_offers_add_up_to_keep_a_promise_to_pay() -> None:
    s = _purchase()
    s.money = [5, 5, 0]
    record(s, 0, 1, A.PROMISE_PAY0 + 2)  # 3 D
    record(s, 0, 2, A.PROMISE_PAY0 + 0)  # 1 D to another family
    begin(s, "purchase")
    do(s, 0, "offer:to:2", "term:give_money:2", "offer:send")
    do(s, 1, "offer:accept")
    assert s.promises[0][4:] == (OPEN, 2)  # 2 of 3 D given
    do(s, 0, "pass")  # seat 1 asks for the rest
    do(s, 1, "offer:to:1", "term:ask_money:2", "offer:send")
    ev = do(s, 0, "offer:accept")
    assert s.money == [1, 9, 0]
    assert s.promises[0][4:] == (KEPT, 3) and s.promises[1][4:] == (OPEN, 0)
    assert "gift" in types(ev)
    assert GAME.view(s, 1)["promises"][0]["state"] == "kept"


def test_a_promise_to_pay_unpaid_at_the_deadline_is_broken() -> None:
    s = _purchase()
    s.money = [5, 0, 0]
    record(s, 0, 1, A.PROMISE_PAY0 + 1)  # 2 D
    begin(s, "purchase")
    do(s, 0, "offer:to:2", "term:give_money:1", "offer:send")
    do(s, 1, "offer:accept")
    assert s.promises[0][4:] == (OPEN, 1)
    s.turn += promises.PROMISE_TURNS
    begin(s, "end_of_turn")
    assert s.promises[0][4:] == (BROKEN, 1)
    assert _shown(s, 0) == [(0, 1, "Promise: pay 2 D later", "broken")]


# ------------------------------------------------------------------ trust
def test_trust_is_laplaces_estimate_over_the_promises_made_to_the_judge() -> None:
    s = table(3)
    s.promises = [
        (1, 0, A.PROMISE_PEACE, 1, KEPT, 0),
        (1, 0, A.PROMISE_PAY0, 1, KEPT, 1),
        (1, 0, A.PROMISE_PEACE, 2, BROKEN, 0),
        (1, 0, A.PROMISE_VOTE0, 2, LAPSED, 0),
        (1, 0, A.PROMISE_PEACE, 3, OPEN, 0),
        (1, 2, A.PROMISE_PEACE, 1, BROKEN, 0),  # to another family
        (0, 1, A.PROMISE_PEACE, 1, BROKEN, 0),
    ]  # the judge's own
    assert trust(s, 0, 1) == (1 + 2) / (2 + 3)
    assert trust(s, 2, 1) == 1 / 3
    assert trust(s, 1, 0) == 1 / 3
    assert trust(s, 0, 2) == trust(s, 2, 0) == 0.5


# ------------------------------------------------------------------ the greedy bot
def _bot(s: FiefState, seat: int) -> str:
    return GAME.encode(make_agent("greedy", seed=1).act(GAME, s, seat))


def test_the_greedy_bot_keeps_its_promise_of_peace() -> None:
    s = _facing()
    begin(s, "battles")
    assert _bot(s.clone(), 0) == "battle:sigy"  # without a promise it attacks
    record(s, 0, 2, A.PROMISE_PEACE)  # peace with another family
    assert _bot(s.clone(), 0) == "battle:sigy"
    record(s, 0, 1, A.PROMISE_PEACE)
    assert _bot(s, 0) == "pass"
    s.promises[1] = s.promises[1][:4] + (KEPT, 0)  # once kept, it may attack
    assert _bot(s, 0) == "battle:sigy"


def test_the_greedy_bot_keeps_its_promise_to_vote() -> None:
    s, arthur, henri = _election()
    _to_ballot(s)
    unpromised = _bot(s.clone(), 2)
    assert unpromised == "vote:arthur"  # seat 1 leads: not its lord
    record(s, 2, 1, A.PROMISE_VOTE0 + henri)
    assert _bot(s, 2) == "vote:henri"
    do(s, 2, "vote:henri")
    do(s, 1, "vote:henri")
    do(s, 0, "vote:arthur")
    assert _fates(s) == [KEPT]


def test_the_greedy_bot_pays_what_it_promised_at_its_first_window() -> None:
    s = _purchase()
    s.money = [0, 5, 0]
    record(s, 1, 0, A.PROMISE_PAY0 + 1)  # seat 2 owes seat 1 2 D
    begin(s, "purchase")
    do(s, 0, "pass")
    for expected in ("offer:to:1", "term:give_money:2", "offer:send"):
        assert _bot(s, 1) == expected
        do(s, 1, expected)
    do(s, 0, "offer:accept")
    assert s.money == [2, 3, 0] and s.markers == [2, 3, 3]
    assert s.promises[0][4:] == (KEPT, 2)
    assert _bot(s, 1) != "offer:to:1"  # nothing owed any more


def _gift_for_a_promise(trusted: int, betrayed: int) -> str:
    """Seat 1 asks the bot (seat 2) for 1 D against a promise to pay 3 D later."""
    s = _purchase()
    s.money = [0, 10, 10]
    s.promises = [(1, 2, A.PROMISE_PEACE, 0, KEPT, 0)] * trusted + [
        (1, 2, A.PROMISE_PEACE, 0, BROKEN, 0)
    ] * betrayed
    begin(s, "purchase")
    do(s, 0, "pass")
    do(s, 1, "offer:to:3", "term:ask_money:1", "promise:pay:3", "offer:send")
    return _bot(s, 2)


def test_the_greedy_bot_weighs_a_promise_by_its_trust_in_the_author() -> None:
    # paying 1 D costs it 0.4 + 0.4 / 2 = 0.6 against the others; 3 D promised are worth
    # 1.2 times its trust: 2/3 after one promise kept (0.8), 1/3 after one broken (0.4)
    assert _gift_for_a_promise(1, 0) == "offer:accept"
    assert _gift_for_a_promise(0, 1) == "offer:refuse"
    assert _gift_for_a_promise(0, 0) == "offer:refuse"  # 0.6 is no gain


def test_the_greedy_bot_makes_no_promise_to_pay_it_cannot_keep() -> None:
    for money, answer in ((2, "offer:refuse"), (3, "offer:accept")):
        s = _purchase()
        troops(s, "blaye", 1, 0, 1)  # seat 2 is in seat 1's Blaye
        s.money = [0, money, 0]
        begin(s, "purchase")
        do(s, 0, "offer:to:2", "term:cede:blaye", "ask_promise:pay:3", "offer:send")
        assert _bot(s, 1) == answer, money


def test_the_greedy_bot_asked_for_peace_counts_its_cost() -> None:
    s = _purchase()
    s.money = [5, 0, 0]
    begin(s, "purchase")
    do(s, 0, "offer:to:2", "term:give_money:1", "ask_promise:peace", "offer:send")
    assert _bot(s.clone(), 1) == "offer:refuse"  # 1 D (0.6) < peace (1.2)
    s = _purchase()
    s.money = [5, 0, 0]
    begin(s, "purchase")
    do(s, 0, "offer:to:2", "term:give_money:3", "ask_promise:peace", "offer:send")
    assert _bot(s, 1) == "offer:accept"  # 3 D (1.8) > peace
