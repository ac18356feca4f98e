"""Wordsmith: the letter-piece alphabet, solving a pool, hints, judging a claim, scoring the sheets.

    GET  /wordsmith/alphabet   the pieces, each letter's pieces, the dice
    POST /wordsmith/solve      every word a pool builds, longest first, one page
    POST /wordsmith/hints      the best claims by net points, what one more piece opens
    POST /wordsmith/judge      does a claimed word stand, and every objection if not
    POST /wordsmith/score      score sheets of a game, and the winner(s)
    POST /wordsmith/roll       roll the dice: the starting pool, a piece to add, a Word by Word roll

The rules live in `solver.wordsmith` (its docstring lists the rulings); each
view validates, calls one solver function and returns its `to_dict()`.
"""
from __future__ import annotations

import random
from typing import Annotated, Any, Literal

from flask import Blueprint
from pydantic import Field, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from solver import search
from solver import wordsmith as rules
from solver.pieces import load_box

from ..resources import lexicon_named, pieces_for, resources
from .game_types import Checked, Claimed, Filters, GameRequest, Letter, Page, PiecesOut, PoolInput, answer, answer_json, either
from .models import LexiconName, Limit, Response, ResultLimit, Word
from .operation import operation

bp = Blueprint("wordsmith", __name__)

Lexicon = Annotated[LexiconName | None, Field(description="lexicon size (default: the service's default lexicon)")]
# The most sheets one score request takes: more players than fit round a table.
MAX_SHEETS = 8
MAX_PLAYER_NAME = 40


# --- the alphabet ---------------------------------------------------------------------


class KindCounts(Response):
    """Pieces of each kind (no wilds: a letter is drawn with real pieces)."""

    red: int
    yellow: int
    blue: int
    green: int


class PieceKind(Response):
    kind: Literal["red", "yellow", "blue", "green"]
    code: str = Field(description="its letter in pool text (R, Y, B, G)")
    colour: str
    shape: str
    symbol: str = Field(description="the shape's short symbol")
    in_box: int = Field(description="how many the box holds")


class LetterPieces(Response):
    letter: str = Field(description="a letter a-z, or `-` and `'`")
    pieces: KindCounts
    status: str = Field(description="how we know: `confirmed` (published descriptions), `rulebook` (follows from its examples) or `inferred` (read off the letter's shape)")


class Wild(Response):
    code: str = Field(description="its letter in pool text (W)")


class Dice(Response):
    count: int = Field(description="dice in the box")
    faces: list[str] = Field(description="each die's six faces: red, yellow, blue_star, green_star")
    labels: list[str] = Field(description="the faces as printed")
    start: list[str] = Field(description="the piece each face gives when rolling the starting pool: a star gives its colour")
    add: list[str] = Field(description="the piece each face gives when rolling to add a piece: a star is `wild`")


class AlphabetInfo(Response):
    source: str = Field(description="`built-in`, or the name of the alphabet file the service was given")
    kinds: list[PieceKind]
    wild: Wild
    letters: list[LetterPieces]
    dice: Dice


@bp.get("/wordsmith/alphabet")
@operation(response=AlphabetInfo)
def alphabet():
    """Describe the letter pieces: each kind's colour, shape and count, each letter's pieces, the dice."""
    shared, box = resources(), load_box()
    source = shared.alphabet_file.name if shared.alphabet_file else "built-in"  # never the server's paths
    return {
        **shared.alphabet.to_dict(),
        "source": source,
        "kinds": list(box.kinds),
        "wild": {"code": box.wild_code},
        "dice": {"count": box.dice, "faces": list(box.die_faces), "labels": list(box.die_face_labels),
                 "start": [f.start for f in box.die], "add": [f.add for f in box.die]},
    }


# --- dice -----------------------------------------------------------------------------

# Seeds are what random.Random takes; 2**32 values never repeat a roll by chance.
MAX_SEED = 2**32 - 1


class RollRequest(GameRequest):
    roll: Literal[rules.ROLLS] = Field("start", description="`start`: the starting pool (all dice twice; a star gives its colour); `add`: one die for a piece to add (a star is a wild); `word_by_word`: three dice for one Word by Word word")
    seed: int | None = Field(None, ge=0, le=MAX_SEED, description="seed the dice to repeat a roll; left out: a random roll")


