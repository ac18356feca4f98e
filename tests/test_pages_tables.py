"""The live-table pages through the Flask test client: create, join, the seat's and host's pages, the table view.

Each test drives the pages as phones do (POST forms with their CSRF token
and request id, cookies kept per client) against the app's own store, and
reads the state back through the `Tables` service where the page alone
would not prove it.
"""

from __future__ import annotations

import io
import re
from html import unescape
from http.cookies import SimpleCookie
from pathlib import Path

import pytest
import segno

from app.pages.tables import EVENT_TYPES, HOST_COOKIE, SEAT_COOKIE
from solver.pieces import load_alphabet
from tables.events import Actor, Forbidden, epoch
from tables.state import MAX_SEAT_NAME

ROOT = Path(__file__).resolve().parent.parent


def phone(app):
    """A browser of its own: its own cookies (seat token, host token, session)."""
    return app.test_client()


def element_end(html: str, start: int, tag: str) -> int:
    """Where the element whose start tag begins at `start` ends (after its closing tag), its own kind nested within."""
    depth = 0
    for token in re.finditer(rf"<(/?){tag}\b[^>]*>", html[start:]):
        depth += -1 if token.group(1) else 1
        if depth == 0:
            return start + token.end()
    return len(html)


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def shown(html: str) -> str:
    """The page as its phone shows it: a control drawn for every phone (`data-for`, app/pages/table_live.py) only
    where it names the page's viewer (#table's `data-viewer`), and none where `data-unless` names it, whatever the
    element (a `<details>`, a `<form>`, a `<button>` ...), as style.css shows them; the browser tests check the style
    does the same. An element drawn `hidden` is not shown (words a page's script brings in: "Voting closed")."""
    viewer = re.search(r'id="table"[^>]*\bdata-viewer="([^"]*)"', html)
    tokens = set(viewer.group(1).split()) if viewer else set()
    kept, at = [], 0
    for match in re.finditer(
        r'<([a-zA-Z][\w-]*)\b[^>]*(?:\bdata-(?:for|unless)="[^"]*"|\shidden(?=[\s/>]))[^>]*>', html
    ):
        start_tag = match.group(0)
        named = re.search(r'\bdata-for="([^"]*)"', start_tag)
        unless = re.search(r'\bdata-unless="([^"]*)"', start_tag)
        hides = (
            re.search(r"\shidden(?=[\s/>])", start_tag)
            or (named and not tokens & set(named.group(1).split()))
            or (unless and tokens & set(unless.group(1).split()))
        )
        if match.start() < at or not hides:
            continue
        kept.append(html[at : match.start()])
        tag = match.group(1).lower()
        at = match.end() if tag in VOID or start_tag.endswith("/>") else element_end(html, match.start(), tag)
    return "".join(kept) + html[at:]


def test_shown_hides_any_element_a_control_is_drawn_in_for_other_phones_as_the_style_does():
    """`shown` reads `data-for` and `data-unless` on any element, as style.css's attribute selectors do: a
    `<details>` (Word by Word's real dice), a `<form>`, an empty `<input>`, and `data-unless` alone; and nothing
    drawn `hidden` (a hidden field stays in the form)."""
    page = (
        '<div id="table" data-viewer="{viewer}">'
        '<details data-for="seat1 host"><summary>Dice</summary><details><summary>inner</summary></details></details>'
        '<form data-for="seat2">Form</form><input data-for="seat1" value="Field"><p data-unless="hosting">Wait</p>'
        '<p>Always</p><span hidden data-opens-at="1">Later</span><input type="hidden" value="Kept"></div>'
    )
    assert text(page.format(viewer="seat1")) == "Dice inner Wait Always"
    assert 'value="Field"' in shown(page.format(viewer="seat1")) and 'value="Kept"' in shown(
        page.format(viewer="seat1")
    )
    assert text(page.format(viewer="seat2")) == "Form Wait Always"
    assert 'value="Field"' not in shown(page.format(viewer="seat2"))
    assert text(page.format(viewer="seat1 hosting")) == "Dice inner Always"
    assert text(page.format(viewer="view")) == "Wait Always"


