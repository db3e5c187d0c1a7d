"""Taxes by the offices (§4.2.5): the King's tallage, tithes and their priority, and the
offices' VP. The offices are elected in the next issue; here they are set by hand."""

from __future__ import annotations

from fief_scenario import (
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
    rising_with_a_cleric,
    table,
    troops,
    units,
)

from noblesse.games.fief.state import BOARD, UNTITHED


def _taxes(s: object, seat: int) -> None:
    """``seat`` (first player) holds Taxes and reaches the PLAY step (the only hand,
    the only cards to draw: nobody else is asked before him)."""
    s.hand = [[] for _ in s.hand]
    s.hand[seat] = [C["taxes"]]
    s.fd_deck = [C["justice"], C["justice"]]
    s.fd_discard = []
    s.first = seat
    begin(s, "cards")
    do(s, seat, "pass", "draw:fortune", "play:taxes")


def test_the_king_taxes_a_fief_nobody_controls() -> None:
    """Source "國王放在沒人控制的封地" (NOTES disagreement 15): not a fief with a holder,
    nor one a family controls every village of."""
    s = table(3)
    s.king = lord(s, "arthur", 0, "sigy")
    s.fief_holder[F["blaye"]] = lord(s, "charles", 1, "blaye")
    for v in BOARD.fiefs[F["mazilles"]].villages:  # seat 2 holds all of it
        troops(s, BOARD.villages[v].key, 2, 0, 1)
    _taxes(s, 0)
    names = legal(s, 0)
    assert "tallage:blaye" not in names and "tallage:mazilles" not in names
    assert "tallage:sigy" in names
    do(s, 0, "tallage:sigy")
    assert s.tallage[F["sigy"]] == 0


def test_a_bishops_tithe_takes_the_mill_income_before_the_cardinal_and_pope() -> None:
    """Source "1.主教 2.紅衣主教 3.教宗，越底層的順位越高": the Bishop of the bishopric
    collects; the mills' controller gets nothing from them."""
    s = table(3)
    bishop = lord(s, "arthur", 1, "sigy")
    s.bishop[B["sigy"]] = bishop
    cardinal = lord(s, "charles", 2, "blaye")
    s.bishop[B["blaye"]] = cardinal
    s.cardinal[cardinal] = 1
    s.pope = lord(s, "eric", 0, "marcamps")
    troops(s, "sigy", 1, 0, 1)
    lord(s, "gauvain", 0, "st_paul")  # seat 0's mills in Sigy's bishopric
    s.mills[V["st_paul"]] = 2
    _taxes(s, 0)
    assert "tithe:all" in legal(s, 0)  # the Pope: every governed one
    do(s, 0, "tithe:all")
    assert s.tithe[B["sigy"]].pope == 0 and s.tithe[B["blaye"]].pope == 0
    s.kind, s.legal_cache = A.NONE, None
    _taxes(s, 2)
    assert set(legal(s, 2)) == {"tithe:sigy", "tithe:blaye"}  # the Cardinal: any governed
    do(s, 2, "tithe:sigy")
    s.kind, s.legal_cache = A.NONE, None
    _taxes(s, 1)
    assert legal(s, 1) == ["tithe:sigy"]  # the Bishop: his own
    do(s, 1, "tithe:sigy")
    s.kind, s.legal_cache = A.NONE, None
    s.money = [0, 0, 0]
    begin(s, "income")
    pass_window(s)
    # St Paul: 1 (village) for seat 0, its 2 mills (4 D) to the Bishop; Sigy 1 for seat 1
    assert s.money[0] == 1 + 1 and s.money[1] == 1 + 4
    assert s.tithe == [UNTITHED] * len(s.tithe)


def test_a_tithed_village_may_rise_but_not_for_the_tither() -> None:
    s = table(3)
    s.bishop[B["sigy"]] = lord(s, "arthur", 1, "sigy")
    troops(s, "sigy", 1, 0, 1)
    s.tithe[B["sigy"]] = UNTITHED._replace(bishop=1)
    s.hand[0] = [C["uprising"]]
    s.hand[1] = [C["uprising"]]
    begin(s, "income")
    assert legal(s, 0) == ["pass", "play:uprising"]
    assert s.window == [0]  # his own tithe: not for him
    do(s, 0, "pass")
    assert_illegal(s, 1, "play:uprising")


def test_king_and_pope_count_one_vp_each() -> None:
    s = table(3)
    s.king = lord(s, "arthur", 0, "sigy")
    s.pope = lord(s, "charles", 1, "blaye")
    s.fief_holder[F["blaye"]] = L["charles"]
    s.kind, s.legal_cache = A.NONE, None
    from noblesse.games.fief.state import victory_points

    assert victory_points(s) == [1, 2, 0]


def test_the_bishop_there_stops_an_uprising_on_5_or_6() -> None:
    """§4.12.1, data assumed.bishop_stops_uprising_min = 5."""
    s = rising_with_a_cleric(cardinal=False)
    assert s.kind == A.UPRISING_STOP and legal(s, 1) == ["pass", "stop_uprising"]
    dice(s, 5)
    ev = do(s, 1, "stop_uprising")
    assert events_of(ev, "uprising_stopped") and not events_of(ev, "uprising")
    assert units(s, "sigy", 2) == (0, 1) and s.uprising is None


def test_a_cardinal_stops_on_1_to_4_and_failing_dies_with_the_others() -> None:
    """data assumed.cardinal_stops_uprising_max = 4; source "也可能一起陪葬"."""
    s = rising_with_a_cleric(cardinal=True)
    dice(s, 5, 2)  # the Cardinal fails; the uprising: 1 hit + 1
    ev = do(s, 1, "stop_uprising")
    assert events_of(ev, "uprising") and units(s, "sigy", 2) == (0, 0)
    assert s.l_owner[L["charles"]] == -1 and s.l_owner[L["eric"]] == -1


def test_the_queen_regent_taxes_a_fief_nobody_controls_as_the_king_does() -> None:
    """§5.7: with no King, the Queen Regent's family has the King's tallage (Alienor,
    the first lord card, is Queen)."""
    s = table(3)
    s.queen = lord(s, "alienor", 0, "sigy")
    s.regent = 1
    _taxes(s, 0)
    assert "tallage:sigy" in legal(s, 0)


def test_the_bishop_of_the_first_seat_takes_the_mill_income_of_another_family() -> None:
    """§4.3: seat 0's Bishop tithes Sigy: seat 1's mills in St Paul earn for seat 0."""
    s = table(3)
    s.bishop[B["sigy"]] = lord(s, "arthur", 0, "sigy")
    troops(s, "sigy", 0, 0, 1)
    lord(s, "gauvain", 1, "st_paul")
    s.mills[V["st_paul"]] = 2
    _taxes(s, 0)
    do(s, 0, "tithe:sigy")
    s.kind, s.legal_cache = A.NONE, None
    s.money = [0, 0, 0]
    begin(s, "income")
    pass_window(s)
    # Sigy: 1 (village) for seat 0, and St Paul's 2 mills (4 D); St Paul 1 for seat 1
    assert s.money[0] == 1 + 4 and s.money[1] == 1
