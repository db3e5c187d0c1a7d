"""Battles (§4.6), sieges (§4.7) and pillage (§4.8), with injected dice.

Battle die faces (data, §6 #1): d6 1-3 = 1 hit, 4-5 = 2 hits, 6 = 3 hits.
"""

from __future__ import annotations

import pytest
from fief_scenario import (
    GAME,
    A,
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
    table,
    troops,
    units,
)

from noblesse.games.fief import flow
from noblesse.games.fief.battle import dice_for, strength, take_hits
from noblesse.games.fief.state import DATA, SEATS, besieged


def test_dice_from_strength() -> None:
    assert [dice_for(sp) for sp in (0, 1, 6, 7, 12, 13, 40)] == [0, 1, 1, 2, 2, 3, 3]


def test_strength_counts_knights_men_and_lords_but_not_an_untitled_lady() -> None:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    lord(s, "blanche", 0, "blaye")
    troops(s, "blaye", 0, 2, 3)
    assert strength(s, V["blaye"], 0) == 6 + 3 + 1  # §6 #8: Blanche 0 SP
    s.fief_holder[F["blaye"]] = L["blanche"]
    assert strength(s, V["blaye"], 0) == 11  # a titled lady: 1 SP


def test_casualties_knights_first_the_source_example() -> None:
    s = table(3)
    troops(s, "blaye", 0, 2, 4)
    assert take_hits(s, V["blaye"], 0, 5) == (1, 2, 0)  # 2 knights + 4 MaA, 5 hits
    assert (s.knights[V["blaye"] * SEATS], s.men_at_arms[V["blaye"] * SEATS]) == (1, 2)


def test_remainders_below_three_never_kill_a_knight() -> None:
    s = table(3)
    troops(s, "blaye", 0, 2, 0)
    assert take_hits(s, V["blaye"], 0, 5) == (1, 0, 0)
    assert s.knights[V["blaye"] * SEATS] == 1


def _field(att_k: int, att_m: int, def_k: int, def_m: int) -> object:
    s = table(3)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, att_k, att_m)
    troops(s, "charolles", 1, def_k, def_m)
    lord(s, "charles", 1, "charolles")
    return s


def test_a_round_rolls_both_sides_and_the_beaten_lords_are_captured() -> None:
    s = _field(1, 3, 0, 2)  # attacker SP 7 (2 dice), defender SP 3 (1 die)
    begin(s, "battles")
    assert legal(s, 0) == ["pass", "battle:charolles"]
    do(s, 0, "battle:charolles")
    assert legal(s, 0) == ["fight", "surrender", "truce"]  # no fortress: no withdraw
    do(s, 0, "fight")
    assert legal(s, 1) == ["fight", "surrender", "truce"]  # both may propose a truce
    dice(s, 1, 2, 6)  # attacker 1 + 1 hits, defender 3 hits
    ev = do(s, 1, "fight")
    rolls = events_of(ev, "roll")
    assert [r["dice"] for r in rolls] == [[1, 2], [6]]
    assert events_of(ev, "round")[0]["losses"] == [[1, 0], [0, 2]]
    # the defender has no troops left and the attacker has: Charles is captured
    assert s.l_captor[L["charles"]] == 0
    assert units(s, "charolles", 0) == (0, 3)
    assert s.ctrl[V["charolles"]] == 0
    assert events_of(ev, "battle_end")[0]["how"] == "attacker_wins"


def test_lords_alone_facing_troops_are_captured_without_dice() -> None:
    s = table(3)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 0, 1)
    lord(s, "charles", 1, "charolles")
    begin(s, "battles")
    ev = do(s, 0, "battle:charolles")
    assert not events_of(ev, "roll")
    assert s.l_captor[L["charles"]] == 0


def test_lords_alone_on_both_sides_cannot_fight() -> None:
    s = table(3)
    lord(s, "arthur", 0, "charolles")
    lord(s, "charles", 1, "charolles")
    begin(s, "battles")
    assert flow.PHASE_NAMES[s.phase] == "cards"  # nobody was offered a battle


