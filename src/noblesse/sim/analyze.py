"""Balance reports for designers: a self-contained HTML page, in English or 繁體中文, with
plots and tables — win rate by seat order and player count against the equal share,
score distributions, game length, how games end (``Game.ending``), lead changes and the
leader at two-thirds (``Game.standing``), and per-card statistics (the win rate of the
seats a card touched — played, collected, held, ... as the game's ``card_features``
reports them — with 95% intervals) — plus ``analysis.json`` and a copy of the card data
used. ``--baseline`` compares with an earlier report or its results: every row present
in both is tested (``sim.stats``) and the p-values corrected for many comparisons.
The tool reads games only through the kernel contract."""

from __future__ import annotations

import base64
import functools
import html
import io
import json
import shutil
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from noblesse.core.game import Game
from noblesse.core.text import join, seat_name
from noblesse.i18n import kind_name
from noblesse.sim.batch import GameResult
from noblesse.sim.report import _spread, build_report, wilson
from noblesse.sim.stats import adjust, two_proportion_p, welch_p


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
        rows.append(
            {
                "what": what,
                "card": card,
                "seat_games": n,
                "wins": round(won[(what, card)], 4),
                "win_rate": round(won[(what, card)] / n, 4),
                "win_rate_95ci": [round(lo, 4), round(hi, 4)],
                "vs_equal_share": round((won[(what, card)] - equal[(what, card)]) / n, 4),
            }
        )
    return rows


def game_measures(report: dict[str, Any], results: list[GameResult]) -> dict[str, Any]:
    """Adds to one player count's ``report`` what the designer asks of whole games: each
    seat's equal share and whether its 95% interval lies above or below it; how the games
    ended (``Game.ending``); lead changes (``Game.standing``); and how often the sole
    leader two-thirds of the way through a game won it (a k-way tie counts 1/k)."""
    k = len(report["seats"])
    share = 1.0 / k
    for s in report["seats"]:
        lo, hi = s["win_rate_95ci"]
        s["equal_share"] = round(share, 4)
        s["vs_equal_share"] = round(s["win_rate"] - share, 4)
        s["outside"] = "above" if lo > share else "below" if hi < share else ""
    measured = [r for r in results if r.ending is not None]
    if not measured:
        return report
    endings: dict[str, int] = defaultdict(int)
    for r in measured:
        endings[r.ending or "end"] += 1
    report["endings"] = dict(sorted(endings.items(), key=lambda kv: (-kv[1], kv[0])))
    report["measured_games"] = len(measured)
    report["lead_changes"] = _spread([float(r.lead_changes or 0) for r in measured])
    led = [
        (r, leaders[0])
        for r in measured
        if (leaders := r.leaders_at_two_thirds) and len(leaders) == 1
    ]
    wins = sum(1.0 / len(r.winners) for r, leader in led if leader in r.winners)
    lo, hi = wilson(wins, len(led))
    report["leader_at_two_thirds"] = {
        "games": len(led),
        "wins": round(wins, 4),
        "win_rate": round(wins / len(led), 4) if led else 0.0,
        "win_rate_95ci": [round(lo, 4), round(hi, 4)],
        "equal_share": round(share, 4),
    }
    return report


