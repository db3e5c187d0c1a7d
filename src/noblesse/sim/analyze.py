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


def card_statistics(results: list[GameResult], players: int | None = None) -> list[dict[str, Any]]:
    """Per (what, card): how many seat-games had it, and their win share with its interval.
    ``vs_equal_share`` is against each seat-game's own equal share (1 / its player count),
    so games of several player counts mix correctly."""
    seen: dict[tuple[str, str], int] = defaultdict(int)
    won: dict[tuple[str, str], float] = defaultdict(float)
    equal: dict[tuple[str, str], float] = defaultdict(float)
    for r in results:
        share = 1.0 / len(r.winners)
        fair = 1.0 / (players or len(r.bots))
        for seat, what, card in r.features or []:
            seen[(what, card)] += 1
            equal[(what, card)] += fair
            if seat in r.winners:
                won[(what, card)] += share
    rows = []
    for (what, card), n in sorted(seen.items()):
        lo, hi = wilson(won[(what, card)], n)
        rows.append({"what": what, "card": card, "seat_games": n,
                     "win_rate": round(won[(what, card)] / n, 4),
                     "win_rate_95ci": [round(lo, 4), round(hi, 4)],
                     "vs_equal_share": round((won[(what, card)] - equal[(what, card)]) / n, 4)})
    return rows


def _png(fig: Any) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100)
    return base64.b64encode(buf.getvalue()).decode()


def _seat_plots(plt: Any, report: dict[str, Any], results: list[GameResult], suffix: str,
                title: str) -> dict[str, str]:
    out = {}
    seats = report["seats"]
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.bar([f"seat {s['seat'] + 1}" for s in seats], [s["win_rate"] for s in seats],
           yerr=[[s["win_rate"] - s["win_rate_95ci"][0] for s in seats],
                 [s["win_rate_95ci"][1] - s["win_rate"] for s in seats]], capsize=5, alpha=0.75)
    ax.axhline(1 / len(seats), color="gray", linestyle="--", label="equal share")
    ax.set_ylabel("win rate (95% interval)")
    ax.set_title("Win rate by seat (first-player advantage)" + title)
    ax.legend()
    fig.tight_layout()
    out[f"seats{suffix}"] = _png(fig)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.violinplot([[r.scores[s["seat"]] for r in results] for s in seats], showmeans=True)
    ax.set_xticks(range(1, len(seats) + 1), [f"seat {s['seat'] + 1}" for s in seats])
    ax.set_ylabel("final score")
    ax.set_title("Score distributions" + title)
    fig.tight_layout()
    out[f"scores{suffix}"] = _png(fig)
    plt.close(fig)

    return out


def _plots(reports: dict[int, dict[str, Any]], groups: dict[int, list[GameResult]],
           cards: list[dict[str, Any]]) -> dict[str, str]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = {}
    for k, report in reports.items():
        out.update(_seat_plots(plt, report, groups[k], f"_{k}" if len(reports) > 1 else "",
                               f" — {k} players" if len(reports) > 1 else ""))

    fig, ax = plt.subplots(figsize=(6, 3.5))
    for k, group in groups.items():
        ax.hist([r.decisions for r in group], bins=30, alpha=0.8 if len(groups) == 1 else 0.5,
                label=f"{k} players")
    ax.set_xlabel("decisions per game")
    ax.set_ylabel("games")
    ax.set_title("Game length" + (" by player count" if len(groups) > 1 else ""))
    if len(groups) > 1:
        ax.legend()
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
        for k in groups:
            ax.axvline(1 / k, color="gray", linestyle="--")
        ax.set_xlabel(f"win rate of the seats it touched: {what} (95% interval)")
        ax.set_title(f"Cards: {what}")
        fig.tight_layout()
        out[f"cards_{what}"] = _png(fig)
        plt.close(fig)
    return out


