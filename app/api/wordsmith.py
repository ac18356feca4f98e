"""Wordsmith: the letter-piece alphabet, solving a pool, hints, judging a claim, scoring the sheets.

    GET  /wordsmith/alphabet   the pieces, each letter's pieces, the dice
    POST /wordsmith/solve      every word a pool builds, longest first, one page
    POST /wordsmith/hints      the best claims by net points, what one more piece opens
    POST /wordsmith/judge      does a claimed word stand, and every objection if not
    POST /wordsmith/roll       roll the dice: the starting pool, a piece to add, a Word by Word roll

The rules live in `solver.wordsmith` (its docstring lists the rulings); each
view validates, calls one solver function and returns its `to_dict()`.
Scoring the sheets of a game is app/api/score_sheets.py.
"""

from __future__ import annotations

import random
from typing import Annotated, Literal

from flask import Blueprint
from pydantic import Field, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from solver import search
from solver import wordsmith as rules
from solver.errors import Refused
from solver.limits import MAX_SEED
from solver.pieces import load_box
from solver.sentences import say

from ..json_provider import Prewritten
from ..resources import lexicon_named, pieces_for, resources
from .fields import (
    AS_SENT,
    Claimed,
    Familiarity,
    Filters,
    HintLimit,
    Letter,
    Lexicon,
    LexiconName,
    Limit,
    Out,
    Page,
    PiecesOut,
    PoolInput,
    Request,
    Sort,
    Word,
)
from .operation import operation

bp = Blueprint("wordsmith", __name__)


# --- the alphabet ---------------------------------------------------------------------


class KindCountsOut(Out):
    """Pieces of each kind (no wilds: a letter is drawn with real pieces)."""

    red: int
    yellow: int
    blue: int
    green: int


class PieceKindOut(Out):
    kind: Literal["red", "yellow", "blue", "green"]
    code: str = Field(description="its letter in pool text (R, Y, B, G)")
    colour: str
    shape: str
    symbol: str = Field(description="the shape's short symbol")
    in_box: int = Field(description="how many the box holds")


class LetterPiecesOut(Out):
    letter: str = Field(description="a letter a-z, or `-` and `'`")
    pieces: KindCountsOut
    status: str = Field(
        description="how we know: `confirmed` (published descriptions), `rulebook` (follows from its examples) or `inferred` (read off the letter's shape)"
    )


class WildOut(Out):
    code: str = Field(description="its letter in pool text (W)")


# A die's faces as the box prints them, in the dice and in a roll.
AS_PRINTED = "the faces as printed"


class DiceOut(Out):
    count: int = Field(description="dice in the box")
    faces: list[str] = Field(description="each die's six faces: red, yellow, blue_star, green_star")
    labels: list[str] = Field(description=AS_PRINTED)
    start: list[str] = Field(
        description=f"the piece each face gives when rolling the starting pool: {say('describe.star_start')}"
    )
    add: list[str] = Field(description="the piece each face gives when rolling to add a piece: a star is `wild`")


class AlphabetOut(Out):
    source: str = Field(description="`built-in`, or the name of the alphabet file the service was given")
    kinds: list[PieceKindOut]
    wild: WildOut
    letters: list[LetterPiecesOut]
    dice: DiceOut


@bp.get("/wordsmith/alphabet")
@operation(response=AlphabetOut)
def alphabet():
    """Describe the letter pieces: each kind's colour, shape and count, each letter's pieces, the dice."""
    shared, box = resources(), load_box()
    source = shared.alphabet_file.name if shared.alphabet_file else "built-in"  # never the server's paths
    return {**shared.alphabet.to_dict(), "source": source, **box.to_dict()}


# --- dice -----------------------------------------------------------------------------


class RollRequest(Request):
    roll: Literal[rules.ROLLS] = Field(
        "start",
        description=f"`start`: the starting pool (all dice twice; {say('describe.star_start')}); `add`: one die for a piece to add "
        f"({say('describe.star_add')}); `word_by_word`: three dice for one Word by Word word",
    )
    seed: int | None = Field(None, ge=0, le=MAX_SEED, description=f"{say('describe.seed')}; left out: a random roll")


class RollOut(Out):
    what: Literal[rules.ROLLS]
    seed: int = Field(description="the seed rolled with: send it again for the same roll")
    rolls: list[list[str]] = Field(
        description="the faces that came up, roll by roll: red, yellow, blue_star, green_star"
    )
    labels: list[list[str]] = Field(description=AS_PRINTED)
    gives: list[list[str]] = Field(
        description="the piece each face gives: its colour at the start; a star is `wild` when adding"
    )
    pieces: PiecesOut = Field(
        description="the pieces in all: the starting pool, or the pieces to add (a wild: any kind; in Word by Word a circle)"
    )
    pieces_text: str


