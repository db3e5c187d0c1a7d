"""Words shared by every game's views: the reader's language, seat names, log lines.

Games keep their own texts (card names, event templates) in both languages; these
helpers only pick and format them, so every game speaks the same way."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# The last line of a scored game's log, the same in every game whose result is its scores.
GAME_OVER = ("Game over. Scores: {scores}. Winner(s): {winners}",
             "遊戲結束。分數：{scores}。勝者：{winners}")


def is_zh(lang: str) -> bool:
    """True for Traditional Chinese (``zh-TW``, ``zh``); English otherwise."""
    return lang.lower().startswith("zh")


def pick(en: str, zh: str, lang: str) -> str:
    return zh if is_zh(lang) else en


def list_sep(lang: str) -> str:
    return "、" if is_zh(lang) else ", "


def seat_name(seat: int, lang: str = "en", names: list[str] | None = None) -> str:
    """A player's name if the table has one, else "Seat N" / "座位N"."""
    if names and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return f"座位{seat + 1}" if is_zh(lang) else f"Seat {seat + 1}"


def result_fields(event: Mapping[str, Any], lang: str,
                  names: list[str] | None = None) -> dict[str, str]:
    """An end-of-game event's ``scores`` ("Seat 1 12, Seat 2 9") and ``winners`` in words,
    for the templates of every game."""
    fields: dict[str, str] = {}
    sep = list_sep(lang)
    if "scores" in event:
        fields["scores"] = sep.join(f"{seat_name(i, lang, names)} {v:g}"
                                    for i, v in enumerate(event["scores"]))
    if "winners" in event:
        fields["winners"] = sep.join(seat_name(w, lang, names) for w in event["winners"])
    return fields


def format_event(templates: Mapping[str, tuple[str, str]], kind: str, fields: dict[str, Any],
                 lang: str) -> str:
    """The log line for an event from a table of (English, 繁體中文) templates; the kind
    itself if the table has no line for it."""
    template = templates.get(kind)
    if template is None:
        return kind
    return template[1 if is_zh(lang) else 0].format(**fields)
