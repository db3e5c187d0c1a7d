"""Every text a player of a game reads, in both languages, gathered over random playouts:
log lines (as each seat and a spectator see them), the prompt, every legal action's
label, the terminal table, refusals of illegal actions, the catalog's texts, the
options' labels and ``noblesse rules``' table."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from noblesse.core.errors import IllegalAction
from noblesse.core.game import Game

# The catalog's categories whose entries are cards or places: their names stand in 「」.
NAMED = {
    "guillotine": ("nobles", "actions"),
    "ruse_and_bruise": ("characters",),
    "heads_of_state": ("attributes", "treachery", "boxes"),
    "conflicting_legends": ("characters", "territories"),
    "fief": ("cards", "villages", "fiefs", "bishoprics"),
}
# rich's colour markup in terminal tables
MARKUP = re.compile(r"\[/?[a-z][a-z_ ]*\]|\[/\]")


# The rules tables' columns every game shares; `noblesse rules` names them.
COLUMNS = ("name", "other", "colour", "points", "copies", "effect")


@dataclass(frozen=True)
class Text:
    where: str
    zh: str
    en: str


def _entries(catalog: Any) -> Iterator[tuple[tuple[str, ...], dict[str, Any]]]:
    stack: list[tuple[tuple[str, ...], Any]] = [((), catalog)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, dict):
            if isinstance(node.get("en"), str) and isinstance(node.get("zh-TW"), str):
                yield path, node
            stack.extend((path + (str(k),), v) for k, v in node.items())
        elif isinstance(node, list):
            stack.extend((path + (str(i),), v) for i, v in enumerate(node))


def names(game: Game) -> list[str]:
    """The 繁體中文 names of the game's cards and places, longest first."""
    found = {
        entry["zh-TW"]
        for path, entry in _entries(game.catalog())  # type: ignore[attr-defined]
        if path and path[0] in NAMED[game.id] and len(path) == 2
    }
    return sorted(found, key=len, reverse=True)


def static_texts(game: Game) -> Iterator[Text]:
    """The catalog's sentences, the options' labels and the rules table."""
    known = set(names(game))
    for path, entry in _entries(game.catalog()):  # type: ignore[attr-defined]
        if entry["zh-TW"] not in known and entry["zh-TW"]:
            zh = entry["zh-TW"]
            if path[-1] == "name":  # a piece's own name, like a card's, stands without 「」
                zh = _without(zh, known)
            yield Text("catalog " + "/".join(path), zh, entry["en"])
    for option, label in game.option_labels().items():  # type: ignore[attr-defined]
        yield Text(f"option {option}", label["zh-TW"], label["en"])
    # the same tables in both languages, titled (and their own columns named) in each
    zh_tables = game.rules_table("zh-TW")  # type: ignore[attr-defined]
    en_tables = game.rules_table("en")  # type: ignore[attr-defined]
    for (title, rows), (en_title, en_rows) in zip(
        zh_tables.items(), en_tables.items(), strict=True
    ):
        yield Text("rules title", title, en_title)
        for i, (row, en_row) in enumerate(zip(rows, en_rows, strict=True)):
            for (col, value), (en_col, en_value) in zip(row.items(), en_row.items(), strict=True):
                if col not in COLUMNS:  # the rest are the game's own, named in each language
                    yield Text(f"rules {en_title}[{i}] column", col, en_col)
                if col not in ("name", "other") and isinstance(value, str) and value:
                    yield Text(f"rules {en_title}[{i}].{en_col}", value, str(en_value))


def _without(text: str, names: set[str]) -> str:
    """``text`` without the card and place names in it (longest first)."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, "")
    return text


def play_texts(game: Game, seed: int, players: int, states: int) -> Iterator[Text]:
    """Texts of the first ``states`` states of a random playout (every state's log
    lines; prompts, labels, terminal tables and refusals of a sample of states)."""
    rng = random.Random(seed)
    state = game.setup(players, seed)
    seen = 0
    while not game.is_over(state) and seen < states:
        seen += 1
        seat = rng.choice(game.to_act(state))
        legal = game.legal_actions(state, seat)
        if seen % 3 == 1:
            yield from _state_texts(game, state, seat, legal, rng)
        for event in game.apply(state, seat, rng.choice(legal)):
            for viewer in [None, *(event.private or {})]:
                seen_as = event.for_seat(viewer)
                yield Text(
                    f"event {event.type}",
                    game.describe_event(seen_as, "zh-TW"),
                    game.describe_event(seen_as, "en"),
                )
    for viewer in (None, 0):
        view = game.view(state, viewer)
        yield Text(
            "terminal table",
            _plain("\n".join(game.render_text(view, "zh-TW"))),  # type: ignore[attr-defined]
            _plain("\n".join(game.render_text(view, "en"))),
        )  # type: ignore[attr-defined]


def _state_texts(
    game: Game, state: Any, seat: int, legal: list[int], rng: random.Random
) -> Iterator[Text]:
    yield Text(
        "prompt",
        game.describe_decision(state, "zh-TW"),  # type: ignore[attr-defined]
        game.describe_decision(state, "en"),
    )  # type: ignore[attr-defined]
    for action in rng.sample(legal, min(len(legal), 12)):
        yield Text(
            "action",
            game.describe_action(state, action, "zh-TW"),
            game.describe_action(state, action, "en"),
        )
    view = game.view(state, seat)
    yield Text(
        "terminal table",
        _plain("\n".join(game.render_text(view, "zh-TW"))),  # type: ignore[attr-defined]
        _plain("\n".join(game.render_text(view, "en"))),
    )  # type: ignore[attr-defined]
    illegal = [
        a
        for a in rng.sample(range(game.num_distinct_actions), min(40, game.num_distinct_actions))
        if a not in legal
    ][:3]
    for action in illegal:
        try:
            game.apply(game.clone(state), seat, action)
        except IllegalAction as refusal:
            yield Text("refusal", refusal.message_zh, refusal.message)


def _plain(text: str) -> str:
    """A terminal table without its colour markup."""
    return MARKUP.sub("", text)