def analysis_of(
    game: Game,
    bots: list[str],
    seed: int,
    results: list[GameResult],
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Everything the report shows, as JSON (``analysis.json``): per player count the seats,
    scores, length and game-level measures; the card table over all games."""
    groups: dict[int, list[GameResult]] = {}
    for r in results:
        groups.setdefault(len(r.bots), []).append(r)
    groups = dict(sorted(groups.items()))
    reports = {
        k: game_measures(build_report(game.id, group[0].bots, seed, group, options), group)
        for k, group in groups.items()
    }
    if len(groups) == 1:
        report = next(iter(reports.values()))
    else:
        report = {
            "game": game.id,
            "games": len(results),
            "seed": seed,
            "bots": bots,
            "options": options or {},
            "players": list(groups),
        }
    return {
        "game": game.id,
        "version": game.version,
        "report": report,
        "cards": card_statistics(results),
        "by_players": {str(k): rep for k, rep in reports.items()},
    }


# -------------------------------------------------------------------------- baseline
def load_baseline(path: Path, game: Game) -> dict[str, Any]:
    """An earlier run as an analysis: a report folder or its ``analysis.json``, a
    ``simulate`` folder or its ``report.json``, or the results themselves
    (``games.jsonl``, or a folder of them such as ``--players 3,4,5`` writes)."""
    path = Path(path)
    if path.is_dir():
        for name in ("analysis.json", "report.json"):
            if (path / name).exists():
                return load_baseline(path / name, game)
        logs = sorted(path.glob("games.jsonl")) or sorted(path.glob("*/games.jsonl"))
        if not logs:
            raise ValueError(f"{path} holds no analysis.json, report.json or games.jsonl")
        return _from_results(logs, game)
    if path.suffix == ".jsonl":
        return _from_results([path], game)
    data = json.loads(path.read_text(encoding="utf-8"))
    if "by_players" in data:
        return data
    if "seats" in data:  # a simulate report: one player count, no cards
        return {
            "game": data.get("game"),
            "version": "?",
            "report": data,
            "cards": [],
            "by_players": {str(len(data["seats"])): data},
        }
    raise ValueError(f"{path} is neither an analysis nor a simulation report")


def _from_results(logs: list[Path], game: Game) -> dict[str, Any]:
    results = []
    for log in logs:
        for line in log.read_text(encoding="utf-8").splitlines()[1:]:
            try:
                results.append(GameResult.from_json(json.loads(line)))
            except (json.JSONDecodeError, KeyError, TypeError):
                break
    if not results:
        raise ValueError(f"no finished game in {', '.join(map(str, logs))}")
    return analysis_of(game, results[0].bots[:1], results[0].seed, results)


def compare(
    analysis: dict[str, Any], baseline: dict[str, Any], correction: str = "bh", alpha: float = 0.05
) -> list[dict[str, Any]]:
    """Every row present in both runs, with the before and after values, the two-sided
    p-value of its test (two-proportion z-test for rates and shares, Welch's z-test
    for means) and that p-value adjusted over all the rows (``correction``: Holm or
    Benjamini-Hochberg); ``significant`` when the adjusted p-value is below ``alpha``.
    ``row`` names it: (section, player count or None, item)."""
    rows: list[dict[str, Any]] = []

    def rate(row: tuple[Any, ...], wins_a: float, n_a: int, wins_b: float, n_b: int) -> None:
        if n_a and n_b:
            rows.append(
                {
                    "row": list(row),
                    "before": wins_b / n_b,
                    "after": wins_a / n_a,
                    "p": two_proportion_p(wins_a, n_a, wins_b, n_b),
                }
            )

    def mean(
        row: tuple[Any, ...], a: dict[str, float], n_a: int, b: dict[str, float], n_b: int
    ) -> None:
        rows.append(
            {
                "row": list(row),
                "before": b["mean"],
                "after": a["mean"],
                "p": welch_p(a["mean"], a["stdev"], n_a, b["mean"], b["stdev"], n_b),
            }
        )

    now_by, old_by = analysis["by_players"], baseline.get("by_players", {})
    for k in sorted(set(now_by) & set(old_by), key=int):
        a, b = now_by[k], old_by[k]
        n_a, n_b = a["games"], b["games"]
        for sa, sb in zip(a["seats"], b["seats"], strict=False):
            rate(("seat", int(k), sa["seat"]), sa["wins"], n_a, sb["wins"], n_b)
        mean(("length", int(k), None), a["length_decisions"], n_a, b["length_decisions"], n_b)
        if "endings" in a and "endings" in b:
            m_a, m_b = a["measured_games"], b["measured_games"]
            for key in sorted(set(a["endings"]) | set(b["endings"])):
                rate(
                    ("ending", int(k), key),
                    a["endings"].get(key, 0),
                    m_a,
                    b["endings"].get(key, 0),
                    m_b,
                )
            mean(("lead_changes", int(k), None), a["lead_changes"], m_a, b["lead_changes"], m_b)
            la, lb = a["leader_at_two_thirds"], b["leader_at_two_thirds"]
            rate(
                ("leader_at_two_thirds", int(k), None),
                la["wins"],
                la["games"],
                lb["wins"],
                lb["games"],
            )
    old_cards = {(c["what"], c["card"]): c for c in baseline.get("cards", [])}
    for c in analysis["cards"]:
        old = old_cards.get((c["what"], c["card"]))
        if old:
            rate(
                ("card", c["what"], c["card"]),
                _card_wins(c),
                c["seat_games"],
                _card_wins(old),
                old["seat_games"],
            )
    for row, p_adj in zip(rows, adjust([r["p"] for r in rows], correction), strict=True):
        row["p_adjusted"] = p_adj
        row["significant"] = p_adj < alpha
    return rows


def _card_wins(c: dict[str, Any]) -> float:
    return c["wins"] if "wins" in c else c["win_rate"] * c["seat_games"]


# -------------------------------------------------------------------------- words
WORDS: dict[str, dict[str, str]] = {
    "title": {"en": "{game}: balance report", "zh-TW": "{game}：平衡報告"},
    "summary": {
        "en": "{games} games · bots {bots} · seed {seed} · options {options} · rules "
        "version {version} · card data: {data} (copied beside this report)",
        "zh-TW": "{games}局 · {bots} · 種子{seed} · 選項：{options} · "
        "規則版本{version} · 卡牌資料：{data}（已複製到報告旁）",
    },
    "baseline": {
        "en": "Compared with a baseline of {games} games (rules version {version}): "
        "column Δ, a mark ✱ where the difference is significant.",
        "zh-TW": "與先前{games}局的基準比較（規則版本{version}）：見Δ欄，差異顯著的標上✱。",
    },
    "seats": {"en": "Win rate by seat order", "zh-TW": "各座次的勝率"},
    "seats_note": {
        "en": "Seat 1 is the first seat of the setup. A k-way tie counts 1/k of a "
        "win. ▲ / ▼: the 95% interval lies wholly above / below the equal "
        "share (1 / players).",
        "zh-TW": "玩家1是開局的第一個座位。平手時由並列的玩家平分這一勝。▲／▼："
        "95%信賴區間完全高於／低於平均勝率（1／玩家人數）。",
    },
    "n_players": {"en": "{k} players ({games} games)", "zh-TW": "{k}人局（{games}局）"},
    "seat": {"en": "seat", "zh-TW": "座次"},
    "bot": {"en": "bot", "zh-TW": "電腦"},
    "win_rate": {"en": "win rate", "zh-TW": "勝率"},
    "interval": {"en": "95% interval", "zh-TW": "95%信賴區間"},
    "equal_share": {"en": "equal share", "zh-TW": "平均勝率"},
    "vs_equal": {"en": "vs equal share", "zh-TW": "與平均勝率之差"},
    "mean_score": {"en": "mean score", "zh-TW": "平均分數"},
    "sd": {"en": "sd", "zh-TW": "標準差"},
    "counts": {
        "en": "Game length, ties and the lead by player count",
        "zh-TW": "各玩家人數的遊戲長度、平手和領先",
    },
    "counts_note": {
        "en": "Length in decisions (every choice of every seat). The leader is the "
        "seat ahead by the game's own standing (points so far) after a "
        "decision; a lead change is a new sole leader (a tie in between is "
        "not one). Leader at ⅔: the sole leader after two-thirds of the "
        "game's decisions, and how often that seat won.",
        "zh-TW": "長度以決策數計（每個座位的每次選擇）。領先者是每次決策後依遊戲本身的"
        "局勢（目前的分數）領先的座位；換人領先是出現新的單獨領先者（中間的"
        "平手不算）。⅔時的領先者：遊戲進行到三分之二的決策時單獨領先的座位，"
        "以及它獲勝的比例。",
    },
    "players": {"en": "players", "zh-TW": "玩家人數"},
    "games": {"en": "games", "zh-TW": "局數"},
    "mean_length": {"en": "mean decisions", "zh-TW": "平均決策數"},
    "range": {"en": "range", "zh-TW": "範圍"},
    "ties": {"en": "ties", "zh-TW": "平手局數"},
    "lead_changes": {"en": "lead changes (mean)", "zh-TW": "換人領先（平均）"},
    "leader_games": {"en": "games with a sole leader at ⅔", "zh-TW": "⅔時有單獨領先者的局數"},
    "leader_wins": {"en": "leader at ⅔ wins", "zh-TW": "⅔時的領先者獲勝"},
    "endings": {"en": "How games end", "zh-TW": "遊戲如何結束"},
    "ending": {"en": "ending", "zh-TW": "結束方式"},
    "share": {"en": "{count} ({share:.0%})", "zh-TW": "{count}局（{share:.0%}）"},
    "cards": {"en": "Cards", "zh-TW": "卡牌"},
    "cards_note": {
        "en": "Each row is a kind of event the game reports (<em>what</em>: a card "
        "played, a marker taken, a card held at the end ...) and the card, "
        "place or marker it names: the win rate of a seat over the games in "
        "which this happened to it at least once (a k-way tie counts 1/k), "
        "with its 95% Wilson interval; the dashed line is the equal share "
        "(one per player count), and <em>vs equal share</em> is against each "
        "game's own.",
        "zh-TW": "每一列是遊戲回報的一種事件（「事件」：打出一張牌、拿到一個標記、"
        "遊戲結束時手上的牌……）和它所指的牌、地點或標記：在這件事至少發生過"
        "一次的那些局裡，該座位的勝率（平手時由並列的玩家平分這一勝）和它的"
        "95% Wilson信賴區間；虛線是平均勝率（每種玩家人數一條），「與平均"
        "勝率之差」是與每一局自己的平均勝率相比。",
    },
    "what": {"en": "what", "zh-TW": "事件"},
    "card": {"en": "card", "zh-TW": "牌"},
    "seat_games": {"en": "seat-games", "zh-TW": "座位局數"},
    "differences": {"en": "Differences from the baseline", "zh-TW": "與基準的差異"},
    "row": {"en": "row", "zh-TW": "項目"},
    "before": {"en": "before", "zh-TW": "之前"},
    "after": {"en": "after", "zh-TW": "之後"},
    "p": {"en": "p", "zh-TW": "p值"},
    "p_adjusted": {"en": "adjusted p", "zh-TW": "校正後的p值"},
    "none_significant": {"en": "No difference is significant.", "zh-TW": "沒有顯著的差異。"},
    "all_rows": {"en": "All {n} rows compared", "zh-TW": "全部{n}個比較項目"},
    "row_seat": {"en": "{k} players: seat {seat} win rate", "zh-TW": "{k}人局：玩家{seat}的勝率"},
    "row_length": {"en": "{k} players: mean decisions", "zh-TW": "{k}人局：平均決策數"},
    "row_ending": {
        "en": "{k} players: ending “{ending}”",
        "zh-TW": "{k}人局：以「{ending}」結束的比例",
    },
    "row_lead_changes": {"en": "{k} players: lead changes", "zh-TW": "{k}人局：換人領先次數"},
    "row_leader": {"en": "{k} players: leader at ⅔ wins", "zh-TW": "{k}人局：⅔時的領先者獲勝"},
    "row_card": {"en": "card {card}: {what}", "zh-TW": "「{card}」：{what}"},
    "footer": {
        "en": "Intervals are 95% Wilson score intervals. Baseline differences: win rates "
        "and shares by the two-sided two-proportion z-test (pooled; ties count as "
        "fractions of a win, so Fisher's exact test does not apply), means by "
        "Welch's z-test; the p-values of all {n} rows are adjusted by the {method} "
        "correction for many comparisons, and a difference is marked ✱ when its "
        "adjusted p-value is below {alpha}.",
        "zh-TW": "信賴區間都是95% Wilson區間。與基準的差異：勝率和比例用雙尾雙比例z檢定"
        "（合併變異數；平手算部分勝場，所以不用費雪精確檢定），平均值用Welch z"
        "檢定；全部{n}個項目的p值以{method}方法做多重比較校正，校正後的p值小於"
        "{alpha}的差異標上✱。",
    },
    "footer_plain": {
        "en": "Intervals are 95% Wilson score intervals.",
        "zh-TW": "信賴區間都是95% Wilson區間。",
    },
    "method_holm": {"en": "Holm (family-wise error rate)", "zh-TW": "Holm（控制族系錯誤率）"},
    "method_bh": {
        "en": "Benjamini-Hochberg (false discovery rate)",
        "zh-TW": "Benjamini-Hochberg（控制偽發現率）",
    },
    "plot_seats": {"en": "Win rate by seat", "zh-TW": "各座次的勝率"},
    "plot_ylabel": {"en": "win rate (95% interval)", "zh-TW": "勝率（95%信賴區間）"},
    "plot_players": {"en": "{k} players", "zh-TW": "{k}人局"},
    "plot_equal": {"en": "equal share", "zh-TW": "平均勝率"},
}
LANGS = ("en", "zh-TW")


def words(key: str, lang: str, **fields: Any) -> str:
    text = WORDS[key].get(lang, WORDS[key]["en"])
    return text.format(**fields) if fields else text


def paren(text: str, lang: str) -> str:
    return f"（{text}）" if lang == "zh-TW" else f" ({text})"


def describe_feature(game: Game, what: str, lang: str) -> str:
    return game.describe_feature(what, lang)


def _options_text(game: Game, options: dict[str, Any], lang: str) -> str:
    if not options:
        return "預設" if lang == "zh-TW" else "defaults"
    if lang != "zh-TW":
        return json.dumps(options)
    labels = game.option_labels()
    parts = []
    for key, value in options.items():
        label = labels.get(key, {}).get(lang, key)
        shown = "是" if value is True else "否" if value is False else str(value)
        parts.append(f"{label}：{shown}")
    return join(parts, lang)


def card_names(game: Game, lang: str, keys: Iterable[str] = ()) -> dict[str, str]:
    """The names in ``lang`` of the cards, places and markers of the game's catalog, by key,
    and of those of ``keys`` it does not name that the game describes (``describe_card``)."""
    out: dict[str, str] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if isinstance(value, dict) and isinstance(value.get(lang), str):
                    out.setdefault(str(key), value[lang])
                else:
                    walk(value)
        elif isinstance(node, list):  # a list of named things, each with its key
            for value in node:
                if (
                    isinstance(value, dict)
                    and isinstance(value.get(lang), str)
                    and isinstance(value.get("key"), str)
                ):
                    out.setdefault(value["key"], value[lang])
                else:
                    walk(value)

    walk(game.catalog())
    for key in keys:
        if key not in out:
            words = game.describe_card(key, lang)
            if words is not None:
                out[key] = words
    return out


# -------------------------------------------------------------------------- plots
def _pyplot(lang: str) -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    if lang == "zh-TW":  # a CJK font where there is one; matplotlib falls back per glyph
        plt.rcParams["font.family"] = ["Noto Sans CJK TC", "Noto Sans CJK JP", "DejaVu Sans"]
    return plt


def plot_seat_win_rates(analysis: dict[str, Any], lang: str = "en") -> Any:
    """One figure: win rate by seat with its 95% interval, a group of bars per player
    count, and each count's equal share as a dashed line."""
    plt = _pyplot(lang)
    by = {int(k): rep for k, rep in analysis["by_players"].items()}
    most = max(by)
    width = 0.8 / len(by)
    fig, ax = plt.subplots(figsize=(max(6, 1.1 * most + 2), 3.8))
    for i, (k, rep) in enumerate(sorted(by.items())):
        seats = rep["seats"]
        xs = [s["seat"] + (i - (len(by) - 1) / 2) * width for s in seats]
        bars = ax.bar(
            xs,
            [s["win_rate"] for s in seats],
            width=width * 0.95,
            alpha=0.75,
            yerr=[
                [s["win_rate"] - s["win_rate_95ci"][0] for s in seats],
                [s["win_rate_95ci"][1] - s["win_rate"] for s in seats],
            ],
            capsize=3,
            label=words("plot_players", lang, k=k),
        )
        left, right = xs[0] - width / 2, xs[-1] + width / 2
        ax.hlines(1 / k, left, right, colors=bars.patches[0].get_facecolor(), linestyles="--")
    ax.set_xticks(range(most), [seat_name(s, lang) for s in range(most)])
    ax.set_ylabel(words("plot_ylabel", lang))
    ax.plot([], [], color="gray", linestyle="--", label=words("plot_equal", lang))
    ax.set_title(words("plot_seats", lang))
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig


def _png(fig: Any) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100)
    return base64.b64encode(buf.getvalue()).decode()


