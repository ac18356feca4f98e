"""The edges of a public service: security headers on every answer, relative redirects, refused
encodings, one body limit both ways; and, through gunicorn, the read deadline (408) and the
server's own refusals (400, 414, 431) as problem documents."""

from __future__ import annotations

import io
import json
import re
import socket
import threading
import time

import pytest
import requests
from hypothesis import given, settings
from hypothesis import strategies as st
from service_helpers import GunicornServer, assert_problem

from app.serving.gunicorn_conf import keepalive, threads, worker_connections
from app.serving.security import SECURITY_HEADERS
from app.serving.streams import HUB_STREAMS
from app.serving.worker import server_error_status

ONE_APP = True  # its tests only send requests: one app for the module (conftest.py, `app`)

SAMPLE_VALUES = {"word": "cat", "filename": "style.css", "code": "ABCDEF"}


def every_route_request(app):
    """Yield (method, url) for every route and method of the app, path values filled in."""
    for rule in app.url_map.iter_rules():
        url = rule.rule
        for name in rule.arguments:
            url = re.sub(rf"<(?:\w+:)?{name}>", SAMPLE_VALUES.get(name, "1"), url)  # numbers (seat, claim): 1
        for method in sorted(rule.methods):
            yield method, url


def assert_security_headers(headers) -> None:
    for name, value in SECURITY_HEADERS.items():
        assert headers.get(name) == value, f"{name}: {headers.get(name)!r}"
    policy = headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in policy and "'unsafe-inline'" not in policy


def test_every_route_and_method_carries_the_security_headers(app, client):
    seen = 0
    for method, url in every_route_request(app):
        response = client.open(url, method=method)
        assert response.status_code < 500, (method, url, response.status_code)
        assert_security_headers(response.headers)
        seen += 1
    assert seen > 30  # every route, not a handful


@pytest.mark.parametrize(
    "method, url, accept, status",
    [
        ("GET", "/nowhere", "text/html", 404),
        ("GET", "/api/v1/nowhere", "application/json", 404),
        ("DELETE", "/api/v1/health", "application/json", 405),
    ],
)
def test_errors_carry_the_security_headers(client, method, url, accept, status):
    response = client.open(url, method=method, headers={"Accept": accept})
    assert response.status_code == status
    assert_security_headers(response.headers)


def test_the_policy_allows_everything_the_pages_load(client):
    # No inline script, style or handler: the policy is 'self' only, so a page must not need more.
    for page in ("/", "/solve", "/booksmack", "/colorsmash", "/docs"):
        html = client.get(page).get_data(as_text=True)
        assert "<script>" not in html and "<style" not in html and " style=" not in html, page
        assert " onclick=" not in html and " onload=" not in html and "javascript:" not in html, page


@pytest.mark.parametrize(
    "path, location",
    [
        ("/api/v1//health", "/api/v1/health"),
        ("/api/v1//words//cat?lexicon=small", "/api/v1/words/cat?lexicon=small"),
    ],
)
def test_api_redirects_are_relative_problems(client, path, location):
    response = client.get(path, headers={"Host": "evil.example"})
    assert response.headers["Location"] == location
    assert "evil.example" not in response.get_data(as_text=True)
    problem = assert_problem(response, 308)
    assert location.split("?")[0] in problem["detail"]
    assert_security_headers(response.headers)


def test_page_redirects_are_relative(fresh_app):
    @fresh_app.get("/slashed/")
    def slashed():
        return "ok"

    response = fresh_app.test_client().get("/slashed", headers={"Host": "evil.example"})
    assert response.status_code == 308 and response.headers["Location"] == "/slashed/"


@pytest.mark.parametrize("coding", ["gzip", "deflate", "br", "GZIP"])
def test_compressed_bodies_are_refused(client, coding):
    response = client.post(
        "/api/v1/words/check",
        data=b'{"words": ["cat"]}',
        content_type="application/json",
        headers={"Content-Encoding": coding},
    )
    problem = assert_problem(response, 415)
    assert "Content-Encoding" in problem["detail"]
    assert response.headers["Accept-Encoding"] == "identity"


