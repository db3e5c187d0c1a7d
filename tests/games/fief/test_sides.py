"""Battle sides (spec §4.6.1, §4.6.5, §4.12.5, §4.12.6), with injected dice.

Allies changing sides after a round or leaving the battle; troops without a lord not
joining the attackers; captives kept by a family of the winning side with troops there;
the Ambush, Secret Passage and Joan d'Arc at the battle window for every family of
either side; a truce broken at once, once per village per turn.

Battle die faces (data, §6 #1): d6 1-3 = 1 hit, 4-5 = 2 hits, 6 = 3 hits.
"""

from __future__ import annotations

import pytest
from fief_scenario import (
    GAME,
    A,
    C,
    L,
    V,
    assert_illegal,
    begin,
    dice,
    do,
    events_of,
    legal,
    lord,
    table,
    troops,
    units,
)

from noblesse.agents import act_honestly, make_agent


def _rolls(ev: list) -> list[int]:
    return [len(r["dice"]) for r in events_of(ev, "roll")]


# ------------------------------------------------------------------ changing sides


def _three_at_charolles() -> object:
    """Arthur (seat 0, 3 men-at-arms: SP 4) attacks Charles (seat 1, 3 men-at-arms:
    SP 4); Eric (seat 2, 4 men-at-arms: SP 5) joins the attacker: SP 9, 2 dice."""
    s = table(3)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 0, 3)
    lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 0, 3)
    lord(s, "eric", 2, "charolles")
    troops(s, "charolles", 2, 0, 4)
    begin(s, "battles")
    do(s, 0, "battle:charolles", "against:2")
    do(s, 2, "side:attacker")
    return s


def test_an_ally_goes_over_after_a_round_and_dice_losses_and_captives_follow() -> None:
    s = _three_at_charolles()
    do(s, 0, "fight")
    dice(s, 1, 1, 1)  # attacker side 2 dice: 2 hits; defender 1 die: 1 hit
    ev = do(s, 1, "fight")
    assert _rolls(ev) == [2, 1]
    assert units(s, "charolles", 1) == (0, 1)
    assert (s.kind, s.actor) == (A.LOSS_SHARE, 0)  # 1 of 7 men-at-arms
    do(s, 0, "loss:1")
    assert units(s, "charolles", 0) == (0, 2) and units(s, "charolles", 2) == (0, 4)
    # after the round, the ally is asked: stay, go over, or leave
    assert (s.kind, s.actor) == (A.SIDE_CHANGE, 2)
    assert legal(s, 2) == ["side:defender", "side:none", "side:stay"]
    words = [
        GAME.describe_action(s, GAME.decode(a), lang)
        for lang in ("en", "zh-TW")
        for a in legal(s, 2)
    ]
    assert words == [
        "Go over to the defender's side",
        "Leave the battle",
        "Stay on your side",
        "倒戈加入守方",
        "退出戰鬥",
        "留在原本一方",
    ]
    ev = do(s, 2, "side:defender")
    assert events_of(ev, "change_side") == [
        {"type": "change_side", "seat": 2, "village": V["charolles"], "with": 1}
    ]
    assert s.battle.sides[2] == 2 and (s.kind, s.actor) == (A.ROUND_ATT, 0)
    # now Arthur alone: SP 3, 1 die; Charles and Eric: SP 2 + 5 = 7, 2 dice
    do(s, 0, "fight")
    dice(s, 1, 1, 1)
    ev = do(s, 1, "fight")
    assert _rolls(ev) == [1, 2]
    assert units(s, "charolles", 0) == (0, 0)  # 2 hits: both his men-at-arms
    assert (s.kind, s.actor) == (A.LOSS_SHARE, 1)  # the defender shares 1 hit
    assert legal(s, 1) == ["loss:2", "loss:3"]
    do(s, 1, "loss:3")
    assert units(s, "charolles", 2) == (0, 3) and units(s, "charolles", 1) == (0, 1)
    # Arthur's side has no troops: he is taken; the defender's leader picks the keeper
    assert (s.kind, s.actor) == (A.KEEPER, 1)
    assert legal(s, 1) == ["keeper:2", "keeper:3"]
    do(s, 1, "keeper:3")
    assert s.l_captor[L["arthur"]] == 2 and s.l_loc[L["arthur"]] == V["charolles"]


