"""The worker's stream hub (app/serving/stream_hub.py): one thread writes every adopted event stream.

The hub is driven here through socket pairs with a scripted cursor and
follower; tests/test_api_tables.py runs it under gunicorn (the deployed worker's streams).
"""

from __future__ import annotations

import socket
import threading
import time

import pytest

from app.serving import stream_hub
from app.serving.stream_hub import StreamHub


class Cursor:
    """A stream's cursor as the hub sees it: what is ready to send, the keep-alive, the lifetime."""

    def __init__(self, code="ABCDEF", heartbeat=60.0, lifetime=60.0, alive=True):
        self.code = code
        self.heartbeat = heartbeat
        self.deadline = time.monotonic() + lifetime
        self.alive = alive
        self.pending: list[str] = []
        self.lock = threading.Lock()

    def ready(self, follower) -> bytes:
        with self.lock:
            text, self.pending = "".join(self.pending), []
        return text.encode()

    def beat(self, alive) -> bytes | None:
        return b": keep-alive\n\n" if self.alive else None


class Follower:
    def __init__(self):
        self.wake = None
        self.closed = 0

    def on_move(self, wake):
        self.wake = wake

    def close(self):
        self.closed += 1


class Stream:
    """One adopted stream: the phone's end of the socket pair, and what the hub was given."""

    def __init__(self, hub: StreamHub, chunked=True, **cursor):
        self.phone, server = socket.socketpair()
        self.phone.settimeout(5)
        self.cursor = Cursor(**cursor)
        self.follower = Follower()
        self.released = 0
        hub.adopt(server, chunked, self.cursor, self.follower, self.release)

    def release(self):
        self.released += 1

    def publish(self, text: str):
        """A new event of the stream's table: its text is ready, and the notifier wakes the hub."""
        with self.cursor.lock:
            self.cursor.pending.append(text)
        self.follower.wake(self.cursor.code)

    def read_until(self, ending: bytes) -> bytes:
        data = b""
        while not data.endswith(ending):
            chunk = self.phone.recv(65536)
            if not chunk:
                break
            data += chunk
        return data


def wait_for(condition, seconds=5.0):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


@pytest.fixture
def hub():
    return StreamHub()


def test_new_events_are_written_to_every_stream_of_their_table_as_chunks(hub):
    first, second, other = Stream(hub), Stream(hub), Stream(hub, code="OTHERS")
    wait_for(lambda: hub.open == 3)
    first.cursor.pending.append("id: 5\n\n")
    second.cursor.pending.append("id: 5\n\n")
    first.follower.wake("ABCDEF")  # one wake-up for the table: each of its streams gets what its cursor has
    assert first.read_until(b"\n\n\r\n") == b"7\r\nid: 5\n\n\r\n"
    assert second.read_until(b"\n\n\r\n") == b"7\r\nid: 5\n\n\r\n"
    other.phone.setblocking(False)
    with pytest.raises(BlockingIOError):
        other.phone.recv(1)  # another table's stream heard nothing


def test_a_stream_without_chunked_framing_gets_the_text_as_it_is(hub):
    stream = Stream(hub, chunked=False)
    wait_for(lambda: hub.open == 1)
    stream.publish("id: 9\n\n")
    assert stream.read_until(b"\n\n") == b"id: 9\n\n"


def test_what_came_before_the_hub_took_the_stream_is_sent_at_once(hub):
    phone, server = socket.socketpair()
    cursor, follower = Cursor(), Follower()
    cursor.pending.append("id: 3\n\n")  # written between the view's read of the events and the hand-over
    hub.adopt(server, True, cursor, follower, lambda: None)
    phone.settimeout(5)
    assert phone.recv(100) == b"7\r\nid: 3\n\n\r\n"


def test_a_phone_that_leaves_gives_back_its_slot_and_follower_once(hub):
    stream = Stream(hub)
    wait_for(lambda: hub.open == 1)
    stream.phone.close()
    wait_for(lambda: stream.released == 1)
    assert stream.follower.closed == 1 and hub.open == 0
    time.sleep(0.05)
    assert stream.released == 1


def test_a_phone_that_sends_what_nobody_reads_is_dropped(hub):
    stream = Stream(hub)
    wait_for(lambda: hub.open == 1)
    stream.phone.sendall(b"x" * (stream_hub.MAX_UNREAD + 1))
    wait_for(lambda: stream.released == 1)


def dechunk(data: bytes) -> bytes:
    """The payload of HTTP/1.1 chunks, each checked whole: its size line, its bytes, its CRLF."""
    payload = b""
    while data:
        size, _, data = data.partition(b"\r\n")
        length = int(size, 16)
        assert data[length : length + 2] == b"\r\n", "a chunk not as long as its head says"
        payload, data = payload + data[:length], data[length + 2 :]
    return payload


def test_a_write_the_socket_takes_in_part_reaches_a_slow_phone_whole_and_in_order(hub):
    """A message larger than what the socket takes at once (its chunk's head, the message, its end sent together)
    is sent in pieces: the phone, reading late, gets every chunk whole and every message in order."""
    phone, server = tcp_pair(receive_buffer=1024)
    cursor, follower, released = Cursor(), Follower(), []
    hub.adopt(server, True, cursor, follower, lambda: released.append(1), 256 * 1024)  # 128 KB kept past the kernel
    wait_for(lambda: hub.open == 1)
    data = b""
    for n in (1, 2):
        message = f"id: {n}\ndata: {str(n) * 120_000}\n\n"
        with cursor.lock:
            cursor.pending.append(message)
        follower.wake(cursor.code)
        time.sleep(0.1)  # the phone reads late: what its socket does not take waits with the hub
        while not data.endswith(f"{n}\n\n\r\n".encode()) and (chunk := phone.recv(65536)):
            data += chunk
    assert dechunk(data) == "".join(f"id: {n}\ndata: {str(n) * 120_000}\n\n" for n in (1, 2)).encode()
    assert released == []


