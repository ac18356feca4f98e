"""House words from the phones, on SQLite and PostgreSQL (docs/rules/wordsmith.md, ruling 22): a word only the
dictionary refused gets an Ask button on its claimant's phone; the others allow or refuse it as they vote on an
objection; allowed, it is claimed and every page says why; the sheet lists it and starts the next table with it."""

from __future__ import annotations

import re

import pytest
from test_api_table_votes import Clock
from test_pages_tables import claim, create, hidden, join, latest_box, phone, post_form, start, text

from app import create_app

POOL = "R3 Y2 B3"  # builds VLOG exactly


@pytest.fixture
def app(database_url):
    app = create_app({"TESTING": True, "DATABASE_URL": database_url})
    app.extensions["tables"].clock = Clock()
    return app


def seated(app, names=("Ann", "Bob", "Cy")):
    """A started table whose every seat has joined from its own phone: (code, the host's phone, the seats' phones)."""
    host = phone(app)
    code, _ = create(host, names=names)
    phones = [phone(app) for _ in names]
    for n, client in enumerate(phones, 1):
        assert join(client, code, n).status_code == 303
    start(host, code, POOL)
    return code, host, phones


def page(client, code: str, path: str = "play") -> str:
    return client.get(f"/tables/{code}/{path}".rstrip("/")).get_data(as_text=True)


def send(client, code: str, pattern: str, **fields):
    """Submit the form of this phone's page that matches `pattern`, as a browser does."""
    html = page(client, code)
    form = re.search(rf"<form[^>]*>(?:(?!</form>).)*{pattern}.*?</form>", html, flags=re.S)
    assert form is not None, (pattern, text(html)[:1500])
    return post_form(client, f"/tables/{code}/play", form.group(0), **fields)


def attempt_seq(app, code: str) -> int:
    return [e for e in app.extensions["tables"].events(code) if e.type == "claim_refused"][-1].seq


def test_a_word_the_table_allows_is_claimed_and_valid_for_another_seat_later(app):
    code, host, (ann, bob, cy) = seated(app)
    refused = claim(ann, code, "vlog")
    assert refused.status_code == 409
    said = text(refused.get_data(as_text=True))
    assert (
        "VLOG is not in the standard word lists; it may be newer than they are: Ann may ask the table to allow it."
        in said
    )
    assert "Ask the table to allow VLOG" in said
    assert "Ask the table to allow VLOG" not in text(page(bob, code))  # only its claimant asks
    seq = attempt_seq(app, code)
    asked = send(ann, code, 'name="action" value="ask"', action="ask", claim=str(seq))
    assert asked.status_code == 303
    for client, path in ((bob, "play"), (cy, "play"), (host, "host"), (phone(app), "")):
        html = text(page(client, code, path))
        assert "ALLOW IT?" in latest_box(page(client, code, path)), path
        assert "Ann asks the table to allow it as a house word" in html, path
        assert (
            "waiting for " + ("you and Cy" if client is bob else "Bob and you" if client is cy else "Bob and Cy")
            in html
        )
        assert ("Allow VLOG" in html) is (client in (bob, cy)), path
    assert "Withdraw VLOG" in text(page(ann, code)) and "Allow VLOG" not in text(page(ann, code))
    assert "You ask the table to allow it as a house word" in text(page(ann, code))
    assert send(bob, code, 'name="action" value="vote"', action="vote", claim=str(seq), strike="0").status_code == 303
    assert "You voted to allow VLOG." in text(page(bob, code))  # the voter's own phone says how it voted
    assert "You voted" not in text(page(cy, code)) and "Allow VLOG" in text(page(cy, code))
    assert send(cy, code, 'name="action" value="vote"', action="vote", claim=str(seq), strike="0").status_code == 303
    allowed = "VLOG is a house word of this table, allowed by the table's vote (2 to 0)."
    ruled = "The table allowed VLOG (2 to 0): it is on Ann's sheet, and a house word of this table from now on."
    for client, path in ((ann, "play"), (bob, "play"), (host, "host"), (phone(app), "")):
        box = latest_box(page(client, code, path))
        assert "VALID" in box and "VLOG" in box and ruled in box, (path, box)
        assert "Ann asked the table: allowed, a house word" in text(page(client, code, path)), path
    assert [w.word for w in app.extensions["tables"].state(code).game_state.claims.values()] == ["vlog"]
    # A pool refusal: no Ask button, and an ask sent anyway is refused (409) with nothing written
    assert claim(bob, code, "zoomer").status_code == 409
    html = page(bob, code)
    assert "Ask the table to allow ZOOMER" not in text(html)
    before = len(app.extensions["tables"].events(code))
    sent = post_form(bob, f"/tables/{code}/play", html, "claim-form", action="ask", claim=str(attempt_seq(app, code)))
    assert sent.status_code == 409
    assert "only a word whose one objection is that it is not in the word lists" in text(sent.get_data(as_text=True))
    assert len(app.extensions["tables"].events(code)) == before
    # The next challenge: Bob claims VLOG, valid, and every page says why
    host_page = page(host, code, "host")
    ended = post_form(host, f"/tables/{code}/host", host_page, None, action="end_challenge")
    assert ended.status_code == 303
    start(host, code, POOL)
    assert claim(bob, code, "vlog").status_code == 303
    assert allowed in latest_box(page(cy, code))
    # The sheet lists it, and starts the next table with it
    sheet = page(phone(app), code, "sheet")
    assert "House words" in text(sheet) and "VLOG allowed by the table's vote (2 to 0), challenge 1" in text(sheet)
    link = re.search(r'href="([^"]*house_words=[^"]*)"', sheet).group(1).replace("&amp;", "&")
    assert "New table with these players and house words" in text(sheet)
    form = phone(app)
    new_page = form.get(link).get_data(as_text=True)
    assert hidden_value(new_page, "house_words") == "vlog"
    assert [hidden_value(new_page, f"seat{i}") for i in (1, 2, 3)] == ["Ann", "Bob", "Cy"]  # the players too
    fields = {"game": "wordsmith", "lexicon": "standard", "seat1": "Ann", "seat2": "Bob", "house_words": "vlog"}
    made = post_form(form, "/tables", new_page, "table-create", **fields)
    assert made.status_code == 303
    new_code = re.fullmatch(r"/tables/([A-Z0-9]{6})/host", made.headers["Location"]).group(1)
    house = app.extensions["tables"].state(new_code).game_state.house_words
    assert house == [{"word": "vlog", "carried": True}]


