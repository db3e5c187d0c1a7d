"""Dynasty and crown (Fief II): the married victory (§4.10, §5.8), succession at a death
(§5.3), the Queen and the Crown Prince (§5.7), Cardinals and the biretta (§4.12.7, §5.4),
the King's grants (§5.7) and the ransom of office holders (§6 #11). Marriages and
offices are set by hand: the Announcements phase that makes them is built elsewhere."""

from __future__ import annotations

from fief_scenario import (
    GAME,
    A,
    B,
    C,
    F,
    L,
    V,
    assert_illegal,
    begin,
    do,
    events_of,
    legal,
    lord,
    table,
    troops,
    units,
)

from noblesse.games.fief import flow
from noblesse.games.fief.crown import crown_family, crown_pope
from noblesse.games.fief.death import kill
from noblesse.games.fief.economy import ransom_cap
from noblesse.games.fief.endturn import rank_key
from noblesse.games.fief.marriage import allied
from noblesse.games.fief.state import VP_REGENT, victory_points


def marry(s: object, a: int, b: int) -> None:
    s.spouse[a], s.spouse[b] = b, a


def titles(s: object, holders: dict[str, int]) -> None:
    for fief, lo in holders.items():
        s.fief_holder[F[fief]] = lo


# ------------------------------------------------------------------ victory


def test_a_married_pair_wins_together_with_four_vp_combined() -> None:
    s = table(3)
    a = lord(s, "arthur", 0, "blaye")
    b = lord(s, "blanche", 1, "sigy")
    marry(s, a, b)
    assert allied(s, 0, 1) and allied(s, 1, 0) and not allied(s, 0, 2)
    titles(s, {"blaye": a, "mazilles": a, "sigy": b, "bourg": b})
    begin(s, "end_of_turn")
    assert GAME.is_over(s) and GAME.winners(s) == [0, 1]
    assert GAME.returns(s) == [0.5, 0.5, 0.0]


def test_a_married_family_cannot_win_alone_with_three() -> None:
    s = table(3)
    a = lord(s, "arthur", 0, "blaye")
    b = lord(s, "blanche", 1, "sigy")
    c = lord(s, "charles", 0, "mazilles")
    marry(s, a, b)
    titles(s, {"blaye": a, "mazilles": a, "sigy": c})
    begin(s, "end_of_turn")
    assert s.vp == [3, 0, 0] and not GAME.is_over(s)
    s.spouse = [-1] * len(s.spouse)  # unmarried, the same 3 VP win
    begin(s, "end_of_turn")
    assert GAME.is_over(s) and GAME.winners(s) == [0]


def test_three_vp_combined_is_not_enough_for_a_pair() -> None:
    s = table(3)
    a = lord(s, "arthur", 0, "blaye")
    b = lord(s, "blanche", 1, "sigy")
    marry(s, a, b)
    titles(s, {"blaye": a, "mazilles": a, "sigy": b})
    begin(s, "end_of_turn")
    assert not GAME.is_over(s)


def test_a_king_alone_outranks_a_pair_reaching_its_target_the_same_turn() -> None:
    """Both sides exactly at their target (3 alone, 4 married): the King decides."""
    s = table(3)
    a = lord(s, "arthur", 0, "blaye")
    b = lord(s, "blanche", 1, "sigy")
    marry(s, a, b)
    titles(s, {"blaye": a, "mazilles": a, "sigy": b, "bourg": b})
    k = lord(s, "charles", 2, "tournus")
    titles(s, {"tournus": k, "st_gerome": k})
    s.king = k
    begin(s, "end_of_turn")
    assert s.vp == [2, 2, 3]
    assert GAME.is_over(s) and GAME.winners(s) == [2]


def test_the_king_outranks_a_pair_with_more_vp_beyond_its_target() -> None:
    """§4.10 "Several winners at once: rank by King > Pope > ..." (source "平手就依照下列
    順序排名 國王 > 教宗 > …"): the pair's 5 VP (one beyond its 4) do not come first."""
    s = table(3)
    a = lord(s, "arthur", 0, "blaye")
    b = lord(s, "blanche", 1, "sigy")
    c = lord(s, "eric", 1, "st_paul")
    marry(s, a, b)
    titles(s, {"blaye": a, "mazilles": a, "sigy": b, "bourg": b, "les_essarts": c})
    k = lord(s, "charles", 2, "tournus")
    titles(s, {"tournus": k, "st_gerome": k})
    s.king = k
    begin(s, "end_of_turn")
    assert s.vp == [2, 3, 3]
    assert GAME.is_over(s) and GAME.winners(s) == [2]


