"""One test per ambiguity of spec §7, named after its number."""

import random
from collections import Counter

from heads_of_state_scenario import (
    BOARD,
    GAME,
    REV,
    RK,
    SL,
    A,
    FixedRng,
    R,
    T,
    assert_illegal,
    do,
    events_of,
    hand,
    legal,
    table,
    types,
)


def test_ambiguity_01_board_and_markers_come_from_the_data_file() -> None:
    assert len(BOARD.boxes) == 16 and len(BOARD.slots) == 30
    caps = [b for b in BOARD.boxes if b.capital]
    assert len(caps) == 4
    assert all([BOARD.slots[x].rank for x in b.slots] == [RK["King"], RK["Prince"]] for b in caps)
    ranks = Counter(BOARD.ranks[x.rank].key for x in BOARD.slots)
    assert ranks == Counter(King=4, Prince=5, Duke=5, Marquis=4, Earl=2, Count=5, Baron=5)
    assert sum(b.initial for b in BOARD.boxes) == 53
    assert sum(sum(c.country_marker) for c in BOARD.countries) == 48
    assert sum(sum(sum(m) for m in c.century_markers) for c in BOARD.countries) == 144


def test_point_budget_and_maximum_influence_of_the_default_board() -> None:
    """§3.8's point budget (3-5 players 351, 2 players 339) and §2.4's maxima."""
    initial = sum(b.initial for b in BOARD.boxes)
    country = sum(sum(c.country_marker) for c in BOARD.countries)
    century = sum(sum(sum(m) for m in c.century_markers) for c in BOARD.countries)
    majorities = sum(r.majority for r in BOARD.ranks)
    for n, budget in ((2, 339), (3, 351), (5, 351)):
        assert (
            initial + country + century + sum(BOARD.noble_house_markers[n]) + majorities == budget
        )
    most = {
        c.key: sum(x.influence for x in BOARD.slots if x.country == c.id) for c in BOARD.countries
    }
    assert most == {"britain": 12, "france": 17, "german_states": 15, "spain": 14}


def test_ambiguity_02_attribute_counts_and_marks() -> None:
    assert len(BOARD.attribute_deck(5)) == 100
    assert len(BOARD.attributes) == 9 and BOARD.attributes[-1].key == "courtesan"
    assert sum(a.copies[1] for a in BOARD.attributes) == 12


def test_ambiguity_03_requirements_one_card_per_listed_attribute() -> None:
    need = {r.key: len(r.requires) for r in BOARD.ranks}
    assert need == {
        "King": 8,
        "Prince": 6,
        "Duke": 5,
        "Marquis": 4,
        "Earl": 3,
        "Count": 2,
        "Baron": 1,
    }
    s = table(3, hands={0: {"gold": 3}})  # extra cards of a kind do not help a Count
    do(s, 0, "option:attributes", "draw", "draw", "draw")
    assert_illegal(s, 0, "ennoble:FRA-BUR.bottom", "cannot pay")


def test_ambiguity_04_treachery_composition() -> None:
    deck = Counter(BOARD.treachery[t].key for t in BOARD.treachery_deck())
    assert deck == Counter(axeman=6, guillotine=6, gallows=6, inquisition=6, assassin=5)
    assert len(GAME.setup(2, 1).tr_deck) == 27  # never reduced by player count


def test_ambiguity_05_revolution_deck_is_ten_plus_one() -> None:
    s = GAME.setup(4, 5)
    assert len(s.rev_deck) == 11 and s.rev_deck.count(R.REVOLUTION) == 1


def test_ambiguity_06_displays_refill_right_after_the_takes() -> None:
    s = table(3, hands={0: {"land": 1}}, display=["gold"] * 6, deck=["troops"] * 10)
    ev = do(s, 0, "option:attributes", "take:gold", "take:gold", "take:gold")
    assert "refill" in types(ev) and "ennoble" not in types(ev)
    assert s.kind == R.ACTING and len(s.attr_display) == 6  # refilled before any ennobling
    assert s.attr_display == [A["gold"]] * 3 + [A["troops"]] * 3


def test_ambiguity_07_two_to_five_players() -> None:
    assert (GAME.min_players, GAME.max_players) == (2, 5)