def _plots(
    game: Game,
    analysis: dict[str, Any],
    groups: dict[int, list[GameResult]],
    lang: str,
    names: dict[str, str],
) -> dict[str, str]:
    plt = _pyplot(lang)
    zh = lang == "zh-TW"
    out = {}
    fig = plot_seat_win_rates(analysis, lang)
    out["seats"] = _png(fig)
    plt.close(fig)

    for k, group in groups.items():
        fig, ax = plt.subplots(figsize=(6, 3.5))
        ax.violinplot([[r.scores[s] for r in group] for s in range(k)], showmeans=True)
        ax.set_xticks(range(1, k + 1), [seat_name(s, lang) for s in range(k)])
        ax.set_ylabel("最終分數" if zh else "final score")
        ax.set_title(
            ("分數分布" if zh else "Score distributions") + " — " + words("plot_players", lang, k=k)
        )
        fig.tight_layout()
        out[f"scores_{k}"] = _png(fig)
        plt.close(fig)

    fig, ax = plt.subplots(figsize=(6, 3.5))
    for k, group in groups.items():
        ax.hist(
            [r.decisions for r in group],
            bins=30,
            alpha=0.8 if len(groups) == 1 else 0.5,
            label=words("plot_players", lang, k=k),
        )
    ax.set_xlabel("每局決策數" if zh else "decisions per game")
    ax.set_ylabel("局數" if zh else "games")
    ax.set_title("遊戲長度" if zh else "Game length")
    ax.legend()
    fig.tight_layout()
    out["length"] = _png(fig)
    plt.close(fig)

    cards = analysis["cards"]
    for what in sorted({c["what"] for c in cards}):
        rows = sorted((c for c in cards if c["what"] == what), key=lambda c: c["win_rate"])
        fig, ax = plt.subplots(figsize=(7, max(3, 0.22 * len(rows) + 1)))
        ax.errorbar(
            [c["win_rate"] for c in rows],
            range(len(rows)),
            xerr=[
                [c["win_rate"] - c["win_rate_95ci"][0] for c in rows],
                [c["win_rate_95ci"][1] - c["win_rate"] for c in rows],
            ],
            fmt="o",
            capsize=2,
        )
        ax.set_yticks(range(len(rows)), [names.get(c["card"], c["card"]) for c in rows], fontsize=7)
        for k in groups:
            ax.axvline(1 / k, color="gray", linestyle="--")
        kind = describe_feature(game, what, lang)
        colon = "：" if lang == "zh-TW" else ": "
        ax.set_xlabel(
            f"{words('win_rate', lang)}{colon}{kind}{paren(words('interval', lang), lang)}"
        )
        ax.set_title(f"{words('cards', lang)}{colon}{kind}")
        fig.tight_layout()
        out[f"cards_{what}"] = _png(fig)
        plt.close(fig)
    return out