class DiceRoll(Response):
    what: Literal[rules.ROLLS]
    seed: int = Field(description="the seed rolled with: send it again for the same roll")
    rolls: list[list[str]] = Field(description="the faces that came up, roll by roll: red, yellow, blue_star, green_star")
    labels: list[list[str]] = Field(description="the faces as printed")
    gives: list[list[str]] = Field(description="the piece each face gives: its colour at the start; a star is `wild` when adding")
    pieces: PiecesOut = Field(description="the pieces in all: the starting pool, or the pieces to add (a wild: any kind; in Word by Word a circle)")
    pieces_text: str


@bp.post("/wordsmith/roll")
@operation(body=RollRequest, response=DiceRoll)
def roll(body: RollRequest):
    """Roll the dice as the table does: the starting pool, a piece to add, or a Word by Word word's three dice."""
    seed = random.SystemRandom().randint(0, MAX_SEED) if body.seed is None else body.seed
    return answer({**rules.roll_dice(body.roll, random.Random(seed)).to_dict(), "seed": seed})


# --- solve ----------------------------------------------------------------------------


class PoolRequest(GameRequest):
    pool: PoolInput
    lexicon: Lexicon = None


class SolveRequest(Page, Filters, PoolRequest):
    pass


class FoundWord(Response):
    word: str
    score: int = Field(description="its letters, `-` and `'` included")
    pieces: PiecesOut = Field(description="the pieces it uses (wilds standing in where the pool is short)")
    leftover: PiecesOut = Field(description="the pool's pieces left over")
    leftover_count: int


class SolveResult(Response):
    pool: PiecesOut = Field(description="the pool, as counts")
    total: int = Field(description="how many words the pool builds under the filters (all pages)")
    offset: int
    limit: int
    words: list[FoundWord] = Field(description="this page: most letters first, then fewest left over, then alphabetical")


@bp.post("/wordsmith/solve")
@operation(body=SolveRequest, response=SolveResult, refused_at="pool")
def solve(body: SolveRequest):
    """List the words a pool of letter pieces builds: longest first, one page at a time."""
    index = pieces_for(lexicon_named(body.lexicon))
    return answer_json(solve_json(search.solve(index, body.pool, body.query(), body.limit, body.offset)))


_PIECES = '{"red":%d,"yellow":%d,"blue":%d,"green":%d,"wild":%d}'
_WORD_TAIL = ',"pieces":' + _PIECES + ',"leftover":' + _PIECES + ',"leftover_count":%d}'


def solve_json(result: search.SolveResult) -> str:
    """Write `result.to_dict()` as JSON, the words of one cost sharing one written tail.

    A page is up to 1,000 words of nested objects, and the words of one cost
    have the same pieces and leftover: writing each distinct tail once makes
    the page about twice as quick to write as serializing the dicts
    (tests/test_api_wordsmith.py checks the two agree). Lexicon words hold
    only a-z, `'` and `-` (solver.normalize), so they need no escaping.
    """
    tails: dict[int, str] = {}
    words = []
    for word, cost in result.entries():
        tail = tails.get(id(cost))
        if tail is None:
            tail = tails[id(cost)] = _WORD_TAIL % result.spent(cost)
        words.append(f'{{"word":"{word}","score":{len(word)}{tail}')
    pool = result.pool
    return ('{"pool":' + _PIECES % (pool.red, pool.yellow, pool.blue, pool.green, pool.wild)
            + ',"total":%d,"offset":%d,"limit":%d,"words":[' % (result.total, result.offset, result.limit)
            + ",".join(words) + "]}")


# --- hints ----------------------------------------------------------------------------


class Boxes(GameRequest):
    """The claiming player's discard boxes this challenge."""

    crossed_white: int = Field(0, ge=0, le=rules.WHITE_BOXES, description="white discard boxes crossed out (advanced players)")
    discards_used: int = Field(0, ge=0, le=rules.DISCARD_BOXES, description="discard boxes already checked this challenge")

    @field_validator("discards_used")
    @classmethod
    def _fits_the_sheet(cls, value: int, info: ValidationInfo) -> int:
        crossed = info.data.get("crossed_white") or 0
        boxes = rules.DISCARD_BOXES - crossed
        if value > boxes:
            raise PydanticCustomError("too_many", "{value} discards, but the sheet has only {boxes} discard boxes ({crossed} white crossed out)",
                                      {"value": value, "boxes": boxes, "crossed": crossed})
        return value


