"""The 技 (skill) and 天 (heaven) characters one by one, armed effects, people (spec §4)."""

from __future__ import annotations

from conflicting_legends_scenario import (
    GAME,
    C,
    assert_illegal,
    discard,
    do,
    events_of,
    glory,
    hand,
    lands,
    legal,
    start_war,
    table,
    tableau,
    throw,
    tokens,
    types,
    yellow,
)

ZERO = (0, 0, 0)


def qin_table(**kw):
    kw.setdefault("tokens", {0: ZERO, 1: ZERO, 2: ZERO, 3: ZERO})
    return table(**kw)


# ------------------------------------------------------------------ red
def test_qin_shi_huang_each_other_player_discards_a_card_of_his_choice_clockwise() -> None:
    s = qin_table(
        hands={0: ["qin_shi_huang"], 1: ["people", "confucius"], 2: [], 3: ["isaac_newton"]},
        passed=[3],
    )
    do(s, 0, "play:qin_shi_huang")
    assert GAME.to_act(s) == (1,) and legal(s) == ["card:confucius", "card:people"]
    assert_illegal(s, 1, "card:isaac_newton")
    do(s, 1, "card:confucius")
    # seat 2 has no card and is skipped; seat 3 has passed and still discards (A5)
    assert GAME.to_act(s) == (3,)
    out = do(s, 3, "card:isaac_newton")
    assert (
        hand(s, 1) == ["people"]
        and hand(s, 3) == []
        and discard(s) == ["confucius", "isaac_newton"]
    )
    assert events_of(out, "discard")[0]["why"] == "qin"
    assert GAME.to_act(s) == (1,)  # the action is over: next player


def test_qin_shi_huang_with_nobody_holding_cards_does_nothing() -> None:
    s = qin_table(hands={0: ["qin_shi_huang"]})
    do(s, 0, "play:qin_shi_huang")
    assert GAME.to_act(s) == (1,) and s.pending.kind == 0


def test_augustus_when_discarded_flips_a_cheap_white_territory_for_free() -> None:
    s = qin_table(
        hands={0: ["qin_shi_huang"], 1: ["augustus"]}, lands={1: ["great_plains", "british_isles"]}
    )  # builds 2 and 4
    do(s, 0, "play:qin_shi_huang")
    out = do(s, 1, "card:augustus")
    assert yellow(s, "great_plains") and not yellow(s, "british_isles")  # only one eligible
    assert tokens(s, 1) == [0, 0, 0] and hand(s, 1) == []  # no payment, no draw
    assert types(out)[:3] == ["discard", "heaven", "develop"]


def test_augustus_asks_which_when_several_are_eligible() -> None:
    s = qin_table(
        hands={0: ["qin_shi_huang"], 1: ["augustus"], 2: ["people"]},
        lands={1: ["great_plains", "north_africa", "pampas"]},
        yellow=["pampas"],
    )
    do(s, 0, "play:qin_shi_huang")
    do(s, 1, "card:augustus")
    assert GAME.to_act(s) == (1,) and legal(s) == ["develop:north_africa", "develop:great_plains"]
    do(s, 1, "develop:north_africa")
    assert yellow(s, "north_africa") and not yellow(s, "great_plains")
    assert GAME.to_act(s) == (2,)  # then Qin Shi Huang goes on (A6)


def test_augustus_with_nothing_eligible_does_nothing() -> None:
    s = qin_table(hands={0: ["qin_shi_huang"], 1: ["augustus"]}, lands={1: ["east_asia"]})
    do(s, 0, "play:qin_shi_huang")
    out = do(s, 1, "card:augustus")
    assert not yellow(s, "east_asia") and "no_use" in types(out)