def text(html: str) -> str:
    """The words a phone reads on the page."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", shown(html))).split())


def hidden(html: str, name: str, form_id: str | None = None) -> str:
    """The value of a hidden field of the page (of the form with `form_id` when given)."""
    if form_id:
        html = re.search(rf'<form[^>]*id="{form_id}".*?</form>', html, flags=re.S).group(0)
    return unescape(re.search(rf'name="{name}" value="([^"]*)"', html).group(1))


def post_form(client, url: str, page_html: str, form_id: str | None = None, **fields):
    """Submit a form as a browser does: its CSRF token and request id as rendered, plus `fields`."""
    data = {"csrf_token": hidden(page_html, "csrf_token", form_id), **fields}
    if 'name="request_id"' in (
        page_html if not form_id else re.search(rf'<form[^>]*id="{form_id}".*?</form>', page_html, flags=re.S).group(0)
    ):
        data.setdefault("request_id", hidden(page_html, "request_id", form_id))
    return client.post(url, data=data)


def press(client, url: str, page_html: str, label: str):
    """Press the button whose words are `label` as a browser does: the form it belongs to (its own, or the one its
    `form=` names: app/pages/table_live.py), that form's fields as rendered, and the button's name and value."""
    buttons = re.finditer(r"<button\b([^>]*)>(.*?)</button>", page_html, flags=re.S)
    button = next((b for b in buttons if " ".join(unescape(b.group(2)).split()) == label), None)
    assert button, f"no button {label!r}"
    attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', button.group(1)))
    if "form" in attrs:
        form = re.search(rf'<form[^>]*id="{attrs["form"]}".*?</form>', page_html, flags=re.S).group(0)
    else:
        start = page_html.rfind("<form", 0, button.start())
        form = page_html[start : page_html.index("</form>", button.end()) + len("</form>")]
    data = {
        unescape(n): unescape(v) for n, v in re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)"', form)
    }
    if "name" in attrs:
        data[attrs["name"]] = unescape(attrs.get("value", ""))
    return client.post(url, data=data)


def set_cookies(response) -> dict[str, SimpleCookie]:
    cookies = {}
    for header in response.headers.getlist("Set-Cookie"):
        cookie = SimpleCookie()
        cookie.load(header)
        for name, morsel in cookie.items():
            cookies[name] = (morsel, header)
    return cookies


def create(client, names=("Ann", "Bob"), game="wordsmith", variants=(), base_url=None):
    """Create a table from /tables; return (code, the host page's response)."""
    where = {"base_url": base_url} if base_url else {}
    form = client.get("/tables", **where).get_data(as_text=True)
    fields = {f"seat{i}": name for i, name in enumerate(names, 1)}
    data = {"game": game, "lexicon": "standard", "variants": list(variants), **fields}
    data |= {"csrf_token": hidden(form, "csrf_token", "table-create")}
    response = client.post("/tables", data=data, **where)
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    code = re.fullmatch(r"/tables/([A-Z0-9]{6})/host", response.headers["Location"]).group(1)
    return code, response


def join(client, code: str, seat: int):
    page = client.get(f"/tables/{code}/join").get_data(as_text=True)
    return post_form(client, f"/tables/{code}/join", page, "join-form", seat=str(seat))


def start(host, code: str, pool: str = "R3 Y2 B1 G2"):
    page = host.get(f"/tables/{code}/host").get_data(as_text=True)
    response = post_form(host, f"/tables/{code}/host", page, "start-form", action="start", pool=pool)
    assert response.status_code == 303, text(response.get_data(as_text=True))[:800]


def claim(client, code: str, word: str):
    page = client.get(f"/tables/{code}/play").get_data(as_text=True)
    return post_form(client, f"/tables/{code}/play", page, "claim-form", action="claim", word=word)


@pytest.fixture
def table(app):
    """A started Wordsmith table: (code, the host's phone, Ann's phone (seat 1), Bob's phone (seat 2))."""
    host = phone(app)
    code, _ = create(host)
    ann, bob = phone(app), phone(app)
    assert join(ann, code, 1).status_code == 303
    assert join(bob, code, 2).status_code == 303
    start(host, code)
    return code, host, ann, bob


# --- create and join ---------------------------------------------------------------------------


def test_create_gives_the_host_page_with_the_code_link_and_qr(app):
    app.extensions["lan_address"] = lambda: None  # a machine with no local network: the link stays as opened
    host = phone(app)
    code, response = create(host, names=("Ann", "Bob", "Cy"))
    morsel, header = set_cookies(response)[HOST_COOKIE]
    assert "HttpOnly" in header and morsel["samesite"] == "Lax" and morsel["path"] == f"/tables/{code}"
    assert not morsel["secure"]  # over http; the https case is below
    page = host.get(f"/tables/{code}/host")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert f"{code[:3]} {code[3:]}" in text(html)  # the code, big and spaced for reading aloud
    assert f"http://localhost/tables/{code}/join" in html
    assert "opened as localhost: other phones cannot reach that" in text(html)
    assert "no local network address" in text(html)
    assert f'src="/tables/{code}/qr.svg"' in html
    assert f'href="/tables/{code}"' in html  # the table view
    qr = host.get(f"/tables/{code}/qr.svg")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml" and b"<svg" in qr.data
    state = app.extensions["tables"].state(code)
    assert [seat.name for seat in state.seats] == ["Ann", "Bob", "Cy"]


def test_cookies_are_secure_over_https(app):
    host = phone(app)
    form = host.get("/tables", base_url="https://localhost").get_data(as_text=True)
    response = host.post(
        "/tables",
        base_url="https://localhost",
        data={"csrf_token": hidden(form, "csrf_token", "table-create"), "seat1": "Ann", "seat2": "Bob"},
        headers={"Referer": "https://localhost/tables"},  # Flask-WTF checks the referrer over https
    )
    assert response.status_code == 303
    morsel, header = set_cookies(response)[HOST_COOKIE]
    assert morsel["secure"] and "HttpOnly" in header


def test_create_refuses_one_seat_naming_the_field(app):
    client = phone(app)
    form = client.get("/tables").get_data(as_text=True)
    response = post_form(client, "/tables", form, "table-create", seat1="Ann")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "2 to 4 players" in text(html) and 'id="seat1"' in html and 'aria-invalid="true"' in html


def test_create_refuses_a_name_another_seat_has_at_its_box(app):
    client = phone(app)
    form = client.get("/tables").get_data(as_text=True)
    response = post_form(client, "/tables", form, "table-create", seat1="Ann", seat2="ann ")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "another seat is already called ann: give each seat a name of its own" in text(html)
    assert re.search(r'id="seat2"[^>]*aria-invalid="true"', html)


def test_seat_names_drop_invisible_characters_and_a_control_one_is_a_422_at_its_box(app):
    client = phone(app)
    form = client.get("/tables").get_data(as_text=True)
    refused = post_form(client, "/tables", form, "table-create", seat1="Ann", seat3="B\u0007b")  # seat 2 left empty
    html = refused.get_data(as_text=True)
    assert refused.status_code == 422 and "control characters" in text(html)
    assert re.findall(r'<input id="([^"]+)"[^>]*aria-invalid="true"', html) == ["seat3"]
    code, _ = create(client, names=("\u200bAnn", "\u202eBob\ufeff"))
    assert [seat.name for seat in app.extensions["tables"].state(code).seats] == ["Ann", "Bob"]
    page = client.get(f"/tables/{code}/host").get_data(as_text=True)
    renamed = client.post(
        f"/tables/{code}/host",
        data={
            "csrf_token": hidden(page, "csrf_token"),
            "request_id": hidden(page, "request_id"),
            "action": "rename",
            "seat": "2",
            "name": "Bo\u0007b",
        },
    )
    assert renamed.status_code == 422 and "control characters" in text(renamed.get_data(as_text=True))
    assert app.extensions["tables"].state(code).seats[1].name == "Bob"


@pytest.mark.parametrize("typed", ["{code}", "{lower}", " {a}-{b} ", "{a} {b}"])
def test_join_by_code_in_any_case_with_spaces_or_dashes(app, typed):
    host = phone(app)
    code, _ = create(host)
    entered = typed.format(code=code, lower=code.lower(), a=code[:3].lower(), b=code[3:])
    response = phone(app).get("/tables", query_string={"code": entered})
    assert response.status_code == 303 and response.headers["Location"] == f"/tables/{code}/join"


def test_a_code_that_cannot_be_one_is_a_422_at_its_field(app):
    response = phone(app).get("/tables?code=OIL000")  # O, I, L and 0 are not in the alphabet
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert 'id="code"' in html and 'aria-invalid="true"' in html and "not a join code" in text(html)


def test_an_unknown_table_is_a_404(app):
    for path in ("/tables/ABCDEF", "/tables/ABCDEF/join", "/tables/ABCDEF/play", "/tables/ABCDEF/sheet"):
        assert phone(app).get(path, headers={"Accept": "text/html"}).status_code == 404, path


def test_join_takes_a_seat_with_a_scoped_httponly_cookie(app):
    host = phone(app)
    code, _ = create(host)
    bob = phone(app)
    response = join(bob, code, 2)
    assert response.status_code == 303 and response.headers["Location"] == f"/tables/{code}/play"
    morsel, header = set_cookies(response)[SEAT_COOKIE]
    assert "HttpOnly" in header and morsel["samesite"] == "Lax" and morsel["path"] == f"/tables/{code}"
    page = bob.get(f"/tables/{code}/play").get_data(as_text=True)
    assert re.search(r"<h1[^>]*>\s*Bob", page)
    assert app.extensions["tables"].actor(code, morsel.value).seat == 2
    assert morsel.value not in page  # the token is never printed
    assert app.extensions["tables"].state(code).seats[1].joined


def test_a_double_submitted_join_applies_once_and_its_cookie_still_acts(app):
    host = phone(app)
    code, _ = create(host)
    bob = phone(app)
    page = bob.get(f"/tables/{code}/join").get_data(as_text=True)
    first = post_form(bob, f"/tables/{code}/join", page, "join-form", seat="2")
    second = post_form(bob, f"/tables/{code}/join", page, "join-form", seat="2")  # the same render: the same id
    assert first.status_code == second.status_code == 303
    token = set_cookies(second)[SEAT_COOKIE][0].value
    assert token == set_cookies(first)[SEAT_COOKIE][0].value
    assert app.extensions["tables"].actor(code, token).seat == 2
    joined = [e for e in app.extensions["tables"].events(code) if e.type == "seat_joined"]
    assert len(joined) == 1


def test_a_seat_page_without_a_seat_sends_the_phone_to_join(app):
    host = phone(app)
    code, _ = create(host)
    response = phone(app).get(f"/tables/{code}/play")
    assert response.status_code == 303 and response.headers["Location"] == f"/tables/{code}/join"


def test_only_the_host_phone_opens_the_host_page(app):
    host = phone(app)
    code, _ = create(host)
    bob = phone(app)
    join(bob, code, 2)
    assert bob.get(f"/tables/{code}/host", headers={"Accept": "text/html"}).status_code == 403
    page = host.get(f"/tables/{code}/host").get_data(as_text=True)
    # Bob's phone posting the host's form (with Bob's own CSRF token) is refused too.
    bob_page = bob.get(f"/tables/{code}/join").get_data(as_text=True)
    response = bob.post(
        f"/tables/{code}/host",
        data={"csrf_token": hidden(bob_page, "csrf_token"), "request_id": "x1", "action": "lock"},
        headers={"Accept": "text/html"},
    )
    assert response.status_code == 403
    assert not app.extensions["tables"].state(code).locked
    response = post_form(host, f"/tables/{code}/host", page, action="lock")
    assert response.status_code == 303 and app.extensions["tables"].state(code).locked


@pytest.mark.parametrize("scripted", [False, True])
def test_the_phone_that_handed_the_host_role_on_follows_the_table_on_its_view(app, table, scripted):
    """The old host's phone did nothing forbidden: its page, and any later visit to the host page, lead to the
    table view, which says whose phone hosts now (not a 403)."""
    code, host, ann, bob = table
    page = host.get(f"/tables/{code}/host").get_data(as_text=True)
    asked = {"headers": {"Table-Page": "fragment"}} if scripted else {}
    form = re.search(r'<form[^>]*>(?:(?!</form>).)*value="hand_host"(?:(?!</form>).)*</form>', page, flags=re.S)
    fields = dict(re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)"', form.group(0)))
    answer = host.post(f"/tables/{code}/host", data={**fields, "action": "hand_host", "seat": "1"}, **asked)
    if not scripted:  # without JavaScript, back to the host page first, as after every host action
        assert answer.status_code == 303 and answer.headers["Location"].endswith(f"/tables/{code}/host")
        answer = host.get(answer.headers["Location"])
    assert answer.status_code == 303 and answer.headers["Location"].endswith(f"/tables/{code}?handed=1")
    assert app.extensions["tables"].state(code).host_seat == 1
    again = host.get(f"/tables/{code}/host")
    assert again.status_code == 303 and again.headers["Location"].endswith(f"/tables/{code}?handed=1")
    shown_text = text(host.get(again.headers["Location"]).get_data(as_text=True))
    assert "This phone hosts no more" in shown_text and "Ann's phone hosts the table now" in shown_text
    assert host.get(f"/tables/{code}", headers={"Accept": "text/html"}).status_code == 200
    assert "hosts no more" not in text(bob.get(f"/tables/{code}").get_data(as_text=True))  # a view without it


@pytest.mark.parametrize("scripted", [False, True])
def test_a_host_who_plays_and_hands_the_role_on_is_told_on_their_seats_page(app, scripted):
    """The host's phone holds seat 1: handing the role to Bob's phone, it stays on its seat's page, which says
    whose phone hosts now; a later load of the page says nothing of it."""
    ann, bob = phone(app), phone(app)
    code, _ = create(ann)
    assert join(ann, code, 1).status_code == 303 and join(bob, code, 2).status_code == 303
    page = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    form = re.search(r'<form[^>]*>(?:(?!</form>).)*value="hand_host"(?:(?!</form>).)*</form>', page, flags=re.S)
    fields = dict(re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)"', form.group(0)))
    asked = {"headers": {"Table-Page": "fragment"}} if scripted else {}
    answer = ann.post(f"/tables/{code}/play", data={**fields, "action": "hand_host", "seat": "2"}, **asked)
    if not scripted:
        assert answer.status_code == 303 and answer.headers["Location"].endswith(f"/tables/{code}/play?handed=1")
        answer = ann.get(answer.headers["Location"])
    assert answer.status_code == 200 and app.extensions["tables"].state(code).host_seat == 2
    shown = text(answer.get_data(as_text=True))
    assert "This phone hosts no more" in shown and "Bob's phone hosts the table now" in shown
    assert "You play on from this phone" in shown and 'id="host-box"' not in answer.get_data(as_text=True)
    assert "hosts no more" not in text(ann.get(f"/tables/{code}/play").get_data(as_text=True))
    assert "hosts no more" not in text(bob.get(f"/tables/{code}/play?handed=1").get_data(as_text=True))  # it hosts


def test_a_removed_phone_reads_that_its_seat_is_back_once_the_host_undoes_the_removal(app, table):
    code, host, ann, bob = table
    page = host.get(f"/tables/{code}/host").get_data(as_text=True)
    assert press(host, f"/tables/{code}/host", page, "Remove Bob: they left").status_code == 303
    sent = bob.get(f"/tables/{code}/play")
    assert sent.headers["Location"].endswith(f"/tables/{code}/join?removed=2")
    assert "The host removed your seat" in text(bob.get(sent.headers["Location"]).get_data(as_text=True))
    page = host.get(f"/tables/{code}/host").get_data(as_text=True)
    undo = next(label for label in re.findall(r">(Undo [^<]*)</button>", page) if "Bob" in label)
    assert press(host, f"/tables/{code}/host", page, unescape(undo)).status_code == 303
    back = text(bob.get(sent.headers["Location"]).get_data(as_text=True))
    assert "Your seat is back" in back and "tap Bob below to take it again" in back
    assert "The host undid the removal of your seat (Bob)" in back
    assert "removed your seat" not in back


def test_a_playing_host_who_removes_their_own_seat_hosts_on_from_the_host_page(app):
    """Lawful (the host may stop playing), and the phone is not sent to the join page to "ask the host"."""
    ann, bob = phone(app), phone(app)
    code, _ = create(ann)
    assert join(ann, code, 1).status_code == 303 and join(bob, code, 2).status_code == 303
    page = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    assert press(ann, f"/tables/{code}/play", page, "Remove Ann: they left").status_code == 303
    assert app.extensions["tables"].state(code).seats[0].removed
    sent = ann.get(f"/tables/{code}/play")
    assert sent.status_code == 303 and sent.headers["Location"].endswith(f"/tables/{code}/host")
    assert "Host of table" in text(ann.get(sent.headers["Location"]).get_data(as_text=True))
    assert bob.get(f"/tables/{code}/play").status_code == 200  # the others play on


def test_the_last_player_at_the_table_is_offered_no_remove_button_the_table_would_refuse(app):
    """docs/rules/tables.md, ruling 2: the last seat is not removed (delete the table), so no page offers it; until
    then every seat the host may remove has its button, on the host's page and a playing host's seat page."""
    ann, bob = phone(app), phone(app)
    code, _ = create(ann)  # Ann's phone hosts and plays seat 1
    assert join(ann, code, 1).status_code == 303 and join(bob, code, 2).status_code == 303
    host, play = f"/tables/{code}/host", f"/tables/{code}/play"
    for path in (host, play):
        assert {"Remove Ann: they left", "Remove Bob: they left"} <= set(buttons(ann.get(path).get_data(as_text=True)))
    assert press(ann, host, ann.get(host).get_data(as_text=True), "Remove Bob: they left").status_code == 303
    for path in (host, play):
        assert not any(b.startswith("Remove") for b in buttons(ann.get(path).get_data(as_text=True))), path


def buttons(html: str) -> list[str]:
    """The words of each button the page shows its phone."""
    return [
        " ".join(unescape(re.sub(r"<[^>]+>", " ", b)).split())
        for b in re.findall(r"<button\b[^>]*>(.*?)</button>", shown(html), flags=re.S)
    ]


def test_a_locked_table_refuses_a_join_with_a_409_saying_why(app):
    host = phone(app)
    code, _ = create(host)
    page = host.get(f"/tables/{code}/host").get_data(as_text=True)
    post_form(host, f"/tables/{code}/host", page, action="lock")
    response = join(phone(app), code, 1)
    assert response.status_code == 409
    assert "locked" in text(response.get_data(as_text=True))
    assert SEAT_COOKIE not in set_cookies(response)


def test_the_join_page_offers_a_phone_its_own_seat_back_never_to_ask_the_host_for_it(app):
    """Back to the join page from a seat's page: the seat this phone holds is a way back to it; its button, posted
    as an ask or as a join, goes back to the seat's page and asks the host nothing."""
    host, ann, bob = phone(app), phone(app), phone(app)
    code, _ = create(host)
    assert join(ann, code, 1).status_code == 303 and join(bob, code, 2).status_code == 303
    page = bob.get(f"/tables/{code}/join").get_data(as_text=True)
    read = text(page)
    assert "This phone already holds seat 2" in read and "Bob (yours: back to your seat)" in read
    assert "Bob (taken" not in read and "Ann (taken: yours? ask the host for it)" in read
    mine = re.search(r'<a class="button go" href="([^"]*)">Bob <small>', page)
    assert mine and mine.group(1) == f"/tables/{code}/play"
    asked = post_form(bob, f"/tables/{code}/ask", page, "join-form", seat="2")
    assert asked.status_code == 303 and asked.headers["Location"].endswith(f"/tables/{code}/play")
    joined = post_form(bob, f"/tables/{code}/join", page, "join-form", seat="2")
    assert joined.status_code == 303 and joined.headers["Location"].endswith(f"/tables/{code}/play")
    assert SEAT_COOKIE not in set_cookies(joined)  # the token it holds still acts
    assert "Bob" in text(bob.get(f"/tables/{code}/play").get_data(as_text=True))
    assert not app.extensions["tables"].state(code).seats[1].asked
    assert "asks for seat 2" not in text(host.get(f"/tables/{code}/host").get_data(as_text=True))


def test_a_phone_that_lost_its_seat_is_told_a_free_seat_only_when_there_is_one(app):
    """The join page tells a removed or moved phone what is true: a free seat to pick, none, or joining locked."""
    host, ann, bob, cy = phone(app), phone(app), phone(app), phone(app)
    code, _ = create(host, names=("Ann", "Bob", "Cy"))
    for seat, client in enumerate((ann, bob), 1):
        assert join(client, code, seat).status_code == 303
    page = host.get(f"/tables/{code}/host").get_data(as_text=True)
    assert press(host, f"/tables/{code}/host", page, "Remove Bob: they left").status_code == 303
    told = text(bob.get(f"/tables/{code}/join?removed=2").get_data(as_text=True))
    assert "or pick a free seat" in told  # Cy's seat has no phone yet
    assert join(cy, code, 3).status_code == 303
    told = text(bob.get(f"/tables/{code}/join?removed=2").get_data(as_text=True))
    assert "pick a free seat" not in told and told.count("No seat is free") == 1  # the notice says it, once
    assert "Ask the host if that was a mistake" in told
    watcher = text(phone(app).get(f"/tables/{code}/join").get_data(as_text=True))  # a phone with no notice
    assert watcher.count("No seat is free") == 1 and "Ask the host for yours: tap it below" in watcher
    page = host.get(f"/tables/{code}/host").get_data(as_text=True)
    assert press(host, f"/tables/{code}/host", page, "Lock joining").status_code == 303
    told = text(bob.get(f"/tables/{code}/join?removed=2").get_data(as_text=True))
    assert "pick a free seat" not in told and "Joining is locked" in told
    page = host.get(f"/tables/{code}/host").get_data(as_text=True)
    assert press(host, f"/tables/{code}/host", page, "Give seat 3 to a new phone").status_code == 303
    told = text(cy.get(f"/tables/{code}/join?moved=1").get_data(as_text=True))
    assert "pick a free seat" not in told and "Joining is locked" in told and "ask the host for it back" in told
    assert "locked joining" not in told.lower()  # said once, in the notice's words
    page = host.get(f"/tables/{code}/host").get_data(as_text=True)
    assert press(host, f"/tables/{code}/host", page, "Let phones join again").status_code == 303
    told = text(cy.get(f"/tables/{code}/join?moved=1").get_data(as_text=True))
    assert "or pick a free seat" in told  # seat 3, given back, has no phone


def test_no_page_invites_a_phone_to_join_a_locked_table(app):
    """Locked: the table view, the host's page and a playing host's controls show no join line, QR code or link;
    opened again: they do."""
    ann, bob, watcher = phone(app), phone(app), phone(app)
    code, _ = create(ann)
    assert join(ann, code, 1).status_code == 303 and join(bob, code, 2).status_code == 303

    def pages():
        return {
            "view": watcher.get(f"/tables/{code}").get_data(as_text=True),
            "host": ann.get(f"/tables/{code}/host").get_data(as_text=True),
            "seat": ann.get(f"/tables/{code}/play").get_data(as_text=True),
            "bob": bob.get(f"/tables/{code}/play").get_data(as_text=True),
        }

    opened = pages()
    assert "Join this table at" in text(opened["view"]) and code[:3] in text(opened["view"])
    assert "Join link:" in text(opened["host"]) and f"/tables/{code}/qr.svg" in opened["host"]
    assert "the code, the QR code" in text(opened["seat"])
    page = opened["host"]
    assert press(ann, f"/tables/{code}/host", page, "Lock joining").status_code == 303
    locked = pages()
    for name, html in locked.items():
        read = text(html)
        assert "Join this table" not in read and "Join link" not in read and "qr.svg" not in html, name
        assert "the QR code" not in read and "Joining is locked" in read, name
    assert "(joining is locked)" in text(locked["host"]) and "Let phones join again (under Seats)" in text(
        locked["host"]
    )
    assert press(ann, f"/tables/{code}/host", locked["host"], "Let phones join again").status_code == 303
    assert "Join this table at" in text(watcher.get(f"/tables/{code}").get_data(as_text=True))


def test_the_host_renames_a_seat_from_its_seat_list_and_a_refused_name_is_said_at_its_field(app):
    """The host's seat list (the host's page, and a playing host's controls) renames a seat: every page reads the
    new name. A name past the table's bound, or another seat's, is a 422 said at that seat's field, as typed."""
    ann, bob, watcher = phone(app), phone(app), phone(app)
    code, _ = create(ann)
    assert join(ann, code, 1).status_code == 303 and join(bob, code, 2).status_code == 303
    page = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    field = re.search(r'<input id="rename-2" name="name" type="text" value="Bob" maxlength="(\d+)"', page)
    assert field and int(field.group(1)) == MAX_SEAT_NAME and "Seat 2's name" in text(page)
    renamed = post_form(ann, f"/tables/{code}/play", page, "seat-rename-2", action="rename", seat="2", name="Robert")
    assert renamed.status_code == 303
    assert app.extensions["tables"].state(code).seats[1].name == "Robert"
    for client, url in ((bob, "play"), (watcher, ""), (ann, "host"), (watcher, "join"), (watcher, "sheet")):
        assert "Robert" in text(client.get(f"/tables/{code}/{url}".rstrip("/")).get_data(as_text=True)), url
    assert text(bob.get(f"/tables/{code}/play").get_data(as_text=True)).count("Robert seat 2") == 1  # its title
    page = ann.get(f"/tables/{code}/host").get_data(as_text=True)
    long = "R" * (MAX_SEAT_NAME + 1)
    for typed, said in ((long, f"at most {MAX_SEAT_NAME} characters"), ("ann", "another seat is already called")):
        refused = post_form(ann, f"/tables/{code}/host", page, "seat-rename-2", action="rename", seat="2", name=typed)
        assert refused.status_code == 422
        html = refused.get_data(as_text=True)
        error = re.search(r'<p class="field-error" id="rename-2-error">([^<]*)</p>', html)
        assert error and said in unescape(error.group(1)).lower(), html[:3000]
        assert re.search(rf'id="rename-2" name="name" type="text" value="{typed}"[^>]*aria-invalid="true"', html)
        assert 'id="rename-1-error"' not in html
        assert app.extensions["tables"].state(code).seats[1].name == "Robert"


# --- CSRF, escaping, tokens ----------------------------------------------------------------------


def test_a_post_without_the_csrf_token_is_refused_and_changes_nothing(app, table):
    code, host, ann, bob = table
    before = app.extensions["tables"].state(code).seq
    page = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    response = ann.post(
        f"/tables/{code}/play",
        data={"request_id": hidden(page, "request_id", "claim-form"), "action": "claim", "word": "cast"},
        headers={"Accept": "text/html"},
    )
    assert response.status_code == 400 and "CSRF" in text(response.get_data(as_text=True))
    assert app.extensions["tables"].state(code).seq == before
    # A create from another site's form (no token) is refused as well.
    assert phone(app).post("/tables", data={"seat1": "A", "seat2": "B"}).status_code == 400


def test_the_api_is_not_behind_csrf(client):
    response = client.post("/api/v1/wordsmith/judge", json={"word": "cat", "pool": "R3 Y2 B1"})
    assert response.status_code != 400 or "CSRF" not in response.get_data(as_text=True)
    assert response.status_code == 200


def test_names_and_words_are_rendered_escaped(app):
    host = phone(app)
    evil = "<script>alert(1)</script>"
    code, _ = create(host, names=(evil, 'Bob "b" <b>'))
    for path in (f"/tables/{code}/host", f"/tables/{code}/join", f"/tables/{code}", f"/tables/{code}/sheet"):
        html = host.get(path).get_data(as_text=True)
        assert "<script>alert" not in html, path
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html, path
        assert "<b>" not in html.replace("<body", "").replace("<button", ""), path


def test_the_table_view_and_join_page_reveal_no_token(app, table):
    code, host, ann, bob = table
    path = f"/tables/{code}"
    tokens = [host.get_cookie(HOST_COOKIE, path=path).value] + [
        player.get_cookie(SEAT_COOKIE, path=path).value for player in (ann, bob)
    ]
    assert len(tokens) == 3
    viewer = phone(app)
    for path in (f"/tables/{code}", f"/tables/{code}/join", f"/tables/{code}/sheet"):
        html = viewer.get(path).get_data(as_text=True)
        for token in tokens:
            assert token not in html, path
    # Even opened by a phone that holds a token, the view does not print it.
    html = ann.get(f"/tables/{code}").get_data(as_text=True)
    assert all(token not in html for token in tokens)


# --- playing: a claim, a refusal, an objection --------------------------------------------------


def test_a_claim_and_its_verdict_on_every_page(app, table):
    code, host, ann, bob = table
    response = claim(ann, code, "cast")
    assert response.status_code == 303 and response.headers["Location"] == f"/tables/{code}/play"
    mine = text(ann.get(f"/tables/{code}/play").get_data(as_text=True))
    assert "CAST" in mine
    view = ann.get(f"/tables/{code}").get_data(as_text=True)
    latest = text(re.search(r'<section class="verdict table-latest.*?</section>', view, flags=re.S).group(0))
    assert "CAST" in latest and "Ann" in latest
    assert "CAST" in text(bob.get(f"/tables/{code}/play").get_data(as_text=True))
    claims = [e for e in app.extensions["tables"].events(code) if e.type == "claim"]
    assert len(claims) == 1 and claims[0].by == 1


def test_a_refused_claim_says_why_big_and_changes_nothing(app, table):
    code, host, ann, bob = table
    claim(ann, code, "cast")
    before = app.extensions["tables"].state(code).seq
    response = claim(bob, code, "cast")
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    notice = text(
        re.search(r'<section class="verdict verdict--invalid table-notice".*?</section>', html, flags=re.S).group(0)
    )
    assert "NOT VALID" in notice and "CAST" in notice and "claimed" in notice.lower()
    # Without JavaScript the answer is the page: the word is back in its field, to mend; the next load is blank.
    assert re.search(r'<input id="word" name="word" form="claim-form" type="text" value="cast"', html)
    assert 'value="cast"' not in bob.get(f"/tables/{code}/play").get_data(as_text=True)
    after = app.extensions["tables"].state(code)  # one public claim_refused event (ruling 15), no sheet changed
    assert after.seq == before + 1 and after.game_state.seat(2).words == []
    assert [e.type for e in app.extensions["tables"].events(code, before)] == ["claim_refused"]


def test_a_double_submitted_claim_applies_once(app, table):
    code, host, ann, bob = table
    page = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    for _ in range(2):
        response = post_form(ann, f"/tables/{code}/play", page, "claim-form", action="claim", word="cast")
        assert response.status_code == 303
    assert len([e for e in app.extensions["tables"].events(code) if e.type == "claim"]) == 1


def test_an_objection_shows_its_verdict_everywhere(app, table):
    code, host, ann, bob = table
    claim(ann, code, "cast")
    page = bob.get(f"/tables/{code}/play").get_data(as_text=True)
    assert "Object to CAST" in text(page)
    assert "Object to CAST" not in text(ann.get(f"/tables/{code}/play").get_data(as_text=True))  # not one's own
    response = press(bob, f"/tables/{code}/play", page, "Object to CAST")
    assert response.status_code == 303
    event = [e for e in app.extensions["tables"].events(code) if e.type == "objection"][-1]
    # Two seats: no one else votes, so the judge's verdict stands at once (ruling 21); every page says so, with the
    # judge's reasons
    for client, path in ((ann, "play"), (bob, "play"), (host, "host"), (phone(app), "")):
        html = text(client.get(f"/tables/{code}/{path}".rstrip("/")).get_data(as_text=True))
        assert "OBJECTION OVERRULED" in html and "Bob objected: the judge's verdict stands" in html, path
        assert "no one but Ann and Bob could vote, so the judge's verdict stands: CAST stands" in html, path
        assert "CAST stands: it is a valid word" in html, path
        assert "Objection by" not in html and "VALID" not in html.replace("NOT VALID", ""), path
        assert 'value="settle"' not in html and ("Concede CAST" in html) is (client is ann), path
    assert event.by == 2
    # Ann concedes (her own strike, sent as a vote): the objection is upheld
    page = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    posted = press(ann, f"/tables/{code}/play", page, "Concede CAST")
    assert posted.status_code == 303
    for client, path in ((ann, "play"), (bob, "play"), (phone(app), "")):
        html = text(client.get(f"/tables/{code}/{path}".rstrip("/")).get_data(as_text=True))
        assert "OBJECTION UPHELD" in html and "Bob objected: conceded" in html, path
        assert "Ann concedes CAST: it is struck out; Ann goes back to finding words" in html, path
        assert "Concede CAST" not in html, path


def test_a_seat_cannot_act_for_another_seat(app, table):
    code, host, ann, bob = table
    page = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    # The seat is the cookie's, not a form field: a `seat` field in the POST is ignored.
    post_form(ann, f"/tables/{code}/play", page, "claim-form", action="claim", word="cast", seat="2")
    assert [e.by for e in app.extensions["tables"].events(code) if e.type == "claim"] == [1]


def test_a_form_that_lost_its_request_id_is_a_422_naming_it(app, table):
    code, host, ann, bob = table
    page = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    response = ann.post(
        f"/tables/{code}/play",
        data={"csrf_token": hidden(page, "csrf_token"), "action": "claim", "word": "cast", "request_id": "bad id!"},
    )
    assert response.status_code == 422 and "request id" in text(response.get_data(as_text=True))


def test_a_number_written_with_a_superscript_digit_is_a_422_naming_its_field(app, table):
    code, host, ann, bob = table
    two = "\u00b2"  # a digit to str.isdigit, not to int
    late = phone(app)
    page = late.get(f"/tables/{code}/join").get_data(as_text=True)
    joined = post_form(late, f"/tables/{code}/join", page, "join-form", seat=two)
    assert joined.status_code == 422 and "seat: a whole number" in text(joined.get_data(as_text=True))
    books = phone(app)
    books_code, _ = create(books, names=("Ann", "Bob"), game="booksmack")  # whose host page has a takers form
    for client, at, fields, named in (
        (host, code, {"action": "release", "seat": two}, "seat:"),
        (books, books_code, {"action": "take", "takers": two}, "takers:"),
    ):
        page = client.get(f"/tables/{at}/host").get_data(as_text=True)
        response = client.post(
            f"/tables/{at}/host",
            data={"csrf_token": hidden(page, "csrf_token"), "request_id": hidden(page, "request_id"), **fields},
        )
        assert response.status_code == 422 and named in text(response.get_data(as_text=True)), fields


def test_a_form_request_id_takes_64_characters_and_not_65(app, table):
    code, host, ann, bob = table
    page = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    for rid, status in (("r" * 65, 422), ("r" * 64 + "\n", 422), ("r" * 64, 303)):
        data = {"csrf_token": hidden(page, "csrf_token"), "action": "claim", "word": "cast", "request_id": rid}
        assert ann.post(f"/tables/{code}/play", data=data).status_code == status, rid
    assert [e.by for e in app.extensions["tables"].events(code) if e.type == "claim"] == [1]


def test_every_render_draws_new_request_ids_and_forms_never_share_one(app, table):
    code, host, ann, bob = table
    first = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    second = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    ids = re.findall(r'name="request_id" value="([^"]+)"', first)
    assert len(ids) == len(set(ids)) >= 2
    assert not set(ids) & set(re.findall(r'name="request_id" value="([^"]+)"', second))


def test_the_host_deletes_the_table(app, table):
    code, host, ann, bob = table
    page = host.get(f"/tables/{code}/host").get_data(as_text=True)
    form = re.search(r'<form[^>]*action="/tables/\w+/delete".*?</form>', page, flags=re.S).group(0)
    assert post_form(host, f"/tables/{code}/delete", form).status_code == 422  # not confirmed
    ann_page = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    response = post_form(host, f"/tables/{code}/delete", form, confirm="1")
    assert response.status_code == 303
    assert ann.get(f"/tables/{code}", headers={"Accept": "text/html"}).status_code == 404
    # A form sent from a page drawn before: the table is not there, whatever the phone's cookie held.
    sent = post_form(ann, f"/tables/{code}/play", ann_page, action="claim", word="bag")
    assert sent.status_code == 404
    assert post_form(host, f"/tables/{code}/host", page, action="start").status_code == 404


# --- live updates -------------------------------------------------------------------------------


def test_pages_name_their_event_stream_after_the_state_they_show(app, table):
    code, host, ann, bob = table
    seq = app.extensions["tables"].state(code).seq
    html = ann.get(f"/tables/{code}").get_data(as_text=True)
    assert f'data-events="/tables/{code}/events?after={seq}&amp;parts=1"' in html  # and the table's part
    assert re.search(r'<script src="/static/tables\.[0-9a-f]{10}\.js" defer></script>', html)


def test_a_seated_phones_page_stream_is_its_seats_even_when_viewers_fill_the_table(app, table):
    """The pages' stream (`/tables/<code>/events`) acts as the phone's cookie: the seats' and the host's pages
    get their streams while streams without a cookie have taken every viewer's slot; a bad `after` is a 422."""
    code, host, ann, bob = table
    views = app.config["STREAM_VIEWS_PER_TABLE"]
    stranger = phone(app)
    viewers = [stranger.get(f"/tables/{code}/events", buffered=False) for _ in range(views + 5)]
    assert [viewer.status_code for viewer in viewers] == [200] * views + [503] * 5
    mine = [who.get(f"/tables/{code}/events?after=1", buffered=False) for who in (host, ann, bob)]
    assert [answer.status_code for answer in mine] == [200] * 3
    assert "event: " in next(mine[1].response).decode() + next(mine[1].response).decode()
    bad = stranger.get(f"/tables/{code}/events?after=abc")
    assert bad.status_code == 422 and "/after" in bad.get_data(as_text=True)
    for answer in [*viewers, *mine]:
        answer.close()


def test_every_event_type_the_games_write_is_listened_to():
    """tables.js listens to the types the page lists: a type left out would never refresh a phone."""
    written = set()
    for module in (ROOT / "tables").glob("*.py"):
        written |= set(re.findall(r'NewEvent\(\s*"(\w+)"', module.read_text()))
    assert written, "no NewEvent(...) found in tables/"
    assert written <= set(EVENT_TYPES)


# --- pieces, the host's corrections, the sheet, Booksmack ------------------------------------------


def test_a_real_roll_entered_and_a_wild_taken_as_a_piece(app, table):
    code, host, ann, bob = table
    page = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    response = post_form(ann, f"/tables/{code}/play", page, "add-form", action="add", piece="W", wild_as="G")
    assert response.status_code == 303
    pool = app.extensions["tables"].state(code).to_dict()["wordsmith"]["seats"][0]["pool"]
    assert pool == "R3 Y2 B1 G3"
    assert 'aria-label="3 red, 2 yellow, 1 blue, 3 green"' in ann.get(f"/tables/{code}/play").get_data(as_text=True)
    # Rolled in the app: one more piece, whatever the die showed.
    page = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    post_form(ann, f"/tables/{code}/play", page, "add-form", action="add", piece="")
    seat = app.extensions["tables"].state(code).to_dict()["wordsmith"]["seats"][0]
    assert sum(int(part[1:]) for part in seat["pool"].split()) == 10


def test_a_star_tapped_is_kept_wild_and_the_page_asks_which_piece_it_stands_for(app, table):
    code, host, ann, bob = table
    page = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    assert 'id="star-form"' not in page  # no star in the pool: nothing to ask
    assert post_form(ann, f"/tables/{code}/play", page, "add-form", action="add", star="W").status_code == 303
    page = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    assert "which piece does it stand for?" in text(page)
    assert "1 star kept wild" in page
    response = post_form(ann, f"/tables/{code}/play", page, "star-form", action="choose_wild", piece="Y")
    assert response.status_code == 303
    assert app.extensions["tables"].state(code).to_dict()["wordsmith"]["seats"][0]["pool"] == "R3 Y3 B1 G2"
    assert 'id="star-form"' not in ann.get(f"/tables/{code}/play").get_data(as_text=True)


def test_a_starting_pool_that_cannot_be_is_a_422_naming_the_field(app):
    host = phone(app)
    code, _ = create(host)
    page = host.get(f"/tables/{code}/host").get_data(as_text=True)
    response = post_form(host, f"/tables/{code}/host", page, "start-form", action="start", pool="R9")
    assert response.status_code == 422
    assert "pool" in text(response.get_data(as_text=True))
    assert app.extensions["tables"].state(code).to_dict()["wordsmith"]["challenge"] == 0


def test_the_host_strikes_a_claim_out_and_every_page_shows_it(app, table):
    code, host, ann, bob = table
    claim(ann, code, "cast")
    page = host.get(f"/tables/{code}/host").get_data(as_text=True)
    assert "Strike CAST out" in text(page)
    response = press(host, f"/tables/{code}/host", page, "Strike CAST out")
    assert response.status_code == 303
    for client, path in ((ann, "play"), (bob, "play"), (host, "host")):
        html = text(client.get(f"/tables/{code}/{path}").get_data(as_text=True))
        assert "CAST Ann struck out (the host struck it out)" in html, path
    view = ann.get(f"/tables/{code}").get_data(as_text=True)
    assert "STRUCK OUT" in text(
        re.search(r'<section class="verdict table-latest.*?</section>', view, flags=re.S).group(0)
    )


def test_the_host_corrects_a_seat_pool(app, table):
    code, host, ann, bob = table
    page = host.get(f"/tables/{code}/host").get_data(as_text=True)
    response = post_form(host, f"/tables/{code}/host", page, "correct-form", action="set_pool", seat="2", pool="R1 Y1")
    assert response.status_code == 303
    assert app.extensions["tables"].state(code).to_dict()["wordsmith"]["seats"][1]["pool"] == "R1 Y1"


def test_the_printable_sheet_lists_the_words_and_totals(app, table):
    code, host, ann, bob = table
    claim(ann, code, "cast")
    html = ann.get(f"/tables/{code}/sheet").get_data(as_text=True)
    scores = app.extensions["tables"].state(code).to_dict()["wordsmith"]["scores"]
    ann_sheet = scores["sheets"][0]
    # Mid-challenge the sheet counts CAST's letters; the six unchecked blue boxes wait for the end (ruling 23).
    assert ann_sheet["challenges"][0]["letters"] == 4 and ann_sheet["total"] == 10
    assert "Ann: 4 points" in text(html) and "Bob: 0 points" in text(html)
    assert "6 blue unchecked, a bonus point each when the challenge ends" in text(html)
    assert "CAST" in text(html)
    assert "@media print" in (ROOT / "app" / "static" / "style.css").read_text()
    end_challenge(host, code)
    html = ann.get(f"/tables/{code}/sheet").get_data(as_text=True)
    assert "Ann: 10 points" in text(html) and "Bob: 6 points" in text(html)  # the end counts the bonus


def test_the_printable_sheet_and_the_seats_sheet_show_word_by_words_circles_and_advanceds_rows(app):
    """What the paper sheet holds beside each word: in Word by Word the circles of its roll and how many it checked
    (an unchecked one counted among the discard boxes); in the Advanced game its row and the row's letter."""
    code, host, ann, bob = word_by_word_table(app)
    app.extensions["tables"].act(code, Actor(host=True), {"type": "roll_word", "faces": ["red", "yellow", "blue_star"]})
    assert claim(ann, code, "bag").status_code == 303  # the circle unused
    sheet = text(ann.get(f"/tables/{code}/sheet").get_data(as_text=True))
    assert "BAG (0 of 1 circle checked)" in sheet and "(1 for unchecked circles)" in sheet
    mine = re.search(
        r'<section class="table-sheet" data-for="seat1".*?</section>',
        ann.get(f"/tables/{code}/play").data.decode(),
        re.S,
    )
    assert "<strong>BAG</strong> · 3 letters · 2 discarded · 0 of 1 circle checked</li>" in mine.group(0)

    code, _ = create(host, variants=("advanced",))
    assert join(ann, code, 1).status_code == 303 and join(bob, code, 2).status_code == 303
    page = host.get(f"/tables/{code}/host").get_data(as_text=True)
    started = post_form(
        host, f"/tables/{code}/host", page, "start-form", action="start", pool="R3 Y2 B1 G2", required_letters="abcdef"
    )
    assert started.status_code == 303, text(started.get_data(as_text=True))[:500]
    assert claim(ann, code, "cast").status_code == 303  # A's row (1) is the first free row its letters hold
    sheet = text(ann.get(f"/tables/{code}/sheet").get_data(as_text=True))
    assert "CAST (row 1: A)" in sheet and "required ABCDEF" in sheet
    phase = re.compile(r'<div id="phase".*?</div>', re.S)
    assert "Required letters: A B C D E F." in text(phase.search(ann.get(f"/tables/{code}/play").get_data(True))[0])
    end_challenge(host, code)  # between challenges the next one's letters are not these
    assert "Required letters" not in phase.search(ann.get(f"/tables/{code}").get_data(True))[0]  # on no phone


def end_challenge(host, code: str) -> None:
    page = host.get(f"/tables/{code}/host").get_data(as_text=True)
    form = re.search(r'<form[^>]*>(?:(?!</form>).)*value="end_challenge".*?</form>', page, flags=re.S).group(0)
    ended = post_form(host, f"/tables/{code}/host", form, action="end_challenge")
    # The page opens at the big box, where the result is read (without JavaScript too).
    assert ended.status_code == 303 and ended.headers["Location"].endswith("/host#latest")


def scoreboard(html: str) -> str:
    return text(re.search(r'<section class="table-scores".*?</section>', html, flags=re.S).group(0))


def test_the_scoreboard_counts_the_blue_box_bonus_when_the_challenge_ends(app, table):
    """Ruling 23: 0 before any word, the letters while the challenge is played, the bonus at its end, and after
    it the next challenge's letters on top of the totals before."""
    code, host, ann, bob = table
    viewer = phone(app)
    for client, path in ((ann, "play"), (host, "host"), (viewer, "")):
        board = scoreboard(client.get(f"/tables/{code}/{path}".rstrip("/")).get_data(as_text=True))
        assert "Ann 0 Bob 0" in board and "bonus point when the challenge ends" in board, path
    claim(ann, code, "cast")
    assert "Ann 4 Bob 0" in scoreboard(viewer.get(f"/tables/{code}").get_data(as_text=True))
    end_challenge(host, code)
    board = scoreboard(viewer.get(f"/tables/{code}").get_data(as_text=True))
    assert "Ann 10 Bob 6" in board and "bonus point" not in board
    start(host, code)
    claim(bob, code, "bag")
    assert "Ann 10 Bob 9" in scoreboard(viewer.get(f"/tables/{code}").get_data(as_text=True))


def test_an_object_button_carries_the_end_of_its_window_in_the_servers_clock(app, table):
    """The page takes an Object button away by its own clock (static/tables.js): the form names when the window
    closes and the page when it was drawn, both in the server's clock; the server's rule still decides."""
    code, host, ann, bob = table
    claim(ann, code, "cast")
    service = app.extensions["tables"]
    claimed = [e for e in service.events(code) if e.type == "claim"][-1]
    html = bob.get(f"/tables/{code}/play").get_data(as_text=True)
    closes_at = int(re.search(r'data-closes-at="(\d+)"', html).group(1))
    now = int(re.search(r'data-now="(\d+)"', html).group(1))
    window = app.config["OBJECTION_SECONDS"]
    assert closes_at == round((epoch(claimed.at) + window) * 1000)
    assert 0 < closes_at - now <= window * 1000
    assert "data-closes-at" not in shown(ann.get(f"/tables/{code}/play").get_data(as_text=True))  # her own word


def test_booksmack_round_entered_from_any_phone(app):
    host = phone(app)
    code, _ = create(host, names=("Ann", "Bob", "Cy", "Di"), game="booksmack")
    ann = phone(app)
    join(ann, code, 1)
    page = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    response = post_form(ann, f"/tables/{code}/play", page, "round-form", action="round", cards="c A f e")
    assert response.status_code == 303, text(response.get_data(as_text=True))[:600]
    game = app.extensions["tables"].state(code).to_dict()["booksmack"]
    assert game["rounds"][0]["cards"] == ["c", "A", "f", "e"]
    view = text(phone(app).get(f"/tables/{code}").get_data(as_text=True))
    assert game["latest"] in view
    assert game["rounds"][0]["answer"]["explanation"] in view


def test_a_taken_seat_is_refused_to_another_phone_but_the_host_may_take_it_after_a_confirmation(app):
    host = phone(app)
    code, _ = create(host)
    bob = phone(app)
    assert join(bob, code, 2).status_code == 303
    page = phone(app).get(f"/tables/{code}/join").get_data(as_text=True)
    # The button says so before anyone taps it, and asks the host for the seat instead of taking it.
    assert re.search(rf'value="2" formaction="/tables/{code}/ask"', page)
    late = phone(app)
    late_page = late.get(f"/tables/{code}/join").get_data(as_text=True)
    response = post_form(late, f"/tables/{code}/join", late_page, "join-form", seat="2")
    assert response.status_code == 409 and "taken" in text(response.get_data(as_text=True))
    assert SEAT_COOKIE not in set_cookies(response)
    asking = join(host, code, 2)  # the host's phone: asked first, nothing moved yet
    assert asking.status_code == 200 and "Move Bob's seat to this phone?" in text(asking.get_data(as_text=True))
    assert SEAT_COOKIE not in set_cookies(asking)
    assert bob.get(f"/tables/{code}/play").status_code == 200  # still Bob's
    confirm = asking.get_data(as_text=True)
    assert re.search(r'name="seat" value="2">Yes, move Bob', confirm)
    response = post_form(host, f"/tables/{code}/join", confirm, None, seat="2", confirm="1")
    assert response.status_code == 303
    token = set_cookies(response)[SEAT_COOKIE][0].value
    assert app.extensions["tables"].actor(code, token).seat == 2
    # Bob's phone is told why, and can ask for the seat back: the host's page shows it.
    lost = bob.get(f"/tables/{code}/play")
    assert lost.status_code == 303 and lost.headers["Location"].endswith("/join?moved=1")
    told = bob.get(lost.headers["Location"]).get_data(as_text=True)
    assert "Your seat moved to another phone" in text(told)
    asked = post_form(bob, f"/tables/{code}/ask", told, "join-form", seat="2")
    assert asked.status_code == 303 and asked.headers["Location"].endswith("/join?asked=2")
    assert "asks for Bob's seat" in text(bob.get(asked.headers["Location"]).get_data(as_text=True))
    assert "A phone asks for seat 2 (Bob) back" in text(host.get(f"/tables/{code}/host").get_data(as_text=True))
    # The host gives the seat to a new phone: the same address (a reload) reads what came of the ask.
    hosting = host.get_cookie(HOST_COOKIE, path=f"/tables/{code}").value
    app.extensions["tables"].act_with_token(code, hosting, {"type": "release", "seat": 2})
    again = text(bob.get(asked.headers["Location"]).get_data(as_text=True))
    assert "asks for Bob's seat" not in again and "The host gave Bob's seat to a new phone: tap it below" in again
    # Another phone takes it: no notice, the seat list says who sits where.
    assert join(phone(app), code, 2).status_code == 303
    taken = text(bob.get(asked.headers["Location"]).get_data(as_text=True))
    assert "asks for Bob's seat" not in taken and "The host gave" not in taken


def test_the_host_page_offers_the_lan_address_when_opened_as_localhost(app):
    app.extensions["lan_address"] = lambda: "192.168.1.23"
    host = phone(app)
    code, _ = create(host)
    html = host.get(f"/tables/{code}/host").get_data(as_text=True)
    assert "opened as localhost: other phones cannot reach that" in text(html)
    assert "keep no offline judge: offline needs an https address" in text(html)  # the LAN link is plain http
    assert f'href="http://192.168.1.23/tables/{code}/join"' in html
    assert f'src="/tables/{code}/qr.svg?lan=1"' in html
    # The QR code says the LAN link: the same drawing segno makes of it.
    buffer = io.BytesIO()
    url = f"http://192.168.1.23/tables/{code}/join"
    segno.make(url, error="m").save(buffer, kind="svg", scale=8, border=2, title=f"Join table {code}")
    assert host.get(f"/tables/{code}/qr.svg?lan=1").data == buffer.getvalue()
    view = phone(app).get(f"/tables/{code}").get_data(as_text=True)  # the TV, on the same laptop, says the same
    assert (
        f'Join this table at <a href="http://192.168.1.23/tables/{code}/join">http://192.168.1.23/tables/{code}/join</a>'
        in view
    )
    app.extensions["lan_address"] = lambda: pytest.fail("opened by its network address: no need to look")
    remote = phone(app)
    other, _ = create(remote, base_url="http://192.168.1.23")
    html = remote.get(f"/tables/{other}/host", base_url="http://192.168.1.23").get_data(as_text=True)
    assert "cannot reach" not in text(html) and f'src="/tables/{other}/qr.svg"' in html


def test_the_lan_address_is_found_without_sending_anything_and_only_private_ones_count():
    from app.pages.table_lan import find_lan_address, loopback, reachable

    found = find_lan_address()
    assert found is None or reachable(found)
    assert reachable("192.168.1.5") and reachable("10.0.0.7") and not reachable("127.0.0.1")
    assert not reachable("8.8.8.8") and not reachable("169.254.1.1") and not reachable("not an address")
    assert loopback("localhost:8000") and loopback("127.0.0.1") and loopback("[::1]:5000") and loopback("app.localhost")
    assert not loopback("192.168.1.5:8000") and not loopback("example.org")


def test_the_host_gives_a_seat_to_a_new_phone_with_a_plain_form(app, table):
    """The host page's button per taken seat: a form with its CSRF token, no JavaScript needed (docs/tables.md)."""
    code, host, ann, bob = table
    service = app.extensions["tables"]
    page = host.get(f"/tables/{code}/host").get_data(as_text=True)
    assert "Give seat 1 to a new phone" in text(page) and "Give seat 2 to a new phone" in text(page)
    old = bob.get_cookie(SEAT_COOKIE, path=f"/tables/{code}").value  # Bob's phone's token

    # Without the CSRF token the form is refused and the seat stays Bob's.
    forged = host.post(f"/tables/{code}/host", data={"action": "release", "seat": "2", "request_id": "r-forged"})
    assert forged.status_code == 400 and service.actor(code, old).seat == 2

    response = post_form(host, f"/tables/{code}/host", page, "seat-actions-2", action="release", seat="2")
    assert response.status_code == 303, text(response.get_data(as_text=True))[:800]
    assert [seat.joined for seat in service.state(code).seats] == [True, False]
    assert "Give seat 2 to a new phone" not in text(host.get(f"/tables/{code}/host").get_data(as_text=True))
    with pytest.raises(Forbidden):  # the old phone's token acts for no one now
        service.actor(code, old)
    assert bob.get(f"/tables/{code}/play").status_code == 303  # the old phone is sent to pick a seat

    new_phone = phone(app)
    assert join(new_phone, code, 2).status_code == 303
    assert new_phone.get(f"/tables/{code}/play").status_code == 200
    assert service.actor(code, new_phone.get_cookie(SEAT_COOKIE, path=f"/tables/{code}").value).seat == 2
    assert [e.data for e in service.events(code) if e.type == "seat_released"] == [{"seat": 2}]


def test_table_pages_are_never_stored(app, table):
    code, host, ann, bob = table
    for client, path in ((ann, f"/tables/{code}/play"), (host, f"/tables/{code}/host"), (bob, f"/tables/{code}")):
        assert client.get(path).headers["Cache-Control"] == "no-store", path
    assert "no-store" not in bob.get("/dice").headers.get("Cache-Control", "")


@pytest.mark.parametrize(
    "game, variants",
    [("wordsmith", ["secret"]), ("wordsmith", ["advanced"]), ("wordsmith", ["word_by_word"]), ("booksmack", ["turns"])],
)
def test_every_page_of_a_variant_table_renders(app, game, variants):
    host = phone(app)
    code, _ = create(host, game=game, variants=variants)
    ann, bob = phone(app), phone(app)
    join(ann, code, 1)
    join(bob, code, 2)
    if game == "wordsmith":
        start(host, code)
        claim(ann, code, "cast")
    pages = ((host, "host"), (ann, "play"), (bob, "play"), (bob, "join"), (phone(app), ""), (phone(app), "sheet"))
    for client, path in pages:
        response = client.get(f"/tables/{code}/{path}".rstrip("/"))
        assert response.status_code == 200, (path, text(response.get_data(as_text=True))[:500])
    if variants == ["secret"]:  # the claim is Ann's alone until the challenge ends
        assert "CAST" in text(ann.get(f"/tables/{code}/play").get_data(as_text=True))
        assert "CAST" not in text(bob.get(f"/tables/{code}/play").get_data(as_text=True))
        assert "CAST" not in text(phone(app).get(f"/tables/{code}").get_data(as_text=True))
    if variants == ["advanced"]:
        assert 'name="row"' in ann.get(f"/tables/{code}/play").get_data(as_text=True)


def test_guessing_codes_through_the_pages_is_limited_like_the_api():
    from app import create_app

    app = create_app({"TESTING": True, "TABLE_GUESS_BURST": 3, "TABLE_GUESSES_PER_MINUTE": 1})
    guesser = phone(app)
    for code in ("ABCDEF", "ABCDEG", "ABCDEH"):
        assert guesser.get(f"/tables/{code}", headers={"Accept": "text/html"}).status_code == 404
    response = guesser.get("/tables/ABCDEJ", headers={"Accept": "text/html"})
    assert response.status_code == 429 and int(response.headers["Retry-After"]) >= 1
    assert guesser.get("/tables?code=ABCDEK").status_code == 429  # the join-by-code form too
    assert guesser.get("/api/v1/tables/ABCDEK").status_code == 429  # one bucket for pages and API


def test_phones_behind_one_address_all_join_and_keep_playing_while_a_guesser_there_is_refused(database_url):
    from app import create_app

    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "TABLE_GUESS_BURST": 3})
    hosts, seated = [], []  # every phone a test client of its own, all from 127.0.0.1
    for _ in range(2):
        host = phone(app)
        code, _ = create(host, names=("Ann", "Bob", "Cy"))
        hosts.append((host, code))
        for seat in (1, 2, 3):
            player = phone(app)
            assert join(player, code, seat).status_code == 303  # six joins, twice the burst: none counted
            seated.append((player, code))
    late = phone(app)
    for _ in range(3):  # a seat taken is a failed join: three fill the bucket
        assert join(late, code, 1).status_code == 409
    assert late.get(f"/tables/{code}", headers={"Accept": "text/html"}).status_code == 429
    assert late.get(f"/tables/{code}/join").status_code == 429
    assert late.get("/tables/ABCDEF").status_code == 429
    for host, code in hosts:  # the host's cookie passes
        start(host, code)
    for player, code in seated:  # and each seat's
        assert player.get(f"/tables/{code}/play").status_code == 200
        assert claim(player, code, "cast").status_code in (303, 409)  # judged: the first at a table wins
        assert player.get(f"/tables/{code}").status_code == 200
    for _, code in hosts:
        types = [event.type for event in table_events(app, code)]
        kept = [t for t in types if t != "claim_refused"]  # the later claims of CAST are refused in public
        assert kept[-2:] == ["challenge_started", "claim"] and types.count("claim_refused") == 2


