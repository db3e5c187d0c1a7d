"""Play many seeded bot games — in worker processes or on a Ray cluster — with results
independent of the backend and the worker count: game ``i`` always gets the seed
``game_seed(seed, i)`` and its seats' bots from the seating, and results are returned
in game order. Finished games are handed to ``on_done`` as they arrive, so an
interrupted run keeps them (and ``skip`` lets a later run resume)."""

from __future__ import annotations

import hashlib
import itertools
import multiprocessing
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from typing import Any

from noblesse import games
from noblesse.agents import act_honestly, make_agent
from noblesse.core.events import Event
from noblesse.core.game import machine_options
from noblesse.core.rng import Seed


@dataclass(frozen=True)
class GameResult:
    index: int
    seed: int
    scores: list[float]
    winners: list[int]
    decisions: int
    bots: list[str]
    features: list[tuple[int, str, str]] | None = None  # (seat, kind, card) for analysis
    # for analysis too: how the game ended (``Game.ending``), how often the sole leader
    # by ``Game.standing`` changed, and the leaders two-thirds of the way through
    ending: str | None = None
    lead_changes: int | None = None
    leaders_at_two_thirds: list[int] | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> GameResult:
        features = obj.get("features")
        return cls(
            obj["index"],
            obj["seed"],
            obj["scores"],
            obj["winners"],
            obj["decisions"],
            obj["bots"],
            [tuple(f) for f in features] if features is not None else None,
            obj.get("ending"),
            obj.get("lead_changes"),
            obj.get("leaders_at_two_thirds"),
        )


def _leaders(standing: list[float]) -> tuple[int, ...]:
    best = max(standing)
    return tuple(s for s, v in enumerate(standing) if v == best)


