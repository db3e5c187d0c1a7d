"""Teach MaskablePPO (sb3-contrib) one seat of Guillotine against random opponents.

    pip install -e '.[train]'          # sb3-contrib and (CPU) torch
    python examples/train_maskable_ppo.py                 # about 5 minutes on 2 cores
    python examples/train_maskable_ppo.py --steps 256     # a smoke run (what CI runs)

The learner sits at seat 0 of a 4-player game (``noblesse.interop.gymnasium``'s
``SingleSeatEnv``, flat observation, illegal actions masked); the other seats are
``random`` bots. The win rate is the learner's mean ``Game.returns`` over
``--eval-games`` games (1 for a win, 1/k for a k-way tie: a random seat scores about
1/4), measured with the untrained policy and again after training, on the same seeds.
``--save PATH`` keeps the trained model (``MaskablePPO.load(PATH)``).
"""

from __future__ import annotations

import argparse
import time

import torch
from sb3_contrib import MaskablePPO

from noblesse.interop.gymnasium import SingleSeatEnv

GAME = "guillotine"
PLAYERS = 4
EVAL_SEED = 1_000_000  # evaluation games use seeds from here, never seen in training


def make_env(seed: int) -> SingleSeatEnv:
    env = SingleSeatEnv(GAME, players=PLAYERS, seat=0, opponents="random", observation="flat")
    env.reset(seed=seed)
    return env


def win_rate(model: MaskablePPO, games: int) -> float:
    """The learner's mean return over ``games`` games (deterministic policy)."""
    env = make_env(EVAL_SEED)
    total = 0.0
    for i in range(games):
        obs, info = env.reset(seed=EVAL_SEED + i)
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=info["action_mask"], deterministic=True)
            obs, reward, terminated, truncated, info = env.step(int(action))
            total += reward
            done = terminated or truncated
    return total / games


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=100_000,
                        help="learner decisions to train on (default: 100,000, about 5 minutes of CPU)")
    parser.add_argument("--eval-games", type=int, default=500,
                        help="games to measure the win rate on, before and after")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", default="", help="where to save the trained model")
    args = parser.parse_args(argv)

    torch.set_num_threads(1)  # a small network: threads cost more than they give
    n_steps = min(1024, max(64, args.steps))
    model = MaskablePPO("MlpPolicy", make_env(args.seed), seed=args.seed, n_steps=n_steps,
                        batch_size=min(256, n_steps), learning_rate=3e-4, gamma=1.0,
                        ent_coef=0.01, policy_kwargs={"net_arch": [256, 256]}, verbose=0)
    before = win_rate(model, args.eval_games)
    print(f"win rate before training: {before:.3f} ({args.eval_games} games, "
          f"{PLAYERS - 1} random opponents)", flush=True)
    start = time.perf_counter()
    model.learn(total_timesteps=args.steps)
    seconds = time.perf_counter() - start
    after = win_rate(model, args.eval_games)
    print(f"win rate after {args.steps:,} steps ({seconds:.0f} s): {after:.3f}")
    if args.save:
        model.save(args.save)
        print(f"saved to {args.save}")
    return {"before": before, "after": after, "seconds": seconds}


if __name__ == "__main__":
    main()
