"""The claim lane: a plain, accepted claim answered without Flask's per-request machinery.

    app.wsgi_app = ClaimLane(app, app.wsgi_app)     # create_app does it

A claim (`POST /api/v1/tables/{code}/claims`) is most of what a table sends,
and under issue 13's load (bench/tables.py: 200 claims a second, 1,000 open
streams) Flask's work around the view (the request and app contexts, URL
matching, six before- and after-request hooks, the Response object and its
WSGI headers) was about a fifth of the workers' interpreter time. The lane
answers the common case itself, with the same functions the claim view calls:

- it takes only a request with nothing unusual about it: `POST` to exactly
  that path, no query string, no cookie, a JSON body with a Content-Length
  within the caps and no Content-Encoding, an `Authorization: Bearer` token,
  and an address the guessing limit does not refuse (app/limiter.py: one
  with guesses left, or whose token acts at the table);
- the body is read, parsed (`parse_json`) and validated (the `Claim` and
  `TablePath` models) as the view's `@operation` does, and the claim judged
  and recorded by `claim_answer`, the view's own function, within the
  request's work budget (app/budget.py);
- the answer is the view's: 201, its JSON written by the app's provider, the
  security headers (app/security.py).

Anything else (no token, a body that is not JSON or a field that does not
validate, an address out of guesses whose token acts for no one at the
table: its 429) goes to Flask whole, with the body given back unread
(`Replay`). A claim the service refuses, or any other
exception it raises (a bad token, an unknown table, a spent budget, a store
error), is answered as Flask answers an exception from a view: the app's
error handler (app/errors.py) within a request context, then the
after-request hooks. So every error keeps its one path, and a claim is
judged once.

`tests/test_claim_lane.py` checks that the lane and Flask give the same
answer, byte for byte, for the requests the lane takes, and that it steps
aside for the others; every claim test of tests/test_api_tables.py runs
through it. The gain is measured in bench/README.md (seventh round).
"""

from __future__ import annotations

import io
import re

from flask import Flask

from solver import budget

from .. import limiter
from ..assets import COMPRESSED_TYPES
from ..errors import ApiProblem
from ..security import SECURITY_HEADERS
from ..tables import bearer
from .operation import parse_json
from .tables import Claim, TablePath, claim_answer

__all__ = ["ClaimLane", "Replay"]

CLAIM_PATH = re.compile(r"/api/v1/tables/([^/]{1,16})/claims")
CREATED = "201 CREATED"


class Replay:
    """A body already read, given back to Flask as its `wsgi.input`: the bytes, then the error the read raised."""

    def __init__(self, data: bytes, error: BaseException | None = None):
        self._data = io.BytesIO(data)
        self._error = error

    def read(self, size: int | None = -1) -> bytes:
        data = self._data.read(size)
        if not data and self._error is not None and size != 0:
            raise self._error
        return data

    def readline(self, size: int | None = -1) -> bytes:
        return self._data.readline(size)

    def __iter__(self):
        return iter(self.readline, b"")


class ClaimLane:
    """WSGI middleware: answer a plain, accepted claim itself; hand every other request to `wsgi_app` (Flask's)."""

    def __init__(self, app: Flask, wsgi_app):
        self.app = app
        self.wsgi_app = wsgi_app
        self.cap = min(app.config["MAX_BODY_BYTES"], app.config["MAX_CONTENT_LENGTH"])
        # Were JSON ever gzipped (app/assets.py), the answer would depend on Accept-Encoding: leave it all to Flask.
        self.enabled = app.json.mimetype not in COMPRESSED_TYPES
        self.headers = list(SECURITY_HEADERS.items())

    def __call__(self, environ: dict, start_response):
        if self.enabled and environ["REQUEST_METHOD"] == "POST":
            found = CLAIM_PATH.fullmatch(environ.get("PATH_INFO", ""))
            if found is not None and self._plain(environ):
                try:
                    data = self._claim(environ, found.group(1))
                except Exception as error:  # the claim's refusal (or any failure): as the view's leaves Flask
                    return self._failed(environ, start_response, error)
                if data is not None:
                    headers = [("Content-Type", self.app.json.mimetype), ("Content-Length", str(len(data)))]
                    start_response(CREATED, headers + self.headers)
                    return [data]
        return self.wsgi_app(environ, start_response)

    def _failed(self, environ: dict, start_response, error: Exception):
        """Answer the exception the claim raised as Flask answers one a view raises: the app's error handler
        (app/errors.py: a refusal's 409 with its objections, 403, 404, 503), then the after-request hooks."""
        app = self.app
        with app.request_context(environ):
            try:
                response = app.finalize_request(app.handle_user_exception(error))
            except Exception as unhandled:  # no handler: Flask's 500, logged
                response = app.handle_exception(unhandled)
            return response(environ, start_response)

    def _plain(self, environ: dict) -> bool:
        """A request with nothing the lane leaves to Flask's hooks and error handlers."""
        length = environ.get("CONTENT_LENGTH", "")
        return (
            not environ.get("QUERY_STRING")
            and "HTTP_COOKIE" not in environ
            and "HTTP_CONTENT_ENCODING" not in environ
            and "HTTP_TRANSFER_ENCODING" not in environ
            and length.isdigit()
            and length.isascii()  # isdigit alone takes `²`, which int refuses
            and 0 < int(length) <= self.cap
            and environ.get("CONTENT_TYPE", "").partition(";")[0].strip().lower() == "application/json"
            and environ.get("HTTP_AUTHORIZATION", "")[:7].lower() == "bearer "
        )

    def _claim(self, environ: dict, code: str) -> bytes | None:
        """The accepted claim's answer; None (the body given back) for Flask to answer the request whole; the
        claim's refusal raised."""
        length = int(environ["CONTENT_LENGTH"])
        try:
            raw = environ["wsgi.input"].read(length)
        except Exception as error:  # a read cut off by the deadline: Flask answers it (408) as always
            environ["wsgi.input"] = Replay(b"", error)
            return None
        environ["wsgi.input"] = Replay(raw)
        token = bearer(environ["HTTP_AUTHORIZATION"])
        if len(raw) < length or token is None:
            return None
        with self.app.app_context():
            if limiter.waiting(environ, code, (token,)):  # out of guesses, and the token acts for no one there
                return None
            try:
                body = Claim.model_validate(parse_json(raw))
                TablePath.model_validate({"code": code})
            except (ApiProblem, ValueError):  # the view's 400 or 422 problem (ValidationError is a ValueError)
                return None
            spent = budget.start(self.app.config["WORK_BUDGET_MS"] / 1000)
            try:
                return self.app.json.body(claim_answer(code, body, token))
            finally:
                budget.stop(spent)