def test_troops_without_a_lord_cannot_attack() -> None:
    s = table(3)
    troops(s, "charolles", 0, 2, 0)
    troops(s, "charolles", 1, 0, 1)
    lord(s, "henri", 0, "blaye")
    begin(s, "battles")
    assert flow.PHASE_NAMES[s.phase] == "cards"  # nobody was offered a battle


def test_16_hits_beyond_the_troops_kill_lords_and_the_owner_chooses() -> None:
    s = _field(1, 0, 0, 1)  # attacker SP 4: 1 die; defender SP 3: 1 die
    lord(s, "eric", 1, "charolles")
    begin(s, "battles")
    do(s, 0, "battle:charolles", "fight")
    dice(s, 4, 1)  # attacker 2 hits: 1 MaA + 1 lord; defender 1 hit
    do(s, 1, "fight")
    assert GAME.to_act(s) == (1,) and s.kind == A.LORD_DEATH
    assert legal(s, 1) == ["dies:charles", "dies:eric"]
    ev = do(s, 1, "dies:eric")
    assert s.l_owner[L["eric"]] == -1 and events_of(ev, "lord_dies")
    # Charles is left alone with no troops facing troops: captured
    assert s.l_captor[L["charles"]] == 0


@pytest.mark.parametrize("flipped", [None, *sorted(DATA.switches)], ids=str)
def test_a_village_whose_two_sides_wipe_each_other_out_goes_to_the_fiefs_title_holder(
    flipped: str | None,
) -> None:
    """§4.6.5, source "如果雙方同歸於盡，村莊由封地貴族統治": Arthur and Charles, a man-at-arms
    each (1 die a side), deal each other 2 hits in one round: nobody is left in
    Charolles, which goes to Henri's family, title holder of Blaye, whatever switch is
    flipped."""
    options = {} if flipped is None else {flipped: not DATA.switches[flipped]}
    s = table(3, **options)
    s.fief_holder[F["blaye"]] = lord(s, "henri", 2, "blaye")
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 0, 1)
    troops(s, "charolles", 1, 0, 1)
    lord(s, "charles", 1, "charolles")
    assert s.ctrl[V["charolles"]] == 0
    begin(s, "battles")
    do(s, 0, "battle:charolles", "fight")
    dice(s, 4, 4)
    ev = do(s, 1, "fight")
    assert {e["lord"] for e in events_of(ev, "lord_dies")} == {L["arthur"], L["charles"]}
    assert units(s, "charolles", 0) == units(s, "charolles", 1) == (0, 0)
    assert s.ctrl[V["charolles"]] == 2
    assert {"type": "control", "village": V["charolles"], "seat": 2} in events_of(ev, "control")


def test_fortification_penalty_and_a_siege_engine_cancelling_it() -> None:
    s = _field(2, 1, 0, 2)  # attacker SP 7+1 = 8: 2 dice
    s.fort[V["charolles"]] = 1
    s.ctrl[V["charolles"]] = 1
    begin(s, "battles")
    ev = do(s, 0, "battle:charolles")
    assert s.battle.penalty == 1 and events_of(ev, "fortification")[0]["penalty"] == 1
    assert "withdraw" in legal(s, 0)
    do(s, 0, "fight")
    dice(s, 1, 1)  # attacker 1 die only, defender 1 die
    ev = do(s, 1, "fight")
    assert [len(r["dice"]) for r in events_of(ev, "roll")] == [1, 1]
    s2 = _field(2, 1, 0, 2)
    s2.fort[V["charolles"]] = 2  # a city: -2 dice
    s2.ctrl[V["charolles"]] = 1
    s2.engine[V["charolles"] * SEATS + 0] = 2  # a +2D engine cancels it
    begin(s2, "battles")
    ev = do(s2, 0, "battle:charolles")
    assert s2.battle.penalty == 0 and not events_of(ev, "fortification")


def test_a_sally_by_the_garrison_has_no_penalty() -> None:
    s = table(3)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 0, 3)
    s.fort[V["charolles"]] = 1
    troops(s, "charolles", 1, 0, 2)
    lord(s, "charles", 1, "charolles")
    assert s.ctrl[V["charolles"]] == 0
    begin(s, "battles")
    ev = do(s, 0, "battle:charolles")
    assert s.battle.penalty == 0 and not events_of(ev, "fortification")
    assert "withdraw" not in legal(s, 0)


