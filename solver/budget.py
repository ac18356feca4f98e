"""A work budget: the CPU time one request may spend, checked by the solver's longer loops as they go.

Every query within the documented limits is meant to be cheap
(bench/worst_case.py measures the worst it can find).
The budget is the backstop for anything that slips through: the caller (the
web app, per request) opens `work_budget(seconds)`, and the loops that can
run long (hints' pools and word lengths, the rack walk, the solve itself)
call `check()`, which raises `WorkBudgetExceeded` once the thread has spent
more CPU time than allowed. The app turns that into a 503 problem document
at once rather than letting a worker run on.

The allowance is CPU time of the current thread (`time.thread_time`), so a
busy machine does not count against a request, and it lives in a context
variable, so it holds per request whatever the server's worker class
(threads or greenlets each see their own). Outside `work_budget` (the CLI,
tests) `check()` does nothing.

>>> with work_budget(10.0):
...     check()  # well within ten seconds
>>> with work_budget(0.0):
...     check()
Traceback (most recent call last):
...
solver.budget.WorkBudgetExceeded: this request needed more than 0 ms of CPU time
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

__all__ = ["WorkBudgetExceeded", "check", "work_budget"]

# The clock a budget counts: this thread's CPU time. Tests put a clock of their own here to make a budget run out
# by construction rather than by a request being slow.
clock = time.thread_time

_deadline: ContextVar[tuple[float, float] | None] = ContextVar("wordsmith_work_deadline", default=None)


class WorkBudgetExceeded(RuntimeError):
    """A request spent more CPU time than its budget allows; `budget` is that allowance in seconds."""

    def __init__(self, budget: float):
        super().__init__(f"this request needed more than {budget * 1000:.0f} ms of CPU time")
        self.budget = budget


@contextmanager
def work_budget(seconds: float) -> Iterator[None]:
    """Allow the code inside at most `seconds` of this thread's CPU time, from now."""
    token = _deadline.set((clock() + seconds, seconds))
    try:
        yield
    finally:
        _deadline.reset(token)


def start(seconds: float):
    """Open a budget without a `with` block (a web framework's before-request hook); return the token for `stop`."""
    return _deadline.set((clock() + seconds, seconds))


def stop(token) -> None:
    """Close a budget opened by `start`."""
    _deadline.reset(token)


def check() -> None:
    """Raise WorkBudgetExceeded if the current budget is spent; do nothing outside a budget."""
    budget = _deadline.get()
    if budget is not None and clock() > budget[0]:
        raise WorkBudgetExceeded(budget[1])