def test_identity_encoding_is_read(client):
    response = client.post("/api/v1/words/check", json={"words": ["cat"]}, headers={"Content-Encoding": "identity"})
    assert response.status_code == 200


def padded_body(size: int) -> bytes:
    """A valid check request of exactly `size` bytes (the padding is JSON whitespace)."""
    body = json.dumps({"words": ["cat"]}).encode()
    return body[:-1] + b" " * (size - len(body)) + b"}"


@pytest.mark.parametrize("extra, status", [(0, 200), (1, 413)])
def test_one_body_limit_with_and_without_content_length(client, app, extra, status):
    body = padded_body(app.config["MAX_BODY_BYTES"] + extra)
    sized = client.post("/api/v1/words/check", data=body, content_type="application/json")
    streamed = client.post(
        "/api/v1/words/check",
        input_stream=io.BytesIO(body),
        content_type="application/json",
        environ_overrides={"wsgi.input_terminated": True, "HTTP_TRANSFER_ENCODING": "chunked"},
    )
    assert sized.status_code == streamed.status_code == status


@pytest.mark.parametrize(
    "error, args, status",
    [
        ("LimitRequestLine", (5000, 4094), 414),
        ("LimitRequestHeaders", ("too many",), 431),
        ("InvalidRequestLine", ("BLAH",), 400),
        ("InvalidHeader", ("X-A",), 400),
        ("InvalidChunkSize", (b"zz",), 400),
        ("UnsupportedTransferCoding", ("gzip",), 501),
        ("ForbiddenProxyRequest", ("10.0.0.1",), 403),
        ("InvalidResponseHeader", ("X-B",), 500),
    ],
)
def test_server_refusals_map_to_their_status(error, args, status):
    from gunicorn.http import errors

    code, detail = server_error_status(getattr(errors, error)(*args))
    assert code == status and detail
    assert server_error_status(ValueError("bug"))[0] == 500


# Through gunicorn, with a short read deadline so the tests stay quick.
READ_TIMEOUT = 1.0


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    env = {"GUNICORN_READ_TIMEOUT": str(READ_TIMEOUT)}
    server = GunicornServer(tmp_path_factory.mktemp("serving") / "gunicorn.log", env=env).start()
    yield server
    server.stop()


def exchange(server, data: bytes, *, wait: float = 10.0) -> tuple[bytes, float]:
    """Send `data` on a fresh socket, read until the server closes it; return the answer and the seconds taken."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=wait) as sock:
        start = time.monotonic()
        sock.sendall(data)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
        return answer, time.monotonic() - start


def parse(answer: bytes) -> tuple[int, dict, dict]:
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), headers, json.loads(body)


def assert_raw_problem(answer: bytes, status: int) -> dict:
    code, headers, body = parse(answer)
    assert code == status and body["status"] == status, answer[:300]
    assert headers["Content-Type"] == "application/problem+json"
    assert {"type", "title", "detail"} <= body.keys()
    assert_security_headers(headers)
    return body


def test_unfinished_headers_are_cut_off_with_408(server):
    answer, took = exchange(server, b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\n")
    body = assert_raw_problem(answer, 408)
    assert "headers" in body["detail"]
    assert READ_TIMEOUT <= took < READ_TIMEOUT + 2


def test_unfinished_body_is_cut_off_with_408_from_the_app(server):
    request = b"POST /api/v1/words/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
    answer, took = exchange(server, request)
    body = assert_raw_problem(answer, 408)
    assert "body" in body["detail"] and body["type"].endswith("#problem-timeout")
    assert READ_TIMEOUT <= took < READ_TIMEOUT + 2


@pytest.mark.parametrize("size", [20_000, 100_000])
def test_a_body_refused_unread_closes_its_connection_and_says_so(server, size):
    """A 413's body is left unread on the socket: kept alive, its bytes would be read as the next request and a
    client's next request on it lost. The answer says Connection: close, and the client opens another."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(
            b"POST /api/v1/words/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: %d\r\n\r\n" % size + b"x" * size
        )
        answer = b"".join(iter(lambda: sock.recv(65536), b""))  # read until the server closes: it does
    code, headers, body = parse(answer)
    assert code == 413 and headers["Connection"] == "close" and body["status"] == 413
    with requests.Session() as session:  # a client's next request goes on a new connection, and is answered
        assert session.post(server.url + "/api/v1/words/check", data=b"x" * size).status_code == 413
        assert session.get(server.url + "/api/v1/health").ok


