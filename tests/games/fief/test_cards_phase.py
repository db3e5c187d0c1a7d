"""The Cards phase in the spec's order across the table (§3.2): every player discards,
then every player draws (a disaster revealed and set aside), then the revealed disasters
are placed and the Plague strikes, then every player plays, then the hand limit; and
Joan d'Arc at every window (§4.12.6).

The Fortune & Disaster deck is written bottom first: the last card is drawn first.
Disaster d6: 1-5 names bishopric 1-5 (Blaye, Tournus, St Gérôme, Bourg, Sigy).
"""

from __future__ import annotations

from fief_scenario import (
    GAME,
    A,
    B,
    C,
    L,
    begin,
    dice,
    do,
    events_of,
    legal,
    lord,
    pass_window,
    table,
    troops,
)

from noblesse.games.fief import flow


def _types_with_seats(ev: list) -> list[tuple[str, int | None]]:
    return [
        (e.type, e.for_seat(None).get("seat"))
        for e in ev
        if e.type in ("disaster_drawn", "draw", "roll", "disaster", "disaster_void")
    ]


def test_good_weather_of_b_cancels_the_heavy_rain_c_draws_later_in_the_phase() -> None:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    lord(s, "charles", 1, "sigy")
    lord(s, "eric", 2, "bourg")
    s.hand[1] = [C["good_weather"]]
    # A (seat 0) draws two Taxes, B an Uprising and a Justice, C the Heavy Rain (set
    # aside) and an Ambush in its place
    s.fd_deck = [C["ambush"], C["heavy_rain"], C["justice"], C["uprising"], C["taxes"], C["taxes"]]
    begin(s, "cards")
    assert (s.kind, s.actor) == (A.DISCARD, 1)  # A's hand is empty: B first
    do(s, 1, "pass")
    do(s, 0, "draw:fortune")
    do(s, 1, "draw:fortune")
    dice(s, 1)  # the rain: Blaye
    ev = do(s, 2, "draw:fortune")
    assert _types_with_seats(ev) == [
        ("disaster_drawn", 2),
        ("draw", 2),
        ("roll", 2),
        ("disaster", None),
    ]
    assert s.rain[B["blaye"]] == 1 and s.set_aside == [C["heavy_rain"]]
    assert s.kind == A.WINDOW  # the rain placed: any-time cards
    pass_window(s)
    assert (s.kind, s.actor) == (A.PLAY, 0)  # the Play step, from A
    do(s, 0, "pass")
    assert (s.kind, s.actor) == (A.PLAY, 1)
    assert "play:good_weather" in legal(s, 1)
    do(s, 1, "play:good_weather", "bishopric:blaye")
    assert legal(s, 1) == ["effect:cancel", "effect:bonus"]
    ev = do(s, 1, "effect:cancel")
    assert events_of(ev, "fortune")[0] == {
        "type": "fortune",
        "seat": 1,
        "card": C["good_weather"],
        "bishopric": B["blaye"],
        "effect": "cancel",
    }
    assert s.rain[B["blaye"]] == 0 and s.hit[B["blaye"]] == 1


def test_the_steps_go_round_the_table_one_after_the_other() -> None:
    """First player 1: discards 1, 2, 0; draws 1, 2, 0; plays 1, 2, 0; hand limit."""
    s = table(3, first=1)
    s.hand = [[C["justice"]], [C["taxes"], C["uprising"]], [C["ambush"]]]
    s.fd_deck = [C["good_weather"]] * 6
    begin(s, "cards")
    seen = []
    answers = {A.DISCARD: "pass", A.DRAW: "draw:fortune", A.PLAY: "pass"}
    while flow.PHASE_NAMES[s.phase] == "cards" and s.kind in answers:
        seen.append((flow.KIND_NAMES[s.kind], s.actor, GAME.view(s, 0)["cards_step"]))
        name = answers[s.kind]
        if (s.kind, s.actor) == (A.DISCARD, 2):
            name = "discard:ambush"  # discards go before any draw
        do(s, s.actor, name)
    assert seen == [
        ("discard", 1, "discard"),
        ("discard", 2, "discard"),
        ("discard", 0, "discard"),
        ("draw", 1, "draw"),
        ("draw", 2, "draw"),
        ("draw", 0, "draw"),
        ("play", 1, "play"),
        ("play", 2, "play"),
        ("play", 0, "play"),
    ]
    assert (s.kind, s.actor) == (A.HAND_LIMIT, 1)  # 4 cards: one to go
    assert s.fd_discard == [C["ambush"]]  # not reshuffled: 6 in the deck
    do(s, 1, "discard:uprising")
    # seats 2 and 0 hold 2 and 3: the Cards phase is over; Income asks nobody (no lord
    # on the board, no tax: no any-time card could be played) and Ransoms nobody either
    assert flow.PHASE_NAMES[s.phase] == "purchase"


