"""Live tables under races and misuse, on SQLite and PostgreSQL: a token taken away writes nothing, on every
path (the service's door, the API, the pages), however the token was found; a join replayed from another phone
takes no seat; a lost race reads only what is new; one seat's refused words cannot fill the table.

Races are made by construction, not by timing: a store method is wrapped so that the other process's write
(through another service over the same database) lands exactly inside the window that matters, e.g. right after
a token lookup answered and before the action is written.
"""

from __future__ import annotations

import pytest
from test_pages_tables import SEAT_COOKIE, create, hidden, join, phone, post_form, start

from app import create_app
from app.serving.streams import HOLDER_STREAMS
from solver.errors import Refused
from solver.lexicon import load_lexicons
from tables.events import Actor, Forbidden, Rejected, Slowed
from tables.service import REFUSAL_WINDOW_SECONDS, Tables
from tables.state import REFUSALS_KEPT
from tables.store import Store
from tables.wordsmith.model import REFUSED_SHOWN


@pytest.fixture(scope="module")
def lexicons():
    loaded = load_lexicons()
    return {name: loaded[name] for name in loaded}


def revoke_after_lookup(store: Store, revoke) -> None:
    """The next lookup of a token in `store` answers as the store said, then `revoke()` runs (once)."""
    lookup = store.token
    done = []

    def token(code, token_hash):
        seat = lookup(code, token_hash)
        if not done:
            done.append(True)
            revoke()
        return seat

    store.token = token


# (what the host does, whose token acts meanwhile, what it tries)
REVOCATIONS = [
    ({"type": "release", "seat": 1}, 1, {"type": "claim", "word": "cast"}),
    ({"type": "remove", "seat": 1}, 1, {"type": "claim", "word": "cast"}),
    ({"type": "hand_host", "seat": 2}, 0, {"type": "lock", "locked": True}),
]


@pytest.mark.parametrize("revocation, acting, action", REVOCATIONS, ids=["release", "remove", "hand_host"])
def test_a_token_revoked_after_it_was_read_writes_nothing(database_url, lexicons, revocation, acting, action):
    phones_store, hosts_store = Store(database_url), Store(database_url)
    try:
        worker, other = Tables(phones_store, lexicons), Tables(hosts_store, lexicons)  # two processes, one store
        created = other.create("wordsmith", ["Ann", "Bob"])
        code, host = created.code, Actor(host=True)
        tokens = {0: created.host_token, **{seat: other.join(code, seat) for seat in (1, 2)}}
        other.act(code, host, {"type": "start", "pool": "R3 Y2 B1 G2"})
        before = [event.seq for event in other.events(code)]
        revoke_after_lookup(phones_store, lambda: other.act(code, host, revocation))
        with pytest.raises(Forbidden):
            worker.act_with_token(code, tokens[acting], action, request_id="after-revocation")
        written = [event.type for event in other.events(code) if event.seq not in before]
        assert written == [
            {"release": "seat_released", "remove": "seat_removed"}.get(revocation["type"], "host_handed")
        ]
    finally:
        phones_store.close()
        hosts_store.close()


def handed_after_lookup(app, database_url: str, code: str, by, to: int) -> None:
    """The app's next lookup of a token answers, then another process hands the host role (from `by`) to `to`."""
    service = app.extensions["tables"]
    other = Store(database_url)

    def hand():
        try:
            Tables(other, service.lexicons).act(code, by, {"type": "hand_host", "seat": to})
        finally:
            other.close()

    revoke_after_lookup(service.store, hand)


def delete_by_api(app, code: str, token: str, _phone, _page: str):
    return app.test_client().delete(f"/api/v1/tables/{code}", headers={"Authorization": f"Bearer {token}"})


def delete_by_page(_app, code: str, _token: str, phone, page: str):
    return phone.post(f"/tables/{code}/delete", data={"csrf_token": hidden(page, "csrf_token"), "confirm": "1"})


