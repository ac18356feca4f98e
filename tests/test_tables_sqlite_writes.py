"""SQLite's appends, several to a write turn (tables/sqlite_writes.py): each append in a turn ends as it would
alone, and nothing acknowledged is lost.

The rule, stated generally: a turn's appends, written in one transaction, each get the outcome (written, a lost
race, a refused proof) and leave the rows they would leave written one at a time in the same order. Then the
threads: while one writer holds the turn, the others' appends queue, and the next turns write them, led by one
thread at a time.
"""

from __future__ import annotations

import itertools
import threading
import time

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tables.events import Event, Forbidden
from tables.schema import event_row
from tables.sqlite_writes import APPENDS_PER_TURN, _Append
from tables.store import Store

TABLE_NAMES = ("tables", "events", "requests", "tokens")
_codes = (f"T{n:05d}" for n in itertools.count())


def ev(seq: int, at: str | None = None) -> Event:
    return Event(seq, "note", at or f"2026-11-30T18:00:{seq:02d}.000Z", 1, {"n": seq})


@pytest.fixture
def two(tmp_path):
    """Two SQLite stores on files of their own: one writes a turn's appends together, the other one at a time."""
    made = [Store(f"sqlite:///{tmp_path / name}.sqlite3") for name in ("together", "alone")]
    yield made
    for store in made:
        store.close()


def set_up(store: Store, code: str) -> None:
    """A table with its host's token and seat 1's."""
    assert store.create_table(
        code, "wordsmith", "host-hash", Event(1, "table_created", "2026-11-30T18:00:00.000Z", 0, {})
    )
    store.set_token(code, 1, "seat1-hash")


def dump(store: Store, codes: list[str]) -> dict[str, list[tuple]]:
    """Every row of the given tables, each table's rows sorted."""
    with store._engine.connect() as connection:
        found = {}
        for name in TABLE_NAMES:
            table = sa.table(name, sa.column("code"))
            query = sa.select(sa.text("*")).select_from(table).where(table.c.code.in_(codes))
            found[name] = sorted(tuple(row) for row in connection.execute(query))
        return found


def outcome(append: _Append) -> str:
    if append.error is None:
        return "written"
    if isinstance(append.error, sa.exc.IntegrityError):
        return "lost"
    assert isinstance(append.error, Forbidden), append.error
    return "refused"


