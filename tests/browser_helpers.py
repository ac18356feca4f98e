"""Helpers for the browser tests: Debian's Chromium, the phone viewport, screenshots and Playwright's `expect`.

The `browser` and `page` fixtures are in conftest.py (one Chromium per test
session, shared by every browser test module).
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(__file__).resolve().parent.parent / "screenshots"
PHONE = {"width": 390, "height": 844}

# `pytestmark = needs_chromium` in a browser test module.
needs_chromium = pytest.mark.skipif(
    not os.path.exists(CHROMIUM),
    reason=f"no Chromium at {CHROMIUM} (apt-get install chromium); a downloaded browser is never used",
)


def expect(locator):
    """Playwright's `expect` (5 s), imported late like the browser itself."""
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(locator)


def screenshot(page, name: str) -> None:
    """Save a full-page screenshot for a human to look at, when WORDSMITH_SCREENSHOTS=1 (each costs ~0.5 s)."""
    if os.environ.get("WORDSMITH_SCREENSHOTS") != "1":
        return
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}-{'js' if page.javascript else 'no-js'}.png"), full_page=True)


def assert_fits_360_pixels(browser, url: str) -> None:
    """Assert the page at `url` is no wider than a 360-pixel phone, with one <h1> and a title."""
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(url)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # nothing wider than the phone
    assert page.locator("h1").count() == 1 and page.title()
    context.close()


@contextlib.contextmanager
def open_phones(browser, count: int):
    """`count` phones at 390x844, each a browser context with its own cookies and JavaScript on; closed after."""
    contexts = [browser.new_context(viewport=PHONE) for _ in range(count)]
    pages = []
    for context in contexts:
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.javascript = True
        pages.append(page)
    try:
        yield pages
    finally:
        for context in contexts:
            context.close()


class Clock:
    """A served app's tables' clock: the real one, moved on by the test (`ahead`, seconds)."""

    def __init__(self):
        self.ahead = 0.0

    def __call__(self) -> float:
        return time.time() + self.ahead


@contextlib.contextmanager
def serve_app():
    """(base URL, app): the app served by a threaded server in this process, its tables' clock a `Clock`, so that a
    test moves the server's time by construction and reaches its `Tables` service directly."""
    from werkzeug.serving import make_server

    from app import create_app

    app = create_app({"TESTING": True})
    app.extensions["tables"].clock = Clock()
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}", app
    finally:
        server.shutdown()
        server.server_close()
