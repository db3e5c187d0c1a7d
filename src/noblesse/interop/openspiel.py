"""Every registered game as an OpenSpiel Python game, ``python_noblesse_<id>``.

    import pyspiel
    import noblesse.interop.openspiel  # registers every game
    game = pyspiel.load_game("python_noblesse_guillotine", {"players": 4})

How the kernel maps onto OpenSpiel:

* **Chance.** A noblesse game is a deterministic function of its setup seed and the
  seats' actions (all randomness comes from the RNG kept in the state). So the
  OpenSpiel game is ``EXPLICIT_STOCHASTIC`` with exactly four chance nodes at the
  start, each drawing one byte of a 32-bit seed (256 equally likely outcomes), and
  no chance node after that: the OpenSpiel history (seed bytes + actions) replays
  the game exactly, like a noblesse record.
* **Simultaneous decisions.** The game type is ``SEQUENTIAL``. When several seats
  must decide at once (``to_act`` has several seats) they are asked one after
  another, lowest seat first; the kernel keeps each pending choice hidden until all
  have chosen, so a later seat's information state and observation (built only
  from ``view`` and events redacted for that seat) do not contain an earlier
  seat's pending choice. The tests check this by changing the first choice and
  comparing the next seat's information state.
* **Information state** (``information_state_string``): JSON of the seat's current
  ``view``, the seat's own past actions, and every event of the game so far as
  redacted for that seat (``Event.for_seat``), which is the seat's whole
  observation history (perfect recall). ``information_state_tensor`` (what
  ``rl_environment`` feeds NFSP and DQN as ``info_state``), fixed size for a game
  and player count: the observation tensor; then my actions so far, a count per
  action of the game's index / 16 (saturating); my last action and the one before,
  each one-hot over the index; the decisions each relative seat (me, next, ...,
  padded to the game's largest count) has made / ``max_decisions``; then the game's
  public history as the seat saw it, when the game designs one
  (``ObservationSpec.history``, ``docs/observations.md``: Guillotine's cards played
  and discarded by each relative seat; Conflicting Legends' characters played and
  discarded and gestures thrown; Ruse & Bruise's characters revealed and those an
  Assassin discarded, as far as the seat was told; Heads of State's cards taken face up
  and discarded, assassinations and options; Fief's cards played and discarded,
  purchases, sieges and pillages, offers and marriages), kept per seat and brought up
  to date from the events it has not heard yet. Every slot is in [0, 1] beyond the
  observation's own range; nothing in it is hidden from the
  seat (who decides is public; its own choices it knows). From Python, the state's
  ``information_state_tensor(player)`` and ``observation_tensor(player)`` return
  new float32 numpy arrays (what NFSP and DQN reshape anyway; pyspiel's own copy into
  a list cost more than the game's step), copied from each seat's kept observation
  (``encoding.KeptObservations``: only the sections that changed since the seat's
  last are rewritten) and kept history part; ``legal_actions`` is answered in Python
  and cached until the next action. C++ callers read the same values through the
  observer, written from zeros.
* **Observation**: ``observation_string`` is the JSON view; ``observation_tensor`` is
  ``noblesse.interop.encoding.observer``'s: the game's designed observation
  (``docs/observations.md``) or the generic encoding. The spectator's observation
  (private information ``NONE``) is a string; its tensor exists only for games
  without a designed observation.
* **Resampling**: ``state.resample_from_infostate(player, sampler)`` (what IS-MCTS
  calls) is ``Game.determinize``: a world consistent with everything ``player`` has
  seen. The resampled state keeps the original OpenSpiel history (the real seed
  bytes), so that history no longer replays it; only its information states are
  meaningful, which is all IS-MCTS uses.
* **Utility**: ``Game.returns``, 1/k to each of k tied winners. Every game names at
  least one winner at every end, so the game is ``CONSTANT_SUM`` with utility sum 1,
  utilities in [0, 1]: Conflicting Legends is over only when a seat meets a goal
  (its ``winners`` is empty only before the end); Fief ends with the best-ranked of
  the sides that reached their target, or of all sides at the turn limit; Heads of
  State shares a tie it cannot break; Guillotine and Ruse & Bruise share the best
  score. (Measured too: every game of the length measurements below ended with a
  winner and returns summing to 1; ``tests/interop`` checks it on random games.)
* **Parameters**: ``players`` and every option of the game's ``options_schema``,
  defaulting to what machines play (``machine_options``: Fief's ``max_turns`` is 10),
  checked against the schema (unknown names, wrong types) and by the game's own
  ``setup``; plus ``max_decisions``, the adapter's cap below (0, the default: the
  default cap for the options chosen)::

      pyspiel.load_game("python_noblesse_fief", {"players": 4, "max_turns": 12})

* **Length.** ``max_chance_nodes_in_history()`` is 4 (the seed bytes) and
  ``max_game_length()`` is ``max_decisions``, a cap **of the adapter, not a rule**:
  no game bounds its own number of decisions, so a state that reaches
  ``max_decisions`` decisions without the game ending is terminal, scored as a draw
  the adapter declares (1/n to each seat, keeping the sum 1). The defaults
  (``MAX_DECISIONS``) are 4-8 times the longest game measured in thousands of
  random games at every player count and hundreds with greedy or mixed seats, so
  no such game comes near them; raise ``max_decisions`` for longer variants (Fief
  scales its default with ``max_turns``: 1,000 a turn, 100,000 with no turn limit).
  ``max_chance_nodes_in_history``, ``max_move_number`` and ``max_history_length``
  are methods of the Python game (the last two: the cap plus the four seed bytes).
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from noblesse import games
from noblesse.core.game import Game, machine_options
from noblesse.core.observation import HistorySpec, Sparse
from noblesse.interop.encoding import (
    DesignedEncoder,
    Encoder,
    GameProfile,
    KeptObservations,
    default_players,
    observer,
)

PREFIX = "python_noblesse_"
SEED_BYTES = 4
# The adapter's cap on decisions per game (see the module doc), several times the
# longest game measured at default options, every player count: random seats
# (Guillotine and Heads of State 5,000 games a count, Ruse & Bruise 5,000 and 2,000 at
# 6, Conflicting Legends 1,500-1,800, Fief 400), greedy seats and half random, half
# greedy (30-300 games a count; Guillotine's at 2, 3 and 5 players, Fief's greedy at 3
# and 6).
MAX_DECISIONS: dict[str, int] = {
    "guillotine": 500,  # longest: 88 random, 72 with bots
    "heads_of_state": 5_000,  # longest: 646 random, 521 with bots
    "ruse_and_bruise": 5_000,  # longest: 615 random, 620 greedy
    "conflicting_legends": 10_000,  # longest: 958 random, 603 with bots
}
FIEF_DECISIONS_PER_TURN = 1_000  # Fief, a turn of max_turns; at 10: 2,436 random, 1,728 bots
FALLBACK_MAX_DECISIONS = 20_000  # a game not listed (the conformance suite's limit)
ADAPTER_PARAMS = ("players", "max_decisions")
_registered: set[str] = set()
failed: dict[str, str] = {}


def short_name(game_id: str) -> str:
    return PREFIX + game_id


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def default_options(game: Game) -> dict[str, Any]:
    """The game's options as machines play them: the schema's defaults under
    ``machine_options`` (Fief's ``max_turns`` 10)."""
    schema = game.options_schema()
    return {**schema, **{k: v for k, v in machine_options(game).items() if k in schema}}


def default_max_decisions(game: Game, options: dict[str, Any]) -> int:
    """The adapter's default cap on decisions per game (see the module doc)."""
    if game.id == "fief":
        turns = int(options.get("max_turns") or 0)
        return FIEF_DECISIONS_PER_TURN * turns if turns else 100 * FIEF_DECISIONS_PER_TURN
    return MAX_DECISIONS.get(game.id, FALLBACK_MAX_DECISIONS)


def game_options(game: Game, params: dict[str, Any]) -> dict[str, Any]:
    """The game options among ``params``, over the machine defaults, checked against
    the game's ``options_schema`` and then by the game's own ``setup``."""
    schema = game.options_schema()
    options = default_options(game)
    for key, value in params.items():
        if key in ADAPTER_PARAMS:
            continue
        if key not in schema:
            raise ValueError(
                f"{game.id} has no option {key!r} (options: {', '.join(sorted(schema)) or 'none'})"
            )
        if type(value) is not type(schema[key]):
            raise ValueError(
                f"{game.id} option {key!r} is a {type(schema[key]).__name__}, not {value!r}"
            )
        options[key] = value
    players = int(params.get("players", default_players(game)))
    game.setup(players, 0, dict(options))  # the game's own checks of values
    return options


def _game_type(game: Game) -> pyspiel.GameType:
    options = default_options(game)
    return pyspiel.GameType(
        short_name=short_name(game.id),
        long_name=f"noblesse {game.title.get('en', game.id)}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        # max_decisions 0: the default cap for the options chosen (pyspiel hands every
        # default to the game, so a default that depends on other options must be 0)
        parameter_specification={"players": default_players(game), **options, "max_decisions": 0},
    )


class NoblesseSpielGame(pyspiel.Game):
    """One noblesse game, with the ``players``, the game options and the adapter's
    ``max_decisions`` of its parameters (see the module doc)."""

    game_id = ""  # set by each registered subclass

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_id = self.game_id
        self.noblesse = games.get(game_id)
        game_type = _game_type(self.noblesse)
        params = dict(params or {})
        players = int(params.get("players", default_players(self.noblesse)))
        if not self.noblesse.min_players <= players <= self.noblesse.max_players:
            raise ValueError(
                f"{game_id} is for {self.noblesse.min_players}-"
                f"{self.noblesse.max_players} players, not {players}"
            )
        self.options = game_options(self.noblesse, params)
        cap = params.get("max_decisions") or default_max_decisions(self.noblesse, self.options)
        if type(cap) is not int or cap < 1:
            raise ValueError(f"max_decisions must be a whole number (0: the default), not {cap!r}")
        self.max_decisions: int = cap
        self.encoder: Encoder = observer(game_id, players)
        self.history = history_of(self.encoder)
        self.history_scales = None if self.history is None else self.history.scales()
        self.info_state_size = info_state_size(self.noblesse, self.encoder)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.noblesse.num_distinct_actions,
            max_chance_outcomes=256,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=cap,
        )
        super().__init__(
            game_type, info, {**params, "players": players, **self.options, "max_decisions": cap}
        )
        self.players = players

    def max_chance_nodes_in_history(self) -> int:
        """The four seed bytes: no chance node after the setup."""
        return SEED_BYTES

    def max_move_number(self) -> int:
        return self.max_decisions + SEED_BYTES

    def max_history_length(self) -> int:
        return self.max_decisions + SEED_BYTES

    def new_initial_state(self) -> NoblesseSpielState:
        return NoblesseSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        return _Observer(self, iig_obs_type)


