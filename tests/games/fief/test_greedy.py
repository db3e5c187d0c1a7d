"""The Fief greedy bot: it fights the battles it can win, not the others, buys a title
when it can, and beats random play."""

from __future__ import annotations

from fief_scenario import GAME, L, begin, do, fort, legal, lord, table, troops  # type: ignore[import-not-found]

from noblesse.agents import act_honestly, make_agent
from noblesse.games.fief.state import BOARD
from noblesse.sim import run_batch

FIEF = {f.key: f.id for f in BOARD.fiefs}


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


def _greedy_game(seed: int, max_turns: int) -> tuple[int, str, list[int], list[int]]:
    """A 4-player greedy game: the turn it ended on, how, the winners and the VP."""
    state = GAME.setup(4, seed, {"max_turns": max_turns})
    agents = [make_agent("greedy", seed=seed + seat) for seat in range(4)]
    how = ""
    while not GAME.is_over(state):
        for seat in GAME.to_act(state):
            for event in GAME.apply(state, seat, act_honestly(agents[seat], GAME, state, seat)):
                if event.type == "game_over":
                    how = event.public["how"]
    return state.turn, how, GAME.winners(state), state.vp


def test_greedy_players_end_a_seeded_game_by_victory_well_before_the_turn_limit() -> None:
    turn, how, winners, vp = _greedy_game(4, 40)
    # a family alone with 3 VP (the game of bots asked through act_honestly)
    assert (how, winners, vp) == ("victory", [0], [3, 2, 0, 1])
    assert turn == 9


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


def _marriage_answer(bride_vp: int) -> str:
    """Arthur (seat 0, no VP) proposes to Blanche (seat 1, ``bride_vp`` VP); seat 2 leads
    (two VP and more villages), so seat 1 is not refusing as the leader."""
    s = table(3, first=0)
    lord(s, "arthur", 0, "blaye")
    lord(s, "blanche", 1, "sigy")
    lord(s, "henri", 2, "tournus")
    for village in ("tournus", "belleville", "pugnac", "mazilles"):
        troops(s, village, 2, 0, 1)
    blanche, henri = L["blanche"], L["henri"]
    for fief in ("sigy", "mazilles")[:bride_vp]:
        s.fief_holder[FIEF[fief]] = blanche
    s.fief_holder[FIEF["tournus"]] = s.fief_holder[FIEF["st_gerome"]] = henri
    begin(s, "announcements")
    do(s, 0, "propose:arthur", "marry:blanche")
    assert s.vp == [0, bride_vp, 2]
    return GAME.encode(make_agent("greedy", seed=4).act(GAME, s, 1))


def test_greedy_one_vp_short_of_a_win_refuses_a_family_without_vp() -> None:
    assert _marriage_answer(bride_vp=1) == "marriage:yes"  # 4 together is nearer
    assert _marriage_answer(bride_vp=2) == "marriage:no"  # alone it needs one more


def _purchase(held: tuple[str, ...], fortified: tuple[str, ...]) -> str:
    """Seat 0, with 10 D and a large army in the first village, holds ``held``."""
    s = table(3, first=0)
    lord(s, "arthur", 0, held[0])
    for village in held:
        troops(s, village, 0, 0, 1)
    troops(s, held[0], 0, 8, 1)
    for village in fortified:
        fort(s, village)
    s.money[0] = 10
    begin(s, "purchase")
    return GAME.encode(make_agent("greedy", seed=2).act(GAME, s, 0))


def test_greedy_builds_one_stronghold_per_fief_where_it_makes_a_title() -> None:
    # the supply has 12 strongholds for 8 fiefs: a second one in a fief is a waste
    assert _purchase(("tournus", "belleville"), ("tournus",)) == "buy:mill:tournus"
    # a stronghold in any of the three is worth the same: the bot's draw picks one
    assert _purchase(("tournus", "belleville", "pugnac"), ()) in {
        "buy:stronghold:tournus",
        "buy:stronghold:belleville",
        "buy:stronghold:pugnac",
    }
