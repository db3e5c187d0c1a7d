"""The help texts of Heads of State (issue 19): every rank, attribute card and treachery
card has one in both languages; they agree with the rules the data file gives, and they
are words, left out of the game's version."""

from __future__ import annotations

import tomllib

from noblesse.core.record import rules_digest
from noblesse.games.heads_of_state.data import BOARD, DATA_FILE
from noblesse.games.heads_of_state.game import GAME


def test_every_rank_and_card_has_help_in_both_languages() -> None:
    for item in (*BOARD.ranks, *BOARD.attributes, *BOARD.treachery):
        assert item.text_en and item.text_zh, item.key


def test_a_rank_names_every_attribute_it_requires_and_its_majority() -> None:
    for rank in BOARD.ranks:
        needed = {BOARD.attributes[a].key for a in rank.requires}
        for a in BOARD.attributes[:-1]:
            assert (a.en in rank.text_en) == (a.key in needed), (rank.key, a.key)
            assert (f"「{a.zh}」" in rank.text_zh) == (a.key in needed), (rank.key, a.key)
        assert f"{rank.majority} points" in rank.text_en and f"{rank.majority}分" in rank.text_zh
        assert ("No Courtesan" in rank.text_en) != rank.courtesan, rank.key


def test_an_attribute_card_names_every_rank_that_needs_it() -> None:
    for a in BOARD.attributes[:-1]:
        for rank in BOARD.ranks:
            # "Earl" and 「英國伯爵」 hold no other rank's name; 「伯爵」 is inside 「英國伯爵」
            zh = a.text_zh.replace("英國伯爵", "英") if rank.key == "Count" else a.text_zh
            assert (rank.en in a.text_en) == (a.id in rank.requires), (a.key, rank.key)
            assert (rank.zh in zh) == (a.id in rank.requires), (a.key, rank.key)


def test_a_country_card_names_its_country() -> None:
    for t in BOARD.treachery:
        if t.country >= 0:
            country = BOARD.countries[t.country]
            assert country.en in t.text_en and country.zh in t.text_zh


def test_the_catalog_serves_the_texts() -> None:
    cat = GAME.catalog()
    for r in BOARD.ranks:
        assert cat["ranks"][r.key]["text"] == {"en": r.text_en, "zh-TW": r.text_zh}
    for a in BOARD.attributes:
        assert cat["attributes"][a.key]["text"] == {"en": a.text_en, "zh-TW": a.text_zh}
    for t in BOARD.treachery:
        assert cat["treachery"][t.key]["text"] == {"en": t.text_en, "zh-TW": t.text_zh}


def test_the_texts_are_words_not_rules() -> None:
    data = tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))
    for table in ("rank", "attribute", "treachery"):
        for row in data[table]:
            row["text_en"] = row["text_zh"] = "reworded"
    assert rules_digest(data) == BOARD.digest
