"""Income (§4.3), ransoms (§4.4.1), purchases and fief titles (§4.4.2-4.4.3)."""

from __future__ import annotations

from fief_scenario import (
    GAME,
    A,
    F,
    L,
    V,
    assert_illegal,
    begin,
    do,
    events_of,
    legal,
    legal_all,
    lord,
    table,
    troops,
    units,
)

from noblesse.games.fief.control import capture
from noblesse.games.fief.state import SEATS


def test_income_villages_and_mills_but_nothing_from_a_besieged_village() -> None:
    s = table(3)
    troops(s, "blaye", 0, 0, 1)
    troops(s, "charolles", 0, 0, 1)
    s.mills[V["blaye"]] = 2
    troops(s, "tournus", 1, 0, 2)
    s.fort[V["tournus"]] = 1
    s.mills[V["tournus"]] = 1
    troops(s, "tournus", 2, 0, 3)
    s.engine[V["tournus"] * SEATS + 2] = 1  # seat 2 besieges Tournus
    troops(s, "sigy", 2, 0, 1)
    ev = begin(s, "income")
    # seat 0: 2 villages + 2 mills * 2; seat 1: besieged, nothing; seat 2: Sigy
    assert events_of(ev, "income")[0]["gains"] == [6, 0, 1]
    assert s.money == [6, 0, 1]


def test_18_empty_villages_of_a_governed_fief_pay_the_title_holders_family() -> None:
    s = table(3)
    lo = lord(s, "arthur", 1, "mazilles")
    troops(s, "st_andromy", 1, 0, 1)
    s.fort[V["mazilles"]] = 1
    s.fief_holder[F["mazilles"]] = lo
    s.knights[V["st_andromy"] * SEATS + 1] = s.men_at_arms[V["st_andromy"] * SEATS + 1] = 0
    from noblesse.games.fief.control import settle

    settle(s, V["st_andromy"], [])
    assert s.ctrl[V["st_andromy"]] == 1  # governed: still the holder's
    begin(s, "income")
    assert s.money[1] == 2


def test_6_troops_are_bought_where_a_lord_is_four_at_most_per_village() -> None:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    troops(s, "sigy", 0, 0, 1)  # no lord there
    s.money[0] = 20
    begin(s, "purchase")
    names = legal(s, 0)
    assert "buy:knight:blaye" in names and "buy:man_at_arms:blaye" in names
    assert "buy:knight:sigy" not in names
    assert_illegal(s, 0, "buy:knight:sigy")
    do(
        s,
        0,
        "buy:knight:blaye",
        "buy:knight:blaye",
        "buy:man_at_arms:blaye",
        "buy:man_at_arms:blaye",
    )
    assert units(s, "blaye", 0) == (2, 2) and s.money[0] == 12
    assert "buy:man_at_arms:blaye" not in legal(s, 0)  # §6 #6: 4 new units there
    assert_illegal(s, 0, "buy:man_at_arms:blaye")


def test_no_troops_bought_into_a_besieged_village() -> None:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    troops(s, "blaye", 0, 0, 1)
    s.fort[V["blaye"]] = 1
    troops(s, "blaye", 1, 0, 2)
    s.engine[V["blaye"] * SEATS + 1] = 1
    s.money[0] = 20
    begin(s, "purchase")
    assert "buy:man_at_arms:blaye" not in legal(s, 0)


def test_stronghold_and_mills_in_a_controlled_village_with_their_limits() -> None:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    s.money[0] = 19
    begin(s, "purchase")
    do(s, 0, "buy:stronghold:blaye", "buy:mill:blaye", "buy:mill:blaye")
    assert s.fort[V["blaye"]] == 1 and s.mills[V["blaye"]] == 2 and s.money[0] == 3
    assert "buy:stronghold:blaye" not in legal(s, 0)
    assert "buy:mill:blaye" not in legal(s, 0)  # max 2 per village
    assert "buy:mill:sigy" not in legal(s, 0)  # not controlled


def _barony(s: object) -> int:
    lo = lord(s, "arthur", 0, "mazilles")
    troops(s, "mazilles", 0, 0, 1)
    troops(s, "st_andromy", 0, 0, 1)
    s.fort[V["mazilles"]] = 1
    return lo