def test_ambiguity_08_first_round_may_ennoble_and_reset_but_not_treachery() -> None:
    s = table(3, turns=1, hands={0: {"gold": 1}})
    assert legal(s) == ["option:attributes", "option:reset"]
    do(s, 0, "option:attributes")
    assert s.owed_attr == 1  # the first seat of three takes one
    do(s, 0, "take:land")
    assert "ennoble:FRA-GAS.top" in legal(s)


def test_a_first_round_player_who_takes_one_card_may_reset_and_takes_one() -> None:
    s = table(3, turns=1)
    do(s, 0, "option:reset")
    assert s.owed_attr == 1


def test_a_first_round_player_who_takes_two_or_three_cards_cannot_reset() -> None:
    """Source: "2人：2,3(第一個玩家拿2張，第二個3張)", and a reset takes 1 card."""
    for n, turns in ((3, 2), (3, 3), (2, 1), (2, 2), (5, 3)):
        s = table(n, turns=turns)
        assert legal(s) == ["option:attributes"], (n, turns)
        assert_illegal(s, 0, "option:reset", "first round")
        do(s, 0, "option:attributes")
        assert s.owed_attr == BOARD.first_turn_draws[n][turns - 1] > 1


def test_ambiguity_09_the_revolution_card_is_not_a_take() -> None:
    s = table(3, deck=[], rev=[REV], discard=["gold"] * 30)
    do(s, 0, "option:attributes", "draw")
    assert s.owed_attr == 3 and s.kind == R.TAKING and s.century == 1
    assert BOARD.assumed["revolution_card_is_a_take"] is False


def test_ambiguity_10_each_player_picks_own_discards_active_first_then_clockwise() -> None:
    s = table(
        3,
        player=1,
        deck=[],
        rev=[REV],
        discard=["gold"] * 30,
        hands={0: {"gold": 7}, 1: {"land": 7}, 2: {"title": 7}},
    )
    do(s, 1, "option:attributes", "draw")
    order = []
    while s.kind == R.TRIMMING:
        order.append(s.actor)
        code = legal(s)[0]
        do(s, s.actor, code)
    assert order == [1, 2, 0]


def test_ambiguity_11_option_b_takes_come_before_any_assassination() -> None:
    s = table(3, thands={0: {"guillotine": 1}}, board={"FRA-GAS.top": 1})
    do(s, 0, "option:treachery", "take:axeman")
    assert not any(c.startswith("assassinate:") for c in legal(s))
    assert_illegal(s, 0, "assassinate:FRA-GAS.top")
    do(s, 0, "draw")
    assert "assassinate:FRA-GAS.top" in legal(s)


def test_ambiguity_12_no_second_kill_while_one_is_unfilled() -> None:
    s = table(
        3,
        hands={0: {"gold": 1}},
        thands={0: {"guillotine": 2}},
        board={"FRA-GAS.top": 1, "FRA-BRE.bottom": 2, "GER-BRA.top": 1},
    )
    do(s, 0, "option:treachery", "draw", "draw_treachery")
    do(s, 0, "assassinate:FRA-GAS.top")
    assert s.unfilled == SL["FRA-GAS.top"]
    assert_illegal(s, 0, "assassinate:FRA-BRE.bottom", "at most one")
    assert_illegal(s, 0, "assassinate:GER-BRA.top", "at most one")


def test_ambiguity_13_option_b_fills_only_its_own_kill() -> None:
    s = table(3, hands={0: {"gold": 2}}, thands={0: {"guillotine": 1}}, board={"FRA-GAS.top": 1})
    do(s, 0, "option:treachery", "draw", "draw_treachery", "assassinate:FRA-GAS.top")
    assert [c for c in legal(s) if c.startswith("ennoble:")] == ["ennoble:FRA-GAS.top"]
    assert_illegal(s, 0, "ennoble:GER-BRA.bottom", "killed this turn")


def test_ambiguity_14_no_attack_on_your_own_noble() -> None:
    s = table(3, thands={0: {"guillotine": 1}}, board={"FRA-GAS.top": 0, "GER-BRA.top": 1})
    do(s, 0, "option:treachery", "draw", "draw_treachery")
    assert_illegal(s, 0, "assassinate:FRA-GAS.top", "your own")


