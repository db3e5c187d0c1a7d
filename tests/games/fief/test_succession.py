"""Title heirs (§5.3, unmarried row): a dead fief lord's title goes to another lord of
his family, the owner's choice when several may take it (max 2 fief titles each)."""

from __future__ import annotations

from fief_scenario import GAME, A, C, F, L, begin, dice, do, events_of, legal, lord, table, troops

from noblesse.games.fief.state import victory_points


def _assassinated_holder() -> object:
    """Seat 1's Charles holds Mazilles; Blanche (lord 1) and Eric (lord 8) remain."""
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    lord(s, "charles", 1, "sigy")
    lord(s, "blanche", 1, "sigy")
    lord(s, "eric", 1, "tournus")
    s.fief_holder[F["mazilles"]] = L["charles"]
    s.hand[0] = [C["assassination"]]
    begin(s, "income")
    do(s, 0, "play:assassination")
    dice(s, 3)
    return s


def test_the_owner_chooses_which_lord_inherits_the_title_then_play_resumes() -> None:
    s = _assassinated_holder()
    ev = do(s, 0, "dies:charles")
    assert events_of(ev, "lord_dies")
    assert GAME.to_act(s) == (1,) and s.kind == A.TITLE_HEIR
    assert legal(s, 1) == ["holder:blanche", "holder:eric"]  # not just the first
    view = GAME.view(s, 0)["decision"]
    assert view == {"kind": "title_heir", "seat": 1, "fief": "mazilles"}
    assert GAME.describe_decision(s, "zh-TW").startswith("封地貴族死亡")
    assert victory_points(s) == [0, 1, 0]  # the family keeps it while choosing
    ev = do(s, 1, "holder:eric")
    assert s.fief_holder[F["mazilles"]] == L["eric"]
    assert events_of(ev, "title_passes")[-1] == {
        "fief": F["mazilles"],
        "lord": L["eric"],
        "seat": 1,
        "chosen": True,
        "type": "title_passes",
    }
    assert GAME.to_act(s) == (0,) and legal(s, 0) == ["assassin_marker:arthur"]  # resumed
    do(s, 0, "assassin_marker:arthur")
    assert s.assassin[L["arthur"]] == 1


def test_no_choice_when_a_single_lord_has_a_free_title_slot() -> None:
    s = _assassinated_holder()
    s.fief_holder[F["blaye"]] = s.fief_holder[F["sigy"]] = L["blanche"]  # two already
    ev = do(s, 0, "dies:charles")
    assert s.fief_holder[F["mazilles"]] == L["eric"]
    assert events_of(ev, "title_passes") == [
        {"fief": F["mazilles"], "lord": L["eric"], "seat": 1, "type": "title_passes"}
    ]
    assert GAME.to_act(s) == (0,) and legal(s, 0) == ["assassin_marker:arthur"]


def test_a_dead_lords_two_titles_are_each_given_by_the_owner() -> None:
    s = _assassinated_holder()
    s.fief_holder[F["blaye"]] = L["charles"]
    do(s, 0, "dies:charles")
    assert legal(s, 1) == ["holder:blanche", "holder:eric"]  # Blaye first (fief 0)
    do(s, 1, "holder:eric")
    assert legal(s, 1) == ["holder:blanche", "holder:eric"]  # then Mazilles
    do(s, 1, "holder:eric")
    assert s.fief_holder[F["blaye"]] == s.fief_holder[F["mazilles"]] == L["eric"]
    assert GAME.to_act(s) == (0,)


def test_with_no_lord_left_the_title_returns_to_the_board() -> None:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    lord(s, "charles", 1, "sigy")
    s.fief_holder[F["mazilles"]] = L["charles"]
    s.hand[0] = [C["assassination"]]
    begin(s, "income")
    do(s, 0, "play:assassination")
    dice(s, 3)
    ev = do(s, 0, "dies:charles")
    assert s.fief_holder[F["mazilles"]] == -1 and s.kind != A.TITLE_HEIR
    assert events_of(ev, "title_passes")[0]["lord"] == -1


def test_15_a_captive_does_not_inherit_a_title() -> None:
    """§6 #15: titles go to non-captive lords (the captive Blanche is passed over)."""
    from noblesse.games.fief.control import capture

    s = table(3)
    lord(s, "arthur", 0, "blaye")
    troops(s, "blaye", 0, 0, 1)
    lord(s, "charles", 1, "sigy")
    lord(s, "blanche", 1, "blaye")
    capture(s, L["blanche"], 0, [])
    lord(s, "eric", 1, "tournus")
    s.fief_holder[F["mazilles"]] = L["charles"]
    s.hand[0] = [C["assassination"]]
    begin(s, "income")
    do(s, 0, "play:assassination")
    dice(s, 3)
    do(s, 0, "dies:charles")
    assert s.fief_holder[F["mazilles"]] == L["eric"] and s.kind != A.TITLE_HEIR


