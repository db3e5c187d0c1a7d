"""Balance reports for designers: a self-contained HTML page with plots and tables —
win rate by seat, score distributions, game length, and per-card statistics (the win
rate of the seats a card touched — played, collected, held, ... as the game's
``card_features`` reports them — with 95% intervals) — plus
``analysis.json`` and a copy of the card data used, so two reports made before and
after a change can be compared (``--baseline``)."""

from __future__ import annotations

import base64
import html
import io
import json
import shutil
from collections import defaultdict
from pathlib import Path
from typing import Any

from noblesse.core.game import Game
from noblesse.sim.batch import GameResult
from noblesse.sim.report import build_report, wilson


def card_statistics(results: list[GameResult], players: int) -> list[dict[str, Any]]:
    """Per (what, card): how many seat-games had it, and their win share with its interval."""
    seen: dict[tuple[str, str], int] = defaultdict(int)
    won: dict[tuple[str, str], float] = defaultdict(float)
    for r in results:
        share = 1.0 / len(r.winners)
        for seat, what, card in r.features or []:
            seen[(what, card)] += 1
            if seat in r.winners:
                won[(what, card)] += share
    rows = []
    for (what, card), n in sorted(seen.items()):
        lo, hi = wilson(won[(what, card)], n)
        rows.append({"what": what, "card": card, "seat_games": n,
                     "win_rate": round(won[(what, card)] / n, 4),
                     "win_rate_95ci": [round(lo, 4), round(hi, 4)],
                     "vs_equal_share": round(won[(what, card)] / n - 1 / players, 4)})
    return rows


def _png(fig: Any) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100)
    return base64.b64encode(buf.getvalue()).decode()


def _plots(report: dict[str, Any], results: list[GameResult], cards: list[dict[str, Any]]
           ) -> dict[str, str]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = {}
    seats = report["seats"]
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.bar([f"seat {s['seat'] + 1}" for s in seats], [s["win_rate"] for s in seats],
           yerr=[[s["win_rate"] - s["win_rate_95ci"][0] for s in seats],
                 [s["win_rate_95ci"][1] - s["win_rate"] for s in seats]], capsize=5, alpha=0.75)
    ax.axhline(1 / len(seats), color="gray", linestyle="--", label="equal share")
    ax.set_ylabel("win rate (95% interval)")
    ax.set_title("Win rate by seat (first-player advantage)")
    ax.legend()
    fig.tight_layout()
    out["seats"] = _png(fig)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.violinplot([[r.scores[s["seat"]] for r in results] for s in seats], showmeans=True)
    ax.set_xticks(range(1, len(seats) + 1), [f"seat {s['seat'] + 1}" for s in seats])
    ax.set_ylabel("final score")
    ax.set_title("Score distributions")
    fig.tight_layout()
    out["scores"] = _png(fig)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.hist([r.decisions for r in results], bins=30, alpha=0.8)
    ax.set_xlabel("decisions per game")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    fig.tight_layout()
    out["length"] = _png(fig)
    plt.close(fig)

    kinds = sorted({c["what"] for c in cards})
    for what in kinds:
        rows = sorted((c for c in cards if c["what"] == what), key=lambda c: c["win_rate"])
        fig, ax = plt.subplots(figsize=(7, max(3, 0.22 * len(rows) + 1)))
        ax.errorbar([c["win_rate"] for c in rows], range(len(rows)),
                    xerr=[[c["win_rate"] - c["win_rate_95ci"][0] for c in rows],
                          [c["win_rate_95ci"][1] - c["win_rate"] for c in rows]],
                    fmt="o", capsize=2)
        ax.set_yticks(range(len(rows)), [c["card"] for c in rows], fontsize=7)
        ax.axvline(1 / len(seats), color="gray", linestyle="--")
        ax.set_xlabel(f"win rate of the seats it touched: {what} (95% interval)")
        ax.set_title(f"Cards: {what}")
        fig.tight_layout()
        out[f"cards_{what}"] = _png(fig)
        plt.close(fig)
    return out


