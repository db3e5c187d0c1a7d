"""Spec §6 switches (data.toml [switches]): one exact scenario per switch, played with
the default and with the switch flipped. Each test is named ``test_<switch>_*``."""

from __future__ import annotations

import pytest
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
    pass_window,
    table,
    troops,
    units,
)

from noblesse.games.fief import flow
from noblesse.games.fief.battle import hits_of, strength
from noblesse.games.fief.control import capture, put_lord, settle
from noblesse.games.fief.death import kill
from noblesse.games.fief.state import BOARD, DATA, FiefState

DEFAULT = DATA.switches


def flipped(name: str) -> bool:
    return not DEFAULT[name]


def test_every_switch_has_a_scenario_here_and_a_label() -> None:
    tests = [name for name in globals() if name.startswith("test_")]
    labels = GAME.option_labels()
    for switch in DEFAULT:
        assert any(t.startswith(f"test_{switch}_") for t in tests), switch
        assert labels[switch]["en"] and labels[switch]["zh-TW"], switch


def test_the_defaults_are_the_specs_resolutions_or_the_sources() -> None:
    on = {k for k, v in DEFAULT.items() if v}
    assert on == {
        "uprising_penalty_whole_cards",
        "unit_limit_per_village",
        "ransom_optional",
        "ransom_counts_kept_bishopric",
        "clerics_hold_fief_titles",
        "owner_chooses_losses",
        "cardinal_stops_low",
        "election_tie_no_winner",
        "raze_needs_empty_village",
        "plague_halves_the_village",
        "kings_tallage_uncontrolled_fief",
        "reclaim_needs_new_lord",
        "widow_inherits_every_stronghold",
    }
    assert len(DEFAULT) == 26


# ------------------------------------------------------------------ §6 #1, #2


@pytest.mark.parametrize(("on", "faces"), [(False, [1, 1, 1, 2, 2, 3]), (True, [0, 1, 1, 2, 2, 3])])
def test_public_dice_faces_give_a_blank_face(on: bool, faces: list[int]) -> None:
    s = table(3, public_dice_faces=on)
    assert [hits_of(s, [r]) for r in range(1, 7)] == faces


@pytest.mark.parametrize(("on", "harvest", "weather"), [(False, 5, 5), (True, 4, 4)])
def test_french_grey_counts_take_one_harvest_and_one_good_weather_out(
    on: bool, harvest: int, weather: int
) -> None:
    s = GAME.setup(4, 7, {"french_grey_counts": on})
    cards = GAME.inventory(s)["card"]
    assert (cards["bountiful_harvest"], cards["good_weather"], cards["taxes"]) == (
        harvest,
        weather,
        5,
    )
    assert len(s.fd_deck) + sum(len(h) for h in s.hand) == len(DATA.deck("fortune")) - 2 * on


# ------------------------------------------------------------------ §6 #4, #5 (Uprising)


@pytest.mark.parametrize(("on", "damage"), [(True, 4), (False, 6)])
def test_uprising_penalty_whole_cards_or_dice_only(on: bool, damage: int) -> None:
    """Three cards against a city (penalty 2), the one die shows 6 (3 hits): whole
    cards leave one +1 (4); dice only keep all three +1s (6)."""
    s = table(3, uprising_penalty_whole_cards=on)
    s.fief_holder[F["blaye"]] = lord(s, "arthur", 1, "blaye")
    s.tallage[F["blaye"]] = 1
    lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 2, 1)  # 7 HP: 4 or 6 hits
    s.fort[V["charolles"]] = 2
    s.hand[0] = [C["uprising"]] * 3
    begin(s, "income")
    do(s, 0, "play:uprising", "uprising:charolles", "play:uprising")
    dice(s, 6)
    ev = do(s, 0, "play:uprising")
    up = events_of(ev, "uprising")[0]
    assert (up["cards"], up["effective"], up["damage"]) == (3, 1, damage)
    assert units(s, "charolles", 1) == ((1, 0) if on else (0, 1))  # knights first
    assert s.l_owner[L["charles"]] == 1  # troops left: he lives


