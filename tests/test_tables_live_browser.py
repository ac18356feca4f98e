"""A phone applies another's event in place (app/pages/table_live.py, static/tables.js): the table's part as its
stream brings it, no fetch when its own part did not change, and afterwards it reads exactly as a fresh load of
the same page. Three phones and the TV, against the app served by gunicorn (`live_server`)."""

from __future__ import annotations

import re

from browser_helpers import expect, needs_chromium, open_phones
from test_pages_tables_browser import LIVE_MS, claim, create_table, following, start_challenge, submit, take_seat
from test_tables_wordsmith import exact

pytestmark = needs_chromium

POOL = "R3 Y2 B3"  # builds COT, LOT, LIT and FOX

# The page as a tree: each element's tag, its attributes sorted, its text; without what differs between two renders
# of one state (the request ids and the CSRF token, the server's clock) or is the page's own bookkeeping (how it
# was last updated, the connection sign).
SERIALIZE = """() => {
  const skip = new Set(["data-now", "data-source", "data-stream", "data-connection", "data-sent", "data-events"]);
  function walk(node) {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent.replace(/\\s+/g, " ").trim();
    if (node.nodeType !== Node.ELEMENT_NODE || node.id === "table-conn") return "";
    const attrs = Array.from(node.attributes).filter(a => !skip.has(a.name)).map(a => {
      const secret = node.tagName === "INPUT" && a.name === "value" && ["request_id", "csrf_token"].includes(node.name);
      return a.name + "=" + (secret ? "" : a.value);
    }).sort();
    const inner = Array.from(node.childNodes).map(walk).filter(Boolean);
    return "<" + node.tagName.toLowerCase() + " " + attrs.join(" ") + ">" + inner.join("") + "</>";
  }
  return walk(document.getElementById("table"));
}"""


def page_tree(page) -> str:
    return page.evaluate(SERIALIZE)


def test_a_phone_applies_anothers_claim_in_place_and_reads_as_a_fresh_load(browser, live_server):
    with open_phones(browser, 4) as (ann, bob, cat, tv):
        code = create_table(ann, live_server, names=("Ann", "Bob", "Cat"))
        start_challenge(ann, POOL)
        for page, name in ((ann, "Ann"), (bob, "Bob"), (cat, "Cat")):
            take_seat(page, live_server, code, name)
        tv.goto(f"{live_server}/tables/{code}")
        for page in (ann, bob, cat, tv):
            following(page)
        asked: dict[str, list[str]] = {"bob": [], "cat": [], "tv": []}
        for name, page in (("bob", bob), ("cat", cat), ("tv", tv)):
            page.on("request", lambda request, name=name: asked[name].append(request.url))

        responses = []
        ann.on("response", lambda response: responses.append(response))

        claim(ann, "cot")
        for page in (bob, cat, tv):
            expect(page.locator("#claims .claim__word").first).to_have_text("COT", timeout=LIVE_MS)
            expect(page.locator("#table")).to_have_attribute("data-source", "event")
        for name, urls in asked.items():  # the table's part came on the stream: no fetch at all
            assert not any(re.search(rf"/tables/{code}(/play|/live\?.*)?$", url) for url in urls), (name, urls)
        # Ann's claim is one request: her page's script posts it with the part keys her page shows, and as the claim
        # changed none of them (her pool and sheet lines are the table's part), the answer is the table's part after
        # it (no page drawn, no 303 to follow); her page then reads as a fresh load of it.
        own = [r for r in responses if re.search(rf"/tables/{code}/(play|live)\b", r.url)]
        assert [(r.request.method, r.url, r.status) for r in own] == [
            ("POST", f"{live_server}/tables/{code}/play", 200)
        ]
        assert 'id="table"' in own[0].text() and "data-events" not in own[0].text()
        expect(ann.locator("#claims .claim__word").first).to_have_text("COT")
        expect(ann.locator("#my-sheet section:visible")).to_contain_text("COT")
        expect(bob.locator("#my-sheet section:visible")).not_to_contain_text("COT")

        # One HTML for every phone; each sees the controls that are its own: Bob and Cat may object, Ann not.
        for page in (bob, cat):
            expect(page.get_by_role("button", name="Object to COT")).to_be_visible()
        expect(ann.get_by_role("button", name="Object to COT")).to_have_count(0)  # shown to others only
        expect(tv.get_by_role("button", name="Object to COT")).to_have_count(0)

        # Each phone reads what a fresh load of its page draws.
        for page in (ann, bob, cat, tv):
            fresh = page.context.new_page()
            fresh.goto(page.url)
            tree = page_tree(page)
            assert "COT" in tree and "id=claims" in tree and tree == page_tree(fresh), page.url
            fresh.close()

        # Cat objects from the button drawn for every phone: her page's own form sends it, and Bob (the one voter)
        # gets his ballot live: his own part changed, so his page is fetched.
        submit(cat, cat.get_by_role("button", name="Object to COT"))
        expect(bob.get_by_role("button", name="Strike COT out")).to_be_visible(timeout=LIVE_MS)
        assert any(re.search(rf"/tables/{code}/play$", url) for url in asked["bob"])
        fresh = bob.context.new_page()
        fresh.goto(bob.url)
        assert page_tree(bob) == page_tree(fresh)


