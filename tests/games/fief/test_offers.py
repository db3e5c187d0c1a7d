"""Diplomacy as structured offers (spec §4.11, §7.4; offers.py): the windows and the
limit, the diplomacy-marker rule, every kind of term accepted, refused and failing when
carried out, promises, what the other seats see, and the greedy bot's answers."""

from __future__ import annotations

import random

from fief_scenario import (
    GAME,
    A,
    B,
    C,
    F,
    L,
    V,
    assert_illegal,
    begin,
    do,
    events_of,
    legal,
    legal_all,
    lord,
    table,
    troops,
    types,
)

from noblesse.agents import make_agent
from noblesse.games.fief import actions as act
from noblesse.games.fief import flow, intrigue, marriage
from noblesse.games.fief.control import capture
from noblesse.games.fief.economy import ransom_cap
from noblesse.games.fief.offers import (
    PactKind,
    _possible_terms,
    _village_terms,
    term_ok,
)
from noblesse.games.fief.state import BISHOPRIC_OF, FIEF_OF, NL, NV, SEATS, FiefState, present


def _purchase(n: int = 3) -> object:
    """Seat 0 (first) and seat 1 each with a lord and a stronghold, in the Purchase phase."""
    s = table(n)
    lord(s, "arthur", 0, "blaye")
    troops(s, "blaye", 0, 1, 2)
    s.fort[V["blaye"]] = 1
    lord(s, "jeanne", 1, "sigy")
    troops(s, "sigy", 1, 0, 2)
    return s


def _answer(s: object, seat: int, answer: str) -> list:
    assert GAME.to_act(s) == (seat,) and legal_all(s, seat) == ["offer:accept", "offer:refuse"]
    return do(s, seat, f"offer:{answer}")


# ------------------------------------------------------------------ windows and limits
def test_an_offer_opens_at_a_window_at_most_twice_a_phase() -> None:
    s = _purchase()
    begin(s, "purchase")
    assert s.kind == A.PURCHASE
    assert legal_all(s, 0)[-2:] == ["offer:to:2", "offer:to:3"]
    do(s, 0, "offer:to:2")
    assert s.kind == A.OFFER_COMPOSE and legal_all(s, 0)[0] == "offer:cancel"
    assert "offer:send" not in legal_all(s, 0)  # nothing to send yet
    do(s, 0, "offer:cancel", "offer:to:3", "offer:cancel")
    assert s.kind == A.PURCHASE and GAME.to_act(s) == (0,)
    assert not [x for x in legal_all(s, 0) if x.startswith("offer")]  # two a phase
    assert_illegal(s, 0, "offer:to:2")


def test_each_family_has_its_own_limit_and_answers_are_no_windows() -> None:
    s = _purchase()
    begin(s, "purchase")
    do(s, 0, "offer:to:2", "offer:cancel", "offer:to:2", "offer:cancel", "pass")
    assert GAME.to_act(s) == (1,) and "offer:to:1" in legal_all(s, 1)
    s = _purchase()
    troops(s, "charolles", 1, 0, 1)
    begin(s, "movement")
    do(s, 0, "lord:arthur", "move:charolles")
    assert s.kind == A.PERMIT  # an answer, not a window
    assert legal_all(s, 1) == ["permit:yes", "permit:no"]


# ------------------------------------------------------------------ money and cards
def test_money_accepted_the_receiver_spends_a_diplomacy_marker() -> None:
    s = _purchase()
    s.money = [5, 0, 0]
    begin(s, "purchase")
    do(s, 0, "offer:to:2", "term:give_money:3")
    names = legal_all(s, 0)
    assert "offer:send" in names and not [x for x in names if "money" in x or "card" in x]
    ev = do(s, 0, "offer:send")
    assert events_of(ev, "offer_made") == [{"type": "offer_made", "seat": 0, "with": 1}]
    ev = _answer(s, 1, "accept")
    assert s.money == [2, 3, 0] and s.markers == [3, 2, 3]
    assert events_of(ev, "gift")[0]["paid"] == 3
    assert events_of(ev, "offer_accepted")[0]["terms"] == ["term:give_money:3"]
    assert s.kind == A.PURCHASE and GAME.to_act(s) == (0,)


