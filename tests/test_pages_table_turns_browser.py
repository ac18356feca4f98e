"""What each phone reads of whose turn it still is, in headless Chromium on 390x844 phones: after Done!, the seats
whose part of the challenge is over (one more word played, or a pass) lose the claim form and every phone reads who
still plays; the host is offered a strike only where ruling 10 allows one, and its undo names the word; a new
challenge's big box starts empty.

Several browser contexts (phones with their own cookies) against the app served by gunicorn (`live_server`). Every
wait is Playwright's `expect` on what the phone shows; long setups go through the JSON API with the phones' own
tokens (test_pages_table_night_browser.py's `api`).
"""

from __future__ import annotations

import re
import secrets

import pytest
import requests
from browser_helpers import expect, needs_chromium, open_phones, screenshot
from test_pages_table_host_browser import host_box
from test_pages_table_night_browser import SIX, WINDOW_MS, api, exact, four_seats
from test_pages_tables_browser import LIVE_MS, claim, following, submit, take_seat

pytestmark = needs_chromium


@pytest.fixture
def phones(browser):
    """Five phones (browser contexts with their own cookies), each 390x844."""
    with open_phones(browser, 5) as pages:
        yield pages


def refused(page, live_server: str, code: str, word: str) -> dict:
    """A claim of `word` with the token this phone's seat cookie holds, sent through the JSON API as a phone whose
    page was out of date would: its refusal (409), which the table hears (ruling 15)."""
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "wordsmith_seat")
    answer = requests.post(
        f"{live_server}/api/v1/tables/{code}/claims",
        json={"request_id": secrets.token_hex(8), "word": word},
        headers={"Authorization": f"Bearer {token}"},
        timeout=30,
    )
    assert answer.status_code == 409, answer.text
    return answer.json()


def test_after_done_a_seat_whose_part_is_over_has_no_claim_form_and_every_phone_reads_who_still_plays(
    phones, live_server
):
    """Ann calls Done!; Cy passes and Bob plays his one more word. Their phones lose the claim form and say why;
    every phone reads who still plays and who passed; a word either sends anyway is refused saying that its
    seat's part is over, not that the challenge is (Di still plays)."""
    ann, bob, cy, di, view = phones
    code = four_seats(phones, live_server)
    for word in SIX:
        api(ann, live_server, code, "/seats/1/pool", {"pool": exact(word)}, cookie="wordsmith_host")
        api(ann, live_server, code, "/claims", {"word": word})
    for page in phones:
        expect(page.locator("#phase")).to_contain_text(
            "Done! called by Ann. One more word, or pass: Bob, Cy and Di.", timeout=LIVE_MS
        )
    for page in (bob, cy, di):
        expect(page.locator("#word")).to_be_visible()
    expect(ann.locator("#word")).to_be_hidden()
    submit(cy, cy.get_by_role("button", name="Pass: no extra word"))
    claim(bob, "gab")  # his one more word
    for page in phones:
        expect(page.locator("#phase")).to_contain_text("One more word, or pass: Di. Passed: Cy.", timeout=LIVE_MS)
    for page, why in ((bob, "Your last word of this challenge is played"), (cy, "You passed: this challenge ends")):
        expect(page.locator("#word")).to_be_hidden()
        wait = page.locator("#claim-area .table-claim-wait:visible")
        expect(wait).to_have_count(1)
        expect(wait).to_contain_text(why)
        expect(page.get_by_role("button", name="Pass: no extra word")).to_be_hidden()
    expect(di.locator("#word")).to_be_visible()
    expect(di.get_by_role("button", name="Pass: no extra word")).to_be_visible()
    for page in (di, ann, view):
        expect(page.locator("#claim-area .table-claim-wait:visible")).to_have_count(0)
    screenshot(bob, "table-seat-after-extra-word")
    for page, word, said in (
        (bob, "tab", "Bob has played their one more word after Done!: no more words this challenge."),
        (cy, "cab", "Cy has passed: no more words this challenge."),
    ):
        assert refused(page, live_server, code, word)["code"] == "claim_refused"
        for each in phones:
            expect(each.locator("#latest .verdict__message")).to_contain_text(said, timeout=LIVE_MS)
            expect(each.locator("#latest .verdict__message")).not_to_contain_text("The challenge is over")
    expect(view.locator("#phase")).to_contain_text("One more word, or pass: Di.")  # the challenge is still on


