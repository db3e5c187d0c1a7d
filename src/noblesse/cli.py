"""The ``noblesse`` command: play, simulate, replay, verify, rules, bench."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import time
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from noblesse import games
from noblesse.agents import LEVELS, act_honestly, make_agent, parse_spec
from noblesse.core.errors import IllegalAction, RecordError
from noblesse.core.game import Game, State
from noblesse.core.record import Record, RecordWriter, read_record, replay, result_of, verify
from noblesse.core.text import join_and, score_list, seat_name, winners_phrase
from noblesse.i18n import kind_name, normalize_lang, t

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="noblesse: Guillotine and other games of courtly intrigue.",
)
console = Console(highlight=False)

# Options that several commands share.
Workers = Annotated[int, typer.Option(min=1, help="worker processes (or Ray CPUs)")]
Seed = Annotated[int, typer.Option(help="master seed")]
Out = Annotated[Path | None, typer.Option(help="output folder")]
GameOptions = Annotated[list[str] | None, typer.Option(help="game option NAME=VALUE")]
Backend = Annotated[str, typer.Option(help="processes or ray")]
RayAddress = Annotated[str | None, typer.Option(help="join this Ray cluster")]
Resume = Annotated[bool, typer.Option(help="finish an interrupted run in --out")]


def _game(game_id: str) -> Game:
    try:
        return games.get(game_id)
    except KeyError as exc:
        raise typer.BadParameter(str(exc).strip("'\"")) from None


def _lang(lang: str) -> str:
    try:
        return normalize_lang(lang)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None


def _parse_value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    try:
        return int(text)
    except ValueError:
        return text


def _options(pairs: list[str] | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise typer.BadParameter(f"option '{pair}' should look like name=value")
        out[key.strip()] = _parse_value(value.strip())
    return out


def _seats(specs: list[str] | None, players: int) -> list[str]:
    seats = ["normal"] * players
    seats[0] = "human"
    for spec in specs or []:
        index, sep, kind = spec.partition("=")
        if not sep or not index.strip().isdigit():
            raise typer.BadParameter(f"seat '{spec}' should look like 0=human or 2=hard")
        i = int(index)
        if not 0 <= i < players:
            raise typer.BadParameter(
                f"seat {i} does not exist with {players} players (0-{players - 1})"
            )
        kind = kind.strip().lower()
        if kind != "human":
            try:
                parse_spec(kind)
            except ValueError as exc:
                raise typer.BadParameter(f"seat {i}: {exc}; or human") from None
        seats[i] = kind
    return seats


# The levels a player may choose, a line on each (``noblesse play --help``).
LEVEL_LINES = "\n\n".join(f"{name}: {level.en}" for name, level in LEVELS.items())


# ----------------------------------------------------------------------------- play
@app.command(
    help="Play in the terminal against bots (or hot-seat with friends). Seat 0 is "
    "you; the other seats are normal bots unless --seat says otherwise "
    "(--seat 1=hard --seat 2=easy).\n\nBot levels:\n\n" + LEVEL_LINES
)
def play(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="guillotine, ...")],
    players: Annotated[int, typer.Option(help="number of players")] = 4,
    seat: Annotated[
        list[str] | None,
        typer.Option(
            help="SEAT=KIND: human, a level (easy, normal, hard) or a bot (random, greedy, "
            "ismcts:ms=500)"
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="seed (default: random)")] = None,
    lang: Annotated[str, typer.Option(help="en or zh-TW")] = "en",
    option: GameOptions = None,
    records: Annotated[Path, typer.Option(help="folder for game records")] = Path("var/records"),
) -> None:
    """Play in the terminal against bots (or hot-seat with friends)."""
    game = _game(game_id)
    lang = _lang(lang)
    if not game.min_players <= players <= game.max_players:
        raise typer.BadParameter(f"{game_id} is for {game.min_players}-{game.max_players} players")
    kinds = _seats(seat, players)
    seed = random.SystemRandom().randrange(2**31) if seed is None else seed
    options = _options(option)
    try:
        state = game.setup(players, seed, options)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    agents = {i: make_agent(k, seed * 31 + i) for i, k in enumerate(kinds) if k != "human"}
    humans = [i for i, k in enumerate(kinds) if k == "human"]
    labels = _labels(kinds, lang)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = records / f"{game.id}-{stamp}-seed{seed}.jsonl"
    writer = RecordWriter(path, Record(game.id, game.version, seed, kinds, options))
    console.print(
        f"[bold]{game.title.get(lang, game.title['en'])}[/] · {t('seed', lang, seed=seed)}"
    )
    console.print(_roster(kinds, lang))
    last_human: int | None = None
    try:
        while not game.is_over(state):
            for s in game.to_act(state):
                if s in agents:
                    action = act_honestly(agents[s], game, state, s)
                else:
                    if len(humans) > 1 and last_human not in (None, s):
                        # Hot seat: wipe the screen (and scrollback) so the next player
                        # cannot read the last one's hand or secret choice.
                        console.clear()
                        console.file.write("\033[3J")
                        console.input(t("hand_over", lang, who=seat_name(s, lang)) + " ")
                    last_human = s
                    action = _ask_human(game, state, s, lang)
                events = game.apply(state, s, action)
                writer.append(s, game.encode(action))
                viewer = s if s in humans else (humans[0] if len(humans) == 1 else None)
                for event in events:
                    console.print("  · " + game.describe_event(event.for_seat(viewer), lang))
    except (EOFError, KeyboardInterrupt):
        writer.close()
        console.print("\n" + t("quit", lang))
        console.print(t("record_saved", lang, path=path))
        raise typer.Exit(0) from None
    writer.finish(result_of(game, state))
    _print_scores(game, state, lang, kinds, labels)
    console.print(t("record_saved", lang, path=path))


def _labels(kinds: list[str], lang: str) -> list[str]:
    """Each player's name in the terminal's lists: 「玩家1（你）」 for the one person at
    the terminal (everyone is 「玩家N」 in the log, docs/zh-TW.md), else 「玩家N」."""
    people = [i for i, k in enumerate(kinds) if k == "human"]
    you = f"（{t('you', lang)}）" if lang == "zh-TW" else f" ({t('you', lang)})"
    return [seat_name(i, lang) + (you if people == [i] else "") for i in range(len(kinds))]


def _roster(kinds: list[str], lang: str) -> str:
    """Who plays which seat: 「你是玩家1；玩家2和玩家3是電腦（普通）」 / "You are Seat 1;
    Seat 2 and Seat 3 are Bot (medium)"."""
    people = [i for i, k in enumerate(kinds) if k == "human"]
    groups: dict[str, list[int]] = {}
    for i, k in enumerate(kinds):
        if people != [i]:
            groups.setdefault(kind_name(k, lang), []).append(i)
    parts = [t("you_are", lang, who=seat_name(people[0], lang))] if len(people) == 1 else []
    for kind, seats in groups.items():
        who = join_and((seat_name(i, lang) for i in seats), lang)
        parts.append(t("are_kind" if len(seats) > 1 else "is_kind", lang, who=who, kind=kind))
    return ("；" if lang == "zh-TW" else "; ").join(parts)


