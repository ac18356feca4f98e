"""A folder one host's workers share (app/pages/table_host_renders.py keeps the tables' renders in it, and
app/serving/affinity.py the workers' slots and the sockets they take their tables' connections on): gunicorn's
master makes it before forking (gunicorn_conf.py's `on_starting`), private to the service's user, names it in the
environment the workers inherit, and removes it at exit. A deployment that names its own (HOST_FOLDER_ENV, an
existing folder only the service's user may write to) keeps it. Without one (the development server, the tests'
app, a host of one worker, who has no one to share with), each worker keeps what it draws to itself.

Every event of a followed table writes a render there, so the folder is made in memory (`/dev/shm`) when the host
has one with room to spare (MEMORY_FOLDER_FREE), not on a disk whose file system journals each new file; else in
the temporary directory. A master killed outright leaves its folder behind (`wordsmith-renders-<pid>-*`); a later
master removes those of masters that are gone, once they are an hour old.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

__all__ = [
    "HOST_FOLDER_ENV",
    "MEMORY_FOLDER_FREE",
    "draw_alone",
    "host_folder",
    "make_host_folder",
    "memory_folder",
    "remove_orphans",
    "renders_folder",
]

HOST_FOLDER_ENV = "WORDSMITH_HOST_RENDERS"
PREFIX = "wordsmith-renders-"  # then the master's pid: wordsmith-renders-<pid>-<random>
MEMORY = Path("/dev/shm")
# Free room the memory-backed folder must have to be used: a render is tens of KB a table, kept an hour after the
# table's last event, so a few thousand tables' fit many times over (a container's default /dev/shm is 64 MB: not used).
MEMORY_FOLDER_FREE = 256 * 1024 * 1024
ORPHAN_SECONDS = 3600  # a folder whose master is gone is removed once untouched this long


def host_folder() -> Path | None:
    """The host's shared folder, or None when this process has none (it keeps what it draws to itself)."""
    named = os.environ.get(HOST_FOLDER_ENV)
    return Path(named) if named else None


_alone = [False]


def draw_alone() -> None:
    """Keep what this process draws to itself from now on: it serves its tables alone (a worker that owns a slot of
    the host, app/serving/affinity.py), so no other worker would read its renders."""
    _alone[0] = True


def renders_folder() -> Path | None:
    """Where this process shares its tables' renders with the host's other workers, or None when it keeps them."""
    return None if _alone[0] else host_folder()


def make_host_folder(workers: int) -> Path | None:
    """A new folder for a host of `workers` workers (mode 0700), named in the environment the workers inherit; None
    when the deployment named its own, or when one worker has no other to share with."""
    if os.environ.get(HOST_FOLDER_ENV) or workers <= 1:
        return None
    where = memory_folder()
    remove_orphans(Path(where or tempfile.gettempdir()))
    made = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-", dir=where))
    os.environ[HOST_FOLDER_ENV] = str(made)
    return made


def remove_orphans(where: Path) -> None:
    """Remove the folders in `where` that masters of this user made and left when killed outright: named after a
    master's pid that no process has any more, and untouched for ORPHAN_SECONDS (a living master's folder is written
    at each event of its tables, and the pid may be another pid namespace's, a container's sharing the folder). A
    master restarted again and again so leaves no more than an hour's folders behind in memory."""
    before = time.time() - ORPHAN_SECONDS
    for folder in where.glob(f"{PREFIX}*-*"):
        pid = folder.name[len(PREFIX) :].split("-", 1)[0]
        try:
            found = folder.stat()
            if not pid.isdigit() or found.st_uid != os.getuid() or found.st_mtime > before:
                continue
            os.kill(int(pid), 0)
        except ProcessLookupError:  # its master is gone
            shutil.rmtree(folder, ignore_errors=True)
        except OSError:  # alive (another user's signal refused), or the folder already gone
            continue


def memory_folder(where: Path | None = None) -> str | None:
    """`where` (by default the host's memory-backed folder, MEMORY) when it can be written to and has
    MEMORY_FOLDER_FREE bytes free; else None, the temporary directory."""
    where = MEMORY if where is None else where
    try:
        if not os.access(where, os.W_OK):
            return None
        free = os.statvfs(where)
    except OSError:
        return None
    return str(where) if free.f_bavail * free.f_frsize >= MEMORY_FOLDER_FREE else None
