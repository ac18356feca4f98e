"""bench/tables.py --mode pages (the default): every phone and every TV does what its page does.

A table here is 4 phones and a TV, each a browser of its own (its own loopback address,
its own cookies, kept-alive connections), doing what the pages and app/static/tables.js do:

  setup     seat 1's phone makes the table with the create form (GET /tables, POST /tables,
            303 to the host's page) and so also hosts it; each seat's phone joins through the
            join page (GET /tables/<code>/join, POST its form, 303 to /tables/<code>/play, GET
            it); the host starts the first challenge from its seat's page (POST action=start,
            303, GET); the TV is the table view (/tables/<code>), a browser with no cookie
  streams   each screen loads its page, then follows /tables/<code>/events?after=<its seq>
            with its cookies (an EventSource: resumed with Last-Event-ID, a refused one tried
            again after its Retry-After, the page fetched again on every reopening)
  claims    the claimant's phone's script posts the claim form (csrf_token, a request_id drawn
            fresh as a render draws it, action=claim, word) and is answered with its page after
            the claim (tables.js asks for it: no 303 to follow); every screen, on each event newer than the seq its page
            shows, takes the table's part its stream brings after them (`event: part`, the
            stream opened with parts=1) and fetches its page only when its own part key
            (data-parts) changed, one fetch at a time, events that come meanwhile costing one
            more after it (tables.js's refresh()); what came while its own form was on its way
            is fetched from the live URL; a failed fetch, and a reopened stream, fetch the
            whole page, tried again 1, 2, 4 ... 15 s later. What the script fetches or posts
            asks for the page's own answer (no layout), as tables.js does.

The phones run in --clients processes (tables split between them), each with its share of
the steady claim rate; they keep raw timestamps and the report matches them after the run.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import secrets
import sys
import time
from collections import Counter, deque
from dataclasses import dataclass, field

from tables_http import (
    PAGE_TIMEOUT,
    Answer,
    Browser,
    body_parts,
    collector_held_off,
    form_fields,
    is_part,
    live_url,
    location,
    page_seq,
    part_keys,
    phone,
    sse_messages,
    stream_opened,
)
from tables_plan import SEATS, Challenge, due_times, take_turns
from tables_server import health_probe, idle_phase

GRACE = 2.0  # seconds after the claims for the last pages to be fetched
SETTLE = 10.0  # seconds at most to wait, after the claims, for every screen's fetches to end
OPEN_ATTEMPTS = 3  # a screen whose page does not load in as many attempts opens no stream (a phone with no page)
ERRORS = (OSError, asyncio.IncompleteReadError, TimeoutError, ValueError)  # a request that got no usable answer


def request_id(form: str) -> str:
    """A request id as a page's render draws it (`<render id>-<form>`): a new one for every action sent."""
    return f"{secrets.token_urlsafe(12)}-{form}"


