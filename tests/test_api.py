"""The JSON API: every endpoint, and every error path through the one problem shape."""

from __future__ import annotations

import json

import pytest
from service_helpers import assert_problem

from app import DEFAULTS
from solver.lexicon import SIZES, load_lexicons

ONE_APP = True  # its tests only send requests: one app for the module (conftest.py, `app`)

TOO_LONG = "a" * (DEFAULTS["MAX_WORD_LENGTH"] + 1)  # one letter over the word limit


def test_health(client):
    response = client.get("/api/v1/health")
    assert response.status_code == 200 and response.mimetype == "application/json"
    body = response.json
    assert body["status"] == "ok"
    lexicons = load_lexicons()
    assert [entry["id"] for entry in body["lexicons"]] == list(SIZES)
    for entry in body["lexicons"]:
        assert entry["size"] == len(lexicons[entry["id"]])
        assert entry["checksum"] == lexicons.checksum and len(entry["checksum"]) == 64


def test_lexicons(client):
    body = client.get("/api/v1/lexicons").json
    assert [entry["id"] for entry in body["lexicons"]] == list(SIZES)
    assert [entry["id"] for entry in body["lexicons"] if entry["default"]] == ["standard"]
    sizes = [entry["size"] for entry in body["lexicons"]]
    assert sizes == sorted(sizes) and sizes[0] > 10_000
    assert all(entry["description"] for entry in body["lexicons"])


def test_default_lexicon_follows_the_config():
    from app import create_app

    client = create_app({"TESTING": True, "DEFAULT_LEXICON": "large"}).test_client()
    assert [e["id"] for e in client.get("/api/v1/lexicons").json["lexicons"] if e["default"]] == ["large"]
    assert client.get("/api/v1/words/zyzzyva").json["valid"] is True  # only in the large lexicon


def test_word_valid(client):
    body = client.get("/api/v1/words/Qi").json
    assert body["word"] == "Qi" and body["normalized"] == "qi"
    assert body["valid"] is True and body["reason"] is None
    assert body["tier"] == "standard" and body["lexicon"] == "standard"
    assert body["definition"] and all(isinstance(sense, str) for sense in body["definition"])
    assert body["message"] == "QI is a valid word."


@pytest.mark.parametrize(
    "word, lexicon, reason, tier",
    [
        ("Peru", None, "proper_name", None),
        ("cmmu", None, "abbreviation", None),
        ("aesacus's", None, "possessive", None),
        ("zzxqva", None, "not_in_lexicon", None),
        ("zzxqv", None, "abbreviation", None),  # no list holds it, and it has no vowel
        ("zyzzyva", "standard", "larger_lexicon_only", "large"),
        ("qi", "small", "larger_lexicon_only", "standard"),
        ("<script>", None, "invalid_characters", None),
        ("a/b", None, "invalid_characters", None),  # a slash inside the path parameter is still one word
    ],
)
def test_word_invalid_for_each_reason(client, word, lexicon, reason, tier):
    from urllib.parse import quote

    query = f"?lexicon={lexicon}" if lexicon else ""
    response = client.get(f"/api/v1/words/{quote(word, safe='')}{query}")
    assert response.status_code == 200, response.json
    body = response.json
    assert body["word"] == word and body["valid"] is False
    assert body["reason"] == reason and body["tier"] == tier
    assert body["message"]


def test_word_too_long(client):
    limit = DEFAULTS["MAX_WORD_LENGTH"]
    assert client.get("/api/v1/words/" + "a" * limit).status_code == 200
    body = assert_problem(client.get("/api/v1/words/" + "a" * (limit + 1)), 422, pointer="/word")
    assert body["errors"][0]["location"] == "path"
    assert str(limit) in body["errors"][0]["detail"]


def test_limits_follow_the_config():
    from app import create_app

    client = create_app({"TESTING": True, "MAX_WORD_LENGTH": 5, "MAX_WORDS_PER_CHECK": 2}).test_client()
    assert_problem(client.get("/api/v1/words/abcdef"), 422, pointer="/word")
    assert_problem(client.post("/api/v1/words/check", json={"words": ["a", "b", "c"]}), 422, pointer="/words")
    assert client.post("/api/v1/words/check", json={"words": ["a", "b"]}).status_code == 200


