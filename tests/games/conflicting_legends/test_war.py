"""War (spec §3.4, §4.3) and the war cards (戰) one by one."""

from __future__ import annotations

from conflicting_legends_scenario import (
    GAME,
    C,
    T,
    assert_illegal,
    do,
    events_of,
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


def war_table(card: str, **kw):
    """Seat 0 holds ``card``; seat 1 has Pampas (white, -1) and British Isles."""
    kw.setdefault("hands", {0: [card, "people"]})
    kw.setdefault("lands", {1: ["pampas", "british_isles"]})
    kw.setdefault("tokens", {0: (0, 0, 0), 1: (0, 0, 0)})
    return table(**kw)


# ------------------------------------------------------------------ the war itself
def test_a_war_card_asks_for_a_target_of_another_player() -> None:
    s = war_table("julius_caesar")
    out = do(s, 0, "play:julius_caesar")
    assert tableau(s, 0) == ["julius_caesar"]
    assert legal(s) == [
        "target:british_isles",
        "target:north_africa",
        "target:great_plains",
        "target:pampas",
    ]
    own = assert_illegal(s, 0, "target:polynesia")
    assert (own.message, own.message_zh) == (
        "Polynesia is your own territory: a war is fought for another player's territory.",
        "「玻里尼西亞」是你自己的領土：戰爭只能攻打其他玩家的領土。",
    )
    nobodys = assert_illegal(s, 0, "target:andes")  # still in the deck
    assert (nobodys.message, nobodys.message_zh) == (
        "Andes belongs to no player: a war is fought for another player's territory.",
        "「安地斯山區」不屬於任何玩家：戰爭只能攻打其他玩家的領土。",
    )
    first = assert_illegal(s, 0, "target:scandinavia")  # territory 0, nobody's at 4 seats
    assert first.message == (
        "Scandinavia belongs to no player: a war is fought for another player's territory."
    )
    assert GAME.describe_action(s, GAME.decode("target:andes")) == "Attack Andes (white side)"
    assert GAME.describe_action(s, GAME.decode("target:pampas")) == (
        "Attack Seat 2's Pampas (white side)"
    )
    # an action of no decision of a war: the words of the action and of the decision
    passing = assert_illegal(s, 0, "pass")
    assert (passing.message, passing.message_zh) == (
        '"Pass (no more actions this round)" is not possible now. '
        "Julius Caesar: choose the territory to attack.",
        "現在不能「PASS（本回合不再行動）」。「凱撒」：選擇要攻打的領土。",
    )
    out = do(s, 0, "target:pampas")
    war = events_of(out, "war")[0]
    assert (war["seat"], war["defender"], war["land"]) == (0, 1, T("pampas"))
    assert GAME.to_act(s) == (0,) and legal(s) == [
        "silent",
        "announce:rock",
        "announce:paper",
        "announce:scissors",
    ]


def test_attacker_wins_a_white_territory_and_takes_it_white_side_up() -> None:
    s = war_table("hannibal")
    start_war(s, 0, "hannibal", "pampas")
    out = throw(s, "rock", "scissors")
    assert lands(s, 0) == ["polynesia", "pampas"] and lands(s, 1) == ["british_isles"]
    assert not yellow(s, "pampas")
    end = events_of(out, "war_end")[0]
    assert (end["winner"], end["outcome"]) == (0, "taken")
    assert s.war is None and GAME.to_act(s) == (1,)  # the turn passes on
    assert tableau(s, 0) == ["hannibal"]  # the war card stays (§3.4.7)


def test_attacker_wins_a_yellow_territory_and_flips_it_to_white() -> None:
    s = war_table("hannibal", yellow=["british_isles"])
    start_war(s, 0, "hannibal", "british_isles")
    out = throw(s, "paper", "rock")
    assert lands(s, 1) == ["pampas", "british_isles"] and not yellow(s, "british_isles")
    assert events_of(out, "war_end")[0]["outcome"] == "flipped"


def test_defender_wins_and_nothing_happens() -> None:
    s = war_table("hannibal", yellow=["british_isles"])
    start_war(s, 0, "hannibal", "british_isles")
    out = throw(s, "scissors", "rock")
    assert lands(s, 1) == ["pampas", "british_isles"] and yellow(s, "british_isles")
    end = events_of(out, "war_end")[0]
    assert (end["winner"], end["outcome"]) == (1, "nothing")
    assert tableau(s, 0) == ["hannibal"]


def test_ties_are_thrown_again_until_one_side_wins() -> None:
    s = war_table("homer")
    start_war(s, 0, "homer", "pampas")
    out = throw(s, "rock", "rock") + throw(s, "scissors", "scissors")
    assert types(out).count("tie") == 2 and s.war.throw_no == 3 and s.war.ties == 2
    out = throw(s, "scissors", "rock")
    assert events_of(out, "war_end")[0]["winner"] == 1
    assert s.war is None


def test_rock_paper_scissors() -> None:
    for a, d, winner in [
        ("rock", "scissors", 0),
        ("scissors", "paper", 0),
        ("paper", "rock", 0),
        ("scissors", "rock", 1),
        ("paper", "scissors", 1),
        ("rock", "paper", 1),
    ]:
        s = war_table("julius_caesar")
        start_war(s, 0, "julius_caesar", "pampas")
        out = throw(s, a, d)
        assert events_of(out, "war_end")[0]["winner"] == winner, (a, d)


def test_the_throw_is_simultaneous_and_either_side_may_commit_first() -> None:
    s = war_table("julius_caesar")
    start_war(s, 0, "julius_caesar", "pampas")
    do(s, 0, "silent")
    do(s, 1, "silent")
    assert GAME.to_act(s) == (0, 1)
    assert legal(s, 0) == legal(s, 1) == ["throw:rock", "throw:paper", "throw:scissors"]
    assert do(s, 1, "throw:paper") == []  # nothing about a lone throw is told
    assert GAME.to_act(s) == (0,)
    assert_illegal(s, 1, "throw:rock")  # a throw cannot be changed
    out = do(s, 0, "throw:scissors")
    reveal = events_of(out, "reveal")[0]
    assert (reveal["attacker_gesture"], reveal["defender_gesture"]) == ("scissors", "paper")
    assert lands(s, 0) == ["polynesia", "pampas"]


def test_no_view_shows_a_throw_until_both_are_in() -> None:
    s = war_table("julius_caesar")
    start_war(s, 0, "julius_caesar", "pampas")
    do(s, 0, "silent")
    do(s, 1, "silent")
    before = {seat: GAME.view(s, seat) for seat in (None, 0, 1, 2, 3)}
    do(s, 0, "throw:rock")
    for seat in (None, 1, 2, 3):
        v = GAME.view(s, seat)
        assert v["war"]["my_throw"] is None and "rock" not in str(v["war"])
        assert v["players"] == before[seat]["players"]
    assert GAME.view(s, 0)["war"]["my_throw"] == "rock"  # only the thrower sees it
    for other in ("paper", "scissors"):  # the others' views do not depend on it
        s2 = GAME.clone(s)
        s2.war.committed[0] = ("rock", "paper", "scissors").index(other)
        for seat in (None, 1, 2, 3):
            assert GAME.view(s2, seat) == GAME.view(s, seat)


def test_determinize_resamples_the_other_sides_secret_throw() -> None:
    import random

    s = war_table("julius_caesar")
    start_war(s, 0, "julius_caesar", "pampas")
    do(s, 0, "silent")
    do(s, 1, "silent")
    do(s, 0, "throw:paper")
    rng = random.Random(3)
    seen = {GAME.determinize(s, 1, rng).war.committed[0] for _ in range(40)}
    assert seen == {0, 1, 2}
    assert {GAME.determinize(s, 0, rng).war.committed[0] for _ in range(10)} == {1}


def test_determinize_resamples_a_secret_rock_as_well() -> None:
    import random

    s = war_table("julius_caesar")
    start_war(s, 0, "julius_caesar", "pampas")
    do(s, 0, "silent")
    do(s, 1, "silent")
    do(s, 0, "throw:rock")
    rng = random.Random(3)
    assert {GAME.determinize(s, 1, rng).war.committed[0] for _ in range(40)} == {0, 1, 2}
    assert {GAME.determinize(s, 0, rng).war.committed[0] for _ in range(10)} == {0}


# ------------------------------------------------------------------ announcements (A11)
def test_announcements_are_public_optional_non_binding_attacker_first() -> None:
    s = war_table("julius_caesar")
    start_war(s, 0, "julius_caesar", "pampas")
    assert GAME.to_act(s) == (0,)
    out = do(s, 0, "announce:rock")
    assert out == [{"type": "announce", "seat": 0, "throw": 1, "gesture": "rock"}]
    assert GAME.view(s, 2)["war"]["announced"] == {"attacker": "rock", "defender": None}
    assert GAME.to_act(s) == (1,)
    do(s, 1, "silent")
    assert GAME.view(s, None)["war"]["announced"] == {"attacker": "rock", "defender": "silent"}
    do(s, 1, "throw:paper")
    out = do(s, 0, "throw:scissors")  # announced rock, threw scissors: allowed
    assert events_of(out, "war_end")[0]["winner"] == 0


# ------------------------------------------------------------------ A9, A10, A26
def test_a_war_card_cannot_be_played_without_a_target() -> None:
    s = war_table("julius_caesar", lands={1: [], 2: [], 3: []})
    assert "play:julius_caesar" not in legal(s)
    err = assert_illegal(s, 0, "play:julius_caesar")
    assert "no other player" in err.message


def test_a_passed_player_may_be_attacked() -> None:
    s = war_table("julius_caesar", passed=[1])
    start_war(s, 0, "julius_caesar", "pampas")
    throw(s, "rock", "scissors")
    assert lands(s, 0) == ["polynesia", "pampas"]
    assert GAME.to_act(s) == (2,)


# ------------------------------------------------------------------ the war cards
def test_julius_caesar_no_tie_win_gains_two_military() -> None:
    s = war_table("julius_caesar")
    start_war(s, 0, "julius_caesar", "pampas")
    throw(s, "rock", "scissors")
    assert tokens(s, 0) == [2, 0, 0]


def test_julius_caesar_no_bonus_after_a_tie_or_a_loss() -> None:
    s = war_table("julius_caesar")
    start_war(s, 0, "julius_caesar", "pampas")
    throw(s, "rock", "rock")
    throw(s, "rock", "scissors")
    assert lands(s, 0) == ["polynesia", "pampas"] and tokens(s, 0) == [0, 0, 0]
    s = war_table("julius_caesar")
    start_war(s, 0, "julius_caesar", "pampas")
    throw(s, "rock", "paper")
    assert tokens(s, 0) == [0, 0, 0]


def test_alexander_wins_at_the_second_consecutive_tie() -> None:
    s = war_table("alexander_the_great")
    start_war(s, 0, "alexander_the_great", "pampas")
    throw(s, "rock", "rock")
    assert s.war is not None
    out = throw(s, "paper", "paper")
    assert events_of(out, "trigger")[0] == {
        "type": "trigger",
        "seat": 0,
        "cards": [C("alexander_the_great")],
        "ties": 2,
    }
    assert lands(s, 0) == ["polynesia", "pampas"]


def test_charlemagne_turns_one_lost_throw_into_a_tie() -> None:  # R03, A30
    s = war_table("charlemagne")
    start_war(s, 0, "charlemagne", "pampas")
    out = throw(s, "rock", "paper")
    assert events_of(out, "reveal")[0]["result"] == "defender"
    assert GAME.to_act(s) == (0,) and legal(s) == ["skip", "use"]
    assert GAME.view(s, 2)["war"]["revealed"] == {"attacker": "rock", "defender": "paper"}
    out = do(s, 0, "use")
    assert types(out)[:2] == ["converted", "tie"] and s.war.ties == 1
    out = throw(s, "rock", "paper")  # spent: this loss stands
    assert events_of(out, "war_end")[0]["winner"] == 1
    assert lands(s, 1) == ["pampas", "british_isles"]


def test_charlemagne_may_be_declined_and_is_not_offered_on_a_win_or_tie() -> None:
    s = war_table("charlemagne")
    start_war(s, 0, "charlemagne", "pampas")
    out = throw(s, "rock", "rock")
    assert "tie" in types(out) and s.pending.kind == 3  # announce: no Charlemagne question
    throw(s, "rock", "paper")
    out = do(s, 0, "skip")
    assert events_of(out, "decline") == [{"type": "decline", "seat": 0, "card": C("charlemagne")}]
    assert events_of(out, "war_end")[0]["winner"] == 1


def test_napoleon_rock_win_gains_two_military() -> None:
    s = war_table("napoleon")
    start_war(s, 0, "napoleon", "pampas")
    throw(s, "paper", "paper")  # ties do not matter to Napoleon
    throw(s, "rock", "scissors")
    assert tokens(s, 0) == [2, 0, 0]
    s = war_table("napoleon")
    start_war(s, 0, "napoleon", "pampas")
    throw(s, "paper", "rock")
    assert lands(s, 0) == ["polynesia", "pampas"] and tokens(s, 0) == [0, 0, 0]


def test_napoleon_a_trigger_win_on_rock_rock_counts() -> None:
    s = war_table("napoleon", tableau={0: ["sun_tzu"]}, armed=[("sun_tzu", 0)])
    start_war(s, 0, "napoleon", "pampas")
    throw(s, "paper", "paper")
    throw(s, "rock", "rock")
    assert lands(s, 0) == ["polynesia", "pampas"] and tokens(s, 0) == [2, 0, 0]


def test_genghis_khan_flips_and_takes_a_yellow_territory() -> None:
    s = war_table("genghis_khan", yellow=["british_isles"])
    start_war(s, 0, "genghis_khan", "british_isles")
    out = throw(s, "rock", "scissors")
    assert lands(s, 0) == ["polynesia", "british_isles"] and not yellow(s, "british_isles")
    assert events_of(out, "war_end")[0]["outcome"] == "flipped_taken"
    s = war_table("genghis_khan")  # a white one is taken as usual
    start_war(s, 0, "genghis_khan", "pampas")
    throw(s, "rock", "scissors")
    assert lands(s, 0) == ["polynesia", "pampas"]


def test_hannibal_the_defender_may_not_throw_paper_in_the_first_throw() -> None:
    s = war_table("hannibal")
    start_war(s, 0, "hannibal", "pampas")
    do(s, 0, "silent")
    do(s, 1, "announce:paper")  # announcing it is still allowed: it binds no one
    assert legal(s, 1) == ["throw:rock", "throw:scissors"]
    assert legal(s, 0) == ["throw:rock", "throw:paper", "throw:scissors"]
    err = assert_illegal(s, 1, "throw:paper")
    assert "Paper" in err.message and "布" in err.message_zh
    assert GAME.view(s, 1)["war"]["defender_may_not"] == "paper"
    do(s, 1, "throw:rock")
    do(s, 0, "throw:rock")
    do(s, 0, "silent")
    do(s, 1, "silent")
    assert legal(s, 1) == ["throw:rock", "throw:paper", "throw:scissors"]  # throw 2


def test_homer_paper_paper_is_an_attacker_win() -> None:
    s = war_table("homer")
    start_war(s, 0, "homer", "pampas")
    out = throw(s, "paper", "paper")
    assert events_of(out, "converted")[0]["result"] == "attacker"
    assert lands(s, 0) == ["polynesia", "pampas"] and "tie" not in types(out)


def test_archimedes_scissors_scissors_is_an_attacker_win() -> None:
    s = war_table("archimedes")
    start_war(s, 0, "archimedes", "pampas")
    out = throw(s, "paper", "paper")
    assert "tie" in types(out)
    out = throw(s, "scissors", "scissors")
    assert lands(s, 0) == ["polynesia", "pampas"]
    assert s.war is None and events_of(out, "war_end")[0]["ties"] == 1


def test_machiavelli_takes_up_to_two_tokens_of_one_type() -> None:
    s = war_table("machiavelli", tokens={0: (0, 0, 0), 1: (5, 1, 3)})
    start_war(s, 0, "machiavelli", "pampas")
    throw(s, "rock", "scissors")
    assert GAME.to_act(s) == (0,) and legal(s) == [
        "token:military",
        "token:culture",
        "token:technology",
    ]
    assert not GAME.is_over(s) and s.war is not None
    out = do(s, 0, "token:culture")
    assert tokens(s, 0) == [0, 1, 0] and tokens(s, 1) == [5, 0, 3]
    assert events_of(out, "steal")[0]["amount"] == 1
    assert s.war is None and GAME.to_act(s) == (1,)


def test_machiavelli_nothing_to_take_and_no_question_when_lost() -> None:
    s = war_table("machiavelli", tokens={0: (0, 0, 0), 1: (0, 0, 0)})
    start_war(s, 0, "machiavelli", "pampas")
    throw(s, "rock", "scissors")
    assert s.war is None and GAME.to_act(s) == (1,)
    s = war_table("machiavelli", tokens={1: (3, 3, 3)})
    start_war(s, 0, "machiavelli", "pampas")
    throw(s, "rock", "paper")
    assert GAME.to_act(s) == (1,) and tokens(s, 1) == [3, 3, 3]


def test_nobel_discards_a_card_of_the_defenders_table_area_first() -> None:
    s = war_table("alfred_nobel", tableau={1: ["mozart", "people"]})
    start_war(s, 0, "alfred_nobel", "pampas")
    assert legal(s) == ["skip", "card:mozart", "card:people"]
    out = do(s, 0, "card:mozart")
    assert tableau(s, 1) == ["people"]
    assert tokens(s, 1) == [0, 3, 0]  # Mozart's 天 resolves for the defender
    assert types(out)[:3] == ["discard", "heaven", "gain"]
    assert s.pending.kind == 3  # then the first throw's announcement


def test_nobel_may_decline_and_is_not_asked_when_the_table_area_is_empty() -> None:
    s = war_table("alfred_nobel", tableau={1: ["people"]})
    start_war(s, 0, "alfred_nobel", "pampas")
    do(s, 0, "skip")
    assert tableau(s, 1) == ["people"] and s.pending.kind == 3
    s = war_table("alfred_nobel")
    start_war(s, 0, "alfred_nobel", "pampas")
    assert s.pending.kind == 3


def test_declining_nobel_moves_nothing_hidden_so_the_attacker_may_take_it_back() -> None:
    s = war_table("alfred_nobel", tableau={1: ["people"]})
    start_war(s, 0, "alfred_nobel", "pampas")
    before = GAME.secret_fingerprint(s)
    do(s, 0, "skip")
    assert GAME.to_act(s) == (0,)  # the attacker announces first
    assert GAME.secret_fingerprint(s) == before


def test_nobel_discarding_an_armed_card_removes_its_effect_from_this_war() -> None:
    s = war_table("alfred_nobel", tableau={1: ["sun_tzu"]}, armed=[("sun_tzu", 1)])
    start_war(s, 0, "alfred_nobel", "pampas")
    do(s, 0, "card:sun_tzu")
    assert s.armed == [] and s.war.def_triggers == ()
    throw(s, "rock", "rock")
    throw(s, "rock", "rock")
    assert s.war is not None  # no Sun Tzu win at the second tie


def test_hand_is_unchanged_by_a_war() -> None:
    s = war_table("julius_caesar")
    start_war(s, 0, "julius_caesar", "pampas")
    throw(s, "rock", "scissors")
    assert hand(s, 0) == ["people"]
