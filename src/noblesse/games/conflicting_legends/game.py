"""The Conflicting Legends game object: its rules, its views and what its bots know, as one kernel Game."""

from typing import Any

from noblesse.core.heuristics import Heuristics
from noblesse.games.conflicting_legends.heuristics import HEURISTICS
from noblesse.games.conflicting_legends.observation import LegendsObservation
from noblesse.games.conflicting_legends.views import LegendsViews


class ConflictingLegends(LegendsViews):
    """Conflicting Legends (偉人的猜拳戰略), 3-6 players."""

    def observation_spec(self) -> LegendsObservation:
        return OBSERVATION

    def heuristics(self) -> Heuristics[Any, Any]:
        return HEURISTICS


GAME = ConflictingLegends()
OBSERVATION = LegendsObservation(GAME)
