"""The zones of a state as one seat knows them (``zones``): what determinize keeps and
what it deals anew."""

from __future__ import annotations

from conflicting_legends_scenario import C, T, do, start_war, table

from noblesse.core.game import Zone
from noblesse.games.conflicting_legends import GAME


def test_a_throw_in_but_not_revealed_is_a_secret_choice_for_everyone_but_its_maker():
    s = table(
        hands={0: ["charlemagne", "people"], 1: ["mozart"]},
        lands={1: ["pampas", "british_isles"]},
        deck=["people", "li_bai"],
        land_deck=["east_asia", "andes"],
        discard=["confucius"],
    )
    start_war(s, 0, "charlemagne", "pampas")
    do(s, 0, "silent")
    do(s, 1, "silent")
    do(s, 0, "throw:rock")
    z = GAME.zones(s, 1)
    assert sorted(z) == [
        "deck",
        "discard",
        "hand:0",
        "hand:1",
        "hand:2",
        "hand:3",
        "table:0",
        "table:1",
        "table:2",
        "table:3",
        "territory_deck",
        "territory_top",
        "throw:0",
    ]
    assert z["throw:0"] == Zone((0,), True, "throw:0", choices=(0, 1, 2))
    assert GAME.zones(s, 0)["throw:0"] == Zone((0,), False, "throw:0", choices=(0, 1, 2))
    assert z["hand:1"] == Zone((C("mozart"),))  # its own hand: seen
    assert z["hand:0"] == Zone((C("people"),), True, "characters")
    assert z["deck"] == Zone((C("people"), C("li_bai")), True, "characters", True)
    assert z["table:0"] == Zone((C("charlemagne"),))
    assert z["discard"] == Zone((C("confucius"),))
    assert z["territory_deck"] == Zone((T("east_asia"),), True, "territories", True)
    assert z["territory_top"] == Zone((T("andes"),))
