"""A table's events as Server-Sent Events, and the cap on the streams one worker holds.

    GET /api/v1/tables/{code}/events        (Last-Event-ID, or ?after=, resumes; a bearer token: a seat's or the host's)
    GET /tables/{code}/events               the same stream for the pages (the phone's seat or host cookie)

What the stream says (its messages: `retry:`, one per event with its seq as the id and its type as the name, the
pages' `part`, the keep-alive comment) and how a follower resumes it is the contract of
docs/api.md, "Event streams", its one statement (tests/test_stream_contract.py holds this module to it): `message`,
`KEEP_ALIVE` and `StreamCursor.retry` write it, app/pages/table_live.py the `part`.

Under our gunicorn worker (app/serving/worker.py) a stream holds no thread: the view
answers its head, its `retry:` and the events so far, then hands the socket
to the worker's stream hub (app/serving/stream_hub.py), one thread that writes every
stream's new messages. A worker's hub holds at most `MAX_STREAMS` of them (by
default `HUB_STREAMS`, 1,000). Under any other server (the development
server, the test client) or over TLS, the thread that answered a stream
writes it for as long as it is open, so a worker takes at most `MAX_STREAMS`
of those: by default its threads less 64 (`GUNICORN_THREADS`, 640: 576
streams), the 64 left for ordinary requests, which never wait behind streams.
One stream more is refused with 503 and `Retry-After`.

Within that cap no one may take every slot: a client address holds at most
`STREAMS_PER_ADDRESS` streams of a worker (64; one more is a 429). A table's
own phones always get their stream: a stream sent with a seat's or the host's
token (or cookie) takes a slot of its holder's, `HOLDER_STREAMS` (3: the phone,
and a reconnect or two while an old stream lingers; one more is a 429), never
one of the viewers'. Streams without a token (a TV's table view, anyone with
the join code) share `STREAM_VIEWS_PER_TABLE` (4) a table; one more is a 503. A stream needs a table that exists:
an unknown code is the view's 404, counted as a guess (app/serving/limiter.py),
before any slot is taken. Every slot goes back when its stream ends, however
it ends (lifetime, table deleted, phone gone or dropped, a failed write).

What waits for a phone is bounded by `STREAM_BUFFER_BYTES` (256 KiB): the
socket's send buffer is capped to half of it (`cap_send_buffer`; left alone
the kernel grows it to megabytes for a phone that reads nothing), and the hub
drops a stream whose own unsent bytes pass the rest. A write by a thread (the
head and the events so far, and every write of a stream no hub holds) that
the phone does not take within `STREAM_WRITE_SECONDS` (30) fails, and the
stream ends: a phone that reads nothing holds a thread no longer than that.

A stream is closed after `EVENT_STREAM_SECONDS` (300; each stream's own
lifetime is drawn within ±10% of it, and the `retry:` delay is drawn between
1 and 4 seconds, so streams opened together do not all come back at the same
instant); the browser's `EventSource` reconnects by itself with
`Last-Event-ID`, and nothing is lost. A bounded lifetime frees what phones
that went away without closing hold, and lets a restarted worker's streams
move elsewhere. A stream whose table has been deleted ends at its next
heartbeat.

Waiting is `Tables.follow` (tables/notify.py: the store's notification, or
its cheap version check): no thread spins, and a table's new events are read
from the store once per process however many of its streams are open here.
The stream runs after the request has been answered, outside the per-request
CPU work budget (app/serving/budget.py), which is for a request's solver work, not
for the minutes a stream stays open.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterator

from flask import Response, current_app, request

from tables.events import NotFound
from tables.holders import stops_token
from tables.schema import compact_json

from ..errors import ApiProblem
from . import gunicorn_threads
from .limiter import address
from .stream_hub import ADOPT, cap_send_buffer

__all__ = ["KeyedSlots", "StreamCursor", "StreamSlots", "event_stream", "open_stream", "slots"]

# Threads left to ordinary requests when a worker's other threads all hold streams (streams answered by threads).
RESERVED_THREADS = 64
# Streams one worker's hub holds by default: a socket and a few KB each, no thread; 1,000 phones on one worker
# (250 tables of four) with room for an uneven split between workers. The worker raises its open-files limit to fit.
HUB_STREAMS = 1000
HOLDER_STREAMS = 3  # one seat's (or the host's) streams of a table on a worker: its phone, and reconnects that overlap


class KeyedSlots:
    """How many streams this worker holds per key (a client address, a table), each key at most the cap asked.

    A key with no stream open is forgotten, so the memory is bounded by the streams open."""

    def __init__(self):
        self.open: dict[str, int] = {}
        self.lock = threading.Lock()

    def take(self, key: str, cap: int) -> Callable[[], None] | None:
        """One slot of `key`, and the function that gives it back (safe to call twice); None when `key` has `cap`."""
        with self.lock:
            held = self.open.get(key, 0)
            if held >= cap:
                return None
            self.open[key] = held + 1
        given = threading.Event()

        def give_back() -> None:
            if not given.is_set():
                given.set()
                with self.lock:
                    left = self.open[key] - 1
                    if left:
                        self.open[key] = left
                    else:
                        del self.open[key]

        return give_back


class StreamSlots:
    """How many streams this worker holds, at most `cap`: `KeyedSlots` with one key."""

    def __init__(self, cap: int):
        self.cap = cap
        self._slots = KeyedSlots()

    @property
    def open(self) -> int:
        return self._slots.open.get("", 0)

    def take(self) -> Callable[[], None] | None:
        """One slot, and the function that gives it back (safe to call twice); None when all are taken."""
        return self._slots.take("", self.cap)


def default_cap(hub: bool) -> int:
    """Streams one worker may hold by default: `HUB_STREAMS` when its hub writes them; else a thread each,
    so its threads (`gunicorn_threads`) less those kept for requests."""
    if hub:
        return HUB_STREAMS
    return max(1, gunicorn_threads() - RESERVED_THREADS)


def slots(hub: bool = False) -> StreamSlots:
    """This worker's stream slots of one kind: those its hub holds, or those that hold a thread."""
    extensions = current_app.extensions
    key = "wordsmith.streams.hub" if hub else "wordsmith.streams"
    if key not in extensions:
        extensions[key] = StreamSlots(current_app.config["MAX_STREAMS"] or default_cap(hub))
    return extensions[key]


