"""Wordsmith score sheets: `POST /wordsmith/score` scores the sheets of one game and names the winner(s).

The scoring rules, variants and their rulings are `solver.wordsmith`'s; a
sheet the rules refuse is a 422 at the sheet, challenge or word its path names.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from solver import wordsmith as rules
from solver.sentences import say

from ..resources import lexicon_named
from .fields import Checked, Lexicon, Out, Request, Word, either
from .operation import operation
from .wordsmith import (  # the Wordsmith resource's blueprint: its endpoint (and operationId) stays wordsmith.score
    ObjectionOut,
    bp,
)

# The most sheets one score request takes: more players than fit round a table.
MAX_SHEETS = 8
MAX_PLAYER_NAME = 40


class SheetWord(Request):
    """A word line with its variant details."""

    word: Word
    row: int | None = Field(None, ge=1, le=rules.WORDS_PER_CHALLENGE, description="advanced: the row it is written in")
    circles: int = Field(0, ge=0, le=rules.MAX_CIRCLES, description="word by word: wilds rolled for this word")
    checked: int = Field(0, ge=0, le=rules.MAX_CIRCLES, description="word by word: circles used")


def _required_letters(value: Any) -> Any:
    """Return the advanced variant's six letters as sent (text or a list); the rules check them."""
    if value is None:
        return None
    if isinstance(value, str) and len(value) <= 2 * rules.WORDS_PER_CHALLENGE:
        return value
    if (
        isinstance(value, list)
        and len(value) <= rules.WORDS_PER_CHALLENGE
        and all(isinstance(v, str) and len(v) <= 2 for v in value)
    ):
        return value
    raise ValueError(f"required: give {rules.WORDS_PER_CHALLENGE} letters, one per row, as text ('abcdef') or a list")


class SheetChallenge(Request):
    words: Annotated[
        list[Annotated[Any, either(Word, SheetWord, "a word, or an object {word, row, circles, checked}")]],
        Field(
            max_length=rules.WORDS_PER_CHALLENGE,
            description="the words in claim order: text, or an object with the variant's details",
        ),
    ] = []
    discards: int = Field(0, ge=0, le=rules.DISCARD_BOXES, description="discard boxes checked for leftover pieces")
    crossed_white: int = Field(0, ge=0, le=rules.WHITE_BOXES, description=say("describe.crossed_white"))
    required: Annotated[
        Any,
        Checked(
            _required_letters,
            Annotated[str, Field(max_length=2 * rules.WORDS_PER_CHALLENGE)]
            | Annotated[list[Annotated[str, Field(max_length=2)]], Field(max_length=rules.WORDS_PER_CHALLENGE)]
            | None,
        ),
        Field(description=f"advanced: {say('describe.required_letters')}"),
    ] = None


class Sheet(Request):
    player: str = Field(min_length=1, max_length=MAX_PLAYER_NAME)
    challenges: list[SheetChallenge] = Field([], max_length=rules.CHALLENGES)


def _variant(value: Any) -> str:
    return "+".join(rules.parse_variant(value))


class SheetScoreRequest(Request):
    sheets: list[Sheet] = Field(min_length=1, max_length=MAX_SHEETS, description="one score sheet per player")
    variant: Annotated[
        str,
        Checked(_variant, Annotated[str, Field(max_length=60)]),
        Field(description="standard, secret, advanced or word_by_word; combine with + (secret+advanced)"),
    ] = "standard"
    lexicon: Lexicon = None


class ScoredWordOut(Out):
    word: str
    normalized: str
    letters: int
    points: int = Field(description="the letters, or 0 with the objections")
    valid: bool
    objections: list[ObjectionOut]
    row: int | None = Field(description="advanced: the row it counts in")
    required_letter: str | None
    circles: int
    checked: int


class ScoredChallengeOut(Out):
    number: int = Field(description="the challenge, from 1")
    words: list[ScoredWordOut]
    letters: int = Field(description="the words' points")
    discards: int = Field(description="boxes checked for leftover pieces")
    circle_discards: int = Field(description="word by word: boxes checked for unchecked circles")
    boxes_checked: int = Field(description="discard boxes checked in all")
    crossed_white: int = Field(description="white boxes crossed out before the challenge began")
    boxes: int = Field(description="the discard boxes this challenge has: the white ones not crossed out, and the blue")
    free_discards: int = Field(description="white boxes: discards that cost no bonus point")
    blue_checked: int = Field(description="blue boxes checked: each costs a bonus point")
    bonus: int = Field(description="one point per blue box left unchecked")
    total: int = Field(description="letters + bonus")
    required: str | None


class ScoredSheetOut(Out):
    player: str
    challenges: list[ScoredChallengeOut]
    total: int


class SheetScoreOut(Out):
    variant: str
    sheets: list[ScoredSheetOut]
    winners: list[str] = Field(description="the players with the highest total (several share a tie)")
    high_score: int | None


@bp.post("/wordsmith/score")
@operation(body=SheetScoreRequest, response=SheetScoreOut, refused_at="sheets")
def score(body: SheetScoreRequest):
    """Score the sheets of one game under a variant, and name the winner(s)."""
    sheets = body.model_dump(exclude_unset=True)["sheets"]  # plain dicts, as the rules read them
    return rules.score_sheets(sheets, body.variant, lexicon_named(body.lexicon)).to_dict()
