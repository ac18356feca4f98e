"""The tables' schema as the queries see it, and the shapes rows take on their way in and out.

The migrations in tables/migrations/versions/ make the schema, each a frozen
copy of it at its revision (a migration never imports this module, which
moves on); tests/test_tables_store.py checks the two agree.

    tables    code, game, created_at, last_active
    events    code, seq, type, at, by, data (JSON text)         (code, seq) unique
    requests  code, request_id, first_seq, last_seq, actor      (code, request_id) unique
    tokens    code, seat (0: the host), token_hash              (code, seat) unique

A notification (PostgreSQL's NOTIFY) says "<code>:<last seq>", with the rows
it wrote when they fit: `notify_payload` writes it, `read_payload` reads it.
"""

from __future__ import annotations

import json
from typing import NamedTuple

import sqlalchemy as sa
from pydantic_core import to_json

from .events import Event, Refused

__all__ = [
    "NOTIFY_CHANNEL",
    "REQUEST_ID_MAX",
    "StoredRow",
    "check_request_id",
    "compact_json",
    "event_row",
    "events_t",
    "metadata",
    "notify_payload",
    "read_head",
    "read_payload",
    "read_rows",
    "requests_t",
    "row_event",
    "SEAT_OF_TOKEN",
    "tables_t",
    "tokens_t",
]

NOTIFY_CHANNEL = "wordsmith_tables"  # PostgreSQL NOTIFY channel; the payload: notify_payload
NOTIFY_PAYLOAD_BYTES = 7999  # PostgreSQL refuses a NOTIFY payload of 8000 bytes or more
REQUEST_ID_MAX = 64  # characters, the API's and the pages' limit too: a UUID is 36 (the column has room for 128)

metadata = sa.MetaData()
tables_t = sa.Table(
    "tables",
    metadata,
    sa.Column("code", sa.String(16), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("created_at", sa.String(32), nullable=False),
    sa.Column("last_active", sa.String(32), nullable=False),
    sa.Index("tables_last_active", "last_active"),
)


def _of_a_table(name: str, *columns: sa.Column | sa.Index) -> sa.Table:
    """A table of what belongs to one table: its `code` first in the primary key, its rows deleted with it."""
    code = sa.Column("code", sa.String(16), sa.ForeignKey("tables.code", ondelete="CASCADE"), primary_key=True)
    return sa.Table(name, metadata, code, *columns)


events_t = _of_a_table(
    "events",
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("type", sa.String(64), nullable=False),
    sa.Column("at", sa.String(32), nullable=False),
    sa.Column("by", sa.Integer, nullable=True),
    sa.Column("data", sa.Text, nullable=False),
)
requests_t = _of_a_table(
    "requests",
    sa.Column("request_id", sa.String(128), primary_key=True),  # as migration 0001 made it; ids take REQUEST_ID_MAX
    sa.Column("first_seq", sa.Integer, nullable=False),
    sa.Column("last_seq", sa.Integer, nullable=False),
    sa.Column("actor", sa.String(32), nullable=False),
)
tokens_t = _of_a_table(
    "tokens",
    sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("token_hash", sa.String(64), nullable=False),
    sa.Index("tokens_hash", "code", "token_hash", unique=True),
)


def check_request_id(request_id: str) -> None:
    if not isinstance(request_id, str) or not 1 <= len(request_id) <= REQUEST_ID_MAX:
        raise Refused(f"request_id must be 1 to {REQUEST_ID_MAX} characters (a UUID is 36)", ("request_id",))


class StoredRow(NamedTuple):
    """An event as stored: its data still JSON text."""

    code: str
    seq: int
    type: str
    at: str
    by: int | None
    data: str


def event_row(code: str, event: Event) -> dict:
    """An event as the `events` table takes it."""
    return {
        "code": code,
        "seq": event.seq,
        "type": event.type,
        "at": event.at,
        "by": event.by,
        "data": compact_json(event.data),
    }


def row_event(row) -> Event:
    """An Event of its own (its data freshly decoded) from a stored row."""
    return Event(row.seq, row.type, row.at, row.by, json.loads(row.data))


_EVENTS_AFTER = (
    sa.select(events_t.c.seq, events_t.c.type, events_t.c.at, events_t.c.by, events_t.c.data)
    .where(events_t.c.code == sa.bindparam("code"), events_t.c.seq > sa.bindparam("after"))
    .order_by(events_t.c.seq)
)


# The seat a token acts for at a table (0: the host): the store's reads and SQLite's appends ask it alike.
SEAT_OF_TOKEN = sa.select(tokens_t.c.seat).where(
    tokens_t.c.code == sa.bindparam("code", type_=sa.String),
    tokens_t.c.token_hash == sa.bindparam("token_hash", type_=sa.String),
)


def read_rows(connection, code: str, after: int) -> list[StoredRow]:
    """The stored rows of a table's events after `after`, in seq order."""
    return [StoredRow(code, *row) for row in connection.execute(_EVENTS_AFTER, {"code": code, "after": after})]


def compact_json(value) -> str:
    """`value` as compact JSON text, characters as they are: what `json.dumps(value, ensure_ascii=False,
    separators=(",", ":"))` writes, by pydantic-core (quicker). Only a float may be spelled otherwise
    (0.00006103515625 for 6.103515625e-05): the same value.

    Every stored event's data and every notification is written with it; the stream messages too
    (app/serving/streams.py). tests/test_tables_store.py holds the two writers equal on generated JSON values
    without floats, and every generated value read back equal.
    """
    return to_json(value).decode()


def notify_payload(code: str, rows: list[dict]) -> str:
    """What an append announces: "<code>:<last seq>", then a newline and the rows as JSON when they fit.

    The rows ride along so that another process's streams (and its fold
    cache) take the events from the notification instead of reading them
    back (tables/notify.py, `Listener`); too large for a payload, the
    announcement alone goes, and those followers read the store.
    """
    head = f"{code}:{rows[-1]['seq']}"
    body = compact_json([[row["seq"], row["type"], row["at"], row["by"], row["data"]] for row in rows])
    payload = f"{head}\n{body}"
    return payload if len(payload.encode()) <= NOTIFY_PAYLOAD_BYTES else head


def read_head(payload: str) -> tuple[str, int]:
    """The table code and last seq of a `notify_payload`, its rows left unread."""
    code, _, seq = payload.partition("\n")[0].rpartition(":")
    return code, int(seq)


def read_payload(payload: str) -> tuple[str, int, list | None]:
    """The table code, last seq and stored rows (None: not carried) of a `notify_payload`."""
    code, seq = read_head(payload)
    body = payload.partition("\n")[2]
    rows = [StoredRow(code, *row) for row in json.loads(body)] if body else None
    return code, seq, rows
