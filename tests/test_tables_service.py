"""Tables (tables/service.py) over the real store, on SQLite and PostgreSQL: seats, tokens, claims, races.

The game rules are tested without a store (test_tables_wordsmith.py); these
tests are about what only the service and the store do together.
"""

from __future__ import annotations

import functools

import pytest
from tables_helpers import race

from solver.lexicon import load_lexicons
from tables.codes import hash_token, new_token
from tables.events import Actor, Forbidden, NotFound, Refused, Rejected
from tables.service import Tables
from tables.state import MAX_SEAT_NAME
from tables.store import Store


@pytest.fixture(scope="module")
def lexicons():
    loaded = load_lexicons()
    return {name: loaded[name] for name in loaded}


@pytest.fixture
def service(database_url, lexicons):
    store = Store(database_url)
    yield Tables(store, lexicons)
    store.close()


@pytest.fixture
def table(service):
    """A Wordsmith table of two seats, both joined, challenge 1 started on R3 Y2 B1 G2."""
    created = service.create("wordsmith", ["Ann", "Bob"])
    host = service.actor(created.code, created.host_token)
    tokens = {seat: service.join(created.code, seat) for seat in (1, 2)}
    service.act(created.code, host, {"type": "start", "pool": "R3 Y2 B1 G2"}, request_id="start-1")
    return created.code, host, {seat: service.actor(created.code, token) for seat, token in tokens.items()}


def test_a_taken_seat_cannot_be_taken_by_another_phone_but_the_host_can_give_it_again(service):
    created = service.create("wordsmith", ["Ann", "Bob"])
    first = service.join(created.code, 1)
    with pytest.raises(Rejected) as refused:
        service.join(created.code, 1)
    assert refused.value.code == "seat_taken"
    assert service.actor(created.code, first).seat == 1
    host = service.actor(created.code, created.host_token)
    second = service.join(created.code, 1, actor=host)
    assert service.actor(created.code, second).seat == 1
    with pytest.raises(Forbidden):
        service.actor(created.code, first)  # the old phone's token stopped working


def test_a_retried_join_with_its_secret_gives_a_token_that_works(service):
    created = service.create("wordsmith", ["Ann", "Bob"])
    lost = service.join(created.code, 2, request_id="join-2", secret="s" * 32)
    retried = service.join(created.code, 2, request_id="join-2", secret="s" * 32)
    assert retried != lost
    assert service.actor(created.code, retried) == Actor(seat=2)
    assert [event.type for event in service.events(created.code)] == ["table_created", "seat_joined"]


@pytest.mark.parametrize("proof", ["secret", "token"])
def test_a_join_replayed_from_another_phone_takes_nothing(service, proof):
    """A stranger who saw the request id sends it again: no token for them, and the first phone keeps its seat."""
    created = service.create("wordsmith", ["Ann", "Bob"])
    first = service.join(created.code, 1, request_id="join-1", **{proof: "a" * 64})
    for stranger in ({proof: "b" * 64}, {}):  # another phone's proof, or none at all
        with pytest.raises(Rejected) as refused:
            service.join(created.code, 1, request_id="join-1", **stranger)
        assert refused.value.code == "request_id_reused"
    assert service.actor(created.code, first) == Actor(seat=1)
    if proof == "token":  # the pages' double tap: the same phone's same token again
        assert service.join(created.code, 1, request_id="join-1", token="a" * 64) == first


def test_a_join_retried_without_a_secret_gets_no_token(service):
    created = service.create("wordsmith", ["Ann", "Bob"])
    first = service.join(created.code, 1, request_id="join-1")
    with pytest.raises(Rejected) as refused:
        service.join(created.code, 1, request_id="join-1")
    assert refused.value.code == "join_unproved" and "secret" in refused.value.message
    assert service.actor(created.code, first) == Actor(seat=1)


def test_a_locked_table_refuses_new_phones(service):
    created = service.create("wordsmith", ["Ann", "Bob"])
    host = service.actor(created.code, created.host_token)
    service.act(created.code, host, {"type": "lock", "locked": True})
    with pytest.raises(Rejected) as refused:
        service.join(created.code, 1)
    assert refused.value.code == "joining_locked"


