"""The live-tables store (tables/store.py, tables/notify.py), every test on SQLite and on PostgreSQL.

`database_url` (tests/conftest.py) is a fresh empty database of each kind; the
PostgreSQL one lives in a throw-away cluster started once per session.
"""

from __future__ import annotations

import functools
import multiprocessing
import sqlite3
import threading
import time

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import event as sa_event
from tables_helpers import race

import tables.state
import tables.store
from tables.events import Event, Forbidden, Refused, Rejected
from tables.service import Tables
from tables.store import Store, metadata

CODE = "ABCDEF"


def ev(seq: int, type: str = "note", at: str | None = None, by: int | None = 1, **data) -> Event:
    return Event(seq, type, at or f"2026-11-30T18:00:{seq:02d}.000Z", by, data)


@pytest.fixture
def stores():
    """Store(url), closed at the end of the test (their notifier threads stopped) even when it fails."""
    made = []

    def make(url: str) -> Store:
        made.append(Store(url))
        return made[-1]

    yield make
    for store in made:
        store.close()


@pytest.fixture
def store(database_url, stores):
    return stores(database_url)


@pytest.fixture
def table(store):
    """A table with its first event and the host's token 'host-hash'."""
    assert store.create_table(CODE, "wordsmith", "host-hash", ev(1, "table_created", by=0, game="wordsmith"))
    return store


def rows(store: Store, name: str) -> int:
    with store._engine.connect() as connection:
        return connection.execute(sa.select(sa.func.count()).select_from(sa.table(name))).scalar()


def counts(store: Store) -> tuple[int, int, int, int]:
    """Rows of (tables, events, requests, tokens)."""
    return tuple(rows(store, name) for name in ("tables", "events", "requests", "tokens"))


# --- the schema --------------------------------------------------------------------------------


def test_migrations_build_the_schema_the_queries_use_from_an_empty_database(database_url):
    engine = sa.create_engine(database_url)
    assert sa.inspect(engine).get_table_names() == []
    Store(database_url).close()
    assert set(sa.inspect(engine).get_table_names()) == {"alembic_version", "tables", "events", "requests", "tokens"}
    with engine.connect() as connection:
        assert connection.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == "0001"
        # The Core tables in store.py and the migrations agree: nothing for autogenerate to add, drop or alter.
        assert compare_metadata(MigrationContext.configure(connection), metadata) == []
    Store(database_url).close()  # a second start finds the schema current and changes nothing
    engine.dispose()


def start_store(url: str, start: multiprocessing.Barrier) -> None:
    start.wait()
    Store(url).close()  # raises, and the process exits 1, if its migration collided with another's


