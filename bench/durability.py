"""Durability under kill -9: nothing the service acknowledged is ever lost, duplicated or reordered.

    python bench/durability.py [--database sqlite|postgresql|both] [--seconds 60] [--tables 4]
                               [--kill-every 3] [--nonsense 0.3] [--workers 2] [--grace 60] [--seed N]

For each database, starts the service as the Procfile does (`tests/service_helpers.GunicornServer`:
gunicorn.conf.py, 2 workers) on a free loopback port: on SQLite (a file in a temporary folder)
and on PostgreSQL (a throw-away cluster, `tests/postgres_helpers.PostgresCluster`: Debian's
`initdb`/`pg_ctl` run as `postgres` in a temporary folder on a free port, stopped and removed
at the end; its fsync=off is no matter here, a killed process leaves its writes in the kernel's
page cache, and only a power cut, not tested, loses them). Then, for --seconds:

  writers   --tables threads, each playing one Wordsmith table of 4 seats at a time through the
            JSON API (docs/api.md): create the table, join each seat (`request_id` and `secret`),
            start a challenge with a planned pool (the host's token), then the challenge's 24
            valid claims (bench/tables_plan.py's `plan_challenges`: every one judged valid before the
            run) at /api/v1/tables/{code}/claims with the seat's bearer token; before a claim,
            with probability --nonsense, a seat claims a word no lexicon has (`qxz` and a
            letter count, unique in the run), refused with 409 and written publicly as
            `claim_refused`. A seat's refusals are written at most 10 a minute: a 429
            `refusals-too-fast` is an answer (nothing written), and that seat sends no nonsense
            until its Retry-After has passed. After 24 claims the host starts the next
            challenge; when the game is over (a start refused), the writer makes a new table.
            Every request carries its own request id and is sent again, with the same id and
            body, on a connection error, a timeout or a 5xx, until it is answered (--grace
            seconds past the end at most).
  chaos     meanwhile, every --kill-every seconds, kill -9 a random gunicorn worker (the master
            forks another); at 55 % of the run kill -9 the gunicorn master itself, wait for its
            orphaned workers to leave (at most 15 s, then kill -9 them: gunicorn's gthread worker
            keeps answering its kept-alive connections up to its graceful timeout, 30 s, and
            holds the port meanwhile), and start gunicorn again on the same port; on PostgreSQL,
            at 30 % of the run, kill -9 the postmaster and every backend at once, and start the
            cluster again (`pg_ctl start`: crash recovery).
  check     every table's record (GET /api/v1/tables/{code}/record, after the last kill):
            - seqs count 1, 2, ... n with no gap;
            - every event an acknowledged action's answer returned (a claim's 201, a challenge
              start's 201, repeats included) is in the record at its seq, identical;
            - every acknowledged claim (201) is a `claim` event of its seat and word exactly
              once; every acknowledged refusal (409 `claim_refused`) a `claim_refused` event of
              its seat and word exactly once; a word answered 429 is not in it at all; each
              joined seat has one `seat_joined`; every table whose creation was answered has a
              record;
            - a duplicate is any claim or refusal of one seat and word, a seat's join or a
              challenge's start, written twice, answered or not.
            5xx answers are counted by kind: 503s (database unavailable, table busy) are
            legitimate and retried; a 500 is a failure. A 503 whose retry finds the action
            already written (`"repeated": true` with no lost connection in between) is counted
            too: that 503 said "nothing was changed" and something had been.

The report: per database, the kills, what was sent and acknowledged, the retries, and
missing / duplicates / gaps / changed / 500s (each must be 0; the exit status is 1 otherwise).
A 500's answer and the server log's tracebacks are printed.

Bounded: loopback only; about --seconds + a server restart (5-20 s) + the record reads per
database; everything it started (gunicorn, its orphaned workers, the PostgreSQL cluster) is
stopped at the end whatever happens (SIGTERM included).
"""

from __future__ import annotations

import argparse
import os
import random
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(1, str(ROOT))

from durability_check import check, problem_slug, read_records  # noqa: E402
from postgres_helpers import PostgresCluster  # noqa: E402
from service_helpers import GunicornServer  # noqa: E402
from tables_plan import plan_challenges  # noqa: E402

