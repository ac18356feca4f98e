"""Two phones tap at once, in headless Chromium on 390x844 phones (docs/rules/wordsmith.md, ruling 24): the first
tap counts, and the phone whose form was drawn before it reads what happened, not only what the table now forbids.

The race is built, not timed: one phone acts, then the other's form, as it was drawn before (a phone without
JavaScript: nothing redraws it), is submitted.
"""

from __future__ import annotations

import re

import pytest
import requests
from browser_helpers import PHONE, expect, needs_chromium
from test_pages_tables_browser import LIVE_MS, following, submit, take_seat

pytestmark = needs_chromium


@pytest.fixture
def two_phones(browser):
    """Ann's phone, with JavaScript (it follows the table live), and Bob's, without (its page is as it was drawn)."""
    contexts = [browser.new_context(viewport=PHONE, java_script_enabled=js) for js in (True, False)]
    pages = [context.new_page() for context in contexts]
    for page, js in zip(pages, (True, False)):
        page.set_default_timeout(15_000)
        page.javascript = js
    yield pages
    for context in contexts:
        context.close()


def word_by_word(live_server: str) -> tuple[str, str]:
    """A Word by Word table for Ann and Bob, its first challenge on: its code and the host's token."""
    made = requests.post(
        f"{live_server}/api/v1/tables",
        json={"game": "wordsmith", "seats": ["Ann", "Bob"], "variants": ["word_by_word"]},
        timeout=30,
    ).json()
    started = requests.post(
        f"{live_server}/api/v1/tables/{made['code']}/challenges",
        json={"pool": "R3 Y2 B1 G2", "request_id": "start-1"},
        headers={"Authorization": f"Bearer {made['host_token']}"},
        timeout=30,
    )
    assert started.status_code == 201, started.text
    return made["code"], made["host_token"]


def test_two_phones_roll_for_one_word_and_the_second_reads_who_rolled_it_and_what_it_gave(two_phones, live_server):
    ann, bob = two_phones
    code, _ = word_by_word(live_server)
    take_seat(ann, live_server, code, "Ann")
    take_seat(bob, live_server, code, "Bob")
    following(ann)
    roll = "Roll the dice for word 1"
    for page in (ann, bob):
        expect(page.get_by_role("button", name=roll)).to_be_visible()
    submit(ann, ann.get_by_role("button", name=roll))  # Ann's tap counts
    expect(ann.get_by_role("heading", name="Word 1 of 6: the roll")).to_be_visible(timeout=LIVE_MS)
    faces = ann.locator("#roll .die__face").all_inner_texts()
    named = [face.replace(" ★", "").strip() for face in faces]
    said = ", ".join(named[:-1]) + " and " + named[-1]  # as the roll's faces are said everywhere
    submit(bob, bob.get_by_role("button", name=roll))  # Bob's page was drawn before it: his form is for word 1
    notice = bob.locator("#notice")
    expect(notice).to_contain_text(f"Ann already rolled for word 1: {said}.")
    expect(notice).not_to_contain_text("waiting for")
    expect(bob.get_by_role("heading", name="Word 1 of 6: the roll")).to_be_visible()  # and his page is now
    assert re.fullmatch(r"[a-z ]+, [a-z ]+ and [a-z ]+", said), said
    expect(ann.locator("#notice")).to_have_count(0)