def test_workers_starting_at_once_on_a_new_database_migrate_it_once(database_url):
    fork = multiprocessing.get_context("fork")
    start = fork.Barrier(4)
    workers = [fork.Process(target=start_store, args=(database_url, start)) for _ in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
    assert [worker.exitcode for worker in workers] == [0, 0, 0, 0]


def test_the_default_is_sqlite_in_the_instance_folder_in_wal_mode(tmp_path):
    store = Store(None, instance_path=tmp_path / "instance")
    assert (tmp_path / "instance" / "tables.sqlite3").is_file()
    with store._engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() > 0
    store.close()


# --- writing and reading -----------------------------------------------------------------------


def test_a_table_is_created_once_per_code(table):
    assert not table.create_table(CODE, "booksmack", "other-hash", ev(1, "table_created", by=0, game="booksmack"))
    assert table.events(CODE) == [ev(1, "table_created", by=0, game="wordsmith")]
    assert table.token(CODE, "host-hash") == 0
    assert table.token(CODE, "other-hash") is None


def test_events_come_back_in_order_after_a_seq(table):
    written = [ev(2, word="cast", pool=["red", "blue"]), ev(3, by=None), ev(4, "claim", word="naïve")]
    assert table.append(CODE, written, request_id=None, actor="seat:1") == written
    assert [e.seq for e in table.events(CODE)] == [1, 2, 3, 4]
    assert table.events(CODE, after=2) == written[1:]
    assert table.events(CODE, after=4) == []
    assert table.last_seq(CODE) == 4
    assert table.events("ZZZZZZ") == [] and table.last_seq("ZZZZZZ") == 0


def test_a_taken_seq_loses_and_writes_nothing(table):
    assert table.append(CODE, [ev(2, word="first")], request_id="a", actor="seat:1")
    assert table.append(CODE, [ev(2, word="second")], request_id="b", actor="seat:2", tokens=[(2, "t2")]) is None
    assert table.events(CODE, after=1) == [ev(2, word="first")]
    assert table.applied(CODE, "b") is None
    assert table.token(CODE, "t2") is None


def test_a_half_conflicting_append_leaves_nothing(table):
    """The first event would fit and the second collides: the transaction writes neither."""
    table.append(CODE, [ev(2)], request_id=None, actor="seat:1")
    assert table.append(CODE, [ev(3, word="fits"), ev(2, word="collides")], request_id="c", actor="seat:1") is None
    assert table.last_seq(CODE) == 2
    assert table.applied(CODE, "c") is None


def test_a_request_id_is_applied_once(table):
    made = [ev(2, word="cast"), ev(3, "objection_window")]
    assert table.append(CODE, made, request_id="r-1", actor="seat:1") == made
    assert table.applied(CODE, "r-1") == made
    # A retry that slipped past `applied` (it raced itself): the request id's key refuses it, events and all.
    assert table.append(CODE, [ev(4, word="cast")], request_id="r-1", actor="seat:1") is None
    assert table.last_seq(CODE) == 3
    assert table.applied(CODE, "r-2") is None
    assert table.applied("ZZZZZZ", "r-1") is None  # request ids are per table


@pytest.mark.parametrize("request_id", ["", "x" * 65, 7])
def test_a_bad_request_id_is_refused_naming_the_field(table, request_id):
    with pytest.raises(Refused) as refused:
        table.append(CODE, [ev(2)], request_id=request_id, actor="seat:1")
    assert refused.value.path == ("request_id",)
    assert table.last_seq(CODE) == 1


def test_a_request_id_takes_64_characters_as_the_api_says(table):
    longest = "x" * 64
    assert table.append(CODE, [ev(2)], request_id=longest, actor="seat:1") == [ev(2)]
    assert table.applied(CODE, longest) == [ev(2)]


def test_a_seats_new_token_replaces_its_old_one(table):
    table.append(CODE, [ev(2, "seat_joined", seat=1)], request_id=None, actor="seat:1", tokens=[(1, "one-a")])
    table.append(CODE, [ev(3, "seat_joined", by=2, seat=2)], request_id=None, actor="seat:2", tokens=[(2, "two")])
    assert table.token(CODE, "one-a") == 1
    table.append(CODE, [ev(4, "seat_joined", seat=1)], request_id=None, actor="seat:1", tokens=[(1, "one-b")])
    assert table.token(CODE, "one-a") is None
    assert table.token(CODE, "one-b") == 1
    assert table.token(CODE, "two") == 2
    assert table.token(CODE, "host-hash") == 0
    assert table.token("ZZZZZZ", "two") is None  # a token acts at its own table only


def test_an_append_of_several_events_is_one_insert_all_or_nothing(table):
    """Several events go in as one INSERT: one taken seq among them and none is written."""
    assert table.append(CODE, [ev(2, word="a"), ev(3, word="b")], request_id="r-1", actor="seat:1")
    assert table.append(CODE, [ev(4, by=None), ev(3, word="c")], request_id="r-2", actor="seat:1") is None
    assert [(e.seq, e.data) for e in table.events(CODE, 1)] == [(2, {"word": "a"}), (3, {"word": "b"})]
    assert table.applied(CODE, "r-2") is None
    assert table.append(CODE, [ev(4, by=None), ev(5), ev(6, word="d")], request_id="r-2", actor="seat:1")
    assert [e.seq for e in table.applied(CODE, "r-2")] == [4, 5, 6] and table.events(CODE, 3)[0].by is None


@pytest.mark.parametrize("request_id", ["r-1", None])
def test_an_append_with_a_proof_writes_only_while_the_token_acts_for_that_seat(table, request_id):
    """`proof` (seat, token hash): checked in the append's own transaction, with or without a request id."""
    from tables.events import Forbidden

    table.append(CODE, [ev(2, "seat_joined", seat=1)], request_id=None, actor="seat:1", tokens=[(1, "one")])
    for proof in [(2, "one"), (1, "gone"), (0, "one")]:  # another seat's, a replaced token, the host's seat
        with pytest.raises(Forbidden):
            table.append(CODE, [ev(3, word="cast")], request_id=request_id, actor="seat:1", proof=proof)
        assert table.last_seq(CODE) == 2
        assert request_id is None or table.applied(CODE, request_id) is None  # nothing of it written
    assert table.append(CODE, [ev(3, word="cast")], request_id=request_id, actor="seat:1", proof=(1, "one"))
    assert table.last_seq(CODE) == 3
    assert request_id is None or table.applied(CODE, request_id) == [ev(3, word="cast")]


def test_delete_and_expire_take_everything_of_a_table(table):
    table.append(CODE, [ev(2, at="2026-11-30T18:05:00.000Z")], request_id="r", actor="seat:1", tokens=[(1, "one")])
    assert table.create_table("BCDEFG", "wordsmith", "h2", ev(1, "table_created", at="2026-11-30T19:00:00.000Z"))
    assert table.create_table("CDEFGH", "wordsmith", "h3", ev(1, "table_created", at="2026-11-30T19:00:00.000Z"))
    assert counts(table) == (3, 4, 1, 4)

    # ABCDEF's last event was at 18:05: idle since before 18:05:00.001, not since before 18:05:00.000
    assert table.expire("2026-11-30T18:05:00.000Z") == 0
    assert table.expire("2026-11-30T18:05:00.001Z") == 1
    assert table.events(CODE) == [] and table.token(CODE, "one") is None and table.applied(CODE, "r") is None
    assert counts(table) == (2, 2, 0, 2)

    table.delete("BCDEFG")
    assert table.events("BCDEFG") == [] and table.token("BCDEFG", "h2") is None
    assert table.events("CDEFGH") != [] and table.token("CDEFGH", "h3") == 0
    assert counts(table) == (1, 1, 0, 1)


def test_expiry_deletes_in_batches_and_gives_the_space_back(store, monkeypatch):
    """Each batch is a transaction of its own (other writers wait for one batch at most); the SQLite file shrinks."""
    monkeypatch.setattr(tables.store, "EXPIRE_BATCH", 40)
    old, new = "2026-11-01T00:00:00.000Z", "2026-11-30T00:00:00.000Z"
    codes = [f"{a}{b}AAAA" for a in "BCDEFGHJ" for b in "BCDEFGHJKMN"]  # 88 codes
    for code in codes:
        assert store.create_table(code, "wordsmith", f"h-{code}", ev(1, "table_created", at=old, text="x" * 2000))
    assert store.create_table("ZZZZZZ", "wordsmith", "h-new", ev(1, "table_created", at=new))
    sqlite_file = None if store.postgresql else store.url.database
    pages_before = pages(sqlite_file) if sqlite_file else None
    commits = []
    sa_event.listen(store._engine, "commit", lambda connection: commits.append(1))
    assert store.expire("2026-11-15T00:00:00.000Z") == len(codes)
    assert len(commits) >= 3  # 40 + 40 + 8: three transactions, not one
    assert all(store.events(code) == [] for code in codes) and store.events("ZZZZZZ") != []
    if sqlite_file:
        assert pages(sqlite_file) < pages_before / 2  # the file's size in pages, the free ones given back


def pages(sqlite_file: str) -> int:
    """A SQLite file's size in pages; none of them free (expiry gives free pages back to the file system)."""
    with sqlite3.connect(sqlite_file) as connection:
        assert connection.execute("PRAGMA freelist_count").fetchone()[0] == 0
        return connection.execute("PRAGMA page_count").fetchone()[0]


def test_a_delete_with_a_proof_deletes_only_while_its_token_acts_and_nothing_came_after(table):
    """As an append checks its actor: a delete for a token that no longer acts for its seat, or judged on a table
    that has moved since, deletes nothing; the same delete with both true deletes the table."""
    table.append(CODE, [ev(2, "seat_joined", seat=1)], request_id=None, actor="anyone", tokens=[(1, "one")])
    assert not table.delete(CODE, proof=(0, "one"), seq=2)  # "one" is seat 1's token, not the host's
    assert not table.delete(CODE, proof=(0, "host-hash"), seq=1)  # judged on seq 1: seq 2 came since
    assert table.events(CODE) != [] and table.token(CODE, "host-hash") == 0
    assert table.delete(CODE, proof=(0, "host-hash"), seq=2)
    assert table.events(CODE) == [] and table.token(CODE, "host-hash") is None
    assert not table.delete(CODE, proof=(0, "host-hash"), seq=2)  # nothing left to delete


def test_appending_to_a_deleted_table_writes_nothing(table):
    table.delete(CODE)
    assert table.append(CODE, [ev(2)], request_id="r", actor="seat:1") is None
    assert rows(table, "events") == 0 and rows(table, "requests") == 0


# --- the race ------------------------------------------------------------------------------------


def test_of_many_writers_at_the_same_seq_exactly_one_wins(database_url, stores):
    stores = [stores(database_url) for _ in range(2)]  # two "workers", four threads each
    assert stores[0].create_table(CODE, "wordsmith", "h", ev(1, "table_created"))
    writers = 8

    def write(i):
        return stores[i % 2].append(CODE, [ev(2, n=i), ev(3, n=i)], request_id=f"r{i}", actor=f"seat:{i}")

    results = race(*[functools.partial(write, i) for i in range(writers)])
    winners = [i for i, result in enumerate(results) if result is not None]
    assert len(winners) == 1
    (winner,) = winners
    assert stores[1].events(CODE, after=1) == [ev(2, n=winner), ev(3, n=winner)]
    assert rows(stores[0], "requests") == 1


class BareGame:
    """A game with no rules of its own: the race below goes through the generic `join` action only."""

    @staticmethod
    def initial(state):
        return None

    @staticmethod
    def seats_allowed(variants):
        return 1, 6, "any number"


@pytest.fixture
def service(store, monkeypatch):
    monkeypatch.setattr(tables.state, "_module", lambda game: BareGame)
    return Tables(store, {"standard": None})


@pytest.mark.parametrize("repeat", range(3))
def test_the_service_applies_a_raced_request_id_once(service, repeat):
    code = service.create("wordsmith", ["Ann", "Bob"]).code
    answers = race(*[lambda: service.join(code, 1, request_id="join-1")] * 2, catching=Rejected)
    assert [e.type for e in service.events(code)] == ["table_created", "seat_joined"]
    # The loser is the same join again: with no secret it cannot prove it is the first phone, and gets no token.
    refused = [a for a in answers if isinstance(a, Rejected)]
    assert len(refused) <= 1 and all(a.code == "join_unproved" for a in refused)


@pytest.mark.parametrize("repeat", range(3))
def test_the_service_writes_raced_requests_densely(service, repeat):
    code = service.create("wordsmith", ["Ann", "Bob"]).code
    tokens = race(
        lambda: service.join(code, 1, request_id="join-1"), lambda: service.join(code, 2, request_id="join-2")
    )
    events = service.events(code)
    assert [e.seq for e in events] == [1, 2, 3]
    assert sorted(e.data["seat"] for e in events[1:]) == [1, 2]
    assert [service.actor(code, token).seat for token in tokens] == [1, 2]
    assert service.state(code).seats[0].joined and service.state(code).seats[1].joined


# --- waiting ---------------------------------------------------------------------------------


def test_wait_answers_at_once_when_the_table_has_moved(table):
    started = time.monotonic()
    assert table.wait(CODE, 0, timeout=5)
    assert time.monotonic() - started < 2


def test_wait_times_out_when_nothing_happens(table):
    started = time.monotonic()
    assert not table.wait(CODE, 1, timeout=0.5)
    assert 0.5 <= time.monotonic() - started < 2.5
    assert not table.wait(CODE, 1, timeout=0)


def test_wait_wakes_on_an_append_through_another_store(database_url, stores):
    """Two Store objects on one database are two workers (or hosts): one's append wakes the other's waiters."""
    writer, reader = stores(database_url), stores(database_url)
    writer.create_table(CODE, "wordsmith", "h", ev(1, "table_created"))
    writer.create_table("BCDEFG", "wordsmith", "h", ev(1, "table_created"))
    outcomes: dict = {}

    def follow(code):
        started = time.monotonic()
        outcomes[code] = (reader.wait(code, 1, timeout=10), time.monotonic() - started)

    followers = [threading.Thread(target=follow, args=(code,)) for code in (CODE, CODE, "BCDEFG")]
    for thread in followers:
        thread.start()
    time.sleep(0.5)
    writer.append(CODE, [ev(2)], request_id=None, actor="seat:1")
    followers[0].join()
    followers[1].join()
    woke, waited = outcomes[CODE]
    assert woke and waited < 5  # woken, not timed out (within a poll of 0.1 s, or at once on PostgreSQL)
    assert followers[2].is_alive()  # the other table's follower sleeps on
    writer.append("BCDEFG", [ev(2)], request_id=None, actor="seat:1")
    followers[2].join()
    assert outcomes["BCDEFG"][0]


def append_in_child(store: Store, parent_engine: int) -> None:
    assert id(store._engine) != parent_engine  # the child made its own engine: no pooled connection crossed the fork
    assert store.append(CODE, [ev(2, word="forked")], request_id="child", actor="seat:1")


def test_a_forked_worker_uses_its_own_connections_and_its_writes_wake_the_parent(table):
    table.wait(CODE, 0, timeout=1)  # the parent's pool and notifier thread exist before the fork, as in gunicorn
    child = multiprocessing.get_context("fork").Process(target=append_in_child, args=(table, id(table._engine)))
    child.start()
    assert table.wait(CODE, 1, timeout=10)
    child.join(10)
    assert child.exitcode == 0
    assert table.applied(CODE, "child") == [ev(2, word="forked")]


def test_the_listener_reconnects_and_catches_up_on_what_it_missed(postgres_cluster, stores, caplog):
    """PostgreSQL: an append committed while the LISTEN connection is down still wakes the waiters."""
    url = postgres_cluster.new_database()
    writer, reader = stores(url), stores(url)
    writer.create_table(CODE, "wordsmith", "h", ev(1, "table_created"))
    assert not reader.wait(CODE, 1, timeout=0.5)  # the listener is up
    outcome = []
    follower = threading.Thread(target=lambda: outcome.append(reader.wait(CODE, 1, timeout=20)))
    follower.start()
    time.sleep(0.3)
    with writer._engine.begin() as connection:
        killed = connection.execute(
            sa.text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE query = 'LISTEN wordsmith_tables' AND pid <> pg_backend_pid()"
            )
        ).all()
    assert len(killed) == 1
    writer.append(CODE, [ev(2)], request_id=None, actor="seat:1")  # within the listener's 1 s pause: no one listens
    follower.join(25)
    assert outcome == [True]
    assert "reconnecting" in caplog.text


