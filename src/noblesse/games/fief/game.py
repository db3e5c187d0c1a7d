"""The Fief game object: its rules, its views and what its bots know, as one kernel Game."""

from typing import Any

from noblesse.core.heuristics import Heuristics
from noblesse.games.fief.catalog import catalog
from noblesse.games.fief.heuristics import HEURISTICS
from noblesse.games.fief.observation import FiefObservation
from noblesse.games.fief.rules import FiefRules
from noblesse.games.fief.views import FiefViews


class Fief(FiefViews, FiefRules):
    """Fief: France 1429 (封地：法蘭西1429), 3-6 players."""

    catalog = staticmethod(catalog)

    def observation_spec(self) -> FiefObservation:
        return OBSERVATION

    def heuristics(self) -> Heuristics[Any, Any]:
        return HEURISTICS


GAME = Fief()
OBSERVATION = FiefObservation(GAME)