def _ask_human(game: Game, state: State, seat: int, lang: str) -> int:
    console.rule()
    view = game.view(state, seat)
    for line in game.render_text(view, lang):
        console.print(line)
    legal = game.legal_actions(state, seat)
    prompt = game.describe_decision(state, lang)
    console.print(
        f"[bold yellow]{t('your_turn', lang, who=seat_name(seat, lang), prompt=prompt)}[/]"
    )
    for i, action in enumerate(legal, start=1):
        console.print(f"  [cyan]{i:>2}[/]  {game.describe_action(state, action, lang)}")
    while True:
        answer = console.input(t("choose", lang)).strip()
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        try:  # an action code typed out (e.g. play:trip) is fine too
            action = game.decode(answer)
            if action in legal:
                return action
        except IllegalAction:
            pass
        console.print(f"[red]{t('not_a_number', lang, n=len(legal))}[/]")


def _print_scores(game: Game, state: State, lang: str, kinds: list[str], labels: list[str]) -> None:
    """The final scores, a ★ by each winner, and who won: 「玩家1（你）獲勝」 / "Winner:
    Seat 1 (you)"."""
    table = Table(title=t("final_scores", lang))
    table.add_column(t("player", lang))
    table.add_column(t("played_by", lang))
    table.add_column(t("score", lang), justify="right")
    scores, won = game.scores(state), game.winners(state)
    for i, name in enumerate(labels):
        mark = " ★" if i in won else ""
        table.add_row(name + mark, kind_name(kinds[i], lang), f"{scores[i]:g}")
    console.print(table)
    console.print(winners_phrase(list(won), lang, labels))


# ----------------------------------------------------------------------------- simulate
def _bot_list(text: str) -> list[str]:
    bots = [b.strip() for b in text.split(",") if b.strip()]
    for b in bots:
        try:
            parse_spec(b)
        except ValueError as exc:
            raise typer.BadParameter(str(exc)) from None
    if not bots:
        raise typer.BadParameter("name at least one bot")
    return bots


def _check_table(game: Game, players: int, options: dict[str, Any]) -> None:
    if not game.min_players <= players <= game.max_players:
        raise typer.BadParameter(
            f"{game.id} is for {game.min_players}-{game.max_players} players; {players} seats given"
        )
    try:
        game.setup(players, 0, options)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None


def _play_many(
    game: Game,
    n: int,
    seating: Any,
    seed: int,
    workers: int,
    options: dict[str, Any],
    out: Path,
    params: dict[str, Any],
    backend: str,
    ray_address: str | None,
    resume: bool,
    features: bool = False,
) -> tuple[list[Any], bool]:
    """Run the games with a progress bar, streaming each finished game to
    ``out/games.jsonl``; returns (results, finished) — Ctrl-C keeps what finished."""
    from noblesse.sim import run_batch
    from noblesse.sim.results import ResultLog

    try:
        log = ResultLog(out / "games.jsonl", {**params, "version": game.version}, resume)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    results: list[Any] = list(log.done.values())
    finished = True
    try:
        with Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=console,
        ) as progress:
            task = progress.add_task(f"{game.id} ×{n}", total=n, completed=len(log.done))
            results = run_batch(
                game.id,
                n,
                seating,
                seed,
                workers,
                options,
                progress=lambda k: progress.advance(task, k),
                backend=backend,
                ray_address=ray_address,
                features=features,
                on_done=log.append,
                skip=log.done,
            )
    except KeyboardInterrupt:
        finished = False
        log.close()
        kept = ResultLog.load(out / "games.jsonl", {**params, "version": game.version})
        results = sorted(kept.values(), key=lambda r: r.index)
        console.print(
            f"[yellow]interrupted: {len(results)} of {n} games kept in "
            f"{out / 'games.jsonl'}; run again with --resume to finish[/]"
        )
    finally:
        log.close()
    return results, finished