def test_an_ally_who_stays_keeps_fighting_on_his_side() -> None:
    s = _three_at_charolles()
    do(s, 0, "fight")
    dice(s, 1, 1, 1)
    do(s, 1, "fight")
    do(s, 0, "loss:3")
    ev = do(s, 2, "side:stay")
    assert not events_of(ev, "change_side") and s.battle.sides[2] == 1
    do(s, 0, "fight")
    dice(s, 1, 1, 1)
    ev = do(s, 1, "fight")
    assert _rolls(ev) == [2, 1]  # still SP 4 + 4 = 8: 2 dice


def test_an_ally_who_leaves_is_out_of_the_battle_and_of_its_captures() -> None:
    """Eric (a knight) defends with Charles; after a round he leaves: Charles's side
    has no troops, so Charles is taken at once; Eric and his knight stay free."""
    s = table(3)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 1, 3)  # SP 7: 2 dice
    lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 0, 2)  # SP 3
    lord(s, "eric", 2, "charolles")
    troops(s, "charolles", 2, 1, 0)  # SP 4: the defender's side SP 7, 2 dice
    begin(s, "battles")
    do(s, 0, "battle:charolles", "against:2")
    do(s, 2, "side:defender")
    do(s, 0, "fight")
    dice(s, 1, 1, 1, 1)  # 2 hits each way: no knight falls to 2 hits
    do(s, 1, "fight")
    assert units(s, "charolles", 1) == (0, 0) and units(s, "charolles", 2) == (1, 0)
    assert units(s, "charolles", 0) == (1, 1)
    assert legal(s, 2) == ["side:attacker", "side:none", "side:stay"]
    ev = do(s, 2, "side:none")
    assert events_of(ev, "leave_battle")[0]["seat"] == 2
    assert events_of(ev, "battle_end")[0]["how"] == "attacker_wins"
    assert s.l_captor[L["charles"]] == 0
    assert s.l_captor[L["eric"]] == -1 and units(s, "charolles", 2) == (1, 0)
    assert s.battle is None


def test_an_ally_with_nothing_left_in_the_village_is_not_asked() -> None:
    s = table(3)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 1, 3)  # SP 7: 2 dice
    lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 1, 0)  # SP 4
    troops(s, "charolles", 2, 0, 1)  # SP 1, no lord: defends only
    begin(s, "battles")
    do(s, 0, "battle:charolles", "against:2")
    do(s, 2, "side:defender")
    do(s, 0, "fight")
    dice(s, 1, 1, 1, 1)  # 2 hits on the defenders: seat 2's man-at-arms falls
    do(s, 1, "fight")  # (the knight needs 3); 2 hits back
    assert units(s, "charolles", 2) == (0, 0) and units(s, "charolles", 1) == (1, 0)
    assert (s.kind, s.actor) == (A.ROUND_ATT, 0)  # nobody left to ask


# ------------------------------------------------------------------ no lord, no attack


def test_troops_without_a_lord_may_defend_but_not_join_the_attackers() -> None:
    """Source "沒有貴族率領的部隊不能進攻，但可以防守"."""
    s = table(3)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 0, 3)  # SP 4: 1 die
    lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 0, 3)
    troops(s, "charolles", 2, 0, 2)  # no lord; the defending side SP 6: 1 die
    begin(s, "battles")
    do(s, 0, "battle:charolles", "against:2")
    assert legal(s, 2) == ["side:defender", "side:none"]
    assert_illegal(s, 2, "side:attacker")
    do(s, 2, "side:defender")
    do(s, 0, "fight")
    dice(s, 1, 1)  # 1 hit each way: the defenders share theirs
    do(s, 1, "fight")
    do(s, 1, "loss:2")
    # mid-battle he may stay or leave, not go over to the attackers
    assert (s.kind, s.actor) == (A.SIDE_CHANGE, 2)
    assert legal(s, 2) == ["side:none", "side:stay"]
    assert_illegal(s, 2, "side:attacker")


def test_an_ally_whose_lord_was_ambushed_may_not_go_over_to_the_attackers() -> None:
    s = table(3)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 0, 4)  # SP 5
    lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 0, 2)  # SP 3
    lord(s, "eric", 2, "charolles")
    troops(s, "charolles", 2, 0, 2)  # SP 3
    s.hand[0] = [C["ambush"]]
    begin(s, "battles")
    do(s, 0, "battle:charolles", "against:2")
    assert legal(s, 2) == ["side:attacker", "side:defender", "side:none"]
    do(s, 2, "side:defender")
    do(s, 0, "play:ambush", "capture:eric")  # Charles still fights: no
    assert (s.kind, s.actor) == (A.ROUND_ATT, 0)  # question to go on
    do(s, 0, "fight")
    dice(s, 1, 1)
    do(s, 1, "fight")
    do(s, 1, "loss:3")
    assert units(s, "charolles", 2) == (0, 1)
    assert (s.kind, s.actor) == (A.SIDE_CHANGE, 2)
    assert legal(s, 2) == ["side:none", "side:stay"]


