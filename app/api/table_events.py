"""Live tables: a table's event stream, on the tables' `bp` (docs/api.md, "Event streams").

    GET    /tables/{code}/events                the events as Server-Sent Events (app/serving/streams.py)

The pages follow the same stream at `/tables/<code>/events` (app/pages/tables.py, `table_events`), read as
the phone's cookie acts; both enter `table_stream`.
"""

from __future__ import annotations

import random

from flask import Response, current_app, request
from pydantic import Field

from tables import state as table_state
from tables.codes import read_code
from tables.events import Actor

from ..errors import invalid_fields
from ..serving import streams
from ..tables import bearer_token, tables
from .operation import operation
from .tables import SEQ, TablePath, acting, bp, shown

__all__ = ["EventsQuery", "table_stream"]


class EventsQuery(TablePath):
    after: str | None = Field(
        None,
        pattern=SEQ.pattern,
        description="a seq, 1-12 digits: send the events after it (the `Last-Event-ID` header, when sent, wins)",
    )


@bp.get("/tables/<code>/events")
@operation(params=EventsQuery, response=str, media_type="text/event-stream", problems=(403, 429, 503))
def events(params: EventsQuery):
    """The table's events as they happen (Server-Sent Events), resuming after `Last-Event-ID` or `?after=`."""
    since = tables().last_seq(params.code) if bearer_token() else 0  # read before the token is proven
    who = acting(params.code) if bearer_token() else None
    return table_stream(params.code, who, params.after, since=since)


def table_stream(
    code: str,
    who: Actor | None,
    after_param: str | None,
    part: streams.PartMaker | None = None,
    *,
    since: int = 0,
) -> Response:
    """The event stream of table `code` as `who` sees it (None: a viewer with no token), for the API's route
    (a bearer token) and the pages' (the phone's cookie, and `part`: the table's part after each run of events):
    a seat's or the host's stream is held apart from the viewers' (app/serving/streams.py, `take_slots`), and ends
    once an event after `since` (the table's seq read before its token was proven) stops that token."""
    service = tables()
    after = _resume_after(after_param)
    so_far = service.events(code)  # 404 for a table that does not exist
    state = table_state.fold(event for event in so_far if event.seq <= after)

    def show(new_events) -> list[dict]:
        for event in new_events:
            table_state.apply(state, event)
        return shown(state, new_events, who)

    created = table_state.fold(so_far[:1])  # the table's game, variants and seats
    config = current_app.config
    cursor = streams.StreamCursor(
        service,
        read_code(code),
        after,
        show,
        lifetime=config["EVENT_STREAM_SECONDS"],
        heartbeat=config["EVENT_HEARTBEAT_SECONDS"],
        rng=random.Random(),
        shared=not table_state.may_hide(created),
        part=part,
        holder=None if who is None else (who.seat or 0, since),
    )
    holder = None if who is None else "host" if who.host and who.seat is None else f"seat {who.seat}"
    return streams.open_stream(cursor, holder)


def _resume_after(after: str | None) -> int:
    """The seq to resume after: `Last-Event-ID` (what EventSource sends on reconnecting), else `?after=`, else 0.

    The stream's ids are seqs, so a `Last-Event-ID` that is not one (not 1-12 ASCII digits: `abc`, or `²`,
    which `str.isdigit` accepts and `int` does not) came from no stream of ours: a 422 naming the header.
    """
    last = request.headers.get("Last-Event-ID", "").strip()
    if not last:
        if after and SEQ.fullmatch(after) is None:  # the pages' route reads `?after=` unvalidated
            detail = "after: the seq to resume after, 1 to 12 digits 0-9 (or leave it out)"
            raise invalid_fields([{"pointer": "/after", "location": "query", "detail": detail}])
        return int(after) if after else 0
    if SEQ.fullmatch(last) is None:
        detail = "Last-Event-ID: the seq of the last event received, 1 to 12 digits 0-9 (or leave the header out)"
        raise invalid_fields([{"pointer": "/Last-Event-ID", "location": "header", "detail": detail}])
    return int(last)
