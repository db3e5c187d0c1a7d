"""Disasters (§3.2.3, §4.2.1-4.2.3) and fortune cards (§4.2.4-4.2.5), with injected dice.

Disaster d6: 1-5 names bishopric 1-5 (Blaye, Tournus, St Gérôme, Bourg, Sigy); 6 no effect.
"""

from __future__ import annotations

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
    besieged_charolles,
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

from noblesse.games.fief import flow
from noblesse.games.fief.state import BOARD, SEATS


def _drawing(deck: list[str]) -> object:
    s = table(3)
    lord(s, "arthur", 0, "sigy")
    troops(s, "sigy", 0, 0, 1)
    s.fd_deck = [C[k] for k in deck]  # top = last
    begin(s, "cards")
    return s


def test_a_drawn_disaster_is_placed_by_d6_and_replaced() -> None:
    s = _drawing(["taxes", "justice", "famine"])
    dice(s, 2)
    ev = do(s, 0, "draw:fortune")
    assert events_of(ev, "disaster")[0]["bishopric"] == B["tournus"]
    assert s.famine[B["tournus"]] == 1 and s.set_aside == [C["famine"]]
    assert sorted(s.hand[0]) == sorted([C["justice"], C["taxes"]])


def test_a_struck_bishopric_is_rerolled_and_six_means_no_effect() -> None:
    s = _drawing(["taxes", "justice", "famine", "heavy_rain"])
    dice(s, 3, 3, 1)  # rain on St Gérôme, famine rolls St Gérôme again: reroll
    do(s, 0, "draw:fortune")
    assert s.rain[B["st_gerome"]] and s.famine[B["blaye"]]
    s2 = _drawing(["taxes", "justice", "famine"])
    dice(s2, 6)
    ev = do(s2, 0, "draw:fortune")
    assert events_of(ev, "disaster_void")[0]["why"] == "six"
    assert not any(s2.famine) and s2.fd_discard == [C["famine"]]


def test_at_most_three_disasters_a_turn() -> None:
    s = _drawing(["taxes", "justice", "famine", "famine", "heavy_rain", "famine"])
    dice(s, 1, 2, 3)
    ev = do(s, 0, "draw:fortune")
    assert events_of(ev, "disaster_void")[0]["why"] == "limit"
    assert sum(s.famine) + sum(s.rain) == 3


def test_16_plague_kills_lords_on_1_to_3_and_halves_the_troops_the_owner_choosing() -> None:
    s = _drawing(["taxes", "justice", "plague"])
    lord(s, "charles", 1, "st_paul")  # bishopric of Sigy too
    troops(s, "st_paul", 1, 1, 4)  # 5 units: 2 lost, he chooses
    troops(s, "sigy", 0, 0, 2)  # 3 MaA: 1 lost, no choice
    dice(s, 5, 3, 4)  # Sigy; Arthur rolls 3 (dies), Charles 4 (lives)
    ev = do(s, 0, "draw:fortune")
    assert s.l_owner[L["arthur"]] == -1 and s.l_owner[L["charles"]] == 1
    assert units(s, "sigy", 0) == (0, 2)
    assert [r["dice"] for r in events_of(ev, "roll")] == [[5], [3], [4]]
    assert s.kind == A.PLAGUE_LOSS and s.actor == 1  # §4.2.3, §6 #16
    assert legal(s, 1) == ["lose:knight", "lose:man_at_arms"]
    do(s, 1, "lose:knight")  # then only men-at-arms: forced
    assert units(s, "st_paul", 1) == (0, 3)
    assert s.kind == A.PLAY and s.actor == 0  # the drawer plays on


def test_plague_strikes_who_enters_not_who_leaves_or_moves_inside() -> None:
    s = table(3)
    s.plague[B["sigy"]] = 1
    lord(s, "arthur", 0, "marcamps")  # bishopric of Bourg
    troops(s, "marcamps", 0, 1, 3)
    begin(s, "movement")
    do(
        s,
        0,
        "lord:arthur",
        "carry:knight",
        "carry:man_at_arms",
        "carry:man_at_arms",
        "carry:man_at_arms",
    )
    dice(s, 4)
    do(s, 0, "move:sigy")  # 4 units: 2 lost, his choice
    assert s.kind == A.PLAGUE_LOSS and legal(s, 0) == ["lose:knight", "lose:man_at_arms"]
    ev = do(s, 0, "lose:man_at_arms", "lose:man_at_arms")
    assert [e["men_at_arms"] for e in events_of(ev, "plague_losses")] == [1, 1]
    assert s.l_owner[L["arthur"]] == 0
    ev = do(s, 0, "move:st_paul")  # inside: no check
    assert not events_of(ev, "roll") and units(s, "st_paul", 0) == (1, 1)


