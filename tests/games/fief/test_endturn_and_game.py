"""End of turn (§4.10), whole games, views and hidden information."""

from __future__ import annotations

import json
import random

from fief_scenario import GAME, C, F, L, V, begin, do, lord, table, troops

from noblesse.games.fief import flow
from noblesse.games.fief.endturn import rank_key


def test_three_fief_titles_win_at_the_end_of_the_turn() -> None:
    s = table(3)
    a = lord(s, "arthur", 1, "blaye")
    b = lord(s, "charles", 1, "sigy")
    s.fief_holder[F["blaye"]] = a
    s.fief_holder[F["mazilles"]] = a
    s.fief_holder[F["sigy"]] = b
    begin(s, "end_of_turn")
    assert GAME.is_over(s) and GAME.winners(s) == [1]
    assert GAME.scores(s) == [0.0, 3.0, 0.0]
    assert GAME.returns(s) == [0.0, 1.0, 0.0]


def test_two_titles_do_not_win_and_the_first_player_card_passes_left() -> None:
    s = table(3, first=2)
    a = lord(s, "arthur", 1, "blaye")
    s.fief_holder[F["blaye"]] = a
    s.fief_holder[F["mazilles"]] = a
    begin(s, "end_of_turn")
    assert not GAME.is_over(s)
    assert s.first == 0 and s.turn == 2 and flow.PHASE_NAMES[s.phase] == "cards"


def test_several_at_three_are_ranked_and_more_villages_break_the_tie() -> None:
    s = table(4)
    for seat, names in ((0, ("arthur", "charles")), (2, ("eric", "henri"))):
        x = lord(s, names[0], seat, None)
        y = lord(s, names[1], seat, None)
        s.l_loc[x] = s.l_loc[y] = -1
    s.fief_holder = [
        L["arthur"],
        L["arthur"],
        L["charles"],
        L["eric"],
        L["eric"],
        L["henri"],
        -1,
        -1,
    ]
    troops(s, "sigy", 2, 0, 1)
    begin(s, "end_of_turn")
    assert GAME.is_over(s)
    assert rank_key(s, 0)[:6] == rank_key(s, 2)[:6]
    assert GAME.winners(s) == [2]


def test_the_turn_limit_ends_the_game_and_the_ranking_decides() -> None:
    s = table(3, max_turns=1)
    a = lord(s, "arthur", 2, "blaye")
    s.fief_holder[F["blaye"]] = a
    begin(s, "end_of_turn")
    assert GAME.is_over(s) and GAME.winners(s) == [2]
    assert GAME.to_act(s) == ()


