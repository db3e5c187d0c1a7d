"""Spec §6 resolutions the engine implements, one scenario each (the others are in the
files of their rules: §6 #4, #6, #7, #8, #11, #14, #16, #18, #21)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from fief_scenario import (
    GAME,
    B,
    C,
    F,
    L,
    V,
    begin,
    dice,
    do,
    events_of,
    legal,
    lord,
    table,
    troops,
)

from noblesse.games.fief import flow
from noblesse.games.fief.battle import hits_of
from noblesse.games.fief.control import capture
from noblesse.games.fief.state import BOARD, DATA


def test_1_battle_die_faces_default_and_the_alternative() -> None:
    s = table(3)
    assert [hits_of(s, [r]) for r in range(1, 7)] == [1, 1, 1, 2, 2, 3]
    alt = table(3, public_dice_faces=True)
    assert [hits_of(alt, [r]) for r in range(1, 7)] == [0, 1, 1, 2, 2, 3]


def test_3_disaster_placement_d6_six_is_nothing() -> None:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    s.fd_deck = [C["taxes"], C["taxes"], C["heavy_rain"]]
    begin(s, "cards")
    dice(s, 6)
    ev = do(s, 0, "draw:fortune")
    assert events_of(ev, "disaster_void") and not any(s.rain)


def test_5_an_uprising_kills_lords_without_troops_even_without_a_die() -> None:
    """The source (NOTES disagreement 10): lords alone are simply killed."""
    s = table(3)
    s.famine[B["sigy"]] = 1
    lord(s, "charles", 1, "sigy")
    s.hand[0] = [C["uprising"]]
    begin(s, "income")
    dice(s, 1)
    do(s, 0, "play:uprising", "uprising:sigy")
    assert s.l_owner[L["charles"]] == -1  # no troops, one die: he dies
    s2 = table(3)
    s2.famine[B["sigy"]] = 1
    lord(s2, "charles", 1, "sigy")
    s2.fort[V["sigy"]] = 1  # the stronghold removes the die
    s2.hand[0] = [C["uprising"]]
    begin(s2, "income")
    ev = do(s2, 0, "play:uprising", "uprising:sigy")
    assert events_of(ev, "uprising")[0]["effective"] == 0
    assert s2.l_owner[L["charles"]] == -1 and s2.fort[V["sigy"]] == 1  # no die: no razing


def test_17_no_clergy_yet_so_no_uprising_stop_is_offered() -> None:
    s = table(3)
    s.famine[B["sigy"]] = 1
    troops(s, "sigy", 1, 0, 1)
    s.hand[0] = [C["uprising"]]
    begin(s, "income")
    do(s, 0, "play:uprising")
    dice(s, 2)
    ev = do(s, 0, "uprising:sigy")
    assert events_of(ev, "uprising")  # rolled with nobody asked first


def test_setup_refuses_bad_options() -> None:
    with pytest.raises(ValueError):
        GAME.setup(4, 1, {"max_turns": -1})
    with pytest.raises(ValueError):
        GAME.setup(4, 1, {"turns": 3})
    with pytest.raises(ValueError):
        GAME.setup(2, 1)
    with pytest.raises(ValueError):
        GAME.setup(4, 1, {"joan_two_sp": 1})
    schema = GAME.options_schema()
    assert schema == {"max_turns": 0, "fixed_starts": False, **DATA.switches}
    assert schema["public_dice_faces"] is False and schema["owner_chooses_losses"] is True
    # the old name of public_dice_faces still reads (records made before the switches)
    assert GAME.setup(4, 1, {"alternative_dice": True}).options["public_dice_faces"] is True
    assert GAME.simulation_options["max_turns"] > 0


def test_the_battle_and_the_decision_are_in_the_view_and_in_words() -> None:
    s = table(3)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 0, 3)
    troops(s, "charolles", 1, 0, 2)
    begin(s, "battles")
    do(s, 0, "battle:charolles")
    view = GAME.view(s, 2)
    assert view["battle"]["village"] == "charolles" and view["battle"]["defender"] == 1
    assert view["decision"] == {"kind": "battle_round", "seat": 0}
    assert GAME.describe_decision(s, "zh-TW") == "戰鬥、提議休戰、撤退或投降"
    assert flow.KIND_NAMES[s.kind] == "battle_round"


def test_21_one_family_per_fief_at_the_start_as_an_option() -> None:
    """§6 #21, data assumed.one_family_per_fief_start (default off)."""

    for option in (False, True):
        s = GAME.setup(3, 5, {"one_family_per_fief_start": option})
        first = GAME.to_act(s)[0]
        GAME.apply(s, first, GAME.decode("start:blaye"))
        names = [GAME.encode(a) for a in GAME.legal_actions(s, GAME.to_act(s)[0])]
        same_fief = [
            f"start:{BOARD.villages[v].key}"
            for v in BOARD.villages_of_fief(BOARD.fief_of(V["blaye"]))
            if BOARD.villages[v].key != "blaye"
        ]
        assert all((n in names) != option for n in same_fief)


