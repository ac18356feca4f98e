"""The gunicorn internals the worker (app/serving/worker.py) relies on, each behind one small function.

gunicorn documents its worker classes and their hooks (`init_process`,
`load_wsgi`, `handle_quit`, `handle_error`, `handle_request`), its settings and
its logger, not the threaded worker's connection objects or bookkeeping. What
the read deadline and the stream hub need of those is here and only here, and
`tests/test_serving.py` names each (`INTERNALS`), so an upgrade of gunicorn
that drops one fails a test, not production. The requirement in
pyproject.toml bounds gunicorn to the major release these were read from.
"""

from __future__ import annotations

import ssl
from datetime import timedelta

from gunicorn.http.wsgi import Response, default_environ
from gunicorn.workers import gthread

__all__ = [
    "DEFER",
    "INTERNALS",
    "forget_connection",
    "hand_over_stream",
    "log_refused",
    "nothing_sent_yet",
    "plain_http1",
    "stop_threads_now",
]

# Every internal used below: (module or class, attribute). tests/test_serving.py checks each exists.
INTERNALS = [
    (gthread, "_DEFER"),
    (gthread, "DEFAULT_WORKER_DATA_TIMEOUT"),
    (gthread.TConn, "wait_for_data"),
    (gthread.ThreadWorker, "handle"),
    (gthread.ThreadWorker, "finish_request"),
    (Response, "force_close"),
]
# Instance attributes, set in these methods: (class, method, attribute).
INSTANCE_INTERNALS = [
    (gthread.TConn, "__init__", "initialized"),
    (gthread.TConn, "__init__", "data_ready"),
    (gthread.TConn, "__init__", "is_http2"),
    (gthread.ThreadWorker, "__init__", "nr_conns"),
    (gthread.ThreadWorker, "init_process", "tpool"),
    (Response, "__init__", "chunked"),
    (Response, "__init__", "headers_sent"),
]

# What `ThreadWorker.handle` answers for a connection that has sent nothing yet: give it back to the poller.
DEFER = gthread._DEFER


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
