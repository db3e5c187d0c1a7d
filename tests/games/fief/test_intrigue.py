"""The intrigue window: Uprising (§4.12.1), Assassination (§4.12.3), Justice (§4.12.4)."""

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
from noblesse.games.fief.control import capture
from noblesse.games.fief.intrigue import uprising_villages


def test_the_income_window_asks_every_seat_holding_a_card_in_turn_order() -> None:
    """``opportunity_cards_at_windows``: the Income window asks every hand with a card."""
    s = table(3, first=1, opportunity_cards_at_windows=True)
    s.hand[0] = [C["taxes"]]
    s.hand[2] = [C["justice"]]
    begin(s, "income")
    assert GAME.to_act(s) == (2,)
    assert legal(s, 2) == ["pass"]  # nothing playable, still asked
    do(s, 2, "pass")
    assert GAME.to_act(s) == (0,) and legal(s, 0) == ["pass"]
    do(s, 0, "pass")
    assert flow.PHASE_NAMES[s.phase] != "income"


def _uprising() -> object:
    s = table(3)
    lo = lord(s, "arthur", 1, "blaye")
    s.fief_holder[F["blaye"]] = lo
    s.tallage[F["blaye"]] = 1  # seat 1 taxes its fief
    troops(s, "charolles", 1, 1, 1)
    lord(s, "charles", 1, "charolles")
    s.mills[V["charolles"]] = 2
    s.hand[0] = [C["uprising"], C["uprising"]]
    return s


def test_an_uprising_on_a_taxed_village_kills_lords_and_razes_when_troops_are_gone() -> None:
    s = _uprising()
    s.fort[V["charolles"]] = 1
    begin(s, "income")
    assert legal(s, 0) == ["pass", "play:uprising"]
    do(s, 0, "play:uprising")
    assert "uprising:charolles" in legal(s, 0) and "uprising:sigy" not in legal(s, 0)
    do(s, 0, "uprising:charolles")
    assert legal(s, 0) == ["pass", "play:uprising"]  # add the second card
    dice(s, 6)  # 2 cards - 1 (stronghold) = 1 die: 3 hits + 1
    ev = do(s, 0, "play:uprising")  # no third card: it rolls
    assert events_of(ev, "play_opportunity") == [
        {"type": "play_opportunity", "seat": 0, "card": C["uprising"]}
    ]
    up = events_of(ev, "uprising")[0]
    assert up["cards"] == 2 and up["effective"] == 1 and up["damage"] == 4
    assert units(s, "charolles", 1) == (0, 0)
    assert s.l_owner[L["charles"]] == -1  # rebels take no prisoners
    assert s.mills[V["charolles"]] == 0 and s.fort[V["charolles"]] == 0


def test_4_a_city_can_stop_a_single_uprising_card() -> None:
    s = _uprising()
    s.hand[0] = [C["uprising"]]
    s.fort[V["charolles"]] = 2
    begin(s, "income")
    do(s, 0, "play:uprising")
    ev = do(s, 0, "uprising:charolles")
    up = events_of(ev, "uprising")[0]
    assert up["cards"] == 1 and up["effective"] == 0 and up["damage"] == 0
    assert s.l_owner[L["charles"]] == 1 and s.fort[V["charolles"]] == 2


def test_the_taxer_cannot_raise_an_uprising_on_his_own_tax() -> None:
    s = _uprising()
    s.hand[0] = []
    s.hand[1] = [C["uprising"]]
    begin(s, "income")
    assert uprising_villages(s, 1) == [] and 1 not in (*s.window, *GAME.to_act(s))
    assert_illegal(s, 1, "play:uprising")


def test_famine_opens_every_village_of_the_bishopric_and_the_player_picks_the_family() -> None:
    s = table(3)
    s.famine[B["sigy"]] = 1
    troops(s, "sigy", 1, 0, 2)
    troops(s, "sigy", 2, 0, 3)
    s.hand[0] = [C["uprising"]]
    begin(s, "income")
    do(s, 0, "play:uprising", "uprising:sigy")
    assert legal(s, 0) == ["against:2", "against:3"]
    dice(s, 1)  # 1 die: 1 hit + 1
    do(s, 0, "against:3")
    assert units(s, "sigy", 2) == (0, 1) and units(s, "sigy", 1) == (0, 2)


