"""Helpers for the live-tables tests: calls raced against each other (the store, the service, real servers)."""

from __future__ import annotations

import threading
from collections.abc import Callable


def race(*calls: Callable[[], object], catching: type[BaseException] | tuple[type[BaseException], ...] = ()) -> list:
    """Run each call in a thread of its own, all released at the same instant; their answers, in order.

    An exception of a type in `catching` stands in for its call's answer (the loser of a race is refused);
    any other is lost with its thread and leaves None.
    """
    start = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(i: int, call: Callable[[], object]) -> None:
        start.wait()
        try:
            results[i] = call()
        except catching as error:
            results[i] = error

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results