# ------------------------------------------------------------------ who keeps captives


def test_captives_go_to_the_only_family_of_the_winning_side_with_troops_there() -> None:
    """Arthur's men-at-arms all fall, Eric's knights stand: Eric's family keeps the
    captive (a captor without troops there would lose him at once, §4.6.6)."""
    s = table(3)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 0, 2)  # SP 3
    lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 0, 2)  # SP 3: 1 die
    lord(s, "eric", 2, "charolles")
    troops(s, "charolles", 2, 2, 0)  # SP 7: the attacker's side SP 10, 2 dice
    begin(s, "battles")
    do(s, 0, "battle:charolles", "against:2")
    do(s, 2, "side:attacker")
    do(s, 0, "fight")
    dice(s, 1, 1, 4)  # 2 hits each way: the knights are untouched
    ev = do(s, 1, "fight")
    assert units(s, "charolles", 0) == (0, 0) and units(s, "charolles", 2) == (2, 0)
    assert events_of(ev, "battle_end")[0]["how"] == "attacker_wins"
    assert s.kind != A.KEEPER
    assert s.l_captor[L["charles"]] == 2 and not events_of(ev, "escape")
    assert events_of(ev, "captured")[0]["captor"] == 2


# ------------------------------------------------------------------ the battle window


def _four_at_charolles(
    hands: dict[int, list[str]],
    defender_leader_lord: bool = True,
) -> object:
    """Seat 0 (Arthur) attacks seat 1 at Charolles; Eric's seat 2 joins the attacker,
    Gauvain's seat 3 the defender; each with 2 men-at-arms."""
    s = table(4)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 0, 2)
    if defender_leader_lord:
        lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 0, 2)
    lord(s, "eric", 2, "charolles")
    troops(s, "charolles", 2, 0, 2)
    lord(s, "gauvain", 3, "charolles")
    troops(s, "charolles", 3, 0, 2)
    for seat, cards in hands.items():
        s.hand[seat] = [C[c] for c in cards]
    begin(s, "battles")
    do(s, 0, "battle:charolles", "against:2")
    do(s, 2, "side:attacker")
    do(s, 3, "side:defender")
    return s


def test_an_ally_ambushes_a_lord_of_the_other_sides_ally() -> None:
    s = _four_at_charolles({2: ["ambush"]})
    assert (s.kind, s.actor) == (A.BATTLE_WINDOW, 2)
    assert legal(s, 2) == ["pass", "play:ambush"]
    do(s, 2, "play:ambush")
    assert legal(s, 2) == ["capture:charles", "capture:gauvain"]
    ev = do(s, 2, "capture:gauvain")
    assert events_of(ev, "captured")[0]["captor"] == 2
    assert s.l_captor[L["gauvain"]] == 2 and s.l_escort[L["gauvain"]] == -1
    assert (s.kind, s.actor) == (A.ROUND_ATT, 0)  # Charles still fights


def test_the_targeted_family_not_the_leader_answers_with_a_secret_passage() -> None:
    s = _four_at_charolles({1: ["taxes"], 2: ["ambush"], 3: ["secret_passage"]})
    assert s.window == [1, 2, 3]  # the leaders first, then the allies
    assert (s.kind, s.actor) == (A.BATTLE_WINDOW, 1)
    do(s, 1, "pass")
    do(s, 2, "play:ambush", "capture:gauvain")
    assert (s.kind, s.actor) == (A.SP_ANSWER, 3)
    assert legal(s, 3) == ["pass", "play:secret_passage"]
    ev = do(s, 3, "play:secret_passage")
    assert events_of(ev, "ambush_foiled") and s.l_captor[L["gauvain"]] == -1
    assert (s.kind, s.actor) == (A.ROUND_ATT, 0)  # seat 3's hand is now empty


def test_the_target_is_asked_whenever_his_hand_holds_a_card() -> None:
    s = _four_at_charolles({2: ["ambush"], 3: ["taxes"]})
    do(s, 2, "play:ambush", "capture:gauvain")
    assert (s.kind, s.actor) == (A.SP_ANSWER, 3) and legal(s, 3) == ["pass"]
    do(s, 3, "pass")
    assert s.l_captor[L["gauvain"]] == 2
    assert (s.kind, s.actor) == (A.BATTLE_WINDOW, 3) and legal(s, 3) == ["pass"]


