"""The rules pages (core.rules_page: each game's rules_text.toml) follow docs/zh-TW.md in
繁體中文 and the rules English shares: every title, paragraph, list item, card group
title, badge, card facts and house-rule meaning, and the player aid's titles, badges and facts."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tests.i18n.texts import Text, names
from tests.i18n.zh_style import english_problems, problems

from noblesse import games
from noblesse.core import rules_page

GAMES = games.ids()


def rules_texts(game_id: str) -> Iterator[Text]:
    page = rules_page.build(games.get(game_id))
    for s in page["sections"]:
        yield Text(f"section {s['key']} title", s["title"]["zh-TW"], s["title"]["en"])
        for lang in ("en", "zh-TW"):
            for block in s["blocks"][lang]:
                for line in block.get("items", [block.get("text", "")]):
                    plain = line.replace("**", "")
                    yield Text(
                        f"section {s['key']}",
                        plain if lang == "zh-TW" else "",
                        plain if lang == "en" else "",
                    )
    for group in page["cards"]:
        for field in ("title", "intro"):
            yield Text(f"cards {group['group']} {field}", group[field]["zh-TW"], group[field]["en"])
        for entry in group["entries"]:
            yield Text(
                f"cards {group['group']} badge", entry["badge"]["zh-TW"], entry["badge"]["en"]
            )
            yield Text(
                f"cards {group['group']} facts", entry["facts"]["zh-TW"], entry["facts"]["en"]
            )
    for reading in page["assumed"]:
        yield Text(f"assumed {reading['key']}", reading["text"]["zh-TW"], reading["text"]["en"])
    for part in page["aid"]:  # the player aid's own words (its passages are the sections')
        for field in ("title", "intro"):
            yield Text(f"aid {part['key']} {field}", part[field]["zh-TW"], part[field]["en"])
        for entry in part.get("entries", []):  # its names stand alone, as on a card's face
            for field in ("badge", "facts"):
                if field in entry:
                    yield Text(
                        f"aid {part['key']} {field}", entry[field]["zh-TW"], entry[field]["en"]
                    )
    for option in page["option_prose"]:  # what a table's option makes the prose say
        yield Text(
            f"option {option['key']}",
            option["with"]["zh-TW"].replace("{value}", "3"),
            option["with"]["en"].replace("{value}", "3"),
        )


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rules_page_follows_the_style_guide(game_id: str) -> None:
    card_names = names(games.get(game_id))
    bad = []
    for text in rules_texts(game_id):
        bad += [f"{text.where}: {p} in {text.zh!r}" for p in problems(text.zh, game_id, card_names)]
        bad += [f"{text.where}: {p} in {text.en!r}" for p in english_problems(text.en)]
    assert not bad, f"{len(bad)} texts break docs/zh-TW.md:\n" + "\n".join(bad[:40])


@pytest.mark.parametrize("game_id", GAMES)
def test_each_passage_an_option_changes_is_in_its_section(game_id: str) -> None:
    """A table's option replaces a passage of the prose (``[[option]]``): the option is
    one of the game's, and the passage is in its section in both languages."""
    game = games.get(game_id)
    page = rules_page.build(game)
    sections = {s["key"]: s for s in page["sections"]}
    for option in page["option_prose"]:
        assert option["key"] in game.options_schema(), option["key"]
        for lang in ("en", "zh-TW"):
            assert option["replace"][lang] and option["with"][lang], (option["key"], lang)
            lines = [
                line
                for block in sections[option["section"]]["blocks"][lang]
                for line in block.get("items", [block.get("text", "")])
            ]
            assert sum(option["replace"][lang] in line for line in lines) == 1, (
                option["key"],
                lang,
            )