class HintsRequest(Boxes, Filters, PoolRequest):
    after_done: bool = Field(False, description="someone shouted Done!: suggest no pieces to add")
    may_roll: bool = Field(True, description="false when rolling is not allowed (Word by Word): suggest no pieces to add")
    limit: ResultLimit = Field(10, description="claims to list, and words per added piece")


class Hint(Response):
    word: str
    letters: int
    net: int = Field(description="letters minus the blue (bonus) boxes its leftovers check")
    discards: int = Field(description="pieces left over: discard boxes it checks")
    bonus_lost: int
    pieces: PiecesOut
    leftover: PiecesOut


class RollFace(Response):
    face: str = Field(description="a die face: a kind, or `wild`")
    chance: float
    best: Hint | None = Field(description="the best claim after rolling it; null: none")


class RollWorth(Response):
    faces: list[RollFace]
    expected_net: float | None = Field(description="expected net points of the best claim after rolling one die")


class HintsResult(Response):
    pool: PiecesOut
    discards_used: int
    crossed_white: int
    boxes_left: int
    free_discards_left: int = Field(description="white boxes left: discards that cost nothing")
    may_add_pieces: bool
    claims: list[Hint] = Field(description="the best claims now, by net points")
    add: dict[str, list[Hint]] = Field(description="per kind (red, yellow, blue, green, wild): the best new claims one more such piece opens; empty when no piece may be added")
    roll: RollWorth | None = Field(description="a die's worth, per face; null when no piece may be added")


@bp.post("/wordsmith/hints")
@operation(body=HintsRequest, response=HintsResult, refused_at="pool")
def hints(body: HintsRequest):
    """Suggest the best claims by net points, and what one more piece of each kind (or a die) opens."""
    index = pieces_for(lexicon_named(body.lexicon))
    return answer(rules.hints(index, body.pool, body.query(), discards_used=body.discards_used, crossed_white=body.crossed_white,
                              after_done=body.after_done, may_roll=body.may_roll, limit=body.limit).to_dict())


# --- judge ----------------------------------------------------------------------------


class JudgeRequest(Boxes):
    word: Word
    pool: PoolInput
    previous_word: Annotated[str, Limit("MAX_WORD_LENGTH")] = Field("", description="the player's previous word this challenge")
    claimed: Claimed = []
    required_letter: Letter = ""
    words_written: int = Field(0, ge=0, le=rules.WORDS_PER_CHALLENGE, description="words already on the player's sheet this challenge")
    after_done: bool = Field(False, description="someone shouted Done!: this is the one more word, and no pieces may be added")
    challenge_over: bool = Field(False, description="the challenge is over: every claim is refused")
    lexicon: Lexicon = None


class Objection(Response):
    """One reason a claim is refused; some codes carry details."""

    code: str = Field(description="sheet_full, challenge_over, invalid_characters, not_a_word, already_claimed, no_new_letter, "
                                  "missing_required_letter, not_buildable, must_use_all_pieces or too_many_leftovers")
    message: str = Field(description="the objection as a sentence to read out")
    reason: str | None = Field(None, description="not_a_word: the lexicon's reason")
    tier: str | None = Field(None, description="not_a_word: the smallest lexicon holding the word, if any")
    previous_word: str | None = Field(None, description="no_new_letter")
    letter: str | None = Field(None, description="missing_required_letter")
    missing: dict[str, int] | None = Field(None, description="not_buildable: the pieces the pool lacks")
    leftover: int | None = Field(None, description="must_use_all_pieces, too_many_leftovers: pieces left over")
    boxes_left: int | None = Field(None, description="must_use_all_pieces, too_many_leftovers")


class ClaimVerdict(Response):
    word: str = Field(description="the word as sent")
    normalized: str
    valid: bool = Field(description="whether the claim stands")
    objections: list[Objection] = Field(description="every objection that holds, in the rulebook's order; empty when valid")
    letters: int
    score: int = Field(description="the letters when valid, else 0")
    pieces: PiecesOut | None = Field(description="the pieces the word uses; null when the pool cannot build it")
    leftover: PiecesOut | None = Field(description="the pieces left over; null when the pool cannot build it")
    discards: int = Field(description="discard boxes the leftovers check")
    discards_used: int
    boxes_left: int = Field(description="discard boxes left before this claim")
    discards_after: int
    bonus_lost: int = Field(description="blue (bonus) boxes this claim checks")
    lexicon: LexiconName
    after_done: bool
    may_add_pieces: bool