def test_a_seeded_four_player_game_plays_to_the_end() -> None:
    state = GAME.setup(4, 2024, {"max_turns": 8})
    rng = random.Random(7)
    decisions = 0
    while not GAME.is_over(state):
        seat = rng.choice(GAME.to_act(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        decisions += 1
        assert decisions < 20_000
    assert state.turn == 8 and GAME.winners(state)
    again = GAME.setup(4, 2024, {"max_turns": 8})
    rng = random.Random(7)
    while not GAME.is_over(again):
        seat = rng.choice(GAME.to_act(again))
        GAME.apply(again, seat, rng.choice(GAME.legal_actions(again, seat)))
    assert GAME.view(again, None) == GAME.view(state, None)


def test_a_hand_is_shown_to_its_owner_only() -> None:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    s.hand[0] = [C["taxes"], C["eric"]]
    mine, theirs = GAME.view(s, 0), GAME.view(s, 1)
    assert mine["hand"] == ["eric", "taxes"]
    assert theirs["hand"] == [] and theirs["players"][0]["hand_count"] == 2
    assert theirs["players"][0]["hand_lord_backs"] == 1
    assert GAME.view(s, None)["hand"] is None
    json.dumps(mine)
    assert mine["villages"][V["blaye"]]["controller"] == 0


def test_determinize_deals_the_other_hands_again_keeping_their_backs() -> None:
    s = table(3)
    s.hand[1] = [C["taxes"], C["eric"]]
    s.hand[0] = [C["justice"]]
    seen = set()
    for k in range(30):
        d = GAME.determinize(s, 0, random.Random(k))
        assert d.hand[0] == [C["justice"]]
        backs = [GAME.view(d, 0)["players"][1]["hand_lord_backs"]]
        assert backs == [1] and len(d.hand[1]) == 2
        assert GAME.view(d, 0) == GAME.view(s, 0)
        seen.add(tuple(sorted(d.hand[1])))
    assert len(seen) > 1


def test_words_for_every_action_in_both_languages() -> None:
    for action in range(GAME.num_distinct_actions):
        for lang in ("en", "zh-TW"):
            assert GAME.describe_action(None, action, lang)
    ev = do(_cards(), 0, "draw:fortune")
    texts = [GAME.describe_event(e.for_seat(0), "zh-TW") for e in ev]
    assert all(texts) and any("抽到" in t for t in texts)


def _cards() -> object:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    s.fd_deck = [C["taxes"], C["taxes"]]
    begin(s, "cards")
    return s


def test_rules_tables_and_the_terminal_table() -> None:
    tables = GAME.rules_table("en")
    assert sum(r["copies"] for r in tables["Cards"]) == 57
    assert [r["name"] for r in tables["Fiefs"]][:2] == ["Blaye", "L'Épervier"]
    assert GAME.rules_table("zh-TW")["村莊"][0]["封地"] == "「布萊」"
    assert list(GAME.rules_table("zh-TW")["牌"][0]) == ["name", "other", "牌庫", "種類", "copies"]
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    troops(s, "blaye", 0, 1, 3)
    s.fort[V["blaye"]] = 1
    lines = GAME.render_text(GAME.view(s, 0), "zh-TW")
    assert (
        "  「布萊」（[red]玩家1[/]控制，要塞）：[red]玩家1[/]有1名騎士和3名士兵；「亞瑟」（[red]玩家1[/]）"
        in lines
    )
    en = GAME.render_text(GAME.view(s, 0), "en")
    assert (
        "  Blaye (held by [red]Seat 1[/], stronghold): [red]Seat 1[/] with a knight and 3 men-at-arms; Arthur ([red]Seat 1[/])"
        in en
    )


def test_the_zh_tw_log_has_no_english_words_left() -> None:
    """Every event and action of random games reads in zh-TW (no "階段：ransoms")."""
    import random
    import re

    for seed in range(3):
        s = GAME.setup(4, seed, {"max_turns": 4})
        rng = random.Random(seed)
        while not GAME.is_over(s):
            p = GAME.to_act(s)[0]
            a = rng.choice(GAME.legal_actions(s, p))
            assert not re.search(r"[a-z]{3,}", GAME.describe_action(s, a, "zh-TW"))
            for e in GAME.apply(s, p, a):
                text = GAME.describe_event(e.for_seat(None), "zh-TW")
                assert not re.search(r"[a-z]{3,}", text), text


def test_lists_of_families_in_the_log_use_the_languages_own_separator() -> None:
    """The game-over, end-of-turn, income and ballot lines list families with ', ' in English
    and with '、' in Traditional Chinese (found by the whole-game browser test); each family
    with its own number, never run into its name, and families with nothing left out."""
    lines = [
        (
            {"type": "game_over", "winners": [0, 2], "vp": [3, 0, 1], "how": "victory"},
            "Game over (victory). Winners: Seat 1 and Seat 3.",
            "遊戲結束（有一方達成勝利條件）。玩家1和玩家3並列獲勝。",
        ),
        (
            {"type": "end_of_turn", "turn": 12, "vp": [2, 0, 1]},
            "End of turn 12. VP: Seat 1 has 2 VP, Seat 3 has 1 VP",
            "第12回合結束。勝利點數：玩家1有2分、玩家3有1分",
        ),
        (
            {"type": "end_of_turn", "turn": 1, "vp": [0, 0, 0]},
            "End of turn 1: nobody has any VP yet",
            "第1回合結束：還沒有人得到勝利點數",
        ),
        (
            {"type": "income", "gains": [3, 4, 5]},
            "Income: Seat 1 gets 3 D, Seat 2 gets 4 D, Seat 3 gets 5 D",
            "收入：玩家1得3元、玩家2得4元、玩家3得5元",
        ),
        (
            {"type": "ballot_open", "office": "king", "bishopric": -1, "votes": [1, 3, 0]},
            "Secret ballot for King: Seat 1 has 1 vote, Seat 2 has 3 votes",
            "國王秘密投票：玩家1有1票、玩家2有3票",
        ),
    ]
    for event, en, zh in lines:
        assert GAME.describe_event(event, "en") == en
        assert GAME.describe_event(event, "zh-TW") == zh


def test_the_log_says_nothing_in_words_and_names_places_once() -> None:
    """No program values in the log: dice as numbers, nobody in control, an abstention,
    nothing lost; a bishopric's name already says 教區."""
    lines = [
        (
            {"type": "roll", "seat": 3, "why": "disaster", "dice": [5]},
            "Seat 4 rolls 5 (disaster)",
            "玩家4為災難擲出5點",
        ),
        (
            {"type": "round", "village": 0, "round": 2, "hits": [0, 2], "losses": [[0, 0], [0, 2]]},
            "Round 2 in Beaujeu: the defender hits 2",
            "「博熱」第2輪：守方命中2點",
        ),
        (
            {"type": "control", "village": 0, "seat": -1},
            "Beaujeu is held by nobody now",
            "「博熱」現在無人控制",
        ),
        ({"type": "ballot_cast", "seat": 0, "vote": None}, "Seat 1 abstains", "玩家1棄權"),
        (
            {"type": "plague_losses", "seat": 1, "village": 0, "knights": 1, "men_at_arms": 0},
            "Seat 2 loses a knight to the Plague in Beaujeu",
            "玩家2在「博熱」因「瘟疫」失去1名騎士",
        ),
        (
            {"type": "disaster", "card": C["plague"], "bishopric": 3},
            "Plague strikes Bishopric of Bourg",
            "「瘟疫」降臨「布爾格教區」",
        ),
        (
            {
                "type": "uprising",
                "seat": 0,
                "village": 0,
                "foe": 1,
                "cards": 1,
                "effective": 0,
                "damage": 0,
                "losses": [0, 0],
            },
            "Uprising in Beaujeu: no damage to Seat 2",
            "「博熱」發生「暴動」：玩家2沒有受到傷害",
        ),
        (
            {"type": "card_given", "seat": 0, "with": 1},
            "Seat 1 gives a card to Seat 2",
            "玩家1給了玩家2一張牌",
        ),
    ]
    for event, en, zh in lines:
        assert GAME.describe_event(event, "en") == en
        assert GAME.describe_event(event, "zh-TW") == zh


def test_the_view_says_how_a_finished_game_ended() -> None:
    """The game-over screen's words: 'victory' when a side reached its target, 'turn_limit'
    when the last turn ended without one; nothing while the game goes on."""
    won = table(3)
    a = lord(won, "arthur", 1, "blaye")
    for fief in ("blaye", "mazilles", "sigy"):
        won.fief_holder[F[fief]] = a
    begin(won, "end_of_turn")
    limit = table(3, max_turns=1)
    limit.fief_holder[F["blaye"]] = lord(limit, "arthur", 2, "blaye")
    begin(limit, "end_of_turn")
    going = table(3)
    begin(going, "end_of_turn")
    assert GAME.view(won, 0)["ended_by"] == "victory"
    assert GAME.view(limit, None)["ended_by"] == "turn_limit"
    assert "ended_by" not in GAME.view(going, 0) and not going.over


def test_the_final_ranking_puts_the_winners_first_then_vp_and_the_tie_break() -> None:
    """The game-over screen's order: at the turn limit seat 3 wins with a title (1 VP);
    seats 1 and 2 have none, and seat 2 is second by the last tie-break (villages held)."""
    s = table(3, max_turns=1)
    s.fief_holder[F["blaye"]] = lord(s, "arthur", 2, "blaye")
    begin(s, "end_of_turn")
    s.ctrl[V["sigy"]] = 1
    assert GAME.winners(s) == [2] and s.vp == [0, 0, 1]
    assert rank_key(s, 1) > rank_key(s, 0)
    assert GAME.view(s, 0)["ranking"] == [2, 1, 0]
    s.ctrl[V["sigy"]] = -1
    s.ctrl[V["tournus"]] = 0
    assert GAME.view(s, None)["ranking"] == [2, 0, 1]


def test_a_ranking_of_equals_keeps_seat_order_and_a_pair_of_winners_leads() -> None:
    s = table(4, max_turns=1)
    s.ctrl = [-1] * len(s.ctrl)
    begin(s, "end_of_turn")
    s.ctrl = [-1] * len(s.ctrl)
    s.winner_list = [1, 3]  # a married pair's victory
    assert GAME.view(s, 2)["ranking"] == [1, 3, 0, 2]
