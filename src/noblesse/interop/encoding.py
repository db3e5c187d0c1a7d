"""Observation vectors: a game's designed observation, or one learnt from its views.

``observer(game_id, players)`` is what the adapters use: the game's designed
observation (``Game.observation_spec()``, documented in ``docs/observations.md``) when
it has one, else the generic encoder below (see the package doc).

``profile(game_id, players)`` explores random playouts once (cached) and returns a
``GameProfile``: the observation encoder plus what adapters need to declare about
the game (the longest game seen, the range of returns, whether simultaneous
decisions occur). Pure Python: no numpy needed here.
"""

from __future__ import annotations

import math
import random
import re
from array import array
from collections.abc import MutableSequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from noblesse import games
from noblesse.core.game import Game, State, machine_options
from noblesse.core.observation import Buffer, ObservationSpec

if TYPE_CHECKING:
    from numpy import ndarray

    #: What an observation is written into: a list, or the adapters' numpy buffer.
    Vector = MutableSequence[float] | ndarray[Any, Any]

CLIP = 1e6
POSITIONS = 24  # positions one-hot encoded in a list of names (all of them are counted)
TOKENIZE_ABOVE = 64  # more distinct strings than this at one path: try encoding by tokens
_TOKEN = re.compile(r"[A-Za-z_]+|\d+|[^A-Za-z_\d]")
EXPLORE_GAMES = 60  # random games explored to learn the schema, at most ...
MIN_EXPLORE_GAMES = 8  # ... and at least, stopping early after ...
EXPLORE_DECISIONS = 5000  # ... this many decisions in all
EXPLORE_SEED = 20_240_601
_STR = frozenset({str})
_NUMBERS = frozenset({int, float, bool})


# ----------------------------------------------------------------------------- schema learning
class _Stat:
    """What was seen at one path of the view."""

    __slots__ = ("number", "null", "strings", "keys", "item", "maxlen", "minlen", "is_list")

    def __init__(self) -> None:
        self.number = False
        self.null = False
        self.strings: set[str] = set()
        self.keys: dict[str, _Stat] = {}
        self.item: _Stat | None = None
        self.maxlen = 0
        self.minlen = 1 << 30
        self.is_list = False

    def see(self, value: Any) -> None:
        t = type(value)
        if t is str:
            self.strings.add(value)
        elif t is int or t is float or t is bool:
            self.number = True
        elif value is None:
            self.null = True
        elif t is dict:
            keys = self.keys
            for key, sub in value.items():
                stat = keys.get(key if type(key) is str else str(key))
                if stat is None:
                    stat = keys[str(key)] = _Stat()
                # the common leaves inline (as ``see`` would record them): a view has
                # thousands of them, and learning a schema sees thousands of views
                ts = type(sub)
                if ts is str:
                    stat.strings.add(sub)
                elif ts is int or ts is float or ts is bool:
                    stat.number = True
                elif sub is None:
                    stat.null = True
                elif ts is list or ts is tuple:
                    stat._see_list(sub)
                else:
                    stat.see(sub)
        elif t is list or t is tuple:
            self._see_list(value)
        elif isinstance(value, str):
            self.strings.add(str(value))
        elif isinstance(value, bool | int | float):
            self.number = True
        elif isinstance(value, dict):
            self.see(dict(value))
        elif isinstance(value, list | tuple):
            self._see_list(value)

    def _see_list(self, value: list[Any] | tuple[Any, ...]) -> None:
        self.is_list = True
        n = len(value)
        if n > self.maxlen:
            self.maxlen = n
        if n < self.minlen:
            self.minlen = n
        item = self.item
        if item is None:
            item = self.item = _Stat()
        kinds = set(map(type, value))
        if kinds <= _STR:
            item.strings.update(value)
        elif kinds <= _NUMBERS:  # not empty (that is the case above)
            item.number = True
        else:
            see = item.see
            for sub in value:
                ts = type(sub)
                if ts is int or ts is float or ts is bool:  # as ``see`` records them
                    item.number = True
                elif ts is str:
                    item.strings.add(sub)
                else:
                    see(sub)