def test_money_needs_a_marker_and_one_marker_buys_money_or_cards() -> None:
    s = _purchase()
    s.money = [5, 5, 0]
    s.hand[0] = [C["justice"]]
    s.markers[1] = 0
    begin(s, "purchase")
    do(s, 0, "offer:to:2")
    names = legal_all(s, 0)
    assert "term:give_money:1" not in names and "term:give_card:justice" not in names
    assert "term:ask_money:3" in names  # seat 0 has markers left
    assert_illegal(s, 0, "term:give_money:1")
    do(s, 0, "offer:cancel")
    s.markers[1] = 3
    do(s, 0, "offer:to:2", "term:give_money:1")
    assert "term:give_card:justice" not in legal_all(s, 0)  # one marker: money or cards


def test_cards_accepted_within_the_hand_limit_seen_by_the_two_only() -> None:
    s = _purchase()
    s.hand[0] = [C["justice"], C["ambush"]]
    s.hand[1] = [C["uprising"], C["uprising"]]
    begin(s, "purchase")
    do(s, 0, "offer:to:2", "term:give_card:justice")
    assert "term:give_card:ambush" not in legal_all(s, 0)  # the hand limit (3)
    do(s, 0, "offer:send")
    ev = _answer(s, 1, "accept")
    assert s.hand[0] == [C["ambush"]] and sorted(s.hand[1]) == sorted(
        [C["uprising"], C["uprising"], C["justice"]]
    )
    given = next(e for e in ev if e.type == "card_given")
    assert "card" not in given.for_seat(2) and "card" not in given.for_seat(None)
    assert given.for_seat(1)["card_received"] == C["justice"] == given.for_seat(0)["card"]
    assert GAME.describe_event(given.for_seat(1)) == "Seat 1 gives Justice to Seat 2"
    assert GAME.describe_event(given.for_seat(2)) == "Seat 1 gives a card to Seat 2"
    assert s.markers == [3, 2, 3]


def test_a_refused_offer_changes_nothing() -> None:
    s = _purchase()
    s.money = [5, 0, 0]
    begin(s, "purchase")
    do(s, 0, "offer:to:2", "term:give_money:2", "offer:send")
    ev = _answer(s, 1, "refuse")
    assert types(ev) == ["offer_refused"]
    assert s.money == [5, 0, 0] and s.markers == [3, 3, 3]
    assert s.kind == A.PURCHASE and GAME.to_act(s) == (0,) and s.offer is None


def test_an_offer_failing_at_execution_does_nothing_at_all() -> None:
    s = _purchase()
    s.money = [5, 4, 0]
    begin(s, "purchase")
    do(s, 0, "offer:to:2", "term:give_money:1", "term:ask_money:3", "offer:send")
    s.money[1] = 2  # no longer able to pay its 3 D
    ev = _answer(s, 1, "accept")
    assert types(ev) == ["offer_failed"]
    assert next(e for e in ev if e.type == "offer_failed").for_seat(0)["why"] == "term:ask_money:3"
    assert "why" not in next(e for e in ev if e.type == "offer_failed").for_seat(2)
    assert s.money == [5, 2, 0] and s.markers == [3, 3, 3]


# ------------------------------------------------------------------ ransom
def _captive(s: object) -> int:
    lo = lord(s, "charles", 0, "sigy")
    capture(s, lo, 1, [])
    s.fief_holder[F["mazilles"]] = lo  # cap 2 + 2 = 4
    return lo


