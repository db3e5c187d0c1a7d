"""This code's greedy bot against the greedy bot of an earlier revision, seated as
``noblesse tournament`` seats two bots (``rotating_seating``: each takes two of four seats,
alternating, every seat equally often), with win rates per seat and their 95% intervals.

    PYTHONPATH=src python scripts/greedy_versus.py guillotine --rev main --games 400 --seed 11

The earlier revision's ``noblesse.agents`` package is read with ``git show`` into a
temporary folder as the package ``greedy_rev_agents`` (its imports of ``noblesse.agents``
pointed there) and registered as the bot kind ``greedy_rev``; both bots play this
revision's rules. ``--same N`` instead plays N seeded games of four bots of each kind and
says whether the two chose the same actions throughout.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from noblesse import games
from noblesse.agents import KINDS, make_agent
from noblesse.agents.base import act_honestly
from noblesse.core.game import machine_options
from noblesse.sim.batch import game_seed, rotating_seating, run_batch
from noblesse.sim.tournament import tournament_report

PACKAGE = "greedy_rev_agents"
REPO = Path(__file__).resolve().parent.parent


def load_rev_greedy(rev: str, into: Path) -> None:
    """``rev``'s agents package as ``PACKAGE`` under ``into``; its greedy bot becomes the
    bot kind ``greedy_rev``."""
    files = subprocess.run(
        ["git", "-C", str(REPO), "ls-tree", "-r", "--name-only", rev, "src/noblesse/agents"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    for name in files:
        if not name.endswith(".py"):
            continue
        text = subprocess.run(
            ["git", "-C", str(REPO), "show", f"{rev}:{name}"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        target = into / PACKAGE / Path(name).relative_to("src/noblesse/agents")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text.replace("noblesse.agents", PACKAGE))
    sys.path.insert(0, str(into))
    module = __import__(PACKAGE)
    KINDS["greedy_rev"] = module.GreedyAgent


def actions(game_id: str, kind: str, index: int, players: int) -> list[tuple[int, int]]:
    """Every (seat, action) of seeded game ``index`` with four bots of ``kind``."""
    game = games.get(game_id)
    seed = game_seed(7, index)
    bots = [make_agent(kind, game_seed(seed, s, "bot")) for s in range(players)]
    state = game.setup(players, seed, machine_options(game))
    out = []
    while not game.is_over(state):
        for seat in game.to_act(state):
            action = act_honestly(bots[seat], game, state, seat)
            out.append((seat, action))
            game.apply(state, seat, action)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("--rev", default="main")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--same", type=int, default=0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        load_rev_greedy(args.rev, Path(tmp))
        if args.same:
            for i in range(args.same):
                new = actions(args.game, "greedy", i, args.players)
                old = actions(args.game, "greedy_rev", i, args.players)
                print(
                    f"game {i}: {len(new)} decisions, {'the same' if new == old else 'DIFFERENT'}"
                )
            return
        bots = ["greedy", "greedy_rev"]
        game = games.get(args.game)
        results = run_batch(
            args.game,
            args.games,
            rotating_seating(bots, args.players),
            args.seed,
            1,
            machine_options(game),
        )
        report = tournament_report(args.game, bots, args.players, args.seed, results)
        for row in report["table"]:
            lo, hi = row["win_rate_95ci"]
            print(
                f"{row['bot']:>10}: {row['win_rate']:.3f} a seat ({lo:.3f}-{hi:.3f}), "
                f"Elo {row['elo']:.0f}, {row['seats_played']} seats"
            )


if __name__ == "__main__":
    main()
