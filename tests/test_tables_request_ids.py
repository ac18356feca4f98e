"""A request id repeats one request, the same actor's same action, and is never a pass to anything else.

Through the API on SQLite and PostgreSQL: a used request id sent with another seat, another action or by another
actor is refused (409 `request_id_reused`) and changes nothing; a join's request id never takes back a seat that
has changed phones since.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from service_helpers import assert_problem
from test_api_tables import Table, bearer

from app import create_app
from tables.events import Actor
from tables.service import request_signature


@pytest.fixture
def client(database_url):
    return create_app({"TESTING": True, "DATABASE_URL": database_url}).test_client()


def reused(answer) -> None:
    problem = assert_problem(answer, 409)
    assert problem["code"] == "request_id_reused", problem


def test_a_replayed_join_request_id_takes_no_other_seat(client):
    table = Table(client, seats=("Ann", "Bob", "Cat"), join=False)
    ann = table.join(1, json={"request_id": "ann-join"})
    bob = table.join(2, json={"request_id": "bob-join"})
    assert ann.status_code == bob.status_code == 201
    before = table.state()["seq"]
    for seat in (2, 3):  # Bob's seat, and a free one: neither is taken with Ann's old request id
        reused(table.join(seat, json={"request_id": "ann-join"}))
        reused(table.join(seat, json={"request_id": "ann-join"}, headers=bearer(ann.json["token"])))
    reused(table.join(5, json={"request_id": "ann-join"}))  # a seat this table does not have: no token for it
    assert table.state()["seq"] == before
    table.tokens = {1: ann.json["token"], 2: bob.json["token"]}
    table.start()
    assert table.claim(2, "bag").status_code == 201  # Bob's phone still acts for Bob
    assert table.join(3, json={"request_id": "cat-join"}).status_code == 201  # and seat 3 is still free


def test_a_claims_request_id_reused_by_another_seat_claims_nothing_for_either(client):
    table = Table(client)
    table.start()
    first = table.post("/claims", {"word": "cast", "request_id": "claim-1"}, table.tokens[1])
    assert first.status_code == 201
    seq = table.state()["seq"]
    reused(table.post("/claims", {"word": "bag", "request_id": "claim-1"}, table.tokens[2]))
    reused(table.post("/claims", {"word": "bag", "request_id": "claim-1"}, table.tokens[1]))  # another word
    reused(table.post("/seats/1/name", {"name": "Eve", "request_id": "claim-1"}, table.host))  # another action
    reused(table.join(2, json={"request_id": "claim-1"}))
    assert table.state()["seq"] == seq
    again = table.post("/claims", {"word": "cast", "request_id": "claim-1"}, table.tokens[1])  # a true retry
    assert again.status_code == 201 and again.json["repeated"] is True
    assert table.post("/claims", {"word": "bag", "request_id": "claim-2"}, table.tokens[2]).status_code == 201


def test_a_join_retried_after_its_seat_changed_phones_takes_nothing_back(client):
    table = Table(client, join=False)
    first = table.join(1, json={"request_id": "ann-join"})
    assert first.status_code == 201
    assert table.post("/seats/1/release", {}, table.host).status_code == 201
    carol = table.join(1, json={"request_id": "carol-join"})
    assert carol.status_code == 201
    problem = assert_problem(table.join(1, json={"request_id": "ann-join"}), 409)
    assert problem["code"] == "seat_taken"
    table.tokens = {1: carol.json["token"]}
    assert client.get(table.path(), headers=bearer(carol.json["token"])).status_code == 200
    table.start()
    assert table.claim(1, "cast").status_code == 201  # Carol's phone still acts for seat 1
    assert_problem(table.post("/claims", {"word": "bag"}, first.json["token"]), 403)


ACTORS = st.sampled_from([Actor(), Actor(host=True), Actor(seat=1), Actor(seat=2), Actor(seat=6)])
ACTIONS = st.fixed_dictionaries(
    {"type": st.sampled_from(["join", "claim", "release"]), "seat": st.integers(1, 6), "word": st.text(max_size=8)}
)


@given(ACTORS, ACTIONS, ACTORS, ACTIONS)
@settings(max_examples=300)
def test_a_signature_is_equal_exactly_for_the_same_actor_and_action(actor, action, other_actor, other_action):
    same = request_signature(actor, action) == request_signature(other_actor, other_action)
    assert same == (actor == other_actor and action == other_action)
    assert len(request_signature(actor, action)) <= 32  # the store's `actor` column