@app.command()
def simulate(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    n: Annotated[int, typer.Option("-n", "--games", min=1, help="number of games")] = 1000,
    bots: Annotated[
        str,
        typer.Option(
            help="comma-separated bot per seat: a level (easy, normal, hard) or a bot "
            "(random, greedy, ismcts:iters=400)"
        ),
    ] = "random,random,random,random",
    workers: Workers = 1,
    seed: Seed = 0,
    out: Out = None,
    option: GameOptions = None,
    backend: Backend = "processes",
    ray_address: RayAddress = None,
    resume: Resume = False,
) -> None:
    """Play many bot games; write report.json and scores.png."""
    from noblesse.sim import build_report, plot_scores

    game = _game(game_id)
    bot_list = _bot_list(bots)
    options = _options(option)
    _check_table(game, len(bot_list), options)
    if backend not in ("processes", "ray"):
        raise typer.BadParameter("backend must be processes or ray")
    out = out or Path("var/sim") / f"{game.id}-seed{seed}"
    start = time.perf_counter()
    params = {
        "command": "simulate",
        "game": game.id,
        "bots": bot_list,
        "seed": seed,
        "options": options,
    }
    results, finished = _play_many(
        game, n, bot_list, seed, workers, options, out, params, backend, ray_address, resume
    )
    if not results:
        raise typer.Exit(1)
    elapsed = time.perf_counter() - start
    report = build_report(game.id, bot_list, seed, results, options)
    if not finished:
        report["interrupted"] = True
    (out / "report.json").write_text(json.dumps(report, indent=2, sort_keys=True) + "\n")
    plot_scores(report, results, out / "scores.png")
    table = Table(title=f"{game.id}: {len(results)} games, seed {seed}")
    for col in ("seat", "bot", "win rate", "95% interval", "mean score", "stdev"):
        table.add_column(col, justify="right")
    for s in report["seats"]:
        lo, hi = s["win_rate_95ci"]
        table.add_row(
            str(s["seat"]),
            s["bot"],
            f"{s['win_rate']:.3f}",
            f"{lo:.3f}-{hi:.3f}",
            f"{s['score']['mean']:.2f}",
            f"{s['score']['stdev']:.2f}",
        )
    console.print(table)
    console.print(
        f"mean length {report['length_decisions']['mean']:.1f} decisions · "
        f"{len(results) / elapsed:.0f} games/s · report {out / 'report.json'} · "
        f"plot {out / 'scores.png'}"
    )


# ----------------------------------------------------------------------------- tournament
@app.command()
def tournament(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    bots: Annotated[
        str,
        typer.Option(
            help="comma-separated bots, rotated over the seats: levels (easy, normal, hard) or "
            "bots (random, greedy, ismcts:iters=400) or a trained policy (policy:PATH, "
            "the train extra)"
        ),
    ] = "greedy,random",
    n: Annotated[int, typer.Option("-n", "--games", min=1, help="number of games")] = 600,
    players: Annotated[int, typer.Option(help="seats per game")] = 4,
    workers: Workers = 1,
    seed: Seed = 0,
    out: Out = None,
    option: GameOptions = None,
    backend: Backend = "processes",
    ray_address: RayAddress = None,
    resume: Resume = False,
) -> None:
    """Bots rotated fairly over the seats: win rates with 95% intervals and Elo ratings."""
    from noblesse.sim.batch import rotating_seating
    from noblesse.sim.tournament import plot_tournament, tournament_report

    game = _game(game_id)
    bot_list = _bot_list(bots)
    options = _options(option)
    _check_table(game, players, options)
    out = out or Path("var/tournament") / f"{game.id}-seed{seed}"
    params = {
        "command": "tournament",
        "game": game.id,
        "bots": bot_list,
        "players": players,
        "seed": seed,
        "options": options,
    }
    results, finished = _play_many(
        game,
        n,
        rotating_seating(bot_list, players),
        seed,
        workers,
        options,
        out,
        params,
        backend,
        ray_address,
        resume,
    )
    if not results:
        raise typer.Exit(1)
    report = tournament_report(game.id, bot_list, players, seed, results)
    if not finished:
        report["interrupted"] = True
    (out / "tournament.json").write_text(json.dumps(report, indent=2, sort_keys=True) + "\n")
    plot_tournament(report, out / "tournament.png")
    table = Table(
        title=f"{game.id}: {len(results)} games, {players} seats, seed {seed} "
        f"(equal share {report['equal_share']:.3f})"
    )
    for col in ("bot", "seats played", "win rate", "95% interval", "Elo", "mean score"):
        table.add_column(col, justify="right")
    for row in report["table"]:
        lo, hi = row["win_rate_95ci"]
        table.add_row(
            row["bot"],
            str(row["seats_played"]),
            f"{row['win_rate']:.3f}",
            f"{lo:.3f}-{hi:.3f}",
            f"{row['elo']:.0f}",
            f"{row['score']['mean']:.2f}",
        )
    console.print(table)
    console.print(f"report {out / 'tournament.json'} · plot {out / 'tournament.png'}")


