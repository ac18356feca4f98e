"""Live tables under load: 250 tables x 4 seats, 1,000 open event streams, claims at a steady rate.

    python bench/tables.py [--database sqlite|postgresql|both] [--tables 250] [--rate 200] [--seconds 60]
                           [--baseline 10] [--idle 5] [--open-rate 200] [--health-rate 20] [--workers 2] [--lockstep] [--profile]

For each database, starts the service as deployed (`tests/service_helpers.GunicornServer`:
the Procfile's gunicorn with gunicorn.conf.py, `app.serving.worker.DeadlineWorker`, 2 workers)
on a free loopback port: on SQLite (a file in a temporary folder) and on PostgreSQL (a
throw-away cluster of Debian's binaries, `initdb` and `pg_ctl` in a temporary folder on
a free port, stopped and removed at the end). Then:

  setup     --tables tables of 4 seats (POST /api/v1/tables), each seat joined
            (POST .../seats/{n}) and a first challenge started with a pool set by the
            host (POST .../challenges); then table k of n plays the first k*12/n claims
            of its challenge, so that the tables stand at points spread over half a
            challenge, as independent tables do, and their challenges end (and the
            next start) spread over ~15 s, not all in the same 1-2 s. Half, not a
            whole challenge: a game has 72 claims, and the default run (10 s + 60 s
            at 200/s over 250 tables) takes 56 a table, so no game ends in it.
            `--lockstep`: every table at its first claim (a herd of 250 challenge
            starts at once, measured apart)
  baseline  --baseline seconds of claims as below, with no stream open: the same claims'
            answers and server CPU without the streams, measured in the same run
  streams   one event stream per seat (GET .../events, 1,000 by default), opened at
            --open-rate per second and held open to the end; a refused stream (503)
            is retried after its Retry-After, a dropped one resumes with Last-Event-ID
  idle      --idle seconds with every stream open and no claim: health's latency
  claims    --seconds of claims sent at a steady --rate per second (POST .../claims, each
            seat with its own bearer token), tables taking turns, one action in flight per
            table; health probed meanwhile at --health-rate per second

Every claim is a valid word: the bench plans, with the solver, six words per seat for
each starting pool it sets (`plan_challenges`): each word built from the pieces of
the seat's previous word (the leftovers are discarded; no piece is ever added), with
a new letter, claimed by no other seat; the first seat to its sixth word makes the
others' sixth the one word after "Done!". Every planned claim is judged by
`solver.wordsmith.judge_claim` before the run, so a 409 in the run is the server's
disagreement, and counted as an error. When a table's 24 claims are answered, its
host starts the next challenge with the next pool; a table whose next challenge is
refused (its game is over) drops out of the turns.

Measured, per database:

  claims/s      accepted claims (201) per second of the claim phase (goal >= 200)
  to every phone  from writing a claim to each of its table's 4 streams receiving the
                event that carries its word: every delivery, and the last of the 4
                (goal p99 <= 250 ms)
  health        GET /api/v1/health p50/p99 with every stream open, idle and during the
                claims (goal p99 <= 100 ms)
  table state   GET /api/v1/tables/{code} p50/p99 during the claims, probed in turn with
                health (goal p99 <= 100 ms)
  errors        claims refused or failed, deliveries missing 2 s after the phase,
                streams refused, dropped, health failures
  CPU           the server's (master and workers, from /proc) and the client's, per phase;
                per worker, the threads it holds (one per open stream)

--profile runs each worker under cProfile with a CPU clock per thread (a thread
waiting for an event costs nothing), from the start of the claims to their end,
and prints the CPU by kind of work (requests, the claim view, streams, the SQLite
poll, gunicorn), the functions that took the most CPU of their own and with their
callees, and what a claim and a stream's turn call. It slows the server about threefold: read the
shares, not the times. BENCH_PROFILE_OUT=path keeps the merged profile there, for pstats.

How it is measured, and why: the client shares the 2 cores with the server, so it is
kept cheap: the streams are read by one asyncio process over raw sockets (a received
event is timestamped and kept as bytes, parsed after the run), the claims are sent
by another (the main one) over 128 kept-alive connections, and health is probed by a
third with http.client, so that neither's queue delays the others' clocks. The
processes share CLOCK_MONOTONIC (`time.monotonic`), so a claim's send time and its
deliveries compare directly. A claim's send time is when it is written to its
socket; how late that was against the steady schedule is reported as the client's
lag. Streams: each worker's stream hub (app/serving/stream_hub.py) holds at most
`HUB_STREAMS` (1,000) and a stream holds no thread, so the service runs on its
defaults; trial runs split 1,000 streams between the 2 workers unevenly
(515 + 491, 455 + 553). It reports each worker's thread count with the
streams open; a stream refused all the same is retried after its Retry-After
and counted.

Bounded: loopback only; with the defaults each database takes about 3 minutes
(boot 5-10 s, setup 20-25 s, baseline 10 s, streams 10-15 s, idle 5 s, claims
60 s, and up to 10 s after each claim phase for the last answers); the servers
and the PostgreSQL cluster it started are stopped at the end whatever happens.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import http.client
import itertools
import json
import math
import multiprocessing
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from bisect import bisect_left
from collections import Counter, deque
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from load import server_cpu  # noqa: E402
from load import server_cpu as one_server_cpu  # noqa: E402
from service_helpers import GunicornServer, free_port  # noqa: E402

SEATS = ("Ann", "Bob", "Cy", "Dee")
CLAIM_CONNECTIONS = 128  # enough that the client's queue is not the limit: a slow server is seen as slow answers
REQUEST_TIMEOUT = 10.0  # seconds: a request not answered by then is an error
GRACE = 2.0  # seconds after the claim phase for the last deliveries to arrive
WINDOW_SECONDS = 10.0  # the report's tail by window of the claims phase (by_window)


# --- the words: six valid claims per seat for each starting pool ---------------------------------


@dataclass(frozen=True)
class Challenge:
    """A starting pool the host sets, and the claims (seat, word) that follow it, in the order they are sent."""

    pool: str
    claims: tuple[tuple[int, str], ...]


def plan_challenges(
    seats: int = 4, lexicon_name: str = "standard", pieces: int = 8, limit: int | None = None
) -> list[Challenge]:
    """Every starting pool of `pieces` pieces whose seats can each claim six words without adding a piece.

    Per seat, each word is built from the pieces of the seat's previous word (after
    a claim the leftovers are discarded) and has a new letter; no word is claimed
    twice at the table. Seats take turns; each picks, of the words its pieces build,
    the one whose own pieces build the most words (so the chain goes on). Every
    claim is then judged by the rules engine as the table will judge it.
    """
    from collections import Counter as Letters
    from functools import cache

    from solver.lexicon import load_lexicons
    from solver.pieces import Pool, load_alphabet
    from solver.search import piece_index, solve
    from solver.wordsmith import judge_claim

    lexicon = load_lexicons()[lexicon_name]
    alphabet = load_alphabet()
    index = piece_index(lexicon, alphabet)

    @cache
    def builds(cost: tuple[int, ...]) -> list[tuple[str, tuple[int, ...]]]:
        return [(w, alphabet.cost(w)) for w in solve(index, Pool(*cost), limit=1000).page if w.isalpha()]

    def new_letter(word: str, previous: str) -> bool:
        return not previous or bool(Letters(word) - Letters(previous))

    plans = []
    for counts in itertools.product(range(pieces + 1), repeat=4):
        if sum(counts) != pieces:
            continue
        used: set[str] = set()
        chains: list[list[str]] = [[] for _ in range(seats)]
        holding = [("", counts)] * seats
        for _round in range(6):
            for seat in range(seats):
                previous, cost = holding[seat]
                choices = [(w, c) for w, c in builds(cost) if w not in used and new_letter(w, previous)]
                if not choices:
                    break
                word, word_cost = max(choices, key=lambda wc: (len(builds(wc[1])), len(wc[0]), wc[0]))
                used.add(word)
                chains[seat].append(word)
                holding[seat] = (word, word_cost)
        if any(len(chain) < 6 for chain in chains):
            continue
        pool = str(Pool(*counts))
        claims = tuple((seat + 1, chains[seat][n]) for n in range(6) for seat in range(seats))
        _judge_plan(pool, claims, seats, lexicon, alphabet, judge_claim)
        plans.append(Challenge(pool, claims))
        if len(plans) == limit:
            break
    return plans


def _judge_plan(pool: str, claims, seats: int, lexicon, alphabet, judge_claim) -> None:
    """Raise if the rules engine refuses any planned claim, judged with the whole table's state."""
    pools = {seat: pool for seat in range(1, seats + 1)}
    previous = dict.fromkeys(pools, "")
    discards = dict.fromkeys(pools, 0)
    written = dict.fromkeys(pools, 0)
    claimed: list[str] = []
    done = False
    for seat, word in claims:
        verdict = judge_claim(
            word,
            pools[seat],
            lexicon,
            alphabet=alphabet,
            previous_word=previous[seat],
            claimed=claimed,
            discards_used=discards[seat],
            words_written=written[seat],
            after_done=done,
        )
        if not verdict.valid:
            raise AssertionError(f"planned claim {word!r} (seat {seat}, pool {pool}) refused: {verdict.codes}")
        pools[seat], previous[seat], discards[seat] = verdict.pieces, word, verdict.discards_after
        written[seat] += 1
        claimed.append(word)
        done = done or written[seat] == 6