def test_a_pooled_connection_is_pinged_only_after_idling_and_replaced_when_cut(postgres_cluster, stores, monkeypatch):
    """PostgreSQL: no ping for a connection in steady use; one that idled and was cut is replaced, unseen."""
    import psycopg

    import tables.store

    store = stores(postgres_cluster.new_database())
    store.create_table(CODE, "wordsmith", "h", ev(1, "table_created"))
    pings = []
    ping = store._engine.dialect.do_ping
    monkeypatch.setattr(store._engine.dialect, "do_ping", lambda connection: pings.append(1) or ping(connection))
    for _ in range(3):
        assert store.last_seq(CODE) == 1
    assert pings == []  # in steady use: no round trip before each statement
    with store._engine.connect() as connection:  # the pool's one connection
        pid = connection.exec_driver_sql("SELECT pg_backend_pid()").scalar()
    with psycopg.connect(store.url.set(drivername="postgresql").render_as_string(hide_password=False)) as other:
        other.execute("SELECT pg_terminate_backend(%s)", (pid,))  # cut while it idles in the pool
    monkeypatch.setattr(tables.store, "IDLE_PING_SECONDS", 0.0)  # it has idled long enough to be pinged
    assert store.last_seq(CODE) == 1  # the ping failed and the pool made a new connection: the read succeeds
    assert pings


