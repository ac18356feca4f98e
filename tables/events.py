"""The shapes a table is made of: events, who acts, and the refusals an action can meet.

An event, as stored and as exported in a table's record:

    {"seq": 7, "type": "claim", "at": "2026-11-30T18:40:02.120Z", "by": 2, "data": {...}}

`seq` counts from 1 per table (the first event is always `table_created`);
`by` is the seat number that acted (seats are numbered from 1), 0 for the
host, None for the app itself (an automatic event, e.g. `challenge_ended`);
`at` is UTC with milliseconds. `data` is plain JSON. Tokens never appear in an
event: the record is safe to download and share.

A game module (`tables/wordsmith/`, `tables/booksmack.py`) provides

    decide(state, actor, action, ctx) -> list[NewEvent]   # raise a refusal to change nothing
    apply(state, event) -> None                           # mutate the state being folded

`apply` must not judge again (the verdict is in the event's data) and must not
read the clock, the lexicon or anything but the state and the event: replaying
a record gives the same state on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from solver.errors import Refused, spelled

__all__ = [
    "Actor",
    "Context",
    "Event",
    "Forbidden",
    "NO_TOKEN",
    "UNKNOWN_TOKEN",
    "NewEvent",
    "NotFound",
    "Slowed",
    "REFUSED",
    "Refused",
    "Rejected",
    "aimed",
    "need_host",
    "need_seat_or_host",
    "only_host",
    "stamp",
]


def stamp(now: float) -> str:
    """An event's time: UTC, milliseconds, `Z` (seconds since the epoch in)."""
    return datetime.fromtimestamp(now, UTC).strftime("%Y-%m-%dT%H:%M:%S.") + f"{int(now * 1000) % 1000:03d}Z"


def aimed(action: dict, name: str, what: str | None = None) -> int | None:
    """The number an action says it was aimed at (`name`: its round, turn or challenge; `what` names it in the
    refusal when it is not `name`), or None when it does not say: another phone may have moved the table past it
    (tables/wordsmith/moved.py, tables/booksmack_moved.py)."""
    value = action.get(name)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        what = what or name
        raise Refused(f"{name}: the number of the {what} this action is for, from 1 (got {spelled(value)})", (name,))
    return value


def who(seats, actor: Actor, by: int | None, capital: bool = True) -> str:
    """Who entered or did something (`by`: a seat, 0 the host), as `actor`'s phone is told: "You" for its own act,
    else the seat's name in `seats`, or the host; `capital` False inside a sentence. Both games' races say it so."""
    if (by is not None and by == actor.seat) or (by == 0 and actor.host and actor.seat is None):
        said = "you"
    elif by:
        return seats[by - 1].name
    else:
        said = "the host"
    return said.capitalize() if capital else said


def epoch(at: str) -> float:
    """Seconds since the epoch of an event's time (`2026-11-30T18:40:02.120Z`): `stamp` read back."""
    return datetime.strptime(at, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC).timestamp()


@dataclass(frozen=True)
class Event:
    seq: int
    type: str
    at: str
    by: int | None
    data: dict[str, Any]

    def to_dict(self) -> dict:
        return {"seq": self.seq, "type": self.type, "at": self.at, "by": self.by, "data": self.data}

    @classmethod
    def from_dict(cls, value: dict) -> Event:
        return cls(
            int(value["seq"]), str(value["type"]), str(value["at"]), value.get("by"), dict(value.get("data") or {})
        )


@dataclass(frozen=True)
class NewEvent:
    """An event `decide` wants written; the service gives it its seq and time."""

    type: str
    data: dict[str, Any] = field(default_factory=dict)
    by: int | None = None


@dataclass(frozen=True)
class Actor:
    """Who sends an action: the host (`host=True`), a seat (`seat=n`), or both (a host who also sits)."""

    seat: int | None = None
    host: bool = False


@dataclass
class Context:
    """What `decide` may use besides the state: the lexicons, a random source, the clock (seconds since the epoch)."""

    lexicons: dict
    rng: random.Random
    now: float
    settings: dict = field(default_factory=dict)
    alphabet: Any = None
    clock: Callable[[], float] | None = None


