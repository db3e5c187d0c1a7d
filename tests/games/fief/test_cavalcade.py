"""Cavalcades (§4.5.2): lords and knights only, first move, +1 hit per defender die."""

from __future__ import annotations

from fief_scenario import GAME, A, L, V, begin, dice, do, events_of, legal, lord, table, troops

from noblesse.games.fief.state import SEATS


def _riders() -> object:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    troops(s, "blaye", 0, 2, 1)
    troops(s, "charolles", 1, 0, 1)  # no stronghold: may be ridden through
    return s


def test_a_cavalcade_needs_a_group_of_lords_and_knights_on_its_first_move() -> None:
    s = _riders()
    begin(s, "movement")
    do(s, 0, "lord:arthur", "carry:knight")
    assert "cavalcade:charolles" in legal(s, 0)
    do(s, 0, "carry:man_at_arms")
    assert "cavalcade:charolles" not in legal(s, 0)  # men-at-arms cannot ride
    s2 = _riders()
    s2.fort[V["charolles"]] = 1
    begin(s2, "movement")
    do(s2, 0, "lord:arthur", "carry:knight")
    assert "cavalcade:charolles" not in legal(s2, 0)  # not through a fortress


def test_a_won_crossing_must_ride_on_and_may_leave_knights() -> None:
    s = _riders()
    begin(s, "movement")
    do(s, 0, "lord:arthur", "carry:knight", "carry:knight", "cavalcade:charolles")
    assert s.l_loc[L["arthur"]] == V["charolles"] and s.kind == A.ROUND_ATT
    do(s, 0, "fight")
    dice(s, 1, 1, 1)  # attacker SP 7: 2 dice (1 + 1 hits); defender 1 die: 1 + 1
    ev = do(s, 1, "fight")
    assert events_of(ev, "round")[0]["hits"] == [2, 2]  # the defender's +1 on its die
    assert events_of(ev, "cavalcade_end")[0]["won"] is True
    assert s.ctrl[V["charolles"]] == 0
    assert s.carried_knights[L["arthur"]] == 2  # 2 hits never kill a knight
    assert "lord_done" not in legal(s, 0)  # cannot stop in the village
    do(s, 0, "drop:knight", "move:villeneuve")
    assert s.knights[V["charolles"] * SEATS] == 1 and s.l_loc[L["arthur"]] == V["villeneuve"]


def test_a_lost_cavalcade_stays_where_it_started() -> None:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    troops(s, "blaye", 0, 1, 0)
    troops(s, "charolles", 1, 2, 0)  # knights only, SP 6: 1 die
    begin(s, "movement")
    do(s, 0, "lord:arthur", "carry:knight", "cavalcade:charolles")
    do(s, 0, "fight")
    dice(s, 1, 1, 1, 1, 1, 1)  # three quiet rounds: 1 hit, and 1+1, kill no knight
    do(s, 1, "fight")
    do(s, 0, "fight")
    do(s, 1, "fight")
    do(s, 0, "fight")
    ev = do(s, 1, "fight")
    assert events_of(ev, "cavalcade_end")[0]["won"] is False
    assert s.l_loc[L["arthur"]] == V["blaye"] and s.l_moves[L["arthur"]] == 0


def test_breaking_out_of_a_besieged_fortress() -> None:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    troops(s, "blaye", 0, 1, 0)
    s.fort[V["blaye"]] = 1
    troops(s, "blaye", 1, 0, 1)
    s.engine[V["blaye"] * SEATS + 1] = 1
    s.engines_used[1] = 1
    begin(s, "movement")
    do(s, 0, "lord:arthur")
    assert not [x for x in legal(s, 0) if x.startswith("move:")]  # pinned by the siege
    do(s, 0, "carry:knight", "cavalcade:la_salle")
    assert s.battle.village == V["blaye"] and s.battle.penalty == 0
    do(s, 0, "fight")
    dice(s, 4, 1)  # attacker 2 hits kill the man-at-arms; defender 1 + 1
    ev = do(s, 1, "fight")
    assert events_of(ev, "siege_lifted")
    assert s.l_loc[L["arthur"]] == V["la_salle"] and s.l_moves[L["arthur"]] == 1
    assert GAME.to_act(s) == (0,)


def test_a_copy_of_the_game_in_mid_cavalcade_rides_on_alone() -> None:
    """A clone (what a bot searches on) carries the cavalcade under way; riding it on
    changes the clone only."""
    s = _riders()
    begin(s, "movement")
    do(s, 0, "lord:arthur", "carry:knight", "carry:knight", "cavalcade:charolles")
    c = s.clone()
    assert c.cavalcade == s.cavalcade and c.cavalcade is not s.cavalcade
    assert c.cavalcade.riders is not s.cavalcade.riders
    assert (c.cavalcade.leader, c.cavalcade.riders) == (L["arthur"], [L["arthur"]])
    do(c, 0, "fight")
    dice(c, 1, 1, 1)
    ev = do(c, 1, "fight")
    assert events_of(ev, "cavalcade_end")[0]["won"] is True and c.ctrl[V["charolles"]] == 0
    assert s.kind == A.ROUND_ATT and s.ctrl[V["charolles"]] == 1