@pytest.mark.parametrize("delete", [delete_by_api, delete_by_page], ids=["api", "page"])
@pytest.mark.parametrize("hosting", ["host", "seat"])
def test_a_delete_in_flight_when_the_host_role_moved_deletes_nothing(database_url, delete, hosting):
    """Deleting the table is the host's, by the same door as every action: the host's phone (the host's own token,
    or a seat's phone the role was handed to) sends a delete, and right after its token was looked up another
    process hands the role on. The table stays, and the phone is told it does not host."""
    app = create_app({"TESTING": True, "DATABASE_URL": database_url})
    host, ann, bob = phone(app), phone(app), phone(app)
    code, _ = create(host)
    assert join(ann, code, 1).status_code == 303 and join(bob, code, 2).status_code == 303
    service = app.extensions["tables"]
    if hosting == "seat":  # Ann's phone hosts; the role then moves on to Bob's
        service.act(code, Actor(host=True), {"type": "hand_host", "seat": 1})
        sender, token, by = ann, ann.get_cookie(SEAT_COOKIE, path=f"/tables/{code}").value, Actor(seat=1)
    else:
        sender, token, by = host, host.get_cookie("wordsmith_host", path=f"/tables/{code}").value, Actor(host=True)
    page = sender.get(f"/tables/{code}/host").get_data(as_text=True)  # its delete form, before the race is set
    handed_after_lookup(app, database_url, code, by, 2)
    answer = delete(app, code, token, sender, page)
    with app.app_context():
        assert service.state(code).host_seat == 2  # the table is there, Bob's phone hosts it
    assert answer.status_code in (303, 403), answer.status_code
    assert not answer.headers.get("Location", "").endswith("/tables")  # not the deleted table's way home


def started_with_two_seats(database_url: str):
    """The app on `database_url` with a started table of Ann and Bob, each seated by a phone: (app, code, Ann's)."""
    app = create_app({"TESTING": True, "DATABASE_URL": database_url})
    host, ann, bob = phone(app), phone(app), phone(app)
    code, _ = create(host)
    assert join(ann, code, 1).status_code == 303 and join(bob, code, 2).status_code == 303
    start(host, code)
    return app, code, ann


def released_by_another_host(database_url: str, service: Tables, code: str) -> None:
    """Seat 1 released by the host through another process's service: this one's token cache still knows its token."""
    other_store = Store(database_url)
    try:
        Tables(other_store, service.lexicons).act(code, Actor(host=True), {"type": "release", "seat": 1})
    finally:
        other_store.close()


def test_a_page_action_after_its_seat_was_released_writes_nothing(database_url):
    app, code, ann = started_with_two_seats(database_url)
    claim_page = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    with app.app_context():
        service = app.extensions["tables"]
        other_store = Store(database_url)
        try:
            other = Tables(other_store, service.lexicons)
            service._tokens.clear()
            revoke_after_lookup(
                service.store, lambda: other.act(code, Actor(host=True), {"type": "release", "seat": 1})
            )
            answer = post_form(ann, f"/tables/{code}/play", claim_page, "claim-form", action="claim", word="cast")
        finally:
            other_store.close()
        assert answer.status_code in (303, 403), answer.status_code
        types = [event.type for event in service.events(code)]
    assert "seat_released" in types and "claim" not in types


@pytest.mark.parametrize("action", [{"action": "claim", "word": "cast"}, {"action": "start", "pool": "R3"}])
def test_a_page_action_by_a_token_this_process_still_knows_writes_nothing_and_shows_no_seat(database_url, action):
    """The token cache answers who sends a page's action, without a query; another host released Ann's seat, so her
    phone's action (a claim, or one her page may not send) writes nothing, and her answer, asked by her page's
    script, is the join page's redirect: never her old seat's page or the table's part."""
    app, code, ann = started_with_two_seats(database_url)
    page = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    assert post_form(ann, f"/tables/{code}/play", page, "claim-form", action="claim", word="bag").status_code == 303
    page = ann.get(f"/tables/{code}/play").get_data(as_text=True)  # her page, open when her seat goes
    with app.app_context():
        service = app.extensions["tables"]
        released_by_another_host(database_url, service, code)
        before = [event.seq for event in service.events(code)]
        data = {"csrf_token": hidden(page, "csrf_token"), "request_id": "stale-token-1", **action}
        answer = ann.post(f"/tables/{code}/play", data=data, headers={"Table-Page": "fragment"})
        written = [event.type for event in service.events(code) if event.seq not in before]
    assert written == []
    assert answer.status_code == 303 and answer.headers["Location"].endswith("/join?moved=1"), answer.status_code


def test_a_hosts_action_from_a_seat_whose_token_went_shows_no_seat(database_url):
    """A playing host's phone (the host's cookie and seat 1's) sends the host's Lock from its seat's page after
    another host released seat 1: the host's token acts, and the page after it is the join page's redirect, not
    seat 1's page drawn from the token this process still knew."""
    app = create_app({"TESTING": True, "DATABASE_URL": database_url})
    ann, bob = phone(app), phone(app)
    code, _ = create(ann)
    assert join(ann, code, 1).status_code == 303 and join(bob, code, 2).status_code == 303
    start(ann, code)
    page = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    assert 'id="host-box"' in page
    assert post_form(ann, f"/tables/{code}/play", page, "claim-form", action="claim", word="bag").status_code == 303
    with app.app_context():
        service = app.extensions["tables"]
        released_by_another_host(database_url, service, code)
        data = {"csrf_token": hidden(page, "csrf_token"), "request_id": "lock-after-release", "action": "lock"}
        answer = ann.post(f"/tables/{code}/play", data=data, headers={"Table-Page": "fragment"})
        assert service.state(code).locked  # the host's token acted
    assert answer.status_code == 303 and answer.headers["Location"].endswith("/join?moved=1"), answer.status_code


