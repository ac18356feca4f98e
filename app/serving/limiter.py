"""The join-code guessing limit: lookups of unknown codes and failed joins, per client address.

A join code is 6 characters of 31 (31**6 ≈ 887.5 million codes), so what
keeps a stranger off a table is how fast codes can be tried. Each client
address has a leaky bucket: a lookup of a code no table has (a 404) and a
join that fails (any 4xx but this limit's own 429: a seat taken, a locked
table, a seat the table does not have, a bad field) pour one unit in; the
bucket drains `TABLE_GUESSES_PER_MINUTE` units a minute and holds
`TABLE_GUESS_BURST`. A join that succeeds pours nothing: many phones behind
one address (a venue's Wi-Fi, a home or carrier NAT) all join, each with its
own seat, and guess nothing.

A request to a table's path from an address whose bucket is full is refused
(429 problem+json with `Retry-After`, the seconds until one more attempt is
allowed) unless it carries a token that acts at that table: a seat's or the
host's (the API's `Authorization: Bearer`, the pages' seat and host cookies).
A holder of such a token already has the table, so there is nothing left to
guess, and players keep playing whatever a guesser behind their address
does. The token is looked up only when the bucket is full.

The buckets live in each worker's memory, not in the store: an attempt
costs no database write, and a restart forgets them (harmless: it also
restarts nothing an attacker gains). With W workers an address may so make
up to W times the rate; docs/api.md ("Join codes and guessing") gives the
rates and the expected time to hit a live table with W counted in. The
address is the socket's peer (`request.remote_addr`); behind a reverse
proxy, wrap the app in werkzeug's `ProxyFix` so it is the client's.
"""

from __future__ import annotations

import ipaddress
import math
import threading
import time

from flask import current_app, g, request

from tables.events import Forbidden, NotFound

from ..errors import ApiProblem, handle_not_found
from ..tables import tables

__all__ = ["Buckets", "address", "address_of", "check", "count_failed_join", "count_failure", "count_table_created"]

# Addresses whose buckets a worker keeps: past it the address heard from longest ago is forgotten, so a flood of
# distinct addresses takes bounded memory whatever the traffic (a forgotten address starts with an empty bucket).
MAX_ADDRESSES = 50_000
IPV6_PREFIX = 64  # an IPv6 client is counted by its /64: one subscriber is given a whole /64 to rotate through


class Buckets:
    """A leaky bucket per key: `pour(key)` adds one unit, `wait(key)` is the seconds until one more fits.

    At most `most` keys are kept, the one poured into longest ago dropped first."""

    def __init__(self, per_minute: float, burst: int, clock=time.monotonic, most: int | None = None):
        self.rate = per_minute / 60.0
        self.burst = burst
        self.clock = clock
        self.most = most or MAX_ADDRESSES
        self.levels: dict[str, tuple[float, float]] = {}  # key: (units in the bucket, when measured); oldest first
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
            level = self._level(key, now) + 1
            self.levels.pop(key, None)  # re-inserted last: the dict stays in the order keys were last poured into
            self.levels[key] = (level, now)
            while len(self.levels) > self.most:
                del self.levels[next(iter(self.levels))]


def _buckets(name: str, per_minute: float, burst: int) -> Buckets:
    """This worker's buckets called `name`, made on first use."""
    extensions = current_app.extensions
    if name not in extensions:
        extensions[name] = Buckets(per_minute, burst)
    return extensions[name]


def buckets() -> Buckets:
    """This worker's guessing buckets, made with the app's settings on first use."""
    config = current_app.config
    return _buckets("wordsmith.guesses", config["TABLE_GUESSES_PER_MINUTE"], config["TABLE_GUESS_BURST"])


def _too_many(seconds: int, detail: str) -> ApiProblem:
    """The 429 of a full bucket; `detail` says the wait as `{seconds}`, which `Retry-After` also gives."""
    return ApiProblem(429, detail.format(seconds=seconds), headers={"Retry-After": str(seconds)})


def _address() -> str:
    return address(request.environ)


def address(environ: dict) -> str:
    """The key of a request's bucket: its peer's address (`request.remote_addr`); for IPv6, its /64.

    >>> address({"REMOTE_ADDR": "2001:db8:1:2:a:b:c:d"}), address({"REMOTE_ADDR": "2001:db8:1:2::ffff"})
    ('2001:db8:1:2::/64', '2001:db8:1:2::/64')
    >>> address({"REMOTE_ADDR": "192.0.2.7"}), address({"REMOTE_ADDR": "::ffff:192.0.2.7"}), address({})
    ('192.0.2.7', '192.0.2.7', 'unknown')
    """
    return address_of(environ.get("REMOTE_ADDR") or "unknown")


def address_of(peer: str) -> str:
    """The key of a peer's address as the socket gives it: itself, or its /64 for IPv6 (`address`'s rule).

    The worker counts connections by this key before any request is read (app/serving/worker.py).

    >>> address_of("2001:db8:1:2:a:b:c:d"), address_of("fe80::1%eth0"), address_of("127.0.0.2")
    ('2001:db8:1:2::/64', 'fe80::/64', '127.0.0.2')
    """
    try:
        ip = ipaddress.ip_address(peer.split("%", 1)[0])  # a zone id (fe80::1%eth0) is not part of the address
    except ValueError:
        return peer  # not an IP address (a Unix socket's peer): its own key
    if ip.version == 6 and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/{IPV6_PREFIX}", strict=False))
    return str(ip)


def _acts(code: str, token: str) -> bool:
    """Whether `token` acts for a seat or the host at table `code`."""
    try:
        tables().actor(code, token)
    except (Forbidden, NotFound):
        return False
    return True


def check(code: str | None = None, *tokens: str | None) -> None:
    """Refuse (429) a request from an address that has used up its attempts, unless one of `tokens` acts at
    table `code` (the store is asked only when the address has none left)."""
    seconds = buckets().wait(_address())
    if seconds and not (code is not None and any(_acts(code, token) for token in tokens if token)):
        raise _too_many(
            seconds, "Too many unknown join codes or failed joins from this address: try again in {seconds} s."
        )


def _count() -> None:
    if not g.get("guess_counted"):  # a join to an unknown code is one attempt, not two
        g.guess_counted = True
        buckets().pour(_address())


def count_failure() -> None:
    """Count a lookup of a code no table has."""
    _count()


def count_failed_join() -> None:
    """Count a join that was refused: trying seats of a table whose code one has is also guessing."""
    _count()


def count_table_created() -> None:
    """Count a new table against its address (TABLES_PER_HOUR a worker, in a burst or spread over the hour);
    refuse (429) one over it. Tables are what the store grows by: this bounds what one address can make it hold."""
    per_hour = current_app.config["TABLES_PER_HOUR"]
    creations, key = _buckets("wordsmith.creations", per_hour / 60, per_hour), _address()
    seconds = creations.wait(key)
    if seconds:
        raise _too_many(
            seconds, "Too many new tables from this address: try again in {seconds} s, or play on a table already made."
        )
    creations.pour(key)


def count_unknown_table(error: NotFound):
    """Answer a join code no table has (app/errors.py's 404), counted against the address: join codes must not be
    guessable."""
    count_failure()
    return handle_not_found(error)


def init_app(app) -> None:
    """Count every lookup of an unknown table, wherever it is answered."""
    app.register_error_handler(NotFound, count_unknown_table)