def test_a_pair_holding_the_king_outranks_a_family_alone_with_more_vp_beyond_its_target() -> None:
    """A family alone at 4 VP (one beyond its 3) and a married pair at exactly 4 whose
    husband is King: the King's side wins."""
    s = table(3)
    a = lord(s, "arthur", 0, "blaye")
    b = lord(s, "blanche", 1, "sigy")
    marry(s, a, b)
    s.king = a
    titles(s, {"blaye": a, "sigy": b, "bourg": b})
    c = lord(s, "charles", 2, "tournus")
    e = lord(s, "eric", 2, "st_paul")
    titles(s, {"tournus": c, "st_gerome": c, "les_essarts": e, "mazilles": e})
    begin(s, "end_of_turn")
    assert s.vp == [2, 2, 4]
    assert GAME.is_over(s) and GAME.winners(s) == [0, 1]


def test_the_queen_regent_has_no_vp_but_ranks_third() -> None:
    s = table(3)
    q = lord(s, "isabelle", 1, "sigy")
    s.queen, s.regent = q, 1
    titles(s, {"sigy": q})
    assert victory_points(s) == [0, 1, 0]
    assert rank_key(s, 1)[3] == 1
    s.regent = 0  # a Queen beside a King: no rank
    assert rank_key(s, 1)[3] == 0


def test_the_turn_limit_names_both_families_of_the_best_pair() -> None:
    s = table(3, max_turns=1)
    a = lord(s, "arthur", 0, "blaye")
    b = lord(s, "blanche", 2, "sigy")
    marry(s, a, b)
    titles(s, {"blaye": a, "mazilles": a, "sigy": b})  # 3 combined: 1 short of 4
    c = lord(s, "charles", 1, "bourg")
    titles(s, {"bourg": c})  # 1 alone: 2 short of 3
    begin(s, "end_of_turn")
    assert GAME.is_over(s) and GAME.winners(s) == [0, 2]


# ------------------------------------------------------------------ succession


def test_a_widow_inherits_the_last_lords_titles_fortress_and_troops() -> None:
    """§5.3 married row, last lord: titles, the family's city in the fief and the troops
    inside it change colour; the empty villages of the fief follow the new holder."""
    s = table(3)
    a = lord(s, "arthur", 0, "blaye")
    troops(s, "blaye", 0, 2, 3)
    s.fort[V["blaye"]] = 2
    troops(s, "charolles", 0, 0, 1)
    s.ctrl[V["la_salle"]] = 0  # empty, governed by seat 0
    titles(s, {"blaye": a})
    b = lord(s, "blanche", 1, "sigy")
    marry(s, a, b)
    captive = lord(s, "charles", 2, "blaye")
    s.free_lords[V["blaye"] * 6 + 2] -= 1
    s.l_captor[captive] = 0
    ev: list = []
    kill(s, a, "battle", ev)
    assert s.fief_holder[F["blaye"]] == b
    assert units(s, "blaye", 1) == (2, 3) and units(s, "blaye", 0) == (0, 0)
    assert s.ctrl[V["blaye"]] == 1 and s.fort[V["blaye"]] == 2
    assert s.l_captor[captive] == 1  # kept by the heir's troops
    assert units(s, "charolles", 0) == (0, 1) and s.ctrl[V["charolles"]] == 0
    assert s.ctrl[V["la_salle"]] == 1
    assert s.spouse[b] == -1 and not allied(s, 0, 1)
    assert events_of(ev, "title_inherited") and events_of(ev, "fortress_inherited")