class Rejected(Exception):
    """An action the table refuses as the game's rules stand (HTTP 409): it changes nothing.

    `code` is the one reason (`claim_refused`, `seat_taken`, `joining_locked`,
    `no_challenge`, `objection_window_closed` ...); `objections` carries the
    judge's objections for a refused claim, with the same codes as
    `/api/v1/wordsmith/judge`. `record`: events written although the action is
    refused (a refused claim is a public `claim_refused` event: everyone at the
    table hears a word yelled and refused); the service writes them, then refuses.
    """

    # The problem it is answered with (app/errors.py; the CLI's local backend says the same, cli/local_tables.py).
    status, title = 409, "Refused at this table"

    def __init__(
        self,
        code: str,
        message: str,
        objections: list[dict] | None = None,
        *,
        record: list[NewEvent] | None = None,
        **detail,
    ):
        super().__init__(message)
        self.code = code
        self.message = message
        self.objections = objections or []
        self.record = list(record or [])
        self.detail = detail

    @classmethod
    def seat_removed(cls, seat) -> Rejected:
        """A seat whose player left (docs/rules/tables.md, ruling 2): no one joins it, nothing is done for it."""
        return cls("seat_removed", f"Seat {seat.number} ({seat.name}) has left the table.", seat=seat.number)

    @classmethod
    def host_seat(cls, seat) -> Rejected:
        """The seat whose phone hosts the table is neither released nor removed while it hosts (ruling 1)."""
        return cls("host_seat", f"{seat.name}'s phone hosts the table: hand the host role on first.", seat=seat.number)


# The key, in an event's data, of the refusal it records (`Rejected.record`): a retry of its request is refused again.
REFUSED = "refused"
# The key, in such an event's data, of the refusal as its maker was told it (a claimant reads "Your pool ...", the
# table "Bob's pool ..."): {"message", "objections"}; a retry is told the same again.
OWN = "own"

# What a refused token is told, wherever the service or the store finds it wanting.
SEAT_OR_HOST = "This needs a seat's or the host's token"
NO_TOKEN = f"{SEAT_OR_HOST}: send it as 'Authorization: Bearer <token>'."
UNKNOWN_TOKEN = "This token acts for no seat at this table."


class Forbidden(Exception):
    """The actor may not do this (HTTP 403): not their seat, or not the host; with no token at all, HTTP 401."""

    status, title = 403, "Not yours to do"
    no_token_status, no_token_title = 401, "Token needed"

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class Busy(Exception):
    """The table is too busy to take this action now (HTTP 503 with Retry-After): nothing was written; retry it."""

    status, title = 503, "Table busy"
    retry_after = 1  # seconds

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class Slowed(Exception):
    """One seat's refused attempts came faster than the table takes them (HTTP 429 with Retry-After): nothing was
    written; `retry_after` is the seconds until the seat's next attempt is heard."""

    status, title = 429, "Too many refused attempts"

    def __init__(self, message: str, retry_after: int):
        super().__init__(message)
        self.message = message
        self.retry_after = retry_after


def only_host(what: str) -> str:
    """What a phone or a token that does not host is told when it asks to `what`."""
    return f"Only the host can {what}"


def need_host(actor: Actor, what: str = "do this") -> None:
    """Refuse (Forbidden) an actor who does not host: the one host check every game's and the table's actions make."""
    if not actor.host:
        raise Forbidden(f"{only_host(what)}: use the host's token.")


def need_seat_or_host(actor: Actor) -> None:
    """Refuse (Forbidden) an actor who neither holds a seat nor hosts: a viewer's token acts for no one."""
    if not actor.host and actor.seat is None:
        raise Forbidden(f"{SEAT_OR_HOST}.")


class NotFound(Exception):
    """No table has this code (or it expired, or the host deleted it): HTTP 404."""

    status, title = 404, "No such table"

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message

    @classmethod
    def gone(cls, code: str) -> NotFound:
        """No table has this code now: it expired, its host deleted it, or it never was."""
        return cls(f"No table has the code {code}: it may have expired or been deleted.")

    @classmethod
    def unreadable(cls, code: object) -> NotFound:
        """The code as typed cannot be one (`tables.codes.read_code`)."""
        return cls(f"No table has the code {str(code)[:12]!r}: a code is 6 letters and digits.")