def test_sun_tzu_arms_and_wins_the_owners_next_war_at_the_second_tie_defending() -> None:
    s = table(hands={0: ["julius_caesar"], 1: ["sun_tzu"]}, player=1)
    out = do(s, 1, "play:sun_tzu")
    assert events_of(out, "armed") and GAME.view(s, 2)["players"][1]["armed"] == ["sun_tzu"]
    do(s, 2, "pass")
    do(s, 3, "pass")
    start_war(s, 0, "julius_caesar", "pampas")
    assert s.armed == [] and s.war.def_triggers  # attached and used up
    throw(s, "rock", "rock")
    out = throw(s, "paper", "paper")
    assert events_of(out, "trigger")[0]["seat"] == 1
    assert events_of(out, "war_end")[0]["winner"] == 1 and lands(s, 1) == ["pampas"]


def test_sun_tzu_is_used_up_by_the_first_war_even_if_it_does_not_fire() -> None:
    s = table(
        hands={0: ["julius_caesar", "hannibal"]},
        tableau={0: ["sun_tzu"]},
        armed=[("sun_tzu", 0)],
        passed=[1, 2, 3],
    )
    start_war(s, 0, "julius_caesar", "pampas")
    throw(s, "rock", "scissors")
    assert s.armed == []
    start_war(s, 0, "hannibal", "great_plains")
    assert s.war.att_triggers == ()


def test_sun_tzu_only_for_a_war_its_owner_takes_part_in() -> None:
    s = table(hands={0: ["julius_caesar"]}, tableau={3: ["sun_tzu"]}, armed=[("sun_tzu", 3)])
    start_war(s, 0, "julius_caesar", "pampas")
    assert s.armed == [(s.tableau[3][0], 3)] and s.war.def_triggers == ()


def test_columbus_takes_the_top_territory_for_military_minus_two() -> None:
    s = table(
        hands={0: ["christopher_columbus"]},
        tokens={0: (1, 0, 0)},
        land_deck=["polynesia", "west_asia"],
    )  # requirement 4 - 2 = 2 > 1
    out = do(s, 0, "play:christopher_columbus")
    assert "no_use" in types(out) and GAME.to_act(s) == (1,)
    s = table(
        hands={0: ["christopher_columbus"]},
        tokens={0: (2, 0, 0)},
        land_deck=["pampas", "west_asia"],
        lands={0: ["scandinavia"]},
    )
    do(s, 0, "play:christopher_columbus")
    assert legal(s) == ["skip", "use"]
    out = do(s, 0, "use")
    assert lands(s, 0) == ["scandinavia", "west_asia"] and tokens(s, 0) == [0, 0, 0]
    assert events_of(out, "expand")[0]["paid"] == [2, 0, 0]


def test_columbus_never_below_zero_and_may_be_declined() -> None:
    s = table(
        hands={0: ["christopher_columbus"]},
        tokens={0: ZERO},
        lands={0: ["scandinavia"]},
        land_deck=["polynesia"],
    )  # requirement 1 - 2 -> 0
    do(s, 0, "play:christopher_columbus", "use")
    assert lands(s, 0) == ["scandinavia", "polynesia"] and tokens(s, 0) == [0, 0, 0]
    s = table(hands={0: ["christopher_columbus"]}, tokens={0: (5, 0, 0)})
    out = do(s, 0, "play:christopher_columbus", "skip")
    assert "decline" in types(out) and lands(s, 0) == ["polynesia"] and tokens(s, 0)[0] == 5
    assert tableau(s, 0) == ["christopher_columbus"]


# ------------------------------------------------------------------ green
def test_confucius_gains_two_culture() -> None:
    s = table(hands={0: ["confucius"]})
    do(s, 0, "play:confucius")
    assert tokens(s, 0) == [1, 3, 1]