def table_events(app, code: str) -> list:
    from app.tables import tables

    with app.app_context():
        return tables().events(code)


def latest_box(html: str) -> str:
    return text(re.search(r'<section class="verdict table-latest.*?</section>', html, flags=re.S).group(0))


def test_a_refused_claim_is_seen_on_every_phone_and_the_table_view_by_name(app, table):
    code, host, ann, bob = table
    assert claim(ann, code, "zzzq").status_code == 409
    for client, path in ((bob, "play"), (host, "host"), (phone(app), "")):
        html = client.get(f"/tables/{code}/{path}".rstrip("/")).get_data(as_text=True)
        box = latest_box(html)
        assert "NOT VALID" in box and "Ann tried ZZZQ: not valid, nothing changes" in box, path
        claims = text(re.search(r'<section class="table-claims".*?</section>', html, flags=re.S).group(0))
        assert "Ann tried ZZZQ : not valid." in claims, path
        assert "seat 1" not in box.lower()


def test_the_end_of_a_challenge_and_of_the_game_show_in_the_big_box(app, table):
    code, host, ann, bob = table
    assert claim(ann, code, "cast").status_code == 303
    for challenge in (1, 2, 3):
        if challenge > 1:
            start(host, code)
        page = host.get(f"/tables/{code}/host").get_data(as_text=True)
        form = re.search(r'<form[^>]*>(?:(?!</form>).)*value="end_challenge".*?</form>', page, flags=re.S).group(0)
        assert post_form(host, f"/tables/{code}/host", form, action="end_challenge").status_code == 303
        box = latest_box(phone(app).get(f"/tables/{code}").get_data(as_text=True))
        ann_total, bob_total = totals(app, code)
        if challenge < 3:
            assert f"CHALLENGE {challenge} OVER" in box and f"Ann {ann_total} points Bob {bob_total} points" in box
    assert ann_total > bob_total  # CAST's four letters
    for client, path in ((ann, "play"), (bob, "play"), (phone(app), "")):
        box = latest_box(client.get(f"/tables/{code}/{path}".rstrip("/")).get_data(as_text=True))
        assert "GAME OVER" in box and "Ann wins" in box and f"Ann {ann_total} points" in box, path


