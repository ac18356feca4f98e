"""bench/pairs.py: the two trees take turns, each run's summary is read back as bench/tables.py printed it, and the
base's worktree is made at the commit asked for and removed after. The benchmark runs themselves are bench/tables.py's
(tests/test_bench_tables.py); here a run is replaced by one that says which tree it ran in."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_bench_tables import report as tables_report

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("bench_pairs", ROOT / "bench" / "pairs.py")
pairs = importlib.util.module_from_spec(_spec)
sys.modules["bench_pairs"] = pairs
_spec.loader.exec_module(pairs)

CELL = (
    st.text(st.characters(blacklist_characters="|\r\n", blacklist_categories=("Cs", "Zl", "Zp")), min_size=1)
    .map(str.strip)
    .filter(bool)
)


@given(
    st.dictionaries(CELL, st.dictionaries(CELL, CELL, min_size=1, max_size=6), min_size=1, max_size=4).filter(
        lambda columns: len({tuple(figures) for figures in columns.values()}) == 1  # one set of measures, as printed
    )
)
def test_a_runs_summary_is_read_back_as_bench_tables_printed_it(columns):
    printed = "\n\n".join(
        [
            tables_report.table("pages: 250 tables x 4 seats", {"sqlite": {"claims/s": "200"}}),
            tables_report.table("pages and API modes: 250 tables x 4 seats, 200 claims/s", columns),
            "",
        ]
    )
    assert pairs.summary_of(printed) == columns


def test_a_run_with_no_summary_has_no_figures():
    assert pairs.summary_of("sqlite, pages: serving at http://127.0.0.1:1\nTraceback ...") == {}


@given(st.integers(min_value=1, max_value=9))
def test_each_round_runs_both_trees_and_the_first_to_run_alternates(rounds):
    runs = pairs.order(rounds)
    assert len(runs) == 2 * rounds
    for number in range(1, rounds + 1):
        sides = [side for r, side in runs if r == number]
        assert sorted(sides) == ["base", "this"]
        assert sides[0] == ("base" if number % 2 else "this")
    assert [r for r, _ in runs] == sorted(r for r, _ in runs)  # a round ends before the next begins


def test_the_base_runs_in_a_worktree_of_the_commit_asked_for_removed_after(monkeypatch, capsys):
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True, check=True)
    seen = []

    def fake_run(tree: Path, options: list[str]):
        commit = subprocess.run(["git", "-C", str(tree), "rev-parse", "HEAD"], capture_output=True, text=True)
        seen.append((tree, commit.stdout.strip(), options))
        return {"sqlite, pages": {"server CPU per claim (ms)": str(len(seen))}}, ""

    monkeypatch.setattr(pairs, "run_in", fake_run)
    assert pairs.main(["HEAD", "--rounds", "2", "--database", "sqlite", "--seconds", "20"]) == 0
    trees = [tree for tree, _, _ in seen]
    assert trees[0] != ROOT and trees[1] == ROOT and trees[2] == ROOT and trees[3] == trees[0]
    assert all(commit == head.stdout.strip() for _, commit, _ in seen)
    assert all(options == ["--database", "sqlite", "--seconds", "20"] for _, _, options in seen)
    assert not trees[0].exists()
    listed = subprocess.run(["git", "-C", str(ROOT), "worktree", "list"], capture_output=True, text=True, check=True)
    assert str(trees[0]) not in listed.stdout
    printed = capsys.readouterr().out
    assert (
        printed.startswith("| sqlite, pages | base 1 (") and "| server CPU per claim (ms) | 1 | 2 | 3 | 4 |" in printed
    )


def test_a_run_without_figures_is_named_and_fails_the_pairs(monkeypatch, capsys):
    answers = iter([({"sqlite, pages": {"claims/s accepted": "200"}}, ""), ({}, "exit status 1: Traceback")])
    monkeypatch.setattr(pairs, "run_in", lambda tree, options: next(answers))
    assert pairs.main(["HEAD", "--rounds", "1"]) == 1
    printed = capsys.readouterr().out
    assert "| claims/s accepted | 200 | — |" in printed
    assert "Runs without figures:\n- this 1 (" in printed and "exit status 1: Traceback" in printed


def test_a_name_that_is_no_commit_is_refused(capsys):
    with pytest.raises(SystemExit) as stop:
        pairs.main(["no-such-commit-anywhere"])
    assert stop.value.code == 2 and "names no commit" in capsys.readouterr().err


def test_a_failed_run_says_why_past_the_servers_last_log_lines():
    output = (
        "Traceback (most recent call last):\n  File x\nRuntimeError: the server did not start\n"
        "[2026-12-06 07:17:11 +0000] [4252] [INFO] Handling signal: term\n"
        "[2026-12-06 07:17:11 +0000] [4252] [INFO] Shutting down: Master\n"
    )
    assert pairs.why(output) == "RuntimeError: the server did not start"
    assert pairs.why("[2026-12-06 07:17:11 +0000] [1] [INFO] Shutting down: Master\n") == (
        "[2026-12-06 07:17:11 +0000] [1] [INFO] Shutting down: Master"
    )
    assert pairs.why("") == "no output"


def test_a_failed_runs_whole_output_is_kept_in_a_file_it_names(monkeypatch, tmp_path):
    class Done:
        returncode, stdout, stderr = 1, "set up\n", "ValueError: bad\n[2026-12-06 07:17:11 +0000] [1] [INFO] bye\n"

    monkeypatch.setattr(pairs.subprocess, "run", lambda *args, **kwargs: Done())
    monkeypatch.setattr(pairs.tempfile, "tempdir", str(tmp_path))
    columns, failed = pairs.run_in(tmp_path, [])
    assert columns == {} and failed.startswith("exit status 1: ValueError: bad (all of its output: ")
    kept = Path(failed.rsplit(": ", 1)[1].rstrip(")"))
    assert kept.parent == tmp_path and kept.read_text() == Done.stdout + Done.stderr