def test_a_lord_card_drawn_stays_secret_and_the_disaster_is_public() -> None:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    s.fd_deck = [C["taxes"], C["famine"]]
    s.lord_deck.remove(C["blanche"])
    s.lord_deck.append(C["blanche"])
    begin(s, "cards")
    dice(s, 2)
    ev = do(s, 0, "draw:mixed")
    drawn = events_of(ev, "disaster_drawn")
    assert drawn == [
        {"type": "disaster_drawn", "seat": 0, "card": C["famine"]}
    ]  # public, to everyone
    for e in ev:
        if e.type == "draw":
            assert "card" in e.for_seat(0) and "card" not in e.for_seat(1)
    assert sorted(s.hand[0]) == sorted([C["taxes"], C["blanche"]])
    assert s.famine[B["tournus"]] == 1


def test_the_revealed_disasters_are_placed_after_every_draw_three_at_most() -> None:
    """A rain, B a famine, C a famine and a plague: placed in the order drawn once C has
    drawn; the plague, a 4th disaster, is void without a roll."""
    s = table(3)
    # drawn: A rain (set aside), Justice, Taxes; B famine, Justice, Taxes; C famine,
    # Taxes, plague, Taxes
    s.fd_deck = [
        C["taxes"],
        C["plague"],
        C["taxes"],
        C["famine"],
        C["taxes"],
        C["justice"],
        C["famine"],
        C["taxes"],
        C["justice"],
        C["heavy_rain"],
    ]
    begin(s, "cards")
    dice(s, 1, 2, 3)
    ev = do(s, 0, "draw:fortune") + do(s, 1, "draw:fortune")
    assert not events_of(ev, "roll") and not any(s.hit)  # revealed, not placed yet
    assert [e["card"] for e in events_of(ev, "disaster_drawn")] == [C["heavy_rain"], C["famine"]]
    assert GAME.view(s, 2)["disasters_to_place"] == ["heavy_rain", "famine"]
    assert GAME.inventory(s)["card"]["heavy_rain"] == 1  # counted while set aside
    ev = do(s, 2, "draw:fortune")
    assert [(r["seat"], r["dice"]) for r in events_of(ev, "roll")] == [(0, [1]), (1, [2]), (2, [3])]
    assert s.rain[B["blaye"]] and s.famine[B["tournus"]] and s.famine[B["st_gerome"]]
    assert events_of(ev, "disaster_void") == [
        {"type": "disaster_void", "card": C["plague"], "why": "limit"}
    ]
    assert s.set_aside == [C["heavy_rain"], C["famine"], C["famine"]]
    assert s.fd_discard == [C["plague"]] and not any(s.plague)
    assert sorted(s.hand[2]) == sorted([C["taxes"], C["taxes"]])
    assert s.revealed == [] and s.revealed_by == []


def test_a_bishopric_struck_by_an_earlier_players_disaster_is_rerolled() -> None:
    """A's famine lands on Bourg; B's rain rolls Bourg too and is rerolled (a 6 on the
    reroll: no effect; a 5: Sigy)."""
    s = table(3)
    s.fd_deck = [C["taxes"], C["heavy_rain"], C["justice"], C["taxes"], C["famine"]]
    begin(s, "cards")
    do(s, 0, "draw:fortune")
    dice(s, 4, 4, 6, 5)
    ev = do(s, 1, "draw:fortune")
    rolls = events_of(ev, "roll")
    assert [(r["seat"], r["dice"]) for r in rolls] == [(0, [4]), (1, [4]), (1, [6])]
    assert s.famine[B["bourg"]] and not any(s.rain)  # the reroll's 6: no effect
    assert events_of(ev, "disaster_void") == [
        {"type": "disaster_void", "card": C["heavy_rain"], "why": "six"}
    ]
    assert s.dice.queue == [5]
    s2 = table(3)
    s2.fd_deck = [C["taxes"], C["heavy_rain"], C["justice"], C["taxes"], C["famine"]]
    begin(s2, "cards")
    do(s2, 0, "draw:fortune")
    dice(s2, 4, 4, 5)
    do(s2, 1, "draw:fortune")
    assert s2.famine[B["bourg"]] and s2.rain[B["sigy"]] and sum(s2.hit) == 2