def test_a_ransom_below_the_cap_by_agreement_frees_the_lord() -> None:
    s = _purchase()
    lo = _captive(s)
    s.money = [3, 0, 0]
    begin(s, "purchase")
    do(s, 0, "offer:to:2", "term:ransom:charles")
    assert ransom_cap(s, lo) == 4
    assert legal_all(s, 0) == [
        "offer:cancel",
        "term:price:0",
        "term:price:1",
        "term:price:2",
        "term:price:3",
    ]  # below the cap, affordable
    do(s, 0, "term:price:2", "offer:send")
    ev = _answer(s, 1, "accept")
    assert s.money == [1, 2, 0] and s.markers == [3, 3, 3]  # no marker for a ransom
    assert events_of(ev, "ransom")[0]["paid"] == 2
    assert s.l_captor[lo] == -1 and s.l_loc[lo] == V["blaye"]


def test_a_ransom_fails_when_the_captive_is_gone_meanwhile() -> None:
    s = _purchase()
    lo = _captive(s)
    s.money = [3, 0, 0]
    begin(s, "purchase")
    do(s, 0, "offer:to:2", "term:ransom:charles", "term:price:1", "offer:send")
    s.l_captor[lo] = 2  # now in another's hands
    assert types(_answer(s, 1, "accept")) == ["offer_failed"]
    assert s.money == [3, 0, 0] and s.l_captor[lo] == 2


# ------------------------------------------------------------------ passage, truce, cede
def test_an_agreed_passage_is_granted_by_the_engine() -> None:
    s = _purchase()
    troops(s, "charolles", 1, 0, 1)
    begin(s, "movement")
    do(s, 0, "offer:to:2", "term:passage:charolles", "term:passage_for:arthur", "offer:send")
    _answer(s, 1, "accept")
    assert s.kind == A.MOVE_SELECT and GAME.to_act(s) == (0,)
    ev = do(s, 0, "lord:arthur", "move:charolles")
    assert not events_of(ev, "ask_passage")
    assert events_of(ev, "passage")[0]["agreed"] is True
    assert GAME.to_act(s) == (0,) and "move:villeneuve" in legal(s, 0)
    do(s, 0, "move:villeneuve")
    assert s.l_loc[L["arthur"]] == V["villeneuve"]
    assert GAME.to_act(s) == (1,) and s.pacts  # seat 1 moves
    do(s, 1, "pass")  # the movement ends
    assert s.phase != A.MOVEMENT and s.pacts == []  # the passage with it


def test_a_passage_is_for_one_lord_another_of_his_family_still_asks() -> None:
    s = _purchase()
    troops(s, "charolles", 1, 0, 1)
    lord(s, "eric", 0, "blaye")
    lord(s, "charles", 0, None)  # not on the board
    begin(s, "movement")
    do(s, 0, "offer:to:2", "term:passage:charolles")
    assert legal_all(s, 0) == [
        "offer:cancel",
        "term:passage_for:arthur",
        "term:passage_for:eric",
    ]  # a lord of the one asking
    assert_illegal(s, 0, "term:passage_for:jeanne")
    do(s, 0, "term:passage_for:arthur")
    term = GAME.view(s, 0)["offer"]["terms"][0]
    assert term["term"] == "term:passage:charolles@arthur"
    assert term["en"] == "Passage through Charolles this movement for Arthur"
    assert term["zh-TW"] == "本回合移動時可通過「夏洛勒」（限「亞瑟」）", term["zh-TW"]
    do(s, 0, "offer:send")
    _answer(s, 1, "accept")
    assert s.pacts == [(PactKind.PASSAGE, 1, L["arthur"], V["charolles"], (s.turn, A.MOVEMENT))]
    other = s.clone()
    ev = do(other, 0, "lord:eric", "move:charolles")
    assert other.kind == A.PERMIT and GAME.to_act(other) == (1,)
    assert events_of(ev, "ask_passage")[0]["lord"] == L["eric"]
    ev = do(s, 0, "lord:arthur", "move:charolles")
    assert events_of(ev, "passage")[0]["agreed"] is True and s.kind == A.MOVE_LORD