def test_tokens_act_only_at_their_own_table(service):
    one, two = service.create("wordsmith", ["A", "B"]), service.create("wordsmith", ["C", "D"])
    token = service.join(one.code, 1)
    with pytest.raises(Forbidden):
        service.actor(two.code, token)
    with pytest.raises(Forbidden):
        service.actor(two.code, one.host_token)


def test_an_unknown_code_is_not_found(service):
    with pytest.raises(NotFound):
        service.state("ZZZZZZ")
    with pytest.raises(NotFound):
        service.state("not a code")


def test_a_claim_is_judged_from_the_state_and_a_repeat_by_anyone_is_already_claimed(service, table):
    code, _, seats = table
    outcome = service.act(code, seats[1], {"type": "claim", "word": "cast"}, request_id="c-1")
    assert [event.type for event in outcome.events] == ["claim"]
    with pytest.raises(Rejected) as refused:
        service.act(code, seats[2], {"type": "claim", "word": "cast"}, request_id="c-2")
    assert "already_claimed" in [objection["code"] for objection in refused.value.objections]


@pytest.mark.parametrize("repeat", range(3))
def test_two_seats_racing_for_one_word_exactly_one_gets_it(service, table, repeat):
    code, _, seats = table

    def claim(seat: int):
        return service.act(code, seats[seat], {"type": "claim", "word": "cast"}, request_id=f"r{seat}")

    results = race(functools.partial(claim, 1), functools.partial(claim, 2), catching=Rejected)
    refused = [r for r in results if isinstance(r, Rejected)]
    assert len(refused) == 1
    assert "already_claimed" in [objection["code"] for objection in refused[0].objections]
    claims = [event for event in service.events(code) if event.type == "claim"]
    assert len(claims) == 1


def test_a_retried_claim_applies_once_and_answers_the_same(service, table):
    code, _, seats = table
    first = service.act(code, seats[1], {"type": "claim", "word": "cast"}, request_id="same")
    again = service.act(code, seats[1], {"type": "claim", "word": "cast"}, request_id="same")
    assert again.repeated and [e.seq for e in again.events] == [e.seq for e in first.events]
    assert len([event for event in service.events(code) if event.type == "claim"]) == 1


def test_the_record_replays_into_the_same_state(service, table):
    from tables.state import fold

    code, _, seats = table
    service.act(code, seats[1], {"type": "claim", "word": "cast"})
    record = service.record(code)
    assert "token" not in str(record).lower()
    assert fold(record["events"]).to_dict() == service.state(code).to_dict()


def test_creating_a_table_deletes_the_tables_idle_longer_than_the_setting(database_url, lexicons):
    now = [1_800_000_000.0]
    store = Store(database_url)
    try:
        service = Tables(store, lexicons, settings={"table_idle_days": 7}, clock=lambda: now[0])
        old = service.create("wordsmith", ["Ann", "Bob"]).code
        now[0] += 6 * 86400
        kept = service.create("wordsmith", ["Ann", "Bob"]).code
        service.state(old)  # six days idle: still there
        now[0] += 2 * 86400  # old: eight days idle; kept: two
        service.create("wordsmith", ["Ann", "Bob"])
        with pytest.raises(NotFound):
            service.state(old)
        assert service.state(kept).game == "wordsmith"
    finally:
        store.close()


# --- the fold cache (a cache of a pure fold: the store stays the truth) --------------------------


def test_a_write_through_another_worker_is_judged_against(service, table, lexicons):
    """Two Tables on one database are two workers: each one's cached fold never hides the other's writes."""
    code, _, seats = table
    other = Tables(service.store, lexicons)
    service.act(code, seats[1], {"type": "claim", "word": "bag"})  # this worker's cache now holds the table
    other.act(code, seats[2], {"type": "claim", "word": "cast"})
    assert service._folded(code).seq == service.last_seq(code)  # the cache was brought up to date, not trusted
    with pytest.raises(Rejected) as refused:
        service.act(code, seats[1], {"type": "claim", "word": "cast"})
    assert "already_claimed" in [objection["code"] for objection in refused.value.objections]
    assert service._folded(code).to_dict() == other._folded(code).to_dict() == service.state(code).to_dict()