class Screen:
    """One screen of a table as tables.js drives it: a seat's phone (its seat's page) or the TV (seat 0, the table
    view), with its browser, the seq its page shows, and its refresh state (one fetch at a time, one more owed)."""

    def __init__(self, port: int, table: int, seat: int, address: str, url: str = ""):
        self.browser = Browser(port, address)
        self.table = table
        self.seat = seat
        self.url = url  # the page's URL, as the phone's address bar has it
        self.csrf = ""  # the CSRF token its forms carry
        self.shown = 0  # the seq of the state its page shows (`data-seq`)
        self.live = ""  # where its page fetches the table's part (`data-live-url`), "" for a page fetched whole
        self.parts: dict[str, str] = {}  # its own part keys (`data-parts`)
        self.newest = 0  # the newest event its stream brought (the table's part is asked for it: `?seq=`)
        self.busy = False
        self.again = False
        self.page_seq = 0  # the seq of the page whose own regions it shows
        self.own_wanted = 0  # the newest part's seq that said its own part changed
        self.own_again = False  # such a part came while a fetch was on its way
        self.sending = 0  # its own forms on their way (tables.js's `sending`)
        self.heard_while_sending = 0  # the newest event heard meanwhile
        self.failures = 0
        self.retry: asyncio.TimerHandle | None = None
        self.fetches: list[tuple[str, float, float, int, int]] = []  # (kind, sent, answered, status, seq)
        self.events: list[tuple[float, int, bytes]] = []  # (received, id, data) of each event its stream brought
        self.tasks: set[asyncio.Task] = set()

    async def load(self, url: str, kind: str, script: bool = True) -> Answer:
        """GET a page of this screen (the page it now shows: `url`), and keep what the page shows: fetched by the
        page's script (`script`), or loaded by the browser (a page opened)."""
        began = time.monotonic()
        try:
            answer = await self.browser.request("GET", url, script=script)
        except ERRORS:
            self.fetches.append((kind, began, time.monotonic(), 0, -1))
            raise
        self.url = url
        return self.took(answer, kind)

    def took(self, answer: Answer, kind: str) -> Answer:
        """A page came (loaded, fetched, or a form's answer): kept as tables.js's swap() keeps it, an older page
        changing nothing."""
        seq = page_seq(answer.body) if answer.status < 500 else -1
        self.fetches.append((kind, answer.sent, answer.answered, answer.status, seq))
        if seq >= self.shown and is_part(answer.body):  # an action's answer, the table's part: its own regions hold
            self.shown = self.page_seq = seq
            if self.own_changed(answer.body):
                self.own_behind(seq)
        elif seq >= self.shown:
            self.shown = self.page_seq = seq
            self.live = live_url(answer.body)
            self.parts = part_keys(answer.body)
        return answer

    def own_changed(self, part: bytes) -> bool:
        """Whether the table's part lists a key other than this page's for one of its own parts (tables.js's
        ownPartChanged())."""
        now = part_keys(part)
        return any(now.get(token) != key for token, key in self.parts.items())

    async def update(self) -> Answer:
        """tables.js on an event: the table's part, then the page only when its own part key changed."""
        began = time.monotonic()
        try:
            answer = await self.browser.request(
                "GET", f"{self.live}?seq={self.newest}" if self.newest else self.live, script=True
            )
        except ERRORS:
            self.fetches.append(("live", began, time.monotonic(), 0, -1))
            raise
        seq = page_seq(answer.body) if answer.status == 200 else -1
        self.fetches.append(("live", answer.sent, answer.answered, answer.status, seq))
        if answer.status != 200 or seq < self.shown:
            return answer
        self.shown = seq
        if self.own_changed(answer.body):
            return await self.load(self.url, "event")
        return answer

    def refresh(self, kind: str = "event") -> None:
        """tables.js's refresh(): fetch the page again, or, while a fetch is on its way, owe one more after it."""
        if self.busy:
            self.again = True
            return
        self.busy = True
        task = asyncio.get_running_loop().create_task(self._refresh(kind))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _refresh(self, kind: str) -> None:
        try:
            while True:
                self.again = False
                try:
                    fetch = self.update() if self.live and kind == "event" else self.load(self.url, kind)
                    ok = (await fetch).status == 200
                except ERRORS:
                    ok = False
                if ok:
                    self.failures = 0
                else:  # tried again 1 s, 2 s, 4 s ... at most 15 s later
                    self.failures += 1
                    if self.retry is None:
                        wait = min(15.0, 2.0 ** max(0, self.failures - 1))
                        self.retry = asyncio.get_running_loop().call_later(wait, self._retry)
                if self.again:
                    kind = "event"
                elif self.own_again and self.page_seq < self.own_wanted:  # the page that came is older than the part
                    self.own_again, kind = False, "page"
                else:
                    self.own_again = False
                    return
        finally:
            self.busy = False

    def _retry(self) -> None:
        self.retry = None
        self.refresh("retry")

    def heard(self, seq: int) -> None:
        """An event came on the stream: an event the page already shows asks for nothing, and one heard while its
        own form is on its way waits for the answer (tables.js's heard())."""
        if seq <= self.shown:
            return
        self.newest = max(self.newest, seq)
        if self.sending:
            self.heard_while_sending = max(self.heard_while_sending, seq)
            return
        if self.live:  # a page in two parts: the table's part follows on the stream (`part`)
            return
        self.refresh("event")

    def part(self, data: bytes, received: float) -> None:
        """The table's part came on the stream (tables.js's `part` listener): brought in, and the page fetched only
        when its own part key changed; "fetch": fetched from the live URL. While its own form is on its way, the
        answer comes first (`sent`)."""
        if self.sending:
            return
        if data == b"fetch":
            self.refresh("event")
            return
        seq = page_seq(data)
        if seq < self.shown:
            return
        self.fetches.append(("part", received, received, 200, seq))  # shown as it came: an update, not a GET
        self.shown = seq
        if self.own_changed(data):
            self.own_behind(seq)

    def own_behind(self, seq: int) -> None:
        """A part said its own part changed (tables.js's ownBehind()): the page is fetched, and a part saying so while
        a fetch is on its way asks for one more only if the page that came is older than that part."""
        self.own_wanted = max(self.own_wanted, seq)
        if self.busy:
            self.own_again = True
        else:
            self.refresh("page")

    def sent(self) -> None:
        """Its own form answered (tables.js's send()): an event heard meanwhile that the answer's page does not
        show is fetched now."""
        self.sending -= 1
        if not self.sending and self.heard_while_sending:
            newest, self.heard_while_sending = self.heard_while_sending, 0
            if newest > self.shown:
                self.refresh("event")

    def settled(self) -> bool:
        return not self.busy and self.retry is None


