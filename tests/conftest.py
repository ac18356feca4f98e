"""Shared fixtures: the app and its test client, the app served by a real gunicorn, the browser, golden files,
hypothesis profiles, the databases live tables are stored in (SQLite and a throw-away PostgreSQL).

Hypothesis strategies shared by several files live in tests/strategies.py.
"""

from __future__ import annotations

import gc
import json
import os
import secrets
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from browser_helpers import ARGS, CHROMIUM, PHONE
from hypothesis import settings
from postgres_helpers import PostgresCluster
from service_helpers import GunicornServer

from app import create_app

# The work budget every app and test server of the session runs with: far above what any request a test sends costs,
# so no test depends on the machine's pace (a garbage collection or a loaded CI box inside a request counts against the
# budget's CPU clock). The budget itself is tested by construction, with a clock of the test's own (test_budget.py),
# at the shipped default.
TEST_WORK_BUDGET_MS = 10_000


def pytest_configure(config):
    """Keep live tables out of the repository: every app the tests make (gunicorn's too) stores them in a temp folder,
    and signs with a key of the session's, not one kept in the checkout's instance folder (a test of that key moves
    the instance folder and unsets this). Every app runs with the session's work budget (TEST_WORK_BUDGET_MS).

    Before any xdist worker starts, the solver's indexes are built into the disk cache (solver/cache.py), one index
    of one size per job, the largest first, so both cores stay busy to the end: on a fresh machine every worker and
    every test server would otherwise build all of them at once (about 20 s of CPU each, the same work on both
    cores). With the cache warm this reads it: about a second."""
    if "WORDSMITH_DATABASE_URL" not in os.environ:
        config._wordsmith_tables = tempfile.TemporaryDirectory(prefix="wordsmith-tables-")
        os.environ["WORDSMITH_DATABASE_URL"] = f"sqlite:///{config._wordsmith_tables.name}/tables.sqlite3"
    if "WORDSMITH_SECRET_KEY" not in os.environ:
        config._wordsmith_secret_key = True
        os.environ["WORDSMITH_SECRET_KEY"] = f"tests-{secrets.token_hex(16)}"
    if "WORDSMITH_WORK_BUDGET_MS" not in os.environ:
        config._wordsmith_work_budget = True
        os.environ["WORDSMITH_WORK_BUDGET_MS"] = str(TEST_WORK_BUDGET_MS)
    if not hasattr(config, "workerinput") and not config.option.collectonly:
        from solver.lexicon import SIZES

        jobs = [(size, kind) for size in reversed(SIZES) for kind in ("pieces", "racks")]  # SIZES: smallest first
        with ProcessPoolExecutor(min(len(jobs), os.cpu_count() or 1)) as pool:
            list(pool.map(_build_index, *zip(*jobs)))


def _build_index(size: str, kind: str) -> None:
    """One index of one lexicon size into the disk cache, as the app builds it at start (app/resources.py)."""
    from solver.lexicon import load_lexicons
    from solver.pieces import load_alphabet
    from solver.search import piece_index, rack_index

    lexicon = load_lexicons()[size]
    if kind == "pieces":
        piece_index(lexicon, load_alphabet())
    else:
        rack_index(lexicon)


def pytest_unconfigure(config):
    if hasattr(config, "_wordsmith_tables"):
        del os.environ["WORDSMITH_DATABASE_URL"]
        config._wordsmith_tables.cleanup()
    if hasattr(config, "_wordsmith_secret_key"):
        del os.environ["WORDSMITH_SECRET_KEY"]
    if hasattr(config, "_wordsmith_work_budget"):
        del os.environ["WORDSMITH_WORK_BUDGET_MS"]


@pytest.fixture(scope="session", autouse=True)
def _indexes_out_of_the_collectors_sight():
    """Load the lexicons and indexes, then `gc.freeze()`, as gunicorn's master does before it forks
    (app/serving/gunicorn_conf.py): else a full collection, ~0.4 s over their ~430,000 objects, can land inside any
    request of a test and slow the whole run."""
    create_app({"TESTING": True})
    gc.freeze()