def test_the_other_sides_last_lord_taken_the_ambusher_decides() -> None:
    """Seat 1 defends with troops alone; Gauvain is the defending side's only lord."""
    s = _four_at_charolles({2: ["ambush"]}, defender_leader_lord=False)
    do(s, 2, "play:ambush")
    assert legal(s, 2) == ["capture:gauvain"]
    do(s, 2, "capture:gauvain")
    assert (s.kind, s.actor) == (A.AMBUSH_DECIDE, 2)
    ev = do(s, 2, "ambush:end")
    assert events_of(ev, "battle_end")[0]["how"] == "ambush"
    assert s.l_captor[L["gauvain"]] == 2 and units(s, "charolles", 3) == (0, 2)


def test_an_ambusher_without_troops_has_his_lord_lead_the_captive() -> None:
    s = table(3)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 0, 3)
    lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 0, 2)
    lord(s, "eric", 2, "charolles")  # a lord alone: he may join the attackers
    s.hand[2] = [C["ambush"]]
    begin(s, "battles")
    do(s, 0, "battle:charolles", "against:2")
    do(s, 2, "side:attacker")
    do(s, 2, "play:ambush", "capture:charles")
    assert s.l_captor[L["charles"]] == 2 and s.l_escort[L["charles"]] == L["eric"]
    do(s, 2, "ambush:continue")
    do(s, 0, "truce")
    ev = do(s, 1, "truce:yes")
    assert not events_of(ev, "escape") and s.l_captor[L["charles"]] == 2


def test_an_attacking_ally_may_cancel_the_penalty_a_defending_one_may_not() -> None:
    s = table(4)  # a stronghold of the defender's leader
    lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 0, 2)
    s.fort[V["charolles"]] = 1
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 0, 4)
    lord(s, "eric", 2, "charolles")
    troops(s, "charolles", 2, 0, 2)
    lord(s, "gauvain", 3, "charolles")
    troops(s, "charolles", 3, 0, 2)
    s.hand[2] = [C["secret_passage"]]
    s.hand[3] = [C["secret_passage"]]
    begin(s, "battles")
    assert s.ctrl[V["charolles"]] == 1
    do(s, 0, "battle:charolles", "against:2")
    do(s, 2, "side:attacker")
    do(s, 3, "side:defender")
    assert s.battle.penalty == 1 and (s.kind, s.actor) == (A.BATTLE_WINDOW, 2)
    assert legal(s, 2) == ["pass", "play:secret_passage"]
    do(s, 2, "play:secret_passage")
    assert s.battle.penalty == 0
    assert (s.kind, s.actor) == (A.BATTLE_WINDOW, 3) and legal(s, 3) == ["pass"]


def test_joan_is_offered_to_an_ally_at_the_battle_window() -> None:
    """Blanche (seat 2) defends with Charles: Joan d'Arc played by seat 2 gives the
    defending side one more die; seat 3, out of the battle, is not asked."""
    s = table(4)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 1, 3)  # SP 7: 2 dice
    lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 0, 2)  # SP 3
    lord(s, "blanche", 2, "charolles")  # an untitled lady: SP 0
    troops(s, "charolles", 2, 0, 2)  # SP 2: the defending side SP 5, 1 die
    troops(s, "charolles", 3, 0, 1)
    s.lord_deck.remove(C["darc"])
    s.hand[2] = [C["darc"]]
    s.hand[3] = [C["taxes"]]
    begin(s, "battles")
    do(s, 0, "battle:charolles", "against:2")
    do(s, 2, "side:defender")
    do(s, 3, "side:none")
    assert s.window == [2]
    assert legal(s, 2) == ["pass", "play:darc"]
    do(s, 2, "play:darc", "joan:blanche")
    assert s.joan == L["blanche"] and (s.kind, s.actor) == (A.ROUND_ATT, 0)
    do(s, 0, "fight")
    dice(s, 1, 1, 1, 1)
    ev = do(s, 1, "fight")
    assert _rolls(ev) == [2, 2]  # SP 6 (1 die) + Joan's die


# ------------------------------------------------------------------ the fortress follows the sides


