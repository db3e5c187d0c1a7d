"""One kernel, games that plug into it, tools that know only the kernel: outside a
game's own package nothing imports its modules (tools reach a game through the
registry, ``noblesse.games.get``, and the contract, ``Game.heuristics`` included), and
no game imports another."""

from __future__ import annotations

import ast
from pathlib import Path

import noblesse

SRC = Path(noblesse.__file__).parent


def _game_imports(path: Path) -> set[str]:
    """The games whose own modules ``path`` imports (``noblesse.games.<id>...``)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
            if node.module == "noblesse.games":
                names = [f"noblesse.games.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if parts[:2] == ["noblesse", "games"] and len(parts) > 2:
                found.add(parts[2])
    return found - {"get", "ids", "all"}  # the registry's own functions


def _offences() -> list[str]:
    bad = []
    for path in sorted(SRC.rglob("*.py")):
        parts = path.relative_to(SRC).parts
        own = parts[1] if parts[0] == "games" and len(parts) > 2 else None
        for game in sorted(_game_imports(path) - {own}):
            bad.append(f"{path.relative_to(SRC)} imports noblesse.games.{game}")
    return bad


def test_only_a_games_own_package_imports_its_modules() -> None:
    assert _game_imports(SRC / "games" / "fief" / "game.py") >= {"fief"}  # it reads imports
    assert _offences() == []


def test_the_check_finds_a_tool_that_imports_a_game(tmp_path: Path) -> None:
    tool = tmp_path / "tool.py"
    tool.write_text("from noblesse.games.fief.battle import strength\n", encoding="utf-8")
    assert _game_imports(tool) == {"fief"}
    tool.write_text("from noblesse.games import guillotine, get\n", encoding="utf-8")
    assert _game_imports(tool) == {"guillotine"}