def test_a_page_action_asks_the_store_for_no_token_this_process_knows(database_url):
    """Who sends a page's action comes from the token cache (its door proves the token as it writes): a claim from
    a phone this process knows asks the store for no token; a page read always asks."""
    app, code, ann = started_with_two_seats(database_url)
    page = ann.get(f"/tables/{code}/play").get_data(as_text=True)
    service = app.extensions["tables"]
    asked = []
    lookup = service.store.token
    service.store.token = lambda *key: asked.append(key) or lookup(*key)
    assert post_form(ann, f"/tables/{code}/play", page, "claim-form", action="claim", word="cast").status_code == 303
    assert asked == []
    ann.get(f"/tables/{code}/play")
    assert len(asked) == 1


def test_a_page_join_replayed_from_another_phone_takes_no_seat(database_url):
    """Another phone posts the very form Ann's phone sent (its request id too): it gets no seat, Ann keeps hers."""
    app = create_app({"TESTING": True, "DATABASE_URL": database_url})
    host, ann, stranger = phone(app), phone(app), phone(app)
    code, _ = create(host)
    form = ann.get(f"/tables/{code}/join").get_data(as_text=True)
    fields = {"seat": "1", "request_id": hidden(form, "request_id", "join-form")}
    assert post_form(ann, f"/tables/{code}/join", form, "join-form", **fields).status_code == 303
    again = post_form(ann, f"/tables/{code}/join", form, "join-form", **fields)  # Ann's double tap
    assert again.status_code == 303
    stranger.get(f"/tables/{code}/join")  # the stranger's own session and CSRF token, Ann's request id
    replayed = post_form(
        stranger,
        f"/tables/{code}/join",
        stranger.get(f"/tables/{code}/join").get_data(as_text=True),
        "join-form",
        **fields,
    )
    assert replayed.status_code == 409
    assert stranger.get_cookie(SEAT_COOKIE, path=f"/tables/{code}") is None
    assert ann.get(f"/tables/{code}/play").status_code == 200  # Ann's seat page, not the join page


# --- a lost race -----------------------------------------------------------------------------


def test_a_lost_race_reads_only_what_the_winner_wrote(database_url, lexicons):
    """After another process's write takes the seq, the action is judged again on the cached fold brought up to
    date by the events after it: no read of the whole table, however long it is."""
    mine, theirs = Store(database_url), Store(database_url)
    try:
        worker, other = Tables(mine, lexicons), Tables(theirs, lexicons)
        created = other.create("wordsmith", ["Ann", "Bob"])
        code, host = created.code, Actor(host=True)
        tokens = {seat: other.join(code, seat) for seat in (1, 2)}
        other.act(code, host, {"type": "start", "pool": "R3 Y2 B1 G2"})
        worker.state(code)  # the worker's fold is cached
        append, reads = mine.append, []
        events = mine.events

        def append_after_theirs(*args, **kwargs):
            if "append" not in reads:  # the first try: another process's write lands first
                other.act(code, host, {"type": "rename", "seat": 2, "name": "Bobby"})
            reads.append("append")
            return append(*args, **kwargs)

        def events_after(code_, after=0):
            reads.append(after)
            return events(code_, after)

        mine.append, mine.events = append_after_theirs, events_after
        outcome = worker.act_with_token(code, tokens[1], {"type": "claim", "word": "cast"})
        assert [event.type for event in outcome.events] == ["claim"]
        assert reads.count("append") == 2, reads  # lost once, then written
        assert all(after for after in reads if after != "append"), reads  # every read after the cached fold
    finally:
        mine.close()
        theirs.close()


def test_an_action_at_a_table_deleted_meanwhile_is_not_found(database_url, lexicons):
    from tables.events import NotFound

    mine, theirs = Store(database_url), Store(database_url)
    try:
        worker, other = Tables(mine, lexicons), Tables(theirs, lexicons)
        created = other.create("wordsmith", ["Ann", "Bob"])
        code = created.code
        token = other.join(code, 1)
        worker.state(code)  # cached
        append = mine.append

        def append_after_delete(*args, **kwargs):
            theirs.delete(code)
            return append(*args, **kwargs)

        mine.append = append_after_delete
        with pytest.raises((NotFound, Forbidden)):
            worker.act_with_token(code, token, {"type": "rename", "seat": 1, "name": "Ann B"})
    finally:
        mine.close()
        theirs.close()


