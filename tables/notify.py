"""Waiting for a table's next event, across workers and hosts.

An event stream (SSE) asks `store.wait(code, after, timeout)`: "wake me when
this table has an event after `after`". A thousand streams wait at once, so a
process has ONE background thread that learns about new events and wakes the
waiters of the tables that moved, each table with its own `threading.Condition`
(all sharing one lock) -- never a connection or a thread per waiter.

    Listener   PostgreSQL: a dedicated connection does `LISTEN wordsmith_tables`;
               every append sends `pg_notify('wordsmith_tables', '<code>:<seq>')`
               in its transaction, delivered on commit to every host.
    Poller     SQLite (one machine, any number of processes): every 100 ms, one
               query reads the newest seq of every table someone here waits on.

Both also hear `published(code, seq)` from this process's own appends at once.
A wait registers first, then reads the table's newest seq, then sleeps: an
event committed in between is either seen by that read or wakes the sleep.
"""

from __future__ import annotations

import logging
import threading
import time

import sqlalchemy as sa

__all__ = ["POLL_SECONDS", "Listener", "Poller"]

POLL_SECONDS = 0.1  # SQLite: how stale a waiter's view may get; one cheap indexed query per tick per process
RECONNECT_SECONDS = 1.0  # PostgreSQL: the pause before the listener reconnects after losing its connection

log = logging.getLogger(__name__)


class _Table:
    """The waiters of one table: their condition, how many, and the newest seq this process has heard of."""

    def __init__(self, lock: threading.Lock):
        self.condition = threading.Condition(lock)
        self.waiters = 0
        self.seq = 0


class _Notifier:
    """What the Listener and the Poller share: registration, waiting, waking; subclasses feed `published`."""

    def __init__(self, engine):
        self.engine = engine
        self._lock = threading.Lock()
        self._tables: dict[str, _Table] = {}
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    def wait(self, code: str, after: int, timeout: float) -> bool:
        self._start()
        deadline = time.monotonic() + max(0.0, timeout)
        with self._lock:
            table = self._tables.get(code)
            if table is None:
                table = self._tables[code] = _Table(self._lock)
            table.waiters += 1
        try:
            self.published(code, self._last_seq(code))  # registered first, so nothing between is missed
            with table.condition:
                while table.seq <= after:
                    remaining = deadline - time.monotonic()
                    if remaining <= 0:
                        return False
                    table.condition.wait(remaining)
                return True
        finally:
            with self._lock:
                table.waiters -= 1
                if table.waiters == 0 and self._tables.get(code) is table:
                    del self._tables[code]

    def published(self, code: str, seq: int) -> None:
        """The table `code` has events up to `seq`: wake its waiters if that is news."""
        with self._lock:
            table = self._tables.get(code)
            if table is not None and seq > table.seq:
                table.seq = seq
                table.condition.notify_all()

    def waiting(self) -> list[str]:
        with self._lock:
            return list(self._tables)

    def stop(self) -> None:
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _start(self) -> None:
        if self._thread is None:
            with self._lock:
                if self._thread is None:
                    self._thread = threading.Thread(target=self._run, name=type(self).__name__, daemon=True)
                    self._thread.start()

    def _last_seq(self, code: str) -> int:
        from .store import events_t

        with self.engine.connect() as connection:
            return (
                connection.execute(sa.select(sa.func.max(events_t.c.seq)).where(events_t.c.code == code)).scalar() or 0
            )

    def poll(self) -> None:
        """Read the newest seq of every table waited on here (one query) and wake those that moved."""
        from .store import events_t

        codes = self.waiting()
        if not codes:
            return
        query = (
            sa.select(events_t.c.code, sa.func.max(events_t.c.seq))
            .where(events_t.c.code.in_(codes))
            .group_by(events_t.c.code)
        )
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        for code, seq in rows:
            self.published(code, seq)

    def _run(self) -> None:
        raise NotImplementedError


class Poller(_Notifier):
    """SQLite: poll the waited-on tables' newest seqs every POLL_SECONDS while anyone waits."""

    def _run(self) -> None:
        while not self._stopping.wait(POLL_SECONDS):
            try:
                self.poll()
            except Exception:  # a locked or vanished database file: log, keep polling; waiters time out meanwhile
                log.exception("polling the tables' newest events failed")


class Listener(_Notifier):
    """PostgreSQL: LISTEN on one dedicated connection; every host's committed append arrives as a notification."""

    def __init__(self, url, engine):
        super().__init__(engine)
        # libpq understands the URL without SQLAlchemy's "+psycopg" driver suffix.
        self.conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)

    def _run(self) -> None:
        import psycopg

        from .store import NOTIFY_CHANNEL

        while not self._stopping.is_set():
            try:
                with psycopg.connect(self.conninfo, autocommit=True) as connection:
                    connection.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    # Catch up on what was committed while nothing listened: a waiter's own first read
                    # happened either before this poll (the poll sees its table) or after LISTEN.
                    self.poll()
                    while not self._stopping.is_set():
                        for note in connection.notifies(timeout=1.0):
                            code, _, seq = note.payload.rpartition(":")
                            self.published(code, int(seq))
            except Exception:
                if self._stopping.is_set():
                    return
                log.exception("the tables' LISTEN connection failed; reconnecting")
                self._stopping.wait(RECONNECT_SECONDS)
