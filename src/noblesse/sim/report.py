"""Statistics of a batch of games, and a plot of the score distributions per seat."""

from __future__ import annotations

import math
import statistics
from pathlib import Path
from typing import Any

from noblesse.sim.batch import GameResult


def wilson(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (ties count as fractional wins)."""
    if n == 0:
        return (0.0, 0.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _spread(values: list[float]) -> dict[str, float]:
    return {
        "mean": round(statistics.fmean(values), 4),
        "stdev": round(statistics.stdev(values), 4) if len(values) > 1 else 0.0,
        "min": min(values),
        "max": max(values),
    }


def build_report(
    game_id: str,
    bots: list[str],
    seed: int,
    results: list[GameResult],
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Per seat: win rate (a k-way tie counts 1/k) with its 95% interval, scores; game length."""
    n = len(results)
    seats = []
    for seat, bot in enumerate(bots):
        wins = sum(1.0 / len(r.winners) for r in results if seat in r.winners)
        lo, hi = wilson(wins, n)
        seats.append(
            {
                "seat": seat,
                "bot": bot,
                "wins": round(wins, 4),
                "win_rate": round(wins / n, 4) if n else 0.0,
                "win_rate_95ci": [round(lo, 4), round(hi, 4)],
                "score": _spread([r.scores[seat] for r in results]),
            }
        )
    return {
        "game": game_id,
        "games": n,
        "seed": seed,
        "bots": bots,
        "options": options or {},
        "seats": seats,
        "ties": sum(1 for r in results if len(r.winners) > 1),
        "length_decisions": _spread([float(r.decisions) for r in results]),
    }


def plot_scores(report: dict[str, Any], results: list[GameResult], path: str | Path) -> Path:
    """Violin plot of final scores per seat beside win rates with their intervals."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    path = Path(path)
    seats = report["seats"]
    labels = [f"{s['seat'] + 1}: {s['bot']}" for s in seats]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.5), gridspec_kw={"width_ratios": [3, 2]})
    data = [[r.scores[s["seat"]] for r in results] for s in seats]
    parts = left.violinplot(data, showmeans=True, showextrema=True)
    for body in parts["bodies"]:
        body.set_alpha(0.55)
    left.set_xticks(range(1, len(labels) + 1), labels)
    left.set_ylabel("final score")
    left.set_title(f"{report['game']}: score per seat ({report['games']} games)")
    left.grid(axis="y", alpha=0.3)
    rates = [s["win_rate"] for s in seats]
    errs = [
        [s["win_rate"] - s["win_rate_95ci"][0] for s in seats],
        [s["win_rate_95ci"][1] - s["win_rate"] for s in seats],
    ]
    right.bar(range(len(seats)), rates, yerr=errs, capsize=4, color="tab:blue", alpha=0.7)
    right.axhline(1 / len(seats), color="gray", linestyle="--", linewidth=1, label="equal share")
    right.set_xticks(range(len(seats)), labels)
    right.set_ylabel("win rate (95% interval)")
    right.set_title("wins per seat")
    right.legend()
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
