"""A live table in headless Chromium: three browser contexts at one table, two players and the table view.

Against the app served by gunicorn (the `live_server` fixture), as phones
use it: each context has its own cookies (its seat's token), the pages follow
the table's event stream with static/tables.js, and a change made on one
phone must reach the others without a reload. A page that was not reloaded
still carries a mark left in its window; a swap by tables.js marks #table
with data-source="event".
"""

from __future__ import annotations

import re

import pytest
from browser_helpers import PHONE, expect, needs_chromium, open_phones, screenshot
from test_pages_browser import AXE, axe_violations, small_tap_targets

pytestmark = needs_chromium

# A claim or verdict should reach every phone within a second; the browser's clock and
# a loaded 2-core machine get five.
LIVE_MS = 5_000


@pytest.fixture
def phones(browser):
    """Three phones (browser contexts with their own cookies): Ann, Bob and the table view."""
    with open_phones(browser, 3) as pages:
        yield pages


def create_table(page, live_server, names=("Ann", "Bob")) -> str:
    """Create a Wordsmith table from the home page's form; return its code (the host's page is open)."""
    page.goto(live_server + "/")
    page.click("#table-create-details summary")
    for i, name in enumerate(names, 1):
        page.fill(f"#seat{i}", name)
    with page.expect_navigation():
        page.click("#table-create button[type=submit]")
    match = re.search(r"/tables/([A-Z0-9]{6})/host$", page.url)
    assert match, page.url
    return match.group(1)


def create_booksmack(page, live_server, names, variant: str) -> str:
    """Create a Booksmack table with one variant from the create form, and seat each of `names` on its phone
    (`page` first, the others by `take_seat` later); return its code."""
    page.goto(live_server + "/tables")
    page.check("input[name=game][value=booksmack]")
    page.check(f"input[name=variants][value={variant}]")
    for i, name in enumerate(names, 1):
        page.fill(f"#seat{i}", name)
    with page.expect_navigation():
        page.click("#table-create button[type=submit]")
    return re.search(r"/tables/([A-Z0-9]{6})/host$", page.url).group(1)


def submit(page, target) -> None:
    """Tap a table form's button (a selector or a locator) and wait for its answer: with JavaScript, sent by
    static/tables.js and swapped in (no page load: #table's data-sent counts the answers); without, a page load."""
    button = page.locator(target) if isinstance(target, str) else target
    if not getattr(page, "javascript", True):
        with page.expect_navigation():
            button.click()
        return
    sent = page.get_attribute("#table", "data-sent") or "0"
    button.click()
    page.wait_for_function("(sent) => (document.getElementById('table').dataset.sent || '0') !== sent", arg=sent)


def start_challenge(page, pool: str = "R3 Y2 B1 G2") -> None:
    page.fill("#start-pool", pool)
    submit(page, "#start-area button[type=submit]")


def take_seat(page, live_server, code: str, name: str) -> None:
    page.goto(f"{live_server}/tables/{code}/join")
    with page.expect_navigation():
        page.get_by_role("button", name=re.compile(rf"^{name}")).click()
    assert page.url.endswith(f"/tables/{code}/play")


def following(page) -> None:
    """Wait until the page follows the event stream, then leave a mark that a reload would wipe."""
    page.wait_for_selector("#table[data-stream=open]", state="attached")
    page.evaluate("window.notReloaded = true")


def not_reloaded(page) -> bool:
    return page.evaluate("window.notReloaded === true") and page.get_attribute("#table", "data-source") == "event"


def claim(page, word: str) -> None:
    page.fill("#word", word)
    submit(page, "#claim-area button[form=claim-form]")


@pytest.fixture
def table(phones, live_server):
    """A started table: Ann hosts and sits at seat 1, Bob at seat 2, the third phone watches the table view."""
    ann, bob, view = phones
    code = create_table(ann, live_server)
    start_challenge(ann)
    take_seat(ann, live_server, code, "Ann")
    take_seat(bob, live_server, code, "Bob")
    view.goto(f"{live_server}/tables/{code}")
    for page in phones:
        following(page)
    return code, ann, bob, view


