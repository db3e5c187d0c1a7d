"""Trained policies a server offers as seats (``Settings.policies``).

The server's operator names each model file: ``noblesse serve --policies
ppo=runs/guillotine_ppo.zip``. Each is loaded once at start-up (a model file is
unpickled code, so only files the operator named are ever loaded) and sits at the one
game whose observation it learnt, found by the observation's size (a designed
observation has one size at every player count). A seat then takes the kind
``policy:NAME``: the lobby lists it beside the levels, the table keeps that name, and
only the bot's worker process is told the file (``agents.policy``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from noblesse import games
from noblesse.agents import BotSpecError

PREFIX = "policy:"
_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")


@dataclass(frozen=True)
class Policies:
    paths: dict[str, str] = field(default_factory=dict)  # name -> model file
    games: dict[str, str] = field(default_factory=dict)  # name -> the game it plays

    def for_game(self, game_id: str) -> list[str]:
        """The names of the policies that play ``game_id``, in the order given."""
        return [name for name, game in self.games.items() if game == game_id]

    def seat_kind(self, kind: str, game_id: str) -> str | None:
        """``kind`` if it is ``policy:NAME`` of a policy that plays ``game_id``; None if it
        names no policy at all; BotSpecError if it names one this server cannot seat
        there (a client's file among them)."""
        if not kind.startswith(PREFIX):
            return None
        name = kind.removeprefix(PREFIX)[:40]
        if self.games.get(name) != game_id:
            title = games.get(game_id).title
            raise BotSpecError(
                f"this server has no trained policy {name!r} for {title['en']}",
                f"這個伺服器沒有用於「{title['zh-TW']}」、名為「{name}」的訓練策略",
            )
        return kind

    def runnable(self, spec: str) -> str:
        """The spec a worker runs for a seat of kind ``spec``: ``policy:PATH`` for a
        policy's name, any other spec as it is."""
        if spec.startswith(PREFIX):
            return PREFIX + self.paths[spec.removeprefix(PREFIX)]
        return spec


def load(text: str) -> Policies:
    """``NAME=PATH[,NAME=PATH...]``, each model loaded and matched to its game; a
    ValueError saying what is wrong otherwise (a name, a missing file, no train extra,
    an observation no game has)."""
    # (here, not above: a server seating no policy never loads numpy or a model)
    from noblesse.agents.policy import load_policy
    from noblesse.interop.encoding import observer

    paths: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        name, eq, path = (x.strip() for x in item.partition("="))
        if not eq or not path:
            raise ValueError(f"policies: {item!r} is not NAME=PATH")
        if not _NAME.fullmatch(name):
            raise ValueError(
                f"policies: a name is 1-40 small letters, digits, '_' or '-', not {name!r}"
            )
        if name in paths:
            raise ValueError(f"policies: {name!r} is named twice")
        paths[name] = path
    if not paths:
        return Policies()
    sizes = {g.id: observer(g.id, g.max_players).observation_size for g in games.all()}
    plays: dict[str, str] = {}
    for name, path in paths.items():
        try:
            shape = load_policy(path).observation_space.shape
        except ValueError as exc:  # no such file, or no train extra
            raise ValueError(f"policies: {name}: {exc}") from None
        fits = [game_id for game_id, size in sizes.items() if shape == (size,)]
        if len(fits) != 1:
            raise ValueError(
                f"policies: {name} at {path} observes {shape}, which fits "
                f"{'no game' if not fits else ' and '.join(fits)}"
            )
        plays[name] = fits[0]
    return Policies(paths, plays)