@pytest.mark.parametrize("on", [True, False])
def test_uprising_penalty_either_way_no_die_rolled_adds_no_plus_one(on: bool) -> None:
    """Source "攻城懲罰也適用於暴動，如果沒有擲骰就沒有 + 1 傷害效果": two cards against a
    city (penalty 2) roll no die, so no card's +1 counts, whole cards or dice only."""
    s = table(3, uprising_penalty_whole_cards=on)
    s.fief_holder[F["blaye"]] = lord(s, "arthur", 1, "blaye")
    s.tallage[F["blaye"]] = 1
    lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 0, 2)
    s.fort[V["charolles"]] = 2
    s.hand[0] = [C["uprising"]] * 2
    begin(s, "income")
    do(s, 0, "play:uprising", "uprising:charolles")
    ev = do(s, 0, "play:uprising")
    up = events_of(ev, "uprising")[0]
    assert (up["cards"], up["effective"], up["damage"]) == (2, 0, 0)
    assert units(s, "charolles", 1) == (0, 2)
    assert s.l_owner[L["charles"]] == 1 and s.fort[V["charolles"]] == 2


@pytest.mark.parametrize("on", [False, True])
def test_uprising_needs_effective_die_to_kill_lords_alone(on: bool) -> None:
    """One card against Charles alone behind a stronghold: no die. The source kills him
    anyway (default); the spec's reading spares him."""
    s = table(3, uprising_needs_effective_die=on)
    s.famine[B["sigy"]] = 1
    lord(s, "charles", 1, "sigy")
    s.fort[V["sigy"]] = 1
    s.hand[0] = [C["uprising"]]
    begin(s, "income")
    ev = do(s, 0, "play:uprising", "uprising:sigy")
    assert events_of(ev, "uprising")[0]["effective"] == 0
    assert s.l_owner[L["charles"]] == (1 if on else -1)
    assert s.fort[V["sigy"]] == 1  # no die: nothing razed


# ------------------------------------------------------------------ §6 #6, #7 (Purchase)


@pytest.mark.parametrize("on", [True, False])
def test_unit_limit_per_village_or_per_family(on: bool) -> None:
    s = table(3, unit_limit_per_village=on)
    lord(s, "arthur", 0, "blaye")
    lord(s, "charles", 0, "sigy")
    s.money[0] = 20
    begin(s, "purchase")
    do(s, 0, "buy:man_at_arms:blaye", "buy:man_at_arms:blaye", "buy:man_at_arms:sigy")
    assert "buy:man_at_arms:blaye" in legal(s, 0)  # 3 in all: one more either way
    do(s, 0, "buy:man_at_arms:blaye")  # 3 at Blaye, 4 in all
    names = legal(s, 0)
    for item in ("man_at_arms", "knight"):
        assert (f"buy:{item}:blaye" in names) == on
        assert (f"buy:{item}:sigy" in names) == on
    assert units(s, "blaye", 0) == (0, 3) and units(s, "sigy", 0) == (0, 1)
    if on:
        do(s, 0, "buy:man_at_arms:blaye")  # the 4th at Blaye: its last
        assert "buy:man_at_arms:blaye" not in legal(s, 0)
        assert "buy:man_at_arms:sigy" in legal(s, 0)


@pytest.mark.parametrize("on", [True, False])
def test_ransom_optional_or_the_cap_paid_whenever_the_family_can(on: bool) -> None:
    s = table(3, ransom_optional=on)
    lo = lord(s, "arthur", 0, "sigy")
    troops(s, "sigy", 1, 0, 2)
    capture(s, lo, 1, [])
    lord(s, "charles", 0, "blaye")
    s.money[0] = 10
    begin(s, "ransoms")
    assert legal(s, 0) == (["pass", "ransom:arthur"] if on else ["ransom:arthur"])
    if not on:
        do(s, 0, "ransom:arthur")
        assert s.money == [8, 2, 0] and s.l_captor[lo] == -1
    poor = table(3, ransom_optional=on)  # cannot pay: may pass
    lo = lord(poor, "arthur", 0, "sigy")
    troops(poor, "sigy", 1, 0, 2)
    capture(poor, lo, 1, [])
    lord(poor, "charles", 0, "blaye")
    poor.money[0] = 1
    begin(poor, "ransoms")
    assert legal(poor, 1) == ["pass", "release:arthur"]


# ------------------------------------------------------------------ §6 #8, #10 (strength)


@pytest.mark.parametrize(("on", "sp"), [(False, 1), (True, 2)])
def test_untitled_lady_has_sp_or_none(on: bool, sp: int) -> None:
    s = table(3, untitled_lady_has_sp=on)
    lord(s, "blanche", 0, "sigy")
    troops(s, "sigy", 0, 0, 1)
    assert strength(s, V["sigy"], 0) == sp
    s.fief_holder[F["mazilles"]] = L["blanche"]  # titled: a lord's 1 SP
    assert strength(s, V["sigy"], 0) == 2


