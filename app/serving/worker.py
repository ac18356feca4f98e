"""The gunicorn worker the service runs under: gunicorn's threaded worker, with a read deadline.

    worker_class = "app.serving.worker.DeadlineWorker"   # gunicorn.conf.py

Why threads (docs/serving.md): a sync worker is held by one slow
socket, so two sockets that announce a body and never send it stop the whole
service. gunicorn's `gthread` worker reads each connection in a thread of a
pool, so a slow socket holds one thread, not the worker; it also leaves a
connection that has sent nothing to its poller, holding no thread at all. Our
requests are short CPU-bound work, where threads were fairer than gevent's
greenlets. A long-lived event stream holds no thread once its head is written:
the worker's stream hub writes it (below).

What this class adds to `gthread`:

- **A read deadline.** A request's line, headers and body must all arrive
  within `READ_TIMEOUT` seconds (10 by default, `GUNICORN_READ_TIMEOUT`) of the
  worker starting to read them, or the client is cut off with a 408. While the
  headers are still coming the worker writes the 408 itself; once the app
  runs, the app's own read of the body fails with werkzeug's `RequestTimeout`,
  which the app answers as any error (problem+json on the API). The clock
  stops when the body has been read or the app starts its answer, so an
  answer (an event stream included) may take as long as it needs. A reaper
  thread checks the clocks four times a second and shuts the read side of a
  late socket, which wakes the thread blocked reading it.
- **Event streams handed to a hub.** An event stream's view offers its
  socket to the worker's `StreamHub` (app/serving/stream_hub.py) once its head is
  written (`environ[ADOPT]`, offered on plain HTTP/1.x connections); the hub
  writes the stream from then on, in one thread for all of them, and the
  pool thread goes back to requests. gunicorn counts the connection as done
  (its access-log line is written then) and leaves the socket open.
- **A cap on each client address's connections, before any request is read.**
  Each connection the worker accepts holds a slot of its peer's address (an
  IPv6 peer by its /64, as app/serving/limiter.py counts) until it is closed,
  by gunicorn or, for an event stream, by the hub. A connection from an
  address that already has its cap open (the app's `CONNECTIONS_PER_ADDRESS`;
  by default twice `STREAMS_PER_ADDRESS`, at least 128) is answered a fixed
  429 problem document straight from the accept and closed: no thread, no
  parsing, no Flask. Without it every connection of a flood was read and run
  through Flask, one after another, before the app refused it, and another
  address's request waited behind them all.
- **A table's requests in its own worker.** On a host of several workers,
  a request naming a table owned by another worker is handed to it, socket
  and all, before a byte of it is read (app/serving/affinity.py): a table's
  phones, their answers and their streams meet in one worker.
- **A silent connection is not kept.** A new connection that sends nothing
  within gthread's first wait is closed `SILENT_GRACE` seconds later, not
  after the keep-alive an idle phone's connection is given.
- **Server errors in the service's own shape.** A request gunicorn refuses
  before the app sees it (a malformed request line: 400; a URL over
  `limit_request_line`: 414; too many or too large headers: 431) is answered
  with an RFC 9457 problem document and the security headers, not gunicorn's
  HTML page.

Every request, health included, is read and answered the same way: through
gthread's queue and Flask's full request handling (a connection refused by the
cap has had no request read). The gunicorn internals this relies on are in
app/serving/gunicorn_glue.py.

gunicorn's worker `timeout` only watches the worker's main loop, which keeps
beating while threads are busy: a long answer is never killed by it.
"""

from __future__ import annotations

import errno
import functools
import json
import math
import os
import random
import resource
import socket
import sys
import threading
import time
from ssl import SSLError

from gunicorn.http import errors as http_errors
from gunicorn.http.wsgi import Response
from gunicorn.workers import gthread
from werkzeug.exceptions import RequestTimeout
from werkzeug.http import HTTP_STATUS_CODES

from ..errors import PROBLEM_JSON, SERVER_ERROR, problem_body
from ..settings import DEFAULTS
from . import gunicorn_glue as glue
from .affinity import PEEK_BYTES, Affinity, table_of
from .host_folder import draw_alone, host_folder
from .limiter import address_of
from .security import SECURITY_HEADERS
from .stream_hub import ADOPT, StreamHub
from .streams import KeyedSlots

