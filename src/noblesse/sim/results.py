"""Results streamed to ``games.jsonl`` as they finish: an interrupted run keeps them,
and a later run with the same parameters resumes where it stopped."""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, Any

from noblesse.sim.batch import GameResult


class ResultLog:
    """Line 1: the run's parameters; then one finished game per line."""

    def __init__(self, path: Path, params: dict[str, Any], resume: bool = False) -> None:
        self.path = path
        self.params = params
        self.done: dict[int, GameResult] = {}
        if resume and path.exists():
            self.done = self.load(path, params)
            self._file: IO[str] = path.open("a", encoding="utf-8")
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._file = path.open("w", encoding="utf-8")
            self._file.write(json.dumps({"params": params}, sort_keys=True) + "\n")
            self._file.flush()

    @staticmethod
    def load(path: Path, params: dict[str, Any]) -> dict[int, GameResult]:
        """The finished games of an earlier run with the same parameters."""
        lines = path.read_text(encoding="utf-8").splitlines()
        if not lines or json.loads(lines[0]).get("params") != params:
            raise ValueError(
                f"{path} holds a run with other parameters; "
                "use another --out folder or drop --resume"
            )
        done = {}
        for line in lines[1:]:
            try:
                result = GameResult.from_json(json.loads(line))
            except (json.JSONDecodeError, KeyError, TypeError):
                break  # a line cut short by the interruption: play that game again
            done[result.index] = result
        return done

    def append(self, results: list[GameResult]) -> None:
        for r in results:
            self._file.write(json.dumps(r.to_json(), sort_keys=True) + "\n")
        self._file.flush()

    def close(self) -> None:
        self._file.close()
