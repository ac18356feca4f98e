"""A table too busy to write, or a database out of reach, is a 503 with Retry-After that changed nothing, never a 500.

The races are real and made by construction: before each of a claim's appends, another writer (a second `Tables`
on the same database, as another worker would be) takes the very seq the claim wants, so the claim loses every
race it runs, or only the first few.
"""

from __future__ import annotations

import psycopg
import pytest
from service_helpers import assert_problem
from sqlalchemy.engine import make_url
from test_api_tables import Table

from app import create_app
from solver import budget
from tables.events import Actor
from tables.service import RACE_ATTEMPTS, Tables


@pytest.fixture
def app(database_url, monkeypatch):
    # The rival's writes run in the claim's own thread: with the CPU clock still, the work budget never runs out
    # here, so only the races decide the answer, however loaded the machine is.
    monkeypatch.setattr(budget, "clock", lambda: 0.0)
    return create_app({"TESTING": True, "DATABASE_URL": database_url})


def race_every_append(app, times: int) -> list[int]:
    """Make another writer take the next seq before each of the next `times` appends; the seqs it took."""
    service = app.extensions["tables"]
    other = Tables(service.store, service.lexicons, alphabet=service.alphabet)  # another worker on the same store
    append = service.store.append
    taken = []

    rivalling = []

    def append_after_a_rival(code, events, **kw):
        if len(taken) < times and not rivalling:  # the rival's own append goes straight through
            rivalling.append(True)
            try:
                rival = other.act(code, Actor(host=True), {"type": "rename", "seat": 2, "name": f"Bob{len(taken)}"})
            finally:
                rivalling.clear()
            taken.append(rival.events[0].seq)
        return append(code, events, **kw)

    service.store.append = append_after_a_rival
    return taken


def stop_racing(app) -> None:
    del app.extensions["tables"].store.append  # the store's own method again


def test_a_claim_that_loses_a_few_races_is_judged_again_and_written(app):
    table = Table(app.test_client())
    table.start()
    taken = race_every_append(app, 5)
    answer = table.claim(1, "cast")
    assert answer.status_code == 201, answer.json
    assert len(taken) == 5 and answer.json["events"][0]["seq"] == taken[-1] + 1


def test_a_claim_that_loses_every_race_is_a_503_to_retry_and_wrote_nothing(app):
    table = Table(app.test_client())
    table.start()
    race_every_append(app, RACE_ATTEMPTS + 1)
    answer = table.post("/claims", {"word": "cast", "request_id": "claim-1"}, table.tokens[1])
    problem = assert_problem(answer, 503)
    assert problem["type"].endswith("#problem-table-busy") and int(answer.headers["Retry-After"]) >= 1
    claims = table.state()["wordsmith"]["claims"]
    assert claims == []  # the rival's renames are there; no claim is
    stop_racing(app)
    again = table.post("/claims", {"word": "cast", "request_id": "claim-1"}, table.tokens[1])  # the same request
    assert again.status_code == 201 and again.json["repeated"] is False


def test_a_database_out_of_reach_is_a_503_to_retry(postgres_cluster):
    url = postgres_cluster.new_database()
    app = create_app({"TESTING": True, "DATABASE_URL": url})
    table = Table(app.test_client())
    table.start()
    name = make_url(url).database
    admin = f"host={postgres_cluster.folder} port={postgres_cluster.port} user=postgres dbname=postgres"
    with psycopg.connect(admin, autocommit=True) as connection:  # the database goes away under the service
        connection.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS false")
        connection.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,))
    try:
        for answer in (table.claim(1, "cast"), table.client.get(table.path())):
            problem = assert_problem(answer, 503)
            assert problem["type"].endswith("#problem-database-unavailable") and answer.headers["Retry-After"]
    finally:
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS true")
    assert table.claim(1, "cast").status_code == 201  # back: the same service answers again
