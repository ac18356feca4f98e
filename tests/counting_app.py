"""A WSGI app in the service's place, for the worker's tests (tests/test_serving.py): it lists what reached it.

    PYTHONPATH=tests gunicorn counting_app:app -c gunicorn.conf.py

Served by the deployed worker (app.serving.worker.DeadlineWorker), it answers
every request 200 and remembers who sent it and its path; `GET /seen` answers
that list as JSON (itself not listed). The list is one worker's: serve it
with one. `config` is read by the worker as it reads the service's:
`CONNECTIONS_PER_ADDRESS` from `COUNTING_APP_CONNECTIONS` (3 by default).
"""

from __future__ import annotations

import json
import os
import threading


class CountingApp:
    def __init__(self):
        self.config = {"CONNECTIONS_PER_ADDRESS": int(os.environ.get("COUNTING_APP_CONNECTIONS", "3"))}
        self.seen: list[list[str]] = []
        self.lock = threading.Lock()

    def __call__(self, environ, start_response):
        with self.lock:
            if environ["PATH_INFO"] == "/seen":
                body = json.dumps(self.seen).encode()
            else:
                self.seen.append([environ["REMOTE_ADDR"], environ["PATH_INFO"]])
                body = b'"ok"'
        start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(body)))])
        return [body]


app = CountingApp()
