"""The revolution (§4.9, §4.10), century scoring (§6.4), noble-card majorities
(§6.5) and the winner (§6.6)."""

from collections import Counter

from heads_of_state_scenario import (
    GAME,
    REV,
    RK,
    A,
    C,
    R,
    T,
    do,
    events_of,
    hand,
    legal,
    table,
    types,
)

SCORING_BOARD = {
    "FRA-PAR.top": 0,  # France: 4
    "FRA-BUR.top": 1,
    "FRA-PRO.bottom": 1,
    "FRA-BRE.top": 1,  # France: 2 + 1 + 2 = 5
    "BRI-IRE.bottom": 2,  # Britain: alone, 1
    "GER-SAX.top": 0,
    "GER-BAV.top": 1,  # Germany: 2 v 2, Prince wins
}


def revolution_table(**kw: object) -> R.HeadsState:
    base = dict(deck=[], rev=[REV], board=SCORING_BOARD)
    base.update(kw)
    return table(3, **base)  # type: ignore[arg-type]


def century(s: R.HeadsState, k: int, country: str) -> list[int]:
    base = (k * R.NC + C[country]) * 2
    return s.century_won[base : base + 2]


def test_century_scoring_at_once_when_the_revolution_card_is_drawn() -> None:
    s = revolution_table()
    s.dead.append((R.SLOTS[[x.key for x in R.SLOTS].index("SPA-POR.top")].id, 2))
    do(s, 0, "option:attributes")
    ev = do(s, 0, "draw")
    assert types(ev)[0] == "revolution"
    assert century(s, 0, "france") == [1, 0]  # 5 beats 4
    assert century(s, 0, "britain") == [2, R.REMOVED]  # alone: the low marker is removed
    assert century(s, 0, "spain") == [R.REMOVED, R.REMOVED]  # only a dead noble there
    assert century(s, 0, "german_states") == [0, 1]  # tie on 2: the Prince outranks the Duke
    assert s.score == [4 + 6, 8 + 3, 4]
    infl = {e["country"]: e["influence"] for e in events_of(ev, "influence")}
    assert infl[C["france"]] == [4, 5, 0] and infl[C["britain"]] == [0, 0, 1]
    france = [e for e in events_of(ev, "century_marker") if e["country"] == C["france"]]
    assert [(e["seat"], e["place"]) for e in france] == [(1, 1), (0, 2)]
    assert [
        e["place"] for e in events_of(ev, "century_marker") if e["country"] == C["britain"]
    ] == [1]


def test_influence_tie_on_rank_goes_to_the_box_with_the_higher_initial_value() -> None:
    board = {"GER-BRA.top": 0, "GER-SAX.bottom": 1, "GER-BRA.bottom": 1}  # Counts: 2 v 1+1
    s = table(3, deck=[], rev=[REV], board=board)
    do(s, 0, "option:attributes", "draw")
    assert century(s, 0, "german_states") == [1, 0]  # Saxony (3) beats Brandenburg (2)


def test_capital_and_single_slot_influence() -> None:
    board = {"SPA-MAD.bottom": 0, "SPA-POR.top": 1, "SPA-AND.bottom": 0}  # 2+1 v 2 (single=top)
    s = table(3, deck=[], rev=[REV], board=board)
    ev = do(s, 0, "option:attributes", "draw")
    infl = {e["country"]: e["influence"] for e in events_of(ev, "influence")}
    assert infl[C["spain"]] == [3, 2, 0]
    board = {"SPA-MAD.top": 2}
    s = table(3, deck=[], rev=[REV], board=board)
    ev = do(s, 0, "option:attributes", "draw")
    assert {e["country"]: e["influence"] for e in events_of(ev, "influence")}[C["spain"]] == [
        0,
        0,
        4,
    ]


