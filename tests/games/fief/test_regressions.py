"""Regressions for the review of the rules engine (each failed before its fix)."""

from __future__ import annotations

import random

from fief_scenario import (
    GAME,
    A,
    B,
    C,
    L,
    V,
    begin,
    dice,
    do,
    events_of,
    legal,
    lord,
    pass_window,
    table,
    troops,
    units,
)

from noblesse.games.fief.control import capture, settle
from noblesse.games.fief.state import BOARD, CARD_KIND, SEATS, besieged


def test_a_besieger_who_wins_the_fortress_takes_his_engine_back() -> None:
    """Review 1.1: the engine stayed and 'lift' led to a battle against himself."""
    s = table(3)
    lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 0, 1)
    s.fort[V["charolles"]] = 1
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 2, 3)
    s.engine[V["charolles"] * SEATS] = 1
    s.engines_used[0] = 1
    begin(s, "battles")
    do(s, 0, "battle:charolles", "fight")
    dice(s, 6, 1)
    ev = do(s, 1, "fight")
    assert events_of(ev, "battle_end")[0]["how"] == "attacker_wins"
    assert s.ctrl[V["charolles"]] == 0
    assert s.engine[V["charolles"] * SEATS] == 0 and s.engines_used[0] == 0
    assert not besieged(s, V["charolles"])
    assert "lift_siege:charolles" not in legal(s, 0)


def test_no_pursuit_after_a_lifted_siege_under_heavy_rain() -> None:
    """Review 1.5: the pursuit is a battle, and there is none under Heavy Rain."""
    s = table(3)
    lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 0, 2)
    s.fort[V["charolles"]] = 1
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 0, 3)
    s.engine[V["charolles"] * SEATS] = 2
    s.engines_used[0] = 1
    s.rain[B["blaye"]] = 1
    begin(s, "battles")
    do(s, 0, "lift_siege:charolles")
    assert s.kind != A.LIFT_PURSUE and s.battle is None
    assert units(s, "charolles", 0) == (0, 3)


def test_an_uprising_razes_only_when_no_troops_are_left_in_the_village() -> None:
    """Review 1.2: the source razes only 'if the uprising kills all the troops in the
    village'; another family's garrison untouched keeps the stronghold and mills."""
    s = table(3)
    s.famine[B["sigy"]] = 1
    lord(s, "arthur", 1, "sigy")
    troops(s, "sigy", 1, 1, 4)
    s.fort[V["sigy"]] = 1
    s.mills[V["sigy"]] = 2
    lord(s, "charles", 2, "sigy")
    s.hand[0] = [C["uprising"]]
    begin(s, "income")
    do(s, 0, "play:uprising", "uprising:sigy")
    dice(s, 1)
    do(s, 0, "against:3")
    assert s.l_owner[L["charles"]] == -1
    assert s.fort[V["sigy"]] == 1 and s.mills[V["sigy"]] == 2
    assert units(s, "sigy", 1) == (1, 4)


def test_determinize_never_deals_a_disaster_into_a_hidden_hand() -> None:
    """Review 1.3: a disaster is placed when drawn, so no hand ever holds one."""
    s = table(3)
    s.hand[1] = [C["taxes"], C["justice"]]
    deck = sorted(s.fd_deck + s.hand[1])
    for k in range(200):
        d = GAME.determinize(s, 0, random.Random(k))
        assert not any(CARD_KIND[c] == "disaster" for c in d.hand[1])
        assert sorted(d.fd_deck + d.hand[1]) == deck


def test_a_cancelled_disaster_still_counts_as_struck_this_turn() -> None:
    """Review 1.4: a bishopric whose disaster Good Weather cancelled is still struck:
    a disaster rolling it is rerolled, and the cancelled one counts towards the cap.
    Every disaster is now placed before any fortune card is played (§3.2), so the
    case is set up by hand: Blaye struck, its rain cancelled."""
    from noblesse.games.fief.disasters import place

    s = table(3)
    s.hit[B["blaye"]] = 1                                   # struck, the rain cancelled
    dice(s, 1, 2)
    ev: list = []
    assert place(s, 0, C["famine"], ev) == BOARD.bishopric_numbered(2)
    assert s.famine[B["blaye"]] == 0 and [r["dice"] for r in events_of(ev, "roll")] == [
        [1], [2]]
    s.hit[B["sigy"]] = 1
    assert place(s, 0, C["famine"], ev) == -1               # the 4th of the turn: void
    assert events_of(ev, "disaster_void")[0]["why"] == "limit"


