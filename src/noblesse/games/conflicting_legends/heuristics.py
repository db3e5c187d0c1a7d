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

from noblesse.core.game import Action
from noblesse.core.heuristics import Heuristics, margin, margins
from noblesse.games.conflicting_legends.rules import (
    ANNOUNCE,
    DECISION_NAMES,
    LAND_CONTINENT,
    LegendsState,
)
from noblesse.games.conflicting_legends.rules import GLORY as LAND_GLORY
from noblesse.games.conflicting_legends.views import LegendsViews

WIN = 1000.0
GLORY = 1.0
LAND = 0.6
CONTINENT = 0.5
POTENTIAL = 0.4  # of the glory a white territory would gain by building
TOKEN = 0.3
TABLE_CARD = 0.3  # one token of income at settlement
HAND_CARD = 0.5  # the first three cards in hand ...
EXTRA_CARD = 0.1  # ... then each one blocks a settlement draw
WAR_ODDS = 0.5


@cache
def _lands(game_id: str, game: LegendsViews) -> dict[str, dict[str, Any]]:
    return game.catalog()["territories"]


def _land_value(glory: tuple[int, int], yellow: bool) -> float:
    """A territory's worth to its holder: its glory (white, yellow) as it stands."""
    lo, hi = glory
    return LAND + GLORY * (hi if yellow else lo) + (0.0 if yellow else POTENTIAL * (hi - lo))


# by territory and side up (white, yellow): its glory and what holding it adds beside
# the glory (``LAND``, and on the white side the glory building would add)
_TERMS = [((lo, LAND + POTENTIAL * (hi - lo)), (hi, LAND + 0.0)) for lo, hi in LAND_GLORY]


def _strengths(game: LegendsViews, s: LegendsState) -> list[float]:
    """Every seat's strength from the public state: glory, continents, territories (a
    white one also for the glory building would add), tokens, table area and hand size."""
    out = []
    yellow = s.yellow
    for o in range(s.n_players):
        lands = s.lands[o]
        glory = 0
        adds = []
        for t in lands:
            points, add = _TERMS[t][yellow[t]]
            glory += points
            adds.append(add)
        value = GLORY * glory + CONTINENT * len({LAND_CONTINENT[t] for t in lands})
        for add in adds:  # one by one, as the sum has always been made
            value += add
        value += TOKEN * sum(s.tokens[o]) + TABLE_CARD * len(s.tableau[o])
        hand = len(s.hands[o])
        out.append(value + HAND_CARD * min(hand, 3) + EXTRA_CARD * max(0, hand - 3))
    return out


def _standing(game: LegendsViews, s: LegendsState) -> list[float]:
    """Every seat's strength, a war under way counted at even odds."""
    strength = _strengths(game, s)
    war = s.war
    if war is not None and war.winner < 0:
        land = LAND_GLORY[war.target]
        yellow = s.yellow[war.target]
        swing = _land_value(land, yellow) - (_land_value(land, False) if yellow else 0.0)
        strength[war.attacker] += WAR_ODDS * (0.0 if yellow else _land_value(land, False))
        strength[war.defender] -= WAR_ODDS * swing
    return strength


def evaluate(game: LegendsViews, state: LegendsState, seat: int) -> float:
    """From what every seat sees (the board, tokens, table areas, hand sizes, the war):
    the seat's strength against its strongest rival's."""
    if state.over:
        return WIN if state.winner == seat else -WIN
    return margin(_standing(game, state), seat)


def evaluate_all(game: LegendsViews, state: LegendsState) -> list[float]:
    """``evaluate`` for every seat at once; a search judges one position for all."""
    if state.over:
        return [WIN if state.winner == seat else -WIN for seat in range(state.n_players)]
    return margins(_standing(game, state))


def choose(
    game: LegendsViews, state: LegendsState, seat: int, legal: list[Action], rng: random.Random
) -> Action | None:
    p = state.pending  # what the view calls the decision (its kind's name), unbuilt
    kind = DECISION_NAMES[p.kind] if p is not None else ""
    if kind in ("throw", "announce"):
        return legal[rng.randrange(len(legal))]
    if kind not in ("charlemagne", "target"):
        return None  # named before encoding: a search asks at every decision
    names = [game.encode(a) for a in legal]
    if kind == "charlemagne":
        return legal[names.index("use")]
    return _target(game, state, seat, legal, names, rng)


def _target(
    game: LegendsViews,
    state: LegendsState,
    seat: int,
    legal: list[Action],
    names: list[str],
    rng: random.Random,
) -> Action:
    """The territory whose capture (or flip) helps most against the strongest rival."""
    view = game.view(state, seat)
    lands = _lands(game.id, game)
    strength = _strengths(game, state)
    mine = {lands[t["key"]]["continent"] for t in view["players"][seat]["lands"]}
    side = {t["key"]: (p["seat"], t["yellow"]) for p in view["players"] for t in p["lands"]}
    best, best_value = [], float("-inf")
    for action, name in zip(legal, names, strict=True):
        key = name.split(":", 1)[1]
        owner, yellow = side[key]
        land = lands[key]
        if yellow:
            value = _land_value(land["glory"], True) - _land_value(land["glory"], False)
        else:
            value = 2 * _land_value(land["glory"], False) + (
                CONTINENT if land["continent"] not in mine else 0.0
            )
        value += 0.2 * strength[owner]
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif abs(value - best_value) <= 1e-9:
            best.append(action)
    return best[rng.randrange(len(best))]


def alike(game: LegendsViews, state: LegendsState, seat: int) -> bool:
    """An announcement binds no one, and the evaluation never reads it."""
    p = state.pending
    return p is not None and p.kind == ANNOUNCE


HEURISTICS = Heuristics(evaluate=evaluate, evaluate_all=evaluate_all, choose=choose, alike=alike)
