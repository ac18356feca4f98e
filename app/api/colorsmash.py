"""Color Smash: `POST /colorsmash/judge` (slap or not) and `POST /colorsmash/replay` (the scorekeeper).

The rules, the event format and the rulings are `solver.colorsmash`'s. An
event the game so far makes impossible is refused with a pointer to it
(`/events/3`) and the reason.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from flask import Blueprint
from pydantic import ConfigDict, Field, field_validator
from pydantic_core import PydanticCustomError

from solver import colorsmash as rules
from solver.text import and_list

from .fields import Checked, Out, Request, either
from .operation import operation

bp = Blueprint("colorsmash", __name__)

MAX_PLAYERS = 8
# A long game of eight players is a few hundred flips and slaps. (At the
# default MAX_BODY_BYTES, 16 KiB, the body runs out first: ~300 events.)
MAX_EVENTS = 2000
MAX_HAND = rules.MAX_HAND  # cards dealt to one player (the rules engine's limit)
MAX_NAME = 40
MAX_COLOURS = 20
MAX_COLOUR_NAME = 20

Colour = Annotated[str, Field(min_length=1, max_length=MAX_COLOUR_NAME)]
PlayerName = Annotated[str, Field(min_length=1, max_length=MAX_NAME)]
Colours = Annotated[
    list[Colour] | None,
    Field(
        min_length=1,
        max_length=MAX_COLOURS,
        description=f"the colour set (default: {', '.join(rules.DEFAULT_COLOURS)})",
    ),
]


class CardObject(Request):
    """A card as an object: a splat colour and an optional colour word, or `{"steal": true}`."""

    splat: Colour | None = None
    word: Colour | None = Field(None, description="the colour word printed on the card; null or absent: none")
    steal: bool = Field(False, description="a Steal card")


card_shape = either(
    Annotated[str, Field(min_length=1, max_length=2 * MAX_COLOUR_NAME + 1)],
    CardObject,
    "a card: text like 'red/blue', 'red' or 'steal', or an object {splat, word} or {steal: true}",
)
CardInput = Annotated[
    Any,
    card_shape,
    Field(
        description='`{"splat": "red", "word": "blue"}`, `{"splat": "red"}`, `{"steal": true}`, or text `red/blue`, `red`, `steal`'
    ),
]


class SlapRequest(Request):
    card: CardInput
    colours: Colours = None


class ColourCardOut(Out):
    splat: str | None
    word: str | None
    steal: bool


class SlapVerdictOut(Out):
    card: ColourCardOut
    text: str = Field(description="the card in short text: red/blue, red or steal")
    slap: bool = Field(description="whether to slap")
    code: Literal["match", "steal", "no_word", "mismatch"]
    outcome: str = Field(description="what happens to a slapper, as a sentence")


@bp.post("/colorsmash/judge")
@operation(body=SlapRequest, response=SlapVerdictOut, refused_at="card")
def judge(body: SlapRequest):
    """Tell whether a Color Smash card should be slapped, and what happens to the slapper."""
    return rules.judge_slap(body.card, tuple(body.colours or rules.DEFAULT_COLOURS)).to_dict()


def read_hand(value: Any) -> Any:
    """Return a dealt hand: a list of cards (each of the right shape), or a count of face-down cards."""
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_HAND:
        return value
    if isinstance(value, list) and 1 <= len(value) <= MAX_HAND:
        cards = []
        for number, card in enumerate(value):
            try:
                cards.append(card_shape.function(card))
            except ValueError as error:
                raise ValueError(f"card {number}: {error}") from None
        return cards
    raise ValueError(
        f"a hand is a list of 1 to {MAX_HAND} cards, top card first, or a number of face-down cards from 1 to {MAX_HAND}"
    )


Hand = Annotated[
    Any,
    Checked(
        read_hand,
        Annotated[list[CardInput], Field(min_length=1, max_length=MAX_HAND)] | Annotated[int, Field(ge=1, le=MAX_HAND)],
    ),
]


class Event(Request):
    """One event of the game; which fields it takes depends on its type. A field no event type has is let through
    to the rules, which refuse a field the event's own type lacks in their words ("a flip event has no field
    hands"), as the command line's own replay does: one model for the three types could only list all their fields."""

    model_config = ConfigDict(extra="allow", strict=True)

    type: Literal["deal", "flip", "slap"]
    hands: Annotated[
        dict[PlayerName, Hand] | None,
        Field(
            max_length=MAX_PLAYERS,
            description="deal: each player's hand, top card first, or a number of face-down cards",
        ),
    ] = None
    first: PlayerName | None = Field(None, description="deal: who flips first (optional)")
    player: PlayerName | None = Field(None, description="flip, slap: who")
    card: CardInput | None = Field(None, description="flip: the card (optional when already known)")
    steal_from: PlayerName | None = Field(None, description="slap on a Steal card: the opponent robbed")


class ReplayRequest(Request):
    mode: Literal[rules.MODES] = Field(
        "standard", description="standard: won cards go to the side; competition: under the hand"
    )
    players: list[PlayerName] = Field(
        min_length=2, max_length=MAX_PLAYERS, description="the players in clockwise order"
    )
    events: list[Event] = Field(max_length=MAX_EVENTS, description="deal first, then flips and slaps in order")
    colours: Colours = None

    @field_validator("players")
    @classmethod
    def _distinct(cls, players: list[str]) -> list[str]:
        repeated = sorted({player for player in players if players.count(player) > 1})
        if repeated:  # a custom error: a ValueError's message would begin "Value error, "
            raise PydanticCustomError(
                "repeated",
                "give each player a different name: {names} {are} named more than once",
                {"names": and_list(repeated), "are": "is" if len(repeated) == 1 else "are"},
            )
        return players


class PlayerStateOut(Out):
    name: str
    hand: list[str | None] = Field(description="top card first; null: a face-down card")
    hand_count: int
    side: list[str | None] = Field(description="collected cards, most recent last (standard)")
    side_count: int
    out: bool
    total: int = Field(description="hand plus side")


class ReplayOut(Out):
    mode: Literal[rules.MODES]
    players: list[PlayerStateOut]
    pile: list[str | None] = Field(description="bottom first")
    pile_count: int
    next_player: str | None = Field(description="who flips next; null once over, or while anyone may start")
    finished: bool
    winners: list[str] = Field(description="once finished: the winner(s); empty before")
    leaders: list[str] = Field(description="who has the most cards so far; nobody before the deal")
    log: list[str] = Field(description="one sentence per event")


@bp.post("/colorsmash/replay")
@operation(body=ReplayRequest, response=ReplayOut, refused_at="events")
def replay(body: ReplayRequest):
    """Replay a Color Smash game from its events: every player's cards, the pile, and the winner(s)."""
    events = [event.model_dump(exclude_unset=True) for event in body.events]
    return rules.replay(body.mode, body.players, events, tuple(body.colours or rules.DEFAULT_COLOURS)).to_dict()
