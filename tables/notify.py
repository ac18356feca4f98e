"""Waiting for a table's next event, across workers and hosts.

An event stream (SSE) asks `store.wait(code, after, timeout)`: "wake me when
this table has an event after `after`". A thousand streams wait at once, so a
process has ONE background thread that learns about new events and wakes the
waiters of the tables that moved, each table with its own `threading.Condition`
(all sharing one lock) -- never a connection or a thread per waiter.

    Listener   PostgreSQL: a dedicated connection does `LISTEN wordsmith_tables`;
               every append sends `pg_notify('wordsmith_tables', '<code>:<seq>\n<rows>')`
               in its transaction, delivered on commit to every host; the rows
               (the events as stored, when under PostgreSQL's 8000 bytes) go
               straight into the table's buffer, so no process reads them back.
    Poller     SQLite (one machine, any number of processes): every 100 ms, one
               query reads the newest seq of every table someone here waits on
               (a cheap version check on an index), and wakes the tables that moved.

Both also hear `published(code, seq)` from this process's own appends at once.
A table's first waiter registers it, then reads its newest seq, then sleeps:
an event committed in between is either seen by that read or wakes the sleep.
Later waiters of a table already registered need no read: its seq is kept
current by the poll or the notifications from the moment it was registered.

An event stream `follow`s its table for as long as it is open (a `Follower`,
registered once) and asks it for the events after the last one it sent. When
the table's seq moves, ONE of its followers in this process reads the new
events from the store and keeps them in the table's small buffer (the newest
`BUFFER_EVENTS`); every other follower takes them from there: one query per
event per process, however many phones follow the table (and with
`ready_shared`, one event stream message made per event per process). A follower that
asks for events older than the buffer holds (a resume from an old
`Last-Event-ID`) reads them from the store itself. The buffer keeps each
event's stored JSON text and every follower decodes its own copy, so no
follower's fold can touch another's events. Events this process appended
itself go into the buffer as they are committed (`appended`), so its
followers need no read at all; only the other processes read them, and on
PostgreSQL not even they, when the notification carried the rows (a gap in
the seqs, or rows too large for it, and they are read as before).

The contract between the notifier, its followers and whoever they wake (the
stream hub, app/serving/stream_hub.py):

- The notifier owns one lock for all its tables; a table's condition shares it.
  Only the notifier's own methods take it, and no callback runs under it.
- `published(code, seq)` is the one place a table's seq moves: it raises the
  seq and wakes the table's sleepers under the lock, then, with the lock
  released, calls the table's wakers (`Follower.on_move`) in the thread that
  heard of the move. A waker must only note the code and return.
- A follower asks the notifier through its public methods: `sleep_on` (wait
  for the seq to pass a value), `rows_after` (the buffered rows, read into the
  buffer by one follower at a time under the table's own `fetching` lock) and
  `add_waker`. A follower never touches the notifier's lock or state.
- Rows handed out are the buffer's stored rows; each follower decodes its own
  events from them, so no follower's fold touches another's.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

import sqlalchemy as sa

from . import schema
from .events import Event

__all__ = ["BUFFER_EVENTS", "POLL_SECONDS", "Follower", "Listener", "Poller"]

POLL_SECONDS = 0.1  # SQLite: how stale a waiter's view may get; one cheap indexed query per tick per process
BUFFER_EVENTS = 64  # per table followed here: a few challenges' worth; older resumes read the store
RECONNECT_SECONDS = 1.0  # PostgreSQL: the pause before the listener reconnects after losing its connection

log = logging.getLogger(__name__)


class _Table:
    """The waiters of one table: their condition, how many, and the newest seq this process has heard of."""

    def __init__(self, lock: threading.Lock):
        self.condition = threading.Condition(lock)
        self.waiters = 0
        self.seq = 0
        # The buffer: the stored rows of the events with seqs in (base, fetched], in order; `fetching` lets
        # one follower at a time read the store for it.
        self.rows: list = []
        self.base = -1  # -1: nothing buffered yet
        self.fetched = 0
        self.fetching = threading.Lock()
        # What `Follower.ready_shared` made of each event ((make, seq) -> its text), once for every follower here.
        self.shared: dict[tuple[Callable, int], object] = {}
        # Called with the code whenever the seq moves (`Follower.on_move`: the stream hub's wake-up), under the lock.
        self.wakers: set[Callable[[str], None]] = set()


class _Notifier:
    """What the Listener and the Poller share: registration, waiting, waking; subclasses feed `published`."""

    def __init__(self, engine):
        self.engine = engine
        self._lock = threading.Lock()
        self._tables: dict[str, _Table] = {}
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    def wait(self, code: str, after: int, timeout: float) -> bool:
        table = self._register(code)
        try:
            return self.sleep_on(table, after, timeout)
        finally:
            self._unregister(code, table)

    def follow(self, code: str) -> Follower:
        """Hold the table registered until the follower is closed; its `next` hands out new events."""
        return Follower(self, code, self._register(code))

    def _register(self, code: str) -> _Table:
        self._start()
        with self._lock:
            table = self._tables.get(code)
            first = table is None
            if first:
                table = self._tables[code] = _Table(self._lock)
            table.waiters += 1
        if first:  # registered first, so nothing between is missed; from now on the poll or LISTEN keeps it current
            try:
                last = self._last_seq(code)
                with table.fetching:
                    if table.base < 0:  # the buffer starts here: every event after `last` is yet to be read
                        table.base = table.fetched = last
                self.published(code, last)
            except BaseException:
                self._unregister(code, table)
                raise
        return table

    def _unregister(self, code: str, table: _Table) -> None:
        with self._lock:
            table.waiters -= 1
            if table.waiters == 0 and self._tables.get(code) is table:
                del self._tables[code]

    def sleep_on(self, table: _Table, after: int, timeout: float) -> bool:
        """Wait up to `timeout` seconds for the table's seq to pass `after`; whether it did."""
        deadline = time.monotonic() + max(0.0, timeout)
        with table.condition:
            while table.seq <= after:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                table.condition.wait(remaining)
            return True

    def rows_after(self, code: str, table: _Table, after: int) -> list:
        """The stored rows of the table's events after `after`: from the buffer, read once per move of its seq."""
        with table.fetching:
            if after < table.base:  # older than the buffer: this follower reads them itself
                with self.engine.connect() as connection:
                    return schema.read_rows(connection, code, after)
            if table.base < 0:  # the first ask: the buffer starts here
                table.base = table.fetched = after
            if table.fetched < table.seq or after > table.fetched:
                with self.engine.connect() as connection:
                    rows = schema.read_rows(connection, code, table.fetched)
                if rows:
                    table.rows.extend(rows)
                    table.fetched = rows[-1].seq
                    self.published(code, table.fetched)  # read ahead of the poll: the others need not wait for it
                if len(table.rows) > BUFFER_EVENTS:
                    del table.rows[: len(table.rows) - BUFFER_EVENTS]
                    table.base = table.rows[0].seq - 1
            return [row for row in table.rows if row.seq > after]

    def heard(self, code: str, after: int) -> list | None:
        """The stored rows of the table's events after `after`, as this process heard of them: from the buffer,
        read (into it, for the followers too) only when it lacks events the notifier heard of; None when no
        stream of the table is followed here, or `after` is older than the buffer."""
        with self._lock:
            table = self._tables.get(code)
        if table is None or table.base < 0 or after < table.base:
            return None
        return self.rows_after(code, table, after)

    def add_waker(self, table: _Table, wake: Callable[[str], None]) -> None:
        """Call `wake(code)` each time the table's seq moves (`published`), outside the notifier's lock."""
        with self._lock:
            table.wakers.add(wake)

    def appended(self, code: str, rows: list) -> None:
        """`rows` (stored rows, in seq order) were committed, by this process or (a notification that carried
        them) another: buffer them when they follow on, and wake.

        Never waits for the buffer: when a follower is reading the store for it
        (or the rows do not follow the buffer's last), they are left to be read.
        """
        with self._lock:
            table = self._tables.get(code)
        if table is not None and table.fetching.acquire(blocking=False):
            try:
                if table.base >= 0 and rows and rows[0].seq == table.fetched + 1:
                    table.rows.extend(rows)
                    table.fetched = rows[-1].seq
                    if len(table.rows) > BUFFER_EVENTS:
                        del table.rows[: len(table.rows) - BUFFER_EVENTS]
                        table.base = table.rows[0].seq - 1
            finally:
                table.fetching.release()
        if rows:
            self.published(code, rows[-1].seq)

    def notified(self, payload: str) -> None:
        """Another process's append, as its notification announced it (`schema.notify_payload`): its rows into
        the buffer when they came along, else its seq to wake on (the followers then read the rows)."""
        code, seq = schema.read_head(payload)
        with self._lock:
            table = self._tables.get(code)
            if table is None or seq <= table.seq:  # no news here: this process's own append, or no one follows it
                return
        code, seq, rows = schema.read_payload(payload)
        if rows:
            self.appended(code, rows)
        else:
            self.published(code, seq)

    def published(self, code: str, seq: int) -> None:
        """The table `code` has events up to `seq`: wake its waiters if that is news."""
        with self._lock:
            table = self._tables.get(code)
            if table is None or seq <= table.seq:
                return
            table.seq = seq
            table.condition.notify_all()
            wakers = list(table.wakers)
        for wake in wakers:  # outside the lock: a waker takes its own object's lock, never with ours held
            wake(code)

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
        events_t = schema.events_t
        with self.engine.connect() as connection:
            return (
                connection.execute(sa.select(sa.func.max(events_t.c.seq)).where(events_t.c.code == code)).scalar() or 0
            )

    def poll(self) -> None:
        """Read the newest seq of every table waited on here (one query per POLL_CHUNK tables) and wake those
        that moved."""
        codes = self.waiting()
        for start in range(0, len(codes), POLL_CHUNK):
            with self.engine.connect() as connection:
                rows = connection.execute(_NEWEST_SEQS, {"codes": codes[start : start + POLL_CHUNK]}).all()
            tables = self._tables
            for code, seq in rows:
                table = tables.get(code)
                if table is not None and seq > table.seq:  # the lock only for news: most tables did not move
                    self.published(code, seq)

    def _run(self) -> None:
        raise NotImplementedError