def test_a_passage_covers_the_road_of_a_family_not_holding_the_village() -> None:
    """Seat 2 came into Blaye (seat 1's) from Charolles and stands on that road: it is
    asked for it (roads.road_keeper), and may grant it by an offer."""
    s = _purchase()
    lord(s, "eric", 0, "blaye")
    troops(s, "blaye", 1, 0, 1)
    s.entry[V["blaye"] * 6 + 1] = V["charolles"]
    assert s.ctrl[V["blaye"]] == 0
    begin(s, "movement")
    do(s, 0, "offer:to:2")
    assert "term:passage:blaye" in legal_all(s, 0)
    do(s, 0, "term:passage:blaye", "term:passage_for:arthur", "offer:send")
    _answer(s, 1, "accept")
    assert s.pacts[0][:4] == (PactKind.PASSAGE, 1, L["arthur"], V["blaye"])
    other = s.clone()
    ev = do(other, 0, "lord:eric", "move:charolles")
    assert events_of(ev, "ask_passage")[0]["road"] is True and other.kind == A.PERMIT
    ev = do(s, 0, "lord:arthur", "move:charolles")
    assert not events_of(ev, "ask_passage")
    assert events_of(ev, "passage")[0]["agreed"] is True
    assert s.l_loc[L["arthur"]] == V["charolles"]


def test_a_passage_is_no_term_after_the_movement() -> None:
    s = _purchase()
    troops(s, "sigy", 0, 1, 0)
    lord(s, "eric", 0, "sigy")
    troops(s, "sigy", 0, 1, 0)
    begin(s, "battles")
    do(s, 0, "offer:to:2")
    assert not [x for x in legal_all(s, 0) if x.startswith("term:passage")]


def test_an_agreed_truce_blocks_the_battle_for_both() -> None:
    s = _purchase()
    lord(s, "eric", 0, "sigy")
    troops(s, "sigy", 0, 2, 0)
    begin(s, "battles")
    assert legal(s, 0) == ["pass", "battle:sigy"]
    do(s, 0, "offer:to:2", "term:truce:sigy", "offer:send")
    ev = _answer(s, 1, "accept")
    assert "battle" not in types(ev)
    assert {"type": "phase", "phase": "pillage"} in [e.for_seat(None) for e in ev]
    assert s.knights[V["sigy"] * 6 + 0] == 2 and s.men_at_arms[V["sigy"] * 6 + 1] == 2


def test_a_village_is_handed_over_to_a_family_present_there() -> None:
    s = _purchase()
    troops(s, "blaye", 1, 0, 1)  # seat 1 came later
    begin(s, "purchase")
    assert s.ctrl[V["blaye"]] == 0
    s.money[1] = 2
    do(s, 0, "offer:to:2")
    names = legal_all(s, 0)
    assert "term:cede:blaye" in names and "term:cede:sigy" not in names  # 0 not in sigy
    do(s, 0, "term:cede:blaye", "term:ask_money:2", "offer:send")
    ev = _answer(s, 1, "accept")
    assert s.ctrl[V["blaye"]] == 1 and s.money == [2, 0, 0] and s.markers == [2, 3, 3]
    assert {"type": "control", "village": V["blaye"], "seat": 1} in events_of(ev, "control")


def test_a_besieged_village_is_not_handed_over() -> None:
    """§7.4: a hand-over only "if physically possible now". Blaye's stronghold held by
    seat 0 with seat 1's troops there: under seat 1's siege engine it is not on offer;
    without the engine it is."""
    for engine, offered in ((1, False), (0, True)):
        s = _purchase()
        troops(s, "blaye", 1, 0, 1)
        s.engine[V["blaye"] * SEATS + 1] = engine
        begin(s, "purchase")
        do(s, 0, "offer:to:2")
        assert ("term:cede:blaye" in legal_all(s, 0)) is offered


