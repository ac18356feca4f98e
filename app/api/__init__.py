"""The JSON API, `/api/v1`: one blueprint, one module per resource.

Each resource module has its own `bp` (flaskr style) and its views use
`@operation` (app/api/operation.py) to validate input and to appear in the
OpenAPI document. A new resource is a new module added to `RESOURCES`; an
operation of a resource may live in a module of its own on the resource's
`bp` (score_sheets.py: `POST /wordsmith/score`, operationId `wordsmith_score`).
"""

from __future__ import annotations

from flask import Blueprint

from . import (  # noqa: F401 - score_sheets: its route is on wordsmith's bp; table_*: on tables'
    booksmack,
    colorsmash,
    meta,
    racks,
    score_sheets,
    table_booksmack,
    table_events,
    table_hosting,
    table_votes,
    tables,
    words,
    wordsmith,
)

__all__ = ["RESOURCES", "bp"]

RESOURCES = [meta, words, wordsmith, racks, booksmack, colorsmash, tables]

bp = Blueprint("api", __name__, url_prefix="/api/v1")
for resource in RESOURCES:
    bp.register_blueprint(resource.bp)