def test_rebels_kill_the_familys_free_lords_left_without_troops_but_not_its_captive() -> None:
    """§4.12.1: the lords of the family struck that are left without troops die; its
    lord held there by seat 0's troops is seat 0's captive, not the rebels' victim, and
    stays so."""
    s = table(3, first=2)
    s.famine[B["sigy"]] = 1
    troops(s, "sigy", 0, 0, 3)
    troops(s, "sigy", 1, 0, 1)
    eric = lord(s, "eric", 1, "sigy")
    held = lord(s, "charles", 1, "sigy")
    capture(s, held, 0, [])
    s.hand[2] = [C["uprising"]]
    begin(s, "income")
    do(s, 2, "play:uprising", "uprising:sigy")
    dice(s, 1)  # 1 die: 1 hit + 1
    ev = do(s, 2, "against:2")
    assert units(s, "sigy", 1) == (0, 0) and units(s, "sigy", 0) == (0, 3)
    assert [e["lord"] for e in events_of(ev, "lord_dies")] == [eric]
    assert s.l_owner[eric] == -1
    assert s.l_owner[held] == 1 and s.l_captor[held] == 0 and s.l_loc[held] == V["sigy"]


def test_assassination_on_1_to_3_and_the_marker_then_justice() -> None:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    lord(s, "charles", 1, "sigy")
    s.hand[0] = [C["assassination"]]
    s.hand[1] = [C["justice"]]
    begin(s, "income")
    do(s, 0, "play:assassination")
    assert "dies:charles" in legal(s, 0) and "dies:arthur" not in legal(s, 0)
    dice(s, 3)
    do(s, 0, "dies:charles")
    # seat 1 holds a card: it is asked, and without a Secret Passage can only pass
    assert GAME.to_act(s) == (1,) and legal(s, 1) == ["pass"]
    ev = do(s, 1, "pass")
    assert s.l_owner[L["charles"]] == -1 and events_of(ev, "lord_dies")
    assert legal(s, 0) == ["assassin_marker:arthur"]
    ev = do(s, 0, "assassin_marker:arthur")
    assert s.assassin[L["arthur"]] == 1
    assert events_of(ev, "assassin_marker") == [
        {"type": "assassin_marker", "seat": 0, "lord": L["arthur"]}
    ]
    assert GAME.to_act(s) == (1,) and legal(s, 1) == ["pass", "play:justice"]
    do(s, 1, "pass")
    # next turn's window: Justice on the marked lord
    begin(s, "income")
    assert legal(s, 1) == ["pass", "play:justice"]
    do(s, 1, "play:justice", "dies:arthur")
    assert s.l_owner[L["arthur"]] == -1 and s.assassin[L["arthur"]] == 0


def test_a_failed_assassination_still_marks_the_assassin() -> None:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    lord(s, "charles", 1, "sigy")
    s.hand[0] = [C["assassination"]]
    begin(s, "income")
    do(s, 0, "play:assassination")
    dice(s, 4)
    ev = do(s, 0, "dies:charles")
    assert events_of(ev, "assassination_failed") and s.l_owner[L["charles"]] == 1
    do(s, 0, "assassin_marker:arthur")
    assert s.assassin[L["arthur"]] == 1
    pass_window(s)


def test_a_secret_passage_foils_an_assassination() -> None:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    lord(s, "charles", 1, "sigy")
    s.hand[0] = [C["assassination"]]
    s.hand[1] = [C["secret_passage"]]
    begin(s, "income")
    do(s, 0, "play:assassination", "dies:charles")
    assert legal(s, 1) == ["pass", "play:secret_passage"]
    ev = do(s, 1, "play:secret_passage")
    assert not events_of(ev, "roll") and s.l_owner[L["charles"]] == 1
    assert legal(s, 0) == ["assassin_marker:arthur"]  # the marker all the same