SEATS = ("Ann", "Bob", "Cy", "Dee")
REQUEST_TIMEOUT = 10.0  # seconds: no answer by then is a lost answer, and the request is sent again
NONSENSE_PREFIX = "qxz"


def nonsense_word(number: int) -> str:
    """`qxz` and `number` in letters: a word no lexicon has, unique in the run."""
    letters = ""
    while True:
        number, digit = divmod(number, 26)
        letters = chr(ord("a") + digit) + letters
        if not number:
            return NONSENSE_PREFIX + letters


# --- what was sent and what came back -------------------------------------------------------------


@dataclass
class Sent:
    """One action: its request id, every failed attempt, and the answer it finally got (None: never answered)."""

    kind: str  # create, join, start, claim (a planned word), nonsense
    code: str | None
    seat: int | None = None
    word: str | None = None
    request_id: str | None = None
    attempts: list[str] = field(default_factory=list)  # "no answer", "503 database-unavailable", "500 ..."
    status: int | None = None
    answer: dict | None = None
    retry_after: float = 0.0  # the final answer's Retry-After (a 429's)
    challenge: int = 0  # a claim's: the table's challenge it belongs to (a word may come back in the next)

    @property
    def answered(self) -> bool:
        return self.status is not None


class Service:
    """The current gunicorn (replaced when its master is killed) and the URL every writer sends to."""

    def __init__(self, folder: Path, name: str, workers: int, env: dict):
        self.folder, self.name, self.workers, self.env = folder, name, workers, env
        self.starts = 0
        self.server: GunicornServer | None = None
        self.port: int | None = None
        self.url = ""
        self.seen_workers: set[int] = set()

    def start(self) -> None:
        self.starts += 1
        server = GunicornServer(self.folder / f"gunicorn-{self.name}-{self.starts}.log", self.workers, self.env)
        if self.port is not None:  # the same port again: clients reconnect where they were
            server.port, server.url, server.env["PORT"] = self.port, f"http://127.0.0.1:{self.port}", str(self.port)
        self.server = server
        server.start(timeout=180)
        self.port, self.url = server.port, server.url  # start() moves to another port if this one is taken

    def workers_now(self) -> list[int]:
        pids = children(self.server.process.pid) if self.server and self.server.process else []
        self.seen_workers.update(pids)
        return pids

    def logs(self) -> str:
        return "\n".join(
            path.read_text(errors="replace") for path in sorted(self.folder.glob(f"gunicorn-{self.name}-*.log"))
        )

    def stop(self) -> None:
        if self.server is not None:
            self.server.stop()
        for pid in self.seen_workers:  # a worker the killed master left behind, if one is still there
            try:
                if alive(pid) and b"gunicorn" in Path(f"/proc/{pid}/cmdline").read_bytes():
                    os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


def children(pid: int) -> list[int]:
    try:
        return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def alive(pid: int) -> bool:
    """True while `pid` runs (a zombie waiting for its parent to reap it has ended)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def wait_gone(pids: list[int], seconds: float) -> list[int]:
    """Wait up to `seconds` for `pids` to end; return those still running."""
    deadline = time.monotonic() + seconds
    while (left := [pid for pid in pids if alive(pid)]) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


def send(
    session: requests.Session, service: Service, path: str, body: dict, token: str | None, sent: Sent, until: float
):
    """POST `body` until it is answered (same body, same request id) or `until` passes; fill in `sent`."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    pause = 0.1
    while time.monotonic() < until:
        try:
            response = session.post(service.url + path, json=body, headers=headers, timeout=REQUEST_TIMEOUT)
            try:
                answer = response.json()
            except ValueError:
                answer = {"text": response.text[:500]}
        except requests.RequestException:  # refused, reset, cut short or too slow: the same request again
            sent.attempts.append("no answer")
            time.sleep(pause)
            pause = min(2 * pause, 1.0)
            continue
        if response.status_code >= 500:
            detail = f"{response.status_code} {problem_slug(answer)}"
            if response.status_code == 500:
                detail += f" {path} {str(answer)[:300]}"
            sent.attempts.append(detail.strip())
            try:
                wait = float(response.headers.get("Retry-After", "0.5"))
            except ValueError:
                wait = 0.5
            time.sleep(min(max(wait, 0.1), 1.0))  # the run is short: sooner than Retry-After asks
            continue
        sent.status, sent.answer = response.status_code, answer if isinstance(answer, dict) else {}
        try:
            sent.retry_after = float(response.headers.get("Retry-After", "0"))
        except ValueError:
            sent.retry_after = 60.0
        return


