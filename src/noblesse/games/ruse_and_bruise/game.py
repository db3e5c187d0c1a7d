"""The Ruse & Bruise game object: its rules and its views, as one kernel Game."""

from noblesse.games.ruse_and_bruise.observation import RuseObservation
from noblesse.games.ruse_and_bruise.views import RuseViews


class RuseAndBruise(RuseViews):
    """Ruse & Bruise (陰謀大亂鬥), 2-6 players."""

    def observation_spec(self) -> RuseObservation:
        return OBSERVATION


GAME = RuseAndBruise()
OBSERVATION = RuseObservation(GAME)
