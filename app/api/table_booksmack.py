"""Live tables: Booksmack's rounds and turns (docs/rules/booksmack.md), on the tables resource's `bp`.

    POST   /tables/{code}/rounds                a round's revealed cards (and who takes them)
    POST   /tables/{code}/rounds/takers         who takes the open round's cards
    POST   /tables/{code}/turns                 turn-based: the card a seat played
    POST   /tables/{code}/steals                turn-based: whom the card that steals robs

The same three steps as every table action (app/api/tables.py): validate, one call to the service, the answer.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from solver.sentences import say

from .fields import Request
from .tables import ActingSeat, Action, Card, SeatNumber, TablePath, act, acting, action_view

__all__ = ["Round", "StealAction", "Take", "Turn"]

MAX_CARDS = 6  # a round's cards, one per seat: six seats at most
Takers = Annotated[
    list[SeatNumber],
    Field(max_length=6, description="the seats that tapped a winning card (or said the word) first"),
]


class Round(Action):
    cards: Annotated[list[Card], Field(min_length=1, max_length=MAX_CARDS, description=say("describe.cards_by_seat"))]
    takers: Takers | None = Field(None, description="who takes the cards, when already known; else `POST .../takers`")
    round: int | None = Field(
        None,
        ge=1,
        le=10_000,
        description="the number of the round these cards are: refused (409 `round_entered`) once another phone "
        "entered that round, so two phones typing one round enter it once; for a round past the next, 409 "
        "`round_moved` saying which is next",
    )


class Take(Action):
    takers: Takers
    round: int | None = Field(
        None,
        ge=1,
        le=10_000,
        description="the round whose takers these are: refused (409 `round_taken`) once another phone named them, "
        "saying who did and who takes the cards; for a round not yet entered, 409 `round_moved`; left out, the "
        "round waiting for its takers",
    )


class Steal(Request):
    seat: SeatNumber = Field(description="the seat robbed")
    source: Literal["hand", "table"] = Field(
        alias="from", description="`hand`: a blind card from their hand; `table`: their latest card"
    )


TurnNumber = Annotated[
    int | None,
    Field(
        ge=1,
        le=10_000,
        description="the turn this is for (the card's turn, or the turn whose card steals): refused (409 "
        "`turn_entered`, `steal_entered`) once another phone entered it, saying who did and what it gave (a steal "
        "for a turn that stole nothing: `turn_entered`); for a turn past the next (a steal: past the latest), 409 "
        "`turn_moved` saying which is next; left out, the table as it is",
    ),
]


class Turn(Action):
    seat: ActingSeat = None
    card: Card
    steal: Steal | None = Field(None, description=f"{say('describe.steal')}: whom it steals from")
    turn: TurnNumber = None


class StealAction(Action, Steal):
    turn: TurnNumber = None


@action_view("/tables/<code>/rounds", Round)
def play_round(params: TablePath, body: Round):
    """Booksmack: a round's revealed cards in seat order (from any phone), the judge's answer, and who takes them."""
    action = {"type": "round", "cards": list(body.cards)}
    if body.takers is not None:
        action["takers"] = list(body.takers)
    if body.round is not None:
        action["round"] = body.round
    return act(params.code, action, body.request_id)


@action_view("/tables/<code>/rounds/takers", Take)
def take_round(params: TablePath, body: Take):
    """Booksmack: who tapped first, and so takes the open round's cards."""
    action = {"type": "take", "takers": list(body.takers)} | ({} if body.round is None else {"round": body.round})
    return act(params.code, action, body.request_id)


@action_view("/tables/<code>/turns", Turn)
def play_turn(params: TablePath, body: Turn):
    """Booksmack, turn-based: the card a seat played (left out, the token's seat), and the draw, steal or win."""
    action = {"type": "turn", "seat": body.seat or acting(params.code).seat, "card": body.card}
    if body.steal is not None:
        action["steal"] = {"seat": body.steal.seat, "from": body.steal.source}
    if body.turn is not None:
        action["turn"] = body.turn
    return act(params.code, action, body.request_id)


@action_view("/tables/<code>/steals", StealAction)
def steal(params: TablePath, body: StealAction):
    """Booksmack, turn-based: whom the seat whose card steals robs, and from where."""
    action = {"type": "steal", "seat": body.seat, "from": body.source}
    return act(params.code, action | ({} if body.turn is None else {"turn": body.turn}), body.request_id)