# --- a small HTTP/1.1 client over asyncio streams ------------------------------------------------


async def read_head(reader: asyncio.StreamReader) -> tuple[int, dict[str, str]]:
    line = await reader.readline()
    if not line:
        raise ConnectionError("closed before an answer")
    status = int(line.split(b" ", 2)[1])
    headers = {}
    while True:
        line = await reader.readline()
        if line in (b"\r\n", b"\n", b""):
            return status, headers
        name, _, value = line.decode("latin-1").partition(":")
        headers[name.strip().lower()] = value.strip()


async def body_parts(reader: asyncio.StreamReader, headers: dict[str, str]):
    """Yield an answer's body as it arrives: by Content-Length, chunked, or up to the end of the connection."""
    if "content-length" in headers:
        yield await reader.readexactly(int(headers["content-length"]))
    elif headers.get("transfer-encoding", "").lower() == "chunked":
        while True:
            size = int((await reader.readline()).split(b";")[0], 16)
            if size == 0:
                await reader.readline()
                return
            data = await reader.readexactly(size + 2)
            yield data[:-2]
    else:
        while data := await reader.read(65536):
            yield data


def phone(number: int) -> str:
    """The loopback address of phone `number` (127.1.0.1 on): each phone is a client address of its own.

    The service counts join attempts per client address (app/serving/limiter.py: 10 a
    minute, 20 at once, per worker), so 1,000 phones joining from one address
    would be refused as a guesser; Linux routes all of 127.0.0.0/8 to loopback.
    """
    return f"127.1.{number // 250}.{number % 250 + 1}"


class Connection:
    """One kept-alive HTTP/1.1 connection, from `local` (an address) if given; reopened when the server closed it."""

    def __init__(self, port: int, local: str | None = None):
        self.port = port
        self.local = (local, 0) if local else None
        self.reader = self.writer = None

    async def request(self, method: str, path: str, body=None, token: str | None = None):
        """Send one request; return (status, parsed JSON or None, monotonic time the request was written)."""
        payload = json.dumps(body).encode() if body is not None else b""
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(payload)}\r\n"
        if body is not None:
            head += "Content-Type: application/json\r\n"
        if token:
            head += f"Authorization: Bearer {token}\r\n"
        data = head.encode() + b"\r\n" + payload
        for attempt in (1, 2):  # a kept-alive connection the server closed meanwhile fails at once: open another
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port, local_addr=self.local)
            sent = time.monotonic()
            try:
                self.writer.write(data)
                status, headers = await read_head(self.reader)
                answer = b"".join([part async for part in body_parts(self.reader, headers)])
            except (ConnectionError, asyncio.IncompleteReadError):
                self.close()
                if attempt == 2:
                    raise
                continue
            if headers.get("connection", "").lower() == "close":
                self.close()
            try:
                return status, json.loads(answer) if answer else None, sent
            except ValueError:
                return status, answer.decode("utf-8", "replace"), sent

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Connections:
    """Kept-alive connections handed out first in, first out (so none idles past the keep-alive)."""

    def __init__(self, port: int, size: int):
        self.port = port
        self.free: asyncio.Queue[Connection] = asyncio.Queue()
        for _ in range(size):
            self.free.put_nowait(Connection(port))

    async def request(self, *args, **kwargs):
        """`Connection.request` on the next free connection; TimeoutError after REQUEST_TIMEOUT seconds."""
        connection = await self.free.get()
        try:
            return await asyncio.wait_for(connection.request(*args, **kwargs), REQUEST_TIMEOUT)
        except TimeoutError:
            connection.close()
            raise
        finally:
            self.free.put_nowait(connection)

    def close(self) -> None:
        while not self.free.empty():
            self.free.get_nowait().close()


