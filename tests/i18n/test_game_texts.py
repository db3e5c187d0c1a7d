"""Every text of every game, in 繁體中文 and English, follows docs/zh-TW.md: rendered over
random playouts (log lines, prompts, action labels, terminal tables, refusals) and from
the game's catalog, options and rules table."""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from tests.budget import budget
from tests.i18n.texts import Text, names, play_texts, static_texts
from tests.i18n.zh_style import english_problems, problems

from noblesse import games

GAMES = games.ids()


def _report(texts: Iterable[Text], game_id: str, card_names: list[str]) -> list[str]:
    bad: dict[tuple[str, str], str] = {}
    for text in texts:
        for line_zh in text.zh.splitlines() or [""]:
            for problem in problems(line_zh, game_id, card_names):
                bad.setdefault((text.where, problem), f"{text.where}: {problem} in {line_zh!r}")
        for line_en in text.en.splitlines():
            for problem in english_problems(line_en):
                bad.setdefault((text.where, problem), f"{text.where}: {problem} in {line_en!r}")
    return list(bad.values())


@pytest.mark.parametrize("game_id", GAMES)
def test_the_catalog_options_and_rules_table_follow_the_style_guide(game_id: str) -> None:
    game = games.get(game_id)
    bad = _report(static_texts(game), game_id, names(game))
    assert not bad, f"{len(bad)} texts break docs/zh-TW.md:\n" + "\n".join(bad[:40])


@pytest.mark.parametrize("game_id", GAMES)
def test_what_players_read_during_a_game_follows_the_style_guide(game_id: str) -> None:
    game = games.get(game_id)
    counts = sorted({game.min_players, min(4, game.max_players), game.max_players})
    seeds = range(budget(2, 4))
    texts = [
        t
        for players in counts
        for seed in seeds
        for t in play_texts(game, seed, players, states=budget(300, 600))
    ]
    bad = _report(texts, game_id, names(game))
    assert not bad, f"{len(bad)} texts break docs/zh-TW.md:\n" + "\n".join(bad[:40])
