"""Count the votes on a 390x844 phone, in headless Chromium: the table refuses a count while a vote's window is open
(docs/rules/wordsmith.md, ruling 16), so no phone offers it then. With JavaScript, Count comes when the window closes,
by the phone's own clock against the server's time the page carries, as a voter's buttons go; without, it is drawn
with its words saying when it may be tapped.

The time passes by construction, on both sides: the app is served here, in this process, with its tables' clock
the test's own (the server's), and each phone's clock is Playwright's `page.clock`; the test moves both past the
window. No test waits 30 s.
"""

from __future__ import annotations

import re

import pytest
from browser_helpers import PHONE, expect, needs_chromium, open_phones, serve_app
from test_pages_table_night_browser import api, exact
from test_pages_tables_browser import LIVE_MS, claim, create_table, following, start_challenge, submit, take_seat

pytestmark = needs_chromium

WINDOW_S = 30  # OBJECTION_SECONDS, the default the app runs with
COUNT = re.compile("^Count the votes")


@pytest.fixture
def served():
    """(the base URL, the server's clock): the app served in this process, its clock the test's."""
    with serve_app() as (base, app):
        yield base, app.extensions["tables"].clock


@pytest.fixture
def phones(browser):
    with open_phones(browser, 3) as pages:
        yield pages


def votes_text(page) -> str:
    """What the vote's box reads on the phone (its shown text only), its spaces evened."""
    return " ".join(page.locator("#votes").inner_text().split())


def run_out_the_window(ann, clock) -> None:
    """The window passes on the server and on Ann's phone alike."""
    clock.ahead += WINDOW_S + 1
    ann.clock.fast_forward((WINDOW_S + 1) * 1000)


def test_count_the_votes_comes_when_the_window_closes_by_the_phones_clock(browser, phones, served):
    """Three seats. Bob claims CAST and Cy objects; Ann, the one voter, does not vote. Her phone offers no Count while
    the window is open (a phone without JavaScript does, saying once 30 s have passed); when it closes, Count comes
    without a reload, her ballot goes, the vote's title says voting closed, and her phone reads as a page drawn
    then; her count settles the vote. Then the same for a word Cy puts to the table."""
    base, clock = served
    ann, bob, cy = phones
    ann.clock.install()  # her phone's own clock, run forward below with the server's
    code = create_table(ann, base, names=("Ann", "Bob", "Cy"))
    start_challenge(ann)
    for page, name in ((ann, "Ann"), (bob, "Bob"), (cy, "Cy")):
        take_seat(page, base, code, name)
        following(page)
    claim(bob, "cast")
    expect(cy.get_by_role("button", name="Object to CAST")).to_be_visible(timeout=LIVE_MS)
    submit(cy, cy.get_by_role("button", name="Object to CAST"))
    expect(ann.get_by_role("button", name="Keep CAST")).to_be_visible(timeout=LIVE_MS)
    count = ann.locator("#votes").get_by_role("button", name=COUNT, include_hidden=True)
    expect(count).to_have_count(1)
    expect(count).to_be_hidden()  # the table would refuse it now
    expect(ann.locator("#votes .verdict__mark")).to_have_text("Keep or strike?", use_inner_text=True)

    bare = browser.new_context(viewport=PHONE, java_script_enabled=False)  # Cy's page on a phone without JavaScript
    bare.add_cookies(cy.context.cookies())
    plain = bare.new_page()
    plain.goto(f"{base}/tables/{code}/play")
    expect(plain.locator("#votes").get_by_role("button", name=COUNT)).to_have_text(
        f"Count the votes (once {WINDOW_S} s have passed)"
    )
    expect(plain.locator("#votes .verdict__mark")).to_have_text("Keep or strike?", use_inner_text=True)

    seq = ann.get_attribute("#table", "data-seq")
    run_out_the_window(ann, clock)
    expect(count).to_be_visible()
    expect(count).to_have_text("Count the votes")
    expect(ann.get_by_role("button", name="Keep CAST")).to_have_count(0)
    expect(ann.locator("#votes .verdict__mark")).to_have_text(
        "Voting closed", use_inner_text=True
    )  # no longer a question to the voters
    assert ann.get_attribute("#table", "data-seq") == seq  # by the phone's clock, not by an update
    fresh = ann.context.new_page()  # her phone, drawn afresh now
    fresh.goto(f"{base}/tables/{code}/play")
    expect(fresh.locator("#votes").get_by_role("button", name=COUNT)).to_be_visible()
    assert votes_text(ann) == votes_text(fresh)
    fresh.close()
    plain.reload()  # without JavaScript: a page drawn after the window draws Count alone
    expect(plain.locator("#votes").get_by_role("button", name=COUNT)).to_have_text("Count the votes")
    expect(plain.locator("#votes .verdict__mark")).to_have_text("Voting closed", use_inner_text=True)
    bare.close()

    submit(ann, count)
    expect(ann.locator("#votes .table-vote")).to_have_count(0)  # counted: the table took it
    expect(ann.locator("#notice")).to_have_count(0)

    api(ann, base, code, "/seats/3/pool", {"pool": exact("zoomer")}, cookie="wordsmith_host")
    claim(cy, "zoomer")  # buildable, and in no word list: Cy may put it to the table
    submit(cy, cy.get_by_role("button", name="Ask the table to allow ZOOMER"))
    expect(ann.get_by_role("button", name="Allow ZOOMER")).to_be_visible(timeout=LIVE_MS)
    count = ann.locator("#votes").get_by_role("button", name=COUNT, include_hidden=True)
    expect(count).to_be_hidden()
    run_out_the_window(ann, clock)
    expect(count).to_have_text("Count the votes")
    expect(ann.get_by_role("button", name="Allow ZOOMER")).to_have_count(0)
    expect(ann.locator("#votes .verdict__mark")).to_have_text("Voting closed", use_inner_text=True)
    submit(ann, count)
    expect(ann.locator("#votes .table-vote")).to_have_count(0)
    expect(ann.locator("#notice")).to_have_count(0)
