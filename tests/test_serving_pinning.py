"""Each gunicorn worker on a core of its own (app/serving/pinning.py), chosen before the fork and kept after it."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest
import requests
from service_helpers import GunicornServer

from app.serving import pinning


def test_a_worker_takes_the_first_core_no_live_worker_holds():
    assert pinning.free_core([0, 1, 2], set()) == 0
    assert pinning.free_core([0, 1, 2], {0, None}) == 1
    assert pinning.free_core([4, 6], {6}) == 4
    assert pinning.free_core([0, 1], {0, 1}) is None
    assert pinning.free_core([], set()) is None


@pytest.mark.parametrize(
    ("workers", "usable", "pinned"),
    [
        (4, 4, [0, 1, 2, 3]),  # one worker a core
        (5, 4, []),  # more workers than cores: the scheduler shares them out
        (2, 4, []),  # fewer: the scheduler may find a quieter core
        (4, 2, []),  # a CPU quota below the cores (a container's --cpus 1.5): the quota decides
    ],
)
def test_workers_are_pinned_only_one_a_core_with_no_quota_below_the_cores(monkeypatch, workers, usable, pinned):
    monkeypatch.setattr(pinning.os, "sched_getaffinity", lambda pid: {3, 1, 0, 2})
    monkeypatch.setattr(pinning, "usable_cores", lambda: usable)
    assert pinning.pinnable_cores(workers) == pinned


def cores_of(pid: int) -> dict[int, str]:
    """Each thread of process `pid` with the cores it may run on, as the kernel lists them ("0", "0-1")."""
    cores = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        for line in (task / "status").read_text().splitlines():
            if line.startswith("Cpus_allowed_list:"):
                cores[int(task.name)] = line.split(":", 1)[1].strip()
    return cores


def workers_of(master: int) -> set[int]:
    return {int(pid) for pid in Path(f"/proc/{master}/task/{master}/children").read_text().split()}


def wait_for_workers(master: int, count: int, without: int | None = None) -> set[int]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        pids = workers_of(master) - {without}
        if len(pids) == count:
            return pids
        time.sleep(0.1)
    raise AssertionError(f"gunicorn has {workers_of(master)} workers, not {count}")


def settled_cores(pid: int) -> set[str]:
    """The cores the threads of worker `pid` may run on, once it has pinned itself or 30 s have passed. gunicorn
    forks the workers a moment apart and each pins itself in its post_fork hook, so a worker that has only just
    appeared may still run anywhere ("0-1")."""
    deadline = time.monotonic() + 30
    while True:
        cores = set(cores_of(pid).values())
        if (len(cores) == 1 and next(iter(cores)).isdigit()) or time.monotonic() > deadline:
            return cores
        time.sleep(0.05)


@pytest.mark.skipif(not hasattr(os, "sched_getaffinity"), reason="CPU affinity is Linux's")
def test_each_worker_and_all_its_threads_keep_to_a_core_of_their_own_and_a_new_worker_takes_the_freed_one(
    tmp_path,
):
    cores = pinning.pinnable_cores(len(os.sched_getaffinity(0)))
    if not cores:
        pytest.skip("this machine's CPU quota is below its cores: workers are not pinned here")
    count = len(cores)  # one worker a core, as gunicorn_conf.py starts them
    server = GunicornServer(tmp_path / "gunicorn.log", workers=count).start()
    try:
        for _ in range(20):  # requests start each worker's threads
            assert requests.get(server.url + "/api/v1/health", timeout=5).ok
        master = server.process.pid
        pids = wait_for_workers(master, count)
        held = {}
        for pid in pids:
            threads = settled_cores(pid)
            assert len(threads) == 1 and next(iter(threads)).isdigit(), threads  # every thread on the worker's core
            held[pid] = int(next(iter(threads)))
        assert sorted(held.values()) == cores[:count]  # one core each, none shared

        gone = max(held, key=held.get)  # the last core: a new worker that ignored the others would take the first
        os.kill(gone, signal.SIGKILL)
        (new,) = wait_for_workers(master, count, without=gone) - set(held)
        assert settled_cores(new) == {str(held[gone])}
    finally:
        server.stop()