def totals(app, code: str) -> list[int]:
    scores = app.extensions["tables"].state(code).to_dict()["wordsmith"]["scores"]
    return [sheet["total"] for sheet in scores["sheets"]]


def test_the_host_removes_a_seat_and_undoes_from_plain_forms(app):
    """docs/rules/tables.md: the host page's per-seat Remove and its Undo, which names the action it takes back and
    refuses (409) when another action came in after the page was drawn."""
    host = phone(app)
    code, _ = create(host, names=("Ann", "Bob", "Cy"))
    service = app.extensions["tables"]
    page = host.get(f"/tables/{code}/host").get_data(as_text=True)
    response = post_form(host, f"/tables/{code}/host", page, "seat-actions-3", action="remove", seat="3")
    assert response.status_code == 303
    assert service.state(code).seats[2].removed
    page = host.get(f"/tables/{code}/host").get_data(as_text=True)
    assert "3. Cy: left the table" in text(page) and "Undo Cy's removal" in text(page)
    assert ">Cy<" not in phone(app).get(f"/tables/{code}/join").get_data(as_text=True)  # not offered any more
    start(host, code)  # meanwhile the challenge starts: the Undo drawn before it names the removal, not the start
    stale = press(host, f"/tables/{code}/host", page, "Undo Cy's removal")
    assert stale.status_code == 409 and "look again" in text(stale.get_data(as_text=True))
    page = stale.get_data(as_text=True)
    assert "Undo the start of the challenge" in text(page)
    response = press(host, f"/tables/{code}/host", page, "Undo the start of the challenge")
    assert response.status_code == 303 and service.state(code).game_state.challenge == 0
    assert "Taken back: the start of the challenge." in text(host.get(f"/tables/{code}/host").get_data(as_text=True))


