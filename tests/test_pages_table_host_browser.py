"""A live table played as a table does, in headless Chromium on 390x844 phones: the host who also plays, a seat
moved to another phone and asked back, a phone that loses its connection and recovers, pools drawn as pieces,
and the layout checks (no sideways scroll, finger-sized targets, axe-core clean).

Three browser contexts (phones with their own cookies) against the app served by gunicorn (`live_server`).
"""

from __future__ import annotations

import re

import pytest
from browser_helpers import PHONE, expect, needs_chromium, screenshot
from test_pages_browser import AXE, TAP_TARGETS, axe_violations, small_tap_targets
from test_pages_tables_browser import (
    LIVE_MS,
    claim,
    create_table,
    following,
    not_reloaded,
    phones,  # noqa: F401 - the fixture
    start_challenge,
    submit,
    take_seat,
)

pytestmark = needs_chromium

# A table's pages count their links and the create form's radios as targets too.
TABLE_TARGETS = TAP_TARGETS + ", main p a, .table-create input[type=radio]"


@pytest.fixture
def three(request):
    """Three phones at one table (test_pages_tables_browser.py's `phones`)."""
    return request.getfixturevalue("phones")


def host_box(page):
    box = page.locator("#host-box")
    if not box.evaluate("(details) => details.open"):
        page.click("#host-box > summary")
    return box


def playing(ann, bob, live_server) -> str:
    """A table started by Ann's phone (the host's), Ann and Bob seated and both phones following it; its code."""
    code = create_table(ann, live_server)
    start_challenge(ann)
    take_seat(ann, live_server, code, "Ann")
    take_seat(bob, live_server, code, "Bob")
    for page in (ann, bob):
        following(page)
    return code


def test_the_playing_host_has_one_page_their_seat_with_the_host_controls(three, live_server):
    ann, bob, view = three
    code = create_table(ann, live_server)
    expect(ann.locator("#invite")).to_have_attribute("open", "")  # before play: the code and QR code in view
    take_seat(ann, live_server, code, "Ann")
    take_seat(bob, live_server, code, "Bob")
    view.goto(f"{live_server}/tables/{code}")
    for page in (ann, bob, view):
        following(page)
    assert bob.locator("#host-box").count() == 0  # a player without the host role has no host controls
    # Ann plays and hosts from her seat's page: the controls are folded until she opens them.
    expect(ann.locator("#host-box")).not_to_have_attribute("open", "")
    box = host_box(ann)
    ann.fill("#start-pool", "R3 Y2 B1 G2")
    submit(ann, box.locator("#start-area button[type=submit]"))
    expect(bob.locator("#word")).to_be_visible(timeout=LIVE_MS)
    # Her claim: no page load, the field empty and still hers to type in.
    ann.focus("#word")
    ann.fill("#word", "cast")
    ann.press("#word", "Enter")
    expect(bob.locator("#claims .claim__word").first).to_have_text("CAST", timeout=LIVE_MS)
    expect(ann.locator("#latest .verdict__word")).to_have_text("CAST")
    assert ann.input_value("#word") == "" and ann.evaluate("document.activeElement.id") == "word"
    assert not_reloaded(ann)
    # The host's strike, from the seat's page: every phone sees it.
    submit(ann, ann.get_by_role("button", name="Strike CAST out"))
    expect(bob.locator("#claims .claim").first).to_contain_text("struck out", timeout=LIVE_MS)
    # Undo names the action it takes back, and takes back only that.
    undo = ann.locator("#undo-form button")
    expect(undo).to_have_text("Undo your strike of CAST")  # only the host's controls show it
    submit(ann, undo)
    expect(bob.locator("#claims .claim").first).to_contain_text("stands", timeout=LIVE_MS)
    expect(ann.locator(".table-undone")).to_contain_text("Taken back: your strike of CAST")
    expect(bob.locator("#latest")).to_contain_text("The host undid their strike of CAST: CAST stands again")
    screenshot(ann, "table-playing-host")
    # The host role goes to Bob's phone: his seat's page grows the controls, live; Ann's loses them and says so.
    submit(ann, host_box(ann).get_by_role("button", name="Hand the host role to Bob's phone"))
    expect(bob.locator("#host-box")).to_have_count(1, timeout=LIVE_MS)
    expect(ann.locator("#host-box")).to_have_count(0, timeout=LIVE_MS)
    expect(ann.locator("#notice")).to_contain_text("This phone hosts no more")
    expect(ann.locator("#notice")).to_contain_text("Bob's phone hosts the table now")
    expect(bob.locator("#notice")).to_have_count(0)
    assert not_reloaded(bob)
    bob.goto(f"{live_server}/tables/{code}/host")  # his phone opens the host's page too: the code, the QR code
    expect(bob.locator("h1")).to_contain_text("Host of table")
    bob.goto(f"{live_server}/tables/{code}/play")
    submit(bob, host_box(bob).get_by_role("button", name="End the challenge"))
    expect(view.locator("#phase")).to_contain_text("Challenge 1 is over", timeout=LIVE_MS)
    expect(ann.locator("#phase")).to_contain_text("Challenge 1 is over", timeout=LIVE_MS)
    # The standard game may now end early, with its winners.
    submit(bob, host_box(bob).get_by_role("button", name="End the game now"))
    expect(view.locator("#phase")).to_contain_text("The game is over", timeout=LIVE_MS)


