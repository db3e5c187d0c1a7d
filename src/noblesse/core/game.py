"""The Game contract every game implements, and a base class with the shared parts.

Everything outside ``noblesse.games.<id>`` (CLI, server, bots, simulation,
adapters) speaks only this contract. Actions are small integers: the position
of the action in the game's fixed action index, so ``action_index`` is the
identity and RL libraries can use them unchanged. Each has a short stable
string (``encode``/``decode``) used by logs, records and the wire protocol.
"""

from __future__ import annotations

import operator
import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, Self, TypeVar, runtime_checkable

from noblesse.core.errors import IllegalAction
from noblesse.core.events import Event
from noblesse.core.heuristics import Heuristics
from noblesse.core.observation import ObservationSpec
from noblesse.core.rng import Seed, copy_rng, make_rng

Action = int


class State(ABC):
    """Base of every game's state: the seeded RNG lives here, never globally."""

    __slots__ = ("n_players", "seed", "options", "rng", "legal_cache")

    def __init__(self, n_players: int, seed: Seed, options: dict[str, Any]) -> None:
        self.n_players = n_players
        self.seed = seed
        self.options = options
        # An int seed: random.Random(seed) as ever; a hex string: a secret deal (core.rng).
        self.rng = make_rng(seed)
        # (seat, legal list) of the last legal_actions call; cleared by apply.
        self.legal_cache: tuple[int, list[int]] | None = None

    def reseed(self, rng: random.Random) -> None:
        """Give a determinized world chance of its own, drawn from ``rng``: a fresh seed
        and generator, so the world carries neither the game's true seed (from which
        the deal could be replayed) nor its generator (which foretells every draw).
        ``Game.determinize`` calls it; it draws one 64-bit number from ``rng``."""
        bits = rng.getrandbits(64)
        self.seed = bits
        self.rng = random.Random(bits)

    @abstractmethod
    def clone(self, rng: random.Random | None = None) -> Self:
        """An independent copy (``Game.clone``): every game's state class defines it.
        ``rng``: the copy's generator instead of a copy of this state's."""

    def world_copy(self, rng: random.Random) -> Self:
        """``clone`` then ``reseed(rng)``, in one: the copy gets ``reseed``'s fresh seed and
        generator without a copy of this state's generator being made first (and thrown
        away). ``Game.determinize`` starts from it."""
        bits = rng.getrandbits(64)
        world = self.clone(random.Random(bits))
        world.seed = bits
        return world

    def _copy_base(self, other: State, rng: random.Random | None = None) -> None:
        other.n_players = self.n_players
        other.seed = self.seed
        other.options = self.options
        other.rng = copy_rng(self.rng) if rng is None else rng
        other.legal_cache = None


def _as_int(value: Any) -> Any:
    """``value`` as a plain int if it is integer-like (not bool, not float), else unchanged."""
    if isinstance(value, bool):
        return value
    try:
        return operator.index(value)
    except TypeError:
        return value


@dataclass(frozen=True)
class Zone:
    """One place of a state that holds components or a secret choice, as one seat knows
    it (``GameBase.zones``): the conformance suite checks ``determinize`` zone by zone.

    ``contents``: what the zone holds, in order if ``ordered`` (a deck), else sorted.
    ``hidden``: the seat cannot see what it holds. Hidden zones of one ``pool`` hold the
    cards ``determinize`` deals anew among them (a seat's unseen cards: the deck and the
    unknown part of other hands); a hidden zone with ``choices`` is a secret choice of
    another seat instead (a throw not yet revealed). A seat must find a visible zone
    exactly as it was."""

    contents: tuple[Any, ...]
    hidden: bool = False
    pool: str = ""
    ordered: bool = False
    choices: tuple[Any, ...] = ()  # a secret choice (one value): the values it may take


#: A game's own state class: ``GameBase[S]`` and ``Game[S]`` take and give states of it.
S = TypeVar("S", bound=State)