def test_the_playing_host_settles_a_tie_from_the_seat_page(app):
    """The playing host's one page: the casting vote on a tie (docs/rules/wordsmith.md, ruling 16) is on Ann's
    seat page when her phone also hosts and she is no party to the dispute; the other seats' pages have none.
    When the dispute is her own, the judge's verdict stands and no casting vote is offered (ruling 21)."""
    ann = phone(app)
    code, _ = create(ann, names=("Ann", "Bob", "Cy", "Di"))
    bob, cy, di = phone(app), phone(app), phone(app)
    for n, client in enumerate((ann, bob, cy, di), 1):
        assert join(client, code, n).status_code == 303
    start(ann, code)
    events = app.extensions["tables"].events

    def send(client, form_pattern, **fields):
        page = client.get(f"/tables/{code}/play").get_data(as_text=True)
        form = re.search(rf"<form[^>]*>(?:(?!</form>).)*{form_pattern}.*?</form>", page, flags=re.S).group(0)
        assert post_form(client, f"/tables/{code}/play", form, **fields).status_code == 303

    def objected_to(claimant, objector, word):
        claim(claimant, code, word)
        seq = [e for e in events(code) if e.type == "claim"][-1].seq
        page = objector.get(f"/tables/{code}/play").get_data(as_text=True)
        assert press(objector, f"/tables/{code}/play", page, f"Object to {word.upper()}").status_code == 303
        return seq

    def vote(client, seq, strike):
        send(client, 'name="action" value="vote"', action="vote", claim=str(seq), strike=strike)

    seq = objected_to(bob, cy, "cast")  # Ann and Di vote, one each: tied
    vote(ann, seq, "1")
    assert "You voted to strike CAST." in text(ann.get(f"/tables/{code}/play").get_data(as_text=True))
    vote(di, seq, "0")
    for client in (bob, cy, di):
        assert 'value="settle"' not in client.get(f"/tables/{code}/play").get_data(as_text=True)
    page = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    settle = re.search(r'<form[^>]*>(?:(?!</form>).)*name="action" value="settle".*?</form>', page, flags=re.S)
    posted = post_form(ann, f"/tables/{code}/play", settle.group(0), action="settle", claim=str(seq), strike="0")
    assert posted.status_code == 303
    assert "OBJECTION OVERRULED" in text(bob.get(f"/tables/{code}/play").get_data(as_text=True))
    seq = objected_to(ann, bob, "bag")  # Ann's own word: Cy and Di tie, and the host does not decide
    vote(cy, seq, "1")
    vote(di, seq, "0")
    page = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    assert 'value="settle"' not in page and "the host, Ann, made the claim" in text(page)


