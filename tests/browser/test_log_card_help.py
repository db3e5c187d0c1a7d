"""Card names in the log carry their help (issue #19): a card named in a log line, or on
the status bar's "Last move" line, shows its rules text, the catalog's, on hover (title),
on focus and on a tap (a bubble), in both languages; every name of a card with a text
that a line holds is marked."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Page, expect  # noqa: E402

from .server import ServerProcess  # noqa: E402
from .test_follow_game import set_lang  # noqa: E402
from .test_table import api, create_table, wait_until_over  # noqa: E402
from .test_what_just_happened import act  # noqa: E402

LINES_JS = """() => [...document.querySelectorAll('#log .log-line')].map((line) => ({
  text: line.textContent,
  cards: [...line.querySelectorAll('.log-card')].map((c) => [c.textContent, c.title])}))"""


@pytest.mark.parametrize("game_id", ["guillotine", "ruse_and_bruise", "conflicting_legends"])
def test_a_card_named_in_the_log_shows_its_rules_text(
    server: ServerProcess, page: Page, game_id: str
) -> None:
    table = create_table(server, game_id, ["greedy", "greedy", "greedy"], seed=49)
    wait_until_over(server, table["id"], timeout=180)
    catalog = api(server, f"/api/games/{game_id}/catalog")
    for lang in ("en", "zh-TW"):
        helps = {
            entry[lang]: entry["text"][lang]
            for section in catalog.values()
            if isinstance(section, dict)
            for entry in section.values()
            if isinstance(entry, dict)
            and isinstance(entry.get("text"), dict)
            and entry["text"][lang]
        }
        every = {
            entry[lang]
            for section in catalog.values()
            if isinstance(section, dict)
            and any(
                isinstance(e, dict) and isinstance(e.get("text"), dict) for e in section.values()
            )
            for entry in section.values()
            if isinstance(entry, dict) and entry.get(lang)
        }
        set_lang(page, lang)
        page.goto(f"{server.url}/table/{table['id']}")
        expect(page.locator("#end-panel")).to_be_visible()
        page.locator("#log-toggle").click()  # the whole log
        lines = page.evaluate(LINES_JS)
        marked = [card for line in lines for card in line["cards"]]
        assert len(marked) > 10, (lang, lines[-5:])
        for name, title in marked:
            assert helps[name] == title, (lang, name, title)
        # every name of a card with a text in a line is marked (in Chinese, in 「」)
        for line in lines:
            for name in helps:
                pattern = (
                    f"「{re.escape(name)}」"
                    if lang == "zh-TW"
                    else rf"(?<![\w]){re.escape(name)}(?![\w])"
                )
                longer = [
                    other
                    for other in every
                    if name in other and other != name and other in line["text"]
                ]
                if re.search(pattern, line["text"]) and not longer:
                    assert name in [n for n, _ in line["cards"]], (lang, name, line)
                if longer and line["text"].count(name) == sum(
                    line["text"].count(o) for o in longer
                ):
                    # a name inside a longer one ("Lord" in "Land Lord") is not marked
                    assert name not in [n for n, _ in line["cards"]], (lang, name, line)
        # focused (a tap focuses it too), a name shows its text in a bubble under it
        card = page.locator("#log .log-card").last
        card.scroll_into_view_if_needed()
        card.focus()
        bubble = page.locator("#log-help")
        expect(bubble).to_be_visible()
        expect(bubble).to_have_text(helps[card.inner_text()])
        card.blur()
        expect(bubble).to_have_count(0)


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_a_card_named_on_the_last_move_line_shows_its_rules_text(
    server: ServerProcess, page: Page, lang: str
) -> None:
    table = create_table(server, "guillotine", ["human", "human", "human"], seed=55)
    set_lang(page, lang)
    page.goto(f"{server.url}/table/{table['id']}")  # a spectator
    expect(page.locator("#line .card").first).to_be_visible()
    catalog = api(server, "/api/games/guillotine/catalog")
    helps = {
        entry[lang]: entry["text"][lang]
        for section in catalog.values()
        if isinstance(section, dict)
        for entry in section.values()
        if isinstance(entry, dict) and isinstance(entry.get("text"), dict)
    }
    cards = page.locator("#last-move .log-card")
    for n in range(1, 13):  # moves until one names a card with a text (a plain noble has none)
        act(server, table)
        page.wait_for_function(f"() => Number(document.body.dataset.n) === {n}")
        if cards.count():
            break
    expect(cards.first).to_be_visible()
    said = page.locator("#last-move").inner_text()
    for i in range(cards.count()):
        name = cards.nth(i).inner_text()
        assert name in said and cards.nth(i).get_attribute("title") == helps[name], (name, said)
    card = cards.first
    card.focus()
    bubble = page.locator("#log-help")
    expect(bubble).to_have_text(helps[card.inner_text()])
    card.blur()
    expect(bubble).to_have_count(0)
    card.click()  # a tap shows it too
    expect(bubble).to_have_text(helps[card.inner_text()])