def test_moving_a_held_seat_asks_first_and_the_phone_that_lost_it_is_told_and_asks_back(three, live_server):
    host, bob, view = three
    code = create_table(host, live_server)
    take_seat(bob, live_server, code, "Bob")
    following(bob)
    host.goto(f"{live_server}/tables/{code}/join")
    with host.expect_navigation():
        host.get_by_role("button", name="Bob").click()
    expect(host.locator("#confirm")).to_contain_text("Move Bob's seat to this phone?")
    with host.expect_navigation():
        host.get_by_role("link", name="No, leave it").click()
    assert bob.url.endswith(f"/tables/{code}/play")  # nothing moved
    with host.expect_navigation():
        host.get_by_role("button", name="Bob").click()
    with host.expect_navigation():
        host.get_by_role("button", name="Yes, move Bob's seat here").click()
    assert host.url.endswith(f"/tables/{code}/play")
    # Bob's phone learns it at once (the seat changed phones) and says why.
    expect(bob.locator("#notice")).to_contain_text("Your seat moved to another phone", timeout=LIVE_MS)
    assert bob.url.endswith(f"/tables/{code}/join?moved=1")
    screenshot(bob, "table-seat-moved")
    with bob.expect_navigation():
        bob.get_by_role("button", name="Bob (taken: yours? ask the host for it)").click()
    expect(bob.locator("#notice")).to_contain_text("asks for Bob's seat")
    host.goto(f"{live_server}/tables/{code}/host")
    expect(host.locator("#seatlist")).to_contain_text("A phone asks for seat 2 (Bob) back")
    # The host gives the seat to a new phone: Bob's join page, reloaded, reads what came of his ask, and he takes it.
    submit(host, host.get_by_role("button", name="Give seat 2 to a new phone"))
    bob.reload()
    expect(bob.locator("#notice")).to_contain_text("The host gave Bob's seat to a new phone: tap it below to take it.")
    expect(bob.locator("#notice")).not_to_contain_text("asks for")
    with bob.expect_navigation():
        bob.get_by_role("button", name=re.compile(r"^Bob")).click()
    assert bob.url.endswith(f"/tables/{code}/play")


