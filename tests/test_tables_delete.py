"""Deleting a table goes through one door, `Tables.delete_with_token`, whatever sends it (the API, the host's page,
the command line), with the same checks as an action's door (`act_with_token`): the token is proved in the delete's
own transaction, and the host role is judged on the table's newest state, which must still be the newest when the
delete runs. Races are made by construction, as in tests/test_tables_misuse.py."""

from __future__ import annotations

import pytest
from test_tables_misuse import revoke_after_lookup

from solver.lexicon import load_lexicons
from tables.events import Actor, Forbidden
from tables.service import Tables
from tables.store import Store


@pytest.fixture(scope="module")
def lexicons():
    loaded = load_lexicons()
    return {name: loaded[name] for name in loaded}


@pytest.fixture
def two_workers(database_url, lexicons):
    """Two services over one store (two processes), and a started table of three seats: (worker, other, code,
    tokens by seat, 0 the host's)."""
    mine, theirs = Store(database_url), Store(database_url)
    worker, other = Tables(mine, lexicons), Tables(theirs, lexicons)
    created = other.create("wordsmith", ["Ann", "Bob", "Cleo"])
    code = created.code
    tokens = {0: created.host_token, **{seat: other.join(code, seat) for seat in (1, 2, 3)}}
    other.act(code, Actor(host=True), {"type": "start", "pool": "R3 Y2 B1 G2"})
    yield worker, other, code, tokens
    mine.close()
    theirs.close()


def test_a_host_token_revoked_after_it_was_read_deletes_nothing(two_workers):
    worker, other, code, tokens = two_workers
    revoke_after_lookup(worker.store, lambda: other.act(code, Actor(host=True), {"type": "hand_host", "seat": 2}))
    with pytest.raises(Forbidden):
        worker.delete_with_token(code, tokens[0])
    assert other.events(code)[-1].type == "host_handed"  # the table is still there


def test_a_seat_that_no_longer_hosts_deletes_nothing_whatever_this_process_had_folded(two_workers):
    """The host role handed to seat 2 and, through another process, on to seat 3: this process's fold still says
    seat 2 hosts, as its token still acts for seat 2; the delete judges the role on the table as it is now."""
    worker, other, code, tokens = two_workers
    other.act(code, Actor(host=True), {"type": "hand_host", "seat": 2})
    assert worker.state(code).host_seat == 2  # folded here
    other.act(code, Actor(seat=2, host=True), {"type": "hand_host", "seat": 3})
    with pytest.raises(Forbidden):
        worker.delete_with_token(code, tokens[2])
    assert other.events(code)[-1].type == "host_handed"
    worker.delete_with_token(code, tokens[3])
    assert other.store.last_seq(code) == 0


def test_an_event_written_between_the_judging_and_the_delete_is_judged_again(two_workers):
    """The role is judged on the newest state; an event another process writes after that read (here: the role
    handed on) makes the delete judge again rather than go by what it read."""
    worker, other, code, tokens = two_workers
    other.act(code, Actor(host=True), {"type": "hand_host", "seat": 2})
    events = worker.store.events
    moved = []

    def events_then_hand_on(code_, after=0):
        found = events(code_, after)
        if not moved:
            moved.append(True)
            other.act(code, Actor(seat=2, host=True), {"type": "hand_host", "seat": 3})
        return found

    worker.store.events = events_then_hand_on
    with pytest.raises(Forbidden):
        worker.delete_with_token(code, tokens[2])
    assert other.store.last_seq(code) > 0


def test_every_door_deletes_through_the_one_function(monkeypatch):
    """The API's DELETE, the host page's form and the command line's Local backend reach `delete_with_token`."""
    import inspect

    import app.api.tables
    import app.pages.tables
    import cli.local_tables

    for module, function in (
        (app.api.tables, "delete"),
        (app.pages.tables, "table_delete"),
        (cli.local_tables.LocalTables, "delete_table"),
    ):
        source = inspect.getsource(getattr(module, function))
        assert "delete_with_token(" in source and ".delete(code" not in source, (module, function)
