"""Walk the most expensive requests within the documented limits and report their CPU time.

    python bench/worst_case.py [--repeat 3] [--search 200]

Every request goes through the whole app (Flask test client: validation,
solver, JSON writing), with the work budget lifted so nothing is refused,
and is timed in CPU time of this process (`time.process_time`): what a
worker spends on it, whatever else the machine runs. Each case is run
`--repeat` times and the best and worst are kept. Baselines measured in the
same run: `GET /api/v1/health` and a P8 solve (`R3 Y2 B1 G2`).

The fixed cases are the worst kinds found by hand: the biggest pools (60
pieces, all wild, and `R15 Y15 B15 G10 W4`), each filter, each
lexicon, the last page (`offset` 100,000), hints with the largest `limit`
(`MAX_HINTS`) and with no boxes left, 20-tile racks with two blanks, the solver page, 50-word checks
and Booksmack's pattern readings. Then a hypothesis search (`--search`
examples, `target()` on the CPU time) looks for anything slower among random
requests within the limits. The goal: every request <= 50 ms.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app import create_app  # noqa: E402
from app.api.fields import MAX_HINTS  # noqa: E402

GOAL_MS = 50
SIZES = ("small", "standard", "large")
BIG = "R15 Y15 B15 G10 W4"
POOLS = {
    "issue": BIG,
    "R60": "R60",
    "W60": "W60",
    "even 60": "R15 Y15 B15 G15",
    "W59 R1": "R1 W59",
    "P20": "R8 Y6 B3 G3",
}
FILTERS = {
    "none": {},
    "previous_word": {"previous_word": "aeiourstln"},
    "previous_word (40)": {"previous_word": "pneumonoultramicroscopicsilicovolcanoco"},
    "required_letter": {"required_letter": "e"},
    "contains": {"contains": "es"},
    "starts_with": {"starts_with": "s"},
    "ends_with": {"ends_with": "ing"},
    "claimed (50)": {"claimed": [f"{a}{b}t" for a in "abcdefghij" for b in "aeiou"]},
    "use_all": {"use_all": True},
    "every filter": {
        "previous_word": "aeiourstln",
        "required_letter": "e",
        "contains": "e",
        "starts_with": "s",
        "ends_with": "s",
        "claimed": ["stones", "notes"],
        "min_length": 3,
        "max_length": 12,
    },
}


def cases(hints_limit: int = MAX_HINTS):
    """Yield (name, method, path, body or query) for the fixed worst cases."""
    for size in SIZES:
        for pool_name, pool in POOLS.items():
            for filter_name, filters in FILTERS.items():
                yield (
                    f"solve {size} {pool_name} {filter_name} limit 1000",
                    "POST",
                    "/api/v1/wordsmith/solve",
                    {"pool": pool, "lexicon": size, "limit": 1000, **filters},
                )
        yield (
            f"solve {size} W60 last page",
            "POST",
            "/api/v1/wordsmith/solve",
            {"pool": "W60", "lexicon": size, "limit": 1000, "offset": 100_000},
        )
        yield (
            f"solve {size} W60 previous_word last page",
            "POST",
            "/api/v1/wordsmith/solve",
            {"pool": "W60", "lexicon": size, "limit": 1000, "offset": 100_000, "previous_word": "aeiourstln"},
        )
        for pool_name in ("issue", "R60", "W59 R1", "P20"):
            for filter_name in ("none", "previous_word", "every filter", "use_all"):
                for used in (0, 11, 12):
                    yield (
                        f"hints {size} {pool_name} {filter_name} discards {used} limit {hints_limit}",
                        "POST",
                        "/api/v1/wordsmith/hints",
                        {
                            "pool": POOLS[pool_name],
                            "lexicon": size,
                            "limit": hints_limit,
                            "discards_used": used,
                            **FILTERS[filter_name],
                        },
                    )
        for rack in ("aeinrstlodcupmhgbfy??", "eeeeaaaaiiiioooouu??", "etaoinshrdlucmfwyp??"):
            rack = rack[:20]
            yield f"racks {size} {rack}", "POST", "/api/v1/racks/solve", {"rack": rack, "lexicon": size, "limit": 1000}
            yield (
                f"racks {size} {rack} filtered",
                "POST",
                "/api/v1/racks/solve",
                {
                    "rack": rack,
                    "lexicon": size,
                    "limit": 1000,
                    "offset": 1000,
                    "previous_word": "aeiourst",
                    "contains": "e",
                },
            )
        yield (
            f"page /solve {size} issue pool",
            "GET",
            "/solve",
            {"pool": BIG, "previous": "aeiourstln", "lexicon": size},
        )
        yield (
            f"page /solve {size} issue pool, rack",
            "GET",
            "/solve",
            {"pool": BIG, "rack": "aeinrstlodcupmhgbf??", "lexicon": size},
        )
        yield (
            f"words/check {size} 50 words",
            "POST",
            "/api/v1/words/check",
            {
                "words": ["pneumonoultramicroscopicsilicovolcanoco", "running", "Peru", "x" * 40] * 12 + ["a", "b"],
                "lexicon": size,
            },
        )
        yield (
            f"booksmack {size} 12 cards",
            "POST",
            "/api/v1/booksmack/judge",
            {"cards": list("eaiostrnlcud"), "lexicon": size},
        )
        for cards in (["?"] * 9 + ["e"], ["s"] + ["?"] * 8, ["?"] * 39 + ["e"]):
            yield (
                f"booksmack {size} {''.join(cards)}",
                "POST",
                "/api/v1/booksmack/judge",
                {"cards": cards, "lexicon": size},
            )


def cpu_ms(client, method: str, path: str, payload) -> tuple[float, int]:
    started = time.process_time()
    if method == "GET":
        response = client.get(path, query_string=payload, headers={"Accept": "text/html"})
    else:
        response = client.post(path, json=payload)
    return (time.process_time() - started) * 1000, response.status_code


def measure(client, case, repeat: int) -> tuple[float, float, int]:
    _, method, path, payload = case
    times, status = [], 0
    for _ in range(repeat):
        ms, status = cpu_ms(client, method, path, payload)
        times.append(ms)
    return min(times), max(times), status


def search(client, examples: int) -> tuple[float, str]:
    """Let hypothesis hunt for the slowest solve/hints/racks request within the limits; return its time and body."""
    from hypothesis import HealthCheck, given, settings, target
    from hypothesis import strategies as st

    counts = st.integers(0, 60)
    pools = (
        st.tuples(counts, counts, counts, counts, counts)
        .filter(lambda c: 0 < sum(c) <= 60)
        .map(lambda c: " ".join(f"{k}{n}" for k, n in zip("RYBGW", c) if n))
    )
    fragment = st.text("aeinrst", max_size=3)
    filters = st.fixed_dictionaries(
        {},
        optional={
            "previous_word": st.text("aeiourstlnbcdg", max_size=40),
            "required_letter": st.sampled_from("etaqz"),
            "contains": fragment,
            "starts_with": fragment,
            "ends_with": fragment,
            "use_all": st.booleans(),
            "claimed": st.lists(st.text("aeinrst", min_size=2, max_size=6), max_size=50),
            "min_length": st.integers(1, 10),
        },
    )
    bodies = st.one_of(
        st.builds(
            lambda p, f, s, n, o: ("/api/v1/wordsmith/solve", {"pool": p, "lexicon": s, "limit": n, "offset": o, **f}),
            pools,
            filters,
            st.sampled_from(SIZES),
            st.integers(0, 1000),
            st.integers(0, 100_000),
        ),
        st.builds(
            lambda p, f, s, n, d: (
                "/api/v1/wordsmith/hints",
                {"pool": p, "lexicon": s, "limit": n, "discards_used": d, **f},
            ),
            pools,
            filters,
            st.sampled_from(SIZES),
            st.integers(0, MAX_HINTS),
            st.integers(0, 12),
        ),
        st.builds(
            lambda r, s, n: ("/api/v1/racks/solve", {"rack": r, "lexicon": s, "limit": n}),
            st.text("abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=18).map(lambda r: r + "??"),
            st.sampled_from(SIZES),
            st.integers(0, 1000),
        ),
    )
    worst = [0.0, ""]

    @settings(max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(bodies)
    def probe(request):
        path, body = request
        ms, status = cpu_ms(client, "POST", path, body)
        if status == 200:
            target(ms)
            if ms > worst[0]:
                worst[:] = [ms, f"{path} {body}"]

    probe()
    return worst[0], worst[1]


P8 = ("P8", "POST", "/api/v1/wordsmith/solve", {"pool": "R3 Y2 B1 G2"})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--search", type=int, default=200, help="hypothesis examples in the worst-case search (0: none)"
    )
    parser.add_argument("--only", default="", help="run only the fixed cases whose name holds this text")
    parser.add_argument("--hints-limit", type=int, default=MAX_HINTS, help="the hints cases' limit")
    args = parser.parse_args()
    booted = time.process_time()
    app = create_app({"TESTING": True, "WORK_BUDGET_MS": 10**6})
    print(f"create_app (every size built): {time.process_time() - booted:.1f} s CPU")
    # As gunicorn.conf.py does before the fork: the boot's objects leave the collector's
    # view, or a full collection over them lands on whichever case runs then (~400 ms).
    gc.collect()
    gc.freeze()
    client = app.test_client()
    health = measure(client, ("health", "GET", "/api/v1/health", None), 50)[0]
    p8 = measure(client, P8, 20)[0]
    print(f"baselines: health {health:.2f} ms, P8 solve {p8:.2f} ms (best CPU time)")
    print("x P8: the case's best time over the best of 5 P8 solves timed just before it (the machine's load moves)\n")
    print(f"{'best ms':>8} {'worst ms':>8} {'x P8':>6} status  case")
    results, baselines = [], []
    for case in cases(args.hints_limit):
        if args.only not in case[0]:
            continue
        local = measure(client, P8, 5)[0]
        low, high, status = measure(client, case, args.repeat)
        baselines.append(local)
        results.append((low / local, high / local, low, high, status, case[0]))
        flag = "  OVER" if low > GOAL_MS else ""
        print(f"{low:8.1f} {high:8.1f} {low / local:6.0f} {status:6d}  {case[0]}{flag}", flush=True)
    results.sort(reverse=True)
    ratio, _, low, high, status, name = results[0]
    print(f"\nslowest fixed case (by x P8): {name}: best {low:.1f} ms, worst {high:.1f} ms CPU, {ratio:.0f}x P8")
    ratios = sorted(r[0] for r in results)
    lows = sorted(r[2] for r in results)
    baselines.sort()
    print(
        f"fixed cases: {len(results)}, median best {lows[len(lows) // 2]:.1f} ms ({ratios[len(ratios) // 2]:.1f}x P8), "
        f"{sum(low > GOAL_MS for low in lows)} over {GOAL_MS} ms; "
        f"the P8 baseline ran {baselines[0]:.2f} / {baselines[len(baselines) // 2]:.2f} / {baselines[-1]:.2f} ms "
        "(least / median / most)"
    )
    if args.search:
        ms, body = search(client, args.search)
        print(f"search ({args.search} examples): slowest {ms:.1f} ms CPU ({ms / p8:.0f}x P8): {body[:300]}")


if __name__ == "__main__":
    main()