def test_a_married_lord_with_family_left_passes_his_title_in_the_family() -> None:
    s = table(3)
    a = lord(s, "arthur", 0, "blaye")
    e = lord(s, "eric", 0, "sigy")
    troops(s, "blaye", 0, 1, 0)
    s.fort[V["blaye"]] = 2
    titles(s, {"blaye": a})
    b = lord(s, "blanche", 1, "bourg")
    marry(s, a, b)
    ev: list = []
    kill(s, a, "battle", ev)
    assert s.fief_holder[F["blaye"]] == e
    assert units(s, "blaye", 0) == (1, 0) and units(s, "blaye", 1) == (0, 0)
    assert s.spouse[b] == -1 and events_of(ev, "widowed")
    assert not events_of(ev, "title_inherited")


def test_an_unmarried_last_lords_title_returns_to_the_board() -> None:
    s = table(3)
    a = lord(s, "arthur", 0, "blaye")
    titles(s, {"blaye": a})
    kill(s, a, "battle", [])
    assert s.fief_holder[F["blaye"]] == -1


def test_the_clergy_at_a_death_bishop_and_pope_vacant_cardinal_card_discarded() -> None:
    s = table(3)
    bishop = lord(s, "arthur", 0, "blaye")
    s.bishop[B["blaye"]] = bishop
    s.cardinal[bishop] = 1
    pope = lord(s, "charles", 1, "sigy")
    s.bishop[B["sigy"]] = pope
    s.pope = pope
    s.lord_deck.remove(C["cardinal"])
    before = GAME.inventory(s)["card"]
    ev: list = []
    kill(s, bishop, "battle", ev)
    assert s.bishop[B["blaye"]] == -1 and s.cardinal[bishop] == 0
    assert s.lord_discard.count(C["cardinal"]) == 1
    assert GAME.inventory(s)["card"] == before
    kill(s, pope, "battle", ev)
    assert s.pope == -1 and s.bishop[B["sigy"]] == -1
    assert [e["office"] for e in events_of(ev, "office_vacant")] == ["bishop", "bishop", "pope"]


def test_the_crown_prince_is_king_at_once_and_his_wife_queen() -> None:
    s = table(4)
    king = lord(s, "arthur", 0, "blaye")
    queen = lord(s, "isabelle", 1, "sigy")
    marry(s, king, queen)
    prince = lord(s, "henri", 1, "sigy")
    wife = lord(s, "jeanne", 2, "bourg")
    marry(s, prince, wife)
    s.king, s.queen, s.crown_prince = king, queen, prince
    ev: list = []
    kill(s, king, "assassination", ev)
    assert (s.king, s.queen, s.crown_prince, s.regent) == (prince, wife, -1, 0)
    assert s.spouse[queen] == -1 and events_of(ev, "crowned")
    assert crown_family(s) == 1


def test_without_a_crown_prince_the_queen_is_regent_with_the_kings_tallage() -> None:
    s = table(3)
    king = lord(s, "arthur", 0, "blaye")
    queen = lord(s, "isabelle", 1, "sigy")
    marry(s, king, queen)
    s.king, s.queen = king, queen
    assert crown_family(s) == 0
    ev: list = []
    kill(s, king, "battle", ev)
    assert (s.king, s.queen, s.regent) == (-1, queen, 1) and events_of(ev, "queen_regent")
    assert crown_family(s) == 1
    s.hand = [[], [C["taxes"]], []]
    s.fd_deck, s.fd_discard, s.first = [C["justice"], C["justice"]], [], 1
    begin(s, "cards")
    do(s, 1, "pass", "draw:fortune", "play:taxes")
    assert "tallage:mazilles" in legal(s, 1)  # a fief nobody controls
    kill(s, queen, "battle", [])
    assert (s.queen, s.regent) == (-1, 0) and crown_family(s) == -1


def test_without_queen_or_prince_the_throne_is_vacant() -> None:
    s = table(3)
    s.king = lord(s, "arthur", 0, "blaye")
    ev: list = []
    kill(s, s.king, "battle", ev)
    assert (s.king, s.queen, s.regent) == (-1, -1, 0)
    assert [e["office"] for e in events_of(ev, "office_vacant")] == ["king"]


# ------------------------------------------------------------------ the Crown Prince


