"""The pages in headless Chromium (Debian's /usr/bin/chromium, driven by Playwright).

Against the app served by gunicorn on a local port, with JavaScript on (the
page fetches its own GET URL and swaps <main>, no reload) and off (each form
is a plain GET, each chip or card tap a submit and a redirect). Screenshots go
to screenshots/ (gitignored) for a human to look at: one per page and state,
phone-sized (390x844), named <what>-js.png and <what>-no-js.png.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from browser_helpers import PHONE, SCREENSHOTS, assert_fits_360_pixels, expect, needs_chromium, screenshot

from solver.lexicon import load_lexicons
from solver.search import piece_index, solve

pytestmark = needs_chromium


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


KIND_LETTERS = {"red": "R", "yellow": "Y", "blue": "B", "green": "G", "wild": "W"}


def tap_pool(page, pool: dict[str, int]) -> None:
    """Tap the piece chips, one tap per piece, checking each chip's count as a player would.

    Without JavaScript each tap is a page load (0.2-0.5 s in headless Chromium), so there the pool is typed
    into its text field, as a player without JavaScript would, and sent with the form's button. The taps
    themselves without JavaScript are the subject of their own tests (test_quick_taps_all_count and the
    taking-away tests call `tap` directly)."""
    if not page.javascript and all(int(page.inner_text(f".chip--{kind} .chip__count")) == 0 for kind in pool):
        page.fill("#pool-text", " ".join(f"{KIND_LETTERS[kind]}{count}" for kind, count in pool.items() if count))
        return
    for kind, count in pool.items():
        chip = page.locator(f".chip--{kind}")
        start = int(chip.locator(".chip__count").inner_text())
        for n in range(start + 1, start + count + 1):
            chip.locator(".chip__add").click()
            wait_text(page, f".chip--{kind} .chip__count", str(n))


# --- the judge ----------------------------------------------------------------------------


def judge(
    page, live_server, word: str, pool: dict[str, int] | None = None, previous: str = "", lexicon: str = ""
) -> None:
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


def wait_query(page, name: str, value: str | None, timeout_ms: int = 10_000) -> None:
    """Wait until the address bar's query has `name` = `value` (None: absent).

    Polled from Python: `wait_for_function` evaluates its code with `new Function`,
    which the pages' Content-Security-Policy forbids (no 'unsafe-eval').
    """
    for _ in range(timeout_ms // 50):
        if parse_qs(urlparse(page.url).query).get(name, [None])[0] == value:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"{name}={value!r} never reached the address bar: {page.url}")


# With JavaScript only: the test's no-JS twin loaded the same server-rendered HTML that tests/test_pages.py reads
# through Flask's test client, and submitted the same plain GET form that a kept no-JS twin submits (the judge's:
# test_judge_a_valid_claim_tapping_the_chips, test_judge_an_invalid_claim; each other form and tap has one too), so
# it checked nothing of its own and cost a page context and seconds of a worker each.
js_only = pytest.mark.parametrize("page", [True], ids=["js"], indirect=True)


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
    assert page.locator(".verdict__message").all_inner_texts() == [
        "GAB has no new letter: every letter of it was already in BAG."
    ]
    assert state(page) == {"word": ["gab"], "pool": ["R3 Y2 B1 G2"], "previous": ["bag"], "lexicon": ["standard"]}
    assert_reloaded_as_expected(page)
    screenshot(page, "judge-invalid")


def test_taking_a_piece_away_and_clearing(page, live_server):
    page.goto(live_server + "/?word=bag&pool=R3+Y2+B1+G2")
    page.click(".chip--red .chip__remove")
    wait_text(page, ".chip--red .chip__count", "2")
    if page.javascript:  # the address bar follows the chips a moment later
        wait_query(page, "pool", "R2 Y2 B1 G2")
    assert state(page)["pool"] == ["R2 Y2 B1 G2"]
    assert page.input_value("#pool-text") == "R2 Y2 B1 G2"
    submit(page, "button.go")
    page.wait_for_selector("#verdict.verdict--invalid")
    assert "short of 1 red piece" in page.inner_text(".verdict__message")
    page.click(".pool__text button")  # Clear
    wait_text(page, ".pool__size", "0 pieces")
    expect(page.locator("#verdict .verdict__mark")).to_have_count(0)  # the pool changed: no verdict until Judge
    if page.javascript:
        wait_query(page, "draft", "1")
    assert state(page) == {"word": ["bag"], "lexicon": ["standard"], "draft": ["1"]}


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


@js_only
def test_a_word_alone_is_still_checked(page, live_server):
    judge(page, live_server, "Peru", lexicon="small")
    assert "verdict--invalid" in page.locator("#verdict").get_attribute("class")
    assert page.inner_text(".verdict__mark") == "NOT VALID"
    assert page.inner_text(".verdict__message") == "PERU is a proper name, and proper names are not allowed."
    assert state(page) == {"word": ["Peru"], "lexicon": ["small"]}


@js_only
def test_markup_in_a_word_is_shown_never_run(page, live_server):
    word = "<img src=x onerror=alert(1)>"
    judge(page, live_server, word, {"red": 1})
    assert page.inner_text(".verdict__word") == word.upper()
    assert page.locator("#verdict img").count() == 0
    page.wait_for_timeout(200)
    assert page.dialogs == []


@js_only
def test_a_shared_link_shows_the_verdict(page, live_server):
    page.goto(live_server + "/?word=zyzzyva&lexicon=large")
    assert "verdict--valid" in page.locator("#verdict").get_attribute("class")
    assert page.input_value("#word") == "zyzzyva" and page.input_value("#lexicon") == "large"


@js_only
def test_two_claims_and_back(page, live_server):
    judge(page, live_server, "cat", {"red": 3, "yellow": 2, "blue": 1})
    page.fill("#word", "zzxq")
    submit(page, "button.go")
    page.wait_for_selector("#verdict.verdict--invalid")
    assert state(page)["word"] == ["zzxq"]
    page.go_back()
    page.wait_for_selector("#verdict.verdict--valid")
    assert page.inner_text(".verdict__word") == "CAT"


@js_only
def test_no_verdict_before_judge(page, live_server):
    """Tapping the pool with a word typed shows no verdict; Judge does."""
    page.goto(live_server + "/")
    page.fill("#word", "bag")
    for kind in ("red", "red", "red", "yellow", "yellow", "blue", "green", "green"):
        before = int(page.inner_text(f".chip--{kind} .chip__count"))
        page.click(f".chip--{kind} .chip__add")
        wait_text(page, f".chip--{kind} .chip__count", str(before + 1))
        expect(page.locator(".verdict__mark")).to_have_count(0)
        assert "verdict--valid" not in (page.locator("#verdict").get_attribute("class") or "")
    wait_query(page, "pool", "R3 Y2 B1 G2")
    page.wait_for_timeout(300)  # any answer still on its way has landed
    expect(page.locator(".verdict__mark")).to_have_count(0)
    assert page.input_value("#word") == "bag" and page.input_value("#pool-text") == "R3 Y2 B1 G2"
    submit(page, "button.go")
    page.wait_for_selector("#verdict.verdict--valid")
    assert page.inner_text(".verdict__mark") == "VALID"


@js_only
def test_a_changed_field_marks_the_verdict_out_of_date(page, live_server):
    page.goto(live_server + "/?word=bag&pool=R3+Y2+B1+G2")
    stale = page.locator("#verdict .verdict__stale")
    expect(stale).to_be_hidden()
    page.fill("#word", "gab")
    expect(page.locator("#verdict")).to_have_class(re.compile(r"\bverdict--stale\b"))
    expect(stale).to_be_visible()
    assert "Out of date" in stale.inner_text()
    screenshot(page, "judge-stale")
    submit(page, "button.go")
    page.wait_for_selector("#verdict.verdict--valid")
    expect(page.locator("#verdict")).not_to_have_class(re.compile(r"\bverdict--stale\b"))
    expect(stale).to_be_hidden()
    page.click(".chip--red .chip__add")  # a chip tap: stale at once, then the draft (no verdict) follows
    expect(page.locator(".verdict__mark")).to_have_count(0)


def test_chip_taps_show_at_once_on_a_slow_connection(browser, live_server):
    """Each tap shows before any answer: every request after the page's load is held until the taps are read (a
    connection as slow as need be, by construction), then let through."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(live_server + "/?word=cat")
    held, gate = [], {"open": False}
    # No answer comes until the gate opens: what was asked meanwhile is held, then let through.
    page.route("**/*", lambda route: route.continue_() if gate["open"] else held.append(route))
    for _ in range(3):
        page.click(".chip--red .chip__add", no_wait_after=True)
    page.click(".chip--blue .chip__add", no_wait_after=True)
    assert page.inner_text(".chip--red .chip__count") == "3" and page.inner_text(".chip--blue .chip__count") == "1"
    assert page.inner_text(".pool__size") == "4 pieces" and page.input_value("#pool-text") == "R3 B1"
    page.click(".chip--red .chip__remove", no_wait_after=True)
    assert page.inner_text(".chip--red .chip__count") == "2"
    assert held  # the taps asked, and no answer has come
    gate["open"] = True
    for route in held:
        route.continue_()
    # The answers follow and agree; the address bar ends with the pool.
    wait_query(page, "pool", "R2 B1", timeout_ms=20_000)
    page.wait_for_timeout(200)
    assert page.inner_text(".chip--red .chip__count") == "2" and page.inner_text(".pool__size") == "3 pieces"
    context.close()