def keyed(kind: str) -> KeyedSlots:
    """This worker's streams per `kind` of key ("address" or "table"), whoever writes them (hub or thread)."""
    extensions = current_app.extensions
    key = f"wordsmith.streams.{kind}"
    if key not in extensions:
        extensions[key] = KeyedSlots()
    return extensions[key]


# A pages' stream's `part(seq, wake)`: the `part` message after the events up to `seq`, or None while it is drawn
# (then `wake(code)` is called once it is ready; `wake` None: draw it now).
PartMaker = Callable[[int, Callable[[str], None] | None], bytes | None]


def message(event: dict) -> str:
    """One SSE message: the event's seq as its id, its type as the event name, the event as data (one line)."""
    data = compact_json(event)
    return f"id: {event['seq']}\nevent: {event['type']}\ndata: {data}\n\n"


class Message(str):
    """An event's SSE message, and whose token the event stops (`stops`: a seat's number, 0 the host's, or None)."""

    stops: int | None = None


def shared_message(event) -> Message:
    """The SSE message of an event shown as it is: made once per process for every stream of its table."""
    made = Message(message(event.to_dict()))
    made.stops = stops_token(event)
    return made


KEEP_ALIVE = b": keep-alive\n\n"


class StreamCursor:
    """Where one event stream stands: the last event it sent, and the bytes of what comes next.

    The same cursor drives a stream whichever way it is written: by the worker's
    stream hub (app/serving/stream_hub.py, under our gunicorn worker) or by the thread
    that answered it (`event_stream`, under any other server). `show(events)`
    turns events into the dicts this viewer may see (all of them, in order; see
    tables.state.visible). `shared`: every viewer sees every event as it is
    (tables.state.may_hide is False), so each new event's message is formatted
    once per process and the same text goes to every stream of the table
    (`Follower.ready_shared`), with no fold per stream. `part(seq)`: a pages'
    stream's `part` message, sent after each run of new events (it is made
    once per process and event: app/pages/table_live.py); None while it is
    drawn for the hub, which `wake` calls back.
    """

    def __init__(
        self,
        service,
        code: str,
        after: int,
        show: Callable,
        *,
        lifetime: float,
        heartbeat: float,
        rng: random.Random,
        shared: bool = False,
        part: PartMaker | None = None,
        holder: tuple[int, int] | None = None,
    ):
        self.service = service
        self.code = code
        self.after = after
        self.show = show
        self.shared = shared
        self.part = part
        self.part_due = False  # new events were read and their part not sent yet
        self.held = b""  # under the hub: events read whose part is being drawn, sent with it
        # Set by the worker's stream hub when it adopts the stream: the part is then drawn off the hub's thread, which
        # this wakes (with the table's code) once it is ready; a thread that writes its own stream waits for it.
        self.wake: Callable[[str], None] | None = None
        self.heartbeat = heartbeat
        self.retry = b"retry: %d\n\n" % rng.randint(1000, 4000)
        self.deadline = time.monotonic() + lifetime * rng.uniform(0.9, 1.1)
        # (the seat whose token opened the stream, 0 the host's; the table's seq before that token was proven)
        self.holder = holder

    def backlog(self) -> bytes:
        """The messages of every event after the one to resume after; NotFound when the table is gone."""
        return self._with_part(self._text(self.service.events(self.code, self.after)))

    def ready(self, follower) -> bytes:
        """The messages of the events this process has heard of since the last one sent, without waiting."""
        if self.shared:
            made = follower.ready_shared(self.after, shared_message)
            if made:
                self.after = made[-1][0]
                self._stop_after((seq, text.stops) for seq, text in made)
            return self._with_part("".join(text for _, text in made))
        return self._with_part(self._text(follower.ready(self.after)))

    def _with_part(self, text: str) -> bytes:
        """`text` as the stream's bytes, and after it, on a pages' stream (`part`), the `part` message of the newest
        event sent: the table's part of every page as it is now (app/pages/table_live.py), or "fetch" (the page
        fetches it).

        Under the hub, a part not drawn yet is drawn off its thread, which is woken once it is (`wake`): the events
        wait for it (`held`) and go in the same write: a page does nothing with an event but wait for its part, and
        the phone gets one write, not two."""
        data = text.encode()
        if self.part is None:
            return data
        data, self.held = self.held + data, b""
        self.part_due = self.part_due or bool(data)
        if not self.part_due:
            return data
        made = self.part(self.after, self.wake)  # the same bytes for every stream of the table
        if made is None:  # being drawn: the hub is woken for it, and sends these events with it
            self.held = data
            return b""
        self.part_due = False
        return data + made

    def wait(self, follower, timeout: float) -> bytes:
        """`ready`, waiting up to `timeout` seconds for an event; nothing if none came."""
        return self.ready(follower) if follower.wait(self.after, timeout) else b""

    def beat(self, alive: dict[str, bool] | None = None) -> bytes | None:
        """The keep-alive comment; None when the host deleted the table (the stream ends, and the
        reconnect gets a 404, where EventSource stops). `alive` caches the look per table."""
        alive = {} if alive is None else alive
        if self.code not in alive:
            alive[self.code] = bool(self.service.last_seq(self.code))
        return KEEP_ALIVE if alive[self.code] else None

    def _text(self, events) -> str:
        text = "".join(message(shown) for shown in self.show(events))
        if events:
            self.after = events[-1].seq
            self._stop_after((event.seq, stops_token(event)) for event in events)
        return text

    def _stop_after(self, stops) -> None:
        """End the stream once it has sent an event (`stops`: (seq, whose token it stops)) that stopped the token
        it was opened with: a released or removed seat's old phone, a host that handed the role on, reads no more
        as its holder, and its slots go back at once for the phone that holds the seat now (`take_slots`). Its
        reconnect with the API's token is refused (403); a page's, whose cookie acts for no one, is a viewer's."""
        if self.holder is not None and any(seq > self.holder[1] and who == self.holder[0] for seq, who in stops):
            self.deadline = 0.0  # the lifetime is over: the stream ends after what it has just been given