def _play_step(s: object, seat: int, hand: list[int]) -> None:
    """``seat`` (first player) holds ``hand`` and reaches the Play step alone."""
    s.hand = [[] for _ in s.hand]
    s.hand[seat] = list(hand)
    s.fd_deck = [C["justice"], C["justice"]]
    s.fd_discard = []
    s.first = seat
    begin(s, "cards")
    do(s, seat, "pass", "draw:fortune")


def _crown(n: int = 3) -> object:
    s = table(n)
    s.king = lord(s, "arthur", 0, "blaye")
    s.queen = lord(s, "isabelle", 1, "sigy")
    marry(s, s.king, s.queen)
    s.lord_deck.remove(C["henri"])
    s.lord_deck.remove(C["jeanne"])
    return s


def test_the_queens_family_may_play_a_male_lord_as_the_crown_prince() -> None:
    s = _crown()
    _play_step(s, 1, [C["henri"]])
    ev = do(s, 1, "play:henri")
    assert legal(s, 1) == ["prince:yes", "prince:no"]
    ev = do(s, 1, "prince:yes")
    assert s.crown_prince == L["henri"] and events_of(ev, "crown_prince")
    assert s.l_loc[L["henri"]] == V["sigy"]  # placed as any new lord
    assert s.kind == A.PLAY and GAME.to_act(s) == (1,)


def test_an_ordinary_lord_of_the_queens_family_is_no_prince() -> None:
    s = _crown()
    _play_step(s, 1, [C["henri"]])
    do(s, 1, "play:henri", "prince:no")
    assert s.crown_prince == -1 and s.l_loc[L["henri"]] == V["sigy"]


def test_no_crown_prince_from_a_lady_a_captive_queen_another_family_or_no_king() -> None:
    s = _crown()
    _play_step(s, 1, [C["jeanne"]])
    do(s, 1, "play:jeanne")
    assert s.kind == A.PLAY and s.crown_prince == -1  # a lady: not asked
    s = _crown()
    lord(s, "eric", 1, "sigy")
    troops(s, "sigy", 0, 0, 1)  # her keepers
    s.l_captor[s.queen] = 0
    s.free_lords[V["sigy"] * 6 + 1] -= 1
    _play_step(s, 1, [C["henri"]])
    do(s, 1, "play:henri")
    assert s.kind != A.CROWN_PRINCE and s.crown_prince == -1  # she is a captive
    s = _crown()
    _play_step(s, 0, [C["henri"]])  # the King's family: no
    do(s, 0, "play:henri")
    assert s.kind != A.CROWN_PRINCE
    s = _crown()
    s.king, s.regent = -1, 1  # the King is dead
    _play_step(s, 1, [C["henri"]])
    do(s, 1, "play:henri")
    assert s.kind != A.CROWN_PRINCE


def test_justice_spares_the_crown_prince_king_queen_and_pope() -> None:
    s = table(3)
    royals = [lord(s, k, 0, "blaye") for k in ("arthur", "isabelle", "henri", "charles")]
    s.king, s.queen, s.crown_prince, s.pope = royals
    other = lord(s, "eric", 0, "sigy")
    for lo in (*royals, other):
        s.assassin[lo] = 1
    s.hand[1] = [C["justice"]]
    begin(s, "income")
    do(s, 1, "play:justice")
    assert legal(s, 1) == ["dies:eric"]


# ------------------------------------------------------------------ Cardinals


def _clergy(n: int = 3) -> object:
    s = table(n)
    s.bishop[B["blaye"]] = lord(s, "arthur", 0, "blaye")
    s.bishop[B["sigy"]] = lord(s, "charles", 1, "sigy")
    s.lord_deck.remove(C["cardinal"])
    return s


def test_a_cardinal_card_on_a_bishop_of_the_family_without_a_pope() -> None:
    s = _clergy()
    _play_step(s, 0, [C["cardinal"]])
    assert "play:cardinal" in legal(s, 0)
    do(s, 0, "play:cardinal")
    assert legal(s, 0) == ["cardinal:arthur"]  # his own family's Bishop
    ev = do(s, 0, "cardinal:arthur")
    assert s.cardinal[L["arthur"]] == 1 and events_of(ev, "cardinal")
    assert GAME.inventory(s)["card"]["cardinal"] == 3
    assert s.kind == A.PLAY and GAME.to_act(s) == (0,)


