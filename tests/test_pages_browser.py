"""The word-check page in headless Chromium (Debian's /usr/bin/chromium, driven by Playwright).

Against the app served by gunicorn on a local port, with JavaScript on (the
verdict comes from the JSON API) and off (the form is a plain GET). Screenshots
go to screenshots/ (gitignored) for a human to look at.
"""
from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SCREENSHOTS = Path(__file__).resolve().parent.parent / "screenshots"

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM} (apt-get install chromium); a downloaded browser is never used")


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture(params=[True, False], ids=["js", "no-js"])
def page(request, browser):
    """A phone-sized page, with JavaScript on or off; dialogs (alert) are recorded, never expected."""
    context = browser.new_context(java_script_enabled=request.param, viewport={"width": 390, "height": 844}, device_scale_factor=2)
    page = context.new_page()
    page.javascript = request.param
    page.dialogs = []
    page.on("dialog", lambda dialog: (page.dialogs.append(dialog.message), dialog.dismiss()))
    page.set_default_timeout(10_000)
    yield page
    context.close()


def screenshot(page, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}-{'js' if page.javascript else 'no-js'}.png"), full_page=True)


def check_word(page, live_server, word: str, lexicon: str) -> None:
    page.goto(live_server + "/")
    page.fill("#word", word)
    page.select_option("#lexicon", lexicon)
    page.click("button[type=submit]")
    page.wait_for_selector("#verdict.verdict--valid, #verdict.verdict--invalid")


def assert_state_in_url(page, word: str, lexicon: str) -> None:
    query = parse_qs(urlparse(page.url).query)
    assert query == {"word": [word], "lexicon": [lexicon]}


def test_valid_word(page, live_server):
    check_word(page, live_server, "qi", "standard")
    verdict = page.locator("#verdict")
    assert "verdict--valid" in verdict.get_attribute("class")
    assert page.inner_text(".verdict__mark") == "VALID"
    assert page.inner_text(".verdict__word") == "QI"
    # JavaScript answered from the API without reloading; without it the server rendered the page.
    assert verdict.get_attribute("data-source") == ("api" if page.javascript else None)
    assert_state_in_url(page, "qi", "standard")
    # The definition is hidden behind a tap.
    definition = page.locator(".verdict__definition ol")
    assert not definition.is_visible()
    page.click(".verdict__definition summary")
    assert definition.is_visible() and "energy" in definition.inner_text()
    screenshot(page, "valid-word")


def test_invalid_word(page, live_server):
    check_word(page, live_server, "Peru", "small")
    assert "verdict--invalid" in page.locator("#verdict").get_attribute("class")
    assert page.inner_text(".verdict__mark") == "NOT VALID"
    assert page.inner_text(".verdict__message") == "PERU is a proper name, and proper names are not allowed."
    assert_state_in_url(page, "Peru", "small")
    screenshot(page, "invalid-word")


def test_markup_in_a_word_is_shown_never_run(page, live_server):
    word = "<img src=x onerror=alert(1)>"
    check_word(page, live_server, word, "standard")
    assert page.inner_text(".verdict__word") == word.upper()
    assert page.locator("#verdict img").count() == 0
    page.wait_for_timeout(200)
    assert page.dialogs == []
    screenshot(page, "markup-word")


def test_a_shared_link_shows_the_verdict(page, live_server):
    page.goto(live_server + "/?word=zyzzyva&lexicon=large")
    assert "verdict--valid" in page.locator("#verdict").get_attribute("class")
    assert page.input_value("#word") == "zyzzyva" and page.input_value("#lexicon") == "large"


def test_two_checks_and_back(page, live_server):
    check_word(page, live_server, "cat", "standard")
    page.fill("#word", "zzxq")
    page.click("button[type=submit]")
    page.wait_for_selector("#verdict.verdict--invalid")
    assert_state_in_url(page, "zzxq", "standard")
    page.go_back()
    page.wait_for_selector("#verdict.verdict--valid")
    assert page.inner_text(".verdict__word") == "CAT"


def test_the_verdict_is_big(page, live_server):
    check_word(page, live_server, "cat", "standard")
    mark = page.locator(".verdict__mark").bounding_box()
    verdict = page.locator("#verdict").bounding_box()
    assert mark["height"] >= 48  # readable across a table
    assert verdict["height"] >= 0.5 * 844  # fills the phone's screen
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone


def test_docs_page(browser, live_server):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(live_server + "/docs")
    assert page.locator("#op-words_check_words").is_visible()
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "docs.png"))
    context.close()