def lead_measures(
    trail: list[tuple[int, tuple[int, ...]]],
    decisions: int,
) -> tuple[int, list[int]]:
    """From the leaders after each decision (``trail``: (decision, leaders) where they
    changed, starting at decision 0): how many times the sole leader became another
    seat (a tie in between is no change: A leads, A and B tie, B leads is one change),
    and the leaders after decision ``ceil(2 * decisions / 3)``."""
    changes, sole = 0, -1
    for _, leaders in trail:
        if len(leaders) == 1:
            if sole >= 0 and leaders[0] != sole:
                changes += 1
            sole = leaders[0]
    point = -(-2 * decisions // 3)
    at = [leaders for d, leaders in trail if d <= point]
    return changes, list(at[-1]) if at else []


def game_seed(seed: Seed, index: int, salt: str = "game") -> int:
    """A well-mixed 63-bit seed for game ``index`` of a run seeded with ``seed``."""
    digest = hashlib.sha256(f"{salt}:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def play_game(
    game_id: str,
    bots: list[str],
    seed: int,
    index: int = 0,
    options: dict[str, Any] | None = None,
    max_decisions: int = 1_000_000,
    features: bool = False,
) -> GameResult:
    """One game; with ``features`` it also notes, per seat, the cards the game reports
    for analysis (``Game.card_features``: played, collected, held ...). The analysis
    sees every event whole (``whole_event``): a card played face down counts too."""
    game = games.get(game_id)
    agents = [make_agent(spec, game_seed(seed, seat, "bot")) for seat, spec in enumerate(bots)]
    state = game.setup(len(bots), seed, options)
    card_features = game.card_features if features else None
    standing = game.standing if features else None
    seen: set[tuple[int, str, str]] = set()
    trail: list[tuple[int, tuple[int, ...]]] = []
    if standing is not None:
        trail.append((0, _leaders(standing(state))))
    decisions = 0
    while not game.is_over(state):
        if decisions >= max_decisions:
            raise RuntimeError(
                f"game {index} (seed {seed}) did not end in {max_decisions} decisions"
            )
        for seat in game.to_act(state):
            events = game.apply(state, seat, act_honestly(agents[seat], game, state, seat))
            decisions += 1
            if card_features is not None:
                for event in events:
                    seen.update(card_features(whole_event(event), None))
            if standing is not None:
                leaders = _leaders(standing(state))
                if leaders != trail[-1][1]:
                    trail.append((decisions, leaders))
    if card_features is not None:
        seen.update(card_features(None, state))
    if not features:
        return GameResult(
            index, seed, game.scores(state), game.winners(state), decisions, list(bots)
        )
    changes, at_two_thirds = lead_measures(trail, decisions)
    return GameResult(
        index,
        seed,
        game.scores(state),
        game.winners(state),
        decisions,
        list(bots),
        sorted(seen) if card_features is not None else None,
        game.ending(state),
        changes,
        at_two_thirds,
    )


def whole_event(event: Event) -> dict[str, Any]:
    """An event as a tool that sees the whole game reads it: the public fields, and
    under ``private`` each seat's secret fields (``{seat: {...}}``) if there are any."""
    out = event.for_seat(None)
    if event.private:
        out["private"] = {seat: dict(part) for seat, part in event.private.items()}
    return out


Seating = Callable[[int], list[str]]
Job = tuple[str, list[tuple[int, list[str]]], int, dict[str, Any], bool]


def _play_chunk(job: Job) -> list[GameResult]:
    game_id, games_, seed, options, features = job
    return [
        play_game(game_id, bots, game_seed(seed, i), i, options, features=features)
        for i, bots in games_
    ]


def _chunks(indices: list[int], size: int) -> Iterator[list[int]]:
    for start in range(0, len(indices), size):
        yield indices[start : start + size]


def fixed_seating(bots: list[str]) -> Seating:
    return lambda _index: list(bots)


def rotating_seating(bots: list[str], players: int) -> Seating:
    """Game ``i`` seats the bots in one of their orders, turned by ``i``: seat ``s`` gets
    ``order[(i + s) % k]`` of the ``k`` bots, and the order changes every ``k`` games,
    through all ``k!`` orders. Over every ``k * k!`` consecutive games from 0 each bot
    sits in every seat equally often, and right after each other bot equally often (with
    fewer bots than seats, the bot after a given one is otherwise always the same one,
    and in most games a seat's neighbours matter)."""
    orders = list(itertools.permutations(bots))
    k = len(bots)
    return lambda index: [
        orders[(index // k) % len(orders)][(index + s) % k] for s in range(players)
    ]


def run_batch(
    game_id: str,
    n: int,
    bots: list[str] | Seating,
    seed: int = 0,
    workers: int = 1,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    *,
    backend: str = "processes",
    ray_address: str | None = None,
    features: bool = False,
    on_done: Callable[[list[GameResult]], None] | None = None,
    skip: dict[int, GameResult] | None = None,
) -> list[GameResult]:
    """Play games ``0..n-1``; ``progress(k)`` and ``on_done(results)`` as blocks finish."""
    game = games.get(game_id)
    seating = fixed_seating(bots) if isinstance(bots, list) else bots
    if n > 0:  # a bad table fails here, before any work starts
        players = len(seating(0))
        if not game.min_players <= players <= game.max_players:
            raise ValueError(
                f"{game_id} is for {game.min_players}-{game.max_players} players; "
                f"{players} bots given"
            )
        for spec in {spec for i in range(min(n, players * 8)) for spec in seating(i)}:
            make_agent(spec)
    options = machine_options(game, options)
    results = [r for r in (skip or {}).values() if r.index < n]
    todo = [i for i in range(n) if not skip or i not in skip]
    # Small blocks: progress moves smoothly and an interruption loses little.
    chunk = (
        1
        if workers <= 1 and backend == "processes"
        else max(1, min(20, len(todo) // (workers * 8)))
    )
    jobs: list[Job] = [
        (game_id, [(i, seating(i)) for i in idx], seed, options, features)
        for idx in _chunks(todo, chunk)
    ]

    def done(block: list[GameResult]) -> None:
        results.extend(block)
        if on_done:
            on_done(block)
        if progress:
            progress(len(block))

    if backend == "ray":
        _run_on_ray(jobs, workers, ray_address, done)
    elif backend != "processes":
        raise ValueError(f"unknown backend '{backend}' (processes or ray)")
    elif workers <= 1:
        for job in jobs:
            done(_play_chunk(job))
    else:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(workers) as pool:
            for block in pool.imap_unordered(_play_chunk, jobs):
                done(block)
    results.sort(key=lambda r: r.index)
    return results


def _run_on_ray(
    jobs: list[Job], workers: int, address: str | None, done: Callable[[list[GameResult]], None]
) -> None:
    """Ray: a local instance (``workers`` CPUs) when no address is given, else join."""
    try:
        import ray
    except ImportError:
        raise RuntimeError("the ray backend needs Ray: pip install 'noblesse[ray]'") from None
    started = not ray.is_initialized()
    if started:
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
    try:
        remote = ray.remote(_play_chunk)
        # A few blocks per CPU in flight: ray.wait over thousands of references costs
        # more than the games, and a bounded window keeps the driver's memory flat.
        window = 4 * max(1, int(ray.available_resources().get("CPU", workers)))
        queue = iter(jobs)
        pending = [remote.remote(job) for job in itertools.islice(queue, window)]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                done(ray.get(ref))
                pending.extend(remote.remote(job) for job in itertools.islice(queue, 1))
    finally:
        if started:
            ray.shutdown()