def test_the_verdict_is_big_and_in_view_after_judge_on_a_phone(page, live_server):
    """The verdict is what the screen shows after Judge, big: mark, word and reason on screen without scrolling,
    the mark readable across a table, the verdict filling the phone's screen (with and without a pool)."""
    for word, pool, previous in (
        ("bag", {"red": 3, "yellow": 2, "blue": 1, "green": 2}, ""),
        ("gab", {"red": 3, "yellow": 2, "blue": 1, "green": 2}, "bag"),
        ("cat", None, ""),
    ):
        judge(page, live_server, word, pool, previous=previous)
        page.wait_for_timeout(100)  # the scroll to the verdict
        for selector in (".verdict__mark", ".verdict__word", ".verdict__message"):
            box = page.locator(selector).first.bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (word, selector, box)
        assert page.locator(".verdict__mark").bounding_box()["height"] >= 48  # readable across a table
        assert page.locator("#verdict").bounding_box()["height"] >= 0.5 * PHONE["height"]  # fills the phone's screen
        # Its top is on screen.
        top = page.evaluate("document.getElementById('verdict').getBoundingClientRect().top")
        assert 0 <= top < PHONE["height"] / 2, (word, top)
    screenshot(page, "judge-in-view")


@js_only
@pytest.mark.parametrize(
    "query, field",
    [
        ("word=cat&discards_used=two", "discards_used"),
        ("word=cat&pool=R3+Q", "pool-text"),
        ("word=cat&pool=R3&required=1", "required"),
    ],
)
def test_errors_are_shown_at_their_field(page, live_server, query, field):
    page.goto(live_server + "/?" + query)
    field_input = page.locator(f"#{field}")
    expect(field_input).to_have_attribute("aria-invalid", "true")
    message = page.locator("#" + field_input.get_attribute("aria-describedby"))
    expect(message).to_be_visible()
    assert "parse" not in message.inner_text() and "Input should" not in message.inner_text()
    # The message is right under its field.
    box, below = field_input.bounding_box(), message.bounding_box()
    assert 0 <= below["y"] - (box["y"] + box["height"]) < 40
    # The summary's link goes to the field.
    page.click(f'.form-errors a[href="#{field}"]')
    expect(field_input).to_be_in_viewport()


