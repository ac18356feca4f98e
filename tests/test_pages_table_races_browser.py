"""Two phones (or two of the host's tabs) tap at once, in headless Chromium on 390x844 phones (docs/rules/wordsmith.md,
ruling 24): the first tap counts, and the phone whose form was drawn before it reads what happened, not only what the
table now forbids.

The race is built, not timed: one phone acts, then the other's form, as it was drawn before (a phone without
JavaScript: nothing redraws it), is submitted.
"""

from __future__ import annotations

import contextlib
import re
import secrets

import pytest
import requests
from browser_helpers import PHONE, expect, needs_chromium
from test_pages_tables_browser import LIVE_MS, claim, create_table, following, start_challenge, submit, take_seat

pytestmark = needs_chromium


@contextlib.contextmanager
def phones_with(browser, scripts: tuple[bool, ...]):
    """Phones at 390x844, each a browser context of its own, with JavaScript or without as `scripts` says (without,
    a page stays as it was drawn); closed after."""
    contexts = [browser.new_context(viewport=PHONE, java_script_enabled=js) for js in scripts]
    pages = [context.new_page() for context in contexts]
    for page, js in zip(pages, scripts):
        page.set_default_timeout(15_000)
        page.javascript = js
    try:
        yield pages
    finally:
        for context in contexts:
            context.close()


@pytest.fixture
def two_phones(browser):
    """Ann's phone, with JavaScript (it follows the table live), and Bob's, without (its page is as it was drawn)."""
    with phones_with(browser, (True, False)) as pages:
        yield pages


@pytest.fixture
def host_tabs(browser):
    """The host's phone and Ann's and Bob's, with JavaScript, and the host's other tab, without."""
    with phones_with(browser, (True, True, True, False)) as pages:
        yield pages


def post(live_server: str, code: str, path: str, body: dict, token: str | None = None) -> dict:
    """One request to the table's JSON API (with `token`, a seat's or the host's); its answer."""
    answer = requests.post(
        f"{live_server}/api/v1/tables/{code}{path}",
        json={"request_id": secrets.token_hex(8), **body},
        headers={"Authorization": f"Bearer {token}"} if token else {},
        timeout=30,
    )
    assert answer.status_code in (200, 201), answer.text
    return answer.json()


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


def test_a_casting_vote_from_the_hosts_other_tab_after_the_tie_was_broken_reads_how_the_vote_ended(
    host_tabs, live_server
):
    """Ann claims CAST, Bob objects, Cy strikes and Di keeps: tied. The host's other tab was opened at the tie, and
    without JavaScript it still offers the casting vote after the host's phone kept CAST: its Strike reads how the
    vote ended, to the host as "you", and writes nothing. The host's phone, Ann's and Bob's read the outcome and no
    refusal."""
    host, ann, bob, tab = host_tabs
    code = create_table(host, live_server, names=("Ann", "Bob", "Cy", "Di"))
    start_challenge(host)
    tab.context.add_cookies(host.context.cookies())  # a tab of the same browser: the host's cookie
    take_seat(ann, live_server, code, "Ann")
    take_seat(bob, live_server, code, "Bob")
    voters = [post(live_server, code, f"/seats/{seat}", {})["token"] for seat in (3, 4)]  # Cy's and Di's phones
    for page in (host, bob):
        following(page)
    claim(ann, "cast")
    following(ann)  # her claim drew her page anew
    objection = bob.get_by_role("button", name="Object to CAST")
    expect(objection).to_be_visible(timeout=LIVE_MS)
    submit(bob, objection)
    cast = requests.get(f"{live_server}/api/v1/tables/{code}", timeout=30).json()["wordsmith"]["claims"][0]["seq"]
    for token, strike in zip(voters, (True, False)):
        post(live_server, code, "/votes", {"claim": cast, "strike": strike}, token)
    expect(host.locator("#votes .verdict__mark")).to_have_text("Tied: the host decides", timeout=LIVE_MS)
    tab.goto(f"{live_server}/tables/{code}/host")  # drawn at the tie
    expect(tab.locator("#votes .verdict__mark")).to_have_text("Tied: the host decides")
    submit(host, host.locator("#votes").get_by_role("button", name="Keep CAST"))  # the first tap counts
    submit(tab, tab.locator("#votes").get_by_role("button", name="Strike CAST out"))  # the second, on the old tie
    expect(tab.locator("#notice")).to_contain_text(
        "The vote on CAST is over: you kept it with the casting vote on a tie of 1 to 1."
    )
    outcome = "Objection overruled (1 to strike, 1 to keep, and the host's casting vote): CAST stands."
    for page in (host, ann, bob, tab):  # the tab's page is drawn anew with the refusal: the outcome on it too
        expect(page.locator("#latest")).to_contain_text(outcome, timeout=LIVE_MS)
        expect(page.locator("#votes .table-vote")).to_have_count(0)
    for page in (host, ann, bob):
        expect(page.locator("#notice")).to_have_count(0)
    events = requests.get(f"{live_server}/api/v1/tables/{code}/record", timeout=30).json()["events"]
    ruled = [(e["data"]["outcome"], e["data"]["by"]) for e in events if e["type"] == "objection_ruled"]
    assert ruled == [("tied", "votes"), ("overruled", "host")]  # the tie, the host's keep; the tab's strike: nothing