def test_a_claim_and_an_objection_reach_every_phone_live_and_a_reload_keeps_them(table):
    """One table for four steps, each a check of its own (a started table costs three phones ~5 s to set up):
    a claim appears live on the other phones; what Bob is typing meanwhile survives; his objection puts the word
    to the table everywhere (two seats: the judge's verdict stands); a reload keeps the state."""
    code, ann, bob, view = table
    bob.fill("#word", "gab")
    bob.focus("#word")
    claim(ann, "cast")
    # The claim by one appears on the others live.
    expect(ann.locator("#latest .verdict__word")).to_have_text("CAST")
    expect(bob.locator("#claims .claim__word").first).to_have_text("CAST", timeout=LIVE_MS)
    expect(view.locator("#latest .verdict__word")).to_have_text("CAST", timeout=LIVE_MS)
    expect(view.locator("#latest .table-latest__who")).to_have_text("Ann")
    assert not_reloaded(bob) and not_reloaded(view)
    expect(bob.get_by_role("button", name="Object to CAST")).to_be_visible()
    screenshot(view, "table-view-claim")
    screenshot(bob, "table-seat-claim")
    # What a player is typing survives the live update.
    assert bob.input_value("#word") == "gab"
    assert bob.evaluate("document.activeElement.id") == "word"
    # An objection puts the word to the table everywhere, with the judge's reasons (ruling 16).
    following(ann)  # her claim reloaded her page
    submit(bob, bob.get_by_role("button", name="Object to CAST"))
    # Two seats: no one else votes, so the judge's verdict stands at once (ruling 21); Ann alone may concede.
    for page in (bob, ann, view):
        expect(page.locator("#claims .claim__objection").first).to_contain_text("Bob objected", timeout=LIVE_MS)
        expect(page.locator("#claims .claim__objection strong").first).to_have_text("the judge's verdict stands")
        expect(page.locator("#claims .claim__objection").first).to_contain_text("CAST stands: it is a valid word")
    expect(ann.get_by_role("button", name="Concede CAST")).to_be_visible()
    expect(bob.get_by_role("button", name="Concede CAST")).to_have_count(0)
    assert not_reloaded(ann) and not_reloaded(view)
    screenshot(view, "table-view-objection")
    # A reload keeps the state.
    for page in (ann, bob, view):
        page.reload()
        expect(page.locator("#claims .claim__word").first).to_have_text("CAST")
    expect(view.locator("#latest .verdict__word")).to_have_text("CAST")
    assert bob.url.endswith(f"/tables/{code}/play")  # the seat is the cookie's: still Bob
    expect(bob.locator("h1")).to_contain_text("Bob")


def test_the_host_starts_and_the_claim_form_appears_on_a_waiting_seat(phones, live_server):
    ann, bob, view = phones
    code = create_table(ann, live_server)
    take_seat(bob, live_server, code, "Bob")
    following(bob)
    assert bob.locator("#word").count() == 0  # no challenge yet: nothing to claim
    ann.goto(f"{live_server}/tables/{code}/host")
    start_challenge(ann, "R3 Y2 B1 G2")
    expect(bob.locator("#word")).to_be_visible(timeout=LIVE_MS)
    expect(bob.locator("#phase")).to_contain_text("Challenge 1", timeout=LIVE_MS)
    assert not_reloaded(bob)


def test_a_refused_claim_is_seen_on_every_phone_and_its_notice_gives_way_to_the_table(table):
    code, ann, bob, view = table
    claim(ann, "cast")
    expect(bob.locator("#claims .claim__word").first).to_have_text("CAST", timeout=LIVE_MS)
    following(ann)
    claim(bob, "cast")
    expect(bob.locator("#notice .verdict__mark")).to_have_text("NOT VALID")
    expect(bob.locator("#notice")).to_contain_text("CAST")
    # The refusal is public (ruling 15): the other phone and the table view show it, by name, live.
    for page in (ann, view):
        expect(page.locator("#latest .table-latest__who")).to_have_text(
            "Bob tried CAST: not valid, nothing changes", timeout=LIVE_MS
        )
        expect(page.locator("#claims .claim--refused").first).to_contain_text("Bob tried CAST")
        assert not_reloaded(page)
    following(bob)
    ann.goto(f"{ann.url.rsplit('/', 1)[0]}/host")  # the table moves on: the host locks joining
    submit(ann, ann.get_by_role("button", name="Lock joining"))
    expect(bob.locator("#phase")).to_contain_text("Joining is locked", timeout=LIVE_MS)
    assert not_reloaded(bob)
    expect(bob.locator("#notice")).to_have_count(0)  # the notice gave way to the table's state
    expect(bob.locator("#latest")).to_contain_text("locked the table")  # the lock is the table's news now
    expect(bob.locator("#claims .claim--refused").first).to_contain_text("Bob tried CAST")  # still in the list