class _Node:
    """The frozen layout of one path: slots relative to the node's base offset."""

    __slots__ = (
        "width",
        "num",
        "null",
        "vocab",
        "other",
        "keys",
        "len_slot",
        "item",
        "item_base",
        "maxlen",
        "bag_base",
        "tokens",
    )

    def __init__(self) -> None:
        self.width = 0
        self.num = -1
        self.null = -1
        self.vocab: dict[str, int] = {}
        self.other = -1
        self.keys: dict[str, tuple[_Node, int]] = {}
        self.len_slot = -1
        self.item: _Node | None = None
        self.item_base = 0
        self.maxlen = 0
        self.bag_base = -1
        self.tokens = False  # strings are compounds ("+queen@3"): one-hot per token position


def _tokens(text: str) -> list[str]:
    """``"+queen@3"`` -> ``["+", "queen", "@", "3"]``: words, numbers, single symbols."""
    return _TOKEN.findall(text)


def _vocab_groups(game: Game) -> list[set[str]]:
    """Groups of strings that belong together: each catalog section's keys, the action index."""
    groups: list[set[str]] = []
    for section in game.catalog().values():
        if isinstance(section, dict) and section:
            groups.append({str(k) for k in section})
        elif isinstance(section, list) and section:
            keys = {
                str(x.get("key", x.get("id")))
                for x in section
                if isinstance(x, dict) and ("key" in x or "id" in x)
            }
            keys |= {x for x in section if isinstance(x, str)}
            if keys:
                groups.append(keys)
    names = [game.encode(game.action_at(i)) for i in range(game.num_distinct_actions)]
    groups.append(set(names))
    return groups


def _widen(seen: set[str], groups: list[set[str]], extra: set[str] | None = None) -> list[str]:
    """``seen``, plus every group that most of ``seen`` belongs to (a catalog section, the
    action index, the seat numbers): a value random play never reached still gets a slot."""
    out = set(seen)
    for group in [*groups, extra or set()]:
        if group and 2 * len(seen & group) >= len(seen):
            out |= group
    return sorted(out)


def _freeze(stat: _Stat, groups: list[set[str]], seats: set[str]) -> _Node:
    node = _Node()
    width = 0
    if stat.number:
        node.num, width = width, width + 1
    if stat.null:
        node.null, width = width, width + 1
    if stat.strings:
        vocab = _widen(stat.strings, groups, seats)
        if len(vocab) > TOKENIZE_ABOVE:
            # many distinct compound strings ("+queen@3", "hat:5"): one-hot each token at
            # its position instead, when that is at least twice as compact
            by_position: dict[int, set[str]] = {}
            for text in stat.strings:
                for i, token in enumerate(_tokens(text)):
                    by_position.setdefault(i, set()).add(token)
            tokens = [
                f"{i}:{t}"
                for i in sorted(by_position)
                for t in _widen(by_position[i], groups, seats)
            ]
            if 2 * len(tokens) <= len(vocab):
                node.tokens, vocab = True, tokens
        for text in vocab:
            node.vocab[text] = width
            width += 1
        node.other, width = width, width + 1
    if stat.keys:
        seen = set(stat.keys)
        for key in _widen(seen, groups, seats):
            child_stat = stat.keys.get(key)
            if child_stat is None:  # a key of the same kind (a seat, a card) never seen
                kin = next(
                    g for g in [*groups, seats] if key in g and 2 * len(seen & g) >= len(seen)
                )
                child_stat = _merged([v for k, v in stat.keys.items() if k in kin])
            child = _freeze(child_stat, groups, seats)
            node.keys[key] = (child, width)
            width += child.width
    if stat.is_list and stat.item is not None:
        node.len_slot, width = width, width + 1
        item = _freeze(stat.item, groups, seats)
        node.item = item
        if item.width and stat.minlen == stat.maxlen:  # always the same length (one per seat)
            node.maxlen = stat.maxlen
        elif item.width:
            node.maxlen = math.ceil(stat.maxlen * 1.5) + 1
        if item.vocab and not item.keys and item.item is None and item.num < 0:
            # a list of names (a hand, a pile): counts of each name, then the first positions
            node.bag_base, width = width, width + item.width
            node.maxlen = min(node.maxlen, POSITIONS)
        node.item_base = width
        width += node.maxlen * item.width
    node.width = width
    return node


