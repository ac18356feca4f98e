"""The headers a public site sends on every answer, and redirects that never name a host.

Every answer — page, API, static file, error, redirect — carries
`SECURITY_HEADERS`. The pages load only their own script and style
(`app/static/pages.js`, `style.css`): no inline script, style or event
handler, so the policy allows `'self'` and nothing else, and no site may
frame the pages. `Referrer-Policy: same-origin` keeps a page's address (a
table's join code, later) from leaking to other sites while our own pages
still see it.

Werkzeug answers a path written with a doubled or trailing slash
(`/api/v1//health`) with a redirect to an absolute URL built from the Host
header, which a client controls. `relative_redirect` rewrites the Location of
any redirect to our own host as a path, and on the API paths the redirect
carries a problem document like every other non-2xx answer.
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from flask import Flask, Response, request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.routing import RequestRedirect

from ..errors import JSON_PATHS, problem_response

__all__ = ["CONTENT_SECURITY_POLICY", "SECURITY_HEADERS", "init_app"]

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",  # data: for small inline images (an SVG QR code, later)
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",  # frame-ancestors for browsers that predate CSP level 2
}


def relative_redirect(response: Response) -> Response:
    """Write a redirect to our own host as a path; on the API, as a problem document."""
    location = response.headers.get("Location")
    if not (300 <= response.status_code < 400 and location):
        return response
    parts = urlsplit(location)
    if parts.netloc and parts.netloc != request.host:
        return response  # a redirect elsewhere on purpose: leave it
    path = urlunsplit(("", "", parts.path or "/", parts.query, parts.fragment))
    if isinstance(request.routing_exception, RequestRedirect) and request.path.startswith(JSON_PATHS):
        detail = f"This path is written {parts.path}: send the request there (a client that follows redirects does it by itself)."
        return problem_response(response.status_code, detail, slug="redirect", headers={"Location": path})
    response.headers["Location"] = path
    return response


def add_security_headers(response: Response) -> Response:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response


class CookieSessions(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions; a request that sends no cookie at all gets its new, empty session
    without Flask building the cookie signer first, which every API request would otherwise pay for
    (bench/tables.py measures the claims)."""

    def open_session(self, app, request):
        if "HTTP_COOKIE" not in request.environ and app.secret_key:
            return self.session_class()  # what Flask's own gives when the session cookie is missing
        return super().open_session(app, request)


def init_app(app: Flask) -> None:
    """Send the security headers on every answer, keep redirects relative, and open sessions cheaply."""
    app.session_interface = CookieSessions()
    # Flask runs after_request functions last registered first: the headers go
    # on the redirect's rewritten answer too.
    app.after_request(add_security_headers)
    app.after_request(relative_redirect)
