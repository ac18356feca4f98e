"""One shape for every error: RFC 9457 `application/problem+json`.

Whatever goes wrong — a body that is not JSON, a field that does not
validate, an unknown path, a method a route does not take, a body over the
size limit, a bug — ends here and leaves as one document:

    {"type": "/docs#problem-validation", "title": "Request not valid", "status": 422,
     "detail": "...", "errors": [{"pointer": "/words/3", "location": "body", "detail": "..."}]}

`type` points at the paragraph of `/docs` that explains the problem (see
`PROBLEM_TYPES`). Views and validators raise `ApiProblem`; they never build
error responses themselves. The engine raises `solver.errors.Refused` for input
it refuses, carrying the JSON path of the bad value: `handle_refused` is the one
place it becomes a 422, its pointer built from that path. Live tables (tables/)
raise their own three: `Rejected` (409, with its `code` and a refused claim's
`objections`), `Forbidden` (403, or 401 when no token was sent) and
`NotFound` (404, counted by the join-code rate limit, app/serving/limiter.py). A browser asking for a page gets the same problem
rendered as HTML (`error.html`); everything else gets the JSON.
"""

from __future__ import annotations

import json
import typing
from typing import Literal

import sqlalchemy.exc
from flask import Flask, Response, current_app, render_template, request, url_for
from pydantic import BaseModel, Field, ValidationError
from pydantic.fields import FieldInfo
from werkzeug.exceptions import HTTPException
from werkzeug.http import HTTP_STATUS_CODES
from werkzeug.routing import BuildError

from solver.errors import Refused
from solver.sentences import say, sentences
from tables.events import Busy, Forbidden, NotFound, Rejected, Slowed

__all__ = [
    "PROBLEM_JSON",
    "PROBLEM_TYPES",
    "ApiProblem",
    "FieldError",
    "Problem",
    "field_errors",
    "init_app",
    "invalid_fields",
    "problem_response",
]

PROBLEM_JSON = "application/problem+json"
# Paths whose errors are always JSON, whatever the Accept header says.
JSON_PATHS = ("/api/", "/openapi.json")

