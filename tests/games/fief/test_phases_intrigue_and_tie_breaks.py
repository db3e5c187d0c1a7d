"""The order of ransoms, purchases and battles, the battle window, the fortification
penalty, the end of disasters, Uprising, Assassination and Justice, the tie-breaks of
simultaneous winners, and the dice in the log."""

from __future__ import annotations

import random
from collections.abc import Callable

from fief_scenario import (
    GAME,
    A,
    B,
    C,
    F,
    L,
    V,
    begin,
    dice,
    do,
    events_of,
    legal,
    lord,
    table,
    troops,
    units,
)

from noblesse.games.fief import flow
from noblesse.games.fief.control import capture
from noblesse.games.fief.state import FiefState

# ------------------------------------------------------------------ purchases (§4.4)


def test_ransoms_come_first_then_purchases_go_round_in_turn_order() -> None:
    """§3 / §4.4: ransoms first (in turn order), then purchases from the first player;
    the captor spends the ransom in the same phase."""
    s = table(3, first=1)
    lo = lord(s, "arthur", 0, "sigy")
    lord(s, "eric", 2, "sigy")
    troops(s, "sigy", 2, 0, 2)
    capture(s, lo, 2, [])
    lord(s, "charles", 0, "blaye")
    lord(s, "gauvain", 1, "tournus")
    s.money[0] = 2  # no title: the cap is 2
    begin(s, "ransoms")
    assert GAME.to_act(s) == (2,) and legal(s, 2) == ["pass", "release:arthur"]
    do(s, 2, "pass")
    assert GAME.to_act(s) == (0,) and legal(s, 0) == ["pass", "ransom:arthur"]
    do(s, 0, "ransom:arthur")
    assert s.money == [0, 0, 2] and s.l_captor[lo] == -1
    assert flow.PHASE_NAMES[s.phase] == "purchase" and GAME.to_act(s) == (1,)
    do(s, 1, "pass")
    assert GAME.to_act(s) == (2,) and "buy:man_at_arms:sigy" in legal(s, 2)
    do(s, 2, "buy:man_at_arms:sigy", "buy:man_at_arms:sigy", "pass")
    assert units(s, "sigy", 2) == (0, 4) and s.money[2] == 0
    assert GAME.to_act(s) == (0,) and legal(s, 0) == ["pass"]  # nothing left to spend


# ------------------------------------------------------------------ battles (§4.6)


def test_battles_are_declared_in_turn_order_each_player_then_the_next() -> None:
    s = table(3, first=1)
    lord(s, "arthur", 0, "sigy")
    troops(s, "sigy", 0, 0, 2)
    troops(s, "sigy", 2, 0, 1)
    lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 0, 2)
    troops(s, "charolles", 2, 0, 1)
    begin(s, "battles")
    assert GAME.to_act(s) == (1,) and legal(s, 1) == ["pass", "battle:charolles"]
    do(s, 1, "battle:charolles", "fight")
    dice(s, 4, 1)  # 2 hits kill seat 2's man; 1 + ... back on seat 1
    do(s, 2, "fight")
    assert units(s, "charolles", 2) == (0, 0) and units(s, "charolles", 1) == (0, 1)
    assert GAME.to_act(s) == (0,)  # seat 1 is done, seat 2 has no lord to attack
    assert legal(s, 0) == ["pass", "battle:sigy"]


def test_the_battle_window_asks_a_leader_holding_any_card_even_an_unplayable_one() -> None:
    """Hand sizes are public, so being asked reveals nothing (issue #8, "any time")."""
    s = table(3)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 0, 3)
    lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 0, 1)
    s.hand[1] = [C["taxes"]]  # nothing to play in a battle
    s.hand[2] = [C["ambush"]]  # not a leader: not asked
    begin(s, "battles")
    do(s, 0, "battle:charolles")
    assert (s.kind, GAME.to_act(s)) == (A.BATTLE_WINDOW, (1,)) and legal(s, 1) == ["pass"]
    do(s, 1, "pass")
    assert (s.kind, GAME.to_act(s)) == (A.ROUND_ATT, (0,))


def test_the_fortification_penalty_never_takes_the_dice_below_zero() -> None:
    """§4.6.3: SP 5 (one die) against a city (-2) rolls no die; the garrison still rolls."""
    s = table(3)
    lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 0, 2)
    s.fort[V["charolles"]] = 2
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 0, 4)
    begin(s, "battles")
    do(s, 0, "battle:charolles", "fight")
    dice(s, 2)
    ev = do(s, 1, "fight")
    assert [r["dice"] for r in events_of(ev, "roll")] == [[], [2]]
    assert events_of(ev, "round")[0]["hits"] == [0, 1]
    assert units(s, "charolles", 0) == (0, 3) and units(s, "charolles", 1) == (0, 2)


# ------------------------------------------------------------------ the deck (§4.2, §4.10)