def test_an_append_on_a_cut_connection_fails_once_and_the_pool_starts_anew(postgres_cluster, stores):
    """PostgreSQL: the append runs on the driver's own connection (`Store._driver_one`). Cut under it, it fails as a
    statement of SQLAlchemy's does (an OperationalError: a 503 to retry), and the pool's connections are dropped: the
    retry is written. Whatever happened, the connection goes back to the pool out of autocommit, as transactions
    borrow it."""
    import psycopg

    store = stores(postgres_cluster.new_database())
    store.create_table(CODE, "wordsmith", "h", ev(1, "table_created"))
    assert store.append(CODE, [ev(2)], request_id="a", actor="seat:1") == [ev(2)]
    assert store.append(CODE, [ev(2)], request_id="b", actor="seat:1") is None  # a lost race
    with pytest.raises(Forbidden):
        store.append(CODE, [ev(3)], request_id="c", actor="seat:1", proof=(1, "not-a-token"))

    def lent() -> tuple[int, bool]:
        pooled = store._engine.raw_connection()
        try:
            connection = pooled.dbapi_connection
            return connection.execute("SELECT pg_backend_pid()").fetchone()[0], connection.autocommit
        finally:
            pooled.close()

    pid, autocommit = lent()
    assert autocommit is False
    with store._engine.connect() as one, store._engine.connect() as two:  # the pool holds two connections
        pids = {c.exec_driver_sql("SELECT pg_backend_pid()").scalar() for c in (one, two)}
    with psycopg.connect(store.url.set(drivername="postgresql").render_as_string(hide_password=False)) as other:
        for cut in pids:  # the server restarted, say: both cut while they wait in the pool
            other.execute("SELECT pg_terminate_backend(%s)", (cut,))
    with pytest.raises(sa.exc.OperationalError) as failed:
        store.append(CODE, [ev(3)], request_id="c", actor="seat:1")
    assert failed.value.connection_invalidated
    assert store.append(CODE, [ev(3)], request_id="c", actor="seat:1") == [ev(3)]  # the retry, on a new connection
    assert lent()[0] not in pids and lent()[1] is False
    assert [e.seq for e in store.events(CODE)] == [1, 2, 3]


