"""Serving: what stands between the network and the app's views.

worker.py         gunicorn's threaded worker with a read deadline, a cap on each client address's
                  connections, server errors as problem documents, and event streams handed to the stream hub
gunicorn_glue.py  the gunicorn internals the worker relies on, in one place (tests/test_serving.py names each)
gunicorn_conf.py  the gunicorn settings `wordsmith serve` and the Procfile run with
cores.py          the cores the service may use (its CPU affinity and cgroup quota): one worker each
streams.py        the live tables' event streams (server-sent events) and their limits
stream_hub.py     one thread per worker that writes every open event stream
limiter.py        the join-code guessing limit and the new-table limit, per client address
budget.py         the work budget: the CPU time one request may spend in the solver
security.py       the security headers every answer carries
"""

import os

DEFAULT_THREADS = 640  # threads per worker when GUNICORN_THREADS is unset (gunicorn_conf.py says why)


def gunicorn_threads() -> int:
    """The threads each gunicorn worker runs: `GUNICORN_THREADS`, else `DEFAULT_THREADS`."""
    return int(os.environ.get("GUNICORN_THREADS", str(DEFAULT_THREADS)))
