"""The claim lane (app/api/claim_lane.py): the same answers as the claim view, and Flask for everything else.

Two tables in the same state play the same claims, one through the lane and
one through Flask alone (the lane's inner app): their answers must be the
same, byte for byte but for the times. A request the lane does not
take, or takes and then hands back, must be answered by Flask, with its body
given back unread.
"""

from __future__ import annotations

import json
import re
import uuid

import pytest
from werkzeug.test import EnvironBuilder

from app import create_app
from app.api.claim_lane import ClaimLane, Replay

POOL = "R3 Y2 B1 G2"
AT = re.compile(rb'"(at|created_at|updated_at)":"[^"]*"')


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'lane.sqlite3'}"})


class Counting:
    """Flask's app behind the lane, counting the requests handed to it."""

    def __init__(self, inner):
        self.inner, self.calls = inner, 0

    def __call__(self, environ, start_response):
        self.calls += 1
        return self.inner(environ, start_response)


def call(wsgi, path, body=None, *, raw=None, headers=None, **builder):
    """Run one request through `wsgi`: (status, headers as a dict, body bytes)."""
    data = raw if raw is not None else json.dumps(body).encode()
    builder.setdefault("content_type", "application/json")
    environ = EnvironBuilder(path=path, method="POST", data=data, headers=headers or {}, **builder).get_environ()
    answered = {}

    def start_response(status, header_list, exc_info=None):
        answered["status"], answered["headers"] = status, header_list

    chunks = wsgi(environ, start_response)
    try:
        content = b"".join(chunks)
    finally:
        getattr(chunks, "close", lambda: None)()
    return answered["status"], dict(answered["headers"]), content


class Twin:
    """A table made through the API; `twin()` is a second one in the same state (the same seats, pool and claims)."""

    def __init__(self, app, variants=()):
        client = app.test_client()
        created = client.post(
            "/api/v1/tables", json={"game": "wordsmith", "seats": ["Ann", "Bob"], "variants": list(variants)}
        )
        self.code, self.host = created.json["code"], created.json["host_token"]
        self.tokens = {seat: client.post(f"/api/v1/tables/{self.code}/seats/{seat}").json["token"] for seat in (1, 2)}
        started = client.post(
            f"/api/v1/tables/{self.code}/challenges",
            json={"request_id": uuid.uuid4().hex, "pool": POOL},
            headers={"Authorization": f"Bearer {self.host}"},
        )
        assert started.status_code == 201, started.json

    def claim(self, wsgi, seat, body, **kw):
        headers = {"Authorization": f"Bearer {self.tokens[seat]}", **kw.pop("headers", {})}
        return call(wsgi, f"/api/v1/tables/{self.code}/claims", body, headers=headers, **kw)


def lanes(app):
    """The app's lane, with a counter on the Flask app behind it; and that Flask app alone."""
    lane = app.wsgi_app
    assert isinstance(lane, ClaimLane)
    counted = Counting(lane.wsgi_app)
    lane.wsgi_app = counted
    return lane, counted


def same(one, other):
    """The two answers, alike but for the times (the events', the table's)."""
    assert one[0] == other[0]
    assert one[1] == other[1]
    assert AT.sub(rb'"\1":""', one[2]) == AT.sub(rb'"\1":""', other[2])


@pytest.mark.parametrize(
    "variants, plays",
    [
        ((), [(1, {"word": "cast"}), (2, {"word": "cats", "state": True})]),
        ((), [(2, {"word": "bag", "seat": 2}), (1, {"word": "gab"})]),
        (("secret",), [(1, {"word": "cast"}), (2, {"word": "bag", "state": True})]),
    ],
)
def test_an_accepted_claim_is_answered_by_the_lane_as_by_the_view(app, variants, plays):
    lane, flask_alone = lanes(app)
    by_lane, by_flask = Twin(app, variants), Twin(app, variants)
    made = flask_alone.calls  # the two tables' creation, joins and starts
    for seat, body in plays:
        body = {"request_id": uuid.uuid4().hex, **body}
        before = flask_alone.calls
        answered = by_lane.claim(lane, seat, body)
        assert flask_alone.calls == before, "the lane handed an accepted claim to Flask"
        assert answered[0] == "201 CREATED", answered
        same(answered, by_flask.claim(flask_alone, seat, body))
        # A retry with the same request id: the lane answers it too, marked repeated, as the view does.
        again = by_lane.claim(lane, seat, body)
        assert json.loads(again[2])["repeated"] is True
        same(again, by_flask.claim(flask_alone, seat, body))
    assert flask_alone.calls - made == len(plays) * 2  # only the Flask twin's own requests


