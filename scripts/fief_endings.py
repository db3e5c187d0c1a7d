"""How Fief games between bots end: by victory or at the turn limit, and after how many
turns. The simulation report is the kernel's and knows neither; this plays the very games
of ``noblesse simulate fief --seed SEED`` (the same per-game and per-bot seeds) and counts.

    python scripts/fief_endings.py [GAMES] [SEED] [MAX_TURNS] [BOTS]

e.g. ``python scripts/fief_endings.py 40 3 40 greedy,greedy,greedy,greedy``.
"""

from __future__ import annotations

import sys

from rich.progress import track

from noblesse import games
from noblesse.agents import act_honestly, make_agent
from noblesse.games.fief.endturn import victors
from noblesse.sim.batch import game_seed


def endings(
    n: int, seed: int, max_turns: int, bots: list[str]
) -> list[tuple[int, bool, list[int]]]:
    """(turns played, ended by victory, winners) for each of the ``n`` games."""
    fief, out = games.get("fief"), []
    for i in track(range(n), description="Fief games"):
        game = game_seed(seed, i)
        agents = [make_agent(bot, game_seed(game, seat, "bot")) for seat, bot in enumerate(bots)]
        state = fief.setup(len(bots), game, {"max_turns": max_turns})
        while not fief.is_over(state):
            for seat in fief.to_act(state):
                fief.apply(state, seat, act_honestly(agents[seat], fief, state, seat))
        out.append((state.turn, bool(victors(state)), fief.winners(state)))
    return out


def main(argv: list[str]) -> None:
    n, seed, max_turns = (int(a) for a in (argv + ["40", "3", "40"][len(argv) :])[:3])
    bots = (argv[3] if len(argv) > 3 else "greedy,greedy,greedy,greedy").split(",")
    ends = endings(n, seed, max_turns, bots)
    won = [turn for turn, victory, _ in ends if victory]
    print(
        f"{len(won)}/{n} games end by victory; mean length {sum(t for t, _, _ in ends) / n:.1f} "
        f"turns ({max_turns} for those stopped at the limit), "
        f"{sum(won) / max(1, len(won)):.1f} for those won"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
