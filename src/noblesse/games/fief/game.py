"""The Fief game object: its rules and its views, as one kernel Game."""

from noblesse.games.fief.catalog import catalog
from noblesse.games.fief.observation import FiefObservation
from noblesse.games.fief.rules import FiefRules
from noblesse.games.fief.views import FiefViews


class Fief(FiefViews, FiefRules):
    """Fief: France 1429 (封地：法蘭西1429), 3-6 players."""

    catalog = staticmethod(catalog)

    def observation_spec(self) -> FiefObservation:
        return OBSERVATION


GAME = Fief()
OBSERVATION = FiefObservation(GAME)