def test_revolution_trims_rebuilds_and_the_player_resumes() -> None:
    s = revolution_table(
        hands={0: {"gold": 5, "land": 3}, 2: {"title": 4}},
        thands={0: {"axeman": 3}, 2: {"gallows": 2, "assassin": 1}},
        discard=["castle"] * 20,
    )
    do(s, 0, "option:attributes", "take:gold")
    ev = do(s, 0, "draw")
    assert s.kind == R.TRIMMING and s.actor == 0  # the active player first
    assert set(legal(s)) == {"discard:gold", "discard:land", "discard:axeman"}
    do(s, 0, "discard:gold", "discard:gold", "discard:gold", "discard:axeman")
    assert s.kind == R.TRIMMING and s.actor == 2  # seat 1 has nothing to trim
    ev = do(s, 2, "discard:assassin")
    assert sum(s.hands[0]) == 6 and sum(s.thands[0]) == 2 and hand(s, 2) == {"title": 4}
    # the rebuild: every attribute card not in a hand, as at setup
    assert s.century == 1 and "rebuild" in types(ev)
    assert len(s.rev_deck) == 11 and s.rev_deck.count(R.REVOLUTION) == 1
    assert len(s.attr_display) == 6
    # 20 discards + the display less the gold taken (5) + the three trimmed gold = 28:
    # 10 to the revolution deck, 6 turned up, 12 left in the deck
    assert len(s.attr_deck) == 12 and s.attr_discard == []
    assert len(s.tr_display) == 2
    # the interrupted player still owes two takes: the Revolution card was not one
    assert s.player == 0 and s.kind == R.TAKING and s.owed_attr == 2


def test_rebuild_collects_every_card_outside_the_hands() -> None:
    s = revolution_table(
        display=["gold"] * 6,
        discard=["castle"] * 4,
        tr_display=["axeman", "axeman"],
        tr_deck=["gallows"] * 3,
    )
    before = GAME.inventory(s)
    do(s, 0, "option:attributes", "draw")
    assert GAME.inventory(s) == before
    assert Counter(s.attr_deck + s.attr_display + [c for c in s.rev_deck if c >= 0]) == Counter(
        [A["gold"]] * 6 + [A["castle"]] * 4
    )
    # step 4: the two face-up treachery cards are discarded and two new ones turned up
    assert s.tr_discard == [T["axeman"], T["axeman"]]
    assert s.tr_display == [T["gallows"], T["gallows"]]


def test_new_treachery_cards_turned_up_at_a_revolution_that_draw_out_the_deck_rebuild_it() -> None:
    """§4.9 step 4 with §4.8: the two cards turned up are the deck's last, so the
    discard pile, the old display's two Axemen now in it, is the new deck at once."""
    s = revolution_table(
        display=["gold"] * 6,
        discard=["castle"] * 4,
        tr_display=["axeman", "axeman"],
        tr_deck=["gallows"] * 2,
    )
    ev = do(s, 0, "option:attributes", "draw")
    assert events_of(ev, "treachery_reshuffle") == [{"type": "treachery_reshuffle", "count": 2}]
    assert s.tr_display == [T["gallows"], T["gallows"]]
    assert s.tr_deck == [T["axeman"], T["axeman"]] and s.tr_discard == []


def test_a_refill_can_bring_the_revolution_before_ennobling() -> None:
    s = table(
        3,
        deck=[],
        rev=[REV, "gold"],
        hands={0: {"gold": 1}},
        display=["gold", "land", "troops", "title", "castle", "bishop"],
        discard=["gold"] * 10,
    )
    do(s, 0, "option:attributes", "take:land", "take:troops")
    ev = do(s, 0, "take:title")  # refill: the gold, then the Revolution
    assert "refill" in types(ev) and "revolution" in types(ev)
    assert events_of(ev, "revolution")[0]["by"] == "refill"
    assert s.century == 1 and len(s.attr_display) == 6
    # the player goes on to ennoble (a Baron with the gold in hand; an Earl)
    assert s.kind == R.ACTING and s.player == 0 and s.owed_attr == 0


