"""Following the game at the table (issue 19): the end's score table holds the engine's
scores of a finished game, in both languages; another seat's last move is ringed on the
board and told in a "Last move" line; the log names your own seat "You" / 「你」, is
grouped by turn and coloured by seat, with routine draws folded."""

from __future__ import annotations

import re

import pytest

from noblesse import games
from noblesse.core.record import parse_record, replay

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Page, expect  # noqa: E402

from .server import ServerProcess  # noqa: E402
from .test_table import create_table, wait_until_over  # noqa: E402
from .test_table_ux import open_seat, play_turn_out, wait_mine  # noqa: E402

END = {
    "en": {"title": "Final scores", "winner": "★ Winner", "you": "You"},
    "zh-TW": {"title": "最終分數", "winner": "★ 獲勝", "you": "你"},
}


def engine_result(server: ServerProcess, table_id: str) -> tuple[list[float], list[int]]:
    """The finished table's scores and winners, counted by the engine from its record."""
    text = server.http.get(f"{server.url}/api/tables/{table_id}/record").text
    record = parse_record(text.splitlines())
    game = games.get(record.game)
    state = replay(record, game)
    assert game.is_over(state)
    return game.scores(state), game.winners(state)


def set_lang(page: Page, lang: str) -> None:
    page.add_init_script(f"localStorage.setItem('noblesse.lang', '{lang}')")


@pytest.mark.parametrize("game_id", ["guillotine", "ruse_and_bruise"])
def test_the_end_panel_holds_the_engine_s_scores_in_both_languages(
    server: ServerProcess, page: Page, game_id: str
) -> None:
    table = create_table(server, game_id, ["greedy", "random", "greedy"], seed=31)
    wait_until_over(server, table["id"], timeout=120)
    scores, winners = engine_result(server, table["id"])
    for lang in ("en", "zh-TW"):
        set_lang(page, lang)
        page.goto(f"{server.url}/table/{table['id']}")
        panel = page.locator("#end-panel")
        expect(panel).to_be_visible()
        expect(panel.locator("h2")).to_have_text(END[lang]["title"])
        rows = panel.locator("tr.end-row")
        expect(rows).to_have_count(3)
        shown = {}
        for i in range(3):
            row = rows.nth(i)
            seat = int(row.get_attribute("data-seat"))
            points = row.locator(".end-points")
            assert float(points.get_attribute("data-points")) == scores[seat]
            text = points.inner_text()
            assert text == (f"{scores[seat]:g}分" if lang == "zh-TW" else f"{scores[seat]:g}")
            won = row.locator(".end-won").inner_text()
            assert (won == END[lang]["winner"]) == (seat in winners), (seat, won)
            name = row.locator(".end-name").inner_text()
            assert (f"玩家{seat + 1}" if lang == "zh-TW" else f"Seat {seat + 1}") in name
            shown[seat] = scores[seat]
            if game_id == "ruse_and_bruise" and lang == "en" and scores[seat]:
                won = row.locator(".end-details").inner_text()  # "Lyre 4 · Coin 3"
                assert sum(float(c.rsplit(" ", 1)[1]) for c in won.split(" · ")) == scores[seat]
        # the winners first, then by points
        order = [int(rows.nth(i).get_attribute("data-seat")) for i in range(3)]
        assert [(s in winners, scores[s]) for s in order] == sorted(
            ((s in winners, scores[s]) for s in range(3)), reverse=True
        )
        assert shown == dict(enumerate(scores))
        expect(panel.locator("#end-replay")).to_have_attribute(
            "href", f"/table/{table['id']}?replay=1"
        )