def caught_up(screens: list[Screen]) -> bool:
    """Every screen of a table is done fetching and shows the newest state any of them has heard of: a part still on
    its way on a stream is waited for, so that a late delivery is not counted as one missing."""
    newest = max(max(screen.shown, screen.newest) for screen in screens)
    return all(screen.settled() and screen.shown >= newest for screen in screens)


@dataclass
class PageTable:
    """One table as the bench drives it through its pages: its 4 phones and its TV, and the claims not yet sent."""

    number: int
    code: str
    screens: list[Screen]  # the seats' phones in seat order (seat 1's also hosts), then the TV
    challenge: int = 0
    todo: deque = field(default_factory=deque)
    busy: bool = False
    over: bool = False


@dataclass
class PageClaim:
    """One claim as its phone made it: the form posted by the page's script, its answer the page after it."""

    table: int
    seat: int
    word: str
    due: float  # when the steady schedule wanted it sent
    sent: float = 0.0  # when the POST was written: the tap
    status: int = 0  # the POST's status: TAKEN for a claim the table took
    answered: float = 0.0  # when the claimant's page (the POST's answer) came
    seq: int = -1  # the seq that page shows
    error: str = ""
    connecting: float = 0.0  # seconds the POST waited for a connection to open, after its tap
    delivered: float | None = None  # ms from the tap to the last other screen updated (the report's)


# --- the phones' own actions: a form posted by the page's script ------------------------------------

TAKEN = 200  # a form the table took, posted by the page's script: its answer is the page after it


async def post_form(screen: Screen, form: dict[str, str], kind: str) -> Answer:
    """Post a form of the screen's page to the page's own path, as its script does (tables.js's send()): the answer
    is the page after the action (TAKEN), or the page with its refusal, brought in either way."""
    screen.sending += 1
    try:
        path = screen.url.split("?")[0]
        shown = " ".join(f"{token}:{key}" for token, key in screen.parts.items()) if screen.live else None
        posted = await screen.browser.request("POST", path, {"csrf_token": screen.csrf, **form}, True, shown)
        return screen.took(posted, kind)
    finally:
        screen.sent()


