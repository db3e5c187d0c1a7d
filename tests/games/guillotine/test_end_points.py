"""The end's score table (issue #19): what each card of a finished game scored, Palace
Guard and Tragic Figure with their worth in their pile, adding up to the engine's score."""

from noblesse.games.guillotine import GAME
from noblesse.games.guillotine.data import GRAY
from noblesse.games.guillotine.rules import NOBLES
from random_games import finished

GRAYS = {n.key: n.colour == GRAY for n in NOBLES}


def _finished(seed: int, players: int):
    return finished(GAME, players, seed)


def test_each_card_s_end_points_add_up_to_the_score_in_every_seat_s_view():
    guards_or_tragic = 0
    for seed in range(40):
        s = _finished(seed, 2 + seed % 4)
        scores = GAME.scores(s)
        for viewer in [None, *range(s.n_players)]:
            view = GAME.view(s, viewer)
            for p in view["players"]:
                points = p["end_points"]
                assert len(points["pile"]) == len(p["pile"])
                assert sum(points["pile"]) + sum(v for _, v in points["cards"]) == scores[p["seat"]]
                for key, value in zip(p["pile"], points["pile"], strict=True):
                    if key == "palace_guard":
                        assert value == p["pile"].count("palace_guard")
                        guards_or_tragic += 1
                    elif key == "tragic_figure":
                        # gray: 1 under Indifferent Public, else minus each gray noble
                        indifferent = "indifferent_public" in p["front"] + [p["hidden_support"]]
                        assert value == (
                            1 if indifferent else -sum(GRAYS.get(k, False) for k in p["pile"])
                        )
                        guards_or_tragic += 1
    assert guards_or_tragic > 5


def test_a_game_in_play_shows_no_end_points():
    s = GAME.setup(3, 1)
    assert all("end_points" not in p for p in GAME.view(s, 0)["players"])