# --- the solver -----------------------------------------------------------------------------


@js_only
def test_solver_pages_through_every_word(page, live_server):
    page.goto(live_server + "/solve?pool=R9+Y9+B4+G4+W2")
    mark_no_reload(page)
    first = page.locator(".words .word-link").all_inner_texts()
    assert len(first) == 300
    facts = page.locator(".word-facts").first
    expect(facts).to_be_visible()  # points and leftovers on a phone, no hover needed
    assert "pt" in facts.inner_text()
    page.locator('.pager__link[rel="next"]').first.click()
    wait_query(page, "page", "2")
    expect(page.locator(".pager__where").first).to_have_text(re.compile(r"^Page 2 of \d+$"))
    second = page.locator(".words .word-link").all_inner_texts()
    assert len(second) == 300 and not set(first) & set(second)
    page.locator('.pager__link[rel="prev"]').first.click()
    wait_query(page, "page", None)
    assert page.locator(".words .word-link").all_inner_texts() == first
    screenshot(page, "solver-pages")


def test_solve_a_pool(page, live_server):
    page.goto(live_server + "/solve")
    mark_no_reload(page)
    tap_pool(page, {"red": 3, "yellow": 2, "blue": 1, "green": 2})
    submit(page, "button.go--wide")
    wait_text(page, ".best__word", "SIGIL")
    assert page.inner_text(".best__word") == "SIGIL"
    headings = page.locator(".results__heading").all_inner_texts()
    # What one more piece opens comes first, then the words by score, as many as the solver finds.
    by_length = solve(piece_index(load_lexicons()["standard"]), "R3 Y2 B1 G2").by_length
    counts = [f"{n} letters {by_length[n]} word{'s' if by_length[n] > 1 else ''}" for n in (5, 4, 3)]
    assert headings[:4] == ["Add a piece", *counts]
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
    page.click("button[name=remove][value=last]")
    expect(page.locator("#cards-text")).to_have_value("q U m")
    submit(page, "button.go")
    page.wait_for_selector("#verdict.verdict--tap")
    assert page.inner_text(".verdict__mark") == "Tap U"
    winners = page.locator(".table-card--win .table-card__face").all_inner_texts()
    assert winners == ["U"]
    screenshot(page, "booksmack-tap")


