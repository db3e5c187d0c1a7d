"""The green-lightning cards at any time (source "這些帶有綠色閃電的牌可以在任何時間使用";
spec §4.12): Uprising, Assassination, Justice and a captive's Secret Passage, played after
Income, in Movement, in a battle and in answer to another card. The one-window reading,
``opportunity_cards_at_windows``: test_switches.py."""

from __future__ import annotations

import random

import pytest
from fief_scenario import (
    GAME,
    A,
    B,
    C,
    F,
    L,
    assert_illegal,
    begin,
    dice,
    do,
    events_of,
    legal,
    lord,
    pass_window,
    table,
    troops,
    types,
)

from noblesse.games.fief import flow, intrigue
from noblesse.games.fief.control import capture
from noblesse.games.fief.state import FiefState, order

# each card: what seat 0 does with it, and what it did (Charles of seat 1 killed, or
# Eric of seat 0 free again)
PLAYS = {
    "uprising": ("play:uprising", "uprising:sigy", "against:2"),
    "assassination": ("play:assassination", "dies:charles", "assassin_marker:arthur"),
    "justice": ("play:justice", "dies:charles"),
    "secret_passage": ("escape:eric",),
}


def _court(card: str, marked: bool = True) -> FiefState:
    """Famine in Sigy's bishopric. Seat 0: Arthur and a knight in Sigy, its lord Eric
    held there by seat 1, ``card`` in hand. Seat 1: Charles (with the assassin marker
    when ``marked``) and a man-at-arms in Sigy. Seat 2: Gauvain and a man in Blaye."""
    s = table(3)
    s.famine[B["sigy"]] = 1
    lord(s, "arthur", 0, "sigy")
    troops(s, "sigy", 0, 1, 0)
    eric = lord(s, "eric", 0, "sigy")
    charles = lord(s, "charles", 1, "sigy")
    troops(s, "sigy", 1, 0, 1)
    capture(s, eric, 1, [])
    s.assassin[charles] = int(marked)
    lord(s, "gauvain", 2, "blaye")
    troops(s, "blaye", 2, 0, 1)
    s.hand[0] = [C[card]]
    return s


def _played(s: FiefState, card: str, seat: int = 0) -> list:
    dice(s, 6 if card == "uprising" else 1)  # the Uprising's 3 + 1 hits; 1-3 kills
    return do(s, seat, *PLAYS[card])


def _done(s: FiefState, card: str) -> None:
    assert C[card] in s.fd_discard and s.hand[0] == []
    if card == "secret_passage":
        assert s.l_captor[L["eric"]] == -1
    else:
        assert s.l_owner[L["charles"]] == -1  # Charles is dead


@pytest.mark.parametrize("card", PLAYS)
def test_an_any_time_card_is_played_after_income(card: str) -> None:
    """The Famine lasts the whole turn: after Income (the taxes gone) an Uprising still
    breaks out; the other three likewise, at the window that opens the Ransoms phase."""
    s = _court(card)
    begin(s, "income")
    assert s.window == [0]  # the window at Income's start
    ev = do(s, 0, "pass")
    assert "income" in types(ev)
    assert flow.PHASE_NAMES[s.phase] == "ransoms" and (s.kind, s.actor) == (A.WINDOW, 0)
    assert PLAYS[card][0] in legal(s, 0)
    _played(s, card)
    _done(s, card)


@pytest.mark.parametrize("card", PLAYS)
def test_an_any_time_card_is_played_beside_a_movement_decision(card: str) -> None:
    s = _court(card)
    begin(s, "movement")
    assert (s.kind, s.actor) == (A.MOVE_SELECT, 0)
    assert PLAYS[card][0] in legal(s, 0)
    _played(s, card)
    _done(s, card)
    pass_window(s)
    assert (s.kind, s.actor) == (A.MOVE_SELECT, 0)  # his movement goes on


@pytest.mark.parametrize("card", PLAYS)
def test_an_any_time_card_is_played_in_the_battle_window(card: str) -> None:
    """Arthur attacks Charles in Sigy; seat 0 plays the card before the first round.
    The Uprising leaves seat 1 nobody there: the battle ends; else the round comes."""
    s = _court(card)
    begin(s, "battles")
    do(s, 0, "battle:sigy")
    assert (s.kind, s.actor) == (A.BATTLE_WINDOW, 0)
    assert PLAYS[card][0] in legal(s, 0)
    ev = _played(s, card)
    _done(s, card)
    if card == "uprising":
        assert events_of(ev, "battle_end")[0]["how"] == "eliminated" and s.battle is None
    else:
        assert (s.kind, s.actor) == (A.ROUND_ATT, 0) and s.battle is not None


