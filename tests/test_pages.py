"""The pages, rendered by the server (no browser needed): judge, solver, Booksmack, Color Smash."""

from __future__ import annotations

import gzip
import hashlib
import re
from html import unescape
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app import DEFAULTS
from solver.lexicon import is_obscure, load_lexicons
from solver.search import piece_index, solve

ONE_APP = True  # its tests only send requests: one app for the module (conftest.py, `app`)

PAGES = ("/", "/solve", "/booksmack", "/colorsmash")


def page(client, url: str, status: int = 200) -> str:
    """The page as it shows: without its <template> elements, inert markup the offline judge fills in (the verdict's
    parts, app/offline.py)."""
    response = client.get(url)
    assert response.status_code == status, (url, response.status_code)
    assert response.mimetype == "text/html"
    return re.sub(r"<template\b.*?</template>", "", response.get_data(as_text=True), flags=re.S)


def texts(html: str, css_class: str) -> list[str]:
    """Return the text of every element whose class list starts with `css_class`, tags stripped and unescaped."""
    found = re.findall(rf'<(\w+) class="{css_class}(?:[ "][^>]*)?>(.*?)</\1>', html, flags=re.S)
    return [" ".join(unescape(re.sub(r"<[^>]+>", " ", inner)).split()) for _, inner in found]


def errors(html: str) -> str:
    match = re.search(r'<div class="form-errors".*?</div>', html, flags=re.S)
    assert match, "no form errors on the page"
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", match.group(0))).split())


def location(response) -> tuple[str, dict]:
    url = urlparse(response.headers["Location"])
    return url.path, parse_qs(url.query)


# --- every page ----------------------------------------------------------------------


@pytest.mark.parametrize("path", PAGES)
def test_every_page_renders_without_state(client, path):
    html = page(client, path)
    assert 'name="viewport"' in html
    assert len(re.findall(r"<h1[ >]", html)) == 1
    assert re.search(r"<title>[^<]+</title>", html)
    assert "verdict--valid" not in html and "verdict--invalid" not in html
    # The nav links the four pages and marks this one.
    for other in PAGES:
        assert f'href="{other}"' in html
    assert re.search(rf'href="{re.escape(path)}" aria-current="page"', html)


@pytest.mark.parametrize("path", PAGES)
def test_forms_are_gets_enhanced_by_one_script(client, path):
    html = page(client, path)
    # The home page also holds the live-table create form: a POST (it writes a table), tested in test_pages_tables.py.
    forms = [form for form in re.findall(r"<form[^>]*>", html) if 'id="table-create"' not in form]
    assert forms
    for form in forms:
        assert 'method="get"' in form and "data-enhance" in form, form
        action = re.search(r'action="([^"]+)"', form).group(1)
        assert urlparse(action).path == path  # url_for of the page itself: what the script fetches
    script = re.search(r'<script src="(/static/pages\.[0-9a-f]{10}\.js)" defer></script>', html)
    style = re.search(r'<link rel="stylesheet" href="(/static/style\.[0-9a-f]{10}\.css)">', html)
    assert script and style
    for url in (script.group(1), style.group(1)):
        assert client.get(url).status_code == 200


@pytest.mark.parametrize("name", ["pages.js", "style.css"])
def test_static_files_have_fingerprinted_names_and_long_lifetimes(app, client, name):
    html = page(client, "/")
    url = re.search(rf'"(/static/{name.split(".")[0]}\.([0-9a-f]{{10}})\.{name.split(".")[1]})"', html)
    assert url, name
    body = (Path(app.root_path) / "static" / name).read_bytes()
    assert url.group(2) == hashlib.sha256(body).hexdigest()[:10]  # the name changes with the content
    response = client.get(url.group(1))
    assert response.data == body and "immutable" in response.headers["Cache-Control"]
    assert "max-age=31536000" in response.headers["Cache-Control"]
    assert client.get(url.group(1), headers={"If-None-Match": response.headers["ETag"]}).status_code == 304
    # The plain name, and a fingerprint that is not the content's (a page from before a deploy): revalidated.
    for other in (f"/static/{name}", url.group(1).replace(url.group(2), "0" * 10)):
        stale = client.get(other)
        assert stale.data == body and stale.headers["Cache-Control"] == "no-cache"
    assert client.get("/static/nothing.css").status_code == 404