def _merged(stats: list[_Stat]) -> _Stat:
    """The union of sibling stats: the schema of a key that was never seen."""
    out = _Stat()
    for s in stats:
        out.number |= s.number
        out.null |= s.null
        out.strings |= s.strings
        for k, v in s.keys.items():
            out.keys[k] = _merged([out.keys[k], v]) if k in out.keys else v
        if s.is_list:
            out.is_list = True
            out.maxlen = max(out.maxlen, s.maxlen)
            out.item = s.item if out.item is None or s.item is None else _merged([out.item, s.item])
    return out


# ----------------------------------------------------------------------------- encoding
def _encode_tokens(
    text: Any, node: _Node, base: int, out: Buffer, add: float | None = None
) -> None:
    """A compound string: a one (or, in a list's counts, +1) at each token's slot."""
    if type(text) is not str:
        return
    vocab = node.vocab
    for i, token in enumerate(_tokens(text)):
        slot = vocab.get(f"{i}:{token}", node.other)
        if add is None:
            out[base + slot] = 1.0
        else:
            out[base + slot] += add


def _clip(x: float) -> float:
    return CLIP if x > CLIP else -CLIP if x < -CLIP else x


def _encode(value: Any, node: _Node, base: int, out: Buffer) -> None:
    if value is None:
        if node.null >= 0:
            out[base + node.null] = 1.0
    elif isinstance(value, bool | int | float):
        if node.num >= 0:
            x = float(value)
            out[base + node.num] = _clip(x) if x == x else 0.0
    elif isinstance(value, str):
        if node.tokens:
            _encode_tokens(value, node, base, out)
        elif node.other >= 0:
            out[base + node.vocab.get(value, node.other)] = 1.0
    elif isinstance(value, dict):
        keys = node.keys
        if keys:
            for key, sub in value.items():
                entry = keys.get(key if type(key) is str else str(key))
                if entry is None:
                    continue
                child, at = entry
                # the common leaves inline, exactly as ``_encode`` writes them
                ts = type(sub)
                if ts is int or ts is float or ts is bool:
                    if child.num >= 0:
                        x = float(sub)
                        out[base + at + child.num] = (
                            (CLIP if x > CLIP else -CLIP if x < -CLIP else x) if x == x else 0.0
                        )
                elif ts is str and not child.tokens:
                    if child.other >= 0:
                        out[base + at + child.vocab.get(sub, child.other)] = 1.0
                else:
                    _encode(sub, child, base + at, out)
    elif isinstance(value, list | tuple):
        if node.len_slot >= 0:
            out[base + node.len_slot] = float(len(value))
            item = node.item
            if node.bag_base >= 0 and item is not None:
                bag = base + node.bag_base
                for sub in value:
                    if item.tokens:
                        _encode_tokens(sub, item, bag, out, 1.0)
                    elif type(sub) is str:
                        out[bag + item.vocab.get(sub, item.other)] += 1.0
            if item is not None and node.maxlen:
                step = item.width
                at = base + node.item_base
                num = item.num
                for sub in value[: node.maxlen]:
                    ts = type(sub)
                    if ts is int or ts is float or ts is bool:  # inline, as ``_encode``
                        if num >= 0:
                            x = float(sub)
                            out[at + num] = (
                                (CLIP if x > CLIP else -CLIP if x < -CLIP else x) if x == x else 0.0
                            )
                    else:
                        _encode(sub, item, at, out)
                    at += step


class ViewEncoder:
    """Turns ``game.view(state, seat)`` into a fixed-size vector of floats."""

    def __init__(self, root: _Node) -> None:
        self._root = root
        self.size = max(1, root.width)

    def encode_view(self, view: dict[str, Any], out: Vector | None = None) -> Vector:
        """Write the view's vector into ``out`` (zeroed first), or a new list."""
        if out is None:
            out = [0.0] * self.size
        elif hasattr(out, "fill"):  # a numpy array
            out.fill(0.0)
        else:
            out[:] = [0.0] * len(out)
        _encode(view, self._root, 0, out)
        return out


