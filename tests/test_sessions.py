"""app/serving/security.py's CookieSessions: Flask's signed-cookie sessions, opened without the signer when no cookie came."""

from __future__ import annotations

from flask import request, session
from flask.sessions import SecureCookieSessionInterface


def test_a_request_without_cookies_gets_an_empty_session_without_the_signer(app, monkeypatch):
    def no_signer(*args):
        raise AssertionError("the signer was built for a request that sent no cookie")

    monkeypatch.setattr(SecureCookieSessionInterface, "get_signing_serializer", no_signer)
    with app.test_request_context("/api/v1/health"):
        opened = app.session_interface.open_session(app, request)
        assert dict(opened) == {} and not opened.modified


def test_a_signed_session_cookie_still_round_trips(app):
    @app.get("/_session_test/<value>")
    def put(value):
        session["value"] = value
        return "ok"

    @app.get("/_session_test")
    def get():
        return session.get("value", "none")

    client = app.test_client()
    assert client.get("/_session_test").text == "none"
    client.get("/_session_test/kept")
    assert client.get("/_session_test").text == "kept"  # the cookie was signed, sent back and read
    client.set_cookie("session", "forged.value.sig")
    assert client.get("/_session_test").text == "none"  # a cookie that does not verify is an empty session