# slug: (title, what it means and how to fix it). The slug is the anchor of the
# problem's paragraph on /docs, and a problem's `title` is the same for every
# occurrence of its type (RFC 9457 section 3.1.3). The refusals of the engine
# and the tables carry their own status and title (the CLI's local backend
# raises them as the client would read these problems: cli/local_tables.py).
PROBLEM_TYPES = {
    "bad-request": ("Bad request", "The request could not be read. The detail says what to change."),
    "invalid-json": ("Body is not valid JSON", "Send a JSON object as the body, UTF-8 encoded."),
    "not-found": ("Not found", "No page or operation has this path. The operations are listed in /openapi.json."),
    "method-not-allowed": (
        "Method not allowed",
        "The path exists but does not take this method; the `Allow` header lists those it takes.",
    ),
    "too-large": ("Body too large", "The body is over the size limit (MAX_BODY_BYTES, 16 KiB by default): send less."),
    "unsupported-media-type": (
        "Unsupported media type",
        "Send the body as `Content-Type: application/json`, uncompressed (no `Content-Encoding`).",
    ),
    "timeout": (
        "Request timeout",
        "The request's headers and body did not all arrive within the read timeout (10 s by default): send the whole request at once.",
    ),
    "uri-too-long": (
        "URI too long",
        "The request line is over 4094 bytes: shorten the URL (send long input in a POST body).",
    ),
    "headers-too-large": (
        "Request header fields too large",
        "Over 100 headers, or one over 8190 bytes: send fewer and shorter headers.",
    ),
    "redirect": (
        "Path written differently",
        "The path has a doubled or trailing slash: the `Location` header gives it as written; send the request there.",
    ),
    "validation": (
        Refused.title,
        "A field of the body, query string or path is missing, unknown, of the wrong type or over a limit. "
        "Each entry of `errors` has a JSON `pointer` to the field, its `location` and a `detail` naming the fix.",
    ),
    "unauthorized": (
        Forbidden.no_token_title,
        "This table operation acts for a seat or the host: send that token as `Authorization: Bearer <token>` "
        "(the host's comes with the new table, a seat's with joining it).",
    ),
    "forbidden": (
        Forbidden.title,
        "The token does not act for this: another seat's action, or one only the host may do.",
    ),
    "table-not-found": (
        NotFound.title,
        "No live table has this join code: it may be mistyped, expired (idle too long) or deleted by its host.",
    ),
    "rejected": (
        Rejected.title,
        "The table refuses the action as the game stands, and nothing changed. `code` names the reason "
        "(`claim_refused`, `seat_taken`, `joining_locked`, ...); a refused claim's `objections` carry the same "
        "codes as `/api/v1/wordsmith/judge`.",
    ),
    "too-many-requests": (
        "Too many attempts",
        "Too many unknown join codes or failed joins from this address: wait the `Retry-After` seconds. "
        "The limit keeps join codes from being guessed; a request with a seat's or the host's token for the "
        "table is never refused by it.",
    ),
    "streams-full": (
        "Too many open streams",
        "This worker holds all the event streams it may (MAX_STREAMS): reconnect after `Retry-After` seconds.",
    ),
    "too-many-streams": (
        "Too many streams from this address",
        "This client address holds all the event streams a worker gives one address (STREAMS_PER_ADDRESS): "
        "close one, or reconnect after `Retry-After` seconds.",
    ),
    "too-many-connections": (
        "Too many connections from this address",
        "This client address has all the connections a worker takes from one address open "
        "(CONNECTIONS_PER_ADDRESS): the worker answered before reading the request. Close idle connections, "
        "or reconnect after `Retry-After` seconds.",
    ),
    "table-streams-full": (
        "Too many streams for this table",
        "The table has all the event streams a worker gives viewers without a token (STREAM_VIEWS_PER_TABLE); "
        "its seats and host, sending their token or cookie, always get theirs. Reconnect after `Retry-After` seconds.",
    ),
    "database-busy": (
        "Database busy",
        "Every connection this worker keeps to the database was in use for the whole wait "
        "(DATABASE_POOL_SIZE): nothing was changed; retry after `Retry-After` seconds.",
    ),
    "table-busy": (
        Busy.title,
        "Writers racing on one table kept taking the next event first until this request's work budget ran out: "
        "nothing was changed; send the same request (same request_id) again after `Retry-After` seconds.",
    ),
    "refusals-too-fast": (
        Slowed.title,
        "One seat's refused words came faster than the table writes them (at most 10 in any minute): nothing was "
        "written; the detail and `Retry-After` give the seconds until the seat's next attempt is heard.",
    ),
    "database-unavailable": (
        "Database unavailable",
        "The database is down, restarting or unreachable: nothing was changed; retry after `Retry-After` seconds.",
    ),
    "work-budget": (
        "Work budget spent",
        "The request needed more CPU time than one request may use (WORK_BUDGET_MS): "
        "narrow it (fewer pieces, a filter, a smaller limit) or try again later.",
    ),
    "internal": (
        "Internal server error",
        "A bug on our side, logged. The request may be fine: try again, and report it if it persists.",
    ),
    "http-error": (
        "HTTP error",
        "An HTTP error without a more specific type; the status and detail say what happened.",
    ),
}
SLUG_BY_STATUS = {
    400: "bad-request",
    401: "unauthorized",
    403: "forbidden",
    409: "rejected",
    429: "too-many-requests",
    404: "not-found",
    405: "method-not-allowed",
    408: "timeout",
    413: "too-large",
    414: "uri-too-long",
    415: "unsupported-media-type",
    422: "validation",
    431: "headers-too-large",
    500: "internal",
}

# Pydantic error types whose stock message names the problem but not the fix, or says it in the library's terms:
# `{fields}` are the fields of the object the error is in (or, for `model_type`, of the object expected there),
# `{form}` the form the field's description gives (`_form`), the rest the error's context.
FIXES = {
    "missing": "required: add this field",
    "extra_forbidden": "unknown field: remove it (this object takes {fields})",
    "model_type": "send a JSON object with the fields {fields}",
    "string_pattern_mismatch": "not in this field's form: {form}",
    "too_short": "give at least {min_length} {items}, not {actual_length}",
    "too_long": "give at most {max_length} {items}, not {actual_length}",
    "string_too_long": sentences()["field.too_long"],  # as the fields the service bounds itself say it
}


class FieldError(BaseModel):
    """One bad field of a request, and how to fix it."""

    pointer: str = Field(description="JSON pointer to the field: `/words/3` is the fourth word; `` is the whole body")
    location: Literal["body", "query", "path", "header"] = Field(description="where the field was sent")
    detail: str = Field(description="what is wrong and how to fix it")


