"""A table's part rendered once per host, not once per worker: the render one worker draws, every worker of the
host reads (app/pages/table_live.py keeps it in memory after that).

A host's workers each hold some of a table's phones' streams, so each needs the table's part after every event. The
first worker to need it draws it and leaves it in the host's folder of renders; the others read it there. A lock
file per table makes a worker that arrives while another draws wait for that render, as threads of one worker do.

The folder is the gunicorn master's (app/serving/host_folder.py: made at start, private to the service's user, and
removed at exit): one per host and per start, so every render in it was drawn by
this code. Without it (the development server, the tests' app) each worker keeps its own renders only, and so
does a worker that serves its tables alone (app/serving/affinity.py: every request and stream of a table goes to
the worker that owns it, which then has no one to share with; workers that own no slot, and hosts over TLS,
share). A render is a pickled `Shared` after a first line that says what it is of (`Header`: its event, until when
it holds, whether it is one seat's) and how long the pickle is, so a worker that will not use it reads no further;
written by this service for this service, into a folder no other user may write to; one that cannot be read is
drawn again. Files of tables that were quiet for PRUNE_SECONDS are removed as new ones are written (a deleted
table's too: until then it answers only a phone that names an event it already heard of, `/live?seq=`, as a
worker's kept render does).
"""

from __future__ import annotations

import fcntl
import logging
import os
import pickle
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

from tables.codes import read_code

from ..serving.host_folder import renders_folder as folder

__all__ = ["Header", "RenderUnderWay", "hosts_render", "shared_render", "under_way"]


class Header(NamedTuple):
    """What a render in the host's folder is of: the table's event it shows, until when it holds, and whether it was
    drawn for one seat (Secret Wordsmith)."""

    seq: int
    valid_until: float
    secret: bool


class RenderUnderWay(Exception):  # noqa: N818 (a state, not a failure)
    """A caller that will not wait asked for a table's part while another thread of this worker (`here`) or another
    worker of the host draws it."""

    def __init__(self, code: str, here: bool = False):
        super().__init__(code)
        self.here = here


# A render file untouched this long belongs to a quiet table: removed as others are written (once every PRUNE_EVERY).
PRUNE_SECONDS = 3600
PRUNE_EVERY = 1000
log = logging.getLogger(__name__)
# A kept render the reader cannot use (cut short, or from another version): logged, and drawn again.
UNREADABLE = "an unreadable render in %s: drawn again"
_written = [0]
_count_lock = threading.Lock()


def shared_render(
    code: str,
    usable: Callable[[Header], bool],
    draw: Callable[[], Any],
    left: Callable[[Any], Any],
    wait: bool = True,
) -> tuple[Any, bool]:
    """The host's render of table `code`'s part when `usable` takes its header, else `draw()`'s, of which `left`
    gives what is left for the host's other workers unless the host's is of a later event (`seq`); and whether it
    was drawn here. Only one worker draws at a time for a table: one that arrives meanwhile waits, then reads that
    render; without `wait`, RenderUnderWay instead of waiting."""
    where = folder()
    if where is None:
        return draw(), True
    try:
        with _locked(where / f"{code}.lock", wait):
            header, found = _read(where / code, usable)
            if found is not None:
                return found, False
            made = draw()
            if header is None or header.seq <= made.seq:
                _write(where, code, left(made))
            return made, True
    except OSError:  # the folder is gone or full: this worker draws for itself
        log.exception("the host's renders in %s cannot be used; drawing table %s's part here", where, code)
        return draw(), True


def under_way(code: str) -> bool:
    """Whether table `code`'s part is being drawn on this host now (its lock file held), looked at without waiting:
    three calls to the system, where reading the table's state to draw it would cost a fold. A table without a lock
    file is drawn by nobody, and none is made for it (a Secret Wordsmith table's never would be pruned)."""
    where = folder()
    if where is None:
        return False
    try:
        held = os.open(where / f"{code}.lock", os.O_RDWR | os.O_CLOEXEC)
    except OSError:  # none yet, or the folder is gone: this worker draws
        return False
    try:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return False
    except BlockingIOError:
        return True
    finally:
        os.close(held)  # lets go of the lock, if this look took it


