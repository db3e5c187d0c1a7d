"""The lobby API: games, creating tables (and refusing bad requests), listing tables."""

from __future__ import annotations

from server_support import new_table


def test_games_lists_guillotine(serve) -> None:
    with serve() as client:
        r = client.get("/api/games")
        assert r.status_code == 200
        (game,) = [g for g in r.json() if g["id"] == "guillotine"]
        assert game["title"] == {"en": "Guillotine", "zh-TW": "革命斷頭臺"}
        assert (game["min_players"], game["max_players"]) == (2, 5)
        assert game["options"] == {"hidden_support": False}
        assert set(game["bots"]) >= {"random", "greedy"}
        new_table(client, ["human", "greedy"])