@pytest.mark.parametrize("card", PLAYS)
def test_an_any_time_card_answers_another_card(card: str) -> None:
    """Seat 2 has Charles assassinated at the Income window and fails; its marker goes
    on Gauvain. The window asks everyone again: seat 0, who passed, answers (Justice on
    Gauvain, the new marked lord)."""
    s = _court(card, marked=False)
    s.hand[2] = [C["assassination"]]
    begin(s, "income")
    assert s.window == [0, 2]
    do(s, 0, "pass")
    dice(s, 6)
    do(s, 2, "play:assassination", "dies:charles")  # Charles' family holds no card
    assert s.kind == A.ASSASSIN_MARKER
    do(s, 2, "assassin_marker:gauvain")
    assert (s.kind, s.actor) == (A.WINDOW, 0) and flow.PHASE_NAMES[s.phase] == "income"
    if card == "justice":
        do(s, 0, "play:justice", "dies:gauvain")
        assert s.l_owner[L["gauvain"]] == -1
        return
    _played(s, card)
    _done(s, card)


def test_an_uprising_answers_a_famine_before_a_harvest_can_cancel_it() -> None:
    """The Famine drawn in the Cards phase is placed; before the Play step (where seat 1
    would cancel it with a Bountiful Harvest) seat 0 raises Sigy."""
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    lord(s, "charles", 1, "sigy")
    troops(s, "sigy", 1, 0, 1)
    s.hand[0] = [C["uprising"]]
    s.hand[1] = [C["bountiful_harvest"]]
    s.fd_deck = [C["taxes"]] * 6 + [C["famine"]]
    begin(s, "cards")
    do(s, 0, "pass")
    do(s, 1, "pass")
    dice(s, 5)  # the Famine: Sigy's bishopric
    do(s, 0, "draw:fortune")
    do(s, 1, "draw:fortune")
    do(s, 2, "draw:fortune")
    assert s.famine[B["sigy"]] == 1
    assert (s.kind, s.actor) == (A.WINDOW, 0)
    dice(s, 6)
    do(s, 0, "play:uprising", "uprising:sigy", "pass")  # no more Uprising cards: roll
    assert s.l_owner[L["charles"]] == -1 and s.famine[B["sigy"]] == 1
    pass_window(s)
    assert (s.kind, s.actor) == (A.PLAY, 0)  # then the Play step
    do(s, 0, "pass")
    assert "play:bountiful_harvest" in legal(s, 1)  # too late for Charles


def test_the_reaction_window_asks_each_seat_once_and_only_where_a_card_could_be_played() -> None:
    """Seat 1 holds a card but nothing green could be legal for it (no lord on the board,
    no tax or Famine, no captive): it is not asked; seat 0 is (Charles could be
    assassinated), answers once, and the phase goes on."""
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    lord(s, "charles", 2, "sigy")
    s.hand[0] = [C["taxes"]]
    s.hand[1] = [C["taxes"]]
    begin(s, "income")
    assert s.window == [0]
    assert (s.kind, s.actor) == (A.WINDOW, 0) and legal(s, 0) == ["pass"]
    do(s, 0, "pass")
    assert_illegal(s, 1, "pass")
    assert flow.PHASE_NAMES[s.phase] != "income"


def test_a_village_taxed_by_one_family_can_be_raised_by_every_other_and_by_two_by_all() -> None:
    """§4.12.1: not on a tax of one's own only. Charolles (fief Blaye, bishopric Blaye),
    with Charles of seat 2 there, taxed by seat 1's tallage alone: seats 0 and 2 may raise
    it. Seat 2's bishop's tithe on Blaye too: all three may. No tax at all: nobody."""
    s = table(3)
    lord(s, "charles", 2, "charolles")
    assert intrigue.risers(s) == set()
    s.tallage[F["blaye"]] = 1
    assert intrigue.risers(s) == {0, 2}
    s.tithe[B["blaye"]] = s.tithe[B["blaye"]]._replace(bishop=2)
    assert intrigue.risers(s) == {0, 1, 2}
    assert [intrigue.may_rise(s, p) for p in range(3)] == [True, True, True]


def test_the_seats_asked_are_those_for_whom_some_unseen_green_card_could_be_legal() -> None:
    """Along random games, ``answerers`` (each card's families read once) asks, in turn
    order, exactly the seats holding a card for whom a green card not all discarded
    would be legal, asked seat by seat; ``risers`` is ``may_rise`` for every seat."""
    rng = random.Random(8)
    found = {"asked": 0, "left out": 0, "risers": 0}
    for n in (3, 5, 6):
        s = GAME.setup(n, 20 + n)
        for _ in range(2500):
            if GAME.is_over(s):
                break
            assert intrigue.risers(s) == {p for p in range(n) if intrigue.may_rise(s, p)}
            justice = intrigue.unseen(s, C["justice"]) and bool(intrigue.justice_targets(s))
            expected = [
                p
                for p in order(s)
                if s.hand[p]
                and (
                    justice
                    or (intrigue.unseen(s, C["secret_passage"]) and intrigue.captives_of(s, p))
                    or (
                        intrigue.unseen(s, C["assassination"])
                        and intrigue.assassination_targets(s, p)
                    )
                    or (intrigue.unseen(s, C["uprising"]) and intrigue.may_rise(s, p))
                )
            ]
            assert intrigue.answerers(s) == expected
            found["asked"] += len(expected)
            found["left out"] += sum(1 for p in range(n) if s.hand[p]) - len(expected)
            found["risers"] += len(intrigue.risers(s))
            seat = GAME.to_act(s)[0]
            GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    assert min(found.values()) > 0, found


