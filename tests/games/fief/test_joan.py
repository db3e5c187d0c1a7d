"""Joan d'Arc (§4.12.6): played at the intrigue window on an unmarried lady; 3 moves
carrying troops, lords and captives; 1 SP and +1 die; her card discarded at her death."""

from __future__ import annotations

from fief_scenario import (
    GAME,
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

from noblesse.games.fief.battle import strength


def _joan() -> object:
    s = table(3)
    lord(s, "blanche", 0, "blaye")
    lord(s, "arthur", 0, "blaye")
    troops(s, "blaye", 0, 1, 2)
    lord(s, "charles", 1, "sigy")
    s.lord_deck.remove(C["darc"])
    s.hand[1] = [C["darc"]]
    begin(s, "income")
    assert legal(s, 1) == ["pass", "play:darc"]
    do(s, 1, "play:darc")  # any family's lady
    assert legal(s, 1) == ["joan:blanche"]  # ladies only, on the board
    ev = do(s, 1, "joan:blanche")
    assert s.joan == L["blanche"] and events_of(ev, "joan")
    pass_window(s)
    return s


def test_joan_moves_three_roads_carrying_troops_and_a_lord() -> None:
    s = _joan()
    s.first = 0
    begin(s, "movement")
    do(s, 0, "lord:blanche")
    assert "escort:arthur" in legal(s, 0)
    do(s, 0, "escort:arthur", "carry:knight", "carry:man_at_arms")
    do(s, 0, "move:charolles", "move:villeneuve", "move:bourg")
    assert s.l_loc[L["blanche"]] == V["bourg"] and s.l_loc[L["arthur"]] == V["bourg"]
    assert units(s, "bourg", 0) == (1, 1) and units(s, "blaye", 0) == (0, 1)
    assert s.free_lords[V["bourg"] * 6 + 0] == 2 and s.free_lords[V["blaye"] * 6 + 0] == 0
    assert s.l_moves[L["arthur"]] == 0  # he followed her this turn


def test_10_joan_has_one_sp_and_her_side_one_more_die_even_a_fourth() -> None:
    s = _joan()
    assert strength(s, V["blaye"], 0) == 3 + 2 + 1 + 1  # untitled Blanche: 1 SP now
    troops(s, "blaye", 0, 4, 0)  # SP 19: 3 dice, +1 for Joan
    troops(s, "blaye", 1, 0, 3)
    lord(s, "eric", 1, "blaye")
    begin(s, "battles")
    do(s, 0, "battle:blaye", "fight")
    dice(s, 1, 1, 1, 1, 1)
    ev = do(s, 1, "fight")
    assert [len(r["dice"]) for r in events_of(ev, "roll")] == [4, 1]


def test_her_card_is_discarded_at_her_death() -> None:
    s = _joan()
    assert GAME.inventory(s)["card"]["darc"] == 1  # on Blanche
    from noblesse.games.fief.death import kill

    ev: list = []
    kill(s, L["blanche"], "battle", ev)
    assert s.joan == -1 and C["darc"] in s.lord_discard
    assert GAME.inventory(s)["card"]["darc"] == 1


def test_joan_rides_a_cavalcade_on_her_first_move_then_makes_her_other_two() -> None:
    s = _joan()
    troops(s, "charolles", 2, 0, 1)  # no stronghold: may be ridden through
    s.first = 0
    begin(s, "movement")
    do(s, 0, "lord:blanche", "carry:knight")
    assert "cavalcade:charolles" in legal(s, 0)  # her first move of three
    do(s, 0, "cavalcade:charolles", "fight")
    dice(s, 1, 1, 1)  # SP 4: 1 die + Joan's; 2 hits kill the man-at-arms
    ev = do(s, 2, "fight")
    assert events_of(ev, "cavalcade_end")[0]["won"] is True
    assert s.l_moves[L["blanche"]] == 2 and "lord_done" not in legal(s, 0)
    do(s, 0, "move:villeneuve")
    assert s.l_moves[L["blanche"]] == 1 and "move:bourg" in legal(s, 0)
    assert not [x for x in legal(s, 0) if x.startswith("cavalcade:")]  # first move only
    do(s, 0, "move:bourg")
    assert s.l_loc[L["blanche"]] == V["bourg"] and units(s, "bourg", 0) == (1, 0)
    assert GAME.to_act(s) == (0,) and s.moving_lord == -1


def test_joan_carries_only_her_familys_free_lords_beside_her_not_its_captives() -> None:
    """§4.12.6: Joan carries lords of her family that stand free where she is; one held
    by seat 0 in her village, and one elsewhere, stay."""
    from noblesse.games.fief.control import capture

    s = table(3, first=1)
    blanche = lord(s, "blanche", 1, "sigy")
    eric = lord(s, "eric", 1, "sigy")
    troops(s, "sigy", 1, 0, 1)
    troops(s, "sigy", 0, 0, 2)
    held = lord(s, "charles", 1, "sigy")
    capture(s, held, 0, [])
    lord(s, "arthur", 1, "blaye")
    s.lord_deck.remove(C["darc"])
    s.hand[1] = [C["darc"]]
    begin(s, "income")
    do(s, 1, "play:darc", "joan:blanche")
    pass_window(s)
    assert s.joan == blanche and s.l_captor[held] == 0 and s.l_escort[eric] == -1
    begin(s, "movement")
    do(s, 1, "lord:blanche")
    assert [x for x in legal(s, 1) if x.startswith("escort:")] == ["escort:eric"]