def test_the_score_sheet_starts_the_next_table_with_these_players_in_every_game(app):
    """No house words needed: the sheet's link fills the create form with the players, the game and the dictionary."""
    host = phone(app)
    page = host.get("/tables").get_data(as_text=True)
    fields = {"game": "booksmack", "variants": "turns", "lexicon": "large", "seat1": "Ann", "seat2": "Bob & Co"}
    code = post_form(host, "/tables", page, "table-create", **fields).headers["Location"].split("/")[2]
    sheet = page_of(host, f"/tables/{code}/sheet")
    assert "New table with these players" in text(sheet) and "house words" not in text(sheet)
    link = re.search(r'href="(/tables\?[^"]*)"', sheet).group(1).replace("&amp;", "&")
    form = host.get(link).get_data(as_text=True)
    assert [hidden_value(form, f"seat{i}") for i in (1, 2, 3)] == ["Ann", "Bob &amp; Co", ""]
    assert re.search(r'name="game" value="booksmack" checked', form)
    assert re.search(r'name="variants" value="turns" checked', form)
    assert re.search(r'<option value="large"[^>]*selected', form)


def page_of(client, path: str) -> str:
    return client.get(path).get_data(as_text=True)


def hidden_value(html: str, name: str) -> str:
    return re.search(rf'name="{name}"[^>]*value="([^"]*)"', html).group(1)