def test_a_challenges_start_and_end_reach_every_seat_and_the_tv_in_place(browser, live_server):
    """The host starts and ends a challenge, and Bob calls Done! between: the phase line, the claim field, Pass, the
    pieces to add and the host's controls on the game are the table's part, so no phone fetches a page, the host's
    neither (its start, corrections and end are answered with the part; its invite folds away as play starts), and
    Bob's and Cat's phones and the TV show each change as it comes, each reading what is its own (the host where to
    start and then how to end, the others to wait; Bob that he called Done!, Cat her Pass); a word Bob is typing
    keeps its text and focus when Cat's claim comes in. Afterwards each phone reads as a fresh load of its page."""
    with open_phones(browser, 4) as (ann, bob, cat, tv):
        code = create_table(ann, live_server, names=("Ann", "Bob", "Cat"))
        take_seat(bob, live_server, code, "Bob")
        take_seat(cat, live_server, code, "Cat")
        tv.goto(f"{live_server}/tables/{code}")
        for page in (ann, bob, cat, tv):
            following(page)
        phase = {page: page.locator("#phase p:visible") for page in (ann, bob, cat, tv)}
        expect(phase[ann]).to_have_text("You host: start the first challenge below.")
        for page in (bob, cat, tv):
            expect(phase[page]).to_have_text("Waiting for the host to start the first challenge.")
        fetched: dict[str, list[str]] = {"ann": [], "bob": [], "cat": [], "tv": []}
        for name, page in (("ann", ann), ("bob", bob), ("cat", cat), ("tv", tv)):
            page.on(
                "request",
                lambda request, name=name: request.method == "GET" and fetched[name].append(request.url),
            )

        expect(ann.locator("#invite")).to_have_attribute("open", "")
        start_challenge(ann, POOL)
        expect(ann.locator("#invite")).not_to_have_attribute("open", "")  # play started: folded, from the part
        expect(ann.get_by_role("button", name=re.compile("^End the challenge"))).to_be_visible()
        expect(ann.locator("#start-area")).to_have_count(0)
        for page in (bob, cat, tv):
            expect(phase[page]).to_contain_text("Challenge 1 of 3: find words.", timeout=LIVE_MS)
        for page in (bob, cat):
            expect(page.locator("#word")).to_be_visible()
            expect(page.get_by_role("button", name="Roll a die")).to_be_visible()
        expect(tv.locator("#word")).to_have_count(0)

        bob.focus("#word")
        bob.keyboard.type("lo")
        claim(cat, "cot")
        expect(bob.locator("#claims .claim__word").first).to_have_text("COT", timeout=LIVE_MS)
        assert bob.input_value("#word") == "lo" and bob.evaluate("document.activeElement.id") == "word"
        bob.keyboard.type("t")
        submit(bob, "#claim-area button[form=claim-form]")
        expect(cat.locator("#claims .claim__word").first).to_have_text("LOT", timeout=LIVE_MS)

        # Bob's sixth word calls Done! (the host sets his pool to build each word): he reads that he called it, Cat
        # gets Pass, the TV says who called it; Cat passes, and her Pass goes.
        # What the host picked and typed in the pool correction stays as another phone's event comes in.
        ann.locator("#correct-seat").select_option("3")
        ann.fill("#correct-pool", "R1 Y1")
        seq = ann.locator("#table").get_attribute("data-seq")
        submit(cat, cat.locator("#add button.table-piece--red"))  # what her real die showed: no star, no page
        expect(ann.locator("#table")).not_to_have_attribute("data-seq", seq, timeout=LIVE_MS)
        assert ann.input_value("#correct-seat") == "3" and ann.input_value("#correct-pool") == "R1 Y1"
        for word in ("bag", "cast", "dog", "fish", "milk"):
            ann.locator("#correct-seat").select_option("2")
            ann.fill("#correct-pool", exact(word))
            submit(ann, ann.get_by_role("button", name="Correct the pool"))
            claim(bob, word)
        expect(bob.locator("#claim-area section:visible")).to_have_count(1)  # not the claim form as well
        expect(bob.locator("#claim-area section:visible")).to_contain_text("You called Done!")
        expect(bob.get_by_role("button", name="Pass: no extra word")).to_have_count(0)
        expect(cat.get_by_role("button", name="Pass: no extra word")).to_be_visible(timeout=LIVE_MS)
        expect(cat.locator("#word")).to_be_visible()
        for page in (bob, cat, tv):
            expect(phase[page]).to_contain_text("Done! called by Bob", timeout=LIVE_MS)
        submit(cat, cat.get_by_role("button", name="Pass: no extra word"))
        expect(cat.get_by_role("button", name="Pass: no extra word")).to_have_count(0)

        submit(ann, ann.get_by_role("button", name=re.compile("^End the challenge")))
        expect(phase[ann]).to_have_text(re.compile(r"^Challenge 1 is over\. You host: start the next challenge below"))
        expect(ann.get_by_role("button", name="Start the challenge")).to_be_visible()
        expect(ann.get_by_role("button", name=re.compile("^End the challenge"))).to_have_count(0)
        for page in (bob, cat, tv):
            expect(page.locator("#latest .verdict__mark")).to_have_text("CHALLENGE 1 OVER", timeout=LIVE_MS)
            expect(phase[page]).to_have_text(re.compile(r"^Challenge 1 is over\. Waiting for the host"))
        for page in (bob, cat):
            expect(page.locator("#word")).to_have_count(0)
            expect(page.get_by_role("button", name="Roll a die")).to_have_count(0)

        pages = re.compile(rf"/tables/{code}(/play|/host|/live\?.*)?$")
        for name, urls in fetched.items():  # every change came as the table's part: no page or part fetched
            assert not any(pages.search(url) for url in urls), (name, urls)
        for page in (ann, bob, cat, tv):
            fresh = page.context.new_page()
            fresh.goto(page.url)
            assert page_tree(page) == page_tree(fresh), page.url
            fresh.close()