def test_withdraw_from_a_fortress_and_the_defender_lets_him_go_or_pursues() -> None:
    s = _field(0, 3, 0, 2)
    s.fort[V["charolles"]] = 1
    s.ctrl[V["charolles"]] = 1
    begin(s, "battles")
    do(s, 0, "battle:charolles", "withdraw")
    assert legal(s, 1) == ["pursue", "let_go"]
    ev = do(s, 1, "let_go")
    assert events_of(ev, "battle_end")[0]["how"] == "withdrawn"
    # source "攻方可以直接撤退" (NOTES #13): he leaves the village, to a village he picks
    assert s.kind == A.WITHDRAW_TO and s.actor == 0
    assert legal(s, 0) == ["move:blaye", "move:l_epervier", "move:villeneuve"]
    ev = do(s, 0, "move:blaye")
    assert units(s, "charolles", 0) == (0, 0) and units(s, "blaye", 0) == (0, 3)
    assert s.l_loc[L["arthur"]] == V["blaye"] and events_of(ev, "withdrawn")
    s2 = _field(0, 3, 0, 2)
    s2.fort[V["charolles"]] = 1
    s2.ctrl[V["charolles"]] = 1
    begin(s2, "battles")
    do(s2, 0, "battle:charolles", "withdraw")
    dice(s2, 1, 1)
    ev = do(s2, 1, "pursue")
    assert [len(r["dice"]) for r in events_of(ev, "roll")] == [1, 1]  # no penalty now
    assert "withdraw" not in legal(s2, 0)


def test_surrender_removes_the_troops_and_gives_up_the_lords() -> None:
    s = _field(1, 3, 0, 2)
    begin(s, "battles")
    do(s, 0, "battle:charolles", "fight")
    do(s, 1, "surrender")
    assert units(s, "charolles", 1) == (0, 0)
    assert s.l_captor[L["charles"]] == 0 and s.ctrl[V["charolles"]] == 0


def test_a_truce_ends_the_battle_and_both_stay() -> None:
    s = _field(1, 3, 0, 2)
    begin(s, "battles")
    do(s, 0, "battle:charolles", "truce")
    assert legal(s, 1) == ["truce:yes", "truce:no"]
    ev = do(s, 1, "truce:yes")
    assert events_of(ev, "battle_end")[0]["how"] == "truce"
    assert units(s, "charolles", 1) == (0, 2) and s.ctrl[V["charolles"]] == 0
    # "a truce may be broken at once" (§4.6.1): once; then one battle per village
    ev = do(s, 0, "battle:charolles")
    assert events_of(ev, "truce_broken") == [
        {"type": "truce_broken", "seat": 0, "village": V["charolles"]}
    ]
    do(s, 0, "truce")
    do(s, 1, "truce:yes")
    assert (s.kind, s.actor) == (A.BATTLE_SELECT, 1)  # no third battle for seat 0


def test_three_quiet_rounds_end_the_battle() -> None:
    s = _field(1, 0, 1, 0)  # knights only, 1 die each: 1 or 2 hits never kill one
    begin(s, "battles")
    do(s, 0, "battle:charolles", "fight")
    dice(s, 1, 1)
    do(s, 1, "fight")
    do(s, 0, "fight")
    dice(s, 2, 3)
    do(s, 1, "fight")
    do(s, 0, "fight")
    dice(s, 1, 2)
    ev = do(s, 1, "fight")
    assert events_of(ev, "battle_end")[0]["how"] == "quiet"
    assert units(s, "charolles", 0) == (1, 0) and units(s, "charolles", 1) == (1, 0)


def test_several_families_present_the_attacker_names_the_foe() -> None:
    s = _field(1, 3, 0, 2)
    troops(s, "charolles", 2, 0, 1)
    begin(s, "battles")
    do(s, 0, "battle:charolles")
    assert legal(s, 0) == ["against:2", "against:3"]
    do(s, 0, "against:3")
    assert s.battle.defender == 2