# ----------------------------------------------------------------------------- analyze
@app.command()
def analyze(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    n: Annotated[int, typer.Option("-n", "--games", min=1, help="number of games")] = 20000,
    bots: Annotated[str, typer.Option(help="bot(s); one name fills every seat")] = "greedy",
    players: Annotated[
        str, typer.Option(help="seats per game; several (3,4,5): -n games of each, in one report")
    ] = "4",
    workers: Workers = 2,
    seed: Seed = 0,
    out: Out = None,
    option: GameOptions = None,
    baseline: Annotated[
        Path | None,
        typer.Option(
            help="an earlier report or run to compare with: its folder, analysis.json, "
            "report.json or games.jsonl"
        ),
    ] = None,
    correction: Annotated[
        str,
        typer.Option(
            help="correction of the baseline's p-values for many comparisons: bh "
            "(Benjamini-Hochberg) or holm"
        ),
    ] = "bh",
    lang: Annotated[str, typer.Option(help="the report's language: en or zh-TW")] = "en",
    plot: Annotated[
        Path | None, typer.Option(help="also save the win rate by seat as this PNG file")
    ] = None,
    resume: Resume = False,
) -> None:
    """A balance report for designers: self-contained HTML with plots, game-level measures
    and card statistics."""
    from noblesse.sim.analyze import load_baseline, write_analysis

    game = _game(game_id)
    bot_list = _bot_list(bots)
    try:
        counts = sorted({int(p) for p in players.split(",") if p.strip()})
    except ValueError:
        raise typer.BadParameter(
            f"--players takes numbers such as 4 or 3,4,5, not {players!r}"
        ) from None
    if not counts:
        raise typer.BadParameter("--players needs at least one player count")
    if len(bot_list) > 1:
        if len(counts) > 1:
            raise typer.BadParameter("several player counts need one bot name for every seat")
        counts = [len(bot_list)]
    options = _options(option)
    for k in counts:
        _check_table(game, k, options)
    lang = _lang(lang)
    if correction not in ("bh", "holm"):
        raise typer.BadParameter(f"--correction is bh or holm, not {correction!r}")
    before = None
    if baseline is not None:
        try:
            before = load_baseline(baseline, game)
        except (OSError, ValueError) as exc:  # JSONDecodeError is a ValueError
            raise typer.BadParameter(f"cannot read baseline {baseline}: {exc}") from None
    out = out or Path("var/analyze") / f"{game.id}-seed{seed}"
    results = []
    for k in counts:  # one stream of games per player count; each resumes on its own
        seats = bot_list if len(bot_list) == k else bot_list * k
        params = {
            "command": "analyze",
            "game": game.id,
            "bots": seats,
            "seed": seed,
            "options": options,
        }
        done, finished = _play_many(
            game,
            n,
            seats,
            seed,
            workers,
            options,
            out / f"{k}p" if len(counts) > 1 else out,
            params,
            "processes",
            None,
            resume,
            features=True,
        )
        results += done
        if not finished:
            break
    if not results:
        raise typer.Exit(1)
    page = write_analysis(
        game,
        bot_list if len(counts) == 1 else bot_list[:1],
        seed,
        results,
        out,
        options,
        before,
        lang=lang,
        correction=correction,
        plot=plot,
    )
    console.print(f"balance report: {page}" + (f" · plot {plot}" if plot else ""))


# ----------------------------------------------------------------------------- replay
@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="a .jsonl game record")],
    lang: Annotated[str, typer.Option(help="en or zh-TW")] = "en",
    allow_unfinished: Annotated[
        bool, typer.Option(help="accept a game that has not ended")
    ] = False,
) -> None:
    """Replay a game record; print the final scores, or the error naming the line."""
    lang = _lang(lang)
    try:
        record = read_record(file, allow_unfinished=allow_unfinished)
        state = replay(record)
    except RecordError as exc:
        console.print(f"[red]{file}: {exc}[/]")
        raise typer.Exit(1) from None
    game = games.get(record.game)
    kinds = list(record.players)
    labels = [seat_name(i, lang) for i in range(len(kinds))]
    console.print(
        f"{game.title.get(lang, game.id)} · {t('seed', lang, seed=record.seed)} · "
        f"{t('actions', lang, n=len(record.actions))}"
    )
    if game.is_over(state):
        _print_scores(game, state, lang, kinds, labels)
    else:
        console.print(t("unfinished", lang, scores=score_list(game.scores(state), lang)))


# ----------------------------------------------------------------------------- verify
_VERIFY = {
    "good": {
        "en": "VERIFIED: {file}: the deal is the one announced (commitment {short}…), "
        "{n} actions replay legally and the recorded result is right.",
        "zh-TW": "驗證通過：{file}：發牌與開局公布的承諾相符（承諾{short}……），"
        "{n}個行動依規則重播無誤，紀錄的結果正確。",
    },
    "bad": {"en": "NOT VERIFIED: {file}: {reason}", "zh-TW": "驗證失敗：{file}：{reason}"},
}


@app.command("verify")
def verify_cmd(
    file: Annotated[Path, typer.Argument(help="a finished table's .jsonl game record")],
    lang: Annotated[str, typer.Option(help="en or zh-TW")] = "en",
) -> None:
    """Check a web table's game record: the seed and salt match the commitment announced
    at the start (SHA-256 of "SEED:SALT"), every action is legal, the record's checksums
    hold and the end line's scores are right. Exit code 0 if so, 1 with the reason."""
    lang = _lang(lang)
    try:
        record = read_record(file)
        verify(record)
    except RecordError as exc:
        console.print(f"[red]{_VERIFY['bad'][lang].format(file=file, reason=exc)}[/]")
        raise typer.Exit(1) from None
    console.print(
        "[green]"
        + _VERIFY["good"][lang].format(
            file=file, short=(record.commitment or "")[:16], n=len(record.actions)
        )
        + "[/]"
    )


