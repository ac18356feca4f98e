"""The access log's cost per line, in-process: `logging`'s path against app/access_log.py's straight write.

    python3 bench/access_log.py [--lines 100000] [--rounds 3]

One `AccessLogger` set up as the service sets it up (`accesslog` a file here,
"-" in the service), one realistic claim's resp/req/environ; each round times
`--lines` calls of gunicorn's `Logger.access` (the `logging` path:
makeRecord, handle, Formatter, StreamHandler.emit) and of `AccessLogger.access`
(the same line written straight to the handler's stream), alternating, both
building the same atoms. The best round of each is reported.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from datetime import timedelta
from types import SimpleNamespace

from gunicorn import glogging
from gunicorn.config import Config

from app.access_log import AccessLogger


def claim():
    """A claim's request and answer as gunicorn's gthread worker hands them to `access`."""
    user_agent = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile"
    headers = [
        ("HOST", "wordsmith.example"),
        ("USER-AGENT", user_agent),
        ("ACCEPT", "application/json"),
        ("CONTENT-TYPE", "application/json"),
        ("CONTENT-LENGTH", "48"),
        ("AUTHORIZATION", "Bearer 3q2-7d1fXv9yK0bZ8sQmWc"),
        ("REFERER", "https://wordsmith.example/t/ABCDEF"),
    ]
    environ = {
        "REMOTE_ADDR": "127.0.0.1",
        "REQUEST_METHOD": "POST",
        "RAW_URI": "/api/v1/tables/ABCDEF/claims",
        "PATH_INFO": "/api/v1/tables/ABCDEF/claims",
        "QUERY_STRING": "",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "wsgi.url_scheme": "http",
    }
    environ.update({"HTTP_" + name.replace("-", "_"): value for name, value in headers})
    req = SimpleNamespace(headers=headers)
    resp = SimpleNamespace(
        status="201 CREATED",
        sent=389,
        headers=[("Content-Type", "application/json"), ("Content-Length", "389"), ("Location", "/x")],
    )
    return resp, req, environ, timedelta(microseconds=6345)


def seconds_for(access, lines: int, args) -> float:
    start = time.perf_counter()
    for _ in range(lines):
        access(*args)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        config = Config()
        config.set("accesslog", os.path.join(folder, "access.log"))
        logger = AccessLogger(config)
        assert logger._plain_access_handler() is not None, "the straight write is not taken"
        args = claim()
        old, new = [], []
        for _ in range(options.rounds):
            old.append(seconds_for(lambda *a: glogging.Logger.access(logger, *a), options.lines, args))
            new.append(seconds_for(logger.access, options.lines, args))
        best_old, best_new = min(old), min(new)
        per_line = 1e6 / options.lines
        print(f"logging's path:   {best_old * per_line:.2f} us a line (rounds: {', '.join(f'{s:.2f}' for s in old)} s)")
        print(f"straight write:   {best_new * per_line:.2f} us a line (rounds: {', '.join(f'{s:.2f}' for s in new)} s)")
        print(f"ratio old/new:    {best_old / best_new:.2f}")


if __name__ == "__main__":
    main()