def event_reads(store, monkeypatch) -> list[tuple]:
    """A list that fills with each query `store` makes for a table's events (tables.schema.read_rows), as it makes them."""
    import tables.schema
    import tables.store

    reads = []
    real = tables.schema.read_rows

    def counted(connection, code, after):
        if connection.engine in (store._engine, store._autocommit):  # its reads run in autocommit on PostgreSQL
            reads.append((code, after))
        return real(connection, code, after)

    monkeypatch.setattr(tables.store, "read_rows", counted)  # the store's own reads
    monkeypatch.setattr(tables.schema, "read_rows", counted)  # its notifier's
    return reads


def listening(writer, followers, last: int) -> None:
    """Append one event and see every follower get it: from then on the followers' notifier listens
    (PostgreSQL: an event committed before its LISTEN is caught up by a poll and read from the store)."""
    writer.append(CODE, [ev(last + 1)], request_id=None, actor="seat:1")
    assert all([e.seq for e in follower.next(last, timeout=10)] == [last + 1] for follower in followers)


def test_followers_of_a_table_share_one_read_per_event(database_url, stores, monkeypatch):
    """Four phones' streams in one process: each new event is read from the store once, and each gets its own copy.
    (On SQLite with the other processes' pushes off: with them, the push carries the rows, as PostgreSQL's
    notification does, and nothing is read; test_sqlite_an_append_is_pushed_...)"""
    writer, reader = stores(database_url), stores(database_url)
    writer.create_table(CODE, "wordsmith", "h", ev(1, "table_created"))
    followers = [reader.follow(CODE) for _ in range(4)]
    listening(writer, followers, 1)
    reads = event_reads(reader, monkeypatch)
    # (the poll's query of the newest seqs is not counted: one per 100 ms per process, not per event)
    writer.append(CODE, [ev(3, word="cast"), ev(4)], request_id=None, actor="seat:1")
    got = [follower.next(2, timeout=10) for follower in followers]
    assert [[event.seq for event in events] for events in got] == [[3, 4]] * 4
    read_once = 0 if reader.postgresql else 1  # PostgreSQL's notification carried the events: no read at all
    assert len(reads) == read_once
    got[0][0].data["word"] = "changed"  # one follower's fold cannot touch another's events
    assert got[1][0].data["word"] == "cast"
    assert followers[0].next(4, timeout=0.2) == []  # nothing new: a timeout, no read
    assert len(reads) == read_once
    for follower in followers:
        follower.close()