@pytest.mark.parametrize(("on", "sp"), [(False, 1), (True, 2)])
def test_joan_two_sp_or_one(on: bool, sp: int) -> None:
    s = table(3, joan_two_sp=on)
    s.joan = lord(s, "jeanne", 0, "sigy")
    assert strength(s, V["sigy"], 0) == sp


# ------------------------------------------------------------------ §6 #9, #11 (money)


@pytest.mark.parametrize(("on", "gains"), [(False, [1, 1, 0]), (True, [6, 6, 0])])
def test_king_pope_income_five_each_or_none(on: bool, gains: list[int]) -> None:
    s = table(3, king_pope_income=on)
    s.king = lord(s, "arthur", 0, "sigy")
    s.pope = lord(s, "charles", 1, "blaye")
    ev = begin(s, "income")
    assert events_of(ev, "income")[0]["gains"] == gains


@pytest.mark.parametrize(("on", "pope_cap", "cardinal_cap"), [(True, 6, 8), (False, 4, 6)])
def test_ransom_counts_kept_bishopric_of_a_pope_and_a_cardinal(
    on: bool, pope_cap: int, cardinal_cap: int
) -> None:
    from noblesse.games.fief.economy import ransom_cap

    s = table(3, ransom_counts_kept_bishopric=on)
    pope = lord(s, "arthur", 0, "sigy")
    s.pope, s.bishop[B["sigy"]] = pope, pope
    cardinal = lord(s, "charles", 1, "blaye")
    s.bishop[B["tournus"]], s.cardinal[cardinal] = cardinal, 1
    s.fief_holder[F["mazilles"]] = cardinal
    bishop = lord(s, "eric", 2, "bourg")
    s.bishop[B["bourg"]] = bishop
    assert (ransom_cap(s, pope), ransom_cap(s, cardinal), ransom_cap(s, bishop)) == (
        pope_cap,
        cardinal_cap,
        4,
    )


# ------------------------------------------------------------------ §6 #12, #13 (crown)


def _crown(on: bool) -> FiefState:
    s = table(3, crown_prince_kings_family=on)
    s.king = lord(s, "arthur", 0, "blaye")
    s.queen = lord(s, "isabelle", 1, "sigy")
    s.spouse[s.king], s.spouse[s.queen] = s.queen, s.king
    s.lord_deck.remove(C["henri"])
    return s


def _play_henri(s: FiefState, seat: int) -> None:
    s.hand = [[] for _ in s.hand]
    s.hand[seat] = [C["henri"]]
    s.fd_deck, s.fd_discard, s.first = [C["justice"], C["justice"]], [], seat
    begin(s, "cards")
    do(s, seat, "pass", "draw:fortune", "play:henri")


@pytest.mark.parametrize("on", [False, True])
def test_crown_prince_kings_family_or_the_queens(on: bool) -> None:
    """The Queen's family (seat 1) bears the Crown Prince by default; switched, the
    King's family (seat 0)."""
    for seat in (0, 1):
        s = _crown(on)
        _play_henri(s, seat)
        asked = s.kind == A.CROWN_PRINCE
        assert asked == (seat == (0 if on else 1))
        if asked:
            do(s, seat, "prince:yes")
            assert s.crown_prince == L["henri"] and s.l_owner[L["henri"]] == seat
        else:
            assert s.crown_prince == -1


@pytest.mark.parametrize(("on", "vp"), [(False, [0, 0, 0]), (True, [1, 0, 0])])
def test_queen_regent_vp_one_or_none(on: bool, vp: list[int]) -> None:
    s = table(3, queen_regent_vp=on)
    s.queen = lord(s, "blanche", 0, "sigy")
    s.regent = 1
    begin(s, "end_of_turn")
    assert s.vp == vp
    s.regent = 0  # a Queen beside a King: none
    begin(s, "end_of_turn")
    assert s.vp == [0, 0, 0]


# ------------------------------------------------------------------ §6 #15


def _bishop_barony(on: bool) -> tuple[FiefState, int]:
    s = table(3, clerics_hold_fief_titles=on)
    bishop = lord(s, "arthur", 0, "mazilles")
    s.bishop[B["tournus"]] = bishop
    troops(s, "mazilles", 0, 0, 1)
    troops(s, "st_andromy", 0, 0, 1)
    s.fort[V["mazilles"]] = 1
    s.money[0] = 4
    return s, bishop


