"""Request fields and helpers the game resources share (wordsmith, racks, booksmack, colorsmash).

Two ways a game request is refused, both as the one 422 problem shape:

* by its model, before any work: `Checked(function, documented)` validates a
  field with a library function (`parse_pool`, ...), the function's
  ValueError message becoming the field's `detail`, while the OpenAPI
  document shows `documented`;
* by the engine while it works (a rule only the game knows, like an
  impossible Color Smash event): it raises `solver.errors.Refused` with the
  path of the bad value, and app/errors.py answers the 422 at that path.

Answers leave through `answer(payload)`: the same JSON Flask would write,
serialized by pydantic-core (Rust) instead of the json module. The one
exception is the solve page, the biggest answer (17 KB for 100 words): its
view writes the JSON itself with `answer_json(text)`, one tail per distinct
cost (`wordsmith.solve_json`; a test checks it equals `to_dict()`).

Game request models subclass `GameRequest`: unknown fields refused, and
strict types, so `true` is not a count and `1` is not a yes (JSON has both).
Limits the config does not hold are constants here, each with its reason.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Callable

from flask import Response as HttpResponse
from flask import current_app
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError, core_schema, to_json

from solver.normalize import fold
from solver.pieces import Pool, parse_pool
from solver.search import Query

from .models import Limit, Request, Response, ResultLimit, Word, limit_of

__all__ = [
    "MAX_CLAIMED", "MAX_OFFSET", "MAX_POOL_TEXT", "Checked", "Claimed", "Filters", "Fragment", "GameRequest", "Length", "Letter",
    "Offset", "Page", "PieceCounts", "PiecesOut", "PoolInput", "answer", "either", "read_letter", "read_pool",
]

# A page may start this deep: past it nobody is reading, and building the
# skipped words costs about 0.3 s for a 60-piece pool (measured).
MAX_OFFSET = 100_000
# Words claimed in one challenge: six lines per sheet and up to eight players
# is 48; 50 also matches MAX_WORDS_PER_CHECK.
MAX_CLAIMED = 50
# Pool text: 60 pieces written one by one with separators ("R1 Y1 ...") is
# 180 characters; 240 leaves room for spaces and commas.
MAX_POOL_TEXT = 240


class GameRequest(Request):
    """Base of the game request models: unknown fields refused, no type coercion."""

    model_config = ConfigDict(extra="forbid", strict=True)


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

        return core_schema.no_info_plain_validator_function(run, json_schema_input_schema=handler.generate_schema(self.documented))


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
            raise ValueError("; ".join(_say(item) for item in error.errors(include_url=False))) from None
        raise ValueError(f"give {what}")

    return Checked(read, text | model)


def _say(item: dict) -> str:
    where = ".".join(str(part) for part in item["loc"])
    message = "unknown field: remove it" if item["type"] == "extra_forbidden" else item["msg"]
    return f"{where}: {message}" if where else message


def answer(payload: dict) -> HttpResponse:
    """Return `payload` as the JSON response (what returning the dict would give, a few times quicker)."""
    return current_app.response_class(to_json(payload) + b"\n", mimetype="application/json")


def answer_json(text: str) -> HttpResponse:
    """Return JSON already written (by a view's own writer) as the response, ending in a newline like `answer`."""
    return current_app.response_class(text + "\n", mimetype="application/json")


# --- letter pieces ------------------------------------------------------------------


Count = Annotated[int, Field(ge=0), Limit("MAX_POOL_PIECES")]


class PieceCounts(GameRequest):
    """A pool as counts of each piece kind; a kind left out counts 0."""

    red: Count = 0
    yellow: Count = 0
    blue: Count = 0
    green: Count = 0
    wild: Annotated[Count, Field(description="unspent wilds (a die's star face: any kind)")] = 0


class PiecesOut(Response):
    """Counts of each piece kind, wilds apart."""

    red: int
    yellow: int
    blue: int
    green: int
    wild: int


def read_pool(value: Any) -> Pool:
    """Return the pool a JSON value gives (text or counts), refusing one over MAX_POOL_PIECES."""
    if isinstance(value, str) and len(value) > MAX_POOL_TEXT:
        raise ValueError(f"pool: at most {MAX_POOL_TEXT} characters of text, not {len(value)}: write counts, like 'R3 Y2 B1 G2'")
    if isinstance(value, dict):  # JSON may write a count as 3.0
        value = {kind: int(n) if isinstance(n, float) and n.is_integer() else n for kind, n in value.items()}
    if not isinstance(value, (str, dict)):
        raise ValueError("pool: give text like 'R3 Y2 B1 G2' or an object of counts like {\"red\": 3}")
    pool = parse_pool(value)
    limit = limit_of("MAX_POOL_PIECES")
    if pool.size > limit:
        raise ValueError(f"pool: {pool.size} pieces is more than the limit of {limit}")
    return pool


PoolInput = Annotated[
    Pool,
    Checked(read_pool, Annotated[str, Field(min_length=1, max_length=MAX_POOL_TEXT)] | PieceCounts),
    Field(description="the pieces: text like `R3 Y2 B1 G2 W1` (or `rrryybgg`), or counts `{\"red\": 3, ...}`"),
]


# --- word filters -------------------------------------------------------------------


def read_letter(value: Any) -> str:
    """Return a single letter a-z (diacritics folded) or "" for none."""
    letter = fold(value).strip() if isinstance(value, str) else None
    if letter is None or len(letter) > 1 or (letter and not "a" <= letter <= "z"):
        raise ValueError(f"required_letter: give a single letter a-z, or leave it out (got {value!r})")
    return letter


Fragment = Annotated[str, Field(description="letters (folded like words); empty: no constraint"), Limit("MAX_WORD_LENGTH")]
Letter = Annotated[str, Checked(read_letter, Annotated[str, Field(max_length=2)]), Field(description="a letter every word must hold (Advanced Game); empty: none")]
Claimed = Annotated[list[Word], Field(max_length=MAX_CLAIMED, description="words already claimed this challenge (by anyone): left out")]
Offset = Annotated[int, Field(ge=0, le=MAX_OFFSET, description="results to skip first (paging)")]
Length = Annotated[int, Field(ge=1, le=99)]


class Filters(GameRequest):
    """What a found word must meet besides being buildable; each filter left out is no constraint."""

    min_length: Length = Field(1, description="shortest word")
    max_length: Length = Field(99, description="longest word")
    starts_with: Fragment = ""
    ends_with: Fragment = ""
    contains: Fragment = ""
    required_letter: Letter = ""
    previous_word: Annotated[str, Limit("MAX_WORD_LENGTH")] = Field("", description="leave out words with no new letter against it (no GAB after BAG)")
    claimed: Claimed = []
    use_all: bool = Field(False, description="only words that use every piece (every tile)")

    @field_validator("max_length")
    @classmethod
    def _not_below_min_length(cls, value: int, info: ValidationInfo) -> int:
        shortest = info.data.get("min_length")
        if shortest is not None and value < shortest:
            raise PydanticCustomError("too_short", "max_length {value} is below min_length {shortest}: raise it, or lower min_length", {"value": value, "shortest": shortest})
        return value

    def query(self) -> Query:
        """Return the filters as the solver's Query."""
        return Query(self.min_length, self.max_length, self.starts_with, self.ends_with, self.contains,
                     self.required_letter, self.previous_word, tuple(self.claimed), self.use_all)


class Page(GameRequest):
    """Which page of results to return."""

    limit: ResultLimit = 100
    offset: Offset = 0

