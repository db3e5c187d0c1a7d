"""A game's rules page for players, in English and 繁體中文.

Each game package holds its player-facing rules prose in ``rules_text.toml`` (the same
sections in both languages); this module reads it and joins it to what the game already
knows: every card of its catalog with the catalog's own rules text, the readings its
data file settles where the sources are silent (``Game.assumed_readings``, the table's
house rules, each with its one-line meaning from the prose file) and the options a
table may set. The server serves the result as ``/api/games/{id}/rules``; the page
``/rules/{id}`` (``web/rules.js``) draws it.

``rules_text.toml``::

    [[section]]                  # in reading order: goal, setup, turn, end (the same keys
    key = "goal"                 # in every game: SECTIONS)
    en.title = "..."
    en.body = '''...'''          # paragraphs; lines "- x" a list, "1. x" numbered steps,
    zh.title = "..."             # "### x" a subheading; **x** bold; {{group.key.field}} a
    zh.body = '''...'''          # value of the catalog ("{{ranks.King.majority}}": 16)

    [[cards]]                    # a group of the catalog to list, in order
    group = "nobles"             # the catalog's key (a dict or a list of entries)
    badge = "points"             # optional: an entry's field shown beside its name
    lookup.continent = "continents"  # optional: fields that name an entry of another group
    en.title = "Noble cards"
    en.badge = "{} pts"          # how the badge reads ({} = the value)
    en.facts = "..."             # optional: the entry's numbers in words ("{military}")
    en.intro = "..."             # optional
    zh.title = "人物牌"
    zh.badge = "{}分"

    [[option]]                   # a passage of the prose a table's option changes
    key = "max_turns"            # the option
    section = "end"              # the section whose passage it replaces
    en.replace = "..."           # the passage (within one paragraph or list item)
    en.with = "..."              # what the page says instead when the table's value is
    zh.replace = "..."           # not the default ("{value}": the table's value)
    zh.with = "..."

    [assumed]                    # one line per reading of the data file's [assumed] table
    key.en = "..."
    key.zh = "..."

    [[aid]]                      # a part of the player aid at the table (web/aids.js), one of:
    key = "scoring"              # - a passage of a section: its blocks under the subheading
    section = "end"              #   (### Scoring) up to the next one, all of it if none
    en.heading = "Scoring"
    en.title = "Scoring"
    [[aid]]                      # - a catalog group: each entry's name, badge and facts (as
    key = "ranks"                #   [[cards]]); ``list``: a field naming entries of the group
    group = "ranks"              #   ``lookup`` gives; ``when.<field>.en.yes/no``: words said
    badge = "majority"           #   when the field is true / false; a group of numbers (a
    list = "requires"            #   price list) is named by ``names`` (``rename`` a key)
    lookup.requires = "attributes"
    [[aid]]                      # - the turn's phases: each the passage of ``section`` under
    key = "phases"               #   its subheading, keyed by the game's phase names
    section = "turn"
    [[aid.phase]]
    key = "purchase"
    phases = ["ransoms", "purchase"]
    en.heading = "4. Purchase"
"""

from __future__ import annotations

import functools
import importlib.resources
import re
import sys
import tomllib
from typing import Any

LANGS = ("en", "zh-TW")
#: The prose sections every game's page has, in this order.
SECTIONS = ("goal", "setup", "turn", "end")
FILE = "rules_text.toml"

_NUMBERED = re.compile(r"^\d+\.\s+")


