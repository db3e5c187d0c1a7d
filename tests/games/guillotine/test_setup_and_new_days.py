"""Setup and the start of each day (spec §3.1, §3.3): the seed decides the hands dealt,
and every new day is announced with its starter and its line."""

from guillotine_scenario import GAME, do, events_of, ids, line, table


def test_setup_shuffles_the_action_deck_so_the_seed_decides_the_hands_dealt():
    dealt = {tuple(tuple(sorted(h)) for h in GAME.setup(3, seed).hands) for seed in range(8)}
    assert len(dealt) > 1, "every seed deals the same hands: the action deck is not shuffled"


def test_a_new_day_is_announced_with_its_number_its_starter_and_its_line():
    s = table(line=["duke"], hands={0: ["stumble"], 1: ["stumble"]})
    events = do(s, 0, "pass")  # seat 0 collects the Duke; the empty line ends day 1
    new_line = ["heretic", "bishop", "colonel", "mayor", "land_lord"]  # the deck, top last
    assert line(s) == new_line
    assert events_of(events, "day") == [
        {"type": "day", "day": 2, "starter": 1, "line": ids(new_line)}
    ]
