"""`@operation`: validate a view's input with pydantic models, and describe it for OpenAPI.

    @bp.post("/check")
    @operation(body=CheckWords, response=CheckOut)
    def check(body: CheckWords):
        \"\"\"Judge up to 50 words.\"\"\"
        ...
        return result.to_dict()

`params` is one model for the path and query parameters together: fields
named in the route's path (`<path:word>`) are path parameters, the others the
query string. `body` is the JSON body's model. The view receives validated
`params=` and `body=` and returns a dict, which goes to the app's JSON
provider (`app.json`, app/json_provider.py): the one way a view answers. Bad input never reaches it: an
unreadable body is a 400 or 415, a field that does not validate a 422 with a
JSON pointer to each bad field. The OpenAPI document (app/openapi.py) is built
from `view.operation`, so a new operation appears there without more code.
"""

from __future__ import annotations

import functools
import inspect
import json
import types
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Union, get_args, get_origin

from flask import Response, current_app, request
from pydantic import BaseModel, ValidationError
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from solver.errors import Refused

from ..errors import ApiProblem, field_errors, invalid_fields

__all__ = ["Operation", "operation", "parse_json", "read_json", "validate"]


@dataclass(frozen=True)
class Operation:
    """What the OpenAPI document says about one view."""

    response: Any
    params: type[BaseModel] | None = None
    body: type[BaseModel] | None = None
    summary: str = ""
    description: str = ""
    status: int = 200  # the success status (201 for what a request creates)
    media_type: str = "application/json"  # the success answer's type (an event stream, an SVG)
    problems: tuple[int, ...] = ()  # problem statuses besides those the params and body imply (401, 403, 409, 429)
    body_required: bool = True  # False: a request without a body is read as `{}` (the body's defaults)


def operation(
    *,
    response: Any,
    params: type[BaseModel] | None = None,
    body: type[BaseModel] | None = None,
    refused_at: str | None = None,
    status: int = 200,
    media_type: str = "application/json",
    problems: tuple[int, ...] = (),
    body_required: bool = True,
) -> Callable:
    """Decorate a view: validate its `params` and `body`, and describe it (summary: the docstring).

    The engine's `Refused` leaves the view as a 422 at the refusal's path
    (app/errors.py). `refused_at` names the field a plain ValueError from the
    engine points at, for refusals that do not carry their path yet; the
    message is never read for it.

    `status` is the success status the view answers with; a view whose
    answer is not JSON (`media_type`: an event stream, an SVG) returns its own
    `Response`, which goes out as it is. `problems` lists the problem
    statuses the OpenAPI document declares besides those `params` and `body`
    imply. With `body_required=False`, a request sending no body at all gets
    the body model's defaults.
    """

    def decorate(view: Callable) -> Callable:
        summary, _, description = (inspect.getdoc(view) or view.__name__).partition("\n")

        @functools.wraps(view)
        def validated_view(**path_values: str):
            kwargs = {}
            if path_values and params is None:
                raise TypeError(
                    f"{view.__name__}: declare the path parameters {sorted(path_values)} in a `params` model"
                )
            if params is not None:
                values = {**query_values(params), **path_values}
                kwargs["params"] = validate(params, values, where={name: "path" for name in path_values})
            if body is not None:
                sent = body_required or request.content_length or request.is_json
                kwargs["body"] = validate(body, read_json() if sent else {}, where="body")
            try:
                result = view(**kwargs)
            except Refused:
                raise
            except ValueError as error:
                if refused_at is None:
                    raise
                raise Refused(str(error), (refused_at,)) from error
            if isinstance(result, Response):
                return result
            answer = current_app.json.response(result)
            answer.status_code = status
            return answer

        validated_view.operation = Operation(
            response,
            params,
            body,
            summary.strip(),
            description.strip(),
            status,
            media_type,
            tuple(problems),
            body_required,
        )
        return validated_view

    return decorate