def blocks(body: str) -> list[dict[str, Any]]:
    """The body's blocks: {"kind": "p" | "h3", "text"} or {"kind": "ul" | "ol", "items"}.
    A blank line ends a block; a list's item may go on over lines indented by spaces."""
    out: list[dict[str, Any]] = []
    for chunk in re.split(r"\n\s*\n", body.strip()):
        lines = [line.rstrip() for line in chunk.strip("\n").splitlines() if line.strip()]
        if not lines:
            continue
        first = lines[0].lstrip()
        if first.startswith("### "):
            out.append({"kind": "h3", "text": first[4:].strip()})
            lines = lines[1:]
            if not lines:
                continue
            first = lines[0].lstrip()
        kind = "ul" if first.startswith("- ") else "ol" if _NUMBERED.match(first) else "p"
        if kind == "p":
            out.append(
                {
                    "kind": "p",
                    "text": " ".join(line.strip() for line in lines)
                    if not _cjk(lines)
                    else "".join(line.strip() for line in lines),
                }
            )
            continue
        items: list[str] = []
        for line in lines:
            stripped = line.lstrip()
            if kind == "ul" and stripped.startswith("- "):
                items.append(stripped[2:].strip())
            elif kind == "ol" and _NUMBERED.match(stripped):
                items.append(_NUMBERED.sub("", stripped).strip())
            elif items:  # a continued item
                items[-1] += ("" if _cjk([stripped]) else " ") + stripped
        out.append({"kind": kind, "items": items})
    return out


_VALUE = re.compile(r"\{\{\s*([\w.-]+)\s*\}\}")


def fill(body: str, catalog: dict[str, Any]) -> str:
    """The prose with each ``{{group.key.field}}`` replaced by that value of the game's
    catalog (a rank's points), so the page says what the data file says; a path that
    names no single value is an error in the prose file."""

    def value(match: re.Match[str]) -> str:
        node: Any = catalog
        for part in match.group(1).split("."):
            found = (
                dict(_entries(node)).get(part)
                if isinstance(node, list)
                else (node.get(part) if isinstance(node, dict) else None)
            )
            if found is None:
                raise ValueError(f"no catalog value {match.group(1)!r}")
            node = found
        if isinstance(node, (dict, list)):
            raise ValueError(f"{match.group(1)!r} names no single value of the catalog")
        return _number(node)

    return _VALUE.sub(value, body)


def _cjk(lines: list[str]) -> bool:
    return any("\u3400" <= ch <= "\u9fff" for line in lines for ch in line)


def package_of(game: Any) -> str:
    """The package of ``game``'s class (``noblesse.games.fief``)."""
    module = sys.modules[type(game).__module__]
    return module.__package__ or module.__name__.rpartition(".")[0]


@functools.cache
def load(package: str) -> dict[str, Any]:
    """The parsed ``rules_text.toml`` of a game package ({} if it has none yet)."""
    path = importlib.resources.files(package) / FILE
    if not path.is_file():
        return {}
    return tomllib.loads(path.read_text(encoding="utf-8"))


def _both(table: dict[str, Any], field: str) -> dict[str, str]:
    return {
        "en": str(table.get("en", {}).get(field, "")),
        "zh-TW": str(table.get("zh", {}).get(field, "")),
    }


def _entries(node: Any) -> list[tuple[str, dict[str, Any]]]:
    if isinstance(node, dict):
        return [(str(k), v) for k, v in node.items() if isinstance(v, dict)]
    if isinstance(node, list):
        return [(str(v.get("key", i)), v) for i, v in enumerate(node) if isinstance(v, dict)]
    return []


def _name(entry: dict[str, Any]) -> dict[str, str]:
    name = entry.get("name")
    source = name if isinstance(name, dict) else entry
    return {"en": str(source.get("en", "")), "zh-TW": str(source.get("zh-TW", ""))}


def _text(entry: dict[str, Any]) -> dict[str, str]:
    text = entry.get("text")
    if isinstance(text, dict):
        return {"en": str(text.get("en", "")), "zh-TW": str(text.get("zh-TW", ""))}
    return {"en": "", "zh-TW": ""}