class DesignedEncoder:
    """A game's designed observation (``Game.observation_spec()``): a fixed size for every
    player count, every slot in [-1, 1], written straight from the state."""

    designed = True
    low, high = -1.0, 1.0

    def __init__(self, game_id: str, spec: ObservationSpec) -> None:
        self.game_id = game_id
        self.spec = spec
        self.observation_size = spec.size
        self._sparse = spec.sparse
        self._write = spec.write

    def observation(self, game: Game, state: State, seat: int) -> Any:
        """``seat``'s observation of ``state`` as a new float32 numpy array."""
        import numpy as np

        buf = array("f", bytes(4 * self.observation_size))
        self._write(state, seat, buf)
        return np.frombuffer(buf, np.float32)

    def write_zeroed(self, game: Game, state: State, seat: int, out: Any) -> None:
        """``observation_into`` for a numpy array that is already all zeros."""
        out[:] = self.observation(game, state, seat)

    def observation_into(self, game: Game, state: State, seat: int, out: Vector) -> None:
        """Write ``seat``'s observation of ``state`` into ``out`` (length observation_size):
        a numpy array gets the values of ``observation``; a list gets the game's values
        (doubles) with zeros elsewhere."""
        if hasattr(out, "fill"):  # a numpy array
            out[:] = self.observation(game, state, seat)
        else:
            values = self._sparse(state, seat)
            out[:] = [0.0] * len(out)
            for i, v in values.items():
                out[i] = v


_UNSEEN = object()  # a section's key before its first write


class KeptObservations:
    """Each seat's observation of one game kept between observations: a seat's buffer is
    brought up to date by rewriting only the sections (``ObservationSpec.sections``)
    whose key changed since that seat's last observation, the same values as a
    write from zeros. Asked about another state object than the last (a new game, a
    copy), it starts again from zeros. An encoder without sections writes the whole
    observation every time.

    The buffers are ``array("f")`` (a slot written from Python costs half what it costs in
    a numpy array), seen as float32 numpy arrays without a copy; every value a writer
    adds to a slot (``+=``) is a float32 number, so the sums are those of a numpy
    buffer."""

    def __init__(self, encoder: Encoder, game: Game, players: int) -> None:
        import numpy as np

        self._encoder = encoder
        self._game = game
        size = encoder.observation_size
        self._buffers = [array("f", bytes(4 * size)) for _ in range(players)]
        self._views = [np.frombuffer(b, np.float32) for b in self._buffers]
        sections = encoder.spec.sections if isinstance(encoder, DesignedEncoder) else ()
        zeros = array("f", bytes(4 * size))
        # per section: its key, its writer, whether shared, its slots with their zeros
        self._sections = [
            (key, write, shared, tuple((a, b, zeros[a:b]) for a, b in slots))
            for slots, key, write, shared in sections
        ]
        self._keys = [[_UNSEEN] * len(sections) for _ in range(players)]
        self._state: State | None = None
        # per shared section: the key last written and the seat whose buffer holds it
        self._shared: list[tuple[Any, int]] = [(_UNSEEN, 0)] * len(sections)

    def observe(self, state: State, seat: int) -> Any:
        """``seat``'s observation of ``state``: a float32 numpy view of the kept buffer
        (copy it to keep it)."""
        if not self._sections:
            view = self._views[seat]
            view.fill(0.0)
            self._encoder.write_zeroed(self._game, state, seat, view)
            return view
        if state is not self._state:
            self._state = state
            self._keys = [[_UNSEEN] * len(self._sections) for _ in self._buffers]
            self._shared = [(_UNSEEN, 0)] * len(self._sections)
        out = self._buffers[seat]
        keys = self._keys[seat]
        i = -1
        for key, write, shared, slots in self._sections:
            i += 1
            if key is not None:
                k = key(state, seat)
                if k == keys[i]:
                    continue
                keys[i] = k
                if shared:
                    held, holder = self._shared[i]
                    if holder != seat and held == k:  # another seat's buffer has it
                        source = self._buffers[holder]
                        for start, stop, _ in slots:
                            out[start:stop] = source[start:stop]
                        continue
                    self._shared[i] = (k, seat)
            for start, stop, zeros in slots:
                out[start:stop] = zeros
            write(state, seat, out)
        return self._views[seat]