# -------------------------------------------------------------------------- the page
def write_analysis(
    game: Game,
    bots: list[str],
    seed: int,
    results: list[GameResult],
    out: Path,
    options: dict[str, Any] | None = None,
    baseline: dict[str, Any] | None = None,
    *,
    lang: str = "en",
    correction: str = "bh",
    plot: Path | None = None,
) -> Path:
    """The report of ``results``: one player count, or several (``--players 3,4,5``): then
    seats, scores and game length per player count, and the card table over all games.
    ``baseline`` (``load_baseline``) adds its differences, tested and corrected;
    ``plot`` also saves the win rate by seat as a PNG file there."""
    if lang not in LANGS:
        raise ValueError(f"unknown language '{lang}' ({' or '.join(LANGS)})")
    out.mkdir(parents=True, exist_ok=True)
    groups: dict[int, list[GameResult]] = {}
    for r in results:
        groups.setdefault(len(r.bots), []).append(r)
    groups = dict(sorted(groups.items()))
    analysis = analysis_of(game, bots, seed, results, options)
    if baseline:
        analysis["baseline"] = {
            "games": baseline["report"]["games"],
            "version": baseline.get("version", "?"),
            "correction": correction,
            "rows": compare(analysis, baseline, correction),
        }
    (out / "analysis.json").write_text(json.dumps(analysis, indent=1, sort_keys=True) + "\n")
    copied = []
    for path in game.data_files():
        shutil.copy(path, out / Path(path).name)
        copied.append(Path(path).name)
    names = card_names(game, lang, {c["card"] for c in analysis["cards"]})
    plots = _plots(game, analysis, groups, lang, names)
    if plot is not None:
        plt = _pyplot(lang)
        fig = plot_seat_win_rates(analysis, lang)
        Path(plot).parent.mkdir(parents=True, exist_ok=True)
        fig.savefig(plot, dpi=110)
        plt.close(fig)
    page = _html(game, analysis, plots, copied, lang, names)
    (out / "report.html").write_text(page, encoding="utf-8")
    return out / "report.html"


