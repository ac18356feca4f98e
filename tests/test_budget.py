"""The work budget: a request that would spend more CPU than WORK_BUDGET_MS is refused quickly; every size is ready at boot.

A budget runs out here by construction, never by a request being slow: `budget.clock` is replaced by a clock that
moves a whole second each time it is read, so the first check of any request finds its 250 ms spent, on any machine.
"""

import pytest
from service_helpers import assert_problem

from app import create_app
from app.settings import DEFAULTS
from solver import budget
from solver.lexicon import SIZES, load_lexicons
from solver.search import Query, piece_index, rack_index, solve, solve_rack
from solver.wordsmith import hints

BIG_POOL = "R15 Y15 B15 G10 W4"  # the biggest pool the rulebook allows: thousands of words


class SteppingClock:
    """A CPU clock that has moved a second every time it is read; `reads` counts the reads."""

    def __init__(self):
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        return float(self.reads)


@pytest.fixture
def clock(monkeypatch):
    stepping = SteppingClock()
    monkeypatch.setattr(budget, "clock", stepping)
    return stepping


@pytest.fixture(scope="module")
def app_client():
    """An app with the session's budget (conftest.TEST_WORK_BUDGET_MS): no request here runs out of it by being slow."""
    return create_app({"TESTING": True}).test_client()


@pytest.fixture(scope="module")
def shipped_client():
    """An app with the budget it ships with, which the tests' stepping clock spends at the first check."""
    return create_app({"TESTING": True, "WORK_BUDGET_MS": DEFAULTS["WORK_BUDGET_MS"]}).test_client()


@pytest.fixture
def tight(shipped_client, clock):
    """The shipped app's client, every request of which finds its budget spent at its first check."""
    return shipped_client


@pytest.mark.parametrize(
    "call",
    [
        lambda index: solve(index, BIG_POOL, Query(previous_word="aeiourstln")),
        lambda index: solve(index, BIG_POOL, limit=1000),
        lambda index: hints(index, BIG_POOL, Query(previous_word="aeiourstln")),
        lambda index: hints(index, "R3 Y2 B1 G2"),
    ],
)
def test_a_spent_budget_stops_the_solver(call):
    with budget.work_budget(0):
        with pytest.raises(budget.WorkBudgetExceeded):
            call(piece_index(load_lexicons()["standard"]))


def test_a_spent_budget_stops_the_rack_walk():
    with budget.work_budget(0):
        with pytest.raises(budget.WorkBudgetExceeded):
            solve_rack(rack_index(load_lexicons()["standard"]), "aeinrstlo??")


def test_outside_a_budget_nothing_is_checked():
    budget.check()
    assert solve(piece_index(load_lexicons()["standard"]), "R3 Y2 B1 G2").total > 0


@pytest.mark.parametrize(
    "path, body",
    [
        (
            "/api/v1/wordsmith/hints",
            {"pool": BIG_POOL, "previous_word": "aeiourstln", "lexicon": "large", "limit": 100},
        ),
        ("/api/v1/wordsmith/solve", {"pool": BIG_POOL, "required_letter": "e"}),
        ("/api/v1/racks/solve", {"rack": "aeinrstlodc??"}),
    ],
)
def test_a_request_over_the_budget_is_refused_quickly_with_a_problem(tight, clock, path, body):
    response = tight.post(path, json=body)
    problem = assert_problem(response, 503)
    assert "WORK_BUDGET_MS" in problem["detail"] and problem["type"].endswith("#problem-work-budget")
    # Refused at its first check: the budget's opening read and one check's, not a search's worth of checks.
    assert clock.reads == 2


def test_within_its_budget_the_same_request_is_answered(app_client):
    """The clock above is what refused them: with the real one the same request is well inside its budget."""
    response = app_client.post("/api/v1/wordsmith/solve", json={"pool": BIG_POOL, "required_letter": "e"})
    assert response.status_code == 200 and response.get_json()["total"] > 0


def test_the_solver_page_over_the_budget_is_refused_too(tight):
    response = tight.get(
        "/solve", query_string={"pool": BIG_POOL, "previous": "aeiourstln"}, headers={"Accept": "text/html"}
    )
    assert response.status_code == 503 and b"Work budget" in response.data


def test_requests_without_solver_work_ignore_the_budget(tight):
    assert tight.get("/api/v1/health").status_code == 200


def test_the_budget_is_a_documented_limit():
    with pytest.raises(ValueError, match="WORDSMITH_WORK_BUDGET_MS"):
        create_app({"WORK_BUDGET_MS": 0})


def test_every_size_is_ready_when_the_app_is_created():
    """create_app builds each size's indexes (gunicorn's master does it once, before forking): no request pays for one."""
    app = create_app({"TESTING": True})
    shared = app.extensions["wordsmith"]
    pieces, racks = piece_index.cache_info(), rack_index.cache_info()
    for name in SIZES:
        piece_index(shared.lexicons[name], shared.alphabet)
        rack_index(shared.lexicons[name])
    assert piece_index.cache_info().misses == pieces.misses and rack_index.cache_info().misses == racks.misses
    client = app.test_client()
    for name in SIZES:
        assert client.post("/api/v1/wordsmith/solve", json={"pool": "R3 Y2 B1 G2", "lexicon": name}).status_code == 200
    # No request built an index (counted, not timed: bench/README.md has the build and answer times).
    assert piece_index.cache_info().misses == pieces.misses and rack_index.cache_info().misses == racks.misses
