"""A table page as its own script asks for it (app/pages/tables.py, FRAGMENT_HEADER): without the site's layout, and
after an action the page itself rather than a 303 to load. The script brings in only the title and #table, so those
must be exactly what a browser loading the page gets; a browser without the script is answered as before."""

from __future__ import annotations

import re

import pytest
from test_pages_tables import create, element_end, join, phone, post_form, start
from test_tables_live_part import own_regions, parts_of, table_regions

from app.pages import table_live
from app.pages.tables import FRAGMENT_HEADER, PARTS_HEADER

ASKED = {FRAGMENT_HEADER: "fragment"}


def table_element(html: str) -> str:
    """The page's #table as the script brings it in, without what differs between two renders of one state (the
    request ids, the CSRF token, the server's clock)."""
    start = re.search(r'<div\b[^>]*\bid="table"', html).start()
    found = html[start : element_end(html, start, "div")]
    found = re.sub(r'name="(request_id|csrf_token)" value="[^"]*"', r'name="\1"', found)
    return re.sub(r'data-now="\d+"', "data-now", found)


def title(html: str) -> str:
    return re.search(r"<title>(.*?)</title>", html, flags=re.S).group(1).strip()


@pytest.fixture
def seated(app):
    """A started Wordsmith table of three: the host's phone also sits at seat 1 (a playing host), and the TV."""
    host = phone(app)
    code, _ = create(host, names=("Ann", "Bob", "Cat"))
    bob, cat = phone(app), phone(app)
    for number, client in ((1, host), (2, bob), (3, cat)):
        assert join(client, code, number).status_code == 303
    start(host, code, pool="R3 Y2 B3")
    return code, host, bob, cat, phone(app)


@pytest.mark.parametrize(
    "who, path", [("host", "play"), ("host", "host"), ("bob", "play"), ("tv", ""), ("tv", "sheet")]
)
def test_a_page_asked_by_its_script_is_the_loaded_pages_title_and_table(seated, who, path):
    code, host, bob, _, tv = seated
    client = {"host": host, "bob": bob, "tv": tv}[who]
    url = f"/tables/{code}/{path}".rstrip("/")
    whole = client.get(url)
    asked = client.get(url, headers=ASKED)
    assert whole.status_code == asked.status_code == 200
    assert FRAGMENT_HEADER in asked.headers["Vary"] and asked.headers["Cache-Control"] == "no-store"
    page, fragment = whole.get_data(as_text=True), asked.get_data(as_text=True)
    assert 'class="site-header"' in page and 'class="site-header"' not in fragment and "<script" not in fragment
    assert title(fragment) == title(page)
    assert table_element(fragment) == table_element(page)


def test_the_scripts_claim_is_answered_with_the_page_after_it(seated):
    code, _, bob, cat, _ = seated
    page = bob.get(f"/tables/{code}/play").get_data(as_text=True)
    seq = int(re.search(r'id="table"[^>]*data-seq="(\d+)"', page).group(1))
    data = {"csrf_token": re.search(r'name="csrf_token" value="([^"]*)"', page).group(1)}
    data |= {"request_id": re.search(r'id="claim-form".*?name="request_id" value="([^"]*)"', page, re.S).group(1)}
    answer = bob.post(f"/tables/{code}/play", data={**data, "action": "claim", "word": "cot"}, headers=ASKED)
    assert answer.status_code == 200 and "Location" not in answer.headers
    after = answer.get_data(as_text=True)
    assert int(re.search(r'id="table"[^>]*data-seq="(\d+)"', after).group(1)) > seq
    assert "COT" in table_regions(after)["claims"]
    loaded = bob.get(f"/tables/{code}/play").get_data(as_text=True)  # what the 303 would have loaded
    assert table_element(after) == table_element(loaded)
    # The same tap again (the same request id, as a retry sends it) applies once and answers the same page.
    again = bob.post(f"/tables/{code}/play", data={**data, "action": "claim", "word": "cot"}, headers=ASKED)
    assert again.status_code == 200 and table_element(again.get_data(as_text=True)) == table_element(loaded)
    assert (
        table_regions(cat.get(f"/tables/{code}/play").get_data(as_text=True))["claims"].count('<li class="claim') == 1
    )
    # A browser without the script posts and is redirected, as before.
    page = cat.get(f"/tables/{code}/play").get_data(as_text=True)
    plain = post_form(cat, f"/tables/{code}/play", page, "claim-form", action="claim", word="coat")
    assert plain.status_code == 303