POLL_CHUNK = 500  # tables per poll query: well under SQLite's limit on a statement's parameters


_events = schema.events_t
# The newest seq of each of a list of tables: compiled once, the list expanded at each run.
_NEWEST_SEQS = (
    sa.select(_events.c.code, sa.func.max(_events.c.seq))
    .where(_events.c.code.in_(sa.bindparam("codes", expanding=True)))
    .group_by(_events.c.code)
)


class Follower:
    """One event stream's hold on a table (`notifier.follow(code)`); close it when the stream ends."""

    def __init__(self, notifier: _Notifier, code: str, table: _Table):
        self.notifier = notifier
        self.code = code
        self._table = table
        self._closed = False

    def wait(self, after: int, timeout: float) -> bool:
        """Wait up to `timeout` seconds for the table to have an event after `after`; whether it has."""
        return self.notifier.sleep_on(self._table, after, timeout)

    def next(self, after: int, timeout: float) -> list:
        """The table's events after `after` (stored order), waiting up to `timeout` seconds for one; [] if none came."""
        return self.ready(after) if self.wait(after, timeout) else []

    def ready(self, after: int) -> list:
        """The table's events after `after` that this process has heard of, without waiting; [] if none."""
        if self._table.seq <= after:
            return []
        return [schema.row_event(row) for row in self.notifier.rows_after(self.code, self._table, after)]

    def ready_shared(self, after: int, make: Callable[[Event], object]) -> list[tuple[int, object]]:
        """`ready`, each event as (seq, `make(event)`), made once per process for every follower of the table
        that passes the same `make` (an event stream's message text: formatted once, sent to every phone;
        `make` is a module's function, not a new closure per stream, or nothing is shared).

        For what is the same for every follower: a stream whose viewer may see
        an event differently from another's (Secret Wordsmith) uses `ready`.
        """
        if self._table.seq <= after:
            return []
        shared = self._table.shared
        made = []
        for row in self.notifier.rows_after(self.code, self._table, after):
            value = shared.get((make, row.seq))
            if value is None:
                value = shared[make, row.seq] = make(schema.row_event(row))
            made.append((row.seq, value))
        if len(shared) > 2 * BUFFER_EVENTS:  # keep those of the buffered events (a resume may have added older)
            for key in [key for key in list(shared) if key[1] <= self._table.base]:
                shared.pop(key, None)
        return made

    def on_move(self, wake: Callable[[str], None]) -> None:
        """Call `wake(code)` whenever the table's seq moves, for as long as it is followed in this process.

        `wake` runs in the thread that heard of the move, with no lock of the
        notifier's held: it must only note the code and return (the stream hub's
        wake-up).
        """
        self.notifier.add_waker(self._table, wake)

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self.notifier._unregister(self.code, self._table)

    def __enter__(self) -> Follower:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


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

        while not self._stopping.is_set():
            try:
                with psycopg.connect(self.conninfo, autocommit=True) as connection:
                    connection.execute(f"LISTEN {schema.NOTIFY_CHANNEL}")
                    # Catch up on what was committed while nothing listened: a waiter's own first read
                    # happened either before this poll (the poll sees its table) or after LISTEN.
                    self.poll()
                    while not self._stopping.is_set():
                        for note in connection.notifies(timeout=1.0):
                            self.notified(note.payload)
            except Exception:
                if self._stopping.is_set():
                    return
                log.exception("the tables' LISTEN connection failed; reconnecting")
                self._stopping.wait(RECONNECT_SECONDS)