# --- one seat's refused words ------------------------------------------------------------------


class Clock:
    def __init__(self, now: float = 1_800_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


def refusing_table(database_url, lexicons, settings=None):
    """A started two-seat table on a clock of the test's own: (service, code, seat tokens, clock, store)."""
    clock, store = Clock(), Store(database_url)
    service = Tables(store, lexicons, clock=clock, settings=settings)
    created = service.create("wordsmith", ["Ann", "Bob"])
    tokens = {0: created.host_token, **{seat: service.join(created.code, seat) for seat in (1, 2)}}
    service.act_with_token(created.code, tokens[0], {"type": "start", "pool": "R3 Y2 B1 G2"})
    return service, created.code, tokens, clock, store


def nonsense(n: int) -> dict:
    return {"type": "claim", "word": "zq" + "xv" * (n % 5 + 1)}


def test_one_seats_refusals_are_bounded_in_rate_and_name_the_wait(database_url, lexicons):
    service, code, tokens, clock, store = refusing_table(database_url, lexicons)
    try:
        for n in range(REFUSALS_KEPT):
            clock.now += 1
            with pytest.raises(Rejected):
                service.act_with_token(code, tokens[1], nonsense(n))
        written = len(service.events(code))
        clock.now += 1
        with pytest.raises(Slowed) as slowed:
            service.act_with_token(code, tokens[1], nonsense(99))
        assert slowed.value.retry_after == REFUSAL_WINDOW_SECONDS - REFUSALS_KEPT  # the oldest was 10 s ago
        assert f"{slowed.value.retry_after} s" in slowed.value.message
        assert len(service.events(code)) == written  # nothing written
        with pytest.raises(Rejected):  # another seat is heard as ever
            service.act_with_token(code, tokens[2], nonsense(1))
        assert service.act_with_token(code, tokens[1], {"type": "claim", "word": "cast"}).events  # a real word stands
        clock.now += slowed.value.retry_after
        with pytest.raises(Rejected):  # the wait is over: heard (and written) again
            service.act_with_token(code, tokens[1], nonsense(3))
        assert [e.type for e in service.events(code)][-1] == "claim_refused"
    finally:
        store.close()


def test_refusals_cannot_fill_a_table_and_the_host_can_always_finish(database_url, lexicons):
    most = 60
    service, code, tokens, clock, store = refusing_table(database_url, lexicons, {"table_max_events": most})
    try:
        for n in range(200):
            clock.now += 7  # slower than the rate: only the limit stops them being written
            with pytest.raises(Rejected):
                service.act_with_token(code, tokens[1 + n % 2], nonsense(n))
        reserve = most // 10
        assert service.last_seq(code) == most - reserve  # the refusals stopped short of the limit
        while service.last_seq(code) < most:  # the table's own actions use the room left, up to the limit
            n = service.last_seq(code)
            service.act_with_token(code, tokens[0], {"type": "rename", "seat": 2, "name": f"Bob {n}"})
        with pytest.raises(Refused):  # a seat's action past the limit
            service.act_with_token(code, tokens[1], {"type": "claim", "word": "cast"})
        ended = service.act_with_token(code, tokens[0], {"type": "end_challenge"})  # the host still ends it
        assert ended.state.game_state.phase == "between" and ended.state.seq <= most + reserve
    finally:
        store.close()


def test_a_refused_claim_past_its_rate_is_a_429_naming_the_wait(tmp_path):
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite3'}"})
    client = app.test_client()
    from test_api_tables import Table

    table = Table(client)
    table.start()
    answers = [table.claim(1, nonsense(n)["word"]) for n in range(REFUSALS_KEPT + 1)]
    assert [a.status_code for a in answers] == [409] * REFUSALS_KEPT + [429]
    problem = answers[-1].json
    assert problem["type"].endswith("refusals-too-fast") and answers[-1].headers["Retry-After"] in problem["detail"]


def test_the_state_a_phone_reads_lists_only_this_challenges_newest_refusals(database_url, lexicons):
    service, code, tokens, clock, store = refusing_table(database_url, lexicons)
    try:
        for n in range(REFUSED_SHOWN + 30):
            clock.now += 7
            with pytest.raises(Rejected):
                service.act_with_token(code, tokens[1 + n % 2], nonsense(n))
        shown = service.state(code).to_dict(Actor(seat=1))["wordsmith"]["refused"]
        refused = [e.seq for e in service.events(code) if e.type == "claim_refused"]
        assert [attempt["seq"] for attempt in shown] == refused[-REFUSED_SHOWN:]
        service.act_with_token(code, tokens[0], {"type": "end_challenge"})
        service.act_with_token(code, tokens[0], {"type": "start", "pool": "R3 Y2 B1 G2"})
        assert service.state(code).to_dict(Actor(seat=1))["wordsmith"]["refused"] == []  # a new challenge: none yet
    finally:
        store.close()


@pytest.mark.parametrize(
    ("page_name", "action", "written"),
    [("play", "end_challenge", "challenge_ended"), ("host", "lock", "joining_locked")],
)
def test_a_seat_handed_the_host_role_through_another_process_sends_a_host_action_at_once(
    database_url, page_name, action, written
):
    """Whether a seat's phone hosts is read from this process's fold of the table, which has not read the event that
    handed it the role (written through another worker or host): the host's action from its seat's page, or from
    the host's page it opens, goes through rather than being refused."""
    app, code, ann = started_with_two_seats(database_url)
    page = ann.get(f"/tables/{code}/play").get_data(as_text=True)  # folded here: seat 1 does not host
    assert 'id="host-box"' not in page
    with app.app_context():
        service = app.extensions["tables"]
        other_store = Store(database_url)
        try:
            Tables(other_store, service.lexicons).act(code, Actor(host=True), {"type": "hand_host", "seat": 1})
        finally:
            other_store.close()
        answer = post_form(ann, f"/tables/{code}/{page_name}", page, "claim-form", action=action)
        types = [event.type for event in service.events(code)]
    assert answer.status_code == 303, answer.get_data(as_text=True)[:300]
    assert types[-2:] == ["host_handed", written]


# --- streams of a token that stopped -----------------------------------------------------------


def stream_through(kind: str, client, code: str, token: str):
    """A stream opened with a seat's token: the API's (bearer) or the pages' (the seat's cookie)."""
    if kind == "api":
        return client.get(f"/api/v1/tables/{code}/events", headers={"Authorization": f"Bearer {token}"}, buffered=False)
    client.set_cookie(SEAT_COOKIE, token, path=f"/tables/{code}")
    return client.get(f"/tables/{code}/events", buffered=False)


@pytest.mark.parametrize("kind", ["api", "page"])
@pytest.mark.parametrize("stop", ["release", "remove"])
def test_a_seats_streams_end_when_its_token_stops_and_its_new_phone_gets_its_own(database_url, kind, stop):
    """A phone holds its seat's every stream slot (HOLDER_STREAMS) when the host gives the seat to another phone or
    removes it: each of its streams sends the event that stopped its token, then ends (not at the end of its
    lifetime), giving its slot back, so the seat's new phone gets its streams; the old one reads no more."""
    app = create_app(
        {"TESTING": True, "DATABASE_URL": database_url, "EVENT_STREAM_SECONDS": 600, "EVENT_HEARTBEAT_SECONDS": 0.2}
    )
    service = app.extensions["tables"]
    try:
        follow_and_stop(app, service, kind, stop)
    finally:
        service.store.close()  # its notifier's thread and LISTEN connection, which the streams started


def follow_and_stop(app, service, kind: str, stop: str) -> None:
    with app.app_context():
        created = service.create("wordsmith", ["Ann", "Bob", "Cy"])
        code = created.code
        old = service.join(code, 1)
        held = [stream_through(kind, app.test_client(), code, old) for _ in range(HOLDER_STREAMS)]
        assert [answer.status_code for answer in held] == [200] * HOLDER_STREAMS
        chunks = [iter(answer.response) for answer in held]
        for chunk in chunks:  # each stream's head and backlog, before the seat goes
            assert b"seat_joined" in b"".join(next(chunk) for _ in range(2))
        service.act(code, Actor(host=True), {"type": stop, "seat": 1})
        for chunk in chunks:
            sent = next(chunk)
            while sent.startswith(b":"):  # a keep-alive that came first
                sent = next(chunk)
            assert f"event: seat_{stop}".encode() in sent
            assert next(chunk, None) is None  # ended: no keep-alive after it
        for answer in held:
            answer.close()
        if stop == "release":
            new = service.join(code, 1)
            fresh = stream_through(kind, app.test_client(), code, new)
            assert fresh.status_code == 200
            fresh.close()
        again = stream_through(kind, app.test_client(), code, old)  # the old phone reconnects
        assert again.status_code == (403 if kind == "api" else 200)  # a page's: the table view's, as anyone's
        again.close()