PROOFS = st.sampled_from([None, (1, "seat1-hash"), (1, "wrong-hash"), (2, "seat1-hash")])
APPENDS = st.lists(
    st.tuples(
        st.integers(0, 1),  # which of the example's two tables
        st.integers(2, 5),  # the first seq
        st.integers(1, 2),  # events
        st.none() | st.sampled_from(["r-1", "r-2"]),  # request id
        PROOFS,
        st.sampled_from([(), ((2, "seat2-hash"),), ((1, "seat1-new"),)]),  # seats' new tokens
    ),
    min_size=1,
    max_size=8,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(APPENDS)
def test_a_turns_appends_end_as_they_would_one_at_a_time(two, planned):
    together, alone = two
    codes = [next(_codes), next(_codes)]
    for store in two:
        for code in codes:
            set_up(store, code)

    def appends() -> list[_Append]:
        made = []
        for table, first, count, request_id, proof, tokens in planned:
            code = codes[table]
            rows = [event_row(code, ev(seq)) for seq in range(first, first + count)]
            made.append(_Append(code, rows, request_id, "seat:1", tokens, proof))
        return made

    batch = appends()
    with together._writing:
        together._appends._write(batch)
    singles = appends()
    for append in singles:
        with alone._writing:
            alone._appends._write([append])

    assert all(append.done for append in batch + singles)
    assert [outcome(append) for append in batch] == [outcome(append) for append in singles]
    assert dump(together, codes) == dump(alone, codes)


def test_an_error_other_than_a_race_or_a_proof_fails_the_whole_turn_and_writes_nothing(two):
    store, _ = two
    code = next(_codes)
    set_up(store, code)
    before = dump(store, [code])
    good = _Append(code, [event_row(code, ev(2))], "r-1", "seat:1", (), None)
    broken_row = {**event_row(code, ev(3)), "data": object()}  # the driver cannot bind it
    broken = _Append(code, [broken_row], None, "seat:1", (), None)
    with store._writing:
        store._appends._write([good, broken])
    assert good.done and broken.done
    for append in (good, broken):  # nothing acknowledged: each its own copy of the error, raised in its own thread
        assert isinstance(append.error, sa.exc.DBAPIError) and "binding parameter" in str(append.error)
    assert dump(store, [code]) == before


def test_appends_that_queue_while_a_turn_is_held_are_written_a_few_to_a_turn(two):
    """Threads append while this test holds the process's turn: all queue, and the next turns write them, at most
    APPENDS_PER_TURN to a turn, in the order they came, each thread getting its own append's outcome (one lost race,
    one refused proof among them)."""
    store, _ = two
    code = next(_codes)
    set_up(store, code)
    turns = []
    write = store._appends._write
    store._appends._write = lambda batch: (turns.append(batch), write(batch))

    planned = [(seq, None) for seq in range(2, 8)] + [(7, None), (8, (1, "wrong-hash"))]  # seq 7 twice: one loses
    results: dict[int, str] = {}

    def append(number: int, seq: int, proof) -> None:
        try:
            written = store.append(code, [ev(seq)], request_id=f"r-{number}", actor="seat:1", proof=proof)
            results[number] = "written" if written is not None else "lost"
        except Forbidden:
            results[number] = "refused"

    threads = [threading.Thread(target=append, args=(n, seq, proof)) for n, (seq, proof) in enumerate(planned)]
    with store._writing.process_turn():
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 10
        while len(store._appends._queue) < len(planned) and time.monotonic() < deadline:
            time.sleep(0.005)
        assert len(store._appends._queue) == len(planned)
    for thread in threads:
        thread.join(10)

    queued = [append for turn in turns for append in turn]
    assert [len(turn) for turn in turns] == [APPENDS_PER_TURN] * (len(planned) // APPENDS_PER_TURN)
    assert len(set(map(id, queued))) == len(planned)
    assert sorted(results.values()) == ["lost"] + ["refused"] + ["written"] * 6
    assert [event.seq for event in store.events(code)] == list(range(1, 8))
    assert results[len(planned) - 1] == "refused" and store.applied(code, f"r-{len(planned) - 1}") is None


def test_appends_that_come_while_a_turn_is_written_are_written_by_the_next_leaders(two):
    """The thread that leads a turn writes what was queued when the turn came, wakes those threads, and hands the
    lead to the first append that came meanwhile: the next turns write the rest, and the lead is free again."""
    store, _ = two
    code = next(_codes)
    set_up(store, code)
    turns, writing, go_on = [], threading.Event(), threading.Event()
    write = store._appends._write

    def slow_first(batch):
        turns.append([append.rows[0]["seq"] for append in batch])
        if len(turns) == 1:
            writing.set()
            assert go_on.wait(10)
        write(batch)

    store._appends._write = slow_first
    done: dict[int, bool] = {}

    def append(seq: int) -> None:
        done[seq] = store.append(code, [ev(seq)], request_id=f"r-{seq}", actor="seat:1") is not None

    first = threading.Thread(target=append, args=(2,))
    first.start()
    assert writing.wait(10)
    later = [threading.Thread(target=append, args=(seq,)) for seq in range(3, 7)]
    for thread in later:
        thread.start()
    deadline = time.monotonic() + 10
    while len(store._appends._queue) < len(later) and time.monotonic() < deadline:
        time.sleep(0.005)
    go_on.set()
    for thread in [first, *later]:
        thread.join(10)

    assert turns[0] == [2] and sorted(seq for turn in turns[1:] for seq in turn) == [3, 4, 5, 6]
    assert all(len(turn) <= APPENDS_PER_TURN for turn in turns) and len(turns) == 1 + 4 // APPENDS_PER_TURN
    assert done == {seq: True for seq in range(2, 7)}
    assert [event.seq for event in store.events(code)] == list(range(1, 7))
    assert not store._appends._leading and store._appends._queue == []