def test_fief_title_needs_every_village_and_a_stronghold_and_costs_two_per_village() -> None:
    s = table(3)
    lo = _barony(s)
    lord(s, "charles", 0, "blaye")
    s.money[0] = 4
    begin(s, "purchase")
    assert "title:mazilles" in legal(s, 0)
    assert "title:blaye" not in legal(s, 0)
    do(s, 0, "title:mazilles")
    assert s.money[0] == 0 and s.kind == A.HOLDER
    assert legal(s, 0) == ["holder:arthur", "holder:charles"]
    ev = do(s, 0, "holder:arthur")
    assert s.fief_holder[F["mazilles"]] == lo
    assert events_of(ev, "title")[0]["lord"] == lo
    # the free city upgrade of the stronghold in the fief
    assert legal(s, 0) == ["city:none", "city:mazilles"]
    do(s, 0, "city:mazilles")
    assert s.fort[V["mazilles"]] == 2
    assert "title:mazilles" not in legal(s, 0)


def test_no_title_without_a_stronghold_or_the_money() -> None:
    s = table(3)
    _barony(s)
    s.money[0] = 3
    begin(s, "purchase")
    assert "title:mazilles" not in legal(s, 0)
    s2 = table(3)
    _barony(s2)
    s2.fort[V["mazilles"]] = 0
    s2.money[0] = 10
    begin(s2, "purchase")
    assert "title:mazilles" not in legal(s2, 0)


def test_a_lord_holds_two_titles_at_most_and_gives_away_only_the_lower() -> None:
    s = table(3)
    lo = _barony(s)
    s.fief_holder[F["les_essarts"]] = lo
    s.fief_holder[F["blaye"]] = lo
    s.money[0] = 4
    begin(s, "purchase")
    assert "title:mazilles" not in legal(s, 0)  # Arthur is the only lord
    lord(s, "charles", 0, "blaye")
    s.legal_cache = None
    names = legal(s, 0)
    assert "title:mazilles" in names
    assert "transfer:les_essarts" in names and "transfer:blaye" not in names
    do(s, 0, "transfer:les_essarts")
    assert legal(s, 0) == ["holder:charles"]
    do(s, 0, "holder:charles")
    assert s.fief_holder[F["les_essarts"]] == L["charles"]


def test_ransom_cap_is_two_plus_two_per_title_and_frees_the_lord() -> None:
    s = table(3)
    lo = lord(s, "arthur", 0, "sigy")
    troops(s, "sigy", 1, 0, 2)
    capture(s, lo, 1, [])
    s.fief_holder[F["mazilles"]] = lo
    lord(s, "charles", 0, "blaye")
    troops(s, "blaye", 0, 0, 1)
    s.fort[V["blaye"]] = 1
    s.money[0] = 4
    begin(s, "ransoms")
    assert legal(s, 0) == ["pass", "ransom:arthur"]
    ev = do(s, 0, "ransom:arthur")
    assert s.money == [0, 4, 0]
    assert events_of(ev, "ransom")[0]["paid"] == 4
    assert s.l_captor[lo] == -1 and s.l_loc[lo] == V["blaye"]  # placed by §5.1.2


def test_a_family_short_of_the_cap_cannot_ransom_but_the_captor_may_release() -> None:
    s = table(3)
    lo = lord(s, "arthur", 0, "sigy")
    troops(s, "sigy", 1, 0, 2)
    capture(s, lo, 1, [])
    s.money[0] = 1
    begin(s, "ransoms")
    assert GAME.to_act(s) == (1,)  # seat 0 has nothing to do
    assert legal(s, 1) == ["pass", "release:arthur"]
    do(s, 1, "release:arthur")
    assert s.l_captor[lo] == -1 and s.money == [1, 0, 0]


def test_the_captor_may_free_a_captive_at_his_purchase_and_is_asked_to_purchase_again() -> None:
    """Source "綁匪放人(看綁匪心情…)", spec §7.3 "any time … free a captive": at every
    window where an offer may open, not only in the Ransom step."""
    s = table(3)
    lo = lord(s, "arthur", 0, "sigy")
    lord(s, "baudouin", 1, "sigy")
    troops(s, "sigy", 1, 0, 2)
    capture(s, lo, 1, [])
    s.money[1] = 0
    begin(s, "purchase")
    do(s, 0, "pass")
    assert GAME.to_act(s) == (1,)
    assert "release:arthur" in legal_all(s, 1)
    kind = s.kind
    events = do(s, 1, "release:arthur")
    assert events_of(events, "release") == [{"type": "release", "seat": 1, "lord": lo, "owner": 0}]
    assert s.l_captor[lo] == -1
    assert GAME.to_act(s) == (1,) and s.kind == kind  # the purchase is asked again
    assert "release:arthur" not in legal_all(s, 1)


