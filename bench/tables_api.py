"""bench/tables.py --mode api: the phones as API clients, the event streams read raw, claims as JSON posts.

Each seat's phone joins with POST /api/v1/tables/{code}/seats/{n} from its own address and
follows /api/v1/tables/{code}/events with its bearer token; the host (one address) makes the
tables and starts their challenges; claims are POST .../claims with the seat's token, sent by
the main process over kept-alive connections at a steady rate. A phone here renders nothing:
what is measured is the claim and its event reaching every stream.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import sys
import time
import uuid
from collections import Counter, deque
from dataclasses import dataclass, field

from tables_http import REQUEST_TIMEOUT, Connection, Connections, body_parts, collector_held_off, phone, stream_opened
from tables_plan import SEATS, Challenge, due_times, take_turns
from tables_server import health_probe, idle_phase

CLAIM_CONNECTIONS = 128  # enough that the client's queue is not the limit: a slow server is seen as slow answers
GRACE = 2.0  # seconds after the claim phase for the last deliveries to arrive


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
        try:
            headers = await stream_opened(reader, writer, head, last_id, stats)
            if headers is None:
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

    began = time.monotonic()
    await take_turns(tables, due_times(began, rate, seconds), claim, next_challenge, spawn, others)
    if tasks:
        await asyncio.wait(tasks, timeout=10)
    pool.close()
    return claims, others, time.monotonic() - began


# --- the phases, on a service started (bench/tables.py's `measure`) -------------------------------


def run(served, args, challenges: list[Challenge], figures: dict) -> None:
    """Set up the tables, claim with no stream open, open the streams, idle, claim: the API mode's figures."""
    port = served.server.port
    streams = len(SEATS) * args.tables
    cpu, began = served.cpu(), time.monotonic()
    tables = asyncio.run(setup(port, args.tables, challenges, lockstep=args.lockstep))
    figures["setup"] = (time.monotonic() - began, served.cpu() - cpu)
    print(f"  {len(tables)} tables set up in {figures['setup'][0]:.1f} s", file=sys.stderr)

    if args.baseline > 0:  # the same claims with no stream open: what the streams add
        cpu = served.cpu()
        with health_probe(port, args.baseline, args.health_rate) as alone, collector_held_off():
            claims, _, elapsed = asyncio.run(run_claims(port, tables, challenges, args.rate, args.baseline))
        figures["baseline"] = (claims, elapsed, served.cpu() - cpu, alone)

    context = multiprocessing.get_context("fork")
    ours, theirs = context.Pipe()
    pairs = [(t.number, t.code, seat, t.seat_tokens[seat - 1]) for t in tables for seat in (1, 2, 3, 4)]
    listener = context.Process(target=listen, args=(served.streaming.port, pairs, args.open_rate, theirs), daemon=True)
    cpu = served.cpu()
    listener.start()
    try:
        _, opened, took, stream_stats = ours.recv()
        figures["streams"] = (opened, streams, took, stream_stats, served.cpu() - cpu)
        figures["worker threads"] = served.worker_threads()
        print(f"  {opened} of {streams} streams open in {took:.1f} s {stream_stats}", file=sys.stderr)

        figures["idle"] = idle_phase(served, port, args.idle, args.health_rate)

        served.profile_start()
        cpu, client, database_cpu = served.cpu(), time.process_time(), served.database_cpu()
        probe = health_probe(port, args.seconds, 2 * args.health_rate, tables[0].code)
        with probe as busy, collector_held_off():
            claims, others, elapsed = asyncio.run(run_claims(port, tables, challenges, args.rate, args.seconds))
        figures["claims"] = (claims, others, elapsed, served.cpu() - cpu, time.process_time() - client)
        figures["database cpu"] = served.database_cpu() - database_cpu if database_cpu is not None else None
        served.profile_stop()
        figures["busy"] = busy
        figures["worker threads after"] = served.worker_threads()
        time.sleep(GRACE)
        ours.send("stop")
        _, got, stream_stats, listener_cpu = ours.recv()
        figures["events"] = (got, stream_stats, listener_cpu)
    finally:
        listener.join(timeout=30)
        if listener.is_alive():
            listener.kill()