@bp.post("/wordsmith/roll")
@operation(body=RollRequest, response=RollOut)
def roll(body: RollRequest):
    """Roll the dice as the table does: the starting pool, a piece to add, or a Word by Word word's three dice."""
    seed = random.SystemRandom().randint(0, MAX_SEED) if body.seed is None else body.seed
    return {**rules.roll_dice(body.roll, random.Random(seed)).to_dict(), "seed": seed}


# --- solve ----------------------------------------------------------------------------


class PoolRequest(Request):
    pool: PoolInput
    lexicon: Lexicon = None


class SolveRequest(Page, Filters, PoolRequest):
    sort: Sort = "score"


class FoundWordOut(Out):
    word: str
    score: int = Field(description="its letters, `-` and `'` included")
    pieces: PiecesOut = Field(description="the pieces it uses (wilds standing in where the pool is short)")
    leftover: PiecesOut = Field(description="the pool's pieces left over")
    leftover_count: int
    familiarity: Familiarity


class SolveOut(Out):
    pool: PiecesOut = Field(description="the pool, as counts")
    total: int = Field(description="how many words the pool builds under the filters (all pages)")
    offset: int
    limit: int
    words: list[FoundWordOut] = Field(
        description="this page in the `sort` order; by `score`: most letters first, then fewest left over, then most familiar, then alphabetical"
    )


@bp.post("/wordsmith/solve")
@operation(body=SolveRequest, response=SolveOut, refused_at="pool")
def solve(body: SolveRequest):
    """List the words a pool of letter pieces builds: longest first, one page at a time."""
    index = pieces_for(lexicon_named(body.lexicon))
    found = search.solve(index, body.pool, body.query(), body.limit, body.offset, body.sort)
    return Prewritten(solve_json(found))


_PIECES = '{"red":%d,"yellow":%d,"blue":%d,"green":%d,"wild":%d}'
_WORD_TAIL = ',"pieces":' + _PIECES + ',"leftover":' + _PIECES + ',"leftover_count":%d,"familiarity":'


def solve_json(result: search.SolveResult) -> str:
    """Write `result.to_dict()` as JSON, the words of one cost sharing one written tail.

    A page is up to 1,000 words of nested objects, and the words of one cost
    have the same pieces and leftover: writing each distinct tail once makes
    the page much quicker to write than serializing the dicts
    (tests/test_api_wordsmith.py checks the two agree). Lexicon words hold
    only a-z, `'` and `-` (solver.normalize), so they need no escaping.
    """
    tails: dict[int, str] = {}
    words = []
    for (word, cost), familiarity in zip(result.entries(), result.index.familiarity_json(result.ranks)):
        tail = tails.get(id(cost))
        if tail is None:
            tail = tails[id(cost)] = _WORD_TAIL % result.spent(cost)
        words.append(f'{{"word":"{word}","score":{len(word)}{tail}{familiarity}}}')
    pool = result.pool
    return (
        '{"pool":'
        + _PIECES % (pool.red, pool.yellow, pool.blue, pool.green, pool.wild)
        + ',"total":%d,"offset":%d,"limit":%d,"words":[' % (result.total, result.offset, result.limit)
        + ",".join(words)
        + "]}"
    )


# --- hints ----------------------------------------------------------------------------


class Boxes(Request):
    """The claiming player's discard boxes this challenge."""

    crossed_white: int = Field(
        0, ge=0, le=rules.WHITE_BOXES, description=f"{say('describe.crossed_white')} (advanced players)"
    )
    discards_used: int = Field(0, ge=0, le=rules.DISCARD_BOXES, description=say("describe.discards"))

    @field_validator("discards_used")
    @classmethod
    def _fits_the_sheet(cls, value: int, info: ValidationInfo) -> int:
        try:  # the sheet's own refusal (solver/wordsmith/boxes.py), in its words
            rules.discard_boxes(info.data.get("crossed_white") or 0, value)
        except Refused as refused:
            raise PydanticCustomError("too_many", "{detail}", {"detail": refused.message}) from None
        return value

    def box_counts(self) -> dict[str, int]:
        """The two counts as the rules take them (keywords of `hints` and `judge_claim`)."""
        return {"discards_used": self.discards_used, "crossed_white": self.crossed_white}


class HintsRequest(Boxes, Filters, PoolRequest):
    after_done: bool = Field(False, description=say("describe.after_done"))
    may_roll: bool = Field(True, description=f"false when {say('describe.no_rolling')}")
    limit: HintLimit = 10
    sort: Sort = "score"


class HintOut(Out):
    word: str
    letters: int
    net: int = Field(description="letters minus the blue (bonus) boxes its leftovers check")
    discards: int = Field(description="pieces left over: discard boxes it checks")
    bonus_lost: int
    pieces: PiecesOut
    leftover: PiecesOut
    familiarity: Familiarity