@pytest.mark.parametrize("seed", range(6))
def test_random_play_stays_finite_with_the_green_cards_any_time(seed: int) -> None:
    rng = random.Random(seed)
    s = GAME.setup(3 + seed % 4, seed, {"max_turns": 6})
    steps = 0
    while not GAME.is_over(s):
        seat = GAME.to_act(s)[0]
        GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
        steps += 1
        assert steps < 20000
    assert s.turn <= 6


def _battle_in_sigy(n: int, sides: dict[int, str], uprisings: tuple[int, ...]) -> FiefState:
    """Famine in Sigy's bishopric. Arthur (seat 0) with a knight attacks Charles (seat 1)
    with a man-at-arms there; Gauvain (seat 2) and, at four, Eric (seat 3) stand there
    without troops and join the ``sides`` given; each seat of ``uprisings`` holds an
    Uprising. Returns the state at the battle window."""
    s = table(n)
    s.famine[B["sigy"]] = 1
    lord(s, "arthur", 0, "sigy")
    troops(s, "sigy", 0, 1, 0)
    lord(s, "charles", 1, "sigy")
    troops(s, "sigy", 1, 0, 1)
    for seat, key in ((2, "gauvain"), (3, "eric"))[: n - 2]:
        lord(s, key, seat, "sigy")
    for seat in uprisings:
        s.hand[seat] = [C["uprising"]]
    begin(s, "battles")
    do(s, 0, "battle:sigy", "against:2")
    for seat, side in sides.items():
        do(s, seat, f"side:{side}")
    return s


def _rise(s: FiefState, seat: int, against: int) -> list:
    """``seat`` plays its Uprising in Sigy against ``against``, with a 6 (3 + 1 hits)."""
    assert (s.kind, s.actor) == (A.BATTLE_WINDOW, seat)
    dice(s, 6)
    return do(s, seat, "play:uprising", "uprising:sigy", f"against:{against + 1}")


def test_a_card_in_the_battle_window_leaving_a_sides_lords_alone_before_troops_takes_them() -> None:
    """§4.6.1 after a card in the battle window: the Uprising wipes out seat 1's
    man-at-arms and Charles with it; Gauvain of seat 2, who joined the defence without
    troops, is left alone before Arthur's knight and taken without dice (not ended as
    "lords alone on both sides")."""
    s = _battle_in_sigy(3, {2: "defender"}, (0,))
    ev = _rise(s, 0, 1)
    assert s.l_owner[L["charles"]] == -1  # killed with his troops
    assert events_of(ev, "battle_end")[0]["how"] == "captured" and s.battle is None
    assert s.l_captor[L["gauvain"]] == 0


def test_a_card_in_the_battle_window_leaving_the_attackers_lords_alone_lets_the_battle_go_on() -> (
    None
):
    """§4.6.1: "troops with no lord cannot attack but defend normally", and lords alone
    may go on attacking troops: seat 1's Uprising in the battle window wipes out
    Arthur's knight and Arthur with it; Gauvain of seat 2, who joined the attack without
    troops, faces Charles's man-at-arms and the window goes on."""
    s = _battle_in_sigy(3, {2: "attacker"}, (1,))  # seat 0 holds no card: not asked
    ev = _rise(s, 1, 0)
    assert s.l_owner[L["arthur"]] == -1  # killed with his knight
    assert not events_of(ev, "battle_end") and s.battle is not None
    assert s.l_captor[L["gauvain"]] == -1


def test_cards_in_the_battle_window_leaving_lords_alone_on_both_sides_end_the_battle() -> None:
    """§4.6.1 after cards in the battle window: Gauvain of seat 2 joins the attack and
    Eric of seat 3 the defence, both without troops. Seat 1's Uprising kills Arthur and
    his knight (the battle goes on), seat 2's kills Charles and his man: lords alone on
    both sides, the battle ends so, nobody taken."""
    s = _battle_in_sigy(4, {2: "attacker", 3: "defender"}, (1, 2))
    ev = _rise(s, 1, 0)
    assert s.l_owner[L["arthur"]] == -1 and not events_of(ev, "battle_end")
    ev = _rise(s, 2, 1)
    assert s.l_owner[L["charles"]] == -1
    assert events_of(ev, "battle_end")[0]["how"] == "lords_only" and s.battle is None
    assert s.l_captor[L["gauvain"]] == -1 and s.l_captor[L["eric"]] == -1
