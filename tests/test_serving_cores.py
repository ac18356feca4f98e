"""The workers gunicorn starts follow the cores this process may use (app/serving/cores.py): its CPU affinity,
lowered to its cgroup's CPU quota (cgroup v2's `cpu.max`, v1's CFS quota), the least along its group's ancestors.
In a real capped group of this machine (as root): tests/test_bench_tables.py, beside the bench's groups."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from app.serving.cores import cgroup_cpu_limit, usable_cores

ROOT = Path(__file__).resolve().parents[1]


def fake_proc(tmp_path: Path, cgroup: str, mounts: list[tuple[str, str, str, str]]) -> Path:
    """A /proc/self of this process's groups (`cgroup`) and mounts: (root, mount point, fstype, super options)."""
    proc = tmp_path / "proc"
    proc.mkdir()
    (proc / "cgroup").write_text(cgroup)
    lines = [
        f"{30 + i} 23 0:{40 + i} {root} {point} rw,relatime - {fstype} {fstype} {options}"
        for i, (root, point, fstype, options) in enumerate(mounts)
    ]
    (proc / "mountinfo").write_text("\n".join(["22 1 8:1 / / rw,relatime - ext4 /dev/sda1 rw", *lines]) + "\n")
    return proc


def v2_tree(tmp_path: Path, limits: dict[str, str]) -> Path:
    """A cgroup v2 hierarchy: each group's `cpu.max` ("max 100000" or "50000 100000")."""
    top = tmp_path / "cgroup2"
    for group, limit in limits.items():
        directory = top / group.strip("/")
        directory.mkdir(parents=True, exist_ok=True)
        (directory / "cpu.max").write_text(limit + "\n")
    return top


def test_cgroup_v2_the_least_quota_along_the_group_and_its_ancestors(tmp_path):
    top = v2_tree(tmp_path, {"/": "max 100000", "/site": "150000 100000", "/site/app": "max 100000"})
    proc = fake_proc(tmp_path, "0::/site/app\n", [("/", str(top), "cgroup2", "rw")])
    assert cgroup_cpu_limit(proc) == 1.5
    (top / "site" / "app" / "cpu.max").write_text("50000 100000\n")
    assert cgroup_cpu_limit(proc) == 0.5
    assert usable_cores(proc) == 1


def test_no_quota_anywhere_is_none_and_every_core_is_usable(tmp_path):
    top = v2_tree(tmp_path, {"/": "max 100000", "/app": "max 100000"})
    proc = fake_proc(tmp_path, "0::/app\n", [("/", str(top), "cgroup2", "rw")])
    assert cgroup_cpu_limit(proc) is None
    assert usable_cores(proc) == len(os.sched_getaffinity(0))


def test_a_containers_own_view_of_its_group(tmp_path):
    """In a container the hierarchy is mounted from its group down: /proc names the group from the host's root, or
    as "/" under a cgroup namespace; either way the limit read is the container's."""
    top = v2_tree(tmp_path, {"/": "250000 100000"})
    for n, named in enumerate(("/docker/abc", "/")):
        proc_dir = tmp_path / f"view{n}"
        proc_dir.mkdir()
        proc = fake_proc(proc_dir, f"0::{named}\n", [("/docker/abc", str(top), "cgroup2", "rw")])
        assert cgroup_cpu_limit(proc) == 2.5
        assert usable_cores(proc) == min(3, len(os.sched_getaffinity(0)))


def test_cgroup_v1_cfs_quota_over_period(tmp_path):
    top = tmp_path / "cpu,cpuacct"
    group = top / "app"
    group.mkdir(parents=True)
    for directory, quota in ((top, "-1"), (group, "75000")):
        (directory / "cpu.cfs_quota_us").write_text(quota + "\n")
        (directory / "cpu.cfs_period_us").write_text("100000\n")
    cgroup = "5:memory:/app\n4:cpu,cpuacct:/app\n0::/\n"
    mounts = [("/", str(top), "cgroup", "rw,cpu,cpuacct"), ("/", str(tmp_path / "memory"), "cgroup", "rw,memory")]
    proc = fake_proc(tmp_path, cgroup, mounts)
    assert cgroup_cpu_limit(proc) == 0.75
    (group / "cpu.cfs_quota_us").write_text("-1\n")
    assert cgroup_cpu_limit(proc) is None


@pytest.mark.parametrize(
    "cgroup, mounts",
    [
        ("0::/app\n", []),  # no cgroup mounted
        ("garbage\n", [("/", "{tmp}/cgroup2", "cgroup2", "rw")]),  # no group named
        ("0::/app\n", [("/", "{tmp}/nowhere", "cgroup2", "rw")]),  # nothing to read at the mount
    ],
)
def test_what_cannot_be_read_sets_no_quota(tmp_path, cgroup, mounts):
    v2_tree(tmp_path, {"/app": "50000 100000"})
    proc = fake_proc(tmp_path, cgroup, [tuple(m.replace("{tmp}", str(tmp_path)) for m in mount) for mount in mounts])
    assert cgroup_cpu_limit(proc) is None
    (tmp_path / "cgroup2" / "app" / "cpu.max").write_text("fifty\n")
    for unreadable in ("fifty 100000", "50000", "50000 0", "-1 100000"):  # a file no kernel writes sets no quota
        (tmp_path / "cgroup2" / "app" / "cpu.max").write_text(unreadable + "\n")
        here = tmp_path / unreadable.replace(" ", "_")
        here.mkdir()
        named = fake_proc(here, "0::/app\n", [("/", str(tmp_path / "cgroup2"), "cgroup2", "rw")])
        assert cgroup_cpu_limit(named) is None
    assert cgroup_cpu_limit(tmp_path / "no-proc") is None
    assert usable_cores(tmp_path / "no-proc") == len(os.sched_getaffinity(0))
