"""The data file is the single source of the board and cards (a user may replace it),
and the [assumed] switches of board.toml change the rules they name."""

from pathlib import Path

import pytest
from heads_of_state_scenario import REV, RK, SL, FixedRng, R, T, do, events_of, legal, table, types

from noblesse.games.heads_of_state import data


def test_a_replaced_data_file_is_read(tmp_path: Path) -> None:
    text = data.DATA_FILE.read_text(encoding="utf-8")
    changed = text.replace(
        'key = "FRA-GAS"\nen = "Gascony"\nzh = "加斯科涅"\ncountry = "france"\n'
        'capital = false\nslots = ["Baron"]\ninitial = 1',
        'key = "FRA-GAS"\nen = "Gascony"\nzh = "加斯科涅"\ncountry = "france"\n'
        'capital = false\nslots = ["Baron"]\ninitial = 6',
    )
    assert changed != text
    path = tmp_path / "board.toml"
    path.write_text(changed, encoding="utf-8")
    board = data.load(path)
    assert board.boxes[board.slots[board.slot("FRA-GAS.top")].box].initial == 6
    assert board.digest != data.BOARD.digest


def test_data_breaking_the_tie_break_rules_is_refused(tmp_path: Path) -> None:
    text = data.DATA_FILE.read_text(encoding="utf-8")
    path = tmp_path / "board.toml"
    path.write_text(
        text.replace('slots = ["Duke", "Earl"]', 'slots = ["Duke", "Duke"]'), encoding="utf-8"
    )
    with pytest.raises(ValueError, match="different ranks"):
        data.load(path)
    path.write_text(text.replace("initial = 3\n", "initial = 2\n", 1), encoding="utf-8")
    with pytest.raises(ValueError, match="distinct"):
        data.load(path)


def test_every_switch_is_an_option_with_a_scenario_here_and_a_label() -> None:
    """board.toml [switches]: each a game option defaulting to its data value, with
    en and zh-TW labels and a ``test_switch_<name>*`` scenario in this file."""
    from heads_of_state_scenario import GAME

    tests = [name for name in globals() if name.startswith("test_switch_")]
    assert data.BOARD.switches == {"treachery_rebuilt_when_needed": False}
    for switch, default in data.BOARD.switches.items():
        assert GAME.options_schema()[switch] is default
        assert any(t.startswith(f"test_switch_{switch}") for t in tests), switch
        labels = GAME.option_labels()[switch]
        assert labels["en"] and labels["zh-TW"], switch
    with pytest.raises(ValueError, match="true or false"):
        GAME.setup(3, 1, {"treachery_rebuilt_when_needed": "yes"})


def test_switch_treachery_rebuilt_when_needed_takes_in_the_cards_spent_meanwhile() -> None:
    """Flipped (§4.8's moment read loosely, "once the deck is drawn out"): the deck
    drawn out stays empty; the Guillotine seat 0 spends afterwards joins the two
    Inquisitions when seat 1 needs a card. The default: test_setup_and_turns
    ``test_the_last_treachery_card_drawn_shuffles_the_discard_pile_*``."""
    s = table(
        3,
        thands={0: {"guillotine": 1}},
        board={"FRA-GAS.top": 1},
        tr_deck=["gallows"],
        tr_discard=["inquisition", "inquisition"],
        options={"treachery_rebuilt_when_needed": True},
    )
    do(s, 0, "option:treachery", "draw")
    ev = do(s, 0, "draw_treachery")
    assert "treachery_reshuffle" not in types(ev) and s.tr_deck == []
    do(s, 0, "assassinate:FRA-GAS.top")  # nothing to ennoble: seat 1's turn
    assert s.tr_discard == [T["inquisition"]] * 2 + [T["guillotine"]]
    ev = do(s, 1, "option:treachery", "draw_treachery")
    assert events_of(ev, "treachery_reshuffle") == [{"type": "treachery_reshuffle", "count": 3}]
    assert len(s.tr_deck) == 2 and s.tr_discard == []
    assert sum(s.thands[1]) == 1