# --- the writers ----------------------------------------------------------------------------------


@dataclass
class Table:
    number: int
    code: str
    host_token: str
    tokens: dict[int, str] = field(default_factory=dict)
    slowed_until: dict[int, float] = field(default_factory=dict)  # seat: when its refusals are heard again


class Writers:
    """--tables threads playing tables as fast as they are answered; every Sent kept for the check."""

    def __init__(self, service: Service, challenges, args, end: float, rng: random.Random):
        self.service, self.challenges, self.args, self.end = service, challenges, args, end
        self.until = end + args.grace
        self.rng = rng
        self.lock = threading.Lock()
        self.sent: list[Sent] = []
        self.tables: list[Table] = []
        self.created: list[str] = []  # codes whose creation was answered
        self._numbers = iter(range(10**9))
        self._nonsense = iter(range(10**9))

    def next_number(self, numbers) -> int:
        with self.lock:
            return next(numbers)

    def record(self, sent: Sent) -> Sent:
        with self.lock:
            self.sent.append(sent)
        return sent

    def run(self, seed: int) -> None:
        session = requests.Session()
        rng = random.Random(seed)
        try:
            while time.monotonic() < self.end:
                table = self.new_table(session)
                if table is not None:
                    self.play(session, table, rng)
        finally:
            session.close()

    def post(self, session, sent: Sent, path: str, body: dict, token: str | None) -> Sent:
        self.record(sent)
        send(session, self.service, path, body, token, sent, self.until)
        return sent

    def new_table(self, session) -> Table | None:
        number = self.next_number(self._numbers)
        created = self.post(
            session,
            Sent("create", None),
            "/api/v1/tables",
            {"game": "wordsmith", "seats": list(SEATS), "lexicon": "standard"},
            None,
        )
        if created.status != 201:
            time.sleep(0.5)
            return None
        code = created.answer["code"]
        created.code = code
        with self.lock:
            self.created.append(code)
        table = Table(number, code, created.answer["host_token"])
        with self.lock:
            self.tables.append(table)
        for seat in range(1, len(SEATS) + 1):
            request_id = uuid.uuid4().hex
            body = {"request_id": request_id, "secret": uuid.uuid4().hex + uuid.uuid4().hex}
            joined = self.post(
                session, Sent("join", code, seat, None, request_id), f"/api/v1/tables/{code}/seats/{seat}", body, None
            )
            if joined.status not in (200, 201):
                return None
            table.tokens[seat] = joined.answer["token"]
        return table

    def play(self, session, table: Table, rng: random.Random) -> None:
        for challenge in range(3):
            if time.monotonic() >= self.end:
                return
            planned = self.challenges[(table.number + challenge) % len(self.challenges)]
            request_id = uuid.uuid4().hex
            started = self.post(
                session,
                Sent("start", table.code, None, planned.pool, request_id),
                f"/api/v1/tables/{table.code}/challenges",
                {"pool": planned.pool, "request_id": request_id},
                table.host_token,
            )
            if started.status != 201:  # the game is over (or the run): the next table
                return
            for seat, word in planned.claims:
                if time.monotonic() >= self.end:
                    return
                if rng.random() < self.args.nonsense:
                    self.nonsense(session, table, rng, challenge + 1)
                self.claim(session, table, "claim", seat, word, challenge + 1)

    def nonsense(self, session, table: Table, rng: random.Random, challenge: int) -> None:
        now = time.monotonic()
        heard = [seat for seat in table.tokens if table.slowed_until.get(seat, 0) <= now]
        if heard:
            seat = rng.choice(heard)
            word = nonsense_word(self.next_number(self._nonsense))
            sent = self.claim(session, table, "nonsense", seat, word, challenge)
            if sent.status == 429:
                table.slowed_until[seat] = time.monotonic() + (sent.retry_after or 60.0)

    def claim(self, session, table: Table, kind: str, seat: int, word: str, challenge: int) -> Sent:
        request_id = uuid.uuid4().hex
        return self.post(
            session,
            Sent(kind, table.code, seat, word, request_id, challenge=challenge),
            f"/api/v1/tables/{table.code}/claims",
            {"word": word, "request_id": request_id},
            table.tokens[seat],
        )