def test_the_disasters_end_with_the_turn_and_their_cards_are_discarded() -> None:
    s = table(3)
    s.rain[B["sigy"]] = s.famine[B["bourg"]] = s.plague[B["blaye"]] = 1
    s.hit[B["sigy"]] = s.hit[B["bourg"]] = s.hit[B["blaye"]] = 1
    drawn = [C["heavy_rain"], C["famine"], C["plague"]]
    for c in drawn:
        s.fd_deck.remove(c)
    s.set_aside = drawn[:]
    begin(s, "end_of_turn")
    assert not any(s.rain) and not any(s.famine) and not any(s.plague) and not any(s.hit)
    assert s.set_aside == [] and s.fd_discard[-3:] == drawn
    assert GAME.inventory(s)["card"]["heavy_rain"] == 4


# ------------------------------------------------------------------ Uprising (§4.12.1)


def test_uprising_cards_stack_one_die_and_one_hit_each() -> None:
    s = table(3)
    s.fief_holder[F["blaye"]] = lord(s, "arthur", 1, "blaye")
    s.tallage[F["blaye"]] = 1
    lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 1, 3)
    s.mills[V["charolles"]] = 2
    s.hand[0] = [C["uprising"], C["uprising"]]
    begin(s, "income")
    do(s, 0, "play:uprising", "uprising:charolles")
    dice(s, 1, 4)  # 2 dice: 1 + 2 hits, + 1 per card = 5
    ev = do(s, 0, "play:uprising")
    assert events_of(ev, "roll")[0]["dice"] == [1, 4]
    up = events_of(ev, "uprising")[0]
    assert (up["cards"], up["effective"], up["damage"]) == (2, 2, 5)
    assert units(s, "charolles", 1) == (0, 1)  # the knight (3) then two men (2)
    assert s.l_owner[L["charles"]] == 1 and s.mills[V["charolles"]] == 2  # troops left


def test_assassination_needs_a_lord_on_the_board_and_a_marker_left() -> None:
    """§4.12.3: the marker goes on one of the assassin's lords on the board (a lord
    waiting off the board bears none); two markers in all."""
    s = table(3)
    arthur = lord(s, "arthur", 0, "sigy")
    s.l_loc[arthur] = -1  # his only lord waits off the board
    lord(s, "charles", 1, "blaye")
    s.hand[0] = [C["assassination"]]
    begin(s, "income")
    assert 0 not in s.window and "play:assassination" not in legal(s, 0)
    s2 = table(3)
    lord(s2, "arthur", 0, "sigy")
    s2.assassin[lord(s2, "charles", 1, "blaye")] = 1
    s2.assassin[lord(s2, "eric", 2, "tournus")] = 1  # both markers are out
    s2.hand[0] = [C["assassination"]]
    begin(s2, "income")
    assert legal(s2, 0) == ["pass"]  # asked: Justice could be played
    s2.assassin[L["eric"]] = 0
    s2.legal_cache = None
    assert legal(s2, 0) == ["pass", "play:assassination"]


def test_the_assassin_marker_goes_on_a_captive_when_he_is_the_familys_only_lord() -> None:
    """Source "使用暗殺的玩家無論結果如何，都要把刺客標記放到自己控制的某個貴族身上" with
    "肉票依然算在玩家控制的四個貴族內": a captive is one of the lords his family controls,
    so a family whose only lord is a captive may assassinate and he bears the marker."""
    s = table(3)
    arthur = lord(s, "arthur", 0, "sigy")
    troops(s, "sigy", 1, 0, 1)
    capture(s, arthur, 1, [])  # his only lord is a captive
    lord(s, "charles", 1, "blaye")
    s.hand[0] = [C["assassination"]]
    begin(s, "income")
    assert legal(s, 0) == ["pass", "play:assassination"]
    do(s, 0, "play:assassination")
    dice(s, 4)  # 4: Charles lives
    do(s, 0, "dies:charles")
    assert legal(s, 0) == ["assassin_marker:arthur"]
    do(s, 0, "assassin_marker:arthur")
    assert s.assassin[arthur] == 1 and s.l_captor[arthur] == 1


def test_a_family_may_mark_its_captive_rather_than_its_free_lord() -> None:
    s = table(3)
    arthur = lord(s, "arthur", 0, "sigy")
    troops(s, "sigy", 1, 0, 1)
    capture(s, arthur, 1, [])
    lord(s, "eric", 0, "tournus")
    lord(s, "charles", 1, "blaye")
    s.hand[0] = [C["assassination"]]
    begin(s, "income")
    do(s, 0, "play:assassination")
    dice(s, 4)
    do(s, 0, "dies:charles")
    assert legal(s, 0) == ["assassin_marker:arthur", "assassin_marker:eric"]


# ------------------------------------------------------------------ Justice (§4.12.4)