# ----------------------------------------------------------------------------- rules
@app.command()
def rules(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    lang: Annotated[str, typer.Option(help="en or zh-TW")] = "en",
) -> None:
    """The card list: names, points, counts and effects; then the table options."""
    game = _game(game_id)
    lang = _lang(lang)
    tables: dict[str, list[dict[str, Any]]] = game.rules_table(lang)
    columns = {
        "name": ("Name", "名稱"),
        "other": ("中文", "English"),
        "colour": ("Colour", "顏色"),
        "points": ("Points", "分數"),
        "copies": ("Copies", "張數"),
        "effect": ("Effect", "效果"),
    }
    for name, rows in tables.items():
        count = sum(int(r.get("copies", 1)) for r in rows)
        head, zh = name, lang == "zh-TW"  # each game titles its tables in the reader's language
        if head.endswith(("）", ")")):  # 「角色牌（每人一副，25）」, not two brackets in a row
            head = f"{head[:-1]}{'，' if zh else ', '}{count}{head[-1]}"
        else:
            head = f"{head}（{count}）" if zh else f"{head} ({count})"
        title = f"{game.title.get(lang, game.id)}{'：' if zh else ': '}{head}"
        table = Table(title=title, show_lines=False)
        for col in rows[0]:
            label = columns.get(col, (col, col))[0 if lang == "en" else 1]
            table.add_column(
                label, overflow="fold", justify="right" if col in ("points", "copies") else "left"
            )
        for r in rows:
            table.add_row(*(str(v) for v in r.values()))
        console.print(table)
    _print_options(game, lang)


def _print_options(game: Game, lang: str) -> None:
    """The game's options (``--option NAME=VALUE``): name, default and what it means."""
    schema: dict[str, Any] = game.options_schema()
    if not schema:
        return
    labels: dict[str, dict[str, str]] = game.option_labels()
    zh = lang == "zh-TW"
    table = Table(
        title=f"{game.title.get(lang, game.id)}"
        f"{'：選項（--option 名稱=值）' if zh else ': Options (--option NAME=VALUE)'}"
    )
    for head in (("Option", "選項"), ("Default", "預設"), ("Meaning", "說明")):
        table.add_column(head[zh], overflow="fold")
    for name, default in schema.items():
        shown = str(default).lower() if isinstance(default, bool) else str(default)
        table.add_row(name, shown, labels.get(name, {}).get(lang, ""))
    console.print(table)


# ----------------------------------------------------------------------------- bench
HOSTILE_KINDS_ALL = "slow_reader,sync_flood_reading,sync_flood_deaf,junk"  # bench_server's


@app.command()
def bench(
    game_id: Annotated[str, typer.Argument(metavar="GAME|server|ismcts|greedy")],
    searched: Annotated[
        str | None,
        typer.Argument(
            metavar="[GAME]", help="ismcts: the game; greedy: the game (default: every game)"
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(help="players per game (default 4; server: 4 clamped into the game's range)"),
    ] = None,
    runs: Annotated[int, typer.Option(min=1, help="timed runs (median reported)")] = 5,
    games_per_run: Annotated[
        int | None, typer.Option("--games", min=1, help="games per run (default 300; greedy: 10)")
    ] = None,
    tables: Annotated[int, typer.Option(min=1, help="server: concurrent tables")] = 200,
    think: Annotated[float, typer.Option(help="server: seconds a client thinks")] = 1.0,
    seconds: Annotated[float, typer.Option(help="server: length of the run")] = 30.0,
    warmup: Annotated[
        float,
        typer.Option(
            min=0.0,
            help="server: seconds every table plays before the measured window opens "
            "(their latencies reported apart)",
        ),
    ] = 10.0,
    hostile: Annotated[
        int,
        typer.Option(
            min=0,
            help="server: also a run with N attacking connections (slow readers, sync "
            "flooders, junk senders) after the clean one",
        ),
    ] = 0,
    hostile_kinds: Annotated[
        str, typer.Option(help="server: the hostile kinds dealt out, comma-separated")
    ] = HOSTILE_KINDS_ALL,
    server_game: Annotated[
        str, typer.Option("--game", help="server: the game its tables play")
    ] = "guillotine",
    clients: Annotated[
        int, typer.Option(min=1, help="server: load processes playing the honest seats")
    ] = 2,
    db: Annotated[
        str | None,
        typer.Option(
            help="server: a postgresql+psycopg:// URL to run on a fresh database there, "
            "dropped after (default: a fresh SQLite file)"
        ),
    ] = None,
    baseline: Annotated[
        str | None,
        typer.Option(
            metavar="REV",
            help="server: first the same runs on the server of git revision REV "
            "of this checkout, for a before-and-after from one run; "
            "greedy: each run also on REV's code",
        ),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            min=1,
            help="server: run on 1 process, then on N processes sharing --redis and a "
            "PostgreSQL --db (several processes: see the README)",
        ),
    ] = 1,
    redis: Annotated[
        str, typer.Option(help="server with --workers: the Redis they share")
    ] = "redis://127.0.0.1:6379/0",
    as_json: Annotated[bool, typer.Option("--json", help="server: print JSON, not tables")] = False,
    env: Annotated[
        str,
        typer.Option(
            help="GAME: engine (the kernel alone, CPU time), pettingzoo (the AEC env, every "
            "observation read) or openspiel (OpenSpiel's rl_environment, every info_state "
            "built); without it, the classic wall-clock benchmark"
        ),
    ] = "classic",
) -> None:
    """Random playouts on one core: decisions and games per second (median of runs).

    ``noblesse bench server`` instead loads a real web table on loopback,
    ``noblesse bench ismcts GAME`` measures the search's iterations per second, and
    ``noblesse bench greedy [GAME] --baseline REV`` four greedy bots' games per CPU
    second, on this code and on REV's in turn.
    """
    from noblesse.bench import bench_game

    if game_id == "server":
        _bench_server(
            tables,
            players,
            think,
            seconds,
            hostile,
            hostile_kinds,
            as_json,
            server_game,
            clients,
            db,
            baseline,
            workers,
            redis,
            warmup,
        )
        return
    players = 4 if players is None else players
    if game_id == "greedy":
        _bench_greedy(
            [_game(searched).id] if searched else list(games.ids()),
            players,
            runs,
            games_per_run or 10,
            baseline,
        )
        return
    games_per_run = games_per_run or 300
    if game_id == "compare":
        _bench_compare(players, runs)
        return
    if game_id == "ismcts":
        _bench_ismcts(_game(searched or "guillotine"), players, runs)
        return
    game = _game(game_id)
    if not game.min_players <= players <= game.max_players:
        raise typer.BadParameter(f"{game_id} is for {game.min_players}-{game.max_players} players")
    if env != "classic":
        _bench_env(env, game.id, players, runs)
        return
    result = bench_game(game.id, players, runs, games_per_run)
    table = Table(title=f"{game.id}: random {players}-player playouts, one core")
    table.add_column("run", justify="right")
    table.add_column("decisions/s", justify="right")
    table.add_column("games/s", justify="right")
    table.add_column("baseline choices/s", justify="right")
    for i, (d, g, b) in enumerate(
        zip(
            result.decisions_per_second,
            result.games_per_second,
            result.baseline_choices_per_second,
            strict=True,
        ),
        start=1,
    ):
        table.add_row(str(i), f"{d:,.0f}", f"{g:,.1f}", f"{b:,.0f}")
    table.add_row(
        "median",
        f"{result.median_dps:,.0f}",
        f"{result.median_gps:,.1f}",
        f"{result.median_baseline:,.0f}",
        style="bold",
    )
    console.print(table)
    console.print(
        f"decisions per second (median of {runs}): {result.median_dps:,.0f}; "
        f"games per second: {result.median_gps:,.1f}; the game costs "
        f"{result.median_baseline / result.median_dps:.1f}x the bare driver loop"
    )