def test_a_body_sent_in_pieces_within_the_deadline_is_read(server):
    body = json.dumps({"words": ["cat", "dog"]}).encode()
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(
            b"POST /api/v1/words/check HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\n"
            b"Content-Length: %d\r\n\r\n" % len(body)
        )
        for piece in (body[:10], body[10:]):
            time.sleep(READ_TIMEOUT / 4)
            sock.sendall(piece)
        answer = b"".join(iter(lambda: sock.recv(65536), b""))
    code, _, result = parse(answer)
    assert code == 200 and result["all_valid"] is True


def test_an_idle_kept_alive_connection_is_not_a_slow_client(server):
    # The clock starts with a request's first byte, not with the connection.
    with requests.Session() as session:
        assert session.get(server.url + "/api/v1/health").ok
        time.sleep(READ_TIMEOUT * 1.5)  # within gunicorn's keepalive (gunicorn_conf.py)
        assert session.get(server.url + "/api/v1/health").ok


def read_answer(sock: socket.socket) -> tuple[int, bytes]:
    """One answer with a Content-Length from a kept-alive socket: its status and body."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536) or pytest.fail(f"closed before an answer: {data!r}")
    head, _, body = data.partition(b"\r\n\r\n")
    length = int(re.search(rb"(?i)content-length: *(\d+)", head).group(1))
    while len(body) < length:
        body += sock.recv(65536) or pytest.fail("closed within an answer")
    return int(head.split(b" ", 2)[1]), body


def test_a_silent_connection_is_closed_long_before_an_idle_kept_alive_one(server):
    """An idle phone's connection is kept for its next tap (gunicorn_conf.py's keepalive); a new connection that
    never speaks is closed after gthread's first wait and SILENT_GRACE, well before that keep-alive."""
    health = b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n"
    with (
        socket.create_connection(("127.0.0.1", server.port), timeout=keepalive) as kept,
        socket.create_connection(("127.0.0.1", server.port), timeout=keepalive) as silent,
    ):
        kept.sendall(health)
        assert read_answer(kept)[0] == 200
        began = time.monotonic()
        try:
            assert silent.recv(1) == b""
        except ConnectionResetError:
            pass
        assert time.monotonic() - began < keepalive / 2  # closed by the server, at gthread's wait and the grace
        # Idle all that while, and longer than gunicorn's own keep-alive (2 s): still served on the same connection.
        kept.sendall(health)
        assert read_answer(kept)[0] == 200


@pytest.fixture(scope="module")
def roomy_server(tmp_path_factory):
    """The server as deployed, with its own read deadline (10 s): a thousand requests at once on a busy machine may
    wait longer than the module's 1 s deadline for a worker thread's turn, and the deadline is not what is tested."""
    server = GunicornServer(tmp_path_factory.mktemp("roomy") / "gunicorn.log").start()
    yield server
    server.stop()