class _Core:
    """The Python side of a state. pyspiel clones a Python state by ``deepcopy`` of each
    attribute, so this one object copies itself the fast way (``Game.clone``), shares
    the game and the (immutable) events, and pickles the game by its id."""

    __slots__ = (
        "game",
        "options",
        "cap",
        "inner",
        "events",
        "own",
        "seed_bytes",
        "seen",
        "text",
        "counts",
        "decided",
        "_player",
        "legal",
        "tails",
        "kept",
    )

    def __init__(
        self,
        game: Game,
        options: dict[str, Any],
        cap: int,
        inner: Any,
        events: list[Any],
        own: list[list[int]],
        seed_bytes: list[int],
        seen: list[list[str]] | None = None,
    ) -> None:
        self.game = game
        self.options = options  # shared, never changed
        self.cap = cap
        self.inner = inner
        self.events = events
        self.own = own
        self.seed_bytes = seed_bytes
        # per seat: the events so far as that seat saw them, serialised once each
        self.seen = seen if seen is not None else [[] for _ in own]
        self.text: str | None = None  # str(state), cached until the next action
        # per seat: how often it chose each action
        self.counts: list[dict[int, int]] = [{} for _ in own]
        for seat, mine in enumerate(own):
            counts = self.counts[seat]
            for a in mine:
                counts[a] = counts.get(a, 0) + 1
        self.decided = sum(map(len, own))
        self._player: int | None = None  # the current player, cached until the next action
        self.legal: list[int] | None = None  # its legal actions, cached likewise
        # per seat, built lazily: the part of its information-state tensor after the
        # observation, brought up to date from the new actions and events alone
        self.tails: list[_Tail | None] = [None] * len(own)
        self.kept: KeptObservations | None = None  # the seats' observations, built lazily

    def copy(self, inner: Any = None) -> _Core:
        same = inner is None
        if same and self.inner is not None:
            inner = self.game.clone(self.inner)
        out = _Core(
            self.game,
            self.options,
            self.cap,
            inner,
            list(self.events),
            [list(o) for o in self.own],
            list(self.seed_bytes),
            [list(s) for s in self.seen],
        )
        out.text = self.text if same else None
        out._player = self._player if same else None
        out.legal = self.legal if same else None
        out.tails = [None if t is None else t.copy() for t in self.tails]
        return out

    def record(self, seat: int, action: int) -> None:
        """``seat`` chose ``action``: its history, and no cached player, legal actions or
        text."""
        self.own[seat].append(action)
        counts = self.counts[seat]
        counts[action] = counts.get(action, 0) + 1
        self.decided += 1
        self._player = None
        self.legal = None
        self.text = None

    def player(self) -> int:
        """The current player: chance while the seed is drawn, terminal at the end (or
        the adapter's cap), else the first seat of ``to_act`` (cached)."""
        p = self._player
        if p is None:
            if self.inner is None:
                p = pyspiel.PlayerId.CHANCE
            elif self.over():
                p = pyspiel.PlayerId.TERMINAL
            else:
                p = self.game.to_act(self.inner)[0]
            self._player = p
        return p

    def observation(self, game: NoblesseSpielGame, seat: int) -> np.ndarray:
        """``seat``'s observation, kept between requests (``KeptObservations``): the
        caller copies it, never changes it."""
        kept = self.kept
        if kept is None:
            kept = self.kept = KeptObservations(game.encoder, self.game, len(self.own))
        return kept.observe(self.inner, seat)

    def seen_by(self, seat: int) -> str:
        seen, events = self.seen[seat], self.events
        for event in events[len(seen) :]:
            seen.append(_dumps(event.for_seat(seat)))
        return ",".join(seen)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        return (
            _core_from,
            (
                self.game.id,
                self.options,
                self.cap,
                self.inner,
                self.events,
                self.own,
                self.seed_bytes,
            ),
        )

    def over(self) -> bool:
        """The game is over, or the adapter's cap is reached (``inner`` must be set)."""
        return self.game.is_over(self.inner) or self.capped()

    def capped(self) -> bool:
        """The adapter's cap: ``cap`` decisions made and the game not over."""
        return self.decided >= self.cap and not self.game.is_over(self.inner)


