"""Option B's assassinations (§5.4-§5.7) and the killer's re-ennoblement (B4)."""

from heads_of_state_scenario import (
    GAME,
    RK,
    SL,
    FixedRng,
    R,
    T,
    assert_illegal,
    do,
    events_of,
    legal,
    table,
    thand,
    types,
)

BARON = {"gold": 1}


def option_b(s: R.HeadsState, seat: int = 0) -> None:
    """Option B with a draw from each deck (a marriage and a gallows by default)."""
    do(s, seat, "option:treachery", "draw", "draw_treachery")


def test_a_country_card_kills_in_its_country() -> None:
    s = table(3, thands={0: {"guillotine": 1}}, board={"FRA-GAS.top": 1, "SPA-POR.top": 1})
    option_b(s)
    kills = [c for c in legal(s) if c.startswith("assassinate:")]
    assert kills == ["assassinate:FRA-GAS.top"]  # gallows (drawn) are for the German States
    ev = do(s, 0, "assassinate:FRA-GAS.top")
    assert "cube_draw" not in types(ev)
    assert events_of(ev, "killed")[0]["target"] == 1
    assert s.slots[SL["FRA-GAS.top"]] == -1 and s.dead == [(SL["FRA-GAS.top"], 1)]
    assert s.tr_discard == [T["guillotine"]] and thand(s, 0) == {"gallows": 1}


def test_a_capital_needs_two_cards_of_one_family() -> None:
    s = table(
        3, thands={0: {"guillotine": 1, "assassin": 1}}, board={"FRA-PAR.top": 1, "GER-BRA.top": 2}
    )
    option_b(s)  # (the drawn gallows could attack Brandenburg: the turn goes on)
    assert [c for c in legal(s) if c.startswith("assassinate:")] == ["assassinate:GER-BRA.top"]
    assert_illegal(s, 0, "assassinate:FRA-PAR.top", "2 France")
    s = table(3, thands={0: {"guillotine": 2}}, board={"FRA-PAR.bottom": 1})
    option_b(s)
    do(s, 0, "assassinate:FRA-PAR.bottom")
    assert s.slots[SL["FRA-PAR.bottom"]] == -1 and s.tr_discard == [T["guillotine"]] * 2


def test_an_assassin_draws_a_cube_three_to_one() -> None:
    s = table(3, thands={0: {"assassin": 1}}, board={"FRA-GAS.top": 1, "GER-BRA.top": 2})
    option_b(s)
    s.rng = FixedRng(s.rng, [3])  # cubes 0-2 are the attacker's, 3 the target's
    ev = do(s, 0, "assassinate:FRA-GAS.top")
    assert events_of(ev, "cube_draw") == [{"type": "cube_draw", "seat": 0, "target": 1, "cube": 1}]
    assert "survived" in types(ev) and s.slots[SL["FRA-GAS.top"]] == 1
    assert s.tr_discard == [T["assassin"]]  # spent anyway
    # failed: that noble cannot be targeted again this turn
    s.thands[0][T["assassin"]] = 1
    s.legal_cache = None
    assert_illegal(s, 0, "assassinate:FRA-GAS.top", "already targeted")

    s = table(3, thands={0: {"assassin": 1}}, board={"FRA-GAS.top": 1})
    option_b(s)
    s.rng = FixedRng(s.rng, [2])
    ev = do(s, 0, "assassinate:FRA-GAS.top")
    assert events_of(ev, "cube_draw")[0]["cube"] == 0 and "killed" in types(ev)


def test_the_cube_draw_is_seeded() -> None:
    outcomes = set()
    for seed in range(40):
        s = table(3, thands={0: {"assassin": 1}}, board={"FRA-GAS.top": 1}, seed=seed)
        option_b(s)
        again = GAME.clone(s)
        first = do(s, 0, "assassinate:FRA-GAS.top")
        second = do(again, 0, "assassinate:FRA-GAS.top")
        assert [e.for_seat(None) for e in first] == [e.for_seat(None) for e in second]
        outcomes.add(events_of(first, "cube_draw")[0]["cube"])
    assert outcomes == {0, 1}


def test_when_both_families_fit_the_attacker_chooses() -> None:
    s = table(3, thands={0: {"guillotine": 1, "assassin": 1}}, board={"FRA-GAS.top": 1})
    option_b(s)
    do(s, 0, "assassinate:FRA-GAS.top")
    assert s.kind == R.METHOD and legal(s) == ["with:guillotine", "with:assassin"]
    do(s, 0, "with:guillotine")
    assert thand(s, 0) == {"assassin": 1, "gallows": 1}


def test_the_killer_may_ennoble_in_the_space_emptied() -> None:
    s = table(3, hands={0: BARON}, thands={0: {"guillotine": 1}}, board={"FRA-GAS.top": 1})
    option_b(s)
    assert not any(c.startswith("ennoble:") for c in legal(s))  # B4: only killed spaces
    do(s, 0, "assassinate:FRA-GAS.top")
    assert [c for c in legal(s) if c.startswith("ennoble:")] == ["ennoble:FRA-GAS.top"]
    do(s, 0, "ennoble:FRA-GAS.top")
    assert s.slots[SL["FRA-GAS.top"]] == 0 and s.unfilled == -1
    assert s.noble_cards[0][RK["Baron"]] == 1


