"""What a phone's page says when the table refuses it, in a player's words: a round another phone entered first
(docs/rules/booksmack.md, ruling 16), a second tap from a page that already sent one, a host's form from a phone
that does not host (docs/pages.md), and a vote's words that hold only while its window is open."""

from __future__ import annotations

import re

from test_api_table_votes import Clock
from test_pages_booksmack_table import base_table, page
from test_pages_tables import claim, create, hidden, join, phone, post_form, press, start, text

# Words for developers, which a phone's page never shows a player.
DEVELOPER_WORDS = re.compile(r"request_id|request id|token|\baction: one of", re.I)


def notice(html: str) -> str:
    """The words of the page's notice (partials/table_notice.html): what the phone's last action met."""
    found = re.search(r'<section class="verdict verdict--invalid table-notice.*?</section>', html, flags=re.S)
    return text(found.group(0)) if found else ""


def test_the_slower_phone_entering_a_round_reads_who_entered_it_and_what_it_gave(app):
    """Ann's and Cy's phones both type round 3; Ann's arrives first. Cy's page reads that Ann entered round 3 and
    what the judge said, not that his cards wait for the next round; round 3 stays Ann's."""
    code, phones = base_table(app)
    ann, bob, cy = phones[1], phones[2], phones[3]
    for _ in (1, 2):
        html = page(bob, f"/tables/{code}/play")
        sent = post_form(bob, f"/tables/{code}/play", html, "round-form", action="round", cards="b Z m", takers="2")
        assert sent.status_code == 303
    ann_page, cy_page = page(ann, f"/tables/{code}/play"), page(cy, f"/tables/{code}/play")
    drawn = hidden(cy_page, "round", "round-form")  # the round Cy's form was drawn for
    assert drawn == hidden(ann_page, "round", "round-form") == "3"
    assert (
        post_form(
            ann, f"/tables/{code}/play", ann_page, "round-form", action="round", cards="d o g", round=drawn
        ).status_code
        == 303
    )
    answer = post_form(cy, f"/tables/{code}/play", cy_page, "round-form", action="round", cards="x y q", round=drawn)
    said = notice(answer.get_data(as_text=True))
    game = app.extensions["tables"].state(code).to_dict()["booksmack"]
    assert answer.status_code == 409
    assert f"Ann already entered round 3: {game['rounds'][2]['answer']['explanation']} Say who tapped first." in said
    assert "before the next round" not in said and len(game["rounds"]) == 3 and game["rounds"][2]["cards"][0] == "d"


def test_the_slower_phone_naming_a_rounds_takers_reads_who_named_them(app):
    """Both phones tick who took round 1 at once: the second reads who named them and who takes the cards."""
    code, phones = base_table(app)
    ann, bob = phones[1], phones[2]
    html = page(ann, f"/tables/{code}/play")
    assert post_form(ann, f"/tables/{code}/play", html, "round-form", action="round", cards="b Z m").status_code == 303
    ann_page, bob_page = page(ann, f"/tables/{code}/play"), page(bob, f"/tables/{code}/play")
    drawn = hidden(bob_page, "round", "take-form")  # the round whose takers Bob's form names
    assert drawn == "1"
    sent = post_form(ann, f"/tables/{code}/play", ann_page, "take-form", action="take", takers="2", round=drawn)
    assert sent.status_code == 303
    answer = post_form(bob, f"/tables/{code}/play", bob_page, "take-form", action="take", takers="3", round=drawn)
    assert answer.status_code == 409
    assert notice(answer.get_data(as_text=True)) == "Not done Ann already said who takes round 1: Bob takes the cards."
    assert app.extensions["tables"].state(code).to_dict()["booksmack"]["rounds"][0]["takers"] == [2]


def voting_table(app, host=None):
    """Ann, Bob, Cy and Di play; Cy objects to Bob's CAST, and Ann's page shows her ballot (Ann and Di vote):
    (code, ann, her page). `host`: the phone that makes the table (and so hosts it)."""
    host = host or phone(app)
    code, _ = create(host, names=("Ann", "Bob", "Cy", "Di"))
    ann, bob, cy, di = phone(app), phone(app), phone(app), phone(app)
    for n, client in enumerate((ann, bob, cy, di), 1):
        assert join(client, code, n).status_code == 303
    start(host, code)
    assert claim(bob, code, "cast").status_code == 303
    html = page(cy, f"/tables/{code}/play")
    assert press(cy, f"/tables/{code}/play", html, "Object to CAST").status_code == 303
    return code, ann, page(ann, f"/tables/{code}/play")


