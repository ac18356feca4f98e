"""The gunicorn internals the worker (app/serving/worker.py) relies on, each behind one small function.

gunicorn documents its worker classes and their hooks (`init_process`,
`load_wsgi`, `handle_quit`, `handle_error`, `handle_request`), its settings and
its logger, not the threaded worker's connection objects or bookkeeping. What
the read deadline, the stream hub and the per-address cap on connections need
of those is here and only here, and `tests/test_serving.py` names each
(`INTERNALS`, `SIGNATURES`, `USES`), so an upgrade of gunicorn that drops or changes
one fails a test, not production. The requirement in
pyproject.toml bounds gunicorn to the major release these were read from.
"""

from __future__ import annotations

import errno
import selectors
import ssl
import time
from collections.abc import Callable
from datetime import timedelta

from gunicorn.http.wsgi import Response, default_environ
from gunicorn.workers import gthread

__all__ = [
    "DEFER",
    "INTERNALS",
    "SIGNATURES",
    "USES",
    "CountedConn",
    "accept_one",
    "close_after",
    "forget_connection",
    "hand_over_stream",
    "log_refused",
    "nothing_sent_yet",
    "plain_http1",
    "read_ahead",
    "serve_connection",
    "stop_threads_now",
    "watch",
]

# Every internal used below: (module or class, attribute). tests/test_serving.py checks each exists.
INTERNALS = [
    (gthread, "_DEFER"),
    (gthread, "DEFAULT_WORKER_DATA_TIMEOUT"),
    (gthread.TConn, "wait_for_data"),
    (gthread.ThreadWorker, "handle"),
    (gthread.ThreadWorker, "finish_request"),
    (gthread.ThreadWorker, "accept"),  # the worker's own replaces it: it must still be what the poller calls
    (gthread.ThreadWorker, "enqueue_req"),
    (gthread.TConn, "close"),
    (Response, "force_close"),
]
# Instance attributes, set in these methods: (class, method, attribute).
INSTANCE_INTERNALS = [
    (gthread.TConn, "__init__", "initialized"),
    (gthread.TConn, "__init__", "data_ready"),
    (gthread.TConn, "__init__", "is_http2"),
    (gthread.ThreadWorker, "__init__", "nr_conns"),
    (gthread.ThreadWorker, "init_process", "tpool"),
    (gthread.ThreadWorker, "init_process", "poller"),
    (gthread.ThreadWorker, "__init__", "pending_conns"),
    (gthread.TConn, "__init__", "parser"),
    (Response, "__init__", "chunked"),
    (Response, "__init__", "headers_sent"),
]
# Parameters of what is called or replaced here: (function, its parameter names).
SIGNATURES = [
    (gthread.TConn.__init__, ["self", "cfg", "sock", "client", "server"]),
    (gthread.TConn.close, ["self", "graceful"]),
    (gthread.ThreadWorker.accept, ["self", "listener"]),
]
# What gunicorn's own code must still do for `CountedConn` and the worker's `accept`: (function, text in its source).
# The poller calls `self.accept` for a listener; every connection gunicorn drops, it closes with `close`.
USES = [
    (gthread.ThreadWorker.set_accept_enabled, "self.accept"),
    (gthread.ThreadWorker.finish_request, "conn.close("),
    (gthread.ThreadWorker.murder_keepalived, "conn.close("),
    (gthread.ThreadWorker.murder_pending, "conn.close("),
    # A deferred connection waits in `pending_conns` until its `timeout`, which `close_silent_sooner` brings forward.
    (gthread.ThreadWorker.finish_request, "self.pending_conns.append(conn)"),
    (gthread.ThreadWorker.murder_pending, "delta = conn.timeout - now"),
    # A request's bytes read ahead by the parser are where `read_ahead` looks; the poller calls what `watch` gives it.
    (gthread.ThreadWorker.finish_request, "conn.parser.unreader.buf.getvalue()"),
    (gthread.ThreadWorker.wait_for_and_dispatch_events, "callback(key.fileobj)"),
]

# What `ThreadWorker.handle` answers for a connection that has sent nothing yet: give it back to the poller.
DEFER = gthread._DEFER