def hosts_render(code: str, usable: Callable[[Header], bool]) -> Any:
    """The host's newest render of table `code`'s part when `usable` takes its header, read without waiting (a
    render is replaced whole), or None."""
    where = folder()
    return None if where is None else _read(where / code, usable)[1]


# Each call to the system lets go of the interpreter lock, and under load every one costs a wait to take it back:
# the files are read, written and locked with the fewest calls (os.open, os.read or os.write, os.close), not
# through Python's buffered files (which add a stat, seeks and a terminal check, and write 8 KB at a time). A
# render's first line says how long its pickle is: a reader reads HEAD_BYTES, and the rest in one read only when
# the header will do.
HEAD_BYTES = 4096


@contextmanager
def _locked(path: Path, wait: bool = True) -> Iterator[None]:
    held = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    try:
        try:
            fcntl.flock(held, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise RenderUnderWay(path.stem) from None
        yield
    finally:
        os.close(held)  # lets go of the lock: it is this descriptor's alone


def _read(path: Path, usable: Callable[[Header], bool]) -> tuple[Header | None, Any]:
    """The render's header, and the render when `usable` takes the header (else None): a render that will not do is
    not read past its first HEAD_BYTES."""
    try:
        kept = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except FileNotFoundError:
        return None, None
    try:
        head = os.read(kept, HEAD_BYTES)
        end = head.find(b"\n")
        found = _header(head[:end]) if end >= 0 else None
        if found is None:
            log.warning(UNREADABLE, path)
            return None, None
        header, size = found
        if not usable(header):
            return header, None
        data = bytearray(head[end + 1 :])
        while len(data) < size:  # one read, unless the system gives less
            more = os.read(kept, size - len(data))
            if not more:
                break  # cut short: the pickle says so below
            data += more
    finally:
        os.close(kept)
    try:
        return header, pickle.loads(data)
    except (pickle.UnpicklingError, EOFError, AttributeError, ImportError, ValueError):
        log.warning(UNREADABLE, path)
        return None, None


def _header(line: bytes) -> tuple[Header, int] | None:
    """A render's first line: its header, and how many bytes its pickle takes."""
    try:
        seq, valid_until, secret, size = line.split()
        return Header(int(seq), float(valid_until), secret == b"1"), int(size)
    except ValueError:
        return None


def _write(where: Path, code: str, made: Any) -> None:
    temporary = where / f"{code}.{os.getpid()}.{threading.get_ident()}.new"
    pickled = pickle.dumps(made, pickle.HIGHEST_PROTOCOL)
    data = b"%d %r %d %d\n" % (made.seq, made.valid_until, bool(made.secret), len(pickled)) + pickled
    out = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600)
    try:
        left = memoryview(data)
        while left:
            left = left[os.write(out, left) :]
    finally:
        os.close(out)
    os.replace(temporary, where / code)  # whole or not at all, for a worker reading it
    with _count_lock:
        _written[0] += 1
        due = _written[0] % PRUNE_EVERY == 0
    if due:
        _prune(where)


def _prune(where: Path) -> None:
    """Remove the renders (and their lock files) of tables quiet for PRUNE_SECONDS; nothing else of the folder (the
    workers' slots, app/serving/affinity.py)."""
    before = time.time() - PRUNE_SECONDS
    for path in where.iterdir():
        try:
            code = path.name.split(".", 1)[0]  # a render, its lock, or a write a crash left (`<code>.<pid>…new`)
            if read_code(code) != code or path.name.endswith(".lock"):
                continue
            if path.stat().st_mtime < before:
                path.unlink()
                where.joinpath(f"{path.name}.lock").unlink(missing_ok=True)
        except FileNotFoundError:
            pass
