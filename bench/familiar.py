"""Measure how familiar-first the solver's and the hints' lists are, and what the order costs in speed.

    python bench/familiar.py [--pools 200] [--hint-pools 50] [--seed 1] [--before DIR]

Order: for random pools (a starting roll of all dice twice plus 0-6 added
pieces, rolled with the table's dice from a fixed seed), the first 100 words
`solve` lists are cut into groups of equal score, and within each group of 3
words or more whose familiarity is not all equal, Spearman's rank
correlation between the list order and familiarity (most familiar = rank 1,
ties averaged) is taken: 1 is most familiar first, throughout. The same within
groups of equal score *and* leftovers (the unit the order sorts by
familiarity in), and, as the baseline, for the words of each group in
alphabetical order (the order before familiarity). Hints: the best claims now
(`limit` 30) of the practice pool R3 Y2 B1 G2 and of random pools, grouped by
net points.

Speed: P8 (R3 Y2 B1 G2) total + top 100, and the same page written as the
API's JSON, against an index built in the alphabetical order (familiarity
all 0) in the same process and, with `--before DIR` (a checkout of the code
before familiarity, e.g. `git archive <commit> | tar -x -C DIR`), against
that code in a subprocess, rounds interleaved.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from itertools import groupby
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import best  # noqa: E402
from solver.lexicon import load_lexicons  # noqa: E402
from solver.pieces import Pool, load_alphabet  # noqa: E402
from solver.search import PieceIndex, piece_index, solve  # noqa: E402
from solver.wordsmith import hints, roll_dice  # noqa: E402

P8 = "R3 Y2 B1 G2"
HINT_LIMIT = 30
SPEED_ROUNDS = 7

# The timing run in the code before familiarity: prints the best microseconds of solve and of the JSON page.
BEFORE = """
import sys, json
sys.path.insert(0, sys.argv[1])
from bench.timing import best
from solver.lexicon import load_lexicons
from solver.search import piece_index, solve
from app.api.wordsmith import solve_json
index = piece_index(load_lexicons()["standard"])
top = best(lambda: solve(index, "R3 Y2 B1 G2", limit=100), 5, 200)
page = best(lambda: solve_json(solve(index, "R3 Y2 B1 G2", limit=100)), 5, 200)
print(json.dumps([top * 1e6, page * 1e6]))
"""


def ranks(values: list[float]) -> np.ndarray:
    """Return 1-based ranks of `values`, ties given their average rank."""
    values = np.asarray(values, dtype=float)
    order = np.argsort(values, kind="stable")
    result = np.empty(len(values))
    sorted_values = values[order]
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and sorted_values[j + 1] == sorted_values[i]:
            j += 1
        result[order[i : j + 1]] = (i + j) / 2 + 1
        i = j + 1
    return result


def spearman_with_order(familiarity: list[float]) -> float | None:
    """Spearman's rho between list position and familiarity (most familiar first = +1), None when undefined."""
    if len(familiarity) < 3 or len(set(familiarity)) == 1:
        return None
    position = np.arange(1, len(familiarity) + 1, dtype=float)
    by_familiarity = ranks([-f for f in familiarity])
    return float(np.corrcoef(position, by_familiarity)[0, 1])


def random_pool(rng: random.Random) -> Pool:
    """A pool a table could hold: the starting roll, then 0-6 added pieces."""
    pool = roll_dice("start", rng).pieces
    for _ in range(rng.randint(0, 6)):
        added = roll_dice("add", rng).pieces
        pool = Pool(*(a + b for a, b in zip(pool.counts, added.counts)), wild=pool.wild + added.wild)
    return pool


def summary(values: list[float]) -> dict:
    if not values:
        return {"groups": 0}
    return {
        "groups": len(values),
        "mean": round(statistics.fmean(values), 3),
        "median": round(statistics.median(values), 3),
        "min": round(min(values), 3),
        "share_at_least_0.9": round(sum(v >= 0.9 for v in values) / len(values), 3),
    }


