"""The Heads of State game object: its rules and its views, as one kernel Game."""

from noblesse.games.heads_of_state.observation import HeadsObservation
from noblesse.games.heads_of_state.views import HeadsViews


class HeadsOfState(HeadsViews):
    """Heads of State (國家元首), 2-5 players."""

    def observation_spec(self) -> HeadsObservation:
        return OBSERVATION


GAME = HeadsOfState()
OBSERVATION = HeadsObservation(GAME)
