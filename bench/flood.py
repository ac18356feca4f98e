"""A connection flood from one address, and how long another address's phone waits for its stream.

    python bench/flood.py [--connections 1000 2100] [--rounds 3] [--workers 2] [--compare-uncapped]

Starts gunicorn as the Procfile does (`tests/service_helpers.GunicornServer`:
gunicorn.conf.py, preload, the access log) on a free loopback port with a
SQLite file of its own, makes 20 tables for the flood and one for the phone,
then, for each count of --connections and each of --rounds:

  flood     opens that many connections from 127.0.0.1 at once (non-blocking
            connects, all issued before the phone connects), each asking for
            an event stream of one of the 20 tables (so the flood passes each
            table's share and meets the address's share, STREAMS_PER_ADDRESS)
  phone     from 127.0.0.2 (its own client address: the socket is bound to
            it), as soon as the flood's connects are issued, asks for its
            table's stream; reported: seconds from its connect to the first
            byte of the answer (TTFB) and to the stream's `retry:`, and the
            status it got

Also reported: the phone's TTFB with no flood (the same table, before the
first flood), how the flood's connections were answered (200 streams, 429s
from the app, the worker's own refusal, closed or reset with no answer, still
waiting when the phone got its stream), and the load average, as the machine
is shared. Between rounds the flood's sockets are closed and the bench waits
until health is answered within 50 ms again.

--compare-uncapped: also measure the same gunicorn with the per-address
connection cap lifted (WORDSMITH_CONNECTIONS_PER_ADDRESS set far above any
count here): how the worker behaved before the cap.

Bounded: loopback only, at most 4,000 flood connections, every socket is closed
at the end of its round, and the servers it started are stopped at the end
whatever happens.
"""

from __future__ import annotations

import argparse
import errno
import multiprocessing
import os
import resource
import selectors
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from service_helpers import GunicornServer  # noqa: E402

FLOOD_ADDRESS = "127.0.0.1"
PHONE_ADDRESS = "127.0.0.2"
FLOOD_TABLES = 20
MAX_CONNECTIONS = 4000
PHONE_TIMEOUT = 60.0  # seconds the phone waits for its stream before the round counts it as never answered
UNCAPPED = "1000000"


def raise_open_files_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def stream_request(code: str, after: int | None = None) -> bytes:
    query = "" if after is None else f"?after={after}"
    return f"GET /api/v1/tables/{code}/events{query} HTTP/1.1\r\nHost: x\r\n\r\n".encode()


def phone(port: int, request: bytes, start, answer) -> None:
    """The other address's phone (a process of its own, so the flood's loop does not delay its clock)."""
    start.wait()
    began = time.monotonic()
    sock = socket.socket()
    sock.settimeout(PHONE_TIMEOUT)
    try:
        sock.bind((PHONE_ADDRESS, 0))
        sock.connect(("127.0.0.1", port))
        sock.sendall(request)
        data = sock.recv(65536)
        first = time.monotonic() - began
        while data and b"retry:" not in data and b"\r\n\r\n" not in data:
            data += sock.recv(65536)
        if data.startswith(b"HTTP/1.1 200"):
            while b"retry:" not in data:
                more = sock.recv(65536)
                if not more:
                    break
                data += more
        status = data.split(b" ", 2)[1].decode() if data.startswith(b"HTTP/") else "no answer"
        answer.put((first, time.monotonic() - began, status))
    except OSError as error:
        answer.put((None, time.monotonic() - began, type(error).__name__))
    finally:
        sock.close()


def whole(answer: bytes) -> bool:
    """Whether `answer` holds a whole head, and the whole body when the head gives its length (a refusal's)."""
    head, found, body = answer.partition(b"\r\n\r\n")
    if not found:
        return False
    for line in head.split(b"\r\n"):
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return len(body) >= int(value)
    return True