def test_every_phone_of_a_full_worker_keeps_its_idle_connection(roomy_server):
    """A worker keeps an idle connection for each phone its streams can serve (gunicorn_conf.py's KEPT_ALIVE): past
    `worker_connections - threads` kept, gthread answers with `Connection: close` and the phone's next tap opens a
    new connection. Here as many phones as one worker's streams hold, from addresses of their own (each address has
    its cap), tap twice each, on both workers or all on one."""
    assert worker_connections - threads >= HUB_STREAMS
    health = b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n"
    phones = []
    try:
        for number in range(HUB_STREAMS):
            address = f"127.3.{number // 4 // 250}.{number // 4 % 250 + 1}"  # four phones an address
            phones.append(
                socket.create_connection(("127.0.0.1", roomy_server.port), timeout=10, source_address=(address, 0))
            )
        for tap in (1, 2):
            for phone in phones:
                phone.sendall(health)
            closing = 0
            for phone in phones:
                data = b""
                while b"\r\n\r\n" not in data:
                    data += phone.recv(65536) or pytest.fail(f"tap {tap}: closed before an answer: {data!r}")
                head, _, body = data.partition(b"\r\n\r\n")
                length = int(re.search(rb"(?i)content-length: *(\d+)", head).group(1))
                while len(body) < length:  # the whole answer read: the next tap's starts clean
                    body += phone.recv(65536) or pytest.fail(f"tap {tap}: closed within an answer")
                assert head.startswith(b"HTTP/1.1 200")
                closing += b"connection: close" in head.lower()
            assert closing == 0, f"tap {tap}: {closing} of {len(phones)} phones told to open a new connection"
    finally:
        for phone in phones:
            phone.close()


def hold_slow_sockets(port: int, count: int, stop: threading.Event) -> list[threading.Thread]:
    """Keep `count` slow sockets open (a body announced, one byte sent), opening a new one when the server cuts one off."""

    def hold():
        while not stop.is_set():
            with socket.create_connection(("127.0.0.1", port)) as sock:
                sock.sendall(
                    b"POST /api/v1/words/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
                )
                sock.settimeout(0.2)
                while not stop.is_set():
                    try:
                        if not sock.recv(4096):
                            break
                    except TimeoutError:
                        continue

    threads = [threading.Thread(target=hold, daemon=True) for _ in range(count)]
    for thread in threads:
        thread.start()
    return threads


def test_health_answers_while_slow_clients_hold_sockets(tmp_path):
    """32 sockets each hold a request half sent; health is still answered, by construction not by speed: the slow
    sockets' read deadline (30 s) is longer than the whole test's wait, so no answer can have come from a worker
    freed by cutting one off (sync workers, each held by a slow socket, answered nothing here)."""
    server = GunicornServer(tmp_path / "gunicorn.log", env={"GUNICORN_READ_TIMEOUT": "30"}).start()
    stop = threading.Event()
    threads = hold_slow_sockets(server.port, 32, stop)
    try:
        time.sleep(0.5)
        for _ in range(20):
            assert requests.get(server.url + "/api/v1/health", timeout=10).ok
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=2)
        server.stop()


def test_the_gunicorn_internals_the_worker_relies_on_are_there():
    """app/serving/gunicorn_glue.py names every gunicorn internal it uses: an upgrade that drops one fails here."""
    import inspect

    from app.serving import gunicorn_glue

    missing = [f"{owner.__name__}.{name}" for owner, name in gunicorn_glue.INTERNALS if not hasattr(owner, name)]
    for owner, method, name in gunicorn_glue.INSTANCE_INTERNALS:
        if f"self.{name} =" not in inspect.getsource(getattr(owner, method)):
            missing.append(f"{owner.__name__}.{method} setting self.{name}")
    for function, names in gunicorn_glue.SIGNATURES:
        if list(inspect.signature(function).parameters) != names:
            missing.append(f"{function.__qualname__}({', '.join(names)})")
    for function, text in gunicorn_glue.USES:
        if text not in inspect.getsource(function):
            missing.append(f"{function.__qualname__} using {text}")
    assert missing == []


def test_health_is_answered_by_the_same_path_as_every_request(server):
    """No lane of its own: health goes through gthread's queue and Flask's request handling (its hooks add the
    security headers), so a worker whose queue is stuck says so to its load balancer."""
    answer = requests.get(server.url + "/api/v1/health", timeout=10)
    assert answer.ok and answer.json()["status"] == "ok"
    assert_security_headers(answer.headers)
    from app.serving import worker

    assert not [name for name in dir(worker) if "HEALTH" in name.upper()]
    assert "enqueue_req" not in worker.DeadlineWorker.__dict__


