"""The simultaneous secret throw in whole random games: no view and no event shows a
throw that is in until the other one is in too (spec §6), for 3 to 6 players."""

from __future__ import annotations

import random

import pytest

from noblesse.games.conflicting_legends import GAME
from noblesse.games.conflicting_legends.rules import THROW

SEEDS = range(6)


def one_throw_in(s) -> int | None:
    """The seat whose throw is in while the other's is not, or None."""
    if s.pending is None or s.pending.kind != THROW:
        return None
    a, d = s.war.committed
    if (a < 0) == (d < 0):
        return None
    return s.war.attacker if a >= 0 else s.war.defender


@pytest.mark.parametrize("n", [3, 4, 5, 6])
@pytest.mark.parametrize("seed", SEEDS)
def test_no_view_or_event_shows_a_pending_throw(n: int, seed: int) -> None:
    s = GAME.setup(n, seed)
    rng = random.Random(seed)
    checked = reveals = 0
    while not GAME.is_over(s):
        to_act = GAME.to_act(s)
        seat = rng.choice(to_act)
        action = rng.choice(GAME.legal_actions(s, seat))
        lone = len(to_act) == 2
        events = GAME.apply(s, seat, action)
        if lone:  # the first of the two throws: nothing is told to anyone
            assert events == []
            thrower = one_throw_in(s)
            assert thrower == seat
            side = 0 if thrower == s.war.attacker else 1
            waiting = s.war.defender if side == 0 else s.war.attacker
            assert GAME.to_act(s) == (waiting,)
            views = {v: GAME.view(s, v) for v in [None, *range(n)] if v != thrower}
            legal = GAME.legal_actions(s, waiting)
            for other in range(3):  # had the thrower thrown anything else ...
                alt = GAME.clone(s)
                alt.war.committed[side] = other
                for v, view in views.items():  # ... nobody else would see a difference
                    assert GAME.view(alt, v) == view
                assert GAME.legal_actions(alt, waiting) == legal
            assert GAME.view(s, thrower)["war"]["my_throw"] is not None
            checked += 1
        elif any(e.type == "reveal" for e in events):
            reveal = next(e for e in events if e.type == "reveal")
            assert not reveal.private  # both throws are public at once
            reveals += 1
    assert GAME.winners(s)
    assert checked == reveals  # every reveal followed a lone, untold throw