def test_an_objection_voted_by_the_third_seat_is_upheld_on_every_phone(phones, live_server):
    """Three phones, three seats: Ann claims, Bob objects, Cy votes to strike; the objection is upheld everywhere."""
    ann, bob, cy = phones
    code = create_table(ann, live_server, names=("Ann", "Bob", "Cy"))
    start_challenge(ann)
    for page, name in ((ann, "Ann"), (bob, "Bob"), (cy, "Cy")):
        take_seat(page, live_server, code, name)
    claim(ann, "cast")
    for page in phones:
        following(page)
    submit(bob, bob.get_by_role("button", name="Object to CAST"))
    following(bob)
    for page, who in (
        (ann, "Your word; Bob objects"),
        (bob, "Ann's word; you object"),
        (cy, "Ann's word; Bob objects"),
    ):
        expect(page.locator("#votes .table-vote")).to_contain_text("Keep or strike?", timeout=LIVE_MS)
        expect(page.locator("#votes .table-vote")).to_contain_text(who)  # each phone names itself "you"
        expect(page.locator("#votes .table-vote")).to_contain_text("Dictionary: standard")
    expect(ann.get_by_role("button", name="Strike CAST out")).to_have_count(0)  # the claimant does not vote
    screenshot(cy, "table-seat-vote")
    submit(cy, cy.get_by_role("button", name="Strike CAST out"))
    for page in (ann, bob, cy):
        expect(page.locator("#latest .verdict__mark")).to_have_text("OBJECTION UPHELD", timeout=LIVE_MS)
        expect(page.locator("#latest")).to_contain_text("CAST is struck out; Ann goes back to finding words")
        expect(page.locator("#claims .claim__objection").first).to_contain_text("Bob objected: objection upheld")
        expect(page.locator("#votes .table-vote")).to_have_count(0)
    assert not_reloaded(ann) and not_reloaded(bob)
    # Back to finding words: her pool as it was.
    expect(ann.locator("#pool .pool-pieces:visible")).to_have_attribute(
        "aria-label", "3 red, 2 yellow, 1 blue, 2 green"
    )


def test_the_end_of_a_challenge_shows_in_the_big_box_in_view_on_every_phone(table):
    code, ann, bob, view = table
    claim(ann, "cast")
    ann.goto(f"{ann.url.rsplit('/', 1)[0]}/host")
    submit(ann, ann.get_by_role("button", name=re.compile("^End the challenge")))
    for page in (bob, view):
        mark = page.locator("#latest .verdict__mark")
        expect(mark).to_have_text("CHALLENGE 1 OVER", timeout=LIVE_MS)
        expect(page.locator("#latest .table-result__totals")).to_contain_text("Ann")
        box = page.locator("#latest .table-result__totals").bounding_box()
        assert box["y"] + box["height"] <= PHONE["height"], box  # read without scrolling
        assert not_reloaded(page)
    screenshot(bob, "table-seat-challenge-over")


def test_without_javascript_the_pages_work_by_reloading(browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport=PHONE)
    page = context.new_page()
    page.javascript = False
    code = create_table_no_js(page, live_server)
    start_challenge(page)
    take_seat(page, live_server, code, "Ann")
    claim(page, "cast")
    assert page.url.endswith(f"/tables/{code}/play")
    expect(page.locator("#latest .verdict__word")).to_have_text("CAST")
    # The claim field belongs to the page's hidden form (`form=`): Enter sends it, and a refused word comes back in
    # the field to mend.
    page.fill("#word", "cast")
    with page.expect_navigation():
        page.press("#word", "Enter")
    expect(page.locator("#notice")).to_contain_text("CAST")
    assert page.input_value("#word") == "cast"
    page.goto(f"{live_server}/tables/{code}")
    expect(page.locator("#latest .verdict__word")).to_have_text("CAST")
    screenshot(page, "table-view")
    # A button drawn once for every phone (the host's strike, in the table's part) submits the page's own hidden
    # form without JavaScript too, and shows only where the page's phone may press it.
    expect(page.get_by_role("button", name="Strike CAST out")).to_have_count(0)  # the table view: no one's
    page.goto(f"{live_server}/tables/{code}/host")
    with page.expect_navigation():
        page.get_by_role("button", name="Strike CAST out").click()
    expect(page.locator("#claims .claim:not(.claim--refused)").first).to_contain_text("struck out")
    context.close()