def test_the_host_strikes_only_a_latest_word_its_undo_names_it_and_a_new_challenge_starts_with_an_empty_box(
    phones, live_server
):
    """Ruling 10 on the phones: while the challenge is played the host is offered a strike for each seat's latest
    word only (Host controls and the host's page alike); the strike shows STRUCK OUT on every phone, its undo names
    the word and whose it is; at the next challenge the big box says no claim yet, not the last challenge's."""
    ann, bob, cy, di, view = phones
    code = four_seats(phones, live_server)
    for word in ("bag", "cast"):  # Bob's two words: CAST is his latest
        api(ann, live_server, code, "/seats/2/pool", {"pool": exact(word)}, cookie="wordsmith_host")
        api(bob, live_server, code, "/claims", {"word": word})
    for page in phones:
        expect(page.locator("#claims .claim__word").first).to_have_text("CAST", timeout=LIVE_MS)
    box = host_box(ann)
    expect(box.get_by_role("button", name="Hand the host role to Bob's phone")).to_be_visible()
    expect(box.get_by_role("button", name="Hand the host role to Ann's phone")).to_have_count(0)  # it hosts already
    expect(box.get_by_role("button", name="Strike CAST out")).to_be_visible()
    expect(box.get_by_role("button", name="Strike BAG out")).to_have_count(0)
    host = ann.context.new_page()  # the host's own page: the claims list offers the same
    host.goto(f"{live_server}/tables/{code}/host")
    expect(host.get_by_role("button", name="Strike CAST out")).to_be_visible()
    expect(host.get_by_role("button", name="Strike BAG out")).to_have_count(0)
    host.close()
    submit(ann, box.get_by_role("button", name="Strike CAST out"))
    for page in phones:
        expect(page.locator("#latest .verdict__mark")).to_have_text("STRUCK OUT", timeout=LIVE_MS)
    expect(host_box(ann).get_by_role("button", name="Strike BAG out")).to_be_visible()  # BAG is Bob's latest now
    submit(ann, host_box(ann).get_by_role("button", name=re.compile("^Undo")))
    for page in phones:
        expect(page.locator("#latest .verdict__message")).to_have_text(
            "The host undid their strike of CAST: CAST stands again, back on Bob's sheet.", timeout=LIVE_MS
        )
    api(ann, live_server, code, "/challenges/end", {}, cookie="wordsmith_host")
    api(ann, live_server, code, "/challenges", {"pool": "R3 Y2 B1 G2"}, cookie="wordsmith_host")
    for page in phones:
        expect(page.locator("#phase")).to_contain_text("Challenge 2 of 3", timeout=LIVE_MS)
        expect(page.locator("#latest")).to_have_text("No claim yet.")


def test_a_voters_buttons_go_when_the_vote_window_closes_by_the_pages_clock(phones, live_server):
    """Rulings 16 and 22: a vote is cast within the window. A voter's Keep/Strike (an objection) and Allow/Refuse
    (a word put to the table) leave its phone when the window closes, on the phone's own clock, with no update from
    the table in between, and with them the words that it waits for them and how long before counting; Count the
    votes comes."""
    ann, bob, cy, di, view = phones
    for page in (ann, di):
        page.clock.install()  # the phones' own clocks, run forward below: no test waits 30 s
    code = four_seats(phones, live_server)
    claim(bob, "cast")
    expect(cy.get_by_role("button", name="Object to CAST")).to_be_visible(timeout=LIVE_MS)
    submit(cy, cy.get_by_role("button", name="Object to CAST"))
    expect(di.get_by_role("button", name="Keep CAST")).to_be_visible(timeout=LIVE_MS)
    expect(di.locator("#votes .table-vote__count")).to_contain_text("waiting for Ann and you")
    count = di.locator("#votes").get_by_role("button", name=re.compile("^Count the votes"), include_hidden=True)
    expect(count).to_be_hidden()  # the table refuses a count while the window is open: it comes when it closes
    seq = di.get_attribute("#table", "data-seq")
    di.clock.fast_forward(WINDOW_MS + 1_000)
    expect(di.get_by_role("button", name="Keep CAST")).to_have_count(0)
    expect(di.get_by_role("button", name="Strike CAST out")).to_have_count(0)
    expect(count).to_be_visible()
    # the words true only while the window is open go with it: nobody is waited for, Count may be tapped now
    expect(di.locator("#votes .table-vote__count")).not_to_contain_text("waiting for")
    expect(count).to_have_text("Count the votes")
    assert di.get_attribute("#table", "data-seq") == seq  # gone by the page's clock, not by an update
    api(ann, live_server, code, "/seats/3/pool", {"pool": exact("zoomer")}, cookie="wordsmith_host")
    claim(cy, "zoomer")  # buildable, and in no word list: Cy may put it to the table
    submit(cy, cy.get_by_role("button", name="Ask the table to allow ZOOMER"))
    expect(ann.get_by_role("button", name="Allow ZOOMER")).to_be_visible(timeout=LIVE_MS)
    ann.clock.fast_forward(WINDOW_MS - 10_000)
    expect(ann.get_by_role("button", name="Allow ZOOMER")).to_be_visible()  # 20 s in: still open
    ann.clock.fast_forward(11_000)
    expect(ann.get_by_role("button", name="Allow ZOOMER")).to_have_count(0)
    expect(ann.get_by_role("button", name="Refuse ZOOMER")).to_have_count(0)