def test_ambiguity_15_no_mixed_pair_on_a_capital_and_two_assassins_draw_once() -> None:
    s = table(
        3, thands={0: {"guillotine": 1, "assassin": 1}}, board={"FRA-PAR.top": 1, "GER-BRA.top": 2}
    )
    do(s, 0, "option:treachery", "draw", "draw_treachery")
    assert_illegal(s, 0, "assassinate:FRA-PAR.top")
    s = table(3, thands={0: {"assassin": 2}}, board={"FRA-PAR.top": 1})
    do(s, 0, "option:treachery", "draw", "draw_treachery")
    s.rng = FixedRng(s.rng, [0])
    ev = do(s, 0, "assassinate:FRA-PAR.top")
    assert len(events_of(ev, "cube_draw")) == 1 and "killed" in types(ev)
    assert s.tr_discard == [T["assassin"]] * 2


def test_ambiguity_16_spent_treachery_goes_to_the_discard_pile_even_on_failure() -> None:
    s = table(3, thands={0: {"assassin": 1}}, board={"FRA-GAS.top": 1})
    do(s, 0, "option:treachery", "draw", "draw_treachery")
    s.rng = FixedRng(s.rng, [3])
    do(s, 0, "assassinate:FRA-GAS.top")
    assert s.tr_discard == [T["assassin"]] and s.slots[SL["FRA-GAS.top"]] == 1


def test_ambiguity_17_noble_house_is_for_having_ever_ennobled_every_rank() -> None:
    s = table(3, hands={0: {"gold": 1}})
    s.ranks_ever[0] = R.ALL_RANKS & ~(1 << RK["Baron"])  # none of those nobles alive now
    do(s, 0, "option:attributes", "draw", "draw", "draw")
    ev = do(s, 0, "ennoble:FRA-GAS.top")
    assert [e["value"] for e in events_of(ev, "noble_house")] == [16]
    assert BOARD.assumed["noble_house_needs_all_ranks_ever"] is True


def test_ambiguity_18_ennoble_without_a_noble_card_when_the_pile_is_empty() -> None:
    s = table(3, hands={0: {"gold": 1}})
    s.noble_left[RK["Baron"]] = 0
    do(s, 0, "option:attributes", "draw", "draw", "draw", "ennoble:FRA-GAS.top")
    assert s.slots[SL["FRA-GAS.top"]] == 0 and s.noble_cards[0][RK["Baron"]] == 0


def test_ambiguity_19_the_victim_keeps_the_noble_card() -> None:
    s = table(3, thands={0: {"guillotine": 1}}, board={"FRA-GAS.top": 1})
    s.noble_cards[1][RK["Baron"]] = 1
    do(s, 0, "option:treachery", "draw", "draw_treachery", "assassinate:FRA-GAS.top")
    assert s.noble_cards[1][RK["Baron"]] == 1 and s.slots[SL["FRA-GAS.top"]] == -1


def test_ambiguity_20_counters_unlimited_unless_the_option_is_set() -> None:
    s = table(3, hands={0: {"gold": 1}})
    s.counters[0][RK["Baron"]] = 99
    do(s, 0, "option:attributes", "draw", "draw", "draw")
    assert "ennoble:FRA-GAS.top" in legal(s)
    s = table(3, hands={0: {"gold": 1, "land": 1}}, options={"counter_limit": True})
    s.counters[0][RK["Baron"]] = BOARD.counter_limit[RK["Baron"]]
    do(s, 0, "option:attributes", "draw", "draw", "draw")
    assert "ennoble:FRA-GAS.top" not in legal(s)


def test_ambiguity_21_only_living_nobles_best_box_nobody_removes_both() -> None:
    # Seat 0: a living Count in Brandenburg (2) and a dead Prince in Saxony, which gives
    # nothing and does not count as its highest noble. Seat 1: a Count in Saxony (1) and
    # a Baron in Brandenburg (1). 2 v 2, Count v Count: Saxony's 3 beats Brandenburg's 2.
    board = {"GER-BRA.top": 0, "GER-SAX.bottom": 1, "GER-BRA.bottom": 1}
    s = table(3, deck=[], rev=[REV], board=board, discard=["gold"] * 30)
    s.dead.append((SL["GER-SAX.top"], 0))
    do(s, 0, "option:attributes", "draw")
    base = (0 * R.NC + 2) * 2
    assert s.century_won[base : base + 2] == [1, 0]  # 2 v 2; Count v Count; Saxony 3 wins
    spain = (0 * R.NC + 3) * 2
    assert s.century_won[spain : spain + 2] == [R.REMOVED, R.REMOVED]