def test_gandhi_turns_the_defenders_first_lost_throw_into_a_tie() -> None:
    s = table(hands={0: ["julius_caesar"]}, tableau={1: ["gandhi"]}, armed=[("gandhi", 1)])
    out = start_war(s, 0, "julius_caesar", "pampas")
    assert s.war.gandhi and s.armed == []
    assert events_of(out, "attached") == [{"type": "attached", "seat": 1, "card": C("gandhi")}]
    out = throw(s, "rock", "scissors")
    assert events_of(out, "converted") == [
        {"type": "converted", "seat": 1, "card": C("gandhi"), "result": "tie"}
    ]
    assert s.war.ties == 1
    out = throw(s, "rock", "scissors")  # spent: the second loss stands
    assert lands(s, 0) == ["polynesia", "pampas"]
    assert tokens(s, 0) == [1, 1, 1]  # and Caesar sees a tie in this war


def test_gandhi_stays_armed_when_its_owner_attacks() -> None:
    s = table(hands={0: ["julius_caesar"]}, tableau={0: ["gandhi"]}, armed=[("gandhi", 0)])
    start_war(s, 0, "julius_caesar", "pampas")
    assert not s.war.gandhi and len(s.armed) == 1


def test_gandhi_played_arms_it() -> None:
    s = table(hands={0: ["gandhi"]})
    out = do(s, 0, "play:gandhi")
    assert events_of(out, "armed") and len(s.armed) == 1 and tokens(s, 0) == [1, 1, 1]


def test_shakespeare_draws_two() -> None:
    s = table(hands={0: ["shakespeare"]}, deck=["people", "mozart", "li_bai"])
    out = do(s, 0, "play:shakespeare")
    assert hand(s, 0) == ["li_bai", "mozart"]
    assert events_of(out, "draw")[0] == {"type": "draw", "seat": 0, "count": 2, "wanted": 2}


def test_leonardo_develops_with_any_mix_of_culture_and_technology() -> None:
    s = table(
        hands={0: ["leonardo_da_vinci"]},
        tokens={0: (0, 2, 3)},
        lands={0: ["british_isles", "east_asia"]},
        deck=["people", "mozart"],
    )
    do(s, 0, "play:leonardo_da_vinci")
    assert legal(s) == ["skip", "develop:british_isles", "develop:east_asia"]
    do(s, 0, "develop:british_isles")  # build 4: culture 1 or 2, the rest technology
    assert legal(s) == ["pay_culture:1", "pay_culture:2"]
    out = do(s, 0, "pay_culture:1")
    assert yellow(s, "british_isles") and tokens(s, 0) == [0, 1, 0]
    assert hand(s, 0) == ["mozart"]  # draws 1 as after a build
    assert events_of(out, "develop")[0]["paid"] == [0, 1, 3]


def test_leonardo_one_possible_split_is_paid_at_once_and_it_may_be_declined() -> None:
    s = table(hands={0: ["leonardo_da_vinci"]}, tokens={0: (0, 1, 1)})
    do(s, 0, "play:leonardo_da_vinci", "develop:polynesia")
    assert yellow(s, "polynesia") and tokens(s, 0) == [0, 0, 0] and GAME.to_act(s) == (1,)
    s = table(hands={0: ["leonardo_da_vinci"]}, tokens={0: (0, 1, 1)})
    do(s, 0, "play:leonardo_da_vinci", "skip")
    assert not yellow(s, "polynesia") and tokens(s, 0) == [0, 1, 1]
    s = table(hands={0: ["leonardo_da_vinci"]}, tokens={0: (9, 1, 0)})
    assert "no_use" in types(do(s, 0, "play:leonardo_da_vinci"))


def test_michelangelo_develops_for_one_less_in_a_single_type() -> None:
    s = table(
        hands={0: ["michelangelo"]},
        tokens={0: (0, 3, 3)},
        lands={0: ["british_isles"]},
        deck=["people", "socrates"],
    )
    do(s, 0, "play:michelangelo", "develop:british_isles")
    assert legal(s) == ["token:culture", "token:technology"]
    out = do(s, 0, "token:technology")
    assert tokens(s, 0) == [0, 3, 0] and yellow(s, "british_isles")
    assert hand(s, 0) == ["socrates"] and events_of(out, "develop")[0]["paid"] == [0, 0, 3]


