"""The table says why a lord has no move (§4.5): the rule that took his roads away."""

from __future__ import annotations

from fief_scenario import GAME, B, V, begin, do, legal, lord, table, troops

from noblesse.games.fief.state import ADJ, BISHOPRIC_OF, SEATS


def _row(s: object, key: str) -> dict:
    return next(lo for lo in GAME.view(s, 0)["lords"] if lo["key"] == key)


def test_heavy_rain_on_his_bishopric_is_named_as_why_a_lord_has_no_move() -> None:
    s = table(3)
    lord(s, "arthur", 0, "villeneuve")  # Villeneuve lies in the Bishopric of Blaye
    begin(s, "movement")
    s.rain[B["blaye"]] = 1
    do(s, 0, "lord:arthur")
    assert not [a for a in legal(s, 0) if a.startswith("move:")]
    assert _row(s, "arthur")["no_move"] == {
        "reason": "heavy_rain",
        "bishoprics": ["blaye"],
        "en": "no move: Heavy Rain on the Bishopric of Blaye",
        "zh-TW": "無法移動：「布萊教區」有「暴雨」",
    }
    assert GAME.describe_decision(s, "en") == (
        "Move, carry or drop troops, or stop. Arthur cannot "
        "move: Heavy Rain on the Bishopric of Blaye"
    )
    assert (
        GAME.describe_decision(s, "zh-TW")
        == "移動、帶上或留下部隊，或停下。「亞瑟」無法移動：「布萊教區」有「暴雨」"
    )


def test_rain_next_door_closes_only_the_roads_into_that_bishopric() -> None:
    s = table(3)
    lord(s, "arthur", 0, "villeneuve")
    outside = sorted({BISHOPRIC_OF[w] for w in ADJ[V["villeneuve"]]} - {B["blaye"]})
    assert outside  # Villeneuve borders another bishopric
    begin(s, "movement")
    s.rain[outside[0]] = 1
    do(s, 0, "lord:arthur")
    moves = {a.removeprefix("move:") for a in legal(s, 0) if a.startswith("move:")}
    assert moves == {
        GAME.view(s, 0)["villages"][w]["key"]
        for w in ADJ[V["villeneuve"]]
        if BISHOPRIC_OF[w] == B["blaye"]
    }
    assert _row(s, "arthur")["no_move"] is None
    assert GAME.describe_decision(s, "en") == "Move, carry or drop troops, or stop"


def test_the_garrison_of_a_besieged_fortress_is_told_it_is_besieged() -> None:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    s.fort[V["blaye"]] = 1
    troops(s, "blaye", 1, 0, 2)  # besieged: an enemy siege engine before it
    s.engine[V["blaye"] * SEATS + 1] = 1
    s.engines_used[1] = 1
    lord(s, "henri", 1, "sigy")
    begin(s, "movement")
    assert _row(s, "arthur")["no_move"]["en"] == "no move: the garrison of a besieged fortress"
    assert _row(s, "henri")["no_move"] is None


def test_no_reason_is_shown_outside_the_movement_phase() -> None:
    s = table(3)
    lord(s, "arthur", 0, "villeneuve")
    s.rain[B["blaye"]] = 1
    begin(s, "battles")
    assert _row(s, "arthur")["no_move"] is None


def test_a_lord_whose_family_ended_its_movement_has_no_moves_left() -> None:
    s = table(3)
    lord(s, "arthur", 0, "villeneuve")
    lord(s, "henri", 1, "sigy")
    begin(s, "movement")
    do(s, 0, "pass")
    assert _row(s, "arthur")["no_move"] == {
        "reason": "spent",
        "bishoprics": [],
        "en": "no moves left this turn",
        "zh-TW": "本回合已沒有移動次數",
    }
    assert _row(s, "henri")["no_move"] is None
