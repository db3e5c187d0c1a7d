"""The most frequent log lines of each game, in both languages, over random playouts.

    python scripts/log_lines.py [--games 20] [--top 40] [--game fief]

Lines are counted by event kind (the template); each is shown with one example as
seat 0 sees it, in 繁體中文 and in English. Used to read the logs players see most
against docs/zh-TW.md."""

from __future__ import annotations

import argparse
import random
from collections import Counter

from noblesse import games


def playout_lines(game_id: str, n_games: int) -> tuple[Counter[str], dict[str, tuple[str, str]]]:
    game = games.get(game_id)
    counts: Counter[str] = Counter()
    example: dict[str, tuple[str, str]] = {}
    for seed in range(n_games):
        rng = random.Random(seed)
        state = game.setup(4, seed)
        while not game.is_over(state):
            seat = rng.choice(game.to_act(state))
            action = rng.choice(game.legal_actions(state, seat))
            for event in game.apply(state, seat, action):
                seen = event.for_seat(0)
                kind = seen["type"]
                counts[kind] += 1
                if kind not in example or rng.random() < 0.05:
                    example[kind] = (
                        game.describe_event(seen, "zh-TW"),
                        game.describe_event(seen, "en"),
                    )
    return counts, example


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--game", action="append")
    args = parser.parse_args()
    for game_id in args.game or games.ids():
        counts, example = playout_lines(game_id, args.games)
        total = sum(counts.values())
        print(f"\n## {game_id} ({args.games} random games at 4 players, {total:,} lines)\n")
        print("| # | share | 繁體中文 | English |\n|---:|---:|---|---|")
        for i, (kind, n) in enumerate(counts.most_common(args.top), 1):
            zh, en = example[kind]
            print(f"| {i} | {n / total:.1%} | {zh} | {en} |")


if __name__ == "__main__":
    main()