# --- the chaos ------------------------------------------------------------------------------------


class Chaos:
    """kill -9 workers, then the master, and on PostgreSQL the server, on a schedule; restart what must be."""

    def __init__(self, service: Service, cluster: PostgresCluster | None, args, began: float, end: float, rng):
        self.service, self.cluster, self.args, self.began, self.end = service, cluster, args, began, end
        self.rng = rng
        self.stop = threading.Event()
        self.workers_killed = 0
        self.master_back: float | None = None  # seconds from the master's kill to health again
        self.orphans_left = 0.0  # seconds from the master's kill to its last worker's end
        self.orphans_lingered = 0  # workers of the killed master still running 15 s later (then killed)
        self.database_back: float | None = None
        self.database_killed = 0  # processes of the cluster killed at once
        self.errors: list[str] = []

    def run(self) -> None:
        length = self.end - self.began
        due = {"master": self.began + 0.55 * length}
        if self.cluster is not None:
            due["database"] = self.began + 0.30 * length
        next_worker = self.began + self.args.kill_every
        try:
            while not self.stop.is_set():
                now = time.monotonic()
                if now >= self.end - 1.0:
                    return
                if due and min(due.values()) <= now:
                    what = min(due, key=due.get)
                    del due[what]
                    self.kill_master() if what == "master" else self.kill_database()
                    next_worker = time.monotonic() + self.args.kill_every
                    continue
                if now >= next_worker:
                    self.kill_worker()
                    next_worker = now + self.args.kill_every
                self.stop.wait(min([next_worker, *due.values()]) - now if due else next_worker - now)
        except Exception as error:  # noqa: BLE001 - reported, and the run's end still stops everything
            self.errors.append(f"chaos stopped: {error!r}")
            print(f"  chaos stopped: {error!r}", file=sys.stderr)

    def kill_worker(self) -> None:
        workers = self.service.workers_now()
        if workers:
            os.kill(self.rng.choice(workers), signal.SIGKILL)
            self.workers_killed += 1

    def kill_master(self) -> None:
        server = self.service.server
        workers = self.service.workers_now()
        killed = time.monotonic()
        os.kill(server.process.pid, signal.SIGKILL)
        server.process.wait(timeout=10)
        print(f"  {time.monotonic() - self.began:.0f} s: killed the gunicorn master", file=sys.stderr)
        # Its workers see their parent gone and leave; the port is free once they have.
        left = wait_gone(workers, 15)
        self.orphans_left = time.monotonic() - killed
        for pid in left:
            self.orphans_lingered += 1
            os.kill(pid, signal.SIGKILL)
        wait_gone(left, 5)
        self.service.start()
        self.master_back = time.monotonic() - killed
        print(
            f"  gunicorn back in {self.master_back:.1f} s (its workers gone after {self.orphans_left:.1f} s)",
            file=sys.stderr,
        )

    def kill_database(self) -> None:
        data = self.cluster.folder / "data"
        postmaster = int((data / "postmaster.pid").read_text().split()[0])
        backends = children(postmaster)
        killed = time.monotonic()
        for pid in [postmaster, *backends]:
            try:
                os.kill(pid, signal.SIGKILL)
                self.database_killed += 1
            except ProcessLookupError:
                pass
        print(
            f"  {killed - self.began:.0f} s: killed PostgreSQL ({self.database_killed} processes)",
            file=sys.stderr,
        )
        wait_gone(backends, 10)
        # The new postmaster refuses to start while the old one's pid exists, a zombie until init reaps it
        # (about 1.5 s here); should it stay one, its lock file is stale, and removed.
        deadline = time.monotonic() + 15
        while Path(f"/proc/{postmaster}").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        if Path(f"/proc/{postmaster}").exists() and not alive(postmaster):
            (data / "postmaster.pid").unlink()
        # The same options as the first start (the helper's), which the server wrote down.
        words = shlex.split((data / "postmaster.opts").read_text())[1:]
        if "-D" in words:
            at = words.index("-D")
            del words[at : at + 2]
        self.cluster._run(
            "pg_ctl",
            "-D",
            str(data),
            "-l",
            str(self.cluster.folder / "server.log"),
            "-o",
            shlex.join(words),
            "-w",
            "start",
        )
        self.database_back = time.monotonic() - killed
        print(f"  PostgreSQL back in {self.database_back:.1f} s", file=sys.stderr)