def _bench_greedy(
    game_ids: list[str], players: int, runs: int, n: int, baseline: str | None
) -> None:
    import contextlib
    import statistics

    from noblesse.bench import bench_greedy, this_source
    from noblesse.bench_server import baseline_source

    with contextlib.ExitStack() as stack:
        sources = [("this code", this_source())]
        if baseline:
            try:
                sources.insert(0, (baseline, stack.enter_context(baseline_source(baseline))))
            except ValueError as exc:
                raise typer.BadParameter(f"--baseline: {exc}") from None
        rates = bench_greedy(
            game_ids,
            sources,
            players,
            runs,
            n,
            progress=lambda text: console.print(f"  {text}", style="dim"),
        )
    table = Table(
        title=f"four greedy bots ({players} players): games per CPU second, "
        f"median of {runs} runs of {n} games"
    )
    table.add_column("game")
    for name, _ in sources:
        table.add_column(name, justify="right")
    if baseline:
        table.add_column("×", justify="right")
    for game_id in game_ids:
        medians = [statistics.median(rates[(name, game_id)]) for name, _ in sources]
        row = [game_id, *(f"{m:,.1f}" for m in medians)]
        if baseline:
            row.append(f"{medians[1] / medians[0]:.1f}")
        table.add_row(*row)
    console.print(table)


def _bench_env(kind: str, game_id: str, players: int, runs: int) -> None:
    from noblesse.interop.envbench import ENVS, bench_env, median

    if kind not in ENVS:
        raise typer.BadParameter(f"--env must be one of {', '.join(ENVS)}")
    rates = bench_env(kind, game_id, players, runs)
    console.print(
        f"{game_id} through {kind} ({players} players, random play, 2 CPU s a run): "
        + ", ".join(f"{r:,.0f}" for r in rates)
        + f" decisions/s; median {median(rates):,.0f}"
    )


def _bench_ismcts(game: Game, players: int, runs: int) -> None:
    import statistics

    from noblesse.agents.ismcts import iterations_per_second

    rates = [iterations_per_second(game, players, seconds=2.0, seed=run + 1) for run in range(runs)]
    console.print(
        f"ismcts on {game.id} ({players} players, first decision, 2 s per run): "
        + ", ".join(f"{r:,.0f}" for r in rates)
        + f" iterations/s; median {statistics.median(rates):,.0f}"
    )


def _bench_compare(players: int, runs: int) -> None:
    from noblesse.interop.compare import compare

    console.print(f"random playouts, one core, {runs} runs of ~1 s per game (median) …")
    rows = compare(
        players=players,
        runs=runs,
        seconds=1.0,
        progress=lambda name: console.print(f"  {name}", style="dim"),
    )
    ref = next((r.median for r in rows if r.name == "hearts" and r.dps), 0.0)
    engine = {r.name: r.median for r in rows if r.kind == "noblesse" and r.dps}
    table = Table(title="decisions per second: noblesse and OpenSpiel, same process")
    for col in (
        "game",
        "implementation",
        "players",
        "decisions/game",
        "decisions/s",
        "× hearts",
        "of the engine",
    ):
        table.add_column(col, justify="left" if col in ("game", "implementation") else "right")
    for r in rows:
        if r.error:
            table.add_row(r.name, r.kind, str(r.players or ""), "", "", r.error[:60], "")
            continue
        table.add_row(
            r.name,
            r.kind,
            str(r.players),
            f"{r.decisions_per_game:,.0f}",
            f"{r.median:,.0f}",
            f"{r.median / ref:.2f}" if ref else "",
            f"{100 * r.median / engine[r.name]:.1f}%" if engine.get(r.name) else "",
        )
    console.print(table)


