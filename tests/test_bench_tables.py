"""bench/tables.py's own logic: its planned claims are what a table accepts, its phones do what the pages do, and
its latencies are matched to the right claims.

The benchmark itself is run by hand (bench/README.md); these check what it would
otherwise report wrongly without saying so: a planned claim the rules refuse
(a run full of 409s measures refusals, not claims), a game that does not end
where the bench expects, a page whose forms or seq the pages mode no longer
reads, a phone that fetches more or less than tables.js would, or a delivery
matched to the wrong claim.
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import json
import random
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.lexicon import load_lexicons
from tables.events import Actor, Context, Event, Rejected, stamp
from tables.state import apply, decide, fold

ROOT = Path(__file__).resolve().parent.parent
PARTS = ("tables_plan", "tables_http", "tables_api", "tables_pages", "tables_report", "tables_hosts")


def load_bench() -> SimpleNamespace:
    """bench/tables.py as `bench_tables` (its file name is the `tables` package's, so it is loaded by path) and its
    modules (bench/tables_*.py) by their own names; bench/ is on the path only while they load, so that its
    other scripts (`load`, `timing`) shadow nothing in the other tests."""
    spec = importlib.util.spec_from_file_location("bench_tables", ROOT / "bench" / "tables.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_tables"] = module
    sys.path.append(str(ROOT / "bench"))
    try:
        spec.loader.exec_module(module)
        return SimpleNamespace(main=module, **{name.split("_")[1]: importlib.import_module(name) for name in PARTS})
    finally:
        sys.path.remove(str(ROOT / "bench"))


bench = load_bench()
plan, http, api, pages, report = bench.plan, bench.http, bench.api, bench.pages, bench.report
HOST = Actor(host=True)


class Table:
    """A table folded in memory: decide, stamp, apply, as the service does (no store)."""

    def __init__(self, seats):
        data = {"game": "wordsmith", "lexicon": "standard", "variants": [], "seats": list(seats), "settings": {}}
        self.now = 1_800_000_000.0
        self.state = fold([Event(1, "table_created", stamp(self.now), 0, data)])
        self.lexicons = load_lexicons()

    def act(self, action: dict, actor: Actor = HOST) -> list[Event]:
        self.now += 1.0
        made = decide(self.state, actor, action, Context(self.lexicons, random.Random(7), self.now))
        events = []
        for new in made:
            event = Event(self.state.seq + 1, new.type, stamp(self.now), new.by, new.data)
            apply(self.state, event)
            events.append(event)
        return events


def run_apart(coroutine):
    """`asyncio.run` in a thread of its own: a browser test's Playwright, run before in this test process, keeps an
    event loop running in the main thread, where asyncio.run refuses to start."""
    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


def test_a_game_of_planned_challenges_is_accepted_claim_by_claim_and_ends_by_itself():
    plans = plan.plan_challenges(len(plan.SEATS), limit=3)
    assert len(plans) == 3
    table = Table(plan.SEATS)
    for seat in range(1, len(plan.SEATS) + 1):
        table.act({"type": "join", "seat": seat}, Actor())
    for number, planned in enumerate(plans, 1):
        assert [e.type for e in table.act({"type": "start", "pool": planned.pool})] == ["challenge_started"]
        assert len(planned.claims) == 6 * len(plan.SEATS)
        for seat, word in planned.claims:
            events = table.act({"type": "claim", "word": word}, Actor(seat=seat))
            assert events[0].type == "claim" and events[0].data["word"] == word
        types = [e.type for e in events]  # the last seat's extra word after Done! ends the challenge
        assert "challenge_ended" in types, types
        assert table.state.game_state.challenge == number
    assert "game_ended" in types  # three challenges make the game
    with pytest.raises(Rejected):
        table.act({"type": "start", "pool": plans[0].pool})


def test_each_delivery_is_matched_to_the_first_event_carrying_the_word_after_the_claim_was_sent():
    def event(word):
        return json.dumps({"seq": 9, "type": "claim", "data": {"word": word}}).encode()

    sent = api.Sent(table=0, seat=1, word="cast", due=9.0, sent=10.0, status=201)
    refused = api.Sent(table=0, seat=2, word="bag", due=9.0, sent=10.0, status=409)
    got = [
        (9.5, 0, 1, event("cast")),  # the same word earlier (a previous challenge): not this claim's
        (10.010, 0, 1, event("cast")),
        (10.030, 0, 2, event("cast")),
        (10.020, 0, 3, event("cast")),
        (10.500, 0, 3, event("cast")),  # a later one on the same stream: not the first
        (10.040, 1, 4, event("cast")),  # another table's stream
        (10.050, 0, 4, b"not json"),
        (10.060, 0, 4, json.dumps({"seq": 1, "type": "challenge_started", "data": {}}).encode()),
    ]
    every, last, missing = report.deliveries([sent, refused], got, seats=4)
    assert sorted(round(ms) for ms in every) == [10, 20, 30]
    assert [round(ms) for ms in last] == [30]
    assert missing == 1  # seat 4's stream never carried CAST; the refused claim is not counted


def test_each_other_screen_is_updated_by_its_first_page_that_shows_the_claim():
    claim = pages.PageClaim(table=0, seat=1, word="cast", due=9.0, sent=10.0, status=pages.TAKEN, seq=8)
    refused = pages.PageClaim(table=0, seat=2, word="bag", due=9.0, sent=10.0, status=409)
    screens = [
        {"table": 0, "seat": 1, "heard": [(10.004, 7, "cast")], "fetches": []},  # the claimant's own
        # The same word in an earlier challenge (seq 3) is not this claim's: its seq is 7.
        {
            "table": 0,
            "seat": 2,
            "heard": [(9.5, 3, "cast"), (10.005, 7, "cast")],
            "fetches": [("event", 10.006, 10.020, 200, 7)],
        },
        # Its first page at seq 7 or later counts (answered at 10.060, seq 8), not an older one answered after it.
        {
            "table": 0,
            "seat": 3,
            "heard": [(10.006, 7, "cast")],
            "fetches": [
                ("event", 9.0, 9.2, 200, 6),
                ("event", 10.007, 10.060, 200, 8),
                ("event", 10.001, 10.070, 200, 7),
            ],
        },
        {"table": 0, "seat": 4, "heard": [(10.008, 7, "cast")], "fetches": [("event", 10.009, 10.030, 500, -1)]},
        {"table": 0, "seat": 0, "heard": [], "fetches": [("event", 10.010, 10.040, 200, 7)]},  # the TV
        {"table": 1, "seat": 2, "heard": [(10.002, 2, "cast")], "fetches": [("event", 10.003, 10.010, 200, 2)]},
    ]
    found = report.screen_updates([claim, refused], screens)
    assert sorted(round(ms) for ms in found["every"]) == [20, 40, 60]
    assert [round(ms) for ms in found["last"]] == [60] and round(claim.delivered) == 60
    assert sorted(round(ms) for ms in found["events"]) == [5, 6, 8]  # the TV's stream brought nothing
    assert (found["missing"], found["unseen"]) == (1, 0)  # seat 4's page failed; the refused claim is not counted

    unseen = pages.PageClaim(table=0, seat=2, word="bag", due=9.0, sent=10.0, status=pages.TAKEN, seq=8)
    found = report.screen_updates([unseen], screens)  # seen on no stream: the seq of its own page, 8
    assert found["unseen"] == 1 and [round(ms) for ms in found["every"]] == [60]


def test_a_screen_fetches_its_page_once_per_burst_of_events_and_not_for_what_it_shows():
    async def scenario() -> tuple[list[str], int]:
        screen = pages.Screen(0, table=0, seat=2, address=None, url="/tables/K7MP2Q/play")
        screen.shown = 3
        fetched: list[str] = []

        async def load(url: str, kind: str):
            fetched.append(kind)
            await asyncio.sleep(0.01)
            screen.shown = latest  # the page shows the table as it is when answered
            return http.Answer(200, {}, b"", 0.0, 0.0)

        async def settle() -> None:
            await asyncio.sleep(0)
            while not screen.settled():
                await asyncio.sleep(0.005)

        screen.load = load
        latest = 7
        screen.heard(3)  # shown already (its own claim's, say): nothing fetched
        await settle()
        assert fetched == []
        screen.heard(5)
        await asyncio.sleep(0)
        screen.heard(6)  # during the fetch: one more fetch owed, however many come
        screen.heard(7)
        await settle()
        assert fetched == ["event", "event"]
        screen.heard(7)  # the second fetch showed 7
        await settle()

        async def fails(url: str, kind: str):
            fetched.append(kind)
            raise OSError("no connection")

        screen.load = fails
        screen.heard(8)
        await asyncio.sleep(0.02)  # failed: not settled, a retry is due in 1 s
        retry = screen.retry
        retry.cancel()
        return fetched, screen.failures

    fetched, failures = run_apart(scenario())
    assert fetched == ["event", "event", "event"] and failures == 1  # a failed fetch is tried again later


def test_a_browser_keeps_the_cookies_it_is_set_and_drops_those_deleted():
    browser = http.Browser(0, None)
    browser.keep("session=abc.def; HttpOnly; Path=/\nwordsmith_seat=t0k; Path=/tables/K7MP2Q; SameSite=Lax")
    browser.keep("session=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/")
    assert browser.cookies == {"wordsmith_seat": "t0k"}
    assert "Cookie: wordsmith_seat=t0k\r\n" in browser.head("GET", "/tables/K7MP2Q/play")


def test_the_pages_mode_reads_the_forms_and_the_seq_the_pages_render(app):
    """What the pages mode posts and reads off the pages (form_fields, page_seq, location), against the app's own
    pages through the test client: a template change that the bench would no longer follow fails here first."""

    def answer(response) -> object:
        return http.Answer(response.status_code, {"location": response.headers.get("Location", "")}, b"", 0.0, 0.0)

    planned = plan.plan_challenges(len(plan.SEATS), limit=1)[0]
    phones = [app.test_client() for _ in plan.SEATS]
    host = phones[0]  # seat 1's phone makes the table, so it also hosts it
    fields = http.form_fields(host.get("/tables").data)
    form = {"csrf_token": fields["csrf_token"], "game": "wordsmith", "lexicon": "standard"}
    created = host.post("/tables", data={**form, **{f"seat{n}": name for n, name in enumerate(plan.SEATS, 1)}})
    assert created.status_code == 303
    code = http.location(answer(created)).split("/")[2]
    assert http.location(answer(created)) == f"/tables/{code}/host"
    for seat, phone in enumerate(phones, 1):
        fields = http.form_fields(phone.get(f"/tables/{code}/join").data)
        assert fields["request_id"].endswith("-join")
        joined = phone.post(f"/tables/{code}/join", data={**fields, "seat": str(seat)})
        assert (joined.status_code, http.location(answer(joined))) == (303, f"/tables/{code}/play")
        browser = http.Browser(0, None)
        browser.keep("\n".join(joined.headers.getlist("Set-Cookie")))
        assert "wordsmith_seat" in browser.cookies

    # The page's script posts its forms (http.SCRIPT_HEADER): the answer is the page after the action.
    name, value = http.SCRIPT_HEADER.split(": ")
    page = host.get(f"/tables/{code}/play").data
    form = {"csrf_token": http.form_fields(page)["csrf_token"], "request_id": pages.request_id("start")}
    started = host.post(
        f"/tables/{code}/play", data={**form, "action": "start", "pool": planned.pool}, headers={name: value}
    )
    assert started.status_code == pages.TAKEN and "Location" not in started.headers
    seq = http.page_seq(started.data)
    assert seq > 0 and http.live_url(started.data) == f"/tables/{code}/live" and http.part_keys(started.data)

    seat, word = planned.claims[0]
    claimant = phones[seat - 1]
    page = claimant.get(f"/tables/{code}/play").data
    form = {"csrf_token": http.form_fields(page)["csrf_token"], "request_id": pages.request_id("claim")}
    # Sent with the page's own part keys, as the bench's screens send them: the claim changes none of them, and the
    # answer is the table's part after it, which the screen takes without replacing its own keys.
    shown = " ".join(f"{token}:{key}" for token, key in http.part_keys(page).items())
    posted = claimant.post(
        f"/tables/{code}/play",
        data={**form, "action": "claim", "word": word},
        headers={name: value, http.PARTS_HEADER: shown},
    )
    assert posted.status_code == pages.TAKEN and http.page_seq(posted.data) == seq + 1
    assert http.is_part(posted.data) and not http.is_part(page)
    assert all(http.part_keys(posted.data)[token] == key for token, key in http.part_keys(page).items())
    form["request_id"] = pages.request_id("claim")  # without the script: posted, redirected, loaded
    again = claimant.post(f"/tables/{code}/play", data={**form, "action": "claim", "word": planned.claims[1][1]})
    assert (again.status_code, http.location(answer(again))) == (303, f"/tables/{code}/play")
    seq += 1
    assert http.page_seq(app.test_client().get(f"/tables/{code}").data) == seq + 1  # the TV's table view

    # What a screen follows the table with: its page's live URL and own part keys, and /live's keys for every phone.
    other = phones[seat % len(phones)]
    page = other.get(f"/tables/{code}/play").data
    assert http.live_url(page) == f"/tables/{code}/live"
    mine = http.part_keys(page)
    live = other.get(http.live_url(page)).data
    assert http.page_seq(live) == seq + 1 and set(mine) <= set(http.part_keys(live))
    assert all(http.part_keys(live)[token] == key for token, key in mine.items())  # another's claim: no page


def seat_two(seq: int, key: str, page: bool = False) -> bytes:
    """Seat 2's #table at event `seq`, its key `key`: as the table's part has it, or as its page does (`page`: the page
    follows a stream; the part does not)."""
    live = b' data-live-url="/tables/K7MP2Q/live" data-events="/tables/K7MP2Q/events"' if page else b""
    return b'<div id="table" data-seq="%d" data-parts="seat2:%s view:x"%s>' % (seq, key.encode(), live)


def test_a_screen_in_two_parts_takes_the_part_its_stream_brings_and_fetches_only_what_changed():
    """tables.js on a page in two parts: an event alone asks nothing (its part follows on the stream); a part with
    this screen's key unchanged is shown as it came; a changed key fetches the page; "fetch" fetches the part."""

    async def scenario() -> list[str]:
        screen = pages.Screen(0, table=0, seat=2, address=None, url="/tables/K7MP2Q/play")
        screen.shown, screen.live, screen.parts = 3, "/tables/K7MP2Q/live", {"seat2": "aaa"}
        fetched: list[str] = []

        async def request(method: str, url: str, form=None, script=False):
            assert script  # what tables.js fetches asks for the page's own answer
            fetched.append(url.split("?")[0].rsplit("/", 1)[1])
            if "/live" in url:
                assert url.endswith(f"?seq={screen.newest}")  # the event heard
            await asyncio.sleep(0.005)
            return http.Answer(200, {}, seat_two(screen.newest, "bbb", page="/live" not in url), 0.0, 0.0)

        async def settle() -> None:
            await asyncio.sleep(0)
            while not screen.settled():
                await asyncio.sleep(0.005)

        screen.browser.request = request
        screen.heard(4)
        screen.part(seat_two(4, "aaa"), 1.0)  # another's claim: shown, nothing fetched
        await settle()
        assert fetched == [] and screen.shown == 4 and screen.fetches[-1][0] == "part"
        screen.heard(5)
        screen.part(seat_two(5, "bbb"), 2.0)  # its own part changed: the page
        await settle()
        screen.heard(6)
        screen.part(b"fetch", 3.0)  # a part it must fetch
        await settle()
        return fetched

    assert run_apart(scenario()) == ["play", "live"]


def test_two_servers_share_each_tables_screens():
    """--servers 2, pages mode: a table's screens alternate between the servers, so a claim crosses to half of them."""
    for number in range(4):
        servers = [pages.server_of([1, 2], number, seat) for seat in range(len(plan.SEATS) + 1)]
        assert set(servers) == {1, 2} and abs(servers.count(1) - servers.count(2)) <= 1
    assert {pages.server_of([1], number, seat) for number in range(4) for seat in range(5)} == {1}


def test_percentile_is_a_value_taken_from_the_sample():
    values = list(range(1, 101))
    assert report.percentile(values, 0.5) == 50
    assert report.percentile(values, 0.99) == 99
    assert report.percentile([7.0], 0.99) == 7.0


def test_parts_that_come_while_its_page_is_fetched_ask_for_it_again_only_if_it_came_older():
    """tables.js's ownBehind(): a burst of parts each saying this screen's own part changed costs one page fetch
    when the page that comes already shows the newest of them; one more when it is older."""

    async def scenario(answered_seq: int) -> list[int]:
        screen = pages.Screen(0, table=0, seat=2, address=None, url="/tables/K7MP2Q/play")
        screen.shown, screen.live, screen.parts = 3, "/tables/K7MP2Q/live", {"seat2": "aaa"}
        asked: list[int] = []
        release = asyncio.Event()

        async def request(method: str, url: str, form=None, script=False):
            asked.append(len(asked))
            if len(asked) == 1:
                await release.wait()  # the first fetch is on its way while the burst comes
                return http.Answer(200, {}, seat_two(answered_seq, "ddd", page=True), 0.0, 0.0)
            return http.Answer(200, {}, seat_two(6, "ddd", page=True), 0.0, 0.0)

        screen.browser.request = request
        screen.part(seat_two(4, "bbb"), 1.0)  # a challenge started: its pool changed, its page is fetched
        await asyncio.sleep(0)
        screen.part(seat_two(5, "ccc"), 2.0)  # more of the burst, each saying the same
        screen.part(seat_two(6, "ddd"), 3.0)
        release.set()
        await asyncio.sleep(0)
        while not screen.settled():
            await asyncio.sleep(0.001)
        assert screen.page_seq == 6 and screen.parts == {"seat2": "ddd", "view": "x"}
        return asked

    assert len(run_apart(scenario(6))) == 1  # the page that came shows the newest part: no second fetch
    assert len(run_apart(scenario(4))) == 2  # it came older: fetched once more


def test_an_actions_answer_that_is_the_tables_part_keeps_the_screens_own_keys():
    """tables.js's send() on the table's part as an action's answer: shown as it came, the page's own keys kept; the
    page fetched only when the part says its own part changed."""

    async def scenario() -> list[str]:
        screen = pages.Screen(0, table=0, seat=2, address=None, url="/tables/K7MP2Q/play")
        screen.shown, screen.live, screen.parts = 3, "/tables/K7MP2Q/live", {"seat2": "aaa"}
        fetched: list[str] = []

        async def request(method: str, url: str, form=None, script=False):
            fetched.append(url)
            return http.Answer(200, {}, seat_two(5, "bbb", page=True), 0.0, 0.0)

        screen.browser.request = request
        screen.took(http.Answer(200, {}, seat_two(4, "aaa"), 0.0, 0.0), "own")  # a claim: its own regions hold
        assert (screen.shown, screen.page_seq, screen.parts, fetched) == (4, 4, {"seat2": "aaa"}, [])
        screen.took(http.Answer(200, {}, seat_two(5, "bbb"), 0.0, 0.0), "own")  # its own part changed: the page
        while not screen.settled():
            await asyncio.sleep(0.001)
        assert screen.parts["seat2"] == "bbb"
        return fetched

    assert run_apart(scenario()) == ["/tables/K7MP2Q/play"]


def test_the_benchs_browser_accepts_gzip_as_a_browser_does_and_reads_the_page_plain():
    """The service gzips a page for a browser that accepts it (app/assets.py); every browser does, so the bench's
    phones do too, and read the body as the browser shows it."""
    import gzip

    page = b'<div id="table" data-seq="3">' + b"x" * 2000 + b"</div>"
    heard = []

    async def serve(reader, writer):
        heard.append((await reader.readuntil(b"\r\n\r\n")).decode().lower())
        body = gzip.compress(page)
        writer.write(
            b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\n"
            b"Content-Length: %d\r\n\r\n%s" % (len(body), body)
        )
        await writer.drain()
        writer.close()

    async def ask():
        server = await asyncio.start_server(serve, "127.0.0.1", 0)
        async with server:
            browser = http.Browser(server.sockets[0].getsockname()[1], None)
            try:
                return await browser.request("GET", "/tables/ABCDEF/play", script=True)
            finally:
                browser.close()

    answer = asyncio.run(ask())
    assert "accept-encoding: gzip" in heard[0]
    assert answer.status == 200 and answer.body == page and http.page_seq(answer.body) == 3


def test_a_fetch_on_an_event_counts_a_page_fetched_for_its_own_part_and_not_a_part_on_the_stream():
    fetches = [
        ("page", 1.0, 1.25, 200, 7),  # its own part changed: the page fetched
        ("live", 2.0, 2.01, 200, 8),  # the table's part fetched (Secret Wordsmith)
        ("event", 3.0, 3.1, 200, 9),  # a screen not in two parts
        ("part", 4.0, 4.0, 200, 10),  # on the stream: no fetch
        ("own", 5.0, 5.5, 200, 11),  # its own form's answer
        ("page", 6.0, 6.5, 503, -1),  # not answered
        ("page", 99.0, 99.5, 200, 12),  # after the claims
    ]
    assert [round(ms) for ms in bench.report.event_fetch_ms([{"fetches": fetches}], 0.0, 10.0)] == [250, 10, 100]


def test_a_failed_fetch_is_a_page_or_part_not_answered_and_not_a_forms_refusal():
    fetches = [
        ("page", 1.0, 1.25, 200, 7),
        ("live", 2.0, 2.5, 0, -1),  # no answer (a timeout)
        ("retry", 3.0, 3.5, 503, -1),
        ("host", 4.0, 4.1, 409, 9),  # a start refused: the game is over, counted with the other actions
        ("own", 5.0, 5.1, 409, 10),  # a claim refused: counted with the claims
        ("event", 99.0, 99.5, 500, -1),  # after the claims
    ]
    assert bench.report.failed_fetches([{"fetches": fetches}], 0.0, 10.0) == 2


def test_a_capped_command_is_the_process_it_put_in_the_group(tmp_path):
    """--host-cpus: the shell writes its pid to the group's procs file and becomes the command, so the server (and
    all it forks) is in the group from its start, and the bench's pid is the server's."""
    import subprocess

    procs = tmp_path / "cgroup.procs"
    procs.write_text("")
    command = bench.hosts.capped_command(procs, [sys.executable, "-c", "import os; print(os.getpid())"])
    ran = subprocess.run(command, capture_output=True, text=True, check=True)
    assert procs.read_text().split() == [ran.stdout.strip()]


def cgroup_cpu() -> bool:
    import os

    try:
        bench.hosts._root()
    except SystemExit:
        return False
    return os.geteuid() == 0


@pytest.mark.skipif(not cgroup_cpu(), reason="needs root and a cgroup CPU controller")
def test_a_host_of_half_a_core_gets_half_a_core_and_its_group_goes_with_it():
    import subprocess
    import time

    with bench.hosts.capped("test", 0.5) as procs:
        group = procs.parent
        spin = (
            "import time\nend = time.monotonic() + 1.0\nwhile time.monotonic() < end: pass\nprint(time.process_time())"
        )
        began = time.monotonic()
        ran = subprocess.run(
            bench.hosts.capped_command(procs, [sys.executable, "-c", spin]), capture_output=True, text=True, check=True
        )
        took = time.monotonic() - began
        assert float(ran.stdout) < 0.75  # a second of spinning got about half a second of CPU, whatever the machine
        assert took >= 1.0
    assert not group.exists()


@pytest.mark.skipif(not cgroup_cpu(), reason="needs root and a cgroup CPU controller")
@pytest.mark.parametrize("cores", [0.5, 1.5])
def test_a_process_in_a_capped_group_counts_its_quota(cores):
    """app/serving/cores.py end to end, in a group the bench makes: the quota is read back, and the workers gunicorn
    would start in it are its cores rounded up."""
    import math
    import os
    import subprocess

    ask = "from app.serving.cores import cgroup_cpu_limit, usable_cores; print(cgroup_cpu_limit(), usable_cores())"
    with bench.hosts.capped("cores", cores) as procs:
        ran = subprocess.run(
            bench.hosts.capped_command(procs, [sys.executable, "-c", ask]),
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
        )
    limit, usable = ran.stdout.split()
    assert float(limit) == cores and int(usable) == min(math.ceil(cores), len(os.sched_getaffinity(0)))


def test_the_run_ends_once_every_screen_shows_what_any_screen_of_its_table_heard_of():
    phone, tv = pages.Screen(1, 1, 1, "127.0.0.2"), pages.Screen(1, 1, 0, "127.0.0.3")
    try:
        phone.shown = tv.shown = 5
        assert pages.caught_up([phone, tv])
        phone.shown = 6  # its claim answered: the TV's part is still on its way
        assert not pages.caught_up([phone, tv])
        tv.newest, tv.shown = 7, 6  # the TV heard of a later event, and shows the part before it
        assert not pages.caught_up([phone, tv])
        phone.shown = tv.shown = 7
        phone.busy = True  # a fetch of its page still on its way
        assert not pages.caught_up([phone, tv])
        phone.busy = False
        assert pages.caught_up([phone, tv])
    finally:
        phone.browser.close()
        tv.browser.close()


def _by_lines(stream: bytes) -> list[tuple[bytes, int | None, bytes | None]]:
    """An event stream read a line at a time, as EventSource's parser reads it: the reference for `sse_messages`."""
    messages, data, event_id, kind = [], [], None, b""
    for line in stream.replace(b"\r\n", b"\n").split(b"\n"):
        if not line:
            if data or event_id is not None or kind:
                messages.append((kind, event_id, b"\n".join(data) if data else None))
            data, event_id, kind = [], None, b""
        elif line.startswith(b"data:"):
            data.append(line[6:] if line.startswith(b"data: ") else line[5:])
        elif line.startswith(b"event:"):
            kind = line[6:].strip()
        elif line.startswith(b"id:"):
            event_id = int(line[3:].strip())
    return messages


_texts = st.text(st.characters(blacklist_characters="\r\n", blacklist_categories=("Cs",)), max_size=12)


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["", "claim", "part"]),
            st.none() | st.integers(0, 10**6),
            st.lists(_texts, max_size=5),
            st.booleans(),
        ),
        max_size=6,
    ),
    st.lists(st.integers(1, 40), min_size=1, max_size=8),
    st.booleans(),
)
def test_the_benchs_stream_reader_reads_each_message_as_a_line_by_line_reader_does(messages, cuts, crlf):
    """The pages mode's screens read their streams a message at a time (`sse_messages`), chunks cut anywhere."""
    stream = b""
    for kind, event_id, lines, comment in messages:
        text = ": keep-alive\n" if comment else ""
        text += f"event: {kind}\n" if kind else ""
        text += f"id: {event_id}\n" if event_id is not None else ""
        text += "".join(f"data: {line}\n" for line in lines)
        stream += (text + "\n").encode() if text else b""
    if crlf:
        stream = stream.replace(b"\n", b"\r\n")
    chunks, at = [], 0
    for cut in cuts * (len(stream) // max(1, sum(cuts)) + 1):
        chunks.append(stream[at : at + cut])
        at += cut
    chunks.append(stream[at:])
    read, buffer = [], b""
    for chunk in chunks:
        got, buffer = http.sse_messages(buffer + chunk)
        read += got
    expected = [m for m in _by_lines(stream) if m != (b"", None, None)]
    assert [m for m in read if m != (b"", None, None)] == expected
    assert buffer.strip(b"\r\n") == b""