def card_groups(text: dict[str, Any], catalog: dict[str, Any]) -> list[dict[str, Any]]:
    """Every card of the groups the prose file lists, with the catalog's name and text."""
    groups = []
    for spec in text.get("cards", []):
        badge = spec.get("badge")
        label = _both(spec, "badge")
        entries = []
        facts = _both(spec, "facts")
        for key, entry in _entries(catalog.get(spec["group"])):
            value = entry.get(badge) if badge else None
            shown = {
                lang: label[lang].replace("{}", _number(value))
                if value is not None and label[lang]
                else ""
                for lang in LANGS
            }
            entries.append(
                {
                    "key": key,
                    "name": _name(entry),
                    "text": _text(entry),
                    "badge": shown,
                    "colour": entry.get("colour") or "",
                    "facts": {
                        lang: _facts(facts[lang], entry, spec.get("lookup", {}), catalog, lang)
                        for lang in LANGS
                    },
                }
            )
        groups.append(
            {
                "group": spec["group"],
                "title": _both(spec, "title"),
                "intro": _both(spec, "intro"),
                "entries": entries,
            }
        )
    return groups


def _facts(
    template: str, entry: dict[str, Any], lookup: dict[str, str], catalog: dict[str, Any], lang: str
) -> str:
    """A card's numbers in words (``facts``, "{military}", "{glory[1]}"); a field named in
    ``lookup`` reads as the name of its entry in that catalog group (a continent)."""
    if not template:
        return ""
    fields = dict(entry)
    for field, group in lookup.items():
        named = catalog.get(group, {}).get(entry.get(field), {})
        fields[field] = named.get(lang, entry.get(field)) if isinstance(named, dict) else named
    return template.format(**fields)