def test_booksmack_cards_and_answer_in_view_while_tapping(page, live_server):
    """On a phone the answer (with the cards entered) stays on screen as the palette is tapped, down to its last rows."""
    page.goto(live_server + "/booksmack")
    keys = page.locator("details[open] .card-key")  # the open sections: lowercase and uppercase
    last = keys.count() - 1
    for n, index in enumerate([0, 7, last, last - 6, 3], start=1):  # top rows and the palette's last row
        keys.nth(index).click()
        expect(page.locator(".table-card")).to_have_count(n)
        assert page.locator("#verdict").bounding_box()["height"] <= PHONE["height"] / 2  # room left for the palette
        for selector in ("#verdict .verdict__mark", "#verdict .table-cards"):
            box = page.locator(selector).bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (index, selector, box)
    screenshot(page, "booksmack-tapping")


def test_booksmack_lowercase_l_and_capital_i_look_different(page, live_server):
    if not page.javascript:
        pytest.skip("drawn with a canvas")
    page.goto(live_server + "/booksmack?cards=l+I")
    # Draw each face's glyph in its own computed font and compare the inked pixels.
    differing = page.evaluate("""() => {
      const faces = Array.from(document.querySelectorAll('.table-card__face'));
      const inks = faces.map((face) => {
        const style = getComputedStyle(face);
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 120;
        const ctx = canvas.getContext('2d');
        ctx.font = style.fontWeight + ' 96px ' + style.fontFamily;
        ctx.textBaseline = 'alphabetic';
        ctx.fillText(face.textContent.trim(), 30, 100);
        const data = ctx.getImageData(0, 0, 120, 120).data;
        const ink = [];
        for (let i = 3; i < data.length; i += 4) ink.push(data[i] > 127);
        return ink;
      });
      let union = 0, diff = 0;
      inks[0].forEach((a, i) => { const b = inks[1][i]; if (a || b) union++; if (a !== b) diff++; });
      return diff / union;
    }""")
    assert differing > 0.3, differing