# --- the live tables' API contract ------------------------------------------------------------


@dataclass
class Table:
    """One table as the bench drives it: its tokens, its challenges, and the claims not yet sent."""

    number: int
    code: str
    host_token: str
    seat_tokens: list[str]
    challenge: int = 0  # how many challenges the host has started
    todo: deque = field(default_factory=deque)  # (seat, word) still to claim this challenge
    busy: bool = False  # an action of this table is in flight
    over: bool = False  # its next challenge was refused


async def create_table(pool: Connections, number: int, challenges: list[Challenge]) -> Table:
    status, created, _ = await pool.request(
        "POST", "/api/v1/tables", {"game": "wordsmith", "seats": list(SEATS), "lexicon": "standard"}
    )
    if status != 201:
        raise SystemExit(f"POST /api/v1/tables answered {status}: {str(created)[:300]}")
    code = created["code"]
    tokens = []
    for seat in range(1, len(SEATS) + 1):
        own = Connection(pool.port, phone(len(SEATS) * number + seat - 1))
        status, joined, _ = await asyncio.wait_for(
            own.request("POST", f"/api/v1/tables/{code}/seats/{seat}", {"request_id": uuid.uuid4().hex}),
            REQUEST_TIMEOUT,
        )
        own.close()
        if status not in (200, 201):
            raise SystemExit(f"joining seat {seat} answered {status}: {str(joined)[:300]}")
        tokens.append(joined["token"])
    table = Table(number, code, created["host_token"], tokens)
    status, answer = await start_challenge(pool, table, challenges)
    if status not in (200, 201):
        raise SystemExit(f"starting a challenge answered {status}: {str(answer)[:300]}")
    return table


async def start_challenge(pool: Connections, table: Table, challenges: list[Challenge]):
    """The host starts the table's next challenge with the next planned pool; its claims become the table's todo."""
    planned = challenges[(table.number + table.challenge) % len(challenges)]
    status, answer, _ = await pool.request(
        "POST",
        f"/api/v1/tables/{table.code}/challenges",
        {"pool": planned.pool, "request_id": uuid.uuid4().hex},
        token=table.host_token,
    )
    if status in (200, 201):
        table.challenge += 1
        table.todo = deque(planned.claims)
    return status, answer


async def setup(
    port: int, count: int, challenges: list[Challenge], concurrency: int = 8, lockstep: bool = False
) -> list[Table]:
    """Create the tables, join their seats, start their first challenges; unless `lockstep`, play table k's
    first k*12/count claims (half a challenge: the module's docstring says why)."""
    pool = Connections(port, concurrency)
    numbers = iter(range(count))
    tables: list[Table] = []

    async def worker() -> None:
        for number in numbers:
            table = await create_table(pool, number, challenges)
            if not lockstep:
                for _ in range(number * len(table.todo) // (2 * count)):
                    seat, word = table.todo.popleft()
                    status, answer, _ = await pool.request(
                        "POST",
                        f"/api/v1/tables/{table.code}/claims",
                        {"word": word, "request_id": uuid.uuid4().hex},
                        token=table.seat_tokens[seat - 1],
                    )
                    if status != 201:
                        raise SystemExit(f"a setup claim answered {status}: {str(answer)[:300]}")
            tables.append(table)

    await asyncio.gather(*(worker() for _ in range(concurrency)))
    pool.close()
    return sorted(tables, key=lambda t: t.number)


# --- the event streams (a process of their own) ------------------------------------------------


async def follow(port: int, table: int, code: str, seat: int, token: str, got: list, stats: Counter, opened, stop):
    """Hold one event stream open until `stop` (from the phone's address); keep (time, table, seat, data) per event."""
    last_id = None
    local = (phone(len(SEATS) * table + seat - 1), 0)
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=local)
        except OSError:
            stats["connect failed"] += 1
            await asyncio.sleep(1)
            continue
        head = f"GET /api/v1/tables/{code}/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
        head += f"Authorization: Bearer {token}\r\n"
        if last_id is not None:
            head += f"Last-Event-ID: {last_id}\r\n"
        writer.write(head.encode() + b"\r\n")
        try:
            status, headers = await read_head(reader)
            if status != 200:
                stats[f"refused {status}"] += 1
                writer.close()
                await asyncio.sleep(float(headers.get("retry-after", "1") or 1))
                continue
            if last_id is None:
                opened()
            else:
                stats["resumed"] += 1
            buffer = b""
            data: list[bytes] = []
            async for part in body_parts(reader, headers):
                now = time.monotonic()
                buffer += part
                *lines, buffer = buffer.split(b"\n")
                for line in lines:
                    line = line.rstrip(b"\r")
                    if not line:  # the end of an event
                        if data:
                            got.append((now, table, seat, b"\n".join(data)))
                            data = []
                    elif line.startswith(b"data:"):
                        data.append(line[5:].lstrip(b" "))
                    elif line.startswith(b"id:"):
                        last_id = line[3:].strip().decode()
            stats["ended by the server"] += 1
        except (ConnectionError, asyncio.IncompleteReadError, ValueError):
            stats["dropped"] += 1
        finally:
            writer.close()