def test_a_secret_passage_lets_a_captive_escape() -> None:
    from noblesse.games.fief.control import capture

    s = table(3)
    lo = lord(s, "arthur", 0, "sigy")
    troops(s, "sigy", 1, 0, 2)
    capture(s, lo, 1, [])
    lord(s, "charles", 0, "blaye")
    s.hand[0] = [C["secret_passage"]]
    begin(s, "income")
    assert legal(s, 0) == ["pass", "escape:arthur"]  # the Secret Passage for him
    do(s, 0, "escape:arthur")
    assert s.l_captor[lo] == -1 and s.l_loc[lo] == V["blaye"]
    assert C["secret_passage"] in s.fd_discard and s.hand[0] == []


def _ambush() -> object:
    s = table(3)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 1, 3)
    troops(s, "charolles", 1, 0, 2)
    lord(s, "charles", 1, "charolles")
    s.hand[0] = [C["ambush"]]
    return s


def test_ambush_takes_an_opposing_lord_and_the_ambusher_decides_to_go_on() -> None:
    s = _ambush()
    begin(s, "battles")
    do(s, 0, "battle:charolles")
    assert s.kind == A.BATTLE_WINDOW and legal(s, 0) == ["pass", "play:ambush"]
    do(s, 0, "play:ambush")
    assert legal(s, 0) == ["capture:charles"]
    do(s, 0, "capture:charles")
    assert s.l_captor[L["charles"]] == 0
    assert legal(s, 0) == ["ambush:continue", "ambush:end"]  # his last lord there
    do(s, 0, "ambush:continue")
    assert s.kind == A.ROUND_ATT


def test_a_secret_passage_foils_an_ambush() -> None:
    s = _ambush()
    s.hand[1] = [C["secret_passage"]]
    begin(s, "battles")
    do(s, 0, "battle:charolles", "play:ambush", "capture:charles")
    assert GAME.to_act(s) == (1,) and legal(s, 1) == ["pass", "play:secret_passage"]
    ev = do(s, 1, "play:secret_passage")
    assert events_of(ev, "ambush_foiled") and s.l_captor[L["charles"]] == -1
    assert s.kind == A.ROUND_ATT


def test_a_secret_passage_cancels_the_fortification_penalty() -> None:
    s = _ambush()
    s.hand[0] = [C["secret_passage"]]
    s.fort[V["charolles"]] = 1
    s.ctrl[V["charolles"]] = 1
    begin(s, "battles")
    do(s, 0, "battle:charolles")
    assert s.battle.penalty == 1 and legal(s, 0) == ["pass", "play:secret_passage"]
    ev = do(s, 0, "play:secret_passage")
    assert s.battle.penalty == 0
    # the card is shown as played
    assert events_of(ev, "play_opportunity") == [
        {"type": "play_opportunity", "seat": 0, "card": C["secret_passage"]}
    ]


def test_a_secret_passage_cancels_an_uprisings_penalty() -> None:
    s = table(3)
    s.famine[B["sigy"]] = 1
    troops(s, "sigy", 1, 0, 2)
    s.fort[V["sigy"]] = 1
    s.hand[0] = [C["uprising"], C["secret_passage"]]
    begin(s, "income")
    do(s, 0, "play:uprising", "uprising:sigy")
    assert legal(s, 0) == ["pass", "play:secret_passage"]
    dice(s, 1)
    ev = do(s, 0, "play:secret_passage")
    assert events_of(ev, "uprising")[0]["effective"] == 1
    assert units(s, "sigy", 1) == (0, 0)


def test_a_secret_passage_out_of_a_besieged_fortress() -> None:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    troops(s, "blaye", 0, 0, 2)
    s.fort[V["blaye"]] = 1
    troops(s, "blaye", 1, 0, 3)
    s.engine[V["blaye"] * 6 + 1] = 1
    s.engines_used[1] = 1
    s.hand[0] = [C["secret_passage"]]
    begin(s, "movement")
    do(s, 0, "lord:arthur", "carry:man_at_arms")
    assert "play:secret_passage" in legal(s, 0)
    do(s, 0, "play:secret_passage", "move:la_salle")
    assert s.l_loc[L["arthur"]] == V["la_salle"] and units(s, "la_salle", 0) == (0, 0)
    assert s.carried_men_at_arms[L["arthur"]] == 1 and s.l_moves[L["arthur"]] == 1