def test_no_second_kill_while_a_kill_is_unfilled() -> None:
    s = table(
        3,
        hands={0: {"gold": 1}},
        thands={0: {"guillotine": 3}},
        board={"FRA-GAS.top": 1, "FRA-BRE.bottom": 2, "FRA-BUR.bottom": 1},
    )
    option_b(s)
    do(s, 0, "assassinate:FRA-GAS.top")
    assert not any(c.startswith("assassinate:") for c in legal(s))
    assert_illegal(s, 0, "assassinate:FRA-BRE.bottom", "at most one killed noble")
    do(s, 0, "ennoble:FRA-GAS.top")  # kill -> fill -> kill is fine
    do(s, 0, "assassinate:FRA-BRE.bottom")
    assert s.dead == [(SL["FRA-GAS.top"], 1), (SL["FRA-BRE.bottom"], 2)]
    assert s.player == 1  # no gold left to fill Brittany, no third kill: the turn ended


def test_an_unfilled_kill_becomes_an_ordinary_empty_space() -> None:
    s = table(3, thands={0: {"guillotine": 1}}, board={"FRA-GAS.top": 1})
    option_b(s)
    do(s, 0, "assassinate:FRA-GAS.top")
    assert s.player == 1 and s.unfilled == -1  # nothing more to do: the turn ended
    s.hands[1][0] = 1  # gold for a Baron
    do(s, 1, "option:attributes", "draw", "draw", "draw")
    assert "ennoble:FRA-GAS.top" in legal(s)


def test_option_b_cannot_fill_a_space_emptied_earlier() -> None:
    s = table(3, hands={0: BARON}, thands={0: {"guillotine": 1}}, board={"GER-BRA.top": 1})
    option_b(s)
    assert_illegal(s, 0, "ennoble:FRA-GAS.top", "killed this turn")


def test_only_option_b_assassinates_and_never_your_own_noble() -> None:
    s = table(3, thands={0: {"guillotine": 2}}, board={"FRA-GAS.top": 0, "FRA-BRE.bottom": 1})
    do(s, 0, "option:attributes", "draw", "draw", "draw")
    assert s.kind != R.ACTING or not any(c.startswith("assassinate:") for c in legal(s))
    s = table(
        3,
        hands={0: BARON},
        thands={0: {"guillotine": 2}},
        board={"FRA-GAS.top": 0, "FRA-BRE.bottom": 1},
    )
    do(s, 0, "option:attributes", "draw", "draw", "draw")
    assert_illegal(s, 0, "assassinate:FRA-BRE.bottom", "chose treachery")
    s = table(3, thands={0: {"guillotine": 2}}, board={"FRA-GAS.top": 0, "FRA-BRE.bottom": 1})
    option_b(s)
    assert [c for c in legal(s) if c.startswith("assass")] == ["assassinate:FRA-BRE.bottom"]
    assert_illegal(s, 0, "assassinate:FRA-GAS.top", "your own")


def test_a_province_noble_of_seat_0_cannot_be_attacked_without_one_card_of_its_country() -> None:
    s = table(3, player=1, board={"FRA-GAS.top": 0, "GER-BRA.top": 2})
    option_b(s, 1)  # seat 1 draws a gallows: German States only
    assert [c for c in legal(s) if c.startswith("assassinate:")] == ["assassinate:GER-BRA.top"]
    refused = assert_illegal(s, 1, "assassinate:FRA-GAS.top")
    assert refused.message == "You need 1 France treachery card or 1 Assassin."
    assert refused.message_zh == "你需要1張法國的暗殺牌或1張「刺客」。"


def test_a_treachery_card_seen_taken_and_then_spent_is_no_longer_known_in_the_hand() -> None:
    s = table(3, player=1, tr_display=("guillotine", "assassin"), board={"FRA-GAS.top": 0})
    taken = do(s, 1, "option:treachery", "draw", "take:guillotine")
    assert events_of(taken, "take_treachery") == [
        {"type": "take_treachery", "seat": 1, "card": T["guillotine"]}
    ]
    assert GAME.view(s, 0)["players"][1]["known_treachery"] == {"guillotine": 1}
    ev = do(s, 1, "assassinate:FRA-GAS.top")
    gascony = SL["FRA-GAS.top"]
    assert events_of(ev, "assassinate") == [
        {
            "type": "assassinate",
            "seat": 1,
            "slot": gascony,
            "target": 0,
            "card": T["guillotine"],
            "count": 1,
        }
    ]
    assert events_of(ev, "killed") == [{"type": "killed", "seat": 1, "slot": gascony, "target": 0}]
    assert GAME.view(s, 0)["players"][1]["known_treachery"] == {}
    assert GAME.view(s, 2)["players"][1]["known_treachery"] == {}


def test_after_killing_the_noble_in_slot_0_no_other_noble_may_be_attacked_before_it_is_filled() -> (
    None
):
    king_set = {
        "gold": 1,
        "land": 1,
        "troops": 1,
        "title": 1,
        "castle": 1,
        "duelling": 1,
        "bishop": 1,
        "marriage": 1,
    }
    s = table(
        3,
        player=1,
        hands={1: king_set},
        thands={1: {"axeman": 3}},
        board={"BRI-LON.top": 0, "BRI-SCO.top": 2},
    )
    option_b(s, 1)
    assert SL["BRI-LON.top"] == 0
    do(s, 1, "assassinate:BRI-LON.top")  # a capital: two Axemen
    assert s.unfilled == 0 and thand(s, 1) == {"axeman": 1, "gallows": 1}
    assert legal(s) == ["ennoble:BRI-LON.top", "end_turn"]
    assert_illegal(s, 1, "assassinate:BRI-SCO.top", "Ennoble the noble you killed first")
    do(s, 1, "ennoble:BRI-LON.top")
    assert s.unfilled == -1 and legal(s) == ["assassinate:BRI-SCO.top", "end_turn"]
