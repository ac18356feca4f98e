"""The big news box on four phones and the TV, in headless Chromium on 390x844 phones: a Word by Word roll credited
to the seat that rolled with what the dice gave, the host's undo under its own mark, and a game the host ended
early, each read live on every phone (no reload)."""

from __future__ import annotations

import re

import pytest
from browser_helpers import expect, needs_chromium, open_phones
from test_game_night_browser import host_page, seat_page
from test_pages_tables_browser import LIVE_MS, following, start_challenge, submit, take_seat

pytestmark = needs_chromium


@pytest.fixture
def night(browser):
    """Five phones: Ann (the host, at seat 1), Bob, Cy, Di and the TV."""
    with open_phones(browser, 5) as pages:
        yield pages


def test_a_roll_and_the_hosts_actions_are_news_on_every_phone(night, live_server):
    ann, bob, cy, di, tv = night
    ann.goto(live_server + "/tables")
    for n, name in enumerate(("Ann", "Bob", "Cy", "Di"), 1):
        ann.fill(f"#seat{n}", name)
    ann.check("input[name=variants][value=word_by_word]")
    with ann.expect_navigation():
        ann.click("#table-create button[type=submit]")
    code = re.search(r"/tables/([A-Z0-9]{6})/host$", ann.url).group(1)
    start_challenge(ann, "R3 Y2 B3")
    for page, name in ((ann, "Ann"), (bob, "Bob"), (cy, "Cy"), (di, "Di")):
        take_seat(page, live_server, code, name)
        following(page)
    tv.goto(f"{live_server}/tables/{code}")
    following(tv)
    # Bob enters the real dice for word 1 from his seat's page.
    bob.locator("#roll details.table-roll-real > summary").click()
    for n, face in enumerate(("red", "yellow", "blue_star")):
        bob.locator("#roll select[name=faces]").nth(n).select_option(face)
    submit(bob, bob.get_by_role("button", name="Enter these dice for word 1"))
    for page in night:
        expect(page.locator("#latest .verdict__mark")).to_have_text("ROLLED", timeout=LIVE_MS)
        expect(page.locator("#latest")).to_contain_text(
            "Bob rolled the dice for word 1: red, yellow and blue star: every pool gains 1 red and 1 yellow pieces, "
            "and word 1 has 1 circle"
        )
    # The host takes the roll back: every phone reads what was undone under UNDONE, not HOST.
    host_page(ann, code, live_server)
    submit(ann, ann.get_by_role("button", name=re.compile("^Undo the roll for word 1")))
    seat_page(ann, code, live_server)
    for page in night:
        expect(page.locator("#latest .verdict__mark")).to_have_text("UNDONE", timeout=LIVE_MS)
        expect(page.locator("#latest")).to_contain_text(
            "The host undid the roll for word 1: every pool is as it was before the roll"
        )
    # The host ends the game after its first challenge: every phone reads that it ended early.
    host_page(ann, code, live_server)
    submit(ann, ann.get_by_role("button", name=re.compile("^End the challenge")))
    submit(ann, ann.get_by_role("button", name=re.compile("^End the game")))
    seat_page(ann, code, live_server)
    for page in night:
        expect(page.locator("#latest .verdict__mark")).to_have_text("GAME OVER", timeout=LIVE_MS)
        expect(page.locator("#latest")).to_contain_text("The host ended the game after challenge 1 of 3.")