def test_heavy_rain_stops_movement_into_and_out_of_its_bishopric_and_battles() -> None:
    s = table(3)
    s.rain[B["blaye"]] = 1
    lord(s, "arthur", 0, "beaujeu")  # Sigy's bishopric
    begin(s, "movement")
    do(s, 0, "lord:arthur")
    assert "move:la_salle" not in legal(s, 0) and "move:st_ciers_d_abzac" in legal(s, 0)
    assert_illegal(s, 0, "move:blaye")
    s2 = table(3)
    s2.rain[B["blaye"]] = 1
    lord(s2, "arthur", 0, "charolles")
    troops(s2, "charolles", 0, 0, 2)
    troops(s2, "charolles", 1, 0, 1)
    begin(s2, "battles")
    assert flow.PHASE_NAMES[s2.phase] != "battles"


def test_famine_mills_earn_nothing() -> None:
    s = table(3)
    troops(s, "blaye", 0, 0, 1)
    s.mills[V["blaye"]] = 2
    s.famine[B["blaye"]] = 1
    begin(s, "income")
    assert s.money[0] == 1


def test_harvest_and_good_weather_bonuses_stack_once_each_then_go() -> None:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    s.mills[V["blaye"]] = 2
    s.hand[0] = [C["bountiful_harvest"], C["good_weather"], C["good_weather"]]
    s.fd_deck = [C["taxes"], C["taxes"]]
    begin(s, "cards")
    do(s, 0, "pass", "draw:fortune", "play:bountiful_harvest")
    assert legal(s, 0) == [f"bishopric:{k}" for k in B]
    do(s, 0, "bishopric:blaye", "play:good_weather", "bishopric:blaye")
    assert s.harvest[B["blaye"]] and s.weather[B["blaye"]]
    assert "play:good_weather" in legal(s, 0)
    do(s, 0, "play:good_weather")
    assert "bishopric:blaye" not in legal(s, 0)  # never two of the same card
    do(s, 0, "bishopric:sigy")
    s.kind, s.legal_cache = A.NONE, None
    begin(s, "income")
    pass_window(s)
    assert s.money[0] == 1 + 2 * (2 + 1 + 1)
    assert not any(s.harvest) and not any(s.weather)


def test_good_weather_may_cancel_heavy_rain_and_harvest_cannot_go_there() -> None:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    s.rain[B["blaye"]] = 1
    s.hand[0] = [C["good_weather"], C["bountiful_harvest"]]
    s.fd_deck = [C["taxes"], C["taxes"]]
    begin(s, "cards")
    do(s, 0, "pass", "draw:fortune", "play:bountiful_harvest")
    assert "bishopric:blaye" not in legal(s, 0)
    do(s, 0, "bishopric:sigy", "play:good_weather", "bishopric:blaye")
    assert legal(s, 0) == ["effect:cancel", "effect:bonus"]
    do(s, 0, "effect:cancel")
    assert s.rain[B["blaye"]] == 0 and s.weather[B["blaye"]] == 0


def test_tallage_two_per_village_of_the_fief_controlled_or_not() -> None:
    s = table(3)
    lo = lord(s, "arthur", 0, "blaye")
    s.fief_holder[F["blaye"]] = lo
    s.ctrl[V["la_salle"]] = s.ctrl[V["beaujeu"]] = 0  # empty, governed: the holder's
    troops(s, "charolles", 1, 0, 1)  # not all held by the taxer
    s.hand[0] = [C["taxes"]]
    s.fd_deck = [C["justice"], C["justice"]]
    begin(s, "cards")
    do(s, 0, "pass", "draw:fortune")
    assert "play:taxes" in legal(s, 0)
    do(s, 0, "play:taxes")
    assert legal(s, 0) == ["tallage:blaye"]
    do(s, 0, "tallage:blaye")
    assert s.tallage[F["blaye"]] == 0
    s.kind, s.legal_cache = A.NONE, None
    begin(s, "income")
    pass_window(s)
    # Blaye, La Salle, Beaujeu (empty, governed) + 2 * 4 tallage; Charolles is seat 1's
    assert s.money == [3 + 8, 1, 0]
    assert s.tallage[F["blaye"]] == -1


def test_taxes_need_a_fief_lord() -> None:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    s.hand[0] = [C["taxes"]]
    s.fd_deck = [C["justice"], C["justice"]]
    begin(s, "cards")
    do(s, 0, "pass", "draw:fortune")
    assert legal(s, 0) == ["pass"]
    assert GAME.to_act(s) == (0,)


def test_a_captive_led_into_a_plague_bishopric_rolls_too() -> None:
    from noblesse.games.fief.control import capture

    s = table(3)
    s.plague[B["sigy"]] = 1
    lord(s, "arthur", 0, "marcamps")
    troops(s, "marcamps", 0, 0, 1)
    captive = lord(s, "charles", 1, "marcamps")
    capture(s, captive, 0, [])
    begin(s, "movement")
    do(s, 0, "lord:arthur", "escort:charles")
    dice(s, 2, 5)  # Charles rolls 2 (dies), Arthur 5
    ev = do(s, 0, "move:sigy")
    assert s.l_owner[captive] == -1 and s.l_owner[L["arthur"]] == 0
    assert [r["dice"] for r in events_of(ev, "roll")] == [[2], [5]]


