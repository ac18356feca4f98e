"""What each phone shows at the moments a game night leaves behind, in headless Chromium on 390x844 phones: an
Object button when its window closes, a claim tapped with no connection, the scoreboard before any word, a refused
64-letter word, the game's result, and a tied vote.

Several browser contexts (phones with their own cookies) against the app served by gunicorn (`live_server`).
Nothing here waits on the machine's speed: the objection window is run out on the page's own clock (Playwright's
`page.clock`), and every wait is Playwright's `expect` on what the phone shows. Long setups (three challenges, six
words) go through the JSON API with the phones' own tokens, read from their cookies.
"""

from __future__ import annotations

import secrets

import pytest
import requests
from browser_helpers import PHONE, expect, needs_chromium, open_phones, screenshot
from test_pages_tables_browser import LIVE_MS, claim, create_table, following, start_challenge, submit, take_seat

from solver.pieces import Pool, load_alphabet

pytestmark = needs_chromium

WINDOW_MS = 30_000  # the objection window the live server runs with (OBJECTION_SECONDS, the default)
SIX = ["bag", "cast", "dog", "fish", "milk", "tree"]  # six words, each with a letter the one before lacks
LONG = "q" * 64  # as long as a claim may be (MAX_WORD_LENGTH): refused, and shown on every phone


@pytest.fixture
def phones(browser):
    """Five phones (browser contexts with their own cookies), each 390x844."""
    with open_phones(browser, 5) as pages:
        yield pages


def api(page, live_server: str, code: str, path: str, body: dict, cookie: str = "wordsmith_seat") -> None:
    """One action through the JSON API with the token this phone's `cookie` holds (its seat's, or the host's)."""
    token = next(c["value"] for c in page.context.cookies() if c["name"] == cookie)
    answer = requests.post(
        f"{live_server}/api/v1/tables/{code}{path}",
        json={"request_id": secrets.token_hex(8), **body},
        headers={"Authorization": f"Bearer {token}"},
        timeout=30,
    )
    assert answer.status_code in (200, 201), answer.text


def exact(word: str) -> str:
    """The pool that builds `word` with nothing left over."""
    return str(Pool(*load_alphabet().cost(word)))


def scroll_to_bottom(page) -> None:
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_function("window.scrollY > 0")


def fits(page) -> None:
    """Nothing on the page is wider than the phone: no sideways scroll."""
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], page.url


def seated(phones, live_server: str, start: bool = True) -> str:
    """Ann's phone makes the table (and hosts it), Ann and Bob take their seats, the third phone shows the table
    view, and all three follow it; the challenge started first unless `start` is False. The table's code."""
    ann, bob, view = phones[:3]
    code = create_table(ann, live_server)
    if start:
        start_challenge(ann)
    take_seat(ann, live_server, code, "Ann")
    take_seat(bob, live_server, code, "Bob")
    view.goto(f"{live_server}/tables/{code}")
    for page in (ann, bob, view):
        following(page)
    return code


def three_seats(phones, live_server) -> str:
    """Ann's phone makes the table, hosts it and starts a challenge; Ann, Bob and Cy take their seats and the fourth
    phone shows the table view; all four follow it. The table's code."""
    ann, bob, cy, view = phones[:4]
    code = create_table(ann, live_server, names=("Ann", "Bob", "Cy"))
    start_challenge(ann)
    for page, name in ((ann, "Ann"), (bob, "Bob"), (cy, "Cy")):
        take_seat(page, live_server, code, name)
    view.goto(f"{live_server}/tables/{code}")
    for page in (ann, bob, cy, view):
        following(page)
    return code


def four_seats(phones, live_server) -> str:
    """Ann's phone makes the table, hosts it and starts a challenge; Ann, Bob, Cy and Di take their seats and the
    fifth phone shows the table view; all five follow it. The table's code."""
    ann, bob, cy, di, view = phones
    code = create_table(ann, live_server, names=("Ann", "Bob", "Cy", "Di"))
    start_challenge(ann)
    for page, name in ((ann, "Ann"), (bob, "Bob"), (cy, "Cy"), (di, "Di")):
        take_seat(page, live_server, code, name)
    view.goto(f"{live_server}/tables/{code}")
    for page in phones:
        following(page)
    return code