@pytest.mark.parametrize(
    "path", ["/solve?pool=R9+Y9+B4+G4+W2", "/", "/booksmack?cards=c+A+f+%C3%A9", "/static/style.css"]
)
def test_pages_and_static_files_are_gzipped_for_clients_that_accept_it(client, path):
    plain = client.get(path)
    assert "Content-Encoding" not in plain.headers and "Accept-Encoding" in plain.headers["Vary"]
    zipped = client.get(path, headers={"Accept-Encoding": "gzip, deflate"})
    assert zipped.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in zipped.headers["Vary"]
    assert unsigned(gzip.decompress(zipped.data)) == unsigned(plain.data)
    assert len(zipped.data) < len(plain.data) / 2


def unsigned(page: bytes) -> bytes:
    """A page without its form's CSRF token: the token is signed with the second it was made in, so two loads of
    the same page a second apart differ there alone."""
    return re.sub(rb'(name="csrf_token" value=")[^"]*"', rb'\1"', page)


ENCODING = st.sampled_from(["gzip", "deflate", "br", "identity", "*", "x-gzip", "zstd", "GZIP"])
WEIGHT = st.sampled_from(["", ";q=0", ";q=0.0", ";q=0.5", ";q=1", "; q=0", ";q=0.001"])


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(ENCODING, WEIGHT), max_size=4))
def test_whether_a_request_takes_gzip_is_read_as_werkzeug_reads_it(app, encodings):
    """The quick reading of a browser's plain Accept-Encoding agrees with the full parse on every header."""
    from app.assets import accepts_gzip

    header = ", ".join(name + weight for name, weight in encodings)
    with app.test_request_context(headers={"Accept-Encoding": header} if encodings else {}):
        from flask import request

        assert accepts_gzip() == ("gzip" in request.accept_encodings and request.accept_encodings["gzip"] > 0)


