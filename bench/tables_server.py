"""bench/tables.py's server side: the database, the service as deployed, its CPU, the health probe, the profile.

The service is started as deployed (`tests/service_helpers.GunicornServer`: the Procfile's
gunicorn with gunicorn.conf.py, `app.serving.worker.DeadlineWorker`) on a free loopback port,
on SQLite (a file in a temporary folder) or on a throw-away PostgreSQL cluster (Debian's
`initdb` and `pg_ctl` in a temporary folder on a free port, fsync on, reached over TCP),
and everything started here is stopped at the end whatever happens.
"""

from __future__ import annotations

import http.client
import itertools
import multiprocessing
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

from load import server_cpu
from service_helpers import GunicornServer, free_port
from tables_hosts import capped, capped_command
from tables_http import collector_held_off

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
    ("  of which opening a stream (the table folded once)", "app/api/table_events.py", "table_stream", True),
    (
        "  of which the seat's and host's pages (GET: the page; POST: the action)",
        "app/pages/tables.py",
        "acting_page",
        True,
    ),
    ("  of which the table view (the TV's page)", "app/pages/tables.py", "read_only", True),
    (
        "  of which a page's view-model (page_context: the state as the viewer sees it)",
        "app/pages/tables.py",
        "page_context",
        True,
    ),
    ("  of which templates rendered (every page's HTML)", "app/pages/blueprint.py", "render", True),
    ("  of which a table's state read (the store, the fold: every page and claim)", "tables/service.py", "state", True),
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
    # What a claim, a page and a stream's turn spend their time on.
    stats.print_callees(r"\((claim|act|acting_page|read_only|event_stream)\)$")
    return out.getvalue()


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


@dataclass
class Served:
    """The service started for one database: its server (and a second one with --servers 2), their CPU."""

    kind: str
    server: GunicornServer
    streaming: GunicornServer  # where the phones' streams go: the server itself, or the second one
    database_pid: int | None  # PostgreSQL's postmaster; None for SQLite (it runs inside the workers)
    profiles: Path | None  # the folder the workers write their profiles to (--profile)
    workers: int

    def cpu(self) -> float:
        """CPU seconds so far of every server started: master and workers (`load.server_cpu` of each)."""
        return sum(server_cpu(pid) for pid in sorted({self.server.process.pid, self.streaming.process.pid}))

    def database_cpu(self) -> float | None:
        return process_tree_cpu(self.database_pid) if self.database_pid else None

    def worker_threads(self) -> list[int]:
        return worker_threads(self.server.process.pid)

    def profile_start(self) -> None:
        if self.profiles:
            (self.profiles / "start").touch()

    def profile_stop(self) -> None:
        """Tell the workers to write their profiles, and wait for them (at most 20 s)."""
        if not self.profiles:
            return
        (self.profiles / "stop").touch()
        for _ in range(100):
            if len(list(self.profiles.glob("worker-*.prof"))) >= self.workers:
                break
            time.sleep(0.2)


@contextmanager
def serving(kind: str, args, folder: Path, streams: int):
    """Start the database and the service on it (--workers, --servers, --profile, --app); yield a `Served`."""
    with database(kind, folder) as (url, database_pid):
        # Every stream comes from a phone's own address, but the API mode's hosts make every table from one
        # address: the service's per-address caps on streams (STREAMS_PER_ADDRESS) and new tables
        # (TABLES_PER_HOUR) are raised to the run's size.
        env = {
            "WORDSMITH_DATABASE_URL": url,
            "WORDSMITH_STREAMS_PER_ADDRESS": str(streams),
            "WORDSMITH_TABLES_PER_HOUR": str(2 * args.tables + 100),
        }
        config, profiles = "gunicorn.conf.py", None
        if args.profile:
            profiles = folder / f"profile-{kind}"
            profiles.mkdir()
            config = str(folder / f"profile-{kind}.conf.py")
            Path(config).write_text(PROFILE_CONF.format(folder=str(profiles)), encoding="utf-8")
        command = [sys.executable, "-m", "gunicorn", args.app, "-c", config]
        with ExitStack() as hosts:  # the CPU cgroups (--host-cpus), removed once their servers stopped

            def host(number: int) -> GunicornServer:
                """An app server; with --host-cpus, in a CPU cgroup of its own: a host of that many cores."""
                run = command
                if args.host_cpus:
                    run = capped_command(hosts.enter_context(capped(f"{kind}-{number}", args.host_cpus)), command)
                suffix = "" if number == 1 else f"-{number}"
                return GunicornServer(
                    folder / f"gunicorn-{kind}{suffix}.log", workers=args.workers, env=env, command=run
                )

            server = host(1)
            # --servers 2: a second app server on the same database. The API mode holds every stream on it, so every
            # claim sent to the first reaches its phones through the database's notifications, as across hosts; the
            # pages mode spreads each table's screens over both (bench/tables_pages.py's server_of).
            streaming = server
            if args.servers == 2:
                streaming = host(2)
            try:
                server.start()
                if streaming is not server:
                    streaming.start()
                yield Served(kind, server, streaming, database_pid, profiles, args.workers)
            finally:
                for started in {server, streaming}:
                    if started.process is not None and started.process.poll() is None:
                        # SIGQUIT: gunicorn's quick shutdown. A graceful one (SIGTERM) waits for the streams' threads,
                        # which see their client gone only at their next heartbeat (15 s).
                        started.process.send_signal(signal.SIGQUIT)
                    started.stop()


def idle_phase(served, port: int, seconds: float, rate: float) -> tuple:
    """The streams open and nothing else for `seconds`: health as probed `rate` times a second, and the server's
    CPU (cores) meanwhile."""
    cpu, began = served.cpu(), time.monotonic()
    with health_probe(port, seconds, rate) as idle:
        time.sleep(seconds)
    return idle, (served.cpu() - cpu) / (time.monotonic() - began)