def test_an_object_button_goes_when_its_window_closes_by_the_pages_clock(phones, live_server):
    """Three seats: Ann claims CAST; Bob's and Cy's phones show Object until the window closes on each phone's own
    clock, then not, with no update from the table in between."""
    ann, bob, cy = phones[:3]
    for page in (bob, cy):
        page.clock.install()  # the page's own clock, run forward below: no test waits 30 s
    code = create_table(ann, live_server, names=("Ann", "Bob", "Cy"))
    start_challenge(ann)
    for page, name in ((ann, "Ann"), (bob, "Bob"), (cy, "Cy")):
        take_seat(page, live_server, code, name)
        following(page)
    claim(ann, "cast")
    for page in (bob, cy):
        expect(page.get_by_role("button", name="Object to CAST")).to_be_visible(timeout=LIVE_MS)
    expect(ann.get_by_role("button", name="Object to CAST")).to_have_count(0)  # her own word
    seq = bob.get_attribute("#table", "data-seq")
    bob.clock.fast_forward(WINDOW_MS + 1_000)
    expect(bob.get_by_role("button", name="Object to CAST")).to_have_count(0)
    assert bob.get_attribute("#table", "data-seq") == seq  # gone by the page's clock, not by an update
    expect(bob.locator("#claims .claim__word").first).to_have_text("CAST")  # the claim stays, only the button goes
    cy.clock.fast_forward(WINDOW_MS - 10_000)
    expect(cy.get_by_role("button", name="Object to CAST")).to_be_visible()  # 20 s in: still open
    cy.clock.fast_forward(11_000)
    expect(cy.get_by_role("button", name="Object to CAST")).to_have_count(0)


def test_the_scoreboard_shows_0_before_any_word_and_the_bonus_at_the_challenges_end(phones, live_server):
    """Ruling 23 on every phone: 0 before any word, the letters while the challenge is played, the unchecked blue
    boxes' bonus once it ends."""
    ann, bob, view = phones[:3]
    code = seated(phones, live_server)
    for page in (ann, bob, view):
        expect(page.locator("#scores tbody td")).to_have_text(["0", "0"])
        expect(page.locator("#scores")).to_contain_text("each unchecked blue box is a bonus point when the challenge")
    claim(ann, "cast")
    for page in (ann, bob, view):
        expect(page.locator("#scores tbody td")).to_have_text(["4", "0"], timeout=LIVE_MS)
    api(ann, live_server, code, "/challenges/end", {}, cookie="wordsmith_host")
    for page in (ann, bob, view):
        expect(page.locator("#scores tbody td")).to_have_text(["10", "6"], timeout=LIVE_MS)
        expect(page.locator("#scores")).not_to_contain_text("bonus point")


def test_a_refused_64_letter_word_wraps_on_every_phone(phones, live_server):
    """No sideways scroll at 390 px on any table page with the word shown: the big box, the claims list, the refusal
    notice, the "Not sent" notice, the host's page, the score sheet."""
    ann, bob, view = phones[:3]
    code = seated(phones, live_server)
    claim(bob, LONG)
    expect(bob.locator("#notice .verdict__mark")).to_have_text("NOT VALID")
    for page in (bob, ann, view):
        expect(page.locator("#latest .table-latest__who")).to_contain_text(f"Bob tried {LONG.upper()}", timeout=LIVE_MS)
        expect(page.locator("#claims .claim--refused")).to_contain_text(LONG.upper())
        fits(page)
    screenshot(bob, "table-seat-long-word")
    bob.context.set_offline(True)
    expect(bob.locator("#table-conn")).to_be_visible(timeout=LIVE_MS)
    claim(bob, "z" * 64)
    expect(bob.locator("#notice .verdict__mark")).to_have_text("Not sent")
    expect(bob.locator("#notice .verdict__word")).to_have_text("Z" * 64)
    fits(bob)
    bob.context.set_offline(False)  # sent by itself: refused in turn, and that notice fits too
    expect(bob.locator("#notice .verdict__mark")).to_have_text("NOT VALID", timeout=LIVE_MS)
    fits(bob)
    for path in ("host", "sheet"):
        ann.goto(f"{live_server}/tables/{code}/{path}")
        fits(ann)


