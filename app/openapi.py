"""The OpenAPI document, `GET /openapi.json`, and its readable form, `GET /docs`.

Both are generated from the app itself: every route whose view carries an
`Operation` (set by `@operation`, app/api/operation.py) becomes an operation,
its path and query parameters read from its `params` model, its body from its
`body` model, its success response from its `response` type, and the problem
responses it can give from which of those it has. The schemas come from
pydantic (`TypeAdapter.json_schemas`, JSON Schema 2020-12, hence OpenAPI 3.1)
and live under `components/schemas`. The limits in them are the running
app's (see `Limit`), so the document is built per app and cached on it.
"""

from __future__ import annotations

import re
from importlib import metadata

from flask import Blueprint, Flask, current_app, jsonify, render_template
from pydantic import TypeAdapter
from pydantic.json_schema import GenerateJsonSchema
from werkzeug.exceptions import HTTPException

from .errors import PROBLEM_JSON, PROBLEM_TYPES, Problem

__all__ = ["bp", "build_document"]

bp = Blueprint("openapi", __name__)

REF = "#/components/schemas/{model}"
UNDOCUMENTED_METHODS = {"HEAD", "OPTIONS"}
# The problem responses an operation can give, by what it takes: each status with the problem types it comes with
# (app/errors.py PROBLEM_TYPES, where each type is described once, and which /docs lists by its anchor).
STATUS_PROBLEMS = {
    "BadRequest": (400, ("bad-request", "invalid-json")),
    "Unauthorized": (401, ("unauthorized",)),
    "Forbidden": (403, ("forbidden",)),
    "NotFound": (404, ("not-found", "table-not-found")),
    "Conflict": (409, ("rejected",)),
    "ContentTooLarge": (413, ("too-large",)),
    "UnsupportedMediaType": (415, ("unsupported-media-type",)),
    "ValidationFailed": (422, ("validation",)),
    "TooManyRequests": (429, ("too-many-requests", "too-many-streams", "too-many-connections", "refusals-too-fast")),
    "InternalError": (500, ("internal",)),
    "Unavailable": (
        503,
        ("streams-full", "table-streams-full", "table-busy", "database-busy", "database-unavailable", "work-budget"),
    ),
}


def _described(slugs: tuple[str, ...]) -> str:
    """A response's description: each problem type it may carry, as /docs describes it."""
    return " Or: ".join(
        f"{PROBLEM_TYPES[slug][0]} (`/docs#problem-{slug}`): {PROBLEM_TYPES[slug][1]}" for slug in slugs
    )


ERROR_RESPONSES = {name: (status, _described(slugs)) for name, (status, slugs) in STATUS_PROBLEMS.items()}
PROBLEM_BY_STATUS = {status: name for name, (status, _) in ERROR_RESPONSES.items()}


class _Generator(GenerateJsonSchema):
    """Pydantic's schemas without a `title` on every field: the field name says it."""

    def field_title_should_be_set(self, schema) -> bool:
        return False


def _openapi_path(rule: str) -> str:
    """Return a werkzeug rule (`/words/<path:word>`) as an OpenAPI path (`/words/{word}`)."""
    return re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule)


def _operations(app: Flask):
    """Yield (path, method, endpoint, path argument names, Operation) for each documented view, sorted."""
    found = []
    for rule in app.url_map.iter_rules():
        described = getattr(app.view_functions.get(rule.endpoint), "operation", None)
        if described is None:
            continue
        for method in sorted(rule.methods - UNDOCUMENTED_METHODS):
            found.append((_openapi_path(rule.rule), method.lower(), rule.endpoint, set(rule.arguments), described))
    return sorted(found, key=lambda item: (item[0], item[1]))


def _query_schema(schema: dict) -> dict:
    """Return a parameter's schema without `null`: a query string cannot send one (absent means default)."""
    schema = dict(schema)
    options = [s for s in schema.pop("anyOf", []) if s.get("type") != "null"]
    if len(options) == 1:
        schema = {**options[0], **schema}
    elif options:
        schema["anyOf"] = options
    if schema.get("default", 0) is None:
        del schema["default"]
    return schema


def _parameters(definition: dict, path_names: set[str]) -> list[dict]:
    """Return the OpenAPI parameters described by a `params` model's schema."""
    required = set(definition.get("required", ()))
    parameters = []
    for field, schema in definition["properties"].items():
        schema = _query_schema(schema)
        description = schema.pop("description", None)
        parameter = {
            "name": field,
            "in": "path" if field in path_names else "query",
            "required": field in path_names or field in required,
            "schema": schema,
        }
        if description:
            parameter["description"] = description
        parameters.append(parameter)
    return parameters


def _problem(name: str) -> dict:
    return {"$ref": f"#/components/responses/{name}"}


