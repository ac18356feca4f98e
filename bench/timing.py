"""The one timer the benchmark scripts share: the best mean time per call over a few rounds."""

from __future__ import annotations

import time


def best(fn, repeat: int, number: int) -> float:
    """Best mean seconds per call over `repeat` rounds of `number` calls.

    The best round, not the mean: on the shared machine the other rounds measure other people's load.
    """
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - start) / number)
    return min(times)
