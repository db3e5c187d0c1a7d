"""Your turn, noticed from another tab (issue 20): a tone and a browser notification,
both off by default and remembered in this browser once turned on; the notification's
permission is asked for only on the player's click, and a notification is shown only
while the page is hidden."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Page, expect  # noqa: E402

from .server import ServerProcess  # noqa: E402
from .test_table import api, create_table  # noqa: E402
from .test_table_ux import open_seat, play_turn_out, wait_mine  # noqa: E402

CHIMES = "() => Number(document.body.dataset.chimes || 0)"
# The browser's Notification, as a page sees it, with what it was asked and shown; and
# whether the page is hidden, as the test says.
FAKE_NOTIFICATION = """
window.__notes = []; window.__asked = 0; window.__hidden = false;
class FakeNotification {
  constructor(title, options) { window.__notes.push({ title, body: options.body, tag: options.tag }); }
  close() {}
  // the browser's answer outlives the page, as a real one does
  static get permission() { return localStorage.getItem('fake.permission') || 'default'; }
  static requestPermission() { window.__asked += 1; localStorage.setItem('fake.permission', 'granted');
    return Promise.resolve('granted'); }
}
window.Notification = FakeNotification;
Object.defineProperty(Document.prototype, 'hidden', { get() { return window.__hidden; } });
"""


def two_seats(server: ServerProcess, seed: int) -> tuple[dict, int, int]:
    table = create_table(server, "guillotine", ["human", "human"], seed=seed)
    first = api(server, f"/api/tables/{table['id']}/watch")["to_act"][0]
    return table, first, 1 - first


def pass_the_turn(page: Page, mover: Page) -> None:
    """The mover plays its turn out, and the page's turn comes."""
    wait_mine(mover)
    play_turn_out(mover)
    wait_mine(page)


def test_a_tone_when_it_becomes_your_turn_once_turned_on(server: ServerProcess, page: Page) -> None:
    table, first, other = two_seats(server, seed=21)
    mover = page.context.new_page()
    open_seat(mover, server, table, first)
    open_seat(page, server, table, other)
    sound = page.locator("#sound-toggle")
    expect(sound).not_to_be_checked()
    expect(page.locator("#alerts")).to_contain_text("Play a sound when it is my turn")
    pass_the_turn(page, mover)
    assert page.evaluate(CHIMES) == 0  # off by default

    play_turn_out(page)
    sound.check()
    assert page.evaluate(CHIMES) == 1  # heard at once, on the click
    pass_the_turn(page, mover)
    page.wait_for_function(f"() => ({CHIMES})() === 2")
    page.wait_for_timeout(300)
    assert page.evaluate(CHIMES) == 2  # once a turn, not once a render

    # remembered in this browser, and said in Chinese
    page.reload()
    expect(page.locator("#sound-toggle")).to_be_checked()
    assert page.evaluate("localStorage.getItem('noblesse.sound')") == "1"
    page.click("#lang-toggle")
    expect(page.locator("#alerts h2")).to_have_text("提醒")
    expect(page.locator("#alerts")).to_contain_text("輪到我時發出提示音")
    mover.close()


def test_a_notification_while_the_page_is_hidden(server: ServerProcess, browser: Any) -> None:
    context = browser.new_context(locale="en-US")
    context.add_init_script(FAKE_NOTIFICATION)
    try:
        table, first, other = two_seats(server, seed=22)
        page, mover = context.new_page(), context.new_page()
        open_seat(mover, server, table, first)
        open_seat(page, server, table, other)
        notify = page.locator("#notify-toggle")
        expect(notify).not_to_be_checked()
        # nothing is asked of the browser before the player's click, and nothing shown
        page.evaluate("window.__hidden = true")
        pass_the_turn(page, mover)
        assert page.evaluate("[window.__asked, window.__notes.length]") == [0, 0]

        play_turn_out(page)
        notify.check()
        assert page.evaluate("window.__asked") == 1
        expect(notify).to_be_checked()
        assert page.evaluate("localStorage.getItem('noblesse.notify')") == "1"
        pass_the_turn(page, mover)
        page.wait_for_function("() => window.__notes.length === 1")
        note = page.evaluate("window.__notes[0]")
        assert note["title"] == "Your turn · Guillotine"
        assert note["tag"] == f"noblesse-{table['id']}"
        assert note["body"], note

        # the page in sight: the turn is seen, not notified
        play_turn_out(page)
        page.evaluate("window.__hidden = false")
        pass_the_turn(page, mover)
        page.wait_for_timeout(300)
        assert page.evaluate("window.__notes.length") == 1
        # kept on reload, not asked again
        page.reload()
        expect(page.locator("#notify-toggle")).to_be_checked()
        assert page.evaluate("window.__asked") == 0
    finally:
        context.close()


def test_notifications_blocked_by_the_browser_are_said_so(
    server: ServerProcess, browser: Any
) -> None:
    context = browser.new_context(locale="en-US")
    context.add_init_script(
        FAKE_NOTIFICATION + "localStorage.setItem('fake.permission', 'denied');"
    )
    try:
        table, _first, other = two_seats(server, seed=23)
        page = context.new_page()
        open_seat(page, server, table, other)
        expect(page.locator("#notify-toggle")).to_be_disabled()
        expect(page.locator("#notify-blocked")).to_have_text(
            "This browser blocks notifications from this site: allow them in its settings."
        )
        page.click("#lang-toggle")
        expect(page.locator("#notify-blocked")).to_have_text(
            "這個瀏覽器封鎖了本站的通知：請在瀏覽器設定中允許。"
        )
        assert page.evaluate("window.__asked") == 0
    finally:
        context.close()