def test_michelangelo_pays_the_only_affordable_type_and_never_mixes() -> None:
    s = table(
        hands={0: ["michelangelo"]}, tokens={0: (0, 1, 2)}, lands={0: ["british_isles", "pampas"]}
    )
    do(s, 0, "play:michelangelo")
    assert legal(s) == ["skip", "develop:pampas"]  # British Isles needs 3 of one type
    do(s, 0, "develop:pampas")  # 2 - 1 = 1: both types could pay... culture 1, tech 2
    assert GAME.to_act(s) == (0,) and legal(s) == ["token:culture", "token:technology"]
    s = table(hands={0: ["michelangelo"]}, tokens={0: (0, 0, 3)}, lands={0: ["british_isles"]})
    do(s, 0, "play:michelangelo", "develop:british_isles")
    assert tokens(s, 0) == [0, 0, 0] and yellow(s, "british_isles")


def discard_by_qin(card: str, **kw) -> tuple:
    kw.setdefault("deck", ["people", "people", "people", "mozart", "li_bai"])
    s = table(hands={0: ["qin_shi_huang"], 1: [card]}, **kw)
    do(s, 0, "play:qin_shi_huang")
    return s, do(s, 1, f"card:{card}")


def test_mozart_when_discarded_gains_three_culture() -> None:
    s, out = discard_by_qin("mozart", tokens={1: ZERO})
    assert tokens(s, 1) == [0, 3, 0] and "heaven" in types(out)


def test_li_bai_when_discarded_draws_two() -> None:
    s, _ = discard_by_qin("li_bai")
    assert hand(s, 1) == ["li_bai", "mozart"]


def test_socrates_when_discarded_gains_one_of_each() -> None:
    s, _ = discard_by_qin("socrates", tokens={1: ZERO})
    assert tokens(s, 1) == [1, 1, 1]


def test_heaven_cards_do_nothing_when_played() -> None:
    for card in ("mozart", "li_bai", "socrates", "galileo", "marie_curie", "cai_lun", "augustus"):
        s = table(hands={0: [card]}, tokens={0: ZERO})
        out = do(s, 0, f"play:{card}")
        assert types(out) == ["play", "turn"] and tokens(s, 0) == [0, 0, 0], card


# ------------------------------------------------------------------ blue
def test_einstein_takes_the_top_territory_paying_technology() -> None:
    s = table(hands={0: ["albert_einstein"]}, tokens={0: (9, 0, 3)})  # andes: 3
    do(s, 0, "play:albert_einstein")
    assert legal(s) == ["skip", "use"]
    do(s, 0, "use")
    assert lands(s, 0) == ["polynesia", "andes"] and tokens(s, 0) == [9, 0, 0]
    s = table(hands={0: ["albert_einstein"]}, tokens={0: (9, 9, 2)})
    assert "no_use" in types(do(s, 0, "play:albert_einstein"))


def test_newton_gains_two_technology() -> None:
    s = table(hands={0: ["isaac_newton"]})
    do(s, 0, "play:isaac_newton")
    assert tokens(s, 0) == [1, 1, 3]


def test_edison_draws_one_and_gains_one_technology() -> None:
    s = table(hands={0: ["thomas_edison"]}, deck=["people", "socrates"])
    out = do(s, 0, "play:thomas_edison")
    assert hand(s, 0) == ["socrates"] and tokens(s, 0) == [1, 1, 2]
    assert types(out)[1:3] == ["draw", "gain"]


