"""The pages in headless Chromium (Debian's /usr/bin/chromium, driven by Playwright).

Against the app served by gunicorn on a local port, with JavaScript on (the
page fetches its own GET URL and swaps <main>, no reload) and off (each form
is a plain GET, each chip or card tap a submit and a redirect). Screenshots go
to screenshots/ (gitignored) for a human to look at: one per page and state,
phone-sized (390x844), named <what>-js.png and <what>-no-js.png.
"""
from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SCREENSHOTS = Path(__file__).resolve().parent.parent / "screenshots"
PHONE = {"width": 390, "height": 844}

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
    context = browser.new_context(java_script_enabled=request.param, viewport=PHONE, device_scale_factor=2)
    page = context.new_page()
    page.javascript = request.param
    page.dialogs = []
    page.on("dialog", lambda dialog: (page.dialogs.append(dialog.message), dialog.dismiss()))
    page.set_default_timeout(10_000)
    yield page
    context.close()


def expect(locator):
    """Playwright's `expect` (5 s), imported late like the browser itself."""
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(locator)


def screenshot(page, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}-{'js' if page.javascript else 'no-js'}.png"), full_page=True)


def state(page) -> dict:
    return parse_qs(urlparse(page.url).query)


def mark_no_reload(page) -> None:
    """Leave a mark in the window: it survives only if the page is not reloaded."""
    if page.javascript:
        page.evaluate("window.notReloaded = true")


def assert_reloaded_as_expected(page) -> None:
    """With JavaScript the answer came without a reload (by fetch); without it, the server rendered a new page."""
    if page.javascript:
        assert page.evaluate("window.notReloaded === true")
        assert page.locator("#verdict").get_attribute("data-source") == "fetch"
    else:
        assert page.locator("#verdict").get_attribute("data-source") is None


def wait_text(page, selector: str, text: str) -> None:
    """Wait until the element's text is `text`, across a page load.

    Playwright's `expect`, not `wait_for_function`: with JavaScript off a
    function waiting across a navigation can miss the new page.
    """
    expect(page.locator(selector)).to_have_text(text)


def submit(page, button: str) -> None:
    """Press a form's button and wait for the verdict it brings, not the one already on the page.

    A tap on a chip or card already renders a verdict for the state so far.
    With JavaScript, marking it stale first tells it from the one swapped in.
    Without, the press is a navigation: a new page, or only a jump to
    #verdict when the state in the URL is the one already shown.
    """
    if page.javascript:
        page.evaluate("document.querySelectorAll('#verdict').forEach((node) => { node.dataset.stale = 'yes'; })")
        page.click(button)
        page.wait_for_selector("#verdict:not([data-stale])", state="attached")
    else:
        with page.expect_navigation():
            page.click(button)


def open_more(page) -> None:
    if page.locator("#more").get_attribute("open") is None:
        page.click("#more summary")


def tap_pool(page, pool: dict[str, int]) -> None:
    """Tap the piece chips, one tap per piece, checking each chip's count as a player would."""
    for kind, count in pool.items():
        chip = page.locator(f".chip--{kind}")
        start = int(chip.locator(".chip__count").inner_text())
        for n in range(start + 1, start + count + 1):
            chip.locator(".chip__add").click()
            wait_text(page, f".chip--{kind} .chip__count", str(n))


# --- the judge ----------------------------------------------------------------------------

def judge(page, live_server, word: str, pool: dict[str, int] | None = None, previous: str = "", lexicon: str = "") -> None:
    page.goto(live_server + "/")
    mark_no_reload(page)
    page.fill("#word", word)
    if pool:
        tap_pool(page, pool)
    if previous or lexicon:
        open_more(page)
        if previous:
            page.fill("#previous", previous)
        if lexicon:
            page.select_option("#lexicon", lexicon)
    submit(page, "button.go")
    page.wait_for_selector("#verdict.verdict--valid, #verdict.verdict--invalid")


def test_judge_a_valid_claim_tapping_the_chips(page, live_server):
    judge(page, live_server, "bag", {"red": 3, "yellow": 2, "blue": 1, "green": 2})
    assert page.inner_text(".verdict__mark") == "VALID"
    assert page.inner_text(".verdict__word") == "BAG"
    assert page.inner_text(".pool__size") == "8 pieces"
    assert state(page) == {"word": ["bag"], "pool": ["R3 Y2 B1 G2"], "lexicon": ["standard"]}
    assert_reloaded_as_expected(page)
    # The word is drawn as its letter pieces: B = 1 red + 2 green, A = 2 red + 1 yellow, G = 1 yellow + 1 blue.
    assert page.locator(".letter").count() == 3
    assert page.locator(".letter").nth(0).locator(".piece").count() == 3
    assert page.locator(".letter").nth(0).locator(".piece--green").count() == 2
    # The definition is hidden behind a tap.
    definition = page.locator(".verdict__definition ol")
    assert not definition.is_visible()
    page.click(".verdict__definition summary")
    assert definition.is_visible() and "container" in definition.inner_text()
    page.click(".verdict__definition summary")
    page.locator("#verdict").scroll_into_view_if_needed()
    screenshot(page, "judge-valid")