def test_word_by_word_the_big_box_counts_an_unused_circle_as_the_discard_box_it_checks(app):
    """Ruling 13: a circle the word leaves unused checks a discard box; the claim's sentence says so, beside the
    pieces it left (the sheet's Discards used counts both)."""
    code, host, ann, bob = word_by_word_table(app)
    service = app.extensions["tables"]
    service.act(code, Actor(host=True), {"type": "roll_word", "faces": ["red", "yellow", "blue_star"]})
    assert claim(ann, code, "bag").status_code == 303  # R4 Y3 B1 G2 and a circle: R1 Y1 left, the circle unused
    box = re.search(
        r'<section class="verdict table-latest.*?</section>', ann.get(f"/tables/{code}").get_data(as_text=True), re.S
    )
    assert "3 letters, 2 pieces discarded, 1 unused circle (a discard box each)." in text(box.group(0))


def test_secret_wordsmith_hides_the_pools_from_the_host_and_keeps_a_word_struck_at_the_end_on_its_sheet(app):
    """Ruling 12: while the challenge is played the host's controls say the pools are hidden (not that every seat
    has no pieces); once it ends, a word the judge strikes stays on its seat's sheet, struck, at 0 points."""
    host = phone(app)
    code, _ = create(host, variants=("secret",))
    ann, bob = phone(app), phone(app)
    assert join(ann, code, 1).status_code == 303 and join(bob, code, 2).status_code == 303
    start(host, code)
    hosting = text(host.get(f"/tables/{code}/host").get_data(as_text=True))
    assert "Pools now: hidden until the challenge ends" in hosting and "no pieces" not in hosting
    assert claim(ann, code, "cast").status_code == 303
    assert claim(ann, code, "acts").status_code == 303  # no new letter: judged with the rest at the end
    line = re.search(
        r'<li class="claim[^"]*" id="claim-\d+">.*?ACTS.*?</li>',
        ann.get(f"/tables/{code}/play").get_data(as_text=True),
        re.S,
    )
    assert "claimed: judged when the challenge ends" in text(line.group(0)) and "stands" not in text(line.group(0))
    assert claim(bob, code, "milk").status_code == 409  # Bob's pool cannot build it: his word stays his
    assert "Bob tried a word: not valid" in text(ann.get(f"/tables/{code}/play").get_data(as_text=True))
    app.extensions["tables"].act(code, Actor(host=True), {"type": "end_challenge"})
    html = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    sheet = re.search(r'id="my-sheet-title-1".*?</section>', html, re.S).group(0)
    assert "<del><strong>ACTS</strong></del> · struck, 0 points" in sheet and "<del><strong>CAST" not in sheet
    assert "The judge struck ACTS (Ann)." in latest_box(bob.get(f"/tables/{code}/play").get_data(as_text=True))
    line = text(re.search(r'<li class="claim[^"]*" id="claim-\d+">(?:(?!</li>).)*ACTS.*?</li>', html, re.S).group(0))
    assert "The judge, at the challenge's end: ACTS has no new letter" in line and line.count("struck out") == 1


