"""A page opened over plain http on a LAN address is not a secure context: the browser keeps no service
worker there, so the offline judge and the install do not happen. The page says so; on a secure origin
(here 127.0.0.1, which browsers trust like localhost) it says nothing.

The LAN address is played by a name Chromium resolves to 127.0.0.1 (`--host-resolver-rules`): to the
browser it is an ordinary http origin, as a laptop's 192.168.x.y is to a phone."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from browser_helpers import ARGS, CHROMIUM, PHONE, needs_chromium

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def lan_browser(browser):
    """A second Chromium from the session's Playwright (a second Playwright in one process is refused), resolving
    judge.lan to this machine."""
    lan = browser.browser_type.launch(
        executable_path=CHROMIUM, args=[*ARGS, "--host-resolver-rules=MAP judge.lan 127.0.0.1"]
    )
    yield lan
    lan.close()


@pytest.mark.parametrize("path", ["/", "/tables"])
def test_an_insecure_context_says_offline_needs_https_and_a_secure_one_says_nothing(lan_browser, live_server, path):
    port = urlsplit(live_server).port
    context = lan_browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(f"http://judge.lan:{port}{path}")
        assert page.evaluate("window.isSecureContext") is False
        note = page.locator("#offline-note")
        note.wait_for(state="visible")
        assert "Offline needs the https address" in note.inner_text()
        page.goto(f"{live_server}{path}")
        assert page.evaluate("window.isSecureContext") is True
        assert page.locator("#offline-note").is_hidden()
    finally:
        context.close()
