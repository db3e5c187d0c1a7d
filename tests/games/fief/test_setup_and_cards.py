"""Setup (§2.8) and the Cards phase (§3.2, §4.1, §5.1)."""

from __future__ import annotations

import random

from fief_scenario import (
    GAME,
    A,
    C,
    L,
    V,
    assert_illegal,
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
from noblesse.games.fief.state import CARD_KIND, LORDS, SEATS


def test_fixed_starts_give_each_family_its_kit_in_its_village() -> None:
    s = GAME.setup(4, 11, {"fixed_starts": True})
    starts = ["blaye", "tournus", "bourg", "sigy"]
    for k, key in enumerate(starts):
        seat = (s.first + k) % 4
        v = V[key]
        assert s.ctrl[v] == seat
        assert s.fort[v] == 1
        assert units(s, key, seat) == (1, 3)
        lords = [lo for lo in range(18) if s.l_owner[lo] == seat]
        assert len(lords) == 1 and s.l_loc[lords[0]] == v
        assert CARD_KIND[LORDS[lords[0]]] == "lord"
    assert s.money == [5, 5, 5, 5]
    assert s.turn == 1 and flow.PHASE_NAMES[s.phase] == "cards"
    assert GAME.to_act(s) == (s.first,)


def test_the_first_player_is_drawn_from_the_seed() -> None:
    firsts = {GAME.setup(4, seed).first for seed in range(20)}
    assert len(firsts) > 1


def test_start_villages_are_picked_in_turn_order_among_empty_villages() -> None:
    s = GAME.setup(3, 5)
    first = s.first
    assert flow.PHASE_NAMES[s.phase] == "setup"
    assert GAME.to_act(s) == (first,)
    assert len(legal(s, first)) == 24
    do(s, first, "start:sigy")
    second = (first + 1) % 3
    assert GAME.to_act(s) == (second,)
    assert "start:sigy" not in legal(s, second)
    assert_illegal(s, second, "start:sigy")
    do(s, second, "start:blaye")
    do(s, (first + 2) % 3, "start:bourg")
    assert s.ctrl[V["sigy"]] == first and s.ctrl[V["bourg"]] == (first + 2) % 3
    assert s.money == [5, 5, 5] and s.turn == 1


def test_the_starting_lord_draw_redraws_cardinal_and_darc() -> None:
    for seed in range(40):
        s = GAME.setup(6, seed, {"fixed_starts": True})
        assert sum(1 for o in s.l_owner if o >= 0) == 6
        assert len(s.lord_deck) == 22 - 6


def _cards_table() -> object:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    troops(s, "blaye", 0, 1, 3)
    s.fort[V["blaye"]] = 1
    return s


def test_draw_two_fortune_cards_with_a_disaster_revealed_and_replaced() -> None:
    s = _cards_table()
    s.fd_deck = [C["taxes"], C["uprising"], C["plague"]]  # top = last
    begin(s, "cards")
    dice(s, 6)  # the plague: no effect
    assert legal(s, 0) == ["pass", "draw:fortune", "draw:mixed"][1:]
    ev = do(s, 0, "draw:fortune")
    assert [e["card"] for e in events_of(ev, "disaster_drawn")] == [C["plague"]]
    assert sorted(s.hand[0]) == sorted([C["uprising"], C["taxes"]])
    assert s.set_aside == [] and s.fd_discard == [C["plague"]]
    drawn = [e for e in ev if e.type == "draw"]
    assert all("card" not in e.for_seat(1) and "card" in e.for_seat(0) for e in drawn)


def test_draw_one_from_each_deck_then_play_the_lord_card() -> None:
    s = _cards_table()
    s.fd_deck = [C["taxes"]]
    s.lord_deck.remove(LORDS[L["blanche"]])
    s.lord_deck.append(LORDS[L["blanche"]])
    begin(s, "cards")
    do(s, 0, "draw:mixed")
    assert sorted(s.hand[0]) == sorted([C["taxes"], C["blanche"]])
    assert legal(s, 0) == ["pass", "play:blanche"]
    ev = do(s, 0, "play:blanche")
    # §5.1.2 tier 1: the family's own stronghold
    assert s.l_loc[L["blanche"]] == V["blaye"] and s.l_owner[L["blanche"]] == 0
    assert events_of(ev, "lord_placed")[0]["village"] == V["blaye"]


def test_placement_rule_with_two_strongholds_asks_where() -> None:
    s = _cards_table()
    lord(s, "charles", 0, "sigy")
    s.fort[V["sigy"]] = 1
    s.hand[0] = [C["eric"]]
    s.fd_deck = [C["taxes"], C["taxes"]]
    begin(s, "cards")
    do(s, 0, "pass", "draw:fortune", "play:eric")
    assert s.kind == A.PLACE
    assert legal(s, 0) == ["place:blaye", "place:sigy"]
    do(s, 0, "place:sigy")
    assert s.l_loc[L["eric"]] == V["sigy"]


def test_placement_falls_to_a_lords_village_then_a_controlled_then_an_empty_one() -> None:
    from noblesse.games.fief.control import placement_options

    s = table(3)
    assert placement_options(s, 0) == list(range(24))  # tier 4: uncontrolled
    troops(s, "sigy", 0, 0, 1)
    assert placement_options(s, 0) == [V["sigy"]]  # tier 3: controlled
    lord(s, "arthur", 0, "bourg")
    assert placement_options(s, 0) == [V["bourg"]]  # tier 2: another lord
    s.fort[V["sigy"]] = 1
    assert placement_options(s, 0) == [V["sigy"]]  # tier 1: stronghold


def test_four_lords_at_most_and_captives_count() -> None:
    s = _cards_table()
    lord(s, "charles", 0, "blaye")
    lord(s, "eric", 0, "blaye")
    lo = lord(s, "henri", 0, "blaye")
    s.l_captor[lo] = 1
    s.free_lords[V["blaye"] * SEATS] -= 1
    s.hand[0] = [C["gauvain"]]
    s.fd_deck = [C["taxes"], C["taxes"]]
    begin(s, "cards")
    do(s, 0, "pass", "draw:fortune")
    # four lords in play (one captive): no lord card may be played, the step is skipped
    assert legal(s, 0) == ["pass"]  # Gauvain cannot be played
    assert_illegal(s, 0, "play:gauvain")
    assert s.l_owner[L["gauvain"]] == -1 and C["gauvain"] in s.hand[0]


def test_14_hand_limit_is_three_at_the_end_of_the_players_cards_step() -> None:
    s = _cards_table()
    s.hand[0] = [C["taxes"], C["uprising"], C["justice"]]
    s.fd_deck = [C["good_weather"], C["ambush"]]
    begin(s, "cards")
    do(s, 0, "pass", "draw:fortune", "pass")
    assert s.kind == A.HAND_LIMIT and len(s.hand[0]) == 5
    assert "pass" not in legal(s, 0)
    do(s, 0, "discard:justice")
    assert s.kind == A.HAND_LIMIT
    do(s, 0, "discard:ambush")
    assert len(s.hand[0]) == 3 and flow.PHASE_NAMES[s.phase] != "cards"
    assert s.fd_discard[-2:] == [C["justice"], C["ambush"]]


def test_discard_then_empty_deck_reshuffles_its_discards() -> None:
    s = _cards_table()
    s.hand[0] = [C["taxes"]]
    s.fd_deck = []
    s.fd_discard = [C["good_weather"]]
    begin(s, "cards")
    ev = do(s, 0, "discard:taxes", "draw:fortune")  # an empty hand skips to the draw
    assert "reshuffle" in [e.type for e in ev]
    assert sorted(s.hand[0]) == sorted([C["good_weather"], C["taxes"]])


def test_determinize_never_deals_a_disaster_into_a_hidden_hand() -> None:
    """Review 1.3: a disaster is placed when drawn, so no hand ever holds one."""
    s = table(3)
    s.hand[1] = [C["taxes"], C["justice"]]
    deck = sorted(s.fd_deck + s.hand[1])
    for k in range(200):
        d = GAME.determinize(s, 0, random.Random(k))
        assert not any(CARD_KIND[c] == "disaster" for c in d.hand[1])
        assert sorted(d.fd_deck + d.hand[1]) == deck