def test_a_refused_action_leaves_the_cached_fold_as_it_was(service, table):
    code, _, seats = table
    service.act(code, seats[1], {"type": "claim", "word": "cast"})
    before = service._folded(code).to_dict()
    with pytest.raises(Rejected):
        service.act(code, seats[2], {"type": "claim", "word": "cast"})
    with pytest.raises(Rejected):
        service.act(code, seats[2], {"type": "claim", "word": "zzzq"})
    after = service._folded(code).to_dict()
    assert after == service.state(code).to_dict()  # the cache holds what the store holds
    # the refusals are public (two claim_refused events); nothing else moved
    assert after["seq"] == before["seq"] + 2
    assert after["wordsmith"]["seats"] == before["wordsmith"]["seats"]
    assert after["wordsmith"]["claims"] == before["wordsmith"]["claims"]
    assert [a["word"] for a in after["wordsmith"]["refused"]] == ["cast", "zzzq"]


def test_a_refused_claims_retry_is_refused_again_and_written_once(service, table):
    code, _, seats = table
    service.act(code, seats[1], {"type": "claim", "word": "cast"})
    for _ in range(2):
        with pytest.raises(Rejected) as caught:
            service.act(code, seats[2], {"type": "claim", "word": "cast"}, request_id="try-cast")
        assert caught.value.code == "claim_refused" and caught.value.objections[0]["code"] == "already_claimed"
    assert [e.type for e in service.events(code)].count("claim_refused") == 1
    # the same request id, now for a word that would stand: still the one request, refused as it was
    service.act(code, seats[2], {"type": "add", "piece": "R"})
    with pytest.raises(Rejected) as caught:
        service.act(code, seats[2], {"type": "claim", "word": "cast"}, request_id="try-cast")
    assert caught.value.code == "claim_refused"
    assert [e.type for e in service.events(code)].count("claim_refused") == 1


def test_a_retry_after_the_table_moved_on_still_answers_with_what_it_wrote(service, table):
    code, _, seats = table
    first = service.act(code, seats[1], {"type": "claim", "word": "cast"}, request_id="mine")
    service.act(code, seats[2], {"type": "claim", "word": "bag"}, request_id="theirs")
    again = service.act(code, seats[1], {"type": "claim", "word": "cast"}, request_id="mine")
    assert again.repeated and again.events == first.events
    assert len(service.events(code)) == first.events[-1].seq + 1  # nothing written again


def test_acting_at_a_table_another_worker_deleted_is_not_found(service, table, lexicons):
    code, host, seats = table
    service.act(code, seats[1], {"type": "claim", "word": "bag"})
    Tables(service.store, lexicons).store.delete(code)
    with pytest.raises(NotFound):
        service.act(code, seats[1], {"type": "claim", "word": "cast"})


# --- the token cache (act_with_token: the seat from a cache, the token checked as the action is written) --


def test_a_token_is_looked_up_once_per_process(service, lexicons, monkeypatch):
    created = service.create("wordsmith", ["Ann", "Bob"])
    other = Tables(service.store, lexicons)  # the phones joined through another worker
    token, joined_here = other.join(created.code, 1), service.join(created.code, 2)
    service.act_with_token(created.code, created.host_token, {"type": "start", "pool": "R3 Y2 B1 G2"})
    lookups = []
    real = service.store.token
    monkeypatch.setattr(service.store, "token", lambda *key: lookups.append(key) or real(*key))
    first = service.act_with_token(created.code, token, {"type": "claim", "word": "cast"}, request_id="c-1")
    second = service.act_with_token(created.code, token, {"type": "claim", "word": "bag"}, request_id="c-2")
    assert first.actor == second.actor == Actor(seat=1)
    assert [event.data["word"] for event in (first.events[0], second.events[0])] == ["cast", "bag"]
    assert len(lookups) == 1  # the second claim's seat came from the cache, and its append checked the token
    assert service.act_with_token(created.code, joined_here, {"type": "claim", "word": "sac"}).actor == Actor(seat=2)
    assert len(lookups) == 1  # a join here fills the cache too