def test_the_cardinal_card_is_not_playable_without_a_bishop_of_the_family() -> None:
    s = _clergy()
    s.bishop[B["blaye"]] = -1
    _play_step(s, 0, [C["cardinal"]])
    assert legal(s, 0) == ["pass"]  # asked all the same
    assert_illegal(s, 0, "play:cardinal")


def test_the_pope_approves_a_cardinal() -> None:
    s = _clergy()
    s.pope = lord(s, "eric", 2, "bourg")
    s.bishop[B["bourg"]] = s.pope
    _play_step(s, 0, [C["cardinal"]])
    do(s, 0, "play:cardinal", "cardinal:arthur")
    assert GAME.to_act(s) == (2,) and legal(s, 2) == ["consent:yes", "consent:no"]
    assert GAME.inventory(s)["card"]["cardinal"] == 3  # in play, still counted
    do(s, 2, "consent:yes")
    assert s.cardinal[L["arthur"]] == 1 and GAME.to_act(s) == (0,)


def test_a_vetoed_cardinal_card_goes_to_another_bishop_of_the_popes_choice() -> None:
    s = _clergy()
    s.pope = lord(s, "eric", 2, "bourg")
    s.bishop[B["bourg"]] = s.pope
    _play_step(s, 0, [C["cardinal"]])
    do(s, 0, "play:cardinal", "cardinal:arthur")
    ev = do(s, 2, "consent:no")
    assert events_of(ev, "cardinal_vetoed")
    assert legal(s, 2) == ["pass", "cardinal:charles"]  # not the Pope, not Arthur
    do(s, 2, "cardinal:charles")
    assert s.cardinal[L["charles"]] == 1 and s.cardinal[L["arthur"]] == 0
    assert s.kind == A.PLAY and GAME.to_act(s) == (0,)


def test_a_vetoed_cardinal_card_may_simply_be_discarded() -> None:
    s = _clergy()
    s.pope = lord(s, "eric", 2, "bourg")
    _play_step(s, 0, [C["cardinal"]])
    do(s, 0, "play:cardinal", "cardinal:arthur")
    do(s, 2, "consent:no", "pass")
    assert not any(s.cardinal) and s.lord_discard == [C["cardinal"]]
    assert GAME.inventory(s)["card"]["cardinal"] == 3


def test_the_pope_of_the_same_family_is_not_asked() -> None:
    s = _clergy()
    s.pope = lord(s, "eric", 0, "bourg")
    _play_step(s, 0, [C["cardinal"]])
    do(s, 0, "play:cardinal", "cardinal:arthur")
    assert s.cardinal[L["arthur"]] == 1 and s.kind == A.PLAY


def test_a_cardinal_card_at_the_intrigue_window() -> None:
    s = _clergy()
    s.hand[0] = [C["cardinal"]]
    begin(s, "income")
    assert legal(s, 0) == ["pass", "play:cardinal"]
    do(s, 0, "play:cardinal", "cardinal:arthur")
    assert s.cardinal[L["arthur"]] == 1 and s.hand[0] == []


def test_a_cardinal_card_at_the_battle_window_then_the_battle_goes_on() -> None:
    s = _clergy()
    troops(s, "blaye", 0, 2, 2)
    lord(s, "eric", 1, "blaye")
    troops(s, "blaye", 1, 0, 1)
    s.hand[0] = [C["cardinal"]]
    begin(s, "battles")
    do(s, 0, "battle:blaye")
    assert s.kind == A.BATTLE_WINDOW and "play:cardinal" in legal(s, 0)
    do(s, 0, "play:cardinal", "cardinal:arthur")
    assert s.cardinal[L["arthur"]] == 1 and s.kind == A.ROUND_ATT


def test_a_pope_discards_his_cardinal_card_and_keeps_his_bishopric() -> None:
    s = _clergy()
    s.cardinal[L["arthur"]] = 1
    ev: list = []
    crown_pope(s, L["arthur"], ev)
    assert s.pope == L["arthur"] and s.cardinal[L["arthur"]] == 0
    assert s.bishop[B["blaye"]] == L["arthur"] and s.lord_discard == [C["cardinal"]]
    assert ransom_cap(s, L["arthur"]) == 2 + 2 * 2  # Bishop + Pope (§6 #11)