class CountedConn(gthread.TConn):
    """gthread's connection, holding a slot of its client address (app/serving/worker.py) until it is closed.

    gunicorn closes every connection it drops through `close` (after an answer, an idle keep-alive, a client that
    sent nothing, an error: `USES`); `release` is safe to call more than once. A connection handed to the stream
    hub is not closed by gunicorn: the hub releases it when it ends the stream."""

    def __init__(self, cfg, sock, client, server, release: Callable[[], None]):
        super().__init__(cfg, sock, client, server)
        self.release = release
        self.handed = False  # handed over by another worker of the host (app/serving/affinity.py)

    def close(self, graceful=False):
        try:
            super().close(graceful)
        finally:
            self.release()


def accept_one(listener):
    """The next connection waiting on `listener` as (socket, client address), or None when none is waiting."""
    try:
        return listener.accept()
    except OSError as error:  # gthread's `accept` takes these as "nothing to accept now"
        if error.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
            raise
        return None


def serve_connection(worker, server, sock, client, release: Callable[[], None], handed: bool = False) -> None:
    """What gthread's `accept` does with a connection it took (or was handed by another worker: `handed`): count it,
    and queue it for a pool thread. `server` is the listening socket's address."""
    worker.nr_conns += 1
    sock.setblocking(True)
    conn = CountedConn(worker.cfg, sock, client, server, release)
    conn.handed = handed
    worker.enqueue_req(conn)


def read_ahead(conn) -> bool:
    """Whether gunicorn's parser of a kept-alive connection already holds bytes of its next request."""
    return conn.parser is not None and bool(conn.parser.unreader.buf.getvalue())


def watch(worker, sock, callback: Callable) -> None:
    """Have the worker's loop call `callback(sock)` whenever `sock` can be read (in the worker's main thread)."""
    worker.poller.register(sock, selectors.EVENT_READ, callback)


def nothing_sent_yet(conn) -> bool:
    """Whether a connection has sent no byte of its next request within gthread's short wait (it then holds no
    thread: `handle` answers DEFER and the poller keeps it)."""
    return not conn.initialized and not conn.data_ready and not conn.wait_for_data(gthread.DEFAULT_WORKER_DATA_TIMEOUT)


def plain_http1(conn) -> bool:
    """Whether a connection is plain HTTP/1.x, whose socket a stream may be handed over on."""
    return not conn.is_http2 and not isinstance(conn.sock, ssl.SSLSocket)


def hand_over_stream(answer: Response) -> bool:
    """Tell gunicorn's answer to write no last chunk and not to keep the connection (the stream hub writes the rest
    and closes it); whether the answer was chunked."""
    chunked, answer.chunked = answer.chunked, False
    answer.force_close()
    return chunked


def close_after(answer: Response) -> None:
    """Tell gunicorn not to keep the connection once this answer is written: the request's body was refused unread
    (too large, or too slow to come), and what is left of it on the socket would be read as the next request."""
    answer.force_close()


def close_silent_sooner(worker, conn, seconds: float) -> None:
    """Have the poller close a connection deferred for sending nothing (`DEFER`) `seconds` from now, if gthread
    would keep it longer. Every deferred connection gets the same grace, so `pending_conns` stays in deadline order,
    which `murder_pending` relies on."""
    if worker.pending_conns and worker.pending_conns[-1] is conn:
        conn.timeout = min(conn.timeout, time.monotonic() + seconds)


def forget_connection(worker) -> None:
    """Take a connection handed to the stream hub out of the worker's count (its socket stays open)."""
    worker.nr_conns -= 1


def stop_threads_now(worker) -> None:
    """Drop the requests the worker's thread pool has not started, without waiting for those it has."""
    worker.tpool.shutdown(wait=False, cancel_futures=True)


def log_refused(worker, req, client, addr, status_line: str) -> None:
    """Write the access-log line of a request gunicorn refused before the app saw it, as gunicorn's own does."""
    environ = default_environ(req, client, worker.cfg)
    environ["REMOTE_ADDR"], environ["REMOTE_PORT"] = addr[0], str(addr[1])
    response = Response(req, client, worker.cfg)
    response.status = status_line
    worker.log.access(response, req, environ, timedelta(0))