def _signed(x: float, fmt: str = "+.3f") -> str:
    """A difference with its sign, never "-0.000"."""
    digits = int(fmt[-2]) + (2 if fmt.endswith("%") else 0)
    return f"{round(x, digits) + 0.0:{fmt}}"


def _fmt_ci(ci: list[float]) -> str:
    return f"{ci[0]:.3f}–{ci[1]:.3f}"


def _html(
    game: Game,
    analysis: dict[str, Any],
    plots: dict[str, str],
    copied: list[str],
    lang: str,
    names: dict[str, str],
) -> str:
    report, cards = analysis["report"], analysis["cards"]
    esc = html.escape
    w = functools.partial(words, lang=lang)
    base = analysis.get("baseline")
    diffs = {tuple(r["row"]): r for r in base["rows"]} if base else {}

    def img(key: str) -> str:
        return (
            f'<img alt="{esc(key)}" src="data:image/png;base64,{plots[key]}">'
            if key in plots
            else ""
        )

    def delta(*row: Any, fmt: str = "+.3f") -> str:
        d = diffs.get(row)
        if d is None:
            return "<td></td>" if base else ""
        mark = " ✱" if d["significant"] else ""
        return f"<td>{_signed(d['after'] - d['before'], fmt)}{mark}</td>"

    dh = "<th>Δ</th>" if base else ""
    by_players = {int(k): rep for k, rep in analysis["by_players"].items()}
    several_bots = len({b for rep in by_players.values() for b in rep["bots"]}) > 1
    seat_sections = []
    for k, rep in by_players.items():
        seat_rows = "".join(
            f"<tr><td>{esc(seat_name(s['seat'], lang))}</td>"
            + (f"<td>{esc(s['bot'])}</td>" if several_bots else "")
            + f"<td>{s['win_rate']:.3f}</td><td>{_fmt_ci(s['win_rate_95ci'])}</td>"
            f"<td>{1 / k:.3f}</td><td>{_signed(s['win_rate'] - 1 / k)}"
            f"{' ▲' if s.get('outside') == 'above' else ' ▼' if s.get('outside') == 'below' else ''}"
            f"</td><td>{s['score']['mean']:.2f}</td><td>{s['score']['stdev']:.2f}</td>"
            + delta("seat", k, s["seat"])
            + "</tr>"
            for s in rep["seats"]
        )
        seat_sections.append(
            f"<h3>{esc(w('n_players', k=k, games=rep['games']))}</h3>"
            f"<table><tr><th>{w('seat')}</th>"
            + (f"<th>{w('bot')}</th>" if several_bots else "")
            + f"<th>{w('win_rate')}</th><th>{w('interval')}</th><th>{w('equal_share')}</th>"
            f"<th>{w('vs_equal')}</th><th>{w('mean_score')}</th><th>{w('sd')}</th>{dh}</tr>"
            f"{seat_rows}</table>{img(f'scores_{k}')}"
        )

    count_rows = []
    for k, rep in by_players.items():
        length = rep["length_decisions"]
        lead = rep.get("leader_at_two_thirds")
        changes = rep.get("lead_changes")
        count_rows.append(
            f"<tr><td>{k}</td><td>{rep['games']}</td><td>{length['mean']:.1f}</td>"
            f"<td>{length['stdev']:.1f}</td><td>{length['min']:.0f}–{length['max']:.0f}</td>"
            + delta("length", k, None, fmt="+.1f")
            + f"<td>{rep['ties']}</td>"
            + (f"<td>{changes['mean']:.2f}</td>" if changes else "<td>—</td>")
            + delta("lead_changes", k, None, fmt="+.2f")
            + (
                f"<td>{lead['games']}</td><td>{lead['win_rate']:.3f} "
                f"({_fmt_ci(lead['win_rate_95ci'])})</td><td>{1 / k:.3f}</td>"
                if lead
                else "<td>—</td><td>—</td><td>—</td>"
            )
            + delta("leader_at_two_thirds", k, None)
            + "</tr>"
        )
    counts_table = (
        f"<table><tr><th>{w('players')}</th><th>{w('games')}</th><th>{w('mean_length')}</th>"
        f"<th>{w('sd')}</th><th>{w('range')}</th>{dh}<th>{w('ties')}</th>"
        f"<th>{w('lead_changes')}</th>{dh}<th>{w('leader_games')}</th>"
        f"<th>{w('leader_wins')}{paren(w('interval'), lang)}</th><th>{w('equal_share')}</th>{dh}</tr>"
        + "".join(count_rows)
        + "</table>"
    )

    keys = []
    for rep in by_players.values():
        keys += [key for key in rep.get("endings", {}) if key not in keys]
    ending_rows = []
    for key in keys:
        cells = []
        for k, rep in by_players.items():
            count = rep["endings"].get(key, 0) if "endings" in rep else 0
            share = count / rep["measured_games"] if rep.get("measured_games") else 0.0
            cells.append(
                f"<td>{esc(w('share', count=count, share=share))}</td>"
                + delta("ending", k, key, fmt="+.1%")
            )
        ending_rows.append(
            f"<tr><td>{esc(_describe_ending(game, key, lang))}</td>" + "".join(cells) + "</tr>"
        )
    endings_table = (
        (
            f"<table><tr><th>{w('ending')}</th>"
            + "".join(f"<th>{esc(w('plot_players', k=k))}</th>{dh}" for k in by_players)
            + "</tr>"
            + "".join(ending_rows)
            + "</table>"
        )
        if keys
        else ""
    )

    card_rows = []
    for c in cards:
        card_rows.append(
            f"<tr><td>{esc(describe_feature(game, c['what'], lang))}</td><td>{esc(names.get(c['card'], c['card']))}</td>"
            f"<td>{c['seat_games']}</td><td>{c['win_rate']:.3f}</td>"
            f"<td>{_fmt_ci(c['win_rate_95ci'])}</td><td>{_signed(c['vs_equal_share'])}</td>"
            + delta("card", c["what"], c["card"])
            + "</tr>"
        )
    card_plots = "".join(img(k) for k in sorted(plots) if k.startswith("cards_"))

    base_note = diff_section = ""
    if base:
        base_note = f"<p>{esc(w('baseline', games=base['games'], version=base['version']))}</p>"
        rows = sorted(base["rows"], key=lambda r: r["p_adjusted"])

        def line(r: dict[str, Any]) -> str:
            return (
                f"<tr><td>{esc(_row_label(game, r['row'], lang, names))}</td>"
                f"<td>{r['before']:.3f}</td><td>{r['after']:.3f}</td>"
                f"<td>{_signed(r['after'] - r['before'])}{' ✱' if r['significant'] else ''}</td>"
                f"<td>{r['p']:.3g}</td><td>{r['p_adjusted']:.3g}</td></tr>"
            )

        head = (
            f"<tr><th>{w('row')}</th><th>{w('before')}</th><th>{w('after')}</th><th>Δ</th>"
            f"<th>{w('p')}</th><th>{w('p_adjusted')}</th></tr>"
        )
        significant = [line(r) for r in rows if r["significant"]]
        diff_section = (
            f"<h2>{w('differences')}</h2>"
            + (
                f"<table>{head}{''.join(significant)}</table>"
                if significant
                else f"<p>{w('none_significant')}</p>"
            )
            + f"<details><summary>{esc(w('all_rows', n=len(rows)))}</summary>"
            f"<table>{head}{''.join(line(r) for r in rows)}</table></details>"
        )
        method = w("method_holm" if base["correction"] == "holm" else "method_bh")
        footer = w("footer", n=len(rows), method=method, alpha=0.05)
    else:
        footer = w("footer_plain")

    options = _options_text(game, report["options"], lang)
    bots = [kind_name(b, lang) for b in report["bots"]] if lang == "zh-TW" else report["bots"]
    summary = w(
        "summary",
        games=report["games"],
        bots=join(bots, lang),
        seed=report["seed"],
        options=options,
        version=analysis["version"],
        data=", ".join(copied) or "—",
    )
    title = w("title", game=game.title.get(lang, game.title.get("en", game.id)))
    return f"""<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8"><title>{esc(title)}</title>
<style>body{{font-family:system-ui,"Noto Sans TC",sans-serif;max-width:1100px;margin:2rem auto;
color:#222}}table{{border-collapse:collapse;margin:1rem 0}}td,th{{border-bottom:1px solid #ddd;
padding:.25rem .6rem;text-align:right}}td:first-child,th:first-child{{text-align:left}}
img{{max-width:100%}}.grid{{display:flex;flex-wrap:wrap;gap:1rem}}footer{{color:#555;
font-size:.9em;border-top:1px solid #ccc;margin-top:2rem;padding-top:.5rem}}</style></head><body>
<h1>{esc(title)}</h1>
<p>{esc(summary)}</p>
{base_note}
<h2>{w("seats")}</h2>
<p>{w("seats_note")}</p>
{img("seats")}
{"".join(seat_sections)}
<h2>{w("counts")}</h2>
<p>{w("counts_note")}</p>
{counts_table}
{img("length")}
<h2>{w("endings")}</h2>
{endings_table}
<h2>{w("cards")}</h2>
<p>{w("cards_note")}</p>
<div class="grid">{card_plots}</div>
<table><tr><th>{w("what")}</th><th>{w("card")}</th><th>{w("seat_games")}</th>
<th>{w("win_rate")}</th><th>{w("interval")}</th><th>{w("vs_equal")}</th>{dh}</tr>{"".join(card_rows)}</table>
{diff_section}
<footer><p>{esc(footer)}</p></footer>
</body></html>
"""


def _describe_ending(game: Game, key: str, lang: str) -> str:
    return game.describe_ending(key, lang)


def _row_label(game: Game, row: list[Any], lang: str, names: dict[str, str]) -> str:
    kind, k, item = row
    if kind == "seat":
        return words("row_seat", lang, k=k, seat=item + 1)
    if kind == "ending":
        return words("row_ending", lang, k=k, ending=_describe_ending(game, item, lang))
    if kind == "card":
        return words(
            "row_card", lang, what=describe_feature(game, k, lang), card=names.get(item, item)
        )
    return words(
        {
            "length": "row_length",
            "lead_changes": "row_lead_changes",
            "leader_at_two_thirds": "row_leader",
        }[kind],
        lang,
        k=k,
    )
