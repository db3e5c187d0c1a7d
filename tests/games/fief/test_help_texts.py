"""The help texts of Fief (issue 19): every card, the titles, offices, buildings and
troops have one in both languages, served by the catalog with the prices; the purchase
labels show what a purchase costs; the texts are words, left out of the game's version."""

from __future__ import annotations

import tomllib

from noblesse.core.record import rules_digest
from noblesse.games.fief import actions as A
from noblesse.games.fief.catalog import catalog
from noblesse.games.fief.data import DATA, DATA_FILE
from noblesse.games.fief.views import action_text

PIECES = (
    "knight",
    "man_at_arms",
    "siege_engine",
    "fief_title",
    "bishop_title",
    "king",
    "queen",
    "pope",
    "crown_prince",
    "biretta",
    "mill",
    "stronghold",
    "fortified_city",
    "battle_die",
)


def test_every_card_and_piece_has_help_in_both_languages() -> None:
    for card in DATA.cards:
        assert card.text_en and card.text_zh, card.key
    helped = {i.key for i in (*DATA.kit, *DATA.pools) if i.text_en and i.text_zh}
    assert set(PIECES) <= helped


def test_a_lord_card_says_what_playing_it_does() -> None:
    for card in DATA.cards:
        if card.kind == "lord":
            assert "Cards phase" in card.text_en and "卡片階段" in card.text_zh
            assert ("lady" in card.text_en.split(".")[0]) == (card.sex == "f"), card.key


def test_the_prices_in_the_texts_are_the_rules_prices() -> None:
    pieces = {i.key: i for i in (*DATA.kit, *DATA.pools)}
    for key, rule in (
        ("knight", "knight_cost"),
        ("man_at_arms", "man_at_arms_cost"),
        ("mill", "mill_cost"),
        ("stronghold", "stronghold_cost"),
        ("biretta", "biretta_cost"),
    ):
        price = DATA.rules[rule]
        assert f"{price} D" in pieces[key].text_en and f"{price}元" in pieces[key].text_zh


def test_the_catalog_serves_texts_and_prices() -> None:
    cat = catalog()
    for card in DATA.cards:
        assert cat["cards"][card.key]["text"] == {"en": card.text_en, "zh-TW": card.text_zh}
    assert set(PIECES) <= set(cat["pieces"])
    assert cat["prices"]["knight"] == DATA.rules["knight_cost"]
    for i, fief in enumerate(DATA.board.fiefs):
        assert cat["fiefs"][fief.key]["price"] == DATA.fief_title_cost(i)


def test_purchase_labels_show_the_price() -> None:
    assert (
        action_text(A.BUY_KNIGHT0 + DATA.board.village("la_salle"), "en")
        == "Buy a knight in La Salle (3 D)"
    )
    assert (
        action_text(A.BUY_KNIGHT0 + DATA.board.village("la_salle"), "zh-TW")
        == "在「拉薩勒」購買1名騎士（3元）"
    )
    assert action_text(A.BUY_MAA0, "en").endswith("(1 D)")
    assert action_text(A.BUY_STRONGHOLD0, "zh-TW").endswith("（10元）")
    assert action_text(A.BUY_MILL0, "en").endswith("(3 D)")
    blaye = DATA.board.fief("blaye")
    assert action_text(A.TITLE0 + blaye, "en") == "Buy the fief title of Blaye (8 D)"
    assert action_text(A.BIRETTA0, "zh-TW").startswith("花5元")


def test_the_texts_are_words_not_rules() -> None:
    data = tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))
    for table in ("card", "kit", "pool"):
        for row in data[table]:
            row["text_en"] = row["text_zh"] = "reworded"
    assert rules_digest(data) == DATA.digest