# ------------------------------------------------------------------ the biretta


def test_the_biretta_makes_a_cardinal_for_five_deniers_once() -> None:
    s = _clergy()
    s.money = [7, 9, 0]
    begin(s, "purchase")
    assert "biretta:arthur" in legal(s, 0) and "biretta:charles" not in legal(s, 0)
    ev = do(s, 0, "biretta:arthur")
    assert s.cardinal[L["arthur"]] == 2 and s.money[0] == 2 and events_of(ev, "cardinal")
    assert GAME.inventory(s)["piece"]["biretta"] == 1
    assert "biretta:arthur" not in legal(s, 0)
    do(s, 0, "pass")
    assert "biretta:charles" not in legal(s, 1)  # one biretta in the game
    kill(s, L["arthur"], "battle", [])  # back to the supply
    s.legal_cache = None
    assert "biretta:charles" in legal(s, 1)
    assert C["cardinal"] not in s.lord_discard


def test_the_biretta_needs_five_deniers_and_the_popes_consent() -> None:
    s = _clergy()
    s.pope = lord(s, "eric", 2, "bourg")
    s.money = [4, 0, 0]
    begin(s, "purchase")
    assert "biretta:arthur" not in legal(s, 0)
    s.money[0] = 5
    s.legal_cache = None
    do(s, 0, "biretta:arthur")
    assert GAME.to_act(s) == (2,) and legal(s, 2) == ["consent:yes", "consent:no"]
    do(s, 2, "consent:no")  # vetoed: nothing paid
    assert s.cardinal[L["arthur"]] == 0 and s.money[0] == 5
    assert s.kind == A.PURCHASE and GAME.to_act(s) == (0,)


def test_a_vetoed_biretta_is_not_asked_for_again_in_the_same_purchase_phase() -> None:
    """A veto costs nothing, so a family asks for the biretta once a Purchase phase
    (``biretta_asks_per_phase`` [assumed]; else asking and vetoing never end); in the
    next Purchase phase it may ask again."""
    s = _clergy()
    s.pope = lord(s, "eric", 2, "bourg")
    s.money = [5, 0, 0]
    begin(s, "purchase")
    do(s, 0, "biretta:arthur")
    do(s, 2, "consent:no")
    assert s.kind == A.PURCHASE and GAME.to_act(s) == (0,)
    assert "biretta:arthur" not in legal(s, 0) and "pass" in legal(s, 0)
    begin(s, "purchase")
    assert "biretta:arthur" in legal(s, 0)


# ------------------------------------------------------------------ the King's grant


def _vacant_bourg(s: object) -> int:
    """Seat 1 holds every village of Bourg with a stronghold; the title is vacant."""
    b = lord(s, "charles", 1, "bourg")
    for v in ("villeneuve", "la_buissiere", "bourg", "st_vivien"):
        troops(s, v, 1, 0, 1)
    s.fort[V["bourg"]] = 1
    return b


def test_the_king_grants_a_vacant_title_free_to_a_qualifying_lord() -> None:
    s = table(3)
    s.king = lord(s, "arthur", 0, "blaye")
    b = _vacant_bourg(s)
    s.money = [0, 0, 0]
    begin(s, "purchase")
    assert "grant:bourg" in legal(s, 0) and "grant:sigy" not in legal(s, 0)
    do(s, 0, "grant:bourg")
    assert legal(s, 0) == ["grant_to:charles"]
    ev = do(s, 0, "grant_to:charles")
    assert s.fief_holder[F["bourg"]] == b and s.money == [0, 0, 0]
    assert events_of(ev, "royal_grant")
    assert GAME.to_act(s) == (1,) and legal(s, 1) == ["city:none", "city:bourg"]
    do(s, 1, "city:bourg")  # the grantee's city
    assert s.fort[V["bourg"]] == 2
    assert s.kind == A.PURCHASE and GAME.to_act(s) == (0,)
    assert "grant:bourg" not in legal(s, 0)