def test_a_second_tap_from_a_page_that_already_sent_one_reads_in_a_players_words(app):
    """Ann taps Strike, goes Back to the page she had and taps Keep: both buttons carry the page's one request id.
    Her page says it already sent an action, that this tap was not applied, and shows the table now (her strike)."""
    code, ann, html = voting_table(app)
    assert press(ann, f"/tables/{code}/play", html, "Strike CAST out").status_code == 303
    again = press(ann, f"/tables/{code}/play", html, "Keep CAST")
    said = notice(again.get_data(as_text=True))
    assert again.status_code == 409
    assert "This page already sent an action, so this tap was not applied." in said
    assert not DEVELOPER_WORDS.search(said)
    assert "You voted to strike CAST." in text(again.get_data(as_text=True))  # the table as it is now


def test_a_second_claim_from_a_page_that_already_sent_one_reads_in_a_players_words(app):
    """A phone without JavaScript claims CAST, goes Back and claims BAG from the same page: the page's one request id
    again. It reads that the page already sent an action (BAG not claimed), with its word kept in the box."""
    host, ann = phone(app), phone(app)
    code, _ = create(host)
    assert join(ann, code, 1).status_code == 303
    start(host, code)
    html = page(ann, f"/tables/{code}/play")
    assert post_form(ann, f"/tables/{code}/play", html, "claim-form", action="claim", word="cast").status_code == 303
    again = post_form(ann, f"/tables/{code}/play", html, "claim-form", action="claim", word="bag")
    said = notice(again.get_data(as_text=True))
    assert again.status_code == 409 and "This page already sent an action, so this tap was not applied." in said
    assert not DEVELOPER_WORDS.search(said)
    words = [c["word"] for c in app.extensions["tables"].state(code).to_dict()["wordsmith"]["claims"]]
    assert words == ["cast"]


def host_handed_on(app):
    """Ann's phone created the table and plays seat 1; she hands the host role to Bob's phone. Her host page's
    forms, drawn before, are still on her phone: (code, phones by seat, her old page)."""
    ann, bob, cy = phone(app), phone(app), phone(app)
    code, _ = create(ann, names=("Ann", "Bob", "Cy"))
    for n, client in enumerate((ann, bob, cy), 1):
        assert join(client, code, n).status_code == 303
    start(ann, code)
    old = page(ann, f"/tables/{code}/play")
    assert press(ann, f"/tables/{code}/play", old, "Hand the host role to Bob's phone").status_code == 303
    assert app.extensions["tables"].state(code).host_seat == 2
    return code, {1: ann, 2: bob, 3: cy}, old


def test_the_old_hosts_undo_reads_that_its_phone_hosts_no_more(app):
    code, phones, old = host_handed_on(app)
    for label in ("Undo the start of the challenge", "Remove Cy: they left"):
        answer = press(phones[1], f"/tables/{code}/play", old, label)
        said = notice(answer.get_data(as_text=True))
        assert answer.status_code == 403, said
        assert "This phone no longer hosts the table: Bob's phone does" in said and not DEVELOPER_WORDS.search(said)
    state = app.extensions["tables"].state(code)
    assert state.game_state.challenge == 1 and not state.seats[2].removed  # nothing undone nor removed


def test_a_host_form_from_a_phone_that_never_hosted_is_a_403_naming_who_hosts(app):
    code, phones, old = host_handed_on(app)
    cy = phones[3]
    html = page(cy, f"/tables/{code}/play")
    for action, fields in (("remove", {"seat": "1"}), ("undo", {"seq": "2"}), ("end_game", {})):
        answer = post_form(cy, f"/tables/{code}/play", html, "claim-form", action=action, **fields)
        said = notice(answer.get_data(as_text=True))
        assert answer.status_code == 403, said
        assert "Only the host's phone can do that: Bob's phone hosts the table." in said
        assert not DEVELOPER_WORDS.search(said)
    assert not app.extensions["tables"].state(code).seats[0].removed