def test_a_token_replaced_through_another_worker_stops_acting_at_once(service, lexicons):
    created = service.create("wordsmith", ["Ann", "Bob"])
    old = service.join(created.code, 1)
    service.act_with_token(created.code, created.host_token, {"type": "start", "pool": "R3 Y2 B1 G2"})
    service.act_with_token(created.code, old, {"type": "claim", "word": "cast"})  # cached here now
    other = Tables(service.store, lexicons)  # another worker: the host gives seat 1 to a new phone
    new = other.join(created.code, 1, actor=other.actor(created.code, created.host_token))
    seq = service.last_seq(created.code)
    with pytest.raises(Forbidden):
        service.act_with_token(created.code, old, {"type": "claim", "word": "bag"})  # would be accepted
    with pytest.raises(Forbidden):
        service.act_with_token(created.code, old, {"type": "claim", "word": "cast"})  # would be refused
    with pytest.raises(Forbidden):
        service.act_with_token(created.code, old, {"type": "pass", "seat": 1})
    assert service.last_seq(created.code) == seq  # nothing written for the old token
    assert (created.code, hash_token(old)) not in service._tokens
    assert service.act_with_token(created.code, new, {"type": "claim", "word": "bag"}).actor == Actor(seat=1)


def test_acting_without_a_token_or_with_another_tables_is_forbidden(service):
    one, two = service.create("wordsmith", ["A", "B"]), service.create("wordsmith", ["C", "D"])
    for token in (None, "", one.host_token):
        with pytest.raises(Forbidden):
            service.act_with_token(two.code, token, {"type": "lock", "locked": True})
    assert [event.type for event in service.events(two.code)] == ["table_created"]


# --- no read before the append when this process's notifier has the table's events ----------------


@pytest.fixture
def deaf(database_url, lexicons, service, table):
    """(this worker, another worker on its own store, code, host, seats): this worker follows the table, but its
    notifier no longer polls or listens, so it does not hear of the other worker's writes: the worst case of its lag."""
    code, host, seats = table
    follower = service.follow(code)
    follower.next(0, timeout=5)  # fills the follower's buffer
    service.store.notifier.stop()
    other_store = Store(database_url)
    yield service, Tables(other_store, lexicons), code, host, seats
    follower.close()
    other_store.close()


def reads_of_events(service, monkeypatch) -> list:
    reads = []
    real = service.store.events
    monkeypatch.setattr(service.store, "events", lambda *args: reads.append(args) or real(*args))
    return reads


def test_a_followed_table_is_acted_at_without_a_read_before_the_append(service, table, monkeypatch):
    code, _, seats = table
    with service.follow(code) as follower:
        follower.next(0, timeout=5)
        reads = reads_of_events(service, monkeypatch)
        service.act(code, seats[1], {"type": "claim", "word": "cast"})
        service.act(code, seats[2], {"type": "claim", "word": "bag"})
        assert reads == []
        assert service._folded(code).to_dict() == service.state(code).to_dict()


def test_the_state_a_streams_part_is_drawn_for_is_folded_from_what_was_heard_without_a_query(
    database_url, lexicons, service, table, monkeypatch
):
    """`state(heard=True)`, what a stream's part is drawn from: another worker's event, once this worker's notifier
    heard it, is folded from the notifier's buffer, with no query; the same state the store gives."""
    code, _, seats = table
    other_store = Store(database_url)
    try:
        with service.follow(code) as follower:
            follower.next(0, timeout=5)
            service.state(code)  # folded here
            seq = Tables(other_store, lexicons).act(code, seats[1], {"type": "claim", "word": "cast"}).events[-1].seq
            assert [event.seq for event in follower.next(seq - 1, timeout=5)] == [seq]  # heard here
            reads = reads_of_events(service, monkeypatch)
            newest = service.store.last_seq
            monkeypatch.setattr(service.store, "last_seq", lambda *args: reads.append(args) or newest(*args))
            drawn = service.state(code, heard=True)
            assert reads == []
            assert drawn.seq == seq and drawn.to_dict() == service.state(code).to_dict()
    finally:
        other_store.close()