# --- one database ---------------------------------------------------------------------------------


@contextmanager
def database(kind: str, folder: Path):
    """Yield the database URL and the cluster (None for SQLite); the cluster is stopped at the end."""
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'tables.sqlite3'}", None
        return
    cluster = PostgresCluster.start()
    if cluster is None:
        raise SystemExit("PostgreSQL is not installed (Debian's `postgresql` package): run with --database sqlite")
    try:
        yield cluster.new_database(), cluster
    finally:
        try:
            cluster.stop()
        except subprocess.CalledProcessError:  # not running (a failed restart): kill what is left of it
            with suppress(OSError, ValueError, IndexError):
                postmaster = int((cluster.folder / "data" / "postmaster.pid").read_text().split()[0])
                for pid in [postmaster, *children(postmaster)]:
                    os.kill(pid, signal.SIGKILL)
            shutil.rmtree(cluster.folder, ignore_errors=True)


def measure(kind: str, args, challenges, folder: Path) -> dict:
    rng = random.Random(args.seed)
    with database(kind, folder) as (url, cluster):
        env = {"WORDSMITH_DATABASE_URL": url, "WORDSMITH_TABLES_PER_HOUR": "100000"}
        service = Service(folder, kind, args.workers, env)
        try:
            service.start()
            print(f"{kind}: serving at {service.url} ({args.workers} workers)", file=sys.stderr)
            began = time.monotonic()
            end = began + args.seconds
            writers = Writers(service, challenges, args, end, rng)
            chaos = Chaos(service, cluster, args, began, end, random.Random(rng.random()))
            threads = [
                threading.Thread(target=writers.run, args=(rng.random(),), daemon=True) for _ in range(args.tables)
            ]
            threads.append(threading.Thread(target=chaos.run, daemon=True))
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=max(1.0, end + args.grace + 200 - time.monotonic()))
            chaos.stop.set()
            if service.server.process.poll() is not None:  # a restart that failed: the records are read all the same
                service.start()
            print(f"  reading {len(writers.created)} records", file=sys.stderr)
            found = check(writers.sent, read_records(service.url, list(writers.created)))
            found["chaos"] = chaos
            found["load"] = os.getloadavg()[0]
            if any(p.startswith("500") for p in found["problems"]) or "Traceback" in service.logs():
                found["tracebacks"] = tracebacks(service.logs())
            return found
        finally:
            service.stop()


def tracebacks(log: str, most: int = 3) -> list[str]:
    """The server log's first few tracebacks (an unhandled error's, a 500's)."""
    found, lines = [], log.splitlines()
    for at, line in enumerate(lines):
        if line.startswith("Traceback") and len(found) < most:
            end = next(
                (k for k in range(at + 1, len(lines)) if lines[k] and not lines[k].startswith((" ", "Traceback"))), at
            )
            found.append("\n".join(lines[max(0, at - 1) : end + 1]))
    return found


