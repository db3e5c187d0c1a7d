"""The ansi render of the research environments: the game's own text table.

``game.render_text(view, lang)`` (the table the terminal shows, lines of Rich
markup) with the markup removed."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from noblesse.core.game import Game


def text_table(game: Game, view: dict[str, Any], lang: str = "en") -> str:
    """``view`` as the game's text table, plain text (no Rich markup)."""
    return "\n".join(Text.from_markup(line).plain for line in game.render_text(view, lang))