def listen(port: int, streams: list[tuple[int, str, int, str]], open_rate: float, pipe) -> None:
    """The stream process: open every stream, say when they are open, keep events until told to stop."""

    async def main() -> None:
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        loop.add_reader(pipe.fileno(), stop.set)
        got: list = []
        stats: Counter = Counter()
        count = [0]
        all_open = asyncio.Event()

        def opened() -> None:
            count[0] += 1
            if count[0] == len(streams):
                all_open.set()

        began = time.monotonic()
        tasks = []
        for k, (table, code, seat, token) in enumerate(streams):
            tasks.append(asyncio.create_task(follow(port, table, code, seat, token, got, stats, opened, stop)))
            await asyncio.sleep(max(0.0, began + (k + 1) / open_rate - time.monotonic()))
        try:
            await asyncio.wait_for(all_open.wait(), timeout=60)
        except TimeoutError:
            pass
        pipe.send(("open", count[0], time.monotonic() - began, dict(stats)))
        cpu = time.process_time()
        await stop.wait()
        loop.remove_reader(pipe.fileno())
        pipe.recv()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        pipe.send(("done", got, dict(stats), time.process_time() - cpu))

    with collector_held_off():
        asyncio.run(main())


@contextmanager
def collector_held_off():
    """Python's cyclic garbage collector off in a client process while it measures (every client process).

    The client keeps every claim's answer and every event a stream received,
    for the report: a full collection over them took 120-210 ms in the claims
    process and the stream process (measured with gc.callbacks, 40 s runs),
    during which that process reads and stamps nothing, so the server's
    latencies grew by the client's pauses (the claims' schedule fell 200 ms
    behind at p99). A phase's cyclic garbage is collected after it.
    """
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.unfreeze()


# --- health, probed at a steady rate (a process of its own) ----------------------------------------


def probe_health(port: int, seconds: float, rate: float, pipe, paths: tuple[str, ...]) -> None:
    with collector_held_off():
        _probe_health(port, seconds, rate, pipe, paths)


def _probe_health(port: int, seconds: float, rate: float, pipe, paths: tuple[str, ...]) -> None:
    """Probe each of `paths` in turn at `rate` probes a second; send {path: latencies}, errors and CPU at the end."""
    latencies: dict[str, list[float]] = {path: [] for path in paths}
    errors = 0
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
    began = time.monotonic()
    for k in itertools.count():
        due = began + k / rate
        if due >= began + seconds or time.monotonic() >= began + seconds:
            break
        time.sleep(max(0.0, due - time.monotonic()))
        path = paths[k % len(paths)]
        start = time.monotonic()
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            if response.status != 200:
                errors += 1
                continue
            latencies[path].append(1000 * (time.monotonic() - start))
        except (OSError, http.client.HTTPException):
            errors += 1
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
    pipe.send((latencies, errors, time.process_time()))


# What the probes ask while the claims run: the service's health, and one table's state (an ordinary read).
HEALTH = "/api/v1/health"


@contextmanager
def health_probe(port: int, seconds: float, rate: float, table_code: str | None = None):
    """Probe health (and a table's state, given its code) in another process for `seconds`; yields a dict filled
    with (latencies of health, of the table's state, errors, cpu) at the end."""
    paths = (HEALTH,) if table_code is None else (HEALTH, f"/api/v1/tables/{table_code}")
    context = multiprocessing.get_context("fork")
    ours, theirs = context.Pipe()
    process = context.Process(target=probe_health, args=(port, seconds, rate, theirs, paths), daemon=True)
    process.start()
    result: dict = {}
    try:
        yield result
        latencies, errors, cpu = ours.recv()
        table = latencies.get(paths[-1], []) if len(paths) > 1 else []
        result.update(latencies=latencies[HEALTH], table=table, errors=errors, cpu=cpu)
    finally:
        process.join(timeout=15)
        if process.is_alive():
            process.kill()


# --- the claims (the main process) -------------------------------------------------------------


@dataclass
class Sent:
    table: int
    seat: int
    word: str
    due: float  # when the steady schedule wanted it sent
    sent: float = 0.0  # when it was written to its socket
    answered: float = 0.0
    status: int = 0
    answer: object = None
    delivered: float | None = None  # ms from sent to the last of its table's phones (deliveries)


async def run_claims(port: int, tables: list[Table], challenges, rate: float, seconds: float):
    """Send claims at `rate` per second for `seconds`, tables taking turns; return (claims, other actions)."""
    pool = Connections(port, CLAIM_CONNECTIONS)
    claims: list[Sent] = []
    others: Counter = Counter()
    tasks: set[asyncio.Task] = set()

    async def claim(table: Table, seat: int, word: str, due: float) -> None:
        record = Sent(table.number, seat, word, due)
        claims.append(record)
        try:
            record.status, record.answer, record.sent = await pool.request(
                "POST",
                f"/api/v1/tables/{table.code}/claims",
                {"word": word, "request_id": uuid.uuid4().hex},
                token=table.seat_tokens[seat - 1],
            )
        except (OSError, asyncio.IncompleteReadError, TimeoutError) as error:
            record.status, record.answer = 0, repr(error)
        record.answered = time.monotonic()
        table.busy = False

    async def next_challenge(table: Table) -> None:
        try:
            status, answer = await start_challenge(pool, table, challenges)
        except (OSError, asyncio.IncompleteReadError, TimeoutError) as error:
            status, answer = 0, repr(error)
        others[f"challenge {status}"] += 1
        if status not in (200, 201):
            table.over = True
            others[f"challenge refused: {str(answer)[:200]}"] += 1
        table.busy = False

    def spawn(coroutine) -> None:
        task = asyncio.create_task(coroutine)
        tasks.add(task)
        task.add_done_callback(tasks.discard)

    turn = itertools.cycle(tables)
    began = time.monotonic()
    for k in itertools.count():
        due = began + k / rate
        if due >= began + seconds:
            break
        await asyncio.sleep(max(0.0, due - time.monotonic()))
        for table in itertools.islice(turn, len(tables)):
            if table.busy or table.over:
                continue
            table.busy = True
            if table.todo:
                seat, word = table.todo.popleft()
                spawn(claim(table, seat, word, due))
                break
            spawn(next_challenge(table))  # not a claim: the turn goes on to the next table
        else:
            others["turns skipped"] += 1
    if tasks:
        await asyncio.wait(tasks, timeout=10)
    pool.close()
    return claims, others, time.monotonic() - began


