"""A game night on the pages only: a Wordsmith evening on three phones (390×844) and the TV, the host playing at
seat 1; a solo Word by Word game; a turn-based Booksmack game on three phones and the TV, each to its end.

Each step asserts what every phone reads, live (no reload): a refusal in the third person on the others' phones,
a struck word refused on its next claim, a word the dictionary lacks allowed by the table and valid afterwards,
the host's undo announced, each challenge's own claims list, the result in view, and no phone scrolled sideways.
Against the app served by gunicorn (`live_server`), as in tests/test_pages_tables_browser.py.
"""

from __future__ import annotations

import re

import pytest
from browser_helpers import PHONE, expect, needs_chromium, open_phones
from test_pages_tables_browser import (
    LIVE_MS,
    create_booksmack,
    create_table,
    following,
    start_challenge,
    submit,
    take_seat,
)

pytestmark = needs_chromium

POOL = "R3 Y2 B3"  # builds COT, LOT, LIT, FOX and VLOG (a word no list holds); not MAMMOTH
YOU = re.compile(r"\b(you|your)\b", re.I)
HOUSE = re.compile("house word|allowed by the table", re.I)


@pytest.fixture
def night(browser):
    """Four phones: Ann (the host, at seat 1), Bob, Cat and the TV."""
    with open_phones(browser, 4) as pages:
        yield pages


def claim(page, word: str) -> None:
    page.fill("#word", word)
    submit(page, "#claim-area button[form=claim-form]")


def no_sideways_scroll(page) -> None:
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"], f"{page.url} is {width} px wide"


def big_box(page):
    return page.locator("#latest")


def host_page(ann, code: str, live_server: str) -> None:
    ann.goto(f"{live_server}/tables/{code}/host")
    following(ann)


def seat_page(page, code: str, live_server: str) -> None:
    page.goto(f"{live_server}/tables/{code}/play")
    following(page)


