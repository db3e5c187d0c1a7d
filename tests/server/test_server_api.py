"""The lobby API: games, creating tables (and refusing bad requests), listing tables."""

from __future__ import annotations

import pytest
from server_support import new_table, seat_state, snapshot, wait_until_over, watch_state

from noblesse.games.guillotine import GAME


def test_games_lists_guillotine(serve) -> None:
    with serve() as client:
        r = client.get("/api/games")
        assert r.status_code == 200
        (game,) = [g for g in r.json() if g["id"] == "guillotine"]
        assert game["title"] == {"en": "Guillotine", "zh-TW": "革命斷頭臺"}
        assert (game["min_players"], game["max_players"]) == (2, 5)
        assert game["options"] == {
            "hidden_support": False,
            "callous_discard_on_own_turn_only": False,
        }
        assert set(game["bots"]) >= {"random", "greedy"}
        r = client.get("/api/games/guillotine/catalog")
        assert r.status_code == 200 and "l_idiot" in r.json()["actions"]
        r = client.get("/api/games/chess/catalog")
        assert r.status_code == 404 and set(r.json()["message"]) == {"en", "zh-TW"}


BAD_TABLES = [
    pytest.param({"game": "chess", "seats": ["human", "human"]}, "chess", id="unknown-game"),
    pytest.param({"game": "guillotine", "seats": ["human"]}, "2-5", id="one-player"),
    pytest.param({"game": "guillotine", "seats": ["human"] * 6}, "2-5", id="six-players"),
    pytest.param(
        {"game": "guillotine", "seats": ["human", "wizard"]}, "wizard", id="unknown-seat-kind"
    ),
    pytest.param(
        {"game": "guillotine", "seats": ["human", "human"], "options": {"speed": 3}},
        "speed",
        id="unknown-option",
    ),
    pytest.param(
        {"game": "guillotine", "seats": ["human", "human"], "options": {"hidden_support": "no"}},
        "hidden_support",
        id="option-type",
    ),
    pytest.param(
        {"game": "guillotine", "seats": ["human", "greedy"], "seed": 2**70},
        "seed",
        id="seed-too-large",
    ),
]


@pytest.mark.parametrize(("body", "named"), BAD_TABLES)
def test_a_bad_table_is_refused_with_a_message_and_nothing_is_created(
    serve, body: dict, named: str
) -> None:
    with serve() as client:
        r = client.post("/api/tables", json=body)
        assert r.status_code == 400, r.text
        msg = r.json()
        assert msg["type"] == "error"
        assert set(msg["message"]) == {"en", "zh-TW"}
        assert named in msg["message"]["en"]
        assert client.get("/api/tables").json() == {"open": [], "finished": []}


@pytest.mark.parametrize(
    "body",
    [
        {"game": "guillotine"},
        {"game": "guillotine", "seats": []},
        {"game": "guillotine", "seats": "human,human"},
        {"game": "guillotine", "seats": ["human", "human"], "seed": "abc"},
        {"seats": ["human", "human"]},
    ],
)
def test_a_malformed_request_is_refused_and_nothing_is_created(serve, body: dict) -> None:
    with serve() as client:
        r = client.post("/api/tables", json=body)
        assert r.status_code == 422, r.text
        assert client.get("/api/tables").json() == {"open": [], "finished": []}


def test_seeds_that_every_database_holds_are_accepted(db_url: str, serve) -> None:
    """A seed the database cannot store must be refused up front, not fail with a 500;
    one it can store comes back unchanged after a restart."""
    seeds = [0, 2**31 - 1, -(2**31)]
    with serve(db_url, known_deals=True) as client:
        made = [new_table(client, ["human", "human"], seed=s) for s in seeds]
        for seed in (2**31, 2**40, -(2**31) - 1):
            r = client.post(
                "/api/tables", json={"game": "guillotine", "seats": ["human"] * 2, "seed": seed}
            )
            assert r.status_code == 400, (seed, r.text)
        before = [snapshot(client, m) for m in made]
    with serve(db_url, known_deals=True) as client:
        assert [snapshot(client, m) for m in made] == before
        for seed, snap in zip(seeds, before, strict=True):
            state = GAME.setup(2, seed)
            assert snap[0]["view"] == GAME.view(state, 0)


def test_a_created_table_has_tokens_only_for_human_seats(serve) -> None:
    with serve(bot_delay=5.0, known_deals=True) as client:
        made = new_table(
            client, ["human", "greedy", "human", "ismcts:ms=200"], seed=3, names=["Ann", "", "Cy"]
        )
        # a bot's spec is kept as the server will run it (checked in full, within the caps)
        assert [s["kind"] for s in made["seats"]] == ["human", "greedy", "human", "ismcts:ms=200.0"]
        tokens = [s["token"] for s in made["seats"]]
        assert tokens[1] is None and tokens[3] is None
        assert tokens[0] and tokens[2] and tokens[0] != tokens[2]
        assert made["seats"][1]["link"] is None
        assert made["seats"][0]["link"] == f"/table/{made['id']}?seat=0&token={tokens[0]}"
        assert made["host_token"] not in tokens
        msg = seat_state(client, made, 2)
        assert msg["seat"] == 2 and msg["n"] == 0
        assert [s["name"] for s in msg["seats"]] == ["Ann", "", "Cy", ""]
        assert [s["kind"] for s in msg["seats"]] == ["human", "greedy", "human", "ismcts:ms=200.0"]
        # the secrets are stored only as hashes
        stored = client.app.state.manager.store.load(made["id"])
        flat = repr(stored)
        assert tokens[0] not in flat and made["host_token"] not in flat
        assert client.get(f"/table/{made['id']}").status_code == 200
        assert client.get("/").status_code == 200


def test_the_table_list_has_open_and_finished_tables(serve) -> None:
    with serve(known_deals=True) as client:
        open_ = new_table(client, ["human", "human", "human"], seed=1)
        done = new_table(client, ["greedy", "random"], seed=2)
        final = wait_until_over(client, done["id"])
        listing = client.get("/api/tables").json()
        assert [t["id"] for t in listing["open"]] == [open_["id"]]
        assert [t["id"] for t in listing["finished"]] == [done["id"]]
        (row,) = listing["finished"]
        assert row["status"] == "finished" and row["game"] == "guillotine"
        assert row["actions"] == final["n"] > 0
        assert row["result"] == {
            "scores": final["view"]["scores"],
            "winners": final["view"]["winners"],
        }
        assert [s["kind"] for s in row["seats"]] == ["greedy", "random"]
        assert listing["open"][0]["actions"] == 0
        assert not watch_state(client, open_["id"])["over"]
        assert client.get("/api/tables/nope/watch").status_code == 404
