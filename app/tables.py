"""Live tables in the app: the one `Tables` service per app, and who a request acts for.

    from app.tables import tables, bearer_token
    state = tables().state(code)

`init_app` builds the store from `DATABASE_URL` (`WORDSMITH_DATABASE_URL`;
unset: SQLite in the app's instance folder, created on first start) and the
service over the app's lexicons. The API reads tokens from
`Authorization: Bearer`, the pages from a per-table HttpOnly cookie.
"""

from __future__ import annotations

from flask import Flask, current_app, request

__all__ = ["bearer_token", "init_app", "tables"]


def init_app(app: Flask) -> None:
    from tables.service import Tables
    from tables.store import Store

    from .resources import resources

    with app.app_context():
        shared = resources()
    store = Store(
        app.config["DATABASE_URL"], instance_path=app.instance_path, pool_size=app.config["DATABASE_POOL_SIZE"]
    )
    settings = {
        "objection_seconds": app.config["OBJECTION_SECONDS"],
        "table_idle_days": app.config["TABLE_IDLE_DAYS"],
        "table_max_events": app.config["TABLE_MAX_EVENTS"],
    }
    app.extensions["tables"] = Tables(
        store, {name: shared.lexicons[name] for name in shared.lexicons}, settings=settings, alphabet=shared.alphabet
    )


def tables():
    """The current app's `Tables` service."""
    return current_app.extensions["tables"]


def bearer_token() -> str | None:
    """The token of the request's `Authorization: Bearer <token>`, or None."""
    return bearer(request.headers.get("Authorization", ""))


def bearer(authorization: str) -> str | None:
    """The token of an `Authorization` header's value `Bearer <token>`, or None."""
    scheme, _, token = authorization.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None
