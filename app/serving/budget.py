"""The per-request work budget (solver.budget): opened before each request, a 503 problem when spent.

`WORK_BUDGET_MS` (default 250) is the CPU time one request may spend in the
solver. Every request within the documented limits costs far less
(bench/worst_case.py measures the worst it finds); the budget only stops what
slips through, quickly and with a problem document, where gunicorn would kill
the worker after 30 s and answer with its own HTML 500.
"""

from __future__ import annotations

from flask import Flask, current_app, g

from solver import budget

from ..errors import problem_response

__all__ = ["init_app"]


def open_budget() -> None:
    g.work_budget = budget.start(current_app.config["WORK_BUDGET_MS"] / 1000)


def close_budget(error=None) -> None:
    token = g.pop("work_budget", None)
    if token is not None:
        budget.stop(token)


def refuse(error: budget.WorkBudgetExceeded):
    limit = current_app.config["WORK_BUDGET_MS"]
    return problem_response(
        503,
        f"This request needs more work than one request may do ({limit} ms of CPU time, WORK_BUDGET_MS): "
        "narrow it (fewer pieces, a filter, a smaller limit) or try again later.",
        slug="work-budget",
    )


def init_app(app: Flask) -> None:
    """Give every request its work budget, and answer a spent one with a 503 problem document."""
    app.before_request(open_budget)
    app.teardown_request(close_budget)
    app.register_error_handler(budget.WorkBudgetExceeded, refuse)
