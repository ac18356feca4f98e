"""Live tables under load: 250 tables of 4 phones and a TV, claims at a steady rate, every screen kept up to date.

    python bench/tables.py [--mode pages|api|both] [--database sqlite|postgresql|both] [--tables 250]
                           [--rate 200] [--seconds 60] [--baseline 10] [--idle 5] [--open-rate 200]
                           [--health-rate 20] [--workers 2] [--clients 2] [--servers 1|2]
                           [--host-cpus CORES] [--lockstep] [--profile]

For each database (SQLite, a file; PostgreSQL, a throw-away cluster: bench/tables_server.py), starts
the service as deployed (gunicorn with gunicorn.conf.py, --workers 2) on a free loopback port, then
for each mode:

  setup     --tables tables of 4 seats, each seat joined from its own loopback address, a first
            challenge started with a pool planned for it (bench/tables_plan.py); table k of n then
            plays its first k*12/n claims, so the tables stand at points spread over half a
            challenge, as independent tables do, and their challenges end (and the next start)
            spread over ~15 s. Half, not a whole challenge: a game has 72 claims, and the default
            run (10 s + 60 s at 200/s over 250 tables) takes 56 a table, so no game ends in it.
            `--lockstep`: every table at its first claim (a herd of 250 challenge starts at once)
  baseline  --baseline seconds of claims with no stream open: what the streams add, in the same run
  streams   every screen follows its table's event stream, opened at --open-rate per second and
            held to the end (a refused stream tried again after its Retry-After, a dropped one
            resumed with Last-Event-ID)
  idle      --idle seconds with every stream open and no claim: health's latency
  claims    --seconds of claims at a steady --rate per second, tables taking turns, one action in
            flight per table; health and a table's state probed meanwhile

The modes:

  pages     (the default; bench/tables_pages.py) every phone and TV does what its page does:
            joins through the join page, claims with the page's form as its script posts it (the
            answer is its own page after the claim), follows /tables/<code>/events?parts=1 with its
            cookies and brings in the table's part, fetching its page only when its own part changed,
            as app/static/tables.js does. Measured: claim tap -> each other screen showing it; the
            claimant's own page; pages asked for per claim
  api       (bench/tables_api.py) the phones as API clients: claims as JSON with a bearer token, the
            streams read raw; measured: claim -> its event on each phone's stream
  both      the two, one after the other, each on a service and database of its own, and a table
            comparing them

When a table's 24 claims are answered its host starts the next challenge with the next pool; a
table whose next challenge is refused (its game is over) drops out of the turns. Every planned
claim is judged valid before the run, so a refusal in the run is counted as an error.

Reported per database (and mode): claims/s; the latencies above, p50/p99, and the last screen's
p99 per 10 s window; health and GET /api/v1/tables/{code} p50/p99 (goals: p99 <= 50 and 100 ms; claim
to every screen p99 <= 250 ms); deliveries missing; server CPU per claim (every render included)
and PostgreSQL's; the client's CPU and lag behind its schedule. --profile runs each worker under
cProfile with a per-thread CPU clock from the start of the claims to their end and prints the
CPU by kind of work (about 3x slower: read the shares; BENCH_PROFILE_OUT=path keeps the profile).

How it is measured: the client shares the cores with the server, so it is kept cheap (asyncio
over raw sockets, bodies kept as bytes and matched after the run, Python's cyclic collector off
while measuring), in processes of its own on one clock (CLOCK_MONOTONIC): the API mode's claims
in the main process and its streams in another; the pages mode's phones in --clients processes,
the tables split between them; health in its own. A claim's time is when it is written to its
socket; how late that was against the steady schedule is the client's lag.

A line per added host on one machine: `--servers 2 --host-cpus 0.5` (as root) runs each app server in a CPU
cgroup of half a core (bench/tables_hosts.py), so one server is a host of half a core and two are two such hosts,
with the machine's other core left to the phones and PostgreSQL; compare the rate each holds.

Bounded: loopback only; with the defaults each database and mode takes about 3 minutes; the
servers and the PostgreSQL cluster it started are stopped at the end whatever happens.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import tables_api  # noqa: E402
import tables_pages  # noqa: E402
from tables_plan import SEATS, Challenge, plan_challenges  # noqa: E402
from tables_report import summarize, summarize_pages, table  # noqa: E402
from tables_server import profile_report, serving, stream_capacity  # noqa: E402

__all__ = ["Challenge", "main", "measure", "plan_challenges"]

MODES = {"pages": (tables_pages.run, summarize_pages, len(SEATS) + 1), "api": (tables_api.run, summarize, len(SEATS))}


def measure(kind: str, mode: str, args, challenges: list[Challenge], folder: Path) -> dict:
    """One database in one mode: start the database and the service, and run the mode's phases on it."""
    run, _, screens = MODES[mode]
    threads, cap = stream_capacity()
    figures: dict = {"threads": threads, "stream cap": cap, "load before": os.getloadavg()}
    with serving(kind, args, folder / mode, screens * args.tables) as served:
        print(
            f"{kind}, {mode}: serving at {served.server.url} ({args.workers} workers x {threads} threads)",
            file=sys.stderr,
        )
        if served.streaming is not served.server:
            print(f"{kind}: streams at {served.streaming.url}, a second server on the same database", file=sys.stderr)
        run(served, args, challenges, figures)
    figures["load after"] = os.getloadavg()
    if args.profile:
        figures["profile"] = profile_report(folder / mode / f"profile-{kind}")
    return figures


def main(argv=None) -> int:
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # run the `finally`s: stop gunicorn and PostgreSQL
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--mode",
        choices=("pages", "api", "both"),
        default="pages",
        help="pages: every phone does what its page does (default); api: the phones as API clients; both",
    )
    parser.add_argument("--database", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--tables", type=int, default=250, help="tables of 4 seats (and a TV) (default: 250)")
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
        "--clients", type=int, default=2, help="client processes for the pages mode's phones (default: 2)"
    )
    parser.add_argument(
        "--servers",
        type=int,
        choices=(1, 2),
        default=1,
        help="app servers on the one database (default: 1); 2, api mode: the streams on the second; pages mode: "
        "each table's screens alternate between them, pages and stream alike (PostgreSQL: across hosts)",
    )
    parser.add_argument(
        "--host-cpus",
        type=float,
        default=None,
        help="each app server a host of this many cores: a CPU cgroup of its own (root; bench/tables_hosts.py)",
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
            f"warning: {args.rate * (args.seconds + args.baseline):.0f} claims wanted, {game * args.tables} in "
            f"{args.tables} games: tables whose game is over drop out and the rate falls; raise --tables",
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
    modes = ("pages", "api") if args.mode == "both" else (args.mode,)
    results: dict[str, dict[str, dict[str, str]]] = {mode: {} for mode in modes}
    compared: dict[str, dict[str, str]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for kind in kinds:
            for mode in modes:
                (Path(tmp) / mode).mkdir(exist_ok=True)
                figures = measure(kind, mode, args, challenges, Path(tmp))
                results[mode][kind], compared[f"{kind}, {mode}"] = MODES[mode][1](figures, args)
                if args.profile:
                    print(f"\n## Where the workers' time went: {kind}, {mode}\n\n{figures['profile']}")
    shape = f"{args.tables} tables x 4 seats, {args.rate:g} claims/s offered for {args.seconds:g} s"
    for mode in modes:
        print(f"\n{table(f'{mode}: {shape}', results[mode])}")
    print(f"\n{table(f'pages and API modes: {shape}', compared)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
