"""Each gunicorn worker on a core of its own, when the host has one core for each (gunicorn_conf.py's fork hooks).

A worker is one interpreter: its threads take turns holding the interpreter's lock, and a worker uses about one
core however many threads it runs. Left to the scheduler, its threads wake on either core, so each hand-over of
the lock can cross cores and wait for the other core to answer, and the worker's data moves between the cores'
caches. On a core of its own, a hand-over is a switch on one core and the data stays in its cache: the same claims
cost less CPU and queue less (bench/README.md, live tables). Only one worker a core (the default) is pinned: with
more workers than cores they must share, and with fewer the scheduler may find a quieter core on a machine shared
with other work. A host whose CPU quota is below its cores (a container's `--cpus`) is left to the scheduler too:
there the quota, not the cores, decides when a worker runs.
"""

from __future__ import annotations

import os

from app.serving.cores import usable_cores

__all__ = ["free_core", "pin", "pinnable_cores"]


def pinnable_cores(workers: int) -> list[int]:
    """The cores the workers are pinned to, one each: this process's cores, when there are `workers` of them and
    no CPU quota below them; else none."""
    try:
        cores = sorted(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not Linux
        return []
    if workers != len(cores) or usable_cores() < len(cores):
        return []
    return cores


def free_core(cores: list[int], taken: set[int | None]) -> int | None:
    """The first of `cores` no live worker holds, or None."""
    return next((core for core in cores if core not in taken), None)


def pin(core: int | None) -> None:
    """Keep this process, and every thread it starts after, on `core` (None: anywhere)."""
    if core is not None:
        os.sched_setaffinity(0, {core})
