"""A table's deal: secret until the game ends, committed to from the start.

A table made without a seed gets a secret one (``core.rng.new_secret_seed``, 256 bits),
a salt and ``commitment(seed, salt)`` (``core.rng.commitment``), all stored at creation.
Every state message carries ``deal`` (``deal_entry``): the commitment at once, the seed
and salt only once the game is over. A chosen seed (an int anyone can search for) makes a
*known* deal, allowed only at a practice table (one human, every other seat a bot): its
seed is shown from the start. After the game the record (``record_lines``) is the
``core.record`` format with the seed, salt and commitment in its header, which
``noblesse verify`` checks.

The rematch of a known deal is a known deal too: its seed (``rematch_seed``) follows from
the old one, so whoever practises a seed meets the same deal in its rematch, and the
rematch after that, as anyone else who practises it; a secret deal's rematch is secret.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from noblesse.core.record import Record
from noblesse.core.rng import Seed, commitment, new_salt, new_secret_seed
from noblesse.server.store import StoredTable


@dataclass(frozen=True)
class Deal:
    seed: Seed
    salt: str
    commitment: str


def is_practice(kinds: list[str]) -> bool:
    """One human seat, every other seat a bot."""
    return kinds.count("human") == 1 and len(kinds) > 1


def new_deal(seed: int | None = None) -> Deal:
    """A fresh secret deal, or the known deal of a chosen ``seed``, with its salt and
    commitment."""
    chosen: Seed = new_secret_seed() if seed is None else seed
    salt = new_salt()
    return Deal(chosen, salt, commitment(chosen, salt))


def is_known(meta: StoredTable) -> bool:
    """A chosen (int) seed: anyone may search for it, so it is shown from the start.
    A table stored before deals were secret (an int seed without a commitment) is not."""
    return isinstance(meta.seed, int) and meta.commitment is not None


def rematch_seed(meta: StoredTable) -> int | None:
    """The seed of the rematch of the table ``meta`` records: for a known deal, one
    derived from its seed (a 31-bit whole number, as a chosen seed is); for a secret
    deal None (a new secret one)."""
    if not is_known(meta):
        return None
    digest = hashlib.sha256(f"rematch:{meta.seed}".encode()).digest()
    return int.from_bytes(digest[:4], "big") >> 1


def deal_entry(meta: StoredTable, over: bool) -> dict[str, Any]:
    """The ``deal`` of a state message about the table ``meta`` records: the commitment;
    the seed and salt once the game is ``over`` (a known deal's seed at once)."""
    known = is_known(meta)
    return {
        "commitment": meta.commitment,
        "known": known,
        "seed": meta.seed if over or known else None,
        "salt": meta.salt if over else None,
    }


def record_lines(meta: StoredTable, actions: list[tuple[int, str]]) -> list[str]:
    """The finished table's game record (``core.record`` JSON Lines, without newlines):
    ``meta`` and its ``actions`` (seat, action)."""
    record = Record(
        game=meta.game,
        version=meta.version,
        seed=meta.seed,
        players=[s["kind"] for s in meta.seats],
        options=meta.options,
        actions=list(actions),
        result=meta.result,
        salt=meta.salt,
        commitment=meta.commitment,
    )
    return record.lines()