class Flood:
    """`count` connections from FLOOD_ADDRESS, each sending a stream request as soon as it is connected."""

    def __init__(self, port: int, requests_: list[bytes], count: int):
        self.selector = selectors.DefaultSelector()
        self.socks: dict[socket.socket, dict] = {}
        for n in range(count):
            sock = socket.socket()
            sock.setblocking(False)
            sock.bind((FLOOD_ADDRESS, 0))
            code = sock.connect_ex(("127.0.0.1", port))
            state = {"request": requests_[n % len(requests_)], "answer": b"", "outcome": None}
            self.socks[sock] = state
            if code in (0, errno.EINPROGRESS):
                self.selector.register(sock, selectors.EVENT_WRITE)
            else:
                state["outcome"] = "connect refused"

    def step(self, timeout: float) -> None:
        for key, _ in self.selector.select(timeout):
            sock, state = key.fileobj, self.socks[key.fileobj]
            if key.events & selectors.EVENT_WRITE:
                try:
                    sock.send(state["request"])
                except OSError:
                    self._done(sock, "reset, no answer")
                    continue
                self.selector.modify(sock, selectors.EVENT_READ)
                continue
            try:
                data = sock.recv(65536)
            except BlockingIOError:
                continue
            except OSError:
                self._done(sock, "reset" + (", answered" if state["answer"] else ", no answer"))
                continue
            if not data:
                self._done(sock, "closed" + (", answered" if state["answer"] else ", no answer"))
                continue
            if len(state["answer"]) < 8192:
                state["answer"] += data
            if state["outcome"] is None and whole(state["answer"]):
                self._classify(state)
                if not state["answer"].startswith(b"HTTP/1.1 200"):
                    self._done(sock, state["outcome"])  # a refusal: nothing more to read

    def _classify(self, state: dict) -> None:
        head = state["answer"].split(b"\r\n\r\n", 1)[0].decode("latin-1")
        if not head.startswith("HTTP/1.1 "):
            state["outcome"] = "not an HTTP answer"
            return
        status = head[len("HTTP/1.1 ") :].partition(" ")[0]
        if status == "200":
            state["outcome"] = "200 stream"
        elif "too-many-connections" in state["answer"].decode("latin-1"):
            state["outcome"] = f"{status} from the worker, before the app"
        else:
            slug = state["answer"].decode("latin-1").partition("#problem-")[2].partition('"')[0]
            state["outcome"] = f"{status} {slug} from the app"

    def _done(self, sock: socket.socket, outcome: str) -> None:
        state = self.socks[sock]
        if state["outcome"] is None and state["answer"]:
            self._classify(state)
        if state["outcome"] is None:
            state["outcome"] = outcome
        try:
            self.selector.unregister(sock)
        except (KeyError, ValueError):
            pass

    def outcomes(self) -> dict[str, int]:
        counted: dict[str, int] = {}
        for state in self.socks.values():
            outcome = state["outcome"] or "waiting"
            counted[outcome] = counted.get(outcome, 0) + 1
        return dict(sorted(counted.items(), key=lambda item: -item[1]))

    def close(self) -> None:
        for sock in self.socks:
            sock.close()
        self.selector.close()


def one_round(port: int, flood_requests: list[bytes], phone_request: bytes, count: int) -> tuple:
    """One flood of `count` and the phone's stream; returns (TTFB, seconds to `retry:`, status, outcomes)."""
    context = multiprocessing.get_context("fork")
    start, answer = context.Event(), context.Queue()
    process = context.Process(target=phone, args=(port, phone_request, start, answer))
    process.start()
    flood = Flood(port, flood_requests, count) if count else None
    start.set()
    result = None
    deadline = time.monotonic() + PHONE_TIMEOUT + 5
    try:
        while result is None and time.monotonic() < deadline:
            if flood is not None:
                flood.step(0.01)
            try:
                result = answer.get(timeout=0 if flood is not None else 1)
            except Exception:  # queue.Empty
                result = None
        if flood is not None:  # let the rest of the flood's answers come, for the outcomes
            settle = time.monotonic() + 3
            while time.monotonic() < settle:
                flood.step(0.05)
        outcomes = flood.outcomes() if flood is not None else {}
    finally:
        if flood is not None:
            flood.close()
        process.join(timeout=5)
        if process.is_alive():
            process.kill()
    first, head, status = result if result is not None else (None, None, "no answer")
    return first, head, status, outcomes


