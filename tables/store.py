"""The store: SQLAlchemy Core over SQLite (the default) or PostgreSQL.

    store = Store(url=None, instance_path=...)   # None: SQLite in the instance folder, WAL mode
    store.create_table(code, game, host_token_hash, first_event) -> bool   # False: the code is taken
    store.events(code, after=0) -> list[Event]                             # in seq order
    store.applied(code, request_id) -> list[Event] | None                 # the events that request id wrote
    store.append(code, events, *, request_id, actor, tokens=(), proof=None) -> list[Event] | None
    store.token(code, token_hash) -> int | None                            # 0: the host; n: seat n
    store.wait(code, after, timeout) -> bool                               # tables/notify.py
    store.last_seq(code) -> int
    store.delete(code); store.expire(before_iso) -> int

The schema is made by the Alembic migrations in `tables/migrations/` (docs/tables.md):
creating a Store upgrades the database to the newest revision, so a first start
creates everything.

`append` is the one write: in ONE transaction it inserts the events at their
seqs, the request id, the seat tokens, bumps the table's last activity and (on
PostgreSQL) queues the notification, which the database sends only on commit.
`(code, seq)` and `(code, request_id)` are unique: when another writer took one
of the seqs or the request id first, the whole transaction rolls back and
`append` returns None; the service reads again and judges again.

Fork-safe: gunicorn builds the app in its master and forks the workers. The
engine and the notifier belong to the process that made them; right after a
fork the child's Store makes its own (`_forked`), so no connection or thread
crosses a fork.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import json
import os
import threading
import time
import weakref
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

import sqlalchemy as sa
from pydantic_core import to_json
from sqlalchemy import event as sa_event
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.exc import IntegrityError

from .events import UNKNOWN_TOKEN, Event, Forbidden, Refused

__all__ = ["NOTIFY_CHANNEL", "REQUEST_ID_MAX", "Store", "metadata"]

NOTIFY_CHANNEL = "wordsmith_tables"  # PostgreSQL NOTIFY channel; the payload: notify_payload
NOTIFY_PAYLOAD_BYTES = 7999  # PostgreSQL refuses a NOTIFY payload of 8000 bytes or more
REQUEST_ID_MAX = 64  # characters, the API's and the pages' limit too: a UUID is 36 (the column has room for 128)
IDLE_PING_SECONDS = 5.0  # PostgreSQL: a pooled connection idle longer is pinged before use (_ping_when_idle)
# Connections one process keeps (WORDSMITH_DATABASE_POOL_SIZE), and how long a request waits for one.
POOL_SIZE = 16
POOL_TIMEOUT_SECONDS = 10.0
SQLITE_BUSY_MS = 10_000  # a writer waits this long for SQLite's one write lock (appends take milliseconds)
GROUP_COMMIT_MOST = 32  # SQLite: appends one transaction writes at most (GroupCommit)

# The schema as the queries see it. The migrations in tables/migrations/versions/ make it, each a
# frozen copy of the schema at its revision (a migration never imports this one, which moves on);
# tests/test_tables_store.py checks the two agree.
metadata = sa.MetaData()
tables_t = sa.Table(
    "tables",
    metadata,
    sa.Column("code", sa.String(16), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("created_at", sa.String(32), nullable=False),
    sa.Column("last_active", sa.String(32), nullable=False),
    sa.Index("tables_last_active", "last_active"),
)


def _of_a_table(name: str, *columns: sa.Column | sa.Index) -> sa.Table:
    """A table of what belongs to one table: its `code` first in the primary key, its rows deleted with it."""
    code = sa.Column("code", sa.String(16), sa.ForeignKey("tables.code", ondelete="CASCADE"), primary_key=True)
    return sa.Table(name, metadata, code, *columns)


events_t = _of_a_table(
    "events",
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("type", sa.String(64), nullable=False),
    sa.Column("at", sa.String(32), nullable=False),
    sa.Column("by", sa.Integer, nullable=True),
    sa.Column("data", sa.Text, nullable=False),
)
requests_t = _of_a_table(
    "requests",
    sa.Column("request_id", sa.String(128), primary_key=True),  # as migration 0001 made it; ids take REQUEST_ID_MAX
    sa.Column("first_seq", sa.Integer, nullable=False),
    sa.Column("last_seq", sa.Integer, nullable=False),
    sa.Column("actor", sa.String(32), nullable=False),
)
tokens_t = _of_a_table(
    "tokens",
    sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("token_hash", sa.String(64), nullable=False),
    sa.Index("tokens_hash", "code", "token_hash", unique=True),
)


def default_url(instance_path: str | os.PathLike) -> str:
    """SQLite in the instance folder (the folder is created)."""
    folder = Path(instance_path)
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder.resolve() / 'tables.sqlite3'}"


def make_engine(url: str | URL, pool_size: int = POOL_SIZE) -> Engine:
    """An engine for `url`; SQLite gets WAL, a busy timeout and foreign keys on every connection.

    Each process keeps `pool_size` connections and opens no more: a request
    finding them all in use waits for one (up to POOL_TIMEOUT_SECONDS, then a
    503). SQLAlchemy's default (5, and up to 10 more opened for a moment and
    closed) opened and closed connections without end under the claims: on
    PostgreSQL each is a new server process (half of PostgreSQL's CPU per
    claim), on SQLite a file opened and four PRAGMAs (bench/README.md, "Fifth
    round").
    """
    url = make_url(url)
    pool = {"pool_size": pool_size, "max_overflow": 0, "pool_timeout": POOL_TIMEOUT_SECONDS}
    if url.get_backend_name() != "sqlite":
        return _ping_when_idle(sa.create_engine(url, **pool))
    in_memory = url.database in (None, "", ":memory:")  # one connection per thread (SQLAlchemy's own pool for it)
    engine = sa.create_engine(url, connect_args={"timeout": SQLITE_BUSY_MS / 1000}, **({} if in_memory else pool))

    @sa_event.listens_for(engine, "connect")
    def _sqlite_pragmas(dbapi_connection, _record):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")  # readers never block the writer, nor it them
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_MS}")
        cursor.execute("PRAGMA foreign_keys=ON")  # off by default in SQLite: deleting a table cascades only with it
        cursor.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: a committed append survives a killed process
        cursor.close()

    return engine


class WriteGate:
    """SQLite's writers take turns here, not in SQLite's busy handler: one writer at a time per database file.

    SQLite has one write lock per file. A writer that finds it taken is put to
    sleep by SQLite's busy handler in growing steps (1, 2, 5, 10 ... 100 ms)
    and retries, however soon the lock was freed: under the bench's claims
    (two workers, dozens of writing threads each) the workers sat idle for a
    third of the time while the writes queued for seconds. Here a writer
    first takes a lock of this process (threads wait on it and wake the
    moment it is free), then an exclusive `flock` on a file beside the
    database (the other processes' writers wait in the kernel, woken the same
    way), and only then begins its transaction, which finds SQLite's lock
    free. Readers never pass here (WAL: they do not block the writer).
    A database in memory (no file) needs only the process's lock. Per
    process: after a fork the child opens its own file (`Store._forked`),
    as an inherited one would share the parent's `flock`.
    """

    def __init__(self, database: str | None):
        self._threads = threading.Lock()
        self._path = f"{database}.writer-lock" if database and database != ":memory:" else None
        self._fd: int | None = None

    def __enter__(self) -> None:
        self._threads.acquire()
        if self._path is None:
            return
        try:
            if self._fd is None:
                self._fd = os.open(self._path, os.O_RDWR | os.O_CREAT, 0o600)
            fcntl.flock(self._fd, fcntl.LOCK_EX)
        except BaseException:
            self._threads.release()
            raise

    def __exit__(self, *exc) -> None:
        try:
            if self._fd is not None:
                fcntl.flock(self._fd, fcntl.LOCK_UN)
        finally:
            self._threads.release()


class Queued:
    """One append waiting in GroupCommit's queue: what it writes, and how it went."""

    __slots__ = ("done", "error", "leads", "write")

    def __init__(self, write):
        self.write = write  # write(connection): the append's statements
        self.error: BaseException | None = None
        self.leads = False  # handed the writer's turn, not finished
        self.done = threading.Event()


class GroupCommit:
    """SQLite's appends from one process's threads, written in turns, several to a transaction.

    Measured before it (bench/tables.py, 200 claims/s): each append took the
    WriteGate, the flock, a BEGIN and a COMMIT for itself, while the
    process's other writers waited in line; a thread waiting for the
    interpreter lock in the middle of its transaction held the line up, and
    the waits for the gate reached 65-215 ms at p99 with the two cores far
    from busy.

    Here a thread with an append puts it in the queue. If no thread is
    writing, it becomes the writer: it takes what is queued (at most
    GROUP_COMMIT_MOST), writes it in ONE transaction with each append in a
    savepoint of its own (`Store._write_group`), and wakes their threads; if
    more arrived meanwhile, it hands the turn to the first of them and
    returns. So one gate, one BEGIN and one COMMIT serve every append that
    queued while the one before was being written, and no append is
    answered before the transaction holding it has committed.
    """

    def __init__(self, write_group):
        self._write_group = write_group  # write_group(list[Queued]): never raises, sets each one's error
        self._lock = threading.Lock()
        self._queue: list[Queued] = []
        self._writing = False

    def write(self, write) -> None:
        """Write one append (`write(connection)` runs its statements) in a shared transaction; raise its error."""
        queued = Queued(write)
        with self._lock:
            self._queue.append(queued)
            leads = not self._writing
            self._writing = True
        if not leads:
            queued.done.wait()
            leads = queued.leads
        if leads:
            self._write_turn()
        if queued.error is not None:
            raise queued.error

    def _write_turn(self) -> None:
        """Write what is queued (the caller's append first: it heads the queue), then pass the turn on."""
        with self._lock:
            batch = self._queue[:GROUP_COMMIT_MOST]
            del self._queue[:GROUP_COMMIT_MOST]
        try:
            self._write_group(batch)
        finally:
            with self._lock:
                following = self._queue[0] if self._queue else None
                if following is None:
                    self._writing = False
                else:
                    following.leads = True
            for queued in batch:
                queued.done.set()
            if following is not None:
                following.done.set()


def _ping_when_idle(engine: Engine) -> Engine:
    """Ping a pooled connection before use only when it sat idle for `IDLE_PING_SECONDS`.

    `pool_pre_ping` pinged at every checkout: a round trip (and PostgreSQL's
    work for it) on each of a claim's one or two connections. A connection
    that was in use moments ago is alive as far as a ping could tell; one
    that idled may have been cut (a restarted server, a proxy's idle
    timeout), and is pinged and replaced as before. A connection lost
    while in steady use fails its statement, and SQLAlchemy then discards
    every pooled connection made before the loss.
    """

    @sa_event.listens_for(engine, "checkin")
    def _idle_since(_dbapi_connection, record):
        record.info["idle_since"] = time.monotonic()

    @sa_event.listens_for(engine, "checkout")
    def _ping_if_idle(dbapi_connection, record, _proxy):
        since = record.info.get("idle_since")
        if since is None or time.monotonic() - since < IDLE_PING_SECONDS:
            return
        try:
            engine.dialect.do_ping(dbapi_connection)
        except Exception as error:  # the pool retries with a new connection
            raise sa.exc.DisconnectionError(str(error)) from error

    return engine


MIGRATIONS = Path(__file__).with_name("migrations")
_MIGRATING = threading.Lock()  # alembic's `context` is one module-level proxy: one upgrade at a time per process


@functools.cache
def head_revision() -> str:
    """The newest migration's revision (read once per process: the migrations do not change under it)."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory(str(MIGRATIONS)).get_current_head()


def upgrade(engine: Engine, attempts: int = 6) -> None:
    """Bring the database's schema to the newest migration; a new SQLite file another process is
    setting up at the same instant ("database is locked": switching it to WAL takes it whole) is tried again."""
    for attempt in range(attempts):
        try:
            return _upgrade(engine)
        except sa.exc.OperationalError as error:
            if "locked" not in str(error) or attempt == attempts - 1:
                raise
            time.sleep(0.1 * (attempt + 1))


def _upgrade(engine: Engine) -> None:
    from alembic import command
    from alembic.config import Config
    from alembic.migration import MigrationContext

    with engine.connect() as connection:  # the usual start: already current, a single query
        if MigrationContext.configure(connection).get_current_revision() == head_revision():
            return
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with _MIGRATING, engine.begin() as connection:
        if engine.dialect.name == "sqlite":
            # Take the write lock before Alembic reads the version: processes starting at once on a new
            # file migrate one after another (the others find it current) instead of all creating the
            # tables. PostgreSQL's counterpart is the advisory lock in migrations/env.py.
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class Store:
    def __init__(
        self, url: str | None = None, *, instance_path: str | os.PathLike = "instance", pool_size: int = POOL_SIZE
    ):
        self.url = make_url(url or default_url(instance_path))
        self.postgresql = self.url.get_backend_name() == "postgresql"
        self.pool_size = pool_size
        self._lock = threading.Lock()
        self._engine = make_engine(self.url, pool_size)
        self._autocommit = self._autocommit_engine()
        self._writing = self._write_gate()
        self._group = self._group_commit()
        self._peers = self._make_peers()
        self._notifier = None
        upgrade(self._engine)
        self._engine.dispose()  # gunicorn's master makes the store and forks: it keeps no connection open for them
        # Run in a forked child before anything else can: no other thread exists yet to race it.
        store = weakref.ref(self)
        os.register_at_fork(after_in_child=lambda: store() is not None and store()._forked())

    # --- per process -------------------------------------------------------------------

    def _forked(self) -> None:
        """In a forked child (a gunicorn worker): the parent's pooled connections and notifier thread are not ours."""
        self._lock = threading.Lock()  # it may have been held by a parent's thread at the fork
        self._engine.dispose(close=False)  # forget the parent's connections without closing them under it
        self._engine = make_engine(self.url, self.pool_size)
        self._autocommit = self._autocommit_engine()
        self._writing = self._write_gate()  # the parent's flock file would be shared with it: open our own
        self._group = self._group_commit()  # its queue and turn belonged to the parent's threads
        self._peers = self._make_peers()  # the parent's socket and list are not this process's
        self._notifier = None  # its thread did not survive the fork

    def _autocommit_engine(self):
        """The engine for what is one statement, each its own transaction: the reads, and PostgreSQL's
        one-statement append. On PostgreSQL in autocommit, so a read is one round trip (SELECT), not three
        (BEGIN, SELECT, ROLLBACK); on SQLite the engine itself, whose driver begins no transaction for a read."""
        return self._engine.execution_options(isolation_level="AUTOCOMMIT") if self.postgresql else self._engine

    def _write_gate(self):
        """SQLite: the writers' turns (WriteGate); PostgreSQL locks rows, not the database: no gate."""
        return contextlib.nullcontext() if self.postgresql else WriteGate(self.url.database)

    @property
    def _sqlite_file(self) -> bool:
        """SQLite in a file: not PostgreSQL, nor SQLite in memory (a database per connection, one process)."""
        return not self.postgresql and self.url.database not in (None, "", ":memory:")

    def _group_commit(self) -> GroupCommit | None:
        """SQLite in a file: appends share transactions (GroupCommit). PostgreSQL's writers do not queue on one
        lock; SQLite in memory keeps a database per connection, so each append keeps its own transaction."""
        return GroupCommit(self._write_group) if self._sqlite_file else None

    def _make_peers(self):
        """SQLite in a file: the other processes using it hear of each append at once (tables/notify.py, Peers)."""
        if not self._sqlite_file:
            return None
        from .notify import Peers

        return Peers(self.url.database)

    def _write_group(self, appends: list[Queued]) -> None:
        """Write `appends` in ONE transaction, each in a savepoint of its own (GroupCommit's writer).

        An append that fails (a lost race, a repeated request id, a token that no
        longer acts) is rolled back to its savepoint and gets its error; the
        others go on. If the transaction itself fails (its BEGIN or COMMIT),
        nothing of it was written and every append that had no error of its own
        gets that one.
        """
        try:
            with self._writing, self._engine.begin() as connection:
                # pysqlite begins a transaction only before the first INSERT; a SAVEPOINT outside one would
                # begin its own, which its RELEASE would commit. BEGIN first: every savepoint is nested in it.
                # These four run on the driver's cursor: through `exec_driver_sql` they were 8% of the
                # workers' interpreter time under the claims (bench/README.md, "Seventh round").
                _run(connection, "BEGIN IMMEDIATE")
                for append in appends:
                    _run(connection, "SAVEPOINT append")
                    try:
                        append.write(connection)
                    except BaseException as error:  # this append's alone: the others stay written
                        _run(connection, "ROLLBACK TO append")
                        append.error = error
                    _run(connection, "RELEASE append")
        except BaseException as error:
            for append in appends:
                if append.error is None:
                    append.error = error

    @property
    def notifier(self):
        """This process's one notifier (tables/notify.py), started with the first wait."""
        if self._notifier is None:
            with self._lock:
                if self._notifier is None:
                    from .notify import Listener, Poller

                    self._notifier = (
                        Listener(self.url, self._autocommit)
                        if self.postgresql
                        else Poller(self._autocommit, self._peers)
                    )
        return self._notifier

    def close(self) -> None:
        """Stop the notifier's thread and close every pooled connection (tests; a shutting-down worker)."""
        if self._notifier is not None:
            self._notifier.stop()
        self._notifier = None
        self._engine.dispose()

    # --- reads -------------------------------------------------------------------------

    def events(self, code: str, after: int = 0) -> list[Event]:
        with self._autocommit.connect() as connection:
            return [_event(row) for row in read_rows(connection, code, after)]

    def applied(self, code: str, request_id: str) -> list[Event] | None:
        """The events this request id wrote at this table, or None when it has not been applied."""
        _check_request_id(request_id)
        query = sa.select(requests_t.c.first_seq, requests_t.c.last_seq).where(
            requests_t.c.code == code, requests_t.c.request_id == request_id
        )
        with self._autocommit.connect() as connection:
            span = connection.execute(query).first()
            if span is None:
                return None
            rows = connection.execute(
                sa.select(events_t.c.seq, events_t.c.type, events_t.c.at, events_t.c.by, events_t.c.data)
                .where(events_t.c.code == code, events_t.c.seq.between(span.first_seq, span.last_seq))
                .order_by(events_t.c.seq)
            )
            return [_event(row) for row in rows]

    def heard(self, code: str, after: int) -> list[Event] | None:
        """The table's events after `after` as this process's notifier heard them, with no query; None when it
        cannot tell (no stream follows the table here, or it heard of events it has not read).

        Not proof: an event written elsewhere in the last moments may not have reached it yet (tables/notify.py).
        """
        notifier = self._notifier
        rows = None if notifier is None else notifier.heard(code, after)
        return None if rows is None else [_event(row) for row in rows]

    def token(self, code: str, token_hash: str) -> int | None:
        """The seat this token hash acts for (0: the host), or None."""
        with self._autocommit.connect() as connection:
            return _TOKEN_SEAT.scalar(connection, {"code": code, "token_hash": token_hash})

    def last_seq(self, code: str) -> int:
        """The table's newest seq; 0 when it has no events (no such table)."""
        with self._autocommit.connect() as connection:
            return _LAST_SEQ.scalar(connection, {"code": code}) or 0

    # --- writes ------------------------------------------------------------------------

    def create_table(self, code: str, game: str, host_token_hash: str, first_event: Event) -> bool:
        """A new table with its first event and the host's token; False when the code is taken."""
        try:
            with self._writing, self._engine.begin() as connection:
                connection.execute(
                    tables_t.insert().values(
                        code=code, game=game, created_at=first_event.at, last_active=first_event.at
                    )
                )
                connection.execute(events_t.insert(), [_row(code, first_event)])
                connection.execute(tokens_t.insert().values(code=code, seat=0, token_hash=host_token_hash))
        except IntegrityError:
            return False
        return True

    def append(
        self,
        code: str,
        events: list[Event],
        *,
        request_id: str | None,
        actor: str,
        tokens: Iterable[tuple[int, str]] = (),
        proof: tuple[int, str] | None = None,
    ) -> list[Event] | None:
        """Write `events` (their seqs already given) in one transaction; None when another write came first.

        "Came first" is a unique key failing: one of these seqs is taken (the
        table moved on since the caller read it) or the request id has been
        applied. Either way nothing of this call is written. `tokens` are
        (seat, token hash) pairs written with the events: a seat's new token
        replaces its old one. A table that no longer exists also gives None
        (its foreign key fails); the caller's next read finds no events.
        `proof` (seat, token hash): the token the actor was found by must
        still act for that seat when the events are written (read inside
        the transaction, after the events took the write lock), else
        nothing is written and Forbidden is raised.
        """
        events = list(events)
        tokens = tuple(tokens)
        if not events:
            return []
        if request_id is not None:
            _check_request_id(request_id)
        rows = [_row(code, event) for event in events]
        try:
            if self.postgresql and proof is not None and request_id is not None and not tokens:
                if not self._append_in_one_statement(code, rows, request_id=request_id, actor=actor, proof=proof):
                    raise Forbidden(UNKNOWN_TOKEN)  # nothing was written
            else:
                self._append_in_a_transaction(
                    code, rows, request_id=request_id, actor=actor, tokens=tokens, proof=proof
                )
        except (IntegrityError, self._engine.dialect.loaded_dbapi.IntegrityError):  # SQLAlchemy's, or the driver's
            return None
        if self._notifier is not None:  # hand the rows to this process's followers now: no poll, no read
            self._notifier.appended(code, [StoredRow(**row) for row in rows])
        if self._peers is not None:  # and the other processes', as PostgreSQL's NOTIFY does (tables/notify.py, Peers)
            self._peers.tell(code, rows)
        return events

    def _append_in_one_statement(self, code: str, rows: list[dict], *, request_id: str, actor: str, proof) -> bool:
        """PostgreSQL, an action proved by a seat's token with a request id (every claim): the whole append as
        ONE statement, in autocommit, so one round trip instead of five (BEGIN, three statements, COMMIT).

        The token's proof guards every part: when it no longer holds, nothing
        is written, no notification goes, and this returns False. A lost race
        (a seq taken) or a request id already applied fails the statement as a
        whole, as the transaction's first statement would have. The snapshot
        the proof reads is the statement's own; a token replaced by an event
        committed after it was taken is still caught, because that event took
        the seq this append wants (bench/README.md, "Fifth round").
        """
        values = {
            "code": code,
            "request_id": request_id,
            "actor": actor,
            "first_seq": rows[0]["seq"],
            "last_seq": rows[-1]["seq"],
            "seat": proof[0],
            "token_hash": proof[1],
            "last_active": max(row["at"] for row in rows),
            "channel": NOTIFY_CHANNEL,
            "payload": notify_payload(code, rows),
        }
        for i, row in enumerate(rows):
            values.update({f"{name}{i}": row[name] for name in ("seq", "type", "at", "by", "data")})
        with self._autocommit.connect() as connection:  # autocommit: the statement is its own transaction
            cursor = connection.connection.cursor()
            try:
                cursor.execute(_one_statement_append(len(rows)), values)
                written, requested, touched = cursor.fetchone()
            finally:
                cursor.close()
        return (written, requested, touched) == (len(rows), 1, 1)

    def _append_in_a_transaction(self, code: str, rows: list[dict], *, request_id, actor, tokens, proof) -> None:
        """The append as a transaction of its statements (SQLite: in a transaction it shares, GroupCommit;
        PostgreSQL: a join, which also writes a token)."""
        write = functools.partial(
            self._append_statements, code, rows, request_id=request_id, actor=actor, tokens=tokens, proof=proof
        )
        if self._group is not None:
            self._group.write(write)
            return
        with self._writing, self._engine.begin() as connection:
            write(connection)

    def _append_statements(self, code: str, rows: list[dict], connection, *, request_id, actor, tokens, proof):
        """An append's statements, run on `connection` inside a transaction (or a savepoint) of the caller's."""
        # Events first: a lost race fails here, before anything else is attempted.
        _INSERT_EVENT.insert_rows(connection, rows)
        request = None
        if request_id is not None:
            span = {"first_seq": rows[0]["seq"], "last_seq": rows[-1]["seq"]}
            request = {"code": code, "request_id": request_id, "actor": actor, **span}
        if proof is not None and request is not None:  # one statement: the request id, if the token holds
            proved = {**request, "seat": proof[0], "token_hash": proof[1]}
            if _INSERT_REQUEST_IF_TOKEN.rowcount(connection, proved) != 1:
                raise Forbidden(UNKNOWN_TOKEN)  # rolls the events back
        else:
            if proof is not None:
                seat = _TOKEN_SEAT.scalar(connection, {"code": code, "token_hash": proof[1]})
                if seat != proof[0]:
                    raise Forbidden(UNKNOWN_TOKEN)
            if request is not None:
                _INSERT_REQUEST.rowcount(connection, request)
        for seat, token_hash in tokens:
            connection.execute(tokens_t.delete().where(tokens_t.c.code == code, tokens_t.c.seat == seat))
            connection.execute(tokens_t.insert().values(code=code, seat=seat, token_hash=token_hash))
        touch = {"table_code": code, "last_active": max(row["at"] for row in rows)}
        if self.postgresql:  # the notification rides on the touch: sent when (and only if) this commits
            _TOUCH_AND_NOTIFY.rowcount(connection, {**touch, "payload": notify_payload(code, rows)})
        else:
            _TOUCH_TABLE.rowcount(connection, touch)

    def set_token(self, code: str, seat: int, token_hash: str) -> None:
        """Give `seat` (0: the host) a new token, replacing its old one (a retried join's answer was lost)."""
        with self._writing, self._engine.begin() as connection:
            connection.execute(tokens_t.delete().where(tokens_t.c.code == code, tokens_t.c.seat == seat))
            connection.execute(tokens_t.insert().values(code=code, seat=seat, token_hash=token_hash))

    def delete(self, code: str) -> None:
        """Delete the table with its events, request ids and tokens."""
        with self._writing, self._engine.begin() as connection:
            connection.execute(tables_t.delete().where(tables_t.c.code == code))

    def expire(self, before_iso: str) -> int:
        """Delete every table whose last event is older than `before_iso`; how many went."""
        with self._writing, self._engine.begin() as connection:
            return connection.execute(tables_t.delete().where(tables_t.c.last_active < before_iso)).rowcount

    # --- waiting -----------------------------------------------------------------------

    def wait(self, code: str, after: int, timeout: float) -> bool:
        """Block until the table has an event after `after`, or `timeout` seconds pass; True if it has."""
        return self.notifier.wait(code, after, timeout)

    def follow(self, code: str):
        """A `Follower` of the table (tables/notify.py): `next(after, timeout)` waits for and hands out new events."""
        return self.notifier.follow(code)


def _check_request_id(request_id: str) -> None:
    if not isinstance(request_id, str) or not 1 <= len(request_id) <= REQUEST_ID_MAX:
        raise Refused(f"request_id must be 1 to {REQUEST_ID_MAX} characters (a UUID is 36)", ("request_id",))


def _row(code: str, event: Event) -> dict:
    return {
        "code": code,
        "seq": event.seq,
        "type": event.type,
        "at": event.at,
        "by": event.by,
        "data": compact_json(event.data),
    }


def compact_json(value) -> str:
    """`value` as compact JSON text, characters as they are: what `json.dumps(value, ensure_ascii=False,
    separators=(",", ":"))` writes, by pydantic-core (Rust), five times quicker for an event (7.8 -> 1.5 us).
    Only a float may be spelled otherwise (0.00006103515625 for 6.103515625e-05): the same value.

    Every stored event's data and every notification is written with it; the stream messages too
    (app/streams.py). tests/test_tables_store.py holds the two writers equal on generated JSON values
    without floats, and every generated value read back equal.
    """
    return to_json(value).decode()


def notify_payload(code: str, rows: list[dict]) -> str:
    """What an append announces: "<code>:<last seq>", then a newline and the rows as JSON when they fit.

    The rows ride along so that another process's streams (and its fold
    cache) take the events from the notification instead of reading them
    back (tables/notify.py, `Listener`); too large for a payload, the
    announcement alone goes, and those followers read the store.
    """
    head = f"{code}:{rows[-1]['seq']}"
    body = compact_json([[row["seq"], row["type"], row["at"], row["by"], row["data"]] for row in rows])
    payload = f"{head}\n{body}"
    return payload if len(payload.encode()) <= NOTIFY_PAYLOAD_BYTES else head


def read_payload(payload: str) -> tuple[str, int, list | None]:
    """The table code, last seq and stored rows (None: not carried) of a `notify_payload`."""
    head, _, body = payload.partition("\n")
    code, _, seq = head.rpartition(":")
    rows = [StoredRow(code, *row) for row in json.loads(body)] if body else None
    return code, int(seq), rows


def _run(connection, sql: str) -> None:
    """Run one statement without parameters on the driver's cursor of an SQLAlchemy `connection` (its transaction)."""
    cursor = connection.connection.cursor()
    try:
        cursor.execute(sql)
    finally:
        cursor.close()


class Hot:
    """A hot path's statement: compiled once per dialect by SQLAlchemy, then run on the driver's cursor.

    SQLAlchemy Core's work per execution (keying the compiled-statement cache,
    building the execution context and the result, wrapping each row) cost
    more CPU than the database driver's own on the claims' path
    (bench/README.md, "Third round"). The SQL is SQLAlchemy's, compiled for
    the connection's dialect; only plain values (strings, integers) go in and
    come out, so no column type needs SQLAlchemy's conversions. Run with an
    SQLAlchemy Connection, it uses that connection and its transaction. A
    driver error comes out as the driver's own, not wrapped (`append`
    catches both kinds of IntegrityError).
    """

    def __init__(self, statement, column_keys: list[str] | None = None):
        self.statement = statement
        self.column_keys = column_keys  # an INSERT's columns, when it has no VALUES of its own
        self._compiled: dict[str, tuple[str, tuple[str, ...] | None, dict]] = {}
        self._many: dict[int, Hot] = {}  # insert_rows: the INSERT of n rows at once, by n

    def _for(self, dialect) -> tuple[str, tuple[str, ...] | None, dict]:
        found = self._compiled.get(dialect.name)
        if found is None:
            compiled = self.statement.compile(dialect=dialect, column_keys=self.column_keys)
            fixed = {name: value for name, value in compiled.params.items() if isinstance(value, str)}  # literals
            found = self._compiled[dialect.name] = (compiled.string, compiled.positiontup, fixed)
        return found

    @staticmethod
    def _params(positions, fixed: dict, values: dict):
        values = {**fixed, **values} if fixed else values
        return tuple(values[name] for name in positions) if positions else values

    def _cursor(self, connection, values: dict):
        sql, positions, fixed = self._for(connection.dialect)
        cursor = connection.connection.cursor()
        try:
            cursor.execute(sql, self._params(positions, fixed, values))
        except BaseException:
            cursor.close()
            raise
        return cursor

    def rowcount(self, connection, values: dict) -> int:
        """Run it on `connection` (an SQLAlchemy Connection): the rows it wrote."""
        cursor = self._cursor(connection, values)
        count = cursor.rowcount  # read before closing: psycopg forgets it then
        cursor.close()
        return count

    def insert_rows(self, connection, rows: list[dict]) -> None:
        """An INSERT (made with `column_keys`) of every row in ONE statement (VALUES (...), (...)), as
        SQLAlchemy's own executemany does: psycopg's executemany runs a pipeline, which a failing row
        (a lost race) aborts with a logged error."""
        if len(rows) == 1:
            self.rowcount(connection, rows[0])
            return
        many = self._many.get(len(rows))
        if many is None:
            table = self.statement.table
            values = [{key: sa.bindparam(f"{key}_{i}") for key in self.column_keys} for i in range(len(rows))]
            many = self._many[len(rows)] = Hot(table.insert().values(values))
        many.rowcount(connection, {f"{key}_{i}": value for i, row in enumerate(rows) for key, value in row.items()})

    def all(self, connection, values: dict) -> list[tuple]:
        cursor = self._cursor(connection, values)
        try:
            return cursor.fetchall()
        finally:
            cursor.close()

    def scalar(self, connection, values: dict):
        rows = self.all(connection, values)
        return rows[0][0] if rows else None


# The hot paths' statements, built once.
_TOKEN_SEAT = Hot(
    sa.select(tokens_t.c.seat).where(
        tokens_t.c.code == sa.bindparam("code"), tokens_t.c.token_hash == sa.bindparam("token_hash")
    )
)
_LAST_SEQ = Hot(sa.select(sa.func.max(events_t.c.seq)).where(events_t.c.code == sa.bindparam("code")))
_INSERT_EVENT = Hot(events_t.insert(), ["code", "seq", "type", "at", "by", "data"])
_INSERT_REQUEST = Hot(requests_t.insert(), ["code", "request_id", "first_seq", "last_seq", "actor"])
_TOUCH = (
    # the WHERE's name is not "code": an UPDATE keeps its columns' names for their SET values
    tables_t.update()
    .where(tables_t.c.code == sa.bindparam("table_code"))
    .values(last_active=sa.bindparam("last_active"))
)
_TOUCH_TABLE = Hot(_TOUCH)
# PostgreSQL: the touch's RETURNING sends the notification (one statement, one round trip, not two).
_TOUCH_AND_NOTIFY = Hot(
    _TOUCH.returning(sa.func.pg_notify(NOTIFY_CHANNEL, sa.bindparam("payload", type_=sa.String)).label("notified"))
)
# The request id, written only while the token (seat, hash) still acts for that seat: the proof
# check and the insert in one statement; no row inserted means the token no longer holds.
_INSERT_REQUEST_IF_TOKEN = Hot(
    requests_t.insert().from_select(
        ["code", "request_id", "first_seq", "last_seq", "actor"],
        sa.select(
            sa.bindparam("code", type_=sa.String),
            sa.bindparam("request_id", type_=sa.String),
            sa.bindparam("first_seq", type_=sa.Integer),
            sa.bindparam("last_seq", type_=sa.Integer),
            sa.bindparam("actor", type_=sa.String),
        ).where(
            sa.exists().where(
                tokens_t.c.code == sa.bindparam("code"),
                tokens_t.c.token_hash == sa.bindparam("token_hash"),
                tokens_t.c.seat == sa.bindparam("seat"),
            )
        ),
    )
)
_EVENTS_AFTER = Hot(
    sa.select(events_t.c.seq, events_t.c.type, events_t.c.at, events_t.c.by, events_t.c.data)
    .where(events_t.c.code == sa.bindparam("code"), events_t.c.seq > sa.bindparam("after"))
    .order_by(events_t.c.seq)
)


@functools.lru_cache(maxsize=16)
def _one_statement_append(count: int) -> str:
    """PostgreSQL: the append of `count` events proved by a token (`Store._append_in_one_statement`), one statement.

    Each part runs only where the token (seat, hash) still acts for its seat;
    the answer is how many events, request ids and tables it wrote or touched.
    The touch's RETURNING sends the notification, on commit, as the
    transaction's touch does.
    """
    events = ", ".join(
        f"(%(seq{i})s::integer, %(type{i})s::text, %(at{i})s::text, %(by{i})s::integer, %(data{i})s::text)"
        for i in range(count)
    )
    return f"""
WITH proof AS (
    SELECT 1 FROM tokens WHERE code = %(code)s AND seat = %(seat)s AND token_hash = %(token_hash)s
), written AS (
    INSERT INTO events (code, seq, type, at, by, data)
    SELECT %(code)s, e.seq, e.type, e.at, e.by, e.data FROM (VALUES {events}) AS e (seq, type, at, by, data)
    WHERE EXISTS (SELECT FROM proof)
    RETURNING 1
), requested AS (
    INSERT INTO requests (code, request_id, first_seq, last_seq, actor)
    SELECT %(code)s, %(request_id)s, %(first_seq)s, %(last_seq)s, %(actor)s WHERE EXISTS (SELECT FROM proof)
    RETURNING 1
), touched AS (
    UPDATE tables SET last_active = %(last_active)s WHERE code = %(code)s AND EXISTS (SELECT FROM proof)
    RETURNING pg_notify(%(channel)s, %(payload)s)
)
SELECT (SELECT count(*) FROM written), (SELECT count(*) FROM requested), (SELECT count(*) FROM touched)"""


class StoredRow(NamedTuple):
    """An event as `read_rows` gives it (its data still JSON text), made from a row this process wrote."""

    code: str
    seq: int
    type: str
    at: str
    by: int | None
    data: str


def read_rows(connection, code: str, after: int) -> list:
    """The stored rows (seq, type, at, by, data as JSON text) of a table's events after `after`, in seq order."""
    return [StoredRow(code, *row) for row in _EVENTS_AFTER.all(connection, {"code": code, "after": after})]


def row_event(row) -> Event:
    """An Event of its own (its data freshly decoded) from a stored row."""
    return _event(row)


def _event(row) -> Event:
    return Event(row.seq, row.type, row.at, row.by, json.loads(row.data))
