"""Game records (noblesse.core.record): round trips, incremental writing, and every kind of
damage refused with a RecordError naming the line (the header is line 1)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from noblesse import games
from noblesse.core.errors import RecordError
from noblesse.core.game import State
from noblesse.core.record import (
    Record,
    RecordWriter,
    parse_record,
    read_record,
    replay,
    result_of,
    write_record,
)

GAME = games.get("guillotine")
PLAYERS = ["ann", "bo", "cy"]


def play(seed: int = 5, n: int = 3) -> tuple[State, list[tuple[int, str]], list[State]]:
    """A random finished game: the final state, its moves as (seat, action name), and a
    clone of the state before each move."""
    state = GAME.setup(n, seed)
    rng = random.Random(seed)
    moves: list[tuple[int, str]] = []
    before: list[State] = []
    while not GAME.is_over(state):
        seat = rng.choice(GAME.to_act(state))
        action = rng.choice(GAME.legal_actions(state, seat))
        before.append(GAME.clone(state))
        GAME.apply(state, seat, action)
        moves.append((seat, GAME.encode(action)))
    return state, moves, before


@pytest.fixture(scope="module")
def game() -> tuple[State, list[tuple[int, str]], list[State]]:
    return play()


@pytest.fixture
def record(game: tuple[State, list[tuple[int, str]], list[State]]) -> Record:
    final, moves, _ = game
    return Record(
        "guillotine", GAME.version, 5, list(PLAYERS), {}, list(moves), result_of(GAME, final)
    )


def views(state: State) -> list[dict[str, Any]]:
    return [GAME.view(state, seat) for seat in [*range(state.n_players), None]]


def refused(tmp_path: Path, lines: list[str], allow_unfinished: bool = False) -> RecordError:
    """Read the lines as a file (and replay them): the RecordError raised."""
    path = tmp_path / "damaged.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        replay(read_record(path, allow_unfinished=allow_unfinished))
    assert str(caught.value).startswith(f"line {caught.value.line}: ")
    return caught.value


def edit(line: str, **changes: Any) -> str:
    """The line with some fields changed, keeping its (now wrong) checksum."""
    obj = json.loads(line)
    obj.update(changes)
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


# ------------------------------------------------------------------ round trips
def test_a_record_round_trips_through_a_file(record: Record, game: Any, tmp_path: Path) -> None:
    path = write_record(record, tmp_path / "deep" / "game.jsonl")
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == len(record.actions) + 2
    assert json.loads(lines[0])["noblesse_record"] == 1
    assert json.loads(lines[-1])["end"] is True
    back = read_record(path)
    assert back == record
    final = replay(back)
    assert views(final) == views(game[0])
    assert GAME.scores(final) == GAME.scores(game[0])


def test_parse_record_takes_the_lines_themselves(record: Record) -> None:
    assert parse_record(record.lines()) == record
    assert parse_record([*record.lines(), "", "   "]) == record  # trailing blank lines


def test_the_record_writer_appends_line_by_line_then_finishes(
    record: Record, game: Any, tmp_path: Path
) -> None:
    final, moves, before = game
    path = tmp_path / "live.jsonl"
    writer = RecordWriter(path, Record("guillotine", GAME.version, 5, list(PLAYERS)))
    try:
        for k, (seat, action) in enumerate(moves):
            if k in (0, 1, len(moves) // 2):
                # flushed at once: what is on disk is an unfinished game up to here
                partial = read_record(path, allow_unfinished=True)
                assert partial.actions == moves[:k] and partial.result is None
                assert views(replay(partial)) == views(before[k])
            writer.append(seat, action)
        writer.finish(result_of(GAME, final))
    finally:
        writer.close()
    assert path.read_text(encoding="utf-8") == "\n".join(record.lines()) + "\n"
    assert read_record(path) == record


def test_the_record_writer_starts_from_the_actions_it_is_given(
    record: Record, tmp_path: Path
) -> None:
    head = Record("guillotine", GAME.version, 5, list(PLAYERS), {}, record.actions[:4])
    writer = RecordWriter(tmp_path / "r.jsonl", head)
    for seat, action in record.actions[4:]:
        writer.append(seat, action)
    assert record.result is not None
    writer.finish(record.result)
    writer.close()  # closing twice is harmless
    assert read_record(tmp_path / "r.jsonl") == record


def test_an_unfinished_game_is_read_when_asked_for(
    record: Record, game: Any, tmp_path: Path
) -> None:
    _, moves, before = game
    lines = record.lines()[:12]  # the header and 11 actions
    path = tmp_path / "unfinished.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    partial = read_record(path, allow_unfinished=True)
    assert partial.result is None and partial.actions == moves[:11]
    assert views(replay(partial)) == views(before[11])
    with pytest.raises(RecordError) as caught:
        read_record(path)
    assert caught.value.line == 12


# ------------------------------------------------------------------ truncation
def test_a_record_without_its_end_line_is_truncated(record: Record, tmp_path: Path) -> None:
    lines = record.lines()[:-1]
    error = refused(tmp_path, lines)
    assert error.line == len(lines)
    assert "truncated" in str(error)


@pytest.mark.parametrize("cut", [1, 2, 9, -1])
def test_a_record_cut_mid_line_names_that_line(record: Record, tmp_path: Path, cut: int) -> None:
    lines = record.lines()
    number = cut if cut > 0 else len(lines)
    damaged = lines[: number - 1] + [lines[number - 1][: len(lines[number - 1]) // 2]]
    assert refused(tmp_path, damaged).line == number
    # even when the reader would accept an unfinished game
    assert refused(tmp_path, damaged, allow_unfinished=True).line == number


def test_an_empty_record_is_refused(tmp_path: Path) -> None:
    assert refused(tmp_path, []).line == 1
    assert refused(tmp_path, ["", "  "]).line == 1


# ------------------------------------------------------------------ tampering
def test_a_changed_action_names_its_line(record: Record, tmp_path: Path) -> None:
    lines = record.lines()
    number = 7
    old = json.loads(lines[number - 1])["action"]
    lines[number - 1] = edit(lines[number - 1], action="pass" if old != "pass" else "noble:1")
    error = refused(tmp_path, lines)
    assert error.line == number and "altered" in str(error)


def test_a_changed_seat_names_its_line(record: Record, tmp_path: Path) -> None:
    lines = record.lines()
    number = 5
    seat = json.loads(lines[number - 1])["seat"]
    lines[number - 1] = edit(lines[number - 1], seat=(seat + 1) % len(PLAYERS))
    assert refused(tmp_path, lines).line == number


def test_two_swapped_lines_name_the_first(record: Record, tmp_path: Path) -> None:
    lines = record.lines()
    lines[3], lines[4] = lines[4], lines[3]  # lines 4 and 5 of the file
    error = refused(tmp_path, lines)
    assert error.line == 4 and "out of order" in str(error)


def test_a_dropped_line_names_where_it_is_missing(record: Record, tmp_path: Path) -> None:
    lines = record.lines()
    del lines[5]  # line 6 of the file
    assert refused(tmp_path, lines).line == 6


def test_a_repeated_line_names_the_repeat(record: Record, tmp_path: Path) -> None:
    lines = record.lines()
    lines.insert(6, lines[5])
    assert refused(tmp_path, lines).line == 7


def test_an_edited_header_seed_names_line_1(record: Record, tmp_path: Path) -> None:
    lines = record.lines()
    lines[0] = edit(lines[0], seed=record.seed + 1)
    error = refused(tmp_path, lines)
    assert error.line == 1 and "header" in str(error)


def test_an_edited_header_without_its_checksum_is_found_at_line_2(
    record: Record, tmp_path: Path
) -> None:
    """Records whose header has no checksum of its own are still chained from it."""
    header = json.loads(record.lines()[0])
    del header["h"]
    lines = record.lines()
    lines[0] = json.dumps({**header, "players": ["eve", "bo", "cy"]})
    assert refused(tmp_path, lines).line == 2
    lines[0] = json.dumps(header)  # unedited, it is read as before
    assert parse_record(lines) == record


@pytest.mark.parametrize("field", ["scores", "winners", "actions"])
def test_an_edited_end_line_names_it(record: Record, tmp_path: Path, field: str) -> None:
    lines = record.lines()
    end = json.loads(lines[-1])
    changed = {
        "scores": [s + 1 for s in end["scores"]],
        "winners": [(w + 1) % len(PLAYERS) for w in end["winners"]],
        "actions": 3,
    }
    lines[-1] = edit(lines[-1], **{field: changed[field]})
    assert refused(tmp_path, lines).line == len(lines)


def test_a_line_after_the_end_is_refused(record: Record, tmp_path: Path) -> None:
    lines = [*record.lines(), record.lines()[1]]
    assert refused(tmp_path, lines).line == len(lines)


def test_a_blank_line_inside_the_record_is_refused(record: Record, tmp_path: Path) -> None:
    lines = record.lines()
    lines.insert(3, "")
    assert refused(tmp_path, lines).line == 4


@pytest.mark.parametrize(
    ("number", "text"),
    [
        (1, '{"game": "guillotine"}'),  # no header
        (1, "[1, 2, 3]"),  # not an object
        (3, '{"n": 2, "seat": "one", "action": "pass", "h": "0"}'),  # a seat that is no number
    ],
)
def test_lines_that_are_no_record_lines(
    record: Record, tmp_path: Path, number: int, text: str
) -> None:
    lines = record.lines()
    lines[number - 1] = text
    assert refused(tmp_path, lines).line == number


def test_a_file_that_cannot_be_read(tmp_path: Path) -> None:
    with pytest.raises(RecordError) as caught:
        read_record(tmp_path / "nowhere.jsonl")
    assert caught.value.line is None


# ------------------------------------------------------------------ replay
def illegal_at(record: Record, before: list[State], k: int) -> tuple[int, str]:
    """A (seat, action) that is not legal where the record's k-th action stands."""
    state = before[k]
    seat = record.actions[k][0]
    legal = GAME.legal_actions(state, seat)
    action = next(a for a in range(GAME.num_distinct_actions) if a not in legal)
    return seat, GAME.encode(action)


