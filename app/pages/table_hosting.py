"""A live table's page for a phone that lost its seat: ask the host for it back (docs/rules/tables.md, ruling 4).

    POST /tables/<code>/ask     a seat's button on the join page, for a seat another phone holds

The rest of the host's own actions (hand the host role on, remove a seat, undo) are forms of the host's page and
of a playing host's seat page (app/pages/tables.py), posted there like every host action.
"""

from __future__ import annotations

from flask import redirect, url_for

from solver.errors import Refused
from tables.events import Actor, Forbidden, NotFound, Rejected

from ..serving import limiter
from ..tables import tables
from . import bp, render
from .tables import (
    HOST_COOKIE,
    SEAT_COOKIE,
    STATUS,
    PageRefusal,
    cookie_actor,
    form_int,
    not_found,
    page_context,
    refusal_notice,
    request_id,
    table_code,
)


@bp.post("/tables/<code>/ask")
def table_ask(code: str):
    """Ask the host for a seat another phone holds; back to the join page, which says the ask was sent."""
    try:
        code = table_code(code)
        state = tables().state(code)
    except NotFound as error:
        return not_found(error)
    try:
        rid = request_id()
        seat = form_int("seat", 1, len(state.seats))
        tables().act(code, Actor(), {"type": "ask_seat", "seat": seat}, request_id=rid)
    except (Rejected, PageRefusal, Refused, Forbidden) as error:
        limiter.count_failed_join()  # a seat it does not have: a guess, as a refused join is
        context = page_context(code, tables().state(code), cookie_actor(code, SEAT_COOKIE))
        host = cookie_actor(code, HOST_COOKIE) is not None
        return render("table_join.html", STATUS[type(error)], notice=refusal_notice(error), host=host, **context)
    return redirect(url_for("pages.table_join", code=code, asked=seat), code=303)
