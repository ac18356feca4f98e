"""The table-tool pages (/score, /dice, /booksmack/turn, /colorsmash/replay) in headless Chromium, with JavaScript on and off.

Same set-up as test_pages_browser.py (Debian's Chromium, the app served by gunicorn).
"""

from __future__ import annotations

import os
import re

import pytest
from test_pages_browser import ARGS, CHROMIUM, PHONE, expect, screenshot

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM}")


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture(params=[True, False], ids=["js", "no-js"])
def page(request, browser):
    context = browser.new_context(java_script_enabled=request.param, viewport=PHONE, device_scale_factor=1)
    page = context.new_page()
    page.javascript = request.param
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.mark.parametrize(
    "path",
    [
        "/score?p1=Annabelle-Marguerite&p1c1=pneumonoultramicroscopic,she's,to-do&p1c1d=12&p1c1x=6&secret=1&p2c1=zzxq",
        "/dice?roll=start&seed=7",
        "/booksmack/turn?cards=c+A+f+%C3%A9+space+12+%23+%40+%2B+%26&played=5",
        "/colorsmash/replay?players=ann+bob&events=deal+ann%3Dred%2Fred%2Cblue+bob%3Dgreen%2Fgreen%2Cred+first%3Dann%0Aflip+ann%0Aslap+bob",
    ],
)
def test_the_layout_fits_360_pixels(browser, live_server, path):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(live_server + path)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.locator("h1").count() == 1 and page.title()
    context.close()


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
