"""How many cores this process may use: the workers gunicorn starts, one per core (gunicorn_conf.py).

`os.cpu_count()` counts the machine's cores. A host is often less than its machine: a container given `--cpus 0.5`,
a systemd unit with `CPUQuota=`, a cgroup whose CPU quota is a share of the machine. Its processes see every core
but may run for only the quota's time each period, so more workers than the quota's cores only take turns, each
paying for its own share of the work (on a host of half a core, two workers answer a claim for more CPU, and later,
than one: docs/serving.md). So the cores counted are those this process may run on (its CPU affinity), lowered to
its cgroup's CPU quota, rounded up, the least along its group's ancestors: cgroup v2's `cpu.max`, v1's
`cpu.cfs_quota_us` over `cpu.cfs_period_us`. The groups are found as the kernel names them for this process
(`/proc/self/cgroup`, `/proc/self/mountinfo`); where anything is missing or unreadable, no quota is assumed.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

__all__ = ["cgroup_cpu_limit", "usable_cores"]


def usable_cores(proc: Path = Path("/proc/self")) -> int:
    """The cores this process may use: its CPU affinity, lowered to its cgroup's CPU quota rounded up; at least 1."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not Linux
        cores = os.cpu_count() or 1
    limit = cgroup_cpu_limit(proc)
    if limit is not None:
        cores = min(cores, math.ceil(limit))
    return max(1, cores)


def cgroup_cpu_limit(proc: Path = Path("/proc/self")) -> float | None:
    """The CPU quota, in cores, of this process's cgroup (the least of its group's and its ancestors'), or None when
    none is set or it cannot be read."""
    try:
        groups = (proc / "cgroup").read_text().splitlines()
        mounts = (proc / "mountinfo").read_text().splitlines()
    except OSError:
        return None
    limits = [limit for group in _cpu_groups(groups, mounts) for limit in _quotas(*group)]
    return min(limits, default=None)


def _cpu_groups(groups: list[str], mounts: list[str]):
    """(the group's directory, the hierarchy's mount, whether it is cgroup v2) of this process's CPU group in each
    mounted hierarchy that has the cpu controller."""
    paths = {}  # controllers ("" for v2's unified hierarchy) -> the group's path
    for line in groups:
        number, controllers, path = (line.split(":", 2) + ["", ""])[:3]
        if number.isdigit():
            paths[controllers] = path
    for line in mounts:
        fields = line.split()
        if "-" not in fields:
            continue
        dash = fields.index("-")
        if dash < 5 or len(fields) < dash + 2:
            continue
        root, mountpoint, fstype = fields[3], fields[4], fields[dash + 1]
        options = fields[dash + 3].split(",") if len(fields) > dash + 3 else []
        if fstype == "cgroup2":
            path, unified = paths.get(""), True
        elif fstype == "cgroup" and "cpu" in options:
            path = next((p for controllers, p in paths.items() if "cpu" in controllers.split(",")), None)
            unified = False
        else:
            continue
        if path is None:
            continue
        relative = os.path.relpath(path, root)  # the mount shows the hierarchy from `root` down (a container's own)
        if relative.startswith(".."):
            relative = "."  # the group lies outside what is mounted here: its mount's own limit is all there is to read
        yield (Path(mountpoint) / relative).resolve(), Path(mountpoint).resolve(), unified


def _quotas(directory: Path, top: Path, unified: bool):
    """Each quota set on the group's directory and its ancestors up to the mount `top`, in cores."""
    while True:
        limit = _quota(directory, unified)
        if limit is not None:
            yield limit
        if directory == top or top not in directory.parents:
            return
        directory = directory.parent


def _quota(directory: Path, unified: bool) -> float | None:
    try:
        if unified:
            quota, period = (directory / "cpu.max").read_text().split()[:2]
            quota, period = (None if quota == "max" else int(quota)), int(period)
        else:
            quota = int((directory / "cpu.cfs_quota_us").read_text())
            period = int((directory / "cpu.cfs_period_us").read_text())
    except (OSError, ValueError):
        return None
    return None if quota is None or quota < 0 or period <= 0 else quota / period