def test_a_secret_passage_for_one_move_through_heavy_rain() -> None:
    s = table(3)
    s.rain[B["blaye"]] = 1
    lord(s, "arthur", 0, "beaujeu")
    s.hand[0] = [C["secret_passage"]]
    begin(s, "movement")
    do(s, 0, "lord:arthur")
    assert "move:blaye" not in legal(s, 0)
    do(s, 0, "play:secret_passage")
    assert "move:blaye" in legal(s, 0)
    do(s, 0, "move:blaye")
    assert s.l_loc[L["arthur"]] == V["blaye"] and s.l_moves[L["arthur"]] == 0


def test_a_secret_passage_through_a_village_refused() -> None:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    troops(s, "charolles", 1, 0, 1)
    s.hand[0] = [C["secret_passage"]]
    begin(s, "movement")
    do(s, 0, "lord:arthur", "move:charolles")
    do(s, 1, "permit:no")
    assert legal(s, 0) == ["retreat", "stay", "play:secret_passage"]
    do(s, 0, "play:secret_passage", "move:villeneuve")
    assert s.l_loc[L["arthur"]] == V["villeneuve"]


def test_a_secret_passage_down_the_road_the_enemy_came_in_by() -> None:
    """Source "沿著對手進來的路移動": refused that road, a Secret Passage takes it anyway;
    without the card (or passing) the road stays closed."""
    from noblesse.games.fief.control import put_lord, settle

    s = table(3)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 0, 2)
    lord(s, "charles", 1, None)
    put_lord(s, L["charles"], V["charolles"], came_from=V["blaye"])
    settle(s, V["charolles"], [])
    s.hand[0] = [C["secret_passage"]]
    s.first = 0
    begin(s, "movement")
    do(s, 0, "lord:arthur", "carry:man_at_arms", "move:blaye")
    do(s, 1, "permit:no")
    assert legal(s, 0) == ["pass", "play:secret_passage"]
    ev = do(s, 0, "play:secret_passage")
    assert events_of(ev, "move") and s.l_loc[L["arthur"]] == V["blaye"]
    assert s.hand[0] == [] and s.carried_men_at_arms[L["arthur"]] == 1


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


def test_no_secret_passage_is_offered_at_the_income_window_without_the_card() -> None:
    """``opportunity_cards_at_windows``: a family with a captive but no Secret Passage in
    hand has nothing to play for him."""
    s = table(3, opportunity_cards_at_windows=True)
    s.l_captor[lord(s, "arthur", 0, "sigy")] = 1
    troops(s, "sigy", 1, 0, 1)
    s.hand[0] = [C["taxes"]]
    begin(s, "income")
    assert GAME.to_act(s) == (0,) and legal(s, 0) == ["pass"]


def test_a_secret_passage_played_at_the_income_window_frees_the_captive_its_family_names() -> None:
    """``opportunity_cards_at_windows``: with two lords held, ``play:secret_passage``
    asks the family which escapes; Charles goes free, Arthur stays held."""
    s = table(3, opportunity_cards_at_windows=True)
    arthur = lord(s, "arthur", 0, "sigy")
    charles = lord(s, "charles", 0, "sigy")
    troops(s, "sigy", 1, 0, 2)
    capture(s, arthur, 1, [])
    capture(s, charles, 1, [])
    s.hand[0] = [C["secret_passage"]]
    begin(s, "income")
    assert legal(s, 0) == ["pass", "play:secret_passage"]
    do(s, 0, "play:secret_passage")
    assert s.kind == A.ESCAPE_CHOICE and legal(s, 0) == ["escape:arthur", "escape:charles"]
    ev = do(s, 0, "escape:charles")
    assert events_of(ev, "escape") == [
        {"type": "escape", "lord": charles, "seat": 0, "village": V["sigy"]}
    ]
    assert s.l_captor[charles] == -1 and s.l_captor[arthur] == 1
