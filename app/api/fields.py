"""The fields request and response models share, one vocabulary for every resource.

A request model subclasses `Request` (unknown fields refused, strict types) and
types its fields with the aliases below (in a new alias, put `Field(...)`
before `Limit`), so the limits are the same everywhere and appear in the
OpenAPI document:

    class CheckWords(Request):
        words: Words
        lexicon: Lexicon = None

A response schema subclasses `Out` and is named for output (`VerdictOut`):
it only describes what the view returns; `@operation` hands the view's dict
to the app's JSON provider (app/json_provider.py).

`Limit("MAX_WORD_LENGTH")` bounds a string's length (as sent, like the
document's maxLength), a list's size or a number by a setting read from the
running app's config (the defaults outside one), both when validating and
when the OpenAPI document is written. Sizes are checked before the items are
validated, so an oversized list costs nothing.

`Checked(function, documented)` validates a field with a library function
(`parse_pool`, ...), the function's ValueError message becoming the field's
`detail`, while the OpenAPI document shows `documented`. Input the engine
refuses while it works (a rule only the game knows, like an impossible Color
Smash event) raises `solver.errors.Refused` with the path of the bad value,
and app/errors.py answers the 422 at that path.

Limits the config does not hold are constants here, each with its reason.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Literal, get_origin

from flask import current_app, has_app_context
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError, core_schema

from solver import pieces, text
from solver.errors import spelled
from solver.lexicon import CATEGORY_SENTENCES, OBSCURE_BELOW, SIZES
from solver.search import SORTS, Query
from solver.sentences import say, sentences

from ..settings import DEFAULTS

__all__ = [
    "AS_SENT",
    "MAX_CLAIMED",
    "MAX_HINTS",
    "MAX_OFFSET",
    "MAX_POOL_TEXT",
    "Checked",
    "Claimed",
    "Familiarity",
    "Filters",
    "Fragment",
    "HintLimit",
    "Length",
    "Letter",
    "Lexicon",
    "LexiconName",
    "Limit",
    "Offset",
    "Out",
    "Page",
    "PieceCounts",
    "PiecesOut",
    "PoolInput",
    "Rack",
    "Reason",
    "Request",
    "ResultLimit",
    "Sort",
    "Word",
    "Words",
    "either",
    "limit_of",
    "read_letter",
    "read_pool",
]


class Request(BaseModel):
    """Base of every request model (body, or path and query parameters): unknown fields refused, no type coercion.

    Strict, so `true` is not a count and `1` is not a yes (JSON has both).
    """

    model_config = ConfigDict(extra="forbid", strict=True)


class Out(BaseModel):
    """Base of every response schema: it only describes the JSON a view answers (views return dicts).

    Every field an answer carries is documented: tests/test_openapi.py fails on one that is not.
    """


def limit_of(setting: str) -> int:
    """Return the value of a limit setting in the running app, or its default."""
    if has_app_context():
        return current_app.config[setting]
    return DEFAULTS[setting]


@dataclass(frozen=True)
class Limit:
    """Annotation: at most `limit_of(setting)` characters, items, or (for a number) its value."""

    setting: str

    def __get_pydantic_core_schema__(self, source: Any, handler) -> core_schema.CoreSchema:
        inner = handler(source)
        if (get_origin(source) or source) in (int, float):
            return core_schema.no_info_after_validator_function(self._check_number, inner)
        return core_schema.no_info_before_validator_function(self._check_size, inner)

    def _check_size(self, value: Any) -> Any:
        limit = limit_of(self.setting)
        # A string is counted as sent, code point by code point, exactly as the OpenAPI document's
        # maxLength says (a client generated from it must not be refused, nor a longer string taken).
        # The limit leaves room: the longest word is 45 letters, padding and accents included.
        if isinstance(value, str) and len(value) > limit:
            raise PydanticCustomError("too_long", sentences()["field.too_long"], {"limit": limit, "actual": len(value)})
        if isinstance(value, (list, tuple, dict)) and len(value) > limit:
            raise PydanticCustomError(
                "too_long",
                "at most {limit} items, not {actual}: send fewer, or split the request",
                {"limit": limit, "actual": len(value)},
            )
        return value

    def _check_number(self, value: Any) -> Any:
        limit = limit_of(self.setting)
        if value > limit:
            raise PydanticCustomError("less_than_equal", "at most {limit}: ask for fewer", {"limit": limit})
        return value

    def __get_pydantic_json_schema__(self, schema: core_schema.CoreSchema, handler) -> dict:
        json_schema = handler(schema)
        kind = json_schema.get("type")
        key = {"string": "maxLength", "array": "maxItems", "object": "maxProperties"}.get(kind, "maximum")
        json_schema[key] = limit_of(self.setting)
        return json_schema


LexiconName = Annotated[Literal[SIZES], Field(description="a lexicon size: " + ", ".join(SIZES))]
Reason = Literal[tuple(CATEGORY_SENTENCES)]
Word = Annotated[str, Field(min_length=1, description="a word, as typed (it is normalized)"), Limit("MAX_WORD_LENGTH")]
Words = Annotated[
    list[Word], Field(min_length=1, description="the words, judged in order"), Limit("MAX_WORDS_PER_CHECK")
]
Rack = Annotated[str, Field(min_length=1, description="letters a-z, `?` for a blank"), Limit("MAX_RACK_LETTERS")]
ResultLimit = Annotated[int, Field(ge=1, description="the most results to return"), Limit("MAX_RESULT_LIMIT")]
Lexicon = Annotated[LexiconName | None, Field(description="lexicon size (default: the service's default lexicon)")]


# A page may start this deep: past it nobody is reading, and a big pool's
# skipped words still cost work, more the deeper the page (bench/worst_case.py
# measures it).
MAX_OFFSET = 100_000
# Words claimed in one challenge: six lines per sheet and up to eight players
# is 48; 50 also matches MAX_WORDS_PER_CHECK.
MAX_CLAIMED = 50
# Claims per list in one hints answer. An answer carries six lists (the claims
# now, and the new claims of each kind of piece that may be added) and the
# roll, so lists as long as a solve page made an answer six solve pages to
# write (bench/worst_case.py measures it); 100 a list keeps the biggest hints
# answer under the biggest solve page, and a table reads the first few, and
# solve pages through the rest.
MAX_HINTS = 100
# Pool text: 60 pieces written one by one with separators ("R1 Y1 ...") is
# 180 characters; 240 leaves room for spaces and commas.
MAX_POOL_TEXT = 240


@dataclass(frozen=True)
class Checked:
    """Annotation: validate the raw JSON value with `function`, documented in the schema as `documented`.

    The function's ValueError becomes the field's one error, its message the
    detail (so the library's own wording, naming the bad part, reaches the
    client); what it returns is the field's value.
    """

    function: Callable[[Any], Any]
    documented: Any

    def __get_pydantic_core_schema__(self, source: Any, handler) -> core_schema.CoreSchema:
        function = self.function

        def run(value: Any) -> Any:
            try:
                return function(value)
            except ValueError as error:
                raise PydanticCustomError("invalid", "{detail}", {"detail": str(error)}) from None

        return core_schema.no_info_plain_validator_function(
            run, json_schema_input_schema=handler.generate_schema(self.documented)
        )


# The sub-field errors `either` says at most in its one error: an object of many wrong keys is not echoed back whole.
SAID_AT_MOST = 3


def either(text: Any, model: type[BaseModel], what: str) -> Checked:
    """Checked: a JSON string validated as `text`, or an object validated as `model` (returned as a dict).

    One error at the field itself, naming the sub-field when the object is
    wrong, instead of pydantic's one error per union member.
    """
    text_adapter = TypeAdapter(text)

    def read(value: Any) -> Any:
        try:
            if isinstance(value, str):
                return text_adapter.validate_python(value)
            if isinstance(value, dict):
                return model.model_validate(value).model_dump(exclude_unset=True)
        except ValidationError as error:
            items = error.errors(include_url=False)
            said = [_say(item) for item in items[:SAID_AT_MOST]]
            if len(items) > SAID_AT_MOST:
                said.append(f"and {len(items) - SAID_AT_MOST} more")
            raise ValueError("; ".join(said)) from None
        raise ValueError(f"give {what}")

    return Checked(read, text | model)


def _say(item: dict) -> str:
    where = ".".join(str(part) for part in item["loc"])
    message = "unknown field: remove it" if item["type"] == "extra_forbidden" else item["msg"]
    return f"{where}: {message}" if where else message


# --- letter pieces ------------------------------------------------------------------


Count = Annotated[int, Field(ge=0), Limit("MAX_POOL_PIECES")]


class PieceCounts(Request):
    """A pool as counts of each piece kind; a kind left out counts 0."""

    red: Count = 0
    yellow: Count = 0
    blue: Count = 0
    green: Count = 0
    wild: Annotated[Count, Field(description="unspent wilds (a die's star face: any kind)")] = 0


class PiecesOut(Out):
    """Counts of each piece kind, wilds apart."""

    red: int
    yellow: int
    blue: int
    green: int
    wild: int


def read_pool(value: Any) -> pieces.Pool:
    """Return the pool a JSON value gives (text or counts), refusing one over MAX_POOL_PIECES."""
    if isinstance(value, str) and len(value) > MAX_POOL_TEXT:
        raise ValueError(
            f"pool: at most {MAX_POOL_TEXT} characters of text, not {len(value)}: write counts, like 'R3 Y2 B1 G2'"
        )
    if isinstance(value, dict):  # JSON may write a count as 3.0
        value = {kind: int(n) if isinstance(n, float) and n.is_integer() else n for kind, n in value.items()}
    if not isinstance(value, (str, dict)):
        raise ValueError("pool: give text like 'R3 Y2 B1 G2' or an object of counts like {\"red\": 3}")
    pool = pieces.parse_pool(value)
    limit = limit_of("MAX_POOL_PIECES")
    if pool.size > limit:
        raise ValueError(say("pool.over_limit", size=pool.size, most=limit))
    return pool


PoolInput = Annotated[
    pieces.Pool,
    Checked(read_pool, Annotated[str, Field(min_length=1, max_length=MAX_POOL_TEXT)] | PieceCounts),
    Field(description='the pieces: text like `R3 Y2 B1 G2 W1` (or `rrryybgg`), or counts `{"red": 3, ...}`'),
]


# --- word filters -------------------------------------------------------------------


def read_letter(value: Any) -> str:
    """Return a single letter a-z (diacritics folded) or "" for none, as the engine reads it (solver/text.py); a
    JSON null is no letter given but a value, refused in the engine's words."""
    if value is None:
        raise ValueError(say("sheet.required_letter", given=spelled(value)))
    return text.read_letter(value)