def test_the_plague_strikes_after_every_disaster_is_placed() -> None:
    """A's plague and B's famine are both placed before the plague's death roll."""
    s = table(3)
    lord(s, "arthur", 0, "sigy")
    troops(s, "sigy", 0, 0, 2)
    s.fd_deck = [C["taxes"], C["famine"], C["justice"], C["taxes"], C["plague"]]
    begin(s, "cards")
    do(s, 0, "draw:fortune")
    dice(s, 5, 2, 3)  # plague Sigy, famine Tournus, Arthur rolls 3: dies
    ev = do(s, 1, "draw:fortune")
    order = [
        (e.type, e.for_seat(None).get("why"))
        for e in ev
        if e.type in ("roll", "disaster", "lord_died", "plague_losses")
    ]
    assert order[:4] == [
        ("roll", "disaster"),
        ("disaster", None),
        ("roll", "disaster"),
        ("disaster", None),
    ]
    assert order[4] == ("roll", "plague")
    assert s.l_owner[L["arthur"]] == -1 and s.plague[B["sigy"]] and s.famine[B["tournus"]]
    assert events_of(ev, "plague_losses")[0]["men_at_arms"] == 1


# ------------------------------------------------------------------ Joan d'Arc


def _battle_at_charolles(darc_seat: int) -> object:
    """Seat 0 (Blanche, Arthur, a knight, 2 men-at-arms: 6 SP, 1 die) attacks seat 1
    (Charles, 3 men-at-arms) at Charolles; ``darc_seat`` holds d'Arc."""
    s = table(3)
    lord(s, "blanche", 0, "charolles")
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 1, 2)
    lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 0, 3)
    s.lord_deck.remove(C["darc"])
    s.hand[darc_seat] = [C["darc"]]
    begin(s, "battles")
    do(s, 0, "battle:charolles")
    return s


def test_joan_played_in_the_battle_window_gives_her_side_the_extra_die() -> None:
    """Blanche becomes Joan before the first round: 1 SP (7 SP: 2 dice) and one more
    die, 3 dice against 1; without her, 1 die against 1."""
    s = _battle_at_charolles(0)
    assert (s.kind, s.actor) == (A.BATTLE_WINDOW, 0)
    assert legal(s, 0) == ["pass", "play:darc"]
    do(s, 0, "play:darc")
    assert legal(s, 0) == ["joan:blanche"]
    ev = do(s, 0, "joan:blanche")
    assert s.joan == L["blanche"] and events_of(ev, "joan")
    assert (s.kind, s.actor) == (A.ROUND_ATT, 0)  # the battle goes on
    do(s, 0, "fight")
    dice(s, 1, 1, 1, 1)
    ev = do(s, 1, "fight")
    assert [len(r["dice"]) for r in events_of(ev, "roll")] == [3, 1]
    without = _battle_at_charolles(0)
    do(without, 0, "pass", "fight")
    dice(without, 1, 1)
    ev = do(without, 1, "fight")
    assert [len(r["dice"]) for r in events_of(ev, "roll")] == [1, 1]


def test_the_defender_may_play_joan_on_the_attackers_lady_in_the_battle_window() -> None:
    """ "Of any family": the defender's d'Arc on Blanche helps the attacker's side."""
    s = _battle_at_charolles(1)
    assert (s.kind, s.actor) == (A.BATTLE_WINDOW, 1)
    do(s, 1, "play:darc", "joan:blanche")
    assert s.joan == L["blanche"] and (s.kind, s.actor) == (A.ROUND_ATT, 0)
    assert C["darc"] not in s.hand[1] and GAME.inventory(s)["card"]["darc"] == 1


def test_joan_in_the_cards_play_step_even_with_four_lords() -> None:
    s = table(3)
    lord(s, "blanche", 1, "sigy")
    for key in ("arthur", "charles", "eric", "gauvain"):
        lord(s, key, 0, "blaye")
    s.lord_deck.remove(C["darc"])
    s.lord_deck.remove(C["henri"])
    s.hand[0] = [C["darc"], C["henri"]]
    s.fd_deck = [C["taxes"], C["taxes"]]
    begin(s, "cards")
    do(s, 0, "pass", "draw:fortune")
    assert (s.kind, s.actor) == (A.PLAY, 0)
    assert legal(s, 0) == ["pass", "play:darc"]  # no room for Henri
    do(s, 0, "play:darc", "joan:blanche")
    assert s.joan == L["blanche"] and s.l_owner[L["blanche"]] == 1
    assert (s.kind, s.actor) == (A.PLAY, 0)  # he may go on playing
    assert legal(s, 0) == ["pass"]
