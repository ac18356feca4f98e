"""Benchmark Booksmack rounds: a typical round and the tables with many `?`, against a plain lookup.

    python bench/booksmack.py [--lexicon standard]

The baseline, measured in the same run, is one `word in lexicon` lookup per
card of a typical round: what spelling costs without `?`. A `?` walks the trie
under WALK_BUDGET prefix checks, then falls back to one list of words of that
length, so the worst tables must stay a bounded multiple of the baseline.
Timings are measured here, not asserted in the unit tests (a typical round
< 2 ms, a worst table < 1 s), so the suite never depends on the machine's speed.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import best  # noqa: E402
from solver import booksmack  # noqa: E402
from solver.lexicon import load_lexicons  # noqa: E402

ROUNDS = {
    "typical: b Z m a E": ["b", "Z", "m", "a", "E"],
    "typical: c A f é (spells)": ["c", "A", "f", "é"],
    "39 ? and e": ["?"] * 39 + ["e"],
    "s and 8 ?": ["s"] + ["?"] * 8,
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
        number = 200 if "?" not in cards else 3
        seconds = best(lambda cards=cards: booksmack.judge_round(cards, lexicon), 3, number)
        rows.append({"round": name, "ms": round(seconds * 1e3, 3), "x_baseline": round(seconds / baseline, 1)})
    print(
        json.dumps({"lexicon": args.lexicon, "baseline_lookups_us": round(baseline * 1e6, 2), "rounds": rows}, indent=1)
    )


if __name__ == "__main__":
    main()