def _bench_server(
    tables: int,
    players: int | None,
    think: float,
    seconds: float,
    hostile: int,
    hostile_kinds: str,
    as_json: bool,
    game_id: str = "guillotine",
    clients: int = 2,
    db: str | None = None,
    baseline: str | None = None,
    workers: int = 1,
    redis: str = "redis://127.0.0.1:6379/0",
    warmup: float = 10.0,
) -> None:
    import contextlib

    from noblesse.bench_server import (
        HOSTILE_KINDS,
        baseline_source,
        bench_server,
        seats_for,
        store_kind,
    )

    kinds = tuple(k.strip() for k in hostile_kinds.split(",") if k.strip())
    if not kinds or set(kinds) - set(HOSTILE_KINDS):
        raise typer.BadParameter(f"--hostile-kinds: among {','.join(HOSTILE_KINDS)}")
    game = _game(game_id)
    try:
        players = seats_for(game.id, players)
    except ValueError as exc:
        raise typer.BadParameter(f"--players: {exc}") from None
    try:
        store = store_kind(db)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    if workers > 1 and store != "postgresql":
        raise typer.BadParameter(
            "--workers: several processes need a PostgreSQL --db "
            "(postgresql+psycopg://USER@HOST/DB)"
        )

    def say(text: str) -> None:
        if not as_json:
            console.print(text)

    say(
        f"starting a server on loopback ({store}); {tables} {game.id} tables of {players} "
        f"WebSocket seats played by {min(clients, tables)} load processes, "
        f"think time {think:g} s, {warmup:g} s of warm-up, then {seconds:g} s measured …"
    )
    kw: dict[str, Any] = {
        "tables": tables,
        "players": players,
        "game": game.id,
        "think": think,
        "seconds": seconds,
        "clients": clients,
        "db": db,
        "warmup": warmup,
    }
    runs: list[tuple[str, str, str, Any]] = []  # (column, server, run, result)
    with contextlib.ExitStack() as stack:
        servers: list[tuple[str, Any]] = [("this checkout", None)]
        if baseline:
            try:
                servers.insert(0, (baseline, stack.enter_context(baseline_source(baseline))))
            except ValueError as exc:
                raise typer.BadParameter(f"--baseline: {exc}") from None
        if workers > 1:  # the same load on 1 process, then on N, all sharing Redis
            servers = [(f"{n} worker{'s' * (n > 1)}", None) for n in (1, workers)]
        for server, source in servers:
            prefix = f"{server}: " if baseline or workers > 1 else ""
            if workers > 1:
                kw.update(workers=int(server.split()[0]), redis=redis)
                say(f"on {server} sharing {redis} …")
            if baseline:
                say(f"the server of {server} …")
            runs.append((f"{prefix}clean", server, "clean", bench_server(source=source, **kw)))
            if hostile:
                say(
                    f"again on a fresh server, with {hostile} hostile connections "
                    f"({', '.join(kinds)}) …"
                )
                runs.append(
                    (
                        f"{prefix}hostile ({hostile})",
                        server,
                        "hostile",
                        bench_server(hostile=hostile, hostile_kinds=kinds, source=source, **kw),
                    )
                )
    if as_json:
        print(
            json.dumps(
                {
                    "runs": [
                        {"run": run, "server": server, **r.summary()} for _, server, run, r in runs
                    ]
                },
                indent=2,
            )
        )
        return

    def ms(x: float) -> str:
        return "-" if x != x else f"{x:,.1f}"  # NaN: no action came back

    rows: list[tuple[str, Any]] = [
        ("actions", lambda r: f"{r.actions:,}"),
        ("actions/s", lambda r: f"{r.actions_per_second:,.1f}"),
        ("p50 ms", lambda r: ms(r.p50)),
        ("p90 ms", lambda r: ms(r.percentile(0.90))),
        ("p99 ms", lambda r: ms(r.percentile(0.99))),
        ("max ms", lambda r: ms(max(r.latencies_ms, default=float("nan")))),
        ("p99 ms of the warm-up", lambda r: ms(r.warmup_p99)),
        ("sent, unanswered at the end", lambda r: str(r.unanswered)),
        ("games ended", lambda r: str(r.finished_games)),
        ("errors / seats dropped", lambda r: f"{r.errors} / {r.dropped}"),
        ("server CPU s", lambda r: f"{r.cpu_seconds:.2f}"),
        ("server CPU ms/action", lambda r: ms(r.cpu_ms_per_action)),
        ("load generators' CPU s", lambda r: f"{r.clients_cpu_seconds:.2f}"),
    ]
    if hostile:
        rows += [
            ("hostile opened", lambda r: str(r.hostile_total("opened")) if r.hostile else ""),
            (
                "hostile closed by server",
                lambda r: str(r.hostile_total("closed_by_server")) if r.hostile else "",
            ),
            ("attackers' own CPU s", lambda r: f"{r.hostile_cpu_seconds:.2f}" if r.hostile else ""),
        ]
    table = Table(title=f"web table under load: {tables} {game.id} tables of {players}")
    table.add_column("")
    for name, *_ in runs:
        table.add_column(name, justify="right")
    for label, cell in rows:
        table.add_row(label, *(cell(r) for *_, r in runs))
    console.print(table)
    if not all(r.pinned for *_, r in runs):
        console.print("the server shared its CPUs with the load (one CPU, or no affinity here)")
    if hostile:
        r = runs[-1][-1]
        by_kind = Table(title="hostile connections (closed: by the server, during the run)")
        for col in ("kind", "sockets", "opened", "refused", "closed", "frames sent", "MB read"):
            by_kind.add_column(
                col, justify="left" if col == "kind" else "right", no_wrap=col == "kind"
            )
        names = {
            "slow_reader": "slow reader",
            "sync_flood_reading": "sync flood, reads",
            "sync_flood_deaf": "sync flood, deaf",
            "junk": "junk",
        }
        for kind, c in r.hostile_stats.items():
            by_kind.add_row(
                names.get(kind, kind),
                str(c["connections"]),
                str(c["opened"]),
                str(c["refused"]),
                str(c["closed_by_server"]),
                f"{c['frames_sent']:,}",
                f"{c['bytes_read'] / 2**20:,.1f}",
            )
        console.print(by_kind)
        console.print(
            f"the server closed {r.hostile_total('closed_by_server')} of the "
            f"{r.hostile_total('opened')} hostile connections opened"
        )