def test_a_burst_while_a_phone_fetches_its_page_costs_it_one_fetch_and_leaves_it_current(browser, live_server):
    """Cat objects to Ann's COT: Bob's own part changed (his ballot), so his page is fetched; that fetch is held
    while Cat claims LOT, whose part also says Bob's part changed (his keys are the old page's until the fetch
    lands). Released, the fetch brings the page after both: it is his one fetch, and his page reads as a fresh
    load."""
    with open_phones(browser, 3) as (ann, bob, cat):
        code = create_table(ann, live_server, names=("Ann", "Bob", "Cat"))
        start_challenge(ann, POOL)
        for page, name in ((ann, "Ann"), (bob, "Bob"), (cat, "Cat")):
            take_seat(page, live_server, code, name)
        for page in (ann, bob, cat):
            following(page)
        claim(ann, "cot")
        expect(cat.get_by_role("button", name="Object to COT")).to_be_visible(timeout=LIVE_MS)
        expect(bob.locator("#claims .claim__word").first).to_have_text("COT", timeout=LIVE_MS)
        held = []
        asked = []

        def hold(route):
            if route.request.method == "GET" and route.request.headers.get("table-page") == "fragment":
                asked.append(route.request.url)
                if not held:
                    held.append(route)  # the first of Bob's page fetches waits for the test
                    return
            route.continue_()

        bob.route(f"{live_server}/tables/{code}/play", hold)
        submit(cat, cat.get_by_role("button", name="Object to COT"))
        while not held:  # Bob's fetch for his ballot is on its way (held)
            bob.wait_for_timeout(20)
        claim(cat, "lot")
        expect(bob.locator("#claims .claim__word").first).to_have_text("LOT", timeout=LIVE_MS)  # the part came
        held[0].continue_()
        expect(bob.get_by_role("button", name="Strike COT out")).to_be_visible(timeout=LIVE_MS)  # his own part
        fresh = bob.context.new_page()
        fresh.goto(bob.url)
        assert page_tree(bob) == page_tree(fresh)
        fresh.close()
        bob.evaluate("() => new Promise((done) => setTimeout(done, 0))")  # what the fetch's answer started has run
        assert len(asked) == 1, asked
