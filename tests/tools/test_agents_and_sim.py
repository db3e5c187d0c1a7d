"""Bots and batch simulation through the kernel contract."""

from __future__ import annotations

import dataclasses
import random

import pytest

from noblesse import games
from noblesse.agents import act_honestly, make_agent
from noblesse.sim import build_report, play_game, run_batch
from noblesse.sim.report import wilson


def test_unknown_bot_is_refused() -> None:
    with pytest.raises(
        ValueError,
        match="unknown bot 'oracle'; levels: easy, normal, hard; bots: random, greedy, ismcts",
    ):
        make_agent("oracle")


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_seeded_bots_are_deterministic(kind: str) -> None:
    a = play_game("guillotine", [kind] * 4, seed=11)
    b = play_game("guillotine", [kind] * 4, seed=11)
    assert a == b


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_bots_only_choose_legal_actions(kind: str) -> None:
    game = games.get("guillotine")
    bot = make_agent(kind, 3)
    state = game.setup(3, 4)
    while not game.is_over(state):
        (seat,) = game.to_act(state)
        action = act_honestly(bot, game, state, seat)
        assert action in game.legal_actions(state, seat)
        game.apply(state, seat, action)


@pytest.mark.parametrize("game_id", ["guillotine", "fief"])
def test_a_random_bot_is_handed_its_seats_legal_actions_and_no_world(game_id: str) -> None:
    """No world is dealt for it: its generator's first draw picks the action, as the
    same draw picks it from the legal list; and ``easy`` decides as it does."""
    game = games.get(game_id)
    state = game.setup(4, 5)
    seat = game.to_act(state)[0]
    legal = game.legal_actions(state, seat)
    assert len(legal) > 1
    expected = legal[random.Random(9).randrange(len(legal))]
    assert act_honestly(make_agent("random", 9), game, state, seat) == expected
    assert act_honestly(make_agent("easy", 9), game, state, seat) == expected


def test_greedy_beats_random() -> None:
    results = run_batch("guillotine", 60, ["greedy", "random", "random", "random"], seed=2)
    report = build_report("guillotine", ["greedy"] + ["random"] * 3, 2, results)
    greedy = report["seats"][0]
    assert greedy["win_rate_95ci"][0] > 0.25


def test_greedy_takes_the_king_when_a_card_brings_him_forward() -> None:
    """One decision ahead: Public Demand on King Louis (5) beats collecting a Martyr (-1)."""
    from noblesse.games.guillotine.data import CARDS
    from noblesse.games.guillotine.rules import ACT, Pending

    game = games.get("guillotine")
    s = game.setup(2, 1)
    s.line = [CARDS.noble("martyr"), CARDS.noble("sheriff"), CARDS.noble("king_louis")]
    s.hands[0] = [CARDS.action("public_demand")]
    s.front = [[], []]
    s.player, s.pending, s.legal_cache = 0, Pending(ACT, 0), None
    bot = make_agent("greedy", 1)
    assert game.encode(bot.act(game, s, 0)) == "play:public_demand"
    game.apply(s, 0, game.decode("play:public_demand"))
    assert game.encode(bot.act(game, s, 0)) == "noble:3"


def test_greedy_looks_through_as_many_of_its_own_decisions_as_its_game_says(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Public Demand brings King Louis (5) to the front in two decisions, the card and
    then the noble; passing collects the Sheriff (1) at once. Through one decision the
    bot sees only the card leave its hand, and passes; through the four it looks
    through by default it plays the card."""
    from noblesse.games.guillotine.data import CARDS
    from noblesse.games.guillotine.rules import ACT, GuillotineState, Pending

    game = games.get("guillotine")

    def position() -> GuillotineState:
        s = game.setup(2, 1)
        s.line = [CARDS.noble("sheriff"), CARDS.noble("martyr"), CARDS.noble("king_louis")]
        s.hands[0] = [CARDS.action("public_demand")]
        s.front = [[], []]
        s.player, s.pending, s.legal_cache = 0, Pending(ACT, 0), None
        return s

    assert game.heuristics().depth == 4
    s = position()
    assert game.encode(make_agent("greedy", 1).act(game, s, 0)) == "play:public_demand"
    one = dataclasses.replace(game.heuristics(), depth=1)
    monkeypatch.setattr(game, "heuristics", lambda: one)
    assert game.encode(make_agent("greedy", 1).act(game, position(), 0)) == "pass"


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 0) == (0.0, 0.0)