# ------------------------------------------------------------------ crown and church
def test_the_king_grants_a_title_by_agreement_for_money() -> None:
    s = table(3)
    s.king = lord(s, "arthur", 0, "blaye")
    b = lord(s, "charles", 1, "bourg")
    for v in ("villeneuve", "la_buissiere", "bourg", "st_vivien"):
        troops(s, v, 1, 0, 1)
    s.fort[V["bourg"]] = 1
    s.money = [0, 3, 0]
    begin(s, "purchase")
    do(s, 0, "offer:to:2")
    assert "term:title:bourg" in legal_all(s, 0) and "term:title:sigy" not in legal_all(s, 0)
    do(s, 0, "term:title:bourg", "term:ask_money:3", "offer:send")
    ev = _answer(s, 1, "accept")
    assert s.fief_holder[F["bourg"]] == b and s.money == [3, 0, 0]
    assert events_of(ev, "royal_grant")[0]["lord"] == b


def test_no_title_term_without_the_crown_among_the_parties() -> None:
    s = _purchase()
    begin(s, "purchase")
    do(s, 0, "offer:to:2")
    assert not [x for x in legal_all(s, 0) if x.startswith("term:title")]


def test_the_pope_approves_a_cardinal_by_agreement() -> None:
    s = table(3)
    s.bishop[B["blaye"]] = lord(s, "arthur", 0, "blaye")
    s.pope = lord(s, "eric", 2, "bourg")
    s.bishop[B["bourg"]] = s.pope
    s.money = [5, 0, 0]
    begin(s, "purchase")
    do(s, 0, "offer:to:3", "term:cardinal", "offer:send")
    _answer(s, 2, "accept")
    ev = do(s, 0, "biretta:arthur")
    assert GAME.to_act(s) == (0,) and s.kind == A.PURCHASE  # the Pope is not asked
    assert events_of(ev, "cardinal_agreed") and s.cardinal[L["arthur"]] == 2
    assert s.money == [0, 0, 0]


def test_an_annulment_granted_by_the_pope() -> None:
    s = _purchase()
    s.spouse[L["arthur"]], s.spouse[L["jeanne"]] = L["jeanne"], L["arthur"]
    s.pope = lord(s, "eric", 2, "bourg")
    begin(s, "purchase")
    do(s, 0, "offer:to:3", "term:annulment", "offer:send")
    ev = _answer(s, 2, "accept")
    assert s.spouse[L["arthur"]] == -1 == s.spouse[L["jeanne"]]
    assert events_of(ev, "annulled")


def test_a_marriage_agreed_is_made_at_the_next_announcements() -> None:
    s = _purchase()
    begin(s, "purchase")
    do(s, 0, "offer:to:2", "term:marry:arthur")
    assert legal_all(s, 0) == ["offer:cancel", "term:marry:jeanne"]
    do(s, 0, "term:marry:jeanne", "offer:send")
    _answer(s, 1, "accept")
    assert s.spouse[L["arthur"]] == -1  # not yet
    ev = begin(s, "announcements")
    assert s.spouse[L["arthur"]] == L["jeanne"] and events_of(ev, "marriage")
    assert s.pacts == []


def test_an_agreed_marriage_is_void_if_one_may_no_longer_marry() -> None:
    s = _purchase()
    begin(s, "purchase")
    do(s, 0, "offer:to:2", "term:marry:arthur", "term:marry:jeanne", "offer:send")
    _answer(s, 1, "accept")
    s.bishop[B["blaye"]] = L["arthur"]  # a Bishop cannot marry
    ev = begin(s, "announcements")
    assert s.spouse[L["arthur"]] == -1 and events_of(ev, "betrothal_void")


