"""Card names wrap only between words (issue #19: "Robespier re", "Lieutenan t"): every
card name of every game, in both languages, drawn in each kind of card the table draws
it in, at a phone's width and a desktop's, breaks no word across lines and stays inside
its card (a word wider than its card is drawn smaller: board.js fitNames)."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Browser  # noqa: E402

from .conftest import fresh_page  # noqa: E402
from .server import ServerProcess  # noqa: E402
from .test_table import api, create_table, players_for  # noqa: E402

# Each game's cards as the table draws them: (catalog section, the card's classes, style).
SMALL_HOS = "min-height:48px;width:84px"
CARDS = {
    "guillotine": [
        ("nobles", "card noble", ""),
        ("actions", "card action", ""),
        ("actions", "card action small", ""),
    ],
    "ruse_and_bruise": [("characters", "rb-card", ""), ("characters", "rb-card tucked", "")],
    "heads_of_state": [
        ("attributes", "card small", SMALL_HOS),
        ("treachery", "card small action", SMALL_HOS),
    ],
    "conflicting_legends": [
        ("characters", "cl-card", ""),
        ("characters", "cl-card small", ""),
        ("territories", "cl-land", ""),
    ],
    "fief": [("cards", "card small", ""), ("cards", "card small action", "")],
}

# Every name drawn in its cards in the page's #game-area, fitted as the table fits them;
# then, for each name, whether a line ends between two letters of a word (Chinese
# characters may wrap between any two) and whether it reaches out of its card.
MEASURE_JS = """async ({cards, lang}) => {
  const { fitNames } = await import('/static/board.js');
  const box = document.createElement('div');
  box.className = 'row';
  for (const c of cards) {
    const card = document.createElement('div');
    card.className = c.cls;
    if (c.style) card.setAttribute('style', c.style);
    const name = document.createElement('span');
    name.className = 'name';
    name.textContent = c.name;
    card.append(name);
    box.append(card);
  }
  document.getElementById('game-area').prepend(box);
  fitNames(box);
  const out = [];
  for (const name of box.querySelectorAll('.name')) {
    const t = name.firstChild;
    let prevTop = null, prev = null;
    for (let i = 0; i < t.length; i++) {
      const r = document.createRange(); r.setStart(t, i); r.setEnd(t, i + 1);
      const rects = r.getClientRects(); if (!rects.length) continue;
      const ch = t.data[i];
      if (prevTop !== null && rects[0].top > prevTop + 2 && /[\\p{L}\\p{N}'’]/u.test(prev)
          && /[\\p{L}\\p{N}]/u.test(ch) && !/\\p{Script=Han}/u.test(prev + ch)) out.push(`broken: ${t.data}`);
      prevTop = rects[0].top; prev = ch;
    }
    const card = name.parentElement.getBoundingClientRect();
    if (name.scrollWidth > name.clientWidth + 1 || name.getBoundingClientRect().right > card.right + 1)
      out.push(`outside its card (${name.parentElement.className}): ${t.data}`);
  }
  box.remove();
  return [box.children.length, out];
}"""


@pytest.mark.parametrize("game_id", list(CARDS))
def test_no_card_name_breaks_inside_a_word(
    server: ServerProcess, browser: Browser, game_id: str
) -> None:
    table = create_table(
        server, game_id, ["human"] + ["greedy"] * (players_for(game_id) - 1), seed=47
    )
    catalog = api(server, f"/api/games/{game_id}/catalog")
    for width, height in ((390, 844), (1280, 800)):
        for page in fresh_page(browser, viewport={"width": width, "height": height}):
            page.goto(f"{server.url}{table['seats'][0]['link']}")
            page.wait_for_selector("#game-area > :not(style)")
            for lang in ("en", "zh-TW"):
                cards = [
                    {"name": entry[lang], "cls": cls, "style": style}
                    for section, cls, style in CARDS[game_id]
                    for entry in catalog[section].values()
                ]
                drawn, faults = page.evaluate(MEASURE_JS, {"cards": cards, "lang": lang})
                assert drawn == len(cards) > 10
                assert faults == [], (width, lang, faults)
