"""Game records: JSON Lines that replay exactly.

Line 1 is the header (game id, rules version, options, seed, players, ``h``; a table's
deal adds ``salt`` and ``commitment``, see ``core.rng``); then one
line per decision ``{"n", "seat", "action", "h"}``; a finished game closes with
``{"end": true, "actions", "scores", "winners", "h"}``. ``h`` chains a SHA-256
over the line and every line before it, so a line that was altered, dropped or reordered is
found and named. A record without its end line is truncated and refused, unless
the caller asks for an unfinished game (``allow_unfinished``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from noblesse.core.errors import IllegalAction, RecordError
from noblesse.core.game import Game, State
from noblesse.core.rng import Seed, check_seed, commitment

FORMAT = 1


def _canonical(obj: dict[str, Any]) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


# The keys of a data file that hold words, not rules: names and texts in both languages.
WORDS = frozenset({"en", "zh", "text_en", "text_zh"})


def rules_digest(data: Any) -> str:
    """The digest a game's version carries: its parsed data file without the words
    (``WORDS``) and comments, so a record replays as long as the rules are the same and
    rewording a card's text or name does not refuse it."""

    def rules(node: Any) -> Any:
        if isinstance(node, dict):
            return {k: rules(v) for k, v in node.items() if k not in WORDS}
        if isinstance(node, list):
            return [rules(v) for v in node]
        return node

    return hashlib.sha256(
        json.dumps(rules(data), sort_keys=True, ensure_ascii=False, default=str).encode()
    ).hexdigest()[:8]


def _chain(previous: str, obj: dict[str, Any]) -> str:
    return hashlib.sha256((previous + _canonical(obj)).encode()).hexdigest()[:16]


@dataclass
class Record:
    game: str
    version: str
    seed: Seed  # an int, or a secret deal's hex string (core.rng)
    players: list[str]
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[tuple[int, str]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    salt: str | None = None  # with ``commitment``: the deal a table announced
    commitment: str | None = None

    def header(self) -> dict[str, Any]:
        header = {
            "noblesse_record": FORMAT,
            "game": self.game,
            "version": self.version,
            "seed": self.seed,
            "players": self.players,
            "options": self.options,
        }
        if self.salt is not None or self.commitment is not None:
            header.update(salt=self.salt, commitment=self.commitment)
        return header

    def lines(self) -> list[str]:
        """The record as JSON Lines text (without trailing newlines)."""
        header = self.header()
        h = _chain("", header)
        out = [_canonical({**header, "h": h})]
        for n, (seat, action) in enumerate(self.actions, start=1):
            body = {"n": n, "seat": seat, "action": action}
            h = _chain(h, body)
            out.append(_canonical({**body, "h": h}))
        if self.result is not None:
            body = {"end": True, "actions": len(self.actions), **self.result}
            out.append(_canonical({**body, "h": _chain(h, body)}))
        return out


def write_record(record: Record, path: str | Path) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(record.lines()) + "\n", encoding="utf-8")
    return path


class RecordWriter:
    """Appends a record line by line, flushed at once, so a crash loses nothing."""

    def __init__(self, path: str | Path, record: Record) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file: IO[str] = self.path.open("w", encoding="utf-8")
        header = record.header()
        self._h = _chain("", header)
        self._n = 0
        self._write({**header, "h": self._h})
        for seat, action in record.actions:
            self.append(seat, action)

    def _write(self, obj: dict[str, Any]) -> None:
        self._file.write(_canonical(obj) + "\n")
        self._file.flush()

    def append(self, seat: int, action: str) -> None:
        self._n += 1
        body = {"n": self._n, "seat": seat, "action": action}
        self._h = _chain(self._h, body)
        self._write({**body, "h": self._h})

    def finish(self, result: dict[str, Any]) -> None:
        body = {"end": True, "actions": self._n, **result}
        self._write({**body, "h": _chain(self._h, body)})
        self._file.close()

    def close(self) -> None:
        if not self._file.closed:
            self._file.close()


def _parse_line(text: str, number: int) -> dict[str, Any]:
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not valid JSON ({exc.msg}); the record is damaged", number) from None
    if not isinstance(obj, dict):
        raise RecordError("expected a JSON object", number)
    return obj