def create_table_no_js(page, live_server) -> str:
    page.goto(live_server + "/tables")
    page.fill("#seat1", "Ann")
    page.fill("#seat2", "Bob")
    with page.expect_navigation():
        page.click("#table-create button[type=submit]")
    return re.search(r"/tables/([A-Z0-9]{6})/host$", page.url).group(1)


@pytest.mark.skipif(not AXE.exists(), reason="axe-core not installed: npm install --no-save axe-core@4")
def test_axe_and_tap_targets_on_the_table_pages(browser, live_server):
    """axe-core finds nothing, and every control a finger taps is at least 44 pixels, on each table page."""
    context = browser.new_context(viewport=PHONE, bypass_csp=True)
    page = context.new_page()
    code = create_table(page, live_server, names=("Ann", "Bob", "Cy"))
    start_challenge(page)
    take_seat(page, live_server, code, "Ann")
    claim(page, "zzzq")  # refused, in public: the claims list holds the attempt
    claim(page, "cast")
    bob, cy = (browser.new_context(viewport=PHONE).new_page() for _ in range(2))
    take_seat(bob, live_server, code, "Bob")
    take_seat(cy, live_server, code, "Cy")
    # three seats: Cy votes, so the vote box stays open, with Ann's Concede button
    submit(bob, bob.get_by_role("button", name="Object to CAST"))
    bob.context.close()
    cy.context.close()
    found = {}
    for path in (
        "/tables",
        f"/tables/{code}/host",
        f"/tables/{code}/play",
        f"/tables/{code}/join",
        f"/tables/{code}",
        f"/tables/{code}/sheet",
    ):
        page.goto(live_server + path)
        violations, small = axe_violations(page), small_tap_targets(page)
        if violations or small:
            found[path] = violations + small
    context.close()
    assert found == {}


def test_a_turn_based_booksmack_turn_and_its_steal_reach_only_the_phones_that_act(phones, live_server):
    """Turn-based Booksmack on three phones, live: the card form moves to the phone whose turn it is, the steal
    form shows on the thief's phone alone (the thief not among the victims), and every phone reads whose turn it
    is and each hand's size, all without a reload (tests/test_pages_booksmack_table.py plays a whole game)."""
    ann, bob, cy = phones
    code = create_booksmack(ann, live_server, ("Ann", "Bob", "Cy"), "turns")
    for page, name in ((ann, "Ann"), (bob, "Bob"), (cy, "Cy")):
        take_seat(page, live_server, code, name)
        following(page)
    expect(ann.locator(".table-phase")).to_have_text("Turn 1: your turn. Play a card below.")
    expect(bob.locator(".table-phase")).to_have_text("Turn 1: Ann's turn.")
    expect(bob.locator("#turn-form")).to_have_count(0)
    ann.fill("#card", "c")  # alone on the table: the highest, so Ann draws
    submit(ann, "#turn-form button[type=submit]")
    expect(bob.locator(".table-phase")).to_have_text("Turn 2: your turn. Play a card below.", timeout=LIVE_MS)
    expect(ann.locator("#turn-form")).to_have_count(0)
    bob.fill("#card", "a")  # the lowest: Bob steals
    submit(bob, "#turn-form button[type=submit]")
    expect(cy.locator(".table-phase")).to_have_text("Turn 2: Bob's card steals, so Bob steals a card.", timeout=LIVE_MS)
    for page in (ann, cy):
        expect(page.locator("form[id^=steal-]")).to_have_count(0)
        expect(page.locator("#turn-form")).to_have_count(0)
    expect(bob.locator("form[id^=steal-]")).to_have_count(2)
    expect(bob.locator("#steal-2")).to_have_count(0)
    submit(bob, bob.get_by_role("button", name="A card from Cy's hand"))
    expect(cy.locator(".table-phase")).to_have_text("Turn 3: your turn. Play a card below.", timeout=LIVE_MS)
    for page in phones:
        expect(page.locator(".libraries__hand")).to_have_text(
            ["6 cards in hand", "6 cards in hand", "5 cards in hand"], timeout=LIVE_MS
        )
        assert not_reloaded(page)