def test_back_to_the_join_page_a_phone_is_offered_its_own_seat_and_the_host_is_asked_nothing(three, live_server):
    """Bob claims, taps Back and lands on the join page: his seat is his way back, not a seat to ask the host for;
    the host's phone reads its own seat the same way, and Bob's as one to move after a confirmation."""
    ann, bob, view = three
    code = playing(ann, bob, live_server)
    claim(bob, "cast")
    expect(bob.locator("#latest .verdict__word")).to_have_text("CAST")
    bob.go_back()
    assert bob.url.endswith(f"/tables/{code}/join")
    expect(bob.locator("#seats")).to_contain_text("This phone already holds seat 2")
    expect(bob.locator("#seats")).not_to_contain_text("Bob (taken")
    expect(bob.get_by_role("button", name="Ann (taken: yours? ask the host for it)")).to_be_visible()
    ann.goto(f"{live_server}/tables/{code}/join")
    expect(ann.get_by_role("link", name="Ann (yours: back to your seat)")).to_be_visible()
    expect(ann.get_by_role("button", name="Bob (on another phone: taking it here asks first)")).to_be_visible()
    with bob.expect_navigation():
        bob.get_by_role("link", name="Bob (yours: back to your seat)").click()
    assert bob.url.endswith(f"/tables/{code}/play")
    expect(bob.locator("h1")).to_contain_text("Bob")
    expect(bob.locator("#claims .claim__word").first).to_have_text("CAST")
    view.goto(f"{live_server}/tables/{code}/play")  # the third phone holds no seat: sent to join, nothing asked
    assert view.url.endswith(f"/tables/{code}/join")
    ann.goto(f"{live_server}/tables/{code}/host")
    expect(ann.locator("#seatlist")).to_contain_text("2. Bob: joined")
    expect(ann.locator("#seatlist")).not_to_contain_text("asks for seat")


def test_a_removed_phone_reads_what_is_true_and_no_screen_invites_joining_a_locked_table(three, live_server):
    """Bob's seat removed with no seat free: his phone is told so, not to pick one; the host locks joining: his page
    says it is locked, the TV stops inviting phones to join and the host's controls show no QR code; opened again,
    the TV invites again. Each live, on its own phone."""
    ann, bob, view = three
    code = playing(ann, bob, live_server)
    view.goto(f"{live_server}/tables/{code}")
    following(view)
    expect(view.locator("#view-invite")).to_contain_text("Join this table at")
    submit(ann, host_box(ann).get_by_role("button", name="Remove Bob: they left"))
    expect(bob.locator("#notice")).to_contain_text("The host removed your seat", timeout=LIVE_MS)
    expect(bob.locator("#notice")).to_contain_text("No seat is free")
    expect(bob.locator("#notice")).not_to_contain_text("pick a free seat")
    expect(bob.locator("#seats")).not_to_contain_text("No seat is free")  # the notice says it, once
    following(bob)
    submit(ann, host_box(ann).get_by_role("button", name="Lock joining"))
    expect(bob.locator("#notice")).to_contain_text("Joining is locked", timeout=LIVE_MS)
    expect(bob.locator("#notice")).not_to_contain_text("pick a free seat")
    expect(bob.locator("#seats")).not_to_contain_text("locked")
    expect(view.locator("#phase")).to_contain_text("Joining is locked", timeout=LIVE_MS)
    expect(view.locator("#view-invite")).not_to_contain_text("Join this table", timeout=LIVE_MS)
    expect(ann.locator("#host-area")).to_contain_text("The host's page: joining is locked, deleting the table")
    assert not_reloaded(view)
    ann.goto(f"{live_server}/tables/{code}/host")
    expect(ann.locator("#invite summary")).to_contain_text("joining is locked")
    ann.click("#invite summary")
    expect(ann.locator("#invite-body")).to_contain_text("Joining is locked")
    expect(ann.locator("#invite .table-qr")).to_have_count(0)
    expect(ann.locator("#invite")).not_to_contain_text("Join link")
    following(ann)
    submit(ann, "button[value=unlock]")
    expect(ann.locator("#invite .table-qr")).to_have_count(1)
    expect(view.locator("#view-invite")).to_contain_text("Join this table at", timeout=LIVE_MS)