def test_a_revolution_during_a_reset_takes_back_the_set_aside_cards() -> None:
    s = table(
        3,
        deck=["bishop"] * 6,
        rev=[REV],
        display=["gold", "gold", "land", "land", "title", "title"],
    )
    do(s, 0, "option:reset")
    do(s, 0, "draw")  # the deck is empty now: the revolution deck's only card
    assert s.century == 1 and s.set_aside == []
    assert Counter(s.attr_deck + s.attr_display + [c for c in s.rev_deck if c >= 0]) == Counter(
        [A["bishop"]] * 6 + [A["gold"]] * 2 + [A["land"]] * 2 + [A["title"]] * 2
    )
    assert s.kind == R.TAKING and s.owed_attr == 1


def test_the_game_ends_after_the_1789_scoring() -> None:
    s = table(3, deck=[], rev=[REV], century=2, board=SCORING_BOARD, hands={0: {"gold": 9}})
    s.noble_cards = [[2, 1, 1, 0, 0, 0, 0], [1, 1, 1, 0, 0, 0, 0], [0, 0, 1, 0, 0, 0, 1]]
    do(s, 0, "option:attributes")
    ev = do(s, 0, "draw")
    assert GAME.is_over(s) and GAME.to_act(s) == () and GAME.legal_actions(s, 0) == []
    assert century(s, 2, "france") == [1, 0]  # 1789: France 12 / 6
    maj = {e["rank"]: (e["seats"], e["points"]) for e in events_of(ev, "majority")}
    assert maj[RK["King"]] == ([0], 16)
    assert maj[RK["Prince"]] == ([0, 1], 7)  # two tie: half each
    assert maj[RK["Duke"]] == ([], 0)  # three tie: nobody
    assert maj[RK["Marquis"]] == ([], 0)  # nobody holds one
    assert maj[RK["Baron"]] == ([2], 4)
    assert s.majority == [23, 7, 4]
    # markers: France 6 + Germany 10 (seat 0); 12 + 5 (seat 1); Britain 8 (seat 2)
    assert GAME.scores(s) == [6 + 10 + 23, 12 + 5 + 7, 8 + 4]
    assert events_of(ev, "game_over")[0]["winners"] == [0]
    assert hand(s, 0) == {"gold": 9}  # no trim: the game is over


def test_final_tie_goes_to_the_single_most_valuable_marker_then_is_shared() -> None:
    s = table(3)
    s.over = True
    s.score, s.markers = [20, 20, 5], [[10, 10], [16, 4], [5]]
    assert GAME.winners(s) == [1]
    assert GAME.returns(s) == [0.0, 1.0, 0.0]
    s.markers = [[16, 4], [16, 4], [5]]
    assert GAME.winners(s) == [0, 1]
    assert GAME.returns(s) == [0.5, 0.5, 0.0]


def test_final_tie_goes_to_the_holder_of_a_one_point_marker_over_a_seat_with_no_marker() -> None:
    s = table(3)
    s.over = True
    # seat 0: no marker, 3 points of majorities; seat 1: the 1-point initial marker + 2
    s.score, s.markers, s.majority = [0, 1, 0], [[], [1], []], [3.0, 2.0, 0.0]
    assert GAME.scores(s) == [3.0, 3.0, 0.0]
    assert GAME.winners(s) == [1]
    assert GAME.returns(s) == [0.0, 1.0, 0.0]


def test_the_ending_tells_a_clear_win_a_tie_broken_by_a_marker_and_a_shared_win() -> None:
    s = table(3)
    s.over = True
    s.score, s.markers = [21, 20, 5], [[11, 10], [16, 4], [5]]
    assert GAME.ending(s) == "points"
    s.score = [20, 20, 5]
    assert GAME.winners(s) == [1] and GAME.ending(s) == "marker"
    s.markers = [[16, 4], [16, 4], [5]]
    assert GAME.winners(s) == [0, 1] and GAME.ending(s) == "shared"
