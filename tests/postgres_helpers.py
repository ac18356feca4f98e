"""A throw-away PostgreSQL cluster for the tests, made with Debian's own binaries and stopped at the end.

    cluster = PostgresCluster.start()      # None when PostgreSQL is not installed
    url = cluster.new_database()           # postgresql+psycopg://... of a fresh, empty database
    cluster.stop()

The cluster lives in a temporary folder owned by the `postgres` user (initdb
and pg_ctl refuse to run as root), listens on a free local port and on a
socket in that folder, trusts local connections, and is stopped and deleted
by `stop()`: nothing is left running.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path


def postgres_bin() -> Path | None:
    """The newest installed PostgreSQL's bin folder (Debian: /usr/lib/postgresql/<major>/bin), or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(Path(p).parent.parent.name))
    return Path(found[-1]).parent if found else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PostgresCluster:
    def __init__(self, bindir: Path, folder: Path, port: int, run_as: list[str]):
        self.bindir = bindir
        self.folder = folder
        self.port = port
        self.run_as = run_as
        self._names = itertools.count(1)

    @classmethod
    def start(cls) -> PostgresCluster | None:
        bindir = postgres_bin()
        if bindir is None:
            return None
        folder = Path(tempfile.mkdtemp(prefix="wordsmith-pg-"))
        run_as: list[str] = []
        if os.geteuid() == 0:  # initdb and the server refuse root
            user = pwd.getpwnam("postgres")
            os.chown(folder, user.pw_uid, user.pw_gid)
            run_as = ["runuser", "-u", "postgres", "--"]
        cluster = cls(bindir, folder, free_port(), run_as)
        data = folder / "data"
        cluster._run("initdb", "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync")
        options = f"-p {cluster.port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
        # -l: without a log file pg_ctl keeps the server's output pipe open and the call never returns
        cluster._run("pg_ctl", "-D", str(data), "-l", str(folder / "server.log"), "-o", options, "-w", "start")
        return cluster

    def _run(self, program: str, *args: str) -> None:
        subprocess.run([*self.run_as, str(self.bindir / program), *args], check=True, capture_output=True, timeout=60)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://postgres@/{database}?host={self.folder}&port={self.port}"

    def new_database(self) -> str:
        """A fresh empty database's URL."""
        import psycopg

        name = f"test_{next(self._names)}"
        with psycopg.connect(
            f"host={self.folder} port={self.port} user=postgres dbname=postgres", autocommit=True
        ) as c:
            c.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
