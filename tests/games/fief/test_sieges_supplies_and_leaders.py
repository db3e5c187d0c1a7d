"""Battles down to lords, siege engines, cavalcades, Bountiful Harvest against Famine,
tax markers, the supplies of mills and strongholds, sieges (a new lord, relief, a truce,
a Secret Passage out), a lady leading troops, and a captive's titles."""

from __future__ import annotations

from fief_scenario import (
    GAME,
    A,
    B,
    C,
    F,
    L,
    V,
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

from noblesse.games.fief.control import capture, settle
from noblesse.games.fief.state import BOARD, SEATS


def test_both_sides_reduced_to_lords_end_the_battle() -> None:
    s = table(3)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 0, 1)
    lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 0, 1)
    begin(s, "battles")
    do(s, 0, "battle:charolles", "fight")
    dice(s, 1, 1)
    ev = do(s, 1, "fight")
    assert events_of(ev, "battle_end")[0]["how"] == "lords_only"
    assert s.l_captor[L["arthur"]] == -1 and s.l_captor[L["charles"]] == -1


def _city_siege() -> object:
    s = table(3)
    lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 0, 2)
    s.fort[V["charolles"]] = 2  # a city: -2 dice
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 4, 0)
    return s


def test_an_engine_against_a_city_leaves_one_die_off_and_allies_engines_add_up() -> None:
    s = _city_siege()
    s.engine[V["charolles"] * SEATS] = 1
    s.engines_used[0] = 1
    begin(s, "battles")
    do(s, 0, "battle:charolles")
    do(s, 0, "fight")
    assert s.battle.penalty == 1  # -2 + 1
    s2 = _city_siege()
    troops(s2, "charolles", 2, 1, 0)
    lord(s2, "eric", 2, "charolles")  # troops with no lord cannot attack (§4.6.1)
    s2.engine[V["charolles"] * SEATS] = 1
    s2.engine[V["charolles"] * SEATS + 2] = 1
    s2.engines_used[0] = s2.engines_used[2] = 1
    begin(s2, "battles")
    do(s2, 0, "battle:charolles", "against:2")
    do(s2, 2, "side:attacker")
    assert s2.battle.penalty == 0  # -2 + 1 + 1


def test_two_engines_per_player_and_one_per_village() -> None:
    s = table(3)
    for v in ("charolles", "blaye", "sigy"):
        s.fort[V[v]] = 1
        troops(s, v, 1, 0, 1)
        troops(s, v, 0, 0, 2)
    lord(s, "arthur", 0, "charolles")
    begin(s, "battles")
    do(s, 0, "pass")  # no battle: his siege step
    assert {"siege:charolles", "siege:blaye", "siege:sigy"} <= set(legal(s, 0))
    do(s, 0, "siege:charolles")
    assert "siege:charolles" not in legal(s, 0)  # one engine per village
    do(s, 0, "siege:blaye")
    assert not [x for x in legal(s, 0) if x.startswith("siege:")]  # both engines out


def test_a_cavalcade_leaves_by_an_occupied_road_and_none_under_heavy_rain() -> None:
    from noblesse.games.fief.control import put_lord, settle

    def ready() -> object:
        s = table(3)
        lord(s, "arthur", 0, "charolles")
        troops(s, "charolles", 0, 1, 0)
        lord(s, "charles", 1, None)
        put_lord(s, L["charles"], V["charolles"], came_from=V["blaye"])
        troops(s, "charolles", 1, 0, 1)
        settle(s, V["charolles"], [])
        s.first = 0
        return s

    s = ready()
    begin(s, "movement")
    do(s, 0, "lord:arthur", "carry:knight")
    assert "cavalcade:blaye" in legal(s, 0)  # the road seat 1 stands on
    do(s, 0, "cavalcade:blaye")
    assert s.battle.village == V["charolles"] and s.battle.defender == 1
    s2 = ready()
    s2.rain[BOARD.bishopric_of(V["blaye"])] = 1
    begin(s2, "movement")
    do(s2, 0, "lord:arthur", "carry:knight")
    assert not [x for x in legal(s2, 0) if x.startswith("cavalcade:")]