def test_a_playing_hosts_controls_say_secret_wordsmith_has_nothing_to_strike(app):
    """Ruling 12: no overrules in Secret Wordsmith, so not "only each player's latest word can be struck"."""
    ann, bob = phone(app), phone(app)
    code, _ = create(ann, variants=("secret",))
    assert join(ann, code, 1).status_code == 303 and join(bob, code, 2).status_code == 303
    start(ann, code)
    assert claim(ann, code, "cast").status_code == 303
    html = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    strikes = re.search(r'<div id="host-claims".*?</section>', html, re.S).group(0)  # shown to the hosting phone
    assert "Nothing to strike in Secret Wordsmith" in strikes and "latest word" not in strikes


def test_word_by_word_a_rolls_circle_shows_in_the_seats_pool_until_its_word(app):
    """Ruling 13: a star rolled is a circle, a piece of any kind for that roll's word: the pool says so, as the
    judge counts it, until the seat has claimed the word."""
    host = phone(app)
    code, _ = create(host, variants=("word_by_word",))
    ann, bob = phone(app), phone(app)
    assert join(ann, code, 1).status_code == 303 and join(bob, code, 2).status_code == 303
    start(host, code, pool="")
    app.extensions["tables"].act(
        code, Actor(host=True), {"type": "roll_word", "faces": ["green_star", "yellow", "red"]}
    )

    def pool(client):
        html = client.get(f"/tables/{code}/play").get_data(as_text=True)
        return text(re.search(r'id="pool-title-1".*?</section>', html, re.S).group(0))

    assert "And this roll's circle: a piece of any kind, for word 1." in pool(ann)
    # RAY costs R3 Y5 G1: the host sets Ann's pool to all of it but the green, which the circle gives
    app.extensions["tables"].act(code, Actor(host=True), {"type": "set_pool", "seat": 1, "pool": "R3 Y5"})
    assert claim(ann, code, "ray").status_code == 303
    assert "this roll's circle" not in pool(ann)


