"""The worker's cap on one client address's open connections (app/serving/worker.py): a connection past it is
answered by the worker before any request is read, so a flood from one address never reaches the app, while
another address is served. Tested by construction, never by speed: what reached the app is listed by the app.
"""

from __future__ import annotations

import json
import socket
import sys
import time
from concurrent.futures import Future
from types import SimpleNamespace

import pytest
from gunicorn.config import Config
from service_helpers import ROOT, GunicornServer

from app import DEFAULTS
from app.serving import gunicorn_glue as glue
from app.serving import worker
from app.serving.security import SECURITY_HEADERS
from app.serving.streams import KeyedSlots

CAP = 3


@pytest.fixture
def counting_server(tmp_path):
    """The deployed worker (one, with gunicorn.conf.py) serving tests/counting_app.py with a cap of 3 connections;
    a read deadline longer than any test waits, so a half-sent request holds its connection throughout."""
    env = {"PYTHONPATH": str(ROOT / "tests"), "COUNTING_APP_CONNECTIONS": str(CAP), "GUNICORN_READ_TIMEOUT": "60"}
    command = [sys.executable, "-m", "gunicorn", "counting_app:app", "-c", "gunicorn.conf.py"]
    server = GunicornServer(tmp_path / "gunicorn.log", workers=1, env=env, command=command).start()
    yield server
    server.stop()


def connect_from(source: str, port: int) -> socket.socket:
    """A connection to the server from `source`, a loopback address: each is a client address of its own."""
    sock = socket.socket()
    sock.settimeout(10)
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def read_to_close(sock: socket.socket) -> bytes:
    return b"".join(iter(lambda: sock.recv(65536), b""))


def ask(port: int, source: str, path: str) -> tuple[int, bytes]:
    """One request from `source` on a connection of its own; the status and body of its answer."""
    with connect_from(source, port) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        head, _, body = read_to_close(sock).partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), body


def served(port: int, source: str, path: str) -> bool:
    """Whether a request from `source` is answered 200. Until the worker has seen a held connection close, the
    address is still at its cap: the answer is a 429, or, when the worker closed before the request came, the kernel
    resets the connection."""
    try:
        return ask(port, source, path)[0] == 200
    except ConnectionResetError:
        return False


def seen(port: int) -> list[list[str]]:
    """Every request the app got, (client address, path), asked from an address no test caps."""
    status, body = ask(port, "127.0.0.9", "/seen")
    assert status == 200
    return json.loads(body)


def test_a_connection_past_its_address_cap_is_answered_before_any_request_reaches_the_app(counting_server):
    """127.0.0.2 holds its 3 connections, each with half a request sent (held by the read deadline, 60 s, longer
    than the test): its next connection is answered 429 at once, before it sends a byte, and a request sent on
    another never reaches the app; a request from 127.0.0.3 is served meanwhile. One held connection closed, the
    address is served again."""
    port = counting_server.port
    held = []
    try:
        for _ in range(CAP):
            sock = connect_from("127.0.0.2", port)
            sock.sendall(b"GET /held HTTP/1.1\r\nHost: x\r\n")  # the headers never end
            held.append(sock)
        with connect_from("127.0.0.2", port) as over:  # sends nothing: the answer needs no request
            head, _, body = read_to_close(over).partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        headers = dict(line.split(": ", 1) for line in lines[1:])
        problem = json.loads(body)
        assert lines[0] == "HTTP/1.1 429 Too Many Requests" and problem["status"] == 429
        assert headers["Content-Type"] == "application/problem+json" and 5 <= int(headers["Retry-After"]) <= 15
        assert problem["type"] == "/docs#problem-too-many-connections" and f"{CAP} connections" in problem["detail"]
        assert all(headers[name] == value for name, value in SECURITY_HEADERS.items())
        with connect_from("127.0.0.2", port) as over:
            over.sendall(b"GET /over HTTP/1.1\r\nHost: x\r\n\r\n")
            try:
                answer = read_to_close(over)
            except ConnectionResetError:  # the worker had closed before the request came: the kernel resets
                answer = b""
            assert answer == b"" or answer.startswith(b"HTTP/1.1 429"), answer[:200]
        assert ask(port, "127.0.0.3", "/other") == (200, b'"ok"')
        got = seen(port)
        assert ["127.0.0.3", "/other"] in got
        assert [path for address, path in got if address == "127.0.0.2"] == []  # neither /over nor a held one
        held.pop().close()  # its slot comes back once the worker sees it closed
        deadline = time.monotonic() + 10
        while not served(port, "127.0.0.2", "/after"):
            assert time.monotonic() < deadline, "the closed connection's slot never came back"
            time.sleep(0.05)
        assert [path for address, path in seen(port) if address == "127.0.0.2"] == ["/after"]
    finally:
        for sock in held:
            sock.close()


def test_a_counted_connection_gives_its_slot_back_once_however_often_gunicorn_closes_it():
    slots = KeyedSlots()
    ours, theirs = socket.socketpair()
    conn = glue.CountedConn(Config(), ours, ("127.0.0.2", 5000), ("127.0.0.1", 8000), slots.take("127.0.0.2", 1))
    assert slots.take("127.0.0.2", 1) is None  # the address's one slot is the connection's
    conn.close(graceful=True)
    conn.close()
    theirs.close()
    assert slots.open == {} and slots.take("127.0.0.2", 1) is not None


def test_a_stream_handed_to_the_hub_holds_its_connections_slot_until_the_hub_closes_it():
    """gunicorn forgets a connection whose stream the hub took (it is not closed): the slot of its address goes
    back with the stream's own slots, when the hub ends the stream."""
    given_back = []
    handed = {}
    conn = SimpleNamespace(sock="the stream's socket", release=lambda: given_back.append("connection"))
    answer = SimpleNamespace(headers_sent=True, chunked=True, force_close=lambda: None)
    hub = SimpleNamespace(adopt=lambda sock, chunked, cursor, follower, release, queued: handed.update(release=release))
    fake = SimpleNamespace(_local=SimpleNamespace(), _hub=hub, nr_conns=1)
    assert worker.DeadlineWorker._adopt(
        fake, conn, answer, "cursor", "follower", lambda: given_back.append("stream"), 0
    )
    done = Future()
    done.set_result(worker.ADOPTED)
    worker.DeadlineWorker.finish_request(fake, conn, done)
    assert fake.nr_conns == 0 and given_back == []  # out of gunicorn's count, still in its address's
    handed["release"]()
    assert given_back == ["stream", "connection"]


@pytest.mark.parametrize(
    "settings, cap",
    [
        ({}, 128),  # twice the 64 streams an address may hold
        ({"STREAMS_PER_ADDRESS": 200}, 400),  # a bigger hall: its phones' requests beside their streams
        ({"STREAMS_PER_ADDRESS": 1}, 128),  # a lowered stream share leaves the address's browsing alone
        ({"CONNECTIONS_PER_ADDRESS": 5}, 5),
    ],
)
def test_the_cap_is_the_apps_setting_or_twice_its_stream_share(settings, cap):
    assert worker.connections_per_address(SimpleNamespace(config={**DEFAULTS, **settings})) == cap


def test_an_app_without_settings_gets_the_default_cap():
    assert worker.connections_per_address(lambda environ, start_response: []) == 128