# ------------------------------------------------------------------ promises, views
def test_promises_are_recorded_and_shown_to_the_two_parties_only() -> None:
    s = _purchase()
    begin(s, "purchase")
    do(s, 0, "offer:to:2", "promise:peace", "promise:vote:jeanne", "promise:pay:2", "offer:send")
    ev = _answer(s, 1, "accept")
    assert s.promises == [
        (0, 1, A.PROMISE_PEACE, s.turn, 0, 0),  # open, nothing paid
        (0, 1, A.PROMISE_VOTE0 + L["jeanne"], s.turn, 0, 0),
        (0, 1, A.PROMISE_PAY0 + 1, s.turn, 0, 0),
    ]
    accepted = next(e for e in ev if e.type == "offer_accepted")
    assert accepted.for_seat(2)["terms"] == [] and "promises" not in accepted.for_seat(2)
    assert len(accepted.for_seat(1)["promises_received"]) == 3
    assert len(accepted.for_seat(0)["promises"]) == 3
    for seat in (0, 1):
        shown = GAME.view(s, seat)["promises"]
        assert [p["term"] for p in shown] == [
            "promise:peace",
            "promise:vote:jeanne",
            "promise:pay:2",
        ]
        assert shown[2]["en"] == "Promise: pay 2 D later"
        assert [(p["from"], p["to"], p["until"], p["state"]) for p in shown] == [
            (0, 1, s.turn + 1, "open")
        ] * 3
        assert shown[0]["state_text"] == {"en": "open", "zh-TW": "未定"}
    assert GAME.view(s, 2)["promises"] == [] == GAME.view(s, None)["promises"]


def test_the_offer_is_seen_by_its_author_and_once_sent_its_recipient_only() -> None:
    s = _purchase()
    s.hand[0] = [C["justice"]]
    begin(s, "purchase")
    do(s, 0, "offer:to:2", "term:give_card:justice")
    assert GAME.view(s, 0)["offer"]["terms"][0]["term"] == "term:give_card:justice"
    assert GAME.view(s, 1)["offer"] is None  # not sent yet
    ev = do(s, 0, "offer:send")
    assert GAME.view(s, 1)["offer"]["terms"][0]["zh-TW"].startswith("提議方給出")
    assert GAME.view(s, 2)["offer"] is None and GAME.view(s, None)["offer"] is None
    made = ev[0]
    assert "terms" not in made.for_seat(2) and "terms_received" not in made.for_seat(2)
    assert made.for_seat(1)["terms_received"] == ["term:give_card:justice"]
    # the recipient has seen the card offered: resampling keeps it in the author's hand
    for seed in range(10):
        d = GAME.determinize(s, 1, random.Random(seed))
        assert d.hand[0] == [C["justice"]]
        assert GAME.view(d, 1) == GAME.view(s, 1)


def test_every_offer_text_has_both_languages() -> None:
    from noblesse.games.fief.views import action_text

    for kind in ("offer_compose", "offer_answer"):
        assert all(flow.decision_named(kind).prompt)
    for action in range(A.OFFER_TO0, A.OFFER_END):
        en, zh = action_text(action, "en"), action_text(action, "zh-TW")
        assert en != A.ACTION_NAMES[action] and zh != en, A.ACTION_NAMES[action]


# ------------------------------------------------------------------ the greedy bot
def test_the_greedy_bot_accepts_a_gift_and_refuses_to_pay_for_nothing() -> None:
    s = _purchase()
    s.money = [5, 5, 0]
    begin(s, "purchase")
    do(s, 0, "offer:to:2", "term:give_money:3", "offer:send")
    assert GAME.encode(make_agent("greedy", seed=1).act(GAME, s, 1)) == "offer:accept"
    do(s, 1, "offer:accept")
    do(s, 0, "offer:to:2", "term:ask_money:3", "offer:send")
    assert GAME.encode(make_agent("greedy", seed=1).act(GAME, s, 1)) == "offer:refuse"


def test_the_greedy_bot_offers_half_the_ransom_cap_for_its_captive() -> None:
    """With a promise of peace to the captor to sweeten it (test_promises.py)."""
    s = _purchase()
    lo = _captive(s)
    s.money = [3, 0, 0]
    begin(s, "purchase")
    bot = make_agent("greedy", seed=1)
    for expected in (
        "offer:to:2",
        "term:ransom:charles",
        "term:price:2",
        "promise:peace",
        "offer:send",
    ):
        assert GAME.encode(bot.act(GAME, s, 0)) == expected
        do(s, 0, expected)
    assert s.kind == A.OFFER_ANSWER and lo >= 0
    assert GAME.encode(bot.act(GAME, s, 1)) in ("offer:accept", "offer:refuse")
    assert s.offers_made[0] == 1


