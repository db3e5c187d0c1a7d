"""§R15 final scoring and its worked examples (spec §R15, examples 1-5)."""

from ruse_and_bruise_scenario import GAME, score_card, table

from noblesse.games.ruse_and_bruise.rules import final_score


def score(*cards: str) -> int:
    taken: set[int] = set()
    return final_score([score_card(c, taken) for c in cards])


def test_worked_example_1_six_icons_doubled():
    # source doc: 5+5+3+4+3+5 = 25, ×2 = 50
    assert score("corn:5", "coin:5", "flask:3", "sword:4", "lyre:3", "hat:5") == 50


def test_worked_example_2_extra_cards_cost_one_point_each():
    assert (
        score("corn:5", "coin:5", "flask:3", "sword:4", "lyre:3", "hat:5", "hat:1", "corn:3") == 48
    )


def test_worked_example_3_two_complete_sets_double_only_one():
    cards = (
        "corn:3",
        "corn:3",
        "coin:4",
        "coin:3",
        "flask:5",
        "flask:4",
        "sword:2",
        "sword:1",
        "lyre:3",
        "lyre:3",
        "hat:4",
        "hat:3",
    )
    assert score(*cards) == 36  # 2 × 21 − 6; the plain sum 38 is not used


def test_worked_example_4_without_all_six_icons_the_plain_sum():
    assert score("corn:4", "coin:4", "flask:5", "sword:5", "lyre:4") == 22


def test_worked_example_5_tk_diary():
    # a set of 3+3+2+5+4+1 = 18 → 36, two extra cards → 34
    assert (
        score("corn:3", "coin:3", "flask:2", "sword:5", "lyre:4", "hat:1", "corn:1", "flask:1")
        == 34
    )


def test_scores_of_the_game_are_the_final_scores_of_the_won_cards():
    s = table(
        n=2,
        won={
            0: ["corn:5", "coin:5", "flask:3", "sword:4", "lyre:3", "hat:5"],
            1: ["corn:4", "coin:4"],
        },
        scores={1: "corn:1", 2: "coin:1"},
    )
    assert GAME.scores(s) == [50.0, 8.0]
    assert [p["score"] for p in GAME.view(s, None)["players"]] == [50, 8]
    assert score() == 0
