"""A noble of seat 0 occupies its space like anyone's, and every turn is announced."""

from heads_of_state_scenario import assert_illegal, do, events_of, legal, table


def act(s, seat: int) -> None:
    """Option A, three draws of marriages from the default deck, to the act step."""
    do(s, seat, "option:attributes", "draw", "draw", "draw")


def test_nobody_ennobles_over_a_noble_of_seat_0():
    s = table(3, player=1, hands={1: {"gold": 1}}, board={"FRA-GAS.top": 0})
    act(s, 1)
    barons = [c for c in legal(s, 1) if c.startswith("ennoble:")]
    assert "ennoble:FRA-GAS.top" not in barons
    assert barons == [
        "ennoble:BRI-IRE.bottom",
        "ennoble:FRA-BRE.bottom",
        "ennoble:GER-BRA.bottom",
        "ennoble:SPA-AND.bottom",
    ]
    assert_illegal(s, 1, "ennoble:FRA-GAS.top")


def test_a_player_ending_the_turn_is_told_to_the_table_before_the_next_turn():
    s = table(3, hands={0: {"gold": 1}})
    act(s, 0)
    events = do(s, 0, "end_turn")
    assert events_of(events, "end_turn") == [{"type": "end_turn", "seat": 0}]
    kinds = [e.type for e in events]
    assert kinds.index("end_turn") < kinds.index("turn")


def test_the_next_players_turn_is_announced_with_the_century():
    s = table(3, hands={0: {"gold": 1}})
    act(s, 0)
    events = do(s, 0, "end_turn")
    assert events_of(events, "turn") == [
        {"type": "turn", "seat": 1, "century": 1589, "first_round": False}
    ]