@pytest.mark.parametrize("on", [True, False])
def test_clerics_hold_fief_titles_buying_inheriting_standing(on: bool) -> None:
    s, bishop = _bishop_barony(on)
    begin(s, "purchase")
    assert ("title:mazilles" in legal(s, 0)) == on  # his only lord is a Bishop
    # inheriting: the holder dies, the family's other lord is the Bishop
    s2, bishop = _bishop_barony(on)
    holder = lord(s2, "charles", 0, "st_andromy")
    s2.fief_holder[F["mazilles"]] = holder
    kill(s2, holder, "battle", [])
    assert s2.fief_holder[F["mazilles"]] == (bishop if on else -1)
    # standing for Bishop: a fief lord stands only when clerics may hold titles
    s3 = table(3, clerics_hold_fief_titles=on)
    for v in ("tournus", "mazilles", "chateau_neuf", "st_andromy"):
        troops(s3, v, 0, 0, 1)
    henri = lord(s3, "henri", 0, "tournus")
    s3.fief_holder[F["blaye"]] = henri
    begin(s3, "announcements")
    assert (s3.kind == A.CANDIDACY) == on
    if on:
        assert legal(s3, 0) == ["pass", "candidate:henri"]


# ------------------------------------------------------------------ §6 #16


@pytest.mark.parametrize("on", [True, False])
def test_owner_chooses_losses_in_the_plague_or_men_at_arms_go_first(on: bool) -> None:
    s = table(3, owner_chooses_losses=on)
    lord(s, "arthur", 0, "sigy")
    troops(s, "sigy", 0, 0, 1)
    lord(s, "charles", 1, "st_paul")
    troops(s, "st_paul", 1, 1, 4)  # 5 units: 2 lost
    s.fd_deck = [C["taxes"], C["justice"], C["plague"]]
    begin(s, "cards")
    dice(s, 5, 4, 4)  # Sigy; both lords live
    do(s, 0, "draw:fortune")
    if on:
        assert s.kind == A.PLAGUE_LOSS and s.actor == 1
        do(s, 1, "lose:knight")
        assert units(s, "st_paul", 1) == (0, 3)
    else:
        assert units(s, "st_paul", 1) == (1, 2)
        pass_window(s)  # the Plague placed
        assert s.kind == A.PLAY


@pytest.mark.parametrize("on", [True, False])
def test_owner_chooses_losses_among_lords_or_the_least_titled_dies(on: bool) -> None:
    """Two hits beyond one man-at-arms: one lord of two dies. Eric holds a title."""
    s = table(3, owner_chooses_losses=on)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 1, 0)
    troops(s, "charolles", 1, 0, 1)
    lord(s, "charles", 1, "charolles")
    s.fief_holder[F["blaye"]] = lord(s, "eric", 1, "charolles")
    begin(s, "battles")
    do(s, 0, "battle:charolles", "fight")
    dice(s, 4, 1)  # attacker 2 hits: 1 MaA + 1 lord; defender 1 hit
    do(s, 1, "fight")
    if on:
        assert s.kind == A.LORD_DEATH and legal(s, 1) == ["dies:charles", "dies:eric"]
        do(s, 1, "dies:eric")
        assert s.l_owner[L["eric"]] == -1
    else:
        assert s.l_owner[L["charles"]] == -1 and s.l_owner[L["eric"]] == 1
        assert s.l_captor[L["eric"]] == 0  # alone, no troops: taken


@pytest.mark.parametrize("on", [True, False])
def test_owner_chooses_losses_entering_the_plague_or_men_at_arms_go_first(on: bool) -> None:
    s = table(3, owner_chooses_losses=on)
    s.plague[B["sigy"]] = 1
    lord(s, "arthur", 0, "marcamps")
    troops(s, "marcamps", 0, 1, 3)
    begin(s, "movement")
    do(s, 0, "lord:arthur", "carry:knight", *["carry:man_at_arms"] * 3)
    dice(s, 4)
    do(s, 0, "move:sigy")
    if on:
        assert s.kind == A.PLAGUE_LOSS
        do(s, 0, "lose:knight")  # the other: a man, forced
        assert (s.carried_knights[L["arthur"]], s.carried_men_at_arms[L["arthur"]]) == (0, 2)
    else:
        assert (s.carried_knights[L["arthur"]], s.carried_men_at_arms[L["arthur"]]) == (1, 1)
    assert s.l_owner[L["arthur"]] == 0


# ------------------------------------------------------------------ §6 #17