@pytest.fixture
def app(request):
    """A fresh app in testing mode (the lexicons are loaded once per process and shared).

    Its live tables go in the session's temp SQLite file (pytest_configure): a new empty database per test
    costs ~0.2 s of migrations. Tables are apart by their random codes; a test that needs an empty store
    passes its own DATABASE_URL (the `database_url` fixture: SQLite and PostgreSQL).

    A module that sets `ONE_APP = True` shares one app between its tests: for modules whose tests only send
    requests (each still gets its own test client, so no cookie crosses); a test there that adds a route or
    changes the config asks for `fresh_app`. `create_app` costs ~0.1 s of CPU, most of it werkzeug compiling the routes, and ~500 tests ask for one."""
    if getattr(request.module, "ONE_APP", False):
        return request.getfixturevalue("module_app")
    return request.getfixturevalue("fresh_app")


@pytest.fixture
def fresh_app():
    """A new app of the test's own, also in a module that shares one: for a test that adds a route or changes config."""
    return create_app({"TESTING": True})


@pytest.fixture(scope="module")
def module_app():
    """The app of a module that sets `ONE_APP = True` (see `app`)."""
    return create_app({"TESTING": True})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    """The base URL of the app served by gunicorn with gunicorn.conf.py on a free local port."""
    server = GunicornServer(tmp_path_factory.mktemp("gunicorn") / "gunicorn.log").start()
    yield server.url
    server.stop()


# --- databases ---------------------------------------------------------------------------


@pytest.fixture(scope="session")
def postgres_cluster():
    """A throw-away PostgreSQL cluster for the session (stopped at the end); skips when PostgreSQL is not installed,
    unless WORDSMITH_REQUIRE_POSTGRES=1 (CI), which makes that an error."""
    cluster = PostgresCluster.start()
    if cluster is None:
        if os.environ.get("WORDSMITH_REQUIRE_POSTGRES") == "1":
            pytest.fail("WORDSMITH_REQUIRE_POSTGRES=1 but PostgreSQL is not installed (apt-get install postgresql)")
        pytest.skip("PostgreSQL is not installed (/usr/lib/postgresql/*/bin/pg_ctl)")
    yield cluster
    cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, tmp_path):
    """The URL of a fresh, empty database, once on SQLite and once on PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/tables.sqlite3"
    return request.getfixturevalue("postgres_cluster").new_database()


# --- the browser ---------------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser():
    """Headless Chromium (Debian's, driven by Playwright), launched once for every browser test module."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture(params=[True, False], ids=["js", "no-js"])
def page(request, browser):
    """A phone-sized page, with JavaScript on or off; dialogs (alert) are recorded, never expected."""
    context = browser.new_context(java_script_enabled=request.param, viewport=PHONE, device_scale_factor=2)
    page = context.new_page()
    page.javascript = request.param
    page.dialogs = []
    page.on("dialog", lambda dialog: (page.dialogs.append(dialog.message), dialog.dismiss()))
    page.set_default_timeout(10_000)
    yield page
    context.close()


# --- hypothesis profiles -----------------------------------------------------------------
# "default": each property's own max_examples, and no deadline: speed is measured in bench/,
# never in a unit test (a per-example deadline fails a property whenever an example waits for
# the CPU on a loaded machine). "thorough": ten times as many, for a run by hand after
# touching the solver (HYPOTHESIS_PROFILE=thorough python -m pytest tests/test_search.py).
settings.register_profile("default", deadline=None)
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


# --- golden files --------------------------------------------------------------------------


def pytest_addoption(parser):
    parser.addoption(
        "--record-golden",
        action="store_true",
        help="re-record the golden files under tests/golden/ from today's output (then read the diff)",
    )


class Golden:
    """The recorded output a golden test compares with; with --record-golden, record today's output first."""

    def __init__(self, record: bool):
        self.record = record

    def text(self, path: Path, actual: str) -> str:
        if self.record:
            path.write_text(actual, "utf-8")
        return path.read_text("utf-8")

    def json(self, path: Path, actual) -> object:
        return json.loads(self.text(path, json.dumps(actual, indent=2, ensure_ascii=False) + "\n"))


@pytest.fixture
def golden(request) -> Golden:
    """Golden files, re-recorded only on purpose: `python -m pytest --record-golden tests/...`."""
    return Golden(request.config.getoption("--record-golden"))
