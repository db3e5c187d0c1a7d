"""What a bot's decision costs, split into its parts, in CPU microseconds a decision:
how far a faster greedy bot can go before the parts every bot pays are all that is left.

    PYTHONPATH=src python scripts/decision_costs.py [GAME ...] --games 10 \\
        --before guillotine=8.5,ruse_and_bruise=7.0,conflicting_legends=7.2,fief=2.0

For each game (default: every game), four seats play the seeded games ``noblesse bench
greedy`` plays in its first run (``game_seed(0, i)``, the options machines play), three ways:

- ``greedy``: the greedy bot, its time split into dealing the seat's world
  (``agents.base.world_for``: ``Game.determinize``, which every bot but a random one is
  handed), the bot's own decision on that world, and the rest (the rules applying it);
- ``one step``: on the same dealt world, every legal action applied to a copy and judged
  once by the game's evaluation (the least a bot that looks at its options can do; such
  a game may never end, so it stops after 3,000 decisions);
- ``no look``: on the same dealt world, an action drawn at random (what dealing the world
  and applying a move cost alone).

With ``--before GAME=RATE`` (greedy games per CPU second of an earlier revision, from
``noblesse bench greedy --baseline REV``), a last column gives the cost a decision may
have for ten times that rate: ``1 / (10 * RATE * decisions a game)``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from noblesse import games
from noblesse.agents.base import SeededAgent, world_for
from noblesse.agents.greedy import GreedyAgent, look_ahead
from noblesse.agents.random_agent import RandomAgent
from noblesse.core.game import Action, Game, State, machine_options
from noblesse.core.heuristics import search_world
from noblesse.sim.batch import game_seed

CAP = 3000  # decisions a game at most: a bot looking one step may never end a game


class OneStep(SeededAgent):
    """The legal action whose copy of ``world`` the game's evaluation judges best: the
    greedy bot's search one decision deep (``agents.greedy.look_ahead``)."""

    def act(self, game: Game, world: State, seat: int) -> Action:
        evaluate = game.heuristics().evaluate
        legal = game.legal_actions(world, seat)
        root, last = search_world(game, world), len(legal) - 1
        values = [
            look_ahead(game, root, seat, a, evaluate, None, 1, i == last)[0]
            for i, a in enumerate(legal)
        ]
        return legal[values.index(max(values))]


# each way's bot, asked on the dealt world (a random bot too: ``act``, not ``pick``)
WAYS: dict[str, Callable[[int], SeededAgent]] = {
    "greedy": GreedyAgent,
    "one step": OneStep,
    "no look": RandomAgent,
}


def costs(game: Game, players: int, n: int, way: str) -> tuple[int, float, float, float]:
    """(decisions, CPU seconds in all, seconds dealing worlds, deciding) over ``n`` seeded
    games, every seat played by ``WAYS[way]``."""
    options = machine_options(game)
    decisions = 0
    total = dealing = deciding = 0.0
    clock = time.process_time  # CPU time, the parts too: a busy machine slows neither
    for i in range(n):
        seed = game_seed(0, i)
        agents = [WAYS[way](game_seed(seed, seat, "bot")) for seat in range(players)]
        state = game.setup(players, seed, options)
        start, stop = clock(), decisions + CAP
        while not game.is_over(state) and decisions < stop:
            for seat in game.to_act(state):
                agent = agents[seat]
                t0 = clock()
                world = world_for(game, state, seat, agent.rng)  # as act_honestly does
                t1 = clock()
                action = agent.act(game, world, seat)
                dealing += t1 - t0
                deciding += clock() - t1
                game.apply(state, seat, action)
                decisions += 1
        total += clock() - start
    return decisions, total, dealing, deciding


def rates(text: str) -> dict[str, float]:
    """``GAME=RATE,...`` as a dict; anything else is refused with what was expected."""
    out = {}
    for part in filter(None, text.split(",")):
        game_id, _, rate = part.partition("=")
        try:
            out[game_id] = float(rate)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{part!r}: expected GAME=RATE (games per CPU second), e.g. guillotine=8.5"
            ) from None
        if game_id not in games.ids() or out[game_id] <= 0:
            raise argparse.ArgumentTypeError(
                f"{part!r}: GAME is one of {', '.join(games.ids())}, RATE above 0"
            )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_", nargs="*", metavar="GAME")
    parser.add_argument("--games", type=int, default=10, help="games a way (default 10)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument(
        "--before", type=rates, default={}, help="GAME=RATE,...: earlier greedy games/s"
    )
    args = parser.parse_args()
    before = args.before
    ids = args.games_ or list(games.ids())
    header = (
        "game | decisions a game | greedy | of which dealing / deciding / rules | "
        "one step | no look | 10x budget"
    )
    print(header)
    print("|".join("---" for _ in header.split("|")))
    for game_id in ids:
        game = games.get(game_id)
        d, total, deal, decide = costs(game, args.players, args.games, "greedy")
        greedy = total / d * 1e6
        parts = f"{deal / d * 1e6:.0f} / {decide / d * 1e6:.0f} / {(total - deal - decide) / d * 1e6:.0f}"
        d1, t1, _, _ = costs(game, args.players, args.games, "one step")
        d0, t0, _, _ = costs(game, args.players, args.games, "no look")
        rate = before.get(game_id)
        budget = f"{1e6 / (10 * rate * d / args.games):.0f}" if rate else "-"
        print(
            f"{game_id} | {d / args.games:.0f} | {greedy:.0f} | {parts} | "
            f"{t1 / d1 * 1e6:.0f} | {t0 / d0 * 1e6:.0f} | {budget}",
            flush=True,
        )


if __name__ == "__main__":
    main()