def _core_from(
    game_id: str,
    options: dict[str, Any],
    cap: int,
    inner: Any,
    events: list[Any],
    own: list[list[int]],
    seed_bytes: list[int],
) -> _Core:
    return _Core(games.get(game_id), options, cap, inner, events, own, seed_bytes)


class NoblesseSpielState(pyspiel.State):
    """An OpenSpiel state around a noblesse state (``inner`` is ``None`` while the seed
    is drawn)."""

    def __init__(self, game: NoblesseSpielGame) -> None:
        super().__init__(game)
        self._c = _Core(
            game.noblesse,
            game.options,
            game.max_decisions,
            None,
            [],
            [[] for _ in range(game.players)],
            [],
        )

    @property
    def inner(self) -> Any:
        """The noblesse state (``None`` until the four seed bytes are drawn)."""
        return self._c.inner

    def current_player(self) -> int:
        return self._c.player()

    def is_terminal(self) -> bool:
        return self._c.player() == pyspiel.PlayerId.TERMINAL

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self._c.inner is None, "the only chance nodes draw the setup seed"
        return [(b, 1.0 / 256) for b in range(256)]

    def _legal_actions(self, player: int) -> list[int]:
        c = self._c
        if player < 0 or player != c.player():
            return []
        legal = c.legal
        if legal is None:
            legal = c.legal = sorted(c.game.legal_indices(c.inner, player))
        return legal[:]

    def legal_actions(self, player: int | None = None) -> list[int]:
        """What ``pyspiel.State.legal_actions`` returns (the chance outcomes at a chance
        node, nothing for a seat that need not act), answered here for Python callers
        without the round trip through C++ (``rl_environment`` asks for every seat's at
        every step); C++ callers reach ``_legal_actions`` as before."""
        c = self._c
        current = c.player()
        if player is not None and player != current:
            return []
        if current >= 0:
            return self._legal_actions(current)
        if current == pyspiel.PlayerId.CHANCE:
            return list(range(256))
        return []

    def _apply_action(self, action: int) -> None:
        c = self._c
        if c.inner is None:
            c.text = None
            c.seed_bytes.append(int(action))
            if len(c.seed_bytes) == SEED_BYTES:
                seed = int.from_bytes(bytes(c.seed_bytes), "big")
                c.inner = c.game.setup(len(c.own), seed, dict(c.options))
                c._player = None
            return
        seat = c.player()
        events = c.game.apply(c.inner, seat, c.game.action_at(int(action)))
        c.record(seat, int(action))
        c.events.extend(events)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        game = self._c.game
        return game.encode(game.action_at(int(action)))

    def returns(self) -> list[float]:
        c = self._c
        if c.inner is None:
            return [0.0] * len(c.own)
        if c.capped():  # the adapter's cap, not a rule: a draw (see the module doc)
            return [1.0 / len(c.own)] * len(c.own)
        return [float(r) for r in c.game.returns(c.inner)]

    def __str__(self) -> str:
        c = self._c
        if c.inner is None:
            return f"drawing the seed: {c.seed_bytes}"
        if c.text is None:  # every seat's view: the whole state, hidden parts included
            c.text = _dumps([c.game.view(c.inner, s) for s in range(len(c.own))])
        return c.text

    # -- resampling ----------------------------------------------------------------------
    def resample_from_infostate(
        self, player_id: int, probability_sampler: Any = None
    ) -> NoblesseSpielState:
        """A state ``player_id`` cannot tell from this one (``Game.determinize``).

        ``probability_sampler`` (OpenSpiel's ``UniformProbabilitySampler``) seeds the
        resampling when given; otherwise the state's own RNG does, deterministically."""
        c = self._c
        out = self.clone()
        if c.inner is None:
            return out
        if probability_sampler is not None:
            seed = int(probability_sampler() * 2**53)
        else:
            seed = random.Random(_dumps(c.own) + str(len(c.events))).getrandbits(53)
        out._c = c.copy(c.game.determinize(c.inner, player_id, random.Random(seed)))
        return out

    # -- what a seat knows ---------------------------------------------------------------
    def information_state_tensor(self, player: int | None = None) -> np.ndarray:
        """``player``'s information-state tensor (default: the current player's) as a new
        float32 array, written straight from the state: what Python callers
        (``rl_environment``, NFSP, DQN) read, without pyspiel's copy into a list. C++
        callers get the same values through the observer."""
        game = self.get_game()
        c = self._c
        if c.inner is None:
            return np.zeros(game.info_state_size, np.float32)
        seat = c.player() if player is None else player
        size = game.encoder.observation_size
        out = np.empty(game.info_state_size, np.float32)
        out[:size] = c.observation(game, seat)
        out[size:] = info_tail(game, c, seat)
        return out

    def observation_tensor(self, player: int | None = None) -> np.ndarray:
        """``player``'s observation tensor (default: the current player's) as a new float32
        array (see ``information_state_tensor``)."""
        game = self.get_game()
        c = self._c
        if c.inner is None:
            return np.zeros(game.encoder.observation_size, np.float32)
        return c.observation(game, c.player() if player is None else player).copy()

    def view(self, seat: int | None) -> dict[str, Any] | None:
        c = self._c
        return None if c.inner is None else c.game.view(c.inner, seat)

    def information_state(self, seat: int) -> str:
        c = self._c
        if c.inner is None:
            return _dumps({"seat": seat, "setup": len(c.seed_bytes)})
        # _dumps of {"mine", "seat", "seen", "view"}, with the event log built incrementally
        return (
            f'{{"mine":{_dumps(c.own[seat])},"seat":{seat},"seen":[{c.seen_by(seat)}],'
            f'"view":{_dumps(c.game.view(c.inner, seat))}}}'
        )