def test_the_host_renames_a_seat_and_every_phone_and_the_tv_read_the_new_name(three, live_server):
    """From the host's controls on her seat's page: Bob's seat renamed Robert, read live on Bob's phone (its title
    too), on the TV and on her own page; a name another seat has is refused at its field, as typed."""
    ann, bob, view = three
    code = playing(ann, bob, live_server)
    view.goto(f"{live_server}/tables/{code}")
    following(view)
    box = host_box(ann)
    field = box.get_by_label("Seat 2's name")
    expect(field).to_have_value("Bob")
    expect(field).to_have_attribute("maxlength", "40")
    field.fill("Robert")
    sent = ann.get_attribute("#table", "data-sent") or "0"
    field.press("Enter")
    ann.wait_for_function("(sent) => (document.getElementById('table').dataset.sent || '0') !== sent", arg=sent)
    expect(bob.locator("h1")).to_contain_text("Robert", timeout=LIVE_MS)
    expect(bob.locator("#scores")).to_contain_text("Robert", timeout=LIVE_MS)
    expect(view.locator("#scores")).to_contain_text("Robert", timeout=LIVE_MS)
    expect(ann.locator("#scores")).to_contain_text("Robert")
    expect(ann.locator("#seatlist")).to_contain_text("2. Robert: joined")
    for page in (ann, bob, view):
        expect(page.locator("#scores")).not_to_contain_text("Bob")
    assert not_reloaded(bob) and not_reloaded(view)
    field = host_box(ann).get_by_label("Seat 2's name")
    field.fill("ann")
    submit(ann, host_box(ann).get_by_role("button", name="Rename seat 2"))
    expect(ann.locator("#rename-2-error")).to_contain_text("already called ann")
    expect(host_box(ann).get_by_label("Seat 2's name")).to_have_attribute("aria-invalid", "true")
    expect(host_box(ann).get_by_label("Seat 2's name")).to_have_value("ann")
    expect(bob.locator("h1")).to_contain_text("Robert")


def test_a_stale_phone_knows_it_and_recovers_after_the_network_drops(three, live_server):
    ann, bob, view = three
    playing(ann, bob, live_server)
    bob.context.set_offline(True)
    expect(bob.locator("#table-conn")).to_be_visible(timeout=LIVE_MS)
    expect(bob.locator("#table-conn")).to_have_text("Reconnecting… this page may be behind the table.")
    claim(ann, "cast")
    # A claim tapped with no connection: not sent, and the notice names the word.
    bob.fill("#word", "bag")
    submit(bob, "#claim-area button[form=claim-form]")
    expect(bob.locator("#notice .verdict__mark")).to_have_text("Not sent")
    expect(bob.locator("#notice .verdict__word")).to_have_text("BAG")
    expect(bob.locator("#notice")).to_contain_text("Your claim of BAG was not sent")
    # The sign says the page may be behind the table (the browser's offline mode keeps an open stream, so the
    # table's part may still come in on it: a phone really offline hears nothing).
    expect(bob.locator("#table-conn")).to_be_visible()
    # Retry tapped twice while still offline: not sent again, and still one claim waiting to go (one request id).
    bob.locator("#notsent-retry").evaluate("(button) => { button.click(); button.click(); }")
    expect(bob.locator("#notice .verdict__word")).to_have_text("BAG")
    bob.context.set_offline(False)
    # Back online: the page catches up and the claim goes through by itself, once; the notice clears by itself.
    expect(bob.locator("#claims .claim__word").first).to_have_text("BAG", timeout=LIVE_MS)
    expect(ann.locator("#claims .claim__word").first).to_have_text("BAG", timeout=LIVE_MS)
    expect(bob.locator("#notice")).to_have_count(0)
    expect(bob.locator("#table-conn")).to_be_hidden(timeout=LIVE_MS)
    expect(ann.locator("#claims .claim__word")).to_have_text(["BAG", "CAST"])
    expect(bob.locator("#claims .claim__word")).to_have_text(["BAG", "CAST"])
    assert bob.input_value("#word") == ""  # sent: the field is free for the next word
    assert not_reloaded(bob)


def test_a_failed_refresh_is_tried_again_without_waiting_for_another_event(three, live_server):
    ann, bob, view = three
    code = playing(ann, bob, live_server)
    fetched = []

    def drop_the_first(route):
        fetched.append(route.request.url)
        if len(fetched) == 1:
            route.abort()  # the refresh the correction's event asks for fails, as on a flaky network
        else:
            route.continue_()

    bob.route(re.compile(rf".*/tables/{code}/play$"), drop_the_first)
    # One event, and nothing else happens at the table: the host corrects Bob's pool to hold a star kept wild, which
    # changes Bob's own part (the star's form asks him which piece it stands for), so his page is fetched; the
    # first fetch fails.
    box = host_box(ann)
    box.locator("#correct-seat").select_option("2")
    box.locator("#correct-pool").fill("R3 Y2 B1 G2 W1")
    submit(ann, box.get_by_role("button", name="Correct the pool"))
    expect(bob.locator("#star-form")).to_be_visible(timeout=LIVE_MS)
    assert len(fetched) >= 2 and not_reloaded(bob)
    expect(bob.locator("#table-conn")).to_be_hidden()