def _number(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def readings(text: dict[str, Any], assumed: dict[str, Any]) -> list[dict[str, Any]]:
    """The data file's [assumed] values that are settings (numbers, switches, lists), each
    with its one-line meaning from the prose file (empty if the file lacks it)."""
    meanings = text.get("assumed", {})
    out = []
    for key, value in assumed.items():
        if isinstance(value, dict):  # a table of data (Fief's extra lord card): not a reading
            continue
        meaning = meanings.get(key, {})
        out.append(
            {
                "key": key,
                "value": value,
                "text": {"en": str(meaning.get("en", "")), "zh-TW": str(meaning.get("zh", ""))},
            }
        )
    return out


def option_prose(text: dict[str, Any]) -> list[dict[str, Any]]:
    """The passages of the prose that a table's options change (``[[option]]``)."""
    return [
        {
            "key": o["key"],
            "section": o["section"],
            "replace": _both(o, "replace"),
            "with": _both(o, "with"),
        }
        for o in text.get("option", [])
    ]


def _passage(blocks_: list[dict[str, Any]], heading: str) -> list[dict[str, Any]]:
    """The blocks under the subheading ``heading`` up to the next one (all if no heading)."""
    if not heading:
        return blocks_
    out: list[dict[str, Any]] = []
    inside = False
    for block in blocks_:
        if block["kind"] == "h3":
            if inside:
                break
            inside = block["text"] == heading
        elif inside:
            out.append(block)
    if not out:
        raise ValueError(f"no passage under the subheading {heading!r}")
    return out


def _aid_entries(spec: dict[str, Any], catalog: dict[str, Any]) -> list[dict[str, Any]]:
    """A catalog group's entries with their numbers in words (``[[aid]]`` with ``group``)."""
    label = _both(spec, "badge")
    per = {
        key: {"en": str(v.get("en", "")), "zh-TW": str(v.get("zh", ""))}
        for key, v in spec.get("badge_of", {}).items()
    }
    listed = spec.get("list")
    lookup = spec.get("lookup", {})
    plain = {field: group for field, group in lookup.items() if field != listed}
    facts = _both(spec, "facts")
    when = {field: (_both(v, "yes"), _both(v, "no")) for field, v in spec.get("when", {}).items()}
    group = catalog[spec["group"]]
    if isinstance(group, dict) and all(isinstance(v, (int, float)) for v in group.values()):
        # numbers (prices): each named by the entry of ``names`` with its key (or ``rename``)
        names = catalog[spec["names"]]
        rows = [
            (key, {"value": value}, _name(names[spec.get("rename", {}).get(key, key)]))
            for key, value in group.items()
        ]
        badge_field = "value"
    else:
        rows = [(key, entry, _name(entry)) for key, entry in _entries(group)]
        badge_field = spec.get("badge", "")
    out = []
    for key, entry, name in rows:
        value = entry.get(badge_field) if badge_field else None
        template = per.get(key, label)
        notes = {
            lang: [_facts(facts[lang], entry, plain, catalog, lang)]
            + [(yes if entry.get(field) else no)[lang] for field, (yes, no) in when.items()]
            for lang in LANGS
        }
        item: dict[str, Any] = {
            "key": key,
            "name": name,
            "value": value,
            "badge": {
                lang: template[lang].replace("{}", _number(value))
                if value is not None and template[lang]
                else ""
                for lang in LANGS
            },
            "facts": {
                lang: ("；" if lang == "zh-TW" else "; ").join(n for n in notes[lang] if n)
                for lang in LANGS
            },
        }
        if listed:
            among = catalog[lookup[listed]]
            item["list"] = {
                "keys": list(entry[listed]),
                **{lang: [among[k][lang] for k in entry[listed]] for lang in LANGS},
            }
        out.append(item)
    return out


def aid(
    text: dict[str, Any], catalog: dict[str, Any], sections: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The player aid's parts (``[[aid]]``): passages of the prose, groups of the catalog
    with their numbers, the turn's phases; every word and number read from the prose file
    or the catalog, none written twice."""
    by_key = {s["key"]: s for s in sections}
    parts = []
    for spec in text.get("aid", []):
        part: dict[str, Any] = {
            "key": spec["key"],
            "title": _both(spec, "title"),
            "intro": _both(spec, "intro"),
            "section": spec.get("section", ""),
        }
        if "group" in spec:
            part["kind"] = "entries"
            part["entries"] = _aid_entries(spec, catalog)
        elif "phase" in spec:  # the turn's phases, each the passage under its subheading
            section = by_key[spec["section"]]
            part["kind"] = "phases"
            part["entries"] = []
            for phase in spec["phase"]:
                heading = _both(phase, "heading")
                part["entries"].append(
                    {
                        "key": phase["key"],
                        "phases": list(phase.get("phases", [phase["key"]])),
                        "name": {lang: _NUMBERED.sub("", heading[lang]) for lang in LANGS},
                        "blocks": {
                            lang: _passage(section["blocks"][lang], heading[lang]) for lang in LANGS
                        },
                    }
                )
        else:
            section = by_key[spec["section"]]
            heading = _both(spec, "heading")
            part["kind"] = "prose"
            part["blocks"] = {
                lang: _passage(section["blocks"][lang], heading[lang]) for lang in LANGS
            }
        parts.append(part)
    return parts


def build(game: Any) -> dict[str, Any]:
    """The rules page of ``game`` as JSON: prose, cards, house rules and table options."""
    text = load(package_of(game))
    catalog = game.catalog()
    sections = [
        {
            "key": s["key"],
            "title": _both(s, "title"),
            "blocks": {
                "en": blocks(fill(s.get("en", {}).get("body", ""), catalog)),
                "zh-TW": blocks(fill(s.get("zh", {}).get("body", ""), catalog)),
            },
        }
        for s in text.get("section", [])
    ]
    assumed = game.assumed_readings()
    return {
        "game": game.id,
        "title": game.title,
        "players": [game.min_players, game.max_players],
        "sections": sections,
        "cards": card_groups(text, catalog),
        "aid": aid(text, catalog, sections),
        "assumed": readings(text, assumed),
        "options": game.options_schema(),
        "option_labels": game.option_labels(),
        "option_prose": option_prose(text),
    }
