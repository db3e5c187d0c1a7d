"""Mutation testing of a game's rules: do its tests catch a small change to the rules?

    python scripts/mutate.py GAME [-n 100] [--seed 0] [--timeout 120] [--module rules.py]
    python scripts/mutate.py --daily -n 15 --budget 120 --no-baseline   # CI's sample
    python scripts/mutate.py GAME --only rules.py:293 --no-baseline       # one line's mutants
    python scripts/mutate.py GAME --game-tests-only                       # a lower bound, fast

``make mutate GAME=guillotine N=100`` runs the first form.

Every place in the game's rules modules (its package without ``__init__``, ``views``,
``catalog``, ``data`` and its bots' ``heuristics``) where one small change can be made is listed:

* ``compare``   a comparison flipped to its neighbour (``<`` → ``<=``, ``==`` → ``!=``,
                ``in`` → ``not in`` …);
* ``constant``  an integer constant + 1;
* ``boolop``    ``and`` ↔ ``or``;
* ``negate``    the condition of an ``if``, ``while`` or conditional expression negated;
* ``remove``    a statement replaced by ``pass`` (assignments, calls, augmented
                assignments, ``return``/``raise`` of a value kept out: removing them
                seldom compiles to anything meaningful).

``-n`` of them are sampled with ``--seed`` (the same sample every time), and each is run
against the game's own tests and its conformance tests (``tests/games/GAME``,
``tests/conformance -k GAME``), stopping at the first failure, in a copy of the project
with the one change made. A mutant is *killed* (a test failed), *survived* (all passed:
the tests miss the change, or the change does not change behaviour), or *timed out*
(a test ran over ``--timeout`` seconds, or the run over its total budget: counted as
killed, as a hang is noticed).

``--game-tests-only`` leaves the conformance tests out: a mutant is then killed by the
game's own tests or not at all, so the score is a lower bound of the full one, found in a
fraction of the time (a survivor of the full run costs the whole conformance suite).

Mutants that cannot change behaviour (an equivalent change) are listed with the reason in
``scripts/mutate_equivalent.toml``; they are reported but left out of the score:

    score = killed / (sampled - equivalent)

Exit status 0 when the score is at least ``--target`` (default 0: report only).
"""

from __future__ import annotations

import argparse
import ast
import copy
import datetime
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GAMES = ROOT / "src" / "noblesse" / "games"
EQUIVALENT = Path(__file__).with_name("mutate_equivalent.toml")
NOT_RULES = {"__init__.py", "views.py", "catalog.py", "data.py", "heuristics.py"}

_FLIP: dict[type, type] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
_SYMBOL = {
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.In: "in",
    ast.NotIn: "not in",
    ast.Is: "is",
    ast.IsNot: "is not",
}


@dataclass(frozen=True)
class Mutant:
    path: Path  # the module, relative to the project
    kind: str  # compare, constant, boolop, negate, remove
    line: int
    col: int
    what: str  # e.g. "< → <=" or "remove: s.after_trip = False"

    @property
    def key(self) -> str:
        """How the equivalent list names it: ``guillotine/rules.py:120:8:compare``."""
        return f"{self.path.parent.name}/{self.path.name}:{self.line}:{self.col}:{self.kind}"


def rules_modules(game: str) -> list[Path]:
    package = GAMES / game
    if not (package / "__init__.py").exists():
        raise SystemExit(f"no game package {package}")
    return sorted(p for p in package.glob("*.py") if p.name not in NOT_RULES)


def _points(tree: ast.AST) -> Iterator[tuple[str, ast.AST, int, str]]:
    """(kind, node, index, description) of every place one change can be made."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                flipped = _FLIP.get(type(op))
                if flipped:
                    yield "compare", node, i, f"{_SYMBOL[type(op)]} → {_SYMBOL[flipped]}"
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            yield "constant", node, 0, f"{node.value} → {node.value + 1}"
        elif isinstance(node, ast.BoolOp):
            yield "boolop", node, 0, "and → or" if isinstance(node.op, ast.And) else "or → and"
        elif isinstance(node, (ast.If, ast.While, ast.IfExp)):
            yield "negate", node, 0, f"not ({ast.unparse(node.test)[:60]})"
        elif isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr)) and not (
            isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        ):
            if isinstance(node, ast.AnnAssign) and node.value is None:
                continue
            yield "remove", node, 0, f"remove: {ast.unparse(node).splitlines()[0][:70]}"


def _in_function(tree: ast.AST) -> set[int]:
    """Nodes inside a function body (module-level constants and class bodies are data,
    and changing them mostly breaks imports rather than rules)."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for stmt in node.body:
                inside.update(id(n) for n in ast.walk(stmt))
    return inside