def test_guillotine_s_end_shows_what_varying_cards_scored(
    server: ServerProcess, page: Page
) -> None:
    """Palace Guard ("1~5") and Tragic Figure ("-1~-7") show their points in their pile,
    and each seat's breakdown adds up to its score."""
    table = create_table(server, "guillotine", ["greedy", "greedy", "greedy", "greedy"], seed=33)
    wait_until_over(server, table["id"], timeout=120)
    scores, _ = engine_result(server, table["id"])
    page.goto(f"{server.url}/table/{table['id']}")
    expect(page.locator("#end-panel")).to_be_visible()
    piles = page.eval_on_selector_all(
        ".player[data-seat]",
        """ps => ps.map(p => [Number(p.dataset.seat),
        [...p.querySelectorAll('.card.noble')].map(c => [c.querySelector('.name').textContent,
          c.querySelector('.pts').textContent])])""",
    )
    varying = [
        pts for _, pile in piles for name, pts in pile if name in ("Palace Guard", "Tragic Figure")
    ]
    assert varying, "seed 33 no longer puts a Palace Guard or a Tragic Figure in a pile"
    assert all(re.fullmatch(r"-?\d+", pts) for pts in varying), varying
    for seat, _pile in piles:
        details = page.locator(f'tr.end-row[data-seat="{seat}"] .end-details').inner_text()
        first, *cards = details.split(" · ")  # "nobles 15 · Church Support +1 · Tough Crowd -2"
        total = int(first.removeprefix("nobles ")) + sum(int(c.rsplit(" ", 1)[1]) for c in cards)
        assert total == scores[seat], (seat, details)


def test_the_last_move_of_a_bot_is_ringed_and_told(server: ServerProcess, page: Page) -> None:
    table = create_table(server, "guillotine", ["human", "greedy"], seed=35)
    open_seat(page, server, table, 0)
    wait_mine(page)
    n = page.evaluate("() => Number(document.body.dataset.n)")
    play_turn_out(page)
    # the bot acts: its change is ringed on the board and said under the status line
    page.wait_for_function(
        f"() => Number(document.body.dataset.lastMove || -1) > {n}", timeout=20_000
    )
    expect(page.locator("#game-area .last-move").first).to_be_visible()
    line = page.locator("#last-move")
    expect(line).to_be_visible()
    expect(line).to_contain_text("Last move: Seat 2")
    # among the ringed things, the noble the bot collected into its pile (every turn
    # ends with one collected) or one it moved in the line
    ringed = page.eval_on_selector_all(
        "#game-area .last-move",
        """els => els.map(
        (e) => e.closest('#line, #hand')?.id || e.closest('[data-seat]')?.dataset.seat)""",
    )
    assert {"1", "line"} & set(ringed), ringed
    # my own move rings nothing (read at once, before a bot may act again)
    wait_mine(page)
    shown = page.eval_on_selector_all("[data-action]", "els => els.map(e => e.dataset.action)")
    n = page.evaluate("() => Number(document.body.dataset.n)")
    page.locator(f'[data-action="{shown[0]}"]').first.click()
    page.wait_for_function(f"() => Number(document.body.dataset.n) > {n}")
    now, rings = page.evaluate("""() => [Number(document.body.dataset.n),
        document.querySelectorAll('#game-area .last-move').length]""")
    if now == n + 1:
        assert rings == 0


def test_ruse_and_bruise_s_round_scoring_stays_open_until_closed(
    server: ServerProcess, page: Page
) -> None:
    table = create_table(server, "ruse_and_bruise", ["human", "greedy", "greedy"], seed=37)
    open_seat(page, server, table, 0)
    for _ in range(30):  # play the first round out
        if page.locator(".rb-scored").count():
            break
        wait_mine(page)
        if page.locator(".rb-scored").count():
            break
        shown = page.eval_on_selector_all("[data-action]", "els => els.map(e => e.dataset.action)")
        n = page.evaluate("() => Number(document.body.dataset.n)")
        page.locator(f'[data-action="{shown[0]}"]').first.click()
        page.wait_for_function(f"() => Number(document.body.dataset.n) > {n}")
    scored = page.locator(".rb-scored #last-round")
    expect(scored).to_be_visible()
    expect(scored.locator("summary")).to_contain_text("Round scored (Round 1)")
    assert scored.get_attribute("open") is not None
    # it stays open while the next round is played, until the reader closes it
    wait_mine(page)
    n = page.evaluate("() => Number(document.body.dataset.n)")
    play_turn_out(page)
    page.wait_for_function(
        f"() => Number(document.body.dataset.lastMove || -1) > {n}", timeout=20_000
    )
    expect(scored).to_be_visible()
    page.click("#round-close")
    expect(page.locator(".rb-scored")).to_have_count(0)
    folded = page.locator("#last-round")
    expect(folded).to_have_count(1)
    assert folded.get_attribute("open") is None
    expect(folded.locator("summary")).to_contain_text("Last round (Round 1)")
