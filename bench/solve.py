"""Benchmark the solver against a brute-force scan measured in the same run.

    python bench/solve.py [--lexicon standard]

For each pool: a brute-force scan over every word with its cost vector
precomputed (the fairest slow baseline: one fit test per word), the index's
walk over the fitting groups (the full result set, unsorted: the floor), and
`solve` (total count plus the top 100 sorted, what the API returns). Racks:
7 tiles with two blanks, and 12 letters. Times are best-of-N per call.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import best  # noqa: E402
from solver.lexicon import load_lexicons  # noqa: E402
from solver.pieces import load_alphabet, parse_pool  # noqa: E402
from solver.search import Query, piece_index, rack_index, solve, solve_rack  # noqa: E402

POOLS = {"P8": "R3 Y2 B1 G2", "P12": "R5 Y4 B1 G2", "P20": "R8 Y6 B3 G3", "P40": "R15 Y12 B6 G7"}
RACKS = {
    "7 tiles, 2 blanks": "retai??",
    "7 tiles, 2 blanks (rare)": "qzxjk??",
    "7 letters": "aeinrst",
    "12 letters": "abcdefghijkl",
    "12 letters (common)": "etaoinshrdlu",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lexicon", default="standard")
    args = parser.parse_args()
    lexicon = load_lexicons()[args.lexicon]
    alphabet = load_alphabet()
    start = time.perf_counter()
    index = piece_index(lexicon)
    build_s = time.perf_counter() - start
    costed = [(w, alphabet.cost(w)) for w in lexicon]

    costed = [(w, *c) for w, c in costed if c is not None]

    def scan(pool):
        # the tightest pure-Python scan we could write: one inline fit test per word
        r, y, b, g = pool.counts
        return [w for w, cr, cy, cb, cg in costed if cr <= r and cy <= y and cb <= b and cg <= g]

    rows = []
    for name, text in POOLS.items():
        pool = parse_pool(text)
        query = Query()
        total = solve(index, pool, query, limit=0).total
        assert total == len(scan(pool))
        brute = best(lambda: scan(pool), 3, 1)
        floor = best(lambda: index.fitting_groups(pool), 5, 200)
        top = best(lambda: solve(index, pool, query, limit=100), 5, 200)
        serial = best(lambda: solve(index, pool, query, limit=100).to_dict(), 3, 50)
        rows.append(
            {
                "pool": name,
                "words": total,
                "brute_force_us": round(brute * 1e6),
                "all_groups_us": round(floor * 1e6, 1),
                "solve_top100_us": round(top * 1e6, 1),
                "solve_top100_to_dict_us": round(serial * 1e6, 1),
                "speedup_vs_brute": round(brute / top),
                "ns_per_word_all_groups": round(floor * 1e9 / total, 1),
            }
        )
    start = time.perf_counter()
    racks = rack_index(lexicon)
    rack_build_s = time.perf_counter() - start
    rack_rows = []
    for name, rack in RACKS.items():
        result = solve_rack(racks, rack)
        seconds = best(lambda: solve_rack(racks, rack), 5, 10)
        rack_rows.append(
            {
                "rack": name,
                "tiles": rack,
                "words": result.total,
                "ms": round(seconds * 1e3, 2),
                "us_per_word": round(seconds * 1e6 / max(result.total, 1), 2),
            }
        )
    print(
        json.dumps(
            {
                "lexicon": args.lexicon,
                "index_build_s": round(build_s, 2),
                "groups": index.group_count,
                "rack_index_build_s": round(rack_build_s, 2),
                "pools": rows,
                "racks": rack_rows,
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    main()
