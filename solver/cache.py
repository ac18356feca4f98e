"""Built indexes kept on disk between processes, so a start-up loads them instead of building them again.

Every lexicon size's piece and rack indexes are built before the service takes
traffic, a cost paid again by every gunicorn start and every test server;
pickled, the same objects load far sooner (bench/worst_case.py reports the
start-up's CPU). The cache sits beside the lexicon's (`WORDSMITH_CACHE_DIR`,
default `~/.cache/wordsmith`), and each file's name is a digest of what it was
built from: its kind, the caller's key (the word list's checksum, the
alphabet) and the source of the `solver` package, so a changed word list,
alphabet or algorithm never reads a stale index. Writing a file keeps the
`KEEP_PER_KIND` most recently used files of its kind and removes the rest, so
code changes do not pile up stale copies, while two checkouts of different
code on one machine (a branch and `main`) no longer rebuild each other's
indexes at every start: a read marks its file as used. A cache that cannot be
read or written is rebuilt, never an error.
"""

from __future__ import annotations

import gc
import hashlib
import os
import pickle
import sys
import tempfile
from collections.abc import Callable
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import TypeVar

__all__ = ["cache_dir", "cached"]

T = TypeVar("T")

# Files of one kind kept: the versions in use on one machine (a few checkouts), not every version ever built.
KEEP_PER_KIND = 3


def cache_dir() -> Path:
    """Return the folder of the on-disk caches (`WORDSMITH_CACHE_DIR` overrides)."""
    return Path(os.environ.get("WORDSMITH_CACHE_DIR") or Path.home() / ".cache" / "wordsmith")


@lru_cache(maxsize=1)
def code_version() -> str:
    """Return a digest of the solver package's source: a cached index is only as good as the code that built it."""
    digest = hashlib.sha256()
    root = Path(__file__).resolve().parent
    for path in sorted(root.rglob("*.py")):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def cached(kind: str, key: str, build: Callable[[], T]) -> T:
    """Return what `build()` makes, read from the disk cache when an earlier process built it from the same inputs."""
    name = hashlib.sha256(f"{kind}\0{key}\0{code_version()}".encode()).hexdigest()[:24]
    path = cache_dir() / f"{kind}-{name}.pickle"
    try:
        with open(path, "rb") as file, _collector_paused():
            value = pickle.load(file)
        _touch(path)
        return value
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, IndexError, TypeError, ValueError):
        pass  # missing, partly written by a crashed process, or from other code: build it
    with _collector_paused():
        value = build()
    limit = sys.getrecursionlimit()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, prefix=path.name, suffix=".tmp", delete=False) as file:
            sys.setrecursionlimit(max(limit, 20_000))  # the indexes nest a few levels of lists deep
            pickle.dump(value, file, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(file.name, path)  # whole or not at all: a reader never sees half a file
        _remove_all_but_the_newest(path.parent, kind)
    except (OSError, pickle.PicklingError, RecursionError):
        pass  # a read-only home is fine: the next process builds again
    finally:
        sys.setrecursionlimit(limit)
    return value


@contextmanager
def _collector_paused():
    """Pause the cyclic garbage collector while an index is loaded or built.

    Either makes millions of tuples and lists, and every few hundred new
    containers started a collection that walked all those made so far, to
    find no garbage: what a build drops, its reference counts free (no
    cycles). Paused, the indexes load and build in less CPU, in every process
    that starts the app (test workers, gunicorn, the CLI).
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _touch(path: Path) -> None:
    """Mark a cache file as just used (its mtime), so the clean-up of its kind keeps it."""
    try:
        os.utime(path)
    except OSError:
        pass  # a read-only cache is still a cache


def _remove_all_but_the_newest(folder: Path, kind: str) -> None:
    """Remove the files of `kind` but the KEEP_PER_KIND most recently used."""

    def used(path: Path) -> float:
        try:
            return path.stat().st_mtime
        except OSError:
            return 0.0

    files = sorted(folder.glob(f"{kind}-*.pickle"), key=used, reverse=True)
    for stale in files[KEEP_PER_KIND:]:
        stale.unlink(missing_ok=True)