@pytest.mark.parametrize("k", [0, 9, -1])
def test_an_illegal_action_with_a_valid_checksum_is_refused_by_replay(
    record: Record, game: Any, tmp_path: Path, k: int
) -> None:
    _, _, before = game
    k = k % len(record.actions)
    actions = list(record.actions)
    actions[k] = illegal_at(record, before, k)
    error = refused(
        tmp_path,
        Record("guillotine", GAME.version, 5, list(PLAYERS), {}, actions, record.result).lines(),
    )
    assert error.line == k + 2 and "illegal" in str(error)


def test_a_seat_out_of_turn_is_refused_by_replay(record: Record, tmp_path: Path) -> None:
    actions = list(record.actions)
    seat, action = actions[3]
    actions[3] = ((seat + 1) % len(PLAYERS), action)
    error = refused(
        tmp_path,
        Record("guillotine", GAME.version, 5, list(PLAYERS), {}, actions).lines(),
        allow_unfinished=True,
    )
    assert error.line == 5


@pytest.mark.parametrize("action", ["fly:to_the_moon", "", "PASS"])
def test_an_unknown_action_name_is_refused_by_replay(
    record: Record, tmp_path: Path, action: str
) -> None:
    actions = list(record.actions)
    actions[6] = (actions[6][0], action)
    error = refused(
        tmp_path,
        Record("guillotine", GAME.version, 5, list(PLAYERS), {}, actions).lines(),
        allow_unfinished=True,
    )
    assert error.line == 8