@bp.post("/wordsmith/judge")
@operation(body=JudgeRequest, response=ClaimVerdict, refused_at="word")
def judge(body: JudgeRequest):
    """Judge a claimed word against the rules and the player's pool: every objection, or its points."""
    return answer(rules.judge_claim(
        body.word, body.pool, lexicon_named(body.lexicon), alphabet=resources().alphabet, previous_word=body.previous_word,
        claimed=body.claimed, required_letter=body.required_letter, discards_used=body.discards_used,
        crossed_white=body.crossed_white, words_written=body.words_written, after_done=body.after_done,
        challenge_over=body.challenge_over,
    ).to_dict())


# --- score ----------------------------------------------------------------------------


class SheetWord(GameRequest):
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
    if isinstance(value, list) and len(value) <= rules.WORDS_PER_CHALLENGE and all(isinstance(v, str) and len(v) <= 2 for v in value):
        return value
    raise ValueError(f"required: give {rules.WORDS_PER_CHALLENGE} letters, one per row, as text ('abcdef') or a list")


class SheetChallenge(GameRequest):
    words: Annotated[
        list[Annotated[Any, either(Word, SheetWord, "a word, or an object {word, row, circles, checked}")]],
        Field(max_length=rules.WORDS_PER_CHALLENGE, description="the words in claim order: text, or an object with the variant's details"),
    ] = []
    discards: int = Field(0, ge=0, le=rules.DISCARD_BOXES, description="discard boxes checked for leftover pieces")
    crossed_white: int = Field(0, ge=0, le=rules.WHITE_BOXES, description="white discard boxes crossed out")
    required: Annotated[
        Any,
        Checked(_required_letters, Annotated[str, Field(max_length=2 * rules.WORDS_PER_CHALLENGE)]
                | Annotated[list[Annotated[str, Field(max_length=2)]], Field(max_length=rules.WORDS_PER_CHALLENGE)] | None),
        Field(description="advanced: the six required letters, one per row"),
    ] = None


class Sheet(GameRequest):
    player: str = Field(min_length=1, max_length=MAX_PLAYER_NAME)
    challenges: list[SheetChallenge] = Field([], max_length=rules.CHALLENGES)


def _variant(value: Any) -> str:
    return "+".join(rules.parse_variant(value))


class SheetScoreRequest(GameRequest):
    sheets: list[Sheet] = Field(min_length=1, max_length=MAX_SHEETS, description="one score sheet per player")
    variant: Annotated[str, Checked(_variant, Annotated[str, Field(max_length=60)]),
                       Field(description="standard, secret, advanced or word_by_word; combine with + (secret+advanced)")] = "standard"
    lexicon: Lexicon = None


class ScoredWord(Response):
    word: str
    normalized: str
    letters: int
    points: int = Field(description="the letters, or 0 with the objections")
    valid: bool
    objections: list[Objection]
    row: int | None = Field(description="advanced: the row it counts in")
    required_letter: str | None
    circles: int
    checked: int


class ScoredChallenge(Response):
    number: int
    words: list[ScoredWord]
    letters: int = Field(description="the words' points")
    discards: int
    circle_discards: int = Field(description="word by word: boxes checked for unchecked circles")
    boxes_checked: int
    crossed_white: int
    boxes: int
    free_discards: int
    blue_checked: int
    bonus: int = Field(description="one point per blue box left unchecked")
    total: int = Field(description="letters + bonus")
    required: str | None


class ScoredSheet(Response):
    player: str
    challenges: list[ScoredChallenge]
    total: int


class ScoreResult(Response):
    variant: str
    sheets: list[ScoredSheet]
    winners: list[str] = Field(description="the players with the highest total (several share a tie)")
    high_score: int | None


@bp.post("/wordsmith/score")
@operation(body=SheetScoreRequest, response=ScoreResult, refused_at="sheets")
def score(body: SheetScoreRequest):
    """Score the sheets of one game under a variant, and name the winner(s)."""
    sheets = body.model_dump(exclude_unset=True)["sheets"]  # plain dicts, as the rules read them
    return answer(rules.score_sheets(sheets, body.variant, lexicon_named(body.lexicon)).to_dict())