__all__ = ["READ_TIMEOUT", "DeadlineWorker", "connections_per_address", "refusal_bytes", "server_error_status"]

# nginx's client_header_timeout and client_body_timeout default to 60 s; ours
# is shorter because an honest request is at most 16 KiB and a phone on a
# poor link sends that in well under a second.
READ_TIMEOUT = float(os.environ.get("GUNICORN_READ_TIMEOUT", "10"))
REAPER_INTERVAL = 0.25  # seconds between looks at the clocks: a late client is cut off within this of its deadline
# Seconds the poller keeps a new connection that has sent nothing in gthread's first wait (5 s in a pool thread):
# gthread gives it the keep-alive, which is long for a phone's next tap (gunicorn_conf.py), not for a socket that
# may never speak.
SILENT_GRACE = 2.0
# Connections over their address's cap refused in one wake of the worker's loop before it looks at its other
# sockets again: a flood leaves the listener's queue in a few loops, and the loop still beats.
REFUSALS_PER_WAKE = 128
# The least of the default cap on one address's connections: a venue's ~60 phones behind one address, each with a
# stream and a request beside it, and a page's few parallel connections for its files.
MIN_CONNECTIONS_PER_ADDRESS = 128
REFUSAL_LOG_SECONDS = 10.0  # a refused address is logged once, then at most once this often while it is refused
REFUSED_ADDRESSES_LOGGED = 1024  # addresses whose last log line is remembered; the oldest is forgotten past it
# gunicorn's refusals, most specific first: (exception classes, status, what to do about it).
SERVER_ERRORS = [
    (
        (http_errors.InvalidResponseHeader, http_errors.InvalidResponseHeaderName, http_errors.ConfigurationProblem),
        500,
        None,
    ),
    (
        (http_errors.LimitRequestLine,),
        414,
        "The request line (method, path and query string) is too long: shorten the URL.",
    ),
    (
        (http_errors.LimitRequestHeaders,),
        431,
        "Too many headers, or a header too large: send fewer and shorter headers.",
    ),
    (
        (http_errors.UnsupportedTransferCoding,),
        501,
        "Transfer-Encoding not supported: send the body with a Content-Length, or chunked.",
    ),
    ((http_errors.ExpectationFailed,), 417, "Only `Expect: 100-continue` is understood."),
    ((http_errors.ForbiddenProxyRequest, SSLError), 403, None),
    ((http_errors.ParseException,), 400, None),
]


def server_error_status(error: Exception) -> tuple[int, str]:
    """Return the status and detail that answer a request gunicorn could not take."""
    for classes, status, fix in SERVER_ERRORS:
        if isinstance(error, classes):
            if status == 500:
                return 500, SERVER_ERROR
            return status, f"{error}. {fix}" if fix else f"The request could not be read: {error}."
    return 500, SERVER_ERROR


def problem_bytes(status: int, detail: str, slug: str | None = None, headers: dict[str, str] | None = None) -> bytes:
    """Return a whole HTTP/1.1 answer carrying a problem document (app/errors.py's), for the worker to write itself."""
    body = json.dumps(problem_body(status, detail, slug)).encode()
    head = [
        f"HTTP/1.1 {status} {HTTP_STATUS_CODES.get(status, 'Error')}",
        "Connection: close",
        f"Content-Type: {PROBLEM_JSON}",
        f"Content-Length: {len(body)}",
    ]
    head += [f"{name}: {value}" for name, value in (headers or {}).items()]
    head += [f"{name}: {value}" for name, value in SECURITY_HEADERS.items()]
    return ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body


def write_quietly(sock: socket.socket, data: bytes) -> None:
    """Write `data` if the socket takes it within a second; a client that cannot read it is gone anyway."""
    try:
        sock.settimeout(1.0)
        sock.sendall(data)
    except OSError:
        pass


HEADERS, BODY, DONE, LATE = "headers", "body", "done", "late"


def late(what: str, seconds: float) -> str:
    """A 408's detail: `what` of the request came later than the read timeout allows."""
    return f"{what} did not arrive within {seconds:g} seconds: send the whole request at once."


