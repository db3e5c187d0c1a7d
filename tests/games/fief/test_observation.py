"""What a seat's designed observation (docs/observations.md) says of Fief's families,
villages and lords, slot by slot: families are relative to the observer."""

from __future__ import annotations

from fief_scenario import GAME, A, C, L, V, begin, do, lord, table, troops
from test_announcements import _election_table, _married_with_pope, _to_candidates, announce

from noblesse.games.fief.observation import LORD, MEN_CAP, VILLAGE
from noblesse.games.fief.observation import L as LAYOUT
from noblesse.games.fief.state import CARDS, NL, NV, SEATS, FiefState, Promise
from observation_slots import one_hot, slot

SPEC = GAME.observation_spec()


def field(s: FiefState, seat: int, name: str) -> list[float]:
    return slot(SPEC, LAYOUT, s, seat, name)


def test_every_family_in_a_three_player_game_is_present_to_every_seat() -> None:
    s = table(3)
    for seat in range(3):
        assert field(s, seat, "seat_present") == one_hot(SEATS, 0, 1, 2)


def test_a_villages_troops_are_counted_for_each_relative_family() -> None:
    s = table(3)
    troops(s, "blaye", 1, 3, 0)
    troops(s, "blaye", 2, 0, 5)
    village = field(s, 0, "villages")[V["blaye"] * VILLAGE : (V["blaye"] + 1) * VILLAGE]
    assert village[:SEATS] == one_hot(SEATS, 1)  # seat 1 came first
    assert village[SEATS : 2 * SEATS] == [0.0, 0.3, 0.0, 0.0, 0.0, 0.0]
    assert village[2 * SEATS : 3 * SEATS] == [0.0, 0.0, 0.25, 0.0, 0.0, 0.0]
    seen_by_2 = field(s, 2, "villages")[V["blaye"] * VILLAGE : (V["blaye"] + 1) * VILLAGE]
    assert seen_by_2[SEATS : 2 * SEATS] == [0.0, 0.0, 0.3, 0.0, 0.0, 0.0]  # seat 1: two on
    assert seen_by_2[2 * SEATS : 3 * SEATS] == [0.25, 0.0, 0.0, 0.0, 0.0, 0.0]


def test_the_troops_a_lord_carries_are_in_his_slots_and_he_is_not_married() -> None:
    s = table(3)
    arthur = lord(s, "arthur", 0, "blaye")
    s.carried_knights[arthur], s.carried_men_at_arms[arthur] = 1, 4
    lords = field(s, 0, "lords")
    at = arthur * LORD + 1 + SEATS + NV + SEATS
    # moves left, assassin marker, knights / 10, men / 20, married
    assert lords[at + 1 : at + 5] == [0.0, 0.1, 4 / MEN_CAP, 0.0]
    assert L["arthur"] == arthur


def test_a_siege_engine_is_in_its_familys_engine_slot_at_half_for_its_first_side() -> None:
    s = table(3)
    s.engine[V["charolles"] * SEATS + 1] = 1
    village = field(s, 0, "villages")[V["charolles"] * VILLAGE : (V["charolles"] + 1) * VILLAGE]
    assert village[3 * SEATS : 4 * SEATS] == [0.0, 0.5, 0.0, 0.0, 0.0, 0.0]


def test_the_card_a_tallage_decision_is_about_is_shown() -> None:
    s = table(3)
    s.king = lord(s, "arthur", 0, "sigy")
    s.hand[0] = [C["taxes"]]
    s.fd_deck = [C["justice"], C["justice"]]
    s.fd_discard = []
    begin(s, "cards")
    do(s, 0, "pass", "draw:fortune", "play:taxes")
    assert s.kind == A.TALLAGE
    assert field(s, 1, "decision_card") == one_hot(len(CARDS), C["taxes"])


def test_my_abstention_is_the_last_slot_of_my_ballot() -> None:
    s, _, _ = _election_table()
    _to_candidates(s)
    do(s, 0, "candidate:arthur")
    do(s, 1, "candidate:henri")
    do(s, 2, "abstain")
    assert field(s, 2, "my_ballot") == one_hot(NL + 1, NL)
    assert field(s, 0, "my_ballot") == [0.0] * (NL + 1)


def test_an_offer_shows_its_recipient_relative_to_its_author() -> None:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    lord(s, "jeanne", 1, "sigy")
    begin(s, "purchase")
    do(s, 0, "offer:to:3", "promise:peace")
    assert field(s, 0, "offer")[: 2 * SEATS] == one_hot(SEATS, 0) + one_hot(SEATS, 2)


def test_the_offices_say_a_regency_and_a_vacant_throne() -> None:
    s = table(3)
    s.king = lord(s, "arthur", 0, "sigy")
    assert field(s, 1, "offices") == [0.0, 0.0]
    s.regent = 1
    assert field(s, 1, "offices") == [1.0, 0.0]
    s.regent, s.king = 0, -1
    assert field(s, 1, "offices") == [0.0, 1.0]


def test_a_marriage_proposal_shows_the_proposers_lord_and_the_partner() -> None:
    """Aliénor is lord 0: slot 0 of the proposal."""
    s = table(3)
    alienor = lord(s, "alienor", 0, "blaye")
    arthur = lord(s, "arthur", 1, "sigy")
    lord(s, "charles", 2, "bourg")
    begin(s, "announcements")
    assert field(s, 2, "proposal") == [0.0] * (2 * NL)
    do(s, 0, "propose:alienor")
    assert alienor == 0 and field(s, 2, "proposal") == one_hot(NL, 0) + [0.0] * NL
    do(s, 0, "marry:arthur")
    assert field(s, 2, "proposal") == one_hot(NL, 0) + one_hot(NL, arthur)


def test_the_promises_a_seat_made_and_those_made_to_it_are_counted_apart() -> None:
    s = table(3)
    # (promiser, promisee, act, turn, fate, paid): seat 0 to seats 1 and 2, seat 2 to 0
    s.promises = [Promise(0, 1, A.PROMISE_PEACE, 1, 0, 0), Promise(0, 2, A.PROMISE_PEACE, 1, 0, 0)]
    s.promises.append(Promise(2, 0, A.PROMISE_PEACE, 1, 0, 0))
    assert field(s, 0, "promises") == [2 / 5, 1 / 5]
    assert field(s, 1, "promises") == [0.0, 1 / 5]
    assert field(s, 2, "promises") == [1 / 5, 1 / 5]


def test_an_annulment_asked_names_its_lord_apart_from_any_proposal() -> None:
    """§5.2: while the Pope answers, the view and the annulment slot name the marriage's
    lord of the asking family; the proposal stays empty; both clear with the answer."""
    s = table(3)
    arthur, _ = _married_with_pope(s)
    announce(s)
    do(s, 2, "pass")  # no decree
    do(s, 0, "annulment:ask")
    seen = GAME.view(s, 1)["announcements"]
    assert seen["annulment"] == "arthur" and seen["proposal"] == [None, None]
    assert field(s, 1, "annulment") == one_hot(NL, arthur)
    assert field(s, 1, "proposal") == [0.0] * (2 * NL)
    do(s, 2, "annulment:no")
    assert GAME.view(s, 1)["announcements"]["annulment"] is None
    assert field(s, 1, "annulment") == [0.0] * NL