async def start_challenge(table: PageTable, challenges: list[Challenge]) -> int:
    """The host (seat 1's phone) starts the table's next challenge from its seat's page; the POST's status."""
    planned = challenges[(table.number + table.challenge) % len(challenges)]
    form = {"request_id": request_id("start"), "action": "start", "pool": planned.pool}
    posted = await post_form(table.screens[0], form, "host")
    if posted.status == TAKEN:
        table.challenge += 1
        table.todo = deque(planned.claims)
    return posted.status


async def claim(table: PageTable, seat: int, word: str, record: PageClaim) -> None:
    """The claimant's tap: the claim form posted, answered with the claimant's own page after it."""
    screen = table.screens[seat - 1]
    try:
        posted = await post_form(screen, {"request_id": request_id("claim"), "action": "claim", "word": word}, "own")
        record.sent, record.answered, record.status = posted.sent, posted.answered, posted.status
        record.connecting = posted.connecting
        record.seq = page_seq(posted.body) if posted.status == TAKEN else -1
    except ERRORS as error:
        record.error = repr(error)


# --- setup: the tables made, joined and started through the pages (the main process) ------------------


def must(answer: Answer, status: int, what: str) -> Answer:
    if answer.status != status:
        raise SystemExit(f"{what} answered {answer.status}: {answer.body[:300]!r}")
    return answer


def server_of(ports: list[int], number: int, seat: int) -> int:
    """The app server a screen talks to, its pages and its stream alike: with two (--servers 2), a table's screens
    alternate between them, as a balancer spreads phones, so a claim reaches half of them through the database."""
    return ports[(number + seat) % len(ports)]