# ----------------------------------------------------------------------------- serve
def _serve_epilog() -> str:
    from noblesse.server.settings import described, env_name

    lines = ["Limits (each also from the environment, NOBLESSE_<NAME>; 0 = no limit):"]
    lines += [
        f"--{name.replace('_', '-')} {default!s:<8} {meaning} ({env_name(name)})"
        for name, default, meaning in described()
    ]
    return "\n\n".join(lines)


@app.command(
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
    epilog=_serve_epilog(),
)
def serve(
    ctx: typer.Context,
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port")] = 8000,
    db: Annotated[
        str, typer.Option(help="SQLAlchemy URL of the store", envvar="NOBLESSE_DB")
    ] = "sqlite:///var/noblesse.db",
    bot_delay: Annotated[
        float,
        typer.Option(
            help="seconds a bot waits before acting at a "
            "table of normal bot speed (slow: 4 times "
            "as long, fast: a quarter)",
            envvar="NOBLESSE_BOT_DELAY",
        ),
    ] = 0.6,
    workers: Annotated[
        int,
        typer.Option(
            help="server processes on this machine (more than "
            "1 needs --redis and a PostgreSQL --db)",
            envvar="NOBLESSE_WORKERS",
        ),
    ] = 1,
    redis: Annotated[
        str | None,
        typer.Option(
            help="Redis URL (redis://host:6379/0) shared by every process serving this store, "
            "on this machine or others",
            envvar="NOBLESSE_REDIS",
        ),
    ] = None,
    redis_prefix: Annotated[
        str,
        typer.Option(help="start of this deployment's Redis keys", envvar="NOBLESSE_REDIS_PREFIX"),
    ] = "noblesse",
) -> None:
    """Start the web table (lobby at http://HOST:PORT). The limits below are settings."""
    import uvicorn

    from noblesse.server import app as server_app
    from noblesse.server.protocol import GuardedWebSocketProtocol
    from noblesse.server.settings import Settings, env_name

    try:
        settings = Settings.from_env(**_setting_args(ctx.args))
    except ValueError as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from None
    problem = None
    if workers < 1:
        problem = "--workers must be at least 1"
    elif workers > 1 and not redis:
        problem = (
            "several workers share their tables through Redis: give --redis "
            "redis://HOST:6379/0 as well"
        )
    elif workers > 1 and not db.startswith("postgresql"):
        problem = (
            "several workers need a store they can all write to at once: give a "
            "PostgreSQL --db (postgresql+psycopg://USER@HOST/DB)"
        )
    if problem:
        console.print(f"[red]{problem}[/red]")
        raise typer.Exit(2)
    shared = f", Redis: {redis}, {workers} worker(s)" if redis else ""
    banner = f"noblesse web table: http://{host}:{port}  (store: {db}{shared})"
    options: dict[str, Any] = dict(
        host=host,
        port=port,
        log_level="warning",
        ws=GuardedWebSocketProtocol,
        ws_max_size=settings.max_message or 16 * 1024 * 1024,
    )
    if workers == 1:
        try:
            application = server_app.create_app(
                db,
                bot_delay,
                settings,
                own_process=True,
                redis_url=redis,
                redis_prefix=redis_prefix,
            )
        except ValueError as exc:  # a setting it cannot serve with (a policy's file…)
            console.print(f"[red]{exc}[/red]")
            raise typer.Exit(2) from None
        console.print(banner)
        uvicorn.run(application, **options)
        return
    console.print(banner)
    # Each worker makes its own application from the environment (app_from_env).
    os.environ.update(
        {
            server_app.ENV_DB: db,
            server_app.ENV_REDIS: str(redis),
            server_app.ENV_REDIS_PREFIX: redis_prefix,
            server_app.ENV_BOT_DELAY: str(bot_delay),
        }
    )
    os.environ.update(
        {
            env_name(f.name): str(getattr(settings, f.name)).lower()
            if f.type in ("bool", bool)
            else str(getattr(settings, f.name))
            for f in dataclasses.fields(settings)
        }
    )
    uvicorn.run("noblesse.server.app:app_from_env", factory=True, workers=workers, **options)


def _setting_args(args: list[str]) -> dict[str, Any]:
    """``["--outbox", "32", "--send-timeout=5", "--known-deals"]`` → ``{"outbox": 32,
    "send_timeout": 5.0, "known_deals": True}`` (a switch needs no value)."""
    from dataclasses import fields

    from noblesse.server.settings import Settings, parse

    kinds = {f.name: f.type for f in fields(Settings)}
    out: dict[str, Any] = {}
    rest = list(args)
    while rest:
        flag = rest.pop(0)
        name, eq, value = flag.removeprefix("--").partition("=")
        name = name.replace("-", "_")
        if not flag.startswith("--") or name not in kinds:
            raise ValueError(f"unknown option {flag!r} (see noblesse serve --help)")
        if not eq and kinds[name] in ("bool", bool):
            value = "true"
        elif not eq:
            if not rest:
                raise ValueError(f"{flag} needs a value")
            value = rest.pop(0)
        out[name] = parse(name, value)
    return out


def main() -> None:
    app()


if __name__ == "__main__":
    main()