def test_ambiguity_22_the_interrupted_turn_is_abandoned_in_1789() -> None:
    s = table(3, deck=[], rev=[REV], century=2, hands={0: {"gold": 1}})
    do(s, 0, "option:attributes")
    do(s, 0, "draw")
    assert GAME.is_over(s) and s.owed_attr == 3 and GAME.legal_actions(s, 0) == []


def test_ambiguity_23_final_tie_highest_marker_then_shared() -> None:
    s = table(2)
    s.over = True
    s.score, s.markers = [30, 30], [[12, 10, 8], [16, 14]]
    assert GAME.winners(s) == [1]
    s.markers = [[16], [16, 14]]
    assert GAME.winners(s) == [0, 1]


def test_ambiguity_24_display_takes_and_discards_are_public() -> None:
    s = table(3, hands={0: {"bishop": 1}}, display=["gold"] * 6, deck=["land"] * 10)
    do(s, 0, "option:attributes", "take:gold", "draw", "take:gold")
    seen = GAME.view(s, 1)["players"][0]
    assert seen["known_attributes"] == {"gold": 2} and seen["attribute_count"] == 4
    assert GAME.view(s, 1)["hand"] == {}  # seat 1's own hand, empty
    d = GAME.determinize(s, 1, random.Random(3))
    assert d.hands[0][A["gold"]] >= 2


def test_ambiguity_25_both_capital_slots_are_capital() -> None:
    bottom = BOARD.slots[SL["BRI-LON.bottom"]]
    assert bottom.capital and bottom.influence == 2 and R.SLOT_NEED[bottom.id] == 2
    assert BOARD.slots[SL["BRI-LON.top"]].influence == 4


def test_ambiguity_26_earls_only_in_britain_by_default() -> None:
    earls = {BOARD.boxes[x.box].key for x in BOARD.slots if x.rank == RK["Earl"]}
    assert earls == {"BRI-SCO", "BRI-IRE"}


def test_ambiguity_27_taking_the_cards_is_mandatory() -> None:
    s = table(3)
    do(s, 0, "option:treachery")
    assert "end_turn" not in legal(s)
    do(s, 0, "draw")
    assert "end_turn" not in legal(s) and s.owed_tr == 1


def test_ambiguity_28_courtesan_may_replace_a_card_held() -> None:
    s = table(3, hands={0: {"gold": 1, "land": 1, "courtesan": 1}})
    do(s, 0, "option:attributes", "draw", "draw", "draw", "ennoble:FRA-BUR.bottom")
    do(s, 0, "pay:courtesan_for:gold")
    assert hand(s, 0) == {"gold": 1, "marriage": 3}


def test_a_noble_who_survived_an_attempt_cannot_be_targeted_again_that_turn() -> None:
    """Source: "一位貴族在一個玩家的回合中只能被瞄一次，如果你的暗殺失敗，你這回合就不能再瞄他。" """
    s = table(3, thands={0: {"assassin": 2}}, board={"FRA-GAS.top": 1})
    do(s, 0, "option:treachery", "draw", "draw_treachery")
    s.rng = FixedRng(s.rng, [3])  # the target's cube: the attempt fails
    ev = do(s, 0, "assassinate:FRA-GAS.top")
    assert "survived" in types(ev) and s.thands[0][T["assassin"]] >= 1
    assert "assassinate:FRA-GAS.top" not in legal(s)
    assert_illegal(s, 0, "assassinate:FRA-GAS.top")


def test_two_players_tied_for_most_noble_cards_get_half_and_three_get_nothing() -> None:
    """Source: "有兩位玩家一樣多的話，一人得一半分數。超過兩位玩家一樣多的話，都沒有分。" """
    s = table(4)
    king, baron = RK["King"], RK["Baron"]
    s.noble_cards = [[0] * len(s.noble_cards[0]) for _ in range(4)]
    s.noble_cards[0][king] = s.noble_cards[1][king] = 1
    s.noble_cards[0][baron] = s.noble_cards[1][baron] = s.noble_cards[2][baron] = 2
    ev: list = []
    GAME._end_game(s, ev)
    assert s.majority == [8.0, 8.0, 0.0, 0.0]  # King 16 halved; the Baron's 4 to nobody
