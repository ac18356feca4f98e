"""Helpers for the service tests: the one problem+json assertion, and a gunicorn server."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
PROBLEM_JSON = "application/problem+json"


def assert_problem(response, status: int, pointer: str | None = None) -> dict:
    """Assert `response` is an RFC 9457 problem with `status` (and a field error at `pointer`); return its body.

    Works on a Flask test response and on a `requests` response alike.
    """
    content_type = response.headers.get("Content-Type", "")
    code = getattr(response, "status_code", None)
    assert code == status, f"expected {status}, got {code}: {_text(response)[:500]}"
    assert content_type.split(";")[0].strip() == PROBLEM_JSON, f"not problem+json: {content_type!r}"
    body = response.json() if callable(response.json) else response.json
    assert isinstance(body, dict), body
    assert {"type", "title", "status", "detail"} <= body.keys(), body
    assert body["status"] == status
    assert isinstance(body["type"], str) and body["type"], body
    assert isinstance(body["title"], str) and body["title"], body
    assert isinstance(body["detail"], str) and body["detail"], body
    if pointer is not None:
        errors = body.get("errors")
        assert errors, f"no `errors` in {body}"
        for error in errors:
            assert {"pointer", "location", "detail"} <= error.keys(), error
            assert error["detail"], error
        pointers = [error["pointer"] for error in errors]
        assert pointer in pointers, f"no error at {pointer!r}: {pointers}"
    return body


def _text(response) -> str:
    return response.get_data(as_text=True) if hasattr(response, "get_data") else response.text


def client_ports() -> range:
    """The ports the kernel draws the local end of outgoing connections from (Linux's ip_local_port_range)."""
    try:
        low, high = map(int, Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split())
    except (OSError, ValueError):
        low, high = 32768, 60999
    return range(low, high + 1)


def free_port() -> int:
    """Return a TCP port free on this machine right now, below the range clients' connections take theirs from:
    a benchmark's thousands of connections (each phone's from an address of its own) took a port drawn from that
    range before the server bound it."""
    clients = client_ports()
    for _ in range(200):
        port = random.randrange(max(1024, clients.start - 12000), clients.start)
        with socket.socket() as probe:
            try:
                probe.bind(("0.0.0.0", port))
            except OSError:
                continue
            return port
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_slots(server: GunicornServer, folder: Path, workers: int, timeout: float = 30.0) -> None:
    """Wait until each of the server's workers has claimed its slot in the host's folder (app/serving/affinity.py):
    health answers once one worker is up, and a table's request that comes before its owner is bound is served where
    it landed."""
    deadline = time.monotonic() + timeout
    while not all((folder / f"worker-{slot}.sock").exists() for slot in range(workers)):
        assert time.monotonic() < deadline, server.log()
        time.sleep(0.05)


def gunicorn_can_disable_control_socket() -> bool:
    import gunicorn.config

    return hasattr(gunicorn.config, "ControlSocketDisable")  # gunicorn >= 25.1


class GunicornServer:
    """`python -m gunicorn 'app:create_app()' -c gunicorn.conf.py` on a free local port, as the Procfile runs it.

    `command` and `cwd` run another command that serves on $PORT (`wordsmith serve`) instead.
    """

    def __init__(
        self,
        log_path: Path,
        workers: int = 2,
        env: dict | None = None,
        command: list[str] | None = None,
        cwd: Path = ROOT,
    ):
        self.command = command or [sys.executable, "-m", "gunicorn", "app:create_app()", "-c", "gunicorn.conf.py"]
        self.cwd = cwd
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        self.env = {**os.environ, "PORT": str(self.port), "WEB_CONCURRENCY": str(workers), **(env or {})}
        self.process: subprocess.Popen | None = None

    def start(
        self, timeout: float = 180.0, attempts: int = 3
    ) -> GunicornServer:  # a first boot builds every size (then solver/cache.py keeps them)
        env = dict(self.env)
        if gunicorn_can_disable_control_socket():  # several test servers must not fight over one socket
            env["GUNICORN_CMD_ARGS"] = (env.get("GUNICORN_CMD_ARGS", "") + " --no-control-socket").strip()
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                self.command, cwd=self.cwd, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                if "Address already in use" in self.log() and attempts > 1:
                    # free_port() found an ephemeral port free, and a client connection took it before
                    # gunicorn bound it (the suite opens many): another port, not a failed test.
                    self.port = free_port()
                    self.url = f"http://127.0.0.1:{self.port}"
                    self.env["PORT"] = str(self.port)
                    return self.start(timeout, attempts - 1)
                raise RuntimeError(f"gunicorn exited with {self.process.returncode}:\n{self.log()}")
            try:
                if requests.get(self.url + "/api/v1/health", timeout=1).ok:
                    return self
            except requests.RequestException:
                pass
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"gunicorn did not answer /api/v1/health within {timeout}s:\n{self.log()}")

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        # SIGQUIT, gunicorn's quick shutdown: a test is over, so nothing in flight needs finishing. SIGTERM's
        # graceful one waits for every open request, and an event stream stays open until its next heartbeat (15 s).
        self.process.send_signal(signal.SIGQUIT)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)  # our own session: the master and its workers
            self.process.wait(timeout=5)

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-4000:]
        except OSError:
            return ""