def test_a_phone_shown_again_catches_up_and_follows_the_table_again(three, live_server):
    """A phone that slept: its stream closed (as on `pagehide`), it hears nothing, until the tab is shown again."""
    ann, bob, view = three
    playing(ann, bob, live_server)
    bob.evaluate("window.dispatchEvent(new Event('pagehide'))")  # its stream closes; no timer will fetch
    claim(ann, "cast")
    bob.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(bob.locator("#claims .claim__word").first).to_have_text("CAST", timeout=LIVE_MS)
    claim(ann, "bag")  # and it follows the table's stream again
    expect(bob.locator("#claims .claim__word").first).to_have_text("BAG", timeout=LIVE_MS)
    assert not_reloaded(bob)


def test_a_refusal_on_the_host_page_shows_where_the_eye_is_and_the_invite_folds_away(three, live_server):
    ann, bob, view = three
    code = create_table(ann, live_server)
    following(ann)
    start_challenge(ann)
    expect(ann.locator("#invite")).not_to_have_attribute("open", "", timeout=LIVE_MS)  # play started: folded
    ann.fill("#correct-pool", "R9 Q2")
    submit(ann, "#correct-area button[type=submit]")
    notice = ann.locator("#notice")
    expect(notice).to_contain_text("Pool 'R9 Q2': 'Q' at position 4 is not a piece kind")
    box = notice.bounding_box()
    assert box is not None and 0 <= box["y"] < 844  # in view, not behind the QR code
    ann.reload()  # without JavaScript's swap, the same page opens with the invite folded
    expect(ann.locator("#invite")).not_to_have_attribute("open", "")
    expect(ann.locator("#invite summary")).to_contain_text(f"{code[:3]} {code[3:]}")


def test_the_invite_unfolds_again_when_the_host_undoes_the_start_as_a_reload_draws_it(three, live_server):
    """Play started folds the invite away; the host's undo of the start brings the table back to before play, and the
    host's page, live, shows the invite open again, as a fresh load of it does."""
    ann, bob, view = three
    create_table(ann, live_server)
    following(ann)
    start_challenge(ann)
    expect(ann.locator("#invite")).not_to_have_attribute("open", "", timeout=LIVE_MS)
    submit(ann, ann.get_by_role("button", name="Undo the start of the challenge"))
    expect(ann.locator("#invite")).to_have_attribute("open", "", timeout=LIVE_MS)
    expect(ann.locator("#invite .table-qr")).to_be_visible()
    start_challenge(ann)  # and the next start folds it away again
    expect(ann.locator("#invite")).not_to_have_attribute("open", "", timeout=LIVE_MS)
    ann.reload()
    expect(ann.locator("#invite")).not_to_have_attribute("open", "")


def test_pools_are_pieces_and_a_star_asks_which_piece_it_stands_for(three, live_server):
    ann, bob, view = three
    code = create_table(ann, live_server)
    start_challenge(ann)
    take_seat(ann, live_server, code, "Ann")
    following(ann)
    pool = ann.locator("#pool .pool-pieces:visible")
    expect(pool).to_have_attribute("aria-label", "3 red, 2 yellow, 1 blue, 2 green")
    assert ann.locator("#pool .pool-pieces:visible .pool-pieces__kind--red .piece").count() == 3
    buttons = ann.locator("#add .table-piece")
    sizes = {(round(b["width"]), round(b["height"])) for b in (buttons.nth(i).bounding_box() for i in range(6))}
    assert len(sizes) == 1  # six even buttons
    colours = {buttons.nth(i).evaluate("(b) => getComputedStyle(b).backgroundColor") for i in range(1, 5)}
    assert len(colours) == 4  # red, yellow, blue, green, each its colour
    submit(ann, ann.get_by_role("button", name="star"))
    expect(ann.locator("#star-form")).to_contain_text("which piece does it stand for?")
    expect(pool).to_have_attribute("aria-label", "3 red, 2 yellow, 1 blue, 2 green, 1 star kept wild")
    submit(ann, ann.locator("#star-form").get_by_role("button", name="blue"))
    expect(pool).to_have_attribute("aria-label", "3 red, 2 yellow, 2 blue, 2 green")
    expect(ann.locator("#star-form")).to_have_count(0)
    expect(ann.locator("#phase .pool-pieces")).to_have_attribute("aria-label", "3 red, 2 yellow, 1 blue, 2 green")