def test_a_whole_wordsmith_evening_on_three_phones_and_the_tv(night, live_server):
    ann, bob, cat, tv = night
    code = create_table(ann, live_server, names=("Ann", "Bob", "Cat"))
    start_challenge(ann, POOL)
    for page, name in ((ann, "Ann"), (bob, "Bob"), (cat, "Cat")):
        take_seat(page, live_server, code, name)
    tv.goto(f"{live_server}/tables/{code}")
    for page in night:
        following(page)
    others = (ann, cat, tv)

    # A refusal is public, in the third person: no one but Bob reads "you".
    claim(bob, "mammoth")
    for page in others:
        expect(big_box(page)).to_contain_text("Bob's pool cannot build MAMMOTH", timeout=LIVE_MS)
        assert not YOU.search(big_box(page).inner_text()), page.url
        expect(page.locator("#claims .claim--refused").first).to_contain_text("Bob tried MAMMOTH: not valid.")

    # Ann's COT: Cat objects, Bob (the one voter) strikes it; then COT stays out for everyone this challenge.
    following(bob)
    claim(ann, "cot")
    for page in (bob, cat, tv):
        expect(page.locator("#claims .claim__word").first).to_have_text("COT", timeout=LIVE_MS)
    following(ann)
    submit(cat, cat.get_by_role("button", name="Object to COT"))
    following(cat)
    submit(bob, bob.get_by_role("button", name="Strike COT out"))
    for page in night:
        expect(page.locator("#latest .verdict__mark")).to_have_text("OBJECTION UPHELD", timeout=LIVE_MS)
    following(bob)
    claim(bob, "cot")
    expect(bob.locator("#notice")).to_contain_text("COT was struck by the table's vote")
    for page in (cat, tv):
        expect(big_box(page)).to_contain_text("COT was struck by the table's vote", timeout=LIVE_MS)

    # Cat's VLOG: no word list holds it; she asks the table, Ann and Bob allow it: a house word.
    for page in night:
        following(page)
    claim(cat, "vlog")
    expect(cat.locator("#notice")).to_contain_text("VLOG")
    submit(cat, cat.get_by_role("button", name="Ask the table to allow VLOG"))
    # While the table votes on VLOG, Bob's own VLOG is refused with no offer to ask again (house.ask would refuse).
    expect(bob.get_by_role("button", name="Allow VLOG")).to_be_visible(timeout=LIVE_MS)
    following(bob)
    claim(bob, "vlog")
    expect(bob.locator("#notice")).to_contain_text("The table is already voting on VLOG.")
    expect(bob.locator("#notice")).to_contain_text("VLOG is not in the standard word lists")
    expect(bob.locator("#notice")).not_to_contain_text("ask the table")
    expect(tv.locator("#latest")).to_contain_text("The table is already voting on VLOG.", timeout=LIVE_MS)
    expect(bob.get_by_role("button", name="Ask the table to allow VLOG")).to_have_count(0)
    for voter in (ann, bob):
        expect(voter.get_by_role("button", name="Allow VLOG")).to_be_visible(timeout=LIVE_MS)
        submit(voter, voter.get_by_role("button", name="Allow VLOG"))
        following(voter)
    for page in night:
        expect(page.locator("#latest .verdict__word")).to_have_text("VLOG", timeout=LIVE_MS)
        expect(big_box(page)).to_contain_text(HOUSE, timeout=LIVE_MS)
        expect(page.locator("#claims")).not_to_contain_text("may ask the table")  # asked, and allowed since
        no_sideways_scroll(page)

    # The host takes back Bob's LOT: every phone and the TV say who did what and what it changed.
    following(cat)
    claim(bob, "lot")
    expect(tv.locator("#latest .verdict__word")).to_have_text("LOT", timeout=LIVE_MS)
    host_page(ann, code, live_server)
    submit(ann, ann.get_by_role("button", name=re.compile("^Undo Bob's claim")))
    for page in (bob, cat, tv):
        expect(big_box(page)).to_contain_text(
            "The host undid Bob's claim of LOT: Bob has the pieces of LOT back", timeout=LIVE_MS
        )

    # The next challenge starts a fresh claims list, and the table's VLOG is valid for Bob now.
    submit(ann, ann.get_by_role("button", name=re.compile("^End the challenge")))
    for page in (bob, cat, tv):
        expect(page.locator("#latest .verdict__mark")).to_have_text("CHALLENGE 1 OVER", timeout=LIVE_MS)
    start_challenge(ann, POOL)
    for page in (bob, cat):
        expect(page.locator("#word")).to_be_visible(timeout=LIVE_MS)
        following(page)
    claim(bob, "vlog")
    for page in (cat, tv):
        expect(page.locator("#latest .verdict__word")).to_have_text("VLOG", timeout=LIVE_MS)
        expect(big_box(page)).to_contain_text(HOUSE, timeout=LIVE_MS)
        claims = page.locator("#claims ol.claims")
        expect(claims).not_to_contain_text("COT")
        expect(claims.locator("li")).to_have_count(1)
        expect(page.locator("#claims .claims-earlier summary")).to_contain_text("Challenge 1")

    # The game ends: the result is in view on every phone, the claimant's included.
    submit(ann, ann.get_by_role("button", name=re.compile("^End the challenge")))
    expect(tv.locator("#latest .verdict__mark")).to_have_text("CHALLENGE 2 OVER", timeout=LIVE_MS)
    submit(ann, ann.get_by_role("button", name=re.compile("^End the game")))
    seat_page(ann, code, live_server)
    for page in night:
        expect(page.locator("#latest .verdict__mark")).to_have_text("GAME OVER", timeout=LIVE_MS)
        box = page.locator("#latest").bounding_box()
        top = page.evaluate("window.scrollY")
        assert box["y"] >= 0 and box["y"] < PHONE["height"], (page.url, box, top)  # in view, not below the fold
        no_sideways_scroll(page)


