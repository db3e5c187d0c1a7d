"""The end's score table (issue #19): where each seat's points came from (initial,
country, century and noble-house markers, the majorities of noble cards), adding up to
the engine's score in every seat's view, and nothing of it while the game is played."""

from noblesse.games.heads_of_state import GAME
from random_games import finished


def _finished(seed: int, players: int):
    return finished(GAME, players, seed)


def test_each_source_of_points_adds_up_to_the_score_in_every_seat_s_view():
    sources = set()
    for seed in range(16):
        s = _finished(seed, 2 + seed % 4)
        scores = GAME.scores(s)
        for viewer in [None, *range(s.n_players)]:
            for p in GAME.view(s, viewer)["players"]:
                e = p["end_points"]
                majority = sum(points for _, points in e["majority"])
                assert (
                    e["initial"] + e["country"] + e["century"] + e["noble_house"] + majority
                    == scores[p["seat"]]
                )
                assert e["initial"] + e["country"] + e["century"] + e["noble_house"] == sum(
                    p["markers"]
                )
                assert majority == p["majority"]
                sources |= {k for k in ("initial", "country", "century", "noble_house") if e[k]}
    assert sources == {"initial", "country", "century", "noble_house"}


def test_a_game_in_play_shows_no_end_points():
    s = GAME.setup(3, 1)
    assert all("end_points" not in p for p in GAME.view(s, 0)["players"])