@pytest.mark.parametrize("capped", [False, True])
def test_troops_capped_by_kit_when_switched_on(capped: bool) -> None:
    """NOTES difference #1: off by default (the source has no limit); on, the family
    board's 8 knights cap its knights."""
    s = table(3, troops_capped_by_kit=capped)
    lord(s, "arthur", 0, "blaye")
    troops(s, "blaye", 0, 8, 0)
    s.money[0] = 10
    begin(s, "purchase")
    names = legal(s, 0)
    assert ("buy:knight:blaye" in names) != capped and "buy:man_at_arms:blaye" in names


def _captive_ransom(setup: Callable[[object, int], None]) -> tuple[object, int]:
    s = table(3)
    lo = lord(s, "arthur", 0, "sigy")
    troops(s, "sigy", 1, 0, 2)
    capture(s, lo, 1, [])
    lord(s, "charles", 0, "blaye")
    troops(s, "blaye", 0, 0, 1)
    setup(s, lo)
    return s, lo


def test_11_every_title_counts_for_the_ransom_the_cardinals_and_his_bishopric_too() -> None:
    """§4.4.1 / §6 #11: 2 + 2 per title; a Cardinal keeps his Bishop title."""

    def cardinal(s: object, lo: int) -> None:
        s.fief_holder[F["mazilles"]] = lo
        s.bishop[B["sigy"]] = lo
        s.cardinal[lo] = 1

    s, lo = _captive_ransom(cardinal)
    s.money[0] = 7  # the cap is 2 + 2 * 3 = 8
    begin(s, "ransoms")
    assert "ransom:arthur" not in legal(s, 0)
    s2, lo = _captive_ransom(cardinal)
    s2.money[0] = 8
    begin(s2, "ransoms")
    ev = do(s2, 0, "ransom:arthur")
    assert events_of(ev, "ransom")[0]["paid"] == 8 and s2.money == [0, 8, 0]
    assert s2.l_captor[lo] == -1


@pytest.mark.parametrize(("office", "cap"), [("pope", 6), ("king", 4), ("queen", 4)])
def test_11_a_pope_who_is_bishop_holds_two_titles_king_and_queen_one(office: str, cap: int) -> None:
    def crown(s: object, lo: int) -> None:
        setattr(s, office, lo)
        if office == "pope":
            s.bishop[B["sigy"]] = lo

    s, lo = _captive_ransom(crown)
    s.money[0] = 20
    begin(s, "ransoms")
    ev = do(s, 0, "ransom:arthur")
    assert events_of(ev, "ransom")[0]["paid"] == cap and s.money[1] == cap


def test_4_the_fortification_penalty_removes_whole_uprising_cards() -> None:
    """Three cards against a city (penalty 2): one card left, one die and its +1 (not
    three +1s on one die)."""
    s = table(3)
    s.fief_holder[F["blaye"]] = lord(s, "arthur", 1, "blaye")
    s.tallage[F["blaye"]] = 1
    lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 1, 1)
    s.fort[V["charolles"]] = 2
    s.mills[V["charolles"]] = 1
    s.hand[0] = [C["uprising"]] * 3
    begin(s, "income")
    do(s, 0, "play:uprising", "uprising:charolles", "play:uprising")
    dice(s, 6)
    ev = do(s, 0, "play:uprising")
    up = events_of(ev, "uprising")[0]
    assert (up["cards"], up["effective"], up["damage"]) == (3, 1, 4)
    assert s.l_owner[L["charles"]] == -1  # no troops left: he dies
    assert s.fort[V["charolles"]] == 0 and s.mills[V["charolles"]] == 0  # a die rolled


def test_7_paying_the_ransom_cap_is_the_captive_familys_option() -> None:
    s = table(3)
    lo = lord(s, "arthur", 0, "sigy")
    troops(s, "sigy", 1, 0, 2)
    capture(s, lo, 1, [])
    lord(s, "charles", 0, "blaye")
    s.money[0] = 10
    begin(s, "ransoms")
    assert legal(s, 0) == ["pass", "ransom:arthur"]
    do(s, 0, "pass")
    assert legal(s, 1) == ["pass", "release:arthur"]
    do(s, 1, "pass")
    assert flow.PHASE_NAMES[s.phase] == "purchase"
    assert s.l_captor[lo] == 1 and s.money == [10, 0, 0]  # he stays a captive


def test_9_the_king_and_the_pope_earn_no_income() -> None:
    s = table(3)
    s.king = lord(s, "arthur", 0, "sigy")
    s.pope = lord(s, "charles", 1, "blaye")
    ev = begin(s, "income")
    assert events_of(ev, "income")[0]["gains"] == [1, 1, 0]  # their villages only


def test_13_the_queen_regent_scores_no_vp() -> None:
    s = table(3)
    s.queen = lord(s, "blanche", 0, "sigy")
    s.king = lord(s, "arthur", 1, "blaye")
    begin(s, "end_of_turn")
    assert s.vp == [0, 1, 0]
    s.king = -1  # she is Regent now
    begin(s, "end_of_turn")
    assert s.vp == [0, 0, 0] and not GAME.is_over(s)