def parse_record(lines: Iterable[str], allow_unfinished: bool = False) -> Record:
    """Read and check a record's lines; any fault raises RecordError naming the line."""
    rows = list(enumerate(lines, start=1))
    while rows and not rows[-1][1].strip():
        rows.pop()
    if not rows:
        raise RecordError("the record is empty", 1)
    for number, text in rows:
        if not text.strip():  # replay names lines by position, so none may be skipped
            raise RecordError("a blank line inside the record", number)
    header = _parse_line(rows[0][1], rows[0][0])
    claimed_header = header.pop("h", None)
    if header.get("noblesse_record") != FORMAT:
        raise RecordError("not a noblesse game record (no header)", rows[0][0])
    try:
        record = Record(
            game=str(header["game"]),
            version=str(header["version"]),
            seed=check_seed(header["seed"]),
            players=[str(p) for p in header["players"]],
            options=dict(header.get("options") or {}),
        )
        for key in ("salt", "commitment"):
            if key in header:
                value = header[key]
                if value is not None and not isinstance(value, str):
                    raise ValueError(f"{key} must be a string")
                setattr(record, key, value)
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"header is missing or has a bad field: {exc}", rows[0][0]) from None
    h = _chain("", record.header())
    if claimed_header is not None and claimed_header != h:
        raise RecordError("checksum mismatch: the header was altered", rows[0][0])
    for number, text in rows[1:]:
        obj = _parse_line(text, number)
        if record.result is not None:
            raise RecordError("a line follows the end of the game", number)
        claimed = obj.pop("h", None)
        if obj.get("end") is True:
            if claimed != _chain(h, obj):
                raise RecordError("the end line does not match what precedes it (altered)", number)
            if obj.get("actions") != len(record.actions):
                raise RecordError("the end line counts a different number of actions", number)
            record.result = {k: v for k, v in obj.items() if k not in ("end", "actions")}
            continue
        expected_n = len(record.actions) + 1
        if set(obj) != {"n", "seat", "action"} or obj["n"] != expected_n:
            raise RecordError(
                f"expected action number {expected_n}: a line is missing or out of order", number
            )
        if not isinstance(obj["seat"], int) or not isinstance(obj["action"], str):
            raise RecordError("seat must be a number and action a string", number)
        h = _chain(h, obj)
        if claimed != h:
            raise RecordError("checksum mismatch: this line or one before it was altered", number)
        record.actions.append((obj["seat"], obj["action"]))
    if record.result is None and not allow_unfinished:
        last = rows[-1][0]
        raise RecordError("the record is truncated: it ends without its end line", last)
    return record


def read_record(path: str | Path, allow_unfinished: bool = False) -> Record:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"cannot read {path}: {exc}") from None
    return parse_record(text.splitlines(), allow_unfinished)


def replay(record: Record, game: Game | None = None) -> State:
    """Replay a record to its final state; an illegal or mismatched line raises RecordError.

    Line numbers in errors count the header as line 1, as in the file.
    """
    if game is None:
        from noblesse import games

        try:
            game = games.get(record.game)
        except KeyError as exc:
            raise RecordError(str(exc), 1) from None
    if record.version != game.version:
        raise RecordError(
            f"recorded with {record.game} rules version {record.version}; "
            f"this noblesse has {game.version} (card data or rules differ)",
            1,
        )
    try:
        state = game.setup(len(record.players), record.seed, record.options)
    except (ValueError, TypeError) as exc:
        raise RecordError(f"cannot set up the game: {exc}", 1) from None
    for number, (seat, text) in enumerate(record.actions, start=2):
        try:
            game.apply(state, seat, game.decode(text))
        except IllegalAction as exc:
            raise RecordError(
                f"illegal action '{text}' for seat {seat}: {exc.message}", number
            ) from None
    if record.result is not None:
        end_line = len(record.actions) + 2
        if not game.is_over(state):
            raise RecordError("the record says the game ended, but it has not", end_line)
        recorded = record.result.get("scores")
        if recorded is not None and list(recorded) != list(game.scores(state)):
            raise RecordError(
                f"recorded scores {recorded} differ from the replayed {game.scores(state)}",
                end_line,
            )
        recorded = record.result.get("winners")
        if recorded is not None and list(recorded) != list(game.winners(state)):
            raise RecordError(
                f"recorded winners {recorded} differ from the replayed {game.winners(state)}",
                end_line,
            )
    return state


def check_commitment(record: Record) -> None:
    """The record's deal is the one its table announced: ``commitment(seed, salt)`` (see
    ``core.rng.commitment``) equals the header's ``commitment``; else RecordError (line 1)."""
    if not record.commitment or record.salt is None:
        raise RecordError("the record carries no commitment to its deal (salt, commitment)", 1)
    if commitment(record.seed, record.salt) != record.commitment:
        raise RecordError(
            "the seed and salt do not match the commitment: the deal is not "
            "the one announced (seed, salt or commitment altered)",
            1,
        )


def verify(record: Record, game: Game | None = None) -> State:
    """Check a finished table's record: the commitment, then a full replay (legality, the
    end line's scores and winners). The hash chain was checked when it was parsed."""
    check_commitment(record)
    if record.result is None:
        raise RecordError("the record has no end line: the game is not finished", 1)
    return replay(record, game)


def result_of(game: Game, state: State) -> dict[str, Any]:
    """The end-line fields for a finished game."""
    return {"scores": game.scores(state), "winners": game.winners(state)}
