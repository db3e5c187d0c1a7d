"""A game record replays to an identical state, written whole or line by line."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from noblesse.core.game import Game, State
from noblesse.core.record import (
    Record,
    RecordWriter,
    read_record,
    replay,
    result_of,
    write_record,
)

from .support import fingerprint, play, seeded_params, views


def assert_same_state(game: Game, replayed: State, original: State, what: str) -> None:
    assert views(game, replayed) == views(game, original), f"{what}: the views differ"
    assert game.scores(replayed) == game.scores(original), f"{what}: the scores differ"
    assert game.is_over(replayed) == game.is_over(original)
    assert fingerprint(replayed) == fingerprint(original), f"{what}: the full states differ"


@pytest.mark.parametrize(("game", "n", "options", "seed"), seeded_params(12, base=600))
def test_a_record_replays_to_an_identical_state(
    game: Game, n: int, options: dict[str, Any], seed: int, tmp_path: Path
) -> None:
    players = [f"player {i}" for i in range(n)]
    live = tmp_path / "live.jsonl"
    writer = RecordWriter(live, Record(game.id, game.version, seed, players, dict(options)))
    middle: dict[str, Any] = {}
    cut_at = random.Random(seed).randrange(1, 40)
    moves_so_far: list[int] = []

    def record_move(state: State, seat: int, action: int, events: list[Any]) -> None:
        writer.append(seat, game.encode(action))
        moves_so_far.append(action)
        if len(moves_so_far) == cut_at and not game.is_over(state):  # an unfinished game
            middle.update(text=live.read_text(encoding="utf-8"), state=game.clone(state))

    final, moves = play(game, n, seed, options, after=record_move)
    writer.finish(result_of(game, final))
    record = Record(
        game.id,
        game.version,
        seed,
        players,
        dict(options),
        [(seat, game.encode(action)) for seat, action in moves],
        result_of(game, final),
    )
    path = write_record(record, tmp_path / "whole.jsonl")
    assert live.read_text(encoding="utf-8") == path.read_text(encoding="utf-8"), (
        "RecordWriter and write_record write different files"
    )

    back = read_record(path)
    assert back == record
    assert_same_state(game, replay(back), final, "replayed by registry id")
    assert_same_state(game, replay(back, game), final, "replayed with the game given")

    if middle:
        cut = tmp_path / "unfinished.jsonl"
        cut.write_text(middle["text"], encoding="utf-8")
        unfinished = read_record(cut, allow_unfinished=True)
        assert unfinished.result is None
        assert_same_state(game, replay(unfinished), middle["state"], "an unfinished record")
