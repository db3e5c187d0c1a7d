"""The end's score table (issue #19): where each family's victory points came from (its
lords' fief titles, the King, the Pope, the Queen Regent), adding up to the engine's
score in every seat's view, and nothing of it while the game is played."""

from __future__ import annotations

from noblesse.games.fief import GAME
from random_games import finished


def _finished(seed: int, players: int):
    return finished(GAME, players, seed)


def test_each_source_of_victory_points_adds_up_to_the_score_in_every_seat_s_view() -> None:
    sources: set[str] = set()
    for seed in range(4):
        s = _finished(seed, 3 + seed % 3)
        scores = GAME.scores(s)
        for viewer in [None, *range(s.n_players)]:
            view = GAME.view(s, viewer)
            for p in view["players"]:
                e = p["end_points"]
                total = sum(v for _, v in e["fief_titles"]) + sum(
                    e.get(k, 0) for k in ("king", "pope", "queen_regent")
                )
                assert total == scores[p["seat"]]
                held = {f for lo in view["lords"] if lo["seat"] == p["seat"] for f in lo["fiefs"]}
                assert {f for f, _ in e["fief_titles"]} == held
                sources |= {k for k in ("king", "pope") if k in e} | (
                    {"titles"} if e["fief_titles"] else set()
                )
    assert sources == {"king", "pope", "titles"}


def test_a_game_in_play_shows_no_end_points() -> None:
    s = GAME.setup(3, 1)
    assert all("end_points" not in p for p in GAME.view(s, 0)["players"])
