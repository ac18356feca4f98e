"""The worker's event streams, held by one thread: a selector that writes every open stream's new messages.

    the view (a pool thread)   checks the request, answers the stream's head, its `retry:`
                               and the events so far, then hands the socket over
                               (`environ[ADOPT]`, offered by app/serving/worker.py)
    the hub (one thread)       waits on every adopted socket and on a wake-up socket;
                               when a followed table's seq moves (tables/notify.py calls
                               `Follower.on_move`'s callback), it writes the new events'
                               messages to that table's streams; once a second it writes
                               the keep-alives that are due and ends the streams whose
                               lifetime is over

Why: a stream that holds a pool thread costs a thread wake-up, a trip through
the interpreter lock and a blocking write per message, which with many
streams open multiplied the workers' CPU per claim (bench/tables.py measures
it: server CPU per claim with the streams open and with none). Here a message costs one
non-blocking `send` per phone, in a thread that is already running; and a
stream holds no thread, so streams no longer compete with requests for the
pool (the cap on streams per worker, app/serving/streams.py, is about sockets now).

What a stream sends is decided by its `StreamCursor` (app/serving/streams.py), the
same object that drives a stream answered by a thread (under a server other
than our gunicorn worker, or over TLS), so both say the same thing.

A phone that stops reading is dropped once what waits for it passes the
stream's bound (`STREAM_BUFFER_BYTES`, by default `MAX_BUFFERED`): the
kernel's share, the socket's send buffer, is capped to half of it
(`cap_send_buffer`: left to itself the kernel grows it to megabytes for a
phone that reads nothing), and the hub counts the rest, its own unsent
bytes. Its `EventSource` reconnects and resumes with `Last-Event-ID`. So is
a phone dropped that sends more than `MAX_UNREAD` bytes (nothing is expected
from it), or that closes its end. Nothing the hub does waits on a phone.
"""

from __future__ import annotations

import logging
import selectors
import socket
import threading
import time

__all__ = ["ADOPT", "MAX_BUFFERED", "StreamHub", "cap_send_buffer"]

# The WSGI environ key under which app/serving/worker.py offers a request's socket to the hub:
# `environ[ADOPT](cursor, follower, release, queued) -> bool`, callable once the answer's head is written.
ADOPT = "wordsmith.adopt"
MAX_BUFFERED = 256 * 1024  # bytes written for a phone and not yet taken by it: past this, its stream is dropped
MAX_UNREAD = 64 * 1024  # bytes a phone may send on an open stream (nothing is expected) before it is dropped
SWEEP_SECONDS = 1.0  # how often keep-alives and lifetimes are looked at: each is at most this late

log = logging.getLogger(__name__)


def cap_send_buffer(sock: socket.socket, queued: int) -> int:
    """Cap the kernel's send buffer for a stream's phone to half of `queued`; return what the kernel holds.

    Linux doubles the size asked (its own bookkeeping counts against it)
    and reports the doubled size, so a quarter is asked; a size set by hand
    also stops the kernel growing the buffer by itself.
    """
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, queued // 4)
    return sock.getsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF)


class _Stream:
    """One adopted stream: its socket, its cursor and follower, and what is waiting to be sent."""

    __slots__ = (
        "chunked",
        "closed",
        "cursor",
        "follower",
        "max_out",
        "next_beat",
        "out",
        "received",
        "release",
        "sock",
        "writing",
    )

    def __init__(self, sock: socket.socket, chunked: bool, cursor, follower, release, max_out: int):
        self.sock = sock
        self.chunked = chunked  # the head announced `Transfer-Encoding: chunked`: every write is framed as a chunk
        self.cursor = cursor
        self.follower = follower
        self.release = release  # gives the stream's slots back (app/serving/streams.py)
        self.max_out = max_out  # unsent bytes the hub keeps for the phone: past them the stream is dropped
        self.out = bytearray()
        self.received = 0
        self.writing = False  # registered for EVENT_WRITE: the socket did not take everything at once
        self.closed = False
        self.next_beat = 0.0


