"""The zones of a Fief state as one seat knows it (``zones``, §7.1): what determinize
keeps and what it deals anew."""

from __future__ import annotations

import random

from fief_scenario import GAME, C, L, begin, do, lord, table, troops
from test_announcements import _election_table, _to_candidates

from noblesse.core.game import Zone
from noblesse.games.fief import actions as A
from noblesse.games.fief import offers
from noblesse.games.fief.state import LORDS, FiefState, the_offer


def _hands() -> FiefState:
    """Seat 0 holds Taxes; seat 1 Justice (a Fortune back) and Jeanne (a lord back)."""
    s = table(3)
    jeanne = LORDS[L["jeanne"]]
    s.lord_deck.remove(jeanne)
    s.fd_deck.remove(C["taxes"])
    s.fd_deck.remove(C["justice"])
    s.hand[0] = [C["taxes"]]
    s.hand[1] = [jeanne, C["justice"]]
    return s


def test_another_hand_is_hidden_by_back_and_both_decks_are_hidden_in_order() -> None:
    s = _hands()
    z = GAME.zones(s, 0)
    assert z["hand:0"] == Zone((C["taxes"],))  # its own hand: seen
    assert z["hand:1"] == Zone(())  # nothing of it shown
    assert z["hand:1:lord"] == Zone((LORDS[L["jeanne"]],), True, "lord")
    assert z["hand:1:fortune"] == Zone((C["justice"],), True, "fortune")
    assert z["hand:2:lord"] == Zone((), True, "lord")
    assert z["lord_deck"] == Zone(tuple(s.lord_deck), True, "lord", True)
    assert z["fortune_deck"] == Zone(tuple(s.fd_deck), True, "fortune", True)
    assert z["lord_discard"] == Zone(()) and z["disasters_drawn"] == Zone(())
    assert z["promises:others"] == Zone((), True, "promises:others")
    assert "offer" not in z and not any(name.startswith("ballot:") for name in z)
    assert GAME.zones(s, 1)["hand:1"] == Zone(tuple(sorted(s.hand[1])))


def test_a_cast_ballot_is_a_secret_choice_for_every_seat_but_its_voter() -> None:
    s, arthur, henri = _election_table()
    _to_candidates(s)
    do(s, 0, "candidate:arthur")
    do(s, 1, "candidate:henri")
    do(s, 2, "vote:arthur")
    choices = (-2, arthur, henri)
    assert GAME.zones(s, 0)["ballot:2"] == Zone((arthur,), True, "ballot:2", choices=choices)
    assert GAME.zones(s, 2)["ballot:2"] == Zone((arthur,), False, "", choices=choices)
    # a ballot not cast yet is known to be so
    assert GAME.zones(s, 2)["ballot:0"] == Zone((-1,), False, "", choices=choices)


def _offer_made() -> FiefState:
    """Seat 0 composing an offer to seat 1 in the Purchase phase: Justice and peace."""
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    troops(s, "blaye", 0, 1, 2)
    lord(s, "jeanne", 1, "sigy")
    troops(s, "sigy", 1, 0, 2)
    s.fd_deck.remove(C["justice"])
    s.hand[0] = [C["justice"]]
    begin(s, "purchase")
    do(s, 0, "offer:to:2", "term:give_card:justice", "promise:peace")
    return s


def test_an_offer_is_hidden_from_all_but_its_author_until_sent() -> None:
    s = _offer_made()
    terms = (*the_offer(s).terms, -1)
    assert GAME.zones(s, 0)["offer"] == Zone(terms, False, "", True)
    assert GAME.zones(s, 1)["offer"] == Zone(terms, True, "offer", True)
    do(s, 0, "offer:send")
    assert GAME.zones(s, 1)["offer"] == Zone(terms, False, "", True)
    assert GAME.zones(s, 1)["hand:0"] == Zone((C["justice"],))  # the card offered: shown
    assert GAME.zones(s, 2)["offer"] == Zone(terms, True, "offer", True)


def test_determinize_composes_anew_an_offer_the_seat_is_not_shown_of_terms_its_author_may_add() -> (
    None
):
    s = _offer_made()
    do(s, 0, "offer:send")
    worlds = [GAME.determinize(s, 2, random.Random(k)) for k in range(30)]
    assert len({the_offer(d).terms for d in worlds}) > 1
    for d in worlds:
        assert d.kind == A.OFFER_ANSWER and the_offer(d).open_term == -1
        assert (the_offer(d).author, the_offer(d).recipient) == (0, 1)  # known to all
        assert 1 <= len(the_offer(d).terms) <= offers.TERMS_MAX
        assert offers.check(d) is None  # every term possible now
        assert all(
            act - A.GIVE_CARD0 in d.hand[0]
            for act, _ in the_offer(d).terms
            if A.GIVE_CARD0 <= act < A.RANSOM_TERM0
        )
    # its author and its recipient see it: it stays
    for seat in (0, 1):
        assert GAME.determinize(s, seat, random.Random(3)).offer == s.offer
