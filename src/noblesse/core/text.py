"""Words shared by every game's views: the reader's language, player names, log lines.

Games keep their own texts (card names, event templates) in both languages; these
helpers only pick and format them, so every game speaks the same way. The zh-TW
conventions they follow (「玩家1」, 「」 around card names, counters, 、 between list
items) are in docs/zh-TW.md."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

# The last line of a scored game's log, the same in every game whose result is its scores.
GAME_OVER = ("Game over. Scores: {scores}. {winners}.", "遊戲結束。{scores}。{winners}。")


_ZH = {"zh-TW": True, "zh": True, "en": False}  # the languages asked for most often


def is_zh(lang: str) -> bool:
    """True for Traditional Chinese (``zh-TW``, ``zh``); English otherwise."""
    known = _ZH.get(lang)
    return lang.lower().startswith("zh") if known is None else known


def pick(en: str, zh: str, lang: str) -> str:
    return zh if is_zh(lang) else en


def list_sep(lang: str) -> str:
    return "、" if is_zh(lang) else ", "


def join(items: Iterable[str], lang: str) -> str:
    """Items of a list: 「甲、乙、丙」 / "A, B, C"."""
    return list_sep(lang).join(items)


def join_and(items: Iterable[str], lang: str) -> str:
    """Items as a phrase: 「甲、乙和丙」 / "A, B and C"."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return f"{join(items[:-1], lang)}{'和' if is_zh(lang) else ' and '}{items[-1]}"


def quoted(name: str, lang: str) -> str:
    """A card's (or a place's) name inside a sentence: 「傻子」 in Chinese, as it is in
    English, where the page styles it."""
    return f"「{name}」" if is_zh(lang) else name


def amount(n: int | float, lang: str, en: str, zh: str, en_plural: str | None = None) -> str:
    """A number with its counter: ``amount(3, lang, "card", "張牌")`` is 「3張牌」 /
    "3 cards", ``amount(1, …)`` "1 card" (plural: ``en_plural`` or ``en`` + "s")."""
    if is_zh(lang):
        return f"{n:g}{zh}"
    word = en if n == 1 else (en_plural or en + "s")
    return f"{n:g} {word}"


def seat_name(seat: int, lang: str = "en", names: list[str] | None = None) -> str:
    """A player's name if the table has one, else "Seat N" / 「玩家N」."""
    if names and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return f"玩家{seat + 1}" if is_zh(lang) else f"Seat {seat + 1}"


def score_list(
    scores: Iterable[float], lang: str, names: list[str] | None = None, zh_unit: str = "分"
) -> str:
    """Everyone's score: 「玩家1得7分、玩家2得12分」 / "Seat 1 7, Seat 2 12"."""
    if is_zh(lang):
        return join(
            (f"{seat_name(i, lang, names)}得{v:g}{zh_unit}" for i, v in enumerate(scores)), lang
        )
    return join((f"{seat_name(i, lang, names)} {v:g}" for i, v in enumerate(scores)), lang)


def winners_phrase(winners: list[int], lang: str, names: list[str] | None = None) -> str:
    """「玩家4獲勝」, 「玩家1和玩家3並列獲勝」 / "Winner: Seat 4", "Winners: Seat 1 and Seat 3"."""
    who = join_and((seat_name(w, lang, names) for w in winners), lang)
    if is_zh(lang):
        return f"{who}{'並列' if len(winners) > 1 else ''}獲勝" if winners else "沒有人獲勝"
    if not winners:
        return "No winner"
    return f"{'Winners' if len(winners) > 1 else 'Winner'}: {who}"


def result_fields(
    event: Mapping[str, Any], lang: str, names: list[str] | None = None
) -> dict[str, str]:
    """An end-of-game event's ``scores`` (「玩家1得12分、玩家2得9分」 / "Seat 1 12,
    Seat 2 9") and ``winners`` (「玩家1獲勝」 / "Winner: Seat 1") in words, for the
    templates of every game."""
    fields: dict[str, str] = {}
    if "scores" in event:
        fields["scores"] = score_list(event["scores"], lang, names)
    if "winners" in event:
        fields["winners"] = winners_phrase(list(event["winners"]), lang, names)
    return fields


def relabel(
    tables: Mapping[str, list[dict[str, Any]]],
    labels: Mapping[str, str],
) -> dict[str, list[dict[str, Any]]]:
    """``noblesse rules``' tables with their titles and their own columns renamed by
    ``labels`` (a game writes them once, in English, and names them in Chinese here)."""
    return {
        labels.get(title, title): [{labels.get(k, k): v for k, v in row.items()} for row in rows]
        for title, rows in tables.items()
    }


def format_event(
    templates: Mapping[str, tuple[str, str]], kind: str, fields: dict[str, Any], lang: str
) -> str:
    """The log line for an event from a table of (English, 繁體中文) templates; the kind
    itself if the table has no line for it."""
    template = templates.get(kind)
    if template is None:
        return kind
    return template[1 if is_zh(lang) else 0].format(**fields)
