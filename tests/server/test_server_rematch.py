"""The rematch of a finished table (issue #19): a new table of the same game, options,
seats and names with a new deal (secret, or the known one a practice seed leads to:
tests/security/test_practice_rematch.py), started once by a person of the old table (a
seat's token or the host's), told to everyone at the old table and kept in the store."""

from __future__ import annotations

from server_support import new_table, seat_state, wait_until_over, watch_state


def test_the_host_starts_a_rematch_of_the_same_game_once(serve) -> None:
    options = {"hidden_support": True}
    with serve(bot_delay=0.0, known_deals=True) as client:
        old = new_table(
            client, ["greedy", "random", "greedy"], seed=7, options=options, names=["Ann", "", "Bo"]
        )
        early = client.post(f"/api/tables/{old['id']}/rematch", json={"host": old["host_token"]})
        assert early.status_code in (200, 409)  # the bots may have finished already
        wait_until_over(client, old["id"])
        nobody = client.post(f"/api/tables/{old['id']}/rematch", json={})
        assert nobody.status_code == 403
        assert nobody.json()["message"]["zh-TW"]
        wrong = client.post(f"/api/tables/{old['id']}/rematch", json={"host": "not-the-host"})
        assert wrong.status_code == 403
        asked = client.post(f"/api/tables/{old['id']}/rematch", json={"host": old["host_token"]})
        assert asked.status_code == 200, asked.text
        new_id = asked.json()["id"]
        assert asked.json()["link"] == f"/table/{new_id}?host={old['host_token']}"
        assert new_id != old["id"]
        fresh = watch_state(client, new_id)
        assert fresh["game"] == "guillotine"
        assert [(s["kind"], s["name"]) for s in fresh["seats"]] == [
            (s["kind"], s["name"]) for s in watch_state(client, old["id"])["seats"]
        ]
        assert client.get(f"/api/tables/{new_id}/options").json()["options"]["hidden_support"]
        assert fresh["deal"] != watch_state(client, old["id"])["deal"]  # a new deal
        # the old table tells everyone; asked again, the same rematch
        assert watch_state(client, old["id"])["rematch"] == new_id
        again = client.post(f"/api/tables/{old['id']}/rematch", json={"host": old["host_token"]})
        assert again.json()["id"] == new_id
    with serve() as client:  # a restart: the store keeps it
        assert watch_state(client, old["id"])["rematch"] == new_id


def test_a_seat_s_token_opens_its_seat_of_the_rematch(serve) -> None:
    with serve(bot_delay=0.0, known_deals=True) as client:
        old = new_table(client, ["human", "greedy"], seed=9)
        token = old["seats"][0]["token"]
        refused = client.post(f"/api/tables/{old['id']}/rematch", json={"seat": 0, "token": token})
        assert refused.status_code == 409  # the game goes on
        assert seat_state(client, old, 0)["rematch"] is None
