"""Details a sloppy change would miss: the Rival Executioner's deck noble is collected
before Double Feature's second collection, King Louis (the noble numbered 0) changes hands
under Clerical Error like any other, and Milling in Line really reorders the front."""

from guillotine_scenario import GAME, do, ids, line, noble_deck, pile, table


def test_rival_executioner_under_double_feature_collects_the_deck_top_before_the_second():
    s = table(
        line=["rival_executioner", "duke", "baron"],
        deck=["heretic", "bishop"],
        hands={0: ["double_feature"]},
    )
    do(s, 0, "play:double_feature")
    assert pile(s, 0) == ["rival_executioner", "bishop", "duke"]
    assert noble_deck(s) == ["heretic"]
    assert line(s) == ["baron"]


def test_clerical_error_hands_king_louis_back_like_any_other_noble():
    s = table(
        line=["regent", "baron"],
        hands={0: ["clerical_error"]},
        piles={0: ["king_louis"], 1: ["duke"]},
    )
    do(s, 0, "play:clerical_error", "seat:1", "pile:1")  # seat 0 takes the Duke
    do(s, 1, "pile:1")  # seat 1 takes King Louis
    assert pile(s, 1) == ["king_louis"]
    assert pile(s, 0) == ["duke", "regent"]


def test_milling_in_line_reorders_the_first_five_for_some_seed():
    old = ["duke", "baron", "regent", "coiffeur", "piss_boy", "cardinal"]
    orders = set()
    for seed in range(6):
        s = table(line=old, hands={0: ["milling_in_line"]}, seed=seed)
        do(s, 0, "play:milling_in_line")
        orders.add(tuple(s.piles[0] + s.line))
    assert len(orders) > 1, "Milling in Line never changes the order"
    assert all(o[5:] == tuple(ids(["cardinal"])) for o in orders)


def test_a_copy_taken_while_the_clown_waits_still_owes_double_features_second_collection():
    s = table(line=["clown", "duke", "baron"], hands={0: ["double_feature"]})
    do(s, 0, "play:double_feature")
    assert pile(s, 0) == ["clown"] and GAME.to_act(s) == (0,)  # who takes the Clown?
    copy = GAME.clone(s)
    do(copy, 0, "seat:2")
    assert pile(copy, 2) == ["clown"] and pile(copy, 0) == ["duke"]
    assert line(copy) == ["baron"]
    # the original is untouched by the copy's collection
    assert pile(s, 0) == ["clown"] and line(s) == ["duke", "baron"]
    do(s, 0, "seat:1")
    assert pile(s, 1) == ["clown"] and pile(s, 0) == ["duke"]
