"""The owners' choices and the movement gaps: the Plague on entry (§4.2.3), a Secret
Passage without asking first and out of a siege (§4.12.2), where a freed lord arrives
(§5.1.2), which captive escapes, a cavalcade of several lords (§4.5.2), lifting a siege
in movement (§4.7)."""

from __future__ import annotations

import pytest
from fief_scenario import (
    GAME,
    A,
    C,
    L,
    V,
    assert_illegal,
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

from noblesse.games.fief import control
from noblesse.games.fief.control import capture

# ------------------------------------------------------------------ §5.1.2 placement


def _ransomable() -> object:
    """Arthur (seat 0) held by seat 1 in Sigy; seat 0 holds strongholds in Blaye and
    Bourg, and a lordless village (Tournus): tier 1 has two villages."""
    s = table(3)
    lo = lord(s, "arthur", 0, "sigy")
    troops(s, "sigy", 1, 0, 2)
    capture(s, lo, 1, [])
    for v in ("blaye", "bourg"):
        troops(s, v, 0, 0, 1)
        s.fort[V[v]] = 1
    troops(s, "tournus", 0, 0, 1)
    s.money[0] = 2
    return s


def test_a_ransomed_lord_s_family_chooses_among_the_first_tier_villages() -> None:
    s = _ransomable()
    lo = L["arthur"]
    begin(s, "ransoms")
    do(s, 0, "ransom:arthur")
    assert s.kind == A.PLACE_FREED and GAME.to_act(s) == (0,)
    assert legal(s, 0) == ["place:blaye", "place:bourg"]    # tier 1 only, not Tournus
    assert s.l_captor[lo] == -1 and s.l_loc[lo] == -1
    assert_illegal(s, 0, "place:tournus")
    ev = do(s, 0, "place:bourg")
    assert s.l_loc[lo] == V["bourg"]
    assert events_of(ev, "lord_placed")[0]["village"] == V["bourg"]
    assert s.kind == A.PURCHASE and GAME.to_act(s) == (0,)  # nothing left to ransom
    assert GAME.describe_decision(s) != ""


def test_a_single_village_tier_places_the_freed_lord_without_asking() -> None:
    s = _ransomable()
    s.fort[V["bourg"]] = 0                                   # tier 1: Blaye alone
    begin(s, "ransoms")
    ev = do(s, 0, "ransom:arthur")
    assert s.l_loc[L["arthur"]] == V["blaye"] and s.kind != A.PLACE_FREED
    assert events_of(ev, "lord_placed")[0]["village"] == V["blaye"]


def test_a_released_lord_goes_where_his_family_chooses_in_tier_two() -> None:
    s = _ransomable()
    s.fort[V["blaye"]] = s.fort[V["bourg"]] = 0
    lord(s, "charles", 0, "tournus")
    lord(s, "eric", 0, "bourg")
    s.money[0] = 0
    begin(s, "ransoms")
    do(s, 1, "release:arthur")
    assert GAME.to_act(s) == (0,) and legal(s, 0) == ["place:tournus", "place:bourg"]
    do(s, 0, "place:tournus")
    assert s.l_loc[L["arthur"]] == V["tournus"]


def test_tier_four_counts_an_ally_s_village(monkeypatch: pytest.MonkeyPatch) -> None:
    """No marriages yet: ``allies`` is empty and tier 4 is the uncontrolled villages;
    with an ally, its villages join tier 4 (source "沒人佔領或者盟友的村莊")."""
    s = table(3)
    for v in range(24):
        if v != V["sigy"]:
            troops(s, GAME_VILLAGE(v), 1, 0, 1)      # seat 1 holds every other village
    lo = lord(s, "arthur", 0, None)
    assert control.placement_options(s, 0) == [V["sigy"]]
    monkeypatch.setattr(control, "allies", lambda s, f: [1] if f == 0 else [0])
    assert control.placement_options(s, 0) == list(range(24))
    assert s.l_loc[lo] == -1


def GAME_VILLAGE(v: int) -> str:  # noqa: N802 - a key by id
    return next(k for k, i in V.items() if i == v)


def test_a_waiting_lord_s_family_chooses_where_he_arrives_in_the_play_step() -> None:
    s = table(3)
    lo = lord(s, "arthur", 0, None)                          # waiting off the board
    for v in ("blaye", "sigy"):
        troops(s, v, 0, 0, 1)
    for v in range(24):
        if s.ctrl[v] < 0:
            troops(s, GAME_VILLAGE(v), 2, 0, 1)               # nothing uncontrolled left
    s.mode = 3                                               # the Play step
    s.phase, s.cursor, s.kind = A.CARDS_PHASE, 0, A.NONE
    GAME.run(s, [])
    assert s.kind == A.PLACE_FREED and legal(s, 0) == ["place:blaye", "place:sigy"]
    do(s, 0, "place:sigy")
    assert s.l_loc[lo] == V["sigy"]


# ------------------------------------------------------------------ which captive escapes


def test_a_secret_passage_frees_the_captive_the_family_chooses() -> None:
    s = table(3)
    arthur = lord(s, "arthur", 0, "sigy")
    charles = lord(s, "charles", 0, "sigy")
    troops(s, "sigy", 1, 0, 2)
    capture(s, arthur, 1, [])
    capture(s, charles, 1, [])
    troops(s, "blaye", 0, 0, 1)
    s.fort[V["blaye"]] = 1
    s.hand[0] = [C["secret_passage"]]
    begin(s, "income")
    do(s, 0, "play:secret_passage")
    assert s.kind == A.ESCAPE_CHOICE and legal(s, 0) == ["escape:arthur", "escape:charles"]
    assert s.hand[0] == []                                   # the card is spent already
    ev = do(s, 0, "escape:charles")
    assert s.l_captor[charles] == -1 and s.l_loc[charles] == V["blaye"]
    assert s.l_captor[arthur] == 1 and s.l_loc[arthur] == V["sigy"]
    assert [e["lord"] for e in events_of(ev, "escape")] == [charles]
