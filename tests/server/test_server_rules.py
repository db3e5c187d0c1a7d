"""The rules pages' API (issue 19): /api/games/{id}/rules for every game, /rules/{id} the
page, /api/tables/{id}/options a table's game and the options it was created with."""

from __future__ import annotations

from noblesse import games
from noblesse.core import rules_page


def test_every_game_serves_its_rules_page(serve) -> None:
    with serve() as client:
        for game_id in games.ids():
            r = client.get(f"/api/games/{game_id}/rules")
            assert r.status_code == 200
            assert r.json() == rules_page.build(games.get(game_id))
            page = client.get(f"/rules/{game_id}")
            assert page.status_code == 200 and "/static/rules.js" in page.text
        r = client.get("/api/games/chess/rules")
        assert r.status_code == 404 and set(r.json()["message"]) == {"en", "zh-TW"}


def test_a_table_tells_its_game_and_options(serve) -> None:
    with serve() as client:
        r = client.post(
            "/api/tables",
            json={
                "game": "heads_of_state",
                "seats": ["human", "human"],
                "options": {"counter_limit": True},
            },
        )
        table = r.json()
        r = client.get(f"/api/tables/{table['id']}/options")
        assert r.status_code == 200
        assert r.json() == {
            "table": table["id"],
            "game": "heads_of_state",
            "options": {"counter_limit": True, "treachery_rebuilt_when_needed": False},
        }
        assert client.get("/api/tables/nosuchtable/options").status_code == 404