ADOPTED = "adopted"  # `handle`'s answer for a connection the stream hub took: gunicorn must not close it
HANDED = "handed"  # `handle`'s answer for a connection handed to its table's worker: only this worker's part closes
CLAIM_SECONDS = 1.0  # a worker that owns no slot looks for a free one this often (app/serving/affinity.py)


# Answers after which the connection is not kept: the body was refused unread (413) or did not come in time (408),
# and what is left of it on the socket is no request. gunicorn would keep it and read those bytes as the next one.
CLOSE_AFTER = ("408", "413")


def closing(answer: Response, start_response):
    """`start_response`, telling gunicorn to close the connection after a CLOSE_AFTER answer."""

    def start(status, headers, exc_info=None):
        if status[:3] in CLOSE_AFTER:
            glue.close_after(answer)
        return start_response(status, headers, exc_info)

    return start


class Clock:
    """One request's read deadline, shared by the thread reading it and the reaper."""

    __slots__ = ("deadline", "late_in", "lock", "phase", "sock", "timeout")

    def __init__(self, sock: socket.socket, timeout: float):
        self.sock = sock
        self.timeout = timeout
        self.deadline = time.monotonic() + timeout
        self.phase = HEADERS
        self.late_in: str | None = None  # the phase the deadline passed in
        self.lock = threading.Lock()

    def enter(self, phase: str) -> bool:
        """Move to `phase` (BODY when the app runs, DONE when reading is over); False if the deadline passed first."""
        with self.lock:
            if self.phase == LATE:
                return False
            self.phase = phase
            return True

    def expire(self, now: float) -> bool:
        """Cut off the reading if the deadline has passed; return whether this clock is finished with."""
        with self.lock:
            if self.phase in (DONE, LATE):
                return True
            if now < self.deadline:
                return False
            self.late_in, self.phase = self.phase, LATE
        try:
            self.sock.shutdown(socket.SHUT_RD)  # the blocked recv returns b"": the reader sees the end of input
        except OSError:
            pass
        return True


class TimedInput:
    """`wsgi.input` that turns a read cut off by the deadline into werkzeug's 408, and stops the clock at the end."""

    def __init__(self, stream, clock: Clock, length: int | None):
        self.stream = stream
        self.clock = clock
        self.left = length

    def _check(self, data: bytes, read_all: bool) -> bytes:
        if self.clock.phase == LATE:
            raise RequestTimeout(late("The body", self.clock.timeout))
        if self.left is not None:
            self.left -= len(data)
        if read_all or not data or (self.left is not None and self.left <= 0):
            self.clock.enter(DONE)
        return data

    def read(self, size: int | None = None) -> bytes:
        return self._check(self.stream.read(size), size is None or size < 0)

    def readline(self, size: int | None = None) -> bytes:
        return self._check(self.stream.readline(size), False)

    def readlines(self, hint=None):
        return list(iter(self.readline, b""))

    def __iter__(self):
        return iter(self.readline, b"")


