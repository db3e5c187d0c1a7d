"""A digest of random Fief games, step by step, to show a change of the code changes
no behaviour: at every step the seats to act, the legal actions, every seat's view and
observation (and the spectators' view), the decision's words and the events.

    PYTHONPATH=src python scripts/fief_trace.py record out.json [--games 60]
    PYTHONPATH=src python scripts/fief_trace.py compare out.json

``compare`` replays the same games and names the first step of each game that differs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from typing import Any

from noblesse.core.game import machine_options
from noblesse.games.fief import DATA, GAME
from noblesse.games.fief.game import OBSERVATION


def _options(i: int) -> dict[str, Any]:
    """Every third game with a random half of the §6 switches turned over."""
    rng = random.Random(1000 + i)
    flips = {k: not v for k, v in DATA.switches.items() if i % 3 == 2 and rng.random() < 0.5}
    return machine_options(GAME, flips)


def _step(state: Any, events: list[Any]) -> dict[str, Any]:
    seats = list(range(state.n_players))
    acting = GAME.to_act(state)
    return {
        "to_act": list(acting),
        "legal": {p: GAME.legal_actions(state, p) for p in acting},
        "words": {
            lang: [
                GAME.describe_decision(state, lang),
                [
                    GAME.describe_action(state, a, lang)
                    for p in acting
                    for a in GAME.legal_actions(state, p)
                ],
            ]
            for lang in ("en", "zh-TW")
        },
        "views": GAME.views(state, [*seats, None]),
        "obs": [OBSERVATION.observe(state, p) for p in seats],
        "events": [[e.for_seat(p) for p in [*seats, None]] for e in events],
    }


def game_digests(i: int, detail: int | None = None) -> list[str] | dict[str, Any]:
    n = 3 + i % 4
    state = GAME.setup(n, 7000 + i, _options(i))
    rng = random.Random(i)
    out: list[str] = []
    events: list[Any] = []
    while True:
        rec = _step(state, events)
        if detail is not None and len(out) == detail:
            return rec
        out.append(
            hashlib.sha1(json.dumps(rec, sort_keys=True, default=repr).encode()).hexdigest()[:16]
        )
        if GAME.is_over(state):
            break
        seat = rng.choice(rec["to_act"])
        action = rng.choice(rec["legal"][seat])
        events = GAME.apply(state, seat, action)
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=["record", "compare", "detail"])
    ap.add_argument("path")
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--game", type=int, default=0)
    ap.add_argument("--step", type=int, default=0)
    args = ap.parse_args()
    if args.mode == "detail":
        with open(args.path, "w") as fh:
            json.dump(
                game_digests(args.game, args.step),
                fh,
                sort_keys=True,
                indent=1,
                default=repr,
                ensure_ascii=False,
            )
        return 0
    if args.mode == "record":
        record = [game_digests(i) for i in range(args.games)]
        with open(args.path, "w") as fh:
            json.dump(record, fh)
        print(f"{args.games} games, {sum(map(len, record))} steps")
        return 0
    with open(args.path) as fh:
        record = json.load(fh)
    bad = 0
    for i, want in enumerate(record):
        got = game_digests(i)
        if got != want:
            bad += 1
            first = next(
                (k for k, (a, b) in enumerate(zip(got, want, strict=False)) if a != b),
                min(len(got), len(want)),
            )
            print(f"game {i}: differs at step {first} ({len(got)} vs {len(want)} steps)")
    print(f"{len(record) - bad}/{len(record)} games identical, {sum(map(len, record))} steps")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
