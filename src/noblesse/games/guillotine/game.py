"""The Guillotine game object: its rules and its views, as one kernel Game."""

from noblesse.games.guillotine.observation import GuillotineObservation
from noblesse.games.guillotine.views import GuillotineViews


class Guillotine(GuillotineViews):
    """Guillotine (革命斷頭臺), 2-5 players."""

    def observation_spec(self) -> GuillotineObservation:
        return OBSERVATION


GAME = Guillotine()
OBSERVATION = GuillotineObservation(GAME)