def test_api_answers_are_not_gzipped(client):
    response = client.get("/api/v1/words/cat", headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in response.headers


def test_page_forms_are_gets_or_carry_a_token(client):
    for path in (*PAGES, "/?word=cat", "/docs"):
        html = page(client, path)
        for form in re.findall(r"<form[^>]*>.*?</form>", html, flags=re.S):
            method = re.search(r'method="(\w+)"', form)
            assert (method and method.group(1).lower() == "get") or 'name="csrf_token"' in form, form[:200]


@pytest.mark.parametrize(
    "url",
    [
        "/?word=%3Cscript%3Ealert(1)%3C/script%3E&pool=R3+Y2&previous=%3Cb%3E&claimed=%3Ci%3E",
        "/?word=cat&pool=%3Cscript%3E",
        "/solve?pool=%3Cscript%3E",
        "/solve?rack=%3Cscript%3E",
        "/booksmack?cards=%3Cscript%3E",
        "/booksmack?cards=a&add=%3Cscript%3E",
        "/colorsmash?splat=%3Cscript%3E&word=red",
    ],
)
def test_markup_is_shown_never_run(client, url):
    response = client.get(url, follow_redirects=True)
    # Only the first URL is valid input (the word is judged, the markup shown as text); the others are refused.
    assert response.status_code == (200 if url.startswith("/?word=%3Cscript") else 422)
    html = response.get_data(as_text=True)
    assert "<script>" not in html and "<SCRIPT>" not in html and "<b>" not in html and "<i>" not in html
    assert "&lt;script&gt;" in html.lower()


# These look bad but are not refused: an empty form (a word of only an invisible character, no
# pool, no cards) is shown blank, and W60 is a legal pool of 60 wilds. `?` as the required letter
# is accepted (the page shows "required ?"): if the required-letter validator comes to refuse
# it, it leaves this set.
NOT_REFUSED = {"/?word=%00", "/solve?pool=", "/solve?pool=W60", "/booksmack?cards=,,,"}


@pytest.mark.parametrize(
    "url",
    [
        "/?word=bag&pool=Q9",
        "/?word=bag&pool=R999",
        "/?word=bag&pool=" + "r" * 201,
        "/?word=bag&pool=R3&add=purple",
        "/?word=bag&pool=R3&remove=everything",
        "/?word=bag&pool=R60&add=red",
        "/?word=bag&pool=R3&discards_used=-1",
        "/?word=bag&pool=R3&discards_used=x",
        "/?word=bag&pool=R3&crossed_white=7",
        "/?word=bag&required=xy",
        "/?word=bag&required=1",
        "/?word=bag&pool=R3&crossed_white=6&discards_used=12",
        "/?word=bag&lexicon=huge",
        "/?word=%00",
        "/?word=" + "a" * 65,
        "/?word=bag&previous=" + "b" * 65,
        "/solve?pool=",
        "/solve?pool=W60",
        "/solve?rack=ab1",
        "/solve?rack=%3F%3F%3F",
        "/solve?rack=" + "a" * 21,
        "/solve?pool=xx&rack=cat",
        "/booksmack?cards=zz9",
        "/booksmack?cards=27",
        "/booksmack?cards=a&remove=first",
        "/booksmack?cards=" + "a+" * 41,
        "/booksmack?cards=%E2%80%AE",
        "/booksmack?cards=,,,",
        "/booksmack?cards=a&lexicon=huge",
        "/colorsmash?splat=mauve",
        "/colorsmash?word=red",
        "/colorsmash?splat=red&word=steal",
        "/colorsmash?splat=" + "r" * 41,
    ],
)
def test_bad_input_is_a_readable_error_never_a_500(client, url):
    response = client.get(url)
    assert response.status_code == (200 if url in NOT_REFUSED else 422), (url, response.status_code)
    if response.status_code == 422:
        message = errors(response.get_data(as_text=True))
        assert len(message) > 25, message  # a sentence, not a code


def test_unknown_parameters_are_ignored(client):
    assert client.get("/?word=cat&utm_source=table").status_code == 200
    assert client.get("/colorsmash?splat=red&utm_source=table").status_code == 200


# --- the judge (/) ---------------------------------------------------------------------


def test_home_without_a_word(client):
    html = page(client, "/")
    assert '<form class="judge" id="judge-form" method="get"' in html
    for kind in ("red", "yellow", "blue", "green", "wild"):
        assert f'name="add" value="{kind}"' in html and f'name="remove" value="{kind}"' in html
    assert "verdict--" not in html


def test_valid_word(client):
    html = page(client, "/?word=qi&lexicon=standard")
    assert "verdict--valid" in html and ">VALID<" in html and "QI is a valid word." in html
    assert "<details" in html and "<summary>Definition</summary>" in html  # behind a tap
    assert re.search(r'<option value="standard"[^>]* selected', html)


def test_valid_word_without_a_sense_says_no_definition_is_at_hand(client):
    """A valid word WordNet has no sense for is valid, and says so honestly rather than showing nothing."""
    lexicons = load_lexicons()
    sense_less = next(
        word
        for word in ("abductee", "achingly", "absurdist", "acidly")
        if word in lexicons["standard"] and not lexicons.define(word)
    )
    html = page(client, f"/?word={sense_less}&lexicon=standard")
    assert "verdict--valid" in html and "No definition at hand" in html
    assert "<summary>Definition</summary>" not in html
    html = page(client, "/?word=qi&lexicon=standard")
    assert "No definition at hand" not in html  # a word with senses shows them instead
    html = page(client, "/?word=zzzqx&lexicon=standard")
    assert "No definition at hand" not in html  # not a word: nothing to define


def test_invalid_word_shows_the_reason(client):
    html = page(client, "/?word=qi&lexicon=small")
    assert "verdict--invalid" in html and "NOT VALID" in html
    assert "QI is only in the standard dictionary, not in the small one." in html
    assert re.search(r'<option value="small"[^>]* selected', html)


def test_word_is_trimmed(client):
    assert "verdict--valid" in page(client, "/?word=%20cat%20")


def test_output_is_escaped(client):
    html = page(client, "/?word=%3Cscript%3Ealert(1)%3C/script%3E")
    assert "<script>alert(1)" not in html and "<SCRIPT>" not in html
    assert "&lt;SCRIPT&gt;ALERT(1)&lt;/SCRIPT&gt;" in html
    assert 'value="&lt;script&gt;alert(1)&lt;/script&gt;"' in html


def test_bad_input_is_shown_on_the_page(client):
    from app import DEFAULTS

    limit = DEFAULTS["MAX_WORD_LENGTH"]
    html = page(client, "/?word=" + "a" * (limit + 1), 422)
    assert "form-errors" in html and f"at most {limit} characters" in html
    assert "lexicon" in page(client, "/?word=cat&lexicon=huge", 422)


def test_bag_with_its_pool_is_valid(client):
    html = page(client, "/?word=bag&pool=R3+Y2+B1+G2")
    assert texts(html, "verdict__mark") == ["VALID"] and "verdict--valid" in html
    assert texts(html, "verdict__word") == ["BAG"]
    assert texts(html, "verdict__message") == ["BAG is a valid word."]
    assert texts(html, "verdict__facts") == ["Scores 3 points. Uses every piece: nothing to discard."]
    assert "<title>BAG: valid · Judge · Wordsmith judge</title>" in html


def test_the_word_is_drawn_in_its_letter_pieces(client):
    html = page(client, "/?word=bag&pool=R3+Y2+B1+G2")
    letters = re.findall(r'<li class="letter">(.*?)</li>', html, flags=re.S)
    assert len(letters) == 3
    b = letters[0]
    assert '<span class="letter__char">B</span>' in b
    # B is one long straight (red) and two small U-curves (green): the alphabet data.
    assert b.count("piece--red") == 1 and b.count("piece--green") == 2 and b.count("piece--") == 3
    assert ": 1 red, 2 green" in b  # the same, for a screen reader


def test_gab_after_bag_has_no_new_letter(client):
    html = page(client, "/?word=gab&pool=R3+Y2+B1+G2&previous=bag")
    assert "verdict--invalid" in html
    assert texts(html, "verdict__message") == ["GAB has no new letter: every letter of it was already in BAG."]
    assert 'More: <span class="more__set">previous BAG</span>' in html  # the collapsed section says what is set


def test_every_objection_is_a_sentence(client):
    html = page(client, "/?word=cast&pool=R3&claimed=bag,+cast&required=z&previous=acts")
    assert texts(html, "verdict__message") == [
        "CAST has already been claimed in this challenge.",
        "CAST has no new letter: every letter of it was already in ACTS.",
        "CAST does not contain the required letter Z.",
        "Your pool cannot build CAST: it is short of 2 yellow pieces, 1 blue piece and 2 green pieces.",
    ]


def test_peru_is_a_proper_name(client):
    for url in ("/?word=Peru", "/?word=Peru&pool=R3+Y2+B1+G2+W4"):
        html = page(client, url)
        assert "verdict--invalid" in html
        assert "PERU is a proper name, and proper names are not allowed." in texts(html, "verdict__message")
        # WordNet writes Peru capitalised: definitions come from lowercase lemmas only (docs/lexicon.md, Definitions).
        assert "<summary>Definition</summary>" not in html
    html = page(
        client, "/?word=zori"
    )  # refused in standard, yet a word: the reason may be in the dictionary, one tap away
    assert "verdict--invalid" in html and "<summary>Definition</summary>" in html


def test_leftovers_say_what_they_cost(client):
    html = page(client, "/?word=bag&pool=R5+Y2+B1+G2+W1&discards_used=5")
    assert "verdict--valid" in html
    assert (
        "Leaves 3 pieces over (2 red, 1 wild): they go in 3 discard boxes, 2 of them blue, so you lose 2 bonus points."
        in texts(html, "verdict__facts")[0]
    )
    html = page(client, "/?word=bag&pool=R4+Y2+B1+G2&discards_used=8")  # the 9th box is the first blue one
    assert (
        "Leaves 1 piece over (1 red): it goes in a blue discard box, so you lose 1 bonus point."
        in texts(html, "verdict__facts")[0]
    )
    html = page(client, "/?word=bag&pool=R4+Y2+B1+G3")
    assert (
        "Leaves 2 pieces over (1 red, 1 green): they go in white discard boxes, which cost nothing."
        in texts(html, "verdict__facts")[0]
    )
    html = page(client, "/?word=bag&pool=R4+Y2+B1+G2&discards_used=12")
    assert "verdict--invalid" in html
    assert "must use every piece" in texts(html, "verdict__message")[0]


def test_without_a_pool_the_other_rules_still_judge(client):
    html = page(client, "/?word=gab&previous=bag")
    assert texts(html, "verdict__message") == ["GAB has no new letter: every letter of it was already in BAG."]
    assert texts(html, "verdict__unchecked") == [
        "Not checked: the pieces (no pool), already claimed (no claimed words)."
    ]
    html = page(client, "/?word=cast&previous=bag")
    assert "verdict--valid" in html and texts(html, "verdict__facts") == ["Scores 4 points."]
    assert "the pieces (no pool)" in texts(html, "verdict__unchecked")[0]


def test_a_draft_shows_no_verdict(client):
    """A chip tap lands on draft=1: the form as it stands, and no verdict until Judge is pressed."""
    html = page(client, "/?word=bag&pool=R3+Y2+B1+G2&draft=1")
    assert "verdict--" not in html and "verdict__mark" not in html and "Not judged yet" in html
    assert 'value="bag"' in html and 'value="R3 Y2 B1 G2"' in html
    assert "verdict--valid" in page(client, "/?word=bag&pool=R3+Y2+B1+G2")  # the shared verdict URL


@pytest.mark.parametrize(
    "query, missing",
    [
        ("word=cat", ["the pieces (no pool)", "a new letter (no previous word)", "already claimed (no claimed words)"]),
        ("word=cat&pool=R3+Y2+B1", ["a new letter (no previous word)", "already claimed (no claimed words)"]),
        ("word=cat&previous=bag", ["the pieces (no pool)", "already claimed (no claimed words)"]),
        ("word=cat&pool=R3+Y2+B1&claimed=dog", ["a new letter (no previous word)"]),
        ("word=zzxq&previous=bag", ["the pieces (no pool)", "already claimed (no claimed words)"]),
        ("word=cat&pool=R3+Y2+B1&previous=bag&claimed=dog", []),
    ],
)
def test_the_verdict_says_what_it_did_not_check(client, query, missing):
    html = page(client, "/?" + query)
    assert texts(html, "verdict__unchecked") == ([f"Not checked: {', '.join(missing)}."] if missing else [])


def test_tier_is_said_in_plain_words(client):
    html = page(client, "/?word=cat&lexicon=large")
    assert texts(html, "verdict__lexicon") == ["large lexicon (in the small one too)"]
    assert texts(page(client, "/?word=cat&lexicon=small"), "verdict__lexicon") == ["small lexicon"]
    assert "tier" not in html


@pytest.mark.parametrize(
    "query, field, words",
    [
        ("word=cat&discards_used=two", "discards_used", "type a whole number, like 3"),
        ("word=cat&discards_used=99", "discards_used", "at most 12"),
        ("word=cat&crossed_white=-1", "crossed_white", "0 or more"),
        ("word=cat&pool=R3+Q", "pool", "not a piece kind"),
        ("word=cat&required=xy", "required", "at most 1 character"),
        ("word=cat&pool=R3&required=1", "required", "give a single letter a-z"),
        (
            "word=" + "a" * (DEFAULTS["MAX_WORD_LENGTH"] + 1),
            "word",
            f"at most {DEFAULTS['MAX_WORD_LENGTH']} characters",
        ),
    ],
)
def test_errors_show_at_their_field_in_the_players_words(client, query, field, words):
    html = page(client, "/?" + query, 422)
    input_id = {"pool": "pool-text"}.get(field, field)
    tag = re.search(rf'<input id="{input_id}"[^>]*>', html).group(0)
    assert 'aria-invalid="true"' in tag and f'aria-describedby="{field}-error"' in tag
    message = re.search(rf'<p class="field-error" id="{field}-error">(.*?)</p>', html, flags=re.S).group(1)
    assert words in unescape(message)
    assert "parse" not in message and "Input should" not in message  # no validator wording
    assert f'href="#{input_id}"' in html  # the summary above links to the field
    assert html.count('aria-invalid="true"') == 1  # only the bad field


def test_pool_text_is_shown_the_canonical_way(client):
    html = page(client, "/?word=bag&pool=rrryybgg")
    assert 'name="pool" type="text" value="R3 Y2 B1 G2"' in html
    assert re.search(r'<span class="chip__count">3</span>\s*<span class="chip__name">red</span>', html)


@pytest.mark.parametrize(
    "query, pool",
    [
        ("word=bag&pool=R3+Y2&add=red", "R4 Y2"),
        ("word=bag&add=wild", "W1"),
        ("word=bag&pool=R3+Y2&remove=yellow", "R3 Y1"),
        ("word=bag&pool=R3&remove=blue", "R3"),  # nothing to take away: the pool stays
        ("word=bag&pool=rrr&remove=red", "R2"),
    ],
)
def test_a_tapped_chip_redirects_to_the_canonical_url(client, query, pool):
    response = client.get("/?" + query + "&previous=&claimed=&lexicon=")  # a no-JS form sends empty fields too
    assert response.status_code == 303
    path, state = location(response)
    assert path == "/" and state == {"word": ["bag"], "pool": [pool], "draft": ["1"]}


def test_clearing_the_pool_drops_it_from_the_url(client):
    response = client.get("/?word=bag&pool=R3+Y2&remove=all&lexicon=large&discards_used=0")
    assert location(response) == ("/", {"word": ["bag"], "lexicon": ["large"], "draft": ["1"]})


# --- the solver (/solve) -----------------------------------------------------------------


def test_solver_groups_words_by_score(client):
    html = page(client, "/solve?pool=R3+Y2+B1+G2")
    headings = texts(html, "results__heading")
    letters = [int(h.split()[0]) for h in headings if h[0].isdigit()]
    assert letters == sorted(letters, reverse=True) and letters[0] == 5 and "5 letters 1 word" in headings
    assert "4 letters 35 words" in headings  # the word list's rulings: CRIT and 'TIS in, TITS out
    words = re.findall(r'<li><a class="word-link" href="/\?word=(\w+)&amp;pool=R3\+Y2\+B1\+G2"', html)
    assert {"bag", "cast", "sigil"} <= set(words)
    assert texts(html, "best__word") == ["SIGIL"]
    total = solve(piece_index(load_lexicons()["standard"]), "R3 Y2 B1 G2").total  # what the API's solve counts
    assert f"R3 Y2 B1 G2 builds {total} words." in texts(html, "results__count")


WORD_FACTS = r'<li><a class="word-link" href="[^"]*">([^<]+)</a>\s*<small class="word-facts">(.*?)</small>'


@pytest.mark.parametrize("pool, discards_used", [("R5 Y3 B1 G2", 0), ("R5 Y3 B1 G2 W1", 10), ("R3 Y2 B1 G2", 0)])
def test_solver_shows_points_and_leftovers_without_a_hover(app, client, pool, discards_used):
    from app.resources import lexicon_named, pieces_for
    from solver import search
    from solver.wordsmith import discard_boxes

    html = page(client, f"/solve?pool={pool.replace(' ', '+')}&discards_used={discards_used}")
    shown = {
        unescape(word): " ".join(unescape(re.sub(r"<[^>]+>", "", facts)).split())
        for word, facts in re.findall(WORD_FACTS, html, flags=re.S)
    }
    with app.app_context():
        found = search.solve(pieces_for(lexicon_named(None)), pool, limit=300).words
    boxes = discard_boxes(0, discards_used)
    assert shown and set(shown) == {w.word for w in found}
    for w in found:  # net points = letters − the blue boxes its leftovers check; the leftovers, or ★ all for none
        left = w.leftover.size
        points = (
            "too many leftovers"
            if left > boxes.left
            else f"{w.score - boxes.blue_cost(left)} pt" + ("" if w.score - boxes.blue_cost(left) == 1 else "s")
        )
        rare = " · rare" if is_obscure(w.familiarity) else ""
        assert shown[w.word] == f"{points} · " + (f"leaves {w.leftover}" if left else "★ all") + rare, w
    assert "title=" not in html.split('id="words"')[1]  # nothing hides in a tooltip


def test_solver_lists_familiar_words_first_and_marks_rare_ones(client):
    """R4 Y3 B2 G2: TOAST heads the 5-letter words that use every piece; SALOL, which few players know, says so."""
    html = page(client, "/solve?pool=R4+Y3+B2+G2")
    shown = [
        (unescape(word), " ".join(unescape(re.sub(r"<[^>]+>", "", facts)).split()))
        for word, facts in re.findall(WORD_FACTS, html, flags=re.S)
    ]
    five = [word for word, facts in shown if len(word) == 5 and facts.startswith("5 pts · ★ all")]
    assert five[:3] == ["toast", "sided", "moist"] and five[-1] == "salol"
    rare = {word for word, facts in shown if facts.endswith(" · rare")}
    assert {"salol", "moils", "ollas"} <= rare and not {"toast", "moist", "stick"} & rare
    assert '<span class="rare-mark">rare</span> marks a word most players will not know' in html
    rack = page(client, "/solve?rack=retains")
    assert re.search(r"<li>antsier <small class=\"score\">7</small> <span class=\"rare-mark\">rare</span></li>", rack)
    assert re.search(r"<li>retains <small class=\"score\">7</small></li>", rack)


def test_solver_pages_through_every_word(client):
    pool = "R9+Y9+B4+G4+W2"
    first = page(client, f"/solve?pool={pool}")
    total = int(re.search(r"builds (\d+) words", first).group(1))
    assert total > 1000 and f"page 1 of {-(-total // 300)}" in first
    by_length = dict(
        map(int, pair) for pair in re.findall(r'<span class="results__length">(\d+) letters?: (\d+)</span>', first)
    )
    assert sum(by_length.values()) == total  # the per-length counts count every result, not the shown 300
    for n, shown in re.findall(r'<h2 class="results__heading">(\d+) letters? <small>(\d+) word', first):
        assert by_length[int(n)] == int(shown)
    words = lambda html: re.findall(r'<li><a class="word-link" href="[^"]*">([^<]+)</a>', html)
    assert len(words(first)) == 300
    next_url = unescape(re.search(r'<a class="pager__link" rel="next" href="([^"]+)"', first).group(1))
    assert parse_qs(urlparse(next_url).query)["page"] == ["2"]
    second = page(client, next_url.split("#")[0])
    assert not set(words(first)) & set(words(second)) and len(words(second)) == 300
    last_page = -(-total // 300)
    last = page(client, f"/solve?pool={pool}&page={last_page}")
    assert len(words(last)) == total - 300 * (last_page - 1) and 'rel="next"' not in last
    assert "only" in errors(page(client, f"/solve?pool={pool}&page={last_page + 1}", 422))
    assert "whole number" in errors(page(client, f"/solve?pool={pool}&page=two", 422))


def test_solver_word_links_keep_the_claim(client):
    html = page(client, "/solve?pool=R3+Y2+B1+G2&previous=bag&claimed=cast&discards_used=2&lexicon=large")
    links = [urlparse(unescape(href)) for href in re.findall(r'<a class="word-link" href="([^"]+)"', html)]
    assert links
    for link in links:
        state = parse_qs(link.query)
        assert state["previous"] == ["bag"] and state["claimed"] == ["cast"] and state["discards_used"] == ["2"]
        assert state["lexicon"] == ["large"]


@pytest.mark.parametrize("word", ["bag", "it's", "x-ray", "<b>&", "é ü"])
@pytest.mark.parametrize("links", [{}, {"previous": "bag", "claimed": "cast, it's", "discards_used": 2}])
def test_solver_word_links_read_as_url_for_writes_them(app, word, links):
    # the solver page writes each word's judge link from one url_for per pool
    from flask import url_for

    from app.pages.solve import judge_links

    with app.test_request_context("/solve"):
        assert judge_links("R3 Y2 W1", links)(word) == url_for("pages.home", word=word, pool="R3 Y2 W1", **links)


def test_solver_hints_show_net_points(client):
    html = page(client, "/solve?pool=R3+Y2+B1+G2")
    hints = re.findall(
        r'<a class="word-link" href="[^"]*">(\w+) <small class="net">(\d+) pts?</small>', html.split('id="words"')[0]
    )
    assert hints and all(int(net) <= len(word) for word, net in hints)


def test_solver_says_what_one_more_piece_opens(client):
    html = page(client, "/solve?pool=R3+Y2+B1+G2")
    assert "Add a piece" in texts(html, "results__heading")
    hints = texts(html, "add-hint")
    assert [re.search(r"\+1 (\w+)", h).group(1) for h in hints] == ["red", "yellow", "blue", "green", "wild"]
    assert all(len(h.split(",")) > 1 for h in hints)  # each kind opens several words
    # A hint's words link to the judge with the piece added.
    assert re.search(r'href="/\?word=\w+&amp;pool=R4\+Y2\+B1\+G2"', html)


def test_solver_keeps_the_rules(client):
    html = page(client, "/solve?pool=R3+Y2+B1+G2&previous=bag&required=s")
    words = re.findall(r'<li><a class="word-link" href="/\?word=([\w\']+)&amp;', html)
    assert words and all("s" in w for w in words) and "bag" not in words and "gab" not in words


def test_solver_rack_mode(client):
    html = page(client, "/solve?rack=cat%3F")
    headings = texts(html, "results__heading")
    assert headings[0].startswith("4 letters")
    assert re.search(r"<li>cats <small class=\"score\">\d+</small> <small>\(\? = S\)</small></li>", html)
    assert "<li>act <small" in html


def test_solver_chip_taps_redirect(client):
    response = client.get("/solve?pool=R3&add=green&rack=")
    assert location(response) == ("/solve", {"pool": ["R3 G1"], "draft": ["1"]})
    html = page(client, "/solve?pool=R3+G1&draft=1")  # the pool being entered: nothing solved until Solve
    assert "results__count" not in html and "Not solved yet" in html


# --- Booksmack ---------------------------------------------------------------------------


def test_booksmack_palette_holds_the_published_cards(client):
    html = page(client, "/booksmack")
    values = re.findall(r'class="card-key[^"]*" name="add" value="([^"]*)"', html)
    for card in (
        "a",
        "z",
        "A",
        "U",
        "é",
        "ç",
        "2",
        "25",
        ".",
        "?",
        "!",
        "+",
        "-",
        "&amp;",
        "*",
        "@",
        "~",
        "#",
        "space",
    ):
        assert card in values, card
    assert len(values) == len(set(values))  # one key per distinct card


@pytest.mark.parametrize("cards", ["c,A,f,%C3%A9", "c+A+f+%C3%A9", "cAf%C3%A9", "c,+A+,+f,%C3%A9"])
def test_booksmack_cafe_round_says_the_word(client, cards):
    html = page(client, "/booksmack?cards=" + cards)
    assert texts(html, "verdict__mark") == ["Say “CAFE”"]
    assert texts(html, "verdict__message verdict__message--big") == ["CAFE is spelled from seat 1."]
    assert 'value="c A f é"' in html  # the cards field shows them the canonical way


def test_booksmack_highest_card_wins_and_is_highlighted(client):
    html = page(client, "/booksmack?cards=b+Z+m")
    assert texts(html, "verdict__mark") == ["Tap Z"]
    assert re.findall(r'<li class="table-card([^"]*)">\s*<span class="table-card__face">(.*?)</span>', html) == [
        ("", "b"),
        (" table-card--win", "Z"),
        ("", "m"),
    ]


def test_booksmack_space_card(client):
    html = page(client, "/booksmack?cards=c+space+a+t")
    assert texts(html, "verdict__mark") == ["Say “CAT”"]
    assert '<span class="table-card__face">Space</span>' in html


@pytest.mark.parametrize(
    "query, cards",
    [
        ("cards=c+A&add=f", "c A f"),
        ("cards=c&add=space", "c space"),
        ("cards=c+A&add=%2B", "c A +"),
        ("add=%C3%A9", "é"),
        ("cards=c+A+f&remove=last", "c A"),
    ],
)
def test_booksmack_palette_taps_redirect(client, query, cards):
    response = client.get("/booksmack?" + query)
    assert response.status_code == 303
    assert location(response) == ("/booksmack", {"cards": [cards]})


def test_booksmack_clear(client):
    assert location(client.get("/booksmack?cards=c+A&remove=all")) == ("/booksmack", {})


@pytest.mark.parametrize(
    "cards, tap",
    [
        ("z+a+z", "Tap seat 1 (z) or seat 3 (z)"),  # two equal faces: each named with its seat
        ("q+U+m", "Tap U"),  # one of its face: the face says it
    ],
)
def test_booksmack_names_a_repeated_card_by_its_seat(client, cards, tap):
    html = page(client, f"/booksmack?cards={cards}")
    assert texts(html, "verdict__mark") == [tap]


def test_booksmack_answer_sits_between_the_cards_and_the_palette(client):
    html = page(client, "/booksmack?cards=c+A+f")
    assert html.index('id="cards-text"') < html.index('id="verdict"') < html.index('class="palette"')


def test_booksmack_bad_card(client):
    html = page(client, "/booksmack?cards=c,A,x9", 422)
    assert "card 3 ('x9'): not a Booksmack card" in errors(html)
    assert 'value="c,A,x9"' in html  # what was typed stays, to fix it


# --- Color Smash ---------------------------------------------------------------------------


def test_colorsmash_match_says_slap(client):
    html = page(client, "/colorsmash?splat=green&word=green")
    assert texts(html, "verdict__mark") == ["SLAP!"] and "verdict--valid" in html
    assert texts(html, "verdict__message verdict__message--big") == [
        "The word GREEN names the green splat: slap! The first slapper takes the pile."
    ]
    assert re.search(r'name="splat" value="green" checked', html) and re.search(
        r'name="word" value="green" checked', html
    )


@pytest.mark.parametrize(
    "query, slap, says",
    [
        ("splat=red&word=blue", False, "does not name the red splat"),
        ("splat=red", False, "no word"),
        ("splat=red&word=", False, "no word"),
        ("splat=steal", True, "A Steal card: slap!"),
        ("splat=Steal&word=red", True, "A Steal card: slap!"),  # a word picked before Steal does not matter
        ("splat=BLUE&word=Blue", True, "names the blue splat"),
    ],
)
def test_colorsmash_verdicts(client, query, slap, says):
    html = page(client, "/colorsmash?" + query)
    assert texts(html, "verdict__mark") == (["SLAP!"] if slap else ["DON'T SLAP"])
    assert says in texts(html, "verdict__message verdict__message--big")[0]


def test_colorsmash_bad_colour(client):
    html = page(client, "/colorsmash?splat=mauve", 422)
    assert "'mauve' is not a colour of this set" in errors(html)
    assert "pick the splat colour" in errors(page(client, "/colorsmash?word=red", 422))


# --- whatever the query string, a page or a readable error ------------------------------

# The claim's fields and the chip taps, read alike by the judge and the solver.
CLAIM = ("previous", "claimed", "required", "discards_used", "crossed_white", "lexicon", "add", "remove")
PARAMETERS = {
    "/": ("word", "pool", *CLAIM),
    "/solve": ("pool", "rack", *CLAIM),
    "/booksmack": ("cards", "lexicon", "add", "remove"),
    "/colorsmash": ("splat", "word"),
}
# Text a player could type, and the pieces of the pages' own notations, mixed.
VALUES = st.one_of(
    st.text(max_size=12),
    st.sampled_from(
        [
            "R3 Y2 B1 G2",
            "W1",
            "red",
            "wild",
            "all",
            "last",
            "space",
            "c A f é",
            "steal",
            "green",
            "0",
            "12",
            "-1",
            "small",
            "?",
        ]
    ),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(sorted(PARAMETERS)), data=st.data())
def test_any_query_is_a_page_or_a_readable_error(client, path, data):
    query = data.draw(st.dictionaries(st.sampled_from(PARAMETERS[path]), VALUES, max_size=4))
    response = client.get(path, query_string=query)
    assert response.status_code in (200, 303, 422), (path, query, response.status_code)
    if response.status_code == 422:
        assert errors(response.get_data(as_text=True))
