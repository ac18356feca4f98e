"""The client follows a table's stream as docs/api.md, "Event streams", says a follower does: a stream that ends or
drops (a worker restarting, a phone's network) is resumed after the last id with `Last-Event-ID`, after the
`retry:` delay, as the browser's EventSource resumes it; an HTTP refusal ends it.

A scripted server stands in for the service: each connection gets the next answer of a list, so a drop happens at a
known byte, on any machine."""

from __future__ import annotations

import json
import socket
import threading

import pytest
import requests

from client import WordsmithClient, WordsmithError


def event(seq: int) -> bytes:
    body = {"seq": seq, "type": "claim", "at": "2026-11-30T18:40:02.120Z", "by": 1, "data": {}}
    return f"id: {seq}\nevent: claim\ndata: {json.dumps(body)}\n\n".encode()


def chunk(data: bytes) -> bytes:
    return b"%x\r\n%s\r\n" % (len(data), data)


HEAD = b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
GONE = (
    b"HTTP/1.1 404 Not Found\r\nContent-Type: application/problem+json\r\nContent-Length: 71\r\n"
    b'Connection: close\r\n\r\n{"type":"about:blank","title":"Not found","status":404,"detail":"gone!"}'
)


class Scripted:
    """A server that answers its n-th connection with `answers[n]` and then closes it; records each request."""

    def __init__(self, answers: list[bytes]):
        self.answers = answers
        self.requests: list[str] = []
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self) -> None:
        for answer in self.answers:
            conn, _ = self.listener.accept()
            with conn:
                request = b""
                while b"\r\n\r\n" not in request:
                    request += conn.recv(4096)
                self.requests.append(request.decode("latin-1"))
                conn.sendall(answer)
        self.listener.close()

    def last_event_ids(self) -> list[str]:
        return [
            line.split(":", 1)[1].strip()
            for request in self.requests
            for line in request.split("\r\n")
            if line.lower().startswith("last-event-id:")
        ]


def test_a_dropped_stream_is_resumed_after_its_last_id():
    server = Scripted(
        [
            HEAD + chunk(b"retry: 10\n\n" + event(1) + event(2)),  # then the connection drops mid-stream
            HEAD + chunk(event(3)) + b"0\r\n\r\n",  # a stream the server ends (its lifetime)
            GONE,  # the table was deleted meanwhile
        ]
    )
    client = WordsmithClient(server.url, timeout=5)
    seen = []
    with pytest.raises(WordsmithError) as gone:
        for one in client.events("ABCDEF"):
            seen.append(one["seq"])
    assert seen == [1, 2, 3] and gone.value.status == 404
    assert server.last_event_ids() == ["0", "2", "3"]


def test_without_reconnect_a_drop_is_raised_and_an_end_ends():
    server = Scripted([HEAD + chunk(event(1)), HEAD + chunk(event(1)) + b"0\r\n\r\n"])
    client = WordsmithClient(server.url, timeout=5)
    with pytest.raises(requests.exceptions.ChunkedEncodingError):
        list(client.events("ABCDEF", reconnect=False))
    assert [one["seq"] for one in client.events("ABCDEF", reconnect=False)] == [1]
