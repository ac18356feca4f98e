"""Wordsmith at a table: who an action is for, and the fields every handler (play, claiming, dispute, house) reads
the same way."""

from __future__ import annotations

from solver.errors import Refused
from solver.pieces import load_alphabet

from ..events import Actor, Context, Forbidden, Rejected
from .model import ClaimRecord, SeatState, WordsmithState

# Ruling 19, said whenever a vote is refused to anyone but the voter's own phone.
OWN_PHONE = (
    "a vote is cast from the voter's own phone, and the host's casting vote on a tie is the separate act (settle)."
)
# What a token that acts for no seat (the host's with no seat of its own) is told by a seat's action.
NEEDS_SEAT = "This needs a seat's token."


def other_seat(actor: Actor, number: int, why: str = "") -> Forbidden:
    """A seat's token naming another seat, with `why` it may not (ruling 19)."""
    return Forbidden(f"Your token acts for seat {actor.seat}, not seat {number}{': ' + why if why else '.'}")


def player(table, seat: int) -> str:
    """A seat's name, as the table's sentences say it."""
    return table.seats[seat - 1].name


def acting_seat(
    table, ws: WordsmithState, actor: Actor, action: dict, what: str = "act for it", who: str = "the player"
) -> SeatState:
    """The seat an action is for: the actor's own, or a seat the host names; a seat acting for another: 403.

    Ruling 19: the host acts for a seat only while no phone holds it (its player plays without one): a claim, a
    piece, a pass, an objection or an ask made by the host for a seat whose phone plays would take that player's
    word, pool or voice away from them (403). `what`: "object", `who`: "the objector", for the refusal."""
    named = action.get("seat")
    if named is None:
        if actor.seat is None:
            if actor.host:
                raise Refused("seat: the host acts for a seat by naming it", ("seat",))
            raise Forbidden(NEEDS_SEAT)
        return ws.seat(actor.seat)
    number = table.seat(named).number  # Refused unless a seat number of this table
    if actor.seat == number:
        return ws.seat(number)
    if not actor.host:
        raise other_seat(actor, number)
    if table.seats[number - 1].joined:
        raise Forbidden(
            f"Only {who}'s own phone can {what}: seat {number} ({player(table, number)}) has one. "
            "The host acts for a seat only while no phone holds it."
        )
    return ws.seat(number)


def own_seat(table, ws: WordsmithState, actor: Actor, action: dict) -> SeatState:
    """Ruling 19: the voter's own seat; the host's token naming a seat, a seat's naming another, or a host with
    no seat: 403."""
    named = action.get("seat")
    number = None if named is None else table.seat(named).number  # Refused unless a seat number of this table
    if actor.seat is None:
        if actor.host:
            raise Forbidden(f"A host with no seat cannot vote: {OWN_PHONE}")
        raise Forbidden(NEEDS_SEAT)
    if number is not None and number != actor.seat:
        raise other_seat(actor, number, OWN_PHONE)
    return ws.seat(actor.seat)


def need_started(ws: WordsmithState) -> None:
    """Refuse a seat's action before the first challenge: there is nothing to act on yet."""
    if ws.phase == "waiting":
        raise Rejected("no_challenge", "No challenge has started yet: the host starts one.")


def need_on(ws: WordsmithState) -> None:
    need_started(ws)
    if not ws.on:
        raise Rejected("challenge_over", "The challenge is over.")


def lexicon_of(table, ctx: Context):
    return ctx.lexicons[table.lexicon]


def alphabet_of(ctx: Context):
    return ctx.alphabet or load_alphabet()


def window_seconds(table, ctx: Context, default: int) -> int:
    """The objection window (ruling 10), which is also the window of a vote and of asking the table (ruling 22)."""
    return table.settings.get("objection_seconds", ctx.settings.get("objection_seconds", default))


def actor_by(actor: Actor, seat: SeatState | None = None) -> int:
    """The `by` of an event: the seat that acted for itself, else 0 (the host, acting for a seat or the table)."""
    if seat is None:
        return actor.seat if actor.seat is not None else 0
    return seat.number if actor.seat == seat.number else 0


def find_claim(ws: WordsmithState, action: dict) -> ClaimRecord:
    seq = action.get("claim")
    claim = ws.claims.get(seq) if isinstance(seq, int) and not isinstance(seq, bool) else None
    if claim is None:
        raise Refused(f"claim: no claim has the number {seq!r} at this table", ("claim",))
    return claim


def flag(action: dict, name: str, meanings: str) -> bool:
    """A true-or-false field of an action; anything else is a 400 naming it and what each value means."""
    value = action.get(name)
    if not isinstance(value, bool):
        raise Refused(f"{name}: {meanings}", (name,))
    return value