class DeadlineWorker(gthread.ThreadWorker):
    """gunicorn's threaded worker with a read deadline and problem+json server errors (see the module)."""

    read_timeout = READ_TIMEOUT

    def handle_quit(self, sig, frame):
        """SIGQUIT, gunicorn's quick shutdown (also what the master sends on SIGINT): end now, not at the threads' ease.

        gthread's own quick shutdown ends with `sys.exit`, which waits for the pool's threads: an event stream
        whose phone has left sits in its wait until the next heartbeat (15 s), and held the worker, the master
        and every restart that long. What is lost by not waiting: answers in flight, which nobody has been
        told were done (a write commits whole or not at all, so the store keeps only acknowledged events)."""
        self.alive = False
        if self._affinity is not None:
            self._affinity.leave()
        glue.stop_threads_now(self)
        self.cfg.worker_int(self)
        for stream in (sys.stdout, sys.stderr):
            stream.flush()  # the access log's last lines
        os._exit(0)

    def init_process(self):
        self._addresses = KeyedSlots()  # connections open per client address, each at most the cap
        self._refused: dict[str, tuple[float, int]] = {}  # address: (when last logged, refusals since)
        self._clocks: set[Clock] = set()
        self._clocks_lock = threading.Lock()
        self._local = threading.local()
        threading.Thread(target=self._reap, name="read-deadline", daemon=True).start()
        self._hub = StreamHub()
        self._affinity = self._table_affinity()
        self._next_claim = 0.0
        _raise_open_files_limit()
        super().init_process()

    def _table_affinity(self) -> Affinity | None:
        """This worker's side of the host's table affinity (app/serving/affinity.py): none for a host of one
        worker, without a shared folder, or over TLS (whose sockets cannot be handed over mid-session)."""
        folder = host_folder()
        if folder is None or self.cfg.workers <= 1 or self.cfg.is_ssl:
            return None
        return Affinity(folder, self.cfg.workers)

    def run(self):
        self._claim_slot()
        super().run()

    def notify(self):
        """gunicorn's beat of the worker's loop; a worker that owns no slot of the host looks for one, at most once
        every CLAIM_SECONDS."""
        super().notify()
        if self._affinity is not None and self._affinity.slot is None and self.alive:
            now = time.monotonic()
            if now >= self._next_claim:
                self._next_claim = now + CLAIM_SECONDS
                self._claim_slot()

    def _claim_slot(self) -> None:
        """Claim a free slot of the host, if this worker owns none yet, and take its connections from then on."""
        if self._affinity is not None and self._affinity.slot is None and self._affinity.claim():
            glue.watch(self, self._affinity.inbox, self._take_handed)
            draw_alone()  # its tables' renders are read by no other worker

    def _take_handed(self, inbox) -> None:
        """Serve the connections other workers handed over, each as if accepted here (its address's slot first)."""
        for sock, client, server in self._affinity.receive():
            key = _address_key(client)
            release = self._addresses.take(key, self.connections_per_address)
            if release is None:
                self._refuse(sock, key)
            else:
                glue.serve_connection(self, server, sock, client, release, handed=True)

    def _hand_over(self, conn) -> bool:
        """Hand the connection to the worker of the table its next request names, if that is another worker; whether
        it was. A connection just handed here is served here, and one whose next request is partly read already (or
        whose request line has not all arrived) stays too."""
        if conn.handed:
            conn.handed = False
            return False
        if conn.is_http2 or glue.read_ahead(conn):
            return False
        try:
            head = conn.sock.recv(PEEK_BYTES, socket.MSG_PEEK)
        except OSError:
            return False
        code = table_of(head)
        slot = None if code is None else self._affinity.owner(code)
        return slot is not None and self._affinity.hand_over(conn.sock, slot, conn.client, conn.server)

    def handle_exit(self, sig, frame):
        """SIGTERM, a graceful stop: other workers stop handing connections here first."""
        if self._affinity is not None:
            self._affinity.leave()
        super().handle_exit(sig, frame)

    def load_wsgi(self):
        super().load_wsgi()
        self.connections_per_address = connections_per_address(self.wsgi)
        self._refusals = [refusal_bytes(self.connections_per_address, seconds) for seconds in range(5, 16)]
        self.wsgi = self._timed(self.wsgi)

    def accept(self, listener):
        """gthread's `accept`, each connection first taking a slot of its client address (see the module).

        A connection past its address's cap is answered and closed here, and the next waiting one is taken
        at once, up to `REFUSALS_PER_WAKE`: a flood leaves the listener's queue without a thread, a parse or
        Flask spent on it, and what waits behind it in the queue is reached in milliseconds."""
        for _ in range(REFUSALS_PER_WAKE):
            taken = glue.accept_one(listener)
            if taken is None:
                return
            sock, client = taken
            key = _address_key(client)
            release = self._addresses.take(key, self.connections_per_address)
            if release is not None:
                glue.serve_connection(self, listener.getsockname(), sock, client, release)
                return
            self._refuse(sock, key)

    def _refuse(self, sock: socket.socket, key: str) -> None:
        """Answer a connection over its address's cap with a 429 and close it, its request neither parsed nor served."""
        try:
            sock.setblocking(False)  # the answer fits an empty send buffer; a client that is gone costs no wait
            sock.send(random.choice(self._refusals))
            sock.recv(65536)  # what already came of the request: closing with it unread would reset the connection
        except OSError:
            pass
        finally:
            sock.close()
        now = time.monotonic()
        logged, refused = self._refused.pop(key, (-math.inf, 0))
        refused += 1
        if now - logged >= REFUSAL_LOG_SECONDS:
            self.log.warning(
                "Refusing connections from %s: it has %d open at this worker, its cap (CONNECTIONS_PER_ADDRESS); "
                "%d refused since the last such line",
                key,
                self.connections_per_address,
                refused,
            )
            logged, refused = now, 0
        self._refused[key] = (logged, refused)  # last: the dict stays in the order addresses were last refused
        if len(self._refused) > REFUSED_ADDRESSES_LOGGED:
            del self._refused[next(iter(self._refused))]

    def _timed(self, app):
        """Wrap the WSGI app: its body input is timed, answering stops the clock, and a stream may be adopted."""

        def timed_app(environ, start_response):
            conn = getattr(self._local, "conn", None)
            answer = getattr(start_response, "__self__", None)  # gunicorn's Response, whose start_response this is
            if type(answer) is Response:
                start_response = closing(answer, start_response)
            if (
                conn is not None
                and type(answer) is Response
                and environ["REQUEST_METHOD"] != "HEAD"  # a head has no body to hand over
                and glue.plain_http1(conn)
            ):
                environ[ADOPT] = functools.partial(self._adopt, conn, answer)
            clock = getattr(self._local, "clock", None)
            if clock is not None:
                if not clock.enter(BODY):
                    raise OSError(
                        32, "read deadline passed"
                    )  # EPIPE: gunicorn closes quietly; the 408 is written by handle()
                length = environ.get("CONTENT_LENGTH")
                has_body = (length not in (None, "", "0")) or "chunked" in environ.get(
                    "HTTP_TRANSFER_ENCODING", ""
                ).lower()
                if has_body:
                    environ["wsgi.input"] = TimedInput(
                        environ["wsgi.input"], clock, int(length) if length and length.isdigit() else None
                    )
                else:
                    clock.enter(DONE)

                def start(status, headers, exc_info=None):
                    clock.enter(DONE)
                    return start_response(status, headers, exc_info)

                return app(environ, start)
            return app(environ, start_response)

        return timed_app

    def _adopt(self, conn, answer: Response, cursor, follower, release, queued: int) -> bool:
        """Hand an event stream, its head already written, to the hub (`environ[ADOPT]`, called by app/serving/streams.py).

        gunicorn is told to write no last chunk (the hub writes it when the
        stream ends) and not to keep the connection; `handle` then answers
        ADOPTED, so `finish_request` forgets the connection without closing it.
        """
        if not answer.headers_sent:
            return False
        chunked = glue.hand_over_stream(answer)
        self._local.adopted = True

        def release_both() -> None:  # the stream's slots, and its connection's slot of its address
            try:
                release()
            finally:
                conn.release()

        self._hub.adopt(conn.sock, chunked, cursor, follower, release_both, queued)
        return True

    def handle_request(self, req, conn):
        """gthread's, with a write that timed out taken as the client gone (a broken pipe), not as our error.

        Only an event stream's socket has a write timeout (app/serving/streams.py): its
        phone did not take a write within STREAM_WRITE_SECONDS. gunicorn would
        log that with a traceback as a socket error of ours; a broken pipe it
        closes quietly (the access log has the request either way)."""
        try:
            return super().handle_request(req, conn)
        except TimeoutError as error:
            self.log.info("A stream to %s was dropped: the client did not take a write in time", conn.client)
            raise BrokenPipeError(errno.EPIPE, "the client did not take a write within the write timeout") from error

    def finish_request(self, conn, fs):
        result = None if fs.cancelled() or fs.exception() is not None else fs.result()
        if result == ADOPTED:
            glue.forget_connection(self)  # the hub holds the socket now, outside gunicorn's count of connections
            return  # its address's slot is the hub's to give back, when it closes the stream
        if result == HANDED:
            glue.forget_connection(self)
            conn.close()  # this worker's descriptor and its address's slot; no shutdown: the connection goes on
            return
        super().finish_request(conn, fs)
        if result is glue.DEFER:
            glue.close_silent_sooner(self, conn, SILENT_GRACE)

    def _reap(self):
        while True:
            time.sleep(REAPER_INTERVAL)
            now = time.monotonic()
            with self._clocks_lock:
                finished = [clock for clock in self._clocks if clock.expire(now)]
                self._clocks.difference_update(finished)

    def handle(self, conn):
        """Read and answer one request, within the read deadline (runs in a pool thread)."""
        if glue.nothing_sent_yet(conn):
            return glue.DEFER  # back to the poller, holding no thread (gunicorn's own rule)
        if self._affinity is not None and self._hand_over(conn):
            return HANDED
        clock = Clock(conn.sock, self.read_timeout)
        with self._clocks_lock:
            self._clocks.add(clock)
        self._local.clock = clock
        self._local.conn = conn
        self._local.adopted = False
        try:
            result = super().handle(conn)
        finally:
            self._local.clock = self._local.conn = None
            clock.enter(DONE)
        if self._local.adopted:
            return ADOPTED
        if clock.late_in == HEADERS:
            self.log.info(
                "Request from %s cut off after %gs: its headers were not complete", conn.client, self.read_timeout
            )
            detail = late("The request's headers", self.read_timeout)
            write_quietly(conn.sock, problem_bytes(408, detail, slug="timeout"))
            return False
        return result

    def handle_error(self, req, client, addr, exc):
        """Answer a request gunicorn refused (or a crash outside the app) with a problem document."""
        status, detail = server_error_status(exc)
        addr = addr or ("", -1)
        if status == 500:
            self.log.exception("Error handling request %s", getattr(req, "uri", "(no URI read)"))
        else:
            self.log.warning("Invalid request from ip=%s: %s", addr[0], exc)
        write_quietly(client, problem_bytes(status, detail))
        if req is None and isinstance(exc, (http_errors.InvalidHeader, http_errors.InvalidHeaderName)):
            req = getattr(exc, "req", None)  # the request whose header was bad, for the access log (as gunicorn does)
        if req is not None and not isinstance(req, str):
            glue.log_refused(self, req, client, addr, f"{status} {HTTP_STATUS_CODES.get(status, 'Error')}")