def test_the_table_pages_fit_a_phone(three, live_server):
    page = three[0]
    page.goto(live_server + "/")
    link = page.get_by_role("link", name="Play at a table")
    assert link.bounding_box()["y"] < 400  # near the top of the home page, not 1,400 px down
    for path in ("/tables",):
        page.goto(live_server + path)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        expect(page.get_by_role("button", name="Join")).to_be_in_viewport()
    code = create_table(page, live_server)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the join link wraps
    expect(page.locator("#lan")).to_contain_text("opened as 127.0.0.1")  # the server under test is local
    # A disabled button's text stays readable: at least 4.5:1 against its background (axe skips disabled ones).
    page.evaluate("document.querySelector('#start-area button').disabled = true")
    ratio = page.evaluate(CONTRAST, "#start-area button")
    assert ratio >= 4.5, ratio
    assert code


# The contrast ratio (WCAG 2) of an element's text against its background, as drawn on the white page: a
# translucent element (`opacity`) shows the page through both.
CONTRAST = """(selector) => {
  const style = getComputedStyle(document.querySelector(selector));
  const opacity = Number(style.opacity);
  const luminance = (css) => {
    const [r, g, b] = css.match(/[0-9.]+/g).slice(0, 3).map((v) => {
      const c = (Number(v) * opacity + 255 * (1 - opacity)) / 255;
      return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [a, b] = [luminance(style.color), luminance(style.backgroundColor)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


@pytest.mark.skipif(not AXE.exists(), reason="axe-core not installed: npm install --no-save axe-core@4")
def test_axe_and_tap_targets_on_the_new_table_states(browser, live_server):
    """axe-core finds nothing, and every target is at least 44 px, on the playing host's page with its controls
    open, the confirmation to move a seat, the join page telling a phone its seat moved, and a disabled button."""
    contexts = [browser.new_context(viewport=PHONE, bypass_csp=True) for _ in range(2)]
    ann, bob = (context.new_page() for context in contexts)
    code = create_table(ann, live_server)
    start_challenge(ann)
    take_seat(ann, live_server, code, "Ann")
    take_seat(bob, live_server, code, "Bob")
    following(bob)  # Bob's phone stays on its seat page and learns of the move itself, as a phone would
    found = {}

    def check(page, name):
        page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")  # controls in view
        violations, small = axe_violations(page), small_tap_targets(page, TABLE_TARGETS)
        if violations or small:
            found[name] = violations + small

    for path in ("/tables", f"/tables/{code}/play", f"/tables/{code}/host", "/"):
        ann.goto(live_server + path)
        check(ann, path)
    ann.goto(f"{live_server}/tables/{code}/join")
    with ann.expect_navigation():
        ann.get_by_role("button", name="Bob").click()
    check(ann, "confirm")
    with ann.expect_navigation():
        ann.get_by_role("button", name="Yes, move Bob's seat here").click()
    expect(bob.locator("#notice")).to_contain_text("Your seat moved to another phone", timeout=LIVE_MS)
    assert bob.url.endswith(f"/tables/{code}/join?moved=1")
    check(bob, "moved")
    bob.evaluate("document.querySelector('#join-form button').disabled = true")  # a disabled button's text
    check(bob, "disabled")
    for context in contexts:
        context.close()
    assert found == {}


def test_a_refusal_stays_a_removal_undone_and_a_hand_over_read_right_on_each_phone(three, live_server):
    """A phone's own refusal speaks to it ("Your pool"), while the others read whose, and stays until the table's
    next event, however long that takes (the page's own clock run on a minute); the removed phone reads its seat is back once the host undoes the removal, with no reload;
    the phone that hands the host role on follows the table on its view, told whose phone hosts now."""
    host, ann, bob = three
    bob.clock.install()  # the page's own clock, run forward below: no test waits a minute
    code = create_table(host, live_server)
    take_seat(ann, live_server, code, "Ann")
    take_seat(bob, live_server, code, "Bob")
    following(host)
    start_challenge(host)
    for page in (ann, bob):
        expect(page.locator("#word")).to_be_visible(timeout=LIVE_MS)
        following(page)
    claim(bob, "gabz")
    expect(bob.locator("#notice")).to_contain_text("Your pool cannot build GABZ")  # his own answer speaks to him
    expect(ann.locator("#latest")).to_contain_text("Bob's pool cannot build GABZ", timeout=LIVE_MS)  # the table's
    bob.clock.run_for(60_000)
    expect(bob.locator("#notice")).to_contain_text("GABZ")  # still there: nothing newer has happened
    claim(ann, "cast")
    expect(bob.locator("#notice")).to_have_count(0, timeout=LIVE_MS)  # the table's next event takes its place
    # Bob's seat removed: his phone is sent to the join page and told; the removal undone: told it is back.
    submit(host, host.get_by_role("button", name="Remove Bob: they left"))
    expect(bob.locator("#notice")).to_contain_text("The host removed your seat", timeout=LIVE_MS)
    assert bob.url.endswith(f"/tables/{code}/join?removed=2")
    following(bob)
    submit(host, host.get_by_role("button", name=re.compile(r"^Undo .*Bob")))
    expect(bob.locator("#notice")).to_contain_text("Your seat is back", timeout=LIVE_MS)
    expect(bob.locator("#notice")).to_contain_text("tap Bob below to take it again")
    assert not_reloaded(bob)
    # The role handed to Ann's phone: the old host's phone lands on the table view, which says so; Ann hosts. The
    # hand-over's answer is held until its event is out (Ann's phone shows the host's controls), so the old host's
    # page hears it while its form is on its way: the page it loads next must be left alone, not fetched again
    # (which found the host's page gone and reloaded it, cancelling the load under way).
    held, fetched = [], []
    page_url = f"{live_server}/tables/{code}/host"
    host.route(page_url, lambda route: held.append(route) if route.request.method == "POST" else route.continue_())
    host.on("request", lambda r: fetched.append(r) if r.url == page_url and not r.is_navigation_request() else None)
    with host.expect_navigation(url=re.compile(rf"/tables/{code}\?handed=1$")):
        with host.expect_request(page_url):
            host.get_by_role("button", name="Hand the host role to Ann's phone").click()
        while not held:  # the route's handler runs as Playwright's events are taken
            host.wait_for_timeout(10)
        answer = held[0].fetch(max_redirects=0)  # the hand-over done on the server; its answer not yet on the page
        expect(ann.locator("#host-box")).to_have_count(1, timeout=LIVE_MS)
        held[0].fulfill(response=answer)
    host.unroute(page_url)
    assert [r.method for r in fetched] == ["POST"]  # the hand-over, and no fetch of the page after it
    expect(host.locator("#notice")).to_contain_text("This phone hosts no more")
    expect(host.locator("#notice")).to_contain_text("Ann's phone hosts the table now")
    expect(ann.locator("#host-box")).to_have_count(1, timeout=LIVE_MS)
    # Ann's page, swapped in live, is the host's: the table's part's host controls show on it (`data-for`).
    expect(ann.locator("#table")).to_have_attribute("data-viewer", re.compile(r"\bhosting\b"))
    expect(host_box(ann).get_by_role("button", name=re.compile("^End the challenge"))).to_be_visible()
    expect(host_box(ann).get_by_role("button", name="Strike CAST out")).to_be_visible()
    assert not_reloaded(ann)