def fields_of(page: str, form_id: str) -> dict[str, str]:
    """A form's CSRF token and request id as the page drew them."""
    data = {"csrf_token": re.search(r'name="csrf_token" value="([^"]*)"', page).group(1)}
    found = re.search(rf'id="{form_id}".*?name="request_id" value="([^"]*)"', page, re.S)
    return data | {"request_id": found.group(1)}


def own_keys(page: str) -> str:
    return re.search(r'id="table"[^>]*data-parts="([^"]*)"', page).group(1)


def test_an_action_that_leaves_the_pages_own_part_is_answered_with_the_tables_part(seated):
    """Sent with the page's own part keys (PARTS_HEADER), a claim, which changes no phone's own regions (the pool and
    sheet lines are the table's part), is answered with the table's part after it: /live's answer, not a page. A
    page loaded after it shows the same own regions and keys as before, and the answer's table regions."""
    code, host, bob, _, _ = seated
    page = bob.get(f"/tables/{code}/play").get_data(as_text=True)
    data = fields_of(page, "claim-form") | {"action": "claim", "word": "cot"}
    answer = bob.post(f"/tables/{code}/play", data=data, headers={**ASKED, PARTS_HEADER: own_keys(page)})
    assert answer.status_code == 200
    part = answer.get_data(as_text=True)
    assert 'data-events="' not in part and own_regions(part) == {}
    assert table_element(part) == table_element(bob.get(f"/tables/{code}/live").get_data(as_text=True))
    loaded = bob.get(f"/tables/{code}/play").get_data(as_text=True)
    assert own_keys(loaded) == own_keys(page)
    assert own_regions(loaded) == own_regions(page)
    assert {name: html for name, html in table_regions(part).items() if name in table_regions(loaded)} == (
        table_regions(loaded)
    )
    assert "COT" in table_regions(part)["my-sheet"] and "COT" in table_regions(part)["claims"]


def test_an_action_that_changes_the_pages_own_part_is_answered_with_the_page(seated):
    """Keys the page no longer shows (it is behind), or an action that changes them (the host locks joining: its seat
    list offers to let phones join again), are answered with the whole page, as without the header."""
    code, host, bob, _, _ = seated
    page = bob.get(f"/tables/{code}/play").get_data(as_text=True)
    data = fields_of(page, "claim-form") | {"action": "claim", "word": "cot"}
    stale = re.sub(r"seat2:\w+", "seat2:000000000000", own_keys(page))
    answer = bob.post(f"/tables/{code}/play", data=data, headers={**ASKED, PARTS_HEADER: stale})
    assert answer.status_code == 200 and 'data-events="' in answer.get_data(as_text=True)
    page = host.get(f"/tables/{code}/play").get_data(as_text=True)
    form = re.search(r'<form[^>]*>(?:(?!</form>).)*value="lock".*?</form>', page, flags=re.S).group(0)
    data = dict(re.findall(r'name="(csrf_token|request_id)" value="([^"]*)"', form)) | {"action": "lock"}
    answer = host.post(f"/tables/{code}/play", data=data, headers={**ASKED, PARTS_HEADER: own_keys(page)})
    after = answer.get_data(as_text=True)
    assert answer.status_code == 200 and 'data-events="' in after and own_keys(after) != own_keys(page)
    assert "Lock joining" in page and "Lock joining" not in after and "Let phones join again" in after