Fragment = Annotated[
    str, Field(description="letters (folded like words); empty: no constraint"), Limit("MAX_WORD_LENGTH")
]
Letter = Annotated[
    str,
    Checked(read_letter, Annotated[str, Field(max_length=2)]),
    Field(description=f"{say('describe.required_letter')}; empty: none"),
]
Claimed = Annotated[
    list[Word], Field(max_length=MAX_CLAIMED, description="words already claimed this challenge (by anyone): left out")
]
# What a verdict's `word` is: the input, before it is folded.
AS_SENT = "the word as sent"
HintLimit = Annotated[int, Field(ge=1, le=MAX_HINTS, description=say("describe.hint_limit"))]
Offset = Annotated[int, Field(ge=0, le=MAX_OFFSET, description="results to skip first (paging)")]
Sort = Annotated[
    Literal[SORTS],
    Field(
        description="the order of the words (the same words in each): `score`, best score first and the more familiar "
        "word first among equals; `alphabetical`, A to Z; `familiar`, most familiar first"
    ),
]
Familiarity = Annotated[
    float,
    Field(
        description="how common the word is in current English: its Zipf frequency (log10 of its uses per billion "
        f"words; 0 for a word the frequency lists have never seen). Below {OBSCURE_BELOW} most players will not know it"
    ),
]
Length = Annotated[int, Field(ge=1, le=99)]