def test_a_phone_that_stops_reading_is_dropped_past_the_buffer_limit(hub, monkeypatch):
    monkeypatch.setattr(stream_hub, "MAX_BUFFERED", 64 * 1024)
    stream = Stream(hub)
    wait_for(lambda: hub.open == 1)
    message = "data: " + "x" * 4000 + "\n\n"
    for _ in range(400):  # ~1.6 MB: more than the socket pair's buffers and the hub's limit
        stream.publish(message)
        if stream.released:
            break
        time.sleep(0.001)
    wait_for(lambda: stream.released == 1)
    assert stream.follower.closed == 1


def test_an_idle_stream_gets_keep_alives_and_ends_when_its_table_is_gone(hub, monkeypatch):
    monkeypatch.setattr(stream_hub, "SWEEP_SECONDS", 0.05)
    stream = Stream(hub, heartbeat=0.1)
    assert stream.read_until(b"\n\n\r\n") == b"e\r\n: keep-alive\n\n\r\n"
    stream.cursor.alive = False  # the host deleted the table
    rest = stream.read_until(b"0\r\n\r\n")
    assert rest.endswith(b"0\r\n\r\n")  # the last chunk: the answer ends as HTTP says
    assert stream.phone.recv(10) == b""  # then the connection closes
    wait_for(lambda: stream.released == 1)


def test_a_stream_ends_with_the_last_chunk_when_its_lifetime_is_over(hub, monkeypatch):
    monkeypatch.setattr(stream_hub, "SWEEP_SECONDS", 0.05)
    stream = Stream(hub, lifetime=0.2)
    started = time.monotonic()
    assert stream.read_until(b"0\r\n\r\n") == b"0\r\n\r\n"
    assert time.monotonic() - started < 2
    assert stream.phone.recv(10) == b""
    wait_for(lambda: stream.released == 1 and stream.follower.closed == 1)


def test_a_cursor_that_fails_ends_its_stream_not_the_hub(hub):
    broken, fine = Stream(hub), Stream(hub, code="OTHERS")
    wait_for(lambda: hub.open == 2)

    def fail(follower):
        raise RuntimeError("the database went away")

    broken.cursor.ready = fail
    broken.publish("never sent")
    wait_for(lambda: broken.released == 1)
    assert broken.phone.recv(10) == b""
    fine.publish("id: 1\n\n")
    assert fine.read_until(b"\n\n\r\n") == b"7\r\nid: 1\n\n\r\n"


def tcp_pair(receive_buffer: int | None = None) -> tuple[socket.socket, socket.socket]:
    """A phone's socket and the server's, over loopback TCP; the phone's receive buffer made small when asked."""
    with socket.create_server(("127.0.0.1", 0)) as listener:
        phone = socket.socket()
        if receive_buffer is not None:  # before connecting: the window offered is set from it
            phone.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        phone.connect(listener.getsockname())
        server, _ = listener.accept()
    phone.settimeout(5)
    return phone, server


def read_to_end(sock: socket.socket) -> bytes:
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except ConnectionResetError:
        pass
    return data


def test_a_phone_that_stops_reading_is_dropped_once_its_bound_waits_for_it_kernel_included(hub):
    """The bound counts the socket's send buffer too: left to itself the kernel took megabytes for a phone that
    reads nothing (so the hub's own buffer never filled and nothing was dropped). A phone that reads, at the same
    table, gets every message."""
    queued = 16 * 1024
    stuck_phone, stuck_server = tcp_pair(receive_buffer=1024)
    reading_phone, reading_server = tcp_pair()
    stuck, reader = (Cursor(), Follower()), (Cursor(), Follower())
    released = []
    hub.adopt(stuck_server, False, *stuck, lambda: released.append("stuck"), queued)
    hub.adopt(reading_server, False, *reader, lambda: released.append("reader"), queued)
    wait_for(lambda: hub.open == 2)
    message = "data: " + "x" * 994 + "\n\n"  # 1,000 bytes
    read = b""

    def publish(*cursors):
        nonlocal read
        expected = len(read) + len(message)
        for cursor, _ in cursors:
            with cursor.lock:
                cursor.pending.append(message)
        reader[1].wake("ABCDEF")
        while len(read) < expected:  # the reader keeps up: it has each message before the next is published
            read += reading_phone.recv(65536)

    written = 0
    while not released and written < 200:  # 200 KB: many times the bound and both kernels' buffers
        publish(stuck, reader)
        written += 1
    wait_for(lambda: released == ["stuck"])
    assert stuck[1].closed == 1 and written < 200, "never dropped"
    got = read_to_end(stuck_phone)  # what the kernel had taken before the drop, then the end
    assert len(got) <= queued + stuck_phone.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF)
    for _ in range(written, 200):  # the reader goes on
        publish(reader)
    assert read == message.encode() * 200 and released == ["stuck"]
