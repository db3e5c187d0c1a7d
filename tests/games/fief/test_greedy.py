"""The Fief greedy bot: it fights the battles it can win, not the others, buys a title
when it can, and beats random play."""

from __future__ import annotations

from fief_scenario import GAME, begin, do, fort, legal, lord, table, troops  # type: ignore[import-not-found]

from noblesse.agents import make_agent
from noblesse.sim import run_batch


def _battle_choice(mine: tuple[int, int], theirs: tuple[int, int]) -> str:
    s = table(3, first=0)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, *mine)
    lord(s, "henri", 1, "blaye")
    lord(s, "eric", 1, "charolles")
    troops(s, "charolles", 1, *theirs)
    begin(s, "battles")
    assert "battle:charolles" in legal(s, 0)
    return GAME.encode(make_agent("greedy", seed=1).act(GAME, s, 0))


def test_greedy_attacks_when_much_stronger() -> None:
    assert _battle_choice(mine=(3, 4), theirs=(0, 2)) == "battle:charolles"


def test_greedy_does_not_attack_a_stronger_force() -> None:
    assert _battle_choice(mine=(0, 2), theirs=(2, 3)) == "pass"


def test_greedy_buys_the_title_it_can_afford() -> None:
    s = table(3, first=0)
    lord(s, "arthur", 0, "mazilles")
    troops(s, "mazilles", 0, 1, 1)
    troops(s, "st_andromy", 0, 0, 1)
    fort(s, "mazilles")
    s.money[0] = 4  # the barony's price, and nothing else to spend it on wisely
    begin(s, "purchase")
    assert "title:mazilles" in legal(s, 0)
    assert GAME.encode(make_agent("greedy", seed=2).act(GAME, s, 0)) == "title:mazilles"


def test_greedy_beats_random() -> None:
    results = run_batch("fief", 8, ["greedy", "random", "random", "random"], seed=3)
    wins = sum(1 / len(r.winners) for r in results if 0 in r.winners)
    assert wins / len(results) > 0.5


def _greedy_game(seed: int, max_turns: int) -> tuple[int, str, list[int]]:
    """A 4-player greedy game: the turn it ended on, how, and the winners."""
    state = GAME.setup(4, seed, {"max_turns": max_turns})
    agents = [make_agent("greedy", seed=seed + seat) for seat in range(4)]
    how = ""
    while not GAME.is_over(state):
        for seat in GAME.to_act(state):
            for event in GAME.apply(state, seat, agents[seat].act(GAME, state, seat)):
                if event.type == "game_over":
                    how = event.public["how"]
    return state.turn, how, GAME.winners(state)


def test_greedy_players_end_a_seeded_game_by_victory_well_before_the_turn_limit() -> None:
    turn, how, winners = _greedy_game(7, 40)
    assert (how, winners) == ("victory", [1])
    assert turn == 10


def _truce_asked(mine: tuple[int, int], theirs: tuple[int, int], asker: int) -> str:
    """Seat 0 attacks seat 1 at Charolles; ``asker`` proposes a truce; the other answers."""
    s = table(3, first=0)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, *mine)
    lord(s, "henri", 1, "blaye")
    lord(s, "eric", 1, "charolles")
    troops(s, "charolles", 1, *theirs)
    begin(s, "battles")
    do(s, 0, "battle:charolles")
    if asker == 1:
        do(s, 0, "fight")
    do(s, asker, "truce")
    assert legal(s, 1 - asker) == ["truce:yes", "truce:no"]
    return GAME.encode(make_agent("greedy", seed=3).act(GAME, s, 1 - asker))


def test_greedy_refuses_a_truce_when_stronger_and_takes_it_when_weaker() -> None:
    # big armies: three dice a side whatever the size, so one round decides little
    assert _truce_asked(mine=(10, 10), theirs=(6, 6), asker=1) == "truce:no"
    assert _truce_asked(mine=(6, 6), theirs=(10, 10), asker=1) == "truce:yes"
    assert _truce_asked(mine=(6, 6), theirs=(10, 10), asker=0) == "truce:no"
    assert _truce_asked(mine=(10, 10), theirs=(6, 6), asker=0) == "truce:yes"
