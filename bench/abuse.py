"""Hostile-traffic numbers for the served app, on loopback: slow clients, boot time, memory.

    python bench/abuse.py [--seconds 5] [--compare sync] [--workers 2]

Starts gunicorn as the Procfile does (`tests/service_helpers.GunicornServer`:
gunicorn.conf.py, preload, the access log) on a free 127.0.0.1 port, and
reports, for the configured design and for each design named by --compare
(a gunicorn worker class: `sync`, the earlier design, or `gthread`,
gunicorn's threaded worker without our read deadline; given to gunicorn
through GUNICORN_CMD_ARGS so everything else stays the same):

  boot          seconds from starting gunicorn to the first answer of /api/v1/health
  slow 0/8/32   health and a P8 solve (pool "R3 Y2 B1 G2", limit 100), each loaded by
                wrk with 4 connections for --seconds (in turns of --slice seconds, the
                six rows rotating), while 0, 8 or 32 slow sockets are
                held open: half announce a 1000-byte body and send 1 byte, half send
                an unfinished header block. A socket the server cuts off is opened
                again at once, so the count holds for the whole measurement.
                Reported: requests/s, p50 and p99 latency, errors (wrk's timeout is
                2 s: a request that waits longer is an error), and p99 as a ratio of
                the same endpoint's p99 with no slow socket, measured in the same run.
  cut off       how long a slow socket is held before the server answers it (the
                read timeout), and what it answers
  memory        PSS of the master and every worker (MB, from /proc/PID/smaps_rollup)
                after one request to each lexicon size
  slowest       the slowest request found within the documented limits and its CPU
                time: `slowest_request()` below, the hook for bench/worst_case.py

The load average over the rows is printed with them: the machine is shared.

Bounded: loopback only, at most 64 slow sockets, each phase --seconds long
(at most 30), and the servers it started are stopped at the end whatever
happens. Compare rows of one run with each other: the load generator and the
server share the machine's cores.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "bench"))

from load import HEALTH, SCENARIOS, Result, wrk_script  # noqa: E402
from service_helpers import GunicornServer  # noqa: E402

SOLVE_P8 = next(s for s in SCENARIOS if s.name == "solve P8")
SLOW_COUNTS = (0, 8, 32)
MAX_SLOW = 64
SLOW_BODY = (
    b"POST /api/v1/words/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
)
SLOW_HEADERS = b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Slow: "


class SlowClients:
    """Hold `count` slow sockets open against 127.0.0.1:`port`, opening a new one whenever the server cuts one off."""

    def __init__(self, port: int, count: int):
        self.port = port
        self.count = min(count, MAX_SLOW)
        self.cut_off = 0  # sockets the server closed, answering 408
        self.other = 0  # sockets the server closed with anything else
        self._stop = threading.Event()
        self._threads = [threading.Thread(target=self._hold, args=(k,), daemon=True) for k in range(self.count)]

    def _hold(self, k: int) -> None:
        payload = SLOW_BODY if k % 2 == 0 else SLOW_HEADERS
        while not self._stop.is_set():
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock:
                    sock.sendall(payload)
                    answer = b""
                    while not self._stop.is_set():
                        try:
                            chunk = sock.recv(4096)
                        except TimeoutError:
                            continue
                        if not chunk:
                            break
                        answer += chunk
                    if self._stop.is_set():
                        return
                    if answer.startswith(b"HTTP/1.1 408"):
                        self.cut_off += 1
                    else:
                        self.other += 1
            except OSError:
                time.sleep(0.1)

    def __enter__(self) -> SlowClients:
        for thread in self._threads:
            thread.start()
        time.sleep(0.5)  # let them connect and stall
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout=3)


def measure_cut_off(port: int, payload: bytes, limit: float = 40.0) -> tuple[float, str]:
    """Return how long the server holds a slow socket sending `payload`, and the first line it answers."""
    with socket.create_connection(("127.0.0.1", port), timeout=limit) as sock:
        start = time.monotonic()
        sock.sendall(payload)
        try:
            answer = b"".join(iter(lambda: sock.recv(4096), b""))
        except TimeoutError:
            return limit, f"(still open after {limit:g} s)"
        return time.monotonic() - start, answer.split(b"\r\n", 1)[0].decode("latin-1") or "(closed, no answer)"


def pss_mb(pid: int) -> tuple[float, int]:
    """Return the PSS (MB) of a process and its children, and how many processes that is."""
    pids = [pid] + [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    total_kb = 0
    for one in pids:
        for line in Path(f"/proc/{one}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                total_kb += int(line.split()[1])
    return total_kb / 1024, len(pids)


def slowest_request(url: str, seconds: float) -> str:
    """The slowest request within the limits and its CPU time, from bench/worst_case.py if it is there.

    The hook: `worst_case.slowest(url, seconds)` returns (description, wall ms, server CPU ms).
    """
    try:
        worst_case = importlib.import_module("worst_case")
        description, wall_ms, cpu_ms = worst_case.slowest(url, seconds)
    except (ImportError, AttributeError):
        return "not measured (bench/worst_case.py with slowest(url, seconds) not found)"
    return f"{description}: {wall_ms:.0f} ms wall, {cpu_ms:.0f} ms server CPU"


@contextmanager
def served(worker_class: str | None, workers: int, folder: Path):
    """A gunicorn as the Procfile runs it (optionally with another worker class); yields (server, boot seconds)."""
    # gunicorn turns a sync worker with threads > 1 into gthread: sync means one thread.
    threads = " --threads 1" if worker_class == "sync" else ""
    env = {"GUNICORN_CMD_ARGS": f"--worker-class {worker_class}{threads}"} if worker_class else {}
    server = GunicornServer(folder / f"gunicorn-{worker_class or 'default'}.log", workers=workers, env=env)
    start = time.monotonic()
    try:
        server.start(timeout=180)
        yield server, time.monotonic() - start
    finally:
        server.stop()


def run_design(
    title: str, worker_class: str | None, workers: int, seconds: float, slice_seconds: float, folder: Path
) -> None:
    with served(worker_class, workers, folder) as (server, boot):
        print(f"\n## {title}\n\nboot to first answer: {boot:.1f} s")
        for size in ("small", "standard", "large"):
            requests.get(f"{server.url}/api/v1/words/cat?lexicon={size}", timeout=60)
        memory, processes = pss_mb(server.process.pid)
        print(f"PSS after a request to each lexicon size: {memory:.0f} MB ({processes} processes)")
        run_wrk_bounded(server.url, HEALTH, 1, folder)  # warm-up
        print("\n| slow sockets | endpoint | requests/s | p50 ms | p99 ms | errors | p99 / p99 with 0 slow sockets |")
        print("|---:|---|---:|---:|---:|---:|---:|")
        rows = {
            (count, scenario.name): Result(scenario.name) for count in SLOW_COUNTS for scenario in (HEALTH, SOLVE_P8)
        }
        failures: dict[tuple, str] = {}
        loads = [os.getloadavg()[0]]  # the machine is shared: its load belongs with the figures
        # Rows take turns of --slice seconds, the order rotating each turn, so that load
        # from elsewhere on the machine falls on every row alike.
        keys = list(rows)
        for turn in range(math.ceil(seconds / slice_seconds)):
            for count, name in keys[turn % len(keys) :] + keys[: turn % len(keys)]:
                scenario = HEALTH if name == HEALTH.name else SOLVE_P8
                with SlowClients(server.port, count):
                    try:
                        done, took, errors, sketch = run_wrk_bounded(server.url, scenario, slice_seconds, folder)
                        rows[count, name].add(done, took, errors, 0.0, sketch)
                    except RuntimeError as error:
                        failures[count, name] = str(error)
            loads.append(os.getloadavg()[0])
        for (count, name), result in rows.items():
            if (count, name) in failures and not result.requests:
                print(f"| {count} | {name} | 0 | — | — | all ({failures[count, name]}) | — |")
                continue
            p99 = result.percentile(0.99)
            base = rows[0, name].percentile(0.99) if rows[0, name].requests else float("nan")
            print(
                f"| {count} | {name} | {result.rps:,.0f} | {result.percentile(0.5):.1f} | {p99:.1f} | {result.errors} | {p99 / base:.2f} |"
            )
        print(f"\nload average (1 min) over the rows: {min(loads):.1f} to {max(loads):.1f} on {os.cpu_count()} cores")
        for label, payload in (("unfinished body", SLOW_BODY), ("unfinished headers", SLOW_HEADERS)):
            held, answer = measure_cut_off(server.port, payload)
            print(f"\n{label}: held {held:.1f} s, then `{answer}`", end="")
        print(f"\n\nslowest request: {slowest_request(server.url, seconds)}")


def run_wrk_bounded(url: str, scenario, seconds: float, folder: Path):
    """Load `scenario` with wrk, 4 connections, 2 s request timeout; return (requests, seconds, errors, sketch)."""
    script = wrk_script(scenario, folder)
    command = ["wrk", "-t1", "-c4", f"-d{max(1, round(seconds))}s", "--timeout", "2s", "-s", str(script), url]
    output = subprocess.run(command, capture_output=True, text=True, check=True, timeout=seconds + 30).stdout
    line = next((line for line in output.splitlines() if line.startswith("RESULT ")), None)
    if line is None:
        raise RuntimeError("wrk printed no result")
    data = json.loads(line.removeprefix("RESULT "))
    if data["requests"] == 0:
        raise RuntimeError("no answer")
    weight = data["requests"] / len(data["quantiles"])
    return data["requests"], data["us"] / 1e6, data["errors"], [(us / 1000, weight) for us in data["quantiles"]]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds of load per row (at most 30)")
    parser.add_argument(
        "--slice", type=float, default=2.0, help="seconds per turn; rows take turns until each has --seconds"
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--compare",
        action="append",
        default=[],
        metavar="WORKER_CLASS",
        help="also measure gunicorn.conf.py with this worker class (e.g. sync)",
    )
    args = parser.parse_args(argv)
    seconds = max(1.0, min(args.seconds, 30.0))
    with tempfile.TemporaryDirectory() as folder:
        slice_seconds = max(1.0, min(args.slice, seconds))
        run_design("gunicorn.conf.py as configured", None, args.workers, seconds, slice_seconds, Path(folder))
        for worker_class in args.compare:
            run_design(f"worker class {worker_class}", worker_class, args.workers, seconds, slice_seconds, Path(folder))
    return 0


if __name__ == "__main__":
    sys.exit(main())