@runtime_checkable
class Game(Protocol[S]):
    """The kernel contract (see DESIGN.md, "The kernel contract").

    ``Game[S]`` takes and gives states of one class ``S`` (a game's own: Guillotine is a
    ``GameBase[GuillotineState]``); code outside the games writes ``Game``, a game whose
    states it only hands back.

    Beside the rules, a game tells people and tools about itself (every method below
    is part of the contract; ``GameBase`` gives a default where one makes sense):
    ``describe_decision(state, lang)`` a prompt for the pending decision;
    ``secret_fingerprint(state)`` changes whenever a card enters or leaves a hidden
    place (undo at the table);
    ``render_text(view, lang, names)`` the table for a terminal; ``rules_table(lang)``
    the card lists, each titled in ``lang``; ``catalog()`` names and texts for the
    browser; ``card_features(event, state)`` (seat, what, card) rows for balance
    reports, from each event seen whole (``sim.batch.whole_event``) and from the final
    state, and ``data_files()`` the data files they come from;
    ``zones(state, seat)`` (``GameBase`` answers ``{}``) names every zone of a state as
    a seat knows it (``Zone``), so the conformance suite checks ``determinize`` zone by
    zone;
    ``observation_spec()`` (``GameBase`` answers ``None``) is the
    game's designed observation for RL (``noblesse.core.observation``), or ``None``
    for the adapters' generic encoder; ``heuristics()`` (``GameBase`` answers the
    defaults) is what its bots know of it (``noblesse.core.heuristics``).
    Balance reports (``noblesse analyze``) read ``standing(state)``, ``ending(state)``,
    ``describe_ending(key, lang)``, ``describe_feature(what, lang)`` and
    ``describe_card(key, lang)``; the lobby and
    the rules page read ``options_schema()``, ``option_labels()`` and
    ``assumed_readings()``; ``GameBase`` gives each a default.
    ``simulation_options`` are the options machine play uses unless told otherwise
    (see ``machine_options``; ``GameBase``: none).
    """

    id: str
    version: str
    title: dict[str, str]
    min_players: int
    max_players: int
    num_distinct_actions: int
    simulation_options: dict[str, Any]

    def setup(self, n_players: int, seed: Seed, options: dict[str, Any] | None = None) -> S: ...
    def to_act(self, state: S) -> tuple[int, ...]: ...
    def legal_actions(self, state: S, seat: int) -> list[Action]: ...
    def apply(self, state: S, seat: int, action: Action) -> list[Event]: ...
    def view(self, state: S, seat: int | None) -> dict[str, Any]: ...
    def views(self, state: S, seats: Sequence[int | None]) -> list[dict[str, Any]]: ...
    def determinize(self, state: S, seat: int, rng: random.Random) -> S: ...
    def returns(self, state: S) -> list[float]: ...
    def is_over(self, state: S) -> bool: ...
    def winners(self, state: S) -> list[int]: ...
    def scores(self, state: S) -> list[float]: ...
    def clone(self, state: S) -> S: ...
    def encode(self, action: Action) -> str: ...
    def decode(self, text: str) -> Action: ...
    def action_index(self, action: Action) -> int: ...
    def action_at(self, index: int) -> Action: ...
    def legal_indices(self, state: S, seat: int) -> list[int]:
        """``[action_index(a) for a in legal_actions(state, seat)]``: what the research
        adapters mask with (the caller must not mutate it)."""
        ...

    def describe_action(
        self, state: S, action: Action, lang: str = "en", names: list[str] | None = None
    ) -> str: ...
    def describe_event(
        self, event: dict[str, Any], lang: str = "en", names: list[str] | None = None
    ) -> str: ...
    def describe_decision(self, state: S, lang: str = "en") -> str: ...
    def secret_fingerprint(self, state: S) -> tuple[int, ...]: ...
    def render_text(
        self, view: dict[str, Any], lang: str = "en", names: list[str] | None = None
    ) -> list[str]: ...
    def rules_table(self, lang: str = "en") -> dict[str, list[dict[str, Any]]]: ...
    def catalog(self) -> dict[str, Any]: ...
    def card_features(
        self, event: dict[str, Any] | None, state: S | None
    ) -> list[tuple[int, str, str]]: ...
    def data_files(self) -> list[str]: ...
    def zones(self, state: S, seat: int) -> dict[str, Zone]: ...
    def standing(self, state: S) -> list[float]: ...
    def ending(self, state: S) -> str: ...
    def describe_ending(self, key: str, lang: str = "en") -> str: ...
    def describe_feature(self, what: str, lang: str = "en") -> str: ...
    def describe_card(self, key: str, lang: str = "en") -> str | None: ...
    def options_schema(self) -> dict[str, Any]: ...
    def option_labels(self) -> dict[str, dict[str, str]]: ...
    def assumed_readings(self) -> dict[str, Any]: ...
    def observation_spec(self) -> ObservationSpec | None:
        """The game's designed observation (``noblesse.core.observation``), or ``None``:
        the research adapters then use their generic encoder. The one place that
        decides which encoder a game gets."""
        ...

    def heuristics(self) -> Heuristics[Any, Any]:
        """What the game tells its bots (``noblesse.core.heuristics``): its evaluation
        of a position, decisions it answers itself, its search defaults. The one place
        the bots learn anything of a game beyond this contract."""
        ...

    def inventory(self, state: S) -> dict[str, Counter[str]]:
        """Every physical component (cards, tokens, ...) in every zone of the state,
        hidden or not, counted per kind: ``{"noble": Counter({"king_louis": 1, ...})}``.
        Components are never created or destroyed, so the conformance suite checks
        this never changes during a game. A game with no components returns ``{}``."""
        ...