def test_a_tie_goes_to_the_hosts_casting_vote_and_a_name_is_not_carried(app):
    code, host, (ann, bob, cy, di) = seated(app, names=("Ann", "Bob", "Cy", "Di"))
    assert claim(ann, code, "vlog").status_code == 409
    seq = attempt_seq(app, code)
    assert send(ann, code, 'name="action" value="ask"', action="ask", claim=str(seq)).status_code == 303
    assert send(bob, code, 'name="action" value="vote"', action="vote", claim=str(seq), strike="0").status_code == 303
    assert send(cy, code, 'name="action" value="vote"', action="vote", claim=str(seq), strike="1").status_code == 303
    app.extensions["tables"].clock.now += 31  # Di does not vote: the window closes, the votes tie
    counted = send(ann, code, 'name="action" value="count_votes"', action="count_votes", claim=str(seq))
    assert counted.status_code == 303
    assert "TIED: THE HOST DECIDES" in latest_box(page(di, code))
    host_page = page(host, code, "host")
    assert 'value="settle"' in host_page and 'value="settle"' not in page(di, code)
    settle = re.search(r'<form[^>]*>(?:(?!</form>).)*name="action" value="settle".*?</form>', host_page, flags=re.S)
    posted = post_form(host, f"/tables/{code}/host", settle.group(0), action="settle", claim=str(seq), strike="0")
    assert posted.status_code == 303
    assert "(1 to 1, and the host's casting vote)" in latest_box(page(bob, code))
    # The create form refuses a proper name as a house word, at its field
    client = phone(app)
    form = client.get("/tables?house_words=vlog+Paris").get_data(as_text=True)
    assert hidden_value(form, "house_words") == "vlog Paris"
    fields = {"seat1": "Ann", "seat2": "Bob", "house_words": "vlog Paris"}
    refused = post_form(client, "/tables", form, "table-create", **fields)
    html = refused.get_data(as_text=True)
    assert refused.status_code == 422 and "PARIS is a proper name" in text(html)
    assert "house_words:" not in text(html) and "House words" in text(html)  # the box's label, said once
    assert 'id="house_words"' in html and re.search(r'id="house_words"[^>]*aria-invalid="true"', html)
    assert hidden(form, "csrf_token")


def claims_list(html: str) -> str:
    return text(re.search(r'<section[^>]*id="claims".*?</section>', html, flags=re.S).group(0))


def test_a_word_the_table_refused_or_is_voting_on_says_so_when_claimed_again_and_no_stale_hint_stays(app):
    """Ruling 22: claimed again, a word the table is voting on, or refused this challenge, is refused with that
    first (as ruling 20 names a strike), with no Ask; an attempt already put to the table, or whose word the table
    allowed since, no longer says that its claimant may ask."""
    code, host, (ann, bob, cy) = seated(app)
    dictionary = "VLOG is not in the standard word lists; it may be newer than they are."
    assert claim(ann, code, "vlog").status_code == 409
    seq = attempt_seq(app, code)
    assert send(ann, code, 'name="action" value="ask"', action="ask", claim=str(seq)).status_code == 303
    assert "Ann may ask the table" not in claims_list(page(cy, code))  # asked: the invitation is spent
    voting = claim(bob, code, "vlog")
    assert voting.status_code == 409
    said = text(voting.get_data(as_text=True))
    assert f"The table is already voting on VLOG. {dictionary}" in said and "may ask" not in said
    assert "Ask the table to allow VLOG" not in text(page(bob, code))
    for voter in (bob, cy):
        sent = send(voter, code, 'name="action" value="vote"', action="vote", claim=str(seq), strike="1")
        assert sent.status_code == 303
    assert "The table refuses VLOG" in latest_box(page(ann, code))
    again = claim(cy, code, "vlog")
    assert again.status_code == 409
    note = f"The table refused VLOG this challenge: it is not asked again. {dictionary}"
    assert note in text(again.get_data(as_text=True))
    for client in (ann, bob, cy):
        html = page(client, code)
        assert note in latest_box(html) and "Ask the table to allow VLOG" not in text(html)
        assert "may ask the table" not in claims_list(html)


def test_an_attempt_at_a_word_the_table_then_allowed_no_longer_says_who_may_ask(app):
    code, host, (ann, bob, cy) = seated(app)
    assert claim(bob, code, "vlog").status_code == 409  # Bob's attempt, never asked
    assert "Bob may ask the table to allow it" in claims_list(page(ann, code))
    assert claim(ann, code, "vlog").status_code == 409
    seq = attempt_seq(app, code)
    assert send(ann, code, 'name="action" value="ask"', action="ask", claim=str(seq)).status_code == 303
    for voter in (bob, cy):
        sent = send(voter, code, 'name="action" value="vote"', action="vote", claim=str(seq), strike="0")
        assert sent.status_code == 303
    for client in (ann, bob, cy):
        listed = claims_list(page(client, code))
        assert "Bob tried VLOG" in listed and "may ask the table" not in listed, listed
