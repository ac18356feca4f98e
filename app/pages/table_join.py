"""Live tables' pages: joining a table (docs/pages.md, "Live tables").

    GET  /tables/<code>/join     the seats by name: tap yours
    POST /tables/<code>/join     take a seat: its token in this phone's cookie, then the seat's page

A seat token is derived from the join's request id and a secret this phone keeps (`PHONE_COOKIE`), so a
double tap gets the same token and the same form posted from another phone takes no seat (`seat_token`).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from flask import current_app, make_response, redirect, request, url_for

from solver.errors import Refused
from tables.events import Actor, Forbidden, NotFound, Rejected

from ..serving import limiter
from ..tables import tables
from .blueprint import bp, render
from .table_forms import STATUS, PageRefusal, form_int, refusal_notice, request_id
from .table_notes import join_notice, no_seat_to_pick
from .tables import (
    HOST_COOKIE,
    SEAT_COOKIE,
    SEAT_NUMBER_COOKIE,
    cookie_actor,
    not_found,
    page_context,
    set_token_cookie,
    table_code,
)

__all__ = ["PHONE_COOKIE", "join_refused", "seat_token"]

# A secret this phone keeps for the table (never shown, never stored by the server): a seat token is derived from
# it and the join's request id, so a retry of a join proves it comes from the phone that sent it (`seat_token`).
PHONE_COOKIE = "wordsmith_phone"


def seat_token(code: str, seat: int, rid: str, phone: str) -> str:
    """The seat token a join with this request id from this phone (its `PHONE_COOKIE` secret) gives: the same
    for a double-submitted join, another for the same request id sent from another phone.

    A random token would break a double tap: the service applies the repeated
    request id once and keeps the first token's hash, while the browser keeps
    the second answer's cookie. Derived from the app's secret key (HMAC), the
    request id alone does not give it; with the phone's secret in it, the
    service refuses a replay of the join from elsewhere (`Tables.join`).
    """
    key = current_app.config["SECRET_KEY"].encode()
    digest = hmac.new(key, f"seat-token:{code}:{seat}:{rid}:{phone}".encode(), hashlib.sha256).digest()
    return digest.hex()


# --- the view-model: what every table page shows -----------------------------------------------


@bp.get("/tables/<code>/join")
def table_join(code: str):
    """The join link: the table's seats by name; pick yours."""
    try:
        canonical = table_code(code)
        if canonical != code:
            return redirect(url_for("pages.table_join", code=canonical), code=303)
        state = tables().state(code)
    except NotFound as error:
        return not_found(error)
    seat, host = cookie_actor(code, SEAT_COOKIE), cookie_actor(code, HOST_COOKIE)
    notice = join_notice(request.args, state) if seat is None else None
    page = render(
        "table_join.html",
        notice=notice,
        host=host is not None,
        stuck=no_seat_to_pick(state),
        **page_context(code, state, seat),
    )
    return with_phone_secret(make_response(page), code)


def with_phone_secret(response, code: str, secret: str | None = None):
    """The response, with this phone's secret for the table (`PHONE_COOKIE`) set when it has none yet."""
    if PHONE_COOKIE not in request.cookies:
        set_token_cookie(response, PHONE_COOKIE, secret or secrets.token_hex(32), code)
    return response


def join_refused(code: str, error: Exception):
    """The join page again with the refusal; counted as a guess (a seat taken, a locked table, no such seat)."""
    limiter.count_failed_join()
    state = tables().state(code)
    context = page_context(code, state, cookie_actor(code, SEAT_COOKIE))
    host = cookie_actor(code, HOST_COOKIE) is not None
    notice = refusal_notice(error)
    return render(
        "table_join.html", STATUS[type(error)], notice=notice, host=host, stuck=no_seat_to_pick(state), **context
    )


@bp.post("/tables/<code>/join")
def table_join_post(code: str):
    """Take a seat: its token in this phone's cookie, then the seat's page."""
    try:
        code = table_code(code)
        state = tables().state(code)
    except NotFound as error:
        return not_found(error)
    try:
        rid = request_id()
        seat = form_int("seat", 1, len(state.seats))
        host = cookie_actor(code, HOST_COOKIE)
        phone = request.cookies.get(PHONE_COOKIE) or secrets.token_hex(32)
        token = seat_token(code, seat, rid, phone)
        mine = (cookie_actor(code, SEAT_COOKIE) or Actor()).seat == seat
        if mine and request.cookies.get(SEAT_COOKIE) != token:
            # This phone holds it already, by another join than this one (a repeat of that join is applied once
            # below): back to its page with the token it has, which a new one would only replace.
            return redirect(url_for("pages.table_play", code=code), code=303)
        if host is not None and state.seats[seat - 1].joined and not mine and request.form.get("confirm") != "1":
            # Another phone holds it: moving it asks first (the other phone loses the seat).
            context = page_context(code, state, cookie_actor(code, SEAT_COOKIE))
            return render("table_join.html", notice=None, host=True, confirm=state.seats[seat - 1], **context)
        # A seat a phone holds is refused to others (seat_taken); the host's phone may take it (to give it again).
        # A phone that plays for another seat joins with that seat's token: one phone, one seat (one_seat). A repeat
        # of its own join (a double tap) goes as it first went, with no token.
        elsewhere = not mine and cookie_actor(code, SEAT_COOKIE) is not None
        by = request.cookies.get(HOST_COOKIE) if host is not None else None
        if by is None and elsewhere:
            by = request.cookies.get(SEAT_COOKIE)
        tables().join(code, seat, request_id=rid, token=token, by=by)
    except (Rejected, PageRefusal, Refused, Forbidden) as error:
        return join_refused(code, error)
    response = redirect(url_for("pages.table_play", code=code), code=303)
    set_token_cookie(response, SEAT_COOKIE, token, code)
    set_token_cookie(response, SEAT_NUMBER_COOKIE, str(seat), code)
    return with_phone_secret(response, code, phone)