def test_offers_open_in_the_ransom_step_and_at_a_marriage_proposal() -> None:
    s = _purchase()
    _captive(s)
    begin(s, "ransoms")
    assert s.kind == A.RANSOM and GAME.to_act(s) == (1,)  # the captor may release
    assert legal_all(s, 1) == ["pass", "release:charles", "offer:to:1", "offer:to:3"]
    s = _purchase()
    begin(s, "announcements")
    assert s.kind == A.PROPOSAL and GAME.to_act(s) == (0,)
    assert legal_all(s, 0)[-2:] == ["offer:to:2", "offer:to:3"]


def test_an_agreed_truce_lasts_until_the_end_of_the_battles() -> None:
    s = _purchase()
    lord(s, "eric", 0, "sigy")
    troops(s, "sigy", 0, 2, 0)
    begin(s, "purchase")
    do(s, 0, "offer:to:2", "term:truce:sigy", "offer:send")
    _answer(s, 1, "accept")
    assert s.pacts == [(PactKind.TRUCE, 0, 1, V["sigy"], (s.turn, A.BATTLES))]
    begin(s, "battles")
    assert s.kind != A.BATTLE_SELECT  # nothing to declare
    assert s.pacts == []  # gone with the phase


VILLAGE_TERMS = [  # passage, truce and hand-over of every village, in action order
    *range(act.PASSAGE0, act.PASSAGE0 + NV),
    *range(act.TRUCE_TERM0, act.TRUCE_TERM0 + NV),
    *range(act.CEDE0, act.CEDE0 + NV),
]


def _raisable(s: FiefState, v: int, g: int) -> bool:
    """§4.12.1 village by village: in a famine or taxed (tithe or tallage) by a family
    other than ``g``, and some family stands there."""
    b, tithe = BISHOPRIC_OF[v], s.tithe[BISHOPRIC_OF[v]]
    taxers = {tithe.bishop, tithe.cardinal, tithe.pope, s.tallage[FIEF_OF[v]]} - {-1, g}
    return bool(s.famine[b] or taxers) and any(present(s, v, f) for f in range(s.n_players))


def test_passage_marriage_and_uprising_read_board_wide_agree_with_their_rules() -> None:
    """An offer's passage, truce and hand-over terms, read in one pass down both parties'
    columns of the board, are the villages ``term_ok`` allows one by one; its marriage
    terms are the lords with a partner of the other family (``partners``); and
    ``may_rise`` says whether ``uprising_villages`` is empty, along random games."""
    rng = random.Random(3)
    seen = dict.fromkeys(("passage", "truce", "cede", "rise", "wed"), 0)  # each found somewhere
    for n in (3, 6):
        s = GAME.setup(n, 40 + n)
        for step in range(1500):
            if GAME.is_over(s):
                break
            for g in range(n):
                assert intrigue.may_rise(s, g) == bool(intrigue.uprising_villages(s, g))
                seen["rise"] += intrigue.may_rise(s, g)
                for r in range(n):
                    if r == g:
                        continue
                    if step % 4 == 0:  # every fourth step: the 72 village terms of the pair
                        villages = [x for x in VILLAGE_TERMS if term_ok(s, g, r, x, -1)]
                        assert _village_terms(s, g, r) == villages
                        seen["passage"] += any(x < act.TRUCE_TERM0 for x in villages)
                        seen["truce"] += any(act.TRUCE_TERM0 <= x < act.CEDE0 for x in villages)
                        seen["cede"] += any(x >= act.CEDE0 for x in villages)
                    for lo in range(NL):
                        partners = marriage.partners(s, lo) if marriage.can_marry(s, lo) else []
                        wed = (
                            s.l_owner[lo] == g
                            and marriage.family_free(s, g)
                            and any(s.l_owner[o] == r for o in partners)
                        )
                        assert term_ok(s, g, r, act.WED0 + lo, -1) == wed
                        seen["wed"] += wed
            seat = GAME.to_act(s)[0]
            choices = GAME.legal_actions(s, seat)
            GAME.apply(s, seat, choices[rng.randrange(len(choices))])
    assert min(seen.values()) > 0, seen


