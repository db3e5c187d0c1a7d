"""Every game has a rules page for players (core.rules_page, the game's rules_text.toml):
the same sections in English and 繁體中文, block for block; every card of the catalog
groups it lists, with the catalog's own text; a one-line meaning in both languages for
every reading of its data file's [assumed] table."""

from __future__ import annotations

import pytest

from noblesse import games
from noblesse.core import rules_page

GAMES = games.ids()


def _page(game_id: str) -> dict:
    return rules_page.build(games.get(game_id))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rules_text_has_every_section_in_both_languages_block_for_block(game_id: str) -> None:
    page = _page(game_id)
    assert [s["key"] for s in page["sections"]] == list(rules_page.SECTIONS)
    for section in page["sections"]:
        assert section["title"]["en"] and section["title"]["zh-TW"], section["key"]
        en, zh = section["blocks"]["en"], section["blocks"]["zh-TW"]
        assert en and zh, section["key"]
        # the same paragraphs, subheadings and lists, and as many steps in each list
        shape = lambda blocks: [(b["kind"], len(b.get("items", ()))) for b in blocks]  # noqa: E731
        assert shape(en) == shape(zh), f"{game_id} {section['key']}: {shape(en)} != {shape(zh)}"
        for block in en + zh:
            assert all(block.get("items", [block.get("text")])), (game_id, section["key"], block)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_page_lists_every_card_of_the_catalog_with_its_own_text(game_id: str) -> None:
    game = games.get(game_id)
    page = _page(game_id)
    catalog = game.catalog()  # type: ignore[attr-defined]
    assert page["cards"], f"{game_id}: no card groups"
    for group in page["cards"]:
        assert group["title"]["en"] and group["title"]["zh-TW"]
        source = catalog[group["group"]]
        entries = (
            source.items()
            if isinstance(source, dict)
            else [(e.get("key", str(i)), e) for i, e in enumerate(source)]
        )
        assert [e["key"] for e in group["entries"]] == [k for k, _ in entries]
        for shown, (_key, entry) in zip(group["entries"], entries, strict=True):
            names = entry.get("name", entry)
            assert shown["name"] == {"en": names["en"], "zh-TW": names["zh-TW"]}
            assert shown["name"]["en"] and shown["name"]["zh-TW"]
            text = entry.get("text") or {"en": "", "zh-TW": ""}
            assert shown["text"] == {"en": text["en"], "zh-TW": text["zh-TW"]}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_assumed_reading_has_its_meaning_in_both_languages(game_id: str) -> None:
    game = games.get(game_id)
    page = _page(game_id)
    assumed = game.assumed_readings()  # type: ignore[attr-defined]
    settings = {k for k, v in assumed.items() if not isinstance(v, dict)}
    assert {r["key"] for r in page["assumed"]} == settings
    for reading in page["assumed"]:
        assert reading["text"]["en"] and reading["text"]["zh-TW"], reading["key"]
        assert reading["value"] == assumed[reading["key"]]
    meanings = rules_page.load(rules_page.package_of(game)).get("assumed", {})
    assert set(meanings) <= settings, (
        f"meanings of readings the data file lacks: {set(meanings) - settings}"
    )


def test_blocks_read_paragraphs_lists_steps_and_subheadings() -> None:
    body = "A first\nparagraph.\n\n### Then\n1. one\n   more\n2. two\n\n- a\n- b\n\n甲\n乙"
    assert rules_page.blocks(body) == [
        {"kind": "p", "text": "A first paragraph."},
        {"kind": "h3", "text": "Then"},
        {"kind": "ol", "items": ["one more", "two"]},
        {"kind": "ul", "items": ["a", "b"]},
        {"kind": "p", "text": "甲乙"},
    ]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_a_player_aid_in_both_languages(game_id: str) -> None:
    """The aid's parts (``[[aid]]``): each titled in both languages, a passage no shorter
    in one language than in the other, a group with an entry for each of the catalog's."""
    game = games.get(game_id)
    page = _page(game_id)
    catalog = game.catalog()
    assert page["aid"], game_id
    for part in page["aid"]:
        assert part["title"]["en"] and part["title"]["zh-TW"], part["key"]
        if part["kind"] == "prose":
            shape = lambda blocks: [(b["kind"], len(b.get("items", ()))) for b in blocks]  # noqa: E731
            assert part["blocks"]["en"] and shape(part["blocks"]["en"]) == shape(
                part["blocks"]["zh-TW"]
            )
        elif part["kind"] == "entries":
            group = catalog[
                [
                    s
                    for s in rules_page.load(rules_page.package_of(game))["aid"]
                    if s["key"] == part["key"]
                ][0]["group"]
            ]
            assert len(part["entries"]) == len(group), part["key"]
            for entry in part["entries"]:
                assert entry["name"]["en"] and entry["name"]["zh-TW"], entry["key"]


