"""The rules page of each game (issue 19, "A rules page per game"): opened from the
lobby's Rules link and from the table's header, in English and in 繁體中文; it shows every
card of the catalog groups it lists with the catalog's text, the house rules, and, opened
from a table, the options that table was created with. Screenshots at 1280×800 and
390×844 in both languages go to tests/artifacts/ (not committed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Page  # noqa: E402

from noblesse import games  # noqa: E402
from noblesse.core import rules_page  # noqa: E402

from .server import ServerProcess  # noqa: E402

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
LANGS = ("en", "zh-TW")
GAMES = games.ids()
# A table of each game, with an option changed from its default where the game has one.
CHANGED = {
    "guillotine": {"hidden_support": True},
    "heads_of_state": {"counter_limit": True},
    "fief": {"max_turns": 12, "public_dice_faces": True},
}

# every card's name, and the text of its box (cards with the same text share a box)
SHOWN_JS = """() => [...document.querySelectorAll('.rules-group')].map((g) => ({
  group: g.dataset.group,
  cards: [...g.querySelectorAll('.rules-card-name')].map((n) => ({
    key: n.dataset.card, name: n.textContent,
    text: (n.closest('.rules-card').querySelector('.rules-card-text') || {textContent: ''}).textContent})) }))"""
OPTIONS_JS = """() => [...document.querySelectorAll('#options-list dt')].map((dt) => ({
  key: dt.dataset.option, changed: dt.classList.contains('changed'),
  value: dt.nextElementSibling.firstChild.textContent}))"""


def _set_lang(page: Page, lang: str) -> None:
    page.evaluate(f"localStorage.setItem('noblesse.lang', '{lang}')")


def _check_page(page: Page, game_id: str, lang: str) -> dict[str, Any]:
    page.wait_for_selector("body[data-ready='1']")
    expected = rules_page.build(games.get(game_id))
    assert page.locator("html").get_attribute("lang") == lang
    assert page.locator("#rules-heading").inner_text() == expected["title"][lang]
    for section in expected["sections"]:
        assert page.locator(f"#{section['key']} h2").inner_text() == section["title"][lang]
    shown = page.evaluate(SHOWN_JS)
    assert [g["group"] for g in shown] == [g["group"] for g in expected["cards"]]
    for got, want in zip(shown, expected["cards"], strict=True):
        cards = {c["key"]: c for c in got["cards"]}
        assert sorted(cards) == sorted(e["key"] for e in want["entries"])
        assert len(cards) == len(got["cards"])
        for entry in want["entries"]:
            assert cards[entry["key"]]["name"] == entry["name"][lang]
            assert cards[entry["key"]]["text"] == entry["text"][lang]
    readings = page.locator("#house dt").all_inner_texts()
    assert readings == [r["text"][lang] for r in expected["assumed"]]
    return expected


def _shoot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


@pytest.mark.parametrize("lang", LANGS)
def test_the_lobby_opens_the_rules_of_the_chosen_game(
    page: Page, server: ServerProcess, lang: str
) -> None:
    page.goto(server.url + "/")
    _set_lang(page, lang)
    for game_id in GAMES:
        page.goto(server.url + "/")
        page.select_option("#game", game_id)
        link = page.locator("#rules-link")
        assert link.inner_text() == ("規則" if lang == "zh-TW" else "Rules")
        link.click()
        page.wait_for_url(f"**/rules/{game_id}")
        _check_page(page, game_id, lang)
        # from the lobby: the options a table may choose, with their defaults, none changed
        options = page.evaluate(OPTIONS_JS)
        schema = games.get(game_id).options_schema()
        assert [o["key"] for o in options] == list(schema)
        assert not any(o["changed"] for o in options)
        for size, (w, h) in {"wide": (1280, 800), "phone": (390, 844)}.items():
            page.set_viewport_size({"width": w, "height": h})
            page.evaluate("window.scrollTo(0, 0)")
            _shoot(page, f"rules-{game_id}-{lang}-{size}")
            if game_id in ("heads_of_state", "fief"):
                page.locator("#cards").scroll_into_view_if_needed()
                _shoot(page, f"rules-{game_id}-{lang}-{size}-cards")
                page.locator("#house").scroll_into_view_if_needed()
                _shoot(page, f"rules-{game_id}-{lang}-{size}-house")
        page.set_viewport_size({"width": 1280, "height": 900})


def _people_table(server: ServerProcess, page: Page, game: Any, options: dict, lang: str) -> dict:
    """A table of people with ``options``, and the page set to ``lang``."""
    res = server.post(
        "/api/tables",
        json={"game": game.id, "options": options, "seats": ["human"] * game.min_players},
    )
    res.raise_for_status()
    page.goto(server.url + "/")
    _set_lang(page, lang)
    return res.json()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", GAMES)
def test_the_table_opens_its_games_rules_with_its_options(
    page: Page, server: ServerProcess, game_id: str, lang: str
) -> None:
    game = games.get(game_id)
    options = CHANGED.get(game_id, {})
    table = _people_table(server, page, game, options, lang)
    page.goto(server.url + table["seats"][0]["link"])
    link = page.locator("#rules-link")
    link.wait_for(state="visible")
    assert link.inner_text() == ("規則" if lang == "zh-TW" else "Rules")
    assert link.get_attribute("href") == f"/rules/{game_id}?table={table['id']}"
    with page.context.expect_page() as opened:
        link.click()
    rules = opened.value
    expected = _check_page(rules, game_id, lang)
    shown = {o["key"]: o for o in rules.evaluate(OPTIONS_JS)}
    schema = game.options_schema()
    assert list(shown) == list(schema)
    for key, default in schema.items():
        assert shown[key]["changed"] == (key in options and options[key] != default), key
    labels = expected["option_labels"]
    for key in options:
        assert (
            rules.locator(f"#options-list dt[data-option='{key}']").inner_text()
            == labels[key][lang]
        )
    if not schema:
        assert rules.locator("#options p").last.inner_text()
    # the language button switches the page in place
    rules.click("#lang-toggle")
    other = "en" if lang == "zh-TW" else "zh-TW"
    assert rules.locator("#rules-heading").inner_text() == expected["title"][other]
    rules.close()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", ["guillotine", "heads_of_state", "fief"])
def test_the_prose_says_what_the_table_s_options_change(
    page: Page, server: ServerProcess, game_id: str, lang: str
) -> None:
    """A passage an option changes (the rules file's [[option]]) reads, for a table that
    changed the option, as the table plays, marked as changed; without a table, as the
    rulebook says."""
    game = games.get(game_id)
    prose = rules_page.build(game)["option_prose"]
    assert prose
    schema = game.options_schema()
    options = {
        o["key"]: (not schema[o["key"]]) if isinstance(schema[o["key"]], bool) else 2 for o in prose
    }
    table = _people_table(server, page, game, options, lang)
    page.goto(f"{server.url}/rules/{game_id}?table={table['id']}")
    page.wait_for_selector("body[data-ready='1']")
    for option in prose:
        section = page.locator(f"#{option['section']}")
        marked = section.locator("mark.rules-changed").all_inner_texts()
        said = option["with"][lang].replace("{value}", str(options[option["key"]]))
        assert said.replace("**", "") in marked, (option["key"], marked)
        unmarked = section.evaluate(
            "s => { const c = s.cloneNode(true); c.querySelectorAll('mark').forEach((m) => m.remove());"
            " return c.textContent; }"
        )
        assert option["replace"][lang] not in unmarked, option["key"]
    _shoot(page, f"rules-{game_id}-table-options-{lang}")
    page.goto(f"{server.url}/rules/{game_id}")
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("mark.rules-changed").count() == 0
    for option in prose:
        assert option["replace"][lang] in page.locator(f"#{option['section']}").inner_text()
