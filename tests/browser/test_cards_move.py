"""Cards move (issue 19, "Following the table"): when a bot collects from Guillotine's line,
the cards still in it slide to their new places (FLIP: a transform from the old place,
played back by a CSS transition) and end where the board puts them; a reader who asks
for reduced motion gets no movement."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Page, expect  # noqa: E402

from .conftest import fresh_page  # noqa: E402
from .server import ServerProcess  # noqa: E402
from .test_table_ux import open_seat, play_turn_out, wait_mine  # noqa: E402

# Every transform transition a card starts or ends, with the action number drawn then and
# whether that drawing was another seat's move (the page rings it: data-last-move = n).
RECORDER = """
window.cardMoves = [];
const note = (phase) => (ev) => {
  const node = ev.target;
  if (ev.propertyName !== "transform" || !node.matches(".card, .rb-card, .cl-card")) return;
  const rect = node.getBoundingClientRect();
  window.cardMoves.push({ phase, n: document.body.dataset.n, other: document.body.dataset.lastMove === document.body.dataset.n,
    name: node.dataset.card || node.querySelector(".name")?.textContent.trim(), flip: node.classList.contains("flip-moving"),
    transform: getComputedStyle(node).transform, inline: node.style.transform, connected: node.isConnected,
    x: rect.left, y: rect.top });
};
document.addEventListener("transitionrun", note("run"), true);
document.addEventListener("transitionend", note("end"), true);
"""


def _table(server: ServerProcess) -> dict:
    res = server.post(
        "/api/tables",
        json={"game": "guillotine", "seats": ["human", "random"], "seed": 3, "bot_speed": "slow"},
    )
    assert res.status_code == 201, res.text
    return res.json()


def _play_until_the_bot_has_collected(page: Page) -> None:
    """Seat 1 plays its turns out until the bot's turn has been drawn (its move ringed)."""
    for _ in range(4):
        wait_mine(page)
        play_turn_out(page)
        wait_mine(page)
        if page.evaluate("document.body.dataset.lastMove") is not None:
            return
    raise AssertionError("the bot never moved")


def test_a_bot_s_collection_slides_the_line_s_cards_to_their_new_places(
    server: ServerProcess, page: Page
) -> None:
    table = _table(server)
    page.add_init_script(RECORDER)
    open_seat(page, server, table, 0)
    _play_until_the_bot_has_collected(page)
    expect(page.locator(".flip-moving")).to_have_count(0, timeout=5_000)  # every move over
    moves = page.evaluate("window.cardMoves")
    started = [m for m in moves if m["phase"] == "run" and m["other"]]
    assert started, f"no card moved when the bot acted: {moves}"
    assert all(m["flip"] and m["inline"] == "" for m in started), started
    # each card that ended its last move stands at its place: no transform left beyond a
    # clickable card's 2 px lift, and it is on the board. (A card drawn again in the frame
    # its move ended starts its next move before that end is told: the record then reads
    # the next move's first place, and the card's later "run" says so.)
    ended = [
        m
        for i, m in enumerate(moves)
        if m["phase"] == "end"
        and not any(r["phase"] == "run" and r["name"] == m["name"] for r in moves[i + 1 :])
    ]
    assert ended, moves
    for m in ended:
        assert m["connected"] and m["inline"] == "", m
        assert m["transform"] in ("none", "matrix(1, 0, 0, 1, 0, -2)"), m


def test_with_reduced_motion_no_card_moves(server: ServerProcess, browser) -> None:
    table = _table(server)
    for page in fresh_page(
        browser, viewport={"width": 1280, "height": 900}, reduced_motion="reduce"
    ):
        page.add_init_script(RECORDER)
        open_seat(page, server, table, 0)
        _play_until_the_bot_has_collected(page)
        page.wait_for_timeout(500)
        assert page.evaluate("window.cardMoves") == []
        expect(page.locator(".flip-moving")).to_have_count(0)