async def set_up_table(
    ports: list[int], number: int, count: int, challenges: list[Challenge], lockstep: bool
) -> PageTable:
    """Make table `number` through its pages, join its 4 seats, start its first challenge; unless `lockstep`, play
    its first number*12/count claims (half a challenge, as the API mode does: bench/tables.py says why)."""
    phones = [
        Screen(server_of(ports, number, seat), number, seat, phone(len(SEATS) * number + seat - 1))
        for seat in range(1, len(SEATS) + 1)
    ]
    host = phones[0]
    page = must(await host.browser.request("GET", "/tables"), 200, "GET /tables")
    form = {"csrf_token": form_fields(page.body)["csrf_token"], "game": "wordsmith", "lexicon": "standard"}
    form.update({f"seat{n}": name for n, name in enumerate(SEATS, 1)})
    created = must(await host.browser.request("POST", "/tables", form), 303, "POST /tables")
    code = location(created).split("/")[2]
    must(await host.load(location(created), "setup", script=False), 200, "the host's page")
    for seat, screen in enumerate(phones, 1):
        join = f"/tables/{code}/join"
        fields = form_fields(must(await screen.browser.request("GET", join), 200, "the join page").body)
        joined = must(await screen.browser.request("POST", join, {**fields, "seat": str(seat)}), 303, "joining")
        page = must(await screen.load(location(joined), "setup", script=False), 200, "the seat's page")
        # Before the first challenge a seat's page may have no form: the join page's token is the same session's.
        screen.csrf = form_fields(page.body).get("csrf_token", fields["csrf_token"])
    tv = Screen(server_of(ports, number, 0), number, 0, phone(len(SEATS) * count + number), f"/tables/{code}")
    table = PageTable(number, code, [*phones, tv])
    if (status := await start_challenge(table, challenges)) != TAKEN:
        raise SystemExit(f"starting a challenge answered {status}")
    if not lockstep:
        for _ in range(number * len(table.todo) // (2 * count)):
            seat, word = table.todo.popleft()
            form = {"request_id": request_id("claim"), "action": "claim", "word": word}
            posted = await phones[seat - 1].browser.request(
                "POST", f"/tables/{code}/play", {"csrf_token": phones[seat - 1].csrf, **form}, script=True
            )
            must(posted, TAKEN, "a setup claim")
    for screen in table.screens:
        screen.browser.close()  # this loop ends with the setup: each client process opens its own connections
    return table


async def setup(ports: list[int], count: int, challenges: list[Challenge], lockstep: bool, concurrency: int = 16):
    numbers = iter(range(count))
    tables: list[PageTable] = []

    async def worker() -> None:
        for number in numbers:
            tables.append(await set_up_table(ports, number, count, challenges, lockstep))

    await asyncio.gather(*(worker() for _ in range(concurrency)))
    return sorted(tables, key=lambda t: t.number)


# --- a client process: its share of the tables' screens, streams and claims ------------------------


async def follow(screen: Screen, port: int, code: str, stats: Counter, opened, stop: asyncio.Event) -> None:
    """The screen's EventSource: its page's events URL (after the seq its page showed when it opened), its cookies;
    each event handed to `heard`; on every reopening the page is fetched again (tables.js's `open` listener)."""
    path = f"/tables/{code}/events?after={screen.shown}" + ("&parts=1" if screen.live else "")
    last_id = None
    counted = reopened = False
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(screen.browser.address, 0))
        except OSError:
            stats["connect failed"] += 1
            await asyncio.sleep(1)
            continue
        head = screen.browser.head("GET", path, "Accept: text/event-stream\r\n")
        try:
            headers = await stream_opened(reader, writer, head, last_id, stats)
            if headers is None:
                reopened = True  # what happens meanwhile is fetched when a stream opens
                continue
            if not counted:
                counted = True
                opened()
            if reopened:
                stats["resumed"] += 1
                screen.refresh("reconnect")
            reopened = True
            buffer = b""
            async for chunk in body_parts(reader, headers):
                now = time.monotonic()
                messages, buffer = sse_messages(buffer + chunk)
                for kind, event_id, data in messages:
                    if event_id is not None:
                        last_id = event_id
                    if data is None:
                        continue
                    if kind == b"part":
                        screen.part(data, now)
                    elif event_id is not None:
                        screen.events.append((now, event_id, data))
                        screen.heard(event_id)
            stats["ended by the server"] += 1
        except (ConnectionError, asyncio.IncompleteReadError, ValueError):
            stats["dropped"] += 1
        finally:
            writer.close()