def test_the_rain_good_weather_cancelled_is_the_rain_of_this_turn() -> None:
    """The same through the Cards phase: rain (seat 0) and famine (seat 1) are placed
    (the famine's Blaye rerolled), then seat 0 cancels the rain in the Play step."""
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    lord(s, "charles", 1, "sigy")
    s.hand[0] = [C["good_weather"]]
    s.fd_deck = [C["taxes"], C["famine"], C["taxes"], C["taxes"], C["heavy_rain"]]
    begin(s, "cards")
    do(s, 0, "pass", "draw:fortune")
    dice(s, 1, 1, 2)
    do(s, 1, "draw:fortune")
    assert s.rain[B["blaye"]] == 1 and s.famine[BOARD.bishopric_numbered(2)] == 1
    pass_window(s)                                          # the disasters placed
    do(s, 0, "play:good_weather", "bishopric:blaye", "effect:cancel")
    assert s.rain[B["blaye"]] == 0 and s.hit[B["blaye"]] == 1
    assert sum(s.hit) == 2


def test_the_troops_of_a_lord_who_dies_on_the_way_have_moved_this_turn() -> None:
    """Review 1.6: Arthur dies entering a Plague bishopric; his surviving knight stays
    there spent, and Eric may not carry it on."""
    s = table(3)
    s.plague[B["sigy"]] = 1
    lord(s, "arthur", 0, "marcamps")
    troops(s, "marcamps", 0, 2, 0)
    lord(s, "eric", 0, "st_paul")
    begin(s, "movement")
    do(s, 0, "lord:arthur", "carry:knight", "carry:knight")
    dice(s, 1)
    do(s, 0, "move:sigy")
    assert s.l_owner[L["arthur"]] == -1 and units(s, "sigy", 0) == (1, 0)
    assert s.spent_knights[V["sigy"] * SEATS] == 1
    dice(s, 6)
    do(s, 0, "lord:eric", "move:sigy")
    assert s.l_owner[L["eric"]] == 0 and s.moving_lord == L["eric"]
    assert "carry:knight" not in legal(s, 0)


def test_plague_halves_the_villages_troops_not_each_familys() -> None:
    """Source §瘟疫 (NOTES disagreement 11): the village's troops lose half, rounded
    down: two families with one man-at-arms each lose one between them, the first in
    turn order with an odd count [assumed]."""
    s = table(3)
    troops(s, "sigy", 1, 0, 1)
    troops(s, "sigy", 2, 0, 1)
    troops(s, "st_paul", 0, 0, 1)                           # alone: half of 1 is 0
    s.fd_deck = [C["taxes"], C["justice"], C["plague"]]
    begin(s, "cards")
    dice(s, 5)
    do(s, 0, "draw:fortune")
    assert units(s, "sigy", 1) == (0, 0) and units(s, "sigy", 2) == (0, 1)
    assert units(s, "st_paul", 0) == (0, 1)


def test_a_lord_without_troops_cannot_declare_a_battle() -> None:
    """Review 1.8 / source "在有自己和對方部隊的村莊": a lone lord facing troops had one
    free round of dice and then died."""
    s = table(3)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 1, 0, 2)
    begin(s, "battles")
    assert "battle:charolles" not in legal(s, 0)
    assert s.kind == A.NONE or s.actor != 0


def test_the_defender_may_propose_a_truce_and_the_attacker_refuse_it() -> None:
    """Review 1.8 / source "雙方同意休戰": either side may propose; refused, the
    defender's proposal stands for his fight and the round is rolled."""
    s = table(3)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 0, 3)
    lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 0, 3)
    begin(s, "battles")
    do(s, 0, "battle:charolles", "fight")
    do(s, 1, "truce")
    assert s.kind == A.TRUCE_ANSWER and s.actor == 0
    dice(s, 1, 1)
    ev = do(s, 0, "truce:no")
    assert events_of(ev, "truce_refused") and events_of(ev, "round")
    assert units(s, "charolles", 0) == (0, 2) and units(s, "charolles", 1) == (0, 2)
    do(s, 0, "truce")                                       # the attacker's turn to offer
    ev = do(s, 1, "truce:yes")
    assert events_of(ev, "battle_end")[0]["how"] == "truce"


def test_a_captive_escapes_when_his_guards_die_though_a_lord_of_the_captor_stays() -> None:
    """Review 1.8 / §4.6.6: the guarding troops eliminated, he escapes; a lord of the
    captor who does not lead him does not hold him; one who leads him does."""
    for leads in (False, True):
        s = table(3)
        arthur = lord(s, "arthur", 0, "charolles")
        troops(s, "charolles", 0, 0, 1)
        lo = lord(s, "charles", 1, "st_paul")
        troops(s, "st_paul", 1, 1, 0)
        capture(s, lo, 0, [])
        s.l_loc[lo] = V["charolles"]
        s.l_escort[lo] = arthur if leads else -1
        s.men_at_arms[V["charolles"] * SEATS] = 0                     # the guards are gone
        ev: list = []
        settle(s, V["charolles"], ev)
        assert (s.l_captor[lo] == 0) == leads
        assert bool(events_of(ev, "escape")) != leads