def test_the_reads_of_every_family_at_once_agree_with_each_familys_own() -> None:
    """The one-pass reads give, for every family, what its own rule gives: the families
    allied by a marriage (``married_families``, ``ally_of``), those that may assassinate
    (``assassins``: a marker left, a lord of theirs on the board without one, another
    family in play) or raise a village (``risers``, ``may_rise``: the villages §4.12.1
    allows village by village, ``uprising_villages``), and a family with a
    free lord on the board has him counted where he stands (``free_lords``, which the
    passage terms read), along random games."""
    rng = random.Random(9)
    seen = {"married": 0, "assassin": 0, "riser": 0, "mover": 0}
    for n in (3, 5, 6):
        s = GAME.setup(n, 90 + n)
        for _ in range(1500):
            if GAME.is_over(s):
                break
            families = range(n)
            married = {f for f in families if marriage.ally_of(s, f) >= 0}
            assassins = {
                f
                for f in families
                if sum(s.assassin) < intrigue.MARKERS
                and intrigue.marker_bearers(s, f)
                and any(o >= 0 and o != f for o in s.l_owner)
            }
            risers = {f for f in families if intrigue.may_rise(s, f)}
            for f in families:  # the villages §4.12.1 lets a family raise, one by one
                raisable = [v for v in range(NV) if _raisable(s, v, f)]
                assert intrigue.uprising_villages(s, f) == raisable
                assert (f in risers) == bool(raisable)
            assert marriage.married_families(s) == married
            assert intrigue.assassins(s) == assassins
            assert intrigue.risers(s) == risers
            for f in families:
                free_on_board = any(
                    s.l_owner[lo] == f and s.l_captor[lo] < 0 and s.l_loc[lo] >= 0
                    for lo in range(NL)
                )
                assert any(s.free_lords[f::SEATS]) == free_on_board
                seen["mover"] += free_on_board
            seen["married"] += len(married)
            seen["assassin"] += len(assassins)
            seen["riser"] += len(risers)
            seat = GAME.to_act(s)[0]
            choices = GAME.legal_actions(s, seat)
            GAME.apply(s, seat, choices[rng.randrange(len(choices))])
        in_play = [lo for lo in range(NL) if s.l_owner[lo] >= 0]
        for lo in in_play[: intrigue.MARKERS]:  # every marker placed: nobody may assassinate
            s.assassin[lo] = 1
        assert intrigue.assassins(s) == set()
    assert min(seen.values()) > 0, seen


def test_the_terms_an_offer_was_opened_with_are_what_the_state_allows_at_every_step() -> None:
    """An offer lists the terms the state allows when it opens (``open_offer``), and each
    step of its composition only filters that list: along random games, at every step,
    the list is what the state allows then (nothing but the offer changed), and every
    term legal then is on it."""
    rng = random.Random(5)
    steps = 0
    for n in (3, 4, 6):
        s = GAME.setup(n, 70 + n)
        for _ in range(3000):
            if GAME.is_over(s):
                break
            seat = GAME.to_act(s)[0]
            choices = GAME.legal_actions(s, seat)
            if s.kind == act.OFFER_COMPOSE:
                offer = s.offer
                assert offer.open_terms == tuple(_possible_terms(s, seat, offer.recipient))
                terms = [x for x in choices if x not in (act.OFFER_SEND, act.OFFER_CANCEL)]
                if offer.open_term < 0:
                    assert set(terms) <= set(offer.open_terms)
                steps += bool(offer.terms)
            GAME.apply(s, seat, choices[rng.randrange(len(choices))])
    assert steps > 100, steps
