"""A table's events as Server-Sent Events, and the cap on the streams one worker holds.

    GET /api/v1/tables/{code}/events        (Last-Event-ID, or ?after=, resumes)

    retry: 2731                      once, first: the reconnect delay, with jitter
    id: 7                            one message per event: its seq,
    event: claim                     its type,
    data: {"seq": 7, ...}            and the event as the record has it
    : keep-alive                     a comment when nothing happened for HEARTBEAT seconds

Each stream holds one of the worker's threads for as long as it is open
(app/worker.py), so a worker takes at most `MAX_STREAMS` of them: by default
its threads less 64 (`GUNICORN_THREADS`, 640: 576 streams), the 64 left for
ordinary requests, which never wait behind streams. One stream more is
refused with 503 and `Retry-After`. A stream is closed after
`EVENT_STREAM_SECONDS` (300; each stream's own lifetime is drawn within ±10%
of it, and the `retry:` delay is drawn between 1 and 4 seconds, so streams
opened together do not all come back at the same instant); the browser's
`EventSource` reconnects by itself with `Last-Event-ID`, and nothing is lost.
A bounded lifetime frees threads held by phones that went away without
closing, and lets a restarted worker's streams move elsewhere. A stream
whose table has been deleted ends at its next heartbeat.

Waiting is `Tables.follow` (tables/notify.py: the store's notification, or
its cheap version check): no thread spins, and a table's new events are read
from the store once per process however many of its streams are open here. The stream runs after the request has been
answered, outside the per-request CPU work budget (app/budget.py), which is
for a request's solver work, not for the minutes a stream stays open.
"""

from __future__ import annotations

import json
import os
import random
import threading
import time
from collections.abc import Callable, Iterator

from flask import Response, current_app

from tables.events import NotFound

from .errors import ApiProblem

__all__ = ["StreamSlots", "event_stream", "open_stream", "slots"]

# Threads left to ordinary requests when a worker's other threads all hold streams.
RESERVED_THREADS = 64


class StreamSlots:
    """How many streams this worker holds, at most `cap`."""

    def __init__(self, cap: int):
        self.cap = cap
        self.open = 0
        self.lock = threading.Lock()

    def take(self) -> Callable[[], None] | None:
        """One slot, and the function that gives it back (safe to call twice); None when all are taken."""
        with self.lock:
            if self.open >= self.cap:
                return None
            self.open += 1
        given = threading.Event()

        def give_back() -> None:
            if not given.is_set():
                given.set()
                with self.lock:
                    self.open -= 1

        return give_back


def default_cap() -> int:
    """A worker's threads (gunicorn.conf.py reads GUNICORN_THREADS, 640 by default) less those kept for requests."""
    threads = int(os.environ.get("GUNICORN_THREADS", "640"))
    return max(1, threads - RESERVED_THREADS)


def slots() -> StreamSlots:
    extensions = current_app.extensions
    if "wordsmith.streams" not in extensions:
        extensions["wordsmith.streams"] = StreamSlots(current_app.config["MAX_STREAMS"] or default_cap())
    return extensions["wordsmith.streams"]


def message(event: dict) -> str:
    """One SSE message: the event's seq as its id, its type as the event name, the event as data (one line)."""
    data = json.dumps(event, ensure_ascii=False, separators=(",", ":"))
    return f"id: {event['seq']}\nevent: {event['type']}\ndata: {data}\n\n"


def shared_message(event) -> str:
    """The SSE message of an event shown as it is: made once per process for every stream of its table."""
    return message(event.to_dict())


def event_stream(
    service,
    code: str,
    after: int,
    show: Callable,
    *,
    lifetime: float,
    heartbeat: float,
    rng: random.Random,
    shared: bool = False,
) -> Iterator[str]:
    """Yield the SSE text of a table's events after `after`, waiting for new ones, until `lifetime` seconds pass.

    `show(events)` turns events into the dicts this viewer may see (all of
    them, in order; see tables.state.visible). `shared`: every viewer sees
    every event as it is (tables.state.may_hide is False), so each new
    event's message is formatted once per process and the same text goes to
    every stream of the table (`Follower.next_shared`), with no fold per stream.
    """
    yield f"retry: {rng.randint(1000, 4000)}\n\n"
    deadline = time.monotonic() + lifetime * rng.uniform(0.9, 1.1)
    try:
        events = service.events(code, after)
    except NotFound:
        return  # deleted before the stream began
    with service.follow(code) as follower:  # new events come from this process's one read per event
        while True:
            for shown in show(events):
                yield message(shown)
            if events:
                after = events[-1].seq
            left = deadline - time.monotonic()
            if left <= 0:
                return
            if shared:
                made = follower.next_shared(after, min(heartbeat, left), shared_message)
                yield from (text for _, text in made)
                events = []
                if made:
                    after = made[-1][0]
                    continue
            else:
                events = follower.next(after, min(heartbeat, left))
            if not events:
                if not service.last_seq(code):
                    return  # the host deleted the table: the reconnect gets a 404, and EventSource stops there
                yield ": keep-alive\n\n"


def open_stream(body: Iterator[str]) -> Response:
    """The streamed answer, holding a slot of this worker until it closes; a 503 when none is free."""
    give_back = slots().take()
    if give_back is None:
        seconds = random.randint(5, 15)
        raise ApiProblem(
            503,
            f"This worker holds all the event streams it may ({slots().cap}): reconnect in {seconds} s.",
            slug="streams-full",
            headers={"Retry-After": str(seconds)},
        )
    response = Response(body, mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"  # nginx: pass each message on at once
    response.call_on_close(give_back)
    return response