def write_analysis(game: Game, bots: list[str], seed: int, results: list[GameResult],
                   out: Path, options: dict[str, Any] | None = None,
                   baseline: dict[str, Any] | None = None) -> Path:
    """The report of ``results``: one player count, or several (``--players 3,4,5``): then
    seats, scores and game length per player count, and the card table over all games."""
    out.mkdir(parents=True, exist_ok=True)
    groups: dict[int, list[GameResult]] = {}
    for r in results:
        groups.setdefault(len(r.bots), []).append(r)
    groups = dict(sorted(groups.items()))
    reports = {k: build_report(game.id, group[0].bots, seed, group, options)
               for k, group in groups.items()}
    if len(groups) == 1:
        report = next(iter(reports.values()))
    else:
        report = {"game": game.id, "games": len(results), "seed": seed, "bots": bots,
                  "options": options or {}, "players": list(groups)}
    cards = card_statistics(results)
    analysis = {"game": game.id, "version": game.version, "report": report, "cards": cards,
                "by_players": {str(k): rep for k, rep in reports.items()}}
    (out / "analysis.json").write_text(json.dumps(analysis, indent=1, sort_keys=True) + "\n")
    copied = []
    for path in getattr(game, "data_files", list)():
        shutil.copy(path, out / Path(path).name)
        copied.append(Path(path).name)
    plots = _plots(reports, groups, cards)
    (out / "report.html").write_text(_html(game, analysis, plots, copied, baseline), encoding="utf-8")
    return out / "report.html"


def _html(game: Game, analysis: dict[str, Any], plots: dict[str, str], copied: list[str],
          baseline: dict[str, Any] | None) -> str:
    report, cards = analysis["report"], analysis["cards"]
    esc = html.escape
    before = {(c["what"], c["card"]): c for c in (baseline or {}).get("cards", [])}

    def img(key: str) -> str:
        return f'<img alt="{esc(key)}" src="data:image/png;base64,{plots[key]}">' if key in plots else ""

    by_players = {int(k): rep for k, rep in analysis["by_players"].items()}
    several = len(by_players) > 1
    seat_sections = []
    for k, rep in by_players.items():
        rows = "".join(
            f"<tr><td>{s['seat'] + 1}</td><td>{esc(s['bot'])}</td><td>{s['win_rate']:.3f}</td>"
            f"<td>{s['win_rate_95ci'][0]:.3f}–{s['win_rate_95ci'][1]:.3f}</td>"
            f"<td>{s['score']['mean']:.2f}</td><td>{s['score']['stdev']:.2f}</td></tr>"
            for s in rep["seats"])
        suffix = f"_{k}" if several else ""
        seat_sections.append(
            (f"<h3>{k} players ({rep['games']} games)</h3>" if several else "")
            + "<table><tr><th>seat</th><th>bot</th><th>win rate</th><th>95% interval</th>"
            f"<th>mean score</th><th>stdev</th></tr>{rows}</table>"
            f'<div class="grid">{img("seats" + suffix)}{img("scores" + suffix)}</div>')
    length_rows = "".join(
        f"<tr><td>{k}</td><td>{rep['games']}</td><td>{rep['length_decisions']['mean']:.1f}</td>"
        f"<td>{rep['length_decisions']['stdev']:.1f}</td><td>{rep['length_decisions']['min']:.0f}"
        f"–{rep['length_decisions']['max']:.0f}</td><td>{rep['ties']}</td></tr>"
        for k, rep in by_players.items())
    card_rows = []
    for c in cards:
        old = before.get((c["what"], c["card"]))
        delta = f"{c['win_rate'] - old['win_rate']:+.3f}" if old else ""
        card_rows.append(
            f"<tr><td>{esc(c['what'])}</td><td>{esc(c['card'])}</td><td>{c['seat_games']}</td>"
            f"<td>{c['win_rate']:.3f}</td><td>{c['win_rate_95ci'][0]:.3f}–{c['win_rate_95ci'][1]:.3f}"
            f"</td><td>{c['vs_equal_share']:+.3f}</td><td>{delta}</td></tr>")
    card_plots = "".join(img(k) for k in sorted(plots) if k.startswith("cards_"))
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
{"".join(seat_sections)}
<h2>Game length</h2>
<table><tr><th>players</th><th>games</th><th>mean decisions</th><th>sd</th><th>range</th>
<th>ties</th></tr>{length_rows}</table>
{img("length")}
<h2>Cards</h2>
<p>Each row is a kind of event the game reports (<em>what</em>: a card played, a marker
taken, a card held at the end ...) and the card, place or marker it names: the win rate
of a seat over the games in which this happened to it at least once (a k-way tie counts
1/k), with its 95% Wilson interval; the dashed line is the equal share (one per player
count), and <em>vs equal share</em> is against each game's own.</p>
<div class="grid">{card_plots}</div>
<table><tr><th>what</th><th>card</th><th>seat-games</th><th>win rate</th><th>95% interval</th>
<th>vs equal share</th><th>Δ</th></tr>{"".join(card_rows)}</table>
</body></html>
"""
