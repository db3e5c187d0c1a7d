"""The Conflicting Legends game object: its rules and its views, as one kernel Game."""

from noblesse.games.conflicting_legends.observation import LegendsObservation
from noblesse.games.conflicting_legends.views import LegendsViews


class ConflictingLegends(LegendsViews):
    """Conflicting Legends (偉人的猜拳戰略), 3-6 players."""

    def observation_spec(self) -> LegendsObservation:
        return OBSERVATION


GAME = ConflictingLegends()
OBSERVATION = LegendsObservation(GAME)