def test_events_too_large_for_a_notification_are_read_from_the_store(postgres_cluster, stores, monkeypatch):
    """PostgreSQL: a payload has under 8000 bytes; events that do not fit are announced alone, and read once."""
    url = postgres_cluster.new_database()
    writer, reader = stores(url), stores(url)
    writer.create_table(CODE, "wordsmith", "h", ev(1, "table_created"))
    followers = [reader.follow(CODE) for _ in range(2)]
    listening(writer, followers, 1)
    reads = event_reads(reader, monkeypatch)
    writer.append(CODE, [ev(3, word="é" * 4000)], request_id=None, actor="seat:1")  # 8000 bytes of UTF-8
    assert [[e.data for e in f.next(2, timeout=10)] for f in followers] == [[{"word": "é" * 4000}]] * 2
    assert len(reads) == 1
    writer.append(CODE, [ev(4, word="cast")], request_id=None, actor="seat:1")  # small again: carried
    assert [[e.data for e in f.next(3, timeout=10)] for f in followers] == [[{"word": "cast"}]] * 2
    assert len(reads) == 1
    for follower in followers:
        follower.close()


def test_a_notification_payload_carries_the_rows_when_they_fit():
    from tables.schema import NOTIFY_PAYLOAD_BYTES, StoredRow, notify_payload, read_payload

    rows = [{"code": CODE, "seq": 7, "type": "claim", "at": "t", "by": 2, "data": '{"word":"naïve"}'}]
    assert read_payload(notify_payload(CODE, rows)) == (
        CODE,
        7,
        [StoredRow(CODE, 7, "claim", "t", 2, '{"word":"naïve"}')],
    )
    big = [{**rows[0], "data": "x" * NOTIFY_PAYLOAD_BYTES}]
    assert notify_payload(CODE, big) == f"{CODE}:7"
    assert read_payload(f"{CODE}:7") == (CODE, 7, None)


def test_a_notification_that_is_no_news_here_is_not_read_past_its_head(table, monkeypatch):
    """Every process hears every append's notification, its own included: one of a table no stream here follows,
    or of an event this process has heard of already, is dropped on its head ("<code>:<seq>"), its rows unparsed;
    one that is news is read whole."""
    import tables.schema

    read, here, real = [], threading.current_thread(), tables.schema.read_payload

    def reading(payload: str):
        if threading.current_thread() is not here:  # PostgreSQL's listener hearing the real append, maybe before
            return real(payload)  # the append's own thread has noted it: news then, read as such
        read.append(payload)
        return CODE, 3, None

    monkeypatch.setattr(tables.schema, "read_payload", reading)
    with table.follow(CODE) as follower:
        assert [e.seq for e in follower.next(0, timeout=5)] == [1]
        table.append(CODE, [ev(2)], request_id=None, actor="seat:1")  # this process's own: heard as it commits
        notifier = table.notifier
        notifier.notified(f"{CODE}:2\n[not json]")  # the notification of that append
        notifier.notified("ZZZZZZ:9\n[not json]")  # a table not followed here
        assert read == []
        notifier.notified(f"{CODE}:3")  # news: another process's append
        assert read == [f"{CODE}:3"] and follower.wait(2, 5)


