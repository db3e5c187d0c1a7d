"""Bot levels at the web table: every game offers easy, normal and hard with a line on
each in both languages; a level sits at a seat held to the think cap; an unknown level
is refused in both languages and nothing is created."""

from __future__ import annotations

from server_support import new_table, wait_until_over

from noblesse.agents import LEVELS


def test_every_game_offers_the_levels_with_a_line_on_each(serve) -> None:
    with serve() as client:
        listed = client.get("/api/games").json()
    assert len(listed) == 5
    for game in listed:
        assert [lv["id"] for lv in game["levels"]] == ["easy", "normal", "hard"]
        for lv in game["levels"]:
            assert lv["about"] == {"en": LEVELS[lv["id"]].en, "zh-TW": LEVELS[lv["id"]].zh}
        assert set(game["bots"]) >= {"easy", "normal", "hard", "random", "greedy", "ismcts"}


def test_a_level_sits_at_a_seat_held_to_the_think_cap(serve) -> None:
    with serve() as client:
        created = new_table(client, ["human", "easy", "normal", "hard"])
        assert [s["kind"] for s in created["seats"]] == [
            "human",
            "easy",
            "normal",
            f"hard:ms={float(LEVELS['hard'].ms)}",
        ]
        watched = client.get(f"/api/tables/{created['id']}/watch").json()
        assert [s["kind"] for s in watched["seats"]][1:3] == ["easy", "normal"]


def test_bots_of_two_levels_finish_a_game(serve) -> None:
    with serve() as client:
        created = new_table(client, ["easy", "normal"])
        over = wait_until_over(client, created["id"])
        assert over["over"] and over["n"] > 10


def test_an_unknown_level_is_refused_in_both_languages(serve) -> None:
    with serve() as client:
        r = client.post("/api/tables", json={"game": "guillotine", "seats": ["human", "expert"]})
        assert r.status_code == 400
        message = r.json()["message"]
        assert message["en"] == (
            "Seat kind 'expert': unknown bot 'expert'; levels: easy, "
            "normal, hard; bots: random, greedy, ismcts. Use human or a bot."
        )
        assert message["zh-TW"] == (
            "座位類型「expert」：未知的電腦玩家「expert」；可用的等級有："
            "easy、normal、hard；電腦玩家有：random、greedy、ismcts。"
            "請用真人或電腦玩家。"
        )
        r = client.post(
            "/api/tables", json={"game": "guillotine", "seats": ["human", "hard:ms=9000"]}
        )
        assert r.status_code == 400
        assert "9000" in r.json()["message"]["en"] and "9000毫秒" in r.json()["message"]["zh-TW"]
        assert client.get("/api/tables").json() == {"open": [], "finished": []}