@pytest.mark.parametrize(
    "request_bytes, status",
    [
        (b"GET /api/v1/" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
        (
            b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(120)) + b"\r\n",
            431,
        ),
        (b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n", 431),
        (b"BLAH\r\n\r\n", 400),
        (b"GET /api/v1/health HTTP/9.9\r\nHost: x\r\n\r\n", 400),
    ],
)
def test_server_refusals_are_problems(server, request_bytes, status):
    answer, _ = exchange(server, request_bytes)
    assert_raw_problem(answer, status)


def test_a_chunked_body_at_the_limit_through_gunicorn(server):
    body = padded_body(16384)
    sized = requests.post(server.url + "/api/v1/words/check", data=body, headers={"Content-Type": "application/json"})
    streamed = requests.post(
        server.url + "/api/v1/words/check",
        data=iter([body[:8000], body[8000:]]),
        headers={"Content-Type": "application/json"},
    )
    assert sized.status_code == streamed.status_code == 200
    over = requests.post(
        server.url + "/api/v1/words/check", data=iter([body, b" "]), headers={"Content-Type": "application/json"}
    )
    assert_problem(over, 413)


def test_redirect_through_gunicorn_names_no_host(server):
    response = requests.get(server.url + "/api/v1//health", headers={"Host": "evil.example"}, allow_redirects=False)
    assert response.headers["Location"] == "/api/v1/health"
    assert_problem(response, 308)
    assert_security_headers(response.headers)


@settings(max_examples=50, deadline=None)
@given(st.characters(categories=["Nd"]).filter(lambda c: c not in "0123456789"))
def test_pool_counts_take_ascii_digits_only(digit):
    from solver.pieces import parse_pool

    with pytest.raises(ValueError):
        parse_pool(f"R{digit}")


@given(st.integers(0, 59), st.integers(0, 8))
def test_leading_zeros_do_not_change_a_count(count, zeros):
    from solver.pieces import parse_pool

    pool = parse_pool(f"R{'0' * zeros}{count} Y1")
    assert pool == parse_pool(f"R{count} Y1")


def test_a_padded_count_at_the_limit_is_the_limit(client):
    from solver.pieces import parse_pool

    assert parse_pool("R00060").size == 60
    assert client.post("/api/v1/wordsmith/solve", json={"pool": "R00060", "limit": 1}).status_code == 200
    assert_problem(client.post("/api/v1/wordsmith/solve", json={"pool": "R٣"}), 422, "/pool")


def test_the_app_asks_once_whether_a_function_is_async(fresh_app, monkeypatch):
    """app.WordsmithFlask keeps Flask's answer per function: the same object back, `iscoroutinefunction` asked once."""
    import flask.app

    asked = []
    real = flask.app.iscoroutinefunction
    monkeypatch.setattr(flask.app, "iscoroutinefunction", lambda func: asked.append(func) or real(func))

    def view():
        return "plain"

    assert fresh_app.ensure_sync(view) is view and fresh_app.ensure_sync(view) is view
    assert asked == [view]

    class Viewer:
        def show(self):
            return "bound"

    for _ in range(2):  # a bound method is asked each time, never kept (it may be a new object per request)
        fresh_app.ensure_sync(Viewer().show)
    assert len(asked) == 3 and not any(isinstance(func, type(Viewer().show)) for func in fresh_app._synced)


def test_a_request_that_finds_no_database_connection_gets_a_503_to_retry(fresh_app):
    """A pool timeout (every connection of the worker busy for the whole wait) is the service being busy: 503."""
    import sqlalchemy.exc

    @fresh_app.get("/api/v1/test-busy")
    def busy():
        raise sqlalchemy.exc.TimeoutError("QueuePool limit of size 16 overflow 0 reached")

    answer = fresh_app.test_client().get("/api/v1/test-busy")
    body = assert_problem(answer, 503)
    assert body["type"].endswith("#problem-database-busy") and answer.headers["Retry-After"] == "2"


def test_a_test_servers_port_is_free_and_outside_the_range_clients_take_theirs_from():
    from service_helpers import client_ports, free_port

    for _ in range(20):
        port = free_port()
        assert port not in client_ports() and port >= 1024
        with socket.socket() as probe:
            probe.bind(("0.0.0.0", port))