# ----------------------------------------------------------------------------- profile
@dataclass
class GameProfile:
    """What adapters need to know about one (game, player count), learnt by exploration."""

    game_id: str
    players: int
    observation_size: int
    longest_game: int  # most decisions seen in one explored game
    simultaneous: bool  # whether any decision had several seats to act
    view_encoder: ViewEncoder
    designed = False
    low, high = -CLIP, CLIP

    def observation(self, game: Game, state: State, seat: int) -> Any:
        """``seat``'s observation of ``state`` as a new float32 numpy array."""
        import numpy as np

        out = np.zeros(self.observation_size, np.float32)
        _encode(game.view(state, seat), self.view_encoder._root, 0, out)
        return out

    def write_zeroed(self, game: Game, state: State, seat: int, out: Any) -> None:
        """``observation_into`` for a numpy array that is already all zeros."""
        _encode(game.view(state, seat), self.view_encoder._root, 0, out)

    def observation_into(self, game: Game, state: State, seat: int, out: Vector) -> None:
        """Write ``seat``'s observation of ``state`` into ``out`` (length observation_size)."""
        self.view_encoder.encode_view(game.view(state, seat), out)


@lru_cache(maxsize=64)
def _profile(game_id: str, version: str, players: int, n_games: int, seed: int) -> GameProfile:
    game = games.get(game_id)
    rng = random.Random(seed)
    root = _Stat()
    longest, simultaneous = 0, False
    total = 0
    for i in range(n_games):
        if i >= MIN_EXPLORE_GAMES and total >= EXPLORE_DECISIONS:
            break
        state = game.setup(players, seed + i, machine_options(game))
        decisions = 0
        while not game.is_over(state):
            seats = game.to_act(state)
            if len(seats) > 1:
                simultaneous = True
            # the acting seats' views always, every seat's view at every 8th decision
            for seat in range(players) if decisions % 8 == 0 else seats:
                root.see(game.view(state, seat))
            for seat in seats:
                legal = game.legal_actions(state, seat)
                game.apply(state, seat, legal[rng.randrange(len(legal))])
                decisions += 1
        for seat in range(players):
            root.see(game.view(state, seat))
        total += decisions
        longest = max(longest, decisions)
    seat_names = {str(s) for s in range(players)}
    encoder = ViewEncoder(_freeze(root, _vocab_groups(game), seat_names))
    return GameProfile(game_id, players, encoder.size, longest, simultaneous, encoder)


def profile(
    game_id: str, players: int, n_games: int = EXPLORE_GAMES, seed: int = EXPLORE_SEED
) -> GameProfile:
    """The (cached) profile of ``game_id`` at ``players`` players."""
    game = games.get(game_id)
    if not game.min_players <= players <= game.max_players:
        raise ValueError(
            f"{game_id} is for {game.min_players}-{game.max_players} players, not {players}"
        )
    return _profile(game_id, str(game.version), players, n_games, seed)


Encoder = DesignedEncoder | GameProfile


def observer(game_id: str, players: int) -> Encoder:
    """The observation encoder of ``game_id`` at ``players`` players: the game's designed
    observation when ``Game.observation_spec()`` gives one (the same for every player
    count), else the generic encoder learnt from random games (``profile``). Every
    adapter asks here, so this is the one place that decides."""
    game = games.get(game_id)
    if not game.min_players <= players <= game.max_players:
        raise ValueError(
            f"{game_id} is for {game.min_players}-{game.max_players} players, not {players}"
        )
    spec = game.observation_spec()
    if spec is not None:
        return _designed(game_id, spec)
    return profile(game_id, players)


@lru_cache(maxsize=16)
def _designed(game_id: str, spec: ObservationSpec) -> DesignedEncoder:
    return DesignedEncoder(game_id, spec)


def default_players(game: Game) -> int:
    """Four players where the game allows it, else the nearest count it does."""
    return max(game.min_players, min(4, game.max_players))
