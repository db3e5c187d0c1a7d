"""Undo: a seat takes back its last decision while no other seat has acted since and
nothing hidden was revealed by it; anything else is refused and changes nothing."""

from __future__ import annotations

import random

from server_support import LiveTable, assert_error, assert_quiet, new_table, seat_state, snapshot

from noblesse.games.guillotine import GAME

SAME = ("n", "view", "legal", "prompt", "to_act", "over", "undo", "seats")


def find_undoable_start(players: int = 2) -> tuple[int, int, str, str]:
    """A seed whose first seat to act can play a movement card and then name a noble
    that needs a distance: (seed, seat, play action, noble action)."""
    for seed in range(500):
        state = GAME.setup(players, seed)
        (seat,) = GAME.to_act(state)
        for play in GAME.legal_actions(state, seat):
            if not GAME.encode(play).startswith("play:"):
                continue
            after_play = GAME.clone(state)
            GAME.apply(after_play, seat, play)
            if GAME.view(after_play, seat)["decision"]["kind"] != "noble":
                continue
            for noble in GAME.legal_actions(after_play, seat):
                after_noble = GAME.clone(after_play)
                GAME.apply(after_noble, seat, noble)
                decision = GAME.view(after_noble, seat)["decision"]
                if decision and decision["kind"] == "distance":
                    return seed, seat, GAME.encode(play), GAME.encode(noble)
    raise AssertionError("no seed in 0..499 starts with a movement card")


def test_a_decision_that_reveals_nothing_can_be_taken_back(serve) -> None:
    seed, seat, play, noble = find_undoable_start()
    other = 1 - seat
    with serve(known_deals=True) as client:
        made = new_table(client, ["human", "human"], seed=seed)
        with LiveTable(client, made, watch=True) as live:
            assert live.to_act() == seat
            msg = live.act(seat, play)
            assert msg["undo"] is False  # the card left the hand: that is public now
            assert_error(live.undo(seat), "refused")
            after_play = {s: {k: live.last[s][k] for k in SAME} for s in live.sockets}
            assert_quiet(live.sockets[seat])
            msg = live.act(seat, noble)
            assert msg["undo"] is True and msg["n"] == 2
            assert msg["view"]["decision"]["kind"] == "distance"
            assert live.last[other]["undo"] is False and live.last[None]["undo"] is False
            # only the seat that decided may take it back
            before = snapshot(client, made)
            assert_error(live.undo(other), "refused")
            assert snapshot(client, made) == before
            msg = live.undo(seat)
            assert msg["type"] == "state" and msg["n"] == 1 and msg["log_from"] == 0
            for s in live.sockets:  # every socket is back where it was after the play
                assert {k: live.last[s][k] for k in SAME} == after_play[s]
            assert client.app.state.manager.store.load(made["id"]).actions == [(seat, play)]
            # the table goes on from there as if the choice had never been made
            msg = live.act(seat, noble)
            assert msg["undo"] is True
            msg = live.act(seat, msg["legal"][0]["action"])
            assert msg["n"] == 3 and msg["undo"] is False
            assert_error(live.undo(seat), "refused")


def test_undo_survives_a_restart(serve) -> None:
    """The table comes back exactly as it was, the right to undo included."""
    seed, seat, play, noble = find_undoable_start()
    with serve(known_deals=True) as client:
        made = new_table(client, ["human", "human"], seed=seed)
        with LiveTable(client, made) as live:
            live.act(seat, play)
            assert live.act(seat, noble)["undo"] is True
        before = snapshot(client, made)
    with serve(known_deals=True) as client:
        assert snapshot(client, made) == before
        assert seat_state(client, made, seat)["undo"] is True
        with LiveTable(client, made) as live:
            msg = live.undo(seat)
            assert msg["type"] == "state" and msg["n"] == 1


def test_a_decision_that_drew_a_card_cannot_be_taken_back(serve) -> None:
    rng = random.Random(2)
    with serve(known_deals=True) as client:
        made = new_table(client, ["human", "human", "human"], seed=2)
        with LiveTable(client, made) as live:
            passes = 0
            while live.to_act() is not None and passes < 3:
                seat = live.to_act()
                legal = [a["action"] for a in live.last[seat]["legal"]]
                action = "pass" if "pass" in legal else rng.choice(legal)
                n = live.last[seat]["n"]
                log_size = len(live.client.app.state.manager.tables[made["id"]].events)
                msg = live.act(seat, action)
                events = live.client.app.state.manager.tables[made["id"]].events[log_size:]
                drew = [ev for _, ev in events if ev.type == "draw" and ev.public["seat"] == seat]
                if action != "pass" or not drew:
                    continue
                passes += 1
                assert msg["undo"] is False and msg["n"] == n + 1
                before = snapshot(client, made)
                for s in live.sockets:  # neither the passer nor anyone else may undo it
                    assert_error(live.undo(s), "refused")
                assert snapshot(client, made) == before
                for ws in live.sockets.values():
                    assert_quiet(ws)
            assert passes == 3


def test_undo_flags_in_a_whole_game_are_only_for_the_seat_that_decided(serve) -> None:
    """Play a game through, taking back every decision that may be taken back once:
    each undo restores the earlier messages exactly; refused ones change nothing."""
    rng = random.Random(9)
    undone = 0
    with serve(known_deals=True) as client:
        made = new_table(client, ["human", "human", "human"], seed=9)
        with LiveTable(client, made) as live:
            previous = {s: live.last[s] for s in live.sockets}
            taken_back = False
            while (seat := live.to_act()) is not None:
                msg = live.act(seat, rng.choice(live.last[seat]["legal"])["action"])
                for s in live.sockets:
                    assert live.last[s]["undo"] is (msg["undo"] and s == seat)
                if msg["undo"] and not taken_back:
                    assert live.undo(seat)["type"] == "state"
                    for s in live.sockets:
                        assert {k: live.last[s][k] for k in SAME if k != "undo"} == {
                            k: previous[s][k] for k in SAME if k != "undo"
                        }
                    undone += 1
                    taken_back = True
                else:
                    taken_back = False
                    previous = {s: live.last[s] for s in live.sockets}
    assert undone > 0