def event_stream(cursor: StreamCursor, adopt: Callable | None = None) -> Iterator[bytes]:
    """Yield the stream's bytes: the `retry:` delay, the events so far, then each new one until its lifetime ends.

    `adopt(cursor, follower)`: once the head and the first messages are
    written, hand the rest to the worker's stream hub; when it says yes, this
    generator ends and the hub writes the stream from then on. Otherwise (no
    hub: another server, or TLS) the thread answering the request waits here
    for each new event, as long as the stream lasts.
    """
    yield cursor.retry
    try:
        backlog = cursor.backlog()
    except NotFound:
        return  # deleted before the stream began
    follower = cursor.service.follow(cursor.code)  # new events come from this process's one read per event
    try:
        if backlog:
            yield backlog
        if adopt is not None and adopt(cursor, follower):
            follower = None  # the hub's now
            return
        while True:
            left = cursor.deadline - time.monotonic()
            if left <= 0:
                return
            text = cursor.wait(follower, min(cursor.heartbeat, left))
            if not text:
                text = cursor.beat()
                if text is None:
                    return
            yield text
    finally:
        if follower is not None:
            follower.close()


def open_stream(cursor: StreamCursor, holder: str | None) -> Response:
    """The streamed answer, holding its slots of this worker until it closes (`take_slots`; refused when one is full).

    Under our gunicorn worker the stream is handed to its hub once answered
    (`ADOPT` in the environ) and the slots go back when the hub ends it;
    otherwise when the answer closes. `holder`: whose token the stream was opened with (`take_slots`).
    """
    if request.method == "HEAD":  # the head alone: nothing to hold open, no slot taken
        return _stream_response(iter(()))
    hub_adopt = request.environ.get(ADOPT)
    give_back = take_slots(hub_adopt is not None, address(request.environ), cursor.code, holder)
    config = current_app.config
    queued = config["STREAM_BUFFER_BYTES"]
    _bound_socket(request.environ, queued, config["STREAM_WRITE_SECONDS"])
    adopted = False

    def adopt(cursor: StreamCursor, follower) -> bool:
        nonlocal adopted
        adopted = hub_adopt(cursor, follower, give_back, queued)
        return adopted

    def closed() -> None:
        if not adopted:
            give_back()

    response = _stream_response(event_stream(cursor, adopt if hub_adopt is not None else None))
    response.call_on_close(closed)
    return response


