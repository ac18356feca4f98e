"""The store: SQLAlchemy Core over SQLite (the default) or PostgreSQL.

    store = Store(url=None, instance_path=...)   # None: SQLite in the instance folder, WAL mode
    store.create_table(code, game, host_token_hash, first_event) -> bool   # False: the code is taken
    store.events(code, after=0) -> list[Event]                             # in seq order
    store.applied(code, request_id, actor) -> list[Event] | None          # the events that request id wrote
    store.append(code, events, *, request_id, actor, tokens=(), proof=None) -> list[Event] | None
    store.token(code, token_hash) -> int | None                            # 0: the host; n: seat n
    store.wait(code, after, timeout) -> bool                               # tables/notify.py
    store.last_seq(code) -> int
    store.delete(code); store.expire(before_iso) -> int

`actor` is who asked for what (`tables.holders.request_signature`: the actor and a
digest of the action), stored with the request id: a request id repeats only the
same actor's same action, and any other use of it is refused (`applied`).

The schema (tables/schema.py) is made by the Alembic migrations in
`tables/migrations/` (docs/tables.md): creating a Store upgrades the database to
the newest revision, so a first start creates everything.

`append` is the one write, on both databases: whole or not at all, it inserts
the events at their seqs, the request id (only while the actor's token still
acts for its seat, when the action came with one), the seat tokens, and
bumps the table's last activity. `(code, seq)` and `(code, request_id)` are
unique: when another writer took one of the seqs or the request id first,
nothing of the append is written and `append` returns None; the service
reads again and judges again. How it is written differs by database:

- PostgreSQL: the writes are one statement, its own transaction, so a claim
  is one round trip, not five, and its notification rides on the touch,
  sent only on commit; run on the driver's connection (`_driver_one`).
- SQLite: one writer at a time holds the file's write lock, so writers take
  turns (tables/sqlite_writes.py: a lock of the process's own and a `flock`
  beside the file, waited on in the kernel rather than in SQLite's sleeping
  busy handler), and one turn writes a few of the appends its process
  queued, in one transaction, each under a savepoint of its own. Other
  processes hear of an append by polling (tables/notify.py).

Fork-safe: gunicorn builds the app in its master and forks the workers. The
engine and the notifier belong to the process that made them; right after a
fork the child's Store makes its own (`_forked`), so no connection or thread
crosses a fork.
"""

from __future__ import annotations

import contextlib
import functools
import os
import threading
import time
import weakref
from collections.abc import Iterable
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy import event as sa_event
from sqlalchemy.dialects import postgresql
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.exc import IntegrityError

from .events import UNKNOWN_TOKEN, Event, Forbidden, Rejected
from .schema import (
    NOTIFY_CHANNEL,
    REQUEST_ID_MAX,
    SEAT_OF_TOKEN,
    StoredRow,
    check_request_id,
    event_row,
    events_t,
    metadata,
    notify_payload,
    read_rows,
    requests_t,
    row_event,
    tables_t,
    tokens_t,
)
from .sqlite_writes import Appends, WriteGate

__all__ = ["NOTIFY_CHANNEL", "REQUEST_ID_MAX", "Store", "metadata"]

