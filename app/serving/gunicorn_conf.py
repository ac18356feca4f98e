"""Gunicorn settings: `gunicorn 'app:create_app()' -c python:app.serving.gunicorn_conf` (`wordsmith serve`).

A module of the package, so that it is found wherever the project is
installed; the root gunicorn.conf.py (the Procfile's `-c gunicorn.conf.py`)
imports these settings.

One worker per core this process may use (app/serving/cores.py: its CPU affinity and its cgroup's CPU quota, as a
container's `--cpus` sets it), each gunicorn's threaded worker with a read deadline
(`app.serving.worker.DeadlineWorker`; docs/serving.md explains the choice). A request
is a short CPU-bound lookup or search, so more workers than cores only queue;
the threads are there so that a slow client or a long-lived answer holds one
thread, not a whole worker. `WEB_CONCURRENCY`
overrides the worker count and `PORT` the port (Heroku-style platforms set
both). `preload_app` builds the app — the lexicon tries, word lists and
definitions — once in the master before forking, so the workers share those
pages instead of each loading them; `pre_fork` freezes them first. Each worker
runs on a core of its own where there is one worker a core (app/serving/pinning.py).
"""

import gc
import os
import shutil

from app.serving import gunicorn_threads
from app.serving.cores import usable_cores
from app.serving.host_folder import make_host_folder
from app.serving.pinning import free_core, pin, pinnable_cores

__all__ = [
    "bind",
    "workers",
    "worker_class",
    "threads",
    "worker_connections",
    "keepalive",
    "preload_app",
    "timeout",
    "worker_tmp_dir",
    "accesslog",
    "pre_fork",
    "post_fork",
    "on_starting",
    "on_exit",
]

bind = f"0.0.0.0:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY") or usable_cores())
worker_class = "app.serving.worker.DeadlineWorker"
# Threads per worker: each request being read or answered holds one (a slow
# client's too, until the read deadline). An open event stream holds none: the
# worker's stream hub writes them all (app/serving/stream_hub.py), except over TLS,
# where each holds a thread and streams are capped at threads - 64
# (docs/serving.md). The pool starts threads only as it needs them.
threads = gunicorn_threads()
# Connections per worker, open or kept alive; beyond it the worker stops accepting. gthread keeps a connection alive
# only while fewer than `worker_connections - threads` are: room here for an idle connection of each phone a worker's
# streams serve (HUB_STREAMS, 1,000: app/serving/streams.py), and half as many again.
KEPT_ALIVE = 1500
worker_connections = threads + KEPT_ALIVE
# Seconds an idle connection is kept for its client's next request. A phone at a table taps every few seconds to a
# minute: kept this long, its next claim or objection goes on the connection it has, without a new TCP (and TLS)
# handshake, and the worker skips the accept and the hand-over to the table's worker. An idle connection holds no
# thread, only its socket; at most KEPT_ALIVE are kept (above), and each counts against its address's cap. A new
# connection that sends nothing is not kept this long (app/serving/worker.py, `finish_request`).
keepalive = 30
preload_app = True
# A worker whose main loop has not beaten for this long is killed and replaced.
# The loop keeps beating while its threads work, so a long answer is never cut
# by it. A slow client is cut by GUNICORN_READ_TIMEOUT (10 s, app/serving/worker.py).
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
# The beat is a change to a file's mode, made on every turn of a worker's loop: on a memory-backed folder where the
# host has one, as gunicorn's settings advise, never on a disk that a busy moment makes slow.
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
accesslog = "-"

# Every worker signs the CSRF session cookie with the same key: WORDSMITH_SECRET_KEY,
# else the one create_app keeps in the instance folder (made once, read by every
# process that starts after, preloaded or not), so it also outlives a restart.


# The collector's first generation runs after 10,000 net allocations, not Python's 700: a claim
# allocates many short-lived objects, and at 700 the collector ran several times a request, each
# time rescanning what the workers hold (the tables' folds, the streams' buffers); not higher,
# because each collection holds the interpreter and a higher threshold makes it longer. Set in
# the master, the workers inherit it with the fork. bench/tables.py measures it.
GC_THRESHOLDS = (10_000, 20, 100)
gc.set_threshold(*GC_THRESHOLDS)


def pre_fork(server, worker):
    """Move the preloaded app's objects (the lexicon indexes) out of the collector's reach before each fork, and
    choose the worker's core.

    A collection in a worker would write to every object it scans and so copy
    the master's pages into the worker; frozen, they stay shared. The core is the first no live worker holds,
    when there is one worker a core (app/serving/pinning.py).
    """
    gc.freeze()
    taken = {getattr(other, "core", None) for other in server.WORKERS.values()}
    worker.core = free_core(pinnable_cores(server.num_workers), taken)


def post_fork(server, worker):
    """Keep the new worker, and the threads it starts, on its core (none chosen: anywhere)."""
    pin(worker.core)


def on_starting(server):
    """Make the folder the workers share (app/serving/host_folder.py): a table's part is then drawn once per event
    on this host, not once per worker (app/pages/table_host_renders.py). A host of one worker makes none: workers
    added later by a signal (TTIN) then each draw their own."""
    server.host_folder = make_host_folder(server.cfg.workers)


def on_exit(server):
    """Remove the shared folder this master made."""
    made = getattr(server, "host_folder", None)
    if made is not None:
        shutil.rmtree(made, ignore_errors=True)