def mutants(game: str, module: str | None = None) -> list[Mutant]:
    return [
        m
        for path in rules_modules(game)
        if not module or path.name == module
        for m in module_mutants(path.relative_to(ROOT), path.read_text(encoding="utf-8"))
    ]


def module_mutants(path: Path, source: str) -> list[Mutant]:
    """The mutants of one module (``path``, relative to the project) whose text is
    ``source``, in the order of their places in it."""
    tree = ast.parse(source)
    inside = _in_function(tree)
    out = [
        Mutant(path, kind, node.lineno, node.col_offset, what)
        for kind, node, _, what in _points(tree)
        if id(node) in inside and not _is_docstring_or_annotation(node)
    ]
    # one mutant per (place, kind); a comparison with several operators mutates its first
    unique = {(m.line, m.col, m.kind): m for m in out}
    return sorted(unique.values(), key=lambda m: (m.line, m.col, m.kind))


def rekey_equivalent(revision: str) -> list[str]:
    """Move the keys of the equivalent list to where their mutants are now (``moved_key``),
    for the code as it was at ``revision``: every key, since one that still names some
    mutant may name another one now that its lines moved. Returns the keys that could
    not be moved: their line changed (the argument must be made anew), or they name no
    mutant of ``revision``."""
    text = EQUIVALENT.read_text(encoding="utf-8")
    stuck = []
    moves: dict[str, str] = {}
    for key in equivalent():
        name, line, col, kind = key.rsplit(":", 3)
        path = Path("src/noblesse/games") / name
        old = subprocess.run(
            ["git", "show", f"{revision}:{path.as_posix()}"],
            cwd=ROOT,
            capture_output=True,
            text=True,
        ).stdout
        new = (ROOT / path).read_text(encoding="utf-8") if (ROOT / path).exists() else ""
        moved = moved_key(path, (int(line), int(col), kind), old, new) if old and new else None
        if moved is None:
            stuck.append(key)
        elif moved != key:
            moves[key] = moved
    # all at once: a key may move to where another one was
    text = re.sub(r'^"([^"]+)"', lambda m: f'"{moves.get(m[1], m[1])}"', text, flags=re.M)
    EQUIVALENT.write_text(text, encoding="utf-8")
    return stuck


def moved_key(path: Path, place: tuple[int, int, str], old: str, new: str) -> str | None:
    """The key, in the module's text ``new``, of the mutant at ``place`` (line, column,
    kind) of its text ``old``: where the two texts differ only in layout, the mutant at
    the same place in the module's list; otherwise the one mutant of ``new`` making the
    same change on a line that reads as its line did. None if there is no such mutant
    (or several), or ``old`` has none at ``place``."""
    before = module_mutants(path, old)
    at = next((i for i, m in enumerate(before) if (m.line, m.col, m.kind) == place), None)
    if at is None:
        return None
    after = module_mutants(path, new)
    if ast.dump(ast.parse(old)) == ast.dump(ast.parse(new)):
        return after[at].key
    wanted = _reading(before, old.splitlines())(before[at])
    mark = _reading(after, new.splitlines())
    same = [m for m in after if mark(m) == wanted]
    return same[0].key if len(same) == 1 else None


def _reading(every: list[Mutant], lines: list[str]) -> Any:
    """How a mutant of a module reads whatever its place: its change, its line and the
    line before it as written (indentation aside), and its rank among the same changes
    on that line."""

    def mark(m: Mutant) -> tuple[Any, ...]:
        rank = sum(
            1
            for o in every
            if (o.line, o.kind, o.what) == (m.line, m.kind, m.what) and o.col < m.col
        )
        before = next((line.strip() for line in reversed(lines[: m.line - 1]) if line.strip()), "")
        return m.kind, m.what, lines[m.line - 1].strip(), before, rank

    return mark