def test_siege_engine_goes_to_plus_two_a_turn_later_and_pillage() -> None:
    s = table(3)
    troops(s, "charolles", 1, 0, 2)
    lord(s, "arthur", 0, "charolles")
    s.fort[V["charolles"]] = 1
    troops(s, "charolles", 0, 0, 3)
    s.mills[V["charolles"]] = 2
    assert s.ctrl[V["charolles"]] == 1
    begin(s, "battles")
    do(s, 0, "pass")
    assert legal(s, 0) == ["pass", "siege:charolles"]
    do(s, 0, "siege:charolles")
    assert legal(s, 0) == ["pass", "lift_siege:charolles"]
    do(s, 0, "pass")
    assert s.engine[V["charolles"] * SEATS] == 1
    assert flow.PHASE_NAMES[s.phase] == "pillage"
    assert legal(s, 0) == ["pass", "pillage:charolles"]  # the besieger may pillage
    do(s, 0, "pillage:charolles", "pass")
    assert s.mills[V["charolles"]] == 1 and s.money[0] == 1
    # next turn, after his battles, the engine turns to +2D
    begin(s, "battles")
    ev = do(s, 0, "pass")
    assert events_of(ev, "engine_flipped") and s.engine[V["charolles"] * SEATS] == 2


def test_a_siege_is_lifted_when_the_besiegers_troops_are_gone() -> None:
    s = table(3)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 1, 0, 2)
    s.fort[V["charolles"]] = 1
    troops(s, "charolles", 0, 0, 1)
    s.engine[V["charolles"] * SEATS] = 1
    s.engines_used[0] = 1
    begin(s, "movement")
    do(s, 0, "lord:arthur", "carry:man_at_arms")
    ev = do(s, 0, "move:blaye")
    assert events_of(ev, "siege_lifted") and s.engines_used[0] == 0


def test_a_refused_battle_action_changes_nothing() -> None:
    s = _field(1, 3, 0, 2)
    begin(s, "battles")
    assert_illegal(s, 0, "battle:blaye")
    assert_illegal(s, 1, "battle:charolles")
    do(s, 0, "battle:charolles")
    assert_illegal(s, 0, "withdraw")


def test_lifting_a_siege_and_the_garrison_lets_him_be() -> None:
    s = besieged_charolles()
    begin(s, "battles")
    do(s, 0, "pass")
    assert "lift_siege:charolles" in legal(s, 0)
    ev = do(s, 0, "lift_siege:charolles")
    assert events_of(ev, "siege_lifted") and s.engines_used[0] == 0
    assert GAME.to_act(s) == (1,) and legal(s, 1) == ["pursue", "let_go"]
    do(s, 1, "let_go")
    assert GAME.to_act(s) == (0,) and s.engine[V["charolles"] * SEATS] == 0
    assert s.kind == A.WITHDRAW_TO  # "把攻城車拆掉撤退" (NOTES #13)
    do(s, 0, "move:villeneuve")
    assert units(s, "villeneuve", 0) == (0, 3) and s.l_loc[L["arthur"]] == V["villeneuve"]
    assert units(s, "charolles", 0) == (0, 0)


def test_lifting_a_siege_and_the_garrison_pursues_without_penalty() -> None:
    s = besieged_charolles()
    begin(s, "battles")
    do(s, 0, "pass", "lift_siege:charolles")
    do(s, 1, "pursue")
    assert s.battle.attacker == 1 and s.battle.defender == 0 and s.battle.penalty == 0
    assert s.kind == A.ROUND_ATT and GAME.to_act(s) == (1,)


