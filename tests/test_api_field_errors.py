"""What a 422's `errors` say: every bad field of every operation is told what is wrong and how to fix it in our
words, never in the validation library's (a regular expression, "after validation", a Python value's spelling).

The operations and their fields are read from /openapi.json, so a field added later is covered without a line here.
"""

from __future__ import annotations

import json
import re

import pytest

from app import create_app
from solver.errors import spelled

BAD_VALUES = [
    {},
    [],
    "!!",
    "",
    "x" * 300,
    -5,
    10**9,
    1.5,
    True,
    None,
    ["!!"],
    [{}],
    [None],
    {str(n): 1 for n in range(70)},
    ["a"] * 70,
]
BAD_QUERY = ["!!", "", "x" * 300, "-5", "1.5", "9" * 20]
# What the library says that a client cannot act on, or spells the way Python does.
NOT_OURS = re.compile(r"should match pattern|after validation|\^\[|\]\$|\bNone\b|\bTrue\b|\bFalse\b|\['")
LONGEST = 300  # no detail echoes a long input back whole


@pytest.fixture(scope="module")
def api():
    app = create_app({"TESTING": True, "TABLE_GUESS_BURST": 1_000_000})
    client = app.test_client()
    return client, client.get("/openapi.json").get_json()


def _resolve(spec: dict, schema: dict) -> dict:
    while "$ref" in schema:
        schema = spec["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema


def _requests(spec: dict):
    """(method, url, json body or None, query or None, the field) for each bad value of each field of each
    operation."""
    for path, operations in spec["paths"].items():
        url = path.replace("{code}", "ABC234").replace("{seat}", "1").replace("{word}", "cat")
        for method, op in operations.items():
            body = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
            for name in _resolve(spec, body).get("properties", {}) if body else ():
                for value in BAD_VALUES:
                    yield method.upper(), url, {name: value}, None, name
            for parameter in op.get("parameters", []):
                if parameter["in"] == "query":
                    for value in BAD_QUERY:
                        yield method.upper(), url, None, {parameter["name"]: value}, parameter["name"]


def test_every_bad_field_is_told_the_fix_in_our_words(api):
    client, spec = api
    checked = 0
    for method, url, body, query, name in _requests(spec):
        answer = client.open(url, method=method, json=body, query_string=query)
        assert answer.status_code < 500, f"{method} {url} {name}: {answer.get_data(as_text=True)[:200]}"
        for error in (answer.get_json() or {}).get("errors") or []:
            where = f"{method} {url} {name}={json.dumps((body or query)[name])[:40]}: {error}"
            assert not NOT_OURS.search(error["detail"]), where
            assert len(error["detail"]) <= LONGEST, where
            checked += 1
    assert checked > 500  # the walk reached the operations' fields, not only their 404s


@pytest.mark.parametrize(
    ("url", "body", "pointer", "fields"),
    [
        # An object expected inside a list: the fields of that object, not of the request.
        ("/api/v1/colorsmash/replay", {"players": ["Ann", "Bob"], "events": ["deal"]}, "/events/0", "type, hands"),
        ("/api/v1/wordsmith/score", {"sheets": ["x"]}, "/sheets/0", "player, challenges"),
    ],
)
def test_an_object_expected_in_a_list_names_its_own_fields(api, url, body, pointer, fields):
    client, _ = api
    errors = client.post(url, json=body).get_json()["errors"]
    entry = next(e for e in errors if e["pointer"] == pointer)
    assert entry["detail"].startswith(f"send a JSON object with the fields {fields}")


def test_an_unknown_field_inside_an_object_lists_that_objects_fields(api):
    client, _ = api
    body = {"sheets": [{"player": "Ann", "colour": "red"}]}
    errors = client.post("/api/v1/wordsmith/score", json=body).get_json()["errors"]
    entry = next(e for e in errors if e["pointer"] == "/sheets/0/colour")
    assert entry["detail"] == "unknown field: remove it (this object takes player, challenges)"


@pytest.mark.parametrize(
    ("method", "url", "body", "query", "form"),
    [
        ("POST", "/api/v1/tables/ABC234/challenges", {"request_id": "a b"}, None, "1-64 of `A-Za-z0-9._:-`"),
        ("POST", "/api/v1/tables/ABC234/seats/1", {"request_id": "a b"}, None, "1-64 of `A-Za-z0-9._:-`"),
        ("POST", "/api/v1/tables/ABC234/seats/1", {"secret": "x" * 15 + "!"}, None, "16-128 of `A-Za-z0-9._:-`"),
        ("GET", "/api/v1/tables/ABC234/events", None, {"after": "x"}, "a seq, 1-12 digits"),
    ],
)
def test_a_field_with_a_form_says_the_form(api, method, url, body, query, form):
    client, _ = api
    errors = client.open(url, method=method, json=body, query_string=query).get_json()["errors"]
    details = [e["detail"] for e in errors]
    assert any(d.startswith("not in this field's form: ") and form in d for d in details), details


def test_one_error_for_a_piece_that_is_no_piece(api):
    client, _ = api
    errors = client.post("/api/v1/tables/ABC234/pieces", json={"piece": "X"}).get_json()["errors"]
    assert [e["detail"] for e in errors if e["pointer"] == "/piece"] == ["Input should be 'R', 'Y', 'B', 'G' or 'W'"]


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("ab", "'ab'"),
        (None, "null"),
        (True, "true"),
        (["x"], '["x"]'),
        ({"a": 1}, '{"a": 1}'),
        (1.5, "1.5"),
        ("x" * 50, "'" + "x" * 40 + "…'"),
        (list(range(30)), json.dumps(list(range(30)))[:40] + "…"),
    ],
)
def test_a_refusal_quotes_what_was_sent_as_json_spells_it(value, said):
    assert spelled(value) == said