def machine_options(game: Game, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """The options for a game played by machines (simulation, tournaments, benchmarks,
    research environments, the conformance suite): the game's ``simulation_options``
    with ``options`` on top. A game that weak play may never finish declares a turn
    limit there (Fief: ``{"max_turns": ...}``) while people play without one."""
    return {**game.simulation_options, **(options or {})}


DEFAULT_HEURISTICS: Heuristics[Any, Any] = Heuristics()


class GameBase(ABC, Generic[S]):
    """Shared machinery: the action codec, legality checking and the legal-list cache.

    A game subclass provides ``action_names`` (its fixed action index) and the
    private hooks ``_legal``, ``_apply``, ``_explain_illegal`` and the public
    methods of the contract that are its own (setup, to_act, view, ...).
    """

    id: str = ""
    version: str = "0"
    title: dict[str, str] = {}
    min_players: int = 2
    max_players: int = 2
    action_names: list[str] = []
    simulation_options: dict[str, Any] = {}  # a game that weak play may never finish: a turn limit

    def __init__(self) -> None:
        self._action_ids = {name: i for i, name in enumerate(self.action_names)}
        self.num_distinct_actions = len(self.action_names)

    def observation_spec(self) -> ObservationSpec | None:
        """No designed observation: the research adapters use their generic encoder."""
        return None

    def heuristics(self) -> Heuristics[Any, Any]:
        """No heuristics of its own: bots judge a position by the score margin."""
        return DEFAULT_HEURISTICS

    # -- action codec ---------------------------------------------------------
    def encode(self, action: Action) -> str:
        action = _as_int(action)
        if type(action) is not int or not 0 <= action < self.num_distinct_actions:
            raise IllegalAction(f"Unknown action {action!r}.", f"未知的行動「{action}」。")
        return self.action_names[action]

    def decode(self, text: str) -> Action:
        try:
            return self._action_ids[text]
        except (KeyError, TypeError):
            raise IllegalAction(
                f"'{text}' is not an action of {self.title.get('en', self.id)}.",
                f"「{text}」不是{self.title.get('zh-TW', self.id)}的行動。",
            ) from None

    def action_index(self, action: Action) -> int:
        return action

    def action_at(self, index: int) -> Action:
        if not 0 <= index < self.num_distinct_actions:
            raise IndexError(index)
        return index

    def legal_indices(self, state: S, seat: int) -> list[int]:
        """The legal actions' indices: the legal list itself, actions being their
        indices here (cached like ``legal_actions``; the caller must not mutate it)."""
        return self.legal_actions(state, seat)

    # -- legality -------------------------------------------------------------
    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """The complete list of legal actions for ``seat`` (empty if it need not act).

        The list is cached on the state until the next ``apply``; callers must
        not mutate it.
        """
        cache = state.legal_cache
        if cache is not None and cache[0] == seat:
            return cache[1]
        if seat not in self.to_act(state):
            return []  # the cache keeps the list of a seat that does act
        legal = self._legal(state, seat)
        state.legal_cache = (seat, legal)
        return legal

    def apply(self, state: S, seat: int, action: Action) -> list[Event]:
        """Apply a legal action; anything else raises IllegalAction, changing nothing."""
        if type(seat) is not int or type(action) is not int:
            # 1.0 == 1 and True == 1 would pass the membership test below and then
            # break the rules half-way; integer-likes (numpy ints) are taken as ints.
            seat, action = _as_int(seat), _as_int(action)
            if type(seat) is not int or type(action) is not int:
                raise self._illegal(state, seat, action)
        if action not in self.legal_actions(state, seat):
            raise self._illegal(state, seat, action)
        state.legal_cache = None
        return self._apply(state, seat, action)

    def _illegal(self, state: S, seat: int, action: Any) -> IllegalAction:
        if self.is_over(state):
            return IllegalAction("The game is over.", "遊戲已經結束。")
        if type(seat) is not int or not 0 <= seat < state.n_players:
            return IllegalAction(f"There is no seat {seat!r}.", f"沒有編號{seat}的座位。")
        if seat not in self.to_act(state):
            return IllegalAction("It is not your turn.", "還沒輪到你。")
        if type(action) is not int or not 0 <= action < self.num_distinct_actions:
            return IllegalAction(f"Unknown action {action!r}.", f"未知的行動「{action}」。")
        return self._explain_illegal(state, seat, action)

    def _explain_illegal(self, state: S, seat: int, action: Action) -> IllegalAction:
        name = self.action_names[action]
        return IllegalAction(f"'{name}' is not allowed now.", f"現在不能進行「{name}」。")

    # -- defaults -------------------------------------------------------------
    def clone(self, state: S) -> S:
        return state.clone()

    def returns(self, state: S) -> list[float]:
        """A share of the win: 1/k to each of k tied winners, 0 to the others."""
        if not self.is_over(state):
            return [0.0] * state.n_players
        won = self.winners(state)
        share = 1.0 / len(won) if won else 0.0
        return [share if s in won else 0.0 for s in range(state.n_players)]

    def winners(self, state: S) -> list[int]:
        scores = self.scores(state)
        best = max(scores)
        return [s for s, v in enumerate(scores) if v == best]

    # -- what balance reports read (noblesse analyze) ---------------------------
    #: How a game may end: key -> {"en": ..., "zh-TW": ...}; ``ending`` returns a key.
    endings: dict[str, dict[str, str]] = {
        "end": {"en": "the end the rules set", "zh-TW": "依規則結束"}
    }

    def standing(self, state: S) -> list[float]:
        """Each seat's standing at any point of the game, by the game's own public
        measure (points scored so far), higher is better: analysis reads it after every
        decision to count lead changes and to name the leader at two-thirds of a game.
        Default: ``scores(state)``."""
        return self.scores(state)

    def ending(self, state: S) -> str:
        """How a finished game ended: a key of ``endings`` (Fief: a victory alone, by a
        married pair, or the turn limit). Default: ``"end"``, the one way there is."""
        return "end"

    def describe_ending(self, key: str, lang: str = "en") -> str:
        """The words for an ending key in ``lang`` (the key itself if it is unknown)."""
        names = self.endings.get(key)
        return names.get(lang, names["en"]) if names else key

    #: The words for each kind of ``card_features`` row ("played", ...) in each language.
    feature_names: dict[str, dict[str, str]] = {}

    def describe_feature(self, what: str, lang: str = "en") -> str:
        """The words for a kind of ``card_features`` row in ``lang`` (else the kind itself)."""
        names = self.feature_names.get(what)
        return names.get(lang, names["en"]) if names else what

    def views(self, state: S, seats: Sequence[int | None]) -> list[dict[str, Any]]:
        """Each of ``seats``' ``view``. A game may make what the seats see alike once and
        put the same object in every seat's view (the table server then encodes and
        compares it once); whoever reads a view never changes it."""
        return [self.view(state, seat) for seat in seats]

    def describe_card(self, key: str, lang: str = "en") -> str | None:
        """The words in ``lang`` for a ``card_features`` card the catalog does not name
        (a score card ``corn:3``, a marker ``8 points``, an office); None: the catalog
        names it, or nothing does. Default: None."""
        return None

    def zones(self, state: S, seat: int) -> dict[str, Zone]:
        """Every zone of ``state`` by name, as ``seat`` knows it: what it holds, whether
        the seat can see it, and the pool a hidden zone is dealt from (``Zone``). The
        conformance suite checks that ``determinize`` for ``seat`` keeps every visible
        zone and resamples every hidden one that can hold something else. Default: no
        zone named (the check has nothing to look at)."""
        return {}

    def options_schema(self) -> dict[str, Any]:
        """Options a table may set, with their defaults."""
        return {}

    def option_labels(self) -> dict[str, dict[str, str]]:
        """Each option's name for players, by option and language (none: the key)."""
        return {}

    def assumed_readings(self) -> dict[str, Any]:
        """The ``[assumed]`` values of the data file (where the sources are silent), by
        key: the table's house rules on the rules page."""
        return {}

    # hooks a game must provide
    @abstractmethod
    def setup(self, n_players: int, seed: Seed, options: dict[str, Any] | None = None) -> S:
        """A new game: the deal made with ``seed``, ``options`` over ``options_schema``."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees of ``state`` (``None``: a spectator)."""

    @abstractmethod
    def determinize(self, state: S, seat: int, rng: random.Random) -> S:
        """A world ``seat`` cannot tell from ``state``: what it cannot see dealt afresh."""

    @abstractmethod
    def describe_action(
        self, state: S, action: Action, lang: str = "en", names: list[str] | None = None
    ) -> str:
        """An action's words in ``lang``; ``names``: the seats' names."""

    @abstractmethod
    def describe_event(
        self, event: dict[str, Any], lang: str = "en", names: list[str] | None = None
    ) -> str:
        """One line of the log in ``lang``, from an event as the reader may see it."""

    @abstractmethod
    def describe_decision(self, state: S, lang: str = "en") -> str:
        """A prompt for the pending decision, in ``lang``."""

    @abstractmethod
    def secret_fingerprint(self, state: S) -> tuple[int, ...]:
        """A value that changes whenever a card enters or leaves a hidden place (with the
        random generator's state it tells the table whether a decision may be undone)."""

    @abstractmethod
    def render_text(
        self, view: dict[str, Any], lang: str = "en", names: list[str] | None = None
    ) -> list[str]:
        """``view`` as the table a terminal shows: lines of Rich markup."""

    @abstractmethod
    def rules_table(self, lang: str = "en") -> dict[str, list[dict[str, Any]]]:
        """The card lists for ``noblesse rules``, each titled in ``lang``."""

    @abstractmethod
    def catalog(self) -> dict[str, Any]:
        """Names and texts of every card in both languages, for the browser table."""

    def card_features(
        self, event: dict[str, Any] | None, state: S | None
    ) -> list[tuple[int, str, str]]:
        """For balance reports: (seat, what, card) rows from an event seen whole, or
        (``event`` None) from the final state. Default: none."""
        return []

    def data_files(self) -> list[str]:
        """The data files a designer edits (copied beside a balance report). Default: none."""
        return []

    @abstractmethod
    def to_act(self, state: S) -> tuple[int, ...]: ...

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def scores(self, state: S) -> list[float]: ...

    @abstractmethod
    def _legal(self, state: S, seat: int) -> list[Action]: ...

    @abstractmethod
    def _apply(self, state: S, seat: int, action: Action) -> list[Event]: ...