@js_only
def test_booksmack_typed_cards_and_a_bad_card(page, live_server):
    page.goto(live_server + "/booksmack")
    page.fill("#cards-text", "c, A, x9")
    page.click("button.go")
    page.wait_for_selector(".form-errors")
    assert "card 3 ('x9'): not a Booksmack card" in page.inner_text(".form-errors")


def test_booksmack_a_bad_round_is_said_where_the_answer_shows_in_view_on_a_phone(browser, live_server):
    """The refusal takes the answer's place, above the card palette: on a 390x844 phone it is in view after
    Judge, with or without JavaScript, not below the palette's four sections."""
    for script in (True, False):
        context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=script)
        page = context.new_page()
        page.goto(live_server + "/booksmack")
        page.fill("#cards-text", "x y Ω")
        page.click("button.go")
        errors = page.locator("#verdict .form-errors")
        errors.wait_for()
        assert "card 3 ('Ω'): not a Booksmack card" in errors.inner_text()
        box = errors.bounding_box()  # where it is in the viewport, as the page stands after Judge
        assert 0 <= box["y"] < 844, (script, box)
        assert page.locator(".verdict__hint").count() == 0  # "the answer shows here" is not said beside it
        context.close()


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


def test_colorsmash_on_a_phone_the_answer_shows_after_a_tap_and_steal_drops_the_word(browser, live_server):
    """A tap judges at once: the answer's mark comes into view on a 390x844 phone, the pickers still at hand; a
    Steal card has no word, so the word picked before it is unpicked."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(live_server + "/colorsmash")
    page.click(".paint--green")
    page.click(".paints--words .paint--word >> text=green")
    page.wait_for_selector("#verdict.verdict--valid")
    expect(page.locator("#verdict .verdict__mark")).to_be_in_viewport(ratio=1)
    page.click(".paint--steal")
    expect(page.locator("#verdict .splat-card__word")).to_have_text("STEAL")
    checked = page.evaluate(
        "Array.from(document.querySelectorAll('input[name=word]')).filter(i => i.checked).map(i => i.value)"
    )
    assert checked == [""], checked
    expect(page.locator("#verdict .verdict__mark")).to_be_in_viewport(ratio=1)
    context.close()


@js_only
def test_colorsmash_splat_shows_on_its_verdict(page, live_server):
    """The splat keeps its colour on a white card, whatever the verdict's colour (green on green included)."""
    for splat, word in (("green", "green"), ("red", "blue"), ("black", "")):
        page.goto(live_server + f"/colorsmash?splat={splat}" + (f"&word={word}" if word else ""))
        colours = page.evaluate("""() => ({
          verdict: getComputedStyle(document.getElementById('verdict')).backgroundColor,
          card: getComputedStyle(document.querySelector('.splat-card')).backgroundColor,
          splat: getComputedStyle(document.querySelector('.splat-card__splat')).backgroundColor,
        })""")
        assert colours["card"] == "rgb(255, 255, 255)" and colours["splat"] not in (
            colours["card"],
            "rgba(0, 0, 0, 0)",
        ), colours
        assert page.locator(".splat-card__splat").bounding_box()["width"] >= 100


# --- every page -----------------------------------------------------------------------------

EVERY_PAGE = [
    "/",
    "/?word=bag&pool=R3+Y2+B1+G2+W1&previous=gab&claimed=cast&required=b&discards_used=3",
    "/?word=cat&discards_used=two",
    "/?word=bag&pool=R3&draft=1",
    "/solve",
    "/solve?pool=R9+Y9+B4+G4+W2&rack=retains%3F",
    "/solve?pool=R3+Y2+B1+G2&page=9",
    "/booksmack",
    "/booksmack?cards=c+A+f+%C3%A9+space+12+%23+%40",
    "/booksmack?cards=z+a+z",
    "/colorsmash",
    "/colorsmash?splat=purple&word=orange",
    "/colorsmash?splat=steal",
    "/docs",
]
AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
# The controls a finger taps: links in running text (the docs, the error summary) are exempt, as in WCAG 2.5.8.
TAP_TARGETS = (
    "nav a, .brand, .word-link, .best__word a, .pager__link, button:not(.default-submit), summary, select, "
    "input:not([type=radio]):not([type=hidden]), label.paint"
)