def test_judge_an_invalid_claim(page, live_server):
    judge(page, live_server, "gab", {"red": 3, "yellow": 2, "blue": 1, "green": 2}, previous="bag")
    assert page.inner_text(".verdict__mark") == "NOT VALID"
    assert page.locator(".verdict__message").all_inner_texts() == ["GAB has no new letter: every letter of it was already in BAG."]
    assert state(page) == {"word": ["gab"], "pool": ["R3 Y2 B1 G2"], "previous": ["bag"], "lexicon": ["standard"]}
    assert_reloaded_as_expected(page)
    screenshot(page, "judge-invalid")


def test_taking_a_piece_away_and_clearing(page, live_server):
    page.goto(live_server + "/?word=bag&pool=R3+Y2+B1+G2")
    page.click(".chip--red .chip__remove")
    wait_text(page, ".chip--red .chip__count", "2")
    assert state(page)["pool"] == ["R2 Y2 B1 G2"]
    assert page.input_value("#pool-text") == "R2 Y2 B1 G2"
    submit(page, "button.go")
    page.wait_for_selector("#verdict.verdict--invalid")
    assert "short of 1 red piece" in page.inner_text(".verdict__message")
    page.click(".pool__text button")  # Clear
    wait_text(page, ".pool__size", "0 pieces")
    assert state(page) == {"word": ["bag"], "lexicon": ["standard"]}


def test_quick_taps_all_count(page, live_server):
    """Taps faster than the answers: none is lost, and a word typed meanwhile stays."""
    page.goto(live_server + "/")
    for _ in range(3):
        page.click(".chip--red .chip__add", no_wait_after=True)
    page.fill("#word", "tart")
    page.click(".chip--yellow .chip__add", no_wait_after=True)
    wait_text(page, ".pool__size", "4 pieces")
    assert page.inner_text(".chip--red .chip__count") == "3" and page.inner_text(".chip--yellow .chip__count") == "1"
    assert page.input_value("#word") == "tart"


def test_a_word_alone_is_still_checked(page, live_server):
    judge(page, live_server, "Peru", lexicon="small")
    assert "verdict--invalid" in page.locator("#verdict").get_attribute("class")
    assert page.inner_text(".verdict__mark") == "NOT VALID"
    assert page.inner_text(".verdict__message") == "PERU is a proper name, and proper names are not allowed."
    assert state(page) == {"word": ["Peru"], "lexicon": ["small"]}


def test_markup_in_a_word_is_shown_never_run(page, live_server):
    word = "<img src=x onerror=alert(1)>"
    judge(page, live_server, word, {"red": 1})
    assert page.inner_text(".verdict__word") == word.upper()
    assert page.locator("#verdict img").count() == 0
    page.wait_for_timeout(200)
    assert page.dialogs == []


def test_a_shared_link_shows_the_verdict(page, live_server):
    page.goto(live_server + "/?word=zyzzyva&lexicon=large")
    assert "verdict--valid" in page.locator("#verdict").get_attribute("class")
    assert page.input_value("#word") == "zyzzyva" and page.input_value("#lexicon") == "large"


def test_two_claims_and_back(page, live_server):
    judge(page, live_server, "cat", {"red": 3, "yellow": 2, "blue": 1})
    page.fill("#word", "zzxq")
    submit(page, "button.go")
    page.wait_for_selector("#verdict.verdict--invalid")
    assert state(page)["word"] == ["zzxq"]
    page.go_back()
    page.wait_for_selector("#verdict.verdict--valid")
    assert page.inner_text(".verdict__word") == "CAT"


def test_the_verdict_is_big(page, live_server):
    judge(page, live_server, "cat")
    mark = page.locator(".verdict__mark").bounding_box()
    verdict = page.locator("#verdict").bounding_box()
    assert mark["height"] >= 48  # readable across a table
    assert verdict["height"] >= 0.5 * PHONE["height"]  # fills the phone's screen
    # The verdict is what the screen shows after Judge: its top is on screen.
    assert 0 <= page.evaluate("document.getElementById('verdict').getBoundingClientRect().top") < PHONE["height"] / 2


# --- the solver -----------------------------------------------------------------------------

def test_solve_a_pool(page, live_server):
    page.goto(live_server + "/solve")
    mark_no_reload(page)
    tap_pool(page, {"red": 3, "yellow": 2, "blue": 1, "green": 2})
    submit(page, "button.go--wide")
    wait_text(page, ".best__word", "SIGIL")
    assert page.inner_text(".best__word") == "SIGIL"
    headings = page.locator(".results__heading").all_inner_texts()
    # What one more piece opens comes first, then the words by score.
    assert headings[:4] == ["Add a piece", "5 letters 1 word", "4 letters 35 words", "3 letters 67 words"]  # issue 9: CRIT, 'TIS in, TITS out
    assert page.locator(".add-hint").count() == 5
    assert state(page) == {"pool": ["R3 Y2 B1 G2"], "lexicon": ["standard"]}
    if page.javascript:
        assert page.evaluate("window.notReloaded === true")
    screenshot(page, "solver")
    # A word links to the judge, with the pool.
    page.click(".words a >> text=cast")
    page.wait_for_selector("#verdict.verdict--valid")
    assert state(page) == {"word": ["cast"], "pool": ["R3 Y2 B1 G2"], "lexicon": ["standard"]}


