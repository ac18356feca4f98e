"""The table-tool pages (/score, /dice, /booksmack/turn, /colorsmash/replay) in headless Chromium, with JavaScript on and off.

The `browser`, `page` and `live_server` fixtures are conftest.py's (Debian's Chromium, the app served by gunicorn);
these pages' 360-pixel layout is tested with the others' in test_pages_browser.py.
"""

from __future__ import annotations

import re

from browser_helpers import expect, needs_chromium, screenshot

pytestmark = needs_chromium


def test_roll_the_starting_pool(page, live_server):
    page.goto(live_server + "/dice")
    page.click("button[value=start]")
    expect(page.locator(".result__title")).to_contain_text("Starting pool")
    assert re.search(r"[?&]seed=\d+", page.url)  # the roll is its URL
    title = page.inner_text(".result__title")
    assert "W" not in title.split(":", 1)[1]  # no wild in a starting pool
    assert page.locator(".die").count() == 8
    shown = page.inner_text(".result__title")
    page.reload()
    assert page.inner_text(".result__title") == shown  # the same seed, the same roll
    screenshot(page, "dice-start")


def test_judge_a_turn(page, live_server):
    page.goto(live_server + "/booksmack/turn")
    page.fill("#cards-text", "b Z m a")
    page.fill("#played", "4")
    page.click("#turn-form button.go")
    expect(page.locator(".result__title")).to_have_text("Seat 4: Steal a card")
    assert "played=4" in page.url
    page.fill("#played", "")
    page.click("#turn-form button.go")
    expect(page.locator("#errors")).to_contain_text("which card was just played?")
    assert page.get_attribute("#played", "aria-invalid") == "true"
    screenshot(page, "booksmack-turn-error")


def test_score_two_sheets(page, live_server):
    page.goto(live_server + "/score")
    page.fill("#p1", "Ann")
    page.fill("#p1c1", "bag cast")
    page.fill("#p1c1d", "8")
    page.fill("#p2", "Bob")
    page.fill("#p2c1", "cat")
    page.click("#score-form button.go")
    expect(page.locator(".result__title")).to_have_text("Winner: Ann with 11")
    screenshot(page, "score")


def test_replay_a_game(page, live_server):
    page.goto(live_server + "/colorsmash/replay")
    page.fill("#players", "ann bob")
    page.fill(
        "#events",
        "deal ann=red/red,blue bob=green/green,red first=ann\nflip ann\nslap bob\nflip bob\nflip ann\nflip bob",
    )
    page.click("#replay-form button.go")
    expect(page.locator(".result__title")).to_contain_text("Winner")
    screenshot(page, "colorsmash-replay")