def test_the_game_over_is_in_view_on_every_phone_the_claimants_included(phones, live_server):
    """The third challenge ends with Bob's extra word after Ann's Done!: the result comes into view on Bob's phone,
    on Ann's (scrolled down to the score sheet) and on the table view (scrolled down to the claims)."""
    ann, bob, view = phones[:3]
    code = seated(phones, live_server, start=False)
    for challenge in (1, 2, 3):  # two challenges played out by the host, the third to its end
        api(ann, live_server, code, "/challenges", {"pool": "R3 Y2 B1 G2"}, cookie="wordsmith_host")
        if challenge < 3:
            api(ann, live_server, code, "/challenges/end", {}, cookie="wordsmith_host")
    for word in SIX:
        api(ann, live_server, code, "/seats/1/pool", {"pool": exact(word)}, cookie="wordsmith_host")
        api(ann, live_server, code, "/claims", {"word": word})
    for page in (ann, bob, view):
        expect(page.locator("#phase")).to_contain_text("Done! called by Ann", timeout=LIVE_MS)
    scroll_to_bottom(ann)
    scroll_to_bottom(view)
    claim(bob, "gab")  # Bob's one more word ends the challenge, and with it the game
    for page in (bob, ann, view):
        expect(page.locator("#latest .verdict__mark")).to_have_text("GAME OVER", timeout=LIVE_MS)
        expect(page.locator("#latest .table-result__winners")).to_have_text("Ann wins")
        expect(page.locator("#latest .verdict__mark")).to_be_in_viewport()
        expect(page.locator("#latest .table-result__totals")).to_be_in_viewport(ratio=1)
    screenshot(bob, "table-seat-game-over")


def test_a_tie_is_cast_by_one_pair_of_buttons_beside_the_vote(phones, live_server):
    """Four seats, Ann hosting from her seat: Bob claims CAST, Cy objects. The voters' (Ann's and Di's) buttons and
    the word's definition are in view on each phone; Ann and Di split, and Ann's casting vote is one pair of buttons
    in the vote's box, on her seat's page and on the host's page alike; it settles the word on every phone."""
    ann, bob, cy, di, view = phones
    code = four_seats(phones, live_server)
    claim(bob, "cast")
    expect(cy.get_by_role("button", name="Object to CAST")).to_be_visible(timeout=LIVE_MS)
    submit(cy, cy.get_by_role("button", name="Object to CAST"))
    for page in phones:
        box = page.locator("#votes .table-vote")
        expect(box).to_contain_text("Keep or strike?", timeout=LIVE_MS)
        expect(box.locator(".table-vote__senses")).to_contain_text("put or send forth")  # the definition
    for page in (ann, di):  # the voters: both buttons above the fold, the page not scrolled
        assert page.evaluate("window.scrollY") == 0
        expect(page.get_by_role("button", name="Keep CAST")).to_be_in_viewport(ratio=1)
        expect(page.get_by_role("button", name="Strike CAST out")).to_be_in_viewport(ratio=1)
    screenshot(di, "table-seat-vote-fold")
    submit(ann, ann.get_by_role("button", name="Strike CAST out"))
    submit(di, di.get_by_role("button", name="Keep CAST"))
    expect(ann.locator("#votes .table-vote__host")).to_have_text(
        "You host: your casting vote decides.", timeout=LIVE_MS
    )
    # One pair, beside the vote: no second Keep or Strike (the host controls' overrule waits while the table votes).
    for name in ("Keep CAST", "Strike CAST out"):
        expect(ann.get_by_role("button", name=name)).to_have_count(1)
        expect(ann.locator("#votes").get_by_role("button", name=name)).to_be_in_viewport(ratio=1)
    for page in (bob, cy, di, view):
        expect(page.locator("#votes .table-vote .verdict__mark")).to_have_text("Tied: the host decides")
        expect(page.get_by_role("button", name="Keep CAST")).to_have_count(0)
    screenshot(ann, "table-playing-host-tie")
    host = ann.context.new_page()  # the host's own page shows the same one pair, beside the vote
    host.goto(f"{live_server}/tables/{code}/host")
    for name in ("Keep CAST", "Strike CAST out"):
        expect(host.get_by_role("button", name=name)).to_have_count(1)
        expect(host.locator("#votes").get_by_role("button", name=name)).to_be_in_viewport(ratio=1)
    host.close()
    submit(ann, ann.locator("#votes").get_by_role("button", name="Keep CAST"))
    for page in phones:
        expect(page.locator("#latest .verdict__mark")).to_have_text("OBJECTION OVERRULED", timeout=LIVE_MS)
        expect(page.locator("#votes .table-vote")).to_have_count(0)