def test_a_solo_word_by_word_game_to_its_end_rolls_where_the_player_claims(night, live_server):
    sol, tv = night[0], night[1]
    sol.goto(live_server + "/tables")
    sol.fill("#seat1", "Sol")
    sol.check("input[name=variants][value=word_by_word]")
    with sol.expect_navigation():
        sol.click("#table-create button[type=submit]")
    code = re.search(r"/tables/([A-Z0-9]{6})/host$", sol.url).group(1)
    take_seat(sol, live_server, code, "Sol")
    following(sol)
    expect(sol.locator("#phase p:visible")).to_contain_text(
        "You host: start the first challenge in Host controls below"
    )
    expect(sol.locator("#phase p:visible")).to_have_count(1)  # not "Waiting for the host" as well
    tv.goto(f"{live_server}/tables/{code}")
    following(tv)
    host_page(sol, code, live_server)
    start_challenge(sol, POOL)  # a known pool: a roll only adds pieces, so COT is buildable whatever the dice
    seat_page(sol, code, live_server)
    roll = sol.locator("#roll-form button")
    expect(roll).to_be_visible()
    wait = sol.locator("#claim-area .table-claim-wait:visible")  # before any roll: no word "for this roll" is in
    expect(wait).to_have_text("Your first word starts with the first shared roll: any player rolls the dice.")
    submit(sol, roll)
    for page in (sol, tv):
        expect(page.locator("ul.dice-roll li.die")).to_have_count(3, timeout=LIVE_MS)
        no_sideways_scroll(page)
    expect(sol.locator("#roll")).to_contain_text("waits for Sol to claim word 1")
    claim(sol, "cot")
    expect(sol.locator("#notice")).to_have_count(0)
    expect(tv.locator("#latest .verdict__word")).to_have_text("COT", timeout=LIVE_MS)
    roll = sol.locator("#roll-form button")
    expect(roll).to_have_text("Roll the dice for word 2")
    sol.click("#host-box > summary")  # Host controls open: one roll button still, the roll box's
    expect(sol.get_by_role("button", name=re.compile("^Roll"))).to_have_count(1)
    # Word 2 with the real dice: the faces as they came up, entered on the seat's page (ruling 13).
    sol.locator("#roll details.table-roll-real > summary").click()
    for n, face in enumerate(("green_star", "yellow", "red")):
        sol.locator("#roll select[name=faces]").nth(n).select_option(face)
    submit(sol, sol.get_by_role("button", name="Enter these dice for word 2"))
    for page in (sol, tv):
        expect(page.locator("#roll h2")).to_contain_text("Word 2 of 6", timeout=LIVE_MS)
        expect(page.locator("ul.dice-roll li.die").first).to_have_class(re.compile("die--green-star"))
    # The solo player ends the game from the host controls: the result is in view on the phone and the TV.
    host_page(sol, code, live_server)
    submit(sol, sol.get_by_role("button", name=re.compile("^End the challenge")))
    submit(sol, sol.get_by_role("button", name=re.compile("^End the game")))
    seat_page(sol, code, live_server)
    for page in (sol, tv):
        expect(page.locator("#latest .verdict__mark")).to_have_text("GAME OVER", timeout=LIVE_MS)
        expect(page.locator("#latest")).to_contain_text("Sol wins")
        expect(page.locator("#phase p:visible")).to_have_text("The game is over.")  # no stale pool or letters
        box = page.locator("#latest").bounding_box()
        assert 0 <= box["y"] < PHONE["height"], (page.url, box)
        no_sideways_scroll(page)


# Turn-based Booksmack, as tests/test_pages_booksmack_table.py plays it: (seat, card, whom the lowest steals from).
TURNS = [
    (1, "c", None),
    (2, "a", "Cy"),
    (3, "t", None),  # C A T: Cy wins every card played
    (1, "m", None),
    (2, "b", "Cy"),
    (3, "k", None),
    (1, "d", None),
    (2, "C", "Cy"),
    (3, "o", None),  # Cy's last card: play is over (ruling 12)
]


def test_a_turn_based_booksmack_game_to_its_end_on_three_phones_and_the_tv(night, live_server):
    ann, bob, cy, tv = night
    names = ("Ann", "Bob", "Cy")
    code = create_booksmack(ann, live_server, names, "turns")
    phones = {1: ann, 2: bob, 3: cy}
    for seat, page in phones.items():
        take_seat(page, live_server, code, names[seat - 1])
    tv.goto(f"{live_server}/tables/{code}")
    for page in night:
        following(page)
    for number, (seat, card, victim) in enumerate(TURNS, 1):
        player = phones[seat]
        for other, page in phones.items():  # the card form on the phone whose turn it is, and there alone
            expect(page.locator("#turn-form")).to_have_count(1 if other == seat else 0, timeout=LIVE_MS)
        expect(tv.locator(".table-phase")).to_contain_text(f"Turn {number}: {names[seat - 1]}'s turn", timeout=LIVE_MS)
        player.fill("#card", card)
        submit(player, "#turn-form button[type=submit]")
        if victim:
            for other, page in phones.items():
                expect(page.locator("form[id^=steal-]")).to_have_count(2 if other == seat else 0, timeout=LIVE_MS)
            submit(player, player.get_by_role("button", name=f"A card from {victim}'s hand"))
        for page in night:
            no_sideways_scroll(page)
    for page in night:
        expect(page.locator(".table-phase")).to_contain_text("Play is over after turn 9", timeout=LIVE_MS)
    cy.fill("#hands-form-hand1", "e f g h i")
    cy.fill("#hands-form-hand2", "u v w x y z")
    submit(cy, "#hands-form button[type=submit]")
    for page in night:
        expect(page.locator(".table-phase")).to_have_text("The game is over: Bob wins.", timeout=LIVE_MS)
        expect(page.locator("body")).to_contain_text("Game over: Bob wins with")
        no_sideways_scroll(page)