OWN_LAST = 2  # the information state's one-hot of my last actions
OWN_COUNT_CAP = 16  # and its counts of my actions saturate here


def history_of(encoder: Encoder) -> HistorySpec | None:
    """The game's public history (``ObservationSpec.history``), if it designs one."""
    return encoder.spec.history if isinstance(encoder, DesignedEncoder) else None


def info_state_size(game: Game, encoder: Encoder) -> int:
    """The observation, my action counts, my last ``OWN_LAST`` actions, every relative
    seat's decisions so far, the public history (see the module doc)."""
    history = history_of(encoder)
    return (
        encoder.observation_size
        + (1 + OWN_LAST) * game.num_distinct_actions
        + game.max_players
        + (0 if history is None else history.layout.size)
    )


def write_info_state(
    game: NoblesseSpielGame, state: NoblesseSpielState, seat: int, out: np.ndarray
) -> None:
    """``seat``'s information-state tensor into ``out`` (zeros): the observation, then the
    history (``_Tail``)."""
    size = game.encoder.observation_size
    game.encoder.write_zeroed(game.noblesse, state.inner, seat, out[:size])
    out[size:] = info_tail(game, state._c, seat)


class _Tail:
    """One seat's part of its information-state tensor after the observation, kept
    between requests: what the seat has done, how many decisions each seat has made
    (who was asked is public: ``to_act`` is in every view), and the game's public
    history as the seat saw it (``HistorySpec``: the raw counts, and the tensor's
    values). Each request brings it up to date from what happened since the last."""

    __slots__ = ("values", "raw", "acted", "decided", "heard")

    def __init__(self, size: int) -> None:
        self.values = np.zeros(size, np.float32)
        self.raw = Sparse()  # the public history's counts by slot
        self.acted = 0  # my actions written
        self.decided = -1  # the decisions counted in the seats' decision slots
        self.heard = 0  # the events seen

    def copy(self) -> _Tail:
        out = _Tail.__new__(_Tail)
        out.values = self.values.copy()
        out.raw = Sparse(self.raw)
        out.acted, out.decided, out.heard = self.acted, self.decided, self.heard
        return out