def test_word_unknown_lexicon(client):
    body = assert_problem(client.get("/api/v1/words/cat?lexicon=huge"), 422, pointer="/lexicon")
    assert body["errors"][0]["location"] == "query"
    assert "standard" in body["errors"][0]["detail"]  # names the choices


def test_word_unknown_query_parameter(client):
    assert_problem(client.get("/api/v1/words/cat?lexicom=small"), 422, pointer="/lexicom")


def test_word_repeated_query_parameter(client):
    body = assert_problem(client.get("/api/v1/words/cat?lexicon=small&lexicon=large"), 422, pointer="/lexicon")
    assert body["errors"] == [
        {"pointer": "/lexicon", "location": "query", "detail": "given 2 times: give lexicon once"}
    ]


def test_every_single_valued_query_parameter_given_twice_is_a_422_naming_it(client):
    """Both values may be valid (`lexicon=small&lexicon=large`): which one was meant is what the answer asks, for
    every operation's every query parameter that takes one value (a list's repeats are its values)."""
    spec = client.get("/openapi.json").json
    asked = 0
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            for parameter in operation.get("parameters", []):
                schema = parameter.get("schema", {})
                if parameter["in"] != "query" or schema.get("type") == "array":
                    continue
                name = parameter["name"]
                where = path.replace("{word}", "cat").replace("{code}", "K7MPQ2")  # read after the query
                answer = client.open(f"{where}?{name}=1&{name}=2", method=method.upper())
                body = assert_problem(answer, 422, pointer=f"/{name}")
                assert f"given 2 times: give {name} once" in [e["detail"] for e in body["errors"]], (path, body)
                asked += 1
    assert asked >= 3


def test_check_words_in_order(client):
    response = client.post("/api/v1/words/check", json={"words": ["zyzzyva", "qi", "Peru"], "lexicon": "large"})
    assert response.status_code == 200
    body = response.json
    assert [v["word"] for v in body["verdicts"]] == ["zyzzyva", "qi", "Peru"]
    assert [v["valid"] for v in body["verdicts"]] == [True, True, False]
    assert body["all_valid"] is False
    assert client.post("/api/v1/words/check", json={"words": ["qi", "cat"]}).json["all_valid"] is True


def test_check_null_lexicon_means_default(client):
    body = client.post("/api/v1/words/check", json={"words": ["qi"], "lexicon": None}).json
    assert body["verdicts"][0]["lexicon"] == "standard"


def test_check_fifty_words_and_no_more(client):
    assert client.post("/api/v1/words/check", json={"words": ["cat"] * 50}).status_code == 200
    body = assert_problem(client.post("/api/v1/words/check", json={"words": ["cat"] * 51}), 422, pointer="/words")
    assert "50" in body["errors"][0]["detail"]


@pytest.mark.parametrize(
    "payload, pointer",
    [
        ({"words": ["cat"], "colour": "red"}, "/colour"),  # unknown field
        ({}, "/words"),  # missing field
        ({"words": []}, "/words"),
        ({"words": "cat"}, "/words"),
        ({"words": ["cat", 7]}, "/words/1"),
        ({"words": ["cat", ""]}, "/words/1"),
        ({"words": ["cat", TOO_LONG]}, "/words/1"),
        ({"words": ["cat"], "lexicon": "huge"}, "/lexicon"),
        (["cat"], ""),  # not an object: the pointer to the whole body
        ("cat", ""),
    ],
)
def test_check_validation_errors(client, payload, pointer):
    body = assert_problem(client.post("/api/v1/words/check", json=payload), 422, pointer=pointer)
    assert all(error["location"] == "body" for error in body["errors"])


def test_unknown_field_names_the_fix(client):
    body = assert_problem(
        client.post("/api/v1/words/check", json={"words": ["cat"], "colour": "red"}), 422, pointer="/colour"
    )
    assert "remove" in body["errors"][0]["detail"] and "words" in body["errors"][0]["detail"]