def summarize(found: dict, args) -> dict[str, str]:
    chaos: Chaos = found["chaos"]
    kills = f"{chaos.workers_killed} workers; the master once" + (
        f" (back in {chaos.master_back:.1f} s"
        + (f", {chaos.orphans_lingered} orphans killed" if chaos.orphans_lingered else "")
        + ")"
        if chaos.master_back is not None
        else " (not reached)"
    )
    if chaos.cluster is not None:
        kills += (
            f"; PostgreSQL once, {chaos.database_killed} processes (back in {chaos.database_back:.1f} s)"
            if chaos.database_back is not None
            else "; PostgreSQL not reached"
        )
    retries = ", ".join(f"{k.removeprefix('retry ')} {v}" for k, v in sorted(found.items()) if k.startswith("retry "))
    kinds_5xx = ", ".join(f"{k.removeprefix('5xx ')} {v}" for k, v in sorted(found.items()) if k.startswith("5xx "))
    others = ", ".join(
        f"{k} {v}"
        for k, v in sorted(found.items())
        if k.startswith(("other answer", "planned words refused", "start answered"))
    )
    too_fast = sum(v for k, v in found.items() if k.startswith("429 "))
    five_hundreds = sum(v for k, v in found.items() if k == "retry 500")
    return {
        "kill -9": kills + (f"; {'; '.join(chaos.errors)}" if chaos.errors else ""),
        "tables created (acknowledged); events in their records": f"{found['acknowledged tables']}; {found['events']:,}",
        "actions sent; answered; unanswered at the end": f"{found['sent']:,}; {found['answered']:,}; {found['unanswered']}",
        "acknowledged claims (201), of them repeats": f"{found['acknowledged claims']:,}, {found['repeats']}",
        "acknowledged refusals (409 claim_refused, written)": f"{found['acknowledged refusals']:,}",
        "refusals-too-fast (429, nothing written)": f"{too_fast}",
        "acknowledged joins; challenge starts": f"{found['acknowledged joins']}; {found['acknowledged starts']}",
        "retries: no answer / 5xx": retries or "none",
        "5xx answers by kind (legitimate: 503)": kinds_5xx or "none",
        "other answers": others or "none",
        "written, never answered (allowed)": f"{found['written, never answered']}",
        "missing": f"{found['missing']}",
        "duplicates": f"{found['duplicates']}",
        "seq gaps": f"{found['gaps']}",
        "changed (the record differs from the answer)": f"{found['changed']}",
        "written despite a 429": f"{found['written despite a 429']}",
        '503 "nothing was changed", then found written': f"{found['503 then found written']}",
        "500s": f"{five_hundreds}",
        "load average (1 min) at the end": f"{found['load']:.1f} on {os.cpu_count()} cores",
    }


def failed(found: dict) -> bool:
    return any(found[k] for k in ("missing", "duplicates", "gaps", "changed", "written despite a 429", "retry 500"))


def main(argv=None) -> int:
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # run the `finally`s: stop gunicorn and PostgreSQL
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument(
        "--seconds", type=float, default=60.0, help="seconds of writes and kills per database (default: 60)"
    )
    parser.add_argument(
        "--tables", type=int, default=4, help="writer threads, each playing one table at a time (default: 4)"
    )
    parser.add_argument("--kill-every", type=float, default=3.0, help="seconds between worker kills (default: 3)")
    parser.add_argument(
        "--nonsense", type=float, default=0.3, help="chance of a nonsense claim before each valid one (default: 0.3)"
    )
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (default: 2)")
    parser.add_argument(
        "--grace", type=float, default=60.0, help="seconds past the end to get the last answers (default: 60)"
    )
    parser.add_argument("--seed", type=int, default=None, help="seed of the kills and the nonsense (default: random)")
    args = parser.parse_args(argv)
    args.seconds = max(10.0, min(args.seconds, 900.0))
    args.kill_every = max(0.5, args.kill_every)
    args.tables = max(1, min(args.tables, 32))
    if args.seed is None:
        args.seed = random.randrange(10**6)

    began = time.monotonic()
    challenges = plan_challenges(len(SEATS), limit=12)
    print(
        f"planned {len(challenges)} pools in {time.monotonic() - began:.1f} s; seed {args.seed}; "
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}",
        file=sys.stderr,
    )
    kinds = ("sqlite", "postgresql") if args.database == "both" else (args.database,)
    results, problems, bad = {}, {}, False
    with tempfile.TemporaryDirectory(prefix="wordsmith-durability-") as tmp:
        for kind in kinds:
            folder = Path(tmp) / kind
            folder.mkdir()
            found = measure(kind, args, challenges, folder)
            results[kind] = summarize(found, args)
            problems[kind] = found["problems"], found.get("tracebacks", [])
            bad = bad or failed(found)
    names = list(results)
    print(
        f"\n| {args.tables} writers, {args.seconds:g} s, a worker killed every {args.kill_every:g} s, seed {args.seed} | "
        + " | ".join(names)
        + " |"
    )
    print("|---|" + "---:|" * len(names))
    for row in results[names[0]]:
        print(f"| {row} | " + " | ".join(results[name][row] for name in names) + " |")
    for name, (found_problems, found_tracebacks) in problems.items():
        if found_problems or found_tracebacks:
            print(f"\n## {name}: what was found\n")
            for problem in found_problems[:40]:
                print(f"- {problem}")
            if len(found_problems) > 40:
                print(f"- ... and {len(found_problems) - 40} more")
            for trace in found_tracebacks:
                print(f"\n```\n{trace}\n```")
    print("\nverdict: " + ("LOSS OR ERROR FOUND" if bad else "nothing acknowledged was lost"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
