"""ISMCTS with ``hook=1``: the decisions the greedy heuristic's ``choose`` answers (a war's
target, the secret throws and announcements, Charlemagne) are played as it says, and the
search spends its iterations only on the others."""

from __future__ import annotations

import random

from conflicting_legends_scenario import GAME, do, legal, table

from noblesse.agents import make_agent
from noblesse.agents.ismcts import IsmctsAgent, Node
from noblesse.games.conflicting_legends.heuristics import choose
from noblesse.games.conflicting_legends.rules import LegendsState


def _caesar_table() -> LegendsState:
    """Seat 0 to act, holding Julius Caesar (a war) and People; seat 1 holds Pampas and
    the British Isles, seats 2 and 3 one territory each."""
    return table(
        hands={0: ["julius_caesar", "people"]},
        lands={1: ["pampas", "british_isles"]},
        tokens={0: (0, 0, 0), 1: (0, 0, 0)},
    )


def _decision_kinds(node: Node, found: set[str] | None = None) -> set[str]:
    """The kinds of decision (``target``, ``throw``, ``play``...) the tree keeps
    statistics for, from the names of the actions it holds."""
    found = set() if found is None else found
    for table_ in node.stats.values():
        found.update(GAME.encode(a).split(":")[0] for a in table_)
    for child in node.children.values():
        _decision_kinds(child, found)
    return found


def test_ismcts_with_hook_plays_the_target_the_heuristic_names_without_searching() -> None:
    s = _caesar_table()
    do(s, 0, "play:julius_caesar")
    targets = GAME.legal_actions(s, 0)
    assert legal(s) == [
        "target:british_isles",
        "target:north_africa",
        "target:great_plains",
        "target:pampas",
    ]
    # the territory whose capture hurts the strongest rival most: seat 1's British Isles
    assert GAME.encode(choose(GAME, s, 0, targets, random.Random(0))) == "target:british_isles"
    bot = make_agent("ismcts:iters=400:c=0.3:hook=1", seed=1)
    assert isinstance(bot, IsmctsAgent)
    assert GAME.encode(bot.act(GAME, GAME.clone(s), 0)) == "target:british_isles"
    assert bot.last_iterations == 0
    assert bot.last_root is not None
    assert (bot.last_root.stats, bot.last_root.children) == ({}, {})
    # without the hook the same decision is searched over every target
    plain = make_agent("ismcts:iters=400:c=0.3", seed=1)
    assert isinstance(plain, IsmctsAgent)
    plain.act(GAME, GAME.clone(s), 0)
    assert plain.last_iterations > 0 and plain.last_root is not None
    assert set(plain.last_root.stats[0]) == set(targets)


def test_ismcts_with_hook_searches_a_play_and_keeps_no_node_for_hooked_decisions() -> None:
    """The play is the hook's to leave open (it returns None), so it is searched over
    every legal action; below it, the war's target, announcements and throws are played
    as the hook says and the tree holds no statistics for them."""
    s = _caesar_table()
    assert choose(GAME, s, 0, GAME.legal_actions(s, 0), random.Random(0)) is None
    bot = IsmctsAgent(1, iters=400, c=0.3, hook=1, stop_early=False)
    action = bot.act(GAME, GAME.clone(s), 0)
    assert action in GAME.legal_actions(s, 0)
    assert bot.last_iterations == 400 and bot.last_root is not None
    root = bot.last_root.stats[0]
    assert [GAME.encode(a) for a in sorted(root)] == legal(s)
    assert sum(stats.visits for stats in root.values()) == 400
    kinds = _decision_kinds(bot.last_root)
    assert "play" in kinds
    assert kinds.isdisjoint({"target", "throw", "announce", "silent", "charlemagne"})
    # the plain search keeps nodes for the war's decisions
    plain = IsmctsAgent(1, iters=400, c=0.3, stop_early=False)
    plain.act(GAME, GAME.clone(s), 0)
    assert plain.last_root is not None
    assert {"target", "throw"} <= _decision_kinds(plain.last_root)
