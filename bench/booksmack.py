"""Benchmark Booksmack rounds: a typical round and the tables with many `?`, against a plain lookup.

    python bench/booksmack.py [--lexicon standard]

The baseline, measured in the same run, is one `word in lexicon` lookup per
card of a typical round: what spelling costs without `?`. A `?` reading is
one AND of bitsets per letter card and the words it lists (solver/positions.py),
so the worst tables must stay a bounded multiple of the baseline. The first
call of each round (bitsets made on first use) is reported apart, in CPU time.
Timings are measured here, not asserted in the unit tests (they bound the work
counted instead), so the suite never depends on the machine's speed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import best  # noqa: E402
from solver import booksmack  # noqa: E402
from solver.lexicon import load_lexicons  # noqa: E402

ROUNDS = {
    "typical: b Z m a E": ["b", "Z", "m", "a", "E"],
    "typical: c A f é (spells)": ["c", "A", "f", "é"],
    "39 ? and e": ["?"] * 39 + ["e"],
    "9 ? and e": ["?"] * 9 + ["e"],
    "s and 8 ?": ["s"] + ["?"] * 8,
    "? e ? s ? a ? t ? r": list("?e?s?a?t?r"),
    "a b c d e f g h ?": list("abcdefgh?"),
    "? a, 20 times": ["?", "a"] * 20,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lexicon", default="standard")
    args = parser.parse_args()
    lexicon = load_lexicons()[args.lexicon]
    words = ["bzmae", "cafe", "zebra", "apple", "quiz"]
    baseline = best(lambda: [word in lexicon for word in words], 5, 2000)
    rows = []
    for name, cards in ROUNDS.items():
        started = time.thread_time()
        booksmack.judge_round(cards, lexicon)
        first = time.thread_time() - started
        seconds = best(lambda cards=cards: booksmack.judge_round(cards, lexicon), 3, 200)
        row = {"round": name, "ms": round(seconds * 1e3, 3), "x_baseline": round(seconds / baseline, 1)}
        rows.append(row | {"first_call_cpu_ms": round(first * 1e3, 2)})
    print(
        json.dumps({"lexicon": args.lexicon, "baseline_lookups_us": round(baseline * 1e6, 2), "rounds": rows}, indent=1)
    )


if __name__ == "__main__":
    main()