def test_a_claimant_waits_for_the_vote_and_an_undone_vote_is_cast_again_in_a_fresh_window(phones, live_server):
    """Three seats: Ann claims BAG, Bob objects. Ann's phone reads that her next word waits for the vote, with no
    claim form (Bob's keeps it). Cy strikes BAG; the host undoes Cy's vote: every phone reads that Cy votes again,
    Cy's Keep and Strike are back with a window that runs from the undo, and Cy's strike upholds the objection."""
    ann, bob, cy, view = phones[:4]
    code = three_seats(phones, live_server)
    claim(ann, "bag")
    expect(bob.get_by_role("button", name="Object to BAG")).to_be_visible(timeout=LIVE_MS)
    submit(bob, bob.get_by_role("button", name="Object to BAG"))
    expect(cy.get_by_role("button", name="Strike BAG out")).to_be_visible(timeout=LIVE_MS)
    waits = "The table is voting on your word BAG: your next word waits for the outcome."
    expect(ann.locator("#claim-area .table-claim-wait")).to_have_text(waits, timeout=LIVE_MS)
    expect(ann.locator("#word")).to_be_hidden()
    for page in (bob, cy):
        expect(page.locator("#word")).to_be_visible()
        expect(page.locator("#claim-area .table-claim-wait")).to_be_hidden()
    closes = int(cy.get_attribute("#votes form.table-vote__form", "data-closes-at"))
    submit(cy, cy.get_by_role("button", name="Strike BAG out"))
    for page in (ann, bob, cy, view):
        expect(page.locator("#latest .verdict__mark")).to_have_text("OBJECTION UPHELD", timeout=LIVE_MS)
    expect(ann.locator("#word")).to_be_visible()
    api(ann, live_server, code, "/undo", {}, cookie="wordsmith_host")
    for page in (ann, bob, cy, view):
        expect(page.locator("#latest")).to_contain_text(
            "undid Cy's vote on BAG: Cy votes on BAG again, in a fresh window.", timeout=LIVE_MS
        )
        expect(page.locator("#votes .table-vote")).to_contain_text("waiting for")
    expect(cy.get_by_role("button", name="Strike BAG out")).to_be_visible()
    assert int(cy.get_attribute("#votes form.table-vote__form", "data-closes-at")) > closes  # from the undo
    expect(ann.locator("#claim-area .table-claim-wait")).to_have_text(waits)
    for page in (ann, bob):
        expect(page.get_by_role("button", name="Strike BAG out")).to_have_count(0)
    submit(cy, cy.get_by_role("button", name="Strike BAG out"))
    for page in (ann, bob, cy, view):
        expect(page.locator("#latest .verdict__mark")).to_have_text("OBJECTION UPHELD", timeout=LIVE_MS)
        expect(page.locator("#claims")).to_contain_text("BAG")