class RollFaceOut(Out):
    face: str = Field(description="a die face: a kind, or `wild`")
    chance: float
    best: HintOut | None = Field(description="the best claim after rolling it; null: none")


class RollWorthOut(Out):
    faces: list[RollFaceOut]
    expected_net: float | None = Field(description="expected net points of the best claim after rolling one die")


class HintsOut(Out):
    pool: PiecesOut
    discards_used: int
    crossed_white: int
    boxes_left: int
    free_discards_left: int = Field(description="white boxes left: discards that cost nothing")
    may_add_pieces: bool
    claims: list[HintOut] = Field(
        description="the best claims now by net points (among equals: more letters, fewer left over, the more "
        "familiar word), listed in the `sort` order"
    )
    add: dict[str, list[HintOut]] = Field(
        description="per kind (red, yellow, blue, green, wild): the best new claims one more such piece opens; empty when no piece may be added"
    )
    roll: RollWorthOut | None = Field(description="a die's worth, per face; null when no piece may be added")


@bp.post("/wordsmith/hints")
@operation(body=HintsRequest, response=HintsOut, refused_at="pool")
def hints(body: HintsRequest):
    """Suggest the best claims by net points, and what one more piece of each kind (or a die) opens."""
    index = pieces_for(lexicon_named(body.lexicon))
    return rules.hints(
        index,
        body.pool,
        body.query(),
        **body.box_counts(),
        after_done=body.after_done,
        may_roll=body.may_roll,
        limit=body.limit,
        sort=body.sort,
    ).to_dict()


# --- judge ----------------------------------------------------------------------------


class JudgeRequest(Boxes):
    word: Word
    pool: PoolInput
    previous_word: Annotated[str, Limit("MAX_WORD_LENGTH")] = Field("", description=say("describe.previous"))
    claimed: Claimed = []
    required_letter: Letter = ""
    words_written: int = Field(
        0, ge=0, le=rules.WORDS_PER_CHALLENGE, description="words already on the player's sheet this challenge"
    )
    after_done: bool = Field(
        False, description="someone shouted Done!: this is the one more word, and no pieces may be added"
    )
    challenge_over: bool = Field(False, description="the challenge is over: every claim is refused")
    lexicon: Lexicon = None


class ObjectionOut(Out):
    """One reason a claim is refused; some codes carry details."""

    code: str = Field(
        description="sheet_full, challenge_over, invalid_characters, not_a_word, already_claimed, no_new_letter, "
        "missing_required_letter, not_buildable, must_use_all_pieces or too_many_leftovers"
    )
    message: str = Field(description="the objection as a sentence to read out")
    reason: str | None = Field(None, description="not_a_word: the lexicon's reason")
    tier: str | None = Field(None, description="not_a_word: the smallest lexicon holding the word, if any")
    previous_word: str | None = Field(None, description="no_new_letter")
    letter: str | None = Field(None, description="missing_required_letter")
    missing: dict[str, int] | None = Field(None, description="not_buildable: the pieces the pool lacks")
    leftover: int | None = Field(None, description="must_use_all_pieces, too_many_leftovers: pieces left over")
    boxes_left: int | None = Field(None, description="must_use_all_pieces, too_many_leftovers")


# A claim's pieces when its pool cannot build it.
UNBUILT = "null when the pool cannot build it"


class ClaimVerdictOut(Out):
    word: str = Field(description=AS_SENT)
    normalized: str
    valid: bool = Field(description="whether the claim stands")
    objections: list[ObjectionOut] = Field(
        description="every objection that holds, in the rulebook's order; empty when valid"
    )
    letters: int
    score: int = Field(description="the letters when valid, else 0")
    pieces: PiecesOut | None = Field(description=f"the pieces the word uses; {UNBUILT}")
    leftover: PiecesOut | None = Field(description=f"the pieces left over; {UNBUILT}")
    discards: int = Field(description="discard boxes the leftovers check")
    discards_used: int
    boxes_left: int = Field(description="discard boxes left before this claim")
    discards_after: int
    bonus_lost: int = Field(description="blue (bonus) boxes this claim checks")
    lexicon: LexiconName
    after_done: bool
    may_add_pieces: bool


@bp.post("/wordsmith/judge")
@operation(body=JudgeRequest, response=ClaimVerdictOut, refused_at="word")
def judge(body: JudgeRequest):
    """Judge a claimed word against the rules and the player's pool: every objection, or its points."""
    return rules.judge_claim(
        body.word,
        body.pool,
        lexicon_named(body.lexicon),
        alphabet=resources().alphabet,
        previous_word=body.previous_word,
        claimed=body.claimed,
        required_letter=body.required_letter,
        **body.box_counts(),
        words_written=body.words_written,
        after_done=body.after_done,
        challenge_over=body.challenge_over,
    ).to_dict()
