"""Load-test the served API on loopback: requests per second and latency per endpoint, against health.

    python bench/load.py [--duration 20] [--concurrency 16] [--tool auto|wrk|python] [--workers N]

Starts gunicorn itself (`tests/service_helpers.GunicornServer`: the Procfile's
command with gunicorn.conf.py: threaded workers, preload, access log) on a free
local port with WEB_CONCURRENCY = the machine's cores (or --workers), then
loads each endpoint in turn for --duration seconds with --concurrency
connections, after a short warm-up:

  health       GET  /api/v1/health (the floor: routing, JSON, the access log)
  words        GET  /api/v1/words/{word}, rotating valid and invalid words
  solve P8     POST /api/v1/wordsmith/solve, pool "R3 Y2 B1 G2", limit 100
  solve P20    POST /api/v1/wordsmith/solve, pool "R8 Y6 B3 G3", limit 100
  booksmack    POST /api/v1/booksmack/judge, rotating rounds (words, ranks, powers)

The endpoints take turns (--slice seconds each, health included, the order
rotating every turn) until each has had --duration seconds, so load from
other processes on the machine falls on all of them alike. Reported per
endpoint: requests per second, p50 and p99 latency (merged from each turn's
wrk histogram), errors, and the server's CPU time per request (gunicorn's
master and workers, from /proc: the cost of a request whatever else the
machine is doing), each beside health's as a percentage. Every answer must
be a 200: anything else (or a socket error or timeout) is an error, and the
script exits 1.

How it is measured, and why: the load generator runs on the same machine as
the server and competes with it for the cores. `wrk` (Debian's package, C,
one event-loop thread) costs the server little CPU, so it is the default when
installed; `--tool python` uses threads with one `requests.Session` each,
which on a small machine takes a core away from gunicorn (the GIL keeps it
near one core) and so measures the load generator as much as the service.
The threaded workers keep connections alive (2 s), so wrk reuses its
connections; the sync workers of the earlier design closed each one, so figures
from before and after that change are not comparable. Latency is
the time from sending a request to its full answer, queueing for a free
worker included (16 connections on 2 workers queue).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from service_helpers import GunicornServer  # noqa: E402

WORDS = ["qi", "cat", "zyzzyva", "Peru", "zzzq", "she's", "café", "xylophone", "cmmu", "to-do", "aesacus's", "<b>"]
ROUNDS = [
    ["c", "A", "f", "é"],
    ["b", "Z", "#", "m"],
    ["Z", ".", "y", "é", ".", "m", "è"],
    ["q", "?"],
    ["b", "@", "Z", "#", "m"],
    ["é", "è", "ê", "4"],
    ["t", "a", "b", "l", "e"],
    ["k", "!", "!", "~", "x"],
]


@dataclass(frozen=True)
class Scenario:
    name: str
    method: str
    requests: list[tuple[str, dict | None]]  # (path, JSON body) rotated in order


SCENARIOS = [
    Scenario("words", "GET", [(f"/api/v1/words/{requests.utils.quote(w, safe='')}", None) for w in WORDS]),
    Scenario("solve P8", "POST", [("/api/v1/wordsmith/solve", {"pool": "R3 Y2 B1 G2", "limit": 100})]),
    Scenario("solve P20", "POST", [("/api/v1/wordsmith/solve", {"pool": "R8 Y6 B3 G3", "limit": 100})]),
    Scenario("booksmack", "POST", [("/api/v1/booksmack/judge", {"cards": cards}) for cards in ROUNDS]),
]
HEALTH = Scenario("health", "GET", [("/api/v1/health", None)])


@dataclass
class Result:
    """One endpoint's measurements, summed over its slices."""

    name: str
    requests: int = 0
    seconds: float = 0.0
    errors: int = 0
    cpu_seconds: float = 0.0  # the server's (master and workers), user + system
    sketch: list = None  # (latency in ms, weight) points, merged over slices

    def add(self, requests: int, seconds: float, errors: int, cpu: float, sketch: list) -> None:
        self.requests += requests
        self.seconds += seconds
        self.errors += errors
        self.cpu_seconds += cpu
        self.sketch = (self.sketch or []) + sketch

    @property
    def rps(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0

    @property
    def cpu_ms(self) -> float:
        """Server CPU time per request, in ms."""
        return 1000 * self.cpu_seconds / self.requests if self.requests else float("nan")

    def percentile(self, q: float) -> float:
        points = sorted(self.sketch or [])
        total = sum(w for _, w in points)
        seen = 0.0
        for latency, weight in points:
            seen += weight
            if seen >= q * total:
                return latency
        return float("nan")


def server_cpu(pid: int) -> float:
    """Return the CPU seconds (user + system) used so far by a process and its children (gunicorn's workers)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    pids = [pid]
    try:
        pids += [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        pass
    for one in pids:
        try:
            fields = Path(f"/proc/{one}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


# --- wrk -------------------------------------------------------------------------------

LUA = """
local requests = {%(requests)s}
local i = 0
request = function()
  i = i %% #requests + 1
  return requests[i]
end
done = function(summary, latency, _)
  local e = summary.errors
  local q = {}
  for k = 1, 200 do q[k] = latency:percentile((k - 0.5) / 2) end
  io.write(string.format('RESULT {"requests": %%d, "us": %%d, "errors": %%d, "quantiles": [%%s]}\\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.status + e.timeout, table.concat(q, ",")))
end
"""


def _lua_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def wrk_script(scenario: Scenario, folder: Path) -> Path:
    formatted = []
    for path, body in scenario.requests:
        if body is None:
            formatted.append(f'wrk.format("GET", {_lua_string(path)})')
        else:
            payload = _lua_string(json.dumps(body, ensure_ascii=False))
            formatted.append(
                f'wrk.format("POST", {_lua_string(path)}, {{["Content-Type"] = "application/json"}}, {payload})'
            )
    script = folder / (scenario.name.replace(" ", "_") + ".lua")
    script.write_text(LUA % {"requests": ", ".join(formatted)}, encoding="utf-8")
    return script


def run_wrk(url: str, scenario: Scenario, seconds: float, concurrency: int, folder: Path):
    """Load one scenario for `seconds`; return (requests, seconds, errors, latency sketch)."""
    script = wrk_script(scenario, folder)
    command = [
        "wrk",
        "-t1",
        f"-c{concurrency}",
        f"-d{max(1, round(seconds))}s",
        "--timeout",
        "10s",
        "-s",
        str(script),
        url,
    ]
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    data = json.loads(next(line for line in output.splitlines() if line.startswith("RESULT ")).removeprefix("RESULT "))
    weight = data["requests"] / len(data["quantiles"])
    return data["requests"], data["us"] / 1e6, data["errors"], [(us / 1000, weight) for us in data["quantiles"]]


# --- Python threads --------------------------------------------------------------------


def run_python(url: str, scenario: Scenario, seconds: float, concurrency: int, folder: Path):
    """Load one scenario for `seconds` from `concurrency` threads; return (requests, seconds, errors, latency sketch)."""
    latencies: list[list[float]] = [[] for _ in range(concurrency)]
    errors = [0] * concurrency
    start_line = threading.Barrier(concurrency + 1)
    deadline = [0.0]

    def worker(k: int) -> None:
        session = requests.Session()
        own, n = latencies[k], k
        start_line.wait()
        while True:
            path, body = scenario.requests[n % len(scenario.requests)]
            n += 1
            begin = time.perf_counter()
            if begin >= deadline[0]:
                break
            try:
                response = session.request(scenario.method, url + path, json=body, timeout=10)
                response.content  # noqa: B018 - read the whole answer
                if response.status_code != 200:
                    errors[k] += 1
            except requests.RequestException:
                errors[k] += 1
            own.append(time.perf_counter() - begin)
        session.close()

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(concurrency)]
    for thread in threads:
        thread.start()
    began = time.perf_counter()
    deadline[0] = began + seconds
    start_line.wait()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - began
    every = [t * 1000 for own in latencies for t in own]
    return len(every), elapsed, sum(errors), [(t, 1.0) for t in every]


# --- the run ---------------------------------------------------------------------------


def check_answers(url: str) -> None:
    """Fail early if an endpoint does not answer 200 to the requests it will be loaded with."""
    for scenario in [HEALTH, *SCENARIOS]:
        for path, body in scenario.requests:
            response = requests.request(scenario.method, url + path, json=body, timeout=10)
            if response.status_code != 200:
                raise SystemExit(f"{scenario.method} {path} answered {response.status_code}: {response.text[:300]}")


def table(results: list[Result]) -> str:
    health = results[0]
    lines = [
        "| endpoint | requests/s | p50 ms | p99 ms | errors | server CPU ms/request | % of health (requests/s) | % of health (CPU) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        lines.append(
            f"| {r.name} | {r.rps:,.0f} | {r.percentile(0.5):.1f} | {r.percentile(0.99):.1f} | {r.errors} | "
            f"{r.cpu_ms:.2f} | {100 * r.rps / health.rps:.0f}% | {100 * health.cpu_ms / r.cpu_ms:.0f}% |"
        )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--duration", type=float, default=20.0, help="seconds of load per endpoint (default: %(default)s)"
    )
    parser.add_argument("--concurrency", type=int, default=16, help="concurrent connections (default: %(default)s)")
    parser.add_argument(
        "--tool", choices=("auto", "wrk", "python"), default="auto", help="load generator (auto: wrk when installed)"
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=multiprocessing.cpu_count(),
        help="gunicorn workers (default: cores, %(default)s)",
    )
    parser.add_argument(
        "--slice",
        type=float,
        default=2.0,
        help="seconds per turn: endpoints take turns, so background load hits all alike (default: %(default)s)",
    )
    args = parser.parse_args()
    tool = ("wrk" if shutil.which("wrk") else "python") if args.tool == "auto" else args.tool
    run = run_wrk if tool == "wrk" else run_python
    scenarios = [HEALTH, *SCENARIOS]
    rounds = max(1, math.ceil(args.duration / args.slice))
    piece = args.duration / rounds

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        server = GunicornServer(folder / "gunicorn.log", workers=args.workers).start()
        try:
            check_answers(server.url)
            print(
                f"gunicorn: {args.workers} sync workers on {multiprocessing.cpu_count()} cores; load: {tool}, "
                f"{args.concurrency} connections, {args.duration:g} s per endpoint in {rounds} turns of {piece:g} s; "
                f"load average before: {os.getloadavg()[0]:.2f}",
                file=sys.stderr,
            )
            for scenario in scenarios:  # warm up: every worker has answered every kind of request
                run(server.url, scenario, 1, args.concurrency, folder)
            results = {scenario.name: Result(scenario.name) for scenario in scenarios}
            for turn in range(rounds):
                for scenario in scenarios[turn % len(scenarios) :] + scenarios[: turn % len(scenarios)]:
                    cpu = server_cpu(server.process.pid)
                    requests_done, seconds, errors, sketch = run(server.url, scenario, piece, args.concurrency, folder)
                    results[scenario.name].add(
                        requests_done, seconds, errors, server_cpu(server.process.pid) - cpu, sketch
                    )
                print(
                    f"  turn {turn + 1}/{rounds}: " + ", ".join(f"{r.name} {r.rps:,.0f}/s" for r in results.values()),
                    file=sys.stderr,
                )
        finally:
            server.stop()

    ordered = list(results.values())
    print(table(ordered))
    health = ordered[0]
    errors = sum(r.errors for r in ordered)
    short = [r.name for r in ordered[1:] if r.rps < 0.6 * health.rps]
    print(
        f"\n{tool}, {args.concurrency} connections, {args.duration:g} s per endpoint in turns of {piece:g} s, "
        f"{args.workers} workers on {multiprocessing.cpu_count()} cores; load average after: {os.getloadavg()[0]:.2f}; "
        f"errors: {errors}"
        + (
            f"; below 60% of health's requests/s: {', '.join(short)}"
            if short
            else "; every endpoint at 60% of health's requests/s or more"
        )
    )
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
