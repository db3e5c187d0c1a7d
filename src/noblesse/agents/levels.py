"""Bot levels a player can choose: ``easy``, ``normal``, ``hard``.

A level is a named bot and budget (``LEVELS``): the bot spec it plays in each game
(``Level.spec_for``), put in order by a measured ladder (README, "Bot levels"). A
level's agent resolves its spec when it first meets a game, so one ``hard`` seat can
search longer in a fast game than in a slow one.

A level that searches may be held to a think time: ``hard:ms=500`` searches its
iterations or until 500 ms have passed, whichever comes first; a server gives it its
think cap (``agents.capped_spec``), the terminal the level's own ``ms``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from noblesse.agents.base import Agent, DelegatingAgent


@dataclass(frozen=True)
class Level:
    name: str
    spec: str  # the bot it plays in a game not in ``by_game``
    en: str  # one line on it for a player choosing
    zh: str
    by_game: dict[str, str] = field(default_factory=dict)  # game id -> spec
    ms: float | None = None  # its think time, for a level that searches

    def spec_for(self, game_id: str) -> str:
        return self.by_game.get(game_id, self.spec)


# Each level's bots and budgets, chosen by the ladder measured in the README.
LEVELS: dict[str, Level] = {
    "easy": Level(
        "easy",
        "random",
        "Plays any legal move, chosen at random: for learning the rules.",
        "隨機選一個合法的行動，適合用來學規則。",
    ),
    "normal": Level(
        "normal",
        "greedy",
        "Picks the move that looks best right now, judging only what its seat can see.",
        "只看自己看得到的資訊，選擇眼前看起來最好的行動。",
    ),
    "hard": Level(
        "hard",
        # each leaf judged once its seat has finished its move as greedy would
        "ismcts:iters=400:c=0.3:rollout=turn",
        "Searches many possible deals and replies before each move; thinks up to a second.",
        "每一步之前推演許多可能的牌局和對手的回應；每步最多思考1秒。",
        by_game={
            "guillotine": "ismcts:iters=1000:c=0.3:rollout=turn",
            "ruse_and_bruise": "ismcts:iters=400",
            # greedy play-outs (the game's SEARCH) in a tree that follows greedy replies;
            # greedy's move unless the search beats it clearly
            "heads_of_state": "ismcts:iters=100:c=0.3:widen=1:keep=1",
            # the same, with greedy play-outs of at most 20 decisions asked for (the
            # game's own search judges its leaves at once)
            "conflicting_legends": (
                "ismcts:iters=60:c=0.3:widen=1:keep=1:rollout=greedy:max_rollout=20"
            ),
            # the same with 20 iterations and play-outs of at most 8 decisions: Fief's
            # greedy bot takes over twice as long to decide (README, "Greedy bots")
            "fief": "ismcts:iters=20:c=0.3:widen=1:keep=1:rollout=greedy:max_rollout=8",
        },
        ms=1000.0,
    ),
}


class LevelAgent(DelegatingAgent):
    """The agent of a level: in each game it plays as that game's bot of the level (made
    with the same seed and sharing this agent's generator, so ``normal`` decides exactly
    as ``greedy`` with the same seed)."""

    def __init__(self, level: Level, seed: int = 0, ms: float | None = None) -> None:
        super().__init__(seed)
        self.level = level
        self.name = level.name
        self.seed = seed
        self.ms = level.ms if ms is None else ms
        self._agents: dict[str, Any] = {}

    def agent_for(self, game_id: str) -> Agent:
        agent = self._agents.get(game_id)
        if agent is None:
            from noblesse.agents import KINDS, parse_spec

            kind, settings = parse_spec(self.level.spec_for(game_id))
            if self.ms is not None and "ms" in _search_settings(kind):
                asked = settings.get("ms")
                settings["ms"] = self.ms if asked is None else min(float(asked), self.ms)
            agent = self._agents[game_id] = KINDS[kind](self.seed, **settings)
            agent.rng = self.rng  # one generator: the world it is handed, then its choices
        return agent


def _search_settings(kind: str) -> dict[str, type]:
    from noblesse.agents import SETTINGS

    return SETTINGS.get(kind, {})


def level_factory(level: Level) -> Any:
    def make(seed: int = 0, **settings: Any) -> LevelAgent:
        return LevelAgent(level, seed, **settings)

    make.__name__ = f"{level.name}_level"
    return make