class Problem(BaseModel):
    """An RFC 9457 problem document, the body of every error response."""

    type: str = Field(description="URI reference of the problem type: its explanation on /docs")
    title: str = Field(description="short summary of the problem type")
    status: int = Field(description="the HTTP status code")
    detail: str = Field(description="what went wrong with this request")
    errors: list[FieldError] | None = Field(None, description="for validation problems: each bad field")
    code: str | None = Field(None, description="for a refusal at a table (409): the reason, like `claim_refused`")
    objections: list[dict] | None = Field(
        None, description="for a refused claim (409): the judge's objections, as `/api/v1/wordsmith/judge` gives them"
    )


class ApiProblem(Exception):
    """Raise to answer the current request with a problem document."""

    def __init__(
        self,
        status: int,
        detail: str,
        *,
        slug: str | None = None,
        errors: list[dict] | None = None,
        headers: dict | None = None,
        extra: dict | None = None,
    ):
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.slug = slug or SLUG_BY_STATUS.get(status, "http-error")
        self.errors = errors
        self.headers = headers or {}
        self.extra = extra or {}

    def response(self) -> Response:
        """This problem as the response: JSON for API clients, HTML for browsers (`problem_response`)."""
        body = problem_body(self.status, self.detail, self.slug, self.errors, self.extra)
        response = None
        if wants_html():
            try:
                response = current_app.make_response((render_template("error.html", problem=body), self.status))
            except Exception:  # a broken template must not hide the error: fall back to the JSON
                current_app.logger.exception("Could not render error.html")
        if response is None:
            response = current_app.response_class(
                json.dumps(body, ensure_ascii=False), status=self.status, mimetype=PROBLEM_JSON
            )
        for name, value in self.headers.items():
            response.headers[name] = value
        return response


def json_pointer(location: tuple) -> str:
    """Return the JSON pointer (RFC 6901) of a pydantic error location."""
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in location)


def field_errors(error: ValidationError, model: type[BaseModel], where: dict[str, str] | str) -> list[dict]:
    """Turn a pydantic `ValidationError` into `errors` entries; `where` maps top-level fields to a location."""
    entries = []
    for item in error.errors(include_url=False):
        loc = item["loc"]
        location = where if isinstance(where, str) else where.get(str(loc[0]) if loc else "", "query")
        entries.append({"pointer": json_pointer(loc), "location": location, "detail": _fixed(item, model)})
    return entries


def _fixed(item: dict, model: type[BaseModel]) -> str:
    """An error's detail: our own sentence for the types FIXES rewords, else the library's (or our validator's)."""
    fix = FIXES.get(item["type"])
    context = dict(item.get("ctx") or {})
    if fix is None or "limit" in context:  # `limit`: an error our own validators raise, in our words already
        return item["msg"]
    sent = item.get("input")
    if context.get("actual_length") is None and isinstance(sent, (list, dict)):
        context["actual_length"] = len(sent)  # pydantic leaves it out for an object
    if item["type"] in ("too_short", "too_long") and context.get("actual_length") is None:
        return item["msg"]
    holder, info = _field_at(model, item["loc"])
    expected = holder if item["type"] != "model_type" or info is None else _model_in(info.annotation)
    fields = ", ".join(getattr(expected, "model_fields", None) or ()) or "no fields"
    form = _form(info) or "see this operation on /docs"
    count = context.get("min_length" if item["type"] == "too_short" else "max_length")
    # Only our own templates are formatted: a message may quote the input, braces and all.
    said = {"limit": context.get("max_length"), "actual": len(sent) if isinstance(sent, str) else None, **context}
    return fix.format(fields=fields, form=form, items="item" if count == 1 else "items", **said)


def _field_at(model: type[BaseModel], loc: tuple) -> tuple[type[BaseModel] | None, object | None]:
    """The object model an error location ends in, and its last named field's FieldInfo (None at the top)."""
    holder, info = model, None
    for index, part in enumerate(loc):
        if isinstance(part, int):
            continue
        fields = getattr(holder, "model_fields", None) or {}
        if part not in fields:
            return holder, info
        info = fields[part]
        inner = _model_in(info.annotation)
        if inner is not None and index < len(loc) - 1:
            holder = inner
    return holder, info


