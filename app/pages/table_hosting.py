"""A live table's page for a phone that lost its seat, and the join link's QR code.

    POST /tables/<code>/ask     a seat's button on the join page, for a seat another phone holds: ask the host
                                for it back (docs/rules/tables.md, ruling 4)
    GET  /tables/<code>/qr.svg  the QR code of the join link (segno); `?lan=1`, for a host who opened the
                                service as localhost: the link at the machine's LAN address (table_lan.py)

The rest of the host's own actions (hand the host role on, remove a seat, undo) are forms of the host's page and
of a playing host's seat page (app/pages/tables.py), posted there like every host action.
"""

from __future__ import annotations

import io

import segno
from flask import make_response, redirect, request, url_for

from solver.errors import Refused
from tables.events import Actor, Forbidden, NotFound, Rejected

from ..tables import tables
from .blueprint import bp
from .table_forms import PageRefusal, form_int, request_id
from .table_join import join_refused
from .table_lan import lan_context
from .tables import SEAT_COOKIE, cookie_actor, not_found, table_code


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
        if (cookie_actor(code, SEAT_COOKIE) or Actor()).seat == seat:  # its own seat: back to it, nothing to ask
            return redirect(url_for("pages.table_play", code=code), code=303)
        tables().act_with_token(code, None, {"type": "ask_seat", "seat": seat}, request_id=rid, anyone=True)
    except (Rejected, PageRefusal, Refused, Forbidden) as error:
        return join_refused(code, error)  # a seat it does not have: a guess, as a refused join is
    return redirect(url_for("pages.table_join", code=code, asked=seat), code=303)


@bp.get("/tables/<code>/qr.svg")
def table_qr(code: str):
    """The QR code of the join link, as SVG (drawn by segno)."""
    try:
        code = table_code(code)
        tables().state(code)
    except NotFound as error:
        return not_found(error)
    buffer = io.BytesIO()
    url = url_for("pages.table_join", code=code, _external=True)
    lan = lan_context(url_for("pages.table_join", code=code))["lan"] if request.args.get("lan") else None
    url = lan["join_url"] if lan and lan["join_url"] else url  # the machine's LAN address, for a localhost host
    segno.make(url, error="m").save(buffer, kind="svg", scale=8, border=2, title=f"Join table {code}")
    response = make_response(buffer.getvalue())
    response.mimetype = "image/svg+xml"
    response.headers["Cache-Control"] = "no-cache"
    return response