def test_a_wrong_rules_version_is_refused_at_line_1(record: Record, tmp_path: Path) -> None:
    record.version = "0.0+elsewhere"
    error = refused(tmp_path, record.lines())
    assert error.line == 1 and "version" in str(error)


def test_an_unknown_game_is_refused_at_line_1(record: Record, tmp_path: Path) -> None:
    record.game = "tiddlywinks"
    error = refused(tmp_path, record.lines())
    assert error.line == 1 and "guillotine" in str(error)


def test_a_bad_setup_is_refused_at_line_1(record: Record, tmp_path: Path) -> None:
    record.options = {"no_such_option": True}
    assert refused(tmp_path, record.lines()).line == 1
    record.options = {}
    record.players = ["solo"]  # Guillotine needs 2 to 5
    assert refused(tmp_path, record.lines()).line == 1


def test_recorded_scores_that_differ_are_refused_at_the_end_line(
    record: Record, tmp_path: Path
) -> None:
    assert record.result is not None
    record.result = {**record.result, "scores": [s + 1 for s in record.result["scores"]]}
    error = refused(tmp_path, record.lines())
    assert error.line == len(record.actions) + 2 and "scores" in str(error)


def test_recorded_winners_that_differ_are_refused_at_the_end_line(
    record: Record, tmp_path: Path
) -> None:
    assert record.result is not None
    losers = [s for s in range(len(PLAYERS)) if s not in record.result["winners"]]
    record.result = {**record.result, "winners": losers}
    error = refused(tmp_path, record.lines())
    assert error.line == len(record.actions) + 2 and "winners" in str(error)


def test_an_end_line_before_the_game_ends_is_refused(record: Record, tmp_path: Path) -> None:
    assert record.result is not None
    record.actions = record.actions[:10]
    error = refused(tmp_path, record.lines())
    assert error.line == 12 and "ended" in str(error)


def test_actions_after_the_game_ended_are_refused(record: Record, tmp_path: Path) -> None:
    record.actions = [*record.actions, record.actions[-1]]
    error = refused(tmp_path, record.lines())
    assert error.line == len(record.actions) + 1 and "over" in str(error)