def test_solve_a_rack(page, live_server):
    page.goto(live_server + "/solve")
    page.fill("#rack", "cat?")
    page.click("#rack-form button.go")
    page.wait_for_selector("#rack-words .results__heading")
    assert page.locator("#rack-words .results__heading").first.inner_text().startswith("4 letters")
    assert "cats" in page.inner_text("#rack-words")
    assert state(page) == {"rack": ["cat?"]}  # the rack form sends no lexicon unless one was picked


# --- Booksmack ------------------------------------------------------------------------------

def tap_cards(page, cards: list[str]) -> None:
    for card in cards:
        key = page.locator(f'.card-key[value="{card}"]')
        if not key.is_visible():  # a collapsed section of the palette (accents, numbers, symbols)
            key.locator("xpath=ancestor::details/summary").click()
        before = page.input_value("#cards-text")
        key.click()
        expect(page.locator("#cards-text")).not_to_have_value(before)


def test_booksmack_round_by_tapping_the_palette(page, live_server):
    page.goto(live_server + "/booksmack")
    mark_no_reload(page)
    tap_cards(page, ["c", "A", "f", "é"])
    assert page.input_value("#cards-text") == "c A f é"
    assert state(page) == {"cards": ["c A f é"], "lexicon": ["standard"]}
    submit(page, "button.go")
    page.wait_for_selector("#verdict.verdict--word")
    assert page.inner_text(".verdict__mark") == "Say “CAFE”"
    assert page.inner_text(".verdict__message") == "CAFE is spelled from seat 1."
    assert_reloaded_as_expected(page)
    screenshot(page, "booksmack-word")


def test_booksmack_highest_card_and_undo(page, live_server):
    page.goto(live_server + "/booksmack")
    tap_cards(page, ["q", "U", "m", "space"])  # not b U m: that spells BUM
    assert page.input_value("#cards-text") == "q U m space"
    page.click('button[name=remove][value=last]')
    expect(page.locator("#cards-text")).to_have_value("q U m")
    submit(page, "button.go")
    page.wait_for_selector("#verdict.verdict--tap")
    assert page.inner_text(".verdict__mark") == "Tap U"
    winners = page.locator(".table-card--win .table-card__face").all_inner_texts()
    assert winners == ["U"]
    screenshot(page, "booksmack-tap")


def test_booksmack_typed_cards_and_a_bad_card(page, live_server):
    page.goto(live_server + "/booksmack")
    page.fill("#cards-text", "c, A, x9")
    page.click("button.go")
    page.wait_for_selector(".form-errors")
    assert "card 3 ('x9'): not a Booksmack card" in page.inner_text(".form-errors")


# --- Color Smash ----------------------------------------------------------------------------

def test_colorsmash_check(page, live_server):
    page.goto(live_server + "/colorsmash")
    mark_no_reload(page)
    page.click(".paint--green")
    page.click(".paints--words .paint--word >> text=green")
    if not page.javascript:
        page.click("button.go--wide")  # with JavaScript a picked colour judges at once
    page.wait_for_selector("#verdict.verdict--valid")
    assert page.inner_text(".verdict__mark") == "SLAP!"
    assert state(page) == {"splat": ["green"], "word": ["green"]}
    assert_reloaded_as_expected(page)
    screenshot(page, "colorsmash-slap")
    page.click(".paints--words .paint--word >> text=red")
    if not page.javascript:
        page.click("button.go--wide")
    page.wait_for_selector("#verdict.verdict--invalid")
    assert page.inner_text(".verdict__mark") == "DON'T SLAP"
    assert "does not name the green splat" in page.inner_text(".verdict__message")


# --- every page -----------------------------------------------------------------------------

@pytest.mark.parametrize("path", [
    "/?word=bag&pool=R3+Y2+B1+G2+W1&previous=gab&claimed=cast&required=b&discards_used=3",
    "/?word=pneumonoultramicroscopic&pool=R30+Y30",
    "/solve?pool=R9+Y9+B4+G4+W2&rack=retains%3F",
    "/booksmack?cards=c+A+f+%C3%A9+space+12+%23+%40+%2B+%26",
    "/colorsmash?splat=purple&word=orange",
    "/?word=bag&pool=Q9",
])
def test_the_layout_fits_360_pixels(browser, live_server, path):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(live_server + path)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # nothing wider than the phone
    assert page.locator("h1").count() == 1 and page.title()
    context.close()


def test_docs_page(browser, live_server):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(live_server + "/docs")
    assert page.locator("#op-words_check_words").is_visible()
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "docs.png"))
    context.close()
