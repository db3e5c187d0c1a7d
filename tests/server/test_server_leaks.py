"""Nothing another seat may not see ever leaves the server.

Whole games are played through the WebSocket, one socket per seat plus a spectator, each
seat choosing a random legal action when it is to act (and now and then asking for a
full resend). Every message each socket received is then checked against the true game,
replayed with the kernel from the actions:

* its ``view`` is the kernel's view for that seat, and equal to the view of the state with
  everything the seat may not know resampled (``determinize``);
* the whole message is exactly what the server builds from that resampled state and the
  events cut down to what the seat may see: so no part of it (legal actions and their
  labels, the prompt, the log) depends on another seat's hidden cards;
* each log line is the kernel's rendering of the event for that seat, and no other seat's
  private rendering of an event (the cards it drew, the nobles it peeked at, the hand it
  looked at) is among the seat's log lines unless it reads exactly the same.

The seeds are chosen so that each game has both a Late Arrival peek and a Lack of Support
look (private events other than draws); the test checks that it does.
"""

from __future__ import annotations

import random

import pytest
from server_support import LiveTable, Oracle, check_message, check_private_events, new_table

GAMES = [
    pytest.param(2, 1028, {}, None, id="2-seats"),
    pytest.param(3, 1010, {}, ["Ann", "Bo", "紅衣主教"], id="3-seats-named"),
    pytest.param(4, 1017, {"hidden_support": True}, None, id="4-seats-hidden-support"),
    pytest.param(5, 1013, {}, None, id="5-seats"),
]


def choose(legal: list[str], rng: random.Random) -> str:
    """Mostly play cards (they are where the hidden information moves), else anything."""
    plays = [a for a in legal if a.startswith("play:")]
    if plays and rng.random() < 0.8:
        return rng.choice(plays)
    return rng.choice(legal)


@pytest.mark.parametrize(("players", "seed", "options", "names"), GAMES)
def test_no_message_shows_a_seat_what_it_may_not_see(
    serve, players: int, seed: int, options: dict, names: list | None
) -> None:
    rng, sync_rng, check_rng = random.Random(seed), random.Random(-seed), random.Random(seed + 1)
    oracle = Oracle(players, seed, options)
    with serve(known_deals=True) as client:
        made = new_table(client, ["human"] * players, seed=seed, options=options, names=names)
        with LiveTable(client, made, watch=True) as live:
            while (seat := live.to_act()) is not None:
                legal = [a["action"] for a in live.last[seat]["legal"]]
                action = choose(legal, rng)
                oracle.push(seat, action)
                assert live.act(seat, action)["type"] == "state"
                if sync_rng.random() < 0.1:  # a full resend, whole log included
                    who = sync_rng.choice(list(live.sockets))
                    live.sockets[who].send_json({"type": "sync"})
                    assert live._take(who)["log_from"] == 0
            received = live.received
    assert oracle.n > 20 and live.last[0]["over"]
    types = {ev.type for ev in oracle.events}
    assert {"peek", "look", "draw"} <= types, f"seed {seed} no longer covers them: {types}"
    checked = 0
    for seat, messages in received.items():
        assert len(messages) >= oracle.n
        lines: set[str] = set()
        for msg in messages:
            check_message(oracle, msg, seat, check_rng)
            lines.update(text for entry in msg["log"] for text in entry.values())
        checked += check_private_events(oracle, seat, lines, names)
        # the seat heard of every action, in order
        assert sorted({m["n"] for m in messages}) == list(range(oracle.n + 1))
    assert checked > 0