@pytest.mark.parametrize(
    ("on", "roll", "stopped"),
    [(True, 2, True), (True, 5, False), (False, 2, False), (False, 5, True)],
)
def test_cardinal_stops_low_on_1_to_4_or_high_on_3_to_6(on: bool, roll: int, stopped: bool) -> None:
    s = table(3, cardinal_stops_low=on)
    s.famine[B["sigy"]] = 1
    cleric = lord(s, "charles", 1, "sigy")
    s.bishop[B["sigy"]], s.cardinal[cleric] = cleric, 1
    troops(s, "sigy", 2, 0, 1)
    lord(s, "eric", 2, "sigy")
    s.hand[0] = [C["uprising"]]
    begin(s, "income")
    do(s, 0, "play:uprising", "uprising:sigy", "against:3")
    dice(s, roll, 2)
    ev = do(s, 1, "stop_uprising")
    assert bool(events_of(ev, "uprising_stopped")) == stopped
    assert units(s, "sigy", 2) == ((0, 1) if stopped else (0, 0))


# ------------------------------------------------------------------ §6 #18


def test_the_empty_villages_of_a_governed_fief_are_no_switch() -> None:
    """§6 #18 leaves nothing open: the source "該封地的無主村莊視為被封地貴族統治" (the fief's
    ownerless villages are governed by its lord) and spec §4.3, §4.4.3 make them the
    title holder's; no option turns that off."""
    assert "governed_empty_villages" not in GAME.options_schema()
    with pytest.raises(ValueError, match="unknown option"):
        GAME.setup(3, 1, {"governed_empty_villages": False})


# ------------------------------------------------------------------ §6 #20


@pytest.mark.parametrize("on", [True, False])
def test_election_tie_no_winner_or_the_first_in_turn_order(on: bool) -> None:
    """Seat 0 holds Tournus (2 votes), seat 1 two villages (2), seat 2 one (1); 2 - 2."""
    for first in (0, 1):
        s = table(3, first=first, election_tie_no_winner=on)
        for seat, villages in (
            (0, ["tournus"]),
            (1, ["mazilles", "chateau_neuf"]),
            (2, ["st_andromy"]),
        ):
            for v in villages:
                troops(s, v, seat, 0, 1)
        arthur = lord(s, "arthur", 0, "tournus")
        henri = lord(s, "henri", 1, "mazilles")
        begin(s, "announcements")
        for seat in (first, 1 - first):
            do(s, seat, "candidate:arthur" if seat == 0 else "candidate:henri")
        do(s, 0, "vote:arthur")
        do(s, 1, "vote:henri")
        ev = do(s, 2, "abstain")
        expected = -1 if on else (arthur if first == 0 else henri)
        assert events_of(ev, "ballot")[0]["elected"] == expected
        assert s.bishop[B["tournus"]] == expected


# ------------------------------------------------------------------ §6 #21, NOTES #1


@pytest.mark.parametrize("on", [False, True])
def test_one_family_per_fief_start_or_any_empty_village(on: bool) -> None:
    s = GAME.setup(3, 5, {"one_family_per_fief_start": on})
    GAME.apply(s, GAME.to_act(s)[0], GAME.decode("start:blaye"))
    names = legal(s, GAME.to_act(s)[0])
    assert ("start:charolles" in names) != on  # Charolles: Blaye's fief
    assert "start:sigy" in names


@pytest.mark.parametrize("on", [False, True])
def test_troops_capped_by_kit_eight_knights_or_no_limit(on: bool) -> None:
    s = table(3, troops_capped_by_kit=on)
    lord(s, "arthur", 0, "blaye")
    troops(s, "blaye", 0, 7, 13)
    s.money[0] = 10
    begin(s, "purchase")
    do(s, 0, "buy:knight:blaye")  # the 8th knight
    names = legal(s, 0)
    assert ("buy:knight:blaye" in names) != on
    assert ("buy:man_at_arms:blaye" in names) != on  # 13 men-at-arms already
    assert units(s, "blaye", 0) == (8, 13) and s.money[0] == 7


# ------------------------------------------------------------------ NOTES 9, 11, 15


@pytest.mark.parametrize("on", [True, False])
def test_raze_needs_empty_village_or_only_the_chosen_familys_troops_gone(on: bool) -> None:
    """The Uprising against seat 2 (Charles alone) rolls a die; seat 1's garrison is
    untouched: the source keeps the stronghold and mills, the spec razes them."""
    s = table(3, raze_needs_empty_village=on)
    s.famine[B["sigy"]] = 1
    lord(s, "arthur", 1, "sigy")
    troops(s, "sigy", 1, 1, 4)
    s.fort[V["sigy"]] = 1
    s.mills[V["sigy"]] = 2
    lord(s, "charles", 2, "sigy")
    s.hand[0] = [C["uprising"]]
    begin(s, "income")
    do(s, 0, "play:uprising", "uprising:sigy")
    dice(s, 1)
    do(s, 0, "against:3")
    assert s.l_owner[L["charles"]] == -1 and units(s, "sigy", 1) == (1, 4)
    assert (s.fort[V["sigy"]], s.mills[V["sigy"]]) == ((1, 2) if on else (0, 0))