def test_a_cavalcade_crossing_into_a_plague_bishopric_rolls_on_the_way_in() -> None:
    s = table(3)
    s.plague[B["sigy"]] = 1
    lord(s, "arthur", 0, "marcamps")
    troops(s, "marcamps", 0, 2, 0)
    troops(s, "sigy", 1, 0, 1)
    begin(s, "movement")
    do(s, 0, "lord:arthur", "carry:knight", "carry:knight")
    dice(s, 1)  # the group loses 1 knight of 2; Arthur rolls 1: dies
    ev = do(s, 0, "cavalcade:sigy")
    assert s.l_owner[L["arthur"]] == -1 and events_of(ev, "plague_losses")
    assert not events_of(ev, "round") and s.kind != A.ROUND_ATT


def test_no_pursuit_after_a_lifted_siege_under_heavy_rain() -> None:
    """Review 1.5: the pursuit is a battle, and there is none under Heavy Rain."""
    s = besieged_charolles()
    s.rain[B["blaye"]] = 1
    begin(s, "battles")
    do(s, 0, "lift_siege:charolles")
    assert s.kind != A.LIFT_PURSUE and s.battle is None
    assert units(s, "charolles", 0) == (0, 3)


def test_a_siege_lifted_under_heavy_rain_is_not_declared_again_in_the_same_siege_step() -> None:
    """Lifted under Heavy Rain, the besiegers cannot fall back and stay: the siege is
    declared once a siege step ("玩家在結束自己的戰爭後…可以宣布圍攻"), so not again
    until his next one (lifting and declaring it again, for ever, was a free loop)."""
    s = besieged_charolles()
    s.rain[B["blaye"]] = 1
    begin(s, "battles")
    assert legal(s, 0) == ["pass", "lift_siege:charolles"]
    do(s, 0, "lift_siege:charolles")
    assert units(s, "charolles", 0) == (0, 3) and s.engine[V["charolles"] * SEATS] == 0
    assert "siege:charolles" not in legal(s, 0)
    assert_illegal(s, 0, "siege:charolles")  # refused, and nothing changes
    s.first, s.rain[B["blaye"]] = 0, 1  # his next siege step, in the rain again
    begin(s, "battles")
    assert legal(s, 0) == ["pass", "siege:charolles"]


def test_a_cancelled_disaster_still_counts_as_struck_this_turn() -> None:
    """Review 1.4: a bishopric whose disaster Good Weather cancelled is still struck:
    a disaster rolling it is rerolled, and the cancelled one counts towards the cap.
    Every disaster is now placed before any fortune card is played (§3.2), so the
    case is set up by hand: Blaye struck, its rain cancelled."""
    from noblesse.games.fief.disasters import place

    s = table(3)
    s.hit[B["blaye"]] = 1  # struck, the rain cancelled
    dice(s, 1, 2)
    ev: list = []
    assert place(s, 0, C["famine"], ev) == BOARD.bishopric_numbered(2)
    assert s.famine[B["blaye"]] == 0 and [r["dice"] for r in events_of(ev, "roll")] == [[1], [2]]
    s.hit[B["sigy"]] = 1
    assert place(s, 0, C["famine"], ev) == -1  # the 4th of the turn: void
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
    pass_window(s)  # the disasters placed
    do(s, 0, "play:good_weather", "bishopric:blaye", "effect:cancel")
    assert s.rain[B["blaye"]] == 0 and s.hit[B["blaye"]] == 1
    assert sum(s.hit) == 2


def test_plague_halves_the_villages_troops_not_each_familys() -> None:
    """Source §瘟疫 (NOTES disagreement 11): the village's troops lose half, rounded
    down: two families with one man-at-arms each lose one between them, the first in
    turn order with an odd count [assumed]."""
    s = table(3)
    troops(s, "sigy", 1, 0, 1)
    troops(s, "sigy", 2, 0, 1)
    troops(s, "st_paul", 0, 0, 1)  # alone: half of 1 is 0
    s.fd_deck = [C["taxes"], C["justice"], C["plague"]]
    begin(s, "cards")
    dice(s, 5)
    do(s, 0, "draw:fortune")
    assert units(s, "sigy", 1) == (0, 0) and units(s, "sigy", 2) == (0, 1)
    assert units(s, "st_paul", 0) == (0, 1)


def test_a_family_the_plague_wipes_out_of_a_village_leaves_it_to_the_family_still_there() -> None:
    s = table(3)
    troops(s, "sigy", 1, 0, 1)  # first there: seat 1 controls Sigy
    troops(s, "sigy", 2, 0, 1)
    assert s.ctrl[V["sigy"]] == 1
    s.fd_deck = [C["taxes"], C["justice"], C["plague"]]
    begin(s, "cards")
    dice(s, 5)
    ev = do(s, 0, "draw:fortune")
    assert units(s, "sigy", 1) == (0, 0)
    assert s.ctrl[V["sigy"]] == 2
    assert any(e["village"] == V["sigy"] and e["seat"] == 2 for e in events_of(ev, "control"))
