"""The join-code guessing limit: failed table lookups and join attempts, per client address.

A join code is 6 characters of 31 (31**6 ≈ 887.5 million codes), so what
keeps a stranger off a table is how fast codes can be tried. Each client
address has a leaky bucket: a lookup of a code no table has (a 404) and
every join attempt (right or wrong) pour one unit in; the bucket drains
`TABLE_GUESSES_PER_MINUTE` units a minute and holds `TABLE_GUESS_BURST`. A
request to a table's path from an address whose bucket is full is refused
before the code is read: 429 problem+json with `Retry-After`, the seconds
until one more attempt is allowed.

The buckets live in each worker's memory, not in the store: an attempt
costs no database write, and a restart forgets them (harmless: it also
restarts nothing an attacker gains). With W workers an address may so make
up to W times the rate; docs/api.md ("Join codes and guessing") gives the
rates and the expected time to hit a live table with W counted in. The
address is the socket's peer (`request.remote_addr`); behind a reverse
proxy, wrap the app in werkzeug's `ProxyFix` so it is the client's.
"""

from __future__ import annotations

import math
import threading
import time

from flask import current_app, g, request

from .errors import ApiProblem

__all__ = ["Buckets", "address", "check", "count_failure", "count_join", "count_table_created"]

# Past this many addresses, the buckets already drained are forgotten: the memory a flood of addresses can take is bounded.
MAX_ADDRESSES = 50_000


class Buckets:
    """A leaky bucket per key: `pour(key)` adds one unit, `wait(key)` is the seconds until one more fits."""

    def __init__(self, per_minute: float, burst: int, clock=time.monotonic):
        self.rate = per_minute / 60.0
        self.burst = burst
        self.clock = clock
        self.levels: dict[str, tuple[float, float]] = {}  # key: (units in the bucket, when measured)
        self.lock = threading.Lock()

    def _level(self, key: str, now: float) -> float:
        level, then = self.levels.get(key, (0.0, now))
        return max(0.0, level - (now - then) * self.rate)

    def wait(self, key: str) -> int:
        """Whole seconds until `key` may pour one more unit; 0 when it may now."""
        with self.lock:
            over = self._level(key, self.clock()) + 1 - self.burst
        return 0 if over <= 0 else max(1, math.ceil(over / self.rate))

    def pour(self, key: str) -> None:
        with self.lock:
            now = self.clock()
            if len(self.levels) >= MAX_ADDRESSES:
                self.levels = {k: (v, t) for k, (v, t) in self.levels.items() if self._level(k, now) > 0}
            self.levels[key] = (self._level(key, now) + 1, now)


def buckets() -> Buckets:
    """This worker's buckets, made with the app's settings on first use."""
    extensions = current_app.extensions
    if "wordsmith.guesses" not in extensions:
        config = current_app.config
        extensions["wordsmith.guesses"] = Buckets(config["TABLE_GUESSES_PER_MINUTE"], config["TABLE_GUESS_BURST"])
    return extensions["wordsmith.guesses"]


def _address() -> str:
    return address(request.environ)


def address(environ: dict) -> str:
    """The key of a request's bucket: its peer's address (`request.remote_addr`)."""
    return environ.get("REMOTE_ADDR") or "unknown"


def check() -> None:
    """Refuse (429) a request from an address that has used up its attempts."""
    seconds = buckets().wait(_address())
    if seconds:
        raise ApiProblem(
            429,
            f"Too many unknown join codes or joins from this address: try again in {seconds} s.",
            headers={"Retry-After": str(seconds)},
        )


def _count() -> None:
    if not g.get("guess_counted"):  # a join to an unknown code is one attempt, not two
        g.guess_counted = True
        buckets().pour(_address())


def count_failure() -> None:
    """Count a lookup of a code no table has."""
    _count()


def count_join() -> None:
    """Count a join attempt (refused or not): seats are few, and each join hands out a token."""
    _count()


def count_table_created() -> None:
    """Count a new table against its address (TABLES_PER_HOUR a worker, in a burst or spread over the hour);
    refuse (429) one over it. Tables are what the store grows by: this bounds what one address can make it hold."""
    extensions = current_app.extensions
    if "wordsmith.creations" not in extensions:
        per_hour = current_app.config["TABLES_PER_HOUR"]
        extensions["wordsmith.creations"] = Buckets(per_hour / 60, per_hour)
    creations, key = extensions["wordsmith.creations"], _address()
    seconds = creations.wait(key)
    if seconds:
        raise ApiProblem(
            429,
            f"Too many new tables from this address: try again in {seconds} s, or play on a table already made.",
            headers={"Retry-After": str(seconds)},
        )
    creations.pour(key)