def test_only_the_crown_grants_titles_the_queen_regent_too() -> None:
    s = table(3)
    _vacant_bourg(s)
    lord(s, "arthur", 0, "blaye")
    begin(s, "purchase")
    assert "grant:bourg" not in legal(s, 0)
    s = table(3)
    _vacant_bourg(s)
    s.queen, s.regent = lord(s, "isabelle", 0, "blaye"), 1
    begin(s, "purchase")
    assert "grant:bourg" in legal(s, 0)


def test_no_grant_without_a_stronghold_in_the_fief() -> None:
    s = table(3)
    s.king = lord(s, "arthur", 0, "blaye")
    _vacant_bourg(s)
    s.fort[V["bourg"]] = 0
    begin(s, "purchase")
    assert "grant:bourg" not in legal(s, 0)


# ------------------------------------------------------------------ ransom caps


def test_the_ransom_cap_counts_every_office() -> None:
    s = table(3)
    king = lord(s, "arthur", 0, "blaye")
    s.king = king
    titles(s, {"blaye": king})
    assert ransom_cap(s, king) == 2 + 2 * 2
    bishop = lord(s, "charles", 1, "sigy")
    s.bishop[B["sigy"]] = bishop
    assert ransom_cap(s, bishop) == 2 + 2


# ------------------------------------------------------------------ the greedy bot


def _greedy(s: object, seat: int) -> str:
    from noblesse.agents import make_agent

    return GAME.encode(make_agent("greedy", seed=1).act(GAME, s, seat))


def test_greedy_pope_vetoes_a_rival_cardinal_and_keeps_the_card_for_his_side() -> None:
    s = _clergy()
    s.pope = lord(s, "eric", 2, "bourg")
    s.bishop[B["bourg"]] = lord(s, "henri", 2, "bourg")
    _play_step(s, 0, [C["cardinal"]])
    do(s, 0, "play:cardinal", "cardinal:arthur")
    assert _greedy(s, 2) == "consent:no"
    do(s, 2, "consent:no")
    assert _greedy(s, 2) == "cardinal:henri"


def test_greedy_pope_approves_his_allys_cardinal() -> None:
    s = _clergy()
    s.pope = lord(s, "eric", 2, "bourg")
    marry(s, L["arthur"], lord(s, "jeanne", 2, "bourg"))
    _play_step(s, 0, [C["cardinal"]])
    do(s, 0, "play:cardinal", "cardinal:arthur")
    assert _greedy(s, 2) == "consent:yes"


def test_greedy_takes_the_crown_prince_and_grants_titles_to_its_side() -> None:
    s = _crown()
    _play_step(s, 1, [C["henri"]])
    do(s, 1, "play:henri")
    assert _greedy(s, 1) == "prince:yes"
    s = table(3)
    s.king = lord(s, "arthur", 0, "blaye")
    _vacant_bourg(s)
    begin(s, "purchase")
    do(s, 0, "grant:bourg")
    assert _greedy(s, 0) == "grant_to:charles"  # the only qualifying lord


def test_joan_darc_is_played_on_an_unmarried_lady_only() -> None:
    s = table(3)
    lady = lord(s, "blanche", 0, "blaye")
    marry(s, lady, lord(s, "arthur", 1, "sigy"))
    lord(s, "isabelle", 0, "blaye")
    s.lord_deck.remove(C["darc"])
    s.hand[1] = [C["darc"]]
    begin(s, "income")
    do(s, 1, "play:darc")
    assert legal(s, 1) == ["joan:isabelle"]


def test_the_view_shows_offices_spouses_and_the_bishop_the_pope_is_asked_about() -> None:
    s = _clergy()
    s.pope = lord(s, "eric", 2, "bourg")
    s.king = L["charles"]
    marry(s, L["arthur"], lord(s, "jeanne", 2, "bourg"))
    _play_step(s, 0, [C["cardinal"]])
    do(s, 0, "play:cardinal", "cardinal:arthur")
    view = GAME.view(s, 1)
    assert view["decision"] == {"kind": "cardinal_consent", "seat": 2, "lord": "arthur"}
    assert (view["king"], view["pope"], view["queen"]) == ("charles", "eric", None)
    arthur = next(x for x in view["lords"] if x["key"] == "arthur")
    assert arthur["spouse"] == "jeanne" and arthur["cardinal"] is False
    assert GAME.describe_decision(s, "zh-TW") == "教宗：同意或否決新的「紅衣主教」？"