def test_every_bad_field_is_reported(client):
    body = assert_problem(client.post("/api/v1/words/check", json={"words": [TOO_LONG, "ok", 3], "x": 1}), 422)
    assert [e["pointer"] for e in body["errors"]] == ["/words/0", "/words/2", "/x"]


def test_pointer_escapes(client):
    body = assert_problem(
        client.post("/api/v1/words/check", json={"words": ["cat"], "a/b~c": 1}), 422, pointer="/a~1b~0c"
    )
    assert body["errors"][0]["location"] == "body"


def test_oversize_body_is_413_before_parsing(client):
    body = json.dumps({"words": ["cat"], "padding": "x" * 20_000})
    problem = assert_problem(client.post("/api/v1/words/check", data=body, content_type="application/json"), 413)
    assert "16384" in problem["detail"]


def test_oversize_body_without_content_length_is_413(client):
    # A streamed (chunked) body announces no length; the cap applies while reading it.
    import io

    environ = {"wsgi.input_terminated": True, "HTTP_TRANSFER_ENCODING": "chunked"}
    stream = io.BytesIO(b'{"words": ["' + b"a" * 20_000 + b'"]}')
    response = client.post(
        "/api/v1/words/check", input_stream=stream, content_type="application/json", environ_overrides=environ
    )
    assert_problem(response, 413)


@pytest.mark.parametrize("length", ["abc", "-5", ""])
def test_invalid_content_length_reads_as_no_body(client, length):
    # werkzeug reads an unusable Content-Length as 0 (gunicorn refuses it before the app).
    response = client.post(
        "/api/v1/words/check",
        data='{"words": ["cat"]}',
        content_type="application/json",
        environ_overrides={"CONTENT_LENGTH": length},
    )
    assert_problem(response, 400)


@pytest.mark.parametrize("declared", [5, 400])
def test_body_is_read_to_its_content_length_only(client, declared):
    # Shorter than the body: the JSON is cut and unreadable. Longer: the input ends first. Both are 400s, never a hang.
    response = client.post(
        "/api/v1/words/check",
        data='{"words": ["cat"]}',
        content_type="application/json",
        environ_overrides={"CONTENT_LENGTH": str(declared)},
    )
    problem = assert_problem(response, 400)
    assert ("ended after 18 of the 400 bytes" in problem["detail"]) == (declared == 400)


def test_oversize_limit_follows_the_config():
    from app import create_app

    client = create_app({"TESTING": True, "MAX_BODY_BYTES": 100}).test_client()
    assert_problem(client.post("/api/v1/words/check", json={"words": ["cat"] * 30}), 413)


@pytest.mark.parametrize(
    "data, content_type, status",
    [
        ("words=cat", "application/x-www-form-urlencoded", 415),
        ("cat", "text/plain", 415),
        ('{"words": ["cat"]}', None, 415),  # JSON, but not said to be
        ("{words: cat}", "application/json", 400),
        ("", "application/json", 400),
        ('{"words": ["cat"]', "application/json", 400),
        ('{"words": ["cat"], "n": NaN}', "application/json", 400),
        (b"\xff\xfe\x00garbage", "application/json", 400),
        ("[" * 5000 + "]" * 5000, "application/json", 400),  # nested past the parser's recursion limit
    ],
)
def test_unreadable_bodies(client, data, content_type, status):
    kwargs = {"content_type": content_type} if content_type else {}
    body = assert_problem(client.post("/api/v1/words/check", data=data, **kwargs), status)
    if status == 415:
        assert "application/json" in body["detail"]


def test_415_says_what_it_accepts(client):
    response = client.post("/api/v1/words/check", data="cat", content_type="text/plain")
    assert response.headers["Accept"] == "application/json"


def test_json_suffix_media_types_are_json(client):
    response = client.post(
        "/api/v1/words/check", data='{"words": ["cat"]}', content_type="application/merge-patch+json"
    )
    assert response.status_code == 200