def test_a_holder_killed_in_battle_the_heir_is_asked_before_the_battles_go_on() -> None:
    """Charles dies in the battle and Eric, beside him, is taken: the captive is no
    longer offered; the attacker's battle phase then goes on."""
    s = table(3)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 2, 0)  # SP 7: 2 dice
    lord(s, "charles", 1, "charolles")
    lord(s, "eric", 1, "charolles")
    troops(s, "charolles", 1, 0, 1)
    lord(s, "blanche", 1, "sigy")
    lord(s, "gauvain", 1, "sigy")
    s.fief_holder[F["mazilles"]] = L["charles"]
    lord(s, "henri", 0, "tournus")  # seat 0's second battle, to come
    troops(s, "tournus", 0, 0, 1)
    troops(s, "tournus", 2, 0, 1)
    begin(s, "battles")
    do(s, 0, "battle:charolles", "fight")
    dice(s, 1, 1, 1)  # 2 hits: the man-at-arms, then one lord; 1 hit back
    do(s, 1, "fight")
    assert s.kind == A.LORD_DEATH and legal(s, 1) == ["dies:charles", "dies:eric"]
    do(s, 1, "dies:charles")
    assert s.l_captor[L["eric"]] == 0
    assert (s.kind, GAME.to_act(s)) == (A.TITLE_HEIR, (1,))
    assert legal(s, 1) == ["holder:blanche", "holder:gauvain"]
    do(s, 1, "holder:gauvain")
    assert s.fief_holder[F["mazilles"]] == L["gauvain"]
    assert GAME.to_act(s) == (0,) and legal(s, 0) == ["pass", "battle:tournus"]


def test_an_heir_taken_captive_before_the_choice_gives_way_to_the_free_lord() -> None:
    """Eric (first by number) holds it for now, then is taken beside Charles: Gauvain,
    the one free lord left, takes it without a question."""
    s = table(3)
    lord(s, "arthur", 0, "charolles")
    troops(s, "charolles", 0, 2, 0)
    lord(s, "charles", 1, "charolles")
    lord(s, "eric", 1, "charolles")
    troops(s, "charolles", 1, 0, 1)
    lord(s, "gauvain", 1, "sigy")
    s.fief_holder[F["mazilles"]] = L["charles"]
    begin(s, "battles")
    do(s, 0, "battle:charolles", "fight")
    dice(s, 1, 1, 1)
    do(s, 1, "fight")
    ev = do(s, 1, "dies:charles")
    assert s.l_captor[L["eric"]] == 0 and s.kind != A.TITLE_HEIR
    assert [e["lord"] for e in events_of(ev, "title_passes")] == [L["eric"], L["gauvain"]]
    assert s.fief_holder[F["mazilles"]] == L["gauvain"]


def test_a_title_whose_provisional_heir_dies_in_the_same_uprising_is_given_once() -> None:
    """Blanche holds Blaye and Mazilles; an Uprising kills her, then Charles, who held
    them for now: the owner gives each title once, between Eric and Gauvain, and play
    goes on."""
    s = table(3)
    blanche = lord(s, "blanche", 1, "charolles")
    lord(s, "charles", 1, "charolles")
    troops(s, "charolles", 1, 0, 1)
    lord(s, "eric", 1, "sigy")
    lord(s, "gauvain", 1, "sigy")
    s.fief_holder[F["blaye"]] = s.fief_holder[F["mazilles"]] = blanche
    s.tallage[F["blaye"]] = 1  # seat 1 taxes its fief: Charolles may rise
    lord(s, "arthur", 0, "tournus")
    s.hand[0] = [C["uprising"]]
    begin(s, "income")
    do(s, 0, "play:uprising")
    dice(s, 6)
    ev = do(s, 0, "uprising:charolles")
    assert [e["lord"] for e in events_of(ev, "lord_dies")] == [blanche, L["charles"]]
    assert GAME.to_act(s) == (1,) and legal(s, 1) == ["holder:eric", "holder:gauvain"]
    do(s, 1, "holder:eric")  # Blaye
    assert legal(s, 1) == ["holder:eric", "holder:gauvain"]
    do(s, 1, "holder:gauvain")  # Mazilles
    assert s.fief_holder[F["blaye"]] == L["eric"]
    assert s.fief_holder[F["mazilles"]] == L["gauvain"]
    assert GAME.to_act(s) == (0,) and s.kind != A.TITLE_HEIR  # nobody asked again