@pytest.mark.parametrize(("on", "left"), [(True, [(0, 0), (0, 1)]), (False, [(0, 1), (0, 1)])])
def test_plague_halves_the_village_or_each_family_its_own(
    on: bool, left: list[tuple[int, int]]
) -> None:
    s = table(3, plague_halves_the_village=on)
    troops(s, "sigy", 1, 0, 1)
    troops(s, "sigy", 2, 0, 1)
    troops(s, "st_paul", 0, 0, 3)  # alone: 1 either way
    s.fd_deck = [C["taxes"], C["justice"], C["plague"]]
    begin(s, "cards")
    dice(s, 5)
    do(s, 0, "draw:fortune")
    assert [units(s, "sigy", 1), units(s, "sigy", 2)] == left
    assert units(s, "st_paul", 0) == (0, 2)


@pytest.mark.parametrize("on", [True, False])
def test_kings_tallage_uncontrolled_fief_or_any_fief_without_a_lord(on: bool) -> None:
    s = table(3, kings_tallage_uncontrolled_fief=on)
    s.king = lord(s, "arthur", 0, "sigy")
    s.fief_holder[F["blaye"]] = lord(s, "charles", 1, "blaye")
    for v in BOARD.fiefs[F["mazilles"]].villages:  # seat 2 holds all of it
        troops(s, BOARD.villages[v].key, 2, 0, 1)
    s.hand = [[] for _ in s.hand]
    s.hand[0] = [C["taxes"]]
    s.fd_deck, s.fd_discard = [C["justice"], C["justice"]], []
    begin(s, "cards")
    do(s, 0, "pass", "draw:fortune", "play:taxes")
    names = legal(s, 0)
    assert "tallage:blaye" not in names and "tallage:sigy" in names
    assert ("tallage:mazilles" in names) != on


# ------------------------------------------------------------------ NOTES 6 (cavalcades)


def _crossing(on: bool) -> FiefState:
    """Arthur at Blaye with two knights; seat 1's man-at-arms holds Charolles (no
    stronghold): a cavalcade may ride through it."""
    s = table(3, cavalcade_only_after_refusal=on)
    lord(s, "arthur", 0, "blaye")
    troops(s, "blaye", 0, 2, 0)
    troops(s, "charolles", 1, 0, 1)
    begin(s, "movement")
    do(s, 0, "lord:arthur", "carry:knight", "carry:knight")
    return s


@pytest.mark.parametrize("on", [False, True])
def test_cavalcade_only_after_refusal_crossing_a_village(on: bool) -> None:
    """By default the crossing is a first move; switched, Arthur asks to pass, is refused,
    and the refused entry becomes the cavalcade (2 dice against 1, +1 on the defender's)."""
    s = _crossing(on)
    assert ("cavalcade:charolles" in legal(s, 0)) != on
    do(s, 0, "move:charolles")
    assert s.kind == A.PERMIT and s.actor == 1
    do(s, 1, "permit:no")
    assert legal(s, 0) == (
        ["retreat", "stay", "cavalcade:charolles"] if on else ["retreat", "stay"]
    )
    if not on:
        return
    ev = do(s, 0, "cavalcade:charolles")
    assert events_of(ev, "cavalcade")[0]["from"] == V["blaye"]
    assert (s.cavalcade.case, s.battle.village, s.battle.defender, s.kind) == (
        3,
        V["charolles"],
        1,
        A.ROUND_ATT,
    )
    do(s, 0, "fight")
    dice(s, 1, 1, 1)
    ev = do(s, 1, "fight")
    assert events_of(ev, "round")[0]["hits"] == [2, 2]
    assert events_of(ev, "cavalcade_end")[0]["won"] is True
    lo = L["arthur"]
    assert (s.l_loc[lo], s.carried_knights[lo], s.l_moves[lo]) == (V["charolles"], 2, 1)
    assert "lord_done" not in legal(s, 0)  # he must ride on