EXPIRE_BATCH = 500  # tables deleted by expiry in one transaction
IDLE_PING_SECONDS = 5.0  # PostgreSQL: a pooled connection idle longer is pinged before use (_ping_when_idle)
# Connections one process keeps (WORDSMITH_DATABASE_POOL_SIZE), and how long a request waits for one.
POOL_SIZE = 16
POOL_TIMEOUT_SECONDS = 10.0
SQLITE_BUSY_MS = 10_000  # a writer waits this long for SQLite's one write lock (appends take milliseconds)


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
    PostgreSQL each is a new server process, on SQLite a file opened and four
    PRAGMAs (bench/tables.py measures the claims).
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
        # Pages freed by expiry go back to the file system (`Store.expire`); takes effect in a new file only.
        cursor.execute("PRAGMA auto_vacuum=INCREMENTAL")
        cursor.execute("PRAGMA journal_mode=WAL")  # readers never block the writer, nor it them
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_MS}")
        cursor.execute("PRAGMA foreign_keys=ON")  # off by default in SQLite: deleting a table cascades only with it
        cursor.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: a committed append survives a killed process
        cursor.close()

    return engine


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
        self._open_writers()
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
        self._open_writers()  # the parent's flock file would be shared with it: open our own
        self._notifier = None  # its thread did not survive the fork

    def _autocommit_engine(self):
        """The engine for the reads, each one statement: on PostgreSQL in autocommit, so a read is one round trip
        (SELECT), not three (BEGIN, SELECT, ROLLBACK); on SQLite the engine itself, whose driver begins no
        transaction for a read."""
        return self._engine.execution_options(isolation_level="AUTOCOMMIT") if self.postgresql else self._engine

    def _open_writers(self) -> None:
        """SQLite: the writers' turns (`_writing`, a WriteGate) and the process's queue of appends (`_appends`) on
        this process's engine; PostgreSQL locks rows, not the database: no gate, no queue."""
        if self.postgresql:
            self._writing, self._appends = contextlib.nullcontext(), None
        else:
            self._writing = WriteGate(self.url.database)
            self._appends = Appends(self._engine, self._writing)

    @contextlib.contextmanager
    def _transaction(self):
        """A write transaction: on SQLite it takes the file's write lock at BEGIN (IMMEDIATE), so it never meets
        a reader's lock halfway through and fails instead of waiting."""
        with self._writing, self._engine.begin() as connection:
            if not self.postgresql:
                connection.exec_driver_sql("BEGIN IMMEDIATE")
            yield connection

    @property
    def notifier(self):
        """This process's one notifier (tables/notify.py), started with the first wait."""
        if self._notifier is None:
            with self._lock:
                if self._notifier is None:
                    from .notify import Listener, Poller

                    self._notifier = (
                        Listener(self.url, self._autocommit) if self.postgresql else Poller(self._autocommit)
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
            return [row_event(row) for row in read_rows(connection, code, after)]

    def applied(self, code: str, request_id: str, actor: str | None = None) -> list[Event] | None:
        """The events this request id wrote at this table, or None when it has not been applied.

        `actor`: what `append` was given with it (who asked for what); when the request id was applied with
        another, it is not this request's to repeat: Rejected (`request_id_reused`), and nothing is read.
        """
        check_request_id(request_id)
        query = sa.select(requests_t.c.first_seq, requests_t.c.last_seq, requests_t.c.actor).where(
            requests_t.c.code == code, requests_t.c.request_id == request_id
        )
        with self._autocommit.connect() as connection:
            span = connection.execute(query).first()
            if span is None:
                return None
            if actor is not None and span.actor != actor:
                raise Rejected(
                    "request_id_reused",
                    "This request_id was already used at this table for another request: "
                    "send each new request with a new request_id (a UUID), and repeat one only to retry it.",
                )
            rows = connection.execute(
                sa.select(events_t.c.seq, events_t.c.type, events_t.c.at, events_t.c.by, events_t.c.data)
                .where(events_t.c.code == code, events_t.c.seq.between(span.first_seq, span.last_seq))
                .order_by(events_t.c.seq)
            )
            return [row_event(row) for row in rows]

    def heard(self, code: str, after: int) -> list[Event] | None:
        """The table's events after `after` as this process's notifier heard them, with no query; None when it
        cannot tell (no stream follows the table here, or it heard of events it has not read).

        Not proof: an event written elsewhere in the last moments may not have reached it yet (tables/notify.py).
        """
        notifier = self._notifier
        rows = None if notifier is None else notifier.heard(code, after)
        return None if rows is None else [row_event(row) for row in rows]

    def token(self, code: str, token_hash: str) -> int | None:
        """The seat this token hash acts for (0: the host), or None."""
        with self._autocommit.connect() as connection:
            return _token_seat(connection, code, token_hash)

    def last_seq(self, code: str) -> int:
        """The table's newest seq; 0 when it has no events (no such table)."""
        with self._autocommit.connect() as connection:
            return connection.execute(_LAST_SEQ, {"code": code}).scalar() or 0

    # --- writes ------------------------------------------------------------------------

    def create_table(self, code: str, game: str, host_token_hash: str, first_event: Event) -> bool:
        """A new table with its first event and the host's token; False when the code is taken."""
        try:
            with self._transaction() as connection:
                connection.execute(
                    tables_t.insert().values(
                        code=code, game=game, created_at=first_event.at, last_active=first_event.at
                    )
                )
                connection.execute(events_t.insert(), [event_row(code, first_event)])
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
        if not events:
            return []
        if request_id is not None:
            check_request_id(request_id)
        rows = [event_row(code, event) for event in events]
        tokens = tuple(tokens)
        try:
            if self.postgresql:
                self._append_postgresql(code, rows, request_id, actor, tokens, proof)
            else:
                self._append_sqlite(code, rows, request_id, actor, tokens, proof)
        except IntegrityError:
            return None
        if self._notifier is not None:  # hand the rows to this process's followers now: no poll, no read
            self._notifier.appended(code, [StoredRow(**row) for row in rows])
        return events

    def _append_sqlite(self, code: str, rows: list[dict], request_id, actor, tokens, proof) -> None:
        """The append on SQLite: queued and written with the others of this process's write turn
        (tables/sqlite_writes.py)."""
        self._appends.append(code, rows, request_id, actor, tokens, proof)

    def _append_postgresql(self, code: str, rows: list[dict], request_id, actor, tokens, proof) -> None:
        """The same append on PostgreSQL, as ONE statement (its own transaction): the same writes, guarded by the
        same proof, and the notification riding on the touch, in one round trip to the database instead of one per
        statement (`_postgresql_append`)."""
        values = {
            "table_code": code,
            "request_id": request_id,
            "actor": actor,
            "first_seq": rows[0]["seq"],
            "last_seq": rows[-1]["seq"],
            "seat": None if proof is None else proof[0],
            "token_hash": None if proof is None else proof[1],
            "touched_at": max(row["at"] for row in rows),
            "channel": NOTIFY_CHANNEL,
            "payload": notify_payload(code, rows),
        }
        for i, row in enumerate(rows):
            values.update({f"{name}{i}": row[name] for name in ("seq", "type", "at", "by", "data")})
        for i, (seat, token_hash) in enumerate(tokens):
            values.update({f"token_seat{i}": seat, f"token_hash{i}": token_hash})
        statement = _postgresql_append_text(self._engine.dialect, len(rows), len(tokens))
        if self._driver_one(statement, values) != len(rows):
            raise Forbidden(UNKNOWN_TOKEN)  # the proof failed: nothing was written

    def _driver_one(self, statement: str, values: dict):
        """PostgreSQL: one statement, its own transaction (autocommit), on a pooled connection's driver; the first
        column of its one row. SQLAlchemy's execution around the append cost as much CPU as the driver's own work
        (bench/HISTORY.md), so the append runs as SQLite's do (tables/sqlite_writes.py), compiled once.

        Its errors come out as SQLAlchemy raises them. A lost connection is dropped with every other one the pool
        holds, as SQLAlchemy drops them when one of its statements finds the server gone; one that cannot be put
        back out of autocommit is dropped, never lent to a transaction."""
        dialect = self._engine.dialect
        driver_error = dialect.loaded_dbapi.Error
        pooled = self._engine.raw_connection()
        connection = pooled.dbapi_connection
        try:
            connection.autocommit = True
            with contextlib.closing(connection.cursor()) as cursor:
                cursor.execute(statement, values)
                answer = cursor.fetchone()[0]
        except BaseException as error:
            lost = isinstance(error, driver_error) and dialect.is_disconnect(error, connection, None)
            if lost:
                pooled.invalidate(error)
                self._engine.dispose()
            else:
                _leave_autocommit(pooled, error)
            if isinstance(error, driver_error):
                raise sa.exc.DBAPIError.instance(
                    statement, values, error, driver_error, connection_invalidated=lost, dialect=dialect
                ) from error
            raise
        else:
            _leave_autocommit(pooled, None)
            return answer
        finally:
            pooled.close()

    def set_token(self, code: str, seat: int, token_hash: str) -> None:
        """Give `seat` (0: the host) a new token, replacing its old one (a retried join's answer was lost)."""
        with self._transaction() as connection:
            _set_token(connection, code, seat, token_hash)

    def delete(self, code: str, proof: tuple[int, str] | None = None, seq: int | None = None) -> bool:
        """Delete the table with its events, request ids and tokens; whether it did. In the one statement, as an
        append checks them: `proof` (seat, token hash), the token still acts for that seat; `seq`, no event came
        after the state the delete was judged on."""
        where = [tables_t.c.code == code]
        if proof is not None:
            held = (tokens_t.c.code == code, tokens_t.c.seat == proof[0], tokens_t.c.token_hash == proof[1])
            where.append(sa.exists().where(*held))
        if seq is not None:
            newest = sa.select(sa.func.coalesce(sa.func.max(events_t.c.seq), 0)).where(events_t.c.code == code)
            where.append(newest.scalar_subquery() == seq)
        with self._transaction() as connection:
            return connection.execute(tables_t.delete().where(*where)).rowcount > 0

    def expire(self, before_iso: str) -> int:
        """Delete every table whose last event is older than `before_iso`; how many went.

        In transactions of at most EXPIRE_BATCH tables, so other writers wait for one batch at most, never for
        the whole sweep; on SQLite each batch also gives its freed pages back (the file shrinks).
        """
        due = sa.select(tables_t.c.code).where(tables_t.c.last_active < before_iso).limit(EXPIRE_BATCH)
        gone = 0
        while True:
            with self._transaction() as connection:
                deleted = connection.execute(tables_t.delete().where(tables_t.c.code.in_(due.scalar_subquery())))
                if not self.postgresql:
                    _give_back_free_pages(connection)
            gone += deleted.rowcount
            if deleted.rowcount < EXPIRE_BATCH:
                return gone

    # --- waiting -----------------------------------------------------------------------

    def wait(self, code: str, after: int, timeout: float) -> bool:
        """Block until the table has an event after `after`, or `timeout` seconds pass; True if it has."""
        return self.notifier.wait(code, after, timeout)

    def follow(self, code: str):
        """A `Follower` of the table (tables/notify.py): `next(after, timeout)` waits for and hands out new events."""
        return self.notifier.follow(code)


def _leave_autocommit(pooled, error: BaseException | None) -> None:
    """Put a pooled PostgreSQL connection back out of autocommit, as the pool lends it to transactions; one that
    will not go is dropped (`error`: what the statement raised, if it failed)."""
    try:
        pooled.dbapi_connection.autocommit = False
    except Exception as failed:
        pooled.invalidate(error or failed)


def _give_back_free_pages(connection) -> None:
    """SQLite: return the file's free pages to the file system. Python's driver steps a PRAGMA once, and each
    step of `incremental_vacuum` frees one page: so one statement per free page."""
    cursor = connection.connection.cursor()
    try:
        for _ in range(cursor.execute("PRAGMA freelist_count").fetchone()[0]):
            cursor.execute("PRAGMA incremental_vacuum")
    finally:
        cursor.close()


def _token_seat(connection, code: str, token_hash: str) -> int | None:
    return connection.execute(SEAT_OF_TOKEN, {"code": code, "token_hash": token_hash}).scalar()


# The reads every request makes, built once: a statement built per call is a new construct to key for
# SQLAlchemy's compiled cache each time, a constant one is keyed once.
_LAST_SEQ = sa.select(sa.func.max(events_t.c.seq)).where(events_t.c.code == sa.bindparam("code", type_=sa.String))


def _set_token(connection, code: str, seat: int, token_hash: str) -> None:
    """Give `seat` (0: the host) a token, in place of the one it had."""
    connection.execute(tokens_t.delete().where(tokens_t.c.code == code, tokens_t.c.seat == seat))
    connection.execute(tokens_t.insert().values(code=code, seat=seat, token_hash=token_hash))


@functools.lru_cache(maxsize=32)
def _postgresql_append_text(dialect, count: int, token_count: int) -> str:
    """`_postgresql_append` as `dialect`'s driver takes it (named parameters), compiled once per shape."""
    return str(_postgresql_append(count, token_count).compile(dialect=dialect))


@functools.lru_cache(maxsize=32)
def _postgresql_append(count: int, token_count: int) -> sa.Select:
    """PostgreSQL: the append of `count` events and `token_count` seat tokens as one statement, in SQLAlchemy
    Core over the same tables as SQLite's statements (tables/schema.py), so a column changes in one place.

    Each write runs only where the proof holds (no proof asked, or the token still acts for its seat): the
    events, the request id (when there is one), the tokens (a seat's new token in place of its old one) and the
    touch, whose RETURNING sends the notification on commit. Every write is a data-modifying CTE, all of them
    named in the final SELECT (a CTE no one names is not rendered). A seq or request id already taken fails
    the statement whole, as it fails the transaction on SQLite. No parameter is named as a column of the updated
    table (`table_code`, `touched_at`): Core would read such a name as one more column to SET. The answer is how many events, request ids,
    tokens and tables it wrote or touched.
    """
    code = sa.bindparam("table_code", type_=sa.String)
    seat = sa.bindparam("seat", type_=sa.Integer)
    request_id = sa.bindparam("request_id", type_=sa.String)
    token_holds = sa.exists().where(
        tokens_t.c.code == code, tokens_t.c.seat == seat, tokens_t.c.token_hash == sa.bindparam("token_hash")
    )
    proof = sa.select(sa.literal_column("1").label("held")).where(sa.or_(seat.is_(None), token_holds)).cte("proof")
    proved = sa.exists(sa.select(proof.c.held))
    events = sa.union_all(
        *(
            sa.select(
                *(sa.bindparam(f"{column.name}{i}", type_=column.type).label(column.name) for column in EVENT_COLUMNS)
            )
            for i in range(count)
        )
    ).subquery("e")
    written = (
        events_t.insert()
        .from_select(["code", *(c.name for c in EVENT_COLUMNS)], sa.select(code, *events.c).where(proved))
        .returning(sa.literal_column("1"))
        .cte("written")
    )
    requested = (
        requests_t.insert()
        .from_select(
            ["code", "request_id", "first_seq", "last_seq", "actor"],
            sa.select(
                code,
                request_id,
                sa.bindparam("first_seq", type_=sa.Integer),
                sa.bindparam("last_seq", type_=sa.Integer),
                sa.bindparam("actor", type_=sa.String),
            ).where(request_id.is_not(None), proved),
        )
        .returning(sa.literal_column("1"))
        .cte("requested")
    )
    touched = (
        tables_t.update()
        .where(tables_t.c.code == code, proved)
        .values(last_active=sa.bindparam("touched_at", type_=sa.String))
        .returning(
            sa.func.pg_notify(sa.bindparam("channel", type_=sa.String), sa.bindparam("payload", type_=sa.String))
        )
        .cte("touched")
    )
    counts = [sa.select(sa.func.count()).select_from(cte).scalar_subquery() for cte in (written, requested, touched)]
    if token_count:
        pairs = sa.union_all(
            *(
                sa.select(
                    sa.bindparam(f"token_seat{i}", type_=sa.Integer).label("seat"),
                    sa.bindparam(f"token_hash{i}", type_=sa.String).label("token_hash"),
                )
                for i in range(token_count)
            )
        ).subquery("t")
        insert = postgresql.insert(tokens_t).from_select(
            ["code", "seat", "token_hash"], sa.select(code, pairs.c.seat, pairs.c.token_hash).where(proved)
        )
        tokened = (
            insert.on_conflict_do_update(
                index_elements=[tokens_t.c.code, tokens_t.c.seat], set_={"token_hash": insert.excluded.token_hash}
            )
            .returning(sa.literal_column("1"))
            .cte("tokened")
        )
        counts.append(sa.select(sa.func.count()).select_from(tokened).scalar_subquery())
    return sa.select(*counts)


EVENT_COLUMNS = tuple(events_t.c[name] for name in ("seq", "type", "at", "by", "data"))