@pytest.mark.parametrize(
    "body, kw, status",
    [
        ({"word": ""}, {}, "422"),
        ({"word": "cast", "extra": 1}, {}, "422"),
        ({"word": "cast"}, {"raw": b"{not json"}, "400"),
        ({"word": "cast"}, {"raw": b"   "}, "400"),
        ({"word": "cast"}, {"query_string": "x=1"}, "422"),  # the view knows no query field
        ({"word": "cast"}, {"headers": {"Cookie": "a=b"}}, "201"),
        ({"word": "cast"}, {"content_type": "text/plain"}, "415"),
        ({"word": "cast"}, {"headers": {"Content-Encoding": "gzip"}}, "415"),
        ({"word": "cast"}, {"headers": {"Authorization": "Basic eDp5"}}, "401"),
        # A Content-Length of a superscript digit (the byte 0xb2, read as latin-1): str.isdigit takes it, int does not.
        ({"word": "cast"}, {"environ_overrides": {"CONTENT_LENGTH": "3\u00b2"}}, "400"),
    ],
)
def test_a_request_the_lane_does_not_take_goes_to_flask_whole(app, body, kw, status):
    lane, flask_alone = lanes(app)
    table = Twin(app)
    made = flask_alone.calls
    answered = table.claim(lane, 1, {"request_id": uuid.uuid4().hex, **body}, **kw)
    assert answered[0].startswith(status), answered
    assert flask_alone.calls == made + 1
    if status != "201":
        assert answered[1]["Content-Type"] == "application/problem+json"


@pytest.mark.parametrize(
    "body, kw, status",
    [
        ({"word": "qzx"}, {}, "409"),  # refused by the judge, with its objections
        ({"word": "cast", "seat": 2}, {}, "403"),  # seat 1's token for seat 2
        ({"word": "cast"}, {"headers": {"Authorization": "Bearer nobody"}}, "403"),
        ({"word": "cast"}, {"code": "ZZZZZZ"}, "403"),  # no table there: the token acts for no one
    ],
)
def test_a_refused_claim_is_answered_by_the_app_error_handlers_as_by_the_view(app, body, kw, status):
    lane, flask_alone = lanes(app)
    by_lane, by_flask = Twin(app), Twin(app)
    body = {"request_id": uuid.uuid4().hex, **body}
    code = kw.pop("code", None)
    if code:
        by_lane.code = by_flask.code = code
    made = flask_alone.calls
    answered = by_lane.claim(lane, 1, body, **kw)
    assert flask_alone.calls == made, "judged by the lane, answered by the error handlers: not judged again"
    assert answered[0].startswith(status), answered
    assert answered[1]["Content-Type"] == "application/problem+json"
    same(answered, by_flask.claim(flask_alone, 1, body, **kw))


def test_a_body_over_the_cap_goes_to_flask(app):
    lane, flask_alone = lanes(app)
    table = Twin(app)
    made = flask_alone.calls
    big = {"request_id": uuid.uuid4().hex, "word": "cast", "pad": "x" * app.config["MAX_BODY_BYTES"]}
    assert table.claim(lane, 1, big)[0].startswith("413")
    assert flask_alone.calls == made + 1


def test_an_address_out_of_guesses_claims_only_with_a_token_acting_at_the_table(app):
    lane, flask_alone = lanes(app)
    table, other = Twin(app), Twin(app)
    for _ in range(app.config["TABLE_GUESS_BURST"]):  # joins to an unknown code fill this address's bucket
        call(lane, "/api/v1/tables/ZZZZZZ/seats/1", {})
    body = {"request_id": uuid.uuid4().hex, "word": "cast"}
    before, own = flask_alone.calls, table.tokens[1]
    table.tokens[1] = other.tokens[1]  # another table's seat token acts for no one here: Flask refuses it, as a guess
    assert table.claim(lane, 1, body)[0].startswith("429") and flask_alone.calls == before + 1
    table.tokens[1] = own  # this table's own seat: the lane answers it, full bucket or not
    answered = table.claim(lane, 1, body)
    assert answered[0] == "201 CREATED" and flask_alone.calls == before + 1, answered
    assert json.loads(answered[2])["repeated"] is False  # the refused request wrote nothing


def test_replay_gives_back_the_body_then_the_error_of_the_read():
    assert Replay(b"abc").read() == b"abc"
    assert Replay(b"abc").read(2) == b"ab"
    cut = Replay(b"ab", TimeoutError("late"))
    assert cut.read(2) == b"ab"
    with pytest.raises(TimeoutError):
        cut.read(1)