def test_bountiful_harvest_cancels_famine() -> None:
    s = table(3)
    s.famine[B["sigy"]] = 1
    s.hand[0] = [C["bountiful_harvest"]]
    s.fd_deck = [C["justice"], C["justice"]]
    begin(s, "cards")
    do(s, 0, "pass", "draw:fortune", "play:bountiful_harvest", "bishopric:sigy")
    assert legal(s, 0) == ["effect:cancel", "effect:bonus"]
    do(s, 0, "effect:cancel")
    assert s.famine[B["sigy"]] == 0


def test_three_tax_markers_at_most() -> None:
    s = table(3)
    for key, fief in (("arthur", "blaye"), ("eric", "mazilles"), ("gauvain", "sigy")):
        s.fief_holder[F[fief]] = lord(
            s, key, 0, BOARD.villages[BOARD.fiefs[F[fief]].villages[0]].key
        )
    s.tallage[F["blaye"]] = s.tallage[F["mazilles"]] = 0
    s.fief_holder[F["les_essarts"]] = L["eric"]
    s.hand[0] = [C["taxes"]]
    s.fd_deck = [C["justice"], C["justice"]]
    begin(s, "cards")
    do(s, 0, "pass", "draw:fortune", "play:taxes")
    assert set(legal(s, 0)) == {"tallage:sigy", "tallage:les_essarts"}
    do(s, 0, "tallage:sigy")
    s.hand[0].append(C["taxes"])
    s.kind, s.legal_cache = A.NONE, None
    assert "play:taxes" not in legal(s, 0)  # a 4th marker: no


def test_the_mill_and_stronghold_supplies_run_out() -> None:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    s.money[0] = 30
    others = [v for v in V.values() if v != V["blaye"]]
    for v in others[:7]:
        s.mills[v] = 2
    s.mills[others[7]] = 1  # 15 mills on the board
    assert sum(s.mills) == 15
    forts = [v for v in V.values() if v != V["blaye"]][:12]
    for v in forts:
        s.fort[v] = 1  # 12 strongholds out
    begin(s, "purchase")
    names = legal(s, 0)
    assert "buy:mill:blaye" not in names and "buy:stronghold:blaye" not in names


def test_a_new_lord_may_be_placed_in_a_besieged_village() -> None:
    """Source: "被圍攻村莊不能徵兵，但可以誕生新貴族"."""
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    troops(s, "blaye", 0, 0, 1)
    s.fort[V["blaye"]] = 1
    troops(s, "blaye", 1, 0, 2)
    s.engine[V["blaye"] * SEATS + 1] = 1
    s.engines_used[1] = 1
    s.lord_deck.remove(C["charles"])
    s.hand[0] = [C["charles"]]
    s.fd_deck = [C["justice"], C["justice"]]
    begin(s, "cards")
    do(s, 0, "pass", "draw:fortune", "play:charles")
    assert s.l_loc[L["charles"]] == V["blaye"]  # own stronghold first (§5.1.2)


def test_relief_led_into_a_besieged_fortress() -> None:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    troops(s, "blaye", 0, 0, 1)
    s.fort[V["blaye"]] = 1
    troops(s, "blaye", 1, 0, 2)
    s.engine[V["blaye"] * SEATS + 1] = 1
    s.engines_used[1] = 1
    lord(s, "eric", 0, "charolles")
    troops(s, "charolles", 0, 0, 3)
    s.first = 0
    begin(s, "movement")
    do(s, 0, "lord:eric", "carry:man_at_arms", "carry:man_at_arms", "move:blaye")
    assert s.l_loc[L["eric"]] == V["blaye"]
    do(s, 0, "lord_done")
    assert units(s, "blaye", 0) == (0, 3)


