"""The Fief package's modules form layers: every import at the top of its module, and
no module imports one that (directly or not) imports it back."""

from __future__ import annotations

import ast
from pathlib import Path

import noblesse.games.fief as fief

PACKAGE = "noblesse.games.fief"
ROOT = Path(fief.__file__).parent


def _imports() -> tuple[dict[str, set[str]], list[str]]:
    """The package's own imports, module -> modules, and those made inside a body."""
    graph: dict[str, set[str]] = {}
    nested: list[str] = []
    for path in sorted(ROOT.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top = {id(node) for node in tree.body}
        module = path.stem
        graph[module] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module == PACKAGE:
                    targets = [alias.name for alias in node.names]
                elif node.module.startswith(PACKAGE + "."):
                    targets = [node.module.split(".")[3]]
                else:
                    targets = []
            elif isinstance(node, ast.Import):
                targets = [
                    alias.name.split(".")[3]
                    for alias in node.names
                    if alias.name.startswith(PACKAGE + ".")
                ]
            else:
                continue
            graph[module].update(targets)
            if targets and id(node) not in top:
                nested.append(f"{module} imports {', '.join(targets)} at line {node.lineno}")
    return graph, nested


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle, as the list of its modules (empty: none)."""
    state: dict[str, int] = {}  # 1: on the path being explored, 2: done
    path: list[str] = []

    def visit(module: str) -> list[str]:
        state[module] = 1
        path.append(module)
        for target in sorted(graph.get(module, ())):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state and (found := visit(target)):
                return found
        path.pop()
        state[module] = 2
        return []

    for module in sorted(graph):
        if module not in state and (found := visit(module)):
            return found
    return []


def test_every_import_of_the_package_is_at_the_top_of_its_module() -> None:
    assert _imports()[1] == []


def test_the_package_import_graph_has_no_cycle() -> None:
    graph, _ = _imports()
    assert "battle" in graph and "cavalcade" in graph["movement"]  # it read the package
    assert _cycle(graph) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