def test_a_votes_waiting_words_and_counts_wait_go_with_its_window(app):
    """Whom a vote waits for, and Count's "once N s have passed", hold only while the window is open: each is drawn
    inside an element the page's clock takes away when the window closes, as it does the ballot."""
    code, ann, html = voting_table(app)
    closes = re.search(r'id="ballot-\d+"[^>]*data-closes-at="(\d+)"', html).group(1)
    waiting = re.search(r'<span data-closes-at="(\d+)">; waiting for ([^<]*)</span>', html)
    assert waiting and waiting.groups() == (closes, "you and Di")
    assert re.search(rf'Count the votes <small data-closes-at="{closes}">\(once \d+ s have passed\)</small>', html)


def test_count_the_votes_waits_for_the_window_on_the_pages_clock_and_is_drawn_at_once_after_it(app):
    """The table refuses a count while the vote's window is open (ruling 16), so a page drawn then tags Count with the
    window's end (`data-opens-at`, in the server's clock, the ballot's `data-closes-at`): with JavaScript the page's
    clock brings it then, without it shows its "once N s have passed". A page drawn after the window drew it plain. The vote's title, its question while the window is open, says then
    that voting closed, by the same clock."""
    app.extensions["tables"].clock = Clock()
    code, ann, html = voting_table(app)
    closes = re.search(r'id="ballot-\d+"[^>]*data-closes-at="(\d+)"', html).group(1)
    count = re.search(r"<form [^>]*>(?:(?!</form>).)*Count the votes(?:(?!</form>).)*</form>", html, re.S).group(0)
    assert f'data-opens-at="{closes}"' in count.split(">", 1)[0]
    title = re.search(r'<h2 class="verdict__mark" id="vote-title-\d+">(.*?)</h2>', html).group(1)
    assert title == (
        f'<span data-closes-at="{closes}">Keep or strike?</span><span hidden data-opens-at="{closes}">Voting closed</span>'
    )  # the question while the window is open; without JavaScript, "Voting closed" only on a page drawn after it
    app.extensions["tables"].clock.now += app.extensions["tables"].settings.get("objection_seconds", 30) + 1
    later = page(ann, f"/tables/{code}/play")
    assert "Count the votes" in later and "data-opens-at" not in later
    assert re.search(r'<h2 class="verdict__mark" id="vote-title-\d+">Voting closed</h2>', later)


def test_another_games_form_reads_that_the_page_is_out_of_date_and_does_nothing(app):
    """A Wordsmith seat's phone sending Booksmack's forms (a page of another table, an old version's), and a
    Booksmack seat's sending Wordsmith's, read that the page is out of date, never the engine's list of actions or
    who hosts; nothing is written. Bob does not host either table, so a host-only form would read so otherwise."""
    host = phone(app)
    code, _ = create(host)
    bob = phone(app)
    assert join(bob, code, 2).status_code == 303
    start(host, code)
    books, phones = base_table(app)
    sent = {
        code: (bob, {"hands": {"hands": "a b"}, "round": {"cards": "a b"}, "take": {"takers": "1"}, "steal": {}}),
        books: (phones[2], {"claim": {"word": "BAG"}, "add": {"piece": "R"}, "pass": {}, "object": {"claim": "1"}}),
    }
    for table, (client, forms) in sent.items():
        before = app.extensions["tables"].state(table).seq
        for action, fields in forms.items():
            html = client.get(f"/tables/{table}/play").get_data(as_text=True)
            answer = post_form(client, f"/tables/{table}/play", html, action=action, **fields)
            said = notice(answer.get_data(as_text=True))
            assert answer.status_code == 422, (action, said)
            assert "This page is out of date, so nothing was done: reload it and tap again." in said, action
            assert not DEVELOPER_WORDS.search(said), said
        assert app.extensions["tables"].state(table).seq == before