def info_tail(game: NoblesseSpielGame, core: _Core, seat: int) -> np.ndarray:
    """The part of ``seat``'s information-state tensor after the observation (see
    ``_Tail``), up to date: the caller copies it, never changes it."""
    tail = core.tails[seat]
    if tail is None:
        tail = core.tails[seat] = _Tail(game.info_state_size - game.encoder.observation_size)
    values = tail.values
    n_actions = core.game.num_distinct_actions
    own = core.own[seat]
    if tail.acted < len(own):
        counts = core.counts[seat]
        for a in own[tail.acted :]:
            k = counts[a]
            values[a] = 1.0 if k >= OWN_COUNT_CAP else k / OWN_COUNT_CAP
        values[n_actions : (1 + OWN_LAST) * n_actions] = 0.0
        at = n_actions
        for a in reversed(own[-OWN_LAST:]):
            values[at + a] = 1.0
            at += n_actions
        tail.acted = len(own)
    if tail.decided != core.decided:
        at = (1 + OWN_LAST) * n_actions
        seats = core.own
        n, cap = len(seats), core.cap
        for r in range(n):
            values[at + r] = min(1.0, len(seats[(seat + r) % n]) / cap)
        tail.decided = core.decided
    history = game.history
    events = core.events
    if history is not None and tail.heard < len(events):
        at = (1 + OWN_LAST) * n_actions + core.game.max_players
        new = Sparse()  # what the new events add, slot by slot
        see, n = history.see, len(core.own)
        for event in events[tail.heard :]:
            see(event, seat, n, new)
        tail.heard = len(events)
        scales = game.history_scales
        assert scales is not None  # (made with the history)
        raw = tail.raw
        for slot, add in new.items():
            seen = raw[slot] = raw[slot] + add
            x = seen * scales[slot]
            values[at + slot] = 1.0 if x >= 1.0 else x
    return values