@pytest.mark.parametrize("on", [False, True])
def test_cavalcade_only_after_refusal_not_on_a_later_move_nor_with_men_at_arms(on: bool) -> None:
    """Refused on a later move (Joan d'Arc's second of three), or carrying a
    man-at-arms: no cavalcade either way."""
    s = table(3, cavalcade_only_after_refusal=on)
    s.joan = lord(s, "jeanne", 0, "la_salle")
    troops(s, "la_salle", 0, 1, 0)
    troops(s, "charolles", 1, 0, 1)
    begin(s, "movement")
    do(s, 0, "lord:jeanne", "carry:knight", "move:blaye", "move:charolles")
    assert s.kind == A.PERMIT and s.l_moves[s.joan] == 1
    do(s, 1, "permit:no")
    assert legal(s, 0) == ["retreat", "stay"]
    s = _crossing(on)
    do(s, 0, "drop:knight")
    troops(s, "blaye", 0, 0, 1)
    do(s, 0, "carry:man_at_arms", "move:charolles")
    do(s, 1, "permit:no")
    assert legal(s, 0) == ["retreat", "stay"]


def test_cavalcade_only_after_refusal_lost_goes_back_where_it_started() -> None:
    """Switched: the refused entry turned cavalcade loses (three quiet rounds against two
    knights): Arthur and his knight are back at Blaye, his moves spent."""
    s = table(3, cavalcade_only_after_refusal=True)
    lord(s, "arthur", 0, "blaye")
    troops(s, "blaye", 0, 1, 0)
    troops(s, "charolles", 1, 2, 0)
    begin(s, "movement")
    do(s, 0, "lord:arthur", "carry:knight", "move:charolles")
    do(s, 1, "permit:no")
    do(s, 0, "cavalcade:charolles", "fight")
    dice(s, 1, 1, 1, 1, 1, 1)
    do(s, 1, "fight")
    do(s, 0, "fight")
    do(s, 1, "fight")
    do(s, 0, "fight")
    ev = do(s, 1, "fight")
    assert events_of(ev, "cavalcade_end")[0]["won"] is False
    lo = L["arthur"]
    assert (s.l_loc[lo], s.l_moves[lo]) == (V["blaye"], 0)
    assert units(s, "blaye", 0) == (1, 0) and units(s, "charolles", 1) == (2, 0)
    assert s.ctrl[V["charolles"]] == 1


def _road(on: bool) -> FiefState:
    """Charles (seat 1) came into Charolles from Blaye and stands on that road."""
    s = table(3, cavalcade_only_after_refusal=on)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 1, 0)
    lord(s, "charles", 1, None)
    put_lord(s, L["charles"], V["charolles"], came_from=V["blaye"])
    troops(s, "charolles", 1, 0, 1)
    settle(s, V["charolles"], [])
    begin(s, "movement")
    do(s, 0, "lord:arthur", "carry:knight")
    return s


@pytest.mark.parametrize("on", [False, True])
def test_cavalcade_only_after_refusal_down_a_road_refused(on: bool) -> None:
    s = _road(on)
    assert ("cavalcade:blaye" in legal(s, 0)) != on
    do(s, 0, "move:blaye")
    assert s.kind == A.PERMIT and s.actor == 1
    do(s, 1, "permit:no")  # no cards: back to his move
    names = legal(s, 0)
    assert "move:blaye" not in names and "cavalcade:blaye" in names
    do(s, 0, "cavalcade:blaye")
    assert (s.cavalcade.case, s.battle.village, s.battle.defender) == (2, V["charolles"], 1)


@pytest.mark.parametrize("on", [False, True])
def test_cavalcade_only_after_refusal_still_breaks_out_of_a_siege(on: bool) -> None:
    """Nobody asks the besiegers: the siege is their refusal, a breakout a first move."""
    s = table(3, cavalcade_only_after_refusal=on)
    lord(s, "arthur", 0, "blaye")
    troops(s, "blaye", 0, 1, 0)
    s.fort[V["blaye"]] = 1
    troops(s, "blaye", 1, 0, 1)
    s.engine[V["blaye"] * 6 + 1] = 1
    s.engines_used[1] = 1
    begin(s, "movement")
    do(s, 0, "lord:arthur", "carry:knight")
    assert [x for x in legal(s, 0) if x.startswith("cavalcade:")] == [
        "cavalcade:beaujeu",
        "cavalcade:la_salle",
        "cavalcade:charolles",
        "cavalcade:st_ciers_d_abzac",
    ]


# ------------------------------------------------------------------ NOTES 12, 14, 16


