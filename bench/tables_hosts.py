"""Hosts of their own on one machine (bench/tables.py --host-cpus): each app server in a CPU cgroup of its own.

Two app servers on one 2-core machine share its cores, so a second server adds no capacity there and a line per
added host cannot be read off them. Capped, each server is a host of `cores` cores: its master and every worker
(and whatever they start) run in a cgroup whose CPU quota is `cores` per period, so one server holds what a host of
that size holds, and two hold what two such hosts hold, as long as the machine has the cores left over for the
phones and PostgreSQL (the database's host). Linux's cgroup v2 `cpu.max` or cgroup v1's CFS quota; root only.
"""

from __future__ import annotations

import os
import time
from contextlib import contextmanager
from pathlib import Path

__all__ = ["CGROUPS", "capped", "capped_command"]

# Where a group of each kind is made: cgroup v2's unified tree with its cpu controller, or v1's cpu hierarchy.
CGROUPS = (Path("/sys/fs/cgroup"), Path("/sys/fs/cgroup/unified"), Path("/sys/fs/cgroup/cpu"))
PERIOD_US = 10_000  # short: a host that used its share waits at most the rest of 10 ms, not of 100 ms


def _root() -> tuple[Path, bool]:
    """The hierarchy to make the groups in, and whether it is cgroup v2's."""
    for root in CGROUPS:
        controllers = root / "cgroup.subtree_control"  # v2: the controllers its children get
        if controllers.exists() and "cpu" in controllers.read_text().split():
            return root, True
        if (root / "cpu.cfs_quota_us").exists():
            return root, False
    raise SystemExit("--host-cpus needs a cgroup CPU controller (cgroup v2 with cpu, or v1's cpu hierarchy)")


@contextmanager
def capped(name: str, cores: float):
    """A CPU cgroup allowed `cores` cores (`cores * PERIOD_US` µs of CPU a period); yields its `cgroup.procs` file,
    and removes the group at the end (after waiting for its processes to leave)."""
    if os.geteuid() != 0:
        raise SystemExit("--host-cpus makes CPU cgroups: run as root")
    root, unified = _root()
    group = root / f"wordsmith-bench-{name}-{os.getpid()}"
    group.mkdir()
    try:
        quota = max(1000, round(cores * PERIOD_US))
        if unified:
            (group / "cpu.max").write_text(f"{quota} {PERIOD_US}")
        else:
            (group / "cpu.cfs_period_us").write_text(str(PERIOD_US))
            (group / "cpu.cfs_quota_us").write_text(str(quota))
        yield group / "cgroup.procs"
    finally:
        for _ in range(100):
            try:
                group.rmdir()
                break
            except OSError:  # its processes are still exiting
                time.sleep(0.1)


def capped_command(procs: Path, command: list[str]) -> list[str]:
    """`command` run inside the group: the shell puts itself in the group and then becomes the command, so the
    gunicorn master, and every worker it forks, is in it from its first instruction."""
    return ["sh", "-c", f'echo $$ > "{procs}" && exec "$@"', "sh", *command]