class _Observer:
    """OpenSpiel's PyObserver interface: ``tensor``, ``dict``, ``set_from``, ``string_from``.

    Perfect recall: the information-state tensor (the observation, then the history of
    ``info_tail``) and string. Otherwise the seat's observation; an observation
    type without private information gets the spectator's view as a string, and as a
    tensor only from the generic encoder (a designed observation is a seat's)."""

    def __init__(self, game: NoblesseSpielGame, iig_obs_type: Any) -> None:
        self._game = game
        self._perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        private = (
            pyspiel.PrivateInfoType.SINGLE_PLAYER
            if iig_obs_type is None
            else iig_obs_type.private_info
        )
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("noblesse games only observe one seat's (or no) private information")
        self._public_only = private == pyspiel.PrivateInfoType.NONE
        encoder = game.encoder
        self._obs_size = encoder.observation_size
        self.tensor: np.ndarray | None
        if self._public_only and (self._perfect_recall or encoder.designed):
            self.tensor = None
            self.dict: dict[str, Any] = {}
        elif self._perfect_recall:
            self.tensor = np.zeros(game.info_state_size, np.float32)
            self.dict = {"info_state": self.tensor}
        else:
            self.tensor = np.zeros(self._obs_size, np.float32)
            self.dict = {"observation": self.tensor}

    def set_from(self, state: NoblesseSpielState, player: int) -> None:
        tensor = self.tensor
        if tensor is None:
            return
        game = self._game
        if state.inner is None:
            tensor.fill(0.0)
        elif self._public_only:  # a tensor here only from the generic encoder (``__init__``)
            encoder = game.encoder
            assert isinstance(encoder, GameProfile)
            encoder.view_encoder.encode_view(game.noblesse.view(state.inner, None), tensor)
        elif self._perfect_recall:
            tensor.fill(0.0)
            write_info_state(game, state, player, tensor)
        else:
            game.encoder.observation_into(game.noblesse, state.inner, player, tensor)

    def string_from(self, state: NoblesseSpielState, player: int) -> str:
        if self._perfect_recall and not self._public_only:
            return state.information_state(player)
        view = state.view(None if self._public_only else player)
        return "" if view is None else _dumps(view)