def validate(model: type[BaseModel], data: Any, where: dict[str, str] | str) -> BaseModel:
    """Return `data` validated into `model`, or raise a 422 problem listing each bad field."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise invalid_fields(field_errors(error, model, where)) from None


def _takes_list(annotation: Any) -> bool:
    origin = get_origin(annotation)
    if origin in (list, tuple, set, frozenset):
        return True
    return origin in (Union, types.UnionType) and any(_takes_list(arg) for arg in get_args(annotation))


def query_values(model: type[BaseModel]) -> dict[str, Any]:
    """Return the query string as a dict: a list for list fields, else the single value. A field that takes one
    value given more than once is a 422 naming it (`?lexicon=small&lexicon=large`: which one was meant?)."""
    values, repeated = {}, []
    for key, items in request.args.lists():
        field = model.model_fields.get(key)
        if field is not None and _takes_list(field.annotation):
            values[key] = items
        elif len(items) > 1 and field is not None:
            repeated.append(
                {
                    "pointer": f"/{key}",
                    "location": "query",
                    "detail": f"given {len(items)} times: give {key} once",
                }
            )
        else:
            values[key] = items if len(items) > 1 else items[0]
    if repeated:
        raise invalid_fields(repeated)
    return values


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


# One decoder for every body: json.loads with an option builds a new decoder (and its scanner) per call.
_DECODER = json.JSONDecoder(parse_constant=_reject_constant)


def _body_bytes() -> bytes:
    """Return the raw body, refusing one over the cap with a 413.

    With a Content-Length (already checked against the cap before any view,
    by errors.reject_oversized_body; checked again here) the body is read
    straight from the WSGI input: werkzeug's stream wrapper cost as much as
    validating the body does. A streamed (chunked) body has no length to
    trust: one byte more than the cap is read, so a body of exactly the cap is
    taken, as it is with a Content-Length (werkzeug's own limited stream
    refuses it). Only a server that ends a streamed body itself
    (`wsgi.input_terminated`, as gunicorn does) gets one read; from another,
    as from werkzeug, a streamed body reads as empty.
    """
    cap = current_app.config["MAX_CONTENT_LENGTH"]
    length = request.content_length
    stream = request.environ["wsgi.input"]
    if length is None:
        if request.environ.get("wsgi.input_terminated"):
            raw = _read_streamed(stream, cap + 1)
            if len(raw) > cap:
                raise RequestEntityTooLarge()
            return raw
        return b""
    if length > cap:
        raise RequestEntityTooLarge()
    raw = stream.read(length)
    if len(raw) < length:
        raise ApiProblem(
            400,
            f"The body ended after {len(raw)} of the {length} bytes its Content-Length announced: send it whole.",
            slug="invalid-json",
        )
    return raw


def _read_streamed(stream, most: int) -> bytes:
    """Read a streamed body to its end or to `most` bytes, whichever comes first."""
    chunks, size = [], 0
    try:
        while size < most:
            chunk = stream.read(most - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except HTTPException:
        raise
    except Exception as error:  # the server's chunk reader refusing the framing (gunicorn raises its own types)
        raise ApiProblem(
            400, f"The chunked body could not be read ({error}): send it with a Content-Length.", slug="bad-request"
        ) from None
    return b"".join(chunks)


def read_json() -> Any:
    """Return the request's JSON body, or raise a 415 (not JSON) or 400 (unreadable) problem."""
    if not request.is_json:
        sent = request.mimetype or "no Content-Type"
        raise ApiProblem(
            415,
            f"The body must be JSON, sent with Content-Type: application/json (this request sent {sent}).",
            headers={"Accept": "application/json"},
        )
    return parse_json(_body_bytes())


def parse_json(raw: bytes) -> Any:
    """Return the JSON a body's bytes hold, or raise a 400 problem (empty, unreadable, nested too deeply)."""
    if not raw.strip():
        raise ApiProblem(400, "The body is empty: send a JSON object.", slug="invalid-json")
    try:
        return _DECODER.decode(
            raw.decode(json.detect_encoding(raw), "surrogatepass")
        )  # what json.loads does with bytes
    except RecursionError:
        raise ApiProblem(
            400, "The body is nested too deeply to read: send a flat JSON object.", slug="invalid-json"
        ) from None
    except ValueError as error:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise ApiProblem(400, f"The body is not valid JSON: {error}.", slug="invalid-json") from None
