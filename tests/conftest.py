"""Shared fixtures: the app and its test client, the app served by a real gunicorn, the browser, golden files, hypothesis profiles.

Hypothesis strategies shared by several files live in tests/strategies.py.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from browser_helpers import ARGS, CHROMIUM, PHONE
from hypothesis import settings
from service_helpers import GunicornServer

from app import create_app


@pytest.fixture
def app():
    """A fresh app in testing mode (the lexicons are loaded once per process and shared)."""
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
# "default": each property's own max_examples. "thorough": ten times as many, for a run by
# hand after touching the solver (HYPOTHESIS_PROFILE=thorough python -m pytest tests/test_search.py).
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