def solver_order(index, pools: list[Pool], familiarity) -> dict:
    by_score, by_score_left, alphabetical = [], [], []
    for pool in pools:
        words = solve(index, pool, limit=100).words
        for _, group in groupby(words, key=lambda w: w.score):
            group = list(group)
            rho = spearman_with_order([w.familiarity for w in group])
            if rho is not None:
                by_score.append(rho)
            rho = spearman_with_order([familiarity(w) for w in sorted(w.word for w in group)])
            if rho is not None:
                alphabetical.append(rho)
            for _, same in groupby(group, key=lambda w: w.leftover.size):
                rho = spearman_with_order([w.familiarity for w in same])
                if rho is not None:
                    by_score_left.append(rho)
    return {
        "within_score": summary(by_score),
        "within_score_and_leftovers": summary(by_score_left),
        "baseline_alphabetical_within_score": summary(alphabetical),
    }


def hint_order(index, pools: list[Pool]) -> dict:
    by_net, by_net_left = [], []
    for pool in pools:
        claims = hints(index, pool, limit=HINT_LIMIT, may_roll=False).claims
        for _, group in groupby(claims, key=lambda h: h.net):
            group = list(group)
            rho = spearman_with_order([h.familiarity for h in group])
            if rho is not None:
                by_net.append(rho)
            for _, same in groupby(group, key=lambda h: (h.letters, h.leftover.size)):
                rho = spearman_with_order([h.familiarity for h in same])
                if rho is not None:
                    by_net_left.append(rho)
    return {"within_net": summary(by_net), "within_net_letters_and_leftovers": summary(by_net_left)}


def speed(index, alphabetical_index, before: str | None) -> dict:
    from app.api.wordsmith import solve_json

    rows: dict[str, list[float]] = {"familiar_solve_us": [], "familiar_json_us": [], "alpha_solve_us": []}
    rows |= {"alpha_json_us": []}
    if before:
        rows |= {"before_solve_us": [], "before_json_us": []}
    for _ in range(SPEED_ROUNDS):
        for name, ix in (("familiar", index), ("alpha", alphabetical_index)):
            rows[f"{name}_solve_us"].append(best(lambda: solve(ix, P8, limit=100), 5, 200) * 1e6)
            rows[f"{name}_json_us"].append(best(lambda: solve_json(solve(ix, P8, limit=100)), 5, 200) * 1e6)
        if before:
            out = subprocess.run(
                [sys.executable, "-c", BEFORE, before], capture_output=True, text=True, check=True, cwd=before
            )
            top, page = json.loads(out.stdout.splitlines()[-1])
            rows["before_solve_us"].append(top)
            rows["before_json_us"].append(page)
    result = {name: round(min(values), 1) for name, values in rows.items()}
    for base in ("alpha", "before"):
        if f"{base}_solve_us" in result:
            for what in ("solve", "json"):
                ratio = result[f"familiar_{what}_us"] / result[f"{base}_{what}_us"]
                result[f"familiar_vs_{base}_{what}"] = round(ratio, 3)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pools", type=int, default=200)
    parser.add_argument("--hint-pools", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--before", metavar="DIR", help="a checkout of the code before familiarity, timed alike")
    parser.add_argument("--no-speed", action="store_true")
    args = parser.parse_args()
    lexicon = load_lexicons()["standard"]
    index = piece_index(lexicon)
    rng = random.Random(args.seed)
    pools = [random_pool(rng) for _ in range(args.pools)]
    hint_pools = [Pool(3, 2, 1, 2)] + [random_pool(rng) for _ in range(args.hint_pools)]
    start = time.perf_counter()
    report = {
        "pools": args.pools,
        "pool_sizes": [min(p.size for p in pools), max(p.size for p in pools)],
        "solver": solver_order(index, pools, lexicon.familiarity),
        "hints": hint_order(index, hint_pools),
    }
    report["order_seconds"] = round(time.perf_counter() - start, 1)
    if not args.no_speed:
        alphabetical_index = PieceIndex(lexicon, load_alphabet(), "standard", familiarity=lambda word: 0.0)
        report["speed_P8_top100"] = speed(index, alphabetical_index, args.before)
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