def test_nobody_but_the_captor_frees_a_captive_outside_the_ransom_step() -> None:
    s = table(3)
    lo = lord(s, "arthur", 0, "sigy")
    lord(s, "baudouin", 1, "sigy")
    troops(s, "sigy", 1, 0, 2)
    capture(s, lo, 1, [])
    begin(s, "purchase")
    assert "release:arthur" not in legal_all(s, 0)
    assert_illegal(s, 0, "release:arthur")


def test_a_vacant_title_is_free_to_a_new_member_of_the_family_holding_the_city() -> None:
    """Source (NOTES disagreement 14): "家族有新的成員誕生且家族控制封地城堡" — a lord who
    came into play after the title went back to the board, and the fief's city."""
    s = table(3)
    lord(s, "arthur", 2, "mazilles")
    troops(s, "mazilles", 2, 0, 1)
    s.fort[V["mazilles"]] = 2  # the city, left by a dead holder
    s.vacated[F["mazilles"]] = s.clock  # vacated after Arthur came
    s.clock += 1
    troops(s, "st_andromy", 0, 0, 1)  # not every village: no matter
    begin(s, "purchase")
    do(s, 0, "pass")
    do(s, 1, "pass")
    assert "title:mazilles" not in legal(s, 2)  # no new member yet
    lo = lord(s, "charles", 2, "mazilles")
    s.l_born[lo] = s.clock  # played since
    s.legal_cache = None
    assert "title:mazilles" in legal(s, 2)
    ev = do(s, 2, "title:mazilles")
    assert events_of(ev, "buy")[0]["paid"] == 0 and s.money[2] == 0
    assert legal(s, 2) == ["holder:charles"]
    do(s, 2, "holder:charles")
    assert s.fief_holder[F["mazilles"]] == L["charles"]


def test_a_title_is_transferred_once_per_fief_in_a_purchase_phase() -> None:
    """Review §2: back and forth without limit let a phase go on for ever."""
    s = table(3)
    lo = _barony(s)
    s.fief_holder[F["mazilles"]] = lo
    lord(s, "charles", 0, "blaye")
    begin(s, "purchase")
    do(s, 0, "transfer:mazilles", "holder:charles")
    assert "transfer:mazilles" not in legal(s, 0)
    do(s, 0, "pass")
    s.first = 0
    begin(s, "purchase")
    assert "transfer:mazilles" in legal(s, 0)


def test_vp_count_as_soon_as_a_title_is_taken() -> None:
    s = table(3)
    _barony(s)
    s.money[0] = 4
    begin(s, "purchase")
    do(s, 0, "title:mazilles", "holder:arthur", "city:none")
    assert s.vp == [1, 0, 0] and GAME.view(s, 1)["players"][0]["vp"] == 1


def test_a_tallage_counts_every_village_of_the_fief_a_besieged_one_too() -> None:
    """Source "收入階段可收到封地村莊數 * 2 的收入(無論控制與否)": the Tallage is 2 D a
    village of the fief whatever happens to the villages; "被圍攻的村莊和磨坊沒有收入"
    takes only the besieged village's own 1 D."""
    s = table(3)
    lo = lord(s, "arthur", 1, "tournus")
    s.fief_holder[F["tournus"]] = lo
    troops(s, "tournus", 1, 0, 2)
    troops(s, "belleville", 1, 0, 1)
    troops(s, "pugnac", 1, 0, 1)
    s.fort[V["tournus"]] = 1
    troops(s, "tournus", 2, 0, 3)
    s.engine[V["tournus"] * SEATS + 2] = 1  # seat 2 besieges Tournus
    s.tallage[F["tournus"]] = 1
    ev = begin(s, "income")
    # seat 1: Belleville and Pugnac 1 each, Tournus nothing; tallage 2 * 3 villages
    assert events_of(ev, "income")[0]["gains"] == [0, 8, 0]


def test_a_stronghold_costs_exactly_ten_and_a_village_holds_one_fortification() -> None:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    lord(s, "charles", 0, "sigy")
    lord(s, "eric", 0, "tournus")
    s.fort[V["sigy"]] = 1  # a stronghold already
    s.fort[V["tournus"]] = 2  # a city
    s.money[0] = 10
    begin(s, "purchase")
    buys = [x for x in legal(s, 0) if x.startswith("buy:stronghold:")]
    assert buys == ["buy:stronghold:blaye"]
    do(s, 0, "buy:stronghold:blaye")
    assert s.fort[V["blaye"]] == 1 and s.money[0] == 0
    s.money[0] = 10
    s.legal_cache = None
    assert [x for x in legal(s, 0) if x.startswith("buy:stronghold:")] == []