def test_word_by_word_the_roll_waits_for_a_vote_and_no_circle_is_offered_after_the_end(app):
    """Ruling 17: the next roll waits for a vote, and the roll box says so rather than offer a roll that is refused;
    once the challenge is over no pool reads the last roll's circle as still to use."""
    host = phone(app)
    code, _ = create(host, names=("Ann", "Bob", "Cy"), variants=("word_by_word",))
    ann, bob, cy = phone(app), phone(app), phone(app)
    for n, client in enumerate((ann, bob, cy), 1):
        assert join(client, code, n).status_code == 303
    start(host, code, pool="")
    tables = app.extensions["tables"]
    tables.act(code, Actor(host=True), {"type": "roll_word", "faces": ["green_star", "yellow", "red"]})
    for n, client, word in ((1, ann, "bag"), (2, bob, "gab"), (3, cy, "tab")):
        cost = " ".join(f"{k}{c}" for k, c in zip("RYBG", load_alphabet().cost(word)) if c)
        tables.act(code, Actor(host=True), {"type": "set_pool", "seat": n, "pool": cost})
        assert claim(client, code, word).status_code == 303
    state = tables.state(code).game_state
    bag = next(seq for seq, c in state.claims.items() if c.seat == 1)
    tables.act(code, Actor(seat=2), {"type": "object", "claim": bag})
    roll = text(re.search(r'<div id="roll".*?</section>', cy.get(f"/tables/{code}/play").get_data(True), re.S)[0])
    assert "The next roll waits for the table's vote on BAG." in roll and "Roll the dice" not in roll
    tables.act(code, Actor(host=True), {"type": "end_challenge"})
    assert "circle" not in text(
        re.search(r'id="pool-title-1".*?</section>', ann.get(f"/tables/{code}/play").get_data(True), re.S)[0]
    )


def word_by_word_table(app, pool: str = "R3 Y2 B1 G2"):
    """A started Word by Word table of Ann and Bob, each on a phone: (code, the host's phone, Ann's, Bob's)."""
    host = phone(app)
    code, _ = create(host, variants=("word_by_word",))
    ann, bob = phone(app), phone(app)
    assert join(ann, code, 1).status_code == 303 and join(bob, code, 2).status_code == 303
    start(host, code, pool)
    return code, host, ann, bob


def test_word_by_word_the_real_dice_are_entered_from_a_seats_page(app):
    """Ruling 13: the app rolls, or the faces the real dice showed are entered; a face no die has is a 422 naming the
    field."""
    code, host, ann, bob = word_by_word_table(app)
    page = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    assert (
        "The real dice showed" in text(page) and shown(page).count('form="act-faces"') == 5
    )  # three dice, the word they are for and the button
    view = phone(app).get(f"/tables/{code}").get_data(as_text=True)
    assert "The real dice showed" not in text(view) and 'form="act-faces"' not in shown(view)  # the TV enters none
    wrong = post_form(
        ann, f"/tables/{code}/play", page, "act-faces", action="roll_word", faces=["red", "red", "purple"]
    )
    assert wrong.status_code == 422 and "faces" in text(wrong.get_data(as_text=True))
    faces = ["green_star", "yellow", "red"]
    sent = post_form(ann, f"/tables/{code}/play", page, "act-faces", action="roll_word", faces=faces)
    assert sent.status_code == 303
    assert app.extensions["tables"].state(code).game_state.rolls[-1]["faces"] == faces


def test_word_by_word_the_host_rolls_from_the_roll_box_which_says_what_it_waits_for_and_undo_names_the_word(app):
    """The host's page has one roll, the roll box's (no second button that the table would refuse while a word is
    open), and the Undo of a roll names which word's roll it takes back."""
    code, host, ann, bob = word_by_word_table(app)
    page = host.get(f"/tables/{code}/host").get_data(as_text=True)
    form = re.search(r'<div class="table-roll-form" id="roll-form" data-for="([^"]*)"', page)
    assert (
        form and "host" in form.group(1).split() and page.count('form="act-roll"') == 2
    )  # the word it is for, and the button
    assert press(host, f"/tables/{code}/host", page, "Roll the dice for word 1").status_code == 303
    page = host.get(f"/tables/{code}/host").get_data(as_text=True)
    roll = text(re.search(r'<div id="roll".*?</section>', page, re.S)[0])
    assert "The next roll waits for Ann and Bob to claim word 1." in roll
    assert 'form="act-roll"' not in page and "Roll for the next word" not in text(page)
    assert press(host, f"/tables/{code}/host", page, "Undo the roll for word 1").status_code == 303
    for client in (ann, bob):
        box = latest_box(client.get(f"/tables/{code}/play").get_data(as_text=True))
        assert "The host undid the roll for word 1" in box, box
    assert app.extensions["tables"].state(code).game_state.rolls == []


def test_the_tv_names_the_variants_and_the_create_form_each_games_players_as_the_rules_count_them(app):
    host = phone(app)
    code, _ = create(host, variants=("advanced", "word_by_word"))
    heading = re.search(r'<h1 class="page-title">.*?</h1>', phone(app).get(f"/tables/{code}").get_data(True), re.S)
    assert text(heading.group(0)).endswith("Wordsmith · Advanced Game, Word by Word")
    form = text(phone(app).get("/tables").get_data(as_text=True))
    assert "players by name: Wordsmith 2 to 4, Word by Word 1 to 4, Booksmack 2 to 6" in form


def test_a_seats_pool_says_what_was_added_since_its_last_word(app, table):
    """The die rolled in the app: the seat's pool reads what came up, not only a count that changed."""
    code, host, ann, bob = table
    page = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    assert post_form(ann, f"/tables/{code}/play", page, "add-form", action="add", piece="Y").status_code == 303
    html = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    pool = re.search(r'id="pool-title-1".*?</section>', html, re.S).group(0)
    assert "Added since the start: yellow." in text(pool)