def _form(info) -> str | None:
    """The form a field's description gives it: the description up to its first colon (a field with a pattern says
    its form first, `the client's id for this request (1-64 of ...)`), looked for through optionals and Annotated."""
    found = [info.description] if info is not None else []
    pending = [info.annotation] if info is not None else []
    while pending and not any(found):
        for argument in typing.get_args(pending.pop()):
            found.append(getattr(argument, "description", None) if isinstance(argument, FieldInfo) else None)
            pending.append(argument)
    description = next((text for text in found if text), None)
    return description.split(": ", 1)[0] if description else None


def _model_in(annotation) -> type[BaseModel] | None:
    """The object model an annotation holds, through lists, optionals and Annotated (the first one found)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for argument in typing.get_args(annotation):
        found = _model_in(argument)
        if found is not None:
            return found
    return None


def invalid_fields(errors: list[dict]) -> ApiProblem:
    """Return the 422 problem listing `errors`, each a bad field's pointer, location and detail."""
    count = f"{len(errors)} fields are" if len(errors) > 1 else "1 field is"
    return ApiProblem(422, say("problem.invalid_fields", count=count), errors=errors)


def problem_body(
    status: int, detail: str, slug: str | None = None, errors: list[dict] | None = None, extra: dict | None = None
) -> dict:
    """Return the problem document for `status`; the one place its shape is decided.

    `extra`: members a problem type adds (RFC 9457 section 3.2), like a table refusal's `code` and `objections`.
    """
    slug = slug if slug in PROBLEM_TYPES else SLUG_BY_STATUS.get(status, "http-error")
    title = PROBLEM_TYPES[slug][0] if slug != "http-error" else HTTP_STATUS_CODES.get(status, "HTTP error")
    body = {"type": _type_uri(slug), "title": title, "status": status, "detail": detail}
    if errors is not None:
        body["errors"] = errors
    for name, value in (extra or {}).items():
        body.setdefault(name, value)
    return body


def _type_uri(slug: str) -> str:
    try:
        return url_for("openapi.docs", _anchor=f"problem-{slug}")
    except RuntimeError:  # no app or request context (the worker's own answers): the docs' path as the app serves it
        return f"/docs#problem-{slug}"
    except BuildError:  # no docs route: RFC 9457's default type
        return "about:blank"


def wants_html() -> bool:
    """Tell whether the client is a browser asking for a page (then errors are HTML)."""
    if request.path.startswith(JSON_PATHS):
        return False
    best = request.accept_mimetypes.best_match([PROBLEM_JSON, "application/json", "text/html"])
    return best == "text/html"


def problem_response(status: int, detail: str, **options) -> Response:
    """Return the response carrying a problem (`options`: `ApiProblem`'s keywords): JSON for API clients, HTML
    for browsers."""
    return ApiProblem(status, detail, **options).response()


# What we say for HTTP errors raised by Flask and Werkzeug; their own
# descriptions talk about "the server" and say nothing of the fix.
def _http_detail(error: HTTPException) -> str:
    if error.code == 404:
        return f"Nothing at {request.path}. The API's operations are listed at /openapi.json and described at /docs."
    if error.code == 405:
        allowed = ", ".join(m for m in (error.valid_methods or []) if m not in ("HEAD", "OPTIONS"))
        return f"{request.method} is not allowed on {request.path}: use {allowed or 'another path'}."
    if error.code == 413:
        return _too_large_detail()
    return error.description or HTTP_STATUS_CODES.get(error.code, "HTTP error")


def handle_http_exception(error: HTTPException):
    headers = {
        name: value for name, value in error.get_headers() if name.lower() != "content-type"
    }  # keeps Allow on 405
    return problem_response(error.code, _http_detail(error), headers=headers)


def handle_api_problem(problem: ApiProblem):
    return problem.response()


def handle_refused(error: Refused):
    """Answer input the engine refused: a 422 whose pointer is the refusal's path, whatever its message says."""
    location = "body" if request.is_json else "query"
    return handle_api_problem(
        invalid_fields([{"pointer": json_pointer(error.path), "location": location, "detail": str(error)}])
    )


def handle_rejected(error: Rejected):
    """Answer an action the table refuses as the game stands: a 409 naming the reason (and a claim's objections)."""
    extra = {"code": error.code, **error.detail}
    if error.objections:
        extra["objections"] = error.objections
    return handle_api_problem(ApiProblem(error.status, error.message, extra=extra))


def handle_forbidden(error: Forbidden):
    """Answer a token that does not act for this: a 401 asking for one when none was sent, else a 403."""
    from .tables import bearer_token

    if bearer_token() is None:
        headers = {"WWW-Authenticate": "Bearer"}
        return handle_api_problem(ApiProblem(error.no_token_status, error.message, headers=headers))
    return handle_api_problem(ApiProblem(error.status, error.message))