def register(game_id: str) -> str:
    """Register ``game_id`` with OpenSpiel (idempotent); returns its OpenSpiel name."""
    name = short_name(game_id)
    if name in _registered or name in pyspiel.registered_names():
        _registered.add(name)
        return name
    game = games.get(game_id)
    # A class, not a closure: pyspiel's registry outlives the interpreter, and a class
    # (unlike a plain function) is never freed then, which would abort the process.
    cls = type(f"NoblesseSpielGame_{game_id}", (NoblesseSpielGame,), {"game_id": game_id})
    pyspiel.register_game(_game_type(game), cls)
    _registered.add(name)
    return name


def register_all() -> list[str]:
    """Register every game of the registry that loads; returns their OpenSpiel names.

    A game package that fails to import is skipped here (its error is kept in
    ``failed``) so one half-built game does not hide the others; ``load`` raises it."""
    names = []
    for game_id in games.ids():
        try:
            names.append(register(game_id))
        except Exception as exc:  # noqa: BLE001 - reported through `failed`
            failed[game_id] = f"{type(exc).__name__}: {exc}"
    return names


def load(game_id: str, players: int | None = None, **params: Any) -> NoblesseSpielGame:
    """``pyspiel.load_game`` for a noblesse game (registering it first); ``params`` are
    the game's options and ``max_decisions`` (``load("fief", 4, max_turns=12)``)."""
    name = register(game_id)
    if players is not None:
        params["players"] = players
    return pyspiel.load_game(name, params)


register_all()


def ismcts_bot(
    game: Any, max_simulations: int = 100, seed: int = 0, uct_c: float = 2.0, n_rollouts: int = 1
) -> Any:
    """OpenSpiel's Python IS-MCTS bot with random rollouts, ready for ``evaluate_bots``.

    ``ISMCTSBot`` searches afresh at every move, so it needs nothing from
    ``restart_at``/``inform_action``; pyspiel's base ``Bot`` raises for them, which
    ``evaluate_bots`` calls, so this subclass accepts them and does nothing."""
    from open_spiel.python.algorithms import ismcts, mcts

    class _Bot(ismcts.ISMCTSBot):
        def restart_at(self, state: Any) -> None:
            pass

        def inform_action(self, state: Any, player_id: int, action: int) -> None:
            pass

    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=n_rollouts, random_state=rng)
    return _Bot(
        game=game,
        evaluator=evaluator,
        uct_c=uct_c,
        max_simulations=max_simulations,
        random_state=rng,
    )
