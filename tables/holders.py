"""Who acts for a seat at a table: the events that give a seat's token to another phone or stop it, the token
rows an event writes in its own transaction, and who asked for what (stored with a request id). Used by the
service (tables/service.py) and the event streams (app/serving/streams.py)."""

from __future__ import annotations

import hashlib
import json

from .codes import hash_token, new_token
from .events import Actor, NewEvent

__all__ = ["SEAT_TOKEN_EVENTS", "request_signature", "revoked", "stops_token"]

# The events that give a seat's token to another phone, or to no one.
SEAT_TOKEN_EVENTS = ("seat_joined", "seat_released", "seat_removed")


def request_signature(actor: Actor, action: dict) -> str:
    """Who asked for what, as stored with a request id: the actor and a digest of the action (at most 32 characters).

    >>> request_signature(Actor(seat=2), {"type": "claim", "word": "bag"})
    'seat:2 81ab18bda1fb39a2385dd083e'
    """
    who = "host" if actor.host else f"seat:{actor.seat}" if actor.seat else "anyone"
    what = json.dumps(action, sort_keys=True, separators=(",", ":"), default=str)
    return f"{who} {hashlib.sha256(what.encode()).hexdigest()[: 31 - len(who)]}"


def stops_token(event) -> int | None:
    """The holder whose token `event` stops (a seat's number, 0 the host's), or None: a seat joined (its old phone's
    token replaced), released or removed; the host role handed on (the host's token replaced)."""
    if event.type in SEAT_TOKEN_EVENTS:
        return event.data.get("seat")
    return 0 if event.type == "host_handed" else None


def revoked(new: list[NewEvent]) -> tuple[tuple[int, str], ...]:
    """The token rows a released seat gets: the hash of a token no one is given, in place of its phone's.

    The store keeps one token per seat and an append replaces it in the same
    transaction as the events (a join's new token rides the same way), so the
    old token acts for no one from the instant the `seat_released` event exists,
    and the next join writes the new phone's token over this one.
    """
    rows = []
    for event in new:
        if event.type in ("seat_released", "seat_removed"):
            rows.append((event.data["seat"], hash_token(new_token())))
        elif event.type == "host_handed":  # the host role is the seat's phone's now: the host token stops
            rows.append((0, hash_token(new_token())))
    return tuple(rows)