def test_followers_share_what_is_made_of_each_event_once_per_process(database_url, stores):
    """`ready_shared`: an event stream's message is made once per event, the same text for every follower."""
    writer, reader = stores(database_url), stores(database_url)
    writer.create_table(CODE, "wordsmith", "h", ev(1, "table_created"))
    made = []

    def make(event):
        made.append(event.seq)
        return f"{event.seq}:{event.data.get('word')}"

    followers = [reader.follow(CODE) for _ in range(3)]
    writer.append(CODE, [ev(2, word="cast"), ev(3, word="bag")], request_id=None, actor="seat:1")
    assert all(follower.wait(1, 10) for follower in followers)
    got = [follower.ready_shared(1, make) for follower in followers]
    assert got == [[(2, "2:cast"), (3, "3:bag")]] * 3
    assert all(mine[0][1] is got[0][0][1] for mine in got)  # one text, not three equal ones
    assert made == [2, 3]
    assert followers[0].ready_shared(0, make) == [(1, "1:None"), (2, "2:cast"), (3, "3:bag")]  # a resume
    assert not followers[1].wait(3, 0.2) and followers[1].ready_shared(3, make) == []  # nothing new: a timeout
    assert made == [2, 3, 1]
    for follower in followers:
        follower.close()


def test_a_follower_resuming_before_the_buffer_reads_the_store(table):
    from tables.notify import BUFFER_EVENTS

    last = BUFFER_EVENTS + 10
    with table.follow(CODE) as follower:
        assert [e.seq for e in follower.next(0, timeout=5)] == [1]
        for seq in range(2, last + 1):
            table.append(CODE, [ev(seq)], request_id=None, actor="seat:1")
            assert [e.seq for e in follower.next(seq - 1, timeout=5)] == [seq]
        assert [e.seq for e in follower.next(0, timeout=5)] == list(range(1, last + 1))  # older than the buffer
        assert [e.seq for e in follower.next(last - 2, timeout=5)] == [last - 1, last]


def test_followers_get_this_processs_own_appends_without_a_read(database_url, stores, monkeypatch):
    """What a process appended goes into its followers' buffer as it commits: its streams read nothing."""
    store = stores(database_url)
    store.create_table(CODE, "wordsmith", "h", ev(1, "table_created"))
    reads = event_reads(store, monkeypatch)
    followers = [store.follow(CODE) for _ in range(2)]
    store.append(CODE, [ev(2, word="bag")], request_id=None, actor="seat:1")
    assert [[e.seq for e in f.next(1, timeout=5)] for f in followers] == [[2], [2]]
    assert reads == []  # the buffer starts when the table is first followed: this process's append went in
    store.append(CODE, [ev(3, word="cast"), ev(4)], request_id=None, actor="seat:2")
    got = [follower.next(2, timeout=5) for follower in followers]
    assert [[(e.seq, e.type, e.by, e.data) for e in events] for events in got] == [
        [(3, "note", 1, {"word": "cast"}), (4, "note", 1, {})]
    ] * 2
    assert reads == []  # no read for this process's own appends
    got[0][0].data["word"] = "changed"  # still each follower's own copy
    assert got[1][0].data["word"] == "cast"
    assert [e.seq for e in store.events(CODE, 2)] == [3, 4]  # the buffer matches what was stored
    for follower in followers:
        follower.close()


# --- SQLite's writers take turns (WriteGate) ---------------------------------------------------


def _hold_the_gate(path: str, holding, release) -> None:
    from tables.sqlite_writes import WriteGate

    with WriteGate(path):
        holding.set()
        release.wait(10)