def test_a_phone_that_lost_its_seat_keeps_being_told_so_while_the_table_plays_on(phones, live_server):
    """Ruling 4 of docs/rules/tables.md: the phone whose seat the host gave to a new phone is told so on the join
    page; the table's next events (the new phone joining, a claim) and the page's own clock leave that word there."""
    ann, bob, cy, di, view = phones
    bob.clock.install()
    code = four_seats(phones, live_server)
    api(ann, live_server, code, "/seats/2/release", {}, cookie="wordsmith_host")
    expect(bob.locator("#notice")).to_contain_text("Your seat moved to another phone", timeout=LIVE_MS)
    assert bob.url.endswith(f"/tables/{code}/join?moved=1")
    seq = int(bob.get_attribute("#table", "data-seq"))
    newcomer = view.context.new_page()
    take_seat(newcomer, live_server, code, "Bob")  # the new phone takes the seat: an event Bob's old phone follows
    claim(ann, "cast")
    bob.wait_for_function("(seq) => Number(document.getElementById('table').dataset.seq) > seq + 1", arg=seq)
    bob.clock.fast_forward(10_000)  # past the time a refusal's notice gives way
    expect(bob.locator("#notice")).to_contain_text("Your seat moved to another phone")
    newcomer.close()


def test_advanced_a_seat_is_not_offered_a_row_it_has_filled(phones, live_server):
    """Ruling 8: the Row menu offers a seat only its free rows; the row Bob filled is still offered to Ann."""
    ann, bob = phones[:2]
    ann.goto(live_server + "/")
    ann.click("#table-create-details summary")
    for i, name in enumerate(("Ann", "Bob"), 1):
        ann.fill(f"#seat{i}", name)
    ann.check("#table-create input[name=variants][value=advanced]")
    with ann.expect_navigation():
        ann.click("#table-create button[type=submit]")
    code = re.search(r"/tables/([A-Z0-9]{6})/host$", ann.url).group(1)
    api(
        ann,
        live_server,
        code,
        "/challenges",
        {"pool": "R3 Y2 B1 G2", "required_letters": "master"},
        cookie="wordsmith_host",
    )
    for page, name in ((ann, "Ann"), (bob, "Bob")):
        take_seat(page, live_server, code, name)
        following(page)
    api(ann, live_server, code, "/seats/2/pool", {"pool": exact("bag")}, cookie="wordsmith_host")
    api(bob, live_server, code, "/claims", {"word": "bag", "row": 2})  # row 2: A
    shown = "(page) => Array.from(document.querySelectorAll('#row option')).filter(o => getComputedStyle(o).display !== 'none').map(o => o.textContent)"
    expect(bob.locator("#claims .claim__word").first).to_have_text("BAG", timeout=LIVE_MS)
    assert bob.evaluate(shown) == ["first free row", "1: M", "3: S", "4: T", "5: E", "6: R"]
    # disabled too, where a browser shows a hidden option all the same (iOS Safari): Bob cannot choose row 2
    disabled = (
        "(page) => Array.from(document.querySelectorAll('#row option')).filter(o => o.disabled).map(o => o.value)"
    )
    assert bob.evaluate(disabled) == ["2"] and ann.evaluate(disabled) == []
    expect(ann.locator("#claims .claim__word").first).to_have_text("BAG", timeout=LIVE_MS)
    assert ann.evaluate(shown) == ["first free row", "1: M", "2: A", "3: S", "4: T", "5: E", "6: R"]
    # Every phone reads the row a word went on, named or picked (the first free row it fits: Ann's row 2, for A)
    for page in (ann, bob):
        expect(page.locator("#latest")).to_contain_text("written on row 2 (A): 3 letters", timeout=LIVE_MS)
    api(ann, live_server, code, "/seats/1/pool", {"pool": exact("cast")}, cookie="wordsmith_host")
    api(ann, live_server, code, "/claims", {"word": "cast"})
    for page in (ann, bob):
        expect(page.locator("#latest")).to_contain_text(
            "CAST is a word, buildable from Ann's pool, written on row 2 (A)", timeout=LIVE_MS
        )
