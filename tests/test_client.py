"""WordsmithClient against the app served by gunicorn (gunicorn.conf.py) on a local port."""

from __future__ import annotations

import pytest
import requests
from service_helpers import assert_problem

from client import WordsmithClient, WordsmithError
from solver.lexicon import SIZES, load_lexicons


@pytest.fixture
def judge(live_server):
    with WordsmithClient(live_server) as client:
        yield client


def test_health(judge):
    body = judge.health()
    assert body["status"] == "ok"
    assert [entry["id"] for entry in body["lexicons"]] == list(SIZES)
    assert {entry["checksum"] for entry in body["lexicons"]} == {load_lexicons().checksum}


def test_lexicons(judge):
    assert [entry["id"] for entry in judge.lexicons()["lexicons"] if entry["default"]] == ["standard"]


def test_word(judge):
    assert judge.word("qi")["valid"] is True
    verdict = judge.word("qi", lexicon="small")
    assert verdict["valid"] is False and verdict["reason"] == "larger_lexicon_only" and verdict["tier"] == "standard"
    assert judge.word("a/b?c#d")["word"] == "a/b?c#d"  # quoted into one path segment


def test_check(judge):
    body = judge.check(["zyzzyva", "Peru"], lexicon="large")
    assert [v["valid"] for v in body["verdicts"]] == [True, False]
    assert body["all_valid"] is False


def test_errors_raise_with_the_problem(judge):
    with pytest.raises(WordsmithError) as raised:
        judge.check(["cat"] * 51)
    error = raised.value
    assert error.status == 422 and error.title == "Request not valid"
    assert error.detail and [e["pointer"] for e in error.errors] == ["/words"]
    assert "/words" in str(error)
    assert isinstance(error, requests.HTTPError) and error.response.status_code == 422

    with pytest.raises(WordsmithError) as raised:
        judge.word("cat", lexicon="huge")
    assert raised.value.errors[0]["pointer"] == "/lexicon"


def test_404(live_server):
    client = WordsmithClient(live_server + "/nowhere", timeout=2)
    with pytest.raises(WordsmithError) as raised:
        client.health()
    assert raised.value.status == 404 and raised.value.title == "Not found"


def test_timeout():
    import socket

    with socket.socket() as silent:  # accepts connections (the backlog) and never answers
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        with pytest.raises(requests.Timeout):
            WordsmithClient(f"http://127.0.0.1:{silent.getsockname()[1]}", timeout=0.3).health()


def test_unreachable_server_raises_connection_error():
    from service_helpers import free_port

    with pytest.raises(requests.ConnectionError):
        WordsmithClient(f"http://127.0.0.1:{free_port()}", timeout=2).health()


def test_served_errors_are_problems(live_server):
    """The same error paths through gunicorn: nothing is lost between the app and the socket."""
    assert_problem(
        requests.post(
            live_server + "/api/v1/words/check",
            data="x" * 20_000,
            headers={"Content-Type": "application/json"},
            timeout=5,
        ),
        413,
    )
    assert_problem(
        requests.post(
            live_server + "/api/v1/words/check", data="words=cat", headers={"Content-Type": "text/plain"}, timeout=5
        ),
        415,
    )
    response = requests.delete(live_server + "/api/v1/health", timeout=5)
    assert_problem(response, 405)
    assert "GET" in response.headers["Allow"]


def test_streamed_oversize_body_is_413(live_server):
    def chunks():  # no Content-Length: requests sends it chunked
        yield b'{"words": ["'
        for _ in range(40):
            yield b"a" * 1000
        yield b'"]}'

    response = requests.post(
        live_server + "/api/v1/words/check", data=chunks(), headers={"Content-Type": "application/json"}, timeout=5
    )
    assert_problem(response, 413)