def test_every_dynasty_event_has_words_in_both_languages() -> None:
    s = _crown(4)
    prince = lord(s, "henri", 1, "sigy")
    s.crown_prince = prince
    s.bishop[B["blaye"]] = s.king
    s.cardinal[s.king] = 2
    titles(s, {"blaye": s.king})
    s.fort[V["blaye"]] = 1
    troops(s, "blaye", 0, 1, 0)
    ev: list = []
    kill(s, s.king, "battle", ev)
    kill(s, prince, "battle", ev)
    made = {e.type for e in ev}
    assert {
        "title_inherited",
        "fortress_inherited",
        "office_vacant",
        "crowned",
        "widowed",
        "biretta_returned",
    } <= made
    for e in ev:
        for lang in ("en", "zh-TW"):
            text = GAME.describe_event(e.for_seat(None), lang)
            assert text != e.type and "{" not in text, (e.type, text)
    from noblesse.core.events import Event

    more = [
        Event("queen_regent", {"lord": 3, "seat": 1}),
        Event("crown_prince", {"lord": 11, "seat": 1}),
        Event("cardinal", {"lord": 6, "seat": 0, "by": 0, "biretta": True}),
        Event("cardinal_vetoed", {"seat": 2, "lord": 6, "owner": 0}),
        Event("biretta", {"seat": 0, "lord": 6}),
        Event("royal_grant", {"seat": 0, "fief": 0, "lord": 7, "owner": 1}),
    ]
    for e in more:
        for lang in ("en", "zh-TW"):
            text = GAME.describe_event(e.for_seat(None), lang)
            assert text != e.type and "{" not in text and " -" not in text, (e.type, text)


def test_random_games_with_a_crown_a_pope_and_bishops_keep_every_card() -> None:
    """Offices and a royal marriage set by hand at the start; random play to the end
    never loses or duplicates a card or a piece, and every decision has legal actions."""
    import random

    for seed in (1, 2, 3):
        s = GAME.setup(4, seed, {"fixed_starts": True, "max_turns": 6})
        first = [next(lo for lo in range(18) if s.l_owner[lo] == f) for f in range(4)]
        s.king, s.queen, s.pope = first[0], first[1], first[2]
        marry(s, first[0], first[1])
        for b, lo in enumerate(first):
            s.bishop[b] = lo
        start = GAME.inventory(s)
        rng = random.Random(seed)
        while not GAME.is_over(s):
            seat = GAME.to_act(s)[0]
            actions = GAME.legal_actions(s, seat)
            assert actions, flow.KIND_NAMES[s.kind]
            GAME.apply(s, seat, rng.choice(actions))
            assert GAME.inventory(s) == start


def test_the_king_may_grant_a_title_to_a_lord_of_the_first_seat() -> None:
    s = table(3)
    s.king = lord(s, "arthur", 1, "blaye")
    c = lord(s, "charles", 0, "bourg")
    for v in ("villeneuve", "la_buissiere", "bourg", "st_vivien"):
        troops(s, v, 0, 0, 1)
    s.fort[V["bourg"]] = 1
    s.money = [0, 0, 0]
    begin(s, "purchase")
    do(s, 0, "pass")
    assert GAME.to_act(s) == (1,) and "grant:bourg" in legal(s, 1)
    do(s, 1, "grant:bourg")
    assert legal(s, 1) == ["grant_to:charles"]
    do(s, 1, "grant_to:charles")
    assert s.fief_holder[F["bourg"]] == c


def test_alienor_as_queen_regent_scores_for_her_family_with_queen_regent_vp() -> None:
    """§5.7, §6 #13 ``queen_regent_vp``: the Queen Regent's family scores her VP (Alienor,
    the first lord card, as the Regent)."""
    s = table(3, queen_regent_vp=True)
    s.queen = lord(s, "alienor", 0, None)
    s.regent = 1
    assert victory_points(s) == [VP_REGENT, 0, 0] and VP_REGENT > 0