class Filters(Request):
    """What a found word must meet besides being buildable; each filter left out is no constraint."""

    min_length: Length = Field(1, description="shortest word")
    max_length: Length = Field(99, description="longest word")
    starts_with: Fragment = ""
    ends_with: Fragment = ""
    contains: Fragment = ""
    required_letter: Letter = ""
    previous_word: Annotated[str, Limit("MAX_WORD_LENGTH")] = Field(
        "", description="leave out words with no new letter against it (no GAB after BAG)"
    )
    claimed: Claimed = []
    use_all: bool = Field(False, description=f"{say('describe.use_all')} (every tile)")

    @field_validator("max_length")
    @classmethod
    def _not_below_min_length(cls, value: int, info: ValidationInfo) -> int:
        shortest = info.data.get("min_length")
        if shortest is not None and value < shortest:
            raise PydanticCustomError(
                "too_short",
                "max_length {value} is below min_length {shortest}: raise it, or lower min_length",
                {"value": value, "shortest": shortest},
            )
        return value

    def query(self) -> Query:
        """Return the filters as the solver's Query."""
        return Query(
            self.min_length,
            self.max_length,
            self.starts_with,
            self.ends_with,
            self.contains,
            self.required_letter,
            self.previous_word,
            tuple(self.claimed),
            self.use_all,
        )


class Page(Request):
    """Which page of results to return."""

    limit: ResultLimit = 100
    offset: Offset = 0