class Client:
    """One client process's share of the run: tables `index`, `index + count`, ... with every screen of each."""

    def __init__(self, tables: list[PageTable], challenges: list[Challenge], index: int, count: int):
        self.tables = tables
        self.challenges = challenges
        self.index, self.count = index, count
        self.screens = [screen for table in tables for screen in table.screens]
        self.stats: Counter = Counter()
        self.stop = asyncio.Event()
        self.followers: list[asyncio.Task] = []

    async def open_streams(self, rate: float) -> tuple[int, float]:
        """Each screen loads its page, then opens its stream, `rate` screens a second; (streams open, seconds)."""
        opened = [0]
        all_open = asyncio.Event()

        def one_more() -> None:
            opened[0] += 1
            if opened[0] == len(self.screens):
                all_open.set()

        async def open_one(screen: Screen, code: str) -> None:
            for attempt in range(OPEN_ATTEMPTS):  # its stream starts after the seq its page shows: no page, no stream
                try:
                    if (await screen.load(screen.url, "open", script=False)).status == 200:
                        await follow(screen, screen.browser.port, code, self.stats, one_more, self.stop)
                        return
                except ERRORS:
                    pass
                self.stats["page not loaded, tried again"] += 1
                await asyncio.sleep(2**attempt)
            self.stats["page never loaded: no stream"] += 1

        began = time.monotonic()
        for k, (screen, code) in enumerate((s, t.code) for t in self.tables for s in t.screens):
            self.followers.append(asyncio.create_task(open_one(screen, code)))
            await asyncio.sleep(max(0.0, began + (k + 1) / rate - time.monotonic()))
        try:
            await asyncio.wait_for(all_open.wait(), timeout=60)
        except TimeoutError:
            pass
        return opened[0], time.monotonic() - began

    async def claims(self, rate: float, seconds: float, start: float) -> dict:
        """This process's share of the steady `rate` for `seconds` from `start` (the processes' schedules
        interleave), tables taking turns, one action in flight each; then the screens' last fetches."""
        claims: list[PageClaim] = []
        others: Counter = Counter()
        tasks: set[asyncio.Task] = set()
        cpu = time.process_time()

        async def claim_one(table: PageTable, seat: int, word: str, due: float) -> None:
            record = PageClaim(table.number, seat, word, due)
            claims.append(record)
            await claim(table, seat, word, record)
            table.busy = False

        async def next_challenge(table: PageTable) -> None:
            try:
                status = await start_challenge(table, self.challenges)
            except ERRORS as error:
                status = repr(error)
            others[f"challenge {status}"] += 1
            table.over = status != TAKEN
            table.busy = False

        def spawn(coroutine) -> None:
            task = asyncio.create_task(coroutine)
            tasks.add(task)
            task.add_done_callback(tasks.discard)

        dues = due_times(start, rate, seconds, self.index, self.count)
        await take_turns(self.tables, dues, claim_one, next_challenge, spawn, others)
        ended = time.monotonic()
        if tasks:  # a claim's POST and its page's GET, each waited for as long as a page request may take
            await asyncio.wait(tasks, timeout=2 * PAGE_TIMEOUT)
        while time.monotonic() < ended + SETTLE and not all(caught_up(table.screens) for table in self.tables):
            await asyncio.sleep(0.05)
        return {
            "claims": claims,
            "others": others,
            "began": start,
            "ended": ended,
            "settled": time.monotonic(),
            "cpu": time.process_time() - cpu,
        }

    async def finish(self) -> dict:
        """Close every stream; what every screen fetched and heard (events parsed to (received, seq, claim's word))."""
        self.stop.set()
        for task in self.followers:
            task.cancel()
        await asyncio.gather(*self.followers, return_exceptions=True)
        screens = []
        for screen in self.screens:
            heard = []
            for received, seq, data in screen.events:
                try:
                    event = json.loads(data)
                except ValueError:
                    continue
                if not isinstance(event, dict):
                    continue
                word = (event.get("data") or {}).get("word") if event.get("type") == "claim" else None
                heard.append((received, seq, word))
            screens.append({"table": screen.table, "seat": screen.seat, "fetches": screen.fetches, "heard": heard})
        return {"screens": screens, "stats": dict(self.stats)}


def client_process(tables, challenges, index: int, count: int, pipe) -> None:
    """A client process: do what the main process asks over `pipe`, answer each with its figures."""

    async def main() -> None:
        client = Client(tables, challenges, index, count)
        loop = asyncio.get_running_loop()
        asked: asyncio.Queue = asyncio.Queue()
        loop.add_reader(pipe.fileno(), lambda: asked.put_nowait(pipe.recv()))
        pipe.send(("ready",))
        while True:
            what, *arguments = await asked.get()
            if what == "open":
                pipe.send(("open", *await client.open_streams(*arguments), dict(client.stats)))
            elif what == "claims":
                pipe.send(("claims", await client.claims(*arguments)))
            else:
                loop.remove_reader(pipe.fileno())
                pipe.send(("done", await client.finish()))
                return

    with collector_held_off():
        asyncio.run(main())


