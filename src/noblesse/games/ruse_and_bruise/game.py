"""The Ruse & Bruise game object: its rules, its views and what its bots know, as one kernel Game."""

from typing import Any

from noblesse.core.heuristics import Heuristics
from noblesse.games.ruse_and_bruise.heuristics import HEURISTICS
from noblesse.games.ruse_and_bruise.observation import RuseObservation
from noblesse.games.ruse_and_bruise.views import RuseViews


class RuseAndBruise(RuseViews):
    """Ruse & Bruise (陰謀大亂鬥), 2-6 players."""

    def observation_spec(self) -> RuseObservation:
        return OBSERVATION

    def heuristics(self) -> Heuristics[Any, Any]:
        return HEURISTICS


GAME = RuseAndBruise()
OBSERVATION = RuseObservation(GAME)
