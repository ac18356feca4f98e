"""CSRF protection for the pages' POST forms.

A page that renders a POST form puts `{{ csrf_token() }}` in a hidden
`csrf_token` field; the token lives in the signed session cookie (signed with
SECRET_KEY, so every worker must share the key). Every non-GET request to a
page view must send it back, in the form or in an `X-CSRF-Token` header. The
JSON API is exempt: it reads no cookies and takes only `application/json`
bodies, which a cross-site form cannot send.
"""
from __future__ import annotations

import hmac
import secrets

from flask import Flask, request, session

from .errors import ApiProblem

__all__ = ["csrf_token", "init_app"]

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
EXEMPT_BLUEPRINTS = frozenset({"api"})


def csrf_token() -> str:
    """Return this session's CSRF token, creating it on first use."""
    if "csrf_token" not in session:
        session["csrf_token"] = secrets.token_urlsafe(32)
    return session["csrf_token"]


def protect() -> None:
    """Refuse an unsafe request to a page view that does not carry the session's token."""
    if request.method in SAFE_METHODS or request.endpoint is None or EXEMPT_BLUEPRINTS.intersection(request.blueprints):
        return
    sent = request.form.get("csrf_token") or request.headers.get("X-CSRF-Token") or ""
    expected = session.get("csrf_token")
    if not expected or not hmac.compare_digest(sent.encode(), expected.encode()):
        raise ApiProblem(400, "This form was sent without the token its page carried: reload the page and send it again.", slug="csrf")


def init_app(app: Flask) -> None:
    """Offer `csrf_token()` to templates and check it on every unsafe page request."""
    app.jinja_env.globals["csrf_token"] = csrf_token
    app.before_request(protect)