# --- profiling the workers (--profile) ---------------------------------------------------------

PROFILE_CONF = """
# gunicorn.conf.py's settings, and a cProfile (CPU time) of every thread of each worker (bench/tables.py --profile):
# cleared when the file `start` appears in the folder, written out when `stop` does.
import cProfile, os, threading, time
from app.serving.gunicorn_conf import *  # noqa: F403
from app.serving.gunicorn_conf import __all__ as _settings

__all__ = [*_settings, "post_worker_init"]
_folder = {folder!r}
_profiles = []


def _profile_this_thread(*_):
    profile = cProfile.Profile(time.thread_time)  # CPU time: a thread waiting for an event costs nothing
    _profiles.append(profile)
    profile.enable()  # replaces this hook: from now on the thread is profiled in C


class _Snapshot:
    \"\"\"A thread's profile so far, read without disabling it: another thread's disable() would close its
    unfinished calls with the reading thread's clock.\"\"\"

    def __init__(self, profile):
        profile.snapshot_stats()
        self.stats = profile.stats

    def create_stats(self):
        pass


def _watch():
    import pstats

    while not os.path.exists(os.path.join(_folder, "start")):
        time.sleep(0.2)
    for profile in list(_profiles):
        profile.clear()
    while not os.path.exists(os.path.join(_folder, "stop")):
        time.sleep(0.2)
    snapshots = [snapshot for snapshot in map(_Snapshot, list(_profiles)) if snapshot.stats]  # pstats refuses empty ones
    pstats.Stats(*snapshots).dump_stats(os.path.join(_folder, f"worker-{{os.getpid()}}.prof"))


def post_worker_init(worker):
    threading.Thread(target=_watch, daemon=True).start()  # started before the hook: not profiled itself
    threading.setprofile(_profile_this_thread)  # each thread the pool starts from now on
    _profile_this_thread()
"""


# Where a worker's CPU goes, by the function that starts each kind of work: (label, path suffix, function,
# whether it is part of the row above rather than a share of its own).
PROFILE_SHARES = [
    (
        "requests through Flask (wsgi_app, every route): routing, validation, views, JSON",
        "flask/app.py",
        "wsgi_app",
        False,
    ),
    ("  of which the claim view (read, fold, judge, append, the state answered)", "app/api/tables.py", "claim", True),
    ("  of which the stream view (opening a stream: the table folded once)", "app/api/tables.py", "events", True),
    (
        "event streams once open (the worker's stream hub: new events, keep-alives, writes)",
        "app/serving/stream_hub.py",
        "_turn",
        False,
    ),
    (
        "the notifier's polls (SQLite: every 100 ms, one query for every table waited on)",
        "tables/notify.py",
        "poll",
        False,
    ),
]


def profile_shares(stats) -> list[tuple[str, float, int]]:
    """(kind of work, CPU seconds with callees, calls) for each of PROFILE_SHARES, and everything else."""
    total = sum(tottime for _, _, tottime, _, _ in stats.stats.values())
    shares, own = [], 0.0
    for label, path, name, part in PROFILE_SHARES:
        found = [
            (ct, nc)
            for (file, _, func), (_, nc, _, ct, _) in stats.stats.items()
            if file.endswith(path) and func == name
        ]
        seconds = sum(ct for ct, _ in found)
        shares.append((label, seconds, sum(nc for _, nc in found)))
        own += 0.0 if part else seconds
    shares.append(
        ("everything else: gunicorn (accept, parse, write, the access log), the workers' loops", total - own, 0)
    )
    return shares


def profile_report(folder: Path, top: int = 25) -> str:
    """The workers' profiles, merged: CPU by kind of work, the functions that took the most of their own and with callees."""
    import io
    import pstats

    files = sorted(str(p) for p in folder.glob("worker-*.prof"))
    if not files:
        return "no profile written"
    out = io.StringIO()
    stats = pstats.Stats(*files, stream=out)
    if os.environ.get("BENCH_PROFILE_OUT"):  # keep the merged profile for pstats (the run's folder is removed)
        stats.dump_stats(os.environ["BENCH_PROFILE_OUT"])
    total = sum(tottime for _, _, tottime, _, _ in stats.stats.values())
    print(f"CPU of both workers during the claims, profiled: {total:.1f} s", file=out)
    for label, seconds, calls in profile_shares(stats):
        print(
            f"  {100 * seconds / total:5.1f}%  {seconds:7.2f} s  {label}" + (f" ({calls} calls)" if calls else ""),
            file=out,
        )
    print(file=out)
    stats.strip_dirs().sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)
    stats.print_callees(r"\((claim|act|event_stream)\)$")  # what a claim and a stream's turn spend their time on
    return out.getvalue()


# --- the run -------------------------------------------------------------------------------------