def test_the_hosts_start_and_end_are_answered_with_the_tables_part(seated):
    """The host's controls on a Wordsmith game are the table's part: ending the challenge and starting the next from
    the playing host's seat page leave its own part keys as they were, so each is answered with the part alone, which
    shows the new phase's control (Start after the end, End after the start) and the claim form gone or back."""
    code, host, _, _, _ = seated
    page = host.get(f"/tables/{code}/play").get_data(as_text=True)
    for action, fields, gone, shown in (
        ("end_challenge", {}, "End the challenge", "Start challenge 2"),
        ("start", {"pool": "R3 Y2 B1 G2"}, "Start challenge", "End the challenge"),
    ):
        form_id = {"end_challenge": "act-end", "start": "start-form"}[action]
        data = fields_of(page, form_id) | {"action": action, **fields}
        answer = host.post(f"/tables/{code}/play", data=data, headers={**ASKED, PARTS_HEADER: own_keys(page)})
        part = answer.get_data(as_text=True)
        assert answer.status_code == 200 and 'data-events="' not in part and own_regions(part) == {}, action
        assert parts_of(part).items() >= parts_of(page).items(), action
        host_game = table_regions(part)["host-game"]
        assert gone not in host_game and shown in host_game, action
        assert ('id="word"' in table_regions(part)["claim-area"]) == (action == "start")
        page = host.get(f"/tables/{code}/play").get_data(as_text=True)


def test_a_refusal_asked_by_the_script_is_the_page_with_its_notice(seated):
    code, _, bob, _, _ = seated
    page = bob.get(f"/tables/{code}/play").get_data(as_text=True)
    data = {"csrf_token": re.search(r'name="csrf_token" value="([^"]*)"', page).group(1)}
    data |= {"request_id": re.search(r'id="claim-form".*?name="request_id" value="([^"]*)"', page, re.S).group(1)}
    answer = bob.post(f"/tables/{code}/play", data={**data, "action": "claim", "word": "zzzq"}, headers=ASKED)
    assert answer.status_code == 409
    fragment = answer.get_data(as_text=True)
    assert 'id="notice"' in fragment and 'class="site-header"' not in fragment


def test_the_answer_to_an_action_shows_the_phone_as_its_cookies_act_after_it(seated):
    """The playing host hands the host role to Bob from its seat's page: the answer is Ann's seat's page without the
    host's controls, as a load after the action shows it, and Bob's page now has them."""
    code, host, bob, _, _ = seated
    page = host.get(f"/tables/{code}/play").get_data(as_text=True)
    assert 'id="host-box"' in page
    form = re.search(r'<form[^>]*id="seat-actions-2".*?</form>', page, flags=re.S).group(0)
    fields = dict(re.findall(r'name="(csrf_token|request_id)" value="([^"]*)"', form))
    answer = host.post(f"/tables/{code}/play", data={**fields, "action": "hand_host", "seat": "2"}, headers=ASKED)
    assert answer.status_code == 200
    after = answer.get_data(as_text=True)
    assert 'id="host-box"' not in after and "hosting" not in re.search(r'data-viewer="([^"]*)"', after).group(1)
    assert own_regions(after) == own_regions(host.get(f"/tables/{code}/play").get_data(as_text=True))
    assert 'id="host-box"' in bob.get(f"/tables/{code}/play").get_data(as_text=True)
    assert parts_of(after)


def test_a_scripts_action_draws_its_answer_with_the_drawing_thread_leaving_it_the_table(seated, monkeypatch):
    """Answered with the table's part, an action draws that part in its own request, inside `part_coming`
    (app/pages/table_live.py: the worker's drawing thread leaves the table to it); a form posted without the page's
    script (answered with a 303) draws nothing and marks nothing."""
    code, host, bob, cat, _ = seated
    marked = []
    render = table_live._render

    def watched(table, *args):
        marked.append(table in table_live._coming)
        return render(table, *args)

    monkeypatch.setattr(table_live, "_render", watched)
    page = bob.get(f"/tables/{code}/play").get_data(as_text=True)
    marked.clear()
    data = fields_of(page, "claim-form") | {"action": "claim", "word": "cot"}
    answer = bob.post(f"/tables/{code}/play", data=data, headers={**ASKED, PARTS_HEADER: own_keys(page)})
    assert answer.status_code == 200 and "COT" in answer.get_data(as_text=True)
    assert marked == [True] and not table_live._coming
    page = cat.get(f"/tables/{code}/play").get_data(as_text=True)
    marked.clear()
    data = fields_of(page, "claim-form") | {"action": "claim", "word": "lot"}
    assert cat.post(f"/tables/{code}/play", data=data).status_code == 303
    assert marked == [] and not table_live._coming