def test_switch_revolution_card_is_a_take(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(R.ASSUMED, "revolution_card_is_a_take", True)
    s = table(3, deck=[], rev=[REV], discard=["gold"] * 30)
    do(s, 0, "option:attributes", "draw")
    assert s.owed_attr == 2


def test_switch_two_assassins_draw_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(R.ASSUMED, "capital_assassins_single_draw", False)
    s = table(3, thands={0: {"assassin": 2}}, board={"FRA-PAR.top": 1})
    do(s, 0, "option:treachery", "draw", "draw_treachery")
    s.rng = FixedRng(s.rng, [0, 3])
    ev = do(s, 0, "assassinate:FRA-PAR.top")
    assert len(events_of(ev, "cube_draw")) == 2 and "survived" in types(ev)


def test_switch_first_round_reset(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(R.ASSUMED, "first_round_reset", False)
    s = table(3, turns=1)
    assert legal(s) == ["option:attributes"]


def test_switch_noble_house_needs_all_alive(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(R.ASSUMED, "noble_house_needs_all_ranks_ever", False)
    s = table(3, hands={0: {"gold": 1}})
    s.ranks_ever[0] = R.ALL_RANKS & ~(1 << RK["Baron"])
    do(s, 0, "option:attributes", "draw", "draw", "draw")
    ev = do(s, 0, "ennoble:FRA-GAS.top")
    assert "noble_house" not in types(ev)
    board = {
        "BRI-LON.top": 0,
        "BRI-LON.bottom": 0,
        "BRI-SCO.top": 0,
        "FRA-PRO.top": 0,
        "BRI-IRE.top": 0,
        "FRA-BUR.bottom": 0,
    }
    s = table(3, hands={0: {"gold": 1}}, board=board)
    do(s, 0, "option:attributes", "draw", "draw", "draw")
    ev = do(s, 0, "ennoble:FRA-GAS.top")
    assert [e["value"] for e in events_of(ev, "noble_house")] == [16]
    assert s.slots[SL["FRA-GAS.top"]] == 0


def test_switch_fixed_start_player(monkeypatch: pytest.MonkeyPatch) -> None:
    from heads_of_state_scenario import GAME

    monkeypatch.setitem(R.ASSUMED, "random_start_player", False)
    assert {GAME.setup(4, seed).starter for seed in range(10)} == {0}


def test_switch_first_round_ennoble(monkeypatch: pytest.MonkeyPatch) -> None:
    s = table(3, turns=1, hands={0: {"gold": 1}})
    do(s, 0, "option:attributes", "draw")
    assert s.kind == R.ACTING and "ennoble:FRA-GAS.top" in legal(s)
    monkeypatch.setitem(R.ASSUMED, "first_round_ennoble", False)
    s = table(3, turns=1, hands={0: {"gold": 1}})
    do(s, 0, "option:attributes", "draw")
    assert s.player == 1 and s.kind == R.CHOOSE


def test_switch_noble_house_needs_all_alive_a_dead_king_does_not_count(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(R.ASSUMED, "noble_house_needs_all_ranks_ever", False)
    # seat 0 once held London's King (dead now); every other rank is alive but the Baron
    board = {
        "BRI-LON.bottom": 0,
        "BRI-SCO.top": 0,
        "FRA-PRO.top": 0,
        "BRI-IRE.top": 0,
        "FRA-BUR.bottom": 0,
    }
    s = table(3, hands={0: {"gold": 1}}, board=board)
    s.ranks_ever[0] = R.ALL_RANKS & ~(1 << RK["Baron"])
    do(s, 0, "option:attributes", "draw", "draw", "draw")
    ev = do(s, 0, "ennoble:FRA-GAS.top")
    assert "noble_house" not in types(ev) and s.house == []