def take_slots(hub: bool, client: str, code: str, holder: str | None) -> Callable[[], None]:
    """A new stream's slots: its address's, its holder's at the table (`holder`: "seat 2", "host") or else the
    table's viewers', and the worker's; the function that gives all three back.

    Over a limit, the slots already taken go back and the stream is refused:
    429 past the address's or the holder's share (that client's doing), 503
    past the viewers' or the worker's (capacity), each with `Retry-After`.
    """
    config = current_app.config
    per_address = config["STREAMS_PER_ADDRESS"]
    views = config["STREAM_VIEWS_PER_TABLE"]
    taken: list[Callable[[], None]] = []

    def give_back() -> None:
        for one in taken:
            one()

    def take(one: Callable[[], None] | None, status: int, slug: str, why: str) -> None:
        if one is None:
            give_back()
            seconds = random.randint(5, 15)
            raise ApiProblem(
                status, f"{why}; reconnect in {seconds} s.", slug=slug, headers={"Retry-After": str(seconds)}
            )
        taken.append(one)

    take(
        keyed("address").take(client, per_address),
        429,
        "too-many-streams",
        f"This address holds all the event streams it may on this worker ({per_address}): close one",
    )
    if holder is not None:
        take(
            keyed("holder").take(f"{code} {holder}", HOLDER_STREAMS),
            429,
            "too-many-streams",
            f"This {holder}'s token holds all the event streams it may at table {code} ({HOLDER_STREAMS}): close one",
        )
    else:
        take(
            keyed("table").take(code, views),
            503,
            "table-streams-full",
            f"Table {code} has all the streams it gives viewers without a token on this worker ({views}); its seats "
            "and host always get theirs",
        )
    kind = slots(hub)
    take(kind.take(), 503, "streams-full", f"This worker holds all the event streams it may ({kind.cap})")
    return give_back


def _bound_socket(environ: dict, queued: int, write_seconds: float) -> None:
    """Cap what the kernel holds for this stream's phone, and how long a thread's write may wait for it.

    The server's socket (gunicorn's, or the development server's) is the
    stream's own on HTTP/1.x; on another protocol it may carry other
    requests, and is left alone. The hub, when it takes the socket, makes it
    non-blocking (the timeout no longer applies) and counts the rest itself.
    """
    sock = environ.get("gunicorn.socket") or environ.get("werkzeug.socket")
    if sock is None or not str(environ.get("SERVER_PROTOCOL", "")).startswith("HTTP/1"):
        return
    try:
        cap_send_buffer(sock, queued)
        sock.settimeout(write_seconds)
    except (OSError, ValueError):  # the phone already left: the first write says so
        pass


def _stream_response(body: Iterator[bytes]) -> Response:
    response = Response(body, mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"  # nginx: pass each message on at once
    return response