def test_justice_spares_the_king_the_queen_and_the_pope() -> None:
    s = table(3)
    s.king = lord(s, "arthur", 1, "sigy")
    s.queen = lord(s, "blanche", 1, "sigy")
    s.pope = lord(s, "charles", 1, "sigy")
    eric = lord(s, "eric", 1, "sigy")
    for lo in (s.king, s.queen, s.pope, eric):
        s.assassin[lo] = 1
    s.hand[0] = [C["justice"]]
    begin(s, "income")
    do(s, 0, "play:justice")
    assert legal(s, 0) == ["dies:eric"]
    do(s, 0, "dies:eric")
    assert s.l_owner[eric] == -1 and s.l_owner[s.king] == s.l_owner[s.pope] == 1
    s2 = table(3)
    s2.king = lord(s2, "arthur", 1, "sigy")
    s2.assassin[s2.king] = 1
    s2.hand[0] = [C["justice"]]
    begin(s2, "income")
    assert legal(s2, 0) == ["pass"]  # no one Justice may strike


# ------------------------------------------------------------------ ranking (§4.10)


def _turn_limit(setup: Callable[[FiefState], None]) -> list[int]:
    s = table(4, max_turns=1)
    setup(s)
    begin(s, "end_of_turn")
    assert GAME.is_over(s)
    return GAME.winners(s)


def _title(s: FiefState, key: str, seat: int, fief: str) -> int:
    lo = L[key] if s.l_owner[L[key]] >= 0 else lord(s, key, seat, None)
    s.fief_holder[F[fief]] = lo
    return lo


def test_tie_break_the_king_before_the_pope() -> None:
    def setup(s: FiefState) -> None:
        s.king = lord(s, "arthur", 0, None)
        s.pope = lord(s, "charles", 1, None)
        _title(s, "eric", 2, "blaye")
        troops(s, "sigy", 2, 0, 1)

    assert _turn_limit(setup) == [0]


def test_tie_break_the_pope_before_a_fief_lord() -> None:
    def setup(s: FiefState) -> None:
        s.pope = lord(s, "charles", 1, None)
        _title(s, "eric", 2, "blaye")
        troops(s, "sigy", 2, 0, 1)

    assert _turn_limit(setup) == [1]


def test_tie_break_the_queen_regent_before_more_fief_lords() -> None:
    def setup(s: FiefState) -> None:
        s.queen = _title(s, "blanche", 0, "mazilles")  # no King: she is Regent
        s.regent = 1
        _title(s, "eric", 2, "blaye")
        troops(s, "sigy", 2, 0, 1)

    assert _turn_limit(setup) == [0]


def test_tie_break_more_fief_lords_then_more_bishops_then_more_villages() -> None:
    def lords_count(s: FiefState) -> None:
        _title(s, "arthur", 0, "blaye")
        _title(s, "arthur", 0, "mazilles")  # 2 VP, one fief lord
        _title(s, "eric", 2, "sigy")
        _title(s, "henri", 2, "tournus")  # 2 VP, two fief lords
        troops(s, "st_andre", 0, 0, 1)

    def bishops(s: FiefState) -> None:
        s.bishop[B["sigy"]] = _title(s, "arthur", 0, "blaye")
        _title(s, "eric", 2, "mazilles")
        troops(s, "st_andre", 2, 0, 1)

    def all_tied(s: FiefState) -> None:
        _title(s, "arthur", 0, "blaye")
        _title(s, "eric", 2, "mazilles")

    assert _turn_limit(lords_count) == [2]
    assert _turn_limit(bishops) == [0]
    assert _turn_limit(all_tied) == [0, 2]


# ------------------------------------------------------------------ dice (§7.2)


class _CountingRandom(random.Random):
    def __init__(self) -> None:
        super().__init__()
        self.calls = 0

    def random(self) -> float:
        self.calls += 1
        return super().random()

    def getrandbits(self, k: int) -> int:  # shuffles keep drawing bits, not random()
        return super().getrandbits(k)


def test_every_die_rolled_is_a_roll_event_and_the_seed_repeats_the_log() -> None:
    """§7.2: all randomness through one seeded RNG; every d6 is in the log (``roll``)."""
    whys: set[str] = set()
    for seed in range(40):  # random games until a battle was rolled
        if {"battle", "disaster"} <= whys:
            break
        logs = []
        for _ in range(2):
            s = GAME.setup(4, seed, {"max_turns": 6})
            counting = _CountingRandom()
            counting.setstate(s.rng.getstate())
            s.rng = counting
            agent = random.Random(seed)
            log: list[tuple[str, str]] = []
            rolled = 0
            while not GAME.is_over(s):
                seat = agent.choice(GAME.to_act(s))
                for e in GAME.apply(s, seat, agent.choice(GAME.legal_actions(s, seat))):
                    log.append((e.type, repr(e)))
                    if e.type == "roll":
                        rolled += len(e.public["dice"])
                        whys.add(e.public["why"])
            assert rolled == counting.calls  # no die rolled outside the log
            logs.append(log)
        assert logs[0] == logs[1]
    assert {"battle", "disaster"} <= whys