def test_gutenberg_discards_up_to_two_then_draws_as_many() -> None:
    s = table(
        hands={0: ["gutenberg", "people", "people", "socrates"]},
        deck=["people", "confucius", "shakespeare"],
        tokens={0: ZERO},
    )
    do(s, 0, "play:gutenberg")
    assert legal(s) == ["skip", "card:socrates", "card:people"]
    do(s, 0, "card:socrates")  # a 天 card: it resolves at once
    assert tokens(s, 0) == [1, 1, 1]
    assert GAME.to_act(s) == (0,)
    do(s, 0, "card:people")
    assert hand(s, 0) == ["confucius", "people", "shakespeare"]
    assert discard(s) == ["socrates", "people"] and GAME.to_act(s) == (1,)


def test_gutenberg_may_stop_after_one_or_decline() -> None:
    s = table(hands={0: ["gutenberg", "people", "mozart"]}, deck=["confucius", "shakespeare"])
    do(s, 0, "play:gutenberg", "card:people")
    assert "Discard no more" in GAME.describe_action(s, GAME.decode("skip"))
    do(s, 0, "skip")
    assert hand(s, 0) == ["mozart", "shakespeare"]
    s = table(hands={0: ["gutenberg", "people"]})
    out = do(s, 0, "play:gutenberg", "skip")
    assert "decline" in types(out) and hand(s, 0) == ["people"]
    s = table(hands={0: ["gutenberg"]})
    do(s, 0, "play:gutenberg")  # nothing in hand: nothing to ask
    assert GAME.to_act(s) == (1,)


def test_darwin_discards_another_table_card_to_draw_two() -> None:
    s = table(
        hands={0: ["charles_darwin"]},
        tableau={0: ["galileo", "sun_tzu"]},
        armed=[("sun_tzu", 0)],
        deck=["people", "mozart", "li_bai"],
        tokens={0: ZERO},
    )
    do(s, 0, "play:charles_darwin")
    assert legal(s) == ["skip", "card:sun_tzu", "card:galileo"]
    do(s, 0, "card:galileo")
    assert tokens(s, 0) == [0, 0, 3]  # Galileo's 天 first
    assert hand(s, 0) == ["li_bai", "mozart"]
    assert tableau(s, 0) == ["sun_tzu", "charles_darwin"]
    s = table(hands={0: ["charles_darwin"]}, tableau={0: ["sun_tzu"]}, armed=[("sun_tzu", 0)])
    do(s, 0, "play:charles_darwin", "card:sun_tzu")
    assert s.armed == []  # its armed effect leaves with it


def test_darwin_declined_or_alone_draws_nothing() -> None:
    s = table(hands={0: ["charles_darwin"]}, tableau={0: ["people"]})
    do(s, 0, "play:charles_darwin", "skip")
    assert hand(s, 0) == [] and tableau(s, 0) == ["people", "charles_darwin"]
    s = table(hands={0: ["charles_darwin"]})
    out = do(s, 0, "play:charles_darwin")
    assert "no_use" in types(out) and hand(s, 0) == []


def test_galileo_when_discarded_gains_three_technology() -> None:
    s, _ = discard_by_qin("galileo", tokens={1: ZERO})
    assert tokens(s, 1) == [0, 0, 3]


def test_marie_curie_when_discarded_gains_two_of_a_chosen_type() -> None:
    s, _ = discard_by_qin("marie_curie", tokens={1: ZERO})
    assert GAME.to_act(s) == (1,) and legal(s) == [
        "token:military",
        "token:culture",
        "token:technology",
    ]
    do(s, 1, "token:military")
    assert tokens(s, 1) == [2, 0, 0]


def test_cai_lun_when_discarded_draws_one_and_gains_one_technology() -> None:
    s, _ = discard_by_qin("cai_lun", tokens={1: ZERO})
    assert hand(s, 1) == ["li_bai"] and tokens(s, 1) == [0, 0, 1]


# ------------------------------------------------------------------ people
def test_a_people_card_does_nothing_when_played() -> None:
    s = table(hands={0: ["people", "people"]})
    out = do(s, 0, "play:people")
    assert types(out) == ["play", "turn"] and tableau(s, 0) == ["people"]
    assert hand(s, 0) == ["people"] and glory(s, 0) == -1