def handle_not_found(error: NotFound):
    """Answer a join code no table has: a 404 (app/serving/limiter.py counts it against the address)."""
    return handle_api_problem(ApiProblem(error.status, error.message, slug="table-not-found"))


def handle_busy(error: Busy):
    """Answer an action that lost its races for the table until its budget ran out: a 503 to retry, not a 500."""
    headers = {"Retry-After": str(error.retry_after)}
    return handle_api_problem(ApiProblem(error.status, error.message, slug="table-busy", headers=headers))


def handle_slowed(error: Slowed):
    """Answer a seat whose refused attempts come too fast: a 429 naming the wait, nothing written."""
    headers = {"Retry-After": str(error.retry_after)}
    return handle_api_problem(ApiProblem(error.status, error.message, slug="refusals-too-fast", headers=headers))


# What a 503 from the database says to do: the request changed nothing, so sending it again is safe.
RETRY_SOON = "nothing was changed: retry in a few seconds."


def handle_database_unavailable(error: Exception):
    """Answer a request whose database is down or unreachable (or, on SQLite, locked too long): a 503 to retry."""
    current_app.logger.warning("Database unavailable for %s %s: %s", request.method, request.path, error)
    detail = f"The service cannot reach its database right now; {RETRY_SOON}"
    return handle_api_problem(ApiProblem(503, detail, slug="database-unavailable", headers={"Retry-After": "5"}))


# A database that is down, restarting or unreachable: SQLAlchemy wraps the driver's errors as these two.
DATABASE_UNAVAILABLE = (sqlalchemy.exc.OperationalError, sqlalchemy.exc.InterfaceError)


def handle_pool_timeout(error: Exception):
    """Answer a request that waited too long for a database connection: a 503 to retry, not a 500."""
    current_app.logger.warning("No database connection free for %s %s: %s", request.method, request.path, error)
    detail = f"The service is too busy to reach its database right now; {RETRY_SOON}"
    return handle_api_problem(ApiProblem(503, detail, slug="database-busy", headers={"Retry-After": "2"}))


# What a 500 says, wherever it is answered (here, and by the worker for what gunicorn could not take).
SERVER_ERROR = "Something went wrong on our side; it has been logged. Try again, and report it if it persists."


def handle_unexpected(error: Exception):
    current_app.logger.exception("Unhandled error on %s %s", request.method, request.path)
    return problem_response(500, SERVER_ERROR)


def reject_oversized_body():
    """Refuse a body over MAX_BODY_BYTES before anything reads it (werkzeug also caps streamed bodies)."""
    length = request.content_length
    if length is not None and length > current_app.config["MAX_BODY_BYTES"]:
        raise ApiProblem(413, _too_large_detail())


def refuse_content_encoding():
    """Refuse a compressed body (415): read as it is, it would be taken for garbage, or worse, for something else."""
    coding = request.headers.get("Content-Encoding", "").strip().lower()
    if coding and coding != "identity":
        raise ApiProblem(
            415,
            f"The body is sent with Content-Encoding: {coding}, which this service does not read: send it uncompressed.",
            headers={"Accept-Encoding": "identity"},
        )


def _too_large_detail() -> str:
    limit = current_app.config["MAX_BODY_BYTES"]
    return f"The body is over {limit} bytes: send a smaller request (split a long list into several requests)."


def init_app(app: Flask) -> None:
    """Make every error, expected or not, leave as a problem document."""
    app.register_error_handler(HTTPException, handle_http_exception)
    app.register_error_handler(ApiProblem, handle_api_problem)
    app.register_error_handler(Refused, handle_refused)
    app.register_error_handler(Rejected, handle_rejected)
    app.register_error_handler(Forbidden, handle_forbidden)
    app.register_error_handler(NotFound, handle_not_found)
    app.register_error_handler(sqlalchemy.exc.TimeoutError, handle_pool_timeout)
    app.register_error_handler(Busy, handle_busy)
    app.register_error_handler(Slowed, handle_slowed)
    for error in DATABASE_UNAVAILABLE:
        app.register_error_handler(error, handle_database_unavailable)
    app.register_error_handler(Exception, handle_unexpected)
    app.before_request(reject_oversized_body)
    app.before_request(refuse_content_encoding)