def small_tap_targets(page, selector: str = TAP_TARGETS) -> list:
    """The controls a finger taps (`selector`) on the page, every <details> opened, that are under 44 pixels."""
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    return page.evaluate(
        """(selector) => Array.from(document.querySelectorAll(selector))
      .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
      .map((el) => { const r = el.getBoundingClientRect(); return [el.outerHTML.slice(0, 80), Math.round(r.width), Math.round(r.height)]; })
      .filter(([, w, h]) => w < 44 || h < 44)""",
        selector,
    )


def axe_violations(page) -> list:
    """What axe-core finds on the page: each rule's id and the elements it flags."""
    page.add_script_tag(content=AXE.read_text())
    return page.evaluate(
        "async () => (await axe.run(document)).violations.map((v) => [v.id, v.nodes.map((n) => n.target.join(' '))])"
    )


@pytest.mark.parametrize("path", EVERY_PAGE)
def test_axe_finds_no_violations_and_every_tap_target_is_at_least_44_pixels(browser, live_server, path):
    """One page load for both checks (each had its own: ~1-3 s of a worker per page); the tap targets after axe,
    since they open every <details>. Not on /docs (its links are in running text), and axe only when installed."""
    context = browser.new_context(viewport=PHONE, bypass_csp=True)  # axe is injected as a script of its own
    page = context.new_page()
    page.goto(live_server + path)
    violations = axe_violations(page) if AXE.exists() else []
    small = small_tap_targets(page) if path != "/docs" else []
    context.close()
    assert {"axe": violations, "under 44 pixels": small} == {"axe": [], "under 44 pixels": []}
    if not AXE.exists():
        pytest.skip("axe-core not installed: npm install --no-save axe-core@4 (as .ci/run does); tap targets checked")


@pytest.mark.parametrize(
    "path",
    [
        "/?word=bag&pool=R3+Y2+B1+G2+W1&previous=gab&claimed=cast&required=b&discards_used=3",
        "/?word=pneumonoultramicroscopic&pool=R30+Y30",
        "/solve?pool=R9+Y9+B4+G4+W2&rack=retains%3F",
        "/booksmack?cards=c+A+f+%C3%A9+space+12+%23+%40+%2B+%26",
        "/colorsmash?splat=purple&word=orange",
        "/?word=bag&pool=Q9",
        "/score?p1=Annabelle-Marguerite&p1c1=pneumonoultramicroscopic,she's,to-do&p1c1d=12&p1c1x=6&secret=1&p2c1=zzxq",
        "/dice?roll=start&seed=7",
        "/booksmack/turn?cards=c+A+f+%C3%A9+space+12+%23+%40+%2B+%26&played=5",
        "/colorsmash/replay?players=ann+bob&events=deal+ann%3Dred%2Fred%2Cblue+bob%3Dgreen%2Fgreen%2Cred+first%3Dann%0Aflip+ann%0Aslap+bob",
    ],
)
def test_the_layout_fits_360_pixels(browser, live_server, path):
    assert_fits_360_pixels(browser, live_server + path)


def test_docs_page(browser, live_server):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(live_server + "/docs")
    assert page.locator("#op-words_check_words").is_visible()
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "docs.png"))
    context.close()


@pytest.mark.parametrize("pool", ["R8+Y8+B6+G6+W2", "W60"])
def test_the_solvers_long_words_wrap_in_their_column_on_a_phone(browser, live_server, pool):
    """At 390 pixels the word list has two columns, and a 14-letter word (STAPHYLOCOCCUS) is wider than one: it
    wraps inside its column rather than pushing the page sideways."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{live_server}/solve?pool={pool}")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    context.close()
