"""The Heads of State game object: its rules, its views and what its bots know, as one kernel Game."""

from typing import Any

from noblesse.core.heuristics import Heuristics
from noblesse.games.heads_of_state.heuristics import HEURISTICS
from noblesse.games.heads_of_state.observation import HeadsObservation
from noblesse.games.heads_of_state.views import HeadsViews


class HeadsOfState(HeadsViews):
    """Heads of State (國家元首), 2-5 players."""

    def observation_spec(self) -> HeadsObservation:
        return OBSERVATION

    def heuristics(self) -> Heuristics[Any, Any]:
        return HEURISTICS


GAME = HeadsOfState()
OBSERVATION = HeadsObservation(GAME)
