"""Chance for games: replayable seeds, secret deals and their commitments.

A game's seed is either

* a plain ``int``: the deal is ``random.Random(seed)``, byte for byte as always, so
  simulations, tournaments, tests, the CLI and every existing record replay exactly.
  Anyone who sees a few cards can search small integer seeds, so such a deal is a
  *known* deal (practice tables, research, tests); or
* a ``str`` of at least 32 hex digits (128 bits; the web table uses 64 = 256 bits): a
  *secret deal*, drawn by :class:`DealRandom`, which nobody can predict or recover from
  the cards it deals, even knowing this code, without the seed.

A table publishes ``commitment(seed, salt)`` when the game starts and reveals the seed
and salt at the end, so anyone can check the deal was fixed in advance and replay it.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import random
import re
import secrets
from typing import Any

MIN_HEX_DIGITS = 32  # 128 bits
_HEX = re.compile(r"[0-9a-fA-F]+")
_STATE_TAG = "noblesse-deal-1"

Seed = int | str


class DealRandom(random.Random):
    """``random.Random`` drawing from HMAC-SHA256 in counter mode, keyed by a secret seed.

    Construction, exactly: the key ``K`` is the ASCII bytes of the seed's hex digits in
    lower case (``seed.lower().encode("ascii")``). Block ``i`` (``i = 0, 1, 2, ...``) is
    ``HMAC-SHA256(K, i.to_bytes(8, "big"))``, 32 bytes; the stream is the concatenation
    of blocks 0, 1, 2, ... ``getrandbits(k)`` takes the next ``ceil(k / 8)`` bytes of
    the stream, reads them as a big-endian integer and drops its ``8 * ceil(k / 8) - k``
    lowest bits; ``random()`` is ``getrandbits(53) / 2**53``. Every other method of
    ``random.Random`` (``shuffle``, ``choice``, ``randrange``, ``randint``, ``sample``,
    ...) draws through these two, so it draws from the stream too.

    The state is ``("noblesse-deal-1", seed hex, next block, bytes of it used,
    gauss_next)``: ``getstate``/``setstate``, ``copy`` and ``pickle`` keep the position,
    and two generators at the same point of the same stream compare equal by state.
    The seed is in the state: never show a state to a player.
    """

    def __init__(self, seed: str | None = None) -> None:
        super().__init__(seed)

    def seed(self, a: Any = None, version: int = 2) -> None:  # noqa: ARG002 - signature
        if a is None:
            a = os.urandom(32).hex()
        self._hex = check_secret_seed(a)
        self._key = self._hex.encode("ascii")
        self._block = 0  # the next block to make
        self._buf = b""  # the current block
        self._pos = 0  # bytes of it used
        self.gauss_next = None

    def _take(self, n: int) -> bytes:
        out = bytearray()
        while n > 0:
            if self._pos >= len(self._buf):
                self._buf = hmac.digest(self._key, self._block.to_bytes(8, "big"), "sha256")
                self._block += 1
                self._pos = 0
            part = self._buf[self._pos : self._pos + n]
            self._pos += len(part)
            out += part
            n -= len(part)
        return bytes(out)

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k == 0:
            return 0
        nbytes = (k + 7) // 8
        return int.from_bytes(self._take(nbytes), "big") >> (8 * nbytes - k)

    def random(self) -> float:
        return self.getrandbits(53) * (1.0 / 9007199254740992.0)

    def randbytes(self, n: int) -> bytes:
        return self._take(n)

    def getstate(self) -> tuple[Any, ...]:
        # The block in use is recomputed from its number: the state holds no stream bytes.
        used = self._pos if self._buf else 32
        return (_STATE_TAG, self._hex, self._block, used, self.gauss_next)

    def setstate(self, state: tuple[Any, ...]) -> None:
        tag, seed_hex, block, used, gauss_next = state
        if tag != _STATE_TAG:
            raise ValueError(f"not a DealRandom state: {tag!r}")
        self.seed(seed_hex)
        self._block, self.gauss_next = block, gauss_next
        if block > 0 and used < 32:
            self._buf = hmac.digest(self._key, (block - 1).to_bytes(8, "big"), "sha256")
            self._pos = used

    def __reduce__(self) -> tuple[Any, ...]:
        return (self.__class__, (), self.getstate())


def check_secret_seed(seed: Any) -> str:
    """``seed`` as lower-case hex if it is a string of at least 32 hex digits, else ValueError."""
    if not isinstance(seed, str) or not _HEX.fullmatch(seed):
        raise ValueError("a secret seed is a string of hex digits")
    if len(seed) < MIN_HEX_DIGITS:
        raise ValueError(
            f"a secret seed needs at least {MIN_HEX_DIGITS} hex digits "
            f"({MIN_HEX_DIGITS * 4} bits); this one has {len(seed)}"
        )
    return seed.lower()


def check_seed(seed: Any) -> Seed:
    """A valid seed unchanged (an ``int``, or a hex string of 32 digits or more); else
    ValueError (TypeError for other types)."""
    if isinstance(seed, bool):
        raise TypeError("a seed is an int or a hex string, not a bool")
    if isinstance(seed, int):
        return seed
    if isinstance(seed, str):
        check_secret_seed(seed)
        return seed
    raise TypeError(f"a seed is an int or a hex string, not {type(seed).__name__}")


def make_rng(seed: Seed) -> random.Random:
    """The generator of a game's chance: ``random.Random(seed)`` for an ``int`` (exactly as
    before), a :class:`DealRandom` for a hex string (a secret deal)."""
    if isinstance(seed, str):
        return DealRandom(seed)
    return random.Random(seed)


class SharedRandom(random.Random):
    """``random.Random`` that clones of a state share instead of copying (``copy_rng``
    returns it unchanged): every copy of a search's throwaway world then draws from one
    stream, and a clone costs no generator copy. Only for worlds a bot builds for
    itself (``Game.determinize`` already dealt what it cannot see afresh): each
    branch's chance is still a fair, seeded draw, just not the same draw in every
    branch. Never in a real game's state, whose clones must replay alike."""