def write_analysis(game: Game, bots: list[str], seed: int, results: list[GameResult],
                   out: Path, options: dict[str, Any] | None = None,
                   baseline: dict[str, Any] | None = None) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    report = build_report(game.id, bots, seed, results, options)
    players = len(bots)
    cards = card_statistics(results, players)
    analysis = {"game": game.id, "version": game.version, "report": report, "cards": cards}
    (out / "analysis.json").write_text(json.dumps(analysis, indent=1, sort_keys=True) + "\n")
    copied = []
    for path in getattr(game, "data_files", list)():
        shutil.copy(path, out / Path(path).name)
        copied.append(Path(path).name)
    plots = _plots(report, results, cards)
    (out / "report.html").write_text(_html(game, analysis, plots, copied, baseline), encoding="utf-8")
    return out / "report.html"


def _html(game: Game, analysis: dict[str, Any], plots: dict[str, str], copied: list[str],
          baseline: dict[str, Any] | None) -> str:
    report, cards = analysis["report"], analysis["cards"]
    esc = html.escape
    before = {(c["what"], c["card"]): c for c in (baseline or {}).get("cards", [])}

    def img(key: str) -> str:
        return f'<img alt="{esc(key)}" src="data:image/png;base64,{plots[key]}">' if key in plots else ""

    seat_rows = "".join(
        f"<tr><td>{s['seat'] + 1}</td><td>{esc(s['bot'])}</td><td>{s['win_rate']:.3f}</td>"
        f"<td>{s['win_rate_95ci'][0]:.3f}–{s['win_rate_95ci'][1]:.3f}</td>"
        f"<td>{s['score']['mean']:.2f}</td><td>{s['score']['stdev']:.2f}</td></tr>"
        for s in report["seats"])
    card_rows = []
    for c in cards:
        old = before.get((c["what"], c["card"]))
        delta = f"{c['win_rate'] - old['win_rate']:+.3f}" if old else ""
        card_rows.append(
            f"<tr><td>{esc(c['what'])}</td><td>{esc(c['card'])}</td><td>{c['seat_games']}</td>"
            f"<td>{c['win_rate']:.3f}</td><td>{c['win_rate_95ci'][0]:.3f}–{c['win_rate_95ci'][1]:.3f}"
            f"</td><td>{c['vs_equal_share']:+.3f}</td><td>{delta}</td></tr>")
    card_plots = "".join(img(k) for k in sorted(plots) if k.startswith("cards_"))
    length = report["length_decisions"]
    base_note = (f"<p>Compared with a baseline of {baseline['report']['games']} games "
                 f"(rules version {esc(baseline['version'])}): column Δ.</p>" if baseline else "")
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{esc(game.id)} balance report</title>
<style>body{{font-family:system-ui,sans-serif;max-width:1100px;margin:2rem auto;color:#222}}
table{{border-collapse:collapse;margin:1rem 0}}td,th{{border-bottom:1px solid #ddd;padding:.25rem .6rem;
text-align:right}}td:nth-child(2),th:nth-child(2){{text-align:left}}img{{max-width:100%}}
.grid{{display:flex;flex-wrap:wrap;gap:1rem}}</style></head><body>
<h1>{esc(game.title.get("en", game.id))} — balance report</h1>
<p>{report["games"]} games · bots {esc(", ".join(report["bots"]))} · seed {report["seed"]} ·
options {esc(json.dumps(report["options"]))} · rules version {esc(analysis["version"])} ·
card data: {esc(", ".join(copied)) or "—"} (copied beside this report)</p>
{base_note}
<h2>Seats</h2>
<table><tr><th>seat</th><th>bot</th><th>win rate</th><th>95% interval</th><th>mean score</th>
<th>stdev</th></tr>{seat_rows}</table>
<div class="grid">{img("seats")}{img("scores")}{img("length")}</div>
<p>Game length: {length["mean"]:.1f} decisions on average (sd {length["stdev"]:.1f},
{length["min"]:.0f}–{length["max"]:.0f}); {report["ties"]} games ended in a tie.</p>
<h2>Cards</h2>
<p>Each row is a kind of event the game reports (<em>what</em>: a card played, a marker
taken, a card held at the end ...) and the card, place or marker it names: the win rate
of a seat over the games in which this happened to it at least once (a k-way tie counts
1/k), with its 95% Wilson interval; the dashed line is the equal share.</p>
<div class="grid">{card_plots}</div>
<table><tr><th>what</th><th>card</th><th>seat-games</th><th>win rate</th><th>95% interval</th>
<th>vs equal share</th><th>Δ</th></tr>{"".join(card_rows)}</table>
</body></html>
"""