def percentile(values, q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def process_tree_cpu(pid: int) -> float:
    """CPU seconds of a process, its live children, and its children that have exited (PostgreSQL's backends)."""
    ticks = os.sysconf("SC_CLK_TCK")
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    total = sum(int(fields[i]) for i in (11, 12, 13, 14))  # utime, stime, cutime, cstime (reaped children)
    return total / ticks + server_cpu(pid) - (int(fields[11]) + int(fields[12])) / ticks


def worker_threads(pid: int) -> list[int]:
    """The number of threads of each of gunicorn's workers (one per open stream, plus a few)."""
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return []
    counts = []
    for child in children:
        try:
            counts.append(len(os.listdir(f"/proc/{child}/task")))
        except OSError:
            pass
    return counts


def deliveries(claims: list[Sent], got: list, seats: int) -> tuple[list[float], list[float], int]:
    """Match each accepted claim to the first event carrying its word on each of its table's streams, after it was sent.

    Returns the latency of every delivery (ms), of the last of each claim's deliveries, and how many are missing.
    """
    arrivals: dict[tuple[int, int, str], list[float]] = {}
    for when, table, seat, data in got:
        try:
            event = json.loads(data)
        except ValueError:
            continue
        word = (event.get("data") or {}).get("word") if isinstance(event, dict) else None
        if isinstance(word, str):
            arrivals.setdefault((table, seat, word), []).append(when)
    for times in arrivals.values():
        times.sort()
    every, last, missing = [], [], 0
    for claim in claims:
        if claim.status != 201:
            continue
        latest = None
        for seat in range(1, seats + 1):
            times = arrivals.get((claim.table, seat, claim.word), [])
            i = bisect_left(times, claim.sent)
            if i == len(times):
                missing += 1
                continue
            latency = 1000 * (times[i] - claim.sent)
            every.append(latency)
            latest = max(latency, latest or 0.0)
        if latest is not None:
            last.append(latest)
            claim.delivered = latest
    return every, last, missing


def by_window(claims: list[Sent], seconds: float = WINDOW_SECONDS) -> str:
    """The last phone's p99 in each `seconds` of the claims phase (by when the claim was sent): a tail that grows
    with the run (state that grows) reads differently from one that comes and goes (the machine)."""
    delivered = [c for c in claims if c.delivered is not None]
    if not delivered:
        return "-"
    began = min(c.sent for c in delivered)
    windows: dict[int, list[float]] = {}
    for claim in delivered:
        windows.setdefault(int((claim.sent - began) // seconds), []).append(claim.delivered)
    return " / ".join(f"{percentile(windows.get(k, []), 0.99):.0f}" for k in range(max(windows) + 1))


@contextmanager
def postgres_cluster():
    """A throw-away PostgreSQL cluster (Debian's binaries) in a temporary folder; yields its URL and postmaster's pid.

    Not the tests' cluster (tests/postgres_helpers.py): that one turns fsync off
    for speed, and this one measures PostgreSQL as deployed. It listens on TCP,
    as a database on another host would be reached.
    """
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parent.parent.name))
    if not versions:
        raise SystemExit("PostgreSQL is not installed (Debian's `postgresql` package): run with --database sqlite")
    bindir = versions[-1].parent
    folder = Path(tempfile.mkdtemp(prefix="wordsmith-bench-pg-"))
    as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    data, port = folder / "data", free_port()

    def run(*command: str) -> None:
        subprocess.run(as_postgres + list(command), check=True, capture_output=True, timeout=120)

    started = False
    try:
        run(str(bindir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")
        options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c max_connections=300"
        run(str(bindir / "pg_ctl"), "-D", str(data), "-l", str(folder / "log"), "-o", options, "-w", "start")
        started = True
        postmaster = int((data / "postmaster.pid").read_text().split()[0])
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres", postmaster
    finally:
        if started:
            run(str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop")
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def database(kind: str, folder: Path):
    """Yield the database's URL and the pid of its server (None for SQLite: it runs inside the workers)."""
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'tables.db'}", None
    else:
        with postgres_cluster() as found:
            yield found


def stream_capacity() -> tuple[int, int]:
    """The threads per worker and the streams a worker's hub holds, as the service is deployed.

    Since the stream hub (app/serving/stream_hub.py) a stream holds no thread, so the
    bench no longer sizes GUNICORN_THREADS for the streams: the defaults
    (640 threads, `HUB_STREAMS` streams a worker) are what is measured.
    """
    from app.serving.streams import HUB_STREAMS

    return int(os.environ.get("GUNICORN_THREADS", "640")), int(os.environ.get("WORDSMITH_MAX_STREAMS") or HUB_STREAMS)


def measure(kind: str, args, challenges: list[Challenge], folder: Path) -> dict:
    """One database: start it and the service, set up the tables, open the streams, send the claims."""
    streams = len(SEATS) * args.tables
    threads, cap = stream_capacity()
    figures: dict = {"threads": threads, "stream cap": cap, "load before": os.getloadavg()}
    with database(kind, folder) as (url, database_pid):
        # The hosts' setup all comes from one address, which makes every table (TABLES_PER_HOUR) and may hold
        # any share of the streams (STREAMS_PER_ADDRESS); the phones' own streams each come from an address of
        # their own (`phone`).
        env = {
            "WORDSMITH_DATABASE_URL": url,
            "WORDSMITH_STREAMS_PER_ADDRESS": str(streams),
            "WORDSMITH_TABLES_PER_HOUR": str(2 * args.tables + 100),
        }
        config = "gunicorn.conf.py"
        if args.profile:
            profiles = folder / f"profile-{kind}"
            profiles.mkdir()
            config = str(folder / f"profile-{kind}.conf.py")
            Path(config).write_text(PROFILE_CONF.format(folder=str(profiles)), encoding="utf-8")
        command = [sys.executable, "-m", "gunicorn", args.app, "-c", config]
        server = GunicornServer(folder / f"gunicorn-{kind}.log", workers=args.workers, env=env, command=command)
        server.start()
        # --servers 2: a second app server on the same database; the phones' streams are all on it, so every
        # claim sent to the first reaches its phones through the database's notifications, as across hosts.
        streaming = server
        if args.servers == 2:
            streaming = GunicornServer(
                folder / f"gunicorn-{kind}-2.log", workers=args.workers, env=env, command=command
            )
            streaming.start()
        pids = sorted({server.process.pid, streaming.process.pid})

        def server_cpu(_pid=None) -> float:  # every server's master and workers (`load.server_cpu` of each)
            return sum(one_server_cpu(pid) for pid in pids)

        try:
            pid = server.process.pid
            print(f"{kind}: serving at {server.url} ({args.workers} workers x {threads} threads)", file=sys.stderr)
            if streaming is not server:
                print(f"{kind}: streams at {streaming.url}, a second server on the same database", file=sys.stderr)
            cpu, began = server_cpu(pid), time.monotonic()
            tables = asyncio.run(setup(server.port, args.tables, challenges, lockstep=args.lockstep))
            figures["setup"] = (time.monotonic() - began, server_cpu(pid) - cpu)
            print(f"  {len(tables)} tables set up in {figures['setup'][0]:.1f} s", file=sys.stderr)

            if args.baseline > 0:  # the same claims with no stream open: what the streams add
                cpu = server_cpu(pid)
                with health_probe(server.port, args.baseline, args.health_rate) as alone, collector_held_off():
                    claims, _, elapsed = asyncio.run(
                        run_claims(server.port, tables, challenges, args.rate, args.baseline)
                    )
                figures["baseline"] = (claims, elapsed, server_cpu(pid) - cpu, alone)

            context = multiprocessing.get_context("fork")
            ours, theirs = context.Pipe()
            pairs = [(t.number, t.code, seat, t.seat_tokens[seat - 1]) for t in tables for seat in (1, 2, 3, 4)]
            listener = context.Process(target=listen, args=(streaming.port, pairs, args.open_rate, theirs), daemon=True)
            cpu = server_cpu(pid)
            listener.start()
            try:
                _, opened, took, stream_stats = ours.recv()
                figures["streams"] = (opened, streams, took, stream_stats, server_cpu(pid) - cpu)
                figures["worker threads"] = worker_threads(pid)
                print(f"  {opened} of {streams} streams open in {took:.1f} s {stream_stats}", file=sys.stderr)

                cpu, began = server_cpu(pid), time.monotonic()
                with health_probe(server.port, args.idle, args.health_rate) as idle:
                    time.sleep(args.idle)
                figures["idle"] = (idle, (server_cpu(pid) - cpu) / (time.monotonic() - began))

                if args.profile:
                    (folder / f"profile-{kind}" / "start").touch()
                cpu, client = server_cpu(pid), time.process_time()
                database_cpu = process_tree_cpu(database_pid) if database_pid else 0.0
                probe = health_probe(server.port, args.seconds, 2 * args.health_rate, tables[0].code)
                with probe as busy, collector_held_off():
                    claims, others, elapsed = asyncio.run(
                        run_claims(server.port, tables, challenges, args.rate, args.seconds)
                    )
                figures["claims"] = (claims, others, elapsed, server_cpu(pid) - cpu, time.process_time() - client)
                figures["database cpu"] = process_tree_cpu(database_pid) - database_cpu if database_pid else None
                if args.profile:
                    (folder / f"profile-{kind}" / "stop").touch()
                    for _ in range(100):  # the workers write their profiles
                        if len(list((folder / f"profile-{kind}").glob("worker-*.prof"))) >= args.workers:
                            break
                        time.sleep(0.2)
                figures["busy"] = busy
                figures["worker threads after"] = worker_threads(pid)
                time.sleep(GRACE)
                ours.send("stop")
                _, got, stream_stats, listener_cpu = ours.recv()
                figures["events"] = (got, stream_stats, listener_cpu)
            finally:
                listener.join(timeout=30)
                if listener.is_alive():
                    listener.kill()
        finally:
            for started in {server, streaming}:
                if started.process.poll() is None:
                    # SIGQUIT: gunicorn's quick shutdown. A graceful one (SIGTERM) waits for the streams' threads,
                    # which see their client gone only at their next heartbeat (15 s).
                    started.process.send_signal(signal.SIGQUIT)
                started.stop()
    figures["load after"] = os.getloadavg()
    if args.profile:
        figures["profile"] = profile_report(folder / f"profile-{kind}")
    return figures


def baseline_rows(figures: dict, accepted: int, server_claims_cpu: float) -> dict[str, str]:
    """The baseline's rows: the same claims with no stream open, and the server's CPU per claim against it."""
    if "baseline" not in figures:
        return {}
    claims, elapsed, cpu, alone = figures["baseline"]
    ok = [c for c in claims if c.status == 201]
    answer_ms = [1000 * (c.answered - c.sent) for c in ok]
    per_claim = cpu / max(1, len(ok))
    return {
        "baseline, no stream open: claims/s; answered p50 / p99 ms": (
            f"{len(ok) / elapsed:.0f} ({len(claims) - len(ok)} refused or failed); "
            f"{percentile(answer_ms, 0.5):.0f} / {percentile(answer_ms, 0.99):.0f}"
        ),
        "baseline, no stream open: health p50 / p99 ms": (
            f"{percentile(alone['latencies'], 0.5):.1f} / {percentile(alone['latencies'], 0.99):.1f}"
        ),
        "server CPU per claim, streams open / none (ms)": (
            f"{1000 * server_claims_cpu / max(1, accepted):.1f} / {1000 * per_claim:.1f}"
            f" ({server_claims_cpu / max(1, accepted) / per_claim:.1f}x)"
            if per_claim
            else "—"
        ),
    }


def summarize(figures: dict, args) -> dict[str, str]:
    """The rows of the report for one database."""
    claims, others, elapsed, server_claims_cpu, client_cpu = figures["claims"]
    got, stream_stats, listener_cpu = figures["events"]
    accepted = [c for c in claims if c.status == 201]
    statuses = Counter(c.status for c in claims)
    refusals = Counter(
        ",".join(o.get("code", "?") for o in c.answer.get("objections", [])) or c.answer.get("title", "?")
        for c in claims
        if c.status != 201 and isinstance(c.answer, dict)
    )
    every, last, missing = deliveries(claims, got, len(SEATS))
    answer_ms = [1000 * (c.answered - c.sent) for c in accepted]
    lag_ms = [1000 * (c.sent - c.due) for c in claims if c.sent]
    opened, streams, took, open_stats, _ = figures["streams"]
    idle, idle_cores = figures["idle"]
    busy = figures["busy"]
    setup_s, _ = figures["setup"]
    rows = {
        "claims/s sustained (accepted; goal >= 200)": f"{len(accepted) / elapsed:.0f} (offered {args.rate:g})",
        **baseline_rows(figures, len(accepted), server_claims_cpu),
        "claims sent / accepted / refused or failed": (
            f"{len(claims)} / {len(accepted)} / {len(claims) - len(accepted)}"
            + (f" ({dict(statuses)}; {dict(refusals.most_common(3))})" if len(claims) > len(accepted) else "")
        ),
        "claim answered p50 / p99 ms": f"{percentile(answer_ms, 0.5):.0f} / {percentile(answer_ms, 0.99):.0f}",
        "claim to each phone p50 / p99 ms (goal p99 <= 250)": (
            f"{percentile(every, 0.5):.0f} / {percentile(every, 0.99):.0f}"
        ),
        "claim to the last of 4 phones p50 / p99 ms": f"{percentile(last, 0.5):.0f} / {percentile(last, 0.99):.0f}",
        f"the same p99 ms, each {WINDOW_SECONDS:g} s of the run": by_window(accepted),
        "deliveries missing": f"{missing} of {len(SEATS) * len(accepted)}",
        "health p50 / p99 ms, streams open, claims running (goal p99 <= 100)": (
            f"{percentile(busy['latencies'], 0.5):.1f} / {percentile(busy['latencies'], 0.99):.1f}"
            + (f" ({busy['errors']} failed)" if busy["errors"] else "")
        ),
        "GET /api/v1/tables/{code} p50 / p99 ms, claims running (goal p99 <= 100)": (
            f"{percentile(busy['table'], 0.5):.1f} / {percentile(busy['table'], 0.99):.1f}"
        ),
        "health p50 / p99 ms, streams open, idle": (
            f"{percentile(idle['latencies'], 0.5):.1f} / {percentile(idle['latencies'], 0.99):.1f}"
            + (f" ({idle['errors']} failed)" if idle["errors"] else "")
        ),
        "streams open / wanted (s to open them)": f"{opened} / {streams} ({took:.1f} s)",
        "streams refused, dropped, resumed": ", ".join(f"{k} {v}" for k, v in sorted(stream_stats.items())) or "none",
        "threads per worker; streams a worker's hub may hold": f"{figures['threads']}; {figures['stream cap']}",
        "worker threads with the streams open": " + ".join(map(str, figures["worker threads"])),
        "other actions; turns skipped (every table had an action in flight)": ", ".join(
            f"{k} {v}" for k, v in sorted(others.items())
        )
        or "none",
        "setup: tables, seats, first challenges": f"{setup_s:.1f} s",
        "server CPU, streams open and idle (cores)": f"{idle_cores:.2f}",
        "server CPU during the claims (cores; ms per claim)": (
            f"{server_claims_cpu / elapsed:.2f}; {1000 * server_claims_cpu / max(1, len(accepted)):.1f}"
        ),
        "PostgreSQL's CPU during the claims (cores; ms per claim)": (
            f"{figures['database cpu'] / elapsed:.2f}; {1000 * figures['database cpu'] / max(1, len(accepted)):.1f}"
            if figures["database cpu"] is not None
            else "—"
        ),
        "client CPU during the claims (cores: claims, streams, health)": (
            f"{client_cpu / elapsed:.2f}, {listener_cpu / elapsed:.2f}, {busy['cpu'] / elapsed:.2f}"
        ),
        "client lag behind the schedule p50 / p99 ms": f"{percentile(lag_ms, 0.5):.1f} / {percentile(lag_ms, 0.99):.1f}",
        "load average (1 min) before / after": f"{figures['load before'][0]:.2f} / {figures['load after'][0]:.2f}",
    }
    return rows


def main(argv=None) -> int:
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # run the `finally`s: stop gunicorn and PostgreSQL
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--tables", type=int, default=250, help="tables of 4 seats, one stream each (default: 250)")
    parser.add_argument("--rate", type=float, default=200.0, help="claims sent per second (default: 200)")
    parser.add_argument("--seconds", type=float, default=60.0, help="seconds of claims (default: 60)")
    parser.add_argument(
        "--baseline", type=float, default=10.0, help="seconds of claims before any stream opens (default: 10; 0: none)"
    )
    parser.add_argument("--idle", type=float, default=5.0, help="seconds with the streams open, no claims (default: 5)")
    parser.add_argument("--open-rate", type=float, default=200.0, help="streams opened per second (default: 200)")
    parser.add_argument("--health-rate", type=float, default=20.0, help="health probes per second (default: 20)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (default: 2)")
    parser.add_argument(
        "--servers",
        type=int,
        choices=(1, 2),
        default=1,
        help="app servers on the one database (default: 1); 2: the streams on the second (PostgreSQL: across hosts)",
    )
    parser.add_argument(
        "--lockstep",
        action="store_true",
        help="every table at the same point of its game: all end a challenge, and start the next, at once",
    )
    parser.add_argument(
        "--profile", action="store_true", help="cProfile every worker thread and print where the time went (slower)"
    )
    parser.add_argument("--app", default="app:create_app()", help="the WSGI app gunicorn serves (default: %(default)s)")
    args = parser.parse_args(argv)
    args.seconds = min(args.seconds, 600.0)
    game = 3 * 6 * len(SEATS)  # claims in a game: three challenges of six words a seat
    if args.rate * (args.seconds + args.baseline) > game * args.tables:
        print(
            f"warning: {args.rate * (args.seconds + args.baseline):.0f} claims wanted, {game * args.tables} in {args.tables} games: "
            "tables whose game is over drop out and the rate falls; raise --tables",
            file=sys.stderr,
        )

    began = time.monotonic()
    challenges = plan_challenges(len(SEATS))
    print(
        f"planned {len(challenges)} starting pools of 24 valid claims each in {time.monotonic() - began:.1f} s; "
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}",
        file=sys.stderr,
    )
    kinds = ("sqlite", "postgresql") if args.database == "both" else (args.database,)
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for kind in kinds:
            figures = measure(kind, args, challenges, Path(tmp))
            results[kind] = summarize(figures, args)
            if args.profile:
                print(f"\n## Where the workers' time went: {kind}\n\n{figures['profile']}")
    names = list(results)
    print(
        f"\n| {args.tables} tables x 4 seats, {args.rate:g} claims/s offered for {args.seconds:g} s | "
        + " | ".join(names)
        + " |"
    )
    print("|---|" + "---:|" * len(names))
    for row in results[names[0]]:
        print(f"| {row} | " + " | ".join(results[name][row] for name in names) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
