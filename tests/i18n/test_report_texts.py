"""The balance report (`noblesse analyze --lang`) reads as docs/zh-TW.md asks in 繁體中文,
and its English follows the English rules: the page's words, each game's endings and
kinds of card row, and a whole rendered page."""

from __future__ import annotations

import html
import re
import string
from pathlib import Path

import pytest
from tests.i18n.zh_style import english_problems, problems
from typer.testing import CliRunner

from noblesse import games
from noblesse.cli import app
from noblesse.sim.analyze import WORDS

_CJK = re.compile(r"[\u3400-\u9fff]")
_TAG = re.compile(r"<[^>]+>")


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def _filled(text: str) -> str:
    """The text with every field filled (a number reads for any of them)."""
    return _TAG.sub("", re.sub(r"\{[^{}]*\}", "7", text))


@pytest.mark.parametrize("key", sorted(WORDS))
def test_every_word_of_the_report_is_in_both_languages(key: str) -> None:
    en, zh = WORDS[key]["en"], WORDS[key]["zh-TW"]
    assert _fields(en) == _fields(zh), key
    assert not _CJK.search(en)
    assert not english_problems(_filled(en))
    if _CJK.search(zh):
        assert not problems(_filled(zh))


@pytest.mark.parametrize("game_id", games.ids())
def test_each_games_endings_and_card_rows_are_named_in_both_languages(game_id: str) -> None:
    game = games.get(game_id)
    for table in (game.endings, game.feature_names):
        assert table, game_id
        for key, names in table.items():
            assert set(names) == {"en", "zh-TW"}, key
            assert not problems(names["zh-TW"], game_id), (key, names["zh-TW"])
            assert not english_problems(names["en"]) and not _CJK.search(names["en"])


def test_a_report_in_chinese_reads_as_the_guide_asks(tmp_path: Path) -> None:
    out = tmp_path / "zh"
    result = CliRunner().invoke(
        app,
        [
            "analyze",
            "heads_of_state",
            "-n",
            "6",
            "--bots",
            "random",
            "--players",
            "3,4",
            "--workers",
            "1",
            "--lang",
            "zh-TW",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    again = CliRunner().invoke(
        app,
        [
            "analyze",
            "heads_of_state",
            "-n",
            "6",
            "--bots",
            "random",
            "--players",
            "3,4",
            "--workers",
            "1",
            "--lang",
            "zh",
            "--seed",
            "1",
            "--out",
            str(tmp_path / "zh2"),
            "--baseline",
            str(out),
        ],
    )
    assert again.exit_code == 0, again.output
    page = (tmp_path / "zh2" / "report.html").read_text(encoding="utf-8")
    assert '<html lang="zh-TW">' in page and "國家元首" in page and "與基準的差異" in page
    body = re.sub(r"<img[^>]*>", "", page.split("<body>", 1)[1])
    text = html.unescape(_TAG.sub("\n", body))
    bad = []
    for line in text.splitlines():
        line = line.strip()
        # the rules version (a digest) and the data file's name are program values shown
        # as they are; card keys the catalog does not name (marker values) stay keys
        line = re.sub(r"規則版本[0-9.+a-f]+|board\.toml|\d+ points", "", line)
        if _CJK.search(line):
            bad += [f"{p}: {line}" for p in problems(line, "heads_of_state")]
    assert not bad, "\n".join(bad[:20])