def test_sqlite_writers_take_turns_across_threads_and_processes(tmp_path):
    """One writer at a time per database file: the threads of a process, and other processes, wait their turn
    (woken when it is free, not by SQLite's busy handler's sleeps)."""
    from tables.sqlite_writes import WriteGate

    database = str(tmp_path / "tables.sqlite3")
    gate = WriteGate(database)
    inside, most = 0, 0
    lock = threading.Lock()

    def write():
        nonlocal inside, most
        with gate:
            with lock:
                inside += 1
                most = max(most, inside)
            time.sleep(0.01)
            with lock:
                inside -= 1

    threads = [threading.Thread(target=write) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert most == 1

    fork = multiprocessing.get_context("fork")
    holding, release = fork.Event(), fork.Event()
    other = fork.Process(target=_hold_the_gate, args=(database, holding, release))
    other.start()
    try:
        assert holding.wait(10)
        entered = threading.Event()
        waiter = threading.Thread(target=lambda: (gate.__enter__(), entered.set(), gate.__exit__(None, None, None)))
        waiter.start()
        assert not entered.wait(0.3)  # the other process has the turn
        release.set()
        assert entered.wait(10)  # given back: this process's writer goes
        waiter.join()
    finally:
        release.set()
        other.join(10)


def test_a_proved_append_on_postgresql_writes_all_or_nothing_and_notifies_only_what_it_wrote(postgres_cluster, stores):
    """PostgreSQL writes a proved append with a request id (every claim) in one transaction: all its events, its
    request id and its notification, or none of them."""
    from tables.events import Forbidden

    url = postgres_cluster.new_database()
    writer, reader = stores(url), stores(url)
    writer.create_table(CODE, "wordsmith", "h", ev(1, "table_created"))
    writer.append(CODE, [ev(2, "seat_joined", seat=1)], request_id=None, actor="seat:1", tokens=[(1, "one")])
    follower = reader.follow(CODE)
    listening(writer, [follower], 2)
    two = [ev(4, word="cast", by=None), ev(5, word="cats")]
    assert writer.append(CODE, two, request_id="r-1", actor="seat:1", proof=(1, "one")) == two
    assert [e for e in follower.next(3, timeout=10)] == two and writer.applied(CODE, "r-1") == two
    # Refused, lost or repeated: nothing of it is written, and no phone hears of it.
    with pytest.raises(Forbidden):
        writer.append(CODE, [ev(6)], request_id="r-2", actor="seat:1", proof=(1, "gone"))
    assert writer.append(CODE, [ev(5, word="taken")], request_id="r-3", actor="seat:1", proof=(1, "one")) is None
    assert writer.append(CODE, [ev(6)], request_id="r-1", actor="seat:1", proof=(1, "one")) is None
    assert writer.last_seq(CODE) == 5 and writer.applied(CODE, "r-2") is None and writer.applied(CODE, "r-3") is None
    assert follower.next(5, timeout=0.5) == []
    follower.close()


def test_postgresql_keeps_its_pool_and_opens_no_more(postgres_cluster, stores):
    """PostgreSQL: `pool_size` connections per process and no overflow (tables.store.make_engine): a new
    connection is a new PostgreSQL process, and opening one per busy moment cost half its CPU per claim."""
    store = Store(postgres_cluster.new_database(), pool_size=3)
    try:
        pool = store._engine.pool
        assert pool.size() == 3 and pool._max_overflow == 0
        held = [store._engine.connect() for _ in range(3)]
        with pytest.raises(sa.exc.TimeoutError):
            pool._timeout = 0.2  # the wait for a fourth, shortened for the test
            store._engine.connect()
        for connection in held:
            connection.close()
    finally:
        store.close()


def test_sqlite_an_append_whose_turn_cannot_be_taken_raises_and_writes_nothing(tmp_path, stores):
    store = stores(f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    assert store.create_table(CODE, "wordsmith", "host-hash", ev(1, "table_created", by=0))

    def broken():
        raise OSError("the disk went away")

    store._writing._take_file = broken
    with pytest.raises(OSError, match="disk went away"):
        store.append(CODE, [ev(2)], request_id="r-1", actor="seat:1")
    assert store.last_seq(CODE) == 1 and store.applied(CODE, "r-1") is None


def json_values(floats: bool):
    scalars = st.none() | st.booleans() | st.integers() | st.text()
    if floats:
        scalars |= st.floats(allow_nan=False, allow_infinity=False)
    return st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
        max_leaves=20,
    )


@given(json_values(floats=False))
def test_compact_json_writes_what_the_json_modules_compact_form_does(value):
    """tables.schema.compact_json (pydantic-core) writes every stored event and notification, and the streams'
    messages: the same text as json.dumps(ensure_ascii=False, compact), which wrote them before..."""
    import json

    from tables.schema import compact_json

    assert compact_json(value) == json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@given(json_values(floats=True))
def test_compact_json_reads_back_as_the_same_value(value):
    """...but for a float's spelling (6.103515625e-05 is written 0.00006103515625): the same value, read back."""
    import json

    from tables.schema import compact_json

    assert json.loads(compact_json(value)) == value
