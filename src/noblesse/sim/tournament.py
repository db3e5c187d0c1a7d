"""Tournaments: bots rotated fairly over the seats, win rates per bot with 95% intervals,
and an Elo-style rating fitted to every pairwise result inside each game."""

from __future__ import annotations

import math
from collections import defaultdict
from pathlib import Path
from typing import Any

from noblesse.sim.batch import GameResult
from noblesse.sim.report import _spread, wilson


def bradley_terry(
    pairs: dict[tuple[str, str], float],
    counts: dict[tuple[str, str], int],
    names: list[str],
    rounds: int = 500,
    prior: float = 1.0,
) -> dict[str, float]:
    """Strengths by the MM algorithm (Hunter 2004); ``pairs[(a, b)]`` = a's score vs b
    (1 a win, 0.5 a draw), ``counts[(a, b)]`` = games between them (both orders).

    ``prior`` adds that many drawn games between every two bots: a bot that never beat
    anyone (random against search) then gets a finite rating instead of one that falls
    without end, and a large sample is moved by it only slightly."""
    strength = dict.fromkeys(names, 1.0)
    for _ in range(rounds):
        new = {}
        for a in names:
            rivals = [b for b in names if b != a]
            wins = sum(pairs.get((a, b), 0.0) + prior / 2 for b in rivals)
            denom = sum(
                (counts.get((a, b), 0) + prior) / (strength[a] + strength[b]) for b in rivals
            )
            new[a] = max(wins, 1e-9) / denom if denom else strength[a]
        mean = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        strength = {a: v / mean for a, v in new.items()}
    return strength


def tournament_report(
    game_id: str, bots: list[str], players: int, seed: int, results: list[GameResult]
) -> dict[str, Any]:
    seats_of: dict[str, int] = defaultdict(int)
    wins: dict[str, float] = defaultdict(float)
    scores: dict[str, list[float]] = defaultdict(list)
    pairs: dict[tuple[str, str], float] = defaultdict(float)
    counts: dict[tuple[str, str], int] = defaultdict(int)
    for r in results:
        share = 1.0 / len(r.winners)
        for seat, bot in enumerate(r.bots):
            seats_of[bot] += 1
            scores[bot].append(r.scores[seat])
            if seat in r.winners:
                wins[bot] += share
        for i, a in enumerate(r.bots):
            for j, b in enumerate(r.bots):
                if a == b or i == j:
                    continue
                counts[(a, b)] += 1
                if r.scores[i] > r.scores[j]:
                    pairs[(a, b)] += 1.0
                elif r.scores[i] == r.scores[j]:
                    pairs[(a, b)] += 0.5
    names = list(dict.fromkeys(bots))
    strength = bradley_terry(pairs, counts, names) if len(names) > 1 else dict.fromkeys(names, 1.0)
    rows: list[dict[str, Any]] = []
    for bot in names:
        n = seats_of[bot]
        lo, hi = wilson(wins[bot], n)
        rows.append(
            {
                "bot": bot,
                "seats_played": n,
                "wins": round(wins[bot], 4),
                "win_rate": round(wins[bot] / n, 4) if n else 0.0,
                "win_rate_95ci": [round(lo, 4), round(hi, 4)],
                "elo": round(1500 + 400 * math.log10(strength[bot]), 1),
                "score": _spread(scores[bot]) if scores[bot] else {},
            }
        )
    rows.sort(key=lambda row: -row["elo"])
    return {
        "game": game_id,
        "games": len(results),
        "players": players,
        "seed": seed,
        "bots": bots,
        "equal_share": round(1 / players, 4),
        "table": rows,
    }


def _label(spec: str, width: int = 18) -> str:
    """A bot spec on lines of about ``width`` characters, broken at its colons, so a long
    one (``ismcts:iters=1000:c=0.3:rollout=turn``) does not run into its neighbour."""
    lines = [""]
    for part in spec.split(":"):
        if lines[-1] and len(lines[-1]) + 1 + len(part) > width:
            lines.append(part)
        else:
            lines[-1] = f"{lines[-1]}:{part}" if lines[-1] else part
    return "\n:".join(lines)


def plot_tournament(report: dict[str, Any], path: str | Path) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = report["table"]
    names = [_label(r["bot"]) for r in rows]
    rates = [r["win_rate"] for r in rows]
    errs = [
        [r["win_rate"] - r["win_rate_95ci"][0] for r in rows],
        [r["win_rate_95ci"][1] - r["win_rate"] for r in rows],
    ]
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    left.bar(names, rates, yerr=errs, capsize=5, color="tab:green", alpha=0.75)
    left.axhline(report["equal_share"], color="gray", linestyle="--", label="equal share")
    left.set_ylabel("win rate per seat (95% interval)")
    left.set_title(f"{report['game']}: {report['games']} games, {report['players']} seats")
    left.legend()
    # bars from the mean, so that 1490 against 1510 reads as a difference, not as equals
    gaps = [r["elo"] - 1500 for r in rows]
    right.barh(names, gaps, left=1500, color="tab:purple", alpha=0.75)
    reach = max(50.0, *(abs(g) for g in gaps)) * 1.3
    right.set_xlim(1500 - reach, 1500 + reach)
    right.axvline(1500, color="gray", linestyle="--")
    right.set_xlabel("Elo-style rating (mean 1500)")
    for i, (r, gap) in enumerate(zip(rows, gaps, strict=True)):
        # the rating beside its bar's end, outside the bar
        right.text(
            r["elo"], i, f" {r['elo']:.0f} ", va="center", ha="left" if gap >= 0 else "right"
        )
    fig.tight_layout()
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
