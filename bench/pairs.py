"""bench/tables.py on this tree and on an earlier commit, run by turns: a change's figures next to its base's.

    python bench/pairs.py REV [--rounds 2] [bench/tables.py's options]

This machine's pace drifts by a third within an hour (bench/HISTORY.md), so a figure is compared only with its base
measured beside it: the base is checked out in a temporary worktree (removed at the end), and the two trees take
turns, the order swapped each round (base, this; this, base; ...) so that a drift within a round favours neither.
Each run is bench/tables.py's own, in its own tree (its server, its bench code, its packages first on the path),
with the options given; the summary table each prints ("pages and API modes") is gathered into one table per
database and mode, a column per run, with the time it started and the load average then.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUMMARY = "| pages and API modes:"  # the title cell of the summary table bench/tables.py prints last
GUNICORN_LINE = re.compile(r"\[\d{4}-\d\d-\d\d ")  # a server's log line: its bracketed date first


@dataclass
class Run:
    side: str  # "base" or "this"
    round: int
    started: str
    load: float
    columns: dict[str, dict[str, str]]  # database and mode: measure: figure
    failed: str = ""  # why no figures: the run's exit status, the line that says why, where its output is kept

    @property
    def name(self) -> str:
        return f"{self.side} {self.round} ({self.started}, load {self.load:.1f})"


def summary_of(output: str) -> dict[str, dict[str, str]]:
    """The summary table of a bench/tables.py run's output: {column: {measure: figure}}; empty when it has none."""
    lines = output.split("\n")
    start = next((i for i, line in enumerate(lines) if line.startswith(SUMMARY)), None)
    if start is None:
        return {}
    names = [cell.strip() for cell in lines[start].strip().strip("|").split("|")[1:]]
    columns: dict[str, dict[str, str]] = {name: {} for name in names}
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        for name, figure in zip(names, cells[1:], strict=False):
            columns[name][cells[0]] = figure
    return columns


def order(rounds: int) -> list[tuple[int, str]]:
    """(round, side) in the order they run: each round both sides, the first side swapped from round to round."""
    sides = ("base", "this")
    return [(r, side) for r in range(1, rounds + 1) for side in (sides if r % 2 else sides[::-1])]


def report(runs: list[Run]) -> str:
    """One Markdown table per database and mode: a row per measure, a column per run in the order they ran."""
    out = []
    for column in dict.fromkeys(name for run in runs for name in run.columns):
        measures = list(dict.fromkeys(m for run in runs for m in run.columns.get(column, {})))
        lines = [f"| {column} | " + " | ".join(run.name for run in runs) + " |", "|---|" + "---:|" * len(runs)]
        for measure in measures:
            lines.append(
                f"| {measure} | " + " | ".join(run.columns.get(column, {}).get(measure, "—") for run in runs) + " |"
            )
        out.append("\n".join(lines))
    failed = [f"- {run.name}: {run.failed}" for run in runs if run.failed]
    return "\n\n".join(out + (["Runs without figures:\n" + "\n".join(failed)] if failed else []))


def run_in(tree: Path, options: list[str]) -> tuple[dict[str, dict[str, str]], str]:
    """bench/tables.py in `tree` with `options`: its summary, and why there is none ("" when there is)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(tree), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run(
        [sys.executable, "bench/tables.py", *options], cwd=tree, env=env, capture_output=True, text=True
    )
    columns = summary_of(done.stdout)
    if columns:
        return columns, ""
    fd, kept = tempfile.mkstemp(prefix="wordsmith-pairs-failed-", suffix=".log")
    with os.fdopen(fd, "w") as log:
        log.write(done.stdout + done.stderr)
    return {}, f"exit status {done.returncode}: {why(done.stderr or done.stdout)} (all of its output: {kept})"


def why(output: str) -> str:
    """The line of a failed run's output that says why: its last line that is not a server's log line (those
    start with a bracketed date, as gunicorn's do: its shutdown follows the error)."""
    lines = [line for line in output.strip().splitlines() if line.strip()]
    said = [line for line in lines if not GUNICORN_LINE.match(line)]
    return (said or lines or ["no output"])[-1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("rev", help="the commit to compare with (the one before the change)")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each tree (default: 2)")
    args, options = parser.parse_known_args(argv)
    commit = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--verify", f"{args.rev}^{{commit}}"],
        capture_output=True,
        text=True,
    )
    if commit.returncode != 0:
        parser.error(f"{args.rev!r} names no commit of this repository")
    runs: list[Run] = []
    with tempfile.TemporaryDirectory(prefix="wordsmith-pairs-") as tmp:
        base = Path(tmp) / "base"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(base), commit.stdout.strip()], check=True
        )
        try:
            for number, side in order(args.rounds):
                started, load = time.strftime("%H:%M"), os.getloadavg()[0]
                columns, failed = run_in(base if side == "base" else ROOT, options)
                runs.append(Run(side, number, started, load, columns, failed))
                print(f"{runs[-1].name}: {failed or 'done'}", file=sys.stderr, flush=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=False)
    print(report(runs))
    return 0 if all(run.columns for run in runs) else 1


if __name__ == "__main__":
    sys.exit(main())
