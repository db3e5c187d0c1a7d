"""The checks of docs/zh-TW.md that a program can make, over any text a player reads.

``problems(text, game_id)`` lists what breaks the style guide in one 繁體中文 text;
``english_problems(text)`` the few rules English text shares. The glossary is read from
the guide itself (its tables' 「用」 and 「不用」 columns), so the guide stays the one place
the terms are kept."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from pathlib import Path

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "zh-TW.md"

CJK = r"\u3400-\u9fff\uf900-\ufaff"
_HALF_PUNCT = re.compile(rf"[{CJK}][,:;!?()]|[,:;!?()][{CJK}]|[{CJK}] ?\.\.\.")
_SPACE = re.compile(rf"[{CJK}] +[{CJK}0-9]|[0-9] +[{CJK}]")
_REPR = re.compile(r"[\[\]{}]|\bNone\b|\bTrue\b|\bFalse\b|'|\"|\\n")
_LATIN = re.compile(r"[A-Za-z][A-Za-z0-9.+\-]*")
_DOUBLED = re.compile(rf"([{CJK}]{{2,}})\1")
_ZERO = re.compile(r"(?<![0-9.])0(?:名|點|張|個|位|枚|座|次|隻)")
_PLAYER_RUN = re.compile(r"玩家\d\d")
_QUOTE = re.compile(r"「[^「」]*(?:「[^「」]*」[^「」]*)*」")


@functools.cache
def _guide() -> str:
    return GUIDE.read_text(encoding="utf-8")


def _section(game_id: str | None) -> Iterable[str]:
    """The guide's table rows under the heading naming ``game_id`` (None: every game)."""
    tag = f"({game_id})" if game_id else "(all)"
    current = None
    for line in _guide().splitlines():
        if line.startswith("#"):
            current = line
        elif current and current.rstrip().endswith(tag) and line.startswith("|"):
            yield line


@functools.cache
def glossary(game_id: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(the one form, the forms not to use) for every term of ``game_id`` and every game."""
    terms = []
    for line in [*_section(None), *_section(game_id)]:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 2 or set(cells[0]) <= {"-", ":", " "} or cells[0] in ("用", "詞"):
            continue
        avoid = tuple(w.strip() for w in cells[1].split("、") if w.strip() and w.strip() != "—")
        terms.append((cells[0], avoid))
    return tuple(terms)


@functools.cache
def allowed_latin() -> frozenset[str]:
    """Latin-letter words the guide allows inside Chinese text (its ``latin:`` line)."""
    for line in _guide().splitlines():
        if line.startswith("latin:"):
            return frozenset(line.split(":", 1)[1].split())
    return frozenset()


def _outside_quotes(text: str, name: str) -> bool:
    spans = [m.span() for m in _QUOTE.finditer(text)]
    start = text.find(name)
    while start >= 0:
        if not any(a < start and start + len(name) < b for a, b in spans):
            return True
        start = text.find(name, start + 1)
    return False


def problems(text: str, game_id: str | None = None, names: Iterable[str] = ()) -> list[str]:
    """What in ``text`` breaks the guide; ``names`` are the card and place names that
    must stand in 「」."""
    found = []
    if m := _HALF_PUNCT.search(text):
        found.append(f"half-width punctuation in Chinese: {m.group()!r}")
    if m := _SPACE.search(text):
        found.append(f"a space inside Chinese: {m.group()!r}")
    if m := _REPR.search(text):
        found.append(f"a program's value or stray quote: {m.group()!r}")
    for m in _LATIN.finditer(text):
        if m.group() not in allowed_latin():
            found.append(f"Latin letters: {m.group()!r}")
            break
    if m := _DOUBLED.search(text):
        found.append(f"a doubled word: {m.group()!r}")
    if m := _ZERO.search(text):
        found.append(f"a zero part: {m.group()!r}")
    if m := _PLAYER_RUN.search(text):
        found.append(f"a number run into a player's name: {m.group()!r}")
    for name in names:
        if name and _outside_quotes(text, name):
            found.append(f"a name without 「」: {name!r}")
            break
    for term, avoid in glossary(game_id or "-"):
        for wrong in avoid:
            if wrong in text and not _part_of(text, wrong, term):
                found.append(f"{wrong!r} where the glossary says {term!r}")
    return found


def _part_of(text: str, wrong: str, term: str) -> bool:
    """Whether every ``wrong`` in ``text`` is inside an occurrence of the right ``term``
    (「士兵」 is not 「兵」 misused)."""
    spans = [(m.start(), m.end()) for m in re.finditer(re.escape(term), text)]
    return all(
        any(a <= m.start() and m.end() <= b for a, b in spans)
        for m in re.finditer(re.escape(wrong), text)
    )


_ONE = re.compile(r"(\w+) 1 ([a-z][a-z-]*s)\b")
_NOTHING = re.compile(r"\(s\)|\b0 (?!pts\b|points\b|VP\b|glory\b)[a-z]+")
_NUMBERED = {"row", "turn", "round", "day", "throw", "century", "seat", "player"}
_SINGULAR_S = {"man-at-arms"}  # singular nouns that end in s


def english_problems(text: str) -> list[str]:
    found = []
    if m := _NOTHING.search(text):
        found.append(f"a number and its noun disagree: {m.group()!r}")
    for m in _ONE.finditer(text):
        if (
            not m.group(1)[0].isupper()
            and m.group(1).lower() not in _NUMBERED
            and not m.group(2).endswith("ss")
            and m.group(2) not in _SINGULAR_S
        ):
            found.append(f"a number and its noun disagree: {m.group()!r}")
            break
    if m := re.search(r"\[\d|\bNone\b|\bTrue\b|\bFalse\b|[{}]", text):
        found.append(f"a program's value: {m.group()!r}")
    if m := re.search(r"[\u3400-\u9fff]", text):
        found.append(f"Chinese inside English: {m.group()!r}")
    return found
