"""Booksmack: `POST /booksmack/judge` (who wins a round), `/booksmack/turn` (the turn-based variant), `/booksmack/score`.

The rules and their rulings are `solver.booksmack`'s. A card the game does
not have is refused with a pointer to it (`/cards/2`) and the rules' message.
"""

from __future__ import annotations

from typing import Annotated, Literal

from flask import Blueprint
from pydantic import Field

from solver import booksmack as rules
from solver.limits import READING_WORDS
from solver.sentences import say

from ..resources import lexicon_named
from .fields import Lexicon, Out, Request
from .operation import operation

bp = Blueprint("booksmack", __name__)

# A card is one character (a letter, a symbol, a space), a letter with a
# combining accent (2), a number up to 26 (written with up to 3 digits), or
# the Space card's name (`space`: 5).
CardText = Annotated[
    str,
    Field(
        min_length=1,
        max_length=5,
        description="a letter (`a`, `A`, `é`), a number 1-26, one of `. ? ! + - & * @ ~ #`, or a space (or `space`)",
    ),
]
# A collection (library plus hand) can hold most of the 95-card published
# deck, and a home deck more: scoring is one pass over the cards.
MAX_COLLECTION = 200


class RoundRequest(Request):
    cards: list[CardText] = Field(
        min_length=1, max_length=rules.MAX_CARDS, description="the cards on the table in seating order, clockwise"
    )
    lexicon: Lexicon = None


class TurnRequest(RoundRequest):
    played: int = Field(
        ge=1, le=rules.MAX_CARDS, description=f"{say('describe.played')}: its 1-based position in `cards`"
    )


class CollectionScoreRequest(Request):
    cards: list[CardText] = Field(max_length=MAX_COLLECTION, description="a player's collection: library plus hand")
    variant: Literal[rules.VARIANTS] = Field(
        "base", description="base: every card 1 point; turn-based: letters by position"
    )


class BookCardOut(Out):
    text: str
    kind: Literal["letter", "number", "symbol"]
    name: str
    letter: str | None = Field(description="the plain letter a-z a letter card reads as")
    rank: int | None = Field(description="printed rank: A=1 ... Z=26, or the number's value; null for symbols")
    form: str | None = Field(
        description="place in the tie-break order: lowercase, uppercase, diacritic, number; null for symbols"
    )
    uppercase: bool
    published: bool = Field(description="whether the published card set has this card")


class ReadingOut(Out):
    seat: int = Field(description="the seat (1-based) the reading starts from")
    words: list[str] = Field(
        description=f"the first {READING_WORDS} words it spells at most, most common first (smallest lexicon tier, then A to Z)"
    )
    count: int = Field(description="how many words it spells in all")


class SharesOut(Out):
    winners: int
    each: int = Field(description="cards each winner gets when all tap at once")
    discarded: int


class RoundVerdictOut(Out):
    cards: list[BookCardOut]
    action: Literal["say_word", "tap", "none"] = Field(
        description="say the spelled word, tap the winning card(s), or nothing wins"
    )
    rule: Literal["spelled_word", "tilde", "exclamation", "asterisk", "highest", "lowest", "nothing"]
    spells: str | None = Field(description="the word to say; null when none is spelled")
    spelled_from: list[int] = Field(description="every seat from which a word is spelled")
    readings: list[ReadingOut]
    winners: list[int] = Field(description="the positions (1-based) of the cards to tap")
    ranks: list[int | None] = Field(description="each card's rank after + - &")
    shares: SharesOut
    explanation: str = Field(description="the ruling as a sentence")


class TurnStateOut(Out):
    cards: list[BookCardOut]
    played: int = Field(description=say("describe.played"))
    action: Literal[rules.TURN_ACTIONS] = Field(
        description="for the player who just played: `win` (a word is spelled: all cards played), `draw` (the card is the highest), `steal` (the lowest), or `none`"
    )
    highest: list[int] = Field(description="positions of the highest card(s), the card(s) to tap")
    lowest: list[int] = Field(description="positions of the lowest card(s)")
    spells: str | None = Field(description="a spelled word: the player who just played wins all cards played")
    spelled_from: list[int]
    readings: list[ReadingOut]
    explanation: str


class CardScoreOut(Out):
    card: str
    points: int
    why: str


class CollectionScoreOut(Out):
    variant: Literal[rules.VARIANTS]
    total: int
    breakdown: list[CardScoreOut] = Field(description="each card's points and why, in the order sent")


@bp.post("/booksmack/judge")
@operation(body=RoundRequest, response=RoundVerdictOut, refused_at="cards")
def judge(body: RoundRequest):
    """Judge a Booksmack round: the word to say, or the card(s) to tap, and why."""
    return rules.judge_round(body.cards, lexicon_named(body.lexicon)).to_dict()


@bp.post("/booksmack/turn")
@operation(body=TurnRequest, response=TurnStateOut, refused_at="cards")
def turn(body: TurnRequest):
    """Judge the card just played (turn-based variant): does its player win, draw, steal, or nothing?"""
    return rules.turn_state(body.cards, lexicon_named(body.lexicon), body.played).to_dict()


@bp.post("/booksmack/score")
@operation(body=CollectionScoreRequest, response=CollectionScoreOut, refused_at="cards")
def score(body: CollectionScoreRequest):
    """Score a Booksmack collection (library plus hand): the total and each card's points."""
    return rules.score_collection(body.cards, body.variant).to_dict()