def settle(server: GunicornServer) -> None:
    """Wait until the server answers health promptly again after a flood."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            began = time.monotonic()
            if requests.get(server.url + "/api/v1/health", timeout=5).ok and time.monotonic() - began < 0.05:
                time.sleep(1)
                return
        except requests.RequestException:
            pass
        time.sleep(0.5)


def tables(server: GunicornServer) -> tuple[list[str], str, int]:
    """Make the flood's tables and the phone's; return their codes and the phone table's seq."""
    codes = []
    for _ in range(FLOOD_TABLES + 1):
        made = requests.post(
            server.url + "/api/v1/tables", json={"game": "wordsmith", "seats": ["Ann", "Bob"]}, timeout=30
        )
        made.raise_for_status()
        codes.append(made.json()["code"])
    phone_code = codes.pop()
    seq = requests.get(f"{server.url}/api/v1/tables/{phone_code}", timeout=30).json()["seq"]
    return codes, phone_code, seq


def seconds(value) -> str:
    return "—" if value is None else f"{value:.2f}"


def measure(title: str, env: dict, args, folder: Path) -> None:
    log = folder / f"gunicorn-{len(list(folder.iterdir()))}.log"
    env = {"WORDSMITH_DATABASE_URL": f"sqlite:///{folder / (log.stem + '.sqlite3')}", **env}
    server = GunicornServer(log, workers=args.workers, env=env).start()
    try:
        flood_codes, phone_code, seq = tables(server)
        flood_requests = [stream_request(code, after=0) for code in flood_codes]
        phone_request = stream_request(phone_code, after=seq)
        print(f"\n## {title}\n")
        quiet = [one_round(server.port, flood_requests, phone_request, 0) for _ in range(3)]
        quiet_first = [first for first, *_ in quiet if first is not None]
        print(f"phone's TTFB with no flood: {', '.join(seconds(first) for first in quiet_first)} s")
        print(
            "\n| flood connections | round | phone TTFB s | phone to `retry:` s | phone's status | the flood's answers | load |"
        )
        print("|---:|---:|---:|---:|---|---|---:|")
        summary = {}
        for count in args.connections:
            for n in range(1, args.rounds + 1):
                settle(server)
                first, head, status, outcomes = one_round(server.port, flood_requests, phone_request, count)
                answers = ", ".join(f"{what}: {many:,}" for what, many in outcomes.items())
                load = os.getloadavg()[0]
                print(f"| {count:,} | {n} | {seconds(first)} | {seconds(head)} | {status} | {answers} | {load:.1f} |")
                summary.setdefault(count, []).append(first if first is not None else float("inf"))
        print()
        for count, firsts in summary.items():
            print(
                f"{count:,} connections: phone TTFB median {statistics.median(firsts):.2f} s, max {max(firsts):.2f} s"
            )
    finally:
        server.stop()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--connections", type=int, nargs="+", default=[1000, 2100])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--compare-uncapped", action="store_true", help="also measure with the connection cap lifted")
    args = parser.parse_args(argv)
    args.connections = [max(0, min(count, MAX_CONNECTIONS)) for count in args.connections]
    raise_open_files_limit()
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as folder:
        measure("gunicorn.conf.py as configured", {}, args, Path(folder))
        if args.compare_uncapped:
            measure(
                "the connection cap lifted (WORDSMITH_CONNECTIONS_PER_ADDRESS=1000000)",
                {"WORDSMITH_CONNECTIONS_PER_ADDRESS": UNCAPPED},
                args,
                Path(folder),
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