def test_a_page_drawn_after_a_votes_window_closed_draws_none_of_its_window_words(app):
    """Without JavaScript nothing takes the window's words away, so a page first drawn after the window closed (a
    reload, a phone that was asleep) draws no ballot, no "waiting for", no Count "once N s have passed" and no
    "Keep or strike?" (voting closed); Count itself stays, as the vote is counted by it (ruling 16). The TV and the host's page alike."""
    app.extensions["tables"].clock = Clock()
    host = phone(app)
    code, ann, html = voting_table(app, host)
    assert 'id="ballot-' in html and "waiting for" in html and "have passed)" in html
    app.extensions["tables"].clock.now += app.extensions["tables"].settings.get("objection_seconds", 30) + 1
    for client, path in ((ann, "/play"), (host, "/host"), (phone(app), "")):
        later = page(client, f"/tables/{code}{path}")
        assert "Voting closed" in later and ("Count the votes" in later) == (path != ""), path  # the TV: no form
        assert (
            "Keep or strike?" not in later
            and 'id="ballot-' not in later
            and "waiting for" not in later
            and "have passed)" not in later
        ), path


def test_a_turn_entered_on_the_seats_phone_and_on_the_hosts_page_reads_who_entered_it(app):
    """Turn-based: Ann's card is entered from her seat's page; the host's page (Ann's phone hosts too), drawn before,
    sends it again and reads that Ann entered turn 1 and what the judge said, not that it is Bob's turn."""
    code, phones = base_table(app, variants=["turns"])
    ann = phones[1]
    seat_page, host_page = page(ann, f"/tables/{code}/play"), page(ann, f"/tables/{code}/host")
    drawn = hidden(host_page, "turn", "turn-form")
    assert drawn == hidden(seat_page, "turn", "turn-form") == "1"
    sent = post_form(ann, f"/tables/{code}/play", seat_page, "turn-form", action="turn", card="m", turn=drawn)
    assert sent.status_code == 303
    answer = post_form(
        ann, f"/tables/{code}/host", host_page, "turn-form", action="turn", card="q", seat="1", turn=drawn
    )
    said = notice(answer.get_data(as_text=True))
    explanation = app.extensions["tables"].state(code).to_dict()["booksmack"]["plays"][0]["explanation"]
    assert answer.status_code == 409 and said == f"Not done Ann already entered turn 1. {explanation}"


def test_a_host_form_from_the_phone_the_role_reached_meanwhile_says_to_tap_again(app, monkeypatch):
    """Bob's phone hosts now, but the reads before his tap was refused said it did not (the hand-over reached this
    worker's fold after them): the page says so in a player's words, not the action's name."""
    import app.pages.tables as pages

    code, phones, _ = host_handed_on(app)
    bob = phones[2]
    html = page(bob, f"/tables/{code}/play")
    actors, actors_now = pages.page_actors, pages.page_actors_now

    def before(code, need_host, sending=False):  # the reads before the action: the role not here yet
        acting, hosting = actors(code, need_host, sending)
        return acting, None if sending else hosting

    def now_before(code, need_host, sending=False):  # the same, read again; the refusal's page reads the store
        (acting, hosting), state = actors_now(code, need_host, sending)
        return (acting, None if sending else hosting), state

    monkeypatch.setattr(pages, "page_actors", before)
    monkeypatch.setattr(pages, "page_actors_now", now_before)
    answer = post_form(bob, f"/tables/{code}/play", html, "claim-form", action="end_game")
    said = notice(answer.get_data(as_text=True))
    assert answer.status_code == 403, said
    assert said.endswith("it hosts the table now: tap again to do it.") and "end_game" not in said
    assert app.extensions["tables"].state(code).game_state.phase != "game_over"


def test_a_form_the_page_does_not_have_reads_that_the_page_is_out_of_date_and_does_nothing(app):
    """A page drawn by an older version, or a hand-made post, sends an action this page has no form for (or none):
    a 422 whose notice says the page is out of date and to reload, in a player's words, and the table is as it was."""
    host = phone(app)
    code, _ = create(host)
    ann = phone(app)
    assert join(ann, code, 1).status_code == 303
    start(host, code)
    before = app.extensions["tables"].state(code).seq
    html = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    for action in ("teleport", ""):
        answer = post_form(ann, f"/tables/{code}/play", html, "claim-form", action=action, word="BAG")
        said = notice(answer.get_data(as_text=True))
        assert answer.status_code == 422
        assert "This page is out of date, so nothing was done: reload it and tap again." in said
        assert not DEVELOPER_WORDS.search(said)
    assert app.extensions["tables"].state(code).seq == before