def _is_docstring_or_annotation(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def mutate_source(source: str, mutant: Mutant) -> str:
    """The module's source with ``mutant`` made."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if getattr(node, "lineno", None) != mutant.line or node.col_offset != mutant.col:
            continue
        if mutant.kind == "compare" and isinstance(node, ast.Compare):
            node.ops[0] = _FLIP[type(node.ops[0])]()
        elif (
            mutant.kind == "constant" and isinstance(node, ast.Constant) and type(node.value) is int
        ):
            node.value += 1
        elif mutant.kind == "boolop" and isinstance(node, ast.BoolOp):
            node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        elif mutant.kind == "negate" and isinstance(node, (ast.If, ast.While, ast.IfExp)):
            node.test = ast.UnaryOp(ast.Not(), copy.deepcopy(node.test))
        elif mutant.kind == "remove" and isinstance(node, ast.stmt):
            _replace_statement(tree, node)
        else:
            continue
        return ast.unparse(ast.fix_missing_locations(tree)) + "\n"
    raise ValueError(f"{mutant.key}: no such place in {mutant.path}")


def _replace_statement(tree: ast.AST, target: ast.stmt) -> None:
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            body = getattr(node, field, None)
            if isinstance(body, list) and target in body:
                body[body.index(target)] = ast.Pass()
                return


def equivalent() -> dict[str, str]:
    """``{key: why}`` of the mutants argued not to change behaviour."""
    if not EQUIVALENT.exists():
        return {}
    data = tomllib.loads(EQUIVALENT.read_text(encoding="utf-8"))
    return {key: str(why) for key, why in data.get("equivalent", {}).items()}


def _copy_project(into: Path) -> Path:
    root = into / "project"
    shutil.copytree(
        ROOT,
        root,
        ignore=shutil.ignore_patterns(
            ".git", ".venv", "var", "__pycache__", "*.pyc", "artifacts", "results", ".pytest_cache"
        ),
    )
    return root


def _run_tests(
    root: Path, game: str, timeout: int, wall: float | None = None, conformance: bool = True
) -> tuple[str, float, str]:
    """('killed' | 'survived' | 'timeout' | 'unfinished', seconds, the first failing test).

    ``wall``: seconds the whole run may take (what is left of ``--budget``); a run cut
    short by it is 'unfinished' and counts for nothing."""
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-x",
        "-q",
        "-p",
        "no:cacheprovider",
        "-p",
        "no:randomly",
        f"--timeout={timeout}",
        "-o",
        "addopts=",
        f"tests/games/{game}",
    ]
    if conformance:
        command += ["tests/conformance", "-k", game]
    env = dict(os.environ, PYTHONPATH=str(root / "src"), PYTHONDONTWRITEBYTECODE="1")
    start = time.monotonic()
    limit = timeout * 10 if wall is None else min(timeout * 10, max(wall, 1.0))
    try:
        done = subprocess.run(
            command, cwd=root, env=env, capture_output=True, text=True, timeout=limit
        )
    except subprocess.TimeoutExpired:
        cut = wall is not None and limit < timeout * 10
        return "unfinished" if cut else "timeout", time.monotonic() - start, ""
    seconds = time.monotonic() - start
    if done.returncode == 0:
        return "survived", seconds, ""
    failing = next(
        (
            line
            for line in done.stdout.splitlines()
            if line.startswith("FAILED") or line.startswith("ERROR")
        ),
        "",
    )
    if "Timeout" in done.stdout and "+++ Timeout" in done.stdout:
        return "timeout", seconds, failing
    return "killed", seconds, failing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", help="a game id; omitted with --daily")
    parser.add_argument(
        "--daily", action="store_true", help="the game and seed of the day (CI's small sample)"
    )
    parser.add_argument(
        "--budget",
        type=float,
        default=0,
        help="start no new mutant after this many seconds (0: no limit)",
    )
    parser.add_argument("-n", type=int, default=100, help="mutants to sample (0: all)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=int, default=120, help="seconds a test may take")
    parser.add_argument("--module", help="only this module of the game, e.g. rules.py")
    parser.add_argument(
        "--target",
        type=float,
        default=0.0,
        help="exit 1 when the score is below this (0.95 for 95%%)",
    )
    parser.add_argument("--list", action="store_true", help="list the sample and stop")
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="KEY",
        help="run only the mutants whose key starts with KEY (repeatable), "
        "e.g. rules.py:293 or ruse_and_bruise/rules.py:293:8:negate; "
        "-n and --seed are then ignored",
    )
    parser.add_argument(
        "--game-tests-only",
        action="store_true",
        help="run only tests/games/GAME, not the conformance tests: a lower "
        "bound of the score, much sooner",
    )
    parser.add_argument(
        "--no-baseline",
        action="store_true",
        help="skip the run without any change (when the suite just passed)",
    )
    parser.add_argument(
        "--rekey-from",
        metavar="REV",
        help="move the equivalent list's keys, written for the code of REV, to "
        "where their mutants are now, and stop",
    )
    args = parser.parse_args(argv)
    if args.rekey_from:
        stuck = rekey_equivalent(args.rekey_from)
        print(
            f"{len(equivalent()) - len(stuck)} keys name mutants of the code as it is"
            + "".join(f"\n  not moved (its line changed): {key}" for key in stuck)
        )
        return 0
    if args.daily:
        day = datetime.date.today().toordinal()
        ids = sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").exists())
        args.game, args.seed = ids[day % len(ids)], day
    if not args.game:
        parser.error("name a game, or --daily")

    from rich.console import Console
    from rich.progress import Progress

    console = Console(soft_wrap=True)
    every = mutants(args.game, args.module)
    if args.only:
        sample = [
            m
            for m in every
            if any(m.key.startswith(k) or m.key.split("/", 1)[1].startswith(k) for k in args.only)
        ]
        if not sample:
            parser.error(f"no mutant of {args.game} matches {', '.join(args.only)}")
    else:
        sample = (
            random.Random(args.seed).sample(every, min(args.n, len(every))) if args.n else every
        )
    sample.sort(key=lambda m: (str(m.path), m.line, m.col))
    if args.list:
        for m in sample:
            console.print(f"{m.key}  {m.what}")
        return 0
    known = equivalent()
    console.print(
        f"{args.game}: {len(every)} mutants in "
        f"{', '.join(p.name for p in rules_modules(args.game))}; "
        f"running {len(sample)} (seed {args.seed})"
    )
    results: list[tuple[Mutant, str, float, str]] = []
    with tempfile.TemporaryDirectory(prefix="noblesse-mutate-") as tmp:
        root = _copy_project(Path(tmp))
        conformance = not args.game_tests_only
        if not args.no_baseline:
            outcome, seconds, failing = _run_tests(
                root, args.game, args.timeout, conformance=conformance
            )
            if outcome != "survived":
                console.print(
                    f"[red]the tests fail without any change ({failing}); fix them first[/]"
                )
                return 2
            console.print(f"unchanged: all pass in {seconds:.0f} s")
        with Progress(console=console, transient=True) as progress:
            task = progress.add_task("mutants", total=len(sample))
            started = time.monotonic()
            for m in sample:
                if args.budget and time.monotonic() - started > args.budget:
                    break
                target = root / m.path
                original = target.read_text(encoding="utf-8")
                target.write_text(mutate_source(original, m), encoding="utf-8")
                left = args.budget - (time.monotonic() - started) if args.budget else None
                try:
                    outcome, seconds, failing = _run_tests(
                        root, args.game, args.timeout, left, conformance
                    )
                finally:
                    target.write_text(original, encoding="utf-8")
                if outcome == "unfinished":
                    progress.console.print(
                        f"budget of {args.budget:.0f} s spent during {m.key}: not counted"
                    )
                    break
                results.append((m, outcome, seconds, failing))
                progress.advance(task)
                if outcome == "survived":
                    note = "equivalent" if m.key in known else "[yellow]survived[/]"
                    progress.console.print(f"{note}  {m.key}  {m.what}")
    if len(results) < len(sample):
        console.print(
            f"budget of {args.budget:.0f} s spent: {len(results)} of {len(sample)} mutants run"
        )
    killed = sum(o in ("killed", "timeout") for _, o, _, _ in results)
    timeouts = sum(o == "timeout" for _, o, _, _ in results)
    argued = sum(o == "survived" and m.key in known for m, o, _, _ in results)
    survived = [(m, s) for m, o, s, _ in results if o == "survived" and m.key not in known]
    counted = len(results) - argued
    score = killed / counted if counted else 1.0
    if args.game_tests_only:
        console.print("\nthe game's own tests only (no conformance): a lower bound")
    console.print(
        f"\n{args.game}: {killed} killed ({timeouts} by a timeout), "
        f"{len(survived)} survived, {argued} equivalent (listed in "
        f"{EQUIVALENT.name}); score {killed}/{counted} = {score:.0%}; "
        f"the mutants' tests ran {sum(s for _, _, s, _ in results):.0f} s"
    )
    for m, _ in survived:
        console.print(f"  survived  {m.path}:{m.line}  {m.what}")
    return 0 if score >= args.target else 1


if __name__ == "__main__":
    sys.exit(main())
