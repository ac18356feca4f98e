"""What phones read when the table refuses them, in headless Chromium on 390x844 phones: a Booksmack round another
phone entered first (docs/rules/booksmack.md, ruling 16), and a second tap from a page that already sent an action
(docs/pages.md). The race is built, not timed: one phone acts, then the other's page, as it was drawn before (a phone
without JavaScript: nothing redraws it), is submitted."""

from __future__ import annotations

import re

import requests
from browser_helpers import expect, needs_chromium
from test_pages_table_races_browser import phones_with, post
from test_pages_tables_browser import LIVE_MS, claim, following, submit, take_seat

pytestmark = needs_chromium

# Words for developers, which no phone shows a player.
DEVELOPER_WORDS = re.compile(r"request_id|request id|token|UUID", re.I)


def test_the_slower_phone_entering_round_3_reads_that_ann_entered_it_and_what_the_judge_said(browser, live_server):
    """Three seats, rounds 1 and 2 played. Ann types d o g and Cy x y q for round 3; Ann's Judge arrives first.
    Cy's page (without JavaScript: drawn for round 3) reads that Ann entered round 3 and what the judge said, not
    that his cards wait for the next round; every phone shows Ann's round 3."""
    with phones_with(browser, (True, True, False)) as (ann, bob, cy):
        made = requests.post(
            f"{live_server}/api/v1/tables", json={"game": "booksmack", "seats": ["Ann", "Bob", "Cy"]}, timeout=30
        ).json()
        code, host = made["code"], made["host_token"]
        for n in (1, 2):
            post(live_server, code, "/rounds", {"cards": ["b", "Z", "m"], "takers": [2], "round": n}, host)
        for page, name in ((ann, "Ann"), (bob, "Bob"), (cy, "Cy")):
            take_seat(page, live_server, code, name)
        for page in (ann, bob):
            following(page)
        for page in (ann, cy):
            expect(page.locator("label[for=cards]")).to_contain_text("The cards of round 3")
        ann.fill("#cards", "d o g")
        cy.fill("#cards", "x y q")
        submit(ann, "#round-form button[type=submit]")
        for page in (ann, bob):
            expect(page.locator("#latest")).to_contain_text("Round 3: DOG is spelled from Ann.", timeout=LIVE_MS)
        submit(cy, "#round-form button[type=submit]")
        notice = cy.locator("#notice")
        expect(notice).to_contain_text("Ann already entered round 3: DOG is spelled from Ann. Say who tapped first.")
        expect(notice).not_to_contain_text("next round")
        expect(cy.locator("#latest")).to_contain_text("Round 3: DOG is spelled from Ann.")  # his page is now
        expect(cy.get_by_role("group", name="Who takes the cards of round 3?")).to_be_visible()
        game = requests.get(f"{live_server}/api/v1/tables/{code}", timeout=30).json()["booksmack"]
        assert [r["cards"] for r in game["rounds"]][2] == ["d", "o", "g"] and len(game["rounds"]) == 3
        for page in (ann, bob):
            expect(page.locator("#notice")).to_have_count(0)


def test_keep_tapped_on_the_page_that_already_sent_strike_reads_in_a_players_words(browser, live_server):
    """Ann, Bob, Cy and Di; Cy objects to Bob's CAST. Ann's phone (without JavaScript) taps Strike, goes Back to the
    page it had (the browser shows it as it was drawn) and taps Keep: that page's buttons share its one request id.
    Her phone reads that this page already sent an action and the tap was not applied, with the table as it is now
    (her strike counted), and no word for developers."""
    with phones_with(browser, (True, True, True, False)) as (bob, cy, di, ann):
        made = requests.post(
            f"{live_server}/api/v1/tables", json={"game": "wordsmith", "seats": ["Ann", "Bob", "Cy", "Di"]}, timeout=30
        ).json()
        code = made["code"]
        post(live_server, code, "/challenges", {"pool": "R3 Y2 B1 G2"}, made["host_token"])
        for page, name in ((ann, "Ann"), (bob, "Bob"), (cy, "Cy"), (di, "Di")):
            take_seat(page, live_server, code, name)
        for page in (cy, di):
            following(page)
        claim(bob, "cast")
        objection = cy.get_by_role("button", name="Object to CAST")
        expect(objection).to_be_visible(timeout=LIVE_MS)
        submit(cy, objection)
        expect(di.get_by_role("button", name="Keep CAST")).to_be_visible(timeout=LIVE_MS)
        ann.goto(f"{live_server}/tables/{code}/play")
        drawn = ann.content()  # the page Back returns to, as the browser keeps it
        submit(ann, ann.locator("#votes").get_by_role("button", name="Strike CAST out"))
        expect(ann.locator("#votes")).to_contain_text("You voted to strike CAST.")
        play = f"{live_server}/tables/{code}/play"
        ann.route(play, lambda route: route.fulfill(status=200, content_type="text/html", body=drawn), times=1)
        ann.goto(play)  # Back: the earlier page, its Keep and Strike still there
        expect(ann.locator("#votes").get_by_role("button", name="Keep CAST")).to_be_visible()
        submit(ann, ann.locator("#votes").get_by_role("button", name="Keep CAST"))
        notice = ann.locator("#notice")
        expect(notice).to_contain_text("This page already sent an action, so this tap was not applied.")
        assert not DEVELOPER_WORDS.search(notice.inner_text())
        expect(ann.locator("#votes")).to_contain_text("You voted to strike CAST.")  # the table as it is now
        expect(ann.locator("#votes").get_by_role("button", name="Keep CAST")).to_have_count(0)
        vote = requests.get(f"{live_server}/api/v1/tables/{code}", timeout=30).json()["wordsmith"]["claims"][0]["vote"]
        assert [(ballot["seat"], ballot["strike"]) for ballot in vote["votes"]] == [(1, True)]  # her Strike alone