def test_a_write_this_worker_has_not_heard_of_is_still_judged_against(deaf, monkeypatch):
    service, other, code, _, seats = deaf
    other.act(code, seats[2], {"type": "claim", "word": "cast"})  # unheard here
    reads = reads_of_events(service, monkeypatch)
    with pytest.raises(Rejected) as refused:
        service.act(code, seats[1], {"type": "claim", "word": "cast"})
    assert "already_claimed" in [objection["code"] for objection in refused.value.objections]
    assert reads  # the append lost at the unheard seq, so the store was read and the claim judged again
    accepted = service.act(code, seats[1], {"type": "claim", "word": "bag"})
    assert accepted.events[0].seq == service.last_seq(code)
    assert service._folded(code).to_dict() == service.state(code).to_dict()


def test_a_refusal_by_what_this_worker_heard_is_judged_again_from_the_store(deaf, monkeypatch):
    service, other, code, host, seats = deaf
    service.act(code, seats[1], {"type": "claim", "word": "cast"})
    other.act(code, host, {"type": "end_challenge"})  # unheard here: a new challenge, where "cast" is free
    other.act(code, host, {"type": "start", "pool": "R3 Y2 B1 G2"})
    reads = reads_of_events(service, monkeypatch)
    outcome = service.act(code, seats[2], {"type": "claim", "word": "cast"})  # already claimed, by what was heard
    assert reads  # refused by what this worker heard: judged again from the store, and accepted
    assert outcome.events[0].data["word"] == "cast"
    assert service._folded(code).to_dict() == service.state(code).to_dict()


def test_a_retry_of_a_request_applied_through_another_worker_answers_as_the_first_time(deaf):
    """Judged on this worker's stale fold the retry's append fails on the seq, then from the store it meets itself."""
    service, other, code, _, seats = deaf
    first = other.act(code, seats[1], {"type": "claim", "word": "cast"}, request_id="r-1")  # unheard here
    again = service.act(code, seats[1], {"type": "claim", "word": "cast"}, request_id="r-1")
    assert again.repeated and again.events == first.events
    assert service.last_seq(code) == first.events[-1].seq  # nothing written twice
    assert service._folded(code).to_dict() == service.state(code).to_dict()


def test_tokens_are_256_random_bits_that_never_start_with_a_dash():
    """A token follows `--token` on the command line, where a leading '-' would read as an option (1 in 64 did)."""
    tokens = [new_token() for _ in range(3000)]
    assert not [token for token in tokens if token.startswith("-")]
    assert len(set(tokens)) == len(tokens) and all(len(token) == 43 for token in tokens)  # 32 bytes, base64url
    assert {token[0] for token in tokens} > {"_", "A", "z", "0"}  # the rest of the alphabet still starts them


def test_a_seat_name_past_its_bound_is_refused_by_the_table_itself_for_every_caller(service):
    """The bound is the table's, not only the API's: the command line's local tables and the pages keep it too."""
    with pytest.raises(Refused) as refused:
        service.create("wordsmith", ["Ann", "B" * (MAX_SEAT_NAME + 1)])
    assert refused.value.path == ("seats", 1)
    assert str(refused.value) == f"at most {MAX_SEAT_NAME} characters, not {MAX_SEAT_NAME + 1}: shorten it"
    created = service.create("wordsmith", ["Ann", "B" * MAX_SEAT_NAME])
    assert created.state.seats[1].name == "B" * MAX_SEAT_NAME
    with pytest.raises(Refused) as refused:
        service.act(created.code, Actor(host=True), {"type": "rename", "seat": 1, "name": "A" * (MAX_SEAT_NAME + 1)})
    assert refused.value.path == ("name",)
