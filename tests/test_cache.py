"""The on-disk cache of built indexes (solver/cache.py): a hit equals a build, a bad file is rebuilt."""

from __future__ import annotations

import pickle
import time

import pytest

from solver import cache
from solver.lexicon import load_lexicons
from solver.pieces import load_alphabet
from solver.search import PieceIndex, RackIndex, solve, solve_rack


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDSMITH_CACHE_DIR", str(tmp_path))
    return tmp_path


def test_a_second_call_reads_what_the_first_built(cache_dir):
    builds = []

    def build():
        builds.append(1)
        return {"built": len(builds)}

    assert cache.cached("thing", "k", build) == {"built": 1}
    assert cache.cached("thing", "k", build) == {"built": 1}  # read back, not built again
    assert len(builds) == 1
    assert cache.cached("thing", "other key", build) == {"built": 2}  # another input, another file
    assert len(list(cache_dir.glob("thing-*.pickle"))) == 2
    assert cache.cached("thing", "other key", build) == {"built": 2}


def test_each_kind_keeps_its_most_recently_used_files(cache_dir):
    """Old versions go, but one still in use (another checkout's code, say) is kept while it is read."""
    for n in range(cache.KEEP_PER_KIND):
        cache.cached("thing", f"version {n}", lambda n=n: n)
    time.sleep(0.01)
    assert cache.cached("thing", "version 0", lambda: "rebuilt") == 0  # read: now the most recently used
    time.sleep(0.01)
    cache.cached("thing", "new version", lambda: "new")  # one over: the least recently used goes
    assert len(list(cache_dir.glob("thing-*.pickle"))) == cache.KEEP_PER_KIND
    assert cache.cached("thing", "version 0", lambda: "rebuilt") == 0  # kept: it was read
    assert cache.cached("thing", "version 1", lambda: "rebuilt") == "rebuilt"  # the oldest unused one went
    cache.cached("other", "k", lambda: 1)
    assert cache.cached("thing", "new version", lambda: "rebuilt") == "new"  # another kind removes none of these


@pytest.mark.parametrize("content", [b"", b"not a pickle", pickle.dumps({"x": 1})[:5]])
def test_a_broken_file_is_rebuilt_and_replaced(cache_dir, content):
    cache.cached("thing", "k", lambda: "first")
    (path,) = cache_dir.glob("thing-*.pickle")
    path.write_bytes(content)
    assert cache.cached("thing", "k", lambda: "rebuilt") == "rebuilt"
    assert cache.cached("thing", "k", lambda: "never") == "rebuilt"


def test_an_unwritable_cache_still_builds(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("a file where the folder should be")
    monkeypatch.setenv("WORDSMITH_CACHE_DIR", str(blocker / "cache"))
    assert cache.cached("thing", "k", lambda: 42) == 42


def test_the_key_includes_the_solver_source():
    assert len(cache.code_version()) == 16 and cache.code_version() == cache.code_version()


def test_indexes_read_from_the_cache_answer_like_fresh_ones(cache_dir):
    small = load_lexicons()["small"]
    alphabet = load_alphabet()
    fresh_pieces, fresh_racks = PieceIndex(small, alphabet, "small"), RackIndex(small, "small")
    for index, build in ((fresh_pieces, lambda: fresh_pieces), (fresh_racks, lambda: fresh_racks)):
        cache.cached(type(index).__name__, "small", build)
    pieces = cache.cached("PieceIndex", "small", lambda: pytest.fail("should be read from disk"))
    racks = cache.cached("RackIndex", "small", lambda: pytest.fail("should be read from disk"))
    assert pieces is not fresh_pieces and racks is not fresh_racks
    for pool in ("R3 Y2 B1 G2", "R9 Y9 B4 G4 W2"):
        assert solve(pieces, pool, limit=50).to_dict() == solve(fresh_pieces, pool, limit=50).to_dict()
    assert solve_rack(racks, "retains?", limit=50).to_dict() == solve_rack(fresh_racks, "retains?", limit=50).to_dict()
