"""SQLite's writes: the writers' turns (`WriteGate`) and a process's appends, several to a turn (`Appends`).

SQLite has one write lock per file, so its writers take turns: the threads of a process on a lock of their own, the
processes on a `flock` beside the file (`WriteGate`). A turn is the scarce thing: while one writer holds it every
other waits, and a turn lasts longer than its statements, as its thread also waits for the interpreter and for a
core between them. So a process's appends queue, and one thread at a time, the leader, waits for the turn and writes
the first appends queued by then in one transaction (`Appends`): under load a turn serves several appends, not one.
Each append in it is still whole or not at all (a savepoint each), loses a race or a proof on its own, and is
acknowledged only once the transaction committed.

The statements are SQLAlchemy Core's over tables/schema.py's tables, compiled once for SQLite's driver and run on
its cursor: no SQLAlchemy runs between them while the turn is held.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import sqlite3
import threading
from collections.abc import Iterator

import sqlalchemy as sa
from sqlalchemy.dialects import sqlite as sqlite_dialect
from sqlalchemy.engine import Engine

from .events import UNKNOWN_TOKEN, Forbidden
from .schema import SEAT_OF_TOKEN, events_t, requests_t, tables_t, tokens_t

__all__ = ["APPENDS_PER_TURN", "Appends", "WriteGate"]

# Appends a turn writes at most, the first queued first. More per turn shortens the claims' wait for the turn, but
# wakes more threads at once when it commits, each then answering its claim, and every other request of the worker
# (health, a table's state) waits behind them; bench/HISTORY.md has the measured trade-off.
APPENDS_PER_TURN = 2


class WriteGate:
    """SQLite's writers take turns here, not in SQLite's busy handler: one writer at a time per database file.

    A writer that finds SQLite's lock taken is put to sleep by SQLite's busy
    handler in growing steps (1, 2, 5, 10 ... 100 ms) and retries, however
    soon the lock was freed: under the bench's claims (two workers, dozens of
    writing threads each) the workers sat idle while the writes queued. Here a
    writer first takes a lock of this process (threads wait on it and wake the
    moment it is free: `process_turn`), then an exclusive `flock` on a file
    beside the database (the other processes' writers wait in the kernel,
    woken the same way: `file_turn`), and only then begins its transaction,
    which finds SQLite's lock free. `with gate:` takes both. Readers never
    pass here (WAL: they do not block the writer). A database in memory (no
    file) needs only the process's lock. Per process: after a fork the child
    opens its own file (`Store._forked`), as an inherited one would share the
    parent's `flock`.
    """

    def __init__(self, database: str | None):
        self._threads = threading.Lock()
        self._path = f"{database}.writer-lock" if database and database != ":memory:" else None
        self._fd: int | None = None

    @property
    def on_file(self) -> bool:
        """Whether the database is a file, which other processes may write too (else it is this process's alone)."""
        return self._path is not None

    def __enter__(self) -> None:
        self._threads.acquire()
        try:
            self._take_file()
        except BaseException:
            self._threads.release()
            raise

    def __exit__(self, *exc) -> None:
        try:
            self._leave_file()
        finally:
            self._threads.release()

    @contextlib.contextmanager
    def process_turn(self) -> Iterator[None]:
        """This process's turn alone: a writer that finds its work done by the time its turn comes needs no more."""
        with self._threads:
            yield

    @contextlib.contextmanager
    def file_turn(self) -> Iterator[None]:
        """The other processes' turn taken too (the `flock`), by a writer holding its process's turn."""
        self._take_file()
        try:
            yield
        finally:
            self._leave_file()

    def _take_file(self) -> None:
        if self._path is None:
            return
        if self._fd is None:
            self._fd = os.open(self._path, os.O_RDWR | os.O_CREAT, 0o600)
        fcntl.flock(self._fd, fcntl.LOCK_EX)

    def _leave_file(self) -> None:
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)


