"""The game-agnostic kernel: the Game contract, events, errors, records and replay."""

from noblesse.core.errors import IllegalAction, RecordError
from noblesse.core.events import Event
from noblesse.core.game import Game, GameBase, State
from noblesse.core.record import Record, read_record, replay, write_record

__all__ = [
    "Event",
    "Game",
    "GameBase",
    "IllegalAction",
    "Record",
    "RecordError",
    "State",
    "read_record",
    "replay",
    "write_record",
]
