"""The Guillotine game object: its rules, its views and what its bots know, as one kernel Game."""

from typing import Any

from noblesse.core.heuristics import Heuristics
from noblesse.games.guillotine.heuristics import HEURISTICS
from noblesse.games.guillotine.observation import GuillotineObservation
from noblesse.games.guillotine.views import GuillotineViews


class Guillotine(GuillotineViews):
    """Guillotine (革命斷頭臺), 2-5 players."""

    def observation_spec(self) -> GuillotineObservation:
        return OBSERVATION

    def heuristics(self) -> Heuristics[Any, Any]:
        return HEURISTICS


GAME = Guillotine()
OBSERVATION = GuillotineObservation(GAME)
