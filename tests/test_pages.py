"""The word-check page, rendered by the server (no browser needed)."""
from __future__ import annotations

import json
import re


def test_home_without_a_word(client):
    response = client.get("/")
    assert response.status_code == 200 and response.mimetype == "text/html"
    html = response.get_data(as_text=True)
    assert '<form class="word-check" method="get"' in html
    assert "verdict--" not in html
    assert 'name="viewport"' in html


def test_valid_word(client):
    html = client.get("/?word=qi&lexicon=standard").get_data(as_text=True)
    assert "verdict--valid" in html and ">VALID<" in html and "QI is a valid word." in html
    assert "<details" in html and "<summary>Definition</summary>" in html  # behind a tap
    assert re.search(r'<option value="standard"[^>]* selected', html)


def test_invalid_word_shows_the_reason(client):
    html = client.get("/?word=qi&lexicon=small").get_data(as_text=True)
    assert "verdict--invalid" in html and "NOT VALID" in html
    assert "QI is only in the standard dictionary, not in the small one." in html
    assert re.search(r'<option value="small"[^>]* selected', html)


def test_word_is_trimmed(client):
    assert "verdict--valid" in client.get("/?word=%20cat%20").get_data(as_text=True)


def test_output_is_escaped(client):
    html = client.get("/?word=%3Cscript%3Ealert(1)%3C/script%3E").get_data(as_text=True)
    assert "<script>alert(1)" not in html and "<SCRIPT>" not in html
    assert "&lt;SCRIPT&gt;ALERT(1)&lt;/SCRIPT&gt;" in html
    assert 'value="&lt;script&gt;alert(1)&lt;/script&gt;"' in html


def test_bad_input_is_shown_on_the_page(client):
    response = client.get("/?word=" + "a" * 41)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "form-errors" in html and "at most 40 characters" in html
    response = client.get("/?word=cat&lexicon=huge")
    assert response.status_code == 422 and "lexicon" in response.get_data(as_text=True)


def test_unknown_parameters_are_ignored(client):
    assert client.get("/?word=cat&utm_source=table").status_code == 200


def test_api_url_comes_from_url_for(client):
    html = client.get("/").get_data(as_text=True)
    match = re.search(r"checkWords: (\"[^\"]+\")", html)
    assert match and json.loads(match.group(1)) == "/api/v1/words/check"
    assert client.get("/static/word-check.js").status_code == 200
    assert client.get("/static/style.css").status_code == 200


def test_page_forms_are_gets_or_carry_a_token(client):
    for path in ("/", "/?word=cat", "/docs"):
        html = client.get(path).get_data(as_text=True)
        for form in re.findall(r"<form[^>]*>.*?</form>", html, flags=re.S):
            method = re.search(r'method="(\w+)"', form)
            assert (method and method.group(1).lower() == "get") or 'name="csrf_token"' in form, form[:200]