def test_heads_of_state_s_aid_names_what_each_rank_requires() -> None:
    catalog = games.get("heads_of_state").catalog()
    ranks = {e["key"]: e for e in _page("heads_of_state")["aid"][0]["entries"]}
    duke = catalog["ranks"]["Duke"]
    assert (
        ranks["Duke"]["list"]["keys"]
        == duke["requires"]
        == ["gold", "troops", "castle", "title", "duelling"]
    )
    assert ranks["Duke"]["list"]["en"] == ["Gold", "Troops", "Castle", "Title", "Duelling"]
    assert ranks["Duke"]["list"]["zh-TW"] == ["黃金", "軍隊", "城堡", "頭銜", "決鬥"]
    assert ranks["Duke"]["badge"] == {"en": "12 pts for the most", "zh-TW": "最多者得12分"}
    assert ranks["Duke"]["facts"]["en"] == "a Courtesan may stand in for one"
    assert ranks["King"]["facts"]["zh-TW"] == "不能用「高級娼婦」代替"


def test_fief_s_aid_prices_are_the_data_file_s_and_its_phases_the_engine_s() -> None:
    from noblesse.games.fief import flow
    from noblesse.games.fief.data import DATA

    parts = {p["key"]: p for p in _page("fief")["aid"]}
    prices = {e["key"]: e for e in parts["prices"]["entries"]}
    assert prices["knight"]["value"] == int(DATA.rules["knight_cost"]) == 3
    assert prices["knight"]["badge"] == {"en": "3 D", "zh-TW": "3元"}
    assert prices["fief_title_per_village"]["name"]["en"] == "Fief title"
    assert prices["fief_title_per_village"]["badge"]["zh-TW"] == "封地每個村莊2元"
    phases = [k for e in parts["phases"]["entries"] for k in e["phases"]]
    assert phases == [n for n in flow.PHASE_NAMES if n != "setup"]
    battle = parts["battle"]["blocks"]["en"]
    assert battle[0]["kind"] == "ol" and battle[0]["items"][0].startswith(
        "In turn order, a family may declare battle"
    )


def test_a_passage_is_taken_from_its_subheading_to_the_next() -> None:
    blocks = rules_page.blocks("Intro.\n\n### One\nFirst.\n\n- a\n- b\n\n### Two\nSecond.")
    assert rules_page._passage(blocks, "One") == [
        {"kind": "p", "text": "First."},
        {"kind": "ul", "items": ["a", "b"]},
    ]
    assert rules_page._passage(blocks, "") == blocks
    with pytest.raises(ValueError):
        rules_page._passage(blocks, "Three")


def test_heads_of_state_s_prose_gives_each_rank_the_points_of_its_data() -> None:
    """The end's scoring paragraph reads each rank's points from board.toml (via the
    catalog's ``majority``), never from figures written in the prose."""
    catalog = games.get("heads_of_state").catalog()
    end = next(s for s in _page("heads_of_state")["sections"] if s["key"] == "end")
    text = {
        lang: " ".join(b.get("text", "") for b in end["blocks"][lang]) for lang in ("en", "zh-TW")
    }
    ranks = catalog["ranks"]
    en = ", ".join(f"{key} {rank['majority']}" for key, rank in ranks.items())
    zh = "、".join(f"{rank['zh-TW']}{rank['majority']}分" for rank in ranks.values())
    assert f"({en})" in text["en"]
    assert f"（{zh}）" in text["zh-TW"]
    assert "{{" not in text["en"] + text["zh-TW"]
    written = next(
        s for s in rules_page.load("noblesse.games.heads_of_state")["section"] if s["key"] == "end"
    )
    for key in ranks:  # the prose names the value, not a figure
        assert f"{{{{ranks.{key}.majority}}}}" in written["en"]["body"]
        assert f"{{{{ranks.{key}.majority}}}}" in written["zh"]["body"]


def test_a_catalog_value_fills_its_placeholder_and_a_wrong_path_is_refused() -> None:
    catalog = {"ranks": {"King": {"majority": 16.0}}, "boxes": [{"key": "BRI-LON", "initial": 5}]}
    assert (
        rules_page.fill("King {{ranks.King.majority}}, London {{ boxes.BRI-LON.initial }}", catalog)
        == "King 16, London 5"
    )
    for wrong in ("{{ranks.Queen.majority}}", "{{ranks.King}}", "{{boxes.BRI-LON.initial.x}}"):
        with pytest.raises(ValueError):
            rules_page.fill(wrong, catalog)