class StreamHub:
    """The event streams of one worker process, written by one thread (started with the first stream)."""

    def __init__(self):
        self._selector = selectors.DefaultSelector()
        self._wake_in, self._wake_out = socket.socketpair()
        self._wake_in.setblocking(False)
        self._wake_out.setblocking(False)
        self._lock = threading.Lock()  # guards what other threads hand in: _adopted, _moved, _signalled
        self._adopted: list[_Stream] = []
        self._moved: set[str] = set()
        self._signalled = False
        self._by_code: dict[str, set[_Stream]] = {}
        self._thread: threading.Thread | None = None
        self._start_lock = threading.Lock()

    @property
    def open(self) -> int:
        """How many streams the hub holds (read by tests and the bench; approximate while streams come and go)."""
        return sum(len(streams) for streams in list(self._by_code.values()))

    def adopt(self, sock: socket.socket, chunked: bool, cursor, follower, release, queued: int | None = None) -> None:
        """Take over an answered stream's socket: from now on the hub writes it, and ends it (called by a pool thread).

        `queued`: the bytes that may wait for the phone, the kernel's included (`MAX_BUFFERED` when not given)."""
        queued = MAX_BUFFERED if queued is None else queued
        try:
            kernel = cap_send_buffer(sock, queued)
        except OSError:  # the phone already left: the hub's first look at the socket ends the stream
            kernel = 0
        follower.on_move(self._moved_table)
        cursor.wake = self._moved_table  # a pages' stream's part, drawn off this thread, calls back when ready
        self._start()
        self._hand_in(stream=_Stream(sock, chunked, cursor, follower, release, max(0, queued - kernel)))

    def _moved_table(self, code: str) -> None:
        """A followed table's seq moved (called by the notifier, under its lock: note it and return)."""
        self._hand_in(code=code)

    def _hand_in(self, stream: _Stream | None = None, code: str | None = None) -> None:
        """Give the hub's thread a new stream or a moved table, and wake it unless a wake-up is already on its way."""
        with self._lock:
            if stream is not None:
                self._adopted.append(stream)
            if code is not None:
                self._moved.add(code)
            if self._signalled:
                return
            self._signalled = True
        try:
            self._wake_out.send(b"\0")
        except BlockingIOError:  # the socket pair is full of wake-ups: the hub is awake anyway
            pass

    def _start(self) -> None:
        if self._thread is None:
            with self._start_lock:
                if self._thread is None:
                    self._selector.register(self._wake_in, selectors.EVENT_READ, None)
                    self._thread = threading.Thread(target=self._run, name="stream-hub", daemon=True)
                    self._thread.start()

    # --- the hub's thread ----------------------------------------------------------------

    def _run(self) -> None:
        next_sweep = time.monotonic() + SWEEP_SECONDS
        while True:
            try:
                next_sweep = self._turn(next_sweep)
            except Exception:  # never let one bad turn end every stream of the worker
                log.exception("the stream hub's turn failed")

    def _turn(self, next_sweep: float) -> float:
        """Wait for sockets, wake-ups or the sweep; do what came; return when the next sweep is due."""
        ready = self._selector.select(max(0.0, next_sweep - time.monotonic()))
        for key, mask in ready:
            stream = key.data
            if stream is None:
                self._drain_wake()
                continue
            if mask & selectors.EVENT_READ:
                self._receive(stream)
            if mask & selectors.EVENT_WRITE and not stream.closed:
                self._flush(stream)
        with self._lock:
            adopted, self._adopted = self._adopted, []
            moved, self._moved = self._moved, set()
            self._signalled = False
        for stream in adopted:
            self._add(stream)
        for code in moved:
            for stream in list(self._by_code.get(code, ())):
                self._deliver(stream)
        now = time.monotonic()
        if now >= next_sweep:
            self._sweep(now)
            return now + SWEEP_SECONDS
        return next_sweep

    def _drain_wake(self) -> None:
        try:
            while self._wake_in.recv(4096):
                pass
        except BlockingIOError:
            pass

    def _add(self, stream: _Stream) -> None:
        try:
            stream.sock.setblocking(False)
            self._selector.register(stream.sock, selectors.EVENT_READ, stream)
        except (OSError, ValueError):  # the phone left before the hub got to it
            self._close(stream)
            return
        self._by_code.setdefault(stream.cursor.code, set()).add(stream)
        stream.next_beat = time.monotonic() + stream.cursor.heartbeat
        self._deliver(stream)  # whatever came between the view's read of the events and now

    def _deliver(self, stream: _Stream) -> None:
        if stream.closed:
            return
        try:
            data = stream.cursor.ready(stream.follower)
        except Exception:
            log.exception(
                "reading table %s's new events for a stream failed; the phone will reconnect", stream.cursor.code
            )
            self._close(stream)
            return
        if data:
            self._write(stream, data)
            stream.next_beat = time.monotonic() + stream.cursor.heartbeat

    def _sweep(self, now: float) -> None:
        """End the streams whose lifetime is over; write each idle one's keep-alive (or end it: table deleted)."""
        alive: dict[str, bool] = {}  # one look per table, however many of its streams are due
        for streams in list(self._by_code.values()):
            for stream in list(streams):
                if now >= stream.cursor.deadline:
                    self._end(stream)
                elif now >= stream.next_beat:
                    try:
                        beat = stream.cursor.beat(alive)
                    except Exception:
                        log.exception("checking table %s for a keep-alive failed", stream.cursor.code)
                        beat = None
                    if beat is None:
                        self._end(stream)
                    else:
                        self._write(stream, beat)
                        stream.next_beat = now + stream.cursor.heartbeat

    def _write(self, stream: _Stream, data: bytes) -> None:
        """Send `data` (framed as a chunk when the stream is chunked); what the socket does not take waits in `out`.

        With nothing waiting, the chunk's head, the data and its end go in one gathered send, not copied into the
        stream's buffer first; only what the socket leaves is."""
        pieces = [b"%x\r\n" % len(data), data, b"\r\n"] if stream.chunked else [data]
        if not stream.out:
            try:
                sent = stream.sock.sendmsg(pieces)
            except BlockingIOError:
                sent = 0
            except OSError:  # the phone is gone
                self._close(stream)
                return
            for piece in pieces:
                if sent >= len(piece):
                    sent -= len(piece)
                    continue
                stream.out += memoryview(piece)[sent:]
                sent = 0
        else:
            for piece in pieces:
                stream.out += piece
        self._flush(stream)

    def _flush(self, stream: _Stream) -> None:
        try:
            while stream.out:
                sent = stream.sock.send(stream.out)
                del stream.out[:sent]
        except BlockingIOError:
            pass
        except OSError:  # the phone is gone
            self._close(stream)
            return
        if len(stream.out) > stream.max_out:
            log.info("a phone fell %d bytes behind on table %s's stream: dropped", len(stream.out), stream.cursor.code)
            self._close(stream)
            return
        want = bool(stream.out)
        if want != stream.writing:
            stream.writing = want
            events = selectors.EVENT_READ | (selectors.EVENT_WRITE if want else 0)
            self._selector.modify(stream.sock, events, stream)

    def _receive(self, stream: _Stream) -> None:
        try:
            data = stream.sock.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        stream.received += len(data)
        if not data or stream.received > MAX_UNREAD:  # closed by the phone, or it sends what nobody reads
            self._close(stream)

    def _end(self, stream: _Stream) -> None:
        """End the stream as the protocol says (the last chunk), as far as the phone takes it at once, and close."""
        if stream.chunked:
            stream.out += b"0\r\n\r\n"
        try:
            if stream.out:
                stream.sock.send(stream.out)
        except OSError:
            pass
        self._close(stream)

    def _close(self, stream: _Stream) -> None:
        if stream.closed:
            return
        stream.closed = True
        streams = self._by_code.get(stream.cursor.code)
        if streams is not None:
            streams.discard(stream)
            if not streams:
                del self._by_code[stream.cursor.code]
        try:
            self._selector.unregister(stream.sock)
        except (KeyError, ValueError):
            pass
        try:
            stream.sock.close()
        except OSError:
            pass
        stream.follower.close()
        stream.release()
