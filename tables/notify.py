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
               query reads the newest seq of every table someone here waits on;
               and each append is pushed at once to the other processes that use
               the database file (`Peers`: a datagram with the same payload as
               PostgreSQL's notification), so the poll only catches what a push missed.

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
"""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import secrets
import select
import socket
import threading
import time
from collections.abc import Callable

import sqlalchemy as sa

from . import store
from .events import Event

__all__ = ["BUFFER_EVENTS", "POLL_SECONDS", "Follower", "Listener", "Peers", "Poller"]

POLL_SECONDS = 0.1  # SQLite: how stale a waiter's view may get; one cheap indexed query per tick per process
# SQLite with the other processes' pushes heard (Peers): the poll only catches what a push missed (a full queue, a
# process started within a sender's PEERS_SECONDS), so it runs less often: it was 3.7% of the workers' interpreter
# time under bench/tables.py at 10 a second. Still well within the second a phone may wait.
PUSHED_POLL_SECONDS = 0.5
BUFFER_EVENTS = 64  # per table followed here: a few challenges' worth; older resumes read the store
RECONNECT_SECONDS = 1.0  # PostgreSQL: the pause before the listener reconnects after losing its connection
PEERS_SECONDS = 1.0  # SQLite: how long a process trusts its list of the other processes' sockets (Peers)
SOCKET_PATH_MAX = 107  # bytes of a Unix socket's address (108 with the NUL): Peers.address
DATAGRAM_BYTES = 65536  # more than a notification's payload (store.NOTIFY_PAYLOAD_BYTES)

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
            return self._sleep(table, after, timeout)
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

    def _sleep(self, table: _Table, after: int, timeout: float) -> bool:
        deadline = time.monotonic() + max(0.0, timeout)
        with table.condition:
            while table.seq <= after:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                table.condition.wait(remaining)
            return True

    def _rows_after(self, code: str, table: _Table, after: int) -> list:
        """The stored rows of the table's events after `after`: from the buffer, read once per move of its seq."""
        with table.fetching:
            if after < table.base:  # older than the buffer: this follower reads them itself
                with self.engine.connect() as connection:
                    return store.read_rows(connection, code, after)
            if table.base < 0:  # the first ask: the buffer starts here
                table.base = table.fetched = after
            if table.fetched < table.seq or after > table.fetched:
                with self.engine.connect() as connection:
                    rows = store.read_rows(connection, code, table.fetched)
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
        return self._rows_after(code, table, after)

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
        """Another process's append, as its notification announced it (`store.notify_payload`): its rows into
        the buffer when they came along, else its seq to wake on (the followers then read the rows)."""
        code, seq, rows = store.read_payload(payload)
        if rows:
            self.appended(code, rows)
        else:
            self.published(code, seq)

    def published(self, code: str, seq: int) -> None:
        """The table `code` has events up to `seq`: wake its waiters if that is news."""
        with self._lock:
            table = self._tables.get(code)
            if table is not None and seq > table.seq:
                table.seq = seq
                table.condition.notify_all()
                for wake in table.wakers:
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
        events_t = store.events_t
        with self.engine.connect() as connection:
            return (
                connection.execute(sa.select(sa.func.max(events_t.c.seq)).where(events_t.c.code == code)).scalar() or 0
            )

    def poll(self) -> None:
        """Read the newest seq of every table waited on here (one query) and wake those that moved.

        The SQL is written once per number of tables and run on the driver's
        cursor: SQLAlchemy compiled the `IN` list's parameters again on every
        poll, ten times a second, which was a tenth of the workers' CPU with
        1,000 streams open (bench/README.md).
        """
        codes = self.waiting()
        for start in range(0, len(codes), POLL_CHUNK):
            chunk = codes[start : start + POLL_CHUNK]
            with self.engine.connect() as connection:
                cursor = connection.connection.cursor()
                try:
                    cursor.execute(_newest_seqs_sql(connection.dialect.paramstyle, len(chunk)), chunk)
                    rows = cursor.fetchall()
                finally:
                    cursor.close()
            tables = self._tables
            for code, seq in rows:
                table = tables.get(code)
                if table is not None and seq > table.seq:  # the lock only for news: most tables did not move
                    self.published(code, seq)

    def _run(self) -> None:
        raise NotImplementedError


POLL_CHUNK = 500  # tables per poll query: well under SQLite's limit on a statement's parameters


@functools.lru_cache(maxsize=64)
def _newest_seqs_sql(paramstyle: str, count: int) -> str:
    """`SELECT code, max(seq) FROM events WHERE code IN (...) GROUP BY code` for `count` codes."""
    mark = "?" if paramstyle == "qmark" else "%s"
    return f"SELECT code, max(seq) FROM events WHERE code IN ({', '.join([mark] * count)}) GROUP BY code"


class Follower:
    """One event stream's hold on a table (`notifier.follow(code)`); close it when the stream ends."""

    def __init__(self, notifier: _Notifier, code: str, table: _Table):
        self.notifier = notifier
        self.code = code
        self._table = table
        self._closed = False

    def wait(self, after: int, timeout: float) -> bool:
        """Wait up to `timeout` seconds for the table to have an event after `after`; whether it has."""
        return self.notifier._sleep(self._table, after, timeout)

    def next(self, after: int, timeout: float) -> list:
        """The table's events after `after` (stored order), waiting up to `timeout` seconds for one; [] if none came."""
        return self.ready(after) if self.wait(after, timeout) else []

    def ready(self, after: int) -> list:
        """The table's events after `after` that this process has heard of, without waiting; [] if none."""
        if self._table.seq <= after:
            return []
        return [store.row_event(row) for row in self.notifier._rows_after(self.code, self._table, after)]

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
        for row in self.notifier._rows_after(self.code, self._table, after):
            value = shared.get((make, row.seq))
            if value is None:
                value = shared[make, row.seq] = make(store.row_event(row))
            made.append((row.seq, value))
        if len(shared) > 2 * BUFFER_EVENTS:  # keep those of the buffered events (a resume may have added older)
            for key in [key for key in list(shared) if key[1] <= self._table.base]:
                shared.pop(key, None)
        return made

    def on_move(self, wake: Callable[[str], None]) -> None:
        """Call `wake(code)` whenever the table's seq moves, for as long as it is followed in this process.

        `wake` runs in the thread that heard of the move, holding the notifier's
        lock: it must only note the code and return (the stream hub's wake-up).
        """
        with self.notifier._lock:
            self._table.wakers.add(wake)

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self.notifier._unregister(self.code, self._table)

    def __enter__(self) -> Follower:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class Peers:
    """SQLite: the processes using one database file tell each other of every append the moment it commits.

    PostgreSQL's NOTIFY reaches every process at once; SQLite has nothing like
    it, and a claim made through one worker reached the phones held by the
    other only at its next poll: ~50 ms on average and up to 100 ms of every
    such delivery (bench/README.md, "Sixth round"), plus a read of the events
    by that worker. Here each process that follows tables binds a datagram
    socket in `<database>.notify/` (a folder only the service's user may
    enter: what arrives there is trusted like the database file itself), and
    a process that appends sends every socket in the folder the append's
    notification (`store.notify_payload`: the code and seq, and the rows when
    they fit) without waiting. A peer that is gone (its socket refuses) is
    forgotten and its file removed; one too busy to take the datagram is
    skipped. The poll goes on, so what a push missed (a full queue, an append
    by a process whose socket a sender has not listed yet) is still found
    within PUSHED_POLL_SECONDS: the push only makes it sooner.

    A Unix socket's address holds at most 107 bytes; a folder deeper than
    that is reached through this process's open handle on it
    (`/proc/self/fd/<n>/<name>`, Linux), and where neither fits the push
    stays off and the poll does it all.
    """

    def __init__(self, database: str):
        self.folder = f"{database}.notify"
        self.own: str | None = None  # this process's socket's name in the folder, while it listens
        self._base: str | None = None  # what a socket's name is appended to for its address (`address`)
        self._sender: socket.socket | None = None
        self._peers: list[str] = []
        self._listed = float("-inf")

    def address(self, name: str) -> str | None:
        """The address of the socket `name` in the folder, short enough for a Unix socket; None if none is
        (the folder must exist). The folder's own path, or, when that is too long, this process's handle on it,
        worked out once."""
        if self._base is None:
            base = self.folder
            if len(os.fsencode(os.path.join(base, name))) > SOCKET_PATH_MAX:
                try:
                    base = f"/proc/self/fd/{os.open(self.folder, os.O_RDONLY | os.O_DIRECTORY)}"
                except OSError:
                    return None
                if not os.path.isdir(base):  # no /proc (not Linux)
                    return None
            self._base = base
        address = os.path.join(self._base, name)
        return address if len(os.fsencode(address)) <= SOCKET_PATH_MAX else None

    def listen(self) -> socket.socket | None:
        """This process's socket, bound (None when it cannot be: the push stays off, the poll does it all)."""
        name = f"{os.getpid()}-{secrets.token_hex(4)}"
        try:
            os.makedirs(self.folder, mode=0o700, exist_ok=True)
            address = self.address(name)
            if address is None:
                log.info("no Unix socket address fits %s: other processes' appends are heard by polling", self.folder)
                return None
            listening = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            listening.bind(address)
        except OSError:
            log.exception("could not listen for other processes' appends in %s; polling only", self.folder)
            return None
        listening.setblocking(False)
        self.own = name
        return listening

    def stop_listening(self, listening: socket.socket) -> None:
        listening.close()
        if self.own is not None:
            with contextlib.suppress(OSError):
                os.unlink(os.path.join(self.folder, self.own))
            self.own = None

    def tell(self, code: str, rows: list[dict]) -> None:
        """Send every other process's socket the append's notification (`rows`: as stored); never waits."""
        now = time.monotonic()
        if now - self._listed > PEERS_SECONDS:
            try:
                self._peers = os.listdir(self.folder)
            except OSError:
                self._peers = []
            self._listed = now
        peers = [name for name in self._peers if name != self.own]
        if not peers:
            return
        if self._sender is None:
            sender = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            sender.setblocking(False)
            self._sender = sender
        data = store.notify_payload(code, rows).encode()
        for name in peers:
            address = self.address(name)
            if address is None:
                return
            try:
                self._sender.sendto(data, address)
            except ConnectionRefusedError:  # nothing listens: a process that ended without removing its socket
                with contextlib.suppress(OSError):
                    os.unlink(os.path.join(self.folder, name))
                self._forget(name)
            except FileNotFoundError:
                self._forget(name)
            except OSError:  # its queue is full (or it is going away): its poll finds the append
                pass

    def _forget(self, name: str) -> None:
        with contextlib.suppress(ValueError):
            self._peers.remove(name)


class Poller(_Notifier):
    """SQLite: poll the waited-on tables' newest seqs every POLL_SECONDS while anyone waits, and take the other
    processes' appends from their pushes (`Peers`) meanwhile."""

    def __init__(self, engine, peers: Peers | None = None):
        super().__init__(engine)
        self.peers = peers

    def _run(self) -> None:
        listening = self.peers.listen() if self.peers is not None else None
        every = POLL_SECONDS if listening is None else PUSHED_POLL_SECONDS
        try:
            next_poll = time.monotonic() + every
            while not self._stopping.is_set():
                left = next_poll - time.monotonic()
                if left > 0:
                    if listening is None:
                        self._stopping.wait(left)
                    elif select.select([listening], [], [], left)[0]:
                        self._take_pushes(listening)
                    continue
                next_poll = time.monotonic() + every
                try:
                    self.poll()
                except Exception:  # a locked or vanished database file: log, keep polling; waiters time out meanwhile
                    log.exception("polling the tables' newest events failed")
        finally:
            if listening is not None:
                self.peers.stop_listening(listening)

    def _take_pushes(self, listening: socket.socket) -> None:
        """Every append another process pushed (`Peers.tell`): its rows into the buffer, or its seq to wake on."""
        while True:
            try:
                data = listening.recv(DATAGRAM_BYTES)
            except (BlockingIOError, InterruptedError):
                return
            try:
                self.notified(data.decode())
            except ValueError:  # not a notification (nothing else should write here): the poll still covers it
                log.warning("ignored a datagram that is not an append's notification: %r", data[:80])


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
                    connection.execute(f"LISTEN {store.NOTIFY_CHANNEL}")
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