class _Append:
    """An append waiting for its process's write turn: what it writes, and how it went (`done`, `error`); `woken`
    is set when it is written, or when its thread is to lead the next turn."""

    __slots__ = ("actor", "code", "done", "error", "proof", "request_id", "rows", "tokens", "woken")

    def __init__(self, code: str, rows: list[dict], request_id: str | None, actor: str, tokens: tuple, proof):
        self.code, self.rows, self.request_id, self.actor = code, rows, request_id, actor
        self.tokens, self.proof = tokens, proof
        self.done = False
        self.error: BaseException | None = None
        self.woken = threading.Event()


class Appends:
    """One process's appends to an SQLite database (`Store.append` on SQLite): each queued, and written with the
    others queued meanwhile by one thread, the turn's leader.

    One thread at a time leads: it waits for the write turn, takes the first `APPENDS_PER_TURN` appends queued by
    then, writes them and wakes their threads; if more are queued, it hands the lead to the first of them and
    returns. The others wait on their own append, not on the turn's lock: woken together when it is written, they
    do not have to run one after another (each taking and giving back the lock) before the next can. The leader's
    own append is always the first it takes: it was queued first, or it was handed the lead as the first queued."""

    def __init__(self, engine: Engine, gate: WriteGate):
        self._engine = engine
        self._gate = gate
        self._queue: list[_Append] = []
        self._queue_lock = threading.Lock()
        self._leading = False  # a thread leads: it (or the one it hands the lead to) will write what is queued

    def append(self, code: str, rows: list[dict], request_id, actor: str, tokens: tuple, proof) -> None:
        """Write one append (see `Store.append`), with others this process's threads queued meanwhile;
        return once it is committed, or raise what stopped it (SQLAlchemy's IntegrityError for a lost race,
        Forbidden for a refused proof). A database in memory is each thread's own: its appends are written alone."""
        append = _Append(code, rows, request_id, actor, tokens, proof)
        if not self._gate.on_file:
            with self._gate:
                self._write([append])
        else:
            with self._queue_lock:
                self._queue.append(append)
                lead = not self._leading
                self._leading = True
            if not lead:
                append.woken.wait()  # written, or handed the lead
            if not append.done:
                self._lead()
        if append.error is not None:
            raise append.error

    def _lead(self) -> None:
        """Write the first appends queued once the turn comes, wake their threads, and hand the lead on if more wait."""
        batch: list[_Append] = []
        try:
            with self._gate.process_turn():
                with self._queue_lock:
                    batch, self._queue = self._queue[:APPENDS_PER_TURN], self._queue[APPENDS_PER_TURN:]
                with self._gate.file_turn():
                    self._write(batch)
        except BaseException as error:  # a turn that could not be taken: nothing of the batch was written
            _failed(batch, error)
            if not isinstance(error, Exception):
                raise
        finally:
            for append in batch:
                append.woken.set()
            with self._queue_lock:
                if self._queue:
                    self._queue[0].woken.set()  # not done: its thread leads the next turn
                else:
                    self._leading = False

    def _write(self, batch: list[_Append]) -> None:
        """Write `batch` in one transaction, each append whole or not at all (a savepoint each when there are
        several), and note on each how it went: `done` once the transaction committed, or with the error that
        stopped it. A lost race or a refused proof stops only its own append; anything else, every one."""
        several = len(batch) > 1
        try:
            # The driver's own connection, from the engine's pool (closing it gives it back), and its cursor.
            with contextlib.closing(self._engine.raw_connection()) as connection:
                with contextlib.closing(connection.cursor()) as cursor:
                    cursor.execute("BEGIN IMMEDIATE")
                    try:
                        for append in batch:
                            _write_one(cursor, append, several)
                        cursor.execute("COMMIT")
                    except BaseException:
                        cursor.execute("ROLLBACK")
                        raise
        except BaseException as error:
            _failed(batch, error)
            if not isinstance(error, Exception):
                raise
            return
        for append in batch:
            append.done = True