def build_document(app: Flask) -> dict:
    """Return the OpenAPI 3.1 document of `app`'s API."""
    operations = _operations(app)
    inputs = {(Problem, "serialization")}
    for *_, described in operations:
        inputs.add((described.response, "serialization"))
        inputs |= {(model, "validation") for model in (described.params, described.body) if model is not None}
    with app.app_context():  # the limits in the schemas are this app's
        refs, definitions = TypeAdapter.json_schemas(
            [(kind, mode, TypeAdapter(kind)) for kind, mode in sorted(inputs, key=lambda k: (str(k[0]), k[1]))],
            ref_template=REF,
            schema_generator=_Generator,
        )
    defs = definitions.get("$defs", {})
    parameter_models = set()  # their schemas become parameters, not components

    paths: dict[str, dict] = {}
    for path, method, endpoint, path_names, described in operations:
        responses = {
            str(described.status): {
                "description": described.summary or "OK",
                "content": {described.media_type: {"schema": refs[(described.response, "serialization")]}},
            }
        }
        entry = {
            "operationId": endpoint.removeprefix("api.").replace(".", "_"),
            "tags": [endpoint.split(".")[-2]] if "." in endpoint else [],
            "summary": described.summary,
            "responses": responses,
        }
        if described.description:
            entry["description"] = described.description
        if described.params is not None:
            name = refs[(described.params, "validation")]["$ref"].rsplit("/", 1)[1]
            parameter_models.add(name)
            entry["parameters"] = _parameters(defs[name], path_names)
            if path_names:
                responses["404"] = _problem("NotFound")
            responses["422"] = _problem("ValidationFailed")
        if described.body is not None:
            entry["requestBody"] = {
                "required": described.body_required,
                "content": {"application/json": {"schema": refs[(described.body, "validation")]}},
            }
            responses.update(
                {
                    "400": _problem("BadRequest"),
                    "413": _problem("ContentTooLarge"),
                    "415": _problem("UnsupportedMediaType"),
                    "422": _problem("ValidationFailed"),
                }
            )
        for status in described.problems:
            responses[str(status)] = _problem(PROBLEM_BY_STATUS[status])
        responses["500"] = _problem("InternalError")
        entry["responses"] = dict(sorted(responses.items()))
        paths.setdefault(path, {})[method] = entry

    _document_shadowed_operations(app, paths)
    problem = refs[(Problem, "serialization")]
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Wordsmith judge",
            "version": _version(),
            "description": "Judge words and table word games (Wordsmith, Booksmack, Color Smash). "
            "Errors are RFC 9457 problem documents (application/problem+json).",
        },
        "paths": paths,
        "components": {
            "schemas": {name: schema for name, schema in sorted(defs.items()) if name not in parameter_models},
            "responses": {
                name: {"description": description, "content": {PROBLEM_JSON: {"schema": problem}}}
                for name, (_, description) in ERROR_RESPONSES.items()
            },
        },
    }


def _document_shadowed_operations(app: Flask, paths: dict[str, dict]) -> None:
    """Add the operations a templated path also serves at a concrete one.

    `GET /api/v1/words/check` is the lookup of the word "check": werkzeug routes
    it to `GET /words/{word}`, but OpenAPI matches a concrete path before a
    templated one, so the document must say so at `/words/check` itself.
    """
    adapter = app.url_map.bind("localhost")
    templated = {path: operations for path, operations in paths.items() if "{" in path}
    for path in [p for p in paths if "{" not in p]:
        for method in ("get", "put", "post", "delete", "patch"):
            if method in paths[path]:
                continue
            try:
                endpoint, values = adapter.match(path, method.upper())
            except HTTPException:
                continue
            for template, operations in templated.items():
                served = operations.get(method)
                if served and served["operationId"] == endpoint.removeprefix("api.").replace(".", "_"):
                    fixed = ", ".join(f"{name} = {value!r}" for name, value in values.items())
                    paths[path][method] = {
                        **served,
                        "operationId": f"{served['operationId']}_at_{path.rstrip('/').rsplit('/', 1)[1]}",
                        "summary": f"{served['summary']} ({template} with {fixed})",
                        "parameters": [p for p in served.get("parameters", []) if p["in"] != "path"],
                        "responses": {status: r for status, r in served["responses"].items() if status != "404"},
                    }


def _version() -> str:
    try:
        return metadata.version("wordsmith-judge")
    except metadata.PackageNotFoundError:
        return "0.0.0"


def document() -> dict:
    """Return the current app's OpenAPI document, built on first use."""
    extensions = current_app.extensions
    if "wordsmith.openapi" not in extensions:
        extensions["wordsmith.openapi"] = build_document(current_app._get_current_object())
    return extensions["wordsmith.openapi"]


@bp.get("/openapi.json")
def openapi_json():
    return jsonify(document())


@bp.get("/docs")
def docs():
    spec = document()
    statuses = {f"#/components/responses/{name}": status for name, (status, _) in ERROR_RESPONSES.items()}
    return render_template("docs.html", spec=spec, problem_types=PROBLEM_TYPES, statuses=statuses)
