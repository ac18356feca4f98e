"""Live tables: what the host does to the table itself (docs/rules/tables.md), on the tables resource's `bp`.

    POST   /tables/{code}/host                  (host) hand the host role to a seated player's phone
    POST   /tables/{code}/seats/{seat}/remove   (host) remove a seat whose player left: nothing waits for it
    POST   /tables/{code}/seats/{seat}/ask      (a phone without that seat) ask the host for the seat back
    POST   /tables/{code}/undo                  (host) take back the table's last action
    POST   /tables/{code}/wilds                 Wordsmith: a star kept wild in a pool becomes the piece named

The same three steps as every table action (app/api/tables.py): validate, one call to the service, the answer.
"""

from __future__ import annotations

from pydantic import Field

from solver.sentences import say

from .tables import ActingSeat, Action, PieceCode, SeatNumber, SeatPath, TablePath, act, action_view

__all__ = ["ChooseWild", "HandHost", "Undo"]


class HandHost(Action):
    seat: SeatNumber = Field(description="the seat whose phone becomes the host's: it must hold the seat")


class Undo(Action):
    seq: int | None = Field(
        None,
        ge=1,
        description="the first event of the action meant (the state's `undoable.seq`): when another action came in "
        "meanwhile, 409 `undo_moved` and nothing is undone; left out, the last action whatever it is",
    )


@action_view("/tables/<code>/host", HandHost)
def hand_host(params: TablePath, body: HandHost):
    """Hand the host role to a seated player's phone (host): the old host token stops working at once."""
    return act(params.code, {"type": "hand_host", "seat": body.seat}, body.request_id)


@action_view("/tables/<code>/seats/<int:seat>/remove", Action, params=SeatPath)
def remove_seat(params: SeatPath, body: Action):
    """Remove a seat whose player left (host): its token stops, and no roll, round or turn waits for it."""
    return act(params.code, {"type": "remove", "seat": params.seat}, body.request_id)


@action_view("/tables/<code>/seats/<int:seat>/ask", Action, params=SeatPath)
def ask_seat(params: SeatPath, body: Action):
    """Ask the host for a seat back (any phone, no token needed): the host's page shows the request."""
    return act(params.code, {"type": "ask_seat", "seat": params.seat}, body.request_id, anyone=True)


@action_view("/tables/<code>/undo", Undo)
def undo(params: TablePath, body: Undo):
    """Take back the table's last action (host): a wrong starting pool, a mistaken round, a pass."""
    return act(params.code, {"type": "undo", "seq": body.seq}, body.request_id)


class ChooseWild(Action):
    seat: ActingSeat = None
    piece: PieceCode = Field(description=f"{say('describe.wild_as')}: R, Y, B or G")


@action_view("/tables/<code>/wilds", ChooseWild)
def choose_wild(params: TablePath, body: ChooseWild):
    """Wordsmith: a star kept wild in a seat's pool becomes the piece the player names (409 `no_wild` without one)."""
    return act(params.code, {"type": "choose_wild", "seat": body.seat, "piece": body.piece}, body.request_id)