def test_a_third_family_joins_a_side_and_the_sides_sum_their_strength() -> None:
    s = _field(0, 3, 0, 3)  # attacker SP 4, defender SP 4: one die each
    troops(s, "charolles", 2, 1, 0)  # a third family, SP 3 ...
    lord(s, "eric", 2, "charolles")  # ... and a lord: SP 4
    begin(s, "battles")
    do(s, 0, "battle:charolles", "against:2")
    assert GAME.to_act(s) == (2,)
    assert legal(s, 2) == ["side:attacker", "side:defender", "side:none"]
    do(s, 2, "side:attacker")  # attacker's side: SP 8, 2 dice
    do(s, 0, "fight")
    dice(s, 6, 1, 4)  # attacker side 3 + 1 hits; defender 2 hits
    ev = do(s, 1, "fight")
    assert [len(r["dice"]) for r in events_of(ev, "roll")] == [2, 1]
    # 4 hits on 3 men-at-arms and Charles; the defender's 2 hits on the attacker's side:
    # no knight is lost to 2 hits while the leader's men-at-arms take them first
    assert units(s, "charolles", 1) == (0, 0) and s.l_owner[L["charles"]] == -1
    assert units(s, "charolles", 0) == (0, 1) and units(s, "charolles", 2) == (1, 0)


def test_a_side_losing_all_troops_has_all_its_lords_taken() -> None:
    s = _field(0, 1, 1, 3)
    lord(s, "eric", 2, "charolles")
    troops(s, "charolles", 2, 0, 1)
    begin(s, "battles")
    do(s, 0, "battle:charolles", "against:2")
    do(s, 2, "side:attacker")
    do(s, 0, "fight")
    dice(s, 1, 1, 1)  # attacker side SP 4: 1 die; defender SP 7: 2 dice, 2 hits
    do(s, 1, "fight")
    # both men-at-arms of the attacking side fall: its lords are taken by the defender
    assert s.l_captor[L["arthur"]] == 1 and s.l_captor[L["eric"]] == 1
    assert units(s, "charolles", 1) == (1, 2)


def test_a_side_chooses_which_family_takes_each_loss_and_who_keeps_captives() -> None:
    """Source "戰鬥組隊時把雙方SP加起來，決定誰受傷亡跟誰抓到俘虜": the side's leader shares
    out a loss that could fall on several families, and picks the captives' keeper."""
    s = _field(0, 2, 0, 3)  # attacker SP 3, defender SP 4
    troops(s, "charolles", 2, 0, 2)  # joins the attacker: SP 6
    lord(s, "eric", 2, "charolles")  # (troops need a lord to attack)
    begin(s, "battles")
    do(s, 0, "battle:charolles", "against:2")
    do(s, 2, "side:attacker")
    do(s, 0, "fight")
    dice(s, 1, 1)  # 1 hit each way
    do(s, 1, "fight")
    assert s.kind == A.LOSS_SHARE and GAME.to_act(s) == (0,)
    assert legal(s, 0) == ["loss:1", "loss:3"]
    do(s, 0, "loss:3")
    assert units(s, "charolles", 0) == (0, 2) and units(s, "charolles", 2) == (0, 1)
    assert units(s, "charolles", 1) == (0, 2)
    do(s, 2, "side:stay")  # the ally keeps his side after the round (§4.6.1)
    do(s, 0, "fight")
    dice(s, 4, 1)  # 2 hits: the defender's troops are gone; 1 hit back
    do(s, 1, "fight")
    do(s, 0, "loss:1")
    assert s.kind == A.KEEPER and legal(s, 0) == ["keeper:1", "keeper:3"]
    ev = do(s, 0, "keeper:3")
    assert s.l_captor[L["charles"]] == 2 and events_of(ev, "captive_kept")


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
    do(s, 0, "truce")  # the attacker's turn to offer
    ev = do(s, 1, "truce:yes")
    assert events_of(ev, "battle_end")[0]["how"] == "truce"


def test_an_engine_turns_to_plus_two_a_turn_later_when_its_family_has_no_battle_to_fight() -> None:
    """§4.7: troops without a lord keep a siege but cannot attack: no battle to declare,
    the engine still turns when the family's sieges come."""
    s = table(3)
    troops(s, "charolles", 1, 0, 2)
    s.fort[V["charolles"]] = 1
    troops(s, "charolles", 0, 0, 3)  # no lord
    s.engine[V["charolles"] * SEATS] = 1  # set up the turn before
    s.engines_used[0] = 1
    ev = begin(s, "battles")
    assert s.kind == A.SIEGE and legal(s, 0) == ["pass", "lift_siege:charolles"]
    assert events_of(ev, "engine_flipped") and s.engine[V["charolles"] * SEATS] == 2