@pytest.mark.parametrize("on", [False, True])
def test_lords_alone_declare_battle_against_troops_but_not_lords_alone(on: bool) -> None:
    """Arthur alone faces two men-at-arms at Charolles: switched, he may attack, rolls his
    die (1 SP), kills one and dies of the defender's hit. Eric and Charles, lords alone
    at Blaye, never fight."""
    s = table(3, lords_alone_declare_battle=on)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 1, 0, 2)
    lord(s, "eric", 0, "blaye")
    lord(s, "charles", 1, "blaye")
    begin(s, "battles")
    if not on:
        assert s.kind == A.NONE or s.actor != 0
        return
    assert legal(s, 0) == ["pass", "battle:charolles"]
    do(s, 0, "battle:charolles", "fight")
    dice(s, 1, 1)
    ev = do(s, 1, "fight")
    assert events_of(ev, "round")[0]["losses"] == [[0, 0], [0, 1]]
    assert s.l_owner[L["arthur"]] == -1 and units(s, "charolles", 1) == (0, 1)


def _vacant_mazilles(on: bool) -> FiefState:
    """Seat 2 holds Mazilles' city with Arthur, who came before the title went vacant."""
    s = table(3, reclaim_needs_new_lord=on)
    lord(s, "arthur", 2, "mazilles")
    troops(s, "mazilles", 2, 0, 1)
    s.fort[V["mazilles"]] = 2
    s.vacated[F["mazilles"]] = s.clock
    s.clock += 1
    return s


@pytest.mark.parametrize("on", [True, False])
def test_reclaim_needs_new_lord_or_any_lord_of_the_family(on: bool) -> None:
    s = _vacant_mazilles(on)
    begin(s, "purchase")
    do(s, 0, "pass")
    do(s, 1, "pass")
    assert ("title:mazilles" in legal(s, 2)) != on
    if not on:
        ev = do(s, 2, "title:mazilles", "holder:arthur")
        assert events_of(ev, "buy")[0]["paid"] == 0
        assert s.fief_holder[F["mazilles"]] == L["arthur"] and s.money[2] == 0
    never = _vacant_mazilles(on)  # a title never held: bought
    never.vacated[F["mazilles"]] = 0
    begin(never, "purchase")
    do(never, 0, "pass")
    do(never, 1, "pass")
    assert "title:mazilles" not in legal(never, 2)


@pytest.mark.parametrize("on", [True, False])
def test_widow_inherits_every_stronghold_or_the_cities_only(on: bool) -> None:
    """Arthur, last of seat 0, holds Blaye: its city (2 knights, 3 men-at-arms) and a
    stronghold at Charolles (1 man-at-arms). Blanche of seat 1 is his widow."""
    s = table(3, widow_inherits_every_stronghold=on)
    a = lord(s, "arthur", 0, "blaye")
    troops(s, "blaye", 0, 2, 3)
    s.fort[V["blaye"]] = 2
    troops(s, "charolles", 0, 0, 1)
    s.fort[V["charolles"]] = 1
    s.fief_holder[F["blaye"]] = a
    b = lord(s, "blanche", 1, "sigy")
    s.spouse[a], s.spouse[b] = b, a
    ev: list = []
    kill(s, a, "battle", ev)
    assert s.fief_holder[F["blaye"]] == b
    assert units(s, "blaye", 1) == (2, 3) and s.ctrl[V["blaye"]] == 1
    heir = 1 if on else 0
    assert units(s, "charolles", heir) == (0, 1) and s.ctrl[V["charolles"]] == heir
    assert len(events_of(ev, "fortress_inherited")) == (2 if on else 1)


# ------------------------------------------------------------------ the any-time cards


@pytest.mark.parametrize("on", [True, False])
def test_opportunity_cards_at_windows_only_at_income_or_any_time(on: bool) -> None:
    """The one-window reading: the green cards only at the Income window, one card a
    seat; otherwise the window asks again after a card, and the holder may play one
    beside his own decisions (here in Movement, the Famine still on)."""
    s = table(3, opportunity_cards_at_windows=on)
    s.famine[B["sigy"]] = 1
    lord(s, "arthur", 0, "sigy")
    troops(s, "sigy", 0, 1, 0)
    s.assassin[lord(s, "charles", 1, "sigy")] = 1
    troops(s, "sigy", 1, 0, 1)
    s.hand[0] = [C["uprising"], C["justice"]]
    begin(s, "income")
    assert (s.kind, s.actor) == (A.WINDOW, 0)
    assert legal(s, 0) == ["pass", "play:uprising", "play:justice"]
    do(s, 0, "play:justice", "dies:charles")
    assert s.l_owner[L["charles"]] == -1
    if on:
        assert flow.PHASE_NAMES[s.phase] != "income"  # one card a seat, once a turn
    else:
        assert (s.kind, s.actor) == (A.WINDOW, 0)  # asked again: a new event
        do(s, 0, "pass")
    begin(s, "movement")
    assert (s.kind, s.actor) == (A.MOVE_SELECT, 0)
    assert ("play:uprising" in legal(s, 0)) is (not on)