class Clients:
    """The client processes (--clients), forked once the tables are set up; each asked in turn, answers gathered."""

    def __init__(self, tables: list[PageTable], challenges, count: int):
        context = multiprocessing.get_context("fork")
        self.pipes, self.processes = [], []
        for index in range(count):
            ours, theirs = context.Pipe()
            mine = [t for t in tables if t.number % count == index]
            process = context.Process(target=client_process, args=(mine, challenges, index, count, theirs), daemon=True)
            process.start()
            self.pipes.append(ours)
            self.processes.append(process)
        for pipe in self.pipes:  # each is set up (its collector's pass over what it inherited done) before any phase
            pipe.recv()

    def ask(self, *what) -> list:
        for pipe in self.pipes:
            pipe.send(what)
        return [pipe.recv()[1:] for pipe in self.pipes]

    def close(self) -> None:
        for process in self.processes:
            process.join(timeout=30)
            if process.is_alive():
                process.kill()


def merged(parts: list[dict]) -> dict:
    """The claims phase's figures of every client process, as one."""
    others: Counter = Counter()
    for part in parts:
        others.update(part["others"])
    return {
        "claims": [c for part in parts for c in part["claims"]],
        "others": others,
        "began": min(p["began"] for p in parts),
        "ended": max(p["ended"] for p in parts),
        "settled": max(p["settled"] for p in parts),
        "cpu": sum(p["cpu"] for p in parts),
    }


# --- the phases, on a service started (bench/tables.py's `measure`) -------------------------------


def run(served, args, challenges: list[Challenge], figures: dict) -> None:
    """Set up the tables through their pages, claim with no stream open, open every screen, idle, claim."""
    port = served.server.port
    ports = [port] if served.streaming is served.server else [port, served.streaming.port]
    screens = (len(SEATS) + 1) * args.tables
    cpu, began = served.cpu(), time.monotonic()
    tables = asyncio.run(setup(ports, args.tables, challenges, args.lockstep))
    figures["setup"] = (time.monotonic() - began, served.cpu() - cpu)
    print(f"  {len(tables)} tables set up through their pages in {figures['setup'][0]:.1f} s", file=sys.stderr)
    clients = Clients(tables, challenges, max(1, min(args.clients, args.tables)))
    try:
        if args.baseline > 0:  # the same claims with no screen following: the claimant's own page only
            cpu = served.cpu()
            with health_probe(port, args.baseline, args.health_rate) as alone:
                parts = clients.ask("claims", args.rate, args.baseline, time.monotonic() + 0.2)
            figures["baseline"] = (merged([p for (p,) in parts]), served.cpu() - cpu, alone)

        cpu = served.cpu()
        answers = clients.ask("open", args.open_rate / len(clients.pipes))
        opened, took = sum(a[0] for a in answers), max(a[1] for a in answers)
        stats = sum((Counter(a[2]) for a in answers), Counter())
        figures["streams"] = (opened, screens, took, dict(stats), served.cpu() - cpu)
        figures["worker threads"] = served.worker_threads()
        print(f"  {opened} of {screens} screens following in {took:.1f} s {dict(stats)}", file=sys.stderr)

        figures["idle"] = idle_phase(served, port, args.idle, args.health_rate)

        served.profile_start()
        cpu, database_cpu = served.cpu(), served.database_cpu()
        with health_probe(port, args.seconds, 2 * args.health_rate, tables[0].code) as busy:
            parts = clients.ask("claims", args.rate, args.seconds, time.monotonic() + 0.2)
        claimed = merged([p for (p,) in parts])
        figures["claims"] = (claimed, served.cpu() - cpu)
        figures["database cpu"] = served.database_cpu() - database_cpu if database_cpu is not None else None
        served.profile_stop()
        figures["busy"] = busy
        figures["worker threads after"] = served.worker_threads()
        time.sleep(GRACE)
        finished = [f for (f,) in clients.ask("stop")]
        figures["screens"] = [s for f in finished for s in f["screens"]]
        figures["stream stats"] = dict(sum((Counter(f["stats"]) for f in finished), Counter()))
    finally:
        clients.close()