def _write_one(cursor, append: _Append, several: bool) -> None:
    """One append of a transaction; of `several`, under a savepoint of its own, so that a lost race or a refused
    proof undoes it alone and is noted on it (alone, it stops the transaction)."""
    if not several:
        _write_append(cursor, append)
        return
    cursor.execute("SAVEPOINT append")
    try:
        _write_append(cursor, append)
    except (sqlite3.IntegrityError, Forbidden) as error:
        cursor.execute("ROLLBACK TO append")
        append.error = _as_sqlalchemy(error)
    cursor.execute("RELEASE append")


def _failed(batch: list[_Append], error: BaseException) -> None:
    """Nothing of `batch` was written: each append not already stopped by an error of its own gets `error`."""
    for append in batch:
        if append.error is None:
            append.error = _as_sqlalchemy(error)
        append.done = True


def _as_sqlalchemy(error: BaseException) -> BaseException:
    """A driver's error as SQLAlchemy raises it (what `Store.append`, the service and app/errors.py catch); any
    other as it is."""
    if isinstance(error, sqlite3.Error):
        return sa.exc.DBAPIError.instance(None, None, error, sqlite3.Error)
    return error


_SQLITE = sqlite_dialect.dialect(paramstyle="named")


def _sqlite(statement) -> str:
    """A Core statement as SQLite's driver takes it, with named parameters."""
    return str(statement.compile(dialect=_SQLITE))


_INSERT_EVENT = _sqlite(events_t.insert())
_INSERT_REQUEST = _sqlite(requests_t.insert())
# The request id, written only while the token (seat, hash) still acts for that seat: the proof check and the
# insert in one statement; no row inserted means the token no longer holds.
_INSERT_REQUEST_IF_TOKEN = _sqlite(
    requests_t.insert().from_select(
        ["code", "request_id", "first_seq", "last_seq", "actor"],
        sa.select(*(sa.bindparam(name) for name in ("code", "request_id", "first_seq", "last_seq", "actor"))).where(
            sa.exists().where(
                tokens_t.c.code == sa.bindparam("code"),
                tokens_t.c.token_hash == sa.bindparam("token_hash"),
                tokens_t.c.seat == sa.bindparam("seat"),
            )
        ),
    )
)
_SEAT_OF_TOKEN = _sqlite(SEAT_OF_TOKEN)
_DROP_TOKEN = _sqlite(
    tokens_t.delete().where(tokens_t.c.code == sa.bindparam("code"), tokens_t.c.seat == sa.bindparam("seat"))
)
_INSERT_TOKEN = _sqlite(tokens_t.insert())
_TOUCH = _sqlite(
    tables_t.update().where(tables_t.c.code == sa.bindparam("code")).values(last_active=sa.bindparam("at"))
)


def _write_append(cursor, append: _Append) -> None:
    """One append's statements: the events (first: a lost race fails here, before anything else), the request
    id (while the proof holds), the seats' new tokens (each in place of its old one), the table's last activity."""
    code, rows, proof = append.code, append.rows, append.proof
    cursor.executemany(_INSERT_EVENT, rows)
    if append.request_id is not None:
        request = {"code": code, "request_id": append.request_id, "actor": append.actor}
        request |= {"first_seq": rows[0]["seq"], "last_seq": rows[-1]["seq"]}
        if proof is None:
            cursor.execute(_INSERT_REQUEST, request)
        elif (
            cursor.execute(_INSERT_REQUEST_IF_TOKEN, {**request, "seat": proof[0], "token_hash": proof[1]}).rowcount
            != 1
        ):
            raise Forbidden(UNKNOWN_TOKEN)
    elif proof is not None:
        found = cursor.execute(_SEAT_OF_TOKEN, {"code": code, "token_hash": proof[1]}).fetchone()
        if found is None or found[0] != proof[0]:
            raise Forbidden(UNKNOWN_TOKEN)
    for seat, token_hash in append.tokens:
        cursor.execute(_DROP_TOKEN, {"code": code, "seat": seat})
        cursor.execute(_INSERT_TOKEN, {"code": code, "seat": seat, "token_hash": token_hash})
    cursor.execute(_TOUCH, {"code": code, "at": max(row["at"] for row in rows)})