def test_405_keeps_allow(client):
    response = client.delete("/api/v1/health")
    body = assert_problem(response, 405)
    assert set(response.headers["Allow"].split(", ")) >= {"GET"}
    assert "GET" in body["detail"]
    response = client.get("/api/v1/words/check/")  # GET words/{word} matches: "check/" is a word
    assert response.status_code == 200
    response = client.put("/api/v1/words/check")
    assert_problem(response, 405)
    assert "POST" in response.headers["Allow"]


@pytest.mark.parametrize("path", ["/api/v1/nothing", "/api/v2/health", "/api/v1/words/", "/api/v1/words"])
def test_404(client, path):
    body = assert_problem(client.get(path), 404)
    assert "/openapi.json" in body["detail"]


def test_problem_type_points_at_the_docs(client):
    body = assert_problem(client.get("/api/v1/nothing"), 404)
    assert body["type"] == "/docs#problem-not-found"
    assert 'id="problem-not-found"' in client.get("/docs").get_data(as_text=True)


def test_500_is_a_generic_problem_and_logged(fresh_app, caplog):
    @fresh_app.get("/api/v1/boom")
    def boom():
        raise RuntimeError("secret internals")

    response = fresh_app.test_client().get("/api/v1/boom")
    body = assert_problem(response, 500)
    assert "secret internals" not in json.dumps(body)
    assert any("secret internals" in (record.exc_text or "") or record.exc_info for record in caplog.records)


def test_browsers_get_error_pages_api_clients_get_json(client):
    browser = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
    page = client.get("/no/such/page", headers=browser)
    assert page.status_code == 404 and page.mimetype == "text/html"
    assert "Not found" in page.get_data(as_text=True)
    assert_problem(client.get("/api/v1/nothing", headers=browser), 404)  # the API answers JSON whatever the Accept
    assert_problem(client.get("/no/such/page"), 404)


@pytest.mark.parametrize(
    "path, pointer",
    [
        (("sheets", 0, "challenges", 1, "words", 2), "/sheets/0/challenges/1/words/2"),
        (("a/b~c",), "/a~1b~0c"),
        ((), ""),  # the whole body
    ],
)
def test_a_refusal_points_where_its_path_says_whatever_its_message(fresh_app, path, pointer, monkeypatch):
    """The engine's Refused becomes a 422 at its path in one place; its message is the detail, never read for the pointer."""
    from solver.errors import Refused

    monkeypatch.setitem(fresh_app.config, "WTF_CSRF_ENABLED", False)  # a bare test route: not a page form, not the API

    @fresh_app.post("/test-refused")
    def refused():
        raise Refused("pool: reworded, naming another field first", path)

    body = assert_problem(fresh_app.test_client().post("/test-refused", json={}), 422, pointer=pointer)
    assert body["errors"] == [
        {"pointer": pointer, "location": "body", "detail": "pool: reworded, naming another field first"}
    ]


def test_a_plain_value_error_from_the_engine_points_at_the_operations_field(client, monkeypatch):
    """Until every engine refusal carries its path, a plain ValueError is a 422 at the field `refused_at` names."""
    from solver import booksmack

    def refuse(*args, **kwargs):
        raise ValueError("played: a message naming another field")

    monkeypatch.setattr(booksmack, "score_collection", refuse)
    body = assert_problem(client.post("/api/v1/booksmack/score", json={"cards": ["a"]}), 422, pointer="/cards")
    assert body["errors"][0]["detail"] == "played: a message naming another field"


def test_jsonify_answers_as_flask_documents_it_through_our_writer(app):
    """The provider builds `jsonify`'s answer from Flask's documented rule, not Flask's private helper."""
    from flask import jsonify

    with app.app_context():
        assert jsonify([1, "a"]).get_json() == [1, "a"]
        assert jsonify(1, 2).get_json() == [1, 2]
        assert jsonify(word="bag").get_json() == {"word": "bag"}
        assert jsonify().get_json() is None
        with pytest.raises(TypeError):
            jsonify(1, word="bag")
