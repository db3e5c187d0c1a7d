"""The player aid of each game (issue #19), opened from the table's header in English and
繁體中文: its parts are the game's rules file and catalog (Heads of State's rank
requirements, Fief's phases, prices and battle, the others' scoring), word for word; Fief's
aid marks the phase the game is in, and moves the mark when the phase changes. Screenshots
at 1280×800 and 390×844 in both languages go to tests/artifacts/ (not committed)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Page, expect  # noqa: E402

from noblesse import games  # noqa: E402
from noblesse.core import rules_page  # noqa: E402

from .conftest import fresh_page  # noqa: E402
from .server import ServerProcess  # noqa: E402
from .test_follow_game import set_lang  # noqa: E402
from .test_table import api, create_table  # noqa: E402
from .test_what_just_happened import act  # noqa: E402

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
LANGS = ("en", "zh-TW")
BOLD = re.compile(r"\*\*(.+?)\*\*")

PARTS_JS = """() => [...document.querySelectorAll('#aid-panel .aid-part')].map((p) => ({
  key: p.dataset.part, kind: p.dataset.kind, title: p.querySelector('h3').textContent,
  entries: [...p.querySelectorAll('.aid-entry')].map((e) => ({
    key: e.dataset.key, name: e.querySelector('.aid-name').textContent,
    badge: (e.querySelector('.aid-badge') || {textContent: ''}).textContent,
    value: (e.querySelector('.aid-badge') || {dataset: {value: ''}}).dataset.value,
    chips: [...e.querySelectorAll('.aid-chip')].map((c) => [c.dataset.key, c.textContent]),
    facts: (e.querySelector('.aid-facts') || {textContent: ''}).textContent})),
  phases: [...p.querySelectorAll('.aid-phase')].map((li) => ({
    phases: li.dataset.phases, name: li.querySelector('summary strong').textContent,
    current: li.classList.contains('aid-current'), open: li.querySelector('details').open,
    text: [...li.querySelectorAll('details > p, details > ul > li, details > ol > li')].map((n) => n.textContent)})),
  text: [...p.querySelectorAll(':scope > p:not(.aid-intro), :scope > ul:not(.aid-entries) > li, :scope > ol:not(.aid-phases) > li')].map((n) => n.textContent)}))"""


def _texts(blocks: list[dict[str, Any]]) -> list[str]:
    out: list[str] = []
    for b in blocks:
        if b["kind"] == "p":
            out.append(BOLD.sub(r"\1", b["text"]))
        elif b["kind"] in ("ul", "ol"):
            out += [BOLD.sub(r"\1", item) for item in b["items"]]
    return out


def past_setup(server: ServerProcess, table: dict) -> None:
    """Fief's table past its setup (which the aid's phases leave out)."""
    for _ in range(80):
        if api(server, f"/api/tables/{table['id']}/watch")["view"]["phase"] != "setup":
            return
        act(server, table)
    raise AssertionError("the setup did not end")


def _open_aid(page: Page) -> list[dict[str, Any]]:
    button = page.locator("#aid-button")
    expect(button).to_be_visible()
    button.click()
    expect(page.locator("#aid-panel")).to_be_visible()
    page.wait_for_selector("body[data-aid='drawn']")
    return page.evaluate(PARTS_JS)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", games.ids())
def test_the_player_aid_is_the_rules_file_and_the_catalog(
    server: ServerProcess, page: Page, game_id: str, lang: str
) -> None:
    seats = ["human"] * games.get(game_id).min_players
    table = create_table(server, game_id, seats, seed=7)
    if game_id == "fief":
        past_setup(server, table)
    set_lang(page, lang)
    page.goto(f"{server.url}/table/{table['id']}")
    expect(page.locator("#aid-button")).to_have_text({"en": "Player aid", "zh-TW": "提示卡"}[lang])
    shown = _open_aid(page)
    expected = rules_page.build(games.get(game_id))["aid"]
    catalog = api(server, f"/api/games/{game_id}/catalog")
    assert [p["key"] for p in shown] == [p["key"] for p in expected] != []
    for got, want in zip(shown, expected, strict=True):
        assert got["title"] == want["title"][lang]
        assert got["kind"] == want["kind"]
        if want["kind"] == "prose":
            assert got["text"] == _texts(want["blocks"][lang]) != []
        elif want["kind"] == "entries":
            assert [e["key"] for e in got["entries"]] == [e["key"] for e in want["entries"]]
            for e, w in zip(got["entries"], want["entries"], strict=True):
                assert (e["name"], e["badge"], e["facts"]) == (
                    w["name"][lang],
                    w["badge"][lang],
                    w["facts"][lang],
                )
        else:
            assert [p["name"] for p in got["phases"]] == [p["name"][lang] for p in want["entries"]]
            for p, w in zip(got["phases"], want["entries"], strict=True):
                assert p["text"] == _texts(w["blocks"][lang]) != []
    by_key = {p["key"]: p for p in shown}
    if game_id == "heads_of_state":  # each rank's requirements are the catalog's, named
        ranks = {e["key"]: e for e in by_key["ranks"]["entries"]}
        assert sorted(ranks) == sorted(catalog["ranks"])
        for rank, data in catalog["ranks"].items():
            assert ranks[rank]["name"] == data[lang]
            assert ranks[rank]["chips"] == [
                [k, catalog["attributes"][k][lang]] for k in data["requires"]
            ]
            assert ranks[rank]["value"] == str(data["majority"])
        duke = ranks["Duke"]
        assert {"en": "12 pts for the most", "zh-TW": "最多者得12分"}[lang] == duke["badge"]
    if game_id == "fief":  # the price list is the catalog's; the marked phase the game's
        prices = {e["key"]: e for e in by_key["prices"]["entries"]}
        assert {k: int(e["value"]) for k, e in prices.items()} == catalog["prices"]
        assert (
            prices["knight"]["badge"]
            == {
                "en": f"{catalog['prices']['knight']} D",
                "zh-TW": f"{catalog['prices']['knight']}元",
            }[lang]
        )
        assert prices["knight"]["name"] == catalog["pieces"]["knight"]["name"][lang]
        phase = api(server, f"/api/tables/{table['id']}/watch")["view"]["phase"]
        marked = [p for p in by_key["phases"]["phases"] if p["current"]]
        assert len(marked) == 1 and phase in marked[0]["phases"].split() and marked[0]["open"]


def test_fief_s_aid_marks_the_phase_the_game_is_in(server: ServerProcess, page: Page) -> None:
    """Every phase the engine names (but setup) is one of the aid's; as the game moves from
    phase to phase, the aid left open moves its mark with it."""
    from noblesse.games.fief import flow

    expected = rules_page.build(games.get("fief"))["aid"]
    covered = [
        k
        for part in expected
        if part["kind"] == "phases"
        for e in part["entries"]
        for k in e["phases"]
    ]
    assert sorted(covered) == sorted(n for n in flow.PHASE_NAMES if n != "setup")
    table = create_table(server, "fief", ["human"] * 3, seed=11)
    past_setup(server, table)
    page.goto(f"{server.url}/table/{table['id']}")
    _open_aid(page)
    seen = []
    for _ in range(60):
        watch = api(server, f"/api/tables/{table['id']}/watch")
        phase = watch["view"]["phase"]
        page.wait_for_function(f"() => Number(document.body.dataset.n) === {watch['n']}")
        current = page.locator("#aid-panel .aid-phase.aid-current")
        expect(current).to_have_count(1)
        expect(current).to_have_attribute("data-phases", re.compile(rf"(^| ){phase}( |$)"))
        expect(current.locator(".aid-now")).to_have_text("now")
        if phase not in seen:
            seen.append(phase)
        if len(seen) >= 3:
            break
        act(server, table)
    assert len(seen) >= 3, seen


@pytest.mark.parametrize("game_id", games.ids())
def test_screenshots_of_the_player_aid(server: ServerProcess, browser: Any, game_id: str) -> None:
    table = create_table(server, game_id, ["human"] * games.get(game_id).min_players, seed=7)
    if game_id == "fief":
        past_setup(server, table)
    ARTIFACTS.mkdir(exist_ok=True)
    for width, height in ((1280, 800), (390, 844)):
        for lang in LANGS:
            pages = fresh_page(
                browser,
                viewport={"width": width, "height": height},
                has_touch=width < 600,
                is_mobile=width < 600,
            )
            page = next(pages)
            set_lang(page, lang)
            page.goto(f"{server.url}/table/{table['id']}?seat=0&token={table['seats'][0]['token']}")
            _open_aid(page)
            # the aid's drawer fits the screen's width
            box = page.locator("#aid-panel").bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 1
            page.screenshot(path=str(ARTIFACTS / f"aid-{game_id}-{width}-{lang}.png"))
            page.locator("#aid-close").click()
            expect(page.locator("#aid-panel")).to_be_hidden()
            next(pages, None)
