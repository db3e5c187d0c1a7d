"""Conflicting Legends: glory and the means to more of it, judged from the seat's view.

``evaluate`` weighs glory, territories (a white one also for the glory building it
would add), continents toward the six-continent goal, tokens, the table area's income
and a hand that still has room for draws; a war under way counts at even odds.
``choose`` answers the rock-paper-scissors itself: throws and announcements are drawn
uniformly from the legal ones with the bot's own RNG (a mixed strategy nobody can
predict), Charlemagne is always used, and a war's target is the territory whose loss
hurts the strongest rival most.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from noblesse.core.game import Action, Game, State

WIN = 1000.0
GLORY = 1.0
LAND = 0.6
CONTINENT = 0.5
POTENTIAL = 0.4   # of the glory a white territory would gain by building
TOKEN = 0.3
TABLE_CARD = 0.3  # one token of income at settlement
HAND_CARD = 0.5   # the first three cards in hand ...
EXTRA_CARD = 0.1  # ... then each one blocks a settlement draw
WAR_ODDS = 0.5


@cache
def _lands(game_id: str, game: Game) -> dict[str, dict[str, Any]]:
    return game.catalog()["territories"]  # type: ignore[attr-defined]


def _land_value(land: dict[str, Any], yellow: bool) -> float:
    lo, hi = land["glory"]
    return LAND + GLORY * (hi if yellow else lo) + (0.0 if yellow else POTENTIAL * (hi - lo))


def _strength(p: dict[str, Any], lands: dict[str, dict[str, Any]]) -> float:
    value = GLORY * p["glory"] + CONTINENT * p["continents"]
    for t in p["lands"]:
        land = lands[t["key"]]
        lo, hi = land["glory"]
        value += LAND + (0.0 if t["yellow"] else POTENTIAL * (hi - lo))
    value += TOKEN * sum(p["tokens"].values()) + TABLE_CARD * len(p["tableau"])
    hand = p["hand_size"]
    return value + HAND_CARD * min(hand, 3) + EXTRA_CARD * max(0, hand - 3)


def evaluate(game: Game, state: State, seat: int) -> float:
    view = game.view(state, seat)
    if view["over"]:
        return WIN if view["winner"] == seat else -WIN
    lands = _lands(game.id, game)
    strength = [_strength(p, lands) for p in view["players"]]
    war = view["war"]
    if war is not None and not war["decided"]:
        land = lands[war["land"]]
        yellow = next(t["yellow"] for t in view["players"][war["defender"]]["lands"]
                      if t["key"] == war["land"])
        swing = _land_value(land, yellow) - (_land_value(land, False) if yellow else 0.0)
        strength[war["attacker"]] += WAR_ODDS * (0.0 if yellow else _land_value(land, False))
        strength[war["defender"]] -= WAR_ODDS * swing
    others = [v for s, v in enumerate(strength) if s != seat]
    return strength[seat] - max(others)


def choose(game: Game, state: State, seat: int, legal: list[Action],
           rng: random.Random) -> Action | None:
    decision = game.view(state, seat)["decision"]
    kind = decision["kind"] if decision else ""
    if kind in ("throw", "announce"):
        return legal[rng.randrange(len(legal))]
    names = [game.encode(a) for a in legal]
    if kind == "charlemagne":
        return legal[names.index("use")]
    if kind == "target":
        return _target(game, state, seat, legal, names, rng)
    return None


def _target(game: Game, state: State, seat: int, legal: list[Action], names: list[str],
            rng: random.Random) -> Action:
    """The territory whose capture (or flip) helps most against the strongest rival."""
    view = game.view(state, seat)
    lands = _lands(game.id, game)
    strength = [_strength(p, lands) for p in view["players"]]
    mine = {lands[t["key"]]["continent"] for t in view["players"][seat]["lands"]}
    side = {t["key"]: (p["seat"], t["yellow"]) for p in view["players"] for t in p["lands"]}
    best, best_value = [], float("-inf")
    for action, name in zip(legal, names, strict=True):
        key = name.split(":", 1)[1]
        owner, yellow = side[key]
        land = lands[key]
        if yellow:
            value = _land_value(land, True) - _land_value(land, False)
        else:
            value = 2 * _land_value(land, False) + (CONTINENT if land["continent"] not in mine
                                                    else 0.0)
        value += 0.2 * strength[owner]
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif abs(value - best_value) <= 1e-9:
            best.append(action)
    return best[rng.randrange(len(best))]
