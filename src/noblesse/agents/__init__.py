"""Players that are programs. Every agent speaks only the kernel contract.

``make_agent("random", seed=3)``, ``make_agent("greedy", seed=3)``, or a level a player
chooses, ``make_agent("hard", seed=3)`` (``agents.levels``: easy, normal, hard). Ask one for a
decision with ``act_honestly(agent, game, state, seat)``: it hands the agent a world
built from the seat's information alone (``Game.determinize``), never the true state,
and the agent's ``act(game, world, seat)`` returns one of the seat's legal actions
(``agents.base``); an agent that needs only those actions (``LegalActionsAgent``, the
random bot) is handed them alone. ``make_agent("policy:PATH")`` is a trained policy (``agents.policy``,
local tools only).
"""

from __future__ import annotations

from collections.abc import Callable

from noblesse.agents.base import (
    Agent,
    DelegatingAgent,
    LegalActionsAgent,
    SeededAgent,
    act_honestly,
    world_for,
)
from noblesse.agents.greedy import GreedyAgent
from noblesse.agents.ismcts import IsmctsAgent
from noblesse.agents.levels import LEVELS, Level, LevelAgent, level_factory
from noblesse.agents.policy import PolicyAgent
from noblesse.agents.random_agent import RandomAgent

# The bots by what they are, then the levels a player chooses among (``LEVELS``).
BOTS: dict[str, type[SeededAgent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "ismcts": IsmctsAgent,
}
KINDS: dict[str, Callable[..., SeededAgent | PolicyAgent]] = {
    **BOTS,
    **{name: level_factory(level) for name, level in LEVELS.items()},
    "policy": PolicyAgent,
}
POLICY = "policy"  # ``policy:PATH``: the rest of the spec is a file path, kept as written
#: A setting's value, of its type in ``SETTINGS``.
Setting = int | float | str
# The settings a bot spec may carry (``ismcts:ms=200:rollout=greedy``) and their types;
# a level that searches may be given a think time (``hard:ms=500``).
SETTINGS: dict[str, dict[str, type]] = {
    "ismcts": {
        "iters": int,
        "ms": float,
        "c": float,
        "rollout": str,
        "max_rollout": int,
        "widen": float,
        "keep": float,
        "hook": int,
    },
    **{name: {"ms": float} for name, level in LEVELS.items() if level.ms is not None},
}
# The values a setting may take: how ismcts plays a search out (``rollout=``), and
# whether it lets the game's ``choose`` hook settle what it answers (``hook=``: 0 or 1).
CHOICES: dict[str, tuple[Setting, ...]] = {
    "rollout": ("eval", "random", "greedy", "turn"),
    "hook": (0, 1),
}
# The settings that may be zero (the others must be positive).
MAY_BE_ZERO = frozenset(("c", "hook"))


class BotSpecError(ValueError):
    """A bot spec that cannot be used, said in English (``str``) and in zh-TW."""

    def __init__(self, message: str, message_zh: str) -> None:
        super().__init__(message)
        self.message, self.message_zh = message, message_zh


_TYPE_ZH = {"int": "整數", "float": "數字", "str": "文字"}


def parse_spec(spec: str) -> tuple[str, dict[str, Setting]]:
    """``"ismcts:ms=200:c=0.5"`` → ``("ismcts", {"ms": 200.0, "c": 0.5})``; BotSpecError
    (a ValueError) if any part of it is unknown or malformed. ``"policy:PATH"`` →
    ``("policy", {"path": PATH})``."""
    head, _, rest = str(spec).strip().partition(":")
    if head.lower() == POLICY:
        if not rest:
            form = f"{POLICY}:PATH"  # what is typed, in either language
            raise BotSpecError(
                f"a policy bot names its model file: {form}",
                f"訓練好的策略要寫出模型檔，寫法是「{form}」",
            )
        return POLICY, {"path": rest}
    kind, *parts = str(spec).strip().lower().split(":")
    if kind not in KINDS:
        raise BotSpecError(
            f"unknown bot '{spec}'; levels: {', '.join(LEVELS)}; bots: {', '.join(BOTS)}",
            f"未知的電腦玩家「{spec}」；可用的等級有：{'、'.join(LEVELS)}；"
            f"電腦玩家有：{'、'.join(BOTS)}",
        )
    allowed = SETTINGS.get(kind, {})
    settings: dict[str, Setting] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or key not in allowed:
            known = ", ".join(f"{k}=…" for k in allowed) or "none"
            raise BotSpecError(
                f"bad setting '{part}' for bot {kind} (settings: {known})",
                f"電腦玩家「{kind}」沒有「{part}」這個設定"
                f"（可用的設定：{'、'.join(f'{k}=…' for k in allowed) or '無'}）",
            )
        try:
            settings[key] = allowed[key](value)
        except ValueError:
            name = allowed[key].__name__
            raise BotSpecError(
                f"setting {key} of bot {kind} must be a {name}",
                f"電腦玩家「{kind}」的設定「{key}」必須是{_TYPE_ZH[name]}",
            ) from None
        number = settings[key]
        if isinstance(number, int | float) and not (
            0 < number < float("inf") or (key in MAY_BE_ZERO and number == 0)
        ):
            raise BotSpecError(
                f"setting {key} of bot {kind} must be positive",
                f"電腦玩家「{kind}」的設定「{key}」必須大於零",
            )
        choices = CHOICES.get(key)
        if choices and number not in choices:
            first, last = ", ".join(map(str, choices[:-1])), choices[-1]
            raise BotSpecError(
                f"{kind} {key} must be {first} or {last}",
                f"電腦玩家「{kind}」的設定「{key}」必須是{'、'.join(map(str, choices[:-1]))}或{last}",
            )
    return kind, settings


def capped_spec(spec: str, max_ms: float, max_iters: int) -> str:
    """``spec`` checked in full and held to a server's caps, as the spec to run: a search
    bot that names no time gets ``ms=max_ms`` (a level, its own think time or the cap if
    that is shorter: ``hard`` is ``hard:ms=1000.0``); one asking for more time or
    iterations than the caps is refused (BotSpecError), never silently cut."""
    kind, settings = parse_spec(spec)
    if kind == POLICY:  # a model file is unpickled code: never named by a client
        raise BotSpecError(
            "a client never names a policy's file: the server names the policies it seats",
            "不能由使用者指定策略檔案：伺服器只會使用它自己列出的訓練好的策略",
        )
    if "ms" in SETTINGS.get(kind, {}):
        ms = settings.get("ms")
        if isinstance(ms, float) and ms > max_ms:
            raise BotSpecError(
                f"bot {kind} may think at most {max_ms:g} ms here, not {ms:g}",
                f"這裡的電腦玩家「{kind}」最多只能思考{max_ms:g}毫秒，不能{ms:g}毫秒",
            )
        iters = settings.get("iters")
        if isinstance(iters, int) and iters > max_iters:
            raise BotSpecError(
                f"bot {kind} may search at most {max_iters} iterations here, not {iters}",
                f"這裡的電腦玩家「{kind}」最多只能搜尋{max_iters}次，不能{iters}次",
            )
        own = LEVELS[kind].ms if kind in LEVELS else None
        settings.setdefault("ms", float(max_ms if own is None else min(own, max_ms)))
    return ":".join([kind, *(f"{k}={v}" for k, v in settings.items())])


def make_agent(spec: str, seed: int = 0) -> Agent:
    """An agent from its spec; ValueError naming the known kinds or settings otherwise."""
    kind, settings = parse_spec(spec)
    return KINDS[kind](seed, **settings)


__all__ = [
    "BOTS",
    "LEVELS",
    "Agent",
    "BotSpecError",
    "DelegatingAgent",
    "GreedyAgent",
    "IsmctsAgent",
    "KINDS",
    "Level",
    "LegalActionsAgent",
    "LevelAgent",
    "PolicyAgent",
    "RandomAgent",
    "act_honestly",
    "capped_spec",
    "make_agent",
    "parse_spec",
    "world_for",
]