def _address_key(client) -> str:
    """What a connection's client address counts against: its IP address (an IPv6 one by its /64), or "unix"."""
    return address_of(client[0]) if isinstance(client, tuple) else "unix"


def refusal_bytes(cap: int, seconds: int) -> bytes:
    """The worker's whole answer to a connection past its address's cap of `cap`: retry in `seconds`."""
    detail = (
        f"This address has {cap} connections open at this worker, all it may: close idle ones, "
        f"or reconnect in {seconds} s."
    )
    return problem_bytes(429, detail, slug="too-many-connections", headers={"Retry-After": str(seconds)})


def connections_per_address(app) -> int:
    """The connections one client address may have open at a worker: the app's `CONNECTIONS_PER_ADDRESS` (its
    config, when it is a Flask app). Unset (the default): twice `STREAMS_PER_ADDRESS`, room for each stream the
    address may hold and a request beside each (a phone behind a venue's NAT fetches its own part after every
    event), and never under `MIN_CONNECTIONS_PER_ADDRESS`, so a lowered stream share leaves browsing alone."""
    config = getattr(app, "config", None)
    config = config if isinstance(config, dict) else DEFAULTS
    cap = config.get("CONNECTIONS_PER_ADDRESS", DEFAULTS["CONNECTIONS_PER_ADDRESS"])
    streams = config.get("STREAMS_PER_ADDRESS", DEFAULTS["STREAMS_PER_ADDRESS"])
    return cap or max(MIN_CONNECTIONS_PER_ADDRESS, 2 * streams)


def _raise_open_files_limit() -> None:
    """Let the worker open as many files as the system allows it: every stream its hub holds is a socket.

    Debian's default soft limit (1,024) is under a worker's share of 1,000
    streams plus its connections; the hard limit is the system's to set.
    """
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        try:
            resource.setrlimit(
                resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY else max(soft, 65536), hard)
            )
        except (ValueError, OSError):
            pass
