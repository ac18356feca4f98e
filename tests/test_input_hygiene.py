"""Input hygiene: a word is trimmed and cleaned the same way in the library, the JSON API and the pages."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from service_helpers import assert_problem

from app import DEFAULTS
from solver.lexicon import check, load_lexicons
from solver.normalize import fold, is_well_formed

ONE_APP = True  # its tests only send requests: one app for the module (conftest.py, `app`)

STANDARD = load_lexicons()["standard"]
LONGEST = "PNEUMONOULTRAMICROSCOPICSILICOVOLCANOCONIOSIS"  # 45 letters, in `standard`

# What a phone, a copy from a web page or a word processor puts around or inside a word.
WHITESPACE = " \t\n\r\u00a0\u2002\u2003\u2009\u202f\u3000"
INVISIBLE = "\u200b\u200c\u200d\u2060\ufeff\u00ad\u200e\u200f"  # zero-width space/joiners, word joiner, BOM, soft hyphen, direction marks


@pytest.mark.parametrize(
    "typed, normalized",
    [
        (" bag ", "bag"),
        ("\tBAG\n", "bag"),
        ("\u00a0bag\u3000", "bag"),  # no-break and ideographic spaces
        ("bag\u200b", "bag"),  # a zero-width space copied from a web page
        ("\ufeffbag", "bag"),  # a byte-order mark at the start of a pasted file
        ("bag\u200dgage", "baggage"),  # zero-width joiner inside: dropped, not a space
        ("hy\u00adphen", "hyphen"),  # a soft hyphen is a line-break hint, not a hyphen
        ("\u200ebag\u200f", "bag"),  # direction marks
        ("don′t", "don't"),  # prime
        ("don`t", "don't"),  # backtick
        ("don´t", "don't"),  # acute accent used as an apostrophe
        ("donʼt", "don't"),
        ("don‛t", "don't"),
        ("don＇t", "don't"),
        ("x−ray", "x-ray"),  # minus sign
        ("x‒ray", "x-ray"),
        ("x―ray", "x-ray"),
        ("x－ray", "x-ray"),
        ("x﹣ray", "x-ray"),
        ("´twas", "'twas"),
        (" ’TIS ", "'tis"),
        ("CAFÉ", "cafe"),
        ("ǽsc", "aesc"),  # the hand-mapped letters also under an accent
    ],
)
def test_normalization_table(typed, normalized):
    assert fold(typed) == normalized
    assert check(typed, STANDARD).normalized == normalized


@pytest.mark.parametrize(
    "word, well_formed",
    [
        ("'tis", True),
        ("'twas", True),
        ("tis'", False),
        ("''tis", False),
        ("'-tis", False),
        ("'", False),
        ("bag", True),
        ("she's", True),
        ("to-do", True),
        ("-do", False),
        ("to-", False),
        ("b a g", False),
    ],
)
def test_a_leading_apostrophe_is_legitimate(word, well_formed):
    assert is_well_formed(word) is well_formed


@pytest.mark.parametrize("word", ["'tis", "`twas", "’tis"])
def test_leading_apostrophe_words_are_looked_up(word):
    # Whether the lexicon holds 'TIS is the word list's business; the characters are not the objection.
    assert check(word, STANDARD).reason != "invalid_characters"


@pytest.mark.parametrize("word", ["bag", "BAG", "she's", "to-do", "cafe", "zzzqx", "london", "'tis", "b4", LONGEST])
@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(before=st.text(WHITESPACE + INVISIBLE, max_size=4), after=st.text(WHITESPACE + INVISIBLE, max_size=4))
def test_padding_never_changes_a_verdict(word, before, after):
    padded, plain = check(before + word + after, STANDARD), check(word, STANDARD)
    assert padded._replace(word=word) == plain


@given(st.text())
def test_normalization_is_idempotent(text):
    assert fold(fold(text)) == fold(text)


@given(st.text(st.characters(max_codepoint=127)))
def test_the_plain_text_shortcut_agrees_with_the_full_normalization(text):
    # fold() takes a quick path for ASCII; a zero-width space forces the full one, and is dropped.
    assert fold(text) == fold(text + "\u200b") == fold("\u200b" + text)


@given(st.text(WHITESPACE + INVISIBLE + "abcXYZ'`´′-−", max_size=20))
def test_normalized_words_carry_no_padding_or_invisible_characters(text):
    folded = fold(text)
    assert folded == folded.strip()
    assert not set(folded) & set(INVISIBLE + "`´′−")


# --- the limit: every word the lexicon knows fits, padding never counts ------------------------


def test_every_known_word_fits_the_default_word_limit():
    longest = max(STANDARD.lexicons.trie.keys(), key=len)
    assert len(longest) <= DEFAULTS["MAX_WORD_LENGTH"], longest


def test_the_longest_word_is_judged_with_default_settings(client):
    body = client.get(f"/api/v1/words/{LONGEST}").json
    assert body["valid"] is True and body["normalized"] == LONGEST.lower()
    html = client.get("/", query_string={"word": LONGEST}).get_data(as_text=True)
    assert "verdict--valid" in html and LONGEST in html


def test_the_word_limit_counts_the_word_as_sent_like_the_documents_max_length(client):
    """The limit is the OpenAPI document's maxLength: code points as sent, padding included.

    A count after normalizing would take strings the document says are too long
    (combining accents fold away), which a client generated from it must not send.
    """
    limit = DEFAULTS["MAX_WORD_LENGTH"]
    padded = " \u200b" + LONGEST + "\u00a0" * 10  # the longest word, padded, still within the limit
    assert len(padded) <= limit
    assert client.get("/api/v1/words/" + quote(padded, safe="")).json["valid"] is True
    accented = "e\u0301" * (limit // 2 + 1)  # folds to fewer than `limit` letters, but is longer as sent
    assert client.get("/api/v1/words/" + quote(accented, safe="")).status_code == 422
    body = assert_problem(
        client.post("/api/v1/words/check", json={"words": ["bag", "a" * (limit + 1)]}), 422, pointer="/words/1"
    )
    assert f"at most {limit} characters, not {limit + 1}" in body["errors"][0]["detail"]


# --- the same trimming in the API and on the pages ---------------------------------------------


@pytest.mark.parametrize("typed", [" bag ", "bag\u200b", "\u00a0BAG\t", "b\u00adag", "\nbag\r\n"])
def test_api_and_pages_trim_like_the_library(client, typed):
    assert check(typed, STANDARD).valid
    if not typed.endswith("\n"):  # werkzeug's path converter stops at a newline: a word sent that way is a 404
        assert client.get("/api/v1/words/" + quote(typed, safe="")).json["valid"] is True
    body = client.post("/api/v1/words/check", json={"words": [typed]}).json
    assert body["all_valid"] is True and body["verdicts"][0]["normalized"] == "bag"
    assert client.post("/api/v1/wordsmith/judge", json={"word": typed, "pool": "R3 Y2 B1 G2"}).json["valid"] is True
    html = client.get("/", query_string={"word": typed, "pool": "R3 Y2 B1 G2"}).get_data(as_text=True)
    assert "verdict--valid" in html


@pytest.mark.parametrize("url", ["/", "/solve", "/booksmack", "/colorsmash", "/?word=bag", "/tables"])
def test_no_page_cuts_what_is_typed(client, url):
    """A maxlength attribute makes a browser drop what is typed or pasted past it, silently: the server checks instead."""
    html = client.get(url).get_data(as_text=True)
    assert "maxlength" not in html.lower()
