"""Fief's map draws its bishoprics and fiefs (issue #19): every village's area tinted by
its bishopric, solid lines between bishoprics, dashed lines between fiefs, and each
bishopric named with its number inside its own land, in both languages."""

from __future__ import annotations

import math

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Page, expect  # noqa: E402

from .server import ServerProcess  # noqa: E402
from .test_follow_game import set_lang  # noqa: E402
from .test_table import api, create_table  # noqa: E402

MAP_JS = """() => ({
  cells: [...document.querySelectorAll('#map [data-cell]')].map((c) => c.dataset.cell),
  bishopricLines: document.querySelectorAll('#map line.bishopric-border').length,
  fiefLines: document.querySelectorAll('#map line.fief-border').length,
  names: [...document.querySelectorAll('#map g.bishopric')].map((g) => {
    const t = g.querySelector('text');
    return {key: g.dataset.bishopric, title: g.querySelector('title').textContent, text: t.textContent,
            x: Number(t.getAttribute('x')), y: Number(t.getAttribute('y'))};
  })})"""


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_map_draws_bishoprics_and_fiefs(server: ServerProcess, page: Page, lang: str) -> None:
    table = create_table(server, "fief", ["human", "greedy", "greedy"], seed=53)
    catalog = api(server, "/api/games/fief/catalog")
    villages = catalog["villages"]
    set_lang(page, lang)
    page.goto(f"{server.url}{table['seats'][0]['link']}")
    expect(page.locator("#map g.bishopric")).to_have_count(len(catalog["bishoprics"]))
    drawn = page.evaluate(MAP_JS)
    assert sorted(drawn["cells"]) == sorted(v["key"] for v in villages)
    # a line wherever two neighbouring villages lie in different bishoprics or fiefs
    assert drawn["bishopricLines"] >= len(catalog["bishoprics"])
    assert drawn["fiefLines"] > 0
    for shown in drawn["names"]:
        b = catalog["bishoprics"][shown["key"]]
        assert shown["title"] == b[lang]
        short = b["en"].removeprefix("Bishopric of ")
        assert shown["text"] == (
            f"{b['number']}.{b['zh-TW']}" if lang == "zh-TW" else f"{b['number']}. {short}"
        )
        # the name stands in its own bishopric: the village nearest to it is one of its own
        nearest = min(villages, key=lambda v: math.dist((v["x"], v["y"]), (shown["x"], shown["y"])))
        assert nearest["bishopric"] == shown["key"], shown