def test_the_fortress_holder_going_over_lifts_the_penalty_and_the_withdrawal() -> None:
    """Eric's family holds Charolles's stronghold and defends it with Charles: the
    attacker rolls 1 die less and may withdraw; once Eric goes over to the attacker,
    the fortress is no longer the defenders' and the attacker's side rolls in full."""
    s = table(3)
    lord(s, "eric", 2, "charolles")
    troops(s, "charolles", 2, 1, 0)  # SP 4
    s.fort[V["charolles"]] = 1
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 1, 3)  # SP 7: 2 dice
    lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 0, 2)  # SP 3: the defending side SP 7, 2 dice
    assert s.ctrl[V["charolles"]] == 2
    begin(s, "battles")
    do(s, 0, "battle:charolles", "against:2")
    do(s, 2, "side:defender")
    assert s.battle.penalty == 1 and legal(s, 0) == ["fight", "surrender", "truce", "withdraw"]
    do(s, 0, "fight")
    dice(s, 1, 1, 1)  # 1 die (2 - 1): 1 hit; 2 dice back: 2 hits
    ev = do(s, 1, "fight")
    assert _rolls(ev) == [1, 2]
    assert units(s, "charolles", 1) == (0, 1) and units(s, "charolles", 0) == (1, 1)
    do(s, 2, "side:attacker")
    assert s.battle.penalty == 0 and "withdraw" not in legal(s, 0)
    do(s, 0, "fight")
    dice(s, 1, 1, 1)  # SP 5 + 4 = 9: 2 dice, in full; Charles's SP 2: 1 die
    ev = do(s, 1, "fight")
    assert _rolls(ev) == [2, 1]


# ------------------------------------------------------------------ a truce broken at once


def test_a_truce_may_be_broken_once_per_village_and_turn() -> None:
    """Source "休戰可以馬上被打破": Arthur re-declares after the truce; the other party
    declares in his own turn; once the truce has been broken, a second truce holds."""
    s = table(3)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 1, 3)
    lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 0, 2)
    begin(s, "battles")
    do(s, 0, "battle:charolles", "truce")
    do(s, 1, "truce:yes")
    assert legal(s, 0) == ["pass", "battle:charolles"]
    ev = do(s, 0, "battle:charolles")
    assert events_of(ev, "truce_broken")[0]["seat"] == 0
    assert events_of(ev, "battle")[0]["foe"] == 1
    do(s, 0, "truce")
    do(s, 1, "truce:yes")
    assert (s.kind, s.actor) == (A.BATTLE_SELECT, 1)  # his battles are over
    # seat 1's own turn: his one declaration there, not a broken truce
    assert legal(s, 1) == ["pass", "battle:charolles"]
    ev = do(s, 1, "battle:charolles")
    assert not events_of(ev, "truce_broken")
    do(s, 1, "truce")
    ev = do(s, 0, "truce:yes")  # broken once already this turn: seat 1 is
    assert events_of(ev, "phase")[0]["phase"] == "pillage"  # not asked again


def test_another_players_truce_gives_no_second_battle_there() -> None:
    """Seat 0's truce with seat 1 at Charolles does not let seat 1, in his own turn,
    fight there twice: his one battle there is his declaration."""
    s = table(3)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 0, 1)
    lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 1, 3)
    lord(s, "eric", 2, "charolles")
    troops(s, "charolles", 2, 0, 1)
    begin(s, "battles")
    do(s, 0, "battle:charolles", "against:2")
    do(s, 2, "side:none")
    do(s, 0, "truce")
    do(s, 1, "truce:yes")
    do(s, 0, "pass")  # he does not break it
    do(s, 1, "battle:charolles", "against:1")
    do(s, 2, "side:none")
    do(s, 1, "fight")
    dice(s, 1, 1, 1)  # 2 hits: Arthur's man-at-arms and Arthur; 1 back
    ev = do(s, 0, "fight")
    assert events_of(ev, "battle_end")[0]["how"] == "attacker_wins"
    assert (s.kind, s.actor) == (A.BATTLE_SELECT, 2)  # not seat 1 again (Eric)


def test_the_truce_count_starts_again_next_turn() -> None:
    s = table(3)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 1, 3)
    lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 0, 2)
    s.truced = s.truce_broken = 1 << V["charolles"]
    begin(s, "battles")
    assert s.truced == s.truce_broken == 0
    do(s, 0, "battle:charolles", "truce")
    do(s, 1, "truce:yes")
    assert legal(s, 0) == ["pass", "battle:charolles"]


# ------------------------------------------------------------------ the bots


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_the_bots_answer_a_side_change_and_finish_the_battle(bot: str) -> None:
    s = _three_at_charolles()
    do(s, 0, "fight")
    dice(s, 1, 1, 1)  # the first round leaves both sides with troops
    do(s, 1, "fight")
    agents = [make_agent(bot, seed=seat) for seat in range(3)]
    kinds = []
    for _ in range(200):
        if s.battle is None:
            break
        (seat,) = GAME.to_act(s)
        kinds.append(s.kind)
        GAME.apply(s, seat, act_honestly(agents[seat], GAME, s, seat))
    assert A.SIDE_CHANGE in kinds and s.battle is None
