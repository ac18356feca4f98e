"""What one client can make the store hold is bounded, and a read costs the events since the last one, not the log.

On SQLite and PostgreSQL: tables created per address (TABLES_PER_HOUR, 429), events per table (TABLE_MAX_EVENTS,
422), and reads of a table's state that fold only what is new.
"""

from __future__ import annotations

import pytest
from service_helpers import assert_problem
from test_api_tables import Table
from test_tables_store import event_reads

from app import create_app
from tables.service import PROGRESS_RESERVE


def make_app(database_url, **config):
    return create_app({"TESTING": True, "DATABASE_URL": database_url, **config})


def test_tables_created_per_address_are_limited_with_retry_after(database_url):
    client = make_app(database_url, TABLES_PER_HOUR=3).test_client()
    body = {"game": "wordsmith", "seats": ["Ann", "Bob"]}
    assert [client.post("/api/v1/tables", json=body).status_code for _ in range(3)] == [201] * 3
    refused = client.post("/api/v1/tables", json=body)
    problem = assert_problem(refused, 429)
    assert "new tables" in problem["detail"]
    # The bucket drains TABLES_PER_HOUR an hour: one more table in 20 minutes.
    assert 1100 <= int(refused.headers["Retry-After"]) <= 1200
    other = client.post("/api/v1/tables", json=body, environ_base={"REMOTE_ADDR": "10.0.0.9"})
    assert other.status_code == 201  # another address has its own allowance


@pytest.mark.parametrize("limit", [12, 13])
def test_a_table_full_of_events_refuses_more_with_422_and_stays_readable(database_url, limit):
    app = make_app(database_url, TABLE_MAX_EVENTS=limit)
    table = Table(app.test_client())  # 3 events: created, two joins
    table.start()  # 4
    answers = [table.post("/seats/1/name", {"name": f"Ann{i}"}, table.host) for i in range(limit)]
    statuses = [answer.status_code for answer in answers]
    most = limit + min(PROGRESS_RESERVE, limit // 10)  # the host's actions keep room past the limit
    written = most - 4
    assert statuses == [201] * written + [422] * (limit - written)
    problem = assert_problem(answers[-1], 422)
    assert problem["errors"][0]["pointer"] == "" and "TABLE_MAX_EVENTS" in problem["errors"][0]["detail"]
    state = table.state()
    assert state["seq"] == most and state["seats"][0]["name"] == f"Ann{written - 1}"
    assert table.client.get(table.path("/record")).status_code == 200


def test_a_read_folds_only_the_events_since_the_last(database_url, monkeypatch):
    app = make_app(database_url)
    table = Table(app.test_client())
    table.start()
    table.state()  # warm: this process has the table's fold
    reads = event_reads(app.extensions["tables"].store, monkeypatch)
    seq = table.state()["seq"]
    assert reads == []  # nothing new: the newest seq alone says so
    assert table.claim(1, "cast").status_code == 201
    reads.clear()
    after = table.state()
    assert after["seq"] == seq + 1 and [claim["word"] for claim in after["wordsmith"]["claims"]] == ["cast"]
    assert all(read_after >= seq for _, read_after in reads)  # never the whole log again


def test_a_table_deleted_elsewhere_is_gone_for_a_reader_that_had_its_fold(database_url):
    app = make_app(database_url)
    table = Table(app.test_client())
    table.state()
    app.extensions["tables"].store.delete(table.code)  # as another worker or host would
    assert_problem(table.client.get(table.path()), 404)