def test_a_booksmack_round_typed_on_two_phones_is_entered_once(night, live_server):
    """Ruling 16 of docs/rules/booksmack.md: Ann's and Bob's phones both type round 1; Ann's goes in. Bob's typed
    cards are emptied on his phone as the round comes in (its answer in the big box), his form is round 2's, and
    the form he had open before (sent as it was) is refused, not entered as round 2."""
    ann, bob, cat, tv = night
    code = create_booksmack(ann, live_server, ("Ann", "Bob", "Cat"), "punctuation")
    for page, name in ((ann, "Ann"), (bob, "Bob"), (cat, "Cat")):
        take_seat(page, live_server, code, name)
    tv.goto(f"{live_server}/tables/{code}")
    for page in night:
        following(page)
    stale = bob.locator("#round-form").evaluate("form => Object.fromEntries(new FormData(form))")  # round 1's form
    bob.fill("#cards", "? ? ?")
    ann.fill("#cards", "? ? ?")  # no card can be tapped: the round closes as it is entered
    submit(ann, "#round-form button[type=submit]")
    for page in night:
        expect(page.locator("#latest")).to_contain_text("Round 1", timeout=LIVE_MS)
    expect(bob.locator("label[for=cards]")).to_contain_text("The cards of round 2", timeout=LIVE_MS)
    expect(bob.locator("#cards")).to_have_value("")
    expect(ann.locator("#cards")).to_have_value("")
    sent = bob.request.post(
        f"{live_server}/tables/{code}/play",
        form={**stale, "cards": "? ? ?"},
        headers={"Table-Page": "fragment", "Accept": "text/html"},
    )
    assert sent.status == 409 and "Ann already entered round 1 with these very cards" in sent.text()
    for page in night:
        expect(page.locator("#latest")).to_contain_text("Round 1", timeout=LIVE_MS)
        expect(page.locator("#latest")).not_to_contain_text("Round 2")


@pytest.mark.parametrize("size", [{"width": 1920, "height": 1080}, {"width": 1280, "height": 720}])
def test_the_tv_shows_the_news_and_the_scores_without_scrolling(night, live_server, browser, size):
    """Nobody scrolls a TV: on a wide landscape screen the table view puts the big box and the scoreboard side by
    side, both in view, after a long refused word too; and a challenge's end leaves nothing scrolled away."""
    ann, bob = night[0], night[1]
    code = create_table(ann, live_server, names=("Ann", "Bob"))
    start_challenge(ann, POOL)
    take_seat(bob, live_server, code, "Bob")
    following(bob)
    context = browser.new_context(viewport=size)
    try:
        tv = context.new_page()
        tv.goto(f"{live_server}/tables/{code}")
        following(tv)
        claim(bob, "cot")
        expect(tv.locator("#latest .verdict__word")).to_have_text("COT", timeout=LIVE_MS)
        claim(bob, "counterrevolutionaries")  # a refusal's long word and its long sentence
        expect(tv.locator("#latest .verdict__word")).to_have_text("COUNTERREVOLUTIONARIES", timeout=LIVE_MS)
        for region in ("#latest", "#scores"):
            box = tv.locator(region).bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], (region, box, size)
        assert tv.locator("#scores").bounding_box()["x"] > tv.locator("#latest").bounding_box()["x"]
        word = tv.locator("#claims .claim__word").first  # the long word on one line in the side column
        assert word.bounding_box()["height"] < 2 * float(word.evaluate("e => getComputedStyle(e).fontSize")[:-2])
        assert tv.evaluate("document.scrollingElement.scrollWidth") <= size["width"]
        ann.goto(f"{live_server}/tables/{code}/host")  # the challenge ends, and the next starts: back at the top
        submit(ann, ann.get_by_role("button", name=re.compile("^End the challenge")))
        expect(tv.locator("#latest .verdict__mark")).to_have_text("CHALLENGE 1 OVER", timeout=LIVE_MS)
        start_challenge(ann, POOL)
        expect(tv.locator("#phase")).to_contain_text("Challenge 2 of 3", timeout=LIVE_MS)
        expect(tv.locator("h1")).to_be_in_viewport()
        assert tv.evaluate("window.scrollY") == 0
    finally:
        context.close()