def copy_rng(rng: random.Random) -> random.Random:
    """An independent generator at the same point of the same stream, of the same class
    (a :class:`SharedRandom` is the one exception: it is returned as it is)."""
    kind = type(rng)
    if kind is SharedRandom:
        return rng
    out = kind.__new__(kind)  # not kind(): seeding from the OS first costs more than the copy
    out.setstate(rng.getstate())
    return out


def new_secret_seed() -> str:
    """A fresh secret deal: 64 hex digits (256 bits) from the operating system."""
    return secrets.token_hex(32)


def new_salt() -> str:
    """A fresh salt for a commitment: 32 hex digits (128 bits)."""
    return secrets.token_hex(16)


def commitment(seed: Seed, salt: str) -> str:
    """The public commitment to a deal: the SHA-256 hex digest of the UTF-8 bytes of
    ``f"{seed}:{salt}"`` (an int seed in decimal, a hex seed exactly as written).

    Published before the game, it fixes the deal without telling it (the salt keeps a
    small or guessed seed from being found by trying candidates against it); revealed
    after, anyone recomputes it from the seed and salt, e.g. ``printf '%s' "SEED:SALT" |
    sha256sum``.
    """
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()


_RANDBELOW = random.Random._randbelow_with_getrandbits  # type: ignore[attr-defined]
_SHUFFLE = random.Random.shuffle


def shuffle(rng: random.Random, cards: list[Any]) -> None:
    """``rng.shuffle(cards)``: the same permutation from the same draws, with the draw
    of each index (``Random._randbelow``) written out in the loop, which makes it about
    twice as fast. A generator that shuffles or draws its indices otherwise shuffles as
    it does."""
    kind = type(rng)
    if kind.shuffle is not _SHUFFLE or kind._randbelow is not _RANDBELOW:  # type: ignore[attr-defined]
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]