def test_the_attacker_proposes_a_truce_refused_and_then_surrenders() -> None:
    s = table(3)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 0, 2)
    lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 0, 2)
    begin(s, "battles")
    do(s, 0, "battle:charolles", "truce")
    ev = do(s, 1, "truce:no")
    assert events_of(ev, "truce_refused") and s.kind == A.ROUND_DEF
    dice(s, 1, 1)
    do(s, 1, "fight")
    ev = do(s, 0, "surrender")
    assert events_of(ev, "battle_end")[0]["how"] == "surrender"
    assert units(s, "charolles", 0) == (0, 0) and s.l_captor[L["arthur"]] == 1


def test_a_secret_passage_out_of_a_fortress_with_a_captive() -> None:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    troops(s, "blaye", 0, 0, 2)
    s.fort[V["blaye"]] = 1
    troops(s, "blaye", 1, 0, 3)
    s.engine[V["blaye"] * SEATS + 1] = 1
    s.engines_used[1] = 1
    lo = lord(s, "charles", 2, "blaye")
    capture(s, lo, 0, [])
    s.hand[0] = [C["secret_passage"]]
    begin(s, "movement")
    do(s, 0, "lord:arthur", "carry:man_at_arms", "escort:charles")
    do(s, 0, "play:secret_passage", "move:la_salle")
    assert s.l_loc[lo] == V["la_salle"] and s.l_captor[lo] == 0


def test_8_a_lady_leads_troops() -> None:
    s = table(3)
    lord(s, "blanche", 0, "blaye")
    troops(s, "blaye", 0, 1, 1)
    begin(s, "movement")
    do(s, 0, "lord:blanche", "carry:knight", "carry:man_at_arms", "move:charolles")
    do(s, 0, "lord_done")
    assert units(s, "charolles", 0) == (1, 1)


def test_15_a_captive_cannot_take_a_title() -> None:
    s = table(3)
    lo = lord(s, "arthur", 0, "mazilles")
    troops(s, "mazilles", 0, 0, 1)
    troops(s, "st_andromy", 0, 0, 1)
    s.fort[V["mazilles"]] = 1
    troops(s, "mazilles", 1, 0, 1)
    capture(s, lo, 1, [])
    s.money[0] = 10
    begin(s, "purchase")
    assert "title:mazilles" not in legal(s, 0)
    assert GAME.to_act(s) == (0,)


def test_a_captive_escapes_when_his_guards_die_though_a_lord_of_the_captor_stays() -> None:
    """Review 1.8 / §4.6.6: the guarding troops eliminated, he escapes; a lord of the
    captor who does not lead him does not hold him; one who leads him does."""
    for leads in (False, True):
        s = table(3)
        arthur = lord(s, "arthur", 0, "charolles")
        troops(s, "charolles", 0, 0, 1)
        lo = lord(s, "charles", 1, "st_paul")
        troops(s, "st_paul", 1, 1, 0)
        capture(s, lo, 0, [])
        s.l_loc[lo] = V["charolles"]
        s.l_escort[lo] = arthur if leads else -1
        s.men_at_arms[V["charolles"] * SEATS] = 0  # the guards are gone
        ev: list = []
        settle(s, V["charolles"], ev)
        assert (s.l_captor[lo] == 0) == leads
        assert bool(events_of(ev, "escape")) != leads


def test_a_side_wiped_out_while_the_other_keeps_only_its_lord_is_eliminated() -> None:
    """§4.6.4: no troops on either side, and lords on one side only: the lordless side is
    eliminated (not "only lords are left"); the lord stays free."""
    s = table(3)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 0, 1)
    troops(s, "charolles", 1, 0, 1)
    begin(s, "battles")
    do(s, 0, "battle:charolles", "fight")
    dice(s, 1, 1)
    ev = do(s, 1, "fight")
    assert events_of(ev, "battle_end")[0]["how"] == "eliminated"
    assert s.l_captor[L["arthur"]] == -1 and s.battle is None
